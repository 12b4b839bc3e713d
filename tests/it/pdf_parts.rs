//! A long PDF is made in parts of `PART_PAGES` pages and joined as it goes, so memory holds one
//! part. A joined file must show the same document as one made whole: pages, boxes, text, pixels,
//! bookmarks, document information and fonts.
use crate::common::*;
use lopdf::{Document, Object, ObjectId};

/// A game's PDF made in parts of `part_pages` pages (with its cover).
fn game_pdf(id: &str, part_pages: usize) -> Vec<u8> {
    let game = pnp::spec::load(id).unwrap();
    // On Letter, Night Grain takes four pages with its cover (three on A4).
    let opt = pnp::options::BuildOptions {
        paper: pnp::output::layout::LETTER,
        ..Default::default()
    };
    let prepared = pnp::prepare(&game, &opt).unwrap();
    let trees = prepared.parse_all(&game).unwrap();
    let mut opt = pnp::pdf_options(&game, &prepared, true);
    opt.part_pages = part_pages;
    pnp::output::pdf::pdf(&prepared.pages, &trees, &opt).unwrap()
}

fn deref<'a>(doc: &'a Document, o: &'a Object) -> &'a Object {
    match o {
        Object::Reference(id) => doc.get_object(*id).unwrap(),
        other => other,
    }
}

/// Each bookmark: (title, page number from 1, top of the view in points).
fn bookmarks(bytes: &[u8]) -> Vec<(String, u32, f64)> {
    let doc = Document::load_mem(bytes).unwrap();
    let page_of: std::collections::HashMap<ObjectId, u32> =
        doc.get_pages().into_iter().map(|(n, id)| (id, n)).collect();
    let catalog = doc.catalog().unwrap();
    let outlines = deref(&doc, catalog.get(b"Outlines").unwrap())
        .as_dict()
        .unwrap();
    let mut item = outlines.get(b"First").ok().cloned();
    let mut out = Vec::new();
    while let Some(Object::Reference(id)) = item {
        let dict = doc.get_dictionary(id).unwrap();
        let title = match dict.get(b"Title").unwrap() {
            Object::String(s, _) => {
                lopdf::decode_text_string(&Object::String(s.clone(), lopdf::StringFormat::Literal))
                    .unwrap()
            }
            other => panic!("title {other:?}"),
        };
        let dest = deref(&doc, dict.get(b"Dest").unwrap()).as_array().unwrap();
        let page = page_of[&dest[0].as_reference().unwrap()];
        out.push((title, page, pdf_number(&dest[3])));
        item = dict.get(b"Next").ok().cloned();
    }
    out
}

/// (MediaBox, TrimBox, BleedBox) of every page, as written.
fn boxes(bytes: &[u8]) -> Vec<[Option<Vec<f64>>; 3]> {
    let doc = Document::load_mem(bytes).unwrap();
    let get = |page: &lopdf::Dictionary, key: &[u8]| {
        page.get(key)
            .ok()
            .map(|b| b.as_array().unwrap().iter().map(pdf_number).collect())
    };
    doc.get_pages()
        .values()
        .map(|id| {
            let page = doc.get_dictionary(*id).unwrap();
            [
                get(page, b"MediaBox"),
                get(page, b"TrimBox"),
                get(page, b"BleedBox"),
            ]
        })
        .collect()
}

fn info(bytes: &[u8], key: &[u8]) -> Option<String> {
    let doc = Document::load_mem(bytes).unwrap();
    let info = deref(&doc, doc.trailer.get(b"Info").unwrap())
        .as_dict()
        .unwrap();
    info.get(key)
        .ok()
        .map(|v| lopdf::decode_text_string(v).unwrap())
}

/// Embedded font names without their subset tag ("ABCDEF+Roboto-Regular" -> "Roboto-Regular").
fn font_families(bytes: &[u8]) -> std::collections::BTreeSet<String> {
    pdf_embedded_fonts(bytes)
        .into_iter()
        .map(|n| n.split_once('+').map_or(n.clone(), |(_, f)| f.to_string()))
        .collect()
}

