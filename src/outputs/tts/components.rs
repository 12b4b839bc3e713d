//! Each component → its TTS objects, by the form it takes there (`resolve::Component::tts`) and
//! the game's `tts:` settings (bags, shuffling): one function per form. Each lot of pieces (see
//! `deal`) becomes objects at its spot; the pieces of one spot share a bag or a deck.
use super::collect::{Export, piece_color};
use super::deal::{Lot, Spot};
use super::deck::{self, DeckLook, DeckPlan, SheetUrls};
use super::map::{self, units};
use super::model::{ObjectState, Transform};
use super::objects::{self, TileType};
use super::place::Band;
use super::render::Picture;
use super::{TtsError, sheet, snap, tts_err};
use crate::base::forms::TtsForm;
use crate::base::shape::{HexTop, Shape};
use crate::layout::document::Document;
use crate::outputs::OutputError;
use crate::resolve::Piece;
use crate::resolve::table::{Bag, Pile, TablePiece, TtsPieces};

/// Some copies of a piece at one spot, with its (front, back) image indices.
#[derive(Clone, Copy)]
struct Take<'p> {
    piece: &'p Piece,
    /// What the table knows of it.
    on: &'p TablePiece,
    front: usize,
    back: Option<usize>,
    copies: u32,
}

/// Footprint of a bag on the table (units).
pub const BAG_UNITS: f64 = 2.5;

/// Maps one component's lots (in order) to its TTS objects. `seats` names each seat (its
/// colour), for the decks and bags a player takes.
pub(super) fn map_component(
    ex: &mut Export,
    prepared: &Document,
    ci: usize,
    lots: &[Lot],
    seats: &[&str],
) -> Result<(), OutputError> {
    let comp = &prepared.components[ci];
    let cid = comp.id.clone();
    let cname = comp.name.clone();
    let table = ex.table;
    let settings = table.components[ci].settings.clone();
    // The lots grouped by spot, in the order the spots first appear.
    let mut spots: Vec<(Spot, Vec<Take>)> = Vec::new();
    for lot in lots.iter().filter(|l| l.copies > 0) {
        let (front, back) = prepared.faces.of_piece[lot.piece];
        let take = Take {
            piece: &prepared.pieces[lot.piece],
            on: &table.pieces[lot.piece],
            front,
            back,
            copies: lot.copies,
        };
        match spots.iter_mut().find(|(s, _)| *s == lot.spot) {
            Some((_, t)) => t.push(take),
            None => spots.push((lot.spot, vec![take])),
        }
    }
    if spots.is_empty() {
        return Ok(());
    }
    let seat_name = |spot: Spot| match spot {
        Spot::Seat(k) => seats.get(k).map(|s| s.to_string()),
        _ => None,
    };
    match comp.tts {
        TtsForm::Deck { card_type } => {
            decks(ex, &spots, &cid, &cname, card_type, &settings, &seat_name)?
        }
        TtsForm::Tile {
            tile_type,
            thickness,
        } => {
            for (spot, takes) in &spots {
                let named = seat_name(*spot);
                tiles(
                    ex,
                    *spot,
                    takes,
                    (&cid, &cname),
                    tile_type,
                    thickness,
                    &settings,
                    named.as_deref(),
                );
            }
        }
        TtsForm::Board => {
            for (spot, takes) in &spots {
                boards(ex, *spot, takes, &cname, table.components[ci].has_variants)?;
            }
        }
        TtsForm::Die { .. } => {
            for (spot, takes) in &spots {
                dice(ex, *spot, takes, &cid)?;
            }
        }
        TtsForm::Standee => {
            for (spot, takes) in &spots {
                standees(ex, *spot, takes)?;
            }
        }
        TtsForm::Token { thickness } => {
            for (spot, takes) in &spots {
                cut_tokens(ex, *spot, takes, thickness);
            }
        }
        TtsForm::LeftOut => {}
    }
    Ok(())
}

/// A stem for the `i`-th copy of a piece at a spot: unique in the export, stable from run to run.
fn copy_stem(p: &Piece, spot: Spot, i: u32) -> String {
    format!("{}{}/{i}", p.id, spot_path(spot))
}

