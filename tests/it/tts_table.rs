//! Issue 36: Tabletop Simulator right in every detail (the d6 template, tile proportions,
//! sizes, deck keys, escaped URLs, standees) and `pnp tts --table`, a whole save ready to play.
use crate::common::*;

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use pnp::outputs::tts::map::{CARD_DEPTH_AT_SCALE_1, MM_PER_UNIT, TILE_UNITS_AT_SCALE_1};

/// Runs `pnp tts <game> --out <dir> <extra>` into a fresh folder under `parent` (a temp folder
/// if `None`), asserts success, returns the folder.
fn export_to(game: &str, dir: PathBuf, extra: &[&str]) -> PathBuf {
    let out = pnp()
        .args(["tts", game, "--out"])
        .arg(&dir)
        .args(extra)
        .env_remove("PNP_TTS_DIR")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "tts {game} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir
}

fn export(game: &str, extra: &[&str]) -> PathBuf {
    let tag = format!("tts36-{}-{}", game, extra.join("")).replace(['/', '.', '-'], "_");
    export_to(game, temp_dir(&tag), extra)
}

fn stem(game: &str) -> String {
    Path::new(game)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str(&text).expect("the save parses as JSON")
}

/// `pnp tts GAME --table --players N` and its save.
fn table(game: &str, players: u32) -> (PathBuf, Value) {
    let n = players.to_string();
    let dir = export(game, &["--dpi", "30", "--table", "--players", &n]);
    let v = read_json(&dir.join(format!("{}-table.json", stem(game))));
    (dir, v)
}

fn top(v: &Value) -> &Vec<Value> {
    v["ObjectStates"].as_array().unwrap()
}

fn all_objects(v: &Value) -> Vec<&Value> {
    fn walk<'a>(o: &'a Value, out: &mut Vec<&'a Value>) {
        out.push(o);
        for c in o["ContainedObjects"].as_array().into_iter().flatten() {
            walk(c, out);
        }
    }
    let mut out = Vec::new();
    for o in top(v) {
        walk(o, &mut out);
    }
    out
}

fn named<'a>(v: &'a Value, name: &str) -> Vec<&'a Value> {
    top(v).iter().filter(|o| o["Nickname"] == name).collect()
}

fn one<'a>(v: &'a Value, name: &str) -> &'a Value {
    let found = named(v, name);
    assert_eq!(found.len(), 1, "objects named {name:?}");
    found[0]
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"))
}

fn pos(o: &Value) -> (f64, f64) {
    (num(&o["Transform"]["posX"]), num(&o["Transform"]["posZ"]))
}

