//! Printing a piece larger than the paper in parts that overlap by `overlap` mm, to be glued:
//! evenly (a track), or with every seam on one of the piece's lines (a board's grid lines): each
//! part that lies on top ends exactly on a line, and the next part starts `overlap` mm earlier,
//! under it, with the glue strip. The joined board shows no cut through a square.
use super::{Part, Rect};
use crate::kinds::Split;

/// Most parts along one side of a piece printed in parts.
pub const MAX_PARTS_A_SIDE: usize = 50;

/// The parts a `w`×`h` piece split as `how` is printed in, each at most `max_w`×`max_h`: one
/// part when it fits, `None` when it cannot be printed so.
pub fn parts(
    how: &Split,
    w: f64,
    h: f64,
    max_w: f64,
    max_h: f64,
    overlap: f64,
) -> Option<Vec<Part>> {
    match how {
        // Whole or not at all.
        Split::Never => split(w, h, max_w, max_h, overlap).filter(|parts| parts.len() == 1),
        Split::Even => split(w, h, max_w, max_h, overlap),
        Split::OnLines { xs, ys } => split_on_lines(w, h, max_w, max_h, overlap, xs, ys),
    }
}

/// Splits a w×h piece into parts no larger than max_w×max_h that overlap by `overlap`.
pub fn split(w: f64, h: f64, max_w: f64, max_h: f64, overlap: f64) -> Option<Vec<Part>> {
    let count = |len: f64, max: f64| -> Option<usize> {
        if len <= max + 1e-9 {
            return Some(1);
        }
        if max <= overlap {
            return None;
        }
        let n = ((len - overlap) / (max - overlap)).ceil() as usize;
        (n <= MAX_PARTS_A_SIDE).then_some(n)
    };
    let (nx, ny) = (count(w, max_w)?, count(h, max_h)?);
    let pw = (w + (nx - 1) as f64 * overlap) / nx as f64;
    let ph = (h + (ny - 1) as f64 * overlap) / ny as f64;
    let mut parts = Vec::new();
    for j in 0..ny {
        for i in 0..nx {
            parts.push(Part {
                number: j * nx + i + 1,
                count: nx * ny,
                window: Rect {
                    x: i as f64 * (pw - overlap),
                    y: j as f64 * (ph - overlap),
                    w: pw,
                    h: ph,
                },
                glue_top: j > 0,
                glue_left: i > 0,
            });
        }
    }
    Some(parts)
}

/// Segments [start, end) covering 0..len, each at most `max` long, where every end but the last
/// is one of `lines` and the next segment starts `overlap` before it: as few as possible, with
/// each seam on the line nearest an even split (no sliver of a part at the end). `None` when
/// the lines leave no such cut (the caller then splits evenly).
fn segments(len: f64, max: f64, overlap: f64, lines: &[f64]) -> Option<Vec<(f64, f64)>> {
    let fewest = greedy(len, max, overlap, lines)?;
    let n = fewest.len();
    if n == 1 {
        return Some(fewest);
    }
    let even = (len + (n - 1) as f64 * overlap) / n as f64;
    let mut out = Vec::with_capacity(n);
    let mut start = 0.0;
    for i in 0..n - 1 {
        let left = (n - 1 - i) as f64;
        let end = lines
            .iter()
            .copied()
            .filter(|&g| {
                g <= start + max + 1e-9
                    && g > start + overlap + 1e-9
                    // What is left must still fit in the parts that remain.
                    && len - (g - overlap) <= left * (max - overlap) + overlap + 1e-9
            })
            .min_by(|a, b| {
                (a - start - even)
                    .abs()
                    .total_cmp(&(b - start - even).abs())
            });
        let Some(end) = end else {
            return Some(fewest);
        };
        out.push((start, end));
        start = end - overlap;
    }
    if len - start > max + 1e-9 {
        return Some(fewest);
    }
    out.push((start, len));
    Some(out)
}

