//! Issue 6, end to end on Making Ground: the board (7×7 and 9×9, chosen by `--players`), tiles
//! in three families × four ranks sized to the board's squares, markers, rocks, the player aid,
//! and the rules in data/making-ground.yaml.
use crate::common::*;

use pnp::layout::{A4, LETTER, Placement};
use pnp::options::BuildOptions;
use std::collections::BTreeMap;
use std::path::Path;

const SQUARE_MM: f64 = 19.0;
/// Tiles are 2 mm smaller than the squares: hand-cut tiles do not jam (issue 35).
const TILE_MM: f64 = 17.0;
const EDGE_MM: f64 = pnp::kinds::board::EDGE_MM;

fn game() -> pnp::spec::Game {
    pnp::spec::load("making-ground").unwrap()
}

fn px(mm: f64, dpi: u32) -> u32 {
    (mm / 25.4 * dpi as f64).round() as u32
}

/// Copies placed on the pages, by component id (each part of a split piece counts once).
fn placed_by_component(
    prepared: &pnp::layout::document::Document,
    game: &pnp::spec::Game,
) -> BTreeMap<String, u32> {
    let mut out = BTreeMap::new();
    for p in prepared.pages.iter().flat_map(|p| &p.placements) {
        if p.part.as_ref().is_some_and(|part| part.number > 1) {
            continue;
        }
        let c = &game.spec.components[prepared.pieces[p.piece].component];
        *out.entry(c.id.value.clone()).or_default() += 1;
    }
    out
}

