//! Setup diagrams: pieces of the game placed on a table and drawn from their own face SVGs, so
//! the picture always matches the printed pieces. Positions are table millimetres (the centre
//! of each piece), drawn at `scale` from `origin`.
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use svg::node::Blob;
use svg::node::element::Group;

use super::{CheckCx, FaceCx, FaceField, Field, Kind, TtsForm};
use crate::base::forms::Side;
use crate::draw::canvas::{Anchor, Canvas, n, rect, text};
use crate::draw::text::{Font, fit};
use crate::kinds::Game;
use crate::kinds::face::DrawError;
use crate::kinds::face::{Art, Colors, draw_face};
use crate::kinds::piece::{Piece, expand};
use crate::spec::{Face, Shape};

/// Which side of a piece a diagram shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum DiagramSide {
    #[default]
    Front,
    Back,
}

impl From<DiagramSide> for Side {
    fn from(side: DiagramSide) -> Side {
        match side {
            DiagramSide::Front => Side::Front,
            DiagramSide::Back => Side::Back,
        }
    }
}

/// A setup diagram (`diagram:`): pieces of the game placed on a table, drawn from their own
/// faces.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Diagram {
    /// Drawing millimetres per table millimetre, e.g. `0.5` for a half-size picture. Default 1.
    pub scale: Option<f64>,
    /// Where the table's origin is on the drawing, in mm of the drawing: across from its left
    /// edge, and down from the top of the table's area, which starts below the title when the
    /// diagram has one (a band of about 12 mm). Default `[0, 0]`.
    pub origin: Option<[f64; 2]>,
    #[serde(default)]
    #[schemars(with = "Vec<Placed>")]
    pub place: Vec<Spanned<Placed>>,
    #[serde(default)]
    pub labels: Vec<DiagramLabel>,
}

/// One piece on the diagram's table.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    /// A piece id: `tile-suns-ace` (component-variant) or a component id without variants.
    #[schemars(with = "String")]
    pub piece: Spanned<String>,
    #[serde(default)]
    pub side: DiagramSide,
    /// Centre of the piece on the table, in millimetres; or give `on:` and `space:`.
    pub at: Option<[f64; 2]>,
    /// The piece this one stands on: the nearest placement before it of this piece id (a
    /// tile), whose shown side has a `grid:` of spaces. With `space:`, instead of `at:`.
    #[schemars(with = "Option<String>")]
    pub on: Option<Spanned<String>>,
    /// Which space of `on:` the piece stands on: a board's space by its name (`f6`, a track
    /// space's number), or `[column, row]` of a tile's grid from `[1, 1]` at its top-left (as
    /// the piece under it lies, turned with it).
    pub space: Option<SpaceOf>,
    /// Turn, in degrees clockwise.
    #[serde(default)]
    pub rotate: f64,
    /// For dice: which face shows (0–5, in `die.faces` order). Default 0.
    pub face: Option<usize>,
    /// Draw half-transparent (pieces only used in some set-ups).
    #[serde(default)]
    pub faded: bool,
    /// The player counts it is placed for, e.g. `[3]` (`pnp tts --table --players N` lays out
    /// only those). Default: every count.
    pub players: Option<Vec<u32>>,
}

impl Placed {
    /// Whether it is placed when `n` play.
    pub fn is_for(&self, n: u32) -> bool {
        self.players.as_ref().is_none_or(|p| p.contains(&n))
    }

    /// Its piece (among `pieces`) as the diagram shows it: the inside of its face SVG (without
    /// its `<svg>` element) and its size in mm; what its kind shows on a table (a die one face,
    /// a pawn its figure), else the side asked for.
    fn drawn(
        &self,
        game: &Game,
        pieces: &[Piece],
        art: &Art,
    ) -> Result<(String, f64, f64), DrawError> {
        let id = &self.piece.value;
        let piece = pieces
            .iter()
            .find(|x| x.id(game) == *id)
            .ok_or_else(|| DrawError::NoPiece(id.clone()))?;
        let kind = super::of(game, piece);
        if let Some(shown) = kind.on_table(game, piece, self.face.unwrap_or(0), art) {
            return shown.map(|(g, w, h)| (g.to_string(), w, h));
        }
        let svg = draw_face(game, piece, self.side.into(), 0.0, art)?
            .ok_or_else(|| DrawError::NoBack(piece.id(game).into_owned()))?;
        Ok((strip_root(&svg).to_string(), piece.w, piece.h))
    }
}

