//! A game's own pictures (`image: art/dragon.png`): found only in the game's folder and below,
//! read within limits, checked to decode, and registered once per content, so that every face
//! showing one names the same picture (the PDF then holds it once, however many faces show it).
//!
//! A face's SVG names a picture as `pnp-image:<hash of its bytes>`; `trees::options` resolves
//! that name from the registry here and nothing else, so faces stay small and a changed file
//! (a new hash) changes the face's SVG, and so the PNG made from it.
mod raster;
mod svg;
pub use raster::jpeg_bytes;

use resvg::usvg::ImageKind;
use std::collections::HashMap;
use std::path::{Component as PathPart, Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::base::assets::NotPlain;

/// Largest image file read (a full-bleed poker card at 600 dpi is about 2 MB as a PNG).
pub const MAX_IMAGE_BYTES: usize = 16 * 1024 * 1024;
/// Most pixels a side, and in all: a decoded picture of 32 Mpx takes 128 MB while it is drawn.
pub const MAX_IMAGE_SIDE: u32 = 8_192;
pub const MAX_IMAGE_PIXELS: u64 = 32_000_000;
/// Largest SVG image: as a symbol's.
pub const MAX_SVG_IMAGE_BYTES: usize = crate::draw::symbol::MAX_SYMBOL_BYTES;
/// Below this a picture prints visibly soft: a warning, not an error.
pub const MIN_DPI: f64 = 150.0;
/// What print shops ask of a picture at its printed size (`pnp check`).
pub const SHOP_DPI: f64 = 300.0;

/// How a face's SVG names a picture.
pub const HREF_PREFIX: &str = "pnp-image:";

/// The kinds of file an image may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Png,
    Jpeg,
    Webp,
    Svg,
}

/// A picture read and checked: its bytes (or parsed SVG) and its size in pixels.
#[derive(Debug)]
pub struct Picture {
    /// What the face's SVG names it by (`pnp-image:…`).
    pub href: String,
    pub format: Format,
    /// Size in pixels (for an SVG, in its own units: it is drawn as vectors at any size).
    pub w: u32,
    pub h: u32,
}

impl Picture {
    /// Whether it is drawn from pixels (so its resolution on paper matters).
    pub fn is_raster(&self) -> bool {
        self.format != Format::Svg
    }

    /// Its resolution when drawn `w_mm` × `h_mm` (the lower of the two axes' when stretched).
    pub fn dpi_at(&self, w_mm: f64, h_mm: f64) -> f64 {
        dpi_of(self.w, self.h, w_mm, h_mm)
    }
}

/// The resolution of `w` × `h` pixels drawn `w_mm` × `h_mm`: the lower of the two axes'.
pub fn dpi_of(w: u32, h: u32, w_mm: f64, h_mm: f64) -> f64 {
    let across = w as f64 / (w_mm / 25.4);
    let down = h as f64 / (h_mm / 25.4);
    across.min(down)
}

/// The pixels a `w` × `h` picture printed at `dpi` needs to reach `min_dpi`, its shape kept;
/// `None` when it has enough. The build's soft-image warning and `pnp check` both say it.
pub fn pixels_needed(w: u32, h: u32, dpi: f64, min_dpi: f64) -> Option<(u64, u64)> {
    if dpi >= min_dpi {
        return None;
    }
    // Less a hair, so that rounding (72 dpi asked for 300 dpi) does not ask a pixel more.
    let need = |px: u32| (px as f64 * min_dpi / dpi - 1e-6).ceil() as u64;
    Some((need(w), need(h)))
}

/// Why an image cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ImageError {
    #[error("a shipped game cannot read image files")]
    Shipped,
    #[error(
        "`{0}`: an image is named from the game's folder, without `..` or a leading `/` (e.g. `art/dragon.png`)"
    )]
    Outside(String),
    #[error(
        "`{0}` leads out of the game's folder (through a symbolic link): images are read from the game's folder and below only"
    )]
    LinkOut(String),
    #[error("there is no image `{0}` in the game's folder")]
    Missing(String),
    #[error("cannot read `{0}`: {1}")]
    Unreadable(String, String),
    #[error("`{name}` is larger than {}", size_text(*limit))]
    TooLarge { name: String, limit: usize },
    /// A FIFO would keep the build waiting for a writer, a device never ends.
    #[error(
        "`{0}` is not a plain file (a pipe, a device or a folder): pictures are read from plain files only"
    )]
    NotAFile(String),
    #[error(
        "`{name}` is {w} × {h} pixels; an image may be at most {MAX_IMAGE_SIDE} pixels a side and {MAX_IMAGE_PIXELS} pixels in all"
    )]
    TooManyPixels { name: String, w: u32, h: u32 },
    #[error("`{0}` is not a PNG, JPEG, WebP or SVG image")]
    Format(String),
    #[error("`{0}` cannot be read as {1}: {2}")]
    Decode(String, &'static str, String),
    #[error("SVG picture `{0}`: {1}")]
    Svg(String, svg::SvgPictureError),
}

