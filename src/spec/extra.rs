//! The YAML sections of the piecepack kinds: dice (`die:`), setup diagrams (`diagram:`) and the
//! piecepack face marks, with the checks that serde cannot express.
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;

use super::{Component, Face, Game, Kind};
use crate::error::Located;

/// A piecepack mark on a face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// The rank large in the centre and the symbol small in two opposite corners (tiles);
    /// a face without text shows its symbol large instead.
    Corners,
    /// A small triangle at the top edge: which way the piece points (coins).
    Arrow,
}

/// A die: six faces laid over the component's front, printed as a cube net.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DieSpec {
    /// Exactly six faces. Opposite faces are 1st–6th, 2nd–5th and 3rd–4th.
    #[schemars(with = "Vec<Face>", length(equal = 6))]
    pub faces: Spanned<Vec<Face>>,
}

/// Which side of a piece a diagram shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum DiagramSide {
    #[default]
    Front,
    Back,
}

/// A setup diagram: pieces of the game placed on a table, drawn from their own faces.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiagramSpec {
    /// Drawing millimetres per table millimetre, e.g. `0.5` for a half-size picture. Default 1.
    #[serde(default)]
    pub scale: Option<f64>,
    /// Where the table's origin is on the drawing (mm of the drawing), default `[0, 0]`.
    #[serde(default)]
    pub origin: Option<[f64; 2]>,
    #[serde(default)]
    #[schemars(with = "Vec<Placed>")]
    pub place: Vec<Spanned<Placed>>,
    #[serde(default)]
    pub labels: Vec<DiagramLabel>,
}

/// One piece on the diagram's table.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    /// A piece id: `tile-suns-ace` (component-variant) or a component id without variants.
    #[schemars(with = "String")]
    pub piece: Spanned<String>,
    #[serde(default)]
    pub side: DiagramSide,
    /// Centre of the piece on the table, in millimetres.
    pub at: [f64; 2],
    /// Turn, in degrees clockwise.
    #[serde(default)]
    pub rotate: f64,
    /// For dice: which face shows (0–5, in `die.faces` order). Default 0.
    #[serde(default)]
    pub face: Option<usize>,
    /// Draw half-transparent (pieces only used in some set-ups).
    #[serde(default)]
    pub faded: bool,
}

/// Text on a diagram, at table millimetres, centred.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiagramLabel {
    pub text: String,
    pub at: [f64; 2],
    /// Text size in drawing millimetres (default 4).
    #[serde(default)]
    pub size: Option<f64>,
}

/// Largest number of pieces on one diagram.
pub const MAX_PLACED: usize = 500;

/// Kind-specific checks for die, pawn and diagram components.
pub fn check(game: &Game, c: &Component, problems: &mut Vec<Located>) {
    let file = c.origin.as_deref().unwrap_or(&game.file);
    let kind = c.kind.value;
    match (kind, &c.die) {
        (Kind::Die, None) => problems.push(Located::at(
            file,
            &c.kind,
            format!(
                "`{}` is a die but has no `die:` section with its six `faces:`",
                c.id.value
            ),
        )),
        (Kind::Die, Some(d)) if d.faces.value.len() != 6 => problems.push(Located::at(
            file,
            &d.faces,
            format!(
                "a die has six faces; `{}` lists {}",
                c.id.value,
                d.faces.value.len()
            ),
        )),
        (k, Some(_)) if k != Kind::Die => problems.push(Located::at(
            file,
            &c.kind,
            format!(
                "`{}` has a `die:` section but its kind is not `die`",
                c.id.value
            ),
        )),
        _ => {}
    }
    match (kind, &c.diagram) {
        (Kind::Diagram, None) => problems.push(Located::at(
            file,
            &c.kind,
            format!(
                "`{}` is a diagram but has no `diagram:` section",
                c.id.value
            ),
        )),
        (Kind::Diagram, Some(d)) => check_diagram(game, file, c, d, problems),
        (_, Some(_)) => problems.push(Located::at(
            file,
            &c.kind,
            format!(
                "`{}` has a `diagram:` section but its kind is not `diagram`",
                c.id.value
            ),
        )),
        _ => {}
    }
    check_grids(file, c, problems);
}

/// Most squares along a side of a `grid:` face.
pub const MAX_GRID: u32 = 12;

