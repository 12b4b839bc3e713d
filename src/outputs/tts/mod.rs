//! Tabletop Simulator export: `pnp tts <game>` → a folder with the deck sheets and images, and a
//! saved object (JSON + 256×256 thumbnail) that TTS loads from its "Saved Objects".
//!
//! The steps: the game is prepared exactly as for print (same parsed faces), each component is
//! mapped to a TTS object family by its kind (`map::form_of`), images are rendered in parallel
//! and written with the atomic `Staging`, and the objects are laid out on the table (`place`).
//! Nothing here reads the clock or randomness: the same input gives the same bytes.
mod collect;
mod components;
pub mod deal;
pub mod deck;
pub mod dice;
pub mod guid;
pub mod image;
pub mod install;
pub mod keys;
pub mod map;
pub mod model;
mod notes;
pub mod objects;
pub mod place;
mod render;
pub mod sheet;
pub mod snap;
pub mod table;
pub mod topdown;
pub mod urls;

use rayon::prelude::*;
use resvg::usvg::Tree;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::commands::Error;
use crate::commands::Written;
use crate::commands::options::{BuildOptions, MAX_DPI, MIN_DPI};
use crate::kinds::Game;
use crate::layout::document::Document;
use crate::outputs::OutputError;
use crate::outputs::writer::{Staging, check_output, ensure_dir};
use crate::resolve::faces::FaceDoc;

use collect::{Export, Placed};
use components::map_component;
use deal::{Spot, Table};
use model::{ObjectState, SavedObject, Transform};
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
    /// Also copy the saved object into TTS's Saved Objects folder (and the table into Saves).
    pub install: bool,
    pub validate: bool,
    /// Also write a whole table laid out for this many players (`--table`).
    pub table: Option<u32>,
    /// Only the components for this many players (`--players`).
    pub players: Option<u32>,
}

impl Default for TtsOptions {
    fn default() -> Self {
        TtsOptions {
            dpi: DEFAULT_DPI,
            base_url: None,
            out: None,
            install: false,
            validate: true,
            table: None,
            players: None,
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
        Self::with_table(dpi, base_url, out, install, no_validate, false, None)
    }

    /// Checks the user's choices, `--table` and `--players` among them. `--table` without
    /// `--players` lays the table out for the game's fewest players (`export` decides).
    pub fn with_table(
        dpi: Option<u32>,
        base_url: Option<String>,
        out: Option<PathBuf>,
        install: bool,
        no_validate: bool,
        table: bool,
        players: Option<u32>,
    ) -> Result<TtsOptions, Error> {
        if let Some(n) = players.filter(|n| !(1..=table::MAX_SEATS).contains(n)) {
            return Err(Error::Options(format!(
                "--players {n}: Tabletop Simulator seats 1 to {} players",
                table::MAX_SEATS
            )));
        }
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
            // 0 until `export` knows the game's player counts.
            table: table.then_some(players.unwrap_or(0)),
            players,
        })
    }
}

