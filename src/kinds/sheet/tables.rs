//! Sheet sections drawn as tables: `fields`, `table`, `roster` and `grid`.
use svg::node::element::Group;

use super::draw::*;
use super::model::*;
use crate::draw::canvas::{Anchor, line, place, rect, text};
use crate::draw::text::{Font, fit, width};

pub(super) fn fields(mut g: Group, f: &Fields, x: f64, y: f64, w: f64, ctx: &Ctx) -> Group {
    let gap = 6.0;
    let k = f.items.len();
    let given = f.items.iter().map(|i| i.width.as_ref());
    let widths = split(w - gap * k.saturating_sub(1) as f64, given);
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

pub(super) fn table(mut g: Group, t: &Table, x: f64, y: f64, w: f64, ctx: &Ctx) -> Group {
    let cols: Vec<Column> = t.columns.iter().map(ColumnSpec::column).collect();
    let widths = split(w, cols.iter().map(|c| c.width.as_ref()));
    let ink = ctx.ink.as_str();
    g = g.add(rect(x, y, w, HEADER_ROW, ink).set("fill-opacity", "0.12"));
    g = header_labels(g, cols.iter().map(|c| c.label.as_str()), &widths, x, y, ink);
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
pub(super) fn cell_draw(
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

pub(super) fn roster(mut g: Group, r: &Roster, x: f64, y: f64, w: f64, h: f64, ctx: &Ctx) -> Group {
    let ink = ctx.ink.as_str();
    let blocks = r.blocks.as_ref().map_or(1, |b| b.value).max(1);
    let note_h = note_height(r.note.as_deref(), w);
    let header = roster_header(r);
    let (per_block, row_h) = match &r.rows {
        Some(n) => {
            let per = n.value.div_ceil(blocks);
            let row_h = ((h - header - note_h) / per as f64).clamp(WRITE_ROW, ROSTER_ROW_MAX);
            (per, row_h)
        }
        None => (
            (((h - header - note_h) / WRITE_ROW).floor().max(1.0)) as u32,
            WRITE_ROW,
        ),
    };
    let total = r.rows.as_ref().map_or(per_block * blocks, |n| n.value);
    let bgap = 6.0;
    let bw = (w - bgap * (blocks - 1) as f64) / blocks as f64;
    let number = r.number.as_deref().unwrap_or("#");
    let num_w = (width(Font::CondensedBold, SMALL, number) + 2.0).max(7.0);
    let widths = split(bw - num_w, r.columns.iter().map(|c| c.width.as_ref()));
    for b in 0..blocks {
        let bx = x + b as f64 * (bw + bgap);
        g = g.add(rect(bx, y, bw, header, ink).set("fill-opacity", "0.12"));
        let size = fit(Font::CondensedBold, TEXT, num_w - 1.0, number);
        g = g.add(text(
            bx + num_w / 2.0,
            y + header - HEADER_ROW * 0.32,
            size,
            Font::CondensedBold,
            Anchor::Middle,
            ink,
            number,
        ));
        if header > HEADER_ROW {
            g = icon_header(g, r, &widths, bx + num_w, y, ctx);
        } else {
            g = header_labels(
                g,
                r.columns.iter().map(|c| c.label.as_str()),
                &widths,
                bx + num_w,
                y,
                ink,
            );
        }
        for row in 0..per_block {
            let index = b * per_block + row + 1;
            if index > total {
                break;
            }
            let ry = y + header + row as f64 * row_h;
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
            // The row's kind, where a column fills it in (`boxes_by`).
            let kind = r.columns.iter().find_map(|c| {
                c.fill
                    .as_ref()
                    .and_then(|k| ctx.fill.get(&format!("{k}.{index}")))
            });
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
                } else if let Some(by) = &c.boxes_by {
                    let groups: Vec<(String, u32)> =
                        match kind.and_then(|k| by.value.get(k).map(|n| (k, n))) {
                            Some((_, &n)) => vec![(String::new(), n)],
                            None => by.value.iter().map(|(k, &n)| (initial(k), n)).collect(),
                        };
                    g = box_groups(g, &groups, cx, ry, *cw, row_h, ink);
                } else if let Some(k) = c.boxes {
                    g = box_groups(g, &[(String::new(), k)], cx, ry, *cw, row_h, ink);
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
            header + rows_here as f64 * row_h,
            ink,
            RULE,
        ));
    }
    let used = header + per_block as f64 * row_h;
    draw_note(g, r.note.as_deref(), x, y + used, w)
}

/// A roster's header with a symbol over each label that has one (the label small under it).
fn icon_header(mut g: Group, r: &Roster, widths: &[f64], x: f64, y: f64, ctx: &Ctx) -> Group {
    let ink = ctx.ink.as_str();
    let mut cx = x;
    for (c, cw) in r.columns.iter().zip(widths) {
        let label_size = fit(Font::CondensedBold, SMALL * 0.85, cw - 1.0, &c.label);
        let base = y + ICON_HEADER_ROW - 1.3;
        if let Some(sym) = &c.symbol
            && let Ok(art) = ctx.art.symbol(&sym.value)
        {
            let s = (ICON_HEADER_ROW - label_size - 2.6).min(cw - 1.5);
            g = g.add(place(&art, cx + (cw - s) / 2.0, y + 1.0, s, ink));
        }
        g = g.add(text(
            cx + cw / 2.0,
            base,
            label_size,
            Font::CondensedBold,
            Anchor::Middle,
            ink,
            &c.label,
        ));
        cx += cw;
    }
    g
}

/// `Child` → `C`: what marks a kind's group of boxes in a blank row.
fn initial(kind: &str) -> String {
    kind.chars().next().map(String::from).unwrap_or_default()
}

/// Groups of checkboxes centred in a cell, each after its small label (none for a single
/// unlabelled group).
fn box_groups(
    mut g: Group,
    groups: &[(String, u32)],
    x: f64,
    y: f64,
    w: f64,
    row_h: f64,
    ink: &str,
) -> Group {
    let label_size = SMALL;
    let labels: f64 = groups
        .iter()
        .filter(|(l, _)| !l.is_empty())
        .map(|(l, _)| width(Font::CondensedBold, label_size, l) + 0.8)
        .sum();
    let count: u32 = groups.iter().map(|(_, n)| (*n).clamp(1, 20)).sum();
    let gaps = 2.2 * groups.len().saturating_sub(1) as f64;
    let side = BOX
        .min((w - 2.0 - labels - gaps) / count as f64 - 1.0)
        .max(1.0);
    let total = labels + gaps + count as f64 * (side + 1.0) - 1.0;
    let mut bx = x + (w - total) / 2.0;
    let by = y + (row_h - side) / 2.0;
    for (k, (label, n)) in groups.iter().enumerate() {
        if k > 0 {
            bx += 2.2;
        }
        if !label.is_empty() {
            g = g.add(text(
                bx,
                by + side * 0.85,
                label_size,
                Font::CondensedBold,
                Anchor::Start,
                GRAY,
                label,
            ));
            bx += width(Font::CondensedBold, label_size, label) + 0.8;
        }
        for _ in 0..(*n).clamp(1, 20) {
            g = checkbox(g, bx, by, side, ink);
            bx += side + 1.0;
        }
    }
    g
}

#[allow(clippy::too_many_arguments)]
pub(super) fn grid(mut g: Group, gr: &Grid, x: f64, y: f64, w: f64, h: f64, ctx: &Ctx) -> Group {
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

/// The labels of a header row, each centred in its column, starting at `x`.
fn header_labels<'a>(
    mut g: Group,
    labels: impl Iterator<Item = &'a str>,
    widths: &[f64],
    x: f64,
    y: f64,
    ink: &str,
) -> Group {
    let mut cx = x;
    for (label, cw) in labels.zip(widths) {
        let size = fit(Font::CondensedBold, TEXT, cw - 2.0, label);
        g = g.add(text(
            cx + cw / 2.0,
            y + HEADER_ROW * 0.68,
            size,
            Font::CondensedBold,
            Anchor::Middle,
            ink,
            label,
        ));
        cx += cw;
    }
    g
}
