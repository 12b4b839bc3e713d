//! Tuck boxes: a fold-up box for a deck, sized from the deck's cards and count (or given), as a
//! reverse-tuck net: a glue flap, a side, the front, a side and the back in a row; the lid and
//! its tuck flap on the back's top edge, the bottom and its tuck flap on the front's bottom
//! edge, a dust flap at each end of each side, and a thumb notch in the front's top edge to pull
//! the cards out by. The cut is solid, the folds dashed (to be scored), and the box carries its
//! face's art: the title, symbol and label on the front, the title up both spines and on the
//! lid, the game and the deck on the back.
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::sync::OnceLock;
use vello_cpu::kurbo::{Arc, BezPath, Point, Vec2};

use super::{CheckCx, FaceCx, FaceField, Field, Kind, Outline, TtsForm};
use crate::base::forms::Side;
use crate::base::outline::{PathOutline, path_data};
use crate::base::units::{Length, parse_length};
use crate::draw::canvas::{Anchor, line, n, place, text};
use crate::draw::text::{Font, fit};
use crate::kinds::Component;
use crate::kinds::face::Colors;
use crate::kinds::face::DrawError;
use crate::spec::{Face, Shape, short_mm};

/// A card's thickness when the YAML gives none: a linen-finish playing card.
pub const CARD_MM: f64 = 0.3;
/// Room added to each inside measure of a box sized from its deck, so the cards slide in and out
/// past the card stock's own thickness at the folds.
pub const SLACK_MM: f64 = 1.0;

/// A tuck box for a deck (`tuckbox:`): `deck:` names the cards it holds, or `inner:` gives its
/// inside.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tuckbox {
    /// The id of the component it holds: its card size and number of copies size the box.
    #[schemars(with = "Option<crate::spec::ids::SafeId>")]
    pub deck: Option<Spanned<String>>,
    /// One card's thickness (default 0.3 mm): times the deck's copies, the box's depth.
    #[schemars(with = "Option<Length>")]
    pub thickness: Option<Spanned<Length>>,
    /// The inside, width × height × depth (`64mm x 89mm x 18mm`), instead of a deck's.
    #[schemars(with = "Option<InnerText>")]
    pub inner: Option<Spanned<Inner>>,
    /// The inside, worked out from the deck when the game is checked.
    #[serde(skip)]
    #[schemars(skip)]
    resolved: OnceLock<Inner>,
}

/// The inside of a box: width and height (a card's face, with room) and depth (the deck's
/// thickness), mm.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Inner {
    pub w: f64,
    pub h: f64,
    pub d: f64,
}

/// `inner:` as the schema shows it.
#[derive(JsonSchema)]
#[schemars(
    description = "Width x height x depth: `64mm x 89mm x 18mm`.",
    example = "64mm x 89mm x 18mm"
)]
#[allow(dead_code)]
struct InnerText(String);

impl<'de> Deserialize<'de> for Inner {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let parts: Vec<&str> = text.split(['x', '×']).collect();
        let [w, h, depth] = parts.as_slice() else {
            return Err(serde::de::Error::custom(format!(
                "expected the inside as width x height x depth (`64mm x 89mm x 18mm`), found `{text}`"
            )));
        };
        let mm = |t: &str| {
            parse_length(t)
                .map(Length::mm)
                .map_err(serde::de::Error::custom)
        };
        Ok(Inner {
            w: mm(w)?,
            h: mm(h)?,
            d: mm(depth)?,
        })
    }
}

/// Thinnest and thickest card a box is sized for (mm).
const CARD_RANGE: (f64, f64) = (0.05, 3.0);
/// Most thinner thicknesses a message about a box too large tries (3 mm down to 0.05 mm).
const MAX_THICKNESS_STEPS: usize = 300;

/// The net of a box: its inside and the sizes of its flaps (mm).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Net {
    pub inner: Inner,
    /// The glue flap's width, on the first side's free edge.
    pub glue: f64,
    /// How far a tuck flap reaches past its lid.
    pub tuck: f64,
    /// How far a dust flap reaches past its side.
    pub dust: f64,
    /// The thumb notch's radius.
    pub notch: f64,
}

impl Net {
    pub fn of(inner: Inner) -> Net {
        let Inner { w, h, d } = inner;
        Net {
            inner,
            glue: (d * 0.7).clamp(8.0, 12.0).min(w / 3.0),
            tuck: (d * 0.8).clamp(10.0, 20.0).min(h / 3.0),
            // Two dust flaps meet under a lid at most: each less than half its width.
            dust: d.max(10.0).min(w / 2.0 - 1.0),
            notch: (w * 0.14).clamp(5.0, 12.0).min(h / 4.0),
        }
    }

