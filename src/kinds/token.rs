//! Tokens and tiles (markers, coins, counters): a round or square face with an optional title,
//! a symbol and/or a large text, and a caption that is fitted to the space it has; or a
//! piecepack face (`grid:`, `mark:`, drawn by `draw::marks`).
use super::{CheckCx, FaceCx, FaceField, Field, Kind, Outline, ShopFamily, TtsForm};
use crate::base::forms::Side;
use crate::base::outline;
use crate::draw::canvas::{Anchor, Canvas, READ_ID, circle, n, place, rect, text};
use crate::draw::text::{Font, fit};
use crate::kinds::face::DrawError;
use crate::kinds::face::{Art, Colors};
use crate::kinds::marks;
use crate::spec::{Face, Shape};
use svg::node::element::Group;

/// A counter, marker or coin: one face per side, symbol and caption.
#[derive(Debug, Default)]
pub struct Token;

/// A square or rectangular tile: drawn as a token is.
#[derive(Debug, Default)]
pub struct Tile;

const FIELDS: &[Field] = &[Field::Size, Field::Shape, Field::Back];

const DRAWS: &[FaceField] = &[
    FaceField::Background,
    FaceField::Ink,
    FaceField::Border,
    FaceField::Symbol,
    FaceField::Title,
    FaceField::Label,
    FaceField::Text,
    FaceField::Pips,
    FaceField::Frame,
    FaceField::Grid,
    FaceField::Mark,
    FaceField::Layout,
    FaceField::Image,
    FaceField::Fit,
    FaceField::Position,
    FaceField::Font,
];

/// Draws a token's or tile's face.
fn draw_face(face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
    match marks::applies(face) {
        true => marks::draw(cx.canvas, cx.piece.shape.clone(), face, cx.art),
        false => {
            let outline = super::face_outline(cx.game, cx.piece, cx.side);
            let picture = cx.image(face)?;
            draw(cx.canvas, &outline, face, cx.art, cx.dir(), picture)
        }
    }
}

/// A hexagon or polygon is sized by one length, and a custom outline lies inside its `size:`.
fn check_shape(cx: &mut CheckCx) {
    let c = cx.component;
    let (Some(shape), Some(size)) = (&c.shape, &c.size) else {
        return;
    };
    if let Some(message) = crate::base::shape::size_problem(&shape.value, &size.value) {
        cx.at(size, message);
    }
    if let Shape::Path(path) = &shape.value
        && let Some(message) = path.outside(size.value.w.mm(), size.value.h.mm())
    {
        cx.at(shape, message);
    }
}

impl Kind for Token {
    fn about(&self) -> &'static str {
        "A counter, marker or coin: one face per side, with a symbol, a title, a large text and a caption."
    }
    fn example(&self) -> &'static str {
        r##"kind: token
shape: round
size: 20mm
copies: 4
front: {symbol: sun, label: Gold, background: "#f2c14e"}
back: {background: "#7a5a14"}
"##
    }
    fn fields(&self) -> &'static [Field] {
        FIELDS
    }
    fn draws(&self, _: Side) -> &'static [FaceField] {
        DRAWS
    }
    fn check(&self, cx: &mut CheckCx) {
        check_shape(cx);
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        draw_face(face, cx)
    }
    fn noun(&self) -> &'static str {
        "token"
    }
    fn tts(&self, shape: Shape) -> TtsForm {
        TtsForm::tile(shape)
    }
    fn shop_family(&self, shape: Shape) -> Option<ShopFamily> {
        shop_family(shape)
    }
    fn cut_at_home(&self) -> bool {
        true
    }
}

impl Kind for Tile {
    fn about(&self) -> &'static str {
        "A square or rectangular tile, drawn as a token is; piecepack faces (`grid:`, `mark:`) too."
    }
    fn example(&self) -> &'static str {
        r##"kind: tile
size: 24mm
copies: 6
front: {title: Field, background: "#b5d99c"}
"##
    }
    fn fields(&self) -> &'static [Field] {
        FIELDS
    }
    fn draws(&self, _: Side) -> &'static [FaceField] {
        DRAWS
    }
    fn check(&self, cx: &mut CheckCx) {
        check_shape(cx);
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        draw_face(face, cx)
    }
    fn noun(&self) -> &'static str {
        "tile"
    }
    fn tts(&self, shape: Shape) -> TtsForm {
        TtsForm::tile(shape)
    }
    fn shop_family(&self, shape: Shape) -> Option<ShopFamily> {
        shop_family(shape)
    }
    fn cut_at_home(&self) -> bool {
        true
    }
}

