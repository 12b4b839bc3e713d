//! Large games keep memory flat: faces past the SVG budget are held compressed, not as text.
//! The result must not depend on which faces were kept as text.
use pnp::resolve::faces::{FaceDoc, Keep, Source};

#[test]
fn faces_held_compressed_make_the_same_pdf_as_kept_faces() {
    for id in ["piecepack", "night-grain"] {
        let game = pnp::kinds::load(id).unwrap();
        let opt = pnp::commands::options::BuildOptions::default();
        let mut prepared = pnp::commands::prepare(&game, &opt).unwrap();
        assert!(
            prepared
                .faces
                .docs
                .iter()
                .all(|d| matches!(d.source, Source::Svg(_))),
            "a small game keeps every face's SVG"
        );
        let kept = pnp::commands::pdf_bytes(&prepared).unwrap();
        let kept_svgs: Vec<String> = (0..prepared.faces.docs.len())
            .map(|f| prepared.face_svg(f).unwrap().into_owned())
            .collect();

        let pieces: Vec<_> = prepared.pieces.iter().map(|p| p.handle()).collect();
        let lazy =
            pnp::resolve::faces::draw_all_within(&game, &pieces, opt.bleed, None, Keep::Svg, 0)
                .unwrap();
        // Only each component's first front and back stay text, the others' dictionaries.
        let text = lazy
            .docs
            .iter()
            .filter(|d| matches!(d.source, Source::Svg(_)))
            .count();
        assert!(text <= 2 * prepared.components.len(), "{id}: {text} kept");
        assert!(
            lazy.docs
                .iter()
                .any(|d| matches!(d.source, Source::Packed { .. }))
        );
        // The same distinct faces, found by comparing the drawings.
        let names = |docs: &[FaceDoc]| docs.iter().map(|d| d.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(&lazy.docs), names(&prepared.faces.docs), "{id}");
        let of_piece = |f: &pnp::resolve::faces::Faces| f.of_piece.clone();
        assert_eq!(of_piece(&lazy), of_piece(&prepared.faces), "{id}");
        prepared.faces = lazy;
        for (f, svg) in kept_svgs.iter().enumerate() {
            assert_eq!(
                prepared.face_svg(f).unwrap(),
                *svg,
                "{id}: face {f} unpacked"
            );
        }
        assert!(
            pnp::commands::pdf_bytes(&prepared).unwrap() == kept,
            "{id}: the PDF does not depend on which faces kept their SVG"
        );
    }
}

#[test]
fn a_budget_keeps_the_first_faces_and_packs_the_rest_against_their_component_s_first() {
    let game = pnp::kinds::load("piecepack").unwrap();
    let pieces = pnp::kinds::piece::expand(&game);
    let all = pnp::resolve::faces::draw_all(&game, &pieces, 0.0, None, Keep::Svg).unwrap();
    let first_two: usize = all
        .docs
        .iter()
        .take(2)
        .map(|d| match &d.source {
            Source::Svg(svg) => svg.len(),
            _ => panic!("a small game keeps its SVG"),
        })
        .sum();
    let some =
        pnp::resolve::faces::draw_all_within(&game, &pieces, 0.0, None, Keep::Svg, first_two)
            .unwrap();
    // Past the budget, a face is packed, but the first face of each component and side stays
    // text: the dictionary the others of its component are packed against.
    let mut first_of = std::collections::HashMap::new();
    for (p, &(front, back)) in pieces.iter().zip(&some.of_piece) {
        first_of.entry((p.component, 0)).or_insert(front);
        if let Some(b) = back {
            first_of.entry((p.component, 1)).or_insert(b);
        }
    }
    let first: std::collections::HashSet<usize> = first_of.values().copied().collect();
    for (i, d) in some.docs.iter().enumerate() {
        let text = matches!(d.source, Source::Svg(_));
        assert_eq!(text, i < 2 || first.contains(&i), "face {i}");
        assert_eq!(some.svg(i).unwrap(), all.svg(i).unwrap(), "face {i}");
    }
    assert!(some.docs.iter().any(|d| matches!(
        d.source,
        Source::Packed {
            dictionary: Some(_),
            ..
        }
    )));
}

#[test]
fn the_stream_makes_the_pdf_the_writer_makes_alone() {
    // The stream parses the cover and each page's furniture ahead on other threads; the writer
    // on its own parses them itself when it draws. Same bytes either way.
    use pnp::outputs::pdf::{PageFurniture, PdfWriter};
    for id in ["night-grain", "the-beast"] {
        let game = pnp::kinds::load(id).unwrap();
        let laid = pnp::commands::prepare(&game, &pnp::commands::options::BuildOptions::default())
            .unwrap();
        assert!(!laid.front_matter.is_empty(), "{id} has a cover");
        let streamed = pnp::commands::pdf_bytes(&laid).unwrap();
        let trees = laid.face_trees().unwrap();
        let mut writer = PdfWriter::new(&laid, Vec::new());
        for index in 0..laid.pages.len() {
            let furniture = PageFurniture::parse(&laid, index).unwrap();
            writer
                .page(index, |f| trees.get(f).map(|t| t.as_ref()), furniture)
                .unwrap();
        }
        let alone = writer.finish().unwrap();
        assert!(streamed == alone, "{id}: the two PDFs differ");
    }
}
