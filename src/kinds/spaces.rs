//! The spaces of a board (squares, hexes or points) as the kinds, the rules and Tabletop
//! Simulator's snap points see them: named by their coordinates (`a1` at the bottom left, as on
//! a chess board), at their centres, with the lines joining them, the spaces each style marks
//! and the track around the edge (`Geometry`); spaces of any shape (`boards::shaped`) by the
//! names they are given.
use std::collections::BTreeMap;

use serde_saphyr::Spanned;

use super::{Component, Game};
use crate::base::diagnostic::Diagnostic;
use crate::spec::items::{Item, ItemsError, ItemsProblem, Selection, Value};

/// The style every board knows: a dot (a Go board's star points).
pub const STAR: &str = "star";

/// The name of column `i` (0-based) as printed: A…Z, then AA, AB…
pub fn column_name(i: u32) -> String {
    let mut i = i as usize;
    let mut out = Vec::new();
    loop {
        out.push(b'A' + (i % 26) as u8);
        if i < 26 {
            break;
        }
        i = i / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// The name of the space in column `col` (0-based) and row `row` counted from the bottom
/// (1-based), as the YAML writes it: `a1`, `k11`.
pub fn space_name(col: u32, row: u32) -> String {
    format!("{}{row}", column_name(col).to_ascii_lowercase())
}

/// A space of a board (a square, a hex or a point) by its name, at its centre (mm from the
/// board's top left).
#[derive(Debug, Clone, PartialEq)]
pub struct Space {
    pub name: String,
    pub x: f64,
    pub y: f64,
}

/// The spaces of a board and what joins and marks them.
#[derive(Debug, Clone, Default)]
pub struct Geometry {
    /// What its spaces are called in the rules ("square", "hex", "point").
    pub noun: &'static str,
    pub spaces: Vec<Space>,
    /// Lines joining two spaces (a board of points): indices into `spaces`.
    pub lines: Vec<(usize, usize)>,
    /// The spaces each style marks, by index, for each style the marks use.
    pub marked: BTreeMap<String, Vec<usize>>,
    /// The spaces of the score track around the edge, in order, named by their numbers.
    pub track: Vec<Space>,
    /// The styles the board defines (and `star`, which every board knows), marking spaces or
    /// not: the styles a rule may count.
    pub styles: Vec<String>,
    /// The shape of each space of any shape (`kinds::boards::shaped`), by index: `triangle`,
    /// `circle`…; the others are of the board's `noun`.
    pub shapes: BTreeMap<usize, &'static str>,
}

impl Geometry {
    /// The shape of space `i`: the board's noun (`square`, `hex`, `point`), or what a space of
    /// any shape is (`triangle`, `circle`, `oval`, `rectangle`, `polygon`, `path`).
    pub fn shape(&self, i: usize) -> &'static str {
        self.shapes.get(&i).copied().unwrap_or(self.noun)
    }

    /// Its spaces' noun in the plural: "squares", "hexes", "points".
    pub fn nouns(&self) -> String {
        match self.noun.ends_with('x') {
            true => format!("{}es", self.noun),
            false => format!("{}s", self.noun),
        }
    }
}

/// The column (0-based) and row (1-based, from the bottom) of a space named `<letters><row>`.
pub fn column_row(name: &str) -> Option<(u32, u32)> {
    parts(name).map(|(letters, row)| (column_index(&letters), row))
}

/// The index of the space named `name` (any case).
pub fn find(spaces: &[Space], name: &str) -> Option<usize> {
    let name = name.trim().to_ascii_lowercase();
    spaces.iter().position(|s| s.name == name)
}

/// A space's name split into its column letters and its row number.
pub fn parts(name: &str) -> Option<(String, u32)> {
    let name = name.trim().to_ascii_lowercase();
    let split = name.find(|c: char| c.is_ascii_digit())?;
    let (letters, number) = name.split_at(split);
    let all_letters = !letters.is_empty() && letters.chars().all(|c| c.is_ascii_lowercase());
    all_letters.then_some(())?;
    Some((letters.to_string(), number.parse().ok()?))
}

/// Where the row (or else the column) a missing space's name points at runs: "row 9 runs from
/// e9 to i9", for a name whose row or column the board has.
pub fn line_of(geometry: &Geometry, name: &str) -> Option<String> {
    let (letters, row) = parts(name)?;
    let named: Vec<(String, u32)> = geometry
        .spaces
        .iter()
        .filter_map(|s| parts(&s.name))
        .collect();
    let span = |mut line: Vec<&(String, u32)>| -> Option<(String, String)> {
        line.sort_by_key(|(l, r)| (column_index(l), *r));
        let (first, last) = (line.first()?, line.last()?);
        Some((
            format!("{}{}", first.0, first.1),
            format!("{}{}", last.0, last.1),
        ))
    };
    if let Some((a, b)) = span(named.iter().filter(|(_, r)| *r == row).collect()) {
        return Some(format!("row {row} runs from {a} to {b}"));
    }
    let (a, b) = span(named.iter().filter(|(l, _)| *l == letters).collect())?;
    Some(format!("column {letters} runs from {a} to {b}"))
}

/// The column index of letters `a`, `b`… `aa` (0-based).
fn column_index(letters: &str) -> u32 {
    letters
        .bytes()
        .fold(0u32, |acc, b| {
            acc.saturating_mul(26).saturating_add((b - b'a' + 1) as u32)
        })
        .saturating_sub(1)
}

/// Why a mark names no space.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SpaceError {
    #[error("no such space `{0}`")]
    NoSuchSpace(String),
    #[error("`{0}`: expected a run such as `a1-a11` or `a1-k1`")]
    NotARun(String),
    #[error("`{0}` is neither along a column nor along a row")]
    Diagonal(String),
    #[error("no space in the run `{0}`")]
    EmptyRun(String),
}

