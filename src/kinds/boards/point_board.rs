//! Boards of points joined by lines (`kind: point-board`): a Go board's intersections, the
//! cross of Fox and Geese, Alquerque's grid, a Morris board. The points sit on a lattice, given
//! whole (`columns` × `rows`) or row by row as a picture; lines join lattice neighbours
//! (`connect:`) and any points named in order (`lines:`). Each point is named by its column
//! letter and its row counted from the bottom (`a1` bottom left). Coordinates, marks, a track
//! around the edge and areas are `spaces`'.
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;

use super::board::yes;
use super::extras::{self, Area, EdgeTrack, Extras, Marks, Style, geometry};
use super::frame::Frame;
use super::furniture::{self, Coordinates};
use super::marks::{self, Marked};
use crate::base::forms::Side;
use crate::base::units::Length;
use crate::draw::canvas::{Canvas, circle, n, rect};
use crate::kinds::Component;
use crate::kinds::face::DrawError;
use crate::kinds::face::{Art, Colors};
use crate::kinds::spaces::{self, Geometry, Space};
use crate::kinds::{CheckCx, FaceCx, FaceField, Field, Kind, Split, TtsForm};
use crate::spec::{Face, Shape};

/// Most points along a side of the lattice.
pub const MAX_POINTS: u32 = 40;

/// Which lattice neighbours are joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Connect {
    /// Along rows and columns.
    Orthogonal,
    /// Along every diagonal.
    Diagonal,
    /// Along the diagonals through every other point (those whose column and row add up to an
    /// even number, counting from a1), as on an Alquerque board.
    Alternate,
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
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Picture, A::Error> {
                let mut rows = Vec::new();
                while let Some(row) = seq.next_element::<String>()? {
                    rows.push(row);
                }
                Ok(Picture::Rows(rows))
            }
        }
        d.deserialize_any(Rows)
    }
}

/// A board of points joined by lines (`point-board:`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PointBoard {
    /// Distance between neighbouring points (`20mm`).
    #[schemars(with = "Length")]
    pub spacing: Spanned<Length>,
    /// Points across, for a full lattice (a Go board: 19 and 19).
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub columns: Option<Spanned<u32>>,
    /// Points down, for a full lattice.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub rows: Option<Spanned<u32>>,
    /// Or the lattice as a picture, top row first: `o` is a point, `.` is none; a block of
    /// lines (`points: |`) or a list (`["..ooo..", "..ooo..", "ooooooo", …]`).
    #[serde(default)]
    #[schemars(with = "Option<Picture>")]
    pub points: Option<Spanned<Picture>>,
    /// Which neighbours lines join: `orthogonal`, `diagonal`, `alternate`. Default
    /// `[orthogonal]`; `[]` for none.
    #[serde(default = "orthogonal")]
    pub connect: Vec<Connect>,
    /// More lines, each through points named in order: `"a1 d1 g1"`.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub lines: Vec<Spanned<String>>,
    /// `dots` (default), `circles` or `none`.
    #[serde(default)]
    pub look: PointLook,
    /// Letters above the columns and numbers beside the rows. Default true.
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

fn orthogonal() -> Vec<Connect> {
    vec![Connect::Orthogonal]
}

impl Default for PointBoard {
    fn default() -> Self {
        let none = serde_saphyr::Location::UNKNOWN;
        PointBoard {
            spacing: Spanned::new(Length::default(), none, none),
            columns: None,
            rows: None,
            points: None,
            connect: orthogonal(),
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

/// A lattice position: column from the left, row from the top (0-based).
type At = (u32, u32);

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

    /// The lattice's columns and rows, and its points row by row from the top.
    fn lattice(&self) -> (u32, u32, Vec<At>) {
        if let Some(picture) = &self.points {
            let picture = picture.value.rows();
            let rows = picture.len() as u32;
            let cols = picture.iter().map(|r| r.chars().count()).max().unwrap_or(0) as u32;
            let mut at = Vec::new();
            for (r, line) in picture.iter().enumerate() {
                for (c, ch) in line.chars().enumerate() {
                    if is_point(ch) {
                        at.push((c as u32, r as u32));
                    }
                }
            }
            return (cols, rows, at);
        }
        let v = |s: &Option<Spanned<u32>>| s.as_ref().map_or(0, |s| s.value);
        let (cols, rows) = (v(&self.columns), v(&self.rows));
        let at = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (c, r)))
            .collect();
        (cols, rows, at)
    }

