//! What is done with a cut path (`Outline`): filled as a face's background (grown by the bleed)
//! and stroked as its border, measured for the room inside it that content may use, turned over
//! for a back, and followed by the sheet's cut line and an image's mask.
use svg::node::element::{ClipPath, Definitions, Group, Path};
use vello_cpu::kurbo::{self, Affine, BezPath, PathEl, Shape as _};

use super::shape::Shape;
use super::units::n;

/// The path a piece is cut along, in the piece's millimetres (origin at its top-left corner).
#[derive(Debug, Clone, PartialEq)]
pub enum Outline {
    Rect,
    /// A rectangle with corners of this radius.
    Rounded(f64),
    /// The circle (ellipse) inscribed in the piece's box.
    Circle,
    /// A closed polygon (a hexagon, a regular polygon, a die's net with its tabs).
    Polygon(Vec<(f64, f64)>),
    /// A closed path of lines and curves (a custom `shape: {path: …}`, a tuck box's net).
    Path(std::sync::Arc<PathOutline>),
}

impl Outline {
    /// The outline of a `w`×`h` piece of `shape`: rounded corners are 5 % of its shorter side.
    pub fn of_shape(shape: Shape, w: f64, h: f64) -> Outline {
        match shape {
            Shape::Square => Outline::Rect,
            Shape::Round => Outline::Circle,
            Shape::Rounded => Outline::Rounded(w.min(h) * 0.05),
            Shape::Hex { .. } | Shape::Polygon { .. } => {
                Outline::Polygon(shape.corners(w, h).unwrap_or_default())
            }
            Shape::Path(custom) => Outline::Path(custom.outline.clone()),
        }
    }

    /// The area it encloses in a `w`×`h` box (mm²).
    pub fn area(&self, w: f64, h: f64) -> f64 {
        match self {
            Outline::Rect => w * h,
            Outline::Rounded(r) => w * h - (4.0 - std::f64::consts::PI) * r * r,
            Outline::Circle => std::f64::consts::PI * w * h / 4.0,
            Outline::Polygon(p) => {
                let twice: f64 = p
                    .iter()
                    .zip(p.iter().cycle().skip(1))
                    .map(|(a, b)| a.0 * b.1 - b.0 * a.1)
                    .sum();
                twice.abs() / 2.0
            }
            Outline::Path(p) => vello_cpu::kurbo::Shape::area(&p.path).abs(),
        }
    }
}

/// How close to a straight line a curve is followed where an outline is measured (mm).
const FLATTEN_MM: f64 = 0.05;

/// A closed path of lines and curves, with what measuring it needs, worked out once.
#[derive(Debug, Clone)]
pub struct PathOutline {
    pub path: BezPath,
    /// The path followed by straight lines (`FLATTEN_MM`).
    pub points: Vec<(f64, f64)>,
    /// The largest upright square inside it: where content goes.
    pub safe: Square,
}

impl PartialEq for PathOutline {
    fn eq(&self, other: &Self) -> bool {
        self.path == other.path
    }
}

/// An upright square: its centre and half its side (mm).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Square {
    pub cx: f64,
    pub cy: f64,
    pub half: f64,
}

impl PathOutline {
    pub fn new(path: BezPath) -> PathOutline {
        let mut points = Vec::new();
        kurbo::flatten(path.iter(), FLATTEN_MM, |el| match el {
            PathEl::MoveTo(p) | PathEl::LineTo(p) => points.push((p.x, p.y)),
            _ => {}
        });
        // The closing point repeats the first.
        if points.len() > 1 && points.first() == points.last() {
            points.pop();
        }
        let safe = inscribed_square(&points);
        PathOutline { path, points, safe }
    }

    /// The same outline turned over left to right in a box `w` wide.
    fn mirrored(&self, w: f64) -> PathOutline {
        let flip = Affine::new([-1.0, 0.0, 0.0, 1.0, w, 0.0]);
        PathOutline {
            path: flip * self.path.clone(),
            points: self.points.iter().map(|&(x, y)| (w - x, y)).collect(),
            safe: Square {
                cx: w - self.safe.cx,
                ..self.safe
            },
        }
    }
}

impl Outline {
    /// Whether it is cut straight along its box, as crop marks show (a rectangle, rounded or
    /// not); the others are cut along a printed line (a circle along its face's border).
    pub fn is_box(&self) -> bool {
        matches!(self, Outline::Rect | Outline::Rounded(_))
    }

    /// Whether the sheet prints its cut line: a polygon or a path, which crop marks at its box's
    /// corners would not show.
    pub fn is_cut_along(&self) -> bool {
        matches!(self, Outline::Polygon(_) | Outline::Path(_))
    }

