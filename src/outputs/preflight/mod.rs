//! `pnp check`: what a print shop would find wrong before it prints. Each distinct face is
//! drawn and parsed as the sinks parse it, and its shapes are measured: text and symbols
//! crossing the safe zone, hairlines, art that stops short of the bleed, pictures with fewer
//! pixels than 300 dpi at the size they are drawn; and each face's ink against its background.
//! Then what a designer would find (`designer`): text too small to read (`text`), pieces told
//! apart by colour alone (`apart`), pieces that do not fit their spaces (`fit`).
//! A warning names the face, the component's line (a picture's `image:` line) and what to change.
pub mod apart;
pub mod fit;
pub mod text;
pub mod vision;

use std::collections::{BTreeMap, HashSet};
use vello_cpu::kurbo;

use crate::base::diagnostic::Diagnostic;
use crate::draw::canvas::SYMBOL_ID;
use crate::layout::document::{Document, FaceError};
use crate::outputs::shops::Profile;
use crate::usvg::{self, Node};

pub use crate::base::geometry::{SAFE_MM, SMALL_PIECE_SHARE, safe_zone};
/// The thinnest line a print shop holds (0.25 pt, in mm).
pub const HAIRLINE_MM: f64 = 0.25 / 72.0 * 25.4;
/// The least contrast (WCAG ratio) of ink on its background still read in print.
pub const MIN_CONTRAST: f64 = 3.0;
/// Measurements closer than this (mm) to a limit are taken as on it: glyph outlines and
/// rounding move edges by a few micrometres.
const SLACK: f64 = 0.01;

#[derive(Debug, Default)]
pub struct Preflight {
    pub warnings: Vec<Diagnostic>,
    /// Those of `warnings` about text or symbols inside the safe zone: what `--guides` warns of.
    pub safe_zone: Vec<Diagnostic>,
    /// Distinct faces looked at.
    pub faces: usize,
}

/// The bleed the preflight looks for: `bleed`, else `profile`'s least (none when neither).
pub fn bleed_of(profile: Option<&Profile>, bleed: Option<f64>) -> Option<f64> {
    bleed.or_else(|| {
        profile.map(|p| {
            p.products
                .iter()
                .map(|pr| {
                    let (x, y) = pr.bleed_mm(p.dpi);
                    x.min(y)
                })
                .fold(f64::INFINITY, f64::min)
        })
    })
}

