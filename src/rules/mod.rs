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

use crate::base::diagnostic::{Diagnostic, closest, did_you_mean, source_of};
use crate::kinds::{Component, Game};
use crate::spec::items::{ItemsError, Value, number};
use expr::Expr;
use serde_saphyr::Spanned;
use std::collections::BTreeSet;
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

/// Where `s` is written in `file`, for a message said beside it.
fn at<T>(file: &str, s: &Spanned<T>) -> Diagnostic {
    Diagnostic::at(file, s, String::new())
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

    /// A problem with what is written at `s` in `file`.
    fn at<T>(file: &str, s: &Spanned<T>, why: impl Into<String>) -> Unmeasured {
        Unmeasured::new(Some(at(file, s)), why)
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
    /// A number the rule writes itself.
    fn given(n: f64) -> Limit {
        Limit {
            n,
            why: String::new(),
        }
    }

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
                Bound::Number(n) => Ok(Limit::given(*n)),
                Bound::Computed(c) => match measure::computed(game, c, b)? {
                    Target::Number(l) => Ok(l),
                    _ => Err(Unmeasured::at(
                        &game.file,
                        b,
                        "`at_least:` and `at_most:` take a number: `{count: …}` or `{build: …, most: …}`, not `{list: …}`",
                    )),
                },
            }
        };
        let equals = match &check.equals {
            None => None,
            Some(e) => Some(match &e.value {
                Expected::Number(n) => Target::Number(Limit::given(*n)),
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

    /// Whether one value meets it.
    fn met_by(&self, v: &Value) -> bool {
        let mut ok = true;
        match &self.equals {
            Some(Target::Number(n)) => ok &= v.same(&Value::Num(n.n)),
            Some(Target::Text(t)) => ok &= v.same(&Value::Text(t.clone())),
            Some(Target::List(_) | Target::Keyed(..)) => ok = false,
            None => {}
        }
        if let Some(list) = &self.one_of {
            ok &= list.iter().any(|s| v.same(&Value::from(s)));
        }
        let n = v.number();
        if let Some(l) = &self.at_least {
            ok &= n.is_some_and(|n| n >= l.n - 1e-9);
        }
        if let Some(l) = &self.at_most {
            ok &= n.is_some_and(|n| n <= l.n + 1e-9);
        }
        ok
    }

    fn is_empty(&self) -> bool {
        self.equals.is_none()
            && self.at_least.is_none()
            && self.at_most.is_none()
            && self.one_of.is_none()
    }
}

fn evaluate(game: &Game, rule: &Rule) -> Outcome {
    let check = &rule.check.value;
    let check_at = at(&game.file, &rule.check);
    let (place, malformed, verdict) = match judge(game, check) {
        Ok(judged) => judged,
        Err(problem) => {
            let v = Verdict::new(false, "a check the validator understands", problem.why);
            (problem.at, true, v)
        }
    };
    let mut place = place.unwrap_or_else(|| check_at.clone());
    place.message.clear();
    // A component from an included game is fixed in its own file; a check, in this one.
    if !malformed
        && place != check_at
        && let Some(origin) = included_from(game, check)
    {
        place.file = origin.to_string();
    }
    Outcome {
        rule: rule.id.value.clone(),
        quote: rule.quote.clone(),
        section: rule.section.clone(),
        held: verdict.held,
        expected: verdict.expected,
        found: verdict.found,
        malformed,
        at: place,
        rule_at: at(&game.file, &rule.id),
    }
}

/// The verdict on a check, where it points (`None`: at the check), and whether the check
/// itself is what to mend.
fn judge(game: &Game, check: &Check) -> Result<(Option<Diagnostic>, bool, Verdict), Unmeasured> {
    let subject = Subject::of(check).map_err(|e| Unmeasured::new(None, e.to_string()))?;
    let expect = Expect::of(game, check)?;
    let found = subject.measure(game, check, &expect);
    // Nothing of the right kind to compare with: the check is what to mend, not the
    // component; what it lacks is said as what was expected.
    if let Some(lacks) = subject::expectation_problem(subject, check, &expect) {
        let found = match found {
            Ok((_, Found::Number(_, shown))) => shown,
            Ok((_, Found::Verdict(v))) => v.found,
            Ok((_, Found::List(items))) => list_text(&items),
            Err(problem) => problem.why,
        };
        return Ok((None, true, Verdict::new(false, lacks, found)));
    }
    let (at, found) = found?;
    let verdict = match found {
        Found::Verdict(v) => v,
        Found::Number(v, shown) => {
            let (held, expected) = subject::compare_with_squares(game, v, check, &expect)?;
            Verdict::new(held, expected, shown)
        }
        Found::List(items) => {
            let (held, expected) = compare_list(&items, &expect);
            Verdict::new(held, expected, list_text(&items))
        }
    };
    Ok((at, false, verdict))
}

/// The file an included component came from, when the check is about one.
fn included_from<'g>(game: &'g Game, check: &Check) -> Option<&'g str> {
    let id = Subject::of(check).ok()?.component()?;
    component(game, id).ok()?.origin.as_deref()
}