    /// The outline turned over left to right in a `w` wide box: a back's, so that printed
    /// behind its front (mirrored on the sheet) it fills the same piece.
    pub fn mirrored(&self, w: f64) -> Outline {
        match self {
            Outline::Polygon(p) => Outline::Polygon(p.iter().map(|&(x, y)| (w - x, y)).collect()),
            Outline::Path(p) => Outline::Path(std::sync::Arc::new(p.mirrored(w))),
            other => other.clone(),
        }
    }

    /// Its path in a `w`×`h` box.
    pub fn bez_path(&self, w: f64, h: f64) -> BezPath {
        match self {
            Outline::Rect => kurbo::Rect::new(0.0, 0.0, w, h).to_path(0.01),
            Outline::Rounded(r) => kurbo::RoundedRect::new(0.0, 0.0, w, h, *r).to_path(0.01),
            Outline::Circle => {
                kurbo::Ellipse::from_rect(kurbo::Rect::new(0.0, 0.0, w, h)).to_path(0.01)
            }
            Outline::Polygon(p) => polygon_path(p),
            Outline::Path(p) => p.path.clone(),
        }
    }

    /// Its corners, or its path followed by straight lines; `None` for a rectangle or circle.
    pub fn points(&self) -> Option<&[(f64, f64)]> {
        match self {
            Outline::Polygon(p) => Some(p),
            Outline::Path(p) => Some(&p.points),
            _ => None,
        }
    }

    /// The largest upright square inside it, in a `w`×`h` box.
    pub fn safe_square(&self, w: f64, h: f64) -> Square {
        match self {
            Outline::Path(p) => p.safe,
            Outline::Polygon(p) => inscribed_square(p),
            Outline::Circle => Square {
                cx: w / 2.0,
                cy: h / 2.0,
                half: w.min(h) / 2.0 / std::f64::consts::SQRT_2,
            },
            Outline::Rect | Outline::Rounded(_) => Square {
                cx: w / 2.0,
                cy: h / 2.0,
                half: w.min(h) / 2.0,
            },
        }
    }

    /// Where a line across it at height `y` is inside it: the stretch nearest `x` (a custom
    /// outline may be crossed more than once). `None` for a rectangle or circle, or off it.
    pub fn span_at(&self, y: f64, x: f64) -> Option<(f64, f64)> {
        let p = self.points()?;
        let mut xs: Vec<f64> = p
            .iter()
            .zip(p.iter().cycle().skip(1))
            .filter(|(a, b)| (a.1 <= y) != (b.1 <= y))
            .map(|(a, b)| a.0 + (y - a.1) * (b.0 - a.0) / (b.1 - a.1))
            .collect();
        xs.sort_by(f64::total_cmp);
        let spans = xs.chunks_exact(2).map(|s| (s[0], s[1]));
        spans.min_by(|a, b| {
            let off = |s: &(f64, f64)| (s.0 - x).max(x - s.1).max(0.0);
            off(a).total_cmp(&off(b))
        })
    }
}

/// SVG path data of `path`, numbers as faces write them.
pub fn path_data(path: &BezPath) -> String {
    let pt = |p: kurbo::Point| format!("{} {}", n(p.x), n(p.y));
    let mut d = String::new();
    for el in path.elements() {
        if !d.is_empty() {
            d.push(' ');
        }
        match el {
            PathEl::MoveTo(p) => d.push_str(&format!("M{}", pt(*p))),
            PathEl::LineTo(p) => d.push_str(&format!("L{}", pt(*p))),
            PathEl::QuadTo(a, p) => d.push_str(&format!("Q{} {}", pt(*a), pt(*p))),
            PathEl::CurveTo(a, b, p) => d.push_str(&format!("C{} {} {}", pt(*a), pt(*b), pt(*p))),
            PathEl::ClosePath => d.push('Z'),
        }
    }
    d
}

/// The closed path through the corners `p`.
pub fn polygon_path(p: &[(f64, f64)]) -> BezPath {
    let mut path = BezPath::new();
    for (i, &(x, y)) in p.iter().enumerate() {
        match i {
            0 => path.move_to((x, y)),
            _ => path.line_to((x, y)),
        }
    }
    path.close_path();
    path
}

/// The outline `d` mm inside itself, in a `w`×`h` box: where `--guides` draws the safe zone.
/// A polygon's sides move in (a custom path's, followed by straight lines, as if convex).
pub fn inside(outline: &Outline, w: f64, h: f64, d: f64) -> BezPath {
    let inner = kurbo::Rect::new(d, d, (w - d).max(d), (h - d).max(d));
    match outline {
        Outline::Rect => inner.to_path(0.01),
        Outline::Rounded(r) => kurbo::RoundedRect::from_rect(inner, (r - d).max(0.0)).to_path(0.01),
        Outline::Circle => kurbo::Ellipse::from_rect(inner).to_path(0.01),
        Outline::Polygon(p) => polygon_path(&inset(p, d)),
        Outline::Path(p) => polygon_path(&inset(&p.points, d)),
    }
}

