//! Checks that serde cannot express: safe and unique ids, symbols that exist, kind-specific
//! sections, and limits enforced before any work starts. All problems are reported together.
use super::kind::Kinds;
use std::collections::HashSet;

use super::ids::is_safe_id;
use super::{Component, Face, Game, symbol_source};
use crate::base::diagnostic::{Diagnostic, Problems, did_you_mean};
use crate::base::units::Size;
use crate::base::units::short_mm;
use crate::spec::SpecError;
use serde_saphyr::{Location, Spanned};

/// Most copies of one variant; more is surely a typo (and would take minutes to draw).
pub const MAX_COPIES: u32 = 10_000;
/// Most pieces in one game.
pub const MAX_PIECES: u64 = 20_000;
/// Longest text in any face field.
pub const MAX_TEXT_CHARS: usize = 2_000;
/// Most text on one face as drawn (title, label, text, lines and table together).
pub const MAX_FACE_CHARS: usize = 10_000;
/// Most text in a game: every face as drawn (of every variant, every row of a data file), the
/// components' other texts and the game's own, counted as held, after aliases and placeholders
/// are filled in. Drawing and setting text is most of what a build costs.
pub const MAX_GAME_CHARS: usize = 500_000;

/// The range `game.min_text` may set, in points.
pub const MIN_TEXT_FLOOR_PT: f64 = 3.0;
pub const MAX_TEXT_FLOOR_PT: f64 = 24.0;

