//! The PNG sink: one image per distinct face at the chosen DPI, exactly round(W_in·dpi) ×
//! round(H_in·dpi) pixels (W and H the trim plus the bleed on both sides, when there is bleed:
//! print shops want the art that runs past the cut), with the pHYs chunk recording the DPI so
//! image tools and printers know its physical size.
use rayon::prelude::*;
use resvg::tiny_skia::{Color, Pixmap, PixmapMut, Transform};
use resvg::usvg::Tree;

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use super::png_source;
use super::writer::Staging;
use crate::base::diagnostic::Problems;
use crate::base::units::MM_PER_INCH;
use crate::layout::document::Document;
use crate::outputs::OutputError;
use crate::resolve::Resolved;
use crate::resolve::faces::FaceDoc;

/// Largest side of one image in pixels (a 1 m piece at 300 dpi is 11 811 px).
pub const MAX_SIDE_PX: u32 = 16_384;
/// The resolutions a build may ask for.
pub const MIN_DPI: u32 = 30;
pub const MAX_DPI: u32 = 1200;
/// The PNGs' resolution when none is chosen.
pub const DEFAULT_DPI: u32 = 300;
/// Largest image in pixels: seconds to draw, and tens of MB to hold encoded (the PNG sink draws
/// large faces in bands, but Tabletop Simulator's images and `render` are drawn whole).
pub const MAX_PIXELS: u64 = 64 * 1024 * 1024;

#[derive(Debug, Clone, Copy)]
pub struct PngOptions {
    pub dpi: u32,
    pub compression: png::Compression,
}

impl Default for PngOptions {
    fn default() -> Self {
        // `Fast` (fdeflate) is several times quicker than `Balanced` on flat-colour art for files
        // about a fifth larger; see the README's performance notes.
        PngOptions {
            dpi: 300,
            compression: png::Compression::Fast,
        }
    }
}

impl PngOptions {
    /// The default options at `dpi`.
    pub fn at(dpi: u32) -> Self {
        PngOptions {
            dpi,
            ..Default::default()
        }
    }
}

