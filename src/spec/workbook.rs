//! `data: cards.xlsx` or `data: "cards.ods#Spells"`: a deck kept in a spreadsheet workbook (Excel
//! or LibreOffice), read with calamine into the same rows of cells as a CSV file, so every check
//! and message is the CSV's: a cell's "line" is its row in the sheet and its column the sheet's
//! column number, and messages name the file with its sheet (`cards.xlsx#Spells:3:2`).
use std::io::Cursor;

use calamine::{Data, Reader, Sheets};

use super::csv::{Cell, CsvError};

/// Most rows read from a sheet (the header and the most pieces a game may have), and most
/// columns: past these a sheet is refused at its cell, before a huge range is made.
const MAX_ROWS: u32 = crate::spec::MAX_PIECES as u32 + 1;
const MAX_COLUMNS: u32 = 256;
/// Most cells in the rectangle a sheet's cells span (every piece a game may have, 50 columns
/// each): calamine makes that rectangle whole, so a 2 KB file with a cell at XFD1048576 would ask
/// for half a terabyte. Checked before calamine makes it.
const MAX_CELLS: u64 = 1_000_000;
/// Most bytes the files inside a workbook may hold unpacked: a 4 MB file could otherwise
/// unpack to gigabytes.
const MAX_UNPACKED_BYTES: u64 = 64 * 1024 * 1024;
/// Most bytes of text a workbook's cells may hold once every repeated cell and every use of a
/// shared string is written out: what a CSV data file may hold. A 25 KB .xlsx whose one 1 MB
/// shared string fills 2,000 cells would otherwise take 2 GB, and a 2 KB .ods of repeated cells
/// as much.
const MAX_TEXT_BYTES: u64 = super::data::MAX_DATA_BYTES as u64;

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
    #[error(
        "`{file}` holds more than {mb} MB of text once its repeated cells and shared strings are \
         written out: a deck's data is at most {mb} MB, as a CSV file is",
        mb = MAX_TEXT_BYTES / (1024 * 1024)
    )]
    TooMuchText { file: String },
    #[error("`{0}` has no sheets")]
    Empty(String),
    #[error(
        "sheet `{sheet}` of `{file}` spans {rows} rows × {cols} columns, more than {MAX_CELLS} cells: \
         keep only the deck's cells in it"
    )]
    TooManyCells {
        file: String,
        sheet: String,
        rows: u64,
        cols: u64,
    },
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
    // calamine reads every sheet of an .ods when it opens it. One whose sheets cannot be
    // counted is not opened: calamine would expand what the count could not see.
    let count = ods_count(&bytes)
        .map_err(|e| unreadable(&e))?
        .unwrap_or_default();
    let huge =
        (count.tables.into_iter()).find(|(_, rows, cols)| rows.saturating_mul(*cols) > MAX_CELLS);
    if let Some((sheet, rows, cols)) = huge {
        return Err(WorkbookError::TooManyCells {
            file: file.into(),
            sheet,
            rows,
            cols,
        });
    }
    if count.text > MAX_TEXT_BYTES {
        return Err(WorkbookError::TooMuchText { file: file.into() });
    }
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
    let too_many = |rows, cols| WorkbookError::TooManyCells {
        file: file.into(),
        sheet: name.clone(),
        rows,
        cols,
    };
    let cells = match &mut book {
        Sheets::Xlsx(xlsx) => {
            let mut reader = xlsx
                .worksheet_cells_reader(&name)
                .map_err(|e| unreadable(&e))?;
            let mut cells = Vec::new();
            let mut text = 0u64;
            while let Some(cell) = reader.next_cell().map_err(|e| unreadable(&e))? {
                // Counted before it is copied: one long shared string may fill every cell.
                text = text.saturating_add(text_len(cell.get_value()));
                if text > MAX_TEXT_BYTES {
                    return Err(WorkbookError::TooMuchText { file: file.into() });
                }
                let value = Data::from(cell.get_value().clone());
                if value != Data::Empty {
                    if cells.len() as u64 == MAX_CELLS {
                        // More cells than their rectangle may hold, read so far.
                        let (rows, cols) = extent(&cells);
                        return Err(too_many(rows, cols));
                    }
                    cells.push((cell.get_position(), value));
                }
            }
            cells
        }
        _ => {
            let range = book.worksheet_range(&name).map_err(|e| unreadable(&e))?;
            range
                .used_cells()
                .filter(|(_, _, v)| **v != Data::Empty)
                .map(|(r, c, v)| {
                    let (r0, c0) = range.start().unwrap_or((0, 0));
                    ((r0 + r as u32, c0 + c as u32), v.clone())
                })
                .collect()
        }
    };
    let (rows, cols) = extent(&cells);
    if rows.saturating_mul(cols) > MAX_CELLS {
        return Err(too_many(rows, cols));
    }
    Ok((name, cells_of(cells)))
}

