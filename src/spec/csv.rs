//! A small CSV reader for `data:` files. Our own rather than a crate's because every message must
//! name the line and column of the cell at fault, and because spreadsheets write more than one
//! kind of CSV: a byte-order mark, `;` or tab between cells (Excel in much of Europe), CRLF or
//! CR line ends. Otherwise it is RFC 4180: a cell in double quotes may hold separators, line
//! breaks and `""` for a quote.

/// One cell and where it starts (1-based line and column, in characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    pub text: String,
    pub line: usize,
    pub col: usize,
}

/// A problem at a place in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

/// The cells of a file, row by row, from its text. Blank lines are skipped.
pub struct Rows<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    sep: char,
    line: usize,
    col: usize,
    done: bool,
}

impl<'a> Rows<'a> {
    /// Rows of `text`, with the separator the first line uses most (`,` when it has none), or
    /// the one a first line `sep=;` names (as Excel writes it), that line skipped.
    pub fn new(text: &'a str) -> Self {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let named = text.strip_prefix("sep=").and_then(|rest| {
            let mut chars = rest.chars();
            let sep = chars.next().filter(|c| !matches!(c, '\n' | '\r'))?;
            let after = chars.as_str();
            let body = after
                .strip_prefix("\r\n")
                .or_else(|| after.strip_prefix('\n'))
                .or_else(|| after.strip_prefix('\r'))
                .or(after.is_empty().then_some(after))?;
            Some((sep, body))
        });
        let (sep, body, line) = match named {
            Some((sep, body)) => (sep, body, 2),
            None => (separator(text), text, 1),
        };
        Rows {
            sep,
            chars: body.chars().peekable(),
            line,
            col: 1,
            done: false,
        }
    }

    pub fn separator(&self) -> char {
        self.sep
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        match c {
            '\n' => self.newline(),
            // A lone CR (old Mac) ends a line; CRLF counts once, at its LF.
            '\r' if self.chars.peek() != Some(&'\n') => self.newline(),
            '\r' => {}
            _ => self.col += 1,
        }
        Some(c)
    }

    fn newline(&mut self) {
        self.line += 1;
        self.col = 1;
    }

    /// Reads one cell; returns it and whether the row goes on after it.
    fn cell(&mut self) -> Result<(Cell, bool), CsvError> {
        // Spaces before a quote are padding (`a, "b, c"`).
        while self.chars.peek() == Some(&' ') && self.sep != ' ' {
            self.bump();
        }
        let (line, col) = (self.line, self.col);
        let mut text = String::new();
        if self.chars.peek() == Some(&'"') {
            self.bump();
            loop {
                match self.bump() {
                    None => {
                        return Err(CsvError {
                            line,
                            col,
                            message: "this quoted cell is never closed: a `\"` is missing".into(),
                        });
                    }
                    Some('"') if self.chars.peek() == Some(&'"') => {
                        self.bump();
                        text.push('"');
                    }
                    Some('"') => break,
                    // Line ends inside a cell read as `\n` whatever the file uses.
                    Some('\r') if self.chars.peek() == Some(&'\n') => {}
                    Some('\r') => text.push('\n'),
                    Some(c) => text.push(c),
                }
            }
            while self.chars.peek() == Some(&' ') && self.sep != ' ' {
                self.bump();
            }
            return match self.bump() {
                None | Some('\n' | '\r') => Ok((Cell { text, line, col }, false)),
                Some(c) if c == self.sep => Ok((Cell { text, line, col }, true)),
                Some(c) => Err(CsvError {
                    line: self.line,
                    col: self.col - 1,
                    message: format!(
                        "`{c}` after a quoted cell: expected the separator or the end of the \
                         line (a quote inside a quoted cell is written `\"\"`)"
                    ),
                }),
            };
        }
        loop {
            match self.bump() {
                None | Some('\n' | '\r') => break Ok((cell(text, line, col), false)),
                Some(c) if c == self.sep => break Ok((cell(text, line, col), true)),
                Some(c) => text.push(c),
            }
        }
    }
}

