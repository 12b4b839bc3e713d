//! Selectors: what a rule looks at (`count: {spaces: board}`, `each: {faces: d6}`…), as a list
//! of items, each with the properties that `where:`, `if:`, `value:` and `holds:` name, and the
//! place in the YAML to fix it.
use std::collections::BTreeSet;

use serde_saphyr::Spanned;

use super::expr::Scope;
use super::{Select, Unmeasured, Want, component};
use crate::base::diagnostic::{Diagnostic, closest};
use crate::kinds::sheet::SheetSpec;
use crate::kinds::sheet::model::{Roster, Section, Track};
use crate::kinds::{Component, Game};
use crate::spec::Face;
use crate::spec::items::{FACE_FIELDS, Item, Selection, Value, face_value};

/// Most items a sheet's roster or track is read as (the spec checks allow 200).
const MAX_ITEMS: u32 = 10_000;

impl Scope for Item {
    fn get(&self, name: &str) -> Option<Value> {
        Item::get(self, name)
    }
}

fn at(file: &str, s: &Spanned<impl Sized>) -> Diagnostic {
    Diagnostic::at(file, s, String::new())
}

// The rules read two kinds' own sections, a record sheet's and a die's faces; everything else
// they learn through the `Kind` trait (`geometry`, `labels`…).
fn sheet_of(c: &Component) -> Option<&SheetSpec> {
    match &c.kind {
        crate::kinds::KindSpec::Sheet(s) => Some(s),
        _ => None,
    }
}

fn die_of(c: &Component) -> Option<&crate::kinds::die::Die> {
    match &c.kind {
        crate::kinds::KindSpec::Die(d) => Some(d),
        _ => None,
    }
}

/// Every section of a sheet, front and back, those inside rows and columns too.
pub(super) fn sections(sheet: &SheetSpec) -> Vec<&Section> {
    let mut all = Vec::new();
    let back = sheet.back.iter().flat_map(|b| &b.sections);
    for s in sheet.sections.iter().chain(back) {
        s.walk(&mut all);
    }
    all
}

/// The source a selector names, checked: exactly one, with only the keys that go with it.
enum Source<'s> {
    Variants(&'s Spanned<String>),
    Faces(&'s Spanned<String>),
    Spaces(&'s Spanned<String>, Option<&'s Spanned<String>>),
    Sheet(&'s Spanned<String>, Part<'s>),
    Build(&'s Spanned<String>),
}

/// What of a sheet: a section by title (a field by label), and a roster's column.
enum Part<'s> {
    Table(&'s Spanned<String>),
    Roster(&'s Spanned<String>, Option<&'s Spanned<String>>),
    Track(&'s Spanned<String>),
    Field(&'s Spanned<String>),
}

fn source<'s>(file: &str, sel: &'s Spanned<Select>) -> Result<Source<'s>, Unmeasured> {
    let s = &sel.value;
    let here = || Some(at(file, sel));
    let sources = [
        ("variants", s.variants.is_some()),
        ("faces", s.faces.is_some()),
        ("spaces", s.spaces.is_some()),
        ("sheet", s.sheet.is_some()),
        ("build", s.build.is_some()),
    ];
    let given: Vec<&str> = sources.iter().filter(|s| s.1).map(|s| s.0).collect();
    if given.len() != 1 {
        let found = match given.len() {
            0 => "no source".to_string(),
            n => format!("{n} sources ({})", given.join(", ")),
        };
        return Err(Unmeasured::new(
            here(),
            format!(
                "{found}: a selector has exactly one of variants, faces, spaces, sheet or build"
            ),
        ));
    }
    // A key that belongs to another source.
    let stray = |key: &str, with: &str| -> Unmeasured {
        Unmeasured::new(
            here(),
            format!("`{key}:` goes with `{with}:` in a selector"),
        )
    };
    let parts = [
        ("table", s.table.as_ref()),
        ("roster", s.roster.as_ref()),
        ("track", s.track.as_ref()),
        ("field", s.field.as_ref()),
    ];
    let part: Vec<(&str, &Spanned<String>)> = parts
        .iter()
        .filter_map(|(k, v)| v.map(|v| (*k, v)))
        .collect();
    if s.sheet.is_none()
        && let Some((key, _)) = part.first()
    {
        return Err(stray(key, "sheet"));
    }
    if s.style.is_some() && s.spaces.is_none() {
        return Err(stray("style", "spaces"));
    }
    if s.column.is_some() && s.roster.is_none() {
        return Err(stray("column", "roster"));
    }
    if let Some(id) = &s.variants {
        return Ok(Source::Variants(id));
    }
    if let Some(id) = &s.faces {
        return Ok(Source::Faces(id));
    }
    if let Some(id) = &s.spaces {
        return Ok(Source::Spaces(id, s.style.as_ref()));
    }
    if let Some(id) = &s.build {
        return Ok(Source::Build(id));
    }
    let Some(sheet) = &s.sheet else {
        return Err(Unmeasured::new(here(), "a selector needs a source"));
    };
    let part = match part[..] {
        [("table", t)] => Part::Table(t),
        [("roster", t)] => Part::Roster(t, s.column.as_ref()),
        [("track", t)] => Part::Track(t),
        [("field", t)] => Part::Field(t),
        _ => {
            return Err(Unmeasured::new(
                here(),
                format!(
                    "`sheet: {}` needs one of `table:`, `roster:`, `track:` (by title) or `field:` (by label){}",
                    sheet.value,
                    match part.len() {
                        0 => String::new(),
                        _ => format!(
                            ", found {}",
                            part.iter().map(|p| p.0).collect::<Vec<_>>().join(" and ")
                        ),
                    }
                ),
            ));
        }
    };
    Ok(Source::Sheet(sheet, part))
}

/// The component id a selector is about, if any (its file names where to fix it).
pub(super) fn component_id(sel: &Select) -> Option<&Spanned<String>> {
    sel.variants
        .as_ref()
        .or(sel.faces.as_ref())
        .or(sel.spaces.as_ref())
        .or(sel.sheet.as_ref())
}

/// What a rule needs of each item, beyond its tags: its faces are filled in (a data file's row
/// is made again) only when a property of theirs is named.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Needs {
    pub faces: bool,
}

impl Needs {
    pub fn of<'a>(names: impl IntoIterator<Item = &'a str>) -> Needs {
        Needs {
            faces: names
                .into_iter()
                .any(|n| n.starts_with("front.") || n.starts_with("back.")),
        }
    }
}

