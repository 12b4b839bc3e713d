//! Each component → its TTS objects, by the form its kind maps to (`kinds::Kind::tts`): one
//! function per form.
use super::collect::{Export, piece_color, piece_name, piece_tooltip};
use super::deck::{self, DeckLook, DeckPlan, SheetUrls};
use super::map::units;
use super::model::{ObjectState, Transform};
use super::place::Band;
use super::render::{Job, Picture};
use super::{TtsError, objects, sheet, tts_err};
use crate::error::Error;
use crate::kinds::TtsForm;
use crate::layout::document::Document;
use crate::pieces::Piece;

/// A piece with its (front, back) image indices.
type Drawn<'p> = (&'p Piece, usize, Option<usize>);

/// The variant tag that splits a card component into several decks (`tags: {deck: court}`).
pub const DECK_TAG: &str = "deck";

/// `CustomTile.Type` of a square tile.
const TILE_BOX: u8 = 0;

/// Footprint of a bag on the table (units).
const BAG_UNITS: f64 = 2.5;

/// Maps one component to its TTS objects.
pub(super) fn map_component(ex: &mut Export, prepared: &Document, ci: usize) -> Result<(), Error> {
    let comp = &ex.game.spec.components[ci];
    let cid = comp.id.value.clone();
    let cname = comp.name.clone().unwrap_or_else(|| cid.clone());
    let pieces: Vec<Drawn> = prepared
        .pieces
        .iter()
        .zip(prepared.faces.of_piece.iter())
        .filter(|(p, _)| p.component == ci)
        .map(|(p, &(f, b))| (p, f, b))
        .collect();
    let Some(&(first, _, _)) = pieces.first() else {
        return Ok(());
    };
    match comp.kind.kind().tts(first.shape.clone()) {
        TtsForm::Deck { card_type } => {
            // A deck per component, or per `deck:` tag of its variants, in first-use order.
            let mut groups: Vec<(Option<String>, Vec<Drawn>)> = Vec::new();
            let game = ex.game;
            for d in &pieces {
                let tag = d.0.tags(game).get(DECK_TAG).cloned();
                match groups.iter_mut().find(|(t, _)| *t == tag) {
                    Some((_, g)) => g.push(*d),
                    None => groups.push((tag, vec![*d])),
                }
            }
            for (tag, group) in groups {
                let (stem, name) = match tag {
                    Some(t) => (format!("{cid}-{t}"), format!("{cname}: {t}")),
                    None => (cid.clone(), cname.clone()),
                };
                one_deck(ex, &group, &stem, &name, card_type)?;
            }
        }
        TtsForm::Tile {
            tile_type,
            thickness,
        } => tiles(ex, &pieces, &cname, tile_type, thickness),
        TtsForm::Board => boards(ex, &pieces, &cname),
        TtsForm::Die6 => dice(ex, &pieces, &cid)?,
        TtsForm::Standee => standees(ex, &pieces)?,
        TtsForm::Token { thickness } => cut_tokens(ex, &pieces, thickness),
    }
    Ok(())
}

/// Polygons and custom outlines: a flat `Custom_Token` a copy, which TTS cuts from the
/// transparency of its front's image (a token shows that one image on both sides).
fn cut_tokens(ex: &mut Export, pieces: &[Drawn], thickness: f64) {
    for &(p, front, _) in pieces {
        let id = p.id(ex.game).into_owned();
        let (w, h) = super::image::fitted_size(p.w, p.h, ex.dpi);
        let rel = format!("images/{}.png", ex.unique_name(&format!("{id}-token")));
        let picture = Picture::Cutout { img: front, w, h };
        ex.jobs.push(Job {
            rel: rel.clone(),
            picture,
        });
        let url = ex.url(&rel);
        let name = piece_name(ex.game, p);
        let s = units(p.h) / super::map::TOKEN_UNITS_AT_SCALE_1;
        for i in 0..p.copies.max(1) {
            let guid = ex.guid(&format!("{id}/token/{i}"));
            let o = ObjectState::new("Custom_Token", guid, &name, Transform::scaled(s, 1.0, s));
            let mut o = objects::standee(o, url.clone(), thickness);
            if let Some(token) = o
                .custom_image
                .as_mut()
                .and_then(|i| i.custom_token.as_mut())
            {
                token.stand_up = false;
                token.stackable = true;
            }
            ex.placed.push((Band::Loose, units(p.w), units(p.h), o));
        }
    }
}

