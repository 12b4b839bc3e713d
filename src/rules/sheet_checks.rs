//! Named rules checks for record sheets (see `rules::named`): `beast-family` and `sheet-value`.
use super::family;
use crate::kinds::Game;
use crate::kinds::sheet::SheetSpec;
use crate::kinds::sheet::model::Section;
use crate::kinds::sheet::model::Track;
use crate::rules::{Check, Unmeasurable, Verdict};

fn sheet_sections<'g>(game: &'g Game, id: &str) -> Result<Vec<&'g Section>, Unmeasurable> {
    let c = game
        .spec
        .components
        .iter()
        .find(|c| c.id.value == id)
        .ok_or_else(|| Unmeasurable(format!("no component `{id}`")))?;
    let crate::kinds::KindSpec::Sheet(sheet) = &c.kind else {
        return Err(format!("`{id}` is not a sheet").into());
    };
    let mut all = Vec::new();
    let back = sheet.back.iter().flat_map(|b| &b.sections);
    for s in sheet.sections.iter().chain(back) {
        s.walk(&mut all);
    }
    Ok(all)
}

/// The named check `beast-family`. With `args: {family: "..."}` it judges that family by the
/// family-building rules; with `args: {sheet: <id>}` it asks that the sheet's roster of members
/// (the one with a `fill: member` column) has a row for every member of the largest legal family.
pub fn beast_family_check(game: &Game, check: &Check) -> Result<Verdict, Unmeasurable> {
    if let Some(text) = check.args.get("family") {
        let f = family::parse(text).map_err(|e| Unmeasurable(e.to_string()))?;
        let problems = f.problems();
        return Ok(Verdict::new(
            problems.is_empty(),
            format!(
                "a family of at most {} points with at least twice as many Children and Old as Adults",
                family::POINTS
            ),
            if problems.is_empty() {
                f.describe()
            } else {
                format!("{}: {}", f.describe(), problems.join("; "))
            },
        ));
    }
    if let Some(id) = check.args.get("sheet") {
        let all = sheet_sections(game, id)?;
        // The rosters of family members (a `fill: member` column), not the turn record.
        let rows: u32 = all
            .iter()
            .filter_map(|s| match s {
                Section::Roster(r)
                    if r.columns
                        .iter()
                        .any(|c| c.fill.as_deref() == Some("member")) =>
                {
                    Some(r.rows.as_ref().map_or(0, |n| n.value))
                }
                _ => None,
            })
            .sum();
        let need = family::largest_legal();
        return Ok(Verdict::new(
            rows >= need,
            format!("roster rows for the largest legal family ({need} members)"),
            format!("{rows} roster rows on `{id}`"),
        ));
    }
    Err("`beast-family` needs `args: {family: \"4 children, 2 adults, 4 old\"}` or `args: {sheet: <sheet id>}`".into())
}

