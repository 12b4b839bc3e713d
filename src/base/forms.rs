//! What a piece is beyond its outline, as the layers above the kinds see it: how it is printed
//! when larger than the paper, what it becomes in Tabletop Simulator, where pieces go on it.
use super::shape::Shape;

/// A side of a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Front,
    Back,
}

impl Side {
    /// `front` or `back`, as in face names and messages.
    pub fn name(self) -> &'static str {
        match self {
            Side::Front => "front",
            Side::Back => "back",
        }
    }
}

/// How a piece larger than the printable area is printed.
#[derive(Debug, Clone, PartialEq)]
pub enum Split {
    /// Whole or not at all (a card that does not fit is an error).
    Never,
    /// In parts of equal size that overlap, to be glued (a track).
    Even,
    /// In parts whose seams fall on these lines across and down (a board's grid lines, mm).
    OnLines { xs: Vec<f64>, ys: Vec<f64> },
}

/// A field of a kind's section that sets the size of its pieces, with the size each smaller
/// value would give: what a message about a piece too large for the paper names and suggests
/// (a tuck box's `thickness:`, which sets its depth, and so its width).
#[derive(Debug, Clone, PartialEq)]
pub struct SizedBy {
    /// The field as the YAML writes it: `thickness`.
    pub field: &'static str,
    /// Where it is written; `None` when its default applies.
    pub at: Option<serde_saphyr::Location>,
    /// Its value now (mm).
    pub now: f64,
    /// Smaller values it may take (mm), from the largest down, each with the piece's size
    /// (width, height, mm) then.
    pub smaller: Vec<(f64, f64, f64)>,
    /// What else makes the piece smaller: "hold fewer cards".
    pub otherwise: &'static str,
}

/// What a piece becomes in Tabletop Simulator.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TtsForm {
    /// Cards: one deck per component (a lone card stays a card), of `CustomDeck.Type` shape.
    Deck { card_type: u8 },
    /// A flat counter (`Custom_Tile`), two-sided when it has a back; `thickness` in TTS units.
    Tile { tile_type: TileType, thickness: f64 },
    /// A large flat piece laid out first, locked, with a snap point on each of its spaces
    /// (track, board, sheet, diagram).
    Board,
    /// A die (`Custom_Dice`) of 4, 6, 8, 10, 12 or 20 faces.
    Die { faces: u8 },
    /// A standee standing up.
    Standee,
    /// A flat `Custom_Token` cut from its image's transparency (a polygon, a custom outline).
    Token { thickness: f64 },
    /// Not on the table: a fold-up box is of use on paper only.
    LeftOut,
}

/// The outline of a `Custom_Tile` (`CustomTile.Type`): KB save-file-format.md
/// `public TileType Type; //0 = Box, 1 = Hex, 2 = Circle, 3 = Rounded`; API
/// custom-game-objects.md, Custom Tile `type`: "0: Square/Rectangle, 1: Hex, 2: Circle,
/// 3: Square/Rectangle (Rounded)".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TileType {
    Box,
    Hex,
    Circle,
    Rounded,
}

impl TileType {
    /// Its number in the save file.
    pub fn code(self) -> u8 {
        match self {
            TileType::Box => 0,
            TileType::Hex => 1,
            TileType::Circle => 2,
            TileType::Rounded => 3,
        }
    }
}

impl TtsForm {
    /// The card or tile of a piece of `shape`.
    pub fn card(shape: Shape) -> TtsForm {
        TtsForm::Deck {
            card_type: match shape {
                Shape::Square => 1,
                Shape::Round => 4,
                // Cards are rectangles or circles (`card::check`).
                _ => 0,
            },
        }
    }

