//! What each print-on-demand service takes: its products' finished (trim) sizes and the image
//! it wants for each, bleed included, at 300 dpi. The numbers and where they come from are in
//! docs/print-shops.md; they are the services' templates as published (MakePlayingCards'
//! 822 × 1122 px poker card has 36 px of bleed, not 1/8 in), not worked out from a rule.

/// A print-on-demand service.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Service {
    TheGameCrafter,
    MakePlayingCards,
    DriveThruCards,
    PrinterStudio,
}

pub use crate::base::forms::ShopFamily as Family;

/// A product: its name on the service, finished size in inches and upload image in pixels at
/// 300 dpi (the trim plus the bleed on each side).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Product {
    pub name: &'static str,
    pub family: Family,
    pub trim_in: (f64, f64),
    pub image_px: (u32, u32),
}

/// How the service's images are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Png,
    /// Baseline JPEG, RGB, quality `JPEG_QUALITY`.
    Jpeg,
}

impl Format {
    pub fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Jpeg => "jpg",
        }
    }
}

/// A service's profile.
#[derive(Debug, Clone, Copy)]
pub struct Profile {
    pub service: Service,
    /// As typed after `--for`, and the name of its folder.
    pub id: &'static str,
    pub name: &'static str,
    pub dpi: u32,
    pub format: Format,
    /// How far inside the cut text and symbols must stay, in mm.
    pub safe_mm: f64,
    /// Fronts and backs in folders of their own (`front/`, `back/`), as the service's uploader
    /// pairs them; otherwise side by side in the component's folder.
    pub side_folders: bool,
    /// Deck sizes a card order is rounded up to (MakePlayingCards' brackets); empty: any count.
    pub brackets: &'static [u32],
    pub products: &'static [Product],
}

const fn p(name: &'static str, family: Family, w: f64, h: f64, pw: u32, ph: u32) -> Product {
    Product {
        name,
        family,
        trim_in: (w, h),
        image_px: (pw, ph),
    }
}

use Family::*;

/// The Game Crafter: Squib's and Templative's tables of TGC's templates, which agree.
const TGC: &[Product] = &[
    p("PokerDeck", Card, 2.5, 3.5, 825, 1125),
    p("BridgeDeck", Card, 2.25, 3.5, 750, 1125),
    p("MiniDeck", Card, 1.75, 2.5, 600, 825),
    p("MicroDeck", Card, 1.25, 1.75, 450, 600),
    p("TarotDeck", Card, 2.75, 4.75, 900, 1500),
    p("JumboDeck", Card, 3.5, 5.5, 1125, 1725),
    p("SquareDeck", Card, 3.5, 3.5, 1125, 1125),
    p("SmallSquareDeck", Card, 2.5, 2.5, 825, 825),
    p("BusinessDeck", Card, 2.0, 3.5, 675, 1125),
    p("DominoDeck", Card, 1.75, 3.5, 600, 1125),
    p("SmallSquareChit", SquareTile, 0.5, 0.5, 225, 225),
    p("MediumSquareChit", SquareTile, 0.75, 0.75, 300, 300),
    p("LargeSquareChit", SquareTile, 1.0, 1.0, 375, 375),
    p("MiniSquareTile", SquareTile, 1.25, 1.25, 450, 450),
    p("SmallSquareTile", SquareTile, 2.0, 2.0, 675, 675),
    p("MediumSquareTile", SquareTile, 2.5, 2.5, 825, 825),
    p("LargeSquareTile", SquareTile, 3.5, 3.5, 1125, 1125),
    p("SmallCircleChit", RoundTile, 0.5, 0.5, 225, 225),
    p("MediumCircleChit", RoundTile, 0.75, 0.75, 300, 300),
    p("LargeCircleChit", RoundTile, 1.0, 1.0, 375, 375),
    p("MiniCircleTile", RoundTile, 1.25, 1.25, 450, 450),
    p("SmallHexTile", HexTile, 2.0, 1.75, 675, 600),
    p("LargeHexTile", HexTile, 3.75, 3.25, 1200, 1050),
    p("SmallSquareBoard", Board, 4.0, 4.0, 1275, 1275),
    p("SquareBoard", Board, 8.0, 8.0, 2475, 2475),
    p("LargeSquareBoard", Board, 10.0, 10.0, 3075, 3075),
    p("QuadFoldBoard", Board, 18.0, 18.0, 5475, 5475),
];

