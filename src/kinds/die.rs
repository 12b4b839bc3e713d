//! Dice as fold-up nets. A d6 is a cross of six faces (one above and one below a belt of four)
//! with seven trapezoid glue tabs; a d4, d8, d10, d12 or d20 (as many faces as `die.faces`
//! lists) is its solid unfolded flat (`base::polyhedra`), a tab on one side of every edge the
//! unfolding cut. The cut outline is solid and the folds dashed. Opposite faces are the 1st and
//! last, 2nd and last but one… of `die.faces` (null–5, ace–4, 2–3 for a piecepack), so a die
//! listed 1…n has opposite faces summing to n + 1. A d4's faces each show the other three
//! faces' marks, each by the corner it is read at, as a d4 is read at its top corner.
//! A face shows one thing: its text, its pips (as a real die shows them) or its symbol; what a
//! face of `die.faces` gives of these replaces the front's, which the others show.
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeSet;
use svg::Node;

use super::{CheckCx, FaceCx, FaceField, Field, Kind, Outline, OwnFaces, TtsForm};
use crate::base::diagnostic::Diagnostic;
use crate::base::forms::Side;
use crate::base::polyhedra::{Net, Pt, Solid};
use crate::draw::canvas::{Canvas, element, line, n, rect};
use crate::kinds::Component;
use crate::kinds::face::DrawError;
use crate::kinds::face::{Art, Colors};
use crate::kinds::marks::{glyph, said};
use crate::spec::items::{self, FACE_FIELDS, Item, ItemsError, Part, Selection, Value};
use crate::spec::{Face, Shape};

/// A die: its faces laid over the component's front, printed as a net that folds into it
/// (`die:`). `size` is the edge (a d10's long edge, from a tip to a side corner).
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Die {
    /// 4, 6, 8, 10, 12 or 20 faces (a d4 … a d20), each laid over the front. Opposite faces are
    /// the 1st and last, the 2nd and last but one, and so on (a d4 has none). A face shows its
    /// text, else its pips (`pips: 3`), else its symbol; one that gives none of these shows the
    /// front's.
    #[schemars(schema_with = "faces_schema")]
    pub faces: Spanned<Vec<Spanned<Face>>>,
}

/// A list of faces as long as a die has faces (4, 6, 8, 10, 12 or 20).
fn faces_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let face = generator.subschema_for::<Face>();
    let lengths: Vec<serde_json::Value> = SIDES
        .iter()
        .map(|n| serde_json::json!({"minItems": n, "maxItems": n}))
        .collect();
    schemars::json_schema!({
        "type": "array",
        "items": face,
        "anyOf": lengths,
    })
}

/// How many faces a die may have.
pub const SIDES: [usize; 6] = [4, 6, 8, 10, 12, 20];

/// What the front of a die draws: the colours and the cut line's (`border`), and what each face
/// that gives none of its own shows.
const FRONT_DRAWS: &[FaceField] = face_fields![Background, Ink, Border, Symbol, Text, Pips, Font];

/// What a face of `die.faces` draws (the cut line is the front's).
const FACE_DRAWS: &[FaceField] = face_fields![Background, Ink, Symbol, Text, Pips, Font];

impl Default for Die {
    fn default() -> Self {
        let none = serde_saphyr::Location::UNKNOWN;
        Die {
            faces: Spanned::new(Vec::new(), none, none),
        }
    }
}

impl Kind for Die {
    fn about(&self) -> &'static str {
        "A die (d4, d6, d8, d10, d12 or d20) printed as a fold-up net with glue tabs; `size` is the edge, `die.faces` its faces."
    }
    fn example(&self) -> &'static str {
        r##"kind: die
size: 16mm
front: {ink: "#3b2a52", border: "#444444", symbol: moon}
die:
  faces:
    - {pips: 1}
    - {pips: 2}
    - {pips: 3}
    - {pips: 4}
    - {text: "5"}
    - {}
