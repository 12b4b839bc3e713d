//! Every kind in the registry, built from its own example (`Kind::example`): a kind added
//! without one, or whose example no longer loads, validates, lays out, draws or exports, fails
//! here. The examples together make one game (`diagram` places the `token`).
use crate::common::*;
use pnp::kinds::{KindSpec, TtsForm};
use pnp::layout::PageSide;

/// A game with one component of every kind, each its kind's example, with the kind's name as id.
fn every_kind_yaml() -> String {
    let mut yaml =
        String::from("game: {id: every-kind, name: Every kind, players: [2]}\ncomponents:\n");
    for name in KindName::ALL {
        let kind = KindSpec::empty(KindName::parse(name).unwrap());
        yaml.push_str(&format!("  - id: {name}\n"));
        for line in kind.kind().example().lines() {
            yaml.push_str(&format!("    {line}\n"));
        }
    }
    yaml
}

fn every_kind() -> pnp::kinds::Game {
    let yaml = every_kind_yaml();
    pnp::kinds::from_bytes("every-kind.yaml", yaml.clone().into_bytes(), None)
        .unwrap_or_else(|e| panic!("{e}\n{yaml}"))
}

#[test]
fn every_kinds_example_is_of_that_kind_and_loads_without_a_warning() {
    let game = every_kind();
    let kinds: Vec<&str> = game
        .spec
        .components
        .iter()
        .map(|c| c.kind.name().as_str())
        .collect();
    assert_eq!(kinds, KindName::ALL, "each example is of its own kind");
    assert!(
        game.warnings.is_empty(),
        "an example sets a field its kind does not draw: {:?}",
        game.warnings
    );
    pnp::commands::validate(&game, &pnp::commands::options::BuildOptions::default())
        .unwrap_or_else(|e| panic!("the examples do not validate: {e}"));
}

#[test]
fn every_kind_is_laid_out_at_its_size_and_draws_inside_its_cut() {
    let game = every_kind();
    let doc =
        pnp::commands::prepare(&game, &pnp::commands::options::BuildOptions::default()).unwrap();
    let pdf = pnp::commands::pdf_bytes(&doc).unwrap();
    // One pixel a point.
    let pages = rasterize(&pdf, 1.0);
    let front_matter = doc.front_matter.len();
    assert_eq!(pages.len(), front_matter + doc.pages.len());
    let px = |mm: f64| mm * 72.0 / 25.4;
    for (c, component) in game.spec.components.iter().enumerate() {
        let name = component.kind.name();
        let kind = component.kind.kind();
        let (w, h) = kind.size(component);
        let pieces: Vec<_> = doc.pieces.iter().filter(|p| p.component == c).collect();
        assert!(!pieces.is_empty(), "{name}: no piece");
        for p in &pieces {
            assert!(
                (p.w - w).abs() < 0.05 && (p.h - h).abs() < 0.05,
                "{name}: a piece of {} × {} mm, its kind says {w} × {h}",
                p.w,
                p.h
            );
        }
        let mut placed = 0;
        for (i, page) in doc.pages.iter().enumerate() {
            if page.side != PageSide::Front {
                continue;
            }
            let raster = &pages[front_matter + i];
            for placement in &page.placements {
                if doc.pieces[placement.piece].component != c {
                    continue;
                }
                placed += 1;
                let r = placement.rect;
                // A piece turned a quarter (it fits more so) is its height wide.
                let (w, h) = if placement.quarter { (h, w) } else { (w, h) };
                assert!(
                    (r.w - w).abs() < 0.05 && (r.h - h).abs() < 0.05,
                    "{name}: placed at {} × {} mm, its kind says {w} × {h}",
                    r.w,
                    r.h
                );
                // Something is drawn inside the cut, not only on it: a kind that draws nothing
                // (or draws off its piece) leaves the inside white.
                let (x0, y0) = (px(r.x + 1.5) as usize, px(r.y + 1.5) as usize);
                let (x1, y1) = (px(r.right() - 1.5) as usize, px(r.y + r.h - 1.5) as usize);
                let mut inked = 0usize;
                for y in y0..y1.min(raster.height) {
                    for x in x0..x1.min(raster.width) {
                        let at = (y * raster.width + x) * 4;
                        if raster.rgba[at..at + 3].iter().any(|&v| v < 200) {
                            inked += 1;
                        }
                    }
                }
                let area = (x1 - x0) * (y1 - y0);
                assert!(
                    inked * 200 > area,
                    "{name}: {inked} of {area} pixels inside its cut are drawn"
                );
            }
        }
        let copies: u32 = pieces.iter().map(|p| p.copies).sum();
        assert_eq!(placed, copies, "{name}: every copy is placed once");
        let outline = kind.outline(pieces[0].shape.clone(), w, h);
        assert!(
            outline.area(w, h) > 0.3 * w * h && outline.area(w, h) <= w * h + 1e-6,
            "{name}: its outline encloses {} mm² of its {w} × {h} mm box",
            outline.area(w, h)
        );
    }
}

#[test]
fn every_kind_becomes_what_its_kind_says_in_tabletop_simulator() {
    let dir = temp_dir("every-kind-tts");
    let yaml = dir.join("every-kind.yaml");
    std::fs::write(&yaml, every_kind_yaml()).unwrap();
    let out = pnp()
        .arg("tts")
        .arg(&yaml)
        .arg("--out")
        .arg(dir.join("tts"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let save: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("tts/every-kind.json")).unwrap()).unwrap();
    // Every object, those in bags too.
    let mut names = Vec::new();
    let mut stack: Vec<&serde_json::Value> =
        save["ObjectStates"].as_array().unwrap().iter().collect();
    while let Some(o) = stack.pop() {
        names.push(o["Name"].as_str().unwrap().to_string());
        if let Some(inside) = o["ContainedObjects"].as_array() {
            stack.extend(inside);
        }
    }
    let game = every_kind();
    for component in &game.spec.components {
        let name = component.kind.name();
        let shape = component
            .shape
            .as_ref()
            .map_or(component.kind.kind().default_shape(), |s| s.value.clone());
        let expected: &[&str] = match component.kind.kind().tts(shape) {
            TtsForm::Deck { .. } => &["DeckCustom", "Card"],
            TtsForm::Tile { .. } | TtsForm::Board => &["Custom_Tile"],
            TtsForm::Die { .. } => &["Custom_Dice"],
            TtsForm::Standee | TtsForm::Token { .. } => &["Custom_Token"],
            // A tuck box: nothing on the table (tts_table's shapes test looks for its absence).
            TtsForm::LeftOut => continue,
        };
        assert!(
            names.iter().any(|n| expected.contains(&n.as_str())),
            "{name}: none of {expected:?} in {names:?}"
        );
    }
}

#[test]
fn every_kinds_example_is_offered_by_the_schema_and_valid_against_it() {
    let schema = pnp::commands::schema::schema();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let offered: Vec<&str> = schema["definitions"]["Component"]["allOf"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|rule| rule["then"]["examples"][0]["kind"].as_str())
        .collect();
    assert_eq!(
        offered,
        KindName::ALL,
        "the schema offers each kind's example"
    );
    let doc: serde_json::Value = serde_saphyr::from_str(&every_kind_yaml()).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&doc)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
}
