//! The record-sheet vocabulary in a game's YAML (`kind: sheet`, `sheet: {sections: [...]}`).
//! A small set of generic sections, stacked down the page (`row` puts some side by side):
//! `fields`, `table`, `roster`, `grid`, `track`, `checkboxes`, `text`, `legend`, `row`.
//! Any text may hold `{key}` placeholders that `pnp sheets` fills per player (`{player}`…);
//! unknown keys print as nothing, leaving the space to write in. A field left out is `None`
//! when it is an `Option` (serde's own rule), its `#[serde(default)]` otherwise.
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;

use crate::spec::color::Color;

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetSpec {
    /// A line under the title band (e.g. "Family record sheet").
    pub subtitle: Option<String>,
    pub sections: Vec<Section>,
    /// The other side of the sheet (printed on the back, or as the next page).
    pub back: Option<SheetBack>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetBack {
    pub subtitle: Option<String>,
    pub sections: Vec<Section>,
}

/// One block of the sheet. Written in the YAML as a single key: `- table: {...}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Section {
    /// Labelled write-in fields side by side (name, date, a big total box).
    Fields(Fields),
    /// A printed table whose chosen columns are boxes or tally boxes to fill in.
    Table(Table),
    /// Numbered rows to write people or things in, with write-in, choice and checkbox columns.
    Roster(Roster),
    /// Labelled rows (with optional symbols) by numbered columns (turns): a cell per pair.
    Grid(Grid),
    /// An ordered track of blank write-in boxes, optionally labelled outside.
    Track(Track),
    /// Rows of checkboxes with labels (a turn sequence, a checklist).
    Checkboxes(Checkboxes),
    /// Paragraphs of text (a reminder, the scoring).
    Text(TextBlock),
    /// A key of symbols and colour swatches (with a line to write your own choice).
    Legend(Legend),
    /// Ruled lines for notes; without `lines` they fill the room left on the page.
    Notes(Notes),
    /// Sections side by side.
    Row(Row),
    /// Sections stacked, e.g. as one cell of a row.
    #[serde(rename = "column")]
    Stack(Stack),
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fields {
    pub title: Option<String>,
    pub items: Vec<Field>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Field {
    pub label: String,
    /// Printed on the line, e.g. `"{player}"`.
    pub value: Option<String>,
    /// Relative width among the fields of the section (default 1).
    #[schemars(with = "Option<f64>")]
    pub width: Option<Spanned<f64>>,
    /// A tall box (for a total) instead of a line.
    #[serde(default)]
    pub big: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Write {
    /// Printed text only.
    #[default]
    None,
    /// A box to write a number or word in.
    Box,
    /// A row of small boxes to tick (a cell value `n` pre-ticks n of them).
    Tally,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Column {
    pub label: String,
    #[serde(default)]
    pub write: Write,
    /// Tally boxes in each cell (default 10).
    pub boxes: Option<u32>,
    /// Relative width (default 1).
    #[schemars(with = "Option<f64>")]
    pub width: Option<Spanned<f64>>,
}

/// A column is written as its label alone or in full.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum ColumnSpec {
    Label(String),
    Full(Column),
}

impl ColumnSpec {
    pub fn column(&self) -> Column {
        match self {
            ColumnSpec::Label(l) => Column {
                label: l.clone(),
                write: Write::None,
                boxes: None,
                width: None,
            },
            ColumnSpec::Full(c) => c.clone(),
        }
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub title: Option<String>,
    pub columns: Vec<ColumnSpec>,
    /// Cells in column order; in write columns a cell is pre-filled text (often `{key}`).
    pub rows: Vec<Vec<String>>,
    /// A closing row, e.g. `[Total, "", "/ 20"]`.
    pub footer: Option<Vec<String>>,
    /// Small print under the table (a rule to remember).
    pub note: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RosterColumn {
    pub label: String,
    /// Relative width (default 1).
    #[schemars(with = "Option<f64>")]
    pub width: Option<Spanned<f64>>,
    /// Options printed small in each cell, to circle (e.g. `[Healthy, Starving]`).
    pub choices: Option<Vec<String>>,
    /// Checkboxes in each cell (e.g. starvation markers).
    pub boxes: Option<u32>,
    /// Checkboxes by the row's kind, `{Child: 1, Adult: 3, Old: 1}`: a row filled in with one of
    /// these kinds (`fill:` of another column) shows its count; a blank row a group for each,
    /// marked with the kind's initial.
    #[schemars(with = "Option<BTreeMap<String, u32>>")]
    pub boxes_by: Option<Spanned<BTreeMap<String, u32>>>,
    /// A symbol over the label in the header row (the label set small under it).
    #[schemars(with = "Option<String>")]
    pub symbol: Option<Spanned<String>>,
    /// Pre-fill row i with the value of `{fill}.i` (e.g. `member` → `member.1`, `member.2`…).
    pub fill: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Roster {
    pub title: Option<String>,
    /// Number of rows; without it the roster takes the room left on the page.
    #[schemars(with = "Option<u32>")]
    pub rows: Option<Spanned<u32>>,
    /// Blocks side by side the rows are split into (default 1).
    #[schemars(with = "Option<u32>")]
    pub blocks: Option<Spanned<u32>>,
    /// Heads the column of row numbers (default `#`), e.g. `Turn`.
    pub number: Option<String>,
    pub columns: Vec<RosterColumn>,
    pub note: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GridRow {
    pub label: String,
    #[schemars(with = "Option<String>")]
    pub symbol: Option<Spanned<String>>,
    /// Shaded row (e.g. a state rather than an activity).
    #[serde(default)]
    pub shade: bool,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Grid {
    pub title: Option<String>,
    pub rows: Vec<GridRow>,
    /// Number of columns, numbered from 1.
    #[schemars(with = "u32")]
    pub columns: Spanned<u32>,
    /// Printed over the column numbers (e.g. "Turn").
    pub column_label: Option<String>,
    pub note: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Flow {
    /// One space per line, top to bottom; labels on the left.
    #[default]
    Down,
    /// Left to right, wrapping; labels above each space.
    Right,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "SheetTrack")]
pub struct Track {
    pub title: Option<String>,
    #[schemars(with = "u32")]
    pub spaces: Spanned<u32>,
    #[serde(default)]
    pub direction: Flow,
    /// Labels printed outside the spaces, one per space in order (the insides stay blank).
    #[serde(default)]
    pub labels: Vec<String>,
    /// Pre-printed contents by space number (1-based), e.g. `{1: "6"}` for a starting value.
    #[serde(default)]
    pub values: BTreeMap<u32, String>,
    /// Largest space height in mm (default 16).
    #[schemars(with = "Option<f64>")]
    pub max_height: Option<Spanned<f64>>,
    /// Width of the spaces in mm for `direction: down` (default: the section's width).
    #[schemars(with = "Option<f64>")]
    pub width: Option<Spanned<f64>>,
    pub note: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckItem {
    pub label: String,
    pub text: Option<String>,
    /// Checkboxes after the label (default 1, at most 20).
    #[schemars(with = "Option<u32>")]
    pub boxes: Option<Spanned<u32>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Checkboxes {
    pub title: Option<String>,
    /// Print 1), 2)… before the items.
    #[serde(default)]
    pub numbered: bool,
    pub items: Vec<CheckItem>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TextBlock {
    pub title: Option<String>,
    /// Paragraphs; `# ` starts a subheading, `• ` a bullet.
    pub lines: Vec<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LegendItem {
    pub label: String,
    #[schemars(with = "Option<String>")]
    pub symbol: Option<Spanned<String>>,
    /// A swatch of this colour.
    pub color: Option<Color>,
    pub text: Option<String>,
    /// A write-in line after the item, with this small label (e.g. "die colour").
    pub write: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Legend {
    pub title: Option<String>,
    pub items: Vec<LegendItem>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Notes {
    pub title: Option<String>,
    /// Number of ruled lines (default: as many as fit, at least 2).
    pub lines: Option<u32>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// Relative widths of the sections (default equal).
    #[serde(default)]
    #[schemars(with = "Vec<f64>")]
    pub widths: Vec<Spanned<f64>>,
    pub sections: Vec<Section>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stack {
    pub sections: Vec<Section>,
}

impl Section {
    pub fn title(&self) -> Option<&str> {
        match self {
            Section::Fields(s) => s.title.as_deref(),
            Section::Table(s) => s.title.as_deref(),
            Section::Roster(s) => s.title.as_deref(),
            Section::Grid(s) => s.title.as_deref(),
            Section::Track(s) => s.title.as_deref(),
            Section::Checkboxes(s) => s.title.as_deref(),
            Section::Text(s) => s.title.as_deref(),
            Section::Legend(s) => s.title.as_deref(),
            Section::Notes(s) => s.title.as_deref(),
            Section::Row(_) | Section::Stack(_) => None,
        }
    }

    pub fn as_table(&self) -> Option<&Table> {
        match self {
            Section::Table(t) => Some(t),
            _ => None,
        }
    }

    pub fn as_roster(&self) -> Option<&Roster> {
        match self {
            Section::Roster(r) => Some(r),
            _ => None,
        }
    }

    pub fn as_track(&self) -> Option<&Track> {
        match self {
            Section::Track(t) => Some(t),
            _ => None,
        }
    }

    /// Every section, this one and those inside rows, depth first.
    pub fn walk<'a>(&'a self, out: &mut Vec<&'a Section>) {
        out.push(self);
        let inner = match self {
            Section::Row(r) => r.sections.as_slice(),
            Section::Stack(s) => s.sections.as_slice(),
            _ => &[],
        };
        for s in inner {
            s.walk(out);
        }
    }
}

impl Section {
    /// Every text this section prints itself (not those of the sections inside a row or column),
    /// for the same checks as a face's texts: fonts that draw them and a length limit.
    pub fn texts<'a>(&'a self, out: &mut Vec<&'a str>) {
        fn add<'a>(out: &mut Vec<&'a str>, texts: impl IntoIterator<Item = &'a String>) {
            out.extend(texts.into_iter().map(String::as_str));
        }
        out.extend(self.title());
        match self {
            Section::Fields(s) => {
                for i in &s.items {
                    add(out, std::iter::once(&i.label).chain(&i.value));
                }
            }
            Section::Table(s) => {
                for c in &s.columns {
                    match c {
                        ColumnSpec::Label(l) => add(out, [l]),
                        ColumnSpec::Full(c) => add(out, [&c.label]),
                    }
                }
                add(out, s.rows.iter().flatten());
                add(out, s.footer.iter().flatten());
                add(out, &s.note);
            }
            Section::Roster(s) => {
                for c in &s.columns {
                    add(out, std::iter::once(&c.label).chain(&c.fill));
                    add(out, c.choices.iter().flatten());
                    add(out, c.boxes_by.iter().flat_map(|b| b.value.keys()));
                }
                add(out, s.note.iter().chain(&s.number));
            }
            Section::Grid(s) => {
                add(out, s.rows.iter().map(|r| &r.label));
                add(out, s.column_label.iter().chain(&s.note));
            }
            Section::Track(s) => {
                add(out, &s.labels);
                add(out, s.values.values().chain(&s.note));
            }
            Section::Checkboxes(s) => {
                for i in &s.items {
                    add(out, std::iter::once(&i.label).chain(&i.text));
                }
            }
            Section::Text(s) => add(out, &s.lines),
            Section::Legend(s) => {
                for i in &s.items {
                    add(out, [&i.label].into_iter().chain(&i.text).chain(&i.write));
                }
            }
            Section::Notes(_) | Section::Row(_) | Section::Stack(_) => {}
        }
    }
}
