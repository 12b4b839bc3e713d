//! Issue 45: boards with spaces of any shape (`spaces:`) — triangles, circles, ovals, rounded
//! rectangles, polygons, paths — placed at a point or in rows, on a board with no grid or beside
//! a grid; what the rules count of them, setup diagrams on them, Tabletop Simulator's snap points
//! on them; a board's picture; a board that fits the page printed whole. Positions are measured
//! in the PDF that `pnp build` writes (its stroked outlines, to 0.05 mm) and in the face's PNG.
use crate::common::*;
use pnp::kinds::boards::extras::LINE_MM;
use pnp::kinds::spaces::Geometry;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Writes `yaml` as a game in a fresh folder and returns its path.
fn game_file(name: &str, yaml: &str) -> PathBuf {
    let dir = temp_dir(name);
    let file = dir.join(format!("{name}.yaml"));
    std::fs::write(&file, yaml).unwrap();
    file
}

fn example(name: &str) -> String {
    format!("{}/examples/{name}.yaml", env!("CARGO_MANIFEST_DIR"))
}

/// Writes `yaml`, a changed example, in a fresh folder beside a copy of the examples' art.
fn example_file(name: &str, yaml: &str) -> PathBuf {
    let file = game_file(name, yaml);
    let art = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/art");
    let to = file.parent().unwrap().join("art");
    std::fs::create_dir_all(&to).unwrap();
    // The pictures beside it (another example's folder of art is not needed).
    for entry in std::fs::read_dir(art).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
    file
}

/// The first component's geometry and size, as the library lists them.
fn geometry(file: &str) -> (Geometry, f64, f64) {
    let game = pnp::kinds::load(file).unwrap();
    let c = &game.spec.components[0];
    let (w, h) = c.kind.kind().size(c);
    (c.kind.kind().geometry().unwrap(), w, h)
}

fn space<'g>(g: &'g Geometry, name: &str) -> (usize, &'g pnp::kinds::spaces::Space) {
    g.spaces
        .iter()
        .enumerate()
        .find(|(_, s)| s.name == name)
        .unwrap_or_else(|| panic!("no space {name}"))
}

fn prepare(file: &str) -> pnp::layout::document::Document {
    let game = pnp::kinds::load(file).unwrap();
    pnp::commands::prepare(&game, &pnp::commands::options::BuildOptions::default()).unwrap()
}

/// A board with no grid, 180 × 170 mm, with one space of each shape and a row of three.
const SHAPES: &str = r##"game: {id: shapes, name: Shapes, players: [2]}
components:
  - id: board
    kind: board
    size: 180mm x 170mm
    front: {background: "#ffffff", ink: "#000000"}
    board:
      styles:
        hot: {fill: "#ff0000"}
      spaces:
        - {name: tri, shape: triangle, size: 20mm x 50mm, at: [30, 40], turn: 180, style: hot}
        - {name: pit, shape: circle, size: 30mm, at: [80, 30]}
        - {name: store, shape: oval, size: 20mm x 40mm, at: [140, 40], turn: 90}
        - {name: tray, shape: rectangle, size: 40mm x 20mm, corner: 5mm, at: [40, 110]}
        - {name: land, shape: polygon, points: [[80, 90], [120, 90], [130, 130], [70, 130]]}
        - {name: shield, shape: path, path: "M140 90 H170 V120 Q155 140 140 120 Z"}
        - {names: r1-r3, size: 10mm, at: [20, 155], step: [15, 0]}
"##;

