//! Pips: a count drawn as a centred row of filled dots, so a rank reads without colour and
//! without reading a word. The dots shrink only when the row would not fit its width.
use super::canvas::{Canvas, circle};

/// Most pips drawn; a larger count is refused by the spec checks.
pub const MAX_PIPS: u32 = 12;

/// Draws `count` dots of diameter `d` (at most) centred on (`cx`, `cy`) within `max_w` mm.
/// Returns the diameter used.
pub fn row(cv: &mut Canvas, cx: f64, cy: f64, count: u32, d: f64, max_w: f64, ink: &str) -> f64 {
    if count == 0 {
        return 0.0;
    }
    // Dots one diameter apart (pitch 1.7 d): wide enough apart to count at a glance.
    let k = count as f64;
    let d = d.min(max_w / (k * 1.7 - 0.7));
    let pitch = d * 1.7;
    let x0 = cx - (k - 1.0) * pitch / 2.0;
    for i in 0..count {
        cv.add(circle(x0 + i as f64 * pitch, cy, d / 2.0, ink).set("id", super::canvas::READ_ID));
    }
    d
}
