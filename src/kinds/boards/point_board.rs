//! Boards of points joined by lines (`kind: point-board`): a Go board's intersections, the
//! cross of Fox and Geese, Alquerque's grid, a Morris board, the star of Chinese checkers. The
//! points sit on a lattice (`lattice`: square, triangular or hexagonal), given whole
//! (`columns` × `rows`), row by row as a picture, or as the points an `outline:` holds; lines
//! join lattice neighbours (`connect:`) and any points named in order (`lines:`). Each point is
//! named by its column letter and its row counted from the bottom (`a1` bottom left; on the
//! triangular lattices the columns slant up to the left). Coordinates, marks, a track around
//! the edge and areas are `spaces`'.
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;

use super::board::yes;
use super::extras::{self, Area, EdgeTrack, Extras, Marks, Style, geometry};
use super::frame::Frame;
use super::furniture::{self, Beyond, Coordinates};
use super::lattice::{
    self, Direction, Extent, Lattice, MAX_CORNERS, Outline, Placed, ROW, Spacing, Step,
    outline_keys,
};
use super::marks::{self, Marked};
use crate::base::forms::Side;
use crate::base::units::MAX_LENGTH_MM;
use crate::draw::canvas::{Canvas, circle, n, rect};
use crate::kinds::Component;
use crate::kinds::face::DrawError;
use crate::kinds::face::{Art, Colors};
use crate::kinds::spaces::{self, Geometry, Space};
use crate::kinds::{CheckCx, FaceCx, FaceField, Field, Kind, Split};
use crate::spec::Face;

pub use super::lattice::MAX_POINTS;

/// Which lattice neighbours are joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Connect {
    /// Every neighbour: along rows, columns and both diagonals of a square lattice; along the
    /// three lines through each point of a triangular one; the sides of the hexagons of a
    /// hexagonal one. The default on triangular and hexagonal lattices.
    All,
    /// Along rows and columns (square lattice; the default there).
    Orthogonal,
    /// Along every diagonal (square lattice).
    Diagonal,
    /// Along the diagonals through every other point (those whose column and row add up to an
    /// even number, counting from a1), as on an Alquerque board (square lattice).
    Alternate,
    /// Along the rows, side to side.
    Horizontal,
    /// Up and down the columns (square lattice).
    Vertical,
    /// Along the lines that rise to the right.
    Rising,
    /// Along the lines that fall to the right.
    Falling,
}

impl Connect {
    fn name(self) -> &'static str {
        match self {
            Connect::All => "all",
            Connect::Orthogonal => "orthogonal",
            Connect::Diagonal => "diagonal",
            Connect::Alternate => "alternate",
            Connect::Horizontal => "horizontal",
            Connect::Vertical => "vertical",
            Connect::Rising => "rising",
            Connect::Falling => "falling",
        }
    }

    /// The steps to the neighbours it joins on `lattice`, in the order they are drawn; `None`
    /// where the lattice has no such line.
    fn steps(self, lattice: Lattice) -> Option<Vec<Step>> {
        use Direction::*;
        let square = lattice == Lattice::Square;
        let along = |ds: &[Direction], alternate: bool| -> Option<Vec<Step>> {
            ds.iter()
                .map(|d| d.step(lattice).map(|by| Step { by, alternate }))
                .collect()
        };
        match self {
            Connect::All if square => along(&[Horizontal, Vertical, Falling, Rising], false),
            Connect::All => along(&[Horizontal, Rising, Falling], false),
            Connect::Orthogonal if square => along(&[Horizontal, Vertical], false),
            Connect::Diagonal if square => along(&[Falling, Rising], false),
            Connect::Alternate if square => along(&[Falling, Rising], true),
            Connect::Orthogonal | Connect::Diagonal | Connect::Alternate => None,
            Connect::Horizontal => along(&[Horizontal], false),
            Connect::Vertical => along(&[Vertical], false),
            Connect::Rising => along(&[Rising], false),
            Connect::Falling => along(&[Falling], false),
        }
    }
}

/// How the points are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum PointLook {
    /// A dot on each point.
    #[default]
    Dots,
    /// A ring on each point, as big as a piece that stands on it.
    Circles,
    /// Nothing: the lines cross there (a Go board).
    None,
}

