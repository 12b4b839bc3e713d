//! What the page shows, worked out from the game as `pnp build` would see it: the rules'
//! report, the sheets as printed and every distinct face, each face with the file and line it
//! comes from and the warnings that concern it. A game that does not load (or lay out) keeps the
//! last good preview, with the located error on top.
use std::collections::HashSet;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::render::{Counts, FirstUser, Renders};
use crate::base::diagnostic::Diagnostic;
use crate::base::forms::Side;
use crate::commands::Error;
use crate::commands::options::{BuildOptions, Choices};
use crate::spec::SpecError;

/// What the page can switch: the options of `pnp build` that change what is printed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Switches {
    /// Only the components for this player count; `None`: every component.
    pub players: Option<u32>,
    /// `a4` or `letter`.
    pub paper: String,
    /// `long` or `short` (the edge a duplex printer flips the sheet on), or `gutterfold`.
    pub backs: String,
}

impl Default for Switches {
    fn default() -> Self {
        Switches {
            players: None,
            paper: "a4".into(),
            backs: "long".into(),
        }
    }
}

impl Switches {
    /// The same choices as `pnp build --players N --paper P --duplex E` (or `--layout
    /// gutterfold`), checked as the command line checks them.
    pub fn choices(&self) -> Choices {
        let gutterfold = self.backs == "gutterfold";
        Choices {
            paper: Some(self.paper.clone()),
            duplex: (!gutterfold).then(|| self.backs.clone()),
            layout: Some(if gutterfold { "gutterfold" } else { "duplex" }.into()),
            players: self.players,
            ..Choices::default()
        }
    }
}

/// The page's whole content, as `/state.json` sends it.
#[derive(Debug, Clone, Default, Serialize)]
pub struct View {
    /// Counts up with every new view.
    pub version: u64,
    pub game: Option<GameView>,
    pub switches: Switches,
    /// Whether saving the game's files updates the page (a shipped game's id is not watched).
    pub watching: bool,
    /// The game as it is now does not load or lay out: what is shown is the last good preview.
    pub error: Option<ErrorView>,
    pub rules: Vec<RuleView>,
    /// Warnings about no face in particular.
    pub warnings: Vec<Note>,
    pub sheets: Vec<SheetView>,
    pub faces: Vec<FaceView>,
    pub stats: Stats,
}

#[derive(Debug, Clone, Serialize)]
pub struct GameView {
    pub name: String,
    pub id: String,
    pub file: String,
    /// The player counts the game is for (the page offers them).
    pub players: Vec<u32>,
}

