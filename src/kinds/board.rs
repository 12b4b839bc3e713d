//! Boards: N×N squares inside a margin that carries the coordinates (letters along the top,
//! numbers up both sides, counted from the bottom as on a chess board) and the title, at the
//! left of the bottom margin (where a split board's "part k of n" badges, bottom right, miss it). Squares alternate between two close tints so rows and columns are easy to count
//! without hiding the tiles' own colours.
use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;

use super::{CheckCx, FaceCx, FaceField, Field, Kind, Space, Split, TtsForm};
use crate::draw::DrawError;
use crate::draw::canvas::{Anchor, Canvas, n, rect, text};
use crate::draw::text::{Font, fit};
use crate::draw::{Colors, Side};
use crate::spec::{Component, Face, Shape};
use crate::units::Size;

/// The margin around the grid on every side: room for the title and the coordinates.
pub const EDGE_MM: f64 = 8.0;
/// Width of the grid lines; the outer frame is twice as thick.
const LINE_MM: f64 = 0.35;
/// Most squares along a board's side.
pub const MAX_SQUARES: u32 = 40;

/// A board of `squares`×`squares` squares of side `square`, with a margin for coordinates
/// (`board:`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Squares along each side (a 9 makes a 9×9 board).
    #[schemars(with = "u32")]
    pub squares: Spanned<u32>,
    /// Side of one square: usually the tile size (`24mm`).
    #[schemars(with = "Size")]
    pub square: Spanned<Size>,
    /// Letters along the top and numbers along both sides. Default true.
    #[serde(default = "yes")]
    pub coordinates: bool,
}

fn yes() -> bool {
    true
}

impl Default for Board {
    fn default() -> Self {
        let none = serde_saphyr::Location::UNKNOWN;
        Board {
            squares: Spanned::new(0, none, none),
            square: Spanned::new(Size::default(), none, none),
            coordinates: true,
        }
    }
}

impl Board {
    /// Where the grid lines run (mm from the board's edge), across and down.
    fn lines(&self) -> (Vec<f64>, Vec<f64>) {
        let n = self.squares.value;
        let at = |step: f64| (0..=n).map(|k| EDGE_MM + k as f64 * step).collect();
        (at(self.square.value.w.mm()), at(self.square.value.h.mm()))
    }
}

impl Kind for Board {
    fn about(&self) -> &'static str {
        "A board of squares with edge coordinates (`board:`), split on its grid lines when larger than the paper."
    }
    fn example(&self) -> &'static str {
        r##"kind: board
front: {title: Garden, background: "#f3ecdb"}
board: {squares: 5, square: 24mm}
"##
    }
    fn fields(&self) -> &'static [Field] {
        &[Field::Back]
    }
    fn draws(&self, _: Side) -> &'static [FaceField] {
        &[
            FaceField::Background,
            FaceField::Ink,
            FaceField::Border,
            FaceField::Title,
        ]
    }
    fn check(&self, cx: &mut CheckCx) {
        let id = &cx.component.id.value;
        if !(1..=MAX_SQUARES).contains(&self.squares.value) {
            cx.at(
                &self.squares,
                format!(
                    "a board has 1 to {MAX_SQUARES} squares per side, not {}",
                    self.squares.value
                ),
            );
            return;
        }
        crate::spec::check_min_side(
            cx,
            &format!("a square of board `{id}`"),
            "it must",
            &self.square,
        );
        let (w, h) = self.size(cx.component);
        if w.max(h) > crate::units::MAX_LENGTH_MM {
            cx.at(
                &self.square,
                format!(
                    "the board would be {w:.0} × {h:.0} mm; the limit is {} mm",
                    crate::units::MAX_LENGTH_MM
                ),
            );
        }
    }
    /// The grid plus its margin on every side.
    fn size(&self, _: &Component) -> (f64, f64) {
        let n = self.squares.value as f64;
        (
            n * self.square.value.w.mm() + 2.0 * EDGE_MM,
            n * self.square.value.h.mm() + 2.0 * EDGE_MM,
        )
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        draw(cx.canvas, self, face)
    }
    /// On its grid lines, so that no seam cuts through a square.
    fn split(&self) -> Split {
        let (xs, ys) = self.lines();
        Split::OnLines { xs, ys }
    }
    fn shares_cuts(&self, _: Shape) -> bool {
        false
    }
    fn noun(&self) -> &'static str {
        "board"
    }
    fn tts(&self, _: Shape) -> TtsForm {
        TtsForm::Board
    }
    fn squares(&self) -> Option<&Spanned<u32>> {
        Some(&self.squares)
    }
    /// Its squares, row by row from the top left, as `draw` draws them.
    fn spaces(&self, _: &Component) -> Vec<Space> {
        let count = self.squares.value;
        let (sw, sh) = (self.square.value.w.mm(), self.square.value.h.mm());
        (0..count * count)
            .map(|i| Space {
                x: EDGE_MM + (i % count) as f64 * sw,
                y: EDGE_MM + (i / count) as f64 * sh,
                w: sw,
                h: sh,
            })
            .collect()
    }
}