/// Decodes `%XX` escapes of a URL path.
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(&b[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(hex, 16).unwrap());
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// The file a `file:///` URL names.
fn file_of(url: &str) -> PathBuf {
    let rest = url.strip_prefix("file://").expect("a file:/// URL");
    PathBuf::from(percent_decode(rest))
}

/// Every image URL of a save.
fn urls(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for o in all_objects(v) {
        let img = &o["CustomImage"];
        for k in ["ImageURL", "ImageSecondaryURL"] {
            if let Some(u) = img[k].as_str().filter(|u| !u.is_empty()) {
                out.push(u.to_string());
            }
        }
        for d in o["CustomDeck"]
            .as_object()
            .into_iter()
            .flat_map(|m| m.values())
        {
            for k in ["FaceURL", "BackURL"] {
                out.push(d[k].as_str().unwrap().to_string());
            }
        }
    }
    out
}

/// (width, height, RGBA pixels) of a PNG, converted to RGBA.
fn rgba(path: &Path) -> (u32, u32, Vec<[u8; 4]>) {
    let mut dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.line_size / info.width as usize;
    let px = buf[..info.line_size * info.height as usize]
        .chunks(channels)
        .map(|c| match channels {
            4 => [c[0], c[1], c[2], c[3]],
            3 => [c[0], c[1], c[2], 255],
            n => panic!("{n} channels"),
        })
        .collect();
    (info.width, info.height, px)
}

#[test]
fn the_d6_image_holds_each_face_in_the_template_s_cell_turned_as_the_template_turns_it() {
    // Each face of the Tee die has its own background and a "T": ink heavy at the top when
    // upright, at the bottom when turned half a turn.
    let dir = export("tests/fixtures/tts-dice.yaml", &["--dpi", "100"]);
    let v = read_json(&dir.join("tts-dice.json"));
    let die = one(&v, "Tee die");
    assert_eq!(die["Name"], "Custom_Dice");
    assert_eq!(die["CustomImage"]["CustomDice"]["Type"], 1);
    let (w, h, px) = rgba(&file_of(die["CustomImage"]["ImageURL"].as_str().unwrap()));
    assert_eq!(w, h, "the d6 template is square");
    // 16 mm faces at 100 dpi: 63 px cells, three by three.
    let cell = w / 3;
    assert_eq!(cell, (16.0 / 25.4 * 100.0_f64).round() as u32);
    let at = |x: u32, y: u32| px[(y * w + x) as usize];
    // The template (KB docs/img/custom-dice/ps1.png; D6.png): (column, row) → face, turned.
    let template = [
        ((0, 1), 2, false),
        ((1, 1), 4, false),
        ((2, 1), 5, false),
        ((0, 2), 1, true),
        ((1, 2), 3, false),
        ((2, 2), 6, true),
    ];
    let backgrounds = [
        [255, 0, 0],
        [0, 255, 0],
        [0, 0, 255],
        [255, 255, 0],
        [0, 255, 255],
        [255, 0, 255],
    ];
    for ((col, row), face, turned) in template {
        let (x0, y0) = (col * cell, row * cell);
        // The background, near a corner (the T is in the middle).
        let bg = at(x0 + 3, y0 + cell / 2);
        assert_eq!(
            &bg[..3],
            &backgrounds[face - 1],
            "cell ({col}, {row}) holds face {face}"
        );
        // Dark pixels in the top and bottom fifths of the cell.
        let dark = |ys: std::ops::Range<u32>| {
            ys.flat_map(|y| (0..cell).map(move |x| (x, y)))
                .filter(|&(x, y)| {
                    let p = at(x0 + x, y0 + y);
                    p[0] < 60 && p[1] < 60 && p[2] < 60
                })
                .count()
        };
        let (upper, lower) = (
            dark(cell / 10..cell * 3 / 10),
            dark(cell * 7 / 10..cell * 9 / 10),
        );
        if turned {
            assert!(
                lower > 2 * upper,
                "face {face} turned half a turn: {upper} / {lower}"
            );
        } else {
            assert!(upper > 2 * lower, "face {face} upright: {upper} / {lower}");
        }
    }
    // The top row is not on the cube: one flat colour, no face in it.
    let first = at(0, 0);
    for y in 0..cell {
        for x in 0..w {
            assert_eq!(at(x, y), first, "({x}, {y}) of the unused row");
        }
    }
}

/// What each face of a die reports when rolled, in `RotationValues` order.
fn roll_values(die: &Value) -> Vec<&str> {
    let values = die["RotationValues"].as_array().unwrap().iter();
    values.map(|r| r["Value"].as_str().unwrap()).collect()
}

#[test]
fn a_roll_reports_each_face_s_value_and_a_blank_face_says_so() {
    let dir = export("tests/fixtures/tts-dice.yaml", &["--dpi", "30"]);
    let v = read_json(&dir.join("tts-dice.json"));
    let die = one(&v, "Plain die");
    let values = roll_values(die);
    // Text as printed, a symbol by its name, a face with nothing on it "blank" (not "6").
    assert_eq!(values, ["1", "2", "Moon", "4", "5", "blank"]);
    // Value 2 faces up at rest; 1 and 6, 3 and 4, 2 and 5 are opposite rotations.
    let rot = |i: usize| {
        let r = &die["RotationValues"][i]["Rotation"];
        (num(&r["x"]), num(&r["y"]), num(&r["z"]))
    };
    assert_eq!(rot(1), (0.0, 0.0, 0.0));
    assert_eq!((rot(0).0, rot(5).0), (-90.0, 90.0));
    assert_eq!((rot(2).2, rot(3).2), (-90.0, 90.0));
    // A piecepack die's null face shows its suit (`{suit.symbol}`): it reports the suit's
    // name, not the symbol's file name ("Suit suns").
    let dir = export("piecepack", &["--dpi", "30"]);
    let v = read_json(&dir.join("piecepack.json"));
    for (suit, name) in [("Suns", "Suns"), ("Arms", "Arms")] {
        let die = one(&v, &format!("Die — {suit}"));
        let values = roll_values(die);
        assert_eq!(values, [name, "A", "2", "3", "4", "5"]);
    }
}

#[test]
fn tracks_sheets_and_diagrams_keep_their_image_s_proportions() {
    for (game, name, component) in [
        ("night-grain", "Track of Persephone", "track"),
        ("the-beast", "Family record sheet", "family-sheet"),
        ("cream-of-the-crop", "Setup diagram", "setup"),
    ] {
        let dir = export(game, &["--dpi", "30"]);
        let v = read_json(&dir.join(format!("{game}.json")));
        let o = one(&v, name);
        let tile = &o["CustomImage"]["CustomTile"];
        assert_eq!(tile["Type"], 0, "{name}: a box");
        // Stretch on: the tile takes the image's proportions (the dialog's "Stretch to Aspect
        // Ratio", on by default; every rectangular panel of a game-written save).
        assert_eq!(tile["Stretch"], true, "{name}");
        let t = &o["Transform"];
        assert_eq!(t["scaleX"], t["scaleZ"], "{name}: a uniform scale");
        let g = pnp::kinds::load(game).unwrap();
        let c = g
            .spec
            .components
            .iter()
            .find(|c| c.id.value == component)
            .unwrap();
        let (w_mm, h_mm) = c.kind.kind().size(c);
        // Its depth on the table is the piece's height.
        let depth = num(&t["scaleZ"]) * TILE_UNITS_AT_SCALE_1 * MM_PER_UNIT;
        assert!((depth - h_mm).abs() < 0.2, "{name}: {depth} mm vs {h_mm}");
        // The image has the piece's proportions, so the width follows.
        let (w, h, _) = png_info(&file_of(o["CustomImage"]["ImageURL"].as_str().unwrap()));
        let (img, real) = (w as f64 / h as f64, w_mm / h_mm);
        assert!(
            (img / real - 1.0).abs() < 0.01,
            "{name}: {w}×{h} px vs {w_mm}×{h_mm} mm"
        );
    }
}

#[test]
fn landscape_cards_are_drawn_upright_in_portrait_cells_and_lie_turned_a_quarter() {
    let dir = export("tests/fixtures/tts-landscape.yaml", &["--dpi", "60"]);
    let v = read_json(&dir.join("tts-landscape.json"));
    let deck = one(&v, "Wide card");
    let sheet = deck["CustomDeck"]
        .as_object()
        .unwrap()
        .values()
        .next()
        .unwrap();
    let (w, h, _) = png_info(&file_of(sheet["FaceURL"].as_str().unwrap()));
    let (cw, ch) = (
        w / num(&sheet["NumWidth"]) as u32,
        h / num(&sheet["NumHeight"]) as u32,
    );
    // 88.9 × 63.5 mm at 60 dpi, turned: 150 × 210 px.
    assert_eq!((cw, ch), (150, 210));
    for card in deck["ContainedObjects"].as_array().unwrap() {
        assert_eq!(card["SidewaysCard"], true);
        let t = &card["Transform"];
        assert_eq!(t["rotY"], 90.0);
        assert_eq!(t["scaleX"], t["scaleZ"]);
        let long = num(&t["scaleZ"]) * CARD_DEPTH_AT_SCALE_1 * MM_PER_UNIT;
        assert!((long - 88.9).abs() < 0.2, "{long}");
    }
    assert_eq!(deck["Transform"]["rotY"], 90.0);
}

#[test]
fn deck_keys_differ_between_games_and_card_ids_follow_them() {
    let mut seen: BTreeMap<u64, &str> = BTreeMap::new();
    for game in ["night-grain", "the-beast", "bean-off", "cream-of-the-crop"] {
        let dir = export(game, &["--dpi", "30"]);
        let v = read_json(&dir.join(format!("{game}.json")));
        let mut keys = BTreeSet::new();
        for o in all_objects(&v) {
            for k in o["CustomDeck"]
                .as_object()
                .into_iter()
                .flat_map(|m| m.keys())
            {
                keys.insert(k.parse::<u64>().unwrap());
            }
            if let Some(id) = o["CardID"].as_u64() {
                assert!(o["CustomDeck"][(id / 100).to_string()].is_object());
            }
        }
        assert!(!keys.is_empty(), "{game} has decks");
        for k in keys {
            // Not TTS's own small keys, and every card ID an int.
            assert!(
                k >= 1000 && k * 100 + 69 <= i32::MAX as u64,
                "{game}: key {k}"
            );
            if let Some(other) = seen.insert(k, game) {
                panic!("{game} and {other} share deck key {k}");
            }
        }
    }
}

#[test]
fn every_save_parses_and_its_urls_are_percent_encoded_and_name_the_files_written() {
    // Each shipped game, its table for each of its player counts, into a folder whose name
    // needs escaping; no image is written twice (the saved object and the table share them).
    let parent = temp_dir("tts36-url");
    for game in [
        "night-grain",
        "piecepack",
        "cream-of-the-crop",
        "the-beast",
        "making-ground",
        "bean-off",
    ] {
        let counts = pnp::kinds::load(game)
            .unwrap()
            .spec
            .game
            .players
            .value
            .clone();
        for n in counts.into_iter().filter(|&n| n <= 10) {
            let n = n.to_string();
            let dir = export_to(
                game,
                parent
                    .join(format!("{game} {n}"))
                    .join("Games #2")
                    .join("100% done, my tts"),
                &["--dpi", "30", "--table", "--players", &n],
            );
            for file in [format!("{game}.json"), format!("{game}-table.json")] {
                let v = read_json(&dir.join(&file));
                let urls = urls(&v);
                assert!(urls.len() > 3, "{game} {n}: {file}");
                for url in urls {
                    let path = url.strip_prefix("file:///").expect("a file:/// URL");
                    assert!(!path.contains([' ', '#', '?', '\\']), "{url}");
                    assert!(
                        path.contains("Games%20%232/100%25%20done,%20my%20tts/"),
                        "{url}"
                    );
                    // Every % starts an escape.
                    for (i, _) in path.match_indices('%') {
                        assert!(
                            path[i + 1..i + 3].chars().all(|c| c.is_ascii_hexdigit()),
                            "{url}"
                        );
                    }
                    assert!(file_of(&url).is_file(), "{url} names no file");
                }
            }
            let mut seen: BTreeMap<Vec<u8>, PathBuf> = BTreeMap::new();
            for dir in [dir.join("images"), dir.join("decks")] {
                for f in std::fs::read_dir(&dir).into_iter().flatten() {
                    let f = f.unwrap().path();
                    let bytes = std::fs::read(&f).unwrap();
                    if let Some(before) = seen.insert(bytes, f.clone()) {
                        panic!("{game} {n}: {f:?} is {before:?} again");
                    }
                }
            }
        }
    }
}

#[test]
fn standees_are_cut_out_along_their_figure() {
    let dir = export("piecepack", &["--dpi", "60"]);
    let v = read_json(&dir.join("piecepack.json"));
    let pawn = all_objects(&v)
        .into_iter()
        .find(|o| o["Name"] == "Custom_Token" && o["Nickname"] == "Pawn — Suns")
        .expect("the suns pawn stands");
    let (w, h, px) = rgba(&file_of(pawn["CustomImage"]["ImageURL"].as_str().unwrap()));
    let alpha = |x: u32, y: u32| px[(y * w + x) as usize][3];
    // Transparent round the figure (the corners, beside the head), solid in its body.
    for (x, y) in [(0, 0), (w - 1, 0), (1, h / 8), (w - 2, h / 8)] {
        assert_eq!(alpha(x, y), 0, "({x}, {y}) of {w}×{h}");
    }
    assert_eq!(alpha(w / 2, h * 6 / 10), 255);
    let clear = px.iter().filter(|p| p[3] == 0).count() as f64 / px.len() as f64;
    assert!(
        (0.15..0.85).contains(&clear),
        "{clear} of the image is see-through"
    );
}

#[test]
fn the_table_is_a_whole_save_with_seats_and_the_rules_as_notes() {
    let (dir, v) = table("night-grain", 4);
    // The keys of a save the game writes, in its order (TTS v13; `Rules` is gone).
    let text = std::fs::read_to_string(dir.join("night-grain-table.json")).unwrap();
    // Top-level keys are indented two spaces in the pretty file.
    let keys: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("  \"")?.split_once('"').map(|(k, _)| k))
        .collect();
    let order = [
        "SaveName",
        "GameMode",
        "Gravity",
        "PlayArea",
        "Table",
        "Sky",
        "Note",
        "TabStates",
        "Hands",
        "LuaScript",
        "ObjectStates",
    ];
    let idx: Vec<usize> = order
        .iter()
        .map(|k| {
            keys.iter()
                .position(|x| x == k)
                .unwrap_or_else(|| panic!("no {k}"))
        })
        .collect();
    assert!(idx.windows(2).all(|w| w[0] < w[1]), "{keys:?}");
    assert_eq!(v["Table"], "Table_RPG");
    let game = pnp::kinds::load("night-grain").unwrap();
    let description = game.spec.game.description.clone().unwrap();
    assert!(v["Note"].as_str().unwrap().contains(description.trim()));
    // Its player counts as the PDF's cover says them.
    let note = v["Note"].as_str().unwrap();
    assert!(
        note.contains("For 4 or 6 players; laid out for 4."),
        "{note}"
    );
    let tabs = v["TabStates"].as_object().unwrap();
    assert_eq!(tabs["0"]["title"], "Night Grain");
    // The player aid's text is a tab of the notebook.
    assert!(
        tabs.values()
            .any(|t| t["title"].as_str().unwrap().contains("aid")
                && t["body"].as_str().unwrap().len() > 80),
        "{tabs:?}"
    );
    // A hand zone for each of four seats, in TTS's first four colours, on the table's edges.
    let hands: Vec<&Value> = top(&v)
        .iter()
        .filter(|o| o["Name"] == "HandTrigger")
        .collect();
    let colours: Vec<&str> = hands
        .iter()
        .map(|h| h["FogColor"].as_str().unwrap())
        .collect();
    assert_eq!(colours, ["White", "Red", "Orange", "Yellow"]);
    for h in &hands {
        assert_eq!(h["Locked"], true);
        let (x, z) = pos(h);
        assert!(
            x.abs() > 25.0 || z.abs() > 15.0,
            "at the table's edge: {x}, {z}"
        );
    }
    // Every image it names was written, and its picture is a PNG.
    for url in urls(&v) {
        assert!(file_of(&url).is_file(), "{url}");
    }
    let (w, h, _) = png_info(&dir.join("night-grain-table.png"));
    assert!(w >= 256 && h >= 128, "{w}×{h}");
}

