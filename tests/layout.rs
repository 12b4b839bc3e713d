//! The imposition: shared cut lines for identical rectangles, the calibration square as an
//! obstacle on every page unless pieces need its corner (The Beast's cards 9 to an A4 sheet),
//! and the paper that saves.
mod common;
use common::*;

use pnp::options::BuildOptions;
use pnp::output::layout::{A4, Duplex, Furniture, LETTER, PageSide, Rect, calibration_on};

const GAMES: [&str; 6] = [
    "night-grain",
    "the-beast",
    "piecepack",
    "making-ground",
    "bean-off",
    "cream-of-the-crop",
];

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn pieces_never_overlap_each_other_or_the_calibration_square() {
    for id in GAMES {
        let game = pnp::spec::load(id).unwrap();
        for (paper, duplex) in [
            (A4, Duplex::LongEdge),
            (LETTER, Duplex::ShortEdge),
            (A4.landscape(), Duplex::LongEdge),
            (A4, Duplex::GutterFold),
        ] {
            let opt = BuildOptions {
                paper,
                duplex,
                ..Default::default()
            };
            let prepared = match pnp::prepare(&game, &opt) {
                Ok(p) => p,
                // A full-page record sheet does not fit a landscape page: a located error.
                Err(_) if paper.w > paper.h => continue,
                Err(e) => panic!("{id} on {}: {e}", paper.name),
            };
            let layout = prepared.layout;
            let sheet = Rect {
                x: layout.side_margin,
                y: layout.margin,
                w: paper.w - 2.0 * layout.side_margin,
                h: paper.h - 2.0 * layout.margin,
            };
            assert!(
                prepared.pages.iter().any(|p| p.calibration),
                "{id} on {}: a square somewhere",
                paper.name
            );
            for (n, page) in prepared.pages.iter().enumerate() {
                // A page without the square: pieces may use its corner (none to overlap).
                let square = calibration_on(page, &layout).unwrap_or(Rect {
                    x: -1e3,
                    y: -1e3,
                    w: 0.0,
                    h: 0.0,
                });
                assert!(
                    !page.calibration || sheet.contains(&square),
                    "{id} page {n}: square on the sheet"
                );
                for (i, a) in page.placements.iter().enumerate() {
                    let r = a.rect;
                    assert!(
                        sheet.contains(&r),
                        "{id} page {n}: {r:?} inside the margins"
                    );
                    assert!(
                        !r.overlaps(&square),
                        "{id} {} page {n}: {r:?} over the calibration square {square:?}",
                        paper.name
                    );
                    for b in &page.placements[i + 1..] {
                        assert!(
                            !r.overlaps(&b.rect),
                            "{id} page {n}: {r:?} overlaps {:?}",
                            b.rect
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_calibration_square_is_printed_on_every_page() {
    for (game, scale) in [("bean-off", 1.5), ("night-grain", 1.5)] {
        let game = pnp::spec::load(game).unwrap();
        for duplex in [Duplex::LongEdge, Duplex::ShortEdge] {
            let opt = BuildOptions {
                duplex,
                ..Default::default()
            };
            let prepared = pnp::prepare(&game, &opt).unwrap();
            let pdf = pnp::pdf_bytes(&game, &prepared, false).unwrap();
            let rasters = rasterize(&pdf, scale);
            assert_eq!(rasters.len(), prepared.pages.len());
            for (n, (raster, page)) in rasters.iter().zip(&prepared.pages).enumerate() {
                let s = calibration_on(page, &prepared.layout)
                    .unwrap_or_else(|| panic!("page {n}: these games keep the square everywhere"));
                assert!((s.w - 25.0).abs() < 1e-9 && (s.h - 25.0).abs() < 1e-9);
                // Its outline: dark at the middle of each side…
                for (x, y) in [
                    (s.x + s.w / 2.0, s.y),
                    (s.x + s.w / 2.0, s.bottom()),
                    (s.x, s.y + s.h / 2.0),
                    (s.right(), s.y + s.h / 2.0),
                ] {
                    assert!(
                        raster.darkest_near_mm(x, y, 0.3) < 128,
                        "page {n} ({:?}): outline at ({x:.1}, {y:.1})",
                        page.side
                    );
                }
                // …white just inside and just outside it (nothing printed over or against it).
                for (x, y) in [
                    (s.x + 2.0, s.y + 2.0),
                    (s.right() - 2.0, s.bottom() - 2.0),
                    (s.x - 1.2, s.y + s.h / 2.0),
                    (s.x + s.w / 2.0, s.y - 1.2),
                ] {
                    assert!(
                        raster.lum_at_mm(x, y) > 230,
                        "page {n} ({:?}): clear at ({x:.1}, {y:.1})",
                        page.side
                    );
                }
            }
        }
    }
}

#[test]
fn the_beast_packs_nine_cards_to_a_full_page_of_a4_or_letter() {
    for paper in [A4, LETTER] {
        beast_packs_nine_cards_a_page(paper);
    }
}

fn beast_packs_nine_cards_a_page(paper: pnp::output::layout::Paper) {
    let game = pnp::spec::load("the-beast").unwrap();
    let opt = BuildOptions {
        paper,
        ..Default::default()
    };
    let prepared = pnp::prepare(&game, &opt).unwrap();
    // Letter is too short for three rows under a caption and above the footer band: they
    // move to the side margins.
    let furniture = match paper == LETTER {
        true => Furniture::Margins,
        false => Furniture::Bands,
    };
    assert_eq!(prepared.layout.furniture, furniture, "{}", paper.name);
    let fronts: Vec<_> = prepared
        .pages
        .iter()
        .filter(|p| p.side == PageSide::Front)
        .collect();
    let deck = |page: &&pnp::output::layout::Page, component: usize| {
        page.placements
            .iter()
            .filter(|p| prepared.pieces[p.piece].component == component)
            .count()
    };
    let mut cards = 0;
    for component in 0..game.spec.components.len() {
        let kind = game.spec.components[component].kind.value;
        if !matches!(kind, pnp::spec::Kind::Card | pnp::spec::Kind::PlayingCard) {
            continue;
        }
        let counts: Vec<usize> = fronts
            .iter()
            .map(|p| deck(p, component))
            .filter(|&n| n > 0)
            .collect();
        cards += counts.iter().sum::<usize>();
        // Every page of the deck but its first and last (which share the sheet) is full.
        for &n in counts.iter().skip(1).rev().skip(1) {
            assert_eq!(n, 9, "{counts:?}");
        }
        assert!(counts.len() >= 2, "a deck of {counts:?}");
        assert_eq!(counts.iter().max(), Some(&9), "{counts:?}");
    }
    assert_eq!(cards, 133, "all the cards are printed");
    let card_pages = fronts
        .iter()
        .filter(|p| {
            p.placements.iter().any(|pl| {
                matches!(
                    prepared.pieces[pl.piece].kind,
                    pnp::spec::Kind::Card | pnp::spec::Kind::PlayingCard
                )
            })
        })
        .count();
    assert!(
        card_pages <= 133usize.div_ceil(9) + 2,
        "{card_pages} pages of cards"
    );
}

#[test]
fn identical_cards_share_cut_lines_and_marks_continue_them_outside_the_block() {
    let game = pnp::spec::load(&fixture("layout-cards.yaml")).unwrap();
    let prepared = pnp::prepare(&game, &BuildOptions::default()).unwrap();
    let page = &prepared.pages[0];
    assert!(
        prepared.pages[1..].iter().all(|p| p.side == PageSide::Back),
        "five cards and five chits: one sheet"
    );
    let rect_of = |kind: pnp::spec::Kind| -> Vec<Rect> {
        page.placements
            .iter()
            .filter(|p| prepared.pieces[p.piece].kind == kind)
            .map(|p| p.rect)
            .collect()
    };
    let cards = rect_of(pnp::spec::Kind::Card);
    let chits = rect_of(pnp::spec::Kind::Token);
    assert_eq!((cards.len(), chits.len()), (5, 5));
    // Edge to edge: each card after the first of its row starts where the one before ends,
    // and the second row starts where the first ends.
    let (w, h) = (63.5, 88.9);
    for (i, c) in cards.iter().enumerate() {
        let (col, row) = (i % 3, i / 3);
        assert!(
            (c.x - (cards[0].x + col as f64 * w)).abs() < 1e-6
                && (c.y - (cards[0].y + row as f64 * h)).abs() < 1e-6,
            "card {i} at {c:?}"
        );
    }
    // Round chits keep the gap their marks need.
    let gap = prepared.layout.effective_gap();
    for pair in chits.windows(2) {
        assert!((pair[1].x - pair[0].right() - gap).abs() < 1e-6, "{pair:?}");
    }
    let pdf = pnp::pdf_bytes(&game, &prepared, false).unwrap();
    let raster = &rasterize(&pdf, 2.0)[0];
    let rects: Vec<Rect> = page.placements.iter().map(|p| p.rect).collect();
    assert_crop_marks(raster, &rects, &prepared.layout);
    // The marks: on each column line (4) above and below the block, each row line (4) left and
    // right of it; none inside it or on a card's edge.
    let marks = pnp::output::cuts::page_marks(page, &prepared.layout);
    let block = Rect {
        x: cards[0].x,
        y: cards[0].y,
        w: 3.0 * w,
        h: 2.0 * h,
    };
    for (x1, y1, x2, y2) in &marks {
        for r in &rects {
            let apart = x1.max(*x2) < r.x - 0.2
                || x1.min(*x2) > r.right() + 0.2
                || y1.max(*y2) < r.y - 0.2
                || y1.min(*y2) > r.bottom() + 0.2;
            assert!(apart, "mark ({x1}, {y1})–({x2}, {y2}) over {r:?}");
        }
    }
    // 4 column lines above and below the block, 3 row lines left and right of it: the cut
    // between the rows is marked at its right end too, beside the missing sixth card.
    let mid = |m: &(f64, f64, f64, f64)| ((m.0 + m.2) / 2.0, (m.1 + m.3) / 2.0);
    let near_block = marks.iter().filter(|m| {
        let (x, y) = mid(m);
        x > block.x - gap
            && x < block.right() + gap
            && y > block.y - gap
            && y < block.bottom() + gap
    });
    assert_eq!(near_block.count(), 14, "{marks:?}");
    // Inside the block there is no mark, but in the slot of the missing card (which is
    // outside the block of five: the cut lines of the short row continue into it).
    let slot = Rect {
        x: block.x + 2.0 * w,
        y: block.y + h,
        w,
        h,
    };
    for m in &marks {
        let (x, y) = mid(m);
        let inside = x > block.x && x < block.right() && y > block.y && y < block.bottom();
        let in_slot = x > slot.x && y > slot.y;
        assert!(!inside || in_slot, "mark inside the block: {m:?}");
    }
}

#[test]
fn turned_captions_and_footer_are_real_text_in_the_letter_pdf() {
    let dir = build("the-beast", &["--no-png", "--paper", "letter"]);
    let pdf = std::fs::read(dir.join("the-beast.pdf")).unwrap();
    let pages = pdf_text(&pdf);
    let total = pages.len();
    let deck = pages
        .iter()
        .position(|t| t.contains("Action Deck · 54"))
        .expect("the deck's caption, read along the margin");
    let page = &pages[deck];
    for wanted in [
        format!("page {} of {total}", deck + 1),
        "The Beast — a game by Matthew Hartley".to_string(),
        "Print at 100 %".to_string(),
    ] {
        assert!(page.contains(&wanted), "{wanted:?} not on:\n{page}");
    }
}