/// An unquoted cell, without the spaces around it.
fn cell(text: String, line: usize, col: usize) -> Cell {
    let trimmed = text.trim_end();
    Cell {
        text: trimmed.to_string(),
        line,
        col,
    }
}

impl Iterator for Rows<'_> {
    type Item = Result<Vec<Cell>, CsvError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        // Blank lines hold no row.
        while matches!(self.chars.peek(), Some('\n' | '\r')) {
            self.bump();
        }
        self.chars.peek()?;
        let mut cells = Vec::new();
        loop {
            match self.cell() {
                Ok((c, more)) => {
                    cells.push(c);
                    if !more {
                        return Some(Ok(cells));
                    }
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
    }
}

/// The separator the first line uses most, outside quotes: `,`, `;` or a tab.
fn separator(text: &str) -> char {
    let mut counts = [(',', 0usize), (';', 0), ('\t', 0)];
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => quoted = !quoted,
            '\n' | '\r' if !quoted => break,
            _ if !quoted => {
                if let Some(n) = counts.iter_mut().find(|(s, _)| *s == c) {
                    n.1 += 1;
                }
            }
            _ => {}
        }
    }
    // The first of the most used: a comma wins ties.
    counts
        .iter()
        .rev()
        .max_by_key(|(_, n)| *n)
        .filter(|(_, n)| *n > 0)
        .map_or(',', |(s, _)| *s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &str) -> Vec<Vec<String>> {
        Rows::new(text)
            .map(|r| r.unwrap().into_iter().map(|c| c.text).collect())
            .collect()
    }

    #[test]
    fn plain_quoted_and_padded_cells() {
        assert_eq!(
            rows("id,title\r\na, Card \"A\"\n\nb,\"One, two\"\"\"\n"),
            [["id", "title"], ["a", "Card \"A\""], ["b", "One, two\""]]
        );
    }

    #[test]
    fn the_separator_is_the_one_the_header_uses() {
        assert_eq!(Rows::new("a;b,c;d\n").separator(), ';');
        assert_eq!(Rows::new("a\tb\n").separator(), '\t');
        assert_eq!(Rows::new("\"x;y\",b\n").separator(), ',');
        assert_eq!(Rows::new("title\n").separator(), ',');
        assert_eq!(rows("\u{feff}a;b\n1;2"), [["a", "b"], ["1", "2"]]);
        // Excel's first line naming the separator.
        let named = Rows::new("sep=;\r\na,b;c\n");
        assert_eq!(named.separator(), ';');
        let cells: Vec<Vec<Cell>> = named.map(Result::unwrap).collect();
        assert_eq!((cells[0][0].text.as_str(), cells[0][0].line), ("a,b", 2));
    }

    #[test]
    fn a_quoted_cell_may_span_lines_and_cells_know_where_they_start() {
        let all: Vec<Vec<Cell>> = Rows::new("id,text\nx,\"two\r\nlines\"\ny,é\n")
            .map(Result::unwrap)
            .collect();
        assert_eq!(all[1][1].text, "two\nlines");
        assert_eq!((all[1][1].line, all[1][1].col), (2, 3));
        assert_eq!((all[2][0].line, all[2][1].col), (4, 3));
        let cr: Vec<Vec<String>> = rows("a\r\"x\ry\"\r");
        assert_eq!(cr[1][0], "x\ny");
        // Old-Mac line ends count as lines too.
        let mac: Vec<Vec<Cell>> = Rows::new("a\rb\r").map(Result::unwrap).collect();
        assert_eq!((mac[1][0].text.as_str(), mac[1][0].line), ("b", 2));
    }

    #[test]
    fn broken_quotes_are_located() {
        let e = Rows::new("a,b\n1,\"open\n2,3\n")
            .find_map(Result::err)
            .unwrap();
        assert_eq!((e.line, e.col), (2, 3));
        assert!(e.message.contains("never closed"), "{}", e.message);
        let e = Rows::new("a,b\n1,\"x\"y\n").find_map(Result::err).unwrap();
        assert_eq!((e.line, e.col), (2, 6));
        assert!(
            e.message.contains("`y` after a quoted cell"),
            "{}",
            e.message
        );
    }
}
