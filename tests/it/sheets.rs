//! Issue 5: record sheets for The Beast and the Bean-Off, their chits and cards, end to end on
//! the real binary and the shipped YAML.
use crate::common::*;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use pnp::base::units::PT_PER_MM;
use pnp::commands::options::BuildOptions;
use pnp::commands::sheets::{Request, sheet_pieces};
use pnp::layout::{A4, LayoutOptions};

const A4_PT: (f64, f64) = (595.276, 841.89);

/// Runs `pnp sheets <args> --out <fresh dir>`, asserts success, returns the PDF's bytes.
/// `pnp sheets ARGS --out DIR`.
fn run_sheets(args: &[&str], dir: &std::path::Path) -> std::process::Output {
    pnp()
        .arg("sheets")
        .args(args)
        .arg("--out")
        .arg(dir)
        .output()
        .unwrap()
}

fn sheets(args: &[&str]) -> Vec<u8> {
    let dir = temp_dir("sheets");
    let out = run_sheets(args, &dir);
    assert!(
        out.status.success(),
        "pnp sheets {args:?}: {}",
        stderr(&out)
    );
    let game = args[0];
    std::fs::read(dir.join(format!("{game}-sheets.pdf"))).unwrap()
}

#[test]
fn one_sheet_per_player_on_the_paper() {
    let pdf = sheets(&["bean-off", "--players", "5"]);
    let sizes = pdf_page_sizes(&pdf);
    // "1 small sheet of paper per player": two half-page sheets to a page, one-sided.
    assert_eq!(
        sizes.len(),
        3,
        "3 pages for 5 players, two sheets to a page"
    );
    for (w, h) in sizes {
        assert!((w - A4_PT.0).abs() < 0.01 && (h - A4_PT.1).abs() < 0.01);
    }
    // The Beast's sheet is two-sided: family on the front, turn record on the back.
    let pdf = sheets(&["the-beast", "--players", "4", "--paper", "letter"]);
    let sizes = pdf_page_sizes(&pdf);
    assert_eq!(sizes.len(), 8, "front and back for each of 4 players");
    assert!(
        sizes
            .iter()
            .all(|(w, h)| (w - 612.0).abs() < 0.01 && (h - 792.0).abs() < 0.01)
    );
    let text = pdf_text(&pdf);
    for (i, page) in text.iter().enumerate() {
        let want = if i % 2 == 0 {
            "record sheet"
        } else {
            "Turn record"
        };
        assert!(page.contains(want), "page {}: {want} missing", i + 1);
    }
}

#[test]
fn names_are_printed_one_per_sheet() {
    let names = ["Ann", "Bo", "Cy", "Di", "Ed"];
    let pdf = sheets(&["bean-off", "--players", "5", "--names", "Ann,Bo,Cy,Di,Ed"]);
    // Two sheets to a page: each page of fronts names its own two players, and no other.
    let all = pdf_text(&pdf);
    assert_eq!(all.len(), 3, "3 pages, two sheets to a page, one-sided");
    for (k, page) in all.iter().enumerate() {
        let words: Vec<&str> = page.split_whitespace().collect();
        let mine = &names[2 * k..(2 * k + 2).min(names.len())];
        for name in names {
            assert_eq!(
                words.contains(&name),
                mine.contains(&name),
                "{name} on page {}: {words:?}",
                k + 1
            );
        }
    }
    // The Beast prints the name on both sides.
    let pdf = sheets(&["the-beast", "--names", "Ann,Bo"]);
    let pages = pdf_text(&pdf);
    assert_eq!(pages.len(), 4, "--names alone sets the player count");
    assert!(pages[0].lines().any(|l| l == "Ann"));
    assert!(pages[1].contains("Turn record · Ann"));
    assert!(pages[3].contains("Turn record · Bo"));
}

