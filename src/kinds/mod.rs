//! Kinds of piece. Everything one kind knows lives in its own file behind the `Kind` trait: its
//! YAML section, which shared fields it takes, its size and outline, how it draws a face, how it
//! is printed when larger than the paper, what the cover calls it and what it becomes in
//! Tabletop Simulator. `registry!` at the end of this file lists the kinds: adding one is a
//! file, a line there, and its YAML (see docs/adding-a-kind.md).

/// The face fields a kind draws, by name, as `Kind::draws` answers them:
/// `face_fields![Background, Ink, Title]`. Defined before the kinds' modules so each sees it.
macro_rules! face_fields {
    ($($field:ident),* $(,)?) => {
        &[$(crate::spec::kind::FaceField::$field),*]
    };
}

pub mod boards;
pub mod boxes;
pub mod card;
pub mod diagram;
pub mod die;
pub mod face;
pub mod marks;
pub mod pawn;
pub mod piece;
pub mod play;
pub mod playing_card;
pub mod sheet;
pub mod spaces;
pub mod token;
pub mod track;
pub mod tuckbox;

use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::base::forms::Side;
pub use crate::base::forms::{
    Footprint, Room, SetupPlace, ShopFamily, Sitting, Space, Split, StandIn, TileType, TtsForm,
};
pub use crate::base::outline::Outline;
use crate::draw::canvas::Canvas;
use crate::kinds::face::{Art, DrawError};
use crate::kinds::piece::Piece;
use crate::spec::items::{Inside, ItemsError, NotOneTrack, Part, Selection};
pub use crate::spec::kind::{FaceField, Field, OwnFaces};
use crate::spec::{Face, Shape};

/// A game whose components are of these kinds, as the layers above read it.
pub type Game = crate::spec::Game<KindSpec>;
/// A component of one of these kinds.
pub type Component = crate::spec::Component<KindSpec>;
/// What checking a component of these kinds has at hand.
pub type CheckCx<'a> = crate::spec::kind::CheckCx<'a, KindSpec>;
/// The description of a game whose components are of these kinds.
pub type GameSpec = crate::spec::GameSpec<KindSpec>;

/// Loads a shipped game by id (`night-grain`) or a YAML file by path, then checks it.
pub fn load(name: &str) -> Result<Game, crate::spec::SpecError> {
    crate::spec::load(name)
}

/// Parses and checks YAML bytes; `file` is how errors name them.
pub fn from_bytes(
    file: &str,
    bytes: Vec<u8>,
    dir: Option<std::path::PathBuf>,
) -> Result<Game, crate::spec::SpecError> {
    crate::spec::from_bytes(file, bytes, dir)
}

/// A die's faces for Tabletop Simulator.
pub struct DieFaces {
    /// Its width across (mm): a d6's edge, another's face to opposite face.
    pub across: f64,
    /// The side (mm) of the square each face is drawn in, upright.
    pub side: f64,
    /// Each face's drawing and the value a roll of it reports.
    pub faces: Vec<(svg::node::element::Group, String)>,
}

/// What drawing one face of a piece has at hand.
pub struct FaceCx<'a> {
    pub game: &'a Game,
    pub component: &'a Component,
    pub piece: &'a Piece,
    pub side: Side,
    pub canvas: &'a mut Canvas,
    pub art: &'a Art<'a>,
}

