//! Issue 45, "any lattice": point boards on triangular and hexagonal lattices, an outline that
//! chooses the points, lines between neighbours, two-length spacing, and the example that uses
//! them (Chinese checkers). Holes and lines are measured in the PDF `pnp build` writes: each
//! ring is four arcs that end right, below, left and above its centre; each line a straight
//! stroke from centre to centre.
use crate::common::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A row of a triangular lattice, in spacings: √3 / 2.
const ROW: f64 = 0.866_025_403_784_438_6;

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/chinese-checkers.yaml")
}

/// Writes a game of one point board with `section` in a fresh folder and returns its path.
fn board_game(name: &str, section: &str) -> PathBuf {
    let dir = temp_dir(name);
    let file = dir.join(format!("{name}.yaml"));
    let yaml = format!(
        "game: {{id: b, name: B, players: [2]}}\ncomponents:\n  - id: board\n    kind: point-board\n    front: {{background: \"#ffffff\", ink: \"#000000\"}}\n    point-board:\n{section}"
    );
    std::fs::write(&file, yaml).unwrap();
    file
}

/// What `pnp build` prints of the game's first component (a board printed whole): the
/// straight and curved strokes on its page, in mm from the board's top left, and its size.
fn board_strokes(file: &Path) -> (Vec<Stroke>, f64, f64) {
    // Into a folder of the test's own: `file` may be a shipped example.
    let out = temp_dir("board-strokes");
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
    assert!(!pl.turned && pl.part.is_none(), "printed whole, upright");
    let r = pl.rect;
    let inside = |(x, y): (f64, f64)| x > r.x && y > r.y && x < r.right() && y < r.bottom();
    let strokes = pdf_strokes(&pdf)[page]
        .iter()
        .filter(|s| inside(s.a) && inside(s.b))
        .map(|s| Stroke {
            a: (s.a.0 - r.x, s.a.1 - r.y),
            b: (s.b.0 - r.x, s.b.1 - r.y),
            ..*s
        })
        .collect();
    (strokes, r.w, r.h)
}

/// The centres of the rings among `strokes` and their radius: a quarter arc from (x₁, y₁) to
/// (x₂, y₂) has its centre at (x₁, y₂) or (x₂, y₁); a ring's centre is the one all four of its
/// arcs agree on.
fn rings(strokes: &[Stroke]) -> (Vec<(f64, f64)>, Vec<f64>) {
    let key = |(x, y): (f64, f64)| ((x * 100.0).round() as i64, (y * 100.0).round() as i64);
    // A centre to 0.01 mm → each vote: the centre and the radius it implies.
    type Vote = (f64, f64, f64);
    let mut votes: BTreeMap<(i64, i64), Vec<Vote>> = BTreeMap::new();
    for s in strokes.iter().filter(|s| s.curved) {
        for c in [(s.a.0, s.b.1), (s.b.0, s.a.1)] {
            let r = (s.a.0 - c.0).abs().max((s.a.1 - c.1).abs());
            votes.entry(key(c)).or_default().push((c.0, c.1, r));
        }
    }
    let mut centres = Vec::new();
    let mut radii = Vec::new();
    for v in votes.values().filter(|v| v.len() >= 4) {
        let n = v.len() as f64;
        centres.push((
            v.iter().map(|c| c.0).sum::<f64>() / n,
            v.iter().map(|c| c.1).sum::<f64>() / n,
        ));
        radii.extend(v.iter().map(|c| c.2));
    }
    (centres, radii)
}

/// The straight strokes that join two of `centres` (to 0.05 mm), as pairs of indices.
fn joins(strokes: &[Stroke], centres: &[(f64, f64)]) -> Vec<(usize, usize)> {
    let find = |p: (f64, f64)| {
        centres
            .iter()
            .position(|c| (c.0 - p.0).abs() < 0.05 && (c.1 - p.1).abs() < 0.05)
    };
    let mut out: Vec<(usize, usize)> = strokes
        .iter()
        .filter(|s| !s.curved)
        .filter_map(|s| Some((find(s.a)?, find(s.b)?)))
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    out.sort_unstable();
    out
}

