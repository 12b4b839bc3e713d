//! The cover page that opens a game's PDF: what is in the file and on which page, how to print it
//! (actual size, paper, double-sided or not) and how to cut and assemble the pieces — only the
//! tips this game needs. When backs are printed double-sided, an almost blank page follows, so
//! the cover does not shift every back onto the wrong sheet.
use crate::base::shape::Shape;
use crate::draw::canvas::{Anchor, Canvas, line, rect, text};
use crate::draw::text::{Font, fit, wrap};
use crate::resolve::{About, Component, Piece};

use super::furniture::{Credits, footer};
use super::{Duplex, LayoutOptions, Page, PageSide, Placement};

/// What the cover says, gathered from the game and its imposed pages.
#[derive(Debug, Clone)]
pub struct Cover {
    pub title: String,
    /// "A game by … · 2–4 players".
    pub byline: String,
    pub description: Option<String>,
    pub contents: Vec<ContentsRow>,
    pub printing: Vec<String>,
    pub cutting: Vec<String>,
    /// Backs are printed double-sided: the cover gets a blank back page.
    pub double_sided: bool,
    /// Pages of the whole PDF, the cover's included.
    pub total: usize,
}

/// One line of the table of contents: a component group.
#[derive(Debug, Clone, PartialEq)]
pub struct ContentsRow {
    pub name: String,
    pub count: u64,
    /// "round token, 19 mm", "card, 63.5 × 88.9 mm".
    pub piece: String,
    /// "2", "2–3", "2, 4": pages of the PDF (the cover is page 1).
    pub pages: String,
}

/// Pages the cover adds in front of the components: the cover, and its blank back when the
/// whole file prints double-sided: every page of fronts but the last has a page of backs after
/// it. Not so in a gutter-fold layout, printed single-sided but for the pages of pieces too
/// large for half a sheet (`printing_tips`).
pub fn front_pages(pages: &[Page]) -> usize {
    // The cover's back already holds a page of pieces (`fill_cover_back`).
    if pages.first().is_some_and(|p| p.side == PageSide::Back) {
        return 1;
    }
    let paired = pages.iter().enumerate().all(|(i, p)| match p.side {
        PageSide::Back => true,
        PageSide::Front => pages.get(i + 1).is_none_or(|n| n.side == PageSide::Back),
        PageSide::GutterFold => false,
    });
    if paired && pages.iter().any(|p| p.side == PageSide::Back) {
        2
    } else {
        1
    }
}

/// In a file printed double-sided, the cover's back would be blank: a page holding only pieces
/// that are never cut (a set-up diagram) goes there instead, with the blank back it had, so
/// it costs no sheet of its own. Its calibration square stays on the cover. Whether a page moved.
pub fn fill_cover_back(pages: &mut Vec<Page>, uncut: impl Fn(&Placement) -> bool) -> bool {
    if front_pages(pages) != 2 {
        return false;
    }
    let blank_back = |i: usize| {
        pages
            .get(i + 1)
            .is_none_or(|n| n.side == PageSide::Back && n.placements.is_empty())
    };
    let found = (0..pages.len()).find(|&i| {
        let p = &pages[i];
        p.side == PageSide::Front
            && !p.placements.is_empty()
            && p.placements.iter().all(|pl| pl.part.is_none() && uncut(pl))
            && blank_back(i)
    });
    let Some(i) = found else {
        return false;
    };
    let mut page = pages.remove(i);
    if pages.get(i).is_some_and(|n| n.side == PageSide::Back) {
        pages.remove(i);
    } else if pages
        .last()
        .is_some_and(|p| p.side == PageSide::Back && p.placements.is_empty())
    {
        // It was the last page of fronts: the blank back before it is no longer needed.
        pages.pop();
    }
    page.side = PageSide::Back;
    page.calibration = false;
    pages.insert(0, page);
    true
}

