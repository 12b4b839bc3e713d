//! `pnp sheets`' pages: one record sheet per player, as many to a page as fit side by side and
//! under each other, their backs on the page after, mirrored as a build mirrors them. A handout
//! for the table, written on and never cut: no cover, no captions, no bookmarks, no crop marks
//! and no calibration square.
use super::document::{Document, Info};
use super::{Cuts, LayoutOptions, Page, PageSide, Placement, back_turned, mirror};
use crate::base::geometry::Rect;
use crate::resolve::Resolved;

/// Where the sheets of one page go in the sheet area: as many as fit side by side and under
/// each other, a gap apart (one when the sheet is as large as the area).
pub fn slots(area: &Rect, (w, h): (f64, f64), gap: f64) -> Vec<Rect> {
    let fit = |room: f64, len: f64| (((room + gap) / (len + gap) + 1e-9).floor() as usize).max(1);
    let (across, down) = (fit(area.w, w), fit(area.h, h));
    (0..down)
        .flat_map(|j| {
            (0..across).map(move |i| Rect {
                x: area.x + i as f64 * (w + gap),
                y: area.y + j as f64 * (h + gap),
                w,
                h,
            })
        })
        .collect()
}

/// The record sheets of `resolved` (one piece a player) laid out on `layout`'s paper.
pub fn lay_out(resolved: Resolved, layout: LayoutOptions) -> Document {
    let layout = LayoutOptions {
        cuts: Cuts::Uncut,
        ..layout
    };
    let area = layout.sheet_area();
    let size = resolved
        .pieces
        .first()
        .map_or((area.w, area.h), |p| (p.w, p.h));
    let slots = slots(&area, size, layout.effective_gap());
    let of_piece = &resolved.faces.of_piece;
    let indices: Vec<usize> = (0..resolved.pieces.len()).collect();
    let mut pages = Vec::new();
    for chunk in indices.chunks(slots.len()) {
        for side in [PageSide::Front, PageSide::Back] {
            let placements: Vec<Placement> = chunk
                .iter()
                .zip(&slots)
                .filter_map(|(&i, slot)| {
                    let (front, back) = of_piece[i];
                    let face = match side {
                        PageSide::Back => back?,
                        _ => front,
                    };
                    Some(Placement {
                        piece: i,
                        face,
                        rect: match side {
                            PageSide::Back => mirror(slot, &layout),
                            _ => *slot,
                        },
                        turned: side == PageSide::Back && back_turned(&layout),
                        quarter: false,
                        part: None,
                    })
                })
                .collect();
            if side == PageSide::Back && placements.is_empty() {
                continue;
            }
            pages.push(Page {
                side,
                placements,
                captions: Default::default(),
                calibration: false,
            });
        }
    }
    let about = &resolved.about;
    let info = Info {
        title: format!("{} — record sheets", about.name),
        author: about.designer.clone(),
        subject: Some(format!(
            "{} record sheets for {} players",
            about.name,
            resolved.pieces.len()
        )),
        keywords: vec!["record sheet".into(), about.name.clone()],
    };
    Document::of(resolved, layout, pages, Vec::new(), info, Vec::new())
}
