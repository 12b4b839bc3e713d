//! The memory guard: a deck of 10,000 cards builds its PDF well under 150 MB, and a build's
//! memory grows with the deck's description, not with its pages, its copies or its images.
//! Measured on the real binary as the kernel counts it (peak resident set, `wait4`), for two
//! sizes of one deck: what the larger adds, per card, is what a card costs.
//!
//! What a double-sided card of a deck read from a CSV file costs (4 KB at most, 2.7 to 3.1 KB
//! measured with a debug build, the more on a busy machine; what the bound catches is a parsed
//! face held a card, tens of kilobytes): its piece, its face and its placements (about 0.4 KB), and its share of
//! the PDF, which krilla holds whole until it writes it out: the card's drawing, and a ninth of
//! two pages' furniture (crop marks, footer, registration marks), held twice while the file is
//! made. A copy costs only its share of the pages, 1.4 to 3.1 KB measured (its face is drawn
//! once, as a graphic that every copy shows; the rest is two pages' furniture a ninth, and how
//! the allocator's arenas fall, which depends on how busy the machine is), and an image nothing
//! that stays. Holding a parsed face a copy would cost tens of kilobytes, an image's pixels 31.
use crate::common::*;
use std::path::Path;
use std::process::Command;

/// The peak memory (KB) of `command`, which must succeed: as `pnp -v` reports it, from the
/// kernel's count of its peak resident set (`VmHWM`). Not `wait4`'s: a process started by
/// this test binary inherits its size there.
fn peak_kb(mut command: Command) -> u64 {
    let out = command.arg("-v").output().expect("pnp runs");
    assert!(out.status.success(), "the build failed: {}", stderr(&out));
    let err = stderr(&out);
    let line = err
        .lines()
        .find_map(|l| l.strip_prefix("peak memory "))
        .unwrap_or_else(|| panic!("no peak memory in {err}"));
    let mb: f64 = line.trim_end_matches(" MB").parse().unwrap();
    (mb * 1024.0) as u64
}

/// Writes a deck of `cards` cards (one row each of `deck<cards>.csv`, `copies` copies of each)
/// and returns its YAML.
fn deck(dir: &Path, cards: usize, copies: u32) -> std::path::PathBuf {
    let mut rows = String::from("id,title,number\n");
    for i in 1..=cards {
        rows.push_str(&format!("c{i:05},Card {i:05},{i:05}\n"));
    }
    std::fs::write(dir.join(format!("deck{cards}.csv")), rows).unwrap();
    let yaml = format!(
        "game: {{id: deck, name: Deck, players: [2]}}\ncomponents:\n  - id: card\n    kind: card\n    size: 2.5in x 3.5in\n    copies: {copies}\n    data: deck{cards}.csv\n    front: {{title: \"{{row.title}}\", text: \"{{row.number}}\"}}\n    back: {{background: \"#335577\", title: Deck}}\n"
    );
    let file = dir.join(format!("deck{cards}-{copies}.yaml"));
    std::fs::write(&file, yaml).unwrap();
    file
}

fn build_peak(yaml: &Path, out: &Path, extra: &[&str]) -> u64 {
    let mut c = pnp();
    c.arg("build").arg(yaml).arg("--out").arg(out);
    c.args(extra);
    peak_kb(c)
}

#[test]
fn a_deck_of_ten_thousand_cards_builds_its_pdf_in_little_memory() {
    let dir = temp_dir("memory-deck");
    let small = build_peak(&deck(&dir, 2_000, 1), &dir.join("small"), &["--no-png"]);
    let large = build_peak(&deck(&dir, 10_000, 1), &dir.join("large"), &["--no-png"]);
    let per_card = (large.saturating_sub(small)) as f64 * 1024.0 / 8_000.0;
    eprintln!("PDF: {small} KB at 2,000 cards, {large} KB at 10,000: {per_card:.0} B a card");
    assert!(large < 150 * 1024, "10,000 cards took {large} KB");
    assert!(per_card <= 4096.0, "{per_card:.0} B a card");
}

