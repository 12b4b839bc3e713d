//! Inline markup in printed text: `**bold**`, `*italic*` and icons `{sun}` (any symbol, drawn
//! at the size of the line). Parsed after placeholders are filled (`{row.x}` and `{suit.color}`
//! hold a dot, so they never read as icons). A `*` opens only before a non-space and closes only
//! after one, and only when its partner follows, so "5 * 3" stays as written; `\*`, `\{` and
//! `\\` print the character itself.
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use svg::node::element::Group;

use super::canvas::{Anchor, place};
use super::text::{Font, width_plain};

/// One run of text in one style, or an icon.
#[derive(Debug, Clone, PartialEq)]
pub enum Span {
    Text {
        text: String,
        bold: bool,
        italic: bool,
    },
    Icon(String),
}

/// The space an icon takes on its line, in ems (its drawing is a little smaller).
pub const ICON_ADVANCE: f64 = 1.1;
/// The icon's box, in ems, and how far above the baseline its top sits.
const ICON_SIZE: f64 = 0.95;
const ICON_RISE: f64 = 0.8;

/// Whether `text` has nothing markup could mean (the common case, drawn as before).
pub fn is_plain(text: &str) -> bool {
    !text.contains(['*', '{', '\\'])
}

/// An icon's name: what a symbol file may be called.
fn icon_name(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

/// The icons `text` names, in order (repeats kept).
pub fn icons(text: &str) -> Vec<String> {
    if is_plain(text) {
        return Vec::new();
    }
    parse(text)
        .into_iter()
        .filter_map(|s| match s {
            Span::Icon(name) => Some(name),
            Span::Text { .. } => None,
        })
        .collect()
}

/// Whether a closing run of at least `len` stars (after a non-space) follows position `from`.
fn closes_later(chars: &[char], from: usize, len: usize) -> bool {
    let mut i = from;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '*' => {
                let run = chars[i..].iter().take_while(|&&c| c == '*').count();
                if run >= len && !chars[i - 1].is_whitespace() {
                    return true;
                }
                i += run;
            }
            _ => i += 1,
        }
    }
    false
}

/// `text` as runs and icons.
pub fn parse(text: &str) -> Vec<Span> {
    let chars: Vec<char> = text.chars().collect();
    let (mut bold, mut italic) = (false, false);
    let mut spans = Vec::new();
    let mut run = String::new();
    let flush = |run: &mut String, spans: &mut Vec<Span>, bold, italic| {
        if !run.is_empty() {
            spans.push(Span::Text {
                text: std::mem::take(run),
                bold,
                italic,
            });
        }
    };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' if matches!(chars.get(i + 1), Some('*' | '{' | '\\')) => {
                run.push(chars[i + 1]);
                i += 2;
            }
            '{' => {
                let close = chars[i + 1..].iter().position(|&c| c == '}');
                let name: Option<String> = close.map(|k| chars[i + 1..i + 1 + k].iter().collect());
                match name.filter(|n| icon_name(n)) {
                    Some(name) => {
                        flush(&mut run, &mut spans, bold, italic);
                        i += name.chars().count() + 2;
                        spans.push(Span::Icon(name));
                    }
                    None => {
                        run.push(c);
                        i += 1;
                    }
                }
            }
            '*' => {
                let stars = chars[i..].iter().take_while(|&&c| c == '*').count();
                // `**` is bold, `*` italic; `***` both (bold outside).
                // A run opens before a non-space and closes after one.
                let can_open = chars.get(i + stars).is_some_and(|c| !c.is_whitespace());
                let can_close = i > 0 && !chars[i - 1].is_whitespace();
                let mut used = 0;
                for len in [2, 1] {
                    if stars - used < len {
                        continue;
                    }
                    let on = if len == 2 { bold } else { italic };
                    let toggles = if on {
                        can_close
                    } else {
                        can_open && closes_later(&chars, i + stars, len)
                    };
                    if toggles {
                        flush(&mut run, &mut spans, bold, italic);
                        if len == 2 {
                            bold = !bold;
                        } else {
                            italic = !italic;
                        }
                        used += len;
                    }
                }
                if used == 0 {
                    run.push('*');
                    used = 1;
                }
                i += used;
            }
            _ => {
                run.push(c);
                i += 1;
            }
        }
    }
    flush(&mut run, &mut spans, bold, italic);
    spans
}

