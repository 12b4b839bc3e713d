//! Marked spaces drawn in their styles: a cell filled (in slices when it is in two styles), a
//! point's dot, a symbol and a label placed clear of the lines; a style's outline round the
//! area it marks.
use std::collections::BTreeMap;

use super::extras::*;
use crate::base::geometry::Rect;
use crate::draw::canvas::{Anchor, Canvas, circle, n, place, text};
use crate::draw::text::{Font, fit};
use crate::kinds::face::{Art, DrawError};
use crate::kinds::spaces::*;

/// How a marked space is shaped: a cell (its outline), a space of any shape (its exact outline
/// as SVG path data, and followed by straight lines) or a point (its centre and the radius a
/// mark takes).
pub enum Marked<'a> {
    Cell {
        outline: &'a [(f64, f64)],
        x: f64,
        y: f64,
        size: f64,
    },
    Shape {
        d: &'a str,
        outline: &'a [(f64, f64)],
        x: f64,
        y: f64,
        /// The side of the square about (`x`, `y`) inside it.
        size: f64,
    },
    Point {
        x: f64,
        y: f64,
        r: f64,
        /// The radius of what the board draws on every point (a dot or a ring), which a label
        /// stays clear of as well.
        drawn: f64,
        /// The directions of the lines that leave the point (radians, clockwise from the right
        /// as the page's y runs down).
        lines: Vec<f64>,
        /// The grid's box, which a label stays in.
        room: Rect,
    },
}

/// Draws the mark of `style` on one space, in `ink` unless the style says otherwise.
pub fn draw_mark(
    cv: &mut Canvas,
    style_name: &str,
    style: Option<&Style>,
    at: Marked,
    art: &Art,
    ink: &str,
    sliced: bool,
) -> Result<(), DrawError> {
    let default = Style::default();
    let style = style.unwrap_or(&default);
    let mark_ink = style.ink.as_ref().map_or(ink, |c| c.hex());
    let fill = style.fill.as_ref().map(|c| c.hex());
    match at {
        Marked::Cell {
            outline,
            x,
            y,
            size,
        } => {
            if let Some(fill) = fill {
                cv.add(polygon(outline, fill));
            }
            cell_mark(cv, style_name, style, (x, y, size), art, mark_ink)?;
        }
        Marked::Shape { d, x, y, size, .. } => {
            if let Some(fill) = fill {
                cv.add(filled(d, fill));
            }
            cell_mark(cv, style_name, style, (x, y, size), art, mark_ink)?;
        }
        Marked::Point {
            x,
            y,
            r,
            drawn,
            lines,
            room,
        } => {
            let dot = match style_name == STAR && fill.is_none() {
                true => r * 0.45,
                false => r,
            };
            // A point filled in slices by several styles has its dot already.
            if !sliced {
                cv.add(circle(x, y, dot, fill.unwrap_or(mark_ink)));
            }
            if let Some(symbol) = &style.symbol {
                let s = r * 1.4;
                let g = art.symbol(&symbol.value)?;
                cv.add(place(&g, x - s / 2.0, y - s / 2.0, s, "#ffffff"));
            }
            if let Some(label) = &style.label {
                let s = fit(Font::CondensedBold, r * 1.2, r * 6.0, label);
                let w = crate::draw::text::width(Font::CondensedBold, s, label);
                let room = Rect {
                    x: room.x - x,
                    y: room.y - y,
                    ..room
                };
                let (cx, cy) = label_place(&lines, r.max(drawn), (w / 2.0, s * 0.5), &room);
                super::furniture::centred(cv, (x + cx, y + cy), s, mark_ink, label);
            }
        }
    }
    Ok(())
}

