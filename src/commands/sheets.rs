//! `pnp sheets`: one record sheet per player in one PDF, each sized to the paper, with the
//! player's name and (for a game whose rules define a `build:`, as The Beast's families) the
//! player's build filled in.
use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::commands::BuildReport;
use crate::commands::Error;
use crate::commands::Written;
use crate::commands::options::BuildOptions;
use crate::kinds::Game;
use crate::kinds::piece::{Own, Piece, Pieces};
use crate::layout::LayoutOptions;
use crate::outputs::writer::{Staging, check_output, ensure_dir};
use crate::rules::build::{Chosen, Plan};

/// What `pnp sheets` refuses of what it is asked.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SheetsError {
    #[error("--family: rule `{rule}` cannot be checked as written: {at}{why}")]
    FamilyRule {
        rule: String,
        at: String,
        why: String,
    },
    #[error("--names: name {0} is empty")]
    EmptyName(usize),
    #[error("--names: name {n}: {why}")]
    Name { n: usize, why: NameError },
    #[error("--family: {0} has no families to build (no rule of it defines a `build:`)")]
    NoFamilies(String),
    #[error("{at}: {why}")]
    Family { at: String, why: String },
    /// A family the rules refuse, with the rule's words and where it is written.
    #[error(transparent)]
    Illegal(Box<Illegal>),
    #[error("--players N: how many sheets to print")]
    NoPlayers,
    #[error(
        "{names} names and {families} families for {players} players: give at most one of each per player"
    )]
    TooMany {
        names: usize,
        families: usize,
        players: u32,
    },
    #[error("{0} has no record sheet (no component of kind `sheet`)")]
    NoSheet(String),
    #[error("--sheet {id}: expected one of: {known}")]
    WhichSheet { id: String, known: String },
}

/// A family the rules refuse.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error(
    "{at}: this {what} is not legal: {problems}\n  the rules say{section}: “{quote}”\n  found: {found}\n  rule `{rule}` written at {written}"
)]
pub struct Illegal {
    at: String,
    what: String,
    problems: String,
    section: String,
    quote: String,
    found: String,
    rule: String,
    /// `file:line:column`.
    written: String,
}

/// What the user asked `pnp sheets` for.
#[derive(Debug, Clone, Default)]
pub struct Request {
    pub players: Option<u32>,
    /// `--names Ann,Bo`
    pub names: Vec<String>,
    /// `--family "Ann: 4 children, 2 adults, 4 old"`, in order.
    pub families: Vec<String>,
    /// Which sheet component (default: the game's first sheet).
    pub sheet: Option<String>,
}

/// What `--family` builds: the game's first rule with a `build:`, checked; `None` when it
/// has none.
fn family_plan(game: &Game) -> Result<Option<Plan<'_>>, Error> {
    let Some(rule) = crate::rules::build::first(game) else {
        return Ok(None);
    };
    Plan::new(&game.file, rule)
        .map(Some)
        .map_err(|e| SheetsError::FamilyRule {
            rule: rule.id.value.clone(),
            at: e.at.map(|d| format!("{}: ", d.place())).unwrap_or_default(),
            why: e.why,
        })
        .map_err(Error::from)
}

/// Longest player name: it is printed on one line of the sheet's name field.
pub const MAX_NAME_CHARS: usize = 40;

/// Why a player's name cannot be printed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum NameError {
    #[error("`{}` has a character the bundled fonts cannot draw: U+{:04X}", name.escape_debug(), *c as u32)]
    Undrawable { name: String, c: char },
    #[error("{0} characters is longer than the {MAX_NAME_CHARS} a sheet's name line holds")]
    TooLong(usize),
}

/// A name is printed, so it must fit its line and be drawable by the bundled fonts.
fn check_name(name: &str) -> Result<(), NameError> {
    let missing = crate::draw::text::undrawable(name);
    if let Some(&c) = missing.first() {
        return Err(NameError::Undrawable {
            name: name.to_string(),
            c,
        });
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(NameError::TooLong(chars));
    }
    Ok(())
}

