//! Issue 2 (foundation), end to end on Night Grain: the real binary on data/night-grain.yaml.
use crate::common::*;

use pnp::layout::{A4, LETTER};

const A4_PT: (f64, f64) = (595.276, 841.89);
const LETTER_PT: (f64, f64) = (612.0, 792.0);

#[test]
fn pdf_pages_are_a4_or_letter_in_points() {
    for (paper, want) in [("a4", A4_PT), ("letter", LETTER_PT)] {
        let dir = build("night-grain", &["--paper", paper, "--no-png"]);
        let pdf = std::fs::read(dir.join("night-grain.pdf")).unwrap();
        let sizes = pdf_page_sizes(&pdf);
        assert!(!sizes.is_empty());
        for (w, h) in sizes {
            assert!(
                (w - want.0).abs() < 0.01 && (h - want.1).abs() < 0.01,
                "{paper}: {w}×{h}"
            );
        }
    }
    let dir = build(
        "night-grain",
        &["--paper", "letter", "--landscape", "--no-png"],
    );
    let sizes = pdf_page_sizes(&std::fs::read(dir.join("night-grain.pdf")).unwrap());
    assert!(
        sizes
            .iter()
            .all(|(w, h)| (w - 792.0).abs() < 0.01 && (h - 612.0).abs() < 0.01)
    );
    let _ = (A4, LETTER);
}

#[test]
fn bundled_fonts_are_embedded_and_subset() {
    let dir = build("night-grain", &["--no-png"]);
    let fonts = pdf_embedded_fonts(&std::fs::read(dir.join("night-grain.pdf")).unwrap());
    assert!(fonts.iter().any(|f| f.contains("Roboto")), "{fonts:?}");
    assert!(fonts.iter().any(|f| f.contains("Bebas")), "{fonts:?}");
    // Subset fonts carry a six-letter tag; each font is embedded once.
    for f in &fonts {
        assert_eq!(f.as_bytes()[6], b'+', "{f} is subset");
    }
    let mut unique = fonts.clone();
    unique.dedup();
    assert_eq!(unique, fonts, "each font embedded once");
}

#[test]
fn pdf_text_is_real_text() {
    let dir = build("night-grain", &["--no-png"]);
    let text = pdf_text(&std::fs::read(dir.join("night-grain.pdf")).unwrap()).join("\n");
    for word in [
        "Amaranth",
        "Buckwheat",
        "Receiving area",
        "page 1 of",
        "Greg Costikyan",
        "CC BY-NC-SA 3.0 US",
    ] {
        assert!(text.contains(word), "{word} missing from the PDF text");
    }
}

#[test]
fn pngs_have_exact_pixel_sizes_and_dpi() {
    for dpi in [300u32, 150] {
        let dir = build("night-grain", &["--no-pdf", "--dpi", &dpi.to_string()]);
        let pngs = files(&dir.join("png"));
        // 6 grains + sun + moon + track + aid: one image per distinct face.
        assert_eq!(pngs.len(), 10, "{pngs:?}");
        let marker = (19.05f64 / 25.4 * dpi as f64).round() as u32;
        let (w, h, ppu) = png_info(&dir.join("png/grain-barley-front.png"));
        assert_eq!((w, h), (marker, marker));
        assert_eq!(ppu, Some(ppm(dpi)));
        let (w, h, _) = png_info(&dir.join("png/aid-front.png"));
        assert_eq!(
            (w, h),
            (
                (80.0 / 25.4 * dpi as f64).round() as u32,
                (115.0 / 25.4 * dpi as f64).round() as u32
            )
        );
        // The track is solid paper edge to edge: every pixel opaque, faint numerals included.
        let track = dir.join("png/track-front.png");
        let (w, h, _) = png_info(&track);
        let px = |mm: f64| (mm / 25.4 * dpi as f64).round() as u32;
        assert_eq!((w, h), (px(70.0), px(258.0)));
        assert!(png_rgba(&track).chunks_exact(4).all(|p| p[3] == 255));
    }
}