/// A picture of the lattice, its rows top first.
#[derive(Debug, Clone, JsonSchema)]
#[schemars(untagged)]
pub enum Picture {
    /// One row a line, in a block: `points: |`.
    Block(String),
    /// One row an item.
    Rows(Vec<String>),
}

impl Picture {
    /// The rows, top first; a block's blank lines before and after are not rows.
    pub fn rows(&self) -> Vec<&str> {
        match self {
            Picture::Block(text) => text.trim_matches('\n').lines().map(str::trim_end).collect(),
            Picture::Rows(rows) => rows.iter().map(String::as_str).collect(),
        }
    }
}

impl<'de> Deserialize<'de> for Picture {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Rows;
        impl<'de> serde::de::Visitor<'de> for Rows {
            type Value = Picture;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(
                    "a picture of the points: a block of rows (`points: |`) or a list of rows",
                )
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Picture, E> {
                Ok(Picture::Block(v.to_string()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<Picture, A::Error> {
                let seq = serde::de::value::SeqAccessDeserializer::new(seq);
                Vec::deserialize(seq).map(Picture::Rows)
            }
        }
        d.deserialize_any(Rows)
    }
}

/// A board of points joined by lines (`point-board:`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PointBoard {
    /// `square` (default), `triangular` (each point's six neighbours one spacing away: Chinese
    /// checkers, Abalone) or `hexagonal` (the corners of flat-topped hexagons).
    #[serde(default)]
    pub lattice: Lattice,
    /// Distance between neighbouring points (`20mm`); on a square lattice, two lengths across
    /// and down (`30mm x 20mm`).
    #[schemars(with = "Spacing")]
    pub spacing: Spanned<Spacing>,
    /// Points across, for a full lattice (a Go board: 19 and 19); on a triangular lattice
    /// every other row is half a spacing to the right; on a hexagonal one, hexagons across.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub columns: Option<Spanned<u32>>,
    /// Points down, for a full lattice (rows of points; on a hexagonal lattice, hexagons down).
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub rows: Option<Spanned<u32>>,
    /// Or the lattice as a picture, top row first: `o` is a point, `.` is none; a block of
    /// lines (`points: |`) or a list (`["..ooo..", "..ooo..", "ooooooo", …]`). On a
    /// triangular lattice the points stand on every other place, each row one place along from
    /// the next (`"..o.o.."`, `".o.o.o."`).
    #[serde(default)]
    #[schemars(with = "Option<Picture>")]
    pub points: Option<Spanned<Picture>>,
    /// Or the points on or inside an outline: `{star: 4}`, `{hexagon: 5}`, `{triangle: 5}` or
    /// `{polygon: [[0, 0], [4, 0], [2, 4]]}`.
    #[serde(default)]
    #[schemars(with = "Option<Outline>")]
    // Boxed: the registry's enum of kinds is as large as its largest section.
    pub outline: Option<Box<Spanned<Outline>>>,
    /// Which neighbours lines join: `all`, `orthogonal`, `diagonal`, `alternate`, or single
    /// directions `horizontal`, `vertical`, `rising`, `falling`. Default `[orthogonal]` on a
    /// square lattice, `[all]` on the others; `[]` for none.
    #[serde(default)]
    #[schemars(with = "Option<Vec<Connect>>")]
    pub connect: Option<Spanned<Vec<Connect>>>,
    /// More lines, each through points named in order: `"a1 d1 g1"`.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub lines: Vec<Spanned<String>>,
    /// `dots` (default), `circles` or `none`.
    #[serde(default)]
    pub look: PointLook,
    /// Letters and numbers by the columns and rows. Default true.
    #[serde(default = "yes")]
    pub coordinates: bool,
    /// Styles of marks, by name (`star` is a dot: a Go board's star points).
    #[serde(default)]
    pub styles: BTreeMap<String, Style>,
    /// Marked points, by style: `star: [d4, d10, d16]`.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, Vec<String>>")]
    pub marks: Marks,
    /// A score track around the board's edge.
    #[serde(default)]
    pub track: Option<EdgeTrack>,
    /// Labelled areas beside the grid.
    #[serde(default)]
    pub areas: Vec<Area>,
}

impl Default for PointBoard {
    fn default() -> Self {
        let none = serde_saphyr::Location::UNKNOWN;
        PointBoard {
            lattice: Lattice::default(),
            spacing: Spanned::new(Spacing::default(), none, none),
            columns: None,
            rows: None,
            points: None,
            outline: None,
            connect: None,
            lines: Vec::new(),
            look: PointLook::default(),
            coordinates: true,
            styles: BTreeMap::new(),
            marks: Marks::new(),
            track: None,
            areas: Vec::new(),
        }
    }
}

impl PointBoard {
    fn extras(&self) -> Extras<'_> {
        Extras {
            coordinates: self.coordinates,
            styles: &self.styles,
            marks: &self.marks,
            track: self.track.as_ref(),
            areas: &self.areas,
        }
    }

