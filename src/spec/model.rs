//! The YAML language: a game, its components and its rules. Unknown keys are errors everywhere.
//! Values that later checks may complain about are `Spanned` so errors can name their line and column.
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;

use super::color::Color;
use crate::rules::Rule;
use crate::units::Size;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    pub game: GameInfo,
    pub components: Vec<Component>,
    #[serde(default)]
    pub rules: Vec<Rule>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameInfo {
    /// File-name-safe identifier: output goes to `output/<id>/`.
    pub id: Spanned<String>,
    pub name: String,
    #[serde(default)]
    pub designer: Option<String>,
    #[serde(default)]
    pub licence: Option<String>,
    #[serde(default)]
    pub source: Option<String>,
    /// Allowed player counts, e.g. `[4, 6]`.
    pub players: Spanned<Vec<u32>>,
    #[serde(default)]
    pub description: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A counter, marker or coin: one face per side, symbol and caption.
    Token,
    /// A square or rectangular tile (same drawing as a token, square by default).
    Tile,
    /// A card with a title, body text and an optional table.
    Card,
    /// A track of ordered spaces (drawn as one piece; split into parts if larger than the paper).
    Track,
    /// A full-page record sheet described by the sections of its `sheet:` (see `sheets`).
    Sheet,
    /// A standard playing card drawn from its variant's tags `suit` and `rank` (see `draw::playing`).
    #[serde(rename = "playing-card")]
    PlayingCard,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    Square,
    Round,
    /// A rectangle with rounded corners (cards).
    Rounded,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Component {
    pub id: Spanned<String>,
    pub kind: Spanned<Kind>,
    /// Human name, used for captions and PDF bookmarks; defaults to the id.
    #[serde(default)]
    pub name: Option<String>,
    /// Required for every kind but `track`, whose size follows from its spaces.
    #[serde(default)]
    pub size: Option<Spanned<Size>>,
    #[serde(default)]
    pub shape: Option<Shape>,
    /// Copies of each variant (or of the component when it has no variants). Default 1.
    #[serde(default)]
    pub copies: Option<Spanned<u32>>,
    /// Defaults for every variant's front.
    #[serde(default)]
    pub front: Face,
    /// The back, when the piece is double-sided; variants may override it.
    #[serde(default)]
    pub back: Option<Face>,
    #[serde(default)]
    pub variants: Vec<Variant>,
    /// Only for `kind: track`.
    #[serde(default)]
    pub track: Option<TrackSpec>,
    /// Free text: why the component is as it is (ignored by drawing).
    #[serde(default)]
    pub note: Option<String>,
    /// Only for `kind: sheet`: the sections of a record sheet.
    #[serde(default)]
    pub sheet: Option<crate::sheets::SheetSpec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    pub id: Spanned<String>,
    #[serde(default)]
    pub copies: Option<Spanned<u32>>,
    /// Free key/value facts that rules can count by, e.g. `{suit: suns, rank: ace}`.
    #[serde(default)]
    pub tags: BTreeMap<String, String>,
    #[serde(default)]
    pub front: Face,
    #[serde(default)]
    pub back: Option<Face>,
}

/// What is printed on one side of a piece. Every field is optional; a variant's face is laid over
/// its component's face field by field.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Face {
    /// Fill of the whole face.
    #[serde(default)]
    pub background: Option<Color>,
    /// Colour of the symbol and text.
    #[serde(default)]
    pub ink: Option<Color>,
    /// Colour of the outline (the cut line); `none` for no outline.
    #[serde(default)]
    pub border: Option<Color>,
    /// Name of an SVG in `templates/symbols/` (without `.svg`).
    #[serde(default)]
    pub symbol: Option<Spanned<String>>,
    /// Heading (cards) or small text above the symbol (tokens).
    #[serde(default)]
    pub title: Option<String>,
    /// Caption under the symbol.
    #[serde(default)]
    pub label: Option<String>,
    /// Large central text (a rank, a value).
    #[serde(default)]
    pub text: Option<String>,
    /// Body paragraphs (cards).
    #[serde(default)]
    pub lines: Option<Vec<String>>,
    /// A table of rows of cells (cards); the first row is the header.
    #[serde(default)]
    pub table: Option<Vec<Vec<String>>>,
}

impl Face {
    /// Every piece of text on the face.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        [&self.title, &self.label, &self.text]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .chain(self.lines.iter().flatten().map(String::as_str))
            .chain(self.table.iter().flatten().flatten().map(String::as_str))
    }

    /// `self` with every field that `over` sets replaced by `over`'s value.
    pub fn overlaid(&self, over: &Face) -> Face {
        fn pick<T: Clone>(base: &Option<T>, over: &Option<T>) -> Option<T> {
            over.clone().or_else(|| base.clone())
        }
        Face {
            background: pick(&self.background, &over.background),
            ink: pick(&self.ink, &over.ink),
            border: pick(&self.border, &over.border),
            symbol: pick(&self.symbol, &over.symbol),
            title: pick(&self.title, &over.title),
            label: pick(&self.label, &over.label),
            text: pick(&self.text, &over.text),
            lines: pick(&self.lines, &over.lines),
            table: pick(&self.table, &over.table),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// First space at the top.
    #[default]
    Down,
    /// First space at the left.
    Right,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LabelPosition {
    /// The label is printed inside the space.
    #[default]
    Inside,
    /// The label is printed beside the space, leaving its inside blank.
    Outside,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackSpec {
    /// Size of one space.
    pub space: Spanned<Size>,
    /// The spaces in track order.
    pub spaces: Vec<Spanned<TrackSpace>>,
    #[serde(default)]
    pub direction: Direction,
    #[serde(default)]
    pub labels: LabelPosition,
    /// A final area after the last space (e.g. "Receiving area"), as tall as `end_size`.
    #[serde(default)]
    pub end: Option<String>,
    #[serde(default)]
    pub end_size: Option<Spanned<crate::units::Length>>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TrackSpace {
    #[serde(default)]
    pub label: Option<String>,
    /// Small hint printed in the space (e.g. "place new grain here").
    #[serde(default)]
    pub hint: Option<String>,
}
