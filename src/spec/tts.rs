//! `tts:` — what only the rules say about a game on a Tabletop Simulator table (`pnp tts`):
//! which pieces share a bag, which supply never runs out, which deck is shuffled, what each
//! player takes to their seat, and the ordinary dice the rules ask for but the game does not
//! print. Everything here is optional: without it each component goes on the table as its
//! kind does (docs/tts.md).
use super::kind::Kinds;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::{BTreeMap, HashMap};

use super::Game;
use super::color::Color;
use crate::base::diagnostic::Diagnostic;
use crate::base::forms::TtsForm;

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TtsSpec {
    /// By component id: how its pieces are held and dealt, e.g. `coin: {bag: mixed}`.
    #[serde(deserialize_with = "located_keys")]
    #[schemars(with = "BTreeMap<String, TtsPieces>")]
    pub pieces: Vec<(Spanned<String>, TtsPieces)>,
    /// Ordinary six-sided dice the rules ask for that the game does not print: they come as
    /// Tabletop Simulator's own dice.
    #[schemars(with = "Vec<StandardDice>")]
    pub dice: Vec<Spanned<StandardDice>>,
}

impl TtsSpec {
    /// The settings of component `id` (all defaults when none are written).
    pub fn of(&self, id: &str) -> TtsPieces {
        self.pieces
            .iter()
            .find(|(k, _)| k.value == id)
            .map_or_else(TtsPieces::default, |(_, v)| v.clone())
    }
}