/// The file `name` names in the game's folder `dir`: a relative path without `..`, that stays
/// in `dir` once every symbolic link is followed.
pub fn locate(dir: Option<&Path>, name: &str) -> Result<PathBuf, ImageError> {
    let dir = dir.ok_or(ImageError::Shipped)?;
    let relative = Path::new(name);
    let plain = relative
        .components()
        .all(|p| matches!(p, PathPart::Normal(_) | PathPart::CurDir));
    if name.is_empty() || !plain {
        return Err(ImageError::Outside(name.to_string()));
    }
    let path = dir.join(relative);
    let (Ok(real_dir), Ok(real)) = (dir.canonicalize(), path.canonicalize()) else {
        return Err(ImageError::Missing(name.to_string()));
    };
    if !real.starts_with(&real_dir) {
        return Err(ImageError::LinkOut(name.to_string()));
    }
    Ok(real)
}

/// Reads, checks and registers the image `name` of a game in `dir`. Every pixel is decoded
/// once here, so an image that would fail to draw is refused before anything is drawn.
pub fn load(dir: Option<&Path>, name: &str) -> Result<Arc<Picture>, ImageError> {
    let path = locate(dir, name)?;
    let limit = match is_svg_name(name) {
        true => MAX_SVG_IMAGE_BYTES,
        false => MAX_IMAGE_BYTES,
    };
    // `locate` found the folder. Opened without waiting, and refused unless a plain file.
    let folder = dir.unwrap_or(Path::new("."));
    let bytes = match crate::base::assets::read_plain(&path, folder, limit) {
        Ok(bytes) => bytes,
        Err(NotPlain::TooLarge { .. }) => {
            return Err(ImageError::TooLarge {
                name: name.to_string(),
                limit,
            });
        }
        Err(NotPlain::NotAFile) => return Err(ImageError::NotAFile(name.to_string())),
        Err(NotPlain::Missing) => return Err(ImageError::Missing(name.to_string())),
        Err(NotPlain::Outside) => return Err(ImageError::LinkOut(name.to_string())),
        Err(e) => return Err(ImageError::Unreadable(name.to_string(), e.to_string())),
    };
    let hash = crate::base::hash::of(&bytes);
    if let Some(found) = registry()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&hash)
    {
        return Ok(found.0.clone());
    }
    let format = sniff(&bytes, name).ok_or_else(|| ImageError::Format(name.to_string()))?;
    if format == Format::Svg && bytes.len() > MAX_SVG_IMAGE_BYTES {
        return Err(ImageError::TooLarge {
            name: name.to_string(),
            limit: MAX_SVG_IMAGE_BYTES,
        });
    }
    let (w, h, kind) = decode(name, format, bytes)?;
    let picture = Arc::new(Picture {
        href: format!("{HREF_PREFIX}{hash:032x}"),
        format,
        w,
        h,
    });
    registry()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(hash, (picture.clone(), kind));
    Ok(picture)
}

/// The picture a face's SVG names (`pnp-image:…`), for `trees::options`.
pub fn resolve(href: &str) -> Option<ImageKind> {
    let hex = href.strip_prefix(HREF_PREFIX)?;
    let hash = u128::from_str_radix(hex, 16).ok()?;
    let registry = registry().lock().unwrap_or_else(|e| e.into_inner());
    registry.get(&hash).map(|(_, kind)| kind.clone())
}

/// Every picture read by this process, by the hash of its bytes: the same bytes are one
/// `ImageKind` (one shared buffer) whichever file or face they came from.
fn registry() -> &'static Mutex<Registry> {
    static REGISTRY: OnceLock<Mutex<Registry>> = OnceLock::new();
    REGISTRY.get_or_init(Default::default)
}

type Registry = HashMap<u128, (Arc<Picture>, ImageKind)>;

/// A limit in bytes as the README gives it: `256 KiB`, `16 MiB`.
fn size_text(bytes: usize) -> String {
    match bytes % (1024 * 1024) {
        0 => format!("{} MiB", bytes / (1024 * 1024)),
        _ => format!("{} KiB", bytes.div_ceil(1024)),
    }
}

fn is_svg_name(name: &str) -> bool {
    name.to_ascii_lowercase().ends_with(".svg")
}

/// The format by the file's first bytes (an SVG by its name and a `<` first).
fn sniff(bytes: &[u8], name: &str) -> Option<Format> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(Format::Png)
    } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        Some(Format::Jpeg)
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(Format::Webp)
    } else if is_svg_name(name) && bytes.trim_ascii_start().starts_with(b"<") {
        Some(Format::Svg)
    } else {
        None
    }
}

