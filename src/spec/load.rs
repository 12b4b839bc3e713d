//! Reading a game's YAML: size limit, YAML budget (aliases, nodes, depth), strict schema, and an
//! error that names the file, line, column, field path and what was expected.
use super::kind::Kinds;
use serde_saphyr::{Budget, Options};
use std::cell::RefCell;
use std::path::Path;

use super::model::GameSpec;
use crate::base::assets::TooLarge;
use crate::base::diagnostic::Diagnostic;
use crate::spec::SpecError;

pub use crate::base::assets::MAX_YAML_BYTES;

fn options() -> Options {
    let mut budget = Budget::default();
    budget.max_events = 200_000;
    budget.max_aliases = 1_000;
    budget.max_anchors = 1_000;
    budget.max_depth = 32;
    budget.max_nodes = 100_000;
    budget.max_recorded_anchor_events = 50_000;
    budget.max_recorded_anchor_bytes = 1024 * 1024;
    budget.max_total_scalar_bytes = 4 * 1024 * 1024;
    let mut opts = Options::default();
    opts.budget = Some(budget);
    opts.with_snippet = false;
    opts
}

/// The error for a YAML file over `MAX_YAML_BYTES`, at its start.
pub(super) fn too_large(file: &str, size: Option<u64>) -> SpecError {
    let why = TooLarge {
        size,
        limit: MAX_YAML_BYTES,
    };
    SpecError::Yaml(Diagnostic::new(file, 1, 1, why.to_string()))
}

/// Reads a user's YAML file (`file`: how errors name it) at `path`, never more than
/// `MAX_YAML_BYTES` + 1 bytes of it: a pipe, `/dev/stdin` or a symlink to `/dev/zero` gets the
/// same error as a file too large, at once.
pub fn read_yaml(file: &str, path: &Path) -> Result<Vec<u8>, SpecError> {
    match crate::base::assets::read_capped(path, MAX_YAML_BYTES) {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(why)) => Err(too_large(file, why.size)),
        Err(source) => Err(SpecError::Read {
            path: path.to_path_buf(),
            source,
        }),
    }
}

/// Parses `bytes` (the contents of `file`) into a game spec.
pub fn parse<K: Kinds>(file: &str, bytes: &[u8]) -> Result<GameSpec<K>, SpecError> {
    if bytes.len() > MAX_YAML_BYTES {
        return Err(too_large(file, Some(bytes.len() as u64)));
    }
    let yaml =
        |line, col, message: String| SpecError::Yaml(Diagnostic::new(file, line, col, message));
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let (line, col) = line_col(bytes, e.valid_up_to());
            let why = "the file is not valid UTF-8 text; save it as UTF-8";
            return Err(yaml(line, col, why.into()));
        }
    };
    if is_empty_document(text) {
        let why = "the file has no game in it: a game needs `game:` (its id, name and players) \
                   and `components:`; `pnp new \"My Game\"` writes one to start from";
        return Err(yaml(1, 1, why.into()));
    }
    if let Some((line, col, colour)) = unquoted_colour(text) {
        let why = format!(
            "`{colour}` here is a comment to YAML, and the colour is lost: put it in quotes, \
             \"{colour}\""
        );
        return Err(yaml(line, col, why));
    }
    let path = RefCell::new(String::new());
    let result = serde_saphyr::with_deserializer_from_str_with_options(text, options(), |de| {
        serde_path_to_error::deserialize(de).map_err(|e| {
            *path.borrow_mut() = e.path().to_string();
            e.into_inner()
        })
    });
    result.map_err(|e| {
        let (line, col) = e
            .location()
            .map(|l| (l.line() as usize, l.column() as usize))
            .unwrap_or((1, 1));
        let mut message = describe(&e, &path.borrow(), text, line, col);
        let col = value_column(&e, text, line, col);
        // Indentation explains many YAML errors better than the parser can: say how, at the
        // line to mend (which may be the next one).
        let (mut line, mut col) = (line.max(1), col.max(1));
        if let Some(hint) = super::indent::hint(text, line, &message) {
            // A "did you mean" for a value that swallowed the next line points the wrong way.
            if hint.value_was_merged
                && let Some(i) = message.find(" (did you mean")
            {
                let end = message[i..].find(')').map_or(message.len(), |e| i + e + 1);
                message.replace_range(i..end, "");
            }
            // The parser's own words ("while parsing a block collection, did not find
            // expected '-' indicator") say less than the hint: it replaces them.
            let jargon = [
                "while parsing",
                "while scanning",
                "tabs disallowed",
                "mapping values are not allowed",
                "did not find expected",
            ];
            let keep = match jargon.iter().filter_map(|j| message.find(j)).min() {
                Some(i) => &message[..i],
                None => message.as_str(),
            };
            let keep = keep.trim_end();
            message = match keep.is_empty() || keep.ends_with(':') {
                true => format!("{keep} {}", hint.text).trim_start().to_string(),
                false => format!("{keep}: {}", hint.text),
            };
            (line, col) = (hint.line, hint.col);
        } else if message.contains("missing field `")
            && let Some(start) = super::indent::mapping_start(text, line)
        {
            (line, col) = start;
        }
        yaml(line, col, message)
    })
}

