//! Inline markup (`**bold**`, `*italic*`, `{icon}`), table columns, card layouts, corner
//! indices and sizes by name, on the real binary: fonts read from the PDF, places measured in
//! the face PNGs.
use crate::common::*;
use std::path::{Path, PathBuf};

/// Builds `yaml` (a game written here) with `extra` options; returns the output folder.
fn build_yaml(name: &str, yaml: &str, extra: &[&str]) -> PathBuf {
    let dir = temp_dir(name);
    let file = dir.join(format!("{name}.yaml"));
    std::fs::write(&file, yaml).unwrap();
    let out = dir.join("out");
    let o = pnp()
        .arg("build")
        .arg(&file)
        .arg("--out")
        .arg(&out)
        .args(["--no-cover"])
        .args(extra)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    out
}

fn card(lines: &str) -> String {
    format!(
        "game: {{id: mk, name: Markup, players: [2]}}\ncomponents:\n  - id: c\n    kind: card\n    size: poker\n    front: {{border: none, lines: [\"{lines}\"]}}\n"
    )
}

/// The fonts embedded in the PDF, without their subset prefix (`ABCDEF+`).
fn fonts(out: &Path) -> Vec<String> {
    let bytes = std::fs::read(out.join("mk.pdf")).unwrap();
    pdf_embedded_fonts(&bytes)
        .into_iter()
        .map(|n| n.split_once('+').map_or(n.clone(), |(_, f)| f.to_string()))
        .collect()
}

#[test]
fn bold_and_italic_runs_are_set_in_the_bold_and_italic_fonts() {
    let plain = fonts(&build_yaml("mk", &card("Gain two coins"), &["--no-png"]));
    // (Roboto Condensed is the page's caption and footer.)
    assert!(plain.iter().any(|f| f == "Roboto-Regular"), "{plain:?}");
    assert!(
        !plain
            .iter()
            .any(|f| f == "Roboto-Bold" || f == "Roboto-Italic"),
        "{plain:?}"
    );
    let marked = fonts(&build_yaml(
        "mk",
        &card("Gain **two** coins *now*"),
        &["--no-png"],
    ));
    for f in ["Roboto-Regular", "Roboto-Bold", "Roboto-Italic"] {
        assert!(marked.iter().any(|m| m == f), "{f} not in {marked:?}");
    }
    // The markers are not printed.
    let out = build_yaml("mk", &card("Gain **two** coins *now*"), &["--no-png"]);
    let text = pdf_text(&std::fs::read(out.join("mk.pdf")).unwrap()).join("\n");
    assert!(text.contains("two") && !text.contains('*'), "{text}");
}

/// A face PNG's pixels: (width, height, rgba).
fn face(out: &Path, name: &str) -> (usize, usize, Vec<u8>) {
    let path = out.join("png").join(format!("{name}.png"));
    let (w, h, _) = png_info(&path);
    (w as usize, h as usize, png_rgba(&path))
}

/// A pixel's colour; where the face is transparent (outside a rounded corner), white.
fn px(rgba: &[u8], w: usize, x: usize, y: usize) -> [u8; 3] {
    let i = (y * w + x) * 4;
    match rgba[i + 3] {
        0..=127 => [255; 3],
        _ => [rgba[i], rgba[i + 1], rgba[i + 2]],
    }
}

/// Where in mm (at `dpi`) the first and last pixels matching `is` lie along the row or column
/// through `at_mm`, measured to pixel edges.
fn extent(
    (w, h, rgba): &(usize, usize, Vec<u8>),
    dpi: f64,
    across: bool,
    at_mm: f64,
    is: impl Fn([u8; 3]) -> bool,
) -> Option<(f64, f64)> {
    let mm = |p: usize| p as f64 * 25.4 / dpi;
    let at = (at_mm * dpi / 25.4) as usize;
    let n = if across { *w } else { *h };
    let hits: Vec<usize> = (0..n)
        .filter(|&i| {
            let (x, y) = if across { (i, at) } else { (at, i) };
            is(px(rgba, *w, x, y))
        })
        .collect();
    Some((mm(*hits.first()?), mm(*hits.last()? + 1)))
}

fn red(p: [u8; 3]) -> bool {
    p[0] > 200 && p[1] < 60 && p[2] < 60
}

fn dark(p: [u8; 3]) -> bool {
    p.iter().all(|&c| c < 100)
}

const LAYOUT: &str = r##"game: {id: mk, name: Markup, players: [2]}
layouts:
  boxed:
    - {name: panel, x: 10mm, y: 20%, w: 30mm, h: 15mm, fill: "#ff0000"}
    - {name: icon, x: 8mm, y: 50mm, w: 40mm, h: 12mm, text: "{shape-square}", align: left, size: 10mm}