/// `grid:` on every face a component's pieces are drawn from: its own front and back, its
/// variants' (each reported at the variant) and its die faces. A matrix's variants carry the
/// component's faces, so theirs are reported once, at the component.
fn check_grids(file: &str, c: &Component, problems: &mut Vec<Located>) {
    let bad = |face: &Face| face.grid.filter(|g| !(1..=MAX_GRID).contains(g));
    let message =
        |g: u32, piece: &str| format!("`grid: {g}` in `{piece}`: expected 1 to {MAX_GRID}");
    // Bad values already reported at the component.
    let mut reported = std::collections::HashSet::new();
    for face in std::iter::once(&c.front).chain(c.back.iter()) {
        if let Some(g) = bad(face)
            && reported.insert(g)
        {
            problems.push(Located::at(file, &c.id, message(g, &c.id.value)));
        }
    }
    if let Some(d) = &c.die {
        for g in d.faces.value.iter().filter_map(bad) {
            problems.push(Located::at(file, &d.faces, message(g, &c.id.value)));
        }
    }
    for v in c.variants.iter() {
        let (front, back) = (c.variant_front(&v), c.variant_back(&v));
        for face in std::iter::once(&*front).chain(back.as_deref()) {
            let Some(g) = bad(face) else { continue };
            if c.matrix.is_some() {
                if reported.insert(g) {
                    problems.push(Located::at(file, &c.id, message(g, &c.id.value)));
                }
            } else {
                let piece = format!("{}-{}", c.id.value, v.id.value);
                problems.push(Located::at(file, &v.id, message(g, &piece)));
            }
        }
    }
}

fn check_diagram(
    game: &Game,
    file: &str,
    c: &Component,
    d: &DiagramSpec,
    problems: &mut Vec<Located>,
) {
    if let Some(s) = d.scale
        && !(s.is_finite() && s > 0.0 && s <= 10.0)
    {
        problems.push(Located::at(
            file,
            &c.id,
            format!("diagram `scale: {s}`: expected a number above 0, at most 10"),
        ));
    }
    if d.place.len() > MAX_PLACED {
        problems.push(Located::at(
            file,
            &c.id,
            format!("a diagram places at most {MAX_PLACED} pieces"),
        ));
    }
    let ids = piece_ids(game);
    for p in &d.place {
        let v = &p.value;
        let finite =
            v.at.iter().all(|n| n.is_finite() && n.abs() < 10_000.0) && v.rotate.is_finite();
        if !finite {
            problems.push(Located::at(
                file,
                p,
                "`at:` and `rotate:` must be plain numbers (millimetres, degrees)".into(),
            ));
        }
        match ids.iter().find(|(id, _)| *id == v.piece.value) {
            None => problems.push(Located::at(
                file,
                &v.piece,
                format!(
                    "no piece `{}` to place: expected a component id or component-variant id such as `{}`",
                    v.piece.value,
                    ids.first().map_or("tile-suns-ace", |(i, _)| i.as_str())
                ),
            )),
            Some((_, Kind::Diagram)) => problems.push(Located::at(
                file,
                &v.piece,
                "a diagram cannot place another diagram".into(),
            )),
            Some((_, kind)) => {
                if v.face.is_some_and(|f| f > 5) || (v.face.is_some() && *kind != Kind::Die) {
                    problems.push(Located::at(
                        file,
                        &v.piece,
                        "`face:` picks a die face, 0 to 5; only dice have it".into(),
                    ));
                }
            }
        }
    }
    for l in &d.labels {
        if !l.at.iter().all(|n| n.is_finite()) || l.size.is_some_and(|s| !(s > 0.0 && s < 100.0)) {
            problems.push(Located::at(
                file,
                &c.id,
                format!(
                    "diagram label `{}`: `at:` and `size:` must be plain, positive numbers",
                    l.text
                ),
            ));
        }
    }
}

/// Every piece id the game makes, with its kind.
pub fn piece_ids(game: &Game) -> Vec<(String, Kind)> {
    let mut out = Vec::new();
    for c in &game.spec.components {
        if c.variants.is_empty() {
            out.push((c.id.value.clone(), c.kind.value));
        }
        for v in c.variants.iter() {
            out.push((format!("{}-{}", c.id.value, v.id.value), c.kind.value));
        }
    }
    out
}
