//! What Tabletop Simulator needs of a game beyond its faces, resolved here from the spec and the
//! kinds so that the export (`outputs::tts`) reads only the document: what each piece is called
//! and says, its colour and tags, a die's six faces, a pawn's standing figure, a blank back for
//! cards printed one-sided, a board's spaces, the game's `tts:` settings, what the rules use for
//! each player count, the ordinary dice and the setup diagram's placements.
use std::collections::{BTreeMap, HashMap};

use super::faces::FaceDoc;
use super::{Origin, Resolved};
use crate::base::diagnostic::Problems;
use crate::base::forms::{SetupPlace, Side, Space, TtsForm};
use crate::kinds::Game;
use crate::kinds::face::{Art, DrawError};
use crate::kinds::piece::{Own, Piece};
pub use crate::spec::tts::{Bag, EachPlayer, Pile, TtsPieces, Used, Way};
use crate::spec::{Face, SpecError};

/// The table's view of a resolved game.
#[derive(Debug, Clone, Default)]
pub struct Table {
    /// By piece (as `Resolved::pieces`).
    pub pieces: Vec<TablePiece>,
    /// By component (as `Resolved::components`).
    pub components: Vec<TableComponent>,
    /// The ordinary dice of the game's `tts: dice:`.
    pub dice: Vec<StandardDie>,
    /// The setup diagram the table is laid out from: the game's first printed diagram that
    /// places something.
    pub setup: Option<Setup>,
    /// Pictures drawn for the table only (a die's faces, a figure, a blank back), by number.
    pub drawings: Vec<FaceDoc>,
}

/// The tag that says whose a piece is: `player: green` seats the green player in TTS's Green.
pub const PLAYER_TAG: &str = "player";

/// One piece on the table.
#[derive(Debug, Clone, Default)]
pub struct TablePiece {
    /// What it is called on the table: "Tile — Suns 3", "Ace of Hearts".
    pub name: String,
    /// Which one of its component it is, when the component has variants ("Suns 3").
    pub which: Option<String>,
    /// Its name and the text printed on it that its name leaves out.
    pub tooltip: Tooltip,
    /// Its front's ink (`#rrggbb`), which a bag of it is tinted; `None` for none.
    pub ink: Option<String>,
    /// The `deck` tag that splits a card component into several decks.
    pub deck: Option<String>,
    /// Its tags' values (a seat colour among them).
    pub tag_values: Vec<String>,
    /// Its `player` tag: whose it is (`player: green`), which may name a seat's colour.
    pub player: Option<String>,
    /// Its front prints lines or a table (a player aid, when one-sided).
    pub aid: bool,
    /// A die's faces: its size, each face's drawing and what a roll of it reports.
    pub die: Option<DieFaces>,
    /// A pawn's standing figure: its drawing and size (mm).
    pub standee: Option<(usize, f64, f64)>,
    /// The drawing of a plain back in its front's colours, for a card printed one-sided.
    pub blank_back: Option<usize>,
    /// Its spaces, where pieces go (a board's), for snap points.
    pub spaces: Vec<Space>,
}

/// A die's faces as drawings, and what a roll of each reports.
#[derive(Debug, Clone, Default)]
pub struct DieFaces {
    /// Its width across (mm): a d6's edge, another's face to opposite face.
    pub across: f64,
    /// The side (mm) of the square each face is drawn in, upright.
    pub side: f64,
    pub faces: Vec<usize>,
    pub names: Vec<String>,
}

/// A piece's name, and under it the text printed on it that its name leaves out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tooltip {
    pub name: String,
    pub description: String,
}

impl From<String> for Tooltip {
    fn from(name: String) -> Self {
        Tooltip {
            name,
            description: String::new(),
        }
    }
}

impl From<&str> for Tooltip {
    fn from(name: &str) -> Self {
        name.to_string().into()
    }
}

/// One component on the table.
#[derive(Debug, Clone, Default)]
pub struct TableComponent {
    /// The game's `tts:` settings for it.
    pub settings: TtsPieces,
    /// How many of its variants the rules use, by player count (`uses:` with `by_players:`).
    pub used_by_players: BTreeMap<u32, usize>,
    /// Whether it has variants.
    pub has_variants: bool,
}

/// Ordinary dice (`Die_6`) on the table.
#[derive(Debug, Clone, Default)]
pub struct StandardDie {
    pub name: String,
    pub copies: Option<u32>,
    pub each_player: Option<u32>,
    /// `#rrggbb`.
    pub color: Option<String>,
    pub note: Option<String>,
}

