//! Symbol art from `templates/symbols/` or a game's own `symbols/`: parsed, checked against a
//! short list of plain shape elements (no scripts, images, links or ids), and rebuilt in a
//! 100×100 box so the drawing code can place it at any size and colour.
//!
//! Files saved by a drawing program (Inkscape, Illustrator) are taken as they are: what only the
//! editor reads (its own namespaces, `<metadata>`, `<defs>`, ids, classes) is left out, hidden
//! layers (`display:none`) are dropped, and a `style=""` attribute's drawing properties become
//! presentation attributes (its other properties, such as `-inkscape-stroke`, are ignored).
//! The root `<svg>`'s paint (`fill`, `stroke`…, as attributes or in its `style`) is kept on the
//! group that holds its shapes, which inherit it as in any SVG viewer.
use resvg::usvg::roxmltree;
use svg::Node;
use svg::node::element::{Element, Group};

const ELEMENTS: &[&str] = &[
    "g", "path", "circle", "ellipse", "rect", "line", "polyline", "polygon",
];
/// A shape's own attributes (where it is); with `INHERITED`, all a symbol's shapes may carry.
const ATTRIBUTES: &[&str] = &[
    "d",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "x",
    "y",
    "width",
    "height",
    "x1",
    "y1",
    "x2",
    "y2",
    "points",
    "transform",
];
/// The attributes of the root `<svg>` that its shapes inherit (its paint), kept on the group
/// that holds them; its others (`width`, `viewBox`…) place it, which the rebuilt box does.
const INHERITED: &[&str] = &[
    "fill",
    "stroke",
    "stroke-width",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "stroke-dasharray",
    "fill-rule",
    "clip-rule",
    "opacity",
    "fill-opacity",
    "stroke-opacity",
];
/// Elements that draw nothing: left out, with everything inside them.
const SKIPPED: &[&str] = &["defs", "metadata", "title", "desc"];
/// Attributes that only name or classify an element: left out.
const IGNORED: &[&str] = &["id", "class", "style", "display", "visibility"];
const SVG_NAMESPACE: &str = "http://www.w3.org/2000/svg";

/// Largest symbol file accepted.
pub const MAX_SYMBOL_BYTES: usize = 256 * 1024;

/// Deepest nesting of groups in a symbol.
const MAX_DEPTH: usize = 16;

/// Most dashes a symbol's dashed strokes may make, summed over its shapes: each is drawn, so a
/// tiny `stroke-dasharray` on a long path would take the rasterizer minutes.
pub const MAX_DASHES: f64 = 10_000.0;

/// Why a symbol file cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SymbolError {
    #[error("the file is larger than {MAX_SYMBOL_BYTES} bytes")]
    TooLarge,
    /// Not a plain file in the game's folder, or not readable.
    #[error("{0}")]
    Unreadable(String),
    #[error("not valid SVG: {0}")]
    NotSvg(String),
    #[error("the file is not UTF-8 text; save it as UTF-8")]
    NotUtf8,
    #[error(
        "it styles shapes with CSS (<style>), which symbols do not read: save it with \
         presentation attributes (Illustrator: Export As ▸ SVG, Styling: Presentation Attributes)"
    )]
    Css,
    #[error("the root element must be <svg>")]
    NotSvgRoot,
    #[error("the <svg> needs a viewBox (or a plain width and height)")]
    NoViewBox,
    #[error("the viewBox must be four numbers")]
    ViewBoxNumbers,
    #[error("the viewBox must have a positive width and height")]
    ViewBoxSize,
    #[error("element <{name}> is not allowed (use {}){}", ELEMENTS.join(", "), match name.as_str() {
        "text" | "tspan" | "flowRoot" => " (turn text into paths first: Inkscape's Path ▸ Object to Path)",
        _ => "",
    })]
    Element { name: String },
    #[error("groups are nested more than {MAX_DEPTH} deep")]
    TooDeep,
    #[error(
        "its dashed strokes (`stroke-dasharray`) make about {0} dashes; a symbol may make at \
         most {MAX_DASHES}: use longer dashes and gaps"
    )]
    TooManyDashes(u64),
    #[error("attribute `{key}` on <{element}> is not allowed")]
    Attribute { key: String, element: String },
    #[error("attribute `{0}` may not refer to other content")]
    Reference(String),
    #[error(
        "a path has an arc of radius {0:.3e}; an arc's radius is at most {max:e} (draw a nearly \
         straight arc as a line, `L`)",
        max = crate::base::arcs::MAX_ARC_RADIUS
    )]
    HugeArc(f64),
}