/// Why an image cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    #[error("{w}×{h} px is larger than the limit ({MAX_SIDE_PX} px a side); lower --dpi")]
    TooLarge { w: u32, h: u32 },
    #[error("an image of zero size")]
    Empty,
    #[error("could not encode it: {0}")]
    Encode(#[from] png::EncodingError),
    #[error("could not encode it: {0}")]
    Stream(#[from] std::io::Error),
    /// Parts of one image that do not fit together (a bug of pnp's).
    #[error("its parts do not fit together: {0}")]
    Parts(String),
}

/// Pixel size of a `w`×`h` mm piece at `dpi`, a half pixel rounded up. The pixel count is
/// first taken to a millionth, so that a size given in inches rounds as its exact value does:
/// 0.75 in is 19.049999… mm, and 112.4999… px at 150 dpi must be the 112.5 it is (113).
pub fn pixel_size(w_mm: f64, h_mm: f64, dpi: u32) -> (u32, u32) {
    let px = |mm: f64| {
        let exact = ((mm / MM_PER_INCH * dpi as f64) * 1e6).round() / 1e6;
        exact.round().max(1.0) as u32
    };
    (px(w_mm), px(h_mm))
}

/// Pixel size of a face's image with its bleed at `dpi`: the whole, rounded once, so a poker
/// card with 1/8 in bleed is 825 × 1125 px at 300 dpi (not 750 + 2 × 38).
pub fn bleed_pixel_size(face: &FaceDoc, dpi: u32) -> (u32, u32) {
    pixel_size(face.w + 2.0 * face.bleed, face.h + 2.0 * face.bleed, dpi)
}

/// Renders the trim area of a face (its bleed is cut off) to a pixmap of the exact size.
pub fn render(tree: &Tree, face: &FaceDoc, dpi: u32) -> Result<Pixmap, ImageError> {
    let (pw, ph) = checked_size(face, dpi)?;
    render_into(tree, face, pw, ph, None)
}

/// Renders the trim of a face and `bleed` (across, down; mm, at most the face's own) of its
/// bleed around it, stretched to exactly `pw`×`ph` px: a print service's template, whose bleed
/// need not be the one the face was drawn with.
pub fn render_with_bleed(
    tree: &Tree,
    face: &FaceDoc,
    bleed: (f64, f64),
    pw: u32,
    ph: u32,
) -> Result<Pixmap, ImageError> {
    let (pw, ph) = limited((pw, ph))?;
    let mut pixmap = Pixmap::new(pw, ph).ok_or(ImageError::Empty)?;
    draw_rows(tree, face, bleed, (pw, ph), 0, &mut pixmap.as_mut(), None);
    Ok(pixmap)
}

/// Whether an image of `w`×`h` px is within `MAX_SIDE_PX` a side and `MAX_PIXELS`.
pub fn within_limits(w: u32, h: u32) -> bool {
    w <= MAX_SIDE_PX && h <= MAX_SIDE_PX && w as u64 * h as u64 <= MAX_PIXELS
}

/// The pixel size of a face's trim at `dpi`, refused when it is over the limits.
fn checked_size(face: &FaceDoc, dpi: u32) -> Result<(u32, u32), ImageError> {
    limited(pixel_size(face.w, face.h, dpi))
}

/// `(pw, ph)`, refused when it is over the limits.
fn limited((pw, ph): (u32, u32)) -> Result<(u32, u32), ImageError> {
    if !within_limits(pw, ph) {
        return Err(ImageError::TooLarge { w: pw, h: ph });
    }
    Ok((pw, ph))
}

/// Renders the trim area of a face stretched to exactly `pw`×`ph` pixels, on `background`
/// (transparent when `None`). Shared by the PNG and Tabletop Simulator sinks.
pub fn render_into(
    tree: &Tree,
    face: &FaceDoc,
    pw: u32,
    ph: u32,
    background: Option<Color>,
) -> Result<Pixmap, ImageError> {
    let mut pixmap = Pixmap::new(pw, ph).ok_or(ImageError::Empty)?;
    draw_rows(
        tree,
        face,
        (0.0, 0.0),
        (pw, ph),
        0,
        &mut pixmap.as_mut(),
        background,
    );
    Ok(pixmap)
}

/// Paints `pixmap` with rows `top..top + pixmap.height()` of the face's trim and `bleed` (across,
/// down; mm) of its bleed around it, at `size` px: no bleed for the piece as cut (Tabletop
/// Simulator, the preview), all of it for the build's PNGs.
fn draw_rows(
    tree: &Tree,
    face: &FaceDoc,
    (bx, by): (f64, f64),
    (pw, ph): (u32, u32),
    top: u32,
    pixmap: &mut PixmapMut,
    background: Option<Color>,
) {
    let (sx, sy) = (
        pw as f64 / (face.w + 2.0 * bx),
        ph as f64 / (face.h + 2.0 * by),
    );
    // The tree's user space starts at the drawn bleed's top-left corner: scale the area to the
    // image and move what is not shown of the bleed off its top-left edge, then the rows above
    // `top` off the pixmap.
    let t = Transform::from_row(
        sx as f32,
        0.0,
        0.0,
        sy as f32,
        (-(face.bleed - bx) * sx) as f32,
        (-(face.bleed - by) * sy) as f32,
    )
    .post_translate(0.0, -(top as f32));
    super::raster::render(tree, t, pixmap, background);
}

/// Names how rendered pixels become a PNG's pixels in each image's source record (`png_source`):
/// change it whenever the bytes written for the same rendering change, so a rebuild makes such
/// images again.
pub const ENCODING: &str = "straight alpha254=opaque rgba, in bands of 4 Mpx, bleed kept";

/// Encodes a pixmap as an RGBA PNG with pHYs set to `dpi`.
pub fn encode(pixmap: &Pixmap, opt: &PngOptions) -> Result<Vec<u8>, ImageError> {
    let mut rgba = pixmap.data().to_vec();
    straighten(&mut rgba);
    encode_rgba(&rgba, pixmap.width(), pixmap.height(), opt)
}

/// Encodes straight (not premultiplied) RGBA bytes as a PNG with pHYs set to `dpi`.
pub fn encode_rgba(
    rgba: &[u8],
    width: u32,
    height: u32,
    opt: &PngOptions,
) -> Result<Vec<u8>, ImageError> {
    let mut out = Vec::new();
    encode_rgba_into(&mut out, rgba, width, height, opt)?;
    Ok(out)
}

/// `encode_rgba`, appending to `out`.
fn encode_rgba_into(
    out: &mut Vec<u8>,
    rgba: &[u8],
    width: u32,
    height: u32,
    opt: &PngOptions,
) -> Result<(), ImageError> {
    let mut w = encoder(out, width, height, opt).write_header()?;
    Ok(w.write_image_data(rgba)?)
}

/// An RGBA encoder with the sink's compression and pHYs set to the DPI.
fn encoder<W: std::io::Write>(
    out: W,
    width: u32,
    height: u32,
    opt: &PngOptions,
) -> png::Encoder<'static, W> {
    let mut enc = png::Encoder::new(out, width, height);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(opt.compression);
    let ppm = (opt.dpi as f64 / MM_PER_INCH * 1000.0).round() as u32;
    enc.set_pixel_dims(Some(png::PixelDimensions {
        xppu: ppm,
        yppu: ppm,
        unit: png::Unit::Meter,
    }));
    enc
}

