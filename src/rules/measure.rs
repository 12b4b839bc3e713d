//! The general subjects over a selector's items (`count`, `sum`, `each`, `list`), a `build`
//! judged by its examples, and the values an expectation computes from the game
//! (`{count: …}`, `{list: …, value: …}`, `{build: …, most: …}`).
use std::collections::{HashMap, HashSet};

use serde_saphyr::Spanned;

use super::build::Plan;
use super::expr::Expr;
use super::select::{self, Needs};
use super::{
    Build, Check, Computed, Expect, Found, Limit, Measured, Select, Target, Unmeasured, Verdict,
    at, expr_at, expression, filter_note, name_at,
};
use crate::base::diagnostic::{Diagnostic, did_you_mean};
use crate::kinds::Game;
use crate::spec::items::{Item, Selection, Value, number};

/// Failing items shown in a report; the others are counted.
const SHOWN: usize = 5;

/// A condition (`holds:`, `if:`), read: a comparison, not a value.
fn condition(file: &str, text: &Spanned<String>) -> Result<Expr, Unmeasured> {
    let e = expression(file, text)?;
    match e.is_condition() {
        true => Ok(e),
        false => Err(Unmeasured::new(
            Some(expr_at(file, text, 0)),
            format!(
                "`{}` is not a condition: compare with `==`, `!=`, `<`, `<=`, `>`, `>=`",
                text.value
            ),
        )),
    }
}

/// The items of a selector with `where:` and `if:` applied, and the expressions of the check.
struct Prepared {
    sel: Selection,
    value: Option<(Expr, String)>,
    holds: Option<Expr>,
    /// " where n = 6 or 8 if …": what narrowed the items.
    note: String,
    /// Whether `where:` or `if:` narrowed them.
    narrowed: bool,
}

fn prepare(
    game: &Game,
    sel: &Spanned<Select>,
    check: &Check,
    value: Option<&Spanned<String>>,
) -> Result<Prepared, Unmeasured> {
    let file = &game.file;
    let value = value
        .map(|v| expression(file, v).map(|e| (e, v)))
        .transpose()?;
    let holds = check
        .holds
        .as_ref()
        .map(|h| condition(file, h).map(|e| (e, h)))
        .transpose()?;
    let only_if = (check.only_if.as_ref())
        .map(|c| condition(file, c).map(|e| (e, c)))
        .transpose()?;
    let exprs: Vec<(&Expr, &Spanned<String>)> = [&value, &holds, &only_if]
        .into_iter()
        .flatten()
        .map(|(e, t)| (e, *t))
        .collect();
    let named = exprs
        .iter()
        .flat_map(|(e, _)| e.props())
        .chain(check.filter.keys().map(String::as_str));
    let mut selection = select::select(game, sel, Needs::of(named))?;
    for (e, text) in &exprs {
        for name in e.props() {
            if !selection.names.contains(name) {
                let hint = did_you_mean(name, selection.names.iter().map(String::as_str));
                return Err(Unmeasured::new(
                    Some(name_at(file, text, name)),
                    format!(
                        "no property `{name}`: the {} have {}{hint}",
                        selection.what,
                        select::names_text(&selection.names)
                    ),
                ));
            }
        }
    }
    select::filter(&mut selection, &check.filter)?;
    let mut note = filter_note(check);
    if let Some((cond, _)) = &only_if {
        // An item the condition cannot be computed for (a tag it lacks) is not picked.
        selection
            .items
            .retain(|item| matches!(cond.eval(item), Ok(Value::Bool(true))));
        note.push_str(&format!(" if {cond}"));
    }
    Ok(Prepared {
        sel: selection,
        value: value.map(|(e, t)| (e, t.value.clone())),
        holds: holds.map(|(e, _)| e),
        note,
        narrowed: !check.filter.is_empty() || only_if.is_some(),
    })
}

impl Prepared {
    /// Where a count points: the first item picked when the check narrows them, else the
    /// selection.
    fn first_at(&self) -> Diagnostic {
        match (self.narrowed, self.sel.items.first()) {
            (true, Some(item)) => item.at.clone(),
            _ => self.sel.at.clone(),
        }
    }
}

pub(super) fn count(game: &Game, sel: &Spanned<Select>, check: &Check) -> Measured {
    let p = prepare(game, sel, check, None)?;
    let n = p.sel.items.len();
    Ok((
        Some(p.first_at()),
        Found::Number(n as f64, format!("{n} {}{}", p.sel.what, p.note)),
    ))
}

