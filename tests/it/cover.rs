//! The cover page that opens a game's PDF: contents with true page numbers, print settings,
//! only the cutting tips the game needs, a blank back for double-sided printing, `--no-cover`.
use crate::common::*;

use pnp::commands::options::BuildOptions;
use pnp::layout::PageSide;

fn pdf_of(game: &str, extra: &[&str]) -> Vec<u8> {
    let mut args = vec!["--no-png"];
    args.extend_from_slice(extra);
    let dir = build(game, &args);
    let id = if game.ends_with(".yaml") {
        std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|e| e == "pdf"))
            .unwrap()
    } else {
        dir.join(format!("{game}.pdf"))
    };
    std::fs::read(id).unwrap()
}

#[test]
fn night_grain_opens_with_contents_whose_page_numbers_are_true() {
    let pdf = pdf_of("night-grain", &[]);
    let text = pdf_text(&pdf);
    let game = pnp::kinds::load("night-grain").unwrap();
    let prepared = pnp::commands::prepare(&game, &BuildOptions::default()).unwrap();
    // No backs: one cover page, then the layout's pages.
    assert_eq!(text.len(), prepared.pages.len() + 1);
    let cover = &text[0];
    for wanted in [
        "Night Grain", // in Bebas Neue, whose letters are all capitals
        "CONTENTS",
        "PRINTING",
        "CUTTING AND ASSEMBLY",
        "Print at Actual size (100 %)",
        "exactly 25 mm",
        "Paper: A4 portrait, 3 pages",
        "Print single-sided",
        "page 1 of 3",
    ] {
        assert!(cover.contains(wanted), "cover lacks {wanted:?}:\n{cover}");
    }
    // Each row names a group, its count, its piece and the pages it is on (one column each);
    // that page carries the group.
    let cells: Vec<&str> = cover.lines().collect();
    for (name, count, piece) in [
        ("Grain markers", 24, "round token, 19 mm"),
        ("Team markers", 6, "round token, 19 mm"),
    ] {
        let i = cells
            .iter()
            .position(|l| *l == name)
            .unwrap_or_else(|| panic!("no row for {name}:\n{cover}"));
        assert_eq!(cells[i + 1], format!("× {count}"));
        assert_eq!(cells[i + 2], piece);
        let page: usize = cells[i + 3].parse().unwrap();
        assert!(
            text[page - 1].contains(&format!("{name} · {count}")),
            "page {page} should show {name}"
        );
    }
    // Tips that do not apply are left out: nothing to fold in Night Grain.
    assert!(!cover.contains("fold"), "{cover}");
    // The first component page now counts the cover.
    assert!(text[1].contains("page 2 of 3"), "{}", text[1]);
}

#[test]
fn the_cover_gives_a_dies_cube_not_its_net() {
    // The piecepack's dice are the standard half inch; their nets are 54.6 mm wide.
    let text = pdf_text(&pdf_of("piecepack", &[]));
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    let cover = squeeze(&text[0]);
    assert!(cover.contains("dienet,12.7mmcube"), "{cover}");
    assert!(!cover.contains("54.6mm"), "{cover}");
}

#[test]
fn the_cover_says_what_is_not_printed_and_how_to_print_sheets_for_a_game_night() {
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    let cover = squeeze(&pdf_text(&pdf_of("bean-off", &[]))[0]);
    for want in [
        "Notprinted,alsoneeded:threesix-sideddiceperplayer,oneineachofthreecolours;apencilforeachplayer.",
        "Recordsheets(page2,2toapage)arewrittenoninplay:printitonceforevery2players",
        "“pnpsheetsbean-off--playersN”",
    ] {
        assert!(cover.contains(want), "{want} not in {cover}");
    }
    // A game without sheets or needs says neither.
    let cover = squeeze(&pdf_text(&pdf_of("piecepack", &[]))[0]);
    assert!(
        !cover.contains("Recordsheets") && !cover.contains("Notprinted"),
        "{cover}"
    );
}

