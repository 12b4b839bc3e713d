//! What an SVG picture (`image: art/map.svg`) may hold. It is drawn whole, into every face that
//! shows it, by krilla for the PDF and by resvg for the PNGs: what neither can draw safely, or
//! in bounded time and memory, is refused when the picture is read, at its `image:` line. As a
//! symbol's, its elements are whitelisted (`check_source`), but the list is longer: a picture may
//! hold shapes, text, gradients, clip paths and masks. Not:
//!
//! - filters (krilla draws each filtered group as an image up to 5000 px a side; resvg's
//!   morphology with `radius="10000"` ran for minutes, turbulence and chains of filters for
//!   tens of seconds), patterns (a tile's pixmap is as large as its transform makes it) and
//!   markers (usvg copies one to every vertex of its path);
//! - `<image>`: a picture may not show a file, nor another picture by its content hash
//!   (`pnp-image:…`, which anyone can compute: a chain of them grew exponentially);
//! - entity declarations (`<!ENTITY>`), which expand without a bound worth the name.
//!
//! And what it draws is bounded (`check`, on the parsed tree): elements and path points drawn
//! (through `<use>`, clip paths and masks, as often as each is drawn), characters of text,
//! layers (a group with opacity, a clip path or a mask: a pixmap of its own, as large as the
//! face's) in all and nested (200 nested masks took 1.1 GB), and dashes; its size and every
//! coordinate too (krilla panicked on a path near ±1e38).
use resvg::usvg::{self, Node, Tree, roxmltree};

/// Smallest and largest side of a picture, in its own units (CSS pixels).
const MIN_SIDE: f32 = 0.01;
const MAX_SIDE: f32 = 1_000_000.0;
/// How far from its box a picture's drawing may reach, in multiples of its larger side: far
/// beyond anything a drawing program leaves off the page, and far within what f32 coordinates
/// hold once the picture is scaled onto a piece of at most 1 m.
const MAX_REACH: f32 = 1_000.0;
/// Most elements a picture draws, each `<use>` counted as what it shows.
const MAX_ELEMENTS: u64 = 50_000;
/// Most bytes of path data (`d`, `points`) it draws, through `<use>` too.
const MAX_PATH_BYTES: u64 = 4 * 1024 * 1024;
/// Most characters of text: as much as one face may hold.
const MAX_TEXT_CHARS: u64 = 10_000;
/// Most points of paths drawn, counting clip paths and masks as often as they are drawn.
const MAX_POINTS: u64 = 1_000_000;
/// Most layers drawn, and nested one in another.
const MAX_LAYERS: u64 = 256;
const MAX_NESTED_LAYERS: usize = 8;
/// Most dashes its dashed strokes make (each is drawn on its own).
const MAX_DASHES: f64 = 100_000.0;

/// Elements a picture may hold (in the SVG namespace; others are left out as usvg leaves them).
const ELEMENTS: &[&str] = &[
    "svg",
    "g",
    "a",
    "switch",
    "defs",
    "symbol",
    "use",
    "title",
    "desc",
    "metadata",
    "style",
    "path",
    "rect",
    "circle",
    "ellipse",
    "line",
    "polyline",
    "polygon",
    "text",
    "tspan",
    "textPath",
    "linearGradient",
    "radialGradient",
    "stop",
    "clipPath",
    "mask",
];

/// Why an SVG picture is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SvgPictureError {
    #[error(
        "it is {w} × {h} units; a picture is {MIN_SIDE} to {MAX_SIDE} units a side (its `width`, `height` or `viewBox`)"
    )]
    Size { w: f32, h: f32 },
    #[error(
        "its drawing reaches {reach:e} units from its box, more than {MAX_REACH} times its size: \
         remove what lies that far out"
    )]
    TooFar { reach: f32 },
    #[error("it is not UTF-8 text; save it as UTF-8")]
    NotUtf8,
    #[error("it is not valid SVG: {0}")]
    NotSvg(String),
    #[error(
        "it declares entities (`<!ENTITY`), which a picture may not: save it as plain SVG \
         (Illustrator: Export As ▸ SVG)"
    )]
    Entities,
    #[error(
        "{}<{name}> is not drawn in a picture{}",
        line.map(|l| format!("line {l}: ")).unwrap_or_default(),
        why_not(name)
    )]
    Element { name: String, line: Option<u32> },
    #[error(
        "it draws {found} {what}; a picture may draw at most {limit} (each `<use>`, clip path \
         and mask counted as often as it is drawn): simplify it, or export it as PNG"
    )]
    TooMuch {
        what: &'static str,
        found: u64,
        limit: u64,
    },
}

