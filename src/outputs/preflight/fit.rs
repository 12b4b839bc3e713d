//! Pieces that lie on spaces in play fit them with room to spare and leave readable what the
//! player reads under them: each `holds:` entry (beans on a sheet's track, markers on tiles),
//! and each piece a setup diagram stands on another's space, as drawn.
use super::round as mm;
use crate::base::diagnostic::Diagnostic;
use crate::base::forms::{Footprint, Room};
use crate::draw::canvas::READ_ID;
use crate::layout::document::{Document, FaceError};
use crate::usvg::{self, Node};

/// Room to spare on each side of a piece on a space (mm): hand-cut pieces are that far off, and
/// a piece pressed to its space's lines covers them.
pub const CLEARANCE_MM: f64 = 0.5;
/// What a player reads is hidden when more than this share of it lies under a piece.
pub const HIDDEN_SHARE: f64 = 0.25;

/// Something a player reads on a piece: its box (mm, from the piece's corner) and its words.
#[derive(Debug, Clone)]
struct Mark {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
    what: String,
}

/// `count` pieces laid out `cols` × `rows` in a room, each `w` × `h`.
#[derive(Debug, Clone, Copy)]
struct Grid {
    cols: u32,
    rows: u32,
    w: f64,
    h: f64,
    round: bool,
}

impl Grid {
    fn size(&self) -> (f64, f64) {
        (self.cols as f64 * self.w, self.rows as f64 * self.h)
    }
}

/// The ways `count` pieces of `fp` lie side by side in `room` with `CLEARANCE_MM` to spare
/// (turned or not), the snuggest first; none when they do not fit.
fn grids(fp: Footprint, count: u32, room: &Room) -> Vec<Grid> {
    let (rw, rh) = (room.w - 2.0 * CLEARANCE_MM, room.h - 2.0 * CLEARANCE_MM);
    let mut out = Vec::new();
    if room.round {
        // A round room holds one piece, round or square, within its circle.
        let across = match fp.round {
            true => fp.w.max(fp.h),
            false => fp.w.hypot(fp.h),
        };
        if count == 1 && across <= rw + 1e-6 {
            let (w, h) = (fp.w, fp.h);
            out.push(Grid {
                cols: 1,
                rows: 1,
                w,
                h,
                round: fp.round,
            });
        }
        return out;
    }
    for (w, h) in [(fp.w, fp.h), (fp.h, fp.w)] {
        for cols in 1..=count {
            let rows = count.div_ceil(cols);
            let g = Grid {
                cols,
                rows,
                w,
                h,
                round: fp.round,
            };
            let (gw, gh) = g.size();
            if gw <= rw + 1e-6 && gh <= rh + 1e-6 {
                out.push(g);
            }
        }
        if fp.round || (fp.w - fp.h).abs() < 1e-6 {
            break;
        }
    }
    out.sort_by(|a, b| {
        let spare = |g: &Grid| {
            let (gw, gh) = g.size();
            (rw - gw).min(rh - gh)
        };
        spare(b).total_cmp(&spare(a))
    });
    out
}

/// The share of `mark` under the pieces of `grid` laid from (`x`, `y`).
fn covered(mark: &Mark, grid: &Grid, x: f64, y: f64) -> f64 {
    const N: usize = 8;
    let mut under = 0;
    for i in 0..N {
        for j in 0..N {
            let px = mark.x0 + (i as f64 + 0.5) / N as f64 * (mark.x1 - mark.x0);
            let py = mark.y0 + (j as f64 + 0.5) / N as f64 * (mark.y1 - mark.y0);
            let (c, r) = (((px - x) / grid.w).floor(), ((py - y) / grid.h).floor());
            if c < 0.0 || r < 0.0 || c >= grid.cols as f64 || r >= grid.rows as f64 {
                continue;
            }
            let hit = match grid.round {
                true => {
                    let (cx, cy) = (x + (c + 0.5) * grid.w, y + (r + 0.5) * grid.h);
                    let rad = grid.w.min(grid.h) / 2.0;
                    (px - cx).hypot(py - cy) <= rad
                }
                false => true,
            };
            under += hit as usize;
        }
    }
    under as f64 / (N * N) as f64
}

/// The marks a placement of `grid` from (`x`, `y`) hides.
fn hides<'m>(marks: &[&'m Mark], grid: &Grid, x: f64, y: f64) -> Vec<&'m Mark> {
    let hidden = marks
        .iter()
        .filter(|m| covered(m, grid, x, y) > HIDDEN_SHARE);
    hidden.copied().collect()
}

