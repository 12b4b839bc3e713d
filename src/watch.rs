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

impl Watched {
    /// `game` must be a YAML file: shipped games are built into pnp and never change.
    pub fn of(game: &str) -> Result<Watched, String> {
        let yaml = PathBuf::from(game);
        if !yaml.is_file() {
            return Err(format!(
                "--watch needs a YAML file to watch; `{game}` is not one (copy a shipped game with `pnp new` or from data/)"
            ));
        }
        Ok(Watched { yaml })
    }

    /// The YAML, the YAML and CSV files beside it (games it includes, `data:` files), the
    /// files its `data:` keys name (in a folder below it too) and its `symbols/` art.
    pub fn files(&self) -> Vec<PathBuf> {
        let dir = self
            .yaml
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let mut files = vec![self.yaml.clone()];
        let listed = |d: &Path, ext: &str| -> Vec<PathBuf> {
            std::fs::read_dir(d)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == ext))
                .collect()
        };
        files.extend(listed(dir, "yaml").into_iter().filter(|p| p != &self.yaml));
        files.extend(listed(dir, "csv"));
        files.extend(listed(&dir.join("symbols"), "svg"));
        let text = std::fs::read_to_string(&self.yaml).unwrap_or_default();
        files.extend(data_files(&text).into_iter().map(|f| dir.join(f)));
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

/// What the `data:` keys of a YAML text name (block or flow style). A scan of its lines rather
/// than a parse, so that a file being edited into shape is still watched.
fn data_files(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let line = line.split(" #").next().unwrap_or(line);
        for (at, key) in line.match_indices("data:") {
            let starts_key = matches!(
                line[..at].chars().last(),
                None | Some(' ' | '\t' | '{' | ',')
            );
            if !starts_key {
                continue;
            }
            let value = line[at + key.len()..].trim_start();
            let end = value.find([',', '}', ']']).unwrap_or(value.len());
            let name = value[..end].trim().trim_matches(['"', '\'']);
            let inside = !name.is_empty() && !name.contains("..") && !name.starts_with('/');
            if inside {
                found.push(name.to_string());
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
            data_files("    data: a.csv  # the deck\n  - {id: x, data: 'b/c.csv'}\nmetadata: no\n"),
            ["a.csv", "b/c.csv"]
        );
        assert!(Watched::of("night-grain").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
