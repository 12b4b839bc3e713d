//! Issue 35, Paper and Print: the sheets each shipped game takes, and page furniture kept
//! where home printers still print.
use crate::common::*;

const GAMES: [(&str, usize); 6] = [
    // Sheets of paper at most, A4 and Letter (docs/paper.md: before and after).
    ("night-grain", 3),
    ("the-beast", 20),
    ("piecepack", 4),
    ("making-ground", 5),
    ("bean-off", 4),
    ("cream-of-the-crop", 4),
];

/// The pages of `game`'s PDF on `paper`, each as its text.
fn pages(game: &str, paper: &str) -> Vec<u8> {
    let dir = build(game, &["--no-png", "--paper", paper]);
    std::fs::read(dir.join(format!("{game}.pdf"))).unwrap()
}

#[test]
fn each_game_takes_at_most_the_sheets_reported() {
    for paper in ["a4", "letter"] {
        for (game, most) in GAMES {
            let text = pdf_text(&pages(game, paper));
            // A page of backs is printed on the back of the page before it: one sheet for both.
            let backs = text.iter().filter(|t| t.contains("Back side")).count();
            let sheets = text.len() - backs;
            assert!(
                sheets <= most,
                "{game} on {paper}: {sheets} sheets ({} pages), at most {most}",
                text.len()
            );
        }
    }
}

#[test]
fn no_text_is_printed_within_5_mm_of_the_paper_edge() {
    let edge = 5.0 * 72.0 / 25.4;
    for paper in ["a4", "letter"] {
        for (game, _) in GAMES {
            let pdf = pages(game, paper);
            let sizes = pdf_page_sizes(&pdf);
            for (n, (glyphs, (w, h))) in pdf_glyphs(&pdf).iter().zip(sizes).enumerate() {
                for g in glyphs.iter().filter(|g| !g.text.trim().is_empty()) {
                    // The glyph's box: along its line by its advance, across it from the
                    // descender (a quarter of its size) to the cap height (three quarters).
                    let (dx, dy) = g.dir;
                    let (nx, ny) = (-dy, dx);
                    let corners =
                        [(0.0, -0.25), (0.0, 0.75), (1.0, -0.25), (1.0, 0.75)].map(|(a, c)| {
                            (
                                g.x + dx * g.advance * a + nx * g.size * c,
                                g.y + dy * g.advance * a + ny * g.size * c,
                            )
                        });
                    for (x, y) in corners {
                        assert!(
                            x >= edge - 0.1
                                && x <= w - edge + 0.1
                                && y >= edge - 0.1
                                && y <= h - edge + 0.1,
                            "{game} on {paper}, page {}: `{}` at ({:.1}, {:.1}) mm from the bottom left is within 5 mm of the edge",
                            n + 1,
                            g.text,
                            x * 25.4 / 72.0,
                            y * 25.4 / 72.0
                        );
                    }
                }
            }
        }
    }
}
