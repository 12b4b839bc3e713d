//! A game laid out for print: its pages with their placements, captions and furniture, the cover,
//! page numbers, the document's information, and the resolved game whose faces the pages show.
//! It owns all of it: the outputs (PDF, PNG, Tabletop Simulator, print shops, preflight, the
//! preview) take it as it is and look nothing up in the game.
use std::borrow::Cow;

use resvg::usvg::Tree;

use super::furniture::Credits;
use super::{LayoutOptions, Page};
use crate::base::outline::Outline;
use crate::resolve::{About, Component, Faces, Piece, Resolved, table::Table};

/// The document's information (the PDF's title, author, subject and keywords).
#[derive(Debug, Clone, Default)]
pub struct Info {
    pub title: String,
    pub author: Option<String>,
    pub subject: Option<String>,
    /// Search words: "print and play", the game, its licence.
    pub keywords: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct Document {
    pub layout: LayoutOptions,
    pub pages: Vec<Page>,
    /// Whole pages printed before the pieces (the cover), as SVG.
    pub front_matter: Vec<String>,
    pub credits: Credits,
    pub info: Info,
    /// Bookmark titles by component index.
    pub groups: Vec<String>,
    pub about: About,
    pub components: Vec<Component>,
    pub pieces: Vec<Piece>,
    pub faces: Faces,
    /// What Tabletop Simulator needs beyond the faces, when it was resolved.
    pub table: Option<Table>,
}

/// How far a back's background runs past its cut on a page of backs (mm): a sheet that shifts
/// by up to this much between its two sides in a duplex printer still shows the back's colour
/// to the cut on every edge, never a stripe of paper.
pub const BACK_BLEED: f64 = 2.0;

/// A face whose SVG cannot be read back or parsed (a bug of pnp's).
#[derive(Debug, thiserror::Error)]
#[error("could not read the face {name}: {why}")]
pub struct FaceError {
    pub name: String,
    pub why: String,
}

/// A piece that no page can hold, at its component.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Unplaceable(pub crate::base::diagnostic::Problems);

/// Group captions, by component index: "Grain markers · 24".
pub fn captions(components: &[Component]) -> Vec<String> {
    components
        .iter()
        .map(|c| format!("{} · {}", c.name, c.total_copies))
        .collect()
}

/// The credits every page's footer carries.
pub fn credits(about: &About) -> Credits {
    let title = match &about.designer {
        Some(d) => format!("{} — a game by {d}", about.name),
        None => about.name.clone(),
    };
    let mut line = Vec::new();
    if let Some(l) = &about.licence {
        line.push(format!("Licence: {l}"));
    }
    if let Some(s) = &about.source {
        line.push(s.clone());
    }
    line.push(format!(
        "Print-and-play by pnp {}",
        env!("CARGO_PKG_VERSION")
    ));
    Credits {
        title,
        line: line.join(" · "),
    }
}

/// What a layout places of `resolved`'s pieces: one item a piece.
pub fn items(resolved: &Resolved) -> Vec<super::Item> {
    resolved
        .pieces
        .iter()
        .zip(resolved.faces.of_piece.iter().copied())
        .enumerate()
        .map(|(i, (p, (front, back)))| {
            let c = &resolved.components[p.component];
            super::Item {
                piece: i,
                component: p.component,
                front,
                back,
                w: p.w,
                h: p.h,
                copies: p.copies,
                shared_cuts: c.shares_cuts,
                split: c.split.clone(),
                tiles: c
                    .shares_cuts
                    .then(|| super::tessellate::Tiling::of(&p.shape))
                    .flatten(),
                own_pages: c.one_per_player,
            }
        })
        .collect()
}

/// Lays out a resolved game on `opt`'s paper, with the cover in front when `cover`.
pub fn lay_out(
    resolved: Resolved,
    opt: LayoutOptions,
    cover: bool,
) -> Result<Document, Unplaceable> {
    let mut layout = opt;
    let items = items(&resolved);
    let captions = captions(&resolved.components);
    let mut pages = super::choose(&items, &captions, &layout)
        .map(|chosen| layout = chosen)
        .and_then(|()| super::impose(&items, &captions, &layout))
        .map_err(|e| {
            let at = resolved.components[e.component].at.at_size(e.message);
            Unplaceable(crate::base::diagnostic::Problems(vec![at]))
        })?;
    let (about, components, pieces) = (&resolved.about, &resolved.components, &resolved.pieces);
    if cover {
        let uncut = |pl: &super::Placement| !components[pieces[pl.piece].component].is_cut;
        super::cover::fill_cover_back(&mut pages, uncut);
    }
    let front_matter = match cover {
        // The cover has no pieces: its footer stays in its band.
        true => {
            let bands = layout.with_bands();
            super::cover::Cover::of(about, components, pieces, &pages, &bands)
                .pages_svg(&credits(about), &bands)
        }
        false => Vec::new(),
    };
    let mut keywords = vec!["print and play".to_string(), about.name.clone()];
    keywords.extend(about.licence.clone());
    let info = Info {
        title: format!("{} — print and play", about.name),
        author: about.designer.clone(),
        subject: about
            .licence
            .as_ref()
            .map(|l| format!("Components of {}; licence: {l}", about.name)),
        keywords,
    };
    let groups = components.iter().map(|c| c.name.clone()).collect();
    Ok(Document::of(
        resolved,
        layout,
        pages,
        front_matter,
        info,
        groups,
    ))
}

impl Document {
    /// The document of `resolved` on `pages` (after `front_matter`), which owns the game.
    pub(super) fn of(
        resolved: Resolved,
        layout: LayoutOptions,
        pages: Vec<Page>,
        front_matter: Vec<String>,
        info: Info,
        groups: Vec<String>,
    ) -> Document {
        let Resolved {
            about,
            components,
            pieces,
            faces,
            table,
        } = resolved;
        Document {
            layout,
            pages,
            front_matter,
            credits: credits(&about),
            info,
            groups,
            about,
            components,
            pieces,
            faces,
            table,
        }
    }

