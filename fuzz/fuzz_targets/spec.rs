//! Any bytes as a game file: loading, the spec checks, rules validation, expansion into pieces,
//! drawing every face and parsing each face's SVG must never panic or hang.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(game) = pnp::spec::from_bytes("fuzz.yaml", data.to_vec(), None) else { return };
    let _ = pnp::rules::validate(&game);
    let pieces = pnp::pieces::expand(&game);
    let layout = pnp::output::layout::LayoutOptions::new(pnp::output::layout::A4);
    if pnp::fit::check(&game, &pieces, &layout).is_err() {
        return;
    }
    if let Ok(faces) = pnp::draw::draw_all(&game, &pieces, 0.0) {
        for doc in &faces.docs {
            pnp::faces::parse(&doc.svg).expect("our own SVG always parses");
        }
    }
});