impl Cover {
    pub fn of(
        about: &About,
        components: &[Component],
        pieces: &[Piece],
        pages: &[Page],
        opt: &LayoutOptions,
    ) -> Cover {
        let front = front_pages(pages);
        let mut byline = Vec::new();
        if let Some(d) = &about.designer {
            byline.push(format!("A game by {d}"));
        }
        byline.push(players(&about.players));
        let contents = components
            .iter()
            .enumerate()
            .filter_map(|(ci, c)| {
                let mut mine = pieces.iter().filter(|p| p.component == ci);
                let first = mine.next()?;
                let count = first.copies as u64 + mine.map(|p| p.copies as u64).sum::<u64>();
                let on = pages_showing(pages, front, |pl| pieces[pl.piece].component == ci);
                Some(ContentsRow {
                    name: c.name.clone(),
                    count,
                    piece: c.described.clone().unwrap_or_default(),
                    pages: contents_pages(&on),
                })
            })
            .collect();
        let kinds = Kinds { components, pieces };
        Cover {
            title: about.name.clone(),
            byline: byline.join(" · "),
            description: about.description.clone(),
            contents,
            printing: printing_tips(pages, opt, front)
                .into_iter()
                .chain(sheets_tip(&about.id, &kinds, pages, front))
                .chain(stand_in_tip(&kinds, pages, front))
                .collect(),
            cutting: cutting_tips(&kinds, pages, opt)
                .into_iter()
                .chain(
                    (!about.needs.is_empty())
                        .then(|| format!("Not printed, also needed: {}.", about.needs.join("; "))),
                )
                .collect(),
            double_sided: front == 2,
            total: pages.len() + front,
        }
    }

    /// The cover and, for double-sided printing, its back: one full-page SVG each, with the
    /// usual footer (calibration square, credits, page n of N).
    pub fn pages_svg(&self, credits: &Credits, opt: &LayoutOptions) -> Vec<String> {
        let total = self.total;
        let mut out = vec![self.front_svg(total, credits, opt)];
        if self.double_sided {
            out.push(back_svg(total, credits, opt));
        }
        out
    }

    fn front_svg(&self, total: usize, credits: &Credits, opt: &LayoutOptions) -> String {
        let paper = opt.paper;
        let mut cv = Canvas::new(paper.w, paper.h, 0.0);
        let (left, right) = (opt.side_margin + 4.0, paper.w - opt.side_margin - 4.0);
        let width = right - left;
        // Text stays clear of the calibration square (bottom right, above the footer band).
        let bottom = opt.reserved().y - 1.5;
        let mut y = opt.margin + 16.0;

        let size = fit(Font::Display, 18.0, width, &self.title);
        cv.add(text(
            left,
            y,
            size,
            Font::Display,
            Anchor::Start,
            INK,
            &self.title,
        ));
        y += 7.5;
        let size = fit(Font::Condensed, 4.6, width, &self.byline);
        cv.add(text(
            left,
            y,
            size,
            Font::Condensed,
            Anchor::Start,
            SOFT,
            &self.byline,
        ));
        y += 3.0;
        if let Some(d) = &self.description {
            for l in wrap(Font::Sans, 3.3, width, d).iter().take(3) {
                y += 4.8;
                cv.add(text(left, y, 3.3, Font::Sans, Anchor::Start, SOFT, l));
            }
        }
        y += 5.0;
        cv.add(line(left, y, right, y, INK, 0.4));

        // The tips come first in the budget: they say how to print, which matters most.
        let tip_lines = |tips: &[String]| -> usize {
            tips.iter()
                .map(|t| wrap(Font::Sans, TIP_SIZE, width - 5.0, t).len())
                .sum()
        };
        let tips_height = 2.0 * (HEADING_GAP + 2.0)
            + (tip_lines(&self.printing) + tip_lines(&self.cutting)) as f64 * TIP_LINE
            + (self.printing.len() + self.cutting.len()) as f64 * 1.2;
        let room = bottom - tips_height - (y + HEADING_GAP + ROW);
        let fits = ((room / ROW).floor().max(1.0)) as usize;

        y += HEADING_GAP;
        heading(&mut cv, left, y, "Contents");
        cv.add(text(
            right,
            y,
            3.2,
            Font::Condensed,
            Anchor::End,
            SOFT,
            "page",
        ));
        y += 2.0;
        let (shown, hidden) = if self.contents.len() > fits {
            (&self.contents[..fits - 1], self.contents.len() + 1 - fits)
        } else {
            (&self.contents[..], 0)
        };
        let count_x = left + width * 0.50;
        let piece_x = left + width * 0.53;
        for (i, row) in shown.iter().enumerate() {
            if i % 2 == 0 {
                cv.add(rect(left - 1.5, y, width + 3.0, ROW, "#f0eee8"));
            }
            let base = y + ROW - 1.8;
            let name = fit(Font::SansBold, ROW_TEXT, count_x - left - 12.0, &row.name);
            cv.add(text(
                left,
                base,
                name,
                Font::SansBold,
                Anchor::Start,
                INK,
                &row.name,
            ));
            let count = format!("× {}", row.count);
            cv.add(text(
                count_x,
                base,
                ROW_TEXT,
                Font::Sans,
                Anchor::End,
                INK,
                &count,
            ));
            let piece = fit(
                Font::Condensed,
                ROW_TEXT,
                right - piece_x - (PAGES_COLUMN + 2.0),
                &row.piece,
            );
            cv.add(text(
                piece_x,
                base,
                piece,
                Font::Condensed,
                Anchor::Start,
                SOFT,
                &row.piece,
            ));
            cv.add(text(
                right,
                base,
                ROW_TEXT,
                Font::Sans,
                Anchor::End,
                INK,
                &row.pages,
            ));
            y += ROW;
        }
        if hidden > 0 {
            let more = format!("… and {hidden} more groups: see the PDF's bookmarks");
            cv.add(text(
                left,
                y + ROW - 1.8,
                ROW_TEXT,
                Font::Sans,
                Anchor::Start,
                SOFT,
                &more,
            ));
            y += ROW;
        }

        for (title, tips) in [
            ("Printing", &self.printing),
            ("Cutting and assembly", &self.cutting),
        ] {
            y += HEADING_GAP;
            heading(&mut cv, left, y, title);
            y += 2.0;
            for tip in tips {
                let lines = wrap(Font::Sans, TIP_SIZE, width - 5.0, tip);
                cv.add(rect(left + 0.4, y + TIP_LINE - 2.9, 1.6, 1.6, INK));
                for l in lines {
                    y += TIP_LINE;
                    cv.add(text(
                        left + 5.0,
                        y,
                        TIP_SIZE,
                        Font::Sans,
                        Anchor::Start,
                        INK,
                        &l,
                    ));
                }
                y += 1.2;
            }
        }
        footer(
            &mut cv,
            &empty(PageSide::Front),
            1,
            total,
            credits,
            opt,
            &[],
        );
        cv.finish()
    }
}

