//! Any bytes as the CSV a deck's `data:` names: reading it, filling the faces from its rows and
//! checking them must never panic or hang, whatever its quoting, encoding or shape.
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
    data: rows.csv
    front: {title: "{row.title}", text: "{row.text}", symbol: "{row.icon}", background: "{row.colour}"}
"#;

/// A folder of this process's own for the CSV (the game reads it from beside its YAML).
fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = std::env::temp_dir().join(format!("pnp-fuzz-csv-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    })
}

fuzz_target!(|data: &[u8]| {
    let dir = dir();
    std::fs::write(dir.join("rows.csv"), data).unwrap();
    let Ok(game) = pnp::kinds::from_bytes("fuzz.yaml", GAME.as_bytes().to_vec(), Some(dir.clone()))
    else {
        return;
    };
    let opt = pnp::resolve::Options::default();
    let Ok(plan) = pnp::resolve::plan(&game, &opt) else {
        return;
    };
    let layout = pnp::layout::LayoutOptions::new(pnp::layout::A4);
    if pnp::layout::fit::check(&plan.resolved, &layout).is_ok() {
        let _ = pnp::resolve::draw(&game, plan, &opt);
    }
});
