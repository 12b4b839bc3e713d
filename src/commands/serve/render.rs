//! The preview's images: every distinct face drawn by the PNG sink's own code at screen
//! resolution, and every sheet of the PDF as it prints (paper, crop marks, cover), each made once
//! and kept while it is unchanged: a face by the hash of its SVG, a sheet by a hash of everything
//! on it. Editing one card of a deck draws that card and the sheet it is on, nothing else.
use std::collections::{HashMap, HashSet};
use std::hash::Hasher;
use std::sync::{Arc, RwLock};

use rayon::prelude::*;
use resvg::tiny_skia::{self, Color, Pixmap, Transform};
use resvg::usvg::Tree;
use siphasher::sip128::{Hasher128, SipHasher13};

use crate::commands::Error;

use crate::layout::document::Document;
use crate::outputs::OutputError;
use crate::outputs::png::{self, PngOptions};
use crate::outputs::raster::{Layer, render_layers};

/// Sheets are shown at the resolution a browser calls 100 %: 96 pixels to the inch.
pub const SHEET_DPI: u32 = 96;
/// Faces are drawn at twice that, so that they stay sharp on high-density screens and zoomed in.
pub const FACE_DPI: u32 = 192;

/// An encoded image, shared by the cache, the store and the responses.
pub type Png = Arc<Vec<u8>>;

/// The images the server hands out, by key (a key names one image's content, so a URL with
/// it can be cached for good).
#[derive(Default)]
pub struct Store(RwLock<HashMap<String, Png>>);

impl Store {
    pub fn get(&self, key: &str) -> Option<Png> {
        let map = self.0.read().unwrap_or_else(|e| e.into_inner());
        map.get(key).cloned()
    }

    fn insert(&self, key: String, png: Png) {
        let mut map = self.0.write().unwrap_or_else(|e| e.into_inner());
        map.insert(key, png);
    }

    /// Lets go of every image but those in `keep`.
    pub fn keep_only(&self, keep: &HashSet<String>) {
        let mut map = self.0.write().unwrap_or_else(|e| e.into_inner());
        map.retain(|k, _| keep.contains(k));
    }
}

/// A face as the preview keeps it: its tree (the sheets draw it) and its image.
struct Face {
    tree: Arc<Tree>,
    key: String,
    size: (u32, u32),
    /// Texts that run over their space even at their smallest size (`draw::draw_face_noting`).
    overflows: Vec<String>,
}

/// A sheet's image key and size in pixels.
#[derive(Debug, Clone)]
pub struct Sheet {
    pub key: String,
    pub size: (u32, u32),
}

/// A face of the current preview: its image key and size, and the texts that run over on it.
#[derive(Debug, Clone)]
pub struct FaceImage {
    pub key: String,
    pub size: (u32, u32),
    pub overflows: Vec<String>,
}

/// What one preview drew and kept.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Counts {
    pub faces_drawn: usize,
    pub faces_kept: usize,
    pub sheets_drawn: usize,
    pub sheets_kept: usize,
}

/// The faces and sheets drawn so far, by content hash, and the store they are served from.
pub struct Renders {
    faces: HashMap<u128, Arc<Face>>,
    sheets: HashMap<u128, Sheet>,
    pub store: Arc<Store>,
}

/// Who shows a face first: a piece and its side (the overflow check draws it again).
pub type FirstUser = (usize, crate::base::forms::Side);

impl Renders {
    pub fn new(store: Arc<Store>) -> Renders {
        Renders {
            faces: HashMap::new(),
            sheets: HashMap::new(),
            store,
        }
    }

