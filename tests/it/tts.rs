//! Issue 7, end to end: `pnp tts` on Night Grain and on the fixtures in tests/fixtures/ (an
//! 80-card deck over two sheets, unique backs, a lone card, two-sided tiles and coins, a track).
use crate::common::*;

use serde_json::Value;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use pnp::outputs::tts::map::{CARD_DEPTH_AT_SCALE_1, MM_PER_UNIT, TILE_UNITS_AT_SCALE_1};

const FIXTURE: &str = "tests/fixtures/tts-fixture.yaml";
const BIG_CARDS: &str = "tests/fixtures/tts-big-cards.yaml";

/// Runs `pnp tts <game> --out <fresh dir> <extra>`, asserts success, returns the folder.
fn tts(game: &str, extra: &[&str]) -> PathBuf {
    let dir = temp_dir(&format!("tts-{}", game.replace(['/', '.'], "_")));
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

/// One export of each game shared by the tests that only read it (debug builds are slow).
fn fixture() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| tts(FIXTURE, &["--dpi", "30"]))
}

fn night_grain() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| tts("night-grain", &["--dpi", "60"]))
}

fn json(dir: &Path, id: &str) -> Value {
    let text = std::fs::read_to_string(dir.join(format!("{id}.json"))).unwrap();
    serde_json::from_str(&text).expect("the saved object is JSON")
}

/// Every object, top level and contained, depth first.
fn all_objects(v: &Value) -> Vec<&Value> {
    fn walk<'a>(o: &'a Value, out: &mut Vec<&'a Value>) {
        out.push(o);
        for c in o["ContainedObjects"].as_array().into_iter().flatten() {
            walk(c, out);
        }
    }
    let mut out = Vec::new();
    for o in v["ObjectStates"].as_array().unwrap() {
        walk(o, &mut out);
    }
    out
}

fn top(v: &Value) -> &Vec<Value> {
    v["ObjectStates"].as_array().unwrap()
}

fn by_nickname<'a>(v: &'a Value, name: &str) -> &'a Value {
    top(v)
        .iter()
        .find(|o| o["Nickname"] == name)
        .unwrap_or_else(|| panic!("no object named {name}"))
}

/// Every image URL in the file.
fn urls(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for o in all_objects(v) {
        for k in ["ImageURL", "ImageSecondaryURL"] {
            if let Some(u) = o["CustomImage"][k].as_str().filter(|u| !u.is_empty()) {
                out.push(u.to_string());
            }
        }
        for d in o["CustomDeck"]
            .as_object()
            .into_iter()
            .flat_map(|m| m.values())
        {
            out.push(d["FaceURL"].as_str().unwrap().to_string());
            out.push(d["BackURL"].as_str().unwrap().to_string());
        }
    }
    out
}

fn local_path(url: &str) -> PathBuf {
    let rest = url.strip_prefix("file:///").expect("a file:/// URL");
    PathBuf::from(format!("/{rest}"))
}

/// (width, height, colour type) of a PNG.
/// The `CustomDeck` key of the sheet whose face image ends with `sheet` (keys are hashed from
/// the game and the sheet, not counted).
fn key_of(deck: &Value, sheet: &str) -> String {
    let keys = deck["CustomDeck"].as_object().expect("a CustomDeck");
    keys.iter()
        .find(|(_, d)| d["FaceURL"].as_str().unwrap().ends_with(sheet))
        .unwrap_or_else(|| panic!("no sheet {sheet} in {keys:?}"))
        .0
        .clone()
}

fn png_header(path: &Path) -> (u32, u32, png::ColorType) {
    let dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let r = dec.read_info().expect("PNG decodes");
    (r.info().width, r.info().height, r.info().color_type)
}

