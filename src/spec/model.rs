//! The YAML language: a game, its components and its rules. Unknown keys are errors everywhere.
//! Values that later checks may complain about are `Spanned` so errors can name their line and column.
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;

use super::color::Color;
use super::kind::{Field, Kinds};
use super::rules::Rule;
pub use crate::base::shape::Shape;
use crate::base::units::Size;
pub use crate::draw::frame::Frame;
pub use crate::draw::image::{Fit, Position};
use serde_saphyr::Location;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, bound(deserialize = "K: Kinds"))]
#[schemars(rename = "GameSpec", bound = "Component<K>: JsonSchema")]
pub struct GameSpec<K: Kinds> {
    pub game: GameInfo,
    pub components: Vec<Component<K>>,
    #[serde(default)]
    pub rules: Vec<Rule>,
    /// Other games whose components this one uses (`include: [piecepack]`), loaded first.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub include: Vec<Spanned<String>>,
    /// Named axes (`suit`, `rank`) whose values a component's `matrix:` combines into variants.
    #[serde(default)]
    pub axes: BTreeMap<String, Vec<AxisValue>>,
    /// How the game goes on a Tabletop Simulator table: bags, shuffled decks, what each player
    /// takes, ordinary dice (docs/tts.md). Not included from other games.
    pub tts: Option<super::tts::TtsSpec>,
    /// Card and tile layouts by name: boxes placed in mm or % of the piece, each holding a
    /// face's field, its picture, a fixed text or a symbol. A face uses one with `layout: name`.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, Vec<super::layouts::LayoutBox>>")]
    pub layouts: BTreeMap<String, super::layouts::Layout>,
    /// The game's own font files (TTF or OTF) in its folder or below (`fonts: [fonts/Rye.ttf]`):
    /// a face names one by its family (`font: Rye`). The bundled fonts stay the default.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub fonts: Vec<Spanned<String>>,
    /// Inline icons that keep a colour of their own: `{name}` in any text of the game is drawn
    /// in this colour wherever it stands, not in the colour of the text around it
    /// (`icons: {card-hearts: "#c0392b"}`). It paints what the icon's SVG paints in
    /// `currentColor` (all of pnp's own symbols); colours an SVG gives itself are always kept.
    /// Not included from other games.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, Color>")]
    pub icons: BTreeMap<String, Spanned<Color>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameInfo {
    /// File-name-safe identifier: output goes to `output/<id>/`.
    #[schemars(with = "crate::spec::ids::SafeId")]
    pub id: Spanned<String>,
    pub name: String,
    pub designer: Option<String>,
    pub licence: Option<String>,
    pub source: Option<String>,
    /// Allowed player counts, e.g. `[4, 6]`.
    #[schemars(with = "Vec<u32>")]
    pub players: Spanned<Vec<u32>>,
    pub description: Option<String>,
    /// What players need that is not printed, e.g. `[a six-sided die, a bag to draw from]`:
    /// listed on the cover.
    #[serde(default)]
    pub needs: Vec<String>,
    /// The smallest text `pnp check` lets pass, e.g. `5pt` (default 6 pt: smaller is hard to
    /// read at the table).
    #[schemars(with = "Option<crate::base::units::Length>")]
    pub min_text: Option<Spanned<crate::base::units::Length>>,
}

/// One kind of piece of the game: its kind (with the kind's own section), its faces and its
/// variants. Read field by field (`de::read_component`): `kind:` selects which fields it takes.
#[derive(Debug)]
pub struct Component<K: Kinds> {
    pub id: Spanned<String>,
    /// The kind, where `kind:` is written.
    pub kind_name: Spanned<K::Name>,
    /// The kind and its section (`kind: board` with its `board:`).
    pub kind: K,
    /// Human name, used for captions and PDF bookmarks; defaults to the id.
    pub name: Option<String>,
    /// The piece's size (for a die, its edge; for a pawn, the standing figure). Kinds whose
    /// size follows from their section (tracks, boards) take none.
    pub size: Option<Spanned<Size>>,
    pub shape: Option<Spanned<Shape>>,
    /// Copies of each variant (or of the component when it has no variants). Default 1.
    pub copies: Option<Box<Spanned<u32>>>,
    /// Defaults for every variant's front.
    pub front: Face,
    /// The back, when the piece is double-sided; variants may override it.
    pub back: Option<Face>,
    /// Where `front:` and `back:` are written (`Location::UNKNOWN` when they are not).
    pub front_at: Location,
    pub back_at: Location,
    pub variants: super::Variants,
    /// Free text: why the component is as it is (ignored by drawing).
    pub note: Option<String>,
    /// Player counts this component is for, e.g. `[2]` or `[3, 4]`: `pnp build --players N`
    /// builds only the components whose list holds N (and those without a list). Default: all.
    pub players: Option<Spanned<Vec<u32>>>,
    /// Axis names (`[suit, rank]`): one variant per combination of their values (see `axes:`).
    pub matrix: Option<Spanned<Vec<String>>>,
    /// A CSV file beside this YAML with one variant per row (`data: cards.csv`).
    pub data: Option<Spanned<String>>,
    /// Fields written that its kind does not take, found while reading it: reported by the
    /// checks, at the field.
    pub stray: Vec<Stray>,
    /// What lies on its spaces in play (or on the piece itself): `pnp check` sees it fits.
    pub holds: Vec<Spanned<super::play::Holds>>,
    /// The file the component was written in, when it came from an included game.
    pub origin: Option<String>,
    /// The folder of that file (`None` for a shipped game): its `data:` is read from there.
    pub origin_dir: Option<std::path::PathBuf>,
    /// The CSV file the variants were read from (`data:`), as messages name it.
    pub data_file: Option<String>,
}

/// A field of a component that its kind does not take (`shape:` on a board, `board:` on a
/// card), or a section its kind needs and it lacks.
#[derive(Debug, Clone)]
pub struct Stray {
    pub key: Spanned<String>,
    pub missing: bool,
}

/// What a component is written with in the YAML, for the JSON Schema and editors: the fields
/// every kind takes (the kinds' own are added per kind by `schema`).
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "ComponentFields", bound = "K::Name: JsonSchema")]
#[allow(dead_code)]
pub struct ComponentFields<K: Kinds> {
    #[schemars(with = "crate::spec::ids::SafeId")]
    id: String,
    kind: K::Name,
    /// Human name, used for captions and PDF bookmarks; defaults to the id.
    name: Option<String>,
    /// One length (`20mm`: square or round) or two (`63mm x 88mm`, `[2.5in, 3.5in]`).
    size: Option<Size>,
    /// `square` (default; rounded for cards), `round`, `rounded`, `hex`, `triangle`, `octagon`,
    /// `{hex: flat, across: corners}`, `{polygon: N}` or `{path: "M0 0 L20 0 … Z"}`.
    shape: Option<Shape>,
    /// Copies of each variant (or of the component when it has no variants). Default 1.
    copies: Option<u32>,
    /// Defaults for every variant's front.
    #[serde(default)]
    front: Face,
    /// The back, when the piece is double-sided; variants may override it.
    back: Option<Face>,
    #[serde(default)]
    variants: Vec<Variant>,
    /// Free text: why the component is as it is (not printed).
    note: Option<String>,
    /// Player counts this component is for (`--players N` builds only those): default all.
    players: Option<Vec<u32>>,
    /// Axis names (`[suit, rank]`): one variant per combination of their values.
    matrix: Option<Vec<String>>,
    /// A CSV file beside this YAML with one variant per row (`data: cards.csv`). Its first line
    /// names the columns: `id` and `copies` are the variant's, every other column is a tag, and
    /// the faces fill in any column as `{row.<column>}`.
    data: Option<String>,
    /// A layout of the game's `layouts:` for its front (a face's own `layout:` wins).
    layout: Option<String>,
    /// What lies on its spaces in play (a board's squares, a track's boxes, a sheet's track),
    /// or on the piece itself when it has none (a marker on a tile): a piece id (`bean`), or
    /// `{piece: grain, count: 4, spaces: [end]}`, or a list. `pnp check` warns when they do
    /// not fit with room to spare, or hide what the player reads under them.
    holds: Option<super::play::HoldsSchema>,
}

