//! Everything a command can fail with: the layers' errors, composed. `main` prints them and
//! picks the exit code (2: the input is wrong, 1: writing the output failed).
use thiserror::Error;

use crate::base::diagnostic::{Diagnostic, Problems};
use crate::outputs::OutputError;
use crate::spec::SpecError;

/// Everything `pnp` can fail with.
#[derive(Debug, Error)]
pub enum Error {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error("{0}")]
    Rules(crate::rules::Failures),
    #[error(transparent)]
    Usage(#[from] Usage),
    #[error(transparent)]
    Output(#[from] OutputError),
    #[error(transparent)]
    Players(#[from] crate::resolve::select::SelectError),
    #[error(transparent)]
    Resolve(#[from] crate::resolve::ResolveError),
    #[error(transparent)]
    Unplaceable(#[from] crate::layout::document::Unplaceable),
    #[error(transparent)]
    Pixels(#[from] crate::outputs::png::TooManyPixels),
    #[error(transparent)]
    Shop(crate::outputs::shops::ShopError),
    #[error(transparent)]
    TtsOptions(#[from] crate::outputs::tts::OptionError),
    #[error(transparent)]
    Copies(#[from] crate::resolve::overrides::CopiesError),
    #[error(transparent)]
    BuildOptions(#[from] super::options::OptionsError),
    #[error(transparent)]
    Sheets(#[from] super::sheets::SheetsError),
    #[error(transparent)]
    Serve(#[from] super::serve::ServeError),
}

/// What the command line asks that cannot be done, before any game is read.
#[derive(Debug, thiserror::Error)]
pub enum Usage {
    #[error("--for {0}: no such service")]
    NoService(String),
    #[error("--for SERVICE sets the bleed its products take; leave out --bleed")]
    ForWithBleed,
    #[error("--bleed: {0}")]
    Bleed(crate::base::units::LengthError),
    #[error(transparent)]
    Watch(#[from] crate::spec::watch::NotAFile),
    #[error("cannot catch Ctrl-C: {0}")]
    CtrlC(String),
    #[error("name a game (or several), or use --all")]
    NoGames,
    #[error("validation failed for {}", .0.join(", "))]
    ValidationFailed(Vec<String>),
    /// `pnp new`'s name gives no id, or cannot be drawn.
    #[error("{0}")]
    Name(String),
    #[error("{} already exists: choose another name or --out", .0.display())]
    Exists(std::path::PathBuf),
    #[error("the manual has no page {0}")]
    NoManualPage(String),
}

/// A service's refusals are the input's fault; failing to write is the output's.
impl From<crate::outputs::shops::ShopError> for Error {
    fn from(e: crate::outputs::shops::ShopError) -> Error {
        match e {
            crate::outputs::shops::ShopError::Output(o) => Error::Output(o),
            refused => Error::Shop(refused),
        }
    }
}

impl Error {
    /// The problems, each located, when the error is a list of them (printed one by one).
    pub fn problems(&self) -> Option<&Problems> {
        match self {
            Error::Spec(SpecError::Invalid(p))
            | Error::Resolve(crate::resolve::ResolveError::Spec(SpecError::Invalid(p)))
            | Error::Unplaceable(crate::layout::document::Unplaceable(p))
            | Error::Pixels(crate::outputs::png::TooManyPixels(p))
            | Error::Shop(crate::outputs::shops::ShopError::Refused(p)) => Some(p),
            _ => None,
        }
    }

    /// Every place in a YAML file the error points at (for snippets).
    pub fn locations(&self) -> Vec<&Diagnostic> {
        match self {
            Error::Spec(SpecError::Yaml(l)) => vec![l],
            Error::Spec(SpecError::Invalid(p)) => p.0.iter().collect(),
            Error::Rules(f) => f.0.iter().map(|o| &o.at).collect(),
            _ => Vec::new(),
        }
    }

    /// 2 when the input (YAML, options) is at fault, 1 when producing the output failed (an
    /// output path refused as not a regular file included: see the README's exit codes).
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Output(_) => 1,
            _ => 2,
        }
    }
}
