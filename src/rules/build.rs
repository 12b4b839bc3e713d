//! Builds: what a player makes before play from kinds of members (The Beast's families of
//! Children, Adults and Old), as a rule's `build:` defines it: each kind's tags (costs,
//! strengths), a budget, conditions. Read from text as `pnp sheets --family` takes it
//! ("Ann: 4 children, 2 adults, 4 old"), judged, described, searched for the largest legal one,
//! and turned into the values a record sheet fills in.
use std::collections::{BTreeMap, BTreeSet};

use serde_saphyr::Spanned;

use super::expr::{Expr, Scope};
use super::{Build, Requirement, Rule, Unmeasured, at};
use crate::base::diagnostic::did_you_mean;
use crate::kinds::Game;
use crate::spec::items::{Value, number};

/// Most members of one kind in a build (what `--family` takes, and the search's bound for a
/// kind that costs nothing).
pub const MAX_COUNT: u32 = 100;
/// Most kinds a build has: the search for the largest legal build goes one level a kind.
const MAX_KINDS: usize = 50;
/// Most builds tried in a search: beyond, the budget does not bound it enough to be exhaustive
/// in bounded time.
const MAX_TRIED: u64 = 1_000_000;

/// One build: how many of each kind (in the order of `kinds:`), and whose it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chosen {
    pub name: Option<String>,
    pub counts: Vec<u32>,
}

/// Why a build's text cannot be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BuildError {
    #[error("`{part}`: expected a count from 0 to {MAX_COUNT} then a kind, e.g. `4 {kind}`")]
    Count { part: String, kind: String },
    #[error("`{part}`: unknown kind `{kind}`; expected {expected}")]
    Kind {
        part: String,
        kind: String,
        expected: String,
    },
    #[error("`{part}`: {kind} is given twice")]
    Twice { part: String, kind: String },
    #[error("expected members such as `Ann: {example}`")]
    Empty { example: String },
}

/// A rule's build, checked and its expressions read once.
#[derive(Debug)]
pub struct Plan<'b> {
    pub rule: &'b Rule,
    pub build: &'b Build,
    require: Vec<(Expr, Vec<Piece>, &'b Requirement)>,
}

/// A part of a requirement's `says:`: text, or an expression put in (`{adults}`).
#[derive(Debug)]
enum Piece {
    Text(String),
    Value(Expr),
}

/// The rule with id `id` and its build, or why there is none.
pub fn find<'g>(game: &'g Game, id: &Spanned<String>) -> Result<(&'g Rule, &'g Build), Unmeasured> {
    let builds: Vec<(&Rule, &Build)> = game
        .spec
        .rules
        .iter()
        .filter_map(|r| r.check.value.build.as_ref().map(|b| (r, &b.value)))
        .collect();
    builds
        .iter()
        .find(|(r, _)| r.id.value == id.value)
        .copied()
        .ok_or_else(|| {
            let ids: Vec<String> = builds
                .iter()
                .map(|(r, _)| format!("`{}`", r.id.value))
                .collect();
            Unmeasured::at(
                &game.file,
                id,
                format!(
                    "no rule `{}` defines a build ({})",
                    id.value,
                    match ids.is_empty() {
                        true => "no rule of the game has `build:`".to_string(),
                        false => format!("rules with `build:`: {}", ids.join(", ")),
                    }
                ),
            )
        })
}

/// The game's first build, for `pnp sheets --family`.
pub fn first(game: &Game) -> Option<&Rule> {
    game.spec
        .rules
        .iter()
        .find(|r| r.check.value.build.is_some())
}

/// The scope of one build: each kind's count by its plural, `members`, each tag's total.
struct Counts<'p> {
    plan: &'p Plan<'p>,
    counts: &'p [u32],
}