/// The keys of a component: those every kind takes, then the kinds' sections.
pub(crate) const COMMON_KEYS: &[&str] = &[
    "id", "kind", "name", "size", "shape", "copies", "front", "back", "variants", "note",
    "players", "matrix", "data", "layout", "holds",
];

impl<'de, K: Kinds> Deserialize<'de> for Component<K> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(ComponentVisitor(std::marker::PhantomData))
    }
}

struct ComponentVisitor<K>(std::marker::PhantomData<K>);

impl<'de, K: Kinds> serde::de::Visitor<'de> for ComponentVisitor<K> {
    type Value = Component<K>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a component (`id:`, `kind:` and the kind's fields)")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Component<K>, A::Error> {
        use serde::de::Error;
        let mut id = None;
        let mut kind_name: Option<Spanned<K::Name>> = None;
        let mut name = None;
        let mut size = None;
        let mut shape = None;
        let mut copies = None;
        let mut front = None;
        let mut back = None;
        let mut variants = None;
        let mut note = None;
        let mut players = None;
        let mut matrix = None;
        let mut data = None;
        let mut layout: Option<Spanned<String>> = None;
        let mut holds = Vec::new();
        let mut section: Option<(Stray, K)> = None;
        let mut stray = Vec::new();
        // Every key once: YAML's own duplicate-key check catches the rest.
        // Keys are read as plain text (so that error paths name them), and fields are located
        // where their values are written.
        let located = |key: &str, at: Location| Stray {
            key: Spanned::new(key.to_string(), at, at),
            missing: false,
        };
        while let Some(key) = map.next_key_seed(KeyName::<K>(std::marker::PhantomData))? {
            match key.as_str() {
                "id" => id = Some(map.next_value()?),
                "kind" => kind_name = Some(map.next_value()?),
                "name" => name = map.next_value()?,
                "size" => size = Some(map.next_value::<Spanned<Size>>()?),
                "shape" => shape = Some(map.next_value::<Spanned<Shape>>()?),
                "copies" => copies = map.next_value::<Option<Spanned<u32>>>()?.map(Box::new),
                "front" => front = Some(map.next_value::<Spanned<Face>>()?),
                "back" => back = Some(map.next_value::<Spanned<Face>>()?),
                "variants" => variants = Some(map.next_value()?),
                "note" => note = map.next_value()?,
                "players" => players = Some(map.next_value()?),
                "matrix" => matrix = Some(map.next_value()?),
                "data" => data = Some(map.next_value()?),
                "layout" => layout = Some(map.next_value()?),
                "holds" => {
                    let list = map.next_value::<Spanned<super::play::HoldsList>>()?;
                    holds = super::play::HoldsList::located(list);
                }
                other if K::SECTIONS.contains(&other) => {
                    let (read, at) = K::read_section(other, &mut map)?;
                    let here = located(other, at);
                    if let Some((earlier, _)) = section.replace((here, read)) {
                        stray.push(earlier);
                    }
                }
                other => unreachable!("`KeyName` refuses `{other}`"),
            }
        }
        let id: Spanned<String> = id.ok_or_else(|| A::Error::missing_field("id"))?;
        let kind_name: Spanned<K::Name> =
            kind_name.ok_or_else(|| A::Error::missing_field("kind"))?;
        let name_of = kind_name.value;
        // The kind with its section; a section of another kind is reported, and a missing one
        // stands in empty until the checks report it.
        let kind = match section {
            Some((_, spec)) if spec.name() == name_of => spec,
            other => {
                if let Some((key, _)) = other {
                    stray.push(key);
                }
                match K::plain(name_of) {
                    Some(plain) => plain,
                    None => {
                        stray.push(Stray {
                            key: Spanned::new(
                                name_of.to_string(),
                                kind_name.referenced,
                                kind_name.defined,
                            ),
                            missing: true,
                        });
                        K::empty(name_of)
                    }
                }
            }
        };
        let fields = kind.fields();
        let takes = |f: Field| {
            fields.contains(&f) || (f == Field::Size && fields.contains(&Field::SizeOptional))
        };
        let mut keep = |field: Field, at: Option<Location>| match at {
            Some(at) if !takes(field) => {
                stray.push(located(field.key(), at));
                false
            }
            _ => true,
        };
        let size = size.filter(|s| keep(Field::Size, Some(s.referenced)));
        let shape = shape.filter(|s| keep(Field::Shape, Some(s.referenced)));
        let back = back.filter(|b| keep(Field::Back, Some(b.referenced)));
        Ok(Component {
            id,
            kind_name,
            kind,
            name,
            size,
            shape,
            copies,
            front_at: front.as_ref().map_or(Location::UNKNOWN, |f| f.referenced),
            back_at: back.as_ref().map_or(Location::UNKNOWN, |b| b.referenced),
            front: {
                // `layout:` on the component lays out its front (a front's own wins).
                let mut f: Face = front.map(|f| f.value).unwrap_or_default();
                if f.layout.is_none() {
                    f.layout = layout.map(Box::new);
                }
                f
            },
            back: back.map(|b| b.value),
            variants: variants.unwrap_or_default(),
            note,
            players,
            matrix,
            data,
            stray,
            holds,
            origin: None,
            origin_dir: None,
            data_file: None,
        })
    }
}

