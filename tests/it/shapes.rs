//! Issue 33, pieces of any outline: hexes, polygons and custom outlines are cut along a line
//! printed on their outline (measured in the PDF to 0.05 mm), hexes of one size share their
//! sides on the sheet, their images are transparent outside the outline, and a tuck box's
//! panels are the deck's card size and thickness. The game is `examples/shapes.yaml`.
use crate::common::*;
use pnp::commands::options::BuildOptions;
use std::path::{Path, PathBuf};

const SQRT3: f64 = 1.732_050_807_568_877_2;

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/shapes.yaml")
}

/// The example as `pnp build` lays it out: the strokes of each page of pieces (front matter
/// left out) and where each component's pieces are, by component id.
struct Built {
    strokes: Vec<Vec<Stroke>>,
    /// (component id, page, rect) of every piece on a front page.
    placed: Vec<(String, usize, pnp::layout::Rect)>,
}

fn built(path: &Path, opt: &BuildOptions) -> Built {
    let game = pnp::kinds::load(path.to_str().unwrap()).unwrap();
    let doc = pnp::commands::prepare(&game, opt).unwrap();
    let pdf = pnp::commands::pdf_bytes(&doc).unwrap();
    let strokes = pdf_strokes(&pdf).split_off(doc.front_matter.len());
    let mut placed = Vec::new();
    for (i, page) in doc.pages.iter().enumerate() {
        if page.side != pnp::layout::PageSide::Front {
            continue;
        }
        for p in &page.placements {
            let c = doc.pieces[p.piece].component;
            placed.push((game.spec.components[c].id.value.clone(), i, p.rect));
        }
    }
    Built { strokes, placed }
}

fn near(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < 0.05 && (a.1 - b.1).abs() < 0.05
}

/// How many cut lines (solid, as thin as crop marks) on `page` run from `a` to `b` (either
/// way), to 0.05 mm. A face's own border is wider.
fn strokes_along(page: &[Stroke], a: (f64, f64), b: (f64, f64)) -> usize {
    page.iter()
        .filter(|s| {
            !s.dashed
                && s.width < 0.3
                && ((near(s.a, a) && near(s.b, b)) || (near(s.a, b) && near(s.b, a)))
        })
        .count()
}

/// The placements (page, rect) of component `id`'s pieces on the front pages.
fn placed(b: &Built, id: &str) -> Vec<(usize, pnp::layout::Rect)> {
    b.placed
        .iter()
        .filter(|p| p.0 == id)
        .map(|p| (p.1, p.2))
        .collect()
}

/// A pointy hex `f` mm across its flats with its box's corner at (x, y): its corners,
/// clockwise from the top.
fn pointy_hex(x: f64, y: f64, f: f64) -> Vec<(f64, f64)> {
    let h = 2.0 * f / SQRT3;
    [
        (0.5, 0.0),
        (1.0, 0.25),
        (1.0, 0.75),
        (0.5, 1.0),
        (0.0, 0.75),
        (0.0, 0.25),
    ]
    .iter()
    .map(|&(u, v)| (x + u * f, y + v * h))
    .collect()
}

fn sides(corners: &[(f64, f64)]) -> Vec<((f64, f64), (f64, f64))> {
    corners
        .iter()
        .copied()
        .zip(corners.iter().copied().cycle().skip(1))
        .collect()
}

