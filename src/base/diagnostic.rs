//! Showing a located problem the way compilers do: the YAML line with a marker under the place,
//! and a hint when there is one (annotate-snippets). Used by `main` after the one-line
//! `file:line:column: message` that tools and editors can jump to.
use annotate_snippets::renderer::DecorStyle;
use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};

use std::fmt;

/// How much a diagnostic matters: an error stops the command, a warning is said and the
/// command goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// What pnp has to say about a game: its severity, where (a file, line and column, 1-based;
/// no file for what concerns the whole build), the message, and hints on what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
    /// Printed under the message, each as `help: …`.
    pub hints: Vec<String>,
}

impl Diagnostic {
    /// An error at a place.
    pub fn new(file: &str, line: usize, column: usize, message: String) -> Self {
        Diagnostic {
            severity: Severity::Error,
            file: file.to_string(),
            line,
            column,
            message,
            hints: Vec::new(),
        }
    }

    /// An error at a `Spanned` value's position.
    pub fn at<T>(file: &str, spanned: &serde_saphyr::Spanned<T>, message: String) -> Self {
        Diagnostic::located(file, spanned.referenced, message)
    }

    /// A problem at a place in `file`.
    pub fn located(file: &str, loc: serde_saphyr::Location, message: String) -> Self {
        Diagnostic::new(
            file,
            (loc.line() as usize).max(1),
            (loc.column() as usize).max(1),
            message,
        )
    }

    /// A warning about the build as a whole, not a place in a file.
    pub fn unplaced_warning(message: String) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::new("", 0, 0, message)
        }
    }

    /// The same, as a warning.
    pub fn warning(self) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..self
        }
    }

    /// With a hint on what to do.
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hints.push(hint.into());
        self
    }

    /// Whether it names a place.
    pub fn is_placed(&self) -> bool {
        !self.file.is_empty()
    }

    /// `file:line:column`.
    pub fn place(&self) -> String {
        format!("{}:{}:{}", self.file, self.line, self.column)
    }
}

/// `file:line:column: message` (editors jump to it), or the message alone.
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.is_placed() {
            true => write!(f, "{}: {}", self.place(), self.message),
            false => f.write_str(&self.message),
        }
    }
}

/// The text of every game file read in this process, by the name problems give it: quoted from
/// here, not read again. A game read through a pipe (a FIFO, `/dev/stdin`) cannot be read twice:
/// quoting its error waited for ever for a second writer.
fn sources() -> &'static std::sync::Mutex<std::collections::HashMap<String, std::sync::Arc<str>>> {
    static SOURCES: std::sync::OnceLock<
        std::sync::Mutex<std::collections::HashMap<String, std::sync::Arc<str>>>,
    > = std::sync::OnceLock::new();
    SOURCES.get_or_init(Default::default)
}

/// Keeps the text of `file` as it was read (the last reading of it, when it is read again).
pub fn remember_source(file: &str, bytes: &[u8]) {
    if let Ok(text) = std::str::from_utf8(bytes) {
        let mut sources = sources().lock().unwrap_or_else(|e| e.into_inner());
        sources.insert(file.to_string(), text.into());
    }
}

/// The text of the file a problem names: a shipped game (`data/<id>.yaml`), a game file as it
/// was read, or another file on disk (a data file), if it is a plain file.
pub fn source_of(file: &str) -> Option<String> {
    let shipped = file
        .strip_prefix("data/")
        .and_then(|f| f.strip_suffix(".yaml"));
    if let Some(bytes) = shipped.and_then(crate::base::assets::game) {
        return String::from_utf8(bytes.to_vec()).ok();
    }
    let remembered = sources().lock().ok()?.get(file).cloned();
    if let Some(text) = remembered {
        return Some(text.to_string());
    }
    // Only a plain file (opened without waiting, so never a pipe's writer), and never more
    // than the limit.
    use std::os::unix::fs::OpenOptionsExt;
    let opened = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(file)
        .ok()?;
    if !opened.metadata().ok()?.is_file() {
        return None;
    }
    let limit = crate::base::assets::MAX_YAML_BYTES;
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(
        &mut std::io::Read::take(opened, limit as u64 + 1),
        &mut bytes,
    )
    .ok()?;
    (bytes.len() <= limit).then_some(())?;
    String::from_utf8(bytes).ok()
}

