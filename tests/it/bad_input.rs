//! Issue 8: bad input never panics or writes partial output; it gets a message naming the file,
//! line and column and what was expected, and exit code 2 (1 when the output itself fails).
//! The corpus is `tests/bad/*.yaml`; `tests/bad/EXPECTED.tsv` holds, per file, the expected
//! `line:column` and a fragment of the message.
use crate::common::*;
use std::path::Path;

fn manifest() -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad/EXPECTED.tsv"),
    )
    .unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(cols.len(), 3, "bad manifest line {l}");
            (
                cols[0].to_string(),
                cols[1].to_string(),
                cols[2].to_string(),
            )
        })
        .collect()
}

/// Runs `cmd` to its end, or fails the test (`name`'s) if it takes longer than a refusal ever
/// should (a debug build on a busy machine takes a second or two).
fn within(cmd: &mut std::process::Command, name: &str) -> std::process::Output {
    use std::process::Stdio;
    let mut child = (cmd.stdout(Stdio::piped()).stderr(Stdio::piped()))
        .spawn()
        .expect("pnp runs");
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(60) {
            child.kill().unwrap();
            let out = child.wait_with_output().unwrap();
            panic!("{name}: pnp still ran after 60 s\n{}", stderr(&out));
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn every_bad_input_is_located_and_writes_nothing() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad");
    let rows = manifest();
    assert!(rows.len() >= 50, "the corpus has {} cases", rows.len());
    let mut yaml: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            e.ok()?
                .file_name()
                .into_string()
                .ok()?
                .strip_suffix(".yaml")
                .map(String::from)
        })
        .collect();
    yaml.sort();
    let mut names: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    names.sort();
    assert_eq!(
        yaml, names,
        "every corpus file has exactly one manifest row"
    );

    for (name, at, fragment) in rows {
        let out_dir = temp_dir("bad-out").join("out");
        let file = dir.join(format!("{name}.yaml"));
        let out = within(
            pnp().arg("build").arg(&file).arg("--out").arg(&out_dir),
            &name,
        );
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{name}: exit code\n{err}");
        assert!(!err.contains("panicked"), "{name} panicked: {err}");
        let place = format!("{name}.yaml:{at}: ");
        assert!(
            err.contains(&place),
            "{name}: expected location {place} in\n{err}"
        );
        assert!(
            err.contains(&fragment),
            "{name}: expected `{fragment}` in\n{err}"
        );
        assert!(
            !out_dir.exists() || files(&out_dir).is_empty(),
            "{name}: wrote {:?}",
            files(&out_dir)
        );
        // What build refuses, validate refuses too, at the same place.
        let checked = within(pnp().arg("validate").arg(&file), &name);
        let err = stderr(&checked);
        assert_eq!(checked.status.code(), Some(2), "{name}: validate\n{err}");
        assert!(err.contains(&place), "{name}: validate says\n{err}");
    }
}

