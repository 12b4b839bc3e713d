//! Embeds the shipped games (`data/`), the art (`templates/`) and the fonts (`fonts/`) in the binary,
//! so `pnp` works from any directory. Generates `$OUT_DIR/embedded.rs` with one `include_bytes!`
//! per file, sorted by path so the binary is reproducible.
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, exts, out);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| exts.contains(&e))
        {
            out.push(path);
        }
    }
}

fn table(root: &Path, name: &str, dir: &str, exts: &[&str], code: &mut String) {
    let base = root.join(dir);
    println!("cargo:rerun-if-changed={}", base.display());
    let mut files = Vec::new();
    collect(&base, exts, &mut files);
    files.sort();
    writeln!(code, "pub static {name}: &[(&str, &[u8])] = &[").unwrap();
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let rel = f
            .strip_prefix(&base)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        writeln!(
            code,
            "    ({rel:?}, include_bytes!({:?})),",
            f.display().to_string()
        )
        .unwrap();
    }
    writeln!(code, "];").unwrap();
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let mut code = String::new();
    table(&root, "GAMES", "data", &["yaml"], &mut code);
    table(&root, "TEMPLATES", "templates", &["svg"], &mut code);
    table(&root, "FONTS", "fonts", &["ttf", "otf"], &mut code);
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("embedded.rs");
    std::fs::write(out, code).unwrap();
}
