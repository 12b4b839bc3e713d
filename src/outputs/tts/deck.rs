//! Custom decks: which card images go on which sheet, the card IDs, and the `DeckCustom` object.
//!
//! Every distinct (front, back) pair gets one cell; sheets are filled in first-use order and use
//! `BackIsHidden` (the back is what other players see of a hidden card), so a sheet holds 70.
//! Each sheet has a deck key (`keys`); a card's ID is `key × 100 + cell` (KB
//! save-file-format.md: "Key matches the hundreth place of the id"), and `DeckIDs` lists the IDs
//! in deck order, repeating an ID for each copy.
use std::collections::BTreeMap;
use std::ops::Range;

use super::model::{CustomDeck, ObjectState, Transform};
use super::sheet::{self, Grid};

/// One face or back image: an index into the export's images (drawn faces, then generated backs).
pub type Img = usize;

pub use crate::resolve::table::Tooltip;

#[derive(Debug, Clone, PartialEq)]
pub struct DeckPlan {
    /// Distinct (front, back) images in first-use order: one cell each.
    pub slots: Vec<(usize, Img)>,
    /// Name and text of each slot's card.
    pub tooltips: Vec<Tooltip>,
    /// Deck order: the slot of every card, copies repeated.
    pub cards: Vec<usize>,
}

impl DeckPlan {
    /// `cards`: (front, back, name and text, copies) in deck order.
    pub fn new(cards: &[(usize, Img, Tooltip, u32)]) -> DeckPlan {
        let mut plan = DeckPlan {
            slots: Vec::new(),
            tooltips: Vec::new(),
            cards: Vec::new(),
        };
        for (front, back, name, copies) in cards {
            let key = (*front, *back);
            let slot = match plan.slots.iter().position(|s| *s == key) {
                Some(i) => i,
                None => {
                    plan.slots.push(key);
                    plan.tooltips.push(name.clone());
                    plan.slots.len() - 1
                }
            };
            plan.cards
                .extend(std::iter::repeat_n(slot, *copies as usize));
        }
        plan
    }

    /// Every card shares one back: one back image instead of a back sheet.
    pub fn common_back(&self) -> bool {
        self.slots.iter().all(|s| s.1 == self.slots[0].1)
    }

    /// Slots on each sheet.
    pub fn sheets(&self) -> Vec<Range<usize>> {
        sheet::split(self.slots.len(), true)
    }

    /// The grid of every sheet: the first one's (the fullest) sets the cell size for all.
    pub fn grids(&self) -> Vec<Grid> {
        self.sheets()
            .iter()
            .map(|r| sheet::grid_for(r.len()))
            .collect()
    }

    /// (sheet, cell) of a slot.
    pub fn locate(&self, slot: usize) -> (usize, usize) {
        let cap = sheet::capacity(true);
        (slot / cap, slot % cap)
    }

    /// TTS card ID of a slot when the deck's sheets have keys `keys`.
    pub fn card_id(&self, keys: &[u32], slot: usize) -> u32 {
        let (sheet, cell) = self.locate(slot);
        keys[sheet] * 100 + cell as u32
    }

    pub fn deck_ids(&self, keys: &[u32]) -> Vec<u32> {
        self.cards.iter().map(|s| self.card_id(keys, *s)).collect()
    }

    /// The same sheets holding other cards (slots, copies repeated): one player's set.
    pub fn with_cards(&self, cards: Vec<usize>) -> DeckPlan {
        DeckPlan {
            slots: self.slots.clone(),
            tooltips: self.tooltips.clone(),
            cards,
        }
    }
}

/// Where one sheet's images are.
#[derive(Debug, Clone)]
pub struct SheetUrls {
    pub face: String,
    pub back: String,
}

/// What the deck object needs beyond the plan.
pub struct DeckLook<'a> {
    pub name: &'a str,
    /// The deck key of each sheet.
    pub keys: &'a [u32],
    pub sheets: &'a [SheetUrls],
    pub grids: &'a [Grid],
    pub card_type: u8,
    /// Landscape cards: `SidewaysCard`, which turns their zoomed view (KB custom-deck.md
    /// "Sideways"); they also lie turned a quarter (`transform`).
    pub sideways: bool,
    pub transform: Transform,
    /// The rules shuffle it: shuffled once, when the table is first loaded.
    pub shuffle: bool,
    /// Cards dealt from it into a seat's hand (how many, the seat's colour), once, when the
    /// table is first loaded.
    pub deal: Option<(u32, &'a str)>,
}

/// A deck's script that deals `n` cards into the hand of the seat `colour` once, when the
/// table is first loaded (shuffled first, with `shuffle`): `deal(number, player_color)` "Deals
/// Cards to a player. Places them into their hand" (API object.md), and `onLoad` is given the
/// state `onSave` returned, empty on the first load (API events.md).
pub fn deal_once(n: u32, colour: &str, shuffle: bool) -> String {
    let shuffle = match shuffle {
        true => "    self.shuffle()\n",
        false => "",
    };
    format!(
        "-- pnp: the rules deal {n} to each player; dealt to {colour}'s hand when the table is first loaded.\nfunction onLoad(state)\n  if state ~= \"dealt\" then\n{shuffle}    self.deal({n}, \"{colour}\")\n  end\nend\nfunction onSave()\n  return \"dealt\"\nend\n"
    )
}

