//! Symbol art from `templates/symbols/` or a game's own `symbols/`: parsed, checked against a
//! short list of plain shape elements (no scripts, images, links or ids), and rebuilt in a
//! 100×100 box so the drawing code can place it at any size and colour.
use resvg::usvg::roxmltree;
use svg::Node;
use svg::node::element::{Element, Group};

const ELEMENTS: &[&str] = &[
    "g", "path", "circle", "ellipse", "rect", "line", "polyline", "polygon",
];
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
/// Largest symbol file accepted.
pub const MAX_SYMBOL_BYTES: usize = 256 * 1024;

/// Parses a symbol file into a group scaled to a 100×100 box.
pub fn parse(source: &str) -> Result<Group, String> {
    if source.len() > MAX_SYMBOL_BYTES {
        return Err(format!("the file is larger than {MAX_SYMBOL_BYTES} bytes"));
    }
    let doc = roxmltree::Document::parse(source).map_err(|e| format!("not valid SVG: {e}"))?;
    let root = doc.root_element();
    if root.tag_name().name() != "svg" {
        return Err("the root element must be <svg>".into());
    }
    let vb: Vec<f64> = root
        .attribute("viewBox")
        .ok_or("the <svg> needs a viewBox")?
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| "the viewBox must be four numbers")?;
    let [x, y, w, h] = vb[..] else {
        return Err("the viewBox must be four numbers".into());
    };
    if !(w.is_finite() && h.is_finite() && w > 0.0 && h > 0.0 && x.is_finite() && y.is_finite()) {
        return Err("the viewBox must have a positive width and height".into());
    }
    // Fit the viewBox into 100×100, centred, keeping the aspect ratio.
    let s = 100.0 / w.max(h);
    let (dx, dy) = ((100.0 - w * s) / 2.0 - x * s, (100.0 - h * s) / 2.0 - y * s);
    let mut group = Group::new().set(
        "transform",
        format!(
            "translate({} {}) scale({})",
            super::canvas::n(dx),
            super::canvas::n(dy),
            super::canvas::n(s)
        ),
    );
    for child in root.children().filter(|c| c.is_element()) {
        group.append(rebuild(child, 0)?);
    }
    Ok(group)
}

fn rebuild(node: roxmltree::Node, depth: usize) -> Result<Element, String> {
    let name = node.tag_name().name();
    if !ELEMENTS.contains(&name) {
        return Err(format!(
            "element <{name}> is not allowed (use {})",
            ELEMENTS.join(", ")
        ));
    }
    if depth > 16 {
        return Err("groups are nested too deeply".into());
    }
    let mut el = Element::new(name);
    for a in node.attributes() {
        if a.namespace().is_some() || !ATTRIBUTES.contains(&a.name()) {
            return Err(format!(
                "attribute `{}` on <{name}> is not allowed",
                a.name()
            ));
        }
        if a.value().contains("url(") {
            return Err(format!(
                "attribute `{}` may not refer to other content",
                a.name()
            ));
        }
        el.assign(a.name(), a.value());
    }
    for child in node.children().filter(|c| c.is_element()) {
        el.append(rebuild(child, depth + 1)?);
    }
    Ok(el)
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
}
