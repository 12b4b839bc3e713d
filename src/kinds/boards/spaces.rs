//! What boards of every geometry share (`board`, `hex-board`, `point-board`): spaces named by
//! their coordinates (`a1` at the bottom left, as on a chess board), marks drawn in styles named
//! once, a score track around the edge, labelled areas beside the grid, and the frame that
//! places these around the grid. Each board kind lists its spaces (`Geometry`); marks, rules and
//! Tabletop Simulator's snap points all work from that list.
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;

use crate::base::geometry::Rect;
use crate::base::units::{Length, Size};
use crate::draw::canvas::{Anchor, Canvas, circle, n, place, rect, text};
use crate::draw::text::{Font, fit};
use crate::kinds::CheckCx;
use crate::kinds::face::{Art, DrawError};
use crate::spec::color::Color;

/// The margin around a grid: room for its coordinates and the board's title.
pub const EDGE_MM: f64 = 8.0;
/// How far from the grid the margin's coordinates are centred: nearer the grid than the cut, so
/// that they stay 3 mm inside it (a print shop's safe zone) and read with their row or column.
const MARGIN_LABEL_MM: f64 = 3.0;
/// Between the track, the areas and the board's edge.
const GAP_MM: f64 = 4.0;
/// Width of the grid lines; the outer frame is twice as thick.
pub const LINE_MM: f64 = 0.35;
/// Width of a style's `outline:` round the area it marks: four grid lines, so it reads as a
/// border and not as one more grid line, in grayscale too.
pub const OUTLINE_MM: f64 = 4.0 * LINE_MM;
/// The style every board knows: a dot (a Go board's star points).
pub const STAR: &str = "star";
/// Most spaces of a score track around the edge.
pub const MAX_TRACK: i64 = 400;

/// The name of column `i` (0-based) as printed: A…Z, then AA, AB…
pub fn column_name(i: u32) -> String {
    let mut i = i as usize;
    let mut out = Vec::new();
    loop {
        out.push(b'A' + (i % 26) as u8);
        if i < 26 {
            break;
        }
        i = i / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// The name of the space in column `col` (0-based) and row `row` counted from the bottom
/// (1-based), as the YAML writes it: `a1`, `k11`.
pub fn space_name(col: u32, row: u32) -> String {
    format!("{}{row}", column_name(col).to_ascii_lowercase())
}

/// A style of mark: how a marked space is drawn (`styles: {throne: {fill: "#c9a227"}}`).
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Style {
    /// Fill of a marked square or hex; the dot of a marked point (the ink by default).
    #[serde(default)]
    pub fill: Option<Color>,
    /// Colour of its symbol and label (the board's ink by default).
    #[serde(default)]
    pub ink: Option<Color>,
    /// A symbol drawn in the space.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub symbol: Option<Spanned<String>>,
    /// A short text in the space ("Start", "×2").
    #[serde(default)]
    pub label: Option<String>,
    /// A heavy line in this colour around the area the style marks, along its outer edge only:
    /// a zone of the board, such as the smaller board for fewer players. Squares and hexes.
    #[serde(default)]
    pub outline: Option<Color>,
}

/// The marks of a board: for each style, the spaces it marks (`corner: [a1, a11, k1, k11]`), or
/// runs of them along a column or a row (`edge: [a1-a11]`).
pub type Marks = BTreeMap<String, Vec<Spanned<String>>>;

/// A score track around the board's edge: spaces numbered `from` to `to`, clockwise from the
/// top left corner.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EdgeTrack {
    /// The first space's number (default 0).
    #[serde(default)]
    pub from: i64,
    /// The last space's number.
    #[schemars(with = "i64")]
    pub to: Spanned<i64>,
    /// How deep the ring of spaces is (default 10mm).
    #[serde(default)]
    #[schemars(with = "Option<Length>")]
    pub depth: Option<Spanned<Length>>,
}

impl EdgeTrack {
    pub fn depth_mm(&self) -> f64 {
        self.depth.as_ref().map_or(10.0, |d| d.value.mm())
    }
    /// How many spaces it has.
    pub fn count(&self) -> i64 {
        self.to.value - self.from + 1
    }
}

/// A labelled area beside the grid, such as where a deck is put.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Area {
    pub label: String,
    #[schemars(with = "Size")]
    pub size: Spanned<Size>,
    /// The side of the board it is on (default right).
    #[serde(default)]
    pub side: AreaSide,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum AreaSide {
    #[default]
    Right,
    Left,
    Top,
    Bottom,
}

/// What every board has beside its grid, as each board's section gives it.
#[derive(Debug, Clone, Copy)]
pub struct Extras<'a> {
    pub coordinates: bool,
    pub styles: &'a BTreeMap<String, Style>,
    pub marks: &'a Marks,
    pub track: Option<&'a EdgeTrack>,
    pub areas: &'a [Area],
}

/// A space of a board (a square, a hex or a point) by its name, at its centre (mm from the
/// board's top left).
#[derive(Debug, Clone, PartialEq)]
pub struct Space {
    pub name: String,
    pub x: f64,
    pub y: f64,
}

/// The spaces of a board and what joins and marks them.
#[derive(Debug, Clone, Default)]
pub struct Geometry {
    /// What its spaces are called in the rules ("square", "hex", "point").
    pub noun: &'static str,
    pub spaces: Vec<Space>,
    /// Lines joining two spaces (a board of points): indices into `spaces`.
    pub lines: Vec<(usize, usize)>,
    /// The spaces each style marks, by index, for each style the marks use.
    pub marked: BTreeMap<String, Vec<usize>>,
    /// The spaces of the score track around the edge, in order, named by their numbers.
    pub track: Vec<Space>,
    /// The styles the board defines (and `star`, which every board knows), marking spaces or
    /// not: the styles a rule may count.
    pub styles: Vec<String>,
}

impl Geometry {
    /// Its spaces' noun in the plural: "squares", "hexes", "points".
    pub fn nouns(&self) -> String {
        match self.noun.ends_with('x') {
            true => format!("{}es", self.noun),
            false => format!("{}s", self.noun),
        }
    }

