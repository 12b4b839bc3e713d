//! What the export gathers while it maps components: the images to render (drawn faces, then
//! generated backs), the picture files to write, GUIDs, deck keys, and the objects to place.
use resvg::usvg::Tree;
use std::collections::HashSet;
use std::sync::Arc;

use super::model::{ObjectState, Rgb, Transform};
use super::place::Band;
use super::render::{Job, Picture};
use super::{TtsError, dice, guid, image, map, objects, sheet, tts_err};
use crate::draw::{Art, FaceDoc, Side, Source};
use crate::error::Error;
use crate::kinds::KindName;
use crate::layout::document::Document;
use crate::pieces::{Own, Piece};
use crate::spec::{Face, Game};
use map::units;

/// Everything gathered while mapping the components.
pub(super) struct Export<'a> {
    pub(super) game: &'a Game,
    pub(super) dpi: u32,
    pub(super) base: String,
    /// Drawn faces, then generated card backs.
    pub(super) images: Vec<(FaceDoc, Arc<Tree>)>,
    pub(super) jobs: Vec<Job>,
    /// Image index → its file, for faces used on their own (tiles, boards).
    pub(super) single_files: Vec<Option<String>>,
    pub(super) used_names: HashSet<String>,
    pub(super) guids: guid::Guids,
    pub(super) next_key: u32,
    /// (band, width, depth in units, object) in spec order.
    pub(super) placed: Vec<(Band, f64, f64, ObjectState)>,
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
            single_files: Vec::new(),
            used_names: HashSet::new(),
            guids: guid::Guids::new(),
            next_key: 1,
            placed: Vec::new(),
        }
    }

    pub(super) fn url(&self, rel: &str) -> String {
        format!("{}{rel}", self.base)
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
    pub(super) fn die(
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
    pub(super) fn standee(
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
    pub(super) fn push_svg(
        &mut self,
        name: &str,
        group: svg::node::element::Group,
        w: f64,
        h: f64,
    ) -> Result<usize, Error> {
        let mut cv = crate::draw::canvas::Canvas::new(w, h, 0.0);
        cv.add(group);
        let svg = cv.finish();
        let tree = crate::trees::parse(&svg).map_err(|why| {
            tts_err(TtsError::Drawing {
                what: name.into(),
                why,
            })
        })?;
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
        let svg = crate::draw::draw_face(self.game, &blank, Side::Back, 0.0, &art)
            .map_err(tts_err)?
            .ok_or_else(|| tts_err(crate::draw::DrawError::NoBack(id.to_string())))?;
        let tree = crate::trees::parse(&svg).map_err(|why| {
            tts_err(TtsError::Drawing {
                what: format!("the blank back of `{id}`"),
                why,
            })
        })?;
        let comp = &self.game.spec.components[piece.component].id.value;
        self.images.push((
            FaceDoc {
                name: format!("{comp}-blank-back"),
                source: Source::Svg(svg.into()),
                w: piece.w,
                h: piece.h,
                bleed: 0.0,
            },
            Arc::new(tree),
        ));
        Ok(self.images.len() - 1)
    }
}

/// How a piece is called on the table (the tooltip over it): what it is, short. A playing card's
/// rank and suit ("Ace of Hearts"), which are all its face shows large; else its title (with its
/// big text when that is a short value: "Time Slot 1"), its big text, its label (a small footer:
/// a value, a credit), else its id made readable.
pub(super) fn piece_name(game: &Game, p: &Piece) -> String {
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
    use crate::options::BuildOptions;

    /// Night Grain's faces, prepared at a low DPI, in an export to `https://x.org/`.
    fn with_export(test: impl FnOnce(&mut Export)) {
        let game = crate::spec::load("night-grain").unwrap();
        let bopt = BuildOptions {
            dpi: 30,
            ..BuildOptions::default()
        };
        let prepared = crate::prepare(&game, &bopt).unwrap();
        let trees = prepared.face_trees().unwrap();
        let mut ex = Export::new(&game, &prepared, trees, 30, "https://x.org/".into());
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
}
