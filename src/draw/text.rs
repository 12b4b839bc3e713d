//! Measuring text with the bundled fonts, so faces can fit and wrap text before the SVG is
//! written (a label never runs off a marker; a paragraph never leaves its card).
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

use crate::fonts;

/// A font the drawing code may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Font {
    Sans,
    SansBold,
    Condensed,
    CondensedBold,
    Display,
}

impl Font {
    pub fn family(self) -> &'static str {
        match self {
            Font::Sans | Font::SansBold => fonts::SANS,
            Font::Condensed | Font::CondensedBold => fonts::CONDENSED,
            Font::Display => fonts::DISPLAY,
        }
    }
    pub fn bold(self) -> bool {
        matches!(self, Font::SansBold | Font::CondensedBold)
    }
    fn file(self) -> &'static str {
        match self {
            Font::Sans => "Roboto-Regular.ttf",
            Font::SansBold => "Roboto-Bold.ttf",
            Font::Condensed => "RobotoCondensed-Regular.ttf",
            Font::CondensedBold => "RobotoCondensed-Bold.ttf",
            Font::Display => "BebasNeue-Regular.otf",
        }
    }
}

/// Advance widths per character in font units / units per em, computed once per font.
struct Metrics {
    advance: HashMap<char, f64>,
    fallback: f64,
}

fn metrics(font: Font) -> &'static Metrics {
    static CACHE: OnceLock<HashMap<Font, Metrics>> = OnceLock::new();
    let all = CACHE.get_or_init(|| {
        [
            Font::Sans,
            Font::SansBold,
            Font::Condensed,
            Font::CondensedBold,
            Font::Display,
        ]
        .into_iter()
        .map(|f| (f, load_metrics(f)))
        .collect()
    });
    &all[&font]
}

fn load_metrics(font: Font) -> Metrics {
    let bytes = crate::assets::fonts()
        .find(|(name, _)| *name == font.file())
        .map(|(_, b)| b)
        .expect("bundled font is embedded");
    let face = ttf_parser::Face::parse(bytes, 0).expect("bundled font parses");
    let upem = face.units_per_em() as f64;
    let mut advance = HashMap::new();
    // Latin, Latin-1, general punctuation and arrows cover everything our faces print; other
    // characters are measured with the fallback width (the width of "M").
    let ranges = [
        0x20u32..0x250,
        0x2000..0x2070,
        0x2190..0x21ff,
        0x2212..0x2213,
    ];
    for c in ranges.into_iter().flatten().filter_map(char::from_u32) {
        if let Some(g) = face.glyph_index(c)
            && let Some(a) = face.glyph_hor_advance(g)
        {
            advance.insert(c, a as f64 / upem);
        }
    }
    let fallback = advance.get(&'M').copied().unwrap_or(0.8);
    Metrics { advance, fallback }
}

/// Characters of `text` that none of the bundled fonts can draw (they would print as boxes or
/// vanish), and control characters.
pub fn undrawable(text: &str) -> Vec<char> {
    static FACES: OnceLock<Vec<ttf_parser::Face<'static>>> = OnceLock::new();
    let faces = FACES.get_or_init(|| {
        crate::assets::fonts()
            .filter_map(|(_, bytes)| ttf_parser::Face::parse(bytes, 0).ok())
            .collect()
    });
    let mut missing: Vec<char> = text
        .chars()
        .filter(|&c| c.is_control() || !faces.iter().any(|f| f.glyph_index(c).is_some()))
        .collect();
    missing.dedup();
    missing
}

/// Width in mm of `text` set in `font` at `size` mm.
pub fn width(font: Font, size: f64, text: &str) -> f64 {
    let m = metrics(font);
    advance(m, 0.0, text) * size
}

/// `sum` plus the advances of `text`'s characters, added one by one in order: a text measured
/// in pieces sums to exactly what it measures whole.
fn advance(m: &Metrics, sum: f64, text: &str) -> f64 {
    text.chars().fold(sum, |s, c| {
        s + m.advance.get(&c).copied().unwrap_or(m.fallback)
    })
}

/// The largest size ≤ `max` at which `text` fits in `max_width` (never below a third of `max`:
/// a text that needs less runs over, and is recorded by `overflowed`).
pub fn fit(font: Font, max: f64, max_width: f64, text: &str) -> f64 {
    fit_down_to(font, max, max / 3.0, max_width, text)
}

/// `fit`, setting the text as small as `min` (at most `max`) before it runs over.
pub fn fit_down_to(font: Font, max: f64, min: f64, max_width: f64, text: &str) -> f64 {
    let w = width(font, max, text);
    if w <= max_width || w == 0.0 {
        return max;
    }
    let size = (max * max_width / w).max(min.min(max));
    // A little slack: a text that misses by a hair is no problem on paper.
    if w * size / max > max_width * 1.02 {
        overflowed(text);
    }
    size
}

thread_local! {
    /// Texts that did not fit where they were drawn, while a face's drawing notes them
    /// (`noting_overflows`); `None` otherwise (a page's captions, a piece drawn inside a
    /// diagram). The drawing code returns only SVG, so the texts that ran over are collected
    /// here on the thread that draws.
    static OVERFLOWS: RefCell<Option<Vec<String>>> = const { RefCell::new(None) };
}

