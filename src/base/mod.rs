//! What every layer stands on and that knows nothing of pnp's games: lengths and units,
//! geometry (shapes, outlines, arcs), located diagnostics, the embedded assets and the fonts.
pub mod arcs;
pub mod assets;
pub mod diagnostic;
pub mod fonts;
pub mod forms;
pub mod geometry;
pub mod hash;
pub mod outline;
pub mod polyhedra;
pub mod shape;
pub mod units;
