//! A face drawn from a layout's boxes (`layouts:`): each box, in the order written, shows one
//! thing inside its rectangle: a face's field, its picture, a fixed text or a symbol. Text is
//! wrapped to the box and set smaller until it fits; a symbol is as large as the box allows,
//! centred; a picture fills the box as the face's `fit:` and `position:` say.
use svg::node::element::Group;

use super::face::{Art, Colors, DrawError};
use crate::draw::canvas::{Anchor, Canvas, place, rect, text};
use crate::draw::image::Area;
use crate::draw::text::{Font, fit, overflowed, wrap};
use crate::spec::Face;
use crate::spec::layouts::{Align, BoxFont, Layout, LayoutBox, Shown};

/// The largest a box's text is set when the box does not say (mm).
const MAX_TEXT: f64 = 6.0;
/// The smallest: below this a text runs over and is reported.
const MIN_TEXT: f64 = 1.6;

/// Draws `face` from `layout`'s boxes onto `cv` (its background is already there; its picture
/// is read from `dir`, the game's folder).
pub fn draw(
    cv: &mut Canvas,
    face: &Face,
    art: &Art,
    dir: Option<&std::path::Path>,
    layout: &Layout,
    c: &Colors,
) -> Result<(), DrawError> {
    for b in layout {
        let b = &b.value;
        let r = Area {
            x: b.x.mm(cv.w),
            y: b.y.mm(cv.h),
            w: b.w.mm(cv.w),
            h: b.h.mm(cv.h),
        };
        if let Some(fill) = &b.fill {
            cv.add(rect(r.x, r.y, r.w, r.h, fill.hex()));
        }
        if b.show == Some(Shown::Image) {
            if let Some(name) = &face.image {
                use crate::draw::image::{Outline, place};
                let picture = art.picture(dir, &name.value)?;
                let (fit, position) = (
                    face.fit.unwrap_or_default(),
                    face.position.unwrap_or_default(),
                );
                cv.add(place(&picture, fit, position, r, Outline::Square));
            }
            continue;
        }
        let ink = b.ink.as_ref().map_or(c.ink.as_str(), |i| i.hex());
        let symbol = match (b.show, &b.symbol) {
            (_, Some(s)) => Some(s.value.as_str()),
            (Some(Shown::Symbol), _) => face.symbol.as_ref().map(|s| s.value.as_str()),
            _ => None,
        };
        if let Some(name) = symbol {
            let g = art.symbol(name)?;
            let s = r.w.min(r.h);
            cv.add(place(
                &g,
                r.x + (r.w - s) / 2.0,
                r.y + (r.h - s) / 2.0,
                s,
                ink,
            ));
            continue;
        }
        if b.show == Some(Shown::Table) {
            table(cv, face, c, b, &r);
            continue;
        }
        let paragraphs: Vec<&str> = match (&b.text, b.show) {
            (Some(t), _) => vec![t.as_str()],
            (None, Some(Shown::Title)) => face.title.iter().map(String::as_str).collect(),
            (None, Some(Shown::Label)) => face.label.iter().map(String::as_str).collect(),
            (None, Some(Shown::Text)) => face.text.iter().map(String::as_str).collect(),
            (None, Some(Shown::Corner)) => face.corner.iter().map(String::as_str).collect(),
            (None, Some(Shown::Lines)) => face.paragraphs().collect(),
            _ => Vec::new(),
        };
        if !paragraphs.iter().all(|p| p.trim().is_empty()) {
            let family = match b.font.as_ref().map(|f| &f.value) {
                Some(BoxFont::Family(family)) => Some(family.as_str()),
                _ => None,
            };
            let g = match family {
                // Set in the family, measured with its metrics, as a face's `font:` is.
                Some(family) => crate::draw::text::in_face_font(Some(family), || {
                    paragraphs_in(&paragraphs, b, &r, ink)
                }),
                None => paragraphs_in(&paragraphs, b, &r, ink),
            };
            cv.add(g);
        }
    }
    Ok(())
}

/// The box's paragraphs wrapped to its width at the largest size whose lines fit its height
/// (set smaller only when wrapping is not enough), centred top to bottom.
fn paragraphs_in(paragraphs: &[&str], b: &LayoutBox, r: &Area, ink: &str) -> Group {
    let font = match b.font.as_ref().map(|f| &f.value) {
        Some(BoxFont::Condensed) => Font::Condensed,
        Some(BoxFont::Bold) => Font::SansBold,
        Some(BoxFont::Display) => Font::Display,
        Some(BoxFont::Sans | BoxFont::Family(_)) | None => Font::Sans,
    };
    let leading = 1.2;
    let max = b.size.map_or(MAX_TEXT, |s| s.mm()).min(r.h / leading);
    let mut size = max;
    let set = |size: f64| -> Vec<String> {
        paragraphs
            .iter()
            .flat_map(|p| wrap(font, size, r.w, p))
            .collect()
    };
    let mut lines = set(size);
    while size > MIN_TEXT
        && (lines.len() as f64 * size * leading > r.h
            || lines
                .iter()
                .any(|l| crate::draw::text::width(font, size, l) > r.w * 1.001))
    {
        size = (size * 0.93).max(MIN_TEXT);
        lines = set(size);
    }
    let height = lines.len() as f64 * size * leading;
    if height > r.h * 1.02 {
        overflowed(paragraphs.first().copied().unwrap_or(""));
    }
    let (x, anchor) = match b.align.unwrap_or(Align::Center) {
        Align::Left => (r.x, Anchor::Start),
        Align::Center => (r.x + r.w / 2.0, Anchor::Middle),
        Align::Right => (r.x + r.w, Anchor::End),
    };
    // The block centred in the box; a line's baseline sits 0.8 of its size below its top.
    let mut y = r.y + (r.h - height) / 2.0 + size * (leading - 1.0) / 2.0 + size * 0.8;
    let mut g = Group::new();
    for l in &lines {
        let s = fit(font, size, r.w, l);
        g = g.add(text(x, y, s, font, anchor, ink, l));
        y += size * leading;
    }
    g
}

/// The face's table in the box: set at the largest size whose rows fit its height.
fn table(cv: &mut Canvas, face: &Face, c: &Colors, b: &LayoutBox, r: &Area) {
    let mut size = b.size.map_or(4.0, |s| s.mm());
    let before = crate::draw::text::overflow_count();
    loop {
        let Some((g, used)) = crate::kinds::card::table(face, c, r.x, r.y, r.w, size) else {
            return;
        };
        if used <= r.h || size <= MIN_TEXT {
            if used > r.h {
                overflowed("the table is too long for its box");
            }
            cv.add(g);
            return;
        }
        crate::draw::text::forget_overflows_after(before);
        size = (size * 0.93).max(MIN_TEXT);
    }
}
