//! A raster picture (PNG, JPEG, WebP) decoded once when it is read, as the PDF writer (krilla)
//! and the rasterizer (resvg) will decode it, and checked for what krilla refuses to embed (a
//! PNG whose palette is missing, a JPEG of an unknown colour space): a picture that would fail
//! there, after every check passed, is refused here at its line. (Not by making a krilla image:
//! krilla starts decoding it at once, on another thread, all of it.) And drawn
//! within a memory budget. Drawing a picture costs far more than its pixels: resvg holds its
//! decoded copy and a pixmap of it while a PNG is drawn, and krilla its decoded, split and
//! compressed copies while the PDF is (a 38-byte WebP of 8000 × 4000 took 441 MB, a 16-bit
//! PNG 569 MB). A picture whose drawing would cost more than `DRAW_BUDGET` is drawn from a copy
//! reduced to fit, made here (8 bits a channel, averaged down): the most a PDF or PNG of any
//! piece up to A4 needs at 300 dpi and more, and what decoding it takes is bounded by the pixel
//! limits (32 Mpx at 4 bytes, 128 MB). A picture within the budget is kept as it is, byte for
//! byte.
use std::sync::Mutex;

use super::Format;

/// Most bytes drawing one picture may take, in the PDF and the PNGs at once.
pub const DRAW_BUDGET: u64 = 128 * 1024 * 1024;

/// A picture's pixels, 8 bits a channel, row after row.
pub struct Pixels {
    pub w: u32,
    pub h: u32,
    /// 1 (grey), 2 (grey and alpha), 3 (RGB) or 4 (RGBA).
    pub channels: u8,
    pub data: Vec<u8>,
}

/// What checking a picture found: it is kept as it is, or drawn from a reduced copy.
pub enum Checked {
    Kept,
    Reduced {
        w: u32,
        h: u32,
        format: Format,
        bytes: Vec<u8>,
    },
}

/// Why a raster picture cannot be decoded (the decoder's words).
pub type Why = String;

/// What drawing a `w` × `h` picture of `format` takes, in bytes, when decoded for the PDF it
/// has `bytes_per_pixel`: 8 a pixel for resvg (its decoded copy and its pixmap) and, for krilla,
/// two and a half times its decoded size (the copy, its colour and alpha split apart, and
/// compressed); nothing for a JPEG, which the PDF holds as it is.
pub fn drawing_cost(format: Format, w: u32, h: u32, bytes_per_pixel: u64) -> u64 {
    let px = w as u64 * h as u64;
    let pdf = match format {
        Format::Jpeg => 0,
        _ => px * bytes_per_pixel * 5 / 2,
    };
    8 * px + pdf
}

/// One picture decoded at a time: two of 32 Mpx at once would take twice the budget.
static DECODING: Mutex<()> = Mutex::new(());

/// Decodes all of `bytes` (a `w` × `h` picture of `format`) as the outputs will, and says
/// whether it is drawn as it is or from a reduced copy (see the module's note).
pub fn check(format: Format, bytes: &[u8]) -> Result<Checked, Why> {
    let _one = DECODING.lock().unwrap_or_else(|e| e.into_inner());
    let pixels = match format {
        Format::Png => png(bytes)?,
        Format::Jpeg => jpeg(bytes)?,
        Format::Webp => webp(bytes)?,
        Format::Svg => return Ok(Checked::Kept),
    };
    let Some(pixels) = pixels else {
        return Ok(Checked::Kept);
    };
    let (w, h) = fitting(format, &pixels);
    let reduced = reduce(pixels, w, h);
    let bytes = match format {
        Format::Jpeg => encode_jpeg(&reduced)?,
        _ => encode_png(&reduced)?,
    };
    let format = match format {
        Format::Jpeg => Format::Jpeg,
        _ => Format::Png,
    };
    Ok(Checked::Reduced {
        w,
        h,
        format,
        bytes,
    })
}

/// The largest size, its shape kept, at which `pixels` (8 bits a channel) draw within the budget.
fn fitting(format: Format, pixels: &Pixels) -> (u32, u32) {
    let per_pixel = drawing_cost(format, 1, 1, pixels.channels as u64) as f64;
    let most = DRAW_BUDGET as f64 / per_pixel;
    let scale = (most / (pixels.w as f64 * pixels.h as f64)).sqrt().min(1.0);
    let side = |s: u32| ((s as f64 * scale).floor() as u32).clamp(1, s);
    (side(pixels.w), side(pixels.h))
}

