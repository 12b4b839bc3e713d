//! What the export gathers while it maps components: the images to render (drawn faces, then
//! generated backs), the picture files to write, GUIDs, deck keys, and the objects to place.
use resvg::usvg::Tree;
use std::collections::HashSet;
use std::sync::Arc;

use super::deal::Spot;
use super::model::{ObjectState, Rgb, Transform};
use super::place::Band;
use super::render::{Job, Picture};
use super::{TtsError, dice, guid, image, keys, map, objects, sheet, tts_err};
use crate::base::forms::Side;
use crate::commands::Error;
use crate::kinds::Game;
use crate::kinds::KindName;
use crate::kinds::face::Art;
use crate::kinds::piece::{Own, Piece};
use crate::layout::document::Document;
use crate::resolve::faces::{FaceDoc, Source};
use crate::spec::Face;
use map::units;

/// Everything gathered while mapping the components.
pub(super) struct Export<'a> {
    pub(super) game: &'a Game,
    pub(super) dpi: u32,
    pub(super) base: String,
    /// Drawn faces, then generated card backs.
    pub(super) images: Vec<(FaceDoc, Arc<Tree>)>,
    pub(super) jobs: Vec<Job>,
    /// Images drawn for the export, by their drawing.
    drawn: std::collections::HashMap<String, usize>,
    /// Pictures already given a file: its path and its name.
    pub(super) picture_files: std::collections::HashMap<Picture, (String, String)>,
    pub(super) used_names: HashSet<String>,
    pub(super) guids: guid::Guids,
    pub(super) keys: keys::Keys,
    /// The objects made, in spec order, with where each goes.
    pub(super) placed: Vec<Placed>,
}

/// One object made for the table, and where it goes.
pub(super) struct Placed {
    pub(super) band: Band,
    /// Its footprint (units) unturned: across (x) and deep (z).
    pub(super) w: f64,
    pub(super) d: f64,
    pub(super) obj: ObjectState,
    pub(super) spot: Spot,
}

impl<'a> Export<'a> {
    pub(super) fn new(
        game: &'a Game,
        prepared: &Document,
        trees: Vec<Arc<Tree>>,
        dpi: u32,
        base: String,
    ) -> Self {
        Export {
            game,
            dpi,
            base,
            images: prepared.faces.docs.iter().cloned().zip(trees).collect(),
            jobs: Vec::new(),
            picture_files: std::collections::HashMap::new(),
            drawn: std::collections::HashMap::new(),
            used_names: HashSet::new(),
            guids: guid::Guids::new(),
            keys: keys::Keys::new(),
            placed: Vec::new(),
        }
    }

    /// The URL of `rel` (a path of pnp's own names: `decks/aid-1.png`), escaped as a URL path.
    pub(super) fn url(&self, rel: &str) -> String {
        format!("{}{}", self.base, super::urls::escape_path(rel))
    }

    /// Puts `obj` (`w`×`d` units) on the table at `spot`.
    pub(super) fn put(&mut self, spot: Spot, band: Band, w: f64, d: f64, obj: ObjectState) {
        self.placed.push(Placed {
            band,
            w,
            d,
            obj,
            spot,
        });
    }

    /// The deck key of the sheet whose file is `stem`.
    pub(super) fn deck_key(&mut self, stem: &str) -> u32 {
        let game = self.game.id().to_string();
        self.keys.of(&game, stem)
    }

    pub(super) fn guid(&mut self, path: &str) -> String {
        self.guids.of(&format!("{}/{path}", self.game.id()))
    }

    pub(super) fn unique_name(&mut self, stem: &str) -> String {
        let mut name = stem.to_string();
        let mut n = 2;
        while !self.used_names.insert(name.clone()) {
            name = format!("{stem}-{n}");
            n += 1;
        }
        name
    }

    /// The URL of image `img` as a file of its own, rendered at the export's DPI.
    pub(super) fn single(&mut self, img: usize) -> String {
        self.single_as(img, false)
    }

    /// The URL of image `img` as a file of its own, drawn a quarter turn clockwise (`turned`)
    /// or as it is.
    pub(super) fn single_as(&mut self, img: usize, turned: bool) -> String {
        let doc = &self.images[img].0;
        let (w, h) = image::fitted_size(doc.w, doc.h, self.dpi);
        let (name, w, h) = match turned {
            false => (doc.name.clone(), w, h),
            true => (format!("{}-turned", doc.name), h, w),
        };
        self.picture_url(&name, Picture::Single { img, w, h, turned })
    }

