//! How a colour looks to a reader: CIELAB (the `color` crate's, CSS Color 4's) for normal
//! vision, its lightness alone for a mono printer or photocopy, and the three dichromacies simulated by Machado, Oliveira and
//! Fernandes, "A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE
//! TVCG 15(6), 2009, at severity 1.0 (their published matrices, applied to linear sRGB).

use color::{ColorSpace, Lab, Srgb};

/// A way of seeing a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Vision {
    Normal,
    /// Lightness only: a mono printer, a photocopy.
    Grey,
    Protanopia,
    Deuteranopia,
    Tritanopia,
}

impl Vision {
    pub const ALL: [Vision; 5] = [
        Vision::Normal,
        Vision::Grey,
        Vision::Protanopia,
        Vision::Deuteranopia,
        Vision::Tritanopia,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Vision::Normal => "in colour",
            Vision::Grey => "in grey",
            Vision::Protanopia => "under protanopia",
            Vision::Deuteranopia => "under deuteranopia",
            Vision::Tritanopia => "under tritanopia",
        }
    }

    /// Machado et al.'s matrix (severity 1.0) on linear sRGB; `None` for normal vision and grey.
    fn matrix(self) -> Option<[[f64; 3]; 3]> {
        match self {
            Vision::Protanopia => Some([
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ]),
            Vision::Deuteranopia => Some([
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ]),
            Vision::Tritanopia => Some([
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ]),
            Vision::Normal | Vision::Grey => None,
        }
    }

    /// A linear-sRGB colour as this reader sees it, in CIELAB (grey: L* with a* = b* = 0).
    pub fn lab(self, linear: [f64; 3]) -> [f32; 3] {
        let rgb = match self.matrix() {
            Some(m) => {
                let row = |r: [f64; 3]| {
                    (r[0] * linear[0] + r[1] * linear[1] + r[2] * linear[2]).clamp(0.0, 1.0)
                };
                [row(m[0]), row(m[1]), row(m[2])]
            }
            None => linear,
        };
        let lab = lab_of_linear(rgb);
        match self {
            Vision::Grey => [lab[0], 0.0, 0.0],
            _ => lab,
        }
    }
}

/// An sRGB colour (0–255 a channel) in linear light.
pub fn linear(rgb: [u8; 3]) -> [f64; 3] {
    let encoded = rgb.map(|c| c as f32 / 255.0);
    Srgb::to_linear_srgb(encoded).map(f64::from)
}

/// CIELAB of a linear-sRGB colour.
pub fn lab_of_linear(rgb: [f64; 3]) -> [f32; 3] {
    Lab::from_linear_srgb(rgb.map(|c| c as f32))
}

/// The CIE76 difference of two CIELAB colours.
pub fn delta_e(a: [f32; 3], b: [f32; 3]) -> f32 {
    let d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(v: Vision, hex: u32) -> [f32; 3] {
        let c = |s: u32| ((hex >> s) & 0xff) as u8;
        v.lab(linear([c(16), c(8), c(0)]))
    }

    #[test]
    fn white_is_lightness_100_and_black_0() {
        let white = seen(Vision::Normal, 0xffffff);
        assert!(
            (white[0] - 100.0).abs() < 0.01 && white[1].abs() < 0.05,
            "{white:?}"
        );
        assert!(seen(Vision::Normal, 0x000000)[0].abs() < 0.01);
        // Each simulation keeps white white (the matrices' rows sum to 1).
        for v in Vision::ALL {
            assert!((seen(v, 0xffffff)[0] - 100.0).abs() < 0.1, "{v:?}");
        }
    }

    #[test]
    fn red_and_green_of_one_lightness_merge_for_the_red_green_blind_only() {
        // A red and a green a normal eye tells apart at once (ΔE over 80), of about one
        // lightness: to a deuteranope they merge, to a protanope (who sees red darker) they keep
        // under a third of it; a tritanope keeps them apart.
        let (red, green) = (0xd03030, 0x4a8a2a);
        let d = |v| delta_e(seen(v, red), seen(v, green));
        assert!(d(Vision::Normal) > 80.0, "{}", d(Vision::Normal));
        assert!(d(Vision::Grey) < 8.0, "{}", d(Vision::Grey));
        assert!(
            d(Vision::Deuteranopia) < 15.0,
            "{}",
            d(Vision::Deuteranopia)
        );
        let protan = d(Vision::Protanopia);
        assert!(protan < d(Vision::Normal) / 3.0, "{protan}");
        assert!(d(Vision::Tritanopia) > 40.0, "{}", d(Vision::Tritanopia));
    }

    #[test]
    fn blue_and_green_merge_for_the_tritanope() {
        let (blue, green) = (0x3a78a8, 0x3e9a6a);
        let d = |v| delta_e(seen(v, blue), seen(v, green));
        assert!(d(Vision::Normal) > 25.0, "{}", d(Vision::Normal));
        assert!(
            d(Vision::Tritanopia) < d(Vision::Normal) / 2.0,
            "{}",
            d(Vision::Tritanopia)
        );
    }
}