    /// The spaces of a board, with the marks of `extras` resolved (a mark of a space that does
    /// not exist is left out here: `check` reports it).
    pub fn new(noun: &'static str, spaces: Vec<Space>, extras: &Extras, frame: &Frame) -> Self {
        let mut marked = BTreeMap::new();
        for (style, names) in extras.marks {
            let mut at: Vec<usize> = names
                .iter()
                .flat_map(|name| resolve(&spaces, &name.value).unwrap_or_default())
                .collect();
            at.sort_unstable();
            at.dedup();
            marked.insert(style.clone(), at);
        }
        let track = frame
            .ring
            .iter()
            .flat_map(|ring| &ring.spaces)
            .map(|(r, number)| Space {
                name: number.to_string(),
                x: r.x + r.w / 2.0,
                y: r.y + r.h / 2.0,
            })
            .collect();
        let mut styles: Vec<String> = extras.styles.keys().cloned().collect();
        if !extras.styles.contains_key(STAR) {
            styles.push(STAR.to_string());
        }
        Geometry {
            noun,
            spaces,
            lines: Vec::new(),
            marked,
            track,
            styles,
        }
    }
}

/// The column (0-based) and row (1-based, from the bottom) of a space named `<letters><row>`.
pub fn column_row(name: &str) -> Option<(u32, u32)> {
    parts(name).map(|(letters, row)| (column_index(&letters), row))
}

/// The index of the space named `name` (any case).
pub fn find(spaces: &[Space], name: &str) -> Option<usize> {
    let name = name.trim().to_ascii_lowercase();
    spaces.iter().position(|s| s.name == name)
}

/// A space's name split into its column letters and its row number.
fn parts(name: &str) -> Option<(String, u32)> {
    let name = name.trim().to_ascii_lowercase();
    let split = name.find(|c: char| c.is_ascii_digit())?;
    let (letters, number) = name.split_at(split);
    let all_letters = !letters.is_empty() && letters.chars().all(|c| c.is_ascii_lowercase());
    all_letters.then_some(())?;
    Some((letters.to_string(), number.parse().ok()?))
}

/// Where the row (or else the column) a missing space's name points at runs: "row 9 runs from
/// e9 to i9", for a name whose row or column the board has.
fn line_of(geometry: &Geometry, name: &str) -> Option<String> {
    let (letters, row) = parts(name)?;
    let named: Vec<(String, u32)> = geometry
        .spaces
        .iter()
        .filter_map(|s| parts(&s.name))
        .collect();
    let span = |mut line: Vec<&(String, u32)>| -> Option<(String, String)> {
        line.sort_by_key(|(l, r)| (column_index(l), *r));
        let (first, last) = (line.first()?, line.last()?);
        Some((
            format!("{}{}", first.0, first.1),
            format!("{}{}", last.0, last.1),
        ))
    };
    if let Some((a, b)) = span(named.iter().filter(|(_, r)| *r == row).collect()) {
        return Some(format!("row {row} runs from {a} to {b}"));
    }
    let (a, b) = span(named.iter().filter(|(l, _)| *l == letters).collect())?;
    Some(format!("column {letters} runs from {a} to {b}"))
}

/// The column index of letters `a`, `b`… `aa` (0-based).
fn column_index(letters: &str) -> u32 {
    letters
        .bytes()
        .fold(0u32, |acc, b| {
            acc.saturating_mul(26).saturating_add((b - b'a' + 1) as u32)
        })
        .saturating_sub(1)
}

/// The spaces a mark names: one space (`f6`), or a run along a column or a row (`a1-a11`,
/// `a1-k1`), every space of it that exists; what is wrong with it otherwise.
pub fn resolve(spaces: &[Space], name: &str) -> Result<Vec<usize>, String> {
    let Some((from, to)) = name.split_once('-') else {
        return find(spaces, name)
            .map(|i| vec![i])
            .ok_or_else(|| format!("no such space `{name}`"));
    };
    let (Some((c0, r0)), Some((c1, r1))) = (parts(from), parts(to)) else {
        return Err(format!(
            "`{name}`: expected a run such as `a1-a11` or `a1-k1`"
        ));
    };
    // Only as far as the board goes: a run past its edge names no more spaces, and a run to
    // `zzzzzz3` or `a4000000000` must not make billions of names first (found by fuzzing).
    let (last_col, last_row) = spaces
        .iter()
        .filter_map(|s| parts(&s.name))
        .fold((0, 0), |(c, r), (letters, row)| {
            (c.max(column_index(&letters)), r.max(row))
        });
    let names: Vec<String> = if c0 == c1 {
        (r0.min(r1)..=r0.max(r1).min(last_row))
            .map(|r| format!("{c0}{r}"))
            .collect()
    } else if r0 == r1 {
        let (a, b) = (column_index(&c0), column_index(&c1));
        (a.min(b)..=a.max(b).min(last_col))
            .map(|c| space_name(c, r0))
            .collect()
    } else {
        return Err(format!(
            "`{name}` is neither along a column nor along a row"
        ));
    };
    let found: Vec<usize> = names.iter().filter_map(|n| find(spaces, n)).collect();
    match found.is_empty() {
        true => Err(format!("no space in the run `{name}`")),
        false => Ok(found),
    }
}

/// Where a board's parts lie: its grid inside a margin, the score track around that, and the
/// areas outside.
#[derive(Debug, Clone)]
pub struct Frame {
    pub w: f64,
    pub h: f64,
    /// The grid's box.
    pub grid: Rect,
    /// The grid with its margin, which the track runs around.
    pub inner: Rect,
    pub ring: Option<Ring>,
    /// Where each of `Extras::areas` is.
    pub areas: Vec<Rect>,
}

/// The score track's spaces, with their numbers, clockwise from the top left corner.
#[derive(Debug, Clone)]
pub struct Ring {
    pub depth: f64,
    pub spaces: Vec<(Rect, i64)>,
}