"##
    }
    fn fields(&self) -> &'static [Field] {
        &[Field::Size]
    }
    fn draws(&self, _: Side) -> &'static [FaceField] {
        FRONT_DRAWS
    }
    fn own_faces(&self) -> Option<OwnFaces<'_>> {
        Some(OwnFaces {
            key: "die.faces",
            faces: self
                .faces
                .value
                .iter()
                .map(|f| (f.referenced, &f.value))
                .collect(),
            draws: FACE_DRAWS,
        })
    }
    fn check(&self, cx: &mut CheckCx) {
        let n = self.faces.value.len();
        let id = cx.component.id.value.clone();
        if !SIDES.contains(&n) {
            cx.at(
                &self.faces,
                format!("a die has 4, 6, 8, 10, 12 or 20 faces; `{id}` lists {n}"),
            );
        }
        let max = crate::draw::pips::MAX_PIPS;
        for (i, face) in self.faces.value.iter().enumerate() {
            if let Some(pips) = face.value.pips.as_deref()
                && pips.value > max
            {
                cx.at(
                    pips,
                    format!(
                        "face {} of `{id}` has {} pips; a die's face shows at most {max}",
                        i + 1,
                        pips.value
                    ),
                );
            }
        }
        let component = cx.component;
        hidden_marks(cx, &component.front, &format!("the front of `{id}`"));
        for (i, face) in self.faces.value.iter().enumerate() {
            hidden_marks(cx, &face.value, &format!("face {} of `{id}`", i + 1));
        }
    }
    /// Its net: a d6's four faces and a tab wide, three faces and two tabs tall; another's the
    /// box of its solid's net.
    fn size(&self, c: &Component) -> (f64, f64) {
        let edge = c.size_mm().map_or(0.0, |(w, h)| w.min(h));
        match self.solid() {
            Some(solid) => {
                let net = solid.unit_net();
                (net.w * edge, net.h * edge)
            }
            None => net_size(edge),
        }
    }
    /// A die on the table covers one face.
    fn footprint(&self, _: &Component, piece: &crate::kinds::piece::Piece) -> super::Footprint {
        let edge = edge_of_net(piece.w);
        super::Footprint {
            w: edge,
            h: edge,
            round: false,
        }
    }
    fn outline(&self, _: Shape, w: f64, _: f64) -> Outline {
        match self.solid() {
            Some(solid) => Outline::Polygon(solid.net(w / solid.unit_net().w).outline),
            None => {
                let s = edge_of_net(w);
                Outline::Polygon(outline_points(s, tab(s)))
            }
        }
    }
    fn draw(&self, _: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        let front = cx.piece.front(cx.game);
        match self.solid() {
            Some(solid) => draw_net(cx.canvas, &front, self, solid, cx.art),
            None => draw(cx.canvas, &front, self, cx.art),
        }
    }
    fn shares_cuts(&self, _: Shape) -> bool {
        false
    }
    fn noun(&self) -> &'static str {
        "die net"
    }
    /// The cube it folds into, which is what a player cares about.
    fn describe(&self, _: Shape, w: f64, _: f64) -> String {
        match self.solid() {
            Some(solid) => {
                let edge = (w / solid.unit_net().w * 10.0).round() / 10.0;
                let n = solid.faces();
                format!("d{n} net, {} mm edge", crate::draw::canvas::n(edge))
            }
            None => {
                let edge = (edge_of_net(w) * 10.0).round() / 10.0;
                format!("die net, {} mm cube", crate::draw::canvas::n(edge))
            }
        }
    }
    fn folds(&self) -> bool {
        true
    }
    fn tts(&self, _: Shape) -> TtsForm {
        TtsForm::Die {
            faces: self.faces.value.len() as u8,
        }
    }
    fn texts(&self) -> Vec<&str> {
        self.faces
            .value
            .iter()
            .flat_map(|f| f.value.texts())
            .collect()
    }
    /// Its faces, six for each variant: `n`, the variant's `id` and tags, and the face's fields.
    fn items(
        &self,
        game: &crate::kinds::Game,
        c: &Component,
        part: Part,
    ) -> Option<Result<Selection, ItemsError>> {
        matches!(part, Part::Faces).then(|| Ok(self.faces_as_items(game, c)))
    }
    fn die_faces(
        &self,
        game: &crate::kinds::Game,
        piece: &crate::kinds::piece::Piece,
        art: &Art,
    ) -> Option<Result<super::DieFaces, DrawError>> {
        let all = faces(&piece.front(game), self);
        let value =
            |face: &Face| symbol_name(game, piece, face).unwrap_or_else(|| face_value(face));
        let Some(solid) = self.solid() else {
            let edge = edge_of_net(piece.w);
            let drawn = all
                .iter()
                .map(|face| face_group(face, art, 0.0, 0.0, edge).map(|g| (g, value(face))));
            return Some(
                drawn
                    .collect::<Result<Vec<_>, _>>()
                    .map(|f| super::DieFaces {
                        across: edge,
                        side: edge,
                        faces: f,
                    }),
            );
        };
        let edge = piece.w / solid.unit_net().w;
        let net = solid.net(edge);
        let side = net.face_square();
        let drawn = (0..all.len())
            .map(|i| upright_face(&all, &net, solid, i, art, side).map(|g| (g, value(&all[i]))));
        Some(
            drawn
                .collect::<Result<Vec<_>, _>>()
                .map(|f| super::DieFaces {
                    across: solid.across() * edge,
                    side,
                    faces: f,
                }),
        )
    }
    /// One face up, with rounded edges.
    fn on_table(
        &self,
        game: &crate::kinds::Game,
        piece: &crate::kinds::piece::Piece,
        which: usize,
        art: &Art,
    ) -> Option<Result<(svg::node::element::Group, f64, f64), DrawError>> {
        let faces = faces(&piece.front(game), self);
        let Some(face) = faces.get(which) else {
            return Some(Err(DrawError::DieFace(which)));
        };
        if let Some(solid) = self.solid() {
            let net = solid.net(piece.w / solid.unit_net().w);
            let side = net.face_square();
            return Some(
                upright_face(&faces, &net, solid, which, art, side).map(|g| {
                    let mut p = polygon(&net.upright(which), "none");
                    p.assign("stroke", "#333333");
                    p.assign("stroke-width", n(side * 0.03));
                    p.assign("stroke-linejoin", "round");
                    (svg::node::element::Group::new().add(g).add(p), side, side)
                }),
            );
        }
        let s = edge_of_net(piece.w);
        Some(face_group(face, art, 0.0, 0.0, s).map(|g| {
            let outline = rect(0.0, 0.0, s, s, "none")
                .set("stroke", "#333333")
                .set("stroke-width", n(s * 0.03))
                .set("rx", n(s * 0.12));
            (svg::node::element::Group::new().add(g).add(outline), s, s)
        }))
    }
    fn symbols(&self) -> Vec<&Spanned<String>> {
        let faces = self.faces.value.iter();
        faces.filter_map(|f| f.value.symbol.as_deref()).collect()
    }
}

