//! Every kind, every field. For each kind of the registry, built from its `example()`, every
//! face field the JSON Schema offers it on each of its faces (`front`, `back`, a die's
//! `die.faces`), on every shape it takes, is set to a meaningful value on a copy of the
//! component, and so is every component field it takes (`size`, `shape`, `back`). Either the
//! field shows (the piece's faces differ from the copy without it) or the game says so at the
//! field: a located message that names it (a warning that it is not drawn, an error that
//! refuses it), which `pnp validate` prints as `file:line:column`. No field is accepted and then
//! dropped in silence.
//!
//! Three more things hold of every field that shows:
//! - it does not wipe out what the face showed: each field the example's face sets still shows
//!   beside it (`mark: arrow` must not drop a tile's title);
//! - a field said not to be drawn is not drawn (the warning does not lie);
//! - on a piece cut along its outline (round, hexagonal, polygonal, custom), nothing is painted
//!   outside that outline.
//!
//! Each field is tried on the example's face as it is and on the same face emptied, so that a
//! field is seen alone too (`pips:` on a blank die face).
//!
//! Fast enough to run every time: the cases are built together, a few dozen components a game,
//! in process (`kinds::from_bytes`, `commands::prepare`, the faces' SVG); the binary runs once a
//! kind, on the cases that end in a message, to see it printed at its place.
use crate::common::*;
use pnp::kinds::KindSpec;
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A step of the way from a component to one of its faces.
#[derive(Debug, Clone, PartialEq)]
enum Step {
    Key(String),
    /// The first item of a list (a die's first face).
    First,
}

type Way = Vec<Step>;

fn way_name(way: &Way) -> String {
    way.iter()
        .map(|s| match s {
            Step::Key(k) => k.clone(),
            Step::First => "[0]".into(),
        })
        .collect::<Vec<_>>()
        .join(".")
        .replace(".[0]", "[0]")
}

/// The schema's definition that `node` refers to, if it is a reference.
fn definition<'s>(schema: &'s Value, node: &Value) -> Option<(&'s str, &'s Value)> {
    let name = node.get("$ref")?.as_str()?.strip_prefix("#/definitions/")?;
    let (name, def) = schema["definitions"].as_object()?.get_key_value(name)?;
    Some((name.as_str(), def))
}

/// Every way from `node` to a face (`#/definitions/Face`), as the schema offers it. A variant's
/// faces are left out: they are laid over the component's, field by field, and drawn the same.
fn face_ways(schema: &Value, node: &Value, here: &Way, seen: &mut Vec<String>, out: &mut Vec<Way>) {
    if let Some((name, def)) = definition(schema, node) {
        if name == "Face" {
            out.push(here.clone());
        } else if !seen.iter().any(|s| s == name) {
            seen.push(name.to_string());
            face_ways(schema, def, here, seen, out);
            seen.pop();
        }
        return;
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        for branch in node[key].as_array().into_iter().flatten() {
            face_ways(schema, branch, here, seen, out);
        }
    }
    if let Some(items) = node.get("items") {
        let mut next = here.clone();
        next.push(Step::First);
        face_ways(schema, items, &next, seen, out);
    }
    for (key, value) in node["properties"].as_object().into_iter().flatten() {
        if key == "variants" {
            continue;
        }
        let mut next = here.clone();
        next.push(Step::Key(key.clone()));
        face_ways(schema, value, &next, seen, out);
    }
}

/// The face at `way` in a component, made (as an empty mapping) where it is not written yet.
fn face_at<'v>(component: &'v mut Value, way: &Way) -> &'v mut Map<String, Value> {
    let mut at = component;
    for step in way {
        at = match step {
            Step::Key(k) => {
                let map = at.as_object_mut().expect("a mapping on the way to a face");
                map.entry(k.clone()).or_insert_with(|| json!({}))
            }
            Step::First => at
                .as_array_mut()
                .and_then(|a| a.first_mut())
                .expect("a list with a first item on the way to a face"),
        };
        if at.is_null() {
            *at = json!({});
        }
    }
    at.as_object_mut().expect("a face is a mapping")
}

/// What a face field is set to, and what it needs set beside it to show at all (on both the
/// copy with it and the one without): `columns:` are a table's, `fit:` and `position:` a
/// picture's, `font:` is a text's.
struct Setting {
    value: Value,
    beside: Value,
}