/// The named check `beast-starvation`: `args: {sheet: <id>}` asks that the sheet's roster gives
/// each kind of family member as many starvation boxes as the markers that kill it: "equal to
/// or exceeding his combat value", and at least one (a Child, of combat 0, dies at its first).
pub fn beast_starvation_check(game: &Game, check: &Check) -> Result<Verdict, Unmeasurable> {
    let id = check
        .args
        .get("sheet")
        .ok_or("`beast-starvation` needs `args: {sheet: <sheet id>}`")?;
    // The roster of family members (a `fill: member` column) and its column of boxes: one count
    // per kind (`boxes_by`), or the same for every kind (`boxes`), or none.
    let members = sheet_sections(game, id)?
        .into_iter()
        .find_map(|s| match s {
            Section::Roster(r)
                if r.columns
                    .iter()
                    .any(|c| c.fill.as_deref() == Some("member")) =>
            {
                Some(r)
            }
            _ => None,
        })
        .ok_or_else(|| {
            format!("no roster of family members (a `fill: member` column) on `{id}`")
        })?;
    let boxes = |kind: &str| -> u32 {
        let by = members.columns.iter().find_map(|c| c.boxes_by.as_ref());
        let same = members.columns.iter().find_map(|c| c.boxes);
        match (by, same) {
            (Some(by), _) => by.value.get(kind).copied().unwrap_or(0),
            (None, Some(n)) => n,
            (None, None) => 0,
        }
    };
    let describe = |counts: &[(String, u32)]| {
        counts
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let want: Vec<(String, u32)> = family::KINDS
        .iter()
        .map(|(kind, combat, _)| (kind.to_string(), (*combat).max(1)))
        .collect();
    let found: Vec<(String, u32)> = want.iter().map(|(k, _)| (k.clone(), boxes(k))).collect();
    Ok(Verdict::new(
        found == want,
        format!("starvation boxes by kind: {}", describe(&want)),
        format!("{} on `{id}`", describe(&found)),
    ))
}

/// The named check `sheet-rows`: the rows of the roster titled `args: {section}` on `args:
/// {sheet}`, against `equals`, `at_least` or `at_most` (a turn record long enough for the
/// longest game).
pub fn sheet_rows_check(game: &Game, check: &Check) -> Result<Verdict, Unmeasurable> {
    let (Some(id), Some(title)) = (check.args.get("sheet"), check.args.get("section")) else {
        return Err("`sheet-rows` needs `args: {sheet: <id>, section: <roster title>}`".into());
    };
    let rows = sheet_sections(game, id)?
        .into_iter()
        .find_map(|s| match s {
            Section::Roster(r) if r.title.as_deref() == Some(title.as_str()) => Some(r),
            _ => None,
        })
        .ok_or_else(|| format!("no roster titled `{title}` on `{id}`"))?
        .rows
        .as_ref()
        .map_or(0, |n| n.value);
    let (held, expected) = crate::rules::compare_number(rows as f64, check);
    Ok(Verdict::new(held, expected, format!("{rows} rows")))
}

/// The named check `sheet-value`: `args: {sheet, section, space, value}` asks that the track
/// titled `section` on the sheet pre-prints `value` in space number `space` (e.g. a starting
/// food store of 6); `args: {sheet, field, value}`, that the field labelled `field` does.
pub fn sheet_value_check(game: &Game, check: &Check) -> Result<Verdict, Unmeasurable> {
    if let (Some(id), Some(label), Some(value)) = (
        check.args.get("sheet"),
        check.args.get("field"),
        check.args.get("value"),
    ) {
        let found = sheet_sections(game, id)?
            .into_iter()
            .find_map(|s| match s {
                Section::Fields(f) => f.items.iter().find(|i| &i.label == label),
                _ => None,
            })
            .ok_or_else(|| format!("no field labelled `{label}` on `{id}`"))?
            .value
            .clone();
        return Ok(Verdict::new(
            found.as_ref() == Some(value),
            format!("`{value}` printed in the field `{label}`"),
            match found {
                Some(v) => format!("`{v}` in it"),
                None => "the field is blank".to_string(),
            },
        ));
    }
    let arg = |k: &str| {
        check.args.get(k).ok_or_else(|| {
            format!("`sheet-value` needs `args: {{sheet, section, space, value}}` (no `{k}`)")
        })
    };
    let (id, title, space, value) = (arg("sheet")?, arg("section")?, arg("space")?, arg("value")?);
    let space: u32 = space
        .parse()
        .map_err(|_| format!("`space: {space}`: expected a space number from 1"))?;
    let track = sheet_sections(game, id)?
        .into_iter()
        .find_map(|s| match s {
            Section::Track(t) if t.title.as_deref() == Some(title.as_str()) => Some(t),
            _ => None,
        })
        .ok_or_else(|| format!("no track titled `{title}` on `{id}`"))?;
    let found = track.values.get(&space);
    Ok(Verdict::new(
        found == Some(value),
        format!("`{value}` printed in space {space} of `{title}`"),
        match found {
            Some(v) => format!("`{v}` in space {space}"),
            None => format!("space {space} is blank"),
        },
    ))
}

/// The track of a sheet that a check is about: the one titled `args: {section}`, or the only one.
fn sheet_track<'s>(
    sheet: &'s SheetSpec,
    args: &std::collections::BTreeMap<String, String>,
) -> Result<&'s Track, Unmeasurable> {
    let mut all = Vec::new();
    let back = sheet.back.iter().flat_map(|b| &b.sections);
    for s in sheet.sections.iter().chain(back) {
        s.walk(&mut all);
    }
    let tracks: Vec<&Track> = all
        .into_iter()
        .filter_map(|s| match s {
            Section::Track(t) => Some(t),
            _ => None,
        })
        .collect();
    match args.get("section") {
        Some(title) => tracks
            .into_iter()
            .find(|t| t.title.as_deref() == Some(title.as_str()))
            .ok_or_else(|| format!("no track titled `{title}` on the sheet").into()),
        None if tracks.len() == 1 => Ok(tracks[0]),
        None => Err(format!(
            "the sheet has {} tracks: name one with `args: {{section: <its title>}}`",
            tracks.len()
        )
        .into()),
    }
}

