//! A page's placements, kept as grids: a page of nine cards of a deck is one record, not nine.
//! A build holds every page's placements from the layout to the last page written, and a deck
//! of 10,000 cards had a 64-byte record a card, fronts and backs. A grid is the first
//! placement and the steps to the next one (along the row, down to the next row, in piece and
//! face number); a placement joins the last grid only when the grid gives it back bit for bit,
//! so what the sinks read is exactly what the layout put.
//!
//! The pages of a deck repeat: each holds the same grids as the page before it, moved on by as
//! many pieces and faces. Such a page shares the earlier page's grids (`share`) and keeps only
//! how far it is moved on: a 20,000-card deck held a grid list a page, 0.24 MB.
use std::sync::Arc;

use super::layout::{Placement, Rect};

#[derive(Debug, Clone, Default)]
pub struct Placements {
    /// `None` while empty: a page's own list is made with its first placement.
    grids: Option<Arc<Vec<Grid>>>,
    /// Added to the piece and face numbers of every placement of `grids`.
    shift: Shift,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Shift {
    piece: usize,
    face: usize,
}

/// Placements at `first` and then `step` apart: `cols` a row (unknown while the first row is
/// open), rows `dy` apart.
#[derive(Debug, Clone)]
struct Grid {
    first: Placement,
    count: u32,
    cols: Option<u32>,
    step: Step,
}

#[derive(Debug, Clone, Copy, Default)]
struct Step {
    dx: f64,
    dy: f64,
    piece: i64,
    face: i64,
}

impl Grid {
    fn one(first: Placement) -> Grid {
        Grid {
            first,
            count: 1,
            cols: None,
            step: Step::default(),
        }
    }

    /// The `k`th placement (`k < count`, or the one a grid would put next), moved on by
    /// `shift`.
    fn at(&self, k: u32, shift: Shift) -> Placement {
        let (col, row) = match self.cols {
            Some(cols) => (k % cols, k / cols),
            None => (k, 0),
        };
        let first = &self.first;
        let step = |n: usize, by: i64| crate::runs::moved(n, by, k);
        Placement {
            piece: shift.piece + step(first.piece, self.step.piece),
            face: shift.face + step(first.face, self.step.face),
            rect: Rect {
                x: first.rect.x + f64::from(col) * self.step.dx,
                y: first.rect.y + f64::from(row) * self.step.dy,
                ..first.rect
            },
            turned: first.turned,
            part: first.part.clone(),
        }
    }

    /// Takes `p` as its next placement if the grid, with the steps `p` settles, gives it back
    /// exactly.
    fn take(&mut self, p: &Placement) -> bool {
        let first = &self.first;
        if first.part.is_some()
            || p.part.is_some()
            || p.turned != first.turned
            || p.rect.w.to_bits() != first.rect.w.to_bits()
            || p.rect.h.to_bits() != first.rect.h.to_bits()
            || self.count == u32::MAX
        {
            return false;
        }
        let mut next = self.clone();
        let same_row = p.rect.y.to_bits() == first.rect.y.to_bits();
        if self.count == 1 {
            next.step.piece = p.piece as i64 - first.piece as i64;
            next.step.face = p.face as i64 - first.face as i64;
            if same_row {
                next.step.dx = p.rect.x - first.rect.x;
            } else {
                next.cols = Some(1);
                next.step.dy = p.rect.y - first.rect.y;
            }
        } else if self.cols.is_none() && !same_row {
            // The first row ends: `p` starts the second.
            next.cols = Some(self.count);
            next.step.dy = p.rect.y - first.rect.y;
        }
        if !same_placement(&next.at(self.count, Shift::default()), p) {
            return false;
        }
        next.count += 1;
        *self = next;
        true
    }

    /// Equal bit for bit but for its first piece and face numbers.
    fn same_but_numbers(&self, o: &Grid) -> bool {
        let moved = Placement {
            piece: self.first.piece,
            face: self.first.face,
            ..o.first.clone()
        };
        let step = |s: &Step| {
            [
                s.dx.to_bits(),
                s.dy.to_bits(),
                s.piece as u64,
                s.face as u64,
            ]
        };
        same_placement(&self.first, &moved)
            && self.count == o.count
            && self.cols == o.cols
            && step(&self.step) == step(&o.step)
    }
}

/// Equal bit for bit (`==` on floats would take -0 for 0).
fn same_placement(a: &Placement, b: &Placement) -> bool {
    let bits = |r: &Rect| [r.x, r.y, r.w, r.h].map(f64::to_bits);
    a.piece == b.piece
        && a.face == b.face
        && a.turned == b.turned
        && a.part == b.part
        && bits(&a.rect) == bits(&b.rect)
}

impl Placements {
    pub fn new() -> Self {
        Placements::default()
    }

