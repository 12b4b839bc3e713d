//! Hexes and triangles of one size tile the sheet sharing their edges, so that one cut serves
//! two pieces (as piecepackr and nanDECK lay them out): pointy hexes in rows, each row shifted
//! half a hex and nested into the one above; flat hexes in columns, likewise; triangles in rows
//! pointing up and down in turn. A run of identical pieces is
//! packed as blocks, each as many pieces as the largest box a page always has holds (the last
//! block only as many as are left); `pack` places the blocks like any piece, and each block
//! becomes its pieces, in order.
use super::{Item, Items, LayoutError, LayoutOptions, Page, Placement, Rect};
use crate::kinds::Split;

/// How identical pieces tile the sheet edge to edge, beyond a rectangle's rows and columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tiling {
    /// Pointy hexes: rows, each shifted half a hex and three quarters of a hex lower.
    Rows,
    /// Flat hexes: columns, each shifted half a hex and three quarters of a hex along.
    Columns,
    /// Triangles: rows of triangles pointing up and down in turn (every other one turned
    /// 180°), each half a side along from the one before; a row's bases meet the next row's.
    Triangles,
}

impl Tiling {
    /// How `shape` tiles, if it does.
    pub fn of(shape: &crate::spec::Shape) -> Option<Tiling> {
        use crate::base::shape::HexTop;
        match shape {
            crate::spec::Shape::Hex {
                top: HexTop::Pointy,
                ..
            } => Some(Tiling::Rows),
            crate::spec::Shape::Hex {
                top: HexTop::Flat, ..
            } => Some(Tiling::Columns),
            crate::spec::Shape::Polygon { sides: 3, .. } => Some(Tiling::Triangles),
            _ => None,
        }
    }

    /// The size of a block of `rows` × `cols` `w`×`h` pieces.
    fn block(self, w: f64, h: f64, rows: usize, cols: usize) -> (f64, f64) {
        let (r, c) = (rows as f64, cols as f64);
        match self {
            Tiling::Rows => {
                let shift = if rows > 1 { w / 2.0 } else { 0.0 };
                (c * w + shift, h + (r - 1.0) * 0.75 * h)
            }
            Tiling::Columns => {
                let shift = if cols > 1 { h / 2.0 } else { 0.0 };
                (w + (c - 1.0) * 0.75 * w, r * h + shift)
            }
            Tiling::Triangles => ((c + 1.0) * w / 2.0, r * h),
        }
    }

    /// Where the hex in row `row` and column `col` of a block goes in it (its box's corner).
    pub fn cell(self, w: f64, h: f64, row: usize, col: usize) -> (f64, f64) {
        let (r, c) = (row as f64, col as f64);
        match self {
            Tiling::Rows => (c * w + (row % 2) as f64 * w / 2.0, r * 0.75 * h),
            Tiling::Columns => (c * 0.75 * w, r * h + (col % 2) as f64 * h / 2.0),
            Tiling::Triangles => (c * w / 2.0, r * h),
        }
    }

    /// Whether the piece in row `row` and column `col` of a block is turned 180°: every other
    /// triangle, so that it points down between two pointing up.
    pub fn turned(self, row: usize, col: usize) -> bool {
        self == Tiling::Triangles && (row + col) % 2 == 1
    }

    /// The rows and columns of `w`×`h` hexes that put the most in a `room` box. Not simply the
    /// most rows, then the most columns: a second column of flat hexes (a second row of pointy
    /// ones) is shifted half a hex, which the tallest single column may have no room for.
    fn fit(self, w: f64, h: f64, room: (f64, f64)) -> (usize, usize) {
        let fits = |rows: usize, cols: usize| {
            let (bw, bh) = self.block(w, h, rows, cols);
            super::within(bw, bh, room)
        };
        // Generous bounds: a hex is at least a millimetre a side.
        let bound = (room.0.max(room.1) / w.min(h).max(1.0)) as usize * 2 + 2;
        let mut best = (0, 0);
        for rows in 1..=bound {
            let cols = (1..=bound)
                .take_while(|&c| fits(rows, c))
                .last()
                .unwrap_or(0);
            if rows * cols > best.0 * best.1 {
                best = (rows, cols);
            }
        }
        best
    }
}

/// A block of tiling pieces: its grid, and the (piece, face) of each in order (along the rows
/// of pointy hexes and triangles, down the columns of flat hexes).
struct Block {
    tiling: Tiling,
    w: f64,
    h: f64,
    rows: usize,
    cols: usize,
    cells: Vec<(usize, usize)>,
}

impl Block {
    /// Its size on the sheet.
    fn size(&self) -> (f64, f64) {
        self.tiling.block(self.w, self.h, self.rows, self.cols)
    }

    /// The row and column of its `k`th hex.
    fn place(&self, k: usize) -> (usize, usize) {
        match self.tiling {
            Tiling::Rows | Tiling::Triangles => (k / self.cols, k % self.cols),
            Tiling::Columns => (k % self.rows, k / self.rows),
        }
    }
}

