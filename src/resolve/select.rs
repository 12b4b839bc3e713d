//! Which components a build makes: every one, or (with `--players N`) those whose `players:`
//! list holds N plus those without a list. Rules are still checked against the whole game,
//! so a player-count build never hides a broken component set.
use crate::kinds::Game;

/// A player count the game is not for.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("--players {players}: {game} is for {allowed} players")]
pub struct SelectError {
    pub players: u32,
    pub game: String,
    /// "2, 3, 4".
    pub allowed: String,
}

/// Per component (spec order): whether it is built for `players`.
pub fn components(game: &Game, players: Option<u32>) -> Result<Vec<bool>, SelectError> {
    let comps = &game.spec.components;
    let Some(n) = players else {
        return Ok(vec![true; comps.len()]);
    };
    let allowed = &game.spec.game.players.value;
    if !allowed.contains(&n) {
        return Err(SelectError {
            players: n,
            game: game.name().to_string(),
            allowed: crate::spec::player_counts(allowed),
        });
    }
    Ok(comps
        .iter()
        .map(|c| c.players.as_ref().is_none_or(|p| p.value.contains(&n)))
        .collect())
}
