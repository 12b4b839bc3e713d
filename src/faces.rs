//! Face SVG → `usvg::Tree`, parsed once per distinct face (in parallel) with our own font
//! database and no access to files or the network. Every sink draws from these trees.
use rayon::prelude::*;
use resvg::usvg;
use std::sync::Arc;

use crate::draw::{FaceDoc, Painter};

/// Parse options: our fonts only, and no external images or files of any kind.
pub fn options() -> usvg::Options<'static> {
    let mut opt = usvg::Options {
        fontdb: crate::fonts::database(),
        font_family: crate::fonts::SANS.to_string(),
        resources_dir: None,
        ..usvg::Options::default()
    };
    opt.image_href_resolver = usvg::ImageHrefResolver {
        resolve_data: Box::new(|_, _, _| None),
        resolve_string: Box::new(|_, _| None),
    };
    opt
}

/// Parses one SVG document. Our own documents always parse; an error here is a bug in drawing.
pub fn parse(svg: &str) -> Result<usvg::Tree, String> {
    usvg::Tree::from_str(svg, &options()).map_err(|e| e.to_string())
}

/// Parses one face (drawing it again first if it kept no SVG); errors name the face.
pub fn parse_face(doc: &FaceDoc, painter: &Painter) -> Result<usvg::Tree, String> {
    doc.svg(painter)
        .and_then(|svg| parse(&svg))
        .map_err(|e| format!("face {}: {e}", doc.name))
}

/// Parses every face, in parallel, in order.
pub fn parse_all(docs: &[FaceDoc], painter: &Painter) -> Result<Vec<Arc<usvg::Tree>>, String> {
    docs.par_iter()
        .map(|d| parse_face(d, painter).map(Arc::new))
        .collect()
}
