//! `--copies ID=N` / `--copies ID.VARIANT=N`: change how many copies a build makes without
//! editing the YAML (e.g. more tiles of one rank). `ID=N` sets every variant of the component;
//! `ID.VARIANT=N` one variant. The rules are still checked against the changed counts.
use serde_saphyr::Spanned;

use crate::error::Error;
use crate::spec::Game;
use crate::spec::MAX_COPIES;

/// One parsed override.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopiesOverride {
    pub component: String,
    pub variant: Option<String>,
    pub copies: u32,
}

/// Parses `tiles=30` or `tiles.grasses=30`.
pub fn parse(text: &str) -> Result<CopiesOverride, Error> {
    let bad = |why: &str| Error::Options(format!("--copies {text}: {why}"));
    let (target, n) = text
        .split_once('=')
        .ok_or_else(|| bad("expected COMPONENT=N or COMPONENT.VARIANT=N"))?;
    let copies: u32 = n
        .trim()
        .parse()
        .map_err(|_| bad("the count must be a whole number"))?;
    if copies > MAX_COPIES {
        return Err(bad(&format!("at most {MAX_COPIES} copies")));
    }
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

/// Applies the overrides to a loaded game, in order.
pub fn apply(game: &mut Game, overrides: &[CopiesOverride]) -> Result<(), Error> {
    for o in overrides {
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
            .ok_or_else(|| {
                Error::Options(format!(
                    "--copies: no component `{}` (known: {known})",
                    o.component
                ))
            })?;
        let at = c.id.clone();
        let spanned = |n: u32| Some(Spanned::new(n, at.referenced, at.defined));
        match &o.variant {
            None => {
                c.copies = spanned(o.copies).map(Box::new);
                for v in &mut c.variants {
                    v.copies = spanned(o.copies).map(Box::new);
                }
            }
            Some(name) => {
                let known = c
                    .variants
                    .iter()
                    .map(|v| v.id.value.as_str())
                    .collect::<Vec<_>>()
                    .join(", ");
                let v = c
                    .variants
                    .iter_mut()
                    .find(|v| &v.id.value == name)
                    .ok_or_else(|| {
                        Error::Options(format!(
                            "--copies: `{}` has no variant `{name}` (known: {known})",
                            o.component
                        ))
                    })?;
                v.copies = spanned(o.copies).map(Box::new);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
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
        for bad in ["tiles", "tiles=x", "tiles=-1", "tiles=99999999"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
