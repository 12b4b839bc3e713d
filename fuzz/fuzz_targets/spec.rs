//! Any bytes as a game file: loading, the spec checks, rules validation, expansion into pieces,
//! the fit checks and drawing every face must never panic or hang, and every face drawn must be
//! an SVG that parses.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(game) = pnp::kinds::from_bytes("fuzz.yaml", data.to_vec(), None) else {
        return;
    };
    let _ = pnp::rules::validate(&game);
    let opt = pnp::resolve::Options::default();
    let Ok(plan) = pnp::resolve::plan(&game, &opt) else {
        return;
    };
    let layout = pnp::layout::LayoutOptions::new(pnp::layout::A4);
    if pnp::layout::fit::check(&plan.resolved, &layout).is_err() {
        return;
    }
    if let Ok(resolved) = pnp::resolve::draw(&game, plan, &opt) {
        for doc in &resolved.faces.docs {
            if let pnp::resolve::faces::Source::Svg(svg) = &doc.source {
                pnp::draw::trees::parse(svg).expect("pnp's own SVG always parses");
            }
        }
    }
});
