//! From home printer to print shop (issue 37): images with their bleed, vendor profiles, cut
//! lines and preflight.
use crate::common::*;
use std::path::{Path, PathBuf};

/// A card and a tile in strong colours, written into a fresh folder.
fn shop_game() -> PathBuf {
    let dir = temp_dir("shop-game");
    let path = dir.join("shop.yaml");
    std::fs::write(
        &path,
        "game: {id: shop, name: Shop, players: [2]}\n\
         components:\n\
         \x20 - id: card\n\
         \x20   kind: card\n\
         \x20   size: 63.5mm x 88.9mm\n\
         \x20   copies: 3\n\
         \x20   front: {title: Card, background: \"#c00000\", ink: \"#ffffff\"}\n\
         \x20   back: {title: Back, background: \"#0000c0\", ink: \"#ffffff\"}\n\
         \x20 - id: tile\n\
         \x20   kind: tile\n\
         \x20   size: 30mm\n\
         \x20   copies: 2\n\
         \x20   front: {label: Tile, background: \"#00a000\", ink: \"#ffffff\"}\n",
    )
    .unwrap();
    path
}

fn pixel(rgba: &[u8], w: u32, x: u32, y: u32) -> [u8; 4] {
    let i = ((y * w + x) * 4) as usize;
    rgba[i..i + 4].try_into().unwrap()
}

fn near(got: [u8; 4], want: [u8; 3]) -> bool {
    got[3] == 255 && got.iter().zip(want).all(|(a, b)| a.abs_diff(b) <= 2)
}

fn image(dir: &Path, name: &str) -> (u32, u32, Option<u32>, Vec<u8>) {
    let path = dir.join("png").join(name);
    let (w, h, ppu) = png_info(&path);
    (w, h, ppu, png_rgba(&path))
}

#[test]
fn with_bleed_an_image_is_the_trim_and_its_bleed_at_the_dpi() {
    let game = shop_game();
    let game = game.to_str().unwrap();
    // 1/8 in of bleed on a poker card is The Game Crafter's 825 × 1125 px at 300 dpi.
    // (build flags, dpi, [(image, width px, height px)])
    type Case<'a> = (&'a [&'a str], u32, [(&'a str, u32, u32); 3]);
    let cases: [Case; 3] = [
        (
            &[],
            300,
            [
                ("card-front.png", 750, 1050),
                ("card-back.png", 750, 1050),
                ("tile-front.png", 354, 354), // 30 mm = 354.33 px
            ],
        ),
        (
            &["--bleed", "0.125in"],
            300,
            [
                ("card-front.png", 825, 1125),
                ("card-back.png", 825, 1125),
                ("tile-front.png", 429, 429), // 36.35 mm = 429.33 px
            ],
        ),
        (
            &["--bleed", "3mm", "--dpi", "150"],
            150,
            [
                ("card-front.png", 410, 560), // 69.5 × 94.9 mm = 410.4 × 560.4 px
                ("card-back.png", 410, 560),
                ("tile-front.png", 213, 213), // 36 mm = 212.6 px
            ],
        ),
    ];
    for (extra, dpi, images) in cases {
        let dir = build(game, extra);
        for (name, w, h) in images {
            let (gw, gh, ppu, _) = image(&dir, name);
            assert_eq!((gw, gh), (w, h), "{extra:?} {name}");
            assert_eq!(ppu, Some(ppm(dpi)), "{extra:?} {name}");
        }
    }
}

#[test]
fn the_background_runs_into_the_bleed_of_every_image() {
    let game = shop_game();
    let dir = build(game.to_str().unwrap(), &["--bleed", "3mm"]);
    let bleed_px = (3.0_f64 / 25.4 * 300.0) as u32; // 35 px
    for (name, colour) in [
        ("card-front.png", [0xc0, 0, 0]),
        ("card-back.png", [0, 0, 0xc0]),
        ("tile-front.png", [0, 0xa0, 0]),
    ] {
        let (w, h, _, rgba) = image(&dir, name);
        // Every pixel of the bleed band: the corners, the edges' middles, a pixel in from each.
        let mut spots = vec![];
        for d in [0, 1, bleed_px / 2, bleed_px - 2] {
            spots.extend([
                (d, d),
                (w - 1 - d, d),
                (d, h - 1 - d),
                (w - 1 - d, h - 1 - d),
                (w / 2, d),
                (d, h / 2),
                (w - 1 - d, h / 2),
                (w / 2, h - 1 - d),
            ]);
        }
        for (x, y) in spots {
            let got = pixel(&rgba, w, x, y);
            assert!(near(got, colour), "{name} ({x}, {y}): {got:?}");
        }
    }
}

