//! Faces → pixels for TTS: rendered from the same parsed trees as the PNG output, on white (TTS
//! wants RGB images), at an exact pixel size, and encoded as 8-bit RGB PNGs.
use resvg::tiny_skia::{Color, IntSize, Pixmap, PixmapPaint, Transform};
use resvg::usvg::Tree;

use super::sheet::MAX_SHEET_PX;
use crate::outputs::png::{ImageError, render_into};
use crate::resolve::faces::FaceDoc;

/// Pixel size of a `w`×`h` mm face at `dpi`, shrunk (keeping proportions) so neither side
/// exceeds TTS's 4096 px texture limit.
pub fn fitted_size(w_mm: f64, h_mm: f64, dpi: u32) -> (u32, u32) {
    let (w, h) = crate::outputs::png::pixel_size(w_mm, h_mm, dpi);
    let s = (MAX_SHEET_PX as f64 / w.max(h) as f64).min(1.0);
    if s >= 1.0 {
        (w, h)
    } else {
        let side = |v: u32| ((v as f64 * s).round() as u32).clamp(1, MAX_SHEET_PX);
        (side(w), side(h))
    }
}

/// Renders the trim area of `face` stretched to exactly `pw`×`ph` pixels, on white.
pub fn render(tree: &Tree, face: &FaceDoc, pw: u32, ph: u32) -> Result<Pixmap, ImageError> {
    render_into(tree, face, pw, ph, Some(Color::WHITE))
}

/// Like `render`, but transparent where nothing is drawn (a standee's outline).
pub fn render_clear(tree: &Tree, face: &FaceDoc, pw: u32, ph: u32) -> Result<Pixmap, ImageError> {
    render_into(tree, face, pw, ph, None)
}

/// The pixmap turned a quarter clockwise: its top goes to the right (pixel for pixel).
pub fn quarter_turn(p: Pixmap) -> Result<Pixmap, ImageError> {
    let turned = crate::outputs::png::quarter_turn(p.data(), p.width(), p.height());
    let size = IntSize::from_wh(p.height(), p.width()).ok_or(ImageError::Empty)?;
    Pixmap::from_vec(turned, size).ok_or(ImageError::Empty)
}

/// An 8-bit RGB PNG of an opaque pixmap (alpha is dropped: every pixmap here starts white).
pub fn encode_rgb(pixmap: Pixmap) -> Result<Vec<u8>, ImageError> {
    let mut out = Vec::new();
    {
        let mut writer = rgb_encoder(&mut out, pixmap.width(), pixmap.height()).write_header()?;
        writer.write_image_data(&rgb(pixmap))?;
    }
    Ok(out)
}

/// An 8-bit RGB PNG of `width`×`height` pixels made of `bands` opaque pixmaps of that width,
/// top to bottom: `band(i)` draws band `i`, band `i + 1` is drawn (on other cores) while band `i`
/// is encoded, and no more than those two are held.
pub fn encode_rgb_bands(
    width: u32,
    height: u32,
    bands: usize,
    band: impl Fn(usize) -> Result<Pixmap, ImageError> + Sync,
) -> Result<Vec<u8>, ImageError> {
    let mut out = Vec::new();
    {
        let mut writer = rgb_encoder(&mut out, width, height).write_header()?;
        // IDAT chunks of 1 MB: the default 4 KB would repeat a chunk header every 4 KB.
        let mut stream = writer.stream_writer_with_size(1 << 20)?;
        let mut next = (bands > 0).then(|| band(0));
        for i in 0..bands {
            let current = next
                .take()
                .ok_or_else(|| ImageError::Parts("a band was not drawn".into()))??;
            if current.width() != width {
                return Err(ImageError::Parts(format!(
                    "band {i} is not {width} px wide"
                )));
            }
            let (drawn, written) = rayon::join(
                || (i + 1 < bands).then(|| band(i + 1)),
                || std::io::Write::write_all(&mut stream, &rgb(current)),
            );
            written?;
            next = drawn;
        }
        stream.finish()?;
    }
    Ok(out)
}

