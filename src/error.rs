//! Typed errors. Input errors carry a file, line and column; `main` prints them and picks the
//! exit code (2: the input is wrong, 1: writing the output failed).
use std::fmt;
use std::path::PathBuf;
use thiserror::Error;

pub use crate::diagnostic::{Diagnostic, Severity};

/// Several located problems, reported together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problems(pub Vec<Diagnostic>);

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

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

#[derive(Debug, Error)]
pub enum OutputError {
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the output directory {path} is not a directory")]
    NotADirectory { path: PathBuf },
    /// Something other than a regular file is where an output goes: writing would replace a
    /// device or a FIFO, or reach through a link. Refused before anything is written.
    #[error(
        "refusing to write {path}: it is {what}, and pnp writes only regular files (never through a link); remove it or choose another output path"
    )]
    NotAFile { path: PathBuf, what: &'static str },
    /// Printing a command's result failed (`pnp list > /dev/full`).
    #[error("cannot write to standard output: {0}")]
    Stdout(std::io::Error),
    #[error(transparent)]
    Pdf(#[from] crate::output::pdf::PdfError),
    /// A face that drew once cannot be drawn again, or its SVG does not parse (a bug of pnp's).
    #[error("could not draw {name} again: {why}")]
    Face { name: String, why: String },
    #[error("could not make the image {name}: {why}")]
    Png {
        name: String,
        why: crate::output::png::ImageError,
    },
    #[error("Tabletop Simulator export: {0}")]
    Tts(#[from] crate::output::tts::TtsError),
    /// Making the outputs panicked (in pnp or a library it draws with): the build fails as a
    /// failed write does, its temporaries and lock removed.
    #[error(
        "could not make the outputs: {0} (a bug of pnp's or of a library it draws with: please report it with the game)"
    )]
    Panicked(String),
}

impl OutputError {
    /// The error for a panic caught while making the outputs, with its message.
    pub fn panicked(panic: Box<dyn std::any::Any + Send>) -> OutputError {
        let message = match (panic.downcast_ref::<&str>(), panic.downcast_ref::<String>()) {
            (Some(s), _) => s.to_string(),
            (_, Some(s)) => s.clone(),
            _ => "it stopped unexpectedly".to_string(),
        };
        OutputError::Panicked(message)
    }
}

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
