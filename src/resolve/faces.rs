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
    Text(#[from] std::str::Utf8Error),
}

/// Deflates faces' SVG with one compressor, each after the last in one buffer: a fresh
/// encoder, or a small allocation, a face would leave the heap full of holes beside them. The
/// compressor (about 380 KB of state) is made only when a face is packed: most games pack none.
#[derive(Default)]
struct Packer {
    compress: Option<flate2::Compress>,
    packed: Vec<u8>,
}

impl Packer {
    /// Packs `svg` (against `dictionary`) after the faces packed before; its bytes.
    fn pack(
        &mut self,
        svg: &str,
        dictionary: Option<&str>,
    ) -> Result<std::ops::Range<usize>, flate2::CompressError> {
        let compress = self
            .compress
            .get_or_insert_with(|| flate2::Compress::new(flate2::Compression::fast(), false));
        compress.reset();
        if let Some(d) = dictionary {
            compress.set_dictionary(d.as_bytes())?;
        }
        let start = self.packed.len();
        self.packed.reserve(svg.len() / 4 + 64);
        let mut input = svg.as_bytes();
        loop {
            let before = compress.total_in();
            let status =
                compress.compress_vec(input, &mut self.packed, flate2::FlushCompress::Finish)?;
            input = &input[(compress.total_in() - before) as usize..];
            match status {
                flate2::Status::StreamEnd => return Ok(start..self.packed.len()),
                _ => self.packed.reserve(svg.len().max(64)),
            }
        }
    }
}

/// A thread's inflater and the text it inflates into, kept from one packed face to the next.
/// Faces are unpacked on rayon's threads just before they are parsed: a fresh inflater (its
/// state and 32 KB window) and a text grown by doubling a face, freed between the blocks of the
/// tree parsed from it, left holes that the trees kept for a window of pages could not fill,
/// and the threads' arena grew with the number of packed faces (docs/performance.md,
/// 2026-11-28).
struct Unpacker {
    inflate: flate2::Decompress,
    text: Vec<u8>,
}

/// A thread keeps a text buffer up to this size between faces (a card's face is a few KB; a
/// board's may be far larger, and is not worth holding on every thread).
const KEEP_UNPACKED_BYTES: usize = 256 << 10;

thread_local! {
    static UNPACKER: std::cell::RefCell<Option<Unpacker>> = const { std::cell::RefCell::new(None) };
}

impl Unpacker {
    fn new() -> Unpacker {
        Unpacker {
            inflate: flate2::Decompress::new(false),
            text: Vec::new(),
        }
    }

    /// Inflates `bytes` (against `dictionary`) into `self.text`, replacing what it held.
    fn unpack(&mut self, bytes: &[u8], dictionary: Option<&str>) -> Result<&str, Unpacked> {
        self.inflate.reset(false);
        if let Some(d) = dictionary {
            self.inflate.set_dictionary(d.as_bytes())?;
        }
        self.text.clear();
        self.text.reserve(bytes.len() * 4);
        loop {
            let before = self.inflate.total_in() as usize;
            let status = self.inflate.decompress_vec(
                &bytes[before.min(bytes.len())..],
                &mut self.text,
                flate2::FlushDecompress::Finish,
            )?;
            match status {
                flate2::Status::StreamEnd => return Ok(std::str::from_utf8(&self.text)?),
                _ => self.text.reserve(self.text.capacity().max(256)),
            }
        }
    }
}

/// Runs `f` on the text `bytes` inflate to, through this thread's `Unpacker`.
fn with_unpacked<R>(
    bytes: &[u8],
    dictionary: Option<&str>,
    f: impl FnOnce(&str) -> R,
) -> Result<R, Unpacked> {
    UNPACKER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => {
            let unpacker = slot.get_or_insert_with(Unpacker::new);
            let result = unpacker.unpack(bytes, dictionary).map(f);
            if unpacker.text.capacity() > KEEP_UNPACKED_BYTES {
                unpacker.text = Vec::new();
            }
            result
        }
        // Re-entered on this thread (`f` unpacking another face): an unpacker of its own.
        Err(_) => Unpacker::new().unpack(bytes, dictionary).map(f),
    })
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
            _ => self.with_svg(face, |svg| Cow::Owned(svg.to_owned())),
        }
    }

    /// Runs `f` on the SVG of face `face`: a packed face is inflated into a buffer this thread
    /// keeps, not into a text of its own (`Unpacker`).
    pub fn with_svg<R>(&self, face: usize, f: impl FnOnce(&str) -> R) -> Result<R, Unpacked> {
        match &self.docs[face].source {
            Source::Svg(svg) => Ok(f(svg)),
            Source::Packed { bytes, dictionary } => {
                let dictionary = match dictionary.map(|d| &self.docs[d].source) {
                    Some(Source::Svg(text)) => Some(&**text),
                    _ => None,
                };
                with_unpacked(&self.packed[bytes.clone()], dictionary, f)
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
    let mut packer = Packer::default();
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
                        let face = piece.face(game, side);
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
                        game.file_of(c),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_unpacked_one_after_another_on_one_thread_come_back_whole() {
        // One thread's unpacker serves every face in turn: a face is not left with the end of a
        // longer one before it, nor inflated against the wrong dictionary, and one larger than
        // the buffer a thread keeps comes back whole too.
        let dictionary = "<svg><rect fill=\"#335577\"/><text>Card 00001</text></svg>";
        let faces: Vec<String> = [3, 40_000, 1, 300_000 / 40, 2]
            .iter()
            .map(|&n| dictionary.replace("00001", &format!("{n:05}")).repeat(n))
            .collect();
        let mut packer = Packer::default();
        assert!(
            packer.compress.is_none(),
            "no compressor before a face is packed"
        );
        let packed: Vec<_> = faces
            .iter()
            .enumerate()
            .map(|(i, svg)| {
                let d = (i % 2 == 0).then_some(dictionary);
                (packer.pack(svg, d).unwrap(), d)
            })
            .collect();
        for _ in 0..2 {
            for ((bytes, d), svg) in packed.iter().zip(&faces) {
                let back = with_unpacked(&packer.packed[bytes.clone()], *d, str::to_owned);
                assert_eq!(back.unwrap(), *svg);
            }
        }
        let kept = UNPACKER.with(|u| u.borrow().as_ref().map(|u| u.text.capacity()));
        assert!(kept.is_some_and(|c| c <= KEEP_UNPACKED_BYTES), "{kept:?}");
    }
}