/// The centres grouped into rows (same y to 0.05 mm), top first, each from the left.
fn rows_of(centres: &[(f64, f64)]) -> Vec<Vec<(f64, f64)>> {
    let mut sorted = centres.to_vec();
    sorted.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.total_cmp(&b.0)));
    let mut rows: Vec<Vec<(f64, f64)>> = Vec::new();
    for c in sorted {
        match rows.last_mut() {
            Some(row) if (row[0].1 - c.1).abs() < 0.05 => row.push(c),
            _ => rows.push(vec![c]),
        }
    }
    rows
}

#[test]
fn the_star_s_121_holes_stand_on_a_triangular_lattice_13_mm_apart_in_the_pdf() {
    let (strokes, w, _) = board_strokes(&example());
    let (centres, radii) = rings(&strokes);
    assert_eq!(centres.len(), 121, "holes");
    // The rings are 0.36 of the spacing in radius.
    for r in &radii {
        assert!((r - 0.36 * 13.0).abs() < 0.05, "a ring of radius {r}");
    }
    let rows = rows_of(&centres);
    let counts: Vec<usize> = rows.iter().map(Vec::len).collect();
    assert_eq!(
        counts,
        [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
    );
    // Rows √3/2 of a spacing apart, so that the star is as tall as it is wide across its
    // points' tips (16 rows, not the 16 × 13 mm of a square lattice nor 15 % more).
    for pair in rows.windows(2) {
        let dy = pair[1][0].1 - pair[0][0].1;
        assert!((dy - 13.0 * ROW).abs() < 0.05, "rows {dy:.3} mm apart");
    }
    let height = rows[16][0].1 - rows[0][0].1;
    assert!((height - 16.0 * 13.0 * ROW).abs() < 0.05, "{height}");
    // Along a row, holes 13 mm apart; each row centred on the board, so that a row sits half
    // a spacing along from the one above (one hole more or fewer).
    for row in &rows {
        for pair in row.windows(2) {
            assert!((pair[1].0 - pair[0].0 - 13.0).abs() < 0.05, "{pair:?}");
        }
        let middle = (row[0].0 + row.last().unwrap().0) / 2.0;
        assert!((middle - w / 2.0).abs() < 0.05, "a row centred at {middle}");
    }
    // The six points of the star are equilateral triangles: the top hole is as far from each
    // end of the wide row below it as those ends are from each other.
    let (top, wide) = (rows[0][0], &rows[4]);
    let ends = (wide[0], *wide.last().unwrap());
    assert!((ends.1.0 - ends.0.0 - 12.0 * 13.0).abs() < 0.05);
    let d = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).hypot(a.1 - b.1);
    let tip = (top.0, rows[16][0].1);
    assert!((d(ends.0, ends.1) - d(ends.0, tip)).abs() < 0.05);
}

#[test]
fn lines_join_every_hole_to_its_six_neighbours_and_no_others() {
    let (strokes, _, _) = board_strokes(&example());
    let (centres, _) = rings(&strokes);
    let lines = joins(&strokes, &centres);
    let d =
        |(a, b): (usize, usize)| (centres[a].0 - centres[b].0).hypot(centres[a].1 - centres[b].1);
    // Each line once, each one spacing long.
    assert!(lines.windows(2).all(|w| w[0] != w[1]), "a line drawn twice");
    for &l in &lines {
        assert!((d(l) - 13.0).abs() < 0.05, "a line {} mm long", d(l));
    }
    // Every pair of holes one spacing apart is joined: 312 lines, six at a hole inside.
    let mut near = Vec::new();
    for a in 0..centres.len() {
        for b in a + 1..centres.len() {
            if d((a, b)) < 13.5 {
                near.push((a, b));
            }
        }
    }
    assert_eq!(lines, near);
    assert_eq!(lines.len(), 312);
    let mut degree = vec![0; centres.len()];
    for (a, b) in &lines {
        degree[*a] += 1;
        degree[*b] += 1;
    }
    // Six round a hole inside the star: the hexagon's 61 but its six corners (where two
    // triangles meet, open to the outside), and three of each triangle's 10.
    assert_eq!(degree.iter().filter(|&&n| n == 6).count(), 61 - 6 + 6 * 3);
    assert_eq!(*degree.iter().min().unwrap(), 2, "the tips of the star");
}