#[test]
fn the_table_places_exactly_the_pieces_the_setup_diagram_places_for_n_players() {
    let game = pnp::kinds::load("cream-of-the-crop").unwrap();
    let diagram = game
        .spec
        .components
        .iter()
        .find_map(|c| match &c.kind {
            pnp::kinds::KindSpec::Diagram(d) => Some(d),
            _ => None,
        })
        .unwrap();
    // Each placement's centre (`at:`, or `on:` a tile's `space:`), table mm.
    let centres: Vec<[f64; 2]> = diagram
        .centres(&game, &pnp::kinds::piece::expand(&game))
        .into_iter()
        .map(Result::unwrap)
        .collect();
    // The diagram's spots on the table (units; +y down the diagram is −z), each once.
    let mut spots: Vec<(f64, f64)> = Vec::new();
    for c in &centres {
        let (x, z) = (c[0] / MM_PER_UNIT, -c[1] / MM_PER_UNIT);
        if !spots
            .iter()
            .any(|s| (s.0 - x).abs() < 0.01 && (s.1 - z).abs() < 0.01)
        {
            spots.push((x, z));
        }
    }
    // The index of the spot at (x, z), to the save's thousandth of a unit.
    let spot = |x: f64, z: f64| {
        spots
            .iter()
            .position(|s| (s.0 - x).abs() < 0.002 && (s.1 - z).abs() < 0.002)
    };
    let mut counts = Vec::new();
    for n in [2, 3, 4] {
        let (_, v) = table("cream-of-the-crop", n);
        // What the diagram places for n, by spot (a pawn stands on a tile: two at one spot).
        let mut want: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        for (p, c) in diagram
            .place
            .iter()
            .map(|p| &p.value)
            .zip(&centres)
            .filter(|(p, _)| p.is_for(n))
        {
            // `tile-suns-5` → "suns"; `pawn-arms` → "arms".
            let suit = p.piece.value.split('-').nth(1).unwrap().to_string();
            let at = spot(c[0] / MM_PER_UNIT, -c[1] / MM_PER_UNIT).unwrap();
            want.entry(at).or_default().push(suit);
        }
        let mut got: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        for o in top(&v) {
            let (x, z) = pos(o);
            if let Some(s) = spot(x, z) {
                let name = o["Nickname"].as_str().unwrap().to_lowercase();
                let suit = ["suns", "moons", "crowns", "arms"]
                    .into_iter()
                    .find(|s| name.contains(s))
                    .unwrap_or_else(|| panic!("{name} has a suit"));
                got.entry(s).or_default().push(suit.to_string());
            }
        }
        for list in want.values_mut().chain(got.values_mut()) {
            list.sort();
        }
        assert_eq!(got, want, "{n} players");
        counts.push(want.values().map(Vec::len).sum::<usize>());
        // A tractor for each player.
        let pawns = top(&v)
            .iter()
            .filter(|o| o["Name"] == "Custom_Token")
            .count();
        assert_eq!(pawns, n as usize, "{n} players' tractors");
    }
    // Two more fair tiles and a tractor with three; two more tractors (and no more tiles)
    // with four.
    assert_eq!(counts[1], counts[0] + 3);
    assert_eq!(counts[2], counts[0] + 2);
}

