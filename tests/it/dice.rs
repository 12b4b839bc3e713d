//! Polyhedral dice on the real binary: each net folds into its solid (faces congruent to the
//! solid's, glued edge to edge), the PDF prints its folds dashed and its cut solid where the net
//! puts them (to 0.05 mm), each face's value sits upright on its face, opposite faces sum as the
//! die's do, and Tabletop Simulator gets a `Custom_Dice` of the die's type.
use crate::common::*;
use pnp::base::polyhedra::{Net, Pt, Solid, convex_overlap, signed_area};
use std::path::PathBuf;

/// The dice: faces, edge (mm), the values listed.
fn dice() -> Vec<(usize, f64, Vec<String>)> {
    [(4, 20.0), (8, 16.0), (10, 16.0), (12, 10.0), (20, 12.0)]
        .into_iter()
        .map(|(n, edge)| {
            let values = match n {
                10 => (0..10).map(|v| v.to_string()).collect(),
                _ => (1..=n).map(|v| v.to_string()).collect(),
            };
            (n, edge, values)
        })
        .collect()
}

/// A game of one die of `n` faces; returns its YAML's path.
fn game(n: usize, edge: f64, values: &[String]) -> PathBuf {
    let dir = temp_dir(&format!("dice-d{n}"));
    let faces: Vec<String> = values
        .iter()
        .map(|v| format!("{{text: \"{v}\"}}"))
        .collect();
    let yaml = format!(
        "game: {{id: d{n}, name: D{n}, players: [1]}}\ncomponents:\n  - id: die\n    kind: die\n    size: {edge}mm\n    front: {{background: \"#f4e3c1\", ink: \"#3b2a52\"}}\n    die:\n      faces: [{}]\n",
        faces.join(", ")
    );
    let file = dir.join(format!("d{n}.yaml"));
    std::fs::write(&file, yaml).unwrap();
    file
}

fn dist(a: Pt, b: Pt) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

