//! The YAML language: a game, its components and its rules. Unknown keys are errors everywhere.
//! Values that later checks may complain about are `Spanned` so errors can name their line and column.
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;

use super::color::Color;
use crate::rules::Rule;
use crate::units::Size;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    pub game: GameInfo,
    pub components: Vec<Component>,
    #[serde(default)]
    pub rules: Vec<Rule>,
    /// Other games whose components this one uses (`include: [piecepack]`), loaded first.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub include: Vec<Spanned<String>>,
    /// Named axes (`suit`, `rank`) whose values a component's `matrix:` combines into variants.
    #[serde(default)]
    pub axes: BTreeMap<String, Vec<AxisValue>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameInfo {
    /// File-name-safe identifier: output goes to `output/<id>/`.
    #[schemars(with = "crate::schema::SafeId")]
    pub id: Spanned<String>,
    pub name: String,
    #[serde(default)]
    pub designer: Option<String>,
    #[serde(default)]
    pub licence: Option<String>,
    #[serde(default)]
    pub source: Option<String>,
    /// Allowed player counts, e.g. `[4, 6]`.
    #[schemars(with = "Vec<u32>")]
    pub players: Spanned<Vec<u32>>,
    #[serde(default)]
    pub description: Option<String>,
    /// What players need that is not printed, e.g. `[a six-sided die, a bag to draw from]`:
    /// listed on the cover.
    #[serde(default)]
    pub needs: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, JsonSchema)]
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
    /// A board of N×N squares with a title and edge coordinates (split into parts if larger
    /// than the paper). Its size follows from its `board:` section.
    Board,
    /// A cube printed as a fold-up net with glue tabs; `size` is the edge, `die.faces` the six faces.
    Die,
    /// A fold-over standee with a base; `size` is the standing figure.
    Pawn,
    /// A picture made of other pieces' faces (a setup diagram); see `diagram:`.
    Diagram,
    /// A full-page record sheet described by the sections of its `sheet:` (see `sheets`).
    Sheet,
    /// A standard playing card drawn from its variant's tags `suit` and `rank` (see `draw::playing`).
    #[serde(rename = "playing-card")]
    PlayingCard,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    Square,
    Round,
    /// A rectangle with rounded corners (cards).
    Rounded,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Component {
    #[schemars(with = "crate::schema::SafeId")]
    pub id: Spanned<String>,
    #[schemars(with = "Kind")]
    pub kind: Spanned<Kind>,
    /// Human name, used for captions and PDF bookmarks; defaults to the id.
    #[serde(default)]
    pub name: Option<String>,
    /// Required for every kind but `track`, whose size follows from its spaces.
    #[serde(default)]
    #[schemars(with = "Option<Size>")]
    pub size: Option<Spanned<Size>>,
    #[serde(default)]
    pub shape: Option<Shape>,
    /// Copies of each variant (or of the component when it has no variants). Default 1.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub copies: Option<Box<Spanned<u32>>>,
    /// Defaults for every variant's front.
    #[serde(default)]
    pub front: Face,
    /// The back, when the piece is double-sided; variants may override it.
    #[serde(default)]
    pub back: Option<Face>,
    #[serde(default)]
    #[schemars(with = "Vec<Variant>")]
    pub variants: super::Variants,
    /// Only for `kind: track`.
    #[serde(default)]
    pub track: Option<TrackSpec>,
    /// Free text: why the component is as it is (ignored by drawing).
    #[serde(default)]
    pub note: Option<String>,
    /// Only for `kind: board`.
    #[serde(default)]
    pub board: Option<BoardSpec>,
    /// Player counts this component is for, e.g. `[2]` or `[3, 4]`: `pnp build --players N`
    /// builds only the components whose list holds N (and those without a list). Default: all.
    #[serde(default)]
    #[schemars(with = "Option<Vec<u32>>")]
    pub players: Option<Spanned<Vec<u32>>>,
    /// Axis names (`[suit, rank]`): one variant per combination of their values (see `axes:`).
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub matrix: Option<Spanned<Vec<String>>>,
    /// A CSV file beside this YAML with one variant per row (`data: cards.csv`). Its first
    /// line names the columns: `id` and `copies` are the variant's, every other column is a tag,
    /// and the faces fill in any column as `{row.<column>}` (`title: "{row.title}"`).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub data: Option<Spanned<String>>,
    /// Only for `kind: die`.
    #[serde(default)]
    pub die: Option<crate::spec::extra::DieSpec>,
    /// Only for `kind: diagram`.
    #[serde(default)]
    pub diagram: Option<crate::spec::extra::DiagramSpec>,
    /// The file the component was written in, when it came from an included game.
    #[serde(skip)]
    pub origin: Option<String>,
    /// The folder of that file (`None` for a shipped game): its `data:` is read from there.
    #[serde(skip)]
    pub origin_dir: Option<std::path::PathBuf>,
    /// The CSV file the variants were read from (`data:`), as messages name it.
    #[serde(skip)]
    pub data_file: Option<String>,
    /// Only for `kind: sheet`: the sections of a record sheet.
    #[serde(default)]
    pub sheet: Option<crate::sheets::SheetSpec>,
}