#[test]
fn the_whole_set_has_the_documented_counts() {
    let game = game();
    let prepared = pnp::prepare(&game, &BuildOptions::default()).unwrap();
    let placed = placed_by_component(&prepared, &game);
    let want: BTreeMap<String, u32> = [
        ("board-7", 1),
        ("board-9", 1),
        ("tiles", 195),
        ("markers", 108),
        ("rocks", 6),
        ("aid", 4),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    assert_eq!(placed, want);

    // Three families × four ranks, each rank with the documented count, on pages.
    let mut by_kind: BTreeMap<(String, String), u32> = BTreeMap::new();
    for p in prepared.pages.iter().flat_map(|p| &p.placements) {
        let piece = &prepared.pieces[p.piece];
        if let (Some(f), Some(r)) = (
            piece.tags(&game).get("family"),
            piece.tags(&game).get("rank"),
        ) {
            *by_kind.entry((f.clone(), r.clone())).or_default() += 1;
        }
    }
    assert_eq!(by_kind.len(), 12, "{by_kind:?}");
    for family in ["vegetables", "animals", "humans"] {
        let counts: Vec<u32> = (1..=4)
            .map(|r| by_kind[&(family.to_string(), r.to_string())])
            .collect();
        assert_eq!(counts, [27, 18, 12, 8], "{family}");
    }
    // Markers: four colours, 27 each.
    let mut colours: BTreeMap<String, u32> = BTreeMap::new();
    for p in prepared.pages.iter().flat_map(|p| &p.placements) {
        if let Some(c) = prepared.pieces[p.piece].tags(&game).get("player") {
            *colours.entry(c.clone()).or_default() += 1;
        }
    }
    assert_eq!(colours.len(), 4);
    assert!(colours.values().all(|n| *n == 27), "{colours:?}");
}

#[test]
fn pdf_names_families_and_ranks_in_real_text() {
    let dir = build("making-ground", &["--no-png"]);
    // The harness guesses word gaps from average glyph widths (wide M and W get a space after
    // them), so compare without spaces.
    let text = pdf_text(&std::fs::read(dir.join("making-ground.pdf")).unwrap())
        .join("\n")
        .replace(' ', "");
    for word in [
        "Grasses",
        "Bushes",
        "Trees",
        "Forests",
        "Mice",
        "Rabbits",
        "Deer",
        "Bears",
        "People",
        "Families",
        "Houses",
        "Villages",
        "Rock",
        "Tiles · 195",
    ] {
        assert!(
            text.contains(&word.replace(' ', "")),
            "{word} missing from the PDF text"
        );
    }
}

#[test]
fn board_squares_leave_a_millimetre_around_each_tile_in_mm() {
    let game = game();
    let prepared = pnp::prepare(&game, &BuildOptions::default()).unwrap();
    let piece = |id: &str| {
        prepared
            .pieces
            .iter()
            .find(|p| p.id(&game) == id)
            .unwrap_or_else(|| panic!("no piece {id}"))
    };
    let tile = piece("tiles-grasses");
    assert_eq!((tile.w, tile.h), (TILE_MM, TILE_MM));
    assert_eq!(piece("rocks").w, TILE_MM);
    // A millimetre of clearance on each side of a tile on its square.
    assert!((SQUARE_MM - tile.w) / 2.0 >= 1.0 - 1e-9);
    for (id, n) in [("board-7", 7.0), ("board-9", 9.0)] {
        let b = piece(id);
        let side = n * SQUARE_MM + 2.0 * EDGE_MM;
        assert!(
            (b.w - side).abs() < 1e-9 && (b.h - side).abs() < 1e-9,
            "{id}"
        );
        // And the square in the spec is 2 mm larger than the tile.
        let c = &game.spec.components[b.component];
        let pnp::kinds::KindSpec::Board(board) = &c.kind else {
            panic!("`{}` is not a board", c.id.value)
        };
        let sq = board.square.value;
        assert!((sq.w.mm() - tile.w - 2.0).abs() < 1e-9);
    }
    // The 7×7 board fits on A4 whole: one placement of exactly its size.
    let b7 = prepared
        .pieces
        .iter()
        .position(|p| p.id(&game) == "board-7")
        .unwrap();
    let placed: Vec<&Placement> = prepared
        .pages
        .iter()
        .flat_map(|p| &p.placements)
        .filter(|p| p.piece == b7)
        .collect();
    assert_eq!(placed.len(), 1);
    assert!(placed[0].part.is_none());
    assert!((placed[0].rect.w - (7.0 * SQUARE_MM + 2.0 * EDGE_MM)).abs() < 1e-9);
}

/// Grey levels of one row of a PNG.
fn png_row(path: &Path, y: u32) -> (u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let start = y as usize * info.line_size;
    let row = &buf[start..start + info.line_size];
    let grey = row
        .chunks(channels)
        .map(|p| {
            if channels >= 3 {
                ((p[0] as u32 * 299 + p[1] as u32 * 587 + p[2] as u32 * 114) / 1000) as u8
            } else {
                p[0]
            }
        })
        .collect();
    (info.width, grey)
}

#[test]
fn board_squares_are_larger_than_the_tiles_in_png_pixels() {
    let dpi = 300;
    let dir = build("making-ground", &["--no-pdf", "--dpi", "300"]);
    let tile_px = px(TILE_MM, dpi);
    let (w, h, _) = png_info(&dir.join("png/tiles-grasses-front.png"));
    assert_eq!((w, h), (tile_px, tile_px));
    for (id, n) in [("board-7", 7u32), ("board-9", 9)] {
        let path = dir.join(format!("png/{id}-front.png"));
        let side = px(n as f64 * SQUARE_MM + 2.0 * EDGE_MM, dpi);
        assert_eq!(png_info(&path).0, side, "{id}");
        // Across the middle of the first row of squares, the grid lines are the dark runs.
        let y = px(EDGE_MM + SQUARE_MM / 2.0, dpi);
        let (_, row) = png_row(&path, y);
        let mut centres = Vec::new();
        let mut run: Option<(usize, usize)> = None;
        for (x, g) in row.iter().enumerate() {
            let dark = *g < 110;
            run = match (run, dark) {
                (None, true) => Some((x, x)),
                (Some((s, _)), true) => Some((s, x)),
                (Some((s, e)), false) => {
                    centres.push((s + e) as f64 / 2.0);
                    None
                }
                (None, false) => None,
            };
        }
        // Coordinates and the cut line are outside the grid: keep runs inside its frame.
        let (lo, hi) = (
            px(EDGE_MM, dpi) as f64 - 3.0,
            px(EDGE_MM + n as f64 * SQUARE_MM, dpi) as f64 + 3.0,
        );
        let lines: Vec<f64> = centres
            .into_iter()
            .filter(|c| *c >= lo && *c <= hi)
            .collect();
        assert_eq!(lines.len(), n as usize + 1, "{id}: grid lines {lines:?}");
        for pair in lines.windows(2) {
            let step = pair[1] - pair[0];
            assert!(
                (step - SQUARE_MM / 25.4 * dpi as f64).abs() <= 1.0,
                "{id}: square of {step} px, tile of {tile_px} px"
            );
        }
    }
}

#[test]
fn the_9x9_board_prints_whole_on_one_a4_or_letter_sheet() {
    // 9 × 19 mm squares and the 8 mm edges: 187 mm square (issue 35: no parts to glue).
    let game = game();
    for paper in [A4, LETTER] {
        let opt = BuildOptions {
            paper,
            ..BuildOptions::default()
        };
        let prepared = pnp::prepare(&game, &opt).unwrap();
        let b9 = prepared
            .pieces
            .iter()
            .position(|p| p.id(&game) == "board-9")
            .unwrap();
        let placed: Vec<&Placement> = prepared
            .pages
            .iter()
            .flat_map(|p| &p.placements)
            .filter(|p| p.piece == b9)
            .collect();
        assert_eq!(placed.len(), 1, "{}", paper.name);
        assert!(placed[0].part.is_none(), "{}", paper.name);
        let side = 9.0 * SQUARE_MM + 2.0 * EDGE_MM;
        assert!((side - 187.0).abs() < 0.05);
        assert!((placed[0].rect.w - side).abs() < 0.05 && (placed[0].rect.h - side).abs() < 0.05);
        assert!(
            prepared.layout.content().contains(&placed[0].rect),
            "{}",
            paper.name
        );
    }
}

#[test]
fn players_picks_the_board() {
    let pngs = |dir: &Path| files(&dir.join("png"));
    let all = build("making-ground", &["--no-pdf", "--dpi", "60"]);
    let all = pngs(&all);
    assert!(all.contains(&"board-7-front.png".to_string()));
    assert!(all.contains(&"board-9-front.png".to_string()));
    for (n, board, not) in [
        ("2", "board-7", "board-9"),
        ("3", "board-9", "board-7"),
        ("4", "board-9", "board-7"),
    ] {
        let dir = build(
            "making-ground",
            &["--no-pdf", "--dpi", "60", "--players", n],
        );
        let got = pngs(&dir);
        assert!(got.contains(&format!("{board}-front.png")), "{n}: {got:?}");
        assert!(!got.contains(&format!("{not}-front.png")), "{n}: {got:?}");
        // Everything without a player list is still built.
        assert_eq!(got.len(), all.len() - 1, "{n} players");
    }
    // The PDF captions follow: only the chosen board is imposed.
    let dir = build("making-ground", &["--no-png", "--players", "2"]);
    let text = pdf_text(&std::fs::read(dir.join("making-ground.pdf")).unwrap()).join("\n");
    assert!(text.contains("Board 7×7"), "{text}");
    assert!(!text.contains("Board 9×9"));

    let out_dir = temp_dir("players-5");
    let out = pnp()
        .args(["build", "making-ground", "--players", "5", "--out"])
        .arg(&out_dir)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("--players 5") && err.contains("2, 3, 4"),
        "{err}"
    );
    assert!(files(&out_dir).is_empty(), "nothing written");
}

