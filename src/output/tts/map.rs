//! How big pieces are in Tabletop Simulator (what each kind becomes there is the kind's own:
//! `kinds::Kind::tts`). Sizes: **1 TTS unit = 1 inch (25.4 mm)**, the scale
//! TTS's own grid and measuring tool use. An object's `Transform` scale is its real size divided
//! by the size TTS gives that object type at scale 1 (the constants below).
use crate::units::MM_PER_INCH;

/// Millimetres per TTS unit.
pub const MM_PER_UNIT: f64 = MM_PER_INCH;
/// A `Custom_Tile` at scale 1 is 2 units deep (its width follows the image's proportions).
pub const TILE_UNITS_AT_SCALE_1: f64 = 2.0;
/// A custom card at scale 1 is about 2.2 × 3.1 units (poker proportions).
pub const CARD_UNITS_AT_SCALE_1: (f64, f64) = (2.2, 3.1);
/// A `Custom_Dice` d6 at scale 1 is about 1 unit along an edge.
pub const DIE_UNITS_AT_SCALE_1: f64 = 1.0;
/// A `Custom_Token` at scale 1: its image's height spans about 2 units, like a tile.
pub const TOKEN_UNITS_AT_SCALE_1: f64 = 2.0;

pub fn units(mm: f64) -> f64 {
    mm / MM_PER_UNIT
}

/// `Transform` scale (x, y, z) of a tile, board or token `w`×`h` mm: uniform, from its depth.
pub fn tile_scale(h_mm: f64) -> (f64, f64, f64) {
    let s = units(h_mm) / TILE_UNITS_AT_SCALE_1;
    (s, 1.0, s)
}

/// `Transform` scale of a card `w`×`h` mm.
pub fn card_scale(w_mm: f64, h_mm: f64) -> (f64, f64, f64) {
    let (cw, ch) = CARD_UNITS_AT_SCALE_1;
    (units(w_mm) / cw, 1.0, units(h_mm) / ch)
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
        // A 2-inch tile is one TTS tile at scale 1... of 2 units deep.
        assert_eq!(tile_scale(50.8), (1.0, 1.0, 1.0));
        let (x, _, z) = card_scale(2.2 * 25.4, 3.1 * 25.4);
        assert!((x - 1.0).abs() < 1e-9 && (z - 1.0).abs() < 1e-9);
        assert_eq!(die_scale(25.4), (1.0, 1.0, 1.0));
    }
}
