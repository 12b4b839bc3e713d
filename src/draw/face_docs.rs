//! Every distinct face of a build, kept in a few bytes a run of faces: a deck of 10,000 cards
//! has 10,000 faces, held from drawing to the last page. Faces drawn one after the other from
//! pieces one after the other (a deck's fronts) are one run: its first face, how many, and
//! where each comes from follows by counting. A face drawn for a piece is named after that
//! piece when asked (`card-c12-front`), not stored; only names given otherwise (shared faces,
//! clashes, the faces of record sheets) are kept as text. A 16-byte entry and the name's
//! characters a face were 0.66 MB at 20,000 cards; a record a face with its own name block
//! before them, 96 bytes.
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use rayon::prelude::*;

use super::{FaceDoc, Painter, Side, Source};
use crate::runs::{Runs, Stepping};

/// One face as the sinks read it: borrowed from a `FaceDocs` or a `FaceDoc`.
#[derive(Debug, Clone, Copy)]
pub struct FaceRef<'a> {
    /// File stem for its PNG, as text through `FaceName::text` (see `FaceDoc::name`).
    pub name: FaceName<'a>,
    pub source: SourceRef<'a>,
    /// Trim size in mm (the SVG adds `bleed` on every side).
    pub w: f64,
    pub h: f64,
    pub bleed: f64,
}

/// A face's name: kept as text, or made from the piece it was drawn for when asked. Compared as
/// it is kept: `Text("card-a-front")` is not equal to the `Piece` name that reads the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaceName<'a> {
    Text(&'a str),
    /// `<piece id>-<side>`.
    Piece {
        piece: u32,
        side: Side,
    },
}

impl<'a> FaceName<'a> {
    /// The name as text; `painter` names pieces (it must paint the pieces the faces came from).
    pub fn text(self, painter: &Painter) -> Cow<'a, str> {
        match self {
            FaceName::Text(text) => Cow::Borrowed(text),
            FaceName::Piece { piece, side } => Cow::Owned(painter.face_name(piece, side)),
        }
    }
}

/// Where a face's SVG comes from (see `Source`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceRef<'a> {
    Svg(&'a str),
    Redraw { piece: u32, side: Side },
}

impl<'a> FaceRef<'a> {
    /// Its SVG: the kept text, or drawn again by `painter`.
    pub fn svg(&self, painter: &Painter) -> Result<Cow<'a, str>, String> {
        match self.source {
            SourceRef::Svg(svg) => Ok(Cow::Borrowed(svg)),
            SourceRef::Redraw { piece, side } => painter
                .draw(piece as usize, side, self.bleed)
                .map(Cow::Owned),
        }
    }

    /// The face as a record of its own, its name made by `painter` if it is a piece's.
    pub fn to_doc(&self, painter: &Painter) -> FaceDoc {
        FaceDoc {
            name: self.name.text(painter).into(),
            source: match self.source {
                SourceRef::Svg(svg) => Source::Svg(svg.into()),
                SourceRef::Redraw { piece, side } => Source::Redraw { piece, side },
            },
            w: self.w,
            h: self.h,
            bleed: self.bleed,
        }
    }
}

impl FaceDoc {
    /// The face as the sinks read it.
    pub fn view(&self) -> FaceRef<'_> {
        FaceRef {
            name: FaceName::Text(&self.name),
            source: match &self.source {
                Source::Svg(svg) => SourceRef::Svg(svg),
                Source::Redraw { piece, side } => SourceRef::Redraw {
                    piece: *piece,
                    side: *side,
                },
            },
            w: self.w,
            h: self.h,
            bleed: self.bleed,
        }
    }
}

/// A face: its source (an index into `FaceDocs::svgs`, or a piece), its size's index and its
/// name. Kept as runs (`runs::Runs`) of faces named after pieces one after the other, as
/// `EntryStep` says. Numbers as `u32`: a game has at most 20,000 pieces (`spec::check`'s
/// limit), so at most 40,000 faces whose kept names (ids of at most a few dozen characters)
/// come to a few megabytes, far from `u32::MAX`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    source: u32,
    kind: Kind,
    size: u32,
    name: EntryName,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Svg,
    Front,
    Back,
}

