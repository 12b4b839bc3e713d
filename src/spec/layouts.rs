//! Card and tile layouts (`layouts:` in the game): named lists of boxes, each placed in mm or %
//! of the piece and holding one thing (a face's field, its picture, a fixed text or a symbol).
//! A face names its layout (`layout: hero`, or once for a component's front); without one the
//! kind's own look.
use super::kind::Kinds;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;

use super::color::Color;
use super::{Game, symbol_source};
use crate::base::diagnostic::{Diagnostic, did_you_mean};
use crate::base::units::Length;

/// One box of a layout, drawn in the order written (a later box over an earlier one): a fill,
/// and at most one thing in it.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LayoutBox {
    /// Its name, as messages give it.
    pub name: String,
    /// Left edge from the card's left (the cut), in mm or % of the card's width.
    pub x: Coord,
    /// Top edge from the card's top, in mm or % of its height.
    pub y: Coord,
    /// Width, in mm or % of the card's width.
    pub w: Coord,
    /// Height, in mm or % of the card's height.
    pub h: Coord,
    /// The face's field it shows: its text wrapped and set smaller until it fits the box (a
    /// text of only icons, `"{coin}{coin}"`, is a row of icons), its symbol as large as fits,
    /// its picture (`image`) filling the box as the face's `fit:` and `position:` say.
    pub show: Option<Shown>,
    /// A fixed text, the same on every card using the layout (markup read).
    pub text: Option<String>,
    /// A fixed symbol, as large as fits.
    #[schemars(with = "Option<String>")]
    pub symbol: Option<Spanned<String>>,
    /// Where text sits across the box: `left`, `center` (default) or `right`.
    pub align: Option<Align>,
    /// The font: `sans` (default), `condensed`, `bold`, `display`, or a family by name (a
    /// bundled one or one of the game's own `fonts:`).
    #[schemars(with = "Option<String>")]
    pub font: Option<Spanned<BoxFont>>,
    /// The largest its text is set (default: what fits the box, at most 6 mm).
    pub size: Option<Length>,
    /// A fill behind the box's contents.
    pub fill: Option<Color>,
    /// The colour of its text and symbol (default: the face's ink).
    pub ink: Option<Color>,
}

/// A position or length in a layout: `12mm` (any length) or `25%` of the card's side.
#[derive(Debug, Clone, Copy, PartialEq, JsonSchema)]
#[schemars(with = "String")]
pub enum Coord {
    Mm(f64),
    Percent(f64),
}

impl Coord {
    /// In mm, on a card side of `side` mm.
    pub fn mm(self, side: f64) -> f64 {
        match self {
            Coord::Mm(v) => v,
            Coord::Percent(p) => side * p / 100.0,
        }
    }
}

impl<'de> Deserialize<'de> for Coord {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let text = crate::base::units::TextOrNumber::deserialize(d)?.0;
        let t = text.trim();
        if let Some(p) = t.strip_suffix('%') {
            return match p.trim().parse::<f64>() {
                Ok(v) if (0.0..=100.0).contains(&v) => Ok(Coord::Percent(v)),
                _ => Err(D::Error::custom(format!(
                    "a percentage of the card is between `0%` and `100%`, not `{t}`"
                ))),
            };
        }
        crate::base::units::parse_length_or_zero(t)
            .map(Coord::Mm)
            .map_err(|e| D::Error::custom(format!("expected a length or a percentage: {e}")))
    }
}

/// A face field a box can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Shown {
    Title,
    Label,
    Text,
    Lines,
    Table,
    Symbol,
    Corner,
    /// The face's `image:`, inside the box instead of across the face.
    Image,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Align {
    Left,
    Center,
    Right,
}

/// A box's font: one of the bundled looks, or a family by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoxFont {
    Sans,
    Condensed,
    Bold,
    Display,
    Family(String),
}

impl<'de> Deserialize<'de> for BoxFont {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match String::deserialize(d)?.trim() {
            "sans" => BoxFont::Sans,
            "condensed" => BoxFont::Condensed,
            "bold" => BoxFont::Bold,
            "display" => BoxFont::Display,
            family => BoxFont::Family(family.to_string()),
        })
    }
}

/// The layout `face` is drawn from, if it names one the game has.
pub fn of<'g, K: Kinds>(game: &'g Game<K>, face: &super::Face) -> Option<&'g Layout> {
    let name = face.layout.as_ref()?;
    game.spec.layouts.get(&name.value)
}

