//! The packer behind `layout::impose_plain`: pieces in rows ("shelves"), component by component,
//! each group under its caption. Identical rectangular pieces of a group are packed edge to edge
//! (the guillotine layout of card sheets: one cut serves two pieces, crop marks only outside the
//! block); everything else keeps the gap its crop marks need.
//!
//! Pages are back-filled: a finished row leaves the room at its right (beside a board, a track,
//! a short row of cards) as a region of its own, and a later group starts in the first region of
//! the first page with room for it, so small pieces fill the gaps large ones leave. A group whose
//! pieces are the same size as the block the previous group ended, with the same back, carries
//! on that block edge to edge (a deck's set-aside cards after the deck). A group is turned a
//! quarter in a region where that fits more of it.
//!
//! The calibration square's corner (`LayoutOptions::reserved`) is an obstacle: a row that crosses
//! it ends before it, unless the pieces take fewer pages with the corner free for them (three
//! rows of three poker cards fill an A4 sheet); then a page prints the square only if its corner
//! stayed empty.
use super::furniture::MARGIN_CAPTION_CLEARANCE;
use super::{Caption, FurnitureAt, Item, Items, LayoutError, LayoutOptions, Page, PageSide};
use super::{Part, Placement, Rect};

/// Identifies pieces that may butt: same size (bit-exact, as they come from one spec size).
type Key = (u64, u64);

/// What the current row holds, to decide whether the next row may butt against it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Row {
    Empty,
    /// Only butting pieces of this size, edge to edge.
    Uniform(Key),
    Mixed,
}

/// Where the next piece goes in one region.
#[derive(Debug, Clone, Copy)]
struct Shelf {
    /// Top of the current row.
    y: f64,
    /// Height of the current row (0 while it is empty).
    h: f64,
    /// Right edge and key of the last piece in the row.
    last: Option<(f64, Option<Key>)>,
    row: Row,
    /// The room at the row's right went to a region of its own: the row takes no more pieces.
    closed: bool,
}

impl Shelf {
    fn at(y: f64) -> Shelf {
        Shelf {
            y,
            h: 0.0,
            last: None,
            row: Row::Empty,
            closed: false,
        }
    }
}

/// A part of a page that groups are packed into: the whole content area (the page's first
/// region), or the room a finished row left at its right.
#[derive(Debug, Clone)]
struct Region {
    rect: Rect,
    /// Beside another group's row: a group here has its caption in a band over its first row
    /// whatever the furniture (the margin beside it is that other group's).
    side: bool,
    shelf: Shelf,
    /// The group packed here is turned a quarter.
    quarter: bool,
    /// Index in the page's captions of the last caption opened here.
    caption: Option<usize>,
}

impl Region {
    fn unused(&self) -> bool {
        self.shelf.h == 0.0 && self.shelf.last.is_none() && self.caption.is_none()
    }
}

/// A page being filled, with its regions.
struct Sheet {
    page: Page,
    regions: Vec<Region>,
}

/// The smallest room beside a row kept as a region (mm): narrower gaps hold nothing useful.
const MIN_REGION: f64 = 10.0;

/// A place to pack: a region of a page.
#[derive(Debug, Clone, Copy, PartialEq)]
struct At {
    page: usize,
    region: usize,
}

/// The piece being packed, in the orientation it is packed in.
#[derive(Debug, Clone, Copy)]
struct Fitted {
    w: f64,
    h: f64,
    key: Option<Key>,
    quarter: bool,
    /// The caption band over the group's first row where it opens: 0 for a caption turned in
    /// the margin.
    band: f64,
}

struct Packer<'a> {
    opt: &'a LayoutOptions,
    area: Rect,
    /// The calibration square's corner, kept free on every page; `None` to let pieces use it.
    reserved: Option<Rect>,
    gap: f64,
    sheets: Vec<Sheet>,
    /// Where a group starts (`open_first_with_room`): in a region that holds all of it when one
    /// does, or in the first with room.
    whole: bool,
}

