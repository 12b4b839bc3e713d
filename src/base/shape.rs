//! A piece's outline as `shape:` gives it: a rectangle (square, rounded corners), a circle, a
//! regular hexagon or polygon, or a custom outline as SVG path data. The geometry here is the
//! shape's own (its corners, its box for one length); `kinds::Outline` is the cut path made of it.
use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::{self, MapAccess, Visitor};
use std::borrow::Cow;
use std::f64::consts::PI;
use std::fmt;
use std::sync::Arc;

use crate::base::outline::PathOutline;
use vello_cpu::kurbo::{BezPath, PathEl, Shape as _};

/// The outline of a component's pieces (`shape:`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Shape {
    Square,
    Round,
    /// A rectangle with rounded corners (cards).
    Rounded,
    /// A regular hexagon, pointy or flat on top, sized across its flats or its corners.
    Hex {
        top: HexTop,
        across: Across,
    },
    /// A regular polygon of 3 to 12 sides standing on a flat side, sized across its flats (for
    /// an odd number of sides: from the bottom side to the opposite corner) or its corners.
    Polygon {
        sides: u8,
        across: Across,
    },
    /// A custom outline, SVG path data in the piece's millimetres.
    Path(Arc<CustomPath>),
}

/// Which way a hexagon points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum HexTop {
    /// A corner on top: rows of hexes interlock.
    Pointy,
    /// A flat side on top: columns of hexes interlock.
    Flat,
}

/// What the one length of a hexagon or polygon measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Across {
    /// Between opposite flat sides (for an odd number of sides, a side to the opposite corner).
    #[default]
    Flats,
    /// Between the corners farthest apart.
    Corners,
}

/// Most sides of a `polygon:`; above this it is a circle to the eye and the knife.
pub const MAX_SIDES: u8 = 12;
/// Longest `path:` (characters) and most segments in it.
pub const MAX_PATH_CHARS: usize = 20_000;
pub const MAX_PATH_SEGMENTS: usize = 1_000;

/// A custom outline: its text as written, and the closed path it describes (mm, origin at the
/// piece's top-left corner).
#[derive(Debug)]
pub struct CustomPath {
    pub source: String,
    pub outline: Arc<PathOutline>,
}

impl PartialEq for CustomPath {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}
impl Eq for CustomPath {}
impl std::hash::Hash for CustomPath {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.source.hash(state);
    }
}

/// The names `shape:` takes as a word.
pub const NAMES: &[&str] = &["square", "round", "rounded", "hex", "triangle", "octagon"];

impl Shape {
    /// A shape named by one word (`hex` is pointy, measured across flats).
    pub fn named(name: &str) -> Option<Shape> {
        Some(match name {
            "square" => Shape::Square,
            "round" => Shape::Round,
            "rounded" => Shape::Rounded,
            "hex" => Shape::Hex {
                top: HexTop::Pointy,
                across: Across::Flats,
            },
            "triangle" => Shape::polygon(3, Across::Flats),
            "octagon" => Shape::polygon(8, Across::Flats),
            _ => return None,
        })
    }

    /// A regular polygon of `sides`; six sides standing on one is a flat-topped hex.
    pub fn polygon(sides: u8, across: Across) -> Shape {
        match sides {
            6 => Shape::Hex {
                top: HexTop::Flat,
                across,
            },
            _ => Shape::Polygon { sides, across },
        }
    }

    /// Whether `size:` is one length that the shape measures (a hexagon, a polygon).
    pub fn is_regular(&self) -> bool {
        matches!(self, Shape::Hex { .. } | Shape::Polygon { .. })
    }

    /// The box (mm) of a hexagon or polygon whose `size:` is `length`: across flats or corners,
    /// as the shape says. `None` for the other shapes, whose box is their `size:`.
    pub fn piece_box(&self, length: f64) -> Option<(f64, f64)> {
        let (corners, across) = self.unit_corners()?;
        let (w, h) = extent(&corners);
        let measured = match across {
            Across::Flats => self.across_flats(w, h),
            Across::Corners => self.across_corners(w, h),
        };
        let k = length / measured;
        Some((w * k, h * k))
    }

    /// The corners of a hexagon or polygon drawn in a `w`×`h` box, clockwise.
    pub fn corners(&self, w: f64, h: f64) -> Option<Vec<(f64, f64)>> {
        let (corners, _) = self.unit_corners()?;
        let (uw, uh) = extent(&corners);
        Some(
            corners
                .into_iter()
                .map(|(x, y)| (x * w / uw, y * h / uh))
                .collect(),
        )
    }

