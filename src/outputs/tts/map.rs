//! How big pieces are in Tabletop Simulator (what each kind becomes there is the kind's own:
//! `kinds::Kind::tts`). An object's `Transform` scale is its real size divided by the size TTS
//! gives that object type at scale 1. Each constant says where its value comes from; docs/tts.md
//! lists them with the commits of the sources.
//!
//! Sources: KB = Berserk-Games/Tabletop-Simulator-Knowledge-Base @ 6aa30656; SI = the Spirit
//! Island mod as the game saved it (TTS v13.1.1), kept as test data in argonui/TTSModManager
//! @ 46e32da8, `testdata/reversing/input.json`.
use super::model::Transform;
use crate::base::units::MM_PER_INCH;

/// Millimetres per TTS unit: a unit is an inch. KB `game-tools/line-tool.md`: "The distance
/// displayed is in inches."; KB `getting-started/video-tutorials.md`: "one Unity unity equals 1
/// inch".
pub const MM_PER_UNIT: f64 = MM_PER_INCH;

/// Depth (z) of a `Custom_Tile` at scale 1, in units; its width follows the image's proportions
/// (`Stretch`, see `objects::tile`). Not documented; measured from SI: its spirit panels
/// (Custom_Tile, Stretch true, scale 5.46, landscape) lie in rows 11.23 units apart, so the
/// depth is at most 11.23 / 5.46 = 2.06, and carry snap points (local, unscaled) up to 0.82
/// units from their centre, so it is at least 1.65. 2 is in that range; the exact value is not
/// measured.
pub const TILE_UNITS_AT_SCALE_1: f64 = 2.0;

/// Depth (z) of a portrait card at scale 1, in units; its width follows the sheet cell's
/// proportions (KB `custom-content/custom-deck.md`: "Decks can be square or rectangular,
/// depending on dimensions of card sheet"), so the scale is uniform. Not documented; SI bounds
/// it: its adversary cards (scale 1.928) lie in a column 6.00 units apart, so a card is at most
/// 6.00 / 1.928 = 3.11 deep. 3.1 is pnp's estimate at that bound (a poker card then shows
/// 2.2 units wide): calibrate it with `getBoundsNormalized()` in the game when you can.
pub const CARD_DEPTH_AT_SCALE_1: f64 = 3.1;

/// Edge of a `Custom_Dice` d6 at scale 1, in units. Not documented, and no save measured bounds
/// it: 1 unit (an inch, the size of the modding kit's example cube, KB `video-tutorials.md`)
/// is an estimate; a pile of dice saved by the game (TTSMODDER/Descent2TTS @ f993438f
/// `obj/*.json`, scale 2) hints at 0.7–1.0.
pub const DIE_UNITS_AT_SCALE_1: f64 = 1.0;

/// Height of a `Custom_Token` standee's image at scale 1, in units. Not documented. pnp assumes
/// 2, as a tile's depth; SI shows that this does not hold for every token: its Invader board
/// (a Custom_Token at scale 5.45) carries snap points 1.86 units before its centre, so that
/// token is more than 3.7 units deep at scale 1, and argonui/SCED @ 70dd00c8's Victory Display
/// (`objects/VictoryDisplay.6ccd6d.json`) more than 3.2 wide. A standee's size is therefore
/// unverified.
pub const TOKEN_UNITS_AT_SCALE_1: f64 = 2.0;

/// Thickness of a board (`CustomTile.Thickness`, units): the Custom Tile dialog's default
/// (KB `img/custom-tile/import.png`: "Thickness 0.20"), as SI's spirit panels have.
pub const BOARD_THICKNESS: f64 = 0.2;

pub fn units(mm: f64) -> f64 {
    mm / MM_PER_UNIT
}

/// `Transform` scale (x, y, z) of a tile, board or token `h_mm` deep: uniform, from its depth.
pub fn tile_scale(h_mm: f64) -> (f64, f64, f64) {
    let s = units(h_mm) / TILE_UNITS_AT_SCALE_1;
    (s, 1.0, s)
}

/// Uniform `Transform` scale of a card whose long side is `long_mm`: its sheet cell is always
/// portrait (a landscape card is drawn turned, see `card_transform`).
pub fn card_scale(long_mm: f64) -> (f64, f64, f64) {
    let s = units(long_mm) / CARD_DEPTH_AT_SCALE_1;
    (s, 1.0, s)
}

/// The transform of a `w`×`h` mm card, and whether it is sideways. A landscape card is drawn
/// turned a quarter clockwise into a portrait cell and marked `SidewaysCard`, which turns its
/// zoomed view back (KB custom-deck.md, "Sideways: Changes the ALT zoom for cards to match
/// sideways cards"); on the table it lies turned a quarter back (`rotY` 90 instead of 180), so
/// the player reads it as printed. SI lays its landscape command cards so: `SidewaysCard` true,
/// `rotY` 90.
pub fn card_transform(w_mm: f64, h_mm: f64) -> (Transform, bool) {
    let sideways = w_mm > h_mm;
    let (sx, sy, sz) = card_scale(w_mm.max(h_mm));
    let mut t = Transform::scaled(sx, sy, sz);
    if sideways {
        t.rot_y = 90.0;
    }
    (t, sideways)
}

/// `Transform` scale of a die with edge `mm`.
pub fn die_scale(edge_mm: f64) -> (f64, f64, f64) {
    let s = units(edge_mm) / DIE_UNITS_AT_SCALE_1;
    (s, s, s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scales_turn_millimetres_into_units() {
        // A 2-inch tile is one TTS tile at scale 1: 2 units deep.
        assert_eq!(tile_scale(50.8), (1.0, 1.0, 1.0));
        let (x, _, z) = card_scale(3.1 * 25.4);
        assert!((x - 1.0).abs() < 1e-9 && (z - 1.0).abs() < 1e-9);
        assert_eq!(die_scale(25.4), (1.0, 1.0, 1.0));
    }

    #[test]
    fn a_landscape_card_is_sideways_and_lies_turned_a_quarter() {
        let (portrait, sideways) = card_transform(63.5, 88.9);
        assert!(!sideways);
        assert_eq!(portrait.rot_y, 180.0);
        let (landscape, sideways) = card_transform(88.9, 63.5);
        assert!(sideways);
        assert_eq!(landscape.rot_y, 90.0);
        // The same card either way: scaled from its long side.
        assert_eq!(landscape.scale_z, portrait.scale_z);
        assert_eq!(landscape.scale_x, landscape.scale_z);
    }
}