/// Whether a face gives a mark of its own: a text, pips or a symbol.
fn has_mark(face: &Face) -> bool {
    said(face).is_some() || face.pips.is_some() || face.symbol.is_some()
}

/// Warnings at the pips and symbol of `face` (the front, or one of `die.faces`) that another of
/// its marks hides: a face shows its text, else its pips, else its symbol.
fn hidden_marks(cx: &mut CheckCx, face: &Face, which: &str) {
    let shown = match (said(face), &face.pips) {
        (Some(_), _) => "text",
        (None, Some(_)) => "pips",
        (None, None) => return,
    };
    let why = format!(
        "a die's face shows one of its text, pips or symbol, and {which} gives its {shown}"
    );
    if let (Some(pips), "text") = (face.pips.as_deref(), shown) {
        cx.warn_at(pips, format!("`pips:` on {which} is not drawn: {why}"));
    }
    if let Some(symbol) = face.symbol.as_deref() {
        cx.warn_at(symbol, format!("`symbol:` on {which} is not drawn: {why}"));
    }
}

/// The name of the axis value that gave a face of nothing but a symbol its symbol: a
/// piecepack die's null face shows its suit, `{suit.symbol}`, and reports "Suns", the suit's
/// `name`, not its symbol's file name.
fn symbol_name(
    game: &crate::kinds::Game,
    piece: &crate::kinds::piece::Piece,
    face: &Face,
) -> Option<String> {
    let mut said = [&face.text, &face.label, &face.title].into_iter().flatten();
    if said.any(|t| !t.trim().is_empty()) || face.pips.is_some() {
        return None;
    }
    let symbol = &face.symbol.as_ref()?.value;
    let tags = piece.tags(game);
    tags.iter().find_map(|(axis, id)| {
        let value = game
            .spec
            .axes
            .get(axis)?
            .iter()
            .find(|v| v.id.value == *id)?;
        (value.props.get("symbol") == Some(symbol))
            .then(|| value.props.get("name").cloned())
            .flatten()
    })
}

