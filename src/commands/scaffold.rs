//! `pnp new`: a first game file that builds and validates as it is, with a comment on every key
//! so a newcomer can change it line by line.

/// The longest name `pnp new` takes.
pub const MAX_NAME_CHARS: usize = 200;

/// Why a name cannot start a game: it is blank, or the bundled fonts cannot print it (the
/// file would be written, and then refused by `pnp validate`).
pub fn name_problem(name: &str) -> Option<String> {
    if name.trim().is_empty() {
        return Some("a game needs a name: pnp new \"Space Goats\"".to_string());
    }
    // The new game's player aid prints the name as its title, whose text has a limit.
    let chars = name.trim().chars().count();
    if chars > MAX_NAME_CHARS {
        return Some(format!(
            "the name is {chars} characters long; a name for `pnp new` is at most \
             {MAX_NAME_CHARS} (it titles the cover, a card and every page's footer)"
        ));
    }
    // Line breaks become spaces in the file's one-line name.
    let mut missing = crate::draw::text::undrawable(name);
    missing.retain(|c| !c.is_whitespace());
    (!missing.is_empty()).then(|| {
        let list: Vec<String> = missing
            .iter()
            .map(|c| format!("{c} (U+{:04X})", *c as u32))
            .collect();
        format!(
            "the bundled fonts cannot print {} in the name `{}`: the cover and every page \
             print it; use Latin, Greek or Cyrillic letters",
            list.join(", "),
            name.trim()
        )
    })
}

/// The id of a game whose name has no letters or digits to make one from ("!!!").
pub const FALLBACK_ID: &str = "my-game";

/// A file-name-safe id from a game's name: "Space Goats!" → "space-goats"; `FALLBACK_ID` when
/// the name has nothing to make one from.
pub fn id_from_name(name: &str) -> String {
    crate::spec::ids::slug(name).unwrap_or_else(|| FALLBACK_ID.to_string())
}

/// The YAML of a new game called `name`.
pub fn new_game(name: &str) -> (String, String) {
    let id = id_from_name(name);
    // One line (a line break would end the YAML string), in a double-quoted YAML string.
    let title = name
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('\\', "\\\\")
        .replace('"', "\\\"");
    let text = format!(
        r##"# yaml-language-server: $schema=pnp.schema.json
# (Editors complete and check this file with the schema beside it; `pnp schema --out pnp.schema.json`
# writes it again after an upgrade of pnp.)
# {title}: components and rules for pnp. Build it with `pnp build {id}.yaml`,
# check it with `pnp validate {id}.yaml`. Every key is explained in pnp's docs/yaml.md.
game:
  id: {id}                 # names the output folder: output/{id}/
  name: "{title}"
  designer: You
  licence: CC BY 4.0
  players: [2, 3, 4]       # the player counts the rules allow

components:
  # Round markers in two colours; each variant is one kind of marker with its own copies.
  - id: marker
    name: Markers
    kind: token            # token, tile, card, playing-card, pawn, track, board, hex-board,
                           # point-board, die, diagram, sheet, tuckbox
    shape: round           # square, round, rounded, hex, triangle or octagon
    size: 20mm             # mm, cm, in or pt
    copies: 4              # of each variant
    variants:
      - id: gold
        tags: {{colour: gold}}           # facts the rules can count by
        front: {{label: Gold, symbol: sun, ink: "#9a6a00", background: "#fff1c4"}}
      - id: silver
        tags: {{colour: silver}}
        front: {{label: Silver, symbol: moon, ink: "#33476b", background: "#e3e9f5"}}

  # Many cards? Keep them in a spreadsheet: `data: cards.csv` (saved beside this file) makes a
  # variant per row, and faces fill in its cells as "{{row.title}}" (docs/yaml.md, "A deck from a
  # spreadsheet").

  # A player aid: a card with a title, a table and paragraphs, at poker size (63.5 × 88.9 mm),
  # which card printers make (`pnp build --for drivethru`).
  - id: aid
    name: Player aid
    kind: card
    size: poker
    copies: 2
    front:
      title: "{title}"
      table:
        - [Markers, Points]
        - ["1", "1"]
        - ["2", "3"]
      lines:
        - "# On your turn"
        - Take one marker or pass.

rules:
  # Each rule quotes the rulebook and states one check (docs/yaml.md, "`rules`: the validation
  # vocabulary").
  - id: four-of-each
    quote: Four markers of each colour.
    check: {{each_variant: marker, equals: 4}}
  - id: players
    quote: For two to four players.
    check: {{players: true, equals: [2, 3, 4]}}
"##
    );
    (id, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_comments_list_every_kind_and_shape() {
        let (_, text) = new_game("Kinds");
        // The comment after `kind:` and the line that carries it on.
        let start = text.find("kind: token").unwrap();
        let comment: String = text[start..]
            .lines()
            .take(2)
            .map(|l| l.split('#').nth(1).unwrap_or(""))
            .collect();
        let listed: Vec<&str> = comment.split(',').map(str::trim).collect();
        assert_eq!(listed, crate::kinds::KindName::ALL);
        let shapes = text.lines().find(|l| l.contains("shape: round")).unwrap();
        let shapes = shapes.split('#').nth(1).unwrap().replace(" or ", ", ");
        let listed: Vec<&str> = shapes.split(',').map(str::trim).collect();
        assert_eq!(listed, crate::base::shape::NAMES);
    }

    #[test]
    fn ids_are_made_safe() {
        assert_eq!(id_from_name("Space Goats!"), "space-goats");
        assert_eq!(id_from_name("../../etc"), "etc");
        assert_eq!(id_from_name("🎲"), "my-game");
        assert_eq!(id_from_name("Ünïcødé Gämé"), "unicode-game");
        assert_eq!(id_from_name("Straße"), "strasse");
    }

    #[test]
    fn any_name_gives_a_file_that_loads_with_that_name() {
        for name in ["The \"Big\" Game\\x", "Two\nLines", "Tab\tbed  name"] {
            let (_, text) = new_game(name);
            let game = crate::kinds::from_bytes("new.yaml", text.into_bytes(), None)
                .unwrap_or_else(|e| panic!("{name:?}: {e}"));
            let want = name.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(game.spec.game.name, want);
        }
    }

    #[test]
    fn the_scaffold_loads_and_its_rules_hold() {
        let (id, text) = new_game("Space \"Goats\"");
        let game = crate::kinds::from_bytes("new.yaml", text.into_bytes(), None).unwrap();
        assert_eq!(game.id(), id);
        let report = crate::rules::validate(&game);
        assert!(report.failures().is_empty(), "{:?}", report.failures());
        assert_eq!(report.held(), 2);
    }
}