/// The candidate most like `found` (a typo's fix), if any is close enough and is not `found`
/// itself.
pub fn closest<'c>(found: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    candidates
        .into_iter()
        .filter(|c| *c != found)
        .map(|c| (strsim::jaro_winkler(found, c), c))
        .filter(|(score, _)| *score > 0.75)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// The field a place in a YAML file is in, as a path (`components[1].front.ink`), and its
/// value as written (a list or mapping shortened; `None` at a key): for the note under a
/// problem. `None` where the text is not YAML the parser reads whole, or the place is at no
/// node.
pub fn field_at(source: &str, line: usize, column: usize) -> Option<(String, Option<String>)> {
    use granit_parser::{Event, Parser};
    enum Frame {
        Mapping { key: Option<String> },
        Sequence { index: usize },
    }
    // The path to the node about to start, from the frames above it.
    fn path(frames: &[Frame]) -> String {
        let mut out = String::new();
        for f in frames {
            match f {
                Frame::Mapping { key: Some(k) } => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(k);
                }
                Frame::Sequence { index } => out.push_str(&format!("[{index}]")),
                Frame::Mapping { key: None } => {}
            }
        }
        out
    }
    let at =
        |span: &granit_parser::Span| span.start.line() == line && span.start.col() + 1 == column;
    let shown = |from: usize, to: usize| {
        let text = source.get(from..to)?;
        let first = text.lines().next()?.trim_end();
        let mut value: String = first.chars().take(40).collect();
        if value.len() < first.len() || text.lines().nth(1).is_some() {
            value.push('…');
        }
        Some(value)
    };
    let mut frames: Vec<Frame> = Vec::new();
    // A collection found at the place: its path, where it starts and at what depth it ends.
    let mut found: Option<(String, usize, usize)> = None;
    for event in Parser::new_from_str(source) {
        let (event, span) = event.ok()?;
        if let Some((p, from, depth)) = &found {
            if matches!(event, Event::MappingEnd | Event::SequenceEnd) && frames.len() == *depth + 1
            {
                let to = span.byte_range()?.end;
                return Some((p.clone(), shown(*from, to)));
            }
            match event {
                Event::MappingStart(..) | Event::SequenceStart(..) => {
                    frames.push(Frame::Sequence { index: 0 })
                }
                Event::MappingEnd | Event::SequenceEnd => {
                    frames.pop();
                }
                _ => {}
            }
            continue;
        }
        // A node starts in a mapping where its key is pending (the node is the key) or set
        // (the node is the value), or in a sequence.
        let is_key = matches!(frames.last(), Some(Frame::Mapping { key: None }));
        let starts = matches!(
            event,
            Event::Scalar(..)
                | Event::SequenceStart(..)
                | Event::MappingStart(..)
                | Event::Alias(_)
        );
        if starts && at(&span) {
            let mut p = path(&frames);
            if is_key && let Event::Scalar(key, ..) = &event {
                if !p.is_empty() {
                    p.push('.');
                }
                p.push_str(key);
                return Some((p, None));
            }
            if p.is_empty() {
                return None;
            }
            let range = span.byte_range()?;
            match event {
                Event::MappingStart(..) | Event::SequenceStart(..) => {
                    found = Some((p, range.start, frames.len()));
                    frames.push(Frame::Sequence { index: 0 });
                    continue;
                }
                _ => return Some((p, shown(range.start, range.end))),
            }
        }
        match event {
            Event::Scalar(text, ..) if is_key => {
                if let Some(Frame::Mapping { key }) = frames.last_mut() {
                    *key = Some(text.into_owned());
                }
                continue;
            }
            Event::MappingStart(..) => frames.push(Frame::Mapping { key: None }),
            Event::SequenceStart(..) => frames.push(Frame::Sequence { index: 0 }),
            Event::MappingEnd | Event::SequenceEnd => {
                frames.pop();
            }
            _ => {}
        }
        // A value done (a scalar, an alias, or a collection just closed): the next key, or the
        // next item.
        if !matches!(event, Event::MappingStart(..) | Event::SequenceStart(..)) && starts
            || matches!(event, Event::MappingEnd | Event::SequenceEnd)
        {
            match frames.last_mut() {
                Some(Frame::Mapping { key }) => *key = None,
                Some(Frame::Sequence { index }) => *index += 1,
                None => {}
            }
        }
    }
    None
}