/// The copies of each component of a shipped game (every player count).
fn copies_by_component(game: &str) -> std::collections::BTreeMap<String, u32> {
    let game = pnp::kinds::load(game).unwrap();
    let mut by = std::collections::BTreeMap::new();
    for p in pnp::kinds::piece::expand(&game) {
        *by.entry(game.spec.components[p.component].id.value.clone())
            .or_insert(0) += p.copies;
    }
    by
}

/// Rows of a CSV pnp wrote (no quoted commas in these games' ids and numbers), header first.
fn csv(path: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .map(|l| {
            // Quoted cells hold commas: split outside quotes only.
            let (mut cells, mut cell, mut quoted) = (vec![], String::new(), false);
            for c in l.chars() {
                match c {
                    '"' => quoted = !quoted,
                    ',' if !quoted => cells.push(std::mem::take(&mut cell)),
                    c => cell.push(c),
                }
            }
            cells.push(cell);
            cells
        })
        .collect()
}

/// (width, height, dpi) of a PNG (pHYs) or JPEG (JFIF density).
fn image_info(path: &Path) -> (u32, u32, u32) {
    let bytes = std::fs::read(path).unwrap();
    if path.extension().unwrap() == "png" {
        let (w, h, ppu) = png_info(path);
        let dpi = (ppu.expect("pHYs") as f64 * 0.0254).round() as u32;
        return (w, h, dpi);
    }
    let mut jpeg =
        zune_jpeg::JpegDecoder::new(zune_jpeg::zune_core::bytestream::ZCursor::new(&bytes));
    let pixels = jpeg.decode().expect("JPEG decodes");
    let (w, h) = jpeg.dimensions().expect("JPEG gives its size");
    assert_eq!(
        jpeg.input_colorspace(),
        Some(zune_jpeg::zune_core::colorspace::ColorSpace::YCbCr),
        "{path:?} is colour"
    );
    assert_eq!(pixels.len(), w * h * 3, "{path:?} decodes to RGB");
    // Baseline (SOF0), three components each sampled 1 × 1: colour at full resolution.
    let sof = bytes.windows(2).position(|m| m == [0xff, 0xc0]);
    let sof = sof.unwrap_or_else(|| panic!("{path:?} is not baseline"));
    assert_eq!(bytes[sof + 9], 3, "{path:?}: three components");
    let sampling = [bytes[sof + 11], bytes[sof + 14], bytes[sof + 17]];
    assert_eq!(sampling, [0x11; 3], "{path:?}: colour subsampled");
    let jfif = bytes.windows(5).position(|w| w == b"JFIF\0").expect("JFIF");
    let d = &bytes[jfif + 5..];
    assert_eq!(d[2], 1, "density in dots per inch");
    let (x, y) = (
        u16::from_be_bytes([d[3], d[4]]),
        u16::from_be_bytes([d[5], d[6]]),
    );
    assert_eq!(x, y);
    (w as u32, h as u32, x as u32)
}