/// What the GUIDs of the objects at `spot` add to their path: nothing in the middle.
fn spot_path(spot: Spot) -> String {
    match spot {
        Spot::Middle => String::new(),
        Spot::Aside => "/aside".into(),
        Spot::Seat(k) => format!("/seat-{k}"),
        Spot::Placed(k) => format!("/at-{k}"),
    }
}

/// Polygons and custom outlines: a flat `Custom_Token` a copy, which TTS cuts from the
/// transparency of its front's image (a token shows that one image on both sides).
fn cut_tokens(ex: &mut Export, spot: Spot, takes: &[Take], thickness: f64) {
    for t in takes {
        let p = t.piece;
        let (w, h) = super::image::fitted_size(p.w, p.h, ex.dpi);
        let url = ex.picture_url(
            &format!("{}-token", p.id),
            Picture::Cutout { img: t.front, w, h },
        );
        let name = &t.on.name;
        let s = units(p.h) / super::map::TOKEN_UNITS_AT_SCALE_1;
        for i in 0..t.copies {
            let guid = ex.guid(&format!("{}/token", copy_stem(p, spot, i)));
            let o = ObjectState::new("Custom_Token", guid, name, Transform::scaled(s, 1.0, s));
            let mut o = objects::standee(o, url.clone(), thickness);
            if let Some(token) = o
                .custom_image
                .as_mut()
                .and_then(|i| i.custom_token.as_mut())
            {
                token.stand_up = false;
                token.stackable = true;
            }
            ex.put(spot, Band::Loose, units(p.w), units(p.h), o);
        }
    }
}

/// Dice: each die's six faces drawn as their own square images, then a `Custom_Dice` per copy.
fn dice(ex: &mut Export, spot: Spot, takes: &[Take], cid: &str) -> Result<(), OutputError> {
    for t in takes {
        let p = t.piece;
        let die =
            t.on.die
                .as_ref()
                .ok_or_else(|| tts_err(TtsError::NotADie(cid.to_string())))?;
        let (across, names) = (die.across, &die.names);
        let imgs = die.faces.iter().map(|&f| ex.drawing(f)).collect();
        let image = ex.die_image(imgs, die.side, &p.id);
        for i in 0..t.copies {
            let stem = copy_stem(p, spot, i);
            let die = ex.die(&image, names, across, &stem, &t.on.name);
            ex.put(spot, Band::Loose, units(across), units(across), die);
        }
    }
    Ok(())
}

/// Pawns: the standing figure as a `Custom_Token` standee, cut along its outline.
fn standees(ex: &mut Export, spot: Spot, takes: &[Take]) -> Result<(), OutputError> {
    for t in takes {
        let p = t.piece;
        let Some((figure, w, h)) = t.on.standee else {
            return Err(tts_err(TtsError::NoFigure(p.id.clone())));
        };
        let img = ex.drawing(figure);
        let file = ex.standee_image(img, w, h, &p.id);
        for i in 0..t.copies {
            let stem = copy_stem(p, spot, i);
            let o = ex.standee(&file, h, &stem, &t.on.name);
            // Standing: as wide as the figure, and thin.
            ex.put(spot, Band::Loose, units(w), units(w) * 0.5, o);
        }
    }
    Ok(())
}

/// Cards: a deck per component (or per `deck:` tag of its variants, in first-use order) at each
/// spot; the sheets are made once, from every card of the component, and the decks of each spot
/// (a player's set) refer to them.
fn decks(
    ex: &mut Export,
    spots: &[(Spot, Vec<Take>)],
    cid: &str,
    cname: &str,
    card_type: u8,
    settings: &TtsPieces,
    seat_name: &dyn Fn(Spot) -> Option<String>,
) -> Result<(), OutputError> {
    // A deck for each `deck` tag, or a pile for each variant (`pile: each`).
    let piles = settings.pile == Some(Pile::Each);
    let group = |t: &Take| match piles {
        true => Some((t.piece.id.clone(), t.on.which.clone())),
        false => t.on.deck.clone().map(|d| (format!("{cid}-{d}"), Some(d))),
    };
    let mut tags: Vec<Option<(String, Option<String>)>> = Vec::new();
    for (_, takes) in spots {
        for t in takes {
            let tag = group(t);
            if !tags.contains(&tag) {
                tags.push(tag);
            }
        }
    }
    for tag in tags {
        let (stem, name) = match &tag {
            Some((stem, Some(which))) => (stem.clone(), format!("{cname}: {which}")),
            Some((stem, None)) => (stem.clone(), cname.to_string()),
            None => (cid.to_string(), cname.to_string()),
        };
        let in_group = |t: &Take| group(t) == tag;
        let all: Vec<Take> = spots
            .iter()
            .flat_map(|(_, takes)| takes.iter().copied())
            .filter(in_group)
            .collect();
        let sheets = deck_sheets(ex, &all, &stem)?;
        for (spot, takes) in spots {
            let here: Vec<Take> = takes.iter().copied().filter(in_group).collect();
            if here.is_empty() {
                continue;
            }
            let seat = seat_name(*spot);
            let name = match &seat {
                Some(seat) => format!("{name} · {seat}"),
                None => name.clone(),
            };
            let deal = settings.hand.zip(seat.as_deref());
            let how = Lie {
                shuffle: settings.shuffle,
                face_up: settings.face_up,
                deal,
            };
            one_deck(ex, *spot, &here, &sheets, &name, card_type, how)?;
        }
    }
    Ok(())
}

