//! Custom d6: TTS paints a `Custom_Dice` of type 1 from one square image laid out like the d6
//! template the game ships (`Tabletop Simulator/Modding/Dice Templates/D6.png`, shown in the
//! knowledge base: `docs/img/custom-dice/ps1.png` of Berserk-Games/Tabletop-Simulator-Knowledge-Base
//! @ 6aa30656, and committed full size as `D6.png` of Qazzquimby/prototypical-tactics-game
//! @ 571ae4d9): a 3 × 3 grid of equal cells,
//!
//! ```text
//!     .    .    .        top row: not on the cube
//!     2    4    5        upright
//!     1↻   3    6↻       1 and 6 turned 180° (the template's 6 reads "9")
//! ```
//!
//! Opposite faces are 1–6, 2–5 and 3–4, as on the template's die and in `die.faces`
//! (1st–6th, 2nd–5th, 3rd–4th). `RotationValues` tell TTS which rotation shows which face on
//! top, so a roll reports the face's value.
use crate::outputs::png::ImageError;
use resvg::tiny_skia::{Color, Pixmap, PixmapPaint, Transform};

use super::model::{CustomDice, CustomImage, ObjectState, RotationValue, Vec3};

/// Where face i (0-based: face "1" is index 0) goes in the template: (column, row, turned 180°).
pub const D6_CELLS: [(u32, u32, bool); 6] = [
    (0, 2, true),
    (0, 1, false),
    (1, 2, false),
    (1, 1, false),
    (2, 1, false),
    (2, 2, true),
];
/// Cells along each side of the template.
pub const GRID: u32 = 3;
/// The unused top row: a light grey, as the template's.
const UNUSED: (u8, u8, u8) = (216, 216, 216);

/// `CustomDice.Type` of a d6 (KB save-file-format `DiceType`; API custom-game-objects.md:
/// 0 d4, 1 d6, 2 d8, 3 d10, 4 d12, 5 d20).
pub const D6_TYPE: u8 = 1;

/// Euler rotations (degrees) that bring face i of TTS's d6 to the top: value 2 at rest, 1 and
/// 6 about x, 3 and 4 about z, 5 upside down (Qazzquimby/prototypical-tactics-game `tts/die.py`
/// @ 96ca74f3, `getRotValuesCustom`). Opposite faces are opposite rotations.
pub const D6_ROTATIONS: [(f64, f64, f64); 6] = [
    (-90.0, 0.0, 0.0),
    (0.0, 0.0, 0.0),
    (0.0, 0.0, -90.0),
    (0.0, 0.0, 90.0),
    (0.0, 0.0, -180.0),
    (90.0, 0.0, 0.0),
];

/// The template image from six square face images of one size (face 1 first).
pub fn compose(faces: &[Pixmap; 6]) -> Result<Pixmap, ImageError> {
    let side = faces[0].width();
    if faces
        .iter()
        .any(|f| f.width() != side || f.height() != side)
    {
        let why = "the six faces of a die must be squares of one size".to_string();
        return Err(ImageError::Parts(why));
    }
    let mut out = Pixmap::new(GRID * side, GRID * side).ok_or(ImageError::Empty)?;
    let (r, g, b) = UNUSED;
    out.fill(Color::from_rgba8(r, g, b, 255));
    for (face, (col, row, turned)) in faces.iter().zip(D6_CELLS) {
        let (x, y) = ((col * side) as f32, (row * side) as f32);
        let s = side as f32;
        let at = if turned {
            // A half turn about the cell's centre.
            Transform::from_row(-1.0, 0.0, 0.0, -1.0, x + s, y + s)
        } else {
            Transform::from_translate(x, y)
        };
        out.draw_pixmap(0, 0, face.as_ref(), &PixmapPaint::default(), at, None);
    }
    Ok(out)
}

/// `RotationValues` naming each face (e.g. piecepack ranks "Null", "A", "2"…).
pub fn rotation_values(names: &[String; 6]) -> Vec<RotationValue> {
    names
        .iter()
        .zip(D6_ROTATIONS)
        .map(|(name, (x, y, z))| RotationValue {
            value: name.clone(),
            rotation: Vec3 { x, y, z },
        })
        .collect()
}

