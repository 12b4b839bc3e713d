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
//!
//! The other dice (`Type` 0 d4, 2 d8, 3 d10, 4 d12, 5 d20) paint their faces into the places
//! the templates of the same folder give them. The templates themselves are not published; their
//! layout is read off the knowledge base's screenshot of that folder
//! (`docs/img/custom-dice/folder.png` @ 6aa30656): rows of triangles (d4, d8, d20), kites (d10)
//! and pentagons (d12), each numbered, its number upright towards a corner or turned a half
//! turn. The face listed k-th goes where the template prints k (a d10's tenth where it prints
//! 0), so that the value TTS reports for it, the template's number, is its place in
//! `die.faces`. Each face is painted a little larger than its place, so that an estimate a few
//! pixels out still leaves no seam of the template's grey.
use crate::base::polyhedra::{Pt, Solid};
use crate::outputs::png::ImageError;
use resvg::tiny_skia::{Color, FillRule, Mask, PathBuilder, Pixmap, PixmapPaint, Transform};

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

/// `CustomDice.Type` of a die of `faces` faces.
pub fn die_type(faces: usize) -> u8 {
    match faces {
        4 => 0,
        8 => 2,
        10 => 3,
        12 => 4,
        20 => 5,
        _ => D6_TYPE,
    }
}

/// A face's place in a template: the face (0-based, in `die.faces` order), its middle (the
/// centre of its incircle) as a fraction of the template's side, and whether it is turned a
/// half turn (its top corner pointing down).
type Place = (usize, f64, f64, bool);

/// A row of triangles: its top (a fraction of the template's side) and its faces (face, the
/// middle's x, pointing down).
type Row<'a> = (f64, &'a [(usize, f64, bool)]);

/// Where each template puts its faces, and how long an edge is there (a fraction of the
/// template's side).
fn places(solid: Solid) -> (f64, Vec<Place>) {
    // Triangles in rows: (face, x of the middle, row's top, pointing down).
    let rows = |side: f64, rows: &[Row]| {
        let h = side * 3f64.sqrt() / 2.0;
        let mut out = Vec::new();
        for &(top, faces) in rows {
            for &(face, x, down) in faces {
                let y = if down {
                    top + h / 3.0
                } else {
                    top + h * 2.0 / 3.0
                };
                out.push((face, x, y, down));
            }
        }
        (side, out)
    };
    match solid {
        Solid::Tetrahedron => rows(
            0.48,
            &[
                (0.07, &[(3, 0.235, false)]),
                (0.1, &[(1, 0.735, true)]),
                (0.554, &[(0, 0.24, false), (2, 0.735, false)]),
            ],
        ),
        Solid::Octahedron => rows(
            0.37,
            &[
                (
                    0.29,
                    &[
                        (6, 0.185, false),
                        (2, 0.37, true),
                        (1, 0.555, false),
                        (4, 0.74, true),
                    ],
                ),
                (
                    0.64,
                    &[
                        (0, 0.185, false),
                        (5, 0.37, true),
                        (7, 0.555, false),
                        (3, 0.74, true),
                    ],
                ),
            ],
        ),
        Solid::Icosahedron => rows(
            0.25,
            &[
                (
                    0.0,
                    &[
                        (6, 0.125, true),
                        (18, 0.25, false),
                        (8, 0.375, true),
                        (13, 0.5, false),
                        (7, 0.625, true),
                        (12, 0.75, false),
                        (1, 0.875, true),
                    ],
                ),
                (
                    0.27,
                    &[
                        (15, 0.125, false),
                        (5, 0.25, true),
                        (16, 0.375, false),
                        (2, 0.5, true),
                        (17, 0.625, false),
                        (4, 0.75, true),
                    ],
                ),
                (
                    0.535,
                    &[
                        (14, 0.125, false),
                        (3, 0.25, true),
                        (19, 0.375, false),
                        (0, 0.5, true),
                        (11, 0.625, false),
                        (9, 0.75, true),
                        (10, 0.875, false),
                    ],
                ),
            ],
        ),
        Solid::Dodecahedron => (
            0.167,
            vec![
                (8, 0.13, 0.215, true),
                (4, 0.40, 0.215, true),
                (6, 0.68, 0.215, true),
                (1, 0.27, 0.43, false),
                (10, 0.55, 0.43, false),
                (11, 0.83, 0.43, false),
                (5, 0.13, 0.645, true),
                (9, 0.40, 0.645, true),
                (7, 0.68, 0.645, true),
                (2, 0.27, 0.86, false),
                (3, 0.55, 0.86, false),
                (0, 0.83, 0.86, false),
            ],
        ),
        Solid::Trapezohedron => (
            0.315,
            vec![
                (0, 0.15, 0.33, false),
                (8, 0.27, 0.2, true),
                (2, 0.41, 0.37, false),
                (1, 0.55, 0.22, true),
                (7, 0.27, 0.63, true),
                (9, 0.55, 0.63, true),
                (3, 0.83, 0.63, true),
                (6, 0.15, 0.8, false),
                (4, 0.42, 0.8, false),
                (5, 0.7, 0.8, false),
            ],
        ),
    }
}