/// No blank page is printed: the piecepack's one-sided page (dice and pawns) comes first with
/// the cover, printed single-sided, then the run printed double-sided; the cover names both.
#[test]
fn no_blank_back_is_printed_one_sided_pages_first_then_the_double_sided_run() {
    let pdf = pdf_of("piecepack", &[]);
    let text = pdf_text(&pdf);
    let game = pnp::kinds::load("piecepack").unwrap();
    let prepared = pnp::commands::prepare(&game, &BuildOptions::default()).unwrap();
    assert_eq!(text.len(), prepared.pages.len() + 1);
    let sides: Vec<PageSide> = prepared.pages.iter().map(|p| p.side).collect();
    use PageSide::{Back, Front};
    assert_eq!(sides, [Front, Front, Back, Front, Back]);
    for page in &text {
        assert!(!page.contains("back of the cover"), "{page}");
        assert!(!page.trim().is_empty());
    }
    let cover = text[0].split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        cover.contains(
            "Print pages 1–2 single-sided, then pages 3–6 double-sided, flipping on the long \
             edge: every page of backs lands behind the page of fronts before it."
        ),
        "{cover}"
    );
    assert!(
        cover.contains("Score the dashed fold lines"),
        "dice and pawns fold"
    );
    let paper = format!(
        "Paper: A4 portrait, {} pages — this cover, then {} of components.",
        prepared.pages.len() + 1,
        prepared.pages.len()
    );
    assert!(cover.contains(&paper), "{paper}\n{cover}");
    // Page 3 starts the double-sided run: its backs are page 4.
    assert!(text[2].contains("page 3 of"), "{}", text[2]);
    assert!(text[3].contains("Back side"), "{}", text[3]);
}

#[test]
fn no_cover_leaves_only_the_component_pages() {
    let pdf = pdf_of("night-grain", &["--no-cover"]);
    let text = pdf_text(&pdf);
    let game = pnp::kinds::load("night-grain").unwrap();
    let opt = BuildOptions {
        cover: false,
        ..Default::default()
    };
    let prepared = pnp::commands::prepare(&game, &opt).unwrap();
    assert_eq!(text.len(), prepared.pages.len());
    assert!(!text[0].contains("CONTENTS"));
    assert!(text[0].contains("page 1 of 2"), "{}", text[0]);
}

#[test]
fn the_cover_follows_the_paper_and_is_the_first_bookmark() {
    let pdf = pdf_of("making-ground", &["--paper", "letter"]);
    assert!(
        pdf_page_sizes(&pdf)
            .iter()
            .all(|&(w, h)| (w - 612.0).abs() < 0.1 && (h - 792.0).abs() < 0.1),
        "every page, the cover too, is Letter"
    );
    let cover = &pdf_text(&pdf)[0];
    assert!(cover.contains("Paper: Letter portrait"), "{cover}");
    assert!(cover.contains("exactly 1 inch"), "{cover}");
    // The 9×9 board of 19 mm squares fits Letter whole (issue 35): nothing comes in parts.
    assert!(!cover.contains("come in parts"), "{cover}");
    use hayro::hayro_syntax::object::{Dict, String as PdfString};
    let doc = load_pdf(&pdf);
    let catalog = doc.xref().get::<Dict>(doc.xref().root_id()).unwrap();
    let outlines = catalog.get::<Dict>(b"Outlines").unwrap();
    let first = outlines.get::<Dict>(b"First").unwrap();
    let title = first.get::<PdfString>(b"Title").unwrap().to_vec();
    let title = String::from_utf8_lossy(&title);
    assert!(title.contains("Contents and printing"), "{title}");
}