/// A glyph's origin in sheet millimetres (from the top-left of the printable area).
fn sheet_mm(g: &Glyph, page_h_pt: f64, area_x: f64, area_y: f64) -> (f64, f64) {
    (
        g.x / PT_PER_MM - area_x,
        (page_h_pt - g.y) / PT_PER_MM - area_y,
    )
}

#[test]
fn bean_off_track_has_twelve_blank_spaces_labelled_outside() {
    let pdf = sheets(&["bean-off", "--players", "2", "--names", "Ann,Bo"]);
    let game = pnp::kinds::load("bean-off").unwrap();
    let opt = BuildOptions::default();
    let req = Request {
        players: Some(2),
        names: vec!["Ann".into(), "Bo".into()],
        ..Request::default()
    };
    let pieces = sheet_pieces(&game, &req, &opt).unwrap();
    let area = LayoutOptions::new(A4).sheet_area();
    for (page, piece) in pdf_glyphs(&pdf).iter().zip(pieces.iter()) {
        let pnp::kinds::KindSpec::Sheet(sheet) = &game.spec.components[piece.component].kind else {
            panic!("a sheet")
        };
        let spaces =
            pnp::kinds::sheet::track_spaces(sheet, &game, piece, piece.w, piece.h).unwrap();
        assert_eq!(spaces.len(), 12, "12 spaces");
        for pair in spaces.windows(2) {
            assert!(
                pair[1].y >= pair[0].y + pair[0].h - 1e-6,
                "ordered top to bottom"
            );
        }
        for s in &spaces {
            // A ½ in bean fits, and a score beside it.
            assert!(s.h >= 11.0 && s.w >= 25.0, "room to write a score: {s:?}");
        }
        let placed: Vec<(String, f64, f64)> = page
            .iter()
            .map(|g| {
                let (x, y) = sheet_mm(g, A4_PT.1, area.x, area.y);
                (g.text.clone(), x, y)
            })
            .collect();
        // Nothing at all is printed inside a space.
        for (t, x, y) in &placed {
            for (i, s) in spaces.iter().enumerate() {
                let inside =
                    *x > s.x - 0.2 && *x < s.x + s.w + 0.2 && *y > s.y && *y < s.y + s.h + 0.5;
                assert!(!inside, "`{t}` printed inside space {}", i + 1);
            }
        }
        // Beside each space, on its left, exactly its label.
        let labels: Vec<String> = spaces
            .iter()
            .map(|s| {
                placed
                    .iter()
                    .filter(|(_, x, y)| *x < s.x && *x > s.x - 15.0 && *y > s.y && *y < s.y + s.h)
                    .map(|(t, _, _)| t.as_str())
                    .collect()
            })
            .collect();
        let want: Vec<String> = (1..=6)
            .flat_map(|n| [n.to_string(), n.to_string()])
            .collect();
        assert_eq!(labels, want);
    }
}

#[test]
fn beast_turn_record_lists_the_five_activities_in_resolution_order() {
    let pdf = sheets(&["the-beast", "--players", "2"]);
    let glyphs = pdf_glyphs(&pdf);
    let back = pdf_text(&pdf)[1].clone();
    // The columns in resolution order, then the Food left (issue 35: a row per turn), in each
    // of three blocks of turns. Column heads are set to their column's width, so their
    // baselines differ by a point or two: words are read off the glyphs, not the text lines.
    let header = [
        "Turn",
        "Sacrifice",
        "Beast",
        "Woods",
        "Fields",
        "Help",
        "Away",
        "Food",
    ];
    let words = glyph_words(&glyphs[1]);
    let woods: Vec<f64> = words
        .iter()
        .filter(|w| w.0 == "Woods")
        .map(|w| w.2)
        .collect();
    assert_eq!(woods.len(), 3, "three blocks of turns: {back}");
    let y = woods[0];
    let mut heads: Vec<&(String, f64, f64)> = words
        .iter()
        .filter(|w| (w.2 - y).abs() < 4.0 && header.contains(&w.0.as_str()))
        .collect();
    heads.sort_by(|a, b| a.1.total_cmp(&b.1));
    let names: Vec<&str> = heads.iter().map(|w| w.0.as_str()).collect();
    assert_eq!(names, [header, header, header].concat(), "{heads:?}");
    // A row for each turn of the longest game: the Day Deck's 40 cards that do not end it
    // are followed by a new turn, so 41 turns at most.
    let words: Vec<&str> = back.split_whitespace().collect();
    for turn in 1..=41 {
        assert!(
            words.contains(&turn.to_string().as_str()),
            "no row for turn {turn}"
        );
    }
    assert!(!words.contains(&"42"));
    // The food store starts at 6, printed in its field.
    assert!(back.contains("Food at the start"));
    assert!(glyphs[1].iter().any(|g| g.text == "6"));
}

