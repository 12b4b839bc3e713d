//! Spaces of any shape on a board (`spaces:`): a rectangle (its corners rounded or not), a
//! circle, an oval, a triangle, a polygon through given corners or an outline of SVG path data,
//! each named and placed at a point of the board (mm from its top-left corner, or the centre of
//! one of its grid's spaces), or a row of them a step apart, turned and mirrored as a race
//! game's quadrants need, and drawn in the board's styles. They are spaces as a grid's squares
//! are: marks name them, and the rules, setup diagrams and Tabletop Simulator's snap points
//! find them in the board's `Geometry`.
use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::{self, Visitor};
use serde_saphyr::{Location, Spanned};
use std::collections::BTreeMap;
use std::fmt;
use vello_cpu::kurbo::{self, Affine, BezPath, PathEl, Point, Shape as _};

use super::extras::{Extras, LINE_MM, Style};
use super::frame::Ring;
use super::marks::{self, Marked};
use crate::base::units::{Length, Size, n};
use crate::draw::canvas::Canvas;
use crate::kinds::Split;
use crate::kinds::face::{Art, DrawError};
use crate::kinds::spaces::{Geometry, STAR, Space, find};

/// Most spaces of any shape on one board, and in one row.
pub const MAX_SPACES: usize = 1000;
pub const MAX_ROW: usize = 400;
/// Most corners of a polygon.
pub const MAX_POINTS: usize = 1000;
/// Longest name of a space.
pub const MAX_NAME: usize = 24;
/// How far an outline may reach past the board's edge and still be on it (mm): a rounded
/// millimetre written in the YAML.
const SLACK_MM: f64 = 0.001;

/// The outline of a space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SpaceShape {
    /// A rectangle of `size:`, its corners rounded by `corner:`: a bar, a tray, a store.
    #[default]
    Rectangle,
    /// A circle, `size:` one length across: a pit, a hole.
    Circle,
    /// An oval (an ellipse) of `size:`: a sowing game's store.
    Oval,
    /// A triangle standing on its base, `size:` its base and its height: a race game's point
    /// (`turn: 180` points it down).
    Triangle,
    /// A polygon through `points:`, three or more corners.
    Polygon,
    /// An outline of SVG path data (`path:`), one closed line.
    Path,
}

impl SpaceShape {
    /// What the rules call a space of this shape.
    pub fn word(self) -> &'static str {
        match self {
            SpaceShape::Rectangle => "rectangle",
            SpaceShape::Circle => "circle",
            SpaceShape::Oval => "oval",
            SpaceShape::Triangle => "triangle",
            SpaceShape::Polygon => "polygon",
            SpaceShape::Path => "path",
        }
    }
}

/// A space of any shape (`name:`), or a row of them (`names:` and `step:`).
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShapedSpace {
    /// Its name: lowercase letters, digits and `_` (`bar`, `p13`, `north_store`), as marks,
    /// rules and setup diagrams call it.
    #[serde(default)]
    #[schemars(with = "Option<NameSchema>")]
    pub name: Option<Spanned<Name>>,
    /// A row of spaces, their names in order: a run (`13-18`, `p6-p1`) or a list (`[a, b, c]`,
    /// whose items may be runs). The first is at `at:`, each next one `step:` further.
    #[serde(default)]
    #[schemars(with = "Option<NamesSchema>")]
    pub names: Option<Spanned<Names>>,
    /// `rectangle` (default), `circle`, `oval`, `triangle`, `polygon` or `path`.
    #[serde(default)]
    #[schemars(with = "Option<SpaceShape>")]
    pub shape: Option<Spanned<SpaceShape>>,
    /// Its size before it is turned: a rectangle's or an oval's `40mm x 90mm`, a circle's
    /// `30mm` across, a triangle's base and height (`26mm x 100mm`).
    #[serde(default)]
    #[schemars(with = "Option<Size>")]
    pub size: Option<Spanned<Size>>,
    /// A rectangle's rounded corners: their radius (`6mm`).
    #[serde(default)]
    #[schemars(with = "Option<Length>")]
    pub corner: Option<Spanned<Length>>,
    /// A polygon's corners in order, mm from the board's top-left corner (`[[0, 0], [30, 0],
    /// [15, 40]]`); with `at:`, moved so that their middle is there.
    #[serde(default)]
    #[schemars(with = "Option<Vec<[f64; 2]>>")]
    pub points: Option<Spanned<Vec<[f64; 2]>>>,
    /// A path's outline: SVG path data in mm from the board's top-left corner (`M0 0 H30 V20
    /// Z`), one closed line; with `at:`, moved so that its middle is there.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub path: Option<Spanned<String>>,
    /// Where its middle is: `[x, y]` mm from the board's top-left corner, or the name of a
    /// space of the board's grid (`e5`). A row's first space.
    #[serde(default)]
    #[schemars(with = "Option<AtSchema>")]
    pub at: Option<Spanned<At>>,
    /// A row's step from one space's middle to the next's: `[x, y]` mm (`[26, 0]` to the right).
    #[serde(default)]
    #[schemars(with = "Option<[f64; 2]>")]
    pub step: Option<Spanned<[f64; 2]>>,
    /// Turned this many degrees clockwise about its middle (`180`: a triangle points down).
    #[serde(default)]
    #[schemars(with = "Option<f64>")]
    pub turn: Option<Spanned<f64>>,
    /// Turned over left to right (before it is turned).
    #[serde(default)]
    pub mirror: bool,
    /// Its style, one of the board's `styles:` (`dark`), or a list a row takes in turn
    /// (`[dark, light]`): its fill, symbol, label, ink and outline.
    #[serde(default)]
    #[schemars(with = "Option<StyleSchema>")]
    pub style: Option<Spanned<StyleList>>,
    /// `name`: each space prints its own name inside it (`13`, `bar`), as large as fits; above
    /// its style's symbol or label when it has one.
    #[serde(default)]
    #[schemars(with = "Option<Show>")]
    pub show: Option<Spanned<Show>>,
}

/// What a space prints of itself besides its style.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Show {
    /// Its name.
    Name,
}

/// A name as written: text or a number (`13`).
#[derive(Debug, Clone, PartialEq)]
pub struct Name(pub String);

/// The names of a row as written: one text (a name or a run) or a list of them.
#[derive(Debug, Clone, PartialEq)]
pub struct Names(pub Vec<String>);

/// Where a space's middle is.
#[derive(Debug, Clone, PartialEq)]
pub enum At {
    /// mm from the board's top-left corner.
    Mm(f64, f64),
    /// The middle of a space of the board's grid.
    Space(String),
}

/// A space's name: lowercase letters, digits and `_`, or a number.
#[derive(JsonSchema)]
#[schemars(untagged, rename = "SpaceName")]
#[allow(dead_code)]
enum NameSchema {
    Text(String),
    Number(u32),
}

/// A row's names in order: a run (`13-18`, `p6-p1`) or a list of names and runs.
#[derive(JsonSchema)]
#[schemars(untagged, rename = "SpaceNames")]
#[allow(dead_code)]
enum NamesSchema {
    One(NameSchema),
    List(Vec<NameSchema>),
}