/// A component's key, refused while it is read when no kind takes it (so that the error's path
/// names it, as a derived struct's would).
struct KeyName<K>(std::marker::PhantomData<K>);

impl<'de, K: Kinds> serde::de::DeserializeSeed<'de> for KeyName<K> {
    type Value = String;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        struct V<K>(std::marker::PhantomData<K>);
        impl<K: Kinds> serde::de::Visitor<'_> for V<K> {
            type Value = String;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a component's key")
            }
            fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<String, E> {
                if COMMON_KEYS.contains(&key) || K::SECTIONS.contains(&key) {
                    return Ok(key.to_string());
                }
                let keys: Vec<&str> = COMMON_KEYS.iter().chain(K::SECTIONS).copied().collect();
                Err(E::unknown_field(key, leak(keys)))
            }
        }
        d.deserialize_identifier(V::<K>(std::marker::PhantomData))
    }
}

/// `keys` for serde's "expected one of", which wants them for the program's life: made once.
fn leak(keys: Vec<&'static str>) -> &'static [&'static str] {
    static KEYS: std::sync::OnceLock<&'static [&'static str]> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| Box::leak(keys.into_boxed_slice()))
}

impl<K: Kinds> Component<K> {
    /// Copies of variant `v` (`None`: of the component without variants): its own count,
    /// else the component's, else 1.
    pub fn copies_of(&self, v: Option<&Variant>) -> u32 {
        let own = v.and_then(|v| v.copies.as_ref()).or(self.copies.as_ref());
        own.map_or(1, |s| s.value)
    }

