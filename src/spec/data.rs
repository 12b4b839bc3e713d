//! `data: cards.csv` — one variant per row of a CSV file beside the game's YAML, the way
//! nanDECK and Squib users keep a deck in a spreadsheet. The header names the columns: `id` and
//! `copies` (in any case) are the variant's own, every other column is a tag (so rules can count
//! by it), and every column fills `{row.<column>}` in the component's faces, as an axis value
//! fills `{suit.color}`.
//! Runs after includes and before `matrix:`. The rows are kept as their cells' text
//! (`Variants::Rows`), each made into an ordinary variant when asked for.
use super::kind::Kinds;
use serde_saphyr::Spanned;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::csv::{Cell, Rows};
use super::matrix::Subst;
use super::model::{AxisValue, Component, Face, GameSpec, Variant};
use super::variants::{RowTable, Variants};
use crate::base::diagnostic::{Diagnostic, counted};

/// Largest data file read: a full deck of `MAX_PIECES` rows is far smaller.
pub const MAX_DATA_BYTES: usize = 4 * 1024 * 1024;

/// The placeholder prefix a face uses for a row's cells: `{row.title}`.
pub(super) const ROW: &str = "row";

/// Problems past this many in one file are not listed: the first ones tell what is wrong.
const MAX_PROBLEMS: usize = 10;

/// Replaces every component's `data:` with the variants its rows make; returns the problems.
pub fn expand<K: Kinds>(spec: &mut GameSpec<K>, file: &str, dir: Option<&Path>) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    let layouts = &spec.layouts;
    for c in &mut spec.components {
        if let Some(data) = c.data.take() {
            // An included game's file is read from its own folder and named in its own file.
            let (file, dir) = match &c.origin {
                Some(origin) => (origin.clone(), c.origin_dir.clone()),
                None => (file.to_string(), dir.map(Path::to_path_buf)),
            };
            expand_component(&data, c, &file, dir.as_deref(), layouts, &mut problems);
        }
    }
    problems
}