/// Runs `draw` with its overflows collected when `note`, or ignored, and returns them; what an
/// enclosing drawing collected is kept apart and restored.
pub fn noting_overflows<R>(note: bool, draw: impl FnOnce() -> R) -> (R, Vec<String>) {
    let outer = OVERFLOWS.with(|o| o.replace(note.then(Vec::new)));
    let result = draw();
    let own = OVERFLOWS.with(|o| o.replace(outer)).unwrap_or_default();
    (result, own)
}

/// Records that `text` ran over its space (at most 60 characters of it are kept).
pub fn overflowed(text: &str) {
    OVERFLOWS.with(|o| {
        if let Some(list) = o.borrow_mut().as_mut() {
            let short: String = match text.chars().nth(60) {
                Some(_) => text.chars().take(57).chain("…".chars()).collect(),
                None => text.to_string(),
            };
            list.push(short);
        }
    });
}

/// How many overflows are recorded, so that a trial layout can `forget_overflows_after` it.
pub fn overflow_count() -> usize {
    OVERFLOWS.with(|o| o.borrow().as_ref().map_or(0, Vec::len))
}

/// Drops the overflows recorded after `count` (a layout tried and not used).
pub fn forget_overflows_after(count: usize) {
    OVERFLOWS.with(|o| {
        if let Some(list) = o.borrow_mut().as_mut() {
            list.truncate(count);
        }
    });
}

/// Breaks `text` into lines no wider than `max_width` (a word longer than a line stands alone).
/// Each word is measured once, so a paragraph wraps in time linear in its length.
pub fn wrap(font: Font, size: f64, max_width: f64, text: &str) -> Vec<String> {
    let m = metrics(font);
    let mut lines = Vec::new();
    let mut line = String::new();
    // The line's advance in ems, summed as `width` sums it.
    let mut ems = 0.0;
    for word in text.split_whitespace() {
        if line.is_empty() {
            line.push_str(word);
            ems = advance(m, 0.0, word);
            continue;
        }
        let with_word = advance(m, advance(m, ems, " "), word);
        if with_word * size > max_width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
            ems = advance(m, 0.0, word);
        } else {
            line.push(' ');
            line.push_str(word);
            ems = with_word;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wider_text_measures_wider() {
        assert!(width(Font::Sans, 5.0, "Buckwheat") > width(Font::Sans, 5.0, "Rye"));
        assert!(width(Font::Condensed, 5.0, "Buckwheat") < width(Font::Sans, 5.0, "Buckwheat"));
    }

    #[test]
    fn wraps_within_width() {
        let lines = wrap(
            Font::Sans,
            3.0,
            40.0,
            "Move a grain marker down the track by one box",
        );
        assert!(lines.len() > 1);
        for l in &lines {
            assert!(width(Font::Sans, 3.0, l) <= 40.0, "{l}");
        }
    }

    #[test]
    fn wrapping_measures_each_word_once_and_breaks_as_measuring_each_line_whole_would() {
        // The way lines were broken before: each candidate line measured whole (quadratic).
        fn whole(font: Font, size: f64, max_width: f64, text: &str) -> Vec<String> {
            let mut lines = Vec::new();
            let mut line = String::new();
            for word in text.split_whitespace() {
                let candidate = match line.is_empty() {
                    true => word.to_string(),
                    false => format!("{line} {word}"),
                };
                if !line.is_empty() && width(font, size, &candidate) > max_width {
                    lines.push(std::mem::replace(&mut line, word.to_string()));
                } else {
                    line = candidate;
                }
            }
            lines.extend((!line.is_empty()).then_some(line));
            lines
        }
        let text = "Move a grain marker down the track by one box; the Elves—who never sleep—move \
                    two. Überraschung: a word longer than any line, Pneumonoultramicroscopic, \
                    stands alone.   Spaces\tand\nbreaks are one space.";
        for font in [Font::Sans, Font::CondensedBold, Font::Display] {
            for (size, room) in [
                (3.0, 40.0),
                (2.2, 57.0),
                (1.6, 12.0),
                (4.6, 0.5),
                (0.31, 33.3),
            ] {
                assert_eq!(
                    wrap(font, size, room, text),
                    whole(font, size, room, text),
                    "{font:?} at {size} in {room}"
                );
            }
        }
    }

    #[test]
    fn only_text_that_cannot_fit_is_recorded_as_overflowing() {
        let long = "Buckwheat ".repeat(20);
        let ((), recorded) = noting_overflows(true, || {
            fit(Font::Sans, 4.0, 30.0, "Rye");
            fit(Font::Sans, 4.0, 10.0, "Buckwheat");
            assert_eq!(overflow_count(), 0, "shrunk to fit: no overflow");
            fit(Font::Sans, 4.0, 10.0, &long);
            // A drawing inside this one (a piece on a diagram) keeps its own apart.
            let ((), inner) = noting_overflows(false, || {
                fit(Font::Sans, 4.0, 1.0, &long);
            });
            assert!(inner.is_empty());
        });
        assert_eq!(recorded.len(), 1);
        assert!(recorded[0].starts_with("Buckwheat") && recorded[0].chars().count() == 58);
        // Outside a face's drawing nothing is kept.
        fit(Font::Sans, 4.0, 1.0, &long);
        assert_eq!(overflow_count(), 0);
    }

    #[test]
    fn fit_shrinks_long_text() {
        let s = fit(Font::CondensedBold, 4.0, 10.0, "Buckwheat");
        assert!(s < 4.0 && width(Font::CondensedBold, s, "Buckwheat") <= 10.0 + 1e-9);
    }
}
