//! A picture of a table as seen from above, drawn from a save's own positions and images: the
//! table save's thumbnail, and the picture in docs/tts.md (the game itself cannot run here).
//!
//! It reads the JSON, not pnp's objects, so it shows what the file says: each object at its
//! `posX`/`posZ`, turned by its `rotY` (an object turned 180° reads upright to the near side,
//! its image's top towards +z, up the picture), at the size its scale gives
//! (`map::TILE_UNITS_AT_SCALE_1`, `map::CARD_DEPTH_AT_SCALE_1`…), showing the image on top:
//! a tile's front (its back when turned over), a card's cell of its sheet, a deck's first card,
//! a die's face up, each cut to the outline TTS gives it (a hex tile, a round tile or card: not
//! its image's square). Bags are discs of their colour with their first piece on them; hand zones
//! are outlined in their player's colour.
use resvg::tiny_skia::{
    Color, FillRule, FilterQuality, Paint, PathBuilder, Pattern, Pixmap, PixmapPaint, Rect,
    SpreadMode, Stroke, Transform,
};
use serde_json::Value;

use super::components::BAG_UNITS;
use super::{dice, map, table};
use crate::outputs::png::ImageError;

/// Width of a table save's picture, in pixels: its pieces readable (a 2-inch tile is 30 px).
pub const THUMBNAIL_PX: u32 = 1024;
/// The part of the table shown: the hand zones and what lies between (units).
pub const SHOWN_X: f64 = 34.0;
pub const SHOWN_Z: f64 = 23.5;

/// The picture, `width` px wide. `image(url)` gives the decoded image a URL names.
pub fn render(
    save: &Value,
    image: &dyn Fn(&str) -> Option<Pixmap>,
    width: u32,
) -> Result<Pixmap, ImageError> {
    let ppu = width as f64 / (2.0 * SHOWN_X);
    let height = (2.0 * SHOWN_Z * ppu).round() as u32;
    let mut pic = Pixmap::new(width, height).ok_or(ImageError::Empty)?;
    pic.fill(Color::from_rgba8(64, 46, 34, 255));
    let view = View { ppu };
    // The table's top, where pieces are laid.
    let (w, d) = (2.0 * table::HALF_X + 3.0, 2.0 * table::HALF_Z + 3.0);
    let top = box_path(&view, (0.0, 0.0), w, d, 0.0);
    draw_path(&mut pic, top, [122, 92, 64, 255], None);
    let objects = save["ObjectStates"].as_array().cloned().unwrap_or_default();
    // Hand zones under everything; then boards, then the rest in file order.
    let order = |o: &Value| match o["Name"].as_str() {
        Some("HandTrigger") => 0,
        _ if o["Locked"] == true => 1,
        _ => 2,
    };
    let mut sorted: Vec<&Value> = objects.iter().collect();
    sorted.sort_by_key(|o| order(o));
    for o in sorted {
        draw_object(&mut pic, &view, o, image);
    }
    Ok(pic)
}

/// PNG bytes as a pixmap.
pub fn decode(bytes: &[u8]) -> Option<Pixmap> {
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .ok()?;
    let mut buf = vec![0; reader.output_buffer_size()?];
    let info = reader.next_frame(&mut buf).ok()?;
    let (w, h) = (info.width, info.height);
    let channels = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        _ => return None,
    };
    if info.bit_depth != png::BitDepth::Eight {
        return None;
    }
    let mut pixmap = Pixmap::new(w, h)?;
    for (i, px) in pixmap.pixels_mut().iter_mut().enumerate() {
        let at = i * channels;
        let row = &buf[at..at + channels];
        let a = if channels == 4 { row[3] } else { 255 };
        *px = resvg::tiny_skia::ColorU8::from_rgba(row[0], row[1], row[2], a).premultiply();
    }
    Some(pixmap)
}

struct View {
    /// Pixels per unit.
    ppu: f64,
}

impl View {
    /// A table point in the picture: +x right, +z up.
    fn at(&self, x: f64, z: f64) -> (f32, f32) {
        (
            ((x + SHOWN_X) * self.ppu) as f32,
            ((SHOWN_Z - z) * self.ppu) as f32,
        )
    }