/// The preflight of a laid-out game (drawn with `bleed_of`'s bleed): against `profile`'s safe
/// zone when given, else 3 mm.
pub fn check(
    laid: &Document,
    profile: Option<&Profile>,
    bleed: Option<f64>,
) -> Result<Preflight, FaceError> {
    let service_safe = profile.map(|p| p.safe_mm);
    let (pieces, faces) = (&laid.pieces, &laid.faces);
    let mut report = Preflight {
        faces: faces.docs.len(),
        ..Preflight::default()
    };
    let mut seen = HashSet::new();
    // One warning per component and check, naming its faces: a deck of 54 cards with the
    // same layout says so once.
    let mut found: BTreeMap<(usize, Check), Finding> = BTreeMap::new();
    // Where a component's soft picture is named (its `image:`), to place that warning there.
    let mut image_at: BTreeMap<usize, serde_saphyr::Location> = BTreeMap::new();
    for (piece, &(front, back)) in pieces.iter().zip(&faces.of_piece) {
        let component = &laid.components[piece.component];
        let family = component.shop_family;
        if let Some(p) = profile
            && family.is_none_or(|f| !p.makes(f))
        {
            // The service does not make it: printed at home, as `pnp build` makes it.
            continue;
        }
        // Record sheets, tracks, diagrams… are pages printed whole, not pieces a shop cuts. At
        // home every token, tile and board is cut: a triangle or a hex board too.
        let cut_by_shop = family.is_some() || (profile.is_none() && component.cut_at_home);
        for face in [Some(front), back] {
            let Some(face) = face else { continue };
            if !seen.insert(face) {
                continue;
            }
            let tree = laid.face_tree(face)?;
            let doc = &faces.docs[face];
            // The real cut (a token's circle, a hex's sides), which `--guides` draws inside.
            let cut = match &doc.cut {
                Some(outline) => outline.bez_path(doc.w, doc.h),
                None => crate::base::outline::Outline::Rect.bez_path(doc.w, doc.h),
            };
            let measured = measure(&tree, &cut, doc.w, doc.h, doc.bleed);
            let mut note = |check: Check, value: f64, what: String| {
                let f = found.entry((piece.component, check)).or_insert(Finding {
                    faces: Vec::new(),
                    worst: value,
                    what: what.clone(),
                });
                f.faces.push(doc.name.clone());
                if check.worse(value, f.worst) {
                    f.worst = value;
                    f.what = what;
                }
            };
            let safe = safe_zone(service_safe, doc.w, doc.h);
            if let Some(d) = measured
                .inside_cut
                .filter(|d| cut_by_shop && *d < safe - SLACK)
            {
                let zone = match safe < SAFE_MM && service_safe.is_none() {
                    true => format!(
                        "{} mm safe zone of a piece {} mm across",
                        round(safe),
                        round(doc.w.min(doc.h))
                    ),
                    false => format!("{} mm safe zone", round(safe)),
                };
                note(Check::Safe, d.max(0.0), zone);
            }
            if let Some(thin) = measured.thinnest.filter(|w| *w < HAIRLINE_MM - 1e-6) {
                note(Check::Hairline, thin, String::new());
            }
            if let Some(short) = measured.short_of_bleed.filter(|_| cut_by_shop) {
                note(Check::Bleed, short, String::new());
            }
            if let Some(soft) = measured.softest.filter(|s| s.need.is_some()) {
                let (need_w, need_h) = soft.need.unwrap_or_default();
                let what = format!(
                    "{} × {} pixels drawn {} × {} mm|{need_w} × {need_h}",
                    soft.px.0,
                    soft.px.1,
                    round(soft.mm.0),
                    round(soft.mm.1)
                );
                note(Check::Resolution, soft.dpi, what);
                if let Some(image) = doc.look.as_ref().and_then(|l| l.image) {
                    image_at.entry(piece.component).or_insert(image);
                }
            }
            if let Some(look) = &doc.look
                && look.has_text
                && let Some(ratio) =
                    contrast(&look.ink, &look.background).filter(|r| *r < MIN_CONTRAST)
            {
                // The picture covers some of the background: what lies under the text there is
                // not measured, and saying "on #ffffff" would be untrue.
                let what = match look.image {
                    Some(_) => format!("picture|{}|{}", look.ink, look.background),
                    None => format!("ink {} on background {}", look.ink, look.background),
                };
                note(Check::Contrast, ratio, what);
            }
        }
    }
    let service = profile.map_or(String::new(), |p| format!(" of {}", p.name));
    for ((component, check), f) in found {
        let c = &laid.components[component];
        let (message, hint) = match check {
            Check::Safe => (
                format!(
                    "text or a symbol is {} mm from the cut, inside the {}{service}",
                    round(f.worst),
                    f.what
                ),
                "make the piece larger, or the text shorter or smaller, so that it stays clear of the cut".into(),
            ),
            Check::Hairline => (
                format!(
                    "a line {} pt thin, under the 0.25 pt a print shop holds",
                    round(f.worst / 25.4 * 72.0)
                ),
                "draw it at least 0.25 pt (0.09 mm) wide".into(),
            ),
            Check::Bleed => (
                format!(
                    "the art stops {} mm short of the {} mm bleed",
                    round(f.worst),
                    round(bleed.unwrap_or(0.0))
                ),
                "give the face a `background`, which runs into the bleed, so a cut off the line shows no white edge".into(),
            ),
            Check::Contrast => match f.what.split('|').collect::<Vec<_>>()[..] {
                // Text over a picture: only the background it covers is known.
                ["picture", ink, background] => (
                    format!(
                        "text in ink {ink} is on a picture: where the picture leaves the background {background} bare, the contrast is {}:1, under {MIN_CONTRAST}:1; over the picture itself it is not measured",
                        round(f.worst)
                    ),
                    "look at the text where it lies over the picture; where it does not, give the face a `background` the ink reads on".into(),
                ),
                _ => (
                    format!(
                        "{} has a contrast of {}:1, under {MIN_CONTRAST}:1: too pale to read in print",
                        f.what,
                        round(f.worst)
                    ),
                    "darken the `ink` or lighten the `background` (or the other way round)".into(),
                ),
            },
            Check::Resolution => {
                let (drawn, need) = f.what.split_once('|').unwrap_or((&f.what, ""));
                (
                    format!(
                        "an image of {drawn} is {} dpi, under the {} dpi a print shop asks",
                        (f.worst + 1e-6).floor(),
                        crate::draw::images::SHOP_DPI
                    ),
                    format!("give an image of at least {need} pixels"),
                )
            }
        };
        let message = format!("`{}`: {message} ({})", c.id, some_of(&f.faces));
        let at = match check {
            Check::Resolution => *image_at.get(&component).unwrap_or(&c.at.id),
            _ => c.at.id,
        };
        let warning = Diagnostic::located(&c.at.file, at, message)
            .warning()
            .hint(hint);
        if check == Check::Safe {
            report.safe_zone.push(warning.clone());
        }
        report.warnings.push(warning);
    }
    Ok(report)
}

