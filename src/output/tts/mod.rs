//! Tabletop Simulator export: `pnp tts <game>` → a folder with the deck sheets and images, and a
//! saved object (JSON + 256×256 thumbnail) that TTS loads from its "Saved Objects".
//!
//! The steps: the game is prepared exactly as for print (same parsed faces), each component is
//! mapped to a TTS object family by its kind (`map::form_of`), images are rendered in parallel
//! and written with the atomic `Staging`, and the objects are laid out on the table (`place`).
//! Nothing here reads the clock or randomness: the same input gives the same bytes.
mod collect;
mod components;
pub mod deck;
pub mod dice;
pub mod guid;
pub mod image;
pub mod install;
pub mod map;
pub mod model;
pub mod objects;
pub mod place;
mod render;
pub mod sheet;

use rayon::prelude::*;
use resvg::usvg::Tree;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::Written;
use crate::draw::FaceDoc;
use crate::error::{Error, OutputError};
use crate::layout::document::Document;
use crate::options::{BuildOptions, MAX_DPI, MIN_DPI};
use crate::output::writer::{Staging, check_output, ensure_dir};
use crate::spec::Game;

use collect::Export;
use components::map_component;
use model::SavedObject;
use place::Band;
use render::render_picture;

/// Default resolution of TTS images: sharp on screen, and a full 10×7 sheet of poker cards
/// (500 × 700 px cells) just over the 4096 px limit, so it is only slightly reduced.
pub const DEFAULT_DPI: u32 = 200;

#[derive(Debug, Clone, PartialEq)]
pub struct TtsOptions {
    pub dpi: u32,
    /// Where the images will be hosted (ends with `/`); `None`: local `file:///` URLs.
    pub base_url: Option<String>,
    /// The export folder; `None`: `output/<game>/tts`.
    pub out: Option<PathBuf>,
    /// Also copy the saved object into TTS's Saved Objects folder.
    pub install: bool,
    pub validate: bool,
}

impl Default for TtsOptions {
    fn default() -> Self {
        TtsOptions {
            dpi: DEFAULT_DPI,
            base_url: None,
            out: None,
            install: false,
            validate: true,
        }
    }
}

impl TtsOptions {
    /// Checks the user's choices.
    pub fn new(
        dpi: Option<u32>,
        base_url: Option<String>,
        out: Option<PathBuf>,
        install: bool,
        no_validate: bool,
    ) -> Result<TtsOptions, Error> {
        let dpi = dpi.unwrap_or(DEFAULT_DPI);
        if !(MIN_DPI..=MAX_DPI).contains(&dpi) {
            return Err(Error::Options(format!(
                "--dpi {dpi}: expected {MIN_DPI} to {MAX_DPI}"
            )));
        }
        let base_url = match base_url {
            None => None,
            Some(u) => {
                let t = u.trim();
                let ok = (t.starts_with("https://") || t.starts_with("http://"))
                    && t.len() > "https://".len()
                    && !t.contains(char::is_whitespace)
                    && !t.contains(['"', '\\']);
                if !ok {
                    return Err(Error::Options(format!(
                        "--base-url {u}: expected an http:// or https:// address without spaces, e.g. https://example.org/my-game/"
                    )));
                }
                Some(if t.ends_with('/') {
                    t.to_string()
                } else {
                    format!("{t}/")
                })
            }
        };
        Ok(TtsOptions {
            dpi,
            base_url,
            out,
            install,
            validate: !no_validate,
        })
    }
}

#[derive(Debug, Clone, Default)]
pub struct TtsReport {
    pub written: Vec<Written>,
    pub warnings: Vec<crate::error::Diagnostic>,
    /// Objects on the table (a deck or a bag counts once).
    pub objects: usize,
    /// The saved object's copy in TTS's folder, with `--install`.
    pub installed: Option<PathBuf>,
}

/// The export folder.
pub fn tts_dir(game: &Game, opt: &TtsOptions) -> PathBuf {
    opt.out
        .clone()
        .unwrap_or_else(|| Path::new("output").join(game.id()).join("tts"))
}