#[test]
fn bags_hold_what_the_rules_count_and_supplies_never_run_out() {
    // Cream of the Crop: the seeds are drawn at random from one bag: 24 coins, 6 of each suit,
    // shuffled.
    let (_, v) = table("cream-of-the-crop", 2);
    let bag = top(&v)
        .iter()
        .find(|o| o["Nickname"].as_str().unwrap().starts_with("Coins"))
        .unwrap();
    assert_eq!(bag["Name"], "Bag");
    let coins = bag["ContainedObjects"].as_array().unwrap();
    assert_eq!(coins.len(), 24);
    for suit in ["Suns", "Moons", "Crowns", "Arms"] {
        let k = coins
            .iter()
            .filter(|c| c["Nickname"].as_str().unwrap().contains(suit))
            .count();
        assert_eq!(k, 6, "{suit}");
    }
    assert!(bag["LuaScript"].as_str().unwrap().contains("shuffle()"));
    // Making Ground: every tile the game prints in one bag.
    let g = pnp::kinds::load("making-ground").unwrap();
    let doc = pnp::commands::prepare(&g, &pnp::commands::options::BuildOptions::default()).unwrap();
    let ci = g
        .spec
        .components
        .iter()
        .position(|c| c.id.value == "tiles")
        .unwrap();
    let printed: u32 = doc
        .pieces
        .iter()
        .filter(|p| p.component == ci)
        .map(|p| p.copies)
        .sum();
    let (_, v) = table("making-ground", 2);
    let bags: Vec<&Value> = top(&v)
        .iter()
        .filter(|o| o["Nickname"].as_str().unwrap().starts_with("Tiles"))
        .collect();
    assert_eq!(bags.len(), 1, "one mixed bag");
    assert_eq!(
        bags[0]["ContainedObjects"].as_array().unwrap().len() as u32,
        printed
    );
    // Supplies: an infinite bag holding the one piece it hands out.
    for (game, name) in [("bean-off", "Beans"), ("the-beast", "Starvation chits")] {
        let (_, v) = table(game, 2);
        let bag = top(&v)
            .iter()
            .find(|o| o["Nickname"].as_str().unwrap().starts_with(name))
            .unwrap_or_else(|| panic!("{game}: no {name}"));
        assert_eq!(bag["Name"], "Infinite_Bag");
        let inside = bag["ContainedObjects"].as_array().unwrap();
        assert_eq!(inside.len(), 1);
        assert_eq!(inside[0]["Name"], "Custom_Tile");
    }
}

/// The seat (hand zone colour) nearest an object.
fn seat_of<'a>(v: &'a Value, o: &Value) -> &'a str {
    let (x, z) = pos(o);
    top(v)
        .iter()
        .filter(|h| h["Name"] == "HandTrigger")
        .min_by(|a, b| {
            let d = |h: &Value| {
                let (hx, hz) = pos(h);
                (hx - x).hypot(hz - z)
            };
            d(a).total_cmp(&d(b))
        })
        .unwrap()["FogColor"]
        .as_str()
        .unwrap()
}