impl Frame {
    /// The frame of a `grid_w` × `grid_h` grid with `extras` around it.
    pub fn new(grid_w: f64, grid_h: f64, extras: &Extras) -> Frame {
        let depth = extras.track.map_or(0.0, |t| t.depth_mm());
        // The grid, its margin and the ring, before the areas.
        let (core_w, core_h) = (
            grid_w + 2.0 * EDGE_MM + 2.0 * depth,
            grid_h + 2.0 * EDGE_MM + 2.0 * depth,
        );
        let on = |side: AreaSide| extras.areas.iter().filter(move |a| a.side == side);
        let size = |a: &Area| (a.size.value.w.mm(), a.size.value.h.mm());
        // Beside the core (left, right): as wide as the widest; stacked down.
        let across = |side| on(side).map(|a| size(a).0).fold(0.0, f64::max);
        let down = |side| on(side).map(|a| size(a).1).fold(0.0, f64::max);
        let stack_down = |side| {
            let hs: Vec<f64> = on(side).map(|a| size(a).1).collect();
            hs.iter().sum::<f64>() + GAP_MM * (hs.len().max(1) - 1) as f64
        };
        let stack_across = |side| {
            let ws: Vec<f64> = on(side).map(|a| size(a).0).collect();
            ws.iter().sum::<f64>() + GAP_MM * (ws.len().max(1) - 1) as f64
        };
        let band = |extent: f64| match extent > 0.0 {
            true => extent + 2.0 * GAP_MM,
            false => 0.0,
        };
        let (left, right) = (band(across(AreaSide::Left)), band(across(AreaSide::Right)));
        let (top, bottom) = (band(down(AreaSide::Top)), band(down(AreaSide::Bottom)));
        // A gap from the cut on every side: an area's dashed outline is not trimmed with it.
        let w = (left + core_w + right)
            .max(left + stack_across(AreaSide::Top) + 2.0 * GAP_MM)
            .max(left + stack_across(AreaSide::Bottom) + 2.0 * GAP_MM);
        let h = (top + core_h + bottom)
            .max(top + stack_down(AreaSide::Left) + 2.0 * GAP_MM + bottom)
            .max(top + stack_down(AreaSide::Right) + 2.0 * GAP_MM + bottom);
        let (cx, cy) = (left, top);
        let inner = Rect {
            x: cx + depth,
            y: cy + depth,
            w: grid_w + 2.0 * EDGE_MM,
            h: grid_h + 2.0 * EDGE_MM,
        };
        let grid = Rect {
            x: inner.x + EDGE_MM,
            y: inner.y + EDGE_MM,
            w: grid_w,
            h: grid_h,
        };
        let ring = extras.track.map(|t| Ring {
            depth,
            spaces: ring_spaces(&inner, depth, t.from, t.count().max(4) as usize),
        });
        // Each side's areas in the order written, a gap in from the core's top (or left) edge.
        let mut next = BTreeMap::new();
        let areas = extras
            .areas
            .iter()
            .map(|a| {
                let (aw, ah) = size(a);
                let at = next.entry(a.side as u8).or_insert(match a.side {
                    AreaSide::Left | AreaSide::Right => cy + GAP_MM,
                    AreaSide::Top | AreaSide::Bottom => cx + GAP_MM,
                });
                let r = match a.side {
                    AreaSide::Right => Rect {
                        x: cx + core_w + GAP_MM,
                        y: *at,
                        w: aw,
                        h: ah,
                    },
                    AreaSide::Left => Rect {
                        x: GAP_MM,
                        y: *at,
                        w: aw,
                        h: ah,
                    },
                    AreaSide::Top => Rect {
                        x: *at,
                        y: GAP_MM,
                        w: aw,
                        h: ah,
                    },
                    AreaSide::Bottom => Rect {
                        x: *at,
                        y: cy + core_h + GAP_MM,
                        w: aw,
                        h: ah,
                    },
                };
                *at += match a.side {
                    AreaSide::Left | AreaSide::Right => ah + GAP_MM,
                    AreaSide::Top | AreaSide::Bottom => aw + GAP_MM,
                };
                r
            })
            .collect();
        Frame {
            w,
            h,
            grid,
            inner,
            ring,
            areas,
        }
    }
}

/// `count` spaces in a ring `depth` deep around `inner`, clockwise from its top left corner:
/// a square at each corner, the rest shared out along the sides by their lengths.
fn ring_spaces(inner: &Rect, depth: f64, from: i64, count: usize) -> Vec<(Rect, i64)> {
    let sides = [inner.w, inner.h, inner.w, inner.h];
    let rest = count.saturating_sub(4);
    let perimeter: f64 = sides.iter().sum();
    // Largest remainders, so the counts add up to `rest`.
    let exact: Vec<f64> = sides.iter().map(|s| rest as f64 * s / perimeter).collect();
    let mut counts: Vec<usize> = exact.iter().map(|e| e.floor() as usize).collect();
    let mut order: Vec<usize> = (0..4).collect();
    order.sort_by(|&a, &b| (exact[b] - exact[b].floor()).total_cmp(&(exact[a] - exact[a].floor())));
    for &i in order.iter().take(rest - counts.iter().sum::<usize>()) {
        counts[i] += 1;
    }
    let (x0, y0) = (inner.x - depth, inner.y - depth);
    let (x1, y1) = (inner.right(), inner.bottom());
    let square = |x: f64, y: f64| Rect {
        x,
        y,
        w: depth,
        h: depth,
    };
    let mut out = Vec::with_capacity(count);
    let mut push = |r: Rect| {
        let number = from + out.len() as i64;
        out.push((r, number));
    };
    push(square(x0, y0));
    let step = inner.w / counts[0].max(1) as f64;
    for i in 0..counts[0] {
        push(Rect {
            x: inner.x + i as f64 * step,
            y: y0,
            w: step,
            h: depth,
        });
    }
    push(square(x1, y0));
    let step = inner.h / counts[1].max(1) as f64;
    for i in 0..counts[1] {
        push(Rect {
            x: x1,
            y: inner.y + i as f64 * step,
            w: depth,
            h: step,
        });
    }
    push(square(x1, y1));
    let step = inner.w / counts[2].max(1) as f64;
    for i in 0..counts[2] {
        push(Rect {
            x: x1 - (i + 1) as f64 * step,
            y: y1,
            w: step,
            h: depth,
        });
    }
    push(square(x0, y1));
    let step = inner.h / counts[3].max(1) as f64;
    for i in 0..counts[3] {
        push(Rect {
            x: x0,
            y: y1 - (i + 1) as f64 * step,
            w: depth,
            h: step,
        });
    }
    out
}

