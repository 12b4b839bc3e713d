//! What the rules read of a record sheet: the items of its sections that a selector picks
//! (`{sheet: S, table: T}`, `roster`, a roster's `column`, `track`, `field`), the labels of its
//! only track and what is printed inside its spaces (`labels:`, `blank:`).
use serde_saphyr::Spanned;

use super::SheetSpec;
use super::model::{Roster, Section, Table, Track};
use crate::base::diagnostic::Diagnostic;
use crate::kinds::{Component, Game};
use crate::spec::items::{
    Inside, Item, ItemsError, ItemsProblem, NotOneTrack, Part, Selection, Value,
};

/// Most items a roster or track is read as (the spec checks allow 200).
const MAX_ITEMS: u32 = 10_000;

/// A sheet as a selector reads it: its sections, front and back, and where things are.
struct Read<'g> {
    sections: Vec<&'g Section>,
    /// The sheet's id, as messages name it.
    id: &'g str,
    /// The file of the rule, where a title it names is mended.
    rule_file: &'g str,
    /// The file of the sheet (an included game's own).
    file: &'g str,
    /// The sheet itself, where what it lacks is added.
    at: Diagnostic,
}

/// The items of the part of `sheet` that `part` names; `None` for a part a sheet has not (a
/// die's faces).
pub(super) fn items(
    sheet: &SheetSpec,
    game: &Game,
    c: &Component,
    part: Part,
) -> Option<Result<Selection, ItemsError>> {
    let file = game.file_of(c);
    let read = Read {
        sections: super::all_sections(sheet),
        id: &c.id.value,
        rule_file: &game.file,
        file,
        at: Diagnostic::at(file, &c.id, String::new()),
    };
    Some(match part {
        Part::Faces | Part::Spaces(_) => return None,
        Part::Table(title) => read.table(title),
        Part::Roster(title, None) => read.roster(title),
        Part::Roster(title, Some(column)) => read.roster_column(title, column),
        Part::Track(title) => read.track(title),
        Part::Field(label) => read.fields(label),
    })
}

impl<'g> Read<'g> {
    /// Located at what the rule wrote.
    fn error(&self, at: &Spanned<String>, problem: ItemsProblem) -> ItemsError {
        ItemsError {
            at: Diagnostic::at(self.rule_file, at, String::new()),
            problem: Box::new(problem),
        }
    }

    /// The section `pick` takes (a table, roster or track: `part`) titled `title`, or the
    /// titles there are.
    fn titled<T>(
        &self,
        part: &'static str,
        pick: fn(&'g Section) -> Option<&'g T>,
        title: &Spanned<String>,
    ) -> Result<&'g T, ItemsError> {
        let of_part: Vec<(&Section, &T)> = self
            .sections
            .iter()
            .filter_map(|s| pick(s).map(|t| (*s, t)))
            .collect();
        of_part
            .iter()
            .find(|(s, _)| s.title() == Some(title.value.as_str()))
            .map(|(_, t)| *t)
            .ok_or_else(|| {
                let known = of_part.iter().filter_map(|(s, _)| s.title());
                self.error(
                    title,
                    ItemsProblem::NoPart {
                        part,
                        name: title.value.clone(),
                        component: self.id.to_string(),
                        known: known.map(str::to_string).collect(),
                    },
                )
            })
    }

    /// Items `n` = 1 to `count` (a roster's rows, a track's spaces), each at `here`.
    fn numbered(
        &self,
        count: u32,
        here: &Diagnostic,
        title: &Spanned<String>,
    ) -> Result<Vec<Item>, ItemsError> {
        if count > MAX_ITEMS {
            let problem = ItemsProblem::TooMany {
                title: title.value.clone(),
                count,
                most: MAX_ITEMS,
            };
            return Err(self.error(title, problem));
        }
        Ok((1..=count)
            .map(|n| Item::new(format!("{n}"), here.clone()).with("n", Value::Num(n as f64)))
            .collect())
    }

