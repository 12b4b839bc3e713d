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
use std::mem::ManuallyDrop;

use crate::base::units::PT_PER_MM;
use crate::layout::Placement;
use crate::layout::document::Document as Laid;

/// What can keep the PDF from being made: writing it, or (a bug of pnp's) a drawing of its own.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("could not write the PDF: {0}")]
    Write(#[from] std::io::Error),
    #[error("the paper cannot be a PDF page")]
    Paper,
    #[error("could not read pnp's drawing of {what}: {why}")]
    Drawing {
        what: &'static str,
        why: resvg::usvg::Error,
    },
    #[error("could not draw {0}")]
    Draw(&'static str),
    #[error("could not finish the PDF: {0}")]
    Finish(String),
}

fn pt(mm: f64) -> f32 {
    (mm * PT_PER_MM) as f32
}

/// Parses one of pnp's own drawings (the cover, a page's furniture).
pub(super) fn parse(what: &'static str, svg: &str) -> Result<Tree, PdfError> {
    crate::draw::trees::parse(svg).map_err(|why| PdfError::Drawing { what, why })
}

/// A PDF written page by page to `W`: each page needs only the trees of its own faces, so a
/// caller can parse faces as it goes and drop them after. krilla keeps the serialized pages
/// (compressed) until the file is finished.
pub struct PdfWriter<'d, W: Write> {
    laid: &'d Laid,
    doc: Document,
    out: W,
    /// Each face of the current window of pages, drawn once as a graphic (a PDF form XObject)
    /// that every copy on every page shows.
    graphics: std::collections::HashMap<usize, Graphic>,
    /// How many times each face is shown in the document: a face shown once is drawn where it
    /// is (see docs/performance.md: graphics of 10,000 distinct cards).
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

/// One page's furniture, parsed: crop marks, captions, footer and calibration square, and the
/// registration marks of a page printed double-sided. About a millisecond a page (seven lines
/// of text shaped), so `output::stream` parses a window's on several threads while the writer,
/// alone on its thread, draws.
pub struct PageFurniture {
    overlay: Tree,
    marks: Option<Tree>,
    /// Under the pieces: the coloured backs' bleed on a page of backs.
    underlay: Option<Tree>,
}

impl PageFurniture {
    pub fn parse(laid: &Laid, index: usize) -> Result<PageFurniture, PdfError> {
        let overlay = parse("the page furniture", &laid.furniture_svg(index))?;
        let marks = laid
            .registration_svg(index)
            .map(|m| parse("the registration marks", &m))
            .transpose()?;
        let underlay = laid
            .underlay_svg(index)
            .map(|u| parse("the backs' bleed", &u))
            .transpose()?;
        Ok(PageFurniture {
            overlay,
            marks,
            underlay,
        })
    }
}

impl<'d, W: Write> PdfWriter<'d, W> {
    /// Starts the document. The front matter is drawn before the first page (or at `finish`),
    /// so a caller can parse it on other threads meanwhile (`front_matter`, `draw_front`).
    pub fn new(laid: &'d Laid, out: W) -> Self {
        PdfWriter {
            laid,
            doc: Document::new(),
            out,
            graphics: Default::default(),
            shown: times_shown(laid),
            bookmarks: Vec::new(),
            seen_groups: Default::default(),
            front_pending: !laid.front_matter.is_empty(),
        }
    }

    /// The front matter's SVG pages while they are still to be drawn (else none).
    pub fn front_matter(&self) -> &'d [String] {
        match self.front_pending {
            true => &self.laid.front_matter,
            false => &[],
        }
    }

    /// Draws the front matter from its parsed pages (`front_matter`, in order), once.
    pub fn draw_front(&mut self, trees: &[Tree]) -> Result<(), PdfError> {
        if !std::mem::replace(&mut self.front_pending, false) {
            return Ok(());
        }
        let paper = self.laid.layout.paper;
        let size = Size::from_wh(pt(paper.w), pt(paper.h)).ok_or(PdfError::Paper)?;
        let settings = PageSettings::from_wh(size.width(), size.height()).ok_or(PdfError::Paper)?;
        for tree in trees {
            let mut p = self.doc.start_page_with(settings.clone());
            let mut surface = unwind_safe(p.surface());
            draw_svg(&mut surface, tree, size, "the cover")?;
            ManuallyDrop::into_inner(surface).finish();
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
    fn draw_front_if_pending(&mut self) -> Result<(), PdfError> {
        let trees = self
            .front_matter()
            .iter()
            .map(|svg| parse("the cover", svg))
            .collect::<Result<Vec<_>, _>>()?;
        self.draw_front(&trees)
    }

    /// Lets go of the faces drawn so far: the stream calls it after each window of pages. A face
    /// shown again later is drawn again, and krilla writes it once all the same.
    pub fn forget_faces(&mut self) {
        self.graphics.clear();
    }

    /// Draws page `index` (pages must come in order) with its furniture (see
    /// `PageFurniture::parse`); `tree` gives the parsed face by index.
    pub fn page<'t>(
        &mut self,
        index: usize,
        tree: impl Fn(usize) -> Option<&'t Tree>,
        furniture: PageFurniture,
    ) -> Result<(), PdfError> {
        self.draw_front_if_pending()?;
        let laid = self.laid;
        let page = &laid.pages[index];
        let layout = laid.layout;
        let paper = layout.paper;
        let mut settings =
            PageSettings::from_wh(pt(paper.w), pt(paper.h)).ok_or(PdfError::Paper)?;
        if let Some((trim, bleed)) = crate::layout::registration::trim_and_bleed(page, &layout) {
            let k = |r: crate::base::geometry::Rect| {
                KRect::from_xywh(pt(r.x), pt(r.y), pt(r.w), pt(r.h))
            };
            settings = settings.with_trim_box(k(trim)).with_bleed_box(k(bleed));
        }
        let PageFurniture {
            overlay,
            marks,
            underlay,
        } = furniture;
        let mut p = self.doc.start_page_with(settings);
        let mut surface = unwind_safe(p.surface());
        let size = Size::from_wh(pt(paper.w), pt(paper.h)).ok_or(PdfError::Paper)?;
        if let Some(under) = underlay {
            draw_svg(&mut surface, &under, size, "the backs' bleed")?;
        }
        for placement in &page.placements {
            let face = placement.face;
            let look = match self.graphics.get(&face) {
                Some(g) => Look::Graphic(g.clone()),
                None => {
                    let tree = tree(face).ok_or(PdfError::Draw("a face not parsed in time"))?;
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
        draw_svg(&mut surface, &overlay, size, "the page furniture")?;
        if let Some(marks) = marks {
            draw_svg(&mut surface, &marks, size, "the registration marks")?;
        }
        ManuallyDrop::into_inner(surface).finish();
        p.finish();
        for c in &page.captions {
            if self.seen_groups.insert(c.component) {
                let title = laid
                    .groups
                    .get(c.component)
                    .cloned()
                    .unwrap_or_else(|| c.text.clone());
                self.bookmarks.push(Mark {
                    title,
                    page: laid.page_number(index) - 1,
                    down: pt(c.y - 6.0).max(0.0),
                });
            }
        }
        Ok(())
    }

    /// Finishes the file and returns the output it was written to.
    pub fn finish(mut self) -> Result<W, PdfError> {
        self.draw_front_if_pending()?;
        let info = &self.laid.info;
        let creator = format!("pnp {}", env!("CARGO_PKG_VERSION"));
        let producer = format!("pnp {} with krilla", env!("CARGO_PKG_VERSION"));
        let mut outline = Outline::new();
        for b in self.bookmarks {
            let dest = XyzDestination::new(b.page, Point::from_xy(0.0, b.down));
            outline.push_child(OutlineNode::new(b.title, dest));
        }
        self.doc.set_outline(outline);
        let mut meta = Metadata::new()
            .title(info.title.clone())
            .creator(creator)
            .producer(producer);
        if !info.keywords.is_empty() {
            meta = meta.keywords(info.keywords.clone());
        }
        if let Some(a) = &info.author {
            meta = meta.authors(vec![a.clone()]);
        }
        if let Some(s) = &info.subject {
            meta = meta.description(s.clone());
        }
        self.doc.set_metadata(meta);
        let bytes = self
            .doc
            .finish()
            .map_err(|e| PdfError::Finish(format!("{e:?}")))?;
        let mut out = self.out;
        out.write_all(&bytes)?;
        Ok(out)
    }
}

/// Draws `tree` at `size` (points); `what` names it when krilla cannot.
fn draw_svg(
    surface: &mut Surface,
    tree: &Tree,
    size: Size,
    what: &'static str,
) -> Result<(), PdfError> {
    let settings = SvgSettings {
        embed_text: true,
        filter_scale: 4.0,
    };
    surface
        .draw_svg(tree, size, settings)
        .ok_or(PdfError::Draw(what))
}

/// A face's size with its bleed: its tree's, which is in millimetres.
fn face_size(tree: &Tree) -> Result<Size, PdfError> {
    let (w, h) = (tree.size().width() as f64, tree.size().height() as f64);
    Size::from_wh(pt(w), pt(h)).ok_or(PdfError::Draw("a face of no size"))
}

/// How many times each face is shown on the document's pages, by face number.
fn times_shown(laid: &Laid) -> Vec<u32> {
    let mut shown = vec![0; laid.faces.docs.len()];
    for p in laid.pages.iter().flat_map(|p| &p.placements) {
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
fn face_graphic(surface: &mut Surface, tree: &Tree) -> Result<Graphic, PdfError> {
    let size = face_size(tree)?;
    let mut builder = surface.stream_builder();
    let mut inner = unwind_safe(builder.surface());
    draw_svg(&mut inner, tree, size, "a face")?;
    ManuallyDrop::into_inner(inner).finish();
    Ok(Graphic::new(builder.finish(), false))
}

/// A surface that is not dropped when drawing on it fails or panics, only when finished: krilla
/// asserts on dropping a surface that everything pushed on it was popped, and that assertion,
/// failing while a panic unwinds (an SVG krilla cannot draw), aborted the process, leaving the
/// lock and the temporaries behind. The build fails with an error instead (`crate::commands::build`).
fn unwind_safe(surface: Surface) -> ManuallyDrop<Surface> {
    ManuallyDrop::new(surface)
}

/// Draws one face at its place: whole, turned a quarter or half, or the window of a split part
/// (clipped).
fn draw_placement(
    surface: &mut Surface,
    pl: &Placement,
    look: Look,
    bleed: f64,
) -> Result<(), PdfError> {
    let mut pushed = 0;
    // Turned as the layout turned it (`Placement::to_page`, which the cut lines follow too).
    let [a, b, c, d, e, f] = pl.to_page().as_coeffs();
    surface.push_transform(&Transform::from_row(
        a as f32,
        b as f32,
        c as f32,
        d as f32,
        pt(e),
        pt(f),
    ));
    pushed += 1;
    let (w, h) = pl.piece_size();
    if let Some(part) = &pl.part {
        let mut clip = PathBuilder::new();
        let k =
            KRect::from_xywh(0.0, 0.0, pt(w), pt(h)).ok_or(PdfError::Draw("a part of no size"))?;
        clip.push_rect(k);
        surface.push_clip_path(
            &clip.finish().ok_or(PdfError::Draw("a part of no size"))?,
            &FillRule::NonZero,
        );
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
        Look::Tree(tree) => draw_svg(surface, tree, face_size(tree)?, "a face")?,
    }
    for _ in 0..pushed {
        surface.pop();
    }
    Ok(())
}
