//! Pieces → one SVG document per distinct face. This is the only place that draws; the PDF, PNG
//! and Tabletop Simulator outputs are all made from these documents, so they never disagree.
pub mod arcs;
pub mod boxes;
pub mod canvas;
pub mod frame;
pub mod image;
pub mod marks;
pub mod markup;
mod names;
pub mod pips;
pub mod symbol;
pub mod text;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use svg::node::element::Group;

use crate::error::{Diagnostic, Problems, SpecError};
use crate::pieces::{Piece, Pieces};
use crate::spec::color::Color;
use crate::spec::{Face, Game, symbol_source};

pub use canvas::n as fmt_mm;
pub use names::could_name_a_face;

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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Front,
    Back,
}

impl Side {
    /// `front` or `back`, as in face names and messages.
    pub fn name(self) -> &'static str {
        match self {
            Side::Front => "front",
            Side::Back => "back",
        }
    }
}

/// The colours of a face with their defaults.
pub struct Colors {
    pub background: String,
    pub ink: String,
    border: Option<String>,
}

impl Colors {
    pub fn of(face: &Face) -> Colors {
        let ink = face.ink.as_ref().map_or("#222222", |c| c.hex()).to_string();
        let border = match &face.border {
            Some(c) if c.is_none() => None,
            Some(c) => Some(c.hex().to_string()),
            None => Some(ink.clone()),
        };
        Colors {
            background: face
                .background
                .as_ref()
                .map_or("#ffffff", |c| c.hex())
                .to_string(),
            ink,
            border,
        }
    }
    pub fn border(&self) -> Option<&str> {
        self.border.as_deref()
    }
    /// The ink laid `share` (0 to 1) over the background, as one opaque colour: faint marks
    /// that overlap each other stay solid paint (no transparency for the printer or the PNG
    /// to composite). `None` when either colour is not `#rrggbb` (`none`).
    pub fn tint(&self, share: f64) -> Option<String> {
        let rgb = |c: &str| -> Option<[f64; 3]> {
            let h = c.strip_prefix('#').filter(|h| h.len() == 6)?;
            let at = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok().map(f64::from);
            Some([at(0)?, at(2)?, at(4)?])
        };
        let (ink, paper) = (rgb(&self.ink)?, rgb(&self.background)?);
        let mix = |i: usize| (paper[i] + (ink[i] - paper[i]) * share).round() as u8;
        Some(format!("#{:02x}{:02x}{:02x}", mix(0), mix(1), mix(2)))
    }
}

/// Why a face cannot be drawn: what only drawing finds (the checks before it refuse what they
/// can see).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DrawError {
    #[error("no symbol `{0}`")]
    NoSymbol(String),
    #[error("symbol `{name}` ({path}): {why}")]
    Symbol {
        name: String,
        path: String,
        why: symbol::SymbolError,
    },
    #[error(transparent)]
    PlayingCard(#[from] crate::kinds::playing_card::CardError),
    #[error("a board needs at least one square per side")]
    NoSquares,
    #[error("no piece `{0}` to place")]
    NoPiece(String),
    #[error("`{0}` has no back to show")]
    NoBack(String),
    #[error("a die has faces 0 to 5, not {0}")]
    DieFace(usize),
    #[error(transparent)]
    Sheet(#[from] crate::sheets::SheetError),
    #[error(transparent)]
    Image(#[from] crate::images::ImageError),
}

/// Symbol art, parsed once per name and shared by every face that uses it.
pub struct Art<'g> {
    game: &'g Game,
    cache: Mutex<HashMap<String, Result<Arc<Group>, DrawError>>>,
    /// The game's own pictures, read once per folder and name.
    pictures: Mutex<PictureCache>,
}

type PictureCache =
    HashMap<(Option<std::path::PathBuf>, String), Result<Arc<crate::images::Picture>, DrawError>>;

impl<'g> Art<'g> {
    /// The game whose art this is.
    pub fn game(&self) -> &'g Game {
        self.game
    }

    pub fn new(game: &'g Game) -> Self {
        Art {
            game,
            cache: Mutex::new(HashMap::new()),
            pictures: Mutex::new(HashMap::new()),
        }
    }

    /// The picture `name` of the game (or included game) in `dir`, read and checked once.
    pub fn picture(
        &self,
        dir: Option<&std::path::Path>,
        name: &str,
    ) -> Result<Arc<crate::images::Picture>, DrawError> {
        let mut cache = self.pictures.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry((dir.map(|d| d.to_path_buf()), name.to_string()))
            .or_insert_with(|| crate::images::load(dir, name).map_err(DrawError::from))
            .clone()
    }

    pub fn symbol(&self, name: &str) -> Result<Arc<Group>, DrawError> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry(name.to_string())
            .or_insert_with(|| {
                let found = symbol_source(self.game, name);
                let (path, source) = match found {
                    Ok(Some(file)) => (file.path, Ok(file.source)),
                    Ok(None) => return Err(DrawError::NoSymbol(name.to_string())),
                    Err((path, why)) => (path, Err(why)),
                };
                source
                    .and_then(|svg| symbol::parse(&svg))
                    .map(Arc::new)
                    .map_err(|why| DrawError::Symbol {
                        name: name.to_string(),
                        path,
                        why,
                    })
            })
            .clone()
    }
}