#[test]
fn a_hexagonal_lattice_joins_the_corners_of_its_hexagons_three_at_a_corner() {
    // A hexagon of 2 hexes a side: 7 hexes, 24 corners, 30 sides.
    let file = board_game(
        "hexagonal",
        "      lattice: hexagonal\n      spacing: 12mm\n      outline: {hexagon: 2}\n      look: circles\n",
    );
    let (strokes, _, _) = board_strokes(&file);
    let (centres, _) = rings(&strokes);
    assert_eq!(centres.len(), 24);
    let lines = joins(&strokes, &centres);
    assert_eq!(lines.len(), 30);
    let mut degree = vec![0; centres.len()];
    for &(a, b) in &lines {
        let d = (centres[a].0 - centres[b].0).hypot(centres[a].1 - centres[b].1);
        assert!((d - 12.0).abs() < 0.05, "a side {d} mm long");
        degree[a] += 1;
        degree[b] += 1;
    }
    // The middle hexagon's six corners are each met by three sides; the outer corners by
    // two or three.
    assert_eq!(degree.iter().filter(|&&n| n == 3).count(), 12);
    assert_eq!(degree.iter().filter(|&&n| n == 2).count(), 12);
    // The hexagons have flat tops: every side runs along a row or at 60° to it.
    for &(a, b) in &lines {
        let (dx, dy) = (centres[b].0 - centres[a].0, centres[b].1 - centres[a].1);
        assert!(
            dy.abs() < 0.05 || (dx.abs() - 6.0).abs() < 0.05,
            "a side ({dx:.2}, {dy:.2})"
        );
    }
}

#[test]
fn two_lengths_space_a_square_lattice_across_and_down() {
    // `spacing: 8mm x 13.86mm`: a rectangular lattice (it said "unknown unit" before).
    let file = board_game(
        "two-lengths",
        "      spacing: 8mm x 13.86mm\n      columns: 4\n      rows: 3\n      look: none\n      coordinates: false\n",
    );
    let game = pnp::kinds::load(file.to_str().unwrap()).unwrap();
    let c = &game.spec.components[0];
    let (w, h) = c.kind.kind().size(c);
    // Half a spacing round the points, and the board's 8 mm edge.
    assert!((w - (4.0 * 8.0 + 16.0)).abs() < 1e-9, "{w}");
    assert!((h - (3.0 * 13.86 + 16.0)).abs() < 1e-9, "{h}");
    let (strokes, _, _) = board_strokes(&file);
    let lines: Vec<&Stroke> = strokes.iter().filter(|s| !s.curved).collect();
    let across = lines
        .iter()
        .filter(|s| (s.a.1 - s.b.1).abs() < 0.05 && ((s.a.0 - s.b.0).abs() - 8.0).abs() < 0.05)
        .count();
    let down = lines
        .iter()
        .filter(|s| (s.a.0 - s.b.0).abs() < 0.05 && ((s.a.1 - s.b.1).abs() - 13.86).abs() < 0.05)
        .count();
    // 3 rows of 3 lines across, 4 columns of 2 lines down.
    assert_eq!((across, down), (9, 8), "{lines:?}");
}