#[test]
fn bad_options_are_refused_before_any_work() {
    for (args, says) in [
        (vec!["--dpi", "0"], "--dpi 0: expected 30 to 1200"),
        (vec!["--dpi", "1000000"], "--dpi 1000000"),
        (vec!["--paper", "a3"], "expected a4 or letter"),
        (vec!["--bleed=-3mm"], "--bleed"),
        // Not taken for an option (clap would say to write `-- -3mm`).
        (
            vec!["--bleed", "-3mm"],
            "length `-3mm` must not be negative",
        ),
        (vec!["--bleed", "5cm"], "at most 10 mm"),
        (vec!["--duplex", "sideways"], "expected long or short"),
        (vec!["--no-pdf", "--no-png"], "nothing to build"),
    ] {
        let out_dir = temp_dir("opts").join("out");
        let out = pnp()
            .args(["build", "night-grain", "--out"])
            .arg(&out_dir)
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
        assert!(!out_dir.exists(), "{args:?} created the output folder");
    }
    // A zero bleed may carry a unit, like every other length.
    for zero in ["0", "0mm", "0in", "0.0 pt"] {
        let out_dir = temp_dir("zero-bleed").join("out");
        let out = pnp()
            .args(["build", "bean-off", "--no-png", "--bleed", zero, "--out"])
            .arg(&out_dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "--bleed {zero}: {}", stderr(&out));
    }
    let out = run(&["build", "no-such-game"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("night-grain"),
        "lists the shipped games: {}",
        stderr(&out)
    );
}

#[test]
fn an_output_folder_that_is_a_file_or_unwritable_fails_with_exit_1() {
    let dir = temp_dir("out-file");
    let file = dir.join("taken");
    std::fs::write(&file, "not a folder").unwrap();
    let out = pnp()
        .args(["build", "night-grain", "--no-png", "--out"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("is not a directory"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");

    let out = pnp()
        .args([
            "build",
            "night-grain",
            "--no-png",
            "--out",
            "/proc/pnp-cannot-write-here",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("/proc/pnp-cannot-write-here"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_failure_mid_build_leaves_earlier_outputs_untouched() {
    let dir = temp_dir("mid");
    std::fs::write(dir.join("night-grain.pdf"), "the previous build").unwrap();
    // The PDF is staged first; the PNG folder cannot be made because a file is in the way.
    std::fs::write(dir.join("png"), "in the way").unwrap();
    let out = pnp()
        .args(["build", "night-grain", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("untouched"),
        "says what happened to earlier outputs: {}",
        stderr(&out)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("night-grain.pdf")).unwrap(),
        "the previous build"
    );
    assert_eq!(
        files(&dir),
        vec!["night-grain.pdf".to_string(), "png".to_string()],
        "no temporaries left"
    );
}

#[test]
fn markup_and_quotes_in_text_are_escaped_not_broken() {
    let dir = temp_dir("escape");
    let yaml = dir.join("escape.yaml");
    std::fs::write(
        &yaml,
        "game: {id: escape, name: \"Tom & Jerry's <Game>\", players: [2]}\ncomponents:\n  - id: card\n    kind: card\n    size: 63mm x 88mm\n    front:\n      title: \"<b>Bold</b> & \\\"quoted\\\"\"\n      lines: [\"a < b && c > d\", \"it's 'fine' ]]> <!-- -->\"]\n",
    )
    .unwrap();
    let out_dir = dir.join("out");
    let out = pnp()
        .arg("build")
        .arg(&yaml)
        .arg("--out")
        .arg(&out_dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = pdf_text(&std::fs::read(out_dir.join("escape.pdf")).unwrap()).join("\n");
    assert!(text.contains("a < b && c > d"), "{text}");
    assert!(text.contains("<b>Bold</b> & \"quoted\""), "{text}");
    assert!(text.contains("Tom & Jerry's <Game>"), "{text}");
}

#[test]
fn a_games_own_symbol_cannot_reach_files_or_the_network() {
    let dir = temp_dir("symbols");
    std::fs::create_dir_all(dir.join("symbols")).unwrap();
    std::fs::write(
        dir.join("symbols/evil.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><image xlink:href="file:///etc/passwd" width="10" height="10"/></svg>"#,
    )
    .unwrap();
    let yaml = dir.join("g.yaml");
    std::fs::write(&yaml, "game: {id: g, name: G, players: [2]}\ncomponents:\n  - id: t\n    kind: token\n    size: 20mm\n    front: {symbol: evil}\n").unwrap();
    let out = pnp()
        .arg("build")
        .arg(&yaml)
        .arg("--out")
        .arg(dir.join("out"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("g.yaml:6:21")
            && err.contains("symbols/evil.svg: element <image> is not allowed"),
        "{err}"
    );
}

#[test]
fn a_symbol_saved_by_inkscape_is_drawn_without_its_hidden_layer() {
    let dir = temp_dir("inkscape");
    std::fs::create_dir_all(dir.join("symbols")).unwrap();
    // As Inkscape 1.x saves it: editor namespaces and data, ids, colours in `style=""`, and a
    // hidden red sketch layer over the whole box.
    std::fs::write(
        dir.join("symbols/leaf.svg"),
        r##"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg width="100mm" height="100mm" viewBox="0 0 100 100" id="svg1"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns="http://www.w3.org/2000/svg">
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:zoom="2.1" />
  <defs id="defs1" />
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">
    <rect x="0" y="0" width="100" height="100" id="r1" sodipodi:type="rect"
       style="fill:#2f6b22;stroke:none;-inkscape-stroke:none" />
  </g>
  <g inkscape:label="Sketch" inkscape:groupmode="layer" style="display:none">
    <rect x="0" y="0" width="100" height="100" style="fill:#ff0000" />
  </g>
</svg>"##,
    )
    .unwrap();
    let yaml = dir.join("g.yaml");
    std::fs::write(
        &yaml,
        "game: {id: g, name: G, players: [2]}
components:
  - id: t
    kind: tile
    size: 20mm
    front: {symbol: leaf, background: \"#ffffff\"}
",
    )
    .unwrap();
    let out = pnp()
        .args(["build", "--no-pdf", "--dpi", "100", "--out"])
        .arg(dir.join("out"))
        .arg(&yaml)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let png = dir.join("out/png/t-front.png");
    let (w, h, _) = png_info(&png);
    let rgba = png_rgba(&png);
    let centre = ((h / 2 * w + w / 2) * 4) as usize;
    assert_eq!(
        &rgba[centre..centre + 3],
        &[0x2f, 0x6b, 0x22],
        "the leaf's green"
    );
}

#[test]
fn a_problem_in_an_included_file_names_that_file() {
    let dir = temp_dir("include-place");
    std::fs::write(
        dir.join("other.yaml"),
        "game: {id: other, name: Other, players: [2, 3, 4]}\n\
         components:\n  - id: disc\n    kind: token\n    size: 20mm\n    players: [4]\n",
    )
    .unwrap();
    let main = dir.join("main.yaml");
    std::fs::write(
        &main,
        "game: {id: main, name: Main, players: [2]}\ninclude: [other]\n\
         components:\n  - id: cube\n    kind: token\n    size: 20mm\n",
    )
    .unwrap();
    let out = run(&["validate", main.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    let place = format!(
        "{}:6:14: `players:` of `disc`",
        dir.join("other.yaml").display()
    );
    assert!(err.contains(&place), "expected {place} in {err}");
}

#[test]
fn text_that_runs_over_its_piece_is_named_in_a_warning() {
    let dir = temp_dir("overflow");
    let yaml = dir.join("long.yaml");
    std::fs::write(
        &yaml,
        format!(
            "game: {{id: long, name: Long, players: [2]}}\n\
             components:\n  - id: card\n    kind: card\n    size: 63mm x 88mm\n    variants:\n\
             \x20     - {{id: fine, front: {{title: Fine, lines: [A short rule.]}}}}\n\
             \x20     - {{id: big, front: {{text: \"{}\"}}}}\n\
             \x20 - id: disc\n    kind: token\n    size: 15mm\n\
             \x20   front: {{label: An extraordinarily long caption for such a small disc}}\n\
             \x20 - id: setup\n    kind: diagram\n    size: 40mm x 30mm\n\
             \x20   front: {{title: A set-up title far too long for a diagram only forty millimetres wide}}\n\
             \x20   diagram: {{place: [{{piece: disc, at: [20, 12]}}]}}\n",
            "X".repeat(300)
        ),
    )
    .unwrap();
    let out = pnp()
        .args(["build", yaml.to_str().unwrap(), "--no-png", "--out"])
        .arg(dir.join("out"))
        .output()
        .unwrap();
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    let warnings: Vec<&str> = err.lines().filter(|l| l.starts_with("warning:")).collect();
    // The disc's caption once, on the disc: not again where the diagram shows the disc.
    assert_eq!(warnings.len(), 3, "{err}");
    assert!(warnings[0].contains("front of `card-big`: `XXXX"), "{err}");
    assert!(
        warnings[1].contains("front of `disc`: `An extraordinarily"),
        "{err}"
    );
    assert!(
        warnings[2].contains("front of `setup`: `A set-up title"),
        "{err}"
    );
}

#[test]
fn line_breaks_in_texts_are_white_space_not_errors() {
    let dir = temp_dir("line-breaks");
    let yaml = dir.join("breaks.yaml");
    std::fs::write(
        &yaml,
        "game:\n  id: breaks\n  name: Breaks\n  players: [2]\n  description: |\n    Two lines\n    \
         of description.\ncomponents:\n  - id: card\n    kind: card\n    size: 63mm x 88mm\n    \
         front: {title: \"A\\tB\", lines: [\"one\\ntwo\"]}\n",
    )
    .unwrap();
    let out = run(&["validate", yaml.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn face_fields_a_kind_does_not_draw_are_located_warnings_not_silence() {
    let dir = temp_dir("unused-fields");
    let yaml = dir.join("g.yaml");
    std::fs::write(
        &yaml,
        "game: {id: g, name: G, players: [2]}\ncomponents:\n  - id: c\n    kind: card\n    size: 63mm x 88mm\n    front: {title: Hi, pips: 3}\n  - id: b\n    kind: board\n    front:\n      title: Board\n      symbol: sun\n    board: {squares: 3, square: 20mm}\n  - id: p\n    kind: playing-card\n    size: 63mm x 88mm\n    variants:\n      - {id: a, tags: {suit: hearts, rank: a}, front: {title: Ace}}\n",
    )
    .unwrap();
    for command in ["validate", "build"] {
        let mut run = pnp();
        run.arg(command).arg(&yaml);
        if command == "build" {
            run.arg("--no-png").arg("--out").arg(dir.join("out"));
        }
        let out = run.output().unwrap();
        let err = stderr(&out);
        assert!(out.status.success(), "{command}: {err}");
        for (at, what) in [
            ("g.yaml:6:24: ", "`pips:` on the front of `c` is not drawn"),
            (
                "g.yaml:11:7: ",
                "`symbol:` on the front of `b` is not drawn",
            ),
            (
                "g.yaml:17:56: ",
                "`title:` on the front of `p` is not drawn",
            ),
        ] {
            let line = err.lines().find(|l| l.contains(what));
            assert!(
                line.is_some_and(|l| l.starts_with("warning: ") && l.contains(at)),
                "{command}: {what} at {at}:\n{err}"
            );
        }
    }
}
