//! The rules-validation module: proves that a game's components match what its rulebook
//! requires. Each rule in the YAML quotes the rulebook and states a check in a small vocabulary
//! (`spec::rules`): a subject, what it is compared with, and for the general subjects a
//! selector and an expression (`select`, `expr`, `measure`); a player's build is `build`.
//! Every rule is evaluated and every failure reported, not only the first. Nothing here is
//! written for one game: a game's own logic is written in its YAML.
pub mod build;
pub mod expr;
mod measure;
mod select;
mod subject;

pub use crate::spec::rules::{
    Bound, Build, Check, Computed, Expected, Requirement, Rule, Scalar, Select, Want,
};
pub use subject::Subject;

use crate::base::diagnostic::Diagnostic;
use crate::kinds::{Component, Game};
use crate::spec::items::{ItemsError, Value, number};
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
    pub at: Diagnostic,
    /// Where the rule is written.
    pub rule_at: Diagnostic,
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

/// A check that judged itself: whether it held, what it expected and what it found.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub held: bool,
    pub expected: String,
    pub found: String,
}

impl Verdict {
    pub fn new(held: bool, expected: impl Into<String>, found: impl Into<String>) -> Verdict {
        Verdict {
            held,
            expected: expected.into(),
            found: found.into(),
        }
    }
}

/// Why a check cannot be evaluated as written, and where to mend it (`None`: at the check).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{why}")]
pub struct Unmeasured {
    pub at: Option<Diagnostic>,
    pub why: String,
}

impl Unmeasured {
    pub fn new(at: Option<Diagnostic>, why: impl Into<String>) -> Unmeasured {
        Unmeasured {
            at,
            why: why.into(),
        }
    }

    /// The same problem, placed at `at` unless it already has a place.
    fn or_at(self, at: &Diagnostic) -> Unmeasured {
        Unmeasured {
            at: self.at.or_else(|| Some(at.clone())),
            ..self
        }
    }
}

/// A part of a component its kind cannot read as the rule asks (no such title, too many rows).
impl From<ItemsError> for Unmeasured {
    fn from(e: ItemsError) -> Unmeasured {
        Unmeasured::new(Some(e.at), e.problem.to_string())
    }
}

/// What a check found, before it is compared with the expectation.
enum Found {
    Number(f64, String),
    List(Vec<Value>),
    /// A check that judged itself (`uses`, `blank`, `each`, a build…): held, expected, found.
    Verdict(Verdict),
}

/// What a check without `equals`, `at_least` or `at_most` lacks.
const NO_EXPECTATION: &str = "an expectation (equals, at_least or at_most)";

/// A check's expectation with what it computes from the game worked out: a count of a
/// selector's items, a list of their values, the most of a build.
#[derive(Debug, Default)]
pub(crate) struct Expect {
    equals: Option<Target>,
    at_least: Option<Limit>,
    at_most: Option<Limit>,
    one_of: Option<Vec<Scalar>>,
}

#[derive(Debug)]
enum Target {
    Number(Limit),
    Text(String),
    List(Vec<Scalar>),
    /// A value for each key (`Child 1, Adult 3, Old 1`) and what they are.
    Keyed(Vec<(String, Value)>, String),
}

/// A number to meet, and where it comes from when it is computed ("the spaces of board-9").
#[derive(Debug, Clone)]
struct Limit {
    n: f64,
    why: String,
}

impl Limit {
    fn show(&self, lead: &str) -> String {
        match self.why.is_empty() {
            true => format!("{lead} {}", number(self.n)),
            false => format!("{lead} {} ({})", number(self.n), self.why),
        }
    }
}

impl Expect {
    /// The expectation of `check`, its computed values worked out.
    fn of(game: &Game, check: &Check) -> Result<Expect, Unmeasured> {
        let limit = |b: &Spanned<Bound>| -> Result<Limit, Unmeasured> {
            match &b.value {
                Bound::Number(n) => Ok(Limit {
                    n: *n,
                    why: String::new(),
                }),
                Bound::Computed(c) => match measure::computed(game, c, b)? {
                    Target::Number(l) => Ok(l),
                    _ => Err(Unmeasured::new(
                        Some(Diagnostic::at(&game.file, b, String::new())),
                        "`at_least:` and `at_most:` take a number: `{count: …}` or `{build: …, most: …}`, not `{list: …}`",
                    )),
                },
            }
        };
        let equals = match &check.equals {
            None => None,
            Some(e) => Some(match &e.value {
                Expected::Number(n) => Target::Number(Limit {
                    n: *n,
                    why: String::new(),
                }),
                Expected::Text(t) => Target::Text(t.clone()),
                Expected::List(l) => Target::List(l.clone()),
                Expected::Computed(c) => measure::computed(game, c, e)?,
            }),
        };
        Ok(Expect {
            equals,
            at_least: check.at_least.as_ref().map(limit).transpose()?,
            at_most: check.at_most.as_ref().map(limit).transpose()?,
            one_of: check.one_of.as_ref().map(|l| l.value.clone()),
        })
    }