type Measured = Result<(Option<Diagnostic>, Found), Unmeasured>;

fn component<'g>(game: &'g Game, id: &Spanned<String>) -> Result<&'g Component, Unmeasured> {
    game.spec
        .components
        .iter()
        .find(|c| c.id.value == id.value)
        .ok_or_else(|| {
            let ids = game.spec.components.iter().map(|c| c.id.value.as_str());
            let hint = did_you_mean(&id.value, ids);
            Unmeasured::at(&game.file, id, format!("no component `{}`{hint}", id.value))
        })
}

/// (variant id, copies) of the component's variants whose tags match the filter.
fn matching(c: &Component, check: &Check) -> Vec<(String, u64)> {
    if c.variants.is_empty() {
        return if check.filter.is_empty() {
            vec![(c.id.value.clone(), c.copies_of(None) as u64)]
        } else {
            Vec::new()
        };
    }
    c.variants
        .iter()
        .filter(|v| picks(check, &v.tags))
        .map(|v| (v.id.value.clone(), c.copies_of(Some(&v)) as u64))
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
    let hint = |found: &str, known: &BTreeSet<String>| {
        let list = known.iter().cloned().collect::<Vec<_>>().join(", ");
        format!(
            "{list}{}",
            did_you_mean(found, known.iter().map(String::as_str))
        )
    };
    for (key, want) in &check.filter {
        let values: BTreeSet<String> = c
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
            let near = closest(&text, values.iter().map(String::as_str)).is_some();
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

/// " where suit = suns", or nothing.
fn filter_note(check: &Check) -> String {
    if check.filter.is_empty() {
        return String::new();
    }
    let pairs: Vec<String> = check
        .filter
        .iter()
        .map(|(k, v)| format!("{k} = {v}"))
        .collect();
    format!(" where {}", pairs.join(", "))
}

/// Where a count over `c` should point: the first variant the filter picks, else the component.
fn subject_at(file: &str, c: &Component, check: &Check) -> Diagnostic {
    let picked = c
        .variants
        .iter()
        .find(|v| !check.filter.is_empty() && picks(check, &v.tags));
    match picked {
        Some(v) => at(file, &v.id),
        None => at(file, &c.id),
    }
}

/// Where character `offset` of an expression written at `text` is: its column moved past an
/// opening quote, when the expression is on one line (a block scalar is pointed at its start).
pub(crate) fn expr_at(file: &str, text: &Spanned<String>, offset: usize) -> Diagnostic {
    let mut here = at(file, text);
    let line = source_of(file).and_then(|s| s.lines().nth(here.line - 1).map(str::to_string));
    let opening = line.and_then(|l| l.chars().nth(here.column - 1));
    match opening {
        Some('"' | '\'') => here.column += 1 + offset,
        Some('|' | '>') | None => {}
        Some(_) => here.column += offset,
    }
    here
}

/// Where `name` is in the expression written at `text` (its start, if it is not there).
fn name_at(file: &str, text: &Spanned<String>, name: &str) -> Diagnostic {
    let offset = text.value.find(name).unwrap_or(0);
    expr_at(file, text, text.value[..offset].chars().count())
}

/// An expression of the rule, read; a mistake is located at its character.
fn expression(file: &str, text: &Spanned<String>) -> Result<Expr, Unmeasured> {
    Expr::parse(&text.value).map_err(|e| {
        let why = format!("`{}`: {e}", text.value);
        Unmeasured::new(Some(expr_at(file, text, e.at)), why)
    })
}

/// Whether `v` meets the expectation, and the expectation in words.
pub(crate) fn compare_number(v: f64, x: &Expect) -> (bool, String) {
    let mut parts = Vec::new();
    match &x.equals {
        Some(Target::Number(n)) => parts.push(n.show("exactly")),
        Some(Target::Text(t)) => parts.push(match t.trim().parse::<f64>() {
            Ok(n) => format!("exactly {}", number(n)),
            Err(_) => format!("a number (equals: takes a number here, not `{t}`)"),
        }),
        Some(Target::List(_) | Target::Keyed(..)) => {
            parts.push("a number (equals: takes a number here)".into())
        }
        None => {}
    }
    if let Some(n) = &x.at_least {
        parts.push(n.show("at least"));
    }
    if let Some(n) = &x.at_most {
        parts.push(n.show("at most"));
    }
    if let Some(list) = &x.one_of {
        let all: Vec<String> = list.iter().map(Scalar::to_string).collect();
        parts.push(format!("one of {}", all.join(", ")));
    }
    match parts.is_empty() {
        true => (false, NO_EXPECTATION.into()),
        false => (x.met_by(&Value::Num(v)), parts.join(" and ")),
    }
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
