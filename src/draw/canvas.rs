//! A face's SVG document in millimetres: the cut (trim) box is (0,0)–(w,h); with bleed the
//! viewBox grows by the bleed on every side so background art can run past the cut.
use svg::Node;
use svg::node::Text;
use svg::node::element::{Circle, Element, Group, Line, Rectangle, Text as TextEl};

use super::text::Font;

pub use crate::base::units::n;

pub struct Canvas {
    root: svg::Document,
    pub w: f64,
    pub h: f64,
    pub bleed: f64,
}

impl Canvas {
    pub fn new(w: f64, h: f64, bleed: f64) -> Self {
        let root = svg::Document::new()
            .set("width", n(w + 2.0 * bleed))
            .set("height", n(h + 2.0 * bleed))
            .set(
                "viewBox",
                format!(
                    "{} {} {} {}",
                    n(-bleed),
                    n(-bleed),
                    n(w + 2.0 * bleed),
                    n(h + 2.0 * bleed)
                ),
            );
        Canvas { root, w, h, bleed }
    }

    pub fn add<T: Into<Box<dyn Node>>>(&mut self, node: T) {
        self.root.append(node);
    }

    pub fn finish(self) -> String {
        self.root.to_string()
    }

    /// Runs `draw` on a `w`×`h` canvas without bleed whose top left is (`x`, `y`) of this one: a
    /// face's contents set in part of it (a round card's, in the square inside its circle).
    pub fn within<R>(
        &mut self,
        (x, y, w, h): (f64, f64, f64, f64),
        draw: impl FnOnce(&mut Canvas) -> R,
    ) -> R {
        let outer = (self.w, self.h, self.bleed);
        (self.w, self.h, self.bleed) = (w, h, 0.0);
        let (result, drawn) = self.taking(draw);
        (self.w, self.h, self.bleed) = outer;
        let moved = Group::new().set("transform", format!("translate({} {})", n(x), n(y)));
        self.add(drawn.into_iter().fold(moved, Group::add));
        result
    }

    /// Runs `draw`, and takes what it adds out of the canvas again.
    fn taking<R>(&mut self, draw: impl FnOnce(&mut Canvas) -> R) -> (R, Vec<Box<dyn Node>>) {
        let before = Element::get_children(&self.root).len();
        let result = draw(self);
        let drawn = Element::get_children_mut(&mut self.root).drain(before..);
        (result, drawn.collect())
    }

    /// Runs `draw`, keeping what it adds inside `clip` (SVG path data in the canvas's
    /// millimetres): nothing of it shows outside, as nothing of a piece shows outside its cut.
    pub fn clipped<R>(&mut self, clip: &str, draw: impl FnOnce(&mut Canvas) -> R) -> R {
        let (result, drawn) = self.taking(draw);
        if drawn.is_empty() {
            return result;
        }
        // Named by its path: the same cut is the same clip wherever a diagram repeats it.
        let id = format!(
            "pnp-cut-{:08x}",
            crate::base::hash::of(clip.as_bytes()) as u32
        );
        let inside = Group::new().set("clip-path", format!("url(#{id})"));
        let inside = drawn.into_iter().fold(inside, Group::add);
        self.add(
            svg::node::element::ClipPath::new()
                .set("id", id)
                .add(svg::node::element::Path::new().set("d", clip)),
        );
        self.add(inside);
        result
    }
}

pub fn rect(x: f64, y: f64, w: f64, h: f64, fill: &str) -> Rectangle {
    Rectangle::new()
        .set("x", n(x))
        .set("y", n(y))
        .set("width", n(w))
        .set("height", n(h))
        .set("fill", fill)
}

pub fn circle(cx: f64, cy: f64, r: f64, fill: &str) -> Circle {
    Circle::new()
        .set("cx", n(cx))
        .set("cy", n(cy))
        .set("r", n(r))
        .set("fill", fill)
}

