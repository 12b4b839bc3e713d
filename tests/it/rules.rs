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
        let game = pnp::kinds::load("night-grain").unwrap();
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
        let rule = pnp::kinds::load("night-grain")
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
            "expected: the labels in order as a list after `equals:`",
        ),
        (
            "check: {labels: track, equals: [5, 4, 3, 2, 1]}",
            "check: {labels: track, at_least: 5}",
            "expected: the labels in order as a list after `equals:`",
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

/// A game made to exercise every form of the general rules (issue 45's examples): a doubling
/// cube's faces, number tokens whose pips and colour follow their number, a board of hexes, a
/// record sheet's table, field, track and roster, and a build.
const LAB: &str = r##"game: {id: lab, name: Rules Lab, players: [2, 3, 4]}
components:
  - id: doubling
    name: Doubling cube
    kind: die
    size: 16mm
    die:
      faces:
        - {text: "2"}
        - {text: "4"}
        - {text: "8"}
        - {text: "16"}
        - {text: "32"}
        - {text: "64"}
  - id: number
    name: Number tokens
    kind: token
    shape: round
    size: 20mm
    front: {ink: black}
    variants:
      - {id: n2, tags: {n: "2"}, front: {text: "2", pips: 1}}
      - {id: n3, tags: {n: "3"}, front: {text: "3", pips: 2}}
      - {id: n4, tags: {n: "4"}, front: {text: "4", pips: 3}}
      - {id: n5, tags: {n: "5"}, front: {text: "5", pips: 4}}
      - {id: n6, tags: {n: "6"}, front: {text: "6", pips: 5, ink: "#c0392b"}}
      - {id: n8, tags: {n: "8"}, front: {text: "8", pips: 5, ink: "#c0392b"}}
      - {id: n9, tags: {n: "9"}, front: {text: "9", pips: 4}}
      - {id: n10, tags: {n: "10"}, front: {text: "10", pips: 3}}
      - {id: n11, tags: {n: "11"}, front: {text: "11", pips: 2}}
      - {id: n12, tags: {n: "12"}, front: {text: "12", pips: 1}}
  - id: field
    kind: hex-board
    front: {title: Field}
    hex-board:
      hex: 14mm
      top: flat
      layout: rhombus
      columns: 3
      rows: 4
      styles:
        desert: {fill: "#e8d9a8"}
      marks:
        desert: [b2, c3]
  - id: scorecard
    kind: sheet
    front: {title: Scorecard}
    sheet:
      sections:
        - fields: {items: [{label: Player, value: "{player}"}, {label: Bonus at, value: "63"}]}
        - row:
            sections:
              - table:
                  title: Scores
                  columns: [Category, Points]
                  rows:
                    - [Ones, ""]
                    - [Twos, ""]
                    - [Threes, ""]
                    - [Fours, ""]
                    - [Fives, ""]
                    - [Sixes, ""]
                    - [Three of a kind, ""]
                    - [Four of a kind, ""]
                    - [Full house, ""]
                    - [Small straight, ""]
                    - [Large straight, ""]
                    - [Yacht, ""]
                    - [Chance, ""]
              - column:
                  sections:
                    - roster:
                        title: Crew
                        rows: 12
                        columns:
                          - {label: Member, fill: member, choices: [Scout, Hauler]}
                          - {label: Wounds, boxes_by: {Scout: 1, Hauler: 2}}
                    - track:
                        title: Round
                        spaces: 5
                        labels: ["1", "2", "3", "4", "5"]
rules:
  - id: cube-faces
    quote: The doubling cube shows 2, 4, 8, 16, 32 and 64.
    check: {list: {faces: doubling}, value: text, equals: [2, 4, 8, 16, 32, 64]}
  - id: cube-powers
    quote: Each face of the cube doubles the stake.
    check: {each: {faces: doubling}, value: text, one_of: [2, 4, 8, 16, 32, 64]}
  - id: pips
    quote: The dots under each number show how likely it is to be rolled.
    check: {each: {variants: number}, holds: "front.pips == 6 - abs(7 - n)"}
  - id: red-numbers
    quote: The two most likely numbers, 6 and 8, are printed red.
    check: {each: {variants: number}, where: {n: [6, 8]}, value: front.ink, equals: "#c0392b"}
  - id: black-numbers
    quote: The other numbers are printed black.
    check: {each: {variants: number}, if: "n != 6 and n != 8", value: front.ink, equals: black}
  - id: number-tokens
    quote: Ten number tokens, 2 to 12 without 7.
    check: {count: {variants: number}, equals: 10}
  - id: pip-total
    quote: Thirty dots in all.
    check: {sum: {variants: number}, value: front.pips, equals: 30}
  - id: field-hexes
    quote: The field is three hexes by four.
    check: {count: {spaces: field}, where: {shape: hex}, equals: 12}
  - id: deserts
    quote: Two deserts.
    check: {count: {spaces: field, style: desert}, equals: 2}
  - id: desert-hexes
    quote: Two of the hexes are desert.
    check: {count: {spaces: field}, where: {style: desert, shape: hex}, equals: 2}
  - id: deserts-inland
    quote: No desert lies on the first row.
    check: {each: {spaces: field, style: desert}, holds: "row > 1"}
  - id: token-size
    quote: The number tokens are 20 mm across.
    check: {each: {variants: number}, value: width, equals: 20}
  - id: player-count
    quote: For two to four players.
    check: {players: true, at_least: 2, at_most: 4}
  - id: token-ink
    quote: The tokens are printed in black ink.
    check: {each: {components: all}, where: {kind: token}, value: front.ink, equals: black}
  - id: a-hex-for-each-number
    quote: Each number token lies on its own hex.
    check: {count: {variants: number}, at_most: {count: {spaces: field}}}
  - id: scoring-categories
    quote: The score card has thirteen categories.
    check: {count: {sheet: scorecard, table: Scores}, equals: 13}
  - id: bonus
    quote: A bonus for 63 points or more in the upper section.
    check: {each: {sheet: scorecard, field: Bonus at}, value: value, equals: 63}
  - id: rounds
    quote: Five rounds.
    check: {list: {sheet: scorecard, track: Round}, value: label, equals: [1, 2, 3, 4, 5]}
  - id: wounds
    quote: A Scout dies at the first wound, a Hauler at the second.
    check:
      list: {sheet: scorecard, roster: Crew, column: Wounds}
      value: boxes
      equals: {list: {build: crew}, value: wounds}
  - id: crew-roster
    quote: Write down every member of your crew.
    check: {count: {sheet: scorecard, roster: Crew}, at_least: {build: crew, most: members}}
  - id: crew
    quote: A crew has 10 supplies to spend, and at least as many Scouts as Haulers.
    check:
      build:
        name: crew
        kinds:
          - {name: Scout, plural: scouts, tags: {supplies: 1, wounds: 1}}
          - {name: Hauler, plural: haulers, tags: {supplies: 2, wounds: 2}}
        budget: {supplies: 10}
        require: [{holds: scouts >= haulers}]
        examples: ["4 scouts, 3 haulers"]
"##;

/// Writes `text` with `find` replaced by `replace` (which must occur exactly once).
fn lab(find: &str, replace: &str) -> (PathBuf, String) {
    assert_eq!(LAB.matches(find).count(), 1, "`{find}` must occur once");
    let text = LAB.replacen(find, replace, 1);
    let path = temp_dir("rules-lab").join("lab.yaml");
    std::fs::write(&path, &text).unwrap();
    (path, text)
}

const LAB_CASES: &[Case] = &[
    Case {
        rule: "cube-faces",
        find: "- {text: \"64\"}",
        replace: "- {text: \"63\"}",
        at: "        - {text: \"2\"}",
    },
    Case {
        rule: "cube-powers",
        find: "- {text: \"32\"}",
        replace: "- {text: \"31\"}",
        at: "        - {text: \"2\"}",
    },
    Case {
        rule: "pips",
        find: "front: {text: \"5\", pips: 4}",
        replace: "front: {text: \"5\", pips: 3}",
        at: "      - {id: n5,",
    },
    Case {
        rule: "red-numbers",
        find: "front: {text: \"8\", pips: 5, ink: \"#c0392b\"}",
        replace: "front: {text: \"8\", pips: 5, ink: \"#000000\"}",
        at: "      - {id: n8,",
    },
    Case {
        rule: "black-numbers",
        find: "front: {text: \"4\", pips: 3}",
        replace: "front: {text: \"4\", pips: 3, ink: red}",
        at: "      - {id: n4,",
    },
    Case {
        rule: "number-tokens",
        find: "      - {id: n12, tags: {n: \"12\"}, front: {text: \"12\", pips: 1}}\n",
        replace: "",
        at: "  - id: number",
    },
    Case {
        rule: "pip-total",
        find: "front: {text: \"2\", pips: 1}",
        replace: "front: {text: \"2\", pips: 2}",
        at: "  - id: number",
    },
    Case {
        rule: "field-hexes",
        find: "      columns: 3\n",
        replace: "      columns: 4\n",
        at: "  - id: field",
    },
    Case {
        rule: "deserts",
        find: "desert: [b2, c3]",
        replace: "desert: [b2]",
        at: "  - id: field",
    },
    Case {
        rule: "desert-hexes",
        find: "desert: [b2, c3]",
        replace: "desert: [b2]",
        at: "  - id: field",
    },
    Case {
        rule: "deserts-inland",
        find: "desert: [b2, c3]",
        replace: "desert: [b1, c3]",
        at: "  - id: field",
    },
    Case {
        rule: "token-size",
        find: "    size: 20mm\n    front: {ink: black}",
        replace: "    size: 22mm\n    front: {ink: black}",
        at: "      - {id: n2,",
    },
    Case {
        rule: "player-count",
        find: "players: [2, 3, 4]}",
        replace: "players: [2, 3, 4, 5]}",
        at: "game: {id: lab",
    },
    Case {
        rule: "token-ink",
        find: "front: {ink: black}",
        replace: "front: {ink: \"#1f3a93\"}",
        at: "  - id: number",
    },
    Case {
        rule: "a-hex-for-each-number",
        find: "      rows: 4\n",
        replace: "      rows: 3\n",
        at: "  - id: number",
    },
    Case {
        rule: "scoring-categories",
        find: "                    - [Chance, \"\"]\n",
        replace: "",
        at: "  - id: scorecard",
    },
    Case {
        rule: "bonus",
        find: "value: \"63\"",
        replace: "value: \"62\"",
        at: "  - id: scorecard",
    },
    Case {
        rule: "rounds",
        find: "labels: [\"1\", \"2\", \"3\", \"4\", \"5\"]",
        replace: "labels: [\"1\", \"2\", \"3\", \"5\", \"4\"]",
        at: "                        spaces: 5",
    },
    Case {
        rule: "wounds",
        find: "boxes_by: {Scout: 1, Hauler: 2}",
        replace: "boxes_by: {Scout: 1, Hauler: 3}",
        at: "                          - {label: Wounds,",
    },
    Case {
        rule: "crew-roster",
        find: "rows: 12",
        replace: "rows: 8",
        at: "                        rows: 8",
    },
    Case {
        rule: "crew",
        find: "examples: [\"4 scouts, 3 haulers\"]",
        replace: "examples: [\"3 scouts, 4 haulers\"]",
        at: "        examples:",
    },
];

#[test]
fn each_general_rule_form_fails_on_a_mutated_game_at_its_line() {
    let path = temp_dir("rules-lab").join("lab.yaml");
    std::fs::write(&path, LAB).unwrap();
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("21 rules hold"), "{}", stdout(&out));
    // Every rule of the lab has a case here.
    let game = pnp::kinds::load(path.to_str().unwrap()).unwrap();
    for r in &game.spec.rules {
        assert!(
            LAB_CASES.iter().any(|c| c.rule == r.id.value),
            "no breaking case for rule {}",
            r.id.value
        );
    }
    for case in LAB_CASES {
        let (path, text) = lab(case.find, case.replace);
        let out = pnp().arg("validate").arg(&path).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{}: must fail", case.rule);
        let err = stderr(&out);
        let header = err
            .lines()
            .find(|l| l.ends_with(&format!("rule `{}` fails", case.rule)))
            .unwrap_or_else(|| panic!("rule {} not reported:\n{err}", case.rule));
        let want = format!("{}:{}:", path.display(), line_of(&text, case.at));
        assert!(
            header.starts_with(&want),
            "{}: expected location {want}, got {header}\n{err}",
            case.rule
        );
        let quote = &game
            .spec
            .rules
            .iter()
            .find(|r| r.id.value == case.rule)
            .unwrap()
            .quote;
        assert!(err.contains(quote.as_str()), "{}: quote missing", case.rule);
    }
}

