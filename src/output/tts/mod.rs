//! Tabletop Simulator export: `pnp tts <game>` → a folder with the deck sheets and images, and a
//! saved object (JSON + 256×256 thumbnail) that TTS loads from its "Saved Objects".
//!
//! The steps: the game is prepared exactly as for print (same parsed faces), each component is
//! mapped to a TTS object family by its kind (`map::form_of`), images are rendered in parallel
//! and written with the atomic `Staging`, and the objects are laid out on the table (`place`).
//! Nothing here reads the clock or randomness: the same input gives the same bytes.
pub mod deck;
pub mod dice;
pub mod guid;
pub mod image;
pub mod install;
pub mod map;
pub mod model;
pub mod objects;
pub mod place;
pub mod sheet;

use rayon::prelude::*;
use resvg::usvg::Tree;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::draw::{Art, FaceDoc, Side};
use crate::error::{Error, OutputError};
use crate::options::{BuildOptions, MAX_DPI, MIN_DPI};
use crate::output::writer::{Staging, ensure_dir};
use crate::pieces::Piece;
use crate::spec::{Face, Game};
use crate::{Prepared, Written};

use deck::{DeckLook, DeckPlan, SheetUrls};
use map::{Form, units};
use model::{ObjectState, Rgb, SavedObject, Transform};
use place::Band;
use sheet::Grid;

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
    pub warnings: Vec<String>,
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

fn tts_err(message: String) -> Error {
    Error::Output(OutputError::Tts(message))
}

/// `file:///` URL of a folder (absolute, `/`-separated, ending in `/`).
fn file_url(dir: &Path) -> String {
    let s = dir.to_string_lossy().replace('\\', "/");
    // Windows' canonical paths start with `//?/`.
    let s = s.strip_prefix("//?/").unwrap_or(&s);
    let s = s.trim_start_matches('/').trim_end_matches('/');
    format!("file:///{s}/")
}

/// One image file to render.
enum Picture {
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

type Images = [(FaceDoc, Arc<Tree>)];

/// Renders and encodes one picture.
fn render_picture(picture: &Picture, images: &Images) -> Result<Vec<u8>, String> {
    let one = |i: usize, w: u32, h: u32| image::render(&images[i].1, &images[i].0, w, h);
    match picture {
        Picture::Single { img, w, h } => image::encode_rgb(&one(*img, *w, *h)?),
        Picture::Cutout { img, w, h } => {
            let (doc, tree) = &images[*img];
            let p = image::render_clear(tree, doc, *w, *h)?;
            crate::output::png::encode(&p, &Default::default())
        }
        Picture::Sheet { imgs, grid, cell } => {
            // Cells in parallel too: one big deck is most of the work.
            let cells = imgs
                .par_iter()
                .map(|i| one(*i, cell.0, cell.1))
                .collect::<Result<Vec<_>, _>>()?;
            image::encode_rgb(&sheet::compose(&cells, None, *grid, *cell)?)
        }
        Picture::DieNet { imgs, side } => {
            let faces: Vec<_> = imgs
                .iter()
                .map(|i| one(*i, *side, *side))
                .collect::<Result<_, _>>()?;
            let faces: [_; 6] = faces
                .try_into()
                .map_err(|_| "a die needs six faces".to_string())?;
            image::encode_rgb(&dice::compose_net(&faces)?)
        }
    }
}

struct Job {
    rel: String,
    picture: Picture,
}

/// Everything gathered while mapping the components.
struct Export<'a> {
    game: &'a Game,
    dpi: u32,
    base: String,
    /// Drawn faces, then generated card backs.
    images: Vec<(FaceDoc, Arc<Tree>)>,
    jobs: Vec<Job>,
    /// Image index → its file, for faces used on their own (tiles, boards).
    single_files: Vec<Option<String>>,
    used_names: HashSet<String>,
    guids: guid::Guids,
    next_key: u32,
    /// (band, width, depth in units, object) in spec order.
    placed: Vec<(Band, f64, f64, ObjectState)>,
}