/// Checks a game; returns the warnings (what prints, but not as meant).
pub fn check<K: Kinds>(game: &Game<K>) -> Result<Vec<Diagnostic>, SpecError> {
    let mut problems = Vec::new();
    let mut pictures = Pictures::default();
    let file = game.file.as_str();
    let spec = &game.spec;
    check_id(file, &spec.game.id, "game id", &mut problems);

    let mut component_ids = std::collections::HashMap::new();
    let mut total: u64 = 0;
    let mut texts = Texts {
        game,
        symbols: Default::default(),
        places: Default::default(),
    };
    if spec.game.name.trim().is_empty() {
        problems.push(Diagnostic::at(
            file,
            &spec.game.id,
            "`game.name` is empty: it titles the PDF, its cover and every page's footer".into(),
        ));
    }
    let g = &spec.game;
    check_player_counts(file, &g.players, &mut problems);
    if let Some(floor) = &g.min_text {
        let pt = floor.value.mm() * crate::base::units::PT_PER_MM;
        if !(MIN_TEXT_FLOOR_PT..=MAX_TEXT_FLOOR_PT).contains(&pt) {
            problems.push(Diagnostic::at(
                file,
                floor,
                format!(
                    "`min_text` is {} pt: the smallest text `pnp check` lets pass is {MIN_TEXT_FLOOR_PT} to {MAX_TEXT_FLOOR_PT} pt (6 pt when not given)",
                    crate::base::units::n((pt * 10.0).round() / 10.0)
                ),
            ));
        }
    }
    let mut rule_ids = std::collections::HashMap::new();
    for r in &spec.rules {
        if let Some(first) = rule_ids.insert(r.id.value.as_str(), r.id.referenced.line()) {
            problems.push(Diagnostic::at(
                file,
                &r.id,
                format!(
                    "rule id `{}` is used twice (first on line {first})",
                    r.id.value
                ),
            ));
        }
    }
    // A rule's words go into the PDF's report as they are written.
    for r in &spec.rules {
        for text in std::iter::once(&r.quote).chain(&r.section) {
            texts.check(file, &r.id, &r.id.value, text, &mut problems);
        }
    }
    let game_texts = [&g.designer, &g.licence, &g.source, &g.description];
    let needs = g.needs.iter();
    let mut game_text = GameText::default();
    for text in std::iter::once(&g.name)
        .chain(game_texts.into_iter().flatten())
        .chain(needs)
    {
        game_text.add(text.chars().count(), file, &g.id, || "game".into());
        texts.check(file, &g.id, &g.id.value, text, &mut problems);
    }
    for c in &spec.components {
        // A component of an included game is located in that game's file.
        let file = game.file_of(c);
        check_id(file, &c.id, "component id", &mut problems);
        let here = (c.origin.as_deref(), c.id.referenced.line());
        if let Some((first_file, first_line)) = component_ids.insert(c.id.value.as_str(), here) {
            let place = match first_file {
                Some(f) if Some(f) != c.origin.as_deref() => format!("{f}:{first_line}"),
                _ => format!("line {first_line}"),
            };
            problems.push(Diagnostic::at(
                file,
                &c.id,
                format!(
                    "component id `{}` is used twice (first on {place})",
                    c.id.value
                ),
            ));
        }
        check_kind_fields(file, c, &mut problems);
        check_small_size(file, c, &mut problems);
        check_players_and_pips(game, c, &mut problems);
        check_grids(file, c, &mut problems);
        check_holds(game, file, c, &mut problems);
        // A kind whose section is missing has nothing of its own to check.
        if !c.stray.iter().any(|s| s.missing) {
            let mut cx = super::kind::CheckCx {
                game,
                component: c,
                file,
                problems: &mut problems,
            };
            c.kind.check(&mut cx);
        }
        let mut variant_ids = HashSet::new();
        for v in c.variants.iter() {
            check_id(file, &v.id, "variant id", &mut problems);
            if !variant_ids.insert(v.id.value.clone()) {
                problems.push(Diagnostic::at(
                    file,
                    &v.id,
                    format!(
                        "variant id `{}` is used twice in `{}`",
                        v.id.value, c.id.value
                    ),
                ));
            }
        }
        let counts = c.variants.iter().map(|v| v.copies.clone());
        for copies in std::iter::once(c.copies.clone()).chain(counts).flatten() {
            if copies.value > MAX_COPIES {
                problems.push(Diagnostic::at(
                    file,
                    &copies,
                    format!(
                        "{} copies is more than the limit of {MAX_COPIES}",
                        copies.value
                    ),
                ));
            }
        }
        total += c.total_copies();
        for symbol in c.kind.symbols() {
            let why = texts.symbol_problem(&symbol.value);
            problems.extend(why.map(|m| Diagnostic::at(file, symbol, m)));
        }
        // One walk (a data file's rows are filled in for it); the symbols' problems are
        // listed before the texts', as they were found in two.
        let mut text_problems = Vec::new();
        // A data file's rows were checked as they were read, each at its own cell.
        let from_data = c.data_file.is_some();
        each_face(c, |at, face, drawn| {
            if let Some(symbol) = &face.symbol {
                let why = texts.symbol_problem(&symbol.value);
                problems.extend(why.map(|m| Diagnostic::at(file, symbol, m)));
            }
            if let Some(font) = face.font.as_ref()
                && !crate::base::fonts::has_family(&font.value)
            {
                let families = font_families(&font.value);
                let message = format!("no font family `{}`: expected {families}", font.value);
                problems.push(Diagnostic::at(file, font, message));
            }
            if let Some(image) = face.image.as_ref().filter(|_| !from_data) {
                let (dir, layouts) = (game.dir_of(c), &game.spec.layouts);
                let place = |m| Diagnostic::at(file, image, m);
                if let Err(problem) = pictures.check(dir, &image.value, c, face, layouts, place) {
                    problems.push(problem);
                }
            }
            let piece = || match std::ptr::eq(at, &c.id) {
                true => c.id.value.clone(),
                false => format!("{}-{}", c.id.value, at.value),
            };
            if let Some(chars) = drawn {
                if chars > MAX_FACE_CHARS {
                    text_problems.push(Diagnostic::at(
                        file,
                        at,
                        format!(
                            "a face of `{}` holds {} characters of text; a face holds at most \
                             {} (title, label, text, lines and table together)",
                            piece(),
                            thousands(chars as u64),
                            thousands(MAX_FACE_CHARS as u64)
                        ),
                    ));
                }
                if !game_text.add(chars, file, at, piece) {
                    // Past the game's limit: the rest is not read (it could be slow to).
                    return false;
                }
            }
            for text in face.texts() {
                texts.check(file, at, &c.id.value, text, &mut text_problems);
                texts.icons(file, at, text, &mut text_problems);
            }
            true
        });
        // A data file's cells were said as they were read, at their cells.
        if from_data {
            text_problems.retain(|p| p.severity != crate::base::diagnostic::Severity::Warning);
        }
        problems.append(&mut text_problems);
        // Texts outside faces are plain strings, so they are located at their component. A
        // sheet's `{key}` is a player's value, filled by `pnp sheets`, unless a symbol has
        // that name.
        let sheet = c.kind.fills_in_players();
        for text in other_texts(c) {
            game_text.add(text.chars().count(), file, &c.id, || c.id.value.clone());
            texts.check(file, &c.id, &c.id.value, text, &mut problems);
            if !sheet {
                texts.icons(file, &c.id, text, &mut problems);
            }
        }
        if game_text.over.is_some() {
            break;
        }
    }
    super::tts::check(game, &mut problems);
    check_icon_colors(&mut texts, &mut problems);
    problems.extend(game_text.over);
    super::layouts::check(game, &mut problems);
    if total > MAX_PIECES {
        problems.push(Diagnostic::new(
            file,
            1,
            1,
            format!("the game has {total} pieces; the limit is {MAX_PIECES}"),
        ));
    }
    // Variants filled from one template (a matrix, a CSV's rows) repeat its problem, at its
    // place: said once.
    // A text no font can draw all of is said once, wherever else it is written (a title
    // on 52 cards is one warning).
    let (warned, errors): (Vec<_>, Vec<_>) = problems
        .into_iter()
        .partition(|p| p.severity == crate::base::diagnostic::Severity::Warning);
    let mut problems = errors;
    let mut said = HashSet::new();
    pictures.warnings.extend(
        warned
            .into_iter()
            .filter(|w| said.insert(w.message.clone())),
    );
    problems.dedup();
    pictures.warnings.dedup();
    if problems.is_empty() {
        Ok(pictures.warnings)
    } else {
        Err(SpecError::Invalid(Problems(problems)))
    }
}

