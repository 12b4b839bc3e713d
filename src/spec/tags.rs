//! A variant's tags: free key/value facts (`{suit: suns, rank: ace}`) that rules count by.
//! Kept as a short list sorted by key, with keys shared (`Arc<str>`) by the rows of a data file:
//! a deck's tags cost its cells, not a map each (docs/performance.md).
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tags(Vec<(Arc<str>, String)>);

impl Tags {
    pub const EMPTY: Tags = Tags(Vec::new());

    pub fn get(&self, key: &str) -> Option<&String> {
        self.find(key).ok().map(|i| &self.0[i].1)
    }

    /// Sets `key` to `value`; returns the value it replaces.
    pub fn insert(&mut self, key: String, value: String) -> Option<String> {
        self.insert_shared(Arc::from(key), value)
    }

    /// `insert` with a key shared with other tags (a data file's column name).
    pub fn insert_shared(&mut self, key: Arc<str>, value: String) -> Option<String> {
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.0[i].1, value)),
            Err(i) => {
                self.0.insert(i, (key, value));
                None
            }
        }
    }

    /// The pairs in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &String)> {
        self.0.iter().map(|(k, v)| (&**k, v))
    }

    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(k, _)| &**k)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| (**k).cmp(key))
    }
}

impl IntoIterator for Tags {
    type Item = (Arc<str>, String);
    type IntoIter = std::vec::IntoIter<(Arc<str>, String)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

/// Later pairs replace earlier ones with the same key, as in a map.
impl Extend<(String, String)> for Tags {
    fn extend<I: IntoIterator<Item = (String, String)>>(&mut self, pairs: I) {
        self.extend(pairs.into_iter().map(|(k, v)| (Arc::from(k), v)));
    }
}

impl Extend<(Arc<str>, String)> for Tags {
    fn extend<I: IntoIterator<Item = (Arc<str>, String)>>(&mut self, pairs: I) {
        for (k, v) in pairs {
            self.insert_shared(k, v);
        }
        self.0.shrink_to_fit();
    }
}

/// From pairs of either kind of key, as `extend` takes them.
impl<P> FromIterator<P> for Tags
where
    Tags: Extend<P>,
{
    fn from_iter<I: IntoIterator<Item = P>>(pairs: I) -> Self {
        let mut tags = Tags::default();
        tags.extend(pairs);
        tags
    }
}

impl From<BTreeMap<String, String>> for Tags {
    fn from(map: BTreeMap<String, String>) -> Self {
        // Already sorted and unique.
        Tags(map.into_iter().map(|(k, v)| (Arc::from(k), v)).collect())
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
        let keys: Vec<&str> = t.keys().collect();
        assert_eq!(keys, ["colour", "rank", "suit"]);
        assert!(!t.is_empty() && Tags::default().is_empty());
    }
}