impl Packer<'_> {
    /// Adds an empty page, its whole area one region, and gives that region.
    fn new_page(&mut self) -> At {
        self.sheets.push(Sheet {
            page: Page {
                side: PageSide::Front,
                placements: Vec::new(),
                captions: Default::default(),
                calibration: true,
            },
            regions: vec![Region {
                rect: self.area,
                side: false,
                shelf: Shelf::at(self.area.y),
                quarter: false,
                caption: None,
            }],
        });
        At {
            page: self.sheets.len() - 1,
            region: 0,
        }
    }

    fn region(&self, at: At) -> &Region {
        &self.sheets[at.page].regions[at.region]
    }

    /// Whether a piece may go at `r` in region `at`: inside it, clear of the calibration square.
    fn free(&self, at: At, r: &Rect) -> bool {
        self.region(at).rect.contains(r) && !self.reserved.is_some_and(|c| r.overlaps(&c))
    }

    /// The caption band over a group's first row in a region.
    fn band(&self, at: At) -> f64 {
        match self.region(at).side {
            true => self.opt.band_caption(),
            false => self.opt.caption_band(),
        }
    }

    /// Top of a new group's caption in a region: under its last row, or at its top.
    fn group_top(&self, at: At) -> f64 {
        let s = &self.region(at).shelf;
        if s.h > 0.0 { s.y + s.h + self.gap } else { s.y }
    }

    /// Where the first piece of a group goes in region `at` under a caption band `band` high,
    /// if it fits there.
    fn group_slot(&self, at: At, w: f64, h: f64, band: f64) -> Option<Rect> {
        let r = Rect {
            x: self.region(at).rect.x,
            y: self.group_top(at) + band,
            w,
            h,
        };
        self.free(at, &r).then_some(r)
    }

    /// The caption band a group opening in region `at` takes: the region's, or a band after
    /// all where a caption turned in the margin would have too little room beside the group's
    /// rows here (a single row of small markers) and would be cut short.
    fn band_for(&self, at: At, f: &Fitted, left: u32, text: &str) -> f64 {
        let band = self.band(at);
        if band > 0.0 {
            return band;
        }
        let room = self.region(at).rect;
        let top = self.group_top(at);
        let step = if f.key.is_some() { 0.0 } else { self.gap };
        let across = (((room.w + step) / (f.w + step) + 1e-9).floor() as u32).max(1);
        let fit_down = (((room.bottom() - top + step) / (f.h + step) + 1e-9).floor() as u32).max(1);
        let rows = left.div_ceil(across).clamp(1, fit_down) as f64;
        let span = rows * f.h + (rows - 1.0) * step;
        let need = crate::draw::text::width(
            crate::draw::text::Font::CondensedBold,
            super::furniture::MIN_CAPTION,
            text,
        ) + 2.0 * MARGIN_CAPTION_INSET;
        match span < need {
            true => self.opt.band_caption(),
            false => 0.0,
        }
    }

    /// Where a piece continuing the group goes in region `at`: next in the row, or first in a
    /// new row (butting against the row above when both are the same identical pieces).
    fn next_slot(&self, at: At, f: Fitted) -> Option<(Rect, bool)> {
        let region = self.region(at);
        let s = &region.shelf;
        let (w, h, key) = (f.w, f.h, f.key);
        if let Some((right, last_key)) = s.last
            && !s.closed
        {
            let butt = key.is_some() && last_key == key;
            let r = Rect {
                x: right + if butt { 0.0 } else { self.gap },
                y: s.y,
                w,
                h,
            };
            if self.free(at, &r) {
                return Some((r, false));
            }
        }
        let butt = key.is_some_and(|k| s.row == Row::Uniform(k));
        let r = Rect {
            x: region.rect.x,
            y: if s.h > 0.0 {
                s.y + s.h + if butt { 0.0 } else { self.gap }
            } else {
                s.y
            },
            w,
            h,
        };
        self.free(at, &r).then_some((r, true))
    }

    /// Ends the current row of region `at`: the room at its right becomes a region of its own,
    /// joined to the room beside the row above when they line up.
    fn close_row(&mut self, at: At) {
        let gap = self.gap;
        let region = &mut self.sheets[at.page].regions[at.region];
        let s = region.shelf;
        region.shelf.closed = true;
        let Some((right, _)) = s.last.filter(|_| !s.closed && s.h > 0.0) else {
            return;
        };
        let room = Rect {
            x: right + gap,
            y: s.y,
            w: region.rect.right() - right - gap,
            h: s.h.min(region.rect.bottom() - s.y),
        };
        if room.w < MIN_REGION || room.h < MIN_REGION {
            return;
        }
        let regions = &mut self.sheets[at.page].regions;
        let above = regions.iter_mut().find(|r| {
            r.side
                && r.unused()
                && (r.rect.x - room.x).abs() < 1e-9
                && (r.rect.w - room.w).abs() < 1e-9
                && room.y >= r.rect.bottom() - 1e-9
                && room.y <= r.rect.bottom() + gap + 1e-9
        });
        match above {
            Some(r) => r.rect.h = room.bottom() - r.rect.y,
            None => regions.push(Region {
                rect: room,
                side: true,
                shelf: Shelf::at(room.y),
                quarter: false,
                caption: None,
            }),
        }
    }

    /// The regions of page `page` in the order groups look for room: those beside rows, top
    /// to bottom, then the page's own.
    fn order(&self, page: usize) -> Vec<usize> {
        let regions = &self.sheets[page].regions;
        let mut side: Vec<usize> = (1..regions.len()).collect();
        side.sort_by(|&a, &b| {
            let (a, b) = (&regions[a].rect, &regions[b].rect);
            a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x))
        });
        side.push(0);
        side
    }

    /// How `item` is packed as a new group in region `at`: upright, or turned a quarter where
    /// that fits more of the group's `left` copies, and how many of them fit there (at most
    /// `left`); `None` when not even one fits.
    fn fitting(
        &self,
        at: At,
        item: &Item,
        part: &Part,
        left: u32,
        shared: bool,
        text: &str,
    ) -> Option<(Fitted, u32)> {
        let with_band = |mut f: Fitted| {
            f.band = self.band_for(at, &f, left, text);
            f
        };
        let (upright, turned) = (
            with_band(oriented(part, false, shared)),
            with_band(oriented(part, true, shared)),
        );
        // Only a piece printed whole, and one that is not square, is ever turned; never a piece
        // or block of a tiling (its pieces share sides as the tiling lays them).
        let may_turn = part.count == 1 && item.may_turn() && item.copies > 0;
        let candidates: &[Fitted] = if may_turn {
            &[upright, turned]
        } else {
            &[upright]
        };
        let room = self.region(at).rect;
        let count = |f: &Fitted| -> u32 {
            if self.group_slot(at, f.w, f.h, f.band).is_none() {
                return 0;
            }
            let top = self.group_top(at) + f.band;
            let step = |len: f64| len + if f.key.is_some() { 0.0 } else { self.gap };
            let across = ((room.w + step(0.0)) / step(f.w) + 1e-9).floor().max(0.0);
            let down = ((room.bottom() - top + step(0.0)) / step(f.h) + 1e-9)
                .floor()
                .max(0.0);
            ((across * down) as u32).clamp(1, left.max(1))
        };
        let counts: Vec<u32> = candidates.iter().map(count).collect();
        let best = (0..candidates.len())
            .filter(|&i| counts[i] > 0)
            .max_by_key(|&i| (counts[i], std::cmp::Reverse(i)))?;
        Some((candidates[best], counts[best]))
    }

    /// Opens a group in region `at`: its caption, then an empty row under it.
    fn open_group(&mut self, at: At, f: Fitted, text: String, component: usize) {
        let top = self.group_top(at);
        self.close_row(at);
        let band = f.band;
        let region = self.region(at).clone();
        let caption = match band > 0.0 {
            true => Caption {
                x: region.rect.x,
                // Clear of the crop marks of the row under it.
                y: self.opt.caption_baseline(top),
                text,
                room: region.rect.w,
                component,
                along: None,
            },
            // Beside the first row, clear of its corner's crop marks; how far it may run is
            // known once the page is full (`fit_margin_captions`).
            false => self.margin_caption(top, text, component),
        };
        let sheet = &mut self.sheets[at.page];
        sheet.page.captions.push(caption);
        let r = &mut sheet.regions[at.region];
        r.caption = Some(sheet.page.captions.len() - 1);
        r.shelf = Shelf::at(top + band);
        r.quarter = f.quarter;
    }

    /// A caption turned in the left margin, beside a row whose top is `top`.
    fn margin_caption(&self, top: f64, text: String, component: usize) -> Caption {
        Caption {
            x: self.area.x - self.opt.mark_reach() - MARGIN_CAPTION_CLEARANCE,
            y: top + MARGIN_CAPTION_INSET,
            text,
            room: 0.0,
            component,
            along: Some(0.0),
        }
    }

    /// Where a group starts or carries on, opened with `text`: from `from` on, the first region
    /// with room for its first piece, and a new page when none has any. When the packer keeps
    /// groups `whole`, first the first region that holds all of its `left` copies, else a new
    /// page when one would hold them all and the regions with room together would not (a group
    /// kept together rather than spread over gaps it cannot fill).
    fn open_first_with_room(
        &mut self,
        from: At,
        item: &Item,
        part: &Part,
        left: u32,
        text: String,
    ) -> Result<(At, Fitted), LayoutError> {
        let shared = item.shared_cuts && part.count == 1 && self.opt.bleed <= 0.0;
        let mut with_room: Vec<(At, Fitted, u32)> = Vec::new();
        for page in from.page..self.sheets.len() {
            for region in self.order(page) {
                let at = At { page, region };
                // Only regions after `from` on its page.
                if page == from.page && !self.after(from, at) {
                    continue;
                }
                if let Some((f, n)) = self.fitting(at, item, part, left, shared, &text) {
                    with_room.push((at, f, n));
                }
            }
        }
        let whole = with_room.iter().find(|(_, _, n)| self.whole && *n >= left);
        let room: u64 = with_room.iter().map(|(_, _, n)| u64::from(*n)).sum();
        let chosen = match whole {
            Some(&(at, f, _)) => Some((at, f)),
            None if self.whole
                && room < u64::from(left)
                && self.fresh_holds(item, part, left, shared, &text) =>
            {
                None
            }
            None => with_room.first().map(|&(at, f, _)| (at, f)),
        };
        if let Some((at, f)) = chosen {
            self.open_group(at, f, text, item.component);
            return Ok((at, f));
        }
        let at = self.new_page();
        let Some((f, _)) = self.fitting(at, item, part, left, shared, &text) else {
            let (w, h) = (part.window.w, part.window.h);
            return Err(LayoutError {
                component: item.component,
                message: format!(
                    "a {w:.1} × {h:.1} mm piece does not fit on an empty page beside the calibration square"
                ),
            });
        };
        self.open_group(at, f, text, item.component);
        Ok((at, f))
    }

    /// Whether a new page would hold all `left` copies of a group.
    fn fresh_holds(
        &mut self,
        item: &Item,
        part: &Part,
        left: u32,
        shared: bool,
        text: &str,
    ) -> bool {
        let at = self.new_page();
        let holds = self
            .fitting(at, item, part, left, shared, text)
            .is_some_and(|(_, n)| n >= left);
        self.sheets.pop();
        holds
    }

    /// Whether region `b` comes at or after region `a` (on the same page) in `order`; a region
    /// the search starts from counts itself.
    fn after(&self, a: At, b: At) -> bool {
        if a.region == usize::MAX {
            return true;
        }
        let order = self.order(a.page);
        let pos = |r: usize| order.iter().position(|&x| x == r);
        pos(b.region) > pos(a.region)
    }

    /// Records a piece at `r` (already known to be free) in region `at`.
    fn put(&mut self, at: At, r: Rect, new_row: bool, key: Option<Key>, placement: Placement) {
        if new_row {
            self.close_row(at);
            self.sheets[at.page].regions[at.region].shelf = Shelf::at(r.y);
        }
        let sheet = &mut self.sheets[at.page];
        let s = &mut sheet.regions[at.region].shelf;
        s.row = match (s.row, key) {
            (Row::Empty, Some(k)) => Row::Uniform(k),
            (Row::Uniform(a), Some(k)) if a == k => Row::Uniform(k),
            _ => Row::Mixed,
        };
        s.h = s.h.max(r.h);
        s.last = Some((r.right(), key));
        sheet.page.placements.push(placement);
    }

    /// A group joins the block the previous group ended in region `at`: its first piece there
    /// (next in the row, or first of a new row under it), and its name on the block's caption.
    fn join(&mut self, at: At, f: Fitted, text: &str, component: usize) -> Option<(Rect, bool)> {
        let (r, new_row) = self.next_slot(at, f)?;
        let own_line =
            self.opt.furniture_at == FurnitureAt::Margins && !self.region(at).side && new_row;
        // In the margins a group starting a row has its own caption beside it; otherwise its
        // name goes on the caption of the block, and an empty caption marks where it starts.
        let caption = match own_line {
            true => self.margin_caption(r.y, text.to_string(), component),
            false => Caption {
                x: r.x,
                y: r.y,
                text: String::new(),
                room: 0.0,
                component,
                along: None,
            },
        };
        let sheet = &mut self.sheets[at.page];
        let region = &mut sheet.regions[at.region];
        if !own_line && let Some(c) = region.caption.and_then(|i| sheet.page.captions.get_mut(i)) {
            c.text = format!("{}, then {text}", c.text);
        }
        sheet.page.captions.push(caption);
        if own_line {
            region.caption = Some(sheet.page.captions.len() - 1);
        }
        Some((r, new_row))
    }
}

