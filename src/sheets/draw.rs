//! Drawing a record sheet: a title band, then the sections stacked down the page. Each section
//! knows its natural height at a width; the room left on the page goes to the sections that can
//! use it (rosters get more rows, grids and tracks taller cells), so a sheet fills A4 or Letter.
//! Sizes are chosen for pencil: write-in rows at least 8 mm, text at least 2.6 mm (7.5 pt).
use std::collections::BTreeMap;

use svg::node::element::Group;

use super::model::*;
use crate::draw::Art;
use crate::draw::canvas::{Anchor, line, n, place, rect, text};
use crate::draw::text::{Font, fit, width, wrap};
use crate::output::layout::Rect;

/// Body text size (mm): about 9.6 pt.
pub const TEXT: f64 = 3.4;
/// Small print (labels above write-in lines, choices): about 7.5 pt.
pub const SMALL: f64 = 2.6;
/// Section headings.
const HEAD_SIZE: f64 = 4.6;
const HEAD_H: f64 = 8.0;
/// Space between sections.
pub const GAP: f64 = 5.0;
const HEADER_ROW: f64 = 7.0;
/// A row to write in with a pencil.
const WRITE_ROW: f64 = 8.5;
const BOX: f64 = 4.2;
/// Tallest roster row when a roster of fixed rows is given more room.
const ROSTER_ROW_MAX: f64 = 10.5;
const GRAY: &str = "#5a5a5a";
const RULE: f64 = 0.3;

/// What drawing needs besides the geometry, and what it records for tests.
pub struct Ctx<'a> {
    pub ink: String,
    pub fill: &'a BTreeMap<String, String>,
    pub art: &'a Art<'a>,
    /// Every track space drawn, in order (sheet mm).
    pub spaces: Vec<Rect>,
}

impl Ctx<'_> {
    /// `text` with each `{key}` replaced by the player's value (nothing when unknown).
    pub fn subst(&self, text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            let Some(close) = rest[open..].find('}') else {
                break;
            };
            out.push_str(&rest[..open]);
            let key = &rest[open + 1..open + close];
            if let Some(v) = self.fill.get(key) {
                out.push_str(v);
            }
            rest = &rest[open + close + 1..];
        }
        out.push_str(rest);
        out
    }
}

fn stroke_rect(
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    color: &str,
    sw: f64,
) -> svg::node::element::Rectangle {
    rect(x, y, w, h, "none")
        .set("stroke", color)
        .set("stroke-width", n(sw))
}

fn checkbox(g: Group, x: f64, y: f64, side: f64, ink: &str) -> Group {
    g.add(stroke_rect(x, y, side, side, ink, 0.3).set("rx", "0.6"))
}

fn tick(g: Group, x: f64, y: f64, side: f64, ink: &str) -> Group {
    g.add(line(
        x + side * 0.2,
        y + side * 0.8,
        x + side * 0.8,
        y + side * 0.2,
        ink,
        0.6,
    ))
    .add(line(
        x + side * 0.2,
        y + side * 0.2,
        x + side * 0.8,
        y + side * 0.8,
        ink,
        0.6,
    ))
}

fn heading(title: Option<&str>) -> f64 {
    if title.is_some() { HEAD_H } else { 0.0 }
}

fn draw_heading(g: Group, title: Option<&str>, x: f64, y: f64, w: f64, ink: &str) -> Group {
    let Some(t) = title else { return g };
    let size = fit(Font::CondensedBold, HEAD_SIZE, w, t);
    g.add(text(
        x,
        y + HEAD_SIZE + 0.6,
        size,
        Font::CondensedBold,
        Anchor::Start,
        ink,
        t,
    ))
    .add(line(x, y + HEAD_H - 1.6, x + w, y + HEAD_H - 1.6, ink, 0.5))
}