/// Checks what every board has beside its grid: marks of spaces that exist in styles that
/// exist, a track of at least four spaces, areas of a sensible size.
pub fn check(cx: &mut CheckCx, extras: &Extras, geometry: &Geometry) {
    let id = cx.component.id.value.clone();
    let noun = geometry.noun;
    for (style, names) in extras.marks {
        let known = style == STAR || extras.styles.contains_key(style);
        let outlined = extras
            .styles
            .get(style)
            .is_some_and(|s| s.outline.is_some());
        if let (true, Some(first)) = (outlined && noun == "point", names.first()) {
            cx.at(
                first,
                format!("style `{style}` has an `outline:`, which goes round squares or hexes; board `{id}` is a board of points: give the style a `fill` instead"),
            );
        }
        for (i, name) in names.iter().enumerate() {
            if i == 0 && !known {
                let mut styles: Vec<String> =
                    extras.styles.keys().map(|s| format!("`{s}`")).collect();
                styles.push(format!("`{STAR}`"));
                cx.at(
                    name,
                    format!(
                        "no style `{style}` on board `{id}`: expected one of {} (define it under `styles:` with a fill, symbol, label or ink)",
                        styles.join(", ")
                    ),
                );
            }
            if let Err(why) = resolve(&geometry.spaces, &name.value) {
                // From the bottom left to the top right, as a player reads coordinates.
                let corner = |sign: f64| {
                    geometry.spaces.iter().min_by(|a, b| {
                        (sign * a.y, -sign * a.x)
                            .partial_cmp(&(sign * b.y, -sign * b.x))
                            .unwrap()
                    })
                };
                let range = match (line_of(geometry, &name.value), corner(-1.0), corner(1.0)) {
                    // "a9" on a hexagon of hexes, whose row 9 starts at e9: that row's names.
                    (Some(line), _, _) => format!(" ({line})"),
                    (None, Some(a), Some(b)) => format!(
                        " (its {} are named from {} to {})",
                        geometry.nouns(),
                        a.name,
                        b.name
                    ),
                    _ => String::new(),
                };
                let why = why.replace("space", noun);
                cx.at(name, format!("{why} on board `{id}`{range}"));
            }
        }
    }
    if let Some(track) = extras.track {
        if !(4..=MAX_TRACK).contains(&track.count()) {
            cx.at(
                &track.to,
                format!(
                    "a track around the edge counts up and has 4 to {MAX_TRACK} spaces; `from: {}` to `to: {}` makes {}",
                    track.from,
                    track.to.value,
                    track.count().max(0)
                ),
            );
        }
        if let Some(depth) = &track.depth
            && !(5.0..=40.0).contains(&depth.value.mm())
        {
            cx.at(
                depth,
                format!(
                    "the track's `depth` is {} mm; it must be 5 to 40 mm",
                    crate::spec::short_mm(depth.value.mm())
                ),
            );
        }
    }
    for area in extras.areas {
        crate::spec::check_min_side(cx, &format!("area `{}`", area.label), "it must", &area.size);
    }
}

/// The texts a board prints beside its spaces' coordinates: its styles' labels and its areas'.
pub fn texts<'a>(extras: &Extras<'a>) -> Vec<&'a str> {
    let styles = extras.styles.values().filter_map(|s| s.label.as_deref());
    styles
        .chain(extras.areas.iter().map(|a| a.label.as_str()))
        .collect()
}

/// The symbols its styles draw.
pub fn symbols<'a>(extras: &Extras<'a>) -> Vec<&'a Spanned<String>> {
    extras
        .styles
        .values()
        .filter_map(|s| s.symbol.as_ref())
        .collect()
}

/// How a marked space is shaped: a cell (its outline) or a point (its centre and the radius a
/// mark takes).
pub enum Marked<'a> {
    Cell {
        outline: &'a [(f64, f64)],
        x: f64,
        y: f64,
        size: f64,
    },
    Point {
        x: f64,
        y: f64,
        r: f64,
        /// The radius of what the board draws on every point (a dot or a ring), which a label
        /// stays clear of as well.
        drawn: f64,
        /// The directions of the lines that leave the point (radians, clockwise from the right
        /// as the page's y runs down).
        lines: Vec<f64>,
        /// The grid's box, which a label stays in.
        room: Rect,
    },
}

/// Draws the mark of `style` on one space, in `ink` unless the style says otherwise.
pub fn draw_mark(
    cv: &mut Canvas,
    style_name: &str,
    style: Option<&Style>,
    at: Marked,
    art: &Art,
    ink: &str,
    sliced: bool,
) -> Result<(), DrawError> {
    let default = Style::default();
    let style = style.unwrap_or(&default);
    let mark_ink = style.ink.as_ref().map_or(ink, |c| c.hex());
    let fill = style.fill.as_ref().map(|c| c.hex());
    match at {
        Marked::Cell {
            outline,
            x,
            y,
            size,
        } => {
            if let Some(fill) = fill {
                cv.add(polygon(outline, fill));
            }
            if style_name == STAR && style.symbol.is_none() && style.label.is_none() {
                cv.add(circle(x, y, size * 0.08, mark_ink));
            }
            let label_h = style.label.as_ref().map_or(0.0, |_| size * 0.2);
            if let Some(symbol) = &style.symbol {
                let s = size * 0.62 - label_h;
                let g = art.symbol(&symbol.value)?;
                cv.add(place(
                    &g,
                    x - s / 2.0,
                    y - s / 2.0 - label_h / 2.0,
                    s,
                    mark_ink,
                ));
            }
            if let Some(label) = &style.label {
                let (font_max, baseline) = match style.symbol {
                    Some(_) => (label_h * 0.9, y + size * 0.31 + label_h * 0.15),
                    None => (size * 0.3, y + size * 0.1),
                };
                let s = fit(Font::CondensedBold, font_max, size * 0.8, label);
                cv.add(text(
                    x,
                    baseline,
                    s,
                    Font::CondensedBold,
                    Anchor::Middle,
                    mark_ink,
                    label,
                ));
            }
        }
        Marked::Point {
            x,
            y,
            r,
            drawn,
            lines,
            room,
        } => {
            let dot = match style_name == STAR && fill.is_none() {
                true => r * 0.45,
                false => r,
            };
            // A point filled in slices by several styles has its dot already.
            if !sliced {
                cv.add(circle(x, y, dot, fill.unwrap_or(mark_ink)));
            }
            if let Some(symbol) = &style.symbol {
                let s = r * 1.4;
                let g = art.symbol(&symbol.value)?;
                cv.add(place(&g, x - s / 2.0, y - s / 2.0, s, "#ffffff"));
            }
            if let Some(label) = &style.label {
                let s = fit(Font::CondensedBold, r * 1.2, r * 6.0, label);
                let w = crate::draw::text::width(Font::CondensedBold, s, label);
                let room = Rect {
                    x: room.x - x,
                    y: room.y - y,
                    ..room
                };
                let (cx, cy) = label_place(&lines, r.max(drawn), (w / 2.0, s * 0.5), &room);
                cv.add(text(
                    x + cx,
                    y + cy + s * 0.35,
                    s,
                    Font::CondensedBold,
                    Anchor::Middle,
                    mark_ink,
                    label,
                ));
            }
        }
    }
    Ok(())
}

