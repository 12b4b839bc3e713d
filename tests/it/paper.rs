//! Issues 35 and 46, Paper and Print: the pages and sheets each shipped game takes in every
//! layout on A4 and Letter, no blank page, and page furniture kept where home printers still
//! print.
use crate::common::*;

use std::sync::OnceLock;

use pnp::commands::options::BuildOptions;
use pnp::layout::{A4, Duplex, LETTER, PageSide};

const PAPERS: [&str; 2] = ["a4", "letter"];

/// The layouts of docs/paper.md: duplex, duplex with 3 mm bleed, gutter fold.
const LAYOUTS: [(&str, &[&str]); 3] = [
    ("duplex", &[]),
    ("bleed", &["--bleed", "3mm"]),
    ("gutterfold", &["--layout", "gutterfold"]),
];

/// Pages and sheets of paper at most, in the order of `PAPERS` × `LAYOUTS` (docs/paper.md).
/// A page of backs printed behind the page before it shares its sheet.
const GAMES: [(&str, [(usize, usize); 6]); 6] = [
    (
        "night-grain",
        [(3, 3), (3, 3), (3, 3), (3, 3), (4, 4), (3, 3)],
    ),
    (
        "the-beast",
        [(34, 18), (49, 25), (38, 37), (39, 20), (50, 26), (38, 37)],
    ),
    (
        "piecepack",
        [(6, 4), (8, 5), (6, 6), (6, 4), (8, 5), (7, 7)],
    ),
    (
        "making-ground",
        [(5, 5), (8, 8), (5, 5), (5, 5), (8, 8), (5, 5)],
    ),
    ("bean-off", [(5, 4), (7, 6), (5, 5), (5, 4), (7, 5), (5, 5)]),
    (
        "cream-of-the-crop",
        [(7, 4), (9, 5), (8, 8), (7, 4), (9, 5), (8, 8)],
    ),
];

/// One build of a game: its paper, its layout and its PDF.
struct Built {
    game: &'static str,
    paper: &'static str,
    layout: &'static str,
    pdf: Vec<u8>,
}

/// Every game built once on each paper in each layout, shared by the tests here.
fn builds() -> &'static [Built] {
    static BUILDS: OnceLock<Vec<Built>> = OnceLock::new();
    BUILDS.get_or_init(|| {
        let mut out = Vec::new();
        for (game, _) in GAMES {
            for paper in PAPERS {
                for (layout, flags) in LAYOUTS {
                    let mut extra = vec!["--no-png", "--paper", paper];
                    extra.extend(flags);
                    let dir = build(game, &extra);
                    let pdf = std::fs::read(dir.join(format!("{game}.pdf"))).unwrap();
                    out.push(Built {
                        game,
                        paper,
                        layout,
                        pdf,
                    });
                }
            }
        }
        out
    })
}

#[test]
fn each_game_takes_at_most_the_pages_and_sheets_reported_in_every_layout() {
    let builds = builds();
    for (game, most) in GAMES {
        let mine = builds.iter().filter(|b| b.game == game);
        for (b, (pages_most, sheets_most)) in mine.zip(most) {
            let text = pdf_text(&b.pdf);
            let backs = text
                .iter()
                .filter(|t| {
                    t.split_whitespace()
                        .collect::<String>()
                        .contains("Backside")
                })
                .count();
            let (pages, sheets) = (text.len(), text.len() - backs);
            assert!(
                pages <= pages_most && sheets <= sheets_most,
                "{game} on {} ({}): {pages} pages on {sheets} sheets, at most {pages_most} on \
                 {sheets_most}",
                b.paper,
                b.layout
            );
        }
    }
    // Issue 46's goals on A4, duplex.
    let pages = |game: &str| {
        let b = builds
            .iter()
            .find(|b| b.game == game && b.paper == "a4" && b.layout == "duplex")
            .unwrap();
        pdf_page_sizes(&b.pdf).len()
    };
    assert!(pages("the-beast") <= 34);
    assert!(pages("bean-off") <= 6);
}

