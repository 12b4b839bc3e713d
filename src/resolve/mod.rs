//! The last step that reads the spec or asks a kind: a game and the build's options become
//! owned pieces, each face drawn once, with everything later stages need — what the cover says
//! of a component, how it is cut and split, what a print shop or Tabletop Simulator makes of it,
//! where its messages point. Layout and the outputs take a `Resolved` and nothing else.
//!
//! Two steps, so that what the paper refuses is found before any face is drawn: `pieces` (the
//! components and their pieces, measured), then `draw` (the faces).
pub mod faces;
pub mod overrides;
pub mod play;
pub mod select;
pub mod table;

mod names;

use serde_saphyr::Location;

use crate::base::diagnostic::Diagnostic;
use crate::base::forms::{ShopFamily, Side, Split, StandIn, TtsForm};
use crate::base::shape::Shape;
use crate::kinds::Game;
use crate::kinds::face::Guide;
use crate::spec::SpecError;
pub use faces::{FaceDoc, Faces, Keep, Source};

/// The smallest text `pnp check` lets pass unless the game says (`game.min_text`): 6 pt.
pub const MIN_TEXT_MM: f64 = 6.0 / crate::base::units::PT_PER_MM;

/// What resolving takes from the build's options.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Only the components for this player count (`--players`).
    pub players: Option<u32>,
    /// Bleed around every face (mm).
    pub bleed: f64,
    /// The safe-zone guide over every face (`--guides`).
    pub guide: Option<Guide>,
    /// Also what Tabletop Simulator needs: names, tooltips, dice, standees, the setup.
    pub table: bool,
    /// What is kept of each face's drawing.
    pub keep: Keep,
}

/// A game resolved for print: owned, with no tie to the spec it came from.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub about: About,
    /// Every component of the game (spec order), printed or not: pieces and messages index
    /// them.
    pub components: Vec<Component>,
    /// The pieces printed, in order, grouped by component.
    pub pieces: Vec<Piece>,
    /// Every distinct face, and which faces each piece shows (empty before `draw`).
    pub faces: Faces,
    /// What Tabletop Simulator needs beyond the faces (with `Options::table`).
    pub table: Option<table::Table>,
}

/// The game itself, as the cover, the document's information and the messages name it.
#[derive(Debug, Clone, Default)]
pub struct About {
    pub id: String,
    pub name: String,
    /// How messages name the game's file.
    pub file: String,
    pub designer: Option<String>,
    pub licence: Option<String>,
    pub source: Option<String>,
    pub description: Option<String>,
    /// The player counts it is for.
    pub players: Vec<u32>,
    /// What players need that is not printed.
    pub needs: Vec<String>,
    /// What loading the game found written but not shown (located warnings).
    pub warnings: Vec<Diagnostic>,
    /// The smallest text `pnp check` lets pass (mm), and where the game sets it.
    pub min_text: (f64, Option<Location>),
    /// Where the game's `id:` is written.
    pub at: Option<Location>,
}

/// One component, as every later stage sees it.
#[derive(Debug, Clone)]
pub struct Component {
    pub id: String,
    /// Its name for captions, bookmarks and the cover (its id when it has none).
    pub name: String,
    /// Copies of all its variants, as the YAML counts them.
    pub total_copies: u64,
    /// Whether `--players` builds it.
    pub printed: bool,
    /// What the cover calls one piece ("round token, 19 mm"), from its first piece.
    pub described: Option<String>,
    /// How a piece too large for the paper is printed.
    pub split: Split,
    /// The field that sets its size, for a message about a piece too large for the paper.
    pub sized_by: Option<crate::base::forms::SizedBy>,
    /// Whether identical pieces may share their cuts (packed edge to edge).
    pub shares_cuts: bool,
    /// Whether its pieces are cut out at all (a set-up diagram is not).
    pub is_cut: bool,
    /// Whether its pieces have fold lines to score.
    pub folds: bool,
    /// Whether a player cuts it out at home along its outline.
    pub cut_at_home: bool,
    /// One is printed for each player (a record sheet).
    pub one_per_player: bool,
    /// The print-shop products it could be.
    pub shop_family: Option<ShopFamily>,
    /// What its pieces stand in for that players may own.
    pub stands_in_for: Option<StandIn>,
    /// What its pieces become in Tabletop Simulator.
    pub tts: TtsForm,
    /// Its kind's name, for messages ("a card", "a board").
    pub kind: String,
    /// What lies on its spaces in play (`holds:`), for `pnp check`.
    pub holds: Vec<play::Hold>,
    /// The pieces it stands on other pieces' spaces, as drawn (a setup diagram's `on:`).
    pub seated: Vec<crate::base::forms::Sitting>,
    /// Where it is written.
    pub at: Origin,
}