/// Nothing but blank lines, comments and document markers (a byte-order mark included).
fn is_empty_document(text: &str) -> bool {
    text.trim_start_matches('\u{feff}').lines().all(|l| {
        let l = l.trim();
        l.is_empty() || l.starts_with('#') || l == "---" || l == "..."
    })
}

/// The first colour written as a value without quotes (`ink: #555555`): YAML reads `#` after a
/// space as the start of a comment, so the key would silently have no value. Its line, column
/// and text. Only a colour key's value counts (`background`, `ink`, `border`, an axis value's
/// `color`), and only where that `#` really starts the line's comment: not inside quotes, a
/// comment, or the lines of a `|` text.
fn unquoted_colour(text: &str) -> Option<(usize, usize, &str)> {
    let mut block: Option<usize> = None;
    for (n, line) in text.lines().enumerate() {
        let indent = line.len() - line.trim_start().len();
        // The lines of a `|` or `>` text are more indented than its key: just text.
        match block {
            Some(key) if indent > key || line.trim().is_empty() => continue,
            _ => block = None,
        }
        let comment = comment_start(line);
        let code = line[..comment.unwrap_or(line.len())].trim_end();
        if code.ends_with(['|', '>']) || code.ends_with("|-") || code.ends_with(">-") {
            block = Some(indent);
        }
        let Some(hash) = comment else { continue };
        // `key:` and blanks just before the comment, the key a colour's.
        let Some(key) = code.strip_suffix(':') else {
            continue;
        };
        let key = key.rsplit([' ', '{', ',', '\t']).next().unwrap_or("");
        if !matches!(key, "background" | "ink" | "border" | "color" | "colour") {
            continue;
        }
        let rest = &line[hash..];
        let end = rest[1..]
            .find(|c: char| !c.is_ascii_hexdigit())
            .map_or(rest.len(), |e| e + 1);
        let after = rest[end..].chars().next();
        if matches!(end - 1, 3 | 4 | 6 | 8)
            && after.is_none_or(|c| c.is_whitespace() || matches!(c, ',' | '}' | ']'))
        {
            let col = line[..hash].chars().count() + 1;
            return Some((n + 1, col, &rest[..end]));
        }
    }
    None
}

/// Where a line's comment starts: a `#` at its start or after a blank, outside quotes.
fn comment_start(line: &str) -> Option<usize> {
    let (mut single, mut double, mut prev) = (false, false, ' ');
    for (i, c) in line.char_indices() {
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '#' if !single && !double && prev.is_whitespace() => return Some(i),
            _ => {}
        }
        prev = c;
    }
    None
}

/// serde-saphyr's wording → words for someone writing a game file.
const REWORDINGS: &[(&str, &str)] = &[
    (", set DuplicateKeyPolicy in Options if acceptable", ""),
    (
        "multiple YAML documents detected; use from_str_multiple or from_str_multiple_with_options",
        "a game file holds one YAML document: remove the `---` and what follows",
    ),
    (
        "expected sequence start",
        "expected a list (`[a, b]` or lines starting with `- `)",
    ),
    (
        "expected mapping start",
        "expected a mapping (`key: value` lines)",
    ),
    ("expected string scalar", "expected text"),
    (
        "rejected by the configured policy",
        "is not a number pnp can use",
    ),
    // The type's own range is not the limit: the limits are checked, and said, later.
    ("invalid u32", "expected a whole number, 0 or more"),
    ("invalid usize", "expected a whole number, 0 or more"),
    // serde-saphyr's advice to the programmer, not to the game's writer.
    (
        "cannot deserialize null into string; use Option<String>",
        "expected text, found nothing (`~` or `null`): write the text, or leave the key out where it is optional",
    ),
    (
        "invalid length 3, expected a size",
        "expected two lengths, not three, in a size",
    ),
    // Values that may take two forms (serde names its own enum otherwise).
    (
        "data did not match any variant of untagged enum Expected",
        "expected a number (`equals: 4`) or a list (`equals: [5, 4, 3]`)",
    ),
    (
        "data did not match any variant of untagged enum Scalar",
        "expected a number or a text",
    ),
    (
        "data did not match any variant of untagged enum ColumnSpec",
        "expected a column's label, or a mapping with its `label:` and settings",
    ),
];

