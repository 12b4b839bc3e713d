//! Pieces → one SVG document per distinct face. This is the only place that draws; the PDF, PNG
//! and Tabletop Simulator outputs are all made from these documents, so they never disagree.
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use serde_saphyr::Location;

pub use super::names::could_name_a_face;
use crate::base::diagnostic::{Diagnostic, Problems};
use crate::base::forms::Side;
use crate::base::outline::Outline;
use crate::base::shape::Shape;
use crate::kinds::Game;
use crate::kinds::face::{Art, Colors, Guide, draw_face_noting};
use crate::kinds::piece::Piece;
use crate::spec::{Face, SpecError};

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
    /// The path it is cut along when that is not its box (a circle, a hexagon, a die's net):
    /// the sheet prints it as a cut line and the image is transparent outside it.
    pub cut: Option<Arc<Outline>>,
    /// Texts that ran over their space even at their smallest size.
    pub overflows: Box<[String]>,
    /// What the face says of itself, for `pnp check` (`Options::looks`).
    pub look: Option<Box<Look>>,
}

/// A face's colours and what it shows, as its piece gives them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Look {
    pub ink: String,
    pub background: String,
    /// Whether it prints a title, label, text or lines.
    pub has_text: bool,
    /// Where its picture (`image:`) is named, if it has one.
    pub image: Option<Location>,
}

impl Look {
    pub fn of(face: &Face) -> Look {
        let colors = Colors::of(face);
        Look {
            ink: colors.ink,
            background: colors.background,
            has_text: face.title.is_some()
                || face.label.is_some()
                || face.text.is_some()
                || face.lines.is_some(),
            image: face.image.as_ref().map(|i| i.referenced),
        }
    }
}

/// A face's SVG. A game's faces keep their SVG text up to `KEEP_SVG_BYTES`; past that (a deck
/// of thousands of cards) the rest is held compressed against the first face of its component
/// and side, which is kept as text: a card that differs from the first by its title costs a
/// few dozen bytes, and no face is ever drawn twice.
#[derive(Debug, Clone)]
pub enum Source {
    Svg(Box<str>),
    /// Deflated SVG text (these bytes of `Faces::packed`), with the face whose text was its
    /// dictionary.
    Packed {
        bytes: std::ops::Range<usize>,
        dictionary: Option<usize>,
    },
    /// Drawn to see that it draws, and not kept (`pnp validate`).
    Discarded,
}

/// SVG text a game's faces keep uncompressed between drawing and output.
pub const KEEP_SVG_BYTES: usize = 1 << 20;

impl FaceDoc {
    /// A face of `svg` text, `w`×`h` mm with `bleed`, cut along its box.
    pub fn of_svg(name: &str, svg: String, w: f64, h: f64, bleed: f64) -> FaceDoc {
        FaceDoc {
            name: name.into(),
            source: Source::Svg(svg.into()),
            w,
            h,
            bleed,
            cut: None,
            overflows: Box::default(),
            look: None,
        }
    }
}

