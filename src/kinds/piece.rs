//! Spec → every physical piece: its size, shape, front and back faces (its component's, with its
//! variant's laid over them, worked out when asked for) and how many copies to make. A piece
//! here is a handle into the game: `resolve` turns it into what later stages own.
use std::borrow::Cow;

/// Every piece of a build, in order.
pub type Pieces = Vec<Piece>;

use super::Game;

use crate::base::forms::Side;
use crate::spec::{Face, Shape, Tags, Variant};

#[derive(Debug, Clone)]
pub struct Piece {
    /// Index of the component in the spec, for grouping and locating errors.
    pub component: usize,
    /// Its variant (by index), whose faces are laid over its component's and whose tags and id
    /// are its own, all worked out when asked for: a deck of thousands of cards would otherwise
    /// hold every face, tag and id twice, in the spec and in its piece.
    pub variant: Option<usize>,
    /// Its printed size (mm): for a die, its net; for a track, its spaces in a line.
    pub w: f64,
    pub h: f64,
    pub shape: Shape,
    pub copies: u32,
    /// What it has of its own, over what its component and variant give. Boxed: rare.
    pub own: Option<Box<Own>>,
}

/// What a few pieces have of their own: a player's record sheet its id (`sheet-2`) and tags
/// (name, seat); a blank back made for Tabletop Simulator its faces.
#[derive(Debug, Clone, Default)]
pub struct Own {
    pub id: Option<String>,
    pub tags: Option<Tags>,
    /// Front and back, instead of its component's and variant's.
    pub faces: Option<(Face, Option<Face>)>,
}

impl Piece {
    /// `component-variant` (or the component id, or its own): names the piece's PNG files.
    /// `game` must be the game the piece came from.
    pub fn id<'a>(&'a self, game: &'a Game) -> Cow<'a, str> {
        if let Some(id) = self.own.as_ref().and_then(|o| o.id.as_deref()) {
            return Cow::Borrowed(id);
        }
        let c = &game.spec.components[self.component];
        match self.variant.and_then(|v| c.variants.id(v)) {
            Some(v) => Cow::Owned(format!("{}-{v}", c.id.value)),
            None => Cow::Borrowed(&c.id.value),
        }
    }

    /// Its tags: its own, else its variant's (none for a piece without a variant). `game` must
    /// be the game the piece came from.
    pub fn tags<'a>(&'a self, game: &'a Game) -> Cow<'a, Tags> {
        if let Some(own) = self.own.as_ref().and_then(|o| o.tags.as_ref()) {
            return Cow::Borrowed(own);
        }
        match self.spec_variant(game) {
            Some(Cow::Borrowed(v)) => Cow::Borrowed(&v.tags),
            Some(Cow::Owned(v)) => Cow::Owned(v.tags),
            None => Cow::Owned(Tags::EMPTY),
        }
    }

    /// Its variant, whose faces and tags it has: none when it has faces of its own (a blank
    /// back shows nothing of the card's). `game` must be the game the piece came from.
    fn spec_variant<'a>(&self, game: &'a Game) -> Option<Cow<'a, Variant>> {
        if self.own_faces().is_some() {
            return None;
        }
        let v = self.variant?;
        game.spec.components[self.component].variants.get(v)
    }

    /// Its faces of its own, if it has them.
    fn own_faces(&self) -> Option<&(Face, Option<Face>)> {
        self.own.as_ref().and_then(|o| o.faces.as_ref())
    }

    /// The front face. `game` must be the game the piece came from.
    pub fn front<'a>(&'a self, game: &'a Game) -> Cow<'a, Face> {
        if let Some((front, _)) = self.own_faces() {
            return Cow::Borrowed(front);
        }
        let c = &game.spec.components[self.component];
        match self.spec_variant(game) {
            None => Cow::Borrowed(&c.front),
            Some(v) => Cow::Owned(c.front_of(&v)),
        }
    }

    /// The face of `side`: the front, or the back if it has one. `game` must be the game the
    /// piece came from.
    pub fn face<'a>(&'a self, game: &'a Game, side: Side) -> Option<Cow<'a, Face>> {
        match side {
            Side::Front => Some(self.front(game)),
            Side::Back => self.back(game),
        }
    }

    /// The back face, if it has one.
    pub fn back<'a>(&'a self, game: &'a Game) -> Option<Cow<'a, Face>> {
        if let Some((_, back)) = self.own_faces() {
            return back.as_ref().map(Cow::Borrowed);
        }
        let c = &game.spec.components[self.component];
        // Only the back filled in: a data file's row would fill its front too.
        match self.spec_variant(game) {
            Some(Cow::Borrowed(v)) => c.back_of(v),
            Some(Cow::Owned(v)) => c.back_of(&v).map(|b| Cow::Owned(b.into_owned())),
            None => c.back.as_ref().map(Cow::Borrowed),
        }
    }
}

