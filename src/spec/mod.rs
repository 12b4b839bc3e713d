//! The game description: where it comes from (a shipped game or a user's file), its typed model,
//! and the checks that make it safe to draw (ids, symbols, limits).
mod check;
pub mod color;
mod csv;
mod data;
mod error;
pub mod ids;
pub mod kind;

pub(crate) mod include;
mod indent;
pub mod items;
pub mod layouts;
mod load;
mod matrix;
pub mod model;
pub mod play;
pub mod rules;
mod tags;
pub mod tts;
mod variants;
pub mod watch;
mod workbook;

pub use crate::base::units::short_mm;
pub use check::{MAX_COPIES, MAX_PIECES};
pub use check::{MIN_SIDE_MM, check_min_side, player_counts};
pub use data::MAX_DATA_BYTES;
pub use error::SpecError;
pub use kind::Kinds;
pub use load::{MAX_YAML_BYTES, parse};
pub use model::*;
pub use tags::Tags;
pub use variants::Variants;

use std::path::{Path, PathBuf};

/// A loaded, checked game.
#[derive(Debug)]
pub struct Game<K: Kinds> {
    pub spec: GameSpec<K>,
    /// How errors name the file: the path the user gave, or `data/<id>.yaml` for shipped games.
    pub file: String,
    /// The folder of a user's YAML file: its own `symbols/` may add art. `None` for shipped games.
    pub dir: Option<PathBuf>,
    /// The folders of the games it includes from files: their `symbols/` come after its own, so
    /// an included game draws as it does alone.
    pub include_dirs: Vec<PathBuf>,
    /// What is written but will not show (a face field its kind does not draw): said, located,
    /// but not refused.
    pub warnings: Vec<crate::base::diagnostic::Diagnostic>,
}

impl<K: Kinds> Game<K> {
    /// The folders whose `symbols/` this game's faces may use, first found first: its own,
    /// then those of the games it includes.
    pub fn symbol_dirs(&self) -> impl Iterator<Item = &Path> {
        self.dir
            .iter()
            .chain(&self.include_dirs)
            .map(PathBuf::as_path)
    }
    pub fn id(&self) -> &str {
        &self.spec.game.id.value
    }
    /// Where a component's problems are fixed: its own file (an included game's) or the game's.
    pub fn file_of<'g>(&'g self, c: &'g Component<K>) -> &'g str {
        c.origin.as_deref().unwrap_or(&self.file)
    }
    /// The folder a component's files are read from: an included game's own, else the game's.
    pub fn dir_of<'g>(&'g self, c: &'g Component<K>) -> Option<&'g std::path::Path> {
        match &c.origin {
            Some(_) => c.origin_dir.as_deref(),
            None => self.dir.as_deref(),
        }
    }
    pub fn name(&self) -> &str {
        &self.spec.game.name
    }
}

/// Loads a shipped game by id (`night-grain`) or a YAML file by path, then checks it.
pub fn load<K: Kinds>(name: &str) -> Result<Game<K>, SpecError> {
    let looks_like_path = name.ends_with(".yaml") || name.ends_with(".yml") || name.contains('/');
    if looks_like_path || Path::new(name).is_file() {
        let path = PathBuf::from(name);
        // Never more than the limit, whatever size the file claims (a pipe, /dev/stdin…).
        let bytes = load::read_yaml(name, &path)?;
        let dir = path.parent().map(|p| {
            if p.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                p.to_path_buf()
            }
        });
        return from_bytes(name, bytes, dir);
    }
    match crate::base::assets::game(name) {
        Some(bytes) => from_bytes(&format!("data/{name}.yaml"), bytes.to_vec(), None),
        None => Err(SpecError::UnknownGame {
            name: name.to_string(),
            known: crate::base::assets::game_ids().join(", "),
            hint: unknown_game_hint(name),
        }),
    }
}

/// What `name` may have meant: the YAML in a folder of that name, `name.yaml` beside it, or the
/// closest shipped game.
fn unknown_game_hint(name: &str) -> String {
    let dir = Path::new(name);
    if dir.is_dir() {
        return format!("; `{name}` is a folder: give the path of the .yaml file in it");
    }
    for ext in ["yaml", "yml"] {
        let file = dir.with_extension(ext);
        if file.is_file() {
            return format!("; did you mean `{}`?", file.display());
        }
    }
    crate::base::diagnostic::did_you_mean(name, crate::base::assets::game_ids())
}

/// Parses and checks YAML bytes; `file` is how errors name them.
pub fn from_bytes<K: Kinds>(
    file: &str,
    bytes: Vec<u8>,
    dir: Option<PathBuf>,
) -> Result<Game<K>, SpecError> {
    let mut game = from_bytes_nested(file, bytes, dir, &mut vec![file.to_string()])?;
    let unused = check::unused_face_fields(&game);
    game.warnings.extend(unused);
    Ok(game)
}

