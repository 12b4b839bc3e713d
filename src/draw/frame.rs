//! Inner frames of tokens and tiles: a style per family (solid, double, dashed, corner
//! brackets) that stays distinct in grayscale, drawn just inside the cut line, whatever its
//! outline.
use super::canvas::{Canvas, n, rect};
use crate::base::outline::{Outline, inside, path_data};
use schemars::JsonSchema;
use serde::Deserialize;
use svg::Node;
use svg::node::element::{Element, Path};

/// Inner frame styles: distinct in grayscale, so a frame alone can tell families apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Frame {
    /// One solid line.
    Solid,
    /// Two thin lines.
    Double,
    /// A dashed line.
    Dashed,
    /// Brackets at the four corners only.
    Corners,
}

/// Draws `style` around the rectangle inset by `inset` mm from the cut, `stroke` mm thick.
pub fn draw(cv: &mut Canvas, style: Frame, inset: f64, stroke: f64, ink: &str) {
    let (w, h) = (cv.w, cv.h);
    let framed = |i: f64, s: f64| {
        rect(i, i, w - 2.0 * i, h - 2.0 * i, "none")
            .set("stroke", ink)
            .set("stroke-width", n(s))
            .into()
    };
    let corners = |arm: f64| {
        let (l, t, r, b) = (inset, inset, w - inset, h - inset);
        let d = format!(
            "M{l} {t2}V{t}H{l2}M{r2} {t}H{r}V{t2}M{r} {b2}V{b}H{r2}M{l2} {b}H{l}V{b2}",
            l = n(l),
            t = n(t),
            r = n(r),
            b = n(b),
            l2 = n(l + arm),
            r2 = n(r - arm),
            t2 = n(t + arm),
            b2 = n(b - arm),
        );
        Path::new()
            .set("d", d)
            .set("fill", "none")
            .set("stroke", ink)
            .set("stroke-width", n(stroke * 1.3))
            .into()
    };
    draw_in(cv, style, inset, stroke, framed, corners);
}

/// Draws `style` from `frame(i, s)`, the frame's line `i` mm inside the cut and `s` mm thick,
/// and `corners(arm)`, its corner brackets with arms `arm` long.
fn draw_in(
    cv: &mut Canvas,
    style: Frame,
    inset: f64,
    stroke: f64,
    frame: impl Fn(f64, f64) -> Element,
    corners: impl FnOnce(f64) -> Element,
) {
    let short = cv.w.min(cv.h);
    match style {
        Frame::Solid => cv.add(frame(inset, stroke)),
        Frame::Double => {
            cv.add(frame(inset - stroke * 0.4, stroke * 0.55));
            cv.add(frame(inset + stroke * 1.2, stroke * 0.55));
        }
        Frame::Dashed => {
            let dash = (short * 0.06).max(0.5);
            let mut dashed = frame(inset, stroke);
            dashed.assign("stroke-dasharray", format!("{} {}", n(dash), n(dash * 0.6)));
            cv.add(dashed);
        }
        Frame::Corners => cv.add(corners(short * 0.2)),
    }
}

/// Draws `style` along `outline` (a circle, polygon or custom path of the canvas's piece) moved
/// `inset` mm inside it, `stroke` mm thick: the frame of a piece that is not a rectangle. Its
/// corner brackets sit at the outline's corners (a circle's at its diagonals).
pub fn draw_along(
    cv: &mut Canvas,
    style: Frame,
    outline: &Outline,
    inset: f64,
    stroke: f64,
    ink: &str,
) {
    let (w, h) = (cv.w, cv.h);
    let line = |d: String, s: f64| {
        Path::new()
            .set("d", d)
            .set("fill", "none")
            .set("stroke", ink)
            .set("stroke-width", n(s))
            .set("stroke-linejoin", "round")
    };
    let frame = |i: f64, s: f64| line(path_data(&inside(outline, w, h, i)), s).into();
    let corners = |arm: f64| {
        let d = match outline.points() {
            Some(points) => brackets(&crate::base::outline::inset(points, inset), arm),
            None => arcs(w, h, inset, arm),
        };
        line(d, stroke * 1.3).into()
    };
    draw_in(cv, style, inset, stroke, frame, corners);
}

/// Brackets at the corners of a polygon (where it turns by more than 30°), each arm `arm` long
/// or less on a short side.
fn brackets(p: &[(f64, f64)], arm: f64) -> String {
    let count = p.len();
    let mut d = String::new();
    for i in 0..count {
        let (prev, at, next) = (p[(i + count - 1) % count], p[i], p[(i + 1) % count]);
        let unit = |to: (f64, f64)| {
            let (dx, dy) = (to.0 - at.0, to.1 - at.1);
            let len = (dx * dx + dy * dy).sqrt().max(1e-9);
            ((dx / len, dy / len), len)
        };
        let ((ax, ay), la) = unit(prev);
        let ((bx, by), lb) = unit(next);
        // The angle between the two sides: a straight run (a curve followed closely) is no corner.
        if ax * bx + ay * by < -(30f64.to_radians().cos()) {
            continue;
        }
        let (ka, kb) = (arm.min(la * 0.4), arm.min(lb * 0.4));
        d.push_str(&format!(
            "M{} {}L{} {}L{} {}",
            n(at.0 + ax * ka),
            n(at.1 + ay * ka),
            n(at.0),
            n(at.1),
            n(at.0 + bx * kb),
            n(at.1 + by * kb)
        ));
    }
    d
}

/// Four arcs on the circle of a `w`×`h` piece, `inset` inside it, at its diagonals, each `arm`
/// long either side of its middle.
fn arcs(w: f64, h: f64, inset: f64, arm: f64) -> String {
    let (cx, cy) = (w / 2.0, h / 2.0);
    let r = (w.min(h) / 2.0 - inset).max(0.1);
    let sweep = (arm / r).min(0.7);
    let at = |a: f64| (cx + r * a.cos(), cy + r * a.sin());
    let mut d = String::new();
    for k in 0..4 {
        let mid = std::f64::consts::FRAC_PI_4 + k as f64 * std::f64::consts::FRAC_PI_2;
        let (from, to) = (at(mid - sweep), at(mid + sweep));
        d.push_str(&format!(
            "M{} {}A{} {} 0 0 1 {} {}",
            n(from.0),
            n(from.1),
            n(r),
            n(r),
            n(to.0),
            n(to.1)
        ));
    }
    d
}