fn expand_component<K: Kinds>(
    data: &Spanned<String>,
    c: &mut Component<K>,
    file: &str,
    dir: Option<&Path>,
    layouts: &BTreeMap<String, super::layouts::Layout>,
    problems: &mut Vec<Diagnostic>,
) {
    let here = |message: String| Diagnostic::at(file, data, message);
    let clash = match (c.matrix.is_some(), c.variants.is_empty()) {
        (true, _) => Some("matrix"),
        (false, false) => Some("variants"),
        _ => None,
    };
    if let Some(other) = clash {
        problems.push(here(format!(
            "`{}` has both `data:` and `{other}:`; use one of them",
            c.id.value
        )));
        return;
    }
    let (name, sheet) = match super::workbook::is_workbook(&data.value) {
        true => super::workbook::split(&data.value),
        false => (data.value.as_str(), None),
    };
    let (path, mut shown) = match locate(name, dir) {
        Ok(found) => found,
        Err(why) => return problems.push(here(why.to_string())),
    };
    // `locate` found a folder, or said why not.
    let folder = dir.unwrap_or(Path::new("."));
    let bytes = match read_bytes(&path, folder, &shown) {
        Ok(bytes) => bytes,
        Err(why) => return problems.push(here(why.to_string())),
    };
    let text;
    let mut rows = match super::workbook::is_workbook(name) {
        true => match super::workbook::rows(bytes, &shown, sheet) {
            // Messages name the sheet with the file: `cards.xlsx#Spells:3:2`.
            Ok((sheet, rows)) => {
                shown = format!("{shown}#{sheet}");
                Source::Sheet(rows.into_iter())
            }
            Err(why) => return problems.push(here(why.to_string())),
        },
        false => {
            text = match utf8(bytes) {
                Ok(text) => text,
                Err((line, col, why)) => {
                    return problems.push(Diagnostic::new(&shown, line, col, why));
                }
            };
            Source::Csv(Rows::new(&text))
        }
    };
    let header = match rows.next() {
        Some(Ok(cells)) => cells,
        Some(Err(e)) => return problems.push(Diagnostic::new(&shown, e.line, e.col, e.message)),
        None => {
            return problems.push(here(format!(
                "`{shown}` is empty: its first line names the columns (`id,title,text`)"
            )));
        }
    };
    let columns = match Columns::of(&header) {
        Ok(columns) => columns,
        Err((cell, why)) => {
            return problems.push(Diagnostic::new(&shown, cell.line, cell.col, why));
        }
    };
    if let Some(message) = super::matrix::doubled_braces(c) {
        return problems.push(here(message));
    }
    if let Some(missing) = unknown_placeholder(c, &columns) {
        return problems.push(here(format!(
            "`{{{ROW}.{missing}}}` in `{}`: `{shown}` has no column `{missing}` (its columns: {})",
            c.id.value,
            columns.names.join(", ")
        )));
    }
    let mut made = Made::new(c, data, &columns, rows.separator(), dir, layouts);
    let mut found = Vec::new();
    // Rows of nothing but empty cells (a spreadsheet's blank rows) are not cards.
    let rows = rows.filter(|row| {
        row.as_ref()
            .map_or(true, |cells| cells.iter().any(|c| !c.text.is_empty()))
    });
    for (number, row) in rows.enumerate() {
        let result = row
            .map_err(|e| Diagnostic::new(&shown, e.line, e.col, e.message))
            .and_then(|cells| made.variant(number + 1, cells, c, &shown));
        if let Err(problem) = result {
            found.push(problem);
        }
        if made.table.len() as u64 > crate::spec::MAX_PIECES {
            found.push(here(format!(
                "`{shown}` has more than {} rows, the most pieces a game may have",
                crate::spec::MAX_PIECES
            )));
        }
        if found.len() >= MAX_PROBLEMS {
            found.push(here(format!(
                "only the first {MAX_PROBLEMS} problems of `{shown}` are listed: mend them and \
                 build again to see any more"
            )));
            break;
        }
        if made.table.len() as u64 > crate::spec::MAX_PIECES {
            break;
        }
    }
    if made.table.is_empty() && found.is_empty() {
        found.push(here(format!(
            "`{shown}` has a header but no rows: each row below it is one `{}`",
            c.id.value
        )));
    }
    problems.append(&mut made.pictures.warnings);
    if found.is_empty() {
        // The variants fill the component's faces in from their rows when drawn (or carry
        // them filled in, see `Made::filled`); the component has nothing left to lay under them.
        let (front, back) = (std::mem::take(&mut c.front), c.back.take());
        c.variants = made.variants(front, back);
        c.data_file = Some(shown);
    }
    problems.extend(found);
}

/// Why `data:` names no file pnp may read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
enum Unreachable {
    #[error("a shipped game cannot read `data:` files")]
    Shipped,
    #[error("`{0}`: a data file is named from the game's folder, without `..` or a leading `/`")]
    Outside(String),
}

/// The file `data:` names, and how messages name it. Data files live beside the YAML or below.
fn locate(name: &str, dir: Option<&Path>) -> Result<(PathBuf, String), Unreachable> {
    let dir = dir.ok_or(Unreachable::Shipped)?;
    let relative = Path::new(name);
    if relative.is_absolute() || relative.components().any(|p| p.as_os_str() == "..") {
        return Err(Unreachable::Outside(name.to_string()));
    }
    let path = dir.join(relative);
    let shown = match dir == Path::new(".") {
        true => name.to_string(),
        false => path.display().to_string(),
    };
    Ok((path, shown))
}

/// A data file's bytes: a plain file within the game's folder (after links), within the size
/// limit; or why not.
/// Why a data file cannot be read.
#[derive(Debug, thiserror::Error)]
enum Unread {
    #[error("`{0}` is larger than {mb} MB", mb = MAX_DATA_BYTES / (1024 * 1024))]
    TooLarge(String),
    #[error(
        "there is no `{0}`: `data:` names a CSV file from the game's folder (or an .xlsx or .ods workbook)"
    )]
    Missing(String),
    #[error("cannot read `{0}`: {1}")]
    Other(String, crate::base::assets::NotPlain),
}

