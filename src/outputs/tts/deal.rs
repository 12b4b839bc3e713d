//! Where each piece goes when the table is laid out for a number of players
//! (`pnp tts --table --players N`): on the spot the setup diagram shows, before a player's seat,
//! in the middle of the table, or set aside. Without `--table` everything goes in the middle.
//!
//! In this order, each from what the steps before left: the setup diagram's placements for N
//! (with `tts: … use: diagram`, what it does not place of the component is set aside); what
//! the rules leave out for N (a `uses:` rule's variants, `tts: … use: players`); what each
//! player takes (`tts: … each_player:`); the rest to the middle.
use crate::layout::document::Document;
use crate::resolve::table::{EachPlayer, Used, Way};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Spot {
    /// The middle of the table, laid out by kind.
    Middle,
    /// Not used with this many players: in one bag, set aside.
    Aside,
    /// Before seat k (0-based, clockwise from the first).
    Seat(usize),
    /// Where the setup diagram places it: the index of its placement in `place:`.
    Placed(usize),
}

/// Some copies of one piece (an index into the export's pieces) going to one spot.
#[derive(Debug, Clone, PartialEq)]
pub struct Lot {
    pub piece: usize,
    pub copies: u32,
    pub spot: Spot,
}

/// A table laid out for `players`, from the setup diagram's component `diagram` if there is
/// one.
#[derive(Debug, Clone, Copy)]
pub struct Table {
    pub players: u32,
    pub diagram: Option<usize>,
}