    /// Where the columns start and end, left to right: the glue flap, a side, the front, a
    /// side, the back.
    pub fn xs(&self) -> [f64; 6] {
        let Inner { w, d, .. } = self.inner;
        let g = self.glue;
        [
            0.0,
            g,
            g + d,
            g + d + w,
            g + 2.0 * d + w,
            g + 2.0 * d + 2.0 * w,
        ]
    }

    /// Where the rows start and end, top to bottom: the lid's tuck flap, the lid, the panels,
    /// the bottom, the bottom's tuck flap.
    pub fn ys(&self) -> [f64; 6] {
        let Inner { h, d, .. } = self.inner;
        let t = self.tuck;
        [
            0.0,
            t,
            t + d,
            t + d + h,
            t + 2.0 * d + h,
            2.0 * t + 2.0 * d + h,
        ]
    }

    /// The net's outer size.
    pub fn size(&self) -> (f64, f64) {
        (self.xs()[5], self.ys()[5])
    }

    /// The fold lines, each from one end to the other.
    pub fn folds(&self) -> Vec<(f64, f64, f64, f64)> {
        let [_, b, c, d, e, f] = self.xs();
        let [_, y1, y2, y3, y4, _] = self.ys();
        let mut folds: Vec<(f64, f64, f64, f64)> =
            [b, c, d, e].into_iter().map(|x| (x, y2, x, y3)).collect();
        folds.extend([
            (e, y1, f, y1), // lid / its tuck flap
            (e, y2, f, y2), // back / lid
            (c, y3, d, y3), // front / bottom
            (c, y4, d, y4), // bottom / its tuck flap
            (b, y2, c, y2), // dust flaps on the sides
            (d, y2, e, y2),
            (b, y3, c, y3),
            (d, y3, e, y3),
        ]);
        folds
    }

    /// The cut, clockwise from the glue flap's top.
    pub fn outline(&self) -> BezPath {
        let [a, b, c, d, e, f] = self.xs();
        let [y0, y1, y2, y3, y4, y5] = self.ys();
        let Inner { w, h, d: depth } = self.inner;
        let taper = (self.glue * 0.5).min(h / 4.0);
        let dust = self.dust;
        // A dust flap's corner where the tuck flap goes in is cut away, so the tuck slides past
        // it: at the top on the front's side, at the bottom on the back's (the first side meets
        // the back across the glue flap).
        let lean = (dust * 0.5).min(depth * 0.35);
        let corner = (self.tuck * 0.6).min(w * 0.2);
        let mut p = BezPath::new();
        p.move_to((a, y2 + taper));
        p.line_to((b, y2));
        // The first side's dust flap, up.
        p.line_to((b, y2 - dust));
        p.line_to((c - lean, y2 - dust));
        p.line_to((c, y2));
        // The front's top edge and its thumb notch.
        let mid = (c + d) / 2.0;
        let r = self.notch;
        p.line_to((mid - r, y2));
        let notch = Arc::new(
            Point::new(mid, y2),
            Vec2::new(r, r),
            std::f64::consts::PI,
            -std::f64::consts::PI,
            0.0,
        );
        notch.to_cubic_beziers(0.01, |p1, p2, p3| p.curve_to(p1, p2, p3));
        p.line_to((d, y2));
        // The second side's dust flap.
        p.line_to((d + lean, y2 - dust));
        p.line_to((e, y2 - dust));
        p.line_to((e, y2));
        // The lid and its tuck flap, its corners cut away.
        p.line_to((e, y1));
        p.line_to((e + corner, y0));
        p.line_to((f - corner, y0));
        p.line_to((f, y1));
        p.line_to((f, y3));
        // Along the bottom, right to left.
        p.line_to((e, y3));
        p.line_to((e - lean, y3 + dust));
        // A slit up to the bottom's fold frees each dust flap from the bottom beside it (a
        // cut there and back: the net stays one piece).
        p.line_to((d, y3 + dust));
        p.line_to((d, y3));
        p.line_to((d, y4));
        p.line_to((d - corner, y5));
        p.line_to((c + corner, y5));
        p.line_to((c, y4));
        p.line_to((c, y3));
        p.line_to((c, y3 + dust));
        p.line_to((b + lean, y3 + dust));
        p.line_to((b, y3));
        p.line_to((a, y3 - taper));
        p.close_path();
        p
    }
}