/// A warning or a hint, where it is written.
#[derive(Debug, Clone, Serialize)]
pub struct Note {
    /// `file:line:column`, when it has a place.
    pub place: Option<String>,
    pub message: String,
    pub hints: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ErrorView {
    /// One line: `the game has 2 problems`, or the error itself.
    pub title: String,
    pub problems: Vec<Problem>,
}

/// One located problem: its message, place, the YAML under it with a marker, and hints.
#[derive(Debug, Clone, Serialize)]
pub struct Problem {
    pub place: Option<String>,
    pub message: String,
    pub snippet: Option<String>,
    pub hints: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct RuleView {
    pub id: String,
    pub quote: String,
    pub section: Option<String>,
    pub held: bool,
    /// The check cannot be evaluated as written.
    pub malformed: bool,
    pub expected: String,
    pub found: String,
    /// Where to fix it (the component the rule is about) and where the rule is written.
    pub place: String,
    pub rule_place: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct SheetView {
    pub url: String,
    /// `cover`, `page 2 of 7 · fronts`…
    pub label: String,
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct FaceView {
    /// The PNG `pnp build` writes for it: `grain-barley-front.png`.
    pub name: String,
    pub url: String,
    /// Size in pixels at `render::FACE_DPI`, and the trim size in millimetres.
    pub width: u32,
    pub height: u32,
    pub w_mm: f64,
    pub h_mm: f64,
    /// The component's name, and where the face is written (`file:line`).
    pub component: String,
    pub place: String,
    pub warnings: Vec<Note>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Stats {
    /// How long this view took to make, from loading the YAML to the last image encoded.
    pub ms: u64,
    #[serde(flatten)]
    pub counts: Counts,
}

/// Most problems listed on the page (the rest are counted), as the command line shows them.
const SHOWN_PROBLEMS: usize = 10;

/// Makes views of one game, keeping the images drawn for the last ones.
pub struct Previewer {
    game: String,
    watching: bool,
    renders: Renders,
    version: u64,
    last_good: Option<View>,
    /// Image keys of the last good view, kept while the next one is made and sent (a page may
    /// still be loading them).
    kept: HashSet<String>,
}

impl Previewer {
    pub fn new(game: String, watching: bool, renders: Renders) -> Previewer {
        Previewer {
            game,
            watching,
            renders,
            version: 0,
            last_good: None,
            kept: HashSet::new(),
        }
    }

    /// A new view of the game as its files are now, with `switches`.
    pub fn update(&mut self, switches: &Switches) -> View {
        let started = Instant::now();
        self.version += 1;
        let made = self.make(switches, started);
        match made {
            Ok(view) => {
                // Images of the view before this one stay until the next, for pages that are
                // still loading them.
                let keys = image_keys(&view);
                let mut keep = keys.clone();
                keep.extend(std::mem::replace(&mut self.kept, keys));
                self.renders.keep_only(&keep);
                self.last_good = Some(view.clone());
                view
            }
            Err(e) => {
                let mut view = self.last_good.clone().unwrap_or_else(|| View {
                    watching: self.watching,
                    ..View::default()
                });
                view.version = self.version;
                view.switches = switches.clone();
                view.error = Some(error_view(&e));
                view.stats.ms = started.elapsed().as_millis() as u64;
                view
            }
        }
    }

    fn make(&mut self, switches: &Switches, started: Instant) -> Result<View, Error> {
        let game = crate::kinds::load(&self.game)?;
        let opt = BuildOptions::from_choices(&switches.choices())?;
        let report = crate::rules::validate(&game);
        let doc = crate::commands::prepare(&game, &opt)?;
        let users = first_users(&doc);
        let shared = shared_faces(&doc, &users);
        let (images, sheets, counts) = self.renders.draw(&doc)?;

        let mut warnings: Vec<Note> = Vec::new();
        let mut face_notes: Vec<Vec<Note>> = vec![Vec::new(); images.len()];
        for w in &doc.about.warnings {
            let concerned = faces_at(&doc, w);
            if concerned.is_empty() {
                warnings.push(note(w));
            }
            for f in concerned {
                face_notes[f].push(note(w));
            }
        }
        for (f, image) in images.iter().enumerate() {
            if let Some(&(piece, side)) = users.get(f) {
                let piece = &doc.pieces[piece];
                let at = &doc.components[piece.component].at;
                let overflow = at.overflow(&piece.id, side, &image.overflows);
                face_notes[f].extend(overflow.as_ref().map(note));
            }
        }
        if doc.pieces.iter().all(|p| p.copies == 0) {
            warnings.push(Note {
                place: None,
                message: "nothing to print: no component has a copy".into(),
                hints: Vec::new(),
            });
        }

        let front = doc.front_matter.len();
        let total = doc.page_count();
        let sheets = sheets
            .into_iter()
            .enumerate()
            .map(|(n, s)| {
                let what = match n.checked_sub(front) {
                    None if n == 0 => "cover".to_string(),
                    None => "back of the cover".to_string(),
                    Some(i) => match doc.pages[i].side {
                        crate::layout::PageSide::Front => "fronts".to_string(),
                        crate::layout::PageSide::Back => "backs".to_string(),
                        crate::layout::PageSide::GutterFold => "fronts and backs, to fold".into(),
                    },
                };
                SheetView {
                    url: format!("/img/{}/page-{}.png", s.key, n + 1),
                    label: format!("page {} of {total} · {what}", n + 1),
                    width: s.size.0,
                    height: s.size.1,
                }
            })
            .collect();
        let faces = images
            .into_iter()
            .zip(face_notes)
            .enumerate()
            .map(|(f, (image, warnings))| {
                let doc_face = &doc.faces.docs[f];
                let (component, place) = written_at(&doc, users[f], shared[f]);
                FaceView {
                    name: format!("{}.png", doc_face.name),
                    url: format!("/img/{}/{}.png", image.key, doc_face.name),
                    width: image.size.0,
                    height: image.size.1,
                    w_mm: doc_face.w,
                    h_mm: doc_face.h,
                    component,
                    place,
                    warnings,
                }
            })
            .collect();
        let about = &doc.about;
        Ok(View {
            version: self.version,
            game: Some(GameView {
                name: about.name.clone(),
                id: about.id.clone(),
                file: about.file.clone(),
                players: about.players.clone(),
            }),
            switches: switches.clone(),
            watching: self.watching,
            error: None,
            rules: report.outcomes.iter().map(rule_view).collect(),
            warnings,
            sheets,
            faces,
            stats: Stats {
                ms: started.elapsed().as_millis() as u64,
                counts,
            },
        })
    }
}

/// Every image a view shows.
fn image_keys(view: &View) -> HashSet<String> {
    let key = |url: &str| url.split('/').nth(2).unwrap_or_default().to_string();
    let sheets = view.sheets.iter().map(|s| key(&s.url));
    sheets
        .chain(view.faces.iter().map(|f| key(&f.url)))
        .collect()
}

/// The first piece (and side) to show each face: its name, place and warnings are its.
fn first_users(doc: &crate::layout::document::Document) -> Vec<FirstUser> {
    let mut users: Vec<Option<FirstUser>> = vec![None; doc.faces.docs.len()];
    for (piece, face, side) in showings(doc) {
        users[face].get_or_insert((piece, side));
    }
    // Every face is some piece's (`draw::draw_all`).
    users
        .into_iter()
        .map(|u| u.unwrap_or((0, Side::Front)))
        .collect()
}

/// Every (piece, face, side) the pieces show.
fn showings(doc: &crate::layout::document::Document) -> impl Iterator<Item = (usize, usize, Side)> {
    doc.faces
        .of_piece
        .iter()
        .enumerate()
        .flat_map(|(piece, &(front, back))| {
            let back = back.map(|b| (piece, b, Side::Back));
            std::iter::once((piece, front, Side::Front)).chain(back)
        })
}

/// Whether each face is shown by pieces of more than one variant (a shared back).
fn shared_faces(doc: &crate::layout::document::Document, users: &[FirstUser]) -> Vec<bool> {
    let mut shared = vec![false; users.len()];
    for (piece, face, _) in showings(doc) {
        let (first, _) = users[face];
        let (a, b) = (&doc.pieces[first], &doc.pieces[piece]);
        if (a.component, a.variant) != (b.component, b.variant) {
            shared[face] = true;
        }
    }
    shared
}

/// The name of the component a face belongs to, and where the face is written (`file:line`):
/// its variant's line, or for a face its variants share (or one of a component without
/// variants), the component's `front:` or `back:`, else its `id:`.
fn written_at(
    doc: &crate::layout::document::Document,
    user: FirstUser,
    shared: bool,
) -> (String, String) {
    let (piece, side) = user;
    let piece = &doc.pieces[piece];
    let c = &doc.components[piece.component];
    let listed = match piece.variant {
        Some(v) if !shared => c.at.variants.get(v),
        _ => None,
    };
    let own = match side {
        Side::Front => c.at.front,
        Side::Back => c.at.back,
    };
    let line = match listed {
        Some(v) => v.line(),
        None if shared && own.line() > 0 => own.line(),
        None => c.at.id.line(),
    };
    (c.name.clone(), format!("{}:{line}", c.at.file))
}

/// The faces a warning written in a component concerns: those of the variant it is written in,
/// else every face of that component. None for a warning outside every component.
fn faces_at(doc: &crate::layout::document::Document, w: &Diagnostic) -> Vec<usize> {
    let line = |l: u64| l as usize;
    let in_file = |c: &crate::resolve::Component| c.at.file == w.file;
    // The component written last before the warning's line, in its file.
    let start = |c: &crate::resolve::Component| line(c.at.id.line()).min(line(c.at.kind.line()));
    let Some(component) = (doc.components.iter().enumerate())
        .filter(|(_, c)| w.is_placed() && in_file(c) && start(c) <= w.line)
        .max_by_key(|(_, c)| start(c))
        .map(|(i, _)| i)
    else {
        return Vec::new();
    };
    let variant = doc.components[component]
        .at
        .variants
        .iter()
        .enumerate()
        .filter(|(_, v)| line(v.line()) <= w.line)
        .max_by_key(|(_, v)| v.line())
        .map(|(i, _)| i);
    let mut faces = Vec::new();
    for (p, &(front, back)) in doc.faces.of_piece.iter().enumerate() {
        let piece = &doc.pieces[p];
        let concerned =
            piece.component == component && (variant.is_none() || piece.variant == variant);
        if concerned {
            faces.push(front);
            faces.extend(back);
        }
    }
    faces.sort_unstable();
    faces.dedup();
    faces
}

fn note(d: &Diagnostic) -> Note {
    Note {
        place: d.is_placed().then(|| d.place()),
        message: d.message.clone(),
        hints: d.hints.clone(),
    }
}

fn rule_view(o: &crate::rules::Outcome) -> RuleView {
    RuleView {
        id: o.rule.clone(),
        quote: o.quote.clone(),
        section: o.section.clone(),
        held: o.held,
        malformed: o.malformed,
        expected: o.expected.clone(),
        found: o.found.clone(),
        place: o.at.place(),
        rule_place: o.rule_at.place(),
    }
}

/// An error as the page shows it: each located problem with the YAML under it, as the command
/// line prints them.
pub fn error_view(e: &Error) -> ErrorView {
    let located: Vec<&Diagnostic> = e.locations();
    let title = match e {
        Error::Spec(SpecError::Invalid(p)) if p.0.len() > 1 => {
            format!("the game has {} problems", p.0.len())
        }
        _ => e.to_string().lines().next().unwrap_or_default().to_string(),
    };
    let mut problems: Vec<Problem> = located
        .iter()
        .take(SHOWN_PROBLEMS)
        .map(|d| Problem {
            place: d.is_placed().then(|| d.place()),
            message: d.message.clone(),
            snippet: crate::base::diagnostic::source_of(&d.file)
                .and_then(|src| crate::base::diagnostic::snippet(d, &src, false)),
            hints: d.hints.clone(),
        })
        .collect();
    let unplaced = |message| Problem {
        place: None,
        message,
        snippet: None,
        hints: Vec::new(),
    };
    if located.len() > SHOWN_PROBLEMS {
        let more = located.len() - SHOWN_PROBLEMS;
        problems.push(unplaced(format!("… and {more} more problems")));
    }
    if problems.is_empty() {
        problems.push(unplaced(e.to_string()));
    }
    ErrorView { title, problems }
}
