//! Selectors: what a rule looks at (`count: {spaces: board}`, `each: {faces: d6}`…), as a list
//! of items, each with the properties that `where:`, `if:`, `value:` and `holds:` name, and the
//! place in the YAML to fix it.
use std::collections::BTreeSet;

use serde_saphyr::Spanned;

use super::expr::Scope;
use super::{Select, Unmeasured, Want, at, component};
use crate::base::diagnostic::{closest, did_you_mean};
use crate::kinds::Game;
use crate::spec::Face;
use crate::spec::items::{FACE_FIELDS, Item, Part, Selection, Value, face_value};

impl Scope for Item {
    fn get(&self, name: &str) -> Option<Value> {
        Item::get(self, name)
    }
}

/// The source a selector names, checked: exactly one, with only the keys that go with it.
enum Source<'s> {
    /// Every component of the game.
    Components,
    Variants(&'s Spanned<String>),
    /// A part of a component that its kind reads: a die's faces, a board's spaces, a sheet's
    /// sections.
    Part(&'s Spanned<String>, Part<'s>),
    Build(&'s Spanned<String>),
}

fn source<'s>(file: &str, sel: &'s Spanned<Select>) -> Result<Source<'s>, Unmeasured> {
    let s = &sel.value;
    let wrong = |why: String| Unmeasured::at(file, sel, why);
    let given = keys_given([
        ("components", &s.components),
        ("variants", &s.variants),
        ("faces", &s.faces),
        ("spaces", &s.spaces),
        ("sheet", &s.sheet),
        ("build", &s.build),
    ]);
    let [(source, id)] = given[..] else {
        let found = match given.len() {
            0 => "no source".to_string(),
            n => format!("{n} sources ({})", keys(&given).join(", ")),
        };
        return Err(wrong(format!(
            "{found}: a selector has exactly one of components, variants, faces, spaces, sheet or build"
        )));
    };
    // A key that belongs to another source.
    let stray =
        |key: &str, with: &str| wrong(format!("`{key}:` goes with `{with}:` in a selector"));
    let parts = keys_given([
        ("table", &s.table),
        ("roster", &s.roster),
        ("track", &s.track),
        ("field", &s.field),
    ]);
    if let (None, Some((key, _))) = (&s.sheet, parts.first()) {
        return Err(stray(key, "sheet"));
    }
    if s.style.is_some() && s.spaces.is_none() {
        return Err(stray("style", "spaces"));
    }
    if s.column.is_some() && s.roster.is_none() {
        return Err(stray("column", "roster"));
    }
    let part = match (source, &parts[..]) {
        ("components", _) if id.value == "all" => return Ok(Source::Components),
        ("components", _) => {
            return Err(Unmeasured::at(
                file,
                id,
                format!(
                    "`components: {}`: expected `components: all` (narrow it with `where:`, e.g. `where: {{kind: die}}`)",
                    id.value
                ),
            ));
        }
        ("variants", _) => return Ok(Source::Variants(id)),
        ("faces", _) => Part::Faces,
        ("spaces", _) => Part::Spaces(s.style.as_ref()),
        ("build", _) => return Ok(Source::Build(id)),
        (_, [("table", t)]) => Part::Table(t),
        (_, [("roster", t)]) => Part::Roster(t, s.column.as_ref()),
        (_, [("track", t)]) => Part::Track(t),
        (_, [("field", t)]) => Part::Field(t),
        _ => {
            let found = match parts.len() {
                0 => String::new(),
                _ => format!(", found {}", keys(&parts).join(" and ")),
            };
            return Err(wrong(format!(
                "`sheet: {}` needs one of `table:`, `roster:`, `track:` (by title) or `field:` (by label){found}",
                id.value
            )));
        }
    };
    Ok(Source::Part(id, part))
}

/// The keys a selector gives, with their values.
fn keys_given<'s, const N: usize>(
    keys: [(&'static str, &'s Option<Spanned<String>>); N],
) -> Vec<(&'static str, &'s Spanned<String>)> {
    let given = keys.into_iter();
    given
        .filter_map(|(key, v)| v.as_ref().map(|v| (key, v)))
        .collect()
}