/// A value as a number, or why it is none (the rule's `value:` reads a text).
fn number_of(item: &Item, e: &Expr) -> Result<f64, Unmeasured> {
    let v = e
        .eval(item)
        .map_err(|err| Unmeasured::new(Some(item.at.clone()), format!("{}: {err}", item.key)))?;
    v.number().ok_or_else(|| {
        Unmeasured::new(
            Some(item.at.clone()),
            format!("{}: `{e}` is `{v}`, not a number to add up", item.key),
        )
    })
}

pub(super) fn sum(game: &Game, sel: &Spanned<Select>, check: &Check) -> Measured {
    let p = prepare(game, sel, check, check.value.as_ref())?;
    let Some((e, _)) = &p.value else {
        return Err(Unmeasured::new(None, "`sum:` needs `value:`"));
    };
    let mut total = 0.0;
    for item in &p.sel.items {
        total += number_of(item, e)?;
    }
    Ok((
        Some(p.first_at()),
        Found::Number(
            total,
            format!(
                "{} (`{e}` added up over {} {}{})",
                number(total),
                p.sel.items.len(),
                p.sel.what,
                p.note
            ),
        ),
    ))
}

/// The expectation of one value, in words: "one of 2, 4, 8", "`#c0392b`", "at least 1".
fn terms(x: &Expect) -> String {
    let mut parts = Vec::new();
    match &x.equals {
        Some(Target::Number(n)) => parts.push(n.show("=")),
        Some(Target::Text(t)) => parts.push(format!("= {t}")),
        _ => {}
    }
    if let Some(list) = &x.one_of {
        let all: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        parts.push(format!("one of {}", all.join(", ")));
    }
    if let Some(l) = &x.at_least {
        parts.push(l.show("at least"));
    }
    if let Some(l) = &x.at_most {
        parts.push(l.show("at most"));
    }
    parts.join(" and ")
}

/// "a; b; c (and 7 more)".
fn some_of(list: &[String]) -> String {
    let shown = list[..list.len().min(SHOWN)].join("; ");
    match list.len() > SHOWN {
        true => format!("{shown} (and {} more)", list.len() - SHOWN),
        false => shown,
    }
}

pub(super) fn each(game: &Game, sel: &Spanned<Select>, check: &Check, x: &Expect) -> Measured {
    let p = prepare(game, sel, check, check.value.as_ref())?;
    let mut bad: Vec<(&Item, String)> = Vec::new();
    let mut seen = Vec::new();
    for item in &p.sel.items {
        let failed = match (&p.value, &p.holds) {
            (Some((e, _)), _) => match e.eval(item) {
                Ok(v) if x.met_by(&v) => {
                    // A few to show (the found line lists at most 12).
                    if seen.len() <= 12 {
                        seen.push(v.to_string());
                    }
                    None
                }
                Ok(v) => Some(format!("{}: `{e}` is {v}", item.key)),
                Err(err) => Some(format!("{}: {err}", item.key)),
            },
            (None, Some(h)) => match h.eval(item) {
                Ok(Value::Bool(true)) => None,
                Ok(Value::Bool(false)) => Some(format!("{} ({})", item.key, h.read(item))),
                Ok(v) => Some(format!("{}: `{h}` is {v}", item.key)),
                Err(err) => Some(format!("{}: {err}", item.key)),
            },
            (None, None) => {
                return Err(Unmeasured::new(None, "`each:` needs `value:` or `holds:`"));
            }
        };
        if let Some(why) = failed {
            bad.push((item, why));
        }
    }
    let what = format!("{}{}", p.sel.what, p.note);
    let expected = match (&p.value, &check.holds) {
        (Some((_, text)), _) => format!("each of the {what}: `{text}` {}", terms(x)),
        (_, Some(h)) => format!("each of the {what}: {}", h.value),
        (None, None) => String::new(),
    };
    let n = p.sel.items.len();
    let found = match (n, bad.is_empty()) {
        (0, _) => format!("none to check: no {what}"),
        (_, true) if !seen.is_empty() => {
            let values: Vec<String> = seen.iter().take(12).cloned().collect();
            let more = if n > 12 { ", …" } else { "" };
            format!("{n} {}: {}{more}", p.sel.what, values.join(", "))
        }
        (_, true) => format!("all {n} {} do", p.sel.what),
        (_, false) => {
            let list: Vec<String> = bad.iter().map(|(_, why)| why.clone()).collect();
            some_of(&list)
        }
    };
    let at = bad
        .first()
        .map_or_else(|| p.sel.at.clone(), |(item, _)| item.at.clone());
    Ok((
        Some(at),
        Found::Verdict(Verdict::new(bad.is_empty() && n > 0, expected, found)),
    ))
}