#[test]
fn decks_are_shuffled_as_the_rules_shuffle_them_and_each_player_has_their_own_set() {
    let (_, v) = table("the-beast", 3);
    for name in ["Action Deck", "Day Deck (court cards removed)"] {
        let deck = one(&v, name);
        assert!(
            deck["LuaScript"]
                .as_str()
                .unwrap()
                .contains("self.shuffle()"),
            "{name}"
        );
    }
    // The court cards are set aside in order, not shuffled.
    let court = top(&v)
        .iter()
        .find(|o| {
            o["Nickname"]
                .as_str()
                .unwrap()
                .starts_with("Day Deck court")
        })
        .unwrap();
    assert_eq!(court["LuaScript"].as_str().unwrap_or(""), "");
    // One activity deck and one record sheet before each seat.
    let sets: Vec<&Value> = top(&v)
        .iter()
        .filter(|o| {
            o["Nickname"]
                .as_str()
                .unwrap()
                .starts_with("Activity cards")
        })
        .collect();
    assert_eq!(sets.len(), 3);
    let mut seats: Vec<&str> = sets.iter().map(|d| seat_of(&v, d)).collect();
    for d in &sets {
        let seat = seat_of(&v, d);
        assert!(
            d["Nickname"].as_str().unwrap().ends_with(seat),
            "{} at {seat}",
            d["Nickname"]
        );
        assert_eq!(d["ContainedObjects"].as_array().unwrap().len(), 5);
    }
    seats.sort();
    assert_eq!(seats, ["Orange", "Red", "White"]);
    let sheets: BTreeSet<&str> = named(&v, "Family record sheet")
        .iter()
        .map(|s| seat_of(&v, s))
        .collect();
    assert_eq!(sheets.len(), 3);
}

#[test]
fn dice_the_rules_ask_for_come_as_the_game_s_own() {
    let (_, v) = table("bean-off", 3);
    for name in ["Sow die", "Reap die", "Compost die"] {
        let dice = named(&v, name);
        assert_eq!(dice.len(), 3, "{name}: one for each player");
        assert!(dice.iter().all(|d| d["Name"] == "Die_6"));
        let seats: BTreeSet<&str> = dice.iter().map(|d| seat_of(&v, d)).collect();
        assert_eq!(seats.len(), 3, "{name}: before each seat");
    }
    let (_, v) = table("night-grain", 4);
    let die = one(&v, "Die");
    assert_eq!(die["Name"], "Die_6");
    assert!(die["Description"].as_str().unwrap().contains("Set it to 2"));
}

#[test]
fn boards_are_locked_with_a_snap_point_on_every_space_centre() {
    // A board's spaces are points (its geometry's centres: squares, hexes, points); a track's
    // and a sheet's track's are boxes: to 1 % of a box, or 0.05 mm.
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let (hex, fox) = (
        examples.join("hex.yaml"),
        examples.join("fox-and-geese.yaml"),
    );
    for (game, players, component, name, count) in [
        ("night-grain", 4, "track", "Track of Persephone", 0),
        (
            "making-ground",
            4,
            "board-9",
            "Board 9×9 (3–4 players; its middle 7×7 for 2)",
            81,
        ),
        ("bean-off", 2, "player-sheet", "Player sheet", 12),
        (hex.to_str().unwrap(), 2, "board", "Board", 121),
        (fox.to_str().unwrap(), 2, "board", "Board", 33),
    ] {
        let (_, v) = table(game, players);
        let g = pnp::kinds::load(game).unwrap();
        let doc =
            pnp::commands::prepare(&g, &pnp::commands::options::BuildOptions::default()).unwrap();
        let piece = doc
            .pieces
            .iter()
            .find(|p| g.spec.components[p.component].id.value == component)
            .unwrap();
        let kind = g.spec.components[piece.component].kind.kind();
        let (w, h) = (piece.w, piece.h);
        let spaces = kind.spaces(&g, &piece.handle());
        assert!(
            spaces.len() >= count.max(1),
            "{name}: {} spaces",
            spaces.len()
        );
        let boards = named(&v, name);
        assert!(!boards.is_empty(), "{name}");
        for board in boards {
            assert_eq!(board["Locked"], true, "{name}");
            let snaps = board["AttachedSnapPoints"].as_array().unwrap();
            assert_eq!(snaps.len(), spaces.len(), "{name}: one on each space");
            let t = &board["Transform"];
            // A shared board reads the right way up from the near seat; a player's sheet from
            // its player's (the snap points are local, whatever the turn).
            if component != "player-sheet" {
                assert_eq!(t["rotY"], 180.0, "{name}");
            }
            let scale = num(&t["scaleZ"]);
            let thickness = num(&board["CustomImage"]["CustomTile"]["Thickness"]);
            for (s, space) in snaps.iter().zip(&spaces) {
                let p = &s["Position"];
                // Local, unscaled, on the top face; the board turned 180°, so local +x is the
                // image's left and local +z its bottom.
                assert_eq!(num(&p["y"]), thickness);
                let u = w / 2.0 - num(&p["x"]) * scale * MM_PER_UNIT;
                let vv = h / 2.0 + num(&p["z"]) * scale * MM_PER_UNIT;
                let (cx, cy) = space.centre();
                assert!(
                    (u - cx).abs() <= (0.01 * space.w).max(0.05)
                        && (vv - cy).abs() <= (0.01 * space.h).max(0.05),
                    "{name}: snap at ({u:.2}, {vv:.2}) mm, space centre ({cx:.2}, {cy:.2})"
                );
                assert!(s.get("Rotation").is_none(), "not a rotation snap");
            }
        }
    }
}

#[test]
fn each_seat_sits_in_the_colour_of_its_own_markers() {
    // Making Ground's markers are tagged `player: red`… and dealt one colour a seat: the Red
    // seat gets the red markers, not the White seat.
    for n in 2..=4 {
        let (_, v) = table("making-ground", n);
        let hands: Vec<&str> = top(&v)
            .iter()
            .filter(|o| o["Name"] == "HandTrigger")
            .map(|h| h["FogColor"].as_str().unwrap())
            .collect();
        assert_eq!(hands, ["Red", "Blue", "Yellow", "Purple"][..n as usize]);
        let markers: Vec<&Value> = top(&v)
            .iter()
            .filter(|o| {
                o["Nickname"]
                    .as_str()
                    .unwrap()
                    .starts_with("Player markers: ")
            })
            .collect();
        assert_eq!(markers.len(), n as usize);
        for m in markers {
            let name = m["Nickname"].as_str().unwrap();
            let colour = name["Player markers: ".len()..].split(' ').next().unwrap();
            assert_eq!(seat_of(&v, m), colour, "{name}");
            // Named once by its colour, not again by its seat's.
            assert_eq!(name, format!("Player markers: {colour} ×27"));
        }
        // One player aid before each seat; the other of the four printed are set aside.
        let aids = named(&v, "Making Ground · Player aid");
        assert_eq!(aids.len(), n as usize, "{n} players");
        let seats: BTreeSet<&str> = aids.iter().map(|a| seat_of(&v, a)).collect();
        assert_eq!(seats.len(), n as usize, "{n} players: one aid a seat");
        let aside = top(&v)
            .iter()
            .find(|o| o["Nickname"].as_str().unwrap().starts_with("Set aside"));
        let aside_aids: usize = aside
            .map(|b| b["ContainedObjects"].as_array().unwrap().iter())
            .into_iter()
            .flatten()
            .filter(|o| o["Nickname"].as_str().unwrap().ends_with("Player aid"))
            .map(|o| o["DeckIDs"].as_array().map_or(1, Vec::len))
            .sum();
        assert_eq!(aside_aids, 4 - n as usize, "{n} players: aids set aside");
    }
    // A game whose pieces name no colour keeps TTS's order.
    let (_, v) = table("night-grain", 4);
    let hands: Vec<&str> = top(&v)
        .iter()
        .filter(|o| o["Name"] == "HandTrigger")
        .map(|h| h["FogColor"].as_str().unwrap())
        .collect();
    assert_eq!(hands, ["White", "Red", "Orange", "Yellow"]);
}