/// Where a component is written, for the messages of every later stage.
#[derive(Debug, Clone)]
pub struct Origin {
    pub file: String,
    pub id: Location,
    pub kind: Location,
    pub size: Option<Location>,
    pub front: Location,
    pub back: Location,
    /// Each listed variant's id.
    pub variants: Vec<Location>,
}

impl Origin {
    /// Where `c`, a component of `game`, is written.
    pub fn of(game: &Game, c: &crate::kinds::Component) -> Origin {
        Origin {
            file: c.origin.clone().unwrap_or_else(|| game.file.clone()),
            id: c.id.referenced,
            kind: c.kind_name.referenced,
            size: c.size.as_ref().map(|s| s.referenced),
            front: c.front_at,
            back: c.back_at,
            variants: match &c.variants {
                crate::spec::Variants::Listed(list) => {
                    list.iter().map(|v| v.id.referenced).collect()
                }
                crate::spec::Variants::Rows(_) => Vec::new(),
            },
        }
    }

    /// A message at the component's id.
    pub fn at_id(&self, message: String) -> Diagnostic {
        Diagnostic::located(&self.file, self.id, message)
    }

    /// A message about the component's size: at its `size:`, or its id when its size follows
    /// from other keys (a track's spaces, a board's squares).
    pub fn at_size(&self, message: String) -> Diagnostic {
        match self.size {
            Some(at) => Diagnostic::located(&self.file, at, message),
            None => self.at_id(message),
        }
    }

    /// The warning for a face of piece `piece` whose texts ran over, at the component.
    pub fn overflow(&self, piece: &str, side: Side, overflows: &[String]) -> Option<Diagnostic> {
        if overflows.is_empty() {
            return None;
        }
        let list: Vec<String> = overflows.iter().map(|t| format!("`{t}`")).collect();
        let message = format!(
            "text runs over on the {} of `{piece}`: {}",
            side.name(),
            list.join(", ")
        );
        let at = self.at_id(message).warning();
        Some(at.hint("shorten the text, or make the piece larger"))
    }
}

/// One printed piece (all its copies alike).
#[derive(Debug, Clone)]
pub struct Piece {
    pub component: usize,
    /// Its variant (by index), if it has one.
    pub variant: Option<usize>,
    /// `component-variant` (or the component's id, or its own): names its images.
    pub id: String,
    /// Its printed size (mm): for a die, its net; for a track, its spaces in a line.
    pub w: f64,
    pub h: f64,
    pub shape: Shape,
    pub copies: u32,
}

impl Piece {
    /// The game's own handle of this piece (as `kinds::piece::expand` made it), to ask its
    /// kind or its spec again: for `pnp sheets`' players and tests.
    pub fn handle(&self) -> crate::kinds::piece::Piece {
        crate::kinds::piece::Piece {
            component: self.component,
            variant: self.variant,
            w: self.w,
            h: self.h,
            shape: self.shape.clone(),
            copies: self.copies,
            own: None,
        }
    }
}

/// A game half resolved: its components and pieces measured, their faces not yet drawn, with
/// the handles into the game that drawing them takes.
pub struct Plan {
    pub resolved: Resolved,
    handles: Vec<crate::kinds::piece::Piece>,
}

