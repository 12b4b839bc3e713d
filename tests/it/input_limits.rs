//! The limits of docs/cli.md's "Limits (checked before any work starts)" hold whatever the input is:
//! a pipe or a symlink to `/dev/zero` stops at the size limit (read through `take`, not by the
//! size the file claims), `--copies` is held to the piece limits, and options are refused before
//! any folder is made. Found by fuzzing.
use crate::common::*;
use std::io::Write;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Address space the binary may use: an endless read fails here within a second or two instead
/// of taking the machine (a run without the fix grew to 4.6 GB).
const ADDRESS_SPACE: u64 = 2 << 30;

/// Spawns `cmd` with at most `ADDRESS_SPACE` of memory, stdout and stderr captured.
fn spawn_capped(cmd: &mut Command) -> Child {
    // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: ADDRESS_SPACE as libc::rlim_t,
                rlim_max: ADDRESS_SPACE as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    cmd.stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pnp runs")
}

/// Waits for `child`, killing it (and failing) after `secs` seconds: the refusal must be prompt.
fn finish_within(mut child: Child, secs: u64) -> Output {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(secs) {
            child.kill().unwrap();
            let out = child.wait_with_output().unwrap();
            panic!(
                "pnp still ran after {secs} s: it reads past the limit\n{}",
                stderr(&out)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// A copy of `tests/fixtures/input_limits/<name>` in a fresh folder.
fn fixture_copy(name: &str) -> (PathBuf, PathBuf) {
    let dir = temp_dir(&format!("input-limits-{}", name.replace('.', "_")));
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/input_limits")
        .join(name);
    let yaml = dir.join(name);
    std::fs::copy(src, &yaml).unwrap();
    (dir, yaml)
}

fn assert_refused(out: &Output, fragments: &[&str]) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    for f in fragments {
        assert!(err.contains(f), "expected `{f}` in:\n{err}");
    }
}

#[test]
fn yaml_from_an_endless_pipe_is_refused_at_the_limit() {
    // `yes | pnp validate /dev/stdin`: the pipe reports no size.
    let mut child = spawn_capped(pnp().args(["validate", "/dev/stdin"]).stdin(Stdio::piped()));
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = b"y\n".repeat(32 * 1024);
        let mut sent: u64 = 0;
        // More than pnp may hold: without the limit it runs out of memory before the end.
        while sent < 2 * ADDRESS_SPACE && stdin.write_all(&chunk).is_ok() {
            sent += chunk.len() as u64;
        }
        sent
    });
    let out = finish_within(child, 20);
    let sent = writer.join().unwrap();
    assert_refused(&out, &["/dev/stdin", "the limit is 1048576 bytes"]);
    // It stopped reading near the limit (the rest went to a closed pipe).
    assert!(sent < 64 << 20, "pnp read {sent} bytes of the pipe");
}

#[test]
fn a_game_file_linked_to_dev_zero_is_refused_at_the_limit() {
    let dir = temp_dir("input-limits-zero-game");
    let yaml = dir.join("zero.yaml");
    std::os::unix::fs::symlink("/dev/zero", &yaml).unwrap();
    let out = finish_within(spawn_capped(pnp().arg("validate").arg(&yaml)), 20);
    assert_refused(&out, &["zero.yaml:1:1", "the limit is 1048576 bytes"]);
}

#[test]
fn an_included_file_linked_to_dev_zero_is_refused_unread() {
    // Outside the game's folder once the link is followed, and not a plain file either.
    let (dir, yaml) = fixture_copy("include-game.yaml");
    std::os::unix::fs::symlink("/dev/zero", dir.join("endless.yaml")).unwrap();
    let out = finish_within(spawn_capped(pnp().arg("validate").arg(&yaml)), 20);
    assert_refused(
        &out,
        &[
            "include-game.yaml:8:11",
            "cannot include `endless`",
            "outside the game's folder",
        ],
    );
}

#[test]
fn a_symbol_linked_to_dev_zero_is_refused_unread() {
    let (dir, yaml) = fixture_copy("symbol-game.yaml");
    std::fs::create_dir(dir.join("symbols")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("symbols/s1.svg")).unwrap();
    let out = finish_within(spawn_capped(pnp().arg("validate").arg(&yaml)), 20);
    assert_refused(
        &out,
        &[
            "symbol-game.yaml",
            "symbol `s1`",
            "outside the game's folder",
        ],
    );
}

/// Makes a FIFO at `path`: opening it to read blocks until something opens it to write.
fn fifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0, "mkfifo");
}