#[test]
fn validate_passes() {
    let out = run(&["validate", "making-ground"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Making Ground: 21 rules hold"), "{text}");
}

fn broken_copy(name: &str, from: &str, to: &str) -> (std::path::PathBuf, String) {
    let good = String::from_utf8(pnp::assets::game("making-ground").unwrap().to_vec()).unwrap();
    assert!(good.contains(from), "{from}");
    let dir = temp_dir(name);
    let path = dir.join(format!("{name}.yaml"));
    std::fs::write(&path, good.replacen(from, to, 1)).unwrap();
    (path, good)
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn a_broken_copy_fails_naming_the_rule_and_its_line() {
    // An 8×8 board is neither 7×7 nor 9×9.
    let (path, good) = broken_copy("eight", "board: {squares: 9,", "board: {squares: 8,");
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("rule `large-board` fails"), "{err}");
    assert!(
        err.contains("expected: exactly 9") && err.contains("8×8"),
        "{err}"
    );
    let rule_line = line_of(&good, "- id: large-board");
    assert!(err.contains(&format!("eight.yaml:{rule_line}:")), "{err}");
    let board_line = line_of(&good, "board: {squares: 9,");
    assert!(
        err.contains(&format!("eight.yaml:{board_line}:")),
        "points at the board: {err}"
    );

    // Without forests, the forests rule fails (and only it, with its line).
    let (path, good) = broken_copy(
        "no-forests",
        "tags: {family: vegetables, rank: \"4\"}",
        "tags: {family: vegetables, rank: \"3\"}",
    );
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("rule `forests` fails"), "{err}");
    assert!(err.contains("1 rule of the game does not hold"), "{err}");
    let rule_line = line_of(&good, "- {id: forests,");
    assert!(
        err.contains(&format!("no-forests.yaml:{rule_line}:")),
        "{err}"
    );

    // Too few tiles for the large board.
    let (path, good) = broken_copy(
        "few",
        "    size: &tile 17mm\n    note: >-\n      Counts",
        "    size: &tile 17mm\n    copies: 1\n    note: >-\n      Counts",
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let trimmed = text
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("copies: ") && l.starts_with("        copies") {
                "        copies: 5".to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(&path, trimmed).unwrap();
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    let err = stderr(&out);
    assert!(err.contains("rule `tiles-fill-large-board` fails"), "{err}");
    assert!(
        err.contains("at least 81 (the squares of board-9)"),
        "{err}"
    );
    assert!(err.contains("found:    60 tiles"), "{err}");
    assert!(
        !err.contains("tiles-fill-small-board"),
        "60 tiles cover 49 squares: {err}"
    );
    let _ = good;
}

#[test]
fn board_yaml_mistakes_are_located() {
    let (path, good) = broken_copy(
        "no-board",
        "    board: {squares: 7, square: &square 19mm}\n",
        "    size: &square 19mm\n",
    );
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    let line = line_of(&good, "    kind: board");
    assert!(
        err.contains(&format!("no-board.yaml:{line}:")) && err.contains("no `board:` section"),
        "{err}"
    );

    let (path, good) = broken_copy("five", "    players: [2]\n", "    players: [2, 5]\n");
    let out = pnp()
        .arg("build")
        .arg(&path)
        .arg("--out")
        .arg(path.with_extension("out"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    let line = line_of(&good, "    players: [2]");
    assert!(
        err.contains(&format!("five.yaml:{line}:")) && err.contains("found [5]"),
        "{err}"
    );
    assert!(!path.with_extension("out").exists());

    // No board larger than a metre, and at least one square.
    for (name, to, says) in [
        (
            "huge",
            "board: {squares: 40, square: 900mm}",
            "the limit is 1000 mm",
        ),
        (
            "empty",
            "board: {squares: 0, square: *square}",
            "1 to 40 squares",
        ),
    ] {
        let (path, good) = broken_copy(name, "board: {squares: 9, square: *square}", to);
        let out = pnp().arg("validate").arg(&path).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = stderr(&out);
        let line = line_of(&good, "board: {squares: 9, square: *square}");
        assert!(
            err.contains(&format!("{name}.yaml:{line}:")) && err.contains(says),
            "{err}"
        );
    }
}

#[test]
fn copies_can_be_overridden_from_the_command_line_and_stay_validated() {
    let dir = build(
        "making-ground",
        &[
            "--no-png",
            "--copies",
            "tiles.grasses=30",
            "--copies",
            "markers=20",
        ],
    );
    let text = pdf_text(&std::fs::read(dir.join("making-ground.pdf")).unwrap())
        .join("\n")
        .replace(' ', "");
    // 195 + 3 more grasses; 4 colours × 20 markers.
    assert!(text.contains("Tiles·198"), "{text}");
    assert!(text.contains("Playermarkers·80"), "{text}");

    // Too few tiles to fill the board: the build refuses, naming the rule.
    let out_dir = temp_dir("too-few");
    let out = pnp()
        .args(["build", "making-ground", "--copies", "tiles=2", "--out"])
        .arg(&out_dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("rule `tiles-fill-large-board` fails"), "{err}");
    assert!(err.contains("found:    24 tiles"), "{err}");
    assert!(files(&out_dir).is_empty());

    let out = run(&["build", "making-ground", "--copies", "tiles.grass=2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no variant `grass`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn two_runs_give_identical_bytes() {
    let args = ["--dpi", "60", "--players", "4", "--paper", "letter"];
    let (a, b) = (build("making-ground", &args), build("making-ground", &args));
    let (fa, fb) = (files(&a), files(&b));
    assert_eq!(fa, fb);
    for f in fa {
        assert_eq!(
            std::fs::read(a.join(&f)).unwrap(),
            std::fs::read(b.join(&f)).unwrap(),
            "{f} differs"
        );
    }
}
