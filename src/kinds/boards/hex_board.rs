//! Boards of hexagons (`kind: hex-board`): rows offset by half a hex (columns, for flat-topped
//! hexes), a rhombus (the game of Hex), or a hexagon of hexes around a centre one. Each hex is
//! named by its column letter and its row counted from the bottom (`a1` bottom left); the
//! columns of a rhombus and of a hexagon of hexes are straight lines that slant, so a
//! hexagon's upper rows start at a later letter (`d7` is its top left hex at radius 3).
//! Coordinates, marks, a track around the edge and areas are `spaces`'.
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;

use super::board::yes;
use super::extras::{self, Area, EdgeTrack, Extras, Marks, Style, geometry};
use super::frame::Frame;
use super::furniture::{self, Beyond, Coordinates};
use super::marks::{self, Marked};
use super::shaped::{self, Placed, ShapedSpace};
use crate::base::forms::Side;
use crate::base::units::Length;
use crate::draw::canvas::{Canvas, n, rect};
use crate::kinds::Component;
use crate::kinds::face::DrawError;
use crate::kinds::face::{Art, Colors};
use crate::kinds::spaces::{self, Geometry, Space};
use crate::kinds::{CheckCx, FaceCx, FaceField, Field, Kind, Split};
use crate::spec::Face;

/// Most hexes along a row or column, and the largest radius of a hexagon of hexes.
pub const MAX_HEXES: u32 = 40;

/// Which way a hex points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum HexTop {
    /// A corner at the top; rows run straight across.
    #[default]
    Pointy,
    /// A flat side at the top; columns run straight down.
    Flat,
}

/// How the hexes are arranged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum HexLayout {
    /// `columns` × `rows`, every other row shifted by half a hex (every other column, for
    /// flat-topped hexes): a wargame map.
    #[default]
    Offset,
    /// `columns` × `rows`, each row shifted half a hex further than the one above: the board of
    /// Hex.
    Rhombus,
    /// A hexagon of hexes, `radius` rings around the centre one.
    Hexhex,
}

/// A board of hexes (`hex-board:`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexBoard {
    /// One hex, across its flats (`20mm`).
    #[schemars(with = "Length")]
    pub hex: Spanned<Length>,
    /// `pointy` (default) or `flat` at the top.
    #[serde(default)]
    pub top: HexTop,
    /// `offset` (default), `rhombus` or `hexhex`.
    #[serde(default)]
    pub layout: HexLayout,
    /// Hexes across (`offset`, `rhombus`).
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub columns: Option<Spanned<u32>>,
    /// Hexes down (`offset`, `rhombus`).
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub rows: Option<Spanned<u32>>,
    /// Rings of hexes around the centre one (`hexhex`).
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub radius: Option<Spanned<u32>>,
    /// Letters above the columns and numbers beside the rows. Default true.
    #[serde(default = "yes")]
    pub coordinates: bool,
    /// Styles of marks, by name: `start: {fill: "#e8c07a", label: Start}`.
    #[serde(default)]
    pub styles: BTreeMap<String, Style>,
    /// Marked hexes, by style: `start: [a1, k11]`.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, Vec<String>>")]
    pub marks: Marks,
    /// A score track around the board's edge.
    #[serde(default)]
    pub track: Option<EdgeTrack>,
    /// Labelled areas beside the grid.
    #[serde(default)]
    pub areas: Vec<Area>,
    /// Spaces of any shape, placed anywhere on the board or in rows.
    #[serde(default)]
    #[schemars(with = "Vec<ShapedSpace>")]
    pub spaces: Vec<Spanned<ShapedSpace>>,
}

impl Default for HexBoard {
    fn default() -> Self {
        let none = serde_saphyr::Location::UNKNOWN;
        HexBoard {
            hex: Spanned::new(Length::default(), none, none),
            top: HexTop::default(),
            layout: HexLayout::default(),
            columns: None,
            rows: None,
            radius: None,
            coordinates: true,
            styles: BTreeMap::new(),
            marks: Marks::new(),
            track: None,
            areas: Vec::new(),
            spaces: Vec::new(),
        }
    }
}

