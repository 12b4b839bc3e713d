//! Deck face sheets: TTS reads a deck's faces from grids of at most 10 columns × 7 rows, filled
//! row by row, every cell the same size, each sheet at most 4096 px a side. By default the last
//! cell of a grid is the "hidden" image (69 cards a sheet); with `BackIsHidden` the back is shown
//! instead and all 70 cells hold cards.
use crate::outputs::png::ImageError;
use rayon::prelude::*;
use resvg::tiny_skia::{Color, Pixmap, PixmapPaint, Transform};
use std::ops::Range;
use std::sync::Mutex;

pub const MAX_COLS: u32 = 10;
pub const MAX_ROWS: u32 = 7;
/// Largest side of any image TTS is given (its texture limit).
pub const MAX_SHEET_PX: u32 = 4096;

/// Images one sheet holds.
pub fn capacity(back_is_hidden: bool) -> usize {
    let cells = (MAX_COLS * MAX_ROWS) as usize;
    if back_is_hidden { cells } else { cells - 1 }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    pub cols: u32,
    pub rows: u32,
}

impl Grid {
    /// Top-left pixel of cell `slot` (row by row).
    pub fn origin(self, slot: usize, cell: (u32, u32)) -> (u32, u32) {
        let slot = slot as u32;
        ((slot % self.cols) * cell.0, (slot / self.cols) * cell.1)
    }
}

/// The smallest row-by-row grid holding `cells` images (1 to 70): full rows of up to 10.
pub fn grid_for(cells: usize) -> Grid {
    let cells = cells.clamp(1, (MAX_COLS * MAX_ROWS) as usize) as u32;
    let cols = cells.min(MAX_COLS);
    Grid {
        cols,
        rows: cells.div_ceil(cols),
    }
}

/// Splits `n` distinct card images into consecutive sheets.
pub fn split(n: usize, back_is_hidden: bool) -> Vec<Range<usize>> {
    let cap = capacity(back_is_hidden);
    (0..n.div_ceil(cap))
        .map(|i| i * cap..((i + 1) * cap).min(n))
        .collect()
}

/// Pixel size of one cell: the card's real size at `dpi`, shrunk (keeping its proportions) until
/// the whole grid fits in 4096×4096.
pub fn cell_size(w_mm: f64, h_mm: f64, dpi: u32, grid: Grid) -> (u32, u32) {
    let (w, h) = crate::outputs::png::pixel_size(w_mm, h_mm, dpi);
    let limit = MAX_SHEET_PX as f64;
    let s = (limit / (grid.cols * w) as f64)
        .min(limit / (grid.rows * h) as f64)
        .min(1.0);
    if s >= 1.0 {
        return (w, h);
    }
    let cw = ((w as f64 * s).floor() as u32).max(1);
    let ch = ((h as f64 * s).floor() as u32).max(1);
    (cw, ch)
}

/// One sheet of `count` cells, drawn row by row on white (`draw(k)` gives cell `k`), as an RGB
/// PNG. It is drawn and encoded a row of the grid at a time, the next row's cells drawn on the
/// other cores while this row is encoded: a whole sheet's pixels are never held at once.
pub fn encode(
    count: usize,
    grid: Grid,
    cell: (u32, u32),
    draw: impl Fn(usize) -> Result<Pixmap, ImageError> + Sync,
) -> Result<Vec<u8>, ImageError> {
    let (width, height) = (grid.cols * cell.0, grid.rows * cell.1);
    super::image::encode_rgb_bands(width, height, grid.rows as usize, |row| {
        strip(row, count, grid, cell, &draw)
    })
}