/// The face's background filling `outline` (of a `w`×`h` piece) and `bleed` mm around it.
pub fn fill(outline: &Outline, w: f64, h: f64, bleed: f64, color: &str) -> Path {
    let path = Path::new()
        .set("d", path_data(&outline.bez_path(w, h)))
        .set("fill", color);
    match bleed > 0.0 {
        // A stroke as wide as twice the bleed, round at the corners: the outline grown by it.
        true => path
            .set("stroke", color)
            .set("stroke-width", n(2.0 * bleed))
            .set("stroke-linejoin", "round"),
        false => path,
    }
}

/// A border `stroke` mm wide just inside `outline`: a polygon's sides moved in by half the
/// stroke; a path's stroke twice as wide, clipped to the path.
pub fn border(outline: &Outline, w: f64, h: f64, stroke: f64, color: &str) -> Group {
    match outline {
        Outline::Polygon(p) => {
            let inner = inset(p, stroke / 2.0);
            Group::new().add(
                Path::new()
                    .set("d", path_data(&polygon_path(&inner)))
                    .set("fill", "none")
                    .set("stroke", color)
                    .set("stroke-width", n(stroke))
                    .set("stroke-linejoin", "miter"),
            )
        }
        other => {
            let d = path_data(&other.bez_path(w, h));
            let clip = ClipPath::new()
                .set("id", "cut")
                .add(Path::new().set("d", d.as_str()));
            Group::new().add(Definitions::new().add(clip)).add(
                Path::new()
                    .set("d", d)
                    .set("fill", "none")
                    .set("stroke", color)
                    .set("stroke-width", n(2.0 * stroke))
                    .set("clip-path", "url(#cut)"),
            )
        }
    }
}

