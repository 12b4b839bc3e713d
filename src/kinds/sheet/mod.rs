//! Record sheets (`kind: sheet`): a full page described by generic sections (see `model`), drawn
//! by `draw`, personalised per player by `pnp sheets` (see `players` and `family`), and read by
//! the rules' selectors (see `items`).
pub mod draw;
mod items;
mod kind;
pub mod model;
mod prose;
mod tables;
mod tracks;

pub use model::SheetSpec;

use serde_saphyr::Spanned;

use crate::base::diagnostic::Diagnostic;
use crate::base::forms::Side;
use crate::base::geometry::Rect;
use crate::draw::canvas::{Anchor, Canvas, rect, text};
use crate::draw::text::{Font, fit};
use crate::kinds::CheckCx;
use crate::kinds::Game;
use crate::kinds::face::{Art, Colors};
use crate::kinds::piece::Piece;
use crate::spec::Face;
use model::{ColumnSpec, Section};

/// Why a record sheet cannot be laid out.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SheetError {
    #[error("the sheet has a back face but no `sheet.back` sections")]
    NoBackSections,
    #[error(
        "the sections need {need:.0} mm of height but the sheet has {have:.0} mm{}: remove rows or make the sheet larger",
        match scaled { true => format!(" (even set at {:.0} %)", MIN_SCALE * 100.0), false => String::new() }
    )]
    TooFull { need: f64, have: f64, scaled: bool },
    #[error("the sections do not settle into the sheet")]
    Unsettled,
}

/// Size of a sheet in `pnp build` when the YAML gives none: the printable area that A4 and
/// Letter share under a group caption (190 × 222 mm). `pnp sheets` sizes sheets to the paper.
pub const DEFAULT_SIZE: (f64, f64) = (190.0, 222.0);
/// The width of a write-in track's lines (a rightward track's are a little finer).
pub const TRACK_LINE: f64 = 0.45;
const TITLE_H: f64 = 14.0;
const FOOTER_H: f64 = 7.0;

/// Spec problems of a record sheet's sections.
pub fn check_sections(cx: &mut CheckCx, s: &SheetSpec) {
    let c = cx.component;
    if s.sections.is_empty() {
        cx.at(&c.id, "a sheet needs at least one section".into());
    }
    if s.back.is_some() && c.back.is_none() {
        cx.at(
            &c.id,
            "a sheet with `sheet.back` sections needs a `back:` face (its title and colours)"
                .into(),
        );
    }
    if s.back.is_none() && c.back.is_some() {
        cx.problems.push(Diagnostic::located(
            cx.file,
            c.back_at,
            format!(
                "`back:` of `{}` has nothing to go on: a sheet's back prints its `sheet.back` sections, under the title and in the colours `back:` gives",
                c.id.value
            ),
        ));
    }
    for section in all_sections(s) {
        check_section(cx, section);
    }
}

/// Relative widths are weights from this (a 0, or 1e-300, would hide a column)...
const MIN_WEIGHT: f64 = 0.01;
/// ...to this.
const MAX_WEIGHT: f64 = 1000.0;
/// Most checkboxes after a checklist item (each is drawn; a billion would never finish).
const MAX_CHECKBOXES: u32 = 20;
/// A track's space height and width in mm: tall enough to write in, no larger than a page.
const TRACK_HEIGHT_MM: (f64, f64) = (11.0, 250.0);
const TRACK_WIDTH_MM: (f64, f64) = (5.0, 300.0);

