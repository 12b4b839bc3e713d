//! The imposition: shared cut lines for identical rectangles, the calibration square as an
//! obstacle on every page unless pieces need its corner (The Beast's cards 9 to an A4 sheet),
//! and the paper that saves.
use crate::common::*;

use pnp::commands::options::BuildOptions;
use pnp::layout::{A4, Duplex, FurnitureAt, LETTER, PageSide, Rect, calibration_on};

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
        let game = pnp::kinds::load(id).unwrap();
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
            let prepared = match pnp::commands::prepare(&game, &opt) {
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
                let list = page.placements.to_vec();
                for (i, a) in list.iter().enumerate() {
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
                    for b in &list[i + 1..] {
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
        let game = pnp::kinds::load(game).unwrap();
        for duplex in [Duplex::LongEdge, Duplex::ShortEdge] {
            let opt = BuildOptions {
                duplex,
                ..Default::default()
            };
            let mut prepared = pnp::commands::prepare(&game, &opt).unwrap();
            // The pieces' pages only, laid out as with the cover.
            prepared.front_matter.clear();
            let pdf = pnp::commands::pdf_bytes(&prepared).unwrap();
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
fn the_beast_packs_nine_cards_to_a_full_page_of_a4_and_eight_of_letter() {
    // Three rows of poker cards on Letter (266.7 mm of its 279.4) would leave the crop marks
    // within 5 mm of the edge: two columns turned a quarter, four rows.
    for (paper, full) in [(A4, 9), (LETTER, 8)] {
        beast_packs_full_pages(paper, full);
    }
}

fn beast_packs_full_pages(paper: pnp::layout::Paper, full: usize) {
    let game = pnp::kinds::load("the-beast").unwrap();
    let opt = BuildOptions {
        paper,
        ..Default::default()
    };
    let prepared = pnp::commands::prepare(&game, &opt).unwrap();
    // Letter is too short for three rows under a caption and above the footer band: they
    // move to the side margins.
    let furniture = match paper == LETTER {
        true => FurnitureAt::Margins,
        false => FurnitureAt::Bands,
    };
    assert_eq!(prepared.layout.furniture_at, furniture, "{}", paper.name);
    let fronts: Vec<_> = prepared
        .pages
        .iter()
        .filter(|p| p.side == PageSide::Front)
        .collect();
    let deck = |page: &&pnp::layout::Page, component: usize| {
        page.placements
            .iter()
            .filter(|p| prepared.pieces[p.piece].component == component)
            .count()
    };
    let mut cards = 0;
    for component in 0..game.spec.components.len() {
        let kind = game.spec.components[component].kind.name();
        if !matches!(kind, KindName::Card | KindName::PlayingCard) {
            continue;
        }
        let counts: Vec<usize> = fronts
            .iter()
            .map(|p| deck(p, component))
            .filter(|&n| n > 0)
            .collect();
        cards += counts.iter().sum::<usize>();
        assert!(counts.len() >= 2, "a deck of {counts:?}");
    }
    assert_eq!(cards, 133, "all the cards are printed");
    // Decks share pages: a deck starts under the last row of the one before, or back-fills a
    // gap. Between decks with different backs there is a gap and a caption (butted, a duplex
    // shift would show the next deck's back colour along the shared cut), so a page where
    // decks meet may hold a row less; that costs no sheet: the cards beside the chits, then
    // the rest on the fewest pages nine a page allow.
    let decks: Vec<usize> = (0..game.spec.components.len())
        .filter(|&c| {
            matches!(
                game.spec.components[c].kind.name(),
                KindName::Card | KindName::PlayingCard
            )
        })
        .collect();
    let per_page: Vec<(usize, usize, bool)> = fronts
        .iter()
        .map(|p| {
            let n = decks.iter().map(|&c| deck(p, c)).sum::<usize>();
            let meet = decks.iter().filter(|&&c| deck(p, c) > 0).count();
            (n, meet, p.calibration)
        })
        .filter(|&(n, _, _)| n > 0)
        .collect();
    // A page may give a card's room to the calibration square where that costs no page. On
    // Letter a deck that starts on a page under another's caption takes its row there: with
    // four rows of two, that costs one page in all.
    for &(n, meet, square) in per_page.iter().skip(1).rev().skip(1) {
        assert!(
            n == full || meet >= 2 || (square && n == full - 1),
            "{per_page:?}"
        );
    }
    let per_page: Vec<usize> = per_page.iter().map(|p| p.0).collect();
    assert!(
        per_page.len() <= 1 + (133 - per_page[0]).div_ceil(full) + usize::from(full == 8),
        "{per_page:?}"
    );
    let card_pages = fronts
        .iter()
        .filter(|p| {
            p.placements.iter().any(|pl| {
                matches!(
                    kind_of(&game, &prepared.pieces[pl.piece]),
                    KindName::Card | KindName::PlayingCard
                )
            })
        })
        .count();
    assert!(
        card_pages <= 133usize.div_ceil(full) + 2,
        "{card_pages} pages of cards"
    );
}

#[test]
fn identical_cards_share_cut_lines_and_marks_continue_them_outside_the_block() {
    let game = pnp::kinds::load(&fixture("layout-cards.yaml")).unwrap();
    let mut prepared = pnp::commands::prepare(&game, &BuildOptions::default()).unwrap();
    prepared.front_matter.clear();
    let page = &prepared.pages[0];
    assert!(
        prepared.pages[1..].iter().all(|p| p.side == PageSide::Back),
        "five cards and five chits: one sheet"
    );
    let rect_of = |kind: KindName| -> Vec<Rect> {
        page.placements
            .iter()
            .filter(|p| kind_of(&game, &prepared.pieces[p.piece]) == kind)
            .map(|p| p.rect)
            .collect()
    };
    let cards = rect_of(KindName::Card);
    let chits = rect_of(KindName::Token);
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
        // Along a row (chits back-fill the room beside the cards in rows of their own).
        if (pair[1].y - pair[0].y).abs() < 1e-6 {
            assert!((pair[1].x - pair[0].right() - gap).abs() < 1e-6, "{pair:?}");
        } else {
            assert!(pair[1].y >= pair[0].bottom() + gap - 1e-6, "{pair:?}");
        }
    }
    let pdf = pnp::commands::pdf_bytes(&prepared).unwrap();
    let raster = &rasterize(&pdf, 2.0)[0];
    let rects: Vec<Rect> = page.placements.iter().map(|p| p.rect).collect();
    assert_crop_marks(raster, &rects, &prepared.layout);
    // The marks: on each column line (4) above and below the block, each row line (4) left and
    // right of it; none inside it or on a card's edge.
    let marks = pnp::layout::cuts::page_marks(page, &prepared.layout);
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
    // The chits back-fill the slot of the missing card: their own marks (within a mark's
    // reach of a chit) are not the block's.
    let mid = |m: &(f64, f64, f64, f64)| ((m.0 + m.2) / 2.0, (m.1 + m.3) / 2.0);
    let reach = prepared.layout.mark_reach() + 0.5;
    let of_a_chit = |(x, y): (f64, f64)| {
        chits.iter().any(|c| {
            x > c.x - reach && x < c.right() + reach && y > c.y - reach && y < c.bottom() + reach
        })
    };
    let near_block = marks.iter().filter(|m| {
        let (x, y) = mid(m);
        !of_a_chit((x, y))
            && x > block.x - gap
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

/// A player mat nearly as tall as A4 (180 × 270 mm) has no room beside the calibration square
/// nor under a caption band. With the cover printing the square, each mat takes a page of its
/// own, whole, with the footer and caption along the side margins; without the cover it is
/// refused at its `size:`, and the message says the cover would make room.
#[test]
fn a_player_mat_nearly_the_sheets_size_prints_whole_with_the_square_on_the_cover() {
    let (yaml, game) = game_from(
        "mat",
        "game: {id: mat, name: Player mat, players: [2]}
components:
  - id: mat
    kind: card
    size: 180mm x 270mm
    copies: 2
    front: {title: Player mat, text: Your tableau}
",
    );
    let dir = yaml.parent().unwrap();
    let prepared = pnp::commands::prepare(&game, &BuildOptions::default()).unwrap();
    assert_eq!(prepared.layout.furniture_at, FurnitureAt::Margins);
    assert_eq!(prepared.pages.len(), 2);
    let area = prepared.layout.content();
    for page in &prepared.pages {
        let [mat] = &page.placements.to_vec()[..] else {
            panic!("one whole mat a page: {:?}", page.placements)
        };
        assert!(mat.part.is_none(), "{mat:?}");
        assert_eq!((mat.rect.w, mat.rect.h), (180.0, 270.0));
        assert!(area.contains(&mat.rect), "{:?} in {area:?}", mat.rect);
        assert!(mat.rect.overlaps(&prepared.layout.reserved()));
        assert!(!page.calibration);
    }
    let pdf = pnp::commands::pdf_bytes(&prepared).unwrap();
    let sizes = pdf_page_sizes(&pdf);
    assert_eq!(sizes.len(), 3, "the cover and two mats");
    // A mat's page sends the reader to the square it has not got.
    let text = pdf_text(&pdf);
    let mat_page: String = text[1].chars().filter(|c| !c.is_whitespace()).collect();
    assert!(
        mat_page.contains("thecalibrationsquareonthecovermeasures25mm"),
        "{}",
        text[1]
    );
    for (w, h) in sizes {
        assert!(
            (w - 595.28).abs() < 0.1 && (h - 841.89).abs() < 0.1,
            "{w} × {h}"
        );
    }
    // The big text goes down to fit across the mat instead of running over its edges.
    builds_with_no_text_running_over(&yaml);

    let refused = run(&[
        "build",
        yaml.to_str().unwrap(),
        "--no-cover",
        "--out",
        dir.join("no-cover").to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    let err = stderr(&refused);
    assert!(err.contains("mat.yaml:5:11"), "{err}");
    assert!(err.contains("it fits with the cover"), "{err}");
    assert!(!dir.join("no-cover").exists(), "nothing written");
}

/// Half of a gutter-fold sheet cannot hold The Beast's family record sheet (190 mm wide, with
/// a turn record on its back). It is printed whole on an ordinary page with its back on the
/// page after, never cut into strips, and the cover names the two pages to print
/// double-sided.
#[test]
fn a_sheet_too_wide_for_half_a_gutter_fold_page_prints_whole_with_its_back_after() {
    let game = pnp::kinds::load("the-beast").unwrap();
    let opt = BuildOptions {
        duplex: Duplex::GutterFold,
        ..Default::default()
    };
    let prepared = pnp::commands::prepare(&game, &opt).unwrap();
    let sheet = prepared
        .pieces
        .iter()
        .position(|p| p.id == "family-sheet")
        .unwrap();
    let on: Vec<(usize, &pnp::layout::Placement)> = prepared
        .pages
        .iter()
        .enumerate()
        .flat_map(|(i, page)| page.placements.iter().map(move |p| (i, p)))
        .filter(|(_, p)| p.piece == sheet)
        .collect();
    let [(front, f), (back, b)] = &on[..] else {
        panic!("the sheet and its back: {on:?}")
    };
    assert_eq!(*back, front + 1);
    assert_eq!(prepared.pages[*front].side, PageSide::Front);
    assert_eq!(prepared.pages[*back].side, PageSide::Back);
    for p in [f, b] {
        assert!(p.part.is_none(), "{p:?}");
        assert_eq!((p.rect.w, p.rect.h), (190.0, 222.0));
    }
    assert!(prepared.pages[0].side == PageSide::GutterFold);
    // Printed single-sided but for those two pages: the cover has no blank back.
    assert_eq!(pnp::layout::cover::front_pages(&prepared.pages), 1);
    let pdf = pnp::commands::pdf_bytes(&prepared).unwrap();
    let cover = pdf_text(&pdf)[0]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let pages = format!("then pages {}–{} double-sided", front + 2, back + 2);
    assert!(cover.contains(&pages), "{pages} in {cover}");
}

/// Writes `yaml` as a game file in a fresh folder and loads it.
fn game_from(name: &str, yaml: &str) -> (std::path::PathBuf, pnp::kinds::Game) {
    let path = temp_dir(name).join(format!("{name}.yaml"));
    std::fs::write(&path, yaml).unwrap();
    let game = pnp::kinds::load(path.to_str().unwrap()).unwrap();
    (path, game)
}

/// The mat fits A4 only with the footer in the side margins, a 190 mm dial only with it in
/// bands: a game's pages share one layout, so it is refused at the mat's `size:`, naming both.
#[test]
fn pieces_that_need_different_furniture_are_refused_at_their_size() {
    let (path, _) = game_from(
        "furniture",
        "game: {id: mt, name: MT, players: [2]}
components:
  - {id: mat, kind: card, size: 180mm x 270mm, front: {title: Player mat}}
  - {id: dial, kind: token, shape: round, size: 190mm, front: {label: Dial}}
",
    );
    let out = temp_dir("furniture-out");
    let refused = run(&[
        "build",
        path.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    let err = stderr(&refused);
    assert!(
        err.contains("furniture.yaml:3:33: `mat` is 180.0 × 270.0 mm: it fits A4 portrait only with the footer and captions along the side margins, where `dial` (190.0 × 190.0 mm) does not fit"),
        "{err}"
    );
}

/// Gutter fold with a double-sided piece too large for half a sheet, one-sided cards and small
/// double-sided cards: the small ones share gutter-fold sheets, the one-sided cards follow
/// without blank backs, and the large piece comes last with its back after it; the cover
/// names exactly those pages. On landscape paper its back's calibration square stays clear of
/// it (the backs mirror left↔right there too).
#[test]
fn gutter_fold_prints_the_pieces_too_large_for_half_a_sheet_last_with_their_backs() {
    let (_, game) = game_from(
        "mix",
        "game: {id: mix, name: Mix, players: [2]}
components:
  - {id: one, kind: card, size: 63mm x 88mm, copies: 20, front: {title: One}}
  - {id: big, kind: card, size: 110mm x 171mm, copies: 2, front: {title: Big}, back: {title: Big back}}
  - {id: small, kind: card, size: 40mm x 40mm, copies: 6, front: {title: S}, back: {title: S back}}
",
    );
    for paper in [A4, A4.landscape()] {
        let opt = BuildOptions {
            paper,
            duplex: Duplex::GutterFold,
            ..Default::default()
        };
        let prepared = pnp::commands::prepare(&game, &opt).unwrap();
        let pages = &prepared.pages;
        let sides: Vec<PageSide> = pages.iter().map(|p| p.side).collect();
        let first_back = sides.iter().position(|s| *s == PageSide::Back).unwrap();
        // Gutter-fold sheets, then fronts only, then front/back pairs to the end.
        assert!(sides[..first_back - 1].iter().all(|s| *s != PageSide::Back));
        assert!(sides[0] == PageSide::GutterFold, "{sides:?}");
        for (i, pair) in sides[first_back - 1..].chunks(2).enumerate() {
            assert_eq!(
                pair,
                [PageSide::Front, PageSide::Back],
                "pair {i}: {sides:?}"
            );
        }
        let big = |page: &pnp::layout::Page| {
            page.placements
                .iter()
                .all(|p| prepared.pieces[p.piece].id == "big")
        };
        assert!(pages[first_back - 1..].iter().all(big));
        assert!(!pages[..first_back - 1].iter().any(|p| {
            p.placements
                .iter()
                .any(|p| prepared.pieces[p.piece].id == "big")
        }));
        for page in pages {
            if let Some(square) = calibration_on(page, &prepared.layout) {
                for p in &page.placements {
                    assert!(
                        !p.rect.overlaps(&square),
                        "{:?} on {:?} page",
                        p.rect,
                        page.side
                    );
                }
            }
        }
        assert_eq!(pnp::layout::cover::front_pages(pages), 1);
        let pdf = pnp::commands::pdf_bytes(&prepared).unwrap();
        let cover = pdf_text(&pdf)[0]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let edge = if paper.w > paper.h { "short" } else { "long" };
        let wanted = format!(
            "then pages {}–{} double-sided, flipping on the {edge} edge",
            first_back + 1,
            pages.len() + 1
        );
        assert!(cover.contains(&wanted), "{wanted} in {cover}");
    }
}

/// A small card's big text shrinks to fit its width as it always did: the floor that lets a
/// mat's text go to title size never rises above a third of the starting size.
#[test]
fn a_small_cards_big_text_still_fits() {
    let (path, _) = game_from(
        "chit",
        "game: {id: small, name: Small, players: [2]}
components:
  - {id: chit, kind: card, size: 30mm x 30mm, front: {title: Gold, text: \"+12 VICTORY POINTS\"}}
",
    );
    builds_with_no_text_running_over(&path);
}

/// Builds the game at `yaml` and asserts that no text ran over its space.
fn builds_with_no_text_running_over(yaml: &std::path::Path) {
    let out = temp_dir("no-overflow");
    let built = run(&[
        "build",
        yaml.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(built.status.success(), "{}", stderr(&built));
    assert!(!stderr(&built).contains("runs over"), "{}", stderr(&built));
}