    /// The lattice coordinates of its points (`j` up) and the extent they are laid out in:
    /// a picture's or a whole lattice's rows and columns, or the points' own.
    fn keys(&self) -> (Vec<(i64, i64)>, Option<Extent>) {
        // However large an unchecked count is, no more than this is made of it.
        let cap =
            |s: &Option<Spanned<u32>>| s.as_ref().map_or(0, |s| s.value.min(2 * MAX_POINTS)) as i64;
        if let Some(picture) = &self.points {
            let picture = picture.value.rows();
            let rows = picture.len().min(4 * MAX_POINTS as usize) as i64;
            let cols = picture.iter().map(|r| r.chars().count()).max().unwrap_or(0) as i64;
            let mut keys = Vec::new();
            for (r, line) in picture.iter().take(rows as usize).enumerate() {
                for (c, ch) in line.chars().enumerate() {
                    if is_point(ch) {
                        keys.push((c as i64, rows - 1 - r as i64));
                    }
                }
            }
            // Off a square lattice, shifted a place if need be, so that its points are on the
            // lattice's.
            let square = self.lattice == Lattice::Square;
            let shift = match square {
                true => 0,
                false => keys.first().map_or(0, |&(u, j)| (u + j).rem_euclid(2)),
            };
            let keys = keys
                .into_iter()
                .map(|(u, j)| (u + shift, j))
                .filter(|&(u, j)| square || (u + j).rem_euclid(2) == 0)
                .collect();
            let (u, j) = ((shift, cols - 1 + shift), (0, rows - 1));
            return (keys, Some(Extent { u, j }));
        }
        if let Some(outline) = &self.outline {
            let keys = outline_keys(self.lattice, &outline.value);
            let extent = Extent::of(&keys);
            return (keys, extent);
        }
        let (cols, rows) = (cap(&self.columns), cap(&self.rows));
        let keys: Vec<(i64, i64)> = match self.lattice {
            Lattice::Square => {
                let keys = (0..rows)
                    .flat_map(|j| (0..cols).map(move |c| (c, j)))
                    .collect();
                return (
                    keys,
                    Some(Extent {
                        u: (0, cols - 1),
                        j: (0, rows - 1),
                    }),
                );
            }
            Lattice::Triangular => (0..rows)
                .flat_map(|j| (0..cols).map(move |c| (2 * c + j % 2, j)))
                .collect(),
            Lattice::Hexagonal => {
                // Flat-topped hexagons in columns, every other one half a hexagon higher; a
                // hexagon's centre at axial (i, j), its corners one spacing round it.
                let mut set = std::collections::BTreeSet::new();
                for k in 0..cols {
                    for m in 0..rows {
                        set.extend(lattice::hex_corners(3 * (k / 2) + k % 2 - m, k % 2 + 2 * m));
                    }
                }
                set.into_iter().collect()
            }
        };
        let extent = Extent::of(&keys);
        (keys, extent)
    }

    /// Its points on the grid, named, and the grid's size.
    fn placed(&self) -> Placed {
        let (keys, extent) = self.keys();
        match extent {
            Some(extent) => lattice::place(self.lattice, self.spacing.value, &keys, extent),
            None => Placed::default(),
        }
    }

    /// The distance that sizes what is drawn on a point: the spacing, or the smaller of two.
    fn unit(&self) -> f64 {
        let s = self.spacing.value;
        s.across.mm().min(s.down.mm())
    }

    /// The grid: half a spacing around the outer points, room for the pieces on them.
    fn frame_of(&self, placed: &Placed) -> Frame {
        Frame::new(placed.w, placed.h, &self.extras())
    }

    fn frame(&self) -> Frame {
        self.frame_of(&self.placed())
    }