/// The game's pictures, each read and checked once however many faces show it; and the
/// warnings found about them.
#[derive(Default)]
pub(super) struct Pictures {
    read: std::collections::HashMap<
        (Option<std::path::PathBuf>, String),
        Result<std::sync::Arc<crate::draw::images::Picture>, crate::draw::images::ImageError>,
    >,
    pub(super) warnings: Vec<Diagnostic>,
}

/// A picture that cannot be printed.
#[derive(Debug, thiserror::Error)]
#[error("image: {0}")]
struct Unprintable(crate::draw::images::ImageError);

impl Pictures {
    /// Why the picture `name` (of a game in `dir`) cannot be printed on `face` of `c`'s pieces
    /// (`Err`), placed by `place`; a warning in `warnings` when it will print soft (too few
    /// pixels for its printed size, across the piece or in the box of the face's layout that
    /// shows it).
    pub(super) fn check<K: Kinds>(
        &mut self,
        dir: Option<&std::path::Path>,
        name: &str,
        c: &Component<K>,
        face: &Face,
        layouts: &std::collections::BTreeMap<String, super::layouts::Layout>,
        place: impl Fn(String) -> Diagnostic,
    ) -> Result<(), Diagnostic> {
        let picture = self
            .read
            .entry((dir.map(|d| d.to_path_buf()), name.to_string()))
            .or_insert_with(|| crate::draw::images::load(dir, name))
            .as_ref()
            .map_err(|e| place(Unprintable(e.clone()).to_string()))?;
        let Some((cw, ch)) = c.size_mm().filter(|_| picture.is_raster()) else {
            return Ok(());
        };
        let boxed = face
            .layout
            .as_ref()
            .and_then(|l| layouts.get(&l.value))
            .and_then(super::layouts::image_box);
        let (w, h) = boxed.map_or((cw, ch), |b| (b.w.mm(cw), b.h.mm(ch)));
        let printed = match boxed {
            Some(b) => format!(
                "in the {} × {} mm box `{}`",
                short_mm(w),
                short_mm(h),
                b.name
            ),
            None => format!("on the {} × {} mm piece", short_mm(w), short_mm(h)),
        };
        let fit = face.fit.unwrap_or_default();
        let (pw, ph) = (picture.w as f64, picture.h as f64);
        let (dw, dh) = crate::draw::image::drawn_size(pw, ph, fit, w, h);
        let dpi = match fit {
            crate::spec::Fit::Stretch => picture.dpi_at(w, h),
            _ => picture.dpi_at(dw, dh),
        };
        let Some((need_w, need_h)) = crate::draw::images::pixels_needed(
            picture.w,
            picture.h,
            dpi,
            crate::draw::images::MIN_DPI,
        ) else {
            return Ok(());
        };
        let soft = format!(
            "image `{name}` is {} × {} pixels: {dpi:.0} dpi as it is printed {printed}, below the {:.0} dpi that prints sharp (it needs {} × {} pixels or more)",
            picture.w,
            picture.h,
            crate::draw::images::MIN_DPI,
            need_w,
            need_h,
        );
        self.warnings.push(place(soft).warning());
        Ok(())
    }
}

/// What checking texts carries from one text to the next: what is wrong with each symbol
/// (worked out once per name) and where the texts are written.
struct Texts<'g, K: Kinds> {
    game: &'g Game<K>,
    symbols: std::collections::HashMap<String, Option<String>>,
    places: TextPlaces,
}