    /// The transform drawing a `w`×`d` unit box centred at (x, z), turned `turn` degrees
    /// clockwise, from a `pw`×`ph` px image.
    fn placing(
        &self,
        (x, z): (f64, f64),
        (w, d): (f64, f64),
        turn: f64,
        (pw, ph): (u32, u32),
    ) -> Transform {
        let (cx, cy) = self.at(x, z);
        Transform::from_translate(cx, cy)
            .pre_rotate(turn as f32)
            .pre_scale(
                (w * self.ppu) as f32 / pw as f32,
                (d * self.ppu) as f32 / ph as f32,
            )
            .pre_translate(-(pw as f32) / 2.0, -(ph as f32) / 2.0)
    }
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or(0.0)
}

/// Draws one object (and what it shows of its contents).
fn draw_object(pic: &mut Pixmap, view: &View, o: &Value, image: &dyn Fn(&str) -> Option<Pixmap>) {
    let t = &o["Transform"];
    let (x, z) = (num(&t["posX"]), num(&t["posZ"]));
    let (sx, sz) = (num(&t["scaleX"]), num(&t["scaleZ"]));
    // An object turned 180° reads upright: clockwise from there.
    let turn = num(&t["rotY"]) - 180.0;
    let face_down = (num(&t["rotZ"]).abs() - 180.0).abs() < 1.0;
    let colour = |o: &Value| {
        let c = &o["ColorDiffuse"];
        let b = |v: &Value| (num(v).clamp(0.0, 1.0) * 255.0).round() as u8;
        [b(&c["r"]), b(&c["g"]), b(&c["b"]), 255]
    };
    match o["Name"].as_str().unwrap_or("") {
        "HandTrigger" => {
            let [r, g, b, _] = colour(o);
            let zone = || box_path(view, (x, z), sx, sz, num(&t["rotY"]));
            draw_path(pic, zone(), [r, g, b, 70], None);
            draw_path(pic, zone(), [r, g, b, 255], Some(2.0));
        }
        "Custom_Tile" => {
            let img = &o["CustomImage"];
            let url = if face_down {
                img["ImageSecondaryURL"].as_str()
            } else {
                img["ImageURL"].as_str()
            };
            if let Some(p) = url.and_then(image) {
                let cut = match img["CustomTile"]["Type"].as_u64() {
                    Some(1) => Cut::Hex,
                    Some(2) => Cut::Oval,
                    Some(3) => Cut::Rounded,
                    _ => Cut::Box,
                };
                let d = map::TILE_UNITS_AT_SCALE_1 * sz;
                draw_image(pic, view, &p, (x, z), d, turn, cut);
            }
        }
        "CardCustom" => draw_card(pic, view, o, (x, z, sz, turn, face_down), image),
        "DeckCustom" => {
            if let Some(card) = o["ContainedObjects"].get(0) {
                draw_card(pic, view, card, (x, z, sz, turn, face_down), image);
            }
        }
        "Custom_Dice" => {
            let url = o["CustomImage"]["ImageURL"].as_str();
            if let Some(p) = url.and_then(image) {
                let up = face_up(num(&t["rotX"]), num(&t["rotZ"]));
                let (col, row, turned) = dice::D6_CELLS[up];
                let cell = p.width() / dice::GRID;
                if let Some(face) = p.clone_rect(
                    resvg::tiny_skia::IntRect::from_xywh(
                        (col * cell) as i32,
                        (row * cell) as i32,
                        cell,
                        cell,
                    )
                    .unwrap_or_else(|| resvg::tiny_skia::IntRect::from_xywh(0, 0, 1, 1).unwrap()),
                ) {
                    let e = map::DIE_UNITS_AT_SCALE_1 * sz;
                    let turn = if turned { turn + 180.0 } else { turn };
                    draw_pixmap(pic, &face, view.placing((x, z), (e, e), turn, (cell, cell)));
                }
            }
        }
        "Custom_Token" => {
            // Standing: seen from above, its figure drawn flat, as wide as it is.
            if let Some(p) = o["CustomImage"]["ImageURL"].as_str().and_then(image) {
                let h = map::TOKEN_UNITS_AT_SCALE_1 * sz;
                draw_image(pic, view, &p, (x, z), h, turn, Cut::Box);
            }
        }
        "Die_6" => {
            let die = || box_path(view, (x, z), 1.0, 1.0, turn);
            draw_path(pic, die(), colour(o), None);
            draw_path(pic, die(), [40, 40, 40, 255], Some(2.0));
        }
        "Bag" | "Infinite_Bag" => {
            let (cx, cy) = view.at(x, z);
            let bag = || PathBuilder::from_circle(cx, cy, (BAG_UNITS / 2.0 * view.ppu) as f32);
            draw_path(pic, bag(), colour(o), None);
            let first = o["ContainedObjects"].get(0);
            // What it holds, shown small on it (not a bag in a bag: it would cover it).
            if let Some(first) = first.filter(|f| !f["Name"].as_str().unwrap_or("").contains("Bag"))
            {
                let mut inner = first.clone();
                inner["Transform"]["posX"] = x.into();
                inner["Transform"]["posZ"] = z.into();
                // Shown small, on the bag.
                let s = num(&inner["Transform"]["scaleZ"]);
                inner["Transform"]["scaleX"] = (s.min(0.5)).into();
                inner["Transform"]["scaleZ"] = (s.min(0.5)).into();
                draw_object(pic, view, &inner, image);
            }
            draw_path(pic, bag(), [30, 30, 30, 255], Some(1.5));
        }
        _ => {}
    }
}