    fn spacing_mm(&self) -> f64 {
        self.spacing.value.mm()
    }

    /// The grid: half a spacing around the outer points, room for the pieces on them.
    fn frame(&self) -> Frame {
        let (cols, rows, _) = self.lattice();
        let s = self.spacing_mm();
        Frame::new(cols as f64 * s, rows as f64 * s, &self.extras())
    }

    /// The points, as spaces, and the lattice position of each.
    fn points(&self, frame: &Frame) -> (Vec<Space>, Vec<At>) {
        let (_, rows, at) = self.lattice();
        let s = self.spacing_mm();
        let spaces = at
            .iter()
            .map(|&(c, r)| Space {
                name: spaces::space_name(c, rows - r),
                x: frame.grid.x + (c as f64 + 0.5) * s,
                y: frame.grid.y + (r as f64 + 0.5) * s,
            })
            .collect();
        (spaces, at)
    }

    /// The lines: lattice neighbours as `connect` says, then `lines:`, each pair once.
    fn joins(&self, spaces: &[Space], at: &[At]) -> Vec<(usize, usize)> {
        let index: BTreeMap<At, usize> = at.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let (_, rows, _) = self.lattice();
        let mut out: Vec<(usize, usize)> = Vec::new();
        let mut join = |a: usize, b: usize| {
            let pair = (a.min(b), a.max(b));
            if a != b && !out.contains(&pair) {
                out.push(pair);
            }
        };
        for (i, &(c, r)) in at.iter().enumerate() {
            // From a1's corner, so that the pattern is the same whichever way up it is read.
            let even = (c + (rows - 1 - r)) % 2 == 0;
            let mut steps: Vec<(i64, i64)> = Vec::new();
            for connect in &self.connect {
                match connect {
                    Connect::Orthogonal => steps.extend([(1, 0), (0, 1)]),
                    Connect::Diagonal => steps.extend([(1, 1), (1, -1)]),
                    Connect::Alternate if even => steps.extend([(1, 1), (1, -1)]),
                    Connect::Alternate => {}
                }
            }
            for (dc, dr) in steps {
                let to = (c as i64 + dc, r as i64 + dr);
                if to.0 < 0 || to.1 < 0 {
                    continue;
                }
                let point = |c: i64, r: i64| index.get(&(c as u32, r as u32)).copied();
                let Some(j) = point(to.0, to.1) else {
                    continue;
                };
                // A diagonal crosses a square of the lattice: only where all four corners are
                // points (not across the notch of a cross).
                let square = dc == 0
                    || dr == 0
                    || (point(c as i64 + dc, r as i64).is_some()
                        && point(c as i64, r as i64 + dr).is_some());
                if square {
                    join(i, j);
                }
            }
        }
        for line in &self.lines {
            let named: Vec<Option<usize>> = line
                .value
                .split_whitespace()
                .map(|name| spaces::find(spaces, name))
                .collect();
            for pair in named.windows(2) {
                if let [Some(a), Some(b)] = pair {
                    join(*a, *b);
                }
            }
        }
        out
    }

    /// The radius of what is drawn on a point.
    fn point_radius(&self) -> f64 {
        let s = self.spacing_mm();
        match self.look {
            PointLook::Circles => s * 0.36,
            _ => s * 0.09,
        }
    }
}

/// A point in a lattice picture.
fn is_point(ch: char) -> bool {
    matches!(ch, 'o' | 'O' | 'x' | 'X' | '*' | '+')
}

