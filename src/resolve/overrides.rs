//! `--copies ID=N` / `--copies ID.VARIANT=N`: change how many copies a build makes without
//! editing the YAML (e.g. more tiles of one rank). `ID=N` sets every variant of the component;
//! `ID.VARIANT=N` one variant. The rules are still checked against the changed counts.
use serde_saphyr::Spanned;

use crate::kinds::Game;
use crate::spec::{MAX_COPIES, MAX_PIECES};

/// One parsed override.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopiesOverride {
    pub component: String,
    pub variant: Option<String>,
    pub copies: u32,
}

impl std::fmt::Display for CopiesOverride {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.variant {
            Some(v) => write!(f, "{}.{v}={}", self.component, self.copies),
            None => write!(f, "{}={}", self.component, self.copies),
        }
    }
}

/// Why `--copies` cannot be taken.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CopiesError {
    #[error("--copies {0}: expected COMPONENT=N or COMPONENT.VARIANT=N")]
    Form(String),
    #[error("--copies {0}: the count must not be negative")]
    Negative(String),
    #[error("--copies {0}: at most {MAX_COPIES} copies")]
    TooMany(String),
    #[error("--copies {given}: the count must be a whole number, found `{found}`")]
    NotANumber { given: String, found: String },
    #[error("--copies: no component `{component}` (known: {known})")]
    NoComponent { component: String, known: String },
    #[error("--copies: `{component}` has no variant `{variant}` (known: {known})")]
    NoVariant {
        component: String,
        variant: String,
        known: String,
    },
    #[error("{given}: the game would have {total} pieces; the limit is {MAX_PIECES}")]
    TooManyPieces { given: String, total: u64 },
}

/// Parses `tiles=30` or `tiles.grasses=30`.
pub fn parse(text: &str) -> Result<CopiesOverride, CopiesError> {
    let (target, n) = text
        .split_once('=')
        .ok_or_else(|| CopiesError::Form(text.to_string()))?;
    let n = n.trim();
    let copies: u32 = match n.parse::<i128>() {
        Ok(c) if c < 0 => return Err(CopiesError::Negative(text.to_string())),
        Ok(c) if c > MAX_COPIES as i128 => return Err(CopiesError::TooMany(text.to_string())),
        Ok(c) => c as u32,
        Err(_) => {
            return Err(CopiesError::NotANumber {
                given: text.to_string(),
                found: n.to_string(),
            });
        }
    };
    let (component, variant) = match target.trim().split_once('.') {
        Some((c, v)) => (c.to_string(), Some(v.to_string())),
        None => (target.trim().to_string(), None),
    };
    Ok(CopiesOverride {
        component,
        variant,
        copies,
    })
}