/// A component's card sheets: every distinct card once, and where its images are.
struct Sheets {
    plan: DeckPlan,
    /// Image indices (front, back) → slot.
    keys: Vec<u32>,
    urls: Vec<SheetUrls>,
    grids: Vec<sheet::Grid>,
    /// The stem of the sheets' files, naming the deck's GUIDs.
    stem: String,
}

/// The face and back images of each card of `cards`, laid out on sheets named after `stem`.
fn deck_sheets(ex: &mut Export, cards: &[Take], stem: &str) -> Result<Sheets, OutputError> {
    let mut list = Vec::new();
    let mut blank = None;
    for t in cards {
        let back = match (t.back, blank, t.on.blank_back) {
            (Some(b), _, _) => b,
            (None, Some(b), _) => b,
            (None, None, Some(drawn)) => *blank.insert(ex.drawing(drawn)),
            (None, None, None) => return Err(tts_err(TtsError::LostCard(stem.to_string()))),
        };
        list.push((t.front, back, t.on.tooltip.clone(), t.copies));
    }
    let plan = DeckPlan::new(&list);
    let grids = plan.grids();
    let first = cards[0].piece;
    // A landscape card is drawn turned into a portrait cell (`map::card_transform`).
    let turned = first.w > first.h;
    let cell = sheet::cell_size(first.w.min(first.h), first.w.max(first.h), ex.dpi, grids[0]);
    let common_back_url = if plan.common_back() {
        let back = Picture::Single {
            img: plan.slots[0].1,
            w: cell.0,
            h: cell.1,
            turned,
        };
        Some(ex.picture_file("decks", &format!("{stem}-back"), back).0)
    } else {
        None
    };
    let mut urls = Vec::new();
    let mut keys = Vec::new();
    for (s, range) in plan.sheets().into_iter().enumerate() {
        let slots = &plan.slots[range];
        let sheet_file = |ex: &mut Export, file: String, imgs: Vec<usize>| {
            let sheet = Picture::Sheet {
                imgs,
                grid: grids[s],
                cell,
                turned,
            };
            ex.picture_file("decks", &file, sheet)
        };
        let (face, name) = sheet_file(
            ex,
            format!("{stem}-{}", s + 1),
            slots.iter().map(|s| s.0).collect(),
        );
        keys.push(ex.deck_key(&name));
        let back = match &common_back_url {
            Some(u) => u.clone(),
            None => {
                let backs = slots.iter().map(|s| s.1).collect();
                sheet_file(ex, format!("{stem}-back-{}", s + 1), backs).0
            }
        };
        urls.push(SheetUrls { face, back });
    }
    Ok(Sheets {
        plan,
        keys,
        urls,
        grids,
        stem: stem.to_string(),
    })
}

/// How a deck lies and what is done with it when the table is first loaded.
struct Lie<'s> {
    shuffle: bool,
    /// The rules lay it face up (a supply).
    face_up: bool,
    /// Cards dealt from it into a seat's hand: how many, the seat's colour.
    deal: Option<(u32, &'s str)>,
}

