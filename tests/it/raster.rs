//! The rasterizer: vello draws every shipped face and draws it as resvg would (same picture,
//! anti-aliased a little differently at edges); trees vello is not given go to resvg unchanged.
use pnp::outputs::raster::{self, Rasterizer};
use resvg::tiny_skia::{Color, Pixmap, Transform};

const GAMES: &[&str] = &[
    "night-grain",
    "piecepack",
    "cream-of-the-crop",
    "the-beast",
    "making-ground",
    "bean-off",
];

/// Per channel: the mean difference, and the share of pixels off by more than a quarter.
fn difference(a: &Pixmap, b: &Pixmap) -> (f64, f64) {
    let (mut sum, mut far) = (0u64, 0usize);
    for (p, q) in a.data().chunks_exact(4).zip(b.data().chunks_exact(4)) {
        let worst = p
            .iter()
            .zip(q)
            .map(|(x, y)| x.abs_diff(*y))
            .max()
            .unwrap_or(0);
        sum += p
            .iter()
            .zip(q)
            .map(|(x, y)| x.abs_diff(*y) as u64)
            .sum::<u64>();
        far += usize::from(worst > 64);
    }
    let pixels = (a.width() * a.height()) as f64;
    (sum as f64 / (pixels * 4.0), far as f64 / pixels)
}

fn both(tree: &resvg::usvg::Tree, w: u32, h: u32, t: Transform) -> (Rasterizer, Pixmap, Pixmap) {
    let mut ours = Pixmap::new(w, h).unwrap();
    let used = raster::render(tree, t, &mut ours.as_mut(), None);
    let mut theirs = Pixmap::new(w, h).unwrap();
    resvg::render(tree, t, &mut theirs.as_mut());
    (used, ours, theirs)
}

/// Calls `check(game, face name, tree, width, height, transform)` for every face of every
/// shipped game, drawn at `dpi`.
fn every_shipped_face(
    dpi: f64,
    mut check: impl FnMut(&str, &str, &resvg::usvg::Tree, u32, u32, Transform),
) {
    let scale = (dpi / 25.4) as f32;
    for game in GAMES {
        let spec = pnp::kinds::load(game).unwrap();
        let prepared =
            pnp::commands::prepare(&spec, &pnp::commands::options::BuildOptions::default())
                .unwrap();
        let trees = prepared.face_trees().unwrap();
        for (doc, tree) in prepared.faces.docs.iter().zip(&trees) {
            let size = tree.size();
            let (w, h) = (
                (size.width() * scale).ceil() as u32,
                (size.height() * scale).ceil() as u32,
            );
            check(
                game,
                &doc.name,
                tree,
                w,
                h,
                Transform::from_scale(scale, scale),
            );
        }
    }
}

#[test]
fn every_shipped_face_is_drawn_by_vello_and_matches_resvg() {
    every_shipped_face(100.0, |game, name, tree, w, h, t| {
        let (used, ours, theirs) = both(tree, w, h, t);
        assert_eq!(used, Rasterizer::Vello, "{game}: {name}");
        let (mean, far) = difference(&ours, &theirs);
        // Measured at 100 dpi: means up to 2.5 (on 75 px coins, mostly edge), pixels off by
        // more than a quarter at most 0.41 %. A wrong transform, a lost stroke, dash or
        // opacity moves whole shapes and fails both.
        assert!(
            mean < 4.0 && far < 0.01,
            "{game}: {name} differs from resvg: mean {mean:.2}, {:.2} % far",
            far * 100.0
        );
    });
}

#[test]
fn the_simd_level_chosen_draws_every_shipped_face_exactly_as_the_baseline() {
    // SSE4.2 is chosen where the CPU has it, for speed; an image must still be the same bytes on
    // a machine that falls back to the baseline (SSE2), so every pixel must match.
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    assert_eq!(
        raster::level_chosen().as_sse4_2().is_some(),
        std::is_x86_feature_detected!("sse4.2"),
        "SSE4.2 is used exactly where the CPU has it"
    );
    every_shipped_face(150.0, |game, name, tree, w, h, t| {
        let mut chosen = Pixmap::new(w, h).unwrap();
        raster::render(tree, t, &mut chosen.as_mut(), None);
        let mut baseline = Pixmap::new(w, h).unwrap();
        let level = vello_cpu::Level::baseline();
        raster::render_at(tree, t, &mut baseline.as_mut(), None, level);
        assert!(
            chosen.data() == baseline.data(),
            "{game}: {name} is drawn differently at the level chosen"
        );
    });
}