#[test]
fn hex_tiles_are_cut_along_their_sides_each_shared_side_printed_once() {
    let b = built(&example(), &BuildOptions::default());
    let hexes = placed(&b, "terrain");
    assert_eq!(hexes.len(), 16);
    let mut shared = 0;
    for &(page, r) in &hexes {
        // 40 mm across the flats: the box is 40 × 46.19 mm.
        assert!(
            (r.w - 40.0).abs() < 0.05 && (r.h - 80.0 / SQRT3).abs() < 0.05,
            "{r:?}"
        );
        let corners = pointy_hex(r.x, r.y, 40.0);
        for (a, c) in sides(&corners) {
            let n = strokes_along(&b.strokes[page], a, c);
            assert_eq!(
                n, 1,
                "the side {a:?}–{c:?} of the hex at {r:?} is printed {n} times"
            );
            let neighbours = hexes
                .iter()
                .filter(|&&(p, o)| p == page && o != r)
                .filter(|&&(_, o)| {
                    sides(&pointy_hex(o.x, o.y, 40.0))
                        .iter()
                        .any(|&(p, q)| (near(p, a) && near(q, c)) || (near(p, c) && near(q, a)))
                })
                .count();
            shared += neighbours;
        }
        // Across the flats in the PDF: the two upright sides are 40 mm apart.
        let upright: Vec<f64> = b.strokes[page]
            .iter()
            .filter(|s| (s.a.0 - s.b.0).abs() < 0.01 && (s.a.1 - s.b.1).abs() > 20.0)
            .filter(|s| s.a.1.min(s.b.1) > r.y - 0.1 && s.a.1.max(s.b.1) < r.bottom() + 0.1)
            .filter(|s| s.a.0 > r.x - 0.1 && s.a.0 < r.right() + 0.1)
            .map(|s| s.a.0)
            .collect();
        let across = upright.iter().cloned().fold(f64::MIN, f64::max)
            - upright.iter().cloned().fold(f64::MAX, f64::min);
        assert!(
            (across - 40.0).abs() < 0.05,
            "{across} mm across the flats at {r:?}"
        );
    }
    // Tiled 4 + 4 + 4 + 4 in nested rows: 3 × 4 sides shared within each row, and each hex of
    // a lower row under two of the row above but the ends: 7 a row boundary, twice counted.
    assert_eq!(shared, 2 * (4 * 3 + 3 * 7), "sides shared");
    // Nothing but cut lines: no crop mark starts within 3 mm of a hex's box.
    for &(page, r) in &hexes {
        let corners = pointy_hex(r.x, r.y, 40.0);
        for s in &b.strokes[page] {
            let on_outline = sides(&corners)
                .iter()
                .any(|&(p, q)| (near(s.a, p) && near(s.b, q)) || (near(s.a, q) && near(s.b, p)));
            let short = (s.a.0 - s.b.0).hypot(s.a.1 - s.b.1) < 8.0;
            let at_corner = [
                (r.x, r.y),
                (r.right(), r.y),
                (r.x, r.bottom()),
                (r.right(), r.bottom()),
            ]
            .iter()
            .any(|&c| near(s.a, c) || near(s.b, c));
            assert!(
                on_outline || !(short && at_corner),
                "a crop mark {s:?} at a hex"
            );
        }
    }
}

#[test]
fn flat_hexes_octagons_and_a_custom_outline_are_measured_as_written() {
    let b = built(&example(), &BuildOptions::default());
    // Flat hexes 30 mm across the corners: a side on top and bottom, corners 30 mm apart.
    let sea = placed(&b, "sea");
    assert_eq!(sea.len(), 6);
    for &(page, r) in &sea {
        assert!(
            (r.w - 30.0).abs() < 0.05 && (r.h - 15.0 * SQRT3).abs() < 0.05,
            "{r:?}"
        );
        let (left, right) = ((r.x, r.y + r.h / 2.0), (r.right(), r.y + r.h / 2.0));
        let top = ((r.x + 7.5, r.y), (r.x + 22.5, r.y));
        assert_eq!(strokes_along(&b.strokes[page], top.0, top.1), 1, "{r:?}");
        assert_eq!(strokes_along(&b.strokes[page], left, top.0), 1, "{r:?}");
        assert_eq!(strokes_along(&b.strokes[page], top.1, right), 1, "{r:?}");
    }
    // Flat hexes nest: the second sits three quarters of a hex along and half a hex down.
    let (a, c) = (sea[0].1, sea[1].1);
    assert!(
        (c.x - a.x - 22.5).abs() < 0.05 && (c.y - a.y - 7.5 * SQRT3).abs() < 0.05,
        "{a:?} {c:?}"
    );

    // Octagons 22 mm across the flats: the top and bottom sides 22 mm apart, each 22 tan 22.5°.
    let stop = placed(&b, "stop");
    let side = 22.0 * (std::f64::consts::PI / 8.0).tan();
    for &(page, r) in &stop {
        assert!(
            (r.w - 22.0).abs() < 0.05 && (r.h - 22.0).abs() < 0.05,
            "{r:?}"
        );
        let cx = r.x + 11.0;
        for y in [r.y, r.bottom()] {
            let (p, q) = ((cx - side / 2.0, y), (cx + side / 2.0, y));
            assert_eq!(
                strokes_along(&b.strokes[page], p, q),
                1,
                "octagon side at y = {y}"
            );
        }
    }

    // The shield: `M0 0 H24 V14 C… Z`, its straight sides where the path puts them.
    let shield = placed(&b, "shield");
    assert_eq!(shield.len(), 4);
    for &(page, r) in &shield {
        let at = |x: f64, y: f64| (r.x + x, r.y + y);
        for (p, q) in [
            ((0.0, 0.0), (24.0, 0.0)),
            ((24.0, 0.0), (24.0, 14.0)),
            ((0.0, 14.0), (0.0, 0.0)),
        ] {
            assert_eq!(
                strokes_along(&b.strokes[page], at(p.0, p.1), at(q.0, q.1)),
                1,
                "{p:?}–{q:?} at {r:?}"
            );
        }
    }
}

