//! Piecepack faces: the grid back of a tile (`grid: 2`), a rank with the suit in the corners
//! (`mark: corners`), and the direction mark of a coin (`mark: arrow`). Also `glyph`, which puts
//! a face's text (or, without text, its symbol) in a square: shared by tiles, dice and diagrams.
use svg::Node;
use svg::node::element::Group;

use super::face::{Art, Colors};
use crate::draw::canvas::{Anchor, Canvas, circle, line, n, place, rect, text};
use crate::draw::text::{Font, fit};
use crate::spec::{Face, Mark, Shape};

/// Whether this face is drawn here rather than by the plain token drawing.
pub fn applies(face: &Face) -> bool {
    face.grid.is_some() || face.mark.is_some()
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
    match (
        face.text.as_deref().filter(|t| !t.trim().is_empty()),
        &face.symbol,
    ) {
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

pub fn draw(cv: &mut Canvas, shape: Shape, face: &Face, art: &Art) -> Result<(), super::DrawError> {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    let c = Colors::of(face);
    let m = w.min(h);
    let round = shape == Shape::Round;
    if round {
        cv.add(circle(w / 2.0, h / 2.0, m / 2.0 + b, &c.background));
    } else {
        cv.add(rect(-b, -b, w + 2.0 * b, h + 2.0 * b, &c.background));
    }
    if face.mark == Some(Mark::Arrow) && face.grid.is_none() {
        // A coin: its value or its suit, centred, clear of the direction mark.
        let size = m * if face.text.as_deref().is_some_and(|t| !t.trim().is_empty()) {
            0.6
        } else {
            0.66
        };
        if let Some(g) = glyph(
            face,
            art,
            (w - size) / 2.0,
            (h - size) / 2.0 + m * 0.04,
            size,
            &c.ink,
        )? {
            cv.add(g);
        }
    }
    if let Some(cells) = face.grid {
        let cells = cells.max(1);
        let width = (m * 0.022).clamp(0.5, 1.4);
        // Inner lines only, running into the bleed: the cut itself is the outer edge.
        for i in 1..cells {
            let x = w * i as f64 / cells as f64;
            let y = h * i as f64 / cells as f64;
            cv.add(line(x, -b, x, h + b, &c.ink, width));
            cv.add(line(-b, y, w + b, y, &c.ink, width));
        }
        // A frame inset from the cut, so a slightly off cut still shows four equal squares.
        let inset = m * 0.045;
        cv.add(
            rect(inset, inset, w - 2.0 * inset, h - 2.0 * inset, "none")
                .set("stroke", c.ink.as_str())
                .set("stroke-width", n(width)),
        );
    }
    if face.mark == Some(Mark::Corners) {
        let has_text = face.text.as_deref().is_some_and(|t| !t.trim().is_empty());
        if has_text {
            let size = m * 0.62;
            let only_text = Face {
                symbol: None,
                ..face.clone()
            };
            if let Some(g) = glyph(
                &only_text,
                art,
                (w - size) / 2.0,
                (h - size) / 2.0,
                size,
                &c.ink,
            )? {
                cv.add(g);
            }
        } else if let Some(sym) = &face.symbol {
            let size = m * 0.5;
            let g = art.symbol(&sym.value)?;
            cv.add(place(&g, (w - size) / 2.0, (h - size) / 2.0, size, &c.ink));
        }
        if let Some(sym) = &face.symbol {
            let g = art.symbol(&sym.value)?;
            let size = m * 0.2;
            let pad = m * 0.06;
            cv.add(place(&g, pad, pad, size, &c.ink));
            cv.add(place(&g, pad, pad, size, &c.ink).set(
                "transform",
                format!(
                    "rotate(180 {} {}) translate({} {}) scale({})",
                    n(w / 2.0),
                    n(h / 2.0),
                    n(pad),
                    n(pad),
                    n(size / 100.0)
                ),
            ));
        }
    }
    if let Some(border) = c.border() {
        let stroke = (m * 0.012).clamp(0.25, 0.6);
        if round {
            cv.add(
                circle(w / 2.0, h / 2.0, m / 2.0 - stroke / 2.0, "none")
                    .set("stroke", border)
                    .set("stroke-width", n(stroke)),
            );
            // A fine inner ring, as on the plain tokens.
            cv.add(
                circle(w / 2.0, h / 2.0, m / 2.0 - m * 0.05, "none")
                    .set("stroke", border)
                    .set("stroke-width", n(stroke * 0.5))
                    .set("stroke-opacity", "0.45"),
            );
        } else {
            cv.add(
                rect(stroke / 2.0, stroke / 2.0, w - stroke, h - stroke, "none")
                    .set("stroke", border)
                    .set("stroke-width", n(stroke)),
            );
        }
    }
    if face.mark == Some(Mark::Arrow) {
        arrow(cv, shape, &c.ink);
    }
    Ok(())
}

/// The direction mark: a small solid triangle pointing up, just inside the top edge.
pub fn arrow(cv: &mut Canvas, shape: Shape, color: &str) {
    let (w, h) = (cv.w, cv.h);
    let m = w.min(h);
    let top = if shape == Shape::Round {
        m * 0.085
    } else {
        m * 0.05
    };
    let half = m * 0.06;
    let tall = m * 0.075;
    let _ = h;
    let mut poly = crate::draw::canvas::element("polygon");
    poly.assign(
        "points",
        format!(
            "{},{} {},{} {},{}",
            n(w / 2.0),
            n(top),
            n(w / 2.0 + half),
            n(top + tall),
            n(w / 2.0 - half),
            n(top + tall)
        ),
    );
    poly.assign("fill", color);
    cv.add(poly);
}