/// The counts and numbers a section takes: finite and in range, else it would be drawn out of
/// shape or left out.
fn check_section(cx: &mut CheckCx, section: &Section) {
    let in_range = |cx: &mut CheckCx, v: Option<&Spanned<f64>>, (lo, hi): (f64, f64), what| {
        if let Some(v) = v
            && !(v.value.is_finite() && v.value >= lo && v.value <= hi)
        {
            // 1e308 as written, not its 309 digits (nor 1e-300's 300 zeros).
            let found = if (1e-4..1e6).contains(&v.value.abs()) || v.value == 0.0 {
                v.value.to_string()
            } else {
                format!("{:e}", v.value)
            };
            cx.at(v, format!("{what}, found `{found}`"));
        }
    };
    let relative = |cx: &mut CheckCx, v: Option<&Spanned<f64>>| {
        let what = "a relative width is a number from 0.01 to 1000";
        in_range(cx, v, (MIN_WEIGHT, MAX_WEIGHT), what);
    };
    match section {
        Section::Fields(f) => {
            for i in &f.items {
                relative(cx, i.width.as_ref());
            }
        }
        Section::Table(t) => {
            for c in &t.columns {
                if let ColumnSpec::Full(c) = c {
                    relative(cx, c.width.as_ref());
                }
            }
        }
        Section::Roster(r) => {
            if let Some(b) = &r.blocks
                && !(1..=6).contains(&b.value)
            {
                cx.at(b, "a roster has 1 to 6 blocks".into());
            }
            if let Some(rows) = &r.rows
                && !(1..=200).contains(&rows.value)
            {
                cx.at(rows, "a roster has 1 to 200 rows".into());
            }
            for by in r.columns.iter().filter_map(|c| c.boxes_by.as_ref()) {
                if by.value.is_empty()
                    || by.value.values().any(|n| !(1..=MAX_CHECKBOXES).contains(n))
                {
                    cx.at(
                        by,
                        format!("`boxes_by` gives each kind 1 to {MAX_CHECKBOXES} boxes"),
                    );
                }
            }
            for c in &r.columns {
                relative(cx, c.width.as_ref());
            }
        }
        Section::Grid(g) if !(1..=60).contains(&g.columns.value) => {
            cx.at(&g.columns, "a grid has 1 to 60 columns".into());
        }
        Section::Row(r) => {
            for w in &r.widths {
                relative(cx, Some(w));
            }
            if let Some(extra) = r.widths.get(r.sections.len()) {
                let (sections, widths) = (r.sections.len(), r.widths.len());
                cx.at(
                    extra,
                    format!("the row has {sections} sections but {widths} widths"),
                );
            }
        }
        Section::Checkboxes(c) => {
            for b in c.items.iter().filter_map(|i| i.boxes.as_ref()) {
                if !(1..=MAX_CHECKBOXES).contains(&b.value) {
                    let most = format!("a checklist item has 1 to {MAX_CHECKBOXES} boxes");
                    cx.at(b, format!("{most}, found {}", b.value));
                }
            }
        }
        Section::Track(t) => {
            if !(1..=200).contains(&t.spaces.value) {
                cx.at(&t.spaces, "a track has 1 to 200 spaces".into());
            }
            let height = "`max_height` is a height in mm from 11 to 250";
            in_range(cx, t.max_height.as_ref(), TRACK_HEIGHT_MM, height);
            let width = "a track's `width` is a width in mm from 5 to 300";
            in_range(cx, t.width.as_ref(), TRACK_WIDTH_MM, width);
        }
        _ => {}
    }
}

/// Every text a sheet prints (titles, labels, cells, notes), for the spec checks.
pub fn texts(s: &SheetSpec) -> Vec<&str> {
    let back = s.back.as_ref();
    let mut out: Vec<&str> = s
        .subtitle
        .iter()
        .chain(back.and_then(|b| b.subtitle.as_ref()))
        .map(String::as_str)
        .collect();
    for section in all_sections(s) {
        section.texts(&mut out);
    }
    out
}

fn all_sections(s: &SheetSpec) -> Vec<&Section> {
    let mut out = Vec::new();
    let back = s.back.iter().flat_map(|b| &b.sections);
    for section in s.sections.iter().chain(back) {
        section.walk(&mut out);
    }
    out
}