/// Parses a symbol file into a group scaled to a 100×100 box.
pub fn parse(source: &str) -> Result<Group, SymbolError> {
    if source.len() > MAX_SYMBOL_BYTES {
        return Err(SymbolError::TooLarge);
    }
    let doc = roxmltree::Document::parse(source).map_err(|e| SymbolError::NotSvg(e.to_string()))?;
    let root = doc.root_element();
    // Its rules would be lost with the `<defs>` that hold them: shapes would fall back to black.
    if doc.descendants().any(|n| n.tag_name().name() == "style") {
        return Err(SymbolError::Css);
    }
    if root.tag_name().name() != "svg" {
        return Err(SymbolError::NotSvgRoot);
    }
    let vb: Vec<f64> = view_box(root)?
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| SymbolError::ViewBoxNumbers)?;
    let [x, y, w, h] = vb[..] else {
        return Err(SymbolError::ViewBoxNumbers);
    };
    if !(w.is_finite() && h.is_finite() && w > 0.0 && h > 0.0 && x.is_finite() && y.is_finite()) {
        return Err(SymbolError::ViewBoxSize);
    }
    // Fit the viewBox into 100×100, centred, keeping the aspect ratio.
    let s = 100.0 / w.max(h);
    let (dx, dy) = ((100.0 - w * s) / 2.0 - x * s, (100.0 - h * s) / 2.0 - y * s);
    // In full precision: a viewBox 80,000 wide scales by 0.00125, which three decimals would
    // make 0.001 (drawn a fifth too small), and one of 10⁷ by nothing at all.
    let mut group = Group::new().set(
        "transform",
        format!("translate({} {}) scale({})", exact(dx), exact(dy), exact(s)),
    );
    // The root's paint, as SVG has its shapes inherit it (`<svg fill="#c33">`), its `style`
    // last, as it wins.
    let style = declarations(root.attribute("style").unwrap_or(""));
    let own = root
        .attributes()
        .filter(|a| a.namespace().is_none())
        .map(|a| (a.name(), a.value()));
    for (key, value) in own.chain(style).filter(|(k, _)| INHERITED.contains(k)) {
        if value.contains("url(") {
            return Err(SymbolError::Reference(key.to_string()));
        }
        group.assign(key, value);
    }
    for child in root.children().filter(|c| c.is_element()) {
        if let Some(el) = rebuild(child, 0)? {
            group.append(el);
        }
    }
    let dashes = dashes(&group);
    if dashes > MAX_DASHES {
        return Err(SymbolError::TooManyDashes(dashes as u64));
    }
    Ok(group)
}

/// `v` as SVG reads it back exactly: shortest form, in exponent form when that is shorter
/// (`1.25e-7`, not seven zeros first).
fn exact(v: f64) -> String {
    let (plain, sci) = (format!("{v}"), format!("{v:e}"));
    match sci.len() < plain.len() {
        true => sci,
        false => plain,
    }
}