/// A count of the section by its key, as `check` asks for it.
type Count<'a> = (&'static str, &'a Option<Spanned<u32>>);

/// One hex: the column (0-based) and row (from the bottom, 1-based) it is named by, and its
/// centre (mm from the grid's top left).
struct Cell {
    col: u32,
    row: u32,
    x: f64,
    y: f64,
}

impl HexBoard {
    fn extras(&self) -> Extras<'_> {
        Extras {
            coordinates: self.coordinates,
            styles: &self.styles,
            marks: &self.marks,
            track: self.track.as_ref(),
            areas: &self.areas,
        }
    }

    /// Across the flats and across the corners (mm).
    fn flats_corners(&self) -> (f64, f64) {
        let f = self.hex.value.mm();
        (f, f * 2.0 / 3f64.sqrt())
    }

    /// The hexes, row by row from the top, and the grid's width and height. Laid out pointy
    /// side up, then turned for flat-topped hexes.
    fn cells(&self) -> (Vec<Cell>, f64, f64) {
        let (f, c) = self.flats_corners();
        let v = |s: &Option<Spanned<u32>>| s.as_ref().map_or(0, |s| s.value);
        // Rows of (count, shift in half hexes), top row first.
        let rows: Vec<(u32, u32)> = match self.layout {
            HexLayout::Offset | HexLayout::Rhombus => {
                // Flat-topped hexes are laid out as pointy ones with rows and columns swapped.
                let (across, down) = match self.top {
                    HexTop::Pointy => (v(&self.columns), v(&self.rows)),
                    HexTop::Flat => (v(&self.rows), v(&self.columns)),
                };
                (0..down)
                    .map(|r| match self.layout {
                        HexLayout::Rhombus => (across, r),
                        _ => (across, r % 2),
                    })
                    .collect()
            }
            HexLayout::Hexhex => {
                let n = v(&self.radius);
                (0..=2 * n)
                    .map(|r| {
                        let off = r.abs_diff(n);
                        (2 * n + 1 - off, off)
                    })
                    .collect()
            }
        };
        let count = rows.len() as u32;
        let radius = v(&self.radius);
        let hexhex = self.layout == HexLayout::Hexhex;
        let mut cells = Vec::new();
        for (r, &(across, shift)) in rows.iter().enumerate() {
            let r32 = r as u32;
            for k in 0..across {
                let x = f / 2.0 + (k as f64 + shift as f64 / 2.0) * f;
                let y = c / 2.0 + r as f64 * 0.75 * c;
                // A hexagon's columns are straight lines of hexes, as a rhombus's are: up and
                // to the left from the bottom row (Abalone's diagonals), so its upper rows
                // start at a later letter. Turned for flat tops, its rows run down to the
                // right from the left column.
                let col = match (hexhex, self.top) {
                    (true, HexTop::Pointy) => k + radius.saturating_sub(r32),
                    (true, HexTop::Flat) => k + r32.saturating_sub(radius),
                    (false, _) => k,
                };
                cells.push(Cell {
                    col,
                    row: count - r32,
                    x,
                    y,
                });
            }
        }
        let width = rows
            .iter()
            .map(|&(across, shift)| (across as f64 + shift as f64 / 2.0) * f)
            .fold(0.0, f64::max);
        let height = match count {
            0 => 0.0,
            k => c + (k - 1) as f64 * 0.75 * c,
        };
        match self.top {
            HexTop::Pointy => (cells, width, height),
            // Turned a quarter: the pointy layout's rows become columns, left to right, and
            // its columns rows, counted from the bottom.
            HexTop::Flat => {
                let turned = cells
                    .into_iter()
                    .map(|cell| Cell {
                        col: count - cell.row,
                        // The pointy layout's first column ends up at the bottom.
                        row: cell.col + 1,
                        x: cell.y,
                        y: width - cell.x,
                    })
                    .collect();
                (turned, height, width)
            }
        }
    }

    fn frame(&self) -> Frame {
        let (_, w, h) = self.cells();
        Frame::new(w, h, &self.extras())
    }

    /// Where its coordinates go, `size` mm high: numbers at both ends of each row and letters
    /// above each column; a hexagon of hexes, whose sides each end rows and columns alike, has
    /// numbers at the start of each row and letters below each column, as Abalone has.
    fn coordinates_at(&self, size: f64) -> Coordinates {
        let f = self.hex.value.mm();
        let gap = f / 2.0 + size * 0.9;
        let (half, root) = (0.5, 3f64.sqrt() / 2.0);
        let beyond = |dir, gap, both| Beyond { dir, gap, both };
        match (self.layout, self.top) {
            (HexLayout::Hexhex, HexTop::Pointy) => Coordinates::Beside {
                rows: beyond((-1.0, 0.0), gap, false),
                // Down the column, to the right.
                columns: Some(beyond((half, root), gap, false)),
            },
            (HexLayout::Hexhex, HexTop::Flat) => Coordinates::Beside {
                // Back up the row, to the left.
                rows: beyond((-root, -half), gap, false),
                columns: Some(beyond((0.0, 1.0), f / 2.0 + size, false)),
            },
            (_, HexTop::Pointy) => Coordinates::Beside {
                rows: beyond((1.0, 0.0), gap, true),
                columns: Some(beyond((0.0, -1.0), f / 2.0 + size * 1.1, false)),
            },
            (_, HexTop::Flat) => Coordinates::Beside {
                rows: beyond((1.0, 0.0), f / 2.0 + size * 1.1, true),
                columns: Some(beyond((0.0, -1.0), f / 3f64.sqrt() + size, false)),
            },
        }
    }

    /// Its hexes, named `a1` at the bottom left, at their centres on the board.
    fn hexes(&self, frame: &Frame) -> Vec<Space> {
        let (cells, _, _) = self.cells();
        cells
            .iter()
            .map(|c| Space {
                name: spaces::space_name(c.col, c.row),
                x: frame.grid.x + c.x,
                y: frame.grid.y + c.y,
            })
            .collect()
    }

    /// Its spaces of any shape, where they lie.
    fn placed(&self) -> Vec<Placed> {
        shaped::place_all(&self.spaces, &self.hexes(&self.frame()))
    }

    /// Its hexes alone, their marks resolved over them (what its grid draws and names).
    fn grid(&self) -> Geometry {
        let frame = self.frame();
        geometry(
            "hex",
            self.hexes(&frame),
            &self.extras(),
            frame.ring.as_ref(),
        )
    }

    /// The corners of the hex centred at (`x`, `y`).
    fn corners(&self, x: f64, y: f64) -> [(f64, f64); 6] {
        let (_, c) = self.flats_corners();
        let start = match self.top {
            HexTop::Pointy => -90.0_f64,
            HexTop::Flat => 0.0,
        };
        std::array::from_fn(|k| {
            let a = (start + 60.0 * k as f64).to_radians();
            (x + c / 2.0 * a.cos(), y + c / 2.0 * a.sin())
        })
    }
}