    /// The points, as spaces, and their place in the lattice.
    fn points(&self, frame: &Frame, placed: &Placed) -> Vec<Space> {
        placed
            .points
            .iter()
            .map(|p| Space {
                name: spaces::space_name(p.col, p.row),
                x: frame.grid.x + p.x,
                y: frame.grid.y + p.y,
            })
            .collect()
    }

    /// What `connect` joins: given, or by default along the rows and columns of a square
    /// lattice and every line of the others.
    fn connects(&self) -> Vec<Connect> {
        match (&self.connect, self.lattice) {
            (Some(c), _) => c.value.clone(),
            (None, Lattice::Square) => vec![Connect::Orthogonal],
            (None, _) => vec![Connect::All],
        }
    }

    /// The lines: lattice neighbours as `connect` says, then `lines:`, each pair once.
    fn joins(&self, spaces: &[Space], placed: &Placed) -> Vec<(usize, usize)> {
        let steps: Vec<Step> = self
            .connects()
            .into_iter()
            .flat_map(|c| c.steps(self.lattice).unwrap_or_default())
            .collect();
        let mut out = lattice::neighbours(self.lattice, &placed.points, &steps);
        let mut seen: std::collections::BTreeSet<(usize, usize)> = out.iter().copied().collect();
        for line in &self.lines {
            let named: Vec<Option<usize>> = line
                .value
                .split_whitespace()
                .map(|name| spaces::find(spaces, name))
                .collect();
            for pair in named.windows(2) {
                if let [Some(a), Some(b)] = pair
                    && a != b
                    && seen.insert((*a.min(b), *a.max(b)))
                {
                    out.push((*a.min(b), *a.max(b)));
                }
            }
        }
        out
    }

    /// The radius of what is drawn on a point.
    fn point_radius(&self) -> f64 {
        let s = self.unit();
        match self.look {
            PointLook::Circles => s * 0.36,
            _ => s * 0.09,
        }
    }

    /// Where its coordinates go, `size` mm high: in the margin of a square lattice; beside the
    /// end points of the rows and columns of the others (whose columns slant), numbers at the
    /// left of each row and letters below each column's lower end, as on a hexagon of hexes.
    fn coordinates_at(&self, size: f64) -> Coordinates {
        match self.lattice {
            Lattice::Square => Coordinates::Margin,
            _ => {
                let gap = self.point_radius().max(self.unit() * 0.2) + size * 0.9;
                let beyond = |dir| Beyond {
                    dir,
                    gap,
                    both: false,
                };
                Coordinates::Beside {
                    rows: beyond((-1.0, 0.0)),
                    columns: Some(beyond((0.5, ROW))),
                }
            }
        }
    }

