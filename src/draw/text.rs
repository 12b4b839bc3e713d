//! Measuring text with the bundled fonts, so faces can fit and wrap text before the SVG is
//! written (a label never runs off a marker; a paragraph never leaves its card).
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

use crate::base::fonts;

/// A font the drawing code may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Font {
    Sans,
    SansBold,
    Condensed,
    CondensedBold,
    Display,
    SansItalic,
    SansBoldItalic,
    CondensedItalic,
}

impl Font {
    pub fn family(self) -> &'static str {
        match self {
            Font::Sans | Font::SansBold | Font::SansItalic | Font::SansBoldItalic => fonts::SANS,
            Font::Condensed | Font::CondensedBold | Font::CondensedItalic => fonts::CONDENSED,
            Font::Display => fonts::DISPLAY,
        }
    }
    pub fn bold(self) -> bool {
        matches!(
            self,
            Font::SansBold | Font::CondensedBold | Font::SansBoldItalic
        )
    }
    pub fn italic(self) -> bool {
        matches!(
            self,
            Font::SansItalic | Font::SansBoldItalic | Font::CondensedItalic
        )
    }
    /// The same family made bold and/or italic, as far as the bundled fonts go (Bebas Neue
    /// has one style; Roboto Condensed no bold italic, which is set bold).
    pub fn with(self, bold: bool, italic: bool) -> Font {
        match (self.family(), bold, italic) {
            (fonts::SANS, false, false) => Font::Sans,
            (fonts::SANS, true, false) => Font::SansBold,
            (fonts::SANS, false, true) => Font::SansItalic,
            (fonts::SANS, true, true) => Font::SansBoldItalic,
            (fonts::CONDENSED, false, false) => Font::Condensed,
            (fonts::CONDENSED, true, _) => Font::CondensedBold,
            (fonts::CONDENSED, false, true) => Font::CondensedItalic,
            _ => self,
        }
    }
    fn file(self) -> &'static str {
        match self {
            Font::Sans => "Roboto-Regular.ttf",
            Font::SansBold => "Roboto-Bold.ttf",
            Font::Condensed => "RobotoCondensed-Regular.ttf",
            Font::CondensedBold => "RobotoCondensed-Bold.ttf",
            Font::Display => "BebasNeue-Regular.otf",
            Font::SansItalic => "Roboto-Italic.ttf",
            Font::SansBoldItalic => "Roboto-BoldItalic.ttf",
            Font::CondensedItalic => "RobotoCondensed-Italic.ttf",
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
            Font::SansItalic,
            Font::SansBoldItalic,
            Font::CondensedItalic,
        ]
        .into_iter()
        .map(|f| (f, load_metrics(f)))
        .collect()
    });
    &all[&font]
}

fn load_metrics(font: Font) -> Metrics {
    let bytes = crate::base::assets::fonts()
        .find(|(name, _)| *name == font.file())
        .map(|(_, b)| b)
        .expect("bundled font is embedded");
    metrics_of(bytes)
}

/// The metrics of a font file's first face (`fonts::add` checked that it parses).
fn metrics_of(bytes: &[u8]) -> Metrics {
    let face = ttf_parser::Face::parse(bytes, 0).expect("font parses");
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
    // Symbols the font lacks (♠, ★, ✓) are drawn from the symbol font, so measured by it.
    let symbols = crate::base::assets::fonts()
        .find(|(name, _)| *name == fonts::SYMBOLS_FILE)
        .and_then(|(_, b)| ttf_parser::Face::parse(b, 0).ok())
        .expect("bundled symbol font parses");
    let symbol_upem = symbols.units_per_em() as f64;
    for c in (0x2190u32..0x2800).filter_map(char::from_u32) {
        if !advance.contains_key(&c)
            && let Some(g) = symbols.glyph_index(c)
            && let Some(a) = symbols.glyph_hor_advance(g)
        {
            advance.insert(c, a as f64 / symbol_upem);
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
        crate::base::assets::fonts()
            .filter_map(|(_, bytes)| ttf_parser::Face::parse(bytes, 0).ok())
            .collect()
    });
    let mut missing: Vec<char> = text
        .chars()
        .filter(|&c| {
            c.is_control() || is_format_mark(c) || !faces.iter().any(|f| f.glyph_index(c).is_some())
        })
        .collect();
    missing.dedup();
    missing
}

thread_local! {
    /// The family a face's texts are set in (`font:`) while it is drawn (`in_face_font`), and
    /// its metrics: every text of the face is measured and written in it.
    static FACE_FONT: RefCell<Option<(String, &'static Metrics)>> = const { RefCell::new(None) };
}

/// Runs `draw` with every text set in `family` (a face's `font:`), or as the drawing code
/// chooses when `None`; what an enclosing drawing set is restored after.
pub fn in_face_font<R>(family: Option<&str>, draw: impl FnOnce() -> R) -> R {
    let chosen = family.map(|f| (f.to_string(), face_font_metrics(f)));
    let outer = FACE_FONT.with(|o| o.replace(chosen));
    let result = draw();
    FACE_FONT.with(|o| o.replace(outer));
    result
}

/// The family a face's texts are set in while it is drawn, if it names one.
pub fn face_font() -> Option<String> {
    FACE_FONT.with(|f| f.borrow().as_ref().map(|(family, _)| family.clone()))
}

/// The metrics of a family a face names: a game's own font's, measured once per process (the
/// families are the few a game lists), or a bundled one's.
fn face_font_metrics(family: &str) -> &'static Metrics {
    static OWN: OnceLock<std::sync::Mutex<HashMap<String, &'static Metrics>>> = OnceLock::new();
    let bundled = [Font::Sans, Font::Condensed, Font::Display]
        .into_iter()
        .find(|f| f.family() == family);
    if let Some(font) = bundled {
        return metrics(font);
    }
    let mut own = OWN
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    own.entry(family.to_string()).or_insert_with(|| {
        let m = match fonts::own_font(family) {
            Some(bytes) => metrics_of(&bytes),
            None => load_metrics(Font::Sans),
        };
        Box::leak(Box::new(m))
    })
}

/// Invisible marks that change how text around them reads (a bidi override, a zero-width
/// space): never printable, whatever a font has a glyph for.
pub fn is_format_mark(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}')
}

/// The metrics text in `font` is measured with: the face's own font's while a face that names
/// one is drawn.
fn face_metrics(font: Font) -> &'static Metrics {
    FACE_FONT
        .with(|f| f.borrow().as_ref().map(|(_, m)| *m))
        .unwrap_or_else(|| metrics(font))
}

/// Width in mm of `text` set in `font` at `size` mm (its markup read: bold runs measured bold,
/// icons an em wide; in the face's own font, if it names one).
pub fn width(font: Font, size: f64, text: &str) -> f64 {
    if !super::markup::is_plain(text) {
        return super::markup::width(font, size, text);
    }
    width_plain(font, size, text)
}

/// Width in mm of `text` as written, every character drawn, in `font` at `size` mm.
pub fn width_plain(font: Font, size: f64, text: &str) -> f64 {
    advance(face_metrics(font), 0.0, text) * size
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
    if !super::markup::is_plain(text) {
        return super::markup::wrap(font, size, max_width, text);
    }
    let m = face_metrics(font);
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

/// `hearts` → "Hearts".
pub fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
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