#[test]
fn a_pdf_joined_from_parts_shows_what_one_made_whole_shows() {
    // Night Grain: a cover, registration marks (trim and bleed boxes); The Beast: cards and
    // sheets over several pages.
    for id in ["night-grain", "the-beast"] {
        let whole = game_pdf(id, pnp::output::pdf::PART_PAGES);
        let pages = pdf_page_sizes(&whole).len();
        assert!(pages >= 4, "{id}: {pages} pages");
        let whole_pixels = rasterize(&whole, 0.5);
        // One page a part, an uneven split, and two halves.
        for part in [1, 3, pages.div_ceil(2)] {
            let joined = game_pdf(id, part);
            assert_ne!(joined, whole, "{id}/{part}: made in parts, not whole");
            assert_eq!(joined, game_pdf(id, part), "{id}/{part}: reproducible");
            assert_eq!(boxes(&joined), boxes(&whole), "{id}/{part}");
            assert_eq!(pdf_text(&joined), pdf_text(&whole), "{id}/{part}");
            assert_eq!(bookmarks(&joined), bookmarks(&whole), "{id}/{part}");
            assert!(bookmarks(&joined).len() >= 3, "{id}: cover and components");
            assert!(info(&joined, b"Title").is_some_and(|t| t.contains("print and play")));
            for key in [
                b"Title".as_slice(),
                b"Author",
                b"Subject",
                b"Keywords",
                b"Creator",
            ] {
                assert_eq!(info(&joined, key), info(&whole, key), "{id}/{part}");
            }
            assert_eq!(font_families(&joined), font_families(&whole), "{id}/{part}");
            for (n, (a, b)) in rasterize(&joined, 0.5)
                .iter()
                .zip(&whole_pixels)
                .enumerate()
            {
                assert_eq!((a.width, a.height), (b.width, b.height));
                let off = a.rgba.iter().zip(&b.rgba).filter(|(x, y)| x != y).count();
                assert_eq!(off, 0, "{id}/{part}: page {} differs", n + 1);
            }
        }
    }
}

#[test]
fn a_deck_longer_than_a_part_is_built_to_one_pdf_without_leftovers() {
    let dir = temp_dir("long-deck");
    // Nine cards a page on A4: one part full, a second begun (and the cover in the first).
    let cards = 9 * pnp::output::pdf::PART_PAGES + 10;
    let mut yaml = String::from(
        "game: {id: long, name: Long deck, players: [2]}\ncomponents:\n  - id: card\n    kind: card\n    size: 2.5in x 3.5in\n    variants:\n",
    );
    for i in 1..=cards {
        yaml.push_str(&format!(
            "      - {{id: c{i}, front: {{title: Card {i}, text: \"{i}\"}}}}\n"
        ));
    }
    let spec = dir.join("long.yaml");
    std::fs::write(&spec, &yaml).unwrap();
    let out = dir.join("out");
    let build = || {
        let o = pnp()
            .args(["build", "--no-png", "--out"])
            .arg(&out)
            .arg(&spec)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", stderr(&o));
    };
    // What a build stopped by Ctrl-C leaves (Staging's clean-up never ran): swept by the next.
    std::fs::create_dir_all(out.join("png")).unwrap();
    for left in [".long.pdf.pnp-tmp", "png/.card-c1-front.png.pnp-tmp"] {
        std::fs::write(out.join(left), b"half a file").unwrap();
    }
    build();
    let pdf_path = out.join("long.pdf");
    let bytes = std::fs::read(&pdf_path).unwrap();
    let doc = Document::load_mem(&bytes).unwrap();
    let pages = doc.get_pages();
    assert!(
        pages.len() > pnp::output::pdf::PART_PAGES,
        "{}",
        pages.len()
    );
    // One page tree holds every page.
    let parents: std::collections::BTreeSet<ObjectId> = pages
        .values()
        .map(|id| {
            let page = doc.get_dictionary(*id).unwrap();
            page.get(b"Parent").unwrap().as_reference().unwrap()
        })
        .collect();
    assert_eq!(parents.len(), 1);
    // The last card is on the last page; the first on the first after the cover.
    let text = pdf_text(&bytes);
    let last = format!("Card {cards}");
    assert!(
        text.last().unwrap().lines().any(|l| l == last),
        "{:?}",
        text.last()
    );
    assert!(text[1].lines().any(|l| l == "Card 1"), "{:?}", text[1]);
    assert_eq!(
        files(&out),
        vec!["long.pdf"],
        "no temporary left, ours or a leftover"
    );
    // A rebuild with the same bytes leaves the file as it was (same inode).
    use std::os::unix::fs::MetadataExt;
    let inode = std::fs::metadata(&pdf_path).unwrap().ino();
    build();
    assert_eq!(std::fs::metadata(&pdf_path).unwrap().ino(), inode);
    assert_eq!(std::fs::read(&pdf_path).unwrap(), bytes, "reproducible");
}