/// Every symbol a sheet names, for the spec checks.
pub fn symbols(s: &SheetSpec) -> Vec<&Spanned<String>> {
    let mut out = Vec::new();
    for section in all_sections(s) {
        match section {
            Section::Grid(g) => out.extend(g.rows.iter().filter_map(|r| r.symbol.as_ref())),
            Section::Legend(l) => out.extend(l.items.iter().filter_map(|i| i.symbol.as_ref())),
            Section::Roster(r) => out.extend(r.columns.iter().filter_map(|c| c.symbol.as_ref())),
            _ => {}
        }
    }
    out
}

/// Draws a sheet piece; the piece's tags are the player's values for `{key}` placeholders.
pub fn draw(
    cv: &mut Canvas,
    spec: &SheetSpec,
    piece: &Piece,
    face: &Face,
    side: Side,
    art: &Art,
) -> Result<(), crate::kinds::face::DrawError> {
    let (subtitle, sections) = match (side, &spec.back) {
        (Side::Front, _) => (&spec.subtitle, &spec.sections),
        (Side::Back, Some(b)) => (&b.subtitle, &b.sections),
        (Side::Back, None) => {
            return Err(SheetError::NoBackSections.into());
        }
    };
    let (group, _) = layout(subtitle.as_deref(), sections, piece, face, art, cv.w, cv.h)?;
    let b = cv.bleed;
    let c = Colors::of(face);
    cv.add(rect(-b, -b, cv.w + 2.0 * b, cv.h + 2.0 * b, &c.background));
    cv.add(group);
    Ok(())
}

/// The track spaces of a sheet piece (of a sheet `spec`) drawn at w × h mm, in order, in sheet
/// millimetres.
pub fn track_spaces(
    spec: &SheetSpec,
    game: &Game,
    piece: &Piece,
    w: f64,
    h: f64,
) -> Result<Vec<Rect>, crate::kinds::face::DrawError> {
    let art = Art::new(game);
    layout(
        spec.subtitle.as_deref(),
        &spec.sections,
        piece,
        &piece.front(game),
        &art,
        w,
        h,
    )
    .map(|(_, spaces)| spaces)
}

/// Smallest scale a sheet is set at when its sections need more room than the page has.
pub const MIN_SCALE: f64 = 0.8;

/// Height the sections need at width `w` and the height they have on an h-tall sheet.
fn demand(sections: &[Section], face: &Face, w: f64, h: f64) -> (f64, f64) {
    let gaps = draw::GAP * sections.len().saturating_sub(1) as f64;
    let need = sections.iter().map(|s| draw::natural(s, w)).sum::<f64>() + gaps;
    let footer = if face.label.is_some() { FOOTER_H } else { 0.0 };
    (need, h - TITLE_H - draw::GAP - footer)
}

/// The scale (≤ 1) at which the sections fit the sheet: a sheet that is a little too full is set
/// slightly smaller (never below `MIN_SCALE`, so it stays legible) rather than refused.
fn fit_scale(sections: &[Section], face: &Face, w: f64, h: f64) -> Result<f64, SheetError> {
    let mut k = 1.0;
    for _ in 0..12 {
        let (need, avail) = demand(sections, face, w / k, h / k);
        if need <= avail + 1e-6 {
            // Rounded down to what the SVG writes, so the scaled page never overflows.
            return Ok(if k < 1.0 {
                (k * 1e5).floor() / 1e5
            } else {
                1.0
            });
        }
        // The virtual page must be as tall as the content: h / k = need + (h / k - avail).
        let next = h / (need + (h / k - avail)) * 0.999;
        if next < MIN_SCALE {
            let (need, have) = demand(sections, face, w, h);
            return Err(SheetError::TooFull {
                need,
                have,
                scaled: true,
            });
        }
        k = next.min(k * 0.999);
    }
    Err(SheetError::Unsettled)
}

