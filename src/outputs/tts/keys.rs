//! Deck keys. A card's ID is `key × 100 + cell`, and TTS finds a card's sheet by the key (KB
//! save-file-format.md, `CustomDeck`: "Key matches the hundreth place of the id"), so two decks
//! on one table that share a key show each other's faces. Keys are therefore derived from the
//! game and the sheet's file (a hash, FNV-1a as the GUIDs), not counted from 1: the same sheet
//! keeps its key from export to export, and two games' sheets almost never meet.
//!
//! Range: from 1,000 (TTS hands out small keys itself when a deck is imported by hand: 2 to 653
//! in the Spirit Island save, argonui/TTSModManager `testdata/reversing/input.json` @ 46e32da8)
//! to below 21,000,000, so that every card ID stays an `int` (`public int? CardID`, KB
//! save-file-format.md). Two games of ten sheets each share a key with odds of about 1 in 200,000.
use std::collections::HashSet;

pub const FIRST: u32 = 1_000;
pub const END: u32 = 21_000_000;

/// Keys handed out in one export: each sheet's own, never one to two sheets.
#[derive(Debug, Default)]
pub struct Keys {
    used: HashSet<u32>,
    /// A sheet the table's decks share with the saved object's keeps its key.
    given: std::collections::HashMap<String, u32>,
}

impl Keys {
    pub fn new() -> Self {
        Keys::default()
    }

    /// The key of sheet `sheet` (its file stem, unique in the export) of game `game`.
    pub fn of(&mut self, game: &str, sheet: &str) -> u32 {
        let id = format!("{game}/{sheet}");
        if let Some(&key) = self.given.get(&id) {
            return key;
        }
        let key = super::guid::unused(&mut self.used, &id, |h| {
            FIRST + (h % u64::from(END - FIRST)) as u32
        });
        self.given.insert(id, key);
        key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_stable_in_range_and_differ_between_games_and_sheets() {
        let (mut a, mut b) = (Keys::new(), Keys::new());
        let k = a.of("night-grain", "aid-1");
        assert_eq!(
            b.of("night-grain", "aid-1"),
            k,
            "the same sheet, the same key"
        );
        assert!((FIRST..END).contains(&k));
        assert!(
            u64::from(k) * 100 + 69 <= i32::MAX as u64,
            "card IDs stay an int"
        );
        let mut other = Keys::new();
        assert_ne!(other.of("cream-of-the-crop", "aid-1"), k, "another game");
        assert_ne!(a.of("night-grain", "aid-2"), k, "another sheet");
        // Asked again in one export (the table's deck shows the saved object's sheet): its key.
        assert_eq!(a.of("night-grain", "aid-1"), k);
    }
}