#[test]
fn a_general_rule_written_wrong_is_located_at_its_mistake() {
    // (find, replace, the text the location must point at, what the message says)
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "holds: \"front.pips == 6 - abs(7 - n)\"",
            "holds: \"front.pips = 6 - abs(7 - n)\"",
            "= 6 - abs",
            "`=` alone compares nothing here: write `==`",
        ),
        (
            "value: front.ink, equals: \"#c0392b\"",
            "value: front.inc, equals: \"#c0392b\"",
            "front.inc",
            "no property `front.inc`: the variants of `number` have",
        ),
        (
            "value: front.ink, equals: \"#c0392b\"",
            "value: front.ink, equals: \"#c0392b\", holds: \"n > 1\"",
            "{each: {variants: number}, where",
            "`value:` with an expectation, or `holds:`, not both",
        ),
        (
            "{count: {spaces: field, style: desert}",
            "{count: {spaces: field, style: desrt}",
            "desrt",
            "board `field` has no style `desrt`",
        ),
        (
            "{count: {sheet: scorecard, table: Scores}",
            "{count: {sheet: scorecard, table: Score}",
            "Score}",
            "no table titled `Score` on `scorecard` (its tables: `Scores`; did you mean `Scores`?)",
        ),
        (
            "{count: {variants: number}, equals: 10}",
            "{count: {variants: number, faces: doubling}, equals: 10}",
            "{variants: number, faces",
            "2 sources (variants, faces): a selector has exactly one of",
        ),
        (
            "where: {style: desert, shape: hex}",
            "where: {style: desrt, shape: hex}",
            "{count: {spaces: field}, where: {style: desrt",
            "none of the hexes of `field` has `style: desrt`; did you mean `desert`?",
        ),
        (
            "{count: {spaces: field, style: desert}",
            "{count: {spaces: track, style: desert}",
            "track, style",
            "no component `track`",
        ),
        (
            "{count: {spaces: field, style: desert}",
            "{count: {spaces: scorecard, style: desert}",
            "scorecard, style",
            "`scorecard` is not a board or a track: `spaces:` reads a board's squares, hexes or points, a track's spaces",
        ),
        (
            "{each: {components: all}",
            "{each: {components: every}",
            "every}",
            "`components: every`: expected `components: all`",
        ),
        (
            "where: {n: [6, 8]}",
            "where: {m: [6, 8]}",
            "{each: {variants: number}, where: {m",
            "`where:` names `m`, which the variants of `number` do not have",
        ),
        (
            "equals: {list: {build: crew}, value: wounds}",
            "equals: {list: {build: crews}, value: wounds}",
            "crews",
            "no rule `crews` defines a build (rules with `build:`: `crew`)",
        ),
        (
            "at_least: {build: crew, most: members}",
            "at_least: {build: crew, most: \"members $ 1\"}",
            "$ 1",
            "expected a property, a number, an operator or a parenthesis, found `$`",
        ),
        (
            "require: [{holds: scouts >= haulers}]",
            "require: [{holds: scouts >= hauler}]",
            "hauler}",
            "`hauler` is neither a kind's plural, `members`, nor a tag",
        ),
    ];
    for (find, replace, at, says) in cases {
        let (path, text) = lab(find, replace);
        let out = pnp().arg("validate").arg(&path).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{replace}");
        let err = stderr(&out);
        assert!(err.contains(says), "{replace}: {err}");
        let line = line_of(&text, at);
        let column = text.lines().nth(line - 1).unwrap().find(at).unwrap() + 1;
        let place = format!("{}:{line}:{column}: rule `", path.display());
        assert!(
            err.lines()
                .any(|l| l.starts_with(&place) && l.ends_with("cannot be checked as written")),
            "{replace}: expected {place}… in\n{err}"
        );
    }
}