/// A convex polygon with every side moved `d` towards its inside (its corners mitred).
pub fn inset(p: &[(f64, f64)], d: f64) -> Vec<(f64, f64)> {
    let count = p.len();
    if count < 3 {
        return p.to_vec();
    }
    // Which side of an edge is inside: the polygon's turning direction says.
    let twice: f64 = (0..count)
        .map(|i| {
            let (a, b) = (p[i], p[(i + 1) % count]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum();
    let turn = twice.signum();
    let normal = |a: (f64, f64), b: (f64, f64)| {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = dx.hypot(dy).max(1e-12);
        // Inward: left of a→b in y-down coordinates when the polygon turns clockwise.
        (-dy * turn / len, dx * turn / len)
    };
    (0..count)
        .map(|i| {
            let prev = p[(i + count - 1) % count];
            let (here, next) = (p[i], p[(i + 1) % count]);
            let (n1, n2) = (normal(prev, here), normal(here, next));
            let k = d / (1.0 + n1.0 * n2.0 + n1.1 * n2.1).max(1e-6);
            (here.0 + (n1.0 + n2.0) * k, here.1 + (n1.1 + n2.1) * k)
        })
        .collect()
}

/// Whether `q` is inside the polygon `p` (even-odd).
fn contains(p: &[(f64, f64)], q: (f64, f64)) -> bool {
    let mut inside = false;
    for (a, b) in p.iter().zip(p.iter().cycle().skip(1)) {
        if (a.1 > q.1) != (b.1 > q.1) && q.0 < a.0 + (q.1 - a.1) * (b.0 - a.0) / (b.1 - a.1) {
            inside = !inside;
        }
    }
    inside
}

/// Whether segment a–b meets the box x0..x1 × y0..y1 (Liang–Barsky).
fn meets(a: (f64, f64), b: (f64, f64), x0: f64, y0: f64, x1: f64, y1: f64) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, a.0 - x0),
        (dx, x1 - a.0),
        (-dy, a.1 - y0),
        (dy, y1 - a.1),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

/// Whether the square of half-side `half` about `c` lies inside polygon `p`: its centre is,
/// and no side of `p` reaches into it.
fn square_fits(p: &[(f64, f64)], c: (f64, f64), half: f64) -> bool {
    let (x0, y0, x1, y1) = (c.0 - half, c.1 - half, c.0 + half, c.1 + half);
    contains(p, c)
        && !p
            .iter()
            .zip(p.iter().cycle().skip(1))
            .any(|(a, b)| meets(*a, *b, x0, y0, x1, y1))
}

/// The largest square about `c` inside `p`, to a micrometre.
pub fn largest_about(p: &[(f64, f64)], c: (f64, f64), most: f64) -> f64 {
    if !contains(p, c) {
        return 0.0;
    }
    let (mut lo, mut hi) = (0.0, most);
    // Halving to a micrometre, 64 times at most: past 10^13 mm, f64 cannot halve a gap to a
    // micrometre and the search never ended (paths are bounded before; this is a backstop).
    for _ in 0..64 {
        if hi - lo <= 1e-3 {
            break;
        }
        let mid = (lo + hi) / 2.0;
        if square_fits(p, c, mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The largest upright square inside polygon `p`: the best of a grid of centres, refined
/// twice around the best.
pub fn inscribed_square(p: &[(f64, f64)]) -> Square {
    let (x0, y0) = p.iter().fold((f64::INFINITY, f64::INFINITY), |m, q| {
        (m.0.min(q.0), m.1.min(q.1))
    });
    let (x1, y1) = p
        .iter()
        .fold((f64::NEG_INFINITY, f64::NEG_INFINITY), |m, q| {
            (m.0.max(q.0), m.1.max(q.1))
        });
    if !(x1 > x0 && y1 > y0) {
        return Square {
            cx: 0.0,
            cy: 0.0,
            half: 0.0,
        };
    }
    let most = (x1 - x0).min(y1 - y0) / 2.0;
    let mut best = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let mut best_half = largest_about(p, best, most);
    let (mut sx, mut sy) = ((x1 - x0) / 10.0, (y1 - y0) / 10.0);
    for round in 0..3 {
        let reach = if round == 0 { 5 } else { 2 };
        let around = best;
        for i in -reach..=reach {
            for j in -reach..=reach {
                let c = (around.0 + i as f64 * sx, around.1 + j as f64 * sy);
                let half = largest_about(p, c, most);
                if half > best_half + 1e-9 {
                    (best, best_half) = (c, half);
                }
            }
        }
        (sx, sy) = (sx / 4.0, sy / 4.0);
    }
    Square {
        cx: best.0,
        cy: best.1,
        half: best_half,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Shape;

    #[test]
    fn a_pointy_hex_holds_a_square_as_wide_as_its_flats_allow() {
        let hex = Shape::named("hex").unwrap();
        let (w, h) = hex.piece_box(30.0).unwrap();
        let outline = Outline::of_shape(hex, w, h);
        let sq = outline.safe_square(w, h);
        // Corners of the square on the slanted sides: half = R√3 / (1 + √3), R = F / √3.
        let want = 30.0 / (1.0 + 3f64.sqrt());
        assert!((sq.half - want).abs() < 0.01, "{sq:?} want {want}");
        assert!((sq.cx - w / 2.0).abs() < 0.01 && (sq.cy - h / 2.0).abs() < 0.01);
        // Across the middle the hex is its width.
        let (a, b) = outline.span_at(h / 2.0, w / 2.0).unwrap();
        assert!(a.abs() < 1e-9 && (b - w).abs() < 1e-9);
    }

    #[test]
    fn the_largest_square_of_a_huge_outline_is_found_in_bounded_time() {
        // On a thread of its own: the search never ended at this scale.
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let huge = [(0.0, 0.0), (1e14, 0.0), (1e14, 1e14)];
            let _ = tx.send(inscribed_square(&huge));
        });
        let sq = rx
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("found in time");
        assert!(sq.half > 1e12 && sq.half.is_finite(), "{sq:?}");
    }

    #[test]
    fn an_inset_polygon_keeps_its_sides_parallel_at_the_distance() {
        let square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
        let inner = inset(&square, 1.0);
        assert_eq!(inner, vec![(1.0, 1.0), (9.0, 1.0), (9.0, 9.0), (1.0, 9.0)]);
        // Either way round.
        let mut back = square.to_vec();
        back.reverse();
        let inner = inset(&back, 1.0);
        assert!(inner.contains(&(1.0, 1.0)) && inner.contains(&(9.0, 9.0)));
    }

    #[test]
    fn a_back_is_its_front_turned_over() {
        let tri = Outline::Polygon(vec![(0.0, 0.0), (30.0, 0.0), (0.0, 20.0)]);
        assert_eq!(
            tri.mirrored(30.0),
            Outline::Polygon(vec![(30.0, 0.0), (0.0, 0.0), (30.0, 20.0)])
        );
        let custom = crate::base::shape::CustomPath::parse("M0 0 L30 0 L0 20 Z").unwrap();
        let Outline::Path(p) = Outline::Path(custom.outline.clone()).mirrored(30.0) else {
            panic!()
        };
        assert!(
            p.points.contains(&(30.0, 20.0)) && p.safe.cx > 15.0,
            "{p:?}"
        );
    }
}