#[test]
fn two_runs_give_identical_bytes() {
    let a = build("night-grain", &["--dpi", "100"]);
    let b = build("night-grain", &["--dpi", "100"]);
    let (fa, fb) = (files(&a), files(&b));
    assert_eq!(fa, fb);
    for f in fa {
        assert_eq!(
            std::fs::read(a.join(&f)).unwrap(),
            std::fs::read(b.join(&f)).unwrap(),
            "{f} differs"
        );
    }
}

#[test]
fn pdf_rasterizes_with_pieces_where_the_layout_puts_them() {
    let dir = build("night-grain", &["--no-png"]);
    let pdf = std::fs::read(dir.join("night-grain.pdf")).unwrap();
    let pages = rasterize(&pdf, 2.0);
    let game = pnp::kinds::load("night-grain").unwrap();
    let prepared =
        pnp::commands::prepare(&game, &pnp::commands::options::BuildOptions::default()).unwrap();
    // The cover comes first; the component pages follow in layout order.
    let pages = &pages[pnp::layout::cover::front_pages(&prepared.pages)..];
    assert_eq!(pages.len(), prepared.pages.len());
    let opt = prepared.layout;
    for (raster, page) in pages.iter().zip(&prepared.pages) {
        assert_eq!(
            (raster.width, raster.height),
            ((A4_PT.0 * 2.0) as usize, (A4_PT.1 * 2.0) as usize)
        );
        if page.side == pnp::layout::PageSide::Back {
            continue;
        }
        // A crop mark continues each cut line just outside its block of pieces (the aids are
        // packed edge to edge), and the gap centre between separate pieces stays white.
        let rects: Vec<_> = page.placements.iter().map(|p| p.rect).collect();
        assert_crop_marks(raster, &rects, &opt);
        // No mark lies over a piece, nor on its cut edge.
        for (x1, y1, x2, y2) in pnp::layout::cuts::page_marks(page, &opt) {
            for r in &rects {
                let apart = x1.max(x2) < r.x - 0.2
                    || x1.min(x2) > r.right() + 0.2
                    || y1.max(y2) < r.y - 0.2
                    || y1.min(y2) > r.bottom() + 0.2;
                assert!(apart, "mark ({x1}, {y1})–({x2}, {y2}) over {r:?}");
            }
        }
    }
}

#[test]
fn pieces_sit_inside_the_printable_area_without_overlap() {
    let game = pnp::kinds::load("night-grain").unwrap();
    for paper in [A4, LETTER, A4.landscape()] {
        let opt = pnp::commands::options::BuildOptions {
            paper,
            ..Default::default()
        };
        let prepared = pnp::commands::prepare(&game, &opt).unwrap();
        let area = prepared.layout.content();
        let mut grain = 0;
        let mut team = 0;
        for page in &prepared.pages {
            let list = page.placements.to_vec();
            for (i, a) in list.iter().enumerate() {
                assert!(area.contains(&a.rect), "{:?} outside {area:?}", a.rect);
                for b in &list[i + 1..] {
                    assert!(
                        !a.rect.overlaps(&b.rect),
                        "{:?} overlaps {:?}",
                        a.rect,
                        b.rect
                    );
                }
                match prepared.pieces[a.piece].id.split('-').next() {
                    Some("grain") => grain += 1,
                    Some("team") => team += 1,
                    _ => {}
                }
            }
        }
        assert_eq!((grain, team), (24, 6), "on {}", paper.name);
    }
}

/// The grain marker's diameter (mm), as the pieces are made.
fn prepared_marker(game: &pnp::kinds::Game) -> f64 {
    let pieces = pnp::kinds::piece::expand(game);
    let p = pieces
        .iter()
        .find(|p| p.id(game).starts_with("grain"))
        .unwrap();
    p.w.max(p.h)
}

