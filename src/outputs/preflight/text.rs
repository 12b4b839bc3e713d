//! Text too small to read at the table: every text drawn, on the faces and in the page furniture
//! pnp draws (captions, footers, the cover), measured as set — its size times the scale it is
//! drawn at, so a piece drawn at 45 % in a setup diagram is measured at 45 %.
use std::collections::BTreeMap;

use crate::base::diagnostic::Diagnostic;
use crate::base::units::PT_PER_MM;
use crate::layout::document::{Document, FaceError};
use crate::usvg::{self, Node};

/// The smallest text of a drawing: its size in mm as set on the page, and its words.
#[derive(Debug, Clone, PartialEq)]
pub struct Smallest {
    pub mm: f64,
    pub text: String,
}

/// The smallest text in `tree` that shows (a span with a fill or a stroke, not only spaces).
pub fn smallest(tree: &usvg::Tree) -> Option<Smallest> {
    let mut found: Option<Smallest> = None;
    super::walk(tree.root(), false, &mut |node, _| {
        let Node::Text(t) = node else { return };
        let m = t.abs_transform();
        // The scale of an area: a turned line is as large as a level one.
        let scale = ((m.sx * m.sy - m.kx * m.ky).abs() as f64).sqrt();
        for chunk in t.chunks() {
            for span in chunk.spans() {
                let shows =
                    span.fill().is_some_and(|f| f.opacity().get() > 0.0) || span.stroke().is_some();
                let words = chunk.text().get(span.start()..span.end()).unwrap_or("");
                if !shows || !span.is_visible() || words.trim().is_empty() {
                    continue;
                }
                let mm = span.font_size().get() as f64 * scale;
                if found.as_ref().is_none_or(|f| mm < f.mm - 1e-6) {
                    found = Some(Smallest {
                        mm,
                        text: words.trim().to_string(),
                    });
                }
            }
        }
    });
    found
}

/// Points, to one decimal, as messages give them.
pub fn pt(mm: f64) -> String {
    crate::base::units::n(((mm * PT_PER_MM) * 10.0).round() / 10.0)
}

/// A text's first words, for a message.
fn quoted(text: &str) -> String {
    let words: String = text.chars().take(40).collect();
    match words.len() < text.len() {
        true => format!("“{}…”", words.trim_end()),
        false => format!("“{words}”"),
    }
}

/// Text under the game's floor: on each component's faces (one warning a component, naming its
/// smallest text and faces), then in the page furniture (one warning, naming the page).
pub fn check(laid: &Document, furniture: bool) -> Result<Vec<Diagnostic>, FaceError> {
    let (floor, floor_at) = laid.about.min_text;
    let under = |s: &Smallest| s.mm < floor - 1e-3;
    let mut found: BTreeMap<usize, (Smallest, Vec<String>)> = BTreeMap::new();
    let mut seen = std::collections::HashSet::new();
    for (piece, &(front, back)) in laid.pieces.iter().zip(&laid.faces.of_piece) {
        for face in [Some(front), back].into_iter().flatten() {
            if !seen.insert(face) {
                continue;
            }
            let Some(small) = smallest(&laid.face_tree(face)?).filter(under) else {
                continue;
            };
            let name = laid.faces.docs[face].name.clone();
            let entry = found
                .entry(piece.component)
                .or_insert_with(|| (small.clone(), Vec::new()));
            if small.mm < entry.0.mm {
                entry.0 = small;
            }
            entry.1.push(name);
        }
    }
    let floor_pt = pt(floor);
    let mut out = Vec::new();
    for (component, (small, faces)) in found {
        let c = &laid.components[component];
        let message = format!(
            "`{}`: text is set at {} pt, under the {floor_pt} pt the game reads at: {} ({})",
            c.id,
            pt(small.mm),
            quoted(&small.text),
            super::some_of(&faces)
        );
        out.push(
            Diagnostic::located(&c.at.file, c.at.id, message)
                .warning()
                .hint(format!(
                    "give the text room to be set at {floor_pt} pt or more: fewer or shorter words, a larger piece or space"
                )),
        );
    }
    if !furniture {
        return Ok(out);
    }
    // The furniture: the cover's pages, then each page's captions and footer.
    let pages = laid.front_matter.iter().map(|svg| (svg.to_string(), None));
    let furniture = (0..laid.pages.len()).map(|i| (laid.furniture_svg(i), Some(i)));
    let mut worst: Option<(Smallest, usize)> = None;
    for (number, (svg, index)) in pages.chain(furniture).enumerate() {
        let tree = crate::draw::trees::parse(&svg).map_err(|e| FaceError {
            name: format!("page {}", number + 1),
            why: e.to_string(),
        })?;
        let Some(small) = smallest(&tree).filter(under) else {
            continue;
        };
        if worst.as_ref().is_none_or(|(w, _)| small.mm < w.mm) {
            worst = Some((small, index.map_or(number, |i| laid.page_number(i) - 1)));
        }
    }
    if let Some((small, page)) = worst {
        // A caption names its component: a shorter `name:` sets it larger.
        let caption = laid.pages.iter().flat_map(|p| &p.captions).find(|c| {
            let shown = small.text.trim_end_matches('…').trim_end();
            !c.text.is_empty() && c.text.starts_with(shown)
        });
        let message = format!(
            "the page furniture pnp draws is set at {} pt, under the {floor_pt} pt the game reads at: {} (page {})",
            pt(small.mm),
            quoted(&small.text),
            page + 1
        );
        let warning = match (caption, floor_at) {
            (Some(c), _) => {
                let comp = &laid.components[c.component];
                Diagnostic::located(&comp.at.file, comp.at.id, message)
                    .hint("give the component a shorter `name:`: its caption is set smaller to fit")
            }
            (None, Some(at)) => Diagnostic::located(&laid.about.file, at, message)
                .hint("pnp sets its footer and cover no larger than this: lower `min_text`"),
            (None, None) => Diagnostic::located(
                &laid.about.file,
                laid.about.at.unwrap_or(serde_saphyr::Location::UNKNOWN),
                message,
            )
            .hint(
                "shorten the game's `name:`, `designer:`, `licence:` or `source:`, which the footer sets smaller to fit",
            ),
        };
        out.push(warning.warning());
    }
    Ok(out)
}
