//! Issue 39, "located and truthful" and the rest: an included game draws with its own symbols,
//! noncharacters are refused where text is read, a symbol keeps its size whatever its viewBox,
//! YAML limits are said in words with their real values, pieces without copies get no image, and
//! `pnp new` refuses a name its game could not print.
use crate::common::*;
use std::path::Path;

/// A 40 × 40 mm token drawn with symbol `name` in a solid ink, in `dir/game.yaml`.
const TOKEN: &str = r##"
game: {id: GAME, name: Token, players: [2]}
components:
  - id: chit
    kind: token
    shape: square
    size: 40mm
    front: {symbol: SYMBOL, ink: "#000000", background: "#ffffff"}
"##;

fn token(id: &str, symbol: &str) -> String {
    TOKEN.replace("GAME", id).replace("SYMBOL", symbol)
}

/// Bounding box, in pixels, of the red pixels of an RGBA PNG (the symbol; the token's border
/// is in its black ink): (width, height).
fn red_extent(png: &Path) -> (u32, u32) {
    let (w, _, _) = png_info(png);
    let px = png_rgba(png);
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (i, p) in px.chunks(4).enumerate() {
        if p[3] > 128 && p[0] > 192 && p[1] < 64 && p[2] < 64 {
            let (x, y) = (i as u32 % w, i as u32 / w);
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
    match x0 {
        u32::MAX => (0, 0),
        _ => (x1 - x0 + 1, y1 - y0 + 1),
    }
}

#[test]
fn an_included_game_draws_with_its_own_symbols() {
    let dir = temp_dir("include-symbols");
    let lib = dir.join("lib");
    std::fs::create_dir_all(lib.join("symbols")).unwrap();
    std::fs::write(
        lib.join("symbols/blot.svg"),
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#ff0000"/></svg>"##,
    )
    .unwrap();
    std::fs::write(lib.join("base.yaml"), token("base", "blot")).unwrap();
    let game = dir.join("game.yaml");
    std::fs::write(
        &game,
        "game: {id: outer, name: Outer, players: [2]}\ninclude: [lib/base.yaml]\ncomponents: []\n",
    )
    .unwrap();
    // The included game builds alone, and included too.
    for yaml in [lib.join("base.yaml"), game] {
        let out_dir = temp_dir("include-symbols-out");
        let out = pnp()
            .arg("build")
            .arg(&yaml)
            .arg("--out")
            .arg(&out_dir)
            .args(["--dpi", "100"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{yaml:?}: {}", stderr(&out));
        // The blot fills the symbol's box: a red square some 10 mm and more across.
        let (w, h) = red_extent(&out_dir.join("png/chit-front.png"));
        assert!(w > 40 && w == h, "{yaml:?}: the blot is {w} × {h} px");
    }
}

#[test]
fn a_symbol_with_a_huge_view_box_is_drawn_at_the_size_of_a_small_one() {
    // The same half-height bar in a viewBox of 80 and of 80,000,000 units: once scaled to the
    // symbol's box they are one drawing (the scale was rounded to three decimals: 0 here).
    let mut sizes = Vec::new();
    for units in [80u64, 80_000, 80_000_000] {
        let dir = temp_dir("huge-view-box");
        std::fs::create_dir_all(dir.join("symbols")).unwrap();
        let half = units / 2;
        std::fs::write(
            dir.join("symbols/bar.svg"),
            format!(
                r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {units} {units}"><rect y="{q}" width="{units}" height="{half}" fill="#ff0000"/></svg>"##,
                q = units / 4
            ),
        )
        .unwrap();
        let yaml = dir.join("game.yaml");
        std::fs::write(&yaml, token("bar", "bar")).unwrap();
        let out_dir = dir.join("out");
        let out = pnp()
            .arg("build")
            .arg(&yaml)
            .arg("--out")
            .arg(&out_dir)
            .args(["--dpi", "150"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        sizes.push(red_extent(&out_dir.join("png/chit-front.png")));
    }
    let (w, h) = sizes[0];
    assert!(
        w > 50 && (w as f64 / h as f64 - 2.0).abs() < 0.05,
        "{sizes:?}"
    );
    for (sw, sh) in &sizes[1..] {
        assert!(sw.abs_diff(w) <= 1 && sh.abs_diff(h) <= 1, "{sizes:?}");
    }
}

#[test]
fn a_noncharacter_in_a_csv_cell_is_refused_at_the_cell() {
    let dir = temp_dir("nonchar-csv");
    std::fs::write(
        dir.join("game.yaml"),
        "game: {id: rows, name: Rows, players: [2]}\ncomponents:\n  - id: card\n    kind: card\n    size: 63mm x 88mm\n    data: rows.csv\n    front: {title: \"{row.title}\"}\n",
    )
    .unwrap();
    std::fs::write(dir.join("rows.csv"), "id,title\na,Ace\nb,B\u{FFFF}\n").unwrap();
    let out_dir = dir.join("out");
    let out = pnp()
        .arg("build")
        .arg(dir.join("game.yaml"))
        .arg("--out")
        .arg(&out_dir)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("rows.csv:3:3: `title` holds U+FFFF, a Unicode noncharacter"),
        "{err}"
    );
    assert!(!out_dir.exists(), "nothing written");
}

/// `pnp validate` of YAML `text` written to a fresh file: (exit code, stderr).
fn validate_yaml(name: &str, text: &str) -> (Option<i32>, String) {
    let dir = temp_dir(name);
    let file = dir.join(format!("{name}.yaml"));
    std::fs::write(&file, text).unwrap();
    let out = pnp().arg("validate").arg(&file).output().unwrap();
    (out.status.code(), stderr(&out))
}

const HEAD: &str = "game: {id: t, name: T, players: [2]}\ncomponents:\n";

#[test]
fn yaml_limits_are_said_in_words_with_their_values() {
    // One anchor used 150 times: more than ten uses an anchor on average.
    let mut ratio = format!(
        "{HEAD}  - id: c\n    kind: card\n    size: 63mm x 88mm\n    front: {{title: &t A}}\n    variants:\n"
    );
    for i in 0..150 {
        ratio.push_str(&format!("      - {{id: v{i}, front: {{title: *t}}}}\n"));
    }
    // 300 KB of text used 15 times: more than the 4 MiB the texts may add up to.
    let big = "x".repeat(300_000);
    let bytes = format!(
        "{HEAD}  - id: c\n    kind: card\n    size: 63mm x 88mm\n    front: {{title: A, lines: [&l '{big}', *l, *l, *l, *l, *l, *l, *l, *l, *l, *l, *l, *l, *l, *l]}}\n"
    );
    let cases = [
        (
            "alias-ratio",
            ratio,
            "it uses each anchor (`&name`) more than 10 times on average through aliases (`*name`)",
        ),
        (
            "scalar-bytes",
            bytes,
            "its texts add up to more than 4 MiB, an alias's text counted each time it is used",
        ),
    ];
    for (name, text, words) in cases {
        let (code, err) = validate_yaml(name, &text);
        assert_eq!(code, Some(2), "{name}: {err}");
        assert!(
            err.contains(&format!("the file is too complex to read safely: {words}")),
            "{name}: {err}"
        );
        // No Rust names (`AliasAnchorRatio { aliases: 150, anchors: 1 }`).
        assert!(
            !err.contains(" {") && !err.contains("Ratio"),
            "{name}: {err}"
        );
        assert!(err.len() < 2_000, "{name}: {} bytes of message", err.len());
    }
}

#[test]
fn an_800k_character_key_makes_a_short_message() {
    let key = "k".repeat(800_000);
    let text = format!("{HEAD}  - id: c\n    kind: card\n    size: 63mm x 88mm\n    {key}: 1\n");
    let (code, err) = validate_yaml("long-key", &text);
    assert_eq!(code, Some(2), "{}", &err[..err.len().min(500)]);
    assert!(err.contains("long-key.yaml:6:5: "), "{}", &err[..500]);
    assert!(err.len() < 2_000, "{} bytes of message", err.len());
}

#[test]
fn a_component_without_copies_gets_no_image() {
    let dir = temp_dir("zero-copies");
    let yaml = dir.join("game.yaml");
    std::fs::write(
        &yaml,
        format!(
            "{HEAD}  - id: kept\n    kind: card\n    size: 63mm x 88mm\n    front: {{title: A}}\n  - id: none\n    kind: card\n    size: 63mm x 88mm\n    copies: 0\n    front: {{title: B}}\n  - id: some\n    kind: card\n    size: 63mm x 88mm\n    front: {{title: C}}\n    variants:\n      - {{id: gone, copies: 0}}\n      - {{id: here}}\n"
        ),
    )
    .unwrap();
    let out_dir = dir.join("out");
    let out = pnp()
        .arg("build")
        .arg(&yaml)
        .arg("--out")
        .arg(&out_dir)
        .args(["--dpi", "60"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        files(&out_dir.join("png")),
        ["kept-front.png", "some-here-front.png"]
    );
}

#[test]
fn pnp_new_refuses_a_name_its_game_could_not_print() {
    let dir = temp_dir("new-long-name");
    let long = "Space Goats ".repeat(250);
    let out = pnp()
        .args(["new", &long, "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the name is 2999 characters long; a name for `pnp new` is at most 200"),
        "{err}"
    );
    assert!(files(&dir).is_empty(), "wrote {:?}", files(&dir));
    // The longest name it takes makes a game that validates.
    let longest = "G".repeat(200);
    let out = pnp()
        .args(["new", &longest, "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let yaml = dir.join(format!("{}.yaml", "g".repeat(64)));
    let out = pnp().arg("validate").arg(&yaml).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn a_symbol_arc_of_huge_radius_is_refused_before_it_is_drawn() {
    // Found by fuzzing: this 434-byte symbol made usvg ask for 1.8 GB of curves.
    let dir = temp_dir("huge-arc");
    std::fs::create_dir_all(dir.join("symbols")).unwrap();
    let r = "3".to_string() + &"0".repeat(84) + ".5";
    std::fs::write(
        dir.join("symbols/bomb.svg"),
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path fill="currentColor" d="M82.3,59.8A38 38 0 1 1 44.5,12.5A{r} 30.5 0 1 0 82.3,59.8Z"/></svg>"#
        ),
    )
    .unwrap();
    let yaml = dir.join("game.yaml");
    std::fs::write(&yaml, token("arcs", "bomb")).unwrap();
    let out_dir = dir.join("out");
    let out = pnp()
        .arg("build")
        .arg(&yaml)
        .arg("--out")
        .arg(&out_dir)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("game.yaml:8:21: symbol `bomb`: symbols/bomb.svg: a path has an arc of radius 3.000e84; an arc's radius is at most 1e9"),
        "{err}"
    );
    assert!(!out_dir.exists(), "nothing written");
}