    /// The image of a d6 `edge_mm` wide painted with six faces (images, face "1" first), in
    /// TTS's d6 template; `stem` names its file. Returns its URL.
    pub(super) fn die_image(&mut self, faces: [usize; 6], edge_mm: f64, stem: &str) -> String {
        let side = image::fitted_size(edge_mm, edge_mm, self.dpi)
            .0
            .min(sheet::MAX_SHEET_PX / dice::GRID);
        self.picture_url(&format!("{stem}-d6"), Picture::Die { imgs: faces, side })
    }

    /// The URL of `picture`, a file named after `stem` made once: a die, standee or token the
    /// saved object and the table both show is one file.
    pub(super) fn picture_url(&mut self, stem: &str, picture: Picture) -> String {
        self.picture_file("images", stem, picture).0
    }

    /// The URL and file name (no extension) of `picture`, made once in `dir`, its name from
    /// `stem`: a deck sheet, a die the saved object and the table both show is one file.
    pub(super) fn picture_file(
        &mut self,
        dir: &str,
        stem: &str,
        picture: Picture,
    ) -> (String, String) {
        if let Some((rel, name)) = self.picture_files.get(&picture) {
            let (rel, name) = (rel.clone(), name.clone());
            return (self.url(&rel), name);
        }
        let name = self.unique_name(stem);
        let rel = format!("{dir}/{name}.png");
        self.picture_files
            .insert(picture.clone(), (rel.clone(), name.clone()));
        self.jobs.push(Job {
            rel: rel.clone(),
            picture,
        });
        (self.url(&rel), name)
    }

    /// A `Custom_Dice` d6 `edge_mm` wide painted with `image`, whose faces' `names` are what a
    /// roll reports. `stem` names its GUID.
    pub(super) fn die(
        &mut self,
        image: &str,
        names: &[String; 6],
        edge_mm: f64,
        stem: &str,
        nickname: &str,
    ) -> ObjectState {
        let (sx, sy, sz) = map::die_scale(edge_mm);
        let obj = ObjectState::new(
            "Custom_Dice",
            self.guid(&format!("{stem}/die")),
            nickname,
            Transform::scaled(sx, sy, sz),
        );
        dice::make_d6(obj, image.to_string(), names)
    }

    /// The image of a standee: face `img` (`w`×`h` mm), transparent around what is drawn, which
    /// TTS cuts the standee's outline from. Returns its URL.
    pub(super) fn standee_image(&mut self, img: usize, w_mm: f64, h_mm: f64, stem: &str) -> String {
        let (w, h) = image::fitted_size(w_mm, h_mm, self.dpi);
        self.picture_url(&format!("{stem}-standee"), Picture::Cutout { img, w, h })
    }

    /// A standing `Custom_Token` `h_mm` tall showing `image`.
    pub(super) fn standee(
        &mut self,
        image: &str,
        h_mm: f64,
        stem: &str,
        nickname: &str,
    ) -> ObjectState {
        let s = units(h_mm) / map::TOKEN_UNITS_AT_SCALE_1;
        let obj = ObjectState::new(
            "Custom_Token",
            self.guid(&format!("{stem}/standee")),
            nickname,
            Transform::scaled(s, 1.0, s),
        );
        objects::standee(obj, image.to_string(), 0.1)
    }

    /// Adds a picture drawn in a `w`×`h` mm box as an image; returns its index.
    pub(super) fn push_svg(
        &mut self,
        name: &str,
        group: svg::node::element::Group,
        w: f64,
        h: f64,
    ) -> Result<usize, Error> {
        let mut cv = crate::draw::canvas::Canvas::new(w, h, 0.0);
        cv.add(group);
        self.drawn_image(name, cv.finish(), w, h)
    }

    /// An image of a drawing `w`×`h` mm made for the export (a figure, a die's faces, a blank
    /// back): the same drawing again (the table shows what the saved object holds) is the
    /// same image.
    fn drawn_image(&mut self, name: &str, svg: String, w: f64, h: f64) -> Result<usize, Error> {
        if let Some(&img) = self.drawn.get(&svg) {
            return Ok(img);
        }
        let tree = crate::draw::trees::parse(&svg).map_err(|why| {
            tts_err(TtsError::Drawing {
                what: name.into(),
                why,
            })
        })?;
        self.drawn.insert(svg.clone(), self.images.len());
        self.images.push((
            FaceDoc {
                name: name.into(),
                source: Source::Svg(svg.into()),
                w,
                h,
                bleed: 0.0,
            },
            Arc::new(tree),
        ));
        Ok(self.images.len() - 1)
    }