/// Builds `game` for `service` and checks every image against the manifest and the game.
fn check_profile(game: &str, service: &str, px: (u32, u32), ext: &str, left_out: &[&str]) {
    let dir = build(game, &["--for", service]);
    let shop = dir.join(service);
    assert!(!dir.join("png").exists() && !dir.join(format!("{game}.pdf")).exists());
    let copies = copies_by_component(game);
    let faces = csv(&shop.join("faces.csv"));
    assert_eq!(
        faces[0],
        [
            "file",
            "component",
            "side",
            "product",
            "width_px",
            "height_px",
            "dpi",
            "copies"
        ]
    );
    let side_folders = service != "tgc";
    // Faces are named as their PNGs in a build (a back shared by two decks keeps one name).
    let pngs = files(&build(game, &["--no-pdf"]).join("png"));
    let mut per_side: std::collections::BTreeMap<(String, String), u32> = Default::default();
    let mut listed = std::collections::BTreeSet::new();
    for row in &faces[1..] {
        let (file, component, side) = (&row[0], &row[1], &row[2]);
        let path = shop.join(file);
        let (w, h, dpi) = image_info(&path);
        let want: (u32, u32) = (row[4].parse().unwrap(), row[5].parse().unwrap());
        assert!(
            want == px || want == (px.1, px.0) || service == "tgc",
            "{file}"
        );
        assert_eq!((w, h), want, "{file}");
        assert_eq!(dpi, 300, "{file}");
        // <component>/[<side>/]<face>-<side>.<ext>, the face named as its PNG in a build.
        let name = path.file_name().unwrap().to_str().unwrap();
        let mut expected_dir = Path::new(component).to_path_buf();
        if side_folders {
            expected_dir.push(side);
        }
        assert_eq!(Path::new(file).parent().unwrap(), expected_dir, "{file}");
        assert!(name.ends_with(&format!("-{side}.{ext}")), "{file}");
        let png = format!("{}.png", name.rsplit_once('.').unwrap().0);
        assert!(pngs.contains(&png), "{file}: no {png} in a build");
        *per_side
            .entry((component.clone(), side.clone()))
            .or_default() += row[7].parse::<u32>().unwrap();
        listed.insert(path);
    }
    // Every image in the folder is listed.
    let mut stack = vec![shop.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().unwrap() != "csv" {
                assert!(listed.contains(&p), "{p:?} not in faces.csv");
            }
        }
    }
    let manifest = csv(&shop.join("manifest.csv"));
    assert_eq!(manifest[0][0], "component");
    let mut ordered = vec![];
    for row in &manifest[1..] {
        let (component, pieces, order) = (&row[0], &row[6], &row[7]);
        let n: u32 = pieces.parse().unwrap();
        assert_eq!(n, copies[component], "{service} {component}");
        // Every piece has its front, and its back when it has one.
        assert_eq!(per_side[&(component.clone(), "front".into())], n);
        if let Some(backs) = per_side.get(&(component.clone(), "back".into())) {
            assert_eq!(*backs, n);
        }
        let order: u32 = order.parse().unwrap();
        match service {
            "mpc" | "printerstudio" => {
                let brackets = [18, 36, 55, 72, 90, 108, 126, 144, 162, 180, 198];
                assert_eq!(order, *brackets.iter().find(|&&b| b >= n).unwrap());
            }
            _ => assert_eq!(order, n),
        }
        ordered.push(component.clone());
    }
    let expected: Vec<String> = copies
        .keys()
        .filter(|c| !left_out.contains(&c.as_str()))
        .cloned()
        .collect();
    ordered.sort();
    assert_eq!(ordered, expected, "{service}");
}

#[test]
fn the_beast_for_makeplayingcards() {
    // The record sheets and the round starvation tokens are printed at home.
    check_profile(
        "the-beast",
        "mpc",
        (822, 1122),
        "png",
        &["family-sheet", "starvation"],
    );
}

#[test]
fn the_bean_off_for_printer_studio_and_drivethrucards() {
    // Its Time Slot cards; the player sheets, dice and beans are printed at home.
    let home = ["bean", "die-role", "player-sheet"];
    check_profile("bean-off", "printerstudio", (822, 1122), "png", &home);
    check_profile("bean-off", "drivethru", (825, 1125), "jpg", &home);
}

#[test]
fn the_piecepack_for_the_game_crafter() {
    // Tiles are SmallSquareTile (675 px), coins MediumCircleChit (300 px); the dice nets and
    // pawns are printed at home.
    check_profile("piecepack", "tgc", (675, 675), "png", &["die", "pawn"]);
    let dir = build("piecepack", &["--for", "tgc"]);
    let manifest = csv(&dir.join("tgc/manifest.csv"));
    let product = |c: &str| manifest.iter().find(|r| r[0] == c).unwrap()[2].clone();
    assert_eq!(product("tile"), "SmallSquareTile");
    assert_eq!(product("coin"), "MediumCircleChit");
}

#[test]
fn a_piece_no_product_fits_is_refused_at_its_size_naming_the_nearest() {
    let dir = temp_dir("beast-tgc");
    let out = pnp()
        .args(["build", "the-beast", "--for", "tgc", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("data/the-beast.yaml:105:11: `starvation` is 16 × 16 mm")
            && err.contains("the nearest is MediumCircleChit (0.75 × 0.75 in"),
        "{err}"
    );
    assert!(err.contains("--copies starvation=0"), "{err}");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing written"
    );
    // Left out, the rest goes.
    let dir = build("the-beast", &["--for", "tgc", "--copies", "starvation=0"]);
    assert!(dir.join("tgc/action-deck/action-deck-back.png").is_file());
}

