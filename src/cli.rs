//! The command line's shape (clap derive). No I/O here; `main.rs` acts on it.
//!
//! Values are checked as they are parsed and refused in pnp's voice, with their real limits:
//! `--paper a3: expected a4 or letter`, `--dpi 5000: expected 30 to 1200` (`pnp::commands::options`
//! checks them again for the library's other callers). Options with a fixed set of values are
//! value enums, so `--help` lists them and `pnp completions` offers them. `-q` and `-v` belong to
//! the commands whose output they change.
use clap::builder::{EnumValueParser, PossibleValue, StringValueParser, TypedValueParser};
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum, ValueHint};
use clap_complete::Shell;
use std::ffi::OsStr;
use std::marker::PhantomData;
use std::path::PathBuf;

use pnp::commands::options::{DEFAULT_DPI, MAX_DPI, MAX_PLAYERS, MIN_DPI};
use pnp::outputs::tts::DEFAULT_DPI as TTS_DEFAULT_DPI;

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

/// `-q`'s help, the same on every command that takes it.
const QUIET: &str = "Print only errors and warnings";
/// `-q`'s help where only `--out` makes the command print more than its result.
const QUIET_OUT: &str = "Print only errors when writing to --out";

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Build a game's PDF and PNGs into output/<game>/
    #[command(
        after_help = "Examples:\n  pnp build night-grain\n  pnp build making-ground --players 2\n  pnp build night-grain --paper letter --dpi 600\n  pnp build my-game.yaml --out build/my-game --bleed 3mm"
    )]
    Build(BuildArgs),
    /// Preview a game in the browser, updated as its files are saved
    #[command(
        after_help = "Examples:\n  pnp serve my-game.yaml\n  pnp serve my-game.yaml --port 8080 --open\n\nThe page shows the sheets as printed, every distinct face (named as its PNG, with the\nfile:line it is written at), the rules' report and the warnings. It follows the YAML, the CSVs\nit reads, its symbols/ and the games it includes; a YAML error keeps the last good preview\nand shows where the error is. Players, paper and backs switch in the page, and its button\nwrites the outputs as pnp build does. Listens on 127.0.0.1 only; Ctrl-C stops it."
    )]
    Serve(ServeArgs),
    /// Check a game's components against its rules
    #[command(
        after_help = "Examples:\n  pnp validate night-grain\n  pnp validate --all\n  pnp validate my-game.yaml"
    )]
    Validate(ValidateArgs),
    /// Preflight for a print shop and a designer: text near the cut or too small, hairlines, pale text, art short of the bleed, pieces told apart by colour alone or too large for their spaces
    #[command(
        after_help = "Examples:\n  pnp check night-grain\n  pnp check the-beast --for mpc\n  pnp check my-game.yaml --bleed 3mm --paper letter\n\nEach warning names the face, the component's line in the YAML and what to change. Text and\nsymbols must stay 3 mm inside the cut, or the service's safe zone with --for. Text must be set\nat 6 pt or more (`game.min_text`), pieces a player tells apart must differ without colour (in\ngrey and to colour-blind eyes), and pieces must fit where the game puts them (`holds:`)."
    )]
    Check(CheckArgs),
    /// Print record sheets for a game night: one per player, in one PDF
    #[command(
        after_help = "Examples:\n  pnp sheets the-beast --players 4\n  pnp sheets the-beast --players 2 --family \"Ann: 4 children, 2 adults, 4 old\" --family \"Bo: 2 children, 3 adults, 8 old\"\n  pnp sheets bean-off --players 5 --names Ann,Bo,Cy,Di,Ed --paper letter"
    )]
    Sheets(SheetsArgs),
    /// Export a game for Tabletop Simulator into output/<game>/tts/
    #[command(
        after_help = "Examples:\n  pnp tts night-grain\n  pnp tts night-grain --base-url https://example.org/ng/\n  pnp tts night-grain --install\n  pnp tts cream-of-the-crop --table --players 3 --install\n\nThe saved object is <game>.json beside its thumbnail <game>.png; --install copies both into\nTabletop Simulator's Saves/Saved Objects (PNP_TTS_DIR overrides the Tabletop Simulator folder).\n--table also writes <game>-table.json, a whole game laid out for --players (default: the\ngame's fewest), with its picture <game>-table.png; --install copies those into Saves."
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
        after_help = "Example:\n  pnp completions bash > ~/.local/share/bash-completion/completions/pnp\n\nCompleted: commands and options; in bash, zsh and fish the values of --paper, --duplex and\n--layout; for GAME, in bash the shipped games' ids (file names when no id matches), in zsh\nfile names."
    )]
    Completions {
        /// The shell to complete pnp's commands in
        #[arg(value_parser = Choice::<Shell>::new())]
        shell: Shell,
    },
    /// Print the manual page (roff), or write every page of the manual with --out
    #[command(
        after_help = "Examples:\n  pnp man > pnp.1 && man ./pnp.1\n  pnp man build | man -l -\n  pnp man --out ~/.local/share/man/man1     # pnp.1, pnp-build.1, …"
    )]
    Man(ManArgs),
}

