//! What each PNG was made from, recorded inside it, so a rebuild can keep an image that is already
//! up to date instead of drawing and encoding it again (most of a rebuild's time).
//!
//! The record is a `tEXt` chunk just before `IEND`: keyword `pnp-source`, then the hash of the
//! image's source (pnp's version, rasterizer and encoding, the PNG options, the face's size and its SVG) and the hash of
//! every byte of the file before the record. An image is up to date only when both match, so a
//! file changed since (edited, optimised, truncated) is made again, and the folder always ends
//! up byte-identical to a build into an empty one.
//!
//! The record also proves which images pnp wrote (`is_stamped`): a rebuild removes only those.
use siphasher::sip128::{Hasher128, SipHasher13};
use std::hash::Hasher;
use std::path::Path;

use super::png::PngOptions;
use crate::resolve::faces::FaceDoc;

/// A 128-bit hash: SipHash-1-3 with fixed keys, the same on every machine and in every release.
pub type Hash = [u8; 16];

const KEYWORD: &[u8] = b"pnp-source";
/// keyword, NUL, 32 hex digits, a space, 32 hex digits.
const DATA_LEN: usize = KEYWORD.len() + 1 + 32 + 1 + 32;
/// The record chunk: length, type, data, CRC.
const RECORD_LEN: usize = 4 + 4 + DATA_LEN + 4;
const IEND: [u8; 12] = [0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xAE, 0x42, 0x60, 0x82];

fn hash(parts: &[&[u8]]) -> Hash {
    let mut h = SipHasher13::new();
    for part in parts {
        h.write(part);
    }
    h.finish128().as_bytes()
}

/// What an image of `face` drawn from `svg` with `opt` is made from.
pub fn source(face: &FaceDoc, svg: &str, opt: &PngOptions) -> Hash {
    let settings = format!(
        "pnp {} {} png {} dpi={} compression={:?} size={}x{} bleed={}\n",
        env!("CARGO_PKG_VERSION"),
        super::raster::RENDERER,
        super::png::ENCODING,
        opt.dpi,
        opt.compression,
        face.w,
        face.h,
        face.bleed
    );
    // What a player reads is marked for `pnp check` (`READ_ID`): a mark that draws nothing, so
    // an image whose pixels it does not change keeps its record.
    let mark = format!(" id=\"{}\"", crate::draw::canvas::READ_ID);
    let drawn = match svg.contains(&mark) {
        true => std::borrow::Cow::Owned(svg.replace(&mark, "")),
        false => std::borrow::Cow::Borrowed(svg),
    };
    hash(&[settings.as_bytes(), drawn.as_bytes()])
}

fn hex(h: &Hash) -> String {
    h.iter().map(|b| format!("{b:02x}")).collect()
}

/// The record chunk (length, type, data, CRC) for an image made from `source` whose bytes before
/// the record are `before`.
fn record(source: &Hash, before: &[u8]) -> Vec<u8> {
    record_of(source, &hash(&[before]))
}

/// `record`, given the hash of the bytes before it.
fn record_of(source: &Hash, before: &Hash) -> Vec<u8> {
    let data = [
        KEYWORD,
        b"\0",
        hex(source).as_bytes(),
        b" ",
        hex(before).as_bytes(),
    ]
    .concat();
    debug_assert_eq!(data.len(), DATA_LEN);
    let mut crc = crc32fast::Hasher::new();
    crc.update(b"tEXt");
    crc.update(&data);
    [
        &(DATA_LEN as u32).to_be_bytes()[..],
        b"tEXt",
        &data,
        &crc.finalize().to_be_bytes(),
    ]
    .concat()
}

/// Stamps the finished PNG in `png` with the record of `source`, just before its `IEND`.
pub fn stamp(png: &mut Vec<u8>, source: &Hash) -> Result<(), super::png::ImageError> {
    if !png.ends_with(&IEND) {
        let why = "the encoder's output does not end with IEND".to_string();
        return Err(super::png::ImageError::Parts(why));
    }
    png.truncate(png.len() - IEND.len());
    let record = record(source, png);
    png.extend_from_slice(&record);
    png.extend_from_slice(&IEND);
    Ok(())
}

/// Whether `file` is a PNG that pnp made from `source` and that nobody has changed since: it
/// ends with exactly the record `stamp` would write for its bytes, then `IEND`.
pub fn is_up_to_date(file: &[u8], source: &Hash) -> bool {
    let Some(record_at) = file.len().checked_sub(RECORD_LEN + IEND.len()) else {
        return false;
    };
    let (before, rest) = file.split_at(record_at);
    rest.ends_with(&IEND) && rest[..RECORD_LEN] == record(source, before)
}