/// No page is printed blank: every page after the cover holds pieces (fronts or backs), in
/// every layout, and the PDF has exactly those pages and the cover.
#[test]
fn no_page_is_blank_in_any_layout() {
    let builds = builds();
    for (game, _) in GAMES {
        let g = pnp::kinds::load(game).unwrap();
        for paper in [A4, LETTER] {
            for (layout, bleed, duplex) in [
                ("duplex", 0.0, Duplex::LongEdge),
                ("bleed", 3.0, Duplex::LongEdge),
                ("gutterfold", 0.0, Duplex::GutterFold),
            ] {
                let opt = BuildOptions {
                    paper,
                    bleed,
                    duplex,
                    ..Default::default()
                };
                let prepared = pnp::commands::prepare(&g, &opt).unwrap();
                for (i, page) in prepared.pages.iter().enumerate() {
                    assert!(
                        !page.placements.is_empty(),
                        "{game} on {} ({layout}): page {} ({:?}) is blank",
                        paper.name,
                        i + 2,
                        page.side
                    );
                }
                let built = builds
                    .iter()
                    .find(|b| {
                        b.game == game && b.paper == paper.name.to_lowercase() && b.layout == layout
                    })
                    .unwrap();
                assert_eq!(
                    pdf_page_sizes(&built.pdf).len(),
                    prepared.pages.len() + 1,
                    "{game} on {} ({layout}): the cover and the pages of pieces",
                    paper.name
                );
            }
        }
    }
}

#[test]
fn no_text_is_printed_within_5_mm_of_the_paper_edge() {
    let edge = 5.0 * 72.0 / 25.4;
    for b in builds() {
        let (game, paper, layout) = (b.game, b.paper, b.layout);
        let sizes = pdf_page_sizes(&b.pdf);
        for (n, (glyphs, (w, h))) in pdf_glyphs(&b.pdf).iter().zip(sizes).enumerate() {
            for g in glyphs.iter().filter(|g| !g.text.trim().is_empty()) {
                // The glyph's box: along its line by its advance, across it from the
                // descender (a quarter of its size) to the cap height (three quarters).
                let (dx, dy) = g.dir;
                let (nx, ny) = (-dy, dx);
                let corners =
                    [(0.0, -0.25), (0.0, 0.75), (1.0, -0.25), (1.0, 0.75)].map(|(a, c)| {
                        (
                            g.x + dx * g.advance * a + nx * g.size * c,
                            g.y + dy * g.advance * a + ny * g.size * c,
                        )
                    });
                // What is printed of it: its box within the clip it is shown through (a part
                // of a split board is drawn whole, clipped to its window) and the page.
                let [cx0, cy0, cx1, cy1] = g.clip.unwrap_or([0.0, 0.0, w, h]);
                let xs = corners.map(|c| c.0);
                let ys = corners.map(|c| c.1);
                let fold =
                    |v: [f64; 4], f: fn(f64, f64) -> f64, from: f64| v.into_iter().fold(from, f);
                let x0 = fold(xs, f64::min, f64::INFINITY).max(cx0).max(0.0);
                let x1 = fold(xs, f64::max, f64::NEG_INFINITY).min(cx1).min(w);
                let y0 = fold(ys, f64::min, f64::INFINITY).max(cy0).max(0.0);
                let y1 = fold(ys, f64::max, f64::NEG_INFINITY).min(cy1).min(h);
                if x0 >= x1 || y0 >= y1 {
                    continue;
                }
                for (x, y) in [(x0, y0), (x1, y1)] {
                    assert!(
                        x >= edge - 0.1
                            && x <= w - edge + 0.1
                            && y >= edge - 0.1
                            && y <= h - edge + 0.1,
                        "{game} on {paper} ({layout}), page {}: `{}` at ({:.1}, {:.1}) mm from the bottom left is within 5 mm of the edge",
                        n + 1,
                        g.text,
                        x * 25.4 / 72.0,
                        y * 25.4 / 72.0
                    );
                }
            }
        }
    }
}

