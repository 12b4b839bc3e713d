//! `pnp build --watch`: which files a game's build depends on, and a cheap snapshot of them
//! (modification time and size) to poll. Polling keeps pnp free of platform file-event code and
//! is instant for the handful of files a game has.
use std::path::{Path, PathBuf};
use std::time::SystemTime;

pub struct Watched {
    yaml: PathBuf,
}

/// (path, modified, length) of every watched file, sorted.
pub type Snapshot = Vec<(PathBuf, Option<SystemTime>, u64)>;

/// `--watch` of something that is not a YAML file (a shipped game's id).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error(
    "--watch needs a YAML file to watch; `{0}` is not one (copy a shipped game with `pnp new` or from data/)"
)]
pub struct NotAFile(pub String);

impl Watched {
    /// `game` must be a YAML file: shipped games are built into pnp and never change.
    pub fn of(game: &str) -> Result<Watched, NotAFile> {
        let yaml = PathBuf::from(game);
        if !yaml.is_file() {
            return Err(NotAFile(game.to_string()));
        }
        Ok(Watched { yaml })
    }

    /// The YAML, the files its `include:` and `data:` keys name (in a folder below it too) and
    /// its `symbols/` art; and the same for every game it includes (`include: [lib/base.yaml]`).
    /// Only what a build reads: nothing else in its folder is looked at on a poll.
    pub fn files(&self) -> Vec<PathBuf> {
        let listed = |d: &Path, ext: &str| -> Vec<PathBuf> {
            std::fs::read_dir(d)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == ext))
                .collect()
        };
        let mut files = Vec::new();
        let mut games = vec![(self.yaml.clone(), 0)];
        let mut read: Vec<PathBuf> = Vec::new();
        while let Some((yaml, depth)) = games.pop() {
            if read.contains(&yaml) {
                continue;
            }
            read.push(yaml.clone());
            let dir = yaml
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(Path::new("."))
                .to_path_buf();
            files.push(yaml.clone());
            files.extend(listed(&dir.join("symbols"), "svg"));
            // Read as a build reads it (a plain file in the folder, within the YAML limit): a
            // game turned into a link to `/dev/zero` is not read on every poll.
            let bytes = crate::base::assets::read_plain(&yaml, &dir, crate::spec::MAX_YAML_BYTES);
            let text = bytes.map(String::from_utf8).ok().and_then(Result::ok);
            let text = text.unwrap_or_default();
            files.extend(values_of(&text, "data").into_iter().map(|f| dir.join(f)));
            if depth < crate::spec::include::MAX_DEPTH {
                let included: Vec<PathBuf> = values_of(&text, "include")
                    .into_iter()
                    .map(|name| crate::spec::include::file_of(&name, &dir))
                    .collect();
                // Watched even before it is there (it replaces a shipped game of its name).
                files.extend(included.iter().cloned());
                // A shipped game (`include: [piecepack]`) has no file.
                games.extend(
                    included
                        .into_iter()
                        .filter(|f| f.is_file())
                        .map(|f| (f, depth + 1)),
                );
            }
        }
        files.sort();
        files.dedup();
        files
    }

    pub fn snapshot(&self) -> Snapshot {
        self.files()
            .into_iter()
            .map(|p| {
                let meta = std::fs::metadata(&p).ok();
                let modified = meta.as_ref().and_then(|m| m.modified().ok());
                let len = meta.map_or(0, |m| m.len());
                (p, modified, len)
            })
            .collect()
    }
}

