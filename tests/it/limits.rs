//! Limits on what a piece may be, checked before any work starts and reported where the YAML
//! says it (file:line:column, exit code 2): `grid:` on every face (variants' and matrices' too),
//! a smallest side for every length that makes a piece's size, the pixel limits of its image at
//! the chosen dpi, and the number of parts a large piece may be printed in. Found by fuzzing.
use crate::common::*;
use std::path::{Path, PathBuf};
use std::process::Output;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/limits")
        .join(name)
}

/// Asserts that `out` is a refusal (exit code 2, no panic) with, for every `(place, fragment)`,
/// an error line naming `place` (`file.yaml:line:column`) and saying `fragment`.
fn assert_refused(out: &Output, expected: &[(&str, &str)]) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "exit code\n{err}");
    assert!(!err.contains("panicked"), "panicked: {err}");
    for (place, fragment) in expected {
        let place = format!("{place}: ");
        assert!(
            err.lines()
                .any(|l| l.contains(&place) && l.contains(fragment)),
            "expected `{fragment}` at {place} in\n{err}"
        );
    }
    err
}

/// `pnp validate <fixture>`.
fn validate(name: &str) -> Output {
    pnp().arg("validate").arg(fixture(name)).output().unwrap()
}

/// `pnp build <fixture> --out <fresh dir> <extra>`, with the folder it was told to write to.
fn build(name: &str, extra: &[&str]) -> (Output, PathBuf) {
    let out_dir = temp_dir("limits").join("out");
    let out = pnp()
        .arg("build")
        .arg(fixture(name))
        .arg("--out")
        .arg(&out_dir)
        .args(extra)
        .output()
        .unwrap();
    (out, out_dir)
}

fn assert_wrote_nothing(dir: &Path) {
    assert!(
        !dir.exists() || files(dir).is_empty(),
        "wrote {:?}",
        files(dir)
    );
}

#[test]
fn grid_on_a_variant_face_is_held_to_its_range() {
    let out = validate("grid-variant.yaml");
    let err = assert_refused(
        &out,
        &[
            (
                "grid-variant.yaml:8:14",
                "`grid: 100000` in `t-a`: expected 1 to 12",
            ),
            (
                "grid-variant.yaml:9:14",
                "`grid: 4000000000` in `t-b`: expected 1 to 12",
            ),
        ],
    );
    assert!(!err.contains("grid: 2`"), "{err}");
}

#[test]
fn grid_on_a_matrix_component_is_held_to_its_range_and_reported_once() {
    let out = validate("grid-matrix.yaml");
    let err = assert_refused(
        &out,
        &[(
            "grid-matrix.yaml:11:9",
            "`grid: 2147483648` in `tile`: expected 1 to 12",
        )],
    );
    assert_eq!(err.matches("expected 1 to 12").count(), 1, "{err}");
    // The build is refused as quickly, before drawing.
    let (out, dir) = build("grid-matrix.yaml", &["--dpi", "30"]);
    assert_refused(&out, &[("grid-matrix.yaml:11:9", "`grid: 2147483648`")]);
    assert_wrote_nothing(&dir);
}

#[test]
fn every_length_that_makes_a_piece_is_at_least_a_millimetre() {
    let out = validate("size-tiny.yaml");
    assert_refused(
        &out,
        &[
            (
                "size-tiny.yaml:6:11",
                "`t` is 0.0001 × 0.0001 mm; a piece must be at least 1 mm on every side",
            ),
            (
                "size-tiny.yaml:9:11",
                "`c` is 63 × 0.5 mm; a piece must be at least 1 mm on every side",
            ),
            (
                "size-tiny.yaml:13:14",
                "a space of track `tr` is 0.0001 × 20 mm; it must be at least 1 mm on every side",
            ),
            (
                "size-tiny.yaml:16:17",
                "the end area of track `tr` is 0.1 mm long; it must be at least 1 mm",
            ),
            (
                "size-tiny.yaml:19:33",
                "a square of board `b` is 0.2 × 0.2 mm; it must be at least 1 mm on every side",
            ),
        ],
    );
    let (out, dir) = build("size-tiny.yaml", &["--dpi", "30"]);
    assert_refused(&out, &[("size-tiny.yaml:6:11", "at least 1 mm")]);
    assert_wrote_nothing(&dir);
}

#[test]
fn pieces_of_a_millimetre_build() {
    let (out, dir) = build("size-one-mm.yaml", &["--dpi", "30"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(files(&dir).iter().any(|f| f.ends_with(".pdf")));
}

#[test]
fn the_shipped_games_keep_their_sizes() {
    for game in [
        "bean-off",
        "cream-of-the-crop",
        "making-ground",
        "night-grain",
        "piecepack",
        "the-beast",
    ] {
        let out = run(&["validate", game]);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
    }
}

#[test]
fn an_image_over_the_pixel_limits_is_refused_before_drawing() {
    // 70 × 4824 mm: 3307 × 227906 px at 1200 dpi.
    let (out, dir) = build("track-100.yaml", &["--dpi", "1200"]);
    assert_refused(
        &out,
        &[(
            "track-100.yaml:7:9",
            "`long-track` (70.0 × 4824.0 mm) would be a 3307 × 227906 px image at 1200 dpi, larger than the limit of 16384 px a side and 64 Mpx; the largest --dpi that fits is 86",
        )],
    );
    assert_wrote_nothing(&dir);
}

#[test]
fn the_pixel_check_finds_the_largest_dpi_that_fits() {
    let game = pnp::kinds::load(fixture("track-100.yaml").to_str().unwrap()).unwrap();
    let plan = pnp::resolve::plan(&game, &pnp::resolve::Options::default()).unwrap();
    assert!(pnp::outputs::png::check_pixels(&plan.resolved, 86).is_ok());
    let err = pnp::outputs::png::check_pixels(&plan.resolved, 87)
        .unwrap_err()
        .to_string();
    assert!(err.contains("track-100.yaml:7:9: "), "{err}");
    assert!(err.contains("the largest --dpi that fits is 86"), "{err}");
    // One report per component, none for the token beside the track.
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_piece_too_large_even_in_parts_is_located_at_its_component() {
    let (out, dir) = build("track-3000.yaml", &["--dpi", "30"]);
    let err = assert_refused(
        &out,
        &[(
            "track-3000.yaml:7:9",
            "`endless` is 70.0 × 144024.0 mm, too large to print even in parts on A4 portrait",
        )],
    );
    assert!(!err.contains("track-3000.yaml:1:1"), "{err}");
    assert_wrote_nothing(&dir);
}