#[test]
fn tiles_laid_grid_side_up_give_the_table_a_snap_point_on_each_of_their_spaces() {
    // Cream of the Crop: "Place 9 of those 16 grid tiles in a 3×3 square to make the main
    // board", and one grid tile (three with three players) among the prizes. Each tile is 2×2
    // spaces: the table snaps a tractor or a seed to the centre of each.
    for (n, grid_tiles) in [(2, 10), (3, 12), (4, 10)] {
        let (_, v) = table("cream-of-the-crop", n);
        let up: Vec<&Value> = top(&v)
            .iter()
            .filter(|o| o["Nickname"].as_str().unwrap().starts_with("Tile"))
            .filter(|o| num(&o["Transform"]["rotZ"]) == 180.0)
            .collect();
        assert_eq!(up.len(), grid_tiles, "{n} players: tiles grid side up");
        let snaps = v["SnapPoints"].as_array().unwrap();
        assert_eq!(snaps.len(), 4 * grid_tiles, "{n} players");
        // A 2 in tile is 2 units; a space is 1 unit, its centre ½ unit from the tile's in x and z.
        for s in snaps {
            let (x, z) = (num(&s["Position"]["x"]), num(&s["Position"]["z"]));
            let on = up.iter().filter(|t| {
                let (tx, tz) = pos(t);
                ((x - tx).abs() - 0.5).abs() <= 0.01 && ((z - tz).abs() - 0.5).abs() <= 0.01
            });
            assert_eq!(
                on.count(),
                1,
                "{n} players: snap ({x}, {z}) on one tile's space"
            );
        }
    }
    // Games with no grid laid out keep the table bare.
    let (_, v) = table("night-grain", 4);
    assert!(v.get("SnapPoints").is_none());
}

#[test]
fn hexes_lie_on_tts_s_flat_hex_tile_and_cut_shapes_say_their_back_is_left_out() {
    // TTS's hex tile is flat on top (KB custom-tile.md's example): a flat hex goes on it as
    // drawn; a pointy hex's images are drawn a quarter turn clockwise (flat on top) and the
    // tile lies turned a quarter back, so it shows pointy on the table. A triangle is a token
    // cut from its front image, which TTS shows on both sides: its back is warned of.
    let dir = temp_dir("tts-shapes");
    let yaml = dir.join("shapes.yaml");
    std::fs::write(
        &yaml,
        "game: {id: shapes, name: Shapes, players: [2]}\ncomponents:\n  - id: flat\n    kind: tile\n    shape: {hex: flat, across: flats}\n    size: 30mm\n    front: {title: F}\n    back: {title: f}\n  - id: pointy\n    kind: tile\n    shape: {hex: pointy, across: flats}\n    size: 30mm\n    front: {title: P}\n    back: {title: p}\n  - id: tri\n    kind: token\n    shape: triangle\n    size: 25mm\n    front: {title: T}\n    back: {title: t}\n",
    )
    .unwrap();
    let out = pnp()
        .args(["tts", yaml.to_str().unwrap(), "--dpi", "100", "--out"])
        .arg(dir.join("tts"))
        .output()
        .unwrap();
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("warning: ")
            && err.contains("shapes.yaml:20:11: `tri`: Tabletop Simulator cuts this shape"),
        "{err}"
    );
    assert!(
        !err.contains("`flat`") && !err.contains("`pointy`"),
        "{err}"
    );
    let v = read_json(&dir.join("tts/shapes.json"));
    let across_corners = 30.0 * 2.0 / 3.0_f64.sqrt();
    for (name, rot_y) in [("flat", 180.0), ("pointy", 90.0)] {
        let o = one(&v, name);
        assert_eq!(o["Name"], "Custom_Tile", "{name}");
        assert_eq!(
            o["CustomImage"]["CustomTile"]["Type"], 1,
            "{name}: a hex tile"
        );
        assert_eq!(num(&o["Transform"]["rotY"]), rot_y, "{name}");
        // Both images flat on top: across the corners wide, across the flats deep.
        for k in ["ImageURL", "ImageSecondaryURL"] {
            let (w, h, _) = png_info(&file_of(o["CustomImage"][k].as_str().unwrap()));
            let px = |mm: f64| mm / 25.4 * 100.0;
            assert!(
                (w as f64 - px(across_corners)).abs() <= 1.5 && (h as f64 - px(30.0)).abs() <= 1.5,
                "{name} {k}: {w}×{h} px"
            );
        }
        // 30 mm deep as it lies: scale × 2 units (a tile's depth at scale 1) × 25.4 mm.
        let depth = num(&o["Transform"]["scaleZ"]) * TILE_UNITS_AT_SCALE_1 * MM_PER_UNIT;
        assert!((depth - 30.0).abs() < 0.1, "{name}: {depth} mm");
    }
    let tri = one(&v, "tri");
    assert_eq!(tri["Name"], "Custom_Token");
    // A tuck box is of use on paper only: the example deck's box is not on the table.
    let shapes = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/shapes.yaml");
    let dir = export(shapes.to_str().unwrap(), &["--dpi", "30", "--table"]);
    let v = read_json(&dir.join("shapes-table.json"));
    assert!(named(&v, "Event card box").is_empty());
    assert_eq!(
        named(&v, "Event cards").len(),
        1,
        "the deck itself is there"
    );
}