/// Fills `obj` (made with `ObjectState::new("Custom_Dice", …)`) as a d6 painted with `image_url`.
pub fn make_d6(mut obj: ObjectState, image_url: String, names: &[String; 6]) -> ObjectState {
    let mut image = CustomImage::new(image_url, String::new());
    image.custom_dice = Some(CustomDice { die_type: D6_TYPE });
    obj.custom_image = Some(image);
    obj.rotation_values = Some(rotation_values(names));
    obj
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outputs::tts::model::Transform as T;

    /// The template as the knowledge base's screenshot shows it, cell by cell (column, row):
    /// which face, and whether it is turned a half turn. Written out again here, not read from
    /// `D6_CELLS`, so that a slip in either shows.
    const TEMPLATE: [((u32, u32), u32, bool); 6] = [
        ((0, 1), 2, false),
        ((1, 1), 4, false),
        ((2, 1), 5, false),
        ((0, 2), 1, true),
        ((1, 2), 3, false),
        ((2, 2), 6, true),
    ];

    /// A face `side` px wide: its own colour, with a dark mark in its top-left corner (so a
    /// half turn moves the mark to the bottom right).
    fn face(i: usize, side: u32) -> Pixmap {
        let mut p = Pixmap::new(side, side).unwrap();
        p.fill(Color::from_rgba8(30 + i as u8 * 35, 200, 100, 255));
        let mark = resvg::tiny_skia::Rect::from_xywh(0.0, 0.0, 2.0, 2.0).unwrap();
        let mut paint = resvg::tiny_skia::Paint::default();
        paint.set_color_rgba8(0, 0, 0, 255);
        p.fill_rect(mark, &paint, resvg::tiny_skia::Transform::identity(), None);
        p
    }

    #[test]
    fn each_cell_holds_the_template_s_face_turned_as_the_template_turns_it() {
        let side = 8;
        let faces: [Pixmap; 6] = std::array::from_fn(|i| face(i, side));
        let img = compose(&faces).unwrap();
        assert_eq!((img.width(), img.height()), (3 * side, 3 * side));
        for ((col, row), value, turned) in TEMPLATE {
            let (x0, y0) = (col * side, row * side);
            let px = |x: u32, y: u32| img.pixel(x0 + x, y0 + y).unwrap();
            let body = px(side / 2, side / 2);
            let want = 30 + (value - 1) as u8 * 35;
            assert_eq!(body.red(), want, "cell ({col}, {row}) holds face {value}");
            let (mark, clear) = if turned {
                ((side - 1, side - 1), (0, 0))
            } else {
                ((0, 0), (side - 1, side - 1))
            };
            assert_eq!(px(mark.0, mark.1).red(), 0, "face {value}'s mark");
            assert_eq!(
                px(clear.0, clear.1).red(),
                want,
                "face {value} turned: {turned}"
            );
        }
        // The top row is left to the neutral grey.
        for x in 0..3 * side {
            assert_eq!(img.pixel(x, side / 2).unwrap().red(), UNUSED.0);
        }
    }

    #[test]
    fn opposite_faces_have_opposite_rotations() {
        for i in 0..3 {
            let (a, b) = (D6_ROTATIONS[i], D6_ROTATIONS[5 - i]);
            let sum = (a.0 + b.0, a.1 + b.1, a.2 + b.2);
            let half_turn = (a.0 - b.0).abs() == 180.0 || (a.2 - b.2).abs() == 180.0;
            assert!(
                sum == (0.0, 0.0, 0.0) || half_turn,
                "faces {} and {}",
                i + 1,
                6 - i
            );
        }
    }

    #[test]
    fn a_d6_names_six_faces() {
        let names: [String; 6] = std::array::from_fn(|i| (i + 1).to_string());
        let o = make_d6(
            ObjectState::new(
                "Custom_Dice",
                "abcdef".into(),
                "d",
                T::scaled(1.0, 1.0, 1.0),
            ),
            "file:///d6.png".into(),
            &names,
        );
        let json = serde_json::to_value(&o).unwrap();
        assert_eq!(json["CustomImage"]["CustomDice"]["Type"], 1);
        assert_eq!(json["RotationValues"].as_array().unwrap().len(), 6);
        assert_eq!(json["RotationValues"][5]["Value"], "6");
    }
}