    pub fn push(&mut self, p: Placement) {
        if self.shift != Shift::default() {
            // Its grids were shared: from here on, a list of its own.
            let own: Vec<Placement> = self.iter().collect();
            *self = Placements::new();
            own.into_iter().for_each(|p| self.push(p));
        }
        let grids = Arc::make_mut(self.grids.get_or_insert_default());
        if let Some(last) = grids.last_mut()
            && last.take(&p)
        {
            return;
        }
        // Room for one grid, then twice as many each time: a page of a deck is one or two
        // grids, and a `Vec` makes room for four at once (a 20,000-card deck's candidate
        // layouts held 448 bytes a page for 224 of grids, 1.5 MB at the build's highest point).
        if grids.len() == grids.capacity() {
            grids.reserve_exact(grids.len().max(1));
        }
        grids.push(Grid::one(p));
    }

    fn grids(&self) -> &[Grid] {
        self.grids.as_deref().map_or(&[], Vec::as_slice)
    }

    pub fn len(&self) -> usize {
        self.grids().iter().map(|g| g.count as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.grids().is_empty()
    }

    /// Every placement, in the order they were put.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            grids: self.grids().iter(),
            shift: self.shift,
            current: None,
        }
    }

    /// Takes `earlier`'s grids if they give this page's placements back exactly once moved
    /// on by some number of pieces and faces (the next page of a deck): the grids are then
    /// held once for both.
    pub fn share(&mut self, earlier: &Placements) {
        let (Some(mine), Some(theirs)) = (&self.grids, &earlier.grids) else {
            return;
        };
        if Arc::ptr_eq(mine, theirs) || mine.len() != theirs.len() {
            return;
        }
        let mut shift = None;
        for (a, b) in theirs.iter().zip(mine.iter()) {
            let moved = (
                (b.first.piece + self.shift.piece).checked_sub(a.first.piece),
                (b.first.face + self.shift.face).checked_sub(a.first.face),
            );
            let (Some(piece), Some(face)) = moved else {
                return;
            };
            let by = Shift { piece, face };
            if *shift.get_or_insert(by) != by || !a.same_but_numbers(b) {
                return;
            }
        }
        if let Some(shift) = shift {
            *self = Placements {
                grids: Some(theirs.clone()),
                shift,
            };
        }
    }

    pub fn get(&self, i: usize) -> Option<Placement> {
        self.iter().nth(i)
    }

    pub fn to_vec(&self) -> Vec<Placement> {
        self.iter().collect()
    }

    /// Whether this page holds `other`'s grids (see `share`), for tests.
    #[cfg(test)]
    pub(crate) fn shares_grids_with(&self, other: &Placements) -> bool {
        matches!((&self.grids, &other.grids), (Some(a), Some(b)) if Arc::ptr_eq(a, b))
    }

    /// Held for the whole build: without the room a growing list keeps.
    pub fn shrink_to_fit(&mut self) {
        if let Some(grids) = self.grids.as_mut().and_then(Arc::get_mut) {
            grids.shrink_to_fit();
        }
    }
}

impl PartialEq for Placements {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl FromIterator<Placement> for Placements {
    fn from_iter<I: IntoIterator<Item = Placement>>(iter: I) -> Self {
        let mut out = Placements::new();
        out.extend(iter);
        out
    }
}

impl Extend<Placement> for Placements {
    fn extend<I: IntoIterator<Item = Placement>>(&mut self, iter: I) {
        for p in iter {
            self.push(p);
        }
    }
}

impl From<Vec<Placement>> for Placements {
    fn from(list: Vec<Placement>) -> Self {
        list.into_iter().collect()
    }
}

/// A page's placements, made from its grids one by one (`Placements::iter`).
pub struct Iter<'a> {
    grids: std::slice::Iter<'a, Grid>,
    shift: Shift,
    /// The grid being walked and the next placement's number in it.
    current: Option<(&'a Grid, u32)>,
}

impl Iterator for Iter<'_> {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        loop {
            match &mut self.current {
                Some((grid, k)) if *k < grid.count => {
                    *k += 1;
                    return Some(grid.at(*k - 1, self.shift));
                }
                _ => self.current = Some((self.grids.next()?, 0)),
            }
        }
    }
}

impl<'a> IntoIterator for &'a Placements {
    type Item = Placement;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::layout::Part;

    fn at(piece: usize, face: usize, x: f64, y: f64) -> Placement {
        Placement {
            piece,
            face,
            rect: Rect {
                x,
                y,
                w: 63.5,
                h: 88.9,
            },
            turned: false,
            part: None,
        }
    }

    /// A sheet of poker cards as the packer puts them: each `x` the last one's right edge.
    fn sheet(cols: usize, rows: usize, face: impl Fn(usize) -> usize) -> Vec<Placement> {
        let mut out = Vec::new();
        for r in 0..rows {
            let mut x = 9.5;
            for c in 0..cols {
                let i = r * cols + c;
                out.push(at(i, face(i), x, 11.0 + r as f64 * 88.9));
                x += 63.5;
            }
        }
        out
    }

    #[test]
    fn a_sheet_of_a_deck_is_one_grid_and_gives_back_every_placement() {
        let cards = sheet(3, 3, |i| i + 7);
        let kept: Placements = cards.iter().cloned().collect();
        assert_eq!(kept.grids().len(), 1);
        assert_eq!(kept.len(), 9);
        assert_eq!(kept.iter().collect::<Vec<_>>(), cards);
        assert_eq!(kept.get(4), Some(cards[4].clone()));
        assert_eq!(kept.get(9), None);
    }

