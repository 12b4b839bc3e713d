//! The rules-validation module: proves that a game's components match what its rulebook
//! requires. Each rule in the YAML quotes the rulebook and states a check in a small vocabulary
//! (see `model`); checks that need logic are named and implemented in `named`. Every rule is
//! evaluated and every failure reported, not only the first.
mod board;
mod model;
pub mod named;

pub use model::{Check, Expected, Rule, Scalar};

use crate::error::Located;
use crate::spec::{Component, Game, LabelPosition};
use serde_saphyr::Spanned;
use std::fmt;

/// The verdict on one rule.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub rule: String,
    pub quote: String,
    pub section: Option<String>,
    pub held: bool,
    pub expected: String,
    pub found: String,
    /// The check cannot be evaluated as written (no subject, no expectation, an unknown
    /// component or tag): the rule needs mending, not the game.
    pub malformed: bool,
    /// Where to fix it: the component the rule is about (or, for a malformed rule, its check).
    pub at: Located,
    /// Where the rule is written.
    pub rule_at: Located,
}

#[derive(Debug, Clone)]
pub struct Report {
    pub game: String,
    pub outcomes: Vec<Outcome>,
}

impl Report {
    pub fn failures(&self) -> Vec<Outcome> {
        self.outcomes.iter().filter(|o| !o.held).cloned().collect()
    }
    pub fn held(&self) -> usize {
        self.outcomes.iter().filter(|o| o.held).count()
    }
}

/// The failing rules of a game, as an error.
#[derive(Debug, Clone, PartialEq)]
pub struct Failures(pub Vec<Outcome>);

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = match self.malformed {
            true => "cannot be checked as written",
            false => "fails",
        };
        writeln!(f, "{}: rule `{}` {verdict}", self.at.place(), self.rule)?;
        let section = self
            .section
            .as_deref()
            .map(|s| format!(" ({s})"))
            .unwrap_or_default();
        writeln!(f, "  the rules say{section}: “{}”", self.quote)?;
        writeln!(f, "  expected: {}", self.expected)?;
        writeln!(f, "  found:    {}", self.found)?;
        write!(f, "  rule written at {}", self.rule_at.place())
    }
}

impl fmt::Display for Failures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let malformed = self.0.iter().filter(|o| o.malformed).count();
        let failing = self.0.len() - malformed;
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let fail = format!(
            "{failing} rule{} of the game {} not hold",
            plural(failing),
            if failing == 1 { "does" } else { "do" }
        );
        let unchecked = |lead: &str| format!("{malformed}{lead} cannot be checked as written");
        match (failing, malformed) {
            (_, 0) => writeln!(f, "{fail}:")?,
            (0, m) => writeln!(f, "{}:", unchecked(&format!(" rule{}", plural(m))))?,
            _ => writeln!(f, "{fail}, and {}:", unchecked(""))?,
        }
        for (i, o) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{o}")?;
        }
        Ok(())
    }
}

/// Evaluates every rule of the game.
pub fn validate(game: &Game) -> Report {
    let outcomes = game.spec.rules.iter().map(|r| evaluate(game, r)).collect();
    Report {
        game: game.name().to_string(),
        outcomes,
    }
}

/// What a check found, before it is compared with the expectation.
enum Found {
    Number(f64, String),
    List(Vec<String>),
    /// A check that judged itself (named checks, `uses`, `blank`): held, expected, found.
    Verdict(bool, String, String),
}

/// What a check without `equals`, `at_least` or `at_most` lacks.
const NO_EXPECTATION: &str = "an expectation (equals, at_least or at_most)";

