//! Tracks: a title band, then the ordered spaces (top to bottom or left to right) and an optional
//! end area. Labels sit inside a space (a faint large numeral plus a small corner label, leaving
//! room for markers) or outside it (leaving the inside blank to write in).
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;
use svg::node::element::Path;

use super::{FaceCx, FaceField, Field, Kind, Room, Space, Split, TtsForm};
use crate::base::diagnostic::Diagnostic;
use crate::base::forms::Side;
use crate::base::units::{Length, Size};
use crate::draw::canvas::{Anchor, Canvas, READ_ID, n, rect, text};
use crate::draw::text::{Font, fit, wrap};
use crate::kinds::face::Colors;
use crate::kinds::face::DrawError;
use crate::kinds::piece::Piece;
use crate::kinds::{Component, Game};
use crate::spec::items::{
    Inside, Item, ItemsError, ItemsProblem, NotOneTrack, Part, Selection, Value,
};
use crate::spec::{Face, Shape};

pub const PAD_MM: f64 = 4.0;
pub const TITLE_MM: f64 = 16.0;
pub const OUTSIDE_LABEL_MM: f64 = 12.0;
/// The width of a space's lines.
const STROKE: f64 = 0.6;
/// How far the end area's dashed line is drawn inside its box.
const END_INSET: f64 = 1.5;
/// The name `holds:` gives the end area.
pub const END: &str = "end";

/// A track of ordered spaces (`track:`), drawn as one piece and printed in parts when larger
/// than the paper.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Track {
    /// Size of one space.
    #[schemars(with = "Size")]
    pub space: Spanned<Size>,
    /// The spaces in track order.
    #[schemars(with = "Vec<TrackSpace>")]
    pub spaces: Vec<Spanned<TrackSpace>>,
    #[serde(default)]
    pub direction: Direction,
    #[serde(default)]
    pub labels: LabelPosition,
    /// A final area after the last space (e.g. "Receiving area"), as tall as `end_size`.
    #[serde(default)]
    pub end: Option<String>,
    #[serde(default)]
    #[schemars(with = "Option<Length>")]
    pub end_size: Option<Spanned<Length>>,
}