#[test]
fn a_game_with_many_groups_keeps_its_cover_on_one_page_above_the_footer() {
    let dir = temp_dir("cover-many");
    let yaml = dir.join("many.yaml");
    let mut text = String::from(
        "game: {id: many, name: Many Groups, players: [2], description: Sixty groups of one token each.}\ncomponents:\n",
    );
    for i in 1..=60 {
        text.push_str(&format!(
            "  - {{id: g{i}, name: Group number {i}, kind: token, size: 20mm}}\n"
        ));
    }
    std::fs::write(&yaml, text).unwrap();
    let pdf = pdf_of(yaml.to_str().unwrap(), &[]);
    let cover = &pdf_text(&pdf)[0];
    assert!(
        cover.contains("more groups: see the PDF's bookmarks"),
        "{cover}"
    );
    assert!(cover.lines().any(|l| l == "Group number 1"), "{cover}");
    assert!(cover.contains("CUTTING AND ASSEMBLY"), "the tips still fit");
    // Below the top of the calibration square there is only the footer and the square's own
    // labels: the contents and tips never run into them.
    let cal = pnp::layout::LayoutOptions::new(pnp::layout::A4).calibration();
    let cal_top_pt = 842.0 - cal.y * 72.0 / 25.4;
    let mut lines: std::collections::BTreeMap<i64, Vec<(f64, String)>> = Default::default();
    for g in &pdf_glyphs(&pdf)[0] {
        if g.y < cal_top_pt + 1.0 {
            lines
                .entry((g.y * 4.0) as i64)
                .or_default()
                .push((g.x, g.text.clone()));
        }
    }
    let allowed = [
        "Many Groups",
        "Print-and-play by pnp",
        env!("CARGO_PKG_VERSION"),
        &format!("page 1 of {}", pdf_text(&pdf).len()),
        "Print at 100 % (no scaling): the square must measure 25 mm.",
        "calibration",
        "25 mm",
        "print at 100 %",
    ];
    for (_, mut glyphs) in lines {
        glyphs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut line: String = glyphs.into_iter().map(|(_, t)| t).collect();
        line.retain(|c| !c.is_whitespace());
        for a in &allowed {
            line = line.replace(&a.replace(' ', ""), "");
        }
        assert!(
            line.chars().all(|c| c.is_whitespace() || ".·".contains(c)),
            "body text under the calibration square's top: {line:?}"
        );
    }
}

#[test]
fn the_pdf_says_what_it_is_in_its_metadata() {
    let pdf = pdf_of("night-grain", &[]);
    let doc = load_pdf(&pdf);
    // The trailer's Info dictionary, as hayro-syntax reads it.
    let info = doc.metadata();
    let field = |k: &[u8]| {
        let o = match k {
            b"Title" => &info.title,
            b"Author" => &info.author,
            b"Subject" => &info.subject,
            b"Keywords" => &info.keywords,
            b"Creator" => &info.creator,
            b"Producer" => &info.producer,
            _ => &None,
        };
        let bytes: &[u8] = o
            .as_deref()
            .unwrap_or_else(|| panic!("no {}", String::from_utf8_lossy(k)));
        // Text strings are PDFDocEncoding or UTF-16BE with a byte-order mark.
        if bytes.starts_with(&[0xfe, 0xff]) {
            let units: Vec<u16> = bytes[2..]
                .chunks(2)
                .map(|c| u16::from_be_bytes([c[0], c[1]]))
                .collect();
            String::from_utf16_lossy(&units)
        } else {
            String::from_utf8_lossy(bytes).into_owned()
        }
    };
    assert_eq!(field(b"Title"), "Night Grain — print and play");
    assert_eq!(field(b"Author"), "Greg Costikyan");
    assert!(field(b"Subject").contains("licence: CC BY-NC-SA 3.0 US"));
    assert!(field(b"Keywords").contains("print and play"));
    assert!(field(b"Creator").starts_with("pnp "));
    assert!(field(b"Producer").starts_with("pnp "));
}

