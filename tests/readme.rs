//! Issue 10: the README's walkthrough YAML builds and validates, so the README stays true.
mod common;
use common::*;

#[test]
fn the_readme_walkthrough_builds_and_validates() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let after = readme
        .split("<!-- walkthrough -->")
        .nth(1)
        .expect("README has the walkthrough marker");
    let yaml = after
        .split("```yaml\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a yaml block");
    let dir = temp_dir("walkthrough");
    let path = dir.join("harvest-moon.yaml");
    std::fs::write(&path, yaml).unwrap();
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("4 rules hold"), "{}", stdout(&out));
    let out_dir = dir.join("out");
    let out = pnp()
        .arg("build")
        .arg(&path)
        .arg("--out")
        .arg(&out_dir)
        .args(["--dpi", "50"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let pdf = std::fs::read(out_dir.join("harvest-moon.pdf")).unwrap();
    assert!(!pdf_page_sizes(&pdf).is_empty());
    let pngs = files(&out_dir.join("png"));
    assert!(pngs.contains(&"field-back.png".to_string()), "{pngs:?}");
}

#[test]
fn pnp_new_writes_a_game_that_builds() {
    let dir = temp_dir("new");
    let out = pnp()
        .args(["new", "Space Goats", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let path = dir.join("space-goats.yaml");
    let out = pnp()
        .arg("build")
        .arg(&path)
        .arg("--out")
        .arg(dir.join("out"))
        .args(["--no-png"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    // A second `new` refuses to overwrite.
    let again = pnp()
        .args(["new", "Space Goats", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(2));
}

#[test]
fn list_completions_and_man_work() {
    let out = run(&["list"]);
    assert!(out.status.success());
    for id in pnp::assets::game_ids() {
        assert!(
            stdout(&out).contains(&format!("{id}:")),
            "{id} missing from pnp list"
        );
    }
    let out = run(&["completions", "bash"]);
    assert!(out.status.success() && stdout(&out).contains("pnp"));
    let out = run(&["man"]);
    assert!(out.status.success() && stdout(&out).contains(".TH pnp"));
}
