//! What a sheet carries besides the pieces: crop marks outside every cut, group captions, marks
//! on split parts, and the footer (calibration square, credits, page n of N). Drawn as one SVG
//! per page in millimetres, so it goes through the same font and text path as the faces.
use crate::draw::canvas::{Anchor, Canvas, line, n, rect, text};
use crate::draw::text::{Font, fit, width};

use super::{
    Caption, Cuts, FurnitureAt, LayoutOptions, MARK_OFFSET, Page, PageSide, Placement, Rect,
};
use crate::kinds::Outline;

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
/// they never reach a neighbouring piece, and `FURNITURE_EDGE` from the paper's edge, where
/// printers still print (none shorter than `MIN_MARK`).
pub fn crop_marks(r: &Rect, opt: &LayoutOptions) -> Vec<(f64, f64, f64, f64)> {
    let start = opt.bleed + MARK_OFFSET;
    let end = opt.mark_reach();
    let edge = super::FURNITURE_EDGE;
    let (w, h) = (opt.paper.w, opt.paper.h);
    let mut marks = Vec::with_capacity(8);
    for (cx, sx) in [(r.x, -1.0), (r.right(), 1.0)] {
        for (cy, sy) in [(r.y, -1.0), (r.bottom(), 1.0)] {
            // Horizontal mark on the horizontal cut line, outside the vertical edge.
            let x = (cx + sx * end).clamp(edge, w - edge);
            if (x - cx).abs() >= start + super::MIN_MARK - 1e-9 {
                marks.push((cx + sx * start, cy, x, cy));
            }
            // Vertical mark on the vertical cut line, outside the horizontal edge.
            let y = (cy + sy * end).clamp(edge, h - edge);
            if (y - cy).abs() >= start + super::MIN_MARK - 1e-9 {
                marks.push((cx, cy + sy * start, cx, y));
            }
        }
    }
    marks
}

/// The furniture of `page`; `cut_of` gives a placement's cut path when it is not a rectangle;
/// its text keeps out of `keep_out` (the registration targets, `registration::keep_out`).
pub fn page_svg<'o>(
    page: &Page,
    number: usize,
    total: usize,
    credits: &Credits,
    opt: &LayoutOptions,
    cut_of: &dyn Fn(&Placement) -> Option<&'o Outline>,
    keep_out: &[Rect],
) -> String {
    let paper = opt.paper;
    let mut cv = Canvas::new(paper.w, paper.h, 0.0);
    if page.side != PageSide::Back && opt.cuts != Cuts::Uncut {
        let only_lines = opt.cuts == Cuts::Lines;
        let along = |p: &Placement| only_lines || cut_of(p).is_some_and(Outline::is_cut_along);
        for (x1, y1, x2, y2) in super::cuts::marks_but(page, opt, &along) {
            cv.add(line(x1, y1, x2, y2, MARK_COLOR, MARK_WIDTH));
        }
        let every = opt.cuts != Cuts::Marks;
        cut_lines(&mut cv, &super::cuts::cut_lines(page, cut_of, every));
    }
    if page.side != PageSide::Back {
        for p in &page.placements {
            if let Some(part) = &p.part {
                part_marks(&mut cv, &p.rect, part, opt.overlap);
            }
        }
        for c in &page.captions {
            caption(&mut cv, c, keep_out);
        }
    }
    footer(&mut cv, page, number, total, credits, opt, keep_out);
    cv.finish()
}

/// Cut lines along outlines, as thin as crop marks: a knife or scissors follow them.
fn cut_lines(cv: &mut Canvas, lines: &super::cuts::CutLines) {
    for &(x1, y1, x2, y2) in &lines.segments {
        cv.add(line(x1, y1, x2, y2, MARK_COLOR, MARK_WIDTH).set("stroke-linecap", "round"));
    }
    for path in &lines.paths {
        cv.add(
            svg::node::element::Path::new()
                .set("d", crate::base::outline::path_data(path))
                .set("fill", "none")
                .set("stroke", MARK_COLOR)
                .set("stroke-width", n(MARK_WIDTH))
                .set("stroke-linejoin", "round"),
        );
    }
}

