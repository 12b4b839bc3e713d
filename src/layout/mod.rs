//! Imposition: where every copy of every piece goes on the pages. Pure geometry in millimetres
//! (origin top-left of the page), shared by the PDF sink and the tests. Pieces are packed in
//! rows, component by component, each group under a caption; a piece larger than the printable
//! area is split into parts that overlap by `overlap` mm so they can be joined.

pub mod cover;
pub mod cuts;
pub mod document;
pub mod fit;
pub mod furniture;
pub mod gutterfold;
pub mod pack;
pub mod registration;
pub mod sheets;
pub mod split;
pub mod tessellate;

pub use crate::base::geometry::Rect;

/// A piece that cannot be placed: which component, and why.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct LayoutError {
    pub component: usize,
    pub message: String,
}

/// What a layout places: one item a piece, in piece order.
pub type Items = [Item];

/// Paper, already turned to its orientation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Paper {
    pub name: &'static str,
    pub w: f64,
    pub h: f64,
    /// Side of the calibration square: 25 mm on metric paper, 1 inch on US paper.
    pub calibration: f64,
}

pub const A4: Paper = Paper {
    name: "A4",
    w: 210.0,
    h: 297.0,
    calibration: 25.0,
};
pub const LETTER: Paper = Paper {
    name: "Letter",
    w: 215.9,
    h: 279.4,
    calibration: 25.4,
};

impl Paper {
    pub fn landscape(self) -> Paper {
        Paper {
            w: self.h,
            h: self.w,
            ..self
        }
    }
}

/// How the backs of double-sided pieces are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Duplex {
    /// Each back page follows its front page, mirrored for a printer that flips on the long edge.
    #[default]
    LongEdge,
    /// Mirrored for a printer that flips on the short edge (the back page is turned 180°).
    ShortEdge,
    /// No duplex: each sheet carries fronts on its left half and their backs mirrored on the
    /// right half; fold along the middle and glue (see `output::gutterfold`).
    GutterFold,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LayoutOptions {
    pub paper: Paper,
    /// Top and bottom margin: outside it only the footer's last line and registration targets.
    pub margin: f64,
    /// Left and right margin: crop marks of pieces at the edge of the area reach into it.
    pub side_margin: f64,
    pub gap: f64,
    pub bleed: f64,
    pub overlap: f64,
    pub duplex: Duplex,
    /// A cover page with its own calibration square comes first: pieces may then fill the
    /// square's corner on every page (see `pack`). Without one, some page keeps it.
    pub cover_square: bool,
    /// Where the footer and the group captions go (`choose_furniture`).
    pub furniture_at: FurnitureAt,
    /// Where a gutter-fold sheet folds (`gutterfold`): the half that fits more pieces.
    pub fold: Fold,
    /// What shows the cuts: crop marks outside the pieces, lines along the cuts, or both.
    pub cuts: Cuts,
}

/// The fold of a gutter-fold sheet: down its middle (fronts on the left half) or across it
/// (fronts on the top half).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Fold {
    #[default]
    Down,
    Across,
}

/// `--cuts`: how a sheet shows where to cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Cuts {
    /// Crop marks outside the block of pieces (pieces cut along a polygon or a path always
    /// have their line).
    #[default]
    Marks,
    /// A line along every cut, no crop marks: for a guillotine or a cutting machine.
    Lines,
    /// Crop marks and lines.
    Both,
    /// Nothing is cut (write-on sheets from `pnp sheets`, printed as they are): no crop marks,
    /// no cut lines.
    Uncut,
}

/// Where a sheet's footer (credits, page n of N) and its group captions are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FurnitureAt {
    /// In bands: the footer under the content, each group's caption above its first row.
    #[default]
    Bands,
    /// Turned to run along the side margins, so that pieces take the sheet's full height:
    /// three rows of poker cards (266.7 mm) on Letter (279.4 mm). Only where it saves sheets.
    Margins,
}

impl FurnitureAt {
    /// The furniture of every game on `paper`, so that all games look alike on one paper: bands
    /// on a sheet at least √2 as tall as it is wide (A4 portrait, whose spare room lies above
    /// and below three rows of cards), the side margins on a squatter one (Letter, where three
    /// rows of poker cards leave 12.7 mm of height and 25.4 mm of width; any landscape sheet).
    pub fn for_paper(paper: Paper) -> FurnitureAt {
        if paper.h >= paper.w * 1.41 {
            FurnitureAt::Bands
        } else {
            FurnitureAt::Margins
        }
    }