#[test]
fn the_example_validates_checks_clean_and_a_changed_count_fails_at_its_rule() {
    let game = example();
    let out = pnp().arg("validate").arg(&game).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("10 rules hold") || stderr(&out).contains("10 rules hold"));
    let out = pnp().arg("check").arg(&game).output().unwrap();
    let said = format!("{}{}", stdout(&out), stderr(&out));
    // The print shop's checks pass, and the designer's (each colour of marble has its mark).
    let known: [&str; 0] = [];
    let other = unexpected_warnings(&said, &known);
    assert!(
        out.status.success() && other.is_empty(),
        "{other:?}\n{said}"
    );
    // One hole fewer in the rules: the rule fails, named at its line, with its words.
    let text = std::fs::read_to_string(&game).unwrap();
    let (line, _) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("check: {spaces: board, equals: 121}"))
        .unwrap();
    let dir = temp_dir("cc-mutated");
    let mutated = dir.join("chinese-checkers.yaml");
    std::fs::write(
        &mutated,
        text.replace("equals: 121}", "equals: 120}")
            .replace("source: examples/rules/", "source: rules/"),
    )
    .unwrap();
    let out = pnp().arg("validate").arg(&mutated).output().unwrap();
    let said = stderr(&out);
    assert!(!out.status.success());
    assert!(said.contains("rule `holes` fails"), "{said}");
    assert!(said.contains("found:    121 points"), "{said}");
    // The rule is the line before its check.
    assert!(
        said.contains(&format!(
            "rule written at {}:{}:",
            mutated.display(),
            line - 2
        )),
        "{said}"
    );
}

/// The world position (x, z) of each snap point of `board` on the table.
fn snaps(board: &Value) -> Vec<(f64, f64)> {
    let t = &board["Transform"];
    let n = |v: &Value| v.as_f64().unwrap();
    assert_eq!(n(&t["rotY"]), 180.0);
    let (bx, bz, sx, sz) = (
        n(&t["posX"]),
        n(&t["posZ"]),
        n(&t["scaleX"]),
        n(&t["scaleZ"]),
    );
    board["AttachedSnapPoints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let p = &s["Position"];
            // Turned half a turn: local +x is the world's −x.
            (bx - n(&p["x"]) * sx, bz - n(&p["z"]) * sz)
        })
        .collect()
}

#[test]
fn the_table_snaps_marbles_into_the_triangles_their_players_start_in() {
    let game = example();
    let g = pnp::kinds::load(game.to_str().unwrap()).unwrap();
    let c = &g.spec.components[0];
    let spaces = c.kind.kind().geometry().unwrap().spaces;
    let style_of: BTreeMap<String, &str> = [
        (
            "red",
            vec!["e1", "e2", "f2", "e3", "f3", "g3", "e4", "f4", "g4", "h4"],
        ),
        (
            "green",
            vec![
                "m17", "l16", "m16", "k15", "l15", "m15", "j14", "k14", "l14", "m14",
            ],
        ),
        (
            "yellow",
            vec![
                "e10", "e11", "f11", "e12", "f12", "g12", "e13", "f13", "g13", "h13",
            ],
        ),
        (
            "blue",
            vec![
                "n10", "n11", "o11", "n12", "o12", "p12", "n13", "o13", "p13", "q13",
            ],
        ),
    ]
    .into_iter()
    .flat_map(|(s, names)| names.into_iter().map(move |n| (n.to_string(), s)))
    .collect();
    for (players, colours) in [
        (2, vec!["red", "green"]),
        (3, vec!["red", "yellow", "blue"]),
    ] {
        let dir = temp_dir(&format!("cc-table-{players}"));
        let out = pnp()
            .arg("tts")
            .arg(&game)
            .args([
                "--dpi",
                "30",
                "--table",
                "--players",
                &players.to_string(),
                "--out",
            ])
            .arg(&dir)
            .env_remove("PNP_TTS_DIR")
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        let text = std::fs::read_to_string(dir.join("chinese-checkers-table.json")).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        let objects = v["ObjectStates"].as_array().unwrap();
        let board = objects.iter().find(|o| o["Nickname"] == "Board").unwrap();
        assert_eq!(board["Locked"], true);
        let at = snaps(board);
        assert_eq!(at.len(), 121, "a snap point on every hole");
        let mut found: BTreeMap<&str, usize> = BTreeMap::new();
        for o in objects {
            let name = o["Nickname"].as_str().unwrap();
            let Some(colour) = name.strip_prefix("Marble — ") else {
                continue;
            };
            let colour = colour.to_lowercase();
            let t = &o["Transform"];
            let (x, z) = (t["posX"].as_f64().unwrap(), t["posZ"].as_f64().unwrap());
            let hole = at
                .iter()
                .position(|s| (s.0 - x).abs() < 0.002 && (s.1 - z).abs() < 0.002)
                .unwrap_or_else(|| panic!("a {colour} marble at ({x}, {z}) is on no hole"));
            let space = &spaces[hole].name;
            assert_eq!(
                style_of.get(space).copied(),
                Some(colour.as_str()),
                "{players} players: a {colour} marble on {space}"
            );
            *found.entry(style_of[space]).or_default() += 1;
        }
        let want: BTreeMap<&str, usize> = colours.iter().map(|c| (*c, 10)).collect();
        assert_eq!(found, want, "{players} players");
    }
}