    /// Checks which points it has; false when nothing more can be checked.
    fn check_points(&self, cx: &mut CheckCx, id: &str) -> bool {
        let full = (self.columns.as_ref(), self.rows.as_ref());
        let lattice = self.lattice.name();
        match (&self.points, &self.outline, full) {
            (Some(picture), None, (None, None)) => {
                if self.lattice == Lattice::Hexagonal {
                    cx.at(
                        picture,
                        format!("a picture of board `{id}` draws points on a `lattice: triangular`; a hexagonal lattice is those points without the hexagons' centres, drawn so, or an `outline: {{hexagon: 3}}` or `columns:` and `rows:` of hexagons"),
                    );
                    return false;
                }
                let rows = picture.value.rows();
                let (keys, _) = self.keys();
                let wide = match self.lattice {
                    Lattice::Square => MAX_POINTS as usize,
                    _ => 2 * MAX_POINTS as usize - 1,
                };
                let cols = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
                if keys.is_empty() || cols > wide || rows.len() > MAX_POINTS as usize {
                    cx.at(
                        picture,
                        format!(
                            "the picture of board `{id}` needs at least one point (`o`) and at most {MAX_POINTS} columns and rows"
                        ),
                    );
                    return false;
                }
                let stray = rows
                    .iter()
                    .flat_map(|r| r.chars())
                    .find(|&ch| !is_point(ch) && ch != '.' && ch != ' ');
                if let Some(ch) = stray {
                    cx.at(
                        picture,
                        format!("`{ch}` in the picture of board `{id}`: expected `o` (a point) or `.` (none)"),
                    );
                    return false;
                }
                if self.lattice == Lattice::Triangular {
                    let places: Vec<(usize, usize)> = rows
                        .iter()
                        .enumerate()
                        .flat_map(|(r, row)| {
                            row.chars()
                                .enumerate()
                                .filter(|(_, ch)| is_point(*ch))
                                .map(move |(c, _)| (r, c))
                        })
                        .collect();
                    let parity = |&(r, c): &(usize, usize)| (r + c) % 2;
                    if let Some(off) = places.iter().find(|p| parity(p) != parity(&places[0])) {
                        cx.at(
                            picture,
                            format!(
                                "the point in row {} (from the top), place {}, of the picture of board `{id}` is between two places of its triangular lattice: its points stand on every other place, each row one place along from the next (`\"..o.o..\"` above `\".o.o.o.\"`)",
                                off.0 + 1,
                                off.1 + 1
                            ),
                        );
                        return false;
                    }
                }
            }
            (None, Some(outline), (None, None)) => {
                let shape = outline.value.name();
                let wrong = match (self.lattice, &outline.value) {
                    (_, Outline::Polygon(c)) if c.len() < 3 || c.len() > MAX_CORNERS => {
                        Some(format!(
                            "the polygon of board `{id}` has {} corners; it takes 3 to {MAX_CORNERS}, each `[across, up]`",
                            c.len()
                        ))
                    }
                    (_, Outline::Polygon(c)) if c.iter().flatten().any(|v| !v.is_finite()) => {
                        Some(format!(
                            "a corner of the polygon of board `{id}` is not a number: each is `[across, up]`, in spacings and rows"
                        ))
                    }
                    (_, Outline::Polygon(c)) => match lattice::polygon_span(c) {
                        (w, h) if w > MAX_POINTS as f64 || h > MAX_POINTS as f64 => Some(format!(
                            "the polygon of board `{id}` spans {} spacings across and {} rows up; a board has at most {MAX_POINTS} points each way",
                            crate::base::units::short_mm(w),
                            crate::base::units::short_mm(h)
                        )),
                        _ => None,
                    },
                    (Lattice::Square, _) => Some(format!(
                        "a `{shape}:` outline stands on a triangular lattice: give board `{id}` `lattice: triangular`, or a `polygon:` on its square lattice"
                    )),
                    (Lattice::Hexagonal, Outline::Star(_) | Outline::Triangle(_)) => Some(format!(
                        "a `{shape}:` outline stands on a triangular lattice; a hexagonal lattice's outline is a `hexagon:` of hexagons or a `polygon:`"
                    )),
                    (_, Outline::Star(0) | Outline::Hexagon(0) | Outline::Triangle(0)) => Some(
                        format!("a `{shape}:` of board `{id}` is at least 1 point a side, not 0"),
                    ),
                    _ => None,
                };
                if let Some(wrong) = wrong {
                    cx.at(&**outline, wrong);
                    return false;
                }
                let (keys, extent) = self.keys();
                let Some(extent) = extent.filter(|_| !keys.is_empty()) else {
                    cx.at(
                        &**outline,
                        format!("the {shape} of board `{id}` holds no point of its {lattice} lattice: a polygon's corners are `[across, up]` from a point, across in spacings and up in rows"),
                    );
                    return false;
                };
                let (rows, across) = (extent.rows(), extent.across(self.lattice));
                if rows > MAX_POINTS as i64 || across > MAX_POINTS as i64 {
                    cx.at(
                        &**outline,
                        format!("the {shape} of board `{id}` spans {rows} rows and {across} points across; a board has at most {MAX_POINTS} of each"),
                    );
                    return false;
                }
            }
            (None, None, (Some(c), Some(r))) => {
                let most = match self.lattice {
                    Lattice::Hexagonal => MAX_POINTS / 2,
                    _ => MAX_POINTS,
                };
                for v in [c, r] {
                    if !(1..=most).contains(&v.value) {
                        let what = match self.lattice {
                            Lattice::Hexagonal => "hexagons",
                            _ => "points",
                        };
                        cx.at(
                            v,
                            format!("a board has 1 to {most} {what} a side, not {}", v.value),
                        );
                        return false;
                    }
                }
            }
            (Some(_), _, _) | (None, Some(_), _) => {
                let twice = format!(
                    "board `{id}` gives its points twice: `points:`, `outline:`, or `columns:` and `rows:`"
                );
                match (&self.points, &self.outline) {
                    (Some(p), _) => cx.at(p, twice),
                    (None, Some(o)) => cx.at(&**o, twice),
                    (None, None) => {}
                }
                return false;
            }
            (None, None, _) => {
                cx.at(
                    &self.spacing,
                    format!(
                        "board `{id}` needs `columns:` and `rows:`, `points:` drawn row by row, or an `outline:`"
                    ),
                );
                return false;
            }
        }
        true
    }
}

