//! Plain words for YAML's indentation mistakes. A key indented one space too few or too many, a
//! tab, or a block left empty draws messages from the YAML parser such as "did not find expected
//! '-' indicator", or a type error far from the cause. Given the line an error points at and the
//! parser's message, these checks look at the lines around it and, when indentation explains
//! the error, say what is wrong and where.
//!
//! Each check fires only on the kind of error its mistake causes (a syntax error, a value that
//! swallowed the next line, a missing field), and only lines that hold keys or list items are
//! weighed: text in `|` blocks and the inside of `{…}` or `[…]` spanning lines are left alone.

/// What was found: the line (1-based) and column to point at, and what to say.
#[derive(Debug, Clone, PartialEq)]
pub struct Hint {
    pub line: usize,
    pub col: usize,
    pub text: String,
    /// The hint explains the parser's value (a swallowed line): a "did you mean" is then wrong.
    pub value_was_merged: bool,
}

/// A hint for the error `message` reported at `line` (1-based) of `source`, if its indentation
/// explains it.
pub fn hint(source: &str, line: usize, message: &str) -> Option<Hint> {
    let doc = Doc::new(source);
    let at = line.checked_sub(1).filter(|&i| i < doc.lines.len())?;
    // A tab or a pasted non-breaking space explains whatever the parser made of the line.
    if let Some(h) = doc.bad_space(at) {
        return Some(h);
    }
    if let Some(field) = missing_field(message) {
        return doc.misplaced_key(at, field);
    }
    if is_syntax_error(message) {
        return doc
            .first_child_differs(at)
            .or_else(|| doc.misaligned_here_or_above(at))
            .or_else(|| doc.swallowed(at));
    }
    if message.contains("expected a mapping") || message.contains("expected a list") {
        return doc.empty_block(at);
    }
    doc.continued_value(at, message)
}

/// Where the mapping that line `line` (1-based) is a key of begins, as (line, column), 1-based:
/// its parent's key (`game:`) or its list item's first key (`- id: c`). serde reports a missing
/// field at the mapping's last key, which is not where the field belongs.
pub fn mapping_start(source: &str, line: usize) -> Option<(usize, usize)> {
    let doc = Doc::new(source);
    let at = line.checked_sub(1).filter(|&i| i < doc.lines.len())?;
    let col = key_column(doc.lines[at]);
    for j in (0..=at).rev().filter(|&j| doc.structural[j]) {
        let l = doc.lines[j];
        if is_dash(l) && key_column(l) == col {
            return Some((j + 1, col + 1));
        }
        if indent(l) < col {
            return Some((j + 1, key_column(l) + 1));
        }
    }
    None
}

/// Lines after a mapping's start searched for the key serde says it lacks.
const MISSING_FIELD_SCAN: usize = 200;

/// The parser's syntax errors, as opposed to serde's errors about a value or a field.
fn is_syntax_error(message: &str) -> bool {
    const SYNTAX: [&str; 6] = [
        "while parsing",
        "while scanning",
        "mapping values are not allowed",
        "did not find expected",
        "simple key expected",
        "tabs disallowed",
    ];
    SYNTAX.iter().any(|s| message.contains(s))
}

/// `k` in serde's "missing field `k`".
fn missing_field(message: &str) -> Option<&str> {
    let rest = &message[message.find("missing field `")? + "missing field `".len()..];
    rest.split('`').next()
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// The key a line starts with (`size` in `size: 63x88mm`, `id` in `- id: a`), if it has one.
fn key(line: &str) -> Option<&str> {
    let t = line.trim_start().trim_start_matches("- ").trim_start();
    let (k, _) = t.split_once(':')?;
    (!k.is_empty() && !k.contains(['{', '[', '"', '\'', ' '])).then_some(k)
}

/// The column (0-based) where a line's key starts: after its indentation and any `- `.
fn key_column(line: &str) -> usize {
    let t = line.trim_start_matches(' ');
    match t.strip_prefix("- ") {
        Some(rest) => indent(line) + 2 + (rest.len() - rest.trim_start().len()),
        None => indent(line),
    }
}

fn is_dash(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("- ") || t == "-"
}

/// A line whose value is the block of lines under it: `key:` or a bare `-`. (A `|` text block's
/// lines are text, not structure: see `Doc::new`.)
fn opens_block(line: &str) -> bool {
    let t = line.trim();
    t.ends_with(':') || t == "-"
}

/// The file's lines, and which of them hold a key or a list item (`structural`): not blank, not
/// a comment, not text inside a `|` block or a multi-line plain value, not inside `{…}`/`[…]`.
struct Doc<'a> {
    lines: Vec<&'a str>,
    structural: Vec<bool>,
}