/// The meaningful values of a face field: each a value no example sets there, and for a
/// field of a few values (`mark:`, `frame:`, `fit:`), each that is not its default. A key the
/// schema offers that is not here fails the test: a new field needs its values here.
fn face_values(key: &str) -> Vec<Setting> {
    let plain = |values: Vec<Value>| {
        values
            .into_iter()
            .map(|value| Setting {
                value,
                beside: json!({}),
            })
            .collect()
    };
    let beside = |values: Vec<Value>, beside: Value| {
        values
            .into_iter()
            .map(|value| Setting {
                value,
                beside: beside.clone(),
            })
            .collect()
    };
    let texts = json!({"title": "Zephyr", "label": "Quill", "text": "7"});
    match key {
        "background" => plain(vec![json!("#2e86ab")]),
        "ink" => plain(vec![json!("#c0392b")]),
        "border" => plain(vec![json!("#27ae60")]),
        "symbol" => plain(vec![json!("rock")]),
        "title" => plain(vec![json!("Zephyr")]),
        "label" => plain(vec![json!("Quill")]),
        "text" => plain(vec![json!("7")]),
        "lines" => plain(vec![json!(["A line of rules, long enough to wrap."])]),
        "table" => plain(vec![json!([["Cost", "Gain"], ["1", "2"]])]),
        "pips" => plain(vec![json!(3)]),
        "frame" => plain(vec![
            json!("solid"),
            json!("double"),
            json!("dashed"),
            json!("corners"),
        ]),
        "grid" => plain(vec![json!(2)]),
        "mark" => plain(vec![json!("corners"), json!("arrow")]),
        "columns" => beside(
            vec![json!(["3fr", "1fr"])],
            json!({"table": [["Cost", "Gain"], ["1", "2"]]}),
        ),
        "corner" => plain(vec![json!("7")]),
        "layout" => plain(vec![json!("boxes")]),
        "image" => plain(vec![json!("picture.svg")]),
        // `cover` is the default.
        "fit" => beside(
            vec![json!("contain"), json!("stretch")],
            json!({"image": "picture.svg"}),
        ),
        // Towards a corner: it moves the picture whichever way `cover` crops it.
        "position" => beside(
            vec![
                json!("top-left"),
                json!("top-right"),
                json!("bottom-left"),
                json!("bottom-right"),
            ],
            json!({"image": "picture.svg"}),
        ),
        "font" => beside(vec![json!("Roboto")], texts),
        other => panic!("the schema offers a face field `{other}:` this test has no value for"),
    }
}

/// The picture `image:` names: three times as wide as tall, so that it is cropped or framed
/// on any piece.
const PICTURE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100">
<rect width="300" height="100" fill="#e9c46a"/><rect width="100" height="100" fill="#264653"/>
<circle cx="250" cy="50" r="40" fill="#e76f51"/></svg>"##;

/// The game around the cases: a layout that shows every field a box can, and the examples that
/// other examples place (a diagram's token, a tuck box's card).
fn header() -> String {
    let mut yaml = String::from(
        "game: {id: fields, name: Fields, players: [2]}
layouts:
  boxes:
    - {name: picture, x: 0%, y: 0%, w: 100%, h: 100%, show: image}
    - {name: band, x: 0%, y: 40%, w: 100%, h: 4%, fill: \"#f4a261\"}
    - {name: title, x: 5%, y: 3%, w: 90%, h: 14%, show: title}
    - {name: corner, x: 3%, y: 3%, w: 12%, h: 10%, show: corner}
    - {name: symbol, x: 30%, y: 20%, w: 40%, h: 25%, show: symbol}
    - {name: text, x: 10%, y: 46%, w: 80%, h: 14%, show: text}
    - {name: lines, x: 8%, y: 61%, w: 84%, h: 12%, show: lines}
    - {name: table, x: 8%, y: 74%, w: 84%, h: 12%, show: table}
    - {name: label, x: 5%, y: 87%, w: 90%, h: 10%, show: label}
components:
",
    );
    for name in ["token", "card"] {
        yaml.push_str(&format!("  - id: {name}\n"));
        let kind = KindSpec::empty(KindName::parse(name).unwrap());
        for line in kind.kind().example().lines() {
            yaml.push_str(&format!("    {line}\n"));
        }
    }
    yaml
}

/// `value` as block YAML at `indent`: a mapping's keys or a list's items one a line, strings
/// quoted as JSON quotes them (which YAML reads alike), so that each field is on its own line.
fn emit(value: &Value, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    let inline = |v: &Value| match v {
        Value::Object(m) if m.is_empty() => Some("{}".to_string()),
        Value::Array(a) if a.is_empty() => Some("[]".to_string()),
        Value::Object(_) | Value::Array(_) => None,
        other => Some(other.to_string()),
    };
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                match inline(v) {
                    Some(s) => out.push_str(&format!("{pad}{k}: {s}\n")),
                    None => {
                        out.push_str(&format!("{pad}{k}:\n"));
                        emit(v, indent + 2, out);
                    }
                }
            }
        }
        Value::Array(items) => {
            for v in items {
                match inline(v) {
                    Some(s) => out.push_str(&format!("{pad}- {s}\n")),
                    None => {
                        out.push_str(&format!("{pad}-\n"));
                        emit(v, indent + 2, out);
                    }
                }
            }
        }
        other => out.push_str(&format!("{pad}{other}\n")),
    }
}

