//! From home printer to print shop (issue 37): images with their bleed, vendor profiles, cut
//! lines and preflight.
use crate::common::*;
use std::path::{Path, PathBuf};

/// A card and a tile in strong colours, written into a fresh folder.
fn shop_game() -> PathBuf {
    let dir = temp_dir("shop-game");
    let path = dir.join("shop.yaml");
    std::fs::write(
        &path,
        "game: {id: shop, name: Shop, players: [2]}\n\
         components:\n\
         \x20 - id: card\n\
         \x20   kind: card\n\
         \x20   size: 63.5mm x 88.9mm\n\
         \x20   copies: 3\n\
         \x20   front: {title: Card, background: \"#c00000\", ink: \"#ffffff\"}\n\
         \x20   back: {title: Back, background: \"#0000c0\", ink: \"#ffffff\"}\n\
         \x20 - id: tile\n\
         \x20   kind: tile\n\
         \x20   size: 30mm\n\
         \x20   copies: 2\n\
         \x20   front: {label: Tile, background: \"#00a000\", ink: \"#ffffff\"}\n",
    )
    .unwrap();
    path
}

fn pixel(rgba: &[u8], w: u32, x: u32, y: u32) -> [u8; 4] {
    let i = ((y * w + x) * 4) as usize;
    rgba[i..i + 4].try_into().unwrap()
}

fn near(got: [u8; 4], want: [u8; 3]) -> bool {
    got[3] == 255 && got.iter().zip(want).all(|(a, b)| a.abs_diff(b) <= 2)
}

fn image(dir: &Path, name: &str) -> (u32, u32, Option<u32>, Vec<u8>) {
    let path = dir.join("png").join(name);
    let (w, h, ppu) = png_info(&path);
    (w, h, ppu, png_rgba(&path))
}

#[test]
fn with_bleed_an_image_is_the_trim_and_its_bleed_at_the_dpi() {
    let game = shop_game();
    let game = game.to_str().unwrap();
    // 1/8 in of bleed on a poker card is The Game Crafter's 825 × 1125 px at 300 dpi.
    let cases: [(&[&str], u32, [(&str, u32, u32); 3]); 3] = [
        (
            &[],
            300,
            [
                ("card-front.png", 750, 1050),
                ("card-back.png", 750, 1050),
                ("tile-front.png", 354, 354), // 30 mm = 354.33 px
            ],
        ),
        (
            &["--bleed", "0.125in"],
            300,
            [
                ("card-front.png", 825, 1125),
                ("card-back.png", 825, 1125),
                ("tile-front.png", 429, 429), // 36.35 mm = 429.33 px
            ],
        ),
        (
            &["--bleed", "3mm", "--dpi", "150"],
            150,
            [
                ("card-front.png", 410, 560), // 69.5 × 94.9 mm = 410.4 × 560.4 px
                ("card-back.png", 410, 560),
                ("tile-front.png", 213, 213), // 36 mm = 212.6 px
            ],
        ),
    ];
    for (extra, dpi, images) in cases {
        let dir = build(game, extra);
        for (name, w, h) in images {
            let (gw, gh, ppu, _) = image(&dir, name);
            assert_eq!((gw, gh), (w, h), "{extra:?} {name}");
            assert_eq!(ppu, Some(ppm(dpi)), "{extra:?} {name}");
        }
    }
}

#[test]
fn the_background_runs_into_the_bleed_of_every_image() {
    let game = shop_game();
    let dir = build(game.to_str().unwrap(), &["--bleed", "3mm"]);
    let bleed_px = (3.0_f64 / 25.4 * 300.0) as u32; // 35 px
    for (name, colour) in [
        ("card-front.png", [0xc0, 0, 0]),
        ("card-back.png", [0, 0, 0xc0]),
        ("tile-front.png", [0, 0xa0, 0]),
    ] {
        let (w, h, _, rgba) = image(&dir, name);
        // Every pixel of the bleed band: the corners, the edges' middles, a pixel in from each.
        let mut spots = vec![];
        for d in [0, 1, bleed_px / 2, bleed_px - 2] {
            spots.extend([
                (d, d),
                (w - 1 - d, d),
                (d, h - 1 - d),
                (w - 1 - d, h - 1 - d),
                (w / 2, d),
                (d, h / 2),
                (w - 1 - d, h / 2),
                (w / 2, h - 1 - d),
            ]);
        }
        for (x, y) in spots {
            let got = pixel(&rgba, w, x, y);
            assert!(near(got, colour), "{name} ({x}, {y}): {got:?}");
        }
    }
}