/// Decodes a PNG as krilla does (palettes and low bit depths expanded); `None` when it draws
/// within the budget as it is, its pixels (16 bits cut to 8) when it must be reduced.
fn png(bytes: &[u8]) -> Result<Option<Pixels>, Why> {
    let reader = |transformations| {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(transformations);
        decoder.read_info().map_err(|e| e.to_string())
    };
    let mut read = reader(png::Transformations::EXPAND)?;
    let (w, h) = (read.info().width, read.info().height);
    let (color, depth) = read.output_color_type();
    if color == png::ColorType::Indexed {
        return Err("its palette is missing".into());
    }
    let per_pixel = color.samples() as u64
        * if depth == png::BitDepth::Sixteen {
            2
        } else {
            1
        };
    let over = drawing_cost(Format::Png, w, h, per_pixel) > DRAW_BUDGET;
    if over {
        // Decoded at 8 bits a channel, the most it takes is the pixel limit's 128 MB.
        read = reader(png::Transformations::EXPAND | png::Transformations::STRIP_16)?;
    }
    let size = read.output_buffer_size().ok_or("it is too large")?;
    let mut data = vec![0; size];
    let frame = read.next_frame(&mut data).map_err(|e| e.to_string())?;
    if !over {
        return Ok(None);
    }
    data.truncate(frame.buffer_size());
    let channels = frame.color_type.samples() as u8;
    Ok(Some(Pixels {
        w,
        h,
        channels,
        data,
    }))
}

/// Decodes a JPEG as resvg does (krilla keeps the file as it is); its pixels when it must be
/// reduced.
fn jpeg(bytes: &[u8]) -> Result<Option<Pixels>, Why> {
    use zune_jpeg::zune_core::bytestream::ZCursor;
    use zune_jpeg::zune_core::colorspace::ColorSpace;
    use zune_jpeg::zune_core::options::DecoderOptions;
    let probe = |options| {
        let mut decoder = zune_jpeg::JpegDecoder::new_with_options(ZCursor::new(bytes), options);
        decoder.decode_headers().map_err(|e| format!("{e:?}"))?;
        Ok::<_, Why>(decoder)
    };
    let decoder = probe(DecoderOptions::default())?;
    let known = [
        ColorSpace::Luma,
        ColorSpace::YCbCr,
        ColorSpace::RGB,
        ColorSpace::CMYK,
        ColorSpace::YCCK,
    ];
    let space = decoder.input_colorspace();
    if !space.is_some_and(|s| known.contains(&s)) {
        return Err(format!("its colour space ({space:?}) cannot go into a PDF"));
    }
    let grey = space == Some(ColorSpace::Luma);
    let out = if grey {
        ColorSpace::Luma
    } else {
        ColorSpace::RGB
    };
    let mut decoder = probe(DecoderOptions::default().jpeg_set_out_colorspace(out))?;
    let (w, h) = decoder.dimensions().ok_or("it gives no size")?;
    let data = decoder.decode().map_err(|e| format!("{e:?}"))?;
    let channels = out.num_components() as u8;
    let (w, h) = (w as u32, h as u32);
    if drawing_cost(Format::Jpeg, w, h, channels as u64) <= DRAW_BUDGET {
        return Ok(None);
    }
    Ok(Some(Pixels {
        w,
        h,
        channels,
        data,
    }))
}

/// Decodes a WebP picture as krilla and resvg do; its pixels when it must be reduced.
fn webp(bytes: &[u8]) -> Result<Option<Pixels>, Why> {
    let mut decoder =
        image_webp::WebPDecoder::new(std::io::Cursor::new(bytes)).map_err(|e| e.to_string())?;
    // krilla reads the colour profile to embed it.
    decoder.icc_profile().map_err(|e| e.to_string())?;
    let (w, h) = decoder.dimensions();
    let size = decoder.output_buffer_size().ok_or("it is too large")?;
    let mut data = vec![0; size];
    decoder.read_image(&mut data).map_err(|e| e.to_string())?;
    let channels = if decoder.has_alpha() { 4 } else { 3 };
    if drawing_cost(Format::Webp, w, h, channels as u64) <= DRAW_BUDGET {
        return Ok(None);
    }
    Ok(Some(Pixels {
        w,
        h,
        channels,
        data,
    }))
}