/// The punched tiles a print shop makes of a token or tile of `shape`.
fn shop_family(shape: Shape) -> Option<ShopFamily> {
    match shape {
        Shape::Square | Shape::Rounded => Some(ShopFamily::SquareTile),
        Shape::Round => Some(ShopFamily::RoundTile),
        Shape::Hex { .. } => Some(ShopFamily::HexTile),
        _ => None,
    }
}

/// Draws a face over its background and its picture (`image:`), if any.
fn draw(
    cv: &mut Canvas,
    outline: &Outline,
    face: &Face,
    art: &Art,
    dir: Option<&std::path::Path>,
    picture: Option<Group>,
) -> Result<(), DrawError> {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    let c = Colors::of(face);
    let m = w.min(h);
    let round = *outline == Outline::Circle;
    let stroke = (m * 0.03).clamp(0.3, 0.8);
    if round {
        cv.add(circle(w / 2.0, h / 2.0, m / 2.0 + b, &c.background));
    } else if outline.is_box() {
        cv.add(rect(-b, -b, w + 2.0 * b, h + 2.0 * b, &c.background));
    } else {
        cv.add(outline::fill(outline, w, h, b, &c.background));
    }
    if let Some(picture) = picture {
        cv.add(picture);
    }

    if let Some(layout) = crate::spec::layouts::of(art.game(), face) {
        crate::kinds::boxes::draw(cv, face, art, dir, layout, &c)?;
    } else {
        contents(cv, outline, face, art, &c, stroke)?;
    }

    if let (Some(style), true) = (face.frame, outline.is_box()) {
        crate::draw::frame::draw(cv, style, m * 0.055, stroke * 0.9, &c.ink);
    }
    if let Some(border) = c.border() {
        if round {
            cv.add(
                circle(w / 2.0, h / 2.0, m / 2.0 - stroke / 2.0, "none")
                    .set("stroke", border)
                    .set("stroke-width", n(stroke)),
            );
        } else if outline.is_box() {
            cv.add(
                rect(stroke / 2.0, stroke / 2.0, w - stroke, h - stroke, "none")
                    .set("stroke", border)
                    .set("stroke-width", n(stroke)),
            );
        } else {
            cv.add(outline::border(outline, w, h, stroke, border));
        }
        if round {
            // A fine inner ring: the classic look of a punched counter.
            let ring = circle(w / 2.0, h / 2.0, m / 2.0 - stroke * 2.6, "none")
                .set("stroke", border)
                .set("stroke-width", n(stroke * 0.4))
                .set("stroke-opacity", "0.45");
            cv.add(ring);
        }
    }
    Ok(())
}

/// How far a line of the condensed bold font reaches above and below its baseline, in sizes
/// (its ascender and descender, rounded up).
const ASCENT: f64 = 0.95;
const DESCENT: f64 = 0.25;