/// Heights of wrapped paragraphs at `w`.
fn paragraphs_height(lines: &[String], w: f64) -> f64 {
    lines
        .iter()
        .map(|p| match p.strip_prefix("# ") {
            Some(h) => {
                wrap(Font::CondensedBold, TEXT * 1.05, w, h).len() as f64 * TEXT * 1.35 + 1.0
            }
            None => wrap(Font::Sans, TEXT, w, p).len() as f64 * TEXT * 1.35 + TEXT * 0.45,
        })
        .sum()
}

fn note_height(note: Option<&str>, w: f64) -> f64 {
    note.map_or(0.0, |t| {
        wrap(Font::Condensed, SMALL * 1.1, w, t).len() as f64 * SMALL * 1.45 + 1.5
    })
}

fn draw_note(mut g: Group, note: Option<&str>, x: f64, y: f64, w: f64) -> Group {
    if let Some(t) = note {
        let mut yy = y + 1.0;
        for l in wrap(Font::Condensed, SMALL * 1.1, w, t) {
            yy += SMALL * 1.45;
            g = g.add(text(
                x,
                yy,
                SMALL * 1.1,
                Font::Condensed,
                Anchor::Start,
                GRAY,
                &l,
            ));
        }
    }
    g
}

/// Splits `w` by relative weights.
fn split(w: f64, weights: &[f64]) -> Vec<f64> {
    let total: f64 = weights.iter().sum::<f64>().max(1e-9);
    weights.iter().map(|k| w * k / total).collect()
}

/// Height a section wants at width `w`.
pub fn natural(s: &Section, w: f64) -> f64 {
    let head = heading(s.title());
    head + match s {
        Section::Fields(f) => {
            if f.items.iter().any(|i| i.big) {
                20.0
            } else {
                12.0
            }
        }
        Section::Table(t) => {
            HEADER_ROW
                + WRITE_ROW * (t.rows.len() + usize::from(t.footer.is_some())) as f64
                + note_height(t.note.as_deref(), w)
        }
        Section::Roster(r) => {
            let blocks = r.blocks.as_ref().map_or(1, |b| b.value).max(1);
            let rows = r.rows.as_ref().map_or(6, |n| n.value).div_ceil(blocks);
            HEADER_ROW + WRITE_ROW * rows as f64 + note_height(r.note.as_deref(), w)
        }
        Section::Grid(gr) => {
            HEADER_ROW + 9.5 * gr.rows.len() as f64 + note_height(gr.note.as_deref(), w)
        }
        Section::Track(t) => track_natural(t, w) + note_height(t.note.as_deref(), w),
        Section::Checkboxes(c) => c
            .items
            .iter()
            .map(|i| checkitem_lines(i, w).len().max(1) as f64 * TEXT * 1.4 + 1.6)
            .sum(),
        Section::Text(t) => paragraphs_height(&t.lines, w),
        Section::Legend(l) => l.items.iter().map(|i| legend_item_h(i, w)).sum(),
        Section::Notes(nt) => WRITE_ROW * nt.lines.unwrap_or(2).clamp(1, 100) as f64,
        Section::Row(r) => {
            let widths = row_widths(r, w);
            r.sections
                .iter()
                .zip(widths)
                .map(|(s, cw)| natural(s, cw))
                .fold(0.0, f64::max)
        }
        Section::Stack(st) => {
            st.sections.iter().map(|s| natural(s, w)).sum::<f64>()
                + GAP * st.sections.len().saturating_sub(1) as f64
        }
    }
}

/// Whether a section can use more height than it needs.
pub fn grows(s: &Section) -> bool {
    match s {
        Section::Roster(_) | Section::Grid(_) | Section::Track(_) => true,
        Section::Notes(nt) => nt.lines.is_none(),
        Section::Row(r) => r.sections.iter().any(grows),
        Section::Stack(st) => st.sections.iter().any(grows),
        _ => false,
    }
}

