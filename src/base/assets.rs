//! Files embedded in the binary at build time (see `build.rs`): the shipped games, the art and the
//! fonts. Lookups are by exact relative name, so nothing outside these tables can be reached.
//! And `read_capped`: how a user's own files (YAML, symbols) are read, never past a limit.
mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

fn find(table: &'static [(&'static str, &'static [u8])], name: &str) -> Option<&'static [u8]> {
    table.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
}

/// The YAML of a shipped game, by id (`night-grain`).
pub fn game(id: &str) -> Option<&'static [u8]> {
    find(embedded::GAMES, &format!("{id}.yaml"))
}

/// Ids of every shipped game, sorted.
pub fn game_ids() -> Vec<&'static str> {
    embedded::GAMES
        .iter()
        .filter_map(|(n, _)| n.strip_suffix(".yaml"))
        .collect()
}

/// An SVG from `templates/`, e.g. `symbols/sun.svg`.
pub fn template(path: &str) -> Option<&'static str> {
    find(embedded::TEMPLATES, path).and_then(|b| std::str::from_utf8(b).ok())
}

/// The names of the files in `templates/` under `folder` (`symbols/`), without it.
pub fn template_names(folder: &str) -> impl Iterator<Item = &'static str> + '_ {
    embedded::TEMPLATES
        .iter()
        .filter_map(move |(n, _)| n.strip_prefix(folder))
}

/// Every bundled font file's bytes.
pub fn fonts() -> impl Iterator<Item = (&'static str, &'static [u8])> {
    embedded::FONTS.iter().copied()
}

/// Largest YAML file accepted. A real game description is a few kilobytes.
pub const MAX_YAML_BYTES: usize = 1024 * 1024;

/// A user's file that holds more than a limit allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// Its size when it is a plain file; `None` for a stream (a pipe, `/dev/stdin`, a device).
    pub size: Option<u64>,
    pub limit: usize,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.size {
            Some(size) => write!(
                f,
                "the file is {size} bytes; the limit is {} bytes",
                self.limit
            ),
            None => write!(
                f,
                "the file holds more than {0} bytes; the limit is {0} bytes",
                self.limit
            ),
        }
    }
}

/// Why a file a game names (an included game, a `data:` file, a symbol) is not read.
#[derive(Debug, thiserror::Error)]
pub enum NotPlain {
    #[error("there is no such file")]
    Missing,
    /// Through a link, or a folder that is one: what lies outside is not the game's to read.
    #[error("it leads outside the game's folder (through a link), where pnp does not read")]
    Outside,
    /// A FIFO would block the build until something writes to it; a device never ends.
    #[error("it is not a plain file (a pipe, a device or a folder): pnp reads only plain files")]
    NotAFile,
    #[error("the file holds more than {limit} bytes; the limit is {limit} bytes")]
    TooLarge { limit: usize },
    #[error("it cannot be read: {0}")]
    Io(std::io::Error),
}

/// Reads `path`, a file a game in `folder` names, if it is a plain file inside `folder` once
/// every link is followed, of at most `limit` bytes. It is opened without waiting (a FIFO's
/// open blocks until a writer comes) and refused unless it is a plain file, before a byte is
/// read.
pub fn read_plain(
    path: &std::path::Path,
    folder: &std::path::Path,
    limit: usize,
) -> Result<Vec<u8>, NotPlain> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let real = match path.canonicalize() {
        Ok(real) => real,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(NotPlain::Missing),
        Err(e) => return Err(NotPlain::Io(e)),
    };
    let home = folder.canonicalize().map_err(NotPlain::Io)?;
    if !real.starts_with(&home) {
        return Err(NotPlain::Outside);
    }
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW)
        .open(&real)
        .map_err(NotPlain::Io)?;
    let meta = file.metadata().map_err(NotPlain::Io)?;
    if !meta.is_file() {
        return Err(NotPlain::NotAFile);
    }
    if meta.len() > limit as u64 {
        return Err(NotPlain::TooLarge { limit });
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(NotPlain::Io)?;
    if bytes.len() > limit {
        // It grew since.
        return Err(NotPlain::TooLarge { limit });
    }
    Ok(bytes)
}

/// Reads a user's file (a game's YAML, an included game, a symbol) through `take(limit + 1)`,
/// so a pipe, `/dev/stdin` or a symlink to `/dev/zero` never grows past the limit in memory.
/// `Ok(Err(_))` when it holds more than `limit` bytes.
pub fn read_capped(
    path: &std::path::Path,
    limit: usize,
) -> std::io::Result<Result<Vec<u8>, TooLarge>> {
    use std::io::Read;
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    let size = meta.is_file().then_some(meta.len());
    let too_large = |size| TooLarge { size, limit };
    if size.is_some_and(|s| s > limit as u64) {
        // Refused before reading a byte.
        return Ok(Err(too_large(size)));
    }
    let mut bytes = Vec::with_capacity(size.map_or(8 * 1024, |s| s as usize + 1).min(limit + 1));
    file.take(limit as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > limit {
        // A plain file that grew since, or a stream: its size is what was read, at least.
        return Ok(Err(too_large(None)));
    }
    Ok(Ok(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_is_read_no_further_than_the_limit() {
        // `/dev/zero` never ends: reading it whole would fill memory.
        let err = read_capped(std::path::Path::new("/dev/zero"), 4096)
            .unwrap()
            .unwrap_err();
        assert_eq!(
            err,
            TooLarge {
                size: None,
                limit: 4096
            }
        );
        assert!(err.to_string().contains("the limit is 4096 bytes"), "{err}");
    }

    #[test]
    fn a_plain_file_is_refused_by_its_size_and_read_when_it_fits() {
        let path = std::env::temp_dir().join(format!("pnp-read-capped-{}", std::process::id()));
        std::fs::write(&path, b"12345").unwrap();
        assert_eq!(read_capped(&path, 5).unwrap().unwrap(), b"12345");
        let err = read_capped(&path, 4).unwrap().unwrap_err();
        assert_eq!(err.to_string(), "the file is 5 bytes; the limit is 4 bytes");
        std::fs::remove_file(&path).unwrap();
        assert!(read_capped(&path, 4).is_err());
    }
}