/// The star, symbol and label of `style` in a cell or a space of any shape, about (`x`, `y`),
/// within a square `size` mm a side.
fn cell_mark(
    cv: &mut Canvas,
    style_name: &str,
    style: &Style,
    (x, y, size): (f64, f64, f64),
    art: &Art,
    mark_ink: &str,
) -> Result<(), DrawError> {
    if style_name == STAR && style.symbol.is_none() && style.label.is_none() {
        cv.add(circle(x, y, size * 0.08, mark_ink));
    }
    let label_h = style.label.as_ref().map_or(0.0, |_| size * 0.2);
    if let Some(symbol) = &style.symbol {
        let s = size * 0.62 - label_h;
        let g = art.symbol(&symbol.value)?;
        cv.add(place(
            &g,
            x - s / 2.0,
            y - s / 2.0 - label_h / 2.0,
            s,
            mark_ink,
        ));
    }
    if let Some(label) = &style.label {
        let (font_max, baseline) = match style.symbol {
            Some(_) => (label_h * 0.9, y + size * 0.31 + label_h * 0.15),
            None => (size * 0.3, y + size * 0.1),
        };
        let s = fit(Font::CondensedBold, font_max, size * 0.8, label);
        cv.add(text(
            x,
            baseline,
            s,
            Font::CondensedBold,
            Anchor::Middle,
            mark_ink,
            label,
        ));
    }
    Ok(())
}

/// Where the centre of a point's label goes, from the point: where a box of half extents
/// `half` misses the lines that leave it (`lines`, their directions) and the `r` mm drawn on
/// the point, and stays in `room` (the grid's box, from the point); as near as that allows,
/// and up and to the right where several places are as near.
fn label_place(lines: &[f64], r: f64, (hx, hy): (f64, f64), room: &Rect) -> (f64, f64) {
    use std::f64::consts::{FRAC_PI_4, PI, TAU};
    // How far a box reaches along a unit vector.
    let reach = |nx: f64, ny: f64| hx * nx.abs() + hy * ny.abs();
    // How far out along direction `a` the box clears the point and every line.
    let distance = |a: f64| {
        let (ux, uy) = (a.cos(), a.sin());
        let mut d = r + 0.6 + reach(ux, uy);
        for &line in lines {
            let apart = (a - line).rem_euclid(TAU);
            let apart = apart.min(TAU - apart);
            if apart < 1e-9 {
                return f64::INFINITY;
            }
            // Lines behind the box cannot meet it; one beside it is d·sin(apart) away.
            if apart < PI / 2.0 {
                d = d.max((reach(-line.sin(), line.cos()) + 0.6) / apart.sin());
            }
        }
        d
    };
    let inside = |(x, y): (f64, f64)| {
        x - hx >= room.x && x + hx <= room.right() && y - hy >= room.y && y + hy <= room.bottom()
    };
    // Every 7.5°, scored by distance, a little more the further from up and right.
    let candidates = (0..48).map(|k| {
        let a = -FRAC_PI_4 + k as f64 * TAU / 48.0;
        let d = distance(a);
        let off = ((a + FRAC_PI_4).rem_euclid(TAU)).min(TAU - (a + FRAC_PI_4).rem_euclid(TAU));
        let at = (a.cos() * d, a.sin() * d);
        (d * (1.0 + 0.15 * off / PI), at)
    });
    let best = |fits: bool| {
        candidates
            .clone()
            .filter(|(score, at)| score.is_finite() && (!fits || inside(*at)))
            .min_by(|p, q| p.0.total_cmp(&q.0))
            .map(|(_, at)| at)
    };
    best(true)
        .or_else(|| best(false))
        .unwrap_or((r + hx, -(r + hy)))
}

/// SVG path data of the closed line through `points`.
pub fn closed_path(points: impl IntoIterator<Item = (f64, f64)>) -> String {
    let mut d = String::new();
    for (k, (x, y)) in points.into_iter().enumerate() {
        let to = if k == 0 { 'M' } else { 'L' };
        d.push_str(&format!("{to}{} {}", n(x), n(y)));
    }
    d + "Z"
}

/// The shape of SVG path data `d`, filled.
pub fn filled(d: &str, fill: &str) -> svg::node::element::Path {
    svg::node::element::Path::new()
        .set("d", d)
        .set("fill", fill)
}

/// The lines of SVG path data `d`, unfilled, in `colour`, `width` mm wide.
pub fn lines(d: &str, colour: &str, width: f64) -> svg::node::element::Path {
    filled(d, "none")
        .set("stroke", colour)
        .set("stroke-width", n(width))
}

/// A filled polygon.
pub fn polygon(points: &[(f64, f64)], fill: &str) -> svg::node::element::Polygon {
    let points: Vec<String> = points
        .iter()
        .map(|(x, y)| format!("{},{}", n(*x), n(*y)))
        .collect();
    svg::node::element::Polygon::new()
        .set("points", points.join(" "))
        .set("fill", fill)
}