    /// A plain back for cards printed one-sided: the card's own colours, nothing on it.
    pub(super) fn blank_back(&mut self, piece: &Piece) -> Result<usize, Error> {
        let f = piece.front(self.game);
        let mut blank = piece.clone();
        let front = Face {
            background: f.background.clone(),
            ink: f.ink.clone(),
            border: f.border.clone(),
            ..Face::default()
        };
        // Faces of its own, which hide its variant's faces and tags (a playing card's suit and
        // rank would draw its pips), and the card's id.
        // Drawn as a back: a playing card's front is its suit and rank, which a blank has not.
        blank.own = Some(Box::new(Own {
            id: Some(piece.id(self.game).into_owned()),
            faces: Some((front.clone(), Some(front))),
            tags: None,
        }));
        let art = Art::new(self.game);
        let id = piece.id(self.game);
        let svg = crate::kinds::face::draw_face(self.game, &blank, Side::Back, 0.0, &art)
            .map_err(tts_err)?
            .ok_or_else(|| tts_err(crate::kinds::face::DrawError::NoBack(id.to_string())))?;
        let comp = &self.game.spec.components[piece.component].id.value;
        self.drawn_image(&format!("{comp}-blank-back"), svg, piece.w, piece.h)
    }
}

/// How a piece is called on the table (the tooltip over it): what it is, short. A card by what
/// its face shows large (`card_name`); any other piece by its component's name, one of them,
/// and which one: "Tile — Suns 3", "Grain marker — Amaranth", "Pawn — Arms".
pub(super) fn piece_name(game: &Game, p: &Piece) -> String {
    let kind = game.spec.components[p.component].kind.name();
    if matches!(kind, KindName::Card | KindName::PlayingCard) {
        return card_name(game, p);
    }
    match noun_and_which(game, p) {
        (noun, Some(which)) if !which.eq_ignore_ascii_case(&noun) => format!("{noun} — {which}"),
        (noun, _) => noun,
    }
}

/// What a piece is, one of its component ("Tile", from "Tiles"), and which one it is, when its
/// component has variants: a matrix's values ("Suns 3", "Arms Null"), else what its face says
/// (title, label or big text), else its variant's id made readable ("Red").
pub(super) fn noun_and_which(game: &Game, p: &Piece) -> (String, Option<String>) {
    let c = &game.spec.components[p.component];
    let noun = singular(c.name.as_deref().unwrap_or(&c.id.value));
    let Some(variant) = p.variant.and_then(|v| c.variants.id(v)) else {
        return (noun, None);
    };
    let f = p.front(game);
    let said = [&f.title, &f.label, &f.text]
        .into_iter()
        .flatten()
        .map(|t| t.trim())
        .find(|t| !t.is_empty());
    let which = match said {
        Some(t) if c.matrix.is_none() => t.to_string(),
        _ => words(&variant),
    };
    (noun, Some(which))
}

/// One of a component called `name`: "Tiles" → "Tile", "Grain markers" → "Grain marker",
/// "Dice" → "Die", "Bean tokens (optional; …)" → "Bean token". A name that is not a plural is
/// kept ("Track of Persephone").
pub(super) fn singular(name: &str) -> String {
    let name = name.split(" (").next().unwrap_or(name).trim();
    let (head, last) = name.rsplit_once(' ').unwrap_or(("", name));
    let lower = last.to_lowercase();
    let one = if lower == "dice" {
        format!("{}ie", &last[..1])
    } else if let Some(stem) = lower.strip_suffix("ies").filter(|s| !s.is_empty()) {
        format!("{}y", &last[..stem.len()])
    } else if ["ches", "shes", "xes", "sses"]
        .iter()
        .any(|e| lower.ends_with(e))
    {
        last[..last.len() - 2].to_string()
    } else if lower.ends_with('s') && !lower.ends_with("ss") && !lower.ends_with("us") {
        last[..last.len() - 1].to_string()
    } else {
        last.to_string()
    };
    if head.is_empty() {
        one
    } else {
        format!("{head} {one}")
    }
}

