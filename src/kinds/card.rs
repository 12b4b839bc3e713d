//! Cards: a title band, then an optional table and body paragraphs that are wrapped and, if
//! they would overflow, set smaller until they fit. Lines starting with `# ` are subheadings.
use svg::node::element::Group;

use super::{CheckCx, FaceCx, FaceField, Field, Kind, TtsForm};
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
    fn check(&self, cx: &mut CheckCx) {
        check_shape(cx);
    }
    fn default_shape(&self) -> Shape {
        Shape::Rounded
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        draw(cx.canvas, cx.piece.shape.clone(), face, cx.art)
    }
    fn noun(&self) -> &'static str {
        "card"
    }
    fn tts(&self, shape: Shape) -> TtsForm {
        TtsForm::card(shape)
    }
}

/// A card is a rectangle, its corners rounded or not, or a circle: what a deck stacks and
/// shuffles (and what Tabletop Simulator's decks are).
pub(super) fn check_shape(cx: &mut CheckCx) {
    if let Some(shape) = &cx.component.shape
        && !matches!(shape.value, Shape::Square | Shape::Rounded | Shape::Round)
    {
        let id = &cx.component.id.value;
        cx.at(
            shape,
            format!("`{id}` is a card: cards are `rounded` (the default), `square` or `round`; hexes, polygons and custom outlines are for tokens and tiles (`kind: tile`)"),
        );
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
    // Each try only measures, and stops as soon as the body is deeper than the space: a body
    // far too long for its card costs what the card can show, not what it holds.
    let avail = bottom - top;
    let mut size = (m * 0.05).clamp(2.2, 4.6);
    loop {
        let used = walk_body(face, pad, top, w - 2.0 * pad, size, avail, |_| {});
        if used <= avail || size < 1.6 {
            if used > avail {
                crate::draw::text::overflowed(
                    "the body text (table and lines) is too long for the card",
                );
            }
            break;
        }
        size *= 0.93;
    }
    // Drawn down to the bottom edge (with the bleed): lines below it would be cut off.
    let below = h + b - top + size * 1.5;
    let mut g = Some(Group::new());
    walk_body(face, pad, top, w - 2.0 * pad, size, below, |mark| {
        g = g.take().map(|g| draw_mark(g, mark, &c));
    });
    cv.add(g.unwrap_or_default());

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

/// One thing a card's body draws.
enum Mark<'a> {
    /// The table's header row's shading.
    Band { x: f64, y: f64, w: f64, h: f64 },
    /// A table cell's text, centred on `x`, set at `size` or smaller to fit `room`.
    Cell {
        x: f64,
        y: f64,
        size: f64,
        room: f64,
        header: bool,
        text: &'a str,
    },
    /// The line under a table row.
    Rule { x: f64, y: f64, w: f64 },
    /// A line of a paragraph (a subheading's in `Font::CondensedBold`).
    Line {
        x: f64,
        y: f64,
        size: f64,
        room: f64,
        font: Font,
        text: String,
    },
}

/// Lays out the table and paragraphs from `top`, `width` wide, with text at `size`, calling
/// `mark` for each thing drawn; returns the height used. Stops once more than `depth` is used
/// (the height returned is then more than `depth`): what lies below is never measured.
fn walk_body<'f>(
    face: &'f Face,
    x: f64,
    top: f64,
    width: f64,
    size: f64,
    depth: f64,
    mut mark: impl FnMut(Mark<'f>),
) -> f64 {
    let mut y = top;
    if let Some(table) = face.table.as_ref().filter(|t| !t.is_empty()) {
        let cols = table.iter().map(Vec::len).max().unwrap_or(1).max(1);
        let row_h = size * 1.7;
        let col_w = width / cols as f64;
        for (r, row) in table.iter().enumerate() {
            if y - top > depth {
                return y - top;
            }
            if r == 0 {
                mark(Mark::Band {
                    x,
                    y,
                    w: width,
                    h: row_h,
                });
            }
            for (i, cell) in row.iter().enumerate() {
                mark(Mark::Cell {
                    x: x + col_w * (i as f64 + 0.5),
                    y: y + row_h * 0.68,
                    size,
                    room: col_w - size,
                    header: r == 0,
                    text: cell,
                });
            }
            y += row_h;
            mark(Mark::Rule { x, y, w: width });
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
        for l in wrap(font, s, width, text_) {
            y += s * 1.25;
            if y - top > depth {
                return y - top;
            }
            mark(Mark::Line {
                x,
                y,
                size: s,
                room: width,
                font,
                text: l,
            });
        }
        y += s * 0.45;
    }
    y - top
}

/// `g` with one thing a card's body draws added.
fn draw_mark(g: Group, mark: Mark, c: &Colors) -> Group {
    match mark {
        Mark::Band { x, y, w, h } => g.add(rect(x, y, w, h, &c.ink).set("fill-opacity", "0.12")),
        Mark::Cell {
            x,
            y,
            size,
            room,
            header,
            text: cell,
        } => {
            let font = match header {
                true => Font::CondensedBold,
                false => Font::Sans,
            };
            let s = fit(font, size, room, cell);
            g.add(text(x, y, s, font, Anchor::Middle, &c.ink, cell))
        }
        Mark::Rule { x, y, w } => {
            g.add(line(x, y, x + w, y, &c.ink, 0.2).set("stroke-opacity", "0.5"))
        }
        Mark::Line {
            x,
            y,
            size,
            room,
            font,
            text: l,
        } => {
            let fill = match font {
                Font::CondensedBold => c.ink.as_str(),
                _ => "#222222",
            };
            let s = match width(font, size, &l) > room {
                true => fit(font, size, room, &l),
                false => size,
            };
            g.add(text(x, y, s, font, Anchor::Start, fill, &l))
        }
    }
}
