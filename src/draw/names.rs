//! Unique PNG names for shared faces. A face shared by several variants is named after its
//! component (`tile-back`), and so is one shared across components (`day-deck-back`, which the
//! Day Deck's set-aside court cards show too: named after the component it covers); when two
//! different faces of one component are both shared (the
//! value sides of coins: one per rank, shared by the four suits) they are named by the tags
//! their users have in common (`coin-ace-front`), and a number is added if that still collides.
use std::collections::{BTreeMap, HashMap};

use super::{FaceDocs, FaceName, Side};
use crate::pieces::Pieces;

/// The pieces (and sides) that show each face, by face number. Nearly every face of a large
/// deck has one user, so that one is kept apart and only a shared face holds a list: a list per
/// face was a heap block per card, 1 MB at 10,000 cards, at the build's highest point.
#[derive(Default)]
pub struct Users {
    /// Piece numbers as `u32` (8 bytes a face, not 16): a game has far fewer pieces.
    first: Vec<(u32, Side)>,
    more: HashMap<usize, Vec<(usize, Side)>>,
}

impl Users {
    /// Records the first user of a new face: faces are numbered in the order they are added.
    pub fn add_face(&mut self, (piece, side): (usize, Side)) {
        self.first.push((piece as u32, side));
    }

    /// Records another user of face `face`.
    pub fn add(&mut self, face: usize, user: (usize, Side)) {
        self.more.entry(face).or_default().push(user);
    }

    /// The users of face `face`, first to last.
    pub fn of(&self, face: usize) -> impl Iterator<Item = (usize, Side)> + '_ {
        let more = self.more.get(&face).map(Vec::as_slice).unwrap_or_default();
        let first = self.first.get(face).map(|&(p, s)| (p as usize, s));
        first.into_iter().chain(more.iter().copied())
    }

    /// Whether face `face` has more than one user.
    pub fn shared(&self, face: usize) -> bool {
        self.more.contains_key(&face)
    }
}

/// Gives faces that would share a name names of their own (see the module's note); `text`
/// turns a face's name into text, `id` and `tags` give a piece's.
pub fn disambiguate<'i, 't>(
    docs: &mut FaceDocs,
    users: &Users,
    text: impl Fn(FaceName) -> String,
    id: impl Fn(usize) -> std::borrow::Cow<'i, str>,
    tags: impl Fn(usize) -> std::borrow::Cow<'t, crate::spec::Tags>,
) {
    let collides: Vec<bool> = {
        let mut collides = vec![false; docs.len()];
        for same in same_names(docs, &text) {
            for &i in &same {
                collides[i as usize] = true;
            }
        }
        collides
    };
    for (i, _) in collides.iter().enumerate().filter(|(_, c)| **c) {
        let Some((first, _)) = users.of(i).next() else {
            continue;
        };
        let first_tags = tags(first);
        let mut common: BTreeMap<&str, &String> = first_tags.iter().collect();
        let first_id = id(first);
        for (p, _) in users.of(i) {
            let theirs = tags(p);
            common.retain(|k, v| theirs.get(k) == Some(*v));
        }
        if common.is_empty() {
            continue;
        }
        let name = text(docs.name(i));
        let (stem, suffix) = name.rsplit_once('-').map_or((&*name, ""), |(a, b)| (a, b));
        // Only tag values that name the variant (`ace`, not a grouping tag such as `class`).
        let parts: Vec<&str> = first_id.split('-').collect();
        let mut values: Vec<&str> = common
            .values()
            .map(|v| v.as_str())
            .filter(|v| parts.contains(v))
            .collect();
        values.dedup();
        if values.is_empty() {
            continue;
        }
        let name = format!("{stem}-{}-{suffix}", values.join("-"));
        docs.rename(i, name);
    }
    // The second and later faces of one name are numbered, in face order.
    for same in same_names(docs, &text) {
        for (n, &i) in same.iter().enumerate().skip(1) {
            let i = i as usize;
            let name = format!("{}-{}", text(docs.name(i)), n + 1);
            docs.rename(i, name);
        }
    }
}