#[test]
fn a_failure_says_which_items_fail_and_what_they_read() {
    let (path, _) = lab(
        "front: {text: \"5\", pips: 4}",
        "front: {text: \"5\", pips: 3}",
    );
    let err = stderr(&pnp().arg("validate").arg(&path).output().unwrap());
    assert!(
        err.contains("expected: each of the variants of `number`: front.pips == 6 - abs(7 - n)"),
        "{err}"
    );
    assert!(
        err.contains("found:    n5 (front.pips = 3, n = 5)"),
        "{err}"
    );
    let (path, _) = lab("boxes_by: {Scout: 1, Hauler: 2}", "boxes: 1");
    let err = stderr(&pnp().arg("validate").arg(&path).output().unwrap());
    assert!(
        err.contains("expected: Scout 1, Hauler 2 (`wounds` of each of the kinds of `crew`)"),
        "{err}"
    );
    assert!(
        err.contains("found:    Scout 1, Hauler 1 (`boxes` of each"),
        "{err}"
    );
    // The most members of a legal crew: ten Scouts, found by trying every crew within budget.
    let (path, _) = lab("rows: 12", "rows: 9");
    let err = stderr(&pnp().arg("validate").arg(&path).output().unwrap());
    assert!(
        err.contains("expected: at least 10 (the most `members` of a legal crew: 10 scouts, 0 haulers (10 supplies))"),
        "{err}"
    );
}