/// How much more height a section can put to use (growers cap their cells).
pub fn max_extra(s: &Section, w: f64) -> f64 {
    match s {
        Section::Roster(r) => match &r.rows {
            None => f64::INFINITY,
            Some(n) => {
                (ROSTER_ROW_MAX - WRITE_ROW)
                    * n.value
                        .div_ceil(r.blocks.as_ref().map_or(1, |b| b.value).max(1))
                        as f64
            }
        },
        Section::Grid(g) => 4.5 * g.rows.len() as f64,
        Section::Track(t) => track_max(t, w) - track_natural(t, w),
        Section::Row(r) => {
            let widths = row_widths(r, w);
            let base = natural(s, w);
            r.sections
                .iter()
                .zip(widths)
                .filter(|(c, _)| grows(c))
                .map(|(c, cw)| natural(c, cw) + max_extra(c, cw) - base)
                .fold(0.0, f64::max)
                .max(0.0)
        }
        Section::Stack(st) => st.sections.iter().map(|s| max_extra(s, w)).sum(),
        Section::Notes(nt) if nt.lines.is_none() => f64::INFINITY,
        _ => 0.0,
    }
}

fn row_widths(r: &Row, w: f64) -> Vec<f64> {
    let k = r.sections.len();
    let gaps = GAP * 1.6 * k.saturating_sub(1) as f64;
    let weights: Vec<f64> = (0..k)
        .map(|i| r.widths.get(i).copied().unwrap_or(1.0))
        .collect();
    split(w - gaps, &weights)
}

/// Draws `s` in the frame (x, y, w, h); `h` is at least its natural height.
pub fn draw(s: &Section, x: f64, y: f64, w: f64, h: f64, ctx: &mut Ctx) -> Group {
    let ink = ctx.ink.clone();
    let g = draw_heading(Group::new(), s.title(), x, y, w, &ink);
    let top = y + heading(s.title());
    let h = h - heading(s.title());
    match s {
        Section::Fields(f) => fields(g, f, x, top, w, ctx),
        Section::Table(t) => table(g, t, x, top, w, ctx),
        Section::Roster(r) => roster(g, r, x, top, w, h, ctx),
        Section::Grid(gr) => grid(g, gr, x, top, w, h, ctx),
        Section::Track(t) => track(g, t, x, top, w, h, ctx),
        Section::Checkboxes(c) => checkboxes(g, c, x, top, w, &ink),
        Section::Text(t) => paragraphs(g, &t.lines, x, top, w, &ink),
        Section::Legend(l) => legend(g, l, x, top, w, ctx),
        Section::Notes(_) => {
            let mut g = g;
            let count = (h / WRITE_ROW).floor().max(1.0) as u32;
            for i in 1..=count {
                let ly = top + i as f64 * WRITE_ROW;
                g = g.add(line(x, ly, x + w, ly, &ink, 0.25).set("stroke-opacity", "0.6"));
            }
            g
        }
        Section::Row(r) => {
            let mut g = g;
            let mut cx = x;
            for (c, cw) in r.sections.iter().zip(row_widths(r, w)) {
                g = g.add(draw(c, cx, y, cw, h, ctx));
                cx += cw + GAP * 1.6;
            }
            g
        }
        Section::Stack(st) => {
            // Children at their natural heights; the room left goes to those that grow, in order.
            let mut left = h - natural(s, w);
            let mut g = g;
            let mut cy = y;
            for c in &st.sections {
                let add = if grows(c) {
                    left.min(max_extra(c, w)).max(0.0)
                } else {
                    0.0
                };
                left -= add;
                let ch = natural(c, w) + add;
                g = g.add(draw(c, x, cy, w, ch, ctx));
                cy += ch + GAP;
            }
            g
        }
    }
}

