//! A game's own art and type: pictures on faces (`image:`), the bundled symbol font, a game's
//! own fonts (`fonts:`) and decks kept in spreadsheets (`.xlsx`, `.ods`).
use crate::common::*;
use std::path::{Path, PathBuf};

/// The four colours of the test picture's quarters: top-left, top-right, bottom-left,
/// bottom-right.
const QUARTERS: [[u8; 3]; 4] = [[220, 30, 30], [30, 160, 40], [30, 60, 210], [240, 200, 20]];

/// Writes a `w` × `h` RGB PNG of four coloured quarters (`QUARTERS`) to `path`.
fn write_quarters(path: &Path, w: u32, h: u32) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut encoder = png::Encoder::new(file, w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    let mut data = Vec::with_capacity((w * h * 3) as usize);
    for y in 0..h {
        for x in 0..w {
            let q = (y >= h / 2) as usize * 2 + (x >= w / 2) as usize;
            data.extend_from_slice(&QUARTERS[q]);
        }
    }
    writer.write_image_data(&data).unwrap();
}

/// A game folder with `game.yaml` (`yaml`) and `art/quarters.png` (`w` × `h` pixels).
fn game_with_art(yaml: &str, w: u32, h: u32) -> PathBuf {
    let dir = temp_dir("art-game");
    write_quarters(&dir.join("art/quarters.png"), w, h);
    std::fs::write(dir.join("game.yaml"), yaml).unwrap();
    dir.join("game.yaml")
}

/// The number of image XObjects in a PDF.
pub(crate) fn image_objects(pdf: &[u8]) -> usize {
    use hayro::hayro_syntax::object::{Name, Object};
    let doc = load_pdf(pdf);
    doc.objects()
        .into_iter()
        .filter(|o| match o {
            Object::Stream(s) => {
                s.dict().get::<Name>(b"Subtype").as_deref() == Some(b"Image".as_slice())
            }
            _ => false,
        })
        .count()
}

const DECK: &str = "game: {id: art, name: Art, players: [2]}
components:
  - id: hero
    kind: card
    size: 60mm x 80mm
    copies: 9
    front: {image: art/quarters.png, fit: stretch, border: none}
  - id: foe
    kind: card
    size: 60mm x 80mm
    front: {image: art/quarters.png, title: Foe}
    variants:
      - {id: a, front: {text: A}}
      - {id: b, front: {text: B}}
      - {id: c, front: {text: C}}
";

#[test]
fn a_picture_shown_by_many_faces_is_one_image_in_the_pdf() {
    // 9 copies of one face and 3 distinct faces, all with the same picture: one image.
    let yaml = game_with_art(DECK, 480, 640);
    let out = build(yaml.to_str().unwrap(), &["--no-cover"]);
    let pdf = std::fs::read(out.join("art.pdf")).unwrap();
    assert_eq!(image_objects(&pdf), 1);
    // It is drawn: the PDF's pages show its colours.
    let pages = rasterize(&pdf, 0.5);
    let red = pages[0]
        .rgba
        .chunks(4)
        .filter(|p| p[0] > 200 && p[1] < 60 && p[2] < 60)
        .count();
    assert!(red > 1000, "{red} red pixels");
}

#[test]
fn a_face_png_holds_the_pictures_pixels_where_the_face_puts_them() {
    let yaml = game_with_art(DECK, 480, 640);
    let out = build(yaml.to_str().unwrap(), &["--no-pdf", "--dpi", "100"]);
    let png = out.join("png/hero-front.png");
    let (w, h, _) = png_info(&png);
    let pixels = png_rgba(&png);
    let at = |x: u32, y: u32| {
        let i = ((y * w + x) * 4) as usize;
        [pixels[i], pixels[i + 1], pixels[i + 2]]
    };
    // Stretched over the card: each quarter's colour at the middle of that quarter, the
    // edge between them at the middle of the card.
    for (q, colour) in QUARTERS.iter().enumerate() {
        let (x, y) = (
            w / 4 + (q as u32 % 2) * w / 2,
            h / 4 + (q as u32 / 2) * h / 2,
        );
        let got = at(x, y);
        for k in 0..3 {
            assert!(got[k].abs_diff(colour[k]) <= 3, "quarter {q}: {got:?}");
        }
    }
    let left = at(w / 2 - 2, h / 4);
    let right = at(w / 2 + 2, h / 4);
    assert!(left[0] > 200 && right[1] > 140, "{left:?} {right:?}");
}

