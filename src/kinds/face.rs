//! Drawing one face of a piece: its colours, the game's symbols and pictures (read once and
//! shared), the kind's own drawing with the face's font and icons, and the safe-zone guide.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use svg::node::element::Group;

use crate::base::forms::Side;
use crate::draw::{canvas, markup, symbol, text};
use crate::kinds::Game;
use crate::kinds::piece::Piece;
use crate::spec::color::Color;
use crate::spec::{Face, symbol_source};

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
    Sheet(#[from] crate::kinds::sheet::SheetError),
    #[error(transparent)]
    Image(#[from] crate::draw::images::ImageError),
}

/// Symbol art, parsed once per name and shared by every face that uses it.
pub struct Art<'g> {
    game: &'g Game,
    cache: Mutex<HashMap<String, Result<Arc<Group>, DrawError>>>,
    /// The game's own pictures, read once per folder and name.
    pictures: Mutex<PictureCache>,
}

type PictureCache = HashMap<
    (Option<std::path::PathBuf>, String),
    Result<Arc<crate::draw::images::Picture>, DrawError>,
>;

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
    ) -> Result<Arc<crate::draw::images::Picture>, DrawError> {
        let mut cache = self.pictures.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry((dir.map(|d| d.to_path_buf()), name.to_string()))
            .or_insert_with(|| crate::draw::images::load(dir, name).map_err(DrawError::from))
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
    let Some(face) = piece.face(game, side) else {
        return Ok(None);
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
        let safe = crate::base::geometry::safe_zone(guide.service_safe, w, h);
        let outline = crate::kinds::face_outline(game, piece, side);
        let inside = crate::base::outline::inside(&outline, w, h, safe);
        canvas.add(
            svg::node::element::Path::new()
                .set("d", crate::base::outline::path_data(&inside))
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
    component: &crate::kinds::Component,
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
            // An icon with a colour of its own (`icons:`): its `currentColor` is that colour,
            // whatever the text around it is set in.
            let g = match game.spec.icons.get(&name) {
                Some(color) => Arc::new(
                    Group::new()
                        .set("color", color.value.hex())
                        .add((*g).clone()),
                ),
                None => g,
            };
            found.insert(name, g);
        }
    }
    found
}
