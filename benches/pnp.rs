//! `cargo bench`: wall-clock medians (and the peak memory of the process) of whole builds, in
//! release, on this machine. A plain harness (no criterion) so a newcomer needs nothing else:
//! each case runs once to warm up, then `PNP_BENCH_RUNS` times (default 9).
//! `cargo bench -- night` runs only the cases whose name contains "night";
//! `PNP_BENCH_BIG=1 cargo bench -- deck` adds the 10,000-card deck (minutes).
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pnp-bench-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Runs a command to completion; returns its wall time, peak resident memory (KiB) and whether
/// it exited with status 0.
// The child is reaped by wait4 (which also reports its rusage), not by `Child::wait`.
#[allow(clippy::zombie_processes)]
fn run_any(cmd: &mut Command) -> (Duration, u64, bool) {
    let start = Instant::now();
    let child = cmd
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawns");
    let mut status = 0;
    // SAFETY: rusage is plain data; wait4 fills it for the child we spawned and reaps it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    let ok = pid > 0 && libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    (start.elapsed(), usage.ru_maxrss as u64, ok)
}

/// `run_any` for a command that must succeed.
fn run(cmd: &mut Command) -> (Duration, u64) {
    let (t, rss, ok) = run_any(cmd);
    assert!(ok, "command failed: {cmd:?}");
    (t, rss)
}

struct Stats {
    median: Duration,
    min: Duration,
    max: Duration,
}

fn stats(mut times: Vec<Duration>) -> Stats {
    times.sort();
    Stats {
        median: times[times.len() / 2],
        min: times[0],
        max: times[times.len() - 1],
    }
}

fn report(name: &str, s: &Stats, runs: usize, extra: &str) {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{name:<44} median {:>9.1} ms  min {:>9.1}  max {:>9.1}  ({runs} runs){extra}",
        ms(s.median),
        ms(s.min),
        ms(s.max)
    );
}

/// Times `pnp <args>` `runs` times after a warm-up, each into an empty folder; prints median
/// and peak memory.
fn cli(name: &str, runs: usize, args: &[&str], out: &Path) -> Duration {
    cli_into(name, runs, args, out, true, &mut |_| {})
}

/// `cli`, into an empty folder each run when `fresh` (otherwise over the last run's files);
/// `before(i)` runs before run `i`, untimed.
fn cli_into(
    name: &str,
    runs: usize,
    args: &[&str],
    out: &Path,
    fresh: bool,
    before: &mut dyn FnMut(usize),
) -> Duration {
    let bin = env!("CARGO_BIN_EXE_pnp");
    let mut peak = 0;
    let mut times = Vec::new();
    let _ = std::fs::remove_dir_all(out);
    for i in 0..=runs {
        if fresh {
            let _ = std::fs::remove_dir_all(out);
        }
        before(i);
        let (t, rss) = run(Command::new(bin).args(args).arg("--out").arg(out));
        peak = peak.max(rss);
        if i > 0 {
            times.push(t);
        }
    }
    let s = stats(times);
    report(
        name,
        &s,
        runs,
        &format!("  peak {:.0} MB", peak as f64 / 1024.0),
    );
    s.median
}

fn lib(name: &str, runs: usize, f: impl FnMut()) -> Duration {
    lib_after(name, runs, || {}, f)
}