/// Where an "unknown variant" error belongs: at the value, where the parser placed it at its
/// key (`shape: hexagon`, a value read by a hand-written `Deserialize`, is located at `shape`).
fn value_column(e: &serde_saphyr::Error, source: &str, line: usize, col: usize) -> usize {
    let raw = e.without_snippet().to_string();
    let Some(found) = raw
        .strip_prefix("unknown variant `")
        .and_then(|r| r.split_once('`'))
        .map(|(found, _)| found)
    else {
        return col;
    };
    let Some(text) = source.lines().nth(line.saturating_sub(1)) else {
        return col;
    };
    let rest: String = text.chars().skip(col.saturating_sub(1)).collect();
    let key_then_value = rest
        .split_once(':')
        .filter(|(key, value)| !key.contains(' ') && value.trim_start().starts_with(found));
    match key_then_value {
        Some((key, value)) => {
            let blanks = value.chars().take_while(|c| *c == ' ').count();
            col + key.chars().count() + 1 + blanks
        }
        None => col,
    }
}

/// The message without serde-saphyr's own location suffix, reworded for people, with the field
/// path, the offending value when the message lacks it, and a "did you mean" for misspelt keys.
fn describe(e: &serde_saphyr::Error, path: &str, source: &str, line: usize, col: usize) -> String {
    let raw = e.without_snippet().to_string();
    // serde-saphyr appends " at line N, column M"; we print our own location.
    let msg = match raw.rfind(" at line ") {
        Some(i) => raw[..i].to_string(),
        None => raw,
    };
    let mut msg = msg.trim().to_string();
    for (from, to) in REWORDINGS {
        msg = msg.replace(from, to);
    }
    if let Some(detail) = msg.strip_prefix("budget breached: ") {
        msg = format!(
            "the file is too complex to read safely: {}",
            over_budget(detail)
        );
    }
    // Any advice still given in Rust's terms (`Option<T>`) is of no use in a game file.
    if let Some(i) = msg.find("; use Option<") {
        msg.truncate(i);
    }
    if let Some(hint) = did_you_mean(&msg) {
        msg.push_str(&format!(" (did you mean `{hint}`?)"));
    }

    // Type errors say what was expected: add what was found, unless the message already has it.
    let is_type_error =
        (msg.starts_with("expected") || msg.starts_with("invalid")) && !msg.contains(", found `");
    if let Some(token) =
        token_at(source, line, col).filter(|t| is_type_error && !msg.contains(t.as_str()))
    {
        msg.push_str(&format!(", found `{token}`"));
    }
    // `Spanned` values add a `.value` step and unknown positions a `?`: neither helps the reader.
    let path = path.replace(".value", "");
    let path = path.trim_end_matches(".?").trim_end_matches('?');
    // serde's "unknown variant" is a value of the key: "unknown kind `tokn`", "unknown shape".
    let key = path.rsplit('.').next().unwrap_or_default();
    let plain_key = !key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '_');
    if msg.starts_with("unknown variant `") && plain_key {
        msg = msg.replacen(
            "unknown variant",
            &format!("unknown {}", key.replace('_', " ")),
            1,
        );
    }
    if path.is_empty() || path == "." {
        msg
    } else {
        format!("{path}: {msg}")
    }
}

/// Which of `options()`'s limits serde-saphyr's `BudgetBreach` (`Aliases { aliases: 1001 }`,
/// printed as Rust) says was passed, in words with the limit's value.
fn over_budget(detail: &str) -> String {
    let name: String = detail
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    let b = options().budget.unwrap_or_default();
    let n = |v: usize| super::check::thousands(v as u64);
    match name.as_str() {
        "Events" | "Nodes" => format!(
            "it has more than {} values (keys, texts, list items); a game has a few thousand",
            n(b.max_nodes)
        ),
        "Aliases" => format!(
            "it uses aliases (`*name`) more than {} times",
            n(b.max_aliases)
        ),
        "Anchors" => format!(
            "it defines more than {} anchors (`&name`)",
            n(b.max_anchors)
        ),
        "Depth" => format!("it nests more than {} levels deep", b.max_depth),
        "ScalarBytes" => format!(
            "its texts add up to more than {} MiB, an alias's text counted each time it is used",
            b.max_total_scalar_bytes >> 20
        ),
        "AliasAnchorRatio" => format!(
            "it uses each anchor (`&name`) more than {} times on average through aliases (`*name`)",
            b.alias_anchor_ratio_multiplier
        ),
        "RecordedAnchorEvents" | "RecordedAnchorBytes" => format!(
            "its anchors (`&name`) hold more than {} values or {} MiB of text to repeat",
            n(b.max_recorded_anchor_events),
            b.max_recorded_anchor_bytes >> 20
        ),
        "MergeKeys" => format!("it has more than {} merge keys (`<<`)", n(b.max_merge_keys)),
        "Documents" => "it holds more than one YAML document".to_string(),
        _ => "it is too large or too deeply nested".to_string(),
    }
}

