//! Inner frames of tokens and tiles: a style per family (solid, double, dashed, corner
//! brackets) that stays distinct in grayscale, drawn just inside the cut line.
use super::canvas::{Canvas, n, rect};
use schemars::JsonSchema;
use serde::Deserialize;

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
    };
    match style {
        Frame::Solid => cv.add(framed(inset, stroke)),
        Frame::Double => {
            cv.add(framed(inset - stroke * 0.4, stroke * 0.55));
            cv.add(framed(inset + stroke * 1.2, stroke * 0.55));
        }
        Frame::Dashed => {
            let dash = (w.min(h) * 0.06).max(0.5);
            cv.add(
                framed(inset, stroke)
                    .set("stroke-dasharray", format!("{} {}", n(dash), n(dash * 0.6))),
            );
        }
        Frame::Corners => {
            let arm = w.min(h) * 0.2;
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
            cv.add(
                svg::node::element::Path::new()
                    .set("d", d)
                    .set("fill", "none")
                    .set("stroke", ink)
                    .set("stroke-width", n(stroke * 1.3)),
            );
        }
    }
}