/// Where a space's middle is: `[x, y]` mm from the board's top-left corner, or a grid space's
/// name (`e5`).
#[derive(JsonSchema)]
#[schemars(untagged, rename = "SpaceAt")]
#[allow(dead_code)]
enum AtSchema {
    Mm([f64; 2]),
    Space(String),
}

/// A style of the board (`dark`), or a list a row takes in turn (`[dark, light]`).
#[derive(JsonSchema)]
#[schemars(untagged, rename = "SpaceStyle")]
#[allow(dead_code)]
enum StyleSchema {
    One(String),
    Cycle(Vec<String>),
}

/// A text or an integer, as a text.
struct Word;

impl Visitor<'_> for Word {
    type Value = String;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a space's name (`bar`, `p13`, `13`)")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
        Ok(v.to_string())
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<String, E> {
        Ok(v.to_string())
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<String, E> {
        Ok(v.to_string())
    }
}

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(Word).map(Name)
    }
}

impl<'de> Deserialize<'de> for Names {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct List;
        impl<'de> Visitor<'de> for List {
            type Value = Names;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a row's names: a run (`13-18`, `p1-p6`) or a list of names")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Names, E> {
                Ok(Names(vec![v.to_string()]))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Names, E> {
                Ok(Names(vec![v.to_string()]))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Names, A::Error> {
                let mut out = Vec::new();
                while let Some(Name(name)) = seq.next_element()? {
                    if out.len() > MAX_ROW {
                        return Err(de::Error::custom(format!(
                            "a row has at most {MAX_ROW} spaces"
                        )));
                    }
                    out.push(name);
                }
                Ok(Names(out))
            }
        }
        d.deserialize_any(List)
    }
}

impl<'de> Deserialize<'de> for At {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Place;
        impl<'de> Visitor<'de> for Place {
            type Value = At;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "where the space's middle is: `[x, y]` mm from the board's top-left corner, or a space of its grid (`e5`)",
                )
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<At, E> {
                Ok(At::Space(v.to_string()))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<At, A::Error> {
                let mut next = || -> Result<f64, A::Error> {
                    seq.next_element::<f64>()?
                        .ok_or_else(|| de::Error::custom("`at:` is `[x, y]`, two numbers (mm)"))
                };
                let (x, y) = (next()?, next()?);
                if seq.next_element::<de::IgnoredAny>()?.is_some() {
                    return Err(de::Error::custom("`at:` is `[x, y]`, two numbers (mm)"));
                }
                Ok(At::Mm(x, y))
            }
        }
        d.deserialize_any(Place)
    }
}

/// The styles of a space or a row as written: `style: dark` or `style: [dark, light]`.
#[derive(Debug, Clone, PartialEq)]
pub struct StyleList(pub Vec<String>);

impl<'de> Deserialize<'de> for StyleList {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(Styles).map(StyleList)
    }
}

struct Styles;
impl<'de> Visitor<'de> for Styles {
    type Value = Vec<String>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a style (`dark`) or a list a row takes in turn (`[dark, light]`)")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Vec<String>, E> {
        Ok(vec![v.to_string()])
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
        let mut out = Vec::new();
        while let Some(s) = seq.next_element::<String>()? {
            if out.len() >= MAX_ROW {
                return Err(de::Error::custom(format!(
                    "a style list takes at most {MAX_ROW} styles"
                )));
            }
            out.push(s);
        }
        Ok(out)
    }
}

/// A space of any shape where it lies on the board (mm from its top-left corner).
#[derive(Debug, Clone)]
pub struct Placed {
    pub name: String,
    pub shape: SpaceShape,
    /// Its middle: the middle of its box before it is turned.
    pub x: f64,
    pub y: f64,
    /// Its outline as SVG path data, exact: arcs for its round parts.
    pub d: String,
    /// Its outline followed by straight lines (to 0.02 mm), for measuring.
    pub corners: Vec<(f64, f64)>,
    /// Its box, turned: left, top, right, bottom.
    pub bounds: (f64, f64, f64, f64),
    /// The side of the square about its middle that its symbol and label take.
    pub room: f64,
    /// The style `style:` gives it.
    pub style: Option<String>,
    /// Whether it prints its name (`show: name`).
    pub show_name: bool,
}

/// A problem with a space, at its place in the YAML.
type Problem = (Location, String);

