//! The rules-validation module: proves that a game's components match what its rulebook
//! requires. Each rule in the YAML quotes the rulebook and states a check in a small vocabulary
//! (see `model`); checks that need logic are named and implemented in `named`. Every rule is
//! evaluated and every failure reported, not only the first.
pub mod family;
pub mod named;
pub mod sheet_checks;
mod subject;

pub use crate::spec::rules::{Check, Expected, Rule, Scalar};
pub use subject::Subject;

use crate::base::diagnostic::Diagnostic;
use crate::kinds::{Component, Game};
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

/// Why a check cannot be evaluated as written: the rule needs mending (said in the report).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct Unmeasurable(pub String);

impl From<String> for Unmeasurable {
    fn from(why: String) -> Self {
        Unmeasurable(why)
    }
}

impl From<&str> for Unmeasurable {
    fn from(why: &str) -> Self {
        Unmeasurable(why.to_string())
    }
}

/// What a check found, before it is compared with the expectation.
enum Found {
    Number(f64, String),
    List(Vec<String>),
    /// A check that judged itself (named checks, `uses`, `blank`): held, expected, found.
    Verdict(Verdict),
}

/// What a check without `equals`, `at_least` or `at_most` lacks.
const NO_EXPECTATION: &str = "an expectation (equals, at_least or at_most)";

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
    let subject = Subject::of(check);
    let measured = match &subject {
        Ok(s) => s.measure(game, check),
        Err(e) => Err((None, e.clone())),
    };
    match measured {
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
                Found::Verdict(v) => (v.held, v.expected, v.found),
                Found::Number(v, shown) => match subject::compare_with_squares(game, v, check) {
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
            let lacks = subject
                .ok()
                .and_then(|s| subject::expectation_problem(s, check));
            if let Some(lacks) = lacks {
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
    let id = Subject::of(check).ok()?.component()?;
    let c = game
        .spec
        .components
        .iter()
        .find(|c| c.id.value == id.value)?;
    c.origin.as_deref()
}

/// Why a check cannot be evaluated, and where to mend it.
type Unmeasured = (Option<Diagnostic>, String);

type Measured = Result<(Option<Diagnostic>, Found), Unmeasured>;

fn component<'g>(game: &'g Game, id: &Spanned<String>) -> Result<&'g Component, Unmeasured> {
    game.spec
        .components
        .iter()
        .find(|c| c.id.value == id.value)
        .ok_or_else(|| {
            (
                Some(Diagnostic::at(&game.file, id, String::new())),
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
        // A value like one that exists is a typo even where none would do.
        let near =
            crate::base::diagnostic::closest(want, values.iter().map(String::as_str)).is_some();
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
fn subject_at(file: &str, c: &Component, check: &Check) -> Diagnostic {
    let picked = c.variants.iter().find(|v| {
        !check.filter.is_empty()
            && check
                .filter
                .iter()
                .all(|(k, want)| v.tags.get(k) == Some(want))
    });
    match picked {
        Some(v) => Diagnostic::at(file, &v.id, String::new()),
        None => Diagnostic::at(file, &c.id, String::new()),
    }
}

fn fmt_num(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

pub(crate) fn compare_number(v: f64, check: &Check) -> (bool, String) {
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