fn read_bytes(path: &Path, folder: &Path, shown: &str) -> Result<Vec<u8>, Unread> {
    use crate::base::assets::NotPlain;
    match crate::base::assets::read_plain(path, folder, MAX_DATA_BYTES) {
        Ok(bytes) => Ok(bytes),
        Err(NotPlain::TooLarge { .. }) => Err(Unread::TooLarge(shown.to_string())),
        Err(NotPlain::Missing) => Err(Unread::Missing(shown.to_string())),
        Err(why) => Err(Unread::Other(shown.to_string(), why)),
    }
}

/// A CSV file's text, or where it stops being UTF-8.
fn utf8(bytes: Vec<u8>) -> Result<String, (usize, usize, String)> {
    String::from_utf8(bytes).map_err(|e| {
        let (line, col) = super::load::line_col(e.as_bytes(), e.utf8_error().valid_up_to());
        (
            line,
            col,
            "the file is not UTF-8 text: save it as \"CSV UTF-8\"".into(),
        )
    })
}

/// Rows of cells from a CSV file or a workbook's sheet.
enum Source<'t> {
    Csv(Rows<'t>),
    Sheet(std::vec::IntoIter<Result<Vec<Cell>, super::csv::CsvError>>),
}

impl Source<'_> {
    /// The character between cells, for messages (a sheet's cells are never split).
    fn separator(&self) -> char {
        match self {
            Source::Csv(rows) => rows.separator(),
            Source::Sheet(_) => ',',
        }
    }
}

impl Iterator for Source<'_> {
    type Item = Result<Vec<Cell>, super::csv::CsvError>;
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Source::Csv(rows) => rows.next(),
            Source::Sheet(rows) => rows.next(),
        }
    }
}

/// The header: every column's name, and where `id` and `copies` are.
struct Columns {
    names: Vec<String>,
    id: Option<usize>,
    copies: Option<usize>,
}

impl Columns {
    fn of(header: &[Cell]) -> Result<Columns, (&Cell, String)> {
        // Spreadsheets write empty columns past the last one used (`id;title;;`).
        let used = header.len()
            - header
                .iter()
                .rev()
                .take_while(|c| c.text.is_empty())
                .count();
        if used == 0 {
            return Err((
                &header[0],
                "the first line names no columns: it names them, e.g. `id,title,text`".into(),
            ));
        }
        let mut names: Vec<String> = Vec::new();
        for cell in &header[..used] {
            let name = cell.text.as_str();
            let plain = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
            if !plain {
                return Err((
                    cell,
                    format!(
                        "column name `{name}`: the first line names the columns, each with \
                         the letters a–z or A–Z, digits, `-` or `_` (faces fill them in as \
                         `{{{ROW}.name}}`)"
                    ),
                ));
            }
            if names.iter().any(|n| n == name) {
                return Err((cell, format!("column `{name}` is named twice")));
            }
            // `ID` is the id as `id` is: with both, which one names the cards would be a guess.
            let special = ["id", "copies"]
                .into_iter()
                .find(|s| name.eq_ignore_ascii_case(s));
            let first = special.and_then(|s| names.iter().find(|n| n.eq_ignore_ascii_case(s)));
            if let (Some(special), Some(first)) = (special, first) {
                return Err((
                    cell,
                    format!(
                        "columns `{first}` and `{name}` both give the `{special}` (read in any \
                         case): keep one"
                    ),
                ));
            }
            names.push(name.to_string());
        }
        // `ID` and `Copies` as a spreadsheet may capitalize them.
        let at = |want: &str| names.iter().position(|n| n.eq_ignore_ascii_case(want));
        Ok(Columns {
            id: at("id"),
            copies: at("copies"),
            names,
        })
    }
}

/// The first `{row.x}` in the component's faces whose column the file does not have.
fn unknown_placeholder<K: Kinds>(c: &Component<K>, columns: &Columns) -> Option<String> {
    used_columns(c)
        .into_iter()
        .find(|name| name != "id" && !columns.names.contains(name))
}