fn fields(mut g: Group, f: &Fields, x: f64, y: f64, w: f64, ctx: &Ctx) -> Group {
    let gap = 6.0;
    let k = f.items.len();
    let weights: Vec<f64> = f.items.iter().map(|i| i.width.unwrap_or(1.0)).collect();
    let widths = split(w - gap * k.saturating_sub(1) as f64, &weights);
    let mut cx = x;
    for (item, iw) in f.items.iter().zip(widths) {
        g = g.add(text(
            cx,
            y + SMALL + 0.4,
            SMALL,
            Font::Condensed,
            Anchor::Start,
            GRAY,
            &item.label,
        ));
        let value = item
            .value
            .as_deref()
            .map(|v| ctx.subst(v))
            .unwrap_or_default();
        if item.big {
            g = g.add(stroke_rect(cx, y + SMALL + 1.8, iw, 15.0, &ctx.ink, 0.5).set("rx", "1.5"));
            if !value.is_empty() {
                let size = fit(Font::Condensed, 9.0, iw - 4.0, &value);
                g = g.add(text(
                    cx + iw / 2.0,
                    y + SMALL + 13.0,
                    size,
                    Font::Condensed,
                    Anchor::Middle,
                    &ctx.ink,
                    &value,
                ));
            }
        } else {
            g = g.add(line(cx, y + 11.0, cx + iw, y + 11.0, &ctx.ink, 0.35));
            if !value.is_empty() {
                let size = fit(Font::Condensed, 5.4, iw - 2.0, &value);
                g = g.add(text(
                    cx + 1.5,
                    y + 9.8,
                    size,
                    Font::Condensed,
                    Anchor::Start,
                    &ctx.ink,
                    &value,
                ));
            }
        }
        cx += iw + gap;
    }
    g
}

fn table(mut g: Group, t: &Table, x: f64, y: f64, w: f64, ctx: &Ctx) -> Group {
    let cols: Vec<Column> = t.columns.iter().map(ColumnSpec::column).collect();
    let weights: Vec<f64> = cols.iter().map(|c| c.width.unwrap_or(1.0)).collect();
    let widths = split(w, &weights);
    let ink = ctx.ink.as_str();
    g = g.add(rect(x, y, w, HEADER_ROW, ink).set("fill-opacity", "0.12"));
    let mut cx = x;
    for (c, cw) in cols.iter().zip(&widths) {
        let size = fit(Font::CondensedBold, TEXT, cw - 2.0, &c.label);
        g = g.add(text(
            cx + cw / 2.0,
            y + HEADER_ROW * 0.68,
            size,
            Font::CondensedBold,
            Anchor::Middle,
            ink,
            &c.label,
        ));
        cx += cw;
    }
    let mut ry = y + HEADER_ROW;
    let footer = t.footer.iter();
    for (r, row) in t.rows.iter().chain(footer).enumerate() {
        let is_footer = r == t.rows.len();
        if is_footer {
            g = g.add(line(x, ry, x + w, ry, ink, 0.5));
        }
        let mut cx = x;
        for (i, (c, cw)) in cols.iter().zip(&widths).enumerate() {
            let cell = row.get(i).map(|v| ctx.subst(v)).unwrap_or_default();
            g = cell_draw(g, c, &cell, cx, ry, *cw, i == 0, is_footer, ink);
            cx += cw;
        }
        ry += WRITE_ROW;
        g = g.add(line(x, ry, x + w, ry, ink, 0.2).set("stroke-opacity", "0.5"));
    }
    draw_note(g, t.note.as_deref(), x, ry, w)
}