impl Command {
    /// `-q`: only errors and warnings (see `QUIET`).
    pub fn quiet(&self) -> bool {
        match self {
            Command::Build(a) => a.quiet,
            Command::Validate(a) => a.quiet,
            Command::Check(a) => a.quiet,
            Command::Sheets(a) => a.quiet,
            Command::Tts(a) => a.quiet,
            Command::New(a) => a.quiet,
            Command::Schema(a) => a.quiet,
            Command::Man(a) => a.quiet,
            Command::List | Command::Completions { .. } | Command::Serve(_) => false,
        }
    }

    /// `-v`: a build's image counts and peak memory.
    pub fn verbose(&self) -> bool {
        match self {
            Command::Build(a) => a.verbose,
            Command::Validate(a) => a.verbose,
            _ => false,
        }
    }
}

/// The commands, as `pnp man COMMAND` takes them (a test holds it to `Command`).
pub const COMMANDS: &[&str] = &[
    "build",
    "serve",
    "validate",
    "check",
    "sheets",
    "tts",
    "list",
    "new",
    "schema",
    "completions",
    "man",
];

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// A YAML file (a shipped game's id shows that game, which does not change)
    #[arg(value_parser = GameName, hide_possible_values = true, value_hint = ValueHint::FilePath)]
    pub game: String,
    /// Port on 127.0.0.1 [default: a free one]
    #[arg(long, value_name = "N", value_parser = PORT, allow_negative_numbers = true)]
    pub port: Option<u32>,
    /// Open the page in the default browser
    #[arg(long)]
    pub open: bool,
    /// Where the page's button writes the outputs [default: output/<game>]
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct NewArgs {
    /// The game's name; its id (and file name) is made from it
    pub name: String,
    /// Folder to write the YAML into [default: the current folder]
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub out: Option<PathBuf>,
    #[arg(short, long, help = QUIET)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// Write the schema to this file instead of printing it
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub out: Option<PathBuf>,
    #[arg(short, long, help = QUIET_OUT, requires = "out")]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// The command whose page to print, e.g. build for pnp-build(1) [default: pnp(1), the overview]
    #[arg(value_name = "COMMAND", value_parser = OneOf(COMMANDS), conflicts_with = "out")]
    pub command: Option<String>,
    /// Write every page into this folder instead: pnp.1, and pnp-COMMAND.1 for each command
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub out: Option<PathBuf>,
    #[arg(short, long, help = QUIET_OUT, requires = "out")]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct SheetsArgs {
    /// A shipped game's id (the-beast, bean-off, …; see pnp list) or a path to a YAML file
    #[arg(value_parser = GameName, hide_possible_values = true, value_hint = ValueHint::FilePath)]
    pub game: String,
    /// Number of sheets [default: one per name or family given]
    #[arg(long, value_name = "N", value_parser = PLAYERS, allow_negative_numbers = true)]
    pub players: Option<u32>,
    /// Players' names, printed on their sheets: Ann,Bo,Cy
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub names: Vec<String>,
    /// A family to pre-fill (The Beast), once per player: "Ann: 4 children, 2 adults, 4 old"
    #[arg(long, value_name = "FAMILY")]
    pub family: Vec<String>,
    /// Which of the game's sheets to print [default: its first]
    #[arg(long, value_name = "ID")]
    pub sheet: Option<String>,
    /// Paper size
    #[arg(long, value_name = "PAPER", value_parser = Choice::<Paper>::new(), ignore_case = true,
        default_value = "a4")]
    pub paper: Paper,
    /// Output folder [default: output/<game>]
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub out: Option<PathBuf>,
    /// Print even if the game's rules do not hold
    #[arg(long)]
    pub no_validate: bool,
    #[arg(short, long, help = QUIET)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct TtsArgs {
    /// A shipped game's id (night-grain, …; see pnp list) or a path to a YAML file
    #[arg(value_parser = GameName, hide_possible_values = true, value_hint = ValueHint::FilePath)]
    pub game: String,
    /// Address the images will be uploaded to; the JSON then uses hosted URLs instead of file:///
    #[arg(long, value_name = "URL", value_hint = ValueHint::Url)]
    pub base_url: Option<String>,
    /// Also copy the saved object into Tabletop Simulator's Saved Objects folder (and the table into Saves)
    #[arg(long)]
    pub install: bool,
    /// Also write a whole table, ready to play: pieces laid out as the setup diagram shows, each player's before their seat, the rules as notes
    #[arg(long)]
    pub table: bool,
    /// The number of players to lay the table out for (and to export the components of) [default: the game's fewest, with --table]
    #[arg(long, value_name = "N", value_parser = PLAYERS, allow_negative_numbers = true)]
    pub players: Option<u32>,
    /// Resolution of the images in dots per inch; deck sheets are reduced to fit 4096 px
    #[arg(long, value_name = "DPI", value_parser = DPI, allow_negative_numbers = true,
        default_value_t = TTS_DEFAULT_DPI)]
    pub dpi: u32,
    /// Output folder [default: output/<game>/tts]
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub out: Option<PathBuf>,
    /// Export even if the game's rules do not hold
    #[arg(long)]
    pub no_validate: bool,
    #[arg(short, long, help = QUIET)]
    pub quiet: bool,
}