/// One card: its cell of its face sheet (of its back when face down).
fn draw_card(
    pic: &mut Pixmap,
    view: &View,
    card: &Value,
    (x, z, sz, turn, face_down): (f64, f64, f64, f64, bool),
    image: &dyn Fn(&str) -> Option<Pixmap>,
) {
    let id = card["CardID"].as_u64().unwrap_or(0);
    let (key, cell) = ((id / 100).to_string(), (id % 100) as u32);
    let deck = &card["CustomDeck"][&key];
    let (cols, rows) = (
        deck["NumWidth"].as_u64().unwrap_or(1).max(1) as u32,
        deck["NumHeight"].as_u64().unwrap_or(1).max(1) as u32,
    );
    let unique_back = deck["UniqueBack"] == true;
    let (url, whole) = if face_down {
        (deck["BackURL"].as_str(), !unique_back)
    } else {
        (deck["FaceURL"].as_str(), false)
    };
    let Some(sheet) = url.and_then(image) else {
        return;
    };
    let p = if whole {
        sheet
    } else {
        let (cw, ch) = (sheet.width() / cols, sheet.height() / rows);
        let rect = resvg::tiny_skia::IntRect::from_xywh(
            ((cell % cols) * cw) as i32,
            ((cell / cols) * ch) as i32,
            cw.max(1),
            ch.max(1),
        );
        match rect.and_then(|r| sheet.clone_rect(r)) {
            Some(p) => p,
            None => return,
        }
    };
    // `CustomDeck.Type`: 4 a round card (a card's rounded corners are too small to show here).
    let cut = match deck["Type"].as_u64() {
        Some(4) => Cut::Oval,
        _ => Cut::Box,
    };
    let d = map::CARD_DEPTH_AT_SCALE_1 * sz;
    draw_image(pic, view, &p, (x, z), d, turn, cut);
}

/// Draws image `p` `d` units deep (as wide as its proportions make it), centred at (x, z) and
/// turned `turn` degrees clockwise, cut to `cut`.
fn draw_image(
    pic: &mut Pixmap,
    view: &View,
    p: &Pixmap,
    at: (f64, f64),
    d: f64,
    turn: f64,
    cut: Cut,
) {
    let w = d * p.width() as f64 / p.height() as f64;
    let placed = view.placing(at, (w, d), turn, (p.width(), p.height()));
    draw_cut(pic, p, placed, cut);
}

/// The outline TTS cuts a tile's or card's image to (`CustomTile.Type`, `CustomDeck.Type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cut {
    Box,
    /// Flat on top, its corners at the middles of the image's sides (KB custom-tile.md,
    /// img/custom-tile/example1.png; a pointy hex's images are drawn turned onto it).
    Hex,
    /// The ellipse the image's box holds: a circle for a square image.
    Oval,
    /// Rounded corners. TTS does not say their radius; a tenth of the shorter side is how
    /// its rounded tiles look, close enough for a picture.
    Rounded,
}

