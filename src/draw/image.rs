//! A game's own picture on a face: placed in a box by `fit` and `position`, clipped to the
//! piece's outline (round, rounded, or the path it is cut along). The picture is named by its content (`images`), never copied into the SVG.
use svg::node::element::{ClipPath, Element, Group, Image, Path};

use super::canvas::{circle, n};
use crate::draw::images::Picture;
use schemars::JsonSchema;
use serde::Deserialize;

/// How an image fills its box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Fit {
    /// Fills the box, cropped to it, in proportion.
    #[default]
    Cover,
    /// Whole inside the box, in proportion.
    Contain,
    /// Fills the box exactly, out of proportion if need be.
    Stretch,
}

/// Where an image sits in its box (which part `cover` keeps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Position {
    #[default]
    Center,
    Top,
    Bottom,
    Left,
    Right,
    TopLeft,
    TopRight,
    BottomLeft,
    BottomRight,
}

impl Position {
    /// Where along each axis, 0 (left, top) to 1 (right, bottom).
    pub fn along(self) -> (f64, f64) {
        match self {
            Position::Center => (0.5, 0.5),
            Position::Top => (0.5, 0.0),
            Position::Bottom => (0.5, 1.0),
            Position::Left => (0.0, 0.5),
            Position::Right => (1.0, 0.5),
            Position::TopLeft => (0.0, 0.0),
            Position::TopRight => (1.0, 0.0),
            Position::BottomLeft => (0.0, 1.0),
            Position::BottomRight => (1.0, 1.0),
        }
    }
}

/// The size a `pw` × `ph` picture is drawn at in a `w` × `h` box.
pub fn drawn_size(pw: f64, ph: f64, fit: Fit, w: f64, h: f64) -> (f64, f64) {
    let scale = match fit {
        Fit::Stretch => return (w, h),
        Fit::Cover => (w / pw).max(h / ph),
        Fit::Contain => (w / pw).min(h / ph),
    };
    (pw * scale, ph * scale)
}

/// A box on a face, in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Area {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

/// The outline a picture is cut to, besides its area.
#[derive(Debug, Clone, PartialEq)]
pub enum Outline {
    /// The area's rectangle.
    Square,
    /// The circle inscribed in the area (a round piece, with its bleed).
    Round,
    /// The area's rectangle with corners of this radius (a rounded card without bleed).
    Rounded(f64),
    /// A path (SVG path data in the face's millimetres): the cut of a hexagonal, polygonal or
    /// custom piece, with its bleed.
    Cut(String),
}

/// `picture` in `area` as `fit` and `position` say, cut to `outline`.
pub fn place(
    picture: &Picture,
    fit: Fit,
    position: Position,
    area: Area,
    outline: Outline,
) -> Group {
    let (w, h) = drawn_size(picture.w as f64, picture.h as f64, fit, area.w, area.h);
    let (ax, ay) = position.along();
    let x = area.x + (area.w - w) * ax;
    let y = area.y + (area.h - h) * ay;
    let image = Image::new()
        .set("href", picture.href.as_str())
        .set("x", n(x))
        .set("y", n(y))
        .set("width", n(w))
        .set("height", n(h))
        .set("preserveAspectRatio", "none")
        .set("image-rendering", "optimizeQuality");
    // What `cover` puts outside the area is cut off, and a round piece keeps its circle.
    let rect = || super::canvas::rect(area.x, area.y, area.w, area.h, "black");
    let clip = match (&outline, fit) {
        (Outline::Round, _) => Some(Element::from(circle(
            area.x + area.w / 2.0,
            area.y + area.h / 2.0,
            area.w.min(area.h) / 2.0,
            "black",
        ))),
        (Outline::Rounded(r), _) => Some(Element::from(rect().set("rx", n(*r)))),
        (Outline::Cut(d), _) => Some(Element::from(Path::new().set("d", d.as_str()))),
        (Outline::Square, Fit::Cover) => Some(Element::from(rect())),
        (Outline::Square, _) => None,
    };
    let Some(shape) = clip else {
        return Group::new().add(image);
    };
    // One id per placement: a diagram may show several pictured pieces in one SVG.
    let id = format!(
        "pnp-clip-{}",
        crate::base::hash::of(
            format!(
                "{} {} {} {} {} {outline:?}",
                picture.href, area.x, area.y, area.w, area.h
            )
            .as_bytes()
        ) as u64
    );
    Group::new()
        .add(ClipPath::new().set("id", id.as_str()).add(shape))
        .add(
            Group::new()
                .set("clip-path", format!("url(#{id})"))
                .add(image),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cover_fills_and_contain_fits() {
        // A 200 × 100 picture in a 50 × 50 box.
        assert_eq!(
            drawn_size(200.0, 100.0, Fit::Cover, 50.0, 50.0),
            (100.0, 50.0)
        );
        assert_eq!(
            drawn_size(200.0, 100.0, Fit::Contain, 50.0, 50.0),
            (50.0, 25.0)
        );
        assert_eq!(
            drawn_size(200.0, 100.0, Fit::Stretch, 50.0, 50.0),
            (50.0, 50.0)
        );
    }
}