    fn is_empty(&self) -> bool {
        self.equals.is_none()
            && self.at_least.is_none()
            && self.at_most.is_none()
            && self.one_of.is_none()
    }
}

fn evaluate(game: &Game, rule: &Rule) -> Outcome {
    let file = &game.file;
    let rule_at = Diagnostic::at(file, &rule.id, String::new());
    let check = &rule.check.value;
    let mut outcome = Outcome {
        rule: rule.id.value.clone(),
        quote: rule.quote.clone(),
        section: rule.section.clone(),
        held: false,
        malformed: false,
        expected: String::new(),
        found: String::new(),
        at: Diagnostic::at(file, &rule.check, String::new()),
        rule_at,
    };
    let check_at = outcome.at.clone();
    let subject = Subject::of(check).map_err(|e| Unmeasured::new(None, e.to_string()));
    let measured = subject.and_then(|s| {
        let expect = Expect::of(game, check)?;
        let found = s.measure(game, check, &expect);
        Ok((s, found, expect))
    });
    let compared = measured.and_then(|(s, found, expect)| {
        // Nothing of the right kind to compare with: the check is what to mend, not the
        // component; what it lacks is said as what was expected.
        if let Some(lacks) = subject::expectation_problem(s, check, &expect) {
            let found = match found {
                Ok((_, Found::Number(_, shown))) => shown,
                Ok((_, Found::Verdict(v))) => v.found,
                Ok((_, Found::List(items))) => list_text(&items),
                Err(problem) => problem.why,
            };
            return Ok((Some(check_at.clone()), true, false, lacks, found));
        }
        let (at, found) = found?;
        let (held, expected, found) = match found {
            Found::Verdict(v) => (v.held, v.expected, v.found),
            Found::Number(v, shown) => {
                let (h, e) = subject::compare_with_squares(game, v, check, &expect)?;
                (h, e, shown)
            }
            Found::List(items) => {
                let (h, e) = compare_list(&items, &expect);
                (h, e, list_text(&items))
            }
        };
        Ok((at, false, held, expected, found))
    });
    match compared {
        Err(problem) => {
            outcome.at = problem.at.unwrap_or(outcome.at);
            outcome.malformed = true;
            outcome.expected = "a check the validator understands".into();
            outcome.found = problem.why;
        }
        Ok((at, malformed, held, expected, found)) => {
            if let Some(at) = at {
                outcome.at = at;
            }
            outcome.malformed = malformed;
            outcome.held = held;
            outcome.expected = expected;
            outcome.found = found;
        }
    }
    outcome.at.message.clear();
    // A component from an included game is fixed in its own file; a check, in this one.
    let at_check = outcome.at == check_at;
    if let Some(origin) = included_from(game, check).filter(|_| !at_check && !outcome.malformed) {
        outcome.at.file = origin.to_string();
    }
    outcome
}

/// The file an included component came from, when the check is about one.
fn included_from<'g>(game: &'g Game, check: &Check) -> Option<&'g str> {
    let id = Subject::of(check).ok()?.component()?;
    let c = game
        .spec
        .components
        .iter()
        .find(|c| c.id.value == id.value)?;
    c.origin.as_deref()
}

type Measured = Result<(Option<Diagnostic>, Found), Unmeasured>;