#[test]
fn spaces_of_any_shape_are_drawn_where_they_are_written_to_a_twentieth_of_a_millimetre() {
    let file = game_file("shapes", SHAPES);
    let file = file.to_str().unwrap();
    let (g, w, h) = geometry(file);
    assert_eq!((w, h), (180.0, 170.0));
    // Named as written, at their middles, each with its shape.
    let expect = [
        ("tri", 30.0, 40.0, "triangle"),
        ("pit", 80.0, 30.0, "circle"),
        ("store", 140.0, 40.0, "oval"),
        ("tray", 40.0, 110.0, "rectangle"),
        ("land", 100.0, 110.0, "polygon"),
        ("shield", 155.0, 110.0, "path"),
        ("r1", 20.0, 155.0, "rectangle"),
        ("r2", 35.0, 155.0, "rectangle"),
        ("r3", 50.0, 155.0, "rectangle"),
    ];
    assert_eq!(g.spaces.len(), expect.len());
    assert_eq!(g.noun, "space");
    for (name, x, y, shape) in expect {
        let (i, s) = space(&g, name);
        assert!(
            (s.x - x).abs() < 1e-9 && (s.y - y).abs() < 1e-9,
            "{name}: {s:?}"
        );
        assert_eq!(g.shape(i), shape, "{name}");
    }
    assert_eq!(g.marked["hot"], vec![0]);

    // The outlines in the PDF, on the page where the board is printed whole.
    let dir = build(file, &["--no-png"]);
    let pdf = std::fs::read(dir.join("shapes.pdf")).unwrap();
    let doc = prepare(file);
    let (page, pl) = first_front(&doc, 0);
    assert!(!pl.quarter && !pl.turned && pl.part.is_none(), "{pl:?}");
    let strokes: Vec<Stroke> = pdf_strokes(&pdf)[page]
        .iter()
        .map(|s| Stroke {
            a: (s.a.0 - pl.rect.x, s.a.1 - pl.rect.y),
            b: (s.b.0 - pl.rect.x, s.b.1 - pl.rect.y),
            ..*s
        })
        .collect();
    let near = |p: (f64, f64), q: (f64, f64)| (p.0 - q.0).hypot(p.1 - q.1) < 0.05;
    // A straight side from `a` to `b` (either way), drawn in the board's line.
    let side = |a: (f64, f64), b: (f64, f64)| {
        strokes.iter().any(|s| {
            !s.curved
                && (s.width - LINE_MM).abs() < 0.01
                && ((near(s.a, a) && near(s.b, b)) || (near(s.a, b) && near(s.b, a)))
        })
    };
    // A curve that ends at `p`.
    let arc_end = |p: (f64, f64)| {
        strokes
            .iter()
            .any(|s| s.curved && (near(s.a, p) || near(s.b, p)))
    };
    // The triangle turned half round: its base along the top, its apex 50 mm below.
    for (a, b) in [
        ((30.0, 65.0), (20.0, 15.0)),
        ((20.0, 15.0), (40.0, 15.0)),
        ((40.0, 15.0), (30.0, 65.0)),
    ] {
        assert!(side(a, b), "triangle side {a:?}–{b:?}");
    }
    // The circle: four arcs ending 15 mm right, below, left and above its middle.
    for p in [(95.0, 30.0), (80.0, 45.0), (65.0, 30.0), (80.0, 15.0)] {
        assert!(arc_end(p), "circle: no arc ends at {p:?}");
    }
    // The oval 20 × 40 turned a quarter: 40 mm across, 20 mm down.
    for p in [(140.0, 50.0), (120.0, 40.0), (140.0, 30.0), (160.0, 40.0)] {
        assert!(arc_end(p), "oval: no arc ends at {p:?}");
    }
    // The rounded rectangle's straight sides stop 5 mm short of its corners.
    for (a, b) in [
        ((25.0, 100.0), (55.0, 100.0)),
        ((60.0, 105.0), (60.0, 115.0)),
        ((55.0, 120.0), (25.0, 120.0)),
        ((20.0, 115.0), (20.0, 105.0)),
    ] {
        assert!(side(a, b), "tray side {a:?}–{b:?}");
    }
    // The polygon and the path where their points are.
    for (a, b) in [
        ((80.0, 90.0), (120.0, 90.0)),
        ((120.0, 90.0), (130.0, 130.0)),
        ((130.0, 130.0), (70.0, 130.0)),
        ((70.0, 130.0), (80.0, 90.0)),
        ((140.0, 90.0), (170.0, 90.0)),
        ((170.0, 90.0), (170.0, 120.0)),
    ] {
        assert!(side(a, b), "side {a:?}–{b:?}");
    }
    assert!(
        arc_end((170.0, 120.0)) && arc_end((140.0, 120.0)),
        "the shield's curve"
    );
    // The row: three 10 mm squares 15 mm apart.
    for x in [20.0, 35.0, 50.0] {
        assert!(side((x - 5.0, 150.0), (x + 5.0, 150.0)), "r at {x}");
    }

    // In the face's PNG the triangle's fill reaches its sides and no further.
    let out = build(file, &["--no-pdf", "--dpi", "200"]);
    let png = png_rgba(&out.join("png/board-front.png"));
    let (pw, _, _) = png_info(&out.join("png/board-front.png"));
    let px = |mm: f64| (mm / 25.4 * 200.0).floor() as usize;
    let rgb = |x: f64, y: f64| {
        let i = (px(y) * pw as usize + px(x)) * 4;
        [png[i], png[i + 1], png[i + 2]]
    };
    let red = |c: [u8; 3]| c[0] > 200 && c[1] < 60 && c[2] < 60;
    assert!(red(rgb(30.0, 30.0)), "inside the triangle");
    // 15 mm above its apex the triangle is 6 mm wide: red 2.5 mm from its middle, not 3.5 mm.
    assert!(red(rgb(32.5, 50.0)) && !red(rgb(33.5, 50.0)));
    assert!(
        rgb(22.0, 50.0).iter().all(|&v| v > 240),
        "beside the triangle"
    );
    assert!(
        rgb(80.0, 30.0).iter().all(|&v| v > 240),
        "inside the unstyled circle"
    );
}

