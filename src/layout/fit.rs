//! Does every piece fit the paper? Tracks (and other pieces meant to be joined) may be larger
//! than the printable area — they are split into parts — but a token or card that cannot fit
//! on one sheet, or a piece too large even in parts, is an input error, reported at its
//! component before any face is drawn.
use super::document::Unplaceable;
use super::{FurnitureAt, Item, LayoutOptions, within};
use crate::base::diagnostic::{Diagnostic, Problems};
use crate::base::forms::Split;
use crate::base::units::short_mm;
use crate::resolve::{Component, Piece, Resolved};

/// Whether a piece may be printed in parts and joined when larger than the paper.
fn joinable(r: &Resolved, p: &Piece) -> bool {
    r.components[p.component].split != Split::Never
}

/// Whether the layout may print a piece turned a quarter (`Item::may_turn`): not square, and
/// not a tile laid in its tiling.
fn turnable(r: &Resolved, p: &Piece) -> bool {
    let tiled = r.components[p.component].shares_cuts
        && crate::layout::tessellate::Tiling::of(&p.shape).is_some();
    crate::layout::may_turn(p.w, p.h, tiled)
}

/// Whether a piece fits box `b` whole: upright, or turned a quarter when it may be.
fn fits_box(r: &Resolved, p: &Piece, b: (f64, f64)) -> bool {
    within(p.w, p.h, b) || (turnable(r, p) && within(p.h, p.w, b))
}

/// Most parts along one side of a piece printed in parts.
const MAX_PARTS_A_SIDE: f64 = crate::layout::split::MAX_PARTS_A_SIDE as f64;

pub fn check(r: &Resolved, layout: &LayoutOptions) -> Result<(), Unplaceable> {
    let pieces = &r.pieces;
    let rooms = rooms(layout);
    let whole: Vec<&Piece> = pieces.iter().filter(|p| !joinable(r, p)).collect();
    let fits = |p: &Piece, room: &Room| room.boxes.iter().any(|&b| fits_box(r, p, b));
    // All pages share one furniture (`layout::choose_furniture`): the one that holds every
    // whole piece, else the one that holds the most (the bands, when even).
    let misfits = |room: &Room| whole.iter().filter(|p| !fits(p, room)).count();
    let best = rooms.iter().min_by_key(|r| misfits(r));
    let mut problems = Vec::new();
    let mut reported = std::collections::HashSet::new();
    for p in &whole {
        if best.is_none_or(|r| fits(p, r)) || !reported.insert(p.component) {
            continue;
        }
        let c = &r.components[p.component];
        let other = rooms.iter().find(|r| fits(p, r));
        let blocker = other.and_then(|r| whole.iter().find(|q| !fits(q, r)));
        let message = match (other, blocker) {
            (Some(room), Some(q)) => format!(
                "`{}` is {:.1} × {:.1} mm: it fits {} only with {}, where `{}` ({:.1} × {:.1} mm) does not fit, and a game's pages share one layout; make one of them smaller or choose other paper (--paper, --landscape)",
                c.id,
                p.w,
                p.h,
                paper(layout),
                furniture(room.furniture_at),
                r.components[q.component].id,
                q.w,
                q.h,
            ),
            _ => too_large(r, c, p, layout),
        };
        // At the field that sizes it, when it is written (a tuck box's `thickness:`).
        let at = c.sized_by.as_ref().and_then(|s| s.at);
        problems.push(match at {
            Some(at) => Diagnostic::located(&c.at.file, at, message),
            None => c.at.at_size(message),
        });
    }
    // Pieces printed in parts: the parts must be few enough (as `output::pack` splits them).
    // Measured against the whole sheet: a gutter-fold layout prints a double-sided piece that
    // its half cannot hold on ordinary pages.
    for (i, p) in pieces.iter().enumerate() {
        if !joinable(r, p) || reported.contains(&p.component) {
            continue;
        }
        if layout.fits(p.w, p.h, turnable(r, p)) {
            continue;
        }
        let item = Item {
            split: r.components[p.component].split.clone(),
            ..Item::one(i, p.component, p.w, p.h)
        };
        let boxes = layout.piece_boxes();
        if boxes
            .iter()
            .any(|&(w, h)| item.parts(w, h, layout.overlap).is_some())
        {
            continue;
        }
        reported.insert(p.component);
        let c = &r.components[p.component];
        let most = |side: fn(&(f64, f64)) -> f64| {
            let room = boxes.iter().map(side).fold(0.0, f64::max);
            MAX_PARTS_A_SIDE * (room - layout.overlap) + layout.overlap
        };
        let message = format!(
            "`{}` is {:.1} × {:.1} mm, too large to print even in parts on {} (at most {MAX_PARTS_A_SIDE} parts along a side: about {:.0} × {:.0} mm); make it smaller or choose other paper (--paper, --landscape)",
            c.id,
            p.w,
            p.h,
            paper(layout),
            most(|b| b.0),
            most(|b| b.1),
        );
        problems.push(c.at.at_size(message));
    }
    done(problems)
}