components:
  - id: c
    kind: card
    size: poker
    layout: boxed
    front: {border: none}
"##;

#[test]
fn layout_boxes_and_icons_are_where_the_layout_puts_them() {
    let dpi = 1200.0;
    let out = build_yaml("mk", LAYOUT, &["--dpi", "1200", "--no-pdf"]);
    let f = face(&out, "c-front");
    // Poker: 63.5 × 88.9 mm exactly.
    assert_eq!((f.0, f.1), (3000, 4200));
    // The panel: x 10 to 40 mm, y 20 % of 88.9 = 17.78 to 32.78 mm.
    let (l, r) = extent(&f, dpi, true, 25.0, red).expect("panel drawn");
    let (t, b) = extent(&f, dpi, false, 25.0, red).unwrap();
    for (got, want) in [(l, 10.0), (r, 40.0), (t, 17.78), (b, 32.78)] {
        assert!(
            (got - want).abs() <= 0.05,
            "panel edge {got} mm, not {want} mm"
        );
    }
    // The icon: a line 10 mm high, set left in its box: 0.95 em square, 0.075 em in from the
    // box's left, its top 1 mm below the box's (the line's leading centred in 12 mm).
    let mid_y = 50.0 + 1.0 + 9.5 / 2.0;
    let (l, r) = extent(&f, dpi, true, mid_y, dark).expect("icon drawn");
    let (t, b) = extent(&f, dpi, false, 8.0 + 0.75 + 9.5 / 2.0, dark).unwrap();
    // The square symbol sits inside its 9.5 mm box.
    assert!(
        l >= 8.75 - 0.05 && r <= 18.25 + 0.05,
        "icon across {l}..{r}"
    );
    assert!(t >= 51.0 - 0.05 && b <= 60.5 + 0.05, "icon down {t}..{b}");
    assert!(
        r - l > 5.0 && b - t > 5.0,
        "icon too small: {l}..{r}, {t}..{b}"
    );
}

#[test]
fn a_corner_index_is_mirrored_at_the_opposite_corner() {
    let yaml = "game: {id: mk, name: Markup, players: [2]}\ncomponents:\n  - id: c\n    kind: card\n    size: poker\n    front: {border: none, corner: \"Q{sun}\"}\n";
    let out = build_yaml("mk", yaml, &["--dpi", "300", "--no-pdf"]);
    let (w, h, rgba) = face(&out, "c-front");
    let (mut inked, mut differ) = (0, 0);
    // The top-left quarter against the bottom-right turned half round.
    for y in 0..h / 4 {
        for x in 0..w / 4 {
            let a = dark(px(&rgba, w, x, y));
            let b = dark(px(&rgba, w, w - 1 - x, h - 1 - y));
            inked += a as usize;
            differ += (a != b) as usize;
        }
    }
    assert!(inked > 200, "no corner index drawn ({inked} dark pixels)");
    assert!(
        differ * 50 < inked,
        "{differ} of {inked} pixels differ when turned"
    );
    // Nothing in the other two corners.
    let empty = (0..h / 4)
        .flat_map(|y| (0..w / 4).map(move |x| (x, y)))
        .filter(|&(x, y)| dark(px(&rgba, w, w - 1 - x, y)))
        .count();
    assert_eq!(empty, 0);
}

#[test]
fn table_columns_take_the_widths_given() {
    // Poker card: the table is 63.5 − 2 × 3.81 = 55.88 mm wide; 20 mm, then 1fr and 2fr of
    // the 35.88 mm left: 11.96 and 23.92 mm. Each header is centred in its column.
    let yaml = "game: {id: mk, name: Markup, players: [2]}\ncomponents:\n  - id: c\n    kind: card\n    size: poker\n    front: {table: [[A, B, C], [x, y, z]], columns: [20mm, 1fr, 2fr]}\n";
    let out = build_yaml("mk", yaml, &["--no-png"]);
    let glyphs = pdf_glyphs(&std::fs::read(out.join("mk.pdf")).unwrap());
    let centre = |t: &str| {
        let g = glyphs[0]
            .iter()
            .find(|g| g.text == t)
            .unwrap_or_else(|| panic!("no {t}"));
        (g.x + g.advance / 2.0) * 25.4 / 72.0
    };
    let (a, b, c) = (centre("A"), centre("B"), centre("C"));
    let near = |got: f64, want: f64| assert!((got - want).abs() <= 0.05, "{got} mm, not {want}");
    near(b - a, 20.0 + 11.96 / 2.0 - 10.0);
    near(c - b, 11.96 / 2.0 + 23.92 / 2.0);
}