#[test]
fn cover_keeps_the_part_position_names_and_contain_leaves_the_background() {
    // A wide picture on a tall card: `cover` with `position: left` keeps its left half.
    let yaml = "game: {id: art, name: Art, players: [2]}
components:
  - id: left
    kind: tile
    size: 20mm x 40mm
    front: {image: art/quarters.png, position: left, border: none}
  - id: boxed
    kind: tile
    size: 20mm x 40mm
    front: {image: art/quarters.png, fit: contain, background: white, border: none}
";
    let yaml = game_with_art(yaml, 800, 200);
    let out = build(yaml.to_str().unwrap(), &["--no-pdf", "--dpi", "254"]);
    let read = |name: &str| {
        let png = out.join(format!("png/{name}-front.png"));
        let (w, h, _) = png_info(&png);
        (w, h, png_rgba(&png))
    };
    let (w, h, left) = read("left");
    assert_eq!((w, h), (200, 400));
    let px = |p: &[u8], x: u32, y: u32| {
        let i = ((y * w + x) * 4) as usize;
        [p[i], p[i + 1], p[i + 2]]
    };
    // The top-left quarter (red) is all there is across the top half: green is cropped off.
    assert!(
        px(&left, w - 3, h / 4)[0] > 200,
        "{:?}",
        px(&left, w - 3, h / 4)
    );
    // Contained: 20 mm wide, so 5 mm tall, centred; white above and below.
    let (_, _, boxed) = read("boxed");
    assert_eq!(px(&boxed, w / 2, 10), [255, 255, 255]);
    assert_eq!(px(&boxed, w / 2, h - 10), [255, 255, 255]);
    let top_of_picture = h / 2 - 25;
    assert!(px(&boxed, 10, top_of_picture + 3)[0] > 200);
    assert_eq!(px(&boxed, 10, top_of_picture - 3), [255, 255, 255]);
}