/// A space of the piece under a placed one.
#[derive(Debug, Clone, PartialEq, JsonSchema)]
#[schemars(untagged)]
pub enum SpaceOf {
    /// A board's space by name: `f6`, `c3`, or a track space's number.
    Named(String),
    /// `[column, row]` of a tile's `grid:`, from `[1, 1]` at its top-left.
    Cell([u32; 2]),
}

impl<'de> Deserialize<'de> for SpaceOf {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = SpaceOf;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a board's space by name (`f6`) or a tile's `[column, row]`")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<SpaceOf, E> {
                Ok(SpaceOf::Named(v.to_string()))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<SpaceOf, E> {
                Ok(SpaceOf::Named(v.to_string()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<SpaceOf, A::Error> {
                use serde::de::Error;
                let mut next = || -> Result<u32, A::Error> {
                    seq.next_element::<u32>()?
                        .ok_or_else(|| A::Error::custom("a tile's space is `[column, row]`"))
                };
                let cell = [next()?, next()?];
                Ok(SpaceOf::Cell(cell))
            }
        }
        d.deserialize_any(Visit)
    }
}

/// Text on a diagram, at table millimetres, centred.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiagramLabel {
    pub text: String,
    pub at: [f64; 2],
    /// Text size in drawing millimetres (default 4).
    pub size: Option<f64>,
}

/// Largest number of pieces on one diagram.
pub const MAX_PLACED: usize = 500;

/// Why a placed piece has no place on the table.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PlaceError {
    #[error("a piece goes either `at:` a point or `on:` a piece's `space:`, not both")]
    AtAndOn,
    #[error(
        "`on:` needs `space:`: which space of that piece (`f6` on a board, `[column, row]` on a tile)"
    )]
    OnWithoutSpace,
    #[error("`space:` needs `on:`: the piece (a board or a tile) whose space this is")]
    SpaceWithoutOn,
    #[error(
        "a placed piece needs `at: [x, y]` (its centre, table mm) or `on:` a piece and its `space:`"
    )]
    Nowhere,
    #[error("`on: {0}`: no piece `{0}` is placed before this one")]
    NotBefore(String),
    #[error("`on: {0}`: that piece has no place itself")]
    UnderUnplaced(String),
    #[error("`on: {0}`: no such piece")]
    NoPiece(String),
    #[error("`space: {space}`: `{on}` is not a board; a tile's space is `[column, row]`")]
    NotABoard { space: String, on: String },
    #[error("`space: {space}`: board `{on}` has no such space")]
    NoSpace { space: String, on: String },
    #[error("`on: {on}`: its {side} shows no grid of spaces (`grid:`)")]
    NoGrid { on: String, side: &'static str },
    #[error(
        "`space: [{col}, {row}]`: `{on}` has {cells} × {cells} spaces, from [1, 1] to [{cells}, {cells}]"
    )]
    OffTheGrid {
        col: u32,
        row: u32,
        on: String,
        cells: u32,
    },
}

impl Kind for Diagram {
    fn about(&self) -> &'static str {
        "A setup picture placing other pieces' own faces on a table (`diagram:`)."
    }
    fn example(&self) -> &'static str {
        r##"kind: diagram
size: 80mm x 60mm
front: {title: Setup}
diagram:
  origin: [40, 20]
  place:
    - {piece: token, at: [-15, 0]}
    - {piece: token, side: back, at: [15, 0]}
  labels:
    - {text: Each player takes a token, at: [0, 20]}