#[derive(Debug, Args, Clone)]
pub struct BuildArgs {
    /// A shipped game's id (night-grain, …; see pnp list) or a path to a YAML file
    #[arg(value_parser = GameName, hide_possible_values = true, value_hint = ValueHint::FilePath)]
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
    /// Draw the safe-zone guide on every face: a thin dashed line 3 mm inside the cut (9% of a piece under 33 mm), and warn of text that crosses it
    // Not with --for: a print service would print the guide.
    #[arg(long, conflicts_with = "service")]
    pub guides: bool,
    /// Leave out the PDF's cover page (contents, print settings, cutting tips)
    #[arg(long)]
    pub no_cover: bool,
    /// Draw every image again, even those already up to date
    ///
    /// By default an image made from the same drawing, size and options by this version of pnp,
    /// and unchanged since, is kept.
    #[arg(long)]
    pub redraw: bool,
    /// Build only the components for this player count [default: every component]
    #[arg(long, value_name = "N", value_parser = PLAYERS, allow_negative_numbers = true)]
    pub players: Option<u32>,
    /// Change a count without editing the YAML: COMPONENT=N or COMPONENT.VARIANT=N; repeatable
    ///
    /// COMPONENT=N sets every variant of the component, COMPONENT.VARIANT=N one variant; 0 leaves
    /// them out. The rules are checked against the new counts.
    #[arg(long, value_name = "ID[.VARIANT]=N")]
    pub copies: Vec<String>,
    /// Write what a print-on-demand service takes instead: one image per face at its product's size, and a manifest
    ///
    /// Into output/<game>/<SERVICE>/: tgc (The Game Crafter), mpc (MakePlayingCards), drivethru
    /// (DriveThruCards), printerstudio (Printer Studio). See docs/print-shops.md.
    #[arg(long = "for", value_name = "SERVICE", value_parser = OneOf(SERVICES),
        conflicts_with_all = ["watch", "no_pdf", "no_png"])]
    pub service: Option<String>,
    /// Rebuild whenever the game's files change, until Ctrl-C
    ///
    /// GAME must be a YAML file. Watched: the YAML, a YAML or CSV beside it, a CSV its `data:`
    /// names, its symbols/, and the same of a game it includes from another folder.
    #[arg(long)]
    pub watch: bool,
    #[arg(short, long, help = QUIET, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Also print how many images were drawn or kept, and the peak memory
    #[arg(short, long)]
    pub verbose: bool,
}

