//! Deck face sheets: TTS reads a deck's faces from grids of at most 10 columns × 7 rows, filled
//! row by row, every cell the same size, each sheet at most 4096 px a side. By default the last
//! cell of a grid is the "hidden" image (69 cards a sheet); with `BackIsHidden` the back is shown
//! instead and all 70 cells hold cards.
use resvg::tiny_skia::{Color, Pixmap, PixmapPaint, Transform};
use std::ops::Range;

pub const MAX_COLS: u32 = 10;
pub const MAX_ROWS: u32 = 7;
/// Largest side of any image TTS is given (its texture limit).
pub const MAX_SHEET_PX: u32 = 4096;

/// Images one sheet holds.
pub fn capacity(back_is_hidden: bool) -> usize {
    let cells = (MAX_COLS * MAX_ROWS) as usize;
    if back_is_hidden { cells } else { cells - 1 }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    pub cols: u32,
    pub rows: u32,
}

impl Grid {
    pub fn cells(self) -> usize {
        (self.cols * self.rows) as usize
    }
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
    let (w, h) = crate::output::png::pixel_size(w_mm, h_mm, dpi);
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

/// One sheet: `cells` drawn row by row on white; `hidden` (if any) goes in the grid's last cell.
pub fn compose(
    cells: &[Pixmap],
    hidden: Option<&Pixmap>,
    grid: Grid,
    cell: (u32, u32),
) -> Result<Pixmap, String> {
    let mut sheet =
        Pixmap::new(grid.cols * cell.0, grid.rows * cell.1).ok_or("a deck sheet of zero size")?;
    sheet.fill(Color::WHITE);
    let last = grid.cells() - 1;
    let placed = cells.iter().enumerate().chain(hidden.map(|h| (last, h)));
    for (slot, img) in placed {
        let (x, y) = grid.origin(slot, cell);
        sheet.draw_pixmap(
            x as i32,
            y as i32,
            img.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
    }
    Ok(sheet)
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
    fn compose_puts_cells_row_by_row_and_hidden_last() {
        let mut red = Pixmap::new(2, 3).unwrap();
        red.fill(Color::from_rgba8(255, 0, 0, 255));
        let mut blue = Pixmap::new(2, 3).unwrap();
        blue.fill(Color::from_rgba8(0, 0, 255, 255));
        let grid = Grid { cols: 2, rows: 2 };
        let sheet = compose(&[red.clone(), red], Some(&blue), grid, (2, 3)).unwrap();
        assert_eq!((sheet.width(), sheet.height()), (4, 6));
        let px = |x: u32, y: u32| sheet.pixel(x, y).unwrap();
        assert_eq!(px(3, 0).red(), 255); // slot 1, top right
        assert_eq!(px(0, 3).red(), 255); // slot 2 is empty: white
        assert_eq!(px(0, 3).green(), 255);
        assert_eq!(px(3, 5).blue(), 255); // hidden, last cell
        assert_eq!(px(3, 5).red(), 0);
    }
}