impl Kind for PointBoard {
    fn about(&self) -> &'static str {
        "A board of points joined by lines (`point-board:`): a full lattice or one drawn row by row, lines between neighbours and through named points, with coordinates, marked points, a track around the edge and areas."
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
        &[
            FaceField::Background,
            FaceField::Ink,
            FaceField::Border,
            FaceField::Title,
            FaceField::Font,
        ]
    }
    fn check(&self, cx: &mut CheckCx) {
        let id = cx.component.id.value.clone();
        let full = (self.columns.as_ref(), self.rows.as_ref());
        match (&self.points, full) {
            (Some(picture), (None, None)) => {
                let (cols, rows, at) = self.lattice();
                if at.is_empty() || cols > MAX_POINTS || rows > MAX_POINTS {
                    cx.at(
                        picture,
                        format!(
                            "the picture of board `{id}` needs at least one point (`o`) and at most {MAX_POINTS} columns and rows"
                        ),
                    );
                    return;
                }
                let stray = picture
                    .value
                    .rows()
                    .into_iter()
                    .flat_map(|r| r.chars())
                    .find(|&ch| !is_point(ch) && ch != '.' && ch != ' ');
                if let Some(ch) = stray {
                    cx.at(
                        picture,
                        format!("`{ch}` in the picture of board `{id}`: expected `o` (a point) or `.` (none)"),
                    );
                    return;
                }
            }
            (None, (Some(c), Some(r))) => {
                for v in [c, r] {
                    if !(1..=MAX_POINTS).contains(&v.value) {
                        cx.at(
                            v,
                            format!(
                                "a board has 1 to {MAX_POINTS} points a side, not {}",
                                v.value
                            ),
                        );
                        return;
                    }
                }
            }
            (Some(picture), _) => {
                cx.at(
                    picture,
                    format!(
                        "board `{id}` gives its points twice: `points:` or `columns:` and `rows:`"
                    ),
                );
                return;
            }
            (None, _) => {
                cx.at(
                    &self.spacing,
                    format!(
                        "board `{id}` needs `columns:` and `rows:`, or `points:` drawn row by row"
                    ),
                );
                return;
            }
        }
        let s = self.spacing_mm();
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
        if !extras::fits_limit(cx, &self.spacing, self.size(cx.component)) {
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
    /// Between rows and columns of points, so that no seam runs through one.
    fn split(&self) -> Split {
        let frame = self.frame();
        let (cols, rows, _) = self.lattice();
        let s = self.spacing_mm();
        let xs = (0..=cols).map(|k| frame.grid.x + k as f64 * s).collect();
        let ys = (0..=rows).map(|k| frame.grid.y + k as f64 * s).collect();
        Split::OnLines { xs, ys }
    }
    fn shares_cuts(&self, _: Shape) -> bool {
        false
    }
    fn noun(&self) -> &'static str {
        "point board"
    }
    fn tts(&self, _: Shape) -> TtsForm {
        TtsForm::Board
    }
    fn cut_at_home(&self) -> bool {
        true
    }
    fn texts(&self) -> Vec<&str> {
        extras::texts(&self.extras())
    }
    fn symbols(&self) -> Vec<&Spanned<String>> {
        extras::symbols(&self.extras())
    }
    fn geometry(&self) -> Option<Geometry> {
        let frame = self.frame();
        let (points, at) = self.points(&frame);
        let lines = self.joins(&points, &at);
        let mut g = geometry("point", points, &self.extras(), &frame);
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
    let s = board.spacing_mm();
    if !d.is_empty() {
        cv.add(
            svg::node::element::Path::new()
                .set("d", d)
                .set("fill", "none")
                .set("stroke", c.ink.as_str())
                .set("stroke-width", n((s * 0.02).clamp(extras::LINE_MM, 0.6)))
                .set("stroke-linecap", "round"),
        );
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
    furniture::draw_title(cv, &frame, face.title.as_deref(), &c.ink);
    if board.coordinates {
        let size = (extras::EDGE_MM * 0.5).min(s * 0.4);
        furniture::draw_coordinates(cv, &geometry, &frame, Coordinates::Margin, size, &c.ink);
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
