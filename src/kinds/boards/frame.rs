//! Where a board's parts lie: its grid inside a margin, the score track around that, and the
//! areas outside.
use std::collections::BTreeMap;

use super::extras::*;
use crate::base::geometry::Rect;

/// Where a board's parts lie: its grid inside a margin, the score track around that, and the
/// areas outside.
#[derive(Debug, Clone)]
pub struct Frame {
    pub w: f64,
    pub h: f64,
    /// The grid's box.
    pub grid: Rect,
    /// The grid with its margin, which the track runs around.
    pub inner: Rect,
    pub ring: Option<Ring>,
    /// Where each of `Extras::areas` is.
    pub areas: Vec<Rect>,
}

/// The score track's spaces, with their numbers, clockwise from the top left corner.
#[derive(Debug, Clone)]
pub struct Ring {
    pub depth: f64,
    pub spaces: Vec<(Rect, i64)>,
}

impl Frame {
    /// The frame of a `grid_w` × `grid_h` grid with `extras` around it.
    pub fn new(grid_w: f64, grid_h: f64, extras: &Extras) -> Frame {
        let depth = extras.track.map_or(0.0, |t| t.depth_mm());
        // The grid, its margin and the ring, before the areas.
        let (core_w, core_h) = (
            grid_w + 2.0 * EDGE_MM + 2.0 * depth,
            grid_h + 2.0 * EDGE_MM + 2.0 * depth,
        );
        let on = |side: AreaSide| extras.areas.iter().filter(move |a| a.side == side);
        let size = |a: &Area| a.size.value.mm();
        // Beside the core (left, right): as wide as the widest; stacked down.
        let across = |side| on(side).map(|a| size(a).0).fold(0.0, f64::max);
        let down = |side| on(side).map(|a| size(a).1).fold(0.0, f64::max);
        let stack_down = |side| {
            let hs: Vec<f64> = on(side).map(|a| size(a).1).collect();
            hs.iter().sum::<f64>() + GAP_MM * (hs.len().max(1) - 1) as f64
        };
        let stack_across = |side| {
            let ws: Vec<f64> = on(side).map(|a| size(a).0).collect();
            ws.iter().sum::<f64>() + GAP_MM * (ws.len().max(1) - 1) as f64
        };
        let band = |extent: f64| match extent > 0.0 {
            true => extent + 2.0 * GAP_MM,
            false => 0.0,
        };
        let (left, right) = (band(across(AreaSide::Left)), band(across(AreaSide::Right)));
        let (top, bottom) = (band(down(AreaSide::Top)), band(down(AreaSide::Bottom)));
        // A gap from the cut on every side: an area's dashed outline is not trimmed with it.
        let w = (left + core_w + right)
            .max(left + stack_across(AreaSide::Top) + 2.0 * GAP_MM)
            .max(left + stack_across(AreaSide::Bottom) + 2.0 * GAP_MM);
        let h = (top + core_h + bottom)
            .max(top + stack_down(AreaSide::Left) + 2.0 * GAP_MM + bottom)
            .max(top + stack_down(AreaSide::Right) + 2.0 * GAP_MM + bottom);
        let (cx, cy) = (left, top);
        let inner = Rect {
            x: cx + depth,
            y: cy + depth,
            w: grid_w + 2.0 * EDGE_MM,
            h: grid_h + 2.0 * EDGE_MM,
        };
        let grid = Rect {
            x: inner.x + EDGE_MM,
            y: inner.y + EDGE_MM,
            w: grid_w,
            h: grid_h,
        };
        let ring = extras.track.map(|t| Ring {
            depth,
            spaces: ring_spaces(&inner, depth, t.from, t.count().max(4) as usize),
        });
        // Each side's areas in the order written, a gap in from the core's top (or left) edge.
        let mut next = BTreeMap::new();
        let areas = extras
            .areas
            .iter()
            .map(|a| {
                let (aw, ah) = size(a);
                let at = next.entry(a.side as u8).or_insert(match a.side {
                    AreaSide::Left | AreaSide::Right => cy + GAP_MM,
                    AreaSide::Top | AreaSide::Bottom => cx + GAP_MM,
                });
                let (x, y) = match a.side {
                    AreaSide::Right => (cx + core_w + GAP_MM, *at),
                    AreaSide::Left => (GAP_MM, *at),
                    AreaSide::Top => (*at, GAP_MM),
                    AreaSide::Bottom => (*at, cy + core_h + GAP_MM),
                };
                let r = Rect { x, y, w: aw, h: ah };
                *at += match a.side {
                    AreaSide::Left | AreaSide::Right => ah + GAP_MM,
                    AreaSide::Top | AreaSide::Bottom => aw + GAP_MM,
                };
                r
            })
            .collect();
        Frame {
            w,
            h,
            grid,
            inner,
            ring,
            areas,
        }
    }
}

/// `count` spaces in a ring `depth` deep around `inner`, clockwise from its top left corner:
/// a square at each corner, the rest shared out along the sides by their lengths.
pub(super) fn ring_spaces(inner: &Rect, depth: f64, from: i64, count: usize) -> Vec<(Rect, i64)> {
    let sides = [inner.w, inner.h, inner.w, inner.h];
    let rest = count.saturating_sub(4);
    let perimeter: f64 = sides.iter().sum();
    // Largest remainders, so the counts add up to `rest`.
    let exact: Vec<f64> = sides.iter().map(|s| rest as f64 * s / perimeter).collect();
    let mut counts: Vec<usize> = exact.iter().map(|e| e.floor() as usize).collect();
    let mut order: Vec<usize> = (0..4).collect();
    order.sort_by(|&a, &b| (exact[b] - exact[b].floor()).total_cmp(&(exact[a] - exact[a].floor())));
    for &i in order.iter().take(rest - counts.iter().sum::<usize>()) {
        counts[i] += 1;
    }
    let (x0, y0) = (inner.x - depth, inner.y - depth);
    let (x1, y1) = (inner.right(), inner.bottom());
    let rect = |x, y, w, h| Rect { x, y, w, h };
    let mut out = Vec::with_capacity(count);
    // Each side from its first corner: the corner's square, then the side's spaces.
    for (side, (cx, cy)) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        .into_iter()
        .enumerate()
    {
        out.push(rect(cx, cy, depth, depth));
        let step = sides[side] / counts[side].max(1) as f64;
        for i in 0..counts[side] {
            let (start, end) = (i as f64 * step, (i + 1) as f64 * step);
            out.push(match side {
                0 => rect(inner.x + start, y0, step, depth),
                1 => rect(x1, inner.y + start, depth, step),
                2 => rect(x1 - end, y1, step, depth),
                _ => rect(x0, y1 - end, depth, step),
            });
        }
    }
    (from..).zip(out).map(|(number, r)| (r, number)).collect()
}
