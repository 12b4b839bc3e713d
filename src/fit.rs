//! Does every piece fit the paper, and its image the pixel limits? Tracks (and other kinds meant
//! to be joined) may be larger than the printable area — they are split into parts — but a token
//! or card that cannot fit on one sheet, a piece too large even in parts, or an image over the
//! limits at the chosen dpi is an input error, reported at its component before any drawing
//! starts.
use crate::error::{Located, Problems, SpecError};
use crate::output::layout::{Duplex, Furniture, Item, LayoutOptions, within};
use crate::output::png::{MAX_PIXELS, MAX_SIDE_PX, pixel_size, within_limits};
use crate::pieces::Piece;
use crate::spec::{Component, Game, Kind};

/// Kinds that are printed in parts and joined when larger than the paper.
pub fn joinable(kind: Kind) -> bool {
    matches!(kind, Kind::Track | Kind::Board)
}

/// Most parts along one side of a piece printed in parts (as `output::layout::split` allows).
const MAX_PARTS_A_SIDE: f64 = 50.0;

pub fn check(game: &Game, pieces: &[Piece], layout: &LayoutOptions) -> Result<(), SpecError> {
    let room = whole_piece_room(layout);
    let mut problems = Vec::new();
    let mut reported = std::collections::HashSet::new();
    for p in pieces.iter().filter(|p| !joinable(p.kind)) {
        if room.iter().any(|&b| within(p.w, p.h, b)) || !reported.insert(p.component) {
            continue;
        }
        let c = &game.spec.components[p.component];
        let most: Vec<String> = room
            .iter()
            .map(|(w, h)| format!("{w:.0} × {h:.0} mm"))
            .collect();
        let mut message = format!(
            "`{}` is {:.1} × {:.1} mm, larger than the printable area of {} (at most {}); make it smaller or choose other paper (--paper, --landscape)",
            c.id.value,
            p.w,
            p.h,
            paper(layout),
            most.join(" or "),
        );
        let cover = LayoutOptions {
            cover_square: true,
            ..*layout
        };
        if whole_piece_room(&cover)
            .iter()
            .any(|&b| within(p.w, p.h, b))
        {
            message.push_str(
                "; it fits with the cover, which prints the calibration square (leave out --no-cover)",
            );
        }
        problems.push(at_component(game, c, message));
    }
    // Pieces printed in parts: the parts must be few enough (as `output::pack` splits them).
    // Measured against the whole sheet: a gutter-fold layout prints a double-sided piece that
    // its half cannot hold on ordinary pages.
    let splitter = crate::output::board_split::splitter(game, pieces, layout.overlap);
    let opt = layout;
    for (i, p) in pieces.iter().enumerate() {
        if !joinable(p.kind) || reported.contains(&p.component) {
            continue;
        }
        if opt.fits(p.w, p.h) {
            continue;
        }
        let item = Item {
            piece: i,
            component: p.component,
            front: 0,
            back: None,
            w: p.w,
            h: p.h,
            copies: 1,
            shared_cuts: false,
        };
        let boxes = opt.piece_boxes();
        if boxes.iter().any(|&(w, h)| splitter(&item, w, h).is_some()) {
            continue;
        }
        reported.insert(p.component);
        let c = &game.spec.components[p.component];
        let most = |side: fn(&(f64, f64)) -> f64| {
            let room = boxes.iter().map(side).fold(0.0, f64::max);
            MAX_PARTS_A_SIDE * (room - opt.overlap) + opt.overlap
        };
        let message = format!(
            "`{}` is {:.1} × {:.1} mm, too large to print even in parts on {} (at most {MAX_PARTS_A_SIDE} parts along a side: about {:.0} × {:.0} mm); make it smaller or choose other paper (--paper, --landscape)",
            c.id.value,
            p.w,
            p.h,
            paper(layout),
            most(|b| b.0),
            most(|b| b.1),
        );
        problems.push(at_component(game, c, message));
    }
    done(problems)
}

/// The largest boxes a whole piece (under its caption) may take on an empty page of `layout`:
/// beside the calibration square, with the footer and captions in bands or along the side
/// margins (`layout::choose_furniture` takes the margins when only they have room), and the
/// whole content area when the cover prints the square (`pack`). A gutter-fold sheet keeps its
/// bands. Boxes inside another are left out.
fn whole_piece_room(layout: &LayoutOptions) -> Vec<(f64, f64)> {
    let furniture: &[Furniture] = match layout.duplex {
        Duplex::GutterFold => &[Furniture::Bands],
        _ => &[Furniture::Bands, Furniture::Margins],
    };
    let mut boxes = Vec::new();
    for &furniture in furniture {
        let opt = LayoutOptions {
            furniture,
            ..*layout
        };
        boxes.extend(opt.piece_boxes());
        if opt.cover_square && opt.duplex != Duplex::GutterFold {
            boxes.push(opt.free_corner_box());
        }
    }
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

/// Is every piece's image within the PNG limits (`MAX_SIDE_PX` a side, `MAX_PIXELS`) at `dpi`?
/// Checked before drawing, so that a build does not fail when its images are encoded.
pub fn check_pixels(game: &Game, pieces: &[Piece], dpi: u32) -> Result<(), SpecError> {
    let fits = |p: &Piece, dpi: u32| {
        let (w, h) = pixel_size(p.w, p.h, dpi);
        within_limits(w, h)
    };
    let mut problems = Vec::new();
    let mut reported = std::collections::HashSet::new();
    for p in pieces {
        if fits(p, dpi) || !reported.insert(p.component) {
            continue;
        }
        let (w, h) = pixel_size(p.w, p.h, dpi);
        let min = crate::options::MIN_DPI;
        let lower = match (min..dpi).rev().find(|&d| fits(p, d)) {
            Some(d) => format!("the largest --dpi that fits is {d}"),
            None => format!(
                "it is too large even at --dpi {min}; make it smaller or build without images (--no-png)"
            ),
        };
        let message = format!(
            "`{}` ({:.1} × {:.1} mm) would be a {w} × {h} px image at {dpi} dpi, larger than the limit of {MAX_SIDE_PX} px a side and {} Mpx; {lower}",
            p.id,
            p.w,
            p.h,
            MAX_PIXELS / (1024 * 1024),
        );
        problems.push(at_component(
            game,
            &game.spec.components[p.component],
            message,
        ));
    }
    done(problems)
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

/// A problem of a component's size: at its `size:`, or its id when its size follows from other
/// keys (a track's spaces, a board's squares).
fn at_component(game: &Game, c: &Component, message: String) -> Located {
    let file = c.origin.as_deref().unwrap_or(&game.file);
    match &c.size {
        Some(size) => Located::at(file, size, message),
        None => Located::at(file, &c.id, message),
    }
}

fn done(problems: Vec<Located>) -> Result<(), SpecError> {
    if problems.is_empty() {
        Ok(())
    } else {
        Err(SpecError::Invalid(Problems(problems)))
    }
}