/// Draws the marks of `extras` on the spaces of `geometry`, each shaped by `shape_of`. A space
/// that several styles fill (a corner of Hex, on a red and a blue side) is filled in each, in
/// slices facing the neighbours each style marks, and counts for each.
pub fn draw_marks<'g>(
    cv: &mut Canvas,
    extras: &Extras,
    geometry: &Geometry,
    shape_of: impl Fn(usize) -> Marked<'g>,
    art: &Art,
    ink: &str,
) -> Result<(), DrawError> {
    let fill_of = |style: &str| extras.styles.get(style).and_then(|s| s.fill.as_ref());
    // The styles that fill each space.
    let mut fills: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for (style, at) in &geometry.marked {
        if fill_of(style).is_some() {
            for &i in at {
                fills.entry(i).or_default().push(style);
            }
        }
    }
    for (&i, styles) in fills.iter().filter(|(_, s)| s.len() > 1) {
        let slices = slices(geometry, i, styles);
        for (style, (from, to)) in styles.iter().zip(slices) {
            let fill = fill_of(style).map_or(ink, |c| c.hex());
            cv.add(slice(&shape_of(i), from, to, fill));
        }
    }
    for (style, at) in &geometry.marked {
        for &i in at {
            // Filled already, in its slice.
            let shared = fills.get(&i).is_some_and(|s| s.len() > 1) && fill_of(style).is_some();
            let style_ = extras.styles.get(style).map(|s| Style {
                fill: s.fill.clone().filter(|_| !shared),
                ..s.clone()
            });
            draw_mark(cv, style, style_.as_ref(), shape_of(i), art, ink, shared)?;
        }
    }
    Ok(())
}

/// The slices (angles from, to, in radians clockwise from the right) of space `i` that each of
/// `styles` fills: each centred on the direction of the neighbours it marks, split half way
/// between; equal slices from the top when a style marks no neighbour.
fn slices(geometry: &Geometry, i: usize, styles: &[&str]) -> Vec<(f64, f64)> {
    use std::f64::consts::{FRAC_PI_2, TAU};
    let here = &geometry.spaces[i];
    let distance = |s: &Space| (s.x - here.x).hypot(s.y - here.y);
    // Neighbours are one step away: the nearest any space is.
    let step = geometry
        .spaces
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != i)
        .map(|(_, s)| distance(s))
        .fold(f64::INFINITY, f64::min);
    let facing: Vec<Option<f64>> = styles
        .iter()
        .map(|style| {
            let (sx, sy) = geometry
                .marked
                .get(*style)
                .into_iter()
                .flatten()
                .filter(|&&j| j != i && distance(&geometry.spaces[j]) < step * 1.01)
                .map(|&j| {
                    let s = &geometry.spaces[j];
                    ((s.x - here.x) / step, (s.y - here.y) / step)
                })
                .fold((0.0, 0.0), |(a, b), (x, y)| (a + x, b + y));
            (sx.hypot(sy) > 1e-6).then(|| sy.atan2(sx))
        })
        .collect();
    let k = styles.len();
    let equal = |j: usize| {
        let from = -FRAC_PI_2 + TAU * j as f64 / k as f64;
        (from, from + TAU / k as f64)
    };
    let Some(angles) = facing.iter().copied().collect::<Option<Vec<f64>>>() else {
        return (0..k).map(equal).collect();
    };
    // Round the circle in order of the directions they face, each to half way to the next.
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by(|&a, &b| {
        angles[a]
            .rem_euclid(TAU)
            .total_cmp(&angles[b].rem_euclid(TAU))
    });
    let at = |n: usize| angles[order[n % k]].rem_euclid(TAU);
    let between = |n: usize| {
        let (a, b) = (at(n), at(n + 1));
        let gap = (b - a).rem_euclid(TAU);
        if gap < 1e-9 {
            return None;
        }
        Some(a + gap / 2.0)
    };
    let mut out = vec![(0.0, 0.0); k];
    for n in 0..k {
        let (Some(from), Some(to)) = (between(n + k - 1), between(n)) else {
            return (0..k).map(equal).collect();
        };
        let to = from + (to - from).rem_euclid(TAU);
        out[order[n]] = (from, if to <= from { from + TAU } else { to });
    }
    out
}