/// Each item's `value:`, by item.
fn values(p: &Prepared) -> Result<Vec<(&Item, Value)>, Unmeasured> {
    let Some((e, _)) = &p.value else {
        return Err(Unmeasured::new(None, "`list:` needs `value:`"));
    };
    p.sel
        .items
        .iter()
        .map(|item| {
            e.eval(item).map(|v| (item, v)).map_err(|err| {
                Unmeasured::new(Some(item.at.clone()), format!("{}: {err}", item.key))
            })
        })
        .collect()
}

pub(super) fn list(game: &Game, sel: &Spanned<Select>, check: &Check, x: &Expect) -> Measured {
    let p = prepare(game, sel, check, check.value.as_ref())?;
    let found = values(&p)?;
    let Some(Target::Keyed(want, whose)) = &x.equals else {
        return Ok((
            Some(p.sel.at.clone()),
            Found::List(found.into_iter().map(|(_, v)| v).collect()),
        ));
    };
    // Item by item, by key: a sheet column's boxes for each kind against each kind of a build.
    // Looked up by key, not searched: both lists may be a deck of 20,000 cards.
    let by_key: HashMap<&str, &(&Item, Value)> =
        found.iter().map(|f| (f.0.key.as_str(), f)).collect();
    let wanted: HashSet<&str> = want.iter().map(|(k, _)| k.as_str()).collect();
    let mut wrong = None;
    let mut all = Vec::new();
    let mut differ = Vec::new();
    for (key, w) in want {
        match by_key.get(key.as_str()) {
            Some((item, v)) => {
                all.push(format!("{key} {v}"));
                if !v.same(w) {
                    wrong.get_or_insert_with(|| item.at.clone());
                    differ.push(format!("{key} {v}"));
                }
            }
            None => {
                wrong.get_or_insert_with(|| p.sel.at.clone());
                differ.push(format!("{key} none"));
            }
        }
    }
    for (item, v) in found
        .iter()
        .filter(|(item, _)| !wanted.contains(item.key.as_str()))
    {
        wrong.get_or_insert_with(|| item.at.clone());
        differ.push(format!("{} {v} (not expected)", item.key));
    }
    let value = p.value.as_ref().map_or(String::new(), |(_, t)| t.clone());
    let of_what = format!("`{value}` of each of the {}{}", p.sel.what, p.note);
    // A short list is shown whole; a long one by what differs.
    let short = want.len() <= 12 && found.len() <= 12;
    let expected = match short {
        true => {
            let all: Vec<String> = want.iter().map(|(k, v)| format!("{k} {v}")).collect();
            format!("{} ({whose})", all.join(", "))
        }
        false => format!("the same as {whose}, item by item"),
    };
    let found = match (short, differ.is_empty()) {
        (true, _) => {
            // The values found, then what is missing or extra.
            let odd = differ
                .iter()
                .filter(|d| d.ends_with(" none") || d.ends_with("(not expected)"));
            let shown: Vec<String> = all.iter().chain(odd).cloned().collect();
            format!("{} ({of_what})", shown.join(", "))
        }
        (false, true) => format!("{} items, each the same ({of_what})", all.len()),
        (false, false) => format!("{} ({of_what})", some_of(&differ)),
    };
    Ok((
        Some(wrong.clone().unwrap_or_else(|| p.sel.at.clone())),
        Found::Verdict(Verdict::new(wrong.is_none(), expected, found)),
    ))
}

/// The rule a `build:` is written in.
fn rule_of<'g>(game: &'g Game, b: &Spanned<Build>) -> Result<&'g super::Rule, Unmeasured> {
    game.spec
        .rules
        .iter()
        .find(|r| {
            r.check
                .value
                .build
                .as_ref()
                .is_some_and(|x| std::ptr::eq(x, b))
        })
        .ok_or_else(|| Unmeasured::new(None, "a `build:` outside the game's rules"))
}