#[test]
fn tabletop_simulator_sheets_show_the_picture() {
    let yaml = game_with_art(DECK, 480, 640);
    let dir = temp_dir("art-tts");
    let o = pnp()
        .args(["tts", yaml.to_str().unwrap(), "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let sheets: Vec<PathBuf> = walk(&dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .collect();
    assert!(!sheets.is_empty());
    let yellow: usize = sheets
        .iter()
        .filter(|p| png_info(p).0 > 0)
        .map(|p| {
            rgba_of(p)
                .chunks(4)
                .filter(|c| c[0] > 220 && c[1] > 180 && c[2] < 60)
                .count()
        })
        .sum();
    assert!(yellow > 1000, "{yellow} yellow pixels in {sheets:?}");
}

/// Every file under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// The pixels of a PNG as RGBA, whatever its colour type.
fn rgba_of(path: &Path) -> Vec<u8> {
    let mut decoder =
        png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    match info.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf
            .chunks(3)
            .flat_map(|c| [c[0], c[1], c[2], 255])
            .collect(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_missing_picture_an_escape_and_a_soft_one_are_located() {
    let yaml = "game: {id: art, name: Art, players: [2]}
components:
  - id: hero
    kind: card
    size: 60mm x 80mm
    front: {image: art/none.png}
  - id: out
    kind: card
    size: 60mm x 80mm
    front:
      image: ../quarters.png
";
    let path = game_with_art(yaml, 40, 40);
    let o = run(&["validate", path.to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("game.yaml:6:20: image: there is no image `art/none.png`"),
        "{err}"
    );
    assert!(
        err.contains(
            "game.yaml:11:14: image: `../quarters.png`: an image is named from the game's folder"
        ),
        "{err}"
    );
    // 40 pixels over 60 mm: 17 dpi. Printed, with a warning at the line.
    let yaml = "game: {id: art, name: Art, players: [2]}
components:
  - id: hero
    kind: card
    size: 60mm x 80mm
    front: {image: art/quarters.png, fit: stretch}
";
    let path = game_with_art(yaml, 40, 40);
    let dir = temp_dir("art-soft");
    let o = pnp()
        .args(["build", path.to_str().unwrap(), "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("warning: ")
            && err.contains("game.yaml:6:20: image `art/quarters.png` is 40 × 40 pixels: 13 dpi"),
        "{err}"
    );
    assert!(err.contains("it needs 473 × 473 pixels or more"), "{err}");
}

#[test]
fn a_rows_picture_is_located_at_its_cell() {
    let dir = temp_dir("art-rows");
    write_quarters(&dir.join("art/fire.png"), 600, 800);
    std::fs::write(
        dir.join("game.yaml"),
        "game: {id: art, name: Art, players: [2]}
components:
  - id: spell
    kind: card
    size: 60mm x 80mm
    data: cards.csv
    front: {title: \"{row.title}\", image: \"art/{row.id}.png\"}
",
    )
    .unwrap();
    std::fs::write(dir.join("cards.csv"), "title,id\nFire,fire\nIce,ice\n").unwrap();
    let o = run(&["validate", dir.join("game.yaml").to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("cards.csv:3:5: image: there is no image `art/ice.png`"),
        "{err}"
    );
    assert!(!err.contains("fire.png"), "{err}");
}

/// A deck of spells in a game folder, read from `data`.
pub(crate) fn spells_game(data: &str) -> PathBuf {
    let dir = temp_dir("art-book");
    std::fs::write(
        dir.join("game.yaml"),
        format!(
            "game: {{id: book, name: Book, players: [2]}}
components:
  - id: spell
    kind: card
    size: 63mm x 88mm
    data: \"{data}\"
    front: {{title: \"{{row.title}}\", text: \"{{row.cost}}\"}}
rules:
  - {{id: fire, quote: two fire spells, check: {{total: spell, where: {{school: fire}}, equals: 2}}}}
"
        ),
    )
    .unwrap();
    dir
}

/// Writes `cards.xlsx` with a sheet `Notes` first and the deck in `Spells`; `bad` puts a
/// formula error in the cost of the second row.
fn write_xlsx(path: &Path, bad: bool) {
    let mut book = rust_xlsxwriter::Workbook::new();
    book.add_worksheet().set_name("Notes").unwrap();
    let sheet = book.add_worksheet().set_name("Spells").unwrap();
    let rows: [[&str; 5]; 4] = [
        ["id", "title", "cost", "school", "copies"],
        ["fireball", "Fireball", "3", "fire", "1"],
        ["ember", "Ember ♦", "1", "fire", ""],
        ["frost", "Frost", "2", "ice", "2"],
    ];
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            // Numbers as numbers, as a spreadsheet keeps them.
            match cell.parse::<f64>() {
                Ok(n) => sheet.write_number(r as u32, c as u16, n).unwrap(),
                Err(_) => sheet.write_string(r as u32, c as u16, *cell).unwrap(),
            };
        }
    }
    if bad {
        sheet
            .write_formula(
                2,
                2,
                rust_xlsxwriter::Formula::new("=1/0").set_result("#DIV/0!"),
            )
            .unwrap();
    }
    book.save(path).unwrap();
}

#[test]
fn a_deck_is_read_from_an_xlsx_sheet_by_name() {
    let dir = spells_game("cards.xlsx#Spells");
    write_xlsx(&dir.join("cards.xlsx"), false);
    let out = build(dir.join("game.yaml").to_str().unwrap(), &["--no-cover"]);
    let mut pngs = files(&out.join("png"));
    pngs.sort();
    assert_eq!(
        pngs,
        [
            "spell-ember-front.png",
            "spell-fireball-front.png",
            "spell-frost-front.png"
        ]
    );
    let text = pdf_text(&std::fs::read(out.join("book.pdf")).unwrap()).join("\n");
    assert_eq!(text.matches("Frost").count(), 2, "{text}");
    assert!(text.contains("Ember ♦") && text.contains('3'), "{text}");
}

#[test]
fn a_bad_workbook_cell_or_sheet_is_located() {
    let dir = spells_game("cards.xlsx#Spells");
    write_xlsx(&dir.join("cards.xlsx"), true);
    let o = run(&["validate", dir.join("game.yaml").to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("cards.xlsx#Spells:3:3: the cell holds the error `#DIV/0!`"),
        "{err}"
    );
    let dir = spells_game("cards.xlsx#Spels");
    write_xlsx(&dir.join("cards.xlsx"), false);
    let o = run(&["validate", dir.join("game.yaml").to_str().unwrap()]);
    let err = stderr(&o);
    assert!(
        err.contains("game.yaml:6:11: `")
            && err.contains("cards.xlsx` has no sheet `Spels` (its sheets: Notes, Spells)"),
        "{err}"
    );
}

/// A minimal OpenDocument spreadsheet (what LibreOffice saves, less its styles and settings)
/// with one sheet `Deck` of `rows`.
fn write_ods(path: &Path, rows: &[&[&str]]) {
    let mut table = String::new();
    for row in rows {
        table.push_str("<table:table-row>");
        for cell in *row {
            match cell.parse::<f64>() {
                Ok(n) => table.push_str(&format!(
                    "<table:table-cell office:value-type=\"float\" office:value=\"{n}\"><text:p>{cell}</text:p></table:table-cell>"
                )),
                Err(_) => table.push_str(&format!(
                    "<table:table-cell office:value-type=\"string\"><text:p>{cell}</text:p></table:table-cell>"
                )),
            }
        }
        table.push_str("</table:table-row>");
    }
    write_ods_table(path, &table);
}

/// An OpenDocument spreadsheet whose sheet `Deck` is `table` (its rows, as XML).
pub(crate) fn write_ods_table(path: &Path, table: &str) {
    use std::io::Write;
    let content = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\
<office:document-content xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" \
xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" \
xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" office:version=\"1.2\">\
<office:body><office:spreadsheet><table:table table:name=\"Deck\">{table}</table:table>\
</office:spreadsheet></office:body></office:document-content>"
    );
    let manifest = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\
<manifest:manifest xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\" manifest:version=\"1.2\">\
<manifest:file-entry manifest:full-path=\"/\" manifest:media-type=\"application/vnd.oasis.opendocument.spreadsheet\"/>\
<manifest:file-entry manifest:full-path=\"content.xml\" manifest:media-type=\"text/xml\"/>\
</manifest:manifest>";
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (name, body) in [
        ("mimetype", "application/vnd.oasis.opendocument.spreadsheet"),
        ("META-INF/manifest.xml", manifest),
        ("content.xml", content.as_str()),
    ] {
        zip.start_file(name, stored).unwrap();
        zip.write_all(body.as_bytes()).unwrap();
    }
    zip.finish().unwrap();
}

#[test]
fn a_deck_is_read_from_an_ods_sheet_and_its_bad_cell_located() {
    let dir = spells_game("cards.ods");
    write_ods(
        &dir.join("cards.ods"),
        &[
            &["id", "title", "cost", "school"],
            &["fireball", "Fireball", "3", "fire"],
            &["ember", "Ember", "1", "fire"],
        ],
    );
    let out = build(dir.join("game.yaml").to_str().unwrap(), &["--no-cover"]);
    let text = pdf_text(&std::fs::read(out.join("book.pdf")).unwrap()).join("\n");
    assert!(
        text.contains("Fireball") && text.contains("Ember"),
        "{text}"
    );
    write_ods(
        &dir.join("cards.ods"),
        &[
            &["id", "title", "cost", "school"],
            &["fireball", "Fireball", "3", "fire"],
            &["Ember Two", "Ember", "1", "fire"],
        ],
    );
    let o = run(&["validate", dir.join("game.yaml").to_str().unwrap()]);
    let err = stderr(&o);
    assert!(
        err.contains("cards.ods#Deck:3:1: id `Ember Two` must be 1–64 lowercase letters"),
        "{err}"
    );
}

#[test]
fn a_workbook_whose_cells_span_a_huge_sheet_is_refused_before_it_is_read() {
    // A 2 KB file with a cell at the last row and column asks calamine for the whole sheet's
    // rectangle (half a terabyte); an .ods row of 16,384 repeated cells repeated a million
    // times, for 16 billion cells. Each is refused, quickly and in little memory.
    let dir = spells_game("cards.xlsx#Spells");
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet().set_name("Spells").unwrap();
    for (c, cell) in ["id", "title", "cost", "school"].iter().enumerate() {
        sheet.write_string(0, c as u16, *cell).unwrap();
    }
    sheet.write_string(1_048_575, 16_383, "far").unwrap();
    book.save(dir.join("cards.xlsx")).unwrap();
    let ods = spells_game("cards.ods");
    write_ods_table(
        &ods.join("cards.ods"),
        "<table:table-row><table:table-cell office:value-type=\"string\"><text:p>id</text:p></table:table-cell></table:table-row>\
         <table:table-row table:number-rows-repeated=\"1000000\"><table:table-cell table:number-columns-repeated=\"16384\" office:value-type=\"float\" office:value=\"1\"><text:p>1</text:p></table:table-cell></table:table-row>",
    );
    for (game, message) in [(&dir, "sheet `Spells` of `"), (&ods, "sheet `Deck` of `")] {
        let out = pnp()
            .args(["validate", "-v"])
            .arg(game.join("game.yaml"))
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains("game.yaml:6:11: ") && err.contains(message),
            "{err}"
        );
        assert!(err.contains("more than 1000000 cells"), "{err}");
    }
    // Within the limit, a deck far down and to the right of the sheet's corner reads as written.
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet().set_name("Spells").unwrap();
    let rows = [
        ["id", "title", "cost", "school"],
        ["fireball", "Fireball", "3", "fire"],
        ["ember", "Ember", "1", "fire"],
    ];
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            sheet
                .write_string(500 + r as u32, 100 + c as u16, *cell)
                .unwrap();
        }
    }
    book.save(dir.join("cards.xlsx")).unwrap();
    let o = run(&["validate", dir.join("game.yaml").to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn the_symbol_font_draws_suits_arrows_stars_and_checks() {
    let dir = temp_dir("art-symbols");
    std::fs::write(
        dir.join("game.yaml"),
        "game: {id: suits, name: Suits, players: [2]}
components:
  - id: card
    kind: card
    size: 63mm x 88mm
    copies: 3
    front: {title: \"Suits ♠♥♦♣\", lines: [\"Move → then ★ ✓\"]}
",
    )
    .unwrap();
    let out = build(dir.join("game.yaml").to_str().unwrap(), &["--no-cover"]);
    let pdf = std::fs::read(out.join("suits.pdf")).unwrap();
    let text = pdf_text(&pdf).join("\n");
    assert!(text.contains("♠♥♦♣"), "{text}");
    assert!(
        text.contains("→") && text.contains("★") && text.contains("✓"),
        "{text}"
    );
    let fonts = pdf_embedded_fonts(&pdf);
    assert!(
        fonts.iter().any(|f| f.ends_with("+DejaVuSans")),
        "{fonts:?}"
    );
    // Each symbol is a glyph of its own with ink, not the empty box of a missing glyph: the
    // PNG of the card is dark where the suits are, and the four suits differ from each other.
    let glyphs: Vec<Glyph> = pdf_glyphs(&pdf).concat();
    for suit in ["♠", "♥", "♦", "♣"] {
        let g = glyphs.iter().find(|g| g.text == suit).expect(suit);
        assert!(g.advance > 0.5 * g.size * 0.5, "{suit}: {g:?}");
    }
    assert!(
        !stderr(&run(&["validate", dir.join("game.yaml").to_str().unwrap()]))
            .contains("cannot draw")
    );
}

/// A copy of a bundled font under another family name (`Roboto` → `Tested` in its name table),
/// as a game's own font: a real font file that is none of pnp's families.
fn own_font_bytes() -> Vec<u8> {
    let mut bytes =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/Roboto-Regular.ttf"))
            .unwrap();
    let utf16 = |s: &str| {
        s.encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect::<Vec<u8>>()
    };
    for (from, to) in [
        (utf16("Roboto"), utf16("Tested")),
        (b"Roboto".to_vec(), b"Tested".to_vec()),
    ] {
        let mut i = 0;
        while i + from.len() <= bytes.len() {
            if bytes[i..i + from.len()] == from[..] {
                bytes[i..i + from.len()].copy_from_slice(&to);
                i += from.len();
            } else {
                i += 1;
            }
        }
    }
    bytes
}

#[test]
fn a_games_own_font_is_embedded_and_a_wrong_family_located() {
    let dir = temp_dir("art-font");
    std::fs::create_dir_all(dir.join("fonts")).unwrap();
    std::fs::write(dir.join("fonts/Tested.ttf"), own_font_bytes()).unwrap();
    let yaml = |font: &str| {
        format!(
            "game: {{id: typed, name: Typed, players: [2]}}
fonts: [fonts/Tested.ttf]
components:
  - id: card
    kind: card
    size: 63mm x 88mm
    front: {{title: Plain, lines: [Bundled]}}
    variants:
      - {{id: own, front: {{font: {font}, title: Own, lines: [Set in the game's font]}}}}
      - {{id: plain}}
"
        )
    };
    std::fs::write(dir.join("game.yaml"), yaml("Tested")).unwrap();
    let out = build(dir.join("game.yaml").to_str().unwrap(), &["--no-cover"]);
    let pdf = std::fs::read(out.join("typed.pdf")).unwrap();
    let fonts = pdf_embedded_fonts(&pdf);
    assert!(
        fonts.iter().any(|f| f.ends_with("+Tested-Regular")),
        "{fonts:?}"
    );
    assert!(
        fonts.iter().any(|f| f.ends_with("+BebasNeueRegular")),
        "{fonts:?}"
    );
    assert!(pdf_text(&pdf).join("\n").contains("Set in the game's font"));
    // A family the game does not have, and a font file out of its folder.
    std::fs::write(dir.join("game.yaml"), yaml("Testd")).unwrap();
    let o = run(&["validate", dir.join("game.yaml").to_str().unwrap()]);
    let err = stderr(&o);
    assert!(
        err.contains("game.yaml:9:33: no font family `Testd`"),
        "{err}"
    );
    assert!(err.contains("did you mean `Tested`?"), "{err}");
    std::fs::write(
        dir.join("game.yaml"),
        yaml("Tested").replace("fonts/Tested.ttf", "../Tested.ttf"),
    )
    .unwrap();
    let err = stderr(&run(&["validate", dir.join("game.yaml").to_str().unwrap()]));
    assert!(
        err.contains("game.yaml:2:9: `../Tested.ttf`: a font is named from the game's folder"),
        "{err}"
    );
}

/// The example's Goudy Bookletter, changed by `change`, as a game's only font: the build is
/// refused at the font's line in `fonts:` with `said`, and makes nothing.
fn goudy_changed_is_refused(name: &str, change: impl FnOnce(&mut Vec<u8>), said: &str) {
    let dir = temp_dir(name);
    std::fs::create_dir_all(dir.join("fonts")).unwrap();
    let mut bytes = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/fonts/GoudyBookletter1911.otf"),
    )
    .unwrap();
    change(&mut bytes);
    std::fs::write(dir.join("fonts/Goudy.otf"), bytes).unwrap();
    std::fs::write(
        dir.join("game.yaml"),
        "game: {id: typed, name: Typed, players: [2]}\nfonts: [fonts/Goudy.otf]\ncomponents:\n  - id: card\n    kind: card\n    size: 63mm x 88mm\n    front: {title: Goudy, font: Goudy Bookletter 1911}\n",
    )
    .unwrap();
    let out = dir.join("out");
    let o = pnp()
        .arg("build")
        .arg(dir.join("game.yaml"))
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    let whole =
        format!("game.yaml:2:9: font `fonts/Goudy.otf`: the font `Goudy Bookletter 1911` {said}");
    assert!(err.contains(&whole), "{err}");
    assert!(!out.exists(), "made {:?}", files(&out));
}

/// Issue 47: a font with one byte of its CFF table changed read as a font, then failed in the
/// PDF writer (exit 1, no place, empty folders left). It is embedded whole when it is read, and
/// refused at its line, nothing made.
#[test]
fn a_damaged_font_is_refused_at_its_line() {
    goudy_changed_is_refused(
        "art-font-damaged",
        |bytes| bytes[30539] ^= 0xff,
        "cannot go into a PDF: failed to subset font",
    );
}

/// A font whose family ttf-parser reads but the font database skips (no PostScript name) was
/// taken without a word, and its family was then "not found".
#[test]
fn a_font_without_a_postscript_name_is_refused_at_its_line() {
    // The `name` table's records (12 bytes each, after 6 bytes of header): name 6 becomes 7.
    let unnamed = |bytes: &mut Vec<u8>| {
        let tables = u16::from_be_bytes([bytes[4], bytes[5]]) as usize;
        let record = (0..tables)
            .map(|i| 12 + 16 * i)
            .find(|&r| &bytes[r..r + 4] == b"name")
            .expect("a name table");
        let at = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap()) as usize;
        let name = at(record + 8);
        let count = u16::from_be_bytes([bytes[name + 2], bytes[name + 3]]) as usize;
        let mut renamed = 0;
        for r in 0..count {
            let id = name + 6 + 12 * r + 6;
            if bytes[id..id + 2] == [0, 6] {
                bytes[id + 1] = 7;
                renamed += 1;
            }
        }
        assert!(renamed > 0, "the font has a PostScript name to take away");
    };
    goudy_changed_is_refused(
        "art-font-unnamed",
        unnamed,
        "cannot be set: it has no PostScript name or no family in Unicode",
    );
}

#[test]
fn a_glyph_no_font_has_is_one_warning_per_distinct_text() {
    // Once said, wherever else the same text is written; the game still prints.
    let dir = temp_dir("art-emoji");
    std::fs::write(
        dir.join("game.yaml"),
        "game: {id: tiny, name: Tiny, players: [2]}
components:
  - id: disc
    kind: token
    size: 20mm
    variants:
      - {id: a, front: {label: \"Dice 🎲\"}}
      - {id: b, front: {label: \"Dice 🎲\"}}
      - {id: c, front: {label: \"Dice 🎲\"}}
      - {id: d, front: {label: \"Two 🎲🎲\"}}
  - id: sheet
    kind: sheet
    sheet:
      sections:
        - table:
            columns: [Item, Count]
            rows:
              - [\"Dice 🎲\", \"3\"]
",
    )
    .unwrap();
    let o = run(&["validate", dir.join("game.yaml").to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("game.yaml:7:33: the text `Dice 🎲` has characters the bundled fonts cannot draw: '🎲' (U+1F3B2)"), "{err}");
    assert_eq!(err.matches("`Two 🎲🎲`").count(), 1, "{err}");
    assert_eq!(err.matches("cannot draw").count(), 2, "{err}");
}

/// The pixels of face PNG `name` in `out`: its width, height and RGBA bytes.
fn face_pixels(out: &Path, name: &str) -> (u32, u32, Vec<u8>) {
    let png = out.join(format!("png/{name}-front.png"));
    let (w, h, _) = png_info(&png);
    (w, h, png_rgba(&png))
}

/// The smallest rectangle (left, top, right, bottom, in pixels, inclusive) holding every pixel
/// `is` picks.
fn extent(w: u32, pixels: &[u8], is: impl Fn(&[u8]) -> bool) -> (u32, u32, u32, u32) {
    let mut e = (u32::MAX, u32::MAX, 0, 0);
    for (i, p) in pixels.chunks(4).enumerate() {
        if is(p) {
            let (x, y) = (i as u32 % w, i as u32 / w);
            e = (e.0.min(x), e.1.min(y), e.2.max(x), e.3.max(y));
        }
    }
    e
}

/// Whether a pixel is `colour` (within a little for resampling).
fn near(p: &[u8], colour: [u8; 3]) -> bool {
    (0..3).all(|k| p[k].abs_diff(colour[k]) <= 12)
}

#[test]
fn a_layout_box_holds_the_faces_picture_where_the_box_is() {
    // 20 px a mm: one pixel is 0.05 mm.
    let yaml = "game: {id: art, name: Art, players: [2]}
layouts:
  framed:
    - {name: art, x: 10mm, y: 20mm, w: 30mm, h: 24mm, show: image}
    - {name: name, x: 10mm, y: 50mm, w: 30mm, h: 8mm, show: title}
components:
  - id: hero
    kind: card
    shape: square
    size: 50mm x 70mm
    copies: 6
    layout: framed
    front: {image: art/quarters.png, fit: stretch, title: Hero, background: white, border: none}
";
    let yaml = game_with_art(yaml, 300, 240);
    let out = build(yaml.to_str().unwrap(), &["--dpi", "508", "--no-cover"]);
    let (w, h, pixels) = face_pixels(&out, "hero");
    assert_eq!((w, h), (1000, 1400));
    // Each quarter of the picture fills its quarter of the box, 10-40 mm across and 20-44 mm
    // down: red at 10-25 mm × 20-32 mm, yellow at 25-40 mm × 32-44 mm.
    // The box's edges are sharp; where two quarters meet, resampling blends a pixel or so.
    let want = [
        (200, 400, 499, 639),
        (500, 400, 799, 639),
        (200, 640, 499, 879),
        (500, 640, 799, 879),
    ];
    for (colour, want) in QUARTERS.into_iter().zip(want) {
        let got = extent(w, &pixels, |p| near(p, colour));
        let sides = [
            (got.0, want.0),
            (got.1, want.1),
            (got.2, want.2),
            (got.3, want.3),
        ];
        for (side, (got_at, want_at)) in sides.into_iter().enumerate() {
            // Outer sides (on the box's edge) exact, inner ones within 0.05 mm.
            let outer = [200, 400, 799, 879].contains(&want_at);
            let slack = if outer { 0 } else { 1 };
            assert!(
                got_at.abs_diff(want_at) <= slack,
                "{colour:?} side {side}: {got:?}, expected {want:?}"
            );
        }
    }
    // Nothing of it outside the box (it is not also drawn across the face), and the title is
    // in its own box, under the picture.
    let outside = extent(w, &pixels, |p| p[0] < 250 || p[1] < 250 || p[2] < 250);
    assert_eq!(
        (outside.0, outside.1, outside.2),
        (200, 400, 799),
        "{outside:?}"
    );
    assert!(
        (1000..1160).contains(&outside.3),
        "the title ends at row {}",
        outside.3
    );
    // Six cards, one picture in the PDF.
    let pdf = std::fs::read(out.join("art.pdf")).unwrap();
    assert_eq!(image_objects(&pdf), 1);
}

#[test]
fn a_tile_and_a_token_with_a_layout_draw_their_boxes_where_they_go() {
    let yaml = "game: {id: plots, name: Plots, players: [2]}
layouts:
  plot:
    - {name: ground, x: 5mm, y: 6mm, w: 12mm, h: 8mm, fill: \"#1e3cd2\"}
    - {name: sign, x: 50%, y: 50%, w: 40%, h: 30%, fill: \"#dc1e1e\"}
    - {name: name, x: 0mm, y: 25mm, w: 20mm, h: 5mm, show: title}
  dot:
    - {name: middle, x: 10mm, y: 10mm, w: 10mm, h: 10mm, fill: \"#1e3cd2\"}
components:
  - id: plot
    kind: tile
    shape: square
    size: 40mm x 30mm
    layout: plot
    front: {title: Plot, symbol: sun, background: white, border: none}
  - id: coin
    kind: token
    shape: round
    size: 30mm
    layout: dot
    front: {symbol: moon, background: white, border: none}
";
    let dir = temp_dir("plots");
    std::fs::write(dir.join("plots.yaml"), yaml).unwrap();
    let out = build(
        dir.join("plots.yaml").to_str().unwrap(),
        &["--no-pdf", "--dpi", "508"],
    );
    let (w, h, pixels) = face_pixels(&out, "plot");
    assert_eq!((w, h), (800, 600));
    // 20 px a mm: the blue box at 5-17 mm × 6-14 mm, the red one at 20-36 mm × 15-24 mm.
    let (blue, red) = ([30, 60, 210], [220, 30, 30]);
    assert_eq!(extent(w, &pixels, |p| near(p, blue)), (100, 120, 339, 279));
    assert_eq!(extent(w, &pixels, |p| near(p, red)), (400, 300, 719, 479));
    // The title in its box at the foot, left of the red box: dark pixels there and nowhere
    // else but the boxes (the built-in look, its sun in the middle, is not drawn).
    let ink = |p: &[u8]| p[0] < 120 && p[1] < 120 && p[2] < 120;
    let title = extent(w, &pixels, ink);
    assert!(
        title.0 < 400 && title.1 >= 500 && title.2 < 400 && title.3 < 600,
        "{title:?}"
    );
    // A token's box too.
    let (w, _, pixels) = face_pixels(&out, "coin");
    assert_eq!(extent(w, &pixels, |p| near(p, blue)), (200, 200, 399, 399));
}

#[test]
fn a_picture_in_a_box_is_judged_at_the_boxs_size() {
    // 120 × 90 pixels: 152 dpi in a 20 × 15 mm box, 76 dpi in a 40 × 30 mm one.
    let yaml = |w: u32, h: u32| {
        format!(
            "game: {{id: art, name: Art, players: [2]}}
layouts:
  framed:
    - {{name: art, x: 5mm, y: 5mm, w: {w}mm, h: {h}mm, show: image}}
components:
  - id: hero
    kind: card
    size: poker
    layout: framed
    front: {{image: art/quarters.png}}
"
        )
    };
    let sharp = game_with_art(&yaml(20, 15), 120, 90);
    let v = run(&["validate", sharp.to_str().unwrap()]);
    assert!(v.status.success(), "{}", stderr(&v));
    assert!(!stderr(&v).contains("dpi"), "{}", stderr(&v));
    let soft = game_with_art(&yaml(40, 30), 120, 90);
    let v = run(&["validate", soft.to_str().unwrap()]);
    assert!(
        stderr(&v).contains("76 dpi as it is printed in the 40 × 30 mm box `art`"),
        "{}",
        stderr(&v)
    );
}

#[test]
fn a_symbols_root_paint_colours_its_shapes_as_in_any_svg_viewer() {
    // A square on a tile: filled by its root `<svg fill>`, outlined by its `style`'s stroke;
    // the second names no paint, and is drawn in SVG's default black.
    let dir = temp_dir("symbol-paint");
    std::fs::create_dir_all(dir.join("symbols")).unwrap();
    let square = |root: &str| {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" {root}><rect x="1" y="1" width="8" height="8"/></svg>"#
        )
    };
    std::fs::write(
        dir.join("symbols/painted.svg"),
        square(r##"fill="#cc3333" style="stroke:#2255cc;stroke-width:1""##),
    )
    .unwrap();
    std::fs::write(dir.join("symbols/plain.svg"), square("")).unwrap();
    let yaml = dir.join("paint.yaml");
    std::fs::write(
        &yaml,
        "game: {id: paint, name: Paint, players: [2]}
components:
  - id: painted
    kind: tile
    size: 30mm
    front: {symbol: painted, background: white, border: none}
  - id: plain
    kind: tile
    size: 30mm
    front: {symbol: plain, background: white, border: none}
",
    )
    .unwrap();
    let out = build(yaml.to_str().unwrap(), &["--dpi", "254", "--no-cover"]);
    // 10 px a mm: the symbol fills the tile's middle, its square's edge about 6 mm in.
    let (w, h, pixels) = face_pixels(&out, "painted");
    assert_eq!((w, h), (300, 300));
    let at = |pixels: &[u8], x: u32, y: u32| pixels[((y * w + x) * 4) as usize..][..3].to_vec();
    assert!(
        near(&at(&pixels, 150, 150), [0xcc, 0x33, 0x33]),
        "{:?}",
        at(&pixels, 150, 150)
    );
    let stroked = extent(w, &pixels, |p| near(p, [0x22, 0x55, 0xcc]));
    let filled = extent(w, &pixels, |p| near(p, [0xcc, 0x33, 0x33]));
    assert!(
        stroked.0 < filled.0 && stroked.2 > filled.2,
        "the outline {stroked:?} round the fill {filled:?}"
    );
    let (_, _, plain) = face_pixels(&out, "plain");
    assert!(
        near(&at(&plain, 150, 150), [0, 0, 0]),
        "{:?}",
        at(&plain, 150, 150)
    );
}