#[derive(Debug, Args, Clone)]
pub struct PrintArgs {
    /// Paper size
    #[arg(long, value_name = "PAPER", value_parser = Choice::<Paper>::new(), ignore_case = true,
        default_value = "a4")]
    pub paper: Paper,
    /// Turn the paper to landscape
    #[arg(long)]
    pub landscape: bool,
    /// Resolution of the PNGs in dots per inch
    #[arg(long, value_name = "DPI", value_parser = DPI, allow_negative_numbers = true,
        default_value_t = DEFAULT_DPI)]
    pub dpi: u32,
    /// Bleed around every piece (at most 10 mm), e.g. 3mm or 0.125in
    #[arg(
        long,
        value_name = "LENGTH",
        allow_hyphen_values = true,
        default_value = "0mm"
    )]
    pub bleed: String,
    /// Edge the printer flips the paper on, so that backs fall behind their fronts [default: long]
    #[arg(long, value_name = "EDGE", value_parser = Choice::<Duplex>::new())]
    pub duplex: Option<Duplex>,
    /// Where backs go: on back pages (duplex) or beside their fronts, to fold and glue (gutterfold)
    #[arg(long, value_name = "LAYOUT", value_parser = Choice::<Layout>::new(),
        default_value = "duplex")]
    pub layout: Layout,
    /// Output folder [default: output/<game>]
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub out: Option<PathBuf>,
    /// What shows where to cut: crop marks outside the pieces, cut lines along every cut, or both
    #[arg(long, value_name = "CUTS", value_parser = Choice::<Cuts>::new(),
        default_value = "marks")]
    pub cuts: Cuts,
}

/// The print-on-demand services `--for` takes (`shops::profiles`).
pub const SERVICES: &[&str] = &["tgc", "mpc", "drivethru", "printerstudio"];

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// A shipped game's id (night-grain, …; see pnp list) or a path to a YAML file
    #[arg(value_parser = GameName, hide_possible_values = true, value_hint = ValueHint::FilePath)]
    pub game: String,
    /// Check against a print-on-demand service's safe zone and products
    #[arg(long = "for", value_name = "SERVICE", value_parser = OneOf(SERVICES))]
    pub service: Option<String>,
    /// Check the art runs this far past the cut, e.g. 3mm [default: none, or the service's]
    #[arg(long, value_name = "LENGTH", allow_hyphen_values = true)]
    pub bleed: Option<String>,
    /// Paper the pages are laid out on, as `pnp build` lays them (captions, footer, cover)
    #[arg(long, value_name = "PAPER", value_parser = Choice::<Paper>::new(), ignore_case = true,
        default_value = "a4")]
    pub paper: Paper,
    /// Turn the paper to landscape
    #[arg(long)]
    pub landscape: bool,
    /// Where backs go, as `pnp build --layout` (duplex or gutterfold)
    #[arg(long, value_name = "LAYOUT", value_parser = Choice::<Layout>::new(),
        default_value = "duplex")]
    pub layout: Layout,
    #[arg(short, long, help = QUIET)]
    pub quiet: bool,
}

