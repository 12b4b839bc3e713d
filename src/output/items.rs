//! What a layout places, kept as runs (see `runs`): a deck of 20,000 cards is 20,000 items,
//! one a piece, and a 64-byte item a piece was 1.25 MB while the pages were laid out, then the
//! build's highest point. Items of pieces one after the other whose faces step evenly (a
//! deck's fronts 7, 8, 9…, its one back 1, 1, 1…) and that are alike otherwise are one run.
use super::layout::Item;
use crate::runs::{Runs, Stepping, moved};

#[derive(Debug, Clone)]
pub struct Items {
    list: Runs<Item>,
    /// Whether every item's piece comes after the one before it (as `prepare` makes them):
    /// `back_of` then finds a piece's run by halving.
    ascending: bool,
}

/// Equal, bit for bit, but for the piece and face numbers: every other field named, so that
/// one added later is not run together unseen.
fn alike(a: &Item, b: &Item) -> bool {
    let Item {
        piece: _,
        component,
        front: _,
        back: _,
        w,
        h,
        copies,
        shared_cuts,
    } = a;
    *component == b.component
        && w.to_bits() == b.w.to_bits()
        && h.to_bits() == b.h.to_bits()
        && (*copies, *shared_cuts) == (b.copies, b.shared_cuts)
}

impl Stepping for Item {
    /// Steps of the front and back face numbers; the piece steps by one.
    type Step = (i64, i64);

    fn step_to(&self, next: &Item) -> Option<(i64, i64)> {
        let faces = (self.front, self.back).step_to(&(next.front, next.back));
        faces.filter(|_| next.piece == self.piece + 1 && alike(self, next))
    }

    fn nth(&self, (front, back): (i64, i64), k: u32) -> Item {
        Item {
            piece: self.piece.wrapping_add(k as usize),
            front: moved(self.front, front, k),
            back: self.back.map(|b| moved(b, back, k)),
            ..self.clone()
        }
    }

    fn same(&self, o: &Item) -> bool {
        (self.piece, self.front, self.back) == (o.piece, o.front, o.back) && alike(self, o)
    }
}

impl Default for Items {
    fn default() -> Self {
        Items::new()
    }
}

impl Items {
    pub fn new() -> Self {
        Items {
            list: Runs::new(),
            ascending: true,
        }
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub fn push(&mut self, item: Item) {
        if let Some(last) = self.list.runs().last() {
            self.ascending &= item.piece > last.first.piece + last.count as usize - 1;
        }
        self.list.push(item);
    }

    /// Every item, in order.
    pub fn iter(&self) -> impl Iterator<Item = Item> + '_ {
        self.list.iter()
    }

    /// The back face of `piece`'s item (the last one, if it has several). Items out of piece
    /// order (as tests make them) are searched run by run.
    pub fn back_of(&self, piece: usize) -> Option<usize> {
        let runs = self.list.runs();
        let end = |r: &crate::runs::Run<Item>| r.first.piece + r.count as usize;
        let holds = |r: &&crate::runs::Run<Item>| (r.first.piece..end(r)).contains(&piece);
        let run = if self.ascending {
            runs.get(runs.partition_point(|r| end(r) <= piece))
                .filter(holds)
        } else {
            runs.iter().rev().find(holds)
        }?;
        run.at((piece - run.first.piece) as u32).back
    }
}

impl FromIterator<Item> for Items {
    fn from_iter<I: IntoIterator<Item = Item>>(iter: I) -> Self {
        let mut items = Items::new();
        items.extend(iter);
        items
    }
}

impl Extend<Item> for Items {
    fn extend<I: IntoIterator<Item = Item>>(&mut self, iter: I) {
        for item in iter {
            self.push(item);
        }
    }
}

impl From<Vec<Item>> for Items {
    fn from(list: Vec<Item>) -> Self {
        list.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(piece: usize, front: usize, back: Option<usize>) -> Item {
        Item {
            piece,
            component: 0,
            front,
            back,
            w: 63.5,
            h: 88.9,
            copies: 1,
            shared_cuts: true,
        }
    }

    fn all_back(items: &Items, all: &[Item]) -> bool {
        items.len() == all.len() && items.iter().zip(all).all(|(a, b)| a.same(b))
    }

    #[test]
    fn a_deck_is_one_run_and_every_item_comes_back() {
        // Fronts 2, 3, 4… and one shared back (face 1); then fronts and backs interleaved.
        let shared = (0..50).map(|i| card(i, i + 2, Some(1)));
        let own = (50..80).map(|i| card(i, 2 * i, Some(2 * i + 1)));
        let all: Vec<Item> = shared.chain(own).collect();
        let items = Items::from(all.clone());
        assert_eq!(items.list.runs().len(), 2);
        assert!(all_back(&items, &all));
        assert_eq!(items.back_of(7), Some(1));
        assert_eq!(items.back_of(60), Some(121));
        assert_eq!(items.back_of(80), None);
    }

    #[test]
    fn an_item_out_of_step_or_unlike_starts_a_run_and_nothing_is_lost() {
        let mut all = vec![card(0, 0, None), card(1, 1, None), card(2, 1, None)];
        let mut more = card(3, 2, None);
        more.copies = 2;
        all.push(more);
        let mut wider = card(4, 3, None);
        wider.w = 70.0;
        all.push(wider);
        all.push(card(5, 4, Some(9)));
        all.push(card(6, 5, None));
        let items = Items::from(all.clone());
        assert_eq!(items.list.runs().len(), 6);
        assert!(all_back(&items, &all));
        assert_eq!(items.back_of(5), Some(9));
        assert_eq!(items.back_of(6), None);
    }

    #[test]
    fn backs_are_found_in_any_order() {
        let all = vec![
            card(4, 0, Some(10)),
            card(1, 1, Some(11)),
            card(2, 2, Some(12)),
        ];
        let items = Items::from(all);
        assert!(!items.ascending);
        assert_eq!(
            [4, 1, 2, 3].map(|p| items.back_of(p)),
            [Some(10), Some(11), Some(12), None]
        );
    }
}
