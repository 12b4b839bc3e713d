//! Boards of squares: N×N (`squares: 9`) or columns × rows, inside a margin that carries the
//! coordinates (letters along the top, numbers up both sides, counted from the bottom as on a
//! chess board) and the title, at the left of the bottom margin. A chess or draughts board's
//! squares alternate between two close tints so rows and columns are easy to count without
//! hiding the tiles' own colours. Marks, a track around the edge and areas beside the grid are
//! `spaces`'. A board with no grid (`size:` instead of squares) has only its spaces of any
//! shape (`shaped`), as any board may have beside its grid; a board's picture (`image:`) lies
//! under them all.
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;

use super::extras::{self, Area, EdgeTrack, Extras, Marks, Style};
use super::frame::Frame;
use super::furniture::{self, Coordinates};
use super::marks::{self, Marked};
use super::shaped::{self, Placed, ShapedSpace};
use crate::base::forms::Side;
use crate::base::units::Size;
use crate::draw::canvas::{Canvas, n, rect};
use crate::kinds::Component;
use crate::kinds::face::DrawError;
use crate::kinds::face::{Art, Colors};
use crate::kinds::spaces::{self, Geometry, Space};
use crate::kinds::{CheckCx, FaceCx, FaceField, Field, Kind, Room, ShopFamily, Split};
use crate::spec::{Face, Shape};

pub use crate::kinds::spaces::column_name;
pub use extras::{EDGE_MM, LINE_MM};

/// Most squares along a board's side.
pub const MAX_SQUARES: u32 = 40;

/// A board of squares (`board:`): `squares: 9` for 9×9, or `columns` and `rows`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Squares along each side of a square board (a 9 makes a 9×9 board); or give `columns`
    /// and `rows`.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub squares: Option<Spanned<u32>>,
    /// Squares across.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub columns: Option<Spanned<u32>>,
    /// Squares down.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub rows: Option<Spanned<u32>>,
    /// Side of one square: usually the tile size (`24mm`).
    #[serde(default)]
    #[schemars(with = "Option<Size>")]
    pub square: Option<Spanned<Size>>,
    /// Alternate light tints like a chessboard. Default: on for the boards of chess and
    /// draughts (8×8, 10×10), off for others (Go, Hnefatafl, Shogi and tile-laying grids are
    /// plain).
    #[serde(default)]
    #[schemars(with = "Option<bool>")]
    pub checkered: Option<Spanned<bool>>,
    /// Letters along the top and numbers along both sides. Default true.
    #[serde(default)]
    #[schemars(with = "Option<bool>")]
    pub coordinates: Option<Spanned<bool>>,
    /// Styles of marks, by name: `throne: {fill: "#c9a227", symbol: sun}`.
    #[serde(default)]
    pub styles: BTreeMap<String, Style>,
    /// Marked squares, by style: `throne: [f6]`, `corner: [a1, a11, k1, k11]`.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, Vec<String>>")]
    pub marks: Marks,
    /// A score track around the board's edge.
    #[serde(default)]
    pub track: Option<EdgeTrack>,
    /// Labelled areas beside the grid (a draw pile, a discard pile).
    #[serde(default)]
    pub areas: Vec<Area>,
    /// Spaces of any shape, placed anywhere on the board or in rows: a race game's points, a
    /// sowing game's pits and stores. On a board with no grid (`size:` instead of
    /// `squares:`), its only spaces.
    #[serde(default)]
    #[schemars(with = "Vec<ShapedSpace>")]
    pub spaces: Vec<Spanned<ShapedSpace>>,
}

pub(super) fn yes() -> bool {
    true
}

impl Board {
    /// Columns and rows, however they are written (0 when neither form is).
    pub fn columns_rows(&self) -> (u32, u32) {
        let v = |s: &Option<Spanned<u32>>| s.as_ref().map(|s| s.value);
        match (v(&self.squares), v(&self.columns), v(&self.rows)) {
            (Some(n), _, _) => (n, n),
            (None, Some(c), Some(r)) => (c, r),
            _ => (0, 0),
        }
    }

    /// Whether it has no grid: only spaces of any shape, on a board of its `size:`.
    fn gridless(&self) -> bool {
        self.squares.is_none() && self.columns.is_none() && self.rows.is_none()
    }

    fn coordinates(&self) -> bool {
        self.coordinates.as_ref().is_none_or(|c| c.value) && !self.gridless()
    }

