//! Boards: squares (`board`), hexes (`hex-board`) and points joined by lines (`point-board`),
//! sharing their spaces' naming, geometry, frames and marks (`spaces`).
pub mod board;
pub mod hex_board;
pub mod point_board;
pub mod spaces;
