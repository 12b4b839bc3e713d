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
    /// Print nothing but errors
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Print more: timings, faces and pieces
    #[arg(short, long, global = true)]
    pub verbose: bool,
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
    /// Print record sheets for a game night: one per player, in one PDF
    #[command(
        after_help = "Examples:\n  pnp sheets the-beast --players 4\n  pnp sheets the-beast --players 2 --family \"Ann: 4 children, 2 adults, 4 old\" --family \"Bo: 2 children, 3 adults, 8 old\"\n  pnp sheets bean-off --players 5 --names Ann,Bo,Cy,Di,Ed --paper letter"
    )]
    Sheets(SheetsArgs),
    /// Export a game for Tabletop Simulator into output/<game>/tts/
    #[command(
        after_help = "Examples:\n  pnp tts night-grain\n  pnp tts night-grain --base-url https://example.org/ng/\n  pnp tts night-grain --install\n\nThe saved object is <game>.json beside its thumbnail <game>.png; --install copies both into\nTabletop Simulator's Saves/Saved Objects (PNP_TTS_DIR overrides the Tabletop Simulator folder)."
    )]
    Tts(TtsArgs),
    /// List the shipped games with their player counts and components
    #[command(after_help = "Example:\n  pnp list")]
    List,
    /// Start a new game: writes a commented YAML that builds and validates as it is
    #[command(
        after_help = "Examples:\n  pnp new my-game            # writes my-game.yaml\n  pnp new \"Space Goats\" --out games/"
    )]
    New(NewArgs),
    /// Print the JSON Schema of the game YAML, so editors complete and check it
    #[command(
        after_help = "Examples:\n  pnp schema --out pnp.schema.json\n  pnp schema > pnp.schema.json\n\nThen make your game's first line\n  # yaml-language-server: $schema=pnp.schema.json\nand an editor with yaml-language-server (VS Code's YAML extension, Neovim, Helix, Zed…)\ncompletes keys, shows their descriptions and underlines mistakes as you type."
    )]
    Schema(SchemaArgs),
    /// Print a shell completion script: bash, zsh, fish, elvish or powershell
    #[command(
        after_help = "Example:\n  pnp completions bash > ~/.local/share/bash-completion/completions/pnp"
    )]
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) on standard output
    #[command(after_help = "Example:\n  pnp man > pnp.1 && man ./pnp.1")]
    Man,
}

#[derive(Debug, Args)]
pub struct NewArgs {
    /// The game's name; its id (and file name) is made from it
    pub name: String,
    /// Folder to write the YAML into (default: the current folder)
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// Write the schema to this file (atomically) instead of printing it
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct SheetsArgs {
    /// A shipped game (the-beast, bean-off, …) or a path to a YAML file
    pub game: String,
    /// Number of sheets (default: one per name or family given)
    #[arg(long, value_name = "N")]
    pub players: Option<u32>,
    /// Players' names, printed on their sheets: Ann,Bo,Cy
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub names: Vec<String>,
    /// A family to pre-fill (The Beast), once per player: "Ann: 4 children, 2 adults, 4 old"
    #[arg(long, value_name = "FAMILY")]
    pub family: Vec<String>,
    /// Which sheet of the game (default: its first)
    #[arg(long, value_name = "ID")]
    pub sheet: Option<String>,
    /// Paper: a4 or letter
    #[arg(long, value_name = "PAPER")]
    pub paper: Option<String>,
    /// Output folder (default: output/<game>)
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print even if the game's rules do not hold
    #[arg(long)]
    pub no_validate: bool,
}

#[derive(Debug, Args)]
pub struct TtsArgs {
    /// A shipped game (night-grain, …) or a path to a YAML file
    pub game: String,
    /// Address the images will be uploaded to; the JSON then uses hosted URLs instead of file:///
    #[arg(long, value_name = "URL")]
    pub base_url: Option<String>,
    /// Also copy the saved object into Tabletop Simulator's Saved Objects folder
    #[arg(long)]
    pub install: bool,
    /// Resolution of the images (default 200; deck sheets are reduced to fit 4096 px)
    #[arg(long, value_name = "DPI")]
    pub dpi: Option<u32>,
    /// Output folder (default: output/<game>/tts)
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Export even if the game's rules do not hold
    #[arg(long)]
    pub no_validate: bool,
}

#[derive(Debug, Args, Clone)]
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
    /// Leave out the PDF's cover page (contents, print settings, cutting tips)
    #[arg(long)]
    pub no_cover: bool,
    /// Draw every image again, even those already up to date (by default an image made from
    /// the same drawing, size and options by this version of pnp, and unchanged since, is kept)
    #[arg(long)]
    pub redraw: bool,
    /// Build only the components for this player count (e.g. the board size it uses);
    /// default: every component
    #[arg(long, value_name = "N")]
    pub players: Option<u32>,
    /// Change a count without editing the YAML: COMPONENT=N (every variant) or
    /// COMPONENT.VARIANT=N; repeatable. The rules are checked against the new counts.
    #[arg(long, value_name = "ID[.VARIANT]=N")]
    pub copies: Vec<String>,
    /// Rebuild whenever the YAML, a YAML or CSV beside it, a CSV its `data:` names or its symbols/
    /// change (Ctrl-C stops)
    #[arg(long)]
    pub watch: bool,
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
    #[arg(long, value_name = "LENGTH", allow_hyphen_values = true)]
    pub bleed: Option<String>,
    /// How backs are placed for double-sided printing: long or short (edge the printer flips on)
    #[arg(long, value_name = "EDGE")]
    pub duplex: Option<String>,
    /// Where backs go: duplex (back pages, see --duplex) or gutterfold (backs beside the
    /// fronts on the same sheet, to fold and glue)
    #[arg(long, value_name = "LAYOUT")]
    pub layout: Option<String>,
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
