//! Rendering the export's pictures: single faces, cut-outs, deck sheets and dice.
use resvg::usvg::Tree;
use std::sync::Arc;

use super::sheet::Grid;
use super::{dice, image, sheet};
use crate::outputs::png::ImageError;
use crate::resolve::faces::FaceDoc;

/// One image file to render.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) enum Picture {
    /// One face on white; `turned`: a landscape card's, drawn a quarter turn clockwise into a
    /// portrait `w`×`h`.
    Single {
        img: usize,
        w: u32,
        h: u32,
        turned: bool,
    },
    /// One face, transparent around it (RGBA): a standee's outline comes from it.
    Cutout { img: usize, w: u32, h: u32 },
    /// A deck sheet; `turned`: of landscape cards, each drawn a quarter turn clockwise into its
    /// portrait cell.
    Sheet {
        imgs: Vec<usize>,
        grid: Grid,
        cell: (u32, u32),
        turned: bool,
    },
    /// A die in TTS's template of its type, its faces (face "1" first) drawn `side` px square
    /// each; the template `template` px square (a d6's is three faces).
    Die {
        imgs: Vec<usize>,
        side: u32,
        template: u32,
    },
}

pub(super) type Images = [(FaceDoc, Arc<Tree>)];

/// Renders and encodes one picture.
pub(super) fn render_picture(picture: &Picture, images: &Images) -> Result<Vec<u8>, ImageError> {
    let one = |i: usize, w: u32, h: u32| image::render(&images[i].1, &images[i].0, w, h);
    // A `w`×`h` picture of face `i`, turned a quarter clockwise when `turned`.
    let cell = |i: usize, w: u32, h: u32, turned: bool| match turned {
        true => one(i, h, w).and_then(image::quarter_turn),
        false => one(i, w, h),
    };
    match picture {
        Picture::Single { img, w, h, turned } => image::encode_rgb(cell(*img, *w, *h, *turned)?),
        Picture::Cutout { img, w, h } => {
            let (doc, tree) = &images[*img];
            let p = image::render_clear(tree, doc, *w, *h)?;
            crate::outputs::png::encode(&p, &Default::default())
        }
        // Cells in parallel too: one big deck is most of the work.
        Picture::Sheet {
            imgs,
            grid,
            cell: size,
            turned,
        } => sheet::encode(imgs.len(), *grid, *size, |k| {
            cell(imgs[k], size.0, size.1, *turned)
        }),
        Picture::Die {
            imgs,
            side,
            template,
        } => {
            let faces: Vec<_> = imgs
                .iter()
                .map(|i| one(*i, *side, *side))
                .collect::<Result<_, _>>()?;
            if let Some(solid) = crate::base::polyhedra::Solid::with_faces(faces.len()) {
                return image::encode_rgb(dice::compose_solid(solid, &faces, *template)?);
            }
            let faces: [_; 6] = faces
                .try_into()
                .map_err(|_| ImageError::Parts("a die needs 4, 6, 8, 10, 12 or 20 faces".into()))?;
            image::encode_rgb(dice::compose(&faces)?)
        }
    }
}

pub(super) struct Job {
    pub rel: String,
    pub picture: Picture,
}