#[allow(clippy::too_many_arguments)]
fn cell_draw(
    mut g: Group,
    c: &Column,
    cell: &str,
    x: f64,
    y: f64,
    w: f64,
    first: bool,
    footer: bool,
    ink: &str,
) -> Group {
    let baseline = y + WRITE_ROW * 0.66;
    let write = match c.write {
        // A total row has no tally; its printed cells are headings.
        Write::Tally if footer => return g,
        w => w,
    };
    match write {
        Write::None => {
            let font = if first || footer {
                Font::CondensedBold
            } else {
                Font::Sans
            };
            let size = fit(font, TEXT, w - 3.0, cell);
            let (ax, anchor) = if first {
                (x + 1.5, Anchor::Start)
            } else {
                (x + w / 2.0, Anchor::Middle)
            };
            g.add(text(ax, baseline, size, font, anchor, ink, cell))
        }
        Write::Box => {
            let bw = (w * 0.6).clamp(8.0, 22.0).min(w - 2.0);
            let bx = x + (w - bw) / 2.0;
            g = g.add(stroke_rect(bx, y + 1.2, bw, WRITE_ROW - 2.4, ink, 0.3).set("rx", "0.8"));
            if !cell.is_empty() {
                let size = fit(Font::Condensed, TEXT * 1.2, bw - 1.0, cell);
                g = g.add(text(
                    bx + bw / 2.0,
                    baseline + 0.3,
                    size,
                    Font::Condensed,
                    Anchor::Middle,
                    ink,
                    cell,
                ));
            }
            g
        }
        Write::Tally => {
            let k = c.boxes.unwrap_or(10).clamp(1, 40);
            let side = ((w - 3.0) / k as f64 - 0.9).min(BOX + 0.6);
            let total = k as f64 * (side + 0.9) - 0.9;
            let bx = x + (w - total) / 2.0;
            let by = y + (WRITE_ROW - side) / 2.0;
            let ticked: u32 = cell.trim().parse().unwrap_or(0);
            for i in 0..k {
                let xx = bx + i as f64 * (side + 0.9);
                g = checkbox(g, xx, by, side, ink);
                if i < ticked {
                    g = tick(g, xx, by, side, ink);
                }
            }
            g
        }
    }
}

fn roster(mut g: Group, r: &Roster, x: f64, y: f64, w: f64, h: f64, ctx: &Ctx) -> Group {
    let ink = ctx.ink.as_str();
    let blocks = r.blocks.as_ref().map_or(1, |b| b.value).max(1);
    let note_h = note_height(r.note.as_deref(), w);
    let (per_block, row_h) = match &r.rows {
        Some(n) => {
            let per = n.value.div_ceil(blocks);
            let row_h = ((h - HEADER_ROW - note_h) / per as f64).clamp(WRITE_ROW, ROSTER_ROW_MAX);
            (per, row_h)
        }
        None => (
            (((h - HEADER_ROW - note_h) / WRITE_ROW).floor().max(1.0)) as u32,
            WRITE_ROW,
        ),
    };
    let total = r.rows.as_ref().map_or(per_block * blocks, |n| n.value);
    let bgap = 6.0;
    let bw = (w - bgap * (blocks - 1) as f64) / blocks as f64;
    let num_w = 7.0;
    let weights: Vec<f64> = r.columns.iter().map(|c| c.width.unwrap_or(1.0)).collect();
    let widths = split(bw - num_w, &weights);
    for b in 0..blocks {
        let bx = x + b as f64 * (bw + bgap);
        g = g.add(rect(bx, y, bw, HEADER_ROW, ink).set("fill-opacity", "0.12"));
        g = g.add(text(
            bx + num_w / 2.0,
            y + HEADER_ROW * 0.68,
            TEXT,
            Font::CondensedBold,
            Anchor::Middle,
            ink,
            "#",
        ));
        let mut cx = bx + num_w;
        for (c, cw) in r.columns.iter().zip(&widths) {
            let size = fit(Font::CondensedBold, TEXT, cw - 2.0, &c.label);
            g = g.add(text(
                cx + cw / 2.0,
                y + HEADER_ROW * 0.68,
                size,
                Font::CondensedBold,
                Anchor::Middle,
                ink,
                &c.label,
            ));
            cx += cw;
        }
        for row in 0..per_block {
            let index = b * per_block + row + 1;
            if index > total {
                break;
            }
            let ry = y + HEADER_ROW + row as f64 * row_h;
            if row % 2 == 1 {
                g = g.add(rect(bx, ry, bw, row_h, ink).set("fill-opacity", "0.04"));
            }
            g = g.add(text(
                bx + num_w / 2.0,
                ry + row_h * 0.66,
                SMALL * 1.15,
                Font::Condensed,
                Anchor::Middle,
                GRAY,
                &index.to_string(),
            ));
            let mut cx = bx + num_w;
            for (c, cw) in r.columns.iter().zip(&widths) {
                g = g.add(line(cx, ry, cx, ry + row_h, ink, 0.2).set("stroke-opacity", "0.6"));
                let filled = c
                    .fill
                    .as_ref()
                    .and_then(|k| ctx.fill.get(&format!("{k}.{index}")));
                if let Some(v) = filled {
                    let size = fit(Font::Condensed, TEXT * 1.25, cw - 2.0, v);
                    g = g.add(text(
                        cx + cw / 2.0,
                        ry + row_h * 0.7,
                        size,
                        Font::Condensed,
                        Anchor::Middle,
                        ink,
                        v,
                    ));
                } else if let Some(choices) = &c.choices {
                    let joined = choices.join("   ");
                    let size = fit(Font::Condensed, SMALL * 1.05, cw - 2.0, &joined);
                    g = g.add(text(
                        cx + cw / 2.0,
                        ry + row_h * 0.64,
                        size,
                        Font::Condensed,
                        Anchor::Middle,
                        GRAY,
                        &joined,
                    ));
                } else if let Some(k) = c.boxes {
                    let k = k.clamp(1, 20);
                    let side = BOX.min((cw - 2.0) / k as f64 - 1.0);
                    let tw = k as f64 * (side + 1.0) - 1.0;
                    for i in 0..k {
                        g = checkbox(
                            g,
                            cx + (cw - tw) / 2.0 + i as f64 * (side + 1.0),
                            ry + (row_h - side) / 2.0,
                            side,
                            ink,
                        );
                    }
                }
                cx += cw;
            }
            g = g.add(
                line(bx, ry + row_h, bx + bw, ry + row_h, ink, 0.2).set("stroke-opacity", "0.6"),
            );
        }
        let rows_here = per_block.min(total.saturating_sub(b * per_block));
        g = g.add(stroke_rect(
            bx,
            y,
            bw,
            HEADER_ROW + rows_here as f64 * row_h,
            ink,
            RULE,
        ));
    }
    let used = HEADER_ROW + per_block as f64 * row_h;
    draw_note(g, r.note.as_deref(), x, y + used, w)
}