/// `from_bytes` inside a chain of includes (`stack`: the files being loaded, outermost first).
fn from_bytes_nested<K: Kinds>(
    file: &str,
    bytes: Vec<u8>,
    dir: Option<PathBuf>,
    stack: &mut Vec<String>,
) -> Result<Game<K>, SpecError> {
    // Kept for quoting errors: a game read through a pipe cannot be read again (shipped
    // games are quoted from the binary).
    if dir.is_some() {
        crate::base::diagnostic::remember_source(file, &bytes);
    }
    let mut spec = parse(file, &bytes)?;
    drop(bytes);
    let mut include_dirs = Vec::new();
    include::resolve(&mut spec, file, dir.as_deref(), stack, &mut include_dirs)?;
    let (mut problems, mut warnings): (Vec<_>, Vec<_>) =
        data::expand(&mut spec, file, dir.as_deref())
            .into_iter()
            .partition(|d| d.severity == crate::base::diagnostic::Severity::Error);
    problems.extend(load_fonts(&spec, file, dir.as_deref()));
    if problems.is_empty() {
        problems = matrix::expand(&mut spec, file);
    }
    if !problems.is_empty() {
        return Err(SpecError::Invalid(crate::base::diagnostic::Problems(
            problems,
        )));
    }
    // serde grows each list by doubling: a deck's 10,000 variants (half a kilobyte each) would
    // otherwise hold room for 16,384 for the whole build.
    for component in &mut spec.components {
        component.variants.shrink_to_fit();
    }
    let mut game = Game {
        spec,
        file: file.to_string(),
        dir,
        include_dirs,
        warnings: Vec::new(),
    };
    warnings.extend(check::check(&game)?);
    game.warnings = warnings;
    Ok(game)
}

/// Reads the game's own `fonts:` into the font database; returns the problems, each at its
/// entry.
fn load_fonts<K: Kinds>(
    spec: &GameSpec<K>,
    file: &str,
    dir: Option<&Path>,
) -> Vec<crate::base::diagnostic::Diagnostic> {
    use crate::draw::images::ImageError;
    let mut problems = Vec::new();
    for entry in &spec.fonts {
        let name = entry.value.as_str();
        let why = match crate::draw::images::locate(dir, name) {
            Err(ImageError::Shipped) => "a shipped game cannot read font files".to_string(),
            Err(ImageError::Missing(_)) => {
                format!("there is no font `{name}` in the game's folder")
            }
            Err(ImageError::Outside(_) | ImageError::LinkOut(_)) => format!(
                "`{name}`: a font is named from the game's folder or below, without `..`, a leading `/` or a link out (e.g. `fonts/Rye.ttf`)"
            ),
            Err(other) => other.to_string(),
            // Opened without waiting (a FIFO would wait for a writer for ever) and read only
            // if it is a plain file in the game's folder.
            Ok(path) => {
                let folder = dir.unwrap_or(Path::new("."));
                match crate::base::assets::read_plain(
                    &path,
                    folder,
                    crate::base::fonts::MAX_FONT_BYTES,
                ) {
                    Ok(bytes) => match crate::base::fonts::add(bytes) {
                        Ok(_) => continue,
                        Err(why) => format!("font `{name}`: {why}"),
                    },
                    Err(why) => format!("cannot read font `{name}`: {why}"),
                }
            }
        };
        problems.push(crate::base::diagnostic::Diagnostic::at(file, entry, why));
    }
    problems
}

/// The names of every symbol a game can use: its own `symbols/`, those of the games it includes
/// and the shipped ones.
pub fn symbol_names<K: Kinds>(game: &Game<K>) -> Vec<String> {
    symbol_names_in(game.symbol_dirs())
}

/// The names of every symbol a game whose `symbols/` are in `dirs` can use (none: a shipped
/// game, the shipped ones).
pub fn symbol_names_in<'a>(dirs: impl IntoIterator<Item = &'a Path>) -> Vec<String> {
    let own = dirs
        .into_iter()
        .filter_map(|d| std::fs::read_dir(d.join("symbols")).ok())
        .flatten()
        .filter_map(|e| e.ok()?.file_name().into_string().ok());
    let shipped = crate::base::assets::template_names("symbols/").map(str::to_string);
    own.chain(shipped)
        .filter_map(|f| f.strip_suffix(".svg").map(str::to_string))
        .collect()
}

/// A symbol's SVG and where it was found, for messages.
pub struct SymbolFile {
    /// `symbols/leaf.svg` (beside the game's YAML) or `templates/symbols/leaf.svg`.
    pub path: String,
    pub source: String,
}

/// The SVG of a symbol: the game's own `symbols/<name>.svg` first, then those of the games it
/// includes, then pnp's own; `None` when none has it, the file's path and the error when a
/// game's own file cannot be used.
/// Names are restricted to `[a-z0-9_-]` by the checks, so no path can escape those folders.
pub fn symbol_source<K: Kinds>(
    game: &Game<K>,
    name: &str,
) -> Result<Option<SymbolFile>, (String, crate::draw::symbol::SymbolError)> {
    use crate::draw::symbol::SymbolError;
    let own_path = format!("symbols/{name}.svg");
    for dir in game.symbol_dirs() {
        let own = dir.join(&own_path);
        // An included game's symbol is named by its path; the game's own as `symbols/…`.
        let own_path = match Some(dir) == game.dir.as_deref() {
            true => own_path.clone(),
            false => own.display().to_string(),
        };
        let limit = crate::draw::symbol::MAX_SYMBOL_BYTES;
        // Read whole before it is parsed: a symbol is at most `limit` bytes, a plain file in
        // the game's folder.
        use crate::base::assets::NotPlain;
        match crate::base::assets::read_plain(&own, dir, limit) {
            Ok(bytes) => {
                return match String::from_utf8(bytes) {
                    Ok(source) => Ok(Some(SymbolFile {
                        path: own_path,
                        source,
                    })),
                    Err(_) => Err((own_path, SymbolError::NotUtf8)),
                };
            }
            Err(NotPlain::TooLarge { .. }) => return Err((own_path, SymbolError::TooLarge)),
            // None there: the shipped symbols.
            Err(NotPlain::Missing) => {}
            Err(why) => return Err((own_path, SymbolError::Unreadable(why.to_string()))),
        }
    }
    Ok(
        crate::base::assets::template(&own_path).map(|source| SymbolFile {
            path: format!("templates/{own_path}"),
            source: source.to_string(),
        }),
    )
}