/// The box of `layout` that shows the face's picture (the first, if several do).
pub fn image_box(layout: &Layout) -> Option<&LayoutBox> {
    layout
        .iter()
        .map(|b| &b.value)
        .find(|b| b.show == Some(Shown::Image))
}

/// A layout: its boxes in drawing order.
pub type Layout = Vec<Spanned<LayoutBox>>;

/// How far a box may run past the cut before it is refused (rounding in `%`).
const SLACK_MM: f64 = 0.01;

/// Checks every layout's boxes (each holds one thing; its symbol and font exist) and every face
/// that names a layout: the layout exists, and its boxes lie inside that component's pieces.
pub(super) fn check<K: Kinds>(game: &Game<K>, problems: &mut Vec<Diagnostic>) {
    let spec = &game.spec;
    let file = game.file.as_str();
    for layout in spec.layouts.values() {
        for spanned in layout {
            let b = &spanned.value;
            let held = [b.show.is_some(), b.text.is_some(), b.symbol.is_some()];
            if held.iter().filter(|&&h| h).count() > 1 {
                problems.push(Diagnostic::at(
                    file,
                    spanned,
                    format!(
                        "box `{}` holds one thing at most: `show:` (a face's field), `text:` or `symbol:`",
                        b.name
                    ),
                ));
            }
            if let Some(symbol) = &b.symbol
                && !matches!(symbol_source(game, &symbol.value), Ok(Some(_)))
            {
                let names = super::symbol_names(game);
                problems.push(Diagnostic::at(
                    file,
                    symbol,
                    super::check::no_symbol(&symbol.value, &names),
                ));
            }
            if let Some(font) = &b.font
                && let BoxFont::Family(family) = &font.value
                && !crate::base::fonts::has_family(family)
            {
                problems.push(Diagnostic::at(
                    file,
                    font,
                    format!(
                        "no font `{family}` for box `{}`: expected `sans`, `condensed`, `bold`, `display` or a family, {}",
                        b.name,
                        super::check::font_families(family)
                    ),
                ));
            }
        }
    }
    let names: Vec<&str> = spec.layouts.keys().map(String::as_str).collect();
    for c in &spec.components {
        let file = game.file_of(c);
        let mut seen = std::collections::HashSet::new();
        let faces = std::iter::once(&c.front).chain(c.back.iter());
        let listed = c.variants.iter().flat_map(|v| {
            let front = c.variant_front(&v).layout.clone();
            let back = c.variant_back(&v).and_then(|b| b.layout.clone());
            [front, back]
        });
        let named: Vec<Box<Spanned<String>>> = faces
            .filter_map(|f| f.layout.clone())
            .chain(listed.flatten())
            .collect();
        for name in named {
            if !seen.insert(name.value.clone()) {
                continue;
            }
            let Some(layout) = spec.layouts.get(&name.value) else {
                let hint = did_you_mean(&name.value, names.iter().copied());
                let known = match names.is_empty() {
                    true => "the game has no `layouts:`".to_string(),
                    false => format!("the layouts are {}", names.join(", ")),
                };
                problems.push(Diagnostic::at(
                    file,
                    &name,
                    format!("no layout `{}`: {known}{hint}", name.value),
                ));
                continue;
            };
            let Some((cw, ch)) = c.size_mm() else {
                continue;
            };
            for spanned in layout {
                let b = &spanned.value;
                let (x, y) = (b.x.mm(cw), b.y.mm(ch));
                let (w, h) = (b.w.mm(cw), b.h.mm(ch));
                if x + w > cw + SLACK_MM || y + h > ch + SLACK_MM || w <= 0.0 || h <= 0.0 {
                    let at = |v: f64| super::short_mm(v);
                    problems.push(
                        Diagnostic::at(
                            game.file.as_str(),
                            spanned,
                            format!(
                                "box `{}` of layout `{}` ({} × {} mm at {}, {}) is not inside the {} × {} mm {} of `{}`",
                                b.name, name.value, at(w), at(h), at(x), at(y), at(cw), at(ch), c.kind.noun(), c.id.value
                            ),
                        )
                        .hint("make the box smaller or move it; `%` are of the piece's side"),
                    );
                }
            }
        }
    }
}
