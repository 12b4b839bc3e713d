//! The integration tests: one binary (linking one copy of pnp and its dependencies, not one a
//! file), each file a module. Most run the real `pnp` binary on real games (`common::pnp`).
#![allow(dead_code)]

mod art;
mod bad_input;
mod board_spaces;
mod boards;
mod cli;
mod common;
mod cover;
mod data_files;
mod designer;
mod dice;
mod fields;
mod hardening;
mod hex_valley;
mod input_limits;
mod kinds;
mod lattice;
mod layers;
mod layout;
mod limits;
mod making_ground;
mod markup;
mod memory;
mod night_grain;
mod paper;
mod piecepack;
mod print_shops;
mod raster;
mod readme;
mod rebuild;
mod reference;
mod registration;
mod rules;
mod schema;
mod serve;
mod serve_browser;
mod shapes;
mod sheets;
mod streaming;
mod table_picture;
mod truthful;
mod tts;
mod tts_names;
mod tts_table;