#[derive(Debug, Clone, Default)]
pub struct TtsReport {
    pub written: Vec<Written>,
    pub warnings: Vec<crate::base::diagnostic::Diagnostic>,
    /// Objects on the table (a deck or a bag counts once).
    pub objects: usize,
    /// The saved object's copy in TTS's folder, with `--install`.
    pub installed: Option<PathBuf>,
    /// The players the table was laid out for, with `--table`.
    pub table_players: Option<u32>,
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
    Draw(#[from] crate::kinds::face::DrawError),
    #[error("could not read pnp's drawing of {what}: {why}")]
    Drawing { what: String, why: Tree2Error },
    #[error("could not make {what}: {why}")]
    Image {
        what: String,
        why: crate::outputs::png::ImageError,
    },
    #[error("`{0}` is not a die with six faces")]
    NotADie(String),
    #[error("`{0}` has no figure to stand up")]
    NoFigure(String),
    #[error("pnp lost track of a card of {0} (a bug in pnp: please report it)")]
    LostCard(String),
    #[error("could not write the saved object: {0}")]
    Json(#[from] serde_json::Error),
}

/// usvg's error, as the export names it.
pub type Tree2Error = resvg::usvg::Error;

fn tts_err(e: impl Into<TtsError>) -> Error {
    Error::Output(OutputError::Tts(e.into()))
}

/// A warning at the back of each component whose pieces TTS cuts from one image (polygons
/// and custom outlines: a `Custom_Token` shows its image on both sides), so the back printed
/// on paper is not in the export.
fn backs_left_out(game: &Game, prepared: &Document) -> Vec<crate::base::diagnostic::Diagnostic> {
    let mut warned = vec![false; game.spec.components.len()];
    let mut out = Vec::new();
    for p in &prepared.pieces {
        let c = &game.spec.components[p.component];
        // The form first: a card's back is not looked up for each of 20,000 cards.
        let cut = matches!(
            c.kind.kind().tts(p.shape.clone()),
            crate::kinds::TtsForm::Token { .. }
        );
        if warned[p.component] || !cut || p.back(game).is_none() {
            continue;
        }
        warned[p.component] = true;
        let file = c.origin.as_deref().unwrap_or(&game.file);
        let at = match c.back_at == serde_saphyr::Location::UNKNOWN {
            true => c.id.referenced,
            false => c.back_at,
        };
        let message = format!(
            "`{}`: Tabletop Simulator cuts this shape from one image and shows it on both sides: the back is left out of the export",
            c.id.value
        );
        out.push(
            crate::base::diagnostic::Diagnostic::new(
                file,
                at.line() as usize,
                at.column() as usize,
                message,
            )
            .warning(),
        );
    }
    out
}

/// Exports a game for Tabletop Simulator.
pub fn export(game: &Game, opt: &TtsOptions) -> Result<TtsReport, Error> {
    let mut report = TtsReport {
        warnings: game.warnings.clone(),
        ..TtsReport::default()
    };
    if opt.validate {
        crate::commands::check_rules(game)?;
    } else {
        report
            .warnings
            .push(crate::base::diagnostic::Diagnostic::unplaced_warning(
                "rules not validated (--no-validate)".into(),
            ));
    }
    // The table's players: asked for, else the game's fewest.
    let counts = &game.spec.game.players.value;
    let table_players = opt.table.map(|n| match n {
        0 => counts.iter().copied().min().unwrap_or(1),
        n => n,
    });
    let players = opt.players.or(table_players);
    if let Some(n) = table_players.filter(|n| !(1..=table::MAX_SEATS).contains(n)) {
        return Err(Error::Options(format!(
            "--players {n}: Tabletop Simulator seats 1 to {} players",
            table::MAX_SEATS
        )));
    }
    // Everything that can fail on the input or the environment fails before any file is made.
    let saves = if opt.install {
        // Where to install is the user's setting: an options error, as a bad flag is.
        Some(install::saves_dir().map_err(|e| Error::Options(e.to_string()))?)
    } else {
        None
    };
    let bopt = BuildOptions {
        dpi: opt.dpi,
        // Not the PNG sink's images: TTS fits its own within 4096 px (`image::fitted_size`).
        png: false,
        players,
        ..BuildOptions::default()
    };
    let prepared = crate::commands::prepare(game, &bopt)?;
    report
        .warnings
        .extend(prepared.faces.warnings.iter().cloned());
    report.warnings.extend(backs_left_out(game, &prepared));
    let dir = tts_dir(game, opt);
    ensure_dir(&dir)?;
    let abs = std::fs::canonicalize(&dir).map_err(|source| OutputError::Write {
        path: dir.clone(),
        source,
    })?;
    let base = opt.base_url.clone().unwrap_or_else(|| urls::file_url(&abs));
    let trees = prepared.face_trees()?;
    let mut ex = Export::new(game, &prepared, trees, opt.dpi, base);

    // The saved object: every piece in the middle, laid out by kind.
    let lots = deal::deal(game, &prepared.pieces, None);
    let placed = make_objects(&mut ex, &prepared, &lots, &[])?;
    let objects = arrange_middle(placed);
    report.objects = objects.len();

    // The table: the same images; GUIDs of its own.
    let table_save = match table_players {
        Some(n) => {
            ex.guids = guid::Guids::new();
            let diagram = setup_diagram(game, &prepared);
            let lots = deal::deal(
                game,
                &prepared.pieces,
                Some(Table {
                    players: n,
                    diagram: diagram.map(|(ci, _)| ci),
                }),
            );
            let mut seat_tags = vec![Vec::new(); n as usize];
            for lot in &lots {
                if let deal::Spot::Seat(k) = lot.spot
                    && let Some(tags) = seat_tags.get_mut(k)
                {
                    let piece = &prepared.pieces[lot.piece];
                    tags.extend(piece.tags(game).iter().map(|(_, v)| v.clone()));
                }
            }
            let seats = table::seats_in(n, &table::colours_for(n, &seat_tags));
            let names: Vec<&str> = seats.iter().map(|s| s.colour).collect();
            let mut placed = make_objects(&mut ex, &prepared, &lots, &names)?;
            placed.extend(standard_dice(&mut ex, n));
            let aside_guid = ex.guid("aside/bag");
            let aside = |contents: Vec<ObjectState>| {
                let bag = ObjectState::new(
                    "Bag",
                    aside_guid,
                    &format!("Set aside: not used with {n} players"),
                    Transform::scaled(1.0, 1.0, 1.0),
                );
                objects::bag(bag, contents, model::Rgb::WHITE)
            };
            // Checked already: every placement has a centre.
            let centres: Vec<[f64; 2]> = diagram
                .map(|(_, d)| {
                    d.centres(game, &crate::kinds::piece::expand(game))
                        .into_iter()
                        .map(|c| c.unwrap_or([0.0, 0.0]))
                        .collect()
                })
                .unwrap_or_default();
            let grids = diagram
                .map(|(_, d)| d.grid_spaces(game, &crate::kinds::piece::expand(game), &centres))
                .unwrap_or_default();
            let (mut laid, snaps) = table::lay_out(
                placed,
                diagram.map(|(_, d)| table::FromDiagram {
                    diagram: d,
                    centres: &centres,
                    grids: &grids,
                }),
                &seats,
                aside,
            );
            for (k, seat) in seats.iter().enumerate() {
                laid.push(seat.hand(ex.guid(&format!("hand/{k}"))));
            }
            Some(notes::save(game, &prepared, n, laid, snaps))
        }
        None => None,
    };
    report.table_players = table_players;

    // Every file's path is checked before any is drawn or written: a link, a device, a FIFO or
    // a folder where one goes is refused.
    let stem = game.id();
    let json_path = dir.join(format!("{stem}.json"));
    let thumb_path = dir.join(format!("{stem}.png"));
    let table_paths = table_save.as_ref().map(|_| {
        (
            dir.join(format!("{stem}-table.json")),
            dir.join(format!("{stem}-table.png")),
        )
    });
    let saved_objects = saves.as_ref().map(|s| s.join("Saved Objects"));
    report.installed = saved_objects
        .as_ref()
        .map(|saves| saves.join(format!("{stem}.json")));
    // Exporting straight into TTS's folders: the files are already there.
    let elsewhere = |target: &Path| !std::fs::canonicalize(target).is_ok_and(|s| s == abs);
    let mut install: Vec<(PathBuf, PathBuf)> = Vec::new();
    if let Some(so) = saved_objects.as_ref().filter(|so| elsewhere(so)) {
        install.push((json_path.clone(), so.join(format!("{stem}.json"))));
        install.push((thumb_path.clone(), so.join(format!("{stem}.png"))));
    }
    if let (Some(saves), Some((tj, tp))) = (saves.as_ref().filter(|s| elsewhere(s)), &table_paths) {
        install.push((tj.clone(), saves.join(format!("{stem}-table.json"))));
        install.push((tp.clone(), saves.join(format!("{stem}-table.png"))));
    }
    let images = ex.jobs.iter().map(|job| dir.join(&job.rel));
    let tables = table_paths.iter().flat_map(|(a, b)| [a.clone(), b.clone()]);
    for path in images
        .chain([json_path.clone(), thumb_path.clone()])
        .chain(tables)
        .chain(install.iter().map(|(_, to)| to.clone()))
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
    let json = to_json(&saved)?;
    let thumb = thumbnail(&prepared, &ex.images).map_err(|why| {
        tts_err(TtsError::Image {
            what: "the thumbnail".into(),
            why,
        })
    })?;
    let mut files: Vec<(PathBuf, Vec<u8>)> = vec![(json_path.clone(), json), (thumb_path, thumb)];
    report.written.push(Written {
        path: json_path,
        what: format!(
            "saved object, {} object{}, and its thumbnail",
            report.objects,
            if report.objects == 1 { "" } else { "s" }
        ),
        bytes: files.iter().map(|(_, b)| b.len() as u64).sum(),
    });
    if let (Some(save), Some((tj, tp))) = (&table_save, &table_paths) {
        let json = to_json(save)?;
        let value: serde_json::Value = serde_json::from_slice(&json).map_err(tts_err)?;
        let picture = topdown::render(
            &value,
            &|url| picture_of(url, &ex, &encoded),
            topdown::THUMBNAIL_PX,
        )
        .and_then(image::encode_rgb)
        .map_err(|why| {
            tts_err(TtsError::Image {
                what: "the picture of the table".into(),
                why,
            })
        })?;
        report.written.push(Written {
            path: tj.clone(),
            what: {
                let n = table_players.unwrap_or(0);
                format!(
                    "the table for {n} player{}, {} objects, and its picture",
                    if n == 1 { "" } else { "s" },
                    save.object_states.len()
                )
            },
            bytes: (json.len() + picture.len()) as u64,
        });
        files.push((tj.clone(), json));
        files.push((tp.clone(), picture));
    }
    for (path, bytes) in &files {
        staging.write(path, bytes)?;
    }
    for (from, to) in &install {
        if let Some((_, bytes)) = files.iter().find(|(p, _)| p == from) {
            staging.write(to, bytes)?;
        }
    }
    staging.commit()?;
    Ok(report)
}

/// Pretty JSON with a final newline.
fn to_json<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, Error> {
    let mut json = serde_json::to_vec_pretty(value).map_err(tts_err)?;
    json.push(b'\n');
    Ok(json)
}

/// The decoded image an export URL names, from the images just encoded.
fn picture_of(
    url: &str,
    ex: &Export,
    encoded: &[(String, Vec<u8>)],
) -> Option<resvg::tiny_skia::Pixmap> {
    let (_, bytes) = encoded.iter().find(|(rel, _)| ex.url(rel) == url)?;
    topdown::decode(bytes)
}

/// Maps every component's lots to objects.
fn make_objects(
    ex: &mut Export,
    prepared: &Document,
    lots: &[deal::Lot],
    seats: &[&str],
) -> Result<Vec<Placed>, Error> {
    for ci in 0..ex.game.spec.components.len() {
        let own: Vec<deal::Lot> = lots
            .iter()
            .filter(|l| prepared.pieces[l.piece].component == ci)
            .cloned()
            .collect();
        map_component(ex, prepared, ci, &own, seats)?;
    }
    Ok(std::mem::take(&mut ex.placed))
}

/// The saved object's layout: everything in rows by kind, centred on the origin.
fn arrange_middle(placed: Vec<Placed>) -> Vec<ObjectState> {
    let footprints: Vec<_> = placed.iter().map(|p| (p.band, p.w, p.d)).collect();
    let centres = place::arrange(&footprints);
    let mut objects = Vec::with_capacity(placed.len());
    for (p, (x, z)) in placed.into_iter().zip(centres) {
        let mut obj = p.obj;
        let y = if p.band == Band::Board { 1.0 } else { 1.5 };
        obj.transform = obj.transform.at(x, y, z);
        for inner in obj.contained_objects.iter_mut().flatten() {
            inner.transform = inner.transform.at(x, y, z);
        }
        objects.push(obj);
    }
    objects
}

/// The setup diagram the table is laid out from: the game's first diagram that places
/// something, if it is built for these players.
fn setup_diagram<'g>(
    game: &'g Game,
    prepared: &Document,
) -> Option<(usize, &'g crate::kinds::diagram::Diagram)> {
    game.spec
        .components
        .iter()
        .enumerate()
        .filter(|(ci, _)| prepared.pieces.iter().any(|p| p.component == *ci))
        .find_map(|(ci, c)| match &c.kind {
            crate::kinds::KindSpec::Diagram(d) if !d.place.is_empty() => Some((ci, d)),
            _ => None,
        })
}

/// The ordinary dice of the game's `tts: dice:`, as TTS's own `Die_6`, tinted: in the middle,
/// and each player's before their seat.
fn standard_dice(ex: &mut Export, players: u32) -> Vec<Placed> {
    let Some(tts) = ex.game.spec.tts.as_ref() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (line, d) in tts.dice.iter().enumerate() {
        let d = &d.value;
        let middle = d
            .copies
            .unwrap_or(if d.each_player.is_some() { 0 } else { 1 });
        let spots = std::iter::repeat_n(Spot::Middle, middle as usize).chain(
            (0..players as usize).flat_map(|k| {
                std::iter::repeat_n(Spot::Seat(k), d.each_player.unwrap_or(0) as usize)
            }),
        );
        for (i, spot) in spots.enumerate() {
            let mut o = ObjectState::new(
                "Die_6",
                ex.guid(&format!("dice/{line}/{i}")),
                &d.name,
                Transform::scaled(1.0, 1.0, 1.0),
            );
            o.description = d.note.clone().unwrap_or_default();
            if let Some(c) = &d.color {
                o.color_diffuse = model::Rgb::from_hex(c.hex());
            }
            out.push(Placed {
                band: Band::Loose,
                w: 1.0,
                d: 1.0,
                obj: o,
                spot,
            });
        }
    }
    out
}

/// The thumbnail: one front of each component first, then other fronts, up to nine.
fn thumbnail(
    prepared: &Document,
    images: &[(FaceDoc, Arc<Tree>)],
) -> Result<Vec<u8>, crate::outputs::png::ImageError> {
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
