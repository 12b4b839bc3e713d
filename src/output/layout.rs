//! Imposition: where every copy of every piece goes on the pages. Pure geometry in millimetres
//! (origin top-left of the page), shared by the PDF sink and the tests. Pieces are packed in
//! rows, component by component, each group under a caption; a piece larger than the printable
//! area is split into parts that overlap by `overlap` mm so they can be joined.

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
    pub margin: f64,
    pub gap: f64,
    pub bleed: f64,
    pub overlap: f64,
    pub duplex: Duplex,
}

impl LayoutOptions {
    pub fn new(paper: Paper) -> Self {
        LayoutOptions {
            paper,
            margin: 10.0,
            gap: 6.0,
            bleed: 0.0,
            overlap: 12.0,
            duplex: Duplex::LongEdge,
        }
    }
    /// The gap actually used: room for bleed and crop marks on both sides.
    pub fn effective_gap(&self) -> f64 {
        self.gap.max(2.0 * (self.bleed + MARK_OFFSET + 1.5))
    }
    /// Height of the footer band: the calibration square and the game's credits.
    pub fn footer(&self) -> f64 {
        self.paper.calibration + 3.0
    }
    /// The printable area pieces may occupy.
    pub fn content(&self) -> Rect {
        let m = self.margin;
        Rect {
            x: m,
            y: m,
            w: self.paper.w - 2.0 * m,
            h: self.paper.h - 2.0 * m - self.footer(),
        }
    }
}

/// Crop marks start this far outside the cut (plus the bleed).
pub const MARK_OFFSET: f64 = 1.0;
/// Height of a group caption.
pub const CAPTION_MM: f64 = 8.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub fn right(&self) -> f64 {
        self.x + self.w
    }
    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }
    /// True when the rectangles share any area (touching edges do not count).
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x < o.right() - 1e-9
            && o.x < self.right() - 1e-9
            && self.y < o.bottom() - 1e-9
            && o.y < self.bottom() - 1e-9
    }
    pub fn contains(&self, o: &Rect) -> bool {
        o.x >= self.x - 1e-9
            && o.y >= self.y - 1e-9
            && o.right() <= self.right() + 1e-9
            && o.bottom() <= self.bottom() + 1e-9
    }
}

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
    pub part: Option<Part>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Caption {
    pub x: f64,
    pub y: f64,
    pub text: String,
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
}

/// Where the next piece would go on a page.
#[derive(Debug, Clone, Copy)]
struct Cursor {
    x: f64,
    y: f64,
    row_h: f64,
}

/// Packs items (in order, grouped by component) onto pages; `captions[component]` names groups.
/// A group starts on a new row under its caption, on the first page that still has room for it,
/// so small groups fill the space that large ones leave; a group that runs over continues on
/// the next page with its caption repeated.
pub fn impose(
    items: &[Item],
    captions: &[String],
    opt: &LayoutOptions,
) -> Result<Vec<Page>, String> {
    impose_with(items, captions, opt, &|item, max_w, max_h| {
        split(item.w, item.h, max_w, max_h, opt.overlap)
    })
}

/// How an item is split into parts that fit `max_w`×`max_h` (boards split on their grid lines).
pub type Splitter<'a> = dyn Fn(&Item, f64, f64) -> Option<Vec<Part>> + 'a;

/// `impose`, with the splitting of oversized items chosen by the caller.
pub fn impose_with(
    items: &[Item],
    captions: &[String],
    opt: &LayoutOptions,
    splitter: &Splitter,
) -> Result<Vec<Page>, String> {
    if opt.duplex == Duplex::GutterFold {
        return super::gutterfold::impose(items, captions, opt, splitter);
    }
    impose_plain(items, captions, opt, splitter)
}

