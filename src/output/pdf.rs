//! The PDF sink: imposed pages drawn with krilla from the same parsed face trees as the PNGs.
//! Shapes stay vectors, text stays text in our embedded (subset) fonts, and the bytes are the
//! same on every run (no dates, no random ids).
use krilla::Document;
use krilla::destination::XyzDestination;
use krilla::geom::{PathBuilder, Point, Rect as KRect, Size, Transform};
use krilla::graphic::Graphic;
use krilla::metadata::Metadata;
use krilla::outline::{Outline, OutlineNode};
use krilla::page::PageSettings;
use krilla::paint::FillRule;
use krilla::surface::Surface;
use krilla_svg::{SurfaceExt, SvgSettings};
use resvg::usvg::Tree;
use std::io::Write;
use std::sync::Arc;

use super::furniture::{Credits, page_svg};
use super::layout::{LayoutOptions, Page, Placement};
use crate::units::PT_PER_MM;

#[derive(Debug, Clone)]
pub struct PdfOptions {
    pub layout: LayoutOptions,
    pub credits: Credits,
    pub title: String,
    pub author: Option<String>,
    pub subject: Option<String>,
    /// Bookmark titles by component index.
    pub groups: Vec<String>,
    /// Whole pages (SVG) printed before the components: the cover (`output::cover`).
    pub front_matter: Vec<String>,
    /// Search words: "print and play", the game, its licence.
    pub keywords: Vec<String>,
}

fn pt(mm: f64) -> f32 {
    (mm * PT_PER_MM) as f32
}

/// Renders the pages to PDF bytes, every face tree at hand (small documents such as record
/// sheets). Games stream through `PdfWriter` instead; see `output::stream`.
pub fn pdf(pages: &[Page], trees: &[Arc<Tree>], opt: &PdfOptions) -> Result<Vec<u8>, String> {
    let mut writer = PdfWriter::new(pages, opt.clone(), Vec::new())?;
    for index in 0..pages.len() {
        writer.page(index, |face| trees.get(face).map(|t| t.as_ref()))?;
    }
    writer.finish()
}

/// A PDF written page by page to `W`: each page needs only the trees of its own faces, so a
/// caller can parse faces as it goes and drop them after. krilla keeps the serialized pages
/// (compressed) until the file is finished.
pub struct PdfWriter<'p, W: Write> {
    pages: &'p [Page],
    opt: PdfOptions,
    doc: Document,
    out: W,
    /// Each face of the current window of pages, drawn once as a graphic (a PDF form XObject)
    /// that every copy on every page shows.
    graphics: std::collections::HashMap<usize, Graphic>,
    /// How many times each face is shown in the document: a face shown once is drawn where it
    /// is (as a graphic of its own, each face of a 10,000-card deck took krilla 50 KB more).
    shown: Vec<u32>,
    bookmarks: Vec<Mark>,
    seen_groups: std::collections::BTreeSet<usize>,
    /// The front matter is not drawn yet.
    front_pending: bool,
}

/// A bookmark as krilla takes it: the page (from 0) and how far down it the view opens, in points.
struct Mark {
    title: String,
    page: usize,
    down: f32,
}

impl<'p, W: Write> PdfWriter<'p, W> {
    /// Starts the document. The front matter is drawn before the first page (or at `finish`),
    /// so a caller can parse it on other threads meanwhile (`front_matter`, `draw_front`).
    pub fn new(pages: &'p [Page], opt: PdfOptions, out: W) -> Result<Self, String> {
        let front_pending = !opt.front_matter.is_empty();
        Ok(PdfWriter {
            pages,
            doc: Document::new(),
            out,
            graphics: Default::default(),
            shown: times_shown(pages),
            bookmarks: Vec::new(),
            seen_groups: Default::default(),
            front_pending,
            opt,
        })
    }

    /// The front matter's SVG pages while they are still to be drawn (else none).
    pub fn front_matter(&self) -> &[String] {
        match self.front_pending {
            true => &self.opt.front_matter,
            false => &[],
        }
    }

    /// Draws the front matter from its parsed pages (`front_matter`, in order), once.
    pub fn draw_front(&mut self, trees: &[Tree]) -> Result<(), String> {
        if !std::mem::replace(&mut self.front_pending, false) {
            return Ok(());
        }
        // Page numbers count the front matter's pages: every one must be drawn.
        if trees.len() != self.opt.front_matter.len() {
            return Err("the front matter was not parsed whole".into());
        }
        let paper = self.opt.layout.paper;
        let size = Size::from_wh(pt(paper.w), pt(paper.h)).ok_or("invalid paper size")?;
        for tree in trees {
            let settings =
                PageSettings::from_wh(size.width(), size.height()).ok_or("invalid paper size")?;
            let mut p = self.start_page(settings)?;
            let mut surface = p.surface();
            surface
                .draw_svg(tree, size, svg_settings())
                .ok_or("could not draw the cover")?;
            surface.finish();
            p.finish();
        }
        self.bookmarks.push(Mark {
            title: "Contents and printing".into(),
            page: 0,
            down: 0.0,
        });
        Ok(())
    }