impl Kind {
    /// The kind of a face drawn again from a piece's `side`.
    fn of(side: Side) -> Kind {
        match side {
            Side::Front => Kind::Front,
            Side::Back => Kind::Back,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EntryName {
    /// `FaceDocs::names[start..end]`.
    Text { start: u32, end: u32 },
    /// Named after the piece (see `FaceName::Piece`).
    Piece { piece: u32, side: Side },
}

/// How the faces of a run follow each other.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum EntryStep {
    /// The same side of the next piece: a deck's fronts, with one back shared or none.
    #[default]
    Pieces,
    /// Front, back, then the next piece's front: a deck whose every card has a back of its own.
    Sides,
}

/// A side's place in `EntryStep::Sides` order.
fn side_number(side: Side) -> u64 {
    match side {
        Side::Front => 0,
        Side::Back => 1,
    }
}

impl Stepping for Entry {
    type Step = EntryStep;

    /// A step the names allow; `Runs` then checks that it gives `next` back exactly.
    fn step_to(&self, next: &Entry) -> Option<EntryStep> {
        let (EntryName::Piece { piece, side }, EntryName::Piece { piece: p, side: s }) =
            (self.name, next.name)
        else {
            return None;
        };
        let (piece, p) = (u64::from(piece), u64::from(p));
        if side == s && p == piece + 1 {
            Some(EntryStep::Pieces)
        } else if 2 * p + side_number(s) == 2 * piece + side_number(side) + 1 {
            Some(EntryStep::Sides)
        } else {
            None
        }
    }

    /// Wrapping: `Runs` asks for the face after a run's last, which may be past `u32::MAX`
    /// (and is then no face of the run).
    fn nth(&self, step: EntryStep, k: u32) -> Entry {
        let EntryName::Piece { piece, side } = self.name else {
            return *self;
        };
        let (piece, side) = match step {
            EntryStep::Pieces => (piece.wrapping_add(k), side),
            EntryStep::Sides => {
                let n = 2 * u64::from(piece) + side_number(side) + u64::from(k);
                let side = if n.is_multiple_of(2) {
                    Side::Front
                } else {
                    Side::Back
                };
                ((n / 2) as u32, side)
            }
        };
        // A face drawn again is drawn from its piece and side; a kept one is the next SVG.
        let (kind, source) = match self.kind {
            Kind::Svg => (Kind::Svg, self.source.wrapping_add(k)),
            Kind::Front | Kind::Back if step == EntryStep::Sides => (Kind::of(side), piece),
            kind => (kind, self.source.wrapping_add(k)),
        };
        Entry {
            source,
            kind,
            name: EntryName::Piece { piece, side },
            ..*self
        }
    }

    fn same(&self, other: &Entry) -> bool {
        self == other
    }
}

/// Every distinct face of a build, by face number (see the module's note).
#[derive(Debug, Clone, Default)]
pub struct FaceDocs {
    entries: Runs<Entry>,
    /// The names kept as text, one after the other.
    names: String,
    /// Names given after a face was added (shared faces, clashes): few.
    renamed: BTreeMap<u32, Box<str>>,
    /// The SVG text a face kept.
    svgs: Vec<Box<str>>,
    /// Distinct (w, h, bleed).
    sizes: Vec<[f64; 3]>,
    size_index: HashMap<[u64; 3], u32>,
}

/// `n` as a `u32` (see `Entry`): a piece's or a face's number, a name's end, a size's index. A
/// game's pieces are far fewer than `u32::MAX` (its YAML and data files are at most 1 and 4 MB);
/// past it, a piece's number reads "no such piece".
pub(super) fn small(n: usize) -> u32 {
    debug_assert!(
        n <= u32::MAX as usize,
        "{n} pieces, faces, names' bytes or sizes"
    );
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl FaceDocs {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds a face with this name, source and size: it is face number `len()` before.
    pub fn push(&mut self, name: &str, source: Source, w: f64, h: f64, bleed: f64) {
        let start = small(self.names.len());
        self.names.push_str(name);
        let name = EntryName::Text {
            start,
            end: small(self.names.len()),
        };
        self.add(name, source, w, h, bleed);
    }

    /// Adds a face drawn for `piece`'s `side`, named after them: it is face number `len()`
    /// before.
    pub fn push_drawn(
        &mut self,
        piece: u32,
        side: Side,
        source: Source,
        w: f64,
        h: f64,
        bleed: f64,
    ) {
        self.add(EntryName::Piece { piece, side }, source, w, h, bleed);
    }

    fn add(&mut self, name: EntryName, source: Source, w: f64, h: f64, bleed: f64) {
        let (kind, source) = match source {
            Source::Svg(svg) => {
                self.svgs.push(svg);
                (Kind::Svg, small(self.svgs.len() - 1))
            }
            Source::Redraw { piece, side } => (Kind::of(side), piece),
        };
        let size = self.size(w, h, bleed);
        self.entries.push(Entry {
            source,
            kind,
            size,
            name,
        });
    }

    /// The index of a size, added if new.
    fn size(&mut self, w: f64, h: f64, bleed: f64) -> u32 {
        let size = [w, h, bleed];
        let next = small(self.sizes.len());
        let i = *self
            .size_index
            .entry(size.map(f64::to_bits))
            .or_insert(next);
        if i == next {
            self.sizes.push(size);
        }
        i
    }

    /// Face number `i`, if there is one.
    pub fn get(&self, i: usize) -> Option<FaceRef<'_>> {
        let e = self.entries.get(i)?;
        let [w, h, bleed] = self.sizes[e.size as usize];
        let source = match e.kind {
            Kind::Svg => SourceRef::Svg(&self.svgs[e.source as usize]),
            Kind::Front => SourceRef::Redraw {
                piece: e.source,
                side: Side::Front,
            },
            Kind::Back => SourceRef::Redraw {
                piece: e.source,
                side: Side::Back,
            },
        };
        let name = match (self.renamed.get(&small(i)), e.name) {
            (Some(name), _) => FaceName::Text(name),
            (None, EntryName::Text { start, end }) => {
                FaceName::Text(&self.names[start as usize..end as usize])
            }
            (None, EntryName::Piece { piece, side }) => FaceName::Piece { piece, side },
        };
        Some(FaceRef {
            name,
            source,
            w,
            h,
            bleed,
        })
    }

    /// Face number `i`; like indexing a slice, a number out of range is a bug and panics.
    pub fn face(&self, i: usize) -> FaceRef<'_> {
        match self.get(i) {
            Some(face) => face,
            None => panic!("face {i} of {}", self.len()),
        }
    }

    /// The name of face number `i` (`Text("")` past the end).
    pub fn name(&self, i: usize) -> FaceName<'_> {
        self.get(i).map_or(FaceName::Text(""), |f| f.name)
    }