impl Tuckbox {
    /// Its inside: given, or worked out from its deck when the game was checked.
    pub fn inner(&self) -> Option<Inner> {
        match &self.inner {
            Some(given) => Some(given.value),
            None => self.resolved.get().copied(),
        }
    }

    fn net(&self) -> Option<Net> {
        self.inner().map(Net::of)
    }
}

impl Kind for Tuckbox {
    fn about(&self) -> &'static str {
        "A fold-up tuck box for a deck (`tuckbox:`): sized from the deck's cards and count, with fold lines, glue and tuck flaps, a thumb notch and the deck's title on its front and spines."
    }
    fn example(&self) -> &'static str {
        r##"kind: tuckbox
front: {title: Harvest, symbol: sun, label: 2 cards, background: "#d8c8a0"}
tuckbox: {deck: card}
"##
    }
    fn fields(&self) -> &'static [Field] {
        &[]
    }
    fn draws(&self, _: Side) -> &'static [FaceField] {
        face_fields![Background, Ink, Border, Symbol, Title, Label, Text, Font]
    }
    fn check(&self, cx: &mut CheckCx) {
        let c = cx.component;
        let id = &c.id.value;
        match (&self.deck, &self.inner) {
            (None, None) => cx.at(
                &c.id,
                format!("`{id}` is a tuck box: give the deck it holds (`tuckbox: {{deck: cards}}`) or its inside (`inner: 64mm x 89mm x 18mm`)"),
            ),
            (Some(_), Some(inner)) => cx.at(
                inner,
                "a tuck box is sized from its `deck:` or by `inner:`, not both".into(),
            ),
            (None, Some(inner)) => {
                if let Some(t) = &self.thickness {
                    cx.at(
                        t,
                        "`thickness:` sizes a box from its deck's count; with `inner:` the depth is given".into(),
                    );
                }
                let i = inner.value;
                if i.w.min(i.h).min(i.d) < 1.0 {
                    cx.at(
                        inner,
                        format!("the inside is {} × {} × {} mm; each measure must be at least 1 mm", short_mm(i.w), short_mm(i.h), short_mm(i.d)),
                    );
                }
            }
            (Some(deck), None) => {
                let card = self.thickness.as_ref().map_or(CARD_MM, |t| t.value.mm());
                if let Some(t) = &self.thickness
                    && !(CARD_RANGE.0..=CARD_RANGE.1).contains(&card)
                {
                    cx.at(
                        t,
                        format!(
                            "a card {} mm thick: expected {} to {} mm (a playing card is about 0.3 mm)",
                            short_mm(card),
                            CARD_RANGE.0,
                            CARD_RANGE.1
                        ),
                    );
                }
                let components = &cx.game.spec.components;
                let Some(held) = components.iter().find(|o| o.id.value == deck.value) else {
                    let ids = components.iter().map(|o| o.id.value.as_str());
                    let hint = crate::base::diagnostic::closest(&deck.value, ids)
                        .map_or(String::new(), |c| format!(" (did you mean `{c}`?)"));
                    cx.at(deck, format!("no component `{}` to hold{hint}", deck.value));
                    return;
                };
                let (w, h) = held.kind.kind().size(held);
                if held.kind.name() == crate::kinds::KindName::Tuckbox || w <= 0.0 || h <= 0.0 {
                    cx.at(
                        deck,
                        format!("`{}` is not a deck of cards: a tuck box holds pieces with a `size:`", deck.value),
                    );
                    return;
                }
                let count = held.total_copies() as f64;
                let _ = self.resolved.set(Inner {
                    w: w + SLACK_MM,
                    h: h + SLACK_MM,
                    d: count * card + SLACK_MM,
                });
            }
        }
    }
    fn size(&self, _: &Component) -> (f64, f64) {
        self.net().map_or((0.0, 0.0), |net| net.size())
    }
    /// A box sized from its deck is as deep as its cards are thick: each thinner `thickness:`,
    /// down to the thinnest card, in steps of 0.01 mm, with the box it gives.
    fn sized_by(&self, _: &Component) -> Option<crate::base::forms::SizedBy> {
        self.deck.as_ref()?;
        let inner = self.resolved.get().copied()?;
        let now = self.thickness.as_ref().map_or(CARD_MM, |t| t.value.mm());
        let cards = (inner.d - SLACK_MM) / now;
        let steps = ((now - CARD_RANGE.0) / 0.01).floor().max(0.0) as usize;
        let smaller = (1..=steps.min(MAX_THICKNESS_STEPS))
            .map(|k| {
                let t = ((now - k as f64 * 0.01) * 100.0).round() / 100.0;
                let d = cards * t + SLACK_MM;
                let (w, h) = Net::of(Inner { d, ..inner }).size();
                (t, w, h)
            })
            .collect();
        Some(crate::base::forms::SizedBy {
            field: "thickness",
            at: self.thickness.as_ref().map(|t| t.referenced),
            now,
            smaller,
            otherwise: "hold fewer cards in it",
        })
    }
    fn outline(&self, _: Shape, w: f64, h: f64) -> Outline {
        match self.net() {
            Some(net) => Outline::Path(std::sync::Arc::new(PathOutline::new(net.outline()))),
            None => Outline::of_shape(Shape::Square, w, h),
        }
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        let Some(net) = self.net() else {
            return Ok(());
        };
        let spec = &cx.game.spec;
        let deck = self.deck.as_ref();
        let held = deck.and_then(|d| spec.components.iter().find(|c| c.id.value == d.value));
        let name = |c: &Component| c.name.clone().unwrap_or_else(|| c.id.value.clone());
        let held = held.map(|c| format!("{} × {}", c.total_copies(), name(c)));
        draw(cx, &net, face, held.as_deref())
    }
    fn shares_cuts(&self, _: Shape) -> bool {
        false
    }
    fn noun(&self) -> &'static str {
        "tuck box"
    }
    /// What it holds, which is what a player cares about.
    fn describe(&self, _: Shape, _: f64, _: f64) -> String {
        match self.inner() {
            Some(i) => format!(
                "tuck box, {} × {} × {} mm inside",
                short_mm(i.w),
                short_mm(i.h),
                short_mm(i.d)
            ),
            None => "tuck box".into(),
        }
    }
    fn folds(&self) -> bool {
        true
    }
    /// A virtual deck needs no box.
    fn tts(&self, _: Shape) -> TtsForm {
        TtsForm::LeftOut
    }
}

