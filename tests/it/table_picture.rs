//! Issue 45: the picture of a Tabletop Simulator table (`pnp tts --table`'s PNG) draws each
//! tile and card in the outline TTS cuts it to — a hex tile as a hex, a round token as a disc —
//! not as its image's square.
use crate::common::*;
use pnp::outputs::tts::map::TILE_UNITS_AT_SCALE_1;
use pnp::outputs::tts::topdown::{SHOWN_X, SHOWN_Z};
use serde_json::Value;

/// A red flat hex tile and a blue round token laid by the setup diagram, away from the bags.
const GAME: &str = r##"game: {id: cut, name: Cut, players: [2]}
components:
  - id: hex
    kind: tile
    shape: {hex: flat}
    size: 60mm
    front: {background: "#ff0000"}
  - id: disc
    kind: token
    shape: round
    size: 50mm
    front: {background: "#0000ff"}
  - id: setup
    kind: diagram
    size: 150mm x 100mm
    diagram:
      scale: 0.5
      place:
        - {piece: hex, at: [80, 100]}
        - {piece: disc, at: [220, 100]}
"##;

#[test]
fn the_table_s_picture_draws_hex_tiles_as_hexes_and_round_tokens_as_discs() {
    let dir = temp_dir("table-picture");
    let file = dir.join("cut.yaml");
    std::fs::write(&file, GAME).unwrap();
    let out = pnp()
        .args([
            "tts",
            file.to_str().unwrap(),
            "--table",
            "--players",
            "2",
            "--out",
        ])
        .arg(dir.join("out"))
        .env_remove("PNP_TTS_DIR")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let save: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("out/cut-table.json")).unwrap())
            .unwrap();
    let picture = dir.join("out/cut-table.png");
    // An RGB picture (a thumbnail has no transparency).
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&picture).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    assert_eq!(reader.info().color_type, png::ColorType::Rgb);
    let mut rgb = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut rgb).unwrap();
    let (width, height) = (info.width, info.height);
    let ppu = width as f64 / (2.0 * SHOWN_X);
    // The colour at a table point (units), +z up the picture.
    let at = |x: f64, z: f64| {
        let (px, py) = (
            ((x + SHOWN_X) * ppu) as usize,
            ((SHOWN_Z - z) * ppu) as usize,
        );
        assert!(
            px < width as usize && py < height as usize,
            "({x}, {z}) off the picture"
        );
        let i = (py * width as usize + px) * 3;
        [rgb[i], rgb[i + 1], rgb[i + 2]]
    };
    let red = |c: [u8; 3]| c[0] > 200 && c[1] < 60 && c[2] < 60;
    let blue = |c: [u8; 3]| c[2] > 200 && c[0] < 60 && c[1] < 60;
    // The bare table, below the pieces: what shows where an image's white corner was.
    let near = |a: [u8; 3], b: [u8; 3]| a.iter().zip(b).all(|(&p, q)| p.abs_diff(q) < 12);
    // Each tile laid on the table (not in a bag): its middle and its depth (units).
    let tile = |ty: u64| {
        let objects = save["ObjectStates"].as_array().unwrap();
        let o = objects
            .iter()
            .find(|o| o["Name"] == "Custom_Tile" && o["CustomImage"]["CustomTile"]["Type"] == ty)
            .unwrap_or_else(|| panic!("no tile of type {ty} on the table"));
        let t = &o["Transform"];
        let d = TILE_UNITS_AT_SCALE_1 * t["scaleZ"].as_f64().unwrap();
        (t["posX"].as_f64().unwrap(), t["posZ"].as_f64().unwrap(), d)
    };
    // The hex, flat on top: its image as wide as from corner to corner (2/√3 of its depth).
    let (x, z, d) = tile(1);
    let table = at(x, z - 1.5 * d);
    assert!(
        table[0] < 200 && !red(table) && !blue(table),
        "the table: {table:?}"
    );
    let w = d * 2.0 / 3f64.sqrt();
    assert!(red(at(x, z)), "the hex's middle: {:?}", at(x, z));
    // Near its top edge the hex is half as wide as it is long: red a quarter of its width out,
    // the table where its image's corners are.
    for (sx, sz) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
        let inside = at(x + sx * 0.22 * w, z + sz * 0.42 * d);
        let corner = at(x + sx * 0.45 * w, z + sz * 0.42 * d);
        assert!(red(inside), "inside the hex: {inside:?}");
        assert!(
            near(corner, table),
            "the image's corner beyond the hex: {corner:?}"
        );
    }
    // Its corners at the middles of its sides: red just inside them.
    assert!(red(at(x + 0.47 * w, z)) && red(at(x - 0.47 * w, z)));
    // The disc: blue to near its rim, not at its image's corners.
    let (x, z, d) = tile(2);
    let r = d / 2.0;
    assert!(blue(at(x, z)));
    for (sx, sz) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
        assert!(
            blue(at(x + sx * 0.85 * r, z + sz * 0.85 * r)),
            "inside the disc's rim"
        );
    }
    for (sx, sz) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
        let corner = at(x + sx * 0.9 * r, z + sz * 0.9 * r);
        assert!(near(corner, table), "the disc's image's corner: {corner:?}");
    }
}
