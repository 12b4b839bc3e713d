//! Output sinks. Each takes the drawn faces (and, for the PDF, the imposed pages) and returns
//! bytes; `stream` feeds them a window of pages at a time; `writer` alone puts files on disk,
//! atomically.
pub mod error;
pub mod pdf;
pub mod png;
pub mod png_source;
pub mod preflight;
pub mod raster;
pub mod shops;
pub mod stream;
pub mod tts;
pub mod writer;

pub use error::OutputError;

use std::path::PathBuf;

/// One file written by a build.
#[derive(Debug, Clone)]
pub struct Written {
    pub path: PathBuf,
    /// "3 pages", "12 images"…
    pub what: String,
    pub bytes: u64,
}