/// How much larger than its place a face is painted.
const OVERPAINT: f64 = 1.12;

/// The template image of a die of `solid` from its faces' images (each upright in a square of
/// one size, die order), its side `side` px.
pub fn compose_solid(solid: Solid, faces: &[Pixmap], side: u32) -> Result<Pixmap, ImageError> {
    if faces.len() != solid.faces() || faces.iter().any(|f| f.width() != f.height()) {
        let why = format!("a d{} needs {} square faces", solid.faces(), solid.faces());
        return Err(ImageError::Parts(why));
    }
    let mut out = Pixmap::new(side, side).ok_or(ImageError::Empty)?;
    let (r, g, b) = UNUSED;
    out.fill(Color::from_rgba8(r, g, b, 255));
    let (edge, places) = places(solid);
    let net = solid.unit_net();
    // A face's square, in edges, and where its corners lie in it.
    let square = net.face_square();
    let t = side as f64;
    for (face, x, y, down) in places {
        let img = &faces[face];
        let px = img.width() as f64;
        // Template pixels per face-image pixel.
        let k = edge * square * t / px * OVERPAINT;
        let turn = if down { 180.0 } else { 0.0 };
        let at = Transform::from_translate(-(px as f32) / 2.0, -(px as f32) / 2.0)
            .post_scale(k as f32, k as f32)
            .post_rotate(turn)
            .post_translate((x * t) as f32, (y * t) as f32);
        // Clip to the face's own outline, grown as the picture is.
        let corners: Vec<Pt> = net
            .upright(face)
            .iter()
            .map(|&(cx, cy)| ((cx / square) * px, (cy / square) * px))
            .collect();
        let mut path = PathBuilder::new();
        for (i, (cx, cy)) in corners.iter().enumerate() {
            if i == 0 {
                path.move_to(*cx as f32, *cy as f32);
            } else {
                path.line_to(*cx as f32, *cy as f32);
            }
        }
        path.close();
        let mut mask = Mask::new(side, side).ok_or(ImageError::Empty)?;
        if let Some(path) = path.finish() {
            mask.fill_path(&path, FillRule::Winding, true, at);
        }
        out.draw_pixmap(0, 0, img.as_ref(), &PixmapPaint::default(), at, Some(&mask));
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

/// Fills `obj` (made with `ObjectState::new("Custom_Dice", …)`) as a die painted with
/// `image_url`: a d6 names its faces (`RotationValues`); another reports its template's
/// numbers, which are its faces' places in `die.faces`.
pub fn make_die(mut obj: ObjectState, image_url: String, names: &[String]) -> ObjectState {
    let mut image = CustomImage::new(image_url, String::new());
    image.custom_dice = Some(CustomDice {
        die_type: die_type(names.len()),
    });
    obj.custom_image = Some(image);
    if let Ok(six) = <&[String; 6]>::try_from(names) {
        obj.rotation_values = Some(rotation_values(six));
    }
    obj
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::outputs::tts::model::Transform as T;

    /// The template as the knowledge base's screenshot shows it (`docs/img/custom-dice/ps1.png`
    /// @ 6aa30656), cell by cell (column, row): which face, and whether it is turned a half turn.
    /// Written out again here, not read from `D6_CELLS`, so that a slip in either shows.
    pub(in crate::outputs::tts) const TEMPLATE: [((u32, u32), u32, bool); 6] = [
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
        let o = make_die(
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
