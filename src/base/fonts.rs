//! Our own font database, filled only with the bundled fonts: output never depends on the fonts
//! of the machine it is made on.
use resvg::usvg::fontdb;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, RwLock};

/// Families the drawing code may name.
pub const SANS: &str = "Roboto";
pub const CONDENSED: &str = "Roboto Condensed";
pub const DISPLAY: &str = "Bebas Neue";
/// The fallback for symbols the other fonts lack (♠♥♦♣, arrows, stars, ✓): never named by
/// the drawing code, found by the text layout for a character its font does not have.
pub const SYMBOLS: &str = "DejaVu Sans";
pub const SYMBOLS_FILE: &str = "DejaVuSans.ttf";

/// Largest font file a game may add (a full CJK font is about 16 MB).
pub const MAX_FONT_BYTES: usize = 24 * 1024 * 1024;

/// The shared database: the bundled fonts, and the fonts games loaded in this process added.
pub fn database() -> Arc<fontdb::Database> {
    shared().read().unwrap_or_else(|e| e.into_inner()).clone()
}

fn shared() -> &'static RwLock<Arc<fontdb::Database>> {
    static DB: OnceLock<RwLock<Arc<fontdb::Database>>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        for (_, bytes) in crate::base::assets::fonts() {
            db.load_font_source(fontdb::Source::Binary(Arc::new(bytes)));
        }
        db.set_sans_serif_family(SANS);
        db.set_serif_family(SANS);
        db.set_monospace_family(CONDENSED);
        RwLock::new(Arc::new(db))
    })
}

/// The games' own fonts read so far: family → the file's bytes (for measuring text).
fn own() -> &'static Mutex<HashMap<String, Arc<Vec<u8>>>> {
    static OWN: OnceLock<Mutex<HashMap<String, Arc<Vec<u8>>>>> = OnceLock::new();
    OWN.get_or_init(Default::default)
}

/// The bytes of a game's own font, by family.
pub fn own_font(family: &str) -> Option<Arc<Vec<u8>>> {
    own()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(family)
        .cloned()
}

/// Whether text can be set in `family` (a bundled font or one a game added).
pub fn has_family(family: &str) -> bool {
    database()
        .faces()
        .any(|f| f.families.iter().any(|(n, _)| n == family))
}

/// Every family text can be set in, for messages.
pub fn families() -> Vec<String> {
    let mut all: Vec<String> = database()
        .faces()
        .filter_map(|f| f.families.first().map(|(n, _)| n.clone()))
        .filter(|n| n != SYMBOLS)
        .collect();
    all.sort();
    all.dedup();
    all
}

/// Adds a game's own font file (TTF or OTF) to the database for the rest of the process and
/// returns its family. The same file read again (a rebuild) is added once.
pub fn add(bytes: Vec<u8>) -> Result<String, String> {
    let face = ttf_parser::Face::parse(&bytes, 0)
        .map_err(|e| format!("not a TrueType or OpenType font ({e})"))?;
    let family = face
        .names()
        .into_iter()
        .filter(|n| n.name_id == ttf_parser::name_id::TYPOGRAPHIC_FAMILY)
        .chain(
            face.names()
                .into_iter()
                .filter(|n| n.name_id == ttf_parser::name_id::FAMILY),
        )
        .find_map(|n| n.to_string())
        .ok_or("the font names no family")?;
    if face.glyph_index('a').is_none() && face.glyph_index('A').is_none() {
        return Err(format!("the font `{family}` has no letters"));
    }
    let mut own = own().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(known) = own.get(&family) {
        return match **known == bytes {
            true => Ok(family),
            false => Err(format!(
                "another file of this process gave the family `{family}` already"
            )),
        };
    }
    if has_family(&family) {
        return Err(format!(
            "`{family}` is a bundled font's family: pnp's own is used"
        ));
    }
    let bytes = Arc::new(bytes);
    let mut db = shared().write().unwrap_or_else(|e| e.into_inner());
    let mut grown = (**db).clone();
    grown.load_font_source(fontdb::Source::Binary(bytes.clone()));
    *db = Arc::new(grown);
    own.insert(family.clone(), bytes);
    Ok(family)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn bundled_families_are_present() {
        let db = database();
        for family in [SANS, CONDENSED, DISPLAY, SYMBOLS] {
            let q = fontdb::Query {
                families: &[fontdb::Family::Name(family)],
                ..Default::default()
            };
            assert!(db.query(&q).is_some(), "{family} missing");
        }
    }
}