impl Component {
    /// What variant `v` (one of this component's) lays over the component's front: its own
    /// front, or the face its data row fills in (`RowTable::front`).
    pub fn variant_front<'a>(&'a self, v: &'a Variant) -> std::borrow::Cow<'a, Face> {
        match &self.variants {
            super::Variants::Rows(rows) => std::borrow::Cow::Owned(rows.front(v)),
            super::Variants::Listed(_) => std::borrow::Cow::Borrowed(v.front()),
        }
    }

    /// What variant `v` lays over the component's front and back: borrowed when `v` is (a
    /// listed variant), made when it is made (a data file's row).
    pub fn variant_faces<'a>(
        &'a self,
        v: std::borrow::Cow<'a, Variant>,
    ) -> (
        std::borrow::Cow<'a, Face>,
        Option<std::borrow::Cow<'a, Face>>,
    ) {
        use std::borrow::Cow;
        match v {
            Cow::Borrowed(v) => (self.variant_front(v), self.variant_back(v)),
            Cow::Owned(v) => (
                Cow::Owned(self.variant_front(&v).into_owned()),
                self.variant_back(&v).map(|b| Cow::Owned(b.into_owned())),
            ),
        }
    }

    /// Variant `v`'s own back (laid over the component's), if it has one.
    pub fn variant_back<'a>(&'a self, v: &'a Variant) -> Option<std::borrow::Cow<'a, Face>> {
        match &self.variants {
            super::Variants::Rows(rows) => rows.back(v).map(std::borrow::Cow::Owned),
            super::Variants::Listed(_) => v.back.as_deref().map(std::borrow::Cow::Borrowed),
        }
    }
}

/// One value of an axis: its id (a tag value and part of variant ids), extra tags, and the
/// properties that faces refer to as `{axis.property}` (`{suit.color}`, `{rank.text}`).
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AxisValue {
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    #[serde(default)]
    pub tags: super::Tags,
    #[serde(default)]
    pub props: BTreeMap<String, String>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    #[schemars(with = "crate::schema::SafeId")]
    pub id: Spanned<String>,
    // Boxed, like the faces' rare located fields: a located value is 64 bytes, and a deck may
    // have thousands of variants that do not set it.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub copies: Option<Box<Spanned<u32>>>,
    /// Free key/value facts that rules can count by, e.g. `{suit: suns, rank: ace}`.
    #[serde(default)]
    pub tags: super::Tags,
    // Laid over its component's front. Boxed and left out when unset (`front()`): a face is
    // 224 bytes before its text, and a matrix or a data file can make thousands of variants
    // (a data file's rows fill their faces in only when drawn: `RowTable::front`).
    #[serde(default, deserialize_with = "boxed_face")]
    #[schemars(with = "Face")]
    pub front: Option<Box<Face>>,
    // Boxed: few variants have their own back, and a deck may have thousands of variants.
    #[serde(default)]
    pub back: Option<Box<Face>>,
}

/// A written `front:` is a face, as a component's is (`front: null` is refused).
fn boxed_face<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Box<Face>>, D::Error> {
    Face::deserialize(d).map(|f| Some(Box::new(f)))
}

