//! Colours: `#rgb`, `#rrggbb`, or one of a few names. Kept as the normalised `#rrggbb` string that
//! the SVG writer needs.
use serde::Deserialize;
use serde::de::{self, Deserializer};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Color(String);

impl Color {
    pub const NONE: &'static str = "none";
    pub fn hex(&self) -> &str {
        &self.0
    }
    pub fn is_none(&self) -> bool {
        self.0 == Self::NONE
    }
    pub fn new(text: &str) -> Result<Color, ColorError> {
        parse_color(text)
    }
    /// The `{axis.property}` this colour stands for until a component's `matrix:` fills it in.
    pub fn placeholder(&self) -> Option<&str> {
        is_placeholder(&self.0).then_some(self.0.as_str())
    }
}

/// `{suit.color}`: a reference to an axis value's property (see `spec::matrix`).
pub fn is_placeholder(text: &str) -> bool {
    let Some(inner) = text.strip_prefix('{').and_then(|t| t.strip_suffix('}')) else {
        return false;
    };
    let ok = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    };
    matches!(inner.split_once('.'), Some((a, p)) if ok(a) && ok(p))
}

pub(crate) const NAMES: &[(&str, &str)] = &[
    ("black", "#000000"),
    ("white", "#ffffff"),
    ("gray", "#808080"),
    ("grey", "#808080"),
    ("red", "#ff0000"),
    ("green", "#008000"),
    ("blue", "#0000ff"),
    ("yellow", "#ffff00"),
];

/// A text that is not a colour.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("expected a colour such as `#8e2a5a`, `#c33` or `white`, found `{text}`{}", match bare_hex { true => format!(" (a hex colour starts with `#`: \"#{}\")", text.trim().to_ascii_lowercase()), false => String::new() })]
pub struct ColorError {
    pub text: String,
    /// It would be a colour with a `#` in front.
    pub bare_hex: bool,
}

pub fn parse_color(text: &str) -> Result<Color, ColorError> {
    let t = text.trim().to_ascii_lowercase();
    if t == Color::NONE || is_placeholder(&t) {
        return Ok(Color(t));
    }
    if let Some((_, hex)) = NAMES.iter().find(|(n, _)| *n == t) {
        return Ok(Color((*hex).to_string()));
    }
    let digits = t.strip_prefix('#').unwrap_or("");
    let ok = digits.chars().all(|c| c.is_ascii_hexdigit());
    match (ok, digits.len()) {
        (true, 6) => Ok(Color(t)),
        (true, 3) => {
            let long: String = digits.chars().flat_map(|c| [c, c]).collect();
            Ok(Color(format!("#{long}")))
        }
        _ => {
            let bare_hex = matches!(t.len(), 3 | 6) && t.chars().all(|c| c.is_ascii_hexdigit());
            Err(ColorError {
                text: text.to_string(),
                bare_hex,
            })
        }
    }
}

impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        parse_color(&s).map_err(de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn parses_colours() {
        assert_eq!(parse_color("#ABC").unwrap().hex(), "#aabbcc");
        assert_eq!(parse_color("white").unwrap().hex(), "#ffffff");
        assert!(parse_color("#12345").is_err());
        assert!(parse_color("red;stroke:x").is_err());
    }
}
