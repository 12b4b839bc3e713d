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

/// Why a game's own font file cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FontError {
    #[error("not a TrueType or OpenType font ({})", parsing_words(.0))]
    NotAFont(ttf_parser::FaceParsingError),
    #[error("the font names no family")]
    NoFamily,
    #[error("the font `{0}` has no letters")]
    NoLetters(String),
    #[error("another file of this process gave the family `{0}` already")]
    Taken(String),
    #[error("`{0}` is a bundled font's family: pnp's own is used")]
    Bundled(String),
    #[error("the font `{0}` cannot go into a PDF: {1}")]
    NotEmbedded(String, Unembedded),
    /// The font database skips a face without a PostScript name (name 6) or a Unicode family.
    #[error("the font `{0}` cannot be set: it has no PostScript name or no family in Unicode")]
    Unindexed(String),
}

/// What ttf-parser found wrong, in a designer's words.
fn parsing_words(e: &ttf_parser::FaceParsingError) -> &'static str {
    use ttf_parser::FaceParsingError::*;
    match e {
        UnknownMagic => "its first bytes are not a font's: is it a .ttf or .otf file renamed?",
        MalformedFont => "its table of contents is damaged",
        FaceIndexOutOfBounds => "the collection holds no font",
        NoHeadTable => "it has no `head` table",
        NoHheaTable => "it has no `hhea` table",
        NoMaxpTable => "it has no `maxp` table",
    }
}

/// Why the PDF writer cannot embed a font.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Unembedded {
    #[error("its tables cannot be read")]
    Tables,
    /// What the writer says of it.
    #[error("{0}")]
    Krilla(String),
    #[error("the PDF writer stopped on it")]
    Stopped,
}

/// Adds a game's own font file (TTF or OTF) to the database for the rest of the process and
/// returns its family. The same file read again (a rebuild) is added once.
pub fn add(bytes: Vec<u8>) -> Result<String, FontError> {
    let face = ttf_parser::Face::parse(&bytes, 0).map_err(FontError::NotAFont)?;
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
        .ok_or(FontError::NoFamily)?;
    if face.glyph_index('a').is_none() && face.glyph_index('A').is_none() {
        return Err(FontError::NoLetters(family));
    }
    let glyphs = face.number_of_glyphs();
    let mut own = own().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(known) = own.get(&family) {
        return match **known == bytes {
            true => Ok(family),
            false => Err(FontError::Taken(family)),
        };
    }
    if has_family(&family) {
        return Err(FontError::Bundled(family));
    }
    let bytes = Arc::new(bytes);
    embeds(&bytes, glyphs).map_err(|why| FontError::NotEmbedded(family.clone(), why))?;
    let mut db = shared().write().unwrap_or_else(|e| e.into_inner());
    let mut grown = (**db).clone();
    if grown
        .load_font_source(fontdb::Source::Binary(bytes.clone()))
        .is_empty()
    {
        return Err(FontError::Unindexed(family));
    }
    *db = Arc::new(grown);
    own.insert(family.clone(), bytes);
    Ok(family)
}

/// Whether the PDF writer embeds every glyph of the font: ttf-parser reads fonts that krilla
/// cannot subset (a byte changed in a CFF table), and the build then failed writing the PDF,
/// with no line to point at. Every glyph is embedded once, here, in a PDF made and dropped.
fn embeds(bytes: &Arc<Vec<u8>>, glyphs: u16) -> Result<(), Unembedded> {
    use krilla::geom::Point;
    use krilla::text::{GlyphId, KrillaGlyph};
    let font =
        krilla::text::Font::new(krilla::Data::from(bytes.clone()), 0).ok_or(Unembedded::Tables)?;
    let all: Vec<KrillaGlyph> = (0..glyphs)
        .map(|g| KrillaGlyph::new(GlyphId::new(g.into()), 0.5, 0.0, 0.0, 0.0, 0..0, None))
        .collect();
    let made = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut doc = krilla::Document::new();
        let mut page = doc.start_page();
        // Never dropped on a panic (krilla asserts on dropping a surface mid-drawing, which
        // would abort while unwinding): finished when drawn.
        let mut surface = std::mem::ManuallyDrop::new(page.surface());
        surface.draw_glyphs(Point::from_xy(0.0, 10.0), &all, font, "", 10.0, false);
        std::mem::ManuallyDrop::into_inner(surface).finish();
        page.finish();
        doc.finish().map(drop)
    }));
    match made {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(Unembedded::Krilla(match e {
            krilla::error::KrillaError::Font(_, why) => why,
            other => format!("{other:?}"),
        })),
        Err(_) => Err(Unembedded::Stopped),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_is_no_font_is_said_so_in_words() {
        let said = add(b"<html>not a font</html>".to_vec())
            .unwrap_err()
            .to_string();
        assert_eq!(
            said,
            "not a TrueType or OpenType font (its first bytes are not a font's: is it a .ttf or .otf file renamed?)"
        );
    }

    #[test]
    fn every_bundled_font_embeds_whole_and_a_damaged_one_does_not() {
        for (name, bytes) in crate::base::assets::fonts() {
            let glyphs = ttf_parser::Face::parse(bytes, 0)
                .unwrap()
                .number_of_glyphs();
            let started = std::time::Instant::now();
            assert_eq!(embeds(&Arc::new(bytes.to_vec()), glyphs), Ok(()), "{name}");
            eprintln!("{name}: {glyphs} glyphs in {:?}", started.elapsed());
        }
        // A byte of the CFF table changed: ttf-parser still reads the font, krilla cannot
        // subset it.
        let goudy = format!(
            "{}/examples/fonts/GoudyBookletter1911.otf",
            env!("CARGO_MANIFEST_DIR")
        );
        let mut bytes = std::fs::read(goudy).unwrap();
        bytes[30539] ^= 0xff;
        let face = ttf_parser::Face::parse(&bytes, 0).unwrap();
        let glyphs = face.number_of_glyphs();
        let why = embeds(&Arc::new(bytes.clone()), glyphs)
            .unwrap_err()
            .to_string();
        assert!(why.contains("CFF"), "{why}");
    }
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