/// Lines of a page that are exactly `word`.
fn count_runs(page: &str, word: &str) -> usize {
    page.lines().filter(|l| *l == word).count()
}

#[test]
fn a_family_prefills_the_sheet() {
    let pdf = sheets(&[
        "the-beast",
        "--players",
        "2",
        "--names",
        "Ann,Bo",
        "--family",
        "Bo: 2 children, 3 adults, 8 old",
        "--family",
        "Ann: 4 children, 2 adults, 4 old",
    ]);
    let pages = pdf_text(&pdf);
    let (ann, bo) = (&pages[0], &pages[2]);
    // Each roster row shows its member alone; the family table adds one more `Old`.
    assert_eq!(
        (
            count_runs(ann, "Child"),
            count_runs(ann, "Adult"),
            count_runs(ann, "Old")
        ),
        (4, 2, 4 + 1),
        "Ann's roster: {ann}"
    );
    assert_eq!(
        (
            count_runs(bo, "Child"),
            count_runs(bo, "Adult"),
            count_runs(bo, "Old")
        ),
        (2, 3, 8 + 1)
    );
    // Costs: 12 + 4 + 4 = 20 for Ann.
    for v in ["12", "4", "20"] {
        assert!(ann.lines().any(|l| l == v), "{v} missing from Ann's costs");
    }
}

#[test]
fn names_that_cannot_be_printed_are_refused_escaped() {
    let long = "W".repeat(41);
    for (names, says) in [
        (
            "Ann,B\u{202e}o",
            "name 2: `B\\u{202e}o` has a character the bundled fonts cannot draw",
        ),
        ("Ann,Dice 🎲", "name 2: `Dice 🎲` has a character"),
        (long.as_str(), "name 1: 41 characters is longer than the 40"),
    ] {
        let dir = temp_dir("bad-names");
        let out = run_sheets(&["the-beast", "--players", "2", "--names", names], &dir);
        assert_eq!(out.status.code(), Some(2), "{names}");
        let err = stderr(&out);
        assert!(err.contains(says), "{names}: {err}");
        assert!(!err.contains('\u{202e}'), "printed raw: {err}");
        assert!(files(&dir).is_empty(), "nothing written");
    }
    // Forty characters fit the name line.
    let pdf = sheets(&["the-beast", "--players", "2", "--names", &"W".repeat(40)]);
    assert!(pdf_text(&pdf)[0].contains(&"W".repeat(40)));
}

