//! The lattices a board of points stands on (`point-board`): square (a Go board, a Morris
//! board), triangular (Chinese checkers' star, Abalone's hexagon: every point has six
//! neighbours, all one spacing away) and hexagonal (the corners of a map of hexes, each joined
//! to three); which of their points a board has (a whole lattice, a picture, or an outline),
//! the names players read them by, and which neighbours a line joins.
//!
//! Every point has integer lattice coordinates `(u, j)`, `j` counting rows up. On a square
//! lattice `u` counts columns; on the others it counts half spacings across, so that a row's
//! points are two apart and the next row's sit half way between them (`u + j` is even).
use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::base::units::{Length, MAX_LENGTH_MM, parse_length};

/// Most rows of points, and most points across a row.
pub const MAX_POINTS: u32 = 40;

/// Most corners of a `polygon:` outline.
pub const MAX_CORNERS: usize = 100;

/// The height of a row of a triangular lattice, in spacings: √3 / 2.
pub const ROW: f64 = 0.866_025_403_784_438_6;

/// How the points are arranged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lattice {
    /// Rows and columns (Go, Alquerque, a Morris board).
    #[default]
    Square,
    /// Rows half a spacing along from each other, each point's six neighbours one spacing
    /// away (Chinese checkers, Abalone).
    Triangular,
    /// The corners of flat-topped hexagons, each point joined to three (the crossings of a map
    /// of hexes).
    Hexagonal,
}

impl Lattice {
    pub fn name(self) -> &'static str {
        match self {
            Lattice::Square => "square",
            Lattice::Triangular => "triangular",
            Lattice::Hexagonal => "hexagonal",
        }
    }
}

/// The outline that chooses which points of the lattice a board has: those on or inside it.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum Outline {
    /// A six-pointed star whose points are triangles of this many points a side round a
    /// hexagon of one more (`star: 4`: Chinese checkers' 121). Triangular lattice.
    Star(#[schemars(range(min = 1))] u32),
    /// A hexagon of this many points a side (`hexagon: 5`: Abalone's 61); on a hexagonal
    /// lattice, the corners of a hexagon of this many hexes a side (`hexagon: 3`: 19 hexes,
    /// 54 corners).
    Hexagon(#[schemars(range(min = 1))] u32),
    /// A triangle of this many points a side, pointing up (`triangle: 5`: 15). Triangular
    /// lattice.
    Triangle(#[schemars(range(min = 1))] u32),
    /// Any polygon, its corners `[across, up]` from a point of the lattice: across in spacings,
    /// up in rows (`[[0, 0], [4, 0], [2, 4]]`: a triangle of 5 a side on a triangular
    /// lattice).
    Polygon(Vec<[f64; 2]>),
}

impl Outline {
    pub fn name(&self) -> &'static str {
        match self {
            Outline::Star(_) => "star",
            Outline::Hexagon(_) => "hexagon",
            Outline::Triangle(_) => "triangle",
            Outline::Polygon(_) => "polygon",
        }
    }
}

/// A direction lines run in between neighbouring points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Horizontal,
    Vertical,
    /// Up to the right.
    Rising,
    /// Down to the right.
    Falling,
}

impl Direction {
    /// The step to the neighbour that way, in lattice coordinates (`j` up).
    pub fn step(self, lattice: Lattice) -> Option<(i64, i64)> {
        match (lattice, self) {
            (Lattice::Square, Direction::Horizontal) => Some((1, 0)),
            (Lattice::Square, Direction::Vertical) => Some((0, -1)),
            (Lattice::Square, Direction::Rising) => Some((1, 1)),
            (Lattice::Square, Direction::Falling) => Some((1, -1)),
            (_, Direction::Horizontal) => Some((2, 0)),
            (_, Direction::Rising) => Some((1, 1)),
            (_, Direction::Falling) => Some((1, -1)),
            (_, Direction::Vertical) => None,
        }
    }
}

/// The distance between neighbouring points: one length, or across × down on a square
/// lattice (`8mm x 13.86mm`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Spacing {
    pub across: Length,
    pub down: Length,
}

impl Spacing {
    /// Whether it was given as two different lengths.
    pub fn is_two(&self) -> bool {
        self.across != self.down
    }
}