/// Dice: each die's six faces drawn as their own square images, then a `Custom_Dice` per copy.
fn dice(ex: &mut Export, pieces: &[Drawn], cid: &str) -> Result<(), Error> {
    for (p, _, _) in pieces {
        let art = crate::draw::Art::new(ex.game);
        let kind = crate::kinds::of(ex.game, p);
        let (edge, six) = kind
            .die_faces(ex.game, p, &art)
            .ok_or_else(|| tts_err(TtsError::NotADie(cid.to_string())))?
            .map_err(tts_err)?;
        if six.len() != 6 {
            return Err(tts_err(TtsError::NotADie(cid.to_string())));
        }
        let mut imgs = [0usize; 6];
        let mut names: [String; 6] = Default::default();
        for (i, (group, name)) in six.into_iter().enumerate() {
            imgs[i] = ex.push_svg(
                &format!("{}-face{}", p.id(ex.game), i + 1),
                group,
                edge,
                edge,
            )?;
            names[i] = name;
        }
        for i in 0..p.copies.max(1) {
            let stem = if p.copies > 1 {
                format!("{}-{i}", p.id(ex.game))
            } else {
                p.id(ex.game).into_owned()
            };
            let die = ex.die(imgs, &names, edge, &stem, &piece_name(ex.game, p));
            ex.placed.push((Band::Loose, units(edge), units(edge), die));
        }
    }
    Ok(())
}

/// Pawns: the standing figure as a `Custom_Token` standee.
fn standees(ex: &mut Export, pieces: &[Drawn]) -> Result<(), Error> {
    for (p, _, _) in pieces {
        let art = crate::draw::Art::new(ex.game);
        let kind = crate::kinds::of(ex.game, p);
        let (group, w, h) = match kind.on_table(ex.game, p, 0, &art) {
            Some(shown) => shown.map_err(tts_err)?,
            None => return Err(tts_err(TtsError::NoFigure(p.id(ex.game).into_owned()))),
        };
        let img = ex.push_svg(&format!("{}-figure", p.id(ex.game)), group, w, h)?;
        for i in 0..p.copies.max(1) {
            let stem = if p.copies > 1 {
                format!("{}-{i}", p.id(ex.game))
            } else {
                p.id(ex.game).into_owned()
            };
            let o = ex.standee(img, w, h, &stem, &piece_name(ex.game, p));
            ex.placed.push((Band::Loose, units(w), units(h), o));
        }
    }
    Ok(())
}

/// One deck (or a lone card) of `cards`, its images named after `stem`.
fn one_deck(
    ex: &mut Export,
    cards: &[Drawn],
    stem: &str,
    name: &str,
    card_type: u8,
) -> Result<(), Error> {
    let Some(&(first, _, _)) = cards.first() else {
        return Ok(());
    };
    let mut list = Vec::new();
    let mut blank = None;
    for (p, front, back) in cards {
        let back = match (back, blank) {
            (Some(b), _) => *b,
            (None, Some(b)) => b,
            (None, None) => *blank.insert(ex.blank_back(p)?),
        };
        list.push((*front, back, piece_tooltip(ex.game, p), p.copies));
    }
    let plan = DeckPlan::new(&list);
    if plan.cards.is_empty() {
        return Ok(());
    }
    let grids = plan.grids();
    let cell = sheet::cell_size(first.w, first.h, ex.dpi, grids[0]);
    let common_back_url = if plan.common_back() {
        let rel = format!("decks/{}.png", ex.unique_name(&format!("{stem}-back")));
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
    let mut urls = Vec::new();
    for (s, range) in plan.sheets().into_iter().enumerate() {
        let slots = &plan.slots[range];
        let sheet_file = |ex: &mut Export, file: String, imgs: Vec<usize>| {
            let rel = format!("decks/{}.png", ex.unique_name(&file));
            ex.jobs.push(Job {
                rel: rel.clone(),
                picture: Picture::Sheet {
                    imgs,
                    grid: grids[s],
                    cell,
                },
            });
            ex.url(&rel)
        };
        let face = sheet_file(
            ex,
            format!("{stem}-{}", s + 1),
            slots.iter().map(|s| s.0).collect(),
        );
        let back = match &common_back_url {
            Some(u) => u.clone(),
            None => sheet_file(
                ex,
                format!("{stem}-back-{}", s + 1),
                slots.iter().map(|s| s.1).collect(),
            ),
        };
        urls.push(SheetUrls { face, back });
    }
    // TTS's card is portrait; a landscape card is a sideways portrait one.
    let sideways = first.w > first.h;
    let (sx, sy, sz) = super::map::card_scale(first.w.min(first.h), first.w.max(first.h));
    let mut t = Transform::scaled(sx, sy, sz);
    // A deck with printed backs lies face down, like a real one; a one-sided aid face up.
    if cards.iter().any(|(_, _, b)| b.is_some()) {
        t = t.flipped();
    }
    let look = DeckLook {
        name,
        first_key: ex.next_key,
        sheets: &urls,
        grids: &grids,
        card_type,
        sideways,
        transform: t,
    };
    let obj = {
        let mut guid = |suffix: &str| ex.guid(&format!("{stem}/{suffix}"));
        deck::object(&plan, &look, &mut guid)
    };
    ex.next_key += urls.len() as u32;
    ex.placed
        .push((Band::Deck, units(first.w), units(first.h), obj));
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

/// A piece's name as its bag's label shows it after the component's name: "Markers red" (an id
/// made readable) is "Red" under "Player markers".
fn without_component<'n>(name: &'n str, component_id: &str) -> std::borrow::Cow<'n, str> {
    let lead = component_id.replace(['-', '_'], " ");
    match name.get(..lead.len()) {
        Some(head) if head.eq_ignore_ascii_case(&lead) && name[lead.len()..].starts_with(' ') => {
            super::collect::capitalized(name[lead.len()..].trim_start()).into()
        }
        _ => name.into(),
    }
}