impl Kind for HexBoard {
    fn about(&self) -> &'static str {
        "A board of hexes (`hex-board:`): offset rows or columns, a rhombus or a hexagon of hexes, with coordinates, marked hexes, a track around the edge and areas."
    }
    fn example(&self) -> &'static str {
        r##"kind: hex-board
front: {title: Island}
hex-board:
  hex: 18mm
  layout: hexhex
  radius: 2
  styles:
    harbour: {fill: "#9cc3e6", label: "3:1"}
  marks: {harbour: [a1, e5]}
"##
    }
    fn fields(&self) -> &'static [Field] {
        &[Field::Back]
    }
    fn draws(&self, _: Side) -> &'static [FaceField] {
        extras::GRID_FACE
    }
    fn check(&self, cx: &mut CheckCx) {
        let id = cx.component.id.value.clone();
        let (needs, not): (&[Count], &[Count]) = match self.layout {
            HexLayout::Hexhex => (
                &[("radius", &self.radius)],
                &[("columns", &self.columns), ("rows", &self.rows)],
            ),
            _ => (
                &[("columns", &self.columns), ("rows", &self.rows)],
                &[("radius", &self.radius)],
            ),
        };
        let layout = match self.layout {
            HexLayout::Offset => "offset",
            HexLayout::Rhombus => "rhombus",
            HexLayout::Hexhex => "hexhex",
        };
        let mut ok = true;
        for (key, value) in needs {
            match value {
                None => {
                    cx.at(
                        &self.hex,
                        format!("hex board `{id}` (`layout: {layout}`) needs `{key}:`"),
                    );
                    ok = false;
                }
                Some(v)
                    if !((1..=MAX_HEXES).contains(&v.value)
                        || *key == "radius" && v.value == 0) =>
                {
                    cx.at(v, format!("`{key}` is 1 to {MAX_HEXES}, not {}", v.value));
                    ok = false;
                }
                Some(_) => {}
            }
        }
        for (key, value) in not {
            if let Some(v) = value {
                cx.at(
                    v,
                    format!("a hex board laid out `{layout}` takes no `{key}:`"),
                );
                ok = false;
            }
        }
        let f = self.hex.value.mm();
        if f < 5.0 {
            cx.at(
                &self.hex,
                format!(
                    "a hex of board `{id}` is {} mm across; it must be at least 5 mm",
                    crate::spec::short_mm(f)
                ),
            );
            ok = false;
        }
        if !ok {
            return;
        }
        if extras::fits_limit(cx, &self.hex, self.size(cx.component))
            && let Some(geometry) = self.geometry()
        {
            let hexes = self.hexes(&self.frame());
            let size = self.size(cx.component);
            shaped::check_in(cx, &self.extras(), &geometry, &self.spaces, &hexes, size);
        }
    }
    fn size(&self, _: &Component) -> (f64, f64) {
        let frame = self.frame();
        (frame.w, frame.h)
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        let picture = cx.image(face)?;
        draw(cx.canvas, self, face, cx.art, picture)
    }
    /// In parts to glue, on the lines that cut hexes most cleanly: no straight seam follows the
    /// zigzag of a grid of hexes, so each runs through hex centres — halving each hex it crosses
    /// into mirror halves that are easy to line up — or, across the flats, along the hexes'
    /// straight edges where a row offers them.
    fn split(&self) -> Split {
        let geometry = self.grid();
        let placed = self.placed();
        let half = self.hex.value.mm() / 2.0;
        let lines = |centres: Vec<f64>, edges: bool| {
            let mut out: Vec<f64> = centres
                .iter()
                .flat_map(|&c| match edges {
                    true => vec![c - half, c, c + half],
                    false => vec![c],
                })
                .collect();
            out.sort_by(f64::total_cmp);
            out.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
            out
        };
        let xs = geometry.spaces.iter().map(|s| s.x).collect();
        let ys = geometry.spaces.iter().map(|s| s.y).collect();
        let (xs, ys) = match self.top {
            HexTop::Pointy => (lines(xs, true), lines(ys, false)),
            HexTop::Flat => (lines(xs, false), lines(ys, true)),
        };
        // Nor through a space of any shape.
        shaped::split_clear(xs, ys, &placed)
    }
    extras::board_answers!();
    fn noun(&self) -> &'static str {
        "hex board"
    }
    /// Its hexes, then its spaces of any shape.
    fn geometry(&self) -> Option<Geometry> {
        let frame = self.frame();
        let (hexes, ring) = (self.hexes(&frame), frame.ring.as_ref());
        Some(shaped::geometry(
            "hex",
            hexes,
            &self.placed(),
            &self.extras(),
            ring,
        ))
    }
}