impl<'a> Doc<'a> {
    fn new(source: &'a str) -> Self {
        let lines: Vec<&str> = source.lines().collect();
        let mut structural = vec![false; lines.len()];
        let mut text: Option<Text> = None;
        let mut depth = 0i32;
        for (i, line) in lines.iter().enumerate() {
            let t = line.trim_start();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            if depth > 0 {
                depth += brackets(line);
                continue;
            }
            let ind = indent(line);
            match text {
                Some(Text::Plain(col)) if ind > col => continue,
                // A text block's first line sets its indentation; a line less deep ends it.
                Some(Text::Block(col, None)) if ind > col => {
                    text = Some(Text::Block(col, Some(ind)));
                    continue;
                }
                Some(Text::Block(_, Some(block))) if ind >= block => continue,
                _ => text = None,
            }
            structural[i] = true;
            let value = value_of(line);
            if value.starts_with(['|', '>']) {
                text = Some(Text::Block(key_column(line), None));
            } else if !value.is_empty() && !value.starts_with(['{', '[', '"', '\'', '&', '*', '#'])
            {
                // A plain value: deeper lines would continue it.
                text = Some(Text::Plain(key_column(line)));
            }
            depth = brackets(line).max(0);
        }
        Doc { lines, structural }
    }

    fn previous(&self, i: usize) -> Option<usize> {
        (0..i).rev().find(|&j| self.structural[j])
    }

    fn next(&self, i: usize) -> Option<usize> {
        (i + 1..self.lines.len()).find(|&j| self.structural[j])
    }

    /// How a line reads in a message: "`size:` on line 5", "the list item on line 9".
    fn named(&self, i: usize) -> String {
        if is_dash(self.lines[i]) {
            return format!("the list item on line {}", i + 1);
        }
        match key(self.lines[i]) {
            Some(k) => format!("`{k}:` on line {}", i + 1),
            None => format!("line {}", i + 1),
        }
    }

    /// A tab or a non-breaking space in the indentation of line `at` or the next line (the
    /// parser often stops at the end of the line before).
    fn bad_space(&self, at: usize) -> Option<Hint> {
        let next = (at + 1..self.lines.len()).find(|&j| !self.lines[j].trim().is_empty());
        // Text in a `|` block may hold tabs: only lines read as keys or items count.
        let lines = [Some(at), next].into_iter().flatten();
        let (i, col, what) = lines.filter(|&i| self.structural[i]).find_map(|i| {
            let lead = self.lines[i].chars().take_while(|c| c.is_whitespace());
            lead.enumerate().find_map(|(n, c)| match c {
                '\t' => Some((i, n + 1, "a tab")),
                '\u{a0}' => Some((
                    i,
                    n + 1,
                    "a non-breaking space (pasted from a word processor?)",
                )),
                _ => None,
            })
        })?;
        Some(Hint {
            line: i + 1,
            col,
            text: format!(
                "line {} is indented with {what}; YAML indents with plain spaces only: replace \
                 it with spaces, lined up with the lines above",
                i + 1
            ),
            value_was_merged: false,
        })
    }

    /// The levels a line after index `at` may stand at: each line it could continue (the
    /// nearest structural line at each smaller indentation, walking up), and after a `- ` the
    /// column of the item's key.
    fn open_levels(&self, at: usize) -> Vec<Level> {
        let mut levels = Vec::new();
        let mut min = usize::MAX;
        for j in (0..at).rev().filter(|&j| self.structural[j]) {
            let line = self.lines[j];
            let ind = indent(line);
            if ind < min {
                let dash = is_dash(line);
                levels.push(Level {
                    at: ind,
                    line: j,
                    dash,
                });
                if dash {
                    levels.push(Level {
                        at: key_column(line),
                        line: j,
                        dash: false,
                    });
                }
                min = ind;
            }
            if ind == 0 {
                break;
            }
        }
        levels
    }