/// The labels printed beside each space of a sheet's track, in order ("" where none).
pub fn track_labels(
    sheet: &SheetSpec,
    args: &std::collections::BTreeMap<String, String>,
) -> Result<Vec<String>, Unmeasurable> {
    let t = sheet_track(sheet, args)?;
    Ok((0..t.spaces.value as usize)
        .map(|i| t.labels.get(i).cloned().unwrap_or_default())
        .collect())
}

/// Whether a sheet's track leaves every space blank inside (labels are always printed outside;
/// pre-printed `values` are inside).
pub fn track_blank(
    sheet: &SheetSpec,
    args: &std::collections::BTreeMap<String, String>,
) -> Result<Verdict, Unmeasurable> {
    let t = sheet_track(sheet, args)?;
    let mut inside: Vec<String> = t
        .values
        .iter()
        .map(|(k, v)| format!("space {k} shows `{v}` inside"))
        .collect();
    if t.labels.len() > t.spaces.value as usize {
        inside.push(format!(
            "{} labels for {} spaces",
            t.labels.len(),
            t.spaces.value
        ));
    }
    Ok(Verdict::new(
        inside.is_empty(),
        "nothing printed inside the spaces (labels outside)",
        if inside.is_empty() {
            format!("{} spaces, every one blank inside", t.spaces.value)
        } else {
            inside.join("; ")
        },
    ))
}

/// The named check `sheet-spaces`: the number of spaces of a sheet's track, against `equals`.
pub fn sheet_spaces_check(game: &Game, check: &Check) -> Result<Verdict, Unmeasurable> {
    let id = check.args.get("sheet").ok_or(
        "`sheet-spaces` needs `args: {sheet: <id>}` (and `section:` if it has several tracks)",
    )?;
    let c = game
        .spec
        .components
        .iter()
        .find(|c| c.id.value == *id)
        .ok_or_else(|| Unmeasurable(format!("no component `{id}`")))?;
    let crate::kinds::KindSpec::Sheet(sheet) = &c.kind else {
        return Err(format!("`{id}` is not a sheet").into());
    };
    let t = sheet_track(sheet, &check.args)?;
    let want = match &check.equals {
        Some(crate::rules::Expected::Number(n)) => *n,
        _ => return Err("`sheet-spaces` needs `equals: <number of spaces>`".into()),
    };
    let n = t.spaces.value as f64;
    Ok(Verdict::new(
        (n - want).abs() < 1e-9,
        format!("exactly {want} spaces"),
        format!("{n} spaces on `{id}`"),
    ))
}
