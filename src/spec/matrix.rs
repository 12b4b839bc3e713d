//! `matrix:` — one variant per combination of axis values. A component that says
//! `matrix: [suit, rank]` gets a variant `suns-ace` tagged `{suit: suns, rank: ace}` (plus each
//! value's own `tags`), whose faces are the component's faces with every `{suit.color}`-style
//! placeholder replaced by that value's property. Runs after includes, before the checks, so
//! everything downstream (rules, pieces, drawing) sees ordinary variants.
use super::kind::Kinds;
use serde_saphyr::Spanned;
use std::borrow::Cow;
use std::collections::BTreeMap;

use super::color::{is_placeholder, parse_color};
use super::model::{AxisValue, Component, Face, GameSpec, Variant};
use crate::base::diagnostic::Diagnostic;

/// Most variants one matrix may make.
pub const MAX_COMBINATIONS: usize = 1_000;

/// Expands every component's matrix in place; returns the problems found.
pub fn expand<K: Kinds>(spec: &mut GameSpec<K>, file: &str) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    let axes = &spec.axes;
    for c in &mut spec.components {
        let file = c.origin.clone().unwrap_or_else(|| file.to_string());
        match c.matrix.clone() {
            Some(m) => expand_component(m, c, axes, &file, &mut problems),
            // Filled from a CSV: a cell may hold braces of its own.
            None if c.data_file.is_some() => {}
            None => stray_placeholders(c, &file, &mut problems),
        }
    }
    problems
}

fn expand_component<K: Kinds>(
    m: Spanned<Vec<String>>,
    c: &mut Component<K>,
    axes: &BTreeMap<String, Vec<AxisValue>>,
    file: &str,
    problems: &mut Vec<Diagnostic>,
) {
    let here = |message: String| Diagnostic::at(file, &m, message);
    if let Some(message) = doubled_braces(c) {
        problems.push(here(message));
        return;
    }
    if !c.variants.is_empty() {
        problems.push(here(format!(
            "`{}` has both `matrix:` and `variants:`; use one of them",
            c.id.value
        )));
        return;
    }
    if m.value.is_empty() {
        problems.push(here("`matrix:` needs at least one axis name".into()));
        return;
    }
    let mut lists: Vec<(&str, &[AxisValue])> = Vec::new();
    for name in &m.value {
        match axes.get(name) {
            Some(values) if !values.is_empty() => lists.push((name, values)),
            Some(_) => problems.push(here(format!("axis `{name}` has no values"))),
            None => problems.push(here(format!(
                "no axis `{name}`: define it under `axes:` (known: {})",
                if axes.is_empty() {
                    "none".to_string()
                } else {
                    axes.keys().cloned().collect::<Vec<_>>().join(", ")
                }
            ))),
        }
    }
    if lists.len() != m.value.len() {
        return;
    }
    let count: usize = lists
        .iter()
        .map(|(_, v)| v.len())
        .try_fold(1usize, |a, n| a.checked_mul(n))
        .unwrap_or(usize::MAX);
    if count > MAX_COMBINATIONS {
        problems.push(here(format!(
            "the matrix makes {count} variants; the limit is {MAX_COMBINATIONS}"
        )));
        return;
    }
    let mut variants = Vec::with_capacity(count);
    for index in 0..count {
        // Mixed-radix digits, first axis outermost: suns-null, suns-ace, … moons-null, …
        let mut rest = index;
        let mut picked: Vec<(&str, &AxisValue)> = vec![("", &lists[0].1[0]); lists.len()];
        for (slot, (name, values)) in lists.iter().enumerate().rev() {
            picked[slot] = (name, &values[rest % values.len()]);
            rest /= values.len();
        }
        let id: Vec<&str> = picked.iter().map(|(_, v)| v.id.value.as_str()).collect();
        let mut tags = super::Tags::default();
        for (name, v) in &picked {
            tags.extend(v.tags.clone());
            tags.insert(name.to_string(), v.id.value.clone());
        }
        let mut sub = Subst::new(&picked);
        let front = sub.face(&c.front);
        let back = c.back.as_ref().map(|b| Box::new(sub.face(b)));
        for p in sub.problems {
            problems.push(here(format!("in `{}`: {p}", c.id.value)));
        }
        variants.push(Variant {
            id: Spanned::new(id.join("-"), m.referenced, m.defined),
            copies: None,
            tags,
            front: Some(Box::new(front)),
            back,
        });
    }
    problems.sort_by(|a, b| a.message.cmp(&b.message));
    problems.dedup();
    // The variants now carry the whole filled-in faces.
    c.front = Face::default();
    c.back = None;
    c.variants = variants.into();
}

