//! Boards of any geometry (issue 33): squares N×M, hexes, points joined by lines, marked spaces,
//! a track around the edge, areas; their rules, their errors, and the example games that use
//! them. Positions are measured in the PNG of the board's face (one pixel a 0.127 mm at 200 dpi),
//! located with the board's own list of spaces.
use crate::common::*;
use pnp::kinds::spaces::{Geometry, LINE_MM};
use std::path::{Path, PathBuf};

const DPI: u32 = 200;

/// Writes `yaml` as a game in a fresh folder and returns its path.
fn game_file(name: &str, yaml: &str) -> PathBuf {
    let dir = temp_dir(name);
    let file = dir.join(format!("{name}.yaml"));
    std::fs::write(&file, yaml).unwrap();
    file
}

/// A game of one board, `kind` with its section written as `section`.
fn board_yaml(kind: &str, section: &str) -> String {
    format!(
        "game: {{id: b, name: B, players: [2]}}\ncomponents:\n  - id: board\n    kind: {kind}\n    front: {{background: \"#ffffff\", ink: \"#000000\"}}\n    {kind}: {section}\n"
    )
}

/// The board's geometry, as the library lists it.
fn geometry(file: &Path) -> (Geometry, f64, f64) {
    let game = pnp::spec::load(file.to_str().unwrap()).unwrap();
    let c = &game.spec.components[0];
    let (w, h) = c.kind.kind().size(c);
    (c.kind.kind().geometry().unwrap(), w, h)
}

/// Builds the game's PNGs at `DPI` and returns the board face's pixels (RGBA) and width.
fn board_png(file: &Path) -> (Vec<u8>, u32, u32) {
    let out = file.parent().unwrap().join("out");
    let run = pnp()
        .arg("build")
        .arg(file)
        .args(["--no-pdf", "--dpi", &DPI.to_string(), "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", stderr(&run));
    let png = out.join("png/board-front.png");
    let (w, h, _) = png_info(&png);
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let rgba = buf
        .chunks(channels)
        .flat_map(|p| match channels {
            4 => [p[0], p[1], p[2], p[3]],
            _ => [p[0], p[1], p[2], 255],
        })
        .collect();
    (rgba, w, h)
}

fn px(mm: f64) -> f64 {
    mm / 25.4 * DPI as f64
}

/// The colour at (`x`, `y`) mm.
fn rgb(png: &(Vec<u8>, u32, u32), x: f64, y: f64) -> [u8; 3] {
    let (rgba, w, _) = png;
    let i = ((px(y).round() as usize) * *w as usize + px(x).round() as usize) * 4;
    [rgba[i], rgba[i + 1], rgba[i + 2]]
}

fn is_red(c: [u8; 3]) -> bool {
    c[0] > 200 && c[1] < 80 && c[2] < 80
}

/// How far (mm) red runs from (`x`, `y`) in direction (`dx`, `dy`), in steps of a pixel.
fn red_reach(png: &(Vec<u8>, u32, u32), x: f64, y: f64, dx: f64, dy: f64) -> f64 {
    let step = 25.4 / DPI as f64 / 4.0;
    let mut d = 0.0;
    while is_red(rgb(png, x + dx * (d + step), y + dy * (d + step))) {
        d += step;
    }
    d
}

fn at<'g>(g: &'g Geometry, name: &str) -> &'g pnp::kinds::spaces::Space {
    g.spaces
        .iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("no space {name}"))
}