/// The items `sel` picks (before any `where:` or `if:`).
pub(super) fn select(
    game: &Game,
    sel: &Spanned<Select>,
    needs: Needs,
) -> Result<Selection, Unmeasured> {
    match source(&game.file, sel)? {
        Source::Variants(id) => variants(game, id, needs),
        Source::Faces(id) => faces(game, id),
        Source::Spaces(id, style) => spaces(game, id, style),
        Source::Sheet(id, part) => sheet(game, id, part),
        Source::Build(id) => build_kinds(game, id),
    }
}

fn variants(game: &Game, id: &Spanned<String>, needs: Needs) -> Result<Selection, Unmeasured> {
    let c = component(game, id)?;
    let file = game.file_of(c);
    let default = c.copies.as_ref().map_or(1, |s| s.value);
    let mut names: BTreeSet<String> = ["id", "copies"].map(String::from).into();
    for side in ["front", "back"] {
        names.extend(FACE_FIELDS.iter().map(|f| format!("{side}.{f}")));
    }
    let faces_of = |item: Item, front: &Face, back: Option<&Face>| {
        let mut item = item;
        for f in FACE_FIELDS {
            item = item.with(format!("front.{f}"), face_value(front, f));
            let back = back.map_or(Value::Unset, |b| face_value(b, f));
            item = item.with(format!("back.{f}"), back);
        }
        item
    };
    let mut items = Vec::with_capacity(c.variants.len().max(1));
    if c.variants.is_empty() {
        let item = Item::new(c.id.value.clone(), at(file, &c.id))
            .with("id", Value::Text(c.id.value.clone()))
            .with("copies", Value::Num(default as f64));
        items.push(match needs.faces {
            true => faces_of(item, &c.front, c.back.as_ref()),
            false => item,
        });
    }
    for v in c.variants.iter() {
        let copies = v.copies.as_ref().map_or(default, |s| s.value);
        let mut item = Item::new(v.id.value.clone(), at(file, &v.id))
            .with("id", Value::Text(v.id.value.clone()))
            .with("copies", Value::Num(copies as f64));
        for (k, value) in v.tags.iter() {
            names.insert(k.to_string());
            item = item.with(k.to_string(), Value::Text(value.clone()));
        }
        if needs.faces {
            let front = c.front.overlaid(&c.variant_front(&v));
            let back = match (&c.back, c.variant_back(&v)) {
                (Some(b), Some(vb)) => Some(b.overlaid(&vb)),
                (None, Some(vb)) => Some(vb.into_owned()),
                (b, None) => b.clone(),
            };
            item = faces_of(item, &front, back.as_ref());
        }
        items.push(item);
    }
    Ok(Selection {
        what: format!("variants of `{}`", c.id.value),
        at: at(file, &c.id),
        items,
        names,
    })
}