impl<K: Kinds> Texts<'_, K> {
    /// A problem with `text`: placed at the text itself when `places` finds it, else at `at`.
    fn at(&mut self, file: &str, at: &Spanned<String>, text: &str, message: String) -> Diagnostic {
        let mut problem = Diagnostic::at(file, at, message);
        if let Some((line, column)) = self.places.find(file, at, text) {
            (problem.line, problem.column) = (line, column);
        }
        problem
    }

    /// A text must be drawable by the bundled fonts and at most `MAX_TEXT_CHARS` long.
    fn check(
        &mut self,
        file: &str,
        at: &Spanned<String>,
        component: &str,
        text: &str,
        problems: &mut Vec<Diagnostic>,
    ) {
        for fault in text_faults(text) {
            let message = match fault {
                // Said once per text, so not per variant.
                TextFault::Undrawable { .. } if fault.is_warning() => {
                    format!("the text `{text}` {fault}")
                }
                TextFault::Undrawable { .. } => {
                    format!("the text `{text}` of `{}` {fault}", at.value)
                }
                // Not echoed: the terminal cannot show it either.
                TextFault::Noncharacter(_) => format!("a text of `{}` {fault}", at.value),
                TextFault::TooLong => format!("a text of `{component}` {fault}"),
            };
            let problem = self.at(file, at, text, message);
            problems.push(match fault.is_warning() {
                true => problem.warning().hint(MISSING_GLYPH_HINT),
                false => problem,
            });
        }
    }

    /// Every icon `{name}` in `text` must name a symbol; each that does not is reported at the
    /// text.
    fn icons(
        &mut self,
        file: &str,
        at: &Spanned<String>,
        text: &str,
        problems: &mut Vec<Diagnostic>,
    ) {
        let mut seen = HashSet::new();
        for name in crate::draw::markup::icons(text) {
            if !seen.insert(name.clone()) {
                continue;
            }
            if let Some(why) = self.symbol_problem(&name) {
                let message = format!("icon `{{{name}}}` in the text `{text}`: {why}");
                problems.push(self.at(file, at, text, message));
            }
        }
    }

    /// What is wrong with the symbol `name`, if anything: worked out once per name (a suit
    /// symbol is referenced by dozens of variants), said at every reference.
    fn symbol_problem(&mut self, name: &str) -> Option<String> {
        let game = self.game;
        let verdict = self.symbols.entry(name.to_string()).or_insert_with(|| {
            if !is_safe_id(name) {
                Some(unsafe_symbol_name(name, &crate::spec::symbol_names(game)))
            } else {
                match symbol_source(game, name) {
                    Ok(Some(file)) => crate::draw::symbol::parse(&file.source)
                        .err()
                        .map(|e| format!("{}: {e}", file.path)),
                    Ok(None) => return Some(no_symbol(name, &crate::spec::symbol_names(game))),
                    Err((path, e)) => Some(format!("{path}: {e}")),
                }
                .map(|e| format!("symbol `{name}`: {e}"))
            }
        });
        verdict.clone()
    }
}

/// Why `name` cannot name a symbol file, with the symbol it most likely means (of `known`).
pub(super) fn unsafe_symbol_name(name: &str, known: &[String]) -> String {
    let lower = name.to_lowercase();
    let hint = match known.contains(&lower) {
        true => format!("; did you mean `{lower}`?"),
        false => did_you_mean(&lower, known.iter().map(String::as_str)),
    };
    format!(
        "symbol `{name}` must be a plain file name such as `grain-wheat` (lower-case letters, digits, `-` and `_`; no paths){hint}"
    )
}

/// There is no symbol `name`; `known` are the names there are.
pub(super) fn no_symbol(name: &str, known: &[String]) -> String {
    let hint = did_you_mean(name, known.iter().map(String::as_str));
    format!(
        "no symbol `{name}`: expected one of pnp's symbols or a file `symbols/{name}.svg` beside the game's YAML{hint}"
    )
}

/// The font families a face may name, for a message about `family`, which is none of them:
/// "one of Roboto, … (a game adds its own with `fonts:`)", with the one it likely means.
pub(super) fn font_families(family: &str) -> String {
    let known = crate::base::fonts::families();
    let hint = did_you_mean(family, known.iter().map(String::as_str));
    let known = known.join(", ");
    format!("one of {known} (a game adds its own with `fonts:`){hint}")
}

/// What to do about a character no font has.
pub(super) const MISSING_GLYPH_HINT: &str =
    "it prints as an empty box: add a font that has it with `fonts:` and name it with `font:`";

/// Unicode's noncharacters: U+FDD0 to U+FDEF and the last two code points of every plane.
pub(super) fn is_noncharacter(c: char) -> bool {
    let n = c as u32;
    (0xFDD0..=0xFDEF).contains(&n) || n & 0xFFFE == 0xFFFE
}

/// Why a text cannot be printed as written.
pub(super) enum TextFault {
    /// Unicode noncharacters, listed.
    Noncharacter(String),
    /// Characters the bundled fonts cannot draw, listed; `control` when some are control
    /// characters (an error: they are no text at all), else a warning (they print as boxes).
    Undrawable {
        list: String,
        control: bool,
    },
    TooLong,
}

impl TextFault {
    /// Whether the text still prints (with a box for each character no font has).
    pub(super) fn is_warning(&self) -> bool {
        matches!(self, TextFault::Undrawable { control: false, .. })
    }
}

impl std::fmt::Display for TextFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TextFault::Undrawable { list, .. } => {
                write!(f, "has characters the bundled fonts cannot draw: {list}")
            }
            TextFault::Noncharacter(list) => write!(
                f,
                "holds {list}, a Unicode noncharacter that no text may hold"
            ),
            TextFault::TooLong => write!(f, "is longer than {MAX_TEXT_CHARS} characters"),
        }
    }
}

