//! What the rules read of a game's components, in words no kind owns: the values of properties,
//! the items a selector picks (`{faces: d6}`, `{sheet: log, roster: Crew}`), the part of a
//! component it names, and why a component cannot give them. The kinds answer in these terms
//! (`kinds::Kind::items`, `labels`, `printed_inside`); the rules compare and report.
use std::borrow::Cow;
use std::collections::BTreeSet;
use std::fmt;

use serde_saphyr::Spanned;

use super::Face;
use super::rules::Scalar;
use crate::base::diagnostic::{Diagnostic, did_you_mean};

/// A value of an item's property, or of an expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Num(f64),
    Text(String),
    /// A colour, as `#rrggbb`: equal to a text that names the same colour (`red`, `#F00`).
    Colour(String),
    Bool(bool),
    /// A property this item does not have (a tag other variants have), or a blank field.
    Unset,
}

impl Value {
    /// The number it is (a text that reads as one is one).
    pub fn number(&self) -> Option<f64> {
        match self {
            Value::Num(n) => Some(*n),
            Value::Text(t) => t.trim().parse::<f64>().ok().filter(|n| n.is_finite()),
            _ => None,
        }
    }

    /// Whether two values are the same: numbers by value (`6` is `"6"`), colours by colour,
    /// texts as written; an unset property equals only an empty text.
    pub fn same(&self, other: &Value) -> bool {
        use Value::*;
        match (self, other) {
            (Bool(a), Bool(b)) => a == b,
            (Unset, Unset) => true,
            (Unset, Text(t)) | (Text(t), Unset) => t.is_empty(),
            (Colour(a), Colour(b)) => a == b,
            (Colour(c), Text(t)) | (Text(t), Colour(c)) => {
                super::color::parse_color(t).is_ok_and(|t| t.hex() == c)
            }
            (a, b) => match (a.number(), b.number()) {
                (Some(x), Some(y)) => (x - y).abs() < 1e-9,
                _ => matches!((a, b), (Text(x), Text(y)) if x == y),
            },
        }
    }

    /// A text, or unset when there is none.
    pub fn text(t: Option<&str>) -> Value {
        t.map_or(Value::Unset, |t| Value::Text(t.to_string()))
    }

    /// A length or a place in mm, to 0.01 mm, as a rule compares it.
    pub fn mm(mm: f64) -> Value {
        Value::Num((mm * 100.0).round() / 100.0)
    }
}

/// A value written in a rule (`equals: 6`, `where: {suit: hearts}`).
impl From<&Scalar> for Value {
    fn from(s: &Scalar) -> Value {
        match s {
            Scalar::Number(n) => Value::Num(*n as f64),
            Scalar::Text(t) => Value::Text(t.clone()),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Num(n) => f.write_str(&number(*n)),
            Value::Text(t) => f.write_str(t),
            Value::Colour(c) => f.write_str(c),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Unset => f.write_str("not set"),
        }
    }
}

/// A number as a rule shows it: `3`, not `3.0`.
pub fn number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

/// One thing a selector picked: how messages name it, where to fix it, and its properties.
#[derive(Debug, Clone)]
pub struct Item {
    pub key: String,
    pub at: Diagnostic,
    props: Vec<(Cow<'static, str>, Value)>,
}

impl Item {
    pub fn new(key: impl Into<String>, at: Diagnostic) -> Item {
        Item {
            key: key.into(),
            at,
            props: Vec::new(),
        }
    }

    pub fn with(mut self, name: impl Into<Cow<'static, str>>, value: Value) -> Item {
        self.props.push((name.into(), value));
        self
    }