/// Faces of more pixels than this are drawn and encoded in bands of at most this many
/// (`Scratch::png_in_bands`), so a thread holds at most a band's RGBA whatever the face's size
/// and the DPI; a band costs a pass over the face's shapes.
const BAND_PIXELS: u64 = 4 << 20;

/// `rgba` (`w`×`h`) turned a quarter clockwise: `h`×`w`, its top on the right.
pub fn quarter_turn(rgba: &[u8], w: u32, h: u32) -> Vec<u8> {
    let (w, h) = (w as usize, h as usize);
    let mut out = vec![0; rgba.len()];
    for y in 0..h {
        for x in 0..w {
            // (x, y) goes to (h - 1 - y, x) in an image h wide.
            let from = (y * w + x) * 4;
            let to = (x * h + (h - 1 - y)) * 4;
            out[to..to + 4].copy_from_slice(&rgba[from..from + 4]);
        }
    }
    out
}

/// Premultiplied RGBA (tiny-skia) → straight RGBA (PNG), in place. Opaque and fully transparent
/// pixels, nearly all of a face, are the same in both: a cache line of 16 pixels that is all one
/// or the other is skipped after one test, and inside the others, pairs of pixels are.
///
/// Alpha 254 is made opaque, its colour kept: vello's 8-bit pipeline rounds translucent ink laid
/// over an opaque fill down to 254 (Night Grain's track, solid paper under faint numerals, had
/// 10,903 such pixels), and a pixel drawn 254/255 covered is opaque to the eye either way.
pub fn straighten(rgba: &mut [u8]) {
    let mut lines = rgba.chunks_exact_mut(64);
    for line in &mut lines {
        let (mut all, mut any) = (ALPHAS, 0);
        for pair in line.chunks_exact(8) {
            let alphas = pair_alphas(pair);
            all &= alphas;
            any |= alphas;
        }
        if all != ALPHAS && any != 0 {
            straighten_pairs(line);
        }
    }
    straighten_pairs(lines.into_remainder());
}

/// The alpha bytes of two pixels, in place in a `u64`.
const ALPHAS: u64 = 0xFF00_0000_FF00_0000;

fn pair_alphas(pair: &[u8]) -> u64 {
    u64::from_le_bytes(pair.try_into().unwrap_or_default()) & ALPHAS
}

fn straighten_pairs(rgba: &mut [u8]) {
    let mut pairs = rgba.chunks_exact_mut(8);
    for pair in &mut pairs {
        let alphas = pair_alphas(pair);
        if alphas == ALPHAS || alphas == 0 {
            continue;
        }
        let (a, b) = pair.split_at_mut(4);
        straighten_pixel(a);
        straighten_pixel(b);
    }
    let last = pairs.into_remainder();
    if last.len() == 4 {
        straighten_pixel(last);
    }
}

/// Straightens one pixel; alpha 254 becomes opaque (see `straighten`).
fn straighten_pixel(px: &mut [u8]) {
    match px[3] {
        0 | 255 => {}
        254 => px[3] = 255,
        a => {
            // Exactly tiny-skia's own `demultiply` (its f64 rounding included).
            let a = a as f64 / 255.0;
            for c in &mut px[..3] {
                *c = (*c as f64 / a + 0.5) as u8;
            }
        }
    }
}

