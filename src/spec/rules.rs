//! The rules vocabulary in a game's YAML. Each rule quotes the rulebook and states one check:
//! a subject (what to count or look at) and an expectation (`equals`, `at_least`, `at_most`,
//! `one_of`). The subjects `count`, `sum`, `each` and `list` take a selector (`Select`: the
//! items of a component, die, board, sheet or build to look at) and an expression over each
//! item's properties (`value:`, `holds:`, `if:`); `build` defines what a player builds before
//! play (The Beast's families), which `pnp sheets --family` reads. docs/rules.md has the whole
//! language with examples.
use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;
use std::collections::BTreeMap;
use std::fmt;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// The rulebook's own words that this rule enforces.
    pub quote: String,
    /// Where in the rulebook (e.g. "Components").
    pub section: Option<String>,
    #[schemars(with = "Check")]
    pub check: Spanned<Check>,
}

/// Exactly one subject key must be set.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Check {
    /// Total copies of a component (optionally only variants matching `where`).
    #[schemars(with = "Option<String>")]
    pub total: Option<Spanned<String>>,
    /// Number of distinct variants of a component (matching `where`).
    #[schemars(with = "Option<String>")]
    pub variants: Option<Spanned<String>>,
    /// Copies of each variant of a component (matching `where`): every one must meet the expectation.
    #[schemars(with = "Option<String>")]
    pub each_variant: Option<Spanned<String>>,
    /// The labels of a track's spaces, in order (`equals: [5, 4, 3, 2, 1]`); on a record
    /// sheet, of its only track.
    #[schemars(with = "Option<String>")]
    pub labels: Option<Spanned<String>>,
    /// The game's allowed player counts (`equals: [4, 6]`).
    #[schemars(with = "Option<bool>")]
    pub players: Option<Spanned<bool>>,
    /// Copies of a component per player at the largest player count (`at_least: 1`).
    #[schemars(with = "Option<String>")]
    pub per_player: Option<Spanned<String>>,
    /// Variants a component must offer for each player count (`by_players: {4: 4, 6: 6}`).
    #[schemars(with = "Option<String>")]
    pub uses: Option<Spanned<String>>,
    pub by_players: Option<BTreeMap<u32, u64>>,
    /// A track whose spaces must be blank inside: no label or hint printed in them (on a
    /// record sheet, its only track).
    #[schemars(with = "Option<String>")]
    pub blank: Option<Spanned<String>>,
    /// Squares along each side of a board (`board: board-9, equals: 9`); with `style:`, of the
    /// square block of squares marked in that style (0 unless they make one block).
    #[schemars(with = "Option<String>")]
    pub board: Option<Spanned<String>>,
    /// Spaces of a board: its squares, hexes or points (`spaces: go-board, equals: 81`).
    #[schemars(with = "Option<String>")]
    pub spaces: Option<Spanned<String>>,
    /// Spaces of a board marked in one style (`marked: board, style: corner, equals: 4`).
    #[schemars(with = "Option<String>")]
    pub marked: Option<Spanned<String>>,
    /// The style `marked:` counts; with `board:`, the marked block it measures; with
    /// `at_least_squares_of:`, the marked spaces to fill.
    #[schemars(with = "Option<String>")]
    pub style: Option<Spanned<String>>,
    /// Lines joining a board's points (`lines: morris, equals: 32`).
    #[schemars(with = "Option<String>")]
    pub lines: Option<Spanned<String>>,
    /// How many items a selector picks (after `where:` and `if:`):
    /// `count: {spaces: board}, where: {shape: hex}, equals: 61`.
    #[schemars(with = "Option<Select>")]
    pub count: Option<Spanned<Select>>,
    /// The sum of `value:` over the items a selector picks: `sum: {variants: grain}, value: copies`.
    #[schemars(with = "Option<Select>")]
    pub sum: Option<Spanned<Select>>,
    /// Every item a selector picks must meet the expectation with its `value:`, or make
    /// `holds:` true: `each: {faces: d6}, value: text, one_of: [1, 2, 3, 4, 5, 6]`.
    #[schemars(with = "Option<Select>")]
    pub each: Option<Spanned<Select>>,
    /// The `value:` of each item a selector picks, in order, against `equals: [..]` or a list
    /// computed from other items (`equals: {list: …, value: …}`).
    #[schemars(with = "Option<Select>")]
    pub list: Option<Spanned<Select>>,
    /// What a player builds before play from kinds of members, each with its tags (costs,
    /// strengths), a budget and conditions: The Beast's family. The rule holds when each of its
    /// `examples:` is legal; `pnp sheets --family` reads it to check and fill in a family.
    #[schemars(with = "Option<Build>")]
    pub build: Option<Spanned<Build>>,
    /// With `each`, `list` and `sum`: what to measure on each item, an expression over its
    /// properties (`text`, `copies`, `6 - abs(7 - n)`).
    #[schemars(with = "Option<String>")]
    pub value: Option<Spanned<String>>,
    /// With `each`: a condition each item must meet, e.g. `front.pips == 6 - abs(7 - n)`.
    #[schemars(with = "Option<String>")]
    pub holds: Option<Spanned<String>>,
    /// With a selector: only the items for which this condition is true (`n != 6 and n != 8`).
    #[serde(rename = "if")]
    #[schemars(with = "Option<String>")]
    pub only_if: Option<Spanned<String>>,
    /// Only variants (or items) whose tags (or properties) match all of these; a list matches
    /// any of its values (`where: {n: [6, 8]}`).
    #[serde(rename = "where")]
    pub filter: BTreeMap<String, Want>,
    /// A number, a text, a list, or values computed from the game
    /// (`{count: <selector>}`, `{list: <selector>, value: <expression>}`).
    #[schemars(with = "Option<Expected>")]
    pub equals: Option<Spanned<Expected>>,
    /// A number, or one computed from the game (`{count: <selector>}`, `{build: <rule>, most: members}`).
    #[schemars(with = "Option<Bound>")]
    pub at_least: Option<Spanned<Bound>>,
    #[schemars(with = "Option<Bound>")]
    pub at_most: Option<Spanned<Bound>>,
    /// Any of these values (numbers or texts).
    #[schemars(with = "Option<Vec<Scalar>>")]
    pub one_of: Option<Spanned<Vec<Scalar>>>,
    /// At least as many as the spaces of this board (e.g. tiles to fill its squares).
    #[schemars(with = "Option<String>")]
    pub at_least_squares_of: Option<Spanned<String>>,
}