/// The scalar that starts at `line`:`col` (1-based), up to the end of the value.
fn token_at(source: &str, line: usize, col: usize) -> Option<String> {
    let text = source.lines().nth(line.checked_sub(1)?)?;
    let rest: String = text.chars().skip(col.checked_sub(1)?).collect();
    // A flow list or mapping is shown whole (`[a]`, not `[a`), or up to the line's end.
    if rest.starts_with(['[', '{']) {
        let mut depth = 0usize;
        let mut shown = String::new();
        for c in rest.chars() {
            shown.push(c);
            match c {
                '[' | '{' => depth += 1,
                ']' | '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                break;
            }
        }
        if depth > 0 {
            shown = format!("{}…", shown.trim_end());
        }
        return (shown.chars().count() <= 80).then_some(shown);
    }
    let token: String = rest
        .chars()
        .take_while(|c| !matches!(c, ',' | ']' | '}' | '#'))
        .collect();
    let token = token.trim();
    (!token.is_empty() && token.chars().count() <= 80 && !token.ends_with(':'))
        .then(|| token.to_string())
}

/// For serde's "unknown field `colour`, expected one of `a`, `b`" picks the closest expected name.
fn did_you_mean(msg: &str) -> Option<String> {
    let rest = msg
        .strip_prefix("unknown field `")
        .or_else(|| msg.strip_prefix("unknown variant `"))?;
    let (found, rest) = rest.split_once('`')?;
    let list = rest.split_once("expected one of ").map_or(rest, |(_, l)| l);
    let candidates = list
        .split(", ")
        .map(|c| c.trim().trim_matches('`'))
        .filter(|c| !c.is_empty());
    crate::base::diagnostic::closest(found, candidates).map(str::to_string)
}

pub(super) fn line_col(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let col = offset
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1)
        + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unquoted_colour_is_found_only_where_yaml_would_lose_it() {
        for (yaml, at) in [
            ("    front:\n      ink: #555555\n", Some((2, 12))),
            ("  - {text: \"?\", ink:\t#abc}\n", Some((1, 22))),
            ("      background:  #fff1c4   # cream\n", Some((1, 20))),
            ("      color: #aa0000\n", Some((1, 14))),
        ] {
            assert_eq!(unquoted_colour(yaml).map(|(l, c, _)| (l, c)), at, "{yaml}");
        }
        for fine in [
            "# old ink: #555555 (too dark)\n",
            "    ink: \"#333333\"   # was: #555\n",
            "  note: see issue: #1234\n",
            "  description: |\n    ink: #555 is what we used\n  name: x\n",
            "  label: \"Rule: #123 first\"\n",
            "  title: 'it: #abc'\n",
        ] {
            assert_eq!(unquoted_colour(fine), None, "{fine}");
        }
    }

    #[test]
    fn suggests_the_closest_key() {
        let m = "unknown field `colr`, expected one of `color`, `size`";
        assert_eq!(did_you_mean(m).as_deref(), Some("color"));
        // serde-saphyr lists the expected names without backticks.
        let m = "unknown field `sise`, expected one of id, kind, size";
        assert_eq!(did_you_mean(m).as_deref(), Some("size"));
    }

    #[test]
    fn a_stream_gets_the_error_of_a_file_too_large() {
        // `yes | pnp validate /dev/stdin` grew without end: the same, from a device.
        let err = read_yaml("zero.yaml", Path::new("/dev/zero")).unwrap_err();
        let SpecError::Yaml(at) = err else {
            panic!("{err:?}")
        };
        assert_eq!((at.file.as_str(), at.line, at.column), ("zero.yaml", 1, 1));
        assert!(
            at.message.contains("the limit is 1048576 bytes"),
            "{}",
            at.message
        );
        let parsed = parse::<crate::kinds::KindSpec>("big.yaml", &vec![b' '; MAX_YAML_BYTES + 1])
            .unwrap_err();
        assert!(
            parsed
                .to_string()
                .contains("the file is 1048577 bytes; the limit is 1048576 bytes"),
            "{parsed}"
        );
    }

    #[test]
    fn locates_bad_utf8() {
        assert_eq!(line_col(b"ab\ncd\xff", 5), (2, 3));
    }
}