/// Whether `name` may name a space.
fn is_name(name: &str) -> bool {
    (1..=MAX_NAME).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// The names a run such as `13-18`, `p6-p1` stands for (a text without `-` stands for
/// itself).
fn expand(text: &str) -> Result<Vec<String>, String> {
    let Some((from, to)) = text.split_once('-') else {
        return Ok(vec![text.to_string()]);
    };
    let split = |s: &str| {
        let s = s.trim();
        let digits = s.len() - s.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let (prefix, number) = s.split_at(s.len() - digits);
        Some((prefix.to_string(), number.parse::<u32>().ok()?))
    };
    let bad = || {
        format!(
            "`{text}`: expected a run such as `1-6` or `p13-p18` (the same letters, numbers from the first to the last)"
        )
    };
    let (Some((p, a)), Some((q, b))) = (split(from), split(to)) else {
        return Err(bad());
    };
    if p != q {
        return Err(bad());
    }
    if a.abs_diff(b) as usize >= MAX_ROW {
        return Err(format!("`{text}` names more than {MAX_ROW} spaces"));
    }
    let numbers: Vec<u32> = match a <= b {
        true => (a..=b).collect(),
        false => (b..=a).rev().collect(),
    };
    Ok(numbers.into_iter().map(|k| format!("{p}{k}")).collect())
}

/// The shape of a space about its middle (0, 0), before it is turned.
enum Local {
    /// Corners in order: a rectangle, a triangle, a polygon.
    Corners(Vec<Point>),
    Rounded {
        w: f64,
        h: f64,
        r: f64,
    },
    Ellipse {
        rx: f64,
        ry: f64,
    },
    Path(BezPath),
}

impl ShapedSpace {
    fn shape(&self) -> SpaceShape {
        self.shape
            .as_ref()
            .map_or(SpaceShape::default(), |s| s.value)
    }

    /// Where a problem with its shape is told: at its `shape:`, else at the entry.
    fn shape_at(&self, entry: Location) -> Location {
        self.shape.as_ref().map_or(entry, |s| s.referenced)
    }

    /// The names of its spaces in order.
    fn names(&self, entry: Location) -> Result<(Vec<String>, Location), Problem> {
        let (texts, at) = match (&self.name, &self.names) {
            (Some(_), Some(names)) => {
                return Err((
                    names.referenced,
                    "give `name:` for one space or `names:` for a row, not both".into(),
                ));
            }
            (Some(name), None) => (vec![name.value.0.clone()], name.referenced),
            (None, Some(names)) => {
                let mut out = Vec::new();
                for text in &names.value.0 {
                    out.extend(expand(text).map_err(|e| (names.referenced, e))?);
                    if out.len() > MAX_ROW {
                        return Err((
                            names.referenced,
                            format!("a row has at most {MAX_ROW} spaces"),
                        ));
                    }
                }
                (out, names.referenced)
            }
            (None, None) => {
                return Err((
                    entry,
                    "a space needs a `name:` (or `names:` for a row of them)".into(),
                ));
            }
        };
        if texts.is_empty() {
            return Err((at, "a row needs at least one name".into()));
        }
        if let Some(bad) = texts.iter().find(|t| !is_name(t)) {
            return Err((
                at,
                format!(
                    "`{bad}` cannot name a space: a name is 1 to {MAX_NAME} lowercase letters, digits and `_` (`bar`, `p13`, `north_store`)"
                ),
            ));
        }
        Ok((texts, at))
    }

    /// Refuses the keys its shape does not take.
    fn stray_keys(&self) -> Result<(), Problem> {
        let shape = self.shape();
        let word = shape.word();
        let takes_size = !matches!(shape, SpaceShape::Polygon | SpaceShape::Path);
        let stray = |key: &str, loc: Location, what: &str| -> Problem {
            (loc, format!("a {word} space takes no `{key}:` ({what})"))
        };
        if let (false, Some(s)) = (takes_size, &self.size) {
            return Err(stray(
                "size",
                s.referenced,
                "it is as large as its points or its path",
            ));
        }
        if let (false, Some(c)) = (shape == SpaceShape::Rectangle, &self.corner) {
            return Err(stray(
                "corner",
                c.referenced,
                "only a rectangle's corners round",
            ));
        }
        if let (false, Some(p)) = (shape == SpaceShape::Polygon, &self.points) {
            return Err(stray(
                "points",
                p.referenced,
                "`shape: polygon` goes through points",
            ));
        }
        if let (false, Some(p)) = (shape == SpaceShape::Path, &self.path) {
            return Err(stray("path", p.referenced, "`shape: path` follows a path"));
        }
        Ok(())
    }

    /// Its shape about its middle, and the middle of its points or path where they lie.
    fn local(&self, entry: Location) -> Result<(Local, Option<Point>), Problem> {
        let shape = self.shape();
        let word = shape.word();
        let size = |what: &str| -> Result<(f64, f64), Problem> {
            let s = self.size.as_ref().ok_or_else(|| {
                (
                    self.shape_at(entry),
                    format!("a {word} space needs `size:`, {what}"),
                )
            })?;
            Ok(s.value.mm())
        };
        Ok(match shape {
            SpaceShape::Rectangle => {
                let (w, h) = size("its width and height (`30mm x 60mm`)")?;
                let r = self.corner.as_ref().map_or(0.0, |c| c.value.mm());
                if let Some(c) = &self.corner
                    && r > w.min(h) / 2.0 + 1e-9
                {
                    return Err((
                        c.referenced,
                        format!(
                            "a corner of {} mm does not fit a {} × {} mm rectangle: at most half its shorter side ({} mm)",
                            n(r),
                            n(w),
                            n(h),
                            n(w.min(h) / 2.0)
                        ),
                    ));
                }
                match r > 0.0 {
                    true => (Local::Rounded { w, h, r }, None),
                    false => (Local::Corners(box_corners(w, h)), None),
                }
            }
            SpaceShape::Circle | SpaceShape::Oval => {
                let circle = shape == SpaceShape::Circle;
                let (w, h) = size(match circle {
                    true => "one length across (`30mm`)",
                    false => "its width and height (`40mm x 90mm`)",
                })?;
                if circle && (w - h).abs() > 1e-9 {
                    let at = self.size.as_ref().map_or(entry, |s| s.referenced);
                    return Err((
                        at,
                        format!(
                            "a circle is one length across (`size: {}mm`), not {} × {} mm: `shape: oval` draws an oval",
                            n(w),
                            n(w),
                            n(h)
                        ),
                    ));
                }
                (
                    Local::Ellipse {
                        rx: w / 2.0,
                        ry: h / 2.0,
                    },
                    None,
                )
            }
            SpaceShape::Triangle => {
                let (w, h) = size("its base and its height (`26mm x 100mm`)")?;
                let (x, y) = (w / 2.0, h / 2.0);
                (
                    Local::Corners(vec![
                        Point::new(0.0, -y),
                        Point::new(x, y),
                        Point::new(-x, y),
                    ]),
                    None,
                )
            }
            SpaceShape::Polygon => {
                let Some(points) = &self.points else {
                    return Err((
                        self.shape_at(entry),
                        "a polygon space needs `points:`, its corners in order (`[[0, 0], [30, 0], [15, 40]]`)".into(),
                    ));
                };
                let p = &points.value;
                let problem = |m: String| (points.referenced, m);
                if p.len() < 3 {
                    return Err(problem(format!(
                        "a polygon has at least 3 corners; `points:` gives {}",
                        p.len()
                    )));
                }
                if p.len() > MAX_POINTS {
                    return Err(problem(format!(
                        "a polygon has at most {MAX_POINTS} corners; `points:` gives {}",
                        p.len()
                    )));
                }
                let most = crate::base::units::MAX_LENGTH_MM;
                if let Some(q) = p
                    .iter()
                    .find(|q| !q.iter().all(|v| v.is_finite() && v.abs() <= most))
                {
                    return Err(problem(format!(
                        "the corner [{}, {}] is not a place on a board (at most {most} mm)",
                        q[0], q[1]
                    )));
                }
                let twice: f64 = (0..p.len())
                    .map(|i| {
                        let (a, b) = (p[i], p[(i + 1) % p.len()]);
                        a[0] * b[1] - b[0] * a[1]
                    })
                    .sum();
                if twice.abs() / 2.0 < 1.0 {
                    return Err(problem(format!(
                        "these {} corners enclose {:.2} mm²: a space needs at least 1 mm²",
                        p.len(),
                        twice.abs() / 2.0
                    )));
                }
                let (x0, y0, x1, y1) = extent(p.iter().map(|q| (q[0], q[1])));
                let mid = Point::new((x0 + x1) / 2.0, (y0 + y1) / 2.0);
                let corners = p
                    .iter()
                    .map(|q| Point::new(q[0] - mid.x, q[1] - mid.y))
                    .collect();
                (Local::Corners(corners), Some(mid))
            }
            SpaceShape::Path => {
                let Some(path) = &self.path else {
                    return Err((
                        self.shape_at(entry),
                        "a path space needs `path:`, SVG path data in mm from the board's top-left corner (`M0 0 H30 V20 Z`)".into(),
                    ));
                };
                let parsed = crate::base::shape::CustomPath::parse(&path.value)
                    .map_err(|e| (path.referenced, e.to_string()))?;
                let mut p = parsed.outline.path.clone();
                let b = p.bounding_box();
                let mid = b.center();
                p.apply_affine(Affine::translate((-mid.x, -mid.y)));
                (Local::Path(p), Some(mid))
            }
        })
    }

    /// Its spaces where they lie on a board whose grid has `grid`'s spaces.
    pub fn place(&self, entry: Location, grid: &[Space]) -> Result<Vec<Placed>, Problem> {
        let (names, names_at) = self.names(entry)?;
        self.stray_keys()?;
        let (local, own) = self.local(entry)?;
        let middle = match (&self.at, own) {
            (Some(at), _) => match &at.value {
                At::Mm(x, y) => {
                    let most = crate::base::units::MAX_LENGTH_MM;
                    if !(x.is_finite() && y.is_finite() && x.abs() <= most && y.abs() <= most) {
                        return Err((
                            at.referenced,
                            format!("[{x}, {y}] is not a place on a board"),
                        ));
                    }
                    Point::new(*x, *y)
                }
                At::Space(name) => {
                    let i = match grid.is_empty() {
                        true => None,
                        false => find(grid, name),
                    };
                    let Some(i) = i else {
                        let why = match grid.is_empty() {
                            true => "this board has no grid: give `at: [x, y]`, mm from its top-left corner".to_string(),
                            false => format!(
                                "no space `{name}` on the board's grid: give one of its spaces (from {} to {}) or `[x, y]`, mm from its top-left corner",
                                grid.first().map_or("", |s| s.name.as_str()),
                                grid.last().map_or("", |s| s.name.as_str())
                            ),
                        };
                        return Err((at.referenced, format!("`at: {name}`: {why}")));
                    };
                    Point::new(grid[i].x, grid[i].y)
                }
            },
            (None, Some(own)) => own,
            (None, None) => {
                return Err((
                    self.shape_at(entry),
                    format!(
                        "a {} space needs `at: [x, y]`, where its middle is (mm from the board's top-left corner)",
                        self.shape().word()
                    ),
                ));
            }
        };
        let step = match (&self.step, names.len()) {
            (Some(step), 1) => {
                return Err((
                    step.referenced,
                    "one space takes no `step:`: it goes from a row's space to the next (`names: 1-6`)".into(),
                ));
            }
            (None, k) if k > 1 => {
                return Err((
                    names_at,
                    format!(
                        "a row of {k} spaces needs `step: [x, y]`, the mm from one's middle to the next's"
                    ),
                ));
            }
            (Some(step), _) => {
                let [x, y] = step.value;
                if !(x.is_finite() && y.is_finite()) {
                    return Err((step.referenced, "`step:` is two numbers (mm)".into()));
                }
                (x, y)
            }
            (None, _) => (0.0, 0.0),
        };
        let turn = self.turn.as_ref().map_or(0.0, |t| t.value);
        if let Some(t) = &self.turn
            && !t.value.is_finite()
        {
            return Err((t.referenced, "`turn:` is a number of degrees".into()));
        }
        if let Some(styles) = &self.style
            && styles.value.0.is_empty()
        {
            return Err((
                styles.referenced,
                "`style:` names at least one style".into(),
            ));
        }
        let style_of = |k: usize| {
            self.style
                .as_ref()
                .map(|s| s.value.0[k % s.value.0.len()].clone())
        };
        Ok(names
            .into_iter()
            .enumerate()
            .map(|(k, name)| {
                let centre = Point::new(middle.x + k as f64 * step.0, middle.y + k as f64 * step.1);
                let placed = place(&local, centre, turn, self.mirror);
                Placed {
                    name,
                    shape: self.shape(),
                    style: style_of(k),
                    show_name: self.show.as_ref().is_some_and(|s| s.value == Show::Name),
                    ..placed
                }
            })
            .collect())
    }
}

/// The corners of a `w`×`h` box about (0, 0), clockwise from the top left (y down).
fn box_corners(w: f64, h: f64) -> Vec<Point> {
    let (x, y) = (w / 2.0, h / 2.0);
    vec![
        Point::new(-x, -y),
        Point::new(x, -y),
        Point::new(x, y),
        Point::new(-x, y),
    ]
}

/// The box of some points: left, top, right, bottom.
fn extent(points: impl Iterator<Item = (f64, f64)>) -> (f64, f64, f64, f64) {
    points.fold(
        (
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ),
        |(a, b, c, d), (x, y)| (a.min(x), b.min(y), c.max(x), d.max(y)),
    )
}

/// A shape placed with its middle at `centre`, turned over first when `mirror`, then turned
/// `turn` degrees clockwise (y runs down).
fn place(local: &Local, centre: Point, turn: f64, mirror: bool) -> Placed {
    let flip = match mirror {
        true => Affine::FLIP_X,
        false => Affine::IDENTITY,
    };
    // Quarter turns exactly: a triangle turned 180° has its apex exactly below its middle.
    let (sin, cos) = match turn.rem_euclid(360.0) {
        0.0 => (0.0, 1.0),
        90.0 => (1.0, 0.0),
        180.0 => (0.0, -1.0),
        270.0 => (-1.0, 0.0),
        t => t.to_radians().sin_cos(),
    };
    let rotate = Affine::new([cos, sin, -sin, cos, 0.0, 0.0]);
    let to_board = Affine::translate(centre.to_vec2()) * rotate * flip;
    let pt = |p: Point| to_board * p;
    let xy = |p: Point| format!("{} {}", n(p.x), n(p.y));
    // An arc's direction on the page: turned over, it runs the other way.
    let sweep = u8::from(!mirror);
    let (d, path, bounds) = match local {
        Local::Corners(corners) => {
            let corners: Vec<(f64, f64)> = corners.iter().map(|&p| pt(p).into()).collect();
            let d = marks::closed_path(corners.iter().copied());
            let path = crate::base::outline::polygon_path(&corners);
            (d, path, extent(corners.into_iter()))
        }
        Local::Rounded { w, h, r } => {
            let (x, y, r) = (w / 2.0, h / 2.0, *r);
            let at = |a: f64, b: f64| xy(pt(Point::new(a, b)));
            let arc = |a: f64, b: f64| format!("A{} {} 0 0 {sweep} {}", n(r), n(r), at(a, b));
            let d = format!(
                "M{}L{}{}L{}{}L{}{}L{}{}Z",
                at(-x + r, -y),
                at(x - r, -y),
                arc(x, -y + r),
                at(x, y - r),
                arc(x - r, y),
                at(-x + r, y),
                arc(-x, y - r),
                at(-x, -y + r),
                arc(-x + r, -y),
            );
            let mut path = kurbo::RoundedRect::new(-x, -y, x, y, r).to_path(1e-4);
            path.apply_affine(to_board);
            let b = path.bounding_box();
            (d, path, (b.x0, b.y0, b.x1, b.y1))
        }
        Local::Ellipse { rx, ry } => {
            let (rx, ry) = (*rx, *ry);
            let ends = [(rx, 0.0), (0.0, ry), (-rx, 0.0), (0.0, -ry)];
            let mut d = format!("M{}", xy(pt(Point::new(rx, 0.0))));
            let tilt = n(turn.rem_euclid(180.0));
            for k in 1..=4 {
                let (a, b) = ends[k % 4];
                d.push_str(&format!(
                    "A{} {} {tilt} 0 {sweep} {}",
                    n(rx),
                    n(ry),
                    xy(pt(Point::new(a, b)))
                ));
            }
            d.push('Z');
            let mut path = kurbo::Ellipse::new((0.0, 0.0), (rx, ry), 0.0).to_path(1e-4);
            path.apply_affine(to_board);
            // Exactly, not from the curves that follow it.
            let hx = (rx * cos).hypot(ry * sin);
            let hy = (rx * sin).hypot(ry * cos);
            let bounds = (centre.x - hx, centre.y - hy, centre.x + hx, centre.y + hy);
            (d, path, bounds)
        }
        Local::Path(p) => {
            let mut path = p.clone();
            path.apply_affine(to_board);
            let mut d = String::new();
            for el in path.elements() {
                match el {
                    PathEl::MoveTo(p) => d.push_str(&format!("M{}", xy(*p))),
                    PathEl::LineTo(p) => d.push_str(&format!("L{}", xy(*p))),
                    PathEl::QuadTo(a, p) => d.push_str(&format!("Q{} {}", xy(*a), xy(*p))),
                    PathEl::CurveTo(a, b, p) => {
                        d.push_str(&format!("C{} {} {}", xy(*a), xy(*b), xy(*p)))
                    }
                    PathEl::ClosePath => d.push('Z'),
                }
            }
            let b = path.bounding_box();
            (d, path, (b.x0, b.y0, b.x1, b.y1))
        }
    };
    let mut corners = Vec::new();
    kurbo::flatten(path.iter(), 0.02, |el| match el {
        PathEl::MoveTo(p) | PathEl::LineTo(p) => corners.push((p.x, p.y)),
        _ => {}
    });
    if corners.len() > 1 && corners.first() == corners.last() {
        corners.pop();
    }
    let most = (bounds.2 - bounds.0).min(bounds.3 - bounds.1) / 2.0;
    let room = 2.0 * crate::base::outline::largest_about(&corners, (centre.x, centre.y), most);
    Placed {
        name: String::new(),
        shape: SpaceShape::default(),
        x: centre.x,
        y: centre.y,
        d,
        corners,
        bounds,
        room,
        style: None,
        show_name: false,
    }
}

/// The spaces of `spaces` where they lie on a board whose grid has `grid`'s spaces, leaving
/// out those `check` refuses.
pub fn place_all(spaces: &[Spanned<ShapedSpace>], grid: &[Space]) -> Vec<Placed> {
    let mut out = Vec::new();
    for entry in spaces {
        if let Ok(placed) = entry.value.place(entry.referenced, grid) {
            if out.len() + placed.len() > MAX_SPACES {
                break;
            }
            out.extend(placed);
        }
    }
    out
}

/// Checks a board's marks, track and areas (`extras`, over its `geometry`), then its spaces of
/// any shape (`check`) on a board `w`×`h` mm whose grid has `grid`'s spaces: the problems and
/// warnings located in `cx`'s file.
pub fn check_in(
    cx: &mut crate::kinds::CheckCx,
    extras: &Extras,
    geometry: &Geometry,
    spaces: &[Spanned<ShapedSpace>],
    grid: &[Space],
    (w, h): (f64, f64),
) {
    use crate::base::diagnostic::Diagnostic;
    super::extras::check(cx, extras, geometry);
    let id = cx.component.id.value.clone();
    let (problems, warnings) = check(spaces, &id, (w, h), grid, geometry, extras);
    for (at, message) in problems {
        cx.problems.push(Diagnostic::located(cx.file, at, message));
    }
    for (at, message) in warnings {
        cx.problems
            .push(Diagnostic::located(cx.file, at, message).warning());
    }
}

/// Checks the spaces of any shape of board `id`, `w`×`h` mm: each named once among all the
/// board's spaces (its grid's, `grid`, and its track's), of a shape it describes fully, in
/// styles the board defines, and on the board (the problems); and that no two of them overlap
/// (the warnings: the board still prints, but a piece on one stands on the other).
fn check(
    spaces: &[Spanned<ShapedSpace>],
    id: &str,
    (w, h): (f64, f64),
    grid: &[Space],
    geometry: &Geometry,
    extras: &Extras,
) -> (Vec<Problem>, Vec<Problem>) {
    let (noun, track, styles) = (geometry.noun, &geometry.track, extras.styles);
    let (mut problems, mut warnings) = (Vec::new(), Vec::new());
    let mut named: BTreeMap<String, String> = grid
        .iter()
        .map(|s| (s.name.clone(), format!("a {noun} of its grid")))
        .chain(
            track
                .iter()
                .map(|s| (s.name.clone(), "a space of its track".to_string())),
        )
        .collect();
    let mut count = 0;
    // Each entry's spaces, with where the entry names them, for the overlaps.
    let mut rows: Vec<(Location, Vec<Placed>)> = Vec::new();
    for entry in spaces {
        let s = &entry.value;
        let placed = match s.place(entry.referenced, grid) {
            Ok(placed) => placed,
            Err(problem) => {
                problems.push(problem);
                continue;
            }
        };
        count += placed.len();
        if count > MAX_SPACES {
            problems.push((
                entry.referenced,
                format!("a board has at most {MAX_SPACES} spaces of any shape"),
            ));
            return (problems, warnings);
        }
        let names_at = s
            .names(entry.referenced)
            .map_or(entry.referenced, |(_, at)| at);
        for p in &placed {
            if let Some(other) = named.insert(p.name.clone(), "another space".to_string()) {
                problems.push((
                    names_at,
                    format!(
                        "`{}` already names {other} of board `{id}`: a space's name is its own",
                        p.name
                    ),
                ));
            }
        }
        if let Some(list) = &s.style {
            for style in &list.value.0 {
                if style != STAR && !styles.contains_key(style) {
                    let mut known: Vec<String> = styles.keys().map(|k| format!("`{k}`")).collect();
                    known.push(format!("`{STAR}`"));
                    let names = styles.keys().map(String::as_str).chain([STAR]);
                    let hint = crate::base::diagnostic::did_you_mean(style, names);
                    problems.push((
                        list.referenced,
                        format!(
                            "no style `{style}` on board `{id}`: expected one of {} (define it under `styles:`){hint}",
                            known.join(", ")
                        ),
                    ));
                }
            }
        }
        for (k, p) in placed.iter().enumerate() {
            let (x0, y0, x1, y1) = p.bounds;
            let past = [
                (-x0, "left"),
                (-y0, "top"),
                (x1 - w, "right"),
                (y1 - h, "bottom"),
            ]
            .into_iter()
            .filter(|(by, _)| *by > SLACK_MM)
            .max_by(|a, b| a.0.total_cmp(&b.0));
            let Some((by, edge)) = past else {
                continue;
            };
            // The row's later spaces run off by its step; the first by where it is.
            let at = match (k, &s.step, &s.at) {
                (1.., Some(step), _) => step.referenced,
                (_, _, Some(at)) => at.referenced,
                _ => s
                    .points
                    .as_ref()
                    .map(|p| p.referenced)
                    .or(s.path.as_ref().map(|p| p.referenced))
                    .unwrap_or(entry.referenced),
            };
            let which = match placed.len() {
                1 => String::new(),
                _ => format!(" ({} of its row)", ordinal(k + 1)),
            };
            problems.push((
                at,
                format!(
                    "space `{}`{which} reaches {} mm past the {edge} edge of board `{id}`: it spans {} to {} mm across and {} to {} mm down, on a board {} × {} mm",
                    p.name,
                    n(by),
                    n(x0),
                    n(x1),
                    n(y0),
                    n(y1),
                    n(w),
                    n(h)
                ),
            ));
            break;
        }
        rows.push((names_at, placed));
    }
    overlaps(&mut warnings, &rows, id);
    (problems, warnings)
}

/// How deep two spaces may overlap and still be taken to touch (mm): their outlines are
/// followed to 0.02 mm, and a rounded millimetre written in the YAML.
const TOUCH_MM: f64 = 0.05;
/// Most points of one outline measured against another: a long outline is followed coarser.
const MAX_SAMPLES: usize = 2000;
/// Most point-against-edge measurements for all the overlaps of one board, so that a board of
/// a thousand intricate spaces is checked in bounded time.
const OVERLAP_BUDGET: u64 = 200_000_000;

/// Warns of spaces of any shape that overlap: one warning for each two entries (or one row)
/// whose spaces overlap, at the later entry's names, naming the two spaces that overlap
/// deepest and by how much.
fn overlaps(warnings: &mut Vec<Problem>, rows: &[(Location, Vec<Placed>)], id: &str) {
    let all: Vec<(usize, &Placed)> = rows
        .iter()
        .enumerate()
        .flat_map(|(r, (_, placed))| placed.iter().map(move |p| (r, p)))
        .collect();
    // (earlier entry, later entry) → the deepest pair, its depth, how many pairs.
    let mut found: BTreeMap<(usize, usize), (String, String, f64, usize)> = BTreeMap::new();
    let mut budget = OVERLAP_BUDGET;
    // Whether the budget ran out: the counts are then the least there are.
    let mut spent = false;
    'outer: for (i, &(ra, a)) in all.iter().enumerate() {
        for &(rb, b) in &all[i + 1..] {
            let (ax0, ay0, ax1, ay1) = a.bounds;
            let (bx0, by0, bx1, by1) = b.bounds;
            if ax1.min(bx1) - ax0.max(bx0) <= TOUCH_MM || ay1.min(by1) - ay0.max(by0) <= TOUCH_MM {
                continue;
            }
            let Some(depth) = overlap(&a.corners, &b.corners, &mut budget) else {
                spent = true;
                break 'outer;
            };
            if depth <= TOUCH_MM {
                continue;
            }
            let e = found
                .entry((ra, rb))
                .or_insert_with(|| (a.name.clone(), b.name.clone(), depth, 0));
            e.3 += 1;
            if depth > e.2 + 1e-9 {
                (e.0, e.1, e.2) = (a.name.clone(), b.name.clone(), depth);
            }
        }
    }
    for ((ra, rb), (a, b, depth, pairs)) in found {
        let least = match spent {
            true => "at least ",
            false => "",
        };
        let more = match (pairs, ra == rb) {
            (1, _) if !spent => String::new(),
            (k, true) => format!(" ({least}{k} pairs of this row overlap)"),
            (k, false) => format!(" ({least}{k} pairs of these spaces overlap)"),
        };
        warnings.push((
            rows[rb].0,
            format!(
                "spaces `{a}` and `{b}` of board `{id}` overlap by {} mm{more}: a piece on one would stand on the other (move them apart, or make them smaller; their edges may touch)",
                n((depth * 10.0).round() / 10.0)
            ),
        ));
    }
}