/// Where the centre of a point's label goes, from the point: where a box of half extents
/// `half` misses the lines that leave it (`lines`, their directions) and the `r` mm drawn on
/// the point, and stays in `room` (the grid's box, from the point); as near as that allows,
/// and up and to the right where several places are as near.
fn label_place(lines: &[f64], r: f64, (hx, hy): (f64, f64), room: &Rect) -> (f64, f64) {
    use std::f64::consts::{FRAC_PI_4, PI, TAU};
    // How far a box reaches along a unit vector.
    let reach = |nx: f64, ny: f64| hx * nx.abs() + hy * ny.abs();
    // How far out along direction `a` the box clears the point and every line.
    let distance = |a: f64| {
        let (ux, uy) = (a.cos(), a.sin());
        let mut d = r + 0.6 + reach(ux, uy);
        for &line in lines {
            let apart = (a - line).rem_euclid(TAU);
            let apart = apart.min(TAU - apart);
            if apart < 1e-9 {
                return f64::INFINITY;
            }
            // Lines behind the box cannot meet it; one beside it is d·sin(apart) away.
            if apart < PI / 2.0 {
                d = d.max((reach(-line.sin(), line.cos()) + 0.6) / apart.sin());
            }
        }
        d
    };
    let inside = |(x, y): (f64, f64)| {
        x - hx >= room.x && x + hx <= room.right() && y - hy >= room.y && y + hy <= room.bottom()
    };
    // Every 7.5°, scored by distance, a little more the further from up and right.
    let candidates = (0..48).map(|k| {
        let a = -FRAC_PI_4 + k as f64 * TAU / 48.0;
        let d = distance(a);
        let off = ((a + FRAC_PI_4).rem_euclid(TAU)).min(TAU - (a + FRAC_PI_4).rem_euclid(TAU));
        let at = (a.cos() * d, a.sin() * d);
        (d * (1.0 + 0.15 * off / PI), at)
    });
    let best = |fits: bool| {
        candidates
            .clone()
            .filter(|(score, at)| score.is_finite() && (!fits || inside(*at)))
            .min_by(|p, q| p.0.total_cmp(&q.0))
            .map(|(_, at)| at)
    };
    best(true)
        .or_else(|| best(false))
        .unwrap_or((r + hx, -(r + hy)))
}

/// A filled polygon.
pub fn polygon(points: &[(f64, f64)], fill: &str) -> svg::node::element::Polygon {
    let points: Vec<String> = points
        .iter()
        .map(|(x, y)| format!("{},{}", n(*x), n(*y)))
        .collect();
    svg::node::element::Polygon::new()
        .set("points", points.join(" "))
        .set("fill", fill)
}

/// Draws the marks of `extras` on the spaces of `geometry`, each shaped by `shape_of`. A space
/// that several styles fill (a corner of Hex, on a red and a blue side) is filled in each, in
/// slices facing the neighbours each style marks, and counts for each.
pub fn draw_marks<'g>(
    cv: &mut Canvas,
    extras: &Extras,
    geometry: &Geometry,
    shape_of: impl Fn(usize) -> Marked<'g>,
    art: &Art,
    ink: &str,
) -> Result<(), DrawError> {
    let fill_of = |style: &str| extras.styles.get(style).and_then(|s| s.fill.as_ref());
    // The styles that fill each space.
    let mut fills: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for (style, at) in &geometry.marked {
        if fill_of(style).is_some() {
            for &i in at {
                fills.entry(i).or_default().push(style);
            }
        }
    }
    for (&i, styles) in fills.iter().filter(|(_, s)| s.len() > 1) {
        let slices = slices(geometry, i, styles);
        for (style, (from, to)) in styles.iter().zip(slices) {
            let fill = fill_of(style).map_or(ink, |c| c.hex());
            cv.add(slice(&shape_of(i), from, to, fill));
        }
    }
    for (style, at) in &geometry.marked {
        for &i in at {
            // Filled already, in its slice.
            let shared = fills.get(&i).is_some_and(|s| s.len() > 1) && fill_of(style).is_some();
            let style_ = extras.styles.get(style);
            let unfilled;
            let style_ = match (shared, style_) {
                (true, Some(s)) => {
                    unfilled = Style {
                        fill: None,
                        ..s.clone()
                    };
                    Some(&unfilled)
                }
                _ => style_,
            };
            draw_mark(cv, style, style_, shape_of(i), art, ink, shared)?;
        }
    }
    Ok(())
}

/// The slices (angles from, to, in radians clockwise from the right) of space `i` that each of
/// `styles` fills: each centred on the direction of the neighbours it marks, split half way
/// between; equal slices from the top when a style marks no neighbour.
fn slices(geometry: &Geometry, i: usize, styles: &[&str]) -> Vec<(f64, f64)> {
    use std::f64::consts::{FRAC_PI_2, TAU};
    let here = &geometry.spaces[i];
    let distance = |s: &Space| (s.x - here.x).hypot(s.y - here.y);
    // Neighbours are one step away: the nearest any space is.
    let step = geometry
        .spaces
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != i)
        .map(|(_, s)| distance(s))
        .fold(f64::INFINITY, f64::min);
    let facing: Vec<Option<f64>> = styles
        .iter()
        .map(|style| {
            let (sx, sy) = geometry
                .marked
                .get(*style)
                .into_iter()
                .flatten()
                .filter(|&&j| j != i && distance(&geometry.spaces[j]) < step * 1.01)
                .map(|&j| {
                    let s = &geometry.spaces[j];
                    ((s.x - here.x) / step, (s.y - here.y) / step)
                })
                .fold((0.0, 0.0), |(a, b), (x, y)| (a + x, b + y));
            (sx.hypot(sy) > 1e-6).then(|| sy.atan2(sx))
        })
        .collect();
    let k = styles.len();
    let equal = |j: usize| {
        let from = -FRAC_PI_2 + TAU * j as f64 / k as f64;
        (from, from + TAU / k as f64)
    };
    let Some(angles) = facing.iter().copied().collect::<Option<Vec<f64>>>() else {
        return (0..k).map(equal).collect();
    };
    // Round the circle in order of the directions they face, each to half way to the next.
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by(|&a, &b| {
        angles[a]
            .rem_euclid(TAU)
            .total_cmp(&angles[b].rem_euclid(TAU))
    });
    let at = |n: usize| angles[order[n % k]].rem_euclid(TAU);
    let between = |n: usize| {
        let (a, b) = (at(n), at(n + 1));
        let gap = (b - a).rem_euclid(TAU);
        if gap < 1e-9 {
            return None;
        }
        Some(a + gap / 2.0)
    };
    let mut out = vec![(0.0, 0.0); k];
    for n in 0..k {
        let (Some(from), Some(to)) = (between(n + k - 1), between(n)) else {
            return (0..k).map(equal).collect();
        };
        let to = from + (to - from).rem_euclid(TAU);
        out[order[n]] = (from, if to <= from { from + TAU } else { to });
    }
    out
}

