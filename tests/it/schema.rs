//! Issue 10: `pnp schema` prints the JSON Schema of the game YAML. The committed
//! docs/pnp.schema.json is that output; every shipped game, the README walkthrough and a `pnp new`
//! scaffold validate against it; documents the loader refuses for their shape are refused too.
use crate::common::*;
use serde_json::Value;

const COMMITTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/pnp.schema.json");

fn schema() -> Value {
    pnp::commands::schema::schema()
}

fn validator() -> jsonschema::Validator {
    jsonschema::validator_for(&schema()).expect("the schema compiles")
}

/// The YAML as the JSON an editor's language server checks.
fn json_of(yaml: &str) -> Value {
    serde_saphyr::from_str::<Value>(yaml).unwrap_or_else(|e| panic!("YAML: {e}\n{yaml}"))
}

/// Every schema error, one per line, with where in the document it is.
fn errors(v: &jsonschema::Validator, yaml: &str) -> String {
    let doc = json_of(yaml);
    v.iter_errors(&doc)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn loads(yaml: &str) -> bool {
    pnp::kinds::from_bytes("t.yaml", yaml.as_bytes().to_vec(), None).is_ok()
}

#[test]
fn the_committed_schema_is_what_pnp_schema_prints() {
    let out = run(&["schema"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let printed = stdout(&out);
    assert_eq!(printed, pnp::commands::schema::schema_text());
    let committed = std::fs::read_to_string(COMMITTED).unwrap_or_default();
    assert!(
        committed == printed,
        "docs/pnp.schema.json is stale: regenerate it with `cargo run -- schema --out docs/pnp.schema.json`"
    );
    // A draft-07 schema that is itself valid draft-07.
    let value: Value = serde_json::from_str(&printed).unwrap();
    assert_eq!(value["$schema"], "http://json-schema.org/draft-07/schema#");
    assert!(jsonschema::meta::is_valid(&value));
}

#[test]
fn schema_out_writes_the_file_atomically() {
    let dir = temp_dir("schema-out");
    let path = dir.join("sub").join("pnp.schema.json");
    let out = pnp().args(["schema", "--out"]).arg(&path).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        pnp::commands::schema::schema_text()
    );
    assert_eq!(
        files(&dir.join("sub")),
        ["pnp.schema.json"],
        "no temporaries left"
    );
    // A file in the way of the folder: a clear error, exit 1, nothing written.
    let blocked = dir.join("file");
    std::fs::write(&blocked, "x").unwrap();
    let out = pnp()
        .args(["schema", "--out"])
        .arg(blocked.join("pnp.schema.json"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("file"), "{}", stderr(&out));
}

#[test]
fn schema_help_shows_an_example() {
    let out = run(&["schema", "--help"]);
    assert!(out.status.success());
    let help = stdout(&out);
    assert!(help.contains("pnp schema --out pnp.schema.json"), "{help}");
    assert!(help.contains("# yaml-language-server: $schema="), "{help}");
}

#[test]
fn every_shipped_game_validates_and_points_at_the_committed_schema() {
    let v = validator();
    for id in pnp::base::assets::game_ids() {
        let text = String::from_utf8(pnp::base::assets::game(id).unwrap().to_vec()).unwrap();
        assert_eq!(
            text.lines().next(),
            Some("# yaml-language-server: $schema=../docs/pnp.schema.json"),
            "data/{id}.yaml must start with the modeline"
        );
        let errs = errors(&v, &text);
        assert!(errs.is_empty(), "data/{id}.yaml:\n{errs}");
    }
    // The modeline's path is true: from data/ it reaches the committed schema.
    let target = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join("../docs/pnp.schema.json");
    assert!(target.is_file());
}

#[test]
fn the_readme_walkthrough_and_a_new_game_validate() {
    let v = validator();
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let yaml = readme
        .split("<!-- walkthrough -->")
        .nth(1)
        .and_then(|after| after.split("```yaml\n").nth(1))
        .and_then(|b| b.split("```").next())
        .expect("the README's walkthrough YAML");
    let errs = errors(&v, yaml);
    assert!(errs.is_empty(), "README walkthrough:\n{errs}");

    let (_, text) = pnp::commands::scaffold::new_game("Space Goats");
    assert_eq!(
        text.lines().next(),
        Some("# yaml-language-server: $schema=pnp.schema.json")
    );
    assert!(text.contains("pnp schema --out pnp.schema.json"));
    let errs = errors(&v, &text);
    assert!(errs.is_empty(), "pnp new:\n{errs}");
}

/// A small valid game; `{}` is replaced by one line of the component's front.
const GAME: &str = "game: {id: g, name: G, players: [2]}
components:
  - id: disc
    kind: token
    size: 20mm
    copies: 3
    front: {}
";

fn with_front(front: &str) -> String {
    GAME.replace("{}", front)
}

/// The places (JSON pointers) the schema finds fault with.
fn error_paths(v: &jsonschema::Validator, yaml: &str) -> Vec<String> {
    let doc = json_of(yaml);
    v.iter_errors(&doc)
        .map(|e| e.instance_path().to_string())
        .collect()
}

const SHEET: &str = "kind: sheet\n    size: 210mm x 297mm\n    sheet: {sections: [{table: {columns: [a], rows: []}}]}";
const RULE: &str = "rules:\n  - id: r\n    quote: q\n    check: {players: true, equals: [2]}\n";

#[test]
fn mistakes_the_loader_refuses_the_schema_refuses_at_their_place() {
    let v = validator();
    let good = with_front("{label: A, ink: \"#123\", background: White, text: 5}");
    let sheet = GAME.replace("kind: token\n    size: 20mm", SHEET);
    let rule = format!("{GAME}{RULE}");
    for base in [&good, &sheet, &rule] {
        assert!(loads(base), "the base document loads:\n{base}");
        assert_eq!(errors(&v, base), "", "{base}");
    }
    let front = "/components/0/front";
    let cases: &[(&str, String, &str)] = &[
        ("unknown key in a face", with_front("{colour: red}"), front),
        (
            "unknown key in a component",
            GAME.replace("copies: 3", "colour: red"),
            "/components/0",
        ),
        ("unknown top-level key", format!("{GAME}extra: 1\n"), ""),
        (
            "wrong kind",
            GAME.replace("kind: token", "kind: coin"),
            "/components/0/kind",
        ),
        (
            "text where a number is needed",
            GAME.replace("copies: 3", "copies: three"),
            "/components/0/copies",
        ),
        (
            "fraction where a whole number is needed",
            GAME.replace("copies: 3", "copies: 2.5"),
            "/components/0/copies",
        ),
        (
            "negative count",
            GAME.replace("copies: 3", "copies: -1"),
            "/components/0/copies",
        ),
        (
            "not a length",
            GAME.replace("size: 20mm", "size: twenty"),
            "/components/0/size",
        ),
        (
            "no size by that name",
            GAME.replace("size: 20mm", "size: pokr"),
            "/components/0/size",
        ),
        (
            "unknown unit",
            GAME.replace("size: 20mm", "size: 2 furlongs"),
            "/components/0/size",
        ),
        (
            "zero length",
            GAME.replace("size: 20mm", "size: 0mm"),
            "/components/0/size",
        ),
        (
            "three lengths",
            GAME.replace("size: 20mm", "size: [1, 2, 3]"),
            "/components/0/size",
        ),
        (
            "not a colour",
            with_front("{ink: \"#12345\"}"),
            "/components/0/front/ink",
        ),
        (
            "colour name unknown",
            with_front("{ink: purple}"),
            "/components/0/front/ink",
        ),
        (
            "unknown frame",
            with_front("{frame: wavy}"),
            "/components/0/front/frame",
        ),
        (
            "missing id",
            GAME.replace("  - id: disc\n    kind", "  - kind"),
            "/components/0",
        ),
        (
            "unsafe id",
            GAME.replace("id: disc", "id: My Disc"),
            "/components/0/id",
        ),
        (
            "game without players",
            GAME.replace(", players: [2]", ""),
            "/game",
        ),
        (
            "unknown rule subject",
            rule.replace("players: true", "tally: disc"),
            "/rules/0/check",
        ),
        (
            "a misspelt selector key",
            rule.replace("players: true", "count: {variant: disc}"),
            "/rules/0/check/count",
        ),
        (
            "a misspelt key of a computed value",
            rule.replace(
                "players: true, equals: [2]",
                "total: disc, at_least: {cuont: {variants: disc}}",
            ),
            "/rules/0/check/at_least",
        ),
        (
            "a fraction in a list of `equals:`",
            rule.replace("equals: [2]", "equals: [2.5]"),
            "/rules/0/check/equals",
        ),
        (
            "unknown sheet section",
            sheet.replace("{table:", "{tabel:"),
            "/components/0/sheet/sections/0",
        ),
        (
            "a number as a sheet column",
            sheet.replace("columns: [a]", "columns: [5]"),
            "/components/0/sheet/sections/0",
        ),
        (
            "die with five faces",
            GAME.replace(
                "kind: token",
                "kind: die\n    die: {faces: [{}, {}, {}, {}, {}]}",
            ),
            "/components/0/die/faces",
        ),
        (
            "die with seven faces",
            GAME.replace(
                "kind: token",
                "kind: die\n    die: {faces: [{}, {}, {}, {}, {}, {}, {}]}",
            ),
            "/components/0/die/faces",
        ),
    ];
    for (what, yaml, at) in cases {
        assert!(!loads(yaml), "{what}: the loader must refuse it:\n{yaml}");
        let paths = error_paths(&v, yaml);
        assert!(
            paths.iter().any(|p| p == at),
            "{what}: the schema must refuse it at `{at}`, found {paths:?}:\n{yaml}"
        );
    }
}

#[test]
fn values_the_loader_reads_the_schema_accepts() {
    let v = validator();
    let cases: &[(&str, String)] = &[
        ("sizes in every unit", GAME.replace("size: 20mm", "size: 0.75in x 54pt")),
        ("size without spaces", GAME.replace("size: 20mm", "size: 63.5x88mm")),
        ("size with ×", GAME.replace("size: 20mm", "size: 63mm × 88mm")),
        ("size as a list", GAME.replace("size: 20mm", "size: [2.5in, \"3.5 cm\"]")),
        ("size as a number", GAME.replace("size: 20mm", "size: 19.5")),
        ("a length like .5in", GAME.replace("size: 20mm", "size: .5in")),
        ("a size by name", GAME.replace("size: 20mm", "size: poker")),
        ("a size by name as the loader reads it", GAME.replace("size: 20mm", "size: Mini Euro")),
        ("numbers and booleans as text", with_front("{title: 7, label: true, lines: [1, 2.5], table: [[1, x]]}")),
        ("colour names in any case, short hex, none", with_front("{ink: BLACK, background: \"#AbC\", border: none}")),
        ("a numeric id", GAME.replace("id: disc", "id: 7")),
        ("labels and numbers in `equals:`", format!("{GAME}{RULE}").replace("equals: [2]", "equals: [Two, 2]")),
        ("a number for `equals:`", format!("{GAME}{RULE}").replace("players: true, equals: [2]", "total: disc, equals: 3")),
        ("a selector, a condition and a filter", format!("{GAME}{RULE}").replace(
            "players: true, equals: [2]",
            "each: {variants: disc}, where: {id: [disc, 7]}, if: \"copies > 0\", holds: \"copies == 3\"",
        )),
        ("values computed from the game", format!("{GAME}{RULE}").replace(
            "players: true, equals: [2]",
            "list: {variants: disc}, value: copies, equals: {list: {variants: disc}, value: \"copies * 1\"}, at_least: {count: {variants: disc}}",
        )),
        ("a build", format!("{GAME}{RULE}").replace(
            "{players: true, equals: [2]}",
            "{build: {name: team, kinds: [{name: Disc, plural: discs, tags: {cost: 1}}], budget: {cost: 3}, require: [{holds: discs >= 1, says: \"{discs} discs\"}], examples: [\"2 discs\"]}}",
        )),
        ("an id of 64 characters", GAME.replace("id: disc", &format!("id: {}", "a".repeat(64)))),
        ("a sheet with a table", GAME.replace(
            "kind: token\n    size: 20mm",
            "kind: sheet\n    size: 210mm x 297mm\n    sheet: {sections: [{table: {columns: [a], rows: []}}]}",
        )),
        ("a die with six faces", GAME.replace(
            "kind: token",
            "kind: die\n    die: {faces: [{}, {}, {}, {}, {}, {}]}",
        )),
        ("a die with twenty faces", GAME.replace(
            "kind: token",
            &format!("kind: die\n    die: {{faces: [{}]}}", ["{}"; 20].join(", ")),
        )),
    ];
    for (what, yaml) in cases {
        assert!(loads(yaml), "{what}: the loader reads it:\n{yaml}");
        let errs = errors(&v, yaml);
        assert!(
            errs.is_empty(),
            "{what}: the schema must accept it:\n{errs}\n{yaml}"
        );
    }
}

#[test]
fn ids_follow_the_loaders_rule_exactly() {
    let v = validator();
    for id in [
        "a",
        "night-grain",
        "t_2",
        "9lives",
        "-a",
        "_a",
        "Disc",
        "a.b",
        "é",
        "a/b",
    ] {
        let yaml = GAME.replace("id: disc", &format!("id: \"{id}\""));
        assert_eq!(
            errors(&v, &yaml).is_empty(),
            loads(&yaml),
            "schema and loader disagree about id `{id}`"
        );
    }
    let long = GAME.replace("id: disc", &format!("id: {}", "a".repeat(65)));
    assert!(!loads(&long) && !errors(&v, &long).is_empty());
}