/// Every column a `{row.x}` in the component's faces names, in the order written.
fn used_columns<K: Kinds>(c: &Component<K>) -> Vec<String> {
    let faces = std::iter::once(&c.front).chain(c.back.iter());
    let mut texts: Vec<&str> = Vec::new();
    for f in faces {
        texts.extend(f.texts());
        texts.extend(f.symbol.iter().map(|s| s.value.as_str()));
        texts.extend(f.image.iter().map(|s| s.value.as_str()));
        for colour in [&f.background, &f.ink, &f.border].into_iter().flatten() {
            texts.extend(colour.placeholder());
        }
    }
    let mut used: Vec<String> = Vec::new();
    for name in texts.into_iter().flat_map(super::matrix::row_columns) {
        if !used.iter().any(|u| u == name) {
            used.push(name.to_string());
        }
    }
    used
}

/// The variants made so far from one file's rows.
struct Made<'a> {
    /// Where `data:` is written: the variants' ids are located there.
    at: &'a Spanned<String>,
    columns: &'a Columns,
    /// Ids seen, with the line of their row.
    seen: HashMap<String, usize>,
    /// The rows read, as their cells.
    table: RowTable,
    /// The file's separator, for messages.
    sep: char,
    /// Whether each column is printed (a face fills it in): its cells must be drawable.
    printed: Vec<bool>,
    /// Columns that name a face's symbol (`symbol: "{row.icon}"`), and the symbols there are:
    /// a name is checked at its cell.
    symbol_columns: Vec<usize>,
    symbols: Vec<String>,
    /// Columns that give a face's colour (`background: "{row.colour}"`), checked at their cell.
    colour_columns: Vec<usize>,
    /// The first column a face's `image:` names (`art/{row.id}.png`): a picture's problem is
    /// reported at its cell.
    image_column: Option<usize>,
    /// The folder pictures are read from, the pictures read, and the warnings about them.
    dir: Option<PathBuf>,
    pictures: super::check::Pictures,
    /// The game's layouts: a picture in a layout's box is checked at the box's size.
    layouts: &'a BTreeMap<String, super::layouts::Layout>,
    /// Each row's faces filled in, when its variant must carry them instead of filling them in
    /// from its cells when drawn: when a face prints `{row.copies}`. The cell is printed as
    /// written (`03`), which the variant's count does not keep, and a `--copies` override, made
    /// after the checks, must not change what was checked. `None` otherwise.
    filled: Option<Vec<(Face, Option<Box<Face>>)>>,
}

impl<'a> Made<'a> {
    /// Nothing made yet from the rows of `columns`, for component `c` (whose game is in `dir`).
    fn new<K: Kinds>(
        c: &Component<K>,
        at: &'a Spanned<String>,
        columns: &'a Columns,
        sep: char,
        dir: Option<&Path>,
        layouts: &'a BTreeMap<String, super::layouts::Layout>,
    ) -> Self {
        let used = used_columns(c);
        // The column a template is exactly the placeholder of (`"{row.icon}"`).
        let whole_column = |t: &str| {
            let name = super::matrix::row_columns(t).next()?;
            let whole = t == format!("{{{ROW}.{name}}}");
            whole.then(|| columns.names.iter().position(|n| n == name))?
        };
        let (mut symbol_columns, mut colour_columns) = (Vec::new(), Vec::new());
        for face in std::iter::once(&c.front).chain(c.back.iter()) {
            let symbol = face.symbol.as_ref().map(|s| s.value.as_str());
            symbol_columns.extend(symbol.and_then(whole_column));
            let colours = [&face.background, &face.ink, &face.border];
            let placeholders = colours
                .into_iter()
                .flatten()
                .filter_map(|c| c.placeholder());
            colour_columns.extend(placeholders.filter_map(whole_column));
        }
        let image_column = std::iter::once(&c.front)
            .chain(c.back.iter())
            .filter_map(|f| f.image.as_ref())
            .flat_map(|i| super::matrix::row_columns(&i.value))
            .find_map(|name| columns.names.iter().position(|n| n == name));
        let keys: Vec<Arc<str>> = columns
            .names
            .iter()
            .map(|n| Arc::from(n.as_str()))
            .collect();
        let place = Spanned::new((), at.referenced, at.defined);
        Made {
            at,
            columns,
            seen: HashMap::new(),
            table: RowTable::new(keys, columns.id, columns.copies, place),
            sep,
            printed: columns.names.iter().map(|n| used.contains(n)).collect(),
            symbols: match symbol_columns.is_empty() {
                true => Vec::new(),
                false => super::symbol_names_in(dir),
            },
            symbol_columns,
            colour_columns,
            image_column,
            dir: dir.map(Path::to_path_buf),
            pictures: Default::default(),
            layouts,
            filled: columns
                .copies
                .is_some_and(|i| used.contains(&columns.names[i]))
                .then(Vec::new),
        }
    }

