//! `data: cards.xlsx` or `data: "cards.ods#Spells"`: a deck kept in a spreadsheet workbook (Excel
//! or LibreOffice), read with calamine into the same rows of cells as a CSV file, so every check
//! and message is the CSV's: a cell's "line" is its row in the sheet and its column the sheet's
//! column number, and messages name the file with its sheet (`cards.xlsx#Spells:3:2`).
use std::io::Cursor;

use calamine::{Data, Reader};

use super::csv::{Cell, CsvError};

/// Most rows read from a sheet (the header and the most pieces a game may have), and most
/// columns: past these a sheet is refused at its cell, before a huge range is made.
const MAX_ROWS: u32 = crate::spec::MAX_PIECES as u32 + 1;
const MAX_COLUMNS: u32 = 256;
/// Most bytes the files inside a workbook may hold unpacked: a 4 MB file could otherwise
/// unpack to gigabytes.
const MAX_UNPACKED_BYTES: u64 = 64 * 1024 * 1024;

/// Whether `name` (`cards.xlsx`, `cards.ods#Spells`) names a workbook rather than a CSV file.
pub fn is_workbook(name: &str) -> bool {
    let file = split(name).0.to_ascii_lowercase();
    file.ends_with(".xlsx") || file.ends_with(".ods")
}

/// The file and the sheet a workbook's name gives (`cards.ods#Spells`: `Spells`).
pub fn split(name: &str) -> (&str, Option<&str>) {
    match name.rsplit_once('#') {
        Some((file, sheet)) => (file, Some(sheet)),
        None => (name, None),
    }
}

/// Why a workbook cannot be read, about the file as a whole.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum WorkbookError {
    #[error("`{0}` cannot be read as a workbook: {1}")]
    Unreadable(String, String),
    #[error("`{file}` unpacks to more than {} MB", MAX_UNPACKED_BYTES / (1024 * 1024))]
    TooLarge { file: String },
    #[error("`{file}` has no sheet `{sheet}` (its sheets: {sheets})")]
    NoSheet {
        file: String,
        sheet: String,
        sheets: String,
    },
    #[error("`{0}` has no sheets")]
    Empty(String),
}

/// A row of cells, or where the sheet cannot be read on.
pub type Row = Result<Vec<Cell>, CsvError>;

/// The sheet's rows of cells (its first sheet when `sheet` is `None`), and the sheet's name.
/// `file` names the workbook in messages.
pub fn rows(
    bytes: Vec<u8>,
    file: &str,
    sheet: Option<&str>,
) -> Result<(String, Vec<Row>), WorkbookError> {
    let unreadable =
        |e: &dyn std::fmt::Display| WorkbookError::Unreadable(file.into(), e.to_string());
    check_unpacked(&bytes, file)?;
    let mut book =
        calamine::open_workbook_auto_from_rs(Cursor::new(bytes)).map_err(|e| unreadable(&e))?;
    let names = book.sheet_names();
    let name = match sheet {
        Some(s) => {
            names
                .iter()
                .find(|n| *n == s)
                .cloned()
                .ok_or_else(|| WorkbookError::NoSheet {
                    file: file.into(),
                    sheet: s.into(),
                    sheets: names.join(", "),
                })?
        }
        None => names
            .first()
            .cloned()
            .ok_or_else(|| WorkbookError::Empty(file.into()))?,
    };
    let range = book.worksheet_range(&name).map_err(|e| unreadable(&e))?;
    Ok((name, cells_of(&range)))
}

/// Refuses a workbook whose parts claim more than `MAX_UNPACKED_BYTES` unpacked.
fn check_unpacked(bytes: &[u8], file: &str) -> Result<(), WorkbookError> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| WorkbookError::Unreadable(file.into(), e.to_string()))?;
    let mut total: u64 = 0;
    for i in 0..zip.len() {
        let part = zip
            .by_index_raw(i)
            .map_err(|e| WorkbookError::Unreadable(file.into(), e.to_string()))?;
        total = total.saturating_add(part.size());
    }
    match total > MAX_UNPACKED_BYTES {
        true => Err(WorkbookError::TooLarge { file: file.into() }),
        false => Ok(()),
    }
}

/// The rows of a sheet's used range as cells at their row and column numbers (from 1).
fn cells_of(range: &calamine::Range<Data>) -> Vec<Row> {
    let Some((row0, col0)) = range.start() else {
        return Vec::new();
    };
    let mut rows = Vec::new();
    for (r, row) in range.rows().enumerate() {
        let line = row0 as usize + r + 1;
        if line > MAX_ROWS as usize + row0 as usize {
            rows.push(Err(CsvError {
                line,
                col: col0 as usize + 1,
                message: format!(
                    "the sheet has more than {MAX_ROWS} rows: one a piece, under a header"
                ),
            }));
            break;
        }
        let mut cells = Vec::with_capacity(row.len());
        for (c, value) in row.iter().enumerate() {
            let col = col0 as usize + c + 1;
            if col > MAX_COLUMNS as usize {
                if matches!(value, Data::Empty) {
                    continue;
                }
                rows.push(Err(CsvError {
                    line,
                    col,
                    message: format!("the sheet has more than {MAX_COLUMNS} columns"),
                }));
                return rows;
            }
            match text_of(value) {
                Ok(text) => cells.push(Cell { text, line, col }),
                Err(message) => {
                    rows.push(Err(CsvError { line, col, message }));
                    return rows;
                }
            }
        }
        // Rows of nothing (a spreadsheet's blank rows) are left out, as a CSV's blank lines.
        if cells.iter().any(|c| !c.text.is_empty()) {
            rows.push(Ok(cells));
        }
    }
    rows
}

/// A cell's text as the spreadsheet shows it: whole numbers without `.0`, text as written.
fn text_of(value: &Data) -> Result<String, String> {
    Ok(match value {
        Data::Empty => String::new(),
        Data::String(s) => s.trim_end().to_string(),
        Data::Int(i) => i.to_string(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::Bool(b) => match b {
            true => "TRUE".into(),
            false => "FALSE".into(),
        },
        Data::DateTime(d) => d.to_string(),
        Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        Data::Error(e) => {
            return Err(format!(
                "the cell holds the error `{e}`: mend its formula in the spreadsheet"
            ));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workbook_names_split_into_file_and_sheet() {
        assert!(is_workbook("cards.xlsx") && is_workbook("deck/Cards.ODS#Spells"));
        assert!(!is_workbook("cards.csv") && !is_workbook("cards.xls"));
        assert_eq!(split("a.ods#Spells"), ("a.ods", Some("Spells")));
        assert_eq!(split("a.xlsx"), ("a.xlsx", None));
    }

    #[test]
    fn cells_read_as_the_spreadsheet_shows_them() {
        assert_eq!(text_of(&Data::Float(3.0)).unwrap(), "3");
        assert_eq!(text_of(&Data::Float(2.5)).unwrap(), "2.5");
        assert_eq!(text_of(&Data::Int(-4)).unwrap(), "-4");
        assert_eq!(text_of(&Data::String("Fire  ".into())).unwrap(), "Fire");
        assert!(text_of(&Data::Error(calamine::CellErrorType::Div0)).is_err());
    }
}
