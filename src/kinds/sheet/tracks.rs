//! The sheet's `track` section: ordered write-in spaces, labelled outside.
use svg::node::element::Group;

use super::draw::*;
use super::model::*;
use crate::base::geometry::Rect;
use crate::draw::canvas::{Anchor, text};
use crate::draw::text::{Font, fit};

/// Column width for the labels of a downward track.
pub(super) const TRACK_LABEL_W: f64 = 12.0;

/// (box width, box height, per row) of a rightward track at width `w`.
pub(super) fn right_geometry(t: &Track, w: f64) -> (f64, f64, u32) {
    let k = t.spaces.value.max(1);
    // 10 mm still holds a two-digit number written by hand.
    let bw = (w / k as f64).clamp(10.0, 18.0);
    let per_row = ((w + 0.01) / bw).floor().max(1.0) as u32;
    let bw = w / per_row.min(k) as f64;
    (bw, 11.0, per_row)
}

pub(super) fn track_natural(t: &Track, w: f64) -> f64 {
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

pub(super) fn track_max(t: &Track, w: f64) -> f64 {
    match t.direction {
        Flow::Down => {
            t.spaces.value.max(1) as f64 * t.max_height.as_ref().map_or(16.0, |m| m.value).max(11.0)
        }
        Flow::Right => track_natural(t, w),
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn track(
    mut g: Group,
    t: &Track,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    ctx: &mut Ctx,
) -> Group {
    let ink = ctx.ink.clone();
    let k = t.spaces.value.max(1);
    let note_h = note_height(t.note.as_deref(), w);
    let label_size = 5.0;
    let mut bottom = y;
    match t.direction {
        Flow::Down => {
            let sh = ((h - note_h) / k as f64).clamp(
                11.0,
                t.max_height.as_ref().map_or(16.0, |m| m.value).max(11.0),
            );
            let sw = t
                .width
                .as_ref()
                .map_or(w - TRACK_LABEL_W, |s| s.value)
                .min(w - TRACK_LABEL_W);
            let sx = x + TRACK_LABEL_W;
            for i in 0..k {
                let sy = y + i as f64 * sh;
                let space = Rect {
                    x: sx,
                    y: sy,
                    w: sw,
                    h: sh,
                };
                g = g.add(stroke_rect(sx, sy, sw, sh, &ink, super::TRACK_LINE));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_by_turn_track_of_seventeen_spaces_fits_one_row_of_a_sheet() {
        // The Beast's food store: Start and 16 turns across an A4 sheet's 180 mm section.
        let yaml = "{spaces: 17, direction: right}";
        let t: Track = serde_saphyr::from_str(yaml).unwrap();
        let (bw, _, per_row) = right_geometry(&t, 180.0);
        assert_eq!(per_row, 17);
        assert!(bw >= 10.0, "{bw} mm: room for a two-digit number");
        // Few spaces share the whole row.
        let t: Track = serde_saphyr::from_str("{spaces: 4, direction: right}").unwrap();
        assert_eq!(right_geometry(&t, 180.0).0, 45.0);
    }
}