#[test]
fn the_track_prints_whole_on_one_a4_or_letter_page() {
    // Issue 35: boxes that hold four ¾ in markers two by two; issue 46: 62 × 42 mm, and a 24 mm
    // receiving area that holds one: 70 × 258 mm.
    let game = pnp::kinds::load("night-grain").unwrap();
    for paper in [pnp::layout::A4, pnp::layout::LETTER] {
        let opt = pnp::commands::options::BuildOptions {
            paper,
            ..Default::default()
        };
        let prepared = pnp::commands::prepare(&game, &opt).unwrap();
        let track = prepared
            .pieces
            .iter()
            .position(|p| p.id == "track")
            .unwrap();
        let piece = &prepared.pieces[track];
        assert!((piece.w - 70.0).abs() < 0.05 && (piece.h - 258.0).abs() < 0.05);
        let placed: Vec<_> = prepared
            .pages
            .iter()
            .flat_map(|p| &p.placements)
            .filter(|p| p.piece == track)
            .collect();
        assert_eq!(placed.len(), 1, "{}: one piece, no parts", paper.name);
        assert!(placed[0].part.is_none());
    }
    // Four markers two by two in a box, with room between them: the track's box and the
    // grain marker as the game describes them.
    let spec = |id: &str| {
        game.spec
            .components
            .iter()
            .find(|c| c.id.value == id)
            .unwrap()
    };
    let pnp::kinds::KindSpec::Track(track) = &spec("track").kind else {
        panic!("the track is a track")
    };
    let (bw, bh) = (track.space.value.w.mm(), track.space.value.h.mm());
    let marker = prepared_marker(&game);
    assert!(
        2.0 * marker + 3.0 <= bw.min(bh),
        "a {bw} × {bh} mm box and {marker} mm markers"
    );
    // And the PDF has no glue strip or part tag on any page.
    for paper in ["a4", "letter"] {
        let dir = build("night-grain", &["--no-png", "--paper", paper]);
        let pdf = std::fs::read(dir.join("night-grain.pdf")).unwrap();
        for (i, page) in pdf_text(&pdf).iter().enumerate() {
            assert!(
                !page.contains("GLUE") && !page.contains("PART"),
                "{paper} page {}",
                i + 1
            );
        }
    }
}