/// `pixels` averaged down to `tw` × `th` (each new pixel the mean of the box of old ones it
/// covers, colours weighted by their alpha so that transparent pixels lend no colour), in the
/// same buffer: row `y` of the result is written only once every old row it needs is read, and
/// lies before the first old row any later one needs.
pub fn reduce(mut pixels: Pixels, tw: u32, th: u32) -> Pixels {
    let (w, h, c) = (
        pixels.w as usize,
        pixels.h as usize,
        pixels.channels as usize,
    );
    let (tw, th) = (tw as usize, th as usize);
    let alpha = c == 2 || c == 4;
    // The new column of each old one.
    let column: Vec<usize> = (0..w).map(|x| x * tw / w).collect();
    let mut sums = vec![0u64; tw * c];
    let mut counts = vec![0u64; tw];
    let mut row = vec![0u8; tw * c];
    for ty in 0..th {
        sums.fill(0);
        counts.fill(0);
        let (y0, y1) = (ty * h / th, ((ty + 1) * h / th).max(ty * h / th + 1));
        for y in y0..y1.min(h) {
            let line = &pixels.data[y * w * c..(y + 1) * w * c];
            for (x, px) in line.chunks_exact(c).enumerate() {
                let tx = column[x];
                let sum = &mut sums[tx * c..(tx + 1) * c];
                let a = if alpha { px[c - 1] as u64 } else { 1 };
                for (s, &v) in sum.iter_mut().zip(px).take(c - alpha as usize) {
                    *s += v as u64 * a;
                }
                if alpha {
                    sum[c - 1] += a;
                }
                counts[tx] += 1;
            }
        }
        for tx in 0..tw {
            let (sum, n) = (&sums[tx * c..(tx + 1) * c], counts[tx].max(1));
            let out = &mut row[tx * c..(tx + 1) * c];
            let weight = if alpha { sum[c - 1] } else { n };
            for (o, &s) in out.iter_mut().zip(sum).take(c - alpha as usize) {
                *o = match weight {
                    0 => 0,
                    wt => ((s + wt / 2) / wt) as u8,
                };
            }
            if alpha {
                out[c - 1] = ((sum[c - 1] + n / 2) / n) as u8;
            }
        }
        pixels.data[ty * tw * c..(ty + 1) * tw * c].copy_from_slice(&row);
    }
    pixels.data.truncate(tw * th * c);
    pixels.data.shrink_to_fit();
    Pixels {
        w: tw as u32,
        h: th as u32,
        channels: c as u8,
        data: pixels.data,
    }
}

fn encode_png(pixels: &Pixels) -> Result<Vec<u8>, Why> {
    let color = match pixels.channels {
        1 => png::ColorType::Grayscale,
        2 => png::ColorType::GrayscaleAlpha,
        3 => png::ColorType::Rgb,
        _ => png::ColorType::Rgba,
    };
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixels.w, pixels.h);
    encoder.set_color(color);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer
        .write_image_data(&pixels.data)
        .map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}

/// Quality of a reduced JPEG: well above what shows in print.
const JPEG_QUALITY: u8 = 92;

fn encode_jpeg(pixels: &Pixels) -> Result<Vec<u8>, Why> {
    jpeg_bytes(
        &pixels.data,
        pixels.w,
        pixels.h,
        pixels.channels == 1,
        JPEG_QUALITY,
        None,
    )
}