/// Whether stroke `s` runs from `a` to `b` (either way) to 0.05 mm.
fn runs(s: &Stroke, a: (f64, f64), b: (f64, f64)) -> bool {
    let at = |p: (f64, f64), q: (f64, f64)| (p.0 - q.0).abs() < 0.05 && (p.1 - q.1).abs() < 0.05;
    (at(s.a, a) && at(s.b, b)) || (at(s.a, b) && at(s.b, a))
}

#[test]
fn cuts_lines_draws_every_cut_and_marks_only_with_marks_or_both() {
    use pnp::layout::{Cuts, PageSide};
    let path = shop_game();
    let game = pnp::kinds::load(path.to_str().unwrap()).unwrap();
    for cuts in [Cuts::Marks, Cuts::Lines, Cuts::Both] {
        for bleed in [0.0, 3.0] {
            let opt = pnp::commands::options::BuildOptions {
                cuts,
                bleed,
                ..Default::default()
            };
            let doc = pnp::commands::prepare(&game, &opt).unwrap();
            let pdf = pnp::commands::pdf_bytes(&doc).unwrap();
            let strokes = pdf_strokes(&pdf).split_off(doc.front_matter.len());
            let mut checked = 0;
            for (page, strokes) in doc.pages.iter().zip(&strokes) {
                if page.side == PageSide::Back {
                    // Backs carry no cut lines: the front's are the ones cut along.
                    assert!(
                        page.placements.iter().all(|p| {
                            let r = p.rect;
                            !strokes
                                .iter()
                                .any(|s| runs(s, (r.x, r.y), (r.right(), r.y)))
                        }),
                        "{cuts:?}: a cut line on a back page"
                    );
                    continue;
                }
                for p in &page.placements {
                    let r = p.rect;
                    let sides = [
                        ((r.x, r.y), (r.right(), r.y)),
                        ((r.right(), r.y), (r.right(), r.bottom())),
                        ((r.x, r.bottom()), (r.right(), r.bottom())),
                        ((r.x, r.y), (r.x, r.bottom())),
                    ];
                    for (a, b) in sides {
                        let drawn = strokes.iter().find(|s| runs(s, a, b));
                        match cuts {
                            Cuts::Marks => assert!(drawn.is_none(), "{cuts:?}: {a:?}–{b:?}"),
                            _ => {
                                let s = drawn.unwrap_or_else(|| {
                                    panic!("{cuts:?} bleed {bleed}: no line {a:?}–{b:?}")
                                });
                                assert!((s.width - 0.2).abs() < 0.01, "{s:?}");
                                checked += 1;
                            }
                        }
                    }
                }
                // The crop marks the layout computes are printed with marks or both, never with
                // lines alone.
                let marks = pnp::layout::cuts::page_marks(page, &doc.layout);
                assert!(!marks.is_empty());
                for m in marks {
                    let shown = strokes.iter().any(|s| runs(s, (m.0, m.1), (m.2, m.3)));
                    assert_eq!(shown, cuts != Cuts::Lines, "{cuts:?}: mark {m:?}");
                }
            }
            assert!(
                cuts == Cuts::Marks || checked >= 5 * 4,
                "{cuts:?}: {checked} sides"
            );
        }
    }
    // The flag, as typed.
    let dir = build(path.to_str().unwrap(), &["--cuts", "both", "--no-png"]);
    assert!(dir.join("shop.pdf").is_file());
    let out = run(&["build", path.to_str().unwrap(), "--cuts", "dots"]);
    assert!(stderr(&out).contains("--cuts dots: expected marks, lines or both"));
}

/// A card whose title is set 1 mm from its left cut (by the layout `EDGE_LAYOUT`), at lines
/// 3 to 6 of a game.
const NEAR_CARD: &str = "  - id: near\n    kind: card\n    size: 63.5mm x 88.9mm\n    front: {layout: edge, title: Near}\n";
const EDGE_LAYOUT: &str =
    "    - {name: title, x: 1mm, y: 40mm, w: 30mm, h: 6mm, show: title, align: left}\n";