impl Default for Track {
    fn default() -> Self {
        let none = serde_saphyr::Location::UNKNOWN;
        Track {
            space: Spanned::new(Size::default(), none, none),
            spaces: Vec::new(),
            direction: Direction::default(),
            labels: LabelPosition::default(),
            end: None,
            end_size: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// First space at the top.
    #[default]
    Down,
    /// First space at the left.
    Right,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LabelPosition {
    /// The label is printed inside the space.
    #[default]
    Inside,
    /// The label is printed beside the space, leaving its inside blank.
    Outside,
}

#[derive(Debug, Clone, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TrackSpace {
    #[serde(default)]
    pub label: Option<String>,
    /// Small hint printed in the space (e.g. "place new grain here").
    #[serde(default)]
    pub hint: Option<String>,
}

impl Kind for Track {
    fn about(&self) -> &'static str {
        "A track of ordered spaces (`track:`), printed in parts to glue when larger than the paper."
    }
    fn example(&self) -> &'static str {
        r##"kind: track
front: {title: Score}
track:
  space: 20mm x 20mm
  direction: right
  spaces:
    - {label: "1"}
    - {label: "2"}
    - {label: "3", hint: Win}
"##
    }
    fn fields(&self) -> &'static [Field] {
        &[Field::Back]
    }
    fn draws(&self, _: Side) -> &'static [FaceField] {
        // No outline: the track is cut along its edge, and its spaces are drawn in ink.
        face_fields![Background, Ink, Title, Font]
    }
    fn check(&self, cx: &mut super::CheckCx) {
        let id = &cx.component.id.value;
        if self.spaces.is_empty() {
            cx.at(&self.space, "a track needs at least one space".to_string());
        }
        let space = format!("a space of track `{id}`");
        crate::spec::check_min_side(cx, &space, "it must", &self.space);
        if let Some(end) = &self.end_size
            && end.value.mm() < crate::spec::MIN_SIDE_MM
        {
            let message = format!(
                "the end area of track `{id}` is {} mm long; it must be at least {} mm",
                crate::spec::short_mm(end.value.mm()),
                crate::spec::MIN_SIDE_MM
            );
            cx.at(end, message);
        }
    }
    /// Its spaces in a line, plus the end area, the title band and the padding.
    fn size(&self, _: &Component) -> (f64, f64) {
        self.outer()
    }
    fn spaces(&self, _: &Game, _: &Piece) -> Vec<Space> {
        let (mut boxes, end) = self.boxes();
        boxes.extend(end);
        boxes
    }
    /// Its boxes inside their lines, named by their labels (else their numbers from 1), and
    /// the end area inside its dashed line, named `end`: held only where `holds:` names it (what
    /// rests there is not what fills the boxes).
    fn rooms(&self, _: &Game, _: &Piece) -> Vec<Room> {
        let (boxes, end) = self.boxes();
        let inside = |name: String, s: Space, inset: f64| Room {
            apart: name == END,
            name,
            x: s.x + inset,
            y: s.y + inset,
            w: s.w - 2.0 * inset,
            h: s.h - 2.0 * inset,
            round: false,
        };
        let named = boxes.into_iter().zip(&self.spaces).enumerate();
        let mut rooms: Vec<Room> = named
            .map(|(i, (b, s))| {
                let name = s.value.label.clone().unwrap_or_else(|| (i + 1).to_string());
                inside(name, b, STROKE / 2.0)
            })
            .collect();
        rooms.extend(end.map(|e| inside(END.into(), e, END_INSET + STROKE / 2.0)));
        rooms
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        draw(cx.canvas, self, face)
    }
    fn split(&self) -> Split {
        Split::Even
    }
    fn noun(&self) -> &'static str {
        "track"
    }
    fn tts(&self, _: Shape) -> TtsForm {
        TtsForm::Board
    }
    fn texts(&self) -> Vec<&str> {
        let spaces = self
            .spaces
            .iter()
            .flat_map(|s| s.value.label.iter().chain(&s.value.hint));
        spaces.chain(&self.end).map(String::as_str).collect()
    }
    fn labels(&self) -> Option<Result<Vec<String>, NotOneTrack>> {
        let labels = self.spaces.iter();
        Some(Ok(labels
            .map(|s| s.value.label.clone().unwrap_or_default())
            .collect()))
    }
    /// Its spaces, for the rules' `{spaces: T}`: `n` (from 1), `label`, `hint` (printed inside),
    /// each located at its line. A track marks none in styles.
    fn items(
        &self,
        game: &Game,
        c: &Component,
        part: Part,
    ) -> Option<Result<Selection, ItemsError>> {
        let Part::Spaces(style) = part else {
            return None;
        };
        if let Some(style) = style {
            return Some(Err(ItemsError {
                at: Diagnostic::at(&game.file, style, String::new()),
                problem: Box::new(ItemsProblem::NoStyle {
                    noun: "track",
                    style: style.value.clone(),
                    component: c.id.value.clone(),
                    known: Vec::new(),
                }),
            }));
        }
        let file = game.file_of(c);
        let items = self
            .spaces
            .iter()
            .enumerate()
            .map(|(i, s)| {
                Item::new(
                    format!("space {}", i + 1),
                    Diagnostic::at(file, s, String::new()),
                )
                .with("n", Value::Num((i + 1) as f64))
                .with("label", Value::text(s.value.label.as_deref()))
                .with("hint", Value::text(s.value.hint.as_deref()))
            })
            .collect();
        Some(Ok(Selection::new(
            format!("spaces of `{}`", c.id.value),
            Diagnostic::at(file, &c.id, String::new()),
            items,
            &["n", "label", "hint"],
        )))
    }
    /// Its labels when they are printed inside, and its hints.
    fn printed_inside(&self) -> Option<Result<Inside, NotOneTrack>> {
        let mut printed = Vec::new();
        for (i, s) in self.spaces.iter().enumerate() {
            if let Some(label) = &s.value.label
                && self.labels == LabelPosition::Inside
            {
                printed.push(format!("space {} shows `{label}` inside", i + 1));
            }
            if let Some(h) = &s.value.hint {
                printed.push(format!("space {} shows `{h}` inside", i + 1));
            }
        }
        Some(Ok(Inside {
            printed,
            blank: "every space is blank inside".to_string(),
        }))
    }
}

impl Track {
    /// Its outer size: its spaces in a line, plus the end area, the title band and the padding.
    pub fn outer(&self) -> (f64, f64) {
        let (sw, sh) = self.space.value.mm();
        let n = self.spaces.len() as f64;
        let end = self
            .end_size
            .as_ref()
            .map_or(if self.end.is_some() { sh } else { 0.0 }, |l| l.value.mm());
        let label_band = self.label_band();
        match self.direction {
            Direction::Down => (
                sw + 2.0 * PAD_MM + label_band,
                TITLE_MM + n * sh + end + 2.0 * PAD_MM,
            ),
            Direction::Right => (
                n * sw + end + 2.0 * PAD_MM,
                TITLE_MM + sh + 2.0 * PAD_MM + label_band,
            ),
        }
    }

