//! The tile-laying example, Hex Valley, on the real binary: its hex tiles carry pictures of
//! their own, cut to the hex: in each tile's PNG every pixel outside the hex is transparent and
//! every pixel well inside it is painted (the pictures fill their whole square, so it is the cut
//! that leaves the corners empty). It validates, checks clean, and its table has hex tiles.
use crate::common::*;

const GAME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/hex-valley.yaml");

/// Whether (x, y) (mm from the top-left of the tile's box) is inside the pointy-top hex `w` mm
/// across its flats, grown by `by` mm (shrunk when negative).
fn in_hex(x: f64, y: f64, w: f64, by: f64) -> bool {
    let h = w / 30f64.to_radians().cos();
    let (dx, dy) = ((x - w / 2.0).abs(), (y - h / 2.0).abs());
    // The flats at ±w/2, the slanted sides through (w/2, h/4) and (0, h/2) from the centre.
    let slant = dx * 30f64.to_radians().sin() + dy * 30f64.to_radians().cos();
    dx <= w / 2.0 + by && slant <= w / 2.0 + by
}

#[test]
fn hex_valley_pictures_are_cut_to_their_hex_and_transparent_outside() {
    let validate = run(&["validate", GAME]);
    assert!(validate.status.success(), "{}", stderr(&validate));
    assert!(
        stdout(&validate).contains("10 rules hold"),
        "{}",
        stdout(&validate)
    );
    let check = run(&["check", GAME]);
    let said = format!("{}{}", stdout(&check), stderr(&check));
    // The print shop's checks pass, and the designer's (the banners differ in grey too).
    let known: [&str; 0] = [];
    let other = unexpected_warnings(&said, &known);
    assert!(
        check.status.success() && other.is_empty(),
        "{other:?}\n{said}"
    );

    let dir = temp_dir("hex-valley");
    let out = dir.join("out");
    let dpi = 150;
    let build = pnp()
        .args(["build", GAME, "--dpi", &dpi.to_string(), "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(build.status.success(), "{}", stderr(&build));
    let w = 40.0;
    let px_per_mm = dpi as f64 / 25.4;
    for terrain in ["meadow", "forest", "lake", "mountain", "castle"] {
        let path = out.join(format!("png/tile-{terrain}-front.png"));
        let (pw, ph, _) = png_info(&path);
        let h = w / 30f64.to_radians().cos();
        assert_eq!(pw, (w * px_per_mm).round() as u32, "{terrain}");
        assert_eq!(ph, (h * px_per_mm).round() as u32, "{terrain}");
        let rgba = png_rgba(&path);
        let (mut outside, mut inside) = (0, 0);
        for py in 0..ph {
            for px in 0..pw {
                let (x, y) = ((px as f64 + 0.5) / px_per_mm, (py as f64 + 0.5) / px_per_mm);
                let alpha = rgba[((py * pw + px) * 4 + 3) as usize];
                if !in_hex(x, y, w, 0.2) {
                    assert_eq!(alpha, 0, "{terrain}: pixel ({px}, {py}) outside the hex");
                    outside += 1;
                } else if in_hex(x, y, w, -0.5) {
                    assert_eq!(alpha, 255, "{terrain}: pixel ({px}, {py}) inside the hex");
                    inside += 1;
                }
            }
        }
        // The corners of the box are a quarter of it, less the hex's share.
        assert!(
            outside as f64 > 0.2 * (pw * ph) as f64,
            "{terrain}: {outside}"
        );
        assert!(
            inside as f64 > 0.7 * (pw * ph) as f64,
            "{terrain}: {inside}"
        );
    }
    // The meadow is its picture: the grass green it is painted in, in the middle.
    let path = out.join("png/tile-meadow-front.png");
    let (pw, ph, _) = png_info(&path);
    let rgba = png_rgba(&path);
    let mid = ((ph / 2 * pw + pw / 2) * 4) as usize;
    assert_eq!(&rgba[mid..mid + 4], &[0xa8, 0xd4, 0x7a, 255]);

    // On the table the tiles are hex tiles (`CustomTile.Type` 1), the castle among them.
    let tts = pnp()
        .args(["tts", GAME, "--dpi", "30", "--out"])
        .arg(dir.join("tts"))
        .env_remove("PNP_TTS_DIR")
        .output()
        .unwrap();
    assert!(tts.status.success(), "{}", stderr(&tts));
    let text = std::fs::read_to_string(dir.join("tts/hex-valley.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut tiles = 0;
    let mut walk = vec![&v["ObjectStates"]];
    while let Some(list) = walk.pop() {
        for o in list.as_array().into_iter().flatten() {
            if o["Nickname"]
                .as_str()
                .is_some_and(|n| n.starts_with("Valley tile"))
                && o["Name"] == "Custom_Tile"
            {
                assert_eq!(
                    o["CustomImage"]["CustomTile"]["Type"], 1,
                    "{}",
                    o["Nickname"]
                );
                tiles += 1;
            }
            walk.push(&o["ContainedObjects"]);
        }
    }
    assert_eq!(tiles, 37, "every tile on the table");
}
