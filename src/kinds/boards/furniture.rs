//! What a board draws around its grid: the score track and the areas, the coordinates in the
//! margin, the border and the title.
use std::collections::BTreeMap;

use super::extras::*;
use super::frame::*;
use crate::draw::canvas::{Anchor, Canvas, n, rect, text};
use crate::draw::text::{Font, fit};
use crate::kinds::spaces::*;

/// Draws the score track and the areas of `frame`.
pub fn draw_extras(cv: &mut Canvas, extras: &Extras, frame: &Frame, ink: &str) {
    if let Some(ring) = &frame.ring {
        let smallest = ring
            .spaces
            .iter()
            .map(|(r, _)| r.w.min(r.h))
            .fold(f64::INFINITY, f64::min);
        // Every number when they can be read; else every fifth.
        let size = (ring.depth * 0.42).min(smallest * 0.55);
        let every = if size < 1.8 { 5 } else { 1 };
        for (r, number) in &ring.spaces {
            let tinted = number.rem_euclid(5) == 0;
            let cell = rect(r.x, r.y, r.w, r.h, if tinted { ink } else { "none" })
                .set("stroke", ink)
                .set("stroke-width", n(LINE_MM));
            cv.add(match tinted {
                true => cell.set("fill-opacity", "0.1"),
                false => cell,
            });
            if number.rem_euclid(every) == 0 {
                let label = number.to_string();
                let s = fit(Font::CondensedBold, size.max(1.8), r.w * 0.85, &label);
                centred(cv, (r.x + r.w / 2.0, r.y + r.h / 2.0), s, ink, &label);
            }
        }
    }
    for (area, r) in extras.areas.iter().zip(&frame.areas) {
        cv.add(
            rect(r.x, r.y, r.w, r.h, ink)
                .set("fill-opacity", "0.05")
                .set("stroke", ink)
                .set("stroke-width", n(LINE_MM))
                .set("stroke-dasharray", format!("{} {}", n(2.0), n(1.2)))
                .set("rx", n(r.w.min(r.h) * 0.05)),
        );
        let s = fit(
            Font::CondensedBold,
            5.0_f64.min(r.h * 0.2),
            r.w * 0.85,
            &area.label,
        );
        centred(cv, (r.x + r.w / 2.0, r.y + r.h / 2.0), s, ink, &area.label);
    }
}

/// `words` in the condensed bold face, `size` mm high, centred on (`x`, `y`).
pub fn centred(cv: &mut Canvas, (x, y): (f64, f64), size: f64, ink: &str, words: &str) {
    let (font, anchor) = (Font::CondensedBold, Anchor::Middle);
    cv.add(text(x, y + size * 0.35, size, font, anchor, ink, words));
}

/// Where a board's coordinates are printed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Coordinates {
    /// In the margin around the grid: letters above each column, numbers beside each row (a
    /// board whose rows and columns run straight).
    Margin,
    /// Beside the outer spaces themselves (a grid of hexes, whose rows and columns start at
    /// different places and may slant): each row's number and each column's letters in line
    /// with it, beyond the space at its end; no letters without `columns`.
    Beside {
        rows: Beyond,
        columns: Option<Beyond>,
    },
}

/// Where the label of a row or a column goes: `gap` mm beyond its last space in direction
/// `dir` (a unit vector; the last space is the one furthest that way), and with `both`, as far
/// before its first.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Beyond {
    pub dir: (f64, f64),
    pub gap: f64,
    pub both: bool,
}