"##
    }
    fn fields(&self) -> &'static [Field] {
        &[Field::Size, Field::Back]
    }
    fn draws(&self, _: Side) -> &'static [FaceField] {
        // No outline: a diagram is looked at, not cut out.
        face_fields![Background, Ink, Title, Label, Font]
    }
    fn check(&self, cx: &mut CheckCx) {
        let before = cx.problems.len();
        let c = cx.component;
        if let Some(s) = self.scale
            && !(s.is_finite() && s > 0.0 && s <= 10.0)
        {
            cx.at(
                &c.id,
                format!("diagram `scale: {s}`: expected a number above 0, at most 10"),
            );
        }
        if self.place.len() > MAX_PLACED {
            cx.at(
                &c.id,
                format!("a diagram places at most {MAX_PLACED} pieces"),
            );
        }
        let ids = piece_ids(cx.game);
        for p in &self.place {
            let v = &p.value;
            let finite =
                v.at.iter()
                    .flatten()
                    .all(|n| n.is_finite() && n.abs() < 10_000.0)
                    && v.rotate.is_finite();
            if !finite {
                cx.at(
                    p,
                    "`at:` and `rotate:` must be plain numbers (millimetres, degrees)".into(),
                );
            }
            let counts = &cx.game.spec.game.players.value;
            if let Some(n) = v.players.iter().flatten().find(|n| !counts.contains(n)) {
                cx.at(
                    &v.piece,
                    format!(
                        "`players: [{n}]`: the game is for {} players",
                        crate::spec::player_counts(counts)
                    ),
                );
            }
            match ids.iter().find(|(id, _)| *id == v.piece.value) {
                None => {
                    // `man.white` for `man-white`: the separator read as a typo.
                    let near = v.piece.value.replace(['.', '_', ' ', '/'], "-");
                    let names = ids.iter().map(|(i, _)| i.as_str());
                    let example = match ids.iter().find(|(i, _)| *i == near) {
                        Some((i, _)) => Some(i.as_str()),
                        None => crate::base::diagnostic::closest(&v.piece.value, names),
                    };
                    let hint = match example {
                        Some(i) => format!(" (did you mean `{i}`?)"),
                        None => format!(
                            ": expected a component id or component-variant id such as `{}`",
                            ids.first().map_or("tile-suns-ace", |(i, _)| i.as_str())
                        ),
                    };
                    cx.at(
                        &v.piece,
                        format!("no piece `{}` to place{hint}", v.piece.value),
                    )
                }
                Some((_, super::KindName::Diagram)) => {
                    cx.at(&v.piece, "a diagram cannot place another diagram".into())
                }
                Some((_, kind)) => {
                    if v.face.is_some_and(|f| f > 5)
                        || (v.face.is_some() && *kind != super::KindName::Die)
                    {
                        cx.at(
                            &v.piece,
                            "`face:` picks a die face, 0 to 5; only dice have it".into(),
                        );
                    }
                }
            }
        }
        // Where pieces go, once every piece named exists.
        if cx.problems.len() == before {
            self.check_places(cx);
        }
        self.check_copies(cx);
        for l in &self.labels {
            if !l.at.iter().all(|n| n.is_finite())
                || l.size.is_some_and(|s| !(s > 0.0 && s < 100.0))
            {
                cx.at(
                    &c.id,
                    format!(
                        "diagram label `{}`: `at:` and `size:` must be plain, positive numbers",
                        l.text
                    ),
                );
            }
        }
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        draw(cx.canvas, cx.game, self, face, cx.art)
    }
    fn shares_cuts(&self, _: Shape) -> bool {
        false
    }
    fn noun(&self) -> &'static str {
        "diagram"
    }
    fn is_cut(&self) -> bool {
        false
    }
    fn tts(&self, _: Shape) -> TtsForm {
        TtsForm::Board
    }
    fn texts(&self) -> Vec<&str> {
        self.labels.iter().map(|l| l.text.as_str()).collect()
    }
    /// Each piece placed `on:` another's `space:`, as drawn, with the space's size.
    fn sittings(&self, game: &Game) -> Vec<super::Sitting> {
        if self.place.iter().all(|p| p.value.on.is_none()) {
            return Vec::new();
        }
        let pieces = &expand(game);
        let art = Art::new(game);
        let mut out = Vec::new();
        for (i, p) in self.place.iter().enumerate() {
            let v = &p.value;
            let (Some(on), Some(space)) = (&v.on, &v.space) else {
                continue;
            };
            let Some(under) = pieces.iter().find(|x| x.id(game) == on.value) else {
                continue;
            };
            let Some(base) = (0..i)
                .rev()
                .map(|j| &self.place[j].value)
                .find(|b| b.piece.value == on.value)
            else {
                continue;
            };
            let room = match space {
                SpaceOf::Cell(_) => {
                    let face = under.face(game, base.side.into());
                    let Some(cells) = face.and_then(|f| f.grid).filter(|c| *c > 0) else {
                        continue;
                    };
                    (under.w / cells as f64, under.h / cells as f64)
                }
                SpaceOf::Named(name) => {
                    let rooms = super::of(game, under).rooms(game, under);
                    match rooms.iter().find(|r| r.name == *name) {
                        Some(r) => (r.w, r.h),
                        None => continue,
                    }
                }
            };
            let Ok((_, pw, ph)) = v.drawn(game, pieces, &art) else {
                continue;
            };
            out.push(super::Sitting {
                piece: v.piece.value.clone(),
                on: on.value.clone(),
                space: match space {
                    SpaceOf::Named(n) => n.clone(),
                    SpaceOf::Cell([col, row]) => format!("[{col}, {row}]"),
                },
                drawn: turned_box(pw, ph, v.rotate - base.rotate),
                room,
                number: i + 1,
                at: v.piece.referenced,
            });
        }
        out
    }
    /// Its placements, their centres (the checks have refused any without one) and grids.
    fn setup(&self, game: &Game, pieces: &[Piece]) -> Option<Vec<super::SetupPlace>> {
        let centres: Vec<[f64; 2]> = self
            .centres(game, pieces)
            .into_iter()
            .map(|c| c.unwrap_or([0.0, 0.0]))
            .collect();
        let grids = self.grid_spaces(game, pieces, &centres);
        let places = self.place.iter().zip(centres).zip(grids);
        Some(
            places
                .map(|((p, centre), grid)| super::SetupPlace {
                    piece: p.value.piece.value.clone(),
                    players: p.value.players.clone(),
                    centre,
                    rotate: p.value.rotate,
                    back: p.value.side == DiagramSide::Back,
                    face: p.value.face,
                    grid,
                })
                .collect(),
        )
    }
}