// Written as a size is (one length, `a x b`, or a list of two), so its schema is the size's
// with its own words.
impl JsonSchema for Spacing {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Spacing".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut schema = <crate::base::units::Size as JsonSchema>::json_schema(generator);
        schema.insert(
            "description".into(),
            format!("The distance between neighbouring points: one length (`16mm`), or on a square lattice two, across × down (`30mm x 20mm`, `[30mm, 20mm]`). Lengths are in mm, cm, in or pt, above 0 and at most {MAX_LENGTH_MM} mm.").into(),
        );
        schema.insert(
            "patternErrorMessage".into(),
            format!("expected {EXPECTED_SPACING}").into(),
        );
        schema.insert(
            "examples".into(),
            serde_json::json!(["16mm", "30mm x 20mm"]),
        );
        schema
    }
}

const EXPECTED_SPACING: &str =
    "a spacing: one length (`16mm`), or two, across × down (`8mm x 13.86mm`)";

/// Why a text is not a spacing.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SpacingError {
    #[error("{which} of `{text}`: {why}")]
    Part {
        which: &'static str,
        text: String,
        why: crate::base::units::LengthError,
    },
    #[error("expected {EXPECTED_SPACING}, found `{0}`")]
    NotASpacing(String),
}

/// Parses `16mm`, `8mm x 13.86mm`, `8 × 13.86`.
pub fn parse_spacing(text: &str) -> Result<Spacing, SpacingError> {
    let parts: Vec<&str> = text.split(['x', '×']).collect();
    let part = |which, t: &str| {
        parse_length(t.trim()).map_err(|why| SpacingError::Part {
            which,
            text: text.trim().to_string(),
            why,
        })
    };
    match parts.as_slice() {
        [one] => {
            let l = part("the length", one)?;
            Ok(Spacing { across: l, down: l })
        }
        [a, d] => Ok(Spacing {
            across: part("the first length (across)", a)?,
            down: part("the second length (down)", d)?,
        }),
        _ => Err(SpacingError::NotASpacing(text.trim().to_string())),
    }
}