#[test]
fn a_card_of_description_costs_at_most_a_kilobyte() {
    // `pnp validate` reads the deck, checks it and lays it out, but makes no PDF: what it holds
    // is the description, its pieces and their placements.
    let dir = temp_dir("memory-description");
    let peak = |cards: usize| {
        let mut c = pnp();
        c.arg("validate").arg(deck(&dir, cards, 1));
        peak_kb(c)
    };
    // 18,000 cards apart, so that how the allocator's arenas fall (a few hundred kilobytes,
    // more on a busy machine) moves the cost of a card by a few bytes, not by a tenth.
    let (small, large) = (peak(2_000), peak(20_000));
    let per_card = (large.saturating_sub(small)) as f64 * 1024.0 / 18_000.0;
    eprintln!("validate: {small} KB at 2,000 cards, {large} KB at 20,000: {per_card:.0} B a card");
    assert!(per_card <= 1024.0, "{per_card:.0} B a card");
}

#[test]
fn copies_and_images_add_no_memory_of_their_own() {
    let dir = temp_dir("memory-copies");
    // One card, copied: its face is drawn, parsed and held once however many copies there are.
    let few = build_peak(&deck(&dir, 1, 500), &dir.join("few"), &["--no-png"]);
    let many = build_peak(&deck(&dir, 1, 5_000), &dir.join("many"), &["--no-png"]);
    let per_copy = (many.saturating_sub(few)) as f64 * 1024.0 / 4_500.0;
    eprintln!("copies: {few} KB at 500, {many} KB at 5,000: {per_copy:.0} B a copy");
    assert!(per_copy <= 4096.0, "{per_copy:.0} B a copy");
    // Images are rendered, written and dropped a few at a time: 3,500 more images (31 KB of
    // pixels each at 30 dpi) cost about what their cards cost in the PDF, not their pixels.
    // The median of three builds at each size, each into a folder of its own (an image already
    // written is not drawn again): one build's peak moves by a few hundred bytes a card with
    // how the allocator's arenas fall between threads (docs/performance.md, 2026-11-28).
    let median_peak = |cards: usize, name: &str| {
        let yaml = deck(&dir, cards, 1);
        let mut peaks: Vec<u64> = (0..3)
            .map(|i| build_peak(&yaml, &dir.join(format!("{name}-{i}")), &["--dpi", "30"]))
            .collect();
        peaks.sort_unstable();
        peaks[1]
    };
    let small = median_peak(500, "img-small");
    let large = median_peak(4_000, "img-large");
    let per_image = (large.saturating_sub(small)) as f64 * 1024.0 / 3_500.0;
    eprintln!("images: {small} KB at 500 cards, {large} KB at 4,000: {per_image:.0} B a card");
    assert!(
        per_image <= 4096.0,
        "{per_image:.0} B a card with its images"
    );
}

#[test]
fn a_game_at_its_text_limit_builds_in_bounded_memory() {
    // 50 cards of 9,750 distinct characters each (a face holds 10,000, a game 500,000): every
    // face is wrapped, shrunk to fit and drawn. Before the limits and linear wrapping, such texts
    // took gigabytes; the bound is 300 MB.
    let dir = temp_dir("memory-text-limit");
    let rule = "Move one of your markers along the track, then draw a card and keep it hidden \
                from the other players until the end of the round. "
        .repeat(15);
    let mut yaml = String::from("game: {id: words, name: Words, players: [2]}\ncomponents:\n");
    for i in 0..50 {
        let lines: Vec<String> = (0..5)
            .map(|k| format!("\"{}\"", &format!("Card {i} part {k}. {rule}")[..1950]))
            .collect();
        yaml.push_str(&format!(
            "  - id: c{i}\n    kind: card\n    size: 63mm x 88mm\n    front:\n      title: Rules\n      lines: [{}]\n",
            lines.join(", ")
        ));
    }
    let file = dir.join("words.yaml");
    std::fs::write(&file, yaml).unwrap();
    let peak = build_peak(&file, &dir.join("out"), &["--no-png"]);
    eprintln!("text at its limit: {peak} KB");
    assert!(peak < 300 * 1024, "{peak} KB");
}

