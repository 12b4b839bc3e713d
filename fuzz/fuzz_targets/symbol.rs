//! Any text as a symbol's SVG: reading it and drawing it, as a face does, must never panic,
//! hang or take unbounded memory.
#![no_main]
use libfuzzer_sys::fuzz_target;
use pnp::tiny_skia::{Pixmap, Transform};

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(group) = pnp::draw::symbol::parse(source) else {
        return;
    };
    // As a face holds it: in a 100×100 box, here drawn 64 pixels wide.
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100" color="black">{group}</svg>"#
    );
    let tree = pnp::draw::trees::parse(&svg).expect("a symbol read is an SVG that parses");
    let mut pixmap = Pixmap::new(64, 64).unwrap();
    pnp::outputs::raster::render(
        &tree,
        Transform::from_scale(0.64, 0.64),
        &mut pixmap.as_mut(),
        None,
    );
});