/// What a rule looks at: exactly one source (`components`, `variants`, `faces`, `spaces`,
/// `sheet` or `build`), narrowed by the keys that go with it. Each item it picks has properties that
/// `where:`, `if:`, `value:` and `holds:` name.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Select {
    /// `all`: each component of the game: `id`, `name`, `kind`, `copies` (all its variants'),
    /// `variants` (how many), `width` and `height` (mm, as printed) and its front's fields as
    /// `front.title`, `front.ink`…
    #[schemars(with = "Option<String>")]
    pub components: Option<Spanned<String>>,
    /// Each variant of a component (the component itself when it has none): `id`, `copies`,
    /// its tags, and its faces' fields as `front.text`, `front.ink`, `back.label`…
    #[schemars(with = "Option<String>")]
    pub variants: Option<Spanned<String>>,
    /// Each face of a die (six for each of its variants): `n` (1 to 6), the face's fields laid
    /// over the die's front (`text`, `label`, `symbol`, `pips`, `ink`…), and the variant's `id`
    /// and tags.
    #[schemars(with = "Option<String>")]
    pub faces: Option<Spanned<String>>,
    /// Each space of a board: `name` (`a1`), `shape` (`square`, `hex`, `point`), `column` and
    /// `row` (from 1, `a1` being column 1, row 1).
    #[schemars(with = "Option<String>")]
    pub spaces: Option<Spanned<String>>,
    /// With `spaces:`, only the spaces marked in this style.
    #[schemars(with = "Option<String>")]
    pub style: Option<Spanned<String>>,
    /// A record sheet, with one of `table`, `roster`, `track` or `field` (by title or label).
    #[schemars(with = "Option<String>")]
    pub sheet: Option<Spanned<String>>,
    /// The rows of the sheet's table with this title: `n` and each cell by its column's label.
    #[schemars(with = "Option<String>")]
    pub table: Option<Spanned<String>>,
    /// The rows of the sheet's roster with this title (`n`); with `column:`, that column's
    /// boxes for each kind of row (`kind`, `boxes`).
    #[schemars(with = "Option<String>")]
    pub roster: Option<Spanned<String>>,
    /// With `roster:`, the column with this label.
    #[schemars(with = "Option<String>")]
    pub column: Option<Spanned<String>>,
    /// The spaces of the sheet's track with this title: `n`, `label` (printed outside),
    /// `value` (pre-printed inside).
    #[schemars(with = "Option<String>")]
    pub track: Option<Spanned<String>>,
    /// The sheet's fields with this label: `label`, `value` (printed on its line).
    #[schemars(with = "Option<String>")]
    pub field: Option<Spanned<String>>,
    /// The kinds of member of the build that this rule id defines: `name`, `plural` and their
    /// tags (`build: family-building`).
    #[schemars(with = "Option<String>")]
    pub build: Option<Spanned<String>>,
}

