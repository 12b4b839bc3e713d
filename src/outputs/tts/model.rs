//! The saved-object JSON of Tabletop Simulator, as serde types. One `ObjectState` struct covers
//! every object kind: fields a kind does not use are `None` and left out of the file. Field order
//! is declaration order, so the output is stable byte for byte.
use serde::Serialize;
use std::collections::BTreeMap;

/// The whole file: what TTS writes for a saved object, with the outer fields it expects (empty).
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct SavedObject {
    pub save_name: String,
    pub game_mode: String,
    pub gravity: f64,
    pub play_area: f64,
    /// Left empty: a date would make two runs differ.
    pub date: String,
    pub version_number: String,
    pub game_type: String,
    pub game_complexity: String,
    pub tags: Vec<String>,
    pub table: String,
    pub sky: String,
    pub note: String,
    pub rules: String,
    #[serde(rename = "XmlUI")]
    pub xml_ui: String,
    pub lua_script: String,
    pub lua_script_state: String,
    pub object_states: Vec<ObjectState>,
    pub tab_states: BTreeMap<String, String>,
}

impl SavedObject {
    pub fn new(name: &str, objects: Vec<ObjectState>) -> Self {
        SavedObject {
            save_name: name.to_string(),
            gravity: 0.5,
            play_area: 0.5,
            object_states: objects,
            ..SavedObject::default()
        }
    }
}

/// A whole game save (`pnp tts --table`): the table, its notes, the hand zones and the objects.
/// Keys in the order TTS v13 writes them (the Spirit Island save, argonui/TTSModManager
/// `testdata/reversing/input.json`), those pnp has nothing for left out. No date: two exports
/// of one game are byte for byte the same.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct GameSave {
    pub save_name: String,
    pub date: String,
    pub version_number: String,
    pub game_mode: String,
    pub game_type: String,
    pub game_complexity: String,
    pub player_counts: [u32; 2],
    pub tags: Vec<String>,
    pub gravity: f64,
    pub play_area: f64,
    pub table: String,
    pub sky: String,
    /// The Notes panel.
    pub note: String,
    /// The Notebook's tabs, by number ("0", "1"…).
    pub tab_states: BTreeMap<String, TabState>,
    pub hands: Hands,
    pub lua_script: String,
    pub lua_script_state: String,
    #[serde(rename = "XmlUI")]
    pub xml_ui: String,
    /// Snap points on the table itself (world positions), as the game saves them before the
    /// objects: on the spaces of tiles laid as a board (KB save-file-format.md `SnapPoints`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub snap_points: Vec<SnapPoint>,
    pub object_states: Vec<ObjectState>,
}

/// One tab of the Notebook (KB save-file-format.md `TabState`).
#[derive(Debug, Clone, Serialize)]
pub struct TabState {
    pub title: String,
    pub body: String,
    pub color: String,
    #[serde(rename = "visibleColor")]
    pub visible_color: Rgb,
    pub id: u32,
}

/// Hand settings (KB save-file-format.md `HandsState`); the hands themselves are `HandTrigger`
/// objects in v13 saves.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct Hands {
    pub enable: bool,
    pub disable_unused: bool,
    pub hiding: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Transform {
    pub pos_x: f64,
    pub pos_y: f64,
    pub pos_z: f64,
    pub rot_x: f64,
    pub rot_y: f64,
    pub rot_z: f64,
    pub scale_x: f64,
    pub scale_y: f64,
    pub scale_z: f64,
}

impl Transform {
    /// At the origin, unrotated, with the given scale (X and Z across the table, Y up).
    pub fn scaled(x: f64, y: f64, z: f64) -> Self {
        Transform {
            rot_y: 180.0,
            scale_x: round3(x),
            scale_y: round3(y),
            scale_z: round3(z),
            ..Transform::default()
        }
    }
    pub fn at(mut self, x: f64, y: f64, z: f64) -> Self {
        self.pos_x = round3(x);
        self.pos_y = round3(y);
        self.pos_z = round3(z);
        self
    }
    /// Turned over (cards face down).
    pub fn flipped(mut self) -> Self {
        self.rot_z = 180.0;
        self
    }
}

/// Three decimals: enough for a tenth of a millimetre, and no float noise in the file.
pub fn round3(v: f64) -> f64 {
    let r = (v * 1000.0).round() / 1000.0;
    if r == 0.0 { 0.0 } else { r }
}

#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Rgb {
    pub r: f64,
    pub g: f64,
    pub b: f64,
}

impl Rgb {
    pub const WHITE: Rgb = Rgb {
        r: 1.0,
        g: 1.0,
        b: 1.0,
    };
    /// From `#rrggbb`; anything else is white.
    pub fn from_hex(hex: &str) -> Rgb {
        let h = hex.trim_start_matches('#');
        let part = |i: usize| {
            h.get(i..i + 2)
                .and_then(|s| u8::from_str_radix(s, 16).ok())
                .map(|v| round3(v as f64 / 255.0))
        };
        match (h.len(), part(0), part(2), part(4)) {
            (6, Some(r), Some(g), Some(b)) => Rgb { r, g, b },
            _ => Rgb::WHITE,
        }
    }
}