/// The net: background, the art on its panels (`held` names what the box holds), the folds
/// dashed and the cut solid.
fn draw(cx: &mut FaceCx, net: &Net, face: &Face, held: Option<&str>) -> Result<(), DrawError> {
    let (game, art) = (cx.game.spec.game.name.as_str(), cx.art);
    let cv = &mut *cx.canvas;
    let c = Colors::of(face);
    let cut = net.outline();
    let (w, h, bleed) = (cv.w, cv.h, cv.bleed);
    let outline = Outline::Path(std::sync::Arc::new(PathOutline::new(cut.clone())));
    cv.add(crate::base::outline::fill(
        &outline,
        w,
        h,
        bleed,
        &c.background,
    ));
    let [_, b, x_front, x_side, x_back, f] = net.xs();
    let [_, y1, y2, y3, _, _] = net.ys();
    let Inner {
        w: inner_w,
        h: inner_h,
        d: depth,
    } = net.inner;
    let pad = (inner_w * 0.08).clamp(2.0, 6.0);
    let ink = c.ink.as_str();

    // The front: the title under the notch, the symbol, the label at the foot.
    let (left, right) = (x_front + pad, x_front + inner_w - pad);
    let mid = (left + right) / 2.0;
    let mut top = y2 + net.notch + pad;
    let mut bottom = y3 - pad;
    if let Some(title) = &face.title {
        let size = fit(Font::Display, inner_w * 0.16, right - left, title);
        cv.add(text(
            mid,
            top + size * 0.8,
            size,
            Font::Display,
            Anchor::Middle,
            ink,
            title,
        ));
        top += size * 1.2;
    }
    if let Some(label) = &face.label {
        let size = fit(Font::CondensedBold, inner_w * 0.08, right - left, label);
        cv.add(text(
            mid,
            bottom - size * 0.2,
            size,
            Font::CondensedBold,
            Anchor::Middle,
            ink,
            label,
        ));
        bottom -= size * 1.3;
    }
    if let Some(symbol) = &face.symbol {
        let size = (bottom - top).min(right - left) * 0.8;
        if size > 0.0 {
            let g = art.symbol(&symbol.value)?;
            let y = top + (bottom - top - size) / 2.0;
            cv.add(place(&g, mid - size / 2.0, y, size, ink));
        }
    }

    // The spines: the title reading up each side, as on a book's spine.
    if let Some(title) = &face.title {
        for x in [b, x_side] {
            let size = fit(Font::CondensedBold, depth * 0.6, inner_h - 2.0 * pad, title);
            let (cx, cy) = (x + depth / 2.0 + size * 0.35, (y2 + y3) / 2.0);
            cv.add(turned(title, size, ink, (cx, cy), -90));
        }
        // The lid folds over towards the front: its title reads from there.
        let size = fit(Font::CondensedBold, depth * 0.5, inner_w - 2.0 * pad, title);
        let (cx, cy) = ((x_back + f) / 2.0, (y1 + y2) / 2.0 - size * 0.35);
        cv.add(turned(title, size, ink, (cx, cy), 180));
    }

    // The back: the game, the face's big text, what the box holds.
    let back_mid = (x_back + f) / 2.0;
    let room = inner_w - 2.0 * pad;
    let size = fit(Font::CondensedBold, inner_w * 0.09, room, game);
    cv.add(text(
        back_mid,
        y2 + pad + size,
        size,
        Font::CondensedBold,
        Anchor::Middle,
        ink,
        game,
    ));
    if let Some(big) = &face.text {
        let size = fit(Font::Display, inner_w * 0.2, room, big);
        let y = (y2 + y3) / 2.0 + size * 0.35;
        cv.add(text(
            back_mid,
            y,
            size,
            Font::Display,
            Anchor::Middle,
            ink,
            big,
        ));
    }
    if let Some(held) = held {
        let size = fit(Font::Condensed, inner_w * 0.06, room, held);
        cv.add(text(
            back_mid,
            y3 - pad,
            size,
            Font::Condensed,
            Anchor::Middle,
            ink,
            held,
        ));
    }

    // The glue flap, named: it goes inside the back's free edge.
    let [a, ..] = net.xs();
    let size = fit(Font::CondensedBold, (b - a) * 0.45, inner_h * 0.5, "GLUE");
    let at = ((a + b) / 2.0 + size * 0.35, (y2 + y3) / 2.0);
    cv.add(turned("GLUE", size, ink, at, -90).set("fill-opacity", "0.5"));

    // Folds dashed, to score; the cut solid.
    let border = c.border().unwrap_or("#222222").to_string();
    let stroke = 0.25;
    for (x1, y1, x2, y2) in net.folds() {
        cv.add(line(x1, y1, x2, y2, "#555555", stroke).set("stroke-dasharray", "2 1.2"));
    }
    cv.add(
        svg::node::element::Path::new()
            .set("d", path_data(&cut))
            .set("fill", "none")
            .set("stroke", border)
            .set("stroke-width", n(stroke * 1.4))
            .set("stroke-linejoin", "round"),
    );
    Ok(())
}