#[test]
fn printed_double_sided_every_page_of_fronts_starts_a_sheet_and_its_backs_follow() {
    // Bean-Off mixes one-sided pages (sheets, tokens) with two-sided ones (cards); The Beast and
    // the piecepack have one-sided pages too; Cream of the Crop's set-up diagram is on the
    // cover's back.
    for game in ["bean-off", "the-beast", "piecepack", "cream-of-the-crop"] {
        let g = pnp::kinds::load(game).unwrap();
        let prepared = pnp::commands::prepare(&g, &BuildOptions::default()).unwrap();
        let pages = &prepared.pages;
        assert_eq!(pnp::layout::cover::front_pages(pages), 1, "{game}");
        let pdf_pages = pdf_page_sizes(&pdf_of(game, &[])).len();
        assert_eq!(pdf_pages, pages.len() + 1, "{game}");
        // Runs as the cover prints them: within a double-sided run, every odd page of it is a
        // page of fronts (or the cover) and its backs follow; no page in a one-sided run is a
        // page of backs.
        let runs = pnp::layout::cover::print_runs(pages);
        assert_eq!(runs.first().map(|r| r.first), Some(1), "{game}");
        assert_eq!(runs.last().map(|r| r.last), Some(pdf_pages), "{game}");
        for w in runs.windows(2) {
            assert_eq!(w[1].first, w[0].last + 1, "{game}: {runs:?}");
            assert_ne!(w[0].two_sided, w[1].two_sided, "{game}: {runs:?}");
        }
        let side = |n: usize| match n {
            1 => PageSide::Front,
            n => pages[n - 2].side,
        };
        for run in &runs {
            for n in run.first..=run.last {
                let want = match (run.two_sided, (n - run.first) % 2) {
                    (true, 1) => PageSide::Back,
                    _ => PageSide::Front,
                };
                // The cover's back holds the set-up diagram: the run starts on the cover.
                assert_eq!(side(n), want, "{game}: page {n} in {runs:?}");
            }
            if run.two_sided {
                assert_eq!(
                    (run.last - run.first) % 2,
                    1,
                    "{game}: {run:?} ends on a back"
                );
            }
        }
        // Backs that hold pieces sit behind the fronts they belong to.
        for w in pages.windows(2) {
            if w[1].side == PageSide::Back {
                for b in &w[1].placements {
                    assert!(w[0].placements.iter().any(|f| f.piece == b.piece), "{game}");
                }
            }
        }
    }
}

#[test]
fn every_page_shows_its_own_number_and_the_footer_its_side_repeats() {
    // Each page shows the credits, its own number (not a neighbour's) and the print hint for its
    // side; a footer drawn once and reused across pages must keep that true.
    let game = pnp::kinds::load("the-beast").unwrap();
    let prepared = pnp::commands::prepare(&game, &BuildOptions::default()).unwrap();
    let text = pdf_text(&pdf_of("the-beast", &[]));
    let front = pnp::layout::cover::front_pages(&prepared.pages);
    assert_eq!(text.len(), prepared.pages.len() + front);
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    let mut backs = 0;
    for (i, page) in prepared.pages.iter().enumerate() {
        let n = front + i + 1;
        let on_page = squeeze(&text[n - 1]);
        let hint = match page.side {
            PageSide::Back => "Backside:printdouble-sided",
            _ => "Printat100%(noscaling)",
        };
        backs += (page.side == PageSide::Back) as usize;
        // The square's label, or a front's hint naming its size.
        let size = (page.calibration || page.side != PageSide::Back).then(|| "25mm".to_string());
        for want in [
            squeeze(&format!("page {n} of {}", text.len())),
            squeeze("The Beast — a game by Matthew Hartley"),
            hint.to_string(),
        ]
        .into_iter()
        .chain(size)
        {
            assert!(
                on_page.contains(&want),
                "page {n}: no {want:?} in {on_page}"
            );
        }
        let other = front + (i + 1) % prepared.pages.len() + 1;
        assert!(
            !on_page.contains(&squeeze(&format!("page {other} of"))),
            "page {n} shows page {other}'s number"
        );
    }
    assert!(backs > 0, "the test covers back pages");
}