    /// Whether line `i` stands where a line of its sort (key or list item) may: a level opened
    /// above it, or anywhere deeper right under an opener.
    fn fits(&self, i: usize) -> bool {
        let Some(prev) = self.previous(i) else {
            return true;
        };
        let ind = indent(self.lines[i]);
        if opens_block(self.lines[prev]) && ind > indent(self.lines[prev]) {
            return true;
        }
        let dash = is_dash(self.lines[i]);
        // A list may start at its key's own column (`tags:` then `- a`).
        if dash && ind == indent(self.lines[prev]) && self.lines[prev].trim_end().ends_with(':') {
            return true;
        }
        self.open_levels(i)
            .iter()
            .any(|l| l.at == ind && l.dash == dash)
    }

    /// The error's line, or the structural line before it, stands at a level no line above
    /// opened. The first line under a key sets the block's column: when it is the odd one out,
    /// the message names both.
    fn misaligned_here_or_above(&self, at: usize) -> Option<Hint> {
        let at = if self.structural[at] {
            at
        } else {
            self.previous(at)?
        };
        if !self.fits(at) {
            if let Some(h) = self.first_child_differs(at) {
                return Some(h);
            }
            return self.misaligned(at);
        }
        let prev = self.previous(at)?;
        (!self.fits(prev)).then(|| self.misaligned(prev)).flatten()
    }

    /// Line `at` is the second line of a block whose first line (right under its opener) is
    /// indented differently, and deeper than the opener: which of the two is off is a guess, so
    /// both are named.
    fn first_child_differs(&self, at: usize) -> Option<Hint> {
        let first = self.previous(at)?;
        let opener = self.previous(first)?;
        let (a, f, o) = (
            indent(self.lines[at]),
            indent(self.lines[first]),
            indent(self.lines[opener]),
        );
        let first_child = opens_block(self.lines[opener]) && f > o;
        // A line deeper than a first line that opens a block is that block's child.
        let its_child = opens_block(self.lines[first]) && a > f;
        (first_child
            && !its_child
            && a > o
            && a != f
            && is_dash(self.lines[at]) == is_dash(self.lines[first]))
        .then(|| Hint {
            line: first + 1,
            col: f + 1,
            text: format!(
                "the lines under {} are not lined up: {} is indented {f} spaces and {} {a}; \
                 YAML reads nesting from indentation, so give them the same indentation",
                self.named(opener),
                self.named(first),
                self.named(at)
            ),
            value_was_merged: false,
        })
    }

    /// Line `at` stands at no open level: names the nearest level of its sort.
    fn misaligned(&self, at: usize) -> Option<Hint> {
        let ind = indent(self.lines[at]);
        let levels = self.open_levels(at);
        let dash = is_dash(self.lines[at]);
        let nearest = |same: bool| {
            levels
                .iter()
                .filter(|l| !same || l.dash == dash)
                // On a tie, the nearer line above.
                .min_by_key(|l| (l.at.abs_diff(ind), std::cmp::Reverse(l.line)))
        };
        let level = nearest(true).or_else(|| nearest(false))?;
        Some(Hint {
            line: at + 1,
            col: ind + 1,
            text: format!(
                "{} is indented {ind} space{}, but {} is indented {}: YAML reads nesting from \
                 indentation, so line it up exactly with the lines it belongs with",
                self.named(at),
                if ind == 1 { "" } else { "s" },
                match (level.dash, key(self.lines[level.line])) {
                    // The key after a list item's `- `.
                    (false, Some(k)) => format!("`{k}:` on line {}", level.line + 1),
                    _ => self.named(level.line),
                },
                level.at
            ),
            value_was_merged: false,
        })
    }