/// How far the outlines `a` and `b` (closed, followed by straight lines) reach into each
/// other (mm), 0 when they only touch or lie apart: the longer of what the two share of the
/// line through their middles (two circles 20 mm across, 10 mm apart: 10 mm; one nearly on
/// top of another: nearly its width) and the greatest distance from a point of one's outline
/// inside the other to the other's outline (two bars crossing like a plus, off that line).
/// `None` once `budget` is spent.
fn overlap(a: &[(f64, f64)], b: &[(f64, f64)], budget: &mut u64) -> Option<f64> {
    let shared = shared_chord(a, b);
    Some(shared.max(reach(a, b, budget)?).max(reach(b, a, budget)?))
}

/// The middle of an outline's box.
fn middle(p: &[(f64, f64)]) -> (f64, f64) {
    let (x0, y0, x1, y1) = extent(p.iter().copied());
    ((x0 + x1) / 2.0, (y0 + y1) / 2.0)
}

/// The longest stretch of the line through the middles of `a` and `b` (across, when their
/// middles meet) that lies inside both.
fn shared_chord(a: &[(f64, f64)], b: &[(f64, f64)]) -> f64 {
    let (ma, mb) = (middle(a), middle(b));
    let (dx, dy) = (mb.0 - ma.0, mb.1 - ma.1);
    let len = dx.hypot(dy);
    let dir = match len > 1e-9 {
        true => (dx / len, dy / len),
        false => (1.0, 0.0),
    };
    let (ia, ib) = (chord(a, ma, dir), chord(b, ma, dir));
    let mut longest: f64 = 0.0;
    for &(a0, a1) in &ia {
        for &(b0, b1) in &ib {
            longest = longest.max(a1.min(b1) - a0.max(b0));
        }
    }
    longest
}