impl<'a> Export<'a> {
    fn new(game: &'a Game, prepared: &Prepared, dpi: u32, base: String) -> Self {
        Export {
            game,
            dpi,
            base,
            images: prepared
                .faces
                .docs
                .iter()
                .cloned()
                .zip(prepared.trees.iter().cloned())
                .collect(),
            jobs: Vec::new(),
            single_files: Vec::new(),
            used_names: HashSet::new(),
            guids: guid::Guids::new(),
            next_key: 1,
            placed: Vec::new(),
        }
    }

    fn url(&self, rel: &str) -> String {
        format!("{}{rel}", self.base)
    }

    fn guid(&mut self, path: &str) -> String {
        self.guids.of(&format!("{}/{path}", self.game.id()))
    }

    fn unique_name(&mut self, stem: &str) -> String {
        let mut name = stem.to_string();
        let mut n = 2;
        while !self.used_names.insert(name.clone()) {
            name = format!("{stem}-{n}");
            n += 1;
        }
        name
    }

    /// The URL of image `img` as a file of its own, rendered at the export's DPI.
    fn single(&mut self, img: usize) -> String {
        if self.single_files.len() <= img {
            self.single_files.resize(img + 1, None);
        }
        if let Some(rel) = &self.single_files[img] {
            return self.url(rel);
        }
        let doc = &self.images[img].0;
        let (w, h) = image::fitted_size(doc.w, doc.h, self.dpi);
        let rel = format!("images/{}.png", self.unique_name(&doc.name.clone()));
        self.jobs.push(Job {
            rel: rel.clone(),
            picture: Picture::Single { img, w, h },
        });
        self.single_files[img] = Some(rel.clone());
        self.url(&rel)
    }

    /// A `Custom_Dice` d6 `edge_mm` wide painted with six faces (images, face "1" first) whose
    /// names are what a roll reports. `stem` names its net image and GUID path.
    fn die(
        &mut self,
        faces: [usize; 6],
        names: &[String; 6],
        edge_mm: f64,
        stem: &str,
        nickname: &str,
    ) -> ObjectState {
        let side = image::fitted_size(edge_mm, edge_mm, self.dpi)
            .0
            .min(sheet::MAX_SHEET_PX / dice::NET_COLS);
        let rel = format!("images/{}.png", self.unique_name(&format!("{stem}-d6")));
        self.jobs.push(Job {
            rel: rel.clone(),
            picture: Picture::DieNet { imgs: faces, side },
        });
        let (sx, sy, sz) = map::die_scale(edge_mm);
        let obj = ObjectState::new(
            "Custom_Dice",
            self.guid(&format!("{stem}/die")),
            nickname,
            Transform::scaled(sx, sy, sz),
        );
        dice::make_d6(obj, self.url(&rel), names)
    }

    /// A standing `Custom_Token` of face `img` (`w`×`h` mm): its image keeps its transparency,
    /// which TTS cuts the standee's outline from.
    fn standee(
        &mut self,
        img: usize,
        w_mm: f64,
        h_mm: f64,
        stem: &str,
        nickname: &str,
    ) -> ObjectState {
        let (w, h) = image::fitted_size(w_mm, h_mm, self.dpi);
        let rel = format!(
            "images/{}.png",
            self.unique_name(&format!("{stem}-standee"))
        );
        self.jobs.push(Job {
            rel: rel.clone(),
            picture: Picture::Cutout { img, w, h },
        });
        let s = units(h_mm) / map::TOKEN_UNITS_AT_SCALE_1;
        let obj = ObjectState::new(
            "Custom_Token",
            self.guid(&format!("{stem}/standee")),
            nickname,
            Transform::scaled(s, 1.0, s),
        );
        objects::standee(obj, self.url(&rel), 0.1)
    }

    /// Adds a picture drawn in a `w`×`h` mm box as an image; returns its index.
    fn push_svg(
        &mut self,
        name: &str,
        group: svg::node::element::Group,
        w: f64,
        h: f64,
    ) -> Result<usize, Error> {
        let mut cv = crate::draw::canvas::Canvas::new(w, h, 0.0);
        cv.add(group);
        let svg = cv.finish();
        let tree = crate::faces::parse(&svg).map_err(tts_err)?;
        self.images.push((
            FaceDoc {
                name: name.to_string(),
                svg,
                w,
                h,
                bleed: 0.0,
            },
            Arc::new(tree),
        ));
        Ok(self.images.len() - 1)
    }