/// `part` packed upright or turned a quarter; `shared`: it may butt against its like.
fn oriented(part: &Part, quarter: bool, shared: bool) -> Fitted {
    let (w, h) = match quarter {
        false => (part.window.w, part.window.h),
        true => (part.window.h, part.window.w),
    };
    Fitted {
        w,
        h,
        key: shared.then(|| (w.to_bits(), h.to_bits())),
        quarter,
        band: 0.0,
    }
}

/// The parts an item is printed in: the splitting into fewest parts of the two boxes a part can
/// always be placed in (full width above the calibration square, full height beside it), and
/// with `corner_free` of the whole content area too, so that a board a little taller than
/// the room above the square is cut in two full-width parts rather than three narrow ones
/// beside it (`pack` keeps that layout only where it saves sheets). On a tie, the box that
/// leaves the square its corner.
fn parts_of(item: &Item, opt: &LayoutOptions, corner_free: bool) -> Result<Vec<Part>, LayoutError> {
    let mut boxes = opt.piece_boxes().to_vec();
    if corner_free {
        boxes.push(opt.free_corner_box());
    }
    let mut best: Option<Vec<Part>> = None;
    for (w, h) in boxes {
        if let Some(parts) = item.parts_within(w, h, opt.overlap)
            && best.as_ref().is_none_or(|b| parts.len() < b.len())
        {
            best = Some(parts);
        }
    }
    best.ok_or_else(|| LayoutError {
        component: item.component,
        message: format!(
            "a {:.1} × {:.1} mm piece does not fit the printable area, whole or in parts",
            item.w, item.h
        ),
    })
}