/// A deck's script that shuffles it once, when the table is first loaded: `onLoad` is given
/// the state `onSave` returned, empty on the first load (API events.md, onLoad and onSave), and
/// `shuffle()` "Shuffles/shakes up contents of a deck or bag" (API object.md).
pub const SHUFFLE_ONCE: &str = "-- pnp: the rules shuffle this; shuffled when the table is first loaded.\nfunction onLoad(state)\n  if state ~= \"shuffled\" then self.shuffle() end\nend\nfunction onSave()\n  return \"shuffled\"\nend\n";

fn custom_deck(look: &DeckLook, sheet: usize, unique_back: bool) -> CustomDeck {
    CustomDeck {
        face_url: look.sheets[sheet].face.clone(),
        back_url: look.sheets[sheet].back.clone(),
        num_width: look.grids[sheet].cols,
        num_height: look.grids[sheet].rows,
        back_is_hidden: true,
        unique_back,
        card_type: look.card_type,
    }
}

/// One `CardCustom` (a lone card, or a card inside a deck).
fn card(plan: &DeckPlan, slot: usize, look: &DeckLook, guid: String) -> ObjectState {
    let (sheet, _) = plan.locate(slot);
    let key = look.keys[sheet];
    let tooltip = &plan.tooltips[slot];
    let mut o = ObjectState::new("CardCustom", guid, &tooltip.name, look.transform);
    o.description = tooltip.description.clone();
    o.card_id = Some(plan.card_id(look.keys, slot));
    o.sideways_card = Some(look.sideways);
    o.custom_deck = Some(BTreeMap::from([(
        key.to_string(),
        custom_deck(look, sheet, !plan.common_back()),
    )]));
    o.hide_when_face_down = true;
    o.hands = true;
    o
}

/// The deck as a `DeckCustom` holding its cards, or a lone `CardCustom` for a deck of one.
/// `guid` is called with each object's path suffix.
pub fn object(
    plan: &DeckPlan,
    look: &DeckLook,
    guid: &mut dyn FnMut(&str) -> String,
) -> ObjectState {
    if plan.cards.len() == 1 {
        return card(plan, plan.cards[0], look, guid("card"));
    }
    let unique = !plan.common_back();
    let mut deck = ObjectState::new("DeckCustom", guid("deck"), look.name, look.transform);
    deck.sideways_card = Some(look.sideways);
    deck.hide_when_face_down = true;
    deck.hands = false;
    deck.deck_ids = Some(plan.deck_ids(look.keys));
    // Only the sheets its cards are on (a player's set may need one of two).
    let mut sheets: Vec<usize> = plan.cards.iter().map(|&c| plan.locate(c).0).collect();
    sheets.sort_unstable();
    sheets.dedup();
    deck.custom_deck = Some(
        sheets
            .into_iter()
            .map(|s| (look.keys[s].to_string(), custom_deck(look, s, unique)))
            .collect(),
    );
    match look.deal {
        Some((n, colour)) => deck.lua_script = deal_once(n, colour, look.shuffle),
        None if look.shuffle => deck.lua_script = SHUFFLE_ONCE.to_string(),
        None => {}
    }
    deck.contained_objects = Some(
        plan.cards
            .iter()
            .enumerate()
            .map(|(i, slot)| card(plan, *slot, look, guid(&format!("card/{i}"))))
            .collect(),
    );
    deck
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(distinct: usize, copies: u32) -> DeckPlan {
        let cards: Vec<_> = (0..distinct)
            .map(|i| (i, 999, format!("c{i}").into(), copies))
            .collect();
        DeckPlan::new(&cards)
    }

    #[test]
    fn duplicates_share_a_cell_and_repeat_their_id() {
        let p = DeckPlan::new(&[
            (5, 9, "a".into(), 3),
            (6, 9, "b".into(), 1),
            (5, 9, "a".into(), 1),
        ]);
        assert_eq!(p.slots, vec![(5, 9), (6, 9)]);
        assert_eq!(p.deck_ids(&[1]), vec![100, 100, 100, 101, 100]);
        assert!(p.common_back());
    }

    #[test]
    fn a_deck_of_eighty_spans_two_keys() {
        let p = plan(80, 1);
        assert_eq!(p.sheets(), vec![0..70, 70..80]);
        let ids = p.deck_ids(&[3, 4]);
        assert_eq!(ids[0], 300);
        assert_eq!(ids[69], 369);
        assert_eq!(ids[70], 400);
        assert_eq!(ids[79], 409);
        let grids = p.grids();
        assert_eq!((grids[0].cols, grids[0].rows), (10, 7));
        assert_eq!((grids[1].cols, grids[1].rows), (10, 1));
    }

    #[test]
    fn different_backs_make_unique_backs() {
        let p = DeckPlan::new(&[(1, 2, "a".into(), 1), (3, 4, "b".into(), 1)]);
        assert!(!p.common_back());
    }
}
