//! `data: cards.csv`: a deck kept in a spreadsheet. Each row is one variant; its cells fill the
//! faces' `{row.<column>}` and become tags the rules count by; a bad cell is named by the CSV
//! file's line and column, and nothing is written.
use crate::common::*;
use std::path::{Path, PathBuf};

const DECK: &str = "game: {id: spells, name: Spells, players: [2]}
components:
  - id: spell
    name: Spell cards
    kind: card
    size: 63mm x 88mm
    data: cards.csv
    front: {title: \"{row.title}\", text: \"{row.cost}\", background: \"{row.colour}\", lines: [\"{row.effect}\"]}
    back: {title: Spells}
rules:
  - id: fire
    quote: three fire spells
    check: {total: spell, where: {school: fire}, equals: 3}
";

/// A game folder holding `deck.yaml` and `cards.csv`; returns the YAML's path.
fn game(csv: &[u8]) -> PathBuf {
    game_of(DECK, csv)
}

fn game_of(yaml: &str, csv: &[u8]) -> PathBuf {
    let dir = temp_dir("data-game");
    std::fs::write(dir.join("deck.yaml"), yaml).unwrap();
    std::fs::write(dir.join("cards.csv"), csv).unwrap();
    dir.join("deck.yaml")
}

/// What a spreadsheet in a `;` locale writes: a byte-order mark, CRLF, quotes, an empty cell.
const SPELLS: &str = "\u{feff}id;title;cost;colour;school;copies;effect\r\n\
fireball;Fireball;3;#fde0d0;fire;2;\"Deal 3 damage; then draw.\r\nOnce a turn.\"\r\n\
ember;Ember;1;#fde0d0;fire;1;Deal 1 damage.\r\n\
frost;Frost éclat;2;#d0e8fd;ice;;\"Freeze a \"\"target\"\" creature.\"\r\n";

#[test]
fn each_row_is_a_variant_with_its_cells_on_the_card() {
    let yaml = game(SPELLS.as_bytes());
    let out = build(yaml.to_str().unwrap(), &["--no-cover"]);
    let mut pngs = files(&out.join("png"));
    pngs.sort();
    assert_eq!(
        pngs,
        [
            "spell-back.png",
            "spell-ember-front.png",
            "spell-fireball-front.png",
            "spell-frost-front.png"
        ]
    );
    let pdf = std::fs::read(out.join("spells.pdf")).unwrap();
    let text = pdf_text(&pdf).join("\n");
    // Two fireballs (`copies`), one of each other; every cell where the face put it.
    assert_eq!(text.matches("Fireball").count(), 2, "{text}");
    for cell in [
        "Frost éclat",
        "Deal 3 damage; then draw.",
        "Freeze a \"target\" creature.",
    ] {
        assert!(text.contains(cell), "`{cell}` missing from\n{text}");
    }
    // A cell written on two lines is two paragraphs.
    assert!(text.lines().any(|l| l.trim() == "Once a turn."), "{text}");
    // The cost, given with a body of lines, is printed too.
    let fronts = &pdf_text(&pdf)[0];
    assert!(fronts.lines().any(|l| l.trim() == "3"), "{fronts}");
    // The background colour came from its cell: the frost card is blue, the fireball red.
    let frost = png_rgba(&out.join("png/spell-frost-front.png"));
    let fire = png_rgba(&out.join("png/spell-fireball-front.png"));
    let (w, _, _) = png_info(&out.join("png/spell-frost-front.png"));
    let middle = |px: &[u8]| {
        let i = ((w as usize) * (w as usize) + w as usize / 2) * 4;
        [px[i], px[i + 1], px[i + 2]]
    };
    assert_eq!(middle(&frost), [0xd0, 0xe8, 0xfd]);
    assert_eq!(middle(&fire), [0xfd, 0xe0, 0xd0]);
}

#[test]
fn rules_count_rows_by_their_cells() {
    let two_fire = SPELLS.replace("fire;2;", "fire;1;");
    let yaml = game(two_fire.as_bytes());
    let out = pnp()
        .args(["validate", yaml.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    // Diagnostic at the `data:` line, which the component's variants come from.
    assert!(err.contains("deck.yaml:7:11: rule `fire` fails"), "{err}");
    assert!(
        err.contains("found:    2 spell where school = fire"),
        "{err}"
    );
}

#[test]
fn on_the_table_a_card_is_named_by_its_title_and_its_tooltip_holds_the_rest() {
    // A short cost joins the title; a long one opens the tooltip, above the paragraph.
    let spells = SPELLS.replace("Ember;1;", "Ember;once in each turn;");
    let yaml = game(spells.as_bytes());
    let dir = temp_dir("data-tts");
    let out = pnp()
        .args(["tts", yaml.to_str().unwrap(), "--dpi", "30", "--out"])
        .arg(&dir)
        .env_remove("PNP_TTS_DIR")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("spells.json")).unwrap()).unwrap();
    let deck = saved["ObjectStates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["Nickname"] == "Spell cards")
        .expect("a deck named after the component");
    let cards: Vec<(&str, &str)> = deck["ContainedObjects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["Nickname"].as_str().unwrap(),
                c["Description"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(cards.len(), 4, "{cards:?}");
    assert_eq!(
        cards[0],
        ("Fireball 3", "Deal 3 damage; then draw.\nOnce a turn.")
    );
    assert_eq!(cards[2], ("Ember", "once in each turn\nDeal 1 damage."));
}

/// Builds the game and returns its error; asserts exit code 2 and no output written.
fn refused(yaml: &Path) -> String {
    let out_dir = temp_dir("data-refused").join("out");
    let out = pnp()
        .arg("build")
        .arg(yaml)
        .arg("--out")
        .arg(&out_dir)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!out_dir.exists() || files(&out_dir).is_empty());
    err
}

#[test]
fn a_bad_cell_is_named_by_its_line_and_column_in_the_csv() {
    // Only the title is filled in, so every column but `title` is free.
    let titles = DECK.replace(
        "front: {title: \"{row.title}\", text: \"{row.cost}\", background: \"{row.colour}\", lines: [\"{row.effect}\"]}",
        "front: {title: \"{row.title}\"}",
    )
    .replace("    check: {total: spell, where: {school: fire}, equals: 3}\n", "    check: {total: spell, equals: 1}\n");
    assert_ne!(titles, DECK);
    let cases: &[(&[u8], &str, &str)] = &[
        (
            b"id,title\nok,Fine\nnot ok,Bad\n",
            "cards.csv:3:1: ",
            "id `not ok` must be",
        ),
        (
            b"id,title\na,\"open\nb,c\n",
            "cards.csv:2:3: ",
            "never closed",
        ),
        (
            b"id,title\na,One, two\n",
            "cards.csv:2:8: ",
            "a cell with `,` in it must be in double quotes",
        ),
        (
            b"id,title\na\n",
            "cards.csv:2:1: ",
            "this row has 1 cell but the header names 2 columns (id, title)",
        ),
        (
            b"id,title,copies\na,A,many\n",
            "cards.csv:2:5: ",
            "copies `many`: expected a whole number",
        ),
        (
            b"id,title\na,A\na,B\n",
            "cards.csv:3:1: ",
            "used before, at line 2",
        ),
        (
            b"id,card title\n",
            "cards.csv:1:4: ",
            "column name `card title`",
        ),
        (
            b"ID,title,id\nA,B,c\n",
            "cards.csv:1:10: ",
            "columns `ID` and `id` both give the `id`",
        ),
        (
            b"id,Copies,title,COPIES\na,1,B,2\n",
            "cards.csv:1:17: ",
            "columns `Copies` and `COPIES` both give the `copies`",
        ),
    ];
    // These fill the whole deck's faces.
    let whole: &[(&[u8], &str, &str)] = &[
        (
            b"id,title\na,A\n",
            "deck.yaml:7:11: ",
            "has no column `cost` (its columns: id, title)",
        ),
        (
            b"id,title,cost,colour,school,effect\na,A,1,blue-ish,fire,x\n",
            "cards.csv:2:7: ",
            "`colour`: expected a colour such as",
        ),
        (
            b"id,title,cost,colour,school,effect\n",
            "deck.yaml:7:11: ",
            "has a header but no rows",
        ),
        (
            b"id,title,cost,colour,school,effect\na,Caf\xe9,1,red,fire,x\n",
            "cards.csv:2:6: ",
            "not UTF-8",
        ),
    ];
    let both = cases
        .iter()
        .map(|c| (titles.as_str(), c))
        .chain(whole.iter().map(|c| (DECK, c)));
    for (yaml, (csv, place, fragment)) in both {
        let err = refused(&game_of(yaml, csv));
        assert!(err.contains(place), "expected {place} in\n{err}");
        assert!(err.contains(fragment), "expected `{fragment}` in\n{err}");
    }
}

/// Builds `yaml` (with its CSV) into a fresh folder, PDF only; the PDF's text.
fn built_text(yaml: &Path) -> String {
    let out = build(yaml.to_str().unwrap(), &["--no-png", "--no-cover"]);
    let pdf = std::fs::read(out.join("spells.pdf")).unwrap();
    pdf_text(&pdf).join("\n")
}

#[test]
fn what_spreadsheets_write_reads_as_meant() {
    let titles = "game: {id: spells, name: Spells, players: [2]}
components:
  - id: spell
    kind: card
    size: 63mm x 88mm
    data: cards.csv
    front: {title: \"{row.Title} \\\\{x} {x y}\", text: \"{row.cost}\", background: \"{row.colour}\", lines: [\"Notes: {row.notes}\"]}
";
    // Excel's `sep=` line, capitalized `ID` and `Copies`, columns past the last one used, a
    // blank row, empty cells (no colour), and an unprinted column with a character no font has.
    let csv = "sep=;\r\nID;Title;cost;colour;Copies;notes;memo;;\r\n\
               fire;Fireball;3;;2;Hot;🔥;;\r\n\
               ;;;;;;;;\r\n\
               ice;Ice;;#d0e8fd;;Cold;;;\r\n";
    let yaml = game_of(titles, csv.as_bytes());
    let text = built_text(&yaml);
    // Braces that hold no placeholder are text: escaped where they would name an icon.
    assert_eq!(text.matches("Fireball {x} {x y}").count(), 2, "{text}");
    assert_eq!(text.matches("Ice {x} {x y}").count(), 1, "{text}");
    assert!(
        text.contains("Notes: Hot") && text.contains("Notes: Cold"),
        "{text}"
    );
    let png = build(yaml.to_str().unwrap(), &["--no-pdf", "--dpi", "30"]).join("png");
    assert_eq!(
        files(&png),
        ["spell-fire-front.png", "spell-ice-front.png"],
        "ids from `ID`, no card for the blank row"
    );
}

#[test]
fn a_printed_cell_the_fonts_cannot_draw_is_named_at_its_cell_once() {
    // A glyph no font has prints as a box: a warning at the first cell with that text, once.
    let csv = "id;title;cost;colour;school;effect\r\nfire;Fire 🔥;1;red;fire;x\r\n\
               fire2;Fire 🔥;1;red;fire;x\r\nfire3;Fire 🔥;1;red;fire;x\r\n";
    let o = run(&["validate", game(csv.as_bytes()).to_str().unwrap()]);
    let err = stderr(&o);
    assert!(
        err.contains(
            "cards.csv:2:6: `title` `Fire 🔥` has characters the bundled fonts cannot draw"
        ),
        "{err}"
    );
    assert_eq!(err.matches("cannot draw").count(), 1, "{err}");
    // A control character is no text at all: refused.
    let csv = "id;title;cost;colour;school;effect\r\nfire;Fire\u{7};1;red;fire;x\r\n";
    let err = refused(&game(csv.as_bytes()));
    assert!(
        err.contains("cards.csv:2:6: `title` has characters the bundled fonts cannot draw"),
        "{err}"
    );
}

#[test]
fn an_included_games_data_is_read_from_its_own_folder() {
    let dir = temp_dir("data-include");
    std::fs::create_dir_all(dir.join("lib")).unwrap();
    std::fs::write(dir.join("lib/base.yaml"), DECK).unwrap();
    std::fs::write(dir.join("lib/cards.csv"), SPELLS).unwrap();
    // A file of the same name beside the including game is not the one.
    std::fs::write(dir.join("cards.csv"), "id,title\nimpostor,Impostor\n").unwrap();
    let outer = "game: {id: spells, name: Spells, players: [2]}
include: [lib/base.yaml]
components:
  - id: aid
    kind: card
    size: 63mm x 88mm
    front: {title: Aid}
";
    std::fs::write(dir.join("deck.yaml"), outer).unwrap();
    let text = built_text(&dir.join("deck.yaml"));
    assert!(
        text.contains("Fireball") && !text.contains("Impostor"),
        "{text}"
    );
    // Its problems are named in its own files.
    let bad = SPELLS.replace("ember;", "Bad Id;");
    std::fs::write(dir.join("lib/cards.csv"), bad).unwrap();
    let err = refused(&dir.join("deck.yaml"));
    assert!(err.contains("lib/cards.csv:4:1: id `Bad Id`"), "{err}");
}

#[test]
fn a_symbol_named_in_a_cell_is_checked_at_its_cell() {
    let yaml = "game: {id: spells, name: Spells, players: [2]}
components:
  - id: spell
    kind: card
    size: 63mm x 88mm
    data: cards.csv
    front: {title: \"{row.title}\", symbol: \"{row.icon}\"}
";
    // An empty cell is a card without a symbol; rows without an `id` are `spell-1`, `spell-2`.
    let good = game_of(yaml, b"title,icon\nDay,sun\nPlain,\n");
    let png = build(good.to_str().unwrap(), &["--no-pdf", "--dpi", "30"]).join("png");
    assert_eq!(files(&png), ["spell-1-front.png", "spell-2-front.png"]);
    for (cell, says) in [
        ("sunn", "cards.csv:3:7: `icon`: no symbol `sunn`"),
        (
            "Sun",
            "cards.csv:3:7: `icon`: symbol `Sun` must be a plain file name",
        ),
    ] {
        let csv = format!("title,icon\nDay,sun\nNight,{cell}\n");
        let err = refused(&game_of(yaml, csv.as_bytes()));
        assert!(err.contains(says), "{cell}: {err}");
    }
}

#[test]
fn a_placeholder_in_two_braces_each_side_is_refused_at_the_data_line() {
    // Mustache's `{{row.title}}` would print the title in braces: `{Fireball}`.
    let yaml = DECK.replace("\"{row.title}\"", "\"{{row.title}}\"");
    let err = refused(&game_of(&yaml, SPELLS.as_bytes()));
    assert!(
        err.contains(
            "deck.yaml:7:11: `{{row.title}}` in `spell` has two braces each side; write `{row.title}` to fill it in"
        ),
        "{err}"
    );
}

/// A row's faces are filled in from its variant when drawn, not held filled in (a deck of
/// thousands of rows held every face twice over): every column still prints as its cell,
/// `id` too, whatever its case, and an empty cell prints as nothing.
#[test]
fn every_cell_prints_as_its_row_says() {
    let yaml = "game: {id: ledger, name: Ledger, players: [2]}
components:
  - id: entry
    kind: card
    size: 63mm x 88mm
    data: cards.csv
    front: {title: \"No. {row.ID}\", text: \"x{row.n}\", label: \"[{row.note}]\"}
    back: {title: \"Back of {row.ID}\", label: \"{row.note} again\"}
";
    let csv = "ID,Copies,note,n\nfirst,2,kept,7\nsecond,,,8\n";
    let out = build(
        game_of(yaml, csv.as_bytes()).to_str().unwrap(),
        &["--no-cover", "--no-png"],
    );
    let text = pdf_text(&std::fs::read(out.join("ledger.pdf")).unwrap()).join("\n");
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let count = |s: &str| lines.iter().filter(|l| **l == s).count();
    // Two copies of the first row, one of the second.
    assert_eq!(count("No. first"), 2, "{text}");
    assert_eq!(count("No. second"), 1, "{text}");
    // The big texts of one row of cards come out as one line.
    assert_eq!(count("x7 x7 x8"), 1, "{text}");
    assert_eq!(count("[kept]"), 2, "{text}");
    assert_eq!(count("[]"), 1, "{text}");
    assert_eq!(count("Back of first"), 2, "{text}");
    assert_eq!(count("Back of second"), 1, "{text}");
    assert_eq!(count("kept again"), 2, "{text}");
    assert_eq!(count("again"), 1, "{text}");
}

/// `{row.copies}` prints its cell as written (`03`), and a `--copies` override changes how
/// many cards there are, not what the checked card says.
#[test]
fn a_printed_copies_cell_is_printed_as_written() {
    let yaml = "game: {id: counted, name: Counted, players: [2]}
components:
  - id: card
    kind: card
    size: 63mm x 88mm
    data: cards.csv
    front: {title: \"{row.id}\", text: \"n={row.copies}\"}
";
    let csv = "id,copies\na,03\nb,\n";
    let path = game_of(yaml, csv.as_bytes());
    let out = build(
        path.to_str().unwrap(),
        &["--no-cover", "--no-png", "--copies", "card=2"],
    );
    let text = pdf_text(&std::fs::read(out.join("counted.pdf")).unwrap()).join("\n");
    assert_eq!(text.matches("n=03").count(), 2, "{text}");
    assert_eq!(text.matches("n=").count(), 4, "{text}");
}

/// `--copies` counts a data file's rows as it counts listed variants: the component's count
/// for every row, a row's own (`card.b=5`) over it, whatever their order.
#[test]
fn copies_overrides_count_a_data_files_rows() {
    let yaml = "game: {id: tally, name: Tally, players: [2]}
components:
  - id: card
    kind: card
    size: 63mm x 88mm
    data: cards.csv
    front: {title: \"{row.id}\"}
";
    let csv = "id,copies,n\na,3,1\nb,,2\nc,4,3\n";
    let path = game_of(yaml, csv.as_bytes());
    let out = build(
        path.to_str().unwrap(),
        &[
            "--no-cover",
            "--no-png",
            "--copies",
            "card.b=5",
            "--copies",
            "card=2",
        ],
    );
    let text = pdf_text(&std::fs::read(out.join("tally.pdf")).unwrap()).join("\n");
    let titles: Vec<&str> = text.split_whitespace().collect();
    let count = |id: &str| titles.iter().filter(|t| **t == id).count();
    assert_eq!((count("a"), count("b"), count("c")), (2, 5, 2), "{text}");
    // Without overrides, the rows' own counts (an empty cell is one).
    let out = build(path.to_str().unwrap(), &["--no-cover", "--no-png"]);
    let text = pdf_text(&std::fs::read(out.join("tally.pdf")).unwrap()).join("\n");
    let titles: Vec<&str> = text.split_whitespace().collect();
    let count = |id: &str| titles.iter().filter(|t| **t == id).count();
    assert_eq!((count("a"), count("b"), count("c")), (3, 1, 4), "{text}");
}
