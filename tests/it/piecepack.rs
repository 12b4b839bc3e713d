//! Issue 4: the piecepack and Cream of the Crop, end to end — counts, sizes in pixels, backs
//! that register with their fronts in every duplex mode, the gutter fold, trim and bleed boxes,
//! and the rules validation of both games.
use crate::common::*;

use pnp::commands::options::{BuildOptions, Choices};
use pnp::layout::{PageSide, Rect};
use std::collections::BTreeMap;
use std::path::Path;

const PT_PER_MM: f64 = 72.0 / 25.4;

fn prepared(game: &str, choices: Choices) -> (pnp::layout::document::Document, BuildOptions) {
    let game = pnp::kinds::load(game).expect("the game loads");
    let opt = BuildOptions::from_choices(&choices).expect("valid options");
    (pnp::commands::prepare(&game, &opt).expect("prepares"), opt)
}

fn copies_by_component(game: &str) -> BTreeMap<String, u32> {
    let g = pnp::kinds::load(game).unwrap();
    let mut out = BTreeMap::new();
    for p in pnp::kinds::piece::expand(&g).iter() {
        let id = g.spec.components[p.component].id.value.clone();
        *out.entry(id).or_default() += p.copies;
    }
    out
}

#[test]
fn a_piecepack_has_24_tiles_24_coins_4_dice_4_pawns() {
    let counts = copies_by_component("piecepack");
    let want: BTreeMap<String, u32> = [("coin", 24), ("die", 4), ("pawn", 4), ("tile", 24)]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    assert_eq!(counts, want);
    // Cream of the Crop uses the same piecepack, plus its diagram and aids.
    let cotc = copies_by_component("cream-of-the-crop");
    for (k, v) in &want {
        assert_eq!(cotc.get(k), Some(v), "{k}");
    }
    assert_eq!(cotc.get("setup"), Some(&1));
    // Tags come from the matrix: every suit × rank once.
    let g = pnp::kinds::load("piecepack").unwrap();
    let tiles = &g.spec.components[0];
    assert_eq!(tiles.variants.len(), 24);
    let v = tiles
        .variants
        .iter()
        .find(|v| v.id.value == "moons-ace")
        .unwrap();
    assert_eq!(v.tags.get("suit").map(String::as_str), Some("moons"));
    assert_eq!(v.tags.get("rank").map(String::as_str), Some("ace"));
    assert_eq!(v.front().text.as_deref(), Some("A"));
}

#[test]
fn pngs_have_the_exact_sizes_and_one_shared_tile_back() {
    let dir = build("piecepack", &["--dpi", "300", "--no-pdf"]);
    let png = dir.join("png");
    let files = files(&png);
    let tile_fronts = files
        .iter()
        .filter(|f| f.starts_with("tile-") && f.ends_with("-front.png"))
        .count();
    let tile_backs: Vec<_> = files
        .iter()
        .filter(|f| f.starts_with("tile-") && f.ends_with("-back.png"))
        .collect();
    assert_eq!(tile_fronts, 24);
    assert_eq!(
        tile_backs,
        vec!["tile-back.png"],
        "one back shared by every tile"
    );
    // Tiles 2 in, coins 3/4 in: exact pixels at 300 dpi.
    assert_eq!(png_info(&png.join("tile-suns-ace-front.png")).0, 600);
    assert_eq!(png_info(&png.join("tile-back.png")).1, 600);
    let (w, h, _) = png_info(&png.join("coin-arms-back.png"));
    assert_eq!((w, h), (225, 225));
    // A 1/2 in die: the net is four faces and a tab wide, three faces and two tabs tall.
    let s = 12.7;
    let tab = pnp::kinds::die::tab(s);
    let (w, h, _) = png_info(&png.join("die-suns-front.png"));
    assert_eq!(w, ((4.0 * s + tab) / 25.4 * 300.0).round() as u32);
    assert_eq!(h, ((3.0 * s + 2.0 * tab) / 25.4 * 300.0).round() as u32);
    // Every face cell is opaque and a face is 150 px across; the corner beside the cross is empty.
    let img = decode(&png.join("die-suns-front.png"));
    for i in 0..6 {
        let (x, y) = pnp::kinds::die::cell_origin(s, i);
        let px = |mm: f64| (mm / 25.4 * 300.0).round() as usize;
        assert_eq!(img.alpha(px(x + s / 2.0), px(y + s / 2.0)), 255, "face {i}");
        // 150 px wide: the face's left and right edges are inside, one pixel past is on a fold.
        assert_eq!(px(x + s) - px(x), 150);
    }
    assert_eq!(img.alpha(3, 3), 0, "outside the net is transparent");
}

