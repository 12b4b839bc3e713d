//! Issue 32, "Habits a newcomer feels": the command line itself. `--help` shows every default;
//! fixed sets of values are listed and completed; values are refused with their real limits and
//! never in Rust's terms; `-q`/`-v` exist only where they change the output; `pnp man --out`
//! writes a page for every command its overview lists.
use crate::common::*;
use std::process::Output;

/// The commands `pnp --help` lists (clap's own `help` aside).
fn commands() -> Vec<String> {
    let help = stdout(&run(&["--help"]));
    let listed = help
        .split("Commands:\n")
        .nth(1)
        .expect("pnp --help lists its commands");
    listed
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_owned)
        .collect()
}

/// Exit 2 (a usage error), with each of `says` on standard error and nothing on standard output.
fn assert_refused(out: &Output, says: &[&str]) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    for s in says {
        assert!(err.contains(s), "expected `{s}` in:\n{err}");
    }
    assert!(out.stdout.is_empty(), "{}", stdout(out));
}

/// Words of Rust's that a message about a typed value must not show.
const RUST_WORDS: &[&str] = &[
    "4294967295",
    "0..=",
    "u32",
    "u64",
    "usize",
    "String",
    "invalid digit",
    "ParseIntError",
    "target type",
];

fn assert_speaks_pnp(out: &Output) {
    let err = stderr(out);
    for word in RUST_WORDS {
        assert!(!err.contains(word), "`{word}` in:\n{err}");
    }
}

