//! Pieces a player tells apart at a glance, told apart without colour: the backs of different
//! components of one size and shape (two decks), and the faces of one component's variants. Each
//! face is drawn without its text (a title is read, not seen at a glance), `GLANCE_PX` pixels
//! across its shorter side (a piece is looked at whole, a marker from nearer than a board),
//! softened by a pixel, and seen five ways (`vision::Vision`); two faces are told apart where
//! enough of their area differs clearly.
use std::collections::BTreeMap;

use super::vision::{Vision, linear};
use crate::base::diagnostic::Diagnostic;
use crate::layout::document::{Document, FaceError};

/// Pixels across a face's shorter side: a symbol's shape and a pip's outline show.
const GLANCE_PX: f64 = 80.0;
/// How far around a differing pixel the eye takes in the difference, as a share of the face's
/// shorter side: a red pip drawn hollow for grey differs by its outline, and is seen whole.
const REACH: f64 = 0.015;
/// A pixel differs when its colours are this far apart (CIELAB ΔE, or ΔL* in grey): a step
/// between two greys a mono printer keeps apart.
pub const DIFFER: f32 = 15.0;
/// Two faces are told apart when this share of them differs clearly: a suit's symbol in two
/// corners of a tile, a background, a pip.
pub const MIN_SHARE: f64 = 0.01;

/// A face as drawn, and each of its colours seen five ways.
struct Seen {
    w: usize,
    h: usize,
    /// Each pixel's sRGB over white, `0xRRGGBB`, and its colour in `palette`.
    rgb: Vec<u32>,
    colour: Vec<u32>,
    /// CIELAB of each colour, by `Vision::ALL`'s order.
    palette: Vec<[[f32; 3]; 5]>,
}

/// Which faces must be told apart, and what they are.
struct Pair {
    a: usize,
    b: usize,
    /// The component the warning goes to, and where in it.
    component: usize,
    at: serde_saphyr::Location,
    what: String,
    /// Backs of two components: told apart without their colours, or not at all. Variants:
    /// only where their colours tell them apart (those that differ only in their words are
    /// read, not seen).
    backs: bool,
}

/// What one pair lost, for its warning.
struct Lost {
    what: String,
    views: Vec<Vision>,
    area: f64,
    need: f64,
    at: serde_saphyr::Location,
}

/// The warnings: a component's backs like another's, or its variants told apart by colour
/// alone.
pub fn check(laid: &Document) -> Result<Vec<Diagnostic>, FaceError> {
    let pairs = pairs(laid);
    // Each face is drawn when a pair first needs it and let go after its last pair.
    let mut uses: BTreeMap<usize, usize> = BTreeMap::new();
    for p in &pairs {
        *uses.entry(p.a).or_default() += 1;
        *uses.entry(p.b).or_default() += 1;
    }
    let mut seen: BTreeMap<usize, Seen> = BTreeMap::new();
    let mut found: BTreeMap<(usize, bool), Vec<Lost>> = BTreeMap::new();
    for pair in pairs {
        for f in [pair.a, pair.b] {
            if let std::collections::btree_map::Entry::Vacant(e) = seen.entry(f) {
                e.insert(look(laid, f)?);
            }
        }
        let lost = compare(laid, &pair, &seen[&pair.a], &seen[&pair.b]);
        for f in [pair.a, pair.b] {
            let left = uses.entry(f).or_default();
            *left -= 1;
            if *left == 0 {
                seen.remove(&f);
            }
        }
        if let Some(lost) = lost {
            found
                .entry((pair.component, pair.backs))
                .or_default()
                .push(lost);
        }
    }
    let mut out = Vec::new();
    for ((component, backs), list) in found {
        let c = &laid.components[component];
        let first = &list[0];
        let views: Vec<&str> = first.views.iter().map(|v| v.name()).collect();
        let more = match list.len() {
            1 => String::new(),
            n => format!(" (and {} more pair{})", n - 1, if n > 2 { "s" } else { "" }),
        };
        let how = match first.views.first() {
            Some(Vision::Normal) => "look alike but for their words",
            _ => "are told apart by colour alone",
        };
        let mm2 = |v: f64| crate::base::units::n(v.round());
        let message = format!(
            "`{}`: {} {how}: {} they differ over {} mm², under the {} mm² ({} % of the piece) a glance needs{more}",
            c.id,
            first.what,
            join(&views),
            mm2(first.area),
            mm2(first.need),
            crate::base::units::n(MIN_SHARE * 100.0),
        );
        let hint = match backs {
            true => {
                "make one back clearly lighter or darker than the other (its `background:`), or give it another symbol or pattern"
            }
            false => {
                "give each variant its own symbol, pattern or frame, or colours that differ in lightness too"
            }
        };
        out.push(
            Diagnostic::located(&c.at.file, first.at, message)
                .warning()
                .hint(hint),
        );
    }
    Ok(out)
}