impl Variant {
    /// Its own front: what it lays over its component's (nothing when it sets nothing).
    pub fn front(&self) -> &Face {
        self.front.as_deref().unwrap_or(&Face::EMPTY)
    }
}

/// What is printed on one side of a piece. Every field is optional; a variant's face is laid over
/// its component's face field by field.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema, PartialEq)]
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
    // Boxed (here and `pips`): a located value is 64-80 bytes and most faces have neither.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub symbol: Option<Box<Spanned<String>>>,
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
    /// A count (e.g. a rank) drawn as a row of dots at the foot of a token or tile, so it reads
    /// without colour and without reading a word.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub pips: Option<Box<Spanned<u32>>>,
    /// A decorative frame inside the cut line of a token or tile (a family's look).
    #[serde(default)]
    pub frame: Option<Frame>,
    /// Divide the face into `grid` × `grid` squares (the piecepack tile back).
    #[serde(default)]
    pub grid: Option<u32>,
    /// A piecepack-style mark: `corners` (rank in the centre, symbol in two corners) or
    /// `arrow` (a direction mark at the top edge).
    #[serde(default)]
    pub mark: Option<crate::spec::extra::Mark>,
}

/// Inner frame styles: distinct in grayscale, so a frame alone can tell families apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Frame {
    /// One solid line.
    Solid,
    /// Two thin lines.
    Double,
    /// A dashed line.
    Dashed,
    /// Brackets at the four corners only.
    Corners,
}

impl Face {
    /// A face that sets nothing (`Face::default()`, as a constant to borrow).
    pub const EMPTY: Face = Face {
        background: None,
        ink: None,
        border: None,
        symbol: None,
        title: None,
        label: None,
        text: None,
        lines: None,
        table: None,
        pips: None,
        frame: None,
        grid: None,
        mark: None,
    };

    /// Every piece of text on the face.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        [&self.title, &self.label, &self.text]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .chain(self.lines.iter().flatten().map(String::as_str))
            .chain(self.table.iter().flatten().flatten().map(String::as_str))
    }

    /// The paragraphs of `lines`: each entry, and each line of an entry that has several (a
    /// spreadsheet cell written on several lines, a YAML block), blank lines left out.
    pub fn paragraphs(&self) -> impl Iterator<Item = &str> {
        self.lines
            .iter()
            .flatten()
            .flat_map(|entry| entry.lines())
            .map(str::trim_end)
            .filter(|line| !line.trim().is_empty())
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
            pips: pick(&self.pips, &over.pips),
            frame: pick(&self.frame, &over.frame),
            grid: pick(&self.grid, &over.grid),
            mark: pick(&self.mark, &over.mark),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// First space at the top.
    #[default]
    Down,
    /// First space at the left.
    Right,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LabelPosition {
    /// The label is printed inside the space.
    #[default]
    Inside,
    /// The label is printed beside the space, leaving its inside blank.
    Outside,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrackSpec {
    /// Size of one space.
    #[schemars(with = "Size")]
    pub space: Spanned<Size>,
    /// The spaces in track order.
    #[schemars(with = "Vec<TrackSpace>")]
    pub spaces: Vec<Spanned<TrackSpace>>,
    #[serde(default)]
    pub direction: Direction,
    #[serde(default)]
    pub labels: LabelPosition,
    /// A final area after the last space (e.g. "Receiving area"), as tall as `end_size`.
    #[serde(default)]
    pub end: Option<String>,
    #[serde(default)]
    #[schemars(with = "Option<crate::units::Length>")]
    pub end_size: Option<Spanned<crate::units::Length>>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TrackSpace {
    #[serde(default)]
    pub label: Option<String>,
    /// Small hint printed in the space (e.g. "place new grain here").
    #[serde(default)]
    pub hint: Option<String>,
}

/// A board of `squares`×`squares` squares of side `square`, with a margin for coordinates.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// Squares along each side (a 9 makes a 9×9 board).
    #[schemars(with = "u32")]
    pub squares: Spanned<u32>,
    /// Side of one square: usually the tile size (`24mm`).
    #[schemars(with = "Size")]
    pub square: Spanned<Size>,
    /// Letters along the top and numbers along both sides. Default true.
    #[serde(default = "yes")]
    pub coordinates: bool,
}

fn yes() -> bool {
    true
}