#[test]
fn help_shows_the_defaults() {
    let out = run(&["build", "--help"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let help = stdout(&out);
    for default in [
        "[default: a4]",
        "[default: 300]",
        "[default: long]",
        "[default: duplex]",
        "[default: 0mm]",
        "[default: output/<game>]",
        "[default: every component]",
    ] {
        assert!(
            help.contains(default),
            "no {default} in build --help:\n{help}"
        );
    }
    // Short help too, with the values of a fixed set.
    let short = stdout(&run(&["build", "-h"]));
    assert!(
        short.contains("[default: a4] [possible values: a4, letter]"),
        "{short}"
    );
    assert!(
        short.contains("[default: long] [possible values: long, short]"),
        "{short}"
    );
    let tts = stdout(&run(&["tts", "--help"]));
    assert!(tts.contains("[default: 200]"), "{tts}");
    assert!(tts.contains("[default: output/<game>/tts]"), "{tts}");
    let sheets = stdout(&run(&["sheets", "-h"]));
    assert!(sheets.contains("[default: a4]"), "{sheets}");
}

#[test]
fn every_option_has_help_in_one_voice() {
    for command in commands() {
        let out = run(&[&command, "-h"]);
        assert!(out.status.success(), "{command}: {}", stderr(&out));
        let help = stdout(&out);
        let Some(options) = help.split("Options:\n").nth(1) else {
            continue;
        };
        for line in options.lines().take_while(|l| l.starts_with("  ")) {
            // `  -q, --quiet      Print only errors and warnings`: the flag, then its help.
            let line = line.trim_start();
            let text = line
                .split_once("  ")
                .map(|(_, t)| t.trim())
                .unwrap_or_default();
            assert!(!text.is_empty(), "{command}: no help for `{line}`");
            let first = text.chars().next().unwrap();
            assert!(
                first.is_uppercase(),
                "{command}: `{text}` starts as a sentence fragment does"
            );
            let sentence = text.split(" [").next().unwrap_or(text);
            assert!(
                !sentence.ends_with('.'),
                "{command}: `{text}` is a fragment, without a full stop"
            );
        }
    }
}

#[test]
fn an_unknown_paper_lists_the_valid_values() {
    for command in ["build", "sheets"] {
        let out = run(&[command, "night-grain", "--paper", "a3"]);
        assert_refused(&out, &["--paper a3", "a4 or letter"]);
    }
    let out = run(&["build", "night-grain", "--duplex", "sideways"]);
    assert_refused(&out, &["--duplex sideways", "long or short"]);
    let out = run(&["build", "night-grain", "--layout", "fold"]);
    assert_refused(&out, &["--layout fold", "duplex or gutterfold"]);
    let out = run(&["completions", "tcsh"]);
    assert_refused(&out, &["tcsh", "bash, elvish, fish, powershell or zsh"]);
    // Case and the old spelling are still taken: the build stops after parsing, at the options.
    for paper in ["A4", "Letter", "us-letter"] {
        let out = run(&[
            "build",
            "night-grain",
            "--paper",
            paper,
            "--no-pdf",
            "--no-png",
        ]);
        assert_refused(&out, &["leave nothing to build"]);
    }
}

#[test]
fn numbers_are_refused_with_their_limits_in_pnps_words() {
    for (args, says) in [
        (
            vec!["build", "night-grain", "--dpi", "99999999999"],
            "--dpi 99999999999: expected 30 to 1200",
        ),
        (
            vec!["build", "night-grain", "--dpi", "-3"],
            "--dpi -3: expected 30 to 1200",
        ),
        (
            vec!["build", "night-grain", "--dpi", "fine"],
            "--dpi fine: expected a whole number from 30 to 1200",
        ),
        (
            vec!["tts", "night-grain", "--dpi", "5000"],
            "--dpi 5000: expected 30 to 1200",
        ),
        (
            vec!["build", "night-grain", "--players", "x"],
            "--players x: expected a whole number from 1 to 99",
        ),
        (
            vec!["build", "night-grain", "--players", "0"],
            "--players 0: expected 1 to 99",
        ),
        (
            vec!["sheets", "the-beast", "--players", "99999999999"],
            "--players 99999999999: expected 1 to 99",
        ),
        (
            vec!["build", "night-grain", "--bleed", "30mm"],
            "--bleed 30mm: at most 10 mm",
        ),
    ] {
        let out = run(&args);
        assert_refused(&out, &[says]);
        assert_speaks_pnp(&out);
    }
}

#[test]
fn copies_beyond_the_limit_name_it() {
    let limit = pnp::spec::MAX_COPIES.to_string();
    assert_eq!(limit, "10000");
    let out = run(&["build", "night-grain", "--copies", "card=99999"]);
    assert_refused(&out, &["--copies card=99999", &limit]);
    assert_speaks_pnp(&out);
    let out = run(&[
        "build",
        "night-grain",
        "--copies",
        "card=99999999999999999999999",
    ]);
    assert_refused(&out, &[&limit]);
    assert_speaks_pnp(&out);
}

#[test]
fn completions_offer_the_fixed_values_and_the_shipped_games() {
    let out = run(&["completions", "bash"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let bash = stdout(&out);
    for values in ["a4 letter", "long short", "duplex gutterfold"] {
        assert!(
            bash.contains(&format!("compgen -W \"{values}\"")),
            "bash does not offer {values}"
        );
    }
    // The words offered after `pnp build`: its options and the shipped games.
    let build = bash
        .split("pnp__subcmd__build)")
        .nth(1)
        .and_then(|b| b.split("opts=\"").nth(1))
        .and_then(|o| o.split('"').next())
        .expect("bash completes pnp build");
    let words: Vec<&str> = build.split_whitespace().collect();
    assert!(words.contains(&"--paper"), "{build}");
    for id in pnp::base::assets::game_ids() {
        assert!(words.contains(&id), "bash does not offer {id}: {build}");
    }
    // bash falls back to file names when no word matches: a YAML file is still completed.
    assert!(bash.contains("-o default"), "{bash}");
    let out = run(&["completions", "zsh"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let zsh = stdout(&out);
    assert!(zsh.contains(r#"((a4\:"#), "zsh does not offer a4");
    // zsh could offer either the ids or files for GAME, not both: files, the open set.
    assert!(
        zsh.lines()
            .any(|l| l.starts_with("':game -- ") && l.ends_with(":_files' \\")),
        "zsh does not complete files for GAME"
    );
    let fish = stdout(&run(&["completions", "fish"]));
    assert!(
        fish.contains("-l paper") && fish.contains("letter\\t"),
        "{fish}"
    );
    // clap_complete's elvish and powershell scripts complete options, not their values.
    for shell in ["elvish", "powershell"] {
        let out = run(&["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", stderr(&out));
        assert!(stdout(&out).contains("--paper"), "{shell} lacks --paper");
    }
}

#[test]
fn quiet_and_verbose_exist_only_where_they_act() {
    // Nothing to quieten or to add to.
    for args in [
        vec!["list", "-q"],
        vec!["list", "-v"],
        vec!["completions", "bash", "-q"],
        vec!["tts", "night-grain", "-v"],
        vec!["sheets", "the-beast", "-v"],
        vec!["new", "Goats", "-v"],
        vec!["-q", "list"],
    ] {
        let out = run(&args);
        assert_refused(&out, &["unexpected argument"]);
    }
    // schema and man print their result whatever -q says; -q quietens only --out's report.
    for command in ["schema", "man"] {
        let out = run(&[command, "-q"]);
        assert_refused(&out, &["--out"]);
    }
    let out = run(&["build", "night-grain", "-q", "-v"]);
    assert_refused(&out, &["cannot be used with"]);
    // Where -q acts, it leaves only errors and warnings.
    let out = run(&["validate", "-q", "night-grain"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.is_empty(), "{}", stdout(&out));
    let dir = temp_dir("cli-quiet");
    let schema = dir.join("pnp.schema.json");
    let out = pnp()
        .args(["schema", "-q", "--out"])
        .arg(&schema)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
    assert!(schema.is_file());
    let out = pnp()
        .args(["schema", "--out"])
        .arg(&schema)
        .output()
        .unwrap();
    assert!(stdout(&out).contains("pnp.schema.json"), "{}", stdout(&out));
}

/// The pages `pnp.1` (roff) sends its reader to: `pnp\-build(1)` and the like.
fn references(roff: &str) -> Vec<String> {
    roff.split("pnp\\-")
        .skip(1)
        .filter_map(|rest| rest.split_once("(1)").map(|(name, _)| name))
        .filter(|name| name.chars().all(|c| c.is_ascii_lowercase()))
        .map(|name| format!("pnp-{name}.1"))
        .collect()
}

#[test]
fn man_out_writes_every_page_the_overview_lists() {
    let dir = temp_dir("cli-man").join("man1");
    let out = pnp().args(["man", "--out"]).arg(&dir).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let mut want: Vec<String> = commands().iter().map(|c| format!("pnp-{c}.1")).collect();
    want.push("pnp.1".into());
    want.sort();
    assert_eq!(files(&dir), want);
    // Each written page is named on standard output.
    assert_eq!(stdout(&out).lines().count(), want.len(), "{}", stdout(&out));
    let overview = std::fs::read_to_string(dir.join("pnp.1")).unwrap();
    let listed = references(&overview);
    assert_eq!(listed.len(), commands().len(), "{overview}");
    for page in &listed {
        assert!(dir.join(page).is_file(), "pnp.1 lists {page}, not written");
    }
    // Each page is its command's, and is what `pnp man COMMAND` prints.
    for command in commands() {
        let page = std::fs::read_to_string(dir.join(format!("pnp-{command}.1"))).unwrap();
        assert!(
            page.contains(&format!(".TH pnp-{command} 1")),
            "{command}: {page}"
        );
        assert!(page.contains(&format!("\\fBpnp {command}\\fR")), "{page}");
        assert_eq!(stdout(&run(&["man", &command])), page);
    }
    assert_eq!(stdout(&run(&["man"])), overview);
    // -q leaves the pages and says nothing.
    let out = pnp()
        .args(["man", "-q", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success() && out.stdout.is_empty() && out.stderr.is_empty());
    let out = run(&["man", "nosuch"]);
    assert_refused(&out, &["nosuch", "build, serve, validate"]);
}

#[test]
fn man_out_refuses_a_link_where_a_page_goes_and_writes_nothing() {
    let dir = temp_dir("cli-man-link");
    let target = dir.join("elsewhere");
    std::fs::write(&target, "mine").unwrap();
    let pages = dir.join("man1");
    std::fs::create_dir(&pages).unwrap();
    std::os::unix::fs::symlink(&target, pages.join("pnp-build.1")).unwrap();
    let out = pnp().args(["man", "--out"]).arg(&pages).output().unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("refusing to write"), "{err}");
    assert!(err.contains("symbolic link"), "{err}");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "mine");
    assert_eq!(files(&pages), ["pnp-build.1"], "only the link is there");
    assert!(
        std::fs::symlink_metadata(pages.join("pnp-build.1"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}