const INK: &str = "#222222";
const SOFT: &str = "#555555";
const ACCENT: &str = "#8a5a2b";
const HEADING_GAP: f64 = 9.0;
const ROW: f64 = 5.6;
const ROW_TEXT: f64 = 3.3;
const TIP_SIZE: f64 = 3.2;
const TIP_LINE: f64 = 4.6;

fn heading(cv: &mut Canvas, x: f64, y: f64, title: &str) {
    cv.add(text(
        x,
        y,
        5.0,
        Font::CondensedBold,
        Anchor::Start,
        ACCENT,
        &title.to_uppercase(),
    ));
}

fn empty(side: PageSide) -> Page {
    Page {
        side,
        placements: Vec::new(),
        captions: Default::default(),
        calibration: true,
    }
}

/// The back of the cover: blank but for a line saying why, and the footer.
fn back_svg(total: usize, credits: &Credits, opt: &LayoutOptions) -> String {
    let paper = opt.paper;
    let mut cv = Canvas::new(paper.w, paper.h, 0.0);
    let note =
        "The back of the cover: left blank so that every page of backs prints behind its fronts.";
    let size = fit(Font::Sans, 3.2, paper.w - 2.0 * opt.side_margin - 8.0, note);
    cv.add(text(
        paper.w / 2.0,
        paper.h / 2.0,
        size,
        Font::Sans,
        Anchor::Middle,
        "#999999",
        note,
    ));
    footer(&mut cv, &empty(PageSide::Back), 2, total, credits, opt, &[]);
    cv.finish()
}

/// "2–4 players", "2, 4 or 6 players", "1 player".
pub fn players(counts: &[u32]) -> String {
    let mut c = counts.to_vec();
    c.sort_unstable();
    c.dedup();
    let contiguous = c.windows(2).all(|w| w[1] == w[0] + 1);
    let n = match c.as_slice() {
        [] => return "players: any number".into(),
        [one] => one.to_string(),
        [first, .., last] if contiguous => format!("{first}–{last}"),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(u32::to_string).collect();
            format!("{} or {last}", init.join(", "))
        }
    };
    let noun = if c == [1] { "player" } else { "players" };
    format!("{n} {noun}")
}