#[test]
fn triangles_tile_a_row_pointing_up_and_down_in_turn_sharing_their_sides() {
    let b = built(&example(), &BuildOptions::default());
    let mut tri = placed(&b, "warning");
    tri.sort_by(|a, c| a.1.x.total_cmp(&c.1.x));
    assert_eq!(tri.len(), 4);
    // 24 mm tall: a side of 24 / sin 60°.
    let (side, h) = (48.0 / SQRT3, 24.0);
    let (page, first) = tri[0];
    let mut shared = 0;
    for (k, &(p, r)) in tri.iter().enumerate() {
        assert_eq!(p, page);
        assert!((r.w - side).abs() < 0.05 && (r.h - h).abs() < 0.05, "{r:?}");
        assert!(
            (r.x - first.x - k as f64 * side / 2.0).abs() < 0.05 && (r.y - first.y).abs() < 0.05,
            "{r:?}"
        );
        let at = |u: f64, v: f64| (r.x + u * side, r.y + v * h);
        // Up, down, up, down.
        let corners = match k % 2 {
            0 => [at(0.5, 0.0), at(1.0, 1.0), at(0.0, 1.0)],
            _ => [at(0.0, 0.0), at(1.0, 0.0), at(0.5, 1.0)],
        };
        for (a, c) in sides(&corners) {
            assert_eq!(
                strokes_along(&b.strokes[page], a, c),
                1,
                "triangle {k}: {a:?}–{c:?}"
            );
        }
        if k > 0 {
            // The slanted side it shares with the one before.
            let (a, c) = match k % 2 {
                0 => (at(0.5, 0.0), at(0.0, 1.0)),
                _ => (at(0.0, 0.0), at(0.5, 1.0)),
            };
            shared += strokes_along(&b.strokes[page], a, c);
        }
    }
    assert_eq!(shared, 3);
}

/// Of a PNG's rows and columns, how many pixels of row `y` (column `x`) are more than half
/// opaque.
fn opaque_run(
    rgba: &[u8],
    w: usize,
    along_row: Option<usize>,
    along_col: Option<usize>,
    h: usize,
) -> usize {
    match (along_row, along_col) {
        (Some(y), _) => (0..w).filter(|&x| rgba[(y * w + x) * 4 + 3] > 127).count(),
        (_, Some(x)) => (0..h).filter(|&y| rgba[(y * w + x) * 4 + 3] > 127).count(),
        _ => 0,
    }
}