fn tree(svg: &str) -> resvg::usvg::Tree {
    pnp::draw::trees::parse(svg).unwrap()
}

#[test]
fn what_symbols_may_use_is_drawn_by_vello_like_resvg() {
    // Group opacity, dashes, joins and caps, paint order, even-odd fill, transforms: what a
    // game's own symbol art may hold (see src/draw/symbol.rs).
    let t = tree(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
        <g opacity="0.5" transform="rotate(10 50 50)">
          <rect x="10" y="10" width="50" height="30" fill="#c00" stroke="#000" stroke-width="4"
                stroke-linejoin="round"/>
          <circle cx="60" cy="60" r="25" fill="#08f" fill-opacity="0.7"/>
        </g>
        <polyline points="10,90 30,70 50,90 70,70" fill="none" stroke="#060" stroke-width="8"
                  stroke-linecap="butt" stroke-dasharray="10 10"/>
        <path d="M20 20 h60 v60 h-60 z M35 35 h30 v30 h-30 z" fill="#fa0" fill-rule="evenodd"
              stroke="#333" stroke-width="12" paint-order="stroke" transform="scale(0.5) translate(80 80)"/>
        <line x1="5" y1="50" x2="95" y2="52" stroke="#909" stroke-width="0.4"/>
        </svg>"##,
    );
    let (used, ours, theirs) = both(&t, 300, 300, Transform::from_scale(3.0, 3.0));
    assert_eq!(used, Rasterizer::Vello);
    let (mean, far) = difference(&ours, &theirs);
    assert!(mean < 4.0 && far < 0.01, "mean {mean:.2}, far {far:.4}");
}

#[test]
fn trees_vello_is_not_given_go_to_resvg_unchanged() {
    let defs = [
        r##"<linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient><rect width="10" height="10" fill="url(#g)"/>"##,
        r##"<clipPath id="c"><circle cx="5" cy="5" r="4"/></clipPath><rect width="10" height="10" fill="#0a0" clip-path="url(#c)"/>"##,
        r##"<mask id="m"><rect width="5" height="10" fill="#fff"/></mask><rect width="10" height="10" fill="#0a0" mask="url(#m)"/>"##,
        r##"<rect width="10" height="10" fill="#0a0" shape-rendering="crispEdges"/>"##,
        r##"<g style="mix-blend-mode:multiply"><rect width="10" height="10" fill="#0a0"/></g>"##,
        // Billions of dashes: vello would try to make them all (and run out of memory).
        r##"<path d="M-1e9 -1e9 L1e9 -1e9 L1e9 1e9 Z" fill="none" stroke="#f00" stroke-width="5" stroke-dasharray="0.0001 0.0001"/>"##,
    ];
    for body in defs {
        let t = tree(&format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">{body}</svg>"##
        ));
        let (used, ours, theirs) = both(&t, 40, 40, Transform::from_scale(4.0, 4.0));
        assert_eq!(used, Rasterizer::Resvg, "{body}");
        assert_eq!(ours.data(), theirs.data(), "{body}");
    }
}

#[test]
fn the_background_is_under_the_face_and_every_pixel_is_painted() {
    let t = tree(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><rect x="5" width="5" height="10" fill="#00f"/></svg>"##,
    );
    let white = Color::from_rgba8(255, 255, 255, 255);
    // Start from leftover pixels: both the background and the face must replace them.
    let mut p = Pixmap::new(20, 20).unwrap();
    p.fill(Color::from_rgba8(200, 0, 0, 255));
    assert_eq!(
        raster::render(
            &t,
            Transform::from_scale(2.0, 2.0),
            &mut p.as_mut(),
            Some(white)
        ),
        Rasterizer::Vello
    );
    let at = |x: u32, y: u32| p.pixel(x, y).unwrap();
    assert_eq!(
        (at(2, 10).red(), at(2, 10).green(), at(2, 10).alpha()),
        (255, 255, 255)
    );
    assert_eq!((at(15, 10).red(), at(15, 10).blue()), (0, 255));
    let mut clear = Pixmap::new(20, 20).unwrap();
    clear.fill(Color::from_rgba8(200, 0, 0, 255));
    raster::render(
        &t,
        Transform::from_scale(2.0, 2.0),
        &mut clear.as_mut(),
        None,
    );
    assert_eq!(clear.pixel(2, 10).unwrap().alpha(), 0);
}
