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

/// Pages the cover adds in front of the components: the cover alone. No blank back is printed
/// behind it: the sheets printed double-sided come in a run of their own (`layout::single_first`),
/// and when the cover's back is used it holds a page of pieces (`fill_cover_back`).
pub fn front_pages(_pages: &[Page]) -> usize {
    1
}

/// When some sheets are printed double-sided, a page holding only pieces that are never cut (a
/// set-up diagram) goes on the cover's back, so it costs no sheet of its own; the sheets printed
/// double-sided then follow the cover, before those printed on one side (`layout::double_first`).
/// Its calibration square stays on the cover. Whether a page moved.
pub fn fill_cover_back(pages: &mut Vec<Page>, uncut: impl Fn(&Placement) -> bool) -> bool {
    let sheets = super::sheets_of(pages);
    if !sheets.iter().any(|s| super::two_sided(pages, s)) {
        return false;
    }
    let found = sheets.iter().find(|s| {
        let p = &pages[s.start];
        s.len() == 1
            && p.side == PageSide::Front
            && !p.placements.is_empty()
            && p.placements.iter().all(|pl| pl.part.is_none() && uncut(pl))
    });
    let Some(i) = found.map(|s| s.start) else {
        return false;
    };
    let mut page = pages.remove(i);
    page.side = PageSide::Back;
    page.calibration = false;
    pages.insert(0, page);
    *pages = super::double_first(std::mem::take(pages));
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
            cutting: cutting_tips(&kinds, pages)
                .into_iter()
                .chain(
                    (!about.needs.is_empty())
                        .then(|| format!("Not printed, also needed: {}.", about.needs.join("; "))),
                )
                .collect(),
            total: pages.len() + front,
        }
    }

    /// The cover: one full-page SVG, with the usual footer (calibration square, credits, page 1
    /// of N).
    pub fn pages_svg(&self, credits: &Credits, opt: &LayoutOptions) -> Vec<String> {
        vec![self.front_svg(self.total, credits, opt)]
    }

    fn front_svg(&self, total: usize, credits: &Credits, opt: &LayoutOptions) -> String {
        let paper = opt.paper;
        let mut cv = Canvas::new(paper.w, paper.h, 0.0);
        let (left, right) = (opt.side_margin + 4.0, paper.w - opt.side_margin - 4.0);
        let width = right - left;
        // Text stays clear of the calibration square (bottom right, above the footer band).
        let bottom = opt.reserved().y - 1.5;
        let mut y = opt.margin + 16.0;

        for (font, max, fill, line, below) in [
            (Font::Display, 18.0, INK, &self.title, 7.5),
            (Font::Condensed, 4.6, SOFT, &self.byline, 3.0),
        ] {
            let size = fit(font, max, width, line);
            cv.add(text(left, y, size, font, Anchor::Start, fill, line));
            y += below;
        }
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
            let count = format!("× {}", row.count);
            let piece_room = right - piece_x - (PAGES_COLUMN + 2.0);
            let piece = fit(Font::Condensed, ROW_TEXT, piece_room, &row.piece);
            for (x, size, font, anchor, fill, cell) in [
                (left, name, Font::SansBold, Anchor::Start, INK, &row.name),
                (count_x, ROW_TEXT, Font::Sans, Anchor::End, INK, &count),
                (
                    piece_x,
                    piece,
                    Font::Condensed,
                    Anchor::Start,
                    SOFT,
                    &row.piece,
                ),
                (right, ROW_TEXT, Font::Sans, Anchor::End, INK, &row.pages),
            ] {
                cv.add(text(x, base, size, font, anchor, fill, cell));
            }
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

/// A stretch of the file printed one way: its first and last page (the cover is page 1) and
/// whether its sheets are printed on both sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    pub first: usize,
    pub last: usize,
    pub two_sided: bool,
}