    pub fn other(self) -> FurnitureAt {
        match self {
            FurnitureAt::Bands => FurnitureAt::Margins,
            FurnitureAt::Margins => FurnitureAt::Bands,
        }
    }
}

/// Least distance from the paper's edge to any furniture (crop marks, text, registration
/// targets, the calibration square): home printers commonly lose 4 to 6.35 mm at one edge or
/// another, and a crop mark they drop leaves a cut unmarked.
pub const FURNITURE_EDGE: f64 = 5.0;

/// Room in each side margin, outside the crop marks, for a turned line of small text and
/// `FURNITURE_EDGE` beyond it (`FurnitureAt::Margins`): a 12.6 mm margin without bleed.
pub const SIDE_TEXT_BAND: f64 = 9.85;

impl LayoutOptions {
    pub fn new(paper: Paper) -> Self {
        LayoutOptions {
            paper,
            margin: 5.0,
            // Three 2.5 in cards side by side (190.5 mm) fit A4 and Letter.
            side_margin: 9.5,
            gap: 6.0,
            bleed: 0.0,
            overlap: 12.0,
            duplex: Duplex::LongEdge,
            cover_square: false,
            furniture_at: FurnitureAt::Bands,
            fold: Fold::Down,
            cuts: Cuts::Marks,
        }
    }
    /// The gap actually used: room for bleed and crop marks on both sides.
    pub fn effective_gap(&self) -> f64 {
        self.gap.max(2.0 * (self.bleed + MARK_OFFSET + 1.5))
    }
    /// Height of the footer band under the content: room for the crop marks of the pieces above
    /// it (longer with bleed), then two lines of text (credits, page n of N, the print-at-100 %
    /// hint). 0 when the footer runs along the side margins.
    pub fn footer(&self) -> f64 {
        match self.furniture_at {
            FurnitureAt::Bands => self.footer_band(),
            FurnitureAt::Margins => 0.0,
        }
    }
    /// The footer band's height when there is one (the cover, record sheets, gutter-fold sheets).
    pub fn footer_band(&self) -> f64 {
        FOOTER_MM.max(self.mark_reach() + FOOTER_MM - NO_BLEED_REACH)
    }
    /// Height of the band above a group's first row that holds its caption.
    pub fn caption_band(&self) -> f64 {
        match self.furniture_at {
            FurnitureAt::Bands => self.band_caption(),
            FurnitureAt::Margins => 0.0,
        }
    }
    /// Height of a caption band wherever one is drawn (in the margins furniture too, for a group
    /// beside another's row): the caption's line, then the crop marks of the row under it, which
    /// grow with the bleed, so that they never run into the caption.
    pub fn band_caption(&self) -> f64 {
        CAPTION_MM.max(self.mark_reach() + CAPTION_MM - NO_BLEED_REACH)
    }
    /// The baseline of a caption in a band starting at `top`: clear of the crop marks under it.
    pub fn caption_baseline(&self, top: f64) -> f64 {
        top + self.band_caption() - self.mark_reach() - CAPTION_CLEARANCE
    }
    /// How far crop marks reach outside the pieces' cuts.
    pub fn mark_reach(&self) -> f64 {
        self.effective_gap() / 2.0 - 0.25
    }
    /// How far the shortest crop mark kept reaches beyond its cut: its offset (past the bleed)
    /// and `MIN_MARK`. A mark is cut short `FURNITURE_EDGE` from the paper's edge
    /// (`furniture::crop_marks`).
    pub fn mark_room(&self) -> f64 {
        self.bleed + MARK_OFFSET + MIN_MARK
    }
    /// Top (and bottom) margin of the content area. In bands, the caption band and the footer
    /// band keep the crop marks of the first and last rows away from the edge; without them
    /// the margin does, keeping `mark_room` of every mark `FURNITURE_EDGE` inside the sheet (6.75
    /// mm without bleed: three rows of poker cards no longer fit Letter, so they turn, eight a
    /// sheet).
    pub fn content_top_margin(&self) -> f64 {
        match self.furniture_at {
            FurnitureAt::Bands => self.margin,
            FurnitureAt::Margins => self.margin.max(self.mark_room() + FURNITURE_EDGE),
        }
    }
    /// Left and right margin of the content area: the side margin, wider where a crop mark
    /// (further out with bleed) would have less than `mark_room` inside `FURNITURE_EDGE`, or
    /// where a line of turned text runs beyond the marks.
    pub fn content_side_margin(&self) -> f64 {
        let least = self.side_margin.max(self.mark_room() + FURNITURE_EDGE);
        match self.furniture_at {
            FurnitureAt::Bands => least,
            FurnitureAt::Margins => least.max(self.mark_reach() + SIDE_TEXT_BAND),
        }
    }
    /// The printable area pieces may occupy, except `reserved()` in its bottom-right corner.
    pub fn content(&self) -> Rect {
        let (mx, my) = (self.content_side_margin(), self.content_top_margin());
        Rect {
            x: mx,
            y: my,
            w: self.paper.w - 2.0 * mx,
            h: self.paper.h - 2.0 * my - self.footer(),
        }
    }
    /// These options with the footer and captions in bands (the cover, record sheets).
    pub fn with_bands(&self) -> LayoutOptions {
        LayoutOptions {
            furniture_at: FurnitureAt::Bands,
            ..*self
        }
    }
    /// The calibration square on a front page: the bottom-right corner of the content area.
    pub fn calibration(&self) -> Rect {
        let area = self.content();
        let c = self.paper.calibration;
        Rect {
            x: area.right() - c,
            y: area.bottom() - c,
            w: c,
            h: c,
        }
    }
    /// What pieces flow around: the calibration square with a clearance on its left and top
    /// that keeps every piece's crop marks (half a gap long) a millimetre away from it.
    pub fn reserved(&self) -> Rect {
        let c = self.calibration();
        let g = self.effective_gap() / 2.0 + 1.0;
        Rect {
            x: c.x - g,
            y: c.y - g,
            w: c.w + g,
            h: c.h + g,
        }
    }
    /// The part of the content area above `reserved()`: where a piece as wide as the content
    /// fits (a full-page record sheet, the widest parts of a split board).
    pub fn above_calibration(&self) -> Rect {
        let area = self.content();
        Rect {
            h: self.reserved().y - area.y,
            ..area
        }
    }
    /// A full-page piece printed alone (a record sheet from `pnp sheets`): above the calibration
    /// square, under the band a caption would take, so that its crop marks stay clear of the
    /// registration targets in the corners of the sheet.
    pub fn sheet_area(&self) -> Rect {
        let a = self.above_calibration();
        Rect {
            y: a.y + self.caption_band(),
            h: a.h - self.caption_band(),
            ..a
        }
    }
    /// The two largest boxes a piece (under its caption) can always be placed in on an empty
    /// page: full width above the calibration square, or full height beside it.
    pub fn piece_boxes(&self) -> [(f64, f64); 2] {
        let area = self.content();
        [
            (area.w, self.above_calibration().h - self.caption_band()),
            (area.w - self.reserved().w, area.h - self.caption_band()),
        ]
    }
    /// The box a piece (under its caption) has on a page whose calibration corner it may take:
    /// the whole content area. Only where the square is printed elsewhere (see `pack`).
    pub fn free_corner_box(&self) -> (f64, f64) {
        let area = self.content();
        (area.w, area.h - self.caption_band())
    }
    /// Whether a `w`×`h` piece fits on a page without being split: upright, or turned a quarter
    /// when it `may_turn`.
    pub fn fits(&self, w: f64, h: f64, may_turn: bool) -> bool {
        self.piece_boxes()
            .iter()
            .any(|&b| within(w, h, b) || (may_turn && within(h, w, b)))
    }
}

