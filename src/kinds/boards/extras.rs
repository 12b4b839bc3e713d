//! What boards of every geometry share beside their grid (`board`, `hex-board`,
//! `point-board`): marks drawn in styles named once, a score track around the edge and labelled
//! areas beside the grid, their checks, and the spaces a board's marks name (`geometry`).
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;

use super::frame::*;
use crate::base::units::{Length, Size};
use crate::kinds::spaces::*;
use crate::kinds::{CheckCx, FaceField};
use crate::spec::color::Color;

/// The margin around a grid: room for its coordinates and the board's title.
pub const EDGE_MM: f64 = 8.0;
/// How far from the grid the margin's coordinates are centred: nearer the grid than the cut, so
/// that they stay 3 mm inside it (a print shop's safe zone) and read with their row or column.
pub(super) const MARGIN_LABEL_MM: f64 = 3.0;
/// Between the track, the areas and the board's edge.
pub(super) const GAP_MM: f64 = 4.0;
/// Width of the grid lines; the outer frame is twice as thick.
pub const LINE_MM: f64 = 0.35;
/// Width of a style's `outline:` round the area it marks: four grid lines, so it reads as a
/// border and not as one more grid line, in grayscale too.
pub const OUTLINE_MM: f64 = 4.0 * LINE_MM;
/// Most spaces of a score track around the edge.
pub const MAX_TRACK: i64 = 400;

/// A style of mark: how a marked space is drawn (`styles: {throne: {fill: "#c9a227"}}`).
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Style {
    /// Fill of a marked square or hex; the dot of a marked point (the ink by default).
    #[serde(default)]
    pub fill: Option<Color>,
    /// Colour of its symbol and label (the board's ink by default).
    #[serde(default)]
    pub ink: Option<Color>,
    /// A symbol drawn in the space.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub symbol: Option<Spanned<String>>,
    /// A short text in the space ("Start", "×2").
    #[serde(default)]
    pub label: Option<String>,
    /// A heavy line in this colour around the area the style marks, along its outer edge only:
    /// a zone of the board, such as the smaller board for fewer players. Squares and hexes.
    #[serde(default)]
    pub outline: Option<Color>,
}

/// The marks of a board: for each style, the spaces it marks (`corner: [a1, a11, k1, k11]`), or
/// runs of them along a column or a row (`edge: [a1-a11]`).
pub type Marks = BTreeMap<String, Vec<Spanned<String>>>;

/// A score track around the board's edge: spaces numbered `from` to `to`, clockwise from the
/// top left corner.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EdgeTrack {
    /// The first space's number (default 0).
    #[serde(default)]
    pub from: i64,
    /// The last space's number.
    #[schemars(with = "i64")]
    pub to: Spanned<i64>,
    /// How deep the ring of spaces is (default 10mm).
    #[serde(default)]
    #[schemars(with = "Option<Length>")]
    pub depth: Option<Spanned<Length>>,
}

impl EdgeTrack {
    pub fn depth_mm(&self) -> f64 {
        self.depth.as_ref().map_or(10.0, |d| d.value.mm())
    }
    /// How many spaces it has.
    pub fn count(&self) -> i64 {
        self.to.value - self.from + 1
    }
}

/// A labelled area beside the grid, such as where a deck is put.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Area {
    pub label: String,
    #[schemars(with = "Size")]
    pub size: Spanned<Size>,
    /// The side of the board it is on (default right).
    #[serde(default)]
    pub side: AreaSide,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum AreaSide {
    #[default]
    Right,
    Left,
    Top,
    Bottom,
}

/// What every board has beside its grid, as each board's section gives it.
#[derive(Debug, Clone, Copy)]
pub struct Extras<'a> {
    pub coordinates: bool,
    pub styles: &'a BTreeMap<String, Style>,
    pub marks: &'a Marks,
    pub track: Option<&'a EdgeTrack>,
    pub areas: &'a [Area],
}

/// The spaces of a board, with the marks of `extras` resolved (a mark of a space that does
/// not exist is left out here: `check` reports it), and the track's spaces round `ring`.
pub fn geometry(
    noun: &'static str,
    spaces: Vec<Space>,
    extras: &Extras,
    ring: Option<&Ring>,
) -> Geometry {
    let mut marked = BTreeMap::new();
    for (style, names) in extras.marks {
        let mut at: Vec<usize> = names
            .iter()
            .flat_map(|name| resolve(&spaces, &name.value).unwrap_or_default())
            .collect();
        at.sort_unstable();
        at.dedup();
        marked.insert(style.clone(), at);
    }
    let track = ring
        .iter()
        .flat_map(|ring| &ring.spaces)
        .map(|(r, number)| Space {
            name: number.to_string(),
            x: r.x + r.w / 2.0,
            y: r.y + r.h / 2.0,
        })
        .collect();
    let mut styles: Vec<String> = extras.styles.keys().cloned().collect();
    if !extras.styles.contains_key(STAR) {
        styles.push(STAR.to_string());
    }
    Geometry {
        noun,
        spaces,
        lines: Vec::new(),
        marked,
        track,
        styles,
        shapes: BTreeMap::new(),
    }
}

