//! The gutter-fold layout: no duplex printer needed. Double-sided pieces are packed on the left
//! half of each sheet and their backs printed on the right half, mirrored across the fold line
//! in the middle; fold the sheet along it, glue the halves together and cut. Single-sided pieces
//! follow on ordinary pages, and so do double-sided ones too large for half a sheet, each page
//! followed by its backs.
use super::layout::{
    Duplex, Item, LayoutOptions, Page, PageSide, Paper, Placement, Splitter, impose_plain as plain,
    mirror,
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
    items: &[Item],
    captions: &[String],
    opt: &LayoutOptions,
    splitter: &Splitter,
) -> Result<Vec<Page>, String> {
    // A double-sided piece that half a sheet cannot hold, even in parts (a record sheet), is
    // printed as in the duplex layout: on an ordinary page, its back on the page after.
    let on_half = |i: &Item| {
        half(opt)
            .piece_boxes()
            .iter()
            .any(|&(w, h)| splitter(i, w, h).is_some())
    };
    let (double, single): (Vec<Item>, Vec<Item>) = items
        .iter()
        .cloned()
        .partition(|i| i.back.is_some() && on_half(i));
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
        for mut page in plain(&fronts, captions, &half(opt), splitter)? {
            let backs: Vec<Placement> = page
                .placements
                .iter()
                .filter_map(|p| {
                    let face = double.iter().find(|i| i.piece == p.piece)?.back?;
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
    if !single.is_empty() {
        let normal = LayoutOptions {
            duplex: Duplex::LongEdge,
            ..*opt
        };
        pages.extend(plain(&single, captions, &normal, splitter)?);
    }
    Ok(pages)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::layout::{A4, LayoutOptions};

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
        };
        let pages = crate::output::layout::impose(
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
}