/// Whether a `w`×`h` piece fits box `b` (width, height), give or take rounding.
pub fn within(w: f64, h: f64, b: (f64, f64)) -> bool {
    w <= b.0 + 1e-9 && h <= b.1 + 1e-9
}

/// Height of the footer band without bleed (see `LayoutOptions::footer`): the crop marks'
/// reach, two lines, and the last line's descenders still `FURNITURE_EDGE` from the paper's edge.
pub const FOOTER_MM: f64 = 10.0;
/// How far crop marks reach without bleed (half the 6 mm gap, less 0.25 mm).
const NO_BLEED_REACH: f64 = 2.75;
/// Between a band caption's baseline and the top of the crop marks under it: its descenders.
const CAPTION_CLEARANCE: f64 = 1.25;

/// Crop marks start this far outside the cut (plus the bleed).
pub const MARK_OFFSET: f64 = 1.0;
/// The shortest crop mark printed where `FURNITURE_EDGE` cuts one short (mm): still a line a
/// ruler can be laid on, and short enough that a 190 mm record sheet with a print shop's 1/8 in
/// bleed keeps its marks on A4.
pub const MIN_MARK: f64 = 0.75;
/// Height of a group caption.
pub const CAPTION_MM: f64 = 8.0;

/// Part of a piece that was split because it is larger than the printable area.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Part {
    /// 1-based number and total, printed on the part.
    pub number: usize,
    pub count: usize,
    /// The window of the whole face (face mm) this part shows.
    pub window: Rect,
    /// Whether this part's first `overlap` mm (top or left edge) lies under the previous part.
    pub glue_top: bool,
    pub glue_left: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Placement {
    pub piece: usize,
    pub face: usize,
    /// The cut rectangle on the page.
    pub rect: Rect,
    /// Turned 180° (backs for short-edge duplex).
    pub turned: bool,
    /// Turned a quarter clockwise before `turned`: `rect` is the piece's height wide and its
    /// width high (a piece that fits more copies on its sheet that way).
    pub quarter: bool,
    /// Only the parts of a piece printed in parts have one.
    pub part: Option<Part>,
}