/// A kind as the test knows it: its example as JSON (without an id) and its branch of the
/// schema.
struct KindUnderTest {
    name: &'static str,
    example: Value,
    /// The component fields it takes, as its branch offers them.
    takes: BTreeSet<String>,
    /// Where its faces are.
    faces: Vec<Way>,
    default_shape: Value,
}

fn kinds() -> Vec<KindUnderTest> {
    let schema = pnp::commands::schema::schema();
    let rules = schema["definitions"]["Component"]["allOf"]
        .as_array()
        .unwrap()
        .clone();
    KindName::ALL
        .iter()
        .map(|name| {
            let branch = rules
                .iter()
                .map(|r| &r["then"])
                .find(|b| b["properties"]["kind"]["const"] == *name)
                .unwrap_or_else(|| panic!("the schema has no branch for `{name}`"));
            let kind = KindSpec::empty(KindName::parse(name).unwrap());
            let example: Value = serde_saphyr::from_str(kind.kind().example()).unwrap();
            let mut faces = Vec::new();
            face_ways(&schema, branch, &Vec::new(), &mut Vec::new(), &mut faces);
            assert!(!faces.is_empty(), "`{name}`: the schema offers it no face");
            let props = branch["properties"].as_object().unwrap();
            let takes = ["size", "shape", "back"]
                .into_iter()
                .filter(|k| props.contains_key(*k))
                .map(String::from)
                .collect();
            let default_shape = match kind.kind().default_shape() {
                pnp::spec::Shape::Rounded => json!("rounded"),
                pnp::spec::Shape::Round => json!("round"),
                _ => json!("square"),
            };
            KindUnderTest {
                name,
                example,
                takes,
                faces,
                default_shape,
            }
        })
        .collect()
}