/// What a roll of a face reports: its text (or label or title), else its pips counted, else
/// the symbol it shows made readable ("Moon"), else "blank".
pub fn face_value(face: &Face) -> String {
    let said = [&face.text, &face.label, &face.title]
        .into_iter()
        .flatten()
        .map(|t| t.trim())
        .find(|t| !t.is_empty());
    if let Some(t) = said {
        return t.to_string();
    }
    if let Some(pips) = &face.pips {
        return pips.value.to_string();
    }
    match &face.symbol {
        Some(sym) => {
            let words = sym.value.replace(['-', '_'], " ");
            let mut c = words.chars();
            c.next()
                .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
        }
        None => "blank".to_string(),
    }
}

/// Depth of a glue tab for a die of edge `s` (mm).
pub fn tab(s: f64) -> f64 {
    (s * 0.3).clamp(3.5, 8.0)
}

/// The net's outer size for a die of edge `s`: four faces and a tab wide, three faces and two
/// tabs tall.
pub fn net_size(s: f64) -> (f64, f64) {
    let t = tab(s);
    (4.0 * s + t, 3.0 * s + 2.0 * t)
}

/// The edge of a die whose net is `w` wide.
pub fn edge_of_net(w: f64) -> f64 {
    // w = 4s + tab(s); tab is piecewise linear, so solve each piece and keep the consistent one.
    [(w - 3.5) / 4.0, w / 4.3, (w - 8.0) / 4.0]
        .into_iter()
        .find(|s| (4.0 * s + tab(*s) - w).abs() < 1e-6)
        .unwrap_or(w / 4.3)
}

/// (column, row) of each face of `die.faces` in the cross, in list order.
pub const CELLS: [(usize, usize); 6] = [(1, 0), (0, 1), (1, 1), (3, 1), (2, 1), (1, 2)];

/// Top-left corner (mm, in the net) of face `i`.
pub fn cell_origin(s: f64, i: usize) -> (f64, f64) {
    let (c, r) = CELLS[i];
    (c as f64 * s, tab(s) + r as f64 * s)
}

impl Die {
    /// The solid of a die that is not a cube (which keeps its own cross-shaped net).
    fn solid(&self) -> Option<Solid> {
        Solid::with_faces(self.faces.value.len())
    }