#[test]
fn a_board_of_columns_by_rows_has_its_squares_and_marks_where_its_coordinates_say() {
    let file = game_file(
        "squares",
        &board_yaml(
            "board",
            "{columns: 6, rows: 4, square: 20mm, styles: {hot: {fill: \"#ff0000\"}}, marks: {hot: [b3], star: [e2]}}",
        ),
    );
    let (g, w, h) = geometry(&file);
    // The grid and its 8 mm margin.
    assert_eq!((w, h), (6.0 * 20.0 + 16.0, 4.0 * 20.0 + 16.0));
    assert_eq!(g.spaces.len(), 24);
    // a1 is the bottom left square, f4 the top right.
    let (a1, f4) = (at(&g, "a1"), at(&g, "f4"));
    assert!((a1.x - 18.0).abs() < 1e-9 && (a1.y - (8.0 + 3.5 * 20.0)).abs() < 1e-9);
    assert!((f4.x - (8.0 + 5.5 * 20.0)).abs() < 1e-9 && (f4.y - 18.0).abs() < 1e-9);
    let png = board_png(&file);
    assert_eq!((png.1, png.2), (px(w).round() as u32, px(h).round() as u32));
    let b3 = at(&g, "b3");
    assert!(is_red(rgb(&png, b3.x, b3.y)));
    // The whole square and no more: red reaches its edges, 10 mm from the centre less the grid
    // line's half width drawn over it, within a pixel (0.127 mm) and a half.
    for (dx, dy) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
        let reach = red_reach(&png, b3.x, b3.y, dx, dy);
        assert!(
            (reach - (10.0 - LINE_MM / 2.0)).abs() < 0.2,
            "b3 reaches {reach} mm"
        );
    }
    let a3 = at(&g, "a3");
    assert!(!is_red(rgb(&png, a3.x, a3.y)));
    // The star is a dot at e2's centre; a board that is not square is not checkered.
    let e2 = at(&g, "e2");
    assert!(rgb(&png, e2.x, e2.y).iter().all(|&v| v < 60));
    let b1 = at(&g, "b1");
    assert!(rgb(&png, b1.x + 5.0, b1.y + 5.0).iter().all(|&v| v > 245));
}

/// Where the black outline crosses the ray from (`x`, `y`) in direction (`dx`, `dy`) (a unit
/// vector), between `from` and `to` mm along it: the centre of the line's ink, weighted by how
/// black each pixel is (255 less its brightest channel, so a red or white fill weighs nothing).
fn outline_at(
    png: &(Vec<u8>, u32, u32),
    x: f64,
    y: f64,
    (dx, dy): (f64, f64),
    from: f64,
    to: f64,
) -> f64 {
    let pixel = 25.4 / DPI as f64;
    let (mut sum, mut weight) = (0.0, 0.0);
    let mut d = from;
    while d <= to {
        let (i, j) = (px(x + dx * d).floor(), px(y + dy * d).floor());
        let k = (j as usize * png.1 as usize + i as usize) * 4;
        let ink = 255.0 - *png.0[k..k + 3].iter().max().unwrap() as f64;
        // The pixel's centre, projected on the ray.
        let along = ((i + 0.5) * pixel - x) * dx + ((j + 0.5) * pixel - y) * dy;
        sum += ink * along;
        weight += ink;
        d += pixel / 4.0;
    }
    assert!(weight > 0.0, "no outline between {from} and {to} mm");
    sum / weight
}

#[test]
fn hexes_measure_their_size_across_flats_and_corners() {
    let corners = 20.0 * 2.0 / 3f64.sqrt();
    // The directions from a hex's centre square to its flats: 0°, 60° and 120° from the
    // horizontal for pointed tops, 30°, 90° and 150° for flat ones.
    for (top, first) in [("pointy", 0.0), ("flat", 30.0)] {
        let file = game_file(
            &format!("hexes-{top}"),
            &board_yaml(
                "hex-board",
                &format!(
                    "{{hex: 20mm, top: {top}, columns: 5, rows: 4, styles: {{hot: {{fill: \"#ff0000\"}}}}, marks: {{hot: [c2]}}}}"
                ),
            ),
        );
        let (g, _, _) = geometry(&file);
        assert_eq!(g.spaces.len(), 20);
        let png = board_png(&file);
        let c2 = at(&g, "c2");
        assert!(is_red(rgb(&png, c2.x, c2.y)));
        // Across each pair of flats, from the outline's centre on one side to the other's: the
        // same 20 mm three ways round is a regular hexagon, whose corners are 2/√3 as far apart.
        for k in 0..3 {
            let a = (first + 60.0 * k as f64).to_radians();
            let (dx, dy) = (a.cos(), a.sin());
            let across = outline_at(&png, c2.x, c2.y, (dx, dy), 8.5, 11.5)
                + outline_at(&png, c2.x, c2.y, (-dx, -dy), 8.5, 11.5);
            assert!(
                (across - 20.0).abs() < 0.05,
                "{top}, {}°: {across} mm across the flats",
                a.to_degrees()
            );
            let across_corners = across * 2.0 / 3f64.sqrt();
            assert!(
                (across_corners - corners).abs() < 0.06,
                "{top}: {across_corners} mm across the corners"
            );
        }
        // And the fill reaches into each corner, short only by the line's mitred join.
        let (dx, dy) = match top {
            "pointy" => (0.0, 1.0),
            _ => (1.0, 0.0),
        };
        let reach = red_reach(&png, c2.x, c2.y, dx, dy);
        assert!(
            reach > corners / 2.0 - 0.5 && reach < corners / 2.0,
            "{top}: the fill reaches {reach} mm"
        );
        // Its neighbours are one flat away.
        let nearest = g
            .spaces
            .iter()
            .filter(|s| s.name != "c2")
            .map(|s| (s.x - c2.x).hypot(s.y - c2.y))
            .fold(f64::INFINITY, f64::min);
        assert!((nearest - 20.0).abs() < 1e-9);
    }
}