impl Scope for Counts<'_> {
    fn get(&self, name: &str) -> Option<Value> {
        if name == "members" {
            return Some(Value::Num(self.counts.iter().sum::<u32>() as f64));
        }
        let kinds = &self.plan.build.kinds;
        if let Some(i) = kinds.iter().position(|k| plural(k) == name) {
            let n = self.counts.get(i).copied().unwrap_or(0);
            return Some(Value::Num(n as f64));
        }
        kinds
            .iter()
            .any(|k| k.tags.contains_key(name))
            .then(|| Value::Num(self.plan.total(self.counts, name)))
    }
}

/// Every tag of a build's kinds, each once, in order.
fn tag_names(build: &Build) -> BTreeSet<&str> {
    let tags = build.kinds.iter().flat_map(|k| k.tags.keys());
    tags.map(String::as_str).collect()
}

/// How a count of a kind is written and named in conditions: its plural, else its name.
fn plural(k: &crate::spec::rules::BuildKind) -> &str {
    k.plural.as_deref().unwrap_or(&k.name.value)
}

impl<'b> Plan<'b> {
    /// The build of `rule`, checked: its kinds, budget and conditions make sense.
    pub fn new(file: &str, rule: &'b Rule) -> Result<Plan<'b>, Unmeasured> {
        let spanned = rule.check.value.build.as_ref().ok_or_else(|| {
            Unmeasured::new(None, format!("rule `{}` has no `build:`", rule.id.value))
        })?;
        let build = &spanned.value;
        let at = Some(at(file, spanned));
        let wrong = |why: String| Unmeasured::new(at.clone(), why);
        if build.kinds.is_empty() || build.kinds.len() > MAX_KINDS {
            return Err(wrong(format!(
                "a build has 1 to {MAX_KINDS} kinds, found {}",
                build.kinds.len()
            )));
        }
        let mut words: BTreeMap<String, &str> = BTreeMap::new();
        for k in &build.kinds {
            let name = &k.name.value;
            let mut own: Vec<String> = vec![name.to_lowercase(), plural(k).to_lowercase()];
            own.extend(k.also.iter().map(|w| w.to_lowercase()));
            own.sort();
            own.dedup();
            for w in own {
                if let Some(other) = words.insert(w.clone(), name) {
                    return Err(wrong(format!("`{w}` names both {other} and {name}")));
                }
            }
            if plural(k) == "members" || build.kinds.iter().any(|o| o.tags.contains_key(plural(k)))
            {
                return Err(wrong(format!(
                    "`{}` names both a kind and a total (`members` or a tag): give the kind another `plural:`",
                    plural(k)
                )));
            }
            if let Some((tag, v)) = k.tags.iter().find(|(_, v)| !v.is_finite()) {
                return Err(wrong(format!("{name}'s `{tag}` is {v}: expected a number")));
            }
        }
        for (tag, most) in &build.budget {
            let costs: Vec<f64> = build
                .kinds
                .iter()
                .filter_map(|k| k.tags.get(tag).copied())
                .collect();
            if costs.is_empty() {
                let tags = tag_names(build);
                let hint = did_you_mean(tag, tags.iter().copied());
                return Err(wrong(format!(
                    "`budget:` names `{tag}`, which no kind has (their tags: {}{hint})",
                    tags.into_iter().collect::<Vec<_>>().join(", ")
                )));
            }
            if !most.is_finite() || *most < 0.0 || costs.iter().any(|c| *c < 0.0) {
                return Err(wrong(format!(
                    "a budget and what each kind costs of it are 0 or more (`{tag}`)"
                )));
            }
        }
        let mut require = Vec::new();
        for r in &build.require {
            let located = |why: String| Unmeasured::at(file, &r.holds, why);
            let e = super::expression(file, &r.holds)?;
            if !e.is_condition() {
                return Err(located(format!(
                    "`{}` is not a condition: compare with `==`, `<=`, `>=`…",
                    r.holds.value
                )));
            }
            let says = match &r.says {
                Some(text) => pieces(text).map_err(|e| located(format!("`says:` {e}")))?,
                None => Vec::new(),
            };
            require.push((e, says, r));
        }
        let plan = Plan {
            rule,
            build,
            require,
        };
        // Every name a condition uses is a count or a total.
        for (e, says, r) in &plan.require {
            let exprs = std::iter::once(e).chain(says.iter().filter_map(|p| match p {
                Piece::Value(e) => Some(e),
                Piece::Text(_) => None,
            }));
            for name in exprs.flat_map(Expr::props) {
                if !plan.knows(name) {
                    return Err(Unmeasured::new(
                        Some(super::name_at(file, &r.holds, name)),
                        format!(
                            "`{name}` is neither a kind's plural, `members`, nor a tag: a condition counts {}",
                            plan.names().join(", ")
                        ),
                    ));
                }
            }
        }
        Ok(plan)
    }

    /// Whether a condition may use `name`: a count or a total.
    pub fn knows(&self, name: &str) -> bool {
        let zero = vec![0; self.build.kinds.len()];
        Counts {
            plan: self,
            counts: &zero,
        }
        .get(name)
        .is_some()
    }

    /// The names a condition may use.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .build
            .kinds
            .iter()
            .map(|k| plural(k).to_string())
            .collect();
        names.push("members".into());
        names.extend(tag_names(self.build).into_iter().map(str::to_string));
        names
    }