    /// The images of every face and every sheet of `doc`: those already drawn are reused, the
    /// others drawn on every core.
    pub fn draw(&mut self, doc: &Document) -> Result<(Vec<FaceImage>, Vec<Sheet>, Counts), Error> {
        let mut counts = Counts::default();
        let hashes: Vec<u128> = (0..doc.faces.docs.len())
            .into_par_iter()
            .map(|f| {
                doc.face_svg(f)
                    .map(|svg| crate::base::hash::of(svg.as_bytes()))
            })
            .collect::<Result<_, crate::layout::document::FaceError>>()
            .map_err(OutputError::from)?;
        let missing = not_drawn(&hashes, &self.faces);
        counts.faces_drawn = missing.len();
        counts.faces_kept = hashes.len() - missing.len();
        let drawn: Vec<(u128, Face, Png)> = missing
            .par_iter()
            .map(|&f| {
                let overflows = doc.faces.docs[f].overflows.to_vec();
                let (face, png) = draw_face(doc, f, hashes[f], overflows)?;
                Ok((hashes[f], face, png))
            })
            .collect::<Result<_, Error>>()?;
        for (hash, face, png) in drawn {
            self.store.insert(face.key.clone(), png);
            self.faces.insert(hash, Arc::new(face));
        }
        let faces: Vec<Arc<Face>> = hashes.iter().map(|h| self.faces[h].clone()).collect();

        // The sheets: the front matter's pages, then the pieces'.
        let front = doc.front_matter.len();
        let sheet_hashes: Vec<u128> = (0..doc.page_count())
            .into_par_iter()
            .map(|n| match n < front {
                true => hash_of(|h| {
                    h.write(b"front matter");
                    h.write(doc.front_matter[n].as_bytes());
                }),
                false => page_hash(doc, n - front, &hashes),
            })
            .collect();
        let missing = not_drawn(&sheet_hashes, &self.sheets);
        counts.sheets_drawn = missing.len();
        counts.sheets_kept = sheet_hashes.len() - missing.len();
        let drawn: Vec<(u128, Sheet, Png)> = missing
            .par_iter()
            .map(|&n| {
                let pixmap = match n < front {
                    true => cover_pixmap(doc, n)?,
                    false => page_pixmap(doc, n - front, &faces)?,
                };
                let key = format!("s{:032x}", sheet_hashes[n]);
                let size = (pixmap.width(), pixmap.height());
                let png = encode(&pixmap, SHEET_DPI, &key)?;
                Ok((sheet_hashes[n], Sheet { key, size }, png))
            })
            .collect::<Result<_, Error>>()?;
        for (hash, sheet, png) in drawn {
            self.store.insert(sheet.key.clone(), png);
            self.sheets.insert(hash, sheet);
        }
        let sheets = sheet_hashes
            .iter()
            .map(|h| self.sheets[h].clone())
            .collect();
        let faces = faces
            .iter()
            .map(|f| FaceImage {
                key: f.key.clone(),
                size: f.size,
                overflows: f.overflows.clone(),
            })
            .collect();
        Ok((faces, sheets, counts))
    }

    /// Forgets every face and sheet whose image key is not in `keep`, and their images.
    pub fn keep_only(&mut self, keep: &HashSet<String>) {
        self.faces.retain(|_, f| keep.contains(&f.key));
        self.sheets.retain(|_, s| keep.contains(&s.key));
        self.store.keep_only(keep);
    }
}

/// Where each hash in `hashes` not yet in `drawn` is first met: the images to draw.
fn not_drawn<T>(hashes: &[u128], drawn: &HashMap<u128, T>) -> Vec<usize> {
    let mut seen = HashSet::new();
    (0..hashes.len())
        .filter(|&n| !drawn.contains_key(&hashes[n]) && seen.insert(hashes[n]))
        .collect()
}

/// Face `f`, parsed and drawn at `FACE_DPI` by the PNG sink's code.
fn draw_face(
    doc: &Document,
    f: usize,
    hash: u128,
    overflows: Vec<String>,
) -> Result<(Face, Png), Error> {
    let tree = doc.face_tree(f).map_err(OutputError::from)?;
    let face = &doc.faces.docs[f];
    let key = format!("f{hash:032x}");
    let pixmap = png::render(&tree, face, FACE_DPI).map_err(OutputError::png(&face.name))?;
    let png = encode(&pixmap, FACE_DPI, &face.name)?;
    let size = (pixmap.width(), pixmap.height());
    let face = Face {
        tree: Arc::new(tree),
        key,
        size,
        overflows,
    };
    Ok((face, png))
}

fn encode(pixmap: &Pixmap, dpi: u32, name: &str) -> Result<Png, Error> {
    let bytes = png::encode(pixmap, &PngOptions::at(dpi)).map_err(OutputError::png(name))?;
    Ok(Arc::new(bytes))
}

/// A 128-bit hash of what `write` feeds it.
fn hash_of(write: impl FnOnce(&mut SipHasher13)) -> u128 {
    let mut h = SipHasher13::new();
    write(&mut h);
    h.finish128().as_u128()
}

