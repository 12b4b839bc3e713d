//! Snap points on a board's spaces, so that a piece dropped near a space goes to its centre.
//!
//! A snap point attached to an object is in the object's own coordinates, before its scale:
//! KB save-file-format.md, `SnapPointState.Position`: "local position when attached to an
//! object"; the Spirit Island save (argonui/TTSModManager `testdata/reversing/input.json`) has
//! them within ±1.4 units on tiles scaled 5.46, at the tile's thickness above its centre. A
//! board lies turned 180° about y (`Transform::scaled`), as the saves lay cards and panels for
//! the players on the −z side, its image's top towards +z; turned so, its local x and z point
//! the other way from the table's.
use super::map::units;
use super::model::{SnapPoint, Vec3};
use crate::base::forms::Space;

/// A snap point on the centre of each space of a `w`×`h` mm board at scale `scale`, `thickness`
/// above its middle.
pub fn on_spaces(spaces: &[Space], w: f64, h: f64, scale: f64, thickness: f64) -> Vec<SnapPoint> {
    spaces
        .iter()
        .map(|s| {
            let (cx, cy) = s.centre();
            // Table offsets from the board's centre: right is +x, up the image is +z.
            let (dx, dz) = (units(cx - w / 2.0), -units(cy - h / 2.0));
            SnapPoint {
                position: Vec3 {
                    x: round4(-dx / scale),
                    y: thickness,
                    z: round4(-dz / scale),
                },
            }
        })
        .collect()
}

/// Where a snap point on an object at (x, z) turned `rot_y` degrees with scale `scale` lies on
/// the table: the inverse of `on_spaces`, for tests and the picture of the table.
pub fn on_table(p: &SnapPoint, x: f64, z: f64, rot_y: f64, scale: f64) -> (f64, f64) {
    let (lx, lz) = (p.position.x * scale, p.position.z * scale);
    let a = rot_y.to_radians();
    // Unity turns +z towards +x for a positive angle about y.
    (
        x + lx * a.cos() + lz * a.sin(),
        z - lx * a.sin() + lz * a.cos(),
    )
}

/// Four decimals: a tenth of a millimetre on the largest boards, and no float noise.
pub(super) fn round4(v: f64) -> f64 {
    let r = (v * 10_000.0).round() / 10_000.0;
    if r == 0.0 { 0.0 } else { r }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_space_s_snap_point_lies_on_its_centre_on_the_table() {
        // A 100 × 200 mm board, a space in its top-left quarter, the board at (3, 4) turned 180°.
        let space = Space {
            x: 10.0,
            y: 20.0,
            w: 30.0,
            h: 40.0,
        };
        let scale = units(200.0) / 2.0;
        let p = on_spaces(&[space], 100.0, 200.0, scale, 0.2)[0];
        assert_eq!(p.position.y, 0.2);
        let (x, z) = on_table(&p, 3.0, 4.0, 180.0, scale);
        // Centre (25, 40) mm: 25 mm left of the middle, 60 mm up the image (towards +z).
        assert!((x - (3.0 - units(25.0))).abs() < 1e-3, "{x}");
        assert!((z - (4.0 + units(60.0))).abs() < 1e-3, "{z}");
    }
}
