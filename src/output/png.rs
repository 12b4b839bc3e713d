//! The PNG sink: one image per distinct face at the chosen DPI, exactly round(W_in·dpi) ×
//! round(H_in·dpi) pixels, with the pHYs chunk recording the DPI so image tools and printers
//! know its physical size.
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::Tree;

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use super::writer::Staging;
use crate::draw::FaceDoc;
use crate::error::OutputError;
use crate::units::MM_PER_INCH;

/// Largest side of one image in pixels (a 1 m piece at 300 dpi is 11 811 px).
pub const MAX_SIDE_PX: u32 = 16_384;
/// Largest image in pixels (256 MiB of RGBA while rendering).
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

/// Pixel size of a `w`×`h` mm piece at `dpi`.
pub fn pixel_size(w_mm: f64, h_mm: f64, dpi: u32) -> (u32, u32) {
    let px = |mm: f64| (mm / MM_PER_INCH * dpi as f64).round().max(1.0) as u32;
    (px(w_mm), px(h_mm))
}

/// Renders the trim area of a face (its bleed is cut off) to a pixmap of the exact size.
pub fn render(tree: &Tree, face: &FaceDoc, dpi: u32) -> Result<Pixmap, String> {
    let (pw, ph) = pixel_size(face.w, face.h, dpi);
    if pw > MAX_SIDE_PX || ph > MAX_SIDE_PX || pw as u64 * ph as u64 > MAX_PIXELS {
        return Err(format!(
            "{pw}×{ph} px is larger than the limit ({MAX_SIDE_PX} px a side); lower --dpi"
        ));
    }
    render_into(tree, face, pw, ph, None)
}

/// Renders the trim area of a face stretched to exactly `pw`×`ph` pixels, on `background`
/// (transparent when `None`). Shared by the PNG and Tabletop Simulator sinks.
pub fn render_into(
    tree: &Tree,
    face: &FaceDoc,
    pw: u32,
    ph: u32,
    background: Option<resvg::tiny_skia::Color>,
) -> Result<Pixmap, String> {
    let mut pixmap = Pixmap::new(pw, ph).ok_or("an image of zero size")?;
    if let Some(c) = background {
        pixmap.fill(c);
    }
    let (sx, sy) = (pw as f64 / face.w, ph as f64 / face.h);
    let b = face.bleed;
    let t = Transform::from_row(
        sx as f32,
        0.0,
        0.0,
        sy as f32,
        (-b * sx) as f32,
        (-b * sy) as f32,
    );
    resvg::render(tree, t, &mut pixmap.as_mut());
    Ok(pixmap)
}

/// Encodes a pixmap as an RGBA PNG with pHYs set to `dpi`.
pub fn encode(pixmap: &Pixmap, opt: &PngOptions) -> Result<Vec<u8>, String> {
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
) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, width, height);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(opt.compression);
        let ppm = (opt.dpi as f64 / MM_PER_INCH * 1000.0).round() as u32;
        enc.set_pixel_dims(Some(png::PixelDimensions {
            xppu: ppm,
            yppu: ppm,
            unit: png::Unit::Meter,
        }));
        let mut w = enc.write_header().map_err(|e| e.to_string())?;
        w.write_image_data(rgba).map_err(|e| e.to_string())?;
    }
    Ok(out)
}

/// Premultiplied RGBA (tiny-skia) → straight RGBA (PNG), in place. Opaque and fully transparent
/// pixels, nearly all of a face, are the same in both: they are skipped two at a time.
pub fn straighten(rgba: &mut [u8]) {
    const ALPHAS: u64 = 0xFF00_0000_FF00_0000;
    let mut pairs = rgba.chunks_exact_mut(8);
    for pair in &mut pairs {
        let alphas = u64::from_le_bytes(pair.try_into().unwrap_or_default()) & ALPHAS;
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

fn straighten_pixel(px: &mut [u8]) {
    let a = px[3];
    if a != 255 && a != 0 {
        // Exactly tiny-skia's own `demultiply` (its f64 rounding included).
        let a = a as f64 / 255.0;
        for c in &mut px[..3] {
            *c = (*c as f64 / a + 0.5) as u8;
        }
    }
}

/// The PNG sink of a build: one image per distinct face, staged as `<dir>/<face name>.png`.
/// Faces arrive from several threads; it counts the renders (one per face is the regression
/// guard) and the bytes written.
pub struct Sink<'a> {
    docs: &'a [FaceDoc],
    dir: PathBuf,
    opt: PngOptions,
    staging: &'a Staging,
    renders: AtomicUsize,
    bytes: AtomicU64,
}

impl<'a> Sink<'a> {
    pub fn new(docs: &'a [FaceDoc], dir: PathBuf, opt: PngOptions, staging: &'a Staging) -> Self {
        Sink {
            docs,
            dir,
            opt,
            staging,
            renders: AtomicUsize::new(0),
            bytes: AtomicU64::new(0),
        }
    }

    /// Renders, encodes and stages face number `face`.
    pub fn face(&self, face: usize, tree: &Tree) -> Result<(), OutputError> {
        let doc = &self.docs[face];
        self.renders.fetch_add(1, Ordering::Relaxed);
        let bytes = png(tree, doc, &self.opt).map_err(|message| OutputError::Png {
            name: doc.name.clone(),
            message,
        })?;
        self.staging
            .write(&self.dir.join(format!("{}.png", doc.name)), &bytes)?;
        self.bytes.fetch_add(bytes.len() as u64, Ordering::Relaxed);
        Ok(())
    }

    /// (renders, bytes written).
    pub fn totals(&self) -> (usize, u64) {
        (
            self.renders.load(Ordering::Relaxed),
            self.bytes.load(Ordering::Relaxed),
        )
    }
}

/// Renders and encodes one face.
pub fn png(tree: &Tree, face: &FaceDoc, opt: &PngOptions) -> Result<Vec<u8>, String> {
    let mut pixmap = render(tree, face, opt.dpi)?;
    let (w, h) = (pixmap.width(), pixmap.height());
    straighten(pixmap.data_mut());
    encode_rgba(pixmap.data(), w, h, opt)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn pixel_size_rounds_inches_times_dpi() {
        assert_eq!(pixel_size(25.4, 50.8, 300), (300, 600));
        assert_eq!(pixel_size(19.0, 19.0, 300), (224, 224)); // 224.41
        assert_eq!(pixel_size(63.5, 88.9, 300), (750, 1050));
    }

    #[test]
    fn straighten_matches_tiny_skia_demultiply() {
        use resvg::tiny_skia::PremultipliedColorU8;
        // Every premultiplied colour (c ≤ a), in odd-length runs so the lone last pixel is covered.
        let mut pixels = Vec::new();
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
            let want = p.demultiply();
            assert_eq!(
                got,
                [want.red(), want.green(), want.blue(), want.alpha()],
                "{p:?}"
            );
        }
    }
}