/// What `pair` loses without colour, if anything: seen each way, the faces differ where a
/// pixel (or a neighbour within `reach`, so that an outline counts as the shape it draws)
/// differs by `DIFFER`.
fn compare(laid: &Document, pair: &Pair, a: &Seen, b: &Seen) -> Option<Lost> {
    if (a.w, a.h) != (b.w, b.h) {
        return None;
    }
    let doc = &laid.faces.docs[pair.a];
    let px_mm2 = doc.w * doc.h / (a.w * a.h) as f64;
    let need = MIN_SHARE * doc.w * doc.h;
    let reach = ((REACH * a.w.min(a.h) as f64).round() as usize).max(1);
    let changed: Vec<usize> = (a.rgb.iter().zip(&b.rgb).enumerate())
        .filter_map(|(i, (x, y))| (x != y).then_some(i))
        .collect();
    // Each way at once: the pixels that differ clearly.
    let far = DIFFER * DIFFER;
    let mut counts = [0usize; 5];
    for &i in &changed {
        let (x, y) = (
            &a.palette[a.colour[i] as usize],
            &b.palette[b.colour[i] as usize],
        );
        for v in 0..5 {
            let d = [x[v][0] - y[v][0], x[v][1] - y[v][1], x[v][2] - y[v][2]];
            counts[v] += (d[0] * d[0] + d[1] * d[1] + d[2] * d[2] >= far) as usize;
        }
    }
    let area = |v: Vision| {
        // Most pairs differ plainly: grown only when the pixels alone fall short.
        let plain = counts[v as usize] as f64 * px_mm2;
        match plain >= need {
            true => plain,
            false => grown(&differing(a, b, &changed, v), a.w, a.h, reach) as f64 * px_mm2,
        }
    };
    let colour = area(Vision::Normal);
    if !pair.backs && colour < need {
        return None;
    }
    let mut views = Vec::new();
    let mut worst = f64::INFINITY;
    if colour < need {
        views.push(Vision::Normal);
        worst = colour;
    }
    for v in &Vision::ALL[1..] {
        let seen = area(*v);
        if seen < need {
            views.push(*v);
            worst = worst.min(seen);
        }
    }
    (!views.is_empty()).then(|| Lost {
        what: pair.what.clone(),
        views,
        area: worst,
        need,
        at: pair.at,
    })
}

fn join(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The pairs a player must tell apart: each two distinct fronts (and backs) of one component's
/// variants, and each two components' backs of one size and shape.
fn pairs(laid: &Document) -> Vec<Pair> {
    let mut out = Vec::new();
    // Distinct faces of each component and side, with the piece that first shows each.
    let mut faces: BTreeMap<(usize, bool), Vec<(usize, usize)>> = BTreeMap::new();
    for (pi, (piece, &(front, back))) in laid.pieces.iter().zip(&laid.faces.of_piece).enumerate() {
        for (is_back, face) in [(false, Some(front)), (true, back)] {
            let Some(face) = face else { continue };
            let list = faces.entry((piece.component, is_back)).or_default();
            if !list.iter().any(|(f, _)| *f == face) {
                list.push((face, pi));
            }
        }
    }
    let variant_at = |pi: usize| {
        let p = &laid.pieces[pi];
        let c = &laid.components[p.component];
        p.variant
            .and_then(|v| c.at.variants.get(v).copied())
            .unwrap_or(c.at.id)
    };
    let name = |pi: usize| laid.pieces[pi].id.clone();
    for ((component, is_back), list) in &faces {
        for (j, &(b, pb)) in list.iter().enumerate() {
            for &(a, pa) in &list[..j] {
                let side = if *is_back { "backs" } else { "fronts" };
                out.push(Pair {
                    a,
                    b,
                    component: *component,
                    at: variant_at(pb),
                    what: format!("the {side} of `{}` and `{}`", name(pa), name(pb)),
                    backs: false,
                });
            }
        }
    }
    // Backs of different components, one face each (a deck's back), of one size and shape.
    let backs: Vec<(usize, usize, usize)> = faces
        .iter()
        .filter(|((_, is_back), _)| *is_back)
        .flat_map(|((c, _), list)| list.iter().map(move |&(f, p)| (*c, f, p)))
        .collect();
    for (j, &(cb, b, pb)) in backs.iter().enumerate() {
        for &(ca, a, pa) in &backs[..j] {
            let (x, y) = (&laid.pieces[pa], &laid.pieces[pb]);
            let alike = ca != cb
                && a != b
                && x.shape == y.shape
                && (x.w - y.w).abs() < 0.5
                && (x.h - y.h).abs() < 0.5;
            if !alike {
                continue;
            }
            let c = &laid.components[cb];
            let at = match c.at.back == serde_saphyr::Location::UNKNOWN {
                true => c.at.id,
                false => c.at.back,
            };
            out.push(Pair {
                a,
                b,
                component: cb,
                at,
                what: format!("its back and the back of `{}`", laid.components[ca].id),
                backs: true,
            });
        }
    }
    out
}

/// Face `face` drawn without its words, and seen each way.
fn look(laid: &Document, face: usize) -> Result<Seen, FaceError> {
    let doc = &laid.faces.docs[face];
    let error = |why: String| FaceError {
        name: doc.name.clone(),
        why,
    };
    let svg = without_text(&laid.face_svg(face)?);
    let tree = crate::draw::trees::parse(&svg).map_err(|e| error(e.to_string()))?;
    let dpi = (GLANCE_PX / doc.w.min(doc.h).max(1.0) * 25.4)
        .round()
        .clamp(24.0, 200.0) as u32;
    let pixmap = crate::outputs::png::render(&tree, doc, dpi).map_err(|e| error(e.to_string()))?;
    let (w, h) = (pixmap.width() as usize, pixmap.height() as usize);
    // Over white paper (a round piece's corners are clear).
    let rgb: Vec<u32> = pixmap
        .data()
        .chunks_exact(4)
        .map(|p| {
            let over = |c: u8| c.saturating_add(255 - p[3]) as u32;
            over(p[0]) << 16 | over(p[1]) << 8 | over(p[2])
        })
        .collect();
    // A face has few colours: each is seen each way once.
    let mut index = std::collections::HashMap::new();
    let mut palette = Vec::new();
    let colour = rgb
        .iter()
        .map(|&c| {
            *index.entry(c).or_insert_with(|| {
                let lit = linear([(c >> 16) as u8, (c >> 8) as u8, c as u8]);
                palette.push(Vision::ALL.map(|v| v.lab(lit)));
                palette.len() as u32 - 1
            })
        })
        .collect();
    Ok(Seen {
        w,
        h,
        rgb,
        colour,
        palette,
    })
}

/// Which pixels of `a` and `b` differ clearly when seen as `v`, among `changed` (those of
/// another colour), as a mask of the face.
fn differing(a: &Seen, b: &Seen, changed: &[usize], v: Vision) -> Vec<bool> {
    let far = DIFFER * DIFFER;
    let mut mask = vec![false; a.rgb.len()];
    for &i in changed {
        let x = a.palette[a.colour[i] as usize][v as usize];
        let y = b.palette[b.colour[i] as usize][v as usize];
        let d = [x[0] - y[0], x[1] - y[1], x[2] - y[2]];
        mask[i] = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] >= far;
    }
    mask
}