/// The name of column `i` (0-based): A…Z, then AA, AB… (boards beyond 26 columns are rare).
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

fn draw(cv: &mut Canvas, board: &Board, face: &Face) -> Result<(), DrawError> {
    let (w, h, b) = (cv.w, cv.h, cv.bleed);
    let c = Colors::of(face);
    cv.add(rect(-b, -b, w + 2.0 * b, h + 2.0 * b, &c.background));
    let count = board.squares.value;
    if count == 0 {
        return Err(DrawError::NoSquares);
    }
    let (sw, sh) = (board.square.value.w.mm(), board.square.value.h.mm());
    let (gx, gy) = (EDGE_MM, EDGE_MM);
    let (gw, gh) = (count as f64 * sw, count as f64 * sh);

    // Squares: white and a faint tint of the ink, like a chequerboard seen through paper.
    cv.add(rect(gx, gy, gw, gh, "#ffffff"));
    for row in 0..count {
        for col in 0..count {
            if (row + col) % 2 == 1 {
                cv.add(
                    rect(gx + col as f64 * sw, gy + row as f64 * sh, sw, sh, &c.ink)
                        .set("fill-opacity", "0.07"),
                );
            }
        }
    }
    // Grid lines, centred on the square edges so each square is exactly `square` wide.
    let mut d = String::new();
    for i in 1..count {
        let x = gx + i as f64 * sw;
        let y = gy + i as f64 * sh;
        d.push_str(&format!(
            "M{} {}V{}M{} {}H{}",
            n(x),
            n(gy),
            n(gy + gh),
            n(gx),
            n(y),
            n(gx + gw)
        ));
    }
    if !d.is_empty() {
        cv.add(
            svg::node::element::Path::new()
                .set("d", d)
                .set("fill", "none")
                .set("stroke", c.ink.as_str())
                .set("stroke-width", n(LINE_MM)),
        );
    }
    cv.add(
        rect(gx, gy, gw, gh, "none")
            .set("stroke", c.ink.as_str())
            .set("stroke-width", n(LINE_MM * 2.0)),
    );

    if let Some(title) = &face.title {
        // Left-aligned: a split board's seams and "part k of n" badges fall to its right.
        let size = fit(Font::Display, EDGE_MM * 0.7, gw * 0.4, title);
        cv.add(text(
            gx,
            gy + gh + EDGE_MM / 2.0 + size * 0.35,
            size,
            Font::Display,
            Anchor::Start,
            &c.ink,
            title,
        ));
    }
    if board.coordinates {
        let size = (EDGE_MM * 0.5).min(sw.min(sh) * 0.4);
        for col in 0..count {
            cv.add(text(
                gx + (col as f64 + 0.5) * sw,
                gy / 2.0 + size * 0.35,
                size,
                Font::CondensedBold,
                Anchor::Middle,
                &c.ink,
                &column_name(col),
            ));
        }
        for row in 0..count {
            let label = (count - row).to_string();
            let y = gy + (row as f64 + 0.5) * sh + size * 0.35;
            for x in [gx / 2.0, gx + gw + EDGE_MM / 2.0] {
                cv.add(text(
                    x,
                    y,
                    size,
                    Font::CondensedBold,
                    Anchor::Middle,
                    &c.ink,
                    &label,
                ));
            }
        }
    }
    if let Some(border) = c.border() {
        cv.add(
            rect(0.15, 0.15, w - 0.3, h - 0.3, "none")
                .set("stroke", border)
                .set("stroke-width", "0.3"),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::column_name;
    #[test]
    fn columns_are_letters() {
        assert_eq!(column_name(0), "A");
        assert_eq!(column_name(8), "I");
        assert_eq!(column_name(25), "Z");
        assert_eq!(column_name(26), "AA");
    }
}