fn faces(game: &Game, id: &Spanned<String>) -> Result<Selection, Unmeasured> {
    let c = component(game, id)?;
    let die = die_of(c).ok_or_else(|| {
        Unmeasured::new(
            Some(at(&game.file, id)),
            format!("`{}` is not a die: `faces:` reads a die's faces", id.value),
        )
    })?;
    let file = game.file_of(c);
    let here = at(file, &die.faces);
    let mut names: BTreeSet<String> = ["n", "id"].map(String::from).into();
    names.extend(FACE_FIELDS.iter().map(|f| f.to_string()));
    // Each variant's six faces (a die without variants has six).
    let fronts: Vec<(Option<String>, Face, crate::spec::Tags)> = match c.variants.is_empty() {
        true => vec![(None, c.front.clone(), Default::default())],
        false => c
            .variants
            .iter()
            .map(|v| {
                let front = c.front.overlaid(&c.variant_front(&v));
                (Some(v.id.value.clone()), front, v.tags.clone())
            })
            .collect(),
    };
    let mut items = Vec::new();
    for (variant, front, tags) in fronts {
        for (i, face) in crate::kinds::die::faces(&front, die).iter().enumerate() {
            let key = match &variant {
                Some(v) => format!("{v} face {}", i + 1),
                None => format!("face {}", i + 1),
            };
            let id = variant.clone().unwrap_or_else(|| c.id.value.clone());
            let mut item = Item::new(key, here.clone())
                .with("n", Value::Num((i + 1) as f64))
                .with("id", Value::Text(id));
            for f in FACE_FIELDS {
                item = item.with(f, face_value(face, f));
            }
            for (k, v) in tags.iter() {
                names.insert(k.to_string());
                item = item.with(k.to_string(), Value::Text(v.clone()));
            }
            items.push(item);
        }
    }
    Ok(Selection {
        what: format!("faces of `{}`", c.id.value),
        at: here,
        items,
        names,
    })
}

fn spaces(
    game: &Game,
    id: &Spanned<String>,
    style: Option<&Spanned<String>>,
) -> Result<Selection, Unmeasured> {
    let (g, c) = super::subject::geometry(game, id)?;
    let file = game.file_of(c);
    let here = at(file, &c.id);
    let picked: Vec<usize> = match style {
        Some(style) => {
            super::subject::known_style(game, &g, c, style)?;
            g.marked.get(&style.value).cloned().unwrap_or_default()
        }
        None => (0..g.spaces.len()).collect(),
    };
    let items = picked
        .iter()
        .filter_map(|&i| g.spaces.get(i))
        .map(|s| {
            let place = crate::kinds::spaces::column_row(&s.name);
            let num = |n: Option<u32>| n.map_or(Value::Unset, |n| Value::Num(n as f64));
            Item::new(s.name.clone(), here.clone())
                .with("name", Value::Text(s.name.clone()))
                .with("shape", Value::Text(g.noun.to_string()))
                .with("column", num(place.map(|p| p.0 + 1)))
                .with("row", num(place.map(|p| p.1)))
        })
        .collect();
    let marked = style.map_or(String::new(), |s| format!(" marked `{}`", s.value));
    Ok(Selection {
        what: format!("{}{marked} of `{}`", g.nouns(), c.id.value),
        at: here,
        items,
        names: ["name", "shape", "column", "row"].map(String::from).into(),
    })
}