/// Whether the file at `path` is an image pnp wrote, whatever it was made from, and nobody has
/// changed since: it ends with a record whose hash is that of the bytes before it. A user's own
/// PNG has no record, an edited one no longer matches. Read a block at a time, and only past
/// the record's own test: a large file that is not ours is never read whole.
pub fn is_stamped(path: &Path) -> bool {
    use std::io::{Read, Seek, SeekFrom};
    // Regular files only: opening a FIFO would wait for a writer.
    if !std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file()) {
        return false;
    }
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let tail_len = (RECORD_LEN + IEND.len()) as u64;
    let Some(record_at) = file
        .metadata()
        .ok()
        .and_then(|m| m.len().checked_sub(tail_len))
    else {
        return false;
    };
    let mut tail = vec![0; tail_len as usize];
    let read = file.seek(SeekFrom::Start(record_at)).is_ok() && file.read_exact(&mut tail).is_ok();
    let head = [
        &(DATA_LEN as u32).to_be_bytes()[..],
        b"tEXt",
        KEYWORD,
        b"\0",
    ]
    .concat();
    if !read || !tail.starts_with(&head) || !tail.ends_with(&IEND) {
        return false;
    }
    let Some(source) = unhex(&tail[head.len()..head.len() + 32]) else {
        return false;
    };
    // The hash of every byte before the record, as `record` takes it.
    let mut h = SipHasher13::new();
    let mut block = vec![0; 1 << 16];
    let mut left = record_at;
    if file.seek(SeekFrom::Start(0)).is_err() {
        return false;
    }
    while left > 0 {
        let n = (left as usize).min(block.len());
        if file.read_exact(&mut block[..n]).is_err() {
            return false;
        }
        h.write(&block[..n]);
        left -= n as u64;
    }
    tail[..RECORD_LEN] == record_of(&source, &h.finish128().as_bytes())
}

/// 32 lowercase hex digits (as `hex` writes them) back into a hash.
fn unhex(digits: &[u8]) -> Option<Hash> {
    let mut out = [0; 16];
    for (byte, pair) in out.iter_mut().zip(digits.chunks_exact(2)) {
        let pair = std::str::from_utf8(pair).ok()?;
        *byte = u8::from_str_radix(pair, 16).ok()?;
    }
    (digits.len() == 32).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny_png() -> Vec<u8> {
        let mut out = Vec::new();
        let mut enc = png::Encoder::new(&mut out, 2, 1);
        enc.set_color(png::ColorType::Rgba);
        let mut w = enc.write_header().unwrap();
        w.write_image_data(&[1, 2, 3, 255, 4, 5, 6, 255]).unwrap();
        w.finish().unwrap();
        out
    }

    #[test]
    fn a_stamped_image_is_up_to_date_only_for_its_own_source_and_bytes() {
        let (a, b) = (hash(&[b"face a"]), hash(&[b"face b"]));
        let mut png = tiny_png();
        stamp(&mut png, &a).unwrap();
        assert!(is_up_to_date(&png, &a));
        assert!(!is_up_to_date(&png, &b), "another source");
        // Any byte changed anywhere in the file (signature, header, pixels, the record itself) is
        // noticed.
        for i in 0..png.len() {
            let mut changed = png.clone();
            changed[i] ^= 1;
            assert!(!is_up_to_date(&changed, &a), "byte {i} changed");
        }
        assert!(!is_up_to_date(&png[..png.len() - 1], &a), "truncated");
        assert!(!is_up_to_date(&tiny_png(), &a), "no record");
        assert!(!is_up_to_date(b"", &a));
    }

    #[test]
    fn a_stamped_file_is_known_as_ours_whatever_its_source_and_size() {
        let dir = std::env::temp_dir().join(format!("pnp-stamped-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("a.png");
        // Larger than one block read, so the hash is taken over several.
        let mut big = vec![7u8; 200_001];
        big.extend_from_slice(&IEND);
        for mut png in [tiny_png(), big] {
            std::fs::write(&file, &png).unwrap();
            assert!(!is_stamped(&file), "no record");
            stamp(&mut png, &hash(&[b"a face no game has now"])).unwrap();
            std::fs::write(&file, &png).unwrap();
            assert!(is_stamped(&file));
            for i in [0, 20, png.len() - 40, png.len() - 1] {
                let mut changed = png.clone();
                changed[i] ^= 1;
                std::fs::write(&file, &changed).unwrap();
                assert!(!is_stamped(&file), "byte {i} changed");
            }
        }
        assert!(!is_stamped(&dir.join("missing.png")));
        assert!(!is_stamped(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_stamped_image_still_decodes_with_its_record_as_text() {
        let mut png = tiny_png();
        let source = hash(&[b"face"]);
        stamp(&mut png, &source).unwrap();
        let mut reader = png::Decoder::new(std::io::Cursor::new(&png))
            .read_info()
            .unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        reader.next_frame(&mut pixels).unwrap();
        reader.finish().unwrap();
        assert_eq!(pixels, [1, 2, 3, 255, 4, 5, 6, 255]);
        let text = &reader.info().uncompressed_latin1_text;
        assert_eq!(text.len(), 1);
        assert_eq!(text[0].keyword, "pnp-source");
        assert!(text[0].text.starts_with(&hex(&source)));
    }

    #[test]
    fn the_source_covers_the_options_and_the_size() {
        let doc =
            |w: f64| crate::resolve::faces::FaceDoc::of_svg("f", "".to_string(), w, 20.0, 0.0);
        let opt = PngOptions::default();
        let s = source(&doc(10.0), "<svg/>", &opt);
        assert_eq!(s, source(&doc(10.0), "<svg/>", &opt));
        assert_ne!(s, source(&doc(10.0), "<svg />", &opt));
        assert_ne!(s, source(&doc(11.0), "<svg/>", &opt));
        assert_ne!(s, source(&doc(10.0), "<svg/>", &PngOptions::at(150)));
    }
}
