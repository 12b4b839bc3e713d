//! Unique PNG names for shared faces. A face shared by several variants is named after its
//! component (`tile-back`); when two different faces of one component are both shared (the
//! value sides of coins: one per rank, shared by the four suits) they are named by the tags
//! their users have in common (`coin-ace-front`), and a number is added if that still collides.
use std::collections::{BTreeMap, HashMap};

use super::{FaceDoc, Side};
use crate::pieces::Piece;

pub fn disambiguate(docs: &mut [FaceDoc], users: &[Vec<(usize, Side)>], pieces: &[Piece]) {
    let mut count: HashMap<String, usize> = HashMap::new();
    for d in docs.iter() {
        *count.entry(d.name.clone()).or_default() += 1;
    }
    for (doc, users) in docs.iter_mut().zip(users) {
        if count.get(&doc.name).copied().unwrap_or(0) < 2 || users.is_empty() {
            continue;
        }
        let first = &pieces[users[0].0];
        let mut common: BTreeMap<&String, &String> = first.tags.iter().collect();
        for (p, _) in users {
            common.retain(|k, v| pieces[*p].tags.get(*k) == Some(*v));
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
    let mut seen: HashMap<String, usize> = HashMap::new();
    for doc in docs.iter_mut() {
        let n = seen.entry(doc.name.clone()).or_default();
        *n += 1;
        if *n > 1 {
            doc.name = format!("{}-{}", doc.name, n);
        }
    }
}