/// Where the line through `origin` along `dir` runs inside the outline `p`: its stretches, as
/// distances along the line. An edge is crossed when its ends lie on opposite sides (one
/// strictly left), so that a line through a corner counts it once.
fn chord(p: &[(f64, f64)], origin: (f64, f64), dir: (f64, f64)) -> Vec<(f64, f64)> {
    let side = |q: (f64, f64)| dir.0 * (q.1 - origin.1) - dir.1 * (q.0 - origin.0);
    let along = |q: (f64, f64)| dir.0 * (q.0 - origin.0) + dir.1 * (q.1 - origin.1);
    let mut ts: Vec<f64> = Vec::new();
    for i in 0..p.len() {
        let (u, v) = (p[i], p[(i + 1) % p.len()]);
        let (su, sv) = (side(u), side(v));
        if (su > 0.0) != (sv > 0.0) {
            let t = su / (su - sv);
            ts.push(along(u) + t * (along(v) - along(u)));
        }
    }
    ts.sort_by(f64::total_cmp);
    ts.chunks_exact(2).map(|c| (c[0], c[1])).collect()
}

/// How far the outline `a` reaches into `b`: see [`overlap`].
fn reach(a: &[(f64, f64)], b: &[(f64, f64)], budget: &mut u64) -> Option<f64> {
    let edges = |p: &[(f64, f64)]| {
        (0..p.len())
            .map(|i| (p[i], p[(i + 1) % p.len()]))
            .collect::<Vec<_>>()
    };
    let (ea, eb) = (edges(a), edges(b));
    let length: f64 = ea.iter().map(|(p, q)| (q.0 - p.0).hypot(q.1 - p.1)).sum();
    // Points along the outline, not only its corners: two bars crossing like a plus have no
    // corner inside each other.
    let step = (length / MAX_SAMPLES as f64).max(0.5);
    let mut deepest: f64 = 0.0;
    for &(p, q) in &ea {
        let len = (q.0 - p.0).hypot(q.1 - p.1);
        let k = ((len / step).ceil() as usize).clamp(1, MAX_SAMPLES);
        let cost = (k * eb.len()) as u64;
        *budget = budget.checked_sub(cost)?;
        for j in 0..k {
            let t = j as f64 / k as f64;
            let pt = (p.0 + t * (q.0 - p.0), p.1 + t * (q.1 - p.1));
            if inside(pt, &eb) {
                let d = eb
                    .iter()
                    .map(|&(u, v)| to_segment(pt, u, v))
                    .fold(f64::INFINITY, f64::min);
                deepest = deepest.max(d);
            }
        }
    }
    Some(deepest)
}

