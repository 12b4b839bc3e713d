//! Cards: a title band, then an optional table and body paragraphs that are wrapped and, if
//! they would overflow, set smaller until they fit. Lines starting with `# ` are subheadings.
use svg::node::element::Group;

use super::{FaceCx, FaceField, Field, Kind, TtsForm};
use crate::draw::DrawError;
use crate::draw::canvas::{Anchor, Canvas, line, n, place, rect, text};
use crate::draw::text::{Font, fit, fit_down_to, width, wrap};
use crate::draw::{Art, Colors, Side};
use crate::spec::{Face, Shape};

/// A card with a title, body text and an optional table.
#[derive(Debug, Default)]
pub struct Card;

/// What a card's face shows (a playing card's back is drawn as a card's).
pub(super) const DRAWS: &[FaceField] = &[
    FaceField::Background,
    FaceField::Ink,
    FaceField::Border,
    FaceField::Symbol,
    FaceField::Title,
    FaceField::Label,
    FaceField::Text,
    FaceField::Lines,
    FaceField::Table,
];

impl Kind for Card {
    fn about(&self) -> &'static str {
        "A card: a title band, a table and paragraphs of text set smaller until they fit."
    }
    fn example(&self) -> &'static str {
        r##"kind: card
size: 2.5in x 3.5in
copies: 2
front: {title: Harvest, text: "+2", symbol: sun}
back: {title: Action, background: "#335577", ink: "#ffffff"}
"##
    }
    fn fields(&self) -> &'static [Field] {
        &[Field::Size, Field::Shape, Field::Back]
    }
    fn draws(&self, _: Side) -> &'static [FaceField] {
        DRAWS
    }
    fn default_shape(&self) -> Shape {
        Shape::Rounded
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        draw(cx.canvas, cx.piece.shape, face, cx.art)
    }
    fn noun(&self) -> &'static str {
        "card"
    }
    fn tts(&self, shape: Shape) -> TtsForm {
        TtsForm::card(shape)
    }
}

pub(super) fn draw(cv: &mut Canvas, shape: Shape, face: &Face, art: &Art) -> Result<(), DrawError> {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    let c = Colors::of(face);
    let m = w.min(h);
    let radius = if shape == Shape::Rounded {
        m * 0.05
    } else {
        0.0
    };
    let bg = rect(-b, -b, w + 2.0 * b, h + 2.0 * b, &c.background);
    cv.add(if b > 0.0 { bg } else { bg.set("rx", n(radius)) });

    let pad = (m * 0.06).clamp(2.5, 6.0);
    let mut top = pad;
    if let Some(title) = &face.title {
        let band = (h * 0.12).clamp(7.0, 16.0);
        cv.add(rect(pad * 0.6, pad * 0.6, w - pad * 1.2, band, &c.ink).set("rx", n(radius * 0.6)));
        let size = fit(Font::Display, band * 0.72, w - pad * 3.0, title);
        cv.add(text(
            w / 2.0,
            pad * 0.6 + band / 2.0 + size * 0.35,
            size,
            Font::Display,
            Anchor::Middle,
            &c.background,
            title,
        ));
        top = pad * 0.6 + band + pad * 0.8;
    }
    let mut bottom = h - pad;
    if let Some(label) = &face.label {
        let size = fit(
            Font::Condensed,
            (m * 0.035).clamp(2.0, 3.0),
            w - 2.0 * pad,
            label,
        );
        cv.add(
            text(
                w / 2.0,
                bottom,
                size,
                Font::Condensed,
                Anchor::Middle,
                &c.ink,
                label,
            )
            .set("fill-opacity", "0.7"),
        );
        bottom -= size * 1.6;
    }
    let has_body = face.lines.is_some() || face.table.is_some();
    let big = face.text.as_deref();
    if let Some(symbol) = &face.symbol {
        // Under a body, a smaller mark that the body keeps clear of, in full ink: a faint one
        // vanishes in grayscale and on a weak printer.
        let size = match has_body {
            true => ((bottom - top) * 0.17).min(w * 0.22),
            false => ((bottom - top) * 0.3).min(w * 0.4),
        };
        let g = art.symbol(&symbol.value)?;
        let y = if has_body {
            bottom - size
        } else if big.is_some() {
            // Above the big text, which takes the space under it.
            top + pad
        } else {
            top + (bottom - top - size) / 2.0
        };
        cv.add(place(&g, w / 2.0 - size / 2.0, y, size, &c.ink));
        if big.is_some() && !has_body {
            top = y + size + pad;
        }
        if has_body {
            bottom = y - pad * 0.5;
        }
    }
    // Title-sized: the smallest a card's big text is set.
    let title_sized = (h * 0.12).clamp(7.0, 16.0) * 0.8;
    if let Some(big) = big.filter(|_| has_body) {
        // Above a body the big text (a cost, a value) takes a line of its own.
        let size = fit(Font::Display, title_sized, w - 2.0 * pad, big);
        cv.add(text(
            w / 2.0,
            top + size * 0.72,
            size,
            Font::Display,
            Anchor::Middle,
            &c.ink,
            big,
        ));
        top += size * 0.72 + pad * 0.8;
    } else if let Some(big) = big {
        // Sized by the card's height, it may go below a third of that, to title size: a word
        // across a player mat. Never a higher floor than `fit`'s, which small cards need.
        let max = (bottom - top) * 0.6;
        let size = fit_down_to(
            Font::Display,
            max,
            title_sized.min(max / 3.0),
            w - 2.0 * pad,
            big,
        );
        cv.add(text(
            w / 2.0,
            top + (bottom - top) / 2.0 + size * 0.35,
            size,
            Font::Display,
            Anchor::Middle,
            &c.ink,
            big,
        ));
    }

    // Body: try the natural size, shrink until the table and paragraphs fit the space left.
    let avail = bottom - top;
    let mut size = (m * 0.05).clamp(2.2, 4.6);
    let before = crate::draw::text::overflow_count();
    loop {
        let (body, used) = body(face, &c, pad, top, w - 2.0 * pad, size);
        if used <= avail || size < 1.6 {
            if used > avail {
                crate::draw::text::overflowed(
                    "the body text (table and lines) is too long for the card",
                );
            }
            cv.add(body);
            break;
        }
        // Only the layout used counts.
        crate::draw::text::forget_overflows_after(before);
        size *= 0.93;
    }

    if let Some(border) = c.border() {
        let s = (m * 0.008).clamp(0.25, 0.5);
        cv.add(
            rect(s / 2.0, s / 2.0, w - s, h - s, "none")
                .set("rx", n(radius))
                .set("stroke", border)
                .set("stroke-width", n(s)),
        );
    }
    Ok(())
}