/// A point in a lattice picture.
fn is_point(ch: char) -> bool {
    matches!(ch, 'o' | 'O' | 'x' | 'X' | '*' | '+')
}

impl Kind for PointBoard {
    fn about(&self) -> &'static str {
        "A board of points joined by lines (`point-board:`): a square, triangular or hexagonal lattice, whole, drawn row by row or within an outline (a star, a hexagon, a polygon), lines between neighbours and through named points, with coordinates, marked points, a track around the edge and areas."
    }
    fn example(&self) -> &'static str {
        r##"kind: point-board
front: {title: Alquerque}
point-board:
  spacing: 22mm
  columns: 5
  rows: 5
  connect: [orthogonal, alternate]
  look: circles
"##
    }
    fn fields(&self) -> &'static [Field] {
        &[Field::Back]
    }
    fn draws(&self, _: Side) -> &'static [FaceField] {
        face_fields![Background, Ink, Border, Title, Font]
    }
    fn check(&self, cx: &mut CheckCx) {
        let id = cx.component.id.value.clone();
        if !self.check_points(cx, &id) {
            return;
        }
        let spacing = self.spacing.value;
        if self.lattice != Lattice::Square && spacing.is_two() {
            cx.at(
                &self.spacing,
                {
                    // The example is the first length given, so it reads as the user's board.
                    let first = spacing.across.mm();
                    format!(
                        "the points of a {} lattice are all one spacing from their neighbours: give board `{id}` one length, the distance between two neighbouring points, not two (`spacing: {}mm`, the first you gave, puts its rows {} mm apart: that × √3/2)",
                        self.lattice.name(),
                        n(first),
                        n((first * 3f64.sqrt() / 2.0 * 100.0).round() / 100.0)
                    )
                },
            );
            return;
        }
        if let Some(connect) = &self.connect {
            let wrong: Vec<&str> = connect
                .value
                .iter()
                .filter(|c| c.steps(self.lattice).is_none())
                .map(|c| c.name())
                .collect();
            if !wrong.is_empty() {
                cx.at(
                    connect,
                    format!(
                        "a {} lattice has no lines `{}`: expected `all`, `horizontal`, `rising` or `falling` (lines along its rows and the two slants through each point)",
                        self.lattice.name(),
                        wrong.join("`, `")
                    ),
                );
                return;
            }
        }
        let s = spacing.across.mm().min(spacing.down.mm());
        if s < 5.0 {
            cx.at(
                &self.spacing,
                format!(
                    "the points of board `{id}` are {} mm apart; they must be at least 5 mm",
                    crate::spec::short_mm(s)
                ),
            );
            return;
        }
        let (w, h) = self.size(cx.component);
        if w.max(h) > MAX_LENGTH_MM {
            // As large as the limit allows: the spacing scales the grid, not its margins.
            let room = 2.0 * extras::EDGE_MM;
            let most = s * (MAX_LENGTH_MM - room) / (w.max(h) - room);
            cx.at(
                &self.spacing,
                format!(
                    "board `{id}` would be {w:.0} × {h:.0} mm; the limit is {MAX_LENGTH_MM} mm: its points at most {} mm apart",
                    crate::spec::short_mm(most.floor())
                ),
            );
            return;
        }
        let Some(geometry) = self.geometry() else {
            return;
        };
        for line in &self.lines {
            let names: Vec<&str> = line.value.split_whitespace().collect();
            if names.len() < 2 {
                cx.at(
                    line,
                    format!(
                        "a line of board `{id}` names at least two points, in order: `\"a1 d1 g1\"`"
                    ),
                );
            }
            for name in names {
                if spaces::find(&geometry.spaces, name).is_none() {
                    cx.at(
                        line,
                        format!("no point `{name}` on board `{id}` for this line"),
                    );
                }
            }
        }
        extras::check(cx, &self.extras(), &geometry);
    }
    fn size(&self, _: &Component) -> (f64, f64) {
        let frame = self.frame();
        (frame.w, frame.h)
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        draw(cx.canvas, self, face, cx.art)
    }
    /// Between rows and columns of points, so that no seam runs through one: on a triangular
    /// lattice, between rows, and across them as far from the points as their half-spacing
    /// steps allow.
    fn split(&self) -> Split {
        let placed = self.placed();
        let frame = self.frame_of(&placed);
        let g = frame.grid;
        match (self.lattice, self.keys().1) {
            (Lattice::Square, Some(extent)) => {
                let (sx, sy) = (self.spacing.value.across.mm(), self.spacing.value.down.mm());
                let cols = extent.u.1 - extent.u.0 + 1;
                let rows = extent.j.1 - extent.j.0 + 1;
                let xs = (0..=cols).map(|k| g.x + k as f64 * sx).collect();
                let ys = (0..=rows).map(|k| g.y + k as f64 * sy).collect();
                Split::OnLines { xs, ys }
            }
            _ => Split::OnLines {
                xs: lattice::seams(placed.points.iter().map(|p| g.x + p.x), g.x, g.right()),
                ys: lattice::seams(placed.points.iter().map(|p| g.y + p.y), g.y, g.bottom()),
            },
        }
    }
    extras::board_answers!();
    fn noun(&self) -> &'static str {
        "point board"
    }
    fn geometry(&self) -> Option<Geometry> {
        let placed = self.placed();
        let frame = self.frame_of(&placed);
        let points = self.points(&frame, &placed);
        let lines = self.joins(&points, &placed);
        let mut g = geometry("point", points, &self.extras(), frame.ring.as_ref());
        g.lines = lines;
        Some(g)
    }
}

