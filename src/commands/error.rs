//! Everything a command can fail with: the layers' errors, composed. `main` prints them and
//! picks the exit code (2: the input is wrong, 1: writing the output failed).
use thiserror::Error;

use crate::base::diagnostic::Diagnostic;
use crate::outputs::OutputError;
use crate::spec::SpecError;

/// Everything `pnp` can fail with.
#[derive(Debug, Error)]
pub enum Error {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error("{0}")]
    Rules(crate::rules::Failures),
    #[error("{0}")]
    Options(String),
    #[error(transparent)]
    Output(#[from] OutputError),
}

impl Error {
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