/// The outline of `cut` on a `w`×`h` px image, in the image's pixels.
fn cut_path(cut: Cut, w: f32, h: f32) -> Option<resvg::tiny_skia::Path> {
    match cut {
        Cut::Box => PathBuilder::from_rect(Rect::from_xywh(0.0, 0.0, w, h)?).into(),
        Cut::Oval => PathBuilder::from_oval(Rect::from_xywh(0.0, 0.0, w, h)?),
        Cut::Hex => {
            let mut b = PathBuilder::new();
            b.move_to(0.0, h / 2.0);
            for (x, y) in [
                (w / 4.0, 0.0),
                (w * 3.0 / 4.0, 0.0),
                (w, h / 2.0),
                (w * 3.0 / 4.0, h),
                (w / 4.0, h),
            ] {
                b.line_to(x, y);
            }
            b.close();
            b.finish()
        }
        Cut::Rounded => {
            let r = w.min(h) / 10.0;
            // A quarter circle as one cubic: its handles 0.5523 of the radius long.
            let k = r * (1.0 - 0.552_284_8);
            let mut b = PathBuilder::new();
            b.move_to(r, 0.0);
            b.line_to(w - r, 0.0);
            b.cubic_to(w - k, 0.0, w, k, w, r);
            b.line_to(w, h - r);
            b.cubic_to(w, h - k, w - k, h, w - r, h);
            b.line_to(r, h);
            b.cubic_to(k, h, 0.0, h - k, 0.0, h - r);
            b.line_to(0.0, r);
            b.cubic_to(0.0, k, k, 0.0, r, 0.0);
            b.close();
            b.finish()
        }
    }
}

/// Draws image `p` placed by `at`, cut to `cut`: what lies outside it shows the table.
fn draw_cut(pic: &mut Pixmap, p: &Pixmap, at: Transform, cut: Cut) {
    if cut == Cut::Box {
        return draw_pixmap(pic, p, at);
    }
    let Some(path) =
        cut_path(cut, p.width() as f32, p.height() as f32).and_then(|c| c.transform(at))
    else {
        return;
    };
    let paint = Paint {
        shader: Pattern::new(
            p.as_ref(),
            SpreadMode::Pad,
            FilterQuality::Bilinear,
            1.0,
            at,
        ),
        anti_alias: true,
        ..Paint::default()
    };
    pic.fill_path(
        &path,
        &paint,
        FillRule::Winding,
        Transform::identity(),
        None,
    );
}

/// Which face of a d6 is up at rotation (rx, rz): the nearest of `dice::D6_ROTATIONS`.
fn face_up(rx: f64, rz: f64) -> usize {
    let off = |a: f64, b: f64| {
        let d = (a - b).rem_euclid(360.0);
        d.min(360.0 - d)
    };
    (0..6)
        .min_by(|&a, &b| {
            let da = off(rx, dice::D6_ROTATIONS[a].0) + off(rz, dice::D6_ROTATIONS[a].2);
            let db = off(rx, dice::D6_ROTATIONS[b].0) + off(rz, dice::D6_ROTATIONS[b].2);
            da.total_cmp(&db)
        })
        .unwrap_or(1)
}

fn draw_pixmap(pic: &mut Pixmap, p: &Pixmap, at: Transform) {
    let paint = PixmapPaint {
        quality: FilterQuality::Bilinear,
        ..PixmapPaint::default()
    };
    pic.draw_pixmap(0, 0, p.as_ref(), &paint, at, None);
}

fn paint(rgba: [u8; 4]) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(rgba[0], rgba[1], rgba[2], rgba[3]);
    p.anti_alias = true;
    p
}

fn box_path(
    view: &View,
    (x, z): (f64, f64),
    w: f64,
    d: f64,
    turn: f64,
) -> Option<resvg::tiny_skia::Path> {
    let (cx, cy) = view.at(x, z);
    let r = Rect::from_xywh(
        -(w * view.ppu) as f32 / 2.0,
        -(d * view.ppu) as f32 / 2.0,
        (w * view.ppu) as f32,
        (d * view.ppu) as f32,
    )?;
    PathBuilder::from_rect(r).transform(Transform::from_translate(cx, cy).pre_rotate(turn as f32))
}

/// Fills `path` with `c`, or strokes it `stroke` px wide.
fn draw_path(
    pic: &mut Pixmap,
    path: Option<resvg::tiny_skia::Path>,
    c: [u8; 4],
    stroke: Option<f32>,
) {
    let Some(path) = path else { return };
    let id = Transform::identity();
    match stroke {
        None => pic.fill_path(&path, &paint(c), FillRule::Winding, id, None),
        Some(width) => {
            let stroke = Stroke {
                width,
                ..Stroke::default()
            };
            pic.stroke_path(&path, &paint(c), &stroke, id, None);
        }
    }
}
