//! The gutter-fold layout: no duplex printer needed. Double-sided pieces are packed on the left
//! half of each sheet and their backs printed on the right half, mirrored across the fold line
//! in the middle; fold the sheet along it, glue the halves together and cut. Single-sided pieces
//! follow on ordinary pages.
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
    let (double, single): (Vec<Item>, Vec<Item>) =
        items.iter().cloned().partition(|i| i.back.is_some());
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