/// One deck (or a lone card) of `cards`, on `sheets`, at `spot`.
fn one_deck(
    ex: &mut Export,
    spot: Spot,
    cards: &[Take],
    sheets: &Sheets,
    name: &str,
    card_type: u8,
    how: Lie,
) -> Result<(), OutputError> {
    let first = cards[0].piece;
    // The slot of each card, copies repeated, in the order given.
    let mut order = Vec::new();
    for t in cards {
        let slot = sheets
            .plan
            .slots
            .iter()
            .position(|s| s.0 == t.front && (t.back.is_none() || Some(s.1) == t.back))
            .ok_or_else(|| tts_err(TtsError::LostCard(name.to_string())))?;
        order.extend(std::iter::repeat_n(slot, t.copies as usize));
    }
    let plan = sheets.plan.with_cards(order);
    let (t, sideways) = map::card_transform(first.w, first.h);
    // A deck with printed backs lies face down, like a real one, unless the rules lay it face
    // up (a supply to buy from); a one-sided aid face up.
    let t = if cards.iter().any(|c| c.back.is_some()) && !how.face_up {
        t.flipped()
    } else {
        t
    };
    let look = DeckLook {
        name,
        keys: &sheets.keys,
        sheets: &sheets.urls,
        grids: &sheets.grids,
        card_type,
        sideways,
        transform: t,
        shuffle: how.shuffle,
        deal: how.deal,
    };
    let obj = {
        let stem = format!("{}{}", sheets.stem, spot_path(spot));
        let mut guid = |suffix: &str| ex.guid(&format!("{stem}/{suffix}"));
        deck::object(&plan, &look, &mut guid)
    };
    // A landscape card lies turned back to landscape: its footprint is as printed.
    ex.put(spot, Band::Deck, units(first.w), units(first.h), obj);
    Ok(())
}

/// Front and back URLs of a flat piece (the front again underneath when it is one-sided).
fn two_sides(ex: &mut Export, front: usize, back: Option<usize>) -> (String, String) {
    let front_url = ex.single(front);
    let back_url = match back {
        Some(b) => ex.single(b),
        None => front_url.clone(),
    };
    (front_url, back_url)
}