/// Encodes 8-bit RGB with the PNG sink's compression.
fn rgb_encoder<W: std::io::Write>(out: W, width: u32, height: u32) -> png::Encoder<'static, W> {
    let mut enc = png::Encoder::new(out, width, height);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fast);
    enc
}

/// The RGB bytes of an opaque pixmap, packed into its own buffer rather than a copy.
fn rgb(pixmap: Pixmap) -> Vec<u8> {
    let mut data = pixmap.take();
    crate::outputs::png::straighten(&mut data);
    let pixels = data.len() / 4;
    // Pixel i moves from 4i to 3i: always back, onto bytes already read.
    for i in 0..pixels {
        data.copy_within(4 * i..4 * i + 3, 3 * i);
    }
    data.truncate(pixels * 3);
    data
}

pub const THUMBNAIL_PX: u32 = 256;

/// The 256×256 picture TTS shows for a saved object: up to nine of the game's faces in a 3×3
/// grid (fewer faces, fewer cells), each fitted into its cell on a light background.
pub fn thumbnail(faces: &[(&Tree, &FaceDoc)]) -> Result<Pixmap, ImageError> {
    let mut thumb = Pixmap::new(THUMBNAIL_PX, THUMBNAIL_PX).ok_or(ImageError::Empty)?;
    thumb.fill(Color::from_rgba8(238, 236, 230, 255));
    let shown = &faces[..faces.len().min(9)];
    let per_row = match shown.len() {
        0 | 1 => 1,
        2..=4 => 2,
        _ => 3,
    };
    let cell = THUMBNAIL_PX / per_row;
    let margin = (cell / 12).max(2);
    for (i, (tree, face)) in shown.iter().enumerate() {
        let room = (cell - 2 * margin) as f64;
        let s = (room / face.w).min(room / face.h);
        let (pw, ph) = (
            ((face.w * s).round() as u32).max(1),
            ((face.h * s).round() as u32).max(1),
        );
        let img = render(tree, face, pw, ph)?;
        let (col, row) = (i as u32 % per_row, i as u32 / per_row);
        let x = col * cell + (cell - pw) / 2;
        let y = row * cell + (cell - ph) / 2;
        thumb.draw_pixmap(
            x as i32,
            y as i32,
            img.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
    }
    Ok(thumb)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_faces_are_shrunk_to_the_texture_limit() {
        assert_eq!(fitted_size(25.4, 50.8, 100), (100, 200));
        let (w, h) = fitted_size(600.0, 300.0, 300);
        assert_eq!(w, 4096);
        assert_eq!(h, 2048);
    }

    #[test]
    fn a_quarter_turn_puts_the_top_on_the_right() {
        let mut p = Pixmap::new(3, 2).unwrap();
        p.fill(Color::WHITE);
        // A red pixel at the top left.
        p.pixels_mut()[0] =
            resvg::tiny_skia::PremultipliedColorU8::from_rgba(255, 0, 0, 255).unwrap();
        let t = quarter_turn(p).unwrap();
        assert_eq!((t.width(), t.height()), (2, 3));
        assert_eq!(t.pixel(1, 0).unwrap().red(), 255);
        assert_eq!(t.pixel(1, 0).unwrap().green(), 0);
        assert_eq!(t.pixel(0, 0).unwrap().green(), 255);
    }

    #[test]
    fn encoded_images_are_rgb() {
        let mut p = Pixmap::new(3, 2).unwrap();
        p.fill(Color::from_rgba8(10, 20, 30, 255));
        p.pixels_mut()[4] =
            resvg::tiny_skia::PremultipliedColorU8::from_rgba(40, 50, 60, 255).unwrap();
        let bytes = encode_rgb(p).unwrap();
        let dec = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut r = dec.read_info().unwrap();
        assert_eq!(r.info().color_type, png::ColorType::Rgb);
        assert_eq!((r.info().width, r.info().height), (3, 2));
        let mut rgb = vec![0; r.output_buffer_size().unwrap()];
        r.next_frame(&mut rgb).unwrap();
        let mut want = [10, 20, 30].repeat(6);
        want[12..15].copy_from_slice(&[40, 50, 60]);
        assert_eq!(rgb, want);
    }
}
