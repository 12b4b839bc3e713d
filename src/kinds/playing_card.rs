//! Standard playing cards (`kind: playing-card`), drawn from the variant's tags `suit` (hearts,
//! diamonds, clubs, spades, joker) and `rank` (a, 2–10, j, q, k; a joker's rank is red or black):
//! corner indices at top-left and (turned) bottom-right, the classic pip layout of each rank,
//! double-headed court cards, and the face's `label` as a small note (e.g. the game's value).
use svg::node::element::Group;

use super::{CheckCx, FaceCx, FaceField, Kind, StandIn};
use crate::base::forms::Side;
use crate::draw::canvas::{Anchor, Canvas, Label, line, n, place, rect, text};
use crate::draw::text::{Font, fit};
use crate::kinds::face::DrawError;
use crate::kinds::face::{Art, Colors};
use crate::spec::{Face, Shape, Tags};

/// A standard playing card drawn from its variant's tags `suit` and `rank`.
#[derive(Debug, Default)]
pub struct PlayingCard;

impl Kind for PlayingCard {
    fn about(&self) -> &'static str {
        "A standard playing card drawn from its variant's tags `suit` and `rank`."
    }
    fn example(&self) -> &'static str {
        r##"kind: playing-card
size: 2.5in x 3.5in
variants:
  - {id: hearts-a, tags: {suit: hearts, rank: a}}
  - {id: spades-10, tags: {suit: spades, rank: "10"}}
  - {id: joker, tags: {suit: joker}}
back: {title: Deck, background: "#7a1f12", ink: "#f3e6d3"}
"##
    }
    super::card::card_answers!();
    fn draws(&self, side: Side) -> &'static [FaceField] {
        match side {
            // The suit and rank make the front: a title or symbol there would not be drawn.
            Side::Front => face_fields![Background, Ink, Border, Label, Font],
            Side::Back => super::card::DRAWS,
        }
    }
    fn check(&self, cx: &mut CheckCx) {
        if let Some(shape) = &cx.component.shape
            && !matches!(shape.value, Shape::Square | Shape::Rounded)
        {
            let id = &cx.component.id.value;
            cx.at(
                shape,
                format!("`{id}` is a playing card: its `shape:` is `rounded` (the default) or `square`, as a pack's cards are; a round card is a `kind: card`"),
            );
        }
        let c = cx.component;
        for v in c.variants.iter() {
            if let Err(why) = Card::of(&v.tags) {
                cx.at(&v.id, format!("`{}-{}`: {why}", c.id.value, v.id.value));
            }
        }
        if c.variants.is_empty() {
            cx.at(
                &c.id,
                format!(
                    "`{}` is a playing card: each variant is one card, with tags `suit` and `rank`",
                    c.id.value
                ),
            );
        }
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        match cx.side {
            Side::Front => draw(
                cx.canvas,
                &cx.piece.tags(cx.game),
                face,
                cx.art,
                cx.piece.shape == Shape::Rounded,
            ),
            Side::Back => super::card::draw(face, cx),
        }
    }
    fn name_of(&self, tags: &Tags) -> Option<String> {
        playing_card_name(tags)
    }
    /// Packs of standard playing cards (54 with jokers, else 52).
    fn stands_in_for(
        &self,
        game: &crate::kinds::Game,
        pieces: &[&crate::kinds::piece::Piece],
    ) -> Option<StandIn> {
        let jokers = pieces
            .iter()
            .any(|p| p.tags(game).get("suit").is_some_and(|s| s == "joker"));
        Some(StandIn {
            pieces: pieces.iter().map(|p| p.copies as u64).sum(),
            per_set: if jokers { 54 } else { 52 },
            what: "playing cards",
            set: "pack",
            of: format!(
                "standard playing cards{}",
                if jokers { " with jokers" } else { "" }
            ),
        })
    }
}

