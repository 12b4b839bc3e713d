//! A build's memory grows with the deck's description only, never with its pages or images
//! (issue 9). A counting allocator measures the live heap at the build's highest point for two
//! sizes of one deck; the growth per card must stay near what the description costs: about
//! 0.4 KB a card written in YAML (the parsed variant), 65 bytes read from a CSV file (its row's
//! cells, about 30, kept as text; the rest is the PDF's cross-reference and a page record a
//! sheet, which every PDF writer keeps to the end). Pieces, faces, the layout's items and
//! pages' placements are kept as runs, so a deck's cards add nothing to them. Holding every
//! page's content stream would add about 1 KB a card, and every image at least the pixels
//! (31 KB a card at the 30 dpi used here, to keep the test quick).
//! A Tabletop Simulator export draws its deck sheets (up to 4096 px a side) a row of cards at a
//! time, so it never holds a whole sheet either.
//! One card with thousands of copies fills thousands of pages with one face: the build's heap
//! stays level however many there are.
//! The counter sees every thread of the process: the tests here take turns (`ONE_AT_A_TIME`).
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let live = LIVE.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

// SAFETY: every call is passed straight to the system allocator; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            grew(new_size);
        }
        p
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs `f` alone and returns the highest live heap while it ran, above what was live before.
fn peak_of(f: impl FnOnce()) -> usize {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    f();
    PEAK.load(Ordering::Relaxed) - before
}

/// The backs of a test deck's cards.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Backs {
    None,
    /// One back for every card.
    Shared,
    /// A back of its own for every card: a face more a card, and a back page a sheet.
    Own,
}

/// The highest live heap, above what was live before, while loading and building a deck of
/// `cards` distinct cards (a title and a number each), described a variant a card in the YAML
/// or (`csv`) a row a card of a `data:` file, whose cells are also the variant's tags.
fn peak_building(cards: usize, png: bool, csv: bool, backs: Backs, dir: &std::path::Path) -> usize {
    let mut yaml = String::from(
        "game: {id: deck, name: Deck, players: [2]}\ncomponents:\n  - id: card\n    kind: card\n    size: 2.5in x 3.5in\n",
    );
    match backs {
        Backs::None => {}
        Backs::Shared => yaml.push_str("    back: {title: Deck}\n"),
        Backs::Own => yaml.push_str("    back: {title: \"Back of {row.title}\"}\n"),
    }
    if csv {
        let mut rows = String::from("id,title,number\n");
        for i in 1..=cards {
            rows.push_str(&format!("c{i},Card {i},{i}\n"));
        }
        std::fs::write(dir.join(format!("deck{cards}.csv")), rows).unwrap();
        yaml.push_str(&format!(
            "    data: deck{cards}.csv\n    front: {{title: \"{{row.title}}\", text: \"{{row.number}}\"}}\n"
        ));
    } else {
        yaml.push_str("    variants:\n");
        for i in 1..=cards {
            yaml.push_str(&format!(
                "      - {{id: c{i}, front: {{title: Card {i}, text: \"{i}\"}}}}\n"
            ));
        }
    }
    let file = dir.join(format!("deck{cards}.yaml"));
    std::fs::write(&file, yaml).unwrap();
    let out = dir.join(format!("out{cards}-{png}"));
    let peak = peak_of(|| {
        let game = pnp::spec::load(file.to_str().unwrap()).unwrap();
        let opt = pnp::options::BuildOptions {
            out: Some(out.clone()),
            png,
            dpi: 30,
            ..Default::default()
        };
        let report = pnp::build(&game, &opt).unwrap();
        let faces = match backs {
            Backs::None => cards,
            Backs::Shared => cards + 1,
            Backs::Own => 2 * cards,
        };
        assert_eq!(report.faces, faces, "{backs:?}");
    });
    let _ = std::fs::remove_dir_all(&out);
    peak
}