/// The faces that share a name, a list for each such name, each in face order. Found by
/// sorting face numbers by a hash of their names (16 bytes a face), then comparing the names
/// of equal hashes: most names are made from their piece when asked, and a map of every name
/// was 0.4 MB at 10,000 cards.
fn same_names(docs: &FaceDocs, text: impl Fn(FaceName) -> String) -> Vec<Vec<u32>> {
    let mut order: Vec<(u64, u32)> = (0..docs.len())
        .map(|i| (super::text_hash(&text(docs.name(i))), i as u32))
        .collect();
    // Sorted by hash, then face number: faces of one name stay in face order.
    order.sort_unstable();
    let mut same = Vec::new();
    for equal_hashes in order.chunk_by(|a, b| a.0 == b.0).filter(|c| c.len() > 1) {
        let mut named: Vec<(String, u32)> = equal_hashes
            .iter()
            .map(|&(_, i)| (text(docs.name(i as usize)), i))
            .collect();
        named.sort();
        same.extend(
            named
                .chunk_by(|a, b| a.0 == b.0)
                .filter(|one_name| one_name.len() > 1)
                .map(|one_name| one_name.iter().map(|&(_, i)| i).collect()),
        );
    }
    same
}

/// Names each face that several pieces show on one side after a component rather than its
/// first user (`components`: ids by component index): the component when every user is one of
/// its pieces (`tile-back`), else the first component, in use order, whose every piece shows it
/// (`day-deck-back`, shown by the set-aside court cards too); otherwise it keeps its first
/// user's name. Clashes are left to `disambiguate`, which runs next.
pub fn name_shared(docs: &mut FaceDocs, users: &Users, pieces: &Pieces, components: &[&str]) {
    // Pieces per component, counted only if some face is shared across components.
    let mut sizes: Option<HashMap<usize, usize>> = None;
    for i in 0..docs.len() {
        if !users.shared(i) {
            continue;
        }
        let Some((_, side)) = users.of(i).next() else {
            continue;
        };
        if users.of(i).any(|(_, s)| s != side) {
            continue;
        }
        // Users per component, in first-use order.
        let mut shown: Vec<(usize, usize)> = Vec::new();
        for (p, _) in users.of(i) {
            let c = pieces.piece(p).component;
            match shown.iter_mut().find(|(k, _)| *k == c) {
                Some((_, n)) => *n += 1,
                None => shown.push((c, 1)),
            }
        }
        let comp = match shown[..] {
            [(only, _)] => only,
            _ => {
                let sizes = sizes.get_or_insert_with(|| {
                    let mut m = HashMap::new();
                    for p in pieces.iter() {
                        *m.entry(p.component).or_default() += 1;
                    }
                    m
                });
                // None whole: its first user's name says more than a numbered component's.
                match shown.iter().find(|(c, n)| sizes.get(c) == Some(n)) {
                    Some(&(c, _)) => c,
                    None => continue,
                }
            }
        };
        if let Some(id) = components.get(comp) {
            docs.rename(i, format!("{id}-{}", side.name()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::Piece;

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

    fn piece(component: usize, id: &str, variant: Option<usize>) -> Piece {
        Piece {
            component,
            variant: variant.map(|v| v as u32),
            kind: crate::spec::Kind::PlayingCard,
            w: 63.0,
            h: 88.0,
            shape: crate::spec::Shape::Rounded,
            copies: 1,
            own: Some(Box::new(crate::pieces::Own {
                id: Some(id.to_string()),
                ..Default::default()
            })),
        }
    }

    fn own_id(p: &Piece) -> &str {
        p.own
            .as_ref()
            .and_then(|o| o.id.as_deref())
            .unwrap_or_default()
    }

    /// The names these tests give are all text.
    fn text(name: FaceName) -> String {
        match name {
            FaceName::Text(t) => t.to_string(),
            FaceName::Piece { .. } => panic!("{name:?}"),
        }
    }

    fn no_tags(_: usize) -> std::borrow::Cow<'static, crate::spec::Tags> {
        std::borrow::Cow::Owned(crate::spec::Tags::EMPTY)
    }

    fn doc(docs: &mut FaceDocs, name: &str) {
        docs.push(name, super::super::Source::Svg("".into()), 63.0, 88.0, 0.0);
    }

    /// Pieces and their faces as `draw_all` numbers them: each piece's own front, then `backs`
    /// (face index by piece, on the back side) named after their first user.
    fn faces(pieces: &Pieces, backs: &[usize]) -> (FaceDocs, Users) {
        let mut docs = FaceDocs::new();
        let mut users = Users::default();
        for (pi, p) in pieces.iter().enumerate() {
            users.add_face((pi, Side::Front));
            doc(&mut docs, &format!("{}-front", own_id(&p)));
        }
        for (pi, &b) in backs.iter().enumerate() {
            if b == docs.len() {
                users.add_face((pi, Side::Back));
                doc(&mut docs, &format!("{}-back", own_id(&pieces.piece(pi))));
            } else {
                users.add(b, (pi, Side::Back));
            }
        }
        (docs, users)
    }

    /// The faces of `pieces` (see `faces`) named as `draw_all` names them; `components`: ids.
    fn named(pieces: &Pieces, backs: &[usize], components: &[&str]) -> FaceDocs {
        let (mut docs, users) = faces(pieces, backs);
        name_shared(&mut docs, &users, pieces, components);
        let id = |p| own_id(&pieces.piece(p)).to_string().into();
        disambiguate(&mut docs, &users, text, id, no_tags);
        docs
    }

    #[test]
    fn a_back_shared_across_components_is_named_after_the_one_it_covers() {
        // A deck (two cards) and its set-aside cards (two) share one back: `day-deck-back`.
        let pieces: Pieces = vec![
            piece(0, "day-deck-hearts-a", Some(0)),
            piece(0, "day-deck-spades-2", Some(1)),
            piece(1, "day-court-hearts-j", Some(0)),
            piece(1, "day-court-hearts-q", Some(1)),
        ]
        .into();
        let docs = named(&pieces, &[4, 4, 4, 4], &["day-deck", "day-court"]);
        assert_eq!(text(docs.name(4)), "day-deck-back");
        // The court cards first, but only part of the court shows it: the deck's name still.
        let pieces: Pieces = vec![
            piece(0, "court-j", Some(0)),
            piece(0, "court-q", Some(1)),
            piece(1, "deck-a", Some(0)),
            piece(1, "deck-2", Some(1)),
        ]
        .into();
        let docs = named(&pieces, &[4, 5, 4, 4], &["court", "deck"]);
        assert_eq!(text(docs.name(4)), "deck-back");
        assert_eq!(text(docs.name(5)), "court-q-back");
    }

    #[test]
    fn a_back_no_component_shows_whole_keeps_its_first_users_name() {
        // `a-back` (shared within a), and a back that part of a shares with part of b: no
        // component's name fits it, so it keeps its first user's.
        let pieces: Pieces = vec![
            piece(0, "a-x", Some(0)),
            piece(0, "a-y", Some(1)),
            piece(0, "a-z", Some(2)),
            piece(1, "b-1", Some(0)),
            piece(1, "b-2", Some(1)),
        ]
        .into();
        let docs = named(&pieces, &[5, 5, 6, 6, 7], &["a", "b"]);
        assert_eq!(text(docs.name(5)), "a-back");
        assert_eq!(text(docs.name(6)), "a-z-back");
        assert_eq!(text(docs.name(7)), "b-2-back");
        let names: std::collections::HashSet<_> = docs.iter().map(|d| text(d.name)).collect();
        assert_eq!(names.len(), docs.len());
    }
}
