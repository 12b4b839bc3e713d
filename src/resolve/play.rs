//! What lies where in play, resolved for `pnp check`: each `holds:` entry with the rooms of the
//! pieces that hold and the footprint of the piece held, and each piece a setup diagram stands
//! on another's space, as drawn. Asked of the kinds once here; the preflight only measures.
use serde_saphyr::Location;

use crate::base::forms::{Footprint, Room, Sitting};
use crate::kinds::Game;
use crate::kinds::piece::Piece;

/// One `holds:` entry of a printed component.
#[derive(Debug, Clone)]
pub struct Hold {
    /// Each printed piece of the component (an index into `Resolved::pieces`) and the rooms
    /// that hold: its spaces named by `spaces:` (when none are, all but those held apart: a
    /// track's end area), or the whole piece when it has no spaces.
    pub pieces: Vec<(usize, Vec<Room>)>,
    /// The piece held, as written, and what one covers (the largest of its variants').
    pub held: String,
    pub footprint: Footprint,
    pub count: u32,
    /// Whether the rooms are the holding pieces themselves (a marker on a tile).
    pub on_piece: bool,
    pub at: Location,
}

/// By component, what its `holds:` entries hold (when it is printed) and the pieces it seats on
/// spaces (a printed setup diagram); `handles` are the printed pieces, in `Resolved::pieces`'
/// order.
pub fn resolve(game: &Game, handles: &[Piece], printed: &[bool]) -> Vec<(Vec<Hold>, Vec<Sitting>)> {
    let any_holds = game.spec.components.iter().any(|c| !c.holds.is_empty());
    let all = match any_holds {
        true => crate::kinds::piece::expand(game),
        false => Vec::new(),
    };
    let each = game.spec.components.iter().enumerate();
    each.map(|(ci, c)| {
        if !printed.get(ci).copied().unwrap_or(false) {
            return (Vec::new(), Vec::new());
        }
        let holds = c
            .holds
            .iter()
            .filter_map(|h| hold(game, ci, h, handles, &all))
            .collect();
        (holds, c.kind.kind().sittings(game))
    })
    .collect()
}

/// One entry of component `ci`'s `holds:`; `None` when it names no piece (the checks said so).
fn hold(
    game: &Game,
    ci: usize,
    h: &serde_saphyr::Spanned<crate::spec::play::Holds>,
    handles: &[Piece],
    all: &[Piece],
) -> Option<Hold> {
    let kind = game.spec.components[ci].kind.kind();
    let footprint = all
        .iter()
        .filter(|p| {
            p.id(game) == h.value.piece
                || game.spec.components[p.component].id.value == h.value.piece
        })
        .map(|p| {
            let hc = &game.spec.components[p.component];
            hc.kind.kind().footprint(hc, p)
        })
        .reduce(|a, b| if a.w * a.h >= b.w * b.h { a } else { b })?;
    let mut on_piece = false;
    let pieces = handles
        .iter()
        .enumerate()
        .filter(|(_, p)| p.component == ci)
        .map(|(i, p)| {
            let rooms = kind.rooms(game, p);
            if rooms.is_empty() {
                on_piece = true;
                let whole = Room {
                    name: String::new(),
                    x: 0.0,
                    y: 0.0,
                    w: p.w,
                    h: p.h,
                    round: p.shape == crate::spec::Shape::Round,
                    apart: false,
                };
                return (i, vec![whole]);
            }
            let named = |r: &Room| match h.value.spaces.is_empty() {
                true => !r.apart,
                false => h.value.spaces.contains(&r.name),
            };
            (i, rooms.into_iter().filter(named).collect())
        })
        .collect();
    Some(Hold {
        pieces,
        held: h.value.piece.clone(),
        footprint,
        count: h.value.count,
        on_piece,
        at: h.referenced,
    })
}
