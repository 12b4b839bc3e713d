//! The radius an SVG path's arcs are drawn with. usvg and kurbo turn an arc into cubic curves,
//! more of them the larger its radius, with no upper bound: one arc of radius 3·10⁴⁴ in a
//! 434-byte symbol asked for 1.8 GB (found by fuzzing). Paths are checked before they are drawn.

/// Largest radius an arc may be drawn with, in the path's own units: at most about 50 curves
/// for a whole ellipse at usvg's tolerance of 0.1.
pub const MAX_ARC_RADIUS: f64 = 1e9;

/// The largest radius of any arc in path data `d` as it is drawn (an arc too small for its end
/// points is scaled up to reach them), or `None` when it has no arc. Path data that does not
/// parse is left to the drawing, which stops at the error the same way.
pub fn largest_radius(d: &str) -> Option<f64> {
    use svgtypes::PathSegment as S;
    use vello_cpu::kurbo::{Arc, Point, SvgArc, Vec2};
    let (mut at, mut start) = ((0.0, 0.0), (0.0, 0.0));
    let mut largest: Option<f64> = None;
    for segment in svgtypes::PathParser::from(d) {
        let Ok(segment) = segment else { break };
        let to = |abs: bool, x: f64, y: f64, at: (f64, f64)| match abs {
            true => (x, y),
            false => (at.0 + x, at.1 + y),
        };
        let next = match segment {
            S::MoveTo { abs, x, y } => {
                start = to(abs, x, y, at);
                start
            }
            S::LineTo { abs, x, y }
            | S::CurveTo { abs, x, y, .. }
            | S::SmoothCurveTo { abs, x, y, .. }
            | S::Quadratic { abs, x, y, .. }
            | S::SmoothQuadratic { abs, x, y } => to(abs, x, y, at),
            S::HorizontalLineTo { abs, x } => (if abs { x } else { at.0 + x }, at.1),
            S::VerticalLineTo { abs, y } => (at.0, if abs { y } else { at.1 + y }),
            S::ClosePath { .. } => start,
            S::EllipticalArc {
                abs,
                rx,
                ry,
                x_axis_rotation,
                large_arc,
                sweep,
                x,
                y,
            } => {
                let end = to(abs, x, y, at);
                let arc = SvgArc {
                    from: Point::new(at.0, at.1),
                    to: Point::new(end.0, end.1),
                    radii: Vec2::new(rx, ry),
                    x_rotation: x_axis_rotation.to_radians(),
                    large_arc,
                    sweep,
                };
                if let Some(arc) = Arc::from_svg_arc(&arc) {
                    let r = arc.radii.x.abs().max(arc.radii.y.abs());
                    // NaN counts as too large: it is no radius to draw with.
                    let r = if r.is_nan() { f64::INFINITY } else { r };
                    largest = Some(largest.map_or(r, |l| l.max(r)));
                }
                end
            }
        };
        at = next;
    }
    largest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_radius_an_arc_is_drawn_with() {
        assert_eq!(largest_radius("M0 0 L10 10 Z"), None);
        assert_eq!(largest_radius("M0 0 A5 5 0 0 1 10 0"), Some(5.0));
        // Too small to reach its end point 10 away: drawn with radius 5.
        assert_eq!(largest_radius("M0 0 a1 1 0 0 1 10 0"), Some(5.0));
        let bomb = "M82.3,59.8A3011111111111111111111111111111111111111111.5 30.5 0 1 0 82.3,59.8";
        // The same end point as the start draws nothing; from elsewhere it is a huge arc.
        assert_eq!(largest_radius(bomb), None);
        let bomb = "M82.3,59.8A3011111111111111111111111111111111111111111.5 30.5 0 1 0 44.5,12.5";
        assert!(largest_radius(bomb).unwrap() > MAX_ARC_RADIUS);
        // Relative moves far away make a huge arc of a small one.
        let far = "M0 0 l1e30 0 a1 1 0 0 1 -2e30 0";
        assert!(largest_radius(far).unwrap() > MAX_ARC_RADIUS);
    }
}
