//! The PNG sink: one image per distinct face at the chosen DPI, exactly round(W_in·dpi) ×
//! round(H_in·dpi) pixels, with the pHYs chunk recording the DPI so image tools and printers
//! know its physical size.
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::Tree;

use crate::draw::FaceDoc;
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
    let rgba = straight_alpha(pixmap.data());
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
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
        w.write_image_data(&rgba).map_err(|e| e.to_string())?;
    }
    Ok(out)
}

/// Premultiplied RGBA (tiny-skia) → straight RGBA (PNG). Opaque and fully transparent pixels,
/// nearly all of a face, are the same in both and are copied as they are.
fn straight_alpha(premultiplied: &[u8]) -> Vec<u8> {
    let mut rgba = premultiplied.to_vec();
    for px in rgba.chunks_exact_mut(4) {
        let a = px[3];
        if a != 255 && a != 0 {
            for c in &mut px[..3] {
                // c·255/a rounded half up, as tiny-skia's own `demultiply`.
                let (c2, a) = (*c as u32 * 510, a as u32);
                *c = ((c2 + a) / (2 * a)).min(255) as u8;
            }
        }
    }
    rgba
}

/// Renders and encodes one face.
pub fn png(tree: &Tree, face: &FaceDoc, opt: &PngOptions) -> Result<Vec<u8>, String> {
    encode(&render(tree, face, opt.dpi)?, opt)
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
}