/// Everything that shows on page `index` of the pieces: its furniture, its registration marks,
/// and each placement's face (by hash), place, turn and part.
fn page_hash(doc: &Document, index: usize, faces: &[u128]) -> u128 {
    hash_of(|h| {
        h.write(b"page");
        h.write(doc.furniture_svg(index).as_bytes());
        h.write(doc.registration_svg(index).unwrap_or_default().as_bytes());
        h.write_u64(doc.layout.bleed.to_bits());
        for p in &doc.pages[index].placements {
            h.write_u128(faces[p.face]);
            for v in [p.rect.x, p.rect.y, p.rect.w, p.rect.h] {
                h.write_u64(v.to_bits());
            }
            h.write_u8(p.turned as u8);
            h.write_u8(p.quarter as u8);
            if let Some(part) = &p.part {
                let w = part.window;
                for v in [w.x, w.y, w.w, w.h] {
                    h.write_u64(v.to_bits());
                }
            }
        }
    })
}

/// A blank sheet of the document's paper at `SHEET_DPI`, and its pixels per millimetre.
fn sheet(doc: &Document) -> Result<(Pixmap, f32, f32), Error> {
    let paper = doc.layout.paper;
    let (w, h) = png::pixel_size(paper.w, paper.h, SHEET_DPI);
    let pixmap = Pixmap::new(w, h).ok_or_else(|| sheet_error("a sheet of no size"))?;
    // Exactly SHEET_DPI, as the PDF's page rasterized at it: stretched to the whole pixels,
    // the foot of an A4 page would sit half a pixel low.
    let per_mm = (SHEET_DPI as f64 / crate::base::units::MM_PER_INCH) as f32;
    Ok((pixmap, per_mm, per_mm))
}

fn sheet_error(why: &str) -> Error {
    Error::Output(OutputError::Face(crate::layout::document::FaceError {
        name: "a sheet of the preview".into(),
        why: why.into(),
    }))
}

/// Parses one of pnp's own page drawings (the cover, a page's furniture).
fn parse_page(svg: &str) -> Result<Tree, Error> {
    crate::draw::trees::parse(svg).map_err(|e| sheet_error(&e.to_string()))
}

/// The transform that lays a whole-page tree over a sheet of `w`×`h` px (not whole pixels).
fn page_transform(tree: &Tree, w: f32, h: f32) -> Transform {
    Transform::from_scale(w / tree.size().width(), h / tree.size().height())
}

/// Page `n` of the front matter (the cover).
fn cover_pixmap(doc: &Document, n: usize) -> Result<Pixmap, Error> {
    let (mut pixmap, sx, sy) = sheet(doc)?;
    let paper = doc.layout.paper;
    let tree = parse_page(&doc.front_matter[n])?;
    let layer = Layer {
        tree: &tree,
        transform: page_transform(&tree, paper.w as f32 * sx, paper.h as f32 * sy),
        clip: None,
    };
    render_layers(&[layer], &mut pixmap.as_mut(), Color::WHITE);
    Ok(pixmap)
}

/// Page `index` of the pieces as the PDF prints it: each placement where the PDF writer puts it
/// (`output::pdf`: turned about its middle, a part clipped to its window), then the furniture
/// and the registration marks over them.
fn page_pixmap(doc: &Document, index: usize, faces: &[Arc<Face>]) -> Result<Pixmap, Error> {
    let (mut pixmap, sx, sy) = sheet(doc)?;
    let paper = doc.layout.paper;
    let (w, h) = (paper.w as f32 * sx, paper.h as f32 * sy);
    let bleed = doc.layout.bleed as f32;
    let furniture = parse_page(&doc.furniture_svg(index))?;
    let marks = doc
        .registration_svg(index)
        .map(|svg| parse_page(&svg))
        .transpose()?;
    let mut layers = Vec::new();
    for p in &doc.pages[index].placements {
        let r = p.rect;
        let (x, y, rw, rh) = (r.x as f32, r.y as f32, r.w as f32, r.h as f32);
        // Turned as the layout turned it: half, a quarter, or both (`Placement::to_page`).
        let [a, b, c, d, e, f] = p.to_page().as_coeffs().map(|k| k as f32);
        let mut t = Transform::from_scale(sx, sy).pre_concat(Transform::from_row(a, b, c, d, e, f));
        let mut clip = None;
        if let Some(part) = &p.part {
            clip = tiny_skia::Rect::from_xywh(x * sx, y * sy, rw * sx, rh * sy);
            t = t.pre_translate(-part.window.x as f32, -part.window.y as f32);
        }
        layers.push(Layer {
            tree: &faces[p.face].tree,
            transform: t.pre_translate(-bleed, -bleed),
            clip,
        });
    }
    for tree in std::iter::once(&furniture).chain(marks.as_ref()) {
        layers.push(Layer {
            tree,
            transform: page_transform(tree, w, h),
            clip: None,
        });
    }
    render_layers(&layers, &mut pixmap.as_mut(), Color::WHITE);
    Ok(pixmap)
}
