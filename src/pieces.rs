//! Spec → every physical piece: its size, shape, front and back faces (resolved from component
//! defaults and variant overrides) and how many copies to make.
use std::collections::BTreeMap;

use crate::spec::{Component, Face, Game, Kind, Shape, TrackSpec};

#[derive(Debug, Clone)]
pub struct Piece {
    /// Index of the component in the spec, for grouping and locating errors.
    pub component: usize,
    /// `component-variant` (or the component id): names the piece's PNG files.
    pub id: String,
    pub kind: Kind,
    pub w: f64,
    pub h: f64,
    pub shape: Shape,
    pub front: Face,
    /// Boxed, so a piece without a back holds 8 bytes here rather than a whole `Face`.
    pub back: Option<Box<Face>>,
    pub copies: u32,
    pub tags: BTreeMap<String, String>,
}

/// Total copies a component makes (all variants).
pub fn copies_of(c: &Component) -> u64 {
    let default = c.copies.as_ref().map_or(1, |s| s.value) as u64;
    if c.variants.is_empty() {
        default
    } else {
        c.variants
            .iter()
            .map(|v| v.copies.as_ref().map_or(default, |s| s.value as u64))
            .sum()
    }
}

pub fn default_shape(kind: Kind) -> Shape {
    match kind {
        Kind::Card => Shape::Rounded,
        Kind::PlayingCard => Shape::Rounded,
        _ => Shape::Square,
    }
}

/// The outer size (mm) of a track: its spaces in a line plus the end area.
pub fn track_size(t: &TrackSpec) -> (f64, f64) {
    let (sw, sh) = (t.space.value.w.mm(), t.space.value.h.mm());
    let n = t.spaces.len() as f64;
    let end = t
        .end_size
        .as_ref()
        .map_or(if t.end.is_some() { sh } else { 0.0 }, |l| l.value.mm());
    let label_band = if t.labels == crate::spec::LabelPosition::Outside {
        crate::draw::track::OUTSIDE_LABEL_MM
    } else {
        0.0
    };
    let pad = crate::draw::track::PAD_MM;
    let title = crate::draw::track::TITLE_MM;
    match t.direction {
        crate::spec::Direction::Down => (
            sw + 2.0 * pad + label_band,
            title + n * sh + end + 2.0 * pad,
        ),
        crate::spec::Direction::Right => (
            n * sw + end + 2.0 * pad,
            title + sh + 2.0 * pad + label_band,
        ),
    }
}

pub fn expand(game: &Game) -> Vec<Piece> {
    let count = game.spec.components.iter().map(|c| c.variants.len().max(1));
    let mut pieces = Vec::with_capacity(count.sum());
    for (index, c) in game.spec.components.iter().enumerate() {
        let (w, h) = match (&c.track, &c.size) {
            (Some(t), _) => track_size(t),
            _ if c.board.is_some() => c
                .board
                .as_ref()
                .map_or((0.0, 0.0), crate::draw::board::size),
            (None, Some(s)) => (s.value.w.mm(), s.value.h.mm()),
            (None, None) if c.kind.value == Kind::Sheet => crate::sheets::DEFAULT_SIZE,
            (None, None) => continue, // refused by the spec checks
        };
        let (w, h) = folded_size(c.kind.value, w, h);
        let shape = c.shape.unwrap_or_else(|| default_shape(c.kind.value));
        let default_copies = c.copies.as_ref().map_or(1, |s| s.value);
        // Only the faces, id, copies and tags differ from variant to variant.
        let piece = |id: String, front: Face, back: Option<Face>, copies, tags| Piece {
            component: index,
            id,
            kind: c.kind.value,
            w,
            h,
            shape,
            front,
            back: back.map(Box::new),
            copies,
            tags,
        };
        if c.variants.is_empty() {
            let (front, back) = (c.front.clone(), c.back.clone());
            pieces.push(piece(
                c.id.value.clone(),
                front,
                back,
                default_copies,
                BTreeMap::new(),
            ));
            continue;
        }
        for v in &c.variants {
            let back = match (&c.back, &v.back) {
                (Some(b), Some(vb)) => Some(b.overlaid(vb)),
                (None, Some(vb)) => Some(vb.as_ref().clone()),
                (b, None) => b.clone(),
            };
            pieces.push(piece(
                format!("{}-{}", c.id.value, v.id.value),
                c.front.overlaid(&v.front),
                back,
                v.copies.as_ref().map_or(default_copies, |s| s.value),
                v.tags.clone(),
            ));
        }
    }
    pieces
}

/// The printed size of a piece whose `size` is that of the folded object: a die's net for its
/// edge, a pawn's strip for its figure.
pub fn folded_size(kind: Kind, w: f64, h: f64) -> (f64, f64) {
    match kind {
        Kind::Die => crate::draw::die::net_size(w.min(h)),
        Kind::Pawn => crate::draw::pawn::strip_size(w, h),
        _ => (w, h),
    }
}
