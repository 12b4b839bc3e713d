//! The library's layers import only downward (docs/architecture.md). Every `crate::` path in
//! the library's code (tests aside) is read, and a path into a layer above the file's own is
//! refused with the file and line; so is a file that names a kind outside `src/kinds`.
use std::path::{Path, PathBuf};

/// The layers, lowest first: a file may import its own layer and those before it.
pub const LAYERS: [&str; 9] = [
    "base", "draw", "spec", "kinds", "rules", "resolve", "layout", "outputs", "commands",
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// A file's code without its tests (`#[cfg(test)]` to the end) and without comments, line by
/// line, so that a finding names its line.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let end = text.find("#[cfg(test)]").unwrap_or(text.len());
    text[..end]
        .lines()
        .enumerate()
        .map(|(i, l)| {
            let code = match l.find("//") {
                Some(c) if !l[..c].contains('"') => &l[..c],
                _ => l,
            };
            (i + 1, code.to_string())
        })
        .collect()
}

/// The top-level modules a line names through `crate::` (`crate::a::b`, `crate::{a, b::c}`).
fn named_modules(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let inside = group.split('}').next().unwrap_or_default();
            for item in inside.split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                out.push(name);
            }
        } else {
            out.push(
                rest.chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect(),
            );
        }
    }
    out
}

/// Every import of a layer above the importing file's own: `file:line: layer imports layer`.
pub fn upward_imports(files: &[(String, String)]) -> Vec<String> {
    let rank = |m: &str| LAYERS.iter().position(|l| *l == m);
    let mut found = Vec::new();
    for (path, text) in files {
        let Some(own) = path.split('/').next().and_then(rank) else {
            continue;
        };
        for (line, code) in code_lines(text) {
            for m in named_modules(&code) {
                if let Some(r) = rank(&m)
                    && r > own
                {
                    found.push(format!("src/{path}:{line}: {} imports {m}", LAYERS[own]));
                }
            }
        }
    }
    found
}

fn library() -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files
        .iter()
        .map(|f| {
            let rel = f
                .strip_prefix(src())
                .unwrap()
                .to_string_lossy()
                .into_owned();
            (rel, std::fs::read_to_string(f).unwrap())
        })
        .collect()
}

#[test]
fn every_layer_imports_only_the_layers_below_it() {
    let files = library();
    // Every top-level module of the library is a layer (lib.rs and the binary aside).
    for (path, _) in &files {
        let top = path.split('/').next().unwrap();
        assert!(
            LAYERS.contains(&top) || ["lib.rs", "main.rs", "cli.rs"].contains(&top),
            "src/{path} is in no layer: put it in one of {LAYERS:?}"
        );
    }
    let up = upward_imports(&files);
    assert!(up.is_empty(), "upward imports:\n{}", up.join("\n"));
}

#[test]
fn a_deliberate_upward_import_is_found() {
    let files = vec![
        (
            "spec/model.rs".to_string(),
            "use crate::base::units::Size;\nuse crate::kinds::KindSpec; // up\n".to_string(),
        ),
        (
            "draw/x.rs".to_string(),
            "fn f() { crate::{base::units::n, layout::Rect}; }\n\
             #[cfg(test)]\nmod tests { use crate::commands::build; }\n"
                .to_string(),
        ),
    ];
    assert_eq!(
        upward_imports(&files),
        [
            "src/spec/model.rs:2: spec imports kinds",
            "src/draw/x.rs:1: draw imports layout"
        ]
    );
}

/// The modules of the registry's kinds (`"token" => Token(token::Token)` gives `token`).
fn kind_modules() -> Vec<String> {
    let registry = std::fs::read_to_string(src().join("kinds/mod.rs")).unwrap();
    let mut modules: Vec<String> = registry
        .lines()
        .filter_map(|l| {
            let (_, rest) = l.trim().split_once("=>")?;
            let inside = rest.split_once('(')?.1;
            Some(inside.split("::").next()?.trim().to_string())
        })
        .filter(|m| !m.is_empty() && m.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .collect();
    modules.sort();
    modules.dedup();
    modules
}

/// Every place outside `src/kinds` that names one kind: a variant of `KindName` or `KindSpec`,
/// or a kind's module (`kinds::die::…`). Code that goes through every kind alike (the schema's
/// branch per kind) names none.
pub fn kinds_named(files: &[(String, String)], modules: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files.iter().filter(|(p, _)| !p.starts_with("kinds/")) {
        for (line, code) in code_lines(text) {
            let variant = ["KindName::", "KindSpec::"].iter().any(|t| {
                // A variant is CamelCase (`Sheet`); `ALL` and `parse` name every kind.
                code.match_indices(t).any(|(at, _)| {
                    let mut next = code[at + t.len()..].chars();
                    next.next().is_some_and(|c| c.is_ascii_uppercase())
                        && next.next().is_some_and(|c| c.is_ascii_lowercase())
                })
            });
            let module = modules
                .iter()
                .any(|m| code.contains(&format!("kinds::{m}::")));
            if variant || module {
                found.push(format!("src/{path}:{line}: {}", code.trim()));
            }
        }
    }
    found
}

#[test]
fn no_file_outside_the_kinds_names_a_kind() {
    let modules = kind_modules();
    assert!(
        ["boards", "card", "die", "sheet", "token"]
            .iter()
            .all(|m| modules.iter().any(|k| k == m)),
        "the registry's kinds were not read: {modules:?}"
    );
    let named = kinds_named(&library(), &modules);
    assert!(
        named.is_empty(),
        "kinds named outside src/kinds:\n{}",
        named.join("\n")
    );
}

#[test]
fn a_kind_named_outside_the_kinds_is_found() {
    let files = vec![
        (
            "layout/cover.rs".to_string(),
            "let sheet = c.kind.name() == KindName::Sheet;\nlet all = KindName::ALL;\n".to_string(),
        ),
        (
            "outputs/tts/x.rs".to_string(),
            "use crate::kinds::die::faces;\n".to_string(),
        ),
        ("kinds/card.rs".to_string(), "KindName::Card".to_string()),
    ];
    let found = kinds_named(&files, &["die".to_string()]);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].starts_with("src/layout/cover.rs:1:"), "{found:?}");
    assert!(found[1].starts_with("src/outputs/tts/x.rs:1:"), "{found:?}");
}