/// `--cuts`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Cuts {
    /// Crop marks outside the block of pieces, continuing each cut
    Marks,
    /// A thin line along every cut, for a guillotine or a cutting machine
    Lines,
    /// Crop marks and cut lines
    Both,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Shipped games' ids or paths to YAML files
    #[arg(value_parser = GameName, hide_possible_values = true, value_hint = ValueHint::FilePath)]
    pub games: Vec<String>,
    /// Check every shipped game
    #[arg(long)]
    pub all: bool,
    #[arg(short, long, help = QUIET, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Also print the peak memory
    #[arg(short, long)]
    pub verbose: bool,
}

/// `--paper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Paper {
    /// 210 × 297 mm
    A4,
    /// 8.5 × 11 in
    #[value(alias = "us-letter")]
    Letter,
}

/// `--duplex`: the edge a double-sided printer flips the paper on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Duplex {
    /// The printer turns the sheet over its long edge
    Long,
    /// The printer turns the sheet over its short edge: back pages are turned 180°
    Short,
}

/// `--layout`: where the backs of pieces go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Layout {
    /// On back pages, for printing on both sides (see --duplex)
    Duplex,
    /// Beside the fronts on the same side of the sheet, with a fold line: fold and glue
    Gutterfold,
}

/// The name a value enum's value is typed as: `Paper::A4` is `a4`.
pub fn name_of<E: ValueEnum>(value: &E) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_owned())
        .unwrap_or_default()
}

/// `a4 or letter`; `bash, elvish, fish, powershell or zsh`.
fn either(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// A value refused in pnp's voice, naming what was typed: `--paper a3: expected a4 or letter`,
/// or for an argument without a flag `shell `tcsh`: expected …`.
fn refuse(cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr, why: &str) -> clap::Error {
    let value = value.to_string_lossy();
    let what = match arg {
        Some(arg) => match arg.get_long() {
            Some(long) => format!("--{long} {value}"),
            None => {
                let name = arg
                    .get_value_names()
                    .and_then(|names| names.first())
                    .map(|name| name.to_lowercase())
                    .unwrap_or_else(|| arg.get_id().to_string());
                format!("{name} `{value}`")
            }
        },
        None => format!("`{value}`"),
    };
    let mut cmd = cmd.clone();
    clap::Error::raw(
        clap::error::ErrorKind::InvalidValue,
        format!("{what}: {why}"),
    )
    .format(&mut cmd)
}

/// One of the values of the value enum `E`, refused as `--paper a3: expected a4 or letter`.
#[derive(Debug, Clone)]
pub struct Choice<E>(PhantomData<E>);

impl<E> Choice<E> {
    pub fn new() -> Self {
        Choice(PhantomData)
    }
}

impl<E: ValueEnum + Clone + Send + Sync + 'static> TypedValueParser for Choice<E> {
    type Value = E;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<E, clap::Error> {
        EnumValueParser::<E>::new()
            .parse_ref(cmd, arg, value)
            .map_err(|_| {
                let values: Vec<PossibleValue> = E::value_variants()
                    .iter()
                    .filter_map(ValueEnum::to_possible_value)
                    .filter(|v| !v.is_hide_set())
                    .collect();
                let names: Vec<&str> = values.iter().map(PossibleValue::get_name).collect();
                refuse(cmd, arg, value, &format!("expected {}", either(&names)))
            })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            E::value_variants()
                .iter()
                .filter_map(ValueEnum::to_possible_value),
        ))
    }
}

/// One of a fixed list of words, refused as `command `x`: expected build, … or man`.
#[derive(Debug, Clone, Copy)]
pub struct OneOf(&'static [&'static str]);

