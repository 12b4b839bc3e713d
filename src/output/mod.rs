//! Output sinks. Each takes the drawn faces (and, for the PDF, the imposed pages) and returns
//! bytes; `stream` feeds them a window of pages at a time; `writer` alone puts files on disk,
//! atomically.
pub mod cover;
pub mod cuts;
pub mod furniture;
pub mod gutterfold;
pub mod layout;
pub mod pack;
pub mod pdf;
pub mod png;
pub mod png_source;
pub mod raster;
pub mod registration;
pub mod split;
pub mod stream;
pub mod tts;
pub mod writer;
