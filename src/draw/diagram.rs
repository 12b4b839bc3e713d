//! Setup diagrams: pieces of the game placed on a table and drawn from their own face SVGs, so
//! the picture always matches the printed pieces. Positions are table millimetres (the centre
//! of each piece), drawn at `scale` from `origin`.
use svg::node::Blob;
use svg::node::element::Group;

use super::canvas::{Anchor, Canvas, n, rect, text};
use super::text::{Font, fit};
use super::{Art, Colors, Side, draw_face};
use crate::pieces::{Piece, expand};
use crate::spec::{DiagramSide, DiagramSpec, Face, Game, Kind};

pub fn draw(
    cv: &mut Canvas,
    game: &Game,
    spec: &DiagramSpec,
    face: &Face,
    art: &Art,
) -> Result<(), String> {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    let c = Colors::of(face);
    cv.add(rect(-b, -b, w + 2.0 * b, h + 2.0 * b, &c.background));
    let scale = spec.scale.unwrap_or(1.0);
    let [ox, oy] = spec.origin.unwrap_or([0.0, 0.0]);
    let mut top = 0.0;
    if let Some(title) = &face.title {
        let size = fit(Font::CondensedBold, 7.0, w * 0.9, title);
        cv.add(text(
            w / 2.0,
            4.0 + size * 0.8,
            size,
            Font::CondensedBold,
            Anchor::Middle,
            &c.ink,
            title,
        ));
        top = size * 1.2 + 4.0;
    }
    let pieces = expand(game);
    for placed in &spec.place {
        let p = &placed.value;
        let piece = pieces
            .iter()
            .find(|x| x.id(game) == p.piece.value)
            .ok_or_else(|| format!("no piece `{}` to place", p.piece.value))?;
        let (inner, pw, ph) = piece_svg(game, piece, p.side, p.face.unwrap_or(0), art)?;
        let x = ox + p.at[0] * scale;
        let y = oy + top + p.at[1] * scale;
        let mut g = Group::new()
            .set(
                "transform",
                format!(
                    "translate({} {}) rotate({}) scale({}) translate({} {})",
                    n(x),
                    n(y),
                    n(p.rotate),
                    n(scale),
                    n(-pw / 2.0),
                    n(-ph / 2.0)
                ),
            )
            .add(Blob::new(inner));
        if p.faded {
            g = g.set("opacity", "0.45");
        }
        cv.add(g);
    }
    for l in &spec.labels {
        let size = l.size.unwrap_or(4.0);
        cv.add(text(
            ox + l.at[0] * scale,
            oy + top + l.at[1] * scale + size * 0.35,
            size,
            Font::CondensedBold,
            Anchor::Middle,
            &c.ink,
            &l.text,
        ));
    }
    if let Some(label) = &face.label {
        let size = fit(Font::Condensed, 3.6, w * 0.92, label);
        cv.add(text(
            w / 2.0,
            h - 3.0,
            size,
            Font::Condensed,
            Anchor::Middle,
            &c.ink,
            label,
        ));
    }
    Ok(())
}

/// The inside of one piece's face SVG (without its `<svg>` element) and its size in mm: a die
/// shows one face, a pawn its figure, anything else the side asked for.
fn piece_svg(
    game: &Game,
    piece: &Piece,
    side: DiagramSide,
    die_face: usize,
    art: &Art,
) -> Result<(String, f64, f64), String> {
    match piece.kind {
        Kind::Die => {
            let spec = game.spec.components[piece.component]
                .die
                .as_ref()
                .ok_or("a die needs a `die:` section")?;
            let faces = super::die::faces(&piece.front(game), spec);
            let face = faces.get(die_face).ok_or("a die has faces 0 to 5")?;
            let s = super::die::edge_of_net(piece.w);
            let g = super::die::face_group(face, art, 0.0, 0.0, s)?;
            let outline = rect(0.0, 0.0, s, s, "none")
                .set("stroke", "#333333")
                .set("stroke-width", n(s * 0.03))
                .set("rx", n(s * 0.12));
            Ok((format!("{g}{outline}"), s, s))
        }
        Kind::Pawn => {
            let d = super::pawn::base(piece.w);
            let h = (piece.h - 2.0 * d) / 2.0;
            let g = super::pawn::panel(&piece.front(game), art, piece.w, h)?;
            Ok((g.to_string(), piece.w, h))
        }
        _ => {
            let side = match side {
                DiagramSide::Front => Side::Front,
                DiagramSide::Back => Side::Back,
            };
            let svg = draw_face(game, piece, side, 0.0, art)?
                .ok_or_else(|| format!("`{}` has no back to show", piece.id(game)))?;
            Ok((strip_root(&svg).to_string(), piece.w, piece.h))
        }
    }
}

/// The children of an SVG document's root element.
fn strip_root(svg: &str) -> &str {
    let start = svg
        .find("<svg")
        .and_then(|i| svg[i..].find('>').map(|j| i + j + 1))
        .unwrap_or(0);
    let end = svg.rfind("</svg>").unwrap_or(svg.len());
    if start <= end { &svg[start..end] } else { "" }
}