/// The built-in look's contents: title, label, pips, symbol and large text, each fitted to the
/// room the outline leaves.
fn contents(
    cv: &mut Canvas,
    outline: &Outline,
    face: &Face,
    art: &Art,
    c: &Colors,
    stroke: f64,
) -> Result<(), DrawError> {
    let (w, h) = (cv.w, cv.h);
    let round = *outline == Outline::Circle;
    let m = w.min(h);
    // Keep content inside a safe area: 10% in from a square edge, the inscribed square of a circle;
    // in a hexagon, polygon or custom outline, its largest square, and text set as if on a round
    // token whose safe square that is.
    let safe = outline.is_cut_along().then(|| outline.safe_square(w, h));
    let m = safe.map_or(m, |s| (2.0 * s.half / 0.74).min(m));
    let inset = if round { m * 0.13 } else { m * 0.09 };
    let (left, right, mut top, mut bottom) = match safe {
        Some(s) => {
            let pad = s.half * 0.06 + stroke;
            let (x0, y0) = (s.cx - s.half + pad, s.cy - s.half + pad);
            (x0, s.cx + s.half - pad, y0, s.cy + s.half - pad)
        }
        None => (inset, w - inset, inset, h - inset),
    };
    let mid_x = (left + right) / 2.0;
    let chord = |y: f64| -> f64 {
        if let Some(s) = safe {
            // As wide as the outline is at that height, in from its border.
            let across = outline.span_at(y, s.cx).map_or(0.0, |(a, b)| b - a);
            return ((across - 4.0 * stroke) * 0.92).max(right - left);
        }
        if !round {
            return right - left;
        }
        let r = m / 2.0 - stroke * 2.0;
        let dy = (y - h / 2.0).abs();
        (2.0 * (r * r - dy * dy).max(0.0).sqrt()) * 0.92
    };

    // On a round token a word's line may not reach into the safe zone a punch or die keeps
    // clear of the cut (`preflight::safe_zone`): how far from the middle the line may reach,
    // up or down, for a word `half` wide each side.
    let reach = |half: f64| {
        let r = m / 2.0 - crate::base::geometry::safe_zone(None, w, h);
        (r * r - half * half).max(0.0).sqrt()
    };
    // A title and a label sit where the widest word at the full size would, whatever their own
    // words: the pieces of a set (six grains, two teams) share one baseline.
    if let Some(title) = &face.title {
        let (full, widest) = (m * 0.13, chord(top + m * 0.08));
        let size = fit(Font::CondensedBold, full, widest, title);
        let mut baseline = top + full * 0.8;
        if round {
            baseline = baseline.max(h / 2.0 - reach(widest / 2.0) + full * ASCENT);
        }
        cv.add(
            text(
                mid_x,
                baseline,
                size,
                Font::CondensedBold,
                Anchor::Middle,
                &c.ink,
                title,
            )
            .set("id", READ_ID),
        );
        top = baseline + full * 0.35;
    }
    if let Some(label) = &face.label {
        let (full, widest) = (m * 0.15, chord(bottom - m * 0.05));
        let size = fit(Font::CondensedBold, full, widest, label);
        let mut baseline = bottom - full * 0.15;
        if round {
            baseline = baseline.min(h / 2.0 + reach(widest / 2.0) - full * DESCENT);
        }
        cv.add(
            text(
                mid_x,
                baseline,
                size,
                Font::CondensedBold,
                Anchor::Middle,
                &c.ink,
                label,
            )
            .set("id", READ_ID),
        );
        bottom = baseline - full * 0.95;
    }

    if let Some(pips) = &face.pips {
        // Under the symbol, above any label: the rank as dots.
        let want = m * 0.085;
        let used = crate::draw::pips::row(
            cv,
            mid_x,
            bottom - want / 2.0,
            pips.value,
            want,
            chord(bottom - want / 2.0),
            &c.ink,
        );
        bottom -= used.max(want * 0.5) * 1.6;
    }

    let avail = (bottom - top).max(0.0);
    match (&face.symbol, &face.text) {
        (Some(symbol), None) => {
            let size = avail.min(right - left);
            let g = art.symbol(&symbol.value)?;
            cv.add(place(
                &g,
                mid_x - size / 2.0,
                top + (avail - size) / 2.0,
                size,
                &c.ink,
            ));
        }
        (None, Some(big)) => {
            let size = fit(Font::Display, avail * 0.95, chord(top + avail / 2.0), big);
            cv.add(
                text(
                    mid_x,
                    top + avail / 2.0 + size * 0.35,
                    size,
                    Font::Display,
                    Anchor::Middle,
                    &c.ink,
                    big,
                )
                .set("id", READ_ID),
            );
        }
        (Some(symbol), Some(big)) => {
            let sym = avail * 0.5;
            let g = art.symbol(&symbol.value)?;
            cv.add(place(&g, mid_x - sym / 2.0, top, sym, &c.ink));
            let size = fit(Font::Display, avail * 0.5, chord(top + avail * 0.75), big);
            cv.add(
                text(
                    mid_x,
                    bottom - avail * 0.05,
                    size,
                    Font::Display,
                    Anchor::Middle,
                    &c.ink,
                    big,
                )
                .set("id", READ_ID),
            );
        }
        (None, None) => {}
    }
    Ok(())
}
