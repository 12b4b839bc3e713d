//! A variant's tags: free key/value facts (`{suit: suns, rank: ace}`) that rules count by.
//! Kept as a short list sorted by key rather than a `BTreeMap`, whose first node has room for
//! eleven pairs (560 bytes) however few it holds: a deck of 10,000 tagged cards (a spreadsheet's
//! columns) held 5.6 MB of empty room.
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tags(Vec<(String, String)>);

impl Tags {
    pub const EMPTY: Tags = Tags(Vec::new());

    pub fn get(&self, key: &str) -> Option<&String> {
        self.find(key).ok().map(|i| &self.0[i].1)
    }

    /// Sets `key` to `value`; returns the value it replaces.
    pub fn insert(&mut self, key: String, value: String) -> Option<String> {
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.0[i].1, value)),
            Err(i) => {
                self.0.insert(i, (key, value));
                None
            }
        }
    }

    /// The pairs in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &String)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.0.iter().map(|(k, _)| k)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(key))
    }
}

impl IntoIterator for Tags {
    type Item = (String, String);
    type IntoIter = std::vec::IntoIter<(String, String)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

/// Later pairs replace earlier ones with the same key, as in a map.
impl Extend<(String, String)> for Tags {
    fn extend<I: IntoIterator<Item = (String, String)>>(&mut self, pairs: I) {
        for (k, v) in pairs {
            self.insert(k, v);
        }
        self.0.shrink_to_fit();
    }
}

impl FromIterator<(String, String)> for Tags {
    fn from_iter<I: IntoIterator<Item = (String, String)>>(pairs: I) -> Self {
        let mut tags = Tags::default();
        tags.extend(pairs);
        tags
    }
}

impl From<BTreeMap<String, String>> for Tags {
    fn from(map: BTreeMap<String, String>) -> Self {
        // Already sorted and unique.
        Tags(map.into_iter().collect())
    }
}

impl<'de> Deserialize<'de> for Tags {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        BTreeMap::<String, String>::deserialize(d).map(Tags::from)
    }
}

/// As a map (the schema shows a default of `{}` from it).
impl Serialize for Tags {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl JsonSchema for Tags {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        BTreeMap::<String, String>::schema_name()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        BTreeMap::<String, String>::json_schema(generator)
    }

    fn inline_schema() -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_as_a_map_sorted_by_key() {
        let mut t: Tags = [("rank", "ace"), ("suit", "suns"), ("rank", "two")]
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .into_iter()
            .collect();
        assert_eq!(t.get("rank").map(String::as_str), Some("two"));
        assert_eq!(t.get("colour"), None);
        assert_eq!(t.insert("colour".into(), "red".into()), None);
        assert_eq!(
            t.insert("suit".into(), "moons".into()).as_deref(),
            Some("suns")
        );
        let keys: Vec<&String> = t.keys().collect();
        assert_eq!(keys, ["colour", "rank", "suit"]);
        assert!(!t.is_empty() && Tags::default().is_empty());
    }
}