/// A deck of 20,000 cards from a data file (the most pieces a game may have), checked by
/// each general form: bounded work per card, so it stays fast.
#[test]
fn rules_over_twenty_thousand_cards_stay_fast() {
    let dir = temp_dir("rules-many");
    let mut csv = String::from("id,n,suit\n");
    for i in 0..20_000 {
        csv.push_str(&format!(
            "c{i},{},{}\n",
            i % 13 + 1,
            ["a", "b", "c", "d"][i % 4]
        ));
    }
    std::fs::write(dir.join("cards.csv"), csv).unwrap();
    let game = r#"game: {id: many, name: Many, players: [2]}
components:
  - id: card
    kind: card
    size: 63mm x 88mm
    data: cards.csv
    front: {title: "{row.n}", label: "{row.suit}"}
rules:
  - {id: all, quote: q, check: {count: {variants: card}, equals: 20000}}
  - {id: suits, quote: q, check: {count: {variants: card}, where: {suit: [a, b]}, equals: 10000}}
  - {id: ranks, quote: q, check: {each: {variants: card}, holds: "n >= 1 and n <= 13 and abs(7 - n) <= 6"}}
  - {id: titles, quote: q, check: {each: {variants: card}, if: "n == 13", value: front.title, equals: 13}}
  - {id: total, quote: q, check: {sum: {variants: card}, value: n, at_least: 1}}
  - {id: keyed, quote: q, check: {list: {variants: card}, value: n, equals: {list: {variants: card}, value: "n * 1"}}}
  - {id: broken, quote: q, check: {each: {variants: card}, value: front.label, one_of: [a, b, c]}}
"#;
    let path = dir.join("many.yaml");
    std::fs::write(&path, game).unwrap();
    let started = std::time::Instant::now();
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    let took = started.elapsed();
    let err = stderr(&out);
    // Only `broken` fails: a quarter of the cards are of suit d; five are named, the rest counted.
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("1 rule of the game does not hold"), "{err}");
    assert!(err.contains("rule `broken` fails"), "{err}");
    assert!(err.contains("(and 4995 more)"), "{err}");
    // A debug build on a busy machine: quadratic work (4e8 steps) would take minutes.
    assert!(took.as_secs() < 30, "validating 20,000 cards took {took:?}");
}