#[test]
fn pieces_a_diagram_leaves_off_the_board_are_laid_out_unless_only_the_diagram_is_used() {
    // A Morris-like game: the diagram shows two men on the board; the other seven of each
    // colour start beside it. With `use: diagram` (the rules put the rest away) they are set
    // aside.
    let dir = temp_dir("tts-diagram-use");
    let game = |extra: &str| {
        format!(
            "game: {{id: m, name: M, players: [2]}}\ncomponents:\n  - id: board\n    kind: board\n    board: {{squares: 3, square: 20mm}}\n  - id: man\n    kind: token\n    size: 15mm\n    variants:\n      - {{id: white, copies: 9, front: {{label: W}}}}\n      - {{id: black, copies: 9, front: {{label: B}}}}\n  - id: setup\n    kind: diagram\n    size: 80mm x 80mm\n    diagram:\n      place:\n        - {{piece: board, at: [40, 40]}}\n        - {{piece: man-white, on: board, space: a1}}\n        - {{piece: man-black, on: board, space: c3}}\n{extra}"
        )
    };
    for (name, extra, aside) in [
        ("free", "", 0),
        ("used", "tts:\n  pieces:\n    man: {use: diagram}\n", 16),
    ] {
        let yaml = dir.join(format!("{name}.yaml"));
        std::fs::write(&yaml, game(extra)).unwrap();
        let out = export_to(
            yaml.to_str().unwrap(),
            dir.join(name),
            &["--dpi", "30", "--table", "--players", "2"],
        );
        let v = read_json(&out.join("m-table.json"));
        let men = |o: &Value| -> usize {
            let own = o["Nickname"].as_str().unwrap_or("").starts_with("man");
            let inner: usize = o["ContainedObjects"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|c| usize::from(c["Nickname"].as_str().unwrap_or("").starts_with("man")))
                .sum();
            match (o["Name"].as_str(), own) {
                (Some("Bag"), _) => inner,
                (_, true) => 1,
                _ => 0,
            }
        };
        let set_aside: usize = top(&v)
            .iter()
            .filter(|o| o["Nickname"].as_str().unwrap().starts_with("Set aside"))
            .flat_map(|b| b["ContainedObjects"].as_array().unwrap().iter())
            .map(men)
            .sum();
        let on_table: usize = top(&v)
            .iter()
            .filter(|o| !o["Nickname"].as_str().unwrap().starts_with("Set aside"))
            .map(men)
            .sum();
        assert_eq!(set_aside, aside, "{name}: men set aside");
        assert_eq!(on_table, 18 - aside, "{name}: men on the table");
    }
}

/// Writes `yaml` (a game whose id is `id`) as `<id>.yaml` in a fresh folder named after `tag`,
/// and returns its path.
fn game_file(tag: &str, id: &str, yaml: &str) -> PathBuf {
    let path = temp_dir(&format!("tts45-{tag}")).join(format!("{id}.yaml"));
    std::fs::write(&path, yaml).unwrap();
    path
}

/// The hand zones' colours, in seat order.
fn hands(v: &Value) -> Vec<&str> {
    top(v)
        .iter()
        .filter(|o| o["Name"] == "HandTrigger")
        .map(|h| h["FogColor"].as_str().unwrap())
        .collect()
}

#[test]
fn a_player_tagged_with_any_of_tts_s_ten_seat_colours_sits_in_that_seat() {
    // Every colour TTS has, in an order that is not TTS's, each player's pawn tagged with it.
    let colours = [
        "Teal", "Pink", "Brown", "White", "Purple", "Green", "Orange", "Blue", "Yellow", "Red",
    ];
    let mut yaml = String::from(
        "game: {id: seats, name: Seats, players: [2, 3, 4, 5, 6, 7, 8, 9, 10]}\ncomponents:\n  - id: pawn\n    name: Pawn\n    kind: token\n    shape: round\n    size: 20mm\n    variants:\n",
    );
    for c in colours {
        let id = c.to_lowercase();
        yaml.push_str(&format!(
            "      - {{id: {id}, tags: {{player: {id}}}, front: {{title: {c}}}}}\n"
        ));
    }
    yaml.push_str("tts:\n  pieces:\n    pawn: {each_player: own}\n");
    let path = game_file("seats", "seats", &yaml);
    for n in [2, 4, 10] {
        let (_, v) = table(path.to_str().unwrap(), n);
        assert_eq!(hands(&v), colours[..n as usize], "{n} players");
        // Each pawn before the seat of its colour.
        for c in &colours[..n as usize] {
            let pawn = top(&v)
                .iter()
                .find(|o| o["Nickname"].as_str().unwrap().ends_with(c))
                .unwrap_or_else(|| panic!("no pawn {c}"));
            assert_eq!(seat_of(&v, pawn), *c, "{n} players: the {c} pawn");
        }
    }
}

#[test]
fn players_whose_men_the_diagram_places_sit_in_their_colours() {
    // A race game's green and purple men start on the board, placed by the setup diagram: no
    // seat is dealt them, and the seats are Green and Purple all the same, not White and Red.
    let yaml = "game: {id: race, name: Race, players: [2]}\ncomponents:\n  - id: man\n    name: Man\n    kind: token\n    shape: round\n    size: 12mm\n    variants:\n      - {id: green, copies: 2, tags: {player: green}, front: {background: \"#2e8b57\"}}\n      - {id: purple, copies: 2, tags: {player: purple}, front: {background: \"#7b3fa0\"}}\n  - id: setup\n    kind: diagram\n    size: 120mm x 60mm\n    diagram:\n      origin: [60, 30]\n      place:\n        - {piece: man-green, at: [-40, -10]}\n        - {piece: man-green, at: [-20, -10]}\n        - {piece: man-purple, at: [20, 10]}\n        - {piece: man-purple, at: [40, 10]}\n";
    let path = game_file("race", "race", yaml);
    let (_, v) = table(path.to_str().unwrap(), 2);
    assert_eq!(hands(&v), ["Green", "Purple"]);
    // The same men without a `player` tag: TTS's first seats.
    let untagged = yaml
        .replace("tags: {player: green}, ", "")
        .replace("tags: {player: purple}, ", "");
    let path = game_file("race-untagged", "race", &untagged);
    let (_, v) = table(path.to_str().unwrap(), 2);
    assert_eq!(hands(&v), ["White", "Red"]);
}

