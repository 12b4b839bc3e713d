//! What the export gathers while it maps components: the images to render (drawn faces, then
//! generated backs), the picture files to write, GUIDs, deck keys, and the objects to place.
use resvg::usvg::Tree;
use std::collections::HashSet;
use std::sync::Arc;

use super::deal::Spot;
use super::model::{ObjectState, Rgb, Transform};
use super::place::Band;
use super::render::{Job, Picture};
use super::{TtsError, dice, guid, image, keys, map, objects, sheet};
use crate::layout::document::Document;
use crate::outputs::OutputError;
use crate::resolve::faces::FaceDoc;
use crate::resolve::table::Table;
use map::units;

/// Everything gathered while mapping the components.
pub(super) struct Export<'a> {
    /// The game's id: it salts deck keys and GUIDs.
    game: &'a str,
    /// What the table needs beyond the faces (`resolve::table`).
    pub(super) table: &'a Table,
    pub(super) dpi: u32,
    pub(super) base: String,
    /// The document's faces, then the table's own drawings (`Table::drawings`).
    pub(super) images: Vec<(FaceDoc, Arc<Tree>)>,
    pub(super) jobs: Vec<Job>,
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
    /// The export of `prepared`, whose faces are `trees`; its table's drawings are parsed here.
    pub(super) fn new(
        prepared: &'a Document,
        trees: Vec<Arc<Tree>>,
        dpi: u32,
        base: String,
    ) -> Result<Self, OutputError> {
        let table = prepared.table.as_ref().ok_or(TtsError::NoTable)?;
        let mut images: Vec<(FaceDoc, Arc<Tree>)> =
            prepared.faces.docs.iter().cloned().zip(trees).collect();
        for doc in &table.drawings {
            let drawing = |why: String| TtsError::Drawing {
                what: doc.name.clone(),
                why,
            };
            let crate::resolve::Source::Svg(svg) = &doc.source else {
                return Err(drawing("not kept as text".into()).into());
            };
            let tree = crate::draw::trees::parse(svg).map_err(|e| drawing(e.to_string()))?;
            images.push((doc.clone(), Arc::new(tree)));
        }
        Ok(Export {
            game: &prepared.about.id,
            table,
            dpi,
            base,
            images,
            jobs: Vec::new(),
            picture_files: std::collections::HashMap::new(),
            used_names: HashSet::new(),
            guids: guid::Guids::new(),
            keys: keys::Keys::new(),
            placed: Vec::new(),
        })
    }

    /// The image number of the table's drawing `i`.
    pub(super) fn drawing(&self, i: usize) -> usize {
        self.images.len() - self.table.drawings.len() + i
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
        self.keys.of(self.game, stem)
    }

    pub(super) fn guid(&mut self, path: &str) -> String {
        self.guids.of(&format!("{}/{path}", self.game))
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

    /// The image of a die painted with its faces (images `side_mm` square, face "1" first),
    /// in TTS's template for its type; `stem` names its file. Returns its URL.
    pub(super) fn die_image(&mut self, faces: Vec<usize>, side_mm: f64, stem: &str) -> String {
        let n = faces.len();
        let side = image::fitted_size(side_mm, side_mm, self.dpi)
            .0
            .min(sheet::MAX_SHEET_PX / dice::GRID);
        // A d6's template is three faces wide; another's, a face a fifth of it or less (a d4's
        // three), as fine as its faces, at most a sheet.
        let template = match n {
            6 => dice::GRID * side,
            4 => (3 * side).min(sheet::MAX_SHEET_PX),
            _ => (5 * side).min(sheet::MAX_SHEET_PX),
        };
        let picture = Picture::Die {
            imgs: faces,
            side,
            template,
        };
        self.picture_url(&format!("{stem}-d{n}"), picture)
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
        names: &[String],
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
        dice::make_die(obj, image.to_string(), names)
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
}

/// The colour a bag of these pieces is tinted: the piece's ink.
pub(super) fn piece_color(ink: Option<&str>) -> Rgb {
    ink.map_or(Rgb::WHITE, Rgb::from_hex)
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
        let prepared =
            crate::commands::prepare_with(&game, &bopt, true, crate::resolve::Keep::Svg).unwrap();
        let trees = prepared.face_trees().unwrap();
        let mut ex = Export::new(&prepared, trees, 30, "https://x.org/".into()).unwrap();
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
            let url = ex.die_image(vec![0, 1, 2, 3, 4, 5], 16.0, "grain-die");
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
        let prepared =
            crate::commands::prepare_with(&game, &bopt, true, crate::resolve::Keep::Svg).unwrap();
        let trees = prepared.face_trees().unwrap();
        let mut ex = Export::new(&prepared, trees, 100, "https://x.org/".into()).unwrap();
        let die = ex.table.pieces[0].die.clone().unwrap();
        let values: Vec<String> = die.names.to_vec();
        assert_eq!(values, ["1", "2", "3", "4", "5", "6"]);
        let imgs: Vec<usize> = die.faces.iter().map(|&f| ex.drawing(f)).collect();
        let edge = die.side;
        ex.die_image(imgs.clone(), edge, "die");
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
        for ((col, row), face, turned) in dice::tests::TEMPLATE {
            let face = face as usize;
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
}