    /// The depth of the band its labels are printed in beside its spaces (none inside them).
    fn label_band(&self) -> f64 {
        match self.labels {
            LabelPosition::Outside => OUTSIDE_LABEL_MM,
            LabelPosition::Inside => 0.0,
        }
    }

    /// The top left corner of its first space: below the title band, past the labels' band.
    fn origin(&self) -> (f64, f64) {
        match self.direction {
            Direction::Down => (PAD_MM + self.label_band(), TITLE_MM + PAD_MM),
            Direction::Right => (PAD_MM, TITLE_MM + PAD_MM + self.label_band()),
        }
    }

    /// Where its spaces are drawn (mm in the piece), in track order, and its end area.
    pub fn boxes(&self) -> (Vec<Space>, Option<Space>) {
        let (w, h) = self.outer();
        let (sw, sh) = self.space.value.mm();
        let (ox, oy) = self.origin();
        // The top left corner of the `i`th space (from 0).
        let at = |i: usize| match self.direction {
            Direction::Down => (ox, oy + i as f64 * sh),
            Direction::Right => (ox + i as f64 * sw, oy),
        };
        let count = self.spaces.len();
        let boxes = (0..count)
            .map(|i| {
                let (x, y) = at(i);
                Space { x, y, w: sw, h: sh }
            })
            .collect();
        // The end area fills the rest, to the padding.
        let end = self.end.as_ref().map(|_| {
            let (x, y) = at(count);
            let (w, h) = match self.direction {
                Direction::Down => (sw, h - PAD_MM - y),
                Direction::Right => (w - PAD_MM - x, sh),
            };
            Space { x, y, w, h }
        });
        (boxes, end)
    }
}

/// `mark` in `share` of the ink: an opaque tint of the background where the colours allow, so
/// a hint over the faint numeral stays solid paint (two translucent layers left the PNG's
/// alpha at 253 where they crossed); else the ink at that opacity.
fn faint(mark: crate::draw::canvas::Label, c: &Colors, share: f64) -> crate::draw::canvas::Label {
    match c.tint(share) {
        Some(tint) => mark.set("fill", tint),
        None => mark.set("fill-opacity", share.to_string()),
    }
}