/// Lays out the table and paragraphs from `top`; returns them and the height used.
fn body(face: &Face, c: &Colors, x: f64, top: f64, width_avail: f64, size: f64) -> (Group, f64) {
    let mut g = Group::new();
    let mut y = top;
    if let Some(table) = face.table.as_ref().filter(|t| !t.is_empty()) {
        let cols = table.iter().map(Vec::len).max().unwrap_or(1).max(1);
        let row_h = size * 1.7;
        let col_w = width_avail / cols as f64;
        for (r, row) in table.iter().enumerate() {
            let header = r == 0;
            if header {
                g = g.add(rect(x, y, width_avail, row_h, &c.ink).set("fill-opacity", "0.12"));
            }
            for (i, cell) in row.iter().enumerate() {
                let font = if header {
                    Font::CondensedBold
                } else {
                    Font::Sans
                };
                let s = fit(font, size, col_w - size, cell);
                g = g.add(text(
                    x + col_w * (i as f64 + 0.5),
                    y + row_h * 0.68,
                    s,
                    font,
                    Anchor::Middle,
                    &c.ink,
                    cell,
                ));
            }
            y += row_h;
            g = g.add(line(x, y, x + width_avail, y, &c.ink, 0.2).set("stroke-opacity", "0.5"));
        }
        y += size * 1.2;
    }
    for paragraph in face.paragraphs() {
        let (font, s, text_) = match paragraph.strip_prefix("# ") {
            Some(heading) => (Font::CondensedBold, size * 1.15, heading),
            None => (Font::Sans, size, paragraph),
        };
        if font == Font::CondensedBold && y > top {
            y += s * 0.35;
        }
        for l in wrap(font, s, width_avail, text_) {
            y += s * 1.25;
            let fill = if font == Font::CondensedBold {
                c.ink.as_str()
            } else {
                "#222222"
            };
            let s_fit = if width(font, s, &l) > width_avail {
                fit(font, s, width_avail, &l)
            } else {
                s
            };
            g = g.add(text(x, y, s_fit, font, Anchor::Start, fill, &l));
        }
        y += s * 0.45;
    }
    (g, y - top)
}