/// The part of a mark's shape between two directions from its centre (radians), filled.
fn slice(at: &Marked, from: f64, to: f64, fill: &str) -> svg::node::element::Path {
    let d = match at {
        Marked::Cell { outline, x, y, .. } | Marked::Shape { outline, x, y, .. } => {
            // Where a ray from the centre leaves the outline (convex, round the centre).
            let exit = |a: f64| {
                let (ux, uy) = (a.cos(), a.sin());
                (0..outline.len())
                    .filter_map(|k| {
                        let (p, q) = (outline[k], outline[(k + 1) % outline.len()]);
                        let (ex, ey) = (q.0 - p.0, q.1 - p.1);
                        let den = ux * ey - uy * ex;
                        if den.abs() < 1e-12 {
                            return None;
                        }
                        let t = ((p.0 - x) * ey - (p.1 - y) * ex) / den;
                        let u = ((p.0 - x) * uy - (p.1 - y) * ux) / den;
                        (t > 0.0 && (-1e-9..=1.0 + 1e-9).contains(&u)).then_some(t)
                    })
                    .fold(f64::INFINITY, f64::min)
            };
            let point = |a: f64| {
                let t = exit(a);
                (x + t * a.cos(), y + t * a.sin())
            };
            let angle = |c: &(f64, f64)| {
                let a = (c.1 - y).atan2(c.0 - x);
                from + (a - from).rem_euclid(std::f64::consts::TAU)
            };
            let mut corners: Vec<(f64, (f64, f64))> = outline
                .iter()
                .map(|c| (angle(c), *c))
                .filter(|(a, _)| *a > from && *a < to)
                .collect();
            corners.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut points = vec![(*x, *y), point(from)];
            points.extend(corners.into_iter().map(|(_, c)| c));
            points.push(point(to));
            closed_path(points)
        }
        Marked::Point { x, y, r, .. } => {
            let (ax, ay) = (x + r * from.cos(), y + r * from.sin());
            let (bx, by) = (x + r * to.cos(), y + r * to.sin());
            let large = u8::from(to - from > std::f64::consts::PI);
            format!(
                "M{} {}L{} {}A{} {} 0 {large} 1 {} {}Z",
                n(*x),
                n(*y),
                n(ax),
                n(ay),
                n(*r),
                n(*r),
                n(bx),
                n(by)
            )
        }
    };
    filled(&d, fill)
}

/// Draws a heavy line round the area each style with an `outline:` marks: the edges of its
/// cells that no other cell of the area shares, joined into closed loops. Drawn after the grid
/// lines, so they do not cross it.
pub fn draw_outlines<'g>(
    cv: &mut Canvas,
    extras: &Extras,
    geometry: &Geometry,
    shape_of: impl Fn(usize) -> Marked<'g>,
) {
    for (style, at) in &geometry.marked {
        let Some(colour) = extras.styles.get(style).and_then(|s| s.outline.as_ref()) else {
            continue;
        };
        let cells: Vec<&[(f64, f64)]> = at
            .iter()
            .filter_map(|&i| match shape_of(i) {
                Marked::Cell { outline, .. } => Some(outline),
                Marked::Shape { .. } | Marked::Point { .. } => None,
            })
            .collect();
        // A space of any shape is ringed on its own, along its exact outline.
        let mut d = boundary_path(&cells);
        for &i in at {
            if let Marked::Shape { d: own, .. } = shape_of(i) {
                d.push_str(own);
            }
        }
        if !d.is_empty() {
            cv.add(lines(&d, colour.hex(), OUTLINE_MM).set("stroke-linejoin", "miter"));
        }
    }
}