/// Tokens and tiles at one spot, held as `settings.bag` says: a bag of each piece's copies
/// (one copy lies loose), one mixed bag of all of them, an infinite bag of each, or loose.
/// A placed piece always lies loose. `seat` names the player they are before.
#[allow(clippy::too_many_arguments)]
fn tiles(
    ex: &mut Export,
    spot: Spot,
    takes: &[Take],
    (cid, cname): (&str, &str),
    tile_type: TileType,
    thickness: f64,
    settings: &TtsPieces,
    seat: Option<&str>,
) {
    let bag = match spot {
        Spot::Placed(_) => Bag::None,
        _ => settings.bag.unwrap_or(Bag::Each),
    };
    let make = |ex: &mut Export, t: &Take, path: String| {
        let p = t.piece;
        // TTS's hex tile is flat on top (KB custom-tile.md, img/custom-tile/example1.png): a
        // pointy hex's images are drawn a quarter turn clockwise onto it, and the tile lies
        // turned a quarter back (rotY 90, not 180), as a landscape card does.
        let pointy = matches!(
            p.shape,
            Shape::Hex {
                top: HexTop::Pointy,
                ..
            }
        );
        let (front_url, back_url) = if pointy {
            let front = ex.single_as(t.front, true);
            let back = t
                .back
                .map_or_else(|| front.clone(), |b| ex.single_as(b, true));
            (front, back)
        } else {
            two_sides(ex, t.front, t.back)
        };
        let (sx, sy, sz) = map::tile_scale(if pointy { p.w } else { p.h });
        let mut transform = Transform::scaled(sx, sy, sz);
        if pointy {
            transform.rot_y = 90.0;
        }
        let o = ObjectState::new("Custom_Tile", ex.guid(&path), &t.on.name, transform);
        objects::tile(o, front_url, back_url, tile_type, thickness, true)
    };
    let label_of = |t: &Take, copies: u32| {
        let which = &t.on.which;
        // "Player markers: Red ×27" before the Red seat, not "… ×27 · Red".
        let whose = seat
            .filter(|s| which.as_deref() != Some(*s))
            .map(|s| format!(" · {s}"))
            .unwrap_or_default();
        match which {
            Some(which) => format!("{cname}: {which} ×{copies}{whose}"),
            None => format!("{cname} ×{copies}{whose}"),
        }
    };
    match bag {
        Bag::None | Bag::Each => {
            for t in takes {
                if bag == Bag::None || t.copies == 1 {
                    for i in 0..t.copies {
                        let path = format!("{}/tile", copy_stem(t.piece, spot, i));
                        let o = make(ex, t, path);
                        ex.put(spot, Band::Loose, units(t.piece.w), units(t.piece.h), o);
                    }
                    continue;
                }
                let contents = (0..t.copies)
                    .map(|i| make(ex, t, format!("{}/tile", copy_stem(t.piece, spot, i))))
                    .collect();
                let bag = ObjectState::new(
                    "Bag",
                    ex.guid(&format!("{}/bag", copy_stem(t.piece, spot, 0))),
                    &label_of(t, t.copies),
                    Transform::scaled(1.0, 1.0, 1.0),
                );
                let bag = objects::bag(bag, contents, piece_color(t.on.ink.as_deref()));
                ex.put(spot, Band::Loose, BAG_UNITS, BAG_UNITS, bag);
            }
        }
        Bag::Infinite => {
            for t in takes {
                let template = make(ex, t, format!("{}/tile", copy_stem(t.piece, spot, 0)));
                let name = match &t.on.which {
                    Some(which) => format!("{cname}: {which} (supply)"),
                    None => format!("{cname} (supply)"),
                };
                let bag = ObjectState::new(
                    "Infinite_Bag",
                    ex.guid(&format!("{}/supply", copy_stem(t.piece, spot, 0))),
                    &name,
                    Transform::scaled(1.0, 1.0, 1.0),
                );
                let bag = objects::bag(bag, vec![template], piece_color(t.on.ink.as_deref()));
                ex.put(spot, Band::Loose, BAG_UNITS, BAG_UNITS, bag);
            }
        }
        Bag::Mixed => {
            let total: u32 = takes.iter().map(|t| t.copies).sum();
            let mut contents = Vec::new();
            for t in takes {
                for i in 0..t.copies {
                    let path = format!("{}/tile", copy_stem(t.piece, spot, i));
                    contents.push(make(ex, t, path));
                }
            }
            let whose = seat.map(|s| format!(" · {s}")).unwrap_or_default();
            // Never at a placed spot: a placed piece lies loose.
            let mut bag = ObjectState::new(
                "Bag",
                ex.guid(&format!("{cid}{}/mixed-bag", spot_path(spot))),
                &format!("{cname} ×{total}{whose}"),
                Transform::scaled(1.0, 1.0, 1.0),
            );
            if settings.shuffle {
                bag.lua_script = deck::SHUFFLE_ONCE.to_string();
            }
            let bag = objects::bag(bag, contents, super::model::Rgb::WHITE);
            ex.put(spot, Band::Loose, BAG_UNITS, BAG_UNITS, bag);
        }
    }
}

/// Tracks, boards, sheets and diagrams: a box tile per copy, locked, not stackable, with a snap
/// point on each of its spaces.
fn boards(
    ex: &mut Export,
    spot: Spot,
    takes: &[Take],
    cname: &str,
    several: bool,
) -> Result<(), OutputError> {
    for t in takes {
        let p = t.piece;
        let (front_url, back_url) = two_sides(ex, t.front, t.back);
        let (sx, sy, sz) = map::tile_scale(p.h);
        let name = if several {
            t.on.name.clone()
        } else {
            cname.to_string()
        };
        let points = snap::on_spaces(&t.on.spaces, p.w, p.h, sz, map::BOARD_THICKNESS);
        for i in 0..t.copies {
            let o = ObjectState::new(
                "Custom_Tile",
                ex.guid(&format!("{}/board", copy_stem(p, spot, i))),
                &name,
                Transform::scaled(sx, sy, sz),
            );
            let mut o = objects::tile(
                o,
                front_url.clone(),
                back_url.clone(),
                TileType::Box,
                map::BOARD_THICKNESS,
                false,
            );
            // A board stays put while pieces move on it.
            o.locked = true;
            if !points.is_empty() {
                o.attached_snap_points = Some(points.clone());
            }
            ex.put(spot, Band::Board, units(p.w), units(p.h), o);
        }
    }
    Ok(())
}