/// "; did you mean `c`?" when a candidate is close to `found` (`closest`), else nothing.
pub fn did_you_mean<'c>(found: &str, candidates: impl IntoIterator<Item = &'c str>) -> String {
    closest(found, candidates)
        .map(|c| format!("; did you mean `{c}`?"))
        .unwrap_or_default()
}

/// The snippet under a problem, or `None` when the place is not in the source.
pub fn snippet(loc: &Diagnostic, source: &str, color: bool) -> Option<String> {
    // YAML also breaks lines at a lone CR; as LF it keeps every byte offset.
    let source = lone_cr_as_lf(source);
    let lines: Vec<&str> = source.split_inclusive('\n').collect();
    let line = lines.get(loc.line.checked_sub(1)?)?;
    // Show the line before for context, when there is one.
    let first = loc.line.saturating_sub(2);
    let shown: String = lines[first..loc.line].concat();
    let offset: usize = lines[first..loc.line - 1].iter().map(|l| l.len()).sum();
    let lower = loc.file.to_ascii_lowercase();
    let csv = [".csv", ".tsv", ".txt"].iter().any(|e| lower.ends_with(e));
    // A CSV's columns are counted after its byte-order mark.
    let bom = usize::from(csv && loc.line == 1 && line.starts_with('\u{feff}'));
    let col_byte = line
        .char_indices()
        .nth(loc.column.saturating_sub(1) + bom)
        .map_or(line.trim_end().len(), |(i, _)| i);
    let rest = &line[col_byte..];
    // The token: up to the end of a flow item, a comment, or a key's colon; in a CSV, the cell.
    let cell_end = match rest.strip_prefix('"') {
        Some(quoted) => quoted.find('"').map(|i| i + 2),
        None => rest.find([',', ';', '\t']),
    };
    let key_end = rest
        .find(": ")
        .or_else(|| rest.trim_end().strip_suffix(':').map(str::len));
    let yaml_end = rest
        .find([',', '}', ']', '#', '\n', '\r'])
        .unwrap_or(rest.len())
        .min(key_end.unwrap_or(usize::MAX));
    let csv_end = cell_end.unwrap_or(rest.len());
    let mut token_len = if csv { csv_end } else { yaml_end }
        .max(1)
        .min(rest.trim_end().len().max(1))
        .min(rest.len());
    // At least one whole character: the place may be a multi-byte one (a no-break space).
    while !rest.is_char_boundary(token_len) {
        token_len += 1;
    }
    let start = offset + col_byte;
    // A "did you mean" is in the message above the snippet already: not repeated under it.
    let title = match (csv, field_at(&source, loc.line, loc.column)) {
        (false, Some((path, Some(value)))) => format!("`{path}` is `{value}`"),
        (false, Some((path, None))) => format!("the key `{path}`"),
        _ => "here".to_string(),
    };
    let report = [Level::NOTE.primary_title(title.as_str()).element(
        Snippet::source(shown.as_str())
            .line_start(first + 1)
            .path(loc.file.as_str())
            .annotation(AnnotationKind::Primary.span(start..start + token_len)),
    )];
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    Some(
        renderer
            .decor_style(DecorStyle::Unicode)
            .render(&report)
            .to_string(),
    )
}

/// `n` and `word`, plural but for one: `1 page`, `3 pages`.
pub fn counted(n: usize, word: &str) -> String {
    match n {
        1 => format!("1 {word}"),
        n => format!("{n} {word}s"),
    }
}

/// `text` safe to print on a terminal: control characters (but line breaks and tabs) and the
/// invisible bidirectional marks, which could reorder or hide what a message says, are shown
/// escaped (`\u{202e}`).
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    escape_hidden(text, |c| c.is_control() && c != '\n' && c != '\t')
}

/// A rendered snippet made safe to print the same way. annotate-snippets replaces C0 controls
/// and the bidirectional overrides in the YAML's line itself, but not C1 controls (U+009B starts
/// a terminal escape sequence) or U+200E, U+200F and U+061C; its own colours (ESC) are kept.
pub fn printable_snippet(snippet: &str) -> std::borrow::Cow<'_, str> {
    escape_hidden(snippet, |c| {
        c.is_control() && !matches!(c, '\n' | '\t' | '\x1b')
    })
}