    /// The distance across flats of a hexagon or polygon in a `w`×`h` box: its height, standing
    /// on a flat side (a pointy hex's width).
    pub fn across_flats(&self, w: f64, h: f64) -> f64 {
        match self {
            Shape::Hex {
                top: HexTop::Pointy,
                ..
            } => w,
            _ => h,
        }
    }

    /// The distance between the corners farthest apart of a hexagon or polygon in a `w`×`h` box.
    pub fn across_corners(&self, w: f64, h: f64) -> f64 {
        let Some(corners) = self.corners(w, h) else {
            return w.hypot(h);
        };
        let mut most: f64 = 0.0;
        for a in &corners {
            for b in &corners {
                most = most.max((a.0 - b.0).hypot(a.1 - b.1));
            }
        }
        most
    }

    /// The corners of the shape's polygon with a circumradius of 1, moved to start at (0, 0),
    /// and what its length measures.
    fn unit_corners(&self) -> Option<(Vec<(f64, f64)>, Across)> {
        let (sides, first, across) = match *self {
            // A corner straight up; a flat side up is the polygon of six standing on a side.
            Shape::Hex {
                top: HexTop::Pointy,
                across,
            } => (6, -PI / 2.0, across),
            Shape::Hex {
                top: HexTop::Flat,
                across,
            } => (6, -PI / 2.0 - PI / 6.0, across),
            // Standing on a flat side: the two bottom corners at ±π/n from straight down.
            Shape::Polygon { sides, across } => (sides, PI / 2.0 + PI / sides as f64, across),
            _ => return None,
        };
        let n = sides as f64;
        // y grows downwards: angles turn clockwise.
        let raw: Vec<(f64, f64)> = (0..sides)
            .map(|k| {
                let a = first + 2.0 * PI * k as f64 / n;
                (a.cos(), a.sin())
            })
            .collect();
        let x0 = raw.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let y0 = raw.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        // Rounding would leave the bottom side a hair off level.
        let snap = |v: f64| if v.abs() < 1e-12 { 0.0 } else { v };
        let corners = raw
            .into_iter()
            .map(|(x, y)| (snap(x - x0), snap(y - y0)))
            .collect();
        Some((corners, across))
    }

    /// What the cover calls a piece of this shape: "hexagonal", "octagonal"…; `None` for a
    /// rectangle or circle.
    pub fn adjective(&self) -> Option<&'static str> {
        Some(match self {
            Shape::Hex { .. } => "hexagonal",
            Shape::Polygon { sides, .. } => match sides {
                3 => "triangular",
                4 => "square",
                5 => "pentagonal",
                7 => "heptagonal",
                8 => "octagonal",
                9 => "nonagonal",
                10 => "decagonal",
                11 => "hendecagonal",
                _ => "dodecagonal",
            },
            Shape::Path(_) => "custom-shaped",
            _ => return None,
        })
    }
}

/// Width and height of points that start at (0, 0).
fn extent(points: &[(f64, f64)]) -> (f64, f64) {
    points
        .iter()
        .fold((0.0, 0.0), |(w, h), p| (f64::max(w, p.0), f64::max(h, p.1)))
}

/// Why a custom outline is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PathError {
    #[error("the path `{0}` is longer than the limit of {MAX_PATH_CHARS} characters")]
    TooLong(String),
    #[error(
        "the path `{0}` has an arc of radius {1:.3e}; an arc's radius is at most {max:e} (draw a nearly straight arc as a line, `L`)",
        max = crate::base::arcs::MAX_ARC_RADIUS
    )]
    HugeArc(String, f64),
    #[error(
        "`{0}` is not SVG path data ({1}): expected `M x y`, then `L`, `H`, `V`, `C`, `Q`, `A`… and `Z` to close it"
    )]
    NotPathData(String, String),
    #[error("the path `{0}` draws nothing")]
    Nothing(String),
    #[error(
        "the path `{0}` has {1} outlines (one `M` each): a piece is cut along one closed outline"
    )]
    Outlines(String, usize),
    #[error("the path `{0}` has {1} segments; the limit is {MAX_PATH_SEGMENTS}")]
    Segments(String, usize),
    #[error("the path `{0}` has a number too large to draw")]
    TooLarge(String),
    #[error(
        "the path `{path}` runs from ({}, {}) to ({}, {}) mm: a piece is at most {most} mm a side, and its path lies inside it, from its top-left corner",
        from.0, from.1, to.0, to.1, most = crate::base::units::MAX_LENGTH_MM
    )]
    Far {
        path: String,
        from: (String, String),
        to: (String, String),
    },
    #[error(
        "the path `{0}` is not closed: end it with `Z`, so that the cut comes back to where it starts"
    )]
    Open(String),
    #[error("the path `{0}` encloses {1:.2} mm²: a piece needs at least 1 mm²")]
    Small(String, f64),
}