/// The directions (radians) in which lines leave point `i`: those from it, and both ways
/// along those that pass through it (`lines: ["a1 e1"]` through c1).
fn lines_from(geometry: &Geometry, i: usize) -> Vec<f64> {
    let p = &geometry.spaces[i];
    let towards = |q: &Space| (q.y - p.y).atan2(q.x - p.x);
    let mut out = Vec::new();
    for &(a, z) in &geometry.lines {
        let (sa, sz) = (&geometry.spaces[a], &geometry.spaces[z]);
        if a == i || z == i {
            out.push(towards(if a == i { sz } else { sa }));
            continue;
        }
        let (dx, dy) = (sz.x - sa.x, sz.y - sa.y);
        let along = ((p.x - sa.x) * dx + (p.y - sa.y) * dy) / (dx * dx + dy * dy);
        let off = ((p.x - sa.x) * dy - (p.y - sa.y) * dx).abs() / dx.hypot(dy);
        if off < 1e-6 && along > 0.0 && along < 1.0 {
            out.extend([towards(sa), towards(sz)]);
        }
    }
    out
}

fn draw(cv: &mut Canvas, board: &PointBoard, face: &Face, art: &Art) -> Result<(), DrawError> {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    let c = Colors::of(face);
    cv.add(rect(-b, -b, w + 2.0 * b, h + 2.0 * b, &c.background));
    let frame = board.frame();
    let extras = board.extras();
    let geometry = board.geometry().unwrap_or_default();
    let mut d = String::new();
    for &(a, z) in &geometry.lines {
        let (a, z) = (&geometry.spaces[a], &geometry.spaces[z]);
        d.push_str(&format!("M{} {}L{} {}", n(a.x), n(a.y), n(z.x), n(z.y)));
    }
    let s = board.unit();
    if !d.is_empty() {
        let width = (s * 0.02).clamp(extras::LINE_MM, 0.6);
        cv.add(marks::lines(&d, &c.ink, width).set("stroke-linecap", "round"));
    }
    let r = board.point_radius();
    for p in &geometry.spaces {
        match board.look {
            PointLook::Dots => cv.add(circle(p.x, p.y, r, &c.ink)),
            PointLook::Circles => cv.add(
                circle(p.x, p.y, r, &c.background)
                    .set("stroke", c.ink.as_str())
                    .set("stroke-width", n(extras::LINE_MM * 1.5)),
            ),
            PointLook::None => {}
        }
    }
    marks::draw_marks(
        cv,
        &extras,
        &geometry,
        |i| Marked::Point {
            x: geometry.spaces[i].x,
            y: geometry.spaces[i].y,
            r: (s * 0.16).max(r * 0.7),
            drawn: match board.look {
                PointLook::None => 0.0,
                _ => r,
            },
            lines: lines_from(&geometry, i),
            room: frame.grid,
        },
        art,
        &c.ink,
    )?;
    let size = (extras::EDGE_MM * 0.5).min(s * 0.4);
    let at = board.coordinates_at(size);
    // The title stays left of any letter the coordinates put in the bottom margin.
    let room = match at {
        Coordinates::Beside {
            columns: Some(b), ..
        } if board.coordinates => {
            let mut lowest: BTreeMap<String, &Space> = BTreeMap::new();
            for p in &geometry.spaces {
                let Some((letters, _)) = spaces::parts(&p.name) else {
                    continue;
                };
                let along = |q: &Space| q.x * b.dir.0 + q.y * b.dir.1;
                let end = lowest.entry(letters).or_insert(p);
                if along(p) > along(end) {
                    *end = p;
                }
            }
            lowest
                .values()
                .map(|p| (p.x + b.dir.0 * b.gap, p.y + b.dir.1 * b.gap))
                .filter(|&(_, y)| y + size > frame.grid.bottom())
                .map(|(x, _)| x - size - frame.grid.x)
                .fold(frame.grid.w * 0.4, f64::min)
                .max(0.0)
        }
        _ => frame.grid.w * 0.4,
    };
    // Below the grid unless a triangular or hexagonal lattice's letters there leave it less
    // than three quarters of its size: then above, where their coordinates never are.
    let title = face.title.as_deref();
    let lettered = board.coordinates && board.lattice != Lattice::Square;
    let fits_below = !lettered
        || title.is_none_or(|t| {
            let full = extras::EDGE_MM * 0.5;
            crate::draw::text::fit(crate::draw::text::Font::Display, full, room, t) >= 0.75 * full
        });
    match fits_below {
        true => furniture::draw_title(cv, &frame, title, &c.ink, room),
        false => furniture::draw_title_above(cv, &frame, title, &c.ink),
    }
    if board.coordinates {
        furniture::draw_coordinates(cv, &geometry, &frame, at, size, &c.ink);
    }
    furniture::draw_extras(cv, &extras, &frame, &c.ink);
    furniture::draw_border(cv, c.border());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(yaml: &str) -> PointBoard {
        serde_saphyr::from_str(yaml).unwrap()
    }

    #[test]
    fn an_alquerque_board_has_its_25_points_and_56_lines() {
        // 5×5: 40 orthogonal lines and 16 diagonal ones (the alternate diagonals).
        let b = board("{spacing: 20mm, columns: 5, rows: 5, connect: [orthogonal, alternate]}");
        let g = b.geometry().unwrap();
        assert_eq!(g.spaces.len(), 25);
        assert_eq!(g.lines.len(), 56);
    }

    #[test]
    fn the_cross_of_fox_and_geese_has_33_points() {
        let b = board(
            r#"{spacing: 20mm, connect: [orthogonal, alternate], points: ["..ooo..", "..ooo..", "ooooooo", "ooooooo", "ooooooo", "..ooo..", "..ooo.."]}"#,
        );
        let g = b.geometry().unwrap();
        assert_eq!(g.spaces.len(), 33);
        // a3 and g5 are points; a1 is not.
        for name in ["a3", "g5", "d4", "c1", "e7"] {
            assert!(spaces::find(&g.spaces, name).is_some(), "{name}");
        }
        assert!(spaces::find(&g.spaces, "a1").is_none());
        // 52 orthogonal lines, and one diagonal in each of the cross's 20 squares.
        assert_eq!(g.lines.len(), 72);
    }

    #[test]
    fn a_morris_board_is_drawn_from_named_lines() {
        let b = board(
            r#"{spacing: 15mm, connect: [], points: ["o..o..o", ".o.o.o.", "..ooo..", "ooo.ooo", "..ooo..", ".o.o.o.", "o..o..o"],
                lines: ["a7 d7 g7", "b6 d6 f6", "c5 d5 e5", "a4 b4 c4", "e4 f4 g4", "c3 d3 e3", "b2 d2 f2", "a1 d1 g1",
                        "a7 a4 a1", "b6 b4 b2", "c5 c4 c3", "d7 d6 d5", "d3 d2 d1", "e5 e4 e3", "f6 f4 f2", "g7 g4 g1"]}"#,
        );
        let g = b.geometry().unwrap();
        assert_eq!(g.spaces.len(), 24);
        assert_eq!(g.lines.len(), 32);
    }
}
