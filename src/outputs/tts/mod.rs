//! Tabletop Simulator export: `pnp tts <game>` → a folder with the deck sheets and images, and a
//! saved object (JSON + 256×256 thumbnail) that TTS loads from its "Saved Objects".
//!
//! The steps: the game is laid out exactly as for print (same parsed faces), with what the table
//! needs beyond them resolved (`resolve::table`); each component is mapped to a TTS object
//! family by its form, images are rendered in parallel and written with the atomic `Staging`,
//! and the objects are laid out on the table (`place`). Nothing here reads the clock or
//! randomness: the same input gives the same bytes.
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

use crate::base::diagnostic::counted;
use crate::layout::document::Document;
use crate::outputs::png::{MAX_DPI, MIN_DPI};
use crate::outputs::writer::{Staging, check_output, ensure_dir};
use crate::outputs::{OutputError, Written};
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
    ) -> Result<TtsOptions, OptionError> {
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
    ) -> Result<TtsOptions, OptionError> {
        if let Some(n) = players.filter(|n| !(1..=table::MAX_SEATS).contains(n)) {
            return Err(OptionError::Seats(n));
        }
        let dpi = dpi.unwrap_or(DEFAULT_DPI);
        if !(MIN_DPI..=MAX_DPI).contains(&dpi) {
            return Err(OptionError::Dpi(dpi));
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
                    return Err(OptionError::BaseUrl(u));
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

/// What `pnp tts`'s options refuse.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum OptionError {
    #[error("--players {0}: Tabletop Simulator seats 1 to {max} players", max = table::MAX_SEATS)]
    Seats(u32),
    #[error("--dpi {0}: expected {MIN_DPI} to {MAX_DPI}")]
    Dpi(u32),
    #[error(
        "--base-url {0}: expected an http:// or https:// address without spaces, e.g. https://example.org/my-game/"
    )]
    BaseUrl(String),
    /// Where to install is the user's setting: an options error, as a bad flag is.
    #[error(transparent)]
    Install(#[from] install::InstallError),
}

/// The export folder of the game `id`.
pub fn tts_dir(id: &str, opt: &TtsOptions) -> PathBuf {
    opt.out
        .clone()
        .unwrap_or_else(|| Path::new("output").join(id).join("tts"))
}

/// What can go wrong in an export beyond writing: what only drawing finds, or a bug of pnp's.
#[derive(Debug, thiserror::Error)]
pub enum TtsError {
    #[error("could not read pnp's drawing of {what}: {why}")]
    Drawing { what: String, why: String },
    #[error("the game was laid out without its table (a bug in pnp: please report it)")]
    NoTable,
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

fn tts_err(e: impl Into<TtsError>) -> OutputError {
    OutputError::Tts(e.into())
}

/// Making the image `what` failed: for `map_err`.
fn image_err(what: &str) -> impl FnOnce(crate::outputs::png::ImageError) -> OutputError + '_ {
    move |why| {
        let what = what.to_string();
        tts_err(TtsError::Image { what, why })
    }
}

/// A warning at the back of each component whose pieces TTS cuts from one image (polygons
/// and custom outlines: a `Custom_Token` shows its image on both sides), so the back printed
/// on paper is not in the export.
fn backs_left_out(doc: &Document) -> Vec<crate::base::diagnostic::Diagnostic> {
    let mut warned = vec![false; doc.components.len()];
    let mut out = Vec::new();
    for (p, &(_, back)) in doc.pieces.iter().zip(&doc.faces.of_piece) {
        let c = &doc.components[p.component];
        let cut = matches!(c.tts, crate::base::forms::TtsForm::Token { .. });
        if warned[p.component] || !cut || back.is_none() {
            continue;
        }
        warned[p.component] = true;
        let at = match c.at.back == serde_saphyr::Location::UNKNOWN {
            true => c.at.id,
            false => c.at.back,
        };
        let message = format!(
            "`{}`: Tabletop Simulator cuts this shape from one image and shows it on both sides: the back is left out of the export",
            c.id
        );
        out.push(crate::base::diagnostic::Diagnostic::located(&c.at.file, at, message).warning());
    }
    out
}

