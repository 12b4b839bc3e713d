//! What a check is about: exactly one subject key of its YAML (`total:`, `labels:`…), as an
//! enum, and how each subject is measured: one function each.
use serde_saphyr::Spanned;

use super::{
    Build, Check, Expect, Found, Measured, Select, Target, Unmeasured, Verdict, at, compare_number,
    component, filter_note, filter_problem, matching, subject_at,
};
use crate::kinds::spaces::Geometry;
use crate::kinds::{Component, Game, Kind};
use crate::spec::items::{ItemsProblem, NotOneTrack, Value};

/// One subject of a check, with the id it names.
#[derive(Debug, Clone, Copy)]
pub enum Subject<'c> {
    /// Total copies of a component (of the variants `where:` picks).
    Total(&'c Spanned<String>),
    /// Distinct variants of a component that are printed.
    Variants(&'c Spanned<String>),
    /// Copies of each variant: every one must meet the expectation.
    EachVariant(&'c Spanned<String>),
    /// The labels of a track's spaces (or a record sheet's track), in order.
    Labels(&'c Spanned<String>),
    /// The game's allowed player counts.
    Players,
    /// Copies of a component per player at the largest player count.
    PerPlayer(&'c Spanned<String>),
    /// Variants of a component that each player count uses (`by_players:`).
    Uses(&'c Spanned<String>),
    /// Nothing printed inside a track's spaces.
    Blank(&'c Spanned<String>),
    /// Squares along each side of a board.
    Board(&'c Spanned<String>),
    /// Spaces of a board (squares, hexes, points).
    Spaces(&'c Spanned<String>),
    /// Spaces of a board marked in the style `style:` names.
    Marked(&'c Spanned<String>),
    /// Lines joining a board's points.
    Lines(&'c Spanned<String>),
    /// How many items a selector picks.
    Count(&'c Spanned<Select>),
    /// The sum of `value:` over the items.
    Sum(&'c Spanned<Select>),
    /// Every item meets the expectation (or `holds:`).
    Each(&'c Spanned<Select>),
    /// The items' values in order.
    List(&'c Spanned<Select>),
    /// What a player builds, judged by its examples.
    Build(&'c Spanned<Build>),
}

/// What a subject is compared with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    /// A number: `equals: 4`, `at_least`, `at_most`.
    Count,
    /// A list: `equals: [5, 4, 3]`.
    List,
    /// Nothing: the subject judges itself.
    Verdict,
}

/// The subject keys of a check, in the order a message lists them.
const SUBJECTS: [&str; 17] = [
    "total",
    "variants",
    "each_variant",
    "labels",
    "players",
    "per_player",
    "uses",
    "blank",
    "board",
    "spaces",
    "marked",
    "lines",
    "count",
    "sum",
    "each",
    "list",
    "build",
];

/// Why a check has no subject to measure: none, or several.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SubjectError {
    #[error("no subject: a check has exactly one of {}", SUBJECTS.join(", "))]
    None,
    #[error(
        "{} subjects ({}): a check has exactly one of {}",
        .0.len(),
        .0.join(", "),
        SUBJECTS.join(", ")
    )]
    Several(Vec<&'static str>),
}

impl<'c> Subject<'c> {
    /// The subject a check has, or what is wrong with its subjects (none, or several).
    pub fn of(check: &'c Check) -> Result<Subject<'c>, SubjectError> {
        let c = check;
        // In the order of `SUBJECTS`, which names them.
        let all: [Option<Subject>; 17] = [
            c.total.as_ref().map(Subject::Total),
            c.variants.as_ref().map(Subject::Variants),
            c.each_variant.as_ref().map(Subject::EachVariant),
            c.labels.as_ref().map(Subject::Labels),
            c.players.as_ref().map(|_| Subject::Players),
            c.per_player.as_ref().map(Subject::PerPlayer),
            c.uses.as_ref().map(Subject::Uses),
            c.blank.as_ref().map(Subject::Blank),
            c.board.as_ref().map(Subject::Board),
            c.spaces.as_ref().map(Subject::Spaces),
            c.marked.as_ref().map(Subject::Marked),
            c.lines.as_ref().map(Subject::Lines),
            c.count.as_ref().map(Subject::Count),
            c.sum.as_ref().map(Subject::Sum),
            c.each.as_ref().map(Subject::Each),
            c.list.as_ref().map(Subject::List),
            c.build.as_ref().map(Subject::Build),
        ];
        let given: Vec<(&str, Subject)> = SUBJECTS
            .iter()
            .zip(all)
            .filter_map(|(name, s)| s.map(|s| (*name, s)))
            .collect();
        match given[..] {
            [(_, one)] => Ok(one),
            [] => Err(SubjectError::None),
            _ => Err(SubjectError::Several(
                given.iter().map(|(n, _)| *n).collect(),
            )),
        }
    }

    /// The component it is about, if any.
    pub fn component(self) -> Option<&'c Spanned<String>> {
        match self {
            Subject::Total(id)
            | Subject::Variants(id)
            | Subject::EachVariant(id)
            | Subject::Labels(id)
            | Subject::PerPlayer(id)
            | Subject::Uses(id)
            | Subject::Blank(id)
            | Subject::Spaces(id)
            | Subject::Marked(id)
            | Subject::Lines(id) => Some(id),
            Subject::Count(sel) | Subject::Sum(sel) | Subject::Each(sel) | Subject::List(sel) => {
                super::select::component_id(&sel.value)
            }
            Subject::Players | Subject::Board(_) | Subject::Build(_) => None,
        }
    }

    pub fn measure_kind(self) -> Measure {
        match self {
            Subject::Total(_)
            | Subject::Variants(_)
            | Subject::EachVariant(_)
            | Subject::PerPlayer(_)
            | Subject::Board(_)
            | Subject::Spaces(_)
            | Subject::Marked(_)
            | Subject::Lines(_)
            | Subject::Count(_)
            | Subject::Sum(_) => Measure::Count,
            Subject::Labels(_) | Subject::Players | Subject::List(_) => Measure::List,
            Subject::Uses(_) | Subject::Blank(_) | Subject::Each(_) | Subject::Build(_) => {
                Measure::Verdict
            }
        }
    }

    /// What the game has of it.
    pub(super) fn measure(self, game: &Game, check: &Check, x: &Expect) -> Measured {
        match self {
            Subject::Total(id) => total(game, id, check, x),
            Subject::Variants(id) => variants(game, id, check, x),
            Subject::EachVariant(id) => each_variant(game, id, check, x),
            Subject::Labels(id) => labels(game, id),
            Subject::Players => players(game, x),
            Subject::PerPlayer(id) => per_player(game, id, check),
            Subject::Uses(id) => uses(game, id, check),
            Subject::Blank(id) => blank(game, id),
            Subject::Board(id) if check.style.is_some() => marked_block(game, id, check),
            Subject::Board(id) => board(game, id),
            Subject::Spaces(id) => spaces(game, id),
            Subject::Marked(id) => marked(game, id, check),
            Subject::Lines(id) => lines(game, id),
            Subject::Count(sel) => super::measure::count(game, sel, check),
            Subject::Sum(sel) => super::measure::sum(game, sel, check),
            Subject::Each(sel) => super::measure::each(game, sel, check, x),
            Subject::List(sel) => super::measure::list(game, sel, check, x),
            Subject::Build(b) => super::measure::build(game, b),
        }
    }
}

/// The component a check is about, with the variants `where:` can pick from.
fn filtered<'g>(
    game: &'g Game,
    id: &Spanned<String>,
    check: &Check,
    x: &Expect,
) -> Result<&'g Component, Unmeasured> {
    let c = component(game, id)?;
    match filter_problem(c, check, x) {
        Some(problem) => Err(Unmeasured::new(None, problem)),
        None => Ok(c),
    }
}

fn total(game: &Game, id: &Spanned<String>, check: &Check, x: &Expect) -> Measured {
    let c = filtered(game, id, check, x)?;
    let total: u64 = matching(c, check).iter().map(|(_, n)| n).sum();
    Ok((
        Some(subject_at(&game.file, c, check)),
        Found::Number(
            total as f64,
            format!("{total} {}{}", c.id.value, filter_note(check)),
        ),
    ))
}

fn variants(game: &Game, id: &Spanned<String>, check: &Check, x: &Expect) -> Measured {
    let c = filtered(game, id, check, x)?;
    // A variant with no copies is not a type that is actually printed.
    let printed: Vec<(String, u64)> = matching(c, check)
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .collect();
    let names: Vec<String> = printed.iter().map(|(v, _)| v.clone()).collect();
    Ok((
        Some(at(&game.file, &c.id)),
        Found::Number(
            printed.len() as f64,
            format!(
                "{} variants{} ({})",
                printed.len(),
                filter_note(check),
                names.join(", ")
            ),
        ),
    ))
}

fn each_variant(game: &Game, id: &Spanned<String>, check: &Check, x: &Expect) -> Measured {
    let c = filtered(game, id, check, x)?;
    let file = &game.file;
    let note = filter_note(check);
    let m = matching(c, check);
    let bad: Vec<&(String, u64)> = m
        .iter()
        .filter(|(_, n)| !compare_number(*n as f64, x).0)
        .collect();
    let (_, expected) = compare_number(0.0, x);
    let found = match bad.is_empty() {
        true => {
            let all: Vec<String> = m.iter().map(|(v, n)| format!("{v} {n}")).collect();
            format!("every variant{note}: {}", all.join(", "))
        }
        false => {
            let list: Vec<String> = bad.iter().map(|(v, n)| format!("{v}: {n}")).collect();
            list.join(", ")
        }
    };
    let loc = bad
        .first()
        .and_then(|(id, _)| c.variants.iter().find(|v| v.id.value == *id))
        .map(|v| at(file, &v.id))
        .unwrap_or_else(|| at(file, &c.id));
    Ok((
        Some(loc),
        Found::Verdict(Verdict::new(
            bad.is_empty() && !m.is_empty(),
            format!("copies of each variant{note}: {expected}"),
            found,
        )),
    ))
}

/// What the kind of component `id` answers to `ask`, or that it is not a `noun` (a board, a
/// track): it has nothing of the sort.
fn asked<'g, T>(
    game: &'g Game,
    id: &Spanned<String>,
    noun: &str,
    ask: impl FnOnce(&'g dyn Kind) -> Option<T>,
) -> Result<(&'g Component, T), Unmeasured> {
    let c = component(game, id)?;
    let answer = ask(c.kind.kind())
        .ok_or_else(|| Unmeasured::at(&game.file, id, format!("`{}` is not a {noun}", id.value)))?;
    Ok((c, answer))
}

/// What a track's (or a record sheet's only track's) spaces say, by `ask`: its labels, what
/// is printed inside them.
fn track<'g, T>(
    game: &'g Game,
    id: &Spanned<String>,
    ask: impl FnOnce(&'g dyn Kind) -> Option<Result<T, NotOneTrack>>,
) -> Result<(&'g Component, T), Unmeasured> {
    let (c, answer) = asked(game, id, "track", ask)?;
    let answer = answer.map_err(|NotOneTrack { tracks }| {
        Unmeasured::at(
            &game.file,
            id,
            format!(
                "`{0}` has {tracks} tracks: name one with `list: {{sheet: {0}, track: <its title>}}, value: label`",
                c.id.value
            ),
        )
    })?;
    Ok((c, answer))
}

fn labels(game: &Game, id: &Spanned<String>) -> Measured {
    let (c, labels) = track(game, id, |k| k.labels())?;
    Ok((
        Some(at(&game.file, &c.id)),
        Found::List(labels.into_iter().map(Value::Text).collect()),
    ))
}

/// The game's player counts: as a list (`equals: [2, 3, 4]`), or each against a bound
/// (`at_least: 2`: no count is fewer than two).
fn players(game: &Game, x: &Expect) -> Measured {
    let players = &game.spec.game.players;
    let here = Some(at(&game.file, players));
    let list: Vec<Value> = players
        .value
        .iter()
        .map(|p| Value::Num(*p as f64))
        .collect();
    if matches!(x.equals, Some(Target::List(_))) || x.is_empty() {
        return Ok((here, Found::List(list)));
    }
    let (_, expected) = compare_number(0.0, x);
    let counts: Vec<String> = list.iter().map(Value::to_string).collect();
    let bad: Vec<String> = list
        .iter()
        .filter(|v| !x.met_by(v))
        .map(Value::to_string)
        .collect();
    let found = match bad.is_empty() {
        true => format!("{} players", counts.join(", ")),
        false => format!(
            "{} players ({} not {expected})",
            counts.join(", "),
            bad.join(", ")
        ),
    };
    Ok((
        here,
        Found::Verdict(Verdict::new(
            bad.is_empty() && !list.is_empty(),
            format!("every player count {expected}"),
            found,
        )),
    ))
}

fn per_player(game: &Game, id: &Spanned<String>, check: &Check) -> Measured {
    let c = component(game, id)?;
    let total: u64 = matching(c, check).iter().map(|(_, n)| n).sum();
    let most = game
        .spec
        .game
        .players
        .value
        .iter()
        .copied()
        .max()
        .unwrap_or(0);
    if most == 0 {
        return Err(Unmeasured::at(
            &game.file,
            id,
            "the game lists no player counts (`game.players`)",
        ));
    }
    let per = total as f64 / most as f64;
    Ok((
        Some(at(&game.file, &c.id)),
        Found::Number(
            per,
            format!(
                "{total} {}{} for {most} players = {per:.2} per player",
                c.id.value,
                filter_note(check)
            ),
        ),
    ))
}

fn uses(game: &Game, id: &Spanned<String>, check: &Check) -> Measured {
    let c = component(game, id)?;
    let available = matching(c, check).iter().filter(|(_, n)| *n > 0).count() as u64;
    let by = check.by_players.as_ref().ok_or_else(|| {
        Unmeasured::at(
            &game.file,
            id,
            "`uses` needs `by_players: {count: variants}`",
        )
    })?;
    let allowed = &game.spec.game.players.value;
    let mut problems = Vec::new();
    for p in allowed {
        match by.get(p) {
            None => problems.push(format!("no entry for {p} players")),
            Some(n) if *n > available => {
                problems.push(format!("{p} players use {n} but only {available} exist"))
            }
            Some(_) => {}
        }
    }
    for p in by.keys().filter(|p| !allowed.contains(p)) {
        problems.push(format!("{p} players is not an allowed player count"));
    }
    let expected: Vec<String> = by
        .iter()
        .map(|(p, n)| format!("{p} players: {n}"))
        .collect();
    let found = match problems.is_empty() {
        true => format!("{available} variants of {} available", c.id.value),
        false => problems.join("; "),
    };
    Ok((
        Some(at(&game.file, &c.id)),
        Found::Verdict(Verdict::new(
            problems.is_empty(),
            format!("variants in use by player count ({})", expected.join(", ")),
            found,
        )),
    ))
}

fn blank(game: &Game, id: &Spanned<String>) -> Measured {
    let (c, inside) = track(game, id, |k| k.printed_inside())?;
    let blank = inside.printed.is_empty();
    let found = match blank {
        true => inside.blank,
        false => inside.printed.join("; "),
    };
    Ok((
        Some(at(&game.file, &c.id)),
        Found::Verdict(Verdict::new(
            blank,
            "nothing printed inside the spaces (labels outside)",
            found,
        )),
    ))
}

fn board(game: &Game, id: &Spanned<String>) -> Measured {
    let (c, n) = asked(game, id, "board", |k| k.squares())?;
    Ok((
        Some(at(game.file_of(c), n)),
        Found::Number(
            n.value as f64,
            format!("{0}×{0} squares ({1})", n.value, c.id.value),
        ),
    ))
}

/// The squares per side of the area of board `id` marked in `style:`, when they make one
/// square block with no gap (the 7×7 middle of a 9×9 board); 0 when they do not.
fn marked_block(game: &Game, id: &Spanned<String>, check: &Check) -> Measured {
    let (c, g) = geometry(game, id)?;
    let Some(style) = &check.style else {
        return board(game, id);
    };
    known_style(game, &g, c, style)?;
    let cells: Vec<(u32, u32)> = g
        .marked
        .get(&style.value)
        .into_iter()
        .flatten()
        .filter_map(|&i| crate::kinds::spaces::column_row(&g.spaces[i].name))
        .collect();
    let span = |v: Vec<u32>| {
        let (lo, hi) = (v.iter().min().copied(), v.iter().max().copied());
        lo.zip(hi).map_or(0, |(lo, hi)| hi - lo + 1)
    };
    let cols = span(cells.iter().map(|c| c.0).collect());
    let rows = span(cells.iter().map(|c| c.1).collect());
    let whole = cols == rows && (cols * rows) as usize == cells.len() && cols > 0;
    let first_last = |f: fn(&(u32, u32)) -> (u32, u32)| {
        cells
            .iter()
            .min_by_key(|c| f(c))
            .map(|&(c, r)| crate::kinds::spaces::space_name(c, r))
            .unwrap_or_default()
    };
    let what = match whole {
        true => format!(
            "{cols}×{cols} squares marked `{}`, {} to {} ({})",
            style.value,
            first_last(|c| (c.0, c.1)),
            first_last(|c| (u32::MAX - c.0, u32::MAX - c.1)),
            c.id.value
        ),
        false => format!(
            "{} squares marked `{}` that are not one square block: they span {cols} columns × {rows} rows ({})",
            cells.len(),
            style.value,
            c.id.value
        ),
    };
    Ok((
        Some(at(&game.file, style)),
        Found::Number(if whole { cols as f64 } else { 0.0 }, what),
    ))
}

/// Whether board `c` defines `style` (or it is `star`); else an error where the rule names it.
pub(super) fn known_style(
    game: &Game,
    g: &Geometry,
    c: &Component,
    style: &Spanned<String>,
) -> Result<(), Unmeasured> {
    if g.styles.contains(&style.value) {
        return Ok(());
    }
    // Said as a selector's `{spaces: B, style: S}` says it.
    let problem = ItemsProblem::NoStyle {
        noun: "board",
        style: style.value.clone(),
        component: c.id.value.clone(),
        known: g.styles.clone(),
    };
    Err(Unmeasured::at(&game.file, style, problem.to_string()))
}

/// The board `id` and its spaces.
pub(super) fn geometry<'g>(
    game: &'g Game,
    id: &Spanned<String>,
) -> Result<(&'g Component, Geometry), Unmeasured> {
    asked(game, id, "board", |k| k.geometry())
}

fn counted(game: &Game, c: &Component, n: usize, what: String) -> Measured {
    Ok((
        Some(at(&game.file, &c.id)),
        Found::Number(n as f64, format!("{n} {what} ({})", c.id.value)),
    ))
}

fn spaces(game: &Game, id: &Spanned<String>) -> Measured {
    let (c, g) = geometry(game, id)?;
    counted(game, c, g.spaces.len(), g.nouns())
}

fn marked(game: &Game, id: &Spanned<String>, check: &Check) -> Measured {
    let (c, g) = geometry(game, id)?;
    let style = check.style.as_ref().ok_or_else(|| {
        Unmeasured::at(
            &game.file,
            id,
            "`marked:` needs `style:`, the style whose marks it counts",
        )
    })?;
    known_style(game, &g, c, style)?;
    let n = g.marked.get(&style.value).map_or(0, Vec::len);
    counted(
        game,
        c,
        n,
        format!("{} marked `{}`", g.nouns(), style.value),
    )
}

fn lines(game: &Game, id: &Spanned<String>) -> Measured {
    let (c, g) = geometry(game, id)?;
    if g.noun != "point" {
        return Err(Unmeasured::at(
            &game.file,
            id,
            format!(
                "`{}` is a board of {}, which has no lines to count: `lines:` counts the lines joining a point board's points (`spaces:` counts its {})",
                id.value,
                g.nouns(),
                g.nouns()
            ),
        ));
    }
    counted(game, c, g.lines.len(), "lines".to_string())
}

/// `compare_number`, plus `at_least_squares_of` when the check has it.
pub(super) fn compare_with_squares(
    game: &Game,
    v: f64,
    check: &Check,
    x: &Expect,
) -> Result<(bool, String), Unmeasured> {
    let Some(id) = &check.at_least_squares_of else {
        return Ok(compare_number(v, x));
    };
    let (c, g) = geometry(game, id)?;
    // With `style:` (and a subject that is not `marked:`), the spaces of that style only.
    if let (Some(style), false) = (&check.style, check.marked.is_some()) {
        known_style(game, &g, c, style)?;
    }
    let (spaces, whose) = match (&check.style, check.marked.is_some()) {
        (Some(style), false) => (
            g.marked.get(&style.value).map_or(0, Vec::len),
            format!(
                "the {} marked `{}` on {}",
                g.nouns(),
                style.value,
                c.id.value
            ),
        ),
        _ => (
            g.spaces.len(),
            format!("the {} of {}", g.nouns(), c.id.value),
        ),
    };
    let mut held = v >= spaces as f64 - 1e-9;
    let mut expected = format!("at least {spaces} ({whose})");
    if !x.is_empty() {
        let (h, e) = compare_number(v, x);
        held &= h;
        expected = format!("{e} and {expected}");
    }
    Ok((held, expected))
}

/// What a check lacks to be compared at all: a counting check needs a number to meet, a list
/// check an `equals: [..]`, an `each` a `value:` and an expectation or a `holds:`; a check that
/// judges itself needs nothing. Keys that go with other subjects are refused too.
pub(super) fn expectation_problem(subject: Subject, check: &Check, x: &Expect) -> Option<String> {
    let styled = matches!(subject, Subject::Marked(_) | Subject::Board(_))
        || check.at_least_squares_of.is_some();
    if check.style.is_some() && !styled {
        return Some("no `style:` here: it says which marks `marked:` counts, which block of marked squares `board:` measures, or which marked spaces `at_least_squares_of:` counts (in a selector, `spaces: B, style: S`)".into());
    }
    let selecting = matches!(
        subject,
        Subject::Count(_) | Subject::Sum(_) | Subject::Each(_) | Subject::List(_)
    );
    if check.only_if.is_some() && !selecting {
        return Some(
            "no `if:` here: it narrows the items of `count`, `sum`, `each` or `list`".into(),
        );
    }
    let valued = matches!(
        subject,
        Subject::Sum(_) | Subject::Each(_) | Subject::List(_)
    );
    if check.value.is_some() && !valued {
        return Some("no `value:` here: it says what `each`, `list` or `sum` measures of each item (`count` counts them)".into());
    }
    if check.holds.is_some() && !matches!(subject, Subject::Each(_)) {
        return Some("no `holds:` here: it is the condition `each` asks of every item".into());
    }
    if let Subject::Build(_) = subject {
        return (!x.is_empty() || !check.filter.is_empty()).then(|| {
            "nothing else beside `build:`: it holds when each of its `examples:` is legal".into()
        });
    }
    if let Subject::Each(_) = subject {
        return match (&check.value, &check.holds) {
            (Some(_), Some(_)) => Some("`value:` with an expectation, or `holds:`, not both".into()),
            (None, None) => Some("`value:` (what to measure of each item) with an expectation, or `holds:` (a condition each item meets)".into()),
            (None, Some(_)) if !x.is_empty() => Some("`holds:` alone: the condition is the expectation (write `value:` to compare with `equals:`…)".into()),
            (Some(_), None) if x.is_empty() => Some("an expectation (equals, at_least, at_most or one_of)".into()),
            (Some(_), None) if matches!(x.equals, Some(Target::List(_) | Target::Keyed(..))) => {
                Some("one value after `equals:` for each item (a list is for `list:`)".into())
            }
            _ => None,
        };
    }
    if matches!(subject, Subject::Sum(_) | Subject::List(_)) && check.value.is_none() {
        return Some("`value:`, what to measure of each item".into());
    }
    let list_given = matches!(x.equals, Some(Target::List(_)));
    let number_given = matches!(x.equals, Some(Target::Number(_)))
        || x.at_least.is_some()
        || x.at_most.is_some()
        || x.one_of.is_some()
        || check.at_least_squares_of.is_some();
    let text = match &x.equals {
        Some(Target::Text(t)) if t.trim().parse::<f64>().is_err() => Some(t),
        _ => None,
    };
    match subject.measure_kind() {
        Measure::Count if list_given || matches!(x.equals, Some(Target::Keyed(..))) => Some(
            "a number after `equals:` (this check counts; a list is for `labels`, `players` and `list`)"
                .into(),
        ),
        Measure::Count if text.is_some() => Some(format!(
            "a number after `equals:` (this check counts; found the text `{}`)",
            text.map(String::as_str).unwrap_or_default()
        )),
        Measure::Count if !number_given && !matches!(x.equals, Some(Target::Text(_))) => {
            Some(super::NO_EXPECTATION.into())
        }
        Measure::List if matches!(subject, Subject::List(_)) && !list_given && !matches!(x.equals, Some(Target::Keyed(..))) => {
            Some("a list after `equals:`, e.g. `equals: [5, 4, 3, 2, 1]`, or one computed: `equals: {list: …, value: …}`".into())
        }
        // A bound on every player count: `at_least: 2`.
        Measure::List if matches!(subject, Subject::Players) && !list_given && text.is_none() && number_given => None,
        Measure::List if matches!(subject, Subject::Players) && !list_given => Some(
            "the player counts as a list after `equals:` (`equals: [2, 3, 4]`), or a bound every count meets (`at_least: 2`, `at_most: 4`)".into(),
        ),
        Measure::List if !matches!(subject, Subject::List(_)) && !list_given => {
            Some("the labels in order as a list after `equals:`, e.g. `equals: [5, 4, 3, 2, 1]`".into())
        }
        _ => None,
    }
}