fn component<'g>(game: &'g Game, id: &Spanned<String>) -> Result<&'g Component, Unmeasured> {
    game.spec
        .components
        .iter()
        .find(|c| c.id.value == id.value)
        .ok_or_else(|| {
            let ids = game.spec.components.iter().map(|c| c.id.value.as_str());
            let hint = crate::base::diagnostic::closest(&id.value, ids)
                .map(|c| format!("; did you mean `{c}`?"))
                .unwrap_or_default();
            Unmeasured::new(
                Some(Diagnostic::at(&game.file, id, String::new())),
                format!("no component `{}`{hint}", id.value),
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
        .filter(|v| picks(check, &v.tags))
        .map(|v| {
            (
                v.id.value.clone(),
                v.copies.as_ref().map_or(default, |s| s.value as u64),
            )
        })
        .collect()
}

/// Whether a variant's tags match every `where:` pair.
fn picks(check: &Check, tags: &crate::spec::Tags) -> bool {
    check
        .filter
        .iter()
        .all(|(k, want)| tags.get(k).is_some_and(|v| want.matches(v)))
}

/// Why `where:` cannot pick anything from `c`: a tag that none of its variants has, or a value
/// none has that is close to one they have, or that a count of none would fail (a typo would
/// otherwise count nothing, and `at_most` would hold). `{court: "yes"}, equals: 0` is how a rule
/// says there are none.
fn filter_problem(c: &Component, check: &Check, expect: &Expect) -> Option<String> {
    // A check that none satisfies ("at most two jokers", in a deck without them).
    let none_is_fine = compare_number(0.0, expect).0;
    let id = &c.id.value;
    if !check.filter.is_empty() && c.variants.is_empty() {
        return Some(format!("`{id}` has no variants for `where:` to pick from"));
    }
    let hint = |found: &str, known: &std::collections::BTreeSet<String>| {
        let list = known.iter().cloned().collect::<Vec<_>>().join(", ");
        match crate::base::diagnostic::closest(found, known.iter().map(String::as_str)) {
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
        for wanted in want.values() {
            let text = wanted.to_string();
            // A value like one that exists is a typo even where none would do.
            let near = crate::base::diagnostic::closest(&text, values.iter().map(String::as_str))
                .is_some();
            let has = values.iter().any(|v| wanted.is(v));
            if !has && (near || !none_is_fine) {
                return Some(format!(
                    "no variant of `{id}` has `{key}: {text}` (its values: {})",
                    hint(&text, &values)
                ));
            }
        }
    }
    None
}

/// Where a count over `c` should point: the first variant the filter picks, else the component.
fn subject_at(file: &str, c: &Component, check: &Check) -> Diagnostic {
    let picked = c
        .variants
        .iter()
        .find(|v| !check.filter.is_empty() && picks(check, &v.tags));
    match picked {
        Some(v) => Diagnostic::at(file, &v.id, String::new()),
        None => Diagnostic::at(file, &c.id, String::new()),
    }
}

/// Where character `offset` of an expression written at `text` is: its column moved past an
/// opening quote, when the expression is on one line (a block scalar is pointed at its start).
pub(crate) fn expr_at(file: &str, text: &Spanned<String>, offset: usize) -> Diagnostic {
    let mut at = Diagnostic::at(file, text, String::new());
    let line = crate::base::diagnostic::source_of(file)
        .and_then(|s| s.lines().nth(at.line - 1).map(str::to_string));
    let opening = line.and_then(|l| l.chars().nth(at.column - 1));
    match opening {
        Some('"' | '\'') => at.column += 1 + offset,
        Some('|' | '>') | None => {}
        Some(_) => at.column += offset,
    }
    at
}

/// Whether `v` meets the expectation, and the expectation in words.
pub(crate) fn compare_number(v: f64, x: &Expect) -> (bool, String) {
    let mut held = true;
    let mut parts = Vec::new();
    match &x.equals {
        Some(Target::Number(n)) => {
            held &= (v - n.n).abs() < 1e-9;
            parts.push(n.show("exactly"));
        }
        Some(Target::Text(t)) => match t.trim().parse::<f64>() {
            Ok(n) => {
                held &= (v - n).abs() < 1e-9;
                parts.push(format!("exactly {}", number(n)));
            }
            Err(_) => {
                held = false;
                parts.push(format!("a number (equals: takes a number here, not `{t}`)"));
            }
        },
        Some(Target::List(_) | Target::Keyed(..)) => {
            held = false;
            parts.push("a number (equals: takes a number here)".into());
        }
        None => {}
    }
    if let Some(n) = &x.at_least {
        held &= v >= n.n - 1e-9;
        parts.push(n.show("at least"));
    }
    if let Some(n) = &x.at_most {
        held &= v <= n.n + 1e-9;
        parts.push(n.show("at most"));
    }
    if let Some(list) = &x.one_of {
        held &= list.iter().any(|s| Value::Num(v).same(&Value::from(s)));
        let all: Vec<String> = list.iter().map(Scalar::to_string).collect();
        parts.push(format!("one of {}", all.join(", ")));
    }
    if parts.is_empty() {
        return (false, NO_EXPECTATION.into());
    }
    (held, parts.join(" and "))
}

/// "[5, 4, 3]"; a long list's first values and how many there are.
fn list_text(items: &[Value]) -> String {
    const SHOWN: usize = 24;
    let shown: Vec<String> = items.iter().take(SHOWN).map(Value::to_string).collect();
    match items.len() > SHOWN {
        true => format!("[{}, … ({} in all)]", shown.join(", "), items.len()),
        false => format!("[{}]", shown.join(", ")),
    }
}

fn compare_list(items: &[Value], x: &Expect) -> (bool, String) {
    match &x.equals {
        Some(Target::List(want)) => {
            let same = items.len() == want.len()
                && items.iter().zip(want).all(|(v, w)| v.same(&Value::from(w)));
            let want: Vec<String> = want.iter().map(Scalar::to_string).collect();
            (same, format!("[{}]", want.join(", ")))
        }
        _ => (false, "a list (equals: [..])".into()),
    }
}