fn draw(cv: &mut Canvas, track: &Track, face: &Face) -> Result<(), DrawError> {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    let c = Colors::of(face);
    cv.add(rect(-b, -b, w + 2.0 * b, h + 2.0 * b, &c.background));
    let (sw, sh) = track.space.value.mm();
    let outside = track.labels == LabelPosition::Outside;
    let label_band = track.label_band();

    // Title band.
    let title = face.title.as_deref().unwrap_or("");
    cv.add(
        rect(
            PAD_MM,
            PAD_MM,
            w - 2.0 * PAD_MM,
            TITLE_MM - PAD_MM * 0.5,
            &c.ink,
        )
        .set("rx", "1.5"),
    );
    if !title.is_empty() {
        let size = fit(
            Font::Display,
            (TITLE_MM - PAD_MM) * 0.85,
            w - 4.0 * PAD_MM,
            title,
        );
        cv.add(text(
            w / 2.0,
            PAD_MM + (TITLE_MM - PAD_MM * 0.5) / 2.0 + size * 0.35,
            size,
            Font::Display,
            Anchor::Middle,
            &c.background,
            title,
        ));
    }

    let origin = track.origin();
    let stroke = STROKE;
    let count = track.spaces.len();
    // The boxes where Tabletop Simulator's snap points go too.
    let (boxes, end_box) = track.boxes();
    for (i, space) in track.spaces.iter().enumerate() {
        let space = &space.value;
        let (x, y) = (boxes[i].x, boxes[i].y);
        let fill = if i % 2 == 0 { "#ffffff" } else { "#f4f1ea" };
        cv.add(
            rect(x, y, sw, sh, fill)
                .set("stroke", c.ink.as_str())
                .set("stroke-width", n(stroke)),
        );
        if let Some(label) = &space.label {
            if outside {
                let (lx, ly) = match track.direction {
                    Direction::Down => (PAD_MM + label_band / 2.0, y + sh / 2.0),
                    Direction::Right => (x + sw / 2.0, origin.1 - label_band / 2.0),
                };
                let size = fit(Font::Display, label_band * 0.75, label_band * 0.9, label);
                cv.add(text(
                    lx,
                    ly + size * 0.35,
                    size,
                    Font::Display,
                    Anchor::Middle,
                    &c.ink,
                    label,
                ));
            } else {
                let big = fit(Font::Display, sh * 0.8, sw * 0.8, label);
                cv.add(
                    text(
                        x + sw / 2.0,
                        y + sh / 2.0 + big * 0.35,
                        big,
                        Font::Display,
                        Anchor::Middle,
                        &c.ink,
                        label,
                    )
                    .set("fill-opacity", "0.13"),
                );
                let small = (sh * 0.16).min(7.0);
                cv.add(
                    text(
                        x + 2.0,
                        y + 1.5 + small * 0.8,
                        small,
                        Font::Display,
                        Anchor::Start,
                        &c.ink,
                        label,
                    )
                    .set("id", READ_ID),
                );
            }
        }
        if let Some(hint) = &space.hint {
            let size = (sh * 0.07).clamp(2.0, 3.2);
            let lines = wrap(Font::Condensed, size, sw * 0.8, hint);
            // Above the chevron that leads down out of the space, descenders clear of it.
            let clear = match track.direction {
                Direction::Down => chevron_size(sw, sh) * 0.5 + size * 0.3,
                Direction::Right => 0.0,
            };
            let base = y + sh - 2.0 - clear - (lines.len() as f64 - 1.0) * size * 1.2;
            for (k, l) in lines.iter().enumerate() {
                cv.add(faint(
                    text(
                        x + sw / 2.0,
                        base + k as f64 * size * 1.2,
                        size,
                        Font::Condensed,
                        Anchor::Middle,
                        &c.ink,
                        l,
                    ),
                    &c,
                    0.75,
                ));
            }
        }
        // A chevron on the edge to the next space shows the direction of play.
        if i + 1 < count || track.end.is_some() {
            cv.add(chevron(track.direction, x, y, sw, sh, &c.ink));
        }
    }

    if let (Some(end), Some(b)) = (&track.end, end_box) {
        let (x, y, ew, eh) = (b.x, b.y, b.w, b.h);
        cv.add(
            rect(
                x + END_INSET,
                y + END_INSET,
                ew - 2.0 * END_INSET,
                eh - 2.0 * END_INSET,
                "none",
            )
            .set("stroke", c.ink.as_str())
            .set("stroke-width", n(stroke))
            .set("stroke-dasharray", "3 2")
            .set("rx", "3"),
        );
        let size = fit(Font::Display, (eh * 0.22).min(10.0), ew * 0.85, end);
        cv.add(text(
            x + ew / 2.0,
            y + eh / 2.0 + size * 0.35,
            size,
            Font::Display,
            Anchor::Middle,
            &c.ink,
            end,
        ));
    }

    // The outer frame of the spaces.
    let (fw, fh) = match track.direction {
        Direction::Down => (sw, count as f64 * sh),
        Direction::Right => (count as f64 * sw, sh),
    };
    cv.add(
        rect(origin.0, origin.1, fw, fh, "none")
            .set("stroke", c.ink.as_str())
            .set("stroke-width", n(stroke * 2.0)),
    );
    Ok(())
}

/// Half the width of the chevron on a `sw`×`sh` space's edge.
fn chevron_size(sw: f64, sh: f64) -> f64 {
    (sw.min(sh) * 0.08).clamp(1.5, 3.5)
}

fn chevron(dir: Direction, x: f64, y: f64, sw: f64, sh: f64, ink: &str) -> Path {
    let s = chevron_size(sw, sh);
    let corners = match dir {
        Direction::Down => {
            let (cx, cy) = (x + sw / 2.0, y + sh);
            [
                (cx - s, cy - s * 0.5),
                (cx + s, cy - s * 0.5),
                (cx, cy + s * 0.5),
            ]
        }
        Direction::Right => {
            let (cx, cy) = (x + sw, y + sh / 2.0);
            [
                (cx - s * 0.5, cy - s),
                (cx - s * 0.5, cy + s),
                (cx + s * 0.5, cy),
            ]
        }
    };
    let d = super::boards::marks::closed_path(corners);
    Path::new().set("d", d).set("fill", ink)
}
