//! `pnp tts`: a game for Tabletop Simulator. What the input or the machine refuses (the rules,
//! the player count, where to install) is refused before any folder is made; the export itself
//! (`outputs::tts`) takes the laid-out game.
use super::options::BuildOptions;
use super::{Error, check_rules, prepare_with};
use crate::base::diagnostic::Diagnostic;
use crate::kinds::Game;
use crate::outputs::tts::{OptionError, TtsOptions, TtsReport, install, table, tts_dir};

/// Exports a game for Tabletop Simulator.
pub fn tts(game: &Game, opt: &TtsOptions) -> Result<TtsReport, Error> {
    let mut report = TtsReport {
        warnings: game.warnings.clone(),
        ..TtsReport::default()
    };
    if opt.validate {
        check_rules(game)?;
    } else {
        report.warnings.push(Diagnostic::unplaced_warning(
            "rules not validated (--no-validate)".into(),
        ));
    }
    // The table's players: asked for, else the game's fewest.
    let counts = &game.spec.game.players.value;
    let table_players = opt.table.map(|n| match n {
        0 => counts.iter().copied().min().unwrap_or(1),
        n => n,
    });
    let players = opt.players.or(table_players);
    if let Some(n) = table_players.filter(|n| !(1..=table::MAX_SEATS).contains(n)) {
        return Err(OptionError::Seats(n).into());
    }
    // Everything that can fail on the input or the environment fails before any file is made.
    let saves = match opt.install {
        true => Some(install::saves_dir().map_err(OptionError::from)?),
        false => None,
    };
    let bopt = BuildOptions {
        dpi: opt.dpi,
        // Not the PNG sink's images: TTS fits its own within 4096 px (`image::fitted_size`).
        png: false,
        players,
        ..BuildOptions::default()
    };
    let prepared = prepare_with(game, &bopt, true, crate::resolve::Keep::Svg)?;
    let dir = tts_dir(game.id(), opt);
    Ok(crate::outputs::tts::export(
        &prepared,
        opt,
        table_players,
        &dir,
        saves,
        report,
    )?)
}