/// Why a face's SVG cannot be had back.
#[derive(Debug, thiserror::Error)]
pub enum Unpacked {
    #[error("its SVG was not kept")]
    Discarded,
    #[error("its SVG does not unpack: {0}")]
    Inflate(#[from] flate2::DecompressError),
    #[error("its SVG unpacks to no text: {0}")]
    Text(#[from] std::string::FromUtf8Error),
}

/// Deflates faces' SVG with one compressor, each after the last in one buffer: a fresh
/// encoder, or a small allocation, a face would leave the heap full of holes beside them.
struct Packer {
    compress: flate2::Compress,
    packed: Vec<u8>,
}

impl Packer {
    fn new() -> Packer {
        Packer {
            compress: flate2::Compress::new(flate2::Compression::fast(), false),
            packed: Vec::new(),
        }
    }

    /// Packs `svg` (against `dictionary`) after the faces packed before; its bytes.
    fn pack(
        &mut self,
        svg: &str,
        dictionary: Option<&str>,
    ) -> Result<std::ops::Range<usize>, flate2::CompressError> {
        self.compress.reset();
        if let Some(d) = dictionary {
            self.compress.set_dictionary(d.as_bytes())?;
        }
        let start = self.packed.len();
        self.packed.reserve(svg.len() / 4 + 64);
        let mut input = svg.as_bytes();
        loop {
            let before = self.compress.total_in();
            let status = self.compress.compress_vec(
                input,
                &mut self.packed,
                flate2::FlushCompress::Finish,
            )?;
            input = &input[(self.compress.total_in() - before) as usize..];
            match status {
                flate2::Status::StreamEnd => return Ok(start..self.packed.len()),
                _ => self.packed.reserve(svg.len().max(64)),
            }
        }
    }
}

fn unpack(bytes: &[u8], dictionary: Option<&str>) -> Result<String, Unpacked> {
    let mut inflate = flate2::Decompress::new(false);
    if let Some(d) = dictionary {
        inflate.set_dictionary(d.as_bytes())?;
    }
    let mut out = Vec::with_capacity(bytes.len() * 4);
    loop {
        let before = inflate.total_in() as usize;
        let status = inflate.decompress_vec(
            &bytes[before.min(bytes.len())..],
            &mut out,
            flate2::FlushDecompress::Finish,
        )?;
        match status {
            flate2::Status::StreamEnd => return Ok(String::from_utf8(out)?),
            _ => out.reserve(out.capacity().max(256)),
        }
    }
}

/// Every distinct face of a game, and which faces each piece uses.
#[derive(Debug, Clone, Default)]
pub struct Faces {
    pub docs: Vec<FaceDoc>,
    /// Per piece (same order as the pieces): (front, back) indices into `docs`.
    pub of_piece: Vec<(usize, Option<usize>)>,
    /// Texts that run over their space even at their smallest size, one line per face.
    pub warnings: Vec<Diagnostic>,
    /// By face number, the backs that are not white: their background, and whether the piece
    /// is round (`layout::document::Document::underlay_svg`). Only those faces: a deck of
    /// thousands has one back.
    pub grounds: BTreeMap<usize, Ground>,
    /// The packed faces' bytes, one after another (`Source::Packed`).
    pub packed: Vec<u8>,
}

/// A back's background colour, carried past its cut on the page of backs.
#[derive(Debug, Clone, PartialEq)]
pub struct Ground {
    pub color: String,
    pub round: bool,
}

impl Faces {
    /// The SVG of face `face`.
    pub fn svg(&self, face: usize) -> Result<Cow<'_, str>, Unpacked> {
        match &self.docs[face].source {
            Source::Svg(svg) => Ok(Cow::Borrowed(svg)),
            Source::Packed { bytes, dictionary } => {
                let dictionary = match dictionary.map(|d| &self.docs[d].source) {
                    Some(Source::Svg(text)) => Some(&**text),
                    _ => None,
                };
                Ok(Cow::Owned(unpack(&self.packed[bytes.clone()], dictionary)?))
            }
            Source::Discarded => Err(Unpacked::Discarded),
        }
    }
}

/// What drawing keeps of each face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Keep {
    /// Its SVG (as text up to `KEEP_SVG_BYTES`, then packed).
    #[default]
    Svg,
    /// Its SVG and what `pnp check` looks at (`FaceDoc::look`).
    Looks,
    /// Nothing: the faces are drawn only to see that they draw (`pnp validate`).
    Nothing,
}

/// Faces whose overflowing texts are listed one by one; the rest are counted.
const MAX_OVERFLOW_WARNINGS: usize = 20;

/// Draws every face of every piece once; identical faces (same SVG) are kept once, as `keep`
/// says.
pub fn draw_all(
    game: &Game,
    pieces: &[Piece],
    bleed: f64,
    guide: Option<Guide>,
    keep: Keep,
) -> Result<Faces, SpecError> {
    draw_all_within(game, pieces, bleed, guide, keep, KEEP_SVG_BYTES)
}