/// Every rule of The Beast, each broken in turn (its family, sheet and starvation rules were Rust
/// before they were YAML): the failure names the rule, quotes it, and points at the line to fix.
const THE_BEAST: &[Case] = &[
    Case {
        rule: "player-counts",
        find: "players: [2, 3, 4, 5]",
        replace: "players: [2, 3, 4]",
        at: "  players:",
    },
    Case {
        rule: "action-deck-pack",
        find: "      - {id: joker-black, tags: {suit: joker, rank: black, court: \"no\", colour: black}, front: {label: \"Value 10\"}}\n",
        replace: "",
        at: "  - id: action-deck",
    },
    Case {
        rule: "action-deck-jokers",
        find: "      - {id: joker-black, tags: {suit: joker, rank: black, court: \"no\", colour: black}, front: {label: \"Value 10\"}}\n",
        replace: "",
        at: "      - {id: joker-red, tags: {suit: joker, rank: red, court: \"no\", colour: red}, front: {label: \"Value 10\"}}",
    },
    Case {
        rule: "action-deck-courts",
        find: "{id: hearts-j, tags: {suit: hearts, rank: \"j\", court: \"yes\", colour: red}, front: {label: \"Value 10\"}}",
        replace: "{id: hearts-j, tags: {suit: hearts, rank: \"j\", court: \"no\", colour: red}, front: {label: \"Value 10\"}}",
        at: "      - {id: hearts-q, tags: {suit: hearts, rank: \"q\", court: \"yes\", colour: red}, front: {label: \"Value 10\"}}",
    },
    Case {
        rule: "day-deck-no-courts",
        find: "{id: hearts-10, tags: {suit: hearts, rank: \"10\", court: \"no\", colour: red}}",
        replace: "{id: hearts-10, tags: {suit: hearts, rank: \"10\", court: \"yes\", colour: red}}",
        at: "      - {id: hearts-10, tags: {suit: hearts, rank: \"10\", court: \"yes\", colour: red}}",
    },
    Case {
        rule: "day-deck-pack",
        find: "      - {id: spades-10, tags: {suit: spades, rank: \"10\", court: \"no\", colour: black}}\n",
        replace: "",
        at: "  - id: day-deck",
    },
    Case {
        rule: "day-deck-courts-apart",
        find: "      - {id: spades-k, tags: {suit: spades, rank: \"k\", court: \"yes\", colour: black}}\n",
        replace: "",
        at: "  - id: day-court",
    },
    Case {
        rule: "five-activities",
        find: "      - id: call-help\n",
        replace: "      - id: call-help\n        copies: 0\n",
        at: "  - id: activity",
    },
    Case {
        rule: "activity-set-per-player",
        find: "    copies: 5\n",
        replace: "    copies: 4\n",
        at: "  - id: activity",
    },
    Case {
        rule: "food-start",
        find: "{label: Food at the start, value: \"6\"",
        replace: "{label: Food at the start, value: \"5\"",
        at: "  - id: family-sheet",
    },
    Case {
        rule: "turn-record-longest-game",
        find: "rows: 41",
        replace: "rows: 40",
        at: "rows: 40",
    },
    Case {
        rule: "starvation-boxes",
        find: "boxes_by: {Child: 1, Adult: 3, Old: 1}",
        replace: "boxes_by: {Child: 1, Adult: 2, Old: 1}",
        at: "{label: Starvation,",
    },
    Case {
        rule: "family-building",
        find: "examples: [\"4 children, 2 adults, 4 old\"]",
        replace: "examples: [\"4 children, 2 adults, 5 old\"]",
        at: "        examples:",
    },
    Case {
        rule: "roster-holds-any-family",
        find: "rows: 20",
        replace: "rows: 19",
        at: "rows: 19",
    },
];

