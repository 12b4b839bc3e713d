//! Boards: squares (`board`), hexes (`hex-board`) and points joined by lines (`point-board`),
//! sharing what every board has beside its grid (`extras`), where its parts lie (`frame`), its
//! marks (`marks`) and what it draws around the grid (`furniture`); spaces of any shape placed
//! anywhere on a board (`shaped`); the spaces themselves are `kinds::spaces`.
pub mod board;
pub mod extras;
pub mod frame;
pub mod furniture;
pub mod hex_board;
pub mod lattice;
pub mod marks;
pub mod point_board;
pub mod shaped;
