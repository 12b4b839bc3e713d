//! pnp: print-and-play components from YAML.
//!
//! The library is in layers, each importing only the layers listed before it
//! (`tests/it/layers.rs` refuses an upward import; docs/architecture.md draws them):
//! `base` (units, geometry, diagnostics, assets, fonts) → `draw` (canvas, text, symbols,
//! pictures) → `spec` (the YAML language: load, include, data, check) → `kinds` (one file a kind
//! of piece) → `rules` (the rules language) → `resolve` (owned pieces, each face drawn) →
//! `layout` (the document: pages, placements, furniture, cover) → `outputs` (PDF, PNG, Tabletop
//! Simulator, print shops, preflight) → `commands` (one function a `pnp` command, the options
//! and the error they fail with). Only the command line (`main.rs`) prints.
pub mod base;
pub mod commands;
pub mod draw;
pub mod kinds;
pub mod layout;
pub mod outputs;
pub mod resolve;
pub mod rules;
pub mod spec;

pub use resvg::{tiny_skia, usvg};
