//! Custom d6: TTS paints a `Custom_Dice` of type 1 from one image laid out like its d6 template,
//! an unfolded cube 4 cells wide and 3 high:
//!
//! ```text
//!     .  1  .  .
//!     2  3  5  4
//!     .  6  .  .
//! ```
//!
//! (opposite faces: 1–6, 2–5, 3–4). `RotationValues` tell TTS which rotation shows which face on
//! top, so a roll reports the face's name. Used by the piecepack dice once `Kind::Die` exists.
use crate::output::png::ImageError;
use resvg::tiny_skia::{Color, Pixmap, PixmapPaint, Transform};

use super::model::{CustomDice, CustomImage, ObjectState, RotationValue, Vec3};

/// (column, row) of face i (0-based: face "1" is index 0) in the net.
pub const D6_NET: [(u32, u32); 6] = [(1, 0), (0, 1), (1, 1), (3, 1), (2, 1), (1, 2)];
pub const NET_COLS: u32 = 4;
pub const NET_ROWS: u32 = 3;

/// Euler rotations (degrees) that bring face i of TTS's d6 to the top.
pub const D6_ROTATIONS: [(f64, f64, f64); 6] = [
    (-90.0, 0.0, 0.0),
    (0.0, 0.0, 0.0),
    (0.0, 0.0, -90.0),
    (0.0, 0.0, 90.0),
    (0.0, 0.0, -180.0),
    (90.0, 0.0, 0.0),
];

/// The net image from six square face images of the same size (face 1 first).
pub fn compose_net(faces: &[Pixmap; 6]) -> Result<Pixmap, ImageError> {
    let side = faces[0].width();
    if faces
        .iter()
        .any(|f| f.width() != side || f.height() != side)
    {
        let why = "the six faces of a die must be squares of one size".to_string();
        return Err(ImageError::Parts(why));
    }
    let mut net = Pixmap::new(NET_COLS * side, NET_ROWS * side).ok_or(ImageError::Empty)?;
    net.fill(Color::WHITE);
    for (face, (col, row)) in faces.iter().zip(D6_NET) {
        net.draw_pixmap(
            (col * side) as i32,
            (row * side) as i32,
            face.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
    }
    Ok(net)
}

/// `RotationValues` naming each face (e.g. piecepack ranks "null", "A", "2"…).
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

/// Fills `obj` (made with `ObjectState::new("Custom_Dice", …)`) as a d6 painted with `net_url`.
pub fn make_d6(mut obj: ObjectState, net_url: String, names: &[String; 6]) -> ObjectState {
    let mut image = CustomImage::new(net_url, String::new());
    image.custom_dice = Some(CustomDice { die_type: 1 });
    obj.custom_image = Some(image);
    obj.rotation_values = Some(rotation_values(names));
    obj
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::tts::model::Transform as T;

    #[test]
    fn opposite_faces_sit_opposite_in_the_net() {
        // Faces i and 5-i are opposite: top/bottom of the column, or two apart in the band.
        for i in 0..3 {
            let (a, b) = (D6_NET[i], D6_NET[5 - i]);
            let opposite = (a.0 == b.0 && a.1.abs_diff(b.1) == 2)
                || (a.1 == 1 && b.1 == 1 && a.0.abs_diff(b.0) == 2);
            assert!(opposite, "faces {} and {}", i + 1, 6 - i);
        }
    }

    #[test]
    fn net_places_each_face_in_its_cell() {
        let faces: [Pixmap; 6] = std::array::from_fn(|i| {
            let mut p = Pixmap::new(4, 4).unwrap();
            p.fill(Color::from_rgba8(i as u8 * 40, 0, 0, 255));
            p
        });
        let net = compose_net(&faces).unwrap();
        assert_eq!((net.width(), net.height()), (16, 12));
        for (i, (c, r)) in D6_NET.iter().enumerate() {
            let px = net.pixel(c * 4 + 1, r * 4 + 1).unwrap();
            assert_eq!(px.red(), i as u8 * 40, "face {}", i + 1);
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
            "file:///net.png".into(),
            &names,
        );
        let json = serde_json::to_value(&o).unwrap();
        assert_eq!(json["CustomImage"]["CustomDice"]["Type"], 1);
        assert_eq!(json["RotationValues"].as_array().unwrap().len(), 6);
        assert_eq!(json["RotationValues"][5]["Value"], "6");
    }
}