/// What a check lacks to be compared at all: a counting check needs a number to meet, a list
/// check (`labels`, `players`) an `equals: [..]`. `None` when it has what its subject needs
/// (checks that judge themselves need nothing).
fn expectation_problem(check: &Check) -> Option<String> {
    let counts = [
        &check.total,
        &check.variants,
        &check.each_variant,
        &check.per_player,
        &check.board,
    ]
    .iter()
    .any(|s| s.is_some());
    let lists = check.labels.is_some() || check.players.is_some();
    let list_given = matches!(check.equals, Some(Expected::List(_)));
    let number_given = matches!(check.equals, Some(Expected::Number(_)))
        || check.at_least.is_some()
        || check.at_most.is_some()
        || check.at_least_squares_of.is_some();
    if counts && list_given {
        Some(
            "a number after `equals:` (this check counts; a list is for `labels` and `players`)"
                .into(),
        )
    } else if counts && !number_given {
        Some(NO_EXPECTATION.into())
    } else if lists && !list_given {
        Some("a list after `equals:`, e.g. `equals: [5, 4, 3, 2, 1]`".into())
    } else {
        None
    }
}

fn evaluate(game: &Game, rule: &Rule) -> Outcome {
    let file = &game.file;
    let rule_at = Located::at(file, &rule.id, String::new());
    let check = &rule.check.value;
    let mut outcome = Outcome {
        rule: rule.id.value.clone(),
        quote: rule.quote.clone(),
        section: rule.section.clone(),
        held: false,
        malformed: false,
        expected: String::new(),
        found: String::new(),
        at: Located::at(file, &rule.check, String::new()),
        rule_at,
    };
    let check_at = outcome.at.clone();
    match measure(game, check) {
        Err((at, problem)) => {
            outcome.at = at.unwrap_or(outcome.at);
            outcome.malformed = true;
            outcome.expected = "a check the validator understands".into();
            outcome.found = problem;
        }
        Ok((at, found)) => {
            if let Some(at) = at {
                outcome.at = at;
            }
            let (held, expected, found) = match found {
                Found::Verdict(h, e, f) => (h, e, f),
                Found::Number(v, shown) => match board::compare_with_squares(game, v, check) {
                    Ok((h, e)) => (h, e, shown),
                    Err((at, problem)) => {
                        outcome.at = at.unwrap_or(outcome.at);
                        outcome.malformed = true;
                        (false, "a check the validator understands".into(), problem)
                    }
                },
                Found::List(items) => {
                    let (h, e) = compare_list(&items, check);
                    (h, e, format!("[{}]", items.join(", ")))
                }
            };
            outcome.held = held;
            outcome.expected = expected;
            outcome.found = found;
            // Nothing of the right kind to compare with: the check is what to mend, not the
            // component.
            if let Some(lacks) = expectation_problem(check) {
                outcome.held = false;
                outcome.malformed = true;
                outcome.at = check_at.clone();
                outcome.expected = lacks;
            }
        }
    }
    outcome.at.message.clear();
    // A component from an included game is fixed in its own file; a check, in this one.
    let at_check = outcome.at == check_at;
    if let Some(origin) = included_from(game, check).filter(|_| !at_check) {
        outcome.at.file = origin.to_string();
    }
    outcome
}

/// The file an included component came from, when the check is about one.
fn included_from<'g>(game: &'g Game, check: &Check) -> Option<&'g str> {
    let id = [
        &check.total,
        &check.variants,
        &check.each_variant,
        &check.labels,
        &check.per_player,
        &check.uses,
        &check.blank,
    ]
    .into_iter()
    .flatten()
    .next()?;
    let c = game
        .spec
        .components
        .iter()
        .find(|c| c.id.value == id.value)?;
    c.origin.as_deref()
}

type Measured = Result<(Option<Located>, Found), (Option<Located>, String)>;

fn component<'g>(
    game: &'g Game,
    id: &Spanned<String>,
) -> Result<&'g Component, (Option<Located>, String)> {
    game.spec
        .components
        .iter()
        .find(|c| c.id.value == id.value)
        .ok_or_else(|| {
            (
                Some(Located::at(&game.file, id, String::new())),
                format!("no component `{}`", id.value),
            )
        })
}