/// Decodes the whole image (refusing it past the pixel limits, read from its header first) as
/// the outputs will, and returns its size and what usvg draws it from: the file as it is, or a
/// copy reduced to draw within the memory budget (`raster`).
fn decode(name: &str, format: Format, bytes: Vec<u8>) -> Result<(u32, u32, ImageKind), ImageError> {
    let bad = |what: &'static str, why: String| ImageError::Decode(name.to_string(), what, why);
    if format == Format::Svg {
        let refused = |e| ImageError::Svg(name.to_string(), e);
        svg::check_source(&bytes).map_err(refused)?;
        let tree = resvg::usvg::Tree::from_data(&bytes, &svg::options())
            .map_err(|e| bad("an SVG image", e.to_string()))?;
        svg::check(&tree).map_err(refused)?;
        let size = tree.size();
        let (w, h) = (size.width().ceil() as u32, size.height().ceil() as u32);
        return Ok((w.max(1), h.max(1), ImageKind::SVG(tree)));
    }
    let what = match format {
        Format::Png => "a PNG",
        Format::Jpeg => "a JPEG",
        _ => "a WebP image",
    };
    let (w, h) = raster_size(format, &bytes).map_err(|why| bad(what, why.to_string()))?;
    if w > MAX_IMAGE_SIDE || h > MAX_IMAGE_SIDE || w as u64 * h as u64 > MAX_IMAGE_PIXELS {
        let name = name.to_string();
        return Err(ImageError::TooManyPixels { name, w, h });
    }
    let bytes = Arc::new(bytes);
    let kind = |format: Format, bytes: Arc<Vec<u8>>| match format {
        Format::Png => ImageKind::PNG(bytes),
        Format::Jpeg => ImageKind::JPEG(bytes),
        _ => ImageKind::WEBP(bytes),
    };
    match raster::check(format, &bytes).map_err(|why| bad(what, why))? {
        raster::Checked::Kept => Ok((w, h, kind(format, bytes))),
        raster::Checked::Reduced {
            w,
            h,
            format,
            bytes,
        } => Ok((w, h, kind(format, Arc::new(bytes)))),
    }
}

/// Why a raster picture's header does not say its size.
#[derive(Debug, thiserror::Error)]
enum HeaderError {
    #[error("{0}")]
    Png(#[from] png::DecodingError),
    #[error("{0:?}")]
    Jpeg(zune_jpeg::errors::DecodeErrors),
    #[error("no size")]
    NoSize,
    #[error("{0}")]
    Webp(#[from] image_webp::DecodingError),
}

/// The size a raster picture's header gives.
fn raster_size(format: Format, bytes: &[u8]) -> Result<(u32, u32), HeaderError> {
    match format {
        Format::Png => {
            let reader = png::Decoder::new(std::io::Cursor::new(bytes)).read_info()?;
            Ok((reader.info().width, reader.info().height))
        }
        Format::Jpeg => {
            use zune_jpeg::zune_core::bytestream::ZCursor;
            let mut decoder = zune_jpeg::JpegDecoder::new(ZCursor::new(bytes));
            decoder.decode_headers().map_err(HeaderError::Jpeg)?;
            let (w, h) = decoder.dimensions().ok_or(HeaderError::NoSize)?;
            Ok((w as u32, h as u32))
        }
        _ => {
            let decoder = image_webp::WebPDecoder::new(std::io::Cursor::new(bytes))?;
            Ok(decoder.dimensions())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_paths_below_the_game_are_found() {
        let dir = std::env::temp_dir().join(format!("pnp-images-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("art")).unwrap();
        std::fs::write(dir.join("art/a.png"), b"x").unwrap();
        assert!(locate(Some(&dir), "art/a.png").is_ok());
        assert!(locate(Some(&dir), "./art/a.png").is_ok());
        for bad in ["../a.png", "art/../../a.png", "/etc/passwd", ""] {
            assert!(
                matches!(locate(Some(&dir), bad), Err(ImageError::Outside(_))),
                "{bad}"
            );
        }
        std::os::unix::fs::symlink("/etc/hostname", dir.join("art/out.png")).unwrap();
        assert!(matches!(
            locate(Some(&dir), "art/out.png"),
            Err(ImageError::LinkOut(_))
        ));
        assert!(matches!(
            locate(Some(&dir), "art/none.png"),
            Err(ImageError::Missing(_))
        ));
        assert_eq!(locate(None, "a.png"), Err(ImageError::Shipped));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn limits_are_named_as_the_readme_names_them() {
        assert_eq!(size_text(MAX_SVG_IMAGE_BYTES), "256 KiB");
        assert_eq!(size_text(MAX_IMAGE_BYTES), "16 MiB");
        let too_large = ImageError::TooLarge {
            name: "a.svg".into(),
            limit: MAX_SVG_IMAGE_BYTES,
        };
        assert_eq!(too_large.to_string(), "`a.svg` is larger than 256 KiB");
    }

    #[test]
    fn formats_are_told_by_their_bytes() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n....", "a.jpg"), Some(Format::Png));
        assert_eq!(
            sniff(&[0xff, 0xd8, 0xff, 0xe0], "a.png"),
            Some(Format::Jpeg)
        );
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 ", "a"), Some(Format::Webp));
        assert_eq!(sniff(b"  <svg/>", "a.SVG"), Some(Format::Svg));
        assert_eq!(sniff(b"<svg/>", "a.png"), None);
        assert_eq!(sniff(b"GIF89a", "a.gif"), None);
    }
}