    /// The property's value, or `None` when the item has no such property.
    pub fn get(&self, name: &str) -> Option<Value> {
        self.props
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    }
}

/// The items a selector picks, what they are ("rows of the roster `Crew` on `log`"), where the
/// selection is written, and every property name an item may have.
#[derive(Debug)]
pub struct Selection {
    pub what: String,
    pub at: Diagnostic,
    pub items: Vec<Item>,
    pub names: BTreeSet<String>,
}

impl Selection {
    pub fn new(what: String, at: Diagnostic, items: Vec<Item>, names: &[&str]) -> Selection {
        Selection {
            what,
            at,
            items,
            names: names.iter().map(|n| n.to_string()).collect(),
        }
    }
}

/// The face fields a rule can read, as `front.<field>` and `back.<field>` (a die face's
/// without a prefix).
pub const FACE_FIELDS: [&str; 12] = [
    "title",
    "label",
    "text",
    "symbol",
    "ink",
    "background",
    "border",
    "pips",
    "image",
    "corner",
    "font",
    "layout",
];

/// The value of one of `FACE_FIELDS` on `face`.
pub fn face_value(face: &Face, field: &str) -> Value {
    let located = |t: &Option<Box<Spanned<String>>>| Value::text(t.as_ref().map(|s| &*s.value));
    let colour = |c: &Option<super::color::Color>| {
        c.as_ref()
            .map_or(Value::Unset, |c| Value::Colour(c.hex().to_string()))
    };
    match field {
        "title" => Value::text(face.title.as_deref()),
        "label" => Value::text(face.label.as_deref()),
        "text" => Value::text(face.text.as_deref()),
        "corner" => Value::text(face.corner.as_deref()),
        "symbol" => located(&face.symbol),
        "image" => located(&face.image),
        "font" => located(&face.font),
        "layout" => located(&face.layout),
        "ink" => colour(&face.ink),
        "background" => colour(&face.background),
        "border" => colour(&face.border),
        "pips" => face
            .pips
            .as_ref()
            .map_or(Value::Unset, |p| Value::Num(p.value as f64)),
        _ => Value::Unset,
    }
}

/// What of a component a selector reads: a die's faces, a board's spaces (those marked in a
/// style), or a record sheet's table, roster (or one of its columns) or track by title, or its
/// fields by label. The titles are the rule's,
/// located where it writes them.
#[derive(Debug, Clone, Copy)]
pub enum Part<'r> {
    Faces,
    /// A board's spaces, or only those marked in the style the rule names.
    Spaces(Option<&'r Spanned<String>>),
    Table(&'r Spanned<String>),
    Roster(&'r Spanned<String>, Option<&'r Spanned<String>>),
    Track(&'r Spanned<String>),
    Field(&'r Spanned<String>),
}

/// Why a component cannot give the items a selector asks of it, at the rule's words to mend.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{problem}")]
pub struct ItemsError {
    pub at: Diagnostic,
    /// Boxed: a `Result` that may carry it stays small.
    pub problem: Box<ItemsProblem>,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ItemsProblem {
    /// "no roster titled `X` on `s` (its rosters: `A`, `B`; did you mean `A`?)".
    #[error(
        "no {part} {} `{name}` on `{component}` ({})",
        named(part),
        known_list(part, name, known)
    )]
    NoPart {
        part: &'static str,
        name: String,
        component: String,
        /// The titles (or labels) of its parts of that sort.
        known: Vec<String>,
    },
    #[error(
        "no column `{column}` in the roster `{roster}` on `{component}` (its columns: {}{})",
        columns.join(", "),
        did_you_mean(column, columns.iter().map(String::as_str))
    )]
    NoColumn {
        column: String,
        roster: String,
        component: String,
        columns: Vec<String>,
    },
    #[error(
        "the roster `{roster}` on `{component}` has no `rows:`: it fills the room left on the page, which the rules cannot count"
    )]
    Uncounted { roster: String, component: String },
    /// "board `field` has no style `desrt`: expected one of `desert`, `star`".
    #[error(
        "{noun} `{component}` has no style `{style}`: {}",
        match known.is_empty() {
            true => format!("a {noun} marks no spaces in styles"),
            false => format!(
                "expected one of {}",
                known.iter().map(|s| format!("`{s}`")).collect::<Vec<_>>().join(", ")
            ),
        }
    )]
    NoStyle {
        /// What it is: "board", "track".
        noun: &'static str,
        style: String,
        component: String,
        known: Vec<String>,
    },
    #[error("`{title}` has {count} rows or spaces, more than the {most} the rules read")]
    TooMany {
        title: String,
        count: u32,
        most: u32,
    },
}

/// How a part is picked: a field by its label, the others by their title.
fn named(part: &str) -> &'static str {
    match part {
        "field" => "labelled",
        _ => "titled",
    }
}

/// "its rosters: `A`, `B`; did you mean `A`?", or that it has none with a title.
fn known_list(part: &str, name: &str, known: &[String]) -> String {
    match known.is_empty() {
        true => format!("it has no {part}s with a title"),
        false => {
            let list: Vec<String> = known.iter().map(|t| format!("`{t}`")).collect();
            format!(
                "its {part}s: {}{}",
                list.join(", "),
                did_you_mean(name, known.iter().map(String::as_str))
            )
        }
    }
}

/// Why a kind cannot say which of its spaces the rules' `labels:` and `blank:` mean: it has
/// not exactly one track (a record sheet with none, or several).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{tracks} tracks")]
pub struct NotOneTrack {
    pub tracks: usize,
}

/// What is printed inside a kind's spaces, for the rules' `blank:`.
#[derive(Debug, Clone, PartialEq)]
pub struct Inside {
    /// Each thing printed inside a space ("space 3 shows `7` inside"): none when all are blank.
    pub printed: Vec<String>,
    /// How it says that every space is blank ("12 spaces, every one blank inside").
    pub blank: String,
}