impl<'a> FaceCx<'a> {
    /// The folder the component's files are read from (an included game's own), if any.
    pub fn dir(&self) -> Option<&'a std::path::Path> {
        self.game.dir_of(self.component)
    }

    /// The face's own picture (`image:`) across the face and its bleed, as `fit:` and
    /// `position:` say (a contained picture within the cut), if it has one and its layout does
    /// not put it in a box (`draw::boxes` draws it there).
    pub fn image(&self, face: &Face) -> Result<Option<svg::node::element::Group>, DrawError> {
        use crate::draw::image::{Area, Outline, place};
        let Some(name) = &face.image else {
            return Ok(None);
        };
        let layout = crate::spec::layouts::of(self.game, face);
        if layout.and_then(crate::spec::layouts::image_box).is_some() {
            return Ok(None);
        }
        let picture = self.art.picture(self.dir(), &name.value)?;
        let (w, h, b) = (self.canvas.w, self.canvas.h, self.canvas.bleed);
        let fit = face.fit.unwrap_or_default();
        let area = match fit {
            crate::spec::Fit::Contain => Area {
                x: 0.0,
                y: 0.0,
                w,
                h,
            },
            _ => Area {
                x: -b,
                y: -b,
                w: w + 2.0 * b,
                h: h + 2.0 * b,
            },
        };
        let outline = match self.piece.shape {
            crate::spec::Shape::Round => Outline::Round,
            // As a card's background is cut (`card::draw`); with bleed its corners run out.
            crate::spec::Shape::Rounded if b == 0.0 => Outline::Rounded(w.min(h) * 0.05),
            crate::spec::Shape::Hex { .. }
            | crate::spec::Shape::Polygon { .. }
            | crate::spec::Shape::Path(_) => Outline::Cut(self.cut(b)),
            _ => Outline::Square,
        };
        let position = face.position.unwrap_or_default();
        Ok(Some(place(&picture, fit, position, area, outline)))
    }

    /// The path this side of the piece is cut along, grown by `bleed` mm (its sides moved out,
    /// as if it were convex), as SVG path data: what is drawn across the face is cut to it.
    pub fn cut(&self, bleed: f64) -> String {
        use crate::base::outline::{inset, path_data, polygon_path};
        let outline = face_outline(self.game, self.piece, self.side);
        let (w, h) = (self.canvas.w, self.canvas.h);
        match outline.points() {
            Some(points) if bleed > 0.0 => path_data(&polygon_path(&inset(points, -bleed))),
            _ => path_data(&outline.bez_path(w, h)),
        }
    }
}

