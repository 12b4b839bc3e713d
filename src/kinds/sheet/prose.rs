//! Sheet sections of words: `checkboxes`, `text` and `legend`.
use svg::node::element::Group;

use super::draw::*;
use super::model::*;
use crate::draw::canvas::{Anchor, line, place, rect, text};
use crate::draw::text::{Font, width, wrap};

/// The text after a check item's label, wrapped beside it.
pub(super) fn checkitem_lines(i: &CheckItem, w: f64) -> Vec<String> {
    let boxes = i.boxes.as_ref().map_or(1, |b| b.value) as f64 * (BOX + 1.2);
    let label_w = width(Font::CondensedBold, TEXT * 1.1, &i.label) + 3.0;
    match &i.text {
        Some(t) => wrap(Font::Sans, TEXT, (w - boxes - label_w - 8.0).max(20.0), t),
        None => Vec::new(),
    }
}

pub(super) fn checkboxes(mut g: Group, c: &Checkboxes, x: f64, y: f64, w: f64, ink: &str) -> Group {
    let mut yy = y;
    for (k, item) in c.items.iter().enumerate() {
        let lines = checkitem_lines(item, w);
        let mut cx = x;
        for _ in 0..item.boxes.as_ref().map_or(1, |b| b.value) {
            g = checkbox(g, cx, yy + 0.6, BOX, ink);
            cx += BOX + 1.2;
        }
        cx += 1.5;
        let label = if c.numbered {
            format!("{}. {}", k + 1, item.label)
        } else {
            item.label.clone()
        };
        g = g.add(text(
            cx,
            yy + TEXT + 0.9,
            TEXT * 1.1,
            Font::CondensedBold,
            Anchor::Start,
            ink,
            &label,
        ));
        let tx = cx + width(Font::CondensedBold, TEXT * 1.1, &label) + 3.0;
        for (j, l) in lines.iter().enumerate() {
            g = g.add(text(
                tx,
                yy + TEXT + 0.9 + j as f64 * TEXT * 1.4,
                TEXT,
                Font::Sans,
                Anchor::Start,
                "#222222",
                l,
            ));
        }
        yy += lines.len().max(1) as f64 * TEXT * 1.4 + 1.6;
    }
    g
}

pub(super) fn paragraphs(
    mut g: Group,
    lines: &[String],
    x: f64,
    y: f64,
    w: f64,
    ink: &str,
) -> Group {
    let mut yy = y;
    for p in lines {
        match p.strip_prefix("# ") {
            Some(h) => {
                for l in wrap(Font::CondensedBold, TEXT * 1.05, w, h) {
                    yy += TEXT * 1.35;
                    g = g.add(text(
                        x,
                        yy,
                        TEXT * 1.05,
                        Font::CondensedBold,
                        Anchor::Start,
                        ink,
                        &l,
                    ));
                }
                yy += 1.0;
            }
            None => {
                for l in wrap(Font::Sans, TEXT, w, p) {
                    yy += TEXT * 1.35;
                    g = g.add(text(x, yy, TEXT, Font::Sans, Anchor::Start, "#222222", &l));
                }
                yy += TEXT * 0.45;
            }
        }
    }
    g
}

pub(super) const SWATCH: f64 = 10.0;
/// Room for a legend item's label above its text.
pub(super) const LEGEND_LABEL_H: f64 = TEXT * 1.2 + 1.4;

pub(super) fn legend_text_w(w: f64, i: &LegendItem) -> f64 {
    let write = if i.write.is_some() { w * 0.3 } else { 0.0 };
    (w - 2.0 * SWATCH - 6.0 - write).max(20.0)
}

pub(super) fn legend_item_h(i: &LegendItem, w: f64) -> f64 {
    let lines = i.text.as_ref().map_or(0, |t| {
        wrap(Font::Sans, SMALL * 1.15, legend_text_w(w, i), t).len()
    });
    // The label under the writing line, on as many lines as its room needs.
    let under = write_lines(i, w).len().max(1) as f64;
    (LEGEND_LABEL_H + lines as f64 * SMALL * 1.5 + 1.0)
        .max(SWATCH + 1.8 + (under - 1.0) * SMALL * 1.2)
        + 3.0
}

/// The lines of a legend item's `write:` label, wrapped to the writing line's length (on a
/// half-page sheet "your Compost die colour" is longer than the line).
fn write_lines(i: &LegendItem, w: f64) -> Vec<String> {
    i.write
        .as_ref()
        .map(|wl| wrap(Font::Condensed, SMALL, w - write_x(i, w), wl))
        .unwrap_or_default()
}

/// Where a legend item's writing line starts, from the legend's left: its last 30 %, and never
/// over the text beside it (whose column keeps at least 20 mm on a narrow sheet).
fn write_x(i: &LegendItem, w: f64) -> f64 {
    (2.0 * SWATCH + 4.0 + legend_text_w(w, i) + 2.0).max(w * 0.7 + 3.0)
}

pub(super) fn legend(mut g: Group, l: &Legend, x: f64, y: f64, w: f64, ctx: &Ctx) -> Group {
    let ink = ctx.ink.as_str();
    let mut yy = y;
    for i in &l.items {
        let h = legend_item_h(i, w);
        let mut cx = x;
        if let Some(c) = &i.color {
            g = g.add(rect(cx, yy, SWATCH, SWATCH, c.hex()).set("rx", "1.6"));
            g = g.add(stroke_rect(cx, yy, SWATCH, SWATCH, ink, 0.3).set("rx", "1.6"));
        }
        cx += SWATCH + 2.0;
        if let Some(sym) = &i.symbol
            && let Ok(art) = ctx.art.symbol(&sym.value)
        {
            g = g.add(place(&art, cx, yy, SWATCH, ink));
        }
        cx += SWATCH + 2.0;
        g = g.add(text(
            cx,
            yy + TEXT + 0.4,
            TEXT * 1.2,
            Font::CondensedBold,
            Anchor::Start,
            ink,
            &i.label,
        ));
        if let Some(t) = &i.text {
            for (j, line_) in wrap(Font::Sans, SMALL * 1.15, legend_text_w(w, i), t)
                .iter()
                .enumerate()
            {
                g = g.add(text(
                    cx,
                    yy + LEGEND_LABEL_H + SMALL * 1.15 + j as f64 * SMALL * 1.5,
                    SMALL * 1.15,
                    Font::Sans,
                    Anchor::Start,
                    "#222222",
                    line_,
                ));
            }
        }
        if i.write.is_some() {
            let lx = x + write_x(i, w);
            let ly = yy + SWATCH - 1.0;
            g = g.add(line(lx, ly, x + w, ly, ink, 0.35));
            for (k, l) in write_lines(i, w).iter().enumerate() {
                g = g.add(text(
                    lx,
                    yy + SWATCH + 1.8 + k as f64 * SMALL * 1.2,
                    SMALL,
                    Font::Condensed,
                    Anchor::Start,
                    GRAY,
                    l,
                ));
            }
        }
        yy += h;
    }
    g
}
