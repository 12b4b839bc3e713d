//! A whole table (`pnp tts GAME --table --players N`): the seats and their hand zones, the
//! pieces laid out where the setup diagram shows them or tidily by kind, each player's pieces
//! before their seat, and the rules as notes.
//!
//! The table is TTS's `Table_RPG`. Its seats are hand zones (`HandTrigger` objects, as v13 saves
//! keep them) on its edges, where the game puts its own: the eight default hands of Table_RPG,
//! as a save written by the game keeps them (Qazzquimby/prototypical-tactics-game `template.json`
//! @ 3e6e888c, the same in Ediforce44/TTS-Mod-IsaacFourSouls `Script_Injector_Preview.json`
//! @ 4fb08596), lie at z = ±20 (long sides, rotY 0 and 180, 11.77 × 9.17 × 4.87) and x = ±30
//! (short sides, rotY 90 and 270, 11.66 × 9.17 × 4.92), y 4.81. Pieces are laid inside the
//! zones' inner edges: |x| ≤ `HALF_X`, |z| ≤ `HALF_Z`.
use super::collect::Placed;
use super::deal::Spot;
use super::model::{ObjectState, Rgb, SnapPoint, Transform, Vec3};
use super::place::{self, Band};

/// Half the width and depth of the part of the table pieces are laid on: inside the hand zones.
pub const HALF_X: f64 = 27.5;
pub const HALF_Z: f64 = 17.5;
/// Where things come to rest (the 4S save's cards lie at y 0.97 on Table_RPG) and where they
/// are put: just above, to settle.
const BOARD_Y: f64 = 1.0;
const PIECE_Y: f64 = 1.5;
/// Gap between a hand zone's inner edge and the first row before it.
const TRAY_GAP: f64 = 0.5;

/// The player colours, in seat order: the eight of Table_RPG's default hands, then the two more
/// TTS has. RGB from the API's `player/colors.md`.
pub const COLOURS: [(&str, [f64; 3]); 10] = [
    ("White", [1.0, 1.0, 1.0]),
    ("Red", [0.856, 0.1, 0.094]),
    ("Orange", [0.956, 0.392, 0.113]),
    ("Yellow", [0.905, 0.898, 0.172]),
    ("Green", [0.192, 0.701, 0.168]),
    ("Blue", [0.118, 0.53, 1.0]),
    ("Purple", [0.627, 0.125, 0.941]),
    ("Pink", [0.96, 0.439, 0.807]),
    ("Brown", [0.443, 0.231, 0.09]),
    ("Teal", [0.129, 0.694, 0.607]),
];
pub const MAX_SEATS: u32 = COLOURS.len() as u32;

/// Which edge of the table a seat is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    /// −z, facing +z (rotY 0).
    Near,
    /// −x, facing +x (rotY 90).
    Left,
    /// +z (rotY 180).
    Far,
    /// +x (rotY 270).
    Right,
}

/// A player's seat: its colour and its hand zone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Seat {
    pub colour: &'static str,
    pub rgb: Rgb,
    pub edge: Edge,
    /// Centre of the hand zone.
    pub x: f64,
    pub z: f64,
    /// How wide the pieces before it may spread.
    pub room: f64,
}

impl Seat {
    pub fn rot_y(&self) -> f64 {
        match self.edge {
            Edge::Near => 0.0,
            Edge::Left => 90.0,
            Edge::Far => 180.0,
            Edge::Right => 270.0,
        }
    }

    /// The hand zone's scale (x, y, z), as Table_RPG's defaults.
    fn hand_scale(&self) -> (f64, f64, f64) {
        match self.edge {
            Edge::Near | Edge::Far => (11.77, 9.17, 4.87),
            Edge::Left | Edge::Right => (11.66, 9.17, 4.92),
        }
    }

    /// Where its pieces start: the hand zone's inner edge and a gap, from the zone's centre.
    fn reach(&self) -> f64 {
        self.hand_scale().2 / 2.0 + TRAY_GAP
    }

    /// A point `right` to the player's right and `ahead` towards the middle, on the table.
    pub fn at(&self, right: f64, ahead: f64) -> (f64, f64) {
        let a = self.rot_y().to_radians();
        // Facing (sin a, cos a); their right hand (cos a, −sin a).
        (
            self.x + right * a.cos() + ahead * a.sin(),
            self.z - right * a.sin() + ahead * a.cos(),
        )
    }