/// MakePlayingCards: sizes from mpc-autofill, lotr-lcg-set-generator and MPC's upload FAQ as
/// quoted by them (36 px of bleed a side).
const MPC: &[Product] = &[
    p("Poker (63 × 88 mm) game cards", Card, 2.5, 3.5, 822, 1122),
    p("Bridge cards", Card, 2.25, 3.5, 747, 1122),
    p("Tarot cards", Card, 2.75, 4.75, 897, 1497),
    p("Domino cards", Card, 1.75, 3.5, 597, 1122),
    p("Business cards", Card, 2.0, 3.5, 672, 1122),
    p("Micro cards", Card, 1.25, 1.75, 447, 597),
];

/// DriveThruCards: its help centre's poker card, 2.75 × 3.75 in with the bleed.
const DTC: &[Product] = &[p("Premium US Poker cards", Card, 2.5, 3.5, 825, 1125)];

/// Printer Studio: MakePlayingCards' engine and poker template.
const PRINTER_STUDIO: &[Product] = &[p("Poker size playing cards", Card, 2.5, 3.5, 822, 1122)];

/// MakePlayingCards' (and Printer Studio's) deck sizes (mpc-autofill's `Brackets`).
const MPC_BRACKETS: &[u32] = &[
    18, 36, 55, 72, 90, 108, 126, 144, 162, 180, 198, 216, 234, 396, 504, 612,
];

pub const PROFILES: &[Profile] = &[
    Profile {
        service: Service::TheGameCrafter,
        id: "tgc",
        name: "The Game Crafter",
        dpi: 300,
        format: Format::Png,
        safe_mm: 3.175,
        side_folders: false,
        brackets: &[],
        products: TGC,
    },
    Profile {
        service: Service::MakePlayingCards,
        id: "mpc",
        name: "MakePlayingCards",
        dpi: 300,
        format: Format::Png,
        safe_mm: 3.048,
        side_folders: true,
        brackets: MPC_BRACKETS,
        products: MPC,
    },
    Profile {
        service: Service::DriveThruCards,
        id: "drivethru",
        name: "DriveThruCards",
        dpi: 300,
        format: Format::Jpeg,
        safe_mm: 3.175,
        side_folders: true,
        brackets: &[],
        products: DTC,
    },
    Profile {
        service: Service::PrinterStudio,
        id: "printerstudio",
        name: "Printer Studio",
        dpi: 300,
        format: Format::Png,
        safe_mm: 3.048,
        side_folders: true,
        brackets: MPC_BRACKETS,
        products: PRINTER_STUDIO,
    },
];

/// JPEG quality for services that take JPEG: high enough that flat colours and small text show
/// no ringing at 300 dpi.
pub const JPEG_QUALITY: u8 = 95;

/// A piece matches a product when each side is within this of the product's (mm): a card given
/// as `63.5mm x 88.9mm` or `2.5in x 3.5in` is a poker card; `63mm x 88mm` is not.
pub const MATCH_MM: f64 = 0.5;