/// Tokens and tiles: loose when there is one copy, else a bag of the copies per variant.
fn tiles(ex: &mut Export, pieces: &[Drawn], cname: &str, tile_type: u8, thickness: f64) {
    for &(p, front, back) in pieces {
        let (front_url, back_url) = two_sides(ex, front, back);
        let (sx, sy, sz) = super::map::tile_scale(p.h);
        let name = piece_name(ex.game, p);
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
            let o = make(ex, format!("{}/tile", p.id(ex.game)));
            ex.placed.push((Band::Loose, units(p.w), units(p.h), o));
        } else {
            let contents = (0..p.copies)
                .map(|i| make(ex, format!("{}/tile/{i}", p.id(ex.game))))
                .collect();
            let label = if pieces.len() > 1 {
                let cid = &ex.game.spec.components[p.component].id.value;
                format!("{cname}: {} ×{}", without_component(&name, cid), p.copies)
            } else {
                format!("{cname} ×{}", p.copies)
            };
            let bag = ObjectState::new(
                "Bag",
                ex.guid(&format!("{}/bag", p.id(ex.game))),
                &label,
                Transform::scaled(1.0, 1.0, 1.0),
            );
            let bag = objects::bag(bag, contents, piece_color(ex.game, p));
            ex.placed.push((Band::Loose, BAG_UNITS, BAG_UNITS, bag));
        }
    }
}

/// Tracks and boards: a thick box tile each, not stackable, laid out first.
fn boards(ex: &mut Export, pieces: &[Drawn], cname: &str) {
    for &(p, front, back) in pieces {
        let (front_url, back_url) = two_sides(ex, front, back);
        let (sx, sy, sz) = super::map::tile_scale(p.h);
        let name = if pieces.len() > 1 {
            piece_name(ex.game, p)
        } else {
            cname.to_string()
        };
        for i in 0..p.copies.max(1) {
            let o = ObjectState::new(
                "Custom_Tile",
                ex.guid(&format!("{}/board/{i}", p.id(ex.game))),
                &name,
                Transform::scaled(sx, sy, sz),
            );
            let o = objects::tile(o, front_url.clone(), back_url.clone(), TILE_BOX, 0.2, false);
            ex.placed.push((Band::Board, units(p.w), units(p.h), o));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::without_component;

    #[test]
    fn a_bag_label_does_not_repeat_its_component() {
        assert_eq!(without_component("Markers red", "markers"), "Red");
        assert_eq!(without_component("Grain tile one", "grain-tile"), "One");
        // A name of its own is kept, and so is one that only starts like the component.
        assert_eq!(without_component("Barley", "grain"), "Barley");
        assert_eq!(without_component("Markersmith", "markers"), "Markersmith");
        assert_eq!(without_component("Markers", "markers"), "Markers");
    }
}