/// Checks what every board has beside its grid: marks of spaces that exist in styles that
/// exist, a track of at least four spaces, areas of a sensible size.
pub fn check(cx: &mut CheckCx, extras: &Extras, geometry: &Geometry) {
    let id = cx.component.id.value.clone();
    let noun = geometry.noun;
    for (style, names) in extras.marks {
        let known = style == STAR || extras.styles.contains_key(style);
        let outlined = extras
            .styles
            .get(style)
            .is_some_and(|s| s.outline.is_some());
        if let (true, Some(first)) = (outlined && noun == "point", names.first()) {
            cx.at(
                first,
                format!("style `{style}` has an `outline:`, which goes round squares or hexes; board `{id}` is a board of points: give the style a `fill` instead"),
            );
        }
        for (i, name) in names.iter().enumerate() {
            if i == 0 && !known {
                let mut styles: Vec<String> =
                    extras.styles.keys().map(|s| format!("`{s}`")).collect();
                styles.push(format!("`{STAR}`"));
                cx.at(
                    name,
                    format!(
                        "no style `{style}` on board `{id}`: expected one of {} (define it under `styles:` with a fill, symbol, label or ink)",
                        styles.join(", ")
                    ),
                );
            }
            if let Err(why) = resolve(&geometry.spaces, &name.value) {
                // From the bottom left to the top right, as a player reads coordinates.
                let corner = |sign: f64| {
                    geometry.spaces.iter().min_by(|a, b| {
                        (sign * a.y, -sign * a.x)
                            .partial_cmp(&(sign * b.y, -sign * b.x))
                            .unwrap()
                    })
                };
                let range = match (line_of(geometry, &name.value), corner(-1.0), corner(1.0)) {
                    // "a9" on a hexagon of hexes, whose row 9 starts at e9: that row's names.
                    (Some(line), _, _) => format!(" ({line})"),
                    (None, Some(a), Some(b)) => format!(
                        " (its {} are named from {} to {})",
                        geometry.nouns(),
                        a.name,
                        b.name
                    ),
                    _ => String::new(),
                };
                let why = why.to_string().replace("space", noun);
                cx.at(name, format!("{why} on board `{id}`{range}"));
            }
        }
    }
    if let Some(track) = extras.track {
        if !(4..=MAX_TRACK).contains(&track.count()) {
            cx.at(
                &track.to,
                format!(
                    "a track around the edge counts up and has 4 to {MAX_TRACK} spaces; `from: {}` to `to: {}` makes {}",
                    track.from,
                    track.to.value,
                    track.count().max(0)
                ),
            );
        }
        if let Some(depth) = &track.depth
            && !(5.0..=40.0).contains(&depth.value.mm())
        {
            cx.at(
                depth,
                format!(
                    "the track's `depth` is {} mm; it must be 5 to 40 mm",
                    crate::spec::short_mm(depth.value.mm())
                ),
            );
        }
    }
    for area in extras.areas {
        crate::spec::check_min_side(cx, &format!("area `{}`", area.label), "it must", &area.size);
    }
}

/// What every board kind answers alike in its `impl Kind`, from its own `extras()`: it is cut
/// out at home, shares no cut with another piece, becomes a board in Tabletop Simulator, and
/// prints the texts and symbols of its styles and areas.
macro_rules! board_answers {
    () => {
        fn shares_cuts(&self, _: $crate::spec::Shape) -> bool {
            false
        }
        fn tts(&self, _: $crate::spec::Shape) -> $crate::kinds::TtsForm {
            $crate::kinds::TtsForm::Board
        }
        fn cut_at_home(&self) -> bool {
            true
        }
        fn texts(&self) -> Vec<&str> {
            $crate::kinds::boards::extras::texts(&self.extras())
        }
        fn symbols(&self) -> Vec<&serde_saphyr::Spanned<String>> {
            $crate::kinds::boards::extras::symbols(&self.extras())
        }
    };
}
pub(super) use board_answers;

/// The face fields a board with a grid draws: its colours, its title in the margin (and the
/// title's font), and a picture under the grid.
pub const GRID_FACE: &[FaceField] =
    face_fields![Background, Ink, Border, Title, Font, Image, Fit, Position];

/// The texts a board prints beside its spaces' coordinates: its styles' labels and its areas'.
pub fn texts<'a>(extras: &Extras<'a>) -> Vec<&'a str> {
    let styles = extras.styles.values().filter_map(|s| s.label.as_deref());
    styles
        .chain(extras.areas.iter().map(|a| a.label.as_str()))
        .collect()
}

/// The symbols its styles draw.
pub fn symbols<'a>(extras: &Extras<'a>) -> Vec<&'a Spanned<String>> {
    extras
        .styles
        .values()
        .filter_map(|s| s.symbol.as_ref())
        .collect()
}

/// Whether a board `w`×`h` mm stays within pnp's largest length; else says so at `at`.
pub fn fits_limit<T>(cx: &mut CheckCx, at: &Spanned<T>, (w, h): (f64, f64)) -> bool {
    let ok = w.max(h) <= crate::base::units::MAX_LENGTH_MM;
    if !ok {
        cx.at(
            at,
            format!(
                "the board would be {w:.0} × {h:.0} mm; the limit is {} mm",
                crate::base::units::MAX_LENGTH_MM
            ),
        );
    }
    ok
}