impl<'de> Deserialize<'de> for Spacing {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Spacing;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(EXPECTED_SPACING)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Spacing, E> {
                parse_spacing(v).map_err(E::custom)
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Spacing, E> {
                self.visit_str(&v.to_string())
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Spacing, E> {
                self.visit_str(&v.to_string())
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Spacing, E> {
                self.visit_str(&v.to_string())
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Spacing, A::Error> {
                // A list is two lengths; say so for one or three (serde's "invalid length 1"
                // reads as a length of 1 mm).
                let two = || {
                    de::Error::custom(
                        "a spacing written as a list is two lengths, across and down (`[30mm, 20mm]`); one length is written alone (`16mm`)",
                    )
                };
                let across: Length = seq.next_element()?.ok_or_else(two)?;
                let down: Length = seq.next_element()?.ok_or_else(two)?;
                if seq.next_element::<Length>()?.is_some() {
                    return Err(two());
                }
                Ok(Spacing { across, down })
            }
        }
        d.deserialize_any(V)
    }
}

/// A point of the lattice: its lattice coordinates, the column (0-based) and row (1-based,
/// from the bottom) it is named by, and its centre (mm from the grid's top left).
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub key: (i64, i64),
    pub col: u32,
    pub row: u32,
    pub x: f64,
    pub y: f64,
}

/// A board's points on its lattice, and the grid's size: half a spacing round the outer
/// points (room for the pieces on them), or round the whole picture.
#[derive(Debug, Clone, Default)]
pub struct Placed {
    /// Top row first, each row from the left.
    pub points: Vec<Point>,
    pub w: f64,
    pub h: f64,
}

/// The extent a lattice is laid out in: lattice coordinates of its left and right, bottom and
/// top.
#[derive(Debug, Clone, Copy)]
pub struct Extent {
    pub u: (i64, i64),
    pub j: (i64, i64),
}

impl Extent {
    pub fn of(keys: &[(i64, i64)]) -> Option<Extent> {
        let u = keys.iter().map(|k| k.0);
        let j = keys.iter().map(|k| k.1);
        Some(Extent {
            u: (u.clone().min()?, u.max()?),
            j: (j.clone().min()?, j.max()?),
        })
    }
    /// Rows it spans.
    pub fn rows(&self) -> i64 {
        self.j.1 - self.j.0 + 1
    }
    /// Points a row of it could hold, side to side.
    pub fn across(&self, lattice: Lattice) -> i64 {
        match lattice {
            Lattice::Square => self.u.1 - self.u.0 + 1,
            _ => (self.u.1 - self.u.0) / 2 + 1,
        }
    }
}

/// Whether a triangular lattice has a point at `(u, j)`: on every other place, each row half a
/// spacing along from the next.
fn on_lattice(u: i64, j: i64) -> bool {
    (u + j).rem_euclid(2) == 0
}

/// Whether `(u, j)` of a hexagonal lattice is the centre of a hexagon (not a point), with the
/// hexagons placed so that the point at `(0, 0)` is a corner, and the hexagon to its right
/// has its centre one spacing along.
fn hex_centre(u: i64, j: i64) -> bool {
    // Axial coordinates: i = (u − j) / 2; centres where i − j ≡ 1 (mod 3).
    ((u - j) / 2 - j).rem_euclid(3) == 1
}

/// The lattice points (`j` up) an outline holds; sizes clamped, so that even an unchecked
/// outline makes a bounded number (the check refuses those past `MAX_POINTS`).
pub fn outline_keys(lattice: Lattice, outline: &Outline) -> Vec<(i64, i64)> {
    let cap = |n: u32| (n as i64).clamp(0, 2 * MAX_POINTS as i64);
    let axial = |i: i64, j: i64| (2 * i + j, j);
    let mut out = Vec::new();
    match (lattice, outline) {
        (Lattice::Hexagonal, Outline::Hexagon(n)) => {
            // Hexagons of centres (a, b) in the hexes' own axial coordinates, two of their
            // sides along the lattice's rows; a hex's centre is at i = a − b, j = a + 2b, and
            // its corners one spacing round it.
            let r = cap(*n) - 1;
            let mut set = BTreeSet::new();
            for a in -r..=r {
                for b in -r..=r {
                    if (a.abs() + b.abs() + (a + b).abs()) / 2 <= r {
                        set.extend(hex_corners(a - b, a + 2 * b));
                    }
                }
            }
            out.extend(set);
        }
        (_, Outline::Star(n)) => {
            let n = cap(*n);
            for j in -2 * n..=2 * n {
                for i in -2 * n..=2 * n {
                    let s = -i - j;
                    let up = i >= -n && j >= -n && s >= -n;
                    let down = i <= n && j <= n && s <= n;
                    if up || down {
                        out.push(axial(i, j));
                    }
                }
            }
        }
        (_, Outline::Hexagon(n)) => {
            let r = cap(*n) - 1;
            for j in -r..=r {
                for i in -r..=r {
                    if (i + j).abs() <= r {
                        out.push(axial(i, j));
                    }
                }
            }
        }
        (_, Outline::Triangle(n)) => {
            let n = cap(*n);
            for j in 0..n {
                for i in 0..n - j {
                    out.push(axial(i, j));
                }
            }
        }
        (_, Outline::Polygon(corners)) => {
            let fine = lattice != Lattice::Square;
            // Across in lattice units: half spacings on the triangular lattices.
            let scale = if fine { 2.0 } else { 1.0 };
            let limit = 4.0 * MAX_POINTS as f64;
            let clamp = |v: f64| match v.is_finite() {
                true => v.clamp(-limit, limit),
                false => 0.0,
            };
            let poly: Vec<(f64, f64)> = corners
                .iter()
                .map(|[x, y]| (clamp(*x) * scale, clamp(*y)))
                .collect();
            // Past what the check allows, nothing: every point is tested against every side.
            let (w, h) = polygon_span(corners);
            let small = w <= MAX_POINTS as f64 && h <= MAX_POINTS as f64;
            let (Some(box_), true) = (
                bounds(&poly),
                (3..=MAX_CORNERS).contains(&poly.len()) && small,
            ) else {
                return out;
            };
            for j in box_.2.floor() as i64..=box_.3.ceil() as i64 {
                for u in box_.0.floor() as i64..=box_.1.ceil() as i64 {
                    if fine && !on_lattice(u, j) {
                        continue;
                    }
                    // Each unit of `j` is a row; across, `u` / `scale` spacings: measured in
                    // spacings both ways, so the boundary's tolerance is the same each way.
                    if inside(&poly, u as f64, j as f64, scale) {
                        out.push((u, j));
                    }
                }
            }
        }
    }
    if lattice == Lattice::Hexagonal && !matches!(outline, Outline::Hexagon(_)) {
        out.retain(|&(u, j)| !hex_centre(u, j));
    }
    out
}

/// The lattice points (`j` up) at the corners of the hexagon centred at axial (`i`, `j`) of a
/// hexagonal lattice, one spacing round its centre.
pub fn hex_corners(i: i64, j: i64) -> impl Iterator<Item = (i64, i64)> {
    let around = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];
    around
        .map(|(di, dj)| (2 * (i + di) + j + dj, j + dj))
        .into_iter()
}