/// How a file whose pieces' pages are `pages`, after the cover, is printed: runs of sheets
/// printed on one side or on both (`layout::sheets_of`).
pub fn print_runs(pages: &[Page]) -> Vec<Run> {
    let mut runs = vec![Run {
        first: 1,
        last: 1,
        two_sided: false,
    }];
    for sheet in super::sheets_of(pages) {
        let two_sided = super::two_sided(pages, &sheet);
        // Page 2 is the cover's back when it leads (`fill_cover_back`).
        let first = match sheet.start == 0 && pages[0].side == PageSide::Back {
            true => 1,
            false => sheet.start + 2,
        };
        let last = sheet.end + 1;
        match runs.last_mut() {
            Some(r) if r.two_sided == two_sided || first == 1 => {
                r.last = last;
                r.two_sided = two_sided;
            }
            _ => runs.push(Run {
                first,
                last,
                two_sided,
            }),
        }
    }
    runs
}

/// "page 3", "pages 3–34", "this cover (page 1)".
fn run_pages(r: &Run) -> String {
    match (r.first, r.last) {
        (1, 1) => "this cover (page 1)".into(),
        (a, b) if a == b => format!("page {a}"),
        (a, b) => format!("pages {a}–{b}"),
    }
}

/// How to print: the whole file on one side or on both, or which pages which way (`print_runs`);
/// `edge` the edge a duplex printer flips on. `glue`: pages of backs may be glued behind their
/// fronts instead (a gutter-fold file, meant for a printer without duplex).
fn sides_tip(pages: &[Page], edge: &str, glue: bool) -> String {
    let runs = print_runs(pages);
    let behind = "every page of backs lands behind the page of fronts before it";
    let or_glue = match glue {
        true => " (or print them single-sided and glue each page of backs behind the page before)",
        false => "",
    };
    match runs.as_slice() {
        // Gutter-fold sheets carry backs, printed on the same side (`gutter_fold_tip`).
        [only] if !only.two_sided && pages.iter().any(|p| p.side == PageSide::GutterFold) => {
            "Print single-sided: every sheet is printed on one side.".into()
        }
        [only] if !only.two_sided => "Print single-sided: no piece has a printed back.".into(),
        [_] => format!(
            "Print the whole file double-sided, flipping on the {edge} edge: {behind}{or_glue}."
        ),
        // A last page alone on its sheet prints as well in a double-sided run.
        [double, last] if double.two_sided && last.first == last.last => format!(
            "Print the whole file double-sided, flipping on the {edge} edge: {behind}{or_glue}; \
             the last page has nothing on its back."
        ),
        _ => {
            let each: Vec<String> = runs
                .iter()
                .map(|r| {
                    let how = match r.two_sided {
                        true => format!("double-sided, flipping on the {edge} edge"),
                        false => "single-sided".to_string(),
                    };
                    format!("{} {how}", run_pages(r))
                })
                .collect();
            let mut tip = format!("Print {}", each.join(", then "));
            if runs.iter().any(|r| r.two_sided) {
                tip.push_str(&format!(": {behind}{or_glue}"));
            }
            tip.push('.');
            tip
        }
    }
}

/// The gutter-fold sheets, when there are any: which pages, and how to fold them.
fn gutter_fold_tip(pages: &[Page], front: usize) -> Option<String> {
    let sheets: Vec<usize> = (0..pages.len())
        .filter(|&i| pages[i].side == PageSide::GutterFold)
        .map(|i| i + front + 1)
        .collect();
    let which = match sheets.as_slice() {
        [] => return None,
        [one] => format!("Page {one} is a gutter-fold sheet"),
        _ => format!("Pages {} are gutter-fold sheets", page_ranges(&sheets)),
    };
    Some(format!(
        "{which}: fronts on one half, their backs on the other. Score the dashed line between \
         them, fold on it, and glue the halves together before cutting."
    ))
}

