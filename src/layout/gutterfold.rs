//! The gutter-fold layout: no duplex printer needed. Double-sided pieces are packed on one half
//! of each sheet and their backs printed on the other half, mirrored across the fold line; fold
//! the sheet along it, glue the halves together and cut. The sheet folds down its middle (fronts
//! on the left half) or across it (fronts on the top half), whichever holds more pieces: 2 in
//! tiles go one column of five on an A4 half folded down the middle, two rows of three folded
//! across. Single-sided pieces follow on ordinary pages; double-sided ones too large for half a
//! sheet come last, each page followed by its backs.
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

/// The options of the fronts' half-sheet: the pieces keep the sheet's margin from the fold too.
pub fn half(opt: &LayoutOptions) -> LayoutOptions {
    let paper = match opt.fold {
        Fold::Down => Paper {
            w: fold_x(opt),
            ..opt.paper
        },
        Fold::Across => Paper {
            h: fold_y(opt),
            ..opt.paper
        },
    };
    LayoutOptions {
        paper,
        duplex: Duplex::LongEdge,
        ..*opt
    }
}

/// The furniture of each fold: a sheet folded down the middle keeps its footer in the band
/// under both halves; one folded across has its halves' full width but not their height, so its
/// captions and footer run along the side margins.
fn furniture_of(fold: Fold) -> FurnitureAt {
    match fold {
        Fold::Down => FurnitureAt::Bands,
        Fold::Across => FurnitureAt::Margins,
    }
}

/// The fold (and with it the furniture) that takes fewer pages for these items; down the
/// middle when both take as many, or when only it has room for a piece.
pub fn choose(
    items: &Items,
    captions: &[String],
    opt: &LayoutOptions,
) -> Result<LayoutOptions, LayoutError> {
    let with = |fold| LayoutOptions {
        fold,
        furniture_at: furniture_of(fold),
        ..*opt
    };
    let (down, across) = (with(Fold::Down), with(Fold::Across));
    let pages = |o: &LayoutOptions| impose(items, captions, o).map(|p| p.len());
    let n_down = pages(&down);
    match (n_down, pages(&across)) {
        (Ok(d), Ok(a)) if a < d => Ok(across),
        (Err(_), Ok(_)) => Ok(across),
        (n, _) => n.map(|_| down),
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
    let opt = &LayoutOptions {
        furniture_at: furniture_of(opt.fold),
        ..*opt
    };
    // A double-sided piece that half a sheet cannot hold, even in parts (a record sheet), is
    // printed as in the duplex layout: on an ordinary page, its back on the page after.
    let on_half = |i: &Item| {
        half(opt)
            .piece_boxes()
            .iter()
            .any(|&(w, h)| i.parts_within(w, h, opt.overlap).is_some())
    };
    let (double, single): (Vec<Item>, Vec<Item>) = items
        .iter()
        .cloned()
        .partition(|i| i.back.is_some() && on_half(i));
    // Laid out apart and last, so that only their pages have backs (one-sided pages get no
    // blank ones) and the pages to print double-sided are one run (see `cover`).
    let (oversized, single): (Vec<Item>, Vec<Item>) =
        single.into_iter().partition(|i| i.back.is_some());
    // Fronts only: the backs go on the same sheet, not on a following page.
    let fronts: Vec<Item> = double
        .iter()
        .map(|i| Item {
            back: None,
            ..i.clone()
        })
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
    if !fronts.is_empty() {
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
            page.placements.extend(backs);
            page.side = PageSide::GutterFold;
            pages.push(page);
        }
    }
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
    for run in [single, oversized] {
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
    fn backs_mirror_across_the_middle_and_single_sided_pieces_follow() {
        let mut opt = LayoutOptions::new(A4);
        opt.duplex = Duplex::GutterFold;
        let item = |piece, back| Item {
            piece,
            component: piece,
            front: piece,
            back,
            w: 40.0,
            h: 30.0,
            copies: 5,
            shared_cuts: false,
            split: crate::kinds::Split::Even,
            tiles: None,
        };
        let pages = crate::layout::impose(
            &[item(0, Some(9)), item(1, None)],
            &["a".into(), "b".into()],
            &opt,
        )
        .unwrap();
        let fold = fold_x(&opt);
        assert_eq!(fold, 105.0);
        let first = &pages[0];
        assert_eq!(first.side, PageSide::GutterFold);
        let (fronts, backs): (Vec<_>, Vec<_>) = first.placements.iter().partition(|p| p.face == 0);
        assert_eq!((fronts.len(), backs.len()), (5, 5));
        for (f, b) in fronts.iter().zip(&backs) {
            assert!(f.rect.right() <= fold - opt.margin + 1e-9);
            assert!((fold - f.rect.right() - (b.rect.x - fold)).abs() < 1e-9);
            assert_eq!(b.face, 9);
            assert!(!b.turned);
        }
        let last = pages.last().unwrap();
        assert_eq!(last.side, PageSide::Front);
        assert!(last.placements.iter().all(|p| p.piece == 1));
    }

    #[test]
    fn two_inch_tiles_fold_across_six_to_a_sheet_on_a4_and_letter() {
        for paper in [A4, LETTER] {
            let opt = LayoutOptions {
                duplex: Duplex::GutterFold,
                ..LayoutOptions::new(paper)
            };
            let tiles = vec![Item {
                piece: 0,
                component: 0,
                front: 0,
                back: Some(1),
                w: 50.8,
                h: 50.8,
                copies: 24,
                shared_cuts: true,
                split: crate::kinds::Split::Never,
                tiles: None,
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
                piece: i,
                component: 0,
                front: 2 * i,
                back: Some(2 * i + 1),
                w: 40.0,
                h: 30.0,
                copies: 1,
                shared_cuts: false,
                split: crate::kinds::Split::Even,
                tiles: None,
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