/// `draw_all`, keeping at most `budget` bytes of SVG text uncompressed (and the first face of
/// each component and side, the others' dictionary).
pub fn draw_all_within(
    game: &Game,
    pieces: &[Piece],
    bleed: f64,
    guide: Option<Guide>,
    keep: Keep,
    budget: usize,
) -> Result<Faces, SpecError> {
    let art = Art::new(game);
    let mut packer = Packer::new();
    let mut kept = 0;
    let mut docs: Vec<FaceDoc> = Vec::new();
    let mut by_hash: HashMap<u128, usize> = HashMap::new();
    let mut users = super::names::Users::default();
    let mut of_piece = Vec::with_capacity(pieces.len());
    let mut problems = Vec::new();
    let (mut warnings, mut overflowing) = (Vec::new(), 0);
    let mut grounds = BTreeMap::new();
    // The first face of each component and side: kept as text, the others' dictionary.
    let mut firsts: HashMap<(usize, Side), usize> = HashMap::new();
    // One cut path per component and side, shared by its faces.
    let mut cuts: HashMap<(usize, Side), Option<Arc<Outline>>> = HashMap::new();
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
                        let c = &game.spec.components[piece.component];
                        let origin = || super::Origin::of(game, c);
                        let overflow = (!overflows.is_empty())
                            .then(|| origin().overflow(&piece.id(game), side, &overflows))
                            .flatten();
                        if let Some(w) = overflow {
                            overflowing += 1;
                            if warnings.len() < MAX_OVERFLOW_WARNINGS {
                                warnings.push(w);
                            }
                        }
                        let first = *firsts.entry((piece.component, side)).or_insert(idx);
                        let source = match keep {
                            Keep::Nothing => Source::Discarded,
                            _ if first == idx || kept + svg.len() <= budget => {
                                kept += svg.len();
                                Source::Svg(svg.into_boxed_str())
                            }
                            _ => {
                                let dictionary = match &docs[first].source {
                                    Source::Svg(text) => Some(&**text),
                                    _ => None,
                                };
                                match packer.pack(&svg, dictionary) {
                                    Ok(bytes) => Source::Packed {
                                        bytes,
                                        dictionary: dictionary.map(|_| first),
                                    },
                                    Err(_) => Source::Svg(svg.into_boxed_str()),
                                }
                            }
                        };
                        let face = match side {
                            Side::Front => Some(piece.front(game)),
                            Side::Back => piece.back(game),
                        };
                        let look = face.as_deref().map(Look::of).unwrap_or_default();
                        if side == Side::Back
                            && let Some(ground) = ground(&look.background, &piece.shape)
                        {
                            grounds.insert(idx, ground);
                        }
                        let look = (keep == Keep::Looks).then(|| Box::new(look));
                        let cut = cuts
                            .entry((piece.component, side))
                            .or_insert_with(|| {
                                let outline = crate::kinds::face_outline(game, piece, side);
                                (outline != Outline::Rect).then(|| Arc::new(outline))
                            })
                            .clone();
                        docs.push(FaceDoc {
                            name: format!("{}-{}", piece.id(game), side.name()),
                            source,
                            w: piece.w,
                            h: piece.h,
                            bleed,
                            cut,
                            overflows: overflows.into_boxed_slice(),
                            look,
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
    let mut packed = packer.packed;
    packed.shrink_to_fit();
    Ok(Faces {
        docs,
        of_piece,
        warnings,
        grounds,
        packed,
    })
}

/// The ground of a back of this background: none for white (or nearly) and `none`.
fn ground(background: &str, shape: &Shape) -> Option<Ground> {
    let white = background
        .strip_prefix('#')
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .is_none_or(|v| [16, 8, 0].iter().all(|s| (v >> s) & 0xff >= 0xf5));
    (!white && background != "none").then(|| Ground {
        color: background.to_string(),
        round: *shape == Shape::Round,
    })
}