/// How far a polygon's corners reach: spacings across and rows up (infinite when a corner is
/// not a number).
pub fn polygon_span(corners: &[[f64; 2]]) -> (f64, f64) {
    let poly: Vec<(f64, f64)> = corners.iter().map(|[x, y]| (*x, *y)).collect();
    match bounds(&poly) {
        Some((l, r, b, t)) if (r - l).is_finite() && (t - b).is_finite() => (r - l, t - b),
        Some(_) => (f64::INFINITY, f64::INFINITY),
        None => (0.0, 0.0),
    }
}

/// The smallest box round `poly`: left, right, bottom, top.
fn bounds(poly: &[(f64, f64)]) -> Option<(f64, f64, f64, f64)> {
    let first = poly.first()?;
    Some(poly.iter().fold(
        (first.0, first.0, first.1, first.1),
        |(l, r, b, t), &(x, y)| (l.min(x), r.max(x), b.min(y), t.max(y)),
    ))
}

/// Whether (`x`, `y`) is inside `poly` or on its edge (within a thousandth of a spacing);
/// `scale` lattice units across make a spacing.
fn inside(poly: &[(f64, f64)], x: f64, y: f64, scale: f64) -> bool {
    const NEAR: f64 = 1e-3;
    let n = poly.len();
    let mut crossings = false;
    for k in 0..n {
        let (a, b) = (poly[k], poly[(k + 1) % n]);
        // On the edge: the distance to the segment, measured in spacings.
        let (ax, ay, bx, by, px) = (a.0 / scale, a.1, b.0 / scale, b.1, x / scale);
        let (dx, dy) = (bx - ax, by - ay);
        let len2 = dx * dx + dy * dy;
        let t = match len2 > 0.0 {
            true => (((px - ax) * dx + (y - ay) * dy) / len2).clamp(0.0, 1.0),
            false => 0.0,
        };
        if (px - ax - t * dx).hypot(y - ay - t * dy) < NEAR {
            return true;
        }
        if (a.1 > y) != (b.1 > y) {
            let cross = a.0 + (y - a.1) / (b.1 - a.1) * (b.0 - a.0);
            if x < cross {
                crossings = !crossings;
            }
        }
    }
    crossings
}

/// The columns (0-based) points are named by on a triangular or hexagonal lattice: the
/// straight lines of points that slant up to the left, `a` the first that has a point, as
/// Abalone names its diagonals (and a `hex-board`'s hexagon of hexes its columns).
pub fn slanted_column(key: (i64, i64), first: i64) -> u32 {
    ((key.0 + key.1 - first) / 2).max(0) as u32
}

