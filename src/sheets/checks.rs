//! Named rules checks for record sheets (see `rules::named`): `beast-family` and `sheet-value`.
use super::family;
use super::model::Section;
use crate::rules::Check;
use crate::spec::Game;

fn sheet_sections<'g>(game: &'g Game, id: &str) -> Result<Vec<&'g Section>, String> {
    let c = game
        .spec
        .components
        .iter()
        .find(|c| c.id.value == id)
        .ok_or_else(|| format!("no component `{id}`"))?;
    let sheet = c
        .sheet
        .as_ref()
        .ok_or_else(|| format!("`{id}` is not a sheet"))?;
    let mut all = Vec::new();
    let back = sheet.back.iter().flat_map(|b| &b.sections);
    for s in sheet.sections.iter().chain(back) {
        s.walk(&mut all);
    }
    Ok(all)
}

/// The named check `beast-family`. With `args: {family: "..."}` it judges that family by the
/// family-building rules; with `args: {sheet: <id>}` it asks that the sheet's roster has a row
/// for every member of the largest legal family.
pub fn beast_family_check(game: &Game, check: &Check) -> Result<(bool, String, String), String> {
    if let Some(text) = check.args.get("family") {
        let f = family::parse(text)?;
        let problems = f.problems();
        return Ok((
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
        let rows: u32 = all
            .iter()
            .filter_map(|s| match s {
                Section::Roster(r) => Some(r.rows.as_ref().map_or(0, |n| n.value)),
                _ => None,
            })
            .sum();
        let need = family::largest_legal();
        return Ok((
            rows >= need,
            format!("roster rows for the largest legal family ({need} members)"),
            format!("{rows} roster rows on `{id}`"),
        ));
    }
    Err("`beast-family` needs `args: {family: \"4 children, 2 adults, 4 old\"}` or `args: {sheet: <sheet id>}`".into())
}

/// The named check `sheet-value`: `args: {sheet, section, space, value}` asks that the track
/// titled `section` on the sheet pre-prints `value` in space number `space` (e.g. a starting
/// food store of 6).
pub fn sheet_value_check(game: &Game, check: &Check) -> Result<(bool, String, String), String> {
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
    Ok((
        found == Some(value),
        format!("`{value}` printed in space {space} of `{title}`"),
        match found {
            Some(v) => format!("`{v}` in space {space}"),
            None => format!("space {space} is blank"),
        },
    ))
}