/// A straight piece of an outline, from one point to the next (mm).
type Edge = ((f64, f64), (f64, f64));

/// Whether `p` is inside the closed outline of `edges` (even-odd).
fn inside(p: (f64, f64), edges: &[Edge]) -> bool {
    let mut odd = false;
    for &(u, v) in edges {
        if (u.1 > p.1) != (v.1 > p.1) {
            let x = u.0 + (p.1 - u.1) * (v.0 - u.0) / (v.1 - u.1);
            if p.0 < x {
                odd = !odd;
            }
        }
    }
    odd
}

/// The distance from `p` to the segment from `u` to `v`.
fn to_segment(p: (f64, f64), u: (f64, f64), v: (f64, f64)) -> f64 {
    let (dx, dy) = (v.0 - u.0, v.1 - u.1);
    let l2 = dx * dx + dy * dy;
    let t = match l2 > 0.0 {
        true => (((p.0 - u.0) * dx + (p.1 - u.1) * dy) / l2).clamp(0.0, 1.0),
        false => 0.0,
    };
    (p.0 - (u.0 + t * dx)).hypot(p.1 - (u.1 + t * dy))
}

/// "1st", "2nd", "23rd".
fn ordinal(k: usize) -> String {
    let suffix = match (k % 10, k % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{k}{suffix}")
}

/// The spaces of a board, its grid's (`grid`) and then those of any shape (`placed`, named as
/// written), with the marks of `extras` resolved over them all, each space of any shape marked
/// in its `style:` and with its shape for the rules, and the track's spaces round `ring`.
pub fn geometry(
    noun: &'static str,
    grid: Vec<Space>,
    placed: &[Placed],
    extras: &Extras,
    ring: Option<&Ring>,
) -> Geometry {
    let first = grid.len();
    let mut spaces = grid;
    spaces.extend(placed.iter().map(|p| Space {
        name: p.name.clone(),
        x: p.x,
        y: p.y,
    }));
    let mut geometry = super::extras::geometry(noun, spaces, extras, ring);
    for (k, p) in placed.iter().enumerate() {
        let i = first + k;
        geometry.shapes.insert(i, p.shape.word());
        if let Some(style) = &p.style {
            let at = geometry.marked.entry(style.clone()).or_default();
            if !at.contains(&i) {
                at.push(i);
                at.sort_unstable();
            }
        }
    }
    geometry
}

/// Draws the spaces of any shape of a board (its spaces from index `first` on): each filled,
/// with its symbol and label, in its styles; its outline in `ink`; a style's `outline:` a heavy
/// line round each space it marks.
pub fn draw(
    cv: &mut Canvas,
    extras: &Extras,
    geometry: &Geometry,
    placed: &[Placed],
    first: usize,
    art: &Art,
    ink: &str,
) -> Result<(), DrawError> {
    if placed.is_empty() {
        return Ok(());
    }
    // Only the marks of these spaces: the grid's are drawn under its lines.
    let mut own = geometry.clone();
    for at in own.marked.values_mut() {
        at.retain(|&i| i >= first);
    }
    let shape_of = |i: usize| {
        let p = &placed[i - first];
        Marked::Shape {
            d: &p.d,
            outline: &p.corners,
            x: p.x,
            y: p.y,
            size: p.room,
        }
    };
    marks::draw_marks(cv, extras, &own, shape_of, art, ink)?;
    let mut d = String::new();
    for p in placed {
        d.push_str(&p.d);
    }
    cv.add(marks::lines(&d, ink, LINE_MM).set("stroke-linejoin", "round"));
    marks::draw_outlines(cv, extras, &own, shape_of);
    for (k, p) in placed.iter().enumerate().filter(|(_, p)| p.show_name) {
        draw_name(cv, extras, &own, p, first + k, ink);
    }
    Ok(())
}

/// Prints a space's name inside it, in the square about its middle that its marks take: the
/// whole square when no style of it draws there, else a band along the square's top, clear
/// of the symbol and label below. In the ink of its first style that has one.
fn draw_name(
    cv: &mut Canvas,
    extras: &Extras,
    geometry: &Geometry,
    p: &Placed,
    i: usize,
    ink: &str,
) {
    use crate::draw::canvas::{Anchor, text};
    use crate::draw::text::{Font, fit};
    let marked: Vec<&String> = geometry
        .marked
        .iter()
        .filter(|(_, at)| at.contains(&i))
        .map(|(name, _)| name)
        .collect();
    let styles: Vec<&Style> = marked
        .iter()
        .filter_map(|name| extras.styles.get(*name))
        .collect();
    // The star's dot is drawn in the middle too.
    let busy = marked.iter().any(|name| *name == STAR)
        || styles
            .iter()
            .any(|s| s.symbol.is_some() || s.label.is_some());
    let ink = styles
        .iter()
        .find_map(|s| s.ink.as_ref())
        .map_or(ink, |c| c.hex());
    let room = p.room;
    // Font size as tall as a fifth of the square beside a mark, two fifths alone; at most as
    // wide as the square.
    let (most, baseline) = match busy {
        true => (room * 0.2, p.y - room * 0.5 + room * 0.2 * 0.8),
        false => (room * 0.4, p.y + room * 0.4 * 0.35),
    };
    let size = fit(Font::CondensedBold, most, room * 0.9, &p.name);
    cv.add(text(
        p.x,
        baseline,
        size,
        Font::CondensedBold,
        Anchor::Middle,
        ink,
        &p.name,
    ));
}

/// A board split along those of the lines `xs` (across) and `ys` (down) that cut through none
/// of `placed`.
pub fn split_clear(xs: Vec<f64>, ys: Vec<f64>, placed: &[Placed]) -> Split {
    let cuts = |l: f64, p: &Placed, across: bool| {
        let (a, b) = match across {
            true => (p.bounds.0, p.bounds.2),
            false => (p.bounds.1, p.bounds.3),
        };
        l > a + 1e-6 && l < b - 1e-6
    };
    let clear = |lines: Vec<f64>, across: bool| {
        let keep = |l: &f64| !placed.iter().any(|p| cuts(*l, p, across));
        lines.into_iter().filter(keep).collect()
    };
    Split::OnLines {
        xs: clear(xs, true),
        ys: clear(ys, false),
    }
}

/// Where a board with no grid may be split: the edges of its spaces' boxes, across and down.
pub fn box_edges(placed: &[Placed]) -> (Vec<f64>, Vec<f64>) {
    let mut xs: Vec<f64> = placed
        .iter()
        .flat_map(|p| [p.bounds.0, p.bounds.2])
        .collect();
    let mut ys: Vec<f64> = placed
        .iter()
        .flat_map(|p| [p.bounds.1, p.bounds.3])
        .collect();
    for v in [&mut xs, &mut ys] {
        v.sort_by(f64::total_cmp);
        v.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
    }
    (xs, ys)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn space(yaml: &str) -> ShapedSpace {
        serde_saphyr::from_str(yaml).unwrap()
    }

    fn placed(yaml: &str) -> Vec<Placed> {
        space(yaml).place(Location::UNKNOWN, &[]).unwrap()
    }

    #[test]
    fn runs_name_their_spaces_in_order_up_or_down() {
        assert_eq!(
            expand("13-18").unwrap(),
            ["13", "14", "15", "16", "17", "18"]
        );
        assert_eq!(expand("p3-p1").unwrap(), ["p3", "p2", "p1"]);
        assert_eq!(expand("bar").unwrap(), ["bar"]);
        assert!(expand("a1-b3").is_err());
        assert!(expand("a-b").is_err());
        assert!(expand("1-100000").is_err());
    }

    #[test]
    fn a_row_steps_from_its_first_space_and_takes_its_styles_in_turn() {
        let row = placed(
            "{names: 1-4, shape: triangle, size: 20mm x 80mm, at: [30, 50], step: [22, 0], turn: 180, style: [dark, light]}",
        );
        assert_eq!(row.len(), 4);
        for (k, p) in row.iter().enumerate() {
            assert!((p.x - (30.0 + 22.0 * k as f64)).abs() < 1e-12 && p.y == 50.0);
            assert_eq!(p.style.as_deref(), Some(["dark", "light"][k % 2]));
            // Turned half round: its apex below its middle, its base along the top.
            assert!((p.bounds.1 - 10.0).abs() < 1e-9 && (p.bounds.3 - 90.0).abs() < 1e-9);
        }
        assert!(row[0].d.starts_with("M30 90L20 10L40 10Z"), "{}", row[0].d);
    }

    #[test]
    fn a_circle_is_drawn_as_four_arcs_ending_on_its_axes_and_marks_take_the_square_inside() {
        let p = &placed("{name: pit, shape: circle, size: 30mm, at: [50, 40]}")[0];
        assert_eq!(
            p.d,
            "M65 40A15 15 0 0 1 50 55A15 15 0 0 1 35 40A15 15 0 0 1 50 25A15 15 0 0 1 65 40Z"
        );
        assert!((p.room - 30.0 / 2f64.sqrt()).abs() < 0.05, "{}", p.room);
        let oval = &placed("{name: s, shape: oval, size: 40mm x 90mm, at: [50, 50], turn: 90}")[0];
        assert!((oval.bounds.0 - 5.0).abs() < 1e-9 && (oval.bounds.1 - 30.0).abs() < 1e-9);
    }

    #[test]
    fn a_polygon_lies_where_its_points_say_or_is_moved_to_at() {
        let p = &placed("{name: t, shape: polygon, points: [[10, 10], [30, 10], [20, 40]]}")[0];
        assert_eq!((p.x, p.y), (20.0, 25.0));
        assert_eq!(p.d, "M10 10L30 10L20 40Z");
        let q = &placed(
            "{name: t, shape: polygon, points: [[10, 10], [30, 10], [20, 40]], at: [100, 100], mirror: true}",
        )[0];
        assert_eq!(q.d, "M110 85L90 85L100 115Z");
    }

    #[test]
    fn overlaps_are_measured_along_the_line_through_the_middles_or_by_how_far_one_reaches_in() {
        let corners = |yaml: &str| placed(yaml).remove(0).corners;
        let depth = |a: &str, b: &str| {
            let mut budget = u64::MAX;
            overlap(&corners(a), &corners(b), &mut budget)
        };
        // Two bars crossing like a plus: no corner of either inside the other; across the
        // middle they share, the narrow bar's width.
        let across = "{name: a, size: 40mm x 4mm, at: [50, 50]}";
        let down = "{name: b, size: 4mm x 40mm, at: [50, 50]}";
        assert!((depth(across, down).unwrap() - 4.0).abs() < 1e-9);
        // Corners that overlap off the line through their middles: how far one reaches in.
        let below = "{name: b, size: 4mm x 40mm, at: [68, 66]}";
        assert!((depth(across, below).unwrap() - 2.0).abs() < 1e-9);
        // One nearly on top of the other: nearly its width.
        let one = "{name: a, shape: circle, size: 100mm, at: [60, 60]}";
        let two = "{name: b, shape: circle, size: 100mm, at: [64, 60]}";
        assert!((depth(one, two).unwrap() - 96.0).abs() < 1e-6);
        // Squares side by side: touching, not overlapping; then 3 mm into each other.
        let left = "{name: a, size: 10mm, at: [10, 10]}";
        assert_eq!(
            depth(left, "{name: b, size: 10mm, at: [20, 10]}"),
            Some(0.0)
        );
        let d = depth(left, "{name: b, size: 10mm, at: [17, 10]}").unwrap();
        assert!((d - 3.0).abs() < 1e-9, "{d}");
        // A spent budget stops the measuring.
        assert_eq!(overlap(&corners(left), &corners(down), &mut 10), None);
    }

    #[test]
    fn what_a_space_lacks_or_does_not_take_is_said() {
        let why = |yaml: &str| space(yaml).place(Location::UNKNOWN, &[]).unwrap_err().1;
        assert!(why("{name: a, shape: polygon, points: [[0, 0], [5, 5]]}").contains("at least 3"));
        assert!(why("{name: a, shape: circle, size: 10mm x 20mm, at: [5, 5]}").contains("oval"));
        assert!(why("{name: a, size: 10mm, corner: 6mm, at: [5, 5]}").contains("does not fit"));
        assert!(
            why("{name: a, shape: circle, size: 10mm, corner: 2mm, at: [5, 5]}")
                .contains("no `corner:`")
        );
        assert!(why("{names: 1-3, size: 10mm, at: [5, 5]}").contains("step"));
        assert!(why("{name: Bar, size: 10mm, at: [5, 5]}").contains("lowercase"));
        assert!(why("{size: 10mm, at: [5, 5]}").contains("needs a `name:`"));
        assert!(why("{name: a, size: 10mm, at: e5}").contains("no grid"));
    }
}