impl Diagram {
    /// A diagram places no more of a piece than the game has, at each player count: a setup
    /// that needs 24 attackers when 23 are printed cannot be laid out.
    fn check_copies(&self, cx: &mut CheckCx) {
        let game = cx.game;
        let pieces = expand(game);
        let copies = |id: &str| -> u32 {
            pieces
                .iter()
                .filter(|p| p.id(game) == id)
                .map(|p| p.copies)
                .sum()
        };
        let mut told: Vec<&str> = Vec::new();
        for &n in &game.spec.game.players.value {
            let mut placed: Vec<(&str, u32, &Spanned<String>)> = Vec::new();
            let here = self.place.iter().map(|p| &p.value).filter(|v| v.is_for(n));
            for v in here {
                match placed.iter_mut().find(|(id, _, _)| *id == v.piece.value) {
                    Some(entry) => {
                        entry.1 += 1;
                        entry.2 = &v.piece;
                    }
                    None => placed.push((&v.piece.value, 1, &v.piece)),
                }
            }
            for (id, count, last) in placed {
                let have = copies(id);
                if count > have && have > 0 && !told.contains(&id) {
                    told.push(id);
                    cx.at(
                        last,
                        format!(
                            "the diagram places {count} `{id}` for {n} players, but the game has {have}: place fewer, or give `{id}` more copies"
                        ),
                    );
                }
            }
        }
    }

