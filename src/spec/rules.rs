//! The rules vocabulary in a game's YAML. Each rule quotes the rulebook and states one check:
//! a subject (what to count or look at) and an expectation (`equals`, `at_least`, `at_most`).
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// The rulebook's own words that this rule enforces.
    pub quote: String,
    /// Where in the rulebook (e.g. "Components").
    #[serde(default)]
    pub section: Option<String>,
    #[schemars(with = "Check")]
    pub check: Spanned<Check>,
}

/// Exactly one subject key must be set.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Check {
    /// Total copies of a component (optionally only variants matching `where`).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub total: Option<Spanned<String>>,
    /// Number of distinct variants of a component (matching `where`).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub variants: Option<Spanned<String>>,
    /// Copies of each variant of a component (matching `where`): every one must meet the expectation.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub each_variant: Option<Spanned<String>>,
    /// The labels of a track's spaces, in order (`equals: [5, 4, 3, 2, 1]`).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub labels: Option<Spanned<String>>,
    /// The game's allowed player counts (`equals: [4, 6]`).
    #[serde(default)]
    #[schemars(with = "Option<bool>")]
    pub players: Option<Spanned<bool>>,
    /// Copies of a component per player at the largest player count (`at_least: 1`).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub per_player: Option<Spanned<String>>,
    /// Variants a component must offer for each player count (`by_players: {4: 4, 6: 6}`).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub uses: Option<Spanned<String>>,
    #[serde(default)]
    pub by_players: Option<BTreeMap<u32, u64>>,
    /// A track whose spaces must be blank inside: no label or hint printed in them.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub blank: Option<Spanned<String>>,
    /// Squares along each side of a board (`board: board-9, equals: 9`); with `style:`, of the
    /// square block of squares marked in that style (0 unless they make one block).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub board: Option<Spanned<String>>,
    /// Spaces of a board: its squares, hexes or points (`spaces: go-board, equals: 81`).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub spaces: Option<Spanned<String>>,
    /// Spaces of a board marked in one style (`marked: board, style: corner, equals: 4`).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub marked: Option<Spanned<String>>,
    /// The style `marked:` counts; with `board:`, the marked block it measures; with
    /// `at_least_squares_of:`, the marked spaces to fill.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub style: Option<Spanned<String>>,
    /// Lines joining a board's points (`lines: morris, equals: 32`).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub lines: Option<Spanned<String>>,
    /// A check implemented in Rust, by name (see `rules::named`).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub named: Option<Spanned<String>>,
    /// Parameters of a named check, e.g. `{family: "4 children, 2 adults, 4 old"}`.
    #[serde(default)]
    pub args: BTreeMap<String, String>,
    /// Only variants whose tags match all of these.
    #[serde(default, rename = "where")]
    pub filter: BTreeMap<String, String>,
    #[serde(default)]
    pub equals: Option<Expected>,
    #[serde(default)]
    pub at_least: Option<f64>,
    #[serde(default)]
    pub at_most: Option<f64>,
    /// At least as many as the spaces of this board (e.g. tiles to fill its squares).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub at_least_squares_of: Option<Spanned<String>>,
}

/// `equals:` takes a number or a list (of labels or player counts).
#[derive(Debug, Clone, Deserialize, JsonSchema, PartialEq)]
#[serde(untagged)]
pub enum Expected {
    Number(f64),
    List(Vec<Scalar>),
}

/// A list item: `5` or `"5"` or `Five` all compare as text.
#[derive(Debug, Clone, Deserialize, JsonSchema, PartialEq)]
#[serde(untagged)]
pub enum Scalar {
    Number(i64),
    Text(String),
}

impl std::fmt::Display for Scalar {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Scalar::Number(n) => write!(f, "{n}"),
            Scalar::Text(t) => f.write_str(t),
        }
    }
}
