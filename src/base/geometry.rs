//! Rectangles on a page or a piece (mm), and the safe zone inside a cut.

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub fn right(&self) -> f64 {
        self.x + self.w
    }
    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }
    /// True when the rectangles share any area (touching edges do not count).
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x < o.right() - 1e-9
            && o.x < self.right() - 1e-9
            && self.y < o.bottom() - 1e-9
            && o.y < self.bottom() - 1e-9
    }
    pub fn contains(&self, o: &Rect) -> bool {
        o.x >= self.x - 1e-9
            && o.y >= self.y - 1e-9
            && o.right() <= self.right() + 1e-9
            && o.bottom() <= self.bottom() + 1e-9
    }
}

/// The safe zone when no service sets one: 3 mm inside the cut.
pub const SAFE_MM: f64 = 3.0;
/// Without a service, a piece too small for `SAFE_MM` keeps its content this share of its
/// shorter side from the cut: a ½-inch chit is punched or die-cut one at a time, not
/// guillotined in a stack, and 3 mm would leave it a 6.7 mm middle. It is the inset pnp's
/// own tokens are drawn with (`kinds::token`); pieces of 33 mm and more keep the full 3 mm.
pub const SMALL_PIECE_SHARE: f64 = 0.09;

/// The safe zone (mm) of a `w`×`h` piece: the service's as it publishes it (its templates
/// show it on every product), else 3 mm or, on a small piece, `SMALL_PIECE_SHARE` of its side.
pub fn safe_zone(service: Option<f64>, w: f64, h: f64) -> f64 {
    service.unwrap_or_else(|| SAFE_MM.min(SMALL_PIECE_SHARE * w.min(h)))
}