/// How many rows and columns the rectangle of these cells spans.
fn extent(cells: &[((u32, u32), Data)]) -> (u64, u64) {
    let span = |of: fn(&(u32, u32)) -> u32| {
        let (lo, hi) = cells.iter().fold((u32::MAX, 0), |(lo, hi), (at, _)| {
            (lo.min(of(at)), hi.max(of(at)))
        });
        (hi as u64 + 1).saturating_sub(lo as u64)
    };
    (span(|at| at.0), span(|at| at.1))
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

/// The rows of the rectangle these cells span (each cell at its row and column, from 0), as
/// cells at their row and column numbers (from 1), empty where the sheet has nothing.
fn cells_of(mut cells: Vec<((u32, u32), Data)>) -> Vec<Row> {
    cells.sort_by_key(|(at, _)| *at);
    let Some(row0) = cells.first().map(|((r, _), _)| *r) else {
        return Vec::new();
    };
    let col0 = cells.iter().map(|((_, c), _)| *c).min().unwrap_or(0);
    let col_end = cells.iter().map(|((_, c), _)| *c).max().unwrap_or(0);
    let mut rows = Vec::new();
    let mut next = cells.into_iter().peekable();
    while let Some(&((r, _), _)) = next.peek() {
        let line = r as usize + 1;
        if r - row0 >= MAX_ROWS {
            rows.push(Err(CsvError {
                line,
                col: col0 as usize + 1,
                message: format!(
                    "the sheet has more than {MAX_ROWS} rows: one a piece, under a header"
                ),
            }));
            break;
        }
        let mut row: Vec<Cell> = (col0..=col_end.min(col0 + MAX_COLUMNS))
            .map(|c| Cell {
                text: String::new(),
                line,
                col: c as usize + 1,
            })
            .collect();
        while let Some(((_, c), value)) = next.next_if(|((at, _), _)| *at == r) {
            let col = c as usize + 1;
            if col > MAX_COLUMNS as usize {
                rows.push(Err(CsvError {
                    line,
                    col,
                    message: format!("the sheet has more than {MAX_COLUMNS} columns"),
                }));
                return rows;
            }
            match text_of(&value) {
                Ok(text) => row[(c - col0) as usize].text = text,
                Err(message) => {
                    rows.push(Err(CsvError {
                        line,
                        col,
                        message: message.to_string(),
                    }));
                    return rows;
                }
            }
        }
        // Rows of nothing (a spreadsheet's blank rows) are left out, as a CSV's blank lines.
        if row.iter().any(|c| !c.text.is_empty()) {
            rows.push(Ok(row));
        }
    }
    rows
}

/// A table's name and how many rows and columns it spans.
type Extent = (String, u64, u64);

/// What calamine will make of an OpenDocument spreadsheet: the rows and columns each of its
/// tables spans, and how many bytes of text its cells hold once repeated.
#[derive(Debug, Default, PartialEq)]
struct OdsCount {
    tables: Vec<Extent>,
    text: u64,
}

/// Why an OpenDocument spreadsheet's `content.xml` cannot be counted.
#[derive(Debug, thiserror::Error)]
enum OdsError {
    #[error("its content.xml cannot be read: {0}")]
    Unreadable(std::io::Error),
    #[error("its content.xml is not well-formed XML at byte {at}: {why}")]
    Xml { at: u64, why: quick_xml::Error },
    #[error("its content.xml ends before its elements are closed")]
    Unclosed,
}

/// Counts an OpenDocument spreadsheet from its `content.xml`, with repeated rows and cells
/// counted as calamine will expand them (a table up to the last row that holds something), and
/// each cell's text (its paragraphs, `<text:s text:c="N"/>` as N spaces, its string value and
/// formula) as many times as it is repeated; `None` for a file that is not one (no
/// `content.xml`), and why not for one whose `content.xml` cannot be read whole (a closing tag
/// that does not match its opening one, say).
fn ods_count(bytes: &[u8]) -> Result<Option<OdsCount>, OdsError> {
    use quick_xml::events::Event;
    let Ok(mut zip) = zip::ZipArchive::new(Cursor::new(bytes)) else {
        return Ok(None);
    };
    let Ok(mut content) = zip.by_name("content.xml") else {
        return Ok(None);
    };
    let mut xml = String::new();
    std::io::Read::read_to_string(&mut content, &mut xml).map_err(OdsError::Unreadable)?;
    let mut reader = quick_xml::Reader::from_str(&xml);
    let number = |e: &quick_xml::events::BytesStart, key: &str| -> u64 {
        e.try_get_attribute(key)
            .ok()
            .flatten()
            .and_then(|a| a.value.parse().ok())
            .unwrap_or(1)
    };
    let attribute_len = |e: &quick_xml::events::BytesStart, key: &str| -> u64 {
        let found = e.try_get_attribute(key).ok().flatten();
        found.map_or(0, |a| a.value.len() as u64)
    };
    let mut count = OdsCount::default();
    let (mut rows_seen, mut last_row, mut width) = (0u64, 0u64, 0u64);
    let (mut row_repeats, mut cols_seen, mut row_width) = (1u64, 0u64, 0u64);
    // The cell being read: its text so far, and how many times it is repeated in its row.
    let mut cell: Option<(u64, u64)> = None;
    // Elements open: one cut off by the end of the file is as uncounted as a wrong closing tag.
    let mut open = 0usize;
    loop {
        let event = reader.read_event().map_err(|e| OdsError::Xml {
            at: reader.error_position(),
            why: e,
        })?;
        let (e, empty) = match event {
            Event::Eof if open > 0 => {
                return Err(OdsError::Unclosed);
            }
            Event::Eof => return Ok(Some(count)),
            Event::Start(e) => {
                open += 1;
                (e, false)
            }
            Event::Empty(e) => (e, true),
            Event::Text(t) => {
                add_text(&mut cell, t.len() as u64);
                continue;
            }
            // An entity (`&amp;`) is one character, of four bytes at most.
            Event::GeneralRef(_) => {
                add_text(&mut cell, 4);
                continue;
            }
            Event::End(e) => {
                open = open.saturating_sub(1);
                match e.name().as_ref() {
                    "table:table-row" => {
                        rows_seen = rows_seen.saturating_add(row_repeats);
                        if row_width > 0 {
                            last_row = rows_seen;
                            width = width.max(row_width);
                        }
                    }
                    "table:table" => {
                        if let Some(t) = count.tables.last_mut() {
                            *t = (std::mem::take(&mut t.0), last_row, width);
                        }
                    }
                    "table:table-cell" | "table:covered-table-cell" => {
                        if let Some((text, repeats)) = cell.take() {
                            let copies = repeats.saturating_mul(row_repeats);
                            count.text = count.text.saturating_add(text.saturating_mul(copies));
                        }
                    }
                    _ => {}
                }
                continue;
            }
            _ => continue,
        };
        match e.name().as_ref() {
            "table:table" => {
                let name = e
                    .try_get_attribute("table:name")
                    .ok()
                    .flatten()
                    .map(|a| a.value.into_owned())
                    .unwrap_or_default();
                count.tables.push((name, 0, 0));
                (rows_seen, last_row, width) = (0, 0, 0);
            }
            "table:table-row" => {
                (row_repeats, cols_seen, row_width) =
                    (number(&e, "table:number-rows-repeated"), 0, 0);
                if empty {
                    rows_seen = rows_seen.saturating_add(row_repeats);
                }
            }
            "table:table-cell" | "table:covered-table-cell" => {
                let repeats = number(&e, "table:number-columns-repeated");
                cols_seen = cols_seen.saturating_add(repeats);
                // A cell written open has text inside; an empty element holds a value only
                // through its attributes.
                let holds = !empty
                    || e.try_get_attribute("office:value-type")
                        .ok()
                        .flatten()
                        .is_some();
                if holds {
                    row_width = cols_seen;
                }
                let text: u64 = [
                    "office:string-value",
                    "office:date-value",
                    "office:time-value",
                    "table:formula",
                ]
                .iter()
                .map(|key| attribute_len(&e, key))
                .sum();
                match empty {
                    true => {
                        let copies = repeats.saturating_mul(row_repeats);
                        count.text = count.text.saturating_add(text.saturating_mul(copies));
                    }
                    false => cell = Some((text, repeats)),
                }
            }
            // Spaces written as a count, and the character a tab, a line break or a paragraph
            // after the first adds (the first is counted too: a bound, not a measure).
            "text:s" => add_text(&mut cell, number(&e, "text:c")),
            "text:tab" | "text:line-break" | "text:p" => add_text(&mut cell, 1),
            _ => {}
        }
    }
}

/// Counts `n` more bytes of text in the cell being read, if one is.
fn add_text(cell: &mut Option<(u64, u64)>, n: u64) {
    if let Some((text, _)) = cell {
        *text = text.saturating_add(n);
    }
}

/// The bytes of text an xlsx cell holds (a number, a date or an error: a few).
fn text_len(value: &calamine::DataRef) -> u64 {
    use calamine::DataRef as D;
    let len = match value {
        D::String(s) | D::DateTimeIso(s) | D::DurationIso(s) => s.len(),
        D::SharedString(s) => s.len(),
        _ => 24,
    };
    len as u64
}

/// A cell's text as the spreadsheet shows it: whole numbers without `.0`, text as written.
/// A cell that holds a spreadsheet's error instead of a value.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("the cell holds the error `{0}`: mend its formula in the spreadsheet")]
struct CellError(String);

fn text_of(value: &Data) -> Result<String, CellError> {
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
        Data::Error(e) => return Err(CellError(e.to_string())),
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

    /// An .ods whose `content.xml` holds `xml` (nothing else: the count reads only that).
    fn ods(xml: &str) -> Vec<u8> {
        use std::io::Write;
        let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let stored = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        zip.start_file("content.xml", stored).unwrap();
        zip.write_all(xml.as_bytes()).unwrap();
        zip.finish().unwrap().into_inner()
    }

    #[test]
    fn an_ods_whose_cells_cannot_all_be_counted_says_why() {
        let row = r#"<table:table-row table:number-rows-repeated="3"><table:table-cell office:value-type="float"/></table:table-row>"#;
        let whole = format!(r#"<table:table table:name="A">{row}</table:table>"#);
        let counted = ods_count(&ods(&whole)).unwrap().unwrap();
        assert_eq!(counted.tables, [("A".to_string(), 3, 1)]);
        let refused = |xml: String| ods_count(&ods(&xml)).unwrap_err().to_string();
        let wrong = whole.replace("</table:table-row>", "</table:table-roe>");
        assert!(refused(wrong).contains("not well-formed"));
        let cut = whole.replace("</table:table>", "");
        assert!(refused(cut).contains("ends before"));
    }

    #[test]
    fn an_ods_cells_text_is_counted_as_often_as_it_is_repeated() {
        let table = |row: &str| format!(r#"<table:table table:name="A">{row}</table:table>"#);
        let text = |row: &str| ods_count(&ods(&table(row))).unwrap().unwrap().text;
        // `Fire` and a paragraph's start, in 3 cells of 2 rows.
        let fire = r#"<table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="3" office:value-type="string"><text:p>Fire</text:p></table:table-cell></table:table-row>"#;
        assert_eq!(text(fire), 5 * 6);
        // Spaces written as a count, a string value and a formula.
        let spaces = r#"<table:table-row><table:table-cell office:value-type="string"><text:p><text:s text:c="1000000"/></text:p></table:table-cell></table:table-row>"#;
        assert_eq!(text(spaces), 1 + 1_000_000);
        let valued = r#"<table:table-row><table:table-cell table:number-columns-repeated="10" office:value-type="string" office:string-value="abc" table:formula="of:=1"/></table:table-row>"#;
        assert_eq!(text(valued), 10 * (3 + 5));
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