#[test]
fn a_fifo_named_as_an_include_a_data_file_or_a_symbol_is_refused_at_once() {
    // Nothing ever writes to these FIFOs: a build that opened one to read would wait forever.
    let (dir, yaml) = fixture_copy("include-game.yaml");
    fifo(&dir.join("endless.yaml"));
    let out = finish_within(spawn_capped(pnp().arg("validate").arg(&yaml)), 20);
    assert_refused(
        &out,
        &[
            "include-game.yaml:8:11",
            "cannot include `endless`",
            "not a plain file",
        ],
    );

    let (dir, yaml) = fixture_copy("symbol-game.yaml");
    std::fs::create_dir(dir.join("symbols")).unwrap();
    fifo(&dir.join("symbols/s1.svg"));
    let out = finish_within(spawn_capped(pnp().arg("validate").arg(&yaml)), 20);
    assert_refused(
        &out,
        &["symbol-game.yaml:15:34", "symbol `s1`", "not a plain file"],
    );

    let dir = temp_dir("input-limits-fifo-data");
    fifo(&dir.join("deck.csv"));
    let yaml = dir.join("deck.yaml");
    std::fs::write(
        &yaml,
        "game: {id: deck, name: Deck, players: [2]}\ncomponents:\n  - id: card\n    kind: card\n    size: 63mm x 88mm\n    data: deck.csv\n    front: {title: \"{row.title}\"}\n",
    )
    .unwrap();
    let out = dir.join("out");
    let run = finish_within(
        spawn_capped(pnp().arg("build").arg(&yaml).arg("--out").arg(&out)),
        20,
    );
    assert_refused(
        &run,
        &["deck.yaml:6:11", "cannot read `", "not a plain file"],
    );
    assert!(!out.exists(), "nothing is written");
}