#[test]
fn memory_grows_with_the_description_not_with_pages_or_images() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = std::env::temp_dir().join(format!("pnp-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Warm up once: fonts, templates and thread pools are loaded for the process, not per build.
    peak_building(20, true, false, Backs::None, &dir);
    // A CSV's rows carry tags too: when each piece held a copy of its variant's tag map (a
    // 560-byte node), the CSV deck grew 2.0 KB a card; when each row held its faces filled in
    // and its own copy of every column name, 935 B; about 650 B once they were filled when
    // drawn and the names shared; about 460 B once a row was kept as its cells' text and
    // made into a variant when asked for (`spec::Variants::Rows`); 365 B since a piece works
    // out its id when asked for and a piece's and a face's records shrank (72 to 48 and 56
    // bytes); 285-320 B since a page keeps its placements as grids (`output::placements`);
    // 175-210 B since a build keeps its faces in 16 bytes and a shared string of names
    // (`draw::FaceDocs`); 113-180 B since its pieces are kept as runs (`pieces::Pieces`);
    // 61-71 B since faces, the layout's items and repeated pages are runs too, and a face is
    // named after its piece when asked (`draw::FaceName`). YAML variants grew 0.5-0.61 KB a
    // card, 0.56-0.68 KB with images; now 406-407 B and 510-513 B.
    // The CSV deck with one back for all (22-73 B) and a back each (35-51 B). With one back
    // for all, the cover listed every other page (3, 5, 7…) on one line, and the heap grew
    // 348 B a card. Where the peak falls in a window moves these by some 40 B.
    for (png, csv, backs, limit) in [
        (false, false, Backs::None, 480),
        (true, false, Backs::None, 580),
        (false, true, Backs::None, 100),
        (false, true, Backs::Shared, 100),
        (false, true, Backs::Own, 100),
    ] {
        // Both sizes past what is bounded but not reached by a small deck: the 1 MB of SVG
        // text kept (`draw::KEEP_SVG_BYTES`, about 1,700 of these cards) and a PDF part's
        // pages (`pdf::PART_PAGES`). Measured from 1,500 cards, the SVG still being kept
        // counted as 80 bytes a card of growth.
        let small = peak_building(3_000, png, csv, backs, &dir);
        let large = peak_building(6_000, png, csv, backs, &dir);
        let per_card = large.saturating_sub(small) / 3_000;
        eprintln!(
            "png {png}, csv {csv}, backs {backs:?}: peak {small} B at 3,000 cards, {large} B at 6,000: {per_card} B a card"
        );
        assert!(
            per_card < limit,
            "png {png}, csv {csv}, backs {backs:?}: the peak grew {per_card} bytes a card (limit {limit})"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The highest live heap while building the PDF of one card with `copies` copies.
fn peak_building_copies(copies: usize, dir: &std::path::Path) -> usize {
    let yaml = format!(
        "game: {{id: copies, name: Copies, players: [2]}}\ncomponents:\n  - id: card\n    kind: card\n    size: 2.5in x 3.5in\n    copies: {copies}\n    front: {{title: A card, text: \"1\"}}\n"
    );
    let file = dir.join(format!("copies{copies}.yaml"));
    std::fs::write(&file, yaml).unwrap();
    let out = dir.join(format!("out-copies{copies}"));
    let peak = peak_of(|| {
        let game = pnp::spec::load(file.to_str().unwrap()).unwrap();
        let opt = pnp::options::BuildOptions {
            out: Some(out.clone()),
            png: false,
            ..Default::default()
        };
        let report = pnp::build(&game, &opt).unwrap();
        assert_eq!(report.pieces, copies as u64);
    });
    let _ = std::fs::remove_dir_all(&out);
    peak
}

#[test]
fn copies_of_one_card_keep_the_heap_level() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = std::env::temp_dir().join(format!("pnp-memory-copies-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    peak_building_copies(9, &dir);
    // 134 and 400 pages of nine cards: both past a PDF part (`pdf::PART_PAGES`). Each page's
    // furniture (footer, marks) is parsed ahead for its window of pages; when windows were cut
    // by distinct faces only, all the pages made one window and the heap grew 13 KB a copy.
    // Then 153 B: the pages' placements and the PDF's cross-reference, about 1.4 KB a page.
    // Then 48 B, since a page's nine placements are one grid (`output::placements`); 24 B
    // since a page that repeats the one before shares its grids.
    let small = peak_building_copies(1_200, &dir);
    let large = peak_building_copies(3_600, &dir);
    let per_copy = large.saturating_sub(small) / 2_400;
    eprintln!("copies: peak {small} B at 1,200, {large} B at 3,600: {per_copy} B a copy");
    assert!(
        per_copy < 60,
        "the peak grew {per_copy} bytes a copy (limit 60)"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tabletop_simulator_export_never_holds_a_whole_deck_sheet() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = std::env::temp_dir().join(format!("pnp-memory-tts-{}", std::process::id()));
    let game = pnp::spec::load("the-beast").unwrap();
    let opt = pnp::output::tts::TtsOptions {
        out: Some(dir.clone()),
        ..Default::default()
    };
    // The Beast's two large decks: sheets of 4090 × 3438 and 4090 × 2865 px, 56 and 47 MB of
    // pixels, encoded at once. Held whole with their cards drawn beside them, the export's heap
    // peaked at 260 MB; a whole sheet each would be 103 MB. Drawn a row of cards at a time:
    // rows of 9.4 MB, two a sheet (one encoded, the next drawn).
    // On two threads, as measured: more threads draw more rows and cards at once.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let peak = peak_of(|| {
        pool.install(|| pnp::output::tts::export(&game, &opt))
            .unwrap();
    });
    std::fs::remove_dir_all(&dir).unwrap();
    eprintln!("tts the-beast: peak {} MB", peak >> 20);
    assert!(
        peak < 80 << 20,
        "the export's heap peaked {} MB above where it started (limit 80)",
        peak >> 20
    );
}

#[test]
fn a_png_build_never_holds_a_whole_large_face() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = std::env::temp_dir().join(format!("pnp-memory-bands-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // One 180 × 230 mm tile: 3189 × 4075 px at 450 dpi, 52 MB of RGBA drawn whole. Drawn,
    // straightened and encoded in bands of 4 Mpx, it needs 16 MB.
    let yaml = dir.join("big.yaml");
    std::fs::write(
        &yaml,
        "game: {id: big, name: Big, players: [2]}\ncomponents:\n  - id: tile\n    kind: tile\n    \
         size: 180mm x 230mm\n    front: {title: Big tile, text: \"9\", background: \"#e8dcc0\", grid: 6}\n",
    )
    .unwrap();
    let game = pnp::spec::load(yaml.to_str().unwrap()).unwrap();
    let opt = pnp::options::BuildOptions {
        out: Some(dir.join("out")),
        pdf: false,
        dpi: 450,
        ..Default::default()
    };
    let peak = peak_of(|| {
        pnp::build(&game, &opt).unwrap();
    });
    let png = std::fs::read(dir.join("out/png/tile-front.png")).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let info = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap()
        .info()
        .clone();
    assert_eq!((info.width, info.height), (3189, 4075));
    eprintln!("png of a 180 × 230 mm tile: peak {} MB", peak >> 20);
    assert!(
        peak < 24 << 20,
        "the build's heap peaked {} MB above where it started (limit 24)",
        peak >> 20
    );
}