/// What a designer would find: text under the game's floor (with the page furniture pnp draws,
/// when the pages are printed at home: `furniture`), pieces a player tells apart told apart by
/// colour alone, and pieces that do not fit where the game puts them.
pub fn designer(laid: &Document, furniture: bool) -> Result<Vec<Diagnostic>, FaceError> {
    let mut out = text::check(laid, furniture)?;
    out.extend(apart::check(laid)?);
    out.extend(fit::check(laid)?);
    Ok(out)
}

/// What the preflight checks, in the order its warnings are given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Check {
    Safe,
    Hairline,
    Bleed,
    Contrast,
    Resolution,
}

impl Check {
    /// Whether `a` is worse than `b`: nearer the cut, thinner, paler; further short of the bleed.
    fn worse(self, a: f64, b: f64) -> bool {
        match self {
            Check::Bleed => a > b,
            _ => a < b,
        }
    }
}

/// A check's finding on the faces of one component.
struct Finding {
    faces: Vec<String>,
    worst: f64,
    /// What was found, where the value does not say (the colours).
    what: String,
}

/// The first three faces of `faces`, and how many more: "a, b, c and 4 more".
fn some_of(faces: &[String]) -> String {
    let shown = faces[..faces.len().min(3)].join(", ");
    match faces.len() {
        n if n > 3 => format!("{shown} and {} more", n - 3),
        _ => shown,
    }
}

/// A length in a message: to the hundredth of a millimetre, no trailing zeros.
pub(super) fn round(v: f64) -> String {
    crate::base::units::n((v * 100.0).round() / 100.0)
}

/// What the shapes of one face measure.
#[derive(Debug, Default, PartialEq)]
struct Measured {
    /// The least distance (mm) from the cut inward to text or a symbol (negative: past it).
    inside_cut: Option<f64>,
    /// The thinnest stroke (mm, as drawn).
    thinnest: Option<f64>,
    /// How far (mm) the filled art falls short of covering the bleed, on its worst side.
    short_of_bleed: Option<f64>,
    /// The picture (PNG, JPEG, WebP) with the fewest pixels for its printed size.
    softest: Option<Soft>,
}

/// A picture's pixels against its printed size.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Soft {
    px: (u32, u32),
    /// Its drawn size, in mm.
    mm: (f64, f64),
    dpi: f64,
    /// The pixels it needs for `SHOP_DPI`, if it has fewer.
    need: Option<(u64, u64)>,
}

