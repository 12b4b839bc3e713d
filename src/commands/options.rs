//! Validated build options: the core never sees clap. `cli.rs` turns flags into `Choices`;
//! `BuildOptions::from_choices` checks them against the documented limits.
use std::path::PathBuf;

use crate::base::units::parse_length_or_zero;
use crate::layout::{A4, Cuts, Duplex, LETTER, Paper};

pub use crate::outputs::png::{DEFAULT_DPI, MAX_DPI, MIN_DPI};
pub const MAX_BLEED_MM: f64 = 10.0;
/// The most players a game can be for: `game.players` is held to 1 to 99 (`spec::check`).
pub const MAX_PLAYERS: u32 = 99;

/// A build option out of its range, or two that do not go together.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum OptionsError {
    #[error("--paper {0}: expected a4 or letter")]
    Paper(String),
    #[error("--dpi {0}: expected {MIN_DPI} to {MAX_DPI}")]
    Dpi(u32),
    #[error("--bleed: {0}")]
    Bleed(crate::base::units::LengthError),
    #[error("--bleed {0}: at most {MAX_BLEED_MM} mm")]
    BleedTooLarge(String),
    #[error("--duplex {0}: expected long or short")]
    Duplex(String),
    #[error("--layout gutterfold prints fronts and backs on one side; leave out --duplex")]
    GutterfoldDuplex,
    #[error("--layout {0}: expected duplex or gutterfold")]
    Layout(String),
    #[error("--players {0}: expected 1 to {MAX_PLAYERS}")]
    Players(u32),
    #[error("--cuts {0}: expected marks, lines or both")]
    Cuts(String),
    #[error("--no-pdf and --no-png together leave nothing to build")]
    NothingToBuild,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BuildOptions {
    pub paper: Paper,
    pub dpi: u32,
    pub bleed: f64,
    pub duplex: Duplex,
    /// Folder the game's files go into; `None`: `output/<game id>/`.
    pub out: Option<PathBuf>,
    pub validate: bool,
    pub pdf: bool,
    pub png: bool,
    /// Only the components for this player count (see `select`); `None`: every component.
    pub players: Option<u32>,
    /// Open the PDF with a cover page (contents, print settings, cutting tips).
    pub cover: bool,
    /// Draw every image again, even those already up to date in the output folder.
    pub redraw: bool,
    /// What the PDF shows of the cuts.
    pub cuts: Cuts,
    /// Draw the safe-zone guide on every face (`--guides`).
    pub guides: bool,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            paper: A4,
            dpi: DEFAULT_DPI,
            bleed: 0.0,
            duplex: Duplex::LongEdge,
            out: None,
            validate: true,
            pdf: true,
            png: true,
            players: None,
            cover: true,
            redraw: false,
            cuts: Cuts::Marks,
            guides: false,
        }
    }
}

/// Raw choices as the user typed them.
#[derive(Debug, Clone, Default)]
pub struct Choices {
    pub paper: Option<String>,
    pub landscape: bool,
    pub dpi: Option<u32>,
    pub bleed: Option<String>,
    pub duplex: Option<String>,
    pub out: Option<PathBuf>,
    pub no_validate: bool,
    pub no_pdf: bool,
    pub no_png: bool,
    pub no_cover: bool,
    pub redraw: bool,
    pub players: Option<u32>,
    /// `--layout`: `duplex` (default) or `gutterfold`.
    pub layout: Option<String>,
    /// `--cuts`: `marks` (default), `lines` or `both`.
    pub cuts: Option<String>,
    pub guides: bool,
}

impl BuildOptions {
    pub fn from_choices(c: &Choices) -> Result<BuildOptions, OptionsError> {
        let paper = match c.paper.as_deref().map(str::to_ascii_lowercase).as_deref() {
            None | Some("a4") => A4,
            Some("letter") | Some("us-letter") => LETTER,
            Some(other) => return Err(OptionsError::Paper(other.to_string())),
        };
        let paper = if c.landscape {
            paper.landscape()
        } else {
            paper
        };
        let dpi = c.dpi.unwrap_or(DEFAULT_DPI);
        if !(MIN_DPI..=MAX_DPI).contains(&dpi) {
            return Err(OptionsError::Dpi(dpi));
        }
        let bleed = match &c.bleed {
            None => 0.0,
            Some(text) => {
                let mm = parse_length_or_zero(text).map_err(OptionsError::Bleed)?;
                if mm > MAX_BLEED_MM {
                    return Err(OptionsError::BleedTooLarge(text.clone()));
                }
                mm
            }
        };
        let duplex = match c.duplex.as_deref() {
            None | Some("long") => Duplex::LongEdge,
            Some("short") => Duplex::ShortEdge,
            Some(other) => return Err(OptionsError::Duplex(other.to_string())),
        };
        let duplex = match c.layout.as_deref() {
            None | Some("duplex") => duplex,
            Some("gutterfold") if c.duplex.is_some() => return Err(OptionsError::GutterfoldDuplex),
            Some("gutterfold") => Duplex::GutterFold,
            Some(other) => return Err(OptionsError::Layout(other.to_string())),
        };
        if let Some(n) = c.players.filter(|n| !(1..=MAX_PLAYERS).contains(n)) {
            return Err(OptionsError::Players(n));
        }
        let cuts = match c.cuts.as_deref() {
            None | Some("marks") => Cuts::Marks,
            Some("lines") => Cuts::Lines,
            Some("both") => Cuts::Both,
            Some(other) => return Err(OptionsError::Cuts(other.to_string())),
        };
        if c.no_pdf && c.no_png {
            return Err(OptionsError::NothingToBuild);
        }
        Ok(BuildOptions {
            paper,
            dpi,
            bleed,
            duplex,
            out: c.out.clone(),
            validate: !c.no_validate,
            pdf: !c.no_pdf,
            png: !c.no_png,
            players: c.players,
            cover: !c.no_cover,
            redraw: c.redraw,
            cuts,
            guides: c.guides,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_players_is_refused_with_the_other_options() {
        let c = Choices {
            players: Some(0),
            ..Choices::default()
        };
        let err = BuildOptions::from_choices(&c).unwrap_err();
        assert!(err.to_string().starts_with("--players 0"), "{err}");
        let c = Choices {
            players: Some(2),
            ..Choices::default()
        };
        assert_eq!(BuildOptions::from_choices(&c).unwrap().players, Some(2));
    }
}
