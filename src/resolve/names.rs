//! Unique PNG names for shared faces. A face shared by several variants is named after its
//! component (`tile-back`), and so is one shared across components (`day-deck-back`, which the
//! Day Deck's set-aside court cards show too: named after the component it covers); when two
//! different faces of one component are both shared (the
//! value sides of coins: one per rank, shared by the four suits) they are named by the tags
//! their users have in common (`coin-ace-front`), and a number is added if that still collides.
use std::collections::{BTreeMap, HashMap};

use super::faces::FaceDoc;
use crate::base::forms::Side;
use crate::kinds::piece::Piece;

/// The pieces (and sides) that show each face, by face number.
#[derive(Default)]
pub struct Users(Vec<Vec<(usize, Side)>>);

impl Users {
    /// Records that `user` shows face `face` (faces are numbered in the order they are added).
    pub fn add(&mut self, face: usize, user: (usize, Side)) {
        if face >= self.0.len() {
            self.0.resize_with(face + 1, Vec::new);
        }
        self.0[face].push(user);
    }

    /// The users of face `face`, first to last.
    pub fn of(&self, face: usize) -> &[(usize, Side)] {
        self.0.get(face).map_or(&[], Vec::as_slice)
    }
}

/// Gives faces that would share a name names of their own (see the module's note); `id` and
/// `tags` give a piece's.
pub fn disambiguate(
    docs: &mut [FaceDoc],
    users: &Users,
    id: impl Fn(usize) -> String,
    tags: impl Fn(usize) -> crate::spec::Tags,
) {
    let mut collides = vec![false; docs.len()];
    for same in same_names(docs) {
        for i in same {
            collides[i] = true;
        }
    }
    for (i, _) in collides.iter().enumerate().filter(|(_, c)| **c) {
        let Some(&(first, _)) = users.of(i).first() else {
            continue;
        };
        let first_tags = tags(first);
        let mut common: BTreeMap<&str, &String> = first_tags.iter().collect();
        let first_id = id(first);
        for &(p, _) in users.of(i) {
            let theirs = tags(p);
            common.retain(|k, v| theirs.get(k) == Some(*v));
        }
        if common.is_empty() {
            continue;
        }
        let name = &docs[i].name;
        let (stem, suffix) = name.rsplit_once('-').map_or((&**name, ""), |(a, b)| (a, b));
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
        docs[i].name = format!("{stem}-{}-{suffix}", values.join("-"));
    }
    // The second and later faces of one name are numbered, in face order.
    for same in same_names(docs) {
        for (n, &i) in same.iter().enumerate().skip(1) {
            docs[i].name = format!("{}-{}", docs[i].name, n + 1);
        }
    }
}

/// The faces that share a name, a list for each such name, each in face order.
fn same_names(docs: &[FaceDoc]) -> Vec<Vec<usize>> {
    let mut by_name: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, d) in docs.iter().enumerate() {
        by_name.entry(&d.name).or_default().push(i);
    }
    let mut same: Vec<Vec<usize>> = by_name.into_values().filter(|v| v.len() > 1).collect();
    same.sort();
    same
}

/// Names each face that several pieces show on one side after a component rather than its
/// first user (`components`: ids by component index): the component when every user is one of
/// its pieces (`tile-back`), else the first component, in use order, whose every piece shows it
/// (`day-deck-back`, shown by the set-aside court cards too); otherwise it keeps its first
/// user's name. Clashes are left to `disambiguate`, which runs next.
pub fn name_shared(docs: &mut [FaceDoc], users: &Users, pieces: &[Piece], components: &[&str]) {
    let mut sizes: HashMap<usize, usize> = HashMap::new();
    for p in pieces {
        *sizes.entry(p.component).or_default() += 1;
    }
    for (i, doc) in docs.iter_mut().enumerate() {
        let users = users.of(i);
        let Some(&(_, side)) = users.first() else {
            continue;
        };
        if users.len() < 2 || users.iter().any(|&(_, s)| s != side) {
            continue;
        }
        // Users per component, in first-use order.
        let mut shown: Vec<(usize, usize)> = Vec::new();
        for &(p, _) in users {
            let c = pieces[p].component;
            match shown.iter_mut().find(|(k, _)| *k == c) {
                Some((_, n)) => *n += 1,
                None => shown.push((c, 1)),
            }
        }
        let comp = match shown[..] {
            [(only, _)] => only,
            // None whole: its first user's name says more than a numbered component's.
            _ => match shown.iter().find(|(c, n)| sizes.get(c) == Some(n)) {
                Some(&(c, _)) => c,
                None => continue,
            },
        };
        if let Some(id) = components.get(comp) {
            doc.name = format!("{id}-{}", side.name());
        }
    }
}

