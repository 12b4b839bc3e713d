//! The gutter-fold layout: no duplex printer needed. Double-sided pieces are packed on one half
//! of each sheet and their backs printed on the other half, mirrored across the fold line; fold
//! the sheet along it, glue the halves together and cut. The sheet folds down its middle (fronts
//! on the left half) or across it (fronts on the top half), its footer and captions in bands or
//! along the side margins, whichever holds more pieces: 2 in tiles go one column of five on an
//! A4 half folded down the middle, two rows of three folded across. One-sided pieces fill the
//! room the double-sided ones leave, then follow on ordinary pages; double-sided ones too large
//! for half a sheet come last, each page followed by its backs.
use super::{
    Duplex, Fold, FurnitureAt, Item, Items, LayoutError, LayoutOptions, Page, PageSide, Paper,
    Placement, back_of, impose_plain as plain, mirror,
};

/// The fold line's x on a sheet folded down its middle (mm).
pub fn fold_x(opt: &LayoutOptions) -> f64 {
    opt.paper.w / 2.0
}

/// The fold line's y on a sheet folded across (mm).
pub fn fold_y(opt: &LayoutOptions) -> f64 {
    opt.paper.h / 2.0
}

/// Between the fold and the pieces beside it (mm): their crop marks, then the words printed
/// along the fold (`registration::overlay`) clear of them.
pub fn fold_margin(opt: &LayoutOptions) -> f64 {
    opt.mark_reach() + FOLD_LABEL_ROOM
}

/// Room the words along the fold take on the fronts' side of it, with a clearance (mm).
const FOLD_LABEL_ROOM: f64 = 3.6;

/// The options of the fronts' half-sheet. Its pieces keep `fold_margin` from the fold, less than
/// the sheet's margin: a poker card turned a quarter fits half an A4 sheet folded down the
/// middle (four a sheet, not three). The half is as wide (or tall) as puts its content's edge
/// there.
pub fn half(opt: &LayoutOptions) -> LayoutOptions {
    let paper = match opt.fold {
        Fold::Down => Paper {
            w: fold_x(opt) + (opt.content_side_margin() - fold_margin(opt)).max(0.0),
            ..opt.paper
        },
        Fold::Across => Paper {
            h: fold_y(opt) + (opt.content_top_margin() - fold_margin(opt)).max(0.0),
            ..opt.paper
        },
    };
    LayoutOptions {
        paper,
        duplex: Duplex::LongEdge,
        ..*opt
    }
}

/// The fold and furniture that take fewest pages for these items, the first of these on a tie:
/// down the middle with the footer in a band under both halves; across it, where the halves
/// have the sheet's width but not its height, with the captions and footer along the side
/// margins; down the middle with them in the margins too (four poker cards turned a quarter on
/// half a Letter sheet, whose height a caption band would take); across with bands.
pub fn choose(
    items: &Items,
    captions: &[String],
    opt: &LayoutOptions,
) -> Result<LayoutOptions, LayoutError> {
    let ways = [
        (Fold::Down, FurnitureAt::Bands),
        (Fold::Across, FurnitureAt::Margins),
        (Fold::Down, FurnitureAt::Margins),
        (Fold::Across, FurnitureAt::Bands),
    ];
    let mut best: Option<(usize, LayoutOptions)> = None;
    let mut refused = None;
    for (fold, furniture_at) in ways {
        let way = LayoutOptions {
            fold,
            furniture_at,
            ..*opt
        };
        match impose(items, captions, &way) {
            Ok(pages) if best.is_none_or(|(n, _)| pages.len() < n) => {
                best = Some((pages.len(), way))
            }
            Ok(_) => {}
            Err(e) => {
                refused.get_or_insert(e);
            }
        }
    }
    match (best, refused) {
        (Some((_, way)), _) => Ok(way),
        (None, Some(e)) => Err(e),
        (None, None) => Ok(*opt),
    }
}

/// The furniture `choose` settles on.
pub fn furniture(
    items: &Items,
    captions: &[String],
    opt: &LayoutOptions,
) -> Result<FurnitureAt, LayoutError> {
    choose(items, captions, opt).map(|o| o.furniture_at)
}

pub fn impose(
    items: &Items,
    captions: &[String],
    opt: &LayoutOptions,
) -> Result<Vec<Page>, LayoutError> {
    // Record sheets on pages of their own, so that reprinting them reprints nothing else.
    let (sheets, rest): (Vec<Item>, Vec<Item>) = items.iter().cloned().partition(|i| i.own_pages);
    let mut pages = Vec::new();
    for group in super::by_component(sheets) {
        pages.extend(impose_pieces(&group, captions, opt)?);
    }
    if !rest.is_empty() {
        pages.extend(impose_pieces(&rest, captions, opt)?);
    }
    Ok(super::single_first(pages))
}