fn dist3(a: [f64; 3], b: [f64; 3]) -> f64 {
    (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt()
}

fn inside(p: Pt, poly: &[Pt]) -> bool {
    let s = signed_area(poly).signum();
    (0..poly.len()).all(|i| {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        s * ((b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)) > 0.0
    })
}

/// The net folds into the solid: every face is congruent to its solid face corner for corner
/// (not mirrored), faces that fold on a shared line share that edge with equal lengths, every
/// edge of the solid is either such a fold or two cut edges of the net, one of which has a tab.
fn assert_folds_into_its_solid(solid: Solid, net: &Net, edge: f64) {
    let mesh = solid.mesh();
    let n = solid.faces();
    assert_eq!(net.faces.len(), n, "{solid:?}: face count");
    let mut handedness = None;
    for f in 0..n {
        let corners = &net.corners[f];
        let poly = &net.faces[f];
        assert_eq!(corners.len(), poly.len());
        // The solid face with these corners.
        let mut want = corners.clone();
        want.sort();
        let on_solid = mesh
            .faces
            .iter()
            .position(|q| {
                let mut q = q.clone();
                q.sort();
                q == want
            })
            .unwrap_or_else(|| panic!("{solid:?}: face {f}'s corners are no face of the solid"));
        assert_eq!(
            on_solid, f,
            "{solid:?}: face {f} is printed as solid face {on_solid}"
        );
        for i in 0..poly.len() {
            for j in i + 1..poly.len() {
                let flat = dist(poly[i], poly[j]);
                let solid_d = dist3(mesh.vertices[corners[i]], mesh.vertices[corners[j]]) * edge;
                assert!(
                    (flat - solid_d).abs() < 1e-6,
                    "{solid:?}: face {f}, corners {i}–{j}: {flat} flat, {solid_d} folded"
                );
            }
        }
        let side = signed_area(poly).signum();
        assert_eq!(
            *handedness.get_or_insert(side),
            side,
            "{solid:?}: face {f} is mirrored"
        );
    }
    // Each solid edge: where the net has it.
    let mut uses: std::collections::BTreeMap<(usize, usize), Vec<(Pt, Pt)>> = Default::default();
    for f in 0..n {
        let (c, p) = (&net.corners[f], &net.faces[f]);
        for i in 0..p.len() {
            let j = (i + 1) % p.len();
            uses.entry((c[i].min(c[j]), c[i].max(c[j])))
                .or_default()
                .push((p[i], p[j]));
        }
    }
    let on = |x: Pt, y: Pt, a: Pt, b: Pt| {
        (dist(x, a) < 1e-6 && dist(y, b) < 1e-6) || (dist(x, b) < 1e-6 && dist(y, a) < 1e-6)
    };
    let (mut folds, mut glued) = (0, 0);
    for ((a, b), placed) in &uses {
        assert_eq!(placed.len(), 2, "{solid:?}: edge {a}–{b} bounds two faces");
        let ((p, q), (r, s)) = (placed[0], placed[1]);
        assert!(
            (dist(p, q) - dist(r, s)).abs() < 1e-6,
            "{solid:?}: edge {a}–{b}"
        );
        if on(p, q, r, s) {
            folds += 1;
            assert!(
                net.folds.iter().any(|&(x, y)| on(x, y, p, q)),
                "{solid:?}: the edge {a}–{b} between two faces is not a fold"
            );
        } else {
            glued += 1;
            let tabs = net
                .tabs
                .iter()
                .filter(|t| on(t[0], t[1], p, q) || on(t[0], t[1], r, s))
                .count();
            assert_eq!(tabs, 1, "{solid:?}: cut edge {a}–{b} has {tabs} tabs");
        }
    }
    assert_eq!(
        folds,
        n - 1,
        "{solid:?}: a net of {n} faces folds on {} lines",
        n - 1
    );
    assert_eq!(glued, net.tabs.len());
    // Nothing printed over anything else.
    for a in 0..n {
        for b in a + 1..n {
            assert!(
                !convex_overlap(&net.faces[a], &net.faces[b]),
                "{solid:?} {a}/{b}"
            );
        }
        for t in &net.tabs {
            assert!(
                !convex_overlap(&net.faces[a], t),
                "{solid:?}: a tab over face {a}"
            );
        }
    }
}

#[test]
fn each_die_net_prints_folds_cut_and_values_where_its_solid_puts_them() {
    for (n, edge, values) in dice() {
        let solid = Solid::with_faces(n).unwrap();
        let file = game(n, edge, &values);
        let out = file.parent().unwrap().join("out");
        let run = pnp()
            .args(["build", file.to_str().unwrap(), "--out"])
            .arg(&out)
            .output()
            .unwrap();
        assert!(run.status.success(), "d{n}: {}", stderr(&run));
        let game = pnp::kinds::load(file.to_str().unwrap()).unwrap();
        let doc = pnp::commands::prepare(&game, &pnp::commands::options::BuildOptions::default())
            .unwrap();
        let (page, pl) = first_front(&doc, 0);
        assert!(!pl.quarter && !pl.turned, "d{n}: {pl:?}");
        let net = solid.net(edge);
        // The piece is the net's box, to 0.05 mm.
        assert!((pl.rect.w - net.w).abs() < 0.05 && (pl.rect.h - net.h).abs() < 0.05);
        assert_folds_into_its_solid(solid, &net, edge);

        let pdf = std::fs::read(out.join(format!("d{n}.pdf"))).unwrap();
        let strokes = &pdf_strokes(&pdf)[page];
        let here = |p: Pt| (p.0 + pl.rect.x, p.1 + pl.rect.y);
        let printed = |a: Pt, b: Pt, dashed: bool| {
            let (a, b) = (here(a), here(b));
            strokes.iter().any(|s| {
                s.dashed == dashed
                    && ((dist(s.a, a) < 0.05 && dist(s.b, b) < 0.05)
                        || (dist(s.a, b) < 0.05 && dist(s.b, a) < 0.05))
            })
        };
        for &(a, b) in &net.folds {
            assert!(printed(a, b, true), "d{n}: no dashed fold {a:?}–{b:?}");
        }
        let o = &net.outline;
        for i in 0..o.len() {
            let (a, b) = (o[i], o[(i + 1) % o.len()]);
            assert!(printed(a, b, false), "d{n}: no solid cut {a:?}–{b:?}");
        }
        // No fold runs along the cut, no cut across a face.
        let dashed = strokes.iter().filter(|s| s.dashed).count();
        assert_eq!(dashed, net.folds.len(), "d{n}: dashed lines");

        // Each face's value, read from the PDF inside the face, upright towards its top corner.
        let height = pdf_page_sizes(&pdf)[page].1;
        let mm = 25.4 / 72.0;
        let glyphs: Vec<(Glyph, Pt)> = pdf_glyphs(&pdf)[page]
            .iter()
            .map(|g| {
                let at = (g.x * mm - pl.rect.x, (height - g.y) * mm - pl.rect.y);
                (g.clone(), at)
            })
            .collect();
        let mut read = Vec::new();
        for f in 0..n {
            let mut here: Vec<&(Glyph, Pt)> = glyphs
                .iter()
                .filter(|(_, at)| inside(*at, &net.faces[f]))
                .collect();
            assert!(!here.is_empty(), "d{n}: face {} shows nothing", f + 1);
            if solid == Solid::Tetrahedron {
                // A d4's face shows the three other faces' values, each by a corner, its top
                // pointing to that corner.
                let mut shown: Vec<String> = here.iter().map(|(g, _)| g.text.clone()).collect();
                shown.sort();
                let mut others: Vec<String> = (0..n)
                    .filter(|&g| g != f)
                    .map(|g| values[g].clone())
                    .collect();
                others.sort();
                assert_eq!(shown, others, "d4 face {}", f + 1);
                let ((cx, cy), _) = net.incircle(f);
                for (g, at) in &here {
                    // Up is the reading direction (y down) turned a quarter counter-clockwise;
                    // the glyph's middle is half its advance along and a third of its size up.
                    let dir = (g.dir.0, -g.dir.1);
                    let up = (dir.1, -dir.0);
                    let (along, rise) = (g.advance * mm / 2.0, g.size * mm * 0.35);
                    let at = (
                        at.0 + dir.0 * along + up.0 * rise,
                        at.1 + dir.1 * along + up.1 * rise,
                    );
                    let corner = net.faces[f]
                        .iter()
                        .max_by(|a, b| {
                            let toward = |p: &&Pt| (p.0 - cx) * up.0 + (p.1 - cy) * up.1;
                            toward(a).total_cmp(&toward(b))
                        })
                        .unwrap();
                    // The value sits between the middle and the corner its top points to.
                    assert!(
                        dist(at, *corner) < dist((cx, cy), *corner),
                        "d4 face {}: {} at {at:?} reads away from its corner",
                        f + 1,
                        g.text
                    );
                }
                continue;
            }
            // Reading order: along the glyphs' direction.
            here.sort_by(|a, b| {
                let along = |g: &Glyph| g.x * g.dir.0 + g.y * g.dir.1;
                along(&a.0).total_cmp(&along(&b.0))
            });
            let text: String = here.iter().map(|(g, _)| g.text.as_str()).collect();
            assert_eq!(text, values[f], "d{n}: face {}", f + 1);
            // Upright: the reading direction (y down on the page) is the face's up turned a
            // quarter clockwise.
            let up = net.up(f);
            let want = (-up.1, up.0);
            for (g, _) in &here {
                let dir = (g.dir.0, -g.dir.1);
                assert!(
                    dist(dir, want) < 1e-3,
                    "d{n}: face {} reads along {dir:?}, not {want:?}",
                    f + 1
                );
            }
            read.push(text.parse::<i32>().unwrap());
        }
        // Opposite faces (opposite normals on the solid) sum as the die's do.
        if solid.has_opposites() {
            let mesh = solid.mesh();
            let sum = if n == 10 { 9 } else { n as i32 + 1 };
            for f in 0..n {
                let normal = |f: usize| {
                    let p = &mesh.faces[f];
                    let v = &mesh.vertices;
                    let (a, b, c) = (v[p[0]], v[p[1]], v[p[2]]);
                    let (u, w) = (
                        [b[0] - a[0], b[1] - a[1], b[2] - a[2]],
                        [c[0] - a[0], c[1] - a[1], c[2] - a[2]],
                    );
                    let x = [
                        u[1] * w[2] - u[2] * w[1],
                        u[2] * w[0] - u[0] * w[2],
                        u[0] * w[1] - u[1] * w[0],
                    ];
                    let l = dist3(x, [0.0; 3]);
                    x.map(|c| c / l)
                };
                let opposite = (0..n)
                    .find(|&g| {
                        let (a, b) = (normal(f), normal(g));
                        (a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + 1.0).abs() < 1e-9
                    })
                    .unwrap();
                assert_eq!(
                    read[f] + read[opposite],
                    sum,
                    "d{n}: faces {f} and {opposite}"
                );
            }
        }
    }
}

#[test]
fn each_die_becomes_a_custom_die_of_its_type_in_tabletop_simulator() {
    for (n, edge, values) in dice() {
        let file = game(n, edge, &values);
        let dir = file.parent().unwrap().join("tts");
        let run = pnp()
            .args(["tts", file.to_str().unwrap(), "--dpi", "60", "--out"])
            .arg(&dir)
            .env_remove("PNP_TTS_DIR")
            .output()
            .unwrap();
        assert!(run.status.success(), "d{n}: {}", stderr(&run));
        let text = std::fs::read_to_string(dir.join(format!("d{n}.json"))).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let dice: Vec<&serde_json::Value> = v["ObjectStates"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|o| o["Name"] == "Custom_Dice")
            .collect();
        assert_eq!(dice.len(), 1, "d{n}");
        let want = [(4, 0), (8, 2), (10, 3), (12, 4), (20, 5)]
            .into_iter()
            .find(|(k, _)| *k == n)
            .unwrap()
            .1;
        assert_eq!(dice[0]["CustomImage"]["CustomDice"]["Type"], want, "d{n}");
        // Its template image is there, square, and painted: each face's background shows.
        let url = dice[0]["CustomImage"]["ImageURL"].as_str().unwrap();
        let path = PathBuf::from(format!("/{}", url.strip_prefix("file:///").unwrap()));
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        let (w, h) = (info.width, info.height);
        assert_eq!(w, h, "d{n}: a template is square");
        assert_eq!(info.color_type, png::ColorType::Rgb);
        let face = buf[..info.buffer_size()]
            .chunks(3)
            .filter(|p| p[0] == 0xf4 && p[1] == 0xe3 && p[2] == 0xc1)
            .count();
        assert!(
            face as f64 > (w * h) as f64 * 0.25,
            "d{n}: the faces cover {face} of {} px",
            w * h
        );
    }
}

/// The example game with polyhedral dice: it validates (its rules count each die's faces and
/// read their values), `pnp check` finds nothing, it builds, and its table has each die as a
/// custom die of its type.
#[test]
fn dice_delve_validates_checks_clean_builds_and_has_its_dice_on_the_table() {
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/dice-delve.yaml");
    let validate = run(&["validate", game]);
    assert!(validate.status.success(), "{}", stderr(&validate));
    assert!(
        stdout(&validate).contains("13 rules hold"),
        "{}",
        stdout(&validate)
    );
    let check = run(&["check", game]);
    assert!(check.status.success(), "{}", stderr(&check));
    let said = format!("{}{}", stdout(&check), stderr(&check));
    // The print shop's checks pass, and the designer's.
    let known: [&str; 0] = [];
    let other = unexpected_warnings(&said, &known);
    assert!(other.is_empty(), "{other:?}\n{said}");
    let dir = temp_dir("dice-delve");
    let build = pnp()
        .args(["build", game, "--dpi", "60", "--out"])
        .arg(dir.join("out"))
        .output()
        .unwrap();
    assert!(build.status.success(), "{}", stderr(&build));
    let tts = pnp()
        .args(["tts", game, "--dpi", "30", "--out"])
        .arg(dir.join("tts"))
        .env_remove("PNP_TTS_DIR")
        .output()
        .unwrap();
    assert!(tts.status.success(), "{}", stderr(&tts));
    let text = std::fs::read_to_string(dir.join("tts/dice-delve.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut types: Vec<(String, i64)> = v["ObjectStates"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["Name"] == "Custom_Dice")
        .map(|o| {
            let t = o["CustomImage"]["CustomDice"]["Type"].as_i64().unwrap();
            (o["Nickname"].as_str().unwrap().to_string(), t)
        })
        .collect();
    types.sort_by_key(|(_, t)| *t);
    let want = [
        ("Trap die", 0),
        ("Hero die", 1),
        ("Blade die", 2),
        ("Loot die", 3),
        ("Beast die", 4),
        ("Fate die", 5),
    ];
    assert_eq!(
        types,
        want.map(|(n, t)| (n.to_string(), t)).to_vec(),
        "a d4, d6, d8, d10, d12 and d20"
    );
    // The rooms are a deck of twelve, the hearts and gold in bags.
    let deck = v["ObjectStates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["Nickname"] == "Room cards")
        .unwrap();
    assert_eq!(deck["ContainedObjects"].as_array().unwrap().len(), 12);
}