/// The part of a mark's shape between two directions from its centre (radians), filled.
fn slice(at: &Marked, from: f64, to: f64, fill: &str) -> svg::node::element::Path {
    let d = match at {
        Marked::Cell { outline, x, y, .. } => {
            // Where a ray from the centre leaves the outline (convex, round the centre).
            let exit = |a: f64| {
                let (ux, uy) = (a.cos(), a.sin());
                (0..outline.len())
                    .filter_map(|k| {
                        let (p, q) = (outline[k], outline[(k + 1) % outline.len()]);
                        let (ex, ey) = (q.0 - p.0, q.1 - p.1);
                        let den = ux * ey - uy * ex;
                        if den.abs() < 1e-12 {
                            return None;
                        }
                        let t = ((p.0 - x) * ey - (p.1 - y) * ex) / den;
                        let u = ((p.0 - x) * uy - (p.1 - y) * ux) / den;
                        (t > 0.0 && (-1e-9..=1.0 + 1e-9).contains(&u)).then_some(t)
                    })
                    .fold(f64::INFINITY, f64::min)
            };
            let point = |a: f64| {
                let t = exit(a);
                (x + t * a.cos(), y + t * a.sin())
            };
            let angle = |c: &(f64, f64)| {
                let a = (c.1 - y).atan2(c.0 - x);
                from + (a - from).rem_euclid(std::f64::consts::TAU)
            };
            let mut corners: Vec<(f64, (f64, f64))> = outline
                .iter()
                .map(|c| (angle(c), *c))
                .filter(|(a, _)| *a > from && *a < to)
                .collect();
            corners.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut points = vec![(*x, *y), point(from)];
            points.extend(corners.into_iter().map(|(_, c)| c));
            points.push(point(to));
            let mut d = String::new();
            for (k, (px, py)) in points.iter().enumerate() {
                d.push_str(&format!(
                    "{}{} {}",
                    if k == 0 { 'M' } else { 'L' },
                    n(*px),
                    n(*py)
                ));
            }
            d + "Z"
        }
        Marked::Point { x, y, r, .. } => {
            let (ax, ay) = (x + r * from.cos(), y + r * from.sin());
            let (bx, by) = (x + r * to.cos(), y + r * to.sin());
            let large = u8::from(to - from > std::f64::consts::PI);
            format!(
                "M{} {}L{} {}A{} {} 0 {large} 1 {} {}Z",
                n(*x),
                n(*y),
                n(ax),
                n(ay),
                n(*r),
                n(*r),
                n(bx),
                n(by)
            )
        }
    };
    svg::node::element::Path::new()
        .set("d", d)
        .set("fill", fill)
}

/// Draws a heavy line round the area each style with an `outline:` marks: the edges of its
/// cells that no other cell of the area shares, joined into closed loops. Drawn after the grid
/// lines, so they do not cross it.
pub fn draw_outlines<'g>(
    cv: &mut Canvas,
    extras: &Extras,
    geometry: &Geometry,
    shape_of: impl Fn(usize) -> Marked<'g>,
) {
    for (style, at) in &geometry.marked {
        let Some(colour) = extras.styles.get(style).and_then(|s| s.outline.as_ref()) else {
            continue;
        };
        let cells: Vec<&[(f64, f64)]> = at
            .iter()
            .filter_map(|&i| match shape_of(i) {
                Marked::Cell { outline, .. } => Some(outline),
                Marked::Point { .. } => None,
            })
            .collect();
        let d = boundary_path(&cells);
        if !d.is_empty() {
            cv.add(
                svg::node::element::Path::new()
                    .set("d", d)
                    .set("fill", "none")
                    .set("stroke", colour.hex())
                    .set("stroke-width", n(OUTLINE_MM))
                    .set("stroke-linejoin", "miter"),
            );
        }
    }
}

/// The outer edge of a set of cells (polygons that meet edge to edge) as closed SVG loops.
fn boundary_path(cells: &[&[(f64, f64)]]) -> String {
    // Corners to a thousandth of a millimetre, so neighbours' shared corners are equal.
    let key = |(x, y): (f64, f64)| ((x * 1000.0).round() as i64, (y * 1000.0).round() as i64);
    type Corner = (i64, i64);
    let mut count: BTreeMap<(Corner, Corner), u32> = BTreeMap::new();
    let mut at: BTreeMap<(i64, i64), (f64, f64)> = BTreeMap::new();
    let edges = |c: &&[(f64, f64)]| {
        let c: Vec<(f64, f64)> = c.to_vec();
        (0..c.len()).map(move |i| (c[i], c[(i + 1) % c.len()]))
    };
    for (a, b) in cells.iter().flat_map(edges) {
        let (ka, kb) = (key(a), key(b));
        at.insert(ka, a);
        at.insert(kb, b);
        *count.entry((ka.min(kb), ka.max(kb))).or_default() += 1;
    }
    // Each outer edge once, from each of its ends.
    let mut from: BTreeMap<(i64, i64), Vec<(i64, i64)>> = BTreeMap::new();
    for ((a, b), _) in count.iter().filter(|(_, k)| **k == 1) {
        from.entry(*a).or_default().push(*b);
        from.entry(*b).or_default().push(*a);
    }
    let mut d = String::new();
    while let Some((&start, _)) = from.iter().find(|(_, next)| !next.is_empty()) {
        let mut ring = vec![start];
        let mut here = start;
        while let Some(next) = from.get_mut(&here).and_then(Vec::pop) {
            if let Some(back) = from.get_mut(&next) {
                back.retain(|k| *k != here);
            }
            if next == start {
                break;
            }
            ring.push(next);
            here = next;
        }
        // Corners only: a straight run of cell edges is one line, so its joins are clean.
        let turns = (0..ring.len()).filter(|&i| {
            let (a, b, c) = (
                ring[(i + ring.len() - 1) % ring.len()],
                ring[i],
                ring[(i + 1) % ring.len()],
            );
            (b.0 - a.0) * (c.1 - b.1) != (b.1 - a.1) * (c.0 - b.0)
        });
        for (k, i) in turns.enumerate() {
            let (x, y) = at[&ring[i]];
            d.push_str(&format!(
                "{}{} {}",
                if k == 0 { 'M' } else { 'L' },
                n(x),
                n(y)
            ));
        }
        d.push('Z');
    }
    d
}

