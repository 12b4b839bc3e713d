//! Issue 6, end to end on Making Ground: the board (9×9, its middle 7×7 ringed for two
//! players, issue 35), tiles in three families × four ranks sized to the board's squares,
//! markers, rocks, the player aid, and the rules in data/making-ground.yaml.
use crate::common::*;

use pnp::commands::options::BuildOptions;
use pnp::layout::{A4, LETTER, Placement};
use std::collections::BTreeMap;
use std::path::Path;

const SQUARE_MM: f64 = 19.0;
/// Tiles are 2 mm smaller than the squares: hand-cut tiles do not jam (issue 35).
const TILE_MM: f64 = 17.0;
const EDGE_MM: f64 = pnp::kinds::boards::board::EDGE_MM;

fn game() -> pnp::kinds::Game {
    pnp::kinds::load("making-ground").unwrap()
}

fn px(mm: f64, dpi: u32) -> u32 {
    (mm / 25.4 * dpi as f64).round() as u32
}

/// Copies placed on the pages, by component id (each part of a split piece counts once).
fn placed_by_component(
    prepared: &pnp::layout::document::Document,
    game: &pnp::kinds::Game,
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
    let prepared = pnp::commands::prepare(&game, &BuildOptions::default()).unwrap();
    let placed = placed_by_component(&prepared, &game);
    let want: BTreeMap<String, u32> = [
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
            tags_of(&game, piece).get("family").cloned(),
            tags_of(&game, piece).get("rank").cloned(),
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
        if let Some(c) = tags_of(&game, &prepared.pieces[p.piece]).get("player") {
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
    let prepared = pnp::commands::prepare(&game, &BuildOptions::default()).unwrap();
    let piece = |id: &str| {
        prepared
            .pieces
            .iter()
            .find(|p| p.id == id)
            .unwrap_or_else(|| panic!("no piece {id}"))
    };
    let tile = piece("tiles-grasses");
    assert_eq!((tile.w, tile.h), (TILE_MM, TILE_MM));
    assert_eq!(piece("rocks").w, TILE_MM);
    // A millimetre of clearance on each side of a tile on its square.
    assert!((SQUARE_MM - tile.w) / 2.0 >= 1.0 - 1e-9);
    // One board for every player count (issue 35): no second 7×7 board.
    let boards: Vec<String> = prepared
        .pieces
        .iter()
        .filter(|p| kind_of(&game, p) == pnp::kinds::KindName::Board)
        .map(|p| p.id.clone())
        .collect();
    assert_eq!(boards, ["board-9"]);
    {
        let (id, n) = ("board-9", 9.0);
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
        let sq = board
            .square
            .as_ref()
            .expect("a board of squares has `square:`")
            .value;
        assert!((sq.w.mm() - tile.w - 2.0).abs() < 1e-9);
    }
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
    let boards: Vec<String> = files(&dir.join("png"))
        .into_iter()
        .filter(|f| f.starts_with("board"))
        .collect();
    assert_eq!(boards, ["board-9-front.png"], "one board");
    {
        let (id, n) = ("board-9", 9u32);
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
        let prepared = pnp::commands::prepare(&game, &opt).unwrap();
        let b9 = prepared
            .pieces
            .iter()
            .position(|p| p.id == "board-9")
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
fn one_board_serves_every_player_count() {
    // `--players N` used to pick a 7×7 or a 9×9 board; now the 9×9 board (its middle 7×7 for
    // two players) is built for every count, with everything else.
    let pngs = |dir: &Path| files(&dir.join("png"));
    let all = build("making-ground", &["--no-pdf", "--dpi", "60"]);
    let all = pngs(&all);
    assert!(all.contains(&"board-9-front.png".to_string()));
    assert!(!all.iter().any(|f| f.starts_with("board-7")), "{all:?}");
    for n in ["2", "3", "4"] {
        let dir = build(
            "making-ground",
            &["--no-pdf", "--dpi", "60", "--players", n],
        );
        assert_eq!(pngs(&dir), all, "{n} players");
    }
    // The PDF captions: one board, which says what two players use.
    let dir = build("making-ground", &["--no-png", "--players", "2"]);
    let text = pdf_text(&std::fs::read(dir.join("making-ground.pdf")).unwrap()).join("\n");
    assert_eq!(
        text.matches("Board 9×9").count(),
        2,
        "cover and page: {text}"
    );
    assert!(text.contains("its middle 7×7 for 2"), "{text}");
    assert!(!text.contains("Board 7×7"), "{text}");

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

/// The board's page: where the board is (mm from the page's top left), the page's index and
/// the PDF.
fn board_on_its_page(paper: pnp::layout::Paper, cli: &str) -> (pnp::layout::Rect, usize, Vec<u8>) {
    let game = game();
    let opt = BuildOptions {
        paper,
        ..BuildOptions::default()
    };
    let prepared = pnp::commands::prepare(&game, &opt).unwrap();
    let b9 = prepared
        .pieces
        .iter()
        .position(|p| p.id == "board-9")
        .unwrap();
    let (page, rect) = prepared
        .pages
        .iter()
        .enumerate()
        .find_map(|(i, p)| {
            p.placements
                .iter()
                .find(|pl| pl.piece == b9)
                .map(|pl| (i, pl.rect))
        })
        .unwrap();
    let dir = build("making-ground", &["--no-png", "--paper", cli]);
    let pdf = std::fs::read(dir.join("making-ground.pdf")).unwrap();
    // The cover comes before the laid-out pages.
    let cover = pdf_page_sizes(&pdf).len() - prepared.pages.len();
    assert_eq!(cover, 1);
    (rect, page + cover, pdf)
}

#[test]
fn the_board_page_rings_the_middle_7x7_with_a_heavy_line_at_the_right_squares() {
    for (paper, cli) in [(A4, "a4"), (LETTER, "letter")] {
        let (rect, page, pdf) = board_on_its_page(paper, cli);
        // The grid's top left on the page; the 7×7 runs from one square in to eight.
        let (gx, gy) = (rect.x + EDGE_MM, rect.y + EDGE_MM);
        let (lo_x, hi_x) = (gx + SQUARE_MM, gx + 8.0 * SQUARE_MM);
        let (lo_y, hi_y) = (gy + SQUARE_MM, gy + 8.0 * SQUARE_MM);
        let heavy: Vec<Stroke> = pdf_strokes(&pdf)[page]
            .iter()
            .filter(|s| (s.width - pnp::kinds::boards::extras::OUTLINE_MM).abs() < 0.01)
            .copied()
            .collect();
        assert_eq!(heavy.len(), 4, "{}: four sides: {heavy:?}", paper.name);
        let near =
            |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() < 0.05 && (a.1 - b.1).abs() < 0.05;
        let sides = [
            ((lo_x, lo_y), (hi_x, lo_y)),
            ((hi_x, lo_y), (hi_x, hi_y)),
            ((hi_x, hi_y), (lo_x, hi_y)),
            ((lo_x, hi_y), (lo_x, lo_y)),
        ];
        for (a, b) in sides {
            assert!(
                heavy
                    .iter()
                    .any(|s| (near(s.a, a) && near(s.b, b)) || (near(s.a, b) && near(s.b, a))),
                "{}: no heavy side from {a:?} to {b:?}: {heavy:?}",
                paper.name
            );
        }
        assert!(heavy.iter().all(|s| !s.dashed));
    }
}

#[test]
fn the_outer_ring_is_shaded_and_the_middle_7x7_is_not_in_grayscale() {
    let (rect, page, pdf) = board_on_its_page(A4, "a4");
    let raster = &rasterize(&pdf, 2.0)[page];
    let (gx, gy) = (rect.x + EDGE_MM, rect.y + EDGE_MM);
    // A point a quarter square in from a square's top left corner, clear of the lines (and of
    // the heavy line's 0.7 mm half).
    let lum = |col: u32, row_from_top: u32| {
        raster.lum_at_mm(
            gx + (col as f64 + 0.25) * SQUARE_MM,
            gy + (row_from_top as f64 + 0.25) * SQUARE_MM,
        )
    };
    let mut ring = Vec::new();
    let mut middle = Vec::new();
    for col in 0..9 {
        for row in 0..9 {
            let outer = col == 0 || row == 0 || col == 8 || row == 8;
            match outer {
                true => ring.push(lum(col, row)),
                false => middle.push(lum(col, row)),
            }
        }
    }
    assert_eq!((ring.len(), middle.len()), (32, 49));
    let darkest_middle = *middle.iter().min().unwrap();
    let lightest_ring = *ring.iter().max().unwrap();
    // The middle's chequer is white and a faint tint; the ring is a step darker than both.
    assert!(
        darkest_middle >= 230 && lightest_ring <= 220,
        "middle {middle:?}, ring {ring:?}"
    );
    // Where the heavy line runs, the page is dark; a square further in, it is not.
    for (x, y) in [
        (gx + SQUARE_MM, gy + 4.5 * SQUARE_MM),
        (gx + 8.0 * SQUARE_MM, gy + 4.5 * SQUARE_MM),
        (gx + 4.5 * SQUARE_MM, gy + SQUARE_MM),
        (gx + 4.5 * SQUARE_MM, gy + 8.0 * SQUARE_MM),
    ] {
        // 0.4 mm off the line's centre: inside a 1.4 mm line, outside a 0.35 mm grid line.
        assert!(
            raster.lum_at_mm(x + 0.4, y + 0.4) < 100,
            "heavy line at {x}, {y}"
        );
    }
    assert!(raster.lum_at_mm(gx + 2.0 * SQUARE_MM + 0.5, gy + 4.5 * SQUARE_MM) > 200);
}

#[test]
fn validate_passes() {
    let out = run(&["validate", "making-ground"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Making Ground: 22 rules hold"), "{text}");
}

fn broken_copy(name: &str, from: &str, to: &str) -> (std::path::PathBuf, String) {
    let good =
        String::from_utf8(pnp::base::assets::game("making-ground").unwrap().to_vec()).unwrap();
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
    // A 10×10 board is not 9×9.
    let (path, good) = broken_copy("ten", "      squares: 9\n", "      squares: 10\n");
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("rule `large-board` fails"), "{err}");
    assert!(
        err.contains("expected: exactly 9") && err.contains("10×10"),
        "{err}"
    );
    assert!(err.contains("1 rule of the game does not hold"), "{err}");
    let rule_line = line_of(&good, "- id: large-board");
    assert!(err.contains(&format!("ten.yaml:{rule_line}:")), "{err}");
    let board_line = line_of(&good, "      squares: 9");
    assert!(
        err.contains(&format!("ten.yaml:{board_line}:")),
        "points at the board: {err}"
    );

    // The two-player area must be one 7×7 block: a square short, it is not a block at all.
    let (path, good) = broken_copy("gap", "b8-h8]", "b8-g8]");
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("rule `small-board` fails"), "{err}");
    assert!(err.contains("1 rule of the game does not hold"), "{err}");
    assert!(
        err.contains("48 squares marked `two-players` that are not one square block"),
        "{err}"
    );
    let rule_line = good
        .lines()
        .position(|l| l == "  - id: small-board")
        .unwrap()
        + 1;
    assert!(err.contains(&format!("gap.yaml:{rule_line}:")), "{err}");
    // Shifted a column, it is still 7×7 (a block anywhere is a 7×7 board), but the ring is
    // then not the rest of the board: the ring's count says so.
    let (path, _) = broken_copy("ring", "i2-i8]", "i2-i7]");
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    let err = stderr(&out);
    assert!(err.contains("rule `small-board-ring` fails"), "{err}");
    assert!(err.contains("31 squares marked `outer-ring`"), "{err}");

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
        "60 tiles cover the 49 squares of the 7×7: {err}"
    );
    let _ = good;
}

#[test]
fn board_yaml_mistakes_are_located() {
    let section = "    board:\n      squares: 9\n      square: 19mm\n      styles:\n        outer-ring: {fill: \"#e0d3b8\"}\n        two-players: {outline: \"#4a3b28\"}\n      marks:\n        outer-ring: [a1-i1, a9-i9, a2-a8, i2-i8]\n        two-players: [b2-h2, b3-h3, b4-h4, b5-h5, b6-h6, b7-h7, b8-h8]\n";
    let (path, good) = broken_copy("no-board", section, "    size: 19mm\n");
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    let line = line_of(&good, "    kind: board");
    assert!(
        err.contains(&format!("no-board.yaml:{line}:")) && err.contains("no `board:` section"),
        "{err}"
    );

    let (path, good) = broken_copy(
        "five",
        "    kind: board\n",
        "    kind: board\n    players: [2, 5]\n",
    );
    let out = pnp()
        .arg("build")
        .arg(&path)
        .arg("--out")
        .arg(path.with_extension("out"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    let line = line_of(&good, "    kind: board") + 1;
    assert!(
        err.contains(&format!("five.yaml:{line}:")) && err.contains("found [5]"),
        "{err}"
    );
    assert!(!path.with_extension("out").exists());

    // No board larger than a metre, and at least one square.
    for (name, to, says, at) in [
        (
            "huge",
            "      squares: 40\n      square: 900mm\n",
            "the limit is 1000 mm",
            "      square: 19mm",
        ),
        (
            "empty",
            "      squares: 0\n      square: 19mm\n",
            "1 to 40 squares",
            "      squares: 9",
        ),
    ] {
        let board = "      squares: 9\n      square: 19mm\n";
        let (path, good) = broken_copy(name, board, to);
        let out = pnp().arg("validate").arg(&path).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = stderr(&out);
        let line = line_of(&good, at);
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