    /// Face `face`'s cut path, when it is not a rectangle (a circle, a hexagon, a die's net).
    pub fn cut_of(&self, face: usize) -> Option<&Outline> {
        self.faces.docs.get(face)?.cut.as_deref()
    }

    /// Pages in the file: the front matter's and the pieces'.
    pub fn page_count(&self) -> usize {
        self.front_matter.len() + self.pages.len()
    }

    /// The number printed on page `index` of the pieces' pages (the front matter counts).
    pub fn page_number(&self, index: usize) -> usize {
        self.front_matter.len() + index + 1
    }

    /// The SVG of face `face`.
    pub fn face_svg(&self, face: usize) -> Result<Cow<'_, str>, FaceError> {
        self.faces.svg(face).map_err(|e| FaceError {
            name: self.faces.docs[face].name.clone(),
            why: e.to_string(),
        })
    }

    /// Runs `f` on the SVG of face `face`, unpacked (if it was packed) into a buffer this thread
    /// keeps rather than into a text of its own (`resolve::faces::Faces::with_svg`).
    pub fn with_face_svg<R>(&self, face: usize, f: impl FnOnce(&str) -> R) -> Result<R, FaceError> {
        self.faces.with_svg(face, f).map_err(|e| FaceError {
            name: self.faces.docs[face].name.clone(),
            why: e.to_string(),
        })
    }

    /// Face `face`, parsed.
    pub fn face_tree(&self, face: usize) -> Result<Tree, FaceError> {
        let parsed = self.with_face_svg(face, crate::draw::trees::parse)?;
        parsed.map_err(|e| FaceError {
            name: self.faces.docs[face].name.clone(),
            why: e.to_string(),
        })
    }

    /// Every face parsed at once, in parallel, for sinks that need them all together (Tabletop
    /// Simulator's deck sheets); the PDF and PNG sinks stream instead (`outputs::stream`).
    pub fn face_trees(&self) -> Result<Vec<std::sync::Arc<Tree>>, FaceError> {
        use rayon::prelude::*;
        (0..self.faces.docs.len())
            .into_par_iter()
            .map(|f| self.face_tree(f).map(std::sync::Arc::new))
            .collect()
    }