/// The lots of every piece of `doc` (its table resolved), each component's in piece order.
pub fn deal(doc: &Document, table: Option<Table>) -> Vec<Lot> {
    let pieces = &doc.pieces;
    let Some(table) = table else {
        return pieces
            .iter()
            .enumerate()
            .map(|(piece, p)| Lot {
                piece,
                copies: p.copies,
                spot: Spot::Middle,
            })
            .collect();
    };
    let n = table.players;
    let mut left: Vec<u32> = pieces.iter().map(|p| p.copies).collect();
    let mut lots = Vec::new();
    let take = |lots: &mut Vec<Lot>, left: &mut [u32], piece: usize, copies: u32, spot| {
        let copies = copies.min(left[piece]);
        if copies > 0 {
            left[piece] -= copies;
            lots.push(Lot {
                piece,
                copies,
                spot,
            });
        }
    };
    let on_table = doc.table.as_ref();
    let setup = on_table
        .and_then(|t| t.setup.as_ref())
        .filter(|s| Some(s.component) == table.diagram);
    for (k, placed) in setup.iter().flat_map(|s| s.places.iter()).enumerate() {
        if !placed.is_for(n) {
            continue;
        }
        // A copy not yet placed (the diagram may place a piece twice).
        let piece = pieces
            .iter()
            .enumerate()
            .position(|(i, p)| p.id == placed.piece && left[i] > 0);
        if let Some(i) = piece {
            take(&mut lots, &mut left, i, 1, Spot::Placed(k));
        }
    }
    for ci in 0..doc.components.len() {
        let of: Vec<usize> = (0..pieces.len())
            .filter(|&i| pieces[i].component == ci)
            .collect();
        let component = on_table.and_then(|t| t.components.get(ci));
        let settings = component.map(|c| c.settings.clone()).unwrap_or_default();
        // Only what the diagram places is used (`use: diagram`): the rest is set aside. Else
        // it goes on as any piece does (men that start beside the board).
        if settings.used == Some(Used::Diagram) {
            for &i in &of {
                take(&mut lots, &mut left, i, u32::MAX, Spot::Aside);
            }
        }
        // Variants the rules leave out for n players (`uses:`), then pieces beyond n.
        if let Some(&k) = component.and_then(|c| c.used_by_players.get(&n)) {
            for &i in of.iter().skip(k) {
                take(&mut lots, &mut left, i, u32::MAX, Spot::Aside);
            }
        }
        if settings.used == Some(Used::Players) {
            let mut budget = n;
            for &i in &of {
                let used = left[i].min(budget);
                budget -= used;
                let unused = left[i] - used;
                take(&mut lots, &mut left, i, unused, Spot::Aside);
            }
        }
        let rest = match &settings.each_player {
            None => Spot::Middle,
            Some(EachPlayer::Chosen(chosen)) => {
                // A starting deck: so many of each chosen variant, by its id.
                let cid = &doc.components[ci].id;
                for seat in 0..n as usize {
                    for (variant, &copies) in chosen {
                        let id = format!("{cid}-{variant}");
                        let mut need = copies;
                        for &i in of.iter().filter(|&&i| pieces[i].id == id) {
                            let got = need.min(left[i]);
                            take(&mut lots, &mut left, i, got, Spot::Seat(seat));
                            need -= got;
                        }
                    }
                }
                Spot::Middle
            }
            Some(EachPlayer::Copies(copies)) => {
                let copies = *copies;
                for seat in 0..n as usize {
                    let mut need = copies;
                    for &i in &of {
                        let got = need.min(left[i]);
                        take(&mut lots, &mut left, i, got, Spot::Seat(seat));
                        need -= got;
                    }
                }
                Spot::Middle
            }
            Some(EachPlayer::Way(Way::Set)) => {
                for seat in 0..n as usize {
                    for &i in &of {
                        take(&mut lots, &mut left, i, 1, Spot::Seat(seat));
                    }
                }
                Spot::Aside
            }
            Some(EachPlayer::Way(Way::Own)) => {
                for (seat, &i) in of.iter().enumerate().take(n as usize) {
                    take(&mut lots, &mut left, i, u32::MAX, Spot::Seat(seat));
                }
                Spot::Aside
            }
            Some(EachPlayer::Way(Way::Alternate)) if !of.is_empty() => {
                for seat in 0..n as usize {
                    take(
                        &mut lots,
                        &mut left,
                        of[seat % of.len()],
                        1,
                        Spot::Seat(seat),
                    );
                }
                Spot::Aside
            }
            Some(EachPlayer::Way(Way::Alternate)) => Spot::Aside,
            Some(EachPlayer::Way(Way::Copy)) => {
                // However many the component prints: a sheet is printed for each player.
                for seat in 0..n as usize {
                    for &i in &of {
                        lots.push(Lot {
                            piece: i,
                            copies: 1,
                            spot: Spot::Seat(seat),
                        });
                    }
                }
                for &i in &of {
                    left[i] = 0;
                }
                Spot::Aside
            }
        };
        for &i in &of {
            take(&mut lots, &mut left, i, u32::MAX, rest);
        }
    }
    // Each component's lots together, in piece order, placed ones first as the diagram lists
    // them: the order objects are made and written in.
    let position = |lot: &Lot| (pieces[lot.piece].component, lot.piece);
    let mut order: Vec<usize> = (0..lots.len()).collect();
    order.sort_by_key(|&i| position(&lots[i]));
    order.into_iter().map(|i| lots[i].clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `game` laid out with its table, every component printed.
    fn laid(game: &str) -> Document {
        let game = crate::kinds::load(game).unwrap();
        let opt = crate::commands::options::BuildOptions::default();
        crate::commands::prepare_with(&game, &opt, true, crate::resolve::Keep::Svg).unwrap()
    }

    fn at_table(doc: &Document, n: u32) -> Table {
        Table {
            players: n,
            diagram: doc
                .table
                .as_ref()
                .unwrap()
                .setup
                .as_ref()
                .map(|s| s.component),
        }
    }

    fn spots(game: &str, n: u32, component: &str) -> Vec<(String, u32, Spot)> {
        let doc = laid(game);
        let pieces = &doc.pieces;
        deal(&doc, Some(at_table(&doc, n)))
            .into_iter()
            .filter(|l| doc.components[pieces[l.piece].component].id == component)
            .map(|l| (pieces[l.piece].id.clone(), l.copies, l.spot))
            .collect()
    }

    #[test]
    fn a_uses_rule_sets_the_variants_it_leaves_out_aside() {
        // Night Grain: four types of grain with four players, six with six.
        let four = spots("night-grain", 4, "grain");
        let aside: Vec<_> = four.iter().filter(|l| l.2 == Spot::Aside).collect();
        assert_eq!(aside.len(), 2, "{four:?}");
        assert!(aside.iter().all(|l| l.1 == 4));
        let six = spots("night-grain", 6, "grain");
        assert!(six.iter().all(|l| l.2 == Spot::Middle && l.1 == 4));
    }

    #[test]
    fn every_copy_goes_somewhere_once() {
        for (game, n) in [
            ("night-grain", 4),
            ("cream-of-the-crop", 3),
            ("the-beast", 2),
        ] {
            let doc = laid(game);
            let lots = deal(&doc, Some(at_table(&doc, n)));
            let table = doc.table.as_ref().unwrap();
            for (i, p) in doc.pieces.iter().enumerate() {
                let copies: u32 = lots.iter().filter(|l| l.piece == i).map(|l| l.copies).sum();
                let copy_each = table.components[p.component].settings.each_player
                    == Some(EachPlayer::Way(Way::Copy));
                let want = if copy_each { n } else { p.copies };
                assert_eq!(copies, want, "{game}: {}", p.id);
            }
        }
    }
}
