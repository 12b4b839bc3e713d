//! Every distinct face of a build, kept in a few bytes a face: a deck of 10,000 cards has
//! 10,000 faces, held from drawing to the last page. A face is a 16-byte entry, its name's
//! characters in one string shared by all, and its size an index into the few sizes a game
//! has; a record a face with its own name block was 96 bytes (1 MB at 10,000 cards).
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use rayon::prelude::*;

use super::{FaceDoc, Painter, Side, Source};

/// One face as the sinks read it: borrowed from a `FaceDocs` or a `FaceDoc`.
#[derive(Debug, Clone, Copy)]
pub struct FaceRef<'a> {
    /// File stem for its PNG (see `FaceDoc::name`).
    pub name: &'a str,
    pub source: SourceRef<'a>,
    /// Trim size in mm (the SVG adds `bleed` on every side).
    pub w: f64,
    pub h: f64,
    pub bleed: f64,
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

    /// The face as a record of its own.
    pub fn to_doc(&self) -> FaceDoc {
        FaceDoc {
            name: self.name.into(),
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
            name: &self.name,
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

/// A face: where its name ends in `FaceDocs::names`, its source (a piece, or an index into
/// `FaceDocs::svgs`) and its size's index. Numbers as `u32`: a game has at most 20,000 pieces
/// (`spec::check`'s limit), so at most 40,000 faces whose names (ids of at most a few dozen
/// characters) come to a few megabytes, far from `u32::MAX`.
#[derive(Debug, Clone, Copy)]
struct Entry {
    name_end: u32,
    source: u32,
    size: u32,
    kind: Kind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Svg,
    Front,
    Back,
}

/// Every distinct face of a build, by face number (see the module's note).
#[derive(Debug, Clone, Default)]
pub struct FaceDocs {
    entries: Vec<Entry>,
    /// Every face's name, one after the other.
    names: String,
    /// Names given after a face was added (shared faces, clashes): few.
    renamed: BTreeMap<u32, Box<str>>,
    /// The SVG text a face kept.
    svgs: Vec<Box<str>>,
    /// Distinct (w, h, bleed).
    sizes: Vec<[f64; 3]>,
    size_index: HashMap<[u64; 3], u32>,
}

/// `n` as a `u32` (see `Entry`).
fn small(n: usize) -> u32 {
    debug_assert!(n <= u32::MAX as usize, "{n} faces, names' bytes or sizes");
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl FaceDocs {
    pub fn new() -> Self {
        Self::default()
    }

    /// Room for `faces` faces.
    pub fn with_capacity(faces: usize) -> Self {
        FaceDocs {
            entries: Vec::with_capacity(faces),
            ..Self::default()
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds a face with this name, source and size: it is face number `len()` before.
    pub fn push(&mut self, name: &str, source: Source, w: f64, h: f64, bleed: f64) {
        self.names.push_str(name);
        let (kind, source) = match source {
            Source::Svg(svg) => {
                self.svgs.push(svg);
                (Kind::Svg, small(self.svgs.len() - 1))
            }
            Source::Redraw { piece, side } => match side {
                Side::Front => (Kind::Front, piece),
                Side::Back => (Kind::Back, piece),
            },
        };
        let size = self.size(w, h, bleed);
        self.entries.push(Entry {
            name_end: small(self.names.len()),
            source,
            size,
            kind,
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
        Some(FaceRef {
            name: self.name(i),
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

    /// The name of face number `i` ("" past the end).
    pub fn name(&self, i: usize) -> &str {
        if let Some(name) = self.renamed.get(&small(i)) {
            return name;
        }
        let Some(end) = self.entries.get(i).map(|e| e.name_end as usize) else {
            return "";
        };
        let start = match i {
            0 => 0,
            _ => self.entries[i - 1].name_end as usize,
        };
        &self.names[start..end]
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
        for (i, d) in docs.iter().enumerate() {
            let got = all.face(i);
            assert_eq!(got.name, &*d.name);
            assert_eq!(got.source, d.view().source);
            assert_eq!(
                (got.w.to_bits(), got.h, got.bleed),
                (d.w.to_bits(), d.h, d.bleed)
            );
            assert_eq!(got.to_doc().view().name, d.view().name);
        }
        // Two sizes: 63 × 88 once, however many faces have it.
        assert_eq!(all.sizes.len(), 2);
        assert!(all.get(4).is_none());
        assert_eq!(all.name(4), "");
        assert_eq!(all.iter().count(), 4);
        let in_parallel: Vec<&str> = all.par_iter().map(|f| f.name).collect();
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
        let names: Vec<&str> = all.iter().map(|f| f.name).collect();
        assert_eq!(names, ["a-front", "deck-front", "c-front"]);
    }
}
