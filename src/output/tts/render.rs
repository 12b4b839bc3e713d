//! Rendering the export's pictures: single faces, cut-outs, deck sheets and die nets.
use resvg::usvg::Tree;
use std::sync::Arc;

use super::sheet::Grid;
use super::{dice, image, sheet};
use crate::draw::FaceDoc;
use crate::output::png::ImageError;

/// One image file to render.
pub(super) enum Picture {
    /// One face on white.
    Single { img: usize, w: u32, h: u32 },
    /// One face, transparent around it (RGBA): a standee's outline comes from it.
    Cutout { img: usize, w: u32, h: u32 },
    /// A deck sheet.
    Sheet {
        imgs: Vec<usize>,
        grid: Grid,
        cell: (u32, u32),
    },
    /// A d6 net of six square faces (face "1" first), `side` px each.
    DieNet { imgs: [usize; 6], side: u32 },
}

pub(super) type Images = [(FaceDoc, Arc<Tree>)];

/// Renders and encodes one picture.
pub(super) fn render_picture(picture: &Picture, images: &Images) -> Result<Vec<u8>, ImageError> {
    let one = |i: usize, w: u32, h: u32| image::render(&images[i].1, &images[i].0, w, h);
    match picture {
        Picture::Single { img, w, h } => image::encode_rgb(one(*img, *w, *h)?),
        Picture::Cutout { img, w, h } => {
            let (doc, tree) = &images[*img];
            let p = image::render_clear(tree, doc, *w, *h)?;
            crate::output::png::encode(&p, &Default::default())
        }
        // Cells in parallel too: one big deck is most of the work.
        Picture::Sheet { imgs, grid, cell } => {
            sheet::encode(imgs.len(), *grid, *cell, |k| one(imgs[k], cell.0, cell.1))
        }
        Picture::DieNet { imgs, side } => {
            let faces: Vec<_> = imgs
                .iter()
                .map(|i| one(*i, *side, *side))
                .collect::<Result<_, _>>()?;
            let faces: [_; 6] = faces
                .try_into()
                .map_err(|_| ImageError::Parts("a die needs six faces".into()))?;
            image::encode_rgb(dice::compose_net(&faces)?)
        }
    }
}

pub(super) struct Job {
    pub rel: String,
    pub picture: Picture,
}