#[test]
fn a_title_crowded_by_the_letters_below_a_triangular_lattice_is_printed_whole_above_it() {
    // A whole triangular lattice puts a letter below each column's lower end, all along the
    // bottom margin: the title goes above the grid at its full 4 mm, not squeezed beside `A`.
    let dir = temp_dir("lattice-title");
    let file = dir.join("t.yaml");
    std::fs::write(
        &file,
        "game: {id: t, name: T, players: [2]}\ncomponents:\n  - id: board\n    kind: point-board\n    front: {title: Triangles, background: \"#ffffff\"}\n    point-board: {lattice: triangular, spacing: 14mm, columns: 6, rows: 5}\n",
    )
    .unwrap();
    let out = pnp()
        .arg("build")
        .arg(&file)
        .args(["--no-png", "--out"])
        .arg(dir.join("out"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let pdf = std::fs::read(dir.join("out/t.pdf")).unwrap();
    let game = pnp::kinds::load(file.to_str().unwrap()).unwrap();
    let doc =
        pnp::commands::prepare(&game, &pnp::commands::options::BuildOptions::default()).unwrap();
    let (page, pl) = first_front(&doc, 0);
    let height = pdf_page_sizes(&pdf)[page].1;
    let mm = 25.4 / 72.0;
    let r = pl.rect;
    // Glyphs on the board: x and baseline y in mm from its top left, size in mm.
    let on_board: Vec<(String, f64, f64, f64)> = pdf_glyphs(&pdf)[page]
        .iter()
        .map(|g| {
            (
                g.text.clone(),
                g.x * mm - r.x,
                (height - g.y) * mm - r.y,
                g.size * mm,
            )
        })
        .filter(|g| g.1 > 0.0 && g.2 > 0.0 && g.1 < r.w && g.2 < r.h)
        .collect();
    let above: Vec<&(String, f64, f64, f64)> = on_board.iter().filter(|g| g.2 < 8.0).collect();
    let title: String = above.iter().map(|g| g.0.as_str()).collect();
    assert_eq!(title.to_uppercase(), "TRIANGLES", "{on_board:?}");
    for g in &above {
        assert!((g.3 - 4.0).abs() < 0.01, "{g:?}");
        // Its capitals' tops (about 0.7 of its size above the baseline) 3 mm inside the cut.
        assert!(g.2 - 0.75 * g.3 >= 3.0 - 0.05, "{g:?}");
    }
    // Nothing of it at the foot of the board, where the letters A to F are (their baselines
    // in the margin's upper part, below the lowest row's number).
    let below: String = on_board
        .iter()
        .filter(|g| g.2 > r.h - 10.0)
        .map(|g| g.0.as_str())
        .collect();
    assert_eq!(below.to_uppercase(), "ABCDEF", "{on_board:?}");
}