#[allow(clippy::too_many_arguments)]
fn grid(mut g: Group, gr: &Grid, x: f64, y: f64, w: f64, h: f64, ctx: &Ctx) -> Group {
    let ink = ctx.ink.as_str();
    let note_h = note_height(gr.note.as_deref(), w);
    let rows = gr.rows.len().max(1) as f64;
    let row_h = ((h - HEADER_ROW - note_h) / rows).clamp(9.5, 14.0);
    let label_w = gr
        .rows
        .iter()
        .map(|r| {
            width(Font::CondensedBold, TEXT, &r.label)
                + if r.symbol.is_some() { row_h } else { 0.0 }
        })
        .fold(0.0, f64::max)
        .clamp(25.0, w * 0.42)
        + 4.0;
    let cols = gr.columns.value.max(1);
    let cw = (w - label_w) / cols as f64;
    g = g.add(rect(x, y, w, HEADER_ROW, ink).set("fill-opacity", "0.12"));
    if let Some(l) = &gr.column_label {
        g = g.add(text(
            x + label_w - 2.0,
            y + HEADER_ROW * 0.68,
            TEXT,
            Font::CondensedBold,
            Anchor::End,
            ink,
            l,
        ));
    }
    for c in 0..cols {
        let cx = x + label_w + c as f64 * cw;
        g = g.add(text(
            cx + cw / 2.0,
            y + HEADER_ROW * 0.68,
            TEXT,
            Font::CondensedBold,
            Anchor::Middle,
            ink,
            &(c + 1).to_string(),
        ));
    }
    for (i, r) in gr.rows.iter().enumerate() {
        let ry = y + HEADER_ROW + i as f64 * row_h;
        if r.shade {
            g = g.add(rect(x, ry, w, row_h, ink).set("fill-opacity", "0.07"));
        }
        let mut lx = x + 1.5;
        if let Some(sym) = &r.symbol
            && let Ok(art) = ctx.art.symbol(&sym.value)
        {
            let s = row_h - 2.4;
            g = g.add(place(&art, lx, ry + 1.2, s, ink));
            lx += s + 1.5;
        }
        let size = fit(Font::CondensedBold, TEXT, x + label_w - lx - 1.0, &r.label);
        g = g.add(text(
            lx,
            ry + row_h / 2.0 + size * 0.35,
            size,
            Font::CondensedBold,
            Anchor::Start,
            ink,
            &r.label,
        ));
        g = g.add(line(x, ry + row_h, x + w, ry + row_h, ink, 0.2).set("stroke-opacity", "0.7"));
    }
    let bottom = y + HEADER_ROW + rows * row_h;
    for c in 0..=cols {
        let cx = x + label_w + c as f64 * cw;
        g = g.add(line(cx, y, cx, bottom, ink, 0.2).set("stroke-opacity", "0.7"));
    }
    g = g.add(stroke_rect(x, y, w, bottom - y, ink, RULE));
    draw_note(g, gr.note.as_deref(), x, bottom, w)
}