/// Writes `spans` back as markup that parses to the same (for lines cut from a longer text).
pub fn write(spans: &[Span]) -> String {
    let mut out = String::new();
    for s in spans {
        match s {
            Span::Icon(name) => {
                out.push('{');
                out.push_str(name);
                out.push('}');
            }
            Span::Text { text, bold, italic } => {
                let marks = match (bold, italic) {
                    (true, true) => "***",
                    (true, false) => "**",
                    (false, true) => "*",
                    (false, false) => "",
                };
                let escaped = text
                    .replace('\\', "\\\\")
                    .replace('*', "\\*")
                    .replace('{', "\\{");
                // Markers hold to non-space on their inner side: spaces stay outside.
                let body = escaped.trim();
                let lead = &escaped[..escaped.len() - escaped.trim_start().len()];
                let trail = &escaped[escaped.trim_end().len()..];
                if marks.is_empty() || body.is_empty() {
                    out.push_str(&escaped);
                } else {
                    out.push_str(lead);
                    out.push_str(marks);
                    out.push_str(body);
                    out.push_str(marks);
                    out.push_str(trail);
                }
            }
        }
    }
    out
}

/// The text without its markup (icons by their name in braces), as messages quote it.
pub fn plain(text: &str) -> String {
    if is_plain(text) {
        return text.to_string();
    }
    parse(text)
        .iter()
        .map(|s| match s {
            Span::Text { text, .. } => text.clone(),
            Span::Icon(name) => format!("{{{name}}}"),
        })
        .collect()
}

/// The font of a run: `base` made bold and/or italic.
pub fn styled(base: Font, bold: bool, italic: bool) -> Font {
    base.with(bold || base.bold(), italic)
}

/// Width in mm of marked-up `text` in `font` at `size` mm.
pub fn width(font: Font, size: f64, text: &str) -> f64 {
    parse(text)
        .iter()
        .map(|s| match s {
            Span::Text { text, bold, italic } => {
                width_plain(styled(font, *bold, *italic), size, text)
            }
            Span::Icon(_) => ICON_ADVANCE * size,
        })
        .sum()
}

/// Breaks marked-up `text` into lines no wider than `max_width`; each line is markup of its own
/// (a bold phrase cut in two is bold on both lines).
pub fn wrap(font: Font, size: f64, max_width: f64, text: &str) -> Vec<String> {
    // Words: runs of spans between white space.
    let mut words: Vec<Vec<Span>> = vec![Vec::new()];
    for span in parse(text) {
        match span {
            Span::Icon(_) => words.last_mut().expect("one word").push(span),
            Span::Text { text, bold, italic } => {
                let mut first = true;
                for piece in text.split(char::is_whitespace) {
                    if !first && !words.last().expect("one word").is_empty() {
                        words.push(Vec::new());
                    }
                    first = false;
                    if !piece.is_empty() {
                        words.last_mut().expect("one word").push(Span::Text {
                            text: piece.to_string(),
                            bold,
                            italic,
                        });
                    }
                }
            }
        }
    }
    words.retain(|w| !w.is_empty());
    let mut lines = Vec::new();
    let mut line: Vec<Span> = Vec::new();
    for word in words {
        let mut candidate = line.clone();
        if !candidate.is_empty() {
            let (bold, italic) = match (candidate.last(), word.first()) {
                (
                    Some(Span::Text {
                        bold: b, italic: i, ..
                    }),
                    Some(Span::Text {
                        bold: b2,
                        italic: i2,
                        ..
                    }),
                ) => (*b && *b2, *i && *i2),
                _ => (false, false),
            };
            candidate.push(Span::Text {
                text: " ".into(),
                bold,
                italic,
            });
        }
        candidate.extend(word.iter().cloned());
        let candidate = merge(candidate);
        if !line.is_empty() && width(font, size, &write(&candidate)) > max_width {
            lines.push(write(&line));
            line = merge(word);
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(write(&line));
    }
    lines
}

/// Joins neighbouring runs of one style (so markers are not written at every word).
fn merge(spans: Vec<Span>) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::new();
    for s in spans {
        if let (
            Some(Span::Text {
                text: t,
                bold: b,
                italic: i,
            }),
            Span::Text { text, bold, italic },
        ) = (out.last_mut(), &s)
            && *b == *bold
            && *i == *italic
        {
            t.push_str(text);
            continue;
        }
        out.push(s);
    }
    out
}

thread_local! {
    /// The art of the icons the face being drawn names (`with_icons`): the drawing code
    /// returns only SVG, and an icon's art comes from the game.
    static ICONS: RefCell<HashMap<String, Arc<Group>>> = RefCell::new(HashMap::new());
}

