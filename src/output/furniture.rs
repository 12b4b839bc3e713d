//! What a sheet carries besides the pieces: crop marks outside every cut, group captions, marks
//! on split parts, and the footer (calibration square, credits, page n of N). Drawn as one SVG
//! per page in millimetres, so it goes through the same font and text path as the faces.
use crate::draw::canvas::{Anchor, Canvas, line, n, rect, text};
use crate::draw::text::{Font, fit};

use super::layout::{LayoutOptions, MARK_OFFSET, Page, PageSide, Rect};

/// Credits printed on every sheet.
#[derive(Debug, Clone)]
pub struct Credits {
    pub title: String,
    pub line: String,
}

const MARK_COLOR: &str = "#000000";
const MARK_WIDTH: f64 = 0.2;

/// The crop marks of one cut rectangle: two short lines at each corner, continuing the cut lines
/// outward, starting `bleed + MARK_OFFSET` from the corner and ending before half the gap, so
/// they never reach a neighbouring piece.
pub fn crop_marks(r: &Rect, opt: &LayoutOptions) -> Vec<(f64, f64, f64, f64)> {
    let start = opt.bleed + MARK_OFFSET;
    let end = opt.effective_gap() / 2.0 - 0.25;
    let mut marks = Vec::with_capacity(8);
    for (cx, sx) in [(r.x, -1.0), (r.right(), 1.0)] {
        for (cy, sy) in [(r.y, -1.0), (r.bottom(), 1.0)] {
            // Horizontal mark on the horizontal cut line, outside the vertical edge.
            marks.push((cx + sx * start, cy, cx + sx * end, cy));
            // Vertical mark on the vertical cut line, outside the horizontal edge.
            marks.push((cx, cy + sy * start, cx, cy + sy * end));
        }
    }
    marks
}

pub fn page_svg(
    page: &Page,
    number: usize,
    total: usize,
    credits: &Credits,
    opt: &LayoutOptions,
) -> String {
    let paper = opt.paper;
    let mut cv = Canvas::new(paper.w, paper.h, 0.0);
    if page.side != PageSide::Back {
        for (x1, y1, x2, y2) in super::cuts::page_marks(page, opt) {
            cv.add(line(x1, y1, x2, y2, MARK_COLOR, MARK_WIDTH));
        }
        for p in &page.placements {
            if let Some(part) = &p.part {
                part_marks(&mut cv, &p.rect, part, opt.overlap);
            }
        }
        for c in &page.captions {
            cv.add(text(
                c.x,
                c.y,
                3.6,
                Font::CondensedBold,
                Anchor::Start,
                "#333333",
                &c.text,
            ));
        }
    }
    footer(&mut cv, page, number, total, credits, opt);
    cv.finish()
}

/// A hatched glue strip where the previous part lies over this one, and "part k of n".
fn part_marks(cv: &mut Canvas, r: &Rect, part: &super::layout::Part, overlap: f64) {
    let strips = [
        (
            part.glue_top,
            Rect {
                x: r.x,
                y: r.y,
                w: r.w,
                h: overlap,
            },
        ),
        (
            part.glue_left,
            Rect {
                x: r.x,
                y: r.y,
                w: overlap,
                h: r.h,
            },
        ),
    ];
    for (k, (_, s)) in strips.into_iter().enumerate().filter(|(_, (on, _))| *on) {
        hatch(cv, &s);
        // Parts are numbered row by row: the one on the left is the previous number, but the
        // one above is not (in a grid of parts), so the top strip names a direction.
        let label = if k == 0 {
            "GLUE — THE PART ABOVE GOES OVER THIS STRIP".to_string()
        } else {
            format!("GLUE — PART {} GOES OVER THIS STRIP", part.number - 1)
        };
        let horizontal = s.w >= s.h;
        let (along, across) = if horizontal { (s.w, s.h) } else { (s.h, s.w) };
        // Inside the piece's own outline and frame, which run along the strip's ends.
        let size = fit(Font::Display, across * 0.45, along * 0.75, &label);
        let label_w = crate::draw::text::width(Font::Display, size, &label) + size;
        // On a white label: the hatching and the piece's drawing show through the strip.
        let backing = rect(-label_w / 2.0, -size * 0.7, label_w, size * 1.4, "#ffffff")
            .set("rx", n(size * 0.3))
            .set("fill-opacity", "0.9");
        let t = text(
            0.0,
            size * 0.35,
            size,
            Font::Display,
            Anchor::Middle,
            "#333333",
            &label,
        );
        let (cx, cy) = (s.x + s.w / 2.0, s.y + s.h / 2.0);
        let turn = if horizontal { "" } else { " rotate(-90)" };
        cv.add(
            svg::node::element::Group::new()
                .set("transform", format!("translate({} {}){turn}", n(cx), n(cy)))
                .add(backing)
                .add(t),
        );
    }
    let label = format!("part {} of {}", part.number, part.count);
    let size = 3.0;
    let w = crate::draw::text::width(Font::CondensedBold, size, &label) + 3.0;
    let (x, y) = (r.right() - w - 1.5, r.bottom() - size - 3.0);
    cv.add(
        rect(x, y, w, size + 2.0, "#ffffff")
            .set("rx", "1")
            .set("stroke", "#333333")
            .set("stroke-width", "0.2"),
    );
    cv.add(text(
        x + w / 2.0,
        y + size + 0.6,
        size,
        Font::CondensedBold,
        Anchor::Middle,
        "#333333",
        &label,
    ));
}

