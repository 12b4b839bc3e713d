//! Issue 3: `pnp validate` checks each game's components against its rules. For every Night Grain
//! rule a copy of the shipped YAML is broken so that the rule fails; the error must name the rule
//! and point at the right line.
use crate::common::*;
use std::path::PathBuf;

fn shipped(game: &str) -> String {
    String::from_utf8(pnp::base::assets::game(game).unwrap().to_vec()).unwrap()
}

/// Writes the shipped YAML with `find` replaced by `replace` (which must occur exactly once).
fn broken(game: &str, find: &str, replace: &str) -> (PathBuf, String) {
    let text = shipped(game);
    assert_eq!(
        text.matches(find).count(),
        1,
        "`{find}` must occur once in {game}"
    );
    let text = text.replacen(find, replace, 1);
    let dir = temp_dir("rules");
    let path = dir.join(format!("{game}.yaml"));
    std::fs::write(&path, &text).unwrap();
    (path, text)
}

/// 1-based line of the first line of `text` that contains `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle}"))
        + 1
}

struct Case {
    rule: &'static str,
    find: &'static str,
    replace: &'static str,
    /// The line the failure must point at.
    at: &'static str,
}

const NIGHT_GRAIN: &[Case] = &[
    Case {
        rule: "grain-total",
        find: "    size: 0.75in\n    copies: 4\n",
        replace: "    size: 0.75in\n    copies: 5\n",
        at: "  - id: grain",
    },
    Case {
        rule: "grain-types",
        find: "      - id: wheat\n",
        replace: "      - id: wheat\n        copies: 0\n",
        at: "  - id: grain",
    },
    Case {
        rule: "grain-four-each",
        find: "      - id: barley\n",
        replace: "      - id: barley\n        copies: 3\n",
        at: "      - id: barley",
    },
    Case {
        rule: "sun-markers",
        find: "      - id: sun\n",
        replace: "      - id: sun\n        copies: 2\n",
        at: "      - id: sun",
    },
    Case {
        rule: "moon-markers",
        find: "      - id: moon\n",
        replace: "      - id: moon\n        copies: 4\n",
        at: "      - id: moon",
    },
    Case {
        rule: "player-counts",
        find: "players: [4, 6]",
        replace: "players: [4, 5, 6]",
        at: "  players:",
    },
    Case {
        rule: "grain-by-players",
        find: "by_players: {4: 4, 6: 6}",
        replace: "by_players: {4: 4, 6: 7}",
        at: "  - id: grain",
    },
    Case {
        rule: "team-marker-each",
        find: "    size: 0.75in\n    copies: 3\n",
        replace: "    size: 0.75in\n    copies: 2\n",
        at: "  - id: team",
    },
    Case {
        rule: "track-boxes",
        find: "{label: \"3\"}",
        replace: "{label: \"three\"}",
        at: "  - id: track",
    },
];

