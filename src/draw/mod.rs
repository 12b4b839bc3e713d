//! Drawing primitives, knowing nothing of games: an SVG canvas, text measured and fitted with
//! our own fonts, markup with inline icons, symbols read from SVG under a whitelist, pictures
//! placed in boxes, and SVG parsed into `usvg` trees with our fonts and pictures.
pub mod canvas;
pub mod frame;
pub mod image;
pub mod images;
pub mod markup;
pub mod pips;
pub mod symbol;
pub mod text;
pub mod trees;