/// One kind of piece. Defaults suit a flat rectangular piece printed whole.
pub trait Kind: std::fmt::Debug + Send + Sync {
    /// What it is, in a sentence: the schema and `pnp list` show it.
    fn about(&self) -> &'static str;
    /// A small component of this kind, as YAML after `- id: …` (unindented). The schema offers
    /// it to editors and a test builds every kind's example; a `diagram` example may place the
    /// `token` example, which the test builds beside it.
    fn example(&self) -> &'static str;
    /// The component-level fields it takes beside those every kind takes.
    fn fields(&self) -> &'static [Field];
    /// The face fields it draws on `side`: a face that sets another is reported, not ignored.
    fn draws(&self, side: Side) -> &'static [FaceField];
    /// The faces its own section holds beside `front:` and `back:` (a die's `die.faces`), and
    /// the face fields it draws on them; `None` for a kind whose faces are its front and back.
    fn own_faces(&self) -> Option<OwnFaces<'_>> {
        None
    }
    /// Its own checks, beyond what the YAML's types check.
    fn check(&self, _cx: &mut CheckCx) {}
    /// The printed size (mm) of its pieces before any split: `size` for most kinds (given, as
    /// the fields say it must be), a die's net for its edge, a track's spaces.
    fn size(&self, c: &Component) -> (f64, f64) {
        let Some((w, h)) = c.size_mm() else {
            return (0.0, 0.0);
        };
        // A hexagon or polygon's one length measures it across (`Shape::piece_box`).
        c.shape().piece_box(w).unwrap_or((w, h))
    }
    /// The shape of its pieces when `shape:` is not given.
    fn default_shape(&self) -> Shape {
        Shape::Square
    }
    /// The cut path of a `w`×`h` piece.
    fn outline(&self, shape: Shape, w: f64, h: f64) -> Outline {
        Outline::of_shape(shape, w, h)
    }
    /// Draws one face on `cx.canvas`.
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError>;
    /// How a piece too large for the paper is printed.
    fn split(&self) -> Split {
        Split::Never
    }
    /// Whether identical pieces may be packed edge to edge, one cut serving two (rectangles cut
    /// straight, hexes and triangles tiling the sheet; not round pieces, nets or record sheets).
    fn shares_cuts(&self, shape: Shape) -> bool {
        matches!(
            shape,
            Shape::Square | Shape::Rounded | Shape::Hex { .. } | Shape::Polygon { sides: 3, .. }
        )
    }
    /// Whether its pieces are cut out (a set-up diagram is looked at, not cut: it may go on the
    /// back of the cover).
    fn is_cut(&self) -> bool {
        true
    }
    /// What the cover calls it ("token", "die net").
    fn noun(&self) -> &'static str;
    /// Whether `{key}` in its texts is a value each player's copy fills in (a record sheet's
    /// `{player}`), not an icon.
    fn fills_in_players(&self) -> bool {
        false
    }
    /// How the cover describes one piece: "round token, 19 mm", "card, 63.5 × 88.9 mm".
    fn describe(&self, shape: Shape, w: f64, h: f64) -> String {
        let mm = |v: f64| crate::draw::canvas::n((v * 10.0).round() / 10.0);
        match shape {
            Shape::Round => format!("round {}, {} mm", self.noun(), mm(w)),
            // An odd polygon has no opposite flats: it is as tall as it stands.
            Shape::Polygon { sides, .. } if sides % 2 == 1 => format!(
                "{} {}, {} mm tall",
                shape.adjective().unwrap_or_default(),
                self.noun(),
                mm(h)
            ),
            Shape::Hex { .. } | Shape::Polygon { .. } => format!(
                "{} {}, {} mm across flats",
                shape.adjective().unwrap_or_default(),
                self.noun(),
                mm(shape.across_flats(w, h))
            ),
            Shape::Path(_) => format!("custom-shaped {}, {} × {} mm", self.noun(), mm(w), mm(h)),
            _ => format!("{}, {} × {} mm", self.noun(), mm(w), mm(h)),
        }
    }
    /// Whether it has fold lines to score (the cover says how).
    fn folds(&self) -> bool {
        false
    }
    /// What it becomes in Tabletop Simulator.
    fn tts(&self, shape: Shape) -> TtsForm;
    /// The family of print-shop products a piece of `shape` could be; `None` for what no
    /// service makes (sheets, tracks, die nets, pawns are printed at home).
    fn shop_family(&self, _shape: Shape) -> Option<ShopFamily> {
        None
    }
    /// Whether a player cuts its pieces out at home along their outline, so that what is
    /// printed near the cut must keep clear of it (`pnp check`): tokens, tiles and boards; not
    /// pages printed whole.
    fn cut_at_home(&self) -> bool {
        false
    }
    /// Whether one is printed for each player, written on in play (a record sheet).
    fn one_per_player(&self) -> bool {
        false
    }
    /// Whether a piece is called by what its face shows large (a card), not by its component.
    fn named_by_face(&self) -> bool {
        false
    }
    /// What a piece with these tags is called, when its kind knows (a playing card's rank and
    /// suit: "Ace of Hearts").
    fn name_of(&self, _tags: &crate::spec::Tags) -> Option<String> {
        None
    }
    /// Where it places the game's `pieces` on the table, if it is a setup diagram.
    fn setup(&self, _game: &Game, _pieces: &[Piece]) -> Option<Vec<SetupPlace>> {
        None
    }
    /// What these pieces of `game` stand in for that players may own.
    fn stands_in_for(&self, _game: &Game, _pieces: &[&Piece]) -> Option<StandIn> {
        None
    }
    /// Texts it prints that are not on its faces (a track's labels): the font check sees them.
    fn texts(&self) -> Vec<&str> {
        Vec::new()
    }
    /// Symbols it draws that are not on its faces (a sheet's legend).
    fn symbols(&self) -> Vec<&Spanned<String>> {
        Vec::new()
    }
    /// The field of its section that sets its pieces' size, when one does, with the sizes
    /// smaller values give: a message about a piece too large for the paper names it.
    fn sized_by(&self, _component: &Component) -> Option<crate::base::forms::SizedBy> {
        None
    }
    /// The items a rule's selector picks of `component` (one of this kind), by `part`: a die's
    /// faces, a board's spaces, a record sheet's table rows, roster rows, a roster column's
    /// boxes by kind of row, track spaces or fields. `None` when it has no such part. A
    /// board's spaces come from its `geometry()` (`spaces::items`: name, shape, style, column,
    /// row, x, y); a kind whose spaces know more offers it by answering `Part::Spaces` itself.
    fn items(
        &self,
        game: &Game,
        component: &Component,
        part: Part,
    ) -> Option<Result<Selection, ItemsError>> {
        match part {
            Part::Spaces(style) => self
                .geometry()
                .map(|g| spaces::items(game, component, &g, style)),
            _ => None,
        }
    }
    /// The label of each of its spaces in order ("" where none), for the rules' `labels:`;
    /// `None` when it has no spaces to write in.
    fn labels(&self) -> Option<Result<Vec<String>, NotOneTrack>> {
        None
    }
    /// What is printed inside its spaces, for the rules' `blank:`; `None` when it has none.
    fn printed_inside(&self) -> Option<Result<Inside, NotOneTrack>> {
        None
    }
    /// How one of its pieces looks in play, for a setup diagram and Tabletop Simulator: a
    /// drawing and its size (mm); `which` picks a die's face. `None`: the side asked for, as
    /// printed.
    fn on_table(
        &self,
        _game: &Game,
        _piece: &Piece,
        _which: usize,
        _art: &Art,
    ) -> Option<Result<(svg::node::element::Group, f64, f64), DrawError>> {
        None
    }
    /// How one of its pieces stands as a Tabletop Simulator standee: its figure with nothing
    /// drawn around its outline (the game cuts the standee along it), and its size (mm);
    /// `None` for kinds that do not stand.
    fn standee(
        &self,
        _game: &Game,
        _piece: &Piece,
        _art: &Art,
    ) -> Option<Result<(svg::node::element::Group, f64, f64), DrawError>> {
        None
    }
    /// A die's six faces, each in a square of its edge, with the value it shows (for Tabletop
    /// Simulator's dice); `None` for other kinds.
    fn die_faces(
        &self,
        _game: &Game,
        _piece: &Piece,
        _art: &Art,
    ) -> Option<Result<DieFaces, DrawError>> {
        None
    }
    /// Its spaces (a board's squares, hexes or points and its edge track, a track's boxes and
    /// end area, a sheet's track), where pieces are put, as drawn on `piece`'s front: Tabletop
    /// Simulator gets a snap point on each. A board's come from its geometry, as points; empty
    /// for kinds without spaces.
    fn spaces(&self, _game: &Game, _piece: &Piece) -> Vec<Space> {
        self.geometry()
            .map(|g| {
                g.spaces
                    .iter()
                    .chain(&g.track)
                    .map(|s| Space {
                        x: s.x,
                        y: s.y,
                        w: 0.0,
                        h: 0.0,
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
    /// The insides of its spaces, where pieces lie in play, named as `holds:` names them:
    /// `pnp check` fits the held pieces in them. By default its `spaces` that have a size,
    /// numbered from 1; empty for a piece without spaces (a held piece lies on the piece).
    fn rooms(&self, game: &Game, piece: &Piece) -> Vec<Room> {
        rooms_of_spaces(self, game, piece)
    }
    /// What one of its pieces covers in play: its outline's box, or its circle.
    fn footprint(&self, _c: &Component, piece: &Piece) -> Footprint {
        Footprint {
            w: piece.w,
            h: piece.h,
            round: piece.shape == Shape::Round,
        }
    }
    /// The pieces it stands on another piece's space, as it draws them (a setup diagram's
    /// `on:`): `pnp check` holds each to its space.
    fn sittings(&self, _game: &Game) -> Vec<Sitting> {
        Vec::new()
    }
    /// Squares along each side of a square board, where they are written, for the rules'
    /// `board:`.
    fn squares(&self) -> Option<&Spanned<u32>> {
        None
    }
    /// Its spaces (squares, hexes or points), the lines joining them, its marks and the track
    /// around its edge, for the rules' `spaces:`, `marked:`, `lines:` and
    /// `at_least_squares_of:`, and Tabletop Simulator's snap points; `None` when it has none.
    fn geometry(&self) -> Option<spaces::Geometry> {
        None
    }
}

/// Lists the kinds: its name in the YAML, its variant in `KindSpec` and the type that carries
/// its section. A kind whose section is a key of its own (`board: {squares: 9, ...}`) is
/// listed under `sections`; the others have nothing but the shared fields.
macro_rules! registry {
    (
        plain { $($pname:literal => $pvar:ident($pty:ty),)* }
        sections { $($sname:literal => $svar:ident($sty:ty),)* }
    ) => {
        /// A component's kind, with its section.
        #[derive(Debug)]
        pub enum KindSpec {
            $($pvar($pty),)*
            $($svar($sty),)*
        }

        /// The name of a kind, as `kind:` gives it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, JsonSchema)]
        pub enum KindName {
            $(#[serde(rename = $pname)] $pvar,)*
            $(#[serde(rename = $sname)] $svar,)*
        }

        impl KindName {
            /// Every kind's name, in the registry's order.
            pub const ALL: &'static [&'static str] = &[$($pname,)* $($sname,)*];

            pub fn as_str(self) -> &'static str {
                match self {
                    $(KindName::$pvar => $pname,)*
                    $(KindName::$svar => $sname,)*
                }
            }

            pub fn parse(name: &str) -> Option<KindName> {
                match name {
                    $($pname => Some(KindName::$pvar),)*
                    $($sname => Some(KindName::$svar),)*
                    _ => None,
                }
            }
        }

        impl KindSpec {
            /// A kind that needs its section, with an empty one: stands in for a section the YAML
            /// lacks until the checks report it.
            pub fn empty(name: KindName) -> KindSpec {
                match name {
                    $(KindName::$pvar => KindSpec::$pvar(<$pty>::default()),)*
                    $(KindName::$svar => KindSpec::$svar(<$sty>::default()),)*
                }
            }

            pub fn name(&self) -> KindName {
                match self {
                    $(KindSpec::$pvar(_) => KindName::$pvar,)*
                    $(KindSpec::$svar(_) => KindName::$svar,)*
                }
            }

            /// Its behaviour.
            pub fn kind(&self) -> &dyn Kind {
                match self {
                    $(KindSpec::$pvar(k) => k,)*
                    $(KindSpec::$svar(k) => k,)*
                }
            }

            /// The JSON Schema of each kind's section, by name.
            pub fn section_schemas(
                generator: &mut schemars::SchemaGenerator,
            ) -> Vec<(&'static str, schemars::Schema)> {
                vec![$(($sname, generator.subschema_for::<$sty>()),)*]
            }
        }

        impl crate::spec::Kinds for KindSpec {
            type Name = KindName;
            const SECTIONS: &'static [&'static str] = &[$($sname,)*];
            fn read_section<'de, A: serde::de::MapAccess<'de>>(
                key: &str,
                map: &mut A,
            ) -> Result<(KindSpec, serde_saphyr::Location), A::Error> {
                match key {
                    $($sname => map
                        .next_value::<Spanned<$sty>>()
                        .map(|s| (KindSpec::$svar(s.value), s.referenced)),)*
                    _ => Err(serde::de::Error::custom(format!("no section `{key}`"))),
                }
            }
            fn plain(name: KindName) -> Option<KindSpec> {
                match name {
                    $(KindName::$pvar => Some(KindSpec::$pvar(<$pty>::default())),)*
                    _ => None,
                }
            }
            fn empty(name: KindName) -> KindSpec {
                KindSpec::empty(name)
            }
            fn name(&self) -> KindName {
                KindSpec::name(self)
            }
            fn section_of(name: KindName) -> Option<&'static str> {
                match name {
                    $(KindName::$svar => Some($sname),)*
                    _ => None,
                }
            }
            fn required_keys(name: KindName) -> Vec<String> {
                required_keys(name)
            }
            fn fields(&self) -> &'static [Field] {
                self.kind().fields()
            }
            fn draws(&self, side: Side) -> &'static [FaceField] {
                self.kind().draws(side)
            }
            fn own_faces(&self) -> Option<OwnFaces<'_>> {
                self.kind().own_faces()
            }
            fn default_shape(&self) -> Shape {
                self.kind().default_shape()
            }
            fn noun(&self) -> &'static str {
                self.kind().noun()
            }
            fn tts(&self, shape: Shape) -> TtsForm {
                self.kind().tts(shape)
            }
            fn texts(&self) -> Vec<&str> {
                self.kind().texts()
            }
            fn symbols(&self) -> Vec<&Spanned<String>> {
                self.kind().symbols()
            }
            fn fills_in_players(&self) -> bool {
                self.kind().fills_in_players()
            }
            fn check(&self, cx: &mut CheckCx) {
                self.kind().check(cx);
                play::check_spaces(self.kind(), cx);
            }
        }
    };
}