#[test]
fn a_long_cell_wraps_before_it_is_set_smaller() {
    let long = "Sown in autumn and harvested in the height of summer";
    let yaml = format!(
        "game: {{id: mk, name: Markup, players: [2]}}\ncomponents:\n  - id: c\n    kind: card\n    size: poker\n    front: {{table: [[Crop, Notes], [Wheat, \"{long}\"]]}}\n"
    );
    let out = build_yaml("mk", &yaml, &["--no-png"]);
    let glyphs = pdf_glyphs(&std::fs::read(out.join("mk.pdf")).unwrap());
    let wheat = glyphs[0].iter().find(|g| g.text == "W").unwrap().size;
    let sown = glyphs[0].iter().find(|g| g.text == "S").unwrap().size;
    assert!(
        (sown - wheat).abs() < 0.01,
        "the long cell is {sown} pt, its row {wheat} pt"
    );
    let text = pdf_text(&std::fs::read(out.join("mk.pdf")).unwrap());
    let lines = text[0]
        .lines()
        .filter(|l| l.contains("summer") || l.contains("Sown"))
        .count();
    assert_eq!(lines, 2, "{}", text[0]);
}

#[test]
fn sizes_by_name_are_exact() {
    let presets = [
        ("poker", 63.5, 88.9),
        ("bridge", 57.15, 88.9),
        ("tarot", 70.0, 120.0),
        ("mini-euro", 44.0, 68.0),
        ("mini-american", 41.0, 63.0),
        ("square", 70.0, 70.0),
        ("piecepack-tile", 50.8, 50.8),
    ];
    let mut yaml = "game: {id: mk, name: Markup, players: [2]}\ncomponents:\n".to_string();
    for (name, _, _) in presets {
        yaml += &format!("  - {{id: {name}, kind: card, size: {name}, front: {{title: X}}}}\n");
    }
    // At 508 dpi every preset is a whole number of pixels: 0.05 mm each.
    let out = build_yaml("mk", &yaml, &["--dpi", "508", "--no-pdf"]);
    for (name, w, h) in presets {
        let (pw, ph, _) = png_info(&out.join("png").join(format!("{name}-front.png")));
        let pt = |px: u32| px as f64 * 72.0 / 508.0;
        let want = |mm: f64| mm * 72.0 / 25.4;
        assert!(
            (pt(pw) - want(w)).abs() < 1e-9,
            "{name}: {} pt wide",
            pt(pw)
        );
        assert!(
            (pt(ph) - want(h)).abs() < 1e-9,
            "{name}: {} pt high",
            pt(ph)
        );
    }
}