#[test]
fn each_of_the_beasts_rules_is_enforced_and_located() {
    let rules = pnp::kinds::load("the-beast").unwrap().spec.rules;
    for r in &rules {
        assert!(
            THE_BEAST.iter().any(|c| c.rule == r.id.value),
            "no breaking case for rule {}",
            r.id.value
        );
    }
    for case in THE_BEAST {
        let (path, text) = broken("the-beast", case.find, case.replace);
        let out = pnp().arg("validate").arg(&path).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{}: must fail", case.rule);
        let err = stderr(&out);
        let header = err
            .lines()
            .find(|l| l.ends_with(&format!("rule `{}` fails", case.rule)))
            .unwrap_or_else(|| panic!("rule {} not reported:\n{err}", case.rule));
        let want = format!("{}:{}:", path.display(), line_of(&text, case.at));
        assert!(
            header.starts_with(&want),
            "{}: expected location {want}, got {header}\n{err}",
            case.rule
        );
        let quote = &rules
            .iter()
            .find(|r| r.id.value == case.rule)
            .unwrap()
            .quote;
        assert!(err.contains(quote.as_str()), "{}: quote missing", case.rule);
    }
    // The family rule's own words for what is wrong, as `pnp sheets --family` says them.
    let (path, _) = broken(
        "the-beast",
        "examples: [\"4 children, 2 adults, 4 old\"]",
        "examples: [\"1 child, 5 adults, 4 old\"]",
    );
    let err = stderr(&pnp().arg("validate").arg(&path).output().unwrap());
    assert!(
        err.contains("found:    1 children, 5 adults, 4 old (17 points): 5 Children and Old are fewer than twice its 5 Adults (at least 10 needed)"),
        "{err}"
    );
}