#[test]
fn a_larger_die_is_a_yaml_size_away() {
    let dir = temp_dir("bigdie");
    let yaml = std::str::from_utf8(pnp::base::assets::game("piecepack").unwrap())
        .unwrap()
        .replace("size: 0.5in", "size: 1in");
    let file = dir.join("bigpack.yaml");
    std::fs::write(&file, yaml).unwrap();
    let out = dir.join("out");
    let o = pnp()
        .args(["build"])
        .arg(&file)
        .args(["--no-pdf", "--dpi", "100", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let s = 25.4;
    let (w, _, _) = png_info(&out.join("png/die-moons-front.png"));
    assert_eq!(
        w,
        ((4.0 * s + pnp::kinds::die::tab(s)) / 25.4 * 100.0).round() as u32
    );
}

struct Img {
    w: usize,
    rgba: Vec<u8>,
}
impl Img {
    fn alpha(&self, x: usize, y: usize) -> u8 {
        self.rgba[(y * self.w + x) * 4 + 3]
    }
}
fn decode(path: &Path) -> Img {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba);
    Img {
        w: info.width as usize,
        rgba: buf,
    }
}

/// Pairs each back page's placements with the front page before it.
fn check_backs(choices: Choices, expect: impl Fn(&Rect, f64, f64) -> (Rect, bool)) -> usize {
    let (prep, opt) = prepared("piecepack", choices);
    let (pw, ph) = (opt.paper.w, opt.paper.h);
    let mut checked = 0;
    for (i, page) in prep.pages.iter().enumerate() {
        if page.side != PageSide::Back {
            continue;
        }
        let front = &prep.pages[i - 1];
        assert_eq!(front.side, PageSide::Front);
        let fronts: Vec<_> = front
            .placements
            .iter()
            .filter(|p| {
                prep.faces
                    .of_piece
                    .get(p.piece)
                    .is_some_and(|(_, back)| back.is_some())
            })
            .collect();
        assert_eq!(fronts.len(), page.placements.len());
        for (f, b) in fronts.iter().zip(&page.placements) {
            assert_eq!(f.piece, b.piece);
            let (want, turned) = expect(&f.rect, pw, ph);
            for (got, want) in [
                (b.rect.x, want.x),
                (b.rect.y, want.y),
                (b.rect.w, want.w),
                (b.rect.h, want.h),
            ] {
                assert!((got - want).abs() < 0.01, "{:?} vs {:?}", b.rect, want);
            }
            assert_eq!(b.turned, turned);
            checked += 1;
        }
    }
    checked
}

fn flip_x(r: &Rect, pw: f64) -> Rect {
    Rect {
        x: pw - r.x - r.w,
        ..*r
    }
}
fn flip_y(r: &Rect, ph: f64) -> Rect {
    Rect {
        y: ph - r.y - r.h,
        ..*r
    }
}

#[test]
fn backs_mirror_their_fronts_in_every_duplex_mode() {
    let choices = |duplex: &str, landscape: bool| Choices {
        duplex: Some(duplex.into()),
        landscape,
        no_png: true,
        ..Default::default()
    };
    // 24 tiles and 24 coins have backs.
    let n = check_backs(choices("long", false), |r, pw, _| (flip_x(r, pw), false));
    assert_eq!(n, 48);
    // Portrait, short edge: the sheet turns top over bottom, so the back is also turned 180°.
    assert_eq!(
        check_backs(choices("short", false), |r, _, ph| (flip_y(r, ph), true)),
        48
    );
    // Landscape: the long edge is the top, so the two modes swap.
    assert_eq!(
        check_backs(choices("long", true), |r, _, ph| (flip_y(r, ph), true)),
        48
    );
    assert_eq!(
        check_backs(choices("short", true), |r, pw, _| (flip_x(r, pw), false)),
        48
    );
}

#[test]
fn back_pages_in_the_pdf_carry_the_backs_at_the_mirror_positions() {
    // The real PDF: on the back page, the tile back's parchment is where the mirror says.
    let (prep, opt) = prepared(
        "piecepack",
        Choices {
            duplex: Some("short".into()),
            no_png: true,
            ..Default::default()
        },
    );
    let dir = build("piecepack", &["--duplex", "short", "--no-png"]);
    let pdf = std::fs::read(dir.join("piecepack.pdf")).unwrap();
    let pages = rasterize(&pdf, 1.0);
    // The cover comes first; the first page of backs follows its page of fronts.
    let pages = &pages[pnp::layout::cover::front_pages(&prep.pages)..];
    assert_eq!(pages.len(), prep.pages.len());
    let at = first_back(&prep.pages);
    let back = &prep.pages[at];
    assert_eq!(prep.pages[at - 1].side, PageSide::Front);
    let r = back.placements.to_vec()[0].rect;
    // Inside a grid square of the back (a quarter in from the corner): parchment, not white.
    let lum = pages[at].lum_at_mm(r.x + r.w * 0.25, r.y + r.h * 0.25);
    assert!(
        (200..245).contains(&lum),
        "parchment at the back's place: {lum}"
    );
    // The same spot on the front page is a tile front (near white) at its own position.
    let f = prep.pages[at - 1].placements.to_vec()[0].rect;
    assert!((f.y - (opt.paper.h - r.y - r.h)).abs() < 0.01);
}

#[test]
fn gutter_fold_puts_backs_across_a_fold_line_midway() {
    let (prep, opt) = prepared(
        "piecepack",
        Choices {
            layout: Some("gutterfold".into()),
            no_png: true,
            ..Default::default()
        },
    );
    // Issue 35: folded across the sheet, six 2 in tiles fit a sheet (down the middle, 4–5).
    assert_eq!(prep.layout.fold, pnp::layout::Fold::Across);
    let mid = opt.paper.h / 2.0;
    assert!((pnp::layout::gutterfold::fold_y(&prep.layout) - mid).abs() < 1e-9);
    let folded: Vec<_> = prep
        .pages
        .iter()
        .filter(|p| p.side == PageSide::GutterFold)
        .collect();
    assert!(!folded.is_empty());
    assert!(
        prep.pages.iter().all(|p| p.side != PageSide::Back),
        "no back pages"
    );
    let mut pairs = 0;
    for page in &folded {
        let list = page.placements.to_vec();
        // Below the fold, the backs; above it their fronts in the same order, and one-sided
        // pieces filling the room they leave, with nothing behind them.
        let backs: Vec<_> = list.iter().filter(|p| p.rect.y > mid).collect();
        let (fronts, alone): (Vec<_>, Vec<_>) = list
            .iter()
            .filter(|p| p.rect.y <= mid)
            .partition(|p| backs.iter().any(|b| b.piece == p.piece));
        assert_eq!(fronts.len(), backs.len());
        for one in alone {
            let behind = 2.0 * mid - (one.rect.y + one.rect.h / 2.0);
            assert!(
                !backs.iter().any(|b| b.rect.y <= behind
                    && behind <= b.rect.bottom()
                    && b.rect.x < one.rect.right()
                    && one.rect.x < b.rect.right()),
                "nothing behind a one-sided piece: {one:?}"
            );
        }
        for (f, b) in fronts.iter().zip(backs) {
            assert_eq!(f.piece, b.piece);
            assert!(
                f.rect.bottom() < mid && b.rect.y > mid,
                "front above, back below the fold"
            );
            let (fc, bc) = (f.rect.y + f.rect.h / 2.0, b.rect.y + b.rect.h / 2.0);
            assert!(
                ((mid - fc) - (bc - mid)).abs() < 0.01,
                "mirrored across the fold"
            );
            assert!((f.rect.x - b.rect.x).abs() < 0.01);
            pairs += 1;
        }
    }
    assert_eq!(pairs, 48);
    let tile_sheets = folded
        .iter()
        .filter(|p| {
            p.placements
                .iter()
                .any(|pl| (pl.rect.w - 50.8).abs() < 0.05)
        })
        .count();
    assert!(
        tile_sheets <= 4,
        "24 tiles, six a sheet: {tile_sheets} sheets"
    );
    // In the PDF: the fold line is drawn across the middle (dark pixels on the centre row),
    // and its caption sits beside it.
    let dir = build("piecepack", &["--layout", "gutterfold", "--no-png"]);
    let pdf = std::fs::read(dir.join("piecepack.pdf")).unwrap();
    let raster = &rasterize(&pdf, 2.0)[1]; // after the cover (no back: nothing is duplexed)
    let dark = (0..150)
        .filter(|i| raster.lum_at_mm(25.0 + *i as f64, mid) < 200)
        .count();
    assert!(
        dark > 45,
        "dashed fold line at the middle: {dark} dark samples"
    );
    let glyphs = &pdf_glyphs(&pdf)[1];
    let fold_text: Vec<_> = glyphs
        .iter()
        .filter(|g| ((opt.paper.h - g.y / PT_PER_MM) - mid).abs() < 3.0)
        .collect();
    assert!(fold_text.len() > 10, "the fold caption runs along the fold");
    // --duplex with gutterfold is refused.
    let o = run(&[
        "build",
        "piecepack",
        "--layout",
        "gutterfold",
        "--duplex",
        "short",
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--layout gutterfold"));
}

/// A box (`TrimBox`, `BleedBox`) of the page's own dictionary.
fn page_box(page: &hayro::hayro_syntax::page::Page, key: &[u8]) -> Option<[f64; 4]> {
    let n = pdf_page_array(page.raw(), key, false)?;
    Some([n[0], n[1], n[2], n[3]])
}

#[test]
fn bleed_declares_trim_and_bleed_boxes_and_the_art_runs_past_the_cut() {
    let (prep, opt) = prepared(
        "piecepack",
        Choices {
            bleed: Some("3mm".into()),
            no_png: true,
            ..Default::default()
        },
    );
    let dir = build("piecepack", &["--bleed", "3mm", "--no-png"]);
    let pdf = std::fs::read(dir.join("piecepack.pdf")).unwrap();
    let doc = load_pdf(&pdf);
    let pdf_pages = &doc.pages()[pnp::layout::cover::front_pages(&prep.pages)..];
    assert_eq!(pdf_pages.len(), prep.pages.len());
    let ph = opt.paper.h;
    for (pdf_page, page) in pdf_pages.iter().zip(&prep.pages) {
        let trim = page_box(pdf_page, b"TrimBox").expect("TrimBox");
        let bleed = page_box(pdf_page, b"BleedBox").expect("BleedBox");
        // TrimBox: the union of the page's cut lines (PDF space: y up from the bottom).
        let x0 = page
            .placements
            .iter()
            .map(|p| p.rect.x)
            .fold(f64::MAX, f64::min);
        let x1 = page
            .placements
            .iter()
            .map(|p| p.rect.right())
            .fold(f64::MIN, f64::max);
        let y0 = page
            .placements
            .iter()
            .map(|p| p.rect.y)
            .fold(f64::MAX, f64::min);
        let y1 = page
            .placements
            .iter()
            .map(|p| p.rect.bottom())
            .fold(f64::MIN, f64::max);
        let want = [x0, ph - y1, x1, ph - y0].map(|v| v * PT_PER_MM);
        for k in 0..4 {
            assert!(
                (trim[k] - want[k]).abs() < 0.05,
                "trim {trim:?} vs {want:?}"
            );
        }
        let b = 3.0 * PT_PER_MM;
        for (k, sign) in [(0, -1.0), (1, -1.0), (2, 1.0), (3, 1.0)] {
            assert!(
                (bleed[k] - (trim[k] + sign * b)).abs() < 0.05,
                "bleed {bleed:?}"
            );
        }
    }
    // Without bleed, no boxes.
    let plain = build("piecepack", &["--no-png"]);
    let doc = load_pdf(&std::fs::read(plain.join("piecepack.pdf")).unwrap());
    let front = pnp::layout::cover::front_pages(&prep.pages);
    let first = &doc.pages()[front];
    assert!(page_box(first, b"TrimBox").is_none());
    // The art runs past the cut: 1.5 mm outside a tile back's edge is still parchment.
    let at = first_back(&prep.pages);
    let raster = &rasterize(&pdf, 2.0)[front + at];
    let r = prep.pages[at].placements.to_vec()[0].rect;
    let lum = raster.lum_at_mm(r.x - 1.5, r.y + r.h * 0.25);
    assert!(
        (200..245).contains(&lum),
        "bleed art outside the cut: {lum}"
    );
    // Issue 35: with bleed the tile's keyline goes: along its cut the art is as light as just
    // outside it. Without bleed the keyline is there, on the cut (the same test then fails).
    let darkest_on_cut = |raster: &Raster, r: &pnp::layout::Rect| {
        (1..10)
            .map(|k| r.y + r.h * k as f64 / 10.0)
            .filter(|&y| (y - (r.y + r.h / 2.0)).abs() > r.h * 0.3)
            .flat_map(|y| [-0.2, 0.0, 0.2].map(|dx| raster.lum_at_mm(r.x + dx, y)))
            .min()
            .unwrap()
    };
    let on_cut = darkest_on_cut(raster, &r);
    assert!(
        on_cut + 25 >= lum,
        "a keyline on the cut under bleed: {on_cut} vs {lum} beside"
    );
    let plain_pdf = std::fs::read(plain.join("piecepack.pdf")).unwrap();
    let (plain_prep, _) = prepared(
        "piecepack",
        Choices {
            no_png: true,
            ..Default::default()
        },
    );
    let plain_raster = &rasterize(&plain_pdf, 2.0)[front + 1];
    let pr = plain_prep.pages[1].placements.to_vec()[0].rect;
    let keyline = darkest_on_cut(plain_raster, &pr);
    assert!(
        keyline + 25 < lum,
        "no keyline without bleed: {keyline} vs {lum}"
    );
}

#[test]
fn registration_marks_are_on_both_sides_of_a_duplex_sheet_only() {
    let (prep, opt) = prepared(
        "piecepack",
        Choices {
            no_png: true,
            ..Default::default()
        },
    );
    let dir = build("piecepack", &["--no-png"]);
    let pdf = std::fs::read(dir.join("piecepack.pdf")).unwrap();
    let pages = rasterize(&pdf, 2.0);
    let pages = &pages[pnp::layout::cover::front_pages(&prep.pages)..];
    let inset = pnp::layout::registration::TARGET_INSET;
    for (i, page) in prep.pages.iter().enumerate() {
        let duplexed = pnp::layout::registration::is_duplexed(&prep.pages, i);
        for (x, y) in [(inset, inset), (opt.paper.w - inset, opt.paper.h - inset)] {
            let lum = pages[i].darkest_near_mm(x, y, 0.3);
            assert_eq!(
                lum < 128,
                duplexed,
                "page {} ({:?}) target at {x},{y}: {lum}",
                i + 1,
                page.side
            );
        }
    }
    assert!(prep.pages.iter().any(|p| p.side == PageSide::Back));
}

#[test]
fn the_setup_diagram_is_a_png_and_a_pdf_page() {
    let dir = build("cream-of-the-crop", &["--dpi", "100"]);
    let png = dir.join("png/setup-front.png");
    let (w, h, _) = png_info(&png);
    assert_eq!(
        (w, h),
        (
            (185.0f64 / 25.4 * 100.0).round() as u32,
            (196.0f64 / 25.4 * 100.0).round() as u32
        )
    );
    let pdf = std::fs::read(dir.join("cream-of-the-crop.pdf")).unwrap();
    let text = pdf_text(&pdf).join("\n");
    for words in [
        "Set-up",
        "County fair",
        "Player aid",
        "Direction indicators",
    ] {
        assert!(text.contains(words), "{words} in the PDF");
    }
    // The diagram draws the pieces' own faces: 13 tiles, 4 dice and 4 pawns.
    let game = pnp::kinds::load("cream-of-the-crop").unwrap();
    let setup = game
        .spec
        .components
        .iter()
        .find(|c| c.id.value == "setup")
        .unwrap();
    let pnp::kinds::KindSpec::Diagram(d) = &setup.kind else {
        panic!("the setup is a diagram")
    };
    let count = |prefix: &str| {
        d.place
            .iter()
            .filter(|p| p.value.piece.value.starts_with(prefix))
            .count()
    };
    assert_eq!((count("tile-"), count("die-"), count("pawn-")), (20, 4, 4));
    let grid_side = d
        .place
        .iter()
        .filter(|p| {
            p.value.piece.value.starts_with("tile-")
                && p.value.side == pnp::kinds::diagram::DiagramSide::Back
        })
        .count();
    assert_eq!(
        grid_side,
        9 + 1 + 2,
        "board, mixed-harvest prize, two three-player prizes"
    );
}

#[test]
fn both_games_validate_and_a_broken_piecepack_fails_by_rule_name() {
    let o = run(&["validate", "piecepack", "cream-of-the-crop"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Cream of the Crop: 15 rules hold"),
        "{}",
        stdout(&o)
    );
    // A piecepack whose 2s are not grid tiles and whose coins come in pairs, beside a copy of
    // Cream of the Crop: the include finds it before the shipped one.
    let dir = temp_dir("broken-pack");
    let original = std::str::from_utf8(pnp::base::assets::game("piecepack").unwrap()).unwrap();
    let pack = original
        .replace(
            "{id: \"2\", tags: {class: number}",
            "{id: \"2\", tags: {class: two}",
        )
        .replace("    shape: round\n", "    shape: round\n    copies: 2\n");
    assert_ne!(pack, original);
    std::fs::write(dir.join("piecepack.yaml"), pack).unwrap();
    let cotc = pnp::base::assets::game("cream-of-the-crop").unwrap();
    std::fs::write(dir.join("cotc.yaml"), cotc).unwrap();
    let o = pnp()
        .arg("validate")
        .arg(dir.join("cotc.yaml"))
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = stderr(&o);
    for rule in [
        "rule `grid-side-tiles` fails",
        "rule `seeds` fails",
        "rule `seeds-suns` fails",
    ] {
        assert!(err.contains(rule), "{rule} in {err}");
    }
    assert!(!err.contains("rule `tiles` fails"), "24 tiles still: {err}");
    assert!(
        err.contains("found:    12 tile where class = number"),
        "{err}"
    );
    assert!(err.contains("found:    48 coin"), "{err}");
    // The failing component is located in the included file, where it is fixed.
    assert!(
        err.contains("piecepack.yaml:") && err.contains(": rule `seeds` fails"),
        "{err}"
    );
    let seeds = err
        .lines()
        .find(|l| l.contains("rule `seeds` fails"))
        .unwrap();
    assert!(seeds.contains("piecepack.yaml:"), "{seeds}");
    // Building refuses too, and writes nothing.
    let out = dir.join("out");
    let o = pnp()
        .arg("build")
        .arg(dir.join("cotc.yaml"))
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(files(&out).is_empty());
}

#[test]
fn includes_and_matrices_report_located_errors() {
    let dir = temp_dir("bad-include");
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let head = "game: {id: g, name: G, players: [2]}\n";
    let f = write(
        "a.yaml",
        &format!("{head}include: [nopack]\ncomponents: []\n"),
    );
    let o = pnp().arg("validate").arg(&f).output().unwrap();
    let err = stderr(&o);
    assert!(!o.status.success());
    assert!(
        err.contains("a.yaml:2:11") && err.contains("cannot include `nopack`"),
        "{err}"
    );
    // A cycle: b includes c includes b.
    write("c.yaml", &format!("{head}include: [b]\ncomponents: []\n"));
    let f = write("b.yaml", &format!("{head}include: [c]\ncomponents: []\n"));
    let err = stderr(&pnp().arg("validate").arg(&f).output().unwrap());
    assert!(err.contains("go round in a circle"), "{err}");
    // An unknown axis, and a property that an axis value does not have.
    let f = write(
        "m.yaml",
        &format!(
            "{head}axes:\n  suit:\n    - {{id: red, props: {{color: \"#c00\"}}}}\ncomponents:\n  - id: t\n    kind: tile\n    size: 1in\n    matrix: [suit, rank]\n    front: {{ink: \"{{suit.color}}\"}}\n  - id: u\n    kind: tile\n    size: 1in\n    matrix: [suit]\n    front: {{text: \"{{suit.name}}\"}}\n"
        ),
    );
    let err = stderr(&pnp().arg("validate").arg(&f).output().unwrap());
    assert!(
        err.contains("m.yaml:9:13") && err.contains("no axis `rank`"),
        "{err}"
    );
    assert!(
        err.contains("m.yaml:14:13") && err.contains("has no property `name`"),
        "{err}"
    );
    // A colour placeholder in a component without a matrix.
    let f = write(
        "p.yaml",
        &format!(
            "{head}components:\n  - id: t\n    kind: tile\n    size: 1in\n    front: {{ink: \"{{suit.color}}\"}}\n"
        ),
    );
    let err = stderr(&pnp().arg("validate").arg(&f).output().unwrap());
    assert!(
        err.contains("p.yaml:3:9") && err.contains("has no `matrix:`"),
        "{err}"
    );
}

#[test]
fn builds_are_byte_for_byte_reproducible() {
    let a = build("cream-of-the-crop", &["--no-png", "--layout", "gutterfold"]);
    let b = build("cream-of-the-crop", &["--no-png", "--layout", "gutterfold"]);
    assert_eq!(
        std::fs::read(a.join("cream-of-the-crop.pdf")).unwrap(),
        std::fs::read(b.join("cream-of-the-crop.pdf")).unwrap()
    );
}

#[test]
fn an_including_game_can_recolour_the_suits() {
    let dir = temp_dir("recolour");
    let file = dir.join("mine.yaml");
    std::fs::write(
        &file,
        "game: {id: mine, name: Mine, players: [2]}\ninclude: [piecepack]\naxes:\n  suit:\n    - {id: suns, props: {name: Suns, color: \"#ff8800\", tint: \"#fff0e0\", symbol: sun}}\n    - {id: moons, props: {name: Moons, color: \"#333366\", tint: \"#e0e0f0\", symbol: moon}}\ncomponents: []\n",
    )
    .unwrap();
    let game = pnp::kinds::load(file.to_str().unwrap()).expect("loads");
    let tile = game
        .spec
        .components
        .iter()
        .find(|c| c.id.value == "tile")
        .unwrap();
    assert_eq!(tile.variants.len(), 12, "two suits × six ranks");
    let ace = tile
        .variants
        .iter()
        .find(|v| v.id.value == "suns-ace")
        .unwrap();
    assert_eq!(ace.front().ink.as_ref().unwrap().hex(), "#ff8800");
    assert_eq!(ace.front().symbol.as_ref().unwrap().value, "sun");
    // Its pieces draw with the new colour.
    let pieces = pnp::kinds::piece::expand(&game);
    let faces =
        pnp::resolve::faces::draw_all(&game, &pieces, 0.0, None, Default::default()).unwrap();
    let doc = faces
        .docs
        .iter()
        .find(|d| d.name == "tile-suns-ace-front")
        .unwrap();
    let pnp::resolve::faces::Source::Svg(svg) = &doc.source else {
        panic!("a small game keeps its faces' SVG")
    };
    assert!(svg.contains("#ff8800"));
}

/// The first page of backs: one-sided pages (dice, pawns) are printed first.
fn first_back(pages: &[pnp::layout::Page]) -> usize {
    pages
        .iter()
        .position(|p| p.side == PageSide::Back)
        .expect("a page of backs")
}