/// The shapes the schema offers: its names, the forms it gives as examples, and a custom
/// outline.
fn shapes() -> Vec<Value> {
    let schema = pnp::commands::schema::schema();
    let shape = &schema["definitions"]["Shape"];
    let mut out: Vec<Value> = shape["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| b["enum"].as_array())
        .flatten()
        .cloned()
        .collect();
    for example in shape["examples"].as_array().unwrap() {
        if !out.contains(example) {
            out.push(example.clone());
        }
    }
    out.push(json!({"path": "M0 0 H20 V12 C20 18 14 20 10 20 C6 20 0 18 0 12 Z"}));
    out
}

/// One case: a component with one field set (`with`) and the same without it (`base`).
struct Case {
    /// What it tries, for the failures: "tile, shape hex: front `mark: arrow`".
    what: String,
    /// The field's key, which a message must name.
    key: String,
    base: Value,
    with: Value,
    /// Each field the face already showed (a key at a way), and `with` without it: it must
    /// still show.
    keeps: Vec<(String, Value)>,
}

/// Where a component of a batch is written.
#[derive(Debug, Clone)]
struct Written {
    id: String,
    /// Its lines in the file, first and last (1-based).
    lines: (usize, usize),
}

/// A batch of components in one game file.
struct Batch {
    path: PathBuf,
    text: String,
    written: Vec<Written>,
}

fn write_batch(dir: &Path, name: &str, components: &[(String, Value)]) -> Batch {
    let mut text = header();
    let mut written = Vec::new();
    for (id, c) in components {
        let first = text.lines().count() + 1;
        text.push_str(&format!("  - id: {id}\n"));
        emit(c, 4, &mut text);
        let last = text.lines().count();
        written.push(Written {
            id: id.clone(),
            lines: (first, last),
        });
    }
    let path = dir.join(format!("{name}.yaml"));
    std::fs::write(&path, &text).unwrap();
    Batch {
        path,
        text,
        written,
    }
}

/// What one built component came to: its faces' SVG (each piece's front and back, in order)
/// and, for the faces cut along an outline, whether something is painted outside it.
#[derive(Debug, Clone, Default)]
struct Built {
    faces: Vec<String>,
    outside: Vec<String>,
}

/// A batch built in process: each component's faces, or the messages that stopped it.
struct Outcome {
    built: BTreeMap<String, Built>,
    /// Every message of the game (warnings when it built, errors when it did not).
    messages: Vec<pnp::base::diagnostic::Diagnostic>,
    refused: bool,
}

fn build_batch(batch: &Batch) -> Outcome {
    let file = batch.path.to_string_lossy().into_owned();
    let dir = batch.path.parent().map(Path::to_path_buf);
    let game = match pnp::kinds::from_bytes(&file, batch.text.clone().into_bytes(), dir) {
        Ok(game) => game,
        Err(pnp::spec::SpecError::Invalid(problems)) => {
            return Outcome {
                built: BTreeMap::new(),
                messages: problems.0,
                refused: true,
            };
        }
        Err(e) => panic!("{file}: {e}"),
    };
    let opt = pnp::commands::options::BuildOptions {
        cover: false,
        png: false,
        ..Default::default()
    };
    let doc = match pnp::commands::prepare(&game, &opt) {
        Ok(doc) => doc,
        // Refused while drawing (a face its kind cannot draw), at its place.
        Err(e) => match e.problems() {
            Some(problems) => {
                return Outcome {
                    built: BTreeMap::new(),
                    messages: problems.0.clone(),
                    refused: true,
                };
            }
            None => panic!("{file}: {e}"),
        },
    };
    let mut built: BTreeMap<String, Built> = BTreeMap::new();
    let mut outside_of: BTreeMap<usize, Option<String>> = BTreeMap::new();
    for (p, piece) in doc.pieces.iter().enumerate() {
        let id = game.spec.components[piece.component].id.value.clone();
        let entry = built.entry(id).or_default();
        let (front, back) = doc.faces.of_piece[p];
        for f in std::iter::once(front).chain(back) {
            entry.faces.push(doc.face_svg(f).unwrap().into_owned());
            let outside = outside_of
                .entry(f)
                .or_insert_with(|| painted_outside(&doc, f));
            entry.outside.extend(outside.clone());
        }
    }
    Outcome {
        built,
        messages: game.warnings.clone(),
        refused: false,
    }
}

/// How far past its outline a face may paint (mm): a border's antialiased edge, a pixel.
const SLACK_MM: f64 = 0.4;

/// Where the outline `points` (a polygon, or a path followed by straight lines) is crossed by
/// the line across at height `y`: the stretches inside it.
fn spans(points: &[(f64, f64)], y: f64) -> Vec<(f64, f64)> {
    let mut xs: Vec<f64> = points
        .iter()
        .zip(points.iter().cycle().skip(1))
        .filter(|(a, b)| (a.1 <= y) != (b.1 <= y))
        .map(|(a, b)| a.0 + (y - a.1) * (b.0 - a.0) / (b.1 - a.1))
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.chunks_exact(2).map(|s| (s[0], s[1])).collect()
}

/// Where face `f` paints outside the outline it is cut along, if it is cut along one and does.
fn painted_outside(doc: &pnp::layout::document::Document, f: usize) -> Option<String> {
    use pnp::base::outline::Outline;
    let cut = doc.cut_of(f)?.clone();
    let face = &doc.faces.docs[f];
    let tree = doc.face_tree(f).unwrap();
    let pixmap = pnp::outputs::png::render(&tree, face, 100).unwrap();
    let (pw, ph) = (pixmap.width() as usize, pixmap.height() as usize);
    let data = pixmap.data();
    let (w, h) = (face.w, face.h);
    // Each row's stretches inside the outline, grown by the slack every way.
    let row = |y: f64| -> Vec<(f64, f64)> {
        match &cut {
            Outline::Circle => {
                let r = w.min(h) / 2.0 + SLACK_MM;
                let dy = ((y - h / 2.0).abs() - SLACK_MM).max(0.0);
                let half = (r * r - dy * dy).max(0.0).sqrt();
                match dy < r {
                    true => vec![(w / 2.0 - half, w / 2.0 + half)],
                    false => Vec::new(),
                }
            }
            Outline::Rect | Outline::Rounded(_) => vec![(f64::MIN, f64::MAX)],
            other => {
                let points = other.points().unwrap_or_default();
                let mut out = Vec::new();
                for k in 0..=8 {
                    let at = y - SLACK_MM + 2.0 * SLACK_MM * k as f64 / 8.0;
                    out.extend(
                        spans(points, at)
                            .into_iter()
                            .map(|(a, b)| (a - SLACK_MM, b + SLACK_MM)),
                    );
                }
                out
            }
        }
    };
    let (mut count, mut first) = (0, None);
    for py in 0..ph {
        let y = (py as f64 + 0.5) * h / ph as f64;
        let inside = row(y);
        for px in 0..pw {
            if data[(py * pw + px) * 4 + 3] <= 16 {
                continue;
            }
            let x = (px as f64 + 0.5) * w / pw as f64;
            if !inside.iter().any(|(a, b)| x >= *a && x <= *b) {
                count += 1;
                first.get_or_insert((x, y));
            }
        }
    }
    first.map(|(x, y)| {
        format!(
            "face `{}` paints {count} pixels outside its outline, the first at ({x:.1}, {y:.1}) mm",
            face.name
        )
    })
}

/// The lines of `text` within `lines` where `key:` is written, with those of its value below.
fn key_lines(text: &str, lines: (usize, usize), key: &str) -> Vec<usize> {
    let all: Vec<&str> = text.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let mut out = Vec::new();
    for n in lines.0..=lines.1.min(all.len()) {
        let l = all[n - 1];
        let bare = l.trim_start().trim_start_matches("- ");
        if !bare.starts_with(&format!("{key}:")) {
            continue;
        }
        out.push(n);
        let own = indent(l);
        out.extend(
            (n + 1..=lines.1.min(all.len()))
                .take_while(|&m| indent(all[m - 1]) > own)
                .collect::<Vec<_>>(),
        );
    }
    out
}

/// A message of `messages` inside `lines` that names `key`, or stands where it is written.
fn names<'m>(
    messages: &'m [pnp::base::diagnostic::Diagnostic],
    text: &str,
    lines: (usize, usize),
    key: &str,
) -> Option<&'m pnp::base::diagnostic::Diagnostic> {
    let named = format!("`{key}");
    let at = key_lines(text, lines, key);
    messages.iter().find(|m| {
        m.line >= lines.0
            && m.line <= lines.1
            && (m.message.contains(&named) || at.contains(&m.line))
    })
}