/// The calibration square, labelled, where the layout reserved room for it on this page.
fn calibration(cv: &mut Canvas, page: &Page, opt: &LayoutOptions) {
    let Some(r) = super::layout::calibration_on(page, opt) else {
        return;
    };
    cv.add(
        rect(r.x, r.y, r.w, r.h, "none")
            .set("stroke", "#000000")
            .set("stroke-width", "0.25"),
    );
    let (cx, cy) = (r.x + r.w / 2.0, r.y + r.h / 2.0);
    cv.add(text(
        cx,
        cy + 1.4,
        4.0,
        Font::CondensedBold,
        Anchor::Middle,
        "#000000",
        calibration_label(opt),
    ));
    for (dy, label) in [(-5.0, "calibration"), (7.0, "print at 100 %")] {
        let size = fit(Font::Condensed, 2.4, r.w - 3.0, label);
        cv.add(text(
            cx,
            cy + dy,
            size,
            Font::Condensed,
            Anchor::Middle,
            "#444444",
            label,
        ));
    }
}

/// Diagonal lines across `s` on a light grey: where glue goes.
fn hatch(cv: &mut Canvas, s: &Rect) {
    const STEP: f64 = 2.5;
    cv.add(rect(s.x, s.y, s.w, s.h, "#7f7f7f").set("fill-opacity", "0.12"));
    // Lines y = x - c at 45°, each cut to the strip.
    let mut c = s.x - s.bottom() + STEP / 2.0;
    while c < s.right() - s.y {
        let (x0, x1) = ((s.y + c).max(s.x), (s.bottom() + c).min(s.right()));
        if x1 > x0 {
            cv.add(line(x0, x0 - c, x1, x1 - c, "#9a9a9a", 0.25));
        }
        c += STEP;
    }
}

/// "25 mm" or "1 inch": what the calibration square measures.
fn calibration_label(opt: &LayoutOptions) -> &'static str {
    if opt.paper.calibration == 25.0 {
        "25 mm"
    } else {
        "1 inch"
    }
}