impl TypedValueParser for OneOf {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        match value.to_str() {
            Some(word) if self.0.contains(&word) => Ok(word.to_owned()),
            _ => Err(refuse(
                cmd,
                arg,
                value,
                &format!("expected {}", either(self.0)),
            )),
        }
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().map(|w| PossibleValue::new(*w))))
    }
}

/// A whole number from the first to the second, refused as `--dpi 5000: expected 30 to 1200`
/// (however large or negative the number, never in the terms of a Rust integer type).
#[derive(Debug, Clone, Copy)]
pub struct Whole(u32, u32);

/// `--dpi`: the resolution limits of `pnp::commands::options`.
const DPI: Whole = Whole(MIN_DPI, MAX_DPI);
/// `--players`: the player counts a game may list.
const PLAYERS: Whole = Whole(1, MAX_PLAYERS);
/// `--port`: a TCP port (0 is not one to ask for: leaving out `--port` picks a free one).
const PORT: Whole = Whole(1, u16::MAX as u32);

impl TypedValueParser for Whole {
    type Value = u32;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<u32, clap::Error> {
        let Whole(min, max) = *self;
        let text = value.to_str().unwrap_or_default().trim();
        let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            let why = format!("expected a whole number from {min} to {max}");
            return Err(refuse(cmd, arg, value, &why));
        }
        match text.parse::<u32>() {
            Ok(n) if (min..=max).contains(&n) => Ok(n),
            _ => Err(refuse(cmd, arg, value, &format!("expected {min} to {max}"))),
        }
    }
}

/// GAME: a shipped game's id or a path to a YAML file. Any text is taken (loading the game says
/// which games exist); the shipped ids are its possible values, for the shell completions only
/// (hidden from `--help`, where they would read as the only choices).
#[derive(Debug, Clone, Copy)]
pub struct GameName;

impl TypedValueParser for GameName {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            pnp::base::assets::game_ids()
                .into_iter()
                .map(PossibleValue::new),
        ))
    }
}

/// The command that `shell`'s completion script is made from. clap_complete's scripts offer an
/// argument's possible values or files, not both: bash falls back to file names by itself when
/// no shipped id matches, zsh would offer the ids alone, so for zsh GAME completes file names.
pub fn for_completions(shell: Shell) -> clap::Command {
    let cmd = Cli::command();
    if shell != Shell::Zsh {
        return cmd;
    }
    cmd.mut_subcommands(|sub| {
        sub.mut_args(|arg| {
            if arg.is_positional() && arg.get_value_hint() == ValueHint::FilePath {
                arg.value_parser(StringValueParser::new())
            } else {
                arg
            }
        })
    })
}

/// The manual: `pnp(1)`, then `pnp-COMMAND(1)` for each command it lists, in that order.
pub fn manual() -> Vec<clap_mangen::Man> {
    // `pnp help` is clap's own: the overview would list a pnp-help(1) that says nothing new.
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let source = format!("pnp {}", env!("CARGO_PKG_VERSION"));
    let commands: Vec<clap::Command> = cmd
        .get_subcommands()
        .filter(|c| !c.is_hide_set())
        .cloned()
        .collect();
    std::iter::once(cmd)
        .chain(commands)
        .map(|c| clap_mangen::Man::new(c).source(source.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn commands_lists_every_command() {
        let cmd = Cli::command();
        let names: Vec<&str> = cmd.get_subcommands().map(clap::Command::get_name).collect();
        assert_eq!(names, COMMANDS);
    }

    #[test]
    fn the_manual_has_a_page_for_every_command() {
        let names: Vec<String> = manual().iter().map(|m| m.get_filename()).collect();
        let mut want = vec!["pnp.1".to_owned()];
        want.extend(COMMANDS.iter().map(|c| format!("pnp-{c}.1")));
        assert_eq!(names, want);
    }
}