    /// Its `size:` in mm (width, height), if given.
    pub fn size_mm(&self) -> Option<(f64, f64)> {
        Some(self.size.as_ref()?.value.mm())
    }

    /// Total copies it makes (all variants).
    pub fn total_copies(&self) -> u64 {
        if self.variants.is_empty() {
            return self.copies_of(None) as u64;
        }
        let each = self
            .variants
            .iter()
            .map(|v| self.copies_of(Some(&v)) as u64);
        each.sum()
    }

    /// The shape of its pieces: as written, else its kind's default.
    pub fn shape(&self) -> Shape {
        match &self.shape {
            Some(s) => s.value.clone(),
            None => self.kind.default_shape(),
        }
    }

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

    /// The front of variant `v`: what it lays over the component's front, laid over it.
    pub fn front_of(&self, v: &Variant) -> Face {
        self.front.overlaid(&self.variant_front(v))
    }

    /// The back of variant `v`: its own laid over the component's, else whichever is set.
    pub fn back_of<'a>(&'a self, v: &'a Variant) -> Option<std::borrow::Cow<'a, Face>> {
        use std::borrow::Cow;
        match (&self.back, self.variant_back(v)) {
            (Some(b), Some(vb)) => Some(Cow::Owned(b.overlaid(&vb))),
            (None, Some(vb)) => Some(vb),
            (b, None) => b.as_ref().map(Cow::Borrowed),
        }
    }