/// (variant id, copies) of the component's variants whose tags match the filter.
fn matching(c: &Component, check: &Check) -> Vec<(String, u64)> {
    let default = c.copies.as_ref().map_or(1, |s| s.value as u64);
    if c.variants.is_empty() {
        return if check.filter.is_empty() {
            vec![(c.id.value.clone(), default)]
        } else {
            Vec::new()
        };
    }
    c.variants
        .iter()
        .filter(|v| {
            check
                .filter
                .iter()
                .all(|(k, want)| v.tags.get(k) == Some(want))
        })
        .map(|v| {
            (
                v.id.value.clone(),
                v.copies.as_ref().map_or(default, |s| s.value as u64),
            )
        })
        .collect()
}

/// Why `where:` cannot pick anything from `c`: a tag that none of its variants has, or a value
/// none has that is close to one they have, or that a count of none would fail (a typo would
/// otherwise count nothing, and `at_most` would hold). `{court: "yes"}, equals: 0` is how a rule
/// says there are none.
fn filter_problem(c: &Component, check: &Check) -> Option<String> {
    // A check that none satisfies ("at most two jokers", in a deck without them).
    let none_is_fine = compare_number(0.0, check).0;
    let id = &c.id.value;
    if !check.filter.is_empty() && c.variants.is_empty() {
        return Some(format!("`{id}` has no variants for `where:` to pick from"));
    }
    let hint = |found: &str, known: &std::collections::BTreeSet<String>| {
        let list = known.iter().cloned().collect::<Vec<_>>().join(", ");
        match crate::diagnostic::closest(found, known.iter().map(String::as_str)) {
            Some(c) => format!("{list}; did you mean `{c}`?"),
            None => list,
        }
    };
    for (key, want) in &check.filter {
        let values: std::collections::BTreeSet<String> = c
            .variants
            .iter()
            .filter_map(|v| v.tags.get(key).cloned())
            .collect();
        if values.is_empty() {
            let keys = c
                .variants
                .iter()
                .flat_map(|v| v.tags.keys().map(str::to_string).collect::<Vec<_>>());
            return Some(format!(
                "no variant of `{id}` has a tag `{key}` (its tags: {})",
                hint(key, &keys.collect())
            ));
        }
        // A value like one that exists is a typo even where none would do.
        let near = crate::diagnostic::closest(want, values.iter().map(String::as_str)).is_some();
        if !values.contains(want.as_str()) && (near || !none_is_fine) {
            return Some(format!(
                "no variant of `{id}` has `{key}: {want}` (its values: {})",
                hint(want, &values)
            ));
        }
    }
    None
}

/// Where a count over `c` should point: the first variant the filter picks, else the component.
fn subject_at(file: &str, c: &Component, check: &Check) -> Located {
    let picked = c.variants.iter().find(|v| {
        !check.filter.is_empty()
            && check
                .filter
                .iter()
                .all(|(k, want)| v.tags.get(k) == Some(want))
    });
    match picked {
        Some(v) => Located::at(file, &v.id, String::new()),
        None => Located::at(file, &c.id, String::new()),
    }
}