/// How many dashes the dashed strokes of `group` make: each path's length (a curve's control
/// polygon, which is no shorter) over its dash pattern's.
fn dashes(group: &Group) -> f64 {
    use resvg::usvg::{Node, tiny_skia_path::PathSegment};
    // Only a dashed symbol needs its lengths measured.
    if !group.to_string().contains("stroke-dasharray") {
        return 0.0;
    }
    let svg =
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{group}</svg>"#);
    // What does not parse draws nothing (drawing parses it the same way).
    let Ok(tree) = crate::draw::trees::parse(&svg) else {
        return 0.0;
    };
    fn walk(g: &resvg::usvg::Group) -> f64 {
        let mut sum = 0.0;
        for node in g.children() {
            match node {
                Node::Group(g) => sum += walk(g),
                Node::Path(p) => {
                    let Some(pattern) = p.stroke().and_then(|s| s.dasharray()) else {
                        continue;
                    };
                    let period: f64 = pattern.iter().map(|&d| f64::from(d)).sum();
                    let (mut at, mut start, mut length) = ((0.0f32, 0.0f32), (0.0, 0.0), 0.0);
                    for seg in p.data().segments() {
                        let through: &[_] = match seg {
                            PathSegment::MoveTo(p) => {
                                (at, start) = ((p.x, p.y), (p.x, p.y));
                                &[]
                            }
                            PathSegment::LineTo(p) => &[p],
                            PathSegment::QuadTo(a, p) => &[a, p],
                            PathSegment::CubicTo(a, b, p) => &[a, b, p],
                            PathSegment::Close => &[resvg::usvg::tiny_skia_path::Point::from_xy(
                                start.0, start.1,
                            )],
                        };
                        for p in through {
                            length += f64::from((p.x - at.0).hypot(p.y - at.1));
                            at = (p.x, p.y);
                        }
                    }
                    // A pattern of zero length is not dashed (usvg drops it); a dash and its
                    // gap are counted as one.
                    if period > 0.0 {
                        sum += length / period * 2.0;
                    }
                }
                _ => {}
            }
        }
        sum
    }
    walk(tree.root())
}

/// The `viewBox`, or one made from a plain `width` and `height` (in user units or `px`).
fn view_box<'a>(root: roxmltree::Node<'a, 'a>) -> Result<std::borrow::Cow<'a, str>, SymbolError> {
    if let Some(vb) = root.attribute("viewBox") {
        return Ok(vb.into());
    }
    let plain = |name| {
        root.attribute(name)
            .map(|v: &str| v.trim().trim_end_matches("px"))
            .and_then(|v| v.parse::<f64>().ok())
    };
    match (plain("width"), plain("height")) {
        (Some(w), Some(h)) => Ok(format!("0 0 {w} {h}").into()),
        _ => Err(SymbolError::NoViewBox),
    }
}

/// The element as a symbol may hold it, or `None` for one that draws nothing (editor data, a
/// hidden layer).
fn rebuild(node: roxmltree::Node, depth: usize) -> Result<Option<Element>, SymbolError> {
    let name = node.tag_name().name();
    let foreign = node
        .tag_name()
        .namespace()
        .is_some_and(|n| n != SVG_NAMESPACE);
    let style = declarations(node.attribute("style").unwrap_or(""));
    let hides = |k: &str, v: &str| {
        (k == "display" && v == "none") || (k == "visibility" && matches!(v, "hidden" | "collapse"))
    };
    let hidden = ["display", "visibility"]
        .iter()
        .any(|&k| node.attribute(k).is_some_and(|v| hides(k, v.trim())))
        || style.iter().any(|&(k, v)| hides(k, v));
    if foreign || SKIPPED.contains(&name) || hidden {
        return Ok(None);
    }
    if !ELEMENTS.contains(&name) {
        return Err(SymbolError::Element {
            name: name.to_string(),
        });
    }
    if depth > MAX_DEPTH {
        return Err(SymbolError::TooDeep);
    }
    let mut el = Element::new(name);
    let editor_only =
        |a: &roxmltree::Attribute| a.namespace().is_some() || IGNORED.contains(&a.name());
    let attributes = node
        .attributes()
        .filter(|a| !editor_only(a))
        .map(|a| (a.name(), a.value()));
    // Style comes last: in SVG it wins over the attribute of the same name.
    let styled = style
        .iter()
        .copied()
        .filter(|(k, _)| ATTRIBUTES.contains(k) || INHERITED.contains(k));
    for (key, value) in attributes.chain(styled) {
        if !ATTRIBUTES.contains(&key) && !INHERITED.contains(&key) {
            return Err(SymbolError::Attribute {
                key: key.to_string(),
                element: name.to_string(),
            });
        }
        if value.contains("url(") {
            return Err(SymbolError::Reference(key.to_string()));
        }
        if key == "d"
            && let Some(r) = crate::base::arcs::largest_radius(value)
            && r > crate::base::arcs::MAX_ARC_RADIUS
        {
            return Err(SymbolError::HugeArc(r));
        }
        el.assign(key, value);
    }
    for child in node.children().filter(|c| c.is_element()) {
        if let Some(c) = rebuild(child, depth + 1)? {
            el.append(c);
        }
    }
    Ok(Some(el))
}

