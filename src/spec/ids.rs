//! Ids: a game's, a component's, a variant's. They name files, so they are held to lowercase
//! letters, digits, `-` and `_`; `slug` makes one from a name.
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use std::borrow::Cow;

/// Ids become file names: lowercase letters, digits, `-` and `_`, starting with a letter or digit.
pub fn is_safe_id(id: &str) -> bool {
    let mut chars = id.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase() || c.is_ascii_digit())
        && id.len() <= 64
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
}

/// The id a name makes, if it has any Latin letters or digits.
pub fn slug(name: &str) -> Option<String> {
    let mut id = String::new();
    for c in name.trim().chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            id.push(c);
        } else if let Some(plain) = latin_letter(c) {
            id.push_str(plain);
        } else if !id.ends_with('-') && !id.is_empty() {
            id.push('-');
        }
    }
    let id = id
        .trim_end_matches('-')
        .chars()
        .take(64)
        .collect::<String>();
    (!id.is_empty()).then_some(id)
}

/// A lower-case Latin letter with a mark as plain letters (`ü` → `u`, `ß` → `ss`), so that
/// "Über Spiel" gets the id `uber-spiel`, not `ber-spiel`.
fn latin_letter(c: char) -> Option<&'static str> {
    const TABLE: &[(&str, &str)] = &[
        ("àáâãäåāăą", "a"),
        ("æ", "ae"),
        ("çćĉċč", "c"),
        ("ďđ", "d"),
        ("èéêëēĕėęě", "e"),
        ("ĝğġģ", "g"),
        ("ĥħ", "h"),
        ("ìíîïĩīĭįı", "i"),
        ("ĵ", "j"),
        ("ķ", "k"),
        ("ĺļľŀł", "l"),
        ("ñńņňŉ", "n"),
        ("òóôõöøōŏő", "o"),
        ("œ", "oe"),
        ("ŕŗř", "r"),
        ("śŝşš", "s"),
        ("ß", "ss"),
        ("ţťŧ", "t"),
        ("ùúûüũūŭůűų", "u"),
        ("ŵ", "w"),
        ("ýÿŷ", "y"),
        ("źżž", "z"),
        ("þ", "th"),
    ];
    TABLE
        .iter()
        .find(|(marked, _)| marked.contains(c))
        .map(|(_, plain)| *plain)
}

/// A game, component or variant id: it names files, so `is_safe_id` holds it to
/// lowercase letters, digits, `-` and `_`. (A bare number such as `7` reads as the id "7".)
pub struct SafeId;

/// `is_safe_id` as a regular expression.
const SAFE_ID_PATTERN: &str = "^[a-z0-9][a-z0-9_-]{0,63}$";

impl JsonSchema for SafeId {
    fn schema_name() -> Cow<'static, str> {
        "Id".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "An id: 1 to 64 lowercase letters, digits, `-` or `_`, starting with a letter or digit (it names files).",
            "type": ["string", "integer"],
            "pattern": SAFE_ID_PATTERN,
            "patternErrorMessage": "an id must be 1–64 lowercase letters, digits, `-` or `_` (it names files)",
            "minimum": 0,
            "examples": ["night-grain", "marker"],
        })
    }
}