/// A face's SVG (`None` when the piece has no such side).
pub fn draw_face(
    game: &Game,
    piece: &Piece,
    side: Side,
    bleed: f64,
    art: &Art,
) -> Result<Option<String>, DrawError> {
    text::noting_overflows(false, || draw_svg(game, piece, side, bleed, None, art)).0
}

/// `draw_face`, with the texts that ran over their space even at their smallest size.
pub fn draw_face_noting(
    game: &Game,
    piece: &Piece,
    side: Side,
    bleed: f64,
    guide: Option<Guide>,
    art: &Art,
) -> Result<Option<(String, Vec<String>)>, DrawError> {
    let (svg, overflows) =
        text::noting_overflows(true, || draw_svg(game, piece, side, bleed, guide, art));
    Ok(svg?.map(|svg| (svg, overflows)))
}

/// The safe-zone guide `--guides` draws over every face: a thin dashed line the safe zone
/// inside the cut (`preflight::safe_zone`: the service's, else 3 mm or 9% of a small piece).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Guide {
    pub service_safe: Option<f64>,
}

/// The guide's colour and line: a print template's dashed safe line.
pub const GUIDE_COLOR: &str = "#e6007e";
pub const GUIDE_WIDTH_MM: f64 = 0.2;
pub const GUIDE_DASH: &str = "1 0.6";

/// Draws one side of a piece at `bleed` mm, as its kind draws it (and its guide, if asked).
fn draw_svg(
    game: &Game,
    piece: &Piece,
    side: Side,
    bleed: f64,
    guide: Option<Guide>,
    art: &Art,
) -> Result<Option<String>, DrawError> {
    let face = match side {
        Side::Front => piece.front(game),
        Side::Back => match piece.back(game) {
            Some(b) => b,
            None => return Ok(None),
        },
    };
    // With bleed the cut may land a little off its line: a keyline on it (a tile's outline, a
    // token's ring) would then show as a sliver on one edge, so it goes.
    let face = match bleed > 0.0 {
        true => {
            let mut f = face.into_owned();
            f.border = Color::new(Color::NONE).ok();
            std::borrow::Cow::Owned(f)
        }
        false => face,
    };
    let component = &game.spec.components[piece.component];
    let mut canvas = canvas::Canvas::new(piece.w, piece.h, bleed);
    let mut cx = crate::kinds::FaceCx {
        game,
        component,
        piece,
        side,
        canvas: &mut canvas,
        art,
    };
    let icons = icon_art(&face, component, art);
    let family = face.font.as_ref().map(|f| f.value.as_str());
    markup::with_icons(icons, || {
        text::in_face_font(family, || component.kind.kind().draw(&face, &mut cx))
    })?;
    if let Some(guide) = guide {
        let (w, h) = (piece.w, piece.h);
        let safe = crate::preflight::safe_zone(guide.service_safe, w, h);
        let mut outline = component.kind.kind().outline(piece.shape.clone(), w, h);
        if side == Side::Back {
            outline = outline.mirrored(w);
        }
        let inside = crate::kinds::outline::inside(&outline, w, h, safe);
        canvas.add(
            svg::node::element::Path::new()
                .set("d", crate::kinds::outline::path_data(&inside))
                .set("fill", "none")
                .set("stroke", GUIDE_COLOR)
                .set("stroke-width", canvas::n(GUIDE_WIDTH_MM))
                .set("stroke-dasharray", GUIDE_DASH),
        );
    }
    Ok(Some(canvas.finish()))
}

/// The art of every icon a face's texts (and its kind's own) name, for `markup::render`. A name
/// that is no symbol is left out (the checks refused it; a sheet's `{player}` is no icon).
fn icon_art(
    face: &Face,
    component: &crate::spec::Component,
    art: &Art,
) -> HashMap<String, Arc<Group>> {
    let kind = component.kind.kind();
    let game = art.game();
    let boxes = crate::spec::layouts::of(game, face)
        .into_iter()
        .flatten()
        .filter_map(|b| b.value.text.as_deref());
    let texts = face.texts().chain(kind.texts()).chain(boxes);
    let mut found = HashMap::new();
    for name in texts.flat_map(markup::icons) {
        if !found.contains_key(&name)
            && let Ok(g) = art.symbol(&name)
        {
            found.insert(name, g);
        }
    }
    found
}

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

/// A 128-bit hash of a face's SVG: faces with equal hashes are the same face (a collision
/// among a game's at most 40,000 faces is about as likely as 2^-98).
pub(crate) fn svg_hash(svg: &str) -> u128 {
    use siphasher::sip128::{Hasher128, SipHasher13};
    use std::hash::Hasher;
    let mut h = SipHasher13::new();
    h.write(svg.as_bytes());
    h.finish128().as_u128()
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
    let mut users = names::Users::default();
    let mut of_piece = Vec::with_capacity(pieces.len());
    let mut problems = Vec::new();
    let (mut warnings, mut overflowing) = (Vec::new(), 0);
    for (pi, piece) in pieces.iter().enumerate() {
        let mut ids = [None, None];
        for (k, side) in [Side::Front, Side::Back].into_iter().enumerate() {
            match draw_face_noting(game, piece, side, bleed, guide, &art) {
                Ok(Some((svg, overflows))) => {
                    let next = docs.len();
                    let idx = *by_hash.entry(svg_hash(&svg)).or_insert(next);
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
    names::name_shared(&mut docs, &users, pieces, &components);
    names::disambiguate(
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