/// Ordinary pages: rows per component, then a mirrored back page after each front page.
pub fn impose_plain(
    items: &[Item],
    captions: &[String],
    opt: &LayoutOptions,
    splitter: &Splitter,
) -> Result<Vec<Page>, String> {
    let area = opt.content();
    let gap = opt.effective_gap();
    let mut pages: Vec<(Page, Cursor)> = Vec::new();
    let fresh = || {
        (
            Page {
                side: PageSide::Front,
                placements: Vec::new(),
                captions: Vec::new(),
            },
            Cursor {
                x: area.x,
                y: area.y,
                row_h: 0.0,
            },
        )
    };
    let mut current = 0usize;
    let mut group = usize::MAX;

    for item in items {
        let parts = splitter(item, area.w, area.h - CAPTION_MM).ok_or_else(|| {
            format!(
                "a {:.1} × {:.1} mm piece cannot be split to fit the printable area",
                item.w, item.h
            )
        })?;
        for _ in 0..item.copies {
            for part in &parts {
                let (w, h) = (part.window.w, part.window.h);
                let mut caption = None;
                if item.component != group {
                    group = item.component;
                    // The first page with room below its last row for the caption and this piece.
                    let below = |c: &Cursor| {
                        if c.x > area.x || c.row_h > 0.0 {
                            c.y + c.row_h + gap
                        } else {
                            c.y
                        }
                    };
                    current = pages
                        .iter()
                        .position(|(_, c)| below(c) + CAPTION_MM + h <= area.bottom() + 1e-9)
                        .unwrap_or(pages.len());
                    if current == pages.len() {
                        pages.push(fresh());
                    }
                    let c = &mut pages[current].1;
                    *c = Cursor {
                        x: area.x,
                        y: below(c),
                        row_h: 0.0,
                    };
                    caption = Some(captions[item.component].clone());
                } else {
                    let c = &mut pages[current].1;
                    if c.x + w > area.right() + 1e-9 {
                        *c = Cursor {
                            x: area.x,
                            y: c.y + c.row_h + gap,
                            row_h: 0.0,
                        };
                    }
                    if c.y + h > area.bottom() + 1e-9 {
                        // Continue on the next page that has room, or a new one.
                        let below = |c: &Cursor| {
                            if c.x > area.x || c.row_h > 0.0 {
                                c.y + c.row_h + gap
                            } else {
                                c.y
                            }
                        };
                        current = (current + 1..pages.len())
                            .find(|&i| below(&pages[i].1) + CAPTION_MM + h <= area.bottom() + 1e-9)
                            .unwrap_or(pages.len());
                        if current == pages.len() {
                            pages.push(fresh());
                        }
                        let c = &mut pages[current].1;
                        *c = Cursor {
                            x: area.x,
                            y: below(c),
                            row_h: 0.0,
                        };
                        caption = Some(format!("{} (continued)", captions[item.component]));
                    }
                }
                let (page, c) = &mut pages[current];
                if let Some(text) = caption {
                    page.captions.push(Caption {
                        x: area.x,
                        y: c.y + CAPTION_MM * 0.55,
                        text,
                        component: item.component,
                    });
                    c.y += CAPTION_MM;
                }
                page.placements.push(Placement {
                    piece: item.piece,
                    face: item.front,
                    rect: Rect {
                        x: c.x,
                        y: c.y,
                        w,
                        h,
                    },
                    turned: false,
                    part: if parts.len() == 1 { None } else { Some(*part) },
                });
                c.x += w + gap;
                c.row_h = c.row_h.max(h);
            }
        }
    }
    let pages = pages
        .into_iter()
        .map(|(p, _)| p)
        .filter(|p| !p.placements.is_empty())
        .collect();
    Ok(add_backs(pages, items, opt))
}

/// Splits a w×h piece into parts no larger than max_w×max_h that overlap by `overlap`.
pub fn split(w: f64, h: f64, max_w: f64, max_h: f64, overlap: f64) -> Option<Vec<Part>> {
    let count = |len: f64, max: f64| -> Option<usize> {
        if len <= max + 1e-9 {
            return Some(1);
        }
        if max <= overlap {
            return None;
        }
        let n = ((len - overlap) / (max - overlap)).ceil() as usize;
        (n <= 50).then_some(n)
    };
    let (nx, ny) = (count(w, max_w)?, count(h, max_h)?);
    let pw = (w + (nx - 1) as f64 * overlap) / nx as f64;
    let ph = (h + (ny - 1) as f64 * overlap) / ny as f64;
    let mut parts = Vec::new();
    for j in 0..ny {
        for i in 0..nx {
            parts.push(Part {
                number: j * nx + i + 1,
                count: nx * ny,
                window: Rect {
                    x: i as f64 * (pw - overlap),
                    y: j as f64 * (ph - overlap),
                    w: pw,
                    h: ph,
                },
                glue_top: j > 0,
                glue_left: i > 0,
            });
        }
    }
    Some(parts)
}

/// After each front page holding double-sided pieces, a back page with each back at the mirror
/// position, so that fronts and backs register when the sheet is printed duplex.
fn add_backs(fronts: Vec<Page>, items: &[Item], opt: &LayoutOptions) -> Vec<Page> {
    let back_of = |piece: usize| items.iter().find(|i| i.piece == piece).and_then(|i| i.back);
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
                    turned: back_turned(opt),
                    ..p.clone()
                })
            })
            .collect();
        out.push(page);
        if !backs.is_empty() {
            out.push(Page {
                side: PageSide::Back,
                placements: backs,
                captions: Vec::new(),
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
            piece,
            component,
            front: piece,
            back: None,
            w,
            h,
            copies,
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
            for (i, a) in p.placements.iter().enumerate() {
                assert!(opt.content().contains(&a.rect), "{:?}", a.rect);
                for b in &p.placements[i + 1..] {
                    assert!(!a.rect.overlaps(&b.rect));
                }
            }
        }
    }

    #[test]
    fn split_parts_cover_the_piece_with_overlap() {
        let parts = split(80.0, 330.0, 190.0, 240.0, 12.0).unwrap();
        assert_eq!(parts.len(), 2);
        let (a, b) = (parts[0].window, parts[1].window);
        assert!((a.y + a.h - b.y - 12.0).abs() < 1e-9, "overlap is 12 mm");
        assert!(
            (b.bottom() - 330.0).abs() < 1e-9,
            "parts join to the full height"
        );
        assert!(parts[1].glue_top && !parts[0].glue_top);
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
}