/// Colour or symbol placeholders in a component without a matrix can never be filled.
fn stray_placeholders<K: Kinds>(c: &Component<K>, file: &str, problems: &mut Vec<Diagnostic>) {
    let own = std::iter::once(Cow::Borrowed(&c.front)).chain(c.back.iter().map(Cow::Borrowed));
    let of_variants = c.variants.iter().flat_map(|v| {
        let (front, back) = c.variant_faces(v);
        std::iter::once(front).chain(back)
    });
    for f in own.chain(of_variants) {
        let colours = [&f.background, &f.ink, &f.border];
        let stray = colours
            .iter()
            .filter_map(|c| c.as_ref().and_then(|c| c.placeholder()))
            .map(str::to_string)
            .chain(
                f.symbol
                    .iter()
                    .filter(|s| is_placeholder(&s.value))
                    .map(|s| s.value.clone()),
            )
            // Text may hold braces of its own, but a `{row.x}` is a data cell for sure: without
            // `data:` every card would print it as written.
            .chain(f.texts().filter_map(row_placeholder))
            .next();
        if let Some(p) = stray {
            let (what, key) = match p.starts_with("{row.") {
                true => ("a data column", "data"),
                false => ("an axis", "matrix"),
            };
            problems.push(Diagnostic::at(
                file,
                &c.id,
                format!(
                    "`{p}` in `{}` refers to {what}, but the component has no `{key}:`",
                    c.id.value
                ),
            ));
            return;
        }
    }
}

/// The first placeholder written with two braces each side (`{{row.title}}`, Mustache's habit)
/// in the template faces of `c`, with a message saying how to write it: filled in, the inner
/// braces would give the value and the outer ones would print around it.
pub(super) fn doubled_braces<K: Kinds>(c: &Component<K>) -> Option<String> {
    let faces = std::iter::once(&c.front).chain(c.back.iter());
    let token = faces.flat_map(|f| f.texts()).find_map(doubled_in)?;
    Some(format!(
        "`{{{token}}}` in `{}` has two braces each side; write `{token}` to fill it in",
        c.id.value
    ))
}

/// The first `{{axis.prop}}` in `text`, as `{axis.prop}`. One pass, as `Subst::text` reads
/// placeholders (the last `{` before a `}`), however many braces a text has.
fn doubled_in(text: &str) -> Option<&str> {
    let mut open = None;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'{' => open = Some(i),
            b'}' => {
                let Some(o) = open.take() else { continue };
                let token = &text[o..=i];
                let doubled =
                    text[..i + 1 - token.len()].ends_with('{') && text[i + 1..].starts_with('}');
                if doubled && is_placeholder(token) {
                    return Some(token);
                }
            }
            _ => {}
        }
    }
    None
}

/// The first `{row.name}` in `text`.
fn row_placeholder(text: &str) -> Option<String> {
    row_columns(text)
        .next()
        .map(|name| format!("{{row.{name}}}"))
}

/// The column of every `{row.name}` placeholder in `text`, in order.
pub(super) fn row_columns(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices("{row.").filter_map(|(at, _)| {
        let close = text[at..].find('}')?;
        let token = &text[at..=at + close];
        is_placeholder(token).then(|| &token["{row.".len()..token.len() - 1])
    })
}

/// Fills `{axis.prop}` placeholders from the picked values; problems collect as it goes.
pub(super) struct Subst<'a> {
    pub(super) picked: &'a [(&'a str, &'a AxisValue)],
    pub(super) problems: Vec<String>,
    /// Bytes the face being filled may still take: a template of many placeholders, each a
    /// long value, would otherwise make gigabytes before any check could count them.
    room: usize,
    /// The room ran out (and a problem says so).
    full: bool,
}