    /// Checks row `number` (1 for the first under the header) and keeps it: as its cells, or as
    /// a variant with its faces filled in (`filled`).
    fn variant<K: Kinds>(
        &mut self,
        number: usize,
        cells: Vec<Cell>,
        c: &Component<K>,
        shown: &str,
    ) -> Result<(), Diagnostic> {
        let at = |cell: &Cell, why: String| Diagnostic::new(shown, cell.line, cell.col, why);
        let names = &self.columns.names;
        let mut cells = cells;
        // Empty cells past the last column, as spreadsheets write them, are nothing.
        if cells[names.len().min(cells.len())..]
            .iter()
            .all(|c| c.text.is_empty())
        {
            cells.truncate(names.len());
        }
        if cells.len() != names.len() {
            let (cell, why) = match cells.len() > names.len() {
                true => (
                    &cells[names.len()],
                    format!(
                        "this row has {} cells but the header names {}: a cell with {} in it \
                         must be in double quotes",
                        cells.len(),
                        counted(names.len(), "column"),
                        match self.sep {
                            '\t' => "a tab".to_string(),
                            s => format!("`{s}`"),
                        }
                    ),
                ),
                false => (
                    cells.last().expect("a row has a cell"),
                    format!(
                        "this row has {} but the header names {} ({})",
                        counted(cells.len(), "cell"),
                        counted(names.len(), "column"),
                        names.join(", ")
                    ),
                ),
            };
            return Err(at(cell, why));
        }
        let id = match self.columns.id.map(|i| &cells[i]) {
            Some(cell) if !super::ids::is_safe_id(&cell.text) => {
                let hint = super::ids::slug(&cell.text)
                    .map(|s| format!(" (e.g. `{s}`)"))
                    .unwrap_or_default();
                return Err(at(
                    cell,
                    format!(
                        "id `{}` must be 1–64 lowercase letters, digits, `-` or `_`{hint}",
                        cell.text
                    ),
                ));
            }
            Some(cell) => cell.text.clone(),
            // The piece is `<component>-<number>` (`spell-1`).
            None => number.to_string(),
        };
        if let Some(first) = self.seen.get(&id) {
            let cell = self.columns.id.map_or(&cells[0], |i| &cells[i]);
            return Err(at(
                cell,
                format!("id `{id}` is used before, at line {first}"),
            ));
        }
        let line = cells[0].line;
        self.seen.insert(id.clone(), line);
        // An empty cell is the component's count; the table reads the others.
        if let Some(cell) = self.columns.copies.map(|i| &cells[i])
            && !cell.text.is_empty()
            && !matches!(cell.text.parse::<u32>(), Ok(n) if n <= super::MAX_COPIES)
        {
            return Err(at(
                cell,
                format!(
                    "copies `{}`: expected a whole number from 0 to {}",
                    cell.text,
                    super::MAX_COPIES
                ),
            ));
        }
        for &i in &self.symbol_columns {
            let name = cells[i].text.trim();
            let known = name.is_empty() || self.symbols.iter().any(|s| s == name);
            let problem = if known {
                None
            } else if !super::ids::is_safe_id(name) {
                Some(super::check::unsafe_symbol_name(name, &self.symbols))
            } else {
                Some(super::check::no_symbol(name, &self.symbols))
            };
            if let Some(why) = problem {
                return Err(at(&cells[i], format!("`{}`: {why}", names[i])));
            }
        }
        for &i in &self.colour_columns {
            let text = cells[i].text.trim();
            let why = match super::color::parse_color(text) {
                // An empty cell sets no colour.
                _ if text.is_empty() => continue,
                Ok(colour) if colour.placeholder().is_none() => continue,
                Ok(_) => "expected a colour, not a placeholder".to_string(),
                Err(e) => e.to_string(),
            };
            return Err(at(&cells[i], format!("`{}`: {why}", names[i])));
        }
        let image_cell = self
            .image_column
            .map_or((line, 1), |i| (cells[i].line, cells[i].col));
        // Every cell fills its `{row.column}`; a printed one must be drawable.
        let mut props = BTreeMap::new();
        for (i, cell) in cells.into_iter().enumerate() {
            for fault in super::check::text_faults(&cell.text)
                .into_iter()
                .filter(|_| self.printed[i])
            {
                if !fault.is_warning() {
                    return Err(at(&cell, format!("`{}` {fault}", names[i])));
                }
                // Said once per distinct text, at its first cell.
                let said = format!("`{}` `{}` {fault}", names[i], cell.text);
                if !self.pictures.warnings.iter().any(|w| w.message == said) {
                    let warning = at(&cell, said).warning();
                    let hint = super::check::MISSING_GLYPH_HINT;
                    self.pictures.warnings.push(warning.hint(hint));
                }
            }
            props.insert(names[i].clone(), cell.text);
        }
        let value = AxisValue {
            id: self.located(id),
            tags: Default::default(),
            props,
        };
        let picked = [(ROW, &value)];
        let mut fill = Subst::new(&picked);
        // Filled here to find the row's problems; unless `filled`, a variant's faces are
        // filled again from its cells when drawn (`RowTable::front`), not held.
        let front = fill.face(&c.front);
        let back = c.back.as_ref().map(|b| Box::new(fill.face(b)));
        if let Some(p) = fill.problems.into_iter().next() {
            return Err(Diagnostic::new(shown, line, 1, format!("in this row, {p}")));
        }
        for face in std::iter::once(&front).chain(back.as_deref()) {
            let Some(image) = &face.image else { continue };
            let place = |why| Diagnostic::new(shown, image_cell.0, image_cell.1, why);
            let dir = self.dir.as_deref();
            (self.pictures).check(dir, &image.value, c, face, self.layouts, place)?;
        }
        // Kept as its cells; its variant is made from them when asked for. It has a cell per
        // column (checked above), so only a table past 4 GB of text would refuse it: far past
        // `MAX_DATA_BYTES`.
        let cells = names.iter().map(|n| value.props[n].as_str());
        if !self.table.push(cells) {
            return Err(Diagnostic::new(
                shown,
                line,
                1,
                "the file is too large".into(),
            ));
        }
        if let Some(filled) = &mut self.filled {
            filled.push((front, back));
        }
        Ok(())
    }

    /// The variants of the rows read: made from their cells when asked for, or (`filled`)
    /// made now, each with its faces filled in. `front` and `back` are the component's faces
    /// as written.
    fn variants(self, front: Face, back: Option<Face>) -> Variants {
        let Some(filled) = self.filled else {
            return Variants::Rows(Box::new(self.table.with_faces(front, back)));
        };
        let table = self.table;
        let made = filled.into_iter().enumerate();
        Variants::Listed(
            made.map(|(row, (front, back))| Variant {
                front: Some(Box::new(front)),
                back,
                ..table.variant(row)
            })
            .collect(),
        )
    }

    fn located<T>(&self, value: T) -> Spanned<T> {
        Spanned::new(value, self.at.referenced, self.at.defined)
    }
}