/// Page numbers as ranges: [2, 3, 4, 7] → "2–4, 7".
pub fn page_ranges(pages: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < pages.len() {
        let mut j = i;
        while j + 1 < pages.len() && pages[j + 1] == pages[j] + 1 {
            j += 1;
        }
        parts.push(if j == i {
            pages[i].to_string()
        } else {
            format!("{}–{}", pages[i], pages[j])
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// How to print a gutter-fold file: its sheets single-sided, and the pages of pieces too large
/// for half a sheet (last, each followed by its backs) double-sided.
fn gutter_fold_tip(pages: &[Page], opt: &LayoutOptions, front: usize) -> String {
    let fold = "Each sheet carries fronts on one half and their backs on the other: fold on the \
                middle line and glue before cutting.";
    let printed = |i: usize| i + front + 1;
    let run = pages
        .iter()
        .position(|p| p.side == PageSide::Back)
        .zip(pages.iter().rposition(|p| p.side == PageSide::Back));
    let Some((first_back, last)) = run else {
        return format!("Print single-sided. {fold}");
    };
    let edge = match opt.paper.h >= opt.paper.w {
        true => "long",
        false => "short",
    };
    if front == 2 {
        // No gutter-fold sheet, and every page of fronts has its backs after it.
        return format!(
            "No double-sided piece fits half a sheet: print the whole file double-sided, \
             flipping on the {edge} edge (page 2 is the cover's back)."
        );
    }
    let (first, last) = (printed(first_back - 1), printed(last));
    let double = format!(
        "print pages {first}–{last} double-sided, flipping on the {edge} edge, or glue each \
         page of backs behind the page before"
    );
    if pages.iter().any(|p| p.side == PageSide::GutterFold) {
        format!(
            "Print single-sided. {fold} Pieces too large for half a sheet follow with their \
             backs on the page after: {double}."
        )
    } else {
        format!(
            "No double-sided piece fits half a sheet: {double}; print the other pages \
             single-sided."
        )
    }
}

fn printing_tips(pages: &[Page], opt: &LayoutOptions, front: usize) -> Vec<String> {
    let paper = opt.paper;
    let orientation = if paper.w > paper.h {
        "landscape"
    } else {
        "portrait"
    };
    let total = pages.len() + front;
    let square = if paper.calibration == 25.0 {
        "25 mm"
    } else {
        "1 inch"
    };
    let mut tips = vec![
        "Print at Actual size (100 %): turn off “Fit to page” and “Shrink oversized pages”. \
         Every piece is drawn to the millimetre."
            .to_string(),
        format!(
            "Then measure the calibration square at the foot of this page: it must be exactly \
             {square} on each side."
        ),
        format!(
            "Paper: {} {orientation}, {total} pages — {}, then {} of components.",
            paper.name,
            if front == 2 {
                "this cover and its blank back"
            } else {
                "this cover"
            },
            pages.len()
        ),
    ];
    let backs = pages.iter().any(|p| p.side == PageSide::Back);
    tips.push(match opt.duplex {
        Duplex::GutterFold => gutter_fold_tip(pages, opt, front),
        Duplex::LongEdge if backs => "Print the whole file double-sided, flipping on the long \
             edge: every page of backs lands behind the page of fronts before it; a page whose \
             pieces have no backs is followed by a blank one (page 2 is the cover's back)."
            .into(),
        Duplex::ShortEdge if backs => "Print the whole file double-sided, flipping on the short \
             edge: every page of backs lands behind the page of fronts before it; a page whose \
             pieces have no backs is followed by a blank one (page 2 is the cover's back)."
            .into(),
        _ => "Print single-sided: no piece has a printed back.".into(),
    });
    if opt.bleed > 0.0 {
        tips.push(format!(
            "The art runs {} mm past every cut (bleed), so a cut slightly off the line leaves \
             no white edge.",
            crate::draw::canvas::n((opt.bleed * 10.0).round() / 10.0)
        ));
    }
    tips.push(
        "Card stock of 200–300 g/m² makes sturdy cards and tokens; or print on paper and glue \
         it to 1–2 mm greyboard before cutting."
            .into(),
    );
    tips
}

/// The numbers (counting the `front` cover pages) of the pages of fronts that hold a placement
/// `shown` picks, and of the pages of backs between two of them: a double-sided deck is on
/// pages 3–225, not on every other page from 3 to 225.
fn pages_showing(pages: &[Page], front: usize, shown: impl Fn(&Placement) -> bool) -> Vec<usize> {
    // A page of backs shows the backs of the pieces it holds (a record sheet's other side).
    let on: Vec<bool> = pages
        .iter()
        .map(|p| p.placements.iter().any(&shown))
        .collect();
    let between = |i: usize| {
        pages[i].side == PageSide::Back
            && i > 0
            && on[i - 1]
            && pages[i + 1..]
                .iter()
                .zip(&on[i + 1..])
                .find(|(p, _)| p.side != PageSide::Back)
                .is_some_and(|(_, &next)| next)
    };
    (0..pages.len())
        .filter(|&i| on[i] || between(i))
        .map(|i| i + 1 + front)
        .collect()
}

/// The pages a contents row lists: their ranges, or the first and the last only where the
/// ranges would not fit their column (a group on many scattered pages).
fn contents_pages(on: &[usize]) -> String {
    let ranges = page_ranges(on);
    match on {
        [first, .., last]
            if crate::draw::text::width(Font::Sans, ROW_TEXT, &ranges) > PAGES_COLUMN =>
        {
            format!("{first}–{last}")
        }
        _ => ranges,
    }
}

/// Width of the contents' page column: what the piece column leaves, less a gap.
const PAGES_COLUMN: f64 = 12.0;

/// The components and pieces the tips look at.
struct Kinds<'r> {
    components: &'r [Component],
    pieces: &'r [Piece],
}

impl Kinds<'_> {
    fn of(&self, piece: usize) -> &Component {
        &self.components[self.pieces[piece].component]
    }
}

/// Record sheets are filled in during play: one for each player, and `pnp sheets` names them.
fn sheets_tip(game: &str, kinds: &Kinds, pages: &[Page], front: usize) -> Option<String> {
    let on = pages_showing(pages, front, |pl| kinds.of(pl.piece).one_per_player);
    (!on.is_empty()).then(|| {
        format!(
            "Record sheets ({} {}) are written on in play: print one for each player, or \
             print named ones for a game night with “pnp sheets {} --players N”.",
            if on.len() == 1 { "page" } else { "pages" },
            page_ranges(&on),
            game
        )
    })
}

/// Pieces that stand in for what a player may have (packs of playing cards): the pages that
/// hold nothing else can be left out, and the tip says which.
fn stand_in_tip(kinds: &Kinds, pages: &[Page], front: usize) -> Option<String> {
    let stand_ins: Vec<&crate::base::forms::StandIn> = kinds
        .components
        .iter()
        .filter_map(|c| c.stands_in_for.as_ref())
        .collect();
    let first = stand_ins.first()?;
    let standing = |p: &Placement| kinds.of(p.piece).stands_in_for.is_some();
    let with = pages_showing(pages, front, standing);
    let others = pages_showing(pages, front, |p| !standing(p));
    let only: Vec<usize> = with.into_iter().filter(|p| !others.contains(p)).collect();
    if only.is_empty() {
        return None;
    }
    // Together, in sets of the largest (a pack with jokers holds them all).
    let largest = stand_ins.iter().max_by_key(|s| s.per_set).unwrap_or(first);
    let all: u64 = stand_ins.iter().map(|s| s.pieces).sum();
    let plural = format!("{}s", largest.set);
    let (sets, noun) = match all.div_ceil(largest.per_set.max(1)) {
        1 => ("a".to_string(), largest.set),
        n => (n.to_string(), plural.as_str()),
    };
    let which = match only.len() {
        1 => format!("Page {}", only[0]),
        _ => format!("Pages {}", page_ranges(&only)),
    };
    Some(format!(
        "{which} hold only {}, in place of {sets} {noun} of {}: print them only if you do \
         not have the {noun}.",
        largest.what, largest.of
    ))
}

fn cutting_tips(kinds: &Kinds, pages: &[Page], opt: &LayoutOptions) -> Vec<String> {
    let mut tips = vec![
        "Cut along the lines the crop marks continue: the marks stop short of the pieces, so \
         no line is printed on them. A sharp craft knife and a steel ruler on a cutting mat \
         give the cleanest edges."
            .to_string(),
    ];
    let any = |f: &dyn Fn(&Piece) -> bool| kinds.pieces.iter().any(f);
    let kind = |p: &Piece| &kinds.components[p.component];
    let hex = |p: &Piece| crate::layout::tessellate::Tiling::of(&p.shape).is_some();
    if any(&|p| kind(p).shares_cuts && !hex(p)) {
        tips.push(
            "Where pieces touch, one cut frees both: cut full-length strips first, then cut \
             the strips across."
                .into(),
        );
    }
    if any(&|p| p.shape == Shape::Round) {
        tips.push(
            "Round pieces: a circle punch of their size is quickest; otherwise cut their square \
             first, then round it with scissors."
                .into(),
        );
    }
    if any(&|p| p.shape.is_regular() || matches!(p.shape, Shape::Path(_))) {
        tips.push(
            "Hexagons, polygons and other outlines: cut along the thin line printed on their \
             edge, with scissors or a craft knife; where hexes or triangles touch, one cut \
             along their shared side frees both."
                .into(),
        );
    }
    if any(&|p| p.shape == Shape::Rounded) {
        tips.push("A corner rounder gives the cards their rounded corners.".into());
    }
    let parts = pages
        .iter()
        .flat_map(|p| &p.placements)
        .any(|pl| pl.part.is_some());
    if parts {
        tips.push(
            "Pieces larger than the paper come in parts (“part 1 of 4”): cut each part on its \
             marks, lay the hatched glue strip under its neighbour, match the edges, and glue."
                .into(),
        );
    }
    if any(&|p| kind(p).folds) || opt.duplex == Duplex::GutterFold {
        tips.push(
            "Score the dashed fold lines with a blunt point along a ruler before folding; glue \
             the tabs."
                .into(),
        );
    }
    tips
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page of `side` with one placement of piece `piece`.
    fn page(side: PageSide, piece: usize) -> Page {
        Page {
            side,
            placements: vec![Placement {
                piece,
                face: 0,
                rect: super::super::Rect {
                    x: 10.0,
                    y: 10.0,
                    w: 20.0,
                    h: 20.0,
                },
                turned: false,
                quarter: false,
                part: None,
            }],
            captions: Default::default(),
            calibration: true,
        }
    }

    #[test]
    fn a_group_on_pages_of_fronts_is_on_the_pages_of_backs_between_them_too() {
        use PageSide::{Back, Front};
        // Piece 7 on the first, second and fourth page of fronts; piece 1 on the third.
        let pages = [
            page(Front, 7),
            page(Back, 7),
            page(Front, 7),
            page(Back, 7),
            page(Front, 1),
            page(Back, 1),
            page(Front, 7),
            page(Back, 7),
        ];
        // Every page of backs that holds its backs counts: "print pages 3–6" brings the back of
        // page 5 too, which "3–5" would leave out.
        let on = pages_showing(&pages, 2, |p| p.piece == 7);
        assert_eq!(on, [3, 4, 5, 6, 9, 10]);
        assert_eq!(page_ranges(&on), "3–6, 9–10");
    }

    #[test]
    fn a_contents_row_too_long_for_its_column_gives_the_first_and_last_page() {
        let scattered: Vec<usize> = (3..226).step_by(2).collect();
        assert_eq!(contents_pages(&scattered), "3–225");
        assert_eq!(contents_pages(&[3, 5]), "3, 5");
        assert_eq!(contents_pages(&[]), "");
    }

    #[test]
    fn page_ranges_are_compact() {
        assert_eq!(page_ranges(&[2]), "2");
        assert_eq!(page_ranges(&[2, 3, 4, 7, 9, 10]), "2–4, 7, 9–10");
        assert_eq!(page_ranges(&[]), "");
    }

    #[test]
    fn player_counts_read_naturally() {
        assert_eq!(players(&[2, 3, 4]), "2–4 players");
        assert_eq!(players(&[4, 6]), "4 or 6 players");
        assert_eq!(players(&[2, 4, 6]), "2, 4 or 6 players");
        assert_eq!(players(&[1]), "1 player");
    }
}
