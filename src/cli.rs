//! The command line's shape (clap derive). No I/O here; `main.rs` acts on it.
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "pnp",
    version,
    about = "Print-and-play board game components from YAML: cut-and-mount PDFs, exact PNGs, rules checked."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Build a game's PDF and PNGs into output/<game>/
    #[command(
        after_help = "Examples:\n  pnp build night-grain\n  pnp build making-ground --players 2\n  pnp build night-grain --paper letter --dpi 600\n  pnp build my-game.yaml --out build/my-game --bleed 3mm"
    )]
    Build(BuildArgs),
    /// Check a game's components against its rules
    #[command(
        after_help = "Examples:\n  pnp validate night-grain\n  pnp validate --all\n  pnp validate my-game.yaml"
    )]
    Validate(ValidateArgs),
}

#[derive(Debug, Args)]
pub struct BuildArgs {
    /// A shipped game (night-grain, …) or a path to a YAML file
    pub game: String,
    #[command(flatten)]
    pub print: PrintArgs,
    /// Build even if the game's rules do not hold
    #[arg(long)]
    pub no_validate: bool,
    /// Skip the PDF
    #[arg(long)]
    pub no_pdf: bool,
    /// Skip the PNGs
    #[arg(long)]
    pub no_png: bool,
    /// Build only the components for this player count (e.g. the board size it uses);
    /// default: every component
    #[arg(long, value_name = "N")]
    pub players: Option<u32>,
    /// Change a count without editing the YAML: COMPONENT=N (every variant) or
    /// COMPONENT.VARIANT=N; repeatable. The rules are checked against the new counts.
    #[arg(long, value_name = "ID[.VARIANT]=N")]
    pub copies: Vec<String>,
}

#[derive(Debug, Args, Clone)]
pub struct PrintArgs {
    /// Paper: a4 or letter
    #[arg(long, value_name = "PAPER")]
    pub paper: Option<String>,
    /// Turn the paper to landscape
    #[arg(long)]
    pub landscape: bool,
    /// Resolution of the PNGs
    #[arg(long, value_name = "DPI")]
    pub dpi: Option<u32>,
    /// Bleed around every piece, e.g. 3mm or 0.125in
    #[arg(long, value_name = "LENGTH")]
    pub bleed: Option<String>,
    /// How backs are placed for double-sided printing: long or short (edge the printer flips on)
    #[arg(long, value_name = "EDGE")]
    pub duplex: Option<String>,
    /// Output folder (default: output/<game>)
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Shipped games or YAML files
    pub games: Vec<String>,
    /// Every shipped game
    #[arg(long)]
    pub all: bool,
}