/// The setup diagram: its component and where it places pieces.
#[derive(Debug, Clone)]
pub struct Setup {
    pub component: usize,
    pub places: Vec<SetupPlace>,
}

/// What the table needs of `game`'s pieces (`handles`, as `resolved` has them).
pub fn resolve(game: &Game, handles: &[Piece], resolved: &Resolved) -> Result<Table, SpecError> {
    let mut drawings = Drawings::default();
    let mut problems = Vec::new();
    let art = Art::new(game);
    let mut pieces = Vec::with_capacity(handles.len());
    for p in handles {
        let c = &game.spec.components[p.component];
        let kind = c.kind.kind();
        let front = p.front(game);
        let tags = p.tags(game);
        let (name, which) = names(game, p, &front);
        let mut drawn = |what: Result<TablePiece, DrawError>| match what {
            Ok(t) => Some(t),
            Err(e) => {
                problems
                    .push(Origin::of(game, c).at_id(format!("cannot draw `{}`: {e}", p.id(game))));
                None
            }
        };
        let piece = (|| {
            let mut t = TablePiece {
                tooltip: tooltip(&name, &front),
                name,
                which,
                ink: front
                    .ink
                    .as_ref()
                    .filter(|c| !c.is_none())
                    .map(|c| c.hex().to_string()),
                deck: tags.get(DECK_TAG).cloned(),
                tag_values: tags.iter().map(|(_, v)| v.clone()).collect(),
                player: tags.get(PLAYER_TAG).cloned(),
                aid: front.lines.is_some() || front.table.is_some(),
                ..TablePiece::default()
            };
            let id = p.id(game);
            if let Some(drawn) = kind.die_faces(game, p, &art) {
                let drawn = drawn?;
                let side = drawn.side;
                let mut die = DieFaces {
                    across: drawn.across,
                    side,
                    ..DieFaces::default()
                };
                for (i, (group, value)) in drawn.faces.into_iter().enumerate() {
                    let name = format!("{id}-face{}", i + 1);
                    die.faces.push(drawings.group(&name, group, side, side));
                    die.names.push(value);
                }
                t.die = Some(die);
            }
            if let Some(figure) = kind.standee(game, p, &art) {
                let (group, w, h) = figure?;
                t.standee = Some((drawings.group(&format!("{id}-figure"), group, w, h), w, h));
            }
            let cards = matches!(kind.tts(p.shape.clone()), TtsForm::Deck { .. });
            if cards && p.back(game).is_none() {
                t.blank_back = Some(blank_back(game, p, &front, &art, &mut drawings)?);
            }
            if matches!(kind.tts(p.shape.clone()), TtsForm::Board) {
                t.spaces = kind.spaces(game, p);
            }
            Ok(t)
        })();
        pieces.extend(drawn(piece));
    }
    if !problems.is_empty() {
        return Err(SpecError::Invalid(Problems(problems)));
    }
    let tts = game.spec.tts.as_ref();
    let components = game
        .spec
        .components
        .iter()
        .map(|c| TableComponent {
            settings: tts.map(|t| t.of(&c.id.value)).unwrap_or_default(),
            used_by_players: game
                .spec
                .rules
                .iter()
                .find_map(|r| {
                    let check = &r.check.value;
                    check.uses.as_ref().filter(|u| u.value == c.id.value)?;
                    let by = check.by_players.as_ref()?;
                    Some(by.iter().map(|(&n, &k)| (n, k as usize)).collect())
                })
                .unwrap_or_default(),
            has_variants: !c.variants.is_empty(),
        })
        .collect();
    let dice = tts
        .iter()
        .flat_map(|t| &t.dice)
        .map(|d| {
            let d = &d.value;
            StandardDie {
                name: d.name.clone(),
                copies: d.copies,
                each_player: d.each_player,
                color: d.color.as_ref().map(|c| c.hex().to_string()),
                note: d.note.clone(),
            }
        })
        .collect();
    // Placements are found among every piece the game makes, whatever is printed.
    let all = crate::kinds::piece::expand(game);
    let printed = |ci: usize| resolved.pieces.iter().any(|p| p.component == ci);
    let setup = game
        .spec
        .components
        .iter()
        .enumerate()
        .filter(|&(ci, _)| printed(ci))
        .find_map(|(ci, c)| {
            let places = c.kind.kind().setup(game, &all)?;
            (!places.is_empty()).then_some(Setup {
                component: ci,
                places,
            })
        });
    Ok(Table {
        pieces,
        components,
        dice,
        setup,
        drawings: drawings.docs,
    })
}