/// The PNG sink of a build: one image per distinct face, staged as `<dir>/<face name>.png`.
/// Faces arrive from several threads; it counts the renders (one per face drawn is the
/// regression guard), the images kept because they were up to date, and the bytes.
pub struct Sink<'a> {
    laid: &'a Document,
    docs: &'a [FaceDoc],
    dir: PathBuf,
    opt: PngOptions,
    staging: &'a Staging,
    /// What each face's image is made from (see `png_source`), filled by `plan`.
    sources: Vec<png_source::Hash>,
    renders: AtomicUsize,
    reused: AtomicUsize,
    bytes: AtomicU64,
}

impl<'a> Sink<'a> {
    pub fn new(laid: &'a Document, dir: PathBuf, opt: PngOptions, staging: &'a Staging) -> Self {
        Sink {
            laid,
            docs: &laid.faces.docs,
            dir,
            opt,
            staging,
            sources: Vec::new(),
            renders: AtomicUsize::new(0),
            reused: AtomicUsize::new(0),
            bytes: AtomicU64::new(0),
        }
    }

    fn path(&self, doc: &FaceDoc) -> PathBuf {
        self.dir.join(format!("{}.png", doc.name))
    }

    /// Refuses the build when an image's path holds something that is not a regular file
    /// (`writer::check_output`), before anything is drawn or written.
    pub fn check_paths(&self) -> Result<(), OutputError> {
        self.docs
            .iter()
            .try_for_each(|doc| super::writer::check_output(&self.path(doc)))
    }

    /// Decides which faces need drawing: an image already in the folder that was made from the
    /// same source and not changed since is kept as it is (unless `redraw_all`). Returns, per
    /// face, whether it must be drawn.
    pub fn plan(&mut self, redraw_all: bool) -> Result<Vec<bool>, OutputError> {
        let laid = self.laid;
        self.sources = (0..self.docs.len())
            .into_par_iter()
            .map(|f| {
                let source =
                    laid.with_face_svg(f, |svg| png_source::source(&self.docs[f], svg, &self.opt))?;
                Ok(source)
            })
            .collect::<Result<_, OutputError>>()?;
        let wanted = self
            .docs
            .par_iter()
            .zip(&self.sources)
            .map(|(doc, source)| {
                let path = self.path(doc);
                // Regular files only: reading a FIFO would wait for a writer forever.
                let file = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file());
                let existing = match redraw_all || !file {
                    true => None,
                    false => std::fs::read(&path).ok(),
                };
                match existing {
                    Some(file) if png_source::is_up_to_date(&file, source) => {
                        self.staging.keep(&path);
                        self.reused.fetch_add(1, Ordering::Relaxed);
                        self.bytes.fetch_add(file.len() as u64, Ordering::Relaxed);
                        false
                    }
                    _ => true,
                }
            })
            .collect();
        Ok(wanted)
    }

    /// Renders, encodes and stages face number `face`.
    pub fn face(&self, face: usize, tree: &Tree) -> Result<(), OutputError> {
        let doc = &self.docs[face];
        let source = self.sources.get(face).ok_or_else(|| OutputError::Png {
            name: doc.name.clone(),
            why: ImageError::Parts("drawn before the sink was planned".into()),
        })?;
        self.renders.fetch_add(1, Ordering::Relaxed);
        with_scratch(|scratch| {
            let bytes = scratch.png(tree, doc, &self.opt, source);
            let bytes = bytes.map_err(OutputError::png(&doc.name))?;
            self.staging.write(&self.path(doc), bytes)?;
            self.bytes.fetch_add(bytes.len() as u64, Ordering::Relaxed);
            Ok(())
        })
    }

    /// (renders, images kept as they were, bytes of all the images).
    pub fn totals(&self) -> (usize, usize, u64) {
        (
            self.renders.load(Ordering::Relaxed),
            self.reused.load(Ordering::Relaxed),
            self.bytes.load(Ordering::Relaxed),
        )
    }
}

/// A thread's pixel and PNG buffers, kept from one face to the next: a fresh pixmap a face is
/// megabytes of new pages for the kernel to fault in and zero.
#[derive(Default)]
struct Scratch {
    pixels: Vec<u8>,
    encoded: Vec<u8>,
}

/// Buffers larger than this are given back after use rather than kept for the next face.
const KEEP_SCRATCH_BYTES: usize = 64 << 20;

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => {
            let result = f(&mut scratch);
            scratch.trim();
            result
        }
        // Re-entered on this thread (never in practice): use buffers of its own.
        Err(_) => f(&mut Scratch::default()),
    })
}