/// Crop marks, cut lines, fold lines and registration targets (every stroke on a page) end at
/// least 5 mm from every edge of the sheet, to 0.05 mm, on A4 and Letter in every layout: a
/// home printer drops what it cannot print, and a cut with no mark is a cut guessed. (On
/// Letter they reached 3.5 mm from the top and bottom.)
#[test]
fn no_furniture_is_printed_within_5_mm_of_the_paper_edge() {
    let edge = 5.0 - 0.05;
    for b in builds() {
        let sizes = pdf_page_sizes(&b.pdf);
        for (n, (strokes, (w, h))) in pdf_strokes(&b.pdf).iter().zip(sizes).enumerate() {
            let (w, h) = (w * 25.4 / 72.0, h * 25.4 / 72.0);
            for s in strokes {
                for (x, y) in [s.a, s.b] {
                    assert!(
                        x >= edge && x <= w - edge && y >= edge && y <= h - edge,
                        "{} on {} ({}), page {}: a line ({:.2}, {:.2})–({:.2}, {:.2}) mm \
                         reaches within 5 mm of the edge",
                        b.game,
                        b.paper,
                        b.layout,
                        n + 1,
                        s.a.0,
                        s.a.1,
                        s.b.0,
                        s.b.1
                    );
                }
            }
        }
    }
}

/// Record sheets are on pages of their own in every layout, so that "print page N for each
/// player" reprints nothing else, and the cover names exactly those pages.
#[test]
fn record_sheets_are_on_pages_of_their_own_and_the_cover_names_them() {
    for game in ["the-beast", "bean-off"] {
        let g = pnp::kinds::load(game).unwrap();
        for duplex in [Duplex::LongEdge, Duplex::GutterFold] {
            let opt = BuildOptions {
                duplex,
                ..Default::default()
            };
            let prepared = pnp::commands::prepare(&g, &opt).unwrap();
            let is_sheet = |piece: usize| kind_of(&g, &prepared.pieces[piece]) == KindName::Sheet;
            let mut on = Vec::new();
            for (i, page) in prepared.pages.iter().enumerate() {
                let sheets = page.placements.iter().filter(|p| is_sheet(p.piece)).count();
                if sheets > 0 {
                    assert_eq!(
                        sheets,
                        page.placements.len(),
                        "{game} ({duplex:?}): page {} holds other pieces too",
                        i + 2
                    );
                    on.push(i + 2);
                }
            }
            assert!(!on.is_empty(), "{game}");
            let pdf = pnp::commands::pdf_bytes(&prepared).unwrap();
            let cover = pdf_text(&pdf)[0]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let named = match on.as_slice() {
                [one] => format!("Record sheets (page {one}"),
                [first, .., last] => format!("Record sheets (pages {first}–{last}"),
                [] => unreachable!(),
            };
            assert!(cover.contains(&named), "{named} in {cover}");
            // No page of sheets is printed on the back of a page of other pieces.
            for &n in &on {
                let page = &prepared.pages[n - 2];
                if page.side == PageSide::Back {
                    assert!(
                        on.contains(&(n - 1)),
                        "{game}: page {n} backs page {}",
                        n - 1
                    );
                }
            }
        }
    }
}

/// Games whose pieces neither fold nor glue are not told to fold or glue, in any layout: a
/// gutter-fold file of Night Grain or Making Ground has no gutter-fold sheet (no piece has a
/// back) and no folding piece.
#[test]
fn the_cover_tells_only_games_that_fold_to_fold_and_glue() {
    for b in builds() {
        let cover = pdf_text(&b.pdf)[0]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let folds = cover.contains("gutter-fold sheet") || cover.contains("fold lines");
        match b.game {
            "night-grain" | "making-ground" => {
                assert!(
                    !cover.contains("fold")
                        && !cover.contains("glue the")
                        && !cover.contains("tabs"),
                    "{} on {} ({}): {cover}",
                    b.game,
                    b.paper,
                    b.layout
                );
                assert!(cover.contains("Print single-sided: no piece has a printed back."));
            }
            // Cards and tiles with backs: folded sheets in gutter fold only.
            "the-beast" | "bean-off" => assert_eq!(
                folds,
                b.layout == "gutterfold",
                "{} on {} ({}): {cover}",
                b.game,
                b.paper,
                b.layout
            ),
            // Dice nets and pawns fold in every layout.
            _ => assert!(cover.contains("Score the dashed fold lines"), "{cover}"),
        }
    }
}

