//! Marks that help double-sided sheets line up: registration targets at the four corners of
//! every sheet that has a back (they fall on each other when the sheet is held to the light,
//! whichever edge it was turned on), the fold line of a gutter-fold sheet, and the PDF's
//! TrimBox/BleedBox when pieces have bleed.
use crate::draw::canvas::{Anchor, Canvas, circle, line, n, text};
use crate::draw::text::Font;

use super::gutterfold::{fold_x, fold_y};
use super::{Fold, LayoutOptions, Page, PageSide, Rect};

/// Centre of the corner targets, from each edge of the sheet (mm): the ring keeps
/// `FURNITURE_EDGE` from the edge, where printers still print, and stays outside the content.
pub const TARGET_INSET: f64 = super::FURNITURE_EDGE + TARGET_RADIUS;
pub const TARGET_RADIUS: f64 = 2.2;

/// Whether the page is one side of a double-sided sheet.
pub fn is_duplexed(pages: &[Page], index: usize) -> bool {
    let page = &pages[index];
    // A blank back (the back of a page of one-sided pieces) needs no registering.
    let backs = |p: &Page| p.side == PageSide::Back && !p.placements.is_empty();
    match page.side {
        // The cover's back, holding pieces that are never cut (`cover::fill_cover_back`): the
        // cover has nothing to register with.
        PageSide::Back if index == 0 => false,
        PageSide::Back => backs(page),
        PageSide::GutterFold => true,
        PageSide::Front => pages.get(index + 1).is_some_and(backs),
    }
}

/// Between a registration target's reach and any text of the sheet's furniture (mm).
pub const TEXT_CLEARANCE: f64 = 1.0;

/// The centres of the registration targets of page `index`: the sheet's four corners, and the
/// ends of a gutter-fold sheet's fold; none on a page not printed double-sided.
pub fn targets(pages: &[Page], index: usize, opt: &LayoutOptions) -> Vec<(f64, f64)> {
    if !is_duplexed(pages, index) {
        return Vec::new();
    }
    let paper = opt.paper;
    let (l, r) = (TARGET_INSET, paper.w - TARGET_INSET);
    let (t, b) = (TARGET_INSET, paper.h - TARGET_INSET);
    let mut centres = vec![(l, t), (r, t), (l, b), (r, b)];
    if pages[index].side == PageSide::GutterFold {
        match opt.fold {
            Fold::Down => centres.extend([(fold_x(opt), t), (fold_x(opt), b)]),
            Fold::Across => centres.extend([(l, fold_y(opt)), (r, fold_y(opt))]),
        }
    }
    centres
}

/// What the furniture's text keeps clear of on page `index`: each target's square grown by
/// `TEXT_CLEARANCE`. The corner targets sit in the margins, beside where a caption or the
/// footer starts or ends.
pub fn keep_out(pages: &[Page], index: usize, opt: &LayoutOptions) -> Vec<Rect> {
    let reach = TARGET_RADIUS + TEXT_CLEARANCE;
    targets(pages, index, opt)
        .into_iter()
        .map(|(x, y)| Rect {
            x: x - reach,
            y: y - reach,
            w: 2.0 * reach,
            h: 2.0 * reach,
        })
        .collect()
}

/// The overlay of registration marks and the fold line for page `index`, if it needs any.
pub fn overlay(pages: &[Page], index: usize, opt: &LayoutOptions) -> Option<String> {
    let centres = targets(pages, index, opt);
    if centres.is_empty() {
        return None;
    }
    let paper = opt.paper;
    let mut cv = Canvas::new(paper.w, paper.h, 0.0);
    let t = TARGET_INSET;
    if pages[index].side == PageSide::GutterFold {
        let label = "fold here, glue, then cut";
        let dashed = |l: svg::node::element::Line| l.set("stroke-dasharray", "3 2");
        match opt.fold {
            Fold::Down => {
                let x = fold_x(opt);
                // The fold line, dashed, from the top target down to the footer (which it
                // must not cross); the bottom target marks the fold's other end.
                let top = t + TARGET_RADIUS + 1.0;
                cv.add(dashed(line(
                    x,
                    top,
                    x,
                    opt.content().bottom(),
                    "#777777",
                    0.25,
                )));
                cv.add(fold_label(label, x - 1.0, paper.h / 2.0, -90.0));
            }
            Fold::Across => {
                let y = fold_y(opt);
                // Across the content, between the targets at its ends; the footer along the
                // right margin leaves its middle free.
                let area = opt.content();
                cv.add(dashed(line(area.x, y, area.right(), y, "#777777", 0.25)));
                cv.add(fold_label(label, paper.w / 2.0, y - 1.0, 0.0));
            }
        }
    }
    for (x, y) in centres {
        target(&mut cv, x, y);
    }
    Some(cv.finish())
}

/// The words along the fold line, turned by `angle` degrees about their middle (`x`, `y`).
fn fold_label(label: &str, x: f64, y: f64, angle: f64) -> crate::draw::canvas::Label {
    text(
        0.0,
        0.0,
        2.6,
        Font::Condensed,
        Anchor::Middle,
        "#555555",
        label,
    )
    .set(
        "transform",
        format!("translate({} {}) rotate({})", n(x), n(y), n(angle)),
    )
}

/// A registration target: a ring with a cross through it.
fn target(cv: &mut Canvas, x: f64, y: f64) {
    let r = TARGET_RADIUS;
    cv.add(
        circle(x, y, r * 0.62, "none")
            .set("stroke", "#000000")
            .set("stroke-width", "0.2"),
    );
    cv.add(line(x - r, y, x + r, y, "#000000", 0.2));
    cv.add(line(x, y - r, x, y + r, "#000000", 0.2));
}

/// The page's TrimBox (the union of its cut lines) and BleedBox (that grown by the bleed),
/// when the pieces have bleed.
pub fn trim_and_bleed(page: &Page, opt: &LayoutOptions) -> Option<(Rect, Rect)> {
    if opt.bleed <= 0.0 || page.placements.is_empty() {
        return None;
    }
    let rects = page.placements.iter().map(|p| p.rect);
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for r in rects {
        x0 = x0.min(r.x);
        y0 = y0.min(r.y);
        x1 = x1.max(r.right());
        y1 = y1.max(r.bottom());
    }
    let trim = Rect {
        x: x0,
        y: y0,
        w: x1 - x0,
        h: y1 - y0,
    };
    let b = opt.bleed;
    let bx0 = (x0 - b).max(0.0);
    let by0 = (y0 - b).max(0.0);
    let bleed = Rect {
        x: bx0,
        y: by0,
        w: (x1 + b).min(opt.paper.w) - bx0,
        h: (y1 + b).min(opt.paper.h) - by0,
    };
    Some((trim, bleed))
}