    /// Where each piece goes (`on:` and `space:` resolved) and that it lies wholly on the
    /// drawing: a piece past its edge would be cut off without a word.
    fn check_places(&self, cx: &mut CheckCx) {
        let game = cx.game;
        let pieces = expand(game);
        let (w, h) = self.size(cx.component);
        let scale = self.scale.unwrap_or(1.0);
        let [ox, oy] = self.origin.unwrap_or([0.0, 0.0]);
        let top = title_top(&cx.component.front, w);
        let art = crate::kinds::face::Art::new(game);
        for (i, (p, centre)) in self
            .place
            .iter()
            .zip(self.centres(game, &pieces))
            .enumerate()
        {
            let centre = match centre {
                Ok(c) => c,
                Err(why) => {
                    cx.at(p, why.to_string());
                    continue;
                }
            };
            let Ok((_, pw, ph)) = p.value.drawn(game, &pieces, &art) else {
                continue;
            };
            let (bw, bh) = turned_box(pw, ph, p.value.rotate);
            let (hw, hh) = (bw / 2.0, bh / 2.0);
            let (x, y) = (ox + centre[0] * scale, oy + top + centre[1] * scale);
            let (x0, x1) = (x - hw * scale, x + hw * scale);
            let (y0, y1) = (y - hh * scale, y + hh * scale);
            let over = [-x0, x1 - w, -y0, y1 - h]
                .into_iter()
                .fold(0.0_f64, f64::max);
            if over > 0.05 {
                let sides: Vec<&str> = [
                    (-x0, "left"),
                    (x1 - w, "right"),
                    (-y0, "top"),
                    (y1 - h, "bottom"),
                ]
                .into_iter()
                .filter(|(d, _)| *d > 0.05)
                .map(|(_, s)| s)
                .collect();
                // The title's band moves the table down: said, since `origin:` reads as mm of
                // the whole drawing.
                let below_title = match top > 0.0 {
                    true => format!(
                        " (`origin: [{}, {}]` is measured below the title, which takes the top {} mm: the table's [0, 0] is at [{}, {}] mm of the drawing)",
                        crate::spec::short_mm(ox),
                        crate::spec::short_mm(oy),
                        crate::spec::short_mm(top),
                        crate::spec::short_mm(ox),
                        crate::spec::short_mm(oy + top),
                    ),
                    false => String::new(),
                };
                cx.at(
                    p,
                    format!(
                        "piece {} (`{}`) runs {} mm past the {} edge of the {} × {} mm diagram{below_title}, where it would be cut off: move it, or make the diagram larger or its `scale:` smaller",
                        i + 1,
                        p.value.piece.value,
                        crate::spec::short_mm(over),
                        sides.join(" and "),
                        crate::spec::short_mm(w),
                        crate::spec::short_mm(h),
                    ),
                );
            }
        }
    }

    /// The centre of each placed piece on the table (mm), in order: its `at:`, or the middle of
    /// its `space:` on the piece it is `on:`; why not, where it has none.
    pub fn centres(&self, game: &Game, pieces: &[Piece]) -> Vec<Result<[f64; 2], PlaceError>> {
        let mut out: Vec<Result<[f64; 2], PlaceError>> = Vec::with_capacity(self.place.len());
        for (i, p) in self.place.iter().enumerate() {
            let v = &p.value;
            let found = match (&v.at, &v.on, &v.space) {
                (Some(at), None, None) => Ok(*at),
                (None, Some(on), Some(space)) => self.on_space(game, pieces, i, &out, on, space),
                (Some(_), Some(_), _) => Err(PlaceError::AtAndOn),
                (_, Some(_), None) => Err(PlaceError::OnWithoutSpace),
                (_, None, Some(_)) => Err(PlaceError::SpaceWithoutOn),
                (None, None, None) => Err(PlaceError::Nowhere),
            };
            out.push(found);
        }
        out
    }

    /// The centre of each space of each placed piece whose shown side has a `grid:` (a
    /// piecepack tile grid side up), on the table (mm), by placement; `centres` as `centres`
    /// gives them. Tabletop Simulator puts a snap point on each.
    pub fn grid_spaces(
        &self,
        game: &Game,
        pieces: &[Piece],
        centres: &[[f64; 2]],
    ) -> Vec<Vec<[f64; 2]>> {
        let grid = |v: &Placed| {
            let piece = pieces.iter().find(|x| x.id(game) == v.piece.value)?;
            let face = piece.face(game, v.side.into())?;
            Some((piece.w, piece.h, face.grid?.max(1)))
        };
        self.place
            .iter()
            .zip(centres)
            .map(|(p, &centre)| {
                let Some((w, h, cells)) = grid(&p.value) else {
                    return Vec::new();
                };
                let at = |i: u32, size: f64| (i as f64 + 0.5) / cells as f64 * size - size / 2.0;
                (0..cells)
                    .flat_map(|row| (0..cells).map(move |col| (col, row)))
                    .map(|(col, row)| turned(centre, p.value.rotate, at(col, w), at(row, h)))
                    .collect()
            })
            .collect()
    }

