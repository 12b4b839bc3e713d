//! Checks that need logic beyond counting, referenced from the YAML by name
//! (`check: {named: <name>}`). Each returns (held, expected, found).
use super::Check;
use crate::kinds::Game;

/// Names of the checks implemented here.
pub const NAMES: &[&str] = &[
    "beast-family",
    "beast-starvation",
    "sheet-value",
    "sheet-spaces",
    "sheet-rows",
];

pub fn run(
    game: &Game,
    name: &serde_saphyr::Spanned<String>,
    check: &Check,
) -> Result<super::Verdict, super::Unmeasurable> {
    match name.value.as_str() {
        "beast-family" => crate::rules::sheet_checks::beast_family_check(game, check),
        "sheet-value" => crate::rules::sheet_checks::sheet_value_check(game, check),
        "sheet-spaces" => crate::rules::sheet_checks::sheet_spaces_check(game, check),
        "sheet-rows" => crate::rules::sheet_checks::sheet_rows_check(game, check),
        "beast-starvation" => crate::rules::sheet_checks::beast_starvation_check(game, check),
        _ => Err(super::Unmeasurable(format!(
            "no named check `{}` (known: {})",
            name.value,
            if NAMES.is_empty() {
                "none yet".to_string()
            } else {
                NAMES.join(", ")
            }
        ))),
    }
}