#[test]
fn bad_yaml_gives_a_located_error_and_writes_nothing() {
    let dir = temp_dir("bad");
    let yaml = dir.join("bad.yaml");
    let good = String::from_utf8(pnp::base::assets::game("night-grain").unwrap().to_vec()).unwrap();
    std::fs::write(
        &yaml,
        good.replace(
            "    size: 0.75in\n    copies: 4",
            "    size: twenty\n    copies: 4",
        ),
    )
    .unwrap();
    let out_dir = dir.join("out");
    let out = pnp()
        .args(["build"])
        .arg(&yaml)
        .arg("--out")
        .arg(&out_dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    let line = good.lines().position(|l| l == "    size: 0.75in").unwrap() + 1;
    assert!(err.contains(&format!("bad.yaml:{line}:")), "{err}");
    assert!(
        err.contains("components[0].size"),
        "names the field path: {err}"
    );
    assert!(err.contains("twenty"), "names the offending value: {err}");
    assert!(
        !out_dir.exists() || files(&out_dir).is_empty(),
        "no output written"
    );
}

#[test]
fn each_distinct_face_is_rendered_once_not_once_per_copy() {
    // Issue 9's regression guard: a count, not a timing.
    let game = pnp::kinds::load("night-grain").unwrap();
    let out = temp_dir("renders");
    let opt = pnp::commands::options::BuildOptions {
        out: Some(out),
        dpi: 50,
        ..Default::default()
    };
    let report = pnp::commands::build(&game, &opt).unwrap();
    assert_eq!(report.pieces, 24 + 6 + 1 + 3);
    assert_eq!(report.faces, 10);
    assert_eq!(report.renders, report.faces);
}

#[test]
fn a_build_ends_with_a_one_line_summary_and_quiet_prints_nothing() {
    let dir = temp_dir("summary");
    let out = run(&[
        "build",
        "night-grain",
        "--no-png",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    let last = text.lines().last().unwrap_or_default();
    // 24 grain markers + 6 team markers + the track + 3 player aids; cover + 2 pages.
    assert!(
        last.starts_with("built Night Grain: 34 pieces on 3 pages, "),
        "{text}"
    );
    assert!(last.ends_with(" s"), "{last}");
    let pages = pdf_page_sizes(&std::fs::read(dir.join("night-grain.pdf")).unwrap()).len();
    assert_eq!(pages, 3, "the summary counts the pages of the PDF");
    let quiet = run(&[
        "build",
        "night-grain",
        "--no-png",
        "-q",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(quiet.status.success() && quiet.stdout.is_empty() && quiet.stderr.is_empty());
}

#[test]
fn a_rebuild_removes_images_of_faces_the_game_no_longer_has() {
    let dir = build("night-grain", &["--no-pdf"]);
    let png = dir.join("png");
    let before = files(&png);
    // Left by an older build: an image pnp wrote (its record says so).
    std::fs::copy(
        png.join("grain-rye-front.png"),
        png.join("grain-oats-front.png"),
    )
    .unwrap();
    std::fs::write(png.join("README.txt"), b"the user's own note").unwrap();
    let out = run(&[
        "build",
        "night-grain",
        "--no-pdf",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("removed 1 image of faces the game no longer has"));
    let mut after = files(&png);
    after.retain(|f| f != "README.txt");
    assert_eq!(after, before, "exactly the current faces");
    assert!(
        png.join("README.txt").exists(),
        "other files are left alone"
    );
}

#[test]
fn progress_counts_every_page_and_image_up_to_its_total() {
    let game = pnp::kinds::load("night-grain").unwrap();
    let opt = pnp::commands::options::BuildOptions {
        out: Some(temp_dir("progress")),
        ..Default::default()
    };
    let seen = std::sync::Mutex::new(Vec::new());
    let report = pnp::commands::build_with_progress(&game, &opt, &|done, total| {
        seen.lock().unwrap().push((done, total));
    })
    .unwrap();
    let seen = seen.into_inner().unwrap();
    let prepared = pnp::commands::prepare(&game, &opt).unwrap();
    let total = (prepared.pages.len() + prepared.faces.docs.len()) as u64;
    assert_eq!(
        seen.len() as u64,
        total,
        "one report per page and per image"
    );
    assert!(seen.iter().all(|&(_, t)| t == total));
    let mut done: Vec<u64> = seen.iter().map(|&(d, _)| d).collect();
    done.sort_unstable();
    assert_eq!(done, (1..=total).collect::<Vec<_>>());
    assert_eq!(report.renders, prepared.faces.docs.len());
}

#[test]
fn the_tracks_hints_stay_clear_of_the_arrows_between_boxes() {
    use pnp::usvg;
    let game = pnp::kinds::load("night-grain").unwrap();
    let pieces = pnp::kinds::piece::expand(&game);
    let track = pieces
        .iter()
        .find(|p| game.spec.components[p.component].kind.name() == KindName::Track)
        .unwrap();
    let art = pnp::kinds::face::Art::new(&game);
    let svg = pnp::kinds::face::draw_face(&game, track, pnp::base::forms::Side::Front, 0.0, &art)
        .unwrap()
        .unwrap();
    let tree = pnp::draw::trees::parse(&svg).unwrap();
    // The readable texts (not the faint numerals behind them) and the small filled arrows.
    let (mut texts, mut arrows) = (Vec::new(), Vec::new());
    fn walk(g: &usvg::Group, texts: &mut Vec<usvg::Rect>, arrows: &mut Vec<usvg::Rect>) {
        for node in g.children() {
            match node {
                usvg::Node::Group(g) => walk(g, texts, arrows),
                usvg::Node::Text(t) => {
                    let faint = t.chunks()[0].spans()[0]
                        .fill()
                        .is_some_and(|f| f.opacity().get() < 0.5);
                    if !faint {
                        texts.push(t.abs_bounding_box());
                    }
                }
                usvg::Node::Path(p) if p.fill().is_some() => {
                    let b = p.abs_bounding_box();
                    if b.width() < 8.0 && b.height() < 4.0 {
                        arrows.push(b);
                    }
                }
                _ => {}
            }
        }
    }
    walk(tree.root(), &mut texts, &mut arrows);
    assert!(arrows.len() >= 5, "{} arrows", arrows.len());
    let hints = ["New grain markers enter here", "receiving area"];
    assert!(hints.iter().all(|h| svg.contains(h)));
    for t in &texts {
        for a in &arrows {
            let apart = t.bottom() <= a.top()
                || t.top() >= a.bottom()
                || t.right() <= a.left()
                || t.left() >= a.right();
            assert!(apart, "text {t:?} over the arrow {a:?}");
        }
    }
}
