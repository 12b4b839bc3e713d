//! Names a player reads: a Tabletop Simulator object's `Nickname` says what the piece is (a
//! playing card's rank and suit, else its title), and a face shared by a whole component is saved
//! as `<component>-<side>.png` even when another component shows it too.
use crate::common::*;

use serde_json::Value;
use std::path::Path;

/// `pnp tts <game> --dpi 30` into a fresh folder; its saved object.
fn export(game: &str) -> Value {
    let dir = temp_dir(&format!("tts-names-{game}"));
    let out = pnp()
        .args(["tts", game, "--dpi", "30", "--out"])
        .arg(&dir)
        .env_remove("PNP_TTS_DIR")
        .output()
        .unwrap();
    assert!(out.status.success(), "tts {game}: {}", stderr(&out));
    let text = std::fs::read_to_string(dir.join(format!("{game}.json"))).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// Nicknames of the cards in the top-level deck called `deck`, in deck order.
fn card_names(v: &Value, deck: &str) -> Vec<String> {
    card_fields(v, deck, "Nickname")
}

/// One field of every card in the top-level deck called `deck`, in deck order.
fn card_fields(v: &Value, deck: &str, field: &str) -> Vec<String> {
    let deck = v["ObjectStates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["Nickname"] == deck)
        .unwrap_or_else(|| panic!("no deck {deck}"));
    deck["ContainedObjects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c[field].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn cards_are_named_by_rank_and_suit_or_title_not_by_footer_or_id() {
    let v = export("the-beast");
    let action = card_names(&v, "Action Deck");
    assert_eq!(action.len(), 54);
    assert_eq!(action[0], "Ace of Hearts");
    assert_eq!(action[9], "10 of Hearts");
    assert_eq!(action[12], "King of Hearts");
    assert_eq!(action[51], "King of Spades");
    assert_eq!(action[52..], ["Red Joker", "Black Joker"]);
    assert!(action.iter().all(|n| !n.contains("Value")), "{action:?}");
    let day = card_names(&v, "Day Deck (court cards removed)");
    assert_eq!(day[0], "Ace of Hearts");
    assert!(day.contains(&"10 of Spades".to_string()), "{day:?}");
    assert!(day.iter().all(|n| !n.contains("day-deck")), "{day:?}");
    let court = card_names(
        &v,
        "Day Deck court cards (set aside; Call for Help returns them)",
    );
    assert_eq!(court[0], "Jack of Hearts");
    // Activity cards: the title, not the "1 of 5 · resolution order" footer.
    let activity = card_names(&v, "Activity cards (one set per player)");
    assert_eq!(activity[0], "Sacrifice to the Beast");
    assert!(activity.contains(&"Call for Help".to_string()));
    // Night Grain's aid: its title, not the credit line at its foot.
    let v = export("night-grain");
    let aid = card_names(&v, "Player aid");
    assert_eq!(aid[0], "Night Grain · Player aid");
    // A title every card shares, with each card's value: "Time Slot 1", not the footer.
    let v = export("bean-off");
    let slots = card_names(&v, "Time Slot cards");
    assert_eq!(slots[..2], ["Time Slot 1", "Time Slot 2"]);
}

#[test]
fn a_cards_tooltip_gives_the_text_printed_on_it() {
    let v = export("the-beast");
    let activity = "Activity cards (one set per player)";
    let names = card_names(&v, activity);
    let texts = card_fields(&v, activity, "Description");
    let hunt = names.iter().position(|n| n == "Hunt the Beast").unwrap();
    // Its heading, its paragraph and its footer, a line each.
    let lines: Vec<&str> = texts[hunt].lines().collect();
    assert_eq!(lines[0], "Resolved 2nd", "{lines:?}");
    assert!(
        lines[1].starts_with("At most 5 Adults and Old"),
        "{lines:?}"
    );
    assert_eq!(lines.last(), Some(&"2 of 5 · resolution order"));
    // A playing card's footer, which its name no longer says.
    let action = card_fields(&v, "Action Deck", "Description");
    assert_eq!(action[0], "Value 1");
    // A player aid's table, a row a line.
    let v = export("night-grain");
    let aid = &card_fields(&v, "Player aid", "Description")[0];
    assert!(aid.lines().any(|l| l.contains(" · ")), "{aid}");
}

#[test]
fn a_back_shared_by_a_whole_deck_and_its_set_aside_cards_is_named_after_the_deck() {
    let dir = build("the-beast", &["--dpi", "30", "--no-pdf"]);
    let png = dir.join("png");
    let has = |f: &str| Path::new(&png).join(f).is_file();
    assert!(has("day-deck-back.png"), "{:?}", files(&png));
    assert!(!has("day-deck-hearts-a-back.png"));
    assert!(!has("day-court-back.png"), "one file for the one back");
    assert!(has("action-deck-back.png") && has("activity-back.png"));
    // Every back file is a different face.
    let backs: Vec<Vec<u8>> = files(&png)
        .iter()
        .filter(|f| f.ends_with("-back.png"))
        .map(|f| std::fs::read(png.join(f)).unwrap())
        .collect();
    for (i, a) in backs.iter().enumerate() {
        assert!(backs[i + 1..].iter().all(|b| b != a), "two files, one face");
    }
}