/// The components and the pieces the options print, measured, their faces not yet drawn.
pub fn plan(game: &Game, opt: &Options) -> Result<Plan, select::SelectError> {
    let printed = select::components(game, opt.players)?;
    let mut handles = crate::kinds::piece::expand(game);
    // A piece with no copies is not printed, so none of its faces is drawn or written either.
    handles.retain(|p| printed[p.component] && p.copies > 0);
    Ok(plan_of(game, handles, &printed))
}

/// The plan of these pieces of `game` (a player's record sheets, say), with `printed` saying
/// which components are built.
pub fn plan_of(game: &Game, handles: Vec<crate::kinds::piece::Piece>, printed: &[bool]) -> Plan {
    let components = game
        .spec
        .components
        .iter()
        .enumerate()
        .map(|(ci, c)| {
            let kind = c.kind.kind();
            let mine: Vec<&crate::kinds::piece::Piece> =
                handles.iter().filter(|p| p.component == ci).collect();
            let shape = c.shape();
            Component {
                id: c.id.value.clone(),
                name: c.name.clone().unwrap_or_else(|| c.id.value.clone()),
                total_copies: c.total_copies(),
                printed: printed.get(ci).copied().unwrap_or(false),
                described: mine
                    .first()
                    .map(|p| kind.describe(p.shape.clone(), p.w, p.h)),
                split: kind.split(),
                sized_by: kind.sized_by(c),
                shares_cuts: kind.shares_cuts(shape.clone()),
                is_cut: kind.is_cut(),
                folds: kind.folds(),
                cut_at_home: kind.cut_at_home(),
                one_per_player: kind.one_per_player(),
                shop_family: kind.shop_family(shape.clone()),
                stands_in_for: (!mine.is_empty())
                    .then(|| kind.stands_in_for(game, &mine))
                    .flatten(),
                tts: kind.tts(shape),
                kind: c.kind_name.value.to_string(),
                holds: Vec::new(),
                seated: Vec::new(),
                at: Origin::of(game, c),
            }
        })
        .collect();
    let g = &game.spec.game;
    let about = About {
        id: game.id().to_string(),
        name: g.name.clone(),
        file: game.file.clone(),
        designer: g.designer.clone(),
        licence: g.licence.clone(),
        source: g.source.clone(),
        description: g.description.clone(),
        players: g.players.value.clone(),
        needs: g.needs.clone(),
        warnings: game.warnings.clone(),
        at: Some(g.id.referenced),
        min_text: match &g.min_text {
            Some(m) => (m.value.mm(), Some(m.referenced)),
            None => (MIN_TEXT_MM, None),
        },
    };
    let pieces = handles
        .iter()
        .map(|p| Piece {
            component: p.component,
            variant: p.variant,
            id: p.id(game).into_owned(),
            w: p.w,
            h: p.h,
            shape: p.shape.clone(),
            copies: p.copies,
        })
        .collect();
    let mut components: Vec<Component> = components;
    for (c, (holds, seated)) in components
        .iter_mut()
        .zip(play::resolve(game, &handles, printed))
    {
        c.holds = holds;
        c.seated = seated;
    }
    Plan {
        resolved: Resolved {
            about,
            components,
            pieces,
            faces: Faces::default(),
            table: None,
        },
        handles,
    }
}

/// Draws every face of a plan's pieces (and, with `Options::table`, what Tabletop Simulator
/// needs): the last look at the spec.
pub fn draw(game: &Game, plan: Plan, opt: &Options) -> Result<Resolved, SpecError> {
    let Plan {
        mut resolved,
        handles,
    } = plan;
    resolved.faces = faces::draw_all(game, &handles, opt.bleed, opt.guide, opt.keep)?;
    if opt.table {
        resolved.table = Some(table::resolve(game, &handles, &resolved)?);
    }
    Ok(resolved)
}

/// `plan` then `draw`: a game resolved whole.
pub fn resolve(game: &Game, opt: &Options) -> Result<Resolved, ResolveError> {
    let plan = plan(game, opt)?;
    Ok(draw(game, plan, opt)?)
}

/// Why a game cannot be resolved.
#[derive(Debug, thiserror::Error)]
pub enum ResolveError {
    #[error(transparent)]
    Select(#[from] select::SelectError),
    #[error(transparent)]
    Spec(#[from] SpecError),
}