    /// The total of tag `tag` over a build's members.
    fn total(&self, counts: &[u32], tag: &str) -> f64 {
        let kinds = self.build.kinds.iter();
        counts
            .iter()
            .zip(kinds)
            .map(|(n, k)| *n as f64 * k.tags.get(tag).copied().unwrap_or(0.0))
            .sum()
    }

    /// An example of a build: the first of `examples:`, else one of each kind.
    fn example(&self) -> String {
        match self.build.examples.first() {
            Some(e) => e.value.clone(),
            None => self
                .build
                .kinds
                .iter()
                .map(|k| format!("1 {}", plural(k)))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// Reads "Ann: 4 children, 2 adults, 6 old": the name is optional; kinds in any order, by
    /// name, plural or another word for them, in any case; a kind left out counts 0.
    pub fn parse(&self, text: &str) -> Result<Chosen, BuildError> {
        let (name, list) = match text.split_once(':') {
            Some((n, rest)) => (Some(n.trim().to_string()).filter(|n| !n.is_empty()), rest),
            None => (None, text),
        };
        let kinds = &self.build.kinds;
        let mut counts: Vec<Option<u32>> = vec![None; kinds.len()];
        for part in list.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let mut words = part.split_whitespace();
            let n: u32 = words
                .next()
                .and_then(|w| w.parse().ok())
                .filter(|n| *n <= MAX_COUNT)
                .ok_or_else(|| BuildError::Count {
                    part: part.to_string(),
                    kind: kinds.first().map_or("", plural).to_string(),
                })?;
            let kind = words.collect::<Vec<_>>().join(" ").to_lowercase();
            let index = kinds
                .iter()
                .position(|k| {
                    k.name.value.to_lowercase() == kind
                        || plural(k).to_lowercase() == kind
                        || k.also.iter().any(|w| w.to_lowercase() == kind)
                })
                .ok_or_else(|| BuildError::Kind {
                    part: part.to_string(),
                    kind: kind.clone(),
                    expected: self.plurals(),
                })?;
            if counts[index].replace(n).is_some() {
                return Err(BuildError::Twice {
                    part: part.to_string(),
                    kind: plural(&kinds[index]).to_string(),
                });
            }
        }
        if counts.iter().all(Option::is_none) {
            return Err(BuildError::Empty {
                example: self.example(),
            });
        }
        Ok(Chosen {
            name,
            counts: counts.into_iter().map(|n| n.unwrap_or(0)).collect(),
        })
    }

    /// "children, adults or old".
    fn plurals(&self) -> String {
        let all: Vec<&str> = self.build.kinds.iter().map(plural).collect();
        match all.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => all.join(""),
        }
    }