/// "`mat` is 180.0 × 290.0 mm, larger than the printable area of A4 portrait (at most …)", and
/// whether the cover would make room.
fn too_large(r: &Resolved, c: &Component, p: &Piece, layout: &LayoutOptions) -> String {
    let any_room = |layout: &LayoutOptions| {
        let boxes: Vec<(f64, f64)> = rooms(layout).into_iter().flat_map(|r| r.boxes).collect();
        largest(boxes)
    };
    let most: Vec<String> = any_room(layout)
        .iter()
        .map(|(w, h)| format!("{w:.0} × {h:.0} mm"))
        .collect();
    let boxes: Vec<(f64, f64)> = rooms(layout).into_iter().flat_map(|r| r.boxes).collect();
    let fits_any = |w: f64, h: f64| {
        let q = Piece { w, h, ..p.clone() };
        boxes.iter().any(|&b| fits_box(r, &q, b))
    };
    // What the field that sizes it could be for it to fit (a tuck box's thinner cards).
    let smaller = c.sized_by.as_ref().map(|s| {
        let fitting = s.smaller.iter().find(|(_, w, h)| fits_any(*w, *h));
        match fitting {
            Some((v, ..)) => format!(
                "; with `{}: {}mm` (now {} mm) it fits, or {}",
                s.field,
                short_mm(*v),
                short_mm(s.now),
                s.otherwise
            ),
            None => format!(
                "; no smaller `{}:` (now {} mm) makes it fit: {}",
                s.field,
                short_mm(s.now),
                s.otherwise
            ),
        }
    });
    let mut message = format!(
        "`{}` is {:.1} × {:.1} mm, {} for the printable area of {} (at most {}){}; make it smaller or choose other paper (--paper, --landscape)",
        c.id,
        p.w,
        p.h,
        shortfall(r, p, &boxes),
        paper(layout),
        most.join(" or "),
        smaller.unwrap_or_default(),
    );
    let cover = LayoutOptions {
        cover_square: true,
        ..*layout
    };
    if !layout.cover_square && any_room(&cover).iter().any(|&b| fits_box(r, p, b)) {
        message.push_str(
            "; it fits with the cover, which prints the calibration square (leave out --no-cover)",
        );
    }
    message
}

/// How much too large a piece is for the nearest of `boxes` (upright, or turned when it may
/// be): "0.9 mm too wide", "2.0 mm too wide and 8.0 mm too tall".
fn shortfall(r: &Resolved, p: &Piece, boxes: &[(f64, f64)]) -> String {
    let turns: &[bool] = match turnable(r, p) {
        true => &[false, true],
        false => &[false],
    };
    let over = boxes
        .iter()
        .flat_map(|&(bw, bh)| {
            turns.iter().map(move |&turned| {
                let (w, h) = if turned { (p.h, p.w) } else { (p.w, p.h) };
                ((w - bw).max(0.0), (h - bh).max(0.0), turned)
            })
        })
        .min_by(|a, b| (a.0 + a.1).total_cmp(&(b.0 + b.1)));
    let Some((wide, tall, turned)) = over else {
        return "larger".into();
    };
    let parts: Vec<String> = [(wide, "wide"), (tall, "tall")]
        .into_iter()
        .filter(|(d, _)| *d > 0.0)
        .map(|(d, what)| format!("{} mm too {what}", short(d)))
        .collect();
    // Across and down the page: turned, the piece's width runs down it.
    let lead = if turned { "turned a quarter, " } else { "" };
    match parts.is_empty() {
        true => "larger".into(),
        false => format!("{lead}{}", parts.join(" and ")),
    }
}

/// A length as a message says it: `0.9`, `12`, `0.29` (rounded up to 0.01 mm, so that what it
/// says is too much is not shown as nothing).
fn short(mm: f64) -> String {
    short_mm(((mm * 100.0) - 1e-9).ceil() / 100.0)
}

/// The boxes a whole piece (under its caption) may take on an empty page with one furniture.
struct Room {
    furniture_at: FurnitureAt,
    boxes: Vec<(f64, f64)>,
}

/// A room for each furniture `layout::choose` may take (a gutter-fold sheet has its bands
/// folded down the middle, the margins folded across): beside the calibration square, and the
/// whole content area when the cover prints the square (`pack`).
fn rooms(layout: &LayoutOptions) -> Vec<Room> {
    [FurnitureAt::Bands, FurnitureAt::Margins]
        .iter()
        .map(|&furniture_at| {
            let opt = LayoutOptions {
                furniture_at,
                ..*layout
            };
            let mut boxes = opt.piece_boxes().to_vec();
            if opt.cover_square {
                boxes.push(opt.free_corner_box());
            }
            Room {
                furniture_at,
                boxes: largest(boxes),
            }
        })
        .collect()
}

/// The boxes no other box holds, widest first.
fn largest(boxes: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    let inside = |a: (f64, f64), b: (f64, f64)| a != b && within(a.0, a.1, b);
    let mut room: Vec<(f64, f64)> = boxes
        .iter()
        .copied()
        .filter(|&a| !boxes.iter().any(|&b| inside(a, b)))
        .collect();
    room.sort_by(|a, b| b.0.total_cmp(&a.0));
    room.dedup();
    room
}

/// How a furniture is named in messages.
fn furniture(f: FurnitureAt) -> &'static str {
    match f {
        FurnitureAt::Bands => "the footer and captions in bands",
        FurnitureAt::Margins => "the footer and captions along the side margins",
    }
}

/// `A4 portrait`, `Letter landscape`.
fn paper(layout: &LayoutOptions) -> String {
    let turn = if layout.paper.w > layout.paper.h {
        "landscape"
    } else {
        "portrait"
    };
    format!("{} {turn}", layout.paper.name)
}

fn done(problems: Vec<Diagnostic>) -> Result<(), Unplaceable> {
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Unplaceable(Problems(problems)))
    }
}