/// What was seen of the cases: their failures, and the messages to see printed by the binary.
#[derive(Default)]
struct Seen {
    failures: Vec<String>,
    /// Components whose case ended in a warning (they build), and in an error.
    warned: Vec<(String, Value, String)>,
    refused: Vec<(String, Value, String)>,
    cases: usize,
    builds: usize,
}

/// Builds the cases in batches and judges them.
fn judge(dir: &Path, label: &str, cases: Vec<Case>, seen: &mut Seen) {
    for (b, chunk) in cases.chunks(40).enumerate() {
        judge_batch(dir, &format!("{label}-{b}"), chunk, seen);
    }
}

fn judge_batch(dir: &Path, name: &str, cases: &[Case], seen: &mut Seen) {
    // The components, each case's `base`, `with` and its keeps, until none is refused.
    let mut left: Vec<usize> = (0..cases.len()).collect();
    for attempt in 0.. {
        let mut components = Vec::new();
        for &i in &left {
            let c = &cases[i];
            components.push((format!("c{i}-base"), c.base.clone()));
            components.push((format!("c{i}-with"), c.with.clone()));
            for (k, (_, keep)) in c.keeps.iter().enumerate() {
                components.push((format!("c{i}-keep{k}"), keep.clone()));
            }
        }
        let batch = write_batch(dir, &format!("{name}-{attempt}"), &components);
        let outcome = build_batch(&batch);
        seen.builds += 1;
        let lines_of = |id: &str| {
            batch
                .written
                .iter()
                .find(|w| w.id == id)
                .map(|w| w.lines)
                .unwrap()
        };
        if outcome.refused {
            // Each refused case is judged on its message; the others are built again.
            let mut still = Vec::new();
            for &i in &left {
                let c = &cases[i];
                let at = |which: &str| {
                    let lines = lines_of(&format!("c{i}-{which}"));
                    outcome
                        .messages
                        .iter()
                        .find(|m| m.line >= lines.0 && m.line <= lines.1)
                };
                let keeps_refused = (0..c.keeps.len()).any(|k| at(&format!("keep{k}")).is_some());
                match (at("base"), at("with")) {
                    (Some(m), _) => seen.failures.push(format!(
                        "{}: the game without the field is refused: {m}",
                        c.what
                    )),
                    (None, Some(_)) => {
                        let lines = lines_of(&format!("c{i}-with"));
                        match names(&outcome.messages, &batch.text, lines, &c.key) {
                            Some(_) => {
                                seen.cases += 1;
                                seen.refused
                                    .push((c.what.clone(), c.with.clone(), c.key.clone()));
                            }
                            None => seen.failures.push(format!(
                                "{}: refused with a message that does not name `{}`: {}",
                                c.what,
                                c.key,
                                at("with").unwrap()
                            )),
                        }
                    }
                    (None, None) if keeps_refused => seen.failures.push(format!(
                        "{}: taking away a field the face showed makes it refused",
                        c.what
                    )),
                    (None, None) => still.push(i),
                }
            }
            assert!(
                still.len() < left.len(),
                "{}: refused, but at no case: {:#?}",
                batch.path.display(),
                outcome.messages
            );
            left = still;
            if left.is_empty() {
                return;
            }
            continue;
        }
        for &i in &left {
            let c = &cases[i];
            seen.cases += 1;
            let built = |which: &str| {
                outcome
                    .built
                    .get(&format!("c{i}-{which}"))
                    .cloned()
                    .unwrap_or_default()
            };
            let (base, with) = (built("base"), built("with"));
            let with_lines = lines_of(&format!("c{i}-with"));
            let said = names(&outcome.messages, &batch.text, with_lines, &c.key);
            let changed = base.faces != with.faces;
            if let Some(m) = said.filter(|m| m.message.contains("not drawn"))
                && changed
            {
                seen.failures.push(format!(
                    "{}: said not to be drawn, yet it changes the piece: {m}",
                    c.what
                ));
            }
            match (changed, said) {
                (false, None) => seen.failures.push(format!(
                    "{}: dropped in silence (the piece is the same without it, and no message names it)",
                    c.what
                )),
                (false, Some(_)) => {
                    seen.warned
                        .push((c.what.clone(), c.with.clone(), c.key.clone()));
                }
                (true, _) => {}
            }
            if let Some(out) = with.outside.first() {
                seen.failures.push(format!("{}: {out}", c.what));
            }
            if !changed {
                continue;
            }
            for (k, (field, _)) in c.keeps.iter().enumerate() {
                let keep = built(&format!("keep{k}"));
                let key = field.rsplit('.').next().unwrap_or(field);
                let warned = names(&outcome.messages, &batch.text, with_lines, key);
                if keep.faces == with.faces && warned.is_none() {
                    seen.failures
                        .push(format!("{}: `{field}` no longer shows beside it", c.what));
                }
            }
        }
        return;
    }
}