    /// The furniture of page `index` (crop marks, captions, footer, calibration square) as SVG.
    pub fn furniture_svg(&self, index: usize) -> String {
        super::furniture::page_svg(
            &self.pages[index],
            self.page_number(index),
            self.page_count(),
            &self.credits,
            &self.layout,
            &|p| self.cut_of(p.face),
            &super::registration::keep_out(&self.pages, index, &self.layout),
        )
    }

    /// What goes under the pieces of page `index`: on a page of backs (or the backs' half of a
    /// gutter-fold sheet), each coloured back's background grown by `BACK_BLEED` beyond its cut
    /// (less the bleed it has), so that a duplex shift shows no paper at its edges. Back pages
    /// carry no crop marks, so the colour spills only into the gaps and margins. `None` when the
    /// page has no such back.
    pub fn underlay_svg(&self, index: usize) -> Option<String> {
        use crate::draw::canvas::{Canvas, circle, n, rect};
        let page = &self.pages[index];
        let grow = BACK_BLEED - self.layout.bleed;
        if page.side == super::PageSide::Front || grow <= 0.0 {
            return None;
        }
        let paper = self.layout.paper;
        let mut cv = Canvas::new(paper.w, paper.h, 0.0);
        let mut any = false;
        // Rectangular backs of one colour that butt (a deck's block) share one ground.
        let mut blocks: Vec<(&str, super::Rect)> = Vec::new();
        for p in &page.placements {
            let Some(g) = self.faces.grounds.get(&p.face) else {
                continue;
            };
            // Only backs: on a gutter-fold sheet the fronts' half has its own faces.
            if self.faces.of_piece.get(p.piece).and_then(|f| f.1) != Some(p.face) {
                continue;
            }
            let r = p.rect;
            any = true;
            match g.round {
                true => cv.add(circle(
                    r.x + r.w / 2.0,
                    r.y + r.h / 2.0,
                    r.w.min(r.h) / 2.0 + grow,
                    &g.color,
                )),
                false => blocks.push((&g.color, r)),
            }
        }
        for (color, r) in merge_butting(blocks) {
            cv.add(
                rect(
                    r.x - grow,
                    r.y - grow,
                    r.w + 2.0 * grow,
                    r.h + 2.0 * grow,
                    color,
                )
                .set("rx", n(grow)),
            );
        }
        any.then(|| cv.finish())
    }

    /// The registration marks of page `index`, if it is printed double-sided.
    pub fn registration_svg(&self, index: usize) -> Option<String> {
        super::registration::overlay(&self.pages, index, &self.layout)
    }
}

/// Joins rectangles of one colour that butt along a whole side (a row of a deck, then the rows
/// of its block) into one: a page of backs draws one ground per block, not one per card.
fn merge_butting(mut rects: Vec<(&str, super::Rect)>) -> Vec<(&str, super::Rect)> {
    let near = |a: f64, b: f64| (a - b).abs() < 1e-6;
    loop {
        let mut joined = None;
        'find: for i in 0..rects.len() {
            for j in i + 1..rects.len() {
                let ((ca, a), (cb, b)) = (rects[i], rects[j]);
                if ca != cb {
                    continue;
                }
                let across = near(a.y, b.y)
                    && near(a.h, b.h)
                    && (near(a.right(), b.x) || near(b.right(), a.x));
                let down = near(a.x, b.x)
                    && near(a.w, b.w)
                    && (near(a.bottom(), b.y) || near(b.bottom(), a.y));
                if across || down {
                    let (x, y) = (a.x.min(b.x), a.y.min(b.y));
                    let r = super::Rect {
                        x,
                        y,
                        w: a.right().max(b.right()) - x,
                        h: a.bottom().max(b.bottom()) - y,
                    };
                    joined = Some((i, j, (ca, r)));
                    break 'find;
                }
            }
        }
        match joined {
            Some((i, j, r)) => {
                rects.swap_remove(j);
                rects[i] = r;
            }
            None => return rects,
        }
    }
}