    /// A plain back for cards printed one-sided: the card's own colours, nothing on it.
    fn blank_back(&mut self, piece: &Piece) -> Result<usize, Error> {
        let f = &piece.front;
        let mut blank = piece.clone();
        blank.front = Face {
            background: f.background.clone(),
            ink: f.ink.clone(),
            border: f.border.clone(),
            ..Face::default()
        };
        blank.back = None;
        let art = Art::new(self.game);
        let svg = crate::draw::draw_face(self.game, &blank, Side::Front, 0.0, &art)
            .map_err(tts_err)?
            .ok_or_else(|| tts_err("a blank back drew nothing".into()))?;
        let tree = crate::faces::parse(&svg).map_err(tts_err)?;
        let comp = &self.game.spec.components[piece.component].id.value;
        self.images.push((
            FaceDoc {
                name: format!("{comp}-blank-back"),
                svg,
                w: piece.w,
                h: piece.h,
                bleed: 0.0,
            },
            Arc::new(tree),
        ));
        Ok(self.images.len() - 1)
    }
}

/// How a piece is called on the table: its label, title or big text, else its id.
fn piece_name(p: &Piece) -> String {
    let f = &p.front;
    [&f.label, &f.title, &f.text]
        .into_iter()
        .flatten()
        .find(|s| !s.trim().is_empty())
        .cloned()
        .unwrap_or_else(|| p.id.clone())
}

/// The colour a bag of these pieces is tinted: the piece's ink.
fn piece_color(p: &Piece) -> Rgb {
    p.front
        .ink
        .as_ref()
        .filter(|c| !c.is_none())
        .map_or(Rgb::WHITE, |c| Rgb::from_hex(c.hex()))
}