/// The face fields the schema offers (a face is one definition, wherever it is written).
fn face_keys(schema: &Value) -> Vec<String> {
    schema["definitions"]["Face"]["properties"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect()
}

/// Every face field (`keys`) on every face, on the example's face and alone, for one shape.
fn face_cases(kind: &KindUnderTest, keys: &[String], shape: Option<&Value>, cases: &mut Vec<Case>) {
    let mut example = kind.example.clone();
    let shape_name = match shape {
        Some(s) => {
            example["shape"] = s.clone();
            format!(", shape {s}")
        }
        None => String::new(),
    };
    for way in &kind.faces {
        if way.first() == Some(&Step::Key("back".into())) && !kind.takes.contains("back") {
            continue;
        }
        for emptied in [false, true] {
            let mut start = example.clone();
            if emptied {
                let face = face_at(&mut start, way);
                if face.is_empty() {
                    continue;
                }
                face.clear();
            }
            let shown: Vec<String> = face_at(&mut start.clone(), way).keys().cloned().collect();
            for key in keys {
                for v in face_values(key) {
                    let mut base = start.clone();
                    let face = face_at(&mut base, way);
                    for (k, b) in v.beside.as_object().unwrap() {
                        face.entry(k.clone()).or_insert(b.clone());
                    }
                    if face.get(key) == Some(&v.value) {
                        continue;
                    }
                    let mut with = base.clone();
                    face_at(&mut with, way).insert(key.clone(), v.value.clone());
                    let keeps = shown
                        .iter()
                        .filter(|k| *k != key && !v.beside.as_object().unwrap().contains_key(*k))
                        .map(|k| {
                            let mut keep = with.clone();
                            face_at(&mut keep, way).remove(k);
                            (format!("{}.{k}", way_name(way)), keep)
                        })
                        .collect();
                    cases.push(Case {
                        what: format!(
                            "{}{shape_name}: {}{} `{key}: {}`",
                            kind.name,
                            way_name(way),
                            if emptied { " (emptied)" } else { "" },
                            v.value
                        ),
                        key: key.clone(),
                        base,
                        with,
                        keeps,
                    });
                }
            }
        }
    }
}

/// The fields the example's faces set, each taken away from `c`: `(way.key, c without it)`.
fn keeps_of(kind: &KindUnderTest, c: &Value) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for way in &kind.faces {
        let mut probe = kind.example.clone();
        let Some(face) = get_face(&mut probe, way) else {
            continue;
        };
        for key in face.keys() {
            let mut keep = c.clone();
            if let Some(f) = get_face(&mut keep, way) {
                f.remove(key);
                out.push((format!("{}.{key}", way_name(way)), keep));
            }
        }
    }
    out
}

