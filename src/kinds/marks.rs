//! Piecepack faces: the grid back of a tile (`grid: 2`), a rank with the suit in the corners
//! (`mark: corners`), and the direction mark of a coin (`mark: arrow`), on a piece of any
//! outline. A face that is nothing but such a mark with its rank or suit is drawn in the
//! piecepack's own look (`draw`); a face with more (a title, a label, pips, a layout) is drawn
//! as a token's is, with its marks over it (`grid`, `corner_symbols`, `arrow`). Also `glyph`,
//! which puts a face's text (or, without text, its symbol) in a square: shared by tiles, dice and
//! diagrams.
use svg::Node;
use svg::node::element::Group;

use super::face::{Art, Colors};
use crate::base::outline::{self as cut, Outline, Square};
use crate::draw::canvas::{Anchor, Canvas, circle, line, n, place, rect, text};
use crate::draw::text::{Font, fit};
use crate::spec::{Face, Mark};

/// Whether this face has a piecepack mark (a grid, corners or an arrow).
pub fn applies(face: &Face) -> bool {
    face.grid.is_some() || face.mark.is_some()
}

/// A face's text, if it says something (a blank rank, a piecepack's null face, says nothing).
pub(super) fn said(face: &Face) -> Option<&str> {
    face.text.as_deref().filter(|t| !t.trim().is_empty())
}

/// Whether the piecepack's look (`draw`) shows all that `face` gives: its text and symbol where
/// its mark shows them (a coin's one of them, a tile's rank and corners), and no title, label,
/// pips or layout, which only a token's look places.
pub fn alone(face: &Face) -> bool {
    let coin = face.mark == Some(Mark::Arrow) && face.grid.is_none();
    let corners = face.mark == Some(Mark::Corners);
    let text_shown = said(face).is_none() || coin || corners;
    let symbol_shown = face.symbol.is_none() || corners || (coin && said(face).is_none());
    let more = face.title.is_some()
        || face.label.is_some()
        || face.pips.is_some()
        || face.layout.is_some();
    text_shown && symbol_shown && !more
}

/// The text of a face if it has any, else its symbol, centred in the `size` square at (x, y).
pub fn glyph(
    face: &Face,
    art: &Art,
    x: f64,
    y: f64,
    size: f64,
    color: &str,
) -> Result<Option<Group>, super::DrawError> {
    match (said(face), &face.symbol) {
        (Some(t), _) => {
            let s = fit(Font::Display, size * 0.92, size * 0.86, t);
            Ok(Some(Group::new().add(text(
                x + size / 2.0,
                y + size / 2.0 + s * 0.35,
                s,
                Font::Display,
                Anchor::Middle,
                color,
                t,
            ))))
        }
        (None, Some(sym)) => {
            let g = art.symbol(&sym.value)?;
            let inner = size * 0.78;
            Ok(Some(Group::new().add(place(
                &g,
                x + (size - inner) / 2.0,
                y + (size - inner) / 2.0,
                inner,
                color,
            ))))
        }
        (None, None) => Ok(None),
    }
}

/// The square a piecepack face is set in: the piece's own for a square or round piece (a coin's
/// rank as large as the coin allows), else the largest inside its outline.
fn whole(outline: &Outline, w: f64, h: f64) -> Square {
    match outline {
        Outline::Polygon(_) | Outline::Path(_) => outline.safe_square(w, h),
        _ => Square {
            cx: w / 2.0,
            cy: h / 2.0,
            half: w.min(h) / 2.0,
        },
    }
}

/// The top left of a `size` square centred in `s`: in the middle of a rectangle or circle, in
/// the largest square inside any other outline.
fn centred(outline: &Outline, s: &Square, w: f64, h: f64, size: f64) -> (f64, f64) {
    match outline {
        Outline::Polygon(_) | Outline::Path(_) => (s.cx - size / 2.0, s.cy - size / 2.0),
        _ => ((w - size) / 2.0, (h - size) / 2.0),
    }
}

/// The square whose corners hold a tile's suit: the piece's own for a rectangle, else the largest
/// inside its outline (a circle's, a hexagon's).
fn corner_square(outline: &Outline, w: f64, h: f64) -> Square {
    match outline.is_box() {
        true => whole(outline, w, h),
        false => outline.safe_square(w, h),
    }
}

