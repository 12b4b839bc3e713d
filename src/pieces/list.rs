//! A build's pieces, kept as runs. A component's variants (a data file's rows, or listed ones)
//! are pieces that differ only in their variant number, unless their copies differ, so a run of
//! them is its first piece and a count: a deck of 10,000 cards is one record, not 10,000 of 48
//! bytes. A piece is given back by value (`Cow`), made from its run when asked for.
use std::borrow::Cow;

use super::Piece;

/// Pieces `start..start + count`: `first`, and then the same piece with each next variant.
#[derive(Debug, Clone)]
struct Run {
    first: Piece,
    start: usize,
    count: u32,
}

impl Run {
    /// Its piece number `start + k`.
    fn at(&self, k: u32) -> Cow<'_, Piece> {
        if k == 0 {
            return Cow::Borrowed(&self.first);
        }
        Cow::Owned(Piece {
            variant: self.first.variant.map(|v| v + k),
            ..self.first.clone()
        })
    }

    /// Adds `p` if it is the piece after the run's last; returns whether it did.
    fn take(&mut self, p: &Piece) -> bool {
        let f = &self.first;
        let next = f.variant.and_then(|v| v.checked_add(self.count));
        let follows = f.own.is_none()
            && p.own.is_none()
            && next.is_some()
            && p.variant == next
            && p.component == f.component
            && p.kind == f.kind
            && p.w.to_bits() == f.w.to_bits()
            && p.h.to_bits() == f.h.to_bits()
            && p.shape == f.shape
            && p.copies == f.copies;
        if follows {
            self.count += 1;
        }
        follows
    }
}

/// Every piece of a build, in order (see the module's note).
#[derive(Debug, Clone, Default)]
pub struct Pieces {
    runs: Vec<Run>,
    len: usize,
}

impl Pieces {
    pub const fn new() -> Self {
        Pieces {
            runs: Vec::new(),
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a piece: it is piece number `len()` before.
    pub fn push(&mut self, p: Piece) {
        self.len += 1;
        if let Some(last) = self.runs.last_mut()
            && last.take(&p)
        {
            return;
        }
        self.runs.push(Run {
            first: p,
            start: self.len - 1,
            count: 1,
        });
    }

    /// Piece number `i`, if there is one.
    pub fn get(&self, i: usize) -> Option<Cow<'_, Piece>> {
        let r = self
            .runs
            .partition_point(|r| r.start + r.count as usize <= i);
        let run = self.runs.get(r)?;
        Some(run.at((i - run.start) as u32))
    }

    /// Piece number `i`; like indexing a slice, a number out of range is a bug and panics.
    pub fn piece(&self, i: usize) -> Cow<'_, Piece> {
        match self.get(i) {
            Some(p) => p,
            None => panic!("piece {i} of {}", self.len),
        }
    }

    /// Every piece, in order.
    pub fn iter(&self) -> impl Iterator<Item = Cow<'_, Piece>> + '_ {
        self.runs.iter().flat_map(|r| (0..r.count).map(|k| r.at(k)))
    }

    /// Keeps only the pieces `keep` says yes to (the others' numbers are taken by the next).
    pub fn retain(&mut self, keep: impl Fn(&Piece) -> bool) {
        let all = std::mem::take(self);
        *self = all
            .iter()
            .filter(|p| keep(p))
            .map(Cow::into_owned)
            .collect();
    }
}

impl FromIterator<Piece> for Pieces {
    fn from_iter<I: IntoIterator<Item = Piece>>(pieces: I) -> Self {
        let mut all = Pieces::new();
        for p in pieces {
            all.push(p);
        }
        all.runs.shrink_to_fit();
        all
    }
}

impl From<Vec<Piece>> for Pieces {
    fn from(pieces: Vec<Piece>) -> Self {
        pieces.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{Kind, Shape};

    fn piece(component: usize, variant: Option<u32>, copies: u32) -> Piece {
        Piece {
            component,
            variant,
            kind: Kind::Card,
            w: 63.0,
            h: 88.0,
            shape: Shape::Rounded,
            copies,
            own: None,
        }
    }

    fn same(a: &Piece, b: &Piece) -> bool {
        (
            a.component,
            a.variant,
            a.copies,
            a.w.to_bits(),
            a.h.to_bits(),
        ) == (
            b.component,
            b.variant,
            b.copies,
            b.w.to_bits(),
            b.h.to_bits(),
        ) && (a.kind, a.shape) == (b.kind, b.shape)
            && a.own.is_some() == b.own.is_some()
    }

    #[test]
    fn pieces_come_back_as_they_were_pushed_and_a_deck_is_one_run() {
        let mut own = piece(2, None, 1);
        own.own = Some(Box::default());
        let list: Vec<Piece> = (0..1000)
            .map(|v| piece(0, Some(v), 1))
            .chain([
                // Another component's rows, one with two copies, a second variant 0, a piece
                // without variants, one of its own, and a piece of another size.
                piece(1, Some(0), 1),
                piece(1, Some(1), 2),
                piece(1, Some(2), 2),
                piece(1, Some(0), 2),
                piece(2, None, 1),
                piece(2, None, 1),
                own,
                Piece {
                    w: 0.1 + 0.2,
                    ..piece(1, Some(1), 2)
                },
                // And each of these starts a run of its own: another height, kind or shape.
                Piece {
                    h: 87.0,
                    ..piece(1, Some(2), 2)
                },
                Piece {
                    kind: Kind::Token,
                    ..piece(1, Some(3), 2)
                },
                Piece {
                    shape: Shape::Square,
                    ..piece(1, Some(4), 2)
                },
            ])
            .collect();
        let pieces: Pieces = list.clone().into();
        assert_eq!(pieces.len(), list.len());
        assert_eq!(pieces.runs.len(), 1 + 3 + 2 + 1 + 1 + 3);
        for (i, p) in list.iter().enumerate() {
            assert!(same(&pieces.piece(i), p), "piece {i}");
        }
        assert!(pieces.iter().zip(&list).all(|(a, b)| same(&a, b)));
        assert_eq!(pieces.iter().count(), list.len());
        assert!(pieces.get(list.len()).is_none());
        assert!(matches!(pieces.piece(0), Cow::Borrowed(_)));
    }

    #[test]
    fn retain_keeps_the_order_of_the_pieces_kept() {
        let mut pieces: Pieces = (0..10)
            .map(|v| piece(v % 2, Some(v as u32 / 2), 1))
            .collect();
        pieces.retain(|p| p.component == 1);
        let variants: Vec<Option<u32>> = pieces.iter().map(|p| p.variant).collect();
        assert_eq!(variants, (0..5).map(Some).collect::<Vec<_>>());
        assert_eq!(pieces.runs.len(), 1);
    }
}