/// A game with one fault per component, each on a line of its own, for `pnp check`.
fn faulty_game() -> PathBuf {
    let dir = temp_dir("preflight");
    std::fs::create_dir(dir.join("symbols")).unwrap();
    // A cross drawn 0.2 units wide in a 100-unit box: a few hundredths of a millimetre.
    std::fs::write(
        dir.join("symbols/hair.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><line x1="10" y1="50" x2="90" y2="50" stroke="currentColor" stroke-width="0.2"/></svg>"#,
    )
    .unwrap();
    game_with_near(
        &dir,
        "faulty",
        "  - id: hair\n    kind: tile\n    size: 40mm\n    front: {symbol: hair}\n  \
         - id: pale\n    kind: card\n    size: 63.5mm x 88.9mm\n    front: {title: Pale, lines: [Pale text on a pale card], ink: \"#dddddd\", background: \"#eeeeee\"}\n",
    )
}

/// Writes `ID.yaml` in `dir`: a game whose components are `NEAR_CARD` (lines 3 to 6) and then
/// `others`, with the layout it uses.
fn game_with_near(dir: &Path, id: &str, others: &str) -> PathBuf {
    let path = dir.join(format!("{id}.yaml"));
    let yaml = format!(
        "game: {{id: {id}, name: {id}, players: [2]}}\ncomponents:\n{NEAR_CARD}{others}layouts:\n  edge:\n{EDGE_LAYOUT}"
    );
    std::fs::write(&path, yaml).unwrap();
    path
}

#[test]
fn check_warns_of_text_near_the_cut_hairlines_and_pale_ink_at_their_lines() {
    let path = faulty_game();
    let out = run(&["check", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    let warning = |line: usize, fragment: &str| {
        err.lines().find(|l| {
            l.starts_with("warning: ")
                && l.contains(&format!("faulty.yaml:{line}:9: "))
                && l.contains(fragment)
        })
    };
    // The card's title, set at the left of a box 1 mm from its cut.
    let near = warning(3, "`near`: text or a symbol is ").unwrap_or_else(|| panic!("{err}"));
    let mm: f64 = near
        .split("is ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((0.8..1.5).contains(&mm), "{near}");
    assert!(
        near.contains("inside the 3 mm safe zone (near-front)"),
        "{near}"
    );
    let hair = warning(7, "`hair`: a line ").unwrap_or_else(|| panic!("{err}"));
    let pt: f64 = hair
        .split("a line ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(pt < 0.25, "{hair}");
    let pale = warning(
        11,
        "`pale`: ink #dddddd on background #eeeeee has a contrast of 1.",
    )
    .unwrap_or_else(|| panic!("{err}"));
    assert!(pale.contains("too pale to read in print"), "{pale}");
    // Each with what to change.
    for hint in [
        "make the piece larger",
        "at least 0.25 pt",
        "darken the `ink`",
    ] {
        assert!(err.contains(hint), "{hint}: {err}");
    }
    // Nothing else: no hairline or contrast warning where there is none.
    assert!(warning(3, "a line").is_none() && warning(7, "contrast").is_none());
    assert!(
        stdout(&out).contains("checked faulty: 3 faces, 3 warnings"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_contrast_warning_for_text_on_a_picture_says_so() {
    let dir = temp_dir("contrast-picture");
    let art = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/art/woods.png");
    std::fs::copy(art, dir.join("woods.png")).unwrap();
    let path = dir.join("pic.yaml");
    let game = |front: &str| {
        format!(
            "game: {{id: pic, name: Pic, players: [2]}}\ncomponents:\n  - id: forest\n    kind: card\n    size: 63.5mm x 88.9mm\n    front: {{{front}}}\n"
        )
    };
    // White text on a picture, on the default white background.
    std::fs::write(&path, game("title: Forest, ink: white, image: woods.png")).unwrap();
    let out = run(&["check", path.to_str().unwrap()]);
    let err = stderr(&out);
    // (The test's folder is named `contrast-…`: the warning is found by its words.)
    let line = err
        .lines()
        .find(|l| l.contains("the contrast is"))
        .unwrap_or_else(|| panic!("no contrast warning: {err}"));
    assert!(line.starts_with("warning: "), "{line}");
    assert!(line.contains("pic.yaml:3:9: `forest`: text in ink #ffffff is on a picture: where the picture leaves the background #ffffff bare, the contrast is 1:1"), "{line}");
    assert!(
        line.contains("over the picture itself it is not measured"),
        "{line}"
    );
    assert!(!line.contains("too pale to read"), "{line}");
    assert!(
        err.contains("look at the text where it lies over the picture"),
        "{err}"
    );
    // The same ink and background without a picture: too pale, as before.
    std::fs::write(&path, game("title: Forest, ink: white")).unwrap();
    let err = stderr(&run(&["check", path.to_str().unwrap()]));
    assert!(
        err.contains("`forest`: ink #ffffff on background #ffffff has a contrast of 1:1, under 3:1: too pale to read in print"),
        "{err}"
    );
}

#[test]
fn check_for_a_service_uses_its_safe_zone_and_leaves_out_what_it_does_not_make() {
    let path = faulty_game();
    let out = run(&["check", path.to_str().unwrap(), "--for", "mpc"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    // MakePlayingCards makes no tiles: only the cards are checked, against its 36 px.
    assert!(!err.contains("`hair`"), "{err}");
    assert!(
        err.contains("inside the 3.05 mm safe zone of MakePlayingCards (near-front)"),
        "{err}"
    );
    assert!(err.contains("`pale`: ink #dddddd"), "{err}");
}

#[test]
fn the_shipped_games_pass_the_preflight_clean() {
    // Pieces under 33 mm keep their content 9% of their side from the cut (a ½-inch chit
    // cannot keep 3 mm); cards, boards and the rest keep 3 mm. The designer's checks are on
    // (type at 6 pt, told apart without colour, pieces that fit): clean on A4 and Letter, with
    // and without bleed, and folded in the gutter.
    let layouts: [&[&str]; 6] = [
        &[],
        &["--bleed", "3mm"],
        &["--paper", "letter"],
        &["--paper", "letter", "--bleed", "3mm"],
        &["--layout", "gutterfold"],
        &["--paper", "letter", "--layout", "gutterfold"],
    ];
    for game in [
        "night-grain",
        "piecepack",
        "cream-of-the-crop",
        "the-beast",
        "bean-off",
        "making-ground",
    ] {
        for layout in layouts {
            let mut args = vec!["check", game];
            args.extend(layout);
            let out = run(&args);
            let err = stderr(&out);
            assert!(out.status.success(), "{game} {layout:?}: {err}");
            assert!(!err.contains("warning"), "{game} {layout:?}: {err}");
            assert!(
                stdout(&out).contains(", 0 warning"),
                "{game} {layout:?}: {}",
                stdout(&out)
            );
        }
    }
}

/// Writes a grey `w` × `h` RGB PNG to `path`.
fn write_png(path: &Path, w: u32, h: u32) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut encoder = png::Encoder::new(file, w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer
        .write_image_data(&vec![128; (w * h * 3) as usize])
        .unwrap();
}

#[test]
fn check_warns_of_an_image_under_300_dpi_at_its_image_line_with_the_pixels_it_needs() {
    let dir = temp_dir("preflight-dpi");
    // A poker card is 2.5 × 3.5 in: 180 × 252 px is 72 dpi across it, 760 × 1064 px 304 dpi.
    write_png(&dir.join("art/low.png"), 180, 252);
    write_png(&dir.join("art/high.png"), 760, 1064);
    let path = dir.join("game.yaml");
    std::fs::write(
        &path,
        "game: {id: pictured, name: Pictured, players: [2]}\n\
         components:\n\
         \x20 - id: low\n\
         \x20   kind: card\n\
         \x20   size: 63.5mm x 88.9mm\n\
         \x20   front:\n\
         \x20     image: art/low.png\n\
         \x20 - id: high\n\
         \x20   kind: card\n\
         \x20   size: 63.5mm x 88.9mm\n\
         \x20   front:\n\
         \x20     image: art/high.png\n",
    )
    .unwrap();
    let out = run(&["check", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    let soft: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("warning: ") && l.contains("a print shop asks"))
        .collect();
    assert_eq!(soft.len(), 1, "{err}");
    assert!(
        soft[0].contains("game.yaml:7:14: `low`: an image of 180 × 252 pixels drawn 63.5 × 88.9 mm is 72 dpi, under the 300 dpi a print shop asks (low-front)"),
        "{err}"
    );
    assert!(
        err.contains("help: give an image of at least 750 × 1050 pixels"),
        "{err}"
    );
    assert!(!err.contains("`high`"), "{err}");
}

/// A card with its title 1 mm from its left cut and a round 20 mm token, for `--guides`.
fn guided_game() -> PathBuf {
    let dir = temp_dir("guides");
    game_with_near(
        &dir,
        "guided",
        "  - id: coin\n    kind: token\n    shape: round\n    size: 20mm\n    front: {label: Coin}\n",
    )
}

#[test]
fn guides_draw_the_safe_zone_dashed_inside_the_cut_of_a_card_and_a_round_token() {
    let path = guided_game();
    let game = pnp::kinds::load(path.to_str().unwrap()).unwrap();
    for guides in [true, false] {
        let opt = pnp::commands::options::BuildOptions {
            guides,
            ..Default::default()
        };
        let doc = pnp::commands::prepare(&game, &opt).unwrap();
        let pdf = pnp::commands::pdf_bytes(&doc).unwrap();
        let strokes = pdf_strokes(&pdf).split_off(doc.front_matter.len());
        let (mut cards, mut coins) = (0, 0);
        for (page, strokes) in doc.pages.iter().zip(&strokes) {
            if page.side != pnp::layout::PageSide::Front {
                continue;
            }
            let dashed: Vec<&Stroke> = strokes.iter().filter(|s| s.dashed).collect();
            for p in &page.placements {
                let r = p.rect;
                let id = &game.spec.components[doc.pieces[p.piece].component].id.value;
                if id == "near" {
                    // 3 mm inside the top and the left cut, straight along most of the side.
                    let top = dashed.iter().any(|s| {
                        !s.curved
                            && (s.a.1 - (r.y + 3.0)).abs() < 0.05
                            && (s.b.1 - (r.y + 3.0)).abs() < 0.05
                            && (s.a.0 - s.b.0).abs() > r.w - 8.0
                    });
                    let left = dashed.iter().any(|s| {
                        !s.curved
                            && (s.a.0 - (r.x + 3.0)).abs() < 0.05
                            && (s.b.0 - (r.x + 3.0)).abs() < 0.05
                            && (s.a.1 - s.b.1).abs() > r.h - 8.0
                    });
                    assert_eq!(top && left, guides, "card {r:?}");
                    cards += 1;
                } else {
                    // A 20 mm token keeps 9% of its side: a circle of radius 10 - 1.8 mm.
                    let (cx, cy) = (r.x + r.w / 2.0, r.y + r.h / 2.0);
                    let on = |q: (f64, f64)| ((q.0 - cx).hypot(q.1 - cy) - 8.2).abs() < 0.05;
                    let arcs = dashed
                        .iter()
                        .filter(|s| s.curved && on(s.a) && on(s.b))
                        .count();
                    assert_eq!(arcs >= 4, guides, "token {r:?}: {arcs} arcs");
                    coins += 1;
                }
            }
        }
        assert!(cards > 0 && coins > 0);
    }
}

#[test]
fn guides_on_the_command_line_draw_in_the_pngs_and_warn_of_text_crossing_them() {
    let path = guided_game();
    let plain = build(path.to_str().unwrap(), &[]);
    let card = |dir: &Path| {
        let (w, h, _, rgba) = image(dir, "near-front.png");
        // The column 3 mm in from the left cut, at 300 dpi.
        let x = (3.0 / 25.4 * 300.0_f64).round() as u32;
        (0..h)
            .filter(|&y| {
                let p = pixel(&rgba, w, x, y);
                p[0] > 180 && p[1] < 90 && p[2] > 80
            })
            .count()
    };
    assert_eq!(card(&plain), 0);
    let guided = temp_dir("guided-out");
    let out = run(&[
        "build",
        path.to_str().unwrap(),
        "--guides",
        "--out",
        guided.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("guided.yaml:3:9: `near`: text or a symbol is 1."),
        "{err}"
    );
    assert!(!err.contains("`coin`"), "{err}");
    // The dashed line down the card, its gaps left out: most of its 88.9 mm (1050 px).
    assert!(card(&guided) > 500, "{}", card(&guided));
    let help = stdout(&run(&["build", "--help"]));
    assert!(help.contains("--guides"), "{help}");
    // A print service would print the guide: refused, and nothing written.
    let shop = temp_dir("guided-shop");
    let out = run(&[
        "build",
        path.to_str().unwrap(),
        "--guides",
        "--for",
        "mpc",
        "--out",
        shop.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("'--guides' cannot be used with '--for <SERVICE>'"),
        "{}",
        stderr(&out)
    );
    assert!(files(&shop).is_empty());
}

/// `pnp check` of a game `id` (in `id.yaml`) of these `components` (YAML list items): its
/// output and what it said on stderr.
fn check_game(id: &str, components: &str) -> (std::process::Output, String) {
    let yaml = temp_dir(id).join(format!("{id}.yaml"));
    let game = format!("game: {{id: {id}, name: {id}, players: [2]}}\ncomponents:\n{components}");
    std::fs::write(&yaml, game).unwrap();
    let out = run(&["check", yaml.to_str().unwrap()]);
    let err = stderr(&out);
    (out, err)
}

#[test]
fn board_titles_with_a_tail_below_the_line_stay_in_the_safe_zone() {
    // The display face's capitals sit on the line but a Q's tail runs below it: 2.98 mm from
    // the cut when the baseline was 3.1 mm in.
    let (out, err) = check_game(
        "q",
        "  - {id: b, kind: board, front: {title: \"Marked squares Quay\"}, board: {squares: 8, square: 20mm}}\n  - {id: h, kind: hex-board, front: {title: \"Quiet hexes\"}, hex-board: {hex: 16mm, layout: hexhex, radius: 3}}\n  - {id: p, kind: point-board, front: {title: \"Queen's points\"}, point-board: {spacing: 20mm, columns: 5, rows: 5}}\n",
    );
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("warning"), "{err}");
    assert!(err.contains("3 faces, 0 warnings") || stdout(&out).contains("3 faces, 0 warnings"));
}

#[test]
fn at_home_every_token_and_board_is_checked_against_its_own_cut() {
    // No print shop makes triangles or hex boards, but a player cuts them: `pnp check` and
    // `--guides` measure them too. The triangle's label sits on its base, 1.1 mm from the cut.
    let (_, err) = check_game(
        "t",
        "  - {id: tri, kind: token, shape: triangle, size: 18mm, front: {label: Tri}}\n  - {id: hx, kind: token, shape: {hex: flat}, size: 18mm, front: {label: Hexa}}\n",
    );
    assert!(
        err.contains("t.yaml:3:10: `tri`: text or a symbol is 1."),
        "{err}"
    );
    assert!(!err.contains("`hx`"), "{err}");
    // The example boards of points, squares and hexes (letters at a slanting board's corner
    // included) keep their coordinates in the safe zone.
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    for game in ["hex.yaml", "go-9x9.yaml", "fox-and-geese.yaml"] {
        let out = run(&["check", examples.join(game).to_str().unwrap()]);
        let err = stderr(&out);
        // The cut's warnings; a diagram's small words are the designer's check's business.
        assert!(
            out.status.success() && !err.contains("text or a symbol is"),
            "{game}: {err}"
        );
    }
}

/// Issue 47: a component named `=HYPERLINK(…)` went into `manifest.csv` as it was, and a
/// spreadsheet opening the manifest computed it. A cell starting with `=`, `+`, `-` or `@` is
/// written as text (`'` first).
#[test]
fn a_name_a_spreadsheet_would_compute_is_written_as_text() {
    let dir = temp_dir("shop-formula");
    let yaml = dir.join("game.yaml");
    std::fs::write(
        &yaml,
        "game: {id: formula, name: Formula, players: [2]}\ncomponents:\n  - id: card\n    name: '=HYPERLINK(\"http://evil.example\",\"Order\")'\n    kind: card\n    size: 63.5mm x 88.9mm\n    copies: 18\n    front: {title: A}\n  - id: chit\n    name: '-1 point'\n    kind: tile\n    size: 1in\n    copies: 18\n    front: {label: B}\n",
    )
    .unwrap();
    let out = run(&[
        "build",
        yaml.to_str().unwrap(),
        "--for",
        "tgc",
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let manifest = std::fs::read_to_string(dir.join("out/tgc/manifest.csv")).unwrap();
    assert!(
        manifest.contains("\ncard,\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"Order\"\")\",")
            && manifest.contains("\nchit,'-1 point,"),
        "{manifest}"
    );
    // No cell of either file starts as a formula would.
    for file in ["manifest.csv", "faces.csv"] {
        for row in csv(&dir.join("out/tgc").join(file)) {
            for cell in row {
                assert!(!cell.starts_with(['=', '+', '-', '@']), "{file}: {cell}");
            }
        }
    }
}