/// Each player's values for the sheet's `{key}` placeholders, after checking the request.
pub fn players(game: &Game, req: &Request) -> Result<Vec<BTreeMap<String, String>>, Error> {
    let names: Vec<String> = req.names.iter().map(|n| n.trim().to_string()).collect();
    if let Some(i) = names.iter().position(String::is_empty) {
        return Err(SheetsError::EmptyName(i + 1).into());
    }
    for (i, name) in names.iter().enumerate() {
        check_name(name).map_err(|why| SheetsError::Name { n: i + 1, why })?;
    }
    let mut families = Vec::new();
    let plan = match req.families.is_empty() {
        true => None,
        false => family_plan(game)?,
    };
    if !req.families.is_empty() && plan.is_none() {
        return Err(SheetsError::NoFamilies(game.name().to_string()).into());
    }
    for (i, text) in req.families.iter().enumerate() {
        let Some(plan) = &plan else { break };
        let at = format!("--family #{} \"{text}\"", i + 1);
        let bad = |why: String| SheetsError::Family {
            at: at.clone(),
            why,
        };
        let f = plan.parse(text).map_err(|e| bad(e.to_string()))?;
        if let Some(name) = &f.name {
            check_name(name).map_err(|e| bad(e.to_string()))?;
        }
        let problems = plan.problems(&f).map_err(|e| bad(e.why))?;
        if !problems.is_empty() {
            let r = plan.rule;
            return Err(SheetsError::Illegal(Box::new(Illegal {
                at,
                what: plan.build.name.clone(),
                problems: problems.join("; and "),
                section: r
                    .section
                    .as_deref()
                    .map(|s| format!(" ({s})"))
                    .unwrap_or_default(),
                quote: r.quote.clone(),
                found: plan.describe(&f),
                rule: r.id.value.clone(),
                written: crate::base::diagnostic::Diagnostic::at(&game.file, &r.id, String::new())
                    .place(),
            }))
            .into());
        }
        families.push(f);
    }
    let count = req
        .players
        .unwrap_or_else(|| names.len().max(families.len()) as u32);
    if count == 0 {
        return Err(SheetsError::NoPlayers.into());
    }
    let allowed = &game.spec.game.players.value;
    if !allowed.is_empty() && !allowed.contains(&count) {
        let list: Vec<String> = allowed.iter().map(u32::to_string).collect();
        return Err(crate::resolve::select::SelectError {
            players: count,
            game: game.name().to_string(),
            allowed: list.join(", "),
        }
        .into());
    }
    if names.len() > count as usize || families.len() > count as usize {
        return Err(SheetsError::TooMany {
            names: names.len(),
            families: families.len(),
            players: count,
        }
        .into());
    }
    // A family goes to the player of its name, the others to the players left, in order.
    let mut slots: Vec<Option<Chosen>> = vec![None; count as usize];
    let mut rest = Vec::new();
    for f in families {
        match f
            .name
            .as_ref()
            .and_then(|n| names.iter().position(|m| m == n))
        {
            Some(i) if slots[i].is_none() => slots[i] = Some(f),
            _ => rest.push(f),
        }
    }
    for f in rest {
        // A named family prefers a player without a name of their own.
        let unnamed = (0..slots.len())
            .find(|&i| slots[i].is_none() && (f.name.is_none() || i >= names.len()));
        if let Some(i) = unnamed.or_else(|| slots.iter().position(Option::is_none)) {
            slots[i] = Some(f);
        }
    }
    Ok(slots
        .into_iter()
        .enumerate()
        .map(|(i, f)| {
            let mut tags = match (&plan, &f) {
                (Some(plan), Some(f)) => plan.tags(f),
                _ => BTreeMap::new(),
            };
            let name = names
                .get(i)
                .cloned()
                .or_else(|| f.as_ref().and_then(|f| f.name.clone()));
            if let Some(n) = name {
                tags.insert("player".into(), n);
            }
            tags.insert("seat".into(), (i + 1).to_string());
            tags
        })
        .collect())
}