#[test]
fn a_rhombus_and_a_hexagon_of_hexes_have_their_hexes() {
    let file = game_file(
        "rhombus",
        &board_yaml(
            "hex-board",
            "{hex: 15mm, layout: rhombus, columns: 11, rows: 11}",
        ),
    );
    let (g, _, _) = geometry(&file);
    assert_eq!(g.spaces.len(), 121);
    // Each row starts half a hex further right than the row above it.
    let (a11, a10) = (at(&g, "a11"), at(&g, "a10"));
    assert!((a10.x - a11.x - 7.5).abs() < 1e-9 && a10.y > a11.y);
    let file = game_file(
        "hexhex",
        &board_yaml("hex-board", "{hex: 15mm, layout: hexhex, radius: 3}"),
    );
    assert_eq!(geometry(&file).0.spaces.len(), 37);
}

#[test]
fn points_sit_on_their_lattice_and_star_points_are_dots() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/go-9x9.yaml");
    let (g, _, _) = geometry(&file);
    assert_eq!(g.spaces.len(), 81);
    assert_eq!(g.lines.len(), 144);
    let dir = temp_dir("go");
    let copy = dir.join("go-9x9.yaml");
    std::fs::copy(&file, &copy).unwrap();
    let png = board_png(&copy);
    // Neighbouring points 19 mm apart.
    let (c3, d3) = (at(&g, "c3"), at(&g, "d3"));
    assert!((d3.x - c3.x - 19.0).abs() < 1e-9);
    // Beside a star point (off its lines) the dot is dark; beside another point, the board.
    for name in ["c3", "g3", "e5", "c7", "g7"] {
        let s = at(&g, name);
        let c = rgb(&png, s.x + 0.5, s.y + 0.5);
        assert!(c.iter().all(|&v| v < 90), "{name}: {c:?}");
    }
    let d4 = at(&g, "d4");
    let c = rgb(&png, d4.x + 0.5, d4.y + 0.5);
    assert!(c[0] > 180, "d4: {c:?}");
}

#[test]
fn a_track_around_the_edge_numbers_its_spaces_clockwise_and_areas_widen_the_board() {
    let file = game_file(
        "track",
        &board_yaml(
            "board",
            "{squares: 5, square: 20mm, track: {from: 0, to: 39, depth: 10mm}, areas: [{label: Draw pile, size: 63.5mm x 88.9mm}]}",
        ),
    );
    let (g, w, h) = geometry(&file);
    // Grid 100 + margins 16 + track 20, then a 4 mm gap, the area and a 4 mm gap.
    assert!((w - (136.0 + 4.0 + 63.5 + 4.0)).abs() < 1e-9, "{w}");
    assert!((h - 136.0).abs() < 1e-9, "{h}");
    assert_eq!(g.track.len(), 40);
    let names: Vec<&str> = g.track.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names[0], "0");
    assert_eq!(names[39], "39");
    // The first space is the top left corner, the next runs right along the top.
    assert!((g.track[0].x - 5.0).abs() < 1e-9 && (g.track[0].y - 5.0).abs() < 1e-9);
    assert!(g.track[1].x > g.track[0].x && (g.track[1].y - 5.0).abs() < 1e-9);
    // The numbers and the area's label are in the PDF.
    let dir = build(file.to_str().unwrap(), &["--no-png"]);
    let text = pdf_text(&std::fs::read(dir.join("b.pdf")).unwrap()).join(" ");
    for n in ["0", "5", "17", "39", "Draw pile"] {
        assert!(text.contains(n), "{n} not in {text}");
    }
}

