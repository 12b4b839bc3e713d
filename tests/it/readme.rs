//! Issue 10: the README's walkthrough YAML builds and validates, so the README stays true; what
//! the README and docs/yaml.md show is what pnp does, and their links lead somewhere.
use crate::common::*;

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
    // The schema its modeline names is written beside it, and is `pnp schema`'s.
    let first = std::fs::read_to_string(&path).unwrap();
    assert!(first.starts_with("# yaml-language-server: $schema=pnp.schema.json\n"));
    let schema = std::fs::read_to_string(dir.join("pnp.schema.json")).unwrap();
    assert_eq!(schema, stdout(&run(&["schema"])));
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
fn pnp_new_refuses_a_name_it_could_not_print_and_writes_nothing() {
    for (name, says) in [
        ("", "a game needs a name"),
        ("   ", "a game needs a name"),
        ("ゲーム", "cannot print ゲ (U+30B2)"),
    ] {
        let dir = temp_dir("new-refused");
        let out = pnp()
            .args(["new", name, "--out"])
            .arg(&dir)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{name:?}");
        assert!(stderr(&out).contains(says), "{name:?}: {}", stderr(&out));
        assert_eq!(files(&dir), Vec::<String>::new(), "{name:?} wrote files");
    }
    // A name without Latin letters gets an id to change, and is told so.
    let dir = temp_dir("new-greek");
    let out = pnp()
        .args(["new", "Ωμέγα", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("change `id:`"), "{}", stdout(&out));
    let path = dir.join("my-game.yaml");
    let out = pnp().arg("validate").arg(&path).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn list_completions_and_man_work() {
    let out = run(&["list"]);
    assert!(out.status.success());
    for id in pnp::base::assets::game_ids() {
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

#[test]
fn build_watch_rebuilds_when_the_yaml_changes() {
    use std::io::BufRead;
    use std::sync::mpsc;
    use std::time::Duration;
    let dir = temp_dir("watch");
    let out = pnp()
        .args(["new", "Watched", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success());
    let yaml = dir.join("watched.yaml");
    let mut child = pnp()
        .arg("build")
        .arg(&yaml)
        .arg("--out")
        .arg(dir.join("out"))
        .args(["--no-png", "--watch"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let built = |rx: &mpsc::Receiver<String>| loop {
        // Bounded waits: a hung watcher fails the test instead of hanging it.
        match rx.recv_timeout(Duration::from_secs(60)) {
            Ok(line) if line.contains("watched.pdf") => return true,
            Ok(_) => continue,
            Err(_) => return false,
        }
    };
    assert!(built(&rx), "first build");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(
        &yaml,
        text.replace("name: \"Watched\"", "name: \"Watched Again\""),
    )
    .unwrap();
    let rebuilt = built(&rx);
    let _ = child.kill();
    let _ = child.wait();
    assert!(rebuilt, "the change was seen and the game rebuilt");
    let pdf = std::fs::read(dir.join("out/watched.pdf")).unwrap();
    assert!(pdf_text(&pdf).join("\n").contains("Watched Again"));
}

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

/// A file of `docs/`.
fn doc(name: &str) -> String {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    std::fs::read_to_string(docs.join(name)).unwrap()
}

/// The numbers after `word`s in `text`: `numbers_after("on 3 pages", "on")` is `[3]`.
fn numbers_before(text: &str, word: &str) -> Vec<u64> {
    let words: Vec<&str> = text.split_whitespace().collect();
    words
        .windows(2)
        .filter(|w| w[1].trim_matches(|c: char| !c.is_alphabetic()) == word)
        .filter_map(|w| w[0].trim_start_matches('(').parse().ok())
        .collect()
}

#[test]
fn the_readme_says_what_building_night_grain_makes() {
    let readme = readme();
    let sample = readme
        .split("$ pnp build night-grain\n")
        .nth(1)
        .and_then(|s| s.split("```").next())
        .expect("the README shows a build of Night Grain");
    let built = sample
        .lines()
        .find(|l| l.starts_with("built Night Grain:"))
        .expect("its summary line");
    let out = run(&[
        "build",
        "night-grain",
        "--out",
        temp_dir("readme-ng").to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let real = stdout(&out);
    let real = real.lines().find(|l| l.starts_with("built ")).unwrap();
    for word in ["pieces", "pages", "faces"] {
        assert_eq!(
            numbers_before(built, word),
            numbers_before(real, word),
            "{word}: the README says `{built}`, a build says `{real}`"
        );
    }
    let pages = numbers_before(real, "pages")[0];
    // The paragraph under its pictures names only pages the PDF has.
    let section = readme
        .split("## Night Grain, printed")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .unwrap();
    let words: Vec<&str> = section.split_whitespace().collect();
    for w in words
        .windows(2)
        .filter(|w| w[0].eq_ignore_ascii_case("page"))
    {
        if let Ok(n) = w[1]
            .trim_matches(|c: char| !c.is_ascii_digit())
            .parse::<u64>()
        {
            assert!(
                n <= pages,
                "the README names page {n} of a {pages}-page PDF"
            );
        }
    }
}

#[test]
fn the_failing_rule_the_readme_and_the_yaml_reference_show_is_what_validate_prints() {
    let yaml_md = doc("yaml.md");
    let shown: Vec<String> = [("README.md", readme()), ("docs/yaml.md", yaml_md)]
        .into_iter()
        .map(|(file, text)| {
            text.split("```\ndata/night-grain.yaml:")
                .nth(1)
                .and_then(|s| s.split("```").next())
                .map(|s| format!("data/night-grain.yaml:{s}"))
                .unwrap_or_else(|| panic!("{file} shows a failing rule of Night Grain"))
        })
        .collect();
    // Two markers of each team where the rules want three: the same lines, one number changed.
    let yaml = String::from_utf8(pnp::base::assets::game("night-grain").unwrap().to_vec()).unwrap();
    let broken = yaml.replacen(
        "    copies: 3\n    variants:\n      - id: sun",
        "    copies: 2\n    variants:\n      - id: sun",
        1,
    );
    assert_ne!(broken, yaml);
    let dir = temp_dir("readme-rule").join("data");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("night-grain.yaml"), broken).unwrap();
    let out = pnp()
        .current_dir(dir.parent().unwrap())
        .args(["validate", "data/night-grain.yaml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    for line in shown.iter().flat_map(|s| s.lines()) {
        if line.trim().is_empty() {
            continue;
        }
        assert!(
            err.contains(line),
            "`{line}` is not what validate prints:\n{err}"
        );
    }
}

/// The Markdown a reader follows links through: the README and docs/*.md.
fn markdown_files() -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The lines of a Markdown text outside its code blocks.
fn prose(text: &str) -> Vec<&str> {
    let mut open = false;
    text.lines()
        .filter(|line| {
            if line.trim_start().starts_with("```") {
                open = !open;
                return false;
            }
            !open
        })
        .collect()
}

/// The anchors of a Markdown file's headings, as GitHub makes them: lower case, a space a `-`,
/// other punctuation than `-` and `_` left out, `-1`, `-2`… after a repeated one.
fn anchors(text: &str) -> Vec<String> {
    let mut plain: Vec<String> = Vec::new();
    let mut anchors = Vec::new();
    for line in prose(text) {
        let heading = line.trim_start_matches('#');
        if heading.len() == line.len() || !heading.starts_with(' ') {
            continue;
        }
        let anchor: String = (heading.trim().to_lowercase().chars())
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        anchors.push(match plain.iter().filter(|a| **a == anchor).count() {
            0 => anchor.clone(),
            n => format!("{anchor}-{n}"),
        });
        plain.push(anchor);
    }
    anchors
}

/// The targets of a Markdown text's links and pictures: `](target)`, `src="target"`,
/// `href="target"`, outside code blocks.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for line in prose(text) {
        for (open, close) in [("](", ')'), ("src=\"", '"'), ("href=\"", '"')] {
            for rest in line.split(open).skip(1) {
                targets.push(rest.split(close).next().unwrap().to_string());
            }
        }
    }
    targets
}

#[test]
fn the_readme_and_the_docs_link_only_files_and_headings_that_exist() {
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let name = file.display();
        for link in link_targets(&text) {
            if link.contains("://") {
                continue;
            }
            let (path, fragment) = match link.split_once('#') {
                Some((path, fragment)) => (path, Some(fragment)),
                None => (link.as_str(), None),
            };
            let target = match path {
                "" => file.clone(),
                path => file.parent().unwrap().join(path),
            };
            assert!(
                target.exists(),
                "{name} links {link}, which is not in the repository"
            );
            if let Some(fragment) =
                fragment.filter(|_| target.extension().is_some_and(|e| e == "md"))
            {
                let headings = anchors(&std::fs::read_to_string(&target).unwrap());
                assert!(
                    headings.iter().any(|a| a == fragment),
                    "{name} links {link}, but {} has no such heading: {headings:?}",
                    target.display()
                );
            }
        }
    }
    assert!(
        !readme().contains("DESIGN.md"),
        "DESIGN.md is not part of the repository"
    );
}

#[test]
fn the_yaml_references_table_of_kinds_names_every_kind_and_no_other() {
    let text = doc("yaml.md");
    let table = text
        .split("| kind | drawn as | guide |")
        .nth(1)
        .expect("docs/yaml.md has its table of kinds");
    let mut named: Vec<String> = table
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .flat_map(|row| {
            let first = row.split('|').nth(1).unwrap_or_default().to_string();
            first
                .split('`')
                .skip(1)
                .step_by(2)
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .collect();
    named.sort();
    let mut kinds: Vec<String> = KindName::ALL.iter().map(|k| k.to_string()).collect();
    kinds.sort();
    assert_eq!(named, kinds);
}

#[test]
fn every_code_fence_in_the_docs_is_on_a_line_of_its_own_and_closed() {
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut open = false;
        for (n, line) in text.lines().enumerate() {
            let trimmed = line.trim_start();
            // A closing fence with text after it is not one, and the rest of the file renders
            // as code; an opening fence names at most its language.
            if let Some(rest) = trimmed.strip_prefix("```") {
                let fine = match open {
                    true => rest.trim().is_empty(),
                    false => !rest.contains(' ') && !rest.contains('`'),
                };
                assert!(
                    fine,
                    "{}:{}: a fence with text after it: {line}",
                    file.display(),
                    n + 1
                );
                open = !open;
            }
        }
        assert!(!open, "{}: a code block is not closed", file.display());
    }
}

#[test]
fn the_yaml_reference_lists_every_bundled_symbol_and_no_other() {
    let symbols = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/symbols");
    let mut names: Vec<String> = std::fs::read_dir(symbols)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.strip_suffix(".svg").map(str::to_string)
        })
        .collect();
    names.sort();
    let want = names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
        + ".";
    let yaml = doc("yaml.md");
    let start = yaml
        .find("<!-- symbols:")
        .expect("yaml.md has a list of symbols");
    let list = &yaml[start..];
    let list = &list[list.find("-->").unwrap() + 3..list.find("<!-- /symbols -->").unwrap()];
    let found = list.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        found, want,
        "docs/yaml.md's list of symbols is not templates/symbols/: put in its place\n{want}"
    );
    assert!(yaml.contains(&format!("pnp brings {} symbols", names.len())));
}
