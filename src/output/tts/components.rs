//! Each component → its TTS objects, by the form its kind maps to (`map::form_of`).
use super::collect::{Export, piece_color, piece_name};
use super::deck::{self, DeckLook, DeckPlan, SheetUrls};
use super::map::{self, Form, units};
use super::model::{ObjectState, Transform};
use super::place::Band;
use super::render::{Job, Picture};
use super::{objects, sheet, tts_err};
use crate::Prepared;
use crate::error::Error;
use crate::pieces::Piece;

/// Maps one component to its TTS objects.
pub(super) fn map_component(ex: &mut Export, prepared: &Prepared, ci: usize) -> Result<(), Error> {
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
        form @ (Form::Die6 | Form::Standee) => {
            return Err(tts_err(format!(
                "component `{cid}`: {form:?} objects are not wired into the export yet"
            )));
        }
    }
    Ok(())
}

/// Footprint of a bag on the table (units).
const BAG_UNITS: f64 = 2.5;