    /// The middle of `space` of the nearest placement before `i` of piece `on`.
    fn on_space(
        &self,
        game: &Game,
        pieces: &[Piece],
        i: usize,
        done: &[Result<[f64; 2], PlaceError>],
        on: &Spanned<String>,
        space: &SpaceOf,
    ) -> Result<[f64; 2], PlaceError> {
        let on_ = || on.value.clone();
        let under = (0..i)
            .rev()
            .find(|&j| self.place[j].value.piece.value == on.value)
            .ok_or_else(|| PlaceError::NotBefore(on_()))?;
        let base = &self.place[under].value;
        let centre = done[under]
            .clone()
            .map_err(|_| PlaceError::UnderUnplaced(on_()))?;
        let piece = pieces
            .iter()
            .find(|x| x.id(game) == on.value)
            .ok_or_else(|| PlaceError::NoPiece(on_()))?;
        let [col, row] = match space {
            SpaceOf::Cell(cell) => *cell,
            SpaceOf::Named(name) => {
                let geometry =
                    super::of(game, piece)
                        .geometry()
                        .ok_or_else(|| PlaceError::NotABoard {
                            space: name.clone(),
                            on: on_(),
                        })?;
                let s = geometry
                    .spaces
                    .iter()
                    .chain(&geometry.track)
                    .find(|s| s.name == *name)
                    .ok_or_else(|| PlaceError::NoSpace {
                        space: name.clone(),
                        on: on_(),
                    })?;
                let (dx, dy) = (s.x - piece.w / 2.0, s.y - piece.h / 2.0);
                return Ok(turned(centre, base.rotate, dx, dy));
            }
        };
        let face = piece.face(game, base.side.into());
        let cells = face
            .and_then(|f| f.grid)
            .ok_or_else(|| PlaceError::NoGrid {
                on: on_(),
                side: Side::from(base.side).name(),
            })?;
        let cells = cells.max(1);
        if !(1..=cells).contains(&col) || !(1..=cells).contains(&row) {
            return Err(PlaceError::OffTheGrid {
                col,
                row,
                on: on_(),
                cells,
            });
        }
        let dx = (col as f64 - 0.5) / cells as f64 * piece.w - piece.w / 2.0;
        let dy = (row as f64 - 0.5) / cells as f64 * piece.h - piece.h / 2.0;
        Ok(turned(centre, base.rotate, dx, dy))
    }
}

/// `centre` moved by (`dx`, `dy`) of a piece turned `degrees` clockwise (y down).
fn turned(centre: [f64; 2], degrees: f64, dx: f64, dy: f64) -> [f64; 2] {
    let (sin, cos) = degrees.to_radians().sin_cos();
    [
        centre[0] + dx * cos - dy * sin,
        centre[1] + dx * sin + dy * cos,
    ]
}

/// How far the title pushes the table down the drawing (mm).
fn title_top(face: &Face, w: f64) -> f64 {
    match &face.title {
        Some(title) => fit(Font::CondensedBold, 7.0, w * 0.9, title) * 1.2 + 4.0,
        None => 0.0,
    }
}

/// Every piece id the game makes, with its kind.
pub fn piece_ids(game: &Game) -> Vec<(String, super::KindName)> {
    let mut out = Vec::new();
    for c in &game.spec.components {
        let kind = c.kind.name();
        if c.variants.is_empty() {
            out.push((c.id.value.clone(), kind));
        }
        for v in c.variants.iter() {
            out.push((format!("{}-{}", c.id.value, v.id.value), kind));
        }
    }
    out
}