/// What keeps `text` from being printed: characters the bundled fonts cannot draw, or more than
/// `MAX_TEXT_CHARS` characters.
pub(super) fn text_faults(text: &str) -> Vec<TextFault> {
    let mut found = Vec::new();
    // Line breaks and tabs are white space to SVG text, and wrapped texts split on them.
    let mut missing = crate::draw::text::undrawable(text);
    missing.retain(|c| !matches!(c, '\n' | '\t'));
    // Noncharacters (U+FFFF, U+FDD0…) are not text: no SVG or PDF may hold them, whatever a
    // font maps them to.
    let mut odd: Vec<char> = text.chars().filter(|&c| is_noncharacter(c)).collect();
    odd.dedup();
    if !odd.is_empty() {
        found.push(TextFault::Noncharacter(
            odd.iter()
                .map(|&c| format!("U+{:04X}", c as u32))
                .collect::<Vec<_>>()
                .join(", "),
        ));
        missing.retain(|&c| !is_noncharacter(c));
    }
    if !missing.is_empty() {
        let list: Vec<String> = missing
            .iter()
            .map(|c| format!("{c:?} (U+{:04X})", *c as u32))
            .collect();
        found.push(TextFault::Undrawable {
            list: list.join(", "),
            // Control characters and invisible format marks (a bidi override, a zero-width
            // space) are no text to print at all.
            control: missing
                .iter()
                .any(|&c| c.is_control() || crate::draw::text::is_format_mark(c)),
        });
    }
    if text.chars().count() > MAX_TEXT_CHARS {
        found.push(TextFault::TooLong);
    }
    found
}

/// Finds where a face's text is written: texts are plain strings without a place of their own,
/// and their component's or variant's id may be many lines above them. Each file is read once,
/// and only the first few problems are looked for (a deck of bad texts stays quick).
#[derive(Default)]
struct TextPlaces {
    sources: std::collections::HashMap<String, Option<String>>,
    looked: usize,
}

impl TextPlaces {
    const MAX_LOOKS: usize = 50;

    /// The line and column of the text's first line (its first 24 characters) at or after
    /// `from`'s line, if it is written there as it reads.
    fn find(&mut self, file: &str, from: &Spanned<String>, text: &str) -> Option<(usize, usize)> {
        self.looked += 1;
        if self.looked > Self::MAX_LOOKS {
            return None;
        }
        let source = self
            .sources
            .entry(file.to_string())
            .or_insert_with(|| crate::base::diagnostic::source_of(file))
            .as_deref()?;
        let needle: String = text.lines().next()?.trim().chars().take(24).collect();
        if needle.is_empty() {
            return None;
        }
        let skip = (from.referenced.line() as usize).saturating_sub(1);
        source.lines().enumerate().skip(skip).find_map(|(n, line)| {
            let byte = line.find(&needle)?;
            Some((n + 1, line[..byte].chars().count() + 1))
        })
    }
}

/// A component's printed texts that are not on its faces: its name (captions, bookmarks) and
/// what its kind prints (a track's labels, a die's faces, a sheet's texts).
fn other_texts<K: Kinds>(c: &Component<K>) -> Vec<&str> {
    let mut out: Vec<&str> = c.name.iter().map(String::as_str).collect();
    out.extend(c.kind.texts());
    out
}

/// Calls `f` with every face of a component, the id that locates it (the variant's, or the
/// component's) and how many characters of text the face prints as drawn (a variant's face laid
/// over its component's); `None` for a component's own faces when its variants are what is
/// drawn. A data file's rows are filled in one at a time, never held together. `f` returns
/// false to stop the walk.
fn each_face<K: Kinds>(
    c: &Component<K>,
    mut f: impl FnMut(&Spanned<String>, &Face, Option<usize>) -> bool,
) {
    let own_drawn = c.variants.is_empty();
    for face in std::iter::once(&c.front).chain(c.back.iter()) {
        if !f(
            &c.id,
            face,
            own_drawn.then(|| drawn_chars(&Face::EMPTY, face)),
        ) {
            return;
        }
    }
    for v in c.variants.iter() {
        let front = c.variant_front(&v);
        if !f(&v.id, &front, Some(drawn_chars(&c.front, &front))) {
            return;
        }
        if let Some(back) = c.variant_back(&v) {
            let base = c.back.as_ref().unwrap_or(&Face::EMPTY);
            if !f(&v.id, &back, Some(drawn_chars(base, &back))) {
                return;
            }
        }
    }
}

/// The characters of text `over` laid on `base` prints (`Face::overlaid`'s texts), without
/// making that face.
fn drawn_chars(base: &Face, over: &Face) -> usize {
    let chars = |t: &Option<String>| t.as_deref().map_or(0, |t| t.chars().count());
    let pick = |o: &Option<String>, b: &Option<String>| chars(if o.is_some() { o } else { b });
    let lines = |f: &Face| -> usize { f.lines.iter().flatten().map(|t| t.chars().count()).sum() };
    let table = |f: &Face| {
        let cells = f.table.iter().flatten().flatten();
        cells.map(|t| t.chars().count()).sum::<usize>()
    };
    // The face a list is drawn from: `over` when it sets one.
    let from = |over_sets: bool| if over_sets { over } else { base };
    pick(&over.title, &base.title)
        + pick(&over.label, &base.label)
        + pick(&over.text, &base.text)
        + lines(from(over.lines.is_some()))
        + table(from(over.table.is_some()))
}