/// A lossless WebP of `w` × `h` pixels, every one transparent black, in 28 bytes: each of its
/// five prefix codes has one symbol, so a pixel takes no bits at all (issue 47's was 38 bytes).
fn webp_declaring(w: u32, h: u32) -> Vec<u8> {
    let mut bits: Vec<u8> = Vec::new();
    let mut put = |v: u32, n: u32| (0..n).for_each(|i| bits.push(((v >> i) & 1) as u8));
    put(w - 1, 14);
    put(h - 1, 14);
    put(1, 1); // alpha
    put(0, 3); // version
    put(0, 3); // no transform, no colour cache, no meta prefix codes
    for _ in 0..5 {
        put(1, 1); // a simple code
        put(0, 3); // of one symbol, 1 bit wide, 0
    }
    let mut data = vec![0x2f];
    data.extend(
        bits.chunks(8)
            .map(|b| b.iter().enumerate().fold(0u8, |a, (i, &x)| a | (x << i))),
    );
    if data.len() % 2 == 1 {
        data.push(0);
    }
    let mut chunk = b"VP8L".to_vec();
    chunk.extend((data.len() as u32).to_le_bytes());
    chunk.extend(data);
    let mut riff = b"RIFF".to_vec();
    riff.extend((4 + chunk.len() as u32).to_le_bytes());
    riff.extend(b"WEBP");
    riff.extend(chunk);
    riff
}

/// Issue 47: pictures within the pixel limits (8000 × 4000, 32 Mpx) took 441 MB (a 28-byte
/// WebP) and 569 MB (a 16-bit PNG) to draw, decoded again and again at full size by the PDF
/// writer and the rasterizer. Each is decoded once when read (128 MB at most, at 8 bits a
/// channel) and drawn from a copy reduced to its budget: the build stays far below what it took,
/// and the picture still shows.
#[test]
fn a_large_picture_is_drawn_within_its_memory_budget() {
    use std::io::Write;
    let dir = temp_dir("memory-pictures");
    std::fs::write(dir.join("empty.webp"), webp_declaring(8000, 4000)).unwrap();
    // Opaque red at 16 bits a channel, written a row at a time.
    let file = std::fs::File::create(dir.join("deep.png")).unwrap();
    let mut encoder = png::Encoder::new(file, 8000, 4000);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Sixteen);
    let mut writer = encoder.write_header().unwrap();
    let mut rows = writer.stream_writer().unwrap();
    let row = [0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff].repeat(8000);
    for _ in 0..4000 {
        rows.write_all(&row).unwrap();
    }
    rows.finish().unwrap();
    writer.finish().unwrap();
    let yaml = dir.join("game.yaml");
    std::fs::write(
        &yaml,
        "game: {id: big, name: Big, players: [2]}\ncomponents:\n  - id: card\n    kind: card\n    size: 63mm x 88mm\n    variants:\n      - {id: red, front: {image: deep.png}}\n      - {id: empty, front: {image: empty.webp}}\n",
    )
    .unwrap();
    let out = dir.join("out");
    let peak = build_peak(&yaml, &out, &["--dpi", "30"]);
    eprintln!("two 32 Mpx pictures: {peak} KB");
    assert!(peak < 200 * 1024, "the pictures took {peak} KB");
    let (w, h, _) = png_info(&out.join("png/card-red-front.png"));
    let rgba = png_rgba(&out.join("png/card-red-front.png"));
    let centre = ((h / 2 * w + w / 2) * 4) as usize;
    assert_eq!(&rgba[centre..centre + 4], [255, 0, 0, 255]);
    assert!(out.join("big.pdf").exists());
}
