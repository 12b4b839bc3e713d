//! The packer behind `layout::impose_plain`: pieces in rows ("shelves"), component by component,
//! each group under its caption. Identical rectangular pieces of a group are packed edge to edge
//! (the guillotine layout of card sheets: one cut serves two pieces, crop marks only outside the
//! block); everything else keeps the gap its crop marks need. The calibration square's corner
//! (`LayoutOptions::reserved`) is an obstacle: a row that crosses it ends before it, unless
//! the pieces take fewer pages with the corner free for them (three rows of three poker cards
//! fill an A4 sheet); then a page prints the square only if its corner stayed empty.
use super::furniture::MARGIN_CAPTION_CLEARANCE;
use super::{
    CAPTION_MM, Caption, FurnitureAt, Item, Items, LayoutError, LayoutOptions, Page, PageSide,
};
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

/// Where the next piece goes on one page.
#[derive(Debug, Clone, Copy)]
struct Shelf {
    /// Top of the current row.
    y: f64,
    /// Height of the current row (0 while it is empty).
    h: f64,
    /// Right edge and key of the last piece in the row.
    last: Option<(f64, Option<Key>)>,
    row: Row,
}

struct Packer<'a> {
    opt: &'a LayoutOptions,
    area: Rect,
    /// The calibration square's corner, kept free on every page; `None` to let pieces use it.
    reserved: Option<Rect>,
    gap: f64,
    pages: Vec<(Page, Shelf)>,
}

impl Packer<'_> {
    fn fresh(&self) -> (Page, Shelf) {
        (
            Page {
                side: PageSide::Front,
                placements: Vec::new(),
                captions: Default::default(),
                calibration: true,
            },
            Shelf {
                y: self.area.y,
                h: 0.0,
                last: None,
                row: Row::Empty,
            },
        )
    }

    /// Whether a piece may go at `r`: inside the area, clear of the calibration square.
    fn free(&self, r: &Rect) -> bool {
        self.area.contains(r) && !self.reserved.is_some_and(|c| r.overlaps(&c))
    }

    /// Top of a new group's caption on a page: under its last row, or at the top.
    fn group_top(&self, s: &Shelf) -> f64 {
        if s.h > 0.0 { s.y + s.h + self.gap } else { s.y }
    }

    /// Where the first piece of a group goes on page `i` under its caption, if it fits there.
    fn group_slot(&self, i: usize, w: f64, h: f64) -> Option<Rect> {
        let top = self.group_top(&self.pages[i].1);
        let r = Rect {
            x: self.area.x,
            y: top + self.opt.caption_band(),
            w,
            h,
        };
        self.free(&r).then_some(r)
    }

    /// Where a piece continuing the group goes on page `i`: next in the row, or first in a
    /// new row (butting against the row above when both are the same identical pieces).
    fn next_slot(&self, i: usize, w: f64, h: f64, key: Option<Key>) -> Option<(Rect, bool)> {
        let s = &self.pages[i].1;
        if let Some((right, last_key)) = s.last {
            let butt = key.is_some() && last_key == key;
            let r = Rect {
                x: right + if butt { 0.0 } else { self.gap },
                y: s.y,
                w,
                h,
            };
            if self.free(&r) {
                return Some((r, false));
            }
        }
        let butt = key.is_some_and(|k| s.row == Row::Uniform(k));
        let r = Rect {
            x: self.area.x,
            y: if s.h > 0.0 {
                s.y + s.h + if butt { 0.0 } else { self.gap }
            } else {
                s.y
            },
            w,
            h,
        };
        self.free(&r).then_some((r, true))
    }

    /// Starts the group on page `i`: its caption, then an empty row under it.
    fn open_group(&mut self, i: usize, text: String, component: usize) {
        let (x, top) = (self.area.x, self.group_top(&self.pages[i].1));
        let band = self.opt.caption_band();
        let caption = match self.opt.furniture_at {
            FurnitureAt::Bands => Caption {
                x,
                // The baseline at mid-band: descenders stay clear of the crop marks under it.
                y: top + CAPTION_MM * 0.5,
                text,
                component,
                along: None,
            },
            // Beside the first row, clear of its corner's crop marks; how far it may run is
            // known once the page is full (`fit_margin_captions`).
            FurnitureAt::Margins => Caption {
                x: x - self.opt.mark_reach() - MARGIN_CAPTION_CLEARANCE,
                y: top + MARGIN_CAPTION_INSET,
                text,
                component,
                along: Some(0.0),
            },
        };
        let (page, shelf) = &mut self.pages[i];
        page.captions.push(caption);
        *shelf = Shelf {
            y: top + band,
            h: 0.0,
            last: None,
            row: Row::Empty,
        };
    }

    /// The first page from `from` on where a group's first piece fits, opened with `text`
    /// (a new page when none has room).
    fn open_on_first_with_room(
        &mut self,
        from: usize,
        w: f64,
        h: f64,
        text: String,
        component: usize,
    ) -> Result<usize, LayoutError> {
        let i = match (from..self.pages.len()).find(|&i| self.group_slot(i, w, h).is_some()) {
            Some(i) => i,
            None => {
                let page = self.fresh();
                self.pages.push(page);
                let i = self.pages.len() - 1;
                if self.group_slot(i, w, h).is_none() {
                    return Err(LayoutError {
                        component,
                        message: format!(
                            "a {w:.1} × {h:.1} mm piece does not fit on an empty page beside the calibration square"
                        ),
                    });
                }
                i
            }
        };
        self.open_group(i, text, component);
        Ok(i)
    }

    /// Records a piece at `r` (already known to be free) on page `i`.
    fn put(&mut self, i: usize, r: Rect, new_row: bool, key: Option<Key>, placement: Placement) {
        let (page, s) = &mut self.pages[i];
        if new_row {
            *s = Shelf {
                y: r.y,
                h: 0.0,
                last: None,
                row: Row::Empty,
            };
        }
        s.row = match (s.row, key) {
            (Row::Empty, Some(k)) => Row::Uniform(k),
            (Row::Uniform(a), Some(k)) if a == k => Row::Uniform(k),
            _ => Row::Mixed,
        };
        s.h = s.h.max(r.h);
        s.last = Some((r.right(), key));
        page.placements.push(placement);
    }
}