/// "no roster titled `X` on `s` (its rosters: `A`, `B`; did you mean `A`?)".
fn no_section(
    what: &str,
    title: &Spanned<String>,
    sheet: &str,
    titles: Vec<&str>,
    file: &str,
) -> Unmeasured {
    let known = match titles.is_empty() {
        true => format!("it has no {what} with a title"),
        false => {
            let list: Vec<String> = titles.iter().map(|t| format!("`{t}`")).collect();
            let hint = closest(&title.value, titles.iter().copied())
                .map(|c| format!("; did you mean `{c}`?"))
                .unwrap_or_default();
            format!("its {what}: {}{hint}", list.join(", "))
        }
    };
    let one = what.trim_end_matches('s');
    let verb = if one == "field" { "labelled" } else { "titled" };
    Unmeasured::new(
        Some(at(file, title)),
        format!("no {one} {verb} `{}` on `{sheet}` ({known})", title.value),
    )
}

/// The section `pick` takes (the sheet's tables, rosters or tracks) titled `title`, or what
/// titles there are.
fn titled<'s, T>(
    all: &[&'s Section],
    pick: impl Fn(&'s Section) -> Option<&'s T>,
    (what, sheet, file): (&str, &str, &str),
    title: &Spanned<String>,
) -> Result<&'s T, Unmeasured> {
    let of_kind: Vec<(&Section, &T)> = all
        .iter()
        .filter_map(|s| pick(s).map(|t| (*s, t)))
        .collect();
    of_kind
        .iter()
        .find(|(s, _)| s.title() == Some(title.value.as_str()))
        .map(|(_, t)| *t)
        .ok_or_else(|| {
            let titles = of_kind.iter().filter_map(|(s, _)| s.title()).collect();
            no_section(what, title, sheet, titles, file)
        })
}

fn sheet(game: &Game, id: &Spanned<String>, part: Part) -> Result<Selection, Unmeasured> {
    let c = component(game, id)?;
    let spec = sheet_of(c).ok_or_else(|| {
        Unmeasured::new(
            Some(at(&game.file, id)),
            format!("`{}` is not a record sheet (`kind: sheet`)", id.value),
        )
    })?;
    let file = game.file_of(c);
    let all = sections(spec);
    let sheet_at = at(file, &c.id);
    let sid = &c.id.value;
    let selection = |what: String, at: Diagnostic, items: Vec<Item>, names: &[&str]| Selection {
        what,
        at,
        items,
        names: names.iter().map(|n| n.to_string()).collect(),
    };
    match part {
        Part::Table(title) => {
            let t = titled(
                &all,
                |s| match s {
                    Section::Table(t) => Some(t),
                    _ => None,
                },
                ("tables", sid, &game.file),
                title,
            )?;
            let labels: Vec<String> = t.columns.iter().map(|c| c.column().label).collect();
            let items = t
                .rows
                .iter()
                .enumerate()
                .map(|(i, row)| {
                    let first = row.first().map_or(String::new(), |c| format!(" ({c})"));
                    let mut item = Item::new(format!("row {}{first}", i + 1), sheet_at.clone())
                        .with("n", Value::Num((i + 1) as f64));
                    for (label, cell) in labels.iter().zip(row) {
                        item = item.with(label.clone(), Value::Text(cell.clone()));
                    }
                    item
                })
                .collect();
            let mut names: Vec<&str> = vec!["n"];
            names.extend(labels.iter().map(String::as_str));
            Ok(selection(
                format!("rows of the table `{}` on `{sid}`", title.value),
                sheet_at.clone(),
                items,
                &names,
            ))
        }
        Part::Roster(title, column) => {
            let r: &Roster = titled(
                &all,
                |s| match s {
                    Section::Roster(r) => Some(r),
                    _ => None,
                },
                ("rosters", sid, &game.file),
                title,
            )?;
            match column {
                Some(label) => roster_column(game, &sheet_at, sid, r, title, label),
                None => {
                    let rows = r.rows.as_ref().ok_or_else(|| {
                        Unmeasured::new(
                            Some(at(&game.file, title)),
                            format!(
                                "the roster `{}` on `{sid}` has no `rows:`: it fills the room left on the page, which the rules cannot count",
                                title.value
                            ),
                        )
                    })?;
                    let here = at(file, rows);
                    let items = numbered(rows.value, &here, &game.file, title)?;
                    Ok(selection(
                        format!("rows of the roster `{}` on `{sid}`", title.value),
                        here,
                        items,
                        &["n"],
                    ))
                }
            }
        }
        Part::Track(title) => {
            let t: &Track = titled(
                &all,
                |s| match s {
                    Section::Track(t) => Some(t),
                    _ => None,
                },
                ("tracks", sid, &game.file),
                title,
            )?;
            let here = at(file, &t.spaces);
            let items = numbered(t.spaces.value, &here, &game.file, title)?
                .into_iter()
                .enumerate()
                .map(|(i, item)| {
                    let label = t.labels.get(i).cloned().map_or(Value::Unset, Value::Text);
                    let value =
                        (t.values.get(&(i as u32 + 1)).cloned()).map_or(Value::Unset, Value::Text);
                    item.with("label", label).with("value", value)
                })
                .collect();
            Ok(selection(
                format!("spaces of the track `{}` on `{sid}`", title.value),
                here,
                items,
                &["n", "label", "value"],
            ))
        }
        Part::Field(label) => {
            let fields: Vec<&crate::kinds::sheet::model::Field> = all
                .iter()
                .filter_map(|s| match s {
                    Section::Fields(f) => Some(f.items.iter()),
                    _ => None,
                })
                .flatten()
                .collect();
            let items: Vec<Item> = fields
                .iter()
                .filter(|f| f.label == label.value)
                .map(|f| {
                    let value = f.value.clone().map_or(Value::Unset, Value::Text);
                    Item::new(format!("the field `{}`", f.label), sheet_at.clone())
                        .with("label", Value::Text(f.label.clone()))
                        .with("value", value)
                })
                .collect();
            if items.is_empty() {
                let labels = fields.iter().map(|f| f.label.as_str()).collect();
                return Err(no_section("fields", label, sid, labels, &game.file));
            }
            Ok(selection(
                format!("fields labelled `{}` on `{sid}`", label.value),
                sheet_at.clone(),
                items,
                &["label", "value"],
            ))
        }
    }
}