/// Exports a game for Tabletop Simulator.
pub fn export(game: &Game, opt: &TtsOptions) -> Result<TtsReport, Error> {
    let mut report = TtsReport::default();
    if opt.validate {
        crate::check_rules(game)?;
    } else {
        report
            .warnings
            .push("rules not validated (--no-validate)".into());
    }
    let dir = tts_dir(game, opt);
    ensure_dir(&dir)?;
    let abs = std::fs::canonicalize(&dir).map_err(|source| OutputError::Write {
        path: dir.clone(),
        source,
    })?;
    let bopt = BuildOptions {
        dpi: opt.dpi,
        ..BuildOptions::default()
    };
    let prepared = crate::prepare(game, &bopt)?;
    let base = opt.base_url.clone().unwrap_or_else(|| file_url(&abs));
    let mut ex = Export::new(game, &prepared, opt.dpi, base);
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

    // Render and encode every image in parallel.
    let images = &ex.images;
    let encoded: Vec<(String, Vec<u8>)> = ex
        .jobs
        .par_iter()
        .map(|job| -> Result<(String, Vec<u8>), Error> {
            let bytes =
                render_picture(&job.picture, images).map_err(|message| OutputError::Png {
                    name: job.rel.clone(),
                    message,
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
    let mut json = serde_json::to_vec_pretty(&saved).map_err(|e| tts_err(e.to_string()))?;
    json.push(b'\n');
    let thumb = thumbnail(&prepared, &ex.images).map_err(tts_err)?;
    let stem = game.id();
    let json_path = dir.join(format!("{stem}.json"));
    staging.write(&json_path, &json)?;
    staging.write(&dir.join(format!("{stem}.png")), &thumb)?;
    report.written.push(Written {
        path: json_path,
        what: format!(
            "saved object, {} object{}, and its thumbnail",
            report.objects,
            if report.objects == 1 { "" } else { "s" }
        ),
        bytes: (json.len() + thumb.len()) as u64,
    });
    if opt.install {
        let saves = install::saved_objects_dir().map_err(Error::Options)?;
        let target = saves.join(format!("{stem}.json"));
        staging.write(&target, &json)?;
        staging.write(&saves.join(format!("{stem}.png")), &thumb)?;
        report.installed = Some(target);
    }
    staging.commit()?;
    Ok(report)
}

/// Maps one component to its TTS objects.
fn map_component(ex: &mut Export, prepared: &Prepared, ci: usize) -> Result<(), Error> {
    let game = ex.game;
    let comp = &game.spec.components[ci];
    let cid = comp.id.value.clone();
    let cname = comp.name.clone().unwrap_or_else(|| cid.clone());
    let pieces: Vec<(usize, &Piece)> = prepared
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.component == ci)
        .collect();
    let Some(&(_, first)) = pieces.first() else {
        return Ok(());
    };
    let faces = &prepared.faces.of_piece;
    match map::form_of(first.kind, first.shape) {
        Form::Deck { card_type } => {
            let mut cards = Vec::new();
            let mut blank = None;
            for (pi, p) in &pieces {
                let (front, back) = faces[*pi];
                let back = match back {
                    Some(b) => b,
                    None => match blank {
                        Some(b) => b,
                        None => *blank.insert(ex.blank_back(p)?),
                    },
                };
                cards.push((front, back, piece_name(p), p.copies));
            }
            let plan = DeckPlan::new(&cards);
            if plan.cards.is_empty() {
                return Ok(());
            }
            let grids = plan.grids();
            let cell = sheet::cell_size(first.w, first.h, ex.dpi, grids[0]);
            let common = plan.common_back();
            let mut urls = Vec::new();
            let common_back_url = if common {
                let rel = format!("decks/{}.png", ex.unique_name(&format!("{cid}-back")));
                ex.jobs.push(Job {
                    rel: rel.clone(),
                    picture: Picture::Single {
                        img: plan.slots[0].1,
                        w: cell.0,
                        h: cell.1,
                    },
                });
                Some(ex.url(&rel))
            } else {
                None
            };
            for (s, range) in plan.sheets().into_iter().enumerate() {
                let slots = &plan.slots[range];
                let face_rel = format!("decks/{}.png", ex.unique_name(&format!("{cid}-{}", s + 1)));
                ex.jobs.push(Job {
                    rel: face_rel.clone(),
                    picture: Picture::Sheet {
                        imgs: slots.iter().map(|s| s.0).collect(),
                        grid: grids[s],
                        cell,
                    },
                });
                let back = match &common_back_url {
                    Some(u) => u.clone(),
                    None => {
                        let rel = format!(
                            "decks/{}.png",
                            ex.unique_name(&format!("{cid}-back-{}", s + 1))
                        );
                        ex.jobs.push(Job {
                            rel: rel.clone(),
                            picture: Picture::Sheet {
                                imgs: slots.iter().map(|s| s.1).collect(),
                                grid: grids[s],
                                cell,
                            },
                        });
                        ex.url(&rel)
                    }
                };
                urls.push(SheetUrls {
                    face: ex.url(&face_rel),
                    back,
                });
            }
            // TTS's card is portrait; a landscape card is a sideways portrait one.
            let sideways = first.w > first.h;
            let (sx, sy, sz) = map::card_scale(first.w.min(first.h), first.w.max(first.h));
            let mut t = Transform::scaled(sx, sy, sz);
            // A deck with printed backs lies face down, like a real one; a one-sided aid face up.
            if first.back.is_some() {
                t = t.flipped();
            }
            let look = DeckLook {
                name: &cname,
                first_key: ex.next_key,
                sheets: &urls,
                grids: &grids,
                card_type,
                sideways,
                transform: t,
            };
            let obj = {
                let mut guid = |suffix: &str| ex.guid(&format!("{cid}/{suffix}"));
                deck::object(&plan, &look, &mut guid)
            };
            ex.next_key += urls.len() as u32;
            ex.placed
                .push((Band::Deck, units(first.w), units(first.h), obj));
        }
        Form::Tile {
            tile_type,
            thickness,
        } => {
            for (pi, p) in &pieces {
                let (front, back) = faces[*pi];
                let front_url = ex.single(front);
                let back_url = match back {
                    Some(b) => ex.single(b),
                    None => front_url.clone(),
                };
                let (sx, sy, sz) = map::tile_scale(p.h);
                let name = piece_name(p);
                let make = |ex: &mut Export, path: String| {
                    let o = ObjectState::new(
                        "Custom_Tile",
                        ex.guid(&path),
                        &name,
                        Transform::scaled(sx, sy, sz),
                    );
                    objects::tile(
                        o,
                        front_url.clone(),
                        back_url.clone(),
                        tile_type,
                        thickness,
                        true,
                    )
                };
                if p.copies <= 1 {
                    let o = make(ex, format!("{}/tile", p.id));
                    ex.placed.push((Band::Loose, units(p.w), units(p.h), o));
                } else {
                    let contents = (0..p.copies)
                        .map(|i| make(ex, format!("{}/tile/{i}", p.id)))
                        .collect();
                    let label = if pieces.len() > 1 {
                        format!("{cname}: {name} ×{}", p.copies)
                    } else {
                        format!("{cname} ×{}", p.copies)
                    };
                    let bag = ObjectState::new(
                        "Bag",
                        ex.guid(&format!("{}/bag", p.id)),
                        &label,
                        Transform::scaled(1.0, 1.0, 1.0),
                    );
                    let bag = objects::bag(bag, contents, piece_color(p));
                    ex.placed.push((Band::Loose, BAG_UNITS, BAG_UNITS, bag));
                }
            }
        }
        Form::Board => {
            for (pi, p) in &pieces {
                let (front, back) = faces[*pi];
                let front_url = ex.single(front);
                let back_url = match back {
                    Some(b) => ex.single(b),
                    None => front_url.clone(),
                };
                let (sx, sy, sz) = map::tile_scale(p.h);
                for i in 0..p.copies.max(1) {
                    let o = ObjectState::new(
                        "Custom_Tile",
                        ex.guid(&format!("{}/board/{i}", p.id)),
                        &cname,
                        Transform::scaled(sx, sy, sz),
                    );
                    let o = objects::tile(
                        o,
                        front_url.clone(),
                        back_url.clone(),
                        map::TileType::Box,
                        0.2,
                        false,
                    );
                    ex.placed.push((Band::Board, units(p.w), units(p.h), o));
                }
            }
        }
        Form::Die6 => {
            let spec = comp
                .die
                .as_ref()
                .ok_or_else(|| tts_err(format!("die `{cid}` has no `die:` section")))?;
            for (_, p) in &pieces {
                let edge = crate::draw::die::edge_of_net(p.w);
                let six = crate::draw::die::faces(p, spec);
                if six.len() != 6 {
                    return Err(tts_err(format!("die `{cid}` needs six faces")));
                }
                let mut imgs = [0usize; 6];
                let mut names: [String; 6] = Default::default();
                for (i, face) in six.iter().enumerate() {
                    let art = Art::new(game);
                    let group = crate::draw::die::face_group(face, &art, 0.0, 0.0, edge)
                        .map_err(tts_err)?;
                    imgs[i] = ex.push_svg(&format!("{}-face{}", p.id, i + 1), group, edge, edge)?;
                    names[i] = [&face.text, &face.label, &face.title]
                        .into_iter()
                        .flatten()
                        .find(|t| !t.trim().is_empty())
                        .cloned()
                        .unwrap_or_else(|| (i + 1).to_string());
                }
                for i in 0..p.copies.max(1) {
                    let stem = if p.copies > 1 {
                        format!("{}-{i}", p.id)
                    } else {
                        p.id.clone()
                    };
                    let die = ex.die(imgs, &names, edge, &stem, &piece_name(p));
                    ex.placed.push((Band::Loose, units(edge), units(edge), die));
                }
            }
        }
        Form::Standee => {
            for (_, p) in &pieces {
                let w = p.w;
                let h = (p.h - 2.0 * crate::draw::pawn::base(w)) / 2.0;
                let art = Art::new(game);
                let group = crate::draw::pawn::panel(&p.front, &art, w, h).map_err(tts_err)?;
                let img = ex.push_svg(&format!("{}-figure", p.id), group, w, h)?;
                for i in 0..p.copies.max(1) {
                    let stem = if p.copies > 1 {
                        format!("{}-{i}", p.id)
                    } else {
                        p.id.clone()
                    };
                    let o = ex.standee(img, w, h, &stem, &piece_name(p));
                    ex.placed.push((Band::Loose, units(w), units(h), o));
                }
            }
        }
    }
    Ok(())
}

/// Footprint of a bag on the table (units).
const BAG_UNITS: f64 = 2.5;

/// The thumbnail: one front of each component first, then other fronts, up to nine.
fn thumbnail(prepared: &Prepared, images: &[(FaceDoc, Arc<Tree>)]) -> Result<Vec<u8>, String> {
    let fronts: Vec<(usize, usize)> = prepared
        .pieces
        .iter()
        .zip(&prepared.faces.of_piece)
        .map(|(p, (f, _))| (p.component, *f))
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
    image::encode_rgb(&image::thumbnail(&shown)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Night Grain's faces, prepared at a low DPI, in an export to `https://x.org/`.
    fn with_export(test: impl FnOnce(&mut Export)) {
        let game = crate::spec::load("night-grain").unwrap();
        let bopt = BuildOptions {
            dpi: 30,
            ..BuildOptions::default()
        };
        let prepared = crate::prepare(&game, &bopt).unwrap();
        let mut ex = Export::new(&game, &prepared, 30, "https://x.org/".into());
        test(&mut ex);
    }

    #[test]
    fn a_die_is_a_custom_d6_with_a_net_of_its_six_faces() {
        with_export(|ex| {
            let names: [String; 6] = std::array::from_fn(|i| format!("face {}", i + 1));
            let die = ex.die([0, 1, 2, 3, 4, 5], &names, 16.0, "grain-die", "Grain die");
            let v = serde_json::to_value(&die).unwrap();
            assert_eq!(v["Name"], "Custom_Dice");
            assert_eq!(v["CustomImage"]["CustomDice"]["Type"], 1);
            assert_eq!(
                v["CustomImage"]["ImageURL"],
                "https://x.org/images/grain-die-d6.png"
            );
            assert_eq!(v["RotationValues"][0]["Value"], "face 1");
            let edge = v["Transform"]["scaleX"].as_f64().unwrap()
                * map::DIE_UNITS_AT_SCALE_1
                * map::MM_PER_UNIT;
            assert!((edge - 16.0).abs() < 0.05, "{edge}");
            let job = ex.jobs.last().unwrap();
            let bytes = render_picture(&job.picture, &ex.images).unwrap();
            let r = png::Decoder::new(std::io::Cursor::new(bytes))
                .read_info()
                .unwrap();
            // 16 mm at 30 dpi is 19 px: a net of 4 × 3 faces.
            assert_eq!((r.info().width, r.info().height), (4 * 19, 3 * 19));
            assert_eq!(r.info().color_type, png::ColorType::Rgb);
        });
    }

    #[test]
    fn a_standee_keeps_the_transparency_around_its_outline() {
        with_export(|ex| {
            // A round grain marker: its corners are outside the drawing.
            let o = ex.standee(0, 20.0, 20.0, "pawn", "Pawn");
            let v = serde_json::to_value(&o).unwrap();
            assert_eq!(v["Name"], "Custom_Token");
            assert_eq!(v["CustomImage"]["CustomToken"]["StandUp"], true);
            let job = ex.jobs.last().unwrap();
            let bytes = render_picture(&job.picture, &ex.images).unwrap();
            let mut r = png::Decoder::new(std::io::Cursor::new(bytes))
                .read_info()
                .unwrap();
            assert_eq!(r.info().color_type, png::ColorType::Rgba);
            let mut buf = vec![0; r.output_buffer_size().unwrap()];
            r.next_frame(&mut buf).unwrap();
            assert_eq!(buf[3], 0, "top-left corner is transparent");
        });
    }

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