    fn extras(&self) -> Extras<'_> {
        Extras {
            coordinates: self.coordinates(),
            styles: &self.styles,
            marks: &self.marks,
            track: self.track.as_ref(),
            areas: &self.areas,
        }
    }

    fn square_mm(&self) -> (f64, f64) {
        self.square.as_ref().map_or((0.0, 0.0), |s| s.value.mm())
    }

    fn frame(&self) -> Frame {
        let (cols, rows) = self.columns_rows();
        let (sw, sh) = self.square_mm();
        Frame::new(cols as f64 * sw, rows as f64 * sh, &self.extras())
    }

    /// The squares, row by row from the top, named `a1` at the bottom left (none on a board
    /// with no grid).
    fn squares_at(&self, frame: &Frame) -> Vec<Space> {
        let (cols, rows) = self.columns_rows();
        let (sw, sh) = self.square_mm();
        let mut out = Vec::with_capacity((cols * rows) as usize);
        for row in 0..rows {
            for col in 0..cols {
                out.push(Space {
                    name: spaces::space_name(col, rows - row),
                    x: frame.grid.x + (col as f64 + 0.5) * sw,
                    y: frame.grid.y + (row as f64 + 0.5) * sh,
                });
            }
        }
        out
    }

    /// Where the grid lines run (mm from the board's edge), across and down.
    fn lines(&self) -> (Vec<f64>, Vec<f64>) {
        let (cols, rows) = self.columns_rows();
        let (sw, sh) = self.square_mm();
        let grid = self.frame().grid;
        let xs = (0..=cols).map(|k| grid.x + k as f64 * sw).collect();
        let ys = (0..=rows).map(|k| grid.y + k as f64 * sh).collect();
        (xs, ys)
    }

    /// Its spaces of any shape, where they lie.
    fn placed(&self) -> Vec<Placed> {
        shaped::place_all(&self.spaces, &self.squares_at(&self.frame()))
    }

    /// Checks its marks, track and areas and its spaces of any shape.
    fn check_spaces(&self, cx: &mut CheckCx) {
        if let Some(geometry) = self.geometry() {
            let grid = self.squares_at(&self.frame());
            let size = self.size(cx.component);
            shaped::check_in(cx, &self.extras(), &geometry, &self.spaces, &grid, size);
        }
    }

    /// Checks a board with no grid: a `size:`, and nothing a grid would have.
    fn check_gridless(&self, cx: &mut CheckCx) -> bool {
        let id = cx.component.id.value.clone();
        let Some(size) = &cx.component.size else {
            cx.at(
                &cx.component.id,
                format!("board `{id}` needs `squares: N` (N×N), both `columns:` and `rows:`, or a `size:` and `spaces:` for a board with no grid"),
            );
            return false;
        };
        let no_grid = |key: &str| {
            format!(
                "board `{id}` has no grid (it has a `size:`, not `squares:`): it takes no `{key}:`; its spaces are its `spaces:`"
            )
        };
        let mut ok = true;
        if let Some(s) = &self.square {
            cx.at(s, no_grid("square"));
            ok = false;
        }
        if let Some(c) = &self.checkered {
            cx.at(c, no_grid("checkered"));
            ok = false;
        }
        if let Some(c) = &self.coordinates {
            cx.at(c, no_grid("coordinates"));
            ok = false;
        }
        if let Some(t) = &self.track {
            cx.at(
                &t.to,
                no_grid("track") + " (draw a track's spaces as a row of spaces)",
            );
            ok = false;
        }
        if let Some(a) = self.areas.first() {
            cx.at(
                &a.size,
                no_grid("areas") + " (draw an area as a rectangle space with a label)",
            );
            ok = false;
        }
        crate::spec::check_min_side(cx, &format!("board `{id}`"), "it must", size);
        ok && extras::fits_limit(cx, size, size.value.mm())
    }
}

impl Kind for Board {
    fn about(&self) -> &'static str {
        "A board of squares, N×N or columns × rows, with coordinates, marked squares, a track around the edge and areas (`board:`); split on its grid lines when larger than the paper."
    }
    fn example(&self) -> &'static str {
        r##"kind: board
front: {title: Garden, background: "#f3ecdb"}
board:
  squares: 5
  square: 24mm
  styles:
    well: {fill: "#9cc3e6", symbol: moon}
  marks: {well: [c3]}
