//! The gutter-fold layout: no duplex printer needed. Double-sided pieces are packed on the left
//! half of each sheet and their backs printed on the right half, mirrored across the fold line
//! in the middle; fold the sheet along it, glue the halves together and cut. Single-sided pieces
//! follow on ordinary pages; double-sided ones too large for half a sheet come last, each page
//! followed by its backs.
use super::{
    Duplex, Item, Items, LayoutError, LayoutOptions, Page, PageSide, Paper, Placement, back_of,
    impose_plain as plain, mirror,
};

/// The fold line's x on the sheet (mm).
pub fn fold_x(opt: &LayoutOptions) -> f64 {
    opt.paper.w / 2.0
}

/// The options of one half-sheet: the pieces keep the sheet's margin from the fold too.
fn half(opt: &LayoutOptions) -> LayoutOptions {
    LayoutOptions {
        paper: Paper {
            w: fold_x(opt),
            ..opt.paper
        },
        duplex: Duplex::LongEdge,
        ..*opt
    }
}

pub fn impose(
    items: &Items,
    captions: &[String],
    opt: &LayoutOptions,
) -> Result<Vec<Page>, LayoutError> {
    // A double-sided piece that half a sheet cannot hold, even in parts (a record sheet), is
    // printed as in the duplex layout: on an ordinary page, its back on the page after.
    let on_half = |i: &Item| {
        half(opt)
            .piece_boxes()
            .iter()
            .any(|&(w, h)| i.parts(w, h, opt.overlap).is_some())
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
                        rect: mirror(&p.rect, opt),
                        turned: false,
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
    use crate::layout::{A4, LayoutOptions};

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
        }
        let last = pages.last().unwrap();
        assert_eq!(last.side, PageSide::Front);
        assert!(last.placements.iter().all(|p| p.piece == 1));
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