/// Measures a face's tree: its user space starts at the corner of the bleed, in mm.
fn measure(tree: &usvg::Tree, cut: &kurbo::BezPath, w: f64, h: f64, bleed: f64) -> Measured {
    let mut m = Measured::default();
    let mut art: Option<kurbo::Rect> = None;
    let mut grow = |b: usvg::Rect| {
        let r = in_mm(b, 0.0);
        art = Some(art.map_or(r, |a| a.union(r)));
    };
    walk(tree.root(), false, &mut |node, symbol| {
        let content = symbol || matches!(node, Node::Text(_));
        if content {
            // A text's own box is its line's, ascender to descender: its glyphs' is the ink.
            // (Not its flattened group's box: that is in the text's own space, without the
            // face's view box or a rotated corner's turn.) A symbol's is the ink of its paths:
            // a round sun's box would reach past a round token's cut at its corners.
            let in_piece = |b: usvg::Rect| in_mm(b, bleed);
            let d = match node {
                Node::Text(t) => inside_cut(cut, in_piece(t.abs_stroke_bounding_box())),
                Node::Path(p) => ink_inside_cut(cut, p, bleed),
                _ => inside_cut(cut, in_piece(node.abs_bounding_box())),
            };
            m.inside_cut = Some(m.inside_cut.map_or(d, |v: f64| v.min(d)));
        }
        if let Node::Image(image) = node
            && !matches!(image.kind(), usvg::ImageKind::SVG(_))
        {
            // Its box is as drawn (a covering picture runs past its clip): pixels per drawn mm.
            let b = image.abs_bounding_box();
            let px = (image.size().width() as u32, image.size().height() as u32);
            // To the micrometre: the tree's single precision would make 72 dpi 71.99.
            let um = |v: f32| (v as f64 * 1000.0).round() / 1000.0;
            let mm = (um(b.width()), um(b.height()));
            let dpi = crate::draw::images::dpi_of(px.0, px.1, mm.0, mm.1);
            let need =
                crate::draw::images::pixels_needed(px.0, px.1, dpi, crate::draw::images::SHOP_DPI);
            if m.softest.is_none_or(|s| dpi < s.dpi) {
                m.softest = Some(Soft { px, mm, dpi, need });
            }
            // A picture covering the face and its bleed is art that reaches the bleed.
            grow(b);
        }
        if let Node::Path(path) = node {
            if let Some(stroke) = path.stroke() {
                let t = path.abs_transform();
                let scale =
                    ((t.sx * t.sx + t.ky * t.ky).sqrt()).min((t.kx * t.kx + t.sy * t.sy).sqrt());
                let width = stroke.width().get() as f64 * scale as f64;
                m.thinnest = Some(m.thinnest.map_or(width, |v: f64| v.min(width)));
            }
            if path.fill().is_some() || path.stroke().is_some() {
                grow(path.abs_stroke_bounding_box());
            }
        }
    });
    if bleed > 0.0 {
        let (full_w, full_h) = (w + 2.0 * bleed, h + 2.0 * bleed);
        let short = match art {
            None => bleed,
            Some(a) => [a.x0, a.y0, full_w - a.x1, full_h - a.y1]
                .into_iter()
                .fold(0.0, f64::max),
        };
        m.short_of_bleed = (short > 0.05).then_some(short);
    }
    m
}

/// The box `b` of a face's tree (mm from the bleed's corner) in mm from `origin` along both axes.
fn in_mm(b: usvg::Rect, origin: f64) -> kurbo::Rect {
    let (x0, y0) = (b.left() as f64 - origin, b.top() as f64 - origin);
    kurbo::Rect::new(
        x0,
        y0,
        b.right() as f64 - origin,
        b.bottom() as f64 - origin,
    )
}

/// How far inside `cut` (a closed path in the piece's mm) the box `b` lies at its nearest
/// corner, negative where one is past the cut. On a convex cut (a rectangle, a circle, a hexagon)
/// the point of a box nearest the cut is one of its corners.
fn inside_cut(cut: &kurbo::BezPath, b: kurbo::Rect) -> f64 {
    [(b.x0, b.y0), (b.x1, b.y0), (b.x0, b.y1), (b.x1, b.y1)]
        .into_iter()
        .map(|(x, y)| inside_by(cut, kurbo::Point::new(x, y)))
        .fold(f64::INFINITY, f64::min)
}

/// How far inside `cut` the ink of `path` (in the face's space, `bleed` from the piece's
/// corner) comes nearest it: its points (curves' control points among them, which lie on or
/// outside the curve), less half its stroke.
fn ink_inside_cut(cut: &kurbo::BezPath, path: &usvg::Path, bleed: f64) -> f64 {
    let t = path.abs_transform();
    let half_stroke = path.stroke().map_or(0.0, |s| {
        s.width().get() as f64 / 2.0 * t.get_scale().0 as f64
    });
    path.data()
        .points()
        .iter()
        .map(|p| {
            let mut q = *p;
            t.map_point(&mut q);
            inside_by(
                cut,
                kurbo::Point::new(q.x as f64 - bleed, q.y as f64 - bleed),
            )
        })
        .fold(f64::INFINITY, f64::min)
        - half_stroke
}