/// Why an element is not drawn in a picture, and what to do instead.
fn why_not(name: &str) -> &'static str {
    match name {
        "filter" | "feGaussianBlur" | "feOffset" | "feMorphology" | "feTurbulence"
        | "feColorMatrix" | "feComposite" | "feMerge" | "feFlood" | "feBlend" | "feDropShadow"
        | "feImage" | "feTile" | "feConvolveMatrix" | "feDisplacementMap" => {
            ": filters (blurs, shadows) cost too much to draw; export the picture as PNG, or \
             remove its filters (Inkscape: Filters ▸ Remove Filters)"
        }
        "image" => {
            ": a picture may not show a file or another picture; put the pictures side by side \
             in a layout, or export the picture as PNG"
        }
        "pattern" | "hatch" => ": fill with a plain colour or a gradient, or export it as PNG",
        "marker" => ": turn markers into paths first (Inkscape: Path ▸ Object to Path)",
        "foreignObject" | "script" => ": it holds what is not drawing",
        _ => {
            " (it may hold groups, shapes, paths, text, gradients, clip paths and masks); export \
             it as PNG"
        }
    }
}

/// Checks a picture's text before it is parsed into a tree (see the module's note): what the
/// parsing itself would do without bound is refused here.
pub fn check_source(bytes: &[u8]) -> Result<(), SvgPictureError> {
    let text = std::str::from_utf8(bytes).map_err(|_| SvgPictureError::NotUtf8)?;
    if text.contains("<!ENTITY") {
        return Err(SvgPictureError::Entities);
    }
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options)
        .map_err(|e| SvgPictureError::NotSvg(e.to_string()))?;
    const SVG: &str = "http://www.w3.org/2000/svg";
    let mut text_chars = 0u64;
    for node in doc.descendants() {
        if node.is_text() {
            let inside_text = node.ancestors().any(|a| a.tag_name().name() == "text");
            if inside_text {
                text_chars += node.text().map_or(0, |t| t.chars().count() as u64);
            }
            continue;
        }
        if !node.is_element() || node.tag_name().namespace() != Some(SVG) {
            continue;
        }
        let name = node.tag_name().name();
        if !ELEMENTS.contains(&name) {
            let line = doc.text_pos_at(node.range().start).row;
            return Err(SvgPictureError::Element {
                name: name.to_string(),
                line: Some(line),
            });
        }
    }
    bounded("characters of text", text_chars, MAX_TEXT_CHARS)?;
    let (elements, path_bytes) = drawn(&doc);
    bounded("elements", elements, MAX_ELEMENTS)?;
    bounded("bytes of path data", path_bytes, MAX_PATH_BYTES)
}

fn bounded(what: &'static str, found: u64, limit: u64) -> Result<(), SvgPictureError> {
    match found > limit {
        true => Err(SvgPictureError::TooMuch { what, found, limit }),
        false => Ok(()),
    }
}