    /// serde found no `field` in the mapping that starts at `at`: a line with that key that
    /// stands at no open level is the cause.
    fn misplaced_key(&self, at: usize, field: &str) -> Option<Hint> {
        // Near the mapping serde names: a bounded scan keeps an error in a long deck quick.
        let from = at.saturating_sub(1);
        let to = (from + MISSING_FIELD_SCAN).min(self.lines.len());
        let i = (from..to).find(|&j| {
            key(self.lines[j]) == Some(field) && (!self.structural[j] || !self.fits(j))
        })?;
        if self.structural[i] {
            return self.misaligned(i);
        }
        // Read as more of the value above it: that line, or this one, is out.
        self.swallowed(i)
    }

    /// Line `at` is deeper than the key of the plain value above it, which YAML therefore
    /// continues with it. When that key itself stands at no open level, it is the one to mend.
    fn swallowed(&self, at: usize) -> Option<Hint> {
        if self.structural[at] {
            return None;
        }
        let owner = self.previous(at)?;
        let k = key(self.lines[owner])?;
        let value = value_of(self.lines[owner]);
        let plain = !value.is_empty() && !value.starts_with(['|', '>', '{', '[', '"', '\'']);
        if !plain || indent(self.lines[at]) <= key_column(self.lines[owner]) {
            return None;
        }
        if !self.fits(owner) {
            return self.misaligned(owner);
        }
        Some(self.run_on(at, owner, k, false))
    }

    /// Line `at` read as more of the value of `key` on line `owner`.
    fn run_on(&self, at: usize, owner: usize, k: &str, value_was_merged: bool) -> Hint {
        Hint {
            line: at + 1,
            col: indent(self.lines[at]) + 1,
            text: format!(
                "line {} is indented more than `{k}:` on line {}, so YAML reads it as the rest \
                 of `{k}`'s value; if it is a key of its own, line it up with `{k}:`",
                at + 1,
                owner + 1
            ),
            value_was_merged,
        }
    }

    /// `key:` with nothing indented under it, followed by a line at its own indentation.
    fn empty_block(&self, at: usize) -> Option<Hint> {
        let line = self.lines[at].trim_end();
        let k = key(line).filter(|_| line.ends_with(':'))?;
        let n = self.next(at)?;
        let column = key_column(self.lines[at]);
        let list = is_dash(self.lines[n]) && indent(self.lines[n]) == column;
        (indent(self.lines[n]) <= column && !list).then(|| Hint {
            line: at + 1,
            col: column + 1,
            text: format!(
                "nothing is indented under `{k}:`: {} is at the same indentation, so YAML reads \
                 it as a key beside `{k}`, not inside it; indent the lines that belong to `{k}`",
                self.named(n)
            ),
            value_was_merged: false,
        })
    }

    /// `key: value` followed by a deeper line that the parser read as more of the value: the
    /// error quotes the value with that line's first word in it.
    fn continued_value(&self, at: usize, message: &str) -> Option<Hint> {
        let line = self.lines[at];
        let k = key(line)?;
        let n = (at + 1..self.lines.len()).find(|&j| {
            let t = self.lines[j].trim_start();
            !t.is_empty() && !t.starts_with('#')
        })?;
        let deeper = indent(self.lines[n]) > key_column(line);
        let word = self.lines[n].trim_start().split([':', ' ']).next()?;
        let quoted = message
            .split('`')
            .skip(1)
            .step_by(2)
            .any(|q| q.split_whitespace().any(|w| w == word));
        (deeper && !word.is_empty() && quoted).then(|| self.run_on(n, at, k, true))
    }
}

/// Text that lines under a key belong to: a plain value (deeper lines continue it) or a `|`/`>`
/// block (its first line sets how deep its lines are).
#[derive(Clone, Copy)]
enum Text {
    Plain(usize),
    Block(usize, Option<usize>),
}

/// A level a line may be indented to: its column, the line that opened it, and whether a list's
/// `- ` stands there (rather than a key).
struct Level {
    at: usize,
    line: usize,
    dash: bool,
}

