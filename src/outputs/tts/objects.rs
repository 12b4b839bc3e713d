//! Builders for the flat objects: tiles (tokens, counters, boards), bags, standees. Each takes an
//! `ObjectState::new(…)` with its GUID and transform and fills in what its type needs.
use super::model::{CustomImage, CustomTile, CustomToken, ObjectState, Rgb};
pub use crate::base::forms::TileType;

/// A `Custom_Tile` showing `front` on top and `back` underneath (the front again when the piece
/// is one-sided), `thickness` units thick.
///
/// `Stretch` on: the tile takes the image's proportions, so a long track or a record sheet is
/// not squashed into a square. The Custom Tile dialog calls it "Stretch to Aspect Ratio" and
/// ticks it by default (KB `img/custom-tile/import.png`); the knowledge base's example tiles,
/// imported so, are a portrait rounded rectangle and an oval from a landscape photo (KB
/// `img/custom-tile/example1.png`); and every rectangular panel the Spirit Island mod keeps
/// (argonui/TTSModManager `testdata/reversing/input.json`, saved by TTS v13.1.1) is
/// `Stretch: true` with a uniform scale. (The knowledge base's sentence, "If the source image is
/// stretched to make for a symmetrical tile", reads the other way; the dialog and the saves
/// agree with each other.)
pub fn tile(
    mut obj: ObjectState,
    front: String,
    back: String,
    tile_type: TileType,
    thickness: f64,
    stackable: bool,
) -> ObjectState {
    let mut image = CustomImage::new(front, back);
    image.custom_tile = Some(CustomTile {
        tile_type: tile_type.code(),
        thickness,
        stackable,
        stretch: true,
    });
    obj.custom_image = Some(image);
    obj
}

/// A `Bag` (or `Infinite_Bag`, which holds the one object it hands out copies of) holding
/// `contents`, tinted `color`.
pub fn bag(mut obj: ObjectState, contents: Vec<ObjectState>, color: Rgb) -> ObjectState {
    obj.color_diffuse = color;
    obj.contained_objects = Some(contents);
    obj
}

/// A standing `Custom_Token` (a standee): its outline comes from the image's transparency, so
/// its image must keep its alpha channel. For `Kind::Pawn` after merging.
pub fn standee(mut obj: ObjectState, image: String, thickness: f64) -> ObjectState {
    let mut img = CustomImage::new(image, String::new());
    img.custom_token = Some(CustomToken {
        thickness,
        merge_distance_pixels: 15.0,
        stand_up: true,
        stackable: false,
    });
    obj.custom_image = Some(img);
    obj
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outputs::tts::model::Transform;

    #[test]
    fn a_standee_stands_up() {
        let o = standee(
            ObjectState::new(
                "Custom_Token",
                "a1b2c3".into(),
                "pawn",
                Transform::scaled(1.0, 1.0, 1.0),
            ),
            "file:///p.png".into(),
            0.1,
        );
        let v = serde_json::to_value(&o).unwrap();
        assert_eq!(v["Name"], "Custom_Token");
        assert_eq!(v["CustomImage"]["CustomToken"]["StandUp"], true);
    }
}