    /// The faces of each variant of `c` (a die without variants has six), as a selector's items.
    fn faces_as_items(&self, game: &crate::kinds::Game, c: &Component) -> Selection {
        let here = Diagnostic::at(game.file_of(c), &self.faces, String::new());
        let mut names: BTreeSet<String> = ["n", "id"].map(String::from).into();
        names.extend(FACE_FIELDS.iter().map(|f| f.to_string()));
        let fronts: Vec<(Option<String>, Face, crate::spec::Tags)> = match c.variants.is_empty() {
            true => vec![(None, c.front.clone(), Default::default())],
            false => c
                .variants
                .iter()
                .map(|v| (Some(v.id.value.clone()), c.front_of(&v), v.tags.clone()))
                .collect(),
        };
        let mut items = Vec::new();
        for (variant, front, tags) in fronts {
            for (i, face) in faces(&front, self).iter().enumerate() {
                let key = match &variant {
                    Some(v) => format!("{v} face {}", i + 1),
                    None => format!("face {}", i + 1),
                };
                let id = variant.as_deref().unwrap_or(&c.id.value);
                let mut item = Item::new(key, here.clone())
                    .with("n", Value::Num((i + 1) as f64))
                    .with("id", Value::Text(id.to_string()));
                for f in FACE_FIELDS {
                    item = item.with(f, items::face_value(face, f));
                }
                for (k, v) in tags.iter() {
                    names.insert(k.to_string());
                    item = item.with(k.to_string(), Value::Text(v.clone()));
                }
                items.push(item);
            }
        }
        Selection {
            what: format!("faces of `{}`", c.id.value),
            at: here,
            items,
            names,
        }
    }
}

/// The six faces of a die piece: the piece's front with each listed face laid over it, a
/// face's own text, pips or symbol (whichever it gives) in place of the front's.
fn faces(front: &Face, spec: &Die) -> Vec<Face> {
    spec.faces
        .value
        .iter()
        .map(|own| {
            let own = &own.value;
            let mut face = front.overlaid(own);
            if has_mark(own) {
                face.text = own.text.clone();
                face.pips = own.pips.clone();
                face.symbol = own.symbol.clone();
            }
            face
        })
        .collect()
}

/// The net of a die whose front face is `front`.
fn draw(cv: &mut Canvas, front: &Face, spec: &Die, art: &Art) -> Result<(), DrawError> {
    let s = edge_of_net(cv.w);
    let t = tab(s);
    let faces = faces(front, spec);
    for poly in tabs(s, t) {
        cv.add(polygon(&poly, TAB));
    }
    for (i, face) in faces.iter().enumerate() {
        let (x, y) = cell_origin(s, i);
        cv.add(face_group(face, art, x, y, s)?);
    }
    // Folds: every edge between two faces, and every tab's base.
    let folds = [
        (s, t, 2.0 * s, t),                     // top face / its tab
        (s, t + s, 2.0 * s, t + s),             // top / belt
        (s, t + 2.0 * s, 2.0 * s, t + 2.0 * s), // belt / bottom
        (s, t + 3.0 * s, 2.0 * s, t + 3.0 * s), // bottom / its tab
        (s, t, s, t + s),                       // tabs beside the top face
        (2.0 * s, t, 2.0 * s, t + s),
        (s, t + 2.0 * s, s, t + 3.0 * s), // tabs beside the bottom face
        (2.0 * s, t + 2.0 * s, 2.0 * s, t + 3.0 * s),
        (s, t + s, s, t + 2.0 * s), // between belt faces
        (2.0 * s, t + s, 2.0 * s, t + 2.0 * s),
        (3.0 * s, t + s, 3.0 * s, t + 2.0 * s),
        (4.0 * s, t + s, 4.0 * s, t + 2.0 * s), // belt / side tab
    ];
    // The cut: the outline of the cross with its tabs.
    folds_and_cut(cv, folds, &outline_points(s, t), s, front);
    Ok(())
}

/// The net of a d4, d8, d10, d12 or d20 whose front face is `front`: tabs, faces each with
/// its mark pointing to its top corner, folds dashed, the cut line round it all.
fn draw_net(
    cv: &mut Canvas,
    front: &Face,
    spec: &Die,
    solid: Solid,
    art: &Art,
) -> Result<(), DrawError> {
    let net = solid.net(cv.w / solid.unit_net().w);
    let all = faces(front, spec);
    let s = cv.w / solid.unit_net().w;
    for tab in &net.tabs {
        cv.add(polygon(tab, TAB));
    }
    for i in 0..all.len() {
        cv.add(net_face(&all, &net, solid, i, art)?);
    }
    let folds = net.folds.iter().map(|(a, b)| (a.0, a.1, b.0, b.1));
    folds_and_cut(cv, folds, &net.outline, s, front);
    Ok(())
}