impl Profile {
    /// The profile named `id` (`tgc`, `mpc`, `drivethru`, `printerstudio`).
    pub fn named(id: &str) -> Option<&'static Profile> {
        PROFILES.iter().find(|p| p.id == id)
    }

    /// Every profile's id, for messages.
    pub fn ids() -> Vec<&'static str> {
        PROFILES.iter().map(|p| p.id).collect()
    }

    /// Whether the service makes anything of `family`.
    pub fn makes(&self, family: Family) -> bool {
        self.products.iter().any(|p| p.family == family)
    }

    /// The product of `family` a `w`×`h` mm piece is, upright or turned.
    pub fn product(&self, family: Family, w: f64, h: f64) -> Option<Placed> {
        self.products
            .iter()
            .filter(|p| p.family == family)
            .find_map(|p| {
                let (pw, ph) = p.trim_mm();
                let fits = |a: f64, b: f64| (a - b).abs() <= MATCH_MM;
                if fits(w, pw) && fits(h, ph) {
                    Some(Placed {
                        product: p,
                        turned: false,
                    })
                } else if fits(w, ph) && fits(h, pw) {
                    Some(Placed {
                        product: p,
                        turned: true,
                    })
                } else {
                    None
                }
            })
    }

    /// The product of `family` nearest a `w`×`h` mm piece (by the larger difference of a side).
    pub fn nearest(&self, family: Family, w: f64, h: f64) -> Option<&'static Product> {
        let off = |p: &Product| {
            let (pw, ph) = p.trim_mm();
            let upright = (w - pw).abs().max((h - ph).abs());
            let turned = (w - ph).abs().max((h - pw).abs());
            upright.min(turned)
        };
        self.products
            .iter()
            .filter(|p| p.family == family)
            .min_by(|a, b| off(a).total_cmp(&off(b)))
    }

    /// The deck size to order for `n` cards: the smallest bracket that holds them (`None`: more
    /// than the largest), or `n` itself when the service takes any count.
    pub fn order(&self, n: u32) -> Option<u32> {
        match self.brackets {
            [] => Some(n),
            b => b.iter().copied().find(|&b| b >= n),
        }
    }
}

/// A product, and whether the piece lies across it (a landscape card on a portrait template).
#[derive(Debug, Clone, Copy)]
pub struct Placed {
    pub product: &'static Product,
    pub turned: bool,
}

impl Product {
    /// Finished size in mm.
    pub fn trim_mm(&self) -> (f64, f64) {
        (self.trim_in.0 * 25.4, self.trim_in.1 * 25.4)
    }

    /// The bleed on each side in mm, across and down: the image less the trim, halved.
    pub fn bleed_mm(&self, dpi: u32) -> (f64, f64) {
        let (w, h) = self.trim_mm();
        let px = |n: u32| n as f64 / dpi as f64 * 25.4;
        (
            (px(self.image_px.0) - w) / 2.0,
            (px(self.image_px.1) - h) / 2.0,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_product_has_its_bleed_outside_the_trim() {
        for profile in PROFILES {
            for p in profile.products {
                let (bx, by) = p.bleed_mm(profile.dpi);
                assert!(
                    (1.5..6.0).contains(&bx) && (1.5..6.0).contains(&by),
                    "{} {}: {bx} × {by} mm",
                    profile.id,
                    p.name
                );
            }
        }
        // MakePlayingCards' 36 px; The Game Crafter's 1/8 in.
        let mpc = Profile::named("mpc").unwrap().products[0].bleed_mm(300);
        assert!((mpc.0 - 3.048).abs() < 1e-9 && (mpc.1 - 3.048).abs() < 1e-9);
        let tgc = Profile::named("tgc").unwrap().products[0].bleed_mm(300);
        assert!((tgc.0 - 3.175).abs() < 1e-9);
    }

    #[test]
    fn a_poker_card_is_found_upright_or_turned_and_a_near_miss_names_the_nearest() {
        let mpc = Profile::named("mpc").unwrap();
        let placed = mpc.product(Family::Card, 63.5, 88.9).unwrap();
        assert_eq!(
            (placed.product.image_px, placed.turned),
            ((822, 1122), false)
        );
        assert!(mpc.product(Family::Card, 88.9, 63.5).unwrap().turned);
        assert!(mpc.product(Family::Card, 80.0, 115.0).is_none());
        assert_eq!(
            mpc.nearest(Family::Card, 80.0, 115.0).unwrap().name,
            "Tarot cards"
        );
        assert_eq!(mpc.order(5), Some(18));
        assert_eq!(mpc.order(55), Some(55));
        assert_eq!(mpc.order(613), None);
        assert_eq!(Profile::named("tgc").unwrap().order(7), Some(7));
    }
}
