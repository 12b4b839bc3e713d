//! Pieces → one SVG document per distinct face. This is the only place that draws; the PDF, PNG
//! and Tabletop Simulator outputs are all made from these documents, so they never disagree.
use std::collections::HashMap;

use crate::base::diagnostic::{Diagnostic, Problems};
use crate::base::forms::Side;
use crate::kinds::Game;
use crate::kinds::face::{Art, DrawError, Guide, draw_face_noting};
use crate::kinds::piece::{Piece, Pieces};
use crate::spec::SpecError;

/// One distinct face, drawn.
#[derive(Debug, Clone)]
pub struct FaceDoc {
    /// File stem for its PNG: `grain-barley-front`, or `tile-back` when shared by a component.
    pub name: String,
    pub source: Source,
    /// Trim size in mm (the SVG adds `bleed` on every side).
    pub w: f64,
    pub h: f64,
    pub bleed: f64,
}

/// Where a face's SVG comes from. A game's faces keep their SVG text up to `KEEP_SVG_BYTES`;
/// past that (a deck of thousands of cards) a face is drawn again when a sink reaches it, so
/// memory does not grow with the SVG of every face at once.
#[derive(Debug, Clone)]
pub enum Source {
    Svg(Box<str>),
    Redraw { piece: usize, side: Side },
}

/// SVG text a game's faces keep between drawing and output (drawing again costs a little time).
pub const KEEP_SVG_BYTES: usize = 1 << 20;

/// Draws the faces of a game's pieces again on demand (see `Source::Redraw`).
pub struct Painter<'g> {
    game: &'g Game,
    art: Art<'g>,
    guide: Option<Guide>,
}

impl<'g> Painter<'g> {
    pub fn new(game: &'g Game) -> Self {
        Painter {
            game,
            art: Art::new(game),
            guide: None,
        }
    }

    /// Drawing again with the safe-zone guide, as the faces were first drawn.
    pub fn guided(self, guide: Option<Guide>) -> Self {
        Painter { guide, ..self }
    }

    /// `piece`'s `side`, drawn as it was the first time.
    pub fn draw(&self, piece: &Piece, side: Side, bleed: f64) -> Result<String, DrawError> {
        let drawn =
            draw_face_noting(self.game, piece, side, bleed, self.guide, &self.art)?.map(|d| d.0);
        drawn.ok_or_else(|| DrawError::NoBack(piece.id(self.game).into_owned()))
    }
}

/// Every distinct face of a game, and which faces each piece uses.
#[derive(Debug, Clone)]
pub struct Faces {
    pub docs: Vec<FaceDoc>,
    /// Per piece (same order as the pieces): (front, back) indices into `docs`.
    pub of_piece: Vec<(usize, Option<usize>)>,
    /// Texts that run over their space even at their smallest size, one line per face.
    pub warnings: Vec<Diagnostic>,
}

/// Faces whose overflowing texts are listed one by one; the rest are counted.
const MAX_OVERFLOW_WARNINGS: usize = 20;

/// The warning for a face whose texts ran over (the list `draw_face_noting` returns).
/// Located at the piece's component, with what to do.
pub fn overflow_warning(
    game: &Game,
    piece: &Piece,
    side: Side,
    overflows: &[String],
) -> Option<Diagnostic> {
    if overflows.is_empty() {
        return None;
    }
    let list: Vec<String> = overflows.iter().map(|t| format!("`{t}`")).collect();
    let message = format!(
        "text runs over on the {} of `{}`: {}",
        side.name(),
        piece.id(game),
        list.join(", ")
    );
    let c = &game.spec.components[piece.component];
    let file = c.origin.as_deref().unwrap_or(&game.file);
    let at = Diagnostic::at(file, &c.id, message).warning();
    Some(at.hint("shorten the text, or make the piece larger"))
}

/// Draws every face of every piece once; identical faces (same SVG) are kept once.
pub fn draw_all(game: &Game, pieces: &Pieces, bleed: f64) -> Result<Faces, SpecError> {
    draw_all_guided(game, pieces, bleed, None, KEEP_SVG_BYTES)
}

/// `draw_all`, keeping at most `keep` bytes of SVG text (the rest is drawn again when needed).
pub fn draw_all_keeping(
    game: &Game,
    pieces: &Pieces,
    bleed: f64,
    keep: usize,
) -> Result<Faces, SpecError> {
    draw_all_guided(game, pieces, bleed, None, keep)
}

/// `draw_all_keeping`, with the safe-zone guide on every face when `guide` is given.
pub fn draw_all_guided(
    game: &Game,
    pieces: &Pieces,
    bleed: f64,
    guide: Option<Guide>,
    keep: usize,
) -> Result<Faces, SpecError> {
    let art = Art::new(game);
    let mut kept = 0;
    let mut docs: Vec<FaceDoc> = Vec::new();
    let mut by_hash: HashMap<u128, usize> = HashMap::new();
    let mut users = super::names::Users::default();
    let mut of_piece = Vec::with_capacity(pieces.len());
    let mut problems = Vec::new();
    let (mut warnings, mut overflowing) = (Vec::new(), 0);
    for (pi, piece) in pieces.iter().enumerate() {
        let mut ids = [None, None];
        for (k, side) in [Side::Front, Side::Back].into_iter().enumerate() {
            match draw_face_noting(game, piece, side, bleed, guide, &art) {
                Ok(Some((svg, overflows))) => {
                    let next = docs.len();
                    let idx = *by_hash
                        .entry(crate::base::hash::of(svg.as_bytes()))
                        .or_insert(next);
                    if idx == next {
                        if let Some(w) = overflow_warning(game, piece, side, &overflows) {
                            overflowing += 1;
                            if warnings.len() < MAX_OVERFLOW_WARNINGS {
                                warnings.push(w);
                            }
                        }
                        let source = if kept + svg.len() <= keep {
                            kept += svg.len();
                            Source::Svg(svg.into_boxed_str())
                        } else {
                            Source::Redraw { piece: pi, side }
                        };
                        docs.push(FaceDoc {
                            name: format!("{}-{}", piece.id(game), side.name()),
                            source,
                            w: piece.w,
                            h: piece.h,
                            bleed,
                        });
                    }
                    users.add(idx, (pi, side));
                    ids[k] = Some(idx);
                }
                Ok(None) => {}
                Err(message) => {
                    let c = &game.spec.components[piece.component];
                    problems.push(Diagnostic::at(
                        c.origin.as_deref().unwrap_or(&game.file),
                        &c.id,
                        format!("cannot draw `{}`: {message}", piece.id(game)),
                    ));
                }
            }
        }
        if let Some(front) = ids[0] {
            of_piece.push((front, ids[1]));
        }
    }
    if !problems.is_empty() {
        return Err(SpecError::Invalid(Problems(problems)));
    }
    let components: Vec<&str> = game
        .spec
        .components
        .iter()
        .map(|c| c.id.value.as_str())
        .collect();
    super::names::name_shared(&mut docs, &users, pieces, &components);
    super::names::disambiguate(
        &mut docs,
        &users,
        |p| pieces[p].id(game).into_owned(),
        |p| pieces[p].tags(game).into_owned(),
    );
    if overflowing > warnings.len() {
        let more = overflowing - warnings.len();
        warnings.push(Diagnostic::unplaced_warning(format!(
            "text runs over on {more} more faces"
        )));
    }
    // Held for the whole build: without the room the vectors grew into.
    docs.shrink_to_fit();
    Ok(Faces {
        docs,
        of_piece,
        warnings,
    })
}