/// A glue tab's fill.
const TAB: &str = "#eeeeee";

/// A polygon through `p`, filled with `fill`.
fn polygon(p: &[Pt], fill: &str) -> svg::node::element::Element {
    let points: Vec<String> = p
        .iter()
        .map(|(x, y)| format!("{},{}", n(*x), n(*y)))
        .collect();
    let mut poly = element("polygon");
    poly.assign("points", points.join(" "));
    poly.assign("fill", fill);
    poly
}

/// A net's folds dashed (to score) and its cut line solid round it, in the front's `border`
/// colour; `s` is the edge of its faces, which the lines are as fine as.
fn folds_and_cut(
    cv: &mut Canvas,
    folds: impl IntoIterator<Item = (f64, f64, f64, f64)>,
    cut: &[Pt],
    s: f64,
    front: &Face,
) {
    let dash = format!("{} {}", n(s * 0.06), n(s * 0.04));
    let w = (s * 0.012).clamp(0.2, 0.35);
    for (x1, y1, x2, y2) in folds {
        cv.add(line(x1, y1, x2, y2, "#555555", w).set("stroke-dasharray", dash.as_str()));
    }
    let mut outline = polygon(cut, "none");
    outline.assign("stroke", Colors::of(front).border().unwrap_or("#222222"));
    outline.assign("stroke-width", n(w * 1.4));
    outline.assign("stroke-linejoin", "round");
    cv.add(outline);
}

/// The marks face `i` of a net shows, each with the point it is centred on, its box's side and
/// the way its top points: its own mark in the middle, or on a d4 the marks of the faces
/// opposite each corner, by that corner, so that the three faces round the top corner all show
/// the value rolled.
fn marks_of(all: &[Face], net: &Net, solid: Solid, i: usize) -> Vec<(usize, Pt, f64, Pt)> {
    let (c, r) = net.incircle(i);
    if solid != Solid::Tetrahedron {
        return vec![(i, c, r * 1.3, net.up(i))];
    }
    let corners = &net.faces[i];
    (0..corners.len())
        .filter_map(|k| {
            let v = net.corners[i][k];
            let other = (0..all.len()).find(|&f| !net.corners[f].contains(&v))?;
            let (x, y) = corners[k];
            let (dx, dy) = (x - c.0, y - c.1);
            let l = (dx * dx + dy * dy).sqrt();
            let at = (c.0 + dx * 0.52, c.1 + dy * 0.52);
            Some((other, at, r * 0.78, (dx / l, dy / l)))
        })
        .collect()
}

/// Face `i` where the net lays it: its polygon in its background, its mark(s) turned upright.
fn net_face(
    all: &[Face],
    net: &Net,
    solid: Solid,
    i: usize,
    art: &Art,
) -> Result<svg::node::element::Group, DrawError> {
    let colors = Colors::of(&all[i]);
    let poly = polygon(&net.faces[i], &colors.background);
    let mut g = svg::node::element::Group::new().add(poly);
    for (which, at, size, up) in marks_of(all, net, solid, i) {
        if let Some(mark) = mark_at(&all[which], &colors.ink, art, at, size, up)? {
            g = g.add(mark);
        }
    }
    Ok(g)
}