/// Condensed bold text centred on `at`, its baseline there, turned `degrees` about it (a
/// spine's title, the lid's, the glue flap's word).
fn turned(
    s: &str,
    size: f64,
    ink: &str,
    at: (f64, f64),
    degrees: i32,
) -> crate::draw::canvas::Label {
    let t = text(0.0, 0.0, size, Font::CondensedBold, Anchor::Middle, ink, s);
    t.set(
        "transform",
        format!("translate({} {}) rotate({degrees})", n(at.0), n(at.1)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_net_is_two_fronts_two_sides_and_a_glue_flap_wide() {
        let inner = Inner {
            w: 64.5,
            h: 89.9,
            d: 17.2,
        };
        let net = Net::of(inner);
        let (w, h) = net.size();
        assert!((w - (net.glue + 2.0 * 17.2 + 2.0 * 64.5)).abs() < 1e-9);
        assert!((h - (2.0 * net.tuck + 2.0 * 17.2 + 89.9)).abs() < 1e-9);
        let b = vello_cpu::kurbo::Shape::bounding_box(&net.outline());
        assert!(b.x0.abs() < 1e-9 && b.y0.abs() < 1e-9, "{b:?}");
        assert!((b.x1 - w).abs() < 1e-9 && (b.y1 - h).abs() < 1e-9, "{b:?}");
        // Every fold lies inside the cut.
        let outline = PathOutline::new(net.outline());
        let o = Outline::Path(std::sync::Arc::new(outline));
        for (x1, y1, x2, y2) in net.folds() {
            let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
            let (a, b) = o.span_at(my + 0.01, mx).unwrap();
            assert!(a < mx && mx < b, "fold at ({mx}, {my}) outside the cut");
        }
    }
}