/// `fill:#000;stroke:none` as `[("fill", "#000"), ("stroke", "none")]`.
fn declarations(style: &str) -> Vec<(&str, &str)> {
    style
        .split(';')
        .filter_map(|d| d.split_once(':'))
        .map(|(k, v)| (k.trim(), v.trim()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_plain_shapes() {
        let g = parse(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="40" fill="currentColor"/></svg>"#).unwrap();
        assert!(g.to_string().contains("<circle"));
    }

    #[test]
    fn the_roots_paint_is_inherited_by_its_shapes() {
        use resvg::usvg::Node;
        let svg = |root: &str| {
            let g = parse(&format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" {root}><rect width="10" height="10"/><circle cx="5" cy="5" r="2" fill="currentColor"/></svg>"#
            ))
            .unwrap();
            // Placed as a face places a symbol, in the ink colour (blue).
            let placed = crate::draw::canvas::place(&g, 0.0, 0.0, 10.0, "#0000ff");
            let doc = format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{placed}</svg>"#
            );
            crate::draw::trees::parse(&doc).unwrap()
        };
        // Every path of the tree with its fill and stroke as drawn.
        fn paints(g: &resvg::usvg::Group, out: &mut Vec<(String, String)>) {
            for node in g.children() {
                match node {
                    Node::Group(g) => paints(g, out),
                    Node::Path(p) => {
                        let colour = |paint: Option<&resvg::usvg::Paint>| match paint {
                            Some(resvg::usvg::Paint::Color(c)) => {
                                format!("#{:02x}{:02x}{:02x}", c.red, c.green, c.blue)
                            }
                            _ => "none".to_string(),
                        };
                        out.push((
                            colour(p.fill().map(|f| f.paint())),
                            colour(p.stroke().map(|s| s.paint())),
                        ));
                    }
                    _ => {}
                }
            }
        }
        let drawn = |root: &str| {
            let mut out = Vec::new();
            paints(svg(root).root(), &mut out);
            out
        };
        let none = ("none".to_string(), "none".to_string());
        let painted = |fill: &str, stroke: &str| (fill.to_string(), stroke.to_string());
        // Without paint on the root, SVG's defaults: black, and the ink where it asks.
        assert_eq!(
            drawn(""),
            vec![painted("#000000", "none"), painted("#0000ff", "none")]
        );
        // The root's fill and stroke reach the shapes that set none; a shape's own wins.
        assert_eq!(
            drawn(r##"fill="#cc3333" stroke="#00ff00" stroke-width="0.5""##),
            vec![painted("#cc3333", "#00ff00"), painted("#0000ff", "#00ff00")]
        );
        // In `style` as in attributes, and `currentColor` there is the ink.
        assert_eq!(
            drawn(r#"style="fill:currentColor""#),
            vec![painted("#0000ff", "none"), painted("#0000ff", "none")]
        );
        // `fill="none"` on the root: the shapes that set no fill are outlines (none here).
        assert_eq!(drawn(r#"fill="none""#)[0], none);
        assert!(matches!(
            parse(r#"<svg viewBox="0 0 10 10" fill="url(#g)"><rect width="1" height="1"/></svg>"#),
            Err(SymbolError::Reference(_))
        ));
    }

    #[test]
    fn dashes_are_counted_along_the_path_and_bounded() {
        let dashed = |pattern: &str| {
            format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><g transform="scale(0.5)"><circle cx="100" cy="100" r="80" fill="none" stroke="black" stroke-dasharray="{pattern}"/></g></svg>"#
            )
        };
        // (An odd list is repeated: `0.15` is 0.15 on, 0.15 off.)
        // A circle of 503 units' circumference, dashed 4 on, 4 off: 126 dashes and gaps, or
        // 139 along its curves' control polygons (a little longer, never shorter).
        let g = parse(&dashed("4 4")).unwrap();
        let n = dashes(&g);
        assert!((126.0..=140.0).contains(&n), "{n}");
        assert!(
            parse(&dashed("0.15")).is_ok(),
            "3,700 dashes: within the limit"
        );
        assert!(matches!(
            parse(&dashed("0.0001")).err(),
            Some(SymbolError::TooManyDashes(n)) if n > 5_000_000
        ));
        // No pattern, or one of zero length: no dashes.
        assert_eq!(dashes(&parse(&dashed("0")).unwrap()), 0.0);
    }

    #[test]
    fn refuses_images_scripts_and_links() {
        for bad in [
            r#"<svg viewBox="0 0 10 10"><image href="/etc/passwd"/></svg>"#,
            r#"<svg viewBox="0 0 10 10"><script>x</script></svg>"#,
            r#"<svg viewBox="0 0 10 10"><rect fill="url(#a)"/></svg>"#,
            r#"<svg viewBox="0 0 10 10"><rect onload="x"/></svg>"#,
            r#"<svg><rect/></svg>"#,
            r#"<svg viewBox="0 0 0 10"><rect/></svg>"#,
            "not xml",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    /// What Inkscape 1.x writes for a plain drawing: its namespaces, a `<sodipodi:namedview>`,
    /// an empty `<defs>`, a layer group, ids, and every colour in `style=""`.
    const INKSCAPE: &str = r##"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg width="100mm" height="100mm" viewBox="0 0 100 100" version="1.1" id="svg1"
   inkscape:version="1.3.2 (091e20e, 2023-11-25)" sodipodi:docname="leaf.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:zoom="2.1" />
  <defs id="defs1" />
  <metadata><rdf:RDF><dc:title>leaf</dc:title></rdf:RDF></metadata>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1" style="display:inline">
    <path style="fill:#2f6b22;fill-opacity:1;stroke:none;stroke-width:0.26;-inkscape-stroke:none"
       d="M 10,90 C 10,40 40,10 90,10 C 90,60 60,90 10,90 Z" id="path1"
       sodipodi:nodetypes="ccc" inkscape:connector-curvature="0" />
  </g>
  <g inkscape:label="Sketch" inkscape:groupmode="layer" id="layer2" style="display:none">
    <rect x="0" y="0" width="100" height="100" style="fill:#ff0000" id="rect1" />
  </g>
</svg>"##;

    #[test]
    fn takes_an_inkscape_file_as_saved() {
        let g = parse(INKSCAPE).unwrap().to_string();
        // The leaf, with its colour from `style`; not the hidden sketch layer or editor data.
        assert!(g.contains(r##"fill="#2f6b22""##), "{g}");
        assert!(g.contains(r#"stroke="none""#), "{g}");
        for left_out in [
            "#ff0000",
            "inkscape",
            "sodipodi",
            "namedview",
            "metadata",
            "id=",
            "style=",
        ] {
            assert!(!g.contains(left_out), "{left_out} in {g}");
        }
    }

    #[test]
    fn style_may_not_refer_to_other_content() {
        let bad = r#"<svg viewBox="0 0 10 10"><rect style="fill:url(#grad)"/></svg>"#;
        assert!(
            parse(bad)
                .unwrap_err()
                .to_string()
                .contains("may not refer")
        );
    }

    #[test]
    fn css_classes_are_refused_and_hidden_shapes_dropped() {
        let css = r#"<svg viewBox="0 0 10 10"><defs><style>.a{fill:none;stroke:#000}</style></defs><circle class="a" r="4"/></svg>"#;
        assert!(
            parse(css)
                .unwrap_err()
                .to_string()
                .contains("presentation attributes")
        );
        for hidden in [
            r#"<rect width="10" height="10" visibility="hidden"/>"#,
            r#"<rect width="10" height="10" style="visibility:collapse"/>"#,
            r#"<rect width="10" height="10" display="none"/>"#,
        ] {
            let g = parse(&format!(r#"<svg viewBox="0 0 10 10">{hidden}</svg>"#)).unwrap();
            assert!(!g.to_string().contains("<rect"), "{hidden}");
        }
    }

    #[test]
    fn text_is_refused_with_the_way_to_fix_it() {
        let bad = r#"<svg viewBox="0 0 10 10"><text>A</text></svg>"#;
        assert!(
            parse(bad)
                .unwrap_err()
                .to_string()
                .contains("Object to Path")
        );
    }

    #[test]
    fn a_plain_width_and_height_stand_for_a_missing_view_box() {
        let g = parse(r#"<svg width="50" height="25px"><rect width="50" height="25"/></svg>"#);
        // 50 wide fits 100: scale 2, centred vertically.
        assert!(g.unwrap().to_string().contains("translate(0 25) scale(2)"));
    }
}