/// The face at `way`, if the component writes it.
fn get_face<'v>(component: &'v mut Value, way: &Way) -> Option<&'v mut Map<String, Value>> {
    let mut at = component;
    for step in way {
        at = match step {
            Step::Key(k) => at.get_mut(k.as_str())?,
            Step::First => at.as_array_mut()?.first_mut()?,
        };
    }
    at.as_object_mut()
}

/// The shape of the kind's example: its own, or its kind's default.
fn shape_of(kind: &KindUnderTest) -> Value {
    kind.example
        .get("shape")
        .cloned()
        .unwrap_or_else(|| kind.default_shape.clone())
}

/// The component fields a kind takes: a size, each shape, a back.
fn component_cases(kind: &KindUnderTest, cases: &mut Vec<Case>) {
    let ex = &kind.example;
    if kind.takes.contains("size") {
        let mut with = ex.clone();
        // A quarter larger than the example's (whatever it holds still fits), or a size where
        // the example has none.
        let size = match ex.get("size") {
            Some(given) => {
                let size: pnp::base::units::Size =
                    serde_saphyr::from_str(&given.to_string()).unwrap();
                json!(format!(
                    "{}mm x {}mm",
                    size.w.mm() * 1.25,
                    size.h.mm() * 1.25
                ))
            }
            None => json!("150mm x 200mm"),
        };
        with["size"] = size.clone();
        cases.push(Case {
            what: format!("{}: `size: {size}`", kind.name),
            key: "size".into(),
            base: ex.clone(),
            keeps: keeps_of(kind, &with),
            with,
        });
    }
    if kind.takes.contains("shape") {
        for shape in shapes().into_iter().filter(|s| *s != shape_of(kind)) {
            let mut with = ex.clone();
            with["shape"] = shape.clone();
            cases.push(Case {
                what: format!("{}: `shape: {shape}`", kind.name),
                key: "shape".into(),
                base: ex.clone(),
                keeps: keeps_of(kind, &with),
                with,
            });
        }
    }
    if kind.takes.contains("back") {
        // Taken away where the example has one (what it shows goes), else given.
        let mut with = ex.clone();
        let what = match with.as_object_mut().unwrap().remove("back") {
            Some(_) => "without its `back:`".to_string(),
            None => {
                with["back"] = json!({"background": "#a23b72"});
                "`back: {background: \"#a23b72\"}`".to_string()
            }
        };
        cases.push(Case {
            what: format!("{}: {what}", kind.name),
            key: "back".into(),
            base: ex.clone(),
            keeps: Vec::new(),
            with,
        });
    }
}

/// The binary prints each message at its place: the cases that ended in a warning in one game
/// (`pnp validate` passes, saying each), those refused one a game (an error stops it).
fn binary_says(dir: &Path, label: &str, seen: &Seen) -> Vec<String> {
    let mut failures = Vec::new();
    let mut check = |name: &str, group: &[(String, Value, String)], refused: bool| {
        let components: Vec<(String, Value)> = group
            .iter()
            .enumerate()
            .map(|(i, (_, c, _))| (format!("m{i}"), c.clone()))
            .collect();
        let batch = write_batch(dir, name, &components);
        let out = pnp().arg("validate").arg(&batch.path).output().unwrap();
        let err = stderr(&out);
        assert_eq!(
            out.status.success(),
            !refused,
            "{}: {err}",
            batch.path.display()
        );
        let file = batch.path.to_string_lossy();
        let said: Vec<(usize, String)> = err
            .lines()
            .filter_map(|l| {
                let rest = l
                    .strip_prefix("warning: ")
                    .or_else(|| l.strip_prefix("error: "))?;
                let rest = rest.strip_prefix(&*file)?.strip_prefix(':')?;
                let mut parts = rest.splitn(3, ':');
                let line: usize = parts.next()?.parse().ok()?;
                let _column: usize = parts.next()?.parse().ok()?;
                Some((line, parts.next()?.trim().to_string()))
            })
            .collect();
        for ((what, _, key), w) in group.iter().zip(&batch.written) {
            let named = format!("`{key}");
            let at = key_lines(&batch.text, w.lines, key);
            let found = said.iter().any(|(line, message)| {
                *line >= w.lines.0
                    && *line <= w.lines.1
                    && (message.contains(&named) || at.contains(line))
            });
            if !found {
                failures.push(format!(
                    "{what}: `pnp validate` prints no `file:line:column` message naming `{key}` in lines {}–{} of {}",
                    w.lines.0,
                    w.lines.1,
                    batch.path.display()
                ));
            }
        }
    };
    if !seen.warned.is_empty() {
        check(&format!("{label}-warned"), &seen.warned, false);
    }
    // A game's errors are said together (the checks do not stop at the first): one game holds
    // every refused case.
    if !seen.refused.is_empty() {
        check(&format!("{label}-refused"), &seen.refused, true);
    }
    failures
}