pub fn expand(game: &Game) -> Pieces {
    // Exactly one piece a variant: a deck of thousands of rows is held once, not doubled.
    let count = game
        .spec
        .components
        .iter()
        .map(|c| c.variants.len().max(1))
        .sum();
    let mut pieces = Pieces::with_capacity(count);
    for (index, c) in game.spec.components.iter().enumerate() {
        let (w, h) = c.kind.kind().size(c);
        let shape = c.shape();
        // Only the variant and copies differ from variant to variant.
        let piece = |variant, copies| Piece {
            component: index,
            variant,
            w,
            h,
            shape: shape.clone(),
            copies,
            own: None,
        };
        if c.variants.is_empty() {
            pieces.push(piece(None, c.copies_of(None)));
            continue;
        }
        for (vi, v) in c.variants.iter().enumerate() {
            pieces.push(piece(Some(vi), c.copies_of(Some(&v))));
        }
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(yaml: &str) -> Game {
        crate::kinds::from_bytes("test.yaml", yaml.as_bytes().to_vec(), None).unwrap()
    }

    const DECK: &str = r##"
game: {id: t, name: T, players: [2]}
components:
  - id: card
    kind: card
    size: 63mm x 88mm
    front: {background: "#eeeeee", title: Default}
    back: {title: Back, ink: "#112233"}
    variants:
      - {id: plain}
      - {id: titled, front: {title: Own}}
      - {id: backed, back: {title: Its back}}
  - id: chit
    kind: token
    size: 20mm x 20mm
    variants:
      - {id: a, front: {text: A}, back: {text: B}}
      - {id: b, front: {text: C}}
"##;

    #[test]
    fn faces_are_the_component_s_with_the_variant_s_laid_over() {
        let game = game(DECK);
        let pieces = expand(&game);
        let by_id = |id: &str| pieces.iter().find(|p| p.id(&game) == id).unwrap().clone();
        let title = |f: Option<Cow<Face>>| f.and_then(|f| f.title.clone());

        let plain = by_id("card-plain");
        assert_eq!(plain.front(&game).title.as_deref(), Some("Default"));
        assert_eq!(title(plain.back(&game)).as_deref(), Some("Back"));

        let titled = by_id("card-titled");
        let front = titled.front(&game);
        assert_eq!(front.title.as_deref(), Some("Own"));
        // Unset fields still come from the component.
        assert_eq!(front.background.as_ref().map(|c| c.hex()), Some("#eeeeee"));

        // A variant's back over the component's: its title, the component's ink.
        let backed = by_id("card-backed");
        let back = backed.back(&game).unwrap();
        assert_eq!(back.title.as_deref(), Some("Its back"));
        assert_eq!(back.ink.as_ref().map(|c| c.hex()), Some("#112233"));

        // No component back: a variant's own back, or none at all.
        assert_eq!(
            by_id("chit-a").back(&game).unwrap().text.as_deref(),
            Some("B")
        );
        assert!(by_id("chit-b").back(&game).is_none());
        assert_eq!(by_id("chit-b").front(&game).text.as_deref(), Some("C"));
    }

    #[test]
    fn a_piece_with_faces_of_its_own_ignores_the_spec() {
        let game = game(DECK);
        let mut piece = expand(&game)[0].clone();
        let own = Face {
            title: Some("Blank".into()),
            ..Face::default()
        };
        piece.own = Some(Box::new(Own {
            faces: Some((own, None)),
            ..Own::default()
        }));
        assert_eq!(piece.front(&game).title.as_deref(), Some("Blank"));
        assert!(piece.back(&game).is_none());
    }
}
