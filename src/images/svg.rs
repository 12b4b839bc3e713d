//! What an SVG picture (`image: art/map.svg`) may hold. It is drawn whole, into every face that
//! shows it, by krilla for the PDF and by resvg for the PNGs: what neither can draw safely is
//! refused when the picture is read, at its `image:` line.
//!
//! - Its size and every coordinate stay within bounds: krilla panicked on a path near ±1e38.
use resvg::usvg::{self, Node, Tree};

/// Smallest and largest side of a picture, in its own units (CSS pixels).
const MIN_SIDE: f32 = 0.01;
const MAX_SIDE: f32 = 1_000_000.0;
/// How far from its box a picture's drawing may reach, in multiples of its larger side: far
/// beyond anything a drawing program leaves off the page, and far within what f32 coordinates
/// hold once the picture is scaled onto a piece of at most 1 m.
const MAX_REACH: f32 = 1_000.0;

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
    every_node(tree.root(), &mut |node| match node {
        Node::Path(path) => {
            let t = path.abs_transform();
            for p in path.data().points() {
                let mut p = *p;
                t.map_point(&mut p);
                far(p.x);
                far(p.y);
            }
            if let Some(stroke) = path.stroke() {
                let (sx, sy) = t.get_scale();
                far(stroke.width().get() * sx.max(sy));
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
        }
        Node::Image(image) => {
            let b = image.abs_bounding_box();
            for v in [b.left(), b.top(), b.right(), b.bottom()] {
                far(v);
            }
        }
        Node::Text(_) => {}
    });
    match reach > limit {
        true => Err(SvgPictureError::TooFar { reach }),
        false => Ok(()),
    }
}

/// Calls `visit` on every node of `root`, those of its clip paths, masks, patterns and text
/// outlines included, without recursion (a picture's nesting is as deep as its file says).
fn every_node(root: &usvg::Group, visit: &mut dyn FnMut(&Node)) {
    let mut groups = vec![root];
    while let Some(group) = groups.pop() {
        for node in group.children() {
            visit(node);
            groups.extend(inside(node));
        }
    }
}

/// The groups a node draws: a group's children, its clip path's and mask's, a shape's patterns
/// and a text's outlines (as `Node::subroots`, but with the tree's own lifetime).
fn inside(node: &Node) -> Vec<&usvg::Group> {
    let mut groups = Vec::new();
    match node {
        Node::Group(g) => {
            groups.push(&**g);
            if let Some(clip) = g.clip_path() {
                let mut clip = Some(clip);
                while let Some(c) = clip {
                    groups.push(c.root());
                    clip = c.clip_path();
                }
            }
            let mut mask = g.mask();
            while let Some(m) = mask {
                groups.push(m.root());
                mask = m.mask();
            }
        }
        Node::Path(path) => {
            let paints = [
                path.fill().map(|f| f.paint()),
                path.stroke().map(|s| s.paint()),
            ];
            for paint in paints.into_iter().flatten() {
                if let usvg::Paint::Pattern(pattern) = paint {
                    groups.push(pattern.root());
                }
            }
        }
        Node::Text(text) => groups.push(text.flattened()),
        Node::Image(_) => {}
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(svg: &str) -> Tree {
        usvg::Tree::from_str(svg, &crate::trees::options()).unwrap()
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