/// The keys of what a selector gives.
fn keys<'k>(given: &[(&'k str, &Spanned<String>)]) -> Vec<&'k str> {
    given.iter().map(|(key, _)| *key).collect()
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
        Source::Components => Ok(components(game, needs)),
        Source::Variants(id) => variants(game, id, needs),
        Source::Part(id, part) => part_of(game, id, part),
        Source::Build(id) => build_kinds(game, id),
    }
}

/// Every component of the game, with what it is and its front's fields.
fn components(game: &Game, needs: Needs) -> Selection {
    let mut names: BTreeSet<String> = [
        "id", "name", "kind", "copies", "variants", "width", "height",
    ]
    .map(String::from)
    .into();
    names.extend(FACE_FIELDS.iter().map(|f| format!("front.{f}")));
    let items = game
        .spec
        .components
        .iter()
        .map(|c| {
            let (w, h) = c.kind.kind().size(c);
            let mut item = Item::new(c.id.value.clone(), at(game.file_of(c), &c.id))
                .with("id", Value::Text(c.id.value.clone()))
                .with(
                    "name",
                    Value::Text(c.name.clone().unwrap_or_else(|| c.id.value.clone())),
                )
                .with("kind", Value::Text(c.kind_name.value.to_string()))
                .with("copies", Value::Num(c.total_copies() as f64))
                .with("variants", Value::Num(c.variants.len() as f64))
                .with("width", Value::mm(w))
                .with("height", Value::mm(h));
            if needs.faces {
                for f in FACE_FIELDS {
                    item = item.with(format!("front.{f}"), face_value(&c.front, f));
                }
            }
            item
        })
        .collect();
    Selection {
        what: "components of the game".into(),
        at: at(&game.file, &game.spec.game.id),
        items,
        names,
    }
}

fn variants(game: &Game, id: &Spanned<String>, needs: Needs) -> Result<Selection, Unmeasured> {
    let c = component(game, id)?;
    let file = game.file_of(c);
    let mut names: BTreeSet<String> = ["id", "copies", "width", "height"].map(String::from).into();
    // Its pieces' size as printed (mm), which its kind knows.
    let (w, h) = c.kind.kind().size(c);
    let (width, height) = (Value::mm(w), Value::mm(h));
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
            .with("copies", Value::Num(c.copies_of(None) as f64))
            .with("width", width.clone())
            .with("height", height.clone());
        items.push(match needs.faces {
            true => faces_of(item, &c.front, c.back.as_ref()),
            false => item,
        });
    }
    for v in c.variants.iter() {
        let mut item = Item::new(v.id.value.clone(), at(file, &v.id))
            .with("id", Value::Text(v.id.value.clone()))
            .with("copies", Value::Num(c.copies_of(Some(&v)) as f64));
        for (k, value) in v.tags.iter() {
            names.insert(k.to_string());
            item = item.with(k.to_string(), Value::Text(value.clone()));
        }
        // After the tags: a tag of the same name is the designer's and is read first.
        item = item
            .with("width", width.clone())
            .with("height", height.clone());
        if needs.faces {
            item = faces_of(item, &c.front_of(&v), c.back_of(&v).as_deref());
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

/// The items of the part of component `id` that its kind reads.
fn part_of(game: &Game, id: &Spanned<String>, part: Part) -> Result<Selection, Unmeasured> {
    let c = component(game, id)?;
    let not_a = match part {
        Part::Faces => "is not a die: `faces:` reads a die's faces",
        Part::Spaces(_) => {
            "is not a board or a track: `spaces:` reads a board's squares, hexes or points, a track's spaces"
        }
        _ => "is not a record sheet (`kind: sheet`)",
    };
    let items = c
        .kind
        .kind()
        .items(game, c, part)
        .ok_or_else(|| Unmeasured::at(&game.file, id, format!("`{}` {not_a}", id.value)))?;
    Ok(items?)
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
            let hint = did_you_mean(key, sel.names.iter().map(String::as_str));
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
