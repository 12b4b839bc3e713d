//! Tokens and tiles (markers, coins, counters): a face of any outline with an optional title,
//! a symbol and/or a large text, pips and a caption, each fitted to the space it has, or the
//! boxes of a layout; a picture under them and a frame over them. A piecepack face (`grid:`,
//! `mark:`) that shows nothing more is drawn in the piecepack's look (`kinds::marks`); with
//! more, its marks go over the token's look.
use super::{CheckCx, FaceCx, FaceField, Field, Kind, Outline, ShopFamily, TtsForm};
use crate::base::forms::Side;
use crate::draw::canvas::{Anchor, Canvas, READ_ID, circle, n, place, text};
use crate::draw::text::{Font, fit};
use crate::kinds::face::DrawError;
use crate::kinds::face::{Art, Colors};
use crate::kinds::marks;
use crate::spec::{Face, Shape};

/// A counter, marker or coin: one face per side, symbol and caption.
#[derive(Debug, Default)]
pub struct Token;

/// A square or rectangular tile: drawn as a token is.
#[derive(Debug, Default)]
pub struct Tile;

const FIELDS: &[Field] = &[Field::Size, Field::Shape, Field::Back];

const DRAWS: &[FaceField] = face_fields![
    Background, Ink, Border, Symbol, Title, Label, Text, Pips, Frame, Grid, Mark, Layout, Image,
    Fit, Position, Font
];

/// Most variants whose titles and labels are set on one line: a set a player tells apart at a
/// glance (six grains, two teams), not a deck read from a data file.
const MAX_SET: usize = 64;

/// The titles and labels the faces of a component's variants show on one side: each is set on
/// the line the set's words share, so the pieces of a set read in one place.
#[derive(Debug, Default)]
struct Set {
    titles: Vec<String>,
    labels: Vec<String>,
}

impl Set {
    fn of(c: &super::Component, side: Side) -> Set {
        let mut set = Set::default();
        if c.variants.len() > MAX_SET {
            return set;
        }
        for v in c.variants.iter() {
            let face = match side {
                Side::Front => Some(c.front_of(&v)),
                Side::Back => c.back_of(&v).map(std::borrow::Cow::into_owned),
            };
            let Some(face) = face else { continue };
            set.titles.extend(face.title);
            set.labels.extend(face.label);
        }
        set
    }
}

/// `mark: corners` puts a face's text in its middle and its symbol in its corners: on a face
/// with neither it has nothing to show, which is said at the mark (once a component).
fn check_marks(cx: &mut CheckCx) {
    let c = cx.component;
    let shows_nothing = |face: &Face| {
        face.mark == Some(crate::spec::Mark::Corners)
            && face.text.as_deref().is_none_or(|t| t.trim().is_empty())
            && face.symbol.is_none()
    };
    let mut found = [Some(&c.front), c.back.as_ref()]
        .into_iter()
        .zip([c.front_at, c.back_at])
        .find_map(|(face, at)| face.filter(|f| shows_nothing(f)).map(|_| at));
    for v in c.variants.iter() {
        if found.is_some() {
            break;
        }
        let back = c.variant_back(&v);
        if shows_nothing(&c.variant_front(&v)) || back.is_some_and(|b| shows_nothing(&b)) {
            found = Some(v.id.referenced);
        }
    }
    if let Some(at) = found {
        cx.warn_at_key(
            at,
            "mark",
            format!(
                "`mark: corners` on `{}` shows nothing: it sets the face's `text:` in the middle and its `symbol:` in two corners, and the face has neither",
                c.id.value
            ),
        );
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

/// A token and a tile are checked, drawn, exported and made by a print shop alike: they differ
/// in what they are called and in their example.
macro_rules! drawn_as_a_token {
    ($kind:ty, $noun:literal, $about:literal, $example:literal) => {
        impl Kind for $kind {
            fn about(&self) -> &'static str {
                $about
            }
            fn example(&self) -> &'static str {
                $example
            }
            fn fields(&self) -> &'static [Field] {
                FIELDS
            }
            fn draws(&self, _: Side) -> &'static [FaceField] {
                DRAWS
            }
            fn check(&self, cx: &mut CheckCx) {
                check_shape(cx);
                check_marks(cx);
            }
            fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
                draw_face(face, cx)
            }
            fn noun(&self) -> &'static str {
                $noun
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
    };
}