/// How one component's pieces are held and dealt.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TtsPieces {
    /// How tokens and tiles are held: `each` (a bag for each variant; the default), `mixed`
    /// (one bag of all of them: the rules draw at random from one bag), `infinite` (an
    /// infinite bag for each variant: a supply that never runs out) or `none` (loose).
    pub bag: Option<Bag>,
    /// The rules shuffle it: the deck (or mixed bag) is shuffled when the table is loaded.
    pub shuffle: bool,
    /// What each player takes to their seat (`pnp tts --table`): `set` (one of each variant),
    /// `own` (every copy of one variant: the first player the first variant, and so on),
    /// `alternate` (one copy, variants in turn: teams seated alternately), `copy` (a copy of
    /// the component each, however many it prints: a record sheet), a number of copies, or
    /// so many of chosen variants, by id: a starting deck (`{copper: 7, estate: 3}`).
    /// What no player takes is set aside (a number or chosen variants: left in the middle as a
    /// supply).
    pub each_player: Option<EachPlayer>,
    /// Cards each player is dealt into their hand from the deck before their seat, when the
    /// table is first loaded (after it is shuffled, with `shuffle`): `hand: 5`.
    pub hand: Option<u32>,
    /// The rules lay it face up: its decks lie face up (a supply to buy from), not face down.
    pub face_up: bool,
    /// `each`: a pile for each variant (each kind of card of a supply), not one deck of all.
    pub pile: Option<Pile>,
    /// `players`: only as many pieces as there are players are used (first ones first); the
    /// rest are set aside. `diagram`: only what the setup diagram places is used (the rules
    /// put the rest away); without it, pieces the diagram does not place are dealt and laid
    /// out as usual (men that start off the board).
    #[serde(rename = "use")]
    pub used: Option<Used>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Bag {
    Each,
    Mixed,
    Infinite,
    None,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum EachPlayer {
    Copies(u32),
    Way(Way),
    /// So many copies of each of these variants, by id: a starting deck.
    Chosen(BTreeMap<String, u32>),
}

/// How a deck's cards are piled on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Pile {
    /// A pile for each variant.
    Each,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Way {
    Set,
    Own,
    Alternate,
    Copy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Used {
    Players,
    Diagram,
}

/// Ordinary dice (`Die_6`, the game's own) on the table.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StandardDice {
    /// What a die is called on the table, e.g. `Sow die`.
    pub name: String,
    /// How many lie in the middle of the table. Default 1 (0 with `each_player`).
    pub copies: Option<u32>,
    /// How many each player takes to their seat.
    pub each_player: Option<u32>,
    /// Its colour, e.g. `"#5c9a3c"`. Default white.
    pub color: Option<Color>,
    /// What players should know about it, shown under its name: `Set it to 2 at the start.`
    pub note: Option<String>,
}

/// Most dice of one line, and most pieces one player takes of a component.
pub const MAX_DICE: u32 = 100;

/// The `pieces:` map, its keys located so that a wrong one is reported where it is written.
fn located_keys<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<(Spanned<String>, TtsPieces)>, D::Error> {
    let map: HashMap<Spanned<String>, TtsPieces> = HashMap::deserialize(d)?;
    let mut pieces: Vec<_> = map.into_iter().collect();
    pieces.sort_by_key(|(k, _)| (k.referenced.line(), k.referenced.column()));
    Ok(pieces)
}

/// Checks the section against the game's components.
pub(super) fn check<K: Kinds>(game: &Game<K>, problems: &mut Vec<Diagnostic>) {
    let Some(tts) = &game.spec.tts else {
        return;
    };
    let file = game.file.as_str();
    let ids = || game.spec.components.iter().map(|c| c.id.value.as_str());
    for (key, p) in &tts.pieces {
        let Some(c) = game
            .spec
            .components
            .iter()
            .find(|c| c.id.value == key.value)
        else {
            let hint = crate::base::diagnostic::did_you_mean(&key.value, ids());
            problems.push(Diagnostic::at(
                file,
                key,
                format!("tts: no component `{}`{hint}", key.value),
            ));
            continue;
        };
        let form = c.kind.tts(c.shape());
        let is_tile = matches!(form, TtsForm::Tile { .. });
        let is_deck = matches!(form, TtsForm::Deck { .. });
        let mut wrong = |message: String| problems.push(Diagnostic::at(file, key, message));
        if p.bag.is_some() && !is_tile {
            wrong(format!(
                "tts: `{}` is a {}: only tokens and tiles go in bags (`bag:`)",
                key.value,
                c.kind.name()
            ));
        }
        let mixed = p.bag == Some(Bag::Mixed);
        if p.shuffle && !is_deck && !mixed {
            wrong(format!(
                "tts: `shuffle` is for decks and mixed bags; `{}` is neither",
                key.value
            ));
        }
        if (p.face_up || p.pile.is_some() || p.hand.is_some()) && !is_deck {
            wrong(format!(
                "tts: `face_up`, `pile` and `hand` are for cards; `{}` is a {}",
                key.value,
                c.kind.name()
            ));
        }
        if p.pile.is_some() && c.variants.is_empty() {
            wrong(format!(
                "tts: `pile: each` makes a pile of each variant; `{}` has none",
                key.value
            ));
        }
        if let Some(n) = p.hand {
            if p.each_player.is_none() {
                wrong(format!(
                    "tts: `hand: {n}` deals from the deck before each seat: give `{}` an `each_player:`",
                    key.value
                ));
            }
            if n == 0 || n > crate::spec::MAX_COPIES {
                wrong(format!(
                    "tts: `hand: {n}`: expected 1 to {} cards",
                    crate::spec::MAX_COPIES
                ));
            }
        }
        match &p.each_player {
            Some(EachPlayer::Chosen(chosen)) => {
                let known: Vec<String> = c.variants.iter().map(|v| v.id.value.clone()).collect();
                for (id, &n) in chosen {
                    if !known.contains(id) {
                        let hint = crate::base::diagnostic::did_you_mean(
                            id,
                            known.iter().map(String::as_str),
                        );
                        wrong(format!(
                            "tts: `each_player:` names `{id}`, which is no variant of `{}` (its variants: {}{hint})",
                            key.value,
                            match known.is_empty() {
                                true => "none".to_string(),
                                false => known.join(", "),
                            }
                        ));
                    }
                    if n == 0 || n > crate::spec::MAX_COPIES {
                        wrong(format!(
                            "tts: `each_player: {{{id}: {n}}}`: expected 1 to {} copies",
                            crate::spec::MAX_COPIES
                        ));
                    }
                }
            }
            Some(EachPlayer::Way(Way::Own | Way::Alternate)) if c.variants.is_empty() => {
                wrong(format!(
                    "tts: `each_player: own` and `alternate` deal variants; `{}` has none",
                    key.value
                ))
            }
            Some(EachPlayer::Copies(n)) if *n == 0 || *n > crate::spec::MAX_COPIES => {
                wrong(format!(
                    "tts: `each_player: {n}`: expected 1 to {} copies",
                    crate::spec::MAX_COPIES
                ))
            }
            _ => {}
        }
    }
    for dice in &tts.dice {
        let d = &dice.value;
        let counts = [d.copies, d.each_player];
        if counts.iter().flatten().any(|&n| n > MAX_DICE) {
            problems.push(Diagnostic::at(
                file,
                dice,
                format!("tts: at most {MAX_DICE} dice of `{}`", d.name),
            ));
        }
        if d.name.trim().is_empty() {
            problems.push(Diagnostic::at(
                file,
                dice,
                "tts: a die needs a `name`".into(),
            ));
        }
    }
}