/// `suns-3` → "Suns 3", `hunt_beast` → "Hunt Beast".
fn words(id: &str) -> String {
    id.split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(capitalized)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A card's name: a playing card's rank and suit ("Ace of Hearts"), which are all its face
/// shows large; else its title (with its big text when that is a short value: "Time Slot 1"),
/// its big text, its label (a small footer: a value, a credit), else its id made readable.
fn card_name(game: &Game, p: &Piece) -> String {
    let kind = game.spec.components[p.component].kind.name();
    if kind == KindName::PlayingCard
        && let Some(name) = playing_card_name(&p.tags(game))
    {
        return name;
    }
    let f = p.front(game);
    let title = f.title.as_deref().map(str::trim).filter(|s| !s.is_empty());
    let text = f.text.as_deref().map(str::trim).filter(|s| !s.is_empty());
    match (title, text) {
        // A title common to the component and a short value apart ("Time Slot" and "1").
        (Some(t), Some(x))
            if x.chars().count() <= SHORT_TEXT && !t.to_lowercase().contains(&x.to_lowercase()) =>
        {
            format!("{t} {x}")
        }
        (Some(t), _) => t.to_string(),
        (None, Some(x)) => x.to_string(),
        (None, None) => f
            .label
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map_or_else(|| readable_id(&p.id(game)), str::to_string),
    }
}

/// A card's name and, for the tooltip under it, the text printed on it that its name leaves out:
/// its big text (when too long for the name), its paragraphs, its table a row a line, its footer
/// label.
pub(super) fn piece_tooltip(game: &Game, p: &Piece) -> super::deck::Tooltip {
    let name = piece_name(game, p);
    let f = p.front(game);
    let mut lines: Vec<String> = Vec::new();
    if let Some(text) = f.text.as_deref().map(str::trim)
        && !text.is_empty()
        && !name.contains(text)
    {
        lines.push(text.to_string());
    }
    for row in f.table.iter().flatten() {
        lines.push(row.join(" · "));
    }
    for paragraph in f.paragraphs() {
        lines.push(
            paragraph
                .strip_prefix("# ")
                .unwrap_or(paragraph)
                .to_string(),
        );
    }
    if let Some(label) = f.label.as_deref().map(str::trim)
        && !label.is_empty()
        && label != name
    {
        lines.push(label.to_string());
    }
    super::deck::Tooltip {
        name,
        description: lines.join("\n"),
    }
}

/// Big text at most this long (a rank, a value) is added to a title to name a piece.
const SHORT_TEXT: usize = 12;

/// "Ace of Hearts", "10 of Spades", "Red Joker", from a playing card's `suit` and `rank` tags
/// (as `draw::playing` reads them); `None` if they are not a card's.
fn playing_card_name(tags: &crate::spec::Tags) -> Option<String> {
    let suit = tags.get("suit")?.trim().to_ascii_lowercase();
    let rank = tags.get("rank")?.trim().to_ascii_lowercase();
    if suit == "joker" {
        return Some(match rank.as_str() {
            "red" | "black" => format!("{} Joker", capitalized(&rank)),
            _ => "Joker".to_string(),
        });
    }
    if !matches!(suit.as_str(), "hearts" | "diamonds" | "clubs" | "spades") {
        return None;
    }
    let rank = match rank.as_str() {
        "a" | "ace" | "1" => "Ace".to_string(),
        "j" | "jack" => "Jack".to_string(),
        "q" | "queen" => "Queen".to_string(),
        "k" | "king" => "King".to_string(),
        r => r
            .parse::<u32>()
            .ok()
            .filter(|n| (2..=10).contains(n))?
            .to_string(),
    };
    Some(format!("{rank} of {}", capitalized(&suit)))
}

/// `tile-suns-null` → "Tile suns null".
fn readable_id(id: &str) -> String {
    capitalized(&id.replace(['-', '_'], " "))
}

pub(super) fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

/// The colour a bag of these pieces is tinted: the piece's ink.
pub(super) fn piece_color(game: &Game, p: &Piece) -> Rgb {
    p.front(game)
        .ink
        .as_ref()
        .filter(|c| !c.is_none())
        .map_or(Rgb::WHITE, |c| Rgb::from_hex(c.hex()))
}

#[cfg(test)]
mod tests {
    use super::super::render::render_picture;
    use super::*;
    use crate::commands::options::BuildOptions;

    /// Night Grain's faces, prepared at a low DPI, in an export to `https://x.org/`.
    fn with_export(test: impl FnOnce(&mut Export)) {
        let game = crate::kinds::load("night-grain").unwrap();
        let bopt = BuildOptions {
            dpi: 30,
            ..BuildOptions::default()
        };
        let prepared = crate::commands::prepare(&game, &bopt).unwrap();
        let trees = prepared.face_trees().unwrap();
        let mut ex = Export::new(&game, &prepared, trees, 30, "https://x.org/".into());
        test(&mut ex);
    }

    /// The RGB pixels of a PNG, with its size.
    fn decode(bytes: Vec<u8>) -> (u32, u32, Vec<u8>) {
        let mut r = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .unwrap();
        assert_eq!(r.info().color_type, png::ColorType::Rgb);
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        let info = r.next_frame(&mut buf).unwrap();
        (info.width, info.height, buf)
    }

    #[test]
    fn a_die_is_a_custom_d6_painted_in_tts_s_template() {
        with_export(|ex| {
            let names: [String; 6] = std::array::from_fn(|i| format!("face {}", i + 1));
            let url = ex.die_image([0, 1, 2, 3, 4, 5], 16.0, "grain-die");
            let die = ex.die(&url, &names, 16.0, "grain-die/0", "Grain die");
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
            let (w, h, _) = decode(render_picture(&job.picture, &ex.images).unwrap());
            // 16 mm at 30 dpi is 19 px: a square of 3 × 3 cells.
            assert_eq!((w, h), (3 * 19, 3 * 19));
        });
    }

    /// The template of TTS's d6 as the knowledge base shows it (`docs/img/custom-dice/ps1.png`
    /// @ 6aa30656), cell by cell (column, row): the face it holds and whether it is turned a
    /// half turn. Written out from the picture, not from `dice::D6_CELLS`.
    const D6_TEMPLATE: [((u32, u32), usize, bool); 6] = [
        ((0, 1), 2, false),
        ((1, 1), 4, false),
        ((2, 1), 5, false),
        ((0, 2), 1, true),
        ((1, 2), 3, false),
        ((2, 2), 6, true),
    ];

    #[test]
    fn each_cell_of_a_die_s_image_holds_the_template_s_face_turned_as_it_turns_it() {
        let yaml = r##"
game: {id: d6, name: D6, players: [2]}
components:
  - id: die
    kind: die
    size: 20mm
    front: {ink: "#202020", background: "#ffffff"}
    die:
      faces: [{text: "1"}, {text: "2"}, {text: "3"}, {text: "4"}, {text: "5"}, {text: "6"}]
"##;
        let game = crate::kinds::from_bytes("d6.yaml", yaml.as_bytes().to_vec(), None).unwrap();
        let bopt = BuildOptions {
            dpi: 100,
            ..BuildOptions::default()
        };
        let prepared = crate::commands::prepare(&game, &bopt).unwrap();
        let trees = prepared.face_trees().unwrap();
        let mut ex = Export::new(&game, &prepared, trees, 100, "https://x.org/".into());
        let art = Art::new(&game);
        let p = &prepared.pieces[0];
        let (edge, six) = crate::kinds::of(&game, p)
            .die_faces(&game, p, &art)
            .unwrap()
            .unwrap();
        let values: Vec<String> = six.iter().map(|(_, v)| v.clone()).collect();
        assert_eq!(values, ["1", "2", "3", "4", "5", "6"]);
        let mut imgs = [0; 6];
        for (i, (g, _)) in six.into_iter().enumerate() {
            imgs[i] = ex.push_svg(&format!("f{i}"), g, edge, edge).unwrap();
        }
        ex.die_image(imgs, edge, "die");
        let job = ex.jobs.last().unwrap();
        let (w, _, rgb) = decode(render_picture(&job.picture, &ex.images).unwrap());
        let side = w / 3;
        // Each face drawn alone, upright, at the cell's size.
        let faces: Vec<Vec<u8>> = imgs
            .iter()
            .map(|&i| {
                let p = image::render(&ex.images[i].1, &ex.images[i].0, side, side).unwrap();
                p.pixels()
                    .iter()
                    .map(|c| c.demultiply())
                    .flat_map(|c| [c.red(), c.green(), c.blue()])
                    .collect()
            })
            .collect();
        // How far cell (col, row) is from face f, upright or turned.
        let distance = |col: u32, row: u32, f: usize, turned: bool| -> u64 {
            let mut d = 0;
            for y in 0..side {
                for x in 0..side {
                    let (fx, fy) = if turned {
                        (side - 1 - x, side - 1 - y)
                    } else {
                        (x, y)
                    };
                    let at = (((row * side + y) * w + col * side + x) * 3) as usize;
                    let fat = ((fy * side + fx) * 3) as usize;
                    for c in 0..3 {
                        d += (rgb[at + c] as i64 - faces[f][fat + c] as i64).unsigned_abs();
                    }
                }
            }
            d
        };
        for ((col, row), face, turned) in D6_TEMPLATE {
            let best = (0..6)
                .flat_map(|f| [(f, false), (f, true)])
                .min_by_key(|&(f, t)| distance(col, row, f, t))
                .unwrap();
            assert_eq!(
                best,
                (face - 1, turned),
                "cell ({col}, {row}) should hold face {face}, turned: {turned}"
            );
            assert!(
                distance(col, row, face - 1, turned) < distance(col, row, face - 1, !turned) / 4,
                "face {face} in cell ({col}, {row}) is clearly turned as the template turns it"
            );
        }
        // The top row is not on the cube: one plain grey, no face there.
        let top = &rgb[..(side * w * 3) as usize];
        assert!(top.chunks(3).all(|px| px == [216, 216, 216]));
    }

    #[test]
    fn a_standee_keeps_the_transparency_around_its_outline() {
        with_export(|ex| {
            // A round grain marker: its corners are outside the drawing.
            let url = ex.standee_image(0, 20.0, 20.0, "pawn");
            let o = ex.standee(&url, 20.0, "pawn/0", "Pawn");
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
    fn a_playing_card_is_named_by_rank_and_suit() {
        let name = |suit: &str, rank: &str| {
            let tags = [("suit", suit), ("rank", rank)]
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .into_iter()
                .collect();
            playing_card_name(&tags)
        };
        assert_eq!(name("hearts", "a").as_deref(), Some("Ace of Hearts"));
        assert_eq!(name("spades", "10").as_deref(), Some("10 of Spades"));
        assert_eq!(name("clubs", "q").as_deref(), Some("Queen of Clubs"));
        assert_eq!(name("joker", "red").as_deref(), Some("Red Joker"));
        assert_eq!(name("joker", "x").as_deref(), Some("Joker"));
        assert_eq!(name("suns", "a"), None);
        assert_eq!(name("hearts", "11"), None);
        assert_eq!(readable_id("tile-suns-null"), "Tile suns null");
    }

    #[test]
    fn a_piece_is_one_of_its_component() {
        for (many, one) in [
            ("Tiles", "Tile"),
            ("Grain markers", "Grain marker"),
            ("Dice", "Die"),
            ("Bean tokens (optional; dry beans work too)", "Bean token"),
            ("Starvation chits", "Starvation chit"),
            ("Activity cards (one set per player)", "Activity card"),
            (
                "Die role markers (beside your three dice)",
                "Die role marker",
            ),
            ("Boxes", "Box"),
            ("Track of Persephone", "Track of Persephone"),
            ("Rock", "Rock"),
            ("Bonus", "Bonus"),
            ("Properties", "Property"),
        ] {
            assert_eq!(singular(many), one);
        }
        assert_eq!(words("suns-3"), "Suns 3");
        assert_eq!(words("arms-null"), "Arms Null");
    }

    #[test]
    fn pieces_are_named_by_component_and_suit_or_rank() {
        let game = crate::kinds::load("piecepack").unwrap();
        let pieces = crate::kinds::piece::expand(&game);
        let name = |id: &str| {
            let p = pieces.iter().find(|p| p.id(&game) == id).unwrap();
            piece_name(&game, p)
        };
        assert_eq!(name("tile-suns-3"), "Tile — Suns 3");
        assert_eq!(name("tile-arms-null"), "Tile — Arms Null");
        assert_eq!(name("coin-moons-ace"), "Coin — Moons Ace");
        assert_eq!(name("die-crowns"), "Die — Crowns");
        assert_eq!(name("pawn-arms"), "Pawn — Arms");
        let game = crate::kinds::load("night-grain").unwrap();
        let pieces = crate::kinds::piece::expand(&game);
        let p = pieces.iter().find(|p| p.id(&game) == "grain-rye").unwrap();
        assert_eq!(piece_name(&game, p), "Grain marker — Rye");
    }
}