/// The fewest segments: each seam on the last line that fits.
fn greedy(len: f64, max: f64, overlap: f64, lines: &[f64]) -> Option<Vec<(f64, f64)>> {
    let mut out = Vec::new();
    let mut start = 0.0;
    while len - start > max + 1e-9 {
        let end = lines
            .iter()
            .copied()
            .filter(|&g| g <= start + max + 1e-9 && g > start + overlap + 1e-9 && g < len)
            .fold(None, |best: Option<f64>, g| {
                Some(best.map_or(g, |b| b.max(g)))
            })?;
        out.push((start, end));
        start = end - overlap;
        if out.len() > MAX_PARTS_A_SIDE {
            return None;
        }
    }
    out.push((start, len));
    Some(out)
}

/// Parts of a `w`×`h` board whose vertical grid lines are at `xs` and horizontal ones at `ys`
/// (mm from its top-left), numbered row by row like `split`.
fn split_on_lines(
    w: f64,
    h: f64,
    max_w: f64,
    max_h: f64,
    overlap: f64,
    xs: &[f64],
    ys: &[f64],
) -> Option<Vec<Part>> {
    let (Some(cols), Some(rows)) = (
        segments(w, max_w, overlap, xs),
        segments(h, max_h, overlap, ys),
    ) else {
        return split(w, h, max_w, max_h, overlap);
    };
    let count = cols.len() * rows.len();
    let mut parts = Vec::with_capacity(count);
    for (j, (y0, y1)) in rows.iter().enumerate() {
        for (i, (x0, x1)) in cols.iter().enumerate() {
            parts.push(Part {
                number: j * cols.len() + i + 1,
                count,
                window: Rect {
                    x: *x0,
                    y: *y0,
                    w: x1 - x0,
                    h: y1 - y0,
                },
                glue_top: j > 0,
                glue_left: i > 0,
            });
        }
    }
    Some(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(n: usize) -> Vec<f64> {
        (0..=n).map(|k| 8.0 + 24.0 * k as f64).collect()
    }

    #[test]
    fn a_9x9_board_splits_on_grid_lines_and_joins_to_its_size() {
        let lines = grid(9);
        let w = 9.0 * 24.0 + 16.0;
        let parts = split_on_lines(w, w, 190.0, 241.0, 12.0, &lines, &lines).unwrap();
        assert_eq!(parts.len(), 2);
        let (a, b) = (parts[0].window, parts[1].window);
        assert!(
            lines.contains(&a.right()),
            "seam on a grid line: {}",
            a.right()
        );
        assert!((a.right() - b.x - 12.0).abs() < 1e-9, "overlap is 12 mm");
        assert!((b.right() - w).abs() < 1e-9 && a.x == 0.0);
        assert!(a.w <= 190.0 && b.w <= 190.0);
        assert!(parts.iter().all(|p| p.window.h == w && p.window.y == 0.0));
        // Balanced: the seam is the grid line nearest the middle, not the last that fits.
        assert_eq!(a.right(), 128.0);
    }

    #[test]
    fn seams_are_balanced_on_both_axes() {
        let lines = grid(9);
        let w = 9.0 * 24.0 + 16.0;
        // US Letter: 195.9 × 223 mm for parts.
        let parts = split_on_lines(w, w, 195.9, 223.0, 12.0, &lines, &lines).unwrap();
        assert_eq!(parts.len(), 4);
        for p in &parts {
            assert!(p.window.w >= 100.0 && p.window.h >= 100.0, "{:?}", p.window);
        }
    }

    #[test]
    fn split_parts_cover_the_piece_with_overlap() {
        let parts = split(80.0, 330.0, 190.0, 240.0, 12.0).unwrap();
        assert_eq!(parts.len(), 2);
        let (a, b) = (parts[0].window, parts[1].window);
        assert!((a.y + a.h - b.y - 12.0).abs() < 1e-9, "overlap is 12 mm");
        assert!(
            (b.bottom() - 330.0).abs() < 1e-9,
            "parts join to the full height"
        );
        assert!(parts[1].glue_top && !parts[0].glue_top);
    }

    #[test]
    fn no_usable_line_falls_back_to_an_even_split() {
        let parts = split_on_lines(300.0, 100.0, 190.0, 241.0, 12.0, &[], &[]).unwrap();
        assert_eq!(parts.len(), 2);
        assert!((parts[1].window.right() - 300.0).abs() < 1e-9);
    }
}
