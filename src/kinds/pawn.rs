//! Pawns as fold-over standees: a strip of base, figure (upside down), figure, base. Fold at
//! the middle and glue the two figures back to back; fold the bases out to opposite sides so
//! it stands. `size` is the standing figure; the strip adds a base at each end.
use svg::node::element::{Group, Path};

use super::{FaceCx, FaceField, Field, Kind, TtsForm};
use crate::base::forms::Side;
use crate::draw::canvas::{Anchor, Canvas, circle, line, n, place, rect, text};
use crate::draw::text::{Font, fit};
use crate::kinds::Component;
use crate::kinds::face::DrawError;
use crate::kinds::face::{Art, Colors};
use crate::spec::{Face, Shape};

/// A fold-over standee with a base; `size` is the standing figure.
#[derive(Debug, Default)]
pub struct Pawn;

impl Kind for Pawn {
    fn about(&self) -> &'static str {
        "A fold-over standee with a base at each end; `size` is the standing figure."
    }
    fn example(&self) -> &'static str {
        r##"kind: pawn
size: 20mm x 30mm
copies: 2
front: {symbol: moon, label: Scout, ink: "#3b2a52"}
"##
    }
    fn fields(&self) -> &'static [Field] {
        &[Field::Size]
    }
    fn draws(&self, _: Side) -> &'static [FaceField] {
        face_fields![Background, Ink, Border, Symbol, Label, Font]
    }
    /// The strip: the figure twice and a base at each end.
    fn size(&self, c: &Component) -> (f64, f64) {
        let (w, h) = c.size_mm().unwrap_or_default();
        strip_size(w, h)
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        draw(cx.canvas, face, cx.art)
    }
    fn noun(&self) -> &'static str {
        "pawn"
    }
    fn folds(&self) -> bool {
        true
    }
    fn tts(&self, _: Shape) -> TtsForm {
        TtsForm::Standee
    }
    /// Folded and standing, it covers its figure's width and its two bases.
    fn footprint(&self, _: &Component, piece: &crate::kinds::piece::Piece) -> super::Footprint {
        super::Footprint {
            w: piece.w,
            h: 2.0 * base(piece.w),
            round: false,
        }
    }
    /// Its figure standing on its footprint (`footprint`), so that a diagram shows it within
    /// the space it covers; without its label, which a diagram's scale would set too small to
    /// read (colour and symbol tell pawns apart).
    fn on_table(
        &self,
        game: &crate::kinds::Game,
        piece: &crate::kinds::piece::Piece,
        _: usize,
        art: &Art,
    ) -> Option<Result<(Group, f64, f64), DrawError>> {
        let (w, d) = (piece.w, 2.0 * base(piece.w));
        let h = (piece.h - d) / 2.0;
        let mut front = piece.front(game).into_owned();
        front.label = None;
        Some(standing(&front, art, w, h, d).map(|g| (g, w, d)))
    }
    /// The figure alone, nothing around its outline: Tabletop Simulator cuts the standee along it.
    fn standee(
        &self,
        game: &crate::kinds::Game,
        piece: &crate::kinds::piece::Piece,
        art: &Art,
    ) -> Option<Result<(Group, f64, f64), DrawError>> {
        let d = base(piece.w);
        let h = (piece.h - 2.0 * d) / 2.0;
        let front = piece.front(game);
        Some(cut_out(&front, art, piece.w, h).map(|g| (g, piece.w, h)))
    }
}

/// Depth of each base flap for a figure `w` wide.
pub fn base(w: f64) -> f64 {
    (w * 0.55).max(8.0)
}

/// The strip's outer size for a `w` × `h` figure.
pub fn strip_size(w: f64, h: f64) -> (f64, f64) {
    (w, 2.0 * h + 2.0 * base(w))
}

fn draw(cv: &mut Canvas, face: &Face, art: &Art) -> Result<(), DrawError> {
    let (w, b) = (cv.w, cv.bleed);
    let d = base(w);
    let h = (cv.h - 2.0 * d) / 2.0;
    let c = Colors::of(face);
    cv.add(rect(-b, -b, w + 2.0 * b, cv.h + 2.0 * b, &c.background));
    for y in [-b, d + 2.0 * h] {
        cv.add(rect(-b, y, w + 2.0 * b, d + b, &c.ink).set("fill-opacity", "0.18"));
    }
    // The back figure, turned so that both figures' heads meet at the middle fold.
    cv.add(panel(face, art, w, h)?.set(
        "transform",
        format!("rotate(180 {} {})", n(w / 2.0), n(d + h / 2.0))
            + &format!(" translate(0 {})", n(d)),
    ));
    cv.add(panel(face, art, w, h)?.set("transform", format!("translate(0 {})", n(d + h))));
    let dash = format!("{} {}", n(1.2), n(0.8));
    for y in [d, d + h, d + 2.0 * h] {
        cv.add(line(0.0, y, w, y, "#555555", 0.25).set("stroke-dasharray", dash.as_str()));
    }
    let hint = "fold";
    let size = fit(Font::Condensed, 2.2, w * 0.8, hint);
    for (y, turned) in [(d * 0.6, true), (d + 2.0 * h + d * 0.6, false)] {
        let t = text(
            w / 2.0,
            y,
            size,
            Font::Condensed,
            Anchor::Middle,
            &c.ink,
            "base",
        );
        cv.add(if turned {
            t.set(
                "transform",
                format!("rotate(180 {} {})", n(w / 2.0), n(y - size * 0.35)),
            )
        } else {
            t
        });
    }
    super::boards::furniture::draw_border(cv, c.border());
    Ok(())
}