/// Lays the sheet out at the scale its sections fit (`fit_scale`): on a page 1/k times as
/// large, then scaled down by k.
#[allow(clippy::too_many_arguments)]
fn layout(
    subtitle: Option<&str>,
    sections: &[Section],
    piece: &Piece,
    face: &Face,
    art: &Art,
    w: f64,
    h: f64,
) -> Result<(svg::node::element::Group, Vec<Rect>), crate::kinds::face::DrawError> {
    let k = fit_scale(sections, face, w, h)?;
    let (w, h) = (w / k, h / k);
    let c = Colors::of(face);
    let tags = piece.tags(art.game());
    let mut ctx = draw::Ctx {
        ink: c.ink.clone(),
        fill: &tags,
        art,
        spaces: Vec::new(),
    };
    let mut g = svg::node::element::Group::new();
    // Title band: the game, and what the sheet is.
    g = g.add(rect(0.0, 0.0, w, TITLE_H, &c.ink).set("rx", "2"));
    let subtitle = subtitle.map(|s| ctx.subst(s)).unwrap_or_default();
    let sub_size = fit(Font::Condensed, 4.6, w * 0.45, &subtitle);
    let sub_w = crate::draw::text::width(Font::Condensed, sub_size, &subtitle);
    if let Some(title) = &face.title {
        let size = fit(Font::Display, 10.0, w - sub_w - 14.0, title);
        g = g.add(text(
            4.0,
            TITLE_H / 2.0 + size * 0.36,
            size,
            Font::Display,
            Anchor::Start,
            &c.background,
            title,
        ));
    }
    if !subtitle.is_empty() {
        g = g.add(text(
            w - 4.0,
            TITLE_H / 2.0 + sub_size * 0.36,
            sub_size,
            Font::Condensed,
            Anchor::End,
            &c.background,
            &subtitle,
        ));
    }
    let top = TITLE_H + draw::GAP;
    let footer = if face.label.is_some() { FOOTER_H } else { 0.0 };
    let avail = h - top - footer;
    let gaps = draw::GAP * sections.len().saturating_sub(1) as f64;
    let mut heights: Vec<f64> = sections.iter().map(|s| draw::natural(s, w)).collect();
    let need: f64 = heights.iter().sum::<f64>() + gaps;
    if need > avail + 1e-6 {
        return Err(SheetError::TooFull {
            need,
            have: avail,
            scaled: false,
        }
        .into());
    }
    // Share the room left among the sections that can use it, up to what each can use.
    let mut extra = avail - need;
    let caps: Vec<f64> = sections.iter().map(|s| draw::max_extra(s, w)).collect();
    let mut given = vec![0.0; sections.len()];
    for _ in 0..sections.len() {
        let open: Vec<usize> = (0..sections.len())
            .filter(|&i| draw::grows(&sections[i]) && given[i] < caps[i] - 1e-6)
            .collect();
        if open.is_empty() || extra < 1e-6 {
            break;
        }
        let share = extra / open.len() as f64;
        for i in open {
            let add = share.min(caps[i] - given[i]);
            given[i] += add;
            extra -= add;
        }
    }
    for (h, add) in heights.iter_mut().zip(&given) {
        *h += add;
    }
    // What nobody can use is spread between the sections so the page does not end in a gap.
    let spread = if sections.len() > 1 {
        extra / (sections.len() - 1) as f64
    } else {
        0.0
    };
    let spread = spread.min(12.0);
    let mut y = top;
    for (s, sh) in sections.iter().zip(&heights) {
        g = g.add(draw::draw(s, 0.0, y, w, *sh, &mut ctx));
        y += sh + draw::GAP + spread;
    }
    if let Some(label) = &face.label {
        let size = fit(Font::Condensed, draw::SMALL, w, label);
        g = g.add(
            text(
                w / 2.0,
                h - 1.0,
                size,
                Font::Condensed,
                Anchor::Middle,
                &c.ink,
                label,
            )
            .set("fill-opacity", "0.7"),
        );
    }
    if k == 1.0 {
        return Ok((g, ctx.spaces));
    }
    let scaled = svg::node::element::Group::new()
        .set("transform", format!("scale({k:.5})"))
        .add(g);
    let spaces = ctx.spaces.into_iter().map(|r| Rect {
        x: r.x * k,
        y: r.y * k,
        w: r.w * k,
        h: r.h * k,
    });
    Ok((scaled, spaces.collect()))
}