drawn_as_a_token!(
    Token,
    "token",
    "A counter, marker or coin: one face per side, with a symbol, a title, a large text and a caption.",
    r##"kind: token
shape: round
size: 20mm
copies: 4
front: {symbol: sun, label: Gold, background: "#f2c14e"}
back: {background: "#7a5a14"}
"##
);

drawn_as_a_token!(
    Tile,
    "tile",
    "A square or rectangular tile, drawn as a token is; piecepack faces (`grid:`, `mark:`) too.",
    r##"kind: tile
size: 24mm
copies: 6
front: {title: Field, background: "#b5d99c"}
"##
);

/// The punched tiles a print shop makes of a token or tile of `shape`.
fn shop_family(shape: Shape) -> Option<ShopFamily> {
    match shape {
        Shape::Square | Shape::Rounded => Some(ShopFamily::SquareTile),
        Shape::Round => Some(ShopFamily::RoundTile),
        Shape::Hex { .. } => Some(ShopFamily::HexTile),
        _ => None,
    }
}

/// Draws a token's or tile's face over its background and its picture (`image:`), if any, and
/// its piecepack marks over it; a face of nothing but those marks in the piecepack's own look.
/// `clip` is the cut grown by the bleed, as SVG path data: what a layout's boxes or a grid draw
/// across a piece that is not a rectangle is kept inside it.
fn draw_face(face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
    let outline = &super::face_outline(cx.game, cx.piece, cx.side);
    let clip = &cx.cut(cx.canvas.bleed);
    let picture = cx.image(face)?;
    let (art, dir) = (cx.art, cx.dir());
    let cv = &mut *cx.canvas;
    if marks::applies(face) && marks::alone(face) {
        return marks::draw(cv, outline, clip, face, art, picture);
    }
    let set = &Set::of(cx.component, cx.side);
    let (w, h) = (cv.w, cv.h);
    let c = Colors::of(face);
    let m = w.min(h);
    let round = *outline == Outline::Circle;
    let stroke = (m * 0.03).clamp(0.3, 0.8);
    marks::background(cv, outline, &c.background);
    if let Some(picture) = picture {
        cv.add(picture);
    }
    if let Some(cells) = face.grid {
        marks::grid(cv, outline, clip, cells, &c.ink);
    }

    if let Some(layout) = crate::spec::layouts::of(art.game(), face) {
        match outline.is_box() {
            true => crate::kinds::boxes::draw(cv, face, art, dir, layout, &c)?,
            false => cv.clipped(clip, |cv| {
                crate::kinds::boxes::draw(cv, face, art, dir, layout, &c)
            })?,
        }
    } else {
        // A tile's rank in the middle and its suit in the corners (`mark: corners`); the
        // contents clear of a coin's direction mark.
        let only_text = Face {
            symbol: None,
            ..face.clone()
        };
        let shown = match (face.mark, face.text.as_deref().map(str::trim)) {
            (Some(crate::spec::Mark::Corners), Some(t)) if !t.is_empty() => &only_text,
            _ => face,
        };
        let above = match face.mark {
            Some(crate::spec::Mark::Arrow) => marks::arrow_bottom(outline, w, h) + m * 0.02,
            _ => 0.0,
        };
        contents(cv, outline, shown, set, art, &c, stroke, above)?;
    }
    if face.mark == Some(crate::spec::Mark::Corners) {
        marks::corner_symbols(cv, outline, face, art, &c.ink)?;
    }

    if let Some(style) = face.frame {
        marks::frame(cv, outline, style, stroke, &c.ink);
    }
    if let Some(border) = c.border() {
        marks::keyline(cv, outline, stroke, border);
        if round && face.frame.is_none() {
            // A fine inner ring: the classic look of a punched counter (a frame stands in it).
            let ring = circle(w / 2.0, h / 2.0, m / 2.0 - stroke * 2.6, "none")
                .set("stroke", border)
                .set("stroke-width", n(stroke * 0.4))
                .set("stroke-opacity", "0.45");
            cv.add(ring);
        }
    }
    if face.mark == Some(crate::spec::Mark::Arrow) {
        marks::arrow(cv, outline, &c.ink);
    }
    Ok(())
}

