//! Streams a prepared game through its sinks a window of pages at a time, so memory stays flat
//! however large the game: each window's faces are parsed once (in parallel) and shared by both
//! sinks — the PDF pages are drawn on this thread while the PNG sink renders the window's new
//! faces on the others — then the trees are dropped. A face shown again in the next window is
//! kept; one that comes back later is parsed again (cheap, and rare in real games).
use rayon::prelude::*;
use resvg::usvg::Tree;
use std::collections::HashMap;
use std::sync::Arc;

use super::pdf::{PageFurniture, PdfError, PdfWriter};
use crate::layout::Page;
use crate::layout::document::Document;
use crate::outputs::OutputError;
use crate::resolve::faces::FaceDoc;

/// About how many distinct faces a window holds: enough to keep every core busy, few enough
/// that memory does not depend on the size of the game.
pub const WINDOW_FACES: usize = 48;
/// At most this many pages a window: each page's furniture is parsed ahead for its window, and
/// one face can fill any number of pages (a card with 10,000 copies).
pub const WINDOW_PAGES: usize = 48;

/// Takes one face (by index) and its parsed tree; called once per distinct face, in parallel.
pub type FaceSink<'a> = dyn Fn(usize, &Tree) -> Result<(), OutputError> + Sync + 'a;

/// The image sink and, per face, whether it wants that face (an image already up to date is not
/// drawn again).
pub struct Images<'a> {
    pub sink: &'a FaceSink<'a>,
    pub wanted: &'a [bool],
}

/// Runs the pages through `pdf` (in order) and every wanted face through `images` (once each);
/// `page_done` is called after each PDF page (for a progress bar).
pub fn run<W: std::io::Write>(
    doc: &Document,
    mut pdf: Option<&mut PdfWriter<W>>,
    images: Option<Images>,
    page_done: &(dyn Fn() + Sync),
) -> Result<(), OutputError> {
    let (docs, pages) = (&doc.faces.docs[..], &doc.pages[..]);
    let png = images.as_ref().map(|i| i.sink);
    // Faces the image sink has had (or does not want).
    let mut sent: Vec<bool> = match &images {
        Some(i) => (0..docs.len())
            .map(|f| !i.wanted.get(f).unwrap_or(&true))
            .collect(),
        None => vec![true; docs.len()],
    };
    let mut kept: HashMap<usize, Arc<Tree>> = HashMap::new();
    let windows = match pdf {
        Some(_) => page_windows(pages),
        None => Vec::new(),
    };
    for window in windows {
        let faces = faces_of(&pages[window.clone()]);
        // On every core, together: the window's new faces, each page's furniture and, with the
        // first window, the front matter, which the writer alone would parse on its one thread.
        // The writer itself stays on this thread: only what it would parse is handed out.
        let front_pending = pdf.as_deref().map(|w| w.front_matter());
        let (parsed, pdf_parts) = rayon::join(
            || parse_window(doc, &faces, kept),
            || match front_pending {
                Some(front) => parse_pdf_parts(doc, front, window.clone()),
                None => Ok((Vec::new(), Vec::new())),
            },
        );
        kept = parsed?;
        let (front, furniture) = pdf_parts.map_err(OutputError::Pdf)?;
        let fresh: Vec<(usize, Arc<Tree>)> = faces
            .iter()
            .filter(|&&f| !std::mem::replace(&mut sent[f], true))
            .map(|&f| (f, kept[&f].clone()))
            .collect();
        std::thread::scope(|scope| -> Result<(), OutputError> {
            let rendering = png.map(|sink| scope.spawn(move || render(docs, sink, fresh)));
            let drawn = match pdf.as_deref_mut() {
                Some(writer) => {
                    draw_pages(writer, window.clone(), &front, furniture, &kept, page_done)
                }
                None => Ok(()),
            };
            if let Some(handle) = rendering {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
            }
            drawn
        })?;
    }
    // Faces on no page (or every face, when there is no PDF) still get their images. No sink
    // shares these trees, so each job parses its own face and drops the tree when done.
    if let Some(sink) = png {
        let mut rest: Vec<usize> = (0..docs.len()).filter(|&f| !sent[f]).collect();
        biggest_first(docs, &mut rest, |&f| f);
        rest.into_iter().par_bridge().try_for_each(|f| {
            let tree = doc.face_tree(f).map_err(OutputError::from)?;
            sink(f, &tree)
        })?;
    }
    Ok(())
}

/// The front matter still to draw (`front`: none after the first window) and the furniture of
/// each page of `window`, parsed in parallel.
fn parse_pdf_parts(
    doc: &Document,
    front: &[String],
    window: std::ops::Range<usize>,
) -> Result<(Vec<Tree>, Vec<PageFurniture>), PdfError> {
    let (front, furniture) = rayon::join(
        || {
            front
                .par_iter()
                .map(|svg| super::pdf::parse("the cover", svg))
                .collect::<Result<Vec<_>, _>>()
        },
        || {
            window
                .into_par_iter()
                .map(|index| PageFurniture::parse(doc, index))
                .collect::<Result<Vec<_>, _>>()
        },
    );
    Ok((front?, furniture?))
}

/// Draws the front matter (if `front` holds it) and then the pages of `window` on this thread.
fn draw_pages<W: std::io::Write>(
    writer: &mut PdfWriter<W>,
    window: std::ops::Range<usize>,
    front: &[Tree],
    furniture: Vec<PageFurniture>,
    kept: &HashMap<usize, Arc<Tree>>,
    page_done: &(dyn Fn() + Sync),
) -> Result<(), OutputError> {
    let pdf_err = |e| OutputError::Pdf(e);
    if !front.is_empty() {
        writer.draw_front(front).map_err(pdf_err)?;
    }
    for (index, parsed) in window.zip(furniture) {
        writer
            .page(index, |f| kept.get(&f).map(|t| t.as_ref()), parsed)
            .map_err(pdf_err)?;
        page_done();
    }
    writer.forget_faces();
    Ok(())
}