/// What the `key:` keys of a YAML text name: a value, a flow list (`[a, b]`) or a block list
/// (lines of `- a` under the key), each a path inside the game's folder. A scan of its lines
/// rather than a parse, so that a file being edited into shape is still watched.
fn values_of(text: &str, key: &str) -> Vec<String> {
    let key = format!("{key}:");
    let mut found = Vec::new();
    let mut lines = text
        .lines()
        .map(|l| l.split(" #").next().unwrap_or(l))
        .peekable();
    while let Some(line) = lines.next() {
        for (at, _) in line.match_indices(&key) {
            let starts_key = matches!(
                line[..at].chars().last(),
                None | Some(' ' | '\t' | '{' | ',' | '-')
            );
            if !starts_key {
                continue;
            }
            let value = line[at + key.len()..].trim_start();
            let mut items = Vec::new();
            if let Some(list) = value.strip_prefix('[') {
                items.extend(list[..list.find(']').unwrap_or(list.len())].split(','));
            } else if value.is_empty() {
                // A block list: `- item` lines until anything else.
                while let Some(item) = lines.peek().and_then(|l| l.trim_start().strip_prefix("- "))
                {
                    items.push(item);
                    lines.next();
                }
            } else {
                items.push(&value[..value.find([',', '}', ']']).unwrap_or(value.len())]);
            }
            for item in items {
                let name = item.trim().trim_matches(['"', '\'']);
                let inside = !name.is_empty() && !name.contains("..") && !name.starts_with('/');
                if inside {
                    found.push(name.to_string());
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_to_the_yaml_or_its_symbols_changes_the_snapshot() {
        let dir = std::env::temp_dir().join(format!("pnp-watch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("symbols")).unwrap();
        let yaml = dir.join("g.yaml");
        std::fs::write(&yaml, "a").unwrap();
        let w = Watched::of(yaml.to_str().unwrap()).unwrap();
        let before = w.snapshot();
        std::fs::write(dir.join("symbols/x.svg"), "<svg/>").unwrap();
        assert_ne!(w.snapshot(), before, "a new symbol is seen");
        let before = w.snapshot();
        std::fs::write(&yaml, "ab").unwrap();
        assert_ne!(w.snapshot(), before, "an edit is seen");
        // A `data:` file in a folder below.
        std::fs::create_dir_all(dir.join("cards")).unwrap();
        std::fs::write(dir.join("cards/deck.csv"), "id\n").unwrap();
        std::fs::write(
            &yaml,
            "components:\n  - {id: c, data: \"cards/deck.csv\"}\n",
        )
        .unwrap();
        let before = w.snapshot();
        std::fs::write(dir.join("cards/deck.csv"), "id\na\n").unwrap();
        assert_ne!(w.snapshot(), before, "a row added to the data file is seen");
        assert_eq!(
            values_of(
                "    data: a.csv  # the deck\n  - {id: x, data: 'b/c.csv'}\nmetadata: no\n",
                "data"
            ),
            ["a.csv", "b/c.csv"]
        );
        assert_eq!(
            values_of("include: [lib/a.yaml, \"b\"]\n", "include"),
            ["lib/a.yaml", "b"]
        );
        assert_eq!(
            values_of(
                "include:\n  - lib/a.yaml\n  - piecepack # shipped\ncomponents: []\n",
                "include"
            ),
            ["lib/a.yaml", "piecepack"]
        );
        // A game included from another folder, and the data file it names there.
        std::fs::create_dir_all(dir.join("lib/decks")).unwrap();
        std::fs::write(
            dir.join("lib/base.yaml"),
            "components:\n  - data: decks/d.csv\n",
        )
        .unwrap();
        std::fs::write(dir.join("lib/decks/d.csv"), "id\n").unwrap();
        std::fs::write(&yaml, "include:\n  - lib/base.yaml\n  - piecepack\n").unwrap();
        for (edited, text) in [
            (
                "lib/base.yaml",
                "components:\n  - data: decks/d.csv # a deck\n",
            ),
            ("lib/decks/d.csv", "id\nb\n"),
        ] {
            let before = w.snapshot();
            std::fs::write(dir.join(edited), text).unwrap();
            assert_ne!(w.snapshot(), before, "{edited} is watched");
        }
        // Only what the build reads: not another YAML or CSV beside it.
        std::fs::write(dir.join("other.yaml"), "x").unwrap();
        std::fs::write(dir.join("notes.csv"), "x").unwrap();
        let files = w.files();
        assert!(files.contains(&dir.join("lib/base.yaml")), "{files:?}");
        assert!(files.contains(&dir.join("lib/decks/d.csv")), "{files:?}");
        assert!(!files.contains(&dir.join("other.yaml")), "{files:?}");
        assert!(!files.contains(&dir.join("notes.csv")), "{files:?}");
        // A game turned into a link to an endless file is not read (nor held) on a poll.
        std::fs::remove_file(&yaml).unwrap();
        std::os::unix::fs::symlink("/dev/zero", &yaml).unwrap();
        assert_eq!(w.files(), [yaml.clone(), dir.join("symbols/x.svg")]);
        assert!(Watched::of("night-grain").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