#[test]
fn an_illegal_family_is_refused_with_the_rule_quoted() {
    let dir = temp_dir("illegal");
    let args = [
        "the-beast",
        "--players",
        "2",
        "--family",
        "Ann: 4 children, 2 adults, 6 old",
    ];
    let out = run_sheets(&args, &dir);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    for want in [
        "--family #1 \"Ann: 4 children, 2 adults, 6 old\"",
        "costs 22 points",
        "Each family has 20 points to spend",
        "data/the-beast.yaml:",
        "family-building",
    ] {
        assert!(err.contains(want), "{want} missing from: {err}");
    }
    assert!(files(&dir).is_empty(), "nothing written");

    let out = run(&[
        "sheets",
        "the-beast",
        "--players",
        "2",
        "--family",
        "Bo: 1 child, 5 adults, 4 old",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("5 Children and Old are fewer than twice its 5 Adults"),
        "{err}"
    );
    assert!(err.contains("at least twice as many Children and Old people"));

    let out = run(&[
        "sheets",
        "the-beast",
        "--players",
        "2",
        "--family",
        "Cy: 3 dragons",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown kind `dragons`"));
    // Families are for games whose rules use the family check.
    let out = run(&[
        "sheets",
        "bean-off",
        "--players",
        "2",
        "--family",
        "Ann: 1 old",
    ]);
    assert_eq!(out.status.code(), Some(2));
    // The player count is the game's.
    let out = run(&["sheets", "the-beast", "--players", "7"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is for 2, 3, 4, 5 players"));
}

/// Copies of each component placed on the front pages of a build.
fn placed_by_component(game: &str) -> BTreeMap<String, usize> {
    let game = pnp::kinds::load(game).unwrap();
    let prepared = pnp::commands::prepare(&game, &BuildOptions::default()).unwrap();
    let mut counts = BTreeMap::new();
    for page in prepared
        .pages
        .iter()
        .filter(|p| p.side == pnp::layout::PageSide::Front)
    {
        for pl in &page.placements {
            let c = prepared.pieces[pl.piece].component;
            *counts
                .entry(game.spec.components[c].id.value.clone())
                .or_insert(0) += 1;
        }
    }
    counts
}

#[test]
fn card_and_chit_counts() {
    let beast = placed_by_component("the-beast");
    assert_eq!(beast["action-deck"], 54);
    assert_eq!(beast["day-deck"], 42);
    assert_eq!(beast["day-court"], 12);
    assert_eq!(
        beast["activity"], 25,
        "five activities for each of five players"
    );
    assert_eq!(beast["starvation"], 40);
    assert_eq!(beast["family-sheet"], 1);
    let bean = placed_by_component("bean-off");
    assert_eq!(bean["time-slot"], 6);
    assert_eq!(bean["bean"], 66, "11 per player for 6 players");
    assert_eq!(bean["die-role"], 18);
    assert_eq!(bean["player-sheet"], 2, "two half-page sheets to a page");
}

#[test]
fn playing_cards_are_real_cards_of_the_right_size() {
    let dir = build("the-beast", &["--dpi", "100"]);
    let pdf = std::fs::read(dir.join("the-beast.pdf")).unwrap();
    let text = pdf_text(&pdf).join("\n");
    for want in ["Value 1", "Value 10", "JOKER", "Action Deck", "Day Deck"] {
        assert!(text.contains(want), "{want} missing");
    }
    let png = dir.join("png");
    // 2.5 × 3.5 in at 100 dpi.
    let (w, h, _) = png_info(&png.join("action-deck-spades-q-front.png"));
    assert_eq!((w, h), (250, 350));
    // Red suits are red, black suits black: sample the ace's big pip at its centre.
    let red = std::fs::read(png.join("action-deck-hearts-a-front.png")).unwrap();
    let black = std::fs::read(png.join("action-deck-spades-a-front.png")).unwrap();
    assert_ne!(red, black);
    let centre = |path: &Path| -> [u8; 3] {
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        let ch = info.color_type.samples();
        let i = ((info.height as usize / 2) * info.width as usize + info.width as usize / 2) * ch;
        [buf[i], buf[i + 1], buf[i + 2]]
    };
    let [r, g, b] = centre(&png.join("action-deck-hearts-a-front.png"));
    // Red suits are hollow: a pale red fill, lighter than black in grayscale.
    assert!(
        r > 200 && r > g + 15 && r > b + 15,
        "heart is pale red: {r} {g} {b}"
    );
    let [r, g, b] = centre(&png.join("action-deck-spades-a-front.png"));
    assert!(r < 60 && g < 60 && b < 60, "spade is black: {r} {g} {b}");
}

/// The words on a page, each with the x and y (pt) of its first glyph: glyphs on baselines
/// within 3 pt of each other read as one line, split where they stand apart.
fn glyph_words(glyphs: &[Glyph]) -> Vec<(String, f64, f64)> {
    let mut lines: Vec<Vec<&Glyph>> = Vec::new();
    for g in glyphs.iter().filter(|g| g.dir == (1.0, 0.0)) {
        match lines.iter_mut().find(|l| (l[0].y - g.y).abs() < 3.0) {
            Some(l) => l.push(g),
            None => lines.push(vec![g]),
        }
    }
    let mut words = Vec::new();
    for mut l in lines {
        l.sort_by(|a, b| a.x.total_cmp(&b.x));
        let mut end: Option<f64> = None;
        for g in l {
            let apart = end.is_none_or(|e| g.x - e > 0.12 * g.size);
            if apart || g.text.trim().is_empty() {
                words.push((String::new(), g.x, g.y));
            }
            words.last_mut().unwrap().0.push_str(g.text.trim());
            end = Some(g.x + g.advance);
        }
    }
    words.retain(|w| !w.0.is_empty());
    words
}

fn broken_copy(game: &str, from: &str, to: &str) -> PathBuf {
    let text = String::from_utf8(pnp::base::assets::game(game).unwrap().to_vec()).unwrap();
    assert!(text.contains(from), "{from} not in {game}");
    let dir = temp_dir("broken");
    let path = dir.join(format!("{game}.yaml"));
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    path
}

#[test]
fn validate_passes_and_broken_copies_fail_naming_the_rule() {
    let out = run(&["validate", "the-beast", "bean-off"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("The Beast: 14 rules hold"));
    assert!(stdout(&out).contains("The Market Cellar Bean-Off: 9 rules hold"));

    let cases = [
        (
            "bean-off",
            r#"labels: ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"]"#,
            r#"labels: ["1", "2", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"]"#,
            "track-labels",
        ),
        (
            "bean-off",
            "max_height: 17",
            "max_height: 17\n                  values: {4: \"7\"}",
            "track-blank",
        ),
        ("bean-off", "spaces: 12", "spaces: 11", "track-spaces"),
        ("bean-off", "copies: 66", "copies: 60", "beans-per-player"),
        (
            "the-beast",
            "examples: [\"4 children, 2 adults, 4 old\"]",
            "examples: [\"4 children, 4 adults, 4 old\"]",
            "family-building",
        ),
        (
            "the-beast",
            "rows: 20",
            "rows: 16",
            "roster-holds-any-family",
        ),
        // Issue 35: room for the longest game the Day Deck allows, and starvation boxes per
        // member type from the rules.
        (
            "the-beast",
            "rows: 41",
            "rows: 16",
            "turn-record-longest-game",
        ),
        (
            "the-beast",
            "boxes_by: {Child: 1, Adult: 3, Old: 1}",
            "boxes_by: {Child: 3, Adult: 3, Old: 3}",
            "starvation-boxes",
        ),
        (
            "the-beast",
            "boxes_by: {Child: 1, Adult: 3, Old: 1}",
            "boxes: 3",
            "starvation-boxes",
        ),
        (
            "the-beast",
            "{label: Food at the start, value: \"6\"",
            "{label: Food at the start, value: \"5\"",
            "food-start",
        ),
        (
            "the-beast",
            "- {id: hearts-q, tags: {suit: hearts, rank: \"q\", court: \"yes\", colour: red}, front: {label: \"Value 10\"}}",
            "",
            "action-deck-pack",
        ),
    ];
    for (game, from, to, rule) in cases {
        let path = broken_copy(game, from, to);
        let out = run(&["validate", path.to_str().unwrap()]);
        assert!(!out.status.success(), "{rule}: broken copy passed");
        let err = stderr(&out);
        assert!(
            err.contains(&format!("rule `{rule}` fails")),
            "{rule}: {err}"
        );
        assert!(err.contains("the rules say"), "{err}");
    }
}

#[test]
fn sheets_are_reproducible() {
    let a = sheets(&["the-beast", "--players", "3", "--names", "Ann,Bo,Cy"]);
    let b = sheets(&["the-beast", "--players", "3", "--names", "Ann,Bo,Cy"]);
    assert_eq!(a, b);
}

#[test]
fn a_users_sheet_that_does_not_fit_is_refused_with_its_place() {
    let dir = temp_dir("user-sheet");
    let path = dir.join("mine.yaml");
    std::fs::write(
        &path,
        "game: {id: mine, name: Mine, players: [1]}\ncomponents:\n  - id: log\n    kind: sheet\n    front: {title: Log}\n    sheet:\n      sections:\n        - roster: {rows: 80, columns: [{label: Name}]}\n",
    )
    .unwrap();
    let out = run(&["sheets", path.to_str().unwrap(), "--players", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("mine.yaml:3:"), "{err}");
    assert!(err.contains("need 687 mm of height"), "{err}");
    assert!(err.contains("even set at 80 %"), "{err}");
    // A sheet without sections, or sections on a card, is a located spec error.
    std::fs::write(
        &path,
        "game: {id: mine, name: Mine, players: [1]}\ncomponents:\n  - id: log\n    kind: sheet\n",
    )
    .unwrap();
    let out = run(&["validate", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("mine.yaml:4:"), "{}", stderr(&out));
}

#[test]
fn a_users_own_sheet_uses_every_section_without_rust() {
    let dir = temp_dir("own-sheet");
    let path = dir.join("log.yaml");
    std::fs::write(
        &path,
        r##"game: {id: expedition, name: Expedition Log, players: [1, 2, 3]}
components:
  - id: log
    kind: sheet
    front: {title: Expedition Log, ink: "#203a5c", label: A user's sheet}
    sheet:
      subtitle: "Log of {player}"
      sections:
        - fields: {items: [{label: Explorer, value: "{player}", width: 2}, {label: Date}]}
        - table:
            title: Supplies
            columns: [Item, {label: Packed, write: tally, boxes: 8, width: 2}, {label: Left, write: box}]
            rows: [[Rope, "3", ""], [Lamp oil, "", ""]]
        - row:
            widths: [2, 1]
            sections:
              - roster: {title: Crew, rows: 4, columns: [{label: Name, width: 2}, {label: Role, choices: [Guide, Porter]}, {label: Wounds, boxes: 3}]}
              - column:
                  sections:
                    - checkboxes: {title: Each day, numbered: true, items: [{label: March}, {label: Camp, text: Eat and rest.}]}
                    - legend: {title: Terrain, items: [{label: Forest, symbol: veg-forest, color: "#2e6b2e", write: notes}]}
        - grid: {title: Days, rows: [{label: Miles, symbol: sun}, {label: Weather, shade: true}], columns: 10, column_label: Day}
        - track: {title: Spirit, direction: right, spaces: 10, labels: [A, B, C, D, E, F, G, H, I, J], values: {1: "5"}}
        - text: {lines: ["# Winning", "Reach the pass before the snow."]}
        - notes: {title: Journal}
rules:
  - id: spirit-start
    quote: Spirit starts at 5.
    check: {each: {sheet: log, track: Spirit}, where: {n: 1}, value: value, equals: 5}
"##,
    )
    .unwrap();
    let out = run(&["validate", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let pdf_dir = temp_dir("own-sheet-out");
    let out = pnp()
        .args([
            "sheets",
            path.to_str().unwrap(),
            "--names",
            "Ida,Jo",
            "--out",
        ])
        .arg(&pdf_dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let pdf = std::fs::read(pdf_dir.join("expedition-sheets.pdf")).unwrap();
    let pages = pdf_text(&pdf);
    assert_eq!(pages.len(), 2);
    for want in [
        "Log of Ida",
        "Supplies",
        "Crew",
        "Guide Porter",
        "Each day",
        "Forest",
        "Days",
        "Spirit",
        "Winning",
        "Journal",
    ] {
        assert!(pages[0].contains(want), "{want} missing: {}", pages[0]);
    }
    assert!(pages[1].contains("Log of Jo"));
    // It also builds as a component among others, at the default sheet size.
    build(path.to_str().unwrap(), &["--no-png"]);
}

/// The strokes on `strokes` that continue an edge of one of `rects` outside it: crop marks.
fn marks_along(strokes: &[Stroke], rects: &[pnp::layout::Rect]) -> usize {
    let near = |a: f64, b: f64| (a - b).abs() < 0.05;
    strokes
        .iter()
        .filter(|s| {
            let ((x1, y1), (x2, y2)) = (s.a, s.b);
            rects.iter().any(|r| {
                let vertical = near(x1, x2) && (near(x1, r.x) || near(x1, r.right()));
                let horizontal = near(y1, y2) && (near(y1, r.y) || near(y1, r.bottom()));
                let above_or_below = y1.max(y2) <= r.y + 0.05 || y1.min(y2) >= r.bottom() - 0.05;
                let beside = x1.max(x2) <= r.x + 0.05 || x1.min(x2) >= r.right() - 0.05;
                (vertical && above_or_below) || (horizontal && beside)
            })
        })
        .count()
}

/// Write-on sheets from `pnp sheets` are never cut: no crop mark continues a sheet's edge, and
/// no calibration square or "must measure" line is printed. The same sheets in a build, cut
/// out of the component pages, keep their marks.
#[test]
fn written_on_sheets_carry_no_crop_marks_or_calibration_square() {
    let opt = BuildOptions::default();
    let layout = LayoutOptions::new(A4);
    let area = layout.sheet_area();
    for (game, players) in [("bean-off", 3), ("the-beast", 2)] {
        let pdf = sheets(&[game, "--players", &players.to_string()]);
        let g = pnp::kinds::load(game).unwrap();
        let req = Request {
            players: Some(players),
            ..Request::default()
        };
        let pieces = sheet_pieces(&g, &req, &opt).unwrap();
        let size = (pieces[0].w, pieces[0].h);
        let slots = pnp::layout::sheets::slots(&area, size, layout.effective_gap());
        // Backs are mirrored: their slots too.
        let mirrored: Vec<_> = slots
            .iter()
            .map(|r| pnp::layout::Rect {
                x: A4.w - r.right(),
                ..*r
            })
            .collect();
        let rects = [slots, mirrored].concat();
        for (n, strokes) in pdf_strokes(&pdf).iter().enumerate() {
            assert_eq!(marks_along(strokes, &rects), 0, "{game}, page {}", n + 1);
        }
        for (n, text) in pdf_text(&pdf).iter().enumerate() {
            let text = text.split_whitespace().collect::<String>();
            assert!(
                !text.contains("calibration") && !text.contains("mustmeasure"),
                "{game}, page {}: {text}",
                n + 1
            );
        }
        // In a build the same sheet is cut from its page: its marks are found there.
        let prepared = pnp::commands::prepare(&g, &opt).unwrap();
        let (page, placement) = prepared
            .pages
            .iter()
            .enumerate()
            .find_map(|(i, p)| {
                p.placements
                    .iter()
                    .find(|pl| kind_of(&g, &prepared.pieces[pl.piece]) == KindName::Sheet)
                    .map(|pl| (i, pl))
            })
            .unwrap();
        let built = pnp::commands::pdf_bytes(&prepared).unwrap();
        let strokes = &pdf_strokes(&built)[page + prepared.front_matter.len()];
        assert!(marks_along(strokes, &[placement.rect]) >= 8, "{game}");
    }
}