/// The text of a game counted as it is checked, against `MAX_GAME_CHARS`.
#[derive(Default)]
struct GameText {
    chars: usize,
    /// The problem, once the count passes the limit (located where it did).
    over: Option<Diagnostic>,
}

impl GameText {
    /// Counts `chars` more, of `what` (a piece), written at `at` in `file`; false once past the
    /// limit.
    fn add(
        &mut self,
        chars: usize,
        file: &str,
        at: &Spanned<String>,
        what: impl FnOnce() -> String,
    ) -> bool {
        self.chars = self.chars.saturating_add(chars);
        if self.chars > MAX_GAME_CHARS && self.over.is_none() {
            self.over = Some(Diagnostic::at(
                file,
                at,
                format!(
                    "the game's texts pass {} characters here, at `{}`: a game holds at most \
                     {} characters of text (every face of every variant and data row as \
                     drawn, names and labels together)",
                    thousands(MAX_GAME_CHARS as u64),
                    what(),
                    thousands(MAX_GAME_CHARS as u64)
                ),
            ));
        }
        self.over.is_none()
    }
}

/// `12345` as `12,345`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

fn check_id(file: &str, id: &Spanned<String>, what: &str, problems: &mut Vec<Diagnostic>) {
    if !is_safe_id(&id.value) {
        problems.push(Diagnostic::at(
            file,
            id,
            format!(
                "{what} `{}` must be 1–64 lowercase letters, digits, `-` or `_` (it names files)",
                id.value
            ),
        ));
    }
}

/// The fields a component's kind does not take, or a section it needs and lacks: errors at the
/// field. Face fields its kind does not draw: warnings are `unused_face_fields`' job.
fn check_kind_fields<K: Kinds>(file: &str, c: &Component<K>, problems: &mut Vec<Diagnostic>) {
    let kind = c.kind.name();
    let takes = c.kind.fields();
    for stray in &c.stray {
        let key = stray.key.value.as_str();
        let message = if stray.missing {
            let keys = K::required_keys(kind);
            match keys.is_empty() {
                true => format!("`{}` is a {kind} but has no `{kind}:` section", c.id.value),
                false => format!(
                    "`{}` is a {kind} but has no `{kind}:` section ({})",
                    c.id.value,
                    keys.join(", ")
                ),
            }
        } else if K::SECTIONS.contains(&key) {
            format!(
                "`{key}:` describes a {key}, but `{}` is a {kind}: {}",
                c.id.value,
                match K::section_of(kind) {
                    Some(own) => format!("its section is `{own}:`"),
                    None => format!("a {kind} has no section of its own"),
                }
            )
        } else {
            let own: Vec<String> = takes.iter().map(|f| format!("`{}`", f.key())).collect();
            format!(
                "a {kind} takes no `{key}:`{}",
                match (key, own.is_empty()) {
                    ("size", _) => " (its size follows from its section)".to_string(),
                    (_, true) => String::new(),
                    (_, false) => format!(" (of the shared fields it takes {})", own.join(", ")),
                }
            )
        };
        problems.push(Diagnostic::at(file, &stray.key, message));
    }
    let needs_size = takes.contains(&super::kind::Field::Size);
    if needs_size && c.size.is_none() {
        problems.push(Diagnostic::at(
            file,
            &c.id,
            format!(
                "`{}` needs a `size:` such as `19mm` or `63mm x 88mm`",
                c.id.value
            ),
        ));
    }
}

/// The smallest side of a piece, of a track's space or end area and of a board's square. The
/// smallest shipped piece is 11 mm; below a millimetre a face cannot be drawn at all.
pub const MIN_SIDE_MM: f64 = 1.0;

/// A size of `what` at least `MIN_SIDE_MM` on every side, as `rule` says it must be.
pub fn check_min_side<K: Kinds>(
    cx: &mut super::kind::CheckCx<K>,
    what: &str,
    rule: &str,
    size: &Spanned<Size>,
) {
    if let Some(message) = too_small(what, rule, &size.value) {
        cx.at(size, message);
    }
}

fn too_small(what: &str, rule: &str, s: &Size) -> Option<String> {
    (s.w.mm() < MIN_SIDE_MM || s.h.mm() < MIN_SIDE_MM).then(|| {
        let (w, h) = (short_mm(s.w.mm()), short_mm(s.h.mm()));
        format!("{what} is {w} × {h} mm; {rule} be at least {MIN_SIDE_MM} mm on every side")
    })
}

/// A piece's `size` at least `MIN_SIDE_MM` a side.
fn check_small_size<K: Kinds>(file: &str, c: &Component<K>, problems: &mut Vec<Diagnostic>) {
    if let Some(size) = &c.size
        && let Some(m) = too_small(&format!("`{}`", c.id.value), "a piece must", &size.value)
    {
        problems.push(Diagnostic::at(file, size, m));
    }
}

/// Most squares along a side of a `grid:` face.
pub const MAX_GRID: u32 = 12;