fn draw(
    cv: &mut Canvas,
    game: &Game,
    spec: &Diagram,
    face: &Face,
    art: &Art,
) -> Result<(), DrawError> {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    let c = Colors::of(face);
    cv.add(rect(-b, -b, w + 2.0 * b, h + 2.0 * b, &c.background));
    let scale = spec.scale.unwrap_or(1.0);
    let [ox, oy] = spec.origin.unwrap_or([0.0, 0.0]);
    let top = title_top(face, w);
    if let Some(title) = &face.title {
        let size = fit(Font::CondensedBold, 7.0, w * 0.9, title);
        cv.add(text(
            w / 2.0,
            4.0 + size * 0.8,
            size,
            Font::CondensedBold,
            Anchor::Middle,
            &c.ink,
            title,
        ));
    }
    let pieces = expand(game);
    let centres = spec.centres(game, &pieces);
    for (placed, centre) in spec.place.iter().zip(centres) {
        let p = &placed.value;
        let at = centre.map_err(|_| DrawError::NoPiece(p.piece.value.clone()))?;
        let (inner, pw, ph) = p.drawn(game, &pieces, art)?;
        let x = ox + at[0] * scale;
        let y = oy + top + at[1] * scale;
        let mut g = Group::new()
            .set(
                "transform",
                format!(
                    "translate({} {}) rotate({}) scale({}) translate({} {})",
                    n(x),
                    n(y),
                    n(p.rotate),
                    n(scale),
                    n(-pw / 2.0),
                    n(-ph / 2.0)
                ),
            )
            .add(Blob::new(inner));
        if p.faded {
            g = g.set("opacity", "0.45");
        }
        cv.add(g);
    }
    for l in &spec.labels {
        let size = l.size.unwrap_or(4.0);
        cv.add(text(
            ox + l.at[0] * scale,
            oy + top + l.at[1] * scale + size * 0.35,
            size,
            Font::CondensedBold,
            Anchor::Middle,
            &c.ink,
            &l.text,
        ));
    }
    if let Some(label) = &face.label {
        let size = fit(Font::Condensed, 3.6, w * 0.92, label);
        cv.add(text(
            w / 2.0,
            h - 3.0,
            size,
            Font::Condensed,
            Anchor::Middle,
            &c.ink,
            label,
        ));
    }
    Ok(())
}

/// The box a `w` × `h` piece covers turned `degrees`.
fn turned_box(w: f64, h: f64, degrees: f64) -> (f64, f64) {
    let turn = degrees.to_radians();
    let (c, s) = (turn.cos().abs(), turn.sin().abs());
    (w * c + h * s, w * s + h * c)
}

/// The children of an SVG document's root element.
fn strip_root(svg: &str) -> &str {
    let start = svg
        .find("<svg")
        .and_then(|i| svg[i..].find('>').map(|j| i + j + 1))
        .unwrap_or(0);
    let end = svg.rfind("</svg>").unwrap_or(svg.len());
    if start <= end { &svg[start..end] } else { "" }
}

#[cfg(test)]
mod tests {
    use super::super::KindSpec;
    use crate::kinds::piece::expand;

    /// Cream of the Crop: "place it in one of the corner spaces". Each grid tile is 2×2 spaces
    /// of 25.4 mm and the board 3×3 tiles, so 6×6 spaces from −76.2 to 76.2 mm: the corner
    /// spaces' centres are (±63.5, ±63.5), not the corner tiles' centres (±50.8, ±50.8).
    #[test]
    fn cream_of_the_crop_tractors_stand_on_the_corner_spaces() {
        let game = crate::kinds::load("cream-of-the-crop").unwrap();
        let c = game
            .spec
            .components
            .iter()
            .find(|c| c.id.value == "setup")
            .unwrap();
        let KindSpec::Diagram(d) = &c.kind else {
            panic!("setup is a diagram")
        };
        let pieces = expand(&game);
        let centres = d.centres(&game, &pieces);
        let mut pawns: Vec<[f64; 2]> = d
            .place
            .iter()
            .zip(&centres)
            .filter(|(p, _)| p.value.piece.value.starts_with("pawn-"))
            .map(|(_, c)| *c.as_ref().unwrap())
            .collect();
        pawns.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let want = [[-63.5, -63.5], [-63.5, 63.5], [63.5, -63.5], [63.5, 63.5]];
        assert_eq!(pawns.len(), 4);
        for (got, want) in pawns.iter().zip(want) {
            assert!(
                (got[0] - want[0]).abs() < 0.05 && (got[1] - want[1]).abs() < 0.05,
                "{got:?} is not the corner space centred at {want:?}"
            );
        }
        // A space's centre, never a crossing of the tile's grid lines: (x mod 25.4) = 12.7.
        for p in &pawns {
            for v in p {
                assert!(((v.abs() % 25.4) - 12.7).abs() < 0.05, "{p:?}");
            }
        }
    }
}
