//! Why writing an output failed.
use std::path::PathBuf;
use thiserror::Error;

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
    Pdf(#[from] crate::outputs::pdf::PdfError),
    /// A face's SVG cannot be read back or does not parse (a bug of pnp's).
    #[error(transparent)]
    Face(#[from] crate::layout::document::FaceError),
    #[error("could not make the image {name}: {why}")]
    Png {
        name: String,
        why: crate::outputs::png::ImageError,
    },
    #[error("Tabletop Simulator export: {0}")]
    Tts(#[from] crate::outputs::tts::TtsError),
    /// Making the outputs panicked (in pnp or a library it draws with): the build fails as a
    /// failed write does, its temporaries and lock removed.
    #[error(
        "could not make the outputs: {0} (a bug of pnp's or of a library it draws with: please report it with the game)"
    )]
    Panicked(String),
}

impl OutputError {
    /// Writing `path` failed.
    pub fn write(path: &std::path::Path, source: std::io::Error) -> OutputError {
        OutputError::Write {
            path: path.to_path_buf(),
            source,
        }
    }

    /// Making the image `name` failed: for `map_err`.
    pub fn png(name: &str) -> impl FnOnce(crate::outputs::png::ImageError) -> OutputError + '_ {
        move |why| OutputError::Png {
            name: name.to_string(),
            why,
        }
    }

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