/// Issue 46: The Beast's poker cards pack as tightly as each layout lets them on A4: six a page
/// turned a quarter with a 3 mm bleed (four upright before), four and their backs on a
/// gutter-fold sheet (three before, 40 % of the width empty). Only a page where a deck ends or
/// starts, or one that keeps the calibration square, holds fewer.
#[test]
fn the_beasts_cards_go_six_a_page_with_bleed_and_four_a_gutter_fold_sheet() {
    let game = pnp::kinds::load("the-beast").unwrap();
    for (bleed, duplex, full) in [(3.0, Duplex::LongEdge, 6), (0.0, Duplex::GutterFold, 4)] {
        let opt = BuildOptions {
            bleed,
            duplex,
            ..Default::default()
        };
        let prepared = pnp::commands::prepare(&game, &opt).unwrap();
        let card = |piece: usize| {
            matches!(
                kind_of(&game, &prepared.pieces[piece]),
                KindName::Card | KindName::PlayingCard
            )
        };
        let mut counts = Vec::new();
        for page in &prepared.pages {
            // Fronts only: the left half of a gutter-fold sheet folded down the middle.
            let fronts: Vec<_> = page
                .placements
                .iter()
                .filter(|p| card(p.piece))
                .filter(|p| match page.side {
                    PageSide::GutterFold => {
                        p.rect.right() <= pnp::layout::gutterfold::fold_x(&prepared.layout)
                    }
                    PageSide::Front => true,
                    PageSide::Back => false,
                })
                .collect();
            if fronts.is_empty() {
                continue;
            }
            let decks: std::collections::BTreeSet<usize> = fronts
                .iter()
                .map(|p| prepared.pieces[p.piece].component)
                .collect();
            counts.push((fronts.len(), decks.len(), page.calibration));
            // A full page is the cards turned a quarter: upright they fit fewer.
            if fronts.len() == full {
                assert!(fronts.iter().all(|p| p.quarter), "{duplex:?}: {counts:?}");
            }
        }
        let cards: usize = counts.iter().map(|c| c.0).sum();
        assert_eq!(cards, 133, "{duplex:?}");
        let (last, middle) = counts.split_last().unwrap();
        assert!(last.0 <= full);
        for &(n, decks, square) in middle {
            assert!(n == full || decks > 1 || square, "{duplex:?}: {counts:?}");
        }
        assert!(
            counts.len() <= 133usize.div_ceil(full) + 2,
            "{duplex:?}: {counts:?}"
        );
    }
}

/// Issue 46: in gutter fold, Cream of the Crop's two player aids no longer take a sheet of
/// their own: they share a page with the dice.
#[test]
fn cream_of_the_crops_player_aids_share_their_gutter_fold_page() {
    let game = pnp::kinds::load("cream-of-the-crop").unwrap();
    let opt = BuildOptions {
        duplex: Duplex::GutterFold,
        ..Default::default()
    };
    let prepared = pnp::commands::prepare(&game, &opt).unwrap();
    let id = |p: &pnp::layout::Placement| {
        prepared.components[prepared.pieces[p.piece].component]
            .id
            .as_str()
    };
    let page = prepared
        .pages
        .iter()
        .find(|page| page.placements.iter().any(|p| id(p) == "aid"))
        .unwrap();
    assert!(
        page.placements.iter().any(|p| id(p) != "aid"),
        "{:?}",
        page.placements
    );
}