/// Column width for the labels of a downward track.
const TRACK_LABEL_W: f64 = 12.0;

/// (box width, box height, per row) of a rightward track at width `w`.
fn right_geometry(t: &Track, w: f64) -> (f64, f64, u32) {
    let k = t.spaces.value.max(1);
    let bw = (w / k as f64).clamp(12.0, 18.0);
    let per_row = ((w + 0.01) / bw).floor().max(1.0) as u32;
    let bw = w / per_row.min(k) as f64;
    (bw, 11.0, per_row)
}

fn track_natural(t: &Track, w: f64) -> f64 {
    let k = t.spaces.value.max(1);
    match t.direction {
        Flow::Down => k as f64 * 11.0,
        Flow::Right => {
            let (_, bh, per_row) = right_geometry(t, w);
            let label = if t.labels.is_empty() { 0.0 } else { 4.5 };
            k.div_ceil(per_row) as f64 * (bh + label + 1.5)
        }
    }
}

fn track_max(t: &Track, w: f64) -> f64 {
    match t.direction {
        Flow::Down => t.spaces.value.max(1) as f64 * t.max_height.unwrap_or(16.0).max(11.0),
        Flow::Right => track_natural(t, w),
    }
}

#[allow(clippy::too_many_arguments)]
fn track(mut g: Group, t: &Track, x: f64, y: f64, w: f64, h: f64, ctx: &mut Ctx) -> Group {
    let ink = ctx.ink.clone();
    let k = t.spaces.value.max(1);
    let note_h = note_height(t.note.as_deref(), w);
    let label_size = 5.0;
    let mut bottom = y;
    match t.direction {
        Flow::Down => {
            let sh = ((h - note_h) / k as f64).clamp(11.0, t.max_height.unwrap_or(16.0).max(11.0));
            let sw = t.width.unwrap_or(w - TRACK_LABEL_W).min(w - TRACK_LABEL_W);
            let sx = x + TRACK_LABEL_W;
            for i in 0..k {
                let sy = y + i as f64 * sh;
                let space = Rect {
                    x: sx,
                    y: sy,
                    w: sw,
                    h: sh,
                };
                g = g.add(stroke_rect(sx, sy, sw, sh, &ink, 0.45));
                if let Some(l) = t.labels.get(i as usize) {
                    let size = fit(Font::Display, label_size * 1.3, TRACK_LABEL_W - 3.0, l);
                    g = g.add(text(
                        sx - 3.0,
                        sy + sh / 2.0 + size * 0.36,
                        size,
                        Font::Display,
                        Anchor::End,
                        &ink,
                        l,
                    ));
                }
                if let Some(v) = t.values.get(&(i + 1)) {
                    let v = ctx.subst(v);
                    g = g.add(text(
                        sx + sw / 2.0,
                        sy + sh * 0.68,
                        sh * 0.55,
                        Font::Condensed,
                        Anchor::Middle,
                        &ink,
                        &v,
                    ));
                }
                ctx.spaces.push(space);
            }
            bottom = y + k as f64 * sh;
        }
        Flow::Right => {
            let (bw, bh, per_row) = right_geometry(t, w);
            let label = if t.labels.is_empty() { 0.0 } else { 4.5 };
            for i in 0..k {
                let (col, row) = (i % per_row, i / per_row);
                let bx = x + col as f64 * bw;
                let top = y + row as f64 * (bh + label + 1.5);
                if let Some(l) = t.labels.get(i as usize) {
                    let size = fit(Font::Condensed, SMALL * 1.15, bw - 1.0, l);
                    g = g.add(text(
                        bx + bw / 2.0,
                        top + 3.4,
                        size,
                        Font::Condensed,
                        Anchor::Middle,
                        GRAY,
                        l,
                    ));
                }
                let by = top + label;
                let space = Rect {
                    x: bx + 0.6,
                    y: by,
                    w: bw - 1.2,
                    h: bh,
                };
                g = g.add(stroke_rect(space.x, by, space.w, bh, &ink, 0.4).set("rx", "0.8"));
                if let Some(v) = t.values.get(&(i + 1)) {
                    let v = ctx.subst(v);
                    let size = fit(Font::Condensed, bh * 0.55, space.w - 1.0, &v);
                    g = g.add(text(
                        bx + bw / 2.0,
                        by + bh * 0.7,
                        size,
                        Font::Condensed,
                        Anchor::Middle,
                        &ink,
                        &v,
                    ));
                }
                ctx.spaces.push(space);
                bottom = bottom.max(by + bh);
            }
        }
    }
    draw_note(g, t.note.as_deref(), x, bottom, w)
}

