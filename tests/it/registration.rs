//! The registration targets of double-sided sheets stay clear of the sheet's text: no caption
//! and no footer line runs into a target, on any page of the shipped games and examples, on A4
//! and Letter, duplex and gutter-fold. Targets are found in the PDF (a ring crossed by two
//! strokes as long as its reach), text by its glyphs' boxes.
use crate::common::*;
use pnp::commands::options::BuildOptions;
use pnp::layout::{Duplex, LETTER};

/// How far a target's cross reaches from its centre (mm).
const REACH: f64 = pnp::layout::registration::TARGET_RADIUS;

/// The games shipped in `data/` and `examples/`.
fn games() -> Vec<String> {
    let mut all = Vec::new();
    for dir in ["data", "examples"] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "yaml") {
                all.push(p.to_str().unwrap().to_string());
            }
        }
    }
    all.sort();
    all
}

/// The centres (mm) of the targets on a page: a level and an upright stroke `2 REACH` long,
/// crossing at their middles.
fn targets(strokes: &[Stroke]) -> Vec<(f64, f64)> {
    let long = |s: &&Stroke| ((s.a.0 - s.b.0).hypot(s.a.1 - s.b.1) - 2.0 * REACH).abs() < 0.05;
    let mid = |s: &Stroke| ((s.a.0 + s.b.0) / 2.0, (s.a.1 + s.b.1) / 2.0);
    let level: Vec<&Stroke> = strokes
        .iter()
        .filter(long)
        .filter(|s| (s.a.1 - s.b.1).abs() < 0.01)
        .collect();
    strokes
        .iter()
        .filter(long)
        .filter(|s| (s.a.0 - s.b.0).abs() < 0.01)
        .filter_map(|u| {
            let m = mid(u);
            level
                .iter()
                .any(|l| {
                    let n = mid(l);
                    (n.0 - m.0).abs() < 0.01 && (n.1 - m.1).abs() < 0.01
                })
                .then_some(m)
        })
        .collect()
}

/// A glyph's box on the page (mm, from the top-left): its advance along its line, from its
/// descenders to its cap height across it, whichever way it is turned.
fn glyph_box(g: &Glyph, page_h: f64) -> (f64, f64, f64, f64) {
    let (dx, dy) = g.dir;
    // Up, in the PDF's y-up space: the reading direction turned a quarter anticlockwise.
    let (ux, uy) = (-dy, dx);
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for along in [0.0, g.advance] {
        for up in [-0.25 * g.size, 0.8 * g.size] {
            let (x, y) = (g.x + dx * along + ux * up, g.y + dy * along + uy * up);
            xs.push(x * 25.4 / 72.0);
            ys.push((page_h - y) * 25.4 / 72.0);
        }
    }
    let f = |v: &[f64], min: bool| {
        v.iter()
            .copied()
            .fold(if min { f64::MAX } else { f64::MIN }, |a, b| {
                if min { a.min(b) } else { a.max(b) }
            })
    };
    (f(&xs, true), f(&ys, true), f(&xs, false), f(&ys, false))
}

#[test]
fn registration_targets_keep_clear_of_captions_and_the_footer_on_every_shipped_page() {
    let layouts = [
        ("A4 duplex", BuildOptions::default()),
        (
            "Letter duplex",
            BuildOptions {
                paper: LETTER,
                ..BuildOptions::default()
            },
        ),
        (
            "A4 gutter-fold",
            BuildOptions {
                duplex: Duplex::GutterFold,
                ..BuildOptions::default()
            },
        ),
    ];
    let mut seen = 0;
    for path in games() {
        let game = pnp::kinds::load(&path).unwrap();
        for (name, opt) in &layouts {
            let opt = BuildOptions {
                png: false,
                ..opt.clone()
            };
            let doc = pnp::commands::prepare(&game, &opt).unwrap();
            let pdf = pnp::commands::pdf_bytes(&doc).unwrap();
            let page_h = pdf_page_sizes(&pdf)[0].1;
            let glyphs = pdf_glyphs(&pdf);
            for (i, strokes) in pdf_strokes(&pdf).iter().enumerate() {
                let found = targets(strokes);
                let duplexed = i
                    .checked_sub(doc.front_matter.len())
                    .is_some_and(|k| pnp::layout::registration::is_duplexed(&doc.pages, k));
                // Every page printed double-sided has its four corners' targets, no other any.
                assert_eq!(
                    found.len() >= 4,
                    duplexed,
                    "{path} {name} page {}: {found:?}",
                    i + 1
                );
                seen += found.len();
                for g in glyphs[i].iter().filter(|g| !g.text.trim().is_empty()) {
                    let (x0, y0, x1, y1) = glyph_box(g, page_h);
                    for &(x, y) in &found {
                        let apart = x1 < x - REACH - 0.5
                            || x0 > x + REACH + 0.5
                            || y1 < y - REACH - 0.5
                            || y0 > y + REACH + 0.5;
                        assert!(
                            apart,
                            "{path} {name} page {}: `{}` at {x0:.1},{y0:.1}–{x1:.1},{y1:.1} on the target at {x:.1},{y:.1}",
                            i + 1,
                            g.text
                        );
                    }
                }
            }
        }
    }
    assert!(seen > 100, "{seen} targets found");
}