impl CustomPath {
    /// Parses SVG path data: one closed outline of at most `MAX_PATH_SEGMENTS` segments.
    pub fn parse(source: &str) -> Result<CustomPath, PathError> {
        let shown = short(source).into_owned();
        if source.chars().count() > MAX_PATH_CHARS {
            return Err(PathError::TooLong(shown));
        }
        // Before kurbo turns arcs into curves: a huge radius would make millions of them.
        if let Some(r) = crate::base::arcs::largest_radius(source)
            && r > crate::base::arcs::MAX_ARC_RADIUS
        {
            return Err(PathError::HugeArc(shown, r));
        }
        let mut path = BezPath::from_svg(source)
            .map_err(|e| PathError::NotPathData(shown.clone(), e.to_string()))?;
        let els = path.elements();
        let starts = els
            .iter()
            .filter(|e| matches!(e, PathEl::MoveTo(_)))
            .count();
        if starts == 0 {
            return Err(PathError::Nothing(shown));
        }
        if starts > 1 {
            return Err(PathError::Outlines(shown, starts));
        }
        let segments = path.segments().count();
        if segments > MAX_PATH_SEGMENTS {
            return Err(PathError::Segments(shown, segments));
        }
        let finite = els.iter().all(|e| {
            e.end_point().is_none_or(|p| p.is_finite())
                && match e {
                    PathEl::QuadTo(a, _) => a.is_finite(),
                    PathEl::CurveTo(a, b, _) => a.is_finite() && b.is_finite(),
                    _ => true,
                }
        });
        if !finite {
            return Err(PathError::TooLarge(shown));
        }
        // Before it is measured (followed by lines to 0.05 mm, its largest square sought): one
        // 10^14 mm across, or an arc of radius 10^9 round a whole circle, took minutes or for
        // ever, only to be refused as larger than its piece.
        let b = path.bounding_box();
        let most = crate::base::units::MAX_LENGTH_MM;
        if b.x0 < -most || b.y0 < -most || b.x1 > most || b.y1 > most {
            let mm = |v: f64| match v.abs() < 1e6 {
                true => crate::base::units::n(v.round()),
                false => format!("{v:.1e}"),
            };
            return Err(PathError::Far {
                path: shown,
                from: (mm(b.x0), mm(b.y0)),
                to: (mm(b.x1), mm(b.y1)),
            });
        }
        if !matches!(els.last(), Some(PathEl::ClosePath)) {
            let first = els.first().and_then(|e| e.end_point());
            let last = els.last().and_then(|e| e.end_point());
            match (first, last) {
                (Some(a), Some(b)) if a.distance(b) < 1e-6 => path.close_path(),
                _ => return Err(PathError::Open(shown)),
            }
        }
        let area = path.area().abs();
        if area < 1.0 {
            return Err(PathError::Small(shown, area));
        }
        Ok(CustomPath {
            source: source.to_string(),
            outline: Arc::new(PathOutline::new(path)),
        })
    }

    /// Why the path does not fit a `w`×`h` piece, if it does not.
    pub fn outside(&self, w: f64, h: f64) -> Option<String> {
        let b = self.outline.path.bounding_box();
        // A hair of slack: `0.1` written for a tenth of a millimetre is not exactly a tenth.
        let e = 1e-6;
        (b.x0 < -e || b.y0 < -e || b.x1 > w + e || b.y1 > h + e).then(|| {
            // Coordinates may be zero or negative, to a hundredth of a millimetre.
            let mm = |v: f64| crate::base::units::n((v * 100.0).round() / 100.0);
            format!(
                "the path `{}` runs from ({}, {}) to ({}, {}) mm, outside the piece's {} × {} mm (`size:`): its origin is the piece's top-left corner",
                short(&self.source),
                mm(b.x0),
                mm(b.y0),
                mm(b.x1),
                mm(b.y1),
                mm(w),
                mm(h)
            )
        })
    }
}

/// A path as messages quote it: its first 40 characters.
fn short(source: &str) -> Cow<'_, str> {
    match source.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", source[..cut].trim_end()).into(),
        None => source.into(),
    }
}