fn draw(
    cv: &mut Canvas,
    board: &HexBoard,
    face: &Face,
    art: &Art,
    picture: Option<svg::node::element::Group>,
) -> Result<(), DrawError> {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    let c = Colors::of(face);
    cv.add(rect(-b, -b, w + 2.0 * b, h + 2.0 * b, &c.background));
    let frame = board.frame();
    let extras = board.extras();
    let geometry = board.grid();
    let hexes: Vec<[(f64, f64); 6]> = geometry
        .spaces
        .iter()
        .map(|s| board.corners(s.x, s.y))
        .collect();
    // White hexes; over a picture, the picture.
    match picture {
        Some(picture) => cv.add(picture),
        None => {
            for hex in &hexes {
                cv.add(marks::polygon(hex, "#ffffff"));
            }
        }
    }
    let (f, _) = board.flats_corners();
    let cell = |i: usize| Marked::Cell {
        outline: &hexes[i],
        x: geometry.spaces[i].x,
        y: geometry.spaces[i].y,
        size: f * 0.86,
    };
    marks::draw_marks(cv, &extras, &geometry, cell, art, &c.ink)?;
    // Each edge once, so that shared edges are not drawn twice over.
    let mut edges: Vec<((i64, i64), (i64, i64))> = Vec::new();
    let key = |p: (f64, f64)| ((p.0 * 1000.0).round() as i64, (p.1 * 1000.0).round() as i64);
    let mut d = String::new();
    for hex in &hexes {
        for k in 0..6 {
            let (a, z) = (hex[k], hex[(k + 1) % 6]);
            let (ka, kz) = (key(a), key(z));
            let edge = if ka < kz { (ka, kz) } else { (kz, ka) };
            if !edges.contains(&edge) {
                edges.push(edge);
                d.push_str(&format!("M{} {}L{} {}", n(a.0), n(a.1), n(z.0), n(z.1)));
            }
        }
    }
    if !d.is_empty() {
        cv.add(marks::lines(&d, &c.ink, extras::LINE_MM).set("stroke-linecap", "round"));
    }
    marks::draw_outlines(cv, &extras, &geometry, cell);
    let all = board.geometry().unwrap_or_default();
    shaped::draw(cv, &extras, &all, &board.placed(), hexes.len(), art, &c.ink)?;
    let size = (extras::EDGE_MM * 0.5).min(f * 0.35);
    let at = board.coordinates_at(size);
    // Letters below the grid (a pointy hexagon's) leave the title the room before the first.
    let room = match at {
        Coordinates::Beside {
            columns: Some(b), ..
        } if board.coordinates && b.dir.1 > 0.0 && b.dir.0 > 0.0 => geometry
            .spaces
            .iter()
            .find(|s| s.name == "a1")
            .map_or(0.0, |s| s.x + b.dir.0 * b.gap - size - frame.grid.x)
            .min(frame.grid.w * 0.4),
        _ => frame.grid.w * 0.4,
    };
    furniture::draw_title(cv, &frame, face.title.as_deref(), &c.ink, room);
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

    fn board(yaml: &str) -> HexBoard {
        serde_saphyr::from_str(yaml).unwrap()
    }

    #[test]
    fn neighbouring_hexes_are_one_flat_apart() {
        for top in ["pointy", "flat"] {
            for layout in ["offset", "rhombus"] {
                let b = board(&format!(
                    "{{hex: 20mm, top: {top}, layout: {layout}, columns: 5, rows: 4}}"
                ));
                let (cells, w, h) = b.cells();
                assert_eq!(cells.len(), 20);
                for a in &cells {
                    let nearest = cells
                        .iter()
                        .filter(|o| !std::ptr::eq(*o, a))
                        .map(|o| (o.x - a.x).hypot(o.y - a.y))
                        .fold(f64::INFINITY, f64::min);
                    assert!((nearest - 20.0).abs() < 1e-9, "{top} {layout}: {nearest}");
                    // Inside the grid's box.
                    assert!(a.x >= 9.99 && a.x <= w - 9.99 && a.y >= 9.99 && a.y <= h - 9.99);
                }
                // Names are unique, a1 exists.
                let mut names: Vec<String> = cells
                    .iter()
                    .map(|c| spaces::space_name(c.col, c.row))
                    .collect();
                names.sort();
                names.dedup();
                assert_eq!(names.len(), 20);
                assert!(
                    names.contains(&"a1".to_string()) && names.contains(&"e4".to_string()),
                    "{top} {layout}: {names:?}"
                );
            }
        }
    }

    #[test]
    fn a_hexagon_of_hexes_has_the_centred_hexagonal_number_of_hexes() {
        for radius in 0..5u32 {
            let b = board(&format!("{{hex: 20mm, layout: hexhex, radius: {radius}}}"));
            let n = radius as usize;
            assert_eq!(b.cells().0.len(), 3 * n * (n + 1) + 1);
        }
    }
}
