//! The whole save of a table: its outer fields, and the rules as notes. The Notes panel says
//! what the game is and what it needs; the Notebook has a tab for the game and one for each
//! player aid (a card printed one-sided with paragraphs or a table), in its own words.
use std::collections::BTreeMap;

use super::model::{GameSave, Hands, ObjectState, Rgb, SnapPoint, TabState};
use crate::base::diagnostic::counted;
use crate::layout::document::Document;
use crate::resolve::table::Table;

/// The save of a table laid out for `players`.
pub(super) fn save(
    prepared: &Document,
    table: &Table,
    players: u32,
    objects: Vec<ObjectState>,
    snap_points: Vec<SnapPoint>,
) -> GameSave {
    let g = &prepared.about;
    let counts = &g.players;
    let (low, high) = (
        counts.iter().copied().min().unwrap_or(players),
        counts.iter().copied().max().unwrap_or(players),
    );
    let mut tabs = BTreeMap::new();
    let mut tab = |title: String, body: String| {
        let id = tabs.len() as u32;
        tabs.insert(
            id.to_string(),
            TabState {
                title,
                body,
                color: "Grey".into(),
                visible_color: Rgb {
                    r: 0.5,
                    g: 0.5,
                    b: 0.5,
                },
                id,
            },
        );
    };
    tab(g.name.clone(), about(prepared, table, players));
    for (ci, c) in prepared.components.iter().enumerate() {
        let Some(p) = prepared.pieces.iter().position(|p| p.component == ci) else {
            continue;
        };
        let is_card = matches!(c.tts, crate::base::forms::TtsForm::Deck { .. });
        let one_sided = prepared.faces.of_piece[p].1.is_none();
        let on = &table.pieces[p];
        if is_card && one_sided && on.aid {
            tab(on.tooltip.name.clone(), on.tooltip.description.clone());
        }
    }
    GameSave {
        save_name: format!("{} ({})", g.name, counted(players as usize, "player")),
        game_mode: g.name.clone(),
        game_type: "Game".into(),
        player_counts: [low, high],
        gravity: 0.5,
        play_area: 0.5,
        table: "Table_RPG".into(),
        sky: "Sky_Museum".into(),
        note: about(prepared, table, players),
        tab_states: tabs,
        hands: Hands {
            enable: true,
            disable_unused: false,
            hiding: 0,
        },
        snap_points,
        object_states: objects,
        ..GameSave::default()
    }
}

/// What the game is: its name and designer, its description, its players, what it needs
/// beyond what is on the table, where its rules are, its licence.
fn about(prepared: &Document, table: &Table, players: u32) -> String {
    let g = &prepared.about;
    let mut lines = vec![match &g.designer {
        Some(d) => format!("{} by {d}", g.name),
        None => g.name.clone(),
    }];
    if let Some(d) = &g.description {
        lines.push(d.trim().to_string());
    }
    // As the PDF's cover says it: "2–4 players".
    lines.push(format!(
        "For {}; laid out for {players}.",
        crate::layout::cover::players(&g.players)
    ));
    let dice: Vec<&str> = table.dice.iter().map(|d| d.name.as_str()).collect();
    if !g.needs.is_empty() {
        let on_table = if dice.is_empty() {
            String::new()
        } else {
            format!(" (on the table: {})", dice.join(", "))
        };
        lines.push(format!("You also need: {}{on_table}.", g.needs.join("; ")));
    }
    if let Some(s) = &g.source {
        lines.push(format!("Rules: {s}"));
    }
    if let Some(l) = &g.licence {
        lines.push(format!("Licence: {l}"));
    }
    lines.join("\n\n")
}