/// "Ace of Hearts", "10 of Spades", "Red Joker", from a playing card's `suit` and `rank` tags
/// (as `draw::playing` reads them); `None` if they are not a card's.
fn playing_card_name(tags: &Tags) -> Option<String> {
    let suit = tags.get("suit")?.trim().to_ascii_lowercase();
    let rank = tags.get("rank")?.trim().to_ascii_lowercase();
    if suit == "joker" {
        return Some(match rank.as_str() {
            "red" | "black" => format!("{} Joker", crate::draw::text::capitalized(&rank)),
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
    Some(format!(
        "{rank} of {}",
        crate::draw::text::capitalized(&suit)
    ))
}

/// Why a variant's tags make no playing card.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CardError {
    #[error(
        "a playing card needs tags `suit` (hearts, diamonds, clubs, spades or joker) and `rank`; found suit `{0}`"
    )]
    Suit(String),
    #[error("rank `{0}`: expected a, 2 to 10, j, q or k")]
    Rank(String),
}

/// What a card's tags make it.
struct Card {
    color: &'static str,
    joker: bool,
    number: Option<u32>,
    court: Option<(&'static str, &'static str)>,
}

impl Card {
    fn of(tags: &Tags) -> Result<Card, CardError> {
        let suit = tags.get("suit").map(String::as_str).unwrap_or("");
        let rank = tags.get("rank").map(String::as_str).unwrap_or("");
        let joker = suit == "joker";
        let color = match (suit, rank) {
            ("hearts" | "diamonds", _) | ("joker", "red") => RED,
            ("clubs" | "spades", _) | ("joker", _) => BLACK,
            _ => return Err(CardError::Suit(suit.to_string())),
        };
        let number: Option<u32> = match rank {
            "a" | "ace" | "1" => Some(1),
            r => r.parse().ok().filter(|n| (2..=10).contains(n)),
        };
        let court = match rank {
            "j" | "jack" => Some(("J", "court-jack")),
            "q" | "queen" => Some(("Q", "court-queen")),
            "k" | "king" => Some(("K", "court-king")),
            _ => None,
        };
        if !joker && number.is_none() && court.is_none() {
            return Err(CardError::Rank(rank.to_string()));
        }
        Ok(Card {
            color,
            joker,
            number,
            court,
        })
    }
}

const RED: &str = "#b3261e";
const BLACK: &str = "#1d1d1d";
/// Red suits are drawn hollow: a pale fill inside a red outline. In grayscale (or on a printer
/// low on colour) they read light against the black suits' solid ink, not as a second dark.
const RED_FILL: &str = "#f7dcd8";
/// The outline of a hollow red pip or letter (mm).
const RED_OUTLINE: f64 = 0.42;

/// Symbol art at (x, y), `size` mm square, in the suit's colour: solid black, or hollow red.
fn suit_place(art: &Group, x: f64, y: f64, size: f64, color: &str) -> Group {
    if color != RED {
        return place(art, x, y, size, color);
    }
    // In the art's own units (a 100-unit box scaled to `size`).
    let outline = RED_OUTLINE * 100.0 / size;
    place(art, x, y, size, RED_FILL)
        .set("stroke", RED)
        .set("stroke-width", n(outline))
        .set("stroke-linejoin", "round")
}

/// Text in the suit's colour: solid black, or hollow red.
fn suit_text(t: Label, color: &str, size: f64) -> Label {
    match color == RED {
        true => t
            .set("fill", RED_FILL)
            .set("stroke", RED)
            .set("stroke-width", n((size * 0.07).clamp(0.2, RED_OUTLINE)))
            .set("stroke-linejoin", "round"),
        false => t,
    }
}