/// The elements and bytes of path data a document draws, each `<use>` counted as what it
/// shows (a `<use>` of a group of ten `<use>`s of it, and so on, grew exponentially). A `<use>`
/// that shows itself counts as nothing (usvg draws nothing for it).
fn drawn(doc: &roxmltree::Document) -> (u64, u64) {
    use std::collections::HashMap;
    let ids: HashMap<&str, roxmltree::NodeId> = doc
        .descendants()
        .filter_map(|n| Some((n.attribute("id")?, n.id())))
        .collect();
    let target = |n: roxmltree::Node| -> Option<roxmltree::NodeId> {
        let href = n
            .attribute(("http://www.w3.org/1999/xlink", "href"))
            .or_else(|| n.attribute("href"))?;
        ids.get(href.strip_prefix('#')?).copied()
    };
    // What each element draws, worked out children first (an explicit stack: a file nests as
    // deep as it likes), saturating.
    let mut done: HashMap<roxmltree::NodeId, (u64, u64)> = HashMap::new();
    let mut visiting = std::collections::HashSet::new();
    let mut stack = vec![(doc.root(), false)];
    while let Some((node, expanded)) = stack.pop() {
        if done.contains_key(&node.id()) {
            continue;
        }
        let shows = (node.tag_name().name() == "use")
            .then(|| target(node))
            .flatten()
            .and_then(|id| doc.get_node(id));
        if !expanded {
            visiting.insert(node.id());
            stack.push((node, true));
            for child in node.children().filter(|c| c.is_element()) {
                stack.push((child, false));
            }
            if let Some(shown) = shows.filter(|s| !visiting.contains(&s.id())) {
                stack.push((shown, false));
            }
            continue;
        }
        visiting.remove(&node.id());
        let own = ["d", "points"]
            .iter()
            .filter_map(|k| node.attribute(*k))
            .map(|v| v.len() as u64)
            .sum::<u64>();
        let mut total = (node.is_element() as u64, own);
        let parts = node
            .children()
            .filter(|c| c.is_element())
            .chain(shows)
            .filter_map(|c| done.get(&c.id()));
        for (e, b) in parts {
            total = (total.0.saturating_add(*e), total.1.saturating_add(*b));
        }
        done.insert(node.id(), total);
    }
    done.get(&doc.root().id()).copied().unwrap_or_default()
}

/// Parse options for a picture: pnp's fonts, and no picture, file or data of any kind.
pub fn options() -> usvg::Options<'static> {
    let mut opt = crate::draw::trees::options();
    opt.image_href_resolver = usvg::ImageHrefResolver {
        resolve_data: Box::new(|_, _, _| None),
        resolve_string: Box::new(|_, _| None),
    };
    opt
}

/// Checks a parsed picture (see the module's note).
pub fn check(tree: &Tree) -> Result<(), SvgPictureError> {
    let size = tree.size();
    let (w, h) = (size.width(), size.height());
    let side = MIN_SIDE..=MAX_SIDE;
    if !side.contains(&w) || !side.contains(&h) {
        return Err(SvgPictureError::Size { w, h });
    }
    let limit = MAX_REACH * w.max(h);
    // The farthest any drawing reaches from the box's corner (infinite where it is not a number).
    let mut reach = 0.0f32;
    let mut far = |x: f32| {
        let x = if x.is_finite() {
            x.abs()
        } else {
            f32::INFINITY
        };
        reach = reach.max(x);
    };
    let (mut elements, mut points, mut layers, mut dashes) = (0u64, 0u64, 0u64, 0.0f64);
    every_node(tree.root(), &mut |node, nested| {
        elements += 1;
        bounded("elements", elements, MAX_ELEMENTS)?;
        bounded(
            "layers nested in one another",
            nested as u64,
            MAX_NESTED_LAYERS as u64,
        )?;
        match node {
            Node::Path(path) => {
                let t = path.abs_transform();
                points += path.data().points().len() as u64;
                bounded("points of paths", points, MAX_POINTS)?;
                for p in path.data().points() {
                    let mut p = *p;
                    t.map_point(&mut p);
                    far(p.x);
                    far(p.y);
                }
                if let Some(stroke) = path.stroke() {
                    let (sx, sy) = t.get_scale();
                    far(stroke.width().get() * sx.max(sy));
                    dashes += dashes_of(path, stroke);
                    if dashes > MAX_DASHES {
                        let found = dashes.min(u64::MAX as f64) as u64;
                        bounded("dashes", found, MAX_DASHES as u64)?;
                    }
                }
                // Gradients, in the shape's user space.
                let paints = [
                    path.fill().map(|f| f.paint()),
                    path.stroke().map(|s| s.paint()),
                ];
                for paint in paints.into_iter().flatten() {
                    let (g, ends) = match paint {
                        usvg::Paint::LinearGradient(l) => {
                            (l.transform(), [(l.x1(), l.y1()), (l.x2(), l.y2())])
                        }
                        usvg::Paint::RadialGradient(r) => {
                            let (cx, cy, radius) = (r.cx(), r.cy(), r.r().get());
                            (
                                r.transform(),
                                [(cx + radius, cy + radius), (r.fx(), r.fy())],
                            )
                        }
                        _ => continue,
                    };
                    for (x, y) in ends {
                        let mut p = usvg::tiny_skia_path::Point::from_xy(x, y);
                        t.pre_concat(g).map_point(&mut p);
                        far(p.x);
                        far(p.y);
                    }
                }
            }
            Node::Group(g) => {
                let t = g.abs_transform();
                for v in [t.sx, t.kx, t.ky, t.sy, t.tx, t.ty] {
                    far(v);
                }
                // Each is a pixmap of its own: the group's, its clip paths' and its masks'.
                let clips = std::iter::successors(g.clip_path(), |c| c.clip_path()).count();
                let masks = std::iter::successors(g.mask(), |m| m.mask()).count();
                layers += g.should_isolate() as u64 + clips as u64 + masks as u64;
                bounded(
                    "layers (groups with opacity, clip paths, masks)",
                    layers,
                    MAX_LAYERS,
                )?;
                // Refused in the file already; a tree that has one anyway is not drawn.
                if !g.filters().is_empty() {
                    return Err(SvgPictureError::Element {
                        name: "filter".into(),
                        line: None,
                    });
                }
            }
            Node::Image(_) => {
                return Err(SvgPictureError::Element {
                    name: "image".into(),
                    line: None,
                });
            }
            Node::Text(_) => {}
        }
        Ok(())
    })?;
    match reach > limit {
        true => Err(SvgPictureError::TooFar { reach }),
        false => Ok(()),
    }
}