/// Why `size:` does not suit a hexagon or polygon (two different lengths), if it does not.
pub fn size_problem(shape: &Shape, size: &crate::base::units::Size) -> Option<String> {
    let (w, h) = size.mm();
    if !shape.is_regular() || (w - h).abs() < 1e-9 {
        return None;
    }
    let what = match shape {
        Shape::Hex { .. } => "a hex",
        _ => "a regular polygon",
    };
    let across = match shape {
        Shape::Hex { across, .. } | Shape::Polygon { across, .. } => *across,
        _ => Across::Flats,
    };
    let measure = match across {
        Across::Flats => "across its flats",
        Across::Corners => "across its corners",
    };
    let mm = super::units::short_mm;
    Some(format!(
        "{what} is sized by one length, {measure} (`size: {}mm`), not {} × {} mm",
        mm(w),
        mm(w),
        mm(h)
    ))
}

impl<'de> Deserialize<'de> for Shape {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ShapeVisitor)
    }
}

struct ShapeVisitor;

impl<'de> Visitor<'de> for ShapeVisitor {
    type Value = Shape;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(
            "a shape: `square`, `round`, `rounded`, `hex`, `triangle`, `octagon`, `{hex: flat}`, `{polygon: 5}` or `{path: \"M0 0 L20 0 L10 15 Z\"}`",
        )
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Shape, E> {
        Shape::named(v).ok_or_else(|| E::unknown_variant(v, NAMES))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Shape, A::Error> {
        let mut shape: Option<(&'static str, Shape)> = None;
        let mut across: Option<Across> = None;
        while let Some(key) = map.next_key::<String>()? {
            let read = match key.as_str() {
                "hex" => {
                    let top: HexTop = map.next_value()?;
                    (
                        "hex",
                        Shape::Hex {
                            top,
                            across: Across::Flats,
                        },
                    )
                }
                "polygon" => {
                    let Sides(sides) = map.next_value()?;
                    ("polygon", Shape::polygon(sides, Across::Flats))
                }
                "path" => {
                    let Parsed(path) = map.next_value()?;
                    ("path", Shape::Path(Arc::new(path)))
                }
                "across" => {
                    across = Some(map.next_value()?);
                    continue;
                }
                other => {
                    return Err(de::Error::unknown_field(
                        other,
                        &["hex", "polygon", "path", "across"],
                    ));
                }
            };
            if let Some((first, _)) = shape.replace(read) {
                return Err(de::Error::custom(format!(
                    "a shape is one of `hex`, `polygon` or `path`, not both `{first}` and `{key}`"
                )));
            }
        }
        let Some((_, shape)) = shape else {
            return Err(de::Error::custom(
                "a shape written as a mapping needs `hex:`, `polygon:` or `path:`",
            ));
        };
        Ok(match (shape, across) {
            (shape, None) => shape,
            (Shape::Hex { top, .. }, Some(across)) => Shape::Hex { top, across },
            (Shape::Polygon { sides, .. }, Some(across)) => Shape::Polygon { sides, across },
            (Shape::Path(_), Some(_)) => {
                return Err(de::Error::custom(
                    "`across:` measures a hex or a polygon; a `path:` is drawn at its own size",
                ));
            }
            (other, Some(_)) => other,
        })
    }
}

/// `polygon: N`, from 3 to `MAX_SIDES`.
struct Sides(u8);

impl<'de> Deserialize<'de> for Sides {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = u64::deserialize(d)?;
        match u8::try_from(n) {
            Ok(n) if (3..=MAX_SIDES).contains(&n) => Ok(Sides(n)),
            _ => Err(de::Error::custom(format!(
                "a polygon has 3 to {MAX_SIDES} sides, not {n}"
            ))),
        }
    }
}

/// `path: "…"`, parsed.
struct Parsed(CustomPath);

impl<'de> Deserialize<'de> for Parsed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        CustomPath::parse(&text)
            .map(Parsed)
            .map_err(de::Error::custom)
    }
}

