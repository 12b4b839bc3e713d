//! Large games keep memory flat: faces past the SVG budget are drawn again when a sink reaches
//! them instead of being held. The result must not depend on which faces were kept.
use pnp::draw::{FaceDoc, Painter, Source};

#[test]
fn faces_drawn_again_on_demand_make_the_same_pdf_as_kept_faces() {
    for id in ["piecepack", "night-grain"] {
        let game = pnp::spec::load(id).unwrap();
        let opt = pnp::options::BuildOptions::default();
        let mut prepared = pnp::prepare(&game, &opt).unwrap();
        assert!(
            prepared
                .faces
                .docs
                .iter()
                .all(|d| matches!(d.source, Source::Svg(_))),
            "a small game keeps every face's SVG"
        );
        let kept = pnp::pdf_bytes(&game, &prepared, true).unwrap();

        let lazy = pnp::draw::draw_all_keeping(&game, &prepared.pieces, opt.bleed, 0).unwrap();
        assert!(
            lazy.docs
                .iter()
                .all(|d| matches!(d.source, Source::Redraw { .. }))
        );
        // The same distinct faces, found by comparing drawings made again.
        let painter = Painter::new(&game, &prepared.pieces);
        let names = |docs: &[FaceDoc]| docs.iter().map(|d| d.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(&lazy.docs), names(&prepared.faces.docs), "{id}");
        let of_piece = |f: &pnp::draw::Faces| f.of_piece.clone();
        assert_eq!(of_piece(&lazy), of_piece(&prepared.faces), "{id}");
        for (a, b) in lazy.docs.iter().zip(prepared.faces.docs.iter()) {
            assert_eq!(a.svg(&painter).unwrap(), b.svg(&painter).unwrap());
        }
        prepared.faces = lazy;
        assert!(
            pnp::pdf_bytes(&game, &prepared, true).unwrap() == kept,
            "{id}: the PDF does not depend on which faces kept their SVG"
        );
    }
}

#[test]
fn a_budget_keeps_the_first_faces_and_redraws_the_rest() {
    let game = pnp::spec::load("piecepack").unwrap();
    let pieces = pnp::pieces::expand(&game);
    let all = pnp::draw::draw_all(&game, &pieces, 0.0).unwrap();
    let painter = Painter::new(&game, &pieces);
    let first_two: usize = all
        .docs
        .iter()
        .take(2)
        .map(|d| d.svg(&painter).unwrap().len())
        .sum();
    let some = pnp::draw::draw_all_keeping(&game, &pieces, 0.0, first_two).unwrap();
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
    // on its own (`output::pdf::pdf`) parses them itself when it draws. Same bytes either way.
    for id in ["night-grain", "the-beast"] {
        let game = pnp::spec::load(id).unwrap();
        let prepared = pnp::prepare(&game, &pnp::options::BuildOptions::default()).unwrap();
        let streamed = pnp::pdf_bytes(&game, &prepared, true).unwrap();
        let trees = prepared.parse_all(&game).unwrap();
        let opt = pnp::pdf_options(&game, &prepared, true);
        assert!(!opt.front_matter.is_empty(), "{id} has a cover");
        let alone = pnp::output::pdf::pdf(&prepared.pages, &trees, &opt).unwrap();
        assert!(streamed == alone, "{id}: the two PDFs differ");
    }
}
