//! Files embedded in the binary at build time (see `build.rs`): the shipped games, the art and the
//! fonts. Lookups are by exact relative name, so nothing outside these tables can be reached.
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

/// Every bundled font file's bytes.
pub fn fonts() -> impl Iterator<Item = (&'static str, &'static [u8])> {
    embedded::FONTS.iter().copied()
}