fn write_picture(dir: &Path) {
    std::fs::write(dir.join("picture.svg"), PICTURE).unwrap();
}

/// One kind's cases: its component fields, then its face fields (`keys`) on each shape it
/// takes.
fn one_kind(dir: &Path, kind: &KindUnderTest, keys: &[String]) -> (Seen, Vec<String>) {
    let mut seen = Seen::default();
    // The component fields first: a shape the kind refuses is not tried with every field.
    let mut cases = Vec::new();
    component_cases(kind, &mut cases);
    judge(dir, &format!("{}-component", kind.name), cases, &mut seen);
    let refused: Vec<String> = seen
        .refused
        .iter()
        .map(|(what, _, _)| what.clone())
        .collect();
    let mut shapes_taken = vec![None];
    if kind.takes.contains("shape") {
        for shape in shapes().into_iter().filter(|s| *s != shape_of(kind)) {
            let what = format!("{}: `shape: {shape}`", kind.name);
            if !refused.contains(&what) {
                shapes_taken.push(Some(shape));
            }
        }
    }
    for (s, shape) in shapes_taken.iter().enumerate() {
        let mut cases = Vec::new();
        face_cases(kind, keys, shape.as_ref(), &mut cases);
        judge(dir, &format!("{}-faces-{s}", kind.name), cases, &mut seen);
    }
    let said = binary_says(dir, kind.name, &seen);
    (seen, said)
}

#[test]
fn every_kind_draws_every_field_it_is_offered_or_says_it_does_not() {
    let dir = temp_dir("fields");
    write_picture(&dir);
    let started = std::time::Instant::now();
    let kinds = kinds();
    let keys = face_keys(&pnp::commands::schema::schema());
    // Two at a time: the kinds are independent, each its own games.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(BTreeMap::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    let Some(kind) = kinds.get(i) else { break };
                    let result = one_kind(&dir, kind, &keys);
                    results.lock().unwrap().insert(i, result);
                }
            });
        }
    });
    let (mut failures, mut cases, mut builds) = (Vec::new(), 0, 0);
    for (_, (mut seen, said)) in results.into_inner().unwrap() {
        failures.append(&mut seen.failures);
        failures.extend(said);
        cases += seen.cases;
        builds += seen.builds;
    }
    eprintln!(
        "every kind, every field: {cases} cases in {builds} games, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} of {cases} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The values the schema lists for a field (`enum`, or a `oneOf` of `const`s), if it lists them.
fn listed(schema: &Value, node: &Value) -> Option<Vec<Value>> {
    if let Some((_, def)) = definition(schema, node) {
        return listed(schema, def);
    }
    if let Some(values) = node["enum"].as_array() {
        return Some(values.iter().filter(|v| !v.is_null()).cloned().collect());
    }
    if let Some(value) = node.get("const") {
        return Some(vec![value.clone()]);
    }
    let branches = ["anyOf", "oneOf", "allOf"]
        .iter()
        .flat_map(|k| node[k].as_array().into_iter().flatten());
    let found: Vec<Vec<Value>> = branches.filter_map(|b| listed(schema, b)).collect();
    (!found.is_empty()).then(|| found.concat())
}

#[test]
fn every_value_the_schema_lists_for_a_face_field_is_tried() {
    // Left out, each for its reason: the defaults (set, they change nothing), and the sides a
    // picture may sit at, which move it only across the way `cover` crops it (the corners
    // tried move it either way).
    let left_out = [
        ("fit", "cover"),
        ("position", "center"),
        ("position", "top"),
        ("position", "bottom"),
        ("position", "left"),
        ("position", "right"),
    ];
    let schema = pnp::commands::schema::schema();
    let face = &schema["definitions"]["Face"]["properties"];
    for key in face_keys(&schema) {
        let tried: Vec<Value> = face_values(&key).into_iter().map(|s| s.value).collect();
        let Some(offered) = listed(&schema, &face[&key]) else {
            continue;
        };
        for value in &offered {
            let skipped = left_out
                .iter()
                .any(|(k, v)| *k == key && value == &json!(v));
            assert!(
                tried.contains(value) || skipped,
                "`{key}: {value}` is offered but not tried"
            );
        }
        for value in &tried {
            assert!(
                offered.contains(value),
                "`{key}: {value}` is tried but not offered"
            );
        }
    }
}
