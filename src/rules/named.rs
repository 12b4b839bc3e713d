//! Checks that need logic beyond counting, referenced from the YAML by name
//! (`check: {named: <name>}`). Each returns (held, expected, found).
use super::Check;
use crate::spec::Game;

/// Names of the checks implemented here.
pub const NAMES: &[&str] = &[];

pub fn run(
    _game: &Game,
    name: &serde_saphyr::Spanned<String>,
    _check: &Check,
) -> Result<(bool, String, String), String> {
    Err(format!(
        "no named check `{}` (known: {})",
        name.value,
        if NAMES.is_empty() {
            "none yet".to_string()
        } else {
            NAMES.join(", ")
        }
    ))
}