    /// Variant `v`'s own back, if it has one (alone: `back_of` lays it over the component's).
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
    #[schemars(with = "crate::spec::ids::SafeId")]
    pub id: Spanned<String>,
    // Boxed, like the faces' rare located fields: a located value is 64 bytes, and a deck may
    // have thousands of variants that do not set it.
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
#[serde(default, deny_unknown_fields)]
pub struct Face {
    /// Fill of the whole face.
    pub background: Option<Color>,
    /// Colour of the symbol and text.
    pub ink: Option<Color>,
    /// Colour of the outline (the cut line); `none` for no outline.
    pub border: Option<Color>,
    /// A symbol: one of pnp's own (`sun`, `moon`, `card-hearts`…) or the name of an SVG in a
    /// `symbols/` folder beside the game's YAML (without `.svg`).
    // Boxed (here and `pips`): a located value is 64-80 bytes and most faces have neither.
    #[schemars(with = "Option<String>")]
    pub symbol: Option<Box<Spanned<String>>>,
    /// Heading (cards) or small text above the symbol (tokens).
    pub title: Option<String>,
    /// Caption under the symbol.
    pub label: Option<String>,
    /// Large central text (a rank, a value).
    pub text: Option<String>,
    /// Body paragraphs (cards).
    pub lines: Option<Vec<String>>,
    /// A table of rows of cells (cards); the first row is the header.
    pub table: Option<Vec<Vec<String>>>,
    /// A count (e.g. a rank) drawn as a row of dots at the foot of a token or tile, so it reads
    /// without colour and without reading a word.
    #[schemars(with = "Option<u32>")]
    pub pips: Option<Box<Spanned<u32>>>,
    /// A decorative frame inside the cut line of a token or tile (a family's look).
    pub frame: Option<Frame>,
    /// Divide the face into `grid` × `grid` squares (the piecepack tile back).
    pub grid: Option<u32>,
    /// A piecepack-style mark: `corners` (rank in the centre, symbol in two corners) or
    /// `arrow` (a direction mark at the top edge).
    pub mark: Option<Mark>,
    /// Widths of the table's columns, one per column: `auto` (as wide as its text wants),
    /// a length (`18mm`), or a share of the width left (`2fr`). Default: all `auto`.
    pub columns: Option<Vec<ColumnWidth>>,
    /// A corner index (cards): printed small in the top-left corner and, turned, in the
    /// bottom-right, so it reads in a fanned hand: `"{row.value}"`, `"7{sun}"` (a rank over
    /// its icon).
    pub corner: Option<String>,
    /// A layout of the game's `layouts:` that places this face's contents in boxes (cards,
    /// tiles and tokens); without it the kind's own look.
    #[schemars(with = "Option<String>")]
    pub layout: Option<Box<Spanned<String>>>,
    /// A picture from the game's folder or below (`art/dragon.png`, or `art/{row.id}.png` per
    /// row of a data file): PNG, JPEG, WebP or SVG, drawn over the background and under
    /// everything else, across the whole face (and its bleed), or in the box of the face's
    /// layout that shows it (`show: image`).
    #[schemars(with = "Option<String>")]
    pub image: Option<Box<Spanned<String>>>,
    /// How the image fills the face: `cover` (the default: all of it, the image cropped),
    /// `contain` (the whole image, with room left beside it) or `stretch` (both, out of shape).
    pub fit: Option<Fit>,
    /// Which part of the image stays when `cover` crops it, or where it sits when `contain`
    /// leaves room: `center` (the default), `top`, `bottom`, `left`, `right`, `top-left`…
    pub position: Option<Position>,
    /// The family every text of the face is set in: a bundled one (`Roboto`, `Roboto
    /// Condensed`, `Bebas Neue`) or one of the game's own `fonts:`.
    #[schemars(with = "Option<String>")]
    pub font: Option<Box<Spanned<String>>>,
}

/// The width of a table's column.
#[derive(Debug, Clone, Copy, PartialEq, JsonSchema)]
#[schemars(with = "String")]
pub enum ColumnWidth {
    /// As wide as its text wants, within what the fixed columns leave.
    Auto,
    /// A fixed width in mm.
    Fixed(f64),
    /// A share of the width the other columns leave (`1fr`, `2fr`).
    Share(f64),
}

impl<'de> Deserialize<'de> for ColumnWidth {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let text = crate::base::units::TextOrNumber::deserialize(d)?.0;
        let t = text.trim();
        if t == "auto" {
            return Ok(ColumnWidth::Auto);
        }
        if let Some(share) = t.strip_suffix("fr") {
            return match share.trim().parse::<f64>() {
                Ok(v) if v.is_finite() && v > 0.0 && v <= 1000.0 => Ok(ColumnWidth::Share(v)),
                _ => Err(D::Error::custom(format!(
                    "a share of the width must be a positive number of `fr`, such as `2fr`, not `{t}`"
                ))),
            };
        }
        crate::base::units::parse_length(t)
            .map(|l| ColumnWidth::Fixed(l.mm()))
            .map_err(|e| {
                D::Error::custom(format!(
                    "a column's width is `auto`, a length or a share such as `2fr`: {e}"
                ))
            })
    }
}