#[test]
fn a_hex_image_is_its_size_across_the_flats_and_transparent_outside_with_or_without_bleed() {
    // With bleed the image holds the hexagon grown by the bleed, for a print shop to cut.
    for (extra, b) in [(&[][..], 0.0), (&["--bleed", "3mm"][..], 3.0)] {
        let mut args = vec!["--dpi", "300"];
        args.extend_from_slice(extra);
        let dir = build(example().to_str().unwrap(), &args);
        let png = dir.join("png/terrain-forest-front.png");
        let (w, h, _) = png_info(&png);
        let px = |mm: f64| mm / 25.4 * 300.0;
        assert_eq!(
            (w, h),
            (
                px(40.0 + 2.0 * b).round() as u32,
                px(80.0 / SQRT3 + 2.0 * b).round() as u32
            )
        );
        let rgba = png_rgba(&png);
        let (w, h) = (w as usize, h as usize);
        // Across the middle: the flats, 40 mm; down the middle: the corners, 46.19 mm.
        let flats = opaque_run(&rgba, w, Some(h / 2), None, h);
        let corners = opaque_run(&rgba, w, None, Some(w / 2), h);
        assert!(
            (flats as f64 - px(40.0 + 2.0 * b)).abs() <= 1.5,
            "{extra:?}: {flats} px across the flats"
        );
        assert!(
            (corners as f64 - px(80.0 / SQRT3 + 2.0 * b)).abs() <= 1.5,
            "{extra:?}: {corners} px corner to corner"
        );
        // An eighth of the way down the hexagon, the slanted sides are half the width apart
        // (and twice the bleed outside each: a side slants at 30°).
        let at = (px(b) + px(80.0 / SQRT3) / 8.0) as usize;
        let eighth = opaque_run(&rgba, w, Some(at), None, h);
        assert!(
            (eighth as f64 - px(20.0 + 4.0 * b)).abs() <= 3.0,
            "{extra:?}: {eighth} px at h/8"
        );
        // The box's corners are clear.
        for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
            assert_eq!(rgba[(y * w + x) * 4 + 3], 0, "{extra:?}: pixel ({x}, {y})");
        }
    }
}

/// Four folds at `folds` (mm, in order) whose three panels are `want` wide, to 0.05 mm.
fn assert_panels(folds: &[f64], want: [f64; 3], what: &str) {
    assert_eq!(folds.len(), 4, "{what} at {folds:?}");
    let gaps: Vec<f64> = folds.windows(2).map(|p| p[1] - p[0]).collect();
    for (got, want) in gaps.iter().zip(want) {
        assert!((got - want).abs() < 0.05, "{what}: panels {gaps:?}");
    }
}

#[test]
fn a_tuck_box_s_panels_are_its_deck_s_cards_and_thickness() {
    // The example's box: 30 cards 63.5 × 88.9 mm, 0.3 mm each; and a thick deck given its own.
    let dir = temp_dir("tuckbox");
    let thick = dir.join("thick.yaml");
    std::fs::write(
        &thick,
        "game: {id: thick, name: Thick, players: [2]}\ncomponents:\n  - id: cards\n    kind: card\n    size: 57mm x 87mm\n    copies: 52\n  - id: box\n    kind: tuckbox\n    front: {title: Cards}\n    tuckbox: {deck: cards, thickness: 0.32mm}\n",
    )
    .unwrap();
    for (path, card, depth) in [
        (example(), (63.5, 88.9), 30.0 * 0.3),
        (thick, (57.0, 87.0), 52.0 * 0.32),
    ] {
        let b = built(&path, &BuildOptions::default());
        let boxes = placed(&b, "box");
        assert_eq!(boxes.len(), 1);
        let (page, r) = boxes[0];
        // A millimetre of room on each inside measure.
        let (w, h, d) = (card.0 + 1.0, card.1 + 1.0, depth + 1.0);
        let folds: Vec<&Stroke> = b.strokes[page]
            .iter()
            .filter(|s| {
                s.dashed
                    && r.contains(&pnp::layout::Rect {
                        x: s.a.0.min(s.b.0),
                        y: s.a.1.min(s.b.1),
                        w: 0.0,
                        h: 0.0,
                    })
            })
            .collect();
        let mut xs: Vec<f64> = folds
            .iter()
            .filter(|s| (s.a.0 - s.b.0).abs() < 0.01)
            .map(|s| s.a.0)
            .collect();
        let mut ys: Vec<f64> = folds
            .iter()
            .filter(|s| (s.a.1 - s.b.1).abs() < 0.01)
            .map(|s| s.a.1)
            .collect();
        for v in [&mut xs, &mut ys] {
            v.sort_by(f64::total_cmp);
            v.dedup_by(|a, b| (*a - *b).abs() < 0.05);
        }
        // Side | front | side | back, folded between; lid | panels | bottom and their tucks.
        assert_panels(&xs, [d, w, d], &format!("{path:?}: upright folds"));
        // The back runs from the last upright fold to the net's right edge.
        assert!(
            (r.right() - xs[3] - w).abs() < 0.05,
            "{path:?}: back {}",
            r.right() - xs[3]
        );
        assert_eq!(ys.len(), 4, "{path:?}: level folds at {ys:?}");
        let down: Vec<f64> = ys.windows(2).map(|p| p[1] - p[0]).collect();
        // The dust flaps under the sides are cut free of the bottom beside them: a cut line
        // runs down each side of the bottom panel, from its fold to the dust flap's end.
        for x in [xs[1], xs[2]] {
            let slit = b.strokes[page].iter().any(|s| {
                !s.dashed
                    && s.width < 0.3
                    && (s.a.0 - x).abs() < 0.05
                    && (s.b.0 - x).abs() < 0.05
                    && s.a.1.min(s.b.1) < ys[2] + 0.05
                    && s.a.1.max(s.b.1) > ys[3] - 0.05
            });
            assert!(
                slit,
                "{path:?}: no cut at x = {x} between a dust flap and the bottom"
            );
        }
        for (got, want) in down.iter().zip([d, h, d]) {
            assert!(
                (got - want).abs() < 0.05,
                "{path:?}: lid, panel, bottom {down:?}, want {d} {h} {d}"
            );
        }
    }
}

