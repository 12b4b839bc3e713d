//! One function a `pnp` command: build, validate, check, sheets, tts, serve, new, schema; the
//! validated options they take and the error they fail with. The core never sees clap.
mod build;
pub mod error;
pub mod options;
pub mod scaffold;
pub mod schema;
pub mod serve;
pub mod sheets;
mod tts;

pub use tts::tts;

pub use build::*;
pub use error::Error;
