//! Any bytes as a game's picture (`image:`): a PNG, JPEG or WebP by its first bytes, an SVG when
//! it starts with `<`. Reading and checking it must never panic, hang or take unbounded memory,
//! and a picture the checks let through must draw: into the PDF (which failed on pictures that
//! passed, issue 47) and into the face's PNG.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use std::sync::OnceLock;

const GAME: &str = r#"
game: {id: fuzz, name: Fuzz, players: [2]}
components:
  - id: card
    kind: card
    size: 63mm x 88mm
    front: {title: Picture, image: "art/NAME"}
  - id: chit
    kind: token
    shape: round
    size: 20mm
    front: {image: "art/NAME", fit: contain}
"#;

/// A folder of this process's own for the picture (a game reads it from beside its YAML).
fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = std::env::temp_dir().join(format!("pnp-fuzz-pictures-{}", std::process::id()));
        std::fs::create_dir_all(d.join("art")).unwrap();
        d
    })
}

fuzz_target!(|data: &[u8]| {
    let dir = dir();
    // An SVG is known by its name; the others by their bytes, whatever the name.
    let name = match data.trim_ascii_start().starts_with(b"<") {
        true => "picture.svg",
        false => "picture.img",
    };
    std::fs::write(dir.join("art").join(name), data).unwrap();
    let game = GAME.replace("NAME", name);
    let Ok(game) = pnp::kinds::from_bytes("fuzz.yaml", game.into_bytes(), Some(dir.clone())) else {
        return;
    };
    let opt = pnp::commands::options::BuildOptions {
        dpi: 30,
        ..Default::default()
    };
    let doc = pnp::commands::prepare(&game, &opt).expect("a game whose pictures are read lays out");
    pnp::commands::pdf_bytes(&doc).expect("a picture the checks let through goes into the PDF");
    for (face, doc_face) in doc.faces.docs.iter().enumerate() {
        let tree = doc.face_tree(face).expect("a face's SVG parses");
        pnp::outputs::png::render(&tree, doc_face, 30).expect("a face draws");
    }
});