/// Whether `stem` (a file name without `.png`) is one `draw_all` could give a face of a game
/// whose components are `components`: a component's id, then `-`, then id characters, ending
/// in `front` or `back` and perhaps a number (`coin-ace-front-2`). A rebuild removes old images
/// only by such names: a user's copy of an image under a name of their own is never theirs to lose.
pub fn could_name_a_face(stem: &str, components: &[&str]) -> bool {
    let plain = stem
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
    let unnumbered = match stem.rsplit_once('-') {
        Some((rest, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => rest,
        _ => stem,
    };
    let sided = [
        unnumbered.strip_suffix("-front"),
        unnumbered.strip_suffix("-back"),
    ];
    plain
        && sided.iter().flatten().any(|before| {
            components.iter().any(|c| {
                before == c
                    || before
                        .strip_prefix(c)
                        .is_some_and(|rest| rest.starts_with('-'))
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::piece::Pieces;

    fn piece(component: usize, id: &str, variant: usize) -> Piece {
        Piece {
            component,
            variant: Some(variant),
            w: 63.0,
            h: 88.0,
            shape: crate::spec::Shape::Rounded,
            copies: 1,
            own: Some(Box::new(crate::kinds::piece::Own {
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

    fn doc(name: &str) -> FaceDoc {
        crate::resolve::faces::FaceDoc::of_svg(name, "".to_string(), 63.0, 88.0, 0.0)
    }

    /// Pieces and their faces as `draw_all` numbers them: each piece's own front, then `backs`
    /// (face index by piece, on the back side) named after their first user; named as
    /// `draw_all` names them (`components`: ids).
    fn named(pieces: &Pieces, backs: &[usize], components: &[&str]) -> Vec<FaceDoc> {
        let mut docs = Vec::new();
        let mut users = Users::default();
        for (pi, p) in pieces.iter().enumerate() {
            users.add(docs.len(), (pi, Side::Front));
            docs.push(doc(&format!("{}-front", own_id(p))));
        }
        for (pi, &b) in backs.iter().enumerate() {
            if b == docs.len() {
                docs.push(doc(&format!("{}-back", own_id(&pieces[pi]))));
            }
            users.add(b, (pi, Side::Back));
        }
        name_shared(&mut docs, &users, pieces, components);
        let id = |p: usize| own_id(&pieces[p]).to_string();
        disambiguate(&mut docs, &users, id, |_| crate::spec::Tags::EMPTY);
        docs
    }

    #[test]
    fn a_back_shared_across_components_is_named_after_the_one_it_covers() {
        // A deck (two cards) and its set-aside cards (two) share one back: `day-deck-back`.
        let pieces: Pieces = vec![
            piece(0, "day-deck-hearts-a", 0),
            piece(0, "day-deck-spades-2", 1),
            piece(1, "day-court-hearts-j", 0),
            piece(1, "day-court-hearts-q", 1),
        ];
        let docs = named(&pieces, &[4, 4, 4, 4], &["day-deck", "day-court"]);
        assert_eq!(docs[4].name, "day-deck-back");
        // The court cards first, but only part of the court shows it: the deck's name still.
        let pieces: Pieces = vec![
            piece(0, "court-j", 0),
            piece(0, "court-q", 1),
            piece(1, "deck-a", 0),
            piece(1, "deck-2", 1),
        ];
        let docs = named(&pieces, &[4, 5, 4, 4], &["court", "deck"]);
        assert_eq!(docs[4].name, "deck-back");
        assert_eq!(docs[5].name, "court-q-back");
    }

    #[test]
    fn a_back_no_component_shows_whole_keeps_its_first_users_name() {
        // `a-back` (shared within a), and a back that part of a shares with part of b: no
        // component's name fits it, so it keeps its first user's.
        let pieces: Pieces = vec![
            piece(0, "a-x", 0),
            piece(0, "a-y", 1),
            piece(0, "a-z", 2),
            piece(1, "b-1", 0),
            piece(1, "b-2", 1),
        ];
        let docs = named(&pieces, &[5, 5, 6, 6, 7], &["a", "b"]);
        assert_eq!(docs[5].name, "a-back");
        assert_eq!(docs[6].name, "a-z-back");
        assert_eq!(docs[7].name, "b-2-back");
        let names: std::collections::HashSet<_> = docs.iter().map(|d| &d.name).collect();
        assert_eq!(names.len(), docs.len());
    }

    #[test]
    fn only_names_faces_could_have_are_faces_names() {
        let ids = ["grain", "day-deck"];
        for ours in [
            "grain-front",
            "grain-back",
            "grain-barley-front",
            "grain-ace-barley-back-2",
            "day-deck-back",
            "day-deck-hearts_a-front-12",
        ] {
            assert!(could_name_a_face(ours, &ids), "{ours}");
        }
        for theirs in [
            "grain-barley-front copy",
            "grain-barley-front-copy",
            "copy-of-grain-front",
            "grains-front",
            "grain-front-",
            "grain",
            "old-a",
            "Grain-front",
            "day-front",
            "grain-barley-side",
        ] {
            assert!(!could_name_a_face(theirs, &ids), "{theirs}");
        }
    }
}