/// `pack::pack`, with runs of identical hexes and triangles packed as blocks that share their edges.
pub fn pack(
    items: &Items,
    captions: &[String],
    opt: &LayoutOptions,
) -> Result<Vec<Page>, LayoutError> {
    // Bleed needs room around every piece.
    if opt.bleed > 0.0 || items.iter().all(|i| i.tiles.is_none()) {
        return super::pack::pack(items, captions, opt);
    }
    // Blocks are placed as pieces numbered past every real one.
    let first = items.iter().map(|i| i.piece).max().unwrap_or(0) + 1;
    let mut blocks: Vec<Block> = Vec::new();
    let mut list: Vec<Item> = Vec::new();
    let mut rest = items;
    while let Some(item) = rest.first() {
        let run = rest.iter().take_while(|i| same_run(item, i)).count().max(1);
        let (head, tail) = rest.split_at(run);
        rest = tail;
        match (item.tiles, room(item, opt)) {
            (Some(tiling), Some((rows, cols))) => {
                for block in blocks_of(head, tiling, rows, cols) {
                    let (w, h) = block.size();
                    list.push(Item {
                        piece: first + blocks.len(),
                        component: item.component,
                        front: block.cells[0].1,
                        back: None,
                        w,
                        h,
                        copies: 1,
                        shared_cuts: false,
                        split: Split::Never,
                        // A block keeps the tiling's orientation: never turned a quarter.
                        tiles: Some(tiling),
                        own_pages: item.own_pages,
                    });
                    blocks.push(block);
                }
            }
            // One that no page holds is left to `pack` to report.
            _ => list.extend(head.iter().cloned()),
        }
    }
    let pages = super::pack::pack(&list, captions, opt)?;
    Ok(pages
        .into_iter()
        .map(|page| Page {
            placements: page
                .placements
                .into_iter()
                .flat_map(|p| match p.piece.checked_sub(first) {
                    Some(b) => pieces_of(&blocks[b], &p.rect),
                    None => vec![p],
                })
                .collect(),
            ..page
        })
        .collect())
}

/// Whether `b` tiles with `a`: pieces of the same component, size and tiling.
fn same_run(a: &Item, b: &Item) -> bool {
    a.tiles.is_some()
        && b.tiles == a.tiles
        && b.component == a.component
        && b.w.to_bits() == a.w.to_bits()
        && b.h.to_bits() == a.h.to_bits()
}

/// The rows and columns of the largest block of `item`'s hexes a page always has room for (the
/// first of the page's boxes, full width above the calibration square, when two hold as many).
fn room(item: &Item, opt: &LayoutOptions) -> Option<(usize, usize)> {
    let tiling = item.tiles?;
    let mut best: Option<(usize, usize)> = None;
    for b in opt.piece_boxes() {
        let (r, c) = tiling.fit(item.w, item.h, b);
        if r * c > best.map_or(0, |(br, bc)| br * bc) {
            best = Some((r, c));
        }
    }
    best
}

/// The copies of a run of hexes, in blocks of `rows` × `cols`; the last, with fewer, in as few
/// rows as hold them (a group takes the sheet's height; what its last row leaves beside it stays
/// empty), its columns as evenly filled as that allows.
fn blocks_of(run: &[Item], tiling: Tiling, rows: usize, cols: usize) -> Vec<Block> {
    let cells: Vec<(usize, usize)> = run
        .iter()
        .flat_map(|i| std::iter::repeat_n((i.piece, i.front), i.copies as usize))
        .collect();
    let (w, h) = (run[0].w, run[0].h);
    cells
        .chunks(rows * cols)
        .map(|chunk| {
            let rows = chunk.len().div_ceil(cols);
            let cols = chunk.len().div_ceil(rows);
            Block {
                tiling,
                w,
                h,
                rows,
                cols,
                cells: chunk.to_vec(),
            }
        })
        .collect()
}