#[test]
fn links_out_of_the_game_folder_are_refused_and_what_they_lead_to_is_not_shown() {
    // A secret beside the game's folder, reached through links from inside it.
    let root = temp_dir("input-limits-outside");
    let secret = root.join("secret.txt");
    std::fs::write(&secret, "root:$6$hash-of-a-password:19000:0:99999:7:::\n").unwrap();
    let dir = root.join("game");
    std::fs::create_dir_all(dir.join("symbols")).unwrap();
    std::os::unix::fs::symlink(&secret, dir.join("deck.csv")).unwrap();
    std::os::unix::fs::symlink(&secret, dir.join("symbols/s1.svg")).unwrap();
    std::os::unix::fs::symlink(&secret, dir.join("base.yaml")).unwrap();
    let yaml = dir.join("game.yaml");
    std::fs::write(
        &yaml,
        "game: {id: g, name: G, players: [2]}\ninclude: [base]\ncomponents:\n  - id: card\n    kind: card\n    size: 63mm x 88mm\n    data: deck.csv\n    front: {title: \"{row.title}\", symbol: s1}\n",
    )
    .unwrap();
    let out = dir.join("out");
    let run = pnp()
        .arg("build")
        .arg(&yaml)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let err = stderr(&run);
    assert_refused(
        &run,
        &[
            "game.yaml:2:11",
            "cannot include `base`",
            "outside the game's folder",
        ],
    );
    assert!(!err.contains("hash-of-a-password"), "{err}");
    assert!(!out.exists(), "nothing is written");

    // Without the include: the data file, then the symbol, each refused where it is named.
    let card = "  - id: card\n    kind: card\n    size: 63mm x 88mm\n    data: deck.csv\n    front: {title: \"{row.title}\"}\n";
    let chit = "  - id: chit\n    kind: token\n    size: 16mm\n    front: {symbol: s1}\n";
    for (components, fragments) in [
        (card, ["game.yaml:6:11", "deck.csv"]),
        (chit, ["game.yaml:6:21", "symbol `s1`"]),
    ] {
        let game = "game: {id: g, name: G, players: [2]}\ncomponents:\n";
        std::fs::write(&yaml, format!("{game}{components}")).unwrap();
        let run = pnp()
            .arg("build")
            .arg(&yaml)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        let err = stderr(&run);
        assert_refused(
            &run,
            &[fragments[0], fragments[1], "outside the game's folder"],
        );
        assert!(!err.contains("hash-of-a-password"), "{err}");
        assert!(!out.exists(), "nothing is written");
    }
    std::fs::write(
        &yaml,
        format!("game: {{id: g, name: G, players: [2]}}\ncomponents:\n{card}{chit}"),
    )
    .unwrap();

    // A link that stays inside the folder is followed as before.
    std::fs::remove_file(dir.join("deck.csv")).unwrap();
    std::fs::write(dir.join("cards.csv"), "id,title\na,Alpha\n").unwrap();
    std::os::unix::fs::symlink("cards.csv", dir.join("deck.csv")).unwrap();
    std::fs::remove_file(dir.join("symbols/s1.svg")).unwrap();
    std::fs::write(
        dir.join("symbols/s1.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>"#,
    )
    .unwrap();
    let run = pnp().arg("validate").arg(&yaml).output().unwrap();
    assert!(run.status.success(), "{}", stderr(&run));
}

#[test]
fn a_symbol_of_too_many_dashes_is_refused_when_it_is_read() {
    // 0.0001-unit dashes along a few hundred units of path: millions of dashes to rasterize.
    let (dir, yaml) = fixture_copy("symbol-game.yaml");
    std::fs::create_dir(dir.join("symbols")).unwrap();
    std::fs::write(
        dir.join("symbols/s1.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="40" fill="none" stroke="black" stroke-dasharray="0.0001"/></svg>"#,
    )
    .unwrap();
    let out = dir.join("out");
    let run = pnp()
        .arg("build")
        .arg(&yaml)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert_refused(
        &run,
        &[
            "symbol-game.yaml:15:34",
            "symbol `s1`",
            "dashes; a symbol may make at most 10000",
        ],
    );
    assert!(!out.exists(), "nothing is written");
}

#[test]
fn a_symbol_that_is_not_utf8_is_named_not_passed_over() {
    // Before, the file was skipped as if it were not there: "no symbol `s1`: expected a file
    // `symbols/s1.svg`", beside the very file.
    let (dir, yaml) = fixture_copy("symbol-game.yaml");
    std::fs::create_dir(dir.join("symbols")).unwrap();
    let latin1 = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><title>Caf\xe9</title></svg>";
    std::fs::write(dir.join("symbols/s1.svg"), latin1).unwrap();
    let out = pnp().arg("validate").arg(&yaml).output().unwrap();
    assert_refused(
        &out,
        &[
            "symbol-game.yaml",
            "symbol `s1`: symbols/s1.svg: the file is not UTF-8 text",
        ],
    );
}

#[test]
fn copies_overrides_are_held_to_the_piece_limit() {
    // Six grain types × 10,000: the same counts in the YAML are refused.
    let dir = temp_dir("input-limits-copies").join("out");
    let out = pnp()
        .args(["build", "night-grain", "--copies", "grain=10000"])
        .args(["--no-validate", "--no-pdf", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_refused(
        &out,
        &["--copies grain=10000", "60010 pieces; the limit is 20000"],
    );
    assert!(!dir.exists(), "the build made {}", dir.display());
}

#[test]
fn no_players_is_refused_before_the_out_folder_is_made() {
    let dir = temp_dir("input-limits-players0").join("out");
    let out = pnp()
        .args(["build", "night-grain", "--players", "0", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_refused(&out, &["--players 0"]);
    assert!(!dir.exists(), "--players 0 made {}", dir.display());
}

#[test]
fn a_player_count_the_game_is_not_for_is_refused_before_the_out_folder_is_made() {
    // Needs `lib::build_with_progress` to check `select::components` before `ensure_dir`.
    let dir = temp_dir("input-limits-players9").join("out");
    let out = pnp()
        .args(["build", "night-grain", "--players", "9", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_refused(&out, &["--players 9"]);
    assert!(!dir.exists(), "--players 9 made {}", dir.display());
}

#[test]
fn an_empty_tts_folder_variable_is_an_error_not_the_default_folder() {
    // Needs `output::tts::install::tts_dir` to refuse an empty PNP_TTS_DIR.
    let root = temp_dir("input-limits-tts-empty");
    let home = root.join("home");
    std::fs::create_dir(&home).unwrap();
    let target = root.join("out");
    let out = pnp()
        .args(["tts", "night-grain", "--dpi", "40", "--install", "--out"])
        .arg(&target)
        .env("PNP_TTS_DIR", "")
        .env("HOME", &home)
        .env_remove("XDG_DATA_HOME")
        .output()
        .unwrap();
    assert_refused(&out, &["PNP_TTS_DIR is set but empty"]);
    assert!(files(&home).is_empty(), "wrote {:?}", files(&home));
    assert!(!target.exists());
}

// ---------------------------------------------------------------------------------------------
// Issue 47: workbooks.

/// An .ods whose `content.xml` closes an element with the wrong tag: the count of its cells gave
/// up without a word, and calamine, which does not check closing tags, expanded the 10^8 cells
/// it had not counted (6.3 GB, then an abort). It is refused as unreadable, in little memory.
#[test]
fn an_ods_whose_cells_cannot_be_counted_is_refused_unread() {
    let dir = crate::art::spells_game("cards.ods");
    crate::art::write_ods_table(
        &dir.join("cards.ods"),
        "<table:table-column></table:table-colum>\
         <table:table-row><table:table-cell office:value-type=\"string\"><text:p>id</text:p></table:table-cell></table:table-row>\
         <table:table-row table:number-rows-repeated=\"99999\"><table:table-cell table:number-columns-repeated=\"1000\" office:value-type=\"float\" office:value=\"1\"><text:p>1</text:p></table:table-cell></table:table-row>",
    );
    let out = finish_within(
        spawn_capped(pnp().arg("validate").arg(dir.join("game.yaml"))),
        20,
    );
    assert_refused(
        &out,
        &[
            "game.yaml:6:11: ",
            "cannot be read as a workbook",
            "content.xml is not well-formed XML",
        ],
    );
}

/// A workbook's text is bounded as a CSV file's is, however it is repeated: an .xlsx whose one
/// shared string fills every cell, and an .ods whose cell of text is repeated across columns and
/// rows (8 and 10 MB written out here; the files of issue 47 made 2 GB of 25 KB) are refused.
#[test]
fn a_workbook_whose_text_would_fill_memory_is_refused() {
    let xlsx = crate::art::spells_game("cards.xlsx");
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (c, cell) in ["id", "title", "cost", "school"].iter().enumerate() {
        sheet.write_string(0, c as u16, *cell).unwrap();
    }
    // The longest string a cell takes, 256 times: one shared string in the file.
    let long = "x".repeat(32_767);
    for r in 1..=16u32 {
        for c in 0..16u16 {
            sheet.write_string(r, c, &long).unwrap();
        }
    }
    book.save(xlsx.join("cards.xlsx")).unwrap();
    let ods = crate::art::spells_game("cards.ods");
    let cell = "y".repeat(10_000);
    crate::art::write_ods_table(
        &ods.join("cards.ods"),
        &format!(
            "<table:table-row><table:table-cell office:value-type=\"string\"><text:p>id</text:p></table:table-cell></table:table-row>\
             <table:table-row table:number-rows-repeated=\"10\"><table:table-cell table:number-columns-repeated=\"100\" office:value-type=\"string\"><text:p>{cell}</text:p></table:table-cell></table:table-row>"
        ),
    );
    for dir in [xlsx, ods] {
        let out = finish_within(
            spawn_capped(pnp().arg("validate").arg(dir.join("game.yaml"))),
            60,
        );
        assert_refused(
            &out,
            &[
                "game.yaml:6:11: ",
                "holds more than 4 MB of text once its repeated cells and shared strings",
            ],
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Issue 47: FIFOs among a game's pictures and fonts, and a game read through one.

#[test]
fn a_fifo_named_as_a_picture_or_a_font_is_refused_at_once() {
    let dir = temp_dir("input-limits-fifo-art");
    fifo(&dir.join("art.png"));
    fifo(&dir.join("font.ttf"));
    // A link to a FIFO, inside the folder.
    std::os::unix::fs::symlink(dir.join("art.png"), dir.join("linked.png")).unwrap();
    let yaml = dir.join("game.yaml");
    let game = |image: &str, fonts: &str| {
        format!(
            "game: {{id: g, name: G, players: [2]}}\n{fonts}components:\n  - id: card\n    kind: card\n    size: 63mm x 88mm\n    front: {{title: A, image: {image}}}\n"
        )
    };
    for (text, place) in [
        (game("art.png", ""), "game.yaml:6:30: "),
        (game("linked.png", ""), "game.yaml:6:30: "),
    ] {
        std::fs::write(&yaml, text).unwrap();
        let out = finish_within(spawn_capped(pnp().arg("validate").arg(&yaml)), 20);
        assert_refused(&out, &[place, "not a plain file"]);
    }
    std::fs::write(&yaml, game("none.png", "fonts: [font.ttf]\n")).unwrap();
    let out = finish_within(spawn_capped(pnp().arg("validate").arg(&yaml)), 20);
    assert_refused(
        &out,
        &[
            "game.yaml:2:9: ",
            "cannot read font `font.ttf`",
            "not a plain file",
        ],
    );
}

/// A game read through a FIFO is read once: its error is quoted from what was read, not read
/// again (which waited for a second writer that never came), by build, validate and tts.
#[test]
fn a_game_read_through_a_fifo_is_quoted_as_it_was_read() {
    let dir = temp_dir("input-limits-fifo-game");
    let game = dir.join("game.yaml");
    for command in ["build", "validate", "tts"] {
        let _ = std::fs::remove_file(&game);
        fifo(&game);
        let child = spawn_capped(pnp().current_dir(&dir).args([command, "game.yaml"]));
        // The one writer: the game, then the end of the pipe (left waiting, not joined, if
        // pnp never reads it).
        let game = game.clone();
        std::thread::spawn(move || {
            std::fs::write(
                game,
                "game: {id: g, name: G, players: [2]}\ncomponents:\n  - id: c\n    kind: tokn\n",
            )
        });
        let out = finish_within(child, 20);
        assert_refused(
            &out,
            &[
                "game.yaml:4:11: ",
                "unknown kind `tokn`",
                "4 │     kind: tokn",
            ],
        );
    }
}

/// The limit an SVG picture is refused at is the one it has (256 KiB), not a rounded "1 MB".
#[test]
fn an_svg_picture_over_its_limit_names_the_limit() {
    let dir = temp_dir("input-limits-svg-size");
    let padding = " ".repeat(257 * 1024);
    std::fs::write(
        dir.join("big.svg"),
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{padding}</svg>"#),
    )
    .unwrap();
    std::fs::write(
        dir.join("game.yaml"),
        "game: {id: g, name: G, players: [2]}\ncomponents:\n  - id: card\n    kind: card\n    size: 63mm x 88mm\n    front: {title: A, image: big.svg}\n",
    )
    .unwrap();
    let out = run(&["validate", dir.join("game.yaml").to_str().unwrap()]);
    assert_refused(
        &out,
        &["game.yaml:6:30: ", "`big.svg` is larger than 256 KiB"],
    );
}

// ---------------------------------------------------------------------------------------------
// Issue 47: SVG pictures that cost too much to draw.

#[test]
fn svg_pictures_that_cost_too_much_to_draw_are_refused_at_once() {
    let svg = |body: &str| {
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{body}</svg>"#)
    };
    let nested = |element: &str, attribute: &str| {
        let mut defs = format!(
            r#"<{element} id="x0"><rect width="100" height="100" fill="white"/></{element}>"#
        );
        for i in 1..200 {
            defs.push_str(&format!(
                r#"<{element} id="x{i}" {attribute}="url(#x{})"><rect width="100" height="100" fill="white"/></{element}>"#,
                i - 1
            ));
        }
        svg(&format!(
            r#"{defs}<rect width="50" height="50" {attribute}="url(#x199)"/>"#
        ))
    };
    let mut uses = String::from(r#"<g id="u0"><path d="M0 0 L1 1"/></g>"#);
    for i in 1..10 {
        let ten = format!(r##"<use href="#u{}"/>"##, i - 1).repeat(10);
        uses.push_str(&format!(r#"<g id="u{i}">{ten}</g>"#));
    }
    let blurs: String = (0..50)
        .map(|i| format!(r#"<feGaussianBlur stdDeviation="{i}"/>"#))
        .collect();
    let cases = [
        (
            "turbulence",
            svg(
                r#"<filter id="t"><feTurbulence baseFrequency="0.9" numOctaves="1000"/></filter><rect width="100" height="100" filter="url(#t)"/>"#,
            ),
            "<filter> is not drawn in a picture",
        ),
        (
            "chain",
            svg(&format!(
                r#"<filter id="c">{blurs}</filter><rect width="100" height="100" filter="url(#c)"/>"#
            )),
            "<filter> is not drawn in a picture",
        ),
        (
            "masks",
            nested("mask", "mask"),
            "layers nested in one another",
        ),
        (
            "clips",
            nested("clipPath", "clip-path"),
            "layers nested in one another",
        ),
        (
            "glyphs",
            svg(&format!("<text y=\"50\">{}</text>", "Wg ".repeat(34_000))),
            "characters of text",
        ),
        ("uses", svg(&uses), "elements"),
    ];
    for (name, picture, says) in cases {
        let dir = temp_dir(&format!("input-limits-svg-{name}"));
        std::fs::write(dir.join("art.svg"), picture).unwrap();
        std::fs::write(
            dir.join("game.yaml"),
            "game: {id: g, name: G, players: [2]}\ncomponents:\n  - id: card\n    kind: card\n    size: 63mm x 88mm\n    front: {title: A, image: art.svg}\n",
        )
        .unwrap();
        let out = finish_within(
            spawn_capped(
                pnp()
                    .arg("build")
                    .arg(dir.join("game.yaml"))
                    .arg("--out")
                    .arg(dir.join("out")),
            ),
            20,
        );
        assert_refused(&out, &["game.yaml:6:30: ", "SVG picture `art.svg`: ", says]);
        assert!(!dir.join("out").exists(), "{name}: nothing written");
    }
}