/// The variant tag that splits a card component into several decks (`tags: {deck: court}`).
pub const DECK_TAG: &str = "deck";

/// Drawings made for the table: the same drawing twice is one.
#[derive(Default)]
struct Drawings {
    docs: Vec<FaceDoc>,
    by_svg: HashMap<String, usize>,
}

impl Drawings {
    /// `group` drawn in a `w`×`h` mm box, named `name`.
    fn group(&mut self, name: &str, group: svg::node::element::Group, w: f64, h: f64) -> usize {
        let mut cv = crate::draw::canvas::Canvas::new(w, h, 0.0);
        cv.add(group);
        self.svg(name, cv.finish(), w, h)
    }

    fn svg(&mut self, name: &str, svg: String, w: f64, h: f64) -> usize {
        if let Some(&i) = self.by_svg.get(&svg) {
            return i;
        }
        self.by_svg.insert(svg.clone(), self.docs.len());
        self.docs.push(FaceDoc::of_svg(name, svg, w, h, 0.0));
        self.docs.len() - 1
    }
}

/// A plain back for a card printed one-sided: the card's own colours, nothing on it.
fn blank_back(
    game: &Game,
    piece: &Piece,
    front: &Face,
    art: &Art,
    drawings: &mut Drawings,
) -> Result<usize, DrawError> {
    let plain = Face {
        background: front.background.clone(),
        ink: front.ink.clone(),
        border: front.border.clone(),
        ..Face::default()
    };
    // Faces of its own, which hide its variant's faces and tags (a playing card's suit and
    // rank would draw its pips), and the card's id. Drawn as a back: a playing card's front is
    // its suit and rank, which a blank has not.
    let mut blank = piece.clone();
    blank.own = Some(Box::new(Own {
        id: Some(piece.id(game).into_owned()),
        faces: Some((plain.clone(), Some(plain))),
        tags: None,
    }));
    let svg = crate::kinds::face::draw_face(game, &blank, Side::Back, 0.0, art)?
        .ok_or_else(|| DrawError::NoBack(piece.id(game).into_owned()))?;
    let comp = &game.spec.components[piece.component].id.value;
    Ok(drawings.svg(&format!("{comp}-blank-back"), svg, piece.w, piece.h))
}

/// How a piece is called on the table (the tooltip over it), and which one of its component it
/// is: a piece its kind names by its face (a card) by what its face shows large; any other by
/// its component's name, one of them, and which one: "Tile — Suns 3", "Grain marker — Amaranth".
fn names(game: &Game, p: &Piece, front: &Face) -> (String, Option<String>) {
    let c = &game.spec.components[p.component];
    let kind = c.kind.kind();
    let (noun, which) = noun_and_which(game, p, front);
    if kind.named_by_face() {
        let name = kind
            .name_of(&p.tags(game))
            .unwrap_or_else(|| card_name(game, p, front));
        return (name, which);
    }
    let name = match &which {
        Some(which) if !which.eq_ignore_ascii_case(&noun) => format!("{noun} — {which}"),
        _ => noun,
    };
    (name, which)
}

/// What a piece is, one of its component ("Tile", from "Tiles"), and which one it is, when its
/// component has variants: a matrix's values ("Suns 3", "Arms Null"), else what its face says
/// (title, label or big text), else its variant's id made readable ("Red").
fn noun_and_which(game: &Game, p: &Piece, f: &Face) -> (String, Option<String>) {
    let c = &game.spec.components[p.component];
    let noun = singular(c.name.as_deref().unwrap_or(&c.id.value));
    let Some(variant) = p.variant.and_then(|v| c.variants.id(v)) else {
        return (noun, None);
    };
    let which = match [&f.title, &f.label, &f.text].into_iter().find_map(said) {
        Some(t) if c.matrix.is_none() => t.to_string(),
        _ => words(&variant),
    };
    (noun, Some(which))
}

/// One of a component called `name`: "Tiles" → "Tile", "Grain markers" → "Grain marker",
/// "Dice" → "Die", "Bean tokens (optional; …)" → "Bean token". A name that is not a plural is
/// kept ("Track of Persephone").
pub fn singular(name: &str) -> String {
    let name = name.split(" (").next().unwrap_or(name).trim();
    let (head, last) = name.rsplit_once(' ').unwrap_or(("", name));
    let lower = last.to_lowercase();
    let one = if lower == "dice" {
        format!("{}ie", &last[..1])
    } else if let Some(stem) = lower.strip_suffix("ies").filter(|s| !s.is_empty()) {
        format!("{}y", &last[..stem.len()])
    } else if ["ches", "shes", "xes", "sses"]
        .iter()
        .any(|e| lower.ends_with(e))
    {
        last[..last.len() - 2].to_string()
    } else if lower.ends_with('s') && !lower.ends_with("ss") && !lower.ends_with("us") {
        last[..last.len() - 1].to_string()
    } else {
        last.to_string()
    };
    if head.is_empty() {
        one
    } else {
        format!("{head} {one}")
    }
}