    /// The tile of a piece of `shape` (`CustomTile.Type`: 0 box, 1 hex, 2 circle, 3 rounded),
    /// or a token cut from its image where no tile has the shape.
    pub fn tile(shape: Shape) -> TtsForm {
        let tile_type = match shape {
            Shape::Square => TileType::Box,
            Shape::Hex { .. } => TileType::Hex,
            Shape::Round => TileType::Circle,
            Shape::Rounded => TileType::Rounded,
            Shape::Polygon { .. } | Shape::Path(_) => return TtsForm::Token { thickness: 0.1 },
        };
        TtsForm::Tile {
            tile_type,
            thickness: 0.1,
        }
    }
}

/// One space of a board or track, where a piece goes: a box in the piece's millimetres
/// (origin at its top-left corner, as drawn).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Space {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Space {
    pub fn centre(&self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
}

/// The family a product belongs to: a component is matched only with products of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShopFamily {
    /// Cards (rounded or square corners), die-cut from card stock.
    Card,
    /// Punched-out chipboard pieces (tiles, chits), by outline.
    SquareTile,
    RoundTile,
    HexTile,
    /// Boards and mats.
    Board,
}

impl ShopFamily {
    pub fn name(self) -> &'static str {
        match self {
            ShopFamily::Card => "cards",
            ShopFamily::SquareTile => "square tiles and chits",
            ShopFamily::RoundTile => "round tiles and chits",
            ShopFamily::HexTile => "hex tiles",
            ShopFamily::Board => "boards",
        }
    }
}

/// What a game's pieces stand in for that players may own already (a pack of standard playing
/// cards): the cover says the pages holding only them may be left unprinted.
#[derive(Debug, Clone, PartialEq)]
pub struct StandIn {
    /// How many pieces there are, and how many make one set.
    pub pieces: u64,
    pub per_set: u64,
    /// What the pieces are ("playing cards").
    pub what: &'static str,
    /// What one set is ("pack"), and of what ("standard playing cards with jokers").
    pub set: &'static str,
    pub of: String,
}

/// Where a setup diagram places one piece on the table.
#[derive(Debug, Clone, PartialEq)]
pub struct SetupPlace {
    /// The piece's id (`tile-suns-ace`).
    pub piece: String,
    /// The player counts it is placed for; `None`: every count.
    pub players: Option<Vec<u32>>,
    /// Its centre on the diagram's table (mm, +y towards the near side).
    pub centre: [f64; 2],
    /// Its turn, in degrees clockwise.
    pub rotate: f64,
    /// Whether it lies back side up.
    pub back: bool,
    /// For a die, the face that shows (0–5).
    pub face: Option<usize>,
    /// The centres of the spaces of its shown side's grid (a tile grid side up), on the table.
    pub grid: Vec<[f64; 2]>,
}

impl SetupPlace {
    /// Whether it is placed when `n` play.
    pub fn is_for(&self, n: u32) -> bool {
        self.players.as_ref().is_none_or(|p| p.contains(&n))
    }
}

/// The inside of one space where pieces lie in play (a board's square, a track's box inside its
/// lines), in the holding piece's millimetres from its top-left corner, with the name the YAML
/// gives it (`a1`, `5`, `end`).
#[derive(Debug, Clone, PartialEq)]
pub struct Room {
    pub name: String,
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    /// A round space (a round piece holding another): `w` is its diameter.
    pub round: bool,
    /// Held only where `holds:` names it, not among "every space" (a track's end area).
    pub apart: bool,
}

/// What a piece covers lying (or standing) on the table: its outline's box, or its circle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Footprint {
    pub w: f64,
    pub h: f64,
    pub round: bool,
}

/// A piece a setup diagram stands on another's space, as drawn: what `pnp check` holds to the
/// space.
#[derive(Debug, Clone, PartialEq)]
pub struct Sitting {
    /// The placed piece's id and the piece under it.
    pub piece: String,
    pub on: String,
    /// The space's name as written (`f6`, `[1, 2]`).
    pub space: String,
    /// The drawn piece's box and the space's, in table mm, turned as drawn.
    pub drawn: (f64, f64),
    pub room: (f64, f64),
    /// The 1-based number of the placement, where it is written.
    pub number: usize,
    pub at: serde_saphyr::Location,
}