impl Scratch {
    /// Renders, straightens and encodes one face and stamps it with its `source`; the PNG's
    /// bytes stay valid until the next use.
    fn png(
        &mut self,
        tree: &Tree,
        face: &FaceDoc,
        opt: &PngOptions,
        source: &png_source::Hash,
    ) -> Result<&[u8], ImageError> {
        let (pw, ph) = limited(bleed_pixel_size(face, opt.dpi))?;
        if pw as u64 * ph as u64 > BAND_PIXELS && super::raster::draws_in_bands(tree) {
            return self.png_in_bands(tree, face, (pw, ph), opt, source);
        }
        let len = pw as usize * ph as usize * 4;
        self.grow_pixels(len);
        let pixels = &mut self.pixels[..len];
        let mut pixmap = PixmapMut::from_bytes(pixels, pw, ph).ok_or(ImageError::Empty)?;
        draw_rows(
            tree,
            face,
            (face.bleed, face.bleed),
            (pw, ph),
            0,
            &mut pixmap,
            None,
        );
        let pixels = &mut self.pixels[..len];
        straighten(pixels);
        self.encoded.clear();
        encode_rgba_into(&mut self.encoded, pixels, pw, ph, opt)?;
        png_source::stamp(&mut self.encoded, source)?;
        Ok(self.encoded.as_slice())
    }

    /// `png` for a large face: drawn, straightened and encoded a band of rows at a time, so
    /// memory holds a band and not the whole image.
    /// vello's pixels depend only on the shapes over them, so bands need no overlap.
    fn png_in_bands(
        &mut self,
        tree: &Tree,
        face: &FaceDoc,
        (pw, ph): (u32, u32),
        opt: &PngOptions,
        source: &png_source::Hash,
    ) -> Result<&[u8], ImageError> {
        let band_rows = (BAND_PIXELS / pw as u64).max(1) as u32;
        let row = pw as usize * 4;
        self.grow_pixels(row * band_rows as usize);
        self.encoded.clear();
        {
            let mut writer = encoder(&mut self.encoded, pw, ph, opt).write_header()?;
            // IDAT chunks of 1 MB: the default 4 KB would repeat a chunk header every 4 KB.
            let mut stream = writer.stream_writer_with_size(1 << 20)?;
            for top in (0..ph).step_by(band_rows as usize) {
                let rows = band_rows.min(ph - top);
                let pixels = &mut self.pixels[..row * rows as usize];
                let mut band = PixmapMut::from_bytes(pixels, pw, rows).ok_or(ImageError::Empty)?;
                draw_rows(
                    tree,
                    face,
                    (face.bleed, face.bleed),
                    (pw, ph),
                    top,
                    &mut band,
                    None,
                );
                let pixels = &mut self.pixels[..row * rows as usize];
                straighten(pixels);
                std::io::Write::write_all(&mut stream, pixels)?;
            }
            stream.finish()?;
        }
        png_source::stamp(&mut self.encoded, source)?;
        Ok(self.encoded.as_slice())
    }

    /// The pixel buffer only grows, and is used up to each face's (or band's) size: drawing
    /// paints every pixel, background included, so what the last face left needs no clearing.
    /// Too small, it is replaced by a zeroed one,
    /// whose pages the kernel zeroes as they are first touched.
    fn grow_pixels(&mut self, len: usize) {
        if self.pixels.len() < len {
            self.pixels = vec![0; len];
        }
    }

    fn trim(&mut self) {
        for buf in [&mut self.pixels, &mut self.encoded] {
            if buf.capacity() > KEEP_SCRATCH_BYTES {
                *buf = Vec::new();
            }
        }
    }
}

/// Pieces whose images would be over the PNG limits at the chosen dpi.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct TooManyPixels(pub Problems);