/// The spaces a mark names: one space (`f6`), or a run along a column or a row (`a1-a11`,
/// `a1-k1`), every space of it that exists; what is wrong with it otherwise.
pub fn resolve(spaces: &[Space], name: &str) -> Result<Vec<usize>, SpaceError> {
    let Some((from, to)) = name.split_once('-') else {
        return find(spaces, name)
            .map(|i| vec![i])
            .ok_or_else(|| SpaceError::NoSuchSpace(name.to_string()));
    };
    let (Some((c0, r0)), Some((c1, r1))) = (parts(from), parts(to)) else {
        return Err(SpaceError::NotARun(name.to_string()));
    };
    // Only as far as the board goes: a run past its edge names no more spaces, and a run to
    // `zzzzzz3` or `a4000000000` must not make billions of names first (found by fuzzing).
    let (last_col, last_row) = spaces
        .iter()
        .filter_map(|s| parts(&s.name))
        .fold((0, 0), |(c, r), (letters, row)| {
            (c.max(column_index(&letters)), r.max(row))
        });
    let names: Vec<String> = if c0 == c1 {
        (r0.min(r1)..=r0.max(r1).min(last_row))
            .map(|r| format!("{c0}{r}"))
            .collect()
    } else if r0 == r1 {
        let (a, b) = (column_index(&c0), column_index(&c1));
        (a.min(b)..=a.max(b).min(last_col))
            .map(|c| space_name(c, r0))
            .collect()
    } else {
        return Err(SpaceError::Diagonal(name.to_string()));
    };
    let found: Vec<usize> = names.iter().filter_map(|n| find(spaces, n)).collect();
    match found.is_empty() {
        true => Err(SpaceError::EmptyRun(name.to_string())),
        false => Ok(found),
    }
}

/// The properties each space of a board offers the rules' `{spaces: B}`.
pub const SPACE_PROPERTIES: [&str; 7] = ["name", "shape", "style", "column", "row", "x", "y"];