/// What a player builds before play: so many members of each kind, within a budget, under
/// conditions. Written as `pnp sheets --family` reads it: `Ann: 4 children, 2 adults, 4 old`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Build {
    /// What one is called in messages: "this family is not legal".
    pub name: String,
    /// The kinds of member, in the order a sheet lists them.
    pub kinds: Vec<BuildKind>,
    /// The most a build may spend, by tag: `{points: 20}` (each member costs its kind's
    /// `points`).
    #[serde(default)]
    pub budget: BTreeMap<String, f64>,
    /// Conditions over the counts (each kind's plural, `members`) and the totals of the tags
    /// (`points`): `children + old >= 2 * adults`.
    #[serde(default)]
    pub require: Vec<Requirement>,
    /// Builds as written for `pnp sheets --family` (`4 children, 2 adults, 4 old`): each must
    /// be legal.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub examples: Vec<Spanned<String>>,
}

/// One kind of member of a build.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BuildKind {
    /// As a sheet shows one member (`Child`).
    #[schemars(with = "String")]
    pub name: Spanned<String>,
    /// How a count of them is written (`children`), and its name in conditions; default: the
    /// name.
    pub plural: Option<String>,
    /// Other words a build may use for it (`kids`).
    #[serde(default)]
    pub also: Vec<String>,
    /// Numbers about each member (`{points: 3, combat: 0}`): costs, strengths.
    #[serde(default)]
    pub tags: BTreeMap<String, f64>,
}

/// A condition a build must meet, and what to say when it does not.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Requirement {
    /// An expression: `children + old >= 2 * adults`.
    #[schemars(with = "String")]
    pub holds: Spanned<String>,
    /// Said when it does not hold; `{expression}` puts a value in: `{adults} Adults`.
    pub says: Option<String>,
}

/// A value computed from the game, to compare with: `{count: <selector>}`,
/// `{list: <selector>, value: <expression>}` or `{build: <rule>, most: <expression>}`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Computed {
    /// How many items the selector picks.
    #[schemars(with = "Option<Select>")]
    pub count: Option<Spanned<Select>>,
    /// The `value:` of each item the selector picks, by item: compared item by item (a sheet
    /// column's boxes for each kind of row against each kind of a build).
    #[schemars(with = "Option<Select>")]
    pub list: Option<Spanned<Select>>,
    #[schemars(with = "Option<String>")]
    pub value: Option<Spanned<String>>,
    /// The build (a rule id) whose legal builds `most:` or `least:` ranges over.
    #[schemars(with = "Option<String>")]
    pub build: Option<Spanned<String>>,
    /// The largest value of this expression over every legal build (`members`).
    #[schemars(with = "Option<String>")]
    pub most: Option<Spanned<String>>,
    /// The smallest value of this expression over every legal build.
    #[schemars(with = "Option<String>")]
    pub least: Option<Spanned<String>>,
}

/// `equals:` takes a number, a text, a list (of labels or player counts) or a computed value.
#[derive(Debug, JsonSchema)]
#[serde(untagged)]
pub enum Expected {
    Number(f64),
    Text(String),
    List(Vec<Scalar>),
    Computed(Box<Computed>),
}

/// `at_least:` and `at_most:` take a number or a computed one.
#[derive(Debug, JsonSchema)]
#[serde(untagged)]
pub enum Bound {
    Number(f64),
    Computed(Box<Computed>),
}