/// One figure in a `w` × `h` box at the origin: a pawn in the ink colour, the symbol on its
/// body in the background colour, the label under it.
fn panel(face: &Face, art: &Art, w: f64, h: f64) -> Result<Group, DrawError> {
    let c = Colors::of(face);
    let g = Group::new().add(rect(0.0, 0.0, w, h, &c.background));
    Ok(label(figure(g, face, art, w, h)?, face, w, h, 0.9, &c.ink))
}

/// The height its label takes at the foot of a `h` tall figure (none without a label).
fn label_room(face: &Face, h: f64) -> f64 {
    if face.label.is_some() { h * 0.12 } else { 0.0 }
}

/// Adds the label under the figure, in `colour`, at most `share` of its width `w`.
fn label(g: Group, face: &Face, w: f64, h: f64, share: f64, colour: &str) -> Group {
    let Some(label) = &face.label else {
        return g;
    };
    let label_h = label_room(face, h);
    let size = fit(Font::CondensedBold, label_h * 0.8, w * share, label);
    g.add(text(
        w / 2.0,
        h - label_h * 0.3,
        size,
        Font::CondensedBold,
        Anchor::Middle,
        colour,
        label,
    ))
}

/// A `w` × `h` figure shrunk to stand on its `w` × `depth` footprint, drawn in the background
/// colour.
fn standing(face: &Face, art: &Art, w: f64, h: f64, depth: f64) -> Result<Group, DrawError> {
    let c = Colors::of(face);
    let scale = (depth / h).min(1.0);
    let figure = figure(Group::new(), face, art, w, h)?.set(
        "transform",
        format!(
            "translate({} 0) scale({})",
            n(w * (1.0 - scale) / 2.0),
            n(scale)
        ),
    );
    let ground = rect(0.0, 0.0, w, depth, &c.background).set("rx", n(w.min(depth) * 0.12));
    Ok(Group::new().add(ground).add(figure))
}

/// The figure of `panel` with nothing around it, in one piece: its head joined to its body by
/// a neck, and its label on a plinth in the ink colour under its feet.
fn cut_out(face: &Face, art: &Art, w: f64, h: f64) -> Result<Group, DrawError> {
    let c = Colors::of(face);
    let label_h = label_room(face, h);
    let fh = h - label_h;
    let cx = w / 2.0;
    let neck = w.min(fh) * 0.12;
    let mut g = Group::new().add(rect(cx - neck / 2.0, fh * 0.24, neck, fh * 0.15, &c.ink));
    if label_h > 0.0 {
        g = g.add(
            rect(w * 0.04, fh * 0.9, w * 0.92, h - fh * 0.9, &c.ink).set("rx", n(label_h * 0.2)),
        );
    }
    // The label in the background colour, on the plinth.
    Ok(label(
        figure(g, face, art, w, h)?,
        face,
        w,
        h,
        0.84,
        &c.background,
    ))
}

/// Adds the figure (head, collar, body, feet and its symbol) to `g`, in a `w` × `h` box at the
/// origin, above the label's room.
fn figure(mut g: Group, face: &Face, art: &Art, w: f64, h: f64) -> Result<Group, DrawError> {
    let c = Colors::of(face);
    let cx = w / 2.0;
    let fh = h - label_room(face, h);
    // The body: down its left side from the collar to its feet, and up its right, mirrored.
    let left = [(-0.11, 0.40), (-0.13, 0.62), (-0.36, 0.72), (-0.36, 0.90)];
    let at = |dx: f64, y: f64| format!("{} {}", n(cx + w * dx), n(fh * y));
    let [l0, l1, l2, l3] = left.map(|(dx, y)| at(dx, y));
    let [r0, r1, r2, r3] = left.map(|(dx, y)| at(-dx, y));
    let body = format!("M{l0} C{l1} {l2} {l3} L{r3} C{r2} {r1} {r0} Z");
    g = g
        .add(circle(cx, fh * 0.24, w.min(fh) * 0.17, &c.ink))
        .add(rect(cx - w * 0.2, fh * 0.37, w * 0.4, fh * 0.05, &c.ink).set("rx", n(fh * 0.02)))
        .add(Path::new().set("d", body).set("fill", c.ink.as_str()))
        .add(rect(cx - w * 0.42, fh * 0.88, w * 0.84, fh * 0.08, &c.ink).set("rx", n(fh * 0.02)));
    if let Some(sym) = &face.symbol {
        let size = w * 0.3;
        let sg = art.symbol(&sym.value)?;
        g = g.add(place(&sg, cx - size / 2.0, fh * 0.62, size, &c.background));
    }
    Ok(g)
}
