//! Reference images: one page of each shipped game, rendered at 30 dpi (hayro, our bundled
//! fonts: the same pixels on every machine) and compared with the picture kept in `tests/ref/`.
//! A page whose pixels differ from it by more than a tolerance fails: a title moved by 3 mm, a
//! missing symbol or a changed colour is caught where property tests see nothing.
//!
//! After a change made on purpose, look at the new pictures and keep them:
//! `PNP_BLESS=1 cargo test --test it reference` writes them to `tests/ref/`.
use crate::common::*;
use std::path::PathBuf;

/// Pixels per PDF point: 30 dpi.
const SCALE: f32 = 30.0 / 72.0;

/// A pixel differs when its grey differs by more than this (anti-aliasing stays below it).
const GREY: u8 = 48;

/// A page may differ in at most this share of its pixels.
const SHARE: f64 = 0.002;

/// (game, page from 1): a page of pieces of each game (Night Grain's and Making Ground's first;
/// the piecepack's tiles, Cream of the Crop's tiles after the set-up diagram on the cover's back,
/// The Beast's family record sheet, the Bean-Off's bean tokens).
const PAGES: [(&str, usize); 6] = [
    ("night-grain", 2),
    ("piecepack", 3),
    ("cream-of-the-crop", 3),
    ("the-beast", 3),
    ("making-ground", 2),
    ("bean-off", 3),
];

/// A page as grey pixels.
struct Grey {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

fn grey(r: &Raster) -> Grey {
    let pixels = r
        .rgba
        .chunks_exact(4)
        .map(|p| ((p[0] as u32 * 299 + p[1] as u32 * 587 + p[2] as u32 * 114) / 1000) as u8)
        .collect();
    Grey {
        width: r.width,
        height: r.height,
        pixels,
    }
}

fn reference(game: &str, page: usize) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/ref")
        .join(format!("{game}-{page}.png"))
}

fn read(path: &PathBuf) -> Grey {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    ));
    let mut reader = decoder.read_info().expect("a reference decodes");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut pixels).expect("a frame");
    assert_eq!(info.color_type, png::ColorType::Grayscale);
    pixels.truncate(info.buffer_size());
    Grey {
        width: info.width as usize,
        height: info.height as usize,
        pixels,
    }
}

fn write(path: &PathBuf, g: &Grey) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let file = std::fs::File::create(path).unwrap();
    let mut enc = png::Encoder::new(file, g.width as u32, g.height as u32);
    enc.set_color(png::ColorType::Grayscale);
    enc.set_compression(png::Compression::High);
    enc.write_header()
        .unwrap()
        .write_image_data(&g.pixels)
        .unwrap();
}

/// The share of pixels that differ, or 1 when the sizes do.
fn differing(a: &Grey, b: &Grey) -> f64 {
    if (a.width, a.height) != (b.width, b.height) {
        return 1.0;
    }
    let n = a
        .pixels
        .iter()
        .zip(&b.pixels)
        .filter(|(x, y)| x.abs_diff(**y) > GREY)
        .count();
    n as f64 / a.pixels.len() as f64
}

/// Page `page` of `game`'s PDF, built as a user builds it (A4, its cover first).
fn render(game: &str, page: usize) -> Grey {
    let out = build(game, &["--no-png"]);
    let pdf = std::fs::read(out.join(format!("{game}.pdf"))).unwrap();
    let pages = rasterize(&pdf, SCALE);
    grey(&pages[page - 1])
}

#[test]
fn a_page_of_each_shipped_game_looks_as_it_did() {
    let bless = std::env::var_os("PNP_BLESS").is_some();
    let mut failed = Vec::new();
    for (game, page) in PAGES {
        let now = render(game, page);
        // A page of pieces, not a blank one: a tenth of it is ink or colour.
        let inked = now.pixels.iter().filter(|&&p| p < 200).count();
        assert!(
            inked * 10 > now.pixels.len() / 10,
            "{game} page {page} is nearly blank"
        );
        let path = reference(game, page);
        if bless {
            write(&path, &now);
            continue;
        }
        let share = differing(&read(&path), &now);
        if share > SHARE {
            let seen = std::env::temp_dir().join(format!("pnp-{game}-{page}.png"));
            write(&seen, &now);
            failed.push(format!(
                "{game} page {page}: {:.2} % of its pixels differ from {} (this build's page: {})",
                share * 100.0,
                path.display(),
                seen.display()
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "{}\nIf the change is meant, look at the new pages and keep them: PNP_BLESS=1 cargo test --test it reference",
        failed.join("\n")
    );
}

#[test]
fn the_comparison_catches_a_page_moved_by_three_millimetres() {
    let page = read(&reference("night-grain", 2));
    // 3 mm at 30 dpi.
    let shift = (3.0 / 25.4 * 30.0_f64).round() as usize;
    let mut moved = Grey {
        width: page.width,
        height: page.height,
        pixels: vec![255; page.pixels.len()],
    };
    for y in 0..page.height {
        let row = y * page.width;
        moved.pixels[row + shift..row + page.width]
            .copy_from_slice(&page.pixels[row..row + page.width - shift]);
    }
    assert!(differing(&page, &moved) > SHARE);
    assert_eq!(differing(&page, &page), 0.0);
}