/// `grid:` on every face a component's pieces are drawn from: its own front and back and its
/// variants' (each reported at the variant). A matrix's variants carry the component's faces,
/// so theirs are reported once, at the component.
fn check_grids<K: Kinds>(file: &str, c: &Component<K>, problems: &mut Vec<Diagnostic>) {
    let bad = |face: &Face| face.grid.filter(|g| !(1..=MAX_GRID).contains(g));
    let message =
        |g: u32, piece: &str| format!("`grid: {g}` in `{piece}`: expected 1 to {MAX_GRID}");
    // Bad values already reported at the component.
    let mut reported = HashSet::new();
    for face in std::iter::once(&c.front).chain(c.back.iter()) {
        if let Some(g) = bad(face)
            && reported.insert(g)
        {
            problems.push(Diagnostic::at(file, &c.id, message(g, &c.id.value)));
        }
    }
    for v in c.variants.iter() {
        let (front, back) = (c.variant_front(&v), c.variant_back(&v));
        for face in std::iter::once(&*front).chain(back.as_deref()) {
            let Some(g) = bad(face) else { continue };
            if c.matrix.is_some() {
                if reported.insert(g) {
                    problems.push(Diagnostic::at(file, &c.id, message(g, &c.id.value)));
                }
            } else {
                let piece = format!("{}-{}", c.id.value, v.id.value);
                problems.push(Diagnostic::at(file, &v.id, message(g, &piece)));
            }
        }
    }
}

/// Face fields that a component's kind does not draw (`pips:` on a card), each named once per
/// component and side (and once for the faces of its kind's own section, a die's), at the face
/// that sets it first: warnings, since the piece still prints.
pub fn unused_face_fields<K: Kinds>(game: &Game<K>) -> Vec<Diagnostic> {
    use super::kind::FaceField;
    use crate::base::forms::Side;
    let mut found = Vec::new();
    for c in &game.spec.components {
        let file = game.file_of(c);
        let kind = &c.kind;
        let name = c.kind.name();
        for side in [Side::Front, Side::Back] {
            let draws = kind.draws(side);
            let mut faces: Vec<(Location, Face)> = Vec::new();
            let own = match side {
                Side::Front => Some((c.front_at, c.front.clone())),
                Side::Back => c.back.clone().map(|b| (c.back_at, b)),
            };
            faces.extend(own);
            for v in c.variants.iter() {
                let face = match side {
                    Side::Front => Some(c.variant_front(&v).into_owned()),
                    Side::Back => c.variant_back(&v).map(|b| b.into_owned()),
                };
                faces.extend(face.map(|f| (v.id.referenced, f)));
            }
            for field in FaceField::ALL.into_iter().filter(|f| !draws.contains(f)) {
                if let Some((at, _)) = faces.iter().find(|(_, f)| field.is_set(f)) {
                    let key = field.key();
                    let drawn: Vec<&str> = draws.iter().map(|f| f.key()).collect();
                    let message = format!(
                        "`{key}:` on the {} of `{}` is not drawn: a {name}'s {} shows {}",
                        side.name(),
                        c.id.value,
                        side.name(),
                        drawn.join(", ")
                    );
                    let (line, column) = key_near(file, *at, key);
                    found.push(Diagnostic::new(file, line, column, message));
                }
            }
        }
        let Some(own) = kind.own_faces() else {
            continue;
        };
        for field in FaceField::ALL
            .into_iter()
            .filter(|f| !own.draws.contains(f))
        {
            let set = own
                .faces
                .iter()
                .enumerate()
                .find(|(_, (_, f))| field.is_set(f));
            if let Some((n, (at, _))) = set {
                let key = field.key();
                let drawn: Vec<&str> = own.draws.iter().map(|f| f.key()).collect();
                let message = format!(
                    "`{key}:` on face {} of `{}` of `{}` is not drawn: a {name}'s faces show {}",
                    n + 1,
                    own.key,
                    c.id.value,
                    drawn.join(", ")
                );
                let (line, column) = key_near(file, *at, key);
                found.push(Diagnostic::new(file, line, column, message));
            }
        }
    }
    found
}

/// Where `key:` is written at or after `at` (the face that sets it), else `at` itself.
pub(super) fn key_near(file: &str, at: Location, key: &str) -> (usize, usize) {
    let (line, column) = ((at.line() as usize).max(1), (at.column() as usize).max(1));
    let Some(source) = crate::base::diagnostic::source_of(file) else {
        return (line, column);
    };
    let needle = format!("{key}:");
    let found = source
        .lines()
        .enumerate()
        .skip(line - 1)
        .take(40)
        .find_map(|(n, l)| {
            let byte = l.find(&needle)?;
            let before = l[..byte].chars().last();
            before
                .is_none_or(|c| !c.is_alphanumeric() && c != '_')
                .then(|| (n + 1, l[..byte].chars().count() + 1))
        });
    found.unwrap_or((line, column))
}

/// Player counts as messages list them: `2, 3, 4`.
pub fn player_counts(counts: &[u32]) -> String {
    let counts: Vec<String> = counts.iter().map(u32::to_string).collect();
    counts.join(", ")
}