#[test]
fn a_race_game_s_points_are_rows_of_triangles_counted_by_the_rules_by_style() {
    let path = example("backgammon");
    let (g, w, h) = geometry(&path);
    assert_eq!((w, h), (340.0, 232.0));
    assert_eq!(g.spaces.len(), 27);
    let triangles = (0..g.spaces.len())
        .filter(|&i| g.shape(i) == "triangle")
        .count();
    assert_eq!(triangles, 24);
    // White's 1-point at the bottom left by the trays, the 6-point by the bar, the 24-point
    // above the 1-point: rows of 22 mm points, the top ones turned to point down.
    let at = |name: &str| {
        let (_, s) = space(&g, name);
        (s.x, s.y)
    };
    assert_eq!(at("1"), (55.0, 176.0));
    assert_eq!(at("6"), (165.0, 176.0));
    assert_eq!(at("7"), (211.0, 176.0));
    assert_eq!(at("13"), (321.0, 56.0));
    assert_eq!(at("24"), (55.0, 56.0));
    assert_eq!(at("bar"), (188.0, 116.0));
    // Colours alternate along each row, and a point faces one of the other colour.
    let style = |name: &str| {
        let (i, _) = space(&g, name);
        ["dark", "light"]
            .into_iter()
            .find(|s| g.marked[*s].contains(&i))
            .unwrap()
    };
    for n in 1..24 {
        if n % 6 != 0 {
            assert_ne!(style(&n.to_string()), style(&(n + 1).to_string()), "{n}");
        }
        assert_ne!(
            style(&n.to_string()),
            style(&(25 - n).to_string()),
            "{n} faces {}",
            25 - n
        );
    }
    assert_eq!((g.marked["dark"].len(), g.marked["light"].len()), (12, 12));
    let out = run(&["validate", &path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run(&["check", &path]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("0 warnings"), "{}", stdout(&out));

    // A row in one style where the rules say the colours alternate: both counts fail, each
    // saying what it found.
    let text = std::fs::read_to_string(&path).unwrap().replace(
        "at: [211, 176], step: [22, 0], style: [dark, light]",
        "at: [211, 176], step: [22, 0], style: dark",
    );
    let file = example_file("one-colour", &text);
    let out = run(&["validate", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("rule `dark-points` fails"), "{err}");
    assert!(err.contains("15 spaces marked `dark`"), "{err}");
    assert!(err.contains("rule `light-points` fails"), "{err}");

    // A row of rectangles where the rules count 24 triangles: the counts by shape fail, each
    // at the rule's line, saying what it found.
    let text = std::fs::read_to_string(&path).unwrap();
    let line_of = |id: &str| {
        text[..text.find(&format!("- id: {id}\n")).unwrap()]
            .lines()
            .count()
    };
    let file = example_file(
        "rectangles",
        &text.replace(
            "names: 13-18, shape: triangle",
            "names: 13-18, shape: rectangle",
        ),
    );
    let out = run(&["validate", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    let name = file.to_str().unwrap();
    for (id, found) in [
        ("points", "18 spaces of `board` where shape = triangle"),
        (
            "light-points",
            "9 spaces marked `light` of `board` where shape = triangle",
        ),
        (
            "bar-and-trays",
            "9 spaces of `board` where shape = rectangle",
        ),
    ] {
        assert!(err.contains(&format!("rule `{id}` fails")), "{err}");
        assert!(err.contains(found), "{id}: {err}");
        assert!(
            err.contains(&format!("rule written at {name}:{}:9", line_of(id))),
            "{id}: {err}"
        );
    }
    assert!(!err.contains("rule `dark-points` fails"), "{err}");
}

#[test]
fn a_sowing_game_s_pits_and_stores_are_counted_and_its_stones_stand_in_them() {
    let path = example("kalah");
    let (g, w, h) = geometry(&path);
    assert_eq!((w, h), (264.0, 84.0));
    let shapes: Vec<&str> = (0..g.spaces.len()).map(|i| g.shape(i)).collect();
    assert_eq!(shapes.iter().filter(|s| **s == "circle").count(), 12);
    assert_eq!(shapes.iter().filter(|s| **s == "oval").count(), 2);
    // South's pits left to right along the bottom, North's right to left along the top: sown
    // counter-clockwise, s6 then South's store then n1.
    let (_, s6) = space(&g, "s6");
    let (_, n1) = space(&g, "n1");
    let (_, store) = space(&g, "south_store");
    assert!(s6.x < store.x && n1.x < store.x && (s6.x - n1.x).abs() < 1e-9 && n1.y < s6.y);
    assert_eq!((g.marked["south"].len(), g.marked["north"].len()), (6, 6));
    let out = run(&["validate", &path]);
    assert!(out.status.success(), "{}", stderr(&out));
    // A sixth pit missing from North's row: its rule fails.
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("names: n1-n6", "names: n1-n5");
    let file = example_file("five-pits", &text);
    let out = run(&["validate", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("rule `north-pits` fails"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("rule `pits` fails"),
        "{}",
        stderr(&out)
    );
    // Round stores: the pits' count by shape fails, and the stores'.
    let text = std::fs::read_to_string(&path).unwrap().replace(
        "shape: oval, size: 32mm x 72mm",
        "shape: circle, size: 32mm",
    );
    let file = example_file("round-stores", &text);
    let out = run(&["validate", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("rule `pits` fails")
            && err.contains("14 spaces of `board` where shape = circle"),
        "{err}"
    );
    assert!(
        err.contains("rule `stores` fails")
            && err.contains("0 spaces of `board` where shape = oval"),
        "{err}"
    );

    // A setup diagram stands stones in pits and stores by name.
    let mut text = std::fs::read_to_string(&path).unwrap();
    let rules = text.find("\nrules:").unwrap();
    text.insert_str(
        rules,
        r#"
  - id: by-name
    kind: diagram
    size: 150mm x 60mm
    diagram:
      scale: 0.5
      place:
        - {piece: board, at: [150, 60]}
        - {piece: stone, on: board, space: s1}
        - {piece: stone, on: board, space: north_store}
"#,
    );
    let file = example_file("kalah-setup", &text);
    let game = pnp::kinds::load(file.to_str().unwrap()).unwrap();
    let setup = game
        .spec
        .components
        .iter()
        .find(|c| c.id.value == "by-name")
        .unwrap();
    let pnp::kinds::KindSpec::Diagram(diagram) = &setup.kind else {
        panic!("by-name is a diagram");
    };
    let pieces = pnp::kinds::piece::expand(&game);
    let centres: Vec<[f64; 2]> = diagram
        .centres(&game, &pieces)
        .into_iter()
        .map(|c| c.unwrap())
        .collect();
    // The board's middle (132, 42 on it) at (150, 60) on the table: s1 (57, 63 on the board)
    // 75 mm left of it and 21 below, North's store (21, 42) 111 mm left.
    let near = |a: [f64; 2], b: [f64; 2]| (a[0] - b[0]).hypot(a[1] - b[1]) < 1e-9;
    assert!(
        near(centres[1], [150.0 + 57.0 - 132.0, 60.0 + 63.0 - 42.0]),
        "{centres:?}"
    );
    assert!(
        near(centres[2], [150.0 + 21.0 - 132.0, 60.0]),
        "{centres:?}"
    );
}

/// `pnp tts GAME --table --players 2`: the save.
fn table(game: &str) -> Value {
    let dir = temp_dir("board-spaces-tts");
    let out = pnp()
        .args([
            "tts",
            game,
            "--dpi",
            "30",
            "--table",
            "--players",
            "2",
            "--out",
        ])
        .arg(&dir)
        .env_remove("PNP_TTS_DIR")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let stem = Path::new(game)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let text = std::fs::read_to_string(dir.join(format!("{stem}-table.json"))).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn on_the_table_a_board_printed_in_parts_is_one_locked_board_with_a_snap_point_on_each_space() {
    use pnp::outputs::tts::map::{MM_PER_UNIT, TILE_UNITS_AT_SCALE_1};
    for (name, spaces, parts) in [("backgammon", 27, 2), ("kalah", 14, 1)] {
        let path = example(name);
        let (g, w, h) = geometry(&path);
        assert_eq!(g.spaces.len(), spaces);
        // Printed in `parts` parts…
        let doc = prepare(&path);
        let printed = doc
            .pages
            .iter()
            .flat_map(|p| &p.placements)
            .filter(|p| doc.pieces[p.piece].component == 0)
            .count();
        assert_eq!(printed, parts, "{name}");
        // …and one board on the table, at its whole size, locked.
        let v = table(&path);
        let boards: Vec<&Value> = v["ObjectStates"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|o| o["Nickname"] == "Board")
            .collect();
        assert_eq!(boards.len(), 1, "{name}");
        let board = boards[0];
        assert_eq!(board["Locked"], true);
        let t = &board["Transform"];
        let scale = t["scaleZ"].as_f64().unwrap();
        assert!(
            // The save rounds a scale to a thousandth: 0.0005 × 2 units is 0.03 mm.
            (scale * TILE_UNITS_AT_SCALE_1 * MM_PER_UNIT - h).abs() < 0.03,
            "{name}: {scale}"
        );
        let snaps = board["AttachedSnapPoints"].as_array().unwrap();
        assert_eq!(snaps.len(), spaces, "{name}");
        // Each on its space's middle (the board lies turned half round, its local x and z
        // pointing the other way from the image's).
        for (snap, s) in snaps.iter().zip(&g.spaces) {
            let p = &snap["Position"];
            let u = w / 2.0 - p["x"].as_f64().unwrap() * scale * MM_PER_UNIT;
            let v = h / 2.0 + p["z"].as_f64().unwrap() * scale * MM_PER_UNIT;
            assert!(
                (u - s.x).abs() < 0.05 && (v - s.y).abs() < 0.05,
                "{name} {}: snap at ({u:.2}, {v:.2}), middle ({}, {})",
                s.name,
                s.x,
                s.y
            );
        }
        // The setup diagram's pieces lie on their spaces: how many on each (a piece's middle
        // on the table in mm from the board's top-left corner, inside the space's box).
        let on_spaces = |nickname: &str, half: (f64, f64)| {
            let mut on: std::collections::BTreeMap<String, usize> = Default::default();
            for o in v["ObjectStates"].as_array().unwrap() {
                if o["Nickname"] != nickname {
                    continue;
                }
                let t = &o["Transform"];
                let across = w / 2.0 + t["posX"].as_f64().unwrap() * MM_PER_UNIT;
                let down = h / 2.0 - t["posZ"].as_f64().unwrap() * MM_PER_UNIT;
                let s = g
                    .spaces
                    .iter()
                    .find(|s| (across - s.x).abs() < half.0 && (down - s.y).abs() < half.1)
                    .unwrap_or_else(|| {
                        panic!("{nickname} at ({across:.1}, {down:.1}) is on no space")
                    });
                *on.entry(s.name.clone()).or_default() += 1;
            }
            on
        };
        let counts = |pairs: &[(&str, usize)]| {
            pairs
                .iter()
                .map(|(n, c)| (n.to_string(), *c))
                .collect::<std::collections::BTreeMap<String, usize>>()
        };
        match name {
            "backgammon" => {
                // The points are 22 × 96 mm: White's 24, 13, 8 and 6, Black's (White's 1, 12,
                // 17 and 19) facing them.
                let white = counts(&[("24", 2), ("13", 5), ("8", 3), ("6", 5)]);
                let black = counts(&[("1", 2), ("12", 5), ("17", 3), ("19", 5)]);
                assert_eq!(on_spaces("White checker", (11.0, 48.0)), white);
                assert_eq!(on_spaces("Black checker", (11.0, 48.0)), black);
            }
            _ => {
                // Pits 28 mm across: four stones in each, none in the stores.
                let stones = on_spaces("Stone", (14.0, 14.0));
                assert_eq!(stones.len(), 12, "{stones:?}");
                assert!(
                    stones.iter().all(|(n, c)| *c == 4 && !n.ends_with("store")),
                    "{stones:?}"
                );
            }
        }
    }
}

#[test]
fn a_board_with_no_grid_splits_along_the_edges_of_its_spaces() {
    // Backgammon's 340 mm board: two parts on A4, the seam along the bar's left edge (176 mm),
    // through no point.
    let path = example("backgammon");
    let doc = prepare(&path);
    let parts: Vec<pnp::layout::Rect> = doc
        .pages
        .iter()
        .flat_map(|p| &p.placements)
        .filter(|p| doc.pieces[p.piece].component == 0)
        .map(|p| p.part.as_ref().expect("a part").window)
        .collect();
    assert_eq!(parts.len(), 2);
    assert!((parts[0].right() - 176.0).abs() < 1e-9, "{parts:?}");
    assert!((parts[1].x - (176.0 - 12.0)).abs() < 1e-9, "{parts:?}");
    assert!(
        parts.iter().all(|p| p.w <= 191.0 && p.h == 232.0),
        "{parts:?}"
    );
    // A circle laid over a grid line of a board of squares moves the seam off that line.
    let yaml = |extra: &str| {
        format!(
            "game: {{id: b, name: B, players: [2]}}\ncomponents:\n  - id: board\n    kind: board\n    board:\n      squares: 10\n      square: 25mm\n{extra}"
        )
    };
    let seam = |file: &Path| {
        let doc = prepare(file.to_str().unwrap());
        doc.pages
            .iter()
            .flat_map(|p| &p.placements)
            .filter_map(|p| p.part.as_ref())
            .map(|p| p.window.right())
            .fold(f64::INFINITY, f64::min)
    };
    let plain = seam(&game_file("plain-10", &yaml("")));
    let covered = seam(&game_file(
        "covered-10",
        &yaml(&format!(
            "      spaces:\n        - {{name: well, shape: circle, size: 30mm, at: [{plain}, 70]}}\n"
        )),
    ));
    assert!((plain - 133.0).abs() < 1e-9, "{plain}");
    assert!(
        (covered - plain).abs() > 1.0,
        "the seam {covered} runs through the circle at {plain}"
    );
}

#[test]
fn a_board_that_fits_the_page_is_printed_whole() {
    // 7 × 10 squares of 22.7 mm: 174.9 × 243 mm, taller than the room above the calibration
    // square and wider than the room beside it, but within the page's content area; with 30
    // counters it was cut in two (the layout that keeps the square's corner took as many pages).
    let race = game_file(
        "race",
        "game: {id: race, name: Race, players: [2]}\ncomponents:\n  - id: board\n    kind: board\n    board: {columns: 7, rows: 10, square: 22.7mm}\n  - id: stone\n    kind: token\n    size: 20mm\n    shape: round\n    copies: 30\n",
    );
    // 184 × 276 mm: only A4's side-margin layout holds it (184.8 × 284.4 mm of content).
    let tall = game_file(
        "tall",
        "game: {id: tall, name: Tall, players: [2]}\ncomponents:\n  - id: board\n    kind: board\n    size: 184mm x 276mm\n    board: {}\n",
    );
    for file in [&race, &tall] {
        let doc = prepare(file.to_str().unwrap());
        let boards: Vec<&pnp::layout::Placement> = doc
            .pages
            .iter()
            .flat_map(|p| &p.placements)
            .filter(|p| doc.pieces[p.piece].component == 0)
            .collect();
        assert_eq!(boards.len(), 1, "{file:?}: {boards:?}");
        assert!(boards[0].part.is_none());
        // Where it takes the calibration square's corner, that page prints no square over it.
        let page = doc
            .pages
            .iter()
            .find(|p| p.placements.iter().any(|q| std::ptr::eq(q, boards[0])))
            .unwrap();
        assert!(!(page.calibration && boards[0].rect.overlaps(&doc.layout.calibration())));
        let out = build(file.to_str().unwrap(), &["--no-png"]);
        assert!(
            out.join(format!(
                "{}.pdf",
                file.file_stem().unwrap().to_string_lossy()
            ))
            .exists()
        );
    }
    // A board too large for the page in either orientation is still cut: 10 × 10 of 25 mm.
    let split = format!(
        "{}/docs/examples/boards/split.yaml",
        env!("CARGO_MANIFEST_DIR")
    );
    let doc = prepare(&split);
    let parts = doc
        .pages
        .iter()
        .flat_map(|p| &p.placements)
        .filter(|p| doc.pieces[p.piece].component == 0)
        .count();
    assert_eq!(parts, 2);
}

#[test]
fn a_board_s_picture_lies_under_its_grid_and_its_spaces() {
    let dir = temp_dir("board-picture");
    std::fs::write(
        dir.join("green.svg"),
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10"><rect width="10" height="10" fill="#00c000"/></svg>"##,
    )
    .unwrap();
    let file = dir.join("pic.yaml");
    std::fs::write(
        &file,
        r##"game: {id: pic, name: Pic, players: [2]}
components:
  - id: board
    kind: board
    front: {background: "#ffffff", ink: "#000000", image: green.svg}
    board:
      squares: 4
      square: 20mm
      styles: {blue: {fill: "#0000ff"}}
      spaces:
        - {name: pool, shape: circle, size: 16mm, at: b2, style: blue}
  - id: plain
    kind: board
    size: 100mm x 60mm
    front: {background: "#ffffff", image: green.svg, fit: contain}
    board:
      spaces:
        - {name: a, shape: circle, size: 20mm, at: [30, 30]}
"##,
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let out = run(&["check", file]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = build(file, &["--no-pdf", "--dpi", "100"]);
    let pixel = |png: &str, x: f64, y: f64| {
        let path = out.join(format!("png/{png}-front.png"));
        let (w, _, _) = png_info(&path);
        let rgba = png_rgba(&path);
        let px = |mm: f64| (mm / 25.4 * 100.0) as usize;
        let i = (px(y) * w as usize + px(x)) * 4;
        [rgba[i], rgba[i + 1], rgba[i + 2]]
    };
    let green = |c: [u8; 3]| c[1] > 150 && c[0] < 60 && c[2] < 60;
    // Square a4 (top left, its middle 18 mm in): the picture shows through the grid; the pool
    // on b2 (middle at 38, 58) is blue over it.
    assert!(
        green(pixel("board", 14.0, 14.0)),
        "{:?}",
        pixel("board", 14.0, 14.0)
    );
    let c = pixel("board", 38.0, 58.0);
    assert!(c[2] > 200 && c[1] < 60, "{c:?}");
    // A picture contained: a 60 mm square in the middle of the 100 × 60 board, white beside it;
    // the unstyled circle at (30, 30) shows the picture through it.
    assert!(green(pixel("plain", 50.0, 30.0)));
    assert!(green(pixel("plain", 30.0, 30.0)));
    assert!(pixel("plain", 10.0, 30.0).iter().all(|&v| v > 240));
    // A title on a board with no grid (no margin to print it in) is said not to be drawn.
    let text = std::fs::read_to_string(file).unwrap().replace(
        "image: green.svg, fit: contain",
        "image: green.svg, fit: contain, title: Plain",
    );
    std::fs::write(dir.join("titled.yaml"), text).unwrap();
    let out = run(&["validate", dir.join("titled.yaml").to_str().unwrap()]);
    assert!(stderr(&out).contains("title"), "{}", stderr(&out));
}

#[test]
fn a_hex_board_takes_spaces_of_any_shape_and_a_picture_and_its_rules_count_both_shapes() {
    let dir = temp_dir("hex-spaces");
    std::fs::write(
        dir.join("green.svg"),
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#00c000"/></svg>"##,
    )
    .unwrap();
    let yaml = r##"game: {id: h, name: H, players: [2]}
components:
  - id: map
    kind: hex-board
    front: {image: green.svg}
    hex-board:
      layout: hexhex
      radius: 2
      hex: 20mm
      styles: {lake: {fill: "#0000ff"}}
      spaces:
        - {name: lake, shape: circle, size: 14mm, at: c3, style: lake}
rules:
  - {id: lake, quote: "One lake.", check: {count: {spaces: map}, where: {shape: circle}, equals: 1}}
  - {id: hexes, quote: "19 hexes.", check: {count: {spaces: map}, where: {shape: hex}, equals: HEXES}}
"##;
    let file = dir.join("h.yaml");
    std::fs::write(&file, yaml.replace("HEXES", "19")).unwrap();
    let file = file.to_str().unwrap();
    let out = run(&["validate", file]);
    assert!(out.status.success(), "{}", stderr(&out));
    // The lake on the middle hex's middle, after the grid's 19 hexes.
    let (g, _, _) = geometry(file);
    assert_eq!(g.spaces.len(), 20);
    let (i, lake) = space(&g, "lake");
    let (_, c3) = space(&g, "c3");
    assert_eq!((i, g.shape(i), g.shape(0)), (19, "circle", "hex"));
    assert!((lake.x - c3.x).abs() < 1e-9 && (lake.y - c3.y).abs() < 1e-9);
    // Drawn blue over the picture, which shows in the hexes around it.
    let out = build(file, &["--no-pdf", "--dpi", "100"]);
    let path = out.join("png/map-front.png");
    let (w, _, _) = png_info(&path);
    let rgba = png_rgba(&path);
    let pixel = |x: f64, y: f64| {
        let px = |mm: f64| (mm / 25.4 * 100.0) as usize;
        let i = (px(y) * w as usize + px(x)) * 4;
        [rgba[i], rgba[i + 1], rgba[i + 2]]
    };
    let c = pixel(lake.x, lake.y);
    assert!(c[2] > 200 && c[0] < 60 && c[1] < 60, "{c:?}");
    let c = pixel(lake.x + 8.5, lake.y);
    assert!(c[1] > 150 && c[0] < 60 && c[2] < 60, "{c:?}");
    // A count by the grid's shape that is wrong fails.
    std::fs::write(dir.join("h.yaml"), yaml.replace("HEXES", "20")).unwrap();
    let out = run(&["validate", file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("19 hexes of `map` where shape = hex"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn spaces_that_overlap_are_warned_of_at_their_row_naming_them_and_by_how_much() {
    // Line 13: 20 mm circles 10 mm apart. Line 14 and 15: two squares 4 mm into each other.
    // Line 16: triangles whose bases touch (0 mm): not an overlap.
    let yaml = "\
game:
  id: overlaps
  name: Overlaps
  licence: CC0 1.0
  players: [2]
components:
  - id: board
    name: Board
    kind: board
    size: 180mm x 120mm
    board:
      spaces:
        - {names: 19-24, shape: circle, size: 20mm, at: [164, 58], step: [-10, 0]}
        - {name: a, size: 20mm, at: [20, 100]}
        - {name: b, size: 20mm, at: [36, 100]}
        - {names: 1-4, shape: triangle, size: 14mm x 30mm, at: [60, 100], step: [14, 0]}
";
    let file = game_file("overlaps", yaml);
    let name = file.to_str().unwrap();
    for command in ["validate", "check"] {
        let out = run(&[command, name]);
        assert!(out.status.success(), "{}", stderr(&out));
        let said = format!("{}{}", stdout(&out), stderr(&out));
        let warnings: Vec<&str> = said.lines().filter(|l| l.contains("overlap")).collect();
        assert_eq!(warnings.len(), 2, "{said}");
        assert!(
            warnings[0].contains(&format!("warning: {name}:13:19: spaces `19` and `20`"))
                && warnings[0].contains("overlap by 10 mm")
                && warnings[0].contains("5 pairs of this row overlap"),
            "{said}"
        );
        assert!(
            warnings[1].contains(&format!("warning: {name}:15:18: spaces `a` and `b`"))
                && warnings[1].contains("overlap by 4 mm:"),
            "{said}"
        );
    }
    // The shipped examples' spaces lie apart or touch: backgammon's bar between its points,
    // kalah's pits beside its stores.
    let docs = format!(
        "{}/docs/examples/boards/spaces.yaml",
        env!("CARGO_MANIFEST_DIR")
    );
    for path in [example("backgammon"), example("kalah"), docs] {
        let out = run(&["check", &path]);
        let said = format!("{}{}", stdout(&out), stderr(&out));
        assert!(out.status.success() && !said.contains("overlap"), "{said}");
    }
}

#[test]
fn show_name_prints_a_space_s_name_inside_it_in_the_pdf() {
    let yaml = r##"game: {id: named, name: Named, players: [2]}
components:
  - id: board
    kind: board
    size: 120mm x 70mm
    front: {background: "#ffffff", ink: "#000000"}
    board:
      styles:
        bar: {fill: "#a87c52", label: Bar, ink: "#ffffff"}
      spaces:
        - {names: 1-3, shape: circle, size: 20mm, at: [20, 20], step: [30, 0], show: name}
        - {name: bar, size: 30mm x 24mm, at: [90, 50], style: bar, show: name}
        - {name: quiet, shape: circle, size: 20mm, at: [20, 50]}
"##;
    let file = game_file("named", yaml);
    let file = file.to_str().unwrap();
    let dir = build(file, &["--no-png"]);
    let pdf = std::fs::read(dir.join("named.pdf")).unwrap();
    let doc = prepare(file);
    let (page, pl) = first_front(&doc, 0);
    let height = pdf_page_sizes(&pdf)[page].1;
    let mm = 25.4 / 72.0;
    // Runs of glyphs on one baseline: (text, middle across, middle of its capitals down, size),
    // mm from the board's top-left corner.
    let mut glyphs = pdf_glyphs(&pdf)[page].clone();
    glyphs.sort_by(|a, b| (-a.y, a.x).partial_cmp(&(-b.y, b.x)).unwrap());
    let mut runs: Vec<Vec<Glyph>> = Vec::new();
    for g in glyphs {
        match runs.last_mut() {
            Some(run) if (run[0].y - g.y).abs() < 0.01 && g.x - run[0].x < 20.0 / mm => run.push(g),
            _ => runs.push(vec![g]),
        }
    }
    let texts: Vec<(String, f64, f64, f64)> = runs
        .iter()
        .map(|run| {
            let (first, last) = (&run[0], run.last().unwrap());
            let size = first.size * mm;
            (
                run.iter().map(|g| g.text.as_str()).collect(),
                (first.x + last.x + last.advance) / 2.0 * mm - pl.rect.x,
                (height - first.y) * mm - pl.rect.y - 0.35 * size,
                size,
            )
        })
        .filter(|t| t.1 > 0.0 && t.2 > 0.0 && t.1 < pl.rect.w && t.2 < pl.rect.h)
        .collect();
    let find = |name: &str| {
        texts
            .iter()
            .find(|t| t.0 == name)
            .unwrap_or_else(|| panic!("no `{name}` in {texts:?}"))
    };
    // Alone in its circle: in the middle, to 0.05 mm, as tall as two fifths of the square in
    // the circle (20 / √2 mm).
    let room = 20.0 / 2f64.sqrt();
    for (k, name) in ["1", "2", "3"].iter().enumerate() {
        let (_, x, y, size) = find(name);
        let at = (20.0 + 30.0 * k as f64, 20.0);
        assert!(
            (x - at.0).abs() < 0.05 && (y - at.1).abs() < 0.05,
            "{name} at {x}, {y}"
        );
        assert!((size - 0.4 * room).abs() < 0.05, "{name}: {size}");
    }
    // Above its style's label, both inside the square inside the space (24 mm tall).
    let (_, x, y, size) = find("bar");
    let (_, lx, ly, _) = find("Bar");
    assert!(
        (x - 90.0).abs() < 0.05 && (lx - 90.0).abs() < 0.05,
        "{texts:?}"
    );
    assert!(
        y + 0.35 * size < *ly,
        "the name is above the label: {texts:?}"
    );
    assert!(y - 0.35 * size > 50.0 - 12.0, "inside the space: {texts:?}");
    // A space without `show:` prints nothing.
    assert!(!texts.iter().any(|t| t.0 == "quiet"), "{texts:?}");
    assert_eq!(texts.len(), 5, "{texts:?}");
}