/// How many dashes a dashed stroke makes along `path`: its length (its curves' control
/// polygons, which are no shorter) over its pattern's, a dash and its gap counted as two.
fn dashes_of(path: &usvg::Path, stroke: &usvg::Stroke) -> f64 {
    use usvg::tiny_skia_path::PathSegment;
    let Some(pattern) = stroke.dasharray() else {
        return 0.0;
    };
    let period: f64 = pattern.iter().map(|&d| f64::from(d)).sum();
    if period <= 0.0 {
        return 0.0;
    }
    let (mut at, mut start, mut length) = ((0.0f32, 0.0f32), (0.0f32, 0.0f32), 0.0f64);
    for seg in path.data().segments() {
        let through: Vec<(f32, f32)> = match seg {
            PathSegment::MoveTo(p) => {
                (at, start) = ((p.x, p.y), (p.x, p.y));
                Vec::new()
            }
            PathSegment::LineTo(p) => vec![(p.x, p.y)],
            PathSegment::QuadTo(a, p) => vec![(a.x, a.y), (p.x, p.y)],
            PathSegment::CubicTo(a, b, p) => vec![(a.x, a.y), (b.x, b.y), (p.x, p.y)],
            PathSegment::Close => vec![start],
        };
        for p in through {
            length += f64::from((p.0 - at.0).hypot(p.1 - at.1));
            at = p;
        }
    }
    length / period * 2.0
}

/// Calls `visit` on every node of `root` with how many layers it lies in, those of its clip
/// paths, masks, patterns and text outlines included, as often as each is drawn, until `visit`
/// refuses one; without recursion (a picture's nesting is as deep as its file says).
fn every_node(
    root: &usvg::Group,
    visit: &mut dyn FnMut(&Node, usize) -> Result<(), SvgPictureError>,
) -> Result<(), SvgPictureError> {
    let mut groups = vec![(root, 0)];
    while let Some((group, nested)) = groups.pop() {
        for node in group.children() {
            visit(node, nested)?;
            groups.extend(inside(node, nested));
        }
    }
    Ok(())
}