/// Packs items (in order, grouped by component) onto front pages; `captions[component]` names
/// groups. A group starts under its caption in a region (the room beside a finished row, or
/// under the last row of a page) that has room for it, so small groups fill the space that large
/// ones leave; a group that runs over continues in the next region with room, its caption
/// repeated.
///
/// Four ways are tried, and the first that takes fewest pages kept: groups kept whole where a
/// region holds them, then each started in the first region with room (which may save a page
/// the other spends: coins split over two pages leave room for pawns); each around the
/// calibration square's corner, then over it (where a square is still printed somewhere).
/// Fewest parts to glue come first (a board that fits the page whole only in the square's
/// corner is printed whole there), then fewest pages.
pub fn pack(
    items: &Items,
    captions: &[String],
    opt: &LayoutOptions,
) -> Result<Vec<Page>, LayoutError> {
    let corner = opt.reserved();
    // Still a square to measure somewhere.
    let measurable = |over: &[Page]| opt.cover_square || over.iter().any(|p| p.calibration);
    let parts = |pages: &[Page]| {
        pages
            .iter()
            .flat_map(|p| &p.placements)
            .filter(|p| p.part.is_some())
            .count()
    };
    let mut best: Option<((usize, usize), Option<Rect>, bool)> = None;
    let mut refused = None;
    for reserved in [Some(corner), None] {
        for whole in [true, false] {
            // Only the count is kept: a deck of 10,000 cards would otherwise hold two layouts
            // at once.
            match pack_around(items, captions, opt, reserved, whole) {
                Ok(pages) if reserved.is_some() || measurable(&pages) => {
                    let cost = (parts(&pages), pages.len());
                    if best.is_none_or(|(n, _, _)| cost < n) {
                        best = Some((cost, reserved, whole));
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    refused.get_or_insert(e);
                }
            }
        }
    }
    match (best, refused) {
        (Some((_, reserved, whole)), _) => pack_around(items, captions, opt, reserved, whole),
        (None, Some(e)) => Err(e),
        (None, None) => Ok(Vec::new()),
    }
}

/// `pack`, keeping `reserved` free on every page (or no corner at all: then a page prints the
/// square only where its corner stayed empty), groups kept `whole` or not.
fn pack_around(
    items: &Items,
    captions: &[String],
    opt: &LayoutOptions,
    reserved: Option<Rect>,
    whole: bool,
) -> Result<Vec<Page>, LayoutError> {
    let mut packer = Packer {
        opt,
        area: opt.content(),
        reserved,
        gap: opt.effective_gap(),
        sheets: Vec::new(),
        whole,
    };
    let start = At {
        page: 0,
        region: usize::MAX,
    };
    let mut current = start;
    let mut fitted: Option<Fitted> = None;
    let mut group = usize::MAX;
    // The back face of the group being packed, for a next group to join its block.
    let mut back: Option<usize> = None;
    let in_group = copies_in_group(items);
    for (index, item) in items.iter().enumerate() {
        let parts = parts_of(item, packer.opt, reserved.is_none())?;
        let caption = captions.get(item.component).cloned().unwrap_or_default();
        for copy in 0..item.copies {
            let left = in_group[index] - copy;
            for part in &parts {
                let same = item.component == group;
                // Continuing the group in its region, or joining the block the previous group
                // ended there (same size and back, edge to edge), before looking elsewhere.
                let shared = item.shared_cuts && part.count == 1 && opt.bleed <= 0.0;
                let mut slot = None;
                if let Some(prev) = fitted.filter(|_| current != start) {
                    if same {
                        let f = oriented(part, packer.region(current).quarter, shared);
                        slot = packer.next_slot(current, f).map(|(r, n)| (r, n, f));
                    } else {
                        let f = oriented(part, false, shared);
                        if f.key.is_some()
                            && prev.key == f.key
                            && !prev.quarter
                            && back == item.back
                        {
                            slot = packer
                                .join(current, f, &caption, item.component)
                                .map(|(r, n)| (r, n, f));
                        }
                        if slot.is_some() {
                            group = item.component;
                        }
                    }
                }
                let (r, new_row, f) = match slot {
                    Some(s) => s,
                    None => {
                        // A new group goes to the first region with room; a group that does not
                        // fit where it is any more continues in the next one with room.
                        if current != start {
                            packer.close_row(current);
                        }
                        let (from, text) = if item.component == group {
                            (current, format!("{caption} (continued)"))
                        } else {
                            (start, caption.clone())
                        };
                        group = item.component;
                        back = item.back;
                        let (at, f) = packer.open_first_with_room(from, item, part, left, text)?;
                        current = at;
                        let region = packer.region(at);
                        let r = Rect {
                            x: region.rect.x,
                            y: region.shelf.y,
                            w: f.w,
                            h: f.h,
                        };
                        (r, true, f)
                    }
                };
                fitted = Some(f);
                packer.put(
                    current,
                    r,
                    new_row,
                    f.key,
                    Placement {
                        piece: item.piece,
                        face: item.front,
                        rect: r,
                        turned: false,
                        quarter: f.quarter,
                        part: if parts.len() == 1 { None } else { Some(*part) },
                    },
                );
            }
        }
    }
    let bottom = packer.area.bottom();
    let corner = opt.reserved();
    Ok(packer
        .sheets
        .into_iter()
        .map(|s| s.page)
        .filter(|p| !p.placements.is_empty())
        .map(|mut p| {
            if reserved.is_none() {
                p.calibration = !p.placements.iter().any(|pl| pl.rect.overlaps(&corner));
            }
            fit_margin_captions(p, bottom)
        })
        .collect())
}

/// For each item, the copies of it and of the items after it in its group (the same component,
/// the same size): how many are left to place when its first copy is. A deck of one card a
/// piece is turned where that fits more of the deck, not of its one card.
fn copies_in_group(items: &Items) -> Vec<u32> {
    let mut left = vec![0u32; items.len()];
    let mut after = 0u32;
    for i in (0..items.len()).rev() {
        let same = items.get(i + 1).is_some_and(|next| {
            let item = &items[i];
            next.component == item.component
                && next.w.to_bits() == item.w.to_bits()
                && next.h.to_bits() == item.h.to_bits()
        });
        after = items[i].copies.saturating_add(if same { after } else { 0 });
        left[i] = after;
    }
    left
}

/// A caption in the margin starts this far below its group's top cut, clear of the crop mark
/// there (and of a registration target in the sheet's corner).
const MARGIN_CAPTION_INSET: f64 = 4.0;

/// Each caption in the margin may run down to the next one on its page (or the content's
/// bottom), ending the caption's inset before it.
fn fit_margin_captions(mut page: Page, bottom: f64) -> Page {
    let tops: Vec<f64> = page
        .captions
        .iter()
        .filter(|c| c.along.is_some())
        .map(|c| c.y)
        .collect();
    for c in &mut page.captions {
        if c.along.is_some() {
            let end = tops
                .iter()
                .filter(|&&y| y > c.y)
                .map(|y| y - 2.0 * MARGIN_CAPTION_INSET)
                .fold(bottom - MARGIN_CAPTION_INSET, f64::min);
            c.along = Some((end - c.y).max(0.0));
        }
    }
    page
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{A4, impose, poker_cards as cards};

    #[test]
    fn eight_poker_cards_go_around_the_calibration_square() {
        let opt = LayoutOptions::new(A4);
        let pages = impose(&cards(8, true), &["Cards".into()], &opt).unwrap();
        assert_eq!(pages.len(), 1);
        assert!(pages[0].calibration);
        let first = pages[0].placements.to_vec();
        // Rows of 3, 3 and 2: the third row stops before the reserved corner.
        let rows: Vec<f64> = first.iter().map(|p| p.rect.y).collect();
        assert_eq!(rows.iter().filter(|&&y| y == rows[7]).count(), 2);
        for p in &first {
            assert!(!p.rect.overlaps(&opt.reserved()), "{:?}", p.rect);
        }
        // Edge to edge: the second card starts where the first ends.
        assert_eq!(first[1].rect.x, first[0].rect.right());
        assert_eq!(first[3].rect.y, first[0].rect.bottom());
    }

    #[test]
    fn a_deck_takes_the_corner_when_that_saves_a_sheet() {
        let opt = LayoutOptions::new(A4);
        // Around the square: 8, 8 and 1. Nine to a sheet: 9 and 8.
        let pages = impose(&cards(17, true), &["Cards".into()], &opt).unwrap();
        let counts: Vec<usize> = pages.iter().map(|p| p.placements.len()).collect();
        assert_eq!(counts, vec![9, 8]);
        assert!(
            pages[0]
                .placements
                .iter()
                .any(|p| p.rect.overlaps(&opt.reserved()))
        );
        // The full sheet has no square; the other keeps its corner free and prints one.
        assert_eq!([pages[0].calibration, pages[1].calibration], [false, true]);
        for p in &pages[1].placements {
            assert!(!p.rect.overlaps(&opt.reserved()), "{:?}", p.rect);
        }
    }

    #[test]
    fn a_deck_that_fills_every_corner_keeps_the_squares() {
        // 18 cards: two full sheets of 9 would leave no square to measure, so they go 8, 8
        // and 2 around it, unless a cover prints one.
        let mut opt = LayoutOptions::new(A4);
        let pages = impose(&cards(18, true), &["Cards".into()], &opt).unwrap();
        let counts: Vec<usize> = pages.iter().map(|p| p.placements.len()).collect();
        assert_eq!(counts, vec![8, 8, 2]);
        assert!(pages.iter().all(|p| p.calibration));
        opt.cover_square = true;
        let pages = impose(&cards(18, true), &["Cards".into()], &opt).unwrap();
        let counts: Vec<usize> = pages.iter().map(|p| p.placements.len()).collect();
        assert_eq!(counts, vec![9, 9]);
        assert!(pages.iter().all(|p| !p.calibration));
    }

    #[test]
    fn a_piece_only_a_free_corner_has_room_for_takes_it_when_the_cover_prints_the_square() {
        use crate::layout::{FurnitureAt, choose_furniture};
        // A 180 × 270 mm player mat on A4: whole or not at all.
        let mats = vec![Item {
            w: 180.0,
            h: 270.0,
            copies: 2,
            split: crate::kinds::Split::Never,
            ..cards(1, true)[0].clone()
        }];
        let captions = ["Mats".to_string()];
        let mut opt = LayoutOptions::new(A4);
        // Nowhere to measure the square: refused, in either furniture.
        for furniture in [FurnitureAt::Bands, FurnitureAt::Margins] {
            opt.furniture_at = furniture;
            assert!(impose(&mats, &captions, &opt).is_err());
        }
        opt.cover_square = true;
        opt.furniture_at = FurnitureAt::Bands;
        // Under a caption band and above the footer band it is still too tall.
        assert!(impose(&mats, &captions, &opt).is_err());
        assert_eq!(
            choose_furniture(&mats, &captions, &opt),
            Ok(FurnitureAt::Margins)
        );
        opt.furniture_at = FurnitureAt::Margins;
        let pages = impose(&mats, &captions, &opt).unwrap();
        assert_eq!(pages.len(), 2);
        for page in &pages {
            assert_eq!(page.placements.len(), 1);
            assert!(page.placements[0].rect.overlaps(&opt.reserved()));
            assert!(!page.calibration);
        }
    }

    #[test]
    fn letter_takes_eight_poker_cards_turned_with_the_footer_in_the_margins() {
        use crate::layout::{FURNITURE_EDGE, FurnitureAt, LETTER, choose_furniture, cuts};
        let mut opt = LayoutOptions::new(LETTER);
        opt.cover_square = true;
        let items = cards(24, true);
        let captions = ["Cards".to_string()];
        // Under a caption band and above the footer band: two rows upright, or three turned.
        let bands = impose(&items, &captions, &opt).unwrap();
        assert_eq!(bands.len(), 4);
        assert_eq!(
            choose_furniture(&items, &captions, &opt),
            Ok(FurnitureAt::Margins)
        );
        opt.furniture_at = FurnitureAt::Margins;
        let pages = impose(&items, &captions, &opt).unwrap();
        let counts: Vec<usize> = pages.iter().map(|p| p.placements.len()).collect();
        // Three rows upright (266.7 mm) would leave the crop marks within 5 mm of the edge:
        // four rows of two turned a quarter, the calibration square's corner too.
        assert_eq!(counts, vec![8, 8, 8]);
        let area = opt.content();
        for page in &pages {
            for p in &page.placements {
                assert!(p.quarter, "{p:?}");
                assert!(area.contains(&p.rect), "{:?}", p.rect);
            }
            for m in cuts::page_marks(page, &opt) {
                for (x, y) in [(m.0, m.1), (m.2, m.3)] {
                    let e = FURNITURE_EDGE - 1e-9;
                    assert!(
                        x >= e && y >= e && x <= LETTER.w - e && y <= LETTER.h - e,
                        "{m:?}"
                    );
                }
            }
            // The caption runs up the left margin, outside the crop marks, along the cards.
            let c = &page.captions[0];
            assert!(c.x < area.x - opt.mark_reach() && c.x > 5.0, "{c:?}");
            assert!(c.along.is_some_and(|l| l > 200.0), "{c:?}");
        }
        // On A4 the bands already take nine: they stay.
        let a4 = LayoutOptions {
            cover_square: true,
            ..LayoutOptions::new(A4)
        };
        assert_eq!(
            choose_furniture(&items, &captions, &a4),
            Ok(FurnitureAt::Bands)
        );
    }

    #[test]
    fn margin_captions_stop_before_the_next_group() {
        use crate::layout::FurnitureAt;
        let opt = LayoutOptions {
            furniture_at: FurnitureAt::Margins,
            ..LayoutOptions::new(A4)
        };
        let mut items = cards(3, true);
        items[0].back = Some(98);
        let first = items.first().unwrap();
        // Another back: B cannot carry on A's block, so it opens a group with its own caption.
        items.push(Item {
            piece: 1,
            component: 1,
            back: Some(99),
            ..first.clone()
        });
        let pages = impose(&items, &["A".into(), "B".into()], &opt).unwrap();
        // B's first card fills the room beside A's short row (a band caption there); where B
        // goes on under A, its margin caption starts below the end of A's.
        let turned: Vec<&Caption> = pages[0]
            .captions
            .iter()
            .filter(|c| c.along.is_some())
            .collect();
        assert_eq!(turned.len(), 2, "{:?}", pages[0].captions);
        let (a, b) = (turned[0], turned[1]);
        assert_eq!(
            (a.component, b.component),
            (0, 1),
            "{:?}",
            pages[0].captions
        );
        let b_top = pages[0]
            .placements
            .iter()
            .filter(|p| p.piece == 1)
            .map(|p| p.rect.y)
            .fold(f64::MIN, f64::max);
        assert!(a.y + a.along.unwrap() < b_top - 1.0, "{a:?}");
        assert!(b.y >= b_top - 1e-9 && b.y + b.along.unwrap() <= opt.content().bottom());
    }

    #[test]
    fn bleed_and_other_shapes_keep_the_gap() {
        let mut opt = LayoutOptions::new(A4);
        for (items, bleed) in [(cards(4, true), 3.0), (cards(4, false), 0.0)] {
            opt.bleed = bleed;
            let pages = impose(&items, &["Cards".into()], &opt).unwrap();
            let p = pages[0].placements.to_vec();
            assert!(
                (p[1].rect.x - p[0].rect.right() - opt.effective_gap()).abs() < 1e-9,
                "bleed {bleed}"
            );
        }
    }
}