/// Prints the rows' numbers and the columns' letters of a board whose spaces are named
/// `<letter><row>`, `size` mm high.
pub fn draw_coordinates(
    cv: &mut Canvas,
    geometry: &Geometry,
    frame: &Frame,
    at: Coordinates,
    size: f64,
    ink: &str,
) {
    // The spaces of each row and of each column.
    let mut rows: BTreeMap<u32, Vec<&Space>> = BTreeMap::new();
    let mut columns: BTreeMap<String, Vec<&Space>> = BTreeMap::new();
    for s in &geometry.spaces {
        let Some((letters, row)) = parts(&s.name) else {
            continue;
        };
        rows.entry(row).or_default().push(s);
        columns.entry(letters).or_default().push(s);
    }
    let label = |cv: &mut Canvas, (x, y): (f64, f64), words: &str| {
        // Kept 3 mm (the safe zone) inside the cut: a slanting board's last letter would
        // otherwise stand in the margin's corner, 1.5 mm from it.
        use crate::base::geometry::SAFE_MM;
        let half_w = crate::draw::text::width(Font::CondensedBold, size, words) / 2.0;
        let x = x.clamp(
            (SAFE_MM + half_w).min(frame.w / 2.0),
            (frame.w - SAFE_MM - half_w).max(frame.w / 2.0),
        );
        let y = y.clamp(
            (SAFE_MM + size * 0.4).min(frame.h / 2.0),
            (frame.h - SAFE_MM - size * 0.4).max(frame.h / 2.0),
        );
        centred(cv, (x, y), size, ink, words);
    };
    // Where a line of spaces is labelled: beyond its last space along `b.dir`, and before its
    // first.
    let beyond = |line: &[&Space], b: &Beyond| -> Vec<(f64, f64)> {
        let along = |s: &&&Space| s.x * b.dir.0 + s.y * b.dir.1;
        let by = |a: &&&Space, z: &&&Space| along(a).total_cmp(&along(z));
        let (Some(first), Some(last)) = (line.iter().min_by(by), line.iter().max_by(by)) else {
            return Vec::new();
        };
        let mut out = vec![(last.x + b.dir.0 * b.gap, last.y + b.dir.1 * b.gap)];
        if b.both {
            out.push((first.x - b.dir.0 * b.gap, first.y - b.dir.1 * b.gap));
        }
        out
    };
    let grid = &frame.grid;
    for (row, line) in &rows {
        let places = match at {
            Coordinates::Margin => {
                let y = line.first().map_or(0.0, |s| s.y);
                vec![
                    (grid.x - MARGIN_LABEL_MM, y),
                    (grid.right() + MARGIN_LABEL_MM, y),
                ]
            }
            Coordinates::Beside { rows, .. } => beyond(line, &rows),
        };
        for place in places {
            label(cv, place, &row.to_string());
        }
    }
    for (letters, line) in &columns {
        let places = match at {
            Coordinates::Margin => {
                let x = line.first().map_or(0.0, |s| s.x);
                vec![(x, grid.y - MARGIN_LABEL_MM)]
            }
            Coordinates::Beside { columns: None, .. } => continue,
            Coordinates::Beside {
                columns: Some(columns),
                ..
            } => beyond(line, &columns),
        };
        for place in places {
            label(cv, place, &letters.to_ascii_uppercase());
        }
    }
}

/// The face's `border:`, a thin line just inside the edge of a board (or a pawn's strip).
pub fn draw_border(cv: &mut Canvas, border: Option<&str>) {
    if let Some(border) = border {
        cv.add(
            rect(0.15, 0.15, cv.w - 0.3, cv.h - 0.3, "none")
                .set("stroke", border)
                .set("stroke-width", "0.3"),
        );
    }
}

/// The title in the margin above the grid, at most 40 % of its width: where coordinates
/// below the grid leave too little room beside them.
pub fn draw_title_above(cv: &mut Canvas, frame: &Frame, title: Option<&str>, ink: &str) {
    if let Some(title) = title {
        // The capitals' tops 3.1 mm inside the cut, as the title below keeps its foot.
        let size = fit(Font::Display, EDGE_MM * 0.5, frame.grid.w * 0.4, title);
        cv.add(text(
            frame.grid.x,
            frame.grid.y - EDGE_MM + 3.1 + 0.75 * size,
            size,
            Font::Display,
            Anchor::Start,
            ink,
            title,
        ));
    }
}

/// The title in the bottom margin, at the left (where a split board's seams and "part k of n"
/// badges, to its right, miss it), at most `room` mm long: 40 % of the grid's width, or what
/// coordinates below the grid leave.
pub fn draw_title(cv: &mut Canvas, frame: &Frame, title: Option<&str>, ink: &str, room: f64) {
    if let Some(title) = title {
        // Its baseline 3.1 mm inside the cut and a tenth of its size more, for what the display
        // face's capitals have below it (the tail of a Q): its ink stays in the safe zone.
        let size = fit(Font::Display, EDGE_MM * 0.5, room, title);
        cv.add(text(
            frame.grid.x,
            frame.grid.bottom() + EDGE_MM - 3.1 - 0.1 * size,
            size,
            Font::Display,
            Anchor::Start,
            ink,
            title,
        ));
    }
}