/// Applies the overrides to a loaded game, then holds the changed counts to the limits the YAML
/// is held to (copies of one variant, pieces in the game), before any work starts. A variant's
/// own count wins over its component's, whatever their order (`seed=5 seed.sun=3`: sun 3).
pub fn apply(game: &mut Game, overrides: &[CopiesOverride]) -> Result<(), CopiesError> {
    let (whole, one): (Vec<_>, Vec<_>) = overrides.iter().partition(|o| o.variant.is_none());
    for o in whole.into_iter().chain(one) {
        if o.copies > MAX_COPIES {
            return Err(CopiesError::TooMany(o.to_string()));
        }
        let known = game
            .spec
            .components
            .iter()
            .map(|c| c.id.value.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        let c = game
            .spec
            .components
            .iter_mut()
            .find(|c| c.id.value == o.component)
            .ok_or_else(|| CopiesError::NoComponent {
                component: o.component.clone(),
                known,
            })?;
        let at = c.id.clone();
        let spanned = |n: u32| Spanned::new(n, at.referenced, at.defined);
        match &o.variant {
            None => {
                c.copies = Some(Box::new(spanned(o.copies)));
                c.variants.set_all_copies(spanned(o.copies));
            }
            Some(name) => {
                if !c.variants.set_copies(name, spanned(o.copies)) {
                    let known = match c.variants.is_empty() {
                        true => "it has none; give its count as `COMPONENT=N`".to_string(),
                        false => c
                            .variants
                            .iter()
                            .map(|v| v.id.value.clone())
                            .collect::<Vec<_>>()
                            .join(", "),
                    };
                    return Err(CopiesError::NoVariant {
                        component: o.component.clone(),
                        variant: name.clone(),
                        known,
                    });
                }
            }
        }
    }
    let total: u64 = game.spec.components.iter().map(|c| c.total_copies()).sum();
    if !overrides.is_empty() && total > MAX_PIECES {
        let given: Vec<String> = overrides.iter().map(|o| format!("--copies {o}")).collect();
        return Err(CopiesError::TooManyPieces {
            given: given.join(" "),
            total,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_changed_counts_are_held_to_the_limits() {
        // Found by fuzzing: `--copies grain=10000` made night-grain 60,010 pieces.
        let mut game = crate::kinds::load("night-grain").unwrap();
        let err = apply(&mut game, &[parse("grain=10000").unwrap()]).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("--copies grain=10000"), "{msg}");
        assert!(msg.contains("pieces; the limit is 20000"), "{msg}");
        assert_eq!(crate::commands::Error::from(err).exit_code(), 2);
        let mut game = crate::kinds::load("night-grain").unwrap();
        let huge = CopiesOverride {
            component: "grain".into(),
            variant: None,
            copies: MAX_COPIES + 1,
        };
        assert!(apply(&mut game, &[huge]).is_err());
        let mut game = crate::kinds::load("night-grain").unwrap();
        apply(&mut game, &[parse("grain=30").unwrap()]).unwrap();
    }
    #[test]
    fn parses_component_and_variant_forms() {
        assert_eq!(
            parse("tiles.grasses=30").unwrap(),
            CopiesOverride {
                component: "tiles".into(),
                variant: Some("grasses".into()),
                copies: 30
            }
        );
        assert_eq!(parse("rocks=0").unwrap().variant, None);
        for (bad, says) in [
            ("tiles", "expected COMPONENT=N"),
            ("tiles=x", "a whole number, found `x`"),
            ("tiles=-1", "must not be negative"),
            ("tiles=99999999", "at most 10000 copies"),
            ("tiles=99999999999", "at most 10000 copies"),
        ] {
            let msg = parse(bad).unwrap_err().to_string();
            assert!(msg.contains(says), "{bad}: {msg}");
        }
    }

    #[test]
    fn a_variants_own_count_wins_over_its_components_in_any_order() {
        let sun_copies = |args: &[&str]| {
            let mut game = crate::kinds::load("night-grain").unwrap();
            let overrides: Vec<_> = args.iter().map(|a| parse(a).unwrap()).collect();
            apply(&mut game, &overrides).unwrap();
            let team = game
                .spec
                .components
                .iter()
                .find(|c| c.id.value == "team")
                .unwrap();
            let copies = |id: &str| {
                let v = team.variants.iter().find(|v| v.id.value == id).unwrap();
                v.copies.as_ref().map(|c| c.value)
            };
            (copies("sun"), copies("moon"))
        };
        assert_eq!(sun_copies(&["team.sun=3", "team=5"]), (Some(3), Some(5)));
        assert_eq!(sun_copies(&["team=5", "team.sun=3"]), (Some(3), Some(5)));
    }

    #[test]
    fn a_variant_of_a_component_without_variants_says_so() {
        let mut game = crate::kinds::load("night-grain").unwrap();
        let err = apply(&mut game, &[parse("track.x=2").unwrap()]).unwrap_err();
        assert!(
            err.to_string()
                .contains("it has none; give its count as `COMPONENT=N`"),
            "{err}"
        );
    }
}