/// Is every piece's image within the PNG limits (`MAX_SIDE_PX` a side, `MAX_PIXELS`) at `dpi`?
/// Checked before drawing, so that a build does not fail when its images are encoded.
pub fn check_pixels(r: &Resolved, dpi: u32) -> Result<(), TooManyPixels> {
    let pieces = &r.pieces;
    let fits = |p: &crate::resolve::Piece, dpi: u32| {
        let (w, h) = pixel_size(p.w, p.h, dpi);
        within_limits(w, h)
    };
    let mut problems = Vec::new();
    let mut reported = std::collections::HashSet::new();
    for p in pieces.iter() {
        if fits(p, dpi) || !reported.insert(p.component) {
            continue;
        }
        let (w, h) = pixel_size(p.w, p.h, dpi);
        let min = MIN_DPI;
        let lower = match (min..dpi).rev().find(|&d| fits(p, d)) {
            Some(d) => format!("the largest --dpi that fits is {d}"),
            None => format!(
                "it is too large even at --dpi {min}; make it smaller or build without images (--no-png)"
            ),
        };
        let message = format!(
            "`{}` ({:.1} × {:.1} mm) would be a {w} × {h} px image at {dpi} dpi, larger than the limit of {MAX_SIDE_PX} px a side and {} Mpx; {lower}",
            p.id,
            p.w,
            p.h,
            MAX_PIXELS / (1024 * 1024),
        );
        problems.push(r.components[p.component].at.at_size(message));
    }
    match problems.is_empty() {
        true => Ok(()),
        false => Err(TooManyPixels(Problems(problems))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn pixel_size_rounds_inches_times_dpi() {
        assert_eq!(pixel_size(25.4, 50.8, 300), (300, 600));
        assert_eq!(pixel_size(19.0, 19.0, 300), (224, 224)); // 224.41
        assert_eq!(pixel_size(63.5, 88.9, 300), (750, 1050));
        // 0.75 in, as a size in inches becomes in mm (19.049999…): 112.5 px rounds up.
        assert_eq!(pixel_size(0.75 * 25.4, 0.5 * 25.4, 150), (113, 75));
    }

    #[test]
    fn a_quarter_turn_moves_the_top_left_to_the_top_right() {
        // 2 × 1: red, blue → 1 × 2: red over blue... turned clockwise: red on top.
        let rgba = [255, 0, 0, 255, 0, 0, 255, 255];
        let turned = quarter_turn(&rgba, 2, 1);
        assert_eq!(turned, rgba);
        // 1 × 2 (red over blue) → 2 × 1: blue, red.
        let turned = quarter_turn(&rgba, 1, 2);
        assert_eq!(turned, [0, 0, 255, 255, 255, 0, 0, 255]);
    }

    #[test]
    fn straighten_matches_tiny_skia_demultiply_but_makes_alpha_254_opaque() {
        use resvg::tiny_skia::PremultipliedColorU8;
        // Two cache lines that are opaque (then transparent) but for their last pixel, which
        // must not be skipped; then every premultiplied colour (c ≤ a), in odd-length runs so the
        // lone last pixel is covered.
        let mut pixels = Vec::new();
        for edge in [255u8, 0] {
            let flat = PremultipliedColorU8::from_rgba(edge / 5, edge / 3, edge / 2, edge);
            pixels.extend([flat.unwrap(); 15]);
            pixels.push(PremultipliedColorU8::from_rgba(40, 20, 10, 128).unwrap());
        }
        for a in 0..=255u8 {
            for c in (0..=a).step_by(3) {
                pixels.push(PremultipliedColorU8::from_rgba(c, c / 2, a - c, a).unwrap());
            }
        }
        pixels.push(PremultipliedColorU8::from_rgba(1, 2, 3, 7).unwrap());
        if pixels.len() % 2 == 0 {
            pixels.push(PremultipliedColorU8::from_rgba(0, 0, 0, 0).unwrap());
        }
        let mut bytes: Vec<u8> = pixels
            .iter()
            .flat_map(|p| [p.red(), p.green(), p.blue(), p.alpha()])
            .collect();
        straighten(&mut bytes);
        for (p, got) in pixels.iter().zip(bytes.chunks_exact(4)) {
            let want = match p.alpha() {
                254 => [p.red(), p.green(), p.blue(), 255],
                _ => {
                    let want = p.demultiply();
                    [want.red(), want.green(), want.blue(), want.alpha()]
                }
            };
            assert_eq!(got, want, "{p:?}");
        }
    }

    /// The straight RGBA pixels of a PNG.
    fn decode(png: &[u8]) -> Vec<u8> {
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!(info.color_type, png::ColorType::Rgba);
        buf
    }

    #[test]
    fn faint_ink_on_solid_paper_stays_opaque() {
        let opt = PngOptions::at(100);
        let (square, square_tree) = face(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20" viewBox="0 0 30 20"><rect width="30" height="20" fill="#fbf8f1"/><circle cx="15" cy="10" r="8" fill="#3b2a52" fill-opacity="0.13"/></svg>"##,
            30.0,
            20.0,
        );
        let rendered = render(&square_tree, &square, opt.dpi).unwrap();
        let faint = rendered.data().chunks_exact(4).filter(|p| p[3] == 254);
        assert!(faint.count() > 100, "vello leaves alpha 254 under the ink");
        let rgba = decode(&png(&square_tree, &square, &opt).unwrap());
        assert!(rgba.chunks_exact(4).all(|p| p[3] == 255));
        // Its colours are the rendering's, where vello left them opaque and where it did not.
        for (got, drawn) in rgba.chunks_exact(4).zip(rendered.data().chunks_exact(4)) {
            assert_eq!(got[..3], drawn[..3]);
        }
    }

    fn face(svg: &str, w: f64, h: f64) -> (crate::resolve::faces::FaceDoc, Tree) {
        let doc = crate::resolve::faces::FaceDoc::of_svg("test", svg.to_string(), w, h, 0.0);
        (doc, crate::draw::trees::parse(svg).unwrap())
    }

    /// One face through this thread's reused buffers, as the sink does it.
    fn png(tree: &Tree, face: &FaceDoc, opt: &PngOptions) -> Result<Vec<u8>, ImageError> {
        with_scratch(|scratch| scratch.png(tree, face, opt, &SOURCE).map(<[u8]>::to_vec))
    }

    const SOURCE: png_source::Hash = [7; 16];

    #[test]
    fn a_face_drawn_in_bands_is_the_face_drawn_whole() {
        // The Beast's record sheet at 300 dpi: 2244 × 2622 px, two bands, lines and text.
        let game = crate::kinds::load("the-beast").unwrap();
        let opt = PngOptions::at(300);
        let laid =
            crate::commands::prepare(&game, &crate::commands::options::BuildOptions::default())
                .unwrap();
        let face = laid
            .faces
            .docs
            .iter()
            .position(|d| d.name == "family-sheet-front")
            .unwrap();
        let doc = &laid.faces.docs[face];
        let tree = laid.face_tree(face).unwrap();
        let (pw, ph) = pixel_size(doc.w, doc.h, opt.dpi);
        assert!(pw as u64 * ph as u64 > BAND_PIXELS);
        assert!(crate::outputs::raster::draws_in_bands(&tree));
        let banded = decode(&png(&tree, doc, &opt).unwrap());
        let mut whole = render(&tree, doc, opt.dpi).unwrap().take();
        straighten(&mut whole);
        assert_eq!(banded.len(), whole.len());
        // Equal but for rounding: the rows a band moves up shift where a shape's edge falls in
        // f32 by a hair. A band drawn a row out of place differs by tens of levels.
        let differ: Vec<usize> = (0..whole.len())
            .filter(|&i| banded[i] != whole[i])
            .map(|i| i / 4)
            .collect();
        let most = (0..whole.len())
            .map(|i| banded[i].abs_diff(whole[i]))
            .max()
            .unwrap();
        assert!(most <= 2, "a pixel differs by {most} levels");
        assert!(
            differ.len() * 1000 < (pw * ph) as usize,
            "{} pixels differ",
            differ.len()
        );
    }

    #[test]
    fn a_reused_buffer_leaves_nothing_of_the_face_before() {
        let opt = PngOptions::at(100);
        // A big opaque face, then a smaller one that is mostly transparent, on one thread.
        let (big, big_tree) = face(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40" viewBox="0 0 60 40"><rect width="60" height="40" fill="#c00"/></svg>"##,
            60.0,
            40.0,
        );
        let (small, small_tree) = face(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="30" viewBox="0 0 20 30"><circle cx="10" cy="15" r="5" fill="#08f" fill-opacity="0.5"/></svg>"##,
            20.0,
            30.0,
        );
        let first = png(&big_tree, &big, &opt).unwrap();
        let reused = png(&small_tree, &small, &opt).unwrap();
        let fresh = {
            let p = render(&small_tree, &small, opt.dpi).unwrap();
            let mut png = encode(&p, &opt).unwrap();
            png_source::stamp(&mut png, &SOURCE).unwrap();
            png
        };
        assert_eq!(reused, fresh);
        assert_ne!(first, fresh);
        assert_eq!(png(&big_tree, &big, &opt).unwrap(), first);
    }
}
