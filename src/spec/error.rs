//! Why a game's description cannot be read: the file, the YAML, or the located problems found
//! in it.
use std::path::PathBuf;
use thiserror::Error;

use crate::base::diagnostic::{Diagnostic, Problems};

#[derive(Debug, Error)]
pub enum SpecError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "no game named `{name}`: expected a shipped game ({known}) or a path to a .yaml file{hint}"
    )]
    UnknownGame {
        name: String,
        known: String,
        /// `; did you mean …?` or empty.
        hint: String,
    },
    #[error("{0}")]
    Yaml(Diagnostic),
    #[error("{0}")]
    Invalid(Problems),
}