fn printing_tips(pages: &[Page], opt: &LayoutOptions, front: usize) -> Vec<String> {
    let paper = opt.paper;
    let orientation = if paper.w > paper.h {
        "landscape"
    } else {
        "portrait"
    };
    let total = pages.len() + front;
    let square = super::furniture::calibration_label(opt);
    let cover_back = pages.first().is_some_and(|p| p.side == PageSide::Back);
    let mut tips = vec![
        "Print at Actual size (100 %): turn off “Fit to page” and “Shrink oversized pages”. \
         Every piece is drawn to the millimetre."
            .to_string(),
        format!(
            "Then measure the calibration square at the foot of this page: it must be exactly \
             {square} on each side."
        ),
        format!(
            "Paper: {} {orientation}, {total} pages — this cover, then {} of components{}.",
            paper.name,
            pages.len(),
            if cover_back {
                ", the first on the cover's back"
            } else {
                ""
            }
        ),
    ];
    // The edge the printer flips on: the duplex option's, or for the pages of backs in a
    // gutter-fold file, the long edge of a portrait sheet (`gutterfold::impose`).
    let long = match opt.duplex {
        Duplex::LongEdge => true,
        Duplex::ShortEdge => false,
        Duplex::GutterFold => paper.h >= paper.w,
    };
    let edge = if long { "long" } else { "short" };
    tips.push(sides_tip(pages, edge, opt.duplex == Duplex::GutterFold));
    tips.extend(gutter_fold_tip(pages, front));
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
    // Sheets are on pages of their own (`layout::Item::own_pages`): small ones several to a page.
    let per_page = pages
        .iter()
        .filter(|p| p.side != PageSide::Back)
        .map(|p| {
            p.placements
                .iter()
                .filter(|pl| kinds.of(pl.piece).one_per_player)
                .count()
        })
        .max()
        .unwrap_or(0);
    let which = page_ranges(&on);
    let (noun, them) = match on.len() {
        1 => ("page", "it"),
        _ => ("pages", "them"),
    };
    let (per, how) = match per_page {
        0 | 1 => (String::new(), "print one for each player".to_string()),
        n => (
            format!(", {n} to a page"),
            format!("print {them} once for every {n} players"),
        ),
    };
    (!on.is_empty()).then(|| {
        format!(
            "Record sheets ({noun} {which}{per}) are written on in play: {how}, or print named \
             ones for a game night with “pnp sheets {game} --players N”."
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

fn cutting_tips(kinds: &Kinds, pages: &[Page]) -> Vec<String> {
    let any = |f: &dyn Fn(&Piece) -> bool| kinds.pieces.iter().any(f);
    let kind = |p: &Piece| &kinds.components[p.component];
    let hex = |p: &Piece| crate::layout::tessellate::Tiling::of(&p.shape).is_some();
    let parts = pages
        .iter()
        .flat_map(|p| &p.placements)
        .any(|pl| pl.part.is_some());
    // Each tip where the game needs it.
    let tips = [
        (
            true,
            "Cut along the lines the crop marks continue: the marks stop short of the pieces, so \
             no line is printed on them. A sharp craft knife and a steel ruler on a cutting mat \
             give the cleanest edges.",
        ),
        (
            any(&|p| kind(p).shares_cuts && !hex(p)),
            "Where pieces touch, one cut frees both: cut full-length strips first, then cut \
             the strips across.",
        ),
        (
            any(&|p| p.shape == Shape::Round),
            "Round pieces: a circle punch of their size is quickest; otherwise cut their square \
             first, then round it with scissors.",
        ),
        (
            any(&|p| p.shape.is_regular() || matches!(p.shape, Shape::Path(_))),
            "Hexagons, polygons and other outlines: cut along the thin line printed on their \
             edge, with scissors or a craft knife; where hexes or triangles touch, one cut \
             along their shared side frees both.",
        ),
        (
            any(&|p| p.shape == Shape::Rounded),
            "A corner rounder gives the cards their rounded corners.",
        ),
        (
            parts,
            "Pieces larger than the paper come in parts (“part 1 of 4”): cut each part on its \
             marks, lay the hatched glue strip under its neighbour, match the edges, and glue.",
        ),
        // Gutter-fold sheets are folded too, but the printing tips say how (`gutter_fold_tip`).
        (
            any(&|p| kind(p).folds),
            "Score the dashed fold lines with a blunt point along a ruler before folding; glue \
             the tabs.",
        ),
    ];
    tips.into_iter()
        .filter(|(needed, _)| *needed)
        .map(|(_, tip)| tip.to_string())
        .collect()
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