registry! {
    plain {
        "token" => Token(token::Token),
        "tile" => Tile(token::Tile),
        "card" => Card(card::Card),
        "playing-card" => PlayingCard(playing_card::PlayingCard),
        "pawn" => Pawn(pawn::Pawn),
    }
    sections {
        "track" => Track(track::Track),
        "board" => Board(boards::board::Board),
        "hex-board" => HexBoard(boards::hex_board::HexBoard),
        "point-board" => PointBoard(boards::point_board::PointBoard),
        "die" => Die(die::Die),
        "diagram" => Diagram(diagram::Diagram),
        "sheet" => Sheet(sheet::SheetSpec),
        "tuckbox" => Tuckbox(tuckbox::Tuckbox),
    }
}

/// `kind:` is read by name, with an error that lists the kinds.
impl<'de> Deserialize<'de> for KindName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // Read as serde reads an enum of unit variants, so that an unknown name is refused
        // while it is read, and located at it.
        struct Name;
        impl<'de> serde::de::DeserializeSeed<'de> for Name {
            type Value = KindName;
            fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<KindName, D::Error> {
                d.deserialize_identifier(Name)
            }
        }
        impl serde::de::Visitor<'_> for Name {
            type Value = KindName;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a kind of piece")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<KindName, E> {
                KindName::parse(name).ok_or_else(|| E::unknown_variant(name, KindName::ALL))
            }
        }
        struct Kinds;
        impl<'de> serde::de::Visitor<'de> for Kinds {
            type Value = KindName;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a kind of piece")
            }
            fn visit_enum<A: serde::de::EnumAccess<'de>>(
                self,
                data: A,
            ) -> Result<KindName, A::Error> {
                use serde::de::VariantAccess;
                let (name, variant) = data.variant_seed(Name)?;
                variant.unit_variant()?;
                Ok(name)
            }
        }
        d.deserialize_enum("KindName", KindName::ALL, Kinds)
    }
}