    /// What breaks the build's rules, in words (empty: a legal build). A condition that cannot
    /// be computed is the rule's mistake.
    pub fn problems(&self, chosen: &Chosen) -> Result<Vec<String>, Unmeasured> {
        let counts = &chosen.counts;
        let mut out = Vec::new();
        for (tag, most) in &self.build.budget {
            let total = self.total(counts, tag);
            if total > most + 1e-9 {
                let terms: Vec<String> = counts
                    .iter()
                    .zip(&self.build.kinds)
                    .map(|(n, k)| {
                        format!("{n} × {}", number(k.tags.get(tag).copied().unwrap_or(0.0)))
                    })
                    .collect();
                out.push(format!(
                    "it costs {} {tag} ({}) but a {} has {}",
                    number(total),
                    terms.join(" + "),
                    self.build.name,
                    number(*most)
                ));
            }
        }
        let scope = Counts { plan: self, counts };
        for (e, says, r) in &self.require {
            if self.holds(e, &scope)? {
                continue;
            }
            let said = match says.is_empty() {
                true => format!("`{}` does not hold ({})", r.holds.value, e.read(&scope)),
                false => says
                    .iter()
                    .map(|p| match p {
                        Piece::Text(t) => Ok(t.clone()),
                        Piece::Value(e) => e.eval(&scope).map(|v| v.to_string()),
                    })
                    .collect::<Result<String, _>>()
                    .map_err(|err| {
                        Unmeasured::new(None, format!("`says:` of `{}`: {err}", r.holds.value))
                    })?,
            };
            out.push(said);
        }
        if counts.iter().all(|n| *n == 0) {
            out.push("it has no members".into());
        }
        Ok(out)
    }

    fn holds(&self, e: &Expr, scope: &Counts) -> Result<bool, Unmeasured> {
        match e.eval(scope) {
            Ok(Value::Bool(b)) => Ok(b),
            Ok(v) => Err(Unmeasured::new(
                None,
                format!("`{e}` is {v}, not a condition"),
            )),
            Err(err) => Err(Unmeasured::new(None, format!("`{e}`: {err}"))),
        }
    }

    /// Whether a build costs no more than each budget.
    fn within_budget(&self, counts: &[u32]) -> bool {
        let mut budget = self.build.budget.iter();
        budget.all(|(tag, most)| self.total(counts, tag) <= most + 1e-9)
    }

