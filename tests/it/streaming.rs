//! Large games keep memory flat: faces past the SVG budget are drawn again when a sink reaches
//! them instead of being held. The result must not depend on which faces were kept.
use pnp::resolve::faces::{FaceDoc, Source};

#[test]
fn faces_drawn_again_on_demand_make_the_same_pdf_as_kept_faces() {
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

        let lazy =
            pnp::resolve::faces::draw_all_keeping(&game, &prepared.pieces, opt.bleed, 0).unwrap();
        assert!(
            lazy.docs
                .iter()
                .all(|d| matches!(d.source, Source::Redraw { .. }))
        );
        // The same distinct faces, found by comparing drawings made again.
        let names = |docs: &[FaceDoc]| docs.iter().map(|d| d.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(&lazy.docs), names(&prepared.faces.docs), "{id}");
        let of_piece = |f: &pnp::resolve::faces::Faces| f.of_piece.clone();
        assert_eq!(of_piece(&lazy), of_piece(&prepared.faces), "{id}");
        prepared.faces = lazy;
        for (f, svg) in kept_svgs.iter().enumerate() {
            assert_eq!(
                prepared.face_svg(f).unwrap(),
                *svg,
                "{id}: face {f} drawn again"
            );
        }
        assert!(
            pnp::commands::pdf_bytes(&prepared).unwrap() == kept,
            "{id}: the PDF does not depend on which faces kept their SVG"
        );
    }
}

#[test]
fn a_budget_keeps_the_first_faces_and_redraws_the_rest() {
    let game = pnp::kinds::load("piecepack").unwrap();
    let pieces = pnp::kinds::piece::expand(&game);
    let all = pnp::resolve::faces::draw_all(&game, &pieces, 0.0).unwrap();
    let first_two: usize = all
        .docs
        .iter()
        .take(2)
        .map(|d| match &d.source {
            Source::Svg(svg) => svg.len(),
            Source::Redraw { .. } => panic!("a small game keeps its SVG"),
        })
        .sum();
    let some = pnp::resolve::faces::draw_all_keeping(&game, &pieces, 0.0, first_two).unwrap();
    let kept: Vec<bool> = some
        .docs
        .iter()
        .map(|d| matches!(d.source, Source::Svg(_)))
        .collect();
    assert!(
        kept[0] && kept[1] && !kept[2..].iter().any(|&k| k),
        "{kept:?}"
    );
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