/// The game's player counts: some, each from 1 to 99, none twice.
fn check_player_counts(file: &str, players: &Spanned<Vec<u32>>, problems: &mut Vec<Diagnostic>) {
    let counts = &players.value;
    let twice = counts
        .iter()
        .enumerate()
        .any(|(i, n)| counts[..i].contains(n));
    let problem = if counts.is_empty() {
        Some("`game.players` lists no player counts: say which, e.g. `[2, 3, 4]`".to_string())
    } else if let Some(n) = counts.iter().find(|n| !(1..=99).contains(*n)) {
        Some(format!(
            "`game.players` holds {n}: player counts are 1 to 99 (found [{}])",
            player_counts(counts)
        ))
    } else if twice {
        Some(format!(
            "`game.players` lists a count twice: [{}]",
            player_counts(counts)
        ))
    } else {
        None
    };
    problems.extend(problem.map(|m| Diagnostic::at(file, players, m)));
}

/// A component's player counts and pips: what serde cannot say about them.
fn check_players_and_pips<K: Kinds>(
    game: &Game<K>,
    c: &Component<K>,
    problems: &mut Vec<Diagnostic>,
) {
    let file = game.file_of(c);
    if let Some(players) = &c.players {
        let allowed = &game.spec.game.players.value;
        let unknown: Vec<u32> = (players.value.iter())
            .filter(|p| !allowed.contains(p))
            .copied()
            .collect();
        if players.value.is_empty() || !unknown.is_empty() {
            problems.push(Diagnostic::at(
                file,
                players,
                format!(
                    "`players:` of `{}` must list some of the game's player counts ({}); found [{}]",
                    c.id.value,
                    player_counts(allowed),
                    player_counts(&unknown)
                ),
            ));
        }
    }
    each_face(c, |_, face, _| {
        if let Some(pips) = &face.pips
            && pips.value > crate::draw::pips::MAX_PIPS
        {
            problems.push(Diagnostic::at(
                file,
                pips,
                format!(
                    "{} pips is more than the {} a face can show",
                    pips.value,
                    crate::draw::pips::MAX_PIPS
                ),
            ));
        }
        true
    });
}

/// `icons:`: each names a symbol there is, in a colour (a placeholder has no piece to fill it).
fn check_icon_colors<K: Kinds>(texts: &mut Texts<K>, problems: &mut Vec<Diagnostic>) {
    let game = texts.game;
    let file = game.file.as_str();
    for (name, color) in &game.spec.icons {
        if let Some(why) = texts.symbol_problem(name) {
            let message = format!("`icons:` gives `{name}` a colour: {why}");
            problems.push(Diagnostic::at(file, color, message));
        }
        if color.value.hex().contains('{') {
            problems.push(Diagnostic::at(
                file,
                color,
                format!(
                    "`icons:` gives `{name}` the colour `{}`; an icon's colour is one colour for \
                     the whole game (`#c0392b`), not a placeholder",
                    color.value.hex()
                ),
            ));
        }
    }
}

/// Each `holds:` entry names a piece of the game and puts 1 to `MAX_HELD` on a space.
fn check_holds<K: Kinds>(
    game: &Game<K>,
    file: &str,
    c: &Component<K>,
    problems: &mut Vec<Diagnostic>,
) {
    let mut ids: Vec<String> = Vec::new();
    for other in &game.spec.components {
        ids.push(other.id.value.clone());
        for v in other.variants.iter() {
            ids.push(format!("{}-{}", other.id.value, v.id.value));
        }
    }
    for h in &c.holds {
        if !ids.contains(&h.value.piece) {
            let near =
                crate::base::diagnostic::closest(&h.value.piece, ids.iter().map(String::as_str));
            let hint = near.map_or(String::new(), |n| format!(" (did you mean `{n}`?)"));
            problems.push(Diagnostic::at(
                file,
                h,
                format!(
                    "`holds: {}`: no component or piece `{}` in the game{hint}",
                    h.value.piece, h.value.piece
                ),
            ));
        }
        if !(1..=super::play::MAX_HELD).contains(&h.value.count) {
            problems.push(Diagnostic::at(
                file,
                h,
                format!(
                    "`holds:` of `{}`: `count: {}` must be 1 to {}",
                    c.id.value,
                    h.value.count,
                    super::play::MAX_HELD
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::short_mm;
    use crate::spec::ids::is_safe_id;

    #[test]
    fn lengths_in_messages_are_short() {
        assert_eq!(short_mm(63.0), "63");
        assert_eq!(short_mm(2.54), "2.54");
        assert_eq!(short_mm(0.03 * 10.0), "0.3");
        assert_eq!(short_mm(0.0001), "0.0001");
        assert_eq!(short_mm(0.000_001), "1e-6");
    }

    #[test]
    fn ids_are_file_safe() {
        assert!(is_safe_id("night-grain"));
        for bad in ["", "../x", "/etc", "a b", "Night", "a/b", "-x", "x\u{0}"] {
            assert!(!is_safe_id(bad), "{bad:?}");
        }
    }
}
