//! Pips: a count drawn as filled dots, so a rank reads without colour and without reading a
//! word: a centred row (a token's rank; the dots shrink only when the row would not fit its
//! width), or a die's face.
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

/// The pips of a die's face `s` mm square at (`x`, `y`): 1 to 6 as a real die shows them (two
/// and three corner to corner, six in two columns), more in centred rows of three. Each is a
/// dot of the `ink` colour.
pub fn die_face(x: f64, y: f64, s: f64, count: u32, ink: &str) -> svg::node::element::Group {
    let (centres, d) = on_die(count);
    centres
        .into_iter()
        .fold(svg::node::element::Group::new(), |g, (cx, cy)| {
            g.add(circle(x + cx * s, y + cy * s, d * s / 2.0, ink))
        })
}

/// Where `count` pips sit on a die's face of side 1 (their centres, from its top left) and the
/// diameter of each.
pub fn on_die(count: u32) -> (Vec<(f64, f64)>, f64) {
    let (a, b, c) = (0.25, 0.5, 0.75);
    let corners = [(a, a), (c, a), (a, c), (c, c)];
    let centres = match count {
        0 => Vec::new(),
        1 => vec![(b, b)],
        2 => vec![(c, a), (a, c)],
        3 => vec![(c, a), (b, b), (a, c)],
        4 => corners.to_vec(),
        5 => [&corners[..], &[(b, b)]].concat(),
        6 => vec![(a, a), (a, b), (a, c), (c, a), (c, b), (c, c)],
        n => {
            // Rows of three, the last centred under the others.
            let rows = n.div_ceil(3);
            let pitch = match rows {
                ..=3 => 0.25,
                _ => 0.6 / (rows - 1) as f64,
            };
            let top = 0.5 - pitch * (rows - 1) as f64 / 2.0;
            (0..n)
                .map(|i| {
                    let (row, col) = (i / 3, i % 3);
                    let in_row = (n - row * 3).min(3);
                    let left = 0.5 - 0.25 * (in_row - 1) as f64 / 2.0;
                    (left + 0.25 * col as f64, top + pitch * row as f64)
                })
                .collect()
        }
    };
    // Apart by at least half a pip, so that each is counted at a glance.
    let d = if count > 9 { 0.13 } else { 0.17 };
    (centres, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_die_shows_one_to_six_as_a_real_die_does() {
        let (one, _) = on_die(1);
        assert_eq!(one, vec![(0.5, 0.5)]);
        // Two and three corner to corner, through the middle for three.
        let (two, _) = on_die(2);
        assert_eq!(two, vec![(0.75, 0.25), (0.25, 0.75)]);
        assert!(on_die(3).0.contains(&(0.5, 0.5)));
        // Four and five in the corners, five with the middle; six in two columns of three.
        let (four, _) = on_die(4);
        assert!(four.iter().all(|&(x, y)| x != 0.5 && y != 0.5));
        assert_eq!(on_die(5).0.len(), 5);
        let (six, _) = on_die(6);
        assert!(six.iter().all(|&(x, _)| x == 0.25 || x == 0.75));
        assert_eq!(six.iter().filter(|&&(x, _)| x == 0.25).count(), 3);
    }

    #[test]
    fn every_count_stays_on_the_face_with_its_pips_apart() {
        for n in 1..=MAX_PIPS {
            let (centres, d) = on_die(n);
            assert_eq!(centres.len(), n as usize);
            for (i, p) in centres.iter().enumerate() {
                assert!(p.0 - d / 2.0 > 0.05 && p.0 + d / 2.0 < 0.95, "{n}: {p:?}");
                assert!(p.1 - d / 2.0 > 0.05 && p.1 + d / 2.0 < 0.95, "{n}: {p:?}");
                // As far apart as a real die's six: a third of a pip between two.
                for q in &centres[i + 1..] {
                    let gap = ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt() - d;
                    assert!(gap > d / 3.0, "{n}: {p:?} and {q:?} touch");
                }
            }
        }
    }

    #[test]
    fn more_pips_are_rows_of_three_the_last_centred() {
        for n in 7..=MAX_PIPS {
            let (centres, _) = on_die(n);
            let mut rows: Vec<f64> = centres.iter().map(|p| p.1).collect();
            rows.dedup();
            for (r, y) in rows.iter().enumerate() {
                let in_row = centres.iter().filter(|p| p.1 == *y).count();
                let full = r + 1 < rows.len();
                assert!(
                    in_row == 3 || (!full && in_row < 3),
                    "{n}: row {r} has {in_row}"
                );
            }
            let last_row = centres.iter().map(|p| p.1).fold(f64::MIN, f64::max);
            let last: Vec<f64> = centres
                .iter()
                .filter(|p| p.1 == last_row)
                .map(|p| p.0)
                .collect();
            let mid = last.iter().sum::<f64>() / last.len() as f64;
            assert!((mid - 0.5).abs() < 1e-9, "{n}: {last:?}");
        }
    }
}