/// Exports a game laid out with its table resolved (`resolve::Options::table`) into `dir`:
/// the saved object and, for `table_players`, a whole table; with `saves` (Tabletop
/// Simulator's Saves folder), installed there too. `report` holds what was said before.
pub fn export(
    prepared: &Document,
    opt: &TtsOptions,
    table_players: Option<u32>,
    dir: &Path,
    saves: Option<PathBuf>,
    mut report: TtsReport,
) -> Result<TtsReport, OutputError> {
    let about = &prepared.about;
    report
        .warnings
        .extend(prepared.faces.warnings.iter().cloned());
    report.warnings.extend(backs_left_out(prepared));
    let dir = dir.to_path_buf();
    ensure_dir(&dir)?;
    let abs = std::fs::canonicalize(&dir).map_err(|e| OutputError::write(&dir, e))?;
    let base = opt.base_url.clone().unwrap_or_else(|| urls::file_url(&abs));
    let trees = prepared.face_trees()?;
    let mut ex = Export::new(prepared, trees, opt.dpi, base)?;

    // The saved object: every piece in the middle, laid out by kind.
    let lots = deal::deal(prepared, None);
    let placed = make_objects(&mut ex, prepared, &lots, &[])?;
    let objects = arrange_middle(placed);
    report.objects = objects.len();

    // The table: the same images; GUIDs of its own.
    let setup = ex.table.setup.clone();
    let table_save = match table_players {
        Some(n) => {
            ex.guids = guid::Guids::new();
            let lots = deal::deal(
                prepared,
                Some(Table {
                    players: n,
                    diagram: setup.as_ref().map(|s| s.component),
                }),
            );
            let mut seat_tags = vec![Vec::new(); n as usize];
            for lot in &lots {
                if let deal::Spot::Seat(k) = lot.spot
                    && let Some(tags) = seat_tags.get_mut(k)
                {
                    tags.extend(ex.table.pieces[lot.piece].tag_values.iter().cloned());
                }
            }
            // The colours the pieces on the table say are players' (`player: green`), for the
            // seats none of whose own pieces names one: the pieces a setup diagram places (a
            // race game's men) or lays in the middle.
            let mut named: Vec<String> = Vec::new();
            for lot in lots.iter().filter(|l| l.spot != deal::Spot::Aside) {
                if let Some(player) = &ex.table.pieces[lot.piece].player
                    && !named.contains(player)
                {
                    named.push(player.clone());
                }
            }
            let seats = table::seats_in(n, &table::colours_for(n, &seat_tags, &named));
            let names: Vec<&str> = seats.iter().map(|s| s.colour).collect();
            let mut placed = make_objects(&mut ex, prepared, &lots, &names)?;
            standard_dice(&mut ex, n);
            placed.append(&mut ex.placed);
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
            let (mut laid, snaps) = table::lay_out(placed, setup.as_ref(), &seats, aside);
            for (k, seat) in seats.iter().enumerate() {
                laid.push(seat.hand(ex.guid(&format!("hand/{k}"))));
            }
            Some(notes::save(prepared, ex.table, n, laid, snaps))
        }
        None => None,
    };
    report.table_players = table_players;

    // Every file's path is checked before any is drawn or written: a link, a device, a FIFO or
    // a folder where one goes is refused.
    let stem = about.id.as_str();
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
        .map(|job| -> Result<(String, Vec<u8>), OutputError> {
            let bytes = render_picture(&job.picture, images).map_err(OutputError::png(&job.rel))?;
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
    for ((count, bytes), folder, what) in [
        (decks, "decks", "deck images"),
        (singles, "images", "images"),
    ] {
        if count > 0 {
            let path = dir.join(folder);
            let what = format!("{count} {what}");
            report.written.push(Written { path, what, bytes });
        }
    }

    let saved = SavedObject::new(&about.name, objects);
    let json = to_json(&saved)?;
    let thumb = thumbnail(prepared, &ex.images).map_err(image_err("the thumbnail"))?;
    let mut files: Vec<(PathBuf, Vec<u8>)> = vec![(json_path.clone(), json), (thumb_path, thumb)];
    report.written.push(Written {
        path: json_path,
        what: format!(
            "saved object, {}, and its thumbnail",
            counted(report.objects, "object")
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
        .map_err(image_err("the picture of the table"))?;
        report.written.push(Written {
            path: tj.clone(),
            what: format!(
                "the table for {}, {} objects, and its picture",
                counted(table_players.unwrap_or(0) as usize, "player"),
                save.object_states.len()
            ),
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
fn to_json<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, OutputError> {
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
) -> Result<Vec<Placed>, OutputError> {
    for ci in 0..prepared.components.len() {
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

/// The ordinary dice of the game's `tts: dice:`, as TTS's own `Die_6`, tinted: in the middle,
/// and each player's before their seat.
fn standard_dice(ex: &mut Export, players: u32) {
    for (line, d) in ex.table.dice.clone().iter().enumerate() {
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
                o.color_diffuse = model::Rgb::from_hex(c);
            }
            ex.put(spot, Band::Loose, 1.0, 1.0, o);
        }
    }
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