/// Items `n` = 1 to `count` (a roster's rows, a track's spaces).
fn numbered(
    count: u32,
    here: &Diagnostic,
    file: &str,
    title: &Spanned<String>,
) -> Result<Vec<Item>, Unmeasured> {
    if count > MAX_ITEMS {
        return Err(Unmeasured::new(
            Some(at(file, title)),
            format!(
                "`{}` has {count} rows or spaces, more than the {MAX_ITEMS} the rules read",
                title.value
            ),
        ));
    }
    Ok((1..=count)
        .map(|n| Item::new(format!("{n}"), here.clone()).with("n", Value::Num(n as f64)))
        .collect())
}

/// A roster column's boxes for each kind of row: `boxes_by` as written, or the same `boxes`
/// for each kind the roster's rows are filled with (a column's `choices` with `fill:`).
fn roster_column(
    game: &Game,
    sheet_at: &Diagnostic,
    sid: &str,
    r: &Roster,
    title: &Spanned<String>,
    label: &Spanned<String>,
) -> Result<Selection, Unmeasured> {
    let col = r
        .columns
        .iter()
        .find(|c| c.label == label.value)
        .ok_or_else(|| {
            let labels: Vec<&str> = r.columns.iter().map(|c| c.label.as_str()).collect();
            let hint = closest(&label.value, labels.iter().copied())
                .map(|c| format!("; did you mean `{c}`?"))
                .unwrap_or_default();
            Unmeasured::new(
                Some(at(&game.file, label)),
                format!(
                    "no column `{}` in the roster `{}` on `{sid}` (its columns: {}{hint})",
                    label.value,
                    title.value,
                    labels.join(", ")
                ),
            )
        })?;
    // The kinds a row is filled with, in the roster's order.
    let kinds: Vec<String> = r
        .columns
        .iter()
        .find(|c| c.fill.is_some() && c.choices.is_some())
        .and_then(|c| c.choices.clone())
        .unwrap_or_default();
    // `boxes_by` is located; a column's `boxes` is not, so its sheet is pointed at.
    let here = match &col.boxes_by {
        Some(by) => at(&sheet_at.file, by),
        None => sheet_at.clone(),
    };
    let item = |kind: &str, boxes: u32| {
        Item::new(kind.to_string(), here.clone())
            .with("kind", Value::Text(kind.to_string()))
            .with("boxes", Value::Num(boxes as f64))
    };
    let items: Vec<Item> = match (&col.boxes_by, col.boxes) {
        (Some(by), _) => {
            // In the roster's order of kinds, then any others as written.
            let mut keys: Vec<&String> =
                kinds.iter().filter(|k| by.value.contains_key(*k)).collect();
            keys.extend(by.value.keys().filter(|k| !kinds.contains(k)));
            keys.into_iter()
                .map(|k| item(k, by.value.get(k).copied().unwrap_or(0)))
                .collect()
        }
        (None, boxes) if !kinds.is_empty() => {
            kinds.iter().map(|k| item(k, boxes.unwrap_or(0))).collect()
        }
        (None, boxes) => vec![
            Item::new("every row", here.clone())
                .with("kind", Value::Unset)
                .with("boxes", Value::Num(boxes.unwrap_or(0) as f64)),
        ],
    };
    Ok(Selection {
        what: format!(
            "kinds of row of the column `{}` of the roster `{}` on `{sid}`",
            label.value, title.value
        ),
        at: here,
        items,
        names: ["kind", "boxes"].map(String::from).into(),
    })
}