#[test]
fn deck_sheets_are_grids_of_equal_cells_within_ten_by_seven_and_4096_px() {
    for (dir, id) in [(fixture(), "tts-fixture"), (night_grain(), "night-grain")] {
        let v = json(dir, id);
        let mut sheets = 0;
        for o in all_objects(&v) {
            for d in o["CustomDeck"]
                .as_object()
                .into_iter()
                .flat_map(|m| m.values())
            {
                let (cols, rows) = (
                    d["NumWidth"].as_u64().unwrap() as u32,
                    d["NumHeight"].as_u64().unwrap() as u32,
                );
                assert!((1..=10).contains(&cols) && (1..=7).contains(&rows));
                let (w, h, color) = png_header(&local_path(d["FaceURL"].as_str().unwrap()));
                assert_eq!(color, png::ColorType::Rgb);
                assert!(w <= 4096 && h <= 4096, "{w}×{h}");
                assert_eq!((w % cols, h % rows), (0, 0), "cells of one size");
                let cell = (w / cols, h / rows);
                let (bw, bh, bcolor) = png_header(&local_path(d["BackURL"].as_str().unwrap()));
                assert_eq!(bcolor, png::ColorType::Rgb);
                if d["UniqueBack"] == true {
                    assert_eq!((bw, bh), (w, h), "a back sheet matches its face sheet");
                } else {
                    assert_eq!((bw, bh), cell, "a single back is one cell");
                }
                sheets += 1;
            }
        }
        assert!(sheets > 0);
    }
    // Cells keep the card's real size at the DPI: 63.5 × 88.9 mm at 30 dpi is 75 × 105 px.
    let (w, h, _) = png_header(&fixture().join("decks/deck-1.png"));
    assert_eq!((w, h), (750, 735));
}

#[test]
fn cells_shrink_so_a_wide_sheet_stays_within_4096_px() {
    // 100 × 150 mm at 120 dpi is 472 × 709 px: ten across would be 4720 px.
    let dir = tts(BIG_CARDS, &["--dpi", "120"]);
    let (w, h, _) = png_header(&dir.join("decks/big-1.png"));
    let v = json(&dir, "tts-big-cards");
    let deck = &top(&v)[0];
    let d = &deck["CustomDeck"][key_of(deck, "decks/big-1.png")];
    assert_eq!(d["NumWidth"], 10);
    assert_eq!(d["NumHeight"], 2);
    assert!(w <= 4096 && w > 4000, "{w}");
    let (cw, ch) = (w / 10, h / 2);
    assert!(
        ((cw as f64 / ch as f64) - 100.0 / 150.0).abs() < 0.005,
        "{cw}×{ch} keeps the card's proportions"
    );
}