/// Pip centres of a rank in a unit box: x in {0, .5, 1}, y from 0 (top) to 1 (bottom).
pub fn pips(rank: u32) -> Vec<(f64, f64)> {
    let sides =
        |ys: &[f64]| -> Vec<(f64, f64)> { ys.iter().flat_map(|&y| [(0.0, y), (1.0, y)]).collect() };
    let mut p = match rank {
        1 => vec![(0.5, 0.5)],
        2 => vec![(0.5, 0.0), (0.5, 1.0)],
        3 => vec![(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
        4 => sides(&[0.0, 1.0]),
        5 => [sides(&[0.0, 1.0]), vec![(0.5, 0.5)]].concat(),
        6 => sides(&[0.0, 0.5, 1.0]),
        7 => [sides(&[0.0, 0.5, 1.0]), vec![(0.5, 0.25)]].concat(),
        8 => [sides(&[0.0, 0.5, 1.0]), vec![(0.5, 0.25), (0.5, 0.75)]].concat(),
        9 => [sides(&[0.0, 1.0 / 3.0, 2.0 / 3.0, 1.0]), vec![(0.5, 0.5)]].concat(),
        10 => [
            sides(&[0.0, 1.0 / 3.0, 2.0 / 3.0, 1.0]),
            vec![(0.5, 1.0 / 6.0), (0.5, 5.0 / 6.0)],
        ]
        .concat(),
        _ => Vec::new(),
    };
    p.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.total_cmp(&b.0)));
    p
}

/// Turns `g` by 180° about (cx, cy).
fn turned(g: Group, cx: f64, cy: f64) -> Group {
    Group::new()
        .set("transform", format!("rotate(180 {} {})", n(cx), n(cy)))
        .add(g)
}