/// The text after a check item's label, wrapped beside it.
fn checkitem_lines(i: &CheckItem, w: f64) -> Vec<String> {
    let boxes = i.boxes.unwrap_or(1) as f64 * (BOX + 1.2);
    let label_w = width(Font::CondensedBold, TEXT * 1.1, &i.label) + 3.0;
    match &i.text {
        Some(t) => wrap(Font::Sans, TEXT, (w - boxes - label_w - 8.0).max(20.0), t),
        None => Vec::new(),
    }
}

fn checkboxes(mut g: Group, c: &Checkboxes, x: f64, y: f64, w: f64, ink: &str) -> Group {
    let mut yy = y;
    for (k, item) in c.items.iter().enumerate() {
        let lines = checkitem_lines(item, w);
        let mut cx = x;
        for _ in 0..item.boxes.unwrap_or(1) {
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

fn paragraphs(mut g: Group, lines: &[String], x: f64, y: f64, w: f64, ink: &str) -> Group {
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

const SWATCH: f64 = 10.0;
/// Room for a legend item's label above its text.
const LEGEND_LABEL_H: f64 = TEXT * 1.2 + 1.4;

fn legend_text_w(w: f64, i: &LegendItem) -> f64 {
    let write = if i.write.is_some() { w * 0.3 } else { 0.0 };
    (w - 2.0 * SWATCH - 6.0 - write).max(20.0)
}

fn legend_item_h(i: &LegendItem, w: f64) -> f64 {
    let lines = i.text.as_ref().map_or(0, |t| {
        wrap(Font::Sans, SMALL * 1.15, legend_text_w(w, i), t).len()
    });
    (LEGEND_LABEL_H + lines as f64 * SMALL * 1.5 + 1.0).max(SWATCH) + 3.0
}

fn legend(mut g: Group, l: &Legend, x: f64, y: f64, w: f64, ctx: &Ctx) -> Group {
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
        if let Some(wl) = &i.write {
            let lx = x + w - w * 0.3 + 3.0;
            g = g.add(line(
                lx,
                yy + SWATCH - 1.0,
                x + w,
                yy + SWATCH - 1.0,
                ink,
                0.35,
            ));
            g = g.add(text(
                lx,
                yy + SWATCH + 1.8,
                SMALL,
                Font::Condensed,
                Anchor::Start,
                GRAY,
                wl,
            ));
        }
        yy += h;
    }
    g
}