/// A piecepack mark on a face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// The rank large in the centre and the symbol small in two opposite corners (tiles);
    /// a face without text shows its symbol large instead.
    Corners,
    /// A small triangle at the top edge: which way the piece points (coins).
    Arrow,
}

impl Face {
    /// Every piece of text on the face.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        [&self.title, &self.label, &self.text, &self.corner]
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
}

/// Makes, from the list of `Face`'s fields (each with its name as a `FaceField`), what goes
/// over all of them: `Face::EMPTY`, `Face::overlaid` and `FaceField`, so that none can miss one.
macro_rules! face_field_list {
    ($($field:ident: $name:ident),* $(,)?) => {
        impl Face {
            /// A face that sets nothing (`Face::default()`, as a constant to borrow).
            pub const EMPTY: Face = Face { $($field: None),* };

            /// `self` with every field that `over` sets replaced by `over`'s value.
            pub fn overlaid(&self, over: &Face) -> Face {
                Face { $($field: over.$field.clone().or_else(|| self.$field.clone())),* }
            }
        }

        /// A field of a face (`front:`, `back:`, a variant's faces).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum FaceField {
            $($name),*
        }

        impl FaceField {
            pub const ALL: [FaceField; [$(FaceField::$name),*].len()] = [$(FaceField::$name),*];

            /// Its key in the YAML.
            pub fn key(self) -> &'static str {
                match self {
                    $(FaceField::$name => stringify!($field)),*
                }
            }

            /// Whether `face` sets it.
            pub fn is_set(self, face: &Face) -> bool {
                match self {
                    $(FaceField::$name => face.$field.is_some()),*
                }
            }
        }
    };
}

face_field_list! {
    background: Background,
    ink: Ink,
    border: Border,
    symbol: Symbol,
    title: Title,
    label: Label,
    text: Text,
    lines: Lines,
    table: Table,
    pips: Pips,
    frame: Frame,
    grid: Grid,
    mark: Mark,
    columns: Columns,
    corner: Corner,
    layout: Layout,
    image: Image,
    fit: Fit,
    position: Position,
    font: Font,
}