/// The stretch from `from` to `to` along a line of text, shortened at whichever end a box of
/// `keep_out` lies across it: the line runs `across` (its extent the other way) and along x,
/// or along y when `down`.
fn clear_of(keep_out: &[Rect], from: f64, to: f64, across: (f64, f64), down: bool) -> (f64, f64) {
    let (mut from, mut to) = (from, to);
    for k in keep_out {
        let (k0, k1, c0, c1) = match down {
            false => (k.x, k.right(), k.y, k.bottom()),
            true => (k.y, k.bottom(), k.x, k.right()),
        };
        if c1 <= across.0 || c0 >= across.1 || k1 <= from || k0 >= to {
            continue;
        }
        match (k0 + k1) / 2.0 < (from + to) / 2.0 {
            true => from = from.max(k1),
            false => to = to.min(k0),
        }
    }
    (from, to.max(from))
}

/// A line of text `size` high on a baseline at `y` (or at x, turned): from its cap height
/// above to its descenders below.
fn line_extent(y: f64, size: f64) -> (f64, f64) {
    (y - 0.8 * size, y + 0.3 * size)
}

/// A group's caption: in its band, or turned in the left margin to read upwards from `along`
/// mm under its top end; clear of `keep_out`.
fn caption(cv: &mut Canvas, c: &Caption, keep_out: &[Rect]) {
    const SIZE: f64 = 3.6;
    const COLOR: &str = "#333333";
    if c.text.is_empty() {
        return;
    }
    let Some(along) = c.along else {
        // Within its region, past a registration target at its start or end: set smaller,
        // then cut short.
        let (x, end) = clear_of(keep_out, c.x, c.x + c.room, line_extent(c.y, SIZE), false);
        let room = end - x;
        let size = fit(Font::CondensedBold, SIZE, room, &c.text).max(MIN_CAPTION);
        let shown = shortened(Font::CondensedBold, size, room, &c.text);
        cv.add(text(
            x,
            c.y,
            size,
            Font::CondensedBold,
            Anchor::Start,
            COLOR,
            &shown,
        ));
        return;
    };
    // Turned to read upwards, glyphs rising towards the sheet's left edge.
    let across = (c.x - 0.8 * MARGIN_TEXT, c.x + 0.3 * MARGIN_TEXT);
    let (top, bottom) = clear_of(keep_out, c.y, c.y + along, across, true);
    let (y, room) = (top, bottom - top);
    // Beside a short row a long caption would shrink past reading: it is cut short instead.
    let size = fit(Font::CondensedBold, MARGIN_TEXT, room, &c.text).max(MIN_CAPTION);
    let shown = shortened(Font::CondensedBold, size, room, &c.text);
    if shown.is_empty() {
        return;
    }
    cv.add(
        text(
            0.0,
            0.0,
            size,
            Font::CondensedBold,
            Anchor::End,
            COLOR,
            &shown,
        )
        .set(
            "transform",
            format!("translate({} {}) rotate(-90)", n(c.x), n(y)),
        ),
    );
}

/// The smallest a caption or the margin footer is set (mm): 6 pt, what `pnp check` asks of
/// text a player reads; past that a caption is cut short.
pub(crate) const MIN_CAPTION: f64 = 6.0 * 25.4 / 72.0 + 0.001;

