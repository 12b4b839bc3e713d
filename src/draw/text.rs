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

/// Advance widths per character in font units / units per em, computed once per font: every
/// character the font has a glyph for, and nothing else.
struct Metrics {
    advance: HashMap<char, f64>,
    /// The width a character no font has is measured with (the width of "M").
    fallback: f64,
    /// Which bundled font file it is (`None` for a game's own font), and its style as the font
    /// database compares styles when it looks for a fallback.
    file: Option<&'static str>,
    style: (u8, u16, u16),
}

/// The bundled fonts in the order the font database holds them, which is the order the text
/// layout tries them in for a character a font lacks.
fn bundled() -> &'static [Metrics] {
    static ALL: OnceLock<Vec<Metrics>> = OnceLock::new();
    ALL.get_or_init(|| {
        crate::base::assets::fonts()
            .map(|(name, bytes)| Metrics {
                file: Some(name),
                ..metrics_of(bytes)
            })
            .collect()
    })
}

fn metrics(font: Font) -> &'static Metrics {
    bundled()
        .iter()
        .find(|m| m.file == Some(font.file()))
        .expect("bundled font is embedded")
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
    let subtables = face.tables().cmap.into_iter().flat_map(|c| c.subtables);
    for table in subtables.filter(|t| t.is_unicode()) {
        table.codepoints(|cp| {
            if let Some(c) = char::from_u32(cp)
                && let Some(g) = face.glyph_index(c)
                && let Some(a) = face.glyph_hor_advance(g)
            {
                advance.entry(c).or_insert(a as f64 / upem);
            }
        });
    }
    let fallback = advance.get(&'M').copied().unwrap_or(0.8);
    let style = match face.style() {
        ttf_parser::Style::Normal => 0,
        ttf_parser::Style::Italic => 1,
        ttf_parser::Style::Oblique => 2,
    };
    Metrics {
        advance,
        fallback,
        file: None,
        style: (style, face.weight().to_number(), face.width().to_number()),
    }
}

/// The advance (ems) of each character of `text` drawn as one run in the font of `m`, as the
/// text layout (usvg) draws it: a character the font lacks sends the layout to the first
/// bundled font that has it (and is not of another style, weight and width all three); if that
/// font has every character of the run, the whole run is drawn in it, else it fills in the
/// characters it has and the next missing one is looked for in the fonts after. A character no
/// font has is measured as an "M".
fn run_advances(m: &Metrics, text: &str) -> Vec<f64> {
    let chars: Vec<char> = text.chars().collect();
    let mut advances: Vec<Option<f64>> = chars.iter().map(|c| m.advance.get(c).copied()).collect();
    let mut used: Vec<Option<&'static str>> = vec![m.file];
    while let Some(i) = advances.iter().position(Option::is_none) {
        let c = chars[i];
        // The layout skips a font only when its style, weight and width all differ.
        let other_style = |f: &Metrics| {
            f.style.0 != m.style.0 && f.style.1 != m.style.1 && f.style.2 != m.style.2
        };
        let next = bundled()
            .iter()
            .find(|f| !used.contains(&f.file) && !other_style(f) && f.advance.contains_key(&c));
        let Some(next) = next else { break };
        if chars.iter().all(|c| next.advance.contains_key(c)) {
            return chars.iter().map(|c| next.advance[c]).collect();
        }
        for (k, a) in advances.iter_mut().enumerate() {
            if a.is_none() {
                *a = next.advance.get(&chars[k]).copied();
            }
        }
        used.push(next.file);
    }
    advances
        .into_iter()
        .map(|a| a.unwrap_or(m.fallback))
        .collect()
}

/// Whether the font of `m` draws every character of `text` itself.
fn has_all(m: &Metrics, text: &str) -> bool {
    text.chars().all(|c| m.advance.contains_key(&c))
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
            None => Metrics {
                file: Some(Font::Sans.file()),
                ..load_metrics(Font::Sans)
            },
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

/// Width in mm of `text` as written, every character drawn, in `font` at `size` mm, drawn as
/// one run (a character the font lacks measured in the font that draws it).
pub fn width_plain(font: Font, size: f64, text: &str) -> f64 {
    let m = face_metrics(font);
    if has_all(m, text) {
        return advance(m, 0.0, text) * size;
    }
    run_advances(m, text).into_iter().fold(0.0, |s, a| s + a) * size
}

/// `sum` plus the advances of `text`'s characters (all in the font of `m`), added one by one in
/// order: a text measured in pieces sums to exactly what it measures whole.
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
    // A line with a character its font lacks is drawn, so measured, as a whole (the font that
    // draws that character may draw the whole line); that re-measures a line a word at a time,
    // which a line's width bounds.
    let ems_of = |line: &str| match has_all(m, line) {
        true => advance(m, 0.0, line),
        false => run_advances(m, line).into_iter().fold(0.0, |s, a| s + a),
    };
    for word in text.split_whitespace() {
        if line.is_empty() {
            line.push_str(word);
            ems = ems_of(word);
            continue;
        }
        let with_word = match has_all(m, &line) && has_all(m, word) {
            true => advance(m, advance(m, ems, " "), word),
            false => ems_of(&format!("{line} {word}")),
        };
        if with_word * size > max_width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
            ems = ems_of(word);
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

    /// The advances (ems) of `text` in the bundled font file `file`, read from the font itself.
    fn in_file(file: &str, text: &str) -> f64 {
        let bytes = crate::base::assets::fonts()
            .find(|(n, _)| *n == file)
            .unwrap()
            .1;
        let face = ttf_parser::Face::parse(bytes, 0).unwrap();
        let upem = face.units_per_em() as f64;
        text.chars()
            .map(|c| {
                let g = face.glyph_index(c).expect("the font has it");
                face.glyph_hor_advance(g).unwrap() as f64 / upem
            })
            .sum()
    }

    #[test]
    fn a_run_with_a_character_its_font_lacks_is_measured_in_the_font_that_draws_it() {
        // Bebas Neue has no ⬢ nor →: the layout draws the whole run in the first font that has
        // every character of it, DejaVu Sans.
        for text in ["⬢⬢⬢⬢", "Go → North", "★ 3"] {
            let want = in_file(fonts::SYMBOLS_FILE, text) * 5.0;
            let got = width(Font::Display, 5.0, text);
            assert!(
                (got - want).abs() < 1e-9,
                "{text}: {got} mm, drawn {want} mm"
            );
        }
        // A run the font draws itself is measured in it.
        let own = in_file("BebasNeue-Regular.otf", "Go North") * 5.0;
        assert!((width(Font::Display, 5.0, "Go North") - own).abs() < 1e-9);
    }

    #[test]
    fn a_line_with_a_fallback_character_wraps_as_it_is_drawn() {
        let text = "Go ⬢ north then ⬢ east and ⬢ south";
        for line in wrap(Font::Display, 4.0, 30.0, text) {
            assert!(
                width(Font::Display, 4.0, &line) <= 30.0 || !line.contains(' '),
                "{line}"
            );
        }
    }

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
