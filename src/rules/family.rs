//! The Beast's families: "Ann: 4 children, 2 adults, 6 old" parsed, costed and judged by the
//! rules of family building (20 points; at least twice as many Children and Old as Adults).
//! Used by `pnp sheets --family` and by the named rules check `beast-family`.
use std::collections::BTreeMap;

/// Points each family has to spend.
pub const POINTS: u32 = 20;
/// (name, combat value, points value) of each kind of family member, in sheet order.
pub const KINDS: [(&str, u32, u32); 3] = [("Child", 0, 3), ("Adult", 3, 2), ("Old", 1, 1)];
/// The rule, in the rulebook's words, used when the game's YAML does not quote it.
pub const QUOTE: &str = "Each family has 20 points to spend on family members. Each family member costs his Points Value to buy. Each family must have at least twice as many Children and Old people as they do Adults.";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Family {
    pub name: Option<String>,
    pub children: u32,
    pub adults: u32,
    pub old: u32,
}

impl Family {
    pub fn counts(&self) -> [u32; 3] {
        [self.children, self.adults, self.old]
    }

    pub fn points(&self) -> u32 {
        self.counts().iter().zip(KINDS).map(|(n, k)| n * k.2).sum()
    }

    pub fn members(&self) -> u32 {
        self.counts().iter().sum()
    }

    /// What breaks the family-building rules, in words (empty: a legal family).
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.points() > POINTS {
            out.push(format!(
                "it costs {} points ({} × 3 + {} × 2 + {} × 1) but a family has {POINTS}",
                self.points(),
                self.children,
                self.adults,
                self.old
            ));
        }
        if self.children + self.old < 2 * self.adults {
            out.push(format!(
                "{} Children and Old are fewer than twice its {} Adults (at least {} needed)",
                self.children + self.old,
                self.adults,
                2 * self.adults
            ));
        }
        if self.members() == 0 {
            out.push("it has no members".into());
        }
        out
    }

    /// "4 children, 2 adults, 6 old (22 points)".
    pub fn describe(&self) -> String {
        format!(
            "{} children, {} adults, {} old ({} points)",
            self.children,
            self.adults,
            self.old,
            self.points()
        )
    }

    /// The values a record sheet fills in: counts, points, and one roster row per member.
    pub fn tags(&self) -> BTreeMap<String, String> {
        let mut t = BTreeMap::new();
        let keys = ["children", "adults", "old"];
        for ((count, (_, _, cost)), key) in self.counts().iter().zip(KINDS).zip(keys) {
            t.insert(key.to_string(), count.to_string());
            t.insert(format!("{key}-points"), (count * cost).to_string());
        }
        t.insert("points".into(), self.points().to_string());
        t.insert("members".into(), self.members().to_string());
        let mut row = 1;
        for (count, (kind, combat, _)) in self.counts().iter().zip(KINDS) {
            for _ in 0..*count {
                t.insert(format!("member.{row}"), kind.to_string());
                t.insert(format!("combat.{row}"), combat.to_string());
                row += 1;
            }
        }
        t
    }
}

/// Why a family cannot be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FamilyError {
    #[error("`{0}`: expected a count from 0 to 100 then a kind, e.g. `4 children`")]
    Count(String),
    #[error("`{part}`: unknown kind `{kind}`; expected children, adults or old")]
    Kind { part: String, kind: String },
    #[error("`{part}`: {kind} is given twice")]
    Twice { part: String, kind: &'static str },
    #[error("expected members such as `Ann: 4 children, 2 adults, 4 old`")]
    Empty,
}

/// Parses "Ann: 4 children, 2 adults, 6 old" (the name is optional; kinds may be in any order,
/// singular or plural; a kind left out counts 0).
pub fn parse(text: &str) -> Result<Family, FamilyError> {
    let (name, list) = match text.split_once(':') {
        Some((n, rest)) => (Some(n.trim().to_string()).filter(|n| !n.is_empty()), rest),
        None => (None, text),
    };
    let mut counts: [Option<u32>; 3] = [None; 3];
    for part in list.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let mut words = part.split_whitespace();
        let number = words.next().unwrap_or("");
        let n: u32 = number
            .parse()
            .ok()
            .filter(|n| *n <= 100)
            .ok_or_else(|| FamilyError::Count(part.to_string()))?;
        let kind = words.collect::<Vec<_>>().join(" ").to_ascii_lowercase();
        let index = match kind.as_str() {
            "child" | "children" | "kid" | "kids" => 0,
            "adult" | "adults" => 1,
            "old" | "old people" | "old person" | "elder" | "elders" => 2,
            other => {
                return Err(FamilyError::Kind {
                    part: part.to_string(),
                    kind: other.to_string(),
                });
            }
        };
        if counts[index].replace(n).is_some() {
            return Err(FamilyError::Twice {
                part: part.to_string(),
                kind: ["children", "adults", "old"][index],
            });
        }
    }
    if counts.iter().all(Option::is_none) {
        return Err(FamilyError::Empty);
    }
    Ok(Family {
        name,
        children: counts[0].unwrap_or(0),
        adults: counts[1].unwrap_or(0),
        old: counts[2].unwrap_or(0),
    })
}

/// The most members a legal family can have (all Old: 20).
pub fn largest_legal() -> u32 {
    let mut best = 0;
    for c in 0..=POINTS / 3 {
        for a in 0..=POINTS / 2 {
            for o in 0..=POINTS {
                let f = Family {
                    name: None,
                    children: c,
                    adults: a,
                    old: o,
                };
                if f.problems().is_empty() {
                    best = best.max(f.members());
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_judges() {
        let f = parse("Ann: 4 children, 2 adults, 4 old").unwrap();
        assert_eq!((f.name.as_deref(), f.points()), (Some("Ann"), 20));
        assert!(f.problems().is_empty());
        let over = parse("Bo: 4 children, 2 adults, 6 old").unwrap();
        assert_eq!(over.points(), 22);
        assert_eq!(over.problems().len(), 1);
        let adults = parse("5 adults, 4 old").unwrap();
        assert!(adults.problems()[0].contains("twice"));
        assert!(parse("Cy: 3 dragons").is_err());
        assert!(parse("Cy: many children").is_err());
        assert!(parse("2 adults, 1 adult").is_err());
    }

    #[test]
    fn tags_fill_a_roster() {
        let t = parse("1 child, 1 adult, 2 old").unwrap().tags();
        assert_eq!(t["member.1"], "Child");
        assert_eq!(t["combat.2"], "3");
        assert_eq!(t["member.4"], "Old");
        assert!(!t.contains_key("member.5"));
    }

    #[test]
    fn largest_family_is_twenty_old() {
        assert_eq!(largest_legal(), 20);
    }
}