    /// Draws the front matter if no caller has, parsing it here.
    fn draw_front_if_pending(&mut self) -> Result<(), String> {
        let trees = self
            .front_matter()
            .iter()
            .map(|svg| crate::faces::parse(svg))
            .collect::<Result<Vec<_>, _>>()?;
        self.draw_front(&trees)
    }

    fn start_page(&mut self, settings: PageSettings) -> Result<krilla::page::Page<'_>, String> {
        Ok(self.doc.start_page_with(settings))
    }

    /// Lets go of the faces drawn so far: the stream calls it after each window of pages. A face
    /// shown again later is drawn again, and krilla writes it once all the same.
    pub fn forget_faces(&mut self) {
        self.graphics.clear();
    }

    /// What draws the pages' furniture, apart from the writer: a caller can parse the furniture
    /// of the next pages on other threads (see `output::stream`).
    pub fn furniture(&self) -> Furniture<'p> {
        Furniture {
            pages: self.pages,
            front: self.opt.front_matter.len(),
            credits: self.opt.credits.clone(),
            layout: self.opt.layout,
        }
    }

    /// Draws page `index` (pages must come in order); `tree` gives the parsed face by index.
    pub fn page<'t>(
        &mut self,
        index: usize,
        tree: impl Fn(usize) -> Option<&'t Tree>,
    ) -> Result<(), String> {
        let furniture = self.furniture().parse(index)?;
        self.page_with(index, tree, furniture)
    }

    /// `page`, with its furniture already parsed (by `furniture().parse(index)`).
    pub fn page_with<'t>(
        &mut self,
        index: usize,
        tree: impl Fn(usize) -> Option<&'t Tree>,
        furniture: PageFurniture,
    ) -> Result<(), String> {
        self.draw_front_if_pending()?;
        let page = &self.pages[index];
        // Page numbers count the front matter; `index` does not.
        let front = self.opt.front_matter.len();
        let layout = self.opt.layout;
        let paper = layout.paper;
        let mut settings =
            PageSettings::from_wh(pt(paper.w), pt(paper.h)).ok_or("invalid paper size")?;
        if let Some((trim, bleed)) = super::registration::trim_and_bleed(page, &layout) {
            let k = |r: super::layout::Rect| KRect::from_xywh(pt(r.x), pt(r.y), pt(r.w), pt(r.h));
            settings = settings.with_trim_box(k(trim)).with_bleed_box(k(bleed));
        }
        let PageFurniture { overlay, marks } = furniture;
        let mut p = self.doc.start_page_with(settings);
        let mut surface = p.surface();
        for placement in &page.placements {
            let face = placement.face;
            let look = match self.graphics.get(&face) {
                Some(g) => Look::Graphic(g.clone()),
                None => {
                    let tree = tree(face).ok_or("a face was not parsed before its page")?;
                    if self.shown[face] > 1 {
                        let g = face_graphic(&mut surface, tree)?;
                        self.graphics.insert(face, g.clone());
                        Look::Graphic(g)
                    } else {
                        Look::Tree(tree)
                    }
                }
            };
            draw_placement(&mut surface, placement, look, layout.bleed)?;
        }
        let size = Size::from_wh(pt(paper.w), pt(paper.h)).ok_or("invalid paper size")?;
        surface
            .draw_svg(&overlay, size, svg_settings())
            .ok_or("could not draw the page furniture")?;
        if let Some(marks) = marks {
            surface
                .draw_svg(&marks, size, svg_settings())
                .ok_or("could not draw the registration marks")?;
        }
        surface.finish();
        p.finish();
        for c in &page.captions {
            if self.seen_groups.insert(c.component) {
                let title = self
                    .opt
                    .groups
                    .get(c.component)
                    .cloned()
                    .unwrap_or_else(|| c.text.clone());
                self.bookmarks.push(Mark {
                    title,
                    page: front + index,
                    down: pt(c.y - 6.0).max(0.0),
                });
            }
        }
        Ok(())
    }

    /// Finishes the file and returns the output it was written to.
    pub fn finish(mut self) -> Result<W, String> {
        self.draw_front_if_pending()?;
        let opt = &self.opt;
        let creator = format!("pnp {}", env!("CARGO_PKG_VERSION"));
        let producer = format!("pnp {} with krilla", env!("CARGO_PKG_VERSION"));
        let mut outline = Outline::new();
        for b in self.bookmarks {
            let dest = XyzDestination::new(b.page, Point::from_xy(0.0, b.down));
            outline.push_child(OutlineNode::new(b.title, dest));
        }
        self.doc.set_outline(outline);
        let mut meta = Metadata::new()
            .title(opt.title.clone())
            .creator(creator)
            .producer(producer);
        if !opt.keywords.is_empty() {
            meta = meta.keywords(opt.keywords.clone());
        }
        if let Some(a) = &opt.author {
            meta = meta.authors(vec![a.clone()]);
        }
        if let Some(s) = &opt.subject {
            meta = meta.description(s.clone());
        }
        self.doc.set_metadata(meta);
        let bytes = self.doc.finish().map_err(|e| format!("{e:?}"))?;
        let mut out = self.out;
        out.write_all(&bytes)
            .map_err(|e| format!("could not write the PDF: {e}"))?;
        Ok(out)
    }
}

