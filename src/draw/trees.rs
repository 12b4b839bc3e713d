//! SVG → `usvg::Tree`, with our own font database and no access to files or the network. Every
//! sink draws faces and pages from such trees.
use resvg::usvg;

/// Parse options: our fonts only, and no files of any kind: an image is only a picture the game
/// named and pnp read and checked (`images::resolve`).
pub fn options() -> usvg::Options<'static> {
    let mut opt = usvg::Options {
        fontdb: crate::base::fonts::database(),
        font_family: crate::base::fonts::SANS.to_string(),
        resources_dir: None,
        ..usvg::Options::default()
    };
    opt.image_href_resolver = usvg::ImageHrefResolver {
        resolve_data: Box::new(|_, _, _| None),
        resolve_string: Box::new(|href, _| crate::draw::images::resolve(href)),
    };
    opt
}

/// Parses one SVG document. Our own documents always parse; an error here is a bug in drawing.
pub fn parse(svg: &str) -> Result<usvg::Tree, usvg::Error> {
    usvg::Tree::from_str(svg, &options())
}