/// `suns-3` → "Suns 3", `hunt_beast` → "Hunt Beast".
fn words(id: &str) -> String {
    id.split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(crate::draw::text::capitalized)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A card's name by its face: its title (with its big text when that is a short value: "Time
/// Slot 1"), its big text, its label (a small footer: a value, a credit), else its id made
/// readable.
fn card_name(game: &Game, p: &Piece, f: &Face) -> String {
    match (said(&f.title), said(&f.text)) {
        // A title common to the component and a short value apart ("Time Slot" and "1").
        (Some(t), Some(x))
            if x.chars().count() <= SHORT_TEXT && !t.to_lowercase().contains(&x.to_lowercase()) =>
        {
            format!("{t} {x}")
        }
        (Some(t), _) => t.to_string(),
        (None, Some(x)) => x.to_string(),
        (None, None) => said(&f.label).map_or_else(|| readable_id(&p.id(game)), str::to_string),
    }
}

/// Big text at most this long (a rank, a value) is added to a title to name a piece.
const SHORT_TEXT: usize = 12;

/// A piece's name and, for the tooltip under it, the text printed on it that its name leaves
/// out: its big text (when too long for the name), its paragraphs, its table a row a line, its
/// footer label.
fn tooltip(name: &str, f: &Face) -> Tooltip {
    let mut lines: Vec<String> = Vec::new();
    if let Some(text) = said(&f.text)
        && !name.contains(text)
    {
        lines.push(text.to_string());
    }
    for row in f.table.iter().flatten() {
        lines.push(row.join(" · "));
    }
    for paragraph in f.paragraphs() {
        lines.push(
            paragraph
                .strip_prefix("# ")
                .unwrap_or(paragraph)
                .to_string(),
        );
    }
    if let Some(label) = said(&f.label)
        && label != name
    {
        lines.push(label.to_string());
    }
    Tooltip {
        name: name.to_string(),
        description: lines.join("\n"),
    }
}

/// A face's text, trimmed, when it says anything.
fn said(text: &Option<String>) -> Option<&str> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

/// `tile-suns-null` → "Tile suns null".
fn readable_id(id: &str) -> String {
    crate::draw::text::capitalized(&id.replace(['-', '_'], " "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_is_one_of_its_component() {
        for (many, one) in [
            ("Tiles", "Tile"),
            ("Grain markers", "Grain marker"),
            ("Dice", "Die"),
            ("Bean tokens (optional; dry beans work too)", "Bean token"),
            ("Starvation chits", "Starvation chit"),
            ("Activity cards (one set per player)", "Activity card"),
            (
                "Die role markers (beside your three dice)",
                "Die role marker",
            ),
            ("Boxes", "Box"),
            ("Track of Persephone", "Track of Persephone"),
            ("Rock", "Rock"),
            ("Bonus", "Bonus"),
            ("Properties", "Property"),
        ] {
            assert_eq!(singular(many), one);
        }
        assert_eq!(words("suns-3"), "Suns 3");
        assert_eq!(words("arms-null"), "Arms Null");
    }

    #[test]
    fn pieces_are_named_by_component_and_suit_or_rank() {
        let game = crate::kinds::load("piecepack").unwrap();
        let pieces = crate::kinds::piece::expand(&game);
        let name = |id: &str| {
            let p = pieces.iter().find(|p| p.id(&game) == id).unwrap();
            names(&game, p, &p.front(&game)).0
        };
        assert_eq!(name("tile-suns-3"), "Tile — Suns 3");
        assert_eq!(name("tile-arms-null"), "Tile — Arms Null");
        assert_eq!(name("coin-moons-ace"), "Coin — Moons Ace");
        assert_eq!(name("die-crowns"), "Die — Crowns");
        assert_eq!(name("pawn-arms"), "Pawn — Arms");
        let game = crate::kinds::load("night-grain").unwrap();
        let pieces = crate::kinds::piece::expand(&game);
        let p = pieces.iter().find(|p| p.id(&game) == "grain-rye").unwrap();
        assert_eq!(names(&game, p, &p.front(&game)).0, "Grain marker — Rye");
        assert_eq!(readable_id("tile-suns-null"), "Tile suns null");
    }
}
