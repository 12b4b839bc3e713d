//! Setup diagrams: pieces of the game placed on a table and drawn from their own face SVGs, so
//! the picture always matches the printed pieces. Positions are table millimetres (the centre
//! of each piece), drawn at `scale` from `origin`.
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use svg::node::Blob;
use svg::node::element::Group;

use super::{CheckCx, FaceCx, FaceField, Field, Kind, TtsForm};
use crate::draw::DrawError;
use crate::draw::canvas::{Anchor, Canvas, n, rect, text};
use crate::draw::text::{Font, fit};
use crate::draw::{Art, Colors, Side, draw_face};
use crate::pieces::{Piece, expand};
use crate::spec::{Face, Game, Shape};

/// Which side of a piece a diagram shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum DiagramSide {
    #[default]
    Front,
    Back,
}

/// A setup diagram (`diagram:`): pieces of the game placed on a table, drawn from their own
/// faces.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Diagram {
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
    /// The player counts it is placed for, e.g. `[3]` (`pnp tts --table --players N` lays out
    /// only those). Default: every count.
    #[serde(default)]
    pub players: Option<Vec<u32>>,
}

impl Placed {
    /// Whether it is placed when `n` play.
    pub fn is_for(&self, n: u32) -> bool {
        self.players.as_ref().is_none_or(|p| p.contains(&n))
    }
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

impl Kind for Diagram {
    fn about(&self) -> &'static str {
        "A setup picture placing other pieces' own faces on a table (`diagram:`)."
    }
    fn example(&self) -> &'static str {
        r##"kind: diagram
size: 80mm x 60mm
front: {title: Setup}
diagram:
  origin: [40, 20]
  place:
    - {piece: token, at: [-15, 0]}
    - {piece: token, side: back, at: [15, 0]}
  labels:
    - {text: Each player takes a token, at: [0, 20]}
"##
    }
    fn fields(&self) -> &'static [Field] {
        &[Field::Size, Field::Back]
    }
    fn draws(&self, _: Side) -> &'static [FaceField] {
        &[
            FaceField::Background,
            FaceField::Ink,
            FaceField::Border,
            FaceField::Title,
            FaceField::Label,
        ]
    }
    fn check(&self, cx: &mut CheckCx) {
        let c = cx.component;
        if let Some(s) = self.scale
            && !(s.is_finite() && s > 0.0 && s <= 10.0)
        {
            cx.at(
                &c.id,
                format!("diagram `scale: {s}`: expected a number above 0, at most 10"),
            );
        }
        if self.place.len() > MAX_PLACED {
            cx.at(
                &c.id,
                format!("a diagram places at most {MAX_PLACED} pieces"),
            );
        }
        let ids = piece_ids(cx.game);
        for p in &self.place {
            let v = &p.value;
            let finite =
                v.at.iter().all(|n| n.is_finite() && n.abs() < 10_000.0) && v.rotate.is_finite();
            if !finite {
                cx.at(
                    p,
                    "`at:` and `rotate:` must be plain numbers (millimetres, degrees)".into(),
                );
            }
            let counts = &cx.game.spec.game.players.value;
            if let Some(n) = v.players.iter().flatten().find(|n| !counts.contains(n)) {
                cx.at(
                    &v.piece,
                    format!(
                        "`players: [{n}]`: the game is for {} players",
                        counts
                            .iter()
                            .map(u32::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
            }
            match ids.iter().find(|(id, _)| *id == v.piece.value) {
                None => cx.at(
                    &v.piece,
                    format!(
                        "no piece `{}` to place: expected a component id or component-variant id such as `{}`",
                        v.piece.value,
                        ids.first().map_or("tile-suns-ace", |(i, _)| i.as_str())
                    ),
                ),
                Some((_, super::KindName::Diagram)) => cx.at(
                    &v.piece,
                    "a diagram cannot place another diagram".into(),
                ),
                Some((_, kind)) => {
                    if v.face.is_some_and(|f| f > 5)
                        || (v.face.is_some() && *kind != super::KindName::Die)
                    {
                        cx.at(
                            &v.piece,
                            "`face:` picks a die face, 0 to 5; only dice have it".into(),
                        );
                    }
                }
            }
        }
        self.check_copies(cx);
        for l in &self.labels {
            if !l.at.iter().all(|n| n.is_finite())
                || l.size.is_some_and(|s| !(s > 0.0 && s < 100.0))
            {
                cx.at(
                    &c.id,
                    format!(
                        "diagram label `{}`: `at:` and `size:` must be plain, positive numbers",
                        l.text
                    ),
                );
            }
        }
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        draw(cx.canvas, cx.game, self, face, cx.art)
    }
    fn shares_cuts(&self, _: Shape) -> bool {
        false
    }
    fn noun(&self) -> &'static str {
        "diagram"
    }
    fn tts(&self, _: Shape) -> TtsForm {
        TtsForm::Board
    }
    fn texts(&self) -> Vec<&str> {
        self.labels.iter().map(|l| l.text.as_str()).collect()
    }
}

impl Diagram {
    /// A diagram places no more of a piece than the game has, at each player count: a setup
    /// that needs 24 attackers when 23 are printed cannot be laid out.
    fn check_copies(&self, cx: &mut CheckCx) {
        let game = cx.game;
        let pieces = expand(game);
        let copies = |id: &str| -> u32 {
            pieces
                .iter()
                .filter(|p| p.id(game) == id)
                .map(|p| p.copies)
                .sum()
        };
        let mut told: Vec<&str> = Vec::new();
        for &n in &game.spec.game.players.value {
            let mut placed: Vec<(&str, u32, &Spanned<String>)> = Vec::new();
            let here = self
                .place
                .iter()
                .map(|p| &p.value)
                .filter(|v| v.players.as_ref().is_none_or(|counts| counts.contains(&n)));
            for v in here {
                match placed.iter_mut().find(|(id, _, _)| *id == v.piece.value) {
                    Some(entry) => {
                        entry.1 += 1;
                        entry.2 = &v.piece;
                    }
                    None => placed.push((&v.piece.value, 1, &v.piece)),
                }
            }
            for (id, count, last) in placed {
                let have = copies(id);
                if count > have && have > 0 && !told.contains(&id) {
                    told.push(id);
                    cx.at(
                        last,
                        format!(
                            "the diagram places {count} `{id}` for {n} players, but the game has {have}: place fewer, or give `{id}` more copies"
                        ),
                    );
                }
            }
        }
    }
}

/// Every piece id the game makes, with its kind.
pub fn piece_ids(game: &Game) -> Vec<(String, super::KindName)> {
    let mut out = Vec::new();
    for c in &game.spec.components {
        let kind = c.kind.name();
        if c.variants.is_empty() {
            out.push((c.id.value.clone(), kind));
        }
        for v in c.variants.iter() {
            out.push((format!("{}-{}", c.id.value, v.id.value), kind));
        }
    }
    out
}

fn draw(
    cv: &mut Canvas,
    game: &Game,
    spec: &Diagram,
    face: &Face,
    art: &Art,
) -> Result<(), DrawError> {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    let c = Colors::of(face);
    cv.add(rect(-b, -b, w + 2.0 * b, h + 2.0 * b, &c.background));
    let scale = spec.scale.unwrap_or(1.0);
    let [ox, oy] = spec.origin.unwrap_or([0.0, 0.0]);
    let mut top = 0.0;
    if let Some(title) = &face.title {
        let size = fit(Font::CondensedBold, 7.0, w * 0.9, title);
        cv.add(text(
            w / 2.0,
            4.0 + size * 0.8,
            size,
            Font::CondensedBold,
            Anchor::Middle,
            &c.ink,
            title,
        ));
        top = size * 1.2 + 4.0;
    }
    let pieces = expand(game);
    for placed in &spec.place {
        let p = &placed.value;
        let piece = pieces
            .iter()
            .find(|x| x.id(game) == p.piece.value)
            .ok_or_else(|| DrawError::NoPiece(p.piece.value.clone()))?;
        let (inner, pw, ph) = piece_svg(game, piece, p.side, p.face.unwrap_or(0), art)?;
        let x = ox + p.at[0] * scale;
        let y = oy + top + p.at[1] * scale;
        let mut g = Group::new()
            .set(
                "transform",
                format!(
                    "translate({} {}) rotate({}) scale({}) translate({} {})",
                    n(x),
                    n(y),
                    n(p.rotate),
                    n(scale),
                    n(-pw / 2.0),
                    n(-ph / 2.0)
                ),
            )
            .add(Blob::new(inner));
        if p.faded {
            g = g.set("opacity", "0.45");
        }
        cv.add(g);
    }
    for l in &spec.labels {
        let size = l.size.unwrap_or(4.0);
        cv.add(text(
            ox + l.at[0] * scale,
            oy + top + l.at[1] * scale + size * 0.35,
            size,
            Font::CondensedBold,
            Anchor::Middle,
            &c.ink,
            &l.text,
        ));
    }
    if let Some(label) = &face.label {
        let size = fit(Font::Condensed, 3.6, w * 0.92, label);
        cv.add(text(
            w / 2.0,
            h - 3.0,
            size,
            Font::Condensed,
            Anchor::Middle,
            &c.ink,
            label,
        ));
    }
    Ok(())
}

/// The inside of one piece's face SVG (without its `<svg>` element) and its size in mm: what
/// its kind shows on a table (a die one face, a pawn its figure), else the side asked for.
fn piece_svg(
    game: &Game,
    piece: &Piece,
    side: DiagramSide,
    die_face: usize,
    art: &Art,
) -> Result<(String, f64, f64), DrawError> {
    let kind = super::of(game, piece);
    if let Some(shown) = kind.on_table(game, piece, die_face, art) {
        return shown.map(|(g, w, h)| (g.to_string(), w, h));
    }
    let side = match side {
        DiagramSide::Front => Side::Front,
        DiagramSide::Back => Side::Back,
    };
    let svg = draw_face(game, piece, side, 0.0, art)?
        .ok_or_else(|| DrawError::NoBack(piece.id(game).into_owned()))?;
    Ok((strip_root(&svg).to_string(), piece.w, piece.h))
}

/// The children of an SVG document's root element.
fn strip_root(svg: &str) -> &str {
    let start = svg
        .find("<svg")
        .and_then(|i| svg[i..].find('>').map(|j| i + j + 1))
        .unwrap_or(0);
    let end = svg.rfind("</svg>").unwrap_or(svg.len());
    if start <= end { &svg[start..end] } else { "" }
}