/// How many pixels lie within `reach` pixels (a square's) of one set in `mask`.
fn grown(mask: &[bool], w: usize, h: usize, reach: usize) -> usize {
    if !mask.iter().any(|m| *m) {
        return 0;
    }
    // Grown along rows, then along columns: a square of side 2 × reach + 1.
    let along = |src: &[bool], n: usize, step: usize, lines: usize, stride: usize| {
        let mut out = vec![false; src.len()];
        for line in 0..lines {
            let at = |i: usize| line * stride + i * step;
            let mut last: Option<usize> = None;
            for i in 0..n {
                if src[at(i)] {
                    last = Some(i);
                }
                out[at(i)] = last.is_some_and(|l| i - l <= reach);
            }
            let mut next: Option<usize> = None;
            for i in (0..n).rev() {
                if src[at(i)] {
                    next = Some(i);
                }
                out[at(i)] |= next.is_some_and(|l| l - i <= reach);
            }
        }
        out
    };
    let rows = along(mask, w, 1, h, w);
    let both = along(&rows, h, w, w, 1);
    both.iter().filter(|m| **m).count()
}

/// `svg` without its `<text>` elements: what is seen of a face before it is read.
pub fn without_text(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(start) = find_tag(rest, "<text") {
        out.push_str(&rest[..start]);
        let after = &rest[start..];
        let open_end = after.find('>').map_or(after.len(), |i| i + 1);
        let end = match after[..open_end].ends_with("/>") {
            true => open_end,
            false => after
                .find("</text>")
                .map_or(after.len(), |i| i + "</text>".len()),
        };
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// Where the element `tag` (`<text`, not `<textPath`) next starts in `s`.
fn find_tag(s: &str, tag: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = s[from..].find(tag) {
        let at = from + i;
        match s[at + tag.len()..].chars().next() {
            Some(c) if c.is_whitespace() || c == '>' || c == '/' => return Some(at),
            _ => from = at + tag.len(),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outline_counts_as_the_shape_it_draws() {
        // A ring one pixel wide, 9 pixels across, in a 20 × 20 face: grown by one pixel it
        // covers its inside and a pixel around.
        let (w, h) = (20, 20);
        let mut mask = vec![false; w * h];
        for i in 5..14 {
            for (x, y) in [(i, 5), (i, 13), (5, i), (13, i)] {
                mask[y * w + x] = true;
            }
        }
        assert_eq!(mask.iter().filter(|m| **m).count(), 32);
        assert_eq!(grown(&mask, w, h, 1), 11 * 11 - 5 * 5);
        assert_eq!(grown(&mask, w, h, 3), 15 * 15 - 1);
        assert_eq!(grown(&vec![false; w * h], w, h, 3), 0);
    }

    #[test]
    fn words_are_left_out_and_the_rest_kept() {
        let svg = r#"<svg><rect/><text x="1">Ace <tspan>of</tspan></text><textPath/><text/><g><text y="2">B</text></g></svg>"#;
        assert_eq!(without_text(svg), "<svg><rect/><textPath/><g></g></svg>");
    }
}