pub fn line(x1: f64, y1: f64, x2: f64, y2: f64, stroke: &str, width: f64) -> Line {
    Line::new()
        .set("x1", n(x1))
        .set("y1", n(y1))
        .set("x2", n(x2))
        .set("y2", n(y2))
        .set("stroke", stroke)
        .set("stroke-width", n(width))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// One line of text whose baseline sits at `y`, its inline markup (`**bold**`, `*italic*`,
/// `{icon}`) drawn; the text is escaped by the `svg` crate.
pub fn text(
    x: f64,
    y: f64,
    size: f64,
    font: Font,
    anchor: Anchor,
    fill: &str,
    content: &str,
) -> Label {
    if super::markup::is_plain(content) {
        Label::Plain(plain_text(x, y, size, font, anchor, fill, content))
    } else {
        Label::Marked(super::markup::render(
            x, y, size, font, anchor, fill, content,
        ))
    }
}

/// A line of text: one `<text>` when it has no markup (as it always was), else a group of runs
/// and icons.
#[derive(Debug, Clone)]
pub enum Label {
    Plain(TextEl),
    Marked(Group),
}

impl Label {
    /// Sets an attribute on the line as a whole (an opacity, a transform).
    pub fn set(self, name: &str, value: impl Into<svg::node::Value>) -> Self {
        match self {
            Label::Plain(t) => Label::Plain(t.set(name, value)),
            Label::Marked(g) => Label::Marked(g.set(name, value)),
        }
    }
}

impl From<Label> for Box<dyn Node> {
    fn from(label: Label) -> Self {
        match label {
            Label::Plain(t) => Box::new(t),
            Label::Marked(g) => Box::new(g),
        }
    }
}

/// One line of `content` as written (no markup read), its baseline at `y`.
pub fn plain_text(
    x: f64,
    y: f64,
    size: f64,
    font: Font,
    anchor: Anchor,
    fill: &str,
    content: &str,
) -> TextEl {
    let anchor = match anchor {
        Anchor::Start => "start",
        Anchor::Middle => "middle",
        Anchor::End => "end",
    };
    let mut t = TextEl::new("")
        .set("x", n(x))
        .set("y", n(y))
        .set(
            "font-family",
            css_family(super::text::face_font().unwrap_or_else(|| font.family().to_string())),
        )
        .set("font-size", n(size))
        .set("text-anchor", anchor)
        .set("fill", fill);
    if font.bold() {
        t = t.set("font-weight", "bold");
    }
    if font.italic() {
        t = t.set("font-style", "italic");
    }
    t.add(Text::new(content))
}

/// A family as CSS reads it: quoted unless every word is an identifier (`Goudy Bookletter
/// 1911` unquoted is no family, as `1911` is not a word, and its text would fall back).
fn css_family(family: String) -> String {
    let word = |w: &str| {
        w.chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
            && w.chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
    };
    match family.split(' ').all(word) || family.contains('\'') {
        true => family,
        false => format!("'{family}'"),
    }
}

/// The id of a placed symbol's group: `pnp check` finds symbols by it.
pub const SYMBOL_ID: &str = "symbol";

/// The id of what a player reads on a piece when another lies on it (a tile's name and pips, a
/// track box's number): `pnp check` sees that a held piece leaves it readable.
pub const READ_ID: &str = "read";

/// Places `art` (drawn in a `size`×`size` box at (x, y)) in colour `color`.
pub fn place(art: &Group, x: f64, y: f64, size: f64, color: &str) -> Group {
    let scale = size / 100.0;
    Group::new()
        .set("id", SYMBOL_ID)
        .set(
            "transform",
            format!("translate({} {}) scale({})", n(x), n(y), n(scale)),
        )
        .set("color", color)
        .add(art.clone())
}

/// A raw element by name (for shapes the `svg` crate has no type for).
pub fn element(name: &str) -> Element {
    Element::new(name)
}