/// Draws a face that is nothing but a piecepack mark with its rank or suit (`alone`), over its
/// picture if it has one: on a square or round piece as the piecepack prints them, on any
/// other outline the same inside it. `clip` is the cut grown by the bleed, as SVG path data
/// (what crosses the face is kept inside it).
pub fn draw(
    cv: &mut Canvas,
    outline: &Outline,
    clip: &str,
    face: &Face,
    art: &Art,
    picture: Option<Group>,
) -> Result<(), super::DrawError> {
    let (w, h) = (cv.w, cv.h);
    let c = Colors::of(face);
    let m = w.min(h);
    background(cv, outline, &c.background);
    if let Some(picture) = picture {
        cv.add(picture);
    }
    if face.mark == Some(Mark::Arrow) && face.grid.is_none() {
        // A coin: its value or its suit, centred, clear of the direction mark.
        let s = whole(outline, w, h);
        let m = 2.0 * s.half;
        let size = m * if said(face).is_some() { 0.6 } else { 0.66 };
        let (x, y) = centred(outline, &s, w, h, size);
        if let Some(g) = glyph(face, art, x, y + m * 0.04, size, &c.ink)? {
            cv.add(g);
        }
    }
    if let Some(cells) = face.grid {
        grid(cv, outline, clip, cells, &c.ink);
    }
    if face.mark == Some(Mark::Corners) {
        let s = corner_square(outline, w, h);
        let m = 2.0 * s.half;
        if said(face).is_some() {
            let size = m * 0.62;
            let only_text = Face {
                symbol: None,
                ..face.clone()
            };
            let (x, y) = centred(outline, &s, w, h, size);
            if let Some(g) = glyph(&only_text, art, x, y, size, &c.ink)? {
                cv.add(g);
            }
        } else if let Some(sym) = &face.symbol {
            let size = m * 0.5;
            let g = art.symbol(&sym.value)?;
            let (x, y) = centred(outline, &s, w, h, size);
            cv.add(place(&g, x, y, size, &c.ink));
        }
        corner_symbols(cv, outline, face, art, &c.ink)?;
    }
    if let Some(style) = face.frame {
        let stroke = (m * 0.03).clamp(0.3, 0.8);
        frame(cv, outline, style, stroke, &c.ink);
    }
    if let Some(border) = c.border() {
        let stroke = (m * 0.012).clamp(0.25, 0.6);
        keyline(cv, outline, stroke, border);
        // A fine inner ring, as on the plain tokens (a frame stands in it).
        if *outline == Outline::Circle && face.frame.is_none() {
            cv.add(
                circle(w / 2.0, h / 2.0, m / 2.0 - m * 0.05, "none")
                    .set("stroke", border)
                    .set("stroke-width", n(stroke * 0.5))
                    .set("stroke-opacity", "0.45"),
            );
        }
    }
    if face.mark == Some(Mark::Arrow) {
        arrow(cv, outline, &c.ink);
    }
    Ok(())
}

/// The border just inside the cut, `stroke` mm wide: a circle's ring, a rectangle's keyline
/// (its corners rounded as the piece's are), the path of any other outline.
pub fn keyline(cv: &mut Canvas, outline: &Outline, stroke: f64, border: &str) {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    match outline {
        Outline::Circle => cv.add(
            circle(w / 2.0, h / 2.0, w.min(h) / 2.0 - stroke / 2.0, "none")
                .set("stroke", border)
                .set("stroke-width", n(stroke)),
        ),
        Outline::Rect | Outline::Rounded(_) => {
            let keyline = rect(stroke / 2.0, stroke / 2.0, w - stroke, h - stroke, "none")
                .set("stroke", border)
                .set("stroke-width", n(stroke));
            cv.add(match rounding(outline, b) {
                Some(r) => keyline.set("rx", n((r - stroke / 2.0).max(0.0))),
                None => keyline,
            });
        }
        _ => cv.add(cut::border(outline, w, h, stroke, border)),
    }
}

/// The corners' radius of a rounded piece drawn without bleed (with bleed its background runs
/// square into it, as a card's does); `None` for square corners.
pub fn rounding(outline: &Outline, bleed: f64) -> Option<f64> {
    match outline {
        Outline::Rounded(r) if bleed == 0.0 => Some(*r),
        _ => None,
    }
}

/// The face's background: across the face and its bleed, or filling its outline (a circle, a
/// polygon, a path) and the bleed around it.
pub fn background(cv: &mut Canvas, outline: &Outline, color: &str) {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    match outline {
        Outline::Circle => cv.add(circle(w / 2.0, h / 2.0, w.min(h) / 2.0 + b, color)),
        Outline::Rect | Outline::Rounded(_) => {
            let ground = rect(-b, -b, w + 2.0 * b, h + 2.0 * b, color);
            cv.add(match rounding(outline, b) {
                Some(r) => ground.set("rx", n(r)),
                None => ground,
            });
        }
        _ => cv.add(cut::fill(outline, w, h, b, color)),
    }
}

/// A frame of `style` just inside the outline, `stroke` mm thick.
pub fn frame(
    cv: &mut Canvas,
    outline: &Outline,
    style: crate::draw::frame::Frame,
    stroke: f64,
    ink: &str,
) {
    let m = cv.w.min(cv.h);
    match outline.is_box() {
        true => crate::draw::frame::draw(cv, style, m * 0.055, stroke * 0.9, ink),
        false => crate::draw::frame::draw_along(cv, style, outline, m * 0.055, stroke * 0.9, ink),
    }
}

