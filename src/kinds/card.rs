//! Cards: a title band, then an optional table and body paragraphs that are wrapped and, if
//! they would overflow, set smaller until they fit. Lines starting with `# ` are subheadings.
use svg::node::element::Group;

use super::{CheckCx, FaceCx, FaceField, Kind};
use crate::base::forms::Side;
use crate::draw::canvas::{Anchor, Canvas, circle, line, n, place, rect, text};
use crate::draw::text::{Font, fit, fit_down_to, width, wrap};
use crate::kinds::face::DrawError;
use crate::kinds::face::{Art, Colors};
use crate::spec::{ColumnWidth, Face, Shape};

/// A card with a title, body text and an optional table.
#[derive(Debug, Default)]
pub struct Card;

/// What a card's face shows (a playing card's back is drawn as a card's).
pub(super) const DRAWS: &[FaceField] = face_fields![
    Background, Ink, Border, Symbol, Title, Label, Text, Lines, Table, Columns, Corner, Layout,
    Image, Fit, Position, Font
];

/// What a card and a playing card answer alike in their `impl Kind`: the fields a card takes,
/// its rounded corners, what the cover, Tabletop Simulator and a print shop make of it, and that
/// a piece is called by what its face shows.
macro_rules! card_answers {
    () => {
        fn fields(&self) -> &'static [$crate::kinds::Field] {
            use $crate::kinds::Field;
            &[Field::Size, Field::Shape, Field::Back]
        }
        fn default_shape(&self) -> $crate::spec::Shape {
            $crate::spec::Shape::Rounded
        }
        fn noun(&self) -> &'static str {
            "card"
        }
        fn tts(&self, shape: $crate::spec::Shape) -> $crate::kinds::TtsForm {
            $crate::kinds::TtsForm::card(shape)
        }
        fn shop_family(&self, _: $crate::spec::Shape) -> Option<$crate::kinds::ShopFamily> {
            Some($crate::kinds::ShopFamily::Card)
        }
        fn named_by_face(&self) -> bool {
            true
        }
    };
}
pub(super) use card_answers;

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
    card_answers!();
    fn draws(&self, _: Side) -> &'static [FaceField] {
        DRAWS
    }
    fn check(&self, cx: &mut CheckCx) {
        check_shape(cx);
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        draw(face, cx)
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

/// Draws a card's face over its background and its picture (`image:`), if any.
pub(super) fn draw(face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
    let picture = cx.image(face)?;
    let (shape, art, dir) = (cx.piece.shape.clone(), cx.art, cx.dir());
    let cv = &mut *cx.canvas;
    if shape == Shape::Round {
        return draw_round(cv, face, art, dir, picture);
    }
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
    if let Some(picture) = picture {
        cv.add(picture);
    }

    let pad = (m * 0.06).clamp(2.5, 6.0);
    if let Some(layout) = crate::spec::layouts::of(art.game(), face) {
        crate::kinds::boxes::draw(cv, face, art, dir, layout, &c)?;
    } else {
        builtin(cv, face, art, &c, pad, radius)?;
    }
    if let Some(corner) = face.corner.as_deref().filter(|t| !t.trim().is_empty()) {
        cv.add(corners(w, h, m, corner, &c.ink));
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

/// A round card: its background and border its circle, its layout's boxes placed on it as on
/// any card and cut to the circle, or its built-in look set in the square inside the circle, as
/// on a square card of that size; its corner index in that square's corners.
fn draw_round(
    cv: &mut Canvas,
    face: &Face,
    art: &Art,
    dir: Option<&std::path::Path>,
    picture: Option<Group>,
) -> Result<(), DrawError> {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    let c = Colors::of(face);
    let m = w.min(h);
    cv.add(circle(w / 2.0, h / 2.0, m / 2.0 + b, &c.background));
    if let Some(picture) = picture {
        cv.add(picture);
    }
    let side = m / std::f64::consts::SQRT_2;
    let square = ((w - side) / 2.0, (h - side) / 2.0, side, side);
    match crate::spec::layouts::of(art.game(), face) {
        Some(layout) => {
            // The circle its background fills.
            let r = m / 2.0 + b;
            let (left, right, y) = (n(w / 2.0 - r), n(w / 2.0 + r), n(h / 2.0));
            let clip = format!(
                "M{left} {y}A{r} {r} 0 1 0 {right} {y}A{r} {r} 0 1 0 {left} {y}Z",
                r = n(r)
            );
            cv.clipped(&clip, |cv| {
                crate::kinds::boxes::draw(cv, face, art, dir, layout, &c)
            })?
        }
        None => cv.within(square, |cv| {
            let pad = (side * 0.06).clamp(2.5, 6.0);
            builtin(cv, face, art, &c, pad, 0.0)
        })?,
    }
    if let Some(corner) = face.corner.as_deref().filter(|t| !t.trim().is_empty()) {
        cv.within(square, |cv| {
            cv.add(corners(side, side, side, corner, &c.ink))
        });
    }
    if let Some(border) = c.border() {
        let s = (m * 0.008).clamp(0.25, 0.5);
        cv.add(
            circle(w / 2.0, h / 2.0, m / 2.0 - s / 2.0, "none")
                .set("stroke", border)
                .set("stroke-width", n(s)),
        );
    }
    Ok(())
}

/// The size of a corner index's characters on a card whose shorter side is `m` mm.
fn corner_size(m: f64) -> f64 {
    (m * 0.075).clamp(3.0, 6.0)
}

/// The width a corner index takes from the card's left and right edges (the built-in look's
/// title band and text stay clear of it).
pub(crate) fn corner_inset(m: f64) -> f64 {
    corner_size(m) * 1.6
}

/// A corner index: the text small in the top-left corner, its icons under it, and the same
/// turned half round in the bottom-right corner.
fn corners(w: f64, h: f64, m: f64, corner: &str, ink: &str) -> Group {
    use crate::draw::markup::{Span, parse, write};
    let size = corner_size(m);
    let spans = parse(corner);
    let (icons, words): (Vec<Span>, Vec<Span>) =
        spans.into_iter().partition(|s| matches!(s, Span::Icon(_)));
    let (index, icons) = (write(&words), write(&icons));
    let cx = corner_inset(m) / 2.0 + m * 0.01;
    let mut one = Group::new();
    let mut y = m * 0.03 + size * 0.72;
    if !index.trim().is_empty() {
        let s = fit(
            Font::CondensedBold,
            size,
            corner_inset(m) * 0.9,
            index.trim(),
        );
        one = one.add(text(
            cx,
            y,
            s,
            Font::CondensedBold,
            Anchor::Middle,
            ink,
            index.trim(),
        ));
        y += size * 0.3;
    }
    if !icons.is_empty() {
        let s = size * 0.75;
        let s = fit(Font::Sans, s, corner_inset(m) * 0.9, &icons);
        one = one.add(text(
            cx,
            y + s * 0.85,
            s,
            Font::Sans,
            Anchor::Middle,
            ink,
            &icons,
        ));
    }
    let turned = one.clone().set(
        "transform",
        format!("rotate(180 {} {})", n(w / 2.0), n(h / 2.0)),
    );
    Group::new().add(one).add(turned)
}

/// The built-in look: a title band, then the symbol, big text, table and paragraphs.
fn builtin(
    cv: &mut Canvas,
    face: &Face,
    art: &Art,
    c: &Colors,
    pad: f64,
    radius: f64,
) -> Result<(), DrawError> {
    let (w, h) = (cv.w, cv.h);
    let m = w.min(h);
    // A corner index keeps the band and the text off the card's sides.
    let side = match face.corner.as_deref().filter(|t| !t.trim().is_empty()) {
        Some(_) => corner_inset(m).max(pad),
        None => pad,
    };
    let mut top = pad;
    if let Some(title) = &face.title {
        let band = (h * 0.12).clamp(7.0, 16.0);
        let inset = side - pad;
        cv.add(
            rect(
                pad * 0.6 + inset,
                pad * 0.6,
                w - pad * 1.2 - 2.0 * inset,
                band,
                &c.ink,
            )
            .set("rx", n(radius * 0.6)),
        );
        let size = fit(
            Font::Display,
            band * 0.72,
            w - pad * 3.0 - 2.0 * inset,
            title,
        );
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
            w - 2.0 * side,
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
        let size = fit(Font::Display, title_sized, w - 2.0 * side, big);
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
            w - 2.0 * side,
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
    // A try stops once it is deeper than the card's bottom edge (with the bleed): a body far
    // too long for its card costs what the card can show, not what it holds.
    let avail = bottom - top;
    let depth = h + cv.bleed - top;
    let mut size = (m * 0.05).clamp(2.2, 4.6);
    let before = crate::draw::text::overflow_count();
    loop {
        let (body, used) = body(face, c, side, top, w - 2.0 * side, size, depth);
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
    Ok(())
}

/// Lays out the table and paragraphs from `top`; returns them and the height used. Stops
/// once more than `depth` is used (the height returned is then more than `depth`): what lies
/// below is never laid out.
fn body(
    face: &Face,
    c: &Colors,
    x: f64,
    top: f64,
    width_avail: f64,
    size: f64,
    depth: f64,
) -> (Group, f64) {
    let mut g = Group::new();
    let mut y = top;
    if let Some((t, used)) = table(face, c, x, y, width_avail, size) {
        g = g.add(t);
        y += used + size * 1.2;
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
            if y - top > depth {
                return (g, y - top);
            }
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

/// The face's table from `top`, `width_avail` wide, its text at `size`: its columns as
/// `columns:` says (default: equal shares), a cell's text wrapped within its column and set
/// smaller only when a word is wider than the column. Returns it and its height.
pub(crate) fn table(
    face: &Face,
    c: &Colors,
    x: f64,
    top: f64,
    width_avail: f64,
    size: f64,
) -> Option<(Group, f64)> {
    let table = face.table.as_ref().filter(|t| !t.is_empty())?;
    let mut g = Group::new();
    let mut y = top;
    let cols = table.iter().map(Vec::len).max().unwrap_or(1).max(1);
    let widths = column_widths(table, face.columns.as_deref(), cols, width_avail, size);
    let lefts: Vec<f64> = widths
        .iter()
        .scan(x, |at, w| {
            let left = *at;
            *at += w;
            Some(left)
        })
        .collect();
    let line_h = size * 1.25;
    for (r, row) in table.iter().enumerate() {
        let header = r == 0;
        let font = if header {
            Font::CondensedBold
        } else {
            Font::Sans
        };
        // Each cell wrapped in its column (less a margin); the row as tall as its tallest.
        let cells: Vec<Vec<String>> = row
            .iter()
            .zip(&widths)
            .map(|(cell, cw)| wrap(font, size, (cw - size).max(size), cell))
            .collect();
        let lines = cells.iter().map(Vec::len).max().unwrap_or(1).max(1);
        let row_h = size * 1.7 + (lines - 1) as f64 * line_h;
        if header {
            g = g.add(rect(x, y, width_avail, row_h, &c.ink).set("fill-opacity", "0.12"));
        }
        for (i, cell) in cells.iter().enumerate() {
            let inner = (widths[i] - size).max(size);
            for (k, l) in cell.iter().enumerate() {
                let s = fit(font, size, inner, l);
                g = g.add(text(
                    lefts[i] + widths[i] / 2.0,
                    y + size * 1.7 * 0.68 + k as f64 * line_h,
                    s,
                    font,
                    Anchor::Middle,
                    &c.ink,
                    l,
                ));
            }
        }
        y += row_h;
        g = g.add(line(x, y, x + width_avail, y, &c.ink, 0.2).set("stroke-opacity", "0.5"));
    }
    Some((g, y - top))
}

/// The widths of `cols` columns sharing `avail` mm: fixed ones as given, `auto` ones as wide
/// as their longest cell wants (less when that does not fit: in proportion), shares (`2fr`)
/// splitting what is left. Columns not listed are `1fr`. When nothing takes the width left,
/// the `auto` columns share it.
pub(crate) fn column_widths(
    table: &[Vec<String>],
    given: Option<&[ColumnWidth]>,
    cols: usize,
    avail: f64,
    size: f64,
) -> Vec<f64> {
    let spec: Vec<ColumnWidth> = (0..cols)
        .map(|i| {
            given
                .and_then(|g| g.get(i).copied())
                .unwrap_or(ColumnWidth::Share(1.0))
        })
        .collect();
    let natural = |i: usize| {
        table
            .iter()
            .enumerate()
            .filter_map(|(r, row)| {
                let font = if r == 0 {
                    Font::CondensedBold
                } else {
                    Font::Sans
                };
                row.get(i).map(|cell| width(font, size, cell) + size)
            })
            .fold(size, f64::max)
    };
    let (fixed, shares) = spec.iter().fold((0.0, 0.0), |(fixed, shares), s| match s {
        ColumnWidth::Fixed(mm) => (fixed + mm, shares),
        ColumnWidth::Share(f) => (fixed, shares + f),
        ColumnWidth::Auto => (fixed, shares),
    });
    let left = (avail - fixed).max(0.0);
    let wants: Vec<f64> = (0..cols)
        .map(|i| match spec[i] {
            ColumnWidth::Auto => natural(i),
            _ => 0.0,
        })
        .collect();
    let auto_total: f64 = wants.iter().sum();
    // Autos shrink to fit what is left, or grow into it when no share takes it.
    let auto_scale = if auto_total > left || (shares == 0.0 && auto_total > 0.0) {
        left / auto_total
    } else {
        1.0
    };
    let for_shares = (left - auto_total * auto_scale).max(0.0);
    spec.iter()
        .enumerate()
        .map(|(i, s)| match s {
            ColumnWidth::Fixed(mm) => *mm,
            ColumnWidth::Auto => wants[i] * auto_scale,
            ColumnWidth::Share(f) => for_shares * f / shares,
        })
        .collect()
}