#[test]
fn eighty_cards_span_two_sheets_with_ids_by_key_and_slot() {
    let v = json(fixture(), "tts-fixture");
    let deck = by_nickname(&v, "Big deck");
    assert_eq!(deck["Name"], "DeckCustom");
    assert_eq!(deck["CustomDeck"].as_object().unwrap().len(), 2);
    let (k1, k2) = (
        key_of(deck, "decks/deck-1.png"),
        key_of(deck, "decks/deck-2.png"),
    );
    let (b1, b2): (u64, u64) = (
        k1.parse::<u64>().unwrap() * 100,
        k2.parse::<u64>().unwrap() * 100,
    );
    assert_eq!(deck["CustomDeck"][&k1]["NumWidth"], 10);
    assert_eq!(deck["CustomDeck"][&k1]["NumHeight"], 7);
    assert_eq!(deck["CustomDeck"][&k2]["NumWidth"], 10);
    assert_eq!(deck["CustomDeck"][&k2]["NumHeight"], 1);
    let ids: Vec<u64> = deck["DeckIDs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i.as_u64().unwrap())
        .collect();
    // c01 ×3, c02…c74, c75 ×2, c76…c80: 83 cards.
    let mut want = vec![b1, b1, b1];
    want.extend(b1 + 1..=b1 + 69); // c02…c70 on sheet 1
    want.extend(b2..=b2 + 3); // c71…c74 on sheet 2
    want.extend([b2 + 4, b2 + 4]); // c75 twice
    want.extend(b2 + 5..=b2 + 9);
    assert_eq!(ids, want);
    let cards = deck["ContainedObjects"].as_array().unwrap();
    assert_eq!(cards.len(), ids.len());
    for (card, id) in cards.iter().zip(&ids) {
        assert_eq!(card["Name"], "CardCustom");
        assert_eq!(card["CardID"].as_u64(), Some(*id));
        let own = card["CustomDeck"].as_object().unwrap();
        let key = (id / 100).to_string();
        assert_eq!(
            own.keys().collect::<Vec<_>>(),
            [&key],
            "its own CustomDeck entry"
        );
        assert_eq!(own[&key], deck["CustomDeck"][&key]);
    }
    assert_eq!(cards[3]["Nickname"], "Card 2");
    // The second sheet's first cell holds card 71; the rest of its row holds 72…80.
    let sheet2 = local_path(deck["CustomDeck"][&k2]["FaceURL"].as_str().unwrap());
    assert!(sheet2.is_file());
    // The court deck has a key of its own.
    let court = by_nickname(&v, "Court");
    let kc = key_of(court, "decks/court-1.png");
    assert!(kc != k1 && kc != k2);
    let bc = kc.parse::<u64>().unwrap() * 100;
    assert_eq!(court["DeckIDs"], serde_json::json!([bc, bc + 1, bc + 2]));
    assert_eq!(court["CustomDeck"][&kc]["UniqueBack"], true);
    assert_eq!(deck["CustomDeck"][&k1]["UniqueBack"], false);
    assert_eq!(deck["CustomDeck"][&k1]["BackIsHidden"], true);
}

#[test]
fn every_referenced_image_exists_and_decodes() {
    for (dir, id) in [(fixture(), "tts-fixture"), (night_grain(), "night-grain")] {
        let v = json(dir, id);
        let all = urls(&v);
        assert!(!all.is_empty());
        let abs = std::fs::canonicalize(dir).unwrap();
        for u in &all {
            let p = local_path(u);
            assert!(p.starts_with(&abs), "{u} is inside the export folder");
            let (w, h, _) = png_header(&p);
            assert!(w > 0 && h > 0);
        }
        let (w, h, c) = png_header(&dir.join(format!("{id}.png")));
        assert_eq!((w, h, c), (256, 256, png::ColorType::Rgb), "thumbnail");
    }
}

#[test]
fn every_object_kind_has_the_fields_tts_needs() {
    let v = json(fixture(), "tts-fixture");
    for k in [
        "SaveName", "GameMode", "Date", "Table", "Sky", "Note", "Rules", "XmlUI",
    ] {
        assert!(v[k].is_string(), "outer field {k}");
    }
    assert_eq!(v["SaveName"], "TTS fixture");
    assert!(v["TabStates"].is_object());
    for o in all_objects(&v) {
        for k in [
            "posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ",
        ] {
            assert!(o["Transform"][k].is_number(), "{k} of {}", o["Nickname"]);
        }
        assert!(o["Nickname"].is_string() && o["ColorDiffuse"]["r"].is_number());
        match o["Name"].as_str().unwrap() {
            "DeckCustom" => {
                assert!(o["DeckIDs"].is_array() && o["CustomDeck"].is_object());
                assert!(o["ContainedObjects"].is_array());
            }
            "CardCustom" => assert!(o["CardID"].is_u64() && o["CustomDeck"].is_object()),
            "Custom_Tile" => {
                let t = &o["CustomImage"]["CustomTile"];
                assert!(t["Type"].is_u64() && t["Thickness"].is_number());
                assert!(t["Stackable"].is_boolean() && t["Stretch"].is_boolean());
                assert!(o["CustomImage"]["ImageURL"].is_string());
                assert!(o["CustomImage"]["ImageSecondaryURL"].is_string());
            }
            "Bag" => assert!(!o["ContainedObjects"].as_array().unwrap().is_empty()),
            other => panic!("unexpected object {other}"),
        }
    }
    for d in all_objects(&v).iter().flat_map(|o| {
        o["CustomDeck"]
            .as_object()
            .into_iter()
            .flat_map(|m| m.values())
    }) {
        for k in [
            "FaceURL",
            "BackURL",
            "NumWidth",
            "NumHeight",
            "BackIsHidden",
            "UniqueBack",
            "Type",
        ] {
            assert!(!d[k].is_null(), "CustomDeck.{k}");
        }
    }
    // A lone card is a card, not a deck of one.
    let lone = by_nickname(&v, "Alone");
    assert_eq!(lone["Name"], "CardCustom");
    let kl = lone["CustomDeck"]
        .as_object()
        .unwrap()
        .keys()
        .next()
        .unwrap()
        .clone();
    assert_eq!(lone["CardID"], kl.parse::<u64>().unwrap() * 100);
    assert_eq!(lone["CustomDeck"][&kl]["NumWidth"], 1);
    // Two-sided tiles: square tiles in a bag, front and back different images.
    let bag = by_nickname(&v, "Tiles ×2");
    assert_eq!(bag["Name"], "Bag");
    let tiles = bag["ContainedObjects"].as_array().unwrap();
    assert_eq!(tiles.len(), 2);
    let img = &tiles[0]["CustomImage"];
    assert_eq!(img["CustomTile"]["Type"], 0);
    assert_ne!(img["ImageURL"], img["ImageSecondaryURL"]);
    // A round coin is a circular tile with its back underneath.
    let coin = by_nickname(&v, "Coin");
    assert_eq!(coin["Name"], "Custom_Tile");
    assert_eq!(coin["CustomImage"]["CustomTile"]["Type"], 2);
    assert!(
        coin["CustomImage"]["ImageSecondaryURL"]
            .as_str()
            .unwrap()
            .ends_with("coin-back.png")
    );
    // The track is a board: a box tile that does not stack.
    let track = by_nickname(&v, "Score track");
    assert_eq!(track["CustomImage"]["CustomTile"]["Stackable"], false);
}

#[test]
fn night_grain_markers_are_bagged_by_type_and_the_track_is_a_board() {
    let v = json(night_grain(), "night-grain");
    let bags: Vec<&Value> = top(&v).iter().filter(|o| o["Name"] == "Bag").collect();
    let mut counts = BTreeMap::new();
    for b in &bags {
        let inside = b["ContainedObjects"].as_array().unwrap();
        assert!(
            inside
                .iter()
                .all(|t| t["Name"] == "Custom_Tile" && t["CustomImage"]["CustomTile"]["Type"] == 2)
        );
        // Every tile in a bag is the same type of marker.
        let first = &inside[0]["CustomImage"]["ImageURL"];
        assert!(
            inside
                .iter()
                .all(|t| &t["CustomImage"]["ImageURL"] == first)
        );
        counts.insert(b["Nickname"].as_str().unwrap().to_string(), inside.len());
    }
    assert_eq!(counts.len(), 8, "{counts:?}");
    assert_eq!(counts["Grain markers: Amaranth ×4"], 4);
    assert_eq!(counts["Team markers: Humans ×3"], 3);
    assert_eq!(counts.values().sum::<usize>(), 24 + 6);
    // Real sizes: a ¾ in (19.05 mm) marker, the track as tall as drawn, the aid 80 × 115 mm.
    let marker = &bags[0]["ContainedObjects"][0]["Transform"];
    let mm = marker["scaleZ"].as_f64().unwrap() * TILE_UNITS_AT_SCALE_1 * MM_PER_UNIT;
    assert!((mm - 19.05).abs() < 0.1, "{mm} mm");
    let track = by_nickname(&v, "Track of Persephone");
    assert_eq!(track["Name"], "Custom_Tile");
    let game = pnp::kinds::load("night-grain").unwrap();
    let (_, h) = game.spec.components[2]
        .kind
        .kind()
        .size(&game.spec.components[2]);
    let mm = track["Transform"]["scaleZ"].as_f64().unwrap() * TILE_UNITS_AT_SCALE_1 * MM_PER_UNIT;
    assert!((mm - h).abs() < 0.2, "{mm} vs {h}");
    let aid = by_nickname(&v, "Player aid");
    let ids = aid["DeckIDs"].as_array().unwrap();
    assert_eq!(ids.len(), 3);
    assert!(
        ids.iter()
            .all(|id| id == &ids[0] && id.as_u64().unwrap() % 100 == 0)
    );
    // Scaled uniformly from the long side: 115 mm deep, its width from the sheet cell.
    let t = &aid["Transform"];
    assert_eq!(t["scaleX"], t["scaleZ"]);
    let h = t["scaleZ"].as_f64().unwrap() * CARD_DEPTH_AT_SCALE_1 * MM_PER_UNIT;
    assert!((h - 115.0).abs() < 0.2, "{h}");
    // One-sided aid: face up; its back is a generated plain card.
    assert_eq!(aid["Transform"]["rotZ"], 0.0);
}

#[test]
fn objects_each_have_their_own_place_on_the_table() {
    let v = json(night_grain(), "night-grain");
    let objs = top(&v);
    let spots: HashSet<(i64, i64)> = objs
        .iter()
        .map(|o| {
            let t = &o["Transform"];
            (
                (t["posX"].as_f64().unwrap() * 100.0) as i64,
                (t["posZ"].as_f64().unwrap() * 100.0) as i64,
            )
        })
        .collect();
    assert_eq!(spots.len(), objs.len(), "every object has its own place");
    // The board is further from the players (+z) than the tokens.
    let z = |name: &str| by_nickname(&v, name)["Transform"]["posZ"].as_f64().unwrap();
    assert!(z("Track of Persephone") > z("Grain markers: Rye ×4"));
}

#[test]
fn guids_are_six_hex_characters_unique_in_the_file() {
    for (dir, id) in [(fixture(), "tts-fixture"), (night_grain(), "night-grain")] {
        let v = json(dir, id);
        let mut seen = HashSet::new();
        for o in all_objects(&v) {
            let g = o["GUID"].as_str().unwrap();
            assert_eq!(g.len(), 6);
            assert!(g.chars().all(|c| c.is_ascii_hexdigit()), "{g}");
            assert!(seen.insert(g.to_string()), "duplicate GUID {g}");
        }
        assert!(seen.len() > 20);
    }
}

fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    files(dir)
        .into_iter()
        .map(|f| {
            let bytes = std::fs::read(dir.join(&f)).unwrap();
            (f, bytes)
        })
        .collect()
}