/// The parts an item is printed in: the splitting into fewer parts of the two boxes a part can
/// always be placed in (full width above the calibration square, full height beside it). With
/// `corner_free`, a piece that fits neither may take the whole content area; only then, so
/// that the parts of tracks and boards stay those that leave room for the square.
fn parts_of(item: &Item, opt: &LayoutOptions, corner_free: bool) -> Result<Vec<Part>, LayoutError> {
    let mut best: Option<Vec<Part>> = None;
    for (w, h) in opt.piece_boxes() {
        if let Some(parts) = item.parts(w, h, opt.overlap)
            && best.as_ref().is_none_or(|b| parts.len() < b.len())
        {
            best = Some(parts);
        }
    }
    if best.is_none() && corner_free {
        let (w, h) = opt.free_corner_box();
        best = item.parts(w, h, opt.overlap);
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
/// groups. A group starts on a new row under its caption, on the first page that still has room
/// for it, so small groups fill the space that large ones leave; a group that runs over
/// continues on the next page with room, its caption repeated.
pub fn pack(
    items: &Items,
    captions: &[String],
    opt: &LayoutOptions,
) -> Result<Vec<Page>, LayoutError> {
    let corner = opt.reserved();
    // Only the count is kept: a deck of 10,000 cards would otherwise hold two layouts at once.
    let around = pack_around(items, captions, opt, Some(corner)).map(|p| p.len());
    let over = pack_around(items, captions, opt, None).map(|mut over| {
        for page in &mut over {
            page.calibration = !page.placements.iter().any(|p| p.rect.overlaps(&corner));
        }
        over
    });
    // Still a square to measure somewhere.
    let measurable = |over: &[Page]| opt.cover_square || over.iter().any(|p| p.calibration);
    let over = match (around, over) {
        // Paper saved.
        (Ok(n), Ok(over)) if over.len() < n && measurable(&over) => return Ok(over),
        // A piece only a free corner has room for.
        (Err(_), Ok(over)) if measurable(&over) => return Ok(over),
        (Err(e), _) => return Err(e),
        (Ok(_), over) => over,
    };
    drop(over);
    pack_around(items, captions, opt, Some(corner))
}

/// `pack`, keeping `reserved` free on every page (or no corner at all).
fn pack_around(
    items: &Items,
    captions: &[String],
    opt: &LayoutOptions,
    reserved: Option<Rect>,
) -> Result<Vec<Page>, LayoutError> {
    let mut packer = Packer {
        opt,
        area: opt.content(),
        reserved,
        gap: opt.effective_gap(),
        pages: Vec::new(),
    };
    let mut current = 0usize;
    let mut group = usize::MAX;
    for item in items.iter() {
        let parts = parts_of(item, packer.opt, reserved.is_none())?;
        // Bleed needs room around every piece, and parts of a split piece overlap when joined.
        let key = (item.shared_cuts && parts.len() == 1 && opt.bleed <= 0.0)
            .then(|| (item.w.to_bits(), item.h.to_bits()));
        let caption = captions.get(item.component).cloned().unwrap_or_default();
        for _ in 0..item.copies {
            for part in &parts {
                let (w, h) = (part.window.w, part.window.h);
                let slot = if item.component == group {
                    packer.next_slot(current, w, h, key)
                } else {
                    None
                };
                let (r, new_row) = match slot {
                    Some(s) => s,
                    None => {
                        // A new group goes to the first page with room; a group that does not
                        // fit on its page any more continues on the next one with room.
                        let (from, text) = if item.component == group {
                            (current + 1, format!("{caption} (continued)"))
                        } else {
                            (0, caption.clone())
                        };
                        group = item.component;
                        current = packer.open_on_first_with_room(from, w, h, text, group)?;
                        let y = packer.pages[current].1.y;
                        let r = Rect {
                            x: packer.area.x,
                            y,
                            w,
                            h,
                        };
                        (r, true)
                    }
                };
                packer.put(
                    current,
                    r,
                    new_row,
                    key,
                    Placement {
                        piece: item.piece,
                        face: item.front,
                        rect: r,
                        turned: false,
                        part: if parts.len() == 1 { None } else { Some(*part) },
                    },
                );
            }
        }
    }
    let bottom = packer.area.bottom();
    Ok(packer
        .pages
        .into_iter()
        .filter(|(p, _)| !p.placements.is_empty())
        .map(|(p, _)| fit_margin_captions(p, bottom))
        .collect())
}

/// A caption in the margin starts this far below its group's top cut, clear of the crop mark
/// there (and of a registration target in the sheet's corner).
const MARGIN_CAPTION_INSET: f64 = 4.0;

/// Each caption in the margin may run down to the next group on its page (or the content's
/// bottom), ending the caption's inset before it.
fn fit_margin_captions(mut page: Page, bottom: f64) -> Page {
    let tops: Vec<f64> = page.captions.iter().map(|c| c.y).collect();
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
    use crate::layout::{A4, impose};

    fn cards(n: u32, shared_cuts: bool) -> Vec<Item> {
        crate::layout::poker_cards(n, shared_cuts)
    }

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
    fn letter_takes_nine_poker_cards_with_the_footer_in_the_margins() {
        use crate::layout::{FurnitureAt, LETTER, choose_furniture};
        let mut opt = LayoutOptions::new(LETTER);
        opt.cover_square = true;
        let items = cards(27, true);
        let captions = ["Cards".to_string()];
        // Three rows of 88.9 mm do not fit above the footer band and under a caption.
        let bands = impose(&items, &captions, &opt).unwrap();
        assert_eq!(bands.len(), 5);
        assert_eq!(
            choose_furniture(&items, &captions, &opt),
            Ok(FurnitureAt::Margins)
        );
        opt.furniture_at = FurnitureAt::Margins;
        let pages = impose(&items, &captions, &opt).unwrap();
        let counts: Vec<usize> = pages.iter().map(|p| p.placements.len()).collect();
        assert_eq!(counts, vec![9, 9, 9]);
        let area = opt.content();
        for page in &pages {
            for p in &page.placements {
                assert!(area.contains(&p.rect), "{:?}", p.rect);
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
        let first = items.first().unwrap();
        items.push(Item {
            piece: 1,
            component: 1,
            ..first.clone()
        });
        let pages = impose(&items, &["A".into(), "B".into()], &opt).unwrap();
        let [a, b] = &pages[0].captions[..] else {
            panic!("{:?}", pages[0].captions)
        };
        let second_top = pages[0].placements.to_vec()[3].rect.y;
        assert!(a.y + a.along.unwrap() < second_top - 1.0, "{a:?}");
        assert!(b.y > second_top && b.y + b.along.unwrap() <= opt.content().bottom());
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