/// The outer edge of a set of cells (polygons that meet edge to edge) as closed SVG loops.
fn boundary_path(cells: &[&[(f64, f64)]]) -> String {
    // Corners to a thousandth of a millimetre, so neighbours' shared corners are equal.
    let key = |(x, y): (f64, f64)| ((x * 1000.0).round() as i64, (y * 1000.0).round() as i64);
    type Corner = (i64, i64);
    let mut count: BTreeMap<(Corner, Corner), u32> = BTreeMap::new();
    let mut at: BTreeMap<(i64, i64), (f64, f64)> = BTreeMap::new();
    let edges = |c: &&[(f64, f64)]| {
        let c: Vec<(f64, f64)> = c.to_vec();
        (0..c.len()).map(move |i| (c[i], c[(i + 1) % c.len()]))
    };
    for (a, b) in cells.iter().flat_map(edges) {
        let (ka, kb) = (key(a), key(b));
        at.insert(ka, a);
        at.insert(kb, b);
        *count.entry((ka.min(kb), ka.max(kb))).or_default() += 1;
    }
    // Each outer edge once, from each of its ends.
    let mut from: BTreeMap<(i64, i64), Vec<(i64, i64)>> = BTreeMap::new();
    for ((a, b), _) in count.iter().filter(|(_, k)| **k == 1) {
        from.entry(*a).or_default().push(*b);
        from.entry(*b).or_default().push(*a);
    }
    let mut d = String::new();
    while let Some((&start, _)) = from.iter().find(|(_, next)| !next.is_empty()) {
        let mut ring = vec![start];
        let mut here = start;
        while let Some(next) = from.get_mut(&here).and_then(Vec::pop) {
            if let Some(back) = from.get_mut(&next) {
                back.retain(|k| *k != here);
            }
            if next == start {
                break;
            }
            ring.push(next);
            here = next;
        }
        // Corners only: a straight run of cell edges is one line, so its joins are clean.
        let turns = (0..ring.len()).filter(|&i| {
            let (a, b, c) = (
                ring[(i + ring.len() - 1) % ring.len()],
                ring[i],
                ring[(i + 1) % ring.len()],
            );
            (b.0 - a.0) * (c.1 - b.1) != (b.1 - a.1) * (c.0 - b.0)
        });
        d.push_str(&closed_path(turns.map(|i| at[&ring[i]])));
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::boards::frame::ring_spaces;

    #[test]
    fn an_outline_goes_round_the_outer_edge_of_its_cells_corner_to_corner() {
        let cell = |c: f64, r: f64| [(c, r), (c + 1.0, r), (c + 1.0, r + 1.0), (c, r + 1.0)];
        // An L of three squares: one loop of six corners, no inner edge.
        let l = [cell(0.0, 0.0), cell(1.0, 0.0), cell(0.0, 1.0)];
        let cells: Vec<&[(f64, f64)]> = l.iter().map(|c| &c[..]).collect();
        let d = boundary_path(&cells);
        assert_eq!(d.matches('M').count(), 1, "{d}");
        assert_eq!(d.matches('L').count(), 5, "{d}");
        for corner in ["0 0", "2 0", "2 1", "1 1", "1 2", "0 2"] {
            assert!(d.contains(corner), "{corner} in {d}");
        }
        // Two squares apart: two loops of four corners.
        let apart = [cell(0.0, 0.0), cell(5.0, 0.0)];
        let cells: Vec<&[(f64, f64)]> = apart.iter().map(|c| &c[..]).collect();
        let d = boundary_path(&cells);
        assert_eq!(
            (d.matches('M').count(), d.matches('L').count()),
            (2, 6),
            "{d}"
        );
    }

    #[test]
    fn a_ring_has_its_spaces_clockwise_and_square_corners() {
        let inner = Rect {
            x: 10.0,
            y: 10.0,
            w: 100.0,
            h: 60.0,
        };
        let spaces = ring_spaces(&inner, 10.0, 0, 50);
        assert_eq!(spaces.len(), 50);
        assert_eq!(spaces[0].1, 0);
        assert_eq!(spaces[49].1, 49);
        let corners: Vec<&Rect> = spaces
            .iter()
            .map(|(r, _)| r)
            .filter(|r| (r.w - 10.0).abs() < 1e-9 && (r.h - 10.0).abs() < 1e-9)
            .collect();
        assert!(corners.len() >= 4);
        // Neighbours touch: the ring is closed and in order.
        for pair in spaces
            .windows(2)
            .chain(std::iter::once(&[spaces[49], spaces[0]][..]))
        {
            let (a, b) = (pair[0].0, pair[1].0);
            let touch = (a.right() - b.x).abs() < 1e-9
                || (b.right() - a.x).abs() < 1e-9
                || (a.bottom() - b.y).abs() < 1e-9
                || (b.bottom() - a.y).abs() < 1e-9;
            assert!(touch, "{a:?} {b:?}");
        }
        // The ring's spaces cover its area exactly.
        let area: f64 = spaces.iter().map(|(r, _)| r.w * r.h).sum();
        assert!((area - (120.0 * 80.0 - 100.0 * 60.0)).abs() < 1e-6);
    }
}