/// Parses the furniture of any page: its crop marks, page number, credits and calibration
/// square, and the registration marks of duplexed pages. About 1 ms a page (seven lines of text
/// shaped), so `output::stream` parses a window's pages on several threads before the writer,
/// which is alone on its thread, draws them.
pub struct Furniture<'p> {
    pages: &'p [Page],
    /// Pages before the first of `pages` (the cover): page numbers count them.
    front: usize,
    credits: Credits,
    layout: LayoutOptions,
}

/// One page's furniture, parsed.
pub struct PageFurniture {
    overlay: Tree,
    marks: Option<Tree>,
}

impl Furniture<'_> {
    pub fn parse(&self, index: usize) -> Result<PageFurniture, String> {
        let page = &self.pages[index];
        let overlay = crate::faces::parse(&page_svg(
            page,
            self.front + index + 1,
            self.front + self.pages.len(),
            &self.credits,
            &self.layout,
        ))?;
        let marks = super::registration::overlay(self.pages, index, &self.layout)
            .map(|m| crate::faces::parse(&m))
            .transpose()?;
        Ok(PageFurniture { overlay, marks })
    }
}

fn svg_settings() -> SvgSettings {
    SvgSettings {
        embed_text: true,
        filter_scale: 4.0,
    }
}

/// How many times each face is shown on `pages`, by face number.
fn times_shown(pages: &[Page]) -> Vec<u32> {
    let mut shown = Vec::new();
    for p in pages.iter().flat_map(|p| &p.placements) {
        if p.face >= shown.len() {
            shown.resize(p.face + 1, 0);
        }
        shown[p.face] += 1;
    }
    shown
}

/// How a face is drawn: from its tree, or as the graphic made of it once for all its copies.
enum Look<'t> {
    Tree(&'t Tree),
    Graphic(Graphic),
}

/// A face as a graphic, at its size with its bleed (the tree's size, in millimetres).
fn face_graphic(surface: &mut Surface, tree: &Tree) -> Result<Graphic, String> {
    let (w, h) = (tree.size().width() as f64, tree.size().height() as f64);
    let size = Size::from_wh(pt(w), pt(h)).ok_or("empty face")?;
    let mut builder = surface.stream_builder();
    let mut inner = builder.surface();
    inner
        .draw_svg(tree, size, svg_settings())
        .ok_or("could not draw a face")?;
    inner.finish();
    Ok(Graphic::new(builder.finish(), false))
}

/// Draws one face at its place: whole, turned 180°, or the window of a split part (clipped).
fn draw_placement(
    surface: &mut Surface,
    pl: &Placement,
    look: Look,
    bleed: f64,
) -> Result<(), String> {
    let r = pl.rect;
    let mut pushed = 0;
    surface.push_transform(&Transform::from_translate(pt(r.x), pt(r.y)));
    pushed += 1;
    if pl.turned {
        surface.push_transform(&Transform::from_rotate_at(
            180.0,
            pt(r.w / 2.0),
            pt(r.h / 2.0),
        ));
        pushed += 1;
    }
    if let Some(part) = &pl.part {
        let mut clip = PathBuilder::new();
        let k = KRect::from_xywh(0.0, 0.0, pt(r.w), pt(r.h)).ok_or("empty part")?;
        clip.push_rect(k);
        surface.push_clip_path(&clip.finish().ok_or("empty part")?, &FillRule::NonZero);
        pushed += 1;
        surface.push_transform(&Transform::from_translate(
            -pt(part.window.x),
            -pt(part.window.y),
        ));
        pushed += 1;
    }
    surface.push_transform(&Transform::from_translate(-pt(bleed), -pt(bleed)));
    pushed += 1;
    match look {
        Look::Graphic(g) => surface.draw_graphic(g),
        Look::Tree(tree) => {
            let size = tree.size();
            let size = Size::from_wh(pt(size.width() as f64), pt(size.height() as f64))
                .ok_or("empty face")?;
            surface
                .draw_svg(tree, size, svg_settings())
                .ok_or("could not draw a face")?;
        }
    }
    for _ in 0..pushed {
        surface.pop();
    }
    Ok(())
}