/// A deck-builder: a starting deck of chosen cards for each player, and a supply of piles.
const DECK_BUILDER: &str = "game: {id: deckb, name: Deck Builder, players: [2, 3, 4]}\ncomponents:\n  - id: starter\n    name: Starter\n    kind: card\n    size: 63.5mm x 88.9mm\n    back: {title: Starter}\n    variants:\n      - {id: copper, copies: 30, front: {title: Copper}}\n      - {id: estate, copies: 12, front: {title: Estate}}\n  - id: kingdom\n    name: Kingdom\n    kind: card\n    size: 63.5mm x 88.9mm\n    back: {title: Kingdom}\n    variants:\n      - {id: village, copies: 10, front: {title: Village}}\n      - {id: smithy, copies: 10, front: {title: Smithy}}\n      - {id: market, copies: 8, front: {title: Market}}\ntts:\n  pieces:\n    starter: {each_player: {copper: 7, estate: 3}, shuffle: true, hand: 5}\n    kingdom: {pile: each, face_up: true}\n";

/// The cards of a deck by their names: {"Copper": 7, "Estate": 3}.
fn cards_in(deck: &Value) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for c in deck["ContainedObjects"].as_array().unwrap() {
        *out.entry(c["Nickname"].as_str().unwrap().to_string())
            .or_default() += 1;
    }
    out
}

#[test]
fn supply_piles_the_rules_lay_face_up_lie_face_up_a_pile_a_kind() {
    let path = game_file("deckb", "deckb", DECK_BUILDER);
    let (_, v) = table(path.to_str().unwrap(), 2);
    for (name, count) in [("Village", 10), ("Smithy", 10), ("Market", 8)] {
        let pile = one(&v, &format!("Kingdom: {name}"));
        assert_eq!(pile["Name"], "DeckCustom");
        assert_eq!(cards_in(pile), BTreeMap::from([(name.to_string(), count)]));
        // Face up: not turned over, as a deck with printed backs otherwise is.
        assert_eq!(num(&pile["Transform"]["rotZ"]), 0.0, "{name}");
    }
    // Without `face_up`, the same piles lie face down; without `pile: each`, one deck.
    let down = DECK_BUILDER.replace("{pile: each, face_up: true}", "{pile: each}");
    let path = game_file("deckb-down", "deckb", &down);
    let (_, v) = table(path.to_str().unwrap(), 2);
    assert_eq!(
        num(&one(&v, "Kingdom: Village")["Transform"]["rotZ"]),
        180.0
    );
    // A card the setup diagram shows by its front lies face up; by its back, face down.
    let diagram = "  - id: setup\n    kind: diagram\n    size: 150mm x 100mm\n    diagram:\n      origin: [75, 50]\n      place:\n        - {piece: kingdom-market, at: [-40, 0]}\n        - {piece: kingdom-smithy, side: back, at: [40, 0]}\ntts:\n";
    let placed = DECK_BUILDER
        .replace("{pile: each, face_up: true}", "{pile: each}")
        .replace("tts:\n", diagram);
    let path = game_file("deckb-diagram", "deckb", &placed);
    let (_, v) = table(path.to_str().unwrap(), 2);
    let card = |name: &str| {
        top(&v)
            .iter()
            .find(|o| o["Name"] == "CardCustom" && o["Nickname"] == name)
            .unwrap_or_else(|| panic!("no lone {name}"))
    };
    assert_eq!(num(&card("Market")["Transform"]["rotZ"]), 0.0);
    assert_eq!(num(&card("Smithy")["Transform"]["rotZ"]), 180.0);
    let one_deck = DECK_BUILDER.replace("{pile: each, face_up: true}", "{face_up: true}");
    let path = game_file("deckb-one", "deckb", &one_deck);
    let (_, v) = table(path.to_str().unwrap(), 2);
    let deck = one(&v, "Kingdom");
    assert_eq!(deck["ContainedObjects"].as_array().unwrap().len(), 28);
    assert_eq!(num(&deck["Transform"]["rotZ"]), 0.0);
}

#[test]
fn a_starting_deck_of_chosen_cards_is_dealt_to_each_seat() {
    let path = game_file("deckb-start", "deckb", DECK_BUILDER);
    for n in [2, 3, 4] {
        let (_, v) = table(path.to_str().unwrap(), n);
        let seats = hands(&v);
        assert_eq!(seats.len(), n as usize);
        for seat in &seats {
            let deck = one(&v, &format!("Starter · {seat}"));
            // Seven Coppers and three Estates, face down, before its own seat.
            assert_eq!(
                cards_in(deck),
                BTreeMap::from([("Copper".to_string(), 7), ("Estate".to_string(), 3)]),
                "{seat}"
            );
            assert_eq!(num(&deck["Transform"]["rotZ"]), 180.0);
            assert_eq!(seat_of(&v, deck), *seat);
            // Shuffled, then five dealt into that seat's hand, once.
            let script = deck["LuaScript"].as_str().unwrap();
            let shuffle = script.find("self.shuffle()").expect("shuffled");
            let deal = script
                .find(&format!("self.deal(5, \"{seat}\")"))
                .unwrap_or_else(|| panic!("{seat}: {script}"));
            assert!(shuffle < deal, "{script}");
            assert!(script.contains("return \"dealt\""), "{script}");
        }
        // What no player takes stays in the middle as the supply.
        let rest = one(&v, "Starter");
        let left = [
            ("Copper", 30 - 7 * n as usize),
            ("Estate", 12 - 3 * n as usize),
        ];
        let left: BTreeMap<String, usize> = left
            .into_iter()
            .filter(|(_, k)| *k > 0)
            .map(|(name, k)| (name.to_string(), k))
            .collect();
        assert_eq!(cards_in(rest), left, "{n} players");
    }
}

#[test]
fn tts_settings_for_cards_are_refused_where_they_mean_nothing() {
    for (find, replace, says) in [
        (
            "{copper: 7, estate: 3}",
            "{copper: 7, estat: 3}",
            "tts: `each_player:` names `estat`, which is no variant of `starter` (its variants: copper, estate; did you mean `estate`?)",
        ),
        (
            ", shuffle: true, hand: 5}",
            ", hand: 0}",
            "tts: `hand: 0`: expected 1 to",
        ),
        (
            "starter: {each_player: {copper: 7, estate: 3}, shuffle: true, hand: 5}",
            "starter: {hand: 5}",
            "tts: `hand: 5` deals from the deck before each seat: give `starter` an `each_player:`",
        ),
    ] {
        let yaml = DECK_BUILDER.replace(find, replace);
        let path = game_file("deckb-bad", "deckb", &yaml);
        let out = pnp().arg("validate").arg(&path).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{replace}");
        let err = stderr(&out);
        let line = yaml
            .lines()
            .position(|l| l.contains("    starter: {"))
            .unwrap()
            + 1;
        assert!(
            err.contains(&format!("deckb.yaml:{line}:5: {says}")),
            "{replace}: {err}"
        );
    }
}