fn escape_hidden(text: &str, control: impl Fn(char) -> bool) -> std::borrow::Cow<'_, str> {
    let hidden = |c: char| {
        control(c)
            || matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.contains(hidden) {
        return text.into();
    }
    text.chars()
        .map(|c| {
            if hidden(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}

fn lone_cr_as_lf(source: &str) -> std::borrow::Cow<'_, str> {
    if !source.contains('\r') {
        return source.into();
    }
    let mut bytes = source.as_bytes().to_vec();
    for i in 0..bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            bytes[i] = b'\n';
        }
    }
    // One ASCII byte for another: still UTF-8.
    String::from_utf8(bytes).map_or(source.into(), Into::into)
}

/// Several located problems, reported together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problems(pub Vec<Diagnostic>);

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_is_named_by_its_field_and_value() {
        let yaml = "game: {id: t, name: T, players: [2]}\ncomponents:\n  - id: a\n    kind: token\n  - id: b\n    front: {ink: \"#123456\", title: Two}\n    sise: 3\n";
        let at = |line, col| field_at(yaml, line, col);
        assert_eq!(at(1, 12), Some(("game.id".into(), Some("t".into()))));
        assert_eq!(
            at(5, 9),
            Some(("components[1].id".into(), Some("b".into())))
        );
        assert_eq!(
            at(6, 18),
            Some(("components[1].front.ink".into(), Some("\"#123456\"".into())))
        );
        assert_eq!(
            at(6, 36),
            Some(("components[1].front.title".into(), Some("Two".into())))
        );
        assert_eq!(at(7, 5), Some(("components[1].sise".into(), None)));
        assert_eq!(at(1, 33), Some(("game.players".into(), Some("[2]".into()))));
        assert_eq!(at(2, 1), Some(("components".into(), None)));
        assert_eq!(
            at(3, 5),
            Some(("components[0]".into(), Some("id: a…".into()))),
            "a block mapping: its first line"
        );
        assert_eq!(
            field_at("a: [", 1, 4),
            None,
            "not YAML the parser reads whole"
        );
    }

    #[test]
    fn marks_the_value_on_its_line() {
        let src = "game:\n  id: x\ncomponents:\n  - size: twenty\n";
        let loc = Diagnostic::new("x.yaml", 4, 11, "expected a length".into());
        let out = snippet(&loc, src, false).unwrap();
        assert!(out.contains("size: twenty"), "{out}");
        assert!(out.contains("x.yaml:4:"), "{out}");
        let caret_line = out
            .lines()
            .find(|l| l.contains('━') || l.contains('^'))
            .unwrap();
        assert_eq!(
            caret_line.matches(['━', '^']).count(),
            "twenty".len(),
            "{out}"
        );
    }

    #[test]
    fn a_multi_byte_character_at_the_place_is_marked_whole() {
        // Found by fuzzing: a no-break space (or NEL, or U+2028) right after a quoted value.
        for odd in ['\u{a0}', '\u{85}', '\u{2028}'] {
            let src = format!("game:\n  name: \"G\"{odd}\n");
            let loc = Diagnostic::new("x.yaml", 2, 12, "invalid trailing content".into());
            let out = snippet(&loc, &src, false).unwrap();
            assert!(out.contains("x.yaml:2:"), "{out}");
        }
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line_as_yaml_says() {
        let src = "game:\n  name: G\r  colour: red\ncomponents: []\n";
        // The parser puts `colour` on line 3.
        let loc = Diagnostic::new("x.yaml", 3, 3, "unknown field".into());
        let out = snippet(&loc, src, false).unwrap();
        let marked = (out.lines())
            .find(|l| l.contains("│") && l.contains("colour"))
            .unwrap_or("");
        assert!(marked.contains("3 "), "{out}");
        assert!(!out.contains("components"), "{out}");
    }

    #[test]
    fn hidden_characters_are_printed_escaped() {
        assert_eq!(printable("plain\ttext\nline"), "plain\ttext\nline");
        assert_eq!(printable("a\u{202e}b\0c"), "a\\u{202e}b\\u{0}c");
        assert_eq!(printable("x\u{2066}y\u{85}"), "x\\u{2066}y\\u{85}");
        assert_eq!(
            printable_snippet("\x1b[1m7 │ a\u{9b}2J\u{200f}\x1b[0m\n"),
            "\x1b[1m7 │ a\\u{9b}2J\\u{200f}\x1b[0m\n"
        );
    }

    #[test]
    fn no_snippet_outside_the_source() {
        let loc = Diagnostic::new("x.yaml", 40, 1, String::new());
        assert!(snippet(&loc, "a: 1\n", false).is_none());
    }
}