    /// Whether a build is legal, without wording why.
    fn legal(&self, counts: &[u32]) -> Result<bool, Unmeasured> {
        if !self.within_budget(counts) || counts.iter().all(|n| *n == 0) {
            return Ok(false);
        }
        let scope = Counts { plan: self, counts };
        for (e, _, _) in &self.require {
            if !self.holds(e, &scope)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// "4 children, 2 adults, 6 old (22 points)": the counts, and the total of each budget.
    pub fn describe(&self, chosen: &Chosen) -> String {
        let counts: Vec<String> = chosen
            .counts
            .iter()
            .zip(&self.build.kinds)
            .map(|(n, k)| format!("{n} {}", plural(k)))
            .collect();
        let totals: Vec<String> = self
            .build
            .budget
            .keys()
            .map(|tag| format!("{} {tag}", number(self.total(&chosen.counts, tag))))
            .collect();
        match totals.is_empty() {
            true => counts.join(", "),
            false => format!("{} ({})", counts.join(", "), totals.join(", ")),
        }
    }

    /// What a legal build is, in words: "a legal family: at most 20 points; `children + old >=
    /// 2 * adults`; at least one member".
    pub fn terms(&self) -> String {
        let mut terms: Vec<String> = self
            .build
            .budget
            .iter()
            .map(|(tag, most)| format!("at most {} {tag}", number(*most)))
            .collect();
        terms.extend(
            self.require
                .iter()
                .map(|(_, _, r)| format!("`{}`", r.holds.value)),
        );
        terms.push("at least one member".into());
        format!("a legal {}: {}", self.build.name, terms.join("; "))
    }

    /// The values a record sheet fills in: each kind's count (`children`) and the totals of its
    /// tags (`children-points`), each tag's total (`points`), `members`, and for the i-th
    /// member its kind (`member.i`) and its tags (`combat.i`).
    pub fn tags(&self, chosen: &Chosen) -> BTreeMap<String, String> {
        let mut t = BTreeMap::new();
        let kinds = &self.build.kinds;
        for (n, k) in chosen.counts.iter().zip(kinds) {
            let key = plural(k).to_lowercase();
            t.insert(key.clone(), n.to_string());
            for (tag, v) in &k.tags {
                t.insert(format!("{key}-{tag}"), number(*n as f64 * v));
            }
        }
        for tag in tag_names(self.build) {
            t.insert(tag.to_string(), number(self.total(&chosen.counts, tag)));
        }
        t.insert(
            "members".into(),
            chosen.counts.iter().sum::<u32>().to_string(),
        );
        let mut row = 1;
        for (n, k) in chosen.counts.iter().zip(kinds) {
            for _ in 0..*n {
                t.insert(format!("member.{row}"), k.name.value.clone());
                for (tag, v) in &k.tags {
                    t.insert(format!("{tag}.{row}"), number(*v));
                }
                row += 1;
            }
        }
        t
    }

    /// The largest (or, `most` false, smallest) value of `e` over every legal build, and one
    /// build that has it; `None` when no build is legal. Every build within the budget is tried
    /// (each kind up to what the budget affords, or `MAX_COUNT`), at most `MAX_TRIED`.
    pub fn extreme(&self, e: &Expr, most: bool) -> Result<Option<(f64, Chosen)>, Unmeasured> {
        let kinds = &self.build.kinds;
        let caps: Vec<u32> = kinds
            .iter()
            .map(|k| {
                let by_budget = self.build.budget.iter().filter_map(|(tag, max)| {
                    let cost = k.tags.get(tag).copied().unwrap_or(0.0);
                    (cost > 0.0).then(|| (max / cost).floor().min(MAX_COUNT as f64) as u32)
                });
                by_budget.min().unwrap_or(MAX_COUNT)
            })
            .collect();
        let mut best: Option<(f64, Vec<u32>)> = None;
        let mut counts = vec![0u32; kinds.len()];
        let mut tried = 0u64;
        // Odometer over the counts, skipping past a kind's count once the budget is spent.
        loop {
            tried += 1;
            if tried > MAX_TRIED {
                return Err(Unmeasured::new(
                    None,
                    format!(
                        "more than {MAX_TRIED} builds of `{}` to try: give each kind a cost in `budget:` so that it bounds them",
                        self.rule.id.value
                    ),
                ));
            }
            if self.legal(&counts)? {
                let v = e
                    .eval(&Counts {
                        plan: self,
                        counts: &counts,
                    })
                    .map_err(|err| Unmeasured::new(None, format!("`{e}`: {err}")))?;
                let v = v
                    .number()
                    .ok_or_else(|| Unmeasured::new(None, format!("`{e}` is {v}, not a number")))?;
                let better = best
                    .as_ref()
                    .is_none_or(|(b, _)| if most { v > *b } else { v < *b });
                if better {
                    best = Some((v, counts.clone()));
                }
            }
            // The next build: raise the first kind that can rise within the budget.
            let mut i = 0;
            loop {
                if i == counts.len() {
                    return Ok(best.map(|(v, counts)| (v, Chosen { name: None, counts })));
                }
                counts[i] += 1;
                if counts[i] <= caps[i] && self.within_budget(&counts) {
                    break;
                }
                counts[i] = 0;
                i += 1;
            }
        }
    }
}

/// Why a `says:` text cannot be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SaysError {
    #[error("`{0}`: a `{{` is never closed")]
    Unclosed(String),
    #[error("`{{{inner}}}`: {error}")]
    Expr {
        inner: String,
        error: super::expr::ParseError,
    },
}

/// A `says:` text as pieces: text, and the expressions in `{…}`.
fn pieces(text: &str) -> Result<Vec<Piece>, SaysError> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        if open > 0 {
            out.push(Piece::Text(rest[..open].to_string()));
        }
        let after = &rest[open + 1..];
        let close = after
            .find('}')
            .ok_or_else(|| SaysError::Unclosed(text.to_string()))?;
        let inner = &after[..close];
        let e = Expr::parse(inner).map_err(|error| SaysError::Expr {
            inner: inner.to_string(),
            error,
        })?;
        out.push(Piece::Value(e));
        rest = &after[close + 1..];
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest.to_string()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Beast's family, as its YAML defines it.
    fn beast() -> Game {
        crate::spec::load("the-beast").unwrap()
    }