fn build_kinds(game: &Game, id: &Spanned<String>) -> Result<Selection, Unmeasured> {
    let (rule, build) = super::build::find(game, id)?;
    let mut names: BTreeSet<String> = ["name", "plural"].map(String::from).into();
    let items = build
        .kinds
        .iter()
        .map(|k| {
            let mut item = Item::new(k.name.value.clone(), at(&game.file, &k.name))
                .with("name", Value::Text(k.name.value.clone()))
                .with(
                    "plural",
                    Value::Text(k.plural.clone().unwrap_or_else(|| k.name.value.clone())),
                );
            for (tag, v) in &k.tags {
                names.insert(tag.clone());
                item = item.with(tag.clone(), Value::Num(*v));
            }
            item
        })
        .collect();
    Ok(Selection {
        what: format!("kinds of `{}`", rule.id.value),
        at: at(&game.file, &rule.id),
        items,
        names,
    })
}

/// The property names of a selection, as a message lists them: the faces' fields once
/// ("front. or back. with title, label…") rather than each twice.
pub(super) fn names_text(names: &BTreeSet<String>) -> String {
    let own: Vec<&str> = names
        .iter()
        .map(String::as_str)
        .filter(|n| !n.starts_with("front.") && !n.starts_with("back."))
        .collect();
    let sides = names.iter().any(|n| n.starts_with("front."));
    match sides {
        true => format!(
            "{}, and `front.` or `back.` with {}",
            own.join(", "),
            FACE_FIELDS.join(", ")
        ),
        false => own.join(", "),
    }
}

/// Keeps the items whose properties match every `where:` pair; a property no item has, or a
/// value none has that is close to one they have, is the rule's mistake (a typo would pick
/// nothing, and a count of nothing could pass).
pub(super) fn filter(
    sel: &mut Selection,
    filter: &std::collections::BTreeMap<String, Want>,
) -> Result<(), Unmeasured> {
    for (key, want) in filter {
        if !sel.names.contains(key) {
            let hint = closest(key, sel.names.iter().map(String::as_str))
                .map(|c| format!("; did you mean `{c}`?"))
                .unwrap_or_default();
            return Err(Unmeasured::new(
                None,
                format!(
                    "`where:` names `{key}`, which the {} do not have (they have: {}{hint})",
                    sel.what,
                    names_text(&sel.names)
                ),
            ));
        }
        let values: BTreeSet<String> = sel
            .items
            .iter()
            .filter_map(|i| i.get(key))
            .filter(|v| *v != Value::Unset)
            .map(|v| v.to_string())
            .collect();
        for s in want.values() {
            let has = values.iter().any(|v| s.is(v));
            let text = s.to_string();
            if let Some(near) = closest(&text, values.iter().map(String::as_str)).filter(|_| !has) {
                return Err(Unmeasured::new(
                    None,
                    format!(
                        "none of the {} has `{key}: {text}`; did you mean `{near}`?",
                        sel.what
                    ),
                ));
            }
        }
        sel.items.retain(|item| {
            item.get(key)
                .is_some_and(|v| want.values().iter().any(|s| v.same(&Value::from(s))))
        });
    }
    Ok(())
}