/// The spaces of board `c` (of geometry `g`) as the rules' items, or only those marked in
/// `style`: each space's `name` (`a1`), `shape` (`square`, `hex`, `point`), `style` (the first
/// of the board's styles that marks it; not set when none does), `column` and `row` (from 1,
/// `a1` being column 1, row 1) and `x`, `y` (its centre, mm from the board's top left). A style
/// the board does not define is the rule's mistake, at its words.
pub fn items(
    game: &Game,
    c: &Component,
    g: &Geometry,
    style: Option<&Spanned<String>>,
) -> Result<Selection, ItemsError> {
    let here = Diagnostic::at(game.file_of(c), &c.id, String::new());
    if let Some(style) = style.filter(|s| !g.styles.contains(&s.value)) {
        return Err(ItemsError {
            at: Diagnostic::at(&game.file, style, String::new()),
            problem: Box::new(ItemsProblem::NoStyle {
                noun: "board",
                style: style.value.clone(),
                component: c.id.value.clone(),
                known: g.styles.clone(),
            }),
        });
    }
    let picked: Vec<usize> = match style {
        Some(style) => g.marked.get(&style.value).cloned().unwrap_or_default(),
        None => (0..g.spaces.len()).collect(),
    };
    // The style that marks each space: the first of the board's, in its order.
    let mut marked_in: Vec<Option<&str>> = vec![None; g.spaces.len()];
    for s in &g.styles {
        for &i in g.marked.get(s).into_iter().flatten() {
            if let Some(slot) = marked_in.get_mut(i).filter(|m| m.is_none()) {
                *slot = Some(s.as_str());
            }
        }
    }
    let num = |n: Option<u32>| n.map_or(Value::Unset, |n| Value::Num(n as f64));
    let items = picked
        .iter()
        .filter_map(|&i| g.spaces.get(i).map(|s| (i, s)))
        .map(|(i, s)| {
            let place = column_row(&s.name);
            let style = marked_in.get(i).copied().flatten();
            Item::new(s.name.clone(), here.clone())
                .with("name", Value::Text(s.name.clone()))
                // A space of any shape says its own (`triangle`); the grid's, the grid's noun.
                .with("shape", Value::Text(g.shape(i).to_string()))
                .with("style", Value::text(style))
                .with("column", num(place.map(|p| p.0 + 1)))
                .with("row", num(place.map(|p| p.1)))
                .with("x", Value::mm(s.x))
                .with("y", Value::mm(s.y))
        })
        .collect();
    let marked = style.map_or(String::new(), |s| format!(" marked `{}`", s.value));
    Ok(Selection::new(
        format!("{}{marked} of `{}`", g.nouns(), c.id.value),
        here,
        items,
        &SPACE_PROPERTIES,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 3 × 3 board's spaces, `a1` to `c3`.
    fn three_by_three() -> Vec<Space> {
        (0..3)
            .flat_map(|c| (1..=3).map(move |r| (c, r)))
            .map(|(c, r)| Space {
                name: space_name(c, r),
                x: c as f64,
                y: r as f64,
            })
            .collect()
    }

    #[test]
    fn a_run_past_the_board_names_only_its_spaces_without_making_the_rest() {
        let spaces = three_by_three();
        // Each would name billions of spaces before they were looked up.
        let far_column = format!("a2-{}2", "d".repeat(60));
        assert_eq!(resolve(&spaces, &far_column).unwrap().len(), 3);
        assert_eq!(resolve(&spaces, "b1-b4000000000").unwrap().len(), 3);
        assert_eq!(resolve(&spaces, "a1-c1").unwrap().len(), 3);
        assert!(resolve(&spaces, "d1-zz1").is_err());
    }

    #[test]
    fn columns_are_letters() {
        assert_eq!(column_name(0), "A");
        assert_eq!(column_name(8), "I");
        assert_eq!(column_name(25), "Z");
        assert_eq!(column_name(26), "AA");
        assert_eq!(space_name(5, 6), "f6");
        assert_eq!(column_index("a"), 0);
        assert_eq!(column_index("k"), 10);
        assert_eq!(column_index("aa"), 26);
    }

    #[test]
    fn a_run_names_the_spaces_along_a_column_or_a_row() {
        let spaces = three_by_three();
        let names = |run: &str| -> Vec<String> {
            resolve(&spaces, run)
                .unwrap()
                .into_iter()
                .map(|i| spaces[i].name.clone())
                .collect()
        };
        assert_eq!(names("a1-a3"), ["a1", "a2", "a3"]);
        assert_eq!(names("C2-a2"), ["a2", "b2", "c2"]);
        assert_eq!(names("b3"), ["b3"]);
        assert!(resolve(&spaces, "a1-c3").is_err());
        assert!(resolve(&spaces, "z9").is_err());
    }
}