impl std::fmt::Display for KindName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The keys a kind's section must have, as its JSON Schema says.
fn required_keys(kind: KindName) -> Vec<String> {
    let mut generator = schemars::SchemaGenerator::default();
    let schemas = KindSpec::section_schemas(&mut generator);
    let Some((_, schema)) = schemas.iter().find(|(k, _)| *k == kind.as_str()) else {
        return Vec::new();
    };
    let schema = match schema.get("$ref").and_then(|r| r.as_str()) {
        Some(r) => {
            let name = r.rsplit('/').next().unwrap_or_default();
            generator
                .definitions()
                .get(name)
                .cloned()
                .unwrap_or_default()
        }
        None => schema.clone().to_value(),
    };
    let required = schema["required"].as_array().cloned().unwrap_or_default();
    required
        .iter()
        .filter_map(|k| k.as_str())
        .map(|k| format!("`{k}:`"))
        .collect()
}

/// The piece's kind: its component's.
pub fn of<'g>(game: &'g Game, piece: &Piece) -> &'g dyn Kind {
    game.spec.components[piece.component].kind.kind()
}

/// The cut path of one side of `piece`: the back's is the front's turned over left to right,
/// so that printed behind its front (`layout::mirror`) it fills the same piece.
pub fn face_outline(game: &Game, piece: &Piece, side: Side) -> Outline {
    let outline = of(game, piece).outline(piece.shape.clone(), piece.w, piece.h);
    match side {
        Side::Front => outline,
        Side::Back => outline.mirrored(piece.w),
    }
}

/// A kind's spaces that have a size, numbered from 1: where held pieces lie by default
/// (`Kind::rooms`).
pub fn rooms_of_spaces<K: Kind + ?Sized>(kind: &K, game: &Game, piece: &Piece) -> Vec<Room> {
    let spaces = kind.spaces(game, piece).into_iter();
    spaces
        .filter(|s| s.w > 0.0 && s.h > 0.0)
        .enumerate()
        .map(|(i, s)| Room {
            name: (i + 1).to_string(),
            x: s.x,
            y: s.y,
            w: s.w,
            h: s.h,
            round: false,
            apart: false,
        })
        .collect()
}
