//! Plain words for YAML's indentation mistakes. A key indented one space too few or too many, a
//! tab, or a block left empty draws messages from the YAML parser such as "did not find expected
//! '-' indicator", or a type error far from the cause. Given the line an error points at, these
//! checks look at the lines around it and say what is wrong with their indentation, and where.

/// What was found: the line (1-based) and column to point at, and what to say.
#[derive(Debug, Clone, PartialEq)]
pub struct Hint {
    pub line: usize,
    pub col: usize,
    pub text: String,
}

/// A hint for an error reported at `line` (1-based) of `source`, if its indentation explains it.
pub fn hint(source: &str, line: usize) -> Option<Hint> {
    let lines: Vec<&str> = source.lines().collect();
    let at = line.checked_sub(1).filter(|&i| i < lines.len())?;
    tab(&lines, at)
        .or_else(|| misaligned(&lines, at))
        .or_else(|| empty_block(&lines, at))
        .or_else(|| continued_value(&lines, at))
}

/// A line with content: not blank, not only a comment.
fn is_content(line: &str) -> bool {
    let t = line.trim_start();
    !t.is_empty() && !t.starts_with('#')
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

/// How the line reads in a message: "`size:` on line 5", or "line 5".
fn named(lines: &[&str], i: usize) -> String {
    match key(lines[i]) {
        Some(k) => format!("`{k}:` on line {}", i + 1),
        None => format!("line {}", i + 1),
    }
}

/// The previous line with content before index `i`.
fn previous(lines: &[&str], i: usize) -> Option<usize> {
    (0..i).rev().find(|&j| is_content(lines[j]))
}

/// The next line with content after index `i`.
fn next(lines: &[&str], i: usize) -> Option<usize> {
    (i + 1..lines.len()).find(|&j| is_content(lines[j]))
}

/// A tab in the indentation of the error's line or the line after it (the parser often stops
/// at the end of the line before).
fn tab(lines: &[&str], at: usize) -> Option<Hint> {
    let i = [Some(at), next(lines, at)]
        .into_iter()
        .flatten()
        .find(|&i| {
            lines[i]
                .chars()
                .take_while(|c| c.is_whitespace())
                .any(|c| c == '\t')
        })?;
    let col = lines[i].find('\t')? + 1;
    Some(Hint {
        line: i + 1,
        col,
        text: format!(
            "line {} is indented with a tab; YAML indents with spaces only: replace the tab \
             with spaces, lined up with the lines above",
            i + 1
        ),
    })
}

/// A level a line may be indented to: its column, the line that opened it, and whether a list's
/// `- ` stands there (rather than a key).
struct Level {
    at: usize,
    line: usize,
    dash: bool,
}

/// The indentations a line after index `at` may have: that of each line it could continue
/// (the nearest line at each smaller indentation, walking up, and what follows a list's `- `).
fn open_levels(lines: &[&str], at: usize) -> Vec<Level> {
    let mut levels = Vec::new();
    let mut min = usize::MAX;
    for j in (0..at).rev().filter(|&j| is_content(lines[j])) {
        let ind = indent(lines[j]);
        if ind < min {
            let t = lines[j].trim_start();
            let dash = t.starts_with("- ");
            levels.push(Level {
                at: ind,
                line: j,
                dash,
            });
            if dash {
                levels.push(Level {
                    at: key_column(lines[j]),
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

/// The column (0-based) where a line's key starts: after its indentation and any `- `.
fn key_column(line: &str) -> usize {
    let t = line.trim_start_matches(' ');
    match t.strip_prefix("- ") {
        Some(rest) => indent(line) + 2 + (rest.len() - rest.trim_start().len()),
        None => indent(line),
    }
}

/// The error's line sits at an indentation no line above it opened: a key one space out.
fn misaligned(lines: &[&str], at: usize) -> Option<Hint> {
    let prev = previous(lines, at)?;
    let ind = indent(lines[at]);
    let opener = lines[prev].trim_end();
    // The first line under `key:`, `- ` or a block of text (`|`, `>-`…) may start any deeper
    // level.
    let opens =
        opener.ends_with([':', '-']) || opener.trim_end_matches(['-', '+']).ends_with(['|', '>']);
    if ind > indent(lines[prev]) && opens {
        return None;
    }
    let levels = open_levels(lines, at);
    if levels.iter().any(|l| l.at == ind) {
        return None;
    }
    // The nearest level of the same sort (a list item's `- `, or a key), else of any sort.
    let dash = lines[at].trim_start().starts_with("- ");
    let nearest = |same: bool| {
        levels
            .iter()
            .filter(|l| !same || l.dash == dash)
            .min_by_key(|l| (l.at.abs_diff(ind), l.at < ind))
    };
    let level = nearest(true).or_else(|| nearest(false))?;
    let what = match dash {
        true => format!("the list item on line {}", at + 1),
        false => named(lines, at),
    };
    Some(Hint {
        line: at + 1,
        col: ind + 1,
        text: format!(
            "{what} is indented {ind} space{}, but {} is at {}: YAML reads nesting from \
             indentation, so line it up exactly with the lines it belongs with",
            if ind == 1 { "" } else { "s" },
            match level.dash {
                true => format!("the list item on line {}", level.line + 1),
                false => named(lines, level.line),
            },
            level.at
        ),
    })
}

/// `key:` with nothing indented under it, followed by a line at its own indentation: the lines
/// meant to belong to it are not indented.
fn empty_block(lines: &[&str], at: usize) -> Option<Hint> {
    let line = lines[at].trim_end();
    let k = key(line).filter(|_| line.ends_with(':'))?;
    let n = next(lines, at)?;
    let column = key_column(lines[at]);
    // A list may sit at its key's own indentation (`front:` then `- a`).
    let list = lines[n].trim_start().starts_with("- ") && indent(lines[n]) == column;
    (indent(lines[n]) <= column && !list).then(|| Hint {
        line: at + 1,
        col: column + 1,
        text: format!(
            "nothing is indented under `{k}:`: {} is at the same indentation, so YAML reads \
             it as a key beside `{k}`, not inside it; indent the lines that belong to `{k}`",
            named(lines, n)
        ),
    })
}

/// `key: value` followed by a deeper line: YAML reads that line as more of the value.
fn continued_value(lines: &[&str], at: usize) -> Option<Hint> {
    let line = lines[at];
    let k = key(line)?;
    let value = line.split_once(':')?.1.trim();
    let plain = !value.is_empty() && !value.starts_with(['|', '>', '"', '\'', '{', '[', '&', '*']);
    let n = next(lines, at)?;
    (plain && indent(lines[n]) > key_column(line)).then(|| Hint {
        line: n + 1,
        col: indent(lines[n]) + 1,
        text: format!(
            "line {} is indented more than `{k}:` on line {}, so YAML reads it as the rest of \
             `{k}`'s value; if it is a key of its own, line it up with `{k}:`",
            n + 1,
            at + 1
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "game: {id: a, name: A, players: [2]}\ncomponents:\n  - id: card\n";

    fn at(body: &str, line: usize) -> Option<Hint> {
        hint(&format!("{HEAD}{body}"), line)
    }

    #[test]
    fn a_key_one_space_out_is_named_with_the_key_it_should_line_up_with() {
        let h = at(
            "    kind: card\n    size: 63x88mm\n   front: {title: Hi}\n",
            6,
        )
        .unwrap();
        assert_eq!((h.line, h.col), (6, 4));
        assert!(
            h.text.contains("`front:` on line 6 is indented 3 spaces"),
            "{}",
            h.text
        );
        assert!(h.text.contains("`size:` on line 5 is at 4"), "{}", h.text);
        // A list item one space in.
        let body = "    variants:\n      - id: a\n       - id: b\n";
        let h = at(body, 6).unwrap();
        assert!(
            h.text
                .contains("the list item on line 6 is indented 7 spaces"),
            "{}",
            h.text
        );
        assert!(
            h.text.contains("the list item on line 5 is at 6"),
            "{}",
            h.text
        );
    }

    #[test]
    fn well_indented_lines_get_no_hint() {
        let body = "    kind: card\n    front:\n      title: Hi\n    variants:\n      - id: a\n        front: {title: A}\n";
        for line in 1..=9 {
            assert_eq!(at(body, line), None, "line {line}");
        }
    }

    #[test]
    fn no_line_of_a_shipped_game_gets_a_hint() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let source = std::fs::read_to_string(&path).unwrap();
            for line in 1..=source.lines().count() {
                let h = hint(&source, line);
                assert_eq!(h, None, "{}:{line}", path.display());
            }
        }
    }

    #[test]
    fn text_blocks_are_not_taken_for_keys() {
        let body = "    kind: card\n    front:\n      lines:\n        - |-\n          One\n          Two\n";
        for line in 1..=9 {
            assert_eq!(at(body, line), None, "line {line}");
        }
    }

    #[test]
    fn an_empty_block_says_its_lines_are_not_indented() {
        let h = at("    kind: card\n    front:\n    title: Hi\n", 5).unwrap();
        assert!(
            h.text.contains("nothing is indented under `front:`"),
            "{}",
            h.text
        );
        assert!(h.text.contains("`title:` on line 6"), "{}", h.text);
    }

    #[test]
    fn a_deeper_line_after_a_value_is_read_as_more_of_it() {
        let h = at("    size: 63x88mm\n      front: {title: Hi}\n", 4).unwrap();
        assert_eq!(h.line, 5);
        assert!(h.text.contains("rest of `size`'s value"), "{}", h.text);
    }

    #[test]
    fn a_tab_is_pointed_at_on_its_own_line() {
        let h = at("    kind: card\n\tsize: 63x88mm\n", 4).unwrap();
        assert_eq!((h.line, h.col), (5, 1));
        assert!(h.text.contains("tab"), "{}", h.text);
    }
}