/// A face's text, pips or symbol in a `size` square centred on `at`, its top towards `up`.
fn mark_at(
    face: &Face,
    ink: &str,
    art: &Art,
    at: Pt,
    size: f64,
    up: Pt,
) -> Result<Option<svg::node::element::Group>, DrawError> {
    let (x, y) = (at.0 - size / 2.0, at.1 - size / 2.0);
    let mark = if let (None, Some(pips)) = (said(face), &face.pips) {
        Some(
            svg::node::element::Group::new()
                .add(crate::draw::pips::die_face(x, y, size, pips.value, ink)),
        )
    } else {
        let family = face.font.as_ref().map(|f| f.value.as_str());
        let mark = crate::draw::text::in_face_font(family, || glyph(face, art, x, y, size, ink))?;
        // A 6 and a 9 on a face that may be read either way up are told apart by a bar under
        // them, as on a bought die.
        match (mark, said(face).map(str::trim)) {
            (Some(m), Some("6" | "9")) => {
                let s = crate::draw::text::in_face_font(family, || {
                    crate::draw::text::fit(
                        crate::draw::text::Font::Display,
                        size * 0.92,
                        size * 0.86,
                        "6",
                    )
                });
                let under = at.1 + s * 0.58;
                let half = s * 0.22;
                Some(m.add(line(at.0 - half, under, at.0 + half, under, ink, s * 0.07)))
            }
            (m, _) => m,
        }
    };
    // Turn from straight up (0, −1) to `up`, clockwise on the page.
    let turn = up.0.atan2(-up.1).to_degrees();
    Ok(mark.map(|m| {
        m.set(
            "transform",
            format!("rotate({} {} {})", n(turn), n(at.0), n(at.1)),
        )
    }))
}

/// Face `i` alone, upright in a `side` square filled with its background (what Tabletop
/// Simulator paints into its die's template, and a diagram shows).
fn upright_face(
    all: &[Face],
    net: &Net,
    solid: Solid,
    i: usize,
    art: &Art,
    side: f64,
) -> Result<svg::node::element::Group, DrawError> {
    let colors = Colors::of(&all[i]);
    let (c, _) = net.incircle(i);
    let place = |p: Pt| {
        let (x, y) = net.turn_upright(i, (p.0 - c.0, p.1 - c.1));
        (side / 2.0 + x, side / 2.0 + y)
    };
    let mut g =
        svg::node::element::Group::new().add(rect(0.0, 0.0, side, side, &colors.background));
    for (which, at, size, mark_up) in marks_of(all, net, solid, i) {
        let mark_up = net.turn_upright(i, mark_up);
        if let Some(mark) = mark_at(&all[which], &colors.ink, art, place(at), size, mark_up)? {
            g = g.add(mark);
        }
    }
    Ok(g)
}

/// One die face in an `s` square at (x, y): background and what it shows, its text, pips or
/// symbol, in its font.
fn face_group(
    face: &Face,
    art: &Art,
    x: f64,
    y: f64,
    s: f64,
) -> Result<svg::node::element::Group, DrawError> {
    let c = Colors::of(face);
    let g = svg::node::element::Group::new().add(rect(x, y, s, s, &c.background));
    if let (None, Some(pips)) = (said(face), &face.pips) {
        return Ok(g.add(crate::draw::pips::die_face(x, y, s, pips.value, &c.ink)));
    }
    let family = face.font.as_ref().map(|f| f.value.as_str());
    let mark = crate::draw::text::in_face_font(family, || {
        glyph(face, art, x + s * 0.1, y + s * 0.1, s * 0.8, &c.ink)
    })?;
    Ok(match mark {
        Some(mark) => g.add(mark),
        None => g,
    })
}

/// A tab on the edge from a to b, sticking out `t` on the left of the direction a→b.
fn tab_on(a: (f64, f64), b: (f64, f64), t: f64) -> Vec<(f64, f64)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    // Outward normal: left of a→b in SVG coordinates (y down) is (uy, -ux).
    let (nx, ny) = (uy, -ux);
    let inset = t.min(len * 0.25);
    vec![
        a,
        (a.0 + ux * inset + nx * t, a.1 + uy * inset + ny * t),
        (b.0 - ux * inset + nx * t, b.1 - uy * inset + ny * t),
        b,
    ]
}