/// docs/rules.md's examples of the general forms are rules of the lab game above: they hold.
#[test]
fn the_examples_of_docs_rules_md_hold() {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules.md")).unwrap();
    let examples = doc
        .split("## Any property of any item")
        .nth(1)
        .and_then(|rest| rest.split("```yaml\n").nth(1))
        .and_then(|block| block.split("```").next())
        .expect("docs/rules.md shows the general forms in a YAML block");
    let components = LAB.split("rules:\n").next().unwrap();
    let path = temp_dir("rules-doc").join("lab.yaml");
    std::fs::write(&path, format!("{components}rules:\n{examples}")).unwrap();
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("11 rules hold"), "{}", stdout(&out));
}

#[test]
fn players_may_be_bounded_and_every_count_meets_the_bound() {
    let game = |players: &str| {
        format!(
            "game: {{id: p, name: P, players: {players}}}\ncomponents:\n  - id: t\n    kind: token\n    size: 20mm\nrules:\n  - id: two-to-four\n    quote: For two to four players.\n    check: {{players: true, at_least: 2, at_most: 4}}\n"
        )
    };
    let path = temp_dir("rules-players").join("p.yaml");
    std::fs::write(&path, game("[2, 3, 4]")).unwrap();
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::write(&path, game("[1, 2, 3, 4, 5]")).unwrap();
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    // At the game's `players:`, with what is wrong in it.
    assert!(
        err.contains(&format!(
            "{}:1:33: rule `two-to-four` fails",
            path.display()
        )),
        "{err}"
    );
    assert!(
        err.contains("expected: every player count at least 2 and at most 4"),
        "{err}"
    );
    assert!(
        err.contains("found:    1, 2, 3, 4, 5 players (1, 5 not at least 2 and at most 4)"),
        "{err}"
    );
}

#[test]
fn a_track_s_spaces_are_items_too_each_failure_at_its_space() {
    // Night Grain's track: five levels, the first and last with a hint printed inside.
    let checks = [
        "check: {list: {spaces: track}, value: label, equals: [5, 4, 3, 2, 1]}",
        "check: {count: {spaces: track}, if: \"hint != ''\", equals: 2}",
        "check: {each: {spaces: track}, holds: \"label == 6 - n\"}",
    ];
    let original = "check: {labels: track, equals: [5, 4, 3, 2, 1]}";
    for check in checks {
        let (path, _) = broken("night-grain", original, check);
        let out = pnp().arg("validate").arg(&path).output().unwrap();
        assert!(out.status.success(), "{check}: {}", stderr(&out));
    }
    // A level numbered wrong fails `each`, at that space's line.
    let text = shipped("night-grain").replacen(original, checks[2], 1);
    let text = text.replacen("        - {label: \"3\"}", "        - {label: \"7\"}", 1);
    let path = temp_dir("rules-track").join("night-grain.yaml");
    std::fs::write(&path, &text).unwrap();
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    let line = line_of(&text, "- {label: \"7\"}");
    assert!(
        err.contains(&format!(
            "night-grain.yaml:{line}:11: rule `track-boxes` fails"
        )),
        "{err}"
    );
    assert!(
        err.contains("found:    space 3 (label = 7, n = 3)"),
        "{err}"
    );
    assert!(
        err.contains("the rules say (Components): “the Track of Persephone, divided into five numbered levels”"),
        "{err}"
    );
    // A track marks no spaces in styles.
    let (path, _) = broken(
        "night-grain",
        original,
        "check: {count: {spaces: track, style: gold}, equals: 1}",
    );
    let err = stderr(&pnp().arg("validate").arg(&path).output().unwrap());
    assert!(
        err.contains("track `track` has no style `gold`: a track marks no spaces in styles"),
        "{err}"
    );
}

#[test]
fn a_rule_naming_a_style_a_board_does_not_have_says_so_at_the_style() {
    // A board without styles of its own still knows `star` (the marks it draws).
    let text = "game: {id: g, name: G, players: [2]}\ncomponents:\n  - id: board\n    kind: board\n    board: {squares: 3, square: 20mm}\nrules:\n  - {id: gold, quote: \"Three squares are gold.\", check: {marked: board, style: gold, equals: 3}}\n";
    let path = temp_dir("rules-board-no-styles").join("g.yaml");
    std::fs::write(&path, text).unwrap();
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    let column = text.lines().nth(6).unwrap().find("gold, equals").unwrap() + 1;
    assert!(err.contains(&format!("g.yaml:7:{column}:")), "{err}");
    assert!(
        err.contains("board `board` has no style `gold`: expected one of `star`"),
        "{err}"
    );
}