/// A baseline JPEG of grey or RGB pixels at `quality`, its colour kept at full resolution
/// (4:4:4; jpeg-encoder halves it below quality 90 unless told), and its density when given.
pub fn jpeg_bytes(
    data: &[u8],
    w: u32,
    h: u32,
    grey: bool,
    quality: u8,
    dpi: Option<u32>,
) -> Result<Vec<u8>, Why> {
    use jpeg_encoder::{ColorType, Encoder, PixelDensity, SamplingFactor};
    let past = |n: u32| format!("{n} is past JPEG's 65,535");
    let side = |n: u32| u16::try_from(n).map_err(|_| past(n));
    let mut out = Vec::new();
    let mut encoder = Encoder::new(&mut out, quality);
    encoder.set_sampling_factor(SamplingFactor::F_1_1);
    if let Some(dpi) = dpi {
        encoder.set_density(PixelDensity::dpi(side(dpi)?));
    }
    let color = if grey {
        ColorType::Luma
    } else {
        ColorType::Rgb
    };
    encoder
        .encode(data, side(w)?, side(h)?, color)
        .map_err(|e| e.to_string())?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_is_averaged_down_in_its_own_buffer() {
        // 4 × 2 grey: two 2 × 2 boxes, of 10s and of 30s and 50s.
        let grey = Pixels {
            w: 4,
            h: 2,
            channels: 1,
            data: vec![10, 10, 30, 50, 10, 10, 50, 30],
        };
        let small = reduce(grey, 2, 1);
        assert_eq!((small.w, small.h, small.data), (2, 1, vec![10, 40]));
        // A transparent pixel lends no colour: red over transparent black stays red, half seen.
        let rgba = Pixels {
            w: 2,
            h: 1,
            channels: 4,
            data: vec![255, 0, 0, 255, 0, 0, 0, 0],
        };
        assert_eq!(reduce(rgba, 1, 1).data, [255, 0, 0, 128]);
    }

    #[test]
    fn a_reduced_jpeg_decodes_to_its_pixels_in_grey_or_colour() {
        use zune_jpeg::zune_core::bytestream::ZCursor;
        use zune_jpeg::zune_core::colorspace::ColorSpace;
        for (channels, space) in [(1u8, ColorSpace::Luma), (3, ColorSpace::YCbCr)] {
            // 24 × 16 of one colour: grey 200, or orange.
            let pixel: &[u8] = if channels == 1 {
                &[200]
            } else {
                &[240, 120, 30]
            };
            let pixels = Pixels {
                w: 24,
                h: 16,
                channels,
                data: pixel.repeat(24 * 16),
            };
            let bytes = encode_jpeg(&pixels).unwrap();
            assert_eq!(&bytes[..2], [0xff, 0xd8], "a JPEG");
            let sof = bytes.windows(2).position(|m| m == [0xff, 0xc0]);
            let sof = sof.expect("baseline (SOF0)");
            // Each component sampled 1 × 1: colour at full resolution.
            let components = bytes[sof + 9] as usize;
            assert_eq!(components, channels as usize);
            for c in 0..components {
                assert_eq!(bytes[sof + 11 + 3 * c], 0x11, "component {c} sampled 1 × 1");
            }
            let mut decoder = zune_jpeg::JpegDecoder::new(ZCursor::new(&bytes));
            let decoded = decoder.decode().unwrap();
            assert_eq!(decoder.dimensions(), Some((24, 16)));
            assert_eq!(decoder.input_colorspace(), Some(space));
            let got = &decoded[..pixel.len()];
            for (g, want) in got.iter().zip(pixel) {
                assert!(g.abs_diff(*want) <= 2, "{got:?} against {pixel:?}");
            }
        }
        let wide = Pixels {
            w: 70_000,
            h: 1,
            channels: 1,
            data: vec![0; 70_000],
        };
        assert_eq!(
            encode_jpeg(&wide).unwrap_err(),
            "70000 is past JPEG's 65,535"
        );
        // Below quality 90 jpeg-encoder would halve the colour: told not to.
        let low = jpeg_bytes(&[9, 99, 199].repeat(64), 8, 8, false, 50, Some(300)).unwrap();
        let sof = low.windows(2).position(|m| m == [0xff, 0xc0]).unwrap();
        assert_eq!([low[sof + 11], low[sof + 14], low[sof + 17]], [0x11; 3]);
    }

    #[test]
    fn a_picture_within_the_budget_is_kept_and_a_larger_one_reduced_to_fit() {
        assert!(drawing_cost(Format::Png, 2000, 2000, 4) <= DRAW_BUDGET);
        // 8000 × 4000 at 16 bits a channel: far over, reduced at 8 bits to fit.
        assert!(drawing_cost(Format::Png, 8000, 4000, 8) > DRAW_BUDGET);
        let big = Pixels {
            w: 8000,
            h: 4000,
            channels: 4,
            data: Vec::new(),
        };
        let (w, h) = fitting(Format::Png, &big);
        assert!(
            drawing_cost(Format::Png, w, h, 4) <= DRAW_BUDGET,
            "{w} × {h}"
        );
        assert!(
            w > 3500 && (w as f64 / h as f64 - 2.0).abs() < 0.01,
            "{w} × {h}"
        );
        // A JPEG costs the PDF nothing: it keeps more of its pixels.
        let (jw, _) = fitting(Format::Jpeg, &Pixels { channels: 3, ..big });
        assert!(jw > w);
    }
}
