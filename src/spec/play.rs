//! What the game puts where in play (`holds:` on a component): the pieces that lie on its spaces
//! (a board's squares, a track's boxes, a sheet's track) or, for a piece without spaces, on the
//! piece itself (a marker on a tile). `pnp check` sees that they fit with room to spare and
//! leave readable what the player reads under them.
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::{Location, Spanned};

/// Most pieces one `holds:` entry may put on one space.
pub const MAX_HELD: u32 = 100;

/// One entry of `holds:`: pieces of one kind on each space (or on the piece).
#[derive(Debug, Clone, PartialEq)]
pub struct Holds {
    /// A component id (`bean`) or a piece id (`tile-suns-ace`).
    pub piece: String,
    /// How many lie side by side on one space at once.
    pub count: u32,
    /// The spaces that hold them, by the names the kind gives its spaces (a board's `a1`, a
    /// track's labels and `end`, a sheet track's numbers); empty: every space but a track's
    /// end area, held only where named.
    pub spaces: Vec<String>,
}

/// `holds:` as written: one entry or a list.
#[derive(Debug, Clone, Default)]
pub struct HoldsList(pub Vec<Spanned<Holds>>);

impl HoldsList {
    /// The entries, the single form located where `holds:` is written (`at`).
    pub fn located(list: Spanned<HoldsList>) -> Vec<Spanned<Holds>> {
        let at = list.referenced;
        list.value
            .0
            .into_iter()
            .map(|h| match h.referenced == Location::UNKNOWN {
                true => Spanned::new(h.value, at, at),
                false => h,
            })
            .collect()
    }
}

/// The long form of an entry.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct HoldsFields {
    /// A component id (`bean`) or a piece id (`tile-suns-ace`).
    piece: String,
    /// How many lie side by side on one space at once (default 1).
    count: Option<u32>,
    /// Which spaces hold them, by name: a board's `a1`, a track's labels (`"5"`) and `end` (its
    /// end area), a sheet track's numbers from 1. Default: every space (a track's end area only
    /// when named).
    #[serde(default)]
    spaces: Vec<SpaceName>,
}

/// A space's name, written as text or a number.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SpaceName(String);

impl<'de> Deserialize<'de> for SpaceName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = SpaceName;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a space's name (`a1`, `end`) or number")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<SpaceName, E> {
                Ok(SpaceName(v.to_string()))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<SpaceName, E> {
                Ok(SpaceName(v.to_string()))
            }
        }
        d.deserialize_any(Visit)
    }
}

impl JsonSchema for SpaceName {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SpaceName".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": ["string", "integer"]})
    }
}

impl From<HoldsFields> for Holds {
    fn from(f: HoldsFields) -> Holds {
        Holds {
            piece: f.piece,
            count: f.count.unwrap_or(1),
            spaces: f.spaces.into_iter().map(|s| s.0).collect(),
        }
    }
}

/// An entry, written short (a piece id) or long.
struct HoldsVisitor;

impl<'de> serde::de::Visitor<'de> for HoldsVisitor {
    type Value = Holds;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a piece id, or `{piece: …, count: …, spaces: […]}`")
    }
    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Holds, E> {
        Ok(Holds {
            piece: v.to_string(),
            count: 1,
            spaces: Vec::new(),
        })
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Holds, A::Error> {
        let fields = HoldsFields::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
        Ok(fields.into())
    }
}

impl<'de> Deserialize<'de> for Holds {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(HoldsVisitor)
    }
}

impl<'de> Deserialize<'de> for HoldsList {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = HoldsList;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a piece id, `{piece: …, count: …}`, or a list of them")
            }
            // One entry, not in a list: located where `holds:` is (`HoldsList::located`).
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<HoldsList, E> {
                HoldsVisitor.visit_str(v).map(unlocated)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<HoldsList, A::Error> {
                HoldsVisitor.visit_map(map).map(unlocated)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                seq: A,
            ) -> Result<HoldsList, A::Error> {
                let seq = serde::de::value::SeqAccessDeserializer::new(seq);
                Vec::deserialize(seq).map(HoldsList)
            }
        }
        d.deserialize_any(Visit)
    }
}

/// A list of one entry, not yet located.
fn unlocated(h: Holds) -> HoldsList {
    HoldsList(vec![Spanned::new(h, Location::UNKNOWN, Location::UNKNOWN)])
}

/// `holds:` as the schema gives it.
#[derive(JsonSchema)]
#[schemars(untagged)]
#[allow(dead_code)]
pub(crate) enum HoldsSchema {
    /// A piece id: one on each space.
    Piece(String),
    Full(HoldsFields),
    List(Vec<HoldsOne>),
}

#[derive(JsonSchema)]
#[schemars(untagged)]
#[allow(dead_code)]
pub(crate) enum HoldsOne {
    Piece(String),
    Full(HoldsFields),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> Vec<Holds> {
        let list: Spanned<HoldsList> = serde_saphyr::from_str(yaml).unwrap();
        HoldsList::located(list)
            .into_iter()
            .map(|h| h.value)
            .collect()
    }

    #[test]
    fn holds_is_a_piece_an_entry_or_a_list() {
        assert_eq!(read("bean").len(), 1);
        assert_eq!(read("bean")[0].count, 1);
        let full = read("{piece: grain, count: 4, spaces: [5, end]}");
        assert_eq!(full[0].count, 4);
        assert_eq!(full[0].spaces, vec!["5".to_string(), "end".to_string()]);
        let list = read("[tiles, {piece: markers, count: 2}]");
        assert_eq!(list.len(), 2);
        assert_eq!(list[1].piece, "markers");
    }
}