/// A list item: `5` or `"5"` or `Five` all compare as text.
#[derive(Debug, Clone, Deserialize, JsonSchema, PartialEq)]
#[serde(untagged)]
pub enum Scalar {
    Number(i64),
    Text(String),
}

/// A `where:` value: one value, or a list of which any matches.
#[derive(Debug, Clone, JsonSchema, PartialEq)]
#[serde(untagged)]
pub enum Want {
    One(Scalar),
    Any(Vec<Scalar>),
}

impl Want {
    /// The values it accepts.
    pub fn values(&self) -> &[Scalar] {
        match self {
            Want::One(s) => std::slice::from_ref(s),
            Want::Any(list) => list,
        }
    }

    /// Whether `text` (a tag's value) is one of them.
    pub fn matches(&self, text: &str) -> bool {
        self.values().iter().any(|s| s.is(text))
    }
}

impl Scalar {
    /// Whether it is `text`: as written, or the same number (`6` and `"6.0"`).
    pub fn is(&self, text: &str) -> bool {
        match self {
            Scalar::Text(t) => t == text,
            Scalar::Number(n) => {
                text == n.to_string() || text.trim().parse::<f64>().ok() == Some(*n as f64)
            }
        }
    }
}

impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scalar::Number(n) => write!(f, "{n}"),
            Scalar::Text(t) => f.write_str(t),
        }
    }
}

impl fmt::Display for Want {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let all: Vec<String> = self.values().iter().map(Scalar::to_string).collect();
        f.write_str(&all.join(" or "))
    }
}

// Read by hand rather than as untagged enums: serde would buffer the value first, and a
// buffered value loses where it was written (a selector in `equals: {list: …}` could then not
// be located) and says only that no variant matched.

/// What `equals:`, `at_least:` and `at_most:` may be, as an editor reads it.
const EXPECTING: &str = "a number, a text, a list (`[5, 4, 3]`) or a computed value (`{count: …}`, `{list: …, value: …}`, `{build: …, most: …}`)";

struct ExpectedVisitor;

impl<'de> Visitor<'de> for ExpectedVisitor {
    type Value = Expected;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(EXPECTING)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Expected, E> {
        Ok(Expected::Number(v as f64))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Expected, E> {
        Ok(Expected::Number(v as f64))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Expected, E> {
        Ok(Expected::Number(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Expected, E> {
        Ok(Expected::Text(v.to_string()))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Expected, A::Error> {
        Vec::deserialize(SeqAccessDeserializer::new(seq)).map(Expected::List)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Expected, A::Error> {
        Computed::deserialize(MapAccessDeserializer::new(map)).map(|c| Expected::Computed(c.into()))
    }
}

impl<'de> Deserialize<'de> for Expected {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ExpectedVisitor)
    }
}

impl<'de> Deserialize<'de> for Bound {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match d.deserialize_any(ExpectedVisitor)? {
            Expected::Number(n) => Ok(Bound::Number(n)),
            Expected::Computed(c) => Ok(Bound::Computed(c)),
            Expected::Text(t) => Err(de::Error::custom(format!(
                "expected a number or a computed value (`{{count: …}}`, `{{build: …, most: …}}`), found `{t}`"
            ))),
            Expected::List(_) => Err(de::Error::custom(
                "expected a number or a computed value (`{count: …}`, `{build: …, most: …}`), found a list",
            )),
        }
    }
}

struct WantVisitor;

impl<'de> Visitor<'de> for WantVisitor {
    type Value = Want;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a value (`suns`, `6`) or a list of values (`[6, 8]`)")
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Want, E> {
        Ok(Want::One(Scalar::Number(v)))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Want, E> {
        match i64::try_from(v) {
            Ok(n) => Ok(Want::One(Scalar::Number(n))),
            Err(_) => Ok(Want::One(Scalar::Text(v.to_string()))),
        }
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Want, E> {
        Ok(Want::One(Scalar::Text(v.to_string())))
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Want, E> {
        Ok(Want::One(Scalar::Text(v.to_string())))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Want, E> {
        Ok(Want::One(Scalar::Text(v.to_string())))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Want, A::Error> {
        Vec::deserialize(SeqAccessDeserializer::new(seq)).map(Want::Any)
    }
}

impl<'de> Deserialize<'de> for Want {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(WantVisitor)
    }
}