/// One sheet of a custom deck (the value of a `CustomDeck` entry).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct CustomDeck {
    #[serde(rename = "FaceURL")]
    pub face_url: String,
    #[serde(rename = "BackURL")]
    pub back_url: String,
    pub num_width: u32,
    pub num_height: u32,
    pub back_is_hidden: bool,
    pub unique_back: bool,
    /// 0 rounded rectangle, 1 rectangle, 4 circle.
    #[serde(rename = "Type")]
    pub card_type: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct CustomTile {
    /// 0 box, 1 hex, 2 circle, 3 rounded box.
    #[serde(rename = "Type")]
    pub tile_type: u8,
    pub thickness: f64,
    pub stackable: bool,
    pub stretch: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct CustomToken {
    pub thickness: f64,
    pub merge_distance_pixels: f64,
    pub stand_up: bool,
    pub stackable: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CustomDice {
    /// 0 d4, 1 d6, 2 d8, 3 d10, 4 d12, 5 d20.
    #[serde(rename = "Type")]
    pub die_type: u8,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct CustomImage {
    #[serde(rename = "ImageURL")]
    pub image_url: String,
    #[serde(rename = "ImageSecondaryURL")]
    pub image_secondary_url: String,
    pub image_scalar: f64,
    /// 0: TTS takes the proportions from the image.
    pub width_scale: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_tile: Option<CustomTile>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_token: Option<CustomToken>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_dice: Option<CustomDice>,
}

impl CustomImage {
    pub fn new(front: String, back: String) -> Self {
        CustomImage {
            image_url: front,
            image_secondary_url: back,
            image_scalar: 1.0,
            ..CustomImage::default()
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Vec3 {
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

/// A snap point (KB save-file-format.md `SnapPointState`): where a piece dropped near it goes.
/// No `Rotation`: a rotation snap point would also turn the piece.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct SnapPoint {
    pub position: Vec3,
}

/// Which rotation shows which face of a die on top.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct RotationValue {
    pub value: String,
    pub rotation: Vec3,
}

/// One object on the table (or inside a deck or bag).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct ObjectState {
    #[serde(rename = "GUID")]
    pub guid: String,
    /// TTS's object type: `DeckCustom`, `CardCustom`, `Custom_Tile`, `Custom_Token`,
    /// `Custom_Dice`, `Bag`.
    pub name: &'static str,
    pub transform: Transform,
    pub nickname: String,
    pub description: String,
    #[serde(rename = "GMNotes")]
    pub gm_notes: String,
    pub color_diffuse: Rgb,
    pub locked: bool,
    pub grid: bool,
    pub snap: bool,
    #[serde(rename = "IgnoreFoW")]
    pub ignore_fow: bool,
    pub autoraise: bool,
    pub sticky: bool,
    pub tooltip: bool,
    pub grid_projection: bool,
    pub hide_when_face_down: bool,
    pub hands: bool,
    #[serde(rename = "CardID", skip_serializing_if = "Option::is_none")]
    pub card_id: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sideways_card: Option<bool>,
    #[serde(rename = "DeckIDs", skip_serializing_if = "Option::is_none")]
    pub deck_ids: Option<Vec<u32>>,
    /// Deck key (as a string, as TTS writes it) → sheet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_deck: Option<BTreeMap<String, CustomDeck>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_image: Option<CustomImage>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotation_values: Option<Vec<RotationValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contained_objects: Option<Vec<ObjectState>>,
    /// Snap points on the object, in its own unscaled coordinates (KB save-file-format.md:
    /// "local position when attached to an object").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attached_snap_points: Option<Vec<SnapPoint>>,
    /// A hand zone's player colour (`HandTrigger`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fog_color: Option<String>,
    pub lua_script: String,
    pub lua_script_state: String,
    #[serde(rename = "XmlUI")]
    pub xml_ui: String,
}

impl ObjectState {
    /// An object of type `name` with every common field at TTS's defaults.
    pub fn new(name: &'static str, guid: String, nickname: &str, transform: Transform) -> Self {
        ObjectState {
            guid,
            name,
            transform,
            nickname: nickname.to_string(),
            color_diffuse: Rgb::WHITE,
            grid: true,
            snap: true,
            autoraise: true,
            sticky: true,
            tooltip: true,
            ..ObjectState::default()
        }
    }

    /// Every object in this one and in its containers, depth first (itself first).
    pub fn walk(&self) -> Vec<&ObjectState> {
        let mut out = vec![self];
        for o in self.contained_objects.iter().flatten() {
            out.extend(o.walk());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_colours_become_unit_floats() {
        assert_eq!(
            Rgb::from_hex("#ff8000"),
            Rgb {
                r: 1.0,
                g: 0.502,
                b: 0.0
            }
        );
        assert_eq!(Rgb::from_hex("none"), Rgb::WHITE);
    }

    #[test]
    fn unused_fields_are_left_out() {
        let o = ObjectState::new(
            "Bag",
            "abc123".into(),
            "x",
            Transform::scaled(1.0, 1.0, 1.0),
        );
        let json = serde_json::to_string(&o).unwrap();
        assert!(json.contains("\"GUID\":\"abc123\""));
        assert!(json.contains("\"posX\":0.0"));
        assert!(!json.contains("CustomDeck"));
        assert!(!json.contains("CardID"));
    }
}