    fn table(&self, title: &Spanned<String>) -> Result<Selection, ItemsError> {
        let t: &Table = self.titled("table", Section::as_table, title)?;
        let labels: Vec<String> = t.columns.iter().map(|c| c.column().label).collect();
        let items = t
            .rows
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let first = row.first().map_or(String::new(), |c| format!(" ({c})"));
                let mut item = Item::new(format!("row {}{first}", i + 1), self.at.clone())
                    .with("n", Value::Num((i + 1) as f64));
                for (label, cell) in labels.iter().zip(row) {
                    item = item.with(label.clone(), Value::Text(cell.clone()));
                }
                item
            })
            .collect();
        let mut names: Vec<&str> = vec!["n"];
        names.extend(labels.iter().map(String::as_str));
        Ok(Selection::new(
            format!("rows of the table `{}` on `{}`", title.value, self.id),
            self.at.clone(),
            items,
            &names,
        ))
    }

    fn find_roster(&self, title: &Spanned<String>) -> Result<&'g Roster, ItemsError> {
        self.titled("roster", Section::as_roster, title)
    }

    fn roster(&self, title: &Spanned<String>) -> Result<Selection, ItemsError> {
        let r = self.find_roster(title)?;
        let rows = r.rows.as_ref().ok_or_else(|| {
            let problem = ItemsProblem::Uncounted {
                roster: title.value.clone(),
                component: self.id.to_string(),
            };
            self.error(title, problem)
        })?;
        let here = Diagnostic::at(self.file, rows, String::new());
        let items = self.numbered(rows.value, &here, title)?;
        Ok(Selection::new(
            format!("rows of the roster `{}` on `{}`", title.value, self.id),
            here,
            items,
            &["n"],
        ))
    }

    /// A roster column's boxes for each kind of row: `boxes_by` as written, or the same `boxes`
    /// for each kind the roster's rows are filled with (a column's `choices` with `fill:`).
    fn roster_column(
        &self,
        title: &Spanned<String>,
        label: &Spanned<String>,
    ) -> Result<Selection, ItemsError> {
        let r = self.find_roster(title)?;
        let col = r
            .columns
            .iter()
            .find(|c| c.label == label.value)
            .ok_or_else(|| {
                let problem = ItemsProblem::NoColumn {
                    column: label.value.clone(),
                    roster: title.value.clone(),
                    component: self.id.to_string(),
                    columns: r.columns.iter().map(|c| c.label.clone()).collect(),
                };
                self.error(label, problem)
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
            Some(by) => Diagnostic::at(self.file, by, String::new()),
            None => self.at.clone(),
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
        Ok(Selection::new(
            format!(
                "kinds of row of the column `{}` of the roster `{}` on `{}`",
                label.value, title.value, self.id
            ),
            here,
            items,
            &["kind", "boxes"],
        ))
    }

    fn track(&self, title: &Spanned<String>) -> Result<Selection, ItemsError> {
        let t: &Track = self.titled("track", Section::as_track, title)?;
        let here = Diagnostic::at(self.file, &t.spaces, String::new());
        let items = self
            .numbered(t.spaces.value, &here, title)?
            .into_iter()
            .enumerate()
            .map(|(i, item)| {
                let value = t.values.get(&(i as u32 + 1));
                item.with("label", Value::text(t.labels.get(i).map(String::as_str)))
                    .with("value", Value::text(value.map(String::as_str)))
            })
            .collect();
        Ok(Selection::new(
            format!("spaces of the track `{}` on `{}`", title.value, self.id),
            here,
            items,
            &["n", "label", "value"],
        ))
    }

    /// Its fields labelled `label`, wherever they are.
    fn fields(&self, label: &Spanned<String>) -> Result<Selection, ItemsError> {
        let fields: Vec<&super::model::Field> = self
            .sections
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
                Item::new(format!("the field `{}`", f.label), self.at.clone())
                    .with("label", Value::Text(f.label.clone()))
                    .with("value", Value::text(f.value.as_deref()))
            })
            .collect();
        if items.is_empty() {
            let problem = ItemsProblem::NoPart {
                part: "field",
                name: label.value.clone(),
                component: self.id.to_string(),
                known: fields.iter().map(|f| f.label.clone()).collect(),
            };
            return Err(self.error(label, problem));
        }
        Ok(Selection::new(
            format!("fields labelled `{}` on `{}`", label.value, self.id),
            self.at.clone(),
            items,
            &["label", "value"],
        ))
    }
}

/// Its track, when it has exactly one: what `labels:` and `blank:` read.
fn only_track(sheet: &SheetSpec) -> Result<&Track, NotOneTrack> {
    let sections = super::all_sections(sheet);
    let tracks: Vec<&Track> = sections.into_iter().filter_map(Section::as_track).collect();
    match tracks[..] {
        [one] => Ok(one),
        _ => Err(NotOneTrack {
            tracks: tracks.len(),
        }),
    }
}

/// The labels printed beside each space of its only track, in order ("" where none).
pub(super) fn labels(sheet: &SheetSpec) -> Result<Vec<String>, NotOneTrack> {
    only_track(sheet).map(|t| {
        (0..t.spaces.value as usize)
            .map(|i| t.labels.get(i).cloned().unwrap_or_default())
            .collect()
    })
}

/// What is printed inside the spaces of its only track: its pre-printed `values` (labels are
/// printed outside, but more labels than spaces would spill in).
pub(super) fn printed_inside(sheet: &SheetSpec) -> Result<Inside, NotOneTrack> {
    only_track(sheet).map(|t| {
        let mut printed: Vec<String> = t
            .values
            .iter()
            .map(|(k, v)| format!("space {k} shows `{v}` inside"))
            .collect();
        if t.labels.len() > t.spaces.value as usize {
            printed.push(format!(
                "{} labels for {} spaces",
                t.labels.len(),
                t.spaces.value
            ));
        }
        Inside {
            printed,
            blank: format!("{} spaces, every one blank inside", t.spaces.value),
        }
    })
}