/// What one face may be filled with: a face prints at most `MAX_FACE_CHARS` characters, of up
/// to four bytes each (the checks count them exactly).
const FACE_ROOM: usize = 4 * super::check::MAX_FACE_CHARS;

impl<'a> Subst<'a> {
    pub(super) fn new(picked: &'a [(&'a str, &'a AxisValue)]) -> Self {
        Subst {
            picked,
            problems: Vec::new(),
            room: FACE_ROOM,
            full: false,
        }
    }

    /// Replaces every `{axis.prop}` of a picked axis in `text`; others stay as written. Stops
    /// where the face's room ends (a problem says so).
    fn text(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len().min(self.room));
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            if !self.push(&mut out, &rest[..open]) {
                return out;
            }
            let after = &rest[open..];
            let Some(close) = after.find('}') else {
                self.push(&mut out, after);
                return out;
            };
            // The placeholder, if any, starts at the last brace before the first closing one
            // (`{{row.title}}`, `{x: {row.cost}}`): the braces before it are text. One pass,
            // however many braces a text has.
            let start = after[..close].rfind('{').unwrap_or(0);
            let token = &after[start..=close];
            let pushed = match self.lookup(token) {
                Some(value) => self.push(&mut out, &after[..start]) && self.push(&mut out, &value),
                None => self.push(&mut out, &after[..=close]),
            };
            if !pushed {
                return out;
            }
            rest = &after[close + 1..];
        }
        self.push(&mut out, rest);
        out
    }

    /// Adds `piece` to `out` if the face has room for it; false (and a problem, once) if not.
    fn push(&mut self, out: &mut String, piece: &str) -> bool {
        if piece.len() > self.room {
            if !self.full {
                self.full = true;
                self.problems.push(format!(
                    "its texts hold more than {} characters once placeholders are filled in; \
                     a face holds at most {}",
                    super::check::thousands(super::check::MAX_FACE_CHARS as u64),
                    super::check::thousands(super::check::MAX_FACE_CHARS as u64)
                ));
            }
            return false;
        }
        self.room -= piece.len();
        out.push_str(piece);
        true
    }

    fn lookup(&mut self, token: &str) -> Option<String> {
        if !is_placeholder(token) {
            return None;
        }
        let (axis, prop) = token[1..token.len() - 1].split_once('.')?;
        let (_, value) = self.picked.iter().find(|(a, _)| *a == axis)?;
        if prop == "id" {
            return Some(value.id.value.clone());
        }
        match value.props.get(prop) {
            Some(v) => Some(v.clone()),
            None => {
                self.problems.push(format!(
                    "`{token}`: the `{axis}` value `{}` has no property `{prop}` (it has: id{})",
                    value.id.value,
                    value
                        .props
                        .keys()
                        .map(|k| format!(", {k}"))
                        .collect::<String>()
                ));
                Some(String::new())
            }
        }
    }

    fn color(&mut self, c: &Option<super::color::Color>) -> Option<super::color::Color> {
        let c = c.as_ref()?;
        let Some(p) = c.placeholder() else {
            return Some(c.clone());
        };
        let filled = self.text(p);
        // An empty cell or property sets no colour: the kind's default is used.
        if filled.trim().is_empty() {
            return None;
        }
        match parse_color(&filled) {
            Ok(color) if color.placeholder().is_none() => Some(color),
            Ok(_) => {
                self.problems
                    .push(format!("`{p}` names no axis of this component's matrix"));
                None
            }
            Err(e) => {
                self.problems.push(format!("`{p}`: {e}"));
                None
            }
        }
    }

    /// `text` filled in; `None` when placeholders filled it with nothing (an empty spreadsheet
    /// cell sets nothing: no title band, no symbol, no paragraph).
    fn filled(&mut self, text: &str) -> Option<String> {
        let filled = self.text(text);
        let emptied = filled.trim().is_empty() && filled != text;
        (!emptied).then_some(filled)
    }

    /// `f` filled in, within one face's room.
    pub(super) fn face(&mut self, f: &Face) -> Face {
        (self.room, self.full) = (FACE_ROOM, false);
        let opt = |s: &mut Self, t: &Option<String>| t.as_ref().and_then(|t| s.filled(t));
        // A file's name (a symbol's, a picture's), filled in, where it is written.
        let named = |s: &mut Self, t: &Option<Box<Spanned<String>>>| {
            let t = t.as_ref()?;
            let name = s.filled(&t.value)?;
            Some(Box::new(Spanned::new(name, t.referenced, t.defined)))
        };
        let lines: Option<Vec<String>> = f
            .lines
            .as_ref()
            .map(|l| l.iter().filter_map(|t| self.filled(t)).collect());
        Face {
            background: self.color(&f.background),
            ink: self.color(&f.ink),
            border: self.color(&f.border),
            symbol: named(self, &f.symbol),
            title: opt(self, &f.title),
            label: opt(self, &f.label),
            text: opt(self, &f.text),
            lines: lines.filter(|l| !l.is_empty()),
            table: f.table.as_ref().map(|rows| {
                rows.iter()
                    .map(|r| r.iter().map(|t| self.text(t)).collect())
                    .collect()
            }),
            grid: f.grid,
            mark: f.mark,
            pips: f.pips.clone(),
            frame: f.frame,
            columns: f.columns.clone(),
            corner: opt(self, &f.corner),
            layout: f.layout.clone(),
            image: named(self, &f.image),
            fit: f.fit,
            position: f.position,
            font: f.font.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(yaml: &str) -> crate::kinds::GameSpec {
        crate::spec::parse("t.yaml", yaml.as_bytes()).unwrap()
    }

    const HEAD: &str = "game: {id: t, name: T, players: [2]}\naxes:\n  suit:\n    - {id: a, props: {c: \"#111\"}}\n    - {id: b, tags: {dark: \"yes\"}, props: {c: \"#222\"}}\n  rank:\n    - {id: x, props: {t: X}}\n    - {id: y, props: {t: Y}}\n    - {id: z, props: {t: Z}}\n";

    #[test]
    fn first_axis_outermost_with_tags_and_filled_faces() {
        let mut s = spec(&format!(
            "{HEAD}components:\n  - id: k\n    kind: tile\n    size: 1in\n    matrix: [suit, rank]\n    front: {{ink: \"{{suit.c}}\", text: \"{{rank.t}}{{suit.id}} {{other.x}}\"}}\n    back: {{text: same}}\n"
        ));
        assert!(expand(&mut s, "t.yaml").is_empty());
        let c = &s.components[0];
        let ids: Vec<String> = c.variants.iter().map(|v| v.id.value.clone()).collect();
        assert_eq!(ids, ["a-x", "a-y", "a-z", "b-x", "b-y", "b-z"]);
        let by = c.variants.get(4).unwrap();
        assert_eq!(by.tags.get("suit").unwrap(), "b");
        assert_eq!(by.tags.get("rank").unwrap(), "y");
        assert_eq!(by.tags.get("dark").unwrap(), "yes");
        assert_eq!(by.front().ink.as_ref().unwrap().hex(), "#222222");
        // Placeholders of axes outside the matrix stay as written.
        assert_eq!(by.front().text.as_deref(), Some("Yb {other.x}"));
        assert_eq!(by.back.as_ref().unwrap().text.as_deref(), Some("same"));
        assert_eq!(c.front, Face::default());
        assert!(c.back.is_none());
    }

    #[test]
    fn doubled_braces_are_found_past_stray_ones_and_in_one_pass() {
        assert_eq!(doubled_in("} {x} {{row.title}}"), Some("{row.title}"));
        assert_eq!(doubled_in("{x: {row.cost}} {{not a placeholder}}"), None);
        assert_eq!(doubled_in("{{{suit.id}}}"), Some("{suit.id}"));
        // 300,000 braces: linear, or this test would not finish.
        let braces = "{".repeat(300_000) + "}}";
        assert_eq!(doubled_in(&braces), None);
    }

    #[test]
    fn a_colour_that_is_not_one_after_filling_in_is_refused() {
        let mut s = spec(&format!(
            "{HEAD}components:\n  - id: k\n    kind: tile\n    size: 1in\n    matrix: [rank]\n    front: {{ink: \"{{rank.t}}\"}}\n"
        ));
        let problems = expand(&mut s, "t.yaml");
        assert!(!problems.is_empty());
        assert!(
            problems[0].message.contains("expected a colour"),
            "{:?}",
            problems
        );
    }
}