/// The seven tabs, each on the edge it is glued under.
fn tabs(s: f64, t: f64) -> Vec<Vec<(f64, f64)>> {
    let y0 = t;
    vec![
        tab_on((s, y0 + s), (s, y0), t),             // top face, left
        tab_on((s, y0), (2.0 * s, y0), t),           // top face, top
        tab_on((2.0 * s, y0), (2.0 * s, y0 + s), t), // top face, right
        tab_on((4.0 * s, y0 + s), (4.0 * s, y0 + 2.0 * s), t), // belt end, right
        tab_on((2.0 * s, y0 + 2.0 * s), (2.0 * s, y0 + 3.0 * s), t), // bottom face, right
        tab_on((2.0 * s, y0 + 3.0 * s), (s, y0 + 3.0 * s), t), // bottom face, bottom
        tab_on((s, y0 + 3.0 * s), (s, y0 + 2.0 * s), t), // bottom face, left
    ]
}

/// The cut line: clockwise round the cross, out along each tab.
fn outline_points(s: f64, t: f64) -> Vec<(f64, f64)> {
    let y0 = t;
    let tb = tabs(s, t);
    let mut p = Vec::new();
    p.extend_from_slice(&tb[1]); // top edge of the top face
    p.extend_from_slice(&tb[2]); // its right edge
    p.push((4.0 * s, y0 + s));
    p.extend_from_slice(&tb[3]); // the belt's right end
    p.push((2.0 * s, y0 + 2.0 * s));
    p.extend_from_slice(&tb[4]); // the bottom face: right, bottom, left
    p.extend_from_slice(&tb[5]);
    p.extend_from_slice(&tb[6]);
    p.push((0.0, y0 + 2.0 * s));
    p.push((0.0, y0 + s));
    p.extend_from_slice(&tb[0]); // the top face's left edge
    p.dedup();
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_net_size_gives_back_the_edge() {
        for s in [5.0, 11.0, 12.7, 19.05, 25.4, 30.0, 50.0] {
            let (w, _) = net_size(s);
            assert!((edge_of_net(w) - s).abs() < 1e-9, "{s}");
        }
    }

    #[test]
    fn opposite_faces_sit_opposite_on_the_cube() {
        // In the cross, the belt's 1st and 3rd cells and its 2nd and 4th are opposite, and so
        // are the top and bottom: list pairs (0,5), (1,4), (2,3).
        let belt = |i: usize| CELLS[i].1 == 1;
        for (a, b) in [(0, 5), (1, 4), (2, 3)] {
            let (ca, cb) = (CELLS[a], CELLS[b]);
            if belt(a) && belt(b) {
                assert_eq!((ca.0 as i32 - cb.0 as i32).abs(), 2, "{a}/{b}");
            } else {
                assert_eq!((ca.0, ca.1 + 2), (cb.0, cb.1), "{a}/{b}");
            }
        }
    }

    #[test]
    fn the_outline_is_the_cut_line() {
        let s = 12.7;
        let (w, h) = net_size(s);
        let outline = Die::default().outline(Shape::Square, w, h);
        let tab_area = (2.0 * s - 2.0 * tab(s).min(s * 0.25)) / 2.0 * tab(s);
        assert!((outline.area(w, h) - (6.0 * s * s + 7.0 * tab_area)).abs() < 1e-6);
    }

    #[test]
    fn the_cut_line_stays_inside_the_net_and_encloses_every_face() {
        let s = 12.7;
        let t = tab(s);
        let (w, h) = net_size(s);
        let pts = outline_points(s, t);
        assert!(
            pts.iter()
                .all(|(x, y)| *x >= -1e-9 && *x <= w + 1e-9 && *y >= -1e-9 && *y <= h + 1e-9)
        );
        // Shoelace area: six faces plus seven tabs (each a trapezoid (s + s - 2t)/2 × t).
        let area: f64 = pts
            .iter()
            .zip(pts.iter().cycle().skip(1))
            .map(|(a, b)| a.0 * b.1 - b.0 * a.1)
            .sum::<f64>()
            .abs()
            / 2.0;
        let tab_area = (2.0 * s - 2.0 * t.min(s * 0.25)) / 2.0 * t;
        assert!(
            (area - (6.0 * s * s + 7.0 * tab_area)).abs() < 1e-6,
            "{area}"
        );
    }
}