/// Divides the face into `cells` × `cells` squares: inner lines running into the bleed (the cut
/// itself is the outer edge), and a frame inset from the cut, so that a slightly off cut still
/// shows equal squares. On a piece that is not a rectangle, inside its outline (`clip`).
pub fn grid(cv: &mut Canvas, outline: &Outline, clip: &str, cells: u32, ink: &str) {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    let m = w.min(h);
    let cells = cells.max(1);
    let width = (m * 0.022).clamp(0.5, 1.4);
    let inset = m * 0.045;
    let lines = |cv: &mut Canvas| {
        for i in 1..cells {
            let x = w * i as f64 / cells as f64;
            let y = h * i as f64 / cells as f64;
            cv.add(line(x, -b, x, h + b, ink, width));
            cv.add(line(-b, y, w + b, y, ink, width));
        }
    };
    if *outline == Outline::Rect {
        lines(cv);
        cv.add(
            rect(inset, inset, w - 2.0 * inset, h - 2.0 * inset, "none")
                .set("stroke", ink)
                .set("stroke-width", n(width)),
        );
        return;
    }
    cv.clipped(clip, lines);
    cv.add(
        svg::node::element::Path::new()
            .set("d", cut::path_data(&cut::inside(outline, w, h, inset)))
            .set("fill", "none")
            .set("stroke", ink)
            .set("stroke-width", n(width)),
    );
}

/// The face's symbol small in two opposite corners (the second turned half round), inside the
/// outline.
pub fn corner_symbols(
    cv: &mut Canvas,
    outline: &Outline,
    face: &Face,
    art: &Art,
    ink: &str,
) -> Result<(), super::DrawError> {
    let Some(sym) = &face.symbol else {
        return Ok(());
    };
    let (w, h) = (cv.w, cv.h);
    let s = corner_square(outline, w, h);
    let m = 2.0 * s.half;
    let g = art.symbol(&sym.value)?;
    let size = m * 0.2;
    let pad = m * 0.06;
    // A rectangle's own corners; the corners of the square inside any other outline.
    let (x, y, cx, cy) = match outline.is_box() {
        true => (pad, pad, w / 2.0, h / 2.0),
        false => (s.cx - s.half + pad, s.cy - s.half + pad, s.cx, s.cy),
    };
    cv.add(place(&g, x, y, size, ink));
    cv.add(place(&g, x, y, size, ink).set(
        "transform",
        format!(
            "rotate(180 {} {}) translate({} {}) scale({})",
            n(cx),
            n(cy),
            n(x),
            n(y),
            n(size / 100.0)
        ),
    ));
    Ok(())
}

/// The direction mark's size on a piece whose shorter side is `m`: half its width and its
/// height.
fn arrow_size(m: f64) -> (f64, f64) {
    (m * 0.06, m * 0.075)
}

/// Where the direction mark's tip is: just inside the top edge of a square or round piece, and
/// on any other outline as far down as its top is wide enough to hold it with room each side.
fn arrow_top(outline: &Outline, w: f64, h: f64) -> (f64, f64) {
    let m = w.min(h);
    match outline {
        Outline::Circle => (w / 2.0, m * 0.085),
        Outline::Rect | Outline::Rounded(_) => (w / 2.0, m * 0.05),
        other => {
            let s = other.safe_square(w, h);
            let (half, tall) = arrow_size(m);
            let room = m * 0.05;
            let holds = |y: f64, reach: f64| {
                other
                    .span_at(y, s.cx)
                    .is_some_and(|(a, b)| a <= s.cx - reach - room && b >= s.cx + reach + room)
            };
            // As far below the outline's top as a square piece's is below its edge, and lower
            // where the outline is too narrow there (a pointy top).
            let ys = (0..=400).map(|k| k as f64 * h / 400.0);
            let edge = ys.clone().find(|&y| holds(y, -room)).unwrap_or(0.0);
            let top = ys
                .filter(|&y| y >= edge + m * 0.05)
                .find(|&y| holds(y, 0.0) && holds(y + tall, half))
                .unwrap_or(s.cy - s.half);
            (s.cx, top)
        }
    }
}

/// How far down the direction mark reaches: what is drawn under it starts lower.
pub fn arrow_bottom(outline: &Outline, w: f64, h: f64) -> f64 {
    let m = w.min(h);
    arrow_top(outline, w, h).1 + arrow_size(m).1
}

/// The direction mark: a small solid triangle pointing up, just inside the top of the outline.
pub fn arrow(cv: &mut Canvas, outline: &Outline, color: &str) {
    let (w, h) = (cv.w, cv.h);
    let (half, tall) = arrow_size(w.min(h));
    let (x, top) = arrow_top(outline, w, h);
    let mut poly = crate::draw::canvas::element("polygon");
    poly.assign(
        "points",
        format!(
            "{},{} {},{} {},{}",
            n(x),
            n(top),
            n(x + half),
            n(top + tall),
            n(x - half),
            n(top + tall)
        ),
    );
    poly.assign("fill", color);
    cv.add(poly);
}