/// How far a line of the condensed bold font reaches above and below its baseline, in sizes
/// (its ascender and descender, rounded up).
const ASCENT: f64 = 0.95;
const DESCENT: f64 = 0.25;

/// The built-in look's contents: title, label, pips, symbol and large text, each fitted to the
/// room the outline leaves, none higher than `above` (clear of a direction mark).
#[allow(clippy::too_many_arguments)]
fn contents(
    cv: &mut Canvas,
    outline: &Outline,
    face: &Face,
    set: &Set,
    art: &Art,
    c: &Colors,
    stroke: f64,
    above: f64,
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
    top = top.max(above);
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
    // A title sits as low as the lowest of its set's would, a label as high as the highest:
    // each fitted to its own words, on the line the set shares (alone, on its own). The two are
    // set alike, mirrored: `inward` is +1 down from the top, -1 up from the foot.
    let ends = [
        (&face.title, &set.titles, 1.0, &mut top),
        (&face.label, &set.labels, -1.0, &mut bottom),
    ];
    for (own, set, inward, edge) in ends {
        let Some(own) = own else { continue };
        // Its largest size, where its room is measured, its baseline from the edge, what of
        // the font stays clear of a round token's rim, and the room it takes (in sizes).
        let (most, room_at, baseline_at, clear, step) = match inward > 0.0 {
            true => (0.13, 0.08, 0.8, ASCENT, 1.15),
            false => (0.15, 0.05, 0.15, DESCENT, 1.1),
        };
        let inner = |a: f64, b: f64| if inward > 0.0 { a.max(b) } else { a.min(b) };
        let place = |t: &str| {
            let room = chord(*edge + inward * (m * room_at));
            let size = fit(Font::CondensedBold, m * most, room, t);
            let mut baseline = *edge + inward * size * baseline_at;
            if round {
                let half = crate::draw::text::width(Font::CondensedBold, size, t) / 2.0;
                baseline = inner(
                    baseline,
                    h / 2.0 - inward * reach(half) + inward * size * clear,
                );
            }
            (size, baseline)
        };
        let (size, _) = place(own);
        let mut all: Vec<String> = set.to_vec();
        if !all.contains(own) {
            all.push(own.to_string());
        }
        let (mut baseline, mut largest) = (-inward * f64::INFINITY, 0.0f64);
        for t in &all {
            let (s, b) = place(t);
            (baseline, largest) = (inner(baseline, b), largest.max(s));
        }
        if round || all.len() > 1 {
            *edge = baseline - inward * largest * baseline_at;
        }
        let line = text(
            mid_x,
            baseline,
            size,
            Font::CondensedBold,
            Anchor::Middle,
            &c.ink,
            own,
        );
        cv.add(line.set("id", READ_ID));
        *edge += inward * largest * step;
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
    // The large text, centred, at `size` on `baseline`.
    let large = |cv: &mut Canvas, t: &str, size: f64, baseline: f64| {
        let line = text(
            mid_x,
            baseline,
            size,
            Font::Display,
            Anchor::Middle,
            &c.ink,
            t,
        );
        cv.add(line.set("id", READ_ID));
    };
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
            large(cv, big, size, top + avail / 2.0 + size * 0.35);
        }
        (Some(symbol), Some(big)) => {
            let sym = avail * 0.5;
            let g = art.symbol(&symbol.value)?;
            cv.add(place(&g, mid_x - sym / 2.0, top, sym, &c.ink));
            let size = fit(Font::Display, avail * 0.5, chord(top + avail * 0.75), big);
            large(cv, big, size, bottom - avail * 0.05);
        }
        (None, None) => {}
    }
    Ok(())
}