    /// Names face number `i` anew.
    pub fn rename(&mut self, i: usize, name: String) {
        if i < self.len() {
            self.renamed.insert(small(i), name.into());
        }
    }

    /// Every face, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = FaceRef<'_>> + '_ {
        (0..self.len()).map(|i| self.face(i))
    }

    /// Every face, in order, on every core.
    pub fn par_iter(&self) -> impl IndexedParallelIterator<Item = FaceRef<'_>> + '_ {
        (0..self.len()).into_par_iter().map(|i| self.face(i))
    }

    /// Gives back the room its lists grew into.
    pub fn shrink_to_fit(&mut self) {
        self.entries.shrink_to_fit();
        self.names.shrink_to_fit();
        self.svgs.shrink_to_fit();
        self.sizes.shrink_to_fit();
    }
}

impl FromIterator<FaceDoc> for FaceDocs {
    fn from_iter<I: IntoIterator<Item = FaceDoc>>(docs: I) -> Self {
        let mut all = FaceDocs::new();
        for d in docs {
            all.push(&d.name, d.source, d.w, d.h, d.bleed);
        }
        all.shrink_to_fit();
        all
    }
}

impl From<Vec<FaceDoc>> for FaceDocs {
    fn from(docs: Vec<FaceDoc>) -> Self {
        docs.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(name: &str, source: Source, w: f64) -> FaceDoc {
        FaceDoc {
            name: name.into(),
            source,
            w,
            h: 88.0,
            bleed: 3.0,
        }
    }

    #[test]
    fn faces_come_back_as_they_were_added() {
        let docs = vec![
            doc("card-a-front", Source::Svg("<svg a/>".into()), 63.0),
            doc(
                "card-b-front",
                Source::Redraw {
                    piece: 7,
                    side: Side::Front,
                },
                63.0,
            ),
            doc(
                "",
                Source::Redraw {
                    piece: 7,
                    side: Side::Back,
                },
                0.1 + 0.2,
            ),
            doc("token-front", Source::Svg("<svg t/>".into()), 63.0),
        ];
        let all: FaceDocs = docs.clone().into();
        assert_eq!(all.len(), 4);
        let game = crate::spec::load("night-grain").unwrap();
        let pieces = crate::pieces::Pieces::new();
        let painter = Painter::new(&game, &pieces);
        for (i, d) in docs.iter().enumerate() {
            let got = all.face(i);
            assert_eq!(got.name, FaceName::Text(&d.name));
            assert_eq!(got.source, d.view().source);
            assert_eq!(
                (got.w.to_bits(), got.h, got.bleed),
                (d.w.to_bits(), d.h, d.bleed)
            );
            assert_eq!(got.to_doc(&painter).view().name, d.view().name);
        }
        // Two sizes: 63 × 88 once, however many faces have it.
        assert_eq!(all.sizes.len(), 2);
        assert!(all.get(4).is_none());
        assert_eq!(all.name(4), FaceName::Text(""));
        assert_eq!(all.iter().count(), 4);
        let in_parallel: Vec<FaceName> = all.par_iter().map(|f| f.name).collect();
        assert_eq!(in_parallel, all.iter().map(|f| f.name).collect::<Vec<_>>());
    }

    #[test]
    fn a_renamed_face_keeps_its_new_name_and_the_others_theirs() {
        let mut all: FaceDocs = ["a-front", "b-front", "c-front"]
            .into_iter()
            .map(|n| doc(n, Source::Svg("".into()), 10.0))
            .collect();
        all.rename(1, "deck-front".into());
        all.rename(9, "nothing".into());
        let names: Vec<FaceName> = all.iter().map(|f| f.name).collect();
        assert_eq!(
            names,
            ["a-front", "deck-front", "c-front"].map(FaceName::Text)
        );
    }

    #[test]
    fn faces_drawn_for_pieces_in_a_row_are_one_run_named_after_their_pieces() {
        let game = crate::spec::load("piecepack").unwrap();
        let pieces = crate::pieces::expand(&game);
        let painter = Painter::new(&game, &pieces);
        let redraw = |piece, side| Source::Redraw { piece, side };
        let mut all = FaceDocs::new();
        // A kept front, then fronts drawn again for pieces 1..6, a shared back, more fronts.
        all.push_drawn(
            0,
            Side::Front,
            Source::Svg("<svg/>".into()),
            20.0,
            20.0,
            0.0,
        );
        for p in 1..6 {
            all.push_drawn(p, Side::Front, redraw(p, Side::Front), 20.0, 20.0, 0.0);
        }
        all.push_drawn(5, Side::Back, redraw(5, Side::Back), 20.0, 20.0, 0.0);
        for p in 6..9 {
            all.push_drawn(p, Side::Front, redraw(p, Side::Front), 20.0, 20.0, 0.0);
        }
        // Piece 9 is another size, and face 11 has a name of its own: runs of their own.
        all.push_drawn(9, Side::Front, redraw(9, Side::Front), 30.0, 20.0, 0.0);
        all.push("token", redraw(10, Side::Front), 30.0, 20.0, 0.0);
        all.push_drawn(11, Side::Front, redraw(11, Side::Front), 30.0, 20.0, 0.0);
        assert_eq!(all.len(), 13);
        assert_eq!(all.entries.runs().len(), 7, "{:?}", all.entries.runs());
        let named = |piece: u32, side: Side| {
            format!("{}-{}", pieces.piece(piece as usize).id(&game), side.name())
        };
        for (face, piece) in (1..6).chain(7..11).zip((1..6).chain(6..10)) {
            let f = all.face(face);
            assert_eq!(f.name.text(&painter), named(piece, Side::Front));
            assert_eq!(
                f.source,
                SourceRef::Redraw {
                    piece,
                    side: Side::Front
                }
            );
            assert_eq!(f.w, if piece == 9 { 30.0 } else { 20.0 });
        }
        assert_eq!(all.face(6).name.text(&painter), named(5, Side::Back));
        assert_eq!(all.face(11).name.text(&painter), "token");
        assert_eq!(all.face(12).name.text(&painter), named(11, Side::Front));
        assert_eq!(all.face(0).source, SourceRef::Svg("<svg/>"));
        all.rename(3, "grain-x-front".into());
        assert_eq!(all.face(3).name, FaceName::Text("grain-x-front"));
        assert_eq!(all.face(4).name.text(&painter), named(4, Side::Front));
        assert!(all.get(13).is_none());
    }

    #[test]
    fn fronts_and_backs_of_their_own_in_turn_are_one_run() {
        let game = crate::spec::load("piecepack").unwrap();
        let pieces = crate::pieces::expand(&game);
        let painter = Painter::new(&game, &pieces);
        let mut all = FaceDocs::new();
        let sides = |p: u32| [(p, Side::Front), (p, Side::Back)];
        // Kept SVG for pieces 0 and 1, then drawn again for 2 to 5.
        for (p, side) in (0..2).flat_map(sides) {
            all.push_drawn(
                p,
                side,
                Source::Svg(format!("<svg {p}/>").into()),
                20.0,
                20.0,
                0.0,
            );
        }
        for (p, side) in (2..6).flat_map(sides) {
            all.push_drawn(p, side, Source::Redraw { piece: p, side }, 20.0, 20.0, 0.0);
        }
        assert_eq!(all.entries.runs().len(), 2, "{:?}", all.entries.runs());
        for (face, (p, side)) in (0..6).flat_map(sides).enumerate() {
            let f = all.face(face);
            assert_eq!(f.name, FaceName::Piece { piece: p, side });
            let name = format!("{}-{}", pieces.piece(p as usize).id(&game), side.name());
            assert_eq!(f.name.text(&painter), name);
            match p {
                0 | 1 => assert!(matches!(f.source, SourceRef::Svg(_))),
                _ => assert_eq!(f.source, SourceRef::Redraw { piece: p, side }),
            }
        }
        let kept: Vec<SourceRef> = (0..4).map(|f| all.face(f).source).collect();
        assert_eq!(
            kept,
            ["<svg 0/>", "<svg 0/>", "<svg 1/>", "<svg 1/>"].map(SourceRef::Svg)
        );
    }
}
