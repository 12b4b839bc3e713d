//! Any bytes as a game file, built whole as `pnp build` does: PDF and PNGs written into a folder,
//! Must never panic or hang; a build that succeeds leaves no temporary.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use std::sync::OnceLock;

fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| std::env::temp_dir().join(format!("pnp-fuzz-build-{}", std::process::id())))
}

fuzz_target!(|data: &[u8]| {
    let Ok(game) = pnp::kinds::from_bytes("fuzz.yaml", data.to_vec(), None) else {
        return;
    };
    let out = dir();
    let _ = std::fs::remove_dir_all(out);
    let opt = pnp::commands::options::BuildOptions {
        out: Some(out.clone()),
        dpi: 30,
        ..Default::default()
    };
    let _ = pnp::commands::build(&game, &opt);
    // Built or refused, no temporary is left in the folder or its png/.
    for folder in [out.clone(), out.join("png")] {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        let left: Vec<_> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".pnp-tmp"))
            .collect();
        assert!(left.is_empty(), "temporaries left in {folder:?}: {left:?}");
    }
});