/// The footer band under the content (above it on a back page turned top to bottom, behind the
/// front's band): two lines, credits on the left half, page number and the print hint on the
/// right half, so that the middle stays free for a gutter-fold sheet's registration target.
pub(crate) fn footer(
    cv: &mut Canvas,
    page: &Page,
    number: usize,
    total: usize,
    credits: &Credits,
    opt: &LayoutOptions,
) {
    calibration(cv, page, opt);
    let paper = opt.paper;
    let top = page.side == PageSide::Back && super::layout::mirrors_vertically(opt);
    let y0 = if top {
        opt.margin
    } else {
        paper.h - opt.margin - opt.footer()
    };
    // Under the content the band starts with room for the crop marks of the last row; above
    // it (a back page, no marks) the text keeps the same distance from the content instead.
    let (line1, line2) = if top {
        (y0 + 3.2, y0 + 6.6)
    } else {
        (y0 + 5.6, y0 + 9.0)
    };
    let (left, right) = (opt.side_margin, paper.w - opt.side_margin);
    let half = paper.w / 2.0 - opt.side_margin - 4.0;
    let size = fit(Font::CondensedBold, 3.2, half, &credits.title);
    cv.add(text(
        left,
        line1,
        size,
        Font::CondensedBold,
        Anchor::Start,
        "#222222",
        &credits.title,
    ));
    let size = fit(Font::Condensed, 2.6, half, &credits.line);
    cv.add(text(
        left,
        line2,
        size,
        Font::Condensed,
        Anchor::Start,
        "#444444",
        &credits.line,
    ));
    let label = format!("page {number} of {total}");
    cv.add(text(
        right,
        line1,
        3.2,
        Font::CondensedBold,
        Anchor::End,
        "#222222",
        &label,
    ));
    let hint = match (page.side, page.calibration) {
        (PageSide::Back, _) => {
            "Back side: print double-sided, this page behind the page before.".to_string()
        }
        (_, true) => format!(
            "Print at 100 % (no scaling): the square must measure {}.",
            calibration_label(opt)
        ),
        // Pieces fill this page's corner: the square is on the cover and pages with room.
        (_, false) => format!(
            "Print at 100 % (no scaling): the calibration squares measure {}.",
            calibration_label(opt)
        ),
    };
    let size = fit(Font::Condensed, 2.6, half, &hint);
    cv.add(text(
        right,
        line2,
        size,
        Font::Condensed,
        Anchor::End,
        "#444444",
        &hint,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::layout::Part;
    use resvg::usvg;

    /// The bounding boxes (mm) of every text and line in the furniture of one part.
    fn drawn(r: Rect, top: bool) -> (Vec<usvg::Rect>, Vec<usvg::Rect>) {
        let mut cv = Canvas::new(210.0, 297.0, 0.0);
        let part = Part {
            number: 2,
            count: 2,
            window: r,
            glue_top: top,
            glue_left: !top,
        };
        part_marks(&mut cv, &r, &part, 12.0);
        let tree = crate::faces::parse(&cv.finish()).unwrap();
        let (mut texts, mut lines) = (Vec::new(), Vec::new());
        fn walk(g: &usvg::Group, texts: &mut Vec<usvg::Rect>, lines: &mut Vec<usvg::Rect>) {
            for node in g.children() {
                match node {
                    usvg::Node::Group(g) => walk(g, texts, lines),
                    usvg::Node::Text(t) => texts.push(t.abs_bounding_box()),
                    usvg::Node::Path(p) if p.stroke().is_some() => lines.push(p.abs_bounding_box()),
                    _ => {}
                }
            }
        }
        walk(tree.root(), &mut texts, &mut lines);
        (texts, lines)
    }

    #[test]
    fn a_glue_strip_is_hatched_inside_itself_and_its_label_clears_the_ends() {
        // Night Grain's track: a part 70 mm wide, the strip along its top.
        let r = Rect {
            x: 100.0,
            y: 20.0,
            w: 70.0,
            h: 150.0,
        };
        let (texts, lines) = drawn(r, true);
        let strip = usvg::Rect::from_xywh(100.0, 20.0, 70.0, 12.0).unwrap();
        let label = texts
            .iter()
            .find(|t| t.top() < strip.bottom())
            .expect("a label on the strip");
        // Clear of the outline and frame that run down the part's sides.
        assert!(label.left() > 107.0 && label.right() < 163.0, "{label:?}");
        let hatching: Vec<_> = lines.iter().filter(|l| l.top() < strip.bottom()).collect();
        assert!(hatching.len() > 20, "{} lines", hatching.len());
        for l in hatching {
            assert!(
                l.left() >= strip.left() - 0.2
                    && l.right() <= strip.right() + 0.2
                    && l.bottom() <= strip.bottom() + 0.2,
                "{l:?} outside the strip"
            );
        }
        // A strip down the left side: its label turned to run along it, inside it.
        let (texts, _) = drawn(r, false);
        let label = texts.iter().find(|t| t.right() < 112.5).expect("a label");
        assert!(label.top() > 35.0 && label.bottom() < 155.0, "{label:?}");
    }
}