/// The groups a node draws, each with how many layers it lies in (`nested`: the node's): a
/// group's children (in a layer of their own when the group is isolated), its clip paths' and
/// masks' (each a layer, nested in the one before), a shape's patterns and a text's outlines
/// (as `Node::subroots`, but with the tree's own lifetime).
fn inside(node: &Node, nested: usize) -> Vec<(&usvg::Group, usize)> {
    let mut groups = Vec::new();
    match node {
        Node::Group(g) => {
            let own = nested + g.should_isolate() as usize;
            groups.push((&**g, own));
            for (i, c) in std::iter::successors(g.clip_path(), |c| c.clip_path()).enumerate() {
                groups.push((c.root(), own + i + 1));
            }
            for (i, m) in std::iter::successors(g.mask(), |m| m.mask()).enumerate() {
                groups.push((m.root(), own + i + 1));
            }
        }
        Node::Path(path) => {
            let paints = [
                path.fill().map(|f| f.paint()),
                path.stroke().map(|s| s.paint()),
            ];
            for paint in paints.into_iter().flatten() {
                if let usvg::Paint::Pattern(pattern) = paint {
                    groups.push((pattern.root(), nested + 1));
                }
            }
        }
        Node::Text(text) => groups.push((text.flattened(), nested)),
        Node::Image(_) => {}
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(svg: &str) -> Tree {
        usvg::Tree::from_str(svg, &crate::draw::trees::options()).unwrap()
    }

    #[test]
    fn a_drawing_far_off_its_box_is_refused() {
        let at = |d: &str| {
            tree(&format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="{d}" fill="red"/></svg>"#
            ))
        };
        assert_eq!(check(&at("M0 0 L100 0 L100 100 Z")), Ok(()));
        // Off the page, as drawing programs leave things: still drawn.
        assert_eq!(check(&at("M-5000 0 L90000 0 L0 100 Z")), Ok(()));
        for far in [
            "M-1e38 -1e38 L1e38 1e38 L1e38 -1e38 Z",
            "M0 0 L1e6 0 L0 1 Z",
        ] {
            assert!(
                matches!(check(&at(far)), Err(SvgPictureError::TooFar { .. })),
                "{far}"
            );
        }
        // Moved there, or clipped by a path that reaches there.
        let moved = tree(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><g transform="translate(1e37 0)"><rect width="10" height="10"/></g></svg>"#,
        );
        assert!(check(&moved).is_err());
        let clipped = tree(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><clipPath id="c"><path d="M0 0 L1e30 0 L0 1e30 Z"/></clipPath><rect width="10" height="10" clip-path="url(#c)"/></svg>"#,
        );
        assert!(check(&clipped).is_err());
        let shaded = tree(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><linearGradient id="g" gradientUnits="userSpaceOnUse" x2="1e36"><stop offset="0"/><stop offset="1" stop-color="red"/></linearGradient><rect width="10" height="10" fill="url(#g)"/></svg>"#,
        );
        assert!(check(&shaded).is_err());
        let stroked = tree(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="M0 0 L10 10" stroke="red" stroke-width="1e30"/></svg>"#,
        );
        assert!(check(&stroked).is_err());
    }

    /// `check_source`, then `check` on what it lets through, as a picture is read.
    fn read(svg: &str) -> Result<(), SvgPictureError> {
        check_source(svg.as_bytes())?;
        check(&usvg::Tree::from_str(svg, &options()).unwrap())
    }

    fn svg(body: &str) -> String {
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{body}</svg>"#)
    }

    #[test]
    fn the_example_pictures_are_drawn() {
        for art in ["field", "village", "woods"] {
            let path = format!("{}/examples/art/{art}.svg", env!("CARGO_MANIFEST_DIR"));
            assert_eq!(
                read(&std::fs::read_to_string(path).unwrap()),
                Ok(()),
                "{art}"
            );
        }
        // What drawing programs write: groups, gradients, clip paths, masks, text, <use>.
        let drawn = svg(
            r##"<defs><linearGradient id="g"><stop offset="0"/><stop offset="1" stop-color="red"/></linearGradient>
            <clipPath id="c"><circle cx="50" cy="50" r="40"/></clipPath>
            <mask id="m"><rect width="100" height="100" fill="white" opacity="0.5"/></mask>
            <symbol id="s"><path d="M0 0 L10 10"/></symbol></defs>
            <g clip-path="url(#c)" opacity="0.8"><rect width="100" height="100" fill="url(#g)" mask="url(#m)"/>
            <text x="10" y="50">Harvest <tspan font-weight="bold">Moon</tspan></text><use href="#s" x="20"/></g>"##,
        );
        assert_eq!(read(&drawn), Ok(()));
    }

    #[test]
    fn filters_patterns_markers_images_and_entities_are_refused() {
        let refused = |body: &str, name: &str| match read(&svg(body)) {
            Err(SvgPictureError::Element { name: n, line }) => {
                assert_eq!((n.as_str(), line), (name, Some(1)), "{body}")
            }
            other => panic!("{body}: {other:?}"),
        };
        refused(
            r#"<filter id="f"><feMorphology radius="10000"/></filter><rect width="9" height="9" filter="url(#f)"/>"#,
            "filter",
        );
        refused(r#"<pattern id="p"/>"#, "pattern");
        refused(r#"<marker id="m"/>"#, "marker");
        // Another picture by its content hash, or any file.
        refused(
            r#"<image href="pnp-image:0123" width="9" height="9"/>"#,
            "image",
        );
        let entities = r#"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><text>&a;&a;</text></svg>"#;
        assert_eq!(read(entities), Err(SvgPictureError::Entities));
        // Elements of other namespaces (an editor's) are left out, not refused.
        let inkscape = svg(
            r#"<sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"/><rect width="9" height="9"/>"#,
        );
        assert_eq!(read(&inkscape), Ok(()));
    }

    #[test]
    fn what_a_picture_draws_is_bounded() {
        let too_much = |svg: &str, what: &str| match read(svg) {
            Err(SvgPictureError::TooMuch { what: w, .. }) => assert_eq!(w, what),
            other => panic!("{what}: {other:?}"),
        };
        // 200 masks, each masked by the one before.
        let mut masks = String::new();
        for i in 1..200 {
            masks.push_str(&format!(
                r#"<mask id="m{i}"><rect width="100" height="100" fill="white" mask="url(#m{})"/></mask>"#,
                i - 1
            ));
        }
        let nested = svg(&format!(
            r#"<mask id="m0"><rect width="100" height="100" fill="white"/></mask>{masks}<rect width="9" height="9" mask="url(#m199)"/>"#
        ));
        too_much(&nested, "layers nested in one another");
        // Groups of ten <use>s of the group before: 10^7 rectangles from a few lines.
        let mut uses = String::from(r#"<g id="u0"><rect width="1" height="1"/></g>"#);
        for i in 1..8 {
            let ten = format!(r##"<use href="#u{}"/>"##, i - 1).repeat(10);
            uses.push_str(&format!(r#"<g id="u{i}">{ten}</g>"#));
        }
        too_much(&svg(&uses), "elements");
        too_much(
            &svg(&format!("<text>{}</text>", "W".repeat(100_000))),
            "characters of text",
        );
        let dashed = svg(r#"<path d="M0 0 L100 100" stroke="black" stroke-dasharray="0.0001"/>"#);
        too_much(&dashed, "dashes");
        // A clip path of 10,000 points drawn by 120 shapes.
        let points: String = (0..10_000)
            .map(|i| format!("L{} {} ", i % 100, i / 100))
            .collect();
        let shapes = r##"<rect width="1" height="1" clip-path="url(#c)"/>"##.repeat(120);
        let clipped = svg(&format!(
            r#"<clipPath id="c"><path d="M0 0 {points}Z"/></clipPath>{shapes}"#
        ));
        too_much(&clipped, "points of paths");
    }

    #[test]
    fn a_picture_of_no_size_or_a_huge_one_is_refused() {
        for (w, h) in [("1e30", "10"), ("10", "0.0001")] {
            let svg = format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}"><rect width="1" height="1"/></svg>"#
            );
            assert!(
                matches!(check(&tree(&svg)), Err(SvgPictureError::Size { .. })),
                "{w} × {h}"
            );
        }
    }
}