/// Lays out `keys` on `lattice` within `extent`: the grid is half a spacing larger than the
/// extent on every side; each point named by its column and its row from the bottom of the
/// extent (square) or of the points (the others).
pub fn place(lattice: Lattice, spacing: Spacing, keys: &[(i64, i64)], extent: Extent) -> Placed {
    let (sx, sy) = (spacing.across.mm(), spacing.down.mm());
    let mut keys = keys.to_vec();
    // Top row first, each from the left.
    keys.sort_by_key(|&(u, j)| (-j, u));
    keys.dedup();
    let points = match lattice {
        Lattice::Square => keys
            .iter()
            .map(|&(u, j)| Point {
                key: (u, j),
                col: (u - extent.u.0) as u32,
                row: (j - extent.j.0 + 1) as u32,
                x: ((u - extent.u.0) as f64 + 0.5) * sx,
                y: ((extent.j.1 - j) as f64 + 0.5) * sy,
            })
            .collect(),
        _ => {
            let first = keys.iter().map(|k| k.0 + k.1).min().unwrap_or(0);
            let bottom = keys.iter().map(|k| k.1).min().unwrap_or(0);
            keys.iter()
                .map(|&(u, j)| Point {
                    key: (u, j),
                    col: slanted_column((u, j), first),
                    row: (j - bottom + 1) as u32,
                    x: sx / 2.0 + (u - extent.u.0) as f64 * sx / 2.0,
                    y: sx / 2.0 + (extent.j.1 - j) as f64 * sx * ROW,
                })
                .collect()
        }
    };
    let (w, h) = match lattice {
        Lattice::Square => (
            (extent.u.1 - extent.u.0 + 1) as f64 * sx,
            (extent.j.1 - extent.j.0 + 1) as f64 * sy,
        ),
        _ => (
            (extent.u.1 - extent.u.0) as f64 * sx / 2.0 + sx,
            (extent.j.1 - extent.j.0) as f64 * sx * ROW + sx,
        ),
    };
    Placed { points, w, h }
}

/// A step from a point to the neighbour a line joins it to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Step {
    /// In lattice coordinates (`j` up).
    pub by: (i64, i64),
    /// Only from the points whose column and row add up to an even number (Alquerque's
    /// diagonals).
    pub alternate: bool,
}

impl Step {
    pub fn every(by: (i64, i64)) -> Step {
        Step {
            by,
            alternate: false,
        }
    }
}

/// The pairs of points (indices into `points`) that lines join: each point to its neighbour
/// one step along each of `steps`, each pair once, in order. On a square lattice a diagonal
/// step crosses a square of the lattice, and is joined only where all four corners are points
/// (not across the notch of a cross).
pub fn neighbours(lattice: Lattice, points: &[Point], steps: &[Step]) -> Vec<(usize, usize)> {
    let index: BTreeMap<(i64, i64), usize> =
        points.iter().enumerate().map(|(i, p)| (p.key, i)).collect();
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for (i, p) in points.iter().enumerate() {
        let (u, j) = p.key;
        let even = (p.col + p.row + 1) % 2 == 0;
        for &(du, dj) in steps.iter().filter(|s| even || !s.alternate).map(|s| &s.by) {
            let Some(&k) = index.get(&(u + du, j + dj)) else {
                continue;
            };
            let square = lattice != Lattice::Square
                || du == 0
                || dj == 0
                || (index.contains_key(&(u + du, j)) && index.contains_key(&(u, j + dj)));
            let pair = (i.min(k), i.max(k));
            if square && i != k && seen.insert(pair) {
                out.push(pair);
            }
        }
    }
    out
}