/// Draws the score track and the areas of `frame`.
pub fn draw_extras(cv: &mut Canvas, extras: &Extras, frame: &Frame, ink: &str) {
    if let Some(ring) = &frame.ring {
        let smallest = ring
            .spaces
            .iter()
            .map(|(r, _)| r.w.min(r.h))
            .fold(f64::INFINITY, f64::min);
        // Every number when they can be read; else every fifth.
        let size = (ring.depth * 0.42).min(smallest * 0.55);
        let every = if size < 1.8 { 5 } else { 1 };
        for (r, number) in &ring.spaces {
            let tinted = number.rem_euclid(5) == 0;
            let cell = rect(r.x, r.y, r.w, r.h, if tinted { ink } else { "none" })
                .set("stroke", ink)
                .set("stroke-width", n(LINE_MM));
            cv.add(match tinted {
                true => cell.set("fill-opacity", "0.1"),
                false => cell,
            });
            if number.rem_euclid(every) == 0 {
                let label = number.to_string();
                let s = fit(Font::CondensedBold, size.max(1.8), r.w * 0.85, &label);
                cv.add(text(
                    r.x + r.w / 2.0,
                    r.y + r.h / 2.0 + s * 0.35,
                    s,
                    Font::CondensedBold,
                    Anchor::Middle,
                    ink,
                    &label,
                ));
            }
        }
    }
    for (area, r) in extras.areas.iter().zip(&frame.areas) {
        cv.add(
            rect(r.x, r.y, r.w, r.h, ink)
                .set("fill-opacity", "0.05")
                .set("stroke", ink)
                .set("stroke-width", n(LINE_MM))
                .set("stroke-dasharray", format!("{} {}", n(2.0), n(1.2)))
                .set("rx", n(r.w.min(r.h) * 0.05)),
        );
        let s = fit(
            Font::CondensedBold,
            5.0_f64.min(r.h * 0.2),
            r.w * 0.85,
            &area.label,
        );
        cv.add(text(
            r.x + r.w / 2.0,
            r.y + r.h / 2.0 + s * 0.35,
            s,
            Font::CondensedBold,
            Anchor::Middle,
            ink,
            &area.label,
        ));
    }
}

/// Where a board's coordinates are printed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Coordinates {
    /// In the margin around the grid: letters above each column, numbers beside each row (a
    /// board whose rows and columns run straight).
    Margin,
    /// Beside the outer spaces themselves (a grid of hexes, whose rows and columns start at
    /// different places and may slant): each row's number and each column's letters in line
    /// with it, beyond the space at its end; no letters without `columns`.
    Beside {
        rows: Beyond,
        columns: Option<Beyond>,
    },
}

/// Where the label of a row or a column goes: `gap` mm beyond its last space in direction
/// `dir` (a unit vector; the last space is the one furthest that way), and with `both`, as far
/// before its first.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Beyond {
    pub dir: (f64, f64),
    pub gap: f64,
    pub both: bool,
}

/// Prints the rows' numbers and the columns' letters of a board whose spaces are named
/// `<letter><row>`, `size` mm high.
pub fn draw_coordinates(
    cv: &mut Canvas,
    geometry: &Geometry,
    frame: &Frame,
    at: Coordinates,
    size: f64,
    ink: &str,
) {
    // The spaces of each row and of each column.
    let mut rows: BTreeMap<u32, Vec<&Space>> = BTreeMap::new();
    let mut columns: BTreeMap<String, Vec<&Space>> = BTreeMap::new();
    for s in &geometry.spaces {
        let Some((letters, row)) = parts(&s.name) else {
            continue;
        };
        rows.entry(row).or_default().push(s);
        columns.entry(letters).or_default().push(s);
    }
    let label = |cv: &mut Canvas, (x, y): (f64, f64), text_: &str| {
        // Kept 3 mm (the safe zone) inside the cut: a slanting board's last letter would
        // otherwise stand in the margin's corner, 1.5 mm from it.
        use crate::base::geometry::SAFE_MM;
        let half_w = crate::draw::text::width(Font::CondensedBold, size, text_) / 2.0;
        let x = x.clamp(
            (SAFE_MM + half_w).min(frame.w / 2.0),
            (frame.w - SAFE_MM - half_w).max(frame.w / 2.0),
        );
        let y = y.clamp(
            (SAFE_MM + size * 0.4).min(frame.h / 2.0),
            (frame.h - SAFE_MM - size * 0.4).max(frame.h / 2.0),
        );
        cv.add(text(
            x,
            y + size * 0.35,
            size,
            Font::CondensedBold,
            Anchor::Middle,
            ink,
            text_,
        ));
    };
    // Where a line of spaces is labelled: beyond its last space along `b.dir`, and before its
    // first.
    let beyond = |line: &[&Space], b: &Beyond| -> Vec<(f64, f64)> {
        let along = |s: &&&Space| s.x * b.dir.0 + s.y * b.dir.1;
        let by = |a: &&&Space, z: &&&Space| along(a).total_cmp(&along(z));
        let (Some(first), Some(last)) = (line.iter().min_by(by), line.iter().max_by(by)) else {
            return Vec::new();
        };
        let mut out = vec![(last.x + b.dir.0 * b.gap, last.y + b.dir.1 * b.gap)];
        if b.both {
            out.push((first.x - b.dir.0 * b.gap, first.y - b.dir.1 * b.gap));
        }
        out
    };
    let grid = &frame.grid;
    for (row, line) in &rows {
        let places = match at {
            Coordinates::Margin => {
                let y = line.first().map_or(0.0, |s| s.y);
                vec![
                    (grid.x - MARGIN_LABEL_MM, y),
                    (grid.right() + MARGIN_LABEL_MM, y),
                ]
            }
            Coordinates::Beside { rows, .. } => beyond(line, &rows),
        };
        for place in places {
            label(cv, place, &row.to_string());
        }
    }
    for (letters, line) in &columns {
        let places = match at {
            Coordinates::Margin => {
                let x = line.first().map_or(0.0, |s| s.x);
                vec![(x, grid.y - MARGIN_LABEL_MM)]
            }
            Coordinates::Beside { columns: None, .. } => continue,
            Coordinates::Beside {
                columns: Some(columns),
                ..
            } => beyond(line, &columns),
        };
        for place in places {
            label(cv, place, &letters.to_ascii_uppercase());
        }
    }
}

