//! The last step that reads the spec or asks a kind: a game and the build's options become
//! owned pieces, each face drawn once, with everything later stages need.
pub mod faces;
pub mod fit;
mod names;
pub mod overrides;
pub mod select;
