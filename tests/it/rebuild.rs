//! Rebuilding into the same folder keeps the images that are already up to date and draws only
//! the others; whatever happens, the folder ends up byte-identical to a build into an empty one.
use crate::common::temp_dir;
use std::collections::BTreeMap;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

use pnp::commands::options::BuildOptions;

/// Every PNG in `dir`: name → (bytes, inode).
fn images(dir: &Path) -> BTreeMap<String, (Vec<u8>, u64)> {
    std::fs::read_dir(dir.join("png"))
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let inode = std::fs::metadata(&path).unwrap().ino();
            (name, (std::fs::read(&path).unwrap(), inode))
        })
        .collect()
}

fn bytes(images: &BTreeMap<String, (Vec<u8>, u64)>) -> BTreeMap<&String, &Vec<u8>> {
    images.iter().map(|(n, (b, _))| (n, b)).collect()
}

#[test]
fn a_rebuild_keeps_up_to_date_images_and_makes_changed_ones_again() {
    let game = pnp::kinds::load("night-grain").unwrap();
    let out = temp_dir("rebuild");
    let opt = |dpi, redraw| BuildOptions {
        out: Some(out.clone()),
        dpi,
        pdf: false,
        redraw,
        ..Default::default()
    };
    let first = pnp::commands::build(&game, &opt(50, false)).unwrap();
    assert_eq!((first.renders, first.reused), (10, 0));
    let made = images(&out);
    assert_eq!(made.len(), 10);

    // Nothing changed: nothing drawn, no file touched (a rewrite would give a new inode).
    let again = pnp::commands::build(&game, &opt(50, false)).unwrap();
    assert_eq!((again.renders, again.reused), (0, 10));
    assert_eq!(images(&out), made);
    assert_eq!(again.written[0].bytes, first.written[0].bytes);

    // An image edited or cut short since is made again, and only that one.
    let names: Vec<&String> = made.keys().collect();
    let edited = out.join("png").join(names[0]);
    let mut changed = made[names[0]].0.clone();
    let middle = changed.len() / 2;
    changed[middle] ^= 0x10;
    std::fs::write(&edited, changed).unwrap();
    let cut = out.join("png").join(names[1]);
    std::fs::write(&cut, &made[names[1]].0[..100]).unwrap();
    let mended = pnp::commands::build(&game, &opt(50, false)).unwrap();
    assert_eq!((mended.renders, mended.reused), (2, 8));
    assert_eq!(bytes(&images(&out)), bytes(&made));

    // Another DPI is another source: every image is made again.
    let finer = pnp::commands::build(&game, &opt(60, false)).unwrap();
    assert_eq!((finer.renders, finer.reused), (10, 0));
    let at_60 = images(&out);
    assert_ne!(bytes(&at_60), bytes(&made));

    // --redraw draws everything, and makes the same bytes.
    let redrawn = pnp::commands::build(&game, &opt(60, true)).unwrap();
    assert_eq!((redrawn.renders, redrawn.reused), (10, 0));
    assert_eq!(bytes(&images(&out)), bytes(&at_60));
}

#[test]
fn editing_one_card_draws_only_that_card_again() {
    let dir = temp_dir("rebuild-edit");
    let yaml = dir.join("deck.yaml");
    let deck = |third: &str| {
        format!(
            "game: {{id: deck3, name: Three cards, players: [2]}}\ncomponents:\n  - id: card\n    kind: card\n    size: 2.5in x 3.5in\n    variants:\n      - {{id: a, front: {{title: Ace, text: \"1\"}}}}\n      - {{id: b, front: {{title: Bee, text: \"2\"}}}}\n      - {{id: c, front: {{title: {third}, text: \"3\"}}}}\n"
        )
    };
    let out = dir.join("out");
    let opt = BuildOptions {
        out: Some(out.clone()),
        dpi: 50,
        ..Default::default()
    };
    std::fs::write(&yaml, deck("Sea")).unwrap();
    let game = pnp::kinds::load(yaml.to_str().unwrap()).unwrap();
    let first = pnp::commands::build(&game, &opt).unwrap();
    assert_eq!(first.renders, first.faces);
    let before = images(&out);

    std::fs::write(&yaml, deck("Dee")).unwrap();
    let game = pnp::kinds::load(yaml.to_str().unwrap()).unwrap();
    let second = pnp::commands::build(&game, &opt).unwrap();
    assert_eq!((second.renders, second.reused), (1, first.faces - 1));
    let after = images(&out);
    let redrawn: Vec<&String> = after
        .keys()
        .filter(|name| after[*name] != before[*name])
        .collect();
    assert_eq!(redrawn.len(), 1, "{redrawn:?}");
    assert!(redrawn[0].starts_with("card-c"), "{redrawn:?}");

    // The same folder as a build into an empty one.
    let fresh = dir.join("fresh");
    let fresh_opt = BuildOptions {
        out: Some(fresh.clone()),
        ..opt
    };
    pnp::commands::build(&game, &fresh_opt).unwrap();
    assert_eq!(bytes(&images(&fresh)), bytes(&after));
    assert_eq!(
        std::fs::read(out.join("deck3.pdf")).unwrap(),
        std::fs::read(fresh.join("deck3.pdf")).unwrap()
    );
}

#[test]
fn a_build_that_cannot_put_one_file_in_place_puts_none() {
    // Found by fuzzing: a folder where an image goes made the build fail after the PDF and
    // some images were already in place, though it said nothing was.
    let out = temp_dir("blocked");
    let blocker = out.join("png/grain-barley-front.png");
    std::fs::create_dir_all(&blocker).unwrap();
    let run = crate::common::pnp()
        .args(["build", "night-grain", "--dpi", "30", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let err = crate::common::stderr(&run);
    assert!(err.contains("grain-barley-front.png"), "{err}");
    assert!(
        err.contains("nothing of this build was put in place"),
        "{err}"
    );
    let mut left: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .chain(std::fs::read_dir(out.join("png")).unwrap())
        .map(|e| e.unwrap().path())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [out.join("png"), blocker],
        "no PDF, image or temporary"
    );
}