/// Draws a card's front from its tags, its corners `rounded` or square.
fn draw(
    cv: &mut Canvas,
    tags: &Tags,
    face: &Face,
    art: &Art,
    rounded: bool,
) -> Result<(), DrawError> {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    let c = Colors::of(face);
    let Card {
        color,
        joker,
        number,
        court,
    } = Card::of(tags)?;
    let suit = tags.get("suit").map(String::as_str).unwrap_or("");
    let rank = tags.get("rank").map(String::as_str).unwrap_or("");
    let radius = if rounded { w.min(h) * 0.05 } else { 0.0 };
    cv.add(
        rect(-b, -b, w + 2.0 * b, h + 2.0 * b, &c.background)
            .set("rx", n(if b > 0.0 { 0.0 } else { radius })),
    );
    let pip_art = if joker {
        None
    } else {
        Some(art.symbol(&format!("card-{suit}"))?)
    };

    // Corner indices: rank over a small pip, top-left and turned at bottom-right.
    let mut index = Group::new();
    let ix = w * 0.095;
    if joker {
        for (k, ch) in "JOKER".chars().enumerate() {
            index = index.add(suit_text(
                text(
                    ix,
                    8.0 + k as f64 * 4.6,
                    4.6,
                    Font::Display,
                    Anchor::Middle,
                    color,
                    &ch.to_string(),
                ),
                color,
                4.6,
            ));
        }
    } else {
        let label = court.map_or_else(
            || {
                if number == Some(1) {
                    "A".to_string()
                } else {
                    rank.to_string()
                }
            },
            |c| c.0.to_string(),
        );
        let size = fit(Font::Display, 8.5, w * 0.16, &label);
        index = index.add(suit_text(
            text(ix, 10.0, size, Font::Display, Anchor::Middle, color, &label),
            color,
            size,
        ));
        if let Some(pa) = &pip_art {
            index = index.add(suit_place(pa, ix - 2.6, 11.6, 5.2, color));
        }
    }
    cv.add(index.clone());
    cv.add(turned(index, w / 2.0, h / 2.0));

    // The field between the indices.
    let (fx, fy) = (w * 0.2, h * 0.13);
    let (fw, fh) = (w - 2.0 * fx, h - 2.0 * fy);
    if let Some(n_) = number {
        let pa = pip_art
            .as_ref()
            .ok_or_else(|| DrawError::NoSymbol(format!("card-{suit}")))?;
        if n_ == 1 {
            let s = fw * 0.72;
            cv.add(suit_place(
                pa,
                w / 2.0 - s / 2.0,
                h / 2.0 - s / 2.0,
                s,
                color,
            ));
            cv.add(
                rect(
                    w / 2.0 - s * 0.75,
                    h / 2.0 - s * 0.75,
                    s * 1.5,
                    s * 1.5,
                    "none",
                )
                .set("stroke", color)
                .set("stroke-width", "0.3")
                .set("stroke-opacity", "0.5")
                .set("rx", n(s * 0.75)),
            );
        } else {
            let s = (fw * 0.36).min(fh / 4.6);
            for (ux, uy) in pips(n_) {
                let cx = fx + s / 2.0 + ux * (fw - s);
                let cy = fy + s / 2.0 + uy * (fh - s);
                let g = suit_place(pa, cx - s / 2.0, cy - s / 2.0, s, color);
                cv.add(if uy > 0.5 { turned(g, cx, cy) } else { g });
            }
        }
    } else if let Some((_, figure)) = court {
        // A framed, double-headed court: the figure and a pip in each half, the lower half turned.
        cv.add(
            rect(fx, fy, fw, fh, color)
                .set("fill-opacity", "0.07")
                .set("stroke", color)
                .set("stroke-width", "0.45")
                .set("rx", "1.5"),
        );
        cv.add(
            rect(fx + 1.2, fy + 1.2, fw - 2.4, fh - 2.4, "none")
                .set("stroke", color)
                .set("stroke-width", "0.2"),
        );
        let fig = art.symbol(figure)?;
        let s = (fh / 2.0 - 4.0).min(fw - 6.0);
        let mut half = Group::new().add(place(&fig, w / 2.0 - s / 2.0 + 3.0, fy + 2.0, s, color));
        if let Some(pa) = &pip_art {
            half = half.add(suit_place(pa, fx + 2.5, fy + 2.5, 7.0, color));
        }
        cv.add(half.clone());
        cv.add(turned(half, w / 2.0, h / 2.0));
        cv.add(line(fx + 1.2, h / 2.0, fx + fw - 1.2, h / 2.0, color, 0.3));
    } else {
        let jester = art.symbol("joker")?;
        let s = fw * 0.95;
        cv.add(suit_place(
            &jester,
            w / 2.0 - s / 2.0,
            h / 2.0 - s / 2.0 - 3.0,
            s,
            color,
        ));
        // The two jokers differ by colour alone, which grayscale loses: the word says it.
        let word = match color == RED {
            true => "RED JOKER",
            false => "BLACK JOKER",
        };
        let size = fit(Font::Display, 7.0, fw, word);
        cv.add(suit_text(
            text(
                w / 2.0,
                h / 2.0 + s / 2.0 + 4.0,
                size,
                Font::Display,
                Anchor::Middle,
                color,
                word,
            ),
            color,
            size,
        ));
    }

    if let Some(note) = &face.label {
        let size = fit(Font::CondensedBold, 2.8, w * 0.5, note);
        // Its descenders stay 3 mm inside the cut, a print shop's safe zone.
        cv.add(
            text(
                w / 2.0,
                h - 3.8,
                size,
                Font::CondensedBold,
                Anchor::Middle,
                &c.ink,
                note,
            )
            .set("fill-opacity", "0.75"),
        );
    }
    if let Some(border) = c.border() {
        cv.add(
            rect(0.2, 0.2, w - 0.4, h - 0.4, "none")
                .set("rx", n(radius))
                .set("stroke", border)
                .set("stroke-width", "0.4"),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{pips, playing_card_name};

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
    }

    #[test]
    fn each_rank_has_its_number_of_pips() {
        for r in 1..=10 {
            assert_eq!(pips(r).len(), r as usize, "rank {r}");
        }
    }

    #[test]
    fn layouts_are_symmetric_top_to_bottom() {
        for r in [2, 4, 6, 9, 10] {
            let p = pips(r);
            for (x, y) in &p {
                assert!(
                    p.iter()
                        .any(|(x2, y2)| (x - x2).abs() < 1e-9 && (1.0 - y - y2).abs() < 1e-9)
                );
            }
        }
    }
}