/// Whether some placement of the pieces in `room` leaves every mark in it readable; else the
/// marks the centred placement hides.
fn hidden_wherever<'m>(room: &Room, grids: &[Grid], marks: &'m [Mark]) -> Vec<&'m Mark> {
    let inside: Vec<&Mark> = marks
        .iter()
        .filter(|m| {
            m.x1 > room.x && m.x0 < room.x + room.w && m.y1 > room.y && m.y0 < room.y + room.h
        })
        .collect();
    if inside.is_empty() {
        return Vec::new();
    }
    let mut centred = None;
    for g in grids {
        let (gw, gh) = g.size();
        let (fx, fy) = (
            (room.w - 2.0 * CLEARANCE_MM - gw).max(0.0),
            (room.h - 2.0 * CLEARANCE_MM - gh).max(0.0),
        );
        let steps = |free: f64| ((free / 0.5).ceil() as usize).clamp(1, 40);
        let (nx, ny) = (steps(fx), steps(fy));
        for i in 0..=nx {
            for j in 0..=ny {
                let x = room.x + CLEARANCE_MM + fx * i as f64 / nx as f64;
                let y = room.y + CLEARANCE_MM + fy * j as f64 / ny as f64;
                if hides(&inside, g, x, y).is_empty() {
                    return Vec::new();
                }
            }
        }
        if centred.is_none() {
            let (x, y) = (room.x + (room.w - gw) / 2.0, room.y + (room.h - gh) / 2.0);
            centred = Some(hides(&inside, g, x, y));
        }
    }
    centred.unwrap_or_default()
}

/// What a player reads on a face: the text and pips its kind marks (`READ_ID`), in the
/// piece's mm.
fn marks(tree: &usvg::Tree, bleed: f64) -> Vec<Mark> {
    let mut out = Vec::new();
    super::walk(tree.root(), false, &mut |node, _| {
        let (b, what) = match node {
            Node::Text(t) if t.id() == READ_ID => {
                let words: Vec<&str> = t.chunks().iter().map(|c| c.text()).collect();
                (
                    t.abs_stroke_bounding_box(),
                    format!("“{}”", words.join(" ").trim()),
                )
            }
            Node::Path(p) if p.id() == READ_ID => (p.abs_bounding_box(), "pips".into()),
            _ => return,
        };
        out.push(Mark {
            x0: b.left() as f64 - bleed,
            y0: b.top() as f64 - bleed,
            x1: b.right() as f64 - bleed,
            y1: b.bottom() as f64 - bleed,
            what,
        });
    });
    out
}

fn size_of(fp: &Footprint) -> String {
    match fp.round || (fp.w - fp.h).abs() < 1e-6 {
        true => format!(
            "{} mm {}",
            mm(fp.w),
            if fp.round { "across" } else { "square" }
        ),
        false => format!("{} × {} mm", mm(fp.w), mm(fp.h)),
    }
}

/// The warnings of every `holds:` entry and every piece a diagram seats.
pub fn check(laid: &Document) -> Result<Vec<Diagnostic>, FaceError> {
    let mut out = Vec::new();
    for c in &laid.components {
        for hold in &c.holds {
            out.extend(check_hold(laid, c, hold)?);
        }
        for s in &c.seated {
            let (w, h) = s.drawn;
            let (rw, rh) = s.room;
            let fits = |w: f64, h: f64| {
                w + 2.0 * CLEARANCE_MM <= rw + 1e-6 && h + 2.0 * CLEARANCE_MM <= rh + 1e-6
            };
            if fits(w, h) {
                continue;
            }
            let message = format!(
                "`{}`: piece {} (`{}`) is drawn {} × {} mm on space {} of `{}`, which is {} × {} mm: it reaches past its space (it needs {} mm to spare on each side)",
                c.id,
                s.number,
                s.piece,
                mm(w),
                mm(h),
                s.space,
                s.on,
                mm(rw),
                mm(rh),
                mm(CLEARANCE_MM)
            );
            out.push(
                Diagnostic::located(&c.at.file, s.at, message)
                    .warning()
                    .hint("stand it on a larger space, or use a smaller piece"),
            );
        }
    }
    Ok(out)
}

