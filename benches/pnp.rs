//! `cargo bench`: wall-clock medians of whole builds, in release, on this machine.
//! A plain harness (no criterion) so a newcomer needs nothing else: each case runs once to warm
//! up, then `PNP_BENCH_RUNS` times (default 9); the median, min and max are printed.
//! `cargo bench -- night` runs only the cases whose name contains "night".
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

fn out_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pnp-bench-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn measure(name: &str, runs: usize, mut f: impl FnMut()) -> Duration {
    f();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    let median = times[times.len() / 2];
    println!(
        "{name:<40} median {:>8.1} ms   min {:>8.1} ms   max {:>8.1} ms   ({runs} runs)",
        median.as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3
    );
    median
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let runs: usize = std::env::var("PNP_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(9);
    let wanted = |name: &str| filter.as_deref().is_none_or(|f| name.contains(f));
    let bin = env!("CARGO_BIN_EXE_pnp");
    println!(
        "pnp benchmarks: release build, {} cores",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );

    let mut total = Duration::ZERO;
    for id in pnp::assets::game_ids() {
        let name = format!("cli: pnp build {id}");
        if wanted(&name) {
            let out = out_dir(id);
            total += measure(&name, runs, || {
                let status = Command::new(bin)
                    .args(["build", id, "--out"])
                    .arg(&out)
                    .stdout(std::process::Stdio::null())
                    .status()
                    .unwrap();
                assert!(status.success());
            });
        }
    }
    if total > Duration::ZERO {
        println!(
            "{:<40} sum of medians {:>8.1} ms",
            "cli: all shipped games",
            total.as_secs_f64() * 1e3
        );
    }

    let game = pnp::spec::load("night-grain").unwrap();
    for (label, pdf, png) in [
        ("pdf only", true, false),
        ("png only (300 dpi)", false, true),
    ] {
        let name = format!("lib: night-grain {label}");
        if wanted(&name) {
            let out = out_dir("lib");
            let opt = pnp::options::BuildOptions {
                out: Some(out.clone()),
                pdf,
                png,
                ..Default::default()
            };
            measure(&name, runs, || {
                pnp::build(&game, &opt).unwrap();
            });
        }
    }
}