#[test]
fn boards_of_points_split_between_their_points() {
    let file = game_file(
        "go19",
        &board_yaml(
            "point-board",
            "{spacing: 20mm, columns: 19, rows: 19, look: none}",
        ),
    );
    let game = pnp::spec::load(file.to_str().unwrap()).unwrap();
    let doc = pnp::prepare(&game, &pnp::options::BuildOptions::default()).unwrap();
    let lattice: Vec<f64> = (0..=19).map(|k| 8.0 + k as f64 * 20.0).collect();
    let mut seams = 0;
    for p in doc.pages.iter().flat_map(|p| &p.placements) {
        let part = p.part.as_ref().expect("400 mm is printed in parts");
        let w = part.window;
        for edge in [w.right(), w.bottom()] {
            if edge < 8.0 + 19.0 * 20.0 + 8.0 - 1e-6 {
                seams += 1;
                assert!(
                    lattice.iter().any(|l| (l - edge).abs() < 1e-9),
                    "a seam at {edge} mm runs through a row of points"
                );
            }
        }
    }
    assert!(seams > 0);
}

#[test]
fn hex_boards_split_through_hex_centres_or_along_their_edges() {
    let file = game_file(
        "hexes-large",
        &board_yaml("hex-board", "{hex: 20mm, columns: 14, rows: 18}"),
    );
    let (g, w, h) = geometry(&file);
    let game = pnp::spec::load(file.to_str().unwrap()).unwrap();
    let doc = pnp::prepare(&game, &pnp::options::BuildOptions::default()).unwrap();
    let near = |v: f64, of: Vec<f64>| of.iter().any(|l| (l - v).abs() < 1e-6);
    let (mut across, mut down) = (0, 0);
    for p in doc.pages.iter().flat_map(|p| &p.placements) {
        let window = p
            .part
            .as_ref()
            .expect("300 × 330 mm is printed in parts")
            .window;
        // Pointed tops: a seam down the board runs through the centres of a column of hexes or
        // along the straight edges between two; a seam across runs through a row's centres.
        if window.right() < w - 1e-6 {
            across += 1;
            let x = window.right();
            let lines = g.spaces.iter().flat_map(|s| [s.x - 10.0, s.x, s.x + 10.0]);
            assert!(near(x, lines.collect()), "a seam at x = {x} mm");
        }
        if window.bottom() < h - 1e-6 {
            down += 1;
            let y = window.bottom();
            assert!(
                near(y, g.spaces.iter().map(|s| s.y).collect()),
                "a seam at y = {y} mm"
            );
        }
    }
    assert!(across > 0 && down > 0);
}

