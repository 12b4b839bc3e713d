//! The PDF sink: imposed pages drawn with krilla from the same parsed face trees as the PNGs.
//! Shapes stay vectors, text stays text in our embedded (subset) fonts, and the bytes are the
//! same on every run (no dates, no random ids).
use krilla::Document;
use krilla::destination::XyzDestination;
use krilla::geom::{PathBuilder, Point, Rect as KRect, Size, Transform};
use krilla::metadata::Metadata;
use krilla::outline::{Outline, OutlineNode};
use krilla::page::PageSettings;
use krilla::paint::FillRule;
use krilla::surface::Surface;
use krilla_svg::{SurfaceExt, SvgSettings};
use resvg::usvg::Tree;
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
    let mut writer = PdfWriter::new(pages, opt.clone())?;
    for index in 0..pages.len() {
        writer.page(index, |face| trees.get(face).map(|t| t.as_ref()))?;
    }
    writer.finish()
}

/// A PDF written page by page: each page needs only the trees of its own faces, so a caller can
/// parse faces as it goes and drop them after. krilla keeps only the serialized pages.
pub struct PdfWriter<'p> {
    pages: &'p [Page],
    opt: PdfOptions,
    doc: Document,
    outline: Outline,
    seen_groups: std::collections::BTreeSet<usize>,
}

impl<'p> PdfWriter<'p> {
    /// Starts the document and writes the front matter.
    pub fn new(pages: &'p [Page], opt: PdfOptions) -> Result<Self, String> {
        let mut writer = PdfWriter {
            pages,
            opt,
            doc: Document::new(),
            outline: Outline::new(),
            seen_groups: Default::default(),
        };
        let paper = writer.opt.layout.paper;
        let size = Size::from_wh(pt(paper.w), pt(paper.h)).ok_or("invalid paper size")?;
        for svg in &writer.opt.front_matter {
            let tree = crate::faces::parse(svg)?;
            let settings =
                PageSettings::from_wh(pt(paper.w), pt(paper.h)).ok_or("invalid paper size")?;
            let mut p = writer.doc.start_page_with(settings);
            let mut surface = p.surface();
            surface
                .draw_svg(&tree, size, svg_settings())
                .ok_or("could not draw the cover")?;
            surface.finish();
            p.finish();
        }
        if !writer.opt.front_matter.is_empty() {
            let dest = XyzDestination::new(0, Point::from_xy(0.0, 0.0));
            writer
                .outline
                .push_child(OutlineNode::new("Contents and printing".into(), dest));
        }
        Ok(writer)
    }

    /// Draws page `index` (pages must come in order); `tree` gives the parsed face by index.
    pub fn page<'t>(
        &mut self,
        index: usize,
        tree: impl Fn(usize) -> Option<&'t Tree>,
    ) -> Result<(), String> {
        let (pages, opt) = (self.pages, &self.opt);
        let page = &pages[index];
        // Page numbers count the front matter; `index` does not.
        let front = opt.front_matter.len();
        let paper = opt.layout.paper;
        let mut settings =
            PageSettings::from_wh(pt(paper.w), pt(paper.h)).ok_or("invalid paper size")?;
        if let Some((trim, bleed)) = super::registration::trim_and_bleed(page, &opt.layout) {
            let k = |r: super::layout::Rect| KRect::from_xywh(pt(r.x), pt(r.y), pt(r.w), pt(r.h));
            settings = settings.with_trim_box(k(trim)).with_bleed_box(k(bleed));
        }
        let mut p = self.doc.start_page_with(settings);
        let mut surface = p.surface();
        for placement in &page.placements {
            let face = tree(placement.face).ok_or("a face was not parsed before its page")?;
            draw_placement(&mut surface, placement, face, opt.layout.bleed)?;
        }
        let overlay = crate::faces::parse(&page_svg(
            page,
            front + index + 1,
            front + pages.len(),
            &opt.credits,
            &opt.layout,
        ))?;
        let size = Size::from_wh(pt(paper.w), pt(paper.h)).ok_or("invalid paper size")?;
        surface
            .draw_svg(&overlay, size, svg_settings())
            .ok_or("could not draw the page furniture")?;
        if let Some(marks) = super::registration::overlay(pages, index, &opt.layout) {
            surface
                .draw_svg(&crate::faces::parse(&marks)?, size, svg_settings())
                .ok_or("could not draw the registration marks")?;
        }
        surface.finish();
        p.finish();
        for c in &page.captions {
            if self.seen_groups.insert(c.component) {
                let title = opt
                    .groups
                    .get(c.component)
                    .cloned()
                    .unwrap_or_else(|| c.text.clone());
                let dest =
                    XyzDestination::new(front + index, Point::from_xy(0.0, pt(c.y - 6.0).max(0.0)));
                self.outline.push_child(OutlineNode::new(title, dest));
            }
        }
        Ok(())
    }

    /// The finished file.
    pub fn finish(mut self) -> Result<Vec<u8>, String> {
        let opt = &self.opt;
        self.doc.set_outline(self.outline);
        let mut meta = Metadata::new()
            .title(opt.title.clone())
            .creator(format!("pnp {}", env!("CARGO_PKG_VERSION")))
            .producer(format!("pnp {} with krilla", env!("CARGO_PKG_VERSION")));
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
        self.doc.finish().map_err(|e| format!("{e:?}"))
    }
}

fn svg_settings() -> SvgSettings {
    SvgSettings {
        embed_text: true,
        filter_scale: 4.0,
    }
}

/// Draws one face at its place: whole, turned 180°, or the window of a split part (clipped).
fn draw_placement(
    surface: &mut Surface,
    pl: &Placement,
    tree: &Tree,
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
    let (full_w, full_h) = match &pl.part {
        Some(part) => {
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
            (
                tree.size().width() as f64 - 2.0 * bleed,
                tree.size().height() as f64 - 2.0 * bleed,
            )
        }
        None => (r.w, r.h),
    };
    surface.push_transform(&Transform::from_translate(-pt(bleed), -pt(bleed)));
    pushed += 1;
    let size =
        Size::from_wh(pt(full_w + 2.0 * bleed), pt(full_h + 2.0 * bleed)).ok_or("empty face")?;
    surface
        .draw_svg(tree, size, svg_settings())
        .ok_or("could not draw a face")?;
    for _ in 0..pushed {
        surface.pop();
    }
    Ok(())
}