pub(super) fn build(game: &Game, b: &Spanned<Build>) -> Measured {
    let file = &game.file;
    let plan = Plan::new(file, rule_of(game, b)?)?;
    let mut legal = Vec::new();
    let mut bad = Vec::new();
    for example in &b.value.examples {
        let at = at(file, example);
        let chosen = plan.parse(&example.value).map_err(|e| {
            Unmeasured::new(
                Some(at.clone()),
                format!("example `{}`: {e}", example.value),
            )
        })?;
        let problems = plan.problems(&chosen).map_err(|e| e.or_at(&at))?;
        match problems.is_empty() {
            true => legal.push(plan.describe(&chosen)),
            false => bad.push((
                at,
                format!("{}: {}", plan.describe(&chosen), problems.join("; ")),
            )),
        }
    }
    let name = &b.value.name;
    let found = match (bad.first(), legal.len()) {
        (Some(_), _) => bad
            .iter()
            .map(|(_, why)| why.clone())
            .collect::<Vec<_>>()
            .join("; "),
        (None, 0) => {
            format!("no `examples:` to try (write one as `pnp sheets --family` takes a {name})")
        }
        (None, 1) => format!("{} is a legal {name}", legal[0]),
        (None, _) => format!("{}: each a legal {name}", legal.join("; ")),
    };
    let at = bad
        .first()
        .map_or_else(|| at(file, b), |(at, _)| at.clone());
    Ok((
        Some(at),
        Found::Verdict(Verdict::new(bad.is_empty(), plan.terms(), found)),
    ))
}

/// A value an expectation computes from the game, `written` where it is.
pub(super) fn computed<T>(
    game: &Game,
    c: &Computed,
    written: &Spanned<T>,
) -> Result<Target, Unmeasured> {
    let file = &game.file;
    let here = at(file, written);
    let given: Vec<&str> = [
        ("count", c.count.is_some()),
        ("list", c.list.is_some()),
        ("build", c.build.is_some()),
    ]
    .into_iter()
    .filter_map(|(k, on)| on.then_some(k))
    .collect();
    let wrong = |why: &str| Err(Unmeasured::new(Some(here.clone()), why.to_string()));
    if given.len() != 1 {
        return wrong(
            "a computed value has one of `count:` (a selector), `list:` (a selector, with `value:`) or `build:` (a rule id, with `most:` or `least:`)",
        );
    }
    let none = Check::default();
    if let Some(sel) = &c.count {
        if c.value.is_some() || c.most.is_some() || c.least.is_some() {
            return wrong("`{count: …}` takes a selector alone");
        }
        let p = prepare(game, sel, &none, None)?;
        return Ok(Target::Number(Limit {
            n: p.sel.items.len() as f64,
            why: format!("the {}", p.sel.what),
        }));
    }
    if let Some(sel) = &c.list {
        let Some(value) = &c.value else {
            return wrong("`{list: …}` needs `value:`, what to take of each item");
        };
        if c.most.is_some() || c.least.is_some() {
            return wrong("`most:` and `least:` go with `build:`");
        }
        let p = prepare(game, sel, &none, Some(value))?;
        let keyed = values(&p)?
            .into_iter()
            .map(|(item, v)| (item.key.clone(), v))
            .collect();
        return Ok(Target::Keyed(
            keyed,
            format!("`{}` of each of the {}", value.value, p.sel.what),
        ));
    }
    let Some(id) = &c.build else {
        return wrong("a computed value needs a source");
    };
    let (e_text, most) = match (&c.most, &c.least) {
        (Some(e), None) => (e, true),
        (None, Some(e)) => (e, false),
        _ => {
            return wrong(
                "`{build: …}` takes one of `most:` or `least:`: an expression over a build's counts (`members`)",
            );
        }
    };
    let (rule, _) = super::build::find(game, id)?;
    let plan = Plan::new(file, rule)?;
    let e = expression(file, e_text)?;
    if let Some(name) = e.props().into_iter().find(|p| !plan.knows(p)) {
        return Err(Unmeasured::new(
            Some(expr_at(file, e_text, 0)),
            format!(
                "`{name}` is neither a kind's plural, `members`, nor a tag of `{}`: {}",
                id.value,
                plan.names().join(", ")
            ),
        ));
    }
    let (v, chosen) = plan
        .extreme(&e, most)
        .map_err(|err| err.or_at(&here))?
        .ok_or_else(|| {
            Unmeasured::new(
                Some(here.clone()),
                format!("no {} is legal under `{}`", plan.build.name, id.value),
            )
        })?;
    Ok(Target::Number(Limit {
        n: v,
        why: format!(
            "the {} `{e}` of a legal {}: {}",
            if most { "most" } else { "least" },
            plan.build.name,
            plan.describe(&chosen)
        ),
    }))
}