#[test]
fn setup_diagrams_stand_pieces_on_a_boards_named_spaces() {
    let path = format!("{}/examples/hnefatafl.yaml", env!("CARGO_MANIFEST_DIR"));
    let game = pnp::spec::load(&path).unwrap();
    let setup = game
        .spec
        .components
        .iter()
        .find(|c| c.id.value == "setup")
        .unwrap();
    let pnp::kinds::KindSpec::Diagram(diagram) = &setup.kind else {
        panic!("setup is a diagram");
    };
    let pieces = pnp::pieces::expand(&game);
    let centres: Vec<[f64; 2]> = diagram
        .centres(&game, &pieces)
        .into_iter()
        .map(|c| c.unwrap())
        .collect();
    let on = |i: usize| (diagram.place[i].value.piece.value.as_str(), centres[i]);
    // The board at the table's origin; the king on f6, its centre; a defender on f4, two
    // 15 mm squares below; an attacker on a4, five left and two below.
    assert_eq!(on(0), ("board", [0.0, 0.0]));
    assert_eq!(on(1), ("king", [0.0, 0.0]));
    let near = |a: [f64; 2], b: [f64; 2]| (a[0] - b[0]).hypot(a[1] - b[1]) < 1e-9;
    let at = |piece: &str, x: f64, y: f64| {
        (0..centres.len()).any(|i| on(i).0 == piece && near(on(i).1, [x, y]))
    };
    assert!(at("defender", 0.0, 30.0));
    assert!(at("attacker", -75.0, 30.0));
    assert!(at("attacker", 0.0, -75.0));
    assert_eq!(centres.len(), 1 + 1 + 12 + 24);
    // A space the board does not have is refused where it is written.
    let text = std::fs::read_to_string(&path).unwrap().replace(
        "{piece: king, on: board, space: f6}",
        "{piece: king, on: board, space: f16}",
    );
    let file = game_file("no-such-space", &text);
    let out = run(&["validate", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("`space: f16`: board `board` has no such space"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_rules_count_spaces_marks_and_lines() {
    for name in ["hnefatafl", "fox-and-geese", "hex", "go-9x9"] {
        let path = format!("{}/examples/{name}.yaml", env!("CARGO_MANIFEST_DIR"));
        let out = run(&["validate", &path]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
    }
    // Three refuges where the rules say four: the rule fails, saying what it found.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/hnefatafl.yaml"
    ))
    .unwrap()
    .replace("refuge: [a1, a11, k1, k11]", "refuge: [a1, a11, k1]");
    let file = game_file("three-refuges", &text);
    let out = run(&["validate", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("rule `refuges` fails"), "{err}");
    assert!(err.contains("3 squares marked `refuge`"), "{err}");
}

#[test]
fn the_example_games_build_with_their_boards_whole_or_in_parts() {
    for name in ["hnefatafl", "fox-and-geese", "hex", "go-9x9"] {
        let path = format!("{}/examples/{name}.yaml", env!("CARGO_MANIFEST_DIR"));
        let dir = build(&path, &["--no-png"]);
        let pdf = std::fs::read(dir.join(format!("{name}.pdf"))).unwrap();
        let pages = rasterize(&pdf, 0.3);
        assert!(pages.len() >= 2, "{name}");
        let game = pnp::spec::load(&path).unwrap();
        let doc = pnp::prepare(&game, &pnp::options::BuildOptions::default()).unwrap();
        let parts = doc
            .pages
            .iter()
            .flat_map(|p| &p.placements)
            .filter(|p| doc.pieces[p.piece].component == 0)
            .count();
        // Each fits A4 whole; Hex's rhombus stands on its flat-topped hexes to fit.
        assert_eq!(parts, 1, "{name}");
    }
    // With pointed tops the rhombus is 240 mm wide: wider than A4 portrait, it is printed
    // whole turned a quarter (it was two parts to glue before boards could turn).
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/hex.yaml"))
        .unwrap()
        .replace("top: flat", "top: pointy");
    let file = game_file("hex-pointy", &text);
    let game = pnp::spec::load(file.to_str().unwrap()).unwrap();
    let doc = pnp::prepare(&game, &pnp::options::BuildOptions::default()).unwrap();
    let boards: Vec<&pnp::layout::Placement> = doc
        .pages
        .iter()
        .flat_map(|p| &p.placements)
        .filter(|p| doc.pieces[p.piece].component == 0)
        .collect();
    assert_eq!(boards.len(), 1);
    let (board, piece) = (boards[0], &doc.pieces[boards[0].piece]);
    assert!(
        piece.w > 191.0 && board.quarter && board.part.is_none(),
        "{board:?}"
    );
    assert!(
        (board.rect.w - piece.h).abs() < 1e-9 && (board.rect.h - piece.w).abs() < 1e-9,
        "{board:?}"
    );
}

#[test]
fn a_board_that_fits_only_turned_is_turned_whole_and_one_that_does_not_is_split() {
    // 10 × 7 squares of 22 mm: wider than A4 portrait's 191 mm, narrower than it is high.
    // 11 × 9 fits neither way and is split on its grid lines as before.
    for (columns, rows, whole) in [(10, 7, true), (11, 9, false)] {
        let file = game_file(
            &format!("board-{columns}x{rows}"),
            &board_yaml(
                "board",
                &format!("{{columns: {columns}, rows: {rows}, square: 22mm}}"),
            ),
        );
        let (g, w, h) = geometry(&file);
        let dir = build(file.to_str().unwrap(), &["--no-png"]);
        let pdf = std::fs::read(dir.join("b.pdf")).unwrap();
        let game = pnp::spec::load(file.to_str().unwrap()).unwrap();
        let doc = pnp::prepare(&game, &pnp::options::BuildOptions::default()).unwrap();
        let placed: Vec<(usize, &pnp::layout::Placement)> = doc
            .pages
            .iter()
            .enumerate()
            .flat_map(|(i, p)| p.placements.iter().map(move |pl| (i, pl)))
            .collect();
        if !whole {
            assert!(placed.len() > 1 && placed.iter().all(|(_, p)| !p.quarter));
            continue;
        }
        assert!(w > 191.0 && h < 191.0, "{w} × {h}");
        assert_eq!(placed.len(), 1);
        let (page, p) = placed[0];
        assert!(p.quarter && p.part.is_none(), "{p:?}");
        // The square a1 (bottom left upright) lies turned at the rectangle's top left, its
        // column running down the page: the printed page has a square there, its grid lines
        // where the quarter turn puts them (the turn's direction is measured on a custom
        // outline in shapes.rs).
        let a1 = at(&g, "a1");
        let (x, y) = (p.rect.x + p.rect.w - a1.y, p.rect.y + a1.x);
        assert!(
            x < p.rect.x + p.rect.w / 2.0 && y < p.rect.y + p.rect.h / 2.0,
            "a1 at {x}, {y} in {:?}",
            p.rect
        );
        let raster = &rasterize(&pdf, 2.0)[doc.front_matter.len() + page];
        // A square's inside is white, the grid line 11 mm from its centre dark.
        assert!(raster.lum_at_mm(x, y) > 200, "a1's centre");
        assert!(
            raster.darkest_near_mm(x + 11.0, y, 0.6) < 128,
            "the line right of a1"
        );
        assert!(
            raster.darkest_near_mm(x, y + 11.0, 0.6) < 128,
            "the line under a1"
        );
    }
}

#[test]
fn a_board_with_a_track_splits_into_parts_as_large_as_the_paper_takes() {
    // 13 × 10 squares of 22 mm: two parts the sheet's width without a track. With a score
    // track around it the board is taller than the room above the calibration square, and
    // used to come in three parts about 100 mm wide beside it, half of each sheet empty.
    for (track, cover) in [
        ("", true),
        (", track: {from: 0, to: 49}", true),
        (", track: {from: 0, to: 49}", false),
    ] {
        let file = game_file(
            "board-track",
            &board_yaml(
                "board",
                &format!("{{columns: 13, rows: 10, square: 22mm{track}}}"),
            ),
        );
        let (_, w, h) = geometry(&file);
        let game = pnp::spec::load(file.to_str().unwrap()).unwrap();
        let opt = pnp::options::BuildOptions {
            cover,
            ..Default::default()
        };
        let doc = pnp::prepare(&game, &opt).unwrap();
        let area = doc.layout.content();
        let parts: Vec<(&pnp::layout::Page, &pnp::layout::Placement)> = doc
            .pages
            .iter()
            .flat_map(|p| p.placements.iter().map(move |pl| (p, pl)))
            .collect();
        assert_eq!(parts.len(), 2, "{track} cover {cover}: {w} × {h} mm");
        let mut across = 0.0;
        for (page, p) in &parts {
            let part = p.part.expect("printed in parts");
            assert!(area.contains(&p.rect), "{:?}", p.rect);
            // Each part at least three quarters of the content's width, the board's full height.
            assert!(p.rect.w > 0.75 * area.w, "{track}: a part {:?}", p.rect);
            assert!((part.window.h - h).abs() < 1e-9 && !p.quarter);
            across += part.window.w;
            // A square to measure: on this page, or on the cover.
            assert!(page.calibration || cover || parts.iter().any(|(q, _)| q.calibration));
        }
        // Two parts overlapping by the glue strip make the board's width.
        assert!((across - 12.0 - w).abs() < 1e-6, "{across} for {w}");
        if !track.is_empty() {
            assert!(
                h > doc.layout.above_calibration().h,
                "{h} fits above the square"
            );
        }
    }
}