/// The lines a seam may follow when the board is printed in parts: half way across each of
/// the widest gaps between the points' columns (or rows), and the grid's edges.
pub fn seams(centres: impl Iterator<Item = f64>, from: f64, to: f64) -> Vec<f64> {
    let mut at: Vec<f64> = centres.collect();
    at.sort_by(f64::total_cmp);
    at.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
    let gaps: Vec<(f64, f64)> = at.windows(2).map(|w| (w[0], w[1])).collect();
    let widest = gaps.iter().map(|(a, b)| b - a).fold(0.0, f64::max);
    let mut out = vec![from];
    out.extend(
        gaps.iter()
            .filter(|(a, b)| b - a >= widest * 0.75)
            .map(|(a, b)| (a + b) / 2.0),
    );
    out.push(to);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn distance(a: &Point, b: &Point) -> f64 {
        (a.x - b.x).hypot(a.y - b.y)
    }

    fn laid(lattice: Lattice, outline: Outline, s: f64) -> Placed {
        let keys = outline_keys(lattice, &outline);
        let spacing = Spacing {
            across: Length(s),
            down: Length(s),
        };
        place(lattice, spacing, &keys, Extent::of(&keys).unwrap())
    }

    #[test]
    fn a_star_of_4_has_121_points_on_17_rows_its_neighbours_all_one_spacing_apart() {
        let p = laid(Lattice::Triangular, Outline::Star(4), 10.0);
        assert_eq!(p.points.len(), 121);
        let mut rows = BTreeMap::new();
        for q in &p.points {
            *rows.entry(q.row).or_insert(0) += 1;
        }
        let counts: Vec<u32> = rows.values().copied().collect();
        assert_eq!(
            counts,
            [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
        );
        let steps = [(2, 0), (1, 1), (1, -1)].map(Step::every);
        let lines = neighbours(Lattice::Triangular, &p.points, &steps);
        for &(a, b) in &lines {
            assert!((distance(&p.points[a], &p.points[b]) - 10.0).abs() < 1e-9);
        }
        // Every pair one spacing apart is joined.
        let close = (0..p.points.len())
            .flat_map(|a| (a + 1..p.points.len()).map(move |b| (a, b)))
            .filter(|&(a, b)| distance(&p.points[a], &p.points[b]) < 10.5)
            .count();
        assert_eq!(lines.len(), close);
        // 12 across and 16 rows of √3/2 up, half a spacing round.
        assert!((p.w - 130.0).abs() < 1e-9, "{}", p.w);
        assert!((p.h - (160.0 * ROW + 10.0)).abs() < 1e-9, "{}", p.h);
    }

    #[test]
    fn hexagons_triangles_and_polygons_hold_their_points() {
        let count = |l, o| outline_keys(l, &o).len();
        assert_eq!(count(Lattice::Triangular, Outline::Hexagon(5)), 61);
        assert_eq!(count(Lattice::Triangular, Outline::Triangle(5)), 15);
        let triangle = Outline::Polygon(vec![[0.0, 0.0], [4.0, 0.0], [2.0, 4.0]]);
        assert_eq!(count(Lattice::Triangular, triangle), 15);
        let square = Outline::Polygon(vec![[0.0, 0.0], [4.0, 0.0], [4.0, 2.0], [0.0, 2.0]]);
        assert_eq!(count(Lattice::Square, square), 15);
        // A hexagon of 3 hexes a side: 19 hexes, 54 corners, 72 sides.
        let p = laid(Lattice::Hexagonal, Outline::Hexagon(3), 10.0);
        assert_eq!(p.points.len(), 54);
        let steps = [(2, 0), (1, 1), (1, -1)].map(Step::every);
        assert_eq!(neighbours(Lattice::Hexagonal, &p.points, &steps).len(), 72);
    }

    #[test]
    fn a_star_is_named_along_its_rows_and_the_columns_that_slant_up_to_the_left() {
        let p = laid(Lattice::Triangular, Outline::Star(4), 10.0);
        let name = |q: &Point| crate::kinds::spaces::space_name(q.col, q.row);
        let names: BTreeSet<String> = p.points.iter().map(name).collect();
        assert_eq!(names.len(), 121);
        // The bottom point, the left end of the lower wide row, the centre and the top.
        let bottom = p.points.iter().max_by(|a, b| a.y.total_cmp(&b.y)).unwrap();
        assert_eq!(name(bottom), "e1");
        for n in ["a5", "i9", "m17", "q13"] {
            assert!(names.contains(n), "{n}");
        }
    }

    #[test]
    fn spacings_take_one_length_or_two() {
        let s = parse_spacing("8mm x 13.86mm").unwrap();
        assert_eq!((s.across.mm(), s.down.mm()), (8.0, 13.86));
        assert!(parse_spacing("16mm").unwrap() == parse_spacing("16").unwrap());
        let e = parse_spacing("8mm x 13.86 furlongs")
            .unwrap_err()
            .to_string();
        assert!(e.contains("second length"), "{e}");
        assert!(parse_spacing("1 x 2 x 3").is_err());
    }

    #[test]
    fn a_polygon_with_huge_corners_makes_a_bounded_lattice() {
        let huge = Outline::Polygon(vec![[-1e12, -1e12], [1e12, -1e12], [0.0, 1e12]]);
        assert!(outline_keys(Lattice::Triangular, &huge).len() < 200_000);
        assert!(outline_keys(Lattice::Triangular, &Outline::Star(u32::MAX)).len() < 200_000);
    }
}