#[test]
fn output_is_byte_identical_run_to_run() {
    // Hosted URLs do not depend on the folder: two folders, identical bytes.
    let a = tts(
        "night-grain",
        &["--dpi", "40", "--base-url", "https://example.org/ng"],
    );
    let b = tts(
        "night-grain",
        &["--dpi", "40", "--base-url", "https://example.org/ng"],
    );
    let (sa, sb) = (snapshot(&a), snapshot(&b));
    assert!(sa.len() > 5);
    assert_eq!(sa.keys().collect::<Vec<_>>(), sb.keys().collect::<Vec<_>>());
    for (k, v) in &sa {
        assert!(sb[k] == *v, "{k} differs between runs");
    }
    // Local URLs: the same folder twice gives the same bytes, and no temporaries are left.
    let before = snapshot(night_grain());
    let out = run(&[
        "tts",
        "night-grain",
        "--dpi",
        "60",
        "--out",
        night_grain().to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(before, snapshot(night_grain()));
    assert!(files(night_grain()).iter().all(|f| !f.contains("pnp-tmp")));
}

#[test]
fn base_url_gives_hosted_urls_to_the_same_relative_files() {
    let dir = tts(
        "night-grain",
        &["--dpi", "40", "--base-url", "https://example.org/ng"],
    );
    let v = json(&dir, "night-grain");
    let all = urls(&v);
    assert!(!all.is_empty());
    for u in all {
        let rel = u
            .strip_prefix("https://example.org/ng/")
            .unwrap_or_else(|| panic!("{u} is not hosted"));
        assert!(dir.join(rel).is_file(), "{rel} is in the folder to upload");
    }
}

#[test]
fn install_copies_the_saved_object_into_the_tts_folder() {
    let home = temp_dir("tts-home");
    let dir = temp_dir("tts-install");
    let out = pnp()
        .args(["tts", "night-grain", "--dpi", "40", "--install", "--out"])
        .arg(&dir)
        .env("PNP_TTS_DIR", &home)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let saves = home.join("Saves").join("Saved Objects");
    for f in ["night-grain.json", "night-grain.png"] {
        assert_eq!(
            std::fs::read(saves.join(f)).unwrap(),
            std::fs::read(dir.join(f)).unwrap(),
            "{f}"
        );
    }
    assert!(stdout(&out).contains("installed"));
    // Exporting straight into Saved Objects with --install writes each file once.
    let out = pnp()
        .args(["tts", "night-grain", "--dpi", "40", "--install", "--out"])
        .arg(&saves)
        .env("PNP_TTS_DIR", &home)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(saves.join("images/track-front.png").is_file());
    assert!(files(&saves).iter().all(|f| !f.contains("pnp-tmp")));
}

#[test]
fn bad_options_fail_cleanly_without_writing() {
    let dir = temp_dir("tts-bad");
    let target = dir.join("out");
    for args in [vec!["--base-url", "example.org/x"], vec!["--dpi", "5000"]] {
        let out = pnp()
            .args(["tts", "night-grain", "--out"])
            .arg(&target)
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(args[0]), "{}", stderr(&out));
        assert!(!target.exists(), "nothing written for {args:?}");
    }
}

#[test]
fn install_without_a_known_tts_folder_fails_before_writing() {
    let target = temp_dir("tts-nohome").join("out");
    let out = pnp()
        .args(["tts", "night-grain", "--install", "--out"])
        .arg(&target)
        .env_remove("PNP_TTS_DIR")
        .env_remove("HOME")
        .env_remove("XDG_DATA_HOME")
        .env_remove("USERPROFILE")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("PNP_TTS_DIR"), "{}", stderr(&out));
    assert!(!target.exists());
    let unknown = run(&["tts", "no-such-game"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("no-such-game"));
}

#[test]
fn a_deck_tag_splits_a_component_into_decks() {
    let v = json(fixture(), "tts-fixture");
    let action = by_nickname(&v, "Beast cards: action");
    let day = by_nickname(&v, "Beast cards: day");
    // A key for each deck's sheet.
    let ka = key_of(action, "decks/beast-action-1.png")
        .parse::<u64>()
        .unwrap()
        * 100;
    let kd = key_of(day, "decks/beast-day-1.png").parse::<u64>().unwrap() * 100;
    assert_ne!(ka, kd);
    assert_eq!(action["DeckIDs"], serde_json::json!([ka, ka, ka + 1]));
    assert_eq!(day["DeckIDs"], serde_json::json!([kd, kd + 1]));
    // Printed backs: the decks lie face down.
    assert_eq!(action["Transform"]["rotZ"], 180.0);
}

#[test]
fn every_shipped_game_exports_with_each_kind_mapped() {
    for id in pnp::base::assets::game_ids() {
        let dir = tts(id, &["--dpi", "30"]);
        let v = json(&dir, id);
        let objects = all_objects(&v);
        assert!(!objects.is_empty(), "{id}: no objects");
        for url in urls(&v) {
            assert!(local_path(&url).is_file(), "{id}: {url} missing");
        }
    }
    // The piecepack's dice are d6 with six named faces; its pawns stand as tokens.
    let dir = tts("piecepack", &["--dpi", "30"]);
    let v = json(&dir, "piecepack");
    let objects = all_objects(&v);
    let dice: Vec<_> = objects
        .iter()
        .filter(|o| o["Name"] == "Custom_Dice")
        .collect();
    assert_eq!(dice.len(), 4);
    for d in &dice {
        assert_eq!(d["CustomImage"]["CustomDice"]["Type"], 1);
        assert_eq!(d["RotationValues"].as_array().unwrap().len(), 6);
    }
    let pawns = objects
        .iter()
        .filter(|o| o["Name"] == "Custom_Token")
        .count();
    assert_eq!(pawns, 4);
    // The Beast's playing cards are decks.
    let dir = tts("the-beast", &["--dpi", "30"]);
    let v = json(&dir, "the-beast");
    assert!(all_objects(&v).iter().any(|o| o["Name"] == "DeckCustom"));
}

#[test]
fn playing_cards_without_a_back_get_a_blank_one() {
    // Their blank back was once drawn as a playing card's front, and refused for want of a suit.
    let dir = tts("tests/fixtures/tts-playing-cards.yaml", &["--dpi", "60"]);
    let v = json(&dir, "tts-playing-cards");
    let deck = all_objects(&v)
        .into_iter()
        .find(|o| o["Name"] == "DeckCustom")
        .expect("a deck");
    let sheet = deck["CustomDeck"]
        .as_object()
        .unwrap()
        .values()
        .next()
        .unwrap();
    assert_eq!(
        (sheet["NumWidth"].as_u64(), sheet["NumHeight"].as_u64()),
        (Some(2), Some(1))
    );
    let back = local_path(sheet["BackURL"].as_str().unwrap());
    let dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&back).unwrap()));
    let mut reader = dec.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    // One card's size at 60 dpi (63 × 88 mm), and blank: every pixel inside its border is the
    // card's background.
    assert_eq!((info.width, info.height), (149, 208));
    let channels = info.line_size / info.width as usize;
    let (w, h) = (info.width as usize, info.height as usize);
    for y in h / 8..h - h / 8 {
        for x in w / 8..w - w / 8 {
            let p = &pixels[y * info.line_size + x * channels..][..3];
            assert_eq!(p, [0xd8, 0xe8, 0xf8], "ink at ({x}, {y}) of the blank back");
        }
    }
}