/// Row `row` of a sheet's grid: its cells drawn in parallel, each laid on the white strip as it
/// is done (only the cells being drawn are held beside it).
fn strip(
    row: usize,
    count: usize,
    grid: Grid,
    cell: (u32, u32),
    draw: &(impl Fn(usize) -> Result<Pixmap, ImageError> + Sync),
) -> Result<Pixmap, ImageError> {
    let mut strip = Pixmap::new(grid.cols * cell.0, cell.1).ok_or(ImageError::Empty)?;
    strip.fill(Color::WHITE);
    let strip = Mutex::new(strip);
    let first = row * grid.cols as usize;
    (first..count.min(first + grid.cols as usize))
        .into_par_iter()
        .try_for_each(|k| {
            let img = draw(k)?;
            if (img.width(), img.height()) != cell {
                return Err(ImageError::Parts(format!(
                    "card {k} is not the size of a cell"
                )));
            }
            let (x, _) = grid.origin(k, cell);
            // Laid over the white as a picture, not copied: a card's edge pixels may be a
            // shade short of opaque.
            strip.lock().unwrap_or_else(|e| e.into_inner()).draw_pixmap(
                x as i32,
                0,
                img.as_ref(),
                &PixmapPaint::default(),
                Transform::identity(),
                None,
            );
            Ok(())
        })?;
    Ok(strip.into_inner().unwrap_or_else(|e| e.into_inner()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_fill_rows_of_ten_and_never_exceed_ten_by_seven() {
        assert_eq!(grid_for(1), Grid { cols: 1, rows: 1 });
        assert_eq!(grid_for(3), Grid { cols: 3, rows: 1 });
        assert_eq!(grid_for(10), Grid { cols: 10, rows: 1 });
        assert_eq!(grid_for(11), Grid { cols: 10, rows: 2 });
        assert_eq!(grid_for(70), Grid { cols: 10, rows: 7 });
        assert_eq!(grid_for(500), Grid { cols: 10, rows: 7 });
    }

    #[test]
    fn sheets_hold_seventy_or_sixty_nine() {
        assert_eq!(split(80, true), vec![0..70, 70..80]);
        assert_eq!(split(80, false), vec![0..69, 69..80]);
        assert_eq!(split(70, true), vec![0..70]);
        assert!(split(0, true).is_empty());
    }

    #[test]
    fn cells_keep_real_size_until_the_sheet_limit() {
        // 63.5 × 88.9 mm at 100 dpi: 250 × 350 px, a full 10×7 sheet is 2500 × 2450.
        assert_eq!(cell_size(63.5, 88.9, 100, grid_for(70)), (250, 350));
        // At 300 dpi the full grid would be 7500 px wide: shrunk to fit 4096.
        let (w, h) = cell_size(63.5, 88.9, 300, grid_for(70));
        assert!(w * 10 <= MAX_SHEET_PX && h * 7 <= MAX_SHEET_PX, "{w}×{h}");
        assert!((w as f64 / h as f64 - 750.0 / 1050.0).abs() < 0.01);
        assert_eq!(w, 409);
    }

    #[test]
    fn cells_go_row_by_row_and_empty_cells_stay_white() {
        let colours = [(255, 0, 0), (0, 0, 255), (0, 160, 0)];
        let cell = |k: usize| {
            let (r, g, b) = colours[k];
            let mut p = Pixmap::new(2, 3).unwrap();
            p.fill(Color::from_rgba8(r, g, b, 255));
            Ok(p)
        };
        let grid = Grid { cols: 2, rows: 2 };
        let png = encode(3, grid, (2, 3), cell).unwrap();
        let mut decoder = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        assert_eq!(decoder.info().color_type, png::ColorType::Rgb);
        assert_eq!((decoder.info().width, decoder.info().height), (4, 6));
        let mut rgb = vec![0; decoder.output_buffer_size().unwrap()];
        decoder.next_frame(&mut rgb).unwrap();
        let px = |x: usize, y: usize| {
            let i = (y * 4 + x) * 3;
            (rgb[i], rgb[i + 1], rgb[i + 2])
        };
        // Every pixel of each cell, and nothing of it outside.
        for (x0, y0, want) in [
            (0, 0, (255, 0, 0)),
            (2, 0, (0, 0, 255)),
            (0, 3, (0, 160, 0)),
        ] {
            for (x, y) in (0..2).flat_map(|x| (0..3).map(move |y| (x, y))) {
                assert_eq!(px(x0 + x, y0 + y), want, "({}, {})", x0 + x, y0 + y);
            }
        }
        assert_eq!(px(3, 5), (255, 255, 255)); // the fourth cell is empty
        let wrong = encode(1, grid, (3, 3), cell).unwrap_err().to_string();
        assert!(wrong.contains("size of a cell"), "{wrong}");
    }
}