/// The sheet component to print.
fn sheet_component(game: &Game, wanted: Option<&str>) -> Result<usize, Error> {
    let sheets: Vec<usize> = game
        .spec
        .components
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind.kind().one_per_player())
        .map(|(i, _)| i)
        .collect();
    let ids = || {
        sheets
            .iter()
            .map(|&i| game.spec.components[i].id.value.clone())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match wanted {
        None => sheets
            .first()
            .copied()
            .ok_or_else(|| SheetsError::NoSheet(game.name().to_string()).into()),
        Some(id) => sheets
            .iter()
            .copied()
            .find(|&i| game.spec.components[i].id.value == id)
            .ok_or_else(|| {
                SheetsError::WhichSheet {
                    id: id.to_string(),
                    known: ids(),
                }
                .into()
            }),
    }
}

/// How `pnp sheets` lays out a paper: with the furniture every game has on it.
fn sheets_layout(opt: &BuildOptions) -> LayoutOptions {
    LayoutOptions {
        furniture_at: crate::layout::FurnitureAt::for_paper(opt.paper),
        ..LayoutOptions::new(opt.paper)
    }
}

/// The size of one printed sheet: its `size:` (a small sheet, several to a page), else the
/// paper's printable area.
fn sheet_size(c: &crate::kinds::Component, area: &crate::base::geometry::Rect) -> (f64, f64) {
    match &c.size {
        Some(s) => s.value.mm(),
        None => (area.w, area.h),
    }
}

/// The pieces `pnp sheets` prints: one sheet per player, as large as the paper's printable
/// area, or of the sheet's own size.
pub fn sheet_pieces(game: &Game, req: &Request, opt: &BuildOptions) -> Result<Pieces, Error> {
    let index = sheet_component(game, req.sheet.as_deref())?;
    let c = &game.spec.components[index];
    let (w, h) = sheet_size(c, &sheets_layout(opt).sheet_area());
    Ok(players(game, req)?
        .into_iter()
        .enumerate()
        .map(|(i, tags)| Piece {
            component: index,
            // The sheet component's own faces (its variants are not players).
            variant: None,
            w,
            h,
            shape: c.shape(),
            copies: 1,
            own: Some(Box::new(Own {
                id: Some(format!("{}-{}", c.id.value, i + 1)),
                tags: Some(tags.into()),
                faces: None,
            })),
        })
        .collect())
}

/// Writes `<out>/<game>-sheets.pdf`: one page per player.
pub fn sheets(game: &Game, req: &Request, opt: &BuildOptions) -> Result<BuildReport, Error> {
    if opt.validate {
        crate::commands::check_rules(game)?;
    }
    let pieces = sheet_pieces(game, req, opt)?;
    let dir: PathBuf = crate::commands::out_dir(game, opt);
    let path = dir.join(format!("{}-sheets.pdf", game.id()));
    // Refused before anything is drawn: a link, a device, a FIFO or a folder at the path.
    check_output(&path)?;
    // Every component is known to the document; only the sheet is printed.
    let printed = vec![true; game.spec.components.len()];
    let plan = crate::resolve::plan_of(game, pieces, &printed);
    let resolved = crate::resolve::draw(game, plan, &crate::resolve::Options::default())?;
    let warnings = resolved.faces.warnings.clone();
    let (sheets, face_count) = (resolved.pieces.len(), resolved.faces.docs.len());
    let laid = crate::layout::sheets::lay_out(resolved, sheets_layout(opt));
    let page_count = laid.pages.len();
    let bytes = crate::commands::pdf_bytes(&laid)?;
    ensure_dir(&dir)?;
    let staging = Staging::new();
    staging.write(&path, &bytes)?;
    staging.commit()?;
    Ok(BuildReport {
        written: vec![Written {
            path,
            what: format!("{sheets} sheets, {page_count} pages"),
            bytes: bytes.len() as u64,
        }],
        warnings,
        pieces: sheets as u64,
        faces: face_count,
        pages: page_count,
        renders: 0,
        reused: 0,
        stale_removed: Vec::new(),
    })
}