impl Placement {
    /// The piece's own width and height (mm): the rectangle's, swapped when turned a quarter.
    pub fn piece_size(&self) -> (f64, f64) {
        match self.quarter {
            true => (self.rect.h, self.rect.w),
            false => (self.rect.w, self.rect.h),
        }
    }

    /// From the piece's own millimetres (its top-left corner at 0, 0, upright) to the page's:
    /// turned half about its middle when `turned`, then a quarter clockwise when `quarter`, then
    /// moved to its rectangle. The PDF writer draws the face through the same turns, so a cut
    /// line or mark placed through this lies on the printed outline.
    pub fn to_page(&self) -> vello_cpu::kurbo::Affine {
        use vello_cpu::kurbo::Affine;
        let (w, h) = self.piece_size();
        let r = self.rect;
        // Exact coefficients (no sine of π): shared sides of turned triangles must coincide.
        let half = match self.turned {
            true => Affine::new([-1.0, 0.0, 0.0, -1.0, w, h]),
            false => Affine::IDENTITY,
        };
        // Clockwise (y runs down): the piece's top edge along the rectangle's right side.
        let quarter = match self.quarter {
            true => Affine::new([0.0, 1.0, -1.0, 0.0, r.w, 0.0]),
            false => Affine::IDENTITY,
        };
        Affine::translate((r.x, r.y)) * quarter * half
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Caption {
    /// Start of the baseline; with `along`, its top end.
    pub x: f64,
    pub y: f64,
    /// Empty for a group that joined another's block of pieces (its name is appended to that
    /// group's caption): it still marks where the group starts, for the bookmarks.
    pub text: String,
    /// How far a caption in a band may run (mm): set smaller, then cut short, to fit.
    pub room: f64,
    /// Turned to read upwards in the left margin beside the group's first row
    /// (`FurnitureAt::Margins`), within this many mm from `y` down; `None` for a caption band.
    pub along: Option<f64>,
    /// Component index, for bookmarks.
    pub component: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageSide {
    Front,
    /// The back of the previous page.
    Back,
    /// Fronts on the left half, their backs on the right half, a fold line between.
    GutterFold,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub side: PageSide,
    pub placements: Vec<Placement>,
    pub captions: Vec<Caption>,
    /// Whether the page prints the calibration square (`calibration_on`). Every page does,
    /// unless leaving its corner to pieces saves paper (see `pack`); a back page follows its
    /// front.
    pub calibration: bool,
}

/// `n` copies of one poker-size card (2.5 × 3.5 in), for the layout tests.
#[cfg(test)]
pub(crate) fn poker_cards(n: u32, shared_cuts: bool) -> Vec<Item> {
    vec![Item {
        copies: n,
        shared_cuts,
        ..Item::one(0, 0, 63.5, 88.9)
    }]
}

/// One thing to place: a copy of a piece, or one part of a split piece.
#[derive(Debug, Clone)]
pub struct Item {
    pub piece: usize,
    pub component: usize,
    pub front: usize,
    pub back: Option<usize>,
    pub w: f64,
    pub h: f64,
    pub copies: u32,
    /// May be packed edge to edge with identical neighbours (`Kind::shares_cuts`).
    pub shared_cuts: bool,
    /// How it is printed when larger than the printable area.
    pub split: crate::kinds::Split,
    /// How identical copies tile the sheet sharing their edges (hexes), with shared cuts.
    pub tiles: Option<tessellate::Tiling>,
    /// Printed once for each player (a record sheet): on pages of its own, so that reprinting
    /// them reprints nothing else.
    pub own_pages: bool,
}

impl Item {
    /// One copy of piece `piece` of `component`, `w`×`h` mm, its front face numbered as the
    /// piece and no back, sharing no cuts, split evenly when larger than the page.
    pub fn one(piece: usize, component: usize, w: f64, h: f64) -> Item {
        Item {
            piece,
            component,
            front: piece,
            back: None,
            w,
            h,
            copies: 1,
            shared_cuts: false,
            split: crate::kinds::Split::Even,
            tiles: None,
            own_pages: false,
        }
    }

    /// Its parts when each may be at most `max_w`×`max_h` (one when it fits whole).
    pub fn parts(&self, max_w: f64, max_h: f64, overlap: f64) -> Option<Vec<Part>> {
        split::parts(&self.split, self.w, self.h, max_w, max_h, overlap)
    }

    /// Whether the packer may print it turned a quarter (`pack`): not square, and not a tile,
    /// whose copies share sides as their tiling lays them.
    pub fn may_turn(&self) -> bool {
        may_turn(self.w, self.h, self.tiles.is_some())
    }

    /// `parts`, or the whole piece in one part when it fits the box only turned a quarter (a
    /// tuck box's net, a board a little wider than the paper): turned whole rather than refused
    /// or split. The packer turns a piece printed whole where only that fits.
    pub fn parts_within(&self, max_w: f64, max_h: f64, overlap: f64) -> Option<Vec<Part>> {
        let upright = self.parts(max_w, max_h, overlap);
        if upright.as_ref().is_some_and(|p| p.len() == 1)
            || !(self.may_turn() && within(self.h, self.w, (max_w, max_h)))
        {
            return upright;
        }
        self.parts(self.w, self.h, overlap)
    }
}

/// Whether a `w`×`h` piece may be printed turned a quarter (`Item::may_turn`).
pub fn may_turn(w: f64, h: f64, tiled: bool) -> bool {
    (w - h).abs() > 1e-9 && !tiled
}

/// The back face of `piece`, if it has one (items come in piece order).
pub fn back_of(items: &Items, piece: usize) -> Option<usize> {
    let i = items.binary_search_by_key(&piece, |i| i.piece).ok()?;
    items[i].back
}

/// Packs items (in order, grouped by component) onto pages; `captions[component]` names groups.
/// A group starts on a new row under its caption, on the first page that still has room for it,
/// so small groups fill the space that large ones leave; a group that runs over continues on
/// the next page with its caption repeated.
pub fn impose(
    items: &Items,
    captions: &[String],
    opt: &LayoutOptions,
) -> Result<Vec<Page>, LayoutError> {
    match opt.duplex {
        Duplex::GutterFold => gutterfold::impose(items, captions, opt),
        _ => impose_plain(items, captions, opt),
    }
}

/// Ordinary pages: rows per component (see `pack`), and after each page of fronts that holds
/// backs, a page of them mirrored. Double-sided pieces are packed first, so that one-sided ones
/// fill the room they leave and only the rest of them takes pages of its own, which have no
/// backs (and get no blank ones). Record sheets go on pages of their own (`own_pages`). The
/// pages printed single-sided come first (`single_first`).
pub fn impose_plain(
    items: &Items,
    captions: &[String],
    opt: &LayoutOptions,
) -> Result<Vec<Page>, LayoutError> {
    // Already in that order (a deck of thousands of cards): packed as it is, not copied.
    let rank = |i: &Item| (!i.own_pages, i.back.is_none());
    if items.iter().all(|i| !i.own_pages) && items.is_sorted_by_key(rank) {
        return Ok(single_first(with_backs(items, items, captions, opt)?));
    }
    let sheets: Vec<Item> = items.iter().filter(|i| i.own_pages).cloned().collect();
    let mut pages = Vec::new();
    for group in by_component(sheets) {
        pages.extend(with_backs(&group, items, captions, opt)?);
    }
    let others = || items.iter().filter(|i| !i.own_pages);
    let rest: Vec<Item> = others()
        .filter(|i| i.back.is_some())
        .chain(others().filter(|i| i.back.is_none()))
        .cloned()
        .collect();
    if !rest.is_empty() {
        pages.extend(with_backs(&rest, items, captions, opt)?);
    }
    Ok(single_first(pages))
}

/// `list` packed (`tessellate::pack`), each page of fronts followed by its backs; `all` (in
/// piece order) says each piece's back.
fn with_backs(
    list: &Items,
    all: &Items,
    captions: &[String],
    opt: &LayoutOptions,
) -> Result<Vec<Page>, LayoutError> {
    let mut pages = tessellate::pack(list, captions, opt)?;
    // Pages are held for the whole build: without the room their placements grew into.
    for page in &mut pages {
        page.placements.shrink_to_fit();
    }
    Ok(add_backs(pages, all, opt))
}

/// Items split into runs of one component each, in order.
pub fn by_component(items: Vec<Item>) -> Vec<Vec<Item>> {
    let mut groups: Vec<Vec<Item>> = Vec::new();
    for item in items {
        match groups.last_mut() {
            Some(g) if g[0].component == item.component => g.push(item),
            _ => groups.push(vec![item]),
        }
    }
    groups
}

/// The sheets of paper `pages` are printed on, as ranges of pages: a page of fronts with the
/// page of backs after it, or a page alone (a gutter-fold sheet, a page of one-sided pieces,
/// the cover's back when it leads).
pub fn sheets_of(pages: &[Page]) -> Vec<std::ops::Range<usize>> {
    let mut sheets = Vec::new();
    let mut i = 0;
    while i < pages.len() {
        let pair = pages[i].side == PageSide::Front
            && pages.get(i + 1).is_some_and(|n| n.side == PageSide::Back);
        let end = i + if pair { 2 } else { 1 };
        sheets.push(i..end);
        i = end;
    }
    sheets
}

/// Whether a sheet of `pages` (`sheets_of`) is printed on both sides.
pub fn two_sided(pages: &[Page], sheet: &std::ops::Range<usize>) -> bool {
    pages[sheet.clone()]
        .iter()
        .any(|p| p.side == PageSide::Back)
}

/// The sheets printed on one side first, then those printed on both, each in its order: two
/// runs for the printer (`cover` says how to print them).
pub fn single_first(pages: Vec<Page>) -> Vec<Page> {
    reorder(pages, false)
}

/// The sheets printed on both sides first (after a cover whose back holds pieces), then those
/// printed on one.
pub fn double_first(pages: Vec<Page>) -> Vec<Page> {
    reorder(pages, true)
}

fn reorder(pages: Vec<Page>, double: bool) -> Vec<Page> {
    let sheets = sheets_of(&pages);
    let (first, then): (Vec<_>, Vec<_>) = sheets
        .into_iter()
        .partition(|s| two_sided(&pages, s) == double);
    let order: Vec<usize> = first.into_iter().chain(then).flatten().collect();
    let mut slots: Vec<Option<Page>> = pages.into_iter().map(Some).collect();
    order.into_iter().filter_map(|i| slots[i].take()).collect()
}

/// These options with the furniture (and, for gutter-fold sheets, the fold) these items are
/// laid out with (`choose_furniture`, `gutterfold::choose`).
pub fn choose(
    items: &Items,
    captions: &[String],
    opt: &LayoutOptions,
) -> Result<LayoutOptions, LayoutError> {
    if opt.duplex == Duplex::GutterFold {
        return gutterfold::choose(items, captions, opt);
    }
    choose_furniture(items, captions, opt).map(|furniture_at| LayoutOptions {
        furniture_at,
        ..*opt
    })
}

/// Where the footer and captions go for these items: where every game's go on this paper
/// (`FurnitureAt::for_paper`), so that games look alike, unless only the other leaves room for
/// a piece. Gutter-fold sheets folded down the middle keep the bands (`gutterfold` says).
pub fn choose_furniture(
    items: &Items,
    captions: &[String],
    opt: &LayoutOptions,
) -> Result<FurnitureAt, LayoutError> {
    if opt.duplex == Duplex::GutterFold {
        return gutterfold::furniture(items, captions, opt);
    }
    let preferred = FurnitureAt::for_paper(opt.paper);
    let packs = |furniture| {
        let opt = LayoutOptions {
            furniture_at: furniture,
            ..*opt
        };
        // Only how many parts it cuts pieces into: a long deck never holds two layouts.
        tessellate::pack(items, captions, &opt).map(|pages| {
            pages
                .iter()
                .flat_map(|p| &p.placements)
                .filter(|p| p.part.is_some())
                .count()
        })
    };
    match packs(preferred) {
        Ok(0) => Ok(preferred),
        // A board that only the other furniture prints whole, or in fewer parts (one nearly
        // as tall as A4 takes the side margins).
        Ok(parts) => match packs(preferred.other()) {
            Ok(fewer) if fewer < parts => Ok(preferred.other()),
            _ => Ok(preferred),
        },
        // A piece that only the other furniture has room for (a player mat nearly as tall as
        // the sheet takes the margins; a dial wider than they leave, the bands).
        Err(e) => packs(preferred.other())
            .map(|_| preferred.other())
            .map_err(|_| e),
    }
}

/// Where the calibration square is printed on `page`: the reserved corner of a front page, its
/// mirror image on a back page (behind it, so nothing overlaps it there either), and on a
/// gutter-fold sheet the reserved corner of the fronts' half (the left one). `None` on a page
/// whose corner holds pieces.
pub fn calibration_on(page: &Page, opt: &LayoutOptions) -> Option<Rect> {
    page.calibration.then(|| square_on(page.side, opt))
}

fn square_on(side: PageSide, opt: &LayoutOptions) -> Rect {
    match side {
        PageSide::Front => opt.calibration(),
        PageSide::Back => mirror(&opt.calibration(), opt),
        PageSide::GutterFold => gutterfold::half(opt).calibration(),
    }
}

/// After each front page holding double-sided pieces, a back page with each back at the mirror
/// position, so that fronts and backs register when the sheet is printed duplex. A page whose
/// pieces have no backs gets none: it is printed single-sided (`single_first`).
fn add_backs(fronts: Vec<Page>, items: &Items, opt: &LayoutOptions) -> Vec<Page> {
    let back_of = |piece: usize| back_of(items, piece);
    let mut out = Vec::with_capacity(fronts.len() * 2);
    for page in fronts {
        let backs: Vec<Placement> = page
            .placements
            .iter()
            .filter_map(|p| {
                let face = back_of(p.piece)?;
                Some(Placement {
                    face,
                    rect: mirror(&p.rect, opt),
                    turned: back_turned_of(p, opt),
                    ..p.clone()
                })
            })
            .collect();
        let page_has_square = page.calibration;
        out.push(page);
        if !backs.is_empty() {
            out.push(Page {
                side: PageSide::Back,
                placements: backs,
                captions: Vec::new(),
                calibration: page_has_square,
            });
        }
    }
    out
}

/// Whether backs are printed turned 180°: when the sheet turns over top↔bottom (short edge of a
/// portrait sheet, long edge of a landscape one), so that a back's top lies behind its front's
/// top, as it does when a piece is turned over sideways.
pub fn back_turned(opt: &LayoutOptions) -> bool {
    let long_is_vertical = opt.paper.h >= opt.paper.w;
    match opt.duplex {
        Duplex::LongEdge => !long_is_vertical,
        Duplex::ShortEdge => long_is_vertical,
        Duplex::GutterFold => false,
    }
}

/// Whether the back of placement `front` is turned 180°: as `back_turned`, the other way for a
/// front printed turned (a triangle pointing down keeps it behind), and for a front turned a
/// quarter. Its back is turned a quarter too; with the half turn, the back's top
/// lies behind the front's top whichever way the sheet flips (left↔right: a quarter the other
/// way, three quarters; top↔bottom: the same quarter).
pub fn back_turned_of(front: &Placement, opt: &LayoutOptions) -> bool {
    back_turned(opt) ^ front.turned ^ front.quarter
}

/// Whether back pages mirror top↔bottom (so their free band is at the top, not the bottom).
pub fn mirrors_vertically(opt: &LayoutOptions) -> bool {
    let probe = Rect {
        x: 0.0,
        y: 0.0,
        w: 1.0,
        h: 1.0,
    };
    mirror(&probe, opt).y != 0.0
}

/// Where the back of `r` must be printed on the back page.
pub fn mirror(r: &Rect, opt: &LayoutOptions) -> Rect {
    let (pw, ph) = (opt.paper.w, opt.paper.h);
    // A portrait sheet flipped on its long edge mirrors left↔right; on its short edge, top↔bottom.
    // A landscape sheet swaps the two.
    let long_is_vertical = ph >= pw;
    let flip_x =
        opt.duplex == Duplex::GutterFold || (opt.duplex == Duplex::LongEdge) == long_is_vertical;
    if flip_x {
        Rect {
            x: pw - r.x - r.w,
            ..*r
        }
    } else {
        Rect {
            y: ph - r.y - r.h,
            ..*r
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(piece: usize, component: usize, w: f64, h: f64, copies: u32) -> Item {
        Item {
            copies,
            shared_cuts: true,
            ..Item::one(piece, component, w, h)
        }
    }

    #[test]
    fn packs_without_overlap_inside_the_area() {
        let opt = LayoutOptions::new(A4);
        let items = vec![item(0, 0, 20.0, 20.0, 30), item(1, 1, 63.0, 88.0, 5)];
        let pages = impose(&items, &["a".into(), "b".into()], &opt).unwrap();
        let all: Vec<&Placement> = pages.iter().flat_map(|p| &p.placements).collect();
        assert_eq!(all.len(), 35);
        for p in &pages {
            let list = p.placements.to_vec();
            for (i, a) in list.iter().enumerate() {
                assert!(opt.content().contains(&a.rect), "{:?}", a.rect);
                for b in &list[i + 1..] {
                    assert!(!a.rect.overlaps(&b.rect));
                }
            }
        }
    }

    #[test]
    fn backs_mirror_for_long_edge() {
        let opt = LayoutOptions::new(A4);
        let r = Rect {
            x: 10.0,
            y: 20.0,
            w: 50.0,
            h: 50.0,
        };
        let m = mirror(&r, &opt);
        assert!((m.x - (210.0 - 60.0)).abs() < 1e-9 && m.y == 20.0);
        let short = LayoutOptions {
            duplex: Duplex::ShortEdge,
            ..opt
        };
        let m = mirror(&r, &short);
        assert!(m.x == 10.0 && (m.y - (297.0 - 70.0)).abs() < 1e-9);
    }

    #[test]
    fn a_decks_backs_mirror_its_fronts_and_every_card_is_placed_once() {
        // 50 cards with their own fronts and one shared back, double-sided.
        let opt = LayoutOptions::new(A4);
        let cards: Vec<Item> = (0..50)
            .map(|i| Item {
                back: Some(1),
                front: i + 2,
                ..item(i, 0, 63.5, 88.9, 1)
            })
            .collect();
        let pages = impose(&cards, &["Cards · 50".into()], &opt).unwrap();
        let fronts: Vec<&Page> = pages.iter().filter(|p| p.side == PageSide::Front).collect();
        let backs: Vec<&Page> = pages.iter().filter(|p| p.side == PageSide::Back).collect();
        assert!(fronts.len() >= 4, "{} front pages", fronts.len());
        assert_eq!(backs.len(), fronts.len());
        let placed: Vec<&Placement> = fronts.iter().flat_map(|p| &p.placements).collect();
        assert_eq!(
            placed.iter().map(|p| (p.piece, p.face)).collect::<Vec<_>>(),
            (0..50).map(|i| (i, i + 2)).collect::<Vec<_>>()
        );
        for (front, back) in pages
            .iter()
            .zip(&pages[1..])
            .filter(|(f, _)| f.side == PageSide::Front)
        {
            let mirrored: Vec<(usize, Rect)> = front
                .placements
                .iter()
                .map(|p| (p.piece, mirror(&p.rect, &opt)))
                .collect();
            let got: Vec<(usize, Rect)> =
                back.placements.iter().map(|p| (p.piece, p.rect)).collect();
            assert_eq!(got, mirrored);
            assert!(back.placements.iter().all(|p| p.face == 1));
        }
    }
}
