//! Boards of any geometry (issue 33): squares N×M, hexes, points joined by lines, marked spaces,
//! a track around the edge, areas; their rules, their errors, and the example games that use
//! them. Positions are measured in the PNG of the board's face (one pixel a 0.127 mm at 200 dpi),
//! located with the board's own list of spaces.
use crate::common::*;
use pnp::kinds::boards::extras::LINE_MM;
use pnp::kinds::spaces::Geometry;
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
    let game = pnp::kinds::load(file.to_str().unwrap()).unwrap();
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

/// The space whose centre is nearest (`x`, `y`) mm.
fn nearest_space(g: &Geometry, x: f64, y: f64) -> &pnp::kinds::spaces::Space {
    let d = |s: &pnp::kinds::spaces::Space| (s.x - x).hypot(s.y - y);
    g.spaces
        .iter()
        .min_by(|a, b| d(a).total_cmp(&d(b)))
        .expect("a board has spaces")
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
    let game = pnp::kinds::load(file.to_str().unwrap()).unwrap();
    let doc =
        pnp::commands::prepare(&game, &pnp::commands::options::BuildOptions::default()).unwrap();
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
    let game = pnp::kinds::load(file.to_str().unwrap()).unwrap();
    let doc =
        pnp::commands::prepare(&game, &pnp::commands::options::BuildOptions::default()).unwrap();
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
    let game = pnp::kinds::load(&path).unwrap();
    let setup = game
        .spec
        .components
        .iter()
        .find(|c| c.id.value == "setup")
        .unwrap();
    let pnp::kinds::KindSpec::Diagram(diagram) = &setup.kind else {
        panic!("setup is a diagram");
    };
    let pieces = pnp::kinds::piece::expand(&game);
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
        let game = pnp::kinds::load(&path).unwrap();
        let doc = pnp::commands::prepare(&game, &pnp::commands::options::BuildOptions::default())
            .unwrap();
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
    let game = pnp::kinds::load(file.to_str().unwrap()).unwrap();
    let doc =
        pnp::commands::prepare(&game, &pnp::commands::options::BuildOptions::default()).unwrap();
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
        let game = pnp::kinds::load(file.to_str().unwrap()).unwrap();
        let doc = pnp::commands::prepare(&game, &pnp::commands::options::BuildOptions::default())
            .unwrap();
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
        let game = pnp::kinds::load(file.to_str().unwrap()).unwrap();
        let opt = pnp::commands::options::BuildOptions {
            cover,
            ..Default::default()
        };
        let doc = pnp::commands::prepare(&game, &opt).unwrap();
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

/// A text printed on a board: a run of glyphs on one baseline, its box in mm from the board's
/// top left (`x`, `y` its centre: half way along, and half way up its capitals, 0.7 em) and its
/// size in mm.
#[derive(Debug, Clone)]
struct Printed {
    text: String,
    x: f64,
    y: f64,
    w: f64,
    size: f64,
}

/// The PDF that `pnp build` writes of the game in `file`, the page its one board is on and
/// where (mm from the page's top left), as the layout `pnp` makes of it places it: whole on one
/// page, upright.
fn board_page(file: &Path) -> (Vec<u8>, usize, pnp::layout::Rect) {
    let out = file.parent().unwrap().join("pdf");
    let run = pnp()
        .arg("build")
        .arg(file)
        .args(["--no-png", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", stderr(&run));
    let game = pnp::kinds::load(file.to_str().unwrap()).unwrap();
    let pdf = std::fs::read(out.join(format!("{}.pdf", game.spec.game.id.value))).unwrap();
    let doc =
        pnp::commands::prepare(&game, &pnp::commands::options::BuildOptions::default()).unwrap();
    let (page, pl) = first_front(&doc, 0);
    assert!(!pl.quarter && !pl.turned && pl.part.is_none(), "{pl:?}");
    (pdf, page, pl.rect)
}

/// The texts on the one board of the game in `file`, read from the PDF that `pnp build` writes.
fn board_texts(file: &Path) -> Vec<Printed> {
    let (pdf, page, rect) = board_page(file);
    let height = pdf_page_sizes(&pdf)[page].1;
    let mm = 25.4 / 72.0;
    let mut glyphs = pdf_glyphs(&pdf)[page].clone();
    glyphs.sort_by(|a, b| (-a.y, a.x).partial_cmp(&(-b.y, b.x)).unwrap());
    let mut runs: Vec<Vec<Glyph>> = Vec::new();
    for g in glyphs {
        assert_eq!(g.dir, (1.0, 0.0), "{g:?}");
        match runs.last_mut() {
            Some(run)
                if (run[0].y - g.y).abs() < 0.01
                    && (run[0].size - g.size).abs() < 0.01
                    && g.x - (run.last().unwrap().x + run.last().unwrap().advance)
                        < g.size / 3.0 =>
            {
                run.push(g)
            }
            _ => runs.push(vec![g]),
        }
    }
    runs.into_iter()
        .map(|run| {
            let (first, last) = (&run[0], run.last().unwrap());
            let size = first.size * mm;
            Printed {
                text: run.iter().map(|g| g.text.as_str()).collect(),
                x: (first.x + last.x + last.advance) / 2.0 * mm - rect.x,
                y: (height - first.y) * mm - rect.y - 0.35 * size,
                w: (last.x + last.advance - first.x) * mm,
                size,
            }
        })
        // The page's own texts (its caption, the page number) are outside the board.
        .filter(|t| t.x > 0.0 && t.y > 0.0 && t.x < rect.w && t.y < rect.h)
        .collect()
}

/// Whether (`x`, `y`) lies inside the hex `f` mm across the flats centred on `s`: within half
/// a flat of its centre along each of the three directions to its flats.
fn in_hex(s: &pnp::kinds::spaces::Space, f: f64, flat_top: bool, x: f64, y: f64) -> bool {
    let first: f64 = if flat_top { 30.0 } else { 0.0 };
    (0..3).all(|k| {
        let a = (first + 60.0 * k as f64).to_radians();
        ((x - s.x) * a.cos() + (y - s.y) * a.sin()).abs() <= f / 2.0
    })
}

#[test]
fn hex_coordinates_sit_in_line_with_their_row_or_column_beside_its_end_hex() {
    let f = 12.0;
    for (name, section, hexhex) in [
        (
            "rhombus-pointy",
            "layout: rhombus, columns: 6, rows: 5",
            false,
        ),
        (
            "rhombus-flat",
            "top: flat, layout: rhombus, columns: 6, rows: 5",
            false,
        ),
        ("offset-pointy", "columns: 7, rows: 5", false),
        ("offset-flat", "top: flat, columns: 6, rows: 4", false),
        ("hexhex-pointy", "layout: hexhex, radius: 3", true),
        ("hexhex-flat", "top: flat, layout: hexhex, radius: 3", true),
    ] {
        let file = game_file(
            &format!("coords-{name}"),
            &board_yaml("hex-board", &format!("{{hex: {f}mm, {section}}}")),
        );
        let flat_top = section.contains("flat");
        let (g, _, _) = geometry(&file);
        let labels: Vec<Printed> = board_texts(&file)
            .into_iter()
            .filter(|t| {
                t.text.chars().all(|c| c.is_ascii_digit())
                    || t.text.chars().all(|c| c.is_ascii_uppercase())
            })
            .collect();
        let named = |s: &pnp::kinds::spaces::Space| {
            let split = s.name.find(|c: char| c.is_ascii_digit()).unwrap();
            let (col, row) = s.name.split_at(split);
            (col.to_string(), row.to_string())
        };
        let (mut rows, mut columns) = (Vec::new(), Vec::new());
        for t in &labels {
            let is_row = t.text.chars().all(|c| c.is_ascii_digit());
            // The spaces of its row or column.
            let line: Vec<&pnp::kinds::spaces::Space> = g
                .spaces
                .iter()
                .filter(|s| match is_row {
                    true => named(s).1 == t.text,
                    false => named(s).0 == t.text.to_ascii_lowercase(),
                })
                .collect();
            assert!(line.len() >= 2, "{name}: {} names no line", t.text);
            // The hex nearest the label is of its line, and at one end of it.
            let nearest = nearest_space(&g, t.x, t.y);
            assert!(
                line.iter().any(|s| s.name == nearest.name),
                "{name}: `{}` at ({:.2}, {:.2}) is nearest {}, not of its line",
                t.text,
                t.x,
                t.y,
                nearest.name
            );
            let key = |s: &&pnp::kinds::spaces::Space| match is_row {
                true => s.x,
                false => s.y,
            };
            let ends: Vec<&str> = [
                line.iter().min_by(|a, b| key(a).total_cmp(&key(b))),
                line.iter().max_by(|a, b| key(a).total_cmp(&key(b))),
            ]
            .iter()
            .map(|s| s.unwrap().name.as_str())
            .collect();
            assert!(
                ends.contains(&nearest.name.as_str()),
                "{name}: `{}` is beside {}, not an end of its line {ends:?}",
                t.text,
                nearest.name
            );
            // Beside that hex: across the line (through its two ends) less than half a hex
            // from its centre, and no more than a hex away.
            let (a, z) = (
                line.iter().find(|s| s.name == ends[0]).unwrap(),
                line.iter().find(|s| s.name == ends[1]).unwrap(),
            );
            let len = (z.x - a.x).hypot(z.y - a.y);
            let across =
                ((z.x - a.x) * (t.y - nearest.y) - (z.y - a.y) * (t.x - nearest.x)).abs() / len;
            let away = (t.x - nearest.x).hypot(t.y - nearest.y);
            assert!(
                across < f / 2.0 && away < f,
                "{name}: `{}` is {across:.2} mm across its line, {away:.2} mm from {}",
                t.text,
                nearest.name
            );
            // And on no hex: the corners and middle of its box are outside every one.
            for (dx, dy) in [
                (-0.5, -0.5),
                (0.5, -0.5),
                (-0.5, 0.5),
                (0.5, 0.5),
                (0.0, 0.0),
            ] {
                let (x, y) = (t.x + dx * t.w, t.y + dy * 0.7 * t.size);
                let on: Vec<&str> = g
                    .spaces
                    .iter()
                    .filter(|s| in_hex(s, f, flat_top, x, y))
                    .map(|s| s.name.as_str())
                    .collect();
                assert!(on.is_empty(), "{name}: `{}` is printed on {on:?}", t.text);
            }
            match is_row {
                true => rows.push(t.text.clone()),
                false => columns.push(t.text.clone()),
            }
        }
        // Every row numbered (at both ends, but on a hexagon of hexes, whose sides end rows
        // and columns alike), every column lettered once.
        let mut all_rows: Vec<String> = g.spaces.iter().map(|s| named(s).1).collect();
        let mut all_columns: Vec<String> = g
            .spaces
            .iter()
            .map(|s| named(s).0.to_ascii_uppercase())
            .collect();
        for v in [&mut all_rows, &mut all_columns, &mut rows, &mut columns] {
            v.sort();
        }
        all_rows.dedup();
        all_columns.dedup();
        let ends = if hexhex { 1 } else { 2 };
        let expected: Vec<String> = all_rows
            .iter()
            .flat_map(|r| std::iter::repeat_n(r.clone(), ends))
            .collect();
        assert_eq!(rows, expected, "{name}");
        assert_eq!(columns, all_columns, "{name}");
    }
}

#[test]
fn a_hexagon_of_hexes_is_named_along_straight_columns_and_rows() {
    // Each name at the corner of the hexagon in its direction (degrees, clockwise from the
    // right as the page's y runs down): the one hex furthest that way.
    for (top, corners) in [
        // Pointed tops: rows across, columns up and to the left (Abalone's diagonals).
        (
            "pointy",
            [("a1", 120.0), ("a4", 180.0), ("d7", 240.0), ("g7", 300.0)],
        ),
        // Flat tops: columns down, rows down and to the right from the left column.
        (
            "flat",
            [("d1", 90.0), ("a1", 150.0), ("a4", 210.0), ("g7", 330.0)],
        ),
    ] {
        let file = game_file(
            &format!("hexhex-names-{top}"),
            &board_yaml(
                "hex-board",
                &format!("{{hex: 16mm, top: {top}, layout: hexhex, radius: 3}}"),
            ),
        );
        let (g, _, _) = geometry(&file);
        assert_eq!(g.spaces.len(), 37);
        // d4 is the centre.
        let (cx, cy) = (
            g.spaces.iter().map(|s| s.x).sum::<f64>() / 37.0,
            g.spaces.iter().map(|s| s.y).sum::<f64>() / 37.0,
        );
        let d4 = at(&g, "d4");
        assert!((d4.x - cx).abs() < 1e-9 && (d4.y - cy).abs() < 1e-9);
        for (name, degrees) in corners {
            let (ux, uy) = (
                f64::to_radians(degrees).cos(),
                f64::to_radians(degrees).sin(),
            );
            let furthest = g
                .spaces
                .iter()
                .max_by(|a, b| (a.x * ux + a.y * uy).total_cmp(&(b.x * ux + b.y * uy)))
                .unwrap();
            assert_eq!(furthest.name, name, "{top}: the corner at {degrees}°");
        }
        // Every column and row is one straight line of neighbouring hexes.
        for s in &g.spaces {
            let split = s.name.find(|c: char| c.is_ascii_digit()).unwrap();
            let (col, row) = s.name.split_at(split);
            for (what, same) in [("column", col), ("row", row)] {
                let line: Vec<_> = g
                    .spaces
                    .iter()
                    .filter(|o| {
                        let (c, r) = o
                            .name
                            .split_at(o.name.find(|c: char| c.is_ascii_digit()).unwrap());
                        match what {
                            "column" => c == same,
                            _ => r == same,
                        }
                    })
                    .collect();
                let (a, z) = (line[0], line[line.len() - 1]);
                for o in &line {
                    let cross = (z.x - a.x) * (o.y - a.y) - (z.y - a.y) * (o.x - a.x);
                    assert!(
                        cross.abs() < 1e-6,
                        "{top}: {what} {same} is not straight at {}",
                        o.name
                    );
                }
                assert!(line.len() >= 4, "{top}: {what} {same}");
            }
        }
    }
}

#[test]
fn a_points_label_is_beside_it_clear_of_its_lines_and_its_circle() {
    for (name, section, marked) in [
        (
            "triangle",
            "{spacing: 20mm, points: \"..o..\\n.o.o.\\no.o.o\\n\", connect: [], lines: [\"c3 a1\", \"c3 e1\", \"a1 e1\", \"b2 d2\", \"c3 c1\"], look: circles, styles: {home: {fill: \"#ffcc88\", label: H}}, marks: {home: [a1, e1, c3, c1]}}",
            vec!["a1", "e1", "c3", "c1"],
        ),
        (
            "alquerque",
            "{spacing: 20mm, columns: 5, rows: 5, connect: [orthogonal, alternate], styles: {home: {fill: \"#ffcc88\", label: Home}}, marks: {home: [a1, b2, c3, e5, d3]}}",
            vec!["a1", "b2", "c3", "e5", "d3"],
        ),
    ] {
        let file = game_file(
            &format!("point-labels-{name}"),
            &board_yaml("point-board", section),
        );
        let (g, _, _) = geometry(&file);
        let labels: Vec<Printed> = board_texts(&file)
            .into_iter()
            .filter(|t| t.text == "H" || t.text == "Home")
            .collect();
        assert_eq!(labels.len(), marked.len(), "{name}: {labels:?}");
        // The circle drawn on a point (look: circles, 0.36 of the spacing), or its mark's dot.
        let drawn = if name == "triangle" { 7.2 } else { 3.2 };
        let mut labelled = Vec::new();
        for t in &labels {
            // Its box: the glyphs' advance across, from the capitals' top to the descenders.
            let (x0, x1) = (t.x - t.w / 2.0, t.x + t.w / 2.0);
            let (y0, y1) = (t.y - 0.35 * t.size, t.y + 0.55 * t.size);
            let p = nearest_space(&g, t.x, t.y);
            labelled.push(p.name.clone());
            // Beside its point: outside its circle, within half the spacing of it.
            let nearest_x = p.x.clamp(x0, x1);
            let nearest_y = p.y.clamp(y0, y1);
            let gap = (nearest_x - p.x).hypot(nearest_y - p.y);
            assert!(
                gap > drawn && gap < drawn + 10.0,
                "{name}: `{}` of {} is {gap:.2} mm from its centre",
                t.text,
                p.name
            );
            // No line (0.4 mm wide) passes through the box: walked every 0.02 mm.
            for &(a, z) in &g.lines {
                let (a, z) = (&g.spaces[a], &g.spaces[z]);
                let len = (z.x - a.x).hypot(z.y - a.y);
                let steps = (len / 0.02) as usize;
                for k in 0..=steps {
                    let f = k as f64 / steps as f64;
                    let (x, y) = (a.x + (z.x - a.x) * f, a.y + (z.y - a.y) * f);
                    assert!(
                        !(x > x0 - 0.2 && x < x1 + 0.2 && y > y0 - 0.2 && y < y1 + 0.2),
                        "{name}: the line {}–{} crosses `{}` of {} at ({x:.2}, {y:.2})",
                        a.name,
                        z.name,
                        t.text,
                        p.name
                    );
                }
            }
        }
        labelled.sort();
        let mut expected: Vec<String> = marked.iter().map(|s| s.to_string()).collect();
        expected.sort();
        assert_eq!(
            labelled, expected,
            "{name}: each marked point has its label beside it"
        );
    }
}

#[test]
fn a_space_in_two_styles_is_filled_in_both_facing_their_sides_and_counted_in_both() {
    // Hex: the corner hexes are on a red side and a blue side.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/hex.yaml");
    let dir = temp_dir("hex-corners");
    let file = dir.join("hex.yaml");
    std::fs::copy(&path, &file).unwrap();
    let (g, _, _) = geometry(&file);
    let png = board_png(&file);
    let (red, blue) = ([0xf0, 0xb9, 0xb0], [0xb5, 0xcb, 0xe8]);
    let near = |c: [u8; 3], want: [u8; 3]| (0..3).all(|k| c[k].abs_diff(want[k]) < 6);
    // Each corner: toward its neighbour along the red row, red; toward its neighbour up or
    // down the blue column, blue; both a third of a hex from its centre.
    for (corner, along_row, along_column) in [
        ("a1", "b1", "a2"),
        ("k1", "j1", "k2"),
        ("a11", "b11", "a10"),
        ("k11", "j11", "k10"),
    ] {
        let c = at(&g, corner);
        for (toward, want, colour) in [(along_row, red, "red"), (along_column, blue, "blue")] {
            let o = at(&g, toward);
            let (x, y) = (c.x + (o.x - c.x) / 3.0, c.y + (o.y - c.y) / 3.0);
            let got = rgb(&png, x, y);
            assert!(
                near(got, want),
                "{corner} toward {toward}: {got:?}, not {colour}"
            );
        }
    }
    // A hex of one side only is its colour all over.
    for (name, want) in [("f1", red), ("a6", blue)] {
        let c = at(&g, name);
        for (dx, dy) in [(3.0, 0.0), (-3.0, 0.0), (0.0, 3.0), (0.0, -3.0)] {
            assert!(near(rgb(&png, c.x + dx, c.y + dy), want), "{name}");
        }
    }
    // And the rules count each corner on both sides: 22 hexes a colour.
    assert_eq!(g.marked["red"].len(), 22);
    assert_eq!(g.marked["blue"].len(), 22);
    for corner in ["a1", "k1", "a11", "k11"] {
        let i = g.spaces.iter().position(|s| s.name == corner).unwrap();
        assert!(g.marked["red"].contains(&i) && g.marked["blue"].contains(&i));
    }
    let out = run(&["validate", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_marks_label_and_symbol_are_drawn_in_its_square_and_nowhere_else() {
    let section = |marks: &str| {
        format!(
            "{{columns: 6, rows: 4, square: 20mm, styles: {{bonus: {{symbol: sun, label: \"×2\"}}}}, marks: {{{marks}}}}}"
        )
    };
    let file = game_file(
        "mark-drawn",
        &board_yaml("board", &section("bonus: [c3, e1]")),
    );
    let plain = game_file("mark-none", &board_yaml("board", &section("bonus: []")));
    let (g, _, _) = geometry(&file);
    // The label: printed twice, each inside its square, in its lower half (under the symbol).
    let labels: Vec<Printed> = board_texts(&file)
        .into_iter()
        .filter(|t| t.text == "×2")
        .collect();
    assert_eq!(labels.len(), 2, "{labels:?}");
    for name in ["c3", "e1"] {
        let s = at(&g, name);
        assert!(
            labels.iter().any(|t| (t.x - s.x).abs() < 0.05
                && t.y > s.y
                && t.y + 0.35 * t.size < s.y + 10.0
                && t.w < 20.0),
            "{name} at ({}, {}): {labels:?}",
            s.x,
            s.y
        );
    }
    // The symbol: the pixels that differ from the board without marks are all in c3 and e1,
    // and in each, above the label, the sun's ink.
    let (marked, bare) = (board_png(&file), board_png(&plain));
    assert_eq!((marked.1, marked.2), (bare.1, bare.2));
    let pixel = 25.4 / DPI as f64;
    let mut inked = std::collections::BTreeMap::new();
    for j in 0..marked.2 as usize {
        for i in 0..marked.1 as usize {
            let k = (j * marked.1 as usize + i) * 4;
            if marked.0[k..k + 3] == bare.0[k..k + 3] {
                continue;
            }
            let (x, y) = ((i as f64 + 0.5) * pixel, (j as f64 + 0.5) * pixel);
            let square = g
                .spaces
                .iter()
                .find(|s| (x - s.x).abs() <= 10.0 && (y - s.y).abs() <= 10.0)
                .map(|s| s.name.clone());
            let name = square.unwrap_or_else(|| panic!("a mark drawn at ({x:.2}, {y:.2}) mm"));
            assert!(name == "c3" || name == "e1", "a mark drawn in {name}");
            let above = y < at(&g, &name).y;
            *inked.entry((name, above)).or_insert(0) += 1;
        }
    }
    for name in ["c3", "e1"] {
        // The sun above the middle: a good part of a 10 mm symbol's box.
        let n = inked.get(&(name.to_string(), true)).copied().unwrap_or(0);
        assert!(n as f64 * pixel * pixel > 10.0, "{name}: {n} pixels of sun");
    }
}

#[test]
fn points_drawn_as_circles_are_rings_of_their_size_round_each_point() {
    let file = game_file(
        "circles",
        &board_yaml(
            "point-board",
            "{spacing: 20mm, columns: 3, rows: 3, connect: [], look: circles}",
        ),
    );
    let (g, _, _) = geometry(&file);
    let png = board_png(&file);
    let (pdf, page, rect) = board_page(&file);
    let arcs: Vec<(f64, f64)> = pdf_strokes(&pdf)[page]
        .iter()
        .filter(|s| s.curved)
        .flat_map(|s| [s.a, s.b])
        .map(|(x, y)| (x - rect.x, y - rect.y))
        .collect();
    // 0.36 of the spacing, measured to the middle of the ring's line across and down (the
    // board has no lines to cross them).
    for s in &g.spaces {
        let mut centre = (0.0, 0.0);
        let mut radii = Vec::new();
        for (dx, dy) in [(1.0, 0.0), (0.0, 1.0)] {
            let out = outline_at(&png, s.x, s.y, (dx, dy), 5.5, 9.0);
            let back = outline_at(&png, s.x, s.y, (-dx, -dy), 5.5, 9.0);
            radii.push((out + back) / 2.0);
            // Where the ring's middle is along this line, from the point.
            let mid = (out - back) / 2.0;
            centre.0 += mid * dx;
            centre.1 += mid * dy;
        }
        for r in &radii {
            assert!((r - 7.2).abs() < 0.05, "{}: radius {r}", s.name);
        }
        // (To a pixel: the image is a whole number of pixels, 0.06 mm off the board's size.)
        assert!(
            centre.0.hypot(centre.1) < 0.1,
            "{}: the ring is centred {centre:?} mm off",
            s.name
        );
        // In the PDF, each ring is drawn as four arcs that end on it, right, below, left and
        // above its centre: 7.2 mm from the point, to 0.05 mm.
        let arcs = &arcs;
        for (ex, ey) in [(7.2, 0.0), (0.0, 7.2), (-7.2, 0.0), (0.0, -7.2)] {
            let (x, y) = (s.x + ex, s.y + ey);
            assert!(
                arcs.iter()
                    .any(|&(ax, ay)| (ax - x).abs() < 0.05 && (ay - y).abs() < 0.05),
                "{}: no arc ends at ({x:.2}, {y:.2})",
                s.name
            );
        }
        // Inside the ring the board shows.
        for (dx, dy) in [(5.0, 0.0), (0.0, 5.0), (-5.0, 0.0), (0.0, -5.0)] {
            let c = rgb(&png, s.x + dx, s.y + dy);
            assert!(c.iter().all(|&v| v > 240), "{}: {c:?}", s.name);
        }
    }
}

#[test]
fn a_board_without_coordinates_prints_no_letters_or_numbers() {
    let with = game_file(
        "coords-on",
        &board_yaml("board", "{squares: 8, square: 20mm}"),
    );
    let without = game_file(
        "coords-off",
        &board_yaml("board", "{squares: 8, square: 20mm, coordinates: false}"),
    );
    let texts: Vec<String> = board_texts(&with).into_iter().map(|t| t.text).collect();
    // Letters above the columns, numbers both sides of the rows.
    for (t, times) in [("A", 1), ("H", 1), ("1", 2), ("8", 2)] {
        let n = texts.iter().filter(|x| *x == t).count();
        assert_eq!(n, times, "{t} in {texts:?}");
    }
    let texts: Vec<String> = board_texts(&without).into_iter().map(|t| t.text).collect();
    assert!(texts.is_empty(), "{texts:?}");
}

#[test]
fn only_chess_and_draughts_boards_are_checkered_unless_asked() {
    // The top-right square against its neighbour to the left.
    for (n, checkered, expect) in [
        (8, "", true),
        (10, "", true),
        (9, "", false),
        (11, "", false),
        (9, ", checkered: true", true),
        (8, ", checkered: false", false),
    ] {
        let file = game_file(
            &format!("checkered-{n}{}", checkered.len()),
            &board_yaml(
                "board",
                &format!("{{squares: {n}, square: 15mm{checkered}}}"),
            ),
        );
        let (g, _, _) = geometry(&file);
        let png = board_png(&file);
        let top_right = format!("{}{n}", (b'a' + n as u8 - 1) as char);
        let beside = format!("{}{n}", (b'a' + n as u8 - 2) as char);
        let lum = |name: &str| {
            let s = at(&g, name);
            let c = rgb(&png, s.x + 4.0, s.y + 4.0);
            c.iter().map(|&v| v as u32).sum::<u32>() / 3
        };
        // Checkered: one of two neighbours white, the other a faint tint; plain: both white.
        let (a, b) = (lum(&top_right), lum(&beside));
        let tinted = |l: u32| (200..250).contains(&l);
        let want = match expect {
            true => (a == 255 && tinted(b)) || (tinted(a) && b == 255),
            false => a == 255 && b == 255,
        };
        assert!(want, "{n}{checkered}: {top_right} {a}, {beside} {b}");
    }
}

#[test]
fn areas_keep_a_gap_from_the_cut_on_every_side() {
    // A 4×4 board of 20 mm squares (96 mm with its margins), a draw pile to its right and a
    // supply below: their dashed outlines stay 3 mm (a print shop's safe zone) inside the cut,
    // where a slightly-off cut does not trim them.
    let file = game_file(
        "areas-gap",
        &board_yaml(
            "board",
            "{squares: 4, square: 20mm, areas: [{label: Draw pile, size: 40mm x 60mm, side: right}, {label: Supply, size: 80mm x 20mm, side: bottom}]}",
        ),
    );
    let (_, w, h) = geometry(&file);
    let png = board_png(&file);
    let core = 96.0;
    let background = rgb(&png, w - 1.0, 1.0);
    let mut strips = Vec::new();
    // Beside the core: the top and the right edge of the draw pile's band, the left and the
    // bottom edge of the supply's.
    let mut x = core;
    while x < w - 0.5 {
        strips.push((x, 1.0));
        strips.push((x, 2.9));
        x += 0.25;
    }
    let mut y = core;
    while y < h - 0.5 {
        strips.push((1.0, y));
        strips.push((2.9, y));
        y += 0.25;
    }
    let mut y = 0.5;
    while y < h - 0.5 {
        strips.push((w - 2.9, y));
        y += 0.25;
    }
    let mut x = 0.5;
    while x < w - 0.5 {
        strips.push((x, h - 2.9));
        x += 0.25;
    }
    for (x, y) in strips {
        assert_eq!(
            rgb(&png, x, y),
            background,
            "ink at ({x}, {y}) mm, within 3 mm of the cut"
        );
    }
}