/// Whether a board `w`×`h` mm stays within pnp's largest length; else says so at `at`.
pub fn fits_limit<T>(cx: &mut CheckCx, at: &Spanned<T>, (w, h): (f64, f64)) -> bool {
    let ok = w.max(h) <= crate::base::units::MAX_LENGTH_MM;
    if !ok {
        cx.at(
            at,
            format!(
                "the board would be {w:.0} × {h:.0} mm; the limit is {} mm",
                crate::base::units::MAX_LENGTH_MM
            ),
        );
    }
    ok
}

/// The face's `border:`, a thin line just inside the board's edge.
pub fn draw_border(cv: &mut Canvas, border: Option<&str>) {
    if let Some(border) = border {
        cv.add(
            rect(0.15, 0.15, cv.w - 0.3, cv.h - 0.3, "none")
                .set("stroke", border)
                .set("stroke-width", "0.3"),
        );
    }
}

/// The title in the bottom margin, at the left (where a split board's seams and "part k of n"
/// badges, to its right, miss it).
pub fn draw_title(cv: &mut Canvas, frame: &Frame, title: Option<&str>, ink: &str) {
    draw_title_within(cv, frame, title, ink, frame.grid.w * 0.4);
}

/// The title, at most `room` mm long (where coordinates below the grid leave that much).
pub fn draw_title_within(
    cv: &mut Canvas,
    frame: &Frame,
    title: Option<&str>,
    ink: &str,
    room: f64,
) {
    if let Some(title) = title {
        // Its baseline 3.1 mm inside the cut and a tenth of its size more, for what the display
        // face's capitals have below it (the tail of a Q): its ink stays in the safe zone.
        let size = fit(Font::Display, EDGE_MM * 0.5, room, title);
        cv.add(text(
            frame.grid.x,
            frame.grid.bottom() + EDGE_MM - 3.1 - 0.1 * size,
            size,
            Font::Display,
            Anchor::Start,
            ink,
            title,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_past_the_board_names_only_its_spaces_without_making_the_rest() {
        let spaces: Vec<Space> = (0..3)
            .flat_map(|c| (1..=3).map(move |r| (c, r)))
            .map(|(c, r)| Space {
                name: space_name(c, r),
                x: c as f64,
                y: r as f64,
            })
            .collect();
        // Each would name billions of spaces before they were looked up.
        let far_column = format!("a2-{}2", "d".repeat(60));
        assert_eq!(resolve(&spaces, &far_column).unwrap().len(), 3);
        assert_eq!(resolve(&spaces, "b1-b4000000000").unwrap().len(), 3);
        assert_eq!(resolve(&spaces, "a1-c1").unwrap().len(), 3);
        assert!(resolve(&spaces, "d1-zz1").is_err());
    }

    #[test]
    fn columns_are_letters() {
        assert_eq!(column_name(0), "A");
        assert_eq!(column_name(8), "I");
        assert_eq!(column_name(25), "Z");
        assert_eq!(column_name(26), "AA");
        assert_eq!(space_name(5, 6), "f6");
        assert_eq!(column_index("a"), 0);
        assert_eq!(column_index("k"), 10);
        assert_eq!(column_index("aa"), 26);
    }

    #[test]
    fn a_run_names_the_spaces_along_a_column_or_a_row() {
        let spaces: Vec<Space> = (0..3)
            .flat_map(|c| (1..=3).map(move |r| (c, r)))
            .map(|(c, r)| Space {
                name: space_name(c, r),
                x: 0.0,
                y: 0.0,
            })
            .collect();
        let names = |run: &str| -> Vec<String> {
            resolve(&spaces, run)
                .unwrap()
                .into_iter()
                .map(|i| spaces[i].name.clone())
                .collect()
        };
        assert_eq!(names("a1-a3"), ["a1", "a2", "a3"]);
        assert_eq!(names("C2-a2"), ["a2", "b2", "c2"]);
        assert_eq!(names("b3"), ["b3"]);
        assert!(resolve(&spaces, "a1-c3").is_err());
        assert!(resolve(&spaces, "z9").is_err());
    }

    #[test]
    fn an_outline_goes_round_the_outer_edge_of_its_cells_corner_to_corner() {
        let cell = |c: f64, r: f64| [(c, r), (c + 1.0, r), (c + 1.0, r + 1.0), (c, r + 1.0)];
        // An L of three squares: one loop of six corners, no inner edge.
        let l = [cell(0.0, 0.0), cell(1.0, 0.0), cell(0.0, 1.0)];
        let cells: Vec<&[(f64, f64)]> = l.iter().map(|c| &c[..]).collect();
        let d = boundary_path(&cells);
        assert_eq!(d.matches('M').count(), 1, "{d}");
        assert_eq!(d.matches('L').count(), 5, "{d}");
        for corner in ["0 0", "2 0", "2 1", "1 1", "1 2", "0 2"] {
            assert!(d.contains(corner), "{corner} in {d}");
        }
        // Two squares apart: two loops of four corners.
        let apart = [cell(0.0, 0.0), cell(5.0, 0.0)];
        let cells: Vec<&[(f64, f64)]> = apart.iter().map(|c| &c[..]).collect();
        let d = boundary_path(&cells);
        assert_eq!(
            (d.matches('M').count(), d.matches('L').count()),
            (2, 6),
            "{d}"
        );
    }

    #[test]
    fn a_ring_has_its_spaces_clockwise_and_square_corners() {
        let inner = Rect {
            x: 10.0,
            y: 10.0,
            w: 100.0,
            h: 60.0,
        };
        let spaces = ring_spaces(&inner, 10.0, 0, 50);
        assert_eq!(spaces.len(), 50);
        assert_eq!(spaces[0].1, 0);
        assert_eq!(spaces[49].1, 49);
        let corners: Vec<&Rect> = spaces
            .iter()
            .map(|(r, _)| r)
            .filter(|r| (r.w - 10.0).abs() < 1e-9 && (r.h - 10.0).abs() < 1e-9)
            .collect();
        assert!(corners.len() >= 4);
        // Neighbours touch: the ring is closed and in order.
        for pair in spaces
            .windows(2)
            .chain(std::iter::once(&[spaces[49], spaces[0]][..]))
        {
            let (a, b) = (pair[0].0, pair[1].0);
            let touch = (a.right() - b.x).abs() < 1e-9
                || (b.right() - a.x).abs() < 1e-9
                || (a.bottom() - b.y).abs() < 1e-9
                || (b.bottom() - a.y).abs() < 1e-9;
            assert!(touch, "{a:?} {b:?}");
        }
        // The ring's spaces cover its area exactly.
        let area: f64 = spaces.iter().map(|(r, _)| r.w * r.h).sum();
        assert!((area - (120.0 * 80.0 - 100.0 * 60.0)).abs() < 1e-6);
    }
}
