//! Unique PNG names for shared faces. A face shared by several variants is named after its
//! component (`tile-back`); when two different faces of one component are both shared (the
//! value sides of coins: one per rank, shared by the four suits) they are named by the tags
//! their users have in common (`coin-ace-front`), and a number is added if that still collides.
use std::collections::{BTreeMap, HashMap};

use super::{FaceDoc, Side};
use crate::pieces::Piece;

/// The pieces (and sides) that show each face, by face number. Nearly every face of a large
/// deck has one user, so that one is kept apart and only a shared face holds a list: a list per
/// face was a heap block per card, 1 MB at 10,000 cards, at the build's highest point.
#[derive(Default)]
pub struct Users {
    first: Vec<(usize, Side)>,
    more: HashMap<usize, Vec<(usize, Side)>>,
}

impl Users {
    /// Records the first user of a new face: faces are numbered in the order they are added.
    pub fn add_face(&mut self, user: (usize, Side)) {
        self.first.push(user);
    }

    /// Records another user of face `face`.
    pub fn add(&mut self, face: usize, user: (usize, Side)) {
        self.more.entry(face).or_default().push(user);
    }

    /// The users of face `face`, first to last.
    pub fn of(&self, face: usize) -> impl Iterator<Item = (usize, Side)> + '_ {
        let more = self.more.get(&face).map(Vec::as_slice).unwrap_or_default();
        self.first.get(face).into_iter().chain(more).copied()
    }

    /// Whether face `face` has more than one user.
    pub fn shared(&self, face: usize) -> bool {
        self.more.contains_key(&face)
    }
}

pub fn disambiguate(docs: &mut [FaceDoc], users: &Users, pieces: &[Piece]) {
    // Names borrowed, not copied: a deck's 10,000 names were copied twice, at the build's peak.
    let collides: Vec<bool> = {
        let mut count: HashMap<&str, usize> = HashMap::with_capacity(docs.len());
        for d in docs.iter() {
            *count.entry(&d.name).or_default() += 1;
        }
        docs.iter().map(|d| count[d.name.as_str()] > 1).collect()
    };
    for (i, doc) in docs.iter_mut().enumerate() {
        let Some((first, _)) = users.of(i).next() else {
            continue;
        };
        if !collides[i] {
            continue;
        }
        let first = &pieces[first];
        let mut common: BTreeMap<&String, &String> = first.tags.iter().collect();
        for (p, _) in users.of(i) {
            common.retain(|k, v| pieces[p].tags.get(*k) == Some(*v));
        }
        if common.is_empty() {
            continue;
        }
        let (stem, suffix) = doc
            .name
            .rsplit_once('-')
            .map_or((doc.name.as_str(), ""), |(a, b)| (a, b));
        // Only tag values that name the variant (`ace`, not a grouping tag such as `class`).
        let parts: Vec<&str> = first.id.split('-').collect();
        let mut values: Vec<&str> = common
            .values()
            .map(|v| v.as_str())
            .filter(|v| parts.contains(v))
            .collect();
        values.dedup();
        if values.is_empty() {
            continue;
        }
        doc.name = format!("{stem}-{}-{suffix}", values.join("-"));
    }
    // The second and later faces of one name are numbered, in face order.
    let numbered: Vec<(usize, usize)> = {
        let mut seen: HashMap<&str, usize> = HashMap::with_capacity(docs.len());
        docs.iter()
            .enumerate()
            .filter_map(|(i, doc)| {
                let n = seen.entry(&doc.name).or_default();
                *n += 1;
                (*n > 1).then_some((i, *n))
            })
            .collect()
    };
    for (i, n) in numbered {
        docs[i].name = format!("{}-{}", docs[i].name, n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn users_lists_the_first_user_then_the_others_in_order() {
        let mut users = Users::default();
        users.add_face((0, Side::Front));
        users.add_face((0, Side::Back));
        users.add(1, (3, Side::Back));
        users.add(1, (5, Side::Back));
        assert_eq!(users.of(0).collect::<Vec<_>>(), [(0, Side::Front)]);
        assert_eq!(
            users.of(1).collect::<Vec<_>>(),
            [(0, Side::Back), (3, Side::Back), (5, Side::Back)]
        );
        assert!(!users.shared(0));
        assert!(users.shared(1));
        assert_eq!(users.of(2).count(), 0);
    }
}