/// The part of a `key: value` or `- value` line after its key (or dash), trimmed.
fn value_of(line: &str) -> &str {
    let t = line.trim_start();
    let item = t.strip_prefix("- ");
    match (key(line), item) {
        (Some(_), _) => item
            .unwrap_or(t)
            .split_once(':')
            .map_or("", |(_, v)| v.trim()),
        (None, Some(rest)) => rest.trim(),
        (None, None) => "",
    }
}

/// Open minus closed brackets on a line, outside quotes and comments.
fn brackets(line: &str) -> i32 {
    let mut depth = 0;
    let mut quote: Option<char> = None;
    let mut prev = ' ';
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None => match c {
                '"' | '\'' => quote = Some(c),
                '#' if prev.is_whitespace() => break,
                '{' | '[' => depth += 1,
                '}' | ']' => depth -= 1,
                _ => {}
            },
        }
        prev = c;
    }
    depth
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "game: {id: a, name: A, players: [2]}\ncomponents:\n  - id: card\n";
    const BLOCK: &str = "while parsing a block collection, did not find expected '-' indicator";
    const MAPPING: &str = "while parsing a block mapping, did not find expected key";

    fn at(body: &str, line: usize, message: &str) -> Option<Hint> {
        hint(&format!("{HEAD}{body}"), line, message)
    }

    /// The hint says `part`.
    #[track_caller]
    fn says(h: &Hint, part: &str) {
        assert!(h.text.contains(part), "{}", h.text);
    }

    #[test]
    fn a_key_one_space_out_is_named_with_the_key_it_should_line_up_with() {
        let body = "    kind: card\n    size: 63x88mm\n   front: {title: Hi}\n";
        let h = at(body, 6, BLOCK).unwrap();
        assert_eq!((h.line, h.col), (6, 4));
        says(&h, "`front:` on line 6 is indented 3 spaces");
        says(&h, "`size:` on line 5 is indented 4");
        // A list item one space in.
        let body = "    variants:\n      - id: a\n      - id: b\n       - id: c\n";
        let h = at(body, 7, BLOCK).unwrap();
        says(&h, "the list item on line 7 is indented 7 spaces");
        says(&h, "the list item on line 6 is indented 6");
        // Only two: which is off is a guess, and both are named.
        let body = "    variants:\n      - id: a\n       - id: b\n";
        let h = at(body, 6, BLOCK).unwrap();
        let both = "the lines under `variants:` on line 4 are not lined up";
        says(&h, both);
    }

    #[test]
    fn a_list_item_out_at_its_keys_column_is_blamed_not_the_line_after_it() {
        let body = "    variants:\n      - id: a\n        tags: {x: a}\n    - id: b\n        tags: {x: b}\n";
        let h = at(body, 8, MAPPING).unwrap();
        assert_eq!(h.line, 7, "{}", h.text);
        says(&h, "the list item on line 5 is indented 6");
    }

    #[test]
    fn text_lines_are_never_offered_as_the_level_to_line_up_with() {
        let source = "game:\n  id: demo\n  name: Demo\n  players: [2]\n  description: >-\n    Two farmers race\n    for the harvest.\n   needs: [a die]\n";
        let h = hint(source, 8, BLOCK).unwrap();
        says(&h, "`description:` on line 5 is indented 2");
    }

    #[test]
    fn a_first_line_off_from_the_rest_of_its_block_is_named_with_them() {
        let body = "    front:\n       title: Hi\n      label: Lo\n      ink: red\n";
        let h = at(body, 6, MAPPING).unwrap();
        assert_eq!(h.line, 5);
        says(&h, "the lines under `front:` on line 4 are not lined up");
        says(
            &h,
            "`title:` on line 5 is indented 7 spaces and `label:` on line 6 6",
        );
    }

    #[test]
    fn a_missing_field_belongs_to_the_start_of_its_mapping() {
        let source = "game:\n  id: demo\n  name: Demo\n  licence: CC0\ncomponents:\n  - id: c\n    kind: card\n    copies: 2\n";
        assert_eq!(mapping_start(source, 4), Some((1, 1)));
        assert_eq!(mapping_start(source, 8), Some((6, 5)));
        assert_eq!(mapping_start(source, 6), Some((6, 5)));
        assert_eq!(mapping_start(source, 1), None);
    }

    #[test]
    fn a_missing_field_is_found_one_space_out() {
        let source = "game:\n  id: demo\n  name: Demo\n players: [2]\ncomponents: []\n";
        let h = hint(source, 2, "game: missing field `players`").unwrap();
        assert_eq!((h.line, h.col), (4, 2));
        says(&h, "`players:` on line 4 is indented 1 space,");
    }

    #[test]
    fn errors_that_are_not_about_indentation_get_no_hint() {
        // An unclosed `{`: the parser's words about the `}` stay.
        let body = "    front: {label: A,\n  ink: red\n    back: {label: B}\n";
        assert_eq!(at(body, 6, "did not find expected ',' or '}'"), None);
        // A bad value inside a `{…}` that spans lines.
        let source = "components:\n  - {id: c,\n     kind: card,\n       size: huge}\n";
        assert_eq!(hint(source, 4, "expected a length, found `huge`"), None);
        // A misspelt key whose value runs on to the next line.
        let source = "game:\n  id: demo\n  nme: Demo of\n    the Year\n";
        assert_eq!(
            hint(source, 3, "unknown field `nme`, expected `name`"),
            None
        );
        // An empty text field.
        let source = "game:\n  id: demo\n  name:\n  players: [2]\n";
        assert_eq!(
            hint(source, 3, "invalid type: null, expected a string"),
            None
        );
    }

    #[test]
    fn well_indented_lines_get_no_hint() {
        let body = "    kind: card\n    front:\n      title: Hi\n    variants:\n      - id: a\n        front: {title: A}\n";
        for line in 1..=9 {
            for message in [
                BLOCK,
                "missing field `size`",
                "expected a mapping",
                "unknown unit `a`",
            ] {
                assert_eq!(at(body, line, message), None, "line {line}: {message}");
            }
        }
    }

    #[test]
    fn no_line_of_a_shipped_game_gets_a_hint() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let source = std::fs::read_to_string(&path).unwrap();
            for line in 1..=source.lines().count() {
                for message in [BLOCK, "missing field `id`", "expected a mapping"] {
                    let h = hint(&source, line, message);
                    assert_eq!(h, None, "{}:{line}: {message}", path.display());
                }
            }
        }
    }

    #[test]
    fn a_non_breaking_space_is_named_whatever_the_parser_made_of_it() {
        let body = "    front:\n\u{a0}\u{a0}\u{a0}\u{a0}\u{a0}\u{a0}title: é\n";
        let h = at(body, 4, "expected a mapping").unwrap();
        says(&h, "non-breaking space");
        // A tab inside a text block is text.
        let body = "    nte: |\n      \t1. shuffle\n";
        assert_eq!(at(body, 4, "unknown field `nte`, expected `note`"), None);
    }

    #[test]
    fn an_empty_block_says_its_lines_are_not_indented() {
        let h = at(
            "    kind: card\n    front:\n    title: Hi\n",
            5,
            "expected a mapping",
        )
        .unwrap();
        says(&h, "nothing is indented under `front:`");
        says(&h, "`title:` on line 6");
    }

    #[test]
    fn a_deeper_line_after_a_value_is_read_as_more_of_it() {
        let body = "    size: 63x88mm\n      front: {title: Hi}\n";
        let h = at(body, 4, "unknown unit `mm front` in `88mm front`").unwrap();
        assert_eq!(h.line, 5);
        assert!(
            h.text.contains("rest of `size`'s value") && h.value_was_merged,
            "{}",
            h.text
        );
    }

    #[test]
    fn a_tab_or_a_non_breaking_space_is_pointed_at_on_its_own_line() {
        let h = at("    kind: card\n\tsize: 63x88mm\n", 4, "found a tab").unwrap();
        assert_eq!((h.line, h.col), (5, 1));
        says(&h, "a tab");
        let h = at("    kind: card\n  \u{a0} size: 63x88mm\n", 5, BLOCK).unwrap();
        assert_eq!((h.line, h.col), (5, 3));
        says(&h, "non-breaking space");
    }
}