    #[test]
    fn a_face_out_of_step_starts_a_new_grid_and_nothing_is_lost() {
        // Card 4 has the same face as card 0 (drawn once): the steps break there.
        let cards = sheet(3, 3, |i| if i == 4 { 0 } else { i });
        let kept: Placements = cards.iter().cloned().collect();
        assert!(kept.grids().len() > 1);
        assert_eq!(kept.iter().collect::<Vec<_>>(), cards);
    }

    #[test]
    fn mirrored_backs_and_single_columns_keep_their_order() {
        // Backs mirror left to right: x falls along the row; one back face for every card.
        let backs: Vec<Placement> = sheet(3, 2, |_| 99)
            .into_iter()
            .map(|mut p| {
                p.rect.x = 210.0 - p.rect.x - p.rect.w;
                p
            })
            .collect();
        let column = sheet(1, 3, |i| i);
        for list in [backs, column] {
            let kept = Placements::from(list.clone());
            assert_eq!(kept.grids().len(), 1);
            assert_eq!(kept.iter().collect::<Vec<_>>(), list);
        }
    }

    #[test]
    fn parts_sizes_and_turns_are_kept_one_by_one() {
        let mut list = sheet(2, 1, |i| i);
        let mut part = at(2, 2, 9.5 + 127.0, 11.0);
        part.part = Some(Box::new(Part {
            number: 1,
            count: 2,
            window: part.rect,
            glue_top: false,
            glue_left: false,
        }));
        list.push(part);
        let mut wider = at(3, 3, 9.5, 100.0);
        wider.rect.w = 70.0;
        list.push(wider);
        let mut turned = at(4, 4, 79.5, 100.0);
        turned.turned = true;
        list.push(turned);
        let kept = Placements::from(list.clone());
        assert_eq!(kept.grids().len(), 4);
        assert_eq!(kept.iter().collect::<Vec<_>>(), list);
    }

    #[test]
    fn positions_a_step_does_not_give_back_exactly_are_kept_as_put() {
        // 0.1 + 0.2 is not 0.3 in binary: a grid must never round a position.
        let list = vec![at(0, 0, 0.1, 0.0), at(1, 1, 0.2, 0.0), at(2, 2, 0.3, 0.0)];
        let kept = Placements::from(list.clone());
        for (a, b) in kept.iter().zip(&list) {
            assert!(same_placement(&a, b));
        }
        assert_eq!(kept.len(), 3);
    }

    /// A sheet of nine cards from piece `first` on, faces `face_of(piece)`.
    fn page(first: usize, face_of: impl Fn(usize) -> usize) -> Placements {
        sheet(3, 3, |i| face_of(first + i))
            .into_iter()
            .map(|p| Placement {
                piece: p.piece + first,
                ..p
            })
            .collect()
    }

    #[test]
    fn a_page_moved_on_by_a_sheet_shares_the_grids_and_gives_back_its_own_placements() {
        let first = page(0, |p| p + 2);
        // A chain: each page shares with the one before, moved on from the first.
        let mut second = page(9, |p| p + 2);
        second.share(&first);
        let mut third = page(18, |p| p + 2);
        third.share(&second);
        assert!(second.shares_grids_with(&first) && third.shares_grids_with(&first));
        assert_eq!(third.to_vec(), page(18, |p| p + 2).to_vec());
        assert_eq!(second.to_vec(), page(9, |p| p + 2).to_vec());
        // The same back on every card: moved on in pieces only.
        let (back, mut next) = (page(0, |_| 1), page(9, |_| 1));
        next.share(&back);
        assert!(next.shares_grids_with(&back));
        assert_eq!(next.to_vec(), page(9, |_| 1).to_vec());
        // Moved back, or by different steps, or laid out differently: not shared.
        for (earlier, mut later) in [
            (page(9, |p| p), page(0, |p| p)),
            (page(0, |p| p), page(9, |p| 2 * p)),
            (page(0, |p| p), sheet(4, 2, |i| i + 9).into_iter().collect()),
        ] {
            let own = later.to_vec();
            later.share(&earlier);
            assert!(!later.shares_grids_with(&earlier));
            assert_eq!(later.to_vec(), own);
        }
    }

    #[test]
    fn a_shared_page_that_takes_more_gets_its_own_grids_and_the_earlier_page_keeps_its_own() {
        for moved_on in [9, 0] {
            let first = page(0, |p| p);
            let mut next = page(moved_on, |p| p);
            next.share(&first);
            assert!(next.shares_grids_with(&first));
            let extra = at(99, 99, 150.0, 250.0);
            next.push(extra.clone());
            assert!(!next.shares_grids_with(&first));
            let mut expected = page(moved_on, |p| p).to_vec();
            expected.push(extra);
            assert_eq!(next.to_vec(), expected);
            assert_eq!(first.to_vec(), page(0, |p| p).to_vec());
        }
    }
}
