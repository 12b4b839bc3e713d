//! Our own font database, filled only with the bundled fonts: output never depends on the fonts
//! of the machine it is made on.
use resvg::usvg::fontdb;
use std::sync::{Arc, OnceLock};

/// Families the drawing code may name.
pub const SANS: &str = "Roboto";
pub const CONDENSED: &str = "Roboto Condensed";
pub const DISPLAY: &str = "Bebas Neue";
/// The fallback for symbols the other fonts lack (♠♥♦♣, arrows, stars, ✓): never named by
/// the drawing code, found by the text layout for a character its font does not have.
pub const SYMBOLS: &str = "DejaVu Sans";
pub const SYMBOLS_FILE: &str = "DejaVuSans.ttf";

/// The shared database (built once per process).
pub fn database() -> Arc<fontdb::Database> {
    static DB: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        for (_, bytes) in crate::assets::fonts() {
            db.load_font_source(fontdb::Source::Binary(Arc::new(bytes)));
        }
        db.set_sans_serif_family(SANS);
        db.set_serif_family(SANS);
        db.set_monospace_family(CONDENSED);
        Arc::new(db)
    })
    .clone()
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