    /// Its hand zone.
    pub fn hand(&self, guid: String) -> ObjectState {
        let (sx, sy, sz) = self.hand_scale();
        let mut t = Transform::scaled(sx, sy, sz).at(self.x, 4.81, self.z);
        t.rot_y = self.rot_y();
        let mut o = ObjectState::new("HandTrigger", guid, "", t);
        o.color_diffuse = self.rgb;
        o.fog_color = Some(self.colour.to_string());
        o.locked = true;
        o.grid = false;
        o
    }
}

/// The seats of `n` players (1 to `MAX_SEATS`), clockwise from the near side (the order TTS
/// gives its colours round Table_RPG): up to four, one on each side the game has room for
/// (near, left, far, right; three sit near, left and right); more, along the two long sides,
/// the near one taking the odd one.
pub fn seats(n: u32) -> Vec<Seat> {
    seats_in(n, &COLOURS)
}

/// The colours of `n` seats, in seat order: a seat whose pieces are tagged with one of TTS's
/// player colours (`tags: {player: red}` on Making Ground's red markers) sits in that colour, so
/// the Red player finds the red markers; the other seats take the colours left, in TTS's order.
/// `seat_tags[k]` are the tag values of the pieces dealt to seat k. A seat none of whose own
/// pieces names a colour takes the next of `players`, the colours the game's `player:` tags name
/// (a race game's green and purple men, which the setup diagram places, seat Green and Purple),
/// then TTS's order.
pub fn colours_for(
    n: u32,
    seat_tags: &[Vec<String>],
    players: &[String],
) -> Vec<(&'static str, [f64; 3])> {
    let named = |tags: &Vec<String>| {
        let mut found = COLOURS
            .iter()
            .filter(|(name, _)| tags.iter().any(|t| t.eq_ignore_ascii_case(name)));
        // One colour a seat, or the tags say nothing about it.
        match (found.next(), found.next()) {
            (Some(c), None) => Some(*c),
            _ => None,
        }
    };
    let mut chosen: Vec<Option<(&'static str, [f64; 3])>> = (0..n as usize)
        .map(|k| seat_tags.get(k).and_then(named))
        .collect();
    // Two seats of one colour: the tags are no seat colours after all.
    let mut names: Vec<&str> = chosen.iter().flatten().map(|(name, _)| *name).collect();
    names.sort_unstable();
    if names.windows(2).any(|w| w[0] == w[1]) {
        chosen.iter_mut().for_each(|c| *c = None);
    }
    let taken: Vec<&str> = chosen.iter().flatten().map(|(name, _)| *name).collect();
    let named = players.iter().filter_map(|p| {
        COLOURS
            .iter()
            .find(|(name, _)| p.trim().eq_ignore_ascii_case(name))
    });
    let mut seen: Vec<&str> = Vec::new();
    let mut rest = named
        .chain(COLOURS.iter())
        .filter(|c| !taken.contains(&c.0))
        .filter(move |c| {
            let first = !seen.contains(&c.0);
            seen.push(c.0);
            first
        });
    chosen
        .into_iter()
        .map(|c| c.or_else(|| rest.next().copied()).unwrap_or(COLOURS[0]))
        .collect()
}

/// The seats of `n` players in these colours (`colours_for`), placed as `seats` says.
pub fn seats_in(n: u32, colours: &[(&'static str, [f64; 3])]) -> Vec<Seat> {
    let (near_z, far_z, left_x, right_x) = (-20.1, 19.8, -30.2, 30.2);
    let on = |edge: Edge, along: f64, room: f64| match edge {
        Edge::Near => (edge, along, near_z, room),
        Edge::Far => (edge, along, far_z, room),
        Edge::Left => (edge, left_x, along, room),
        Edge::Right => (edge, right_x, along, room),
    };
    let full = 2.0 * HALF_X - 2.0;
    let places: Vec<(Edge, f64, f64, f64)> = match n {
        0 => Vec::new(),
        1 => vec![on(Edge::Near, 0.0, full)],
        2 => vec![on(Edge::Near, 0.0, full), on(Edge::Far, 0.0, full)],
        3 => vec![
            on(Edge::Near, 0.0, full),
            on(Edge::Left, 0.0, 2.0 * HALF_Z - 4.0),
            on(Edge::Right, 0.0, 2.0 * HALF_Z - 4.0),
        ],
        4 => vec![
            on(Edge::Near, 0.0, full),
            on(Edge::Left, 0.0, 2.0 * HALF_Z - 4.0),
            on(Edge::Far, 0.0, full),
            on(Edge::Right, 0.0, 2.0 * HALF_Z - 4.0),
        ],
        _ => {
            let near = n.div_ceil(2) as usize;
            let far = n as usize - near;
            let along = |k: usize| {
                let pitch = (2.0 * HALF_X / k as f64).min(18.0);
                move |i: usize| (i as f64 - (k as f64 - 1.0) / 2.0) * pitch
            };
            let (pn, pf) = (along(near), along(far));
            let room = |k: usize| (2.0 * HALF_X / k as f64).min(18.0) - 1.0;
            // Clockwise: along the near side right to left, then the far side left to right.
            let mut v: Vec<_> = (0..near)
                .rev()
                .map(|i| on(Edge::Near, pn(i), room(near)))
                .collect();
            v.extend((0..far).map(|i| on(Edge::Far, pf(i), room(far))));
            v
        }
    };
    places
        .into_iter()
        .zip(colours.iter().copied())
        .map(|((edge, x, z, room), (colour, [r, g, b]))| Seat {
            colour,
            rgb: Rgb { r, g, b },
            edge,
            x,
            z,
            room,
        })
        .collect()
}

/// A point of the diagram's table (mm, +y down the picture, towards the near side) on TTS's
/// table (units).
fn on_table(at: [f64; 2]) -> (f64, f64) {
    (super::map::units(at[0]), -super::map::units(at[1]))
}

/// Puts every object where it goes; returns the objects in order (the set-aside ones in one
/// bag, made by `aside_bag`) and the table's snap points: one on each grid space of a piece
/// the diagram lays grid side up (Cream of the Crop's board of tiles), which stays where the
/// tile goes.
pub(super) fn lay_out(
    placed: Vec<Placed>,
    diagram: Option<&crate::resolve::table::Setup>,
    seats: &[Seat],
    aside_bag: impl FnOnce(Vec<ObjectState>) -> ObjectState,
) -> (Vec<ObjectState>, Vec<SnapPoint>) {
    let mut snaps: Vec<SnapPoint> = Vec::new();
    let mut out: Vec<ObjectState> = Vec::new();
    let mut middle: Vec<Placed> = Vec::new();
    let mut aside: Vec<ObjectState> = Vec::new();
    let mut trays: Vec<Vec<Placed>> = seats.iter().map(|_| Vec::new()).collect();
    let mut on_diagram: Vec<(usize, Placed)> = Vec::new();
    for p in placed {
        match p.spot {
            Spot::Middle => middle.push(p),
            Spot::Aside => aside.push(p.obj),
            Spot::Seat(k) if k < trays.len() => trays[k].push(p),
            Spot::Seat(_) => middle.push(p),
            Spot::Placed(k) => on_diagram.push((k, p)),
        }
    }
    // Where the setup diagram shows them.
    let mut taken: Vec<(f64, f64, f64, f64)> = Vec::new();
    for (k, p) in on_diagram {
        let spot = diagram.and_then(|d| d.places.get(k));
        let ((x, z), turn, back, face) = spot.map_or(((0.0, 0.0), 0.0, false, None), |s| {
            (on_table(s.centre), s.rotate, s.back, s.face)
        });
        for &at in spot.into_iter().flat_map(|s| &s.grid) {
            let (sx, sz) = on_table(at);
            snaps.push(SnapPoint {
                position: Vec3 {
                    x: super::snap::round4(sx),
                    y: BOARD_Y,
                    z: super::snap::round4(sz),
                },
            });
        }
        let (w, d) = turned(p.w, p.d, turn);
        let below = taken
            .iter()
            .filter(|(tx, tz, tw, td)| {
                (tx - x).abs() * 2.0 < tw + w && (tz - z).abs() * 2.0 < td + d
            })
            .count();
        taken.push((x, z, w, d));
        let mut obj = p.obj;
        let y = BOARD_Y + 0.3 * below as f64;
        obj.transform = obj.transform.at(x, y, z);
        obj.transform.rot_y = (obj.transform.rot_y + turn).rem_euclid(360.0);
        // The side the diagram shows is the side up: a deck it shows by its front (a supply
        // the rules lay face up) lies face up, though a deck otherwise lies face down.
        if back {
            obj.transform.rot_z = 180.0;
        } else if matches!(obj.name, "DeckCustom" | "CardCustom") {
            obj.transform.rot_z = 0.0;
        }
        if let Some(f) = face.filter(|&f| f < 6)
            && obj.rotation_values.is_some()
        {
            let (rx, _, rz) = super::dice::D6_ROTATIONS[f];
            obj.transform.rot_x = rx;
            obj.transform.rot_z = rz;
        }
        out.push(obj);
    }
    let on_diagram_box = bounds(&taken);
    // Before each seat, turned to face its player.
    for (seat, mut tray) in seats.iter().zip(trays) {
        // In one row while there is room, boards first (to the player's left).
        tray.sort_by_key(|p| p.band);
        let items: Vec<(Band, f64, f64)> = tray.iter().map(|p| (Band::Loose, p.w, p.d)).collect();
        let centres = place::arrange_in(&items, seat.room);
        let depth = block_depth(&items, &centres);
        for (p, (u, v)) in tray.into_iter().zip(centres) {
            // `arrange` lays its first rows furthest away: here, furthest from the player.
            let ahead = seat.reach() + depth / 2.0 + v;
            let (x, z) = seat.at(u, ahead);
            let mut obj = p.obj;
            let y = if p.band == Band::Board {
                BOARD_Y
            } else {
                PIECE_Y
            };
            obj.transform = obj.transform.at(x, y, z);
            obj.transform.rot_y = (obj.transform.rot_y + seat.rot_y()).rem_euclid(360.0);
            out.push(obj);
        }
    }
    // The middle: tidily by kind, beside the diagram's pieces when there are some.
    if !aside.is_empty() {
        let bag = aside_bag(aside);
        middle.push(Placed {
            band: Band::Loose,
            w: super::components::BAG_UNITS,
            d: super::components::BAG_UNITS,
            obj: bag,
            spot: Spot::Middle,
        });
    }
    let items: Vec<(Band, f64, f64)> = middle.iter().map(|p| (p.band, p.w, p.d)).collect();
    let width = match on_diagram_box {
        // The room left beside the diagram's pieces, on the wider side.
        Some((x0, _, x1, _)) => (HALF_X - x1).max(x0 + HALF_X) - 1.5,
        None => 2.0 * HALF_X,
    };
    let centres = place::arrange_in(&items, width.clamp(8.0, 2.0 * HALF_X));
    let (bw, _) = block_size(&items, &centres);
    let shift = match on_diagram_box {
        Some((x0, _, x1, _)) if HALF_X - x1 >= x0 + HALF_X => x1 + 1.5 + bw / 2.0,
        Some((x0, _, _, _)) => x0 - 1.5 - bw / 2.0,
        None => 0.0,
    };
    for (p, (x, z)) in middle.into_iter().zip(centres) {
        let mut obj = p.obj;
        let y = if p.band == Band::Board {
            BOARD_Y
        } else {
            PIECE_Y
        };
        obj.transform = obj.transform.at(x + shift, y, z);
        out.push(obj);
    }
    for obj in &mut out {
        let t = obj.transform;
        for inner in obj.contained_objects.iter_mut().flatten() {
            inner.transform = inner.transform.at(t.pos_x, t.pos_y, t.pos_z);
        }
    }
    (out, snaps)
}

/// A footprint turned by `deg` degrees (a quarter turn swaps its sides).
fn turned(w: f64, d: f64, deg: f64) -> (f64, f64) {
    let quarter = ((deg / 90.0).round() as i64).rem_euclid(2) == 1;
    if quarter { (d, w) } else { (w, d) }
}

/// The box (x0, z0, x1, z1) round some footprints (x, z, w, d).
fn bounds(items: &[(f64, f64, f64, f64)]) -> Option<(f64, f64, f64, f64)> {
    items.iter().fold(None, |acc, &(x, z, w, d)| {
        let b = (x - w / 2.0, z - d / 2.0, x + w / 2.0, z + d / 2.0);
        Some(match acc {
            None => b,
            Some(a) => (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3)),
        })
    })
}

/// Width and depth of a block laid out by `place::arrange`.
fn block_size(items: &[(Band, f64, f64)], centres: &[(f64, f64)]) -> (f64, f64) {
    let boxes: Vec<_> = items
        .iter()
        .zip(centres)
        .map(|(&(_, w, d), &(x, z))| (x, z, w, d))
        .collect();
    bounds(&boxes).map_or((0.0, 0.0), |(x0, z0, x1, z1)| (x1 - x0, z1 - z0))
}

fn block_depth(items: &[(Band, f64, f64)], centres: &[(f64, f64)]) -> f64 {
    block_size(items, centres).1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_go_round_clockwise_in_tts_colours_and_face_the_middle() {
        for n in 1..=MAX_SEATS {
            let s = seats(n);
            assert_eq!(s.len(), n as usize);
            for (seat, (colour, _)) in s.iter().zip(COLOURS) {
                assert_eq!(seat.colour, colour);
                // A step ahead goes towards the middle.
                let (x, z) = seat.at(0.0, 1.0);
                assert!(x.hypot(z) < seat.x.hypot(seat.z), "{n} players: {seat:?}");
            }
            // Clockwise seen from above (+z up the picture): the angle from the near side
            // towards the left grows, less than a turn in all.
            let angles: Vec<f64> = s.iter().map(|s| (-s.x).atan2(-s.z)).collect();
            let mut unwrapped = angles.clone();
            for i in 1..unwrapped.len() {
                while unwrapped[i] < unwrapped[i - 1] {
                    unwrapped[i] += std::f64::consts::TAU;
                }
            }
            assert!(
                unwrapped.last().unwrap() - unwrapped[0] < std::f64::consts::TAU,
                "{n}: {angles:?}"
            );
        }
        let four = seats(4);
        let edges: Vec<Edge> = four.iter().map(|s| s.edge).collect();
        assert_eq!(edges, [Edge::Near, Edge::Left, Edge::Far, Edge::Right]);
        // The player's right hand on the near side is +x; on the left side, −z.
        assert_eq!(four[0].at(1.0, 0.0), (1.0, four[0].z));
        let (x, z) = four[1].at(1.0, 0.0);
        assert!((x - four[1].x).abs() < 1e-9 && (z + 1.0).abs() < 1e-9);
    }

    #[test]
    fn a_seat_whose_pieces_are_tagged_with_a_colour_sits_in_it() {
        let tags = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        fn names(c: Vec<(&'static str, [f64; 3])>) -> Vec<&'static str> {
            c.into_iter().map(|(n, _)| n).collect()
        }
        // Making Ground's markers, dealt in their order.
        let seats = [
            tags(&["red"]),
            tags(&["blue"]),
            tags(&["yellow"]),
            tags(&["purple"]),
        ];
        assert_eq!(
            names(colours_for(4, &seats, &[])),
            ["Red", "Blue", "Yellow", "Purple"]
        );
        assert_eq!(names(colours_for(2, &seats, &[])), ["Red", "Blue"]);
        // Untagged seats take the colours left, in TTS's order.
        let some = [tags(&["Elves"]), tags(&["white"]), tags(&[])];
        assert_eq!(
            names(colours_for(3, &some, &[])),
            ["Red", "White", "Orange"]
        );
        // Two seats of one colour, or a seat of two: not seat colours; TTS's order.
        let twice = [tags(&["red"]), tags(&["red"])];
        assert_eq!(names(colours_for(2, &twice, &[])), ["White", "Red"]);
        let both = [tags(&["red", "blue"]), tags(&[])];
        assert_eq!(names(colours_for(2, &both, &[])), ["White", "Red"]);
        // Seats none of whose own pieces names a colour take those the game's `player:` tags
        // name (men a diagram places), each once, then TTS's order; not one a seat has.
        let players = tags(&["Green", "purple", "green", "Magenta"]);
        assert_eq!(
            names(colours_for(3, &[], &players)),
            ["Green", "Purple", "White"]
        );
        let one_own = [tags(&[]), tags(&["green"])];
        assert_eq!(
            names(colours_for(3, &one_own, &players)),
            ["Purple", "Green", "White"]
        );
    }
}