    fn plan(game: &Game) -> Plan<'_> {
        Plan::new(&game.file, first(game).unwrap()).unwrap()
    }

    #[test]
    fn parses_and_judges_a_family() {
        let game = beast();
        let plan = plan(&game);
        let ann = plan.parse("Ann: 4 children, 2 adults, 4 old").unwrap();
        assert_eq!(
            (ann.name.as_deref(), &ann.counts[..]),
            (Some("Ann"), &[4, 2, 4][..])
        );
        assert_eq!(plan.problems(&ann).unwrap(), Vec::<String>::new());
        assert_eq!(
            plan.describe(&ann),
            "4 children, 2 adults, 4 old (20 points)"
        );
        let over = plan.parse("Bo: 4 children, 2 adults, 6 old").unwrap();
        assert_eq!(
            plan.problems(&over).unwrap(),
            ["it costs 22 points (4 × 3 + 2 × 2 + 6 × 1) but a family has 20"]
        );
        let adults = plan.parse("5 adults, 4 elders").unwrap();
        assert_eq!(
            plan.problems(&adults).unwrap(),
            ["4 Children and Old are fewer than twice its 5 Adults (at least 10 needed)"]
        );
        assert_eq!(
            plan.problems(&plan.parse("0 old").unwrap()).unwrap(),
            ["it has no members"]
        );
        for (text, says) in [
            (
                "Cy: 3 dragons",
                "unknown kind `dragons`; expected children, adults or old",
            ),
            (
                "Cy: many children",
                "expected a count from 0 to 100 then a kind, e.g. `4 children`",
            ),
            ("101 old", "expected a count from 0 to 100"),
            ("2 adults, 1 Adult", "adults is given twice"),
            (
                "Cy:",
                "expected members such as `Ann: 4 children, 2 adults, 4 old`",
            ),
        ] {
            let err = plan.parse(text).unwrap_err().to_string();
            assert!(err.contains(says), "{text}: {err}");
        }
    }

    #[test]
    fn tags_fill_a_roster() {
        let game = beast();
        let plan = plan(&game);
        let t = plan.tags(&plan.parse("1 child, 1 adult, 2 old").unwrap());
        assert_eq!(t["member.1"], "Child");
        assert_eq!(t["combat.2"], "3");
        assert_eq!(t["member.4"], "Old");
        assert!(!t.contains_key("member.5"));
        assert_eq!(
            (t["adults"].as_str(), t["adults-points"].as_str()),
            ("1", "2")
        );
        assert_eq!((t["points"].as_str(), t["members"].as_str()), ("7", "4"));
    }

    #[test]
    fn the_largest_family_is_twenty_old_and_the_smallest_one_member() {
        let game = beast();
        let plan = plan(&game);
        let members = Expr::parse("members").unwrap();
        let (most, family) = plan.extreme(&members, true).unwrap().unwrap();
        assert_eq!((most, &family.counts[..]), (20.0, &[0, 0, 20][..]));
        let (least, _) = plan.extreme(&members, false).unwrap().unwrap();
        assert_eq!(least, 1.0);
        let combat = Expr::parse("combat").unwrap();
        // 5 Adults need 10 Children or Old: 10 Old make 20 points, and 5 × 3 + 10 × 1 combat.
        let (strongest, family) = plan.extreme(&combat, true).unwrap().unwrap();
        assert_eq!((strongest, &family.counts[..]), (25.0, &[0, 5, 10][..]));
    }
}