/// `lib`, with `setup` run before each run and left out of its time.
fn lib_after(name: &str, runs: usize, mut setup: impl FnMut(), mut f: impl FnMut()) -> Duration {
    setup();
    f();
    let times = (0..runs)
        .map(|_| {
            setup();
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    let s = stats(times);
    report(name, &s, runs, "");
    s.median
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let runs: usize = std::env::var("PNP_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(9);
    let wanted = |name: &str| filter.as_deref().is_none_or(|f| name.contains(f));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    println!(
        "pnp benchmarks: release build, {} cores",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );

    let mut total = Duration::ZERO;
    for id in pnp::base::assets::game_ids() {
        let name = format!("cli: build {id} (pdf + png 300 dpi)");
        if wanted(&name) {
            total += cli(&name, runs, &["build", id], &temp(id));
        }
    }
    if total > Duration::ZERO {
        println!(
            "{:<44} sum of medians {:>9.1} ms",
            "cli: all shipped games",
            total.as_secs_f64() * 1e3
        );
    }
    for (name, args) in [
        (
            "cli: night-grain pdf only",
            vec!["build", "night-grain", "--no-png"],
        ),
        (
            "cli: night-grain png only",
            vec!["build", "night-grain", "--no-pdf"],
        ),
    ] {
        if wanted(name) {
            cli(name, runs, &args, &temp("part"));
        }
    }
    if wanted("cli: tts") {
        cli(
            "cli: tts night-grain (200 dpi)",
            runs,
            &["tts", "night-grain"],
            &temp("tts"),
        );
    }
    // Issue 8's budget: every bad input is refused within 100 ms and 50 MB.
    if wanted("cli: bad inputs") {
        let bin = env!("CARGO_BIN_EXE_pnp");
        let mut worst = (Duration::ZERO, 0u64, String::new());
        let mut count = 0;
        let mut entries: Vec<_> = std::fs::read_dir(root.join("tests/bad"))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        entries.sort();
        for path in entries
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        {
            let out = temp("bad");
            let (t, rss, ok) = run_any(
                Command::new(bin)
                    .arg("build")
                    .arg(path)
                    .arg("--out")
                    .arg(&out),
            );
            assert!(!ok, "{} was accepted", path.display());
            worst.1 = worst.1.max(rss);
            count += 1;
            if t > worst.0 {
                worst.0 = t;
                worst.2 = path.file_name().unwrap().to_string_lossy().into_owned();
            }
        }
        println!(
            "{:<44} {count} files: slowest {:.1} ms ({}), peak {:.0} MB",
            "cli: bad inputs refused",
            worst.0.as_secs_f64() * 1e3,
            worst.2,
            worst.1 as f64 / 1024.0
        );
    }
    let deck54 = root.join("benches/decksmith/deck54.yaml");
    if wanted("cli: deck of 54 cards") {
        cli(
            "cli: deck of 54 cards (png 300 dpi + pdf)",
            runs,
            &["build", deck54.to_str().unwrap()],
            &temp("deck54"),
        );
    }
    // Rebuilds, as `build --watch` makes them: over the last build's files, whose images are
    // kept when they are up to date. Nothing changed, then one card's title edited each run.
    if wanted("cli: rebuild") {
        cli_into(
            "cli: rebuild night-grain, nothing changed",
            runs,
            &["build", "night-grain"],
            &temp("rebuild-ng"),
            false,
            &mut |_| {},
        );
        let dir = temp("rebuild-deck54");
        std::fs::create_dir_all(&dir).unwrap();
        let yaml = dir.join("deck54.yaml");
        let text = std::fs::read_to_string(&deck54).unwrap();
        let edited = text.replace("title: Card 1,", "title: Card 1*,");
        assert_ne!(text, edited);
        cli_into(
            "cli: rebuild 54 cards, one card edited",
            runs,
            &["build", yaml.to_str().unwrap()],
            &dir.join("out"),
            false,
            &mut |i| std::fs::write(&yaml, if i % 2 == 0 { &text } else { &edited }).unwrap(),
        );
    }

    // Issue 38: `pnp serve` on the 54-card deck; from saving a one-card change to the event
    // that announces the new preview reaching a connected page (the view is made by then).
    if wanted("serve: 54 cards") {
        serve_edit(&deck54, runs);
    }

    // The limit: PNG-encoding the same pixels alone. Render night-grain's faces once, then time
    // only the encoding; pnp's whole PNG build is reported as a ratio to it.
    if wanted("lib: png") {
        let game = pnp::kinds::load("night-grain").unwrap();
        let opt = pnp::commands::options::BuildOptions::default();
        let prepared = pnp::commands::prepare(&game, &opt).unwrap();
        let popt = pnp::outputs::png::PngOptions::default();
        // Straight RGBA, as the encoder receives it in a build.
        let images: Vec<_> = prepared
            .faces
            .docs
            .iter()
            .zip(prepared.face_trees().unwrap())
            .map(|(d, t)| {
                let mut p = pnp::outputs::png::render(&t, d, popt.dpi).unwrap();
                pnp::outputs::png::straighten(p.data_mut());
                p
            })
            .collect();
        let encode_all = || {
            for p in &images {
                let png = pnp::outputs::png::encode_rgba(p.data(), p.width(), p.height(), &popt);
                std::hint::black_box(png.unwrap());
            }
        };
        let encode = lib("lib: png encode only (night-grain faces)", runs, encode_all);
        let out = temp("lib-png");
        let build_opt = pnp::commands::options::BuildOptions {
            out: Some(out.clone()),
            pdf: false,
            ..Default::default()
        };
        // Into an empty folder each time: every image drawn and written. Emptying it is not
        // part of a build (0.5 ms of 13, deleting the last run's files) and is left out.
        let empty = || {
            let _ = std::fs::remove_dir_all(&out);
        };
        let build = || {
            let report = pnp::commands::build(&game, &build_opt).unwrap();
            assert_eq!(report.renders, report.faces);
        };
        let whole = lib_after(
            "lib: png build (draw, parse, render, encode, write)",
            runs,
            empty,
            build,
        );
        println!(
            "{:<44} {:.2}× the bare encode time (medians)",
            "lib: png build / png encode",
            whole.as_secs_f64() / encode.as_secs_f64()
        );
        // This machine's speed drifts by half within minutes (the bare encode alone takes 9 or
        // 15 ms), so medians taken a minute apart compare two machines. Paired: each build is
        // timed beside an encode, and the ratio of each pair is kept.
        let timed = |f: &dyn Fn()| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        };
        let mut ratios: Vec<f64> = (0..runs.max(1))
            .map(|i| {
                empty();
                let (e, b) = match i % 2 {
                    0 => (timed(&encode_all), timed(&build)),
                    _ => {
                        let b = timed(&build);
                        (timed(&encode_all), b)
                    }
                };
                b / e
            })
            .collect();
        ratios.sort_by(f64::total_cmp);
        println!(
            "{:<44} {:.2}× the bare encode time (median of {runs} pairs; {:.2}–{:.2})",
            "lib: png build / png encode, paired",
            ratios[ratios.len() / 2],
            ratios[0],
            ratios[ratios.len() - 1]
        );
    }

    // Linear time and flat memory: the same deck at three sizes, one run each (they take
    // minutes), described two ways: a variant a card in the YAML, and a row a card of a CSV
    // file (`data:`). Time per card should stay level, and memory should not follow the pages
    // or the images (both streamed): it grows only by the deck's description, the parsed spec,
    // its pieces, face records and page placements (0.8 KB a card of heap from YAML, 0.37 KB
    // from the CSV, whose rows are kept as their cells' text).
    if std::env::var("PNP_BENCH_BIG").is_ok() && wanted("deck") {
        let bin = env!("CARGO_BIN_EXE_pnp");
        for n in [1_000usize, 2_500, 10_000] {
            let dir = temp(&format!("deck{n}"));
            std::fs::create_dir_all(&dir).unwrap();
            let head = format!(
                "game: {{id: deck{n}, name: Deck of {n}, players: [2]}}\ncomponents:\n  - id: card\n    kind: card\n    size: 2.5in x 3.5in\n"
            );
            let mut yaml = format!("{head}    variants:\n");
            let mut csv = String::from("id,title,number\n");
            for i in 1..=n {
                yaml.push_str(&format!(
                    "      - {{id: c{i}, front: {{title: Card {i}, text: \"{i}\"}}}}\n"
                ));
                csv.push_str(&format!("c{i},Card {i},{i}\n"));
            }
            std::fs::write(dir.join("yaml.yaml"), yaml).unwrap();
            std::fs::write(dir.join("deck.csv"), csv).unwrap();
            std::fs::write(
                dir.join("csv.yaml"),
                format!("{head}    data: deck.csv\n    front: {{title: \"{{row.title}}\", text: \"{{row.number}}\"}}\n"),
            )
            .unwrap();
            for (what, extra) in [
                ("pdf only", &["--no-png"][..]),
                ("png 300 dpi + pdf", &[][..]),
            ] {
                for form in ["yaml", "csv"] {
                    let out = dir.join("out");
                    let _ = std::fs::remove_dir_all(&out);
                    let (t, rss) = run(Command::new(bin)
                        .arg("build")
                        .arg(dir.join(format!("{form}.yaml")))
                        .args(extra)
                        .arg("--out")
                        .arg(&out));
                    println!(
                        "{:<50} {:>9.1} s  {:>6.2} ms/card  peak {:>4.0} MB",
                        format!("cli: deck of {n} cards, {form} ({what})"),
                        t.as_secs_f64(),
                        t.as_secs_f64() * 1e3 / n as f64,
                        rss as f64 / 1024.0
                    );
                }
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

/// `pnp serve` on a copy of `deck54`: the time from writing one edited card to the next
/// `update` event on the page's stream.
fn serve_edit(deck54: &Path, runs: usize) {
    use std::io::{BufRead, BufReader, Write};
    let dir = temp("serve-deck54");
    std::fs::create_dir_all(&dir).unwrap();
    let yaml = dir.join("deck54.yaml");
    let text = std::fs::read_to_string(deck54).unwrap();
    let edited = text.replace("title: Card 1,", "title: Card 1*,");
    assert_ne!(text, edited);
    std::fs::write(&yaml, &text).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_pnp"))
        .current_dir(&dir)
        .args(["serve", "deck54.yaml"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("pnp serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port: u16 = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
    )
    .unwrap();
    let mut events = BufReader::new(stream);
    let mut next_update = || loop {
        let mut line = String::new();
        assert!(events.read_line(&mut line).unwrap() > 0, "the stream ended");
        if line.starts_with("event: update") {
            return;
        }
    };
    next_update(); // the current view, sent on connecting
    let mut times = Vec::new();
    for i in 0..=runs {
        // Past the file's last modification time's resolution, and the watcher's settling.
        std::thread::sleep(Duration::from_millis(100));
        let t = Instant::now();
        std::fs::write(&yaml, if i % 2 == 0 { &edited } else { &text }).unwrap();
        next_update();
        if i > 0 {
            times.push(t.elapsed());
        }
    }
    // SAFETY: a signal to the child this bench started, by its id.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let _ = child.wait();
    report(
        "serve: 54 cards, one card saved → event",
        &stats(times),
        runs,
        "",
    );
}