#[test]
fn the_market_day_example_builds_validates_and_exports_for_tabletop_simulator() {
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/market-day.yaml");
    let v = run(&["validate", game]);
    assert!(v.status.success(), "{}", stderr(&v));
    let out = build(game, &["--no-png"]);
    let bytes = std::fs::read(out.join("market-day.pdf")).unwrap();
    let text = pdf_text(&bytes).join("\n");
    // Its corner indices and its bold and italic runs are there, markers left out.
    assert!(text.contains("Goods · 30"), "{text}");
    let fonts = pdf_embedded_fonts(&bytes).join(" ");
    assert!(
        fonts.contains("Roboto-Bold") && fonts.contains("Roboto-Italic"),
        "{fonts}"
    );
    assert!(!text.contains("**") && !text.contains("{sun}"), "{text}");
    // Its own font is embedded, and each of its three pictures is one image however many
    // cards show it.
    assert!(fonts.contains("GoudyBookletter1911"), "{fonts}");
    assert_eq!(crate::art::image_objects(&bytes), 3);
    let dir = temp_dir("market-tts");
    let t = pnp()
        .args(["tts", game, "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(t.status.success(), "{}", stderr(&t));
    assert!(!files(&dir).is_empty());
}

/// A title with characters its font lacks (drawn in the fallback font, DejaVu Sans) is fitted
/// to its box as drawn: every glyph the PDF shows lies inside the card, with no warning.
#[test]
fn a_title_in_the_fallback_font_is_fitted_to_its_box() {
    let titles = [
        "⬢⬢⬢⬢⬢⬢⬢⬢⬢⬢⬢⬢⬢⬢⬢⬢",
        "Go → North → East → South → West",
        "★★ Sunken Temple ★★",
    ];
    let mut yaml = String::from("game: {id: fb, name: Fallback, players: [2]}\ncomponents:\n");
    for (i, t) in titles.iter().enumerate() {
        yaml.push_str(&format!(
            "  - id: c{i}\n    kind: card\n    size: 40mm x 60mm\n    front: {{title: \"{t}\", background: \"#ffffff\"}}\n"
        ));
    }
    let dir = temp_dir("fallback-title");
    let file = dir.join("fb.yaml");
    std::fs::write(&file, &yaml).unwrap();
    let out = dir.join("out");
    let o = pnp()
        .arg("build")
        .arg(&file)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stderr(&o).contains("runs over"), "{}", stderr(&o));
    let pdf = std::fs::read(out.join("fb.pdf")).unwrap();
    let game = pnp::kinds::load(file.to_str().unwrap()).unwrap();
    let doc =
        pnp::commands::prepare(&game, &pnp::commands::options::BuildOptions::default()).unwrap();
    let mm = 25.4 / 72.0;
    let glyphs = pdf_glyphs(&pdf);
    let sizes = pdf_page_sizes(&pdf);
    for (c, title) in titles.iter().enumerate() {
        let (page, pl) = first_front(&doc, c);
        let r = pl.rect;
        let height = sizes[page].1;
        let on_card: Vec<&Glyph> = glyphs[page]
            .iter()
            .filter(|g| {
                let y = (height - g.y) * mm;
                y > r.y
                    && y < r.y + r.h
                    && {
                        let x = g.x * mm;
                        x > r.x - r.w && x < r.x + 2.0 * r.w
                    }
                    && title.contains(g.text.as_str())
            })
            .filter(|g| {
                // This card's row of glyphs, not a neighbour's: within its own column.
                let mid = (g.x + g.advance / 2.0) * mm;
                (mid - (r.x + r.w / 2.0)).abs() < r.w / 2.0
            })
            .collect();
        let shown: usize = on_card
            .iter()
            .map(|g| g.text.chars().filter(|c| !c.is_whitespace()).count())
            .sum();
        let want = title.chars().filter(|c| !c.is_whitespace()).count();
        assert_eq!(shown, want, "card {c}: all of `{title}` is printed");
        let left = on_card.iter().map(|g| g.x * mm).fold(f64::MAX, f64::min);
        let right = on_card
            .iter()
            .map(|g| (g.x + g.advance) * mm)
            .fold(f64::MIN, f64::max);
        assert!(
            left >= r.x + 1.0 && right <= r.x + r.w - 1.0,
            "card {c}: `{title}` spans {left:.2}–{right:.2} mm, the card {:.2}–{:.2} mm",
            r.x,
            r.x + r.w
        );
    }
}

/// `icons:` gives an inline icon a colour of its own: the heart in a black line of text is
/// drawn red, where the spade beside it keeps the text's ink; without the entry both are black.
#[test]
fn an_icon_named_in_icons_keeps_its_own_colour_in_any_text() {
    let game = |icons: &str| {
        format!(
            "game: {{id: mk, name: Markup, players: [2]}}\n{icons}components:\n  - id: c\n    kind: card\n    size: poker\n    front: {{border: none, ink: \"#000000\", background: \"#ffffff\", title: \"Hearts {{card-hearts}}\", lines: [\"Take {{card-hearts}} then {{card-spades}}\"]}}\n"
        )
    };
    // Pixels of a colour: the red asked for, or near it (anti-aliased edges aside).
    let count = |rgba: &[u8], want: [u8; 3]| {
        rgba.chunks(4)
            .filter(|p| (0..3).all(|i| (p[i] as i32 - want[i] as i32).abs() <= 8))
            .count()
    };
    let red = [0xc0, 0x39, 0x2b];
    let own = build_yaml(
        "icon-colour",
        &game("icons:\n  card-hearts: \"#c0392b\"\n"),
        &["--dpi", "150"],
    );
    let (_, _, rgba) = face(&own, "c-front");
    let plain = build_yaml("icon-ink", &game(""), &["--dpi", "150"]);
    let (_, _, ink) = face(&plain, "c-front");
    // Two hearts (in the title band and in the line), each a few mm wide at 150 dpi.
    assert!(
        count(&rgba, red) > 200,
        "the hearts are red: {}",
        count(&rgba, red)
    );
    assert_eq!(
        count(&ink, red),
        0,
        "without `icons:` the hearts take the ink"
    );
    // The spade and the text are as they were: every pixel that changed is the hearts' red
    // (or its anti-aliased edge, reddish).
    assert_eq!(rgba.len(), ink.len());
    let changed: Vec<&[u8]> = rgba
        .chunks(4)
        .zip(ink.chunks(4))
        .filter(|(a, b)| a != b)
        .map(|(a, _)| a)
        .collect();
    assert!(!changed.is_empty());
    for p in changed {
        assert!(
            p[0] > p[1] && p[0] > p[2],
            "a pixel other than a heart's changed: {p:?}"
        );
    }
}