#[test]
fn every_shipped_game_validates() {
    let out = run(&["validate", "--all"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("✓ Night Grain: 9 rules hold"), "{text}");
    assert_eq!(text.lines().count(), pnp::base::assets::game_ids().len());
}

#[test]
fn each_night_grain_rule_is_enforced_and_located() {
    let rules: Vec<String> = {
        let game = pnp::spec::load("night-grain").unwrap();
        game.spec.rules.iter().map(|r| r.id.value.clone()).collect()
    };
    // Every rule of the game has a case here.
    let covered: Vec<&str> = NIGHT_GRAIN.iter().map(|c| c.rule).collect();
    for r in &rules {
        assert!(
            covered.contains(&r.as_str()),
            "no breaking case for rule {r}"
        );
    }
    for case in NIGHT_GRAIN {
        let (path, text) = broken("night-grain", case.find, case.replace);
        let out = pnp().arg("validate").arg(&path).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{}: must fail", case.rule);
        let err = stderr(&out);
        let want = format!("{}:{}:", path.display(), line_of(&text, case.at));
        let header = err
            .lines()
            .find(|l| l.ends_with(&format!("rule `{}` fails", case.rule)))
            .unwrap_or_else(|| panic!("rule {} not reported:\n{err}", case.rule));
        assert!(
            header.starts_with(&want),
            "{}: expected location {want}, got {header}",
            case.rule
        );
        // The rulebook's own words are quoted.
        let rule = pnp::spec::load("night-grain")
            .unwrap()
            .spec
            .rules
            .into_iter()
            .find(|r| r.id.value == case.rule)
            .unwrap();
        assert!(err.contains(&rule.quote), "{}: quote missing", case.rule);
        assert!(err.contains("expected:") && err.contains("found:"), "{err}");
    }
}

#[test]
fn several_broken_rules_are_all_reported_in_one_run() {
    let text = shipped("night-grain")
        .replacen("players: [4, 6]", "players: [4, 5, 6]", 1)
        .replacen("{label: \"3\"}", "{label: \"three\"}", 1)
        .replacen(
            "      - id: sun\n",
            "      - id: sun\n        copies: 2\n",
            1,
        );
    let dir = temp_dir("rules-many");
    let path = dir.join("ng.yaml");
    std::fs::write(&path, text).unwrap();
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    for rule in [
        "player-counts",
        "track-boxes",
        "sun-markers",
        "grain-by-players",
    ] {
        assert!(
            err.contains(&format!("rule `{rule}` fails")),
            "{rule} not reported:\n{err}"
        );
    }
}

#[test]
fn build_refuses_a_game_whose_rules_fail_unless_told_not_to_validate() {
    let (path, _) = broken("night-grain", "{label: \"3\"}", "{label: \"three\"}");
    let out_dir = temp_dir("rules-build").join("out");
    let out = pnp()
        .arg("build")
        .arg(&path)
        .arg("--out")
        .arg(&out_dir)
        .args(["--no-png"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("track-boxes"));
    assert!(!out_dir.join("night-grain.pdf").exists(), "nothing built");

    let out = pnp()
        .arg("build")
        .arg(&path)
        .arg("--out")
        .arg(&out_dir)
        .args(["--no-png", "--no-validate"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("warning: rules not validated"));
    assert!(out_dir.join("night-grain.pdf").exists());
}

#[test]
fn a_malformed_rule_is_reported_not_ignored() {
    for (find, replace, says) in [
        (
            "check: {labels: track, equals: [5, 4, 3, 2, 1]}",
            "check: {labels: trak, equals: [5, 4, 3, 2, 1]}",
            "no component `trak`",
        ),
        (
            "check: {variants: grain, equals: 6}",
            "check: {variants: grain, total: grain, equals: 6}",
            "2 subjects (total, variants): a check has exactly one of total, variants,",
        ),
        (
            "check: {variants: grain, equals: 6}",
            "check: {variants: grain}",
            "an expectation",
        ),
        (
            "check: {labels: track, equals: [5, 4, 3, 2, 1]}",
            "check: {labels: track}",
            "expected: a list after `equals:`",
        ),
        (
            "check: {labels: track, equals: [5, 4, 3, 2, 1]}",
            "check: {labels: track, at_least: 5}",
            "expected: a list after `equals:`",
        ),
        (
            "check: {variants: grain, equals: 6}",
            "check: {variants: grain, equals: [6]}",
            "expected: a number after `equals:`",
        ),
        (
            "check: {variants: grain, equals: 6}",
            "check: {count: {variants: grain}, value: copies, equals: 6}",
            "no `value:` here",
        ),
        // A misspelt filter picked nothing, and a rule with `at_most` held.
        (
            "check: {total: team, where: {team: sun}, equals: 3}",
            "check: {total: team, where: {taem: sun}, at_most: 3}",
            "no variant of `team` has a tag `taem` (its tags: team; did you mean `team`?)",
        ),
        (
            "check: {total: team, where: {team: sun}, equals: 3}",
            "check: {total: team, where: {team: sunn}, at_most: 3}",
            "no variant of `team` has `team: sunn` (its values: moon, sun; did you mean `sun`?)",
        ),
    ] {
        let (path, _) = broken("night-grain", find, replace);
        let out = pnp().arg("validate").arg(&path).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{replace}");
        let err = stderr(&out);
        assert!(err.contains(says), "{replace}: {err}");
        // The rule is what to mend, not the game: it is said so, at the check.
        assert!(
            err.contains("1 rule cannot be checked as written:")
                && err.contains("rule `")
                && !err.contains(" fails"),
            "{replace}: {err}"
        );
    }
}

#[test]
fn a_rule_may_say_that_no_variant_has_a_value() {
    // The Beast's "with all court cards removed" is `where: {court: "yes"}, equals: 0`.
    // So does any check that none satisfies: "at most two jokers", in a deck without them.
    for check in [
        "check: {total: team, where: {team: stars}, equals: 0}",
        "check: {total: team, where: {team: stars}, at_most: 2}",
    ] {
        let (path, _) = broken(
            "night-grain",
            "check: {total: team, where: {team: sun}, equals: 3}",
            check,
        );
        let out = pnp().arg("validate").arg(&path).output().unwrap();
        assert!(out.status.success(), "{check}: {}", stderr(&out));
    }
}

#[test]
fn a_malformed_check_on_an_included_component_is_named_in_the_including_file() {
    let dir = temp_dir("rules-include");
    let game = dir.join("g.yaml");
    std::fs::write(
        &game,
        "game: {id: g, name: G, players: [2]}\ninclude: [piecepack]\ncomponents: []\nrules:\n  - {id: r, quote: q, check: {total: tile, equals: [24]}}\n",
    )
    .unwrap();
    let out = pnp().arg("validate").arg(&game).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    // The check is what to mend, and it is in this file, not in the piecepack's.
    assert!(
        err.contains("g.yaml:5:30: rule `r` cannot be checked as written"),
        "{err}"
    );
    assert!(!err.contains("piecepack.yaml"), "{err}");
}