/// `impose` for pieces that may share pages: gutter-fold sheets of the double-sided pieces
/// half a sheet holds, with the one-sided pieces that fit in the room they leave; then pages
/// of the other one-sided pieces; last the double-sided pieces too large for half a sheet,
/// each page followed by its backs.
fn impose_pieces(
    items: &Items,
    captions: &[String],
    opt: &LayoutOptions,
) -> Result<Vec<Page>, LayoutError> {
    let boxes = half(opt).piece_boxes();
    // A double-sided piece that half a sheet cannot hold, even in parts (a record sheet), is
    // printed as in the duplex layout: on an ordinary page, its back on the page after.
    let on_half = |i: &Item| {
        boxes
            .iter()
            .any(|&(w, h)| i.parts_within(w, h, opt.overlap).is_some())
    };
    // A one-sided piece goes on a gutter-fold sheet only whole: a board is not cut smaller
    // than its page allows. Glued to the blank half, it is as if printed on thicker paper.
    let whole_on_half = |i: &Item| {
        boxes.iter().any(|&(w, h)| {
            i.parts_within(w, h, opt.overlap)
                .is_some_and(|p| p.len() == 1)
        })
    };
    let (double, single): (Vec<Item>, Vec<Item>) = items
        .iter()
        .cloned()
        .partition(|i| i.back.is_some() && on_half(i));
    // Laid out apart and last, so that only their pages have backs and the pages to print
    // double-sided are one run (see `cover`).
    let (oversized, single): (Vec<Item>, Vec<Item>) =
        single.into_iter().partition(|i| i.back.is_some());
    // Fronts only: the backs go on the same sheet, not on a following page. One-sided pieces
    // after them fill the room they leave (their other half stays blank, glued behind them).
    let fronts: Vec<Item> = double
        .iter()
        .map(|i| Item {
            back: None,
            ..i.clone()
        })
        .chain(single.iter().filter(|i| whole_on_half(i)).cloned())
        .collect();
    // Mirrored across the fold: left↔right for a fold down the middle, top↔bottom for one
    // across it, where a back is turned 180° so that its top lies behind its front's top (a
    // piece turned over sideways), and a quarter with a front turned a quarter.
    let flip = |r: &super::Rect| match opt.fold {
        Fold::Down => mirror(r, opt),
        Fold::Across => super::Rect {
            y: opt.paper.h - r.y - r.h,
            ..*r
        },
    };
    let mut pages = Vec::new();
    // Copies of each one-sided piece placed on gutter-fold sheets.
    let mut placed: std::collections::HashMap<usize, u32> = Default::default();
    if !double.is_empty() {
        for mut page in plain(&fronts, captions, &half(opt))? {
            let backs: Vec<Placement> = page
                .placements
                .iter()
                .filter_map(|p| {
                    let face = back_of(&double, p.piece)?;
                    Some(Placement {
                        face,
                        rect: flip(&p.rect),
                        turned: (opt.fold == Fold::Across) ^ p.quarter,
                        ..p.clone()
                    })
                })
                .collect();
            // A half holding only one-sided pieces would waste the other: they go on
            // ordinary pages instead.
            if backs.is_empty() {
                continue;
            }
            for p in &page.placements {
                *placed.entry(p.piece).or_default() += 1;
            }
            page.placements.extend(backs);
            page.side = PageSide::GutterFold;
            pages.push(page);
        }
    }
    let rest: Vec<Item> = single
        .into_iter()
        .filter_map(|i| {
            let copies = i.copies - placed.get(&i.piece).copied().unwrap_or(0).min(i.copies);
            (copies > 0).then_some(Item { copies, ..i })
        })
        .collect();
    // Backs mirrored left↔right, as the document's gutter-fold options mirror the calibration
    // square and the footer of a back page: flipped on the long edge of a portrait sheet, on
    // the short edge of a landscape one.
    let normal = LayoutOptions {
        duplex: match opt.paper.h >= opt.paper.w {
            true => Duplex::LongEdge,
            false => Duplex::ShortEdge,
        },
        ..*opt
    };
    for run in [rest, oversized] {
        if !run.is_empty() {
            pages.extend(plain(&run, captions, &normal)?);
        }
    }
    Ok(pages)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{A4, LETTER, LayoutOptions};

    #[test]
    fn backs_mirror_across_the_middle_and_single_sided_pieces_fill_the_room_then_follow() {
        let mut opt = LayoutOptions::new(A4);
        opt.duplex = Duplex::GutterFold;
        let item = |piece, back, w, h| Item {
            back,
            copies: 5,
            ..Item::one(piece, piece, w, h)
        };
        // Double-sided cards, one-sided chits that fit beside them, one-sided boards that
        // half a sheet cannot hold.
        let pages = crate::layout::impose(
            &[
                item(0, Some(9), 40.0, 30.0),
                item(1, None, 40.0, 30.0),
                item(2, None, 150.0, 100.0),
            ],
            &["a".into(), "b".into(), "c".into()],
            &opt,
        )
        .unwrap();
        let fold = fold_x(&opt);
        assert_eq!(fold, 105.0);
        let first = &pages[0];
        assert_eq!(first.side, PageSide::GutterFold);
        let of = |piece| -> Vec<&Placement> {
            first
                .placements
                .iter()
                .filter(|p| p.piece == piece)
                .collect()
        };
        let (fronts, backs): (Vec<_>, Vec<_>) = of(0).into_iter().partition(|p| p.face == 0);
        assert_eq!((fronts.len(), backs.len()), (5, 5));
        for (f, b) in fronts.iter().zip(&backs) {
            assert!(f.rect.right() <= fold - fold_margin(&opt) + 1e-9);
            assert!((fold - f.rect.right() - (b.rect.x - fold)).abs() < 1e-9);
            assert_eq!(b.face, 9);
            assert!(!b.turned);
        }
        // The chits fill the fronts' half beside the cards; the half behind them stays blank.
        let chits = of(1);
        assert_eq!(chits.len(), 5);
        assert!(chits.iter().all(|p| p.rect.right() <= fold && p.face == 1));
        // The boards follow on ordinary pages, without backs.
        let rest = &pages[1..];
        assert!(!rest.is_empty());
        for page in rest {
            assert_eq!(page.side, PageSide::Front);
            assert!(page.placements.iter().all(|p| p.piece == 2));
        }
    }

    #[test]
    fn two_inch_tiles_fold_across_six_to_a_sheet_on_a4_and_letter() {
        for paper in [A4, LETTER] {
            let opt = LayoutOptions {
                duplex: Duplex::GutterFold,
                ..LayoutOptions::new(paper)
            };
            let tiles = vec![Item {
                back: Some(1),
                copies: 24,
                shared_cuts: true,
                split: crate::kinds::Split::Never,
                ..Item::one(0, 0, 50.8, 50.8)
            }];
            let captions = ["Tiles · 24".to_string()];
            let chosen = choose(&tiles, &captions, &opt).unwrap();
            assert_eq!(chosen.fold, Fold::Across, "{}", paper.name);
            let pages = impose(&tiles, &captions, &chosen).unwrap();
            assert_eq!(pages.len(), 4, "{}: 24 tiles, six a sheet", paper.name);
            let y = fold_y(&chosen);
            for page in &pages {
                assert_eq!(page.placements.len(), 12);
                let (fronts, backs): (Vec<_>, Vec<_>) =
                    page.placements.iter().partition(|p| p.face == 0);
                for (f, b) in fronts.iter().zip(&backs) {
                    assert!(f.rect.bottom() < y && b.rect.y > y);
                    assert!((y - f.rect.bottom() - (b.rect.y - y)).abs() < 1e-9);
                    assert!((f.rect.x - b.rect.x).abs() < 1e-9);
                    // Turned over sideways, a back's top lies behind its front's top: turned.
                    assert!(b.turned);
                }
            }
            // Folded down the middle: one column a sheet, four or five tiles, so more sheets.
            let down = LayoutOptions {
                fold: Fold::Down,
                ..opt
            };
            let sheets = impose(&tiles, &captions, &down).unwrap().len();
            assert!((5..=6).contains(&sheets), "{}: {sheets}", paper.name);
        }
    }

    #[test]
    fn every_sheet_gets_the_backs_of_its_own_fronts() {
        let opt = LayoutOptions {
            duplex: Duplex::GutterFold,
            ..LayoutOptions::new(super::super::A4)
        };
        let cards: Vec<Item> = (0..30)
            .map(|i| Item {
                front: 2 * i,
                back: Some(2 * i + 1),
                ..Item::one(i, 0, 40.0, 30.0)
            })
            .collect();
        let pages = crate::layout::impose(&cards, &["a".into()], &opt).unwrap();
        assert!(pages.len() > 2, "{} sheets", pages.len());
        let fold = fold_x(&opt);
        let mut seen = vec![0; 30];
        for page in &pages {
            for p in &page.placements {
                let back = p.rect.x >= fold;
                assert_eq!(p.face, 2 * p.piece + back as usize, "{p:?}");
                seen[p.piece] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 2), "{seen:?}");
    }
}