fn measure(game: &Game, check: &Check) -> Measured {
    let file = &game.file;
    let subjects = [
        ("total", check.total.is_some()),
        ("variants", check.variants.is_some()),
        ("each_variant", check.each_variant.is_some()),
        ("labels", check.labels.is_some()),
        ("players", check.players.is_some()),
        ("per_player", check.per_player.is_some()),
        ("uses", check.uses.is_some()),
        ("blank", check.blank.is_some()),
        ("named", check.named.is_some()),
        ("board", check.board.is_some()),
    ];
    let given: Vec<&str> = subjects.iter().filter(|s| s.1).map(|s| s.0).collect();
    if given.len() != 1 {
        let all: Vec<&str> = subjects.iter().map(|s| s.0).collect();
        let found = match given.len() {
            0 => "no subject".to_string(),
            _ => format!("{} subjects ({})", given.len(), given.join(", ")),
        };
        return Err((
            None,
            format!("{found}: a check has exactly one of {}", all.join(", ")),
        ));
    }
    let at = |s: &Spanned<String>| Some(Located::at(file, s, String::new()));
    let filter_note = if check.filter.is_empty() {
        String::new()
    } else {
        format!(
            " where {}",
            check
                .filter
                .iter()
                .map(|(k, v)| format!("{k} = {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    if let Some(id) = &check.total {
        let c = component(game, id)?;
        if let Some(problem) = filter_problem(c, check) {
            return Err((None, problem));
        }
        let total: u64 = matching(c, check).iter().map(|(_, n)| n).sum();
        return Ok((
            Some(subject_at(file, c, check)),
            Found::Number(total as f64, format!("{total} {}{filter_note}", c.id.value)),
        ));
    }
    if let Some(id) = &check.variants {
        let c = component(game, id)?;
        if let Some(problem) = filter_problem(c, check) {
            return Err((None, problem));
        }
        // A variant with no copies is not a type that is actually printed.
        let m: Vec<_> = matching(c, check)
            .into_iter()
            .filter(|(_, n)| *n > 0)
            .collect();
        let names: Vec<String> = m.iter().map(|(v, _)| v.clone()).collect();
        return Ok((
            Some(Located::at(file, &c.id, String::new())),
            Found::Number(
                m.len() as f64,
                format!("{} variants{filter_note} ({})", m.len(), names.join(", ")),
            ),
        ));
    }
    if let Some(id) = &check.each_variant {
        let c = component(game, id)?;
        if let Some(problem) = filter_problem(c, check) {
            return Err((None, problem));
        }
        let m = matching(c, check);
        let bad: Vec<String> = m
            .iter()
            .filter(|(_, n)| !compare_number(*n as f64, check).0)
            .map(|(v, n)| format!("{v}: {n}"))
            .collect();
        let (_, expected) = compare_number(0.0, check);
        let found = if bad.is_empty() {
            format!(
                "every variant{filter_note}: {}",
                m.iter()
                    .map(|(v, n)| format!("{v} {n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        } else {
            bad.join(", ").to_string()
        };
        let loc = bad
            .first()
            .and_then(|b| {
                c.variants
                    .iter()
                    .find(|v| b.starts_with(&format!("{}:", v.id.value)))
            })
            .map(|v| Located::at(file, &v.id, String::new()))
            .unwrap_or_else(|| Located::at(file, &c.id, String::new()));
        return Ok((
            Some(loc),
            Found::Verdict(
                bad.is_empty() && !m.is_empty(),
                format!("copies of each variant{filter_note}: {expected}"),
                found,
            ),
        ));
    }
    if let Some(id) = &check.labels {
        let c = component(game, id)?;
        if c.sheet.is_some() {
            // A track on a record sheet (the one titled `args: {section}` if there are several).
            let labels =
                crate::sheets::checks::sheet_track_labels(c, check).map_err(|e| (at(id), e))?;
            return Ok((
                Some(Located::at(file, &c.id, String::new())),
                Found::List(labels),
            ));
        }
        let track = c
            .track
            .as_ref()
            .ok_or_else(|| (at(id), format!("`{}` is not a track", id.value)))?;
        let labels = track
            .spaces
            .iter()
            .map(|s| s.value.label.clone().unwrap_or_default())
            .collect();
        return Ok((
            Some(Located::at(file, &c.id, String::new())),
            Found::List(labels),
        ));
    }
    if check.players.is_some() {
        let players = &game.spec.game.players;
        let list = players.value.iter().map(u32::to_string).collect();
        return Ok((
            Some(Located::at(file, players, String::new())),
            Found::List(list),
        ));
    }
    if let Some(id) = &check.per_player {
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
            return Err((
                at(id),
                "the game lists no player counts (`game.players`)".into(),
            ));
        }
        let per = total as f64 / most as f64;
        return Ok((
            Some(Located::at(file, &c.id, String::new())),
            Found::Number(
                per,
                format!(
                    "{total} {}{filter_note} for {most} players = {per:.2} per player",
                    c.id.value
                ),
            ),
        ));
    }
    if let Some(id) = &check.uses {
        let c = component(game, id)?;
        let available = matching(c, check).iter().filter(|(_, n)| *n > 0).count() as u64;
        let by = check.by_players.as_ref().ok_or_else(|| {
            (
                at(id),
                "`uses` needs `by_players: {count: variants}`".into(),
            )
        })?;
        let mut problems = Vec::new();
        for p in &game.spec.game.players.value {
            match by.get(p) {
                None => problems.push(format!("no entry for {p} players")),
                Some(n) if *n > available => {
                    problems.push(format!("{p} players use {n} but only {available} exist"))
                }
                Some(_) => {}
            }
        }
        for p in by
            .keys()
            .filter(|p| !game.spec.game.players.value.contains(p))
        {
            problems.push(format!("{p} players is not an allowed player count"));
        }
        let expected = by
            .iter()
            .map(|(p, n)| format!("{p} players: {n}"))
            .collect::<Vec<_>>()
            .join(", ");
        let found = if problems.is_empty() {
            format!("{available} variants of {} available", c.id.value)
        } else {
            problems.join("; ")
        };
        return Ok((
            Some(Located::at(file, &c.id, String::new())),
            Found::Verdict(
                problems.is_empty(),
                format!("variants in use by player count ({expected})"),
                found,
            ),
        ));
    }
    if let Some(id) = &check.blank {
        let c = component(game, id)?;
        if c.sheet.is_some() {
            let (held, expected, found) =
                crate::sheets::checks::sheet_track_blank(c, check).map_err(|e| (at(id), e))?;
            return Ok((
                Some(Located::at(file, &c.id, String::new())),
                Found::Verdict(held, expected, found),
            ));
        }
        let track = c
            .track
            .as_ref()
            .ok_or_else(|| (at(id), format!("`{}` is not a track", id.value)))?;
        let mut inside = Vec::new();
        for (i, s) in track.spaces.iter().enumerate() {
            if s.value.label.is_some() && track.labels == LabelPosition::Inside {
                inside.push(format!(
                    "space {} shows `{}` inside",
                    i + 1,
                    s.value.label.as_deref().unwrap_or("")
                ));
            }
            if let Some(h) = &s.value.hint {
                inside.push(format!("space {} shows `{h}` inside", i + 1));
            }
        }
        let found = if inside.is_empty() {
            "every space is blank inside".to_string()
        } else {
            inside.join("; ")
        };
        return Ok((
            Some(Located::at(file, &c.id, String::new())),
            Found::Verdict(
                inside.is_empty(),
                "nothing printed inside the spaces (labels outside)".into(),
                found,
            ),
        ));
    }
    if let Some(id) = &check.board {
        return board::side(game, id);
    }
    if let Some(name) = &check.named {
        return named::run(game, name, check)
            .map(|(held, expected, found)| (None, Found::Verdict(held, expected, found)))
            .map_err(|e| (at(name), e));
    }
    unreachable!("one subject is set")
}

fn fmt_num(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

fn compare_number(v: f64, check: &Check) -> (bool, String) {
    let mut held = true;
    let mut parts = Vec::new();
    match &check.equals {
        Some(Expected::Number(n)) => {
            held &= (v - n).abs() < 1e-9;
            parts.push(format!("exactly {}", fmt_num(*n)));
        }
        Some(Expected::List(_)) => {
            held = false;
            parts.push("a number (equals: takes a number here)".into());
        }
        None => {}
    }
    if let Some(n) = check.at_least {
        held &= v >= n - 1e-9;
        parts.push(format!("at least {}", fmt_num(n)));
    }
    if let Some(n) = check.at_most {
        held &= v <= n + 1e-9;
        parts.push(format!("at most {}", fmt_num(n)));
    }
    if parts.is_empty() {
        return (false, NO_EXPECTATION.into());
    }
    (held, parts.join(" and "))
}

fn compare_list(items: &[String], check: &Check) -> (bool, String) {
    match &check.equals {
        Some(Expected::List(want)) => {
            let want: Vec<String> = want.iter().map(Scalar::to_string).collect();
            (items == want.as_slice(), format!("[{}]", want.join(", ")))
        }
        _ => (false, "a list (equals: [..])".into()),
    }
}