/// Renders the jobs, biggest face first: threads take the next job as they come free, so the
/// long renders start early and the small ones fill in around them (split in halves instead,
/// Night Grain's two large faces could end up on one thread after everything else).
fn render(
    docs: &[FaceDoc],
    sink: &FaceSink,
    mut jobs: Vec<(usize, Arc<Tree>)>,
) -> Result<(), OutputError> {
    biggest_first(docs, &mut jobs, |job| job.0);
    jobs.into_iter()
        .par_bridge()
        .try_for_each(|(f, tree)| sink(f, &tree))
}

/// Sorts `items` by the area of their face, largest first (stable: equal sizes keep order).
fn biggest_first<T>(docs: &[FaceDoc], items: &mut [T], face: impl Fn(&T) -> usize) {
    let area = |item: &T| {
        let doc = &docs[face(item)];
        doc.w * doc.h
    };
    items.sort_by(|a, b| area(b).total_cmp(&area(a)));
}

/// Consecutive runs of pages, each showing about `WINDOW_FACES` distinct faces and at most
/// `WINDOW_PAGES` pages (at least one page each).
fn page_windows(pages: &[Page]) -> Vec<std::ops::Range<usize>> {
    let mut windows = Vec::new();
    let mut start = 0;
    let mut seen = std::collections::HashSet::new();
    for (i, page) in pages.iter().enumerate() {
        seen.extend(page.placements.iter().map(|p| p.face));
        let full = seen.len() >= WINDOW_FACES || i + 1 - start >= WINDOW_PAGES;
        if full || i + 1 == pages.len() {
            windows.push(start..i + 1);
            start = i + 1;
            seen.clear();
        }
    }
    windows
}

/// The distinct faces of some pages, in order of first appearance.
fn faces_of(pages: &[Page]) -> Vec<usize> {
    let mut seen = std::collections::HashSet::new();
    pages
        .iter()
        .flat_map(|p| &p.placements)
        .map(|p| p.face)
        .filter(|f| seen.insert(*f))
        .collect()
}

/// The trees of `faces`: those already in `kept` are reused, the others parsed in parallel.
fn parse_window(
    doc: &Document,
    faces: &[usize],
    mut kept: HashMap<usize, Arc<Tree>>,
) -> Result<HashMap<usize, Arc<Tree>>, OutputError> {
    let missing: Vec<usize> = faces
        .iter()
        .copied()
        .filter(|f| !kept.contains_key(f))
        .collect();
    let parsed = missing
        .par_iter()
        .map(|&f| {
            doc.face_tree(f)
                .map(|t| (f, Arc::new(t)))
                .map_err(OutputError::from)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut trees: HashMap<usize, Arc<Tree>> = faces
        .iter()
        .filter_map(|f| kept.remove(f).map(|t| (*f, t)))
        .collect();
    trees.extend(parsed);
    Ok(trees)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{PageSide, Placement, Rect};

    fn page(faces: &[usize]) -> Page {
        Page {
            side: PageSide::Front,
            placements: faces
                .iter()
                .map(|&face| Placement {
                    piece: 0,
                    face,
                    rect: Rect {
                        x: 0.0,
                        y: 0.0,
                        w: 1.0,
                        h: 1.0,
                    },
                    turned: false,
                    quarter: false,
                    part: None,
                })
                .collect(),
            captions: Default::default(),
            calibration: true,
        }
    }

    #[test]
    fn windows_cover_every_page_once_and_stay_small() {
        // 1,000 pages of 8 distinct faces each: windows of 6 pages (48 faces).
        let pages: Vec<Page> = (0..1000)
            .map(|p| page(&(0..8).map(|i| p * 8 + i).collect::<Vec<_>>()))
            .collect();
        let windows = page_windows(&pages);
        let covered: Vec<usize> = windows.iter().flat_map(|w| w.clone()).collect();
        assert_eq!(covered, (0..1000).collect::<Vec<_>>());
        assert!(
            windows
                .iter()
                .all(|w| faces_of(&pages[w.clone()]).len() <= WINDOW_FACES)
        );
        // Pages of one face (a card with many copies) still come a window of at most
        // `WINDOW_PAGES` at a time: each page's furniture is parsed ahead for its window.
        let copies: Vec<Page> = (0..500).map(|_| page(&[7; 8])).collect();
        let windows = page_windows(&copies);
        assert_eq!(windows.len(), 500usize.div_ceil(WINDOW_PAGES));
        assert!(windows.iter().all(|w| w.len() <= WINDOW_PAGES));
        let covered: Vec<usize> = windows.iter().flat_map(|w| w.clone()).collect();
        assert_eq!(covered, (0..500).collect::<Vec<_>>());
    }

    #[test]
    fn images_are_rendered_biggest_face_first_and_equal_sizes_keep_their_order() {
        let mut docs = Vec::<FaceDoc>::new();
        for (w, h) in [(10.0, 10.0), (70.0, 300.0), (10.0, 10.0), (40.0, 40.0)] {
            docs.push(crate::resolve::faces::FaceDoc::of_svg(
                "",
                "".to_string(),
                w,
                h,
                0.0,
            ));
        }
        let mut faces = vec![0, 1, 2, 3];
        biggest_first(&docs, &mut faces, |&f| f);
        assert_eq!(faces, [1, 3, 0, 2]);
    }
}
