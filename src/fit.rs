//! Does every piece fit the paper? Tracks (and other kinds meant to be joined) may be larger than
//! the printable area — they are split into parts — but a token or card that cannot fit on one
//! sheet is an input error, reported at its `size:` before any drawing starts.
use crate::error::{Located, Problems, SpecError};
use crate::output::layout::{CAPTION_MM, LayoutOptions};
use crate::pieces::Piece;
use crate::spec::{Game, Kind};

/// Kinds that are printed in parts and joined when larger than the paper.
pub fn joinable(kind: Kind) -> bool {
    matches!(kind, Kind::Track | Kind::Board)
}

pub fn check(game: &Game, pieces: &[Piece], layout: &LayoutOptions) -> Result<(), SpecError> {
    let area = layout.content();
    let (max_w, max_h) = (area.w, layout.above_calibration().h - CAPTION_MM);
    let mut problems = Vec::new();
    let mut reported = std::collections::HashSet::new();
    for p in pieces.iter().filter(|p| !joinable(p.kind)) {
        if layout.fits(p.w, p.h) || !reported.insert(p.component) {
            continue;
        }
        let c = &game.spec.components[p.component];
        let message = format!(
            "`{}` is {:.1} × {:.1} mm, larger than the printable area of {} {} ({:.0} × {:.0} mm); make it smaller or choose other paper (--paper, --landscape)",
            c.id.value,
            p.w,
            p.h,
            layout.paper.name,
            if layout.paper.w > layout.paper.h {
                "landscape"
            } else {
                "portrait"
            },
            max_w,
            max_h
        );
        problems.push(match &c.size {
            Some(size) => Located::at(&game.file, size, message),
            None => Located::at(&game.file, &c.id, message),
        });
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(SpecError::Invalid(Problems(problems)))
    }
}