/// The pieces of block `b` placed at `at`.
fn pieces_of(b: &Block, at: &Rect) -> Vec<Placement> {
    b.cells
        .iter()
        .enumerate()
        .map(|(k, &(piece, face))| {
            let (row, col) = b.place(k);
            let (x, y) = b.tiling.cell(b.w, b.h, row, col);
            Placement {
                piece,
                face,
                rect: Rect {
                    x: at.x + x,
                    y: at.y + y,
                    w: b.w,
                    h: b.h,
                },
                turned: b.tiling.turned(row, col),
                quarter: false,
                part: None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{A4, PageSide};

    /// `n` pointy hexes 30 mm across flats.
    fn hexes(n: u32, tiles: Option<Tiling>) -> Vec<Item> {
        vec![Item {
            back: Some(1),
            copies: n,
            shared_cuts: tiles.is_some(),
            split: Split::Never,
            tiles,
            ..Item::one(0, 0, 30.0, 60.0 / 3f64.sqrt())
        }]
    }

    #[test]
    fn pointy_hexes_nest_row_into_row_and_fill_a4() {
        let opt = LayoutOptions::new(A4);
        let pages =
            crate::layout::impose(&hexes(40, Some(Tiling::Rows)), &["Hexes".into()], &opt).unwrap();
        let fronts: Vec<&Page> = pages.iter().filter(|p| p.side == PageSide::Front).collect();
        let first = &fronts[0].placements;
        let (w, h) = (30.0, 60.0 / 3f64.sqrt());
        // Six across, rows three quarters of a hex apart, every other row half a hex along.
        assert_eq!(first[1].rect.x - first[0].rect.x, w);
        let second_row = first.iter().find(|p| p.rect.y > first[0].rect.y).unwrap();
        assert!((second_row.rect.y - first[0].rect.y - 0.75 * h).abs() < 1e-9);
        assert!((second_row.rect.x - first[0].rect.x - w / 2.0).abs() < 1e-9);
        // Nine rows (a 240.5 mm box above the calibration square) of six: 54 > 40, one page.
        assert_eq!(fronts.len(), 1);
        assert_eq!(first.len(), 40);
        for p in first {
            assert!(opt.content().contains(&p.rect), "{:?}", p.rect);
            assert!(!p.rect.overlaps(&opt.reserved()), "{:?}", p.rect);
        }
        // The backs mirror the fronts.
        let backs = &pages[1].placements;
        for (f, b) in first.iter().zip(backs) {
            assert_eq!(b.rect, crate::layout::mirror(&f.rect, &opt));
        }
    }

    #[test]
    fn without_tiling_or_with_bleed_hexes_stand_apart() {
        let mut opt = LayoutOptions::new(A4);
        for (tiles, bleed) in [(None, 0.0), (Some(Tiling::Rows), 3.0)] {
            opt.bleed = bleed;
            let pages = crate::layout::impose(&hexes(4, tiles), &["Hexes".into()], &opt).unwrap();
            let p = &pages[0].placements;
            assert!((p[1].rect.x - p[0].rect.right() - opt.effective_gap()).abs() < 1e-9);
        }
    }

    #[test]
    fn flat_hexes_nest_column_into_column() {
        let t = Tiling::Columns;
        let (w, h) = (60.0 / 3f64.sqrt(), 30.0);
        assert_eq!(t.cell(w, h, 0, 1), (0.75 * w, h / 2.0));
        assert_eq!(t.cell(w, h, 1, 2), (1.5 * w, h));
        let (bw, bh) = t.block(w, h, 2, 3);
        assert!((bw - 2.5 * w).abs() < 1e-9 && (bh - 2.5 * h).abs() < 1e-9);
        // A 180 × 240 mm box holds eight in one column, but 7 rows of 6 nested columns (the
        // shifted columns need half a hex more height).
        assert_eq!(t.fit(w, h, (180.0, 240.0)), (7, 6));
    }

    #[test]
    fn triangles_point_up_and_down_in_turn_and_their_backs_stay_behind_them() {
        let (w, h) = (40.0 / 3f64.sqrt() * 2.0, 20.0);
        let t = Tiling::Triangles;
        assert_eq!(t.cell(w, h, 0, 1), (w / 2.0, 0.0));
        assert!(!t.turned(0, 0) && t.turned(0, 1) && t.turned(1, 0) && !t.turned(1, 1));
        let mut run = hexes(7, Some(t));
        run[0].w = w;
        run[0].h = h;
        for duplex in [
            crate::layout::Duplex::LongEdge,
            crate::layout::Duplex::ShortEdge,
        ] {
            let mut opt = LayoutOptions::new(A4);
            opt.duplex = duplex;
            let pages = crate::layout::impose(&run, &["Triangles".into()], &opt).unwrap();
            let (front, back) = (&pages[0].placements, &pages[1].placements);
            assert_eq!(front.len(), 7);
            for (k, (f, b)) in front.iter().zip(back).enumerate() {
                assert_eq!(f.turned, k % 2 == 1, "{k}");
                assert!((f.rect.x - front[0].rect.x - k as f64 * w / 2.0).abs() < 1e-9);
                // Turned again when the sheet turns top to bottom, so it points as its front.
                let turned_sheet = crate::layout::back_turned(&opt);
                assert_eq!(b.turned, f.turned != turned_sheet, "{duplex:?} {k}");
            }
        }
    }

    #[test]
    fn a_short_run_of_flat_hexes_is_one_zigzag_row_not_one_tall_column() {
        let t = Tiling::Columns;
        let (w, h) = (60.0 / 3f64.sqrt(), 30.0);
        let mut run = hexes(6, Some(t));
        run[0].w = w;
        run[0].h = h;
        let blocks = blocks_of(&run, t, 7, 6);
        assert_eq!(blocks.len(), 1);
        assert_eq!((blocks[0].rows, blocks[0].cols), (1, 6));
        let (_, bh) = blocks[0].size();
        assert!((bh - 1.5 * h).abs() < 1e-9);
    }
}
