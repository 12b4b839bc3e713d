//! What the YAML language needs of the kinds of piece, which live in the layer above (`kinds`):
//! how a component's `kind:` and its section are read, which fields a kind takes and which
//! face fields it draws, its own checks, and the texts and symbols it prints. `spec` is generic
//! over them (`Game<K>`), so that it names no kind; `kinds` fills them in.
use schemars::JsonSchema;
use serde::de::MapAccess;
use serde_saphyr::{Location, Spanned};

pub use super::model::FaceField;
use super::{Component, Face, Game};
use crate::base::diagnostic::Diagnostic;
use crate::base::forms::{Side, TtsForm};
use crate::base::shape::Shape;

/// The kinds of piece a game's components may be.
pub trait Kinds: Sized + std::fmt::Debug + Send + Sync + 'static {
    /// A kind's name, as `kind:` gives it.
    type Name: Copy
        + Eq
        + std::hash::Hash
        + std::fmt::Debug
        + std::fmt::Display
        + Send
        + Sync
        + JsonSchema
        + for<'de> serde::Deserialize<'de>
        + 'static;
    /// The keys of the kinds' own sections (`board:`, `die:`…).
    const SECTIONS: &'static [&'static str];
    /// Reads the section under `key` (one of `SECTIONS`), with where it is written.
    fn read_section<'de, A: MapAccess<'de>>(
        key: &str,
        map: &mut A,
    ) -> Result<(Self, Location), A::Error>;
    /// A kind without a section, by name (`None` for a kind that needs its section).
    fn plain(name: Self::Name) -> Option<Self>;
    /// A kind that needs its section, with an empty one, standing in until the checks report it.
    fn empty(name: Self::Name) -> Self;
    fn name(&self) -> Self::Name;
    /// The key of `name`'s section, if it has one.
    fn section_of(name: Self::Name) -> Option<&'static str>;
    /// The keys `name`'s section must have, as its JSON Schema says (`` `squares:` ``).
    fn required_keys(name: Self::Name) -> Vec<String>;
    /// The component-level fields it takes beside those every kind takes.
    fn fields(&self) -> &'static [Field];
    /// The face fields it draws on `side`: a face that sets another is reported.
    fn draws(&self, side: Side) -> &'static [FaceField];
    /// The faces its own section holds (a die's six), if any, and what it draws on them.
    fn own_faces(&self) -> Option<OwnFaces<'_>>;
    /// The shape of its pieces when `shape:` is not given.
    fn default_shape(&self) -> Shape;
    /// What the cover calls it ("token", "die net").
    fn noun(&self) -> &'static str;
    /// What a piece of `shape` becomes in Tabletop Simulator.
    fn tts(&self, shape: Shape) -> TtsForm;
    /// Texts it prints that are not on its faces (a track's labels).
    fn texts(&self) -> Vec<&str>;
    /// Symbols it draws that are not on its faces (a sheet's legend).
    fn symbols(&self) -> Vec<&Spanned<String>>;
    /// Whether `{key}` in its texts is a value each player's copy fills in (a record sheet's
    /// `{player}`), not an icon.
    fn fills_in_players(&self) -> bool;
    /// Its own checks, beyond what the YAML's types check.
    fn check(&self, cx: &mut CheckCx<Self>);
}

/// What checking a component has at hand, and where its problems go.
pub struct CheckCx<'a, K: Kinds> {
    pub game: &'a Game<K>,
    pub component: &'a Component<K>,
    /// The file the component is written in.
    pub file: &'a str,
    pub problems: &'a mut Vec<Diagnostic>,
}

impl<K: Kinds> CheckCx<'_, K> {
    /// A problem at a located value.
    pub fn at<T>(&mut self, place: &Spanned<T>, message: String) {
        self.problems
            .push(Diagnostic::at(self.file, place, message));
    }

    /// A warning at a located value: the piece still prints, but not all of it as written.
    pub fn warn_at<T>(&mut self, place: &Spanned<T>, message: String) {
        self.problems
            .push(Diagnostic::at(self.file, place, message).warning());
    }

    /// A warning at `key:` of the face written at `at` (a face's fields are not located one by
    /// one; the key is found in the file below it).
    pub fn warn_at_key(&mut self, at: Location, key: &str, message: String) {
        let (line, column) = super::check::key_near(self.file, at, key);
        self.problems
            .push(Diagnostic::new(self.file, line, column, message).warning());
    }
}

/// Faces a kind's own section holds beside `front:` and `back:` (a die's `die.faces`), each
/// drawn laid over the front: a field they set that the kind does not draw on them is reported
/// as a front's is.
pub struct OwnFaces<'a> {
    /// Where they are written (`die.faces`).
    pub key: &'static str,
    /// Each face, with where it is written.
    pub faces: Vec<(Location, &'a Face)>,
    /// The face fields drawn on them.
    pub draws: &'static [FaceField],
}

/// A component-level field that only some kinds take (`id`, `name`, `copies`, `front`,
/// `variants` and the like every kind takes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// `size:`, required.
    Size,
    /// `size:`, which may be left out (a default).
    SizeOptional,
    Shape,
    Back,
}

impl Field {
    pub fn key(self) -> &'static str {
        match self {
            Field::Size | Field::SizeOptional => "size",
            Field::Shape => "shape",
            Field::Back => "back",
        }
    }
}