"##
    }
    fn fields(&self) -> &'static [Field] {
        &[Field::SizeOptional, Field::Back]
    }
    fn draws(&self, _: Side) -> &'static [FaceField] {
        // A board with no grid has no margin for its title (nor text in its font).
        match self.gridless() {
            true => face_fields![Background, Ink, Border, Image, Fit, Position],
            false => extras::GRID_FACE,
        }
    }
    fn check(&self, cx: &mut CheckCx) {
        let id = cx.component.id.value.clone();
        if self.gridless() {
            if self.check_gridless(cx) {
                self.check_spaces(cx);
            }
            return;
        }
        if let Some(size) = &cx.component.size {
            cx.at(
                size,
                format!("board `{id}` is as large as its squares and their margin; `size:` is for a board with no grid (`spaces:` only, no `squares:`)"),
            );
            return;
        }
        let given = |s: &Option<Spanned<u32>>| s.is_some();
        let forms = (
            given(&self.squares),
            given(&self.columns),
            given(&self.rows),
        );
        match forms {
            (true, false, false) | (false, true, true) => {}
            (true, _, _) => {
                let at = self.columns.as_ref().or(self.rows.as_ref());
                if let Some(at) = at {
                    cx.at(at, format!("board `{id}` gives `squares:` and `columns:`/`rows:`: give `squares: N` for N×N or both `columns` and `rows`"));
                }
                return;
            }
            // One of `columns:` and `rows:` (with neither, it is a board with no grid).
            _ => {
                let message =
                    format!("board `{id}` needs `squares: N` (N×N) or both `columns:` and `rows:`");
                match self.columns.as_ref().or(self.rows.as_ref()) {
                    Some(at) => cx.at(at, message),
                    None => cx.at(&cx.component.id, message),
                }
                return;
            }
        }
        for count in [&self.squares, &self.columns, &self.rows]
            .into_iter()
            .flatten()
        {
            if !(1..=MAX_SQUARES).contains(&count.value) {
                cx.at(
                    count,
                    format!(
                        "a board has 1 to {MAX_SQUARES} squares per side, not {}",
                        count.value
                    ),
                );
                return;
            }
        }
        let Some(square) = &self.square else {
            let at = self.squares.as_ref().or(self.columns.as_ref());
            if let Some(at) = at {
                cx.at(
                    at,
                    format!("board `{id}` needs `square:`, the side of one square (`24mm`)"),
                );
            }
            return;
        };
        crate::spec::check_min_side(cx, &format!("a square of board `{id}`"), "it must", square);
        if extras::fits_limit(cx, square, self.size(cx.component)) {
            self.check_spaces(cx);
        }
    }
    /// The grid, its margin, and the track and areas around it; a board with no grid, its
    /// `size:`.
    fn size(&self, c: &Component) -> (f64, f64) {
        if self.gridless() {
            return c.size_mm().unwrap_or_default();
        }
        let frame = self.frame();
        (frame.w, frame.h)
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        let picture = cx.image(face)?;
        draw(cx.canvas, self, face, cx.art, picture)
    }
    /// On its grid lines, so that no seam cuts through a square, nor through a space of any
    /// shape; a board with no grid along the edges of its spaces.
    fn split(&self) -> Split {
        let placed = self.placed();
        let (xs, ys) = match self.gridless() {
            true => shaped::box_edges(&placed),
            false => self.lines(),
        };
        shaped::split_clear(xs, ys, &placed)
    }
    extras::board_answers!();
    fn noun(&self) -> &'static str {
        "board"
    }
    fn shop_family(&self, _: Shape) -> Option<ShopFamily> {
        Some(ShopFamily::Board)
    }
    /// A square board's squares a side (not a board of columns × rows).
    fn squares(&self) -> Option<&Spanned<u32>> {
        self.squares.as_ref()
    }
    /// Its squares inside their lines (the frame's, the heaviest around a square), by name.
    /// A board of spaces of any shape and no grid: its spaces, as every kind's are.
    fn rooms(&self, game: &crate::kinds::Game, piece: &crate::kinds::piece::Piece) -> Vec<Room> {
        if self.gridless() {
            return crate::kinds::rooms_of_spaces(self, game, piece);
        }
        let (sw, sh) = self.square_mm();
        let frame = self.frame();
        let squares = self.squares_at(&frame).into_iter();
        squares
            .map(|s| Room {
                name: s.name,
                x: s.x - sw / 2.0 + LINE_MM,
                y: s.y - sh / 2.0 + LINE_MM,
                w: sw - 2.0 * LINE_MM,
                h: sh - 2.0 * LINE_MM,
                round: false,
                apart: false,
            })
            .collect()
    }
    /// Its squares, then its spaces of any shape.
    fn geometry(&self) -> Option<Geometry> {
        let frame = self.frame();
        // A board with no grid has no track round it either.
        let (noun, ring) = match self.gridless() {
            true => ("space", None),
            false => ("square", frame.ring.as_ref()),
        };
        let squares = self.squares_at(&frame);
        let placed = self.placed();
        Some(shaped::geometry(
            noun,
            squares,
            &placed,
            &self.extras(),
            ring,
        ))
    }
}