fn check_hold(
    laid: &Document,
    c: &crate::resolve::Component,
    hold: &crate::resolve::play::Hold,
) -> Result<Vec<Diagnostic>, FaceError> {
    let fp = hold.footprint;
    let several = match hold.count {
        1 => format!("`{}` ({})", hold.held, size_of(&fp)),
        n => format!("{n} `{}` ({} each) side by side", hold.held, size_of(&fp)),
    };
    let mut tight: Option<(String, Room)> = None;
    let mut hidden: Option<(String, Room, Vec<String>)> = None;
    let mut trees = std::collections::HashMap::new();
    for (pi, rooms) in &hold.pieces {
        let piece = &laid.pieces[*pi];
        for room in rooms {
            let grids = grids(fp, hold.count, room);
            if grids.is_empty() {
                let smaller = tight
                    .as_ref()
                    .is_none_or(|(_, r)| room.w.min(room.h) < r.w.min(r.h));
                if smaller {
                    tight = Some((piece.id.clone(), room.clone()));
                }
                continue;
            }
            if hidden.is_some() {
                continue;
            }
            let face = laid.faces.of_piece[*pi].0;
            if let std::collections::hash_map::Entry::Vacant(e) = trees.entry(face) {
                let doc = &laid.faces.docs[face];
                e.insert(marks(&laid.face_tree(face)?, doc.bleed));
            }
            let found = hidden_wherever(room, &grids, &trees[&face]);
            if !found.is_empty() {
                let what = found.iter().map(|m| m.what.clone()).collect();
                hidden = Some((piece.id.clone(), room.clone(), what));
            }
        }
    }
    let mut out = Vec::new();
    let space = |piece: &str, room: &Room| match hold.on_piece {
        true => format!("`{piece}`"),
        false => format!("space {} of `{piece}`", room.name),
    };
    if let Some((piece, room)) = tight {
        let across = match room.round {
            true => format!("{} mm across", mm(room.w)),
            false => format!("{} × {} mm", mm(room.w), mm(room.h)),
        };
        let message = format!(
            "`{}`: {several} {} not fit {}, {across} inside: {} {} mm to spare on each side",
            c.id,
            if hold.count == 1 { "does" } else { "do" },
            space(&piece, &room),
            if hold.count == 1 {
                "it needs"
            } else {
                "they need"
            },
            mm(CLEARANCE_MM)
        );
        out.push(
            Diagnostic::located(&c.at.file, hold.at, message)
                .warning()
                .hint("make the spaces larger, or hold smaller pieces (or fewer: `count:`)"),
        );
    }
    if let Some((piece, room, what)) = hidden {
        let message = format!(
            "`{}`: {several} on {} {} {} wherever {} lie{}",
            c.id,
            space(&piece, &room),
            if hold.count == 1 { "hides" } else { "hide" },
            what.join(" and "),
            if hold.count == 1 { "it" } else { "they" },
            if hold.count == 1 { "s" } else { "" },
        );
        out.push(
            Diagnostic::located(&c.at.file, hold.at, message)
                .warning()
                .hint("leave room beside what the player reads: a smaller piece on it, or the words and pips where the piece leaves them"),
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room(w: f64, h: f64) -> Room {
        Room {
            name: "1".into(),
            x: 0.0,
            y: 0.0,
            w,
            h,
            round: false,
            apart: false,
        }
    }

    const MARKER: Footprint = Footprint {
        w: 19.05,
        h: 19.05,
        round: true,
    };

    #[test]
    fn pieces_fit_with_room_to_spare_on_each_side() {
        // Two by two in a 62 × 44 mm box; not in a 15 mm end area.
        assert!(!grids(MARKER, 4, &room(61.4, 43.4)).is_empty());
        assert!(grids(MARKER, 1, &room(61.4, 14.4)).is_empty());
        // Exactly the piece and its clearance fits; a hair less does not.
        assert!(!grids(MARKER, 1, &room(20.05, 20.05)).is_empty());
        assert!(grids(MARKER, 1, &room(20.0, 20.05)).is_empty());
        // A pawn's 20 × 22 footprint fits turned where it does not fit upright.
        let pawn = Footprint {
            w: 20.0,
            h: 22.0,
            round: false,
        };
        assert!(!grids(pawn, 1, &room(24.0, 21.5)).is_empty());
    }

    #[test]
    fn a_marker_hides_a_name_only_where_no_place_leaves_it() {
        let tile = room(17.0, 17.0);
        let title = Mark {
            x0: 4.0,
            y0: 1.6,
            x1: 13.0,
            y1: 3.8,
            what: "“Grasses”".into(),
        };
        let pips = Mark {
            x0: 7.8,
            y0: 13.6,
            x1: 9.2,
            y1: 15.0,
            what: "pips".into(),
        };
        let marks = [title, pips];
        let half_inch = Footprint {
            w: 12.7,
            h: 12.7,
            round: true,
        };
        let hidden = hidden_wherever(&tile, &grids(half_inch, 1, &tile), &marks);
        assert!(!hidden.is_empty());
        let small = Footprint {
            w: 9.5,
            h: 9.5,
            round: true,
        };
        assert!(hidden_wherever(&tile, &grids(small, 1, &tile), &marks).is_empty());
    }
}