impl JsonSchema for Shape {
    fn schema_name() -> Cow<'static, str> {
        "Shape".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let across = serde_json::json!({
            "description": "What the one length of `size:` measures: `flats` (default; for an odd number of sides, a side to the opposite corner) or `corners`.",
            "enum": ["flats", "corners"],
        });
        schemars::json_schema!({
            "description": "The outline the piece is cut along: `square` (default; `rounded` for cards), `round`, `rounded`, `hex` (pointy top, `size:` across its flats), `triangle`, `octagon`; or `{hex: flat|pointy, across: flats|corners}`, `{polygon: 3 to 12, across: flats|corners}` (standing on a flat side), `{path: \"M0 0 L20 0 … Z\"}` (a custom outline, SVG path data in the piece's millimetres inside its `size:` box). Hexes and polygons are sized by one length.",
            "oneOf": [
                {"enum": NAMES},
                {
                    "type": "object",
                    "properties": {
                        "hex": {"enum": ["pointy", "flat"], "description": "Which way it points: a corner on top (`pointy`) or a flat side (`flat`)."},
                        "across": across,
                    },
                    "required": ["hex"],
                    "additionalProperties": false,
                },
                {
                    "type": "object",
                    "properties": {
                        "polygon": {"type": "integer", "minimum": 3, "maximum": MAX_SIDES, "description": "How many sides: a regular polygon standing on one."},
                        "across": across,
                    },
                    "required": ["polygon"],
                    "additionalProperties": false,
                },
                {
                    "type": "object",
                    "properties": {
                        "path": {"type": "string", "maxLength": MAX_PATH_CHARS, "description": "SVG path data in millimetres from the piece's top-left corner, one closed outline (`Z`) inside the `size:` box."},
                    },
                    "required": ["path"],
                    "additionalProperties": false,
                },
            ],
            "examples": ["hex", {"hex": "flat", "across": "corners"}, {"polygon": 8}],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn a_hex_s_box_is_its_flats_by_its_corners() {
        let pointy = Shape::named("hex").unwrap();
        let (w, h) = pointy.piece_box(30.0).unwrap();
        assert!(close(w, 30.0) && close(h, 60.0 / 3f64.sqrt()), "{w} × {h}");
        let flat = Shape::Hex {
            top: HexTop::Flat,
            across: Across::Corners,
        };
        let (w, h) = flat.piece_box(30.0).unwrap();
        assert!(close(w, 30.0) && close(h, 15.0 * 3f64.sqrt()), "{w} × {h}");
        assert!(close(flat.across_corners(w, h), 30.0));
        // The pointy hex: a corner at the middle of the top.
        let c = pointy.corners(w, h).unwrap();
        assert!(close(c[0].0, w / 2.0) && close(c[0].1, 0.0), "{c:?}");
    }

    #[test]
    fn polygons_stand_on_a_flat_side_and_measure_as_written() {
        for sides in 3..=MAX_SIDES {
            for across in [Across::Flats, Across::Corners] {
                let shape = Shape::polygon(sides, across);
                let (w, h) = shape.piece_box(40.0).unwrap();
                let c = shape.corners(w, h).unwrap();
                assert_eq!(c.len(), sides as usize);
                // Two corners on the bottom edge.
                assert_eq!(c.iter().filter(|p| close(p.1, h)).count(), 2, "{sides}");
                let measured = match across {
                    Across::Flats => shape.across_flats(w, h),
                    Across::Corners => shape.across_corners(w, h),
                };
                assert!(close(measured, 40.0), "{sides} {across:?}: {measured}");
            }
        }
        // A triangle 30 mm tall is a side of 30 / sin 60°.
        let t = Shape::named("triangle").unwrap();
        let (w, h) = t.piece_box(30.0).unwrap();
        assert!(close(h, 30.0) && close(w, 30.0 / (PI / 3.0).sin()));
    }

    #[test]
    fn a_custom_path_is_one_closed_outline() {
        let p = CustomPath::parse("M0 0 L20 0 L10 15 Z").unwrap();
        assert!(close(p.outline.path.area().abs(), 150.0));
        assert!(p.outside(20.0, 15.0).is_none());
        assert!(p.outside(19.0, 15.0).unwrap().contains("outside"));
        // Closed by coming back to the start.
        assert!(CustomPath::parse("M0 0 L20 0 L10 15 L0 0").is_ok());
        for (bad, why) in [
            ("M0 0 L20 0 L10 15", "not closed"),
            ("M0 0 L20 0 L10 15 Z M30 0 L40 0 L35 5 Z", "2 outlines"),
            ("M0 0 L20 0 X", "not SVG path data"),
            ("L20 0 Z", "not SVG path data"),
            ("M0 0 L0.1 0 L0 0.1 Z", "at least 1 mm²"),
            ("", "draws nothing"),
        ] {
            let e = CustomPath::parse(bad).unwrap_err().to_string();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }
}