/// The distance of `p` from `cut`: positive inside it, negative outside.
fn inside_by(cut: &kurbo::BezPath, p: kurbo::Point) -> f64 {
    use kurbo::{ParamCurveNearest, Shape as _};
    let d = cut
        .segments()
        .map(|s| s.nearest(p, 1e-6).distance_sq)
        .fold(f64::INFINITY, f64::min)
        .sqrt();
    if cut.contains(p) { d } else { -d }
}

/// Calls `f` on every text and path under `group`, with whether it is part of a symbol (a
/// group `draw::canvas::place` drew).
fn walk(group: &usvg::Group, in_symbol: bool, f: &mut dyn FnMut(&Node, bool)) {
    for node in group.children() {
        match node {
            Node::Group(g) => walk(g, in_symbol || g.id() == SYMBOL_ID, f),
            other => f(other, in_symbol),
        }
    }
}

/// The WCAG contrast ratio of two `#rrggbb` colours (`None` for `none` or a colour it cannot
/// read).
pub fn contrast(a: &str, b: &str) -> Option<f64> {
    let (la, lb) = (luminance(a)?, luminance(b)?);
    let (hi, lo) = if la > lb { (la, lb) } else { (lb, la) };
    Some((hi + 0.05) / (lo + 0.05))
}

fn luminance(hex: &str) -> Option<f64> {
    let hex = hex.strip_prefix('#')?;
    if hex.len() != 6 {
        return None;
    }
    let channel = |i: usize| -> Option<f64> {
        let v = u8::from_str_radix(hex.get(i..i + 2)?, 16).ok()? as f64 / 255.0;
        Some(match v <= 0.04045 {
            true => v / 12.92,
            false => ((v + 0.055) / 1.055).powf(2.4),
        })
    };
    Some(0.2126 * channel(0)? + 0.7152 * channel(2)? + 0.0722 * channel(4)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_piece_s_safe_zone_is_a_share_of_its_side_unless_a_service_sets_one() {
        assert_eq!(safe_zone(None, 63.5, 88.9), SAFE_MM);
        assert_eq!(safe_zone(None, 40.0, 40.0), SAFE_MM);
        assert!((safe_zone(None, 12.7, 12.7) - 1.143).abs() < 1e-9);
        assert!((safe_zone(None, 17.0, 30.0) - 1.53).abs() < 1e-9);
        assert_eq!(safe_zone(Some(3.175), 12.7, 12.7), 3.175);
    }

    #[test]
    fn text_is_measured_to_the_real_cut_not_the_pieces_box() {
        use crate::kinds::Outline;
        // A word's box 3 mm in from the sides of a 20 mm token's box: inside the square,
        // but its corners are past the circle a punch cuts.
        let word = kurbo::Rect::new(3.0, 3.0, 17.0, 6.0);
        let square = Outline::Rect.bez_path(20.0, 20.0);
        let circle = Outline::Circle.bez_path(20.0, 20.0);
        assert!((inside_cut(&square, word) - 3.0).abs() < 1e-6);
        let corner = 10.0 - (7.0f64 * 7.0 + 7.0 * 7.0).sqrt();
        assert!(
            (inside_cut(&circle, word) - corner).abs() < 0.01,
            "{corner}"
        );
        // Lower and narrower, the same word clears the circle by its nearest corner's distance.
        let lifted = kurbo::Rect::new(6.0, 8.0, 14.0, 11.0);
        let nearest = 10.0 - (4.0f64 * 4.0 + 2.0 * 2.0).sqrt();
        assert!((inside_cut(&circle, lifted) - nearest).abs() < 0.01);
    }

    #[test]
    fn contrast_is_wcag_s() {
        assert!((contrast("#000000", "#ffffff").unwrap() - 21.0).abs() < 1e-9);
        assert!((contrast("#ffffff", "#ffffff").unwrap() - 1.0).abs() < 1e-9);
        assert!(contrast("#dddddd", "#f4f4f4").unwrap() < MIN_CONTRAST);
        assert!(contrast("#222222", "#fbefc4").unwrap() > 10.0);
        assert_eq!(contrast("none", "#ffffff"), None);
    }
}