/// `text` cut short with "…" to fit `room` mm at `size`: whole when it fits, empty when not even
/// its first letter does.
fn shortened(font: Font, size: f64, room: f64, text: &str) -> String {
    if crate::draw::text::width(font, size, text) <= room {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    (1..chars.len())
        .rev()
        .map(|n| format!("{}…", chars[..n].iter().collect::<String>().trim_end()))
        .find(|s| crate::draw::text::width(font, size, s) <= room)
        .unwrap_or_default()
}

/// Size of the text turned along the side margins (captions, the footer's two lines).
const MARGIN_TEXT: f64 = 2.4;
/// Between the crop marks' outer end and the nearest turned line's baseline.
pub(crate) const MARGIN_CAPTION_CLEARANCE: f64 = 0.9;

/// A hatched glue strip where the previous part lies over this one, labelled with what goes
/// over it and "part k of n": the label is hidden once the parts are joined, and nothing is
/// printed on the piece's own surface. The first part has no strip; it is the one without.
fn part_marks(cv: &mut Canvas, r: &Rect, part: &super::Part, overlap: f64) {
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
    let tag = format!("PART {} OF {}", part.number, part.count);
    for (k, (_, s)) in strips.into_iter().enumerate().filter(|(_, (on, _))| *on) {
        hatch(cv, &s);
        // Parts are numbered row by row: the one on the left is the previous number, but the
        // one above is not (in a grid of parts), so the top strip names a direction.
        let glue = if k == 0 {
            "GLUE — THE PART ABOVE GOES OVER THIS STRIP".to_string()
        } else {
            format!("GLUE — PART {} GOES OVER THIS STRIP", part.number - 1)
        };
        let horizontal = s.w >= s.h;
        let (along, across) = if horizontal { (s.w, s.h) } else { (s.h, s.w) };
        // Inside the piece's own outline and frame, which run along the strip's ends: the tag
        // over the instruction, on a white label through which the hatching shows.
        let room = along * 0.75;
        let tag_size = fit(Font::Display, across * 0.3, room, &tag);
        let size = fit(Font::Display, across * 0.24, room, &glue);
        let label_w = crate::draw::text::width(Font::Display, size, &glue)
            .max(crate::draw::text::width(Font::Display, tag_size, &tag))
            + size;
        let label_h = tag_size + size * 1.35 + 1.2;
        let backing = rect(-label_w / 2.0, -label_h / 2.0, label_w, label_h, "#ffffff")
            .set("rx", n(size * 0.3))
            .set("fill-opacity", "0.9");
        let top = -label_h / 2.0 + 0.6;
        let t1 = text(
            0.0,
            top + tag_size * 0.8,
            tag_size,
            Font::Display,
            Anchor::Middle,
            "#333333",
            &tag,
        );
        let t2 = text(
            0.0,
            top + tag_size + size * 1.05,
            size,
            Font::Display,
            Anchor::Middle,
            "#333333",
            &glue,
        );
        let (cx, cy) = (s.x + s.w / 2.0, s.y + s.h / 2.0);
        let turn = if horizontal { "" } else { " rotate(-90)" };
        cv.add(
            svg::node::element::Group::new()
                .set("transform", format!("translate({} {}){turn}", n(cx), n(cy)))
                .add(backing)
                .add(t1)
                .add(t2),
        );
    }
}

/// The calibration square, labelled, where the layout reserved room for it on this page.
fn calibration(cv: &mut Canvas, page: &Page, opt: &LayoutOptions) {
    let Some(r) = super::calibration_on(page, opt) else {
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
pub(crate) fn calibration_label(opt: &LayoutOptions) -> &'static str {
    if opt.paper.calibration == 25.0 {
        "25 mm"
    } else {
        "1 inch"
    }
}

/// The footer: credits, page n of N and the print hint (see `footer_band`, `footer_margin`).
pub(crate) fn footer(
    cv: &mut Canvas,
    page: &Page,
    number: usize,
    total: usize,
    credits: &Credits,
    opt: &LayoutOptions,
    keep_out: &[Rect],
) {
    calibration(cv, page, opt);
    let label = format!("page {number} of {total}");
    let hint = match (page.side, page.calibration) {
        (PageSide::Back, _) => {
            "Back side: print double-sided, this page behind the page before.".to_string()
        }
        // Nothing to cut or measure: a write-on sheet (`pnp sheets`).
        (_, false) if opt.cuts == Cuts::Uncut => "Print at 100 % (no scaling).".to_string(),
        (_, true) => format!(
            "Print at 100 % (no scaling): the square must measure {}.",
            calibration_label(opt)
        ),
        // Pieces fill this page's corner: the square is on the cover or a page with room.
        (_, false) => format!(
            "Print at 100 % (no scaling): the calibration square {} measures {}.",
            if opt.cover_square {
                "on the cover"
            } else {
                "on another page"
            },
            calibration_label(opt)
        ),
    };
    let lines = FooterLines {
        title: &credits.title,
        credits: &credits.line,
        page: &label,
        hint: &hint,
    };
    match opt.furniture_at {
        FurnitureAt::Bands => footer_band(cv, page, &lines, opt, keep_out),
        FurnitureAt::Margins => footer_margin(cv, &lines, opt),
    }
}

/// The footer's four texts: the first two start a line, the last two end it.
struct FooterLines<'a> {
    title: &'a str,
    credits: &'a str,
    page: &'a str,
    hint: &'a str,
}

/// The footer band under the content (above it on a back page turned top to bottom, behind the
/// front's band): two lines, credits on the left half, page number and the print hint on the
/// right half, so that the middle stays free for a gutter-fold sheet's registration target;
/// each line starts (or ends) clear of the targets in the corners (`keep_out`).
fn footer_band(
    cv: &mut Canvas,
    page: &Page,
    lines: &FooterLines,
    opt: &LayoutOptions,
    keep_out: &[Rect],
) {
    let paper = opt.paper;
    let top = page.side == PageSide::Back && super::mirrors_vertically(opt);
    // The band runs from the content to the margin; the line nearest the paper's edge keeps
    // `FURNITURE_EDGE` from it, descenders included. Under the content the lines sit at the
    // band's foot, under the crop marks of the last row; above it (a back page, no marks) at
    // its top, mirroring them.
    let (line1, line2) = if top {
        let edge = opt.margin.max(super::FURNITURE_EDGE);
        (edge + 2.9, edge + 6.3)
    } else {
        let foot = paper.h - opt.margin.max(super::FURNITURE_EDGE) - 0.9;
        (foot - 3.4, foot)
    };
    let (left, right) = (opt.side_margin, paper.w - opt.side_margin);
    let half = paper.w / 2.0 - opt.side_margin - 4.0;
    // The first line bold and dark, the second smaller and grey.
    let first = (line1, Font::CondensedBold, 3.2, DARK);
    let second = (line2, Font::Condensed, 2.6, GREY);
    for (x, anchor, (y, font, size, color), line) in [
        (left, Anchor::Start, first, lines.title),
        (left, Anchor::Start, second, lines.credits),
        (right, Anchor::End, first, lines.page),
        (right, Anchor::End, second, lines.hint),
    ] {
        let span = match anchor {
            Anchor::End => (x - half, x),
            _ => (x, x + half),
        };
        let (from, to) = clear_of(keep_out, span.0, span.1, line_extent(y, size), false);
        let size = fit(font, size, to - from, line);
        let x = if anchor == Anchor::End { to } else { from };
        cv.add(text(x, y, size, font, anchor, color, line));
    }
}

/// The footer turned to read downwards in the right margin, outside the crop marks: one line,
/// title and credits from the top of the content, the print hint and page number up to its
/// bottom, so that the line furthest from the content stays `FURNITURE_EDGE` from the paper.
fn footer_margin(cv: &mut Canvas, lines: &FooterLines, opt: &LayoutOptions) {
    let area = opt.content();
    // Turned a quarter clockwise, glyphs rise towards the sheet's edge.
    let x = area.right() + opt.mark_reach() + MARGIN_CAPTION_CLEARANCE;
    // Clear of the registration targets in the corners.
    let (top, bottom) = (area.y + 6.0, area.bottom() - 6.0);
    let half = (bottom - top) / 2.0 - 4.0;
    // A text turned along the margin from `y`: its start, or with `Anchor::End` its end.
    let mut turned = |size, (font, color), anchor, s: &str, y: f64| {
        let t = text(0.0, 0.0, size, font, anchor, color, s);
        cv.add(t.set(
            "transform",
            format!("translate({} {}) rotate(90)", n(x), n(y)),
        ));
    };
    let (dark, grey) = ((Font::CondensedBold, DARK), (Font::Condensed, GREY));
    // Each half: a bold part and a regular one, set together smaller when they do not fit.
    let parts = |bold: &str, regular: &str| {
        let both = width(Font::CondensedBold, MARGIN_TEXT, bold)
            + width(Font::Condensed, MARGIN_TEXT, regular);
        let size = match both > half {
            true => (MARGIN_TEXT * half / both).max(MIN_CAPTION),
            false => MARGIN_TEXT,
        };
        (size, width(Font::CondensedBold, size, bold))
    };
    let title = lines.title.to_string();
    let credits = format!("  ·  {}", lines.credits);
    let (size, w) = parts(&title, &credits);
    turned(size, dark, Anchor::Start, &title, top);
    turned(size, grey, Anchor::Start, &credits, top + w);
    let page = lines.page.to_string();
    let hint = format!("{}  ·  ", lines.hint);
    let (size, w) = parts(&page, &hint);
    turned(size, dark, Anchor::End, &page, bottom);
    turned(size, grey, Anchor::End, &hint, bottom - w);
}

const DARK: &str = "#222222";
const GREY: &str = "#444444";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Part;
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
        boxes(&cv.finish())
    }

    /// The bounding boxes (mm) of every text and every stroked line in an SVG in mm.
    fn boxes(svg: &str) -> (Vec<usvg::Rect>, Vec<usvg::Rect>) {
        let tree = crate::draw::trees::parse(svg).unwrap();
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

    #[test]
    fn turned_footer_and_captions_stay_in_the_margins_clear_of_marks() {
        use crate::layout::{FurnitureAt, LETTER, impose};
        // A cover prints the calibration square: eight cards turned take this page's corner.
        let opt = LayoutOptions {
            furniture_at: FurnitureAt::Margins,
            cover_square: true,
            ..LayoutOptions::new(LETTER)
        };
        let cards = crate::layout::poker_cards(8, true);
        let pages = impose(&cards, &["Activity cards · 8".into()], &opt).unwrap();
        let page = &pages[0];
        assert_eq!(page.placements.len(), 8);
        let credits = Credits {
            title: "The Beast — a game by Matthew Hartley".into(),
            line: "Orcs in the Webbe · Print-and-play by pnp".into(),
        };
        let (texts, lines) = boxes(&page_svg(page, 3, 38, &credits, &opt, &|_| None, &[]));
        // The caption and the footer's four texts, each turned (taller than wide).
        assert_eq!(texts.len(), 5, "{texts:?}");
        let paper = usvg::Rect::from_xywh(0.0, 0.0, LETTER.w as f32, LETTER.h as f32).unwrap();
        for t in &texts {
            assert!(t.height() > t.width(), "{t:?} is not turned");
            // Far enough from the edge for a printer's unprintable border.
            assert!(
                t.left() > 3.5 && t.right() < paper.right() - 3.5,
                "{t:?} near the edge"
            );
            // Clear of the registration targets in the corners of a double-sided sheet.
            let corner = (super::super::registration::TARGET_INSET
                + super::super::registration::TARGET_RADIUS) as f32;
            assert!(
                t.top() > corner && t.bottom() < paper.bottom() - corner,
                "{t:?}"
            );
            for p in &page.placements {
                let r = &p.rect;
                assert!(
                    t.right() < r.x as f32 || t.left() > r.right() as f32,
                    "{t:?} on a card"
                );
            }
            for l in &lines {
                let apart = t.right() < l.left()
                    || t.left() > l.right()
                    || t.bottom() < l.top()
                    || t.top() > l.bottom();
                assert!(apart, "{t:?} touches the mark {l:?}");
            }
        }
        // Crop marks end inside what printers print, off the bands that kept them there.
        let edge = super::super::FURNITURE_EDGE as f32 - 0.01;
        for l in &lines {
            assert!(
                l.top() >= edge
                    && l.bottom() <= paper.bottom() - edge
                    && l.left() >= edge
                    && l.right() <= paper.right() - edge,
                "{l:?} near the edge"
            );
        }
        // Two texts each side of the page's middle in the right margin, one caption on the left.
        let right = texts.iter().filter(|t| t.left() > 200.0).count();
        assert_eq!(right, 4);
    }

    #[test]
    fn a_caption_too_long_for_its_room_is_cut_short_not_shrunk_past_reading() {
        let font = Font::CondensedBold;
        let text = "Player markers · 108 (continued)";
        assert_eq!(shortened(font, 2.4, 200.0, text), text);
        let short = shortened(font, MIN_CAPTION, 20.0, text);
        assert!(short.ends_with('…') && short.len() < text.len(), "{short}");
        assert!(crate::draw::text::width(font, MIN_CAPTION, &short) <= 20.0);
        assert_eq!(shortened(font, MIN_CAPTION, 0.5, text), "");
    }
}