/// What can go wrong in an export beyond writing: what only drawing finds, or a bug of pnp's.
#[derive(Debug, thiserror::Error)]
pub enum TtsError {
    #[error(transparent)]
    Draw(#[from] crate::draw::DrawError),
    #[error("could not read pnp's drawing of {what}: {why}")]
    Drawing { what: String, why: Tree2Error },
    #[error("could not make {what}: {why}")]
    Image {
        what: String,
        why: crate::output::png::ImageError,
    },
    #[error("`{0}` is not a die with six faces")]
    NotADie(String),
    #[error("`{0}` has no figure to stand up")]
    NoFigure(String),
    #[error("could not write the saved object: {0}")]
    Json(#[from] serde_json::Error),
}

/// usvg's error, as the export names it.
pub type Tree2Error = resvg::usvg::Error;

fn tts_err(e: impl Into<TtsError>) -> Error {
    Error::Output(OutputError::Tts(e.into()))
}

/// `file:///` URL of a folder (absolute, `/`-separated, ending in `/`).
fn file_url(dir: &Path) -> String {
    let s = dir.to_string_lossy().replace('\\', "/");
    // Windows' canonical paths start with `//?/`.
    let s = s.strip_prefix("//?/").unwrap_or(&s);
    let s = s.trim_start_matches('/').trim_end_matches('/');
    format!("file:///{s}/")
}

/// Exports a game for Tabletop Simulator.
pub fn export(game: &Game, opt: &TtsOptions) -> Result<TtsReport, Error> {
    let mut report = TtsReport {
        warnings: game.warnings.clone(),
        ..TtsReport::default()
    };
    if opt.validate {
        crate::check_rules(game)?;
    } else {
        report
            .warnings
            .push(crate::error::Diagnostic::unplaced_warning(
                "rules not validated (--no-validate)".into(),
            ));
    }
    // Everything that can fail on the input or the environment fails before any file is made.
    let saves = if opt.install {
        // Where to install is the user's setting: an options error, as a bad flag is.
        Some(install::saved_objects_dir().map_err(|e| Error::Options(e.to_string()))?)
    } else {
        None
    };
    let bopt = BuildOptions {
        dpi: opt.dpi,
        // Not the PNG sink's images: TTS fits its own within 4096 px (`image::fitted_size`).
        png: false,
        ..BuildOptions::default()
    };
    let prepared = crate::prepare(game, &bopt)?;
    report
        .warnings
        .extend(prepared.faces.warnings.iter().cloned());
    let dir = tts_dir(game, opt);
    ensure_dir(&dir)?;
    let abs = std::fs::canonicalize(&dir).map_err(|source| OutputError::Write {
        path: dir.clone(),
        source,
    })?;
    let base = opt.base_url.clone().unwrap_or_else(|| file_url(&abs));
    let trees = prepared.face_trees()?;
    let mut ex = Export::new(game, &prepared, trees, opt.dpi, base);
    for ci in 0..game.spec.components.len() {
        map_component(&mut ex, &prepared, ci)?;
    }

    // Lay the objects out.
    let footprints: Vec<_> = ex.placed.iter().map(|(b, w, d, _)| (*b, *w, *d)).collect();
    let centres = place::arrange(&footprints);
    let mut objects = Vec::with_capacity(ex.placed.len());
    for ((band, _, _, mut obj), (x, z)) in std::mem::take(&mut ex.placed).into_iter().zip(centres) {
        let y = if band == Band::Board { 1.0 } else { 1.5 };
        obj.transform = obj.transform.at(x, y, z);
        for inner in obj.contained_objects.iter_mut().flatten() {
            inner.transform = inner.transform.at(x, y, z);
        }
        objects.push(obj);
    }
    report.objects = objects.len();

    // Every file's path is checked before any is drawn or written: a link, a device, a FIFO or
    // a folder where one goes is refused.
    let stem = game.id();
    let json_path = dir.join(format!("{stem}.json"));
    let thumb_path = dir.join(format!("{stem}.png"));
    let installed = saves
        .as_ref()
        .map(|saves| saves.join(format!("{stem}.json")));
    // Exporting straight into Saved Objects: the files are already there.
    let install: Vec<PathBuf> = saves
        .filter(|saves| !std::fs::canonicalize(saves).is_ok_and(|s| s == abs))
        .map_or(Vec::new(), |saves| {
            vec![
                saves.join(format!("{stem}.json")),
                saves.join(format!("{stem}.png")),
            ]
        });
    let images = ex.jobs.iter().map(|job| dir.join(&job.rel));
    for path in images
        .chain([json_path.clone(), thumb_path.clone()])
        .chain(install.clone())
    {
        check_output(&path)?;
    }

    // Render and encode every image in parallel.
    let images = &ex.images;
    let encoded: Vec<(String, Vec<u8>)> = ex
        .jobs
        .par_iter()
        .map(|job| -> Result<(String, Vec<u8>), Error> {
            let bytes = render_picture(&job.picture, images).map_err(|why| OutputError::Png {
                name: job.rel.clone(),
                why,
            })?;
            Ok((job.rel.clone(), bytes))
        })
        .collect::<Result<_, _>>()?;

    let staging = Staging::new();
    let (mut decks, mut singles) = ((0usize, 0u64), (0usize, 0u64));
    for (rel, bytes) in &encoded {
        staging.write(&dir.join(rel), bytes)?;
        let tally = if rel.starts_with("decks/") {
            &mut decks
        } else {
            &mut singles
        };
        tally.0 += 1;
        tally.1 += bytes.len() as u64;
    }
    if decks.0 > 0 {
        report.written.push(Written {
            path: dir.join("decks"),
            what: format!("{} deck images", decks.0),
            bytes: decks.1,
        });
    }
    if singles.0 > 0 {
        report.written.push(Written {
            path: dir.join("images"),
            what: format!("{} images", singles.0),
            bytes: singles.1,
        });
    }

    let saved = SavedObject::new(game.name(), objects);
    let mut json = serde_json::to_vec_pretty(&saved).map_err(tts_err)?;
    json.push(b'\n');
    let thumb = thumbnail(&prepared, &ex.images).map_err(|why| {
        tts_err(TtsError::Image {
            what: "the thumbnail".into(),
            why,
        })
    })?;
    staging.write(&json_path, &json)?;
    staging.write(&thumb_path, &thumb)?;
    report.written.push(Written {
        path: json_path,
        what: format!(
            "saved object, {} object{}, and its thumbnail",
            report.objects,
            if report.objects == 1 { "" } else { "s" }
        ),
        bytes: (json.len() + thumb.len()) as u64,
    });
    if let [json_target, thumb_target] = &install[..] {
        staging.write(json_target, &json)?;
        staging.write(thumb_target, &thumb)?;
    }
    report.installed = installed;
    staging.commit()?;
    Ok(report)
}

/// The thumbnail: one front of each component first, then other fronts, up to nine.
fn thumbnail(
    prepared: &Document,
    images: &[(FaceDoc, Arc<Tree>)],
) -> Result<Vec<u8>, crate::output::png::ImageError> {
    let fronts: Vec<(usize, usize)> = prepared
        .pieces
        .iter()
        .zip(prepared.faces.of_piece.iter())
        .map(|(p, &(f, _))| (p.component, f))
        .collect();
    let mut chosen: Vec<usize> = Vec::new();
    let mut seen_components = HashSet::new();
    for (c, f) in &fronts {
        if seen_components.insert(*c) && !chosen.contains(f) {
            chosen.push(*f);
        }
    }
    for (_, f) in &fronts {
        if !chosen.contains(f) {
            chosen.push(*f);
        }
    }
    let shown: Vec<(&Tree, &FaceDoc)> = chosen
        .iter()
        .take(9)
        .map(|&i| (images[i].1.as_ref(), &images[i].0))
        .collect();
    image::encode_rgb(image::thumbnail(&shown)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_urls_have_three_slashes_and_end_in_one() {
        assert_eq!(file_url(Path::new("/home/a/tts")), "file:///home/a/tts/");
        assert_eq!(
            file_url(Path::new(r"\\?\C:\Users\a\tts")),
            "file:///C:/Users/a/tts/"
        );
    }

    #[test]
    fn base_urls_are_checked_and_end_in_a_slash() {
        let o = TtsOptions::new(
            None,
            Some("https://example.org/ng".into()),
            None,
            false,
            false,
        )
        .unwrap();
        assert_eq!(o.base_url.as_deref(), Some("https://example.org/ng/"));
        for bad in ["ftp://x/", "example.org", "https://a b/", "https://"] {
            assert!(
                TtsOptions::new(None, Some(bad.into()), None, false, false).is_err(),
                "{bad}"
            );
        }
        assert!(TtsOptions::new(Some(5000), None, None, false, false).is_err());
    }
}
