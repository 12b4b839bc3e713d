//! Showing a located problem the way compilers do: the YAML line with a marker under the place,
//! and a hint when there is one (annotate-snippets). Used by `main` after the one-line
//! `file:line:column: message` that tools and editors can jump to.
use annotate_snippets::renderer::DecorStyle;
use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};

use crate::error::Located;

/// The text of the file a problem names: a shipped game (`data/<id>.yaml`) or a file on disk.
pub fn source_of(file: &str) -> Option<String> {
    let shipped = file
        .strip_prefix("data/")
        .and_then(|f| f.strip_suffix(".yaml"));
    if let Some(bytes) = shipped.and_then(crate::assets::game) {
        return String::from_utf8(bytes.to_vec()).ok();
    }
    let meta = std::fs::metadata(file).ok()?;
    if meta.len() > crate::spec::MAX_YAML_BYTES as u64 {
        return None;
    }
    std::fs::read_to_string(file).ok()
}

/// The snippet under a problem, or `None` when the place is not in the source.
pub fn snippet(loc: &Located, source: &str, color: bool) -> Option<String> {
    let lines: Vec<&str> = source.split_inclusive('\n').collect();
    let line = lines.get(loc.line.checked_sub(1)?)?;
    // Show the line before for context, when there is one.
    let first = loc.line.saturating_sub(2);
    let shown: String = lines[first..loc.line].concat();
    let offset: usize = lines[first..loc.line - 1].iter().map(|l| l.len()).sum();
    let col_byte = line
        .char_indices()
        .nth(loc.column.saturating_sub(1))
        .map_or(line.trim_end().len(), |(i, _)| i);
    let rest = &line[col_byte..];
    // The token: up to the end of a flow item, a comment, or a key's colon.
    let key_end = rest
        .find(": ")
        .or_else(|| rest.trim_end().strip_suffix(':').map(str::len));
    let token_len = rest
        .find([',', '}', ']', '#', '\n', '\r'])
        .unwrap_or(rest.len())
        .min(key_end.unwrap_or(usize::MAX))
        .max(1)
        .min(rest.trim_end().len().max(1));
    let start = offset + col_byte;
    let hint = loc
        .message
        .split_once("(did you mean ")
        .map(|(_, h)| format!("did you mean {}", h.trim_end_matches(')')));
    let mut report = vec![
        Level::NOTE.primary_title("here").element(
            Snippet::source(shown.as_str())
                .line_start(first + 1)
                .path(loc.file.as_str())
                .annotation(AnnotationKind::Primary.span(start..start + token_len)),
        ),
    ];
    if let Some(h) = &hint {
        report.push(
            Level::HELP
                .primary_title(h.as_str())
                .element(annotate_snippets::Padding),
        );
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_the_value_on_its_line() {
        let src = "game:\n  id: x\ncomponents:\n  - size: twenty\n";
        let loc = Located::new("x.yaml", 4, 11, "expected a length".into());
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
    fn no_snippet_outside_the_source() {
        let loc = Located::new("x.yaml", 40, 1, String::new());
        assert!(snippet(&loc, "a: 1\n", false).is_none());
    }
}
