//! A game laid out for print: its pages with their placements, captions and furniture, the cover,
//! page numbers, the document's information, and the distinct faces the pages show. The sinks
//! (PDF, PNG) take it as it is and look nothing up in the game: what they can still fail on is
//! writing.
use std::borrow::Cow;
use std::sync::Arc;

use resvg::usvg::Tree;

use super::furniture::Credits;
use super::{LayoutOptions, Page};
use crate::kinds::Outline;
use crate::kinds::piece::Pieces;
use crate::outputs::OutputError;
use crate::resolve::faces::{Faces, Painter, Source};

/// The document's information (the PDF's title, author, subject and keywords).
#[derive(Debug, Clone, Default)]
pub struct Info {
    pub title: String,
    pub author: Option<String>,
    pub subject: Option<String>,
    /// Search words: "print and play", the game, its licence.
    pub keywords: Vec<String>,
}

pub struct Document<'g> {
    pub layout: LayoutOptions,
    pub pages: Vec<Page>,
    /// Whole pages printed before the pieces (the cover and its blank back), as SVG.
    pub front_matter: Vec<String>,
    pub credits: Credits,
    pub info: Info,
    /// Bookmark titles by component index.
    pub groups: Vec<String>,
    pub pieces: Pieces,
    pub faces: Faces,
    /// Draws again the faces whose SVG was not kept (a deck of thousands of cards).
    painter: Painter<'g>,
    /// By face number, the backs that are not white: their background, and whether the piece
    /// is round (`underlay_svg`). Only those faces: a deck of thousands has one back.
    pub grounds: std::collections::BTreeMap<usize, Ground>,
    /// The cut path of each face (by number) that is not its box, which the sheet prints as
    /// a cut line and the image is transparent outside; empty when every face is a rectangle.
    cuts: Vec<Option<Arc<Outline>>>,
}

/// A back's background colour, carried past its cut on the page of backs.
#[derive(Debug, Clone, PartialEq)]
pub struct Ground {
    pub color: String,
    pub round: bool,
}

/// How far a back's background runs past its cut on a page of backs (mm): a sheet that shifts
/// by up to this much between its two sides in a duplex printer still shows the back's colour
/// to the cut on every edge, never a stripe of paper.
pub const BACK_BLEED: f64 = 2.0;

impl<'g> Document<'g> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        layout: LayoutOptions,
        pages: Vec<Page>,
        front_matter: Vec<String>,
        credits: Credits,
        info: Info,
        groups: Vec<String>,
        pieces: Pieces,
        faces: Faces,
        painter: Painter<'g>,
    ) -> Self {
        Document {
            layout,
            pages,
            front_matter,
            credits,
            info,
            groups,
            pieces,
            faces,
            painter,
            grounds: Default::default(),
            cuts: Vec::new(),
        }
    }

    /// The document with the cut path of each face that is not a rectangle (by face number).
    pub fn with_cuts(self, cuts: Vec<Option<Arc<Outline>>>) -> Self {
        Document { cuts, ..self }
    }

    /// Face `face`'s cut path, when it is not a rectangle (a circle, a hexagon, a die's net).
    pub fn cut_of(&self, face: usize) -> Option<&Outline> {
        self.cuts.get(face)?.as_deref()
    }

    /// Pages in the file: the front matter's and the pieces'.
    pub fn page_count(&self) -> usize {
        self.front_matter.len() + self.pages.len()
    }

    /// The number printed on page `index` of the pieces' pages (the front matter counts).
    pub fn page_number(&self, index: usize) -> usize {
        self.front_matter.len() + index + 1
    }

    /// The SVG of face `face`: kept, or drawn again as it was drawn first.
    pub fn face_svg(&self, face: usize) -> Result<Cow<'_, str>, OutputError> {
        let doc = &self.faces.docs[face];
        let svg = match &doc.source {
            Source::Svg(svg) => Ok(Cow::Borrowed(&**svg)),
            Source::Redraw { piece, side } => self
                .painter
                .draw(&self.pieces[*piece], *side, doc.bleed)
                .map(Cow::Owned),
        };
        svg.map_err(|e| OutputError::Face {
            name: doc.name.clone(),
            why: e.to_string(),
        })
    }

    /// Face `face`, parsed.
    pub fn face_tree(&self, face: usize) -> Result<Tree, OutputError> {
        let svg = self.face_svg(face)?;
        crate::draw::trees::parse(&svg).map_err(|e| OutputError::Face {
            name: self.faces.docs[face].name.clone(),
            why: e.to_string(),
        })
    }

    /// Every face parsed at once, in parallel, for sinks that need them all together (Tabletop
    /// Simulator's deck sheets); the PDF and PNG sinks stream instead (`output::stream`).
    pub fn face_trees(&self) -> Result<Vec<Arc<Tree>>, OutputError> {
        use rayon::prelude::*;
        (0..self.faces.docs.len())
            .into_par_iter()
            .map(|f| self.face_tree(f).map(Arc::new))
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
            let Some(g) = self.grounds.get(&p.face) else {
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