/// Runs `draw` with `icons` available to text drawn on this thread, then forgets them (what an
/// enclosing drawing had is restored).
pub fn with_icons<R>(icons: HashMap<String, Arc<Group>>, draw: impl FnOnce() -> R) -> R {
    let outer = ICONS.with(|i| i.replace(icons));
    let result = draw();
    ICONS.with(|i| i.replace(outer));
    result
}

/// Whether `name` can be drawn as an icon here.
pub fn has_icon(name: &str) -> bool {
    ICONS.with(|i| i.borrow().contains_key(name))
}

/// Marked-up `content` as SVG, its baseline at `y` and anchored at `x` as `anchor` says. Runs
/// are set one after another at their measured widths; icons are the line's height, in the
/// text's colour (a symbol with colours of its own keeps them).
#[allow(clippy::too_many_arguments)]
pub fn render(
    x: f64,
    y: f64,
    size: f64,
    font: Font,
    anchor: Anchor,
    fill: &str,
    content: &str,
) -> Group {
    let spans = parse(content);
    let total = width(font, size, content);
    let mut at = match anchor {
        Anchor::Start => x,
        Anchor::Middle => x - total / 2.0,
        Anchor::End => x - total,
    };
    let mut g = Group::new();
    for span in &spans {
        match span {
            Span::Text { text, bold, italic } => {
                let f = styled(font, *bold, *italic);
                // Leading and trailing spaces are advanced over, not drawn (SVG drops them).
                let body = text.trim();
                let lead = &text[..text.len() - text.trim_start().len()];
                at += width_plain(f, size, lead);
                if !body.is_empty() {
                    g = g.add(super::canvas::plain_text(
                        at,
                        y,
                        size,
                        f,
                        Anchor::Start,
                        fill,
                        body,
                    ));
                }
                at += width_plain(f, size, text.trim_start());
            }
            Span::Icon(name) => {
                let art = ICONS.with(|i| i.borrow().get(name).cloned());
                match art {
                    Some(art) => {
                        let s = ICON_SIZE * size;
                        let gap = (ICON_ADVANCE - ICON_SIZE) * size / 2.0;
                        g = g.add(place(&art, at + gap, y - ICON_RISE * size, s, fill));
                    }
                    // Checked before drawing; a text drawn outside a face (a caption) shows it
                    // as written.
                    None => {
                        g = g.add(super::canvas::plain_text(
                            at,
                            y,
                            size,
                            font,
                            Anchor::Start,
                            fill,
                            &format!("{{{name}}}"),
                        ))
                    }
                }
                at += ICON_ADVANCE * size;
            }
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(text: &str, bold: bool, italic: bool) -> Span {
        Span::Text {
            text: text.into(),
            bold,
            italic,
        }
    }

    #[test]
    fn bold_italic_and_icons() {
        assert_eq!(
            parse("gain **2** {coin} *now*"),
            vec![
                t("gain ", false, false),
                t("2", true, false),
                t(" ", false, false),
                Span::Icon("coin".into()),
                t(" ", false, false),
                t("now", false, true),
            ]
        );
    }

    #[test]
    fn lone_stars_and_other_braces_stay_as_written() {
        for text in ["5 * 3 * 2", "a *b", "{row.x}", "{A B}", "**", "x*"] {
            assert_eq!(plain(text), text, "{text}");
            assert!(icons(text).is_empty());
        }
        assert_eq!(plain(r"\*not\* \{sun}"), "*not* {sun}");
    }

    #[test]
    fn written_back_it_parses_the_same() {
        for text in ["gain **two coins** {sun} and *a \\* card*", "***both*** x"] {
            let spans = parse(text);
            assert_eq!(parse(&write(&spans)), spans, "{text}");
        }
    }

    #[test]
    fn wrapping_keeps_a_style_across_lines() {
        let lines = wrap(
            Font::Sans,
            3.0,
            20.0,
            "take **three cards from the deck** now",
        );
        assert!(lines.len() > 1);
        for l in &lines {
            assert!(width(Font::Sans, 3.0, l) <= 20.0 + 1e-9, "{l}");
        }
        let bold: String = lines
            .iter()
            .flat_map(|l| parse(l))
            .filter_map(|s| match s {
                Span::Text {
                    text, bold: true, ..
                } => Some(text),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(bold, "three cards from the deck");
    }

    #[test]
    fn bold_measures_wider_and_icons_an_em() {
        assert!(width(Font::Sans, 4.0, "**Harvest**") > width(Font::Sans, 4.0, "Harvest"));
        let with_icon = width(Font::Sans, 4.0, "a {sun}");
        assert!((with_icon - width(Font::Sans, 4.0, "a ") - ICON_ADVANCE * 4.0).abs() < 1e-9);
    }
}
