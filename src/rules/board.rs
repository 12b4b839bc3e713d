//! Board vocabulary of the rules: `board: <id>` (squares per side, compared with equals /
//! at_least / at_most) and `at_least_squares_of: <board id>`, an expectation any counting
//! subject can use (e.g. enough tiles to cover every square of the largest board).
use super::{Check, Found, Measured, compare_number, component};
use crate::error::Located;
use crate::spec::Game;
use serde_saphyr::Spanned;

/// The board's squares per side, as the subject of a check.
pub(super) fn side(game: &Game, id: &Spanned<String>) -> Measured {
    let c = component(game, id)?;
    let b = c.board.as_ref().ok_or_else(|| {
        (
            Some(Located::at(&game.file, id, String::new())),
            format!("`{}` is not a board", id.value),
        )
    })?;
    let n = b.squares.value;
    Ok((
        Some(Located::at(&game.file, &b.squares, String::new())),
        Found::Number(n as f64, format!("{n}×{n} squares ({})", c.id.value)),
    ))
}

/// `compare_number`, plus `at_least_squares_of` when the check has it.
pub(super) fn compare_with_squares(
    game: &Game,
    v: f64,
    check: &Check,
) -> Result<(bool, String), (Option<Located>, String)> {
    let Some(id) = &check.at_least_squares_of else {
        return Ok(compare_number(v, check));
    };
    let c = component(game, id)?;
    let b = c.board.as_ref().ok_or_else(|| {
        (
            Some(Located::at(&game.file, id, String::new())),
            format!("`{}` is not a board", id.value),
        )
    })?;
    let squares = (b.squares.value as u64).pow(2);
    let own = format!("at least {squares} (the squares of {})", c.id.value);
    let mut held = v >= squares as f64 - 1e-9;
    let mut expected = own;
    let others = check.equals.is_some() || check.at_least.is_some() || check.at_most.is_some();
    if others {
        let (h, e) = compare_number(v, check);
        held &= h;
        expected = format!("{e} and {expected}");
    }
    Ok((held, expected))
}