/// Pieces turned a quarter to fit beside a row of hexes: a flat hex block leaves a room 26 mm
/// wide and 30 mm high at its right, where a pentagon 25 mm tall (26.3 mm wide) and a banner
/// 28 × 22 mm fit only turned.
const TURNED: &str = "game: {id: turned, name: Turned, players: [2]}
components:
  - id: hexes
    kind: token
    shape: {hex: flat}
    size: 25mm
    copies: 7
  - id: pent
    kind: token
    shape: {polygon: 5}
    size: 25mm
    copies: 1
  - id: tiles
    kind: token
    shape: {hex: flat}
    size: 25mm
    copies: 7
  - id: banner
    kind: token
    shape: {path: \"M0 0 H28 V10 C28 16 20 20 14 22 C8 20 0 16 0 10 Z\"}
    size: 28mm x 22mm
    copies: 1
";

#[test]
fn a_piece_turned_a_quarter_is_cut_along_its_turned_outline() {
    let dir = temp_dir("turned");
    let yaml = dir.join("turned.yaml");
    std::fs::write(&yaml, TURNED).unwrap();
    let out = dir.join("out");
    let o = pnp()
        .args([
            "build",
            yaml.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let pdf = std::fs::read(out.join("turned.pdf")).unwrap();
    // Where the binary put each piece, as the library lays the same game out.
    let game = pnp::kinds::load(yaml.to_str().unwrap()).unwrap();
    let doc = pnp::commands::prepare(&game, &BuildOptions::default()).unwrap();
    let strokes = pdf_strokes(&pdf).split_off(doc.front_matter.len());
    let of = |id: &str| -> Vec<(usize, pnp::layout::Placement)> {
        let mut found = Vec::new();
        for (i, page) in doc.pages.iter().enumerate() {
            for p in &page.placements {
                let c = doc.pieces[p.piece].component;
                if game.spec.components[c].id.value == id {
                    found.push((i, p.clone()));
                }
            }
        }
        found
    };
    // A point of the upright piece (its box's top-left at 0, 0) where the page shows it turned
    // a quarter clockwise: its top along the right side of the placed rectangle.
    let turned = |r: &pnp::layout::Rect, (x, y): (f64, f64)| (r.x + r.w - y, r.y + x);
    // Cut lines only: thin, solid; a curve counts by its chord.
    let cut = |page: &[Stroke], a: (f64, f64), b: (f64, f64)| {
        page.iter()
            .filter(|s| !s.dashed && s.width < 0.3)
            .filter(|s| (near(s.a, a) && near(s.b, b)) || (near(s.a, b) && near(s.b, a)))
            .count()
    };

    // The pentagon: 25 mm tall, a corner on top, its box 2 R sin 72° wide.
    let pent = of("pent");
    assert_eq!(pent.len(), 1);
    let (page, p) = &pent[0];
    assert!(p.quarter, "the pentagon is turned to fit: {p:?}");
    let deg = std::f64::consts::PI / 180.0;
    let radius = 25.0 / (1.0 + (36.0 * deg).cos());
    let w = 2.0 * radius * (72.0 * deg).sin();
    assert!(
        (p.rect.w - 25.0).abs() < 0.05 && (p.rect.h - w).abs() < 0.05,
        "{:?}",
        p.rect
    );
    let corners: Vec<(f64, f64)> = (0..5)
        .map(|k| {
            let a = (-90.0 + 72.0 * k as f64) * deg;
            turned(
                &p.rect,
                (w / 2.0 + radius * a.cos(), radius + radius * a.sin()),
            )
        })
        .collect();
    for (a, b) in sides(&corners) {
        assert_eq!(cut(&strokes[*page], a, b), 1, "pentagon side {a:?}–{b:?}");
    }
    // No cut line of the upright pentagon is left: each thin line in its box is one of its sides.
    let inside = |s: &Stroke, r: &pnp::layout::Rect| {
        [s.a, s.b].iter().all(|&(x, y)| {
            x > r.x - 0.05 && x < r.right() + 0.05 && y > r.y - 0.05 && y < r.bottom() + 0.05
        })
    };
    let thin: Vec<&Stroke> = strokes[*page]
        .iter()
        .filter(|s| !s.dashed && s.width < 0.3 && inside(s, &p.rect))
        .collect();
    assert_eq!(thin.len(), 5, "{thin:?}");

    // The banner's path: its straight sides and its curves' ends, turned.
    let banner = of("banner");
    assert_eq!(banner.len(), 1);
    let (page, p) = &banner[0];
    assert!(p.quarter, "the banner is turned to fit: {p:?}");
    assert!(
        (p.rect.w - 22.0).abs() < 0.05 && (p.rect.h - 28.0).abs() < 0.05,
        "{:?}",
        p.rect
    );
    let at = |x: f64, y: f64| turned(&p.rect, (x, y));
    for (a, b) in [
        ((0.0, 0.0), (28.0, 0.0)),
        ((28.0, 0.0), (28.0, 10.0)),
        ((28.0, 10.0), (14.0, 22.0)),
        ((14.0, 22.0), (0.0, 10.0)),
        ((0.0, 10.0), (0.0, 0.0)),
    ] {
        assert_eq!(
            cut(&strokes[*page], at(a.0, a.1), at(b.0, b.1)),
            1,
            "banner {a:?}–{b:?} at {:?}",
            p.rect
        );
    }
    // The face is turned the same way: its own (wider) border runs along the straight top,
    // now the right side, within its stroke's width of the cut.
    let border = strokes[*page].iter().any(|s| {
        s.width >= 0.3
            && !s.curved
            && (s.a.0 - s.b.0).abs() < 0.01
            && (s.a.0 - p.rect.right()).abs() < s.width
            && (s.a.1 - s.b.1).abs() > 20.0
    });
    assert!(border, "no face border along the banner's turned top");
}

#[test]
fn a_tuck_box_net_that_fits_only_turned_is_printed_whole_and_turned_with_its_folds() {
    // 120 landscape cards 88 × 63 mm, 0.3 mm each: a 264 × 178 mm net, wider than A4 portrait's
    // 191 mm, that fits it turned.
    let dir = temp_dir("tuckbox-turned");
    let yaml = dir.join("tb.yaml");
    std::fs::write(
        &yaml,
        "game: {id: tb, name: Tuck, players: [2]}\ncomponents:\n  - id: cards\n    kind: card\n    size: 88mm x 63mm\n    copies: 120\n  - id: box\n    kind: tuckbox\n    front: {title: Landscape deck}\n    tuckbox: {deck: cards}\n",
    )
    .unwrap();
    let out = dir.join("out");
    let o = pnp()
        .args([
            "build",
            yaml.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .args(["--paper", "a4"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let pdf = std::fs::read(out.join("tb.pdf")).unwrap();
    for (w, h) in pdf_page_sizes(&pdf) {
        assert!(
            (w - 595.28).abs() < 0.5 && (h - 841.89).abs() < 0.5,
            "{w} × {h} pt"
        );
    }
    let game = pnp::kinds::load(yaml.to_str().unwrap()).unwrap();
    let doc = pnp::commands::prepare(&game, &BuildOptions::default()).unwrap();
    let strokes = pdf_strokes(&pdf).split_off(doc.front_matter.len());
    let boxes: Vec<(usize, &pnp::layout::Placement)> = doc
        .pages
        .iter()
        .enumerate()
        .flat_map(|(i, page)| page.placements.iter().map(move |p| (i, p)))
        .filter(|(_, p)| game.spec.components[doc.pieces[p.piece].component].id.value == "box")
        .collect();
    // One net, whole (not in parts), on one page, turned a quarter: 178 mm wide, 264 mm high.
    assert_eq!(boxes.len(), 1);
    let (page, p) = boxes[0];
    assert!(p.quarter && p.part.is_none(), "{p:?}");
    let r = p.rect;
    let (w, h, d) = (89.0, 64.0, 120.0 * 0.3 + 1.0);
    assert!(
        (r.h - (2.0 * (w + d) + 12.0)).abs() < 0.05 && r.w < 191.0,
        "{r:?}"
    );
    let folds: Vec<&Stroke> = strokes[page]
        .iter()
        .filter(|s| {
            let inside = |(x, y): (f64, f64)| {
                x > r.x - 0.05 && x < r.right() + 0.05 && y > r.y - 0.05 && y < r.bottom() + 0.05
            };
            s.dashed && inside(s.a) && inside(s.b)
        })
        .collect();
    let lines = |along: fn(&Stroke) -> Option<f64>| {
        let mut v: Vec<f64> = folds.iter().filter_map(|s| along(s)).collect();
        v.sort_by(f64::total_cmp);
        v.dedup_by(|a, b| (*a - *b).abs() < 0.05);
        v
    };
    // The upright net's folds between side, front, side and back run down it; turned, across.
    let across = lines(|s| ((s.a.1 - s.b.1).abs() < 0.01).then_some(s.a.1));
    assert_panels(&across, [d, w, d], "folds across");
    // The back ends at the turned net's bottom (the upright net's right edge).
    assert!(
        (r.bottom() - across[3] - w).abs() < 0.05,
        "back {}",
        r.bottom() - across[3]
    );
    // Lid, panels and bottom: the upright net's level folds, now upright on the page.
    let down = lines(|s| ((s.a.0 - s.b.0).abs() < 0.01).then_some(s.a.0));
    assert_panels(&down, [d, h, d], "folds down");
    // The cut follows the turned net: the cut lines on its page (it has no crop marks) reach
    // its rectangle's four sides and never leave it, as the upright net's 264 mm would.
    let grown = |(x, y): (f64, f64)| {
        x > r.x - 0.05 && x < r.right() + 0.05 && y > r.y - 0.05 && y < r.bottom() + 0.05
    };
    let cuts: Vec<&Stroke> = strokes[page]
        .iter()
        .filter(|s| !s.dashed && s.width < 0.3 && (grown(s.a) || grown(s.b)))
        .collect();
    assert!(cuts.iter().all(|s| grown(s.a) && grown(s.b)), "{cuts:?}");
    let ends = || cuts.iter().flat_map(|s| [s.a, s.b]);
    let (x0, x1) = ends().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (y0, y1) = ends().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    for (got, want) in [(x0, r.x), (x1, r.right()), (y0, r.y), (y1, r.bottom())] {
        assert!(
            (got - want).abs() < 0.05,
            "cut from {x0},{y0} to {x1},{y1}; net {r:?}"
        );
    }
}

#[test]
fn pentagons_and_heptagons_are_cut_along_their_sides_and_transparent_outside() {
    let dir = temp_dir("polygons");
    let file = dir.join("polygons.yaml");
    std::fs::write(
        &file,
        "game: {id: polygons, name: Polygons, players: [2]}
components:
  - id: five
    kind: token
    shape: {polygon: 5}
    size: 30mm
    front: {background: \"#2f5fa8\"}
  - id: seven
    kind: token
    shape: {polygon: 7}
    size: 30mm
    front: {background: \"#2f5fa8\"}
",
    )
    .unwrap();
    let out = build(file.to_str().unwrap(), &["--dpi", "300"]);
    let pdf = std::fs::read(out.join("polygons.pdf")).unwrap();
    let game = pnp::kinds::load(file.to_str().unwrap()).unwrap();
    let doc = pnp::commands::prepare(&game, &BuildOptions::default()).unwrap();
    let strokes = pdf_strokes(&pdf);
    for (c, (id, count)) in [("five", 5usize), ("seven", 7)].into_iter().enumerate() {
        // A regular polygon standing on a side, 30 mm from that side to the opposite corner:
        // its corners' circle has radius 30 / (1 + cos π/n), the top corner straight up.
        let n = count as f64;
        let radius = 30.0 / (1.0 + (std::f64::consts::PI / n).cos());
        let unit: Vec<(f64, f64)> = (0..count)
            .map(|k| {
                let a = -std::f64::consts::FRAC_PI_2 + std::f64::consts::TAU * k as f64 / n;
                (radius * a.cos(), radius * a.sin())
            })
            .collect();
        let left = unit.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let width = -2.0 * left;
        let corners: Vec<(f64, f64)> = unit.iter().map(|&(x, y)| (x - left, y + radius)).collect();
        // The bottom side is level, 30 mm below the top corner.
        let bottom = corners.iter().map(|p| p.1).fold(0.0, f64::max);
        assert!((bottom - 30.0).abs() < 1e-9);
        let (page, placement) = first_front(&doc, c);
        let rect = placement.rect;
        assert!(
            (rect.w - width).abs() < 0.05 && (rect.h - 30.0).abs() < 0.05,
            "{id}: {rect:?}"
        );
        // Each side is a cut line from corner to corner, to 0.05 mm.
        let placed: Vec<(f64, f64)> = corners
            .iter()
            .map(|&(x, y)| (rect.x + x, rect.y + y))
            .collect();
        for (a, b) in sides(&placed) {
            assert_eq!(
                strokes_along(&strokes[page], a, b),
                1,
                "{id}: the side {a:?}–{b:?}"
            );
        }
        // The image: opaque just inside each side's middle, clear just outside and at the
        // box's corners.
        let png = out.join(format!("png/{id}-front.png"));
        let (w, h, _) = png_info(&png);
        let rgba = png_rgba(&png);
        let alpha = |x: f64, y: f64| {
            let (i, j) = ((x / 25.4 * 300.0) as usize, (y / 25.4 * 300.0) as usize);
            rgba[(j.min(h as usize - 1) * w as usize + i.min(w as usize - 1)) * 4 + 3]
        };
        let (cx, cy) = (width / 2.0, radius);
        for (a, b) in sides(&corners) {
            let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            let len = (mx - cx).hypot(my - cy);
            let (ux, uy) = ((mx - cx) / len, (my - cy) / len);
            assert_eq!(
                alpha(mx - ux * 0.3, my - uy * 0.3),
                255,
                "{id}: inside {a:?}–{b:?}"
            );
            // (The bottom side is the image's edge: nothing is outside it.)
            let (ox, oy) = (mx + ux * 0.3, my + uy * 0.3);
            if oy < 30.0 {
                assert_eq!(alpha(ox, oy), 0, "{id}: outside {a:?}–{b:?}");
            }
        }
        for (x, y) in [(0.1, 0.1), (width - 0.1, 0.1)] {
            assert_eq!(alpha(x, y), 0, "{id}: corner ({x}, {y})");
        }
    }
}
