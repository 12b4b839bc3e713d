//! The crop marks of a page. Every piece gets a short mark continuing each of its cut lines at
//! each corner (`furniture::crop_marks`); a mark that would lie on or over another piece (or the
//! calibration square) is dropped, and marks shared by two pieces are printed once. For pieces
//! packed edge to edge this leaves exactly the marks of a guillotine sheet: each column and row
//! boundary continued outward, just outside the block, and nothing inside it.
//!
//! A piece cut along a polygon or a path (a hexagon, a custom outline, a die's net) gets no
//! crop marks: its cut line is printed along its outline (`cut_lines`), each side shared by two
//! hexes once.
use vello_cpu::kurbo::{BezPath, Point};

use super::furniture::crop_marks;
use super::{LayoutOptions, Page, Placement, Rect, calibration_on};
use crate::kinds::Outline;

/// A mark: a line segment (x1, y1, x2, y2) in page millimetres.
pub type Mark = (f64, f64, f64, f64);

/// How close a mark may come to a piece it does not belong to (mm): it must not print on its
/// cut edge either.
const CLEARANCE: f64 = 0.3;

/// Whether segment `m` touches rectangle `r` grown by `CLEARANCE`.
fn touches(m: &Mark, r: &Rect) -> bool {
    let (x0, x1) = (m.0.min(m.2), m.0.max(m.2));
    let (y0, y1) = (m.1.min(m.3), m.1.max(m.3));
    x0 < r.right() + CLEARANCE
        && x1 > r.x - CLEARANCE
        && y0 < r.bottom() + CLEARANCE
        && y1 > r.y - CLEARANCE
}

/// The crop marks of a front (or gutter-fold) page, deduplicated, in placement order.
pub fn page_marks(page: &Page, opt: &LayoutOptions) -> Vec<Mark> {
    marks_but(page, opt, &|_| false)
}

/// `page_marks`, but none for the placements `along` says are cut along a printed line (they
/// still keep other pieces' marks off them).
pub fn marks_but(
    page: &Page,
    opt: &LayoutOptions,
    along: &dyn Fn(&Placement) -> bool,
) -> Vec<Mark> {
    let calibration = calibration_on(page, opt);
    let rects: Vec<Rect> = page.placements.iter().map(|p| p.rect).collect();
    let mut marks: Vec<Mark> = Vec::new();
    for (p, r) in page.placements.iter().zip(&rects) {
        if along(p) {
            continue;
        }
        for m in crop_marks(r, opt) {
            let blocked = calibration.is_some_and(|c| touches(&m, &c))
                || rects.iter().any(|o| touches(&m, o));
            let seen = marks.iter().any(|k| same(k, &m));
            if !blocked && !seen {
                marks.push(m);
            }
        }
    }
    marks
}

fn same(a: &Mark, b: &Mark) -> bool {
    let close = |p: f64, q: f64| (p - q).abs() < 1e-6;
    close(a.0, b.0) && close(a.1, b.1) && close(a.2, b.2) && close(a.3, b.3)
}

/// The cut lines printed along outlines on a page, in page millimetres.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct CutLines {
    /// The sides of polygons, each once: where two hexes share a side, one line.
    pub segments: Vec<Mark>,
    /// Outlines with curves, whole.
    pub paths: Vec<BezPath>,
}

/// The cut lines of the placements whose cut (`cut_of`) is a polygon or a path; with `every`,
/// of every placement (`--cuts lines`): a rectangle's or a card's four sides (a shared side
/// once), a circle whole.
pub fn cut_lines<'o>(
    page: &Page,
    cut_of: &dyn Fn(&Placement) -> Option<&'o Outline>,
    every: bool,
) -> CutLines {
    let mut lines = CutLines::default();
    let push = |lines: &mut CutLines, m: Mark| {
        let reversed = (m.2, m.3, m.0, m.1);
        let seen = lines
            .segments
            .iter()
            .any(|k| same(k, &m) || same(k, &reversed));
        if !seen {
            lines.segments.push(m);
        }
    };
    for p in &page.placements {
        // A piece printed turned (a triangle pointing down, a piece turned a quarter to fit) is
        // cut along its turned outline, as its face is drawn.
        let to_page = p.to_page();
        let (w, h) = p.piece_size();
        match cut_of(p) {
            Some(Outline::Polygon(corners)) => {
                let corners: Vec<Point> = corners
                    .iter()
                    .map(|&(cx, cy)| to_page * Point::new(cx, cy))
                    .collect();
                let sides = corners.iter().zip(corners.iter().cycle().skip(1));
                for (a, b) in sides {
                    push(&mut lines, (a.x, a.y, b.x, b.y));
                }
            }
            Some(Outline::Path(path)) => lines.paths.push(to_page * path.path.clone()),
            Some(Outline::Circle) if every => {
                lines.paths.push(to_page * Outline::Circle.bez_path(w, h))
            }
            // A guillotine cuts a card straight; its corners are rounded after.
            _ if every => {
                let r = &p.rect;
                for m in [
                    (r.x, r.y, r.right(), r.y),
                    (r.right(), r.y, r.right(), r.bottom()),
                    (r.x, r.bottom(), r.right(), r.bottom()),
                    (r.x, r.y, r.x, r.bottom()),
                ] {
                    push(&mut lines, m);
                }
            }
            _ => {}
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{A4, PageSide, Placement};

    fn placed(x: f64, y: f64, w: f64, h: f64) -> Placement {
        Placement {
            piece: 0,
            face: 0,
            rect: Rect { x, y, w, h },
            turned: false,
            quarter: false,
            part: None,
        }
    }

    #[test]
    fn a_butted_pair_has_marks_only_outside_it_on_all_three_column_lines() {
        let opt = LayoutOptions::new(A4);
        let page = Page {
            side: PageSide::Front,
            placements: vec![
                placed(20.0, 20.0, 60.0, 90.0),
                placed(80.0, 20.0, 60.0, 90.0),
            ],
            captions: Default::default(),
            calibration: true,
        };
        let marks = page_marks(&page, &opt);
        // 3 column lines × 2 ends + 2 row lines × 2 ends.
        assert_eq!(marks.len(), 10, "{marks:?}");
        for m in &marks {
            for p in &page.placements {
                assert!(!touches(m, &p.rect), "{m:?} over {:?}", p.rect);
            }
        }
        for x in [20.0, 80.0, 140.0] {
            assert!(
                marks
                    .iter()
                    .any(|m| m.0 == x && m.2 == x && m.1.max(m.3) < 20.0),
                "a mark above the block on x = {x}"
            );
        }
    }
}