fn draw(
    cv: &mut Canvas,
    board: &Board,
    face: &Face,
    art: &Art,
    picture: Option<svg::node::element::Group>,
) -> Result<(), DrawError> {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    let c = Colors::of(face);
    cv.add(rect(-b, -b, w + 2.0 * b, h + 2.0 * b, &c.background));
    let pictured = picture.is_some();
    if let Some(picture) = picture {
        cv.add(picture);
    }
    let (extras, all) = (board.extras(), board.geometry().unwrap_or_default());
    if board.gridless() {
        shaped::draw(cv, &extras, &all, &board.placed(), 0, art, &c.ink)?;
        furniture::draw_border(cv, c.border());
        return Ok(());
    }
    let (cols, rows) = board.columns_rows();
    if cols == 0 || rows == 0 {
        return Err(DrawError::NoSquares);
    }
    let (sw, sh) = board.square_mm();
    let frame = board.frame();
    let (gx, gy, gw, gh) = (frame.grid.x, frame.grid.y, frame.grid.w, frame.grid.h);

    // Squares: white and a faint tint of the ink, like a chequerboard seen through paper; over
    // a picture, the picture.
    if !pictured {
        cv.add(rect(gx, gy, gw, gh, "#ffffff"));
    }
    if board
        .checkered
        .as_ref()
        .map_or(matches!((cols, rows), (8, 8) | (10, 10)), |c| c.value)
    {
        for row in 0..rows {
            for col in 0..cols {
                if (row + col) % 2 == 1 {
                    cv.add(
                        rect(gx + col as f64 * sw, gy + row as f64 * sh, sw, sh, &c.ink)
                            .set("fill-opacity", "0.07"),
                    );
                }
            }
        }
    }
    // Its squares alone, their marks resolved over them: what the grid draws and names.
    let grid = extras::geometry(
        "square",
        board.squares_at(&frame),
        &extras,
        frame.ring.as_ref(),
    );
    let cells: Vec<[(f64, f64); 4]> = grid
        .spaces
        .iter()
        .map(|s| {
            let (x0, y0) = (s.x - sw / 2.0, s.y - sh / 2.0);
            [(x0, y0), (x0 + sw, y0), (x0 + sw, y0 + sh), (x0, y0 + sh)]
        })
        .collect();
    let cell = |i: usize| Marked::Cell {
        outline: &cells[i],
        x: grid.spaces[i].x,
        y: grid.spaces[i].y,
        size: sw.min(sh),
    };
    marks::draw_marks(cv, &extras, &grid, cell, art, &c.ink)?;
    // Grid lines, centred on the square edges so each square is exactly `square` wide.
    let mut d = String::new();
    for i in 1..cols {
        let x = gx + i as f64 * sw;
        d.push_str(&format!("M{} {}V{}", n(x), n(gy), n(gy + gh)));
    }
    for i in 1..rows {
        let y = gy + i as f64 * sh;
        d.push_str(&format!("M{} {}H{}", n(gx), n(y), n(gx + gw)));
    }
    if !d.is_empty() {
        cv.add(marks::lines(&d, &c.ink, LINE_MM));
    }
    cv.add(
        rect(gx, gy, gw, gh, "none")
            .set("stroke", c.ink.as_str())
            .set("stroke-width", n(LINE_MM * 2.0)),
    );
    marks::draw_outlines(cv, &extras, &grid, cell);
    let first = grid.spaces.len();
    shaped::draw(cv, &extras, &all, &board.placed(), first, art, &c.ink)?;
    furniture::draw_title(cv, &frame, face.title.as_deref(), &c.ink, gw * 0.4);
    if board.coordinates() {
        let size = (EDGE_MM * 0.5).min(sw.min(sh) * 0.4);
        furniture::draw_coordinates(cv, &grid, &frame, Coordinates::Margin, size, &c.ink);
    }
    furniture::draw_extras(cv, &extras, &frame, &c.ink);
    furniture::draw_border(cv, c.border());
    Ok(())
}
