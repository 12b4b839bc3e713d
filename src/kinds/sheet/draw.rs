//! Drawing a record sheet: a title band, then the sections stacked down the page. Each section
//! knows its natural height at a width; the room left on the page goes to the sections that can
//! use it (rosters get more rows, grids and tracks taller cells), so a sheet fills A4 or Letter.
//! Sizes are chosen for pencil: write-in rows at least 8 mm, text at least 2.6 mm (7.5 pt).

use serde_saphyr::Spanned;
use svg::node::element::Group;

use super::model::*;
use super::prose::{checkboxes, checkitem_lines, legend, legend_item_h, paragraphs};
use super::tables::{fields, grid, roster, table};
use super::tracks::{track, track_max, track_natural};
use crate::base::geometry::Rect;
use crate::draw::canvas::{Anchor, line, n, rect, text};
use crate::draw::text::{Font, fit, wrap};
use crate::kinds::face::Art;

/// Body text size (mm): about 9.6 pt.
pub const TEXT: f64 = 3.4;
/// Small print (labels above write-in lines, choices): about 7.5 pt.
pub const SMALL: f64 = 2.6;
/// Section headings.
pub(super) const HEAD_SIZE: f64 = 4.6;
pub(super) const HEAD_H: f64 = 8.0;
/// Space between sections.
pub const GAP: f64 = 5.0;
pub(super) const HEADER_ROW: f64 = 7.0;
/// A header row with a symbol over each label.
pub(super) const ICON_HEADER_ROW: f64 = 11.5;
/// A row to write in with a pencil.
pub(super) const WRITE_ROW: f64 = 8.5;
pub(super) const BOX: f64 = 4.2;
/// Tallest roster row when a roster of fixed rows is given more room.
pub(super) const ROSTER_ROW_MAX: f64 = 10.5;
pub(super) const GRAY: &str = "#5a5a5a";
pub(super) const RULE: f64 = 0.3;

/// What drawing needs besides the geometry, and what it records for tests.
pub struct Ctx<'a> {
    pub ink: String,
    pub fill: &'a crate::spec::Tags,
    pub art: &'a Art<'a>,
    /// Every track space drawn, in order (sheet mm).
    pub spaces: Vec<Rect>,
}

impl Ctx<'_> {
    /// `text` with each `{key}` replaced by the player's value (nothing when unknown). A spaced
    /// separator left dangling at the end by an empty value goes too: "Turn record · {player}"
    /// on a blank sheet reads "Turn record"; "Name: {player}" keeps its colon to write after.
    pub fn subst(&self, text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        let mut emptied = false;
        while let Some(open) = rest.find('{') {
            let Some(close) = rest[open..].find('}') else {
                break;
            };
            out.push_str(&rest[..open]);
            let key = &rest[open + 1..open + close];
            match self.fill.get(key).filter(|v| !v.is_empty()) {
                Some(v) => out.push_str(v),
                // An icon, drawn with the text.
                None if crate::draw::markup::has_icon(key) => {
                    out.push_str(&rest[open..=open + close]);
                }
                None => emptied = true,
            }
            rest = &rest[open + close + 1..];
        }
        out.push_str(rest);
        let trimmed = out.trim_end();
        let mut chars = trimmed.chars().rev();
        match (chars.next(), chars.next()) {
            // Only where the text ended with the empty value.
            (Some(sep), Some(gap))
                if emptied
                    && text.trim_end().ends_with('}')
                    && "·•–—-|/".contains(sep)
                    && gap.is_whitespace() =>
            {
                trimmed[..trimmed.len() - sep.len_utf8()]
                    .trim_end()
                    .to_string()
            }
            _ => out,
        }
    }
}

pub(super) fn stroke_rect(
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

pub(super) fn checkbox(g: Group, x: f64, y: f64, side: f64, ink: &str) -> Group {
    g.add(stroke_rect(x, y, side, side, ink, 0.3).set("rx", "0.6"))
}

pub(super) fn tick(g: Group, x: f64, y: f64, side: f64, ink: &str) -> Group {
    let (near, far) = (side * 0.2, side * 0.8);
    g.add(line(x + near, y + far, x + far, y + near, ink, 0.6))
        .add(line(x + near, y + near, x + far, y + far, ink, 0.6))
}

pub(super) fn heading(title: Option<&str>) -> f64 {
    if title.is_some() { HEAD_H } else { 0.0 }
}

pub(super) fn draw_heading(
    g: Group,
    title: Option<&str>,
    x: f64,
    y: f64,
    w: f64,
    ink: &str,
) -> Group {
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
pub(super) fn paragraphs_height(lines: &[String], w: f64) -> f64 {
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

pub(super) fn note_height(note: Option<&str>, w: f64) -> f64 {
    note.map_or(0.0, |t| {
        wrap(Font::Condensed, SMALL * 1.1, w, t).len() as f64 * SMALL * 1.45 + 1.5
    })
}

pub(super) fn draw_note(mut g: Group, note: Option<&str>, x: f64, y: f64, w: f64) -> Group {
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

/// Splits `w` by relative weights, each as given (`width:`) or else 1.
pub(super) fn split<'a>(w: f64, given: impl Iterator<Item = Option<&'a Spanned<f64>>>) -> Vec<f64> {
    let weights: Vec<f64> = given.map(|k| k.map_or(1.0, |k| k.value)).collect();
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
            roster_header(r) + WRITE_ROW * rows as f64 + note_height(r.note.as_deref(), w)
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

/// Height of a roster's header row: taller when its columns have symbols over their labels.
pub(super) fn roster_header(r: &Roster) -> f64 {
    match r.columns.iter().any(|c| c.symbol.is_some()) {
        true => ICON_HEADER_ROW,
        false => HEADER_ROW,
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

pub(super) fn row_widths(r: &Row, w: f64) -> Vec<f64> {
    let k = r.sections.len();
    let gaps = GAP * 1.6 * k.saturating_sub(1) as f64;
    split(w - gaps, (0..k).map(|i| r.widths.get(i)))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_placeholder_takes_its_separator_with_it() {
        let game = crate::kinds::load("the-beast").unwrap();
        let art = Art::new(&game);
        let named: crate::spec::Tags = [("player".to_string(), "Ada".to_string())]
            .into_iter()
            .collect();
        let blank = crate::spec::Tags::default();
        let ctx = |fill| Ctx {
            ink: String::new(),
            fill,
            art: &art,
            spaces: Vec::new(),
        };
        assert_eq!(
            ctx(&named).subst("Turn record · {player}"),
            "Turn record · Ada"
        );
        assert_eq!(ctx(&blank).subst("Turn record · {player}"), "Turn record");
        // Punctuation that is not a spaced separator at the end stays: it is written after.
        assert_eq!(ctx(&blank).subst("Name: {player}"), "Name: ");
        assert_eq!(ctx(&blank).subst("{score} / 10"), " / 10");
        assert_eq!(ctx(&named).subst("Notes -"), "Notes -");
    }
}
