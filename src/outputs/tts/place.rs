//! Laying the objects out on the table: boards first (furthest from the players), then decks,
//! then bags and loose pieces, in rows left to right with a gap between objects; the whole
//! arrangement is centred on the origin. Units are TTS units (inches).
pub const GAP: f64 = 1.0;
/// Rows wrap past this width (the default table is about 60 units across).
pub const ROW_WIDTH: f64 = 36.0;

/// The order groups of objects are laid out in: lower first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Band {
    Board,
    Deck,
    Loose,
}

/// Centres (x, z) for objects of the given footprints (width, depth), in the given order
/// within their band, in rows of about `ROW_WIDTH`. +z is away from the players.
pub fn arrange(items: &[(Band, f64, f64)]) -> Vec<(f64, f64)> {
    arrange_in(items, ROW_WIDTH)
}

/// `arrange` in rows at most `row_width` wide (or as wide as the widest object).
pub fn arrange_in(items: &[(Band, f64, f64)], row_width: f64) -> Vec<(f64, f64)> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|&i| items[i].0); // stable: keeps spec order within a band
    let widest = items.iter().map(|i| i.1).fold(0.0, f64::max);
    let limit = row_width.max(widest);
    let mut out = vec![(0.0, 0.0); items.len()];
    // Rows of (index, x of left edge); z of each row's top edge.
    let mut rows: Vec<(Vec<(usize, f64)>, f64)> = Vec::new();
    let (mut x, mut z, mut depth) = (0.0, 0.0, 0.0f64);
    let mut band = None;
    let mut row = Vec::new();
    for i in order {
        let (b, w, d) = items[i];
        let new_band = band.is_some_and(|prev| prev != b);
        if !row.is_empty() && (x + w > limit || new_band) {
            rows.push((std::mem::take(&mut row), z));
            z -= depth + GAP;
            x = 0.0;
            depth = 0.0;
        }
        band = Some(b);
        row.push((i, x));
        x += w + GAP;
        depth = depth.max(d);
    }
    if !row.is_empty() {
        rows.push((row, z));
        z -= depth + GAP;
    }
    let total_depth = -z - GAP;
    for (row, top) in rows {
        // Each row is centred on its own.
        let width = row.last().map_or(0.0, |&(i, left)| left + items[i].1);
        let row_depth = row.iter().map(|&(i, _)| items[i].2).fold(0.0, f64::max);
        for (i, left) in row {
            let cx = left + items[i].1 / 2.0 - width / 2.0;
            let cz = top - row_depth / 2.0 + total_depth / 2.0;
            out[i] = (cx, cz);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overlap(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> bool {
        (a.0 - b.0).abs() * 2.0 < a.2 + b.2 && (a.1 - b.1).abs() * 2.0 < a.3 + b.3
    }

    #[test]
    fn nothing_overlaps_and_boards_come_first() {
        let items = vec![
            (Band::Loose, 0.8, 0.8),
            (Band::Deck, 3.0, 4.5),
            (Band::Board, 2.8, 12.0),
            (Band::Loose, 2.5, 2.5),
        ];
        let items: Vec<_> = items
            .into_iter()
            .chain((0..30).map(|_| (Band::Loose, 2.5, 2.5)))
            .collect();
        let at = arrange(&items);
        let boxes: Vec<_> = at
            .iter()
            .zip(&items)
            .map(|(&(x, z), &(_, w, d))| (x, z, w, d))
            .collect();
        for i in 0..boxes.len() {
            for j in i + 1..boxes.len() {
                assert!(!overlap(boxes[i], boxes[j]), "{i} and {j} overlap");
            }
        }
        assert!(at[2].1 > at[1].1, "the board is further away than the deck");
        assert!(
            at[1].1 > at[0].1,
            "the deck is further away than the tokens"
        );
        // Centred: the extremes of the widest row balance.
        let min_x = boxes
            .iter()
            .map(|b| b.0 - b.2 / 2.0)
            .fold(f64::MAX, f64::min);
        let max_x = boxes
            .iter()
            .map(|b| b.0 + b.2 / 2.0)
            .fold(f64::MIN, f64::max);
        assert!((min_x + max_x).abs() < 1e-9);
    }
}
