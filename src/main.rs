//! The command line: parse, call the library, print results and errors, pick the exit code.
mod cli;

use clap::Parser;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use cli::{Cli, Command};
use pnp::base::diagnostic::{Diagnostic, counted};
use pnp::commands::BuildReport;
use pnp::commands::Error;
use pnp::commands::Written;
use pnp::commands::error::Usage;
use pnp::commands::options::{BuildOptions, Choices};
use pnp::outputs::OutputError;

/// `println!` that returns an error instead of panicking when standard output cannot be written
/// (`pnp list > /dev/full`): printing a command's result is part of its work.
macro_rules! outln {
    ($($arg:tt)*) => {
        writeln!(std::io::stdout().lock(), $($arg)*).map_err(stdout_err)
    };
}

/// `eprintln!` that does not panic when standard error cannot be written: there is nowhere
/// left to say so, and the exit code still tells how the command went.
macro_rules! errln {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}

fn stdout_err(e: std::io::Error) -> Error {
    Error::Output(OutputError::Stdout(e))
}

/// Removed images named in the build's last lines: this many, then how many more.
const NAMED: usize = 5;

/// `a.png, b.png` for a few paths; the first `NAMED` and "and N more" for many.
fn file_names(paths: &[std::path::PathBuf]) -> String {
    let names: Vec<String> = paths
        .iter()
        .take(NAMED)
        .map(|p| {
            p.file_name()
                .unwrap_or(p.as_os_str())
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    match paths.len().saturating_sub(NAMED) {
        0 => names.join(", "),
        more => format!("{} and {more} more", names.join(", ")),
    }
}

/// How much to print, and whether stderr may be coloured.
#[derive(Debug, Clone, Copy)]
struct Ui {
    quiet: bool,
    verbose: bool,
    color: bool,
}

impl Ui {
    fn written(&self, written: &[Written]) -> Result<(), Error> {
        if self.quiet {
            return Ok(());
        }
        for w in written {
            outln!(
                "{}  ({}, {})",
                w.path.display(),
                w.what,
                human_bytes(w.bytes)
            )?;
        }
        Ok(())
    }
    fn warnings(&self, warnings: &[pnp::base::diagnostic::Diagnostic]) {
        for w in warnings {
            errln!(
                "warning: {}",
                pnp::base::diagnostic::printable(&w.to_string())
            );
            for hint in &w.hints {
                errln!("  help: {}", pnp::base::diagnostic::printable(hint));
            }
        }
    }
    /// One line after a build: what was made and how long it took (more with -v).
    fn summary(&self, name: &str, report: &BuildReport, started: Instant) -> Result<(), Error> {
        if self.quiet {
            return Ok(());
        }
        let secs = started.elapsed().as_secs_f64();
        let files = report.written.len();
        outln!(
            "built {name}: {} pieces on {}, {} distinct faces, {} in {secs:.2} s",
            report.pieces,
            counted(report.pages, "page"),
            report.faces,
            counted(files, "output"),
        )?;
        let removed = &report.stale_removed;
        if !removed.is_empty() {
            outln!(
                "removed {} of faces the game no longer has: {}",
                counted(removed.len(), "image"),
                pnp::base::diagnostic::printable(&file_names(removed))
            )?;
        }
        if self.verbose {
            errln!(
                "{} images rendered (one per distinct face drawn), {} already up to date",
                report.renders,
                report.reused
            );
            if let Some(kb) = peak_memory_kb() {
                errln!("peak memory {:.1} MB", kb as f64 / 1024.0);
            }
        }
        Ok(())
    }
    /// A spinner on an interactive terminal while an export runs (never in pipes, CI or -q).
    fn spinner(&self, message: String) -> Option<indicatif::ProgressBar> {
        if self.quiet || !std::io::stderr().is_terminal() {
            return None;
        }
        let bar = indicatif::ProgressBar::new_spinner().with_message(message);
        bar.enable_steady_tick(std::time::Duration::from_millis(100));
        Some(bar)
    }
    /// A progress bar on an interactive terminal once a build has taken longer than a moment
    /// (never in pipes, CI or -q).
    fn progress(&self, message: String) -> Option<indicatif::ProgressBar> {
        if self.quiet || !std::io::stderr().is_terminal() {
            return None;
        }
        let bar = indicatif::ProgressBar::hidden().with_message(message);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{msg} [{bar:32}] {pos}/{len} pages and images, {elapsed}",
        ) {
            bar.set_style(style.progress_chars("=> "));
        }
        Some(bar)
    }
}

/// The most memory this process has held (its peak resident set, `VmHWM`), where the system
/// says (Linux).
fn peak_memory_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() -> ExitCode {
    // Quit quietly when the reader of our output goes away (`pnp man | head`), as Unix tools do,
    // instead of failing to print.
    #[cfg(unix)]
    // SAFETY: restoring the default action for SIGPIPE before any thread or output exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // glibc gives each thread its own malloc arena. Face trees are parsed on rayon's threads and
    // freed on others, and the arenas fragment: two arenas keep a long deck's peak steady
    // (docs/performance.md).
    // SAFETY: a malloc tuning call made before any thread exists.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    // The preview server writes to clients that may go away mid-answer: a write to their
    // socket must fail (hyper then lets the connection go), not end the server.
    #[cfg(unix)]
    if matches!(cli.command, Command::Serve(_)) {
        // SAFETY: setting a signal's action before any thread exists.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        }
    }
    let color = std::io::stderr().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let ui = Ui {
        quiet: cli.command.quiet(),
        verbose: cli.command.verbose(),
        color,
    };
    // A failed build says its files are untouched; `man`, `schema` and `new` write no build.
    let builds = matches!(
        cli.command,
        Command::Build(_) | Command::Sheets(_) | Command::Tts(_) | Command::Serve(_)
    );
    let result = match cli.command {
        Command::Build(args) => build(args, ui),
        Command::Serve(args) => serve(args),
        Command::Validate(args) => validate(args, ui),
        Command::Check(args) => check(args, ui),
        Command::Sheets(args) => sheets(args, ui),
        Command::Tts(args) => tts(args, ui),
        Command::List => list(),
        Command::New(args) => new(args, ui),
        Command::Schema(args) => schema(args, ui),
        Command::Completions { shell } => {
            // Made in memory: clap_complete panics when its writer fails.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut cli::for_completions(shell), "pnp", &mut script);
            std::io::stdout()
                .lock()
                .write_all(&script)
                .map_err(stdout_err)
        }
        Command::Man(args) => man(args, ui),
    };
    // What is still buffered must reach the file too, or the failure would go unseen.
    let result = result.and_then(|()| std::io::stdout().flush().map_err(stdout_err));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            print_error(&e, ui, builds);
            ExitCode::from(e.exit_code() as u8)
        }
    }
}

/// `--help` and `--version` (on standard output, exit 0 once printed) and usage errors (on
/// standard error, exit 2). clap's own `exit` ignores a failure to print: help that could not
/// be written would exit 0 with nothing shown.
fn clap_exit(e: &clap::Error) -> ExitCode {
    let printed = e.print().and_then(|()| std::io::stdout().flush());
    match printed {
        Err(failed) if !e.use_stderr() => {
            let failed = stdout_err(failed);
            errln!("error: {failed}");
            ExitCode::from(failed.exit_code() as u8)
        }
        _ => ExitCode::from(e.exit_code() as u8),
    }
}

/// `error: file:line:col: message` (one line that editors can jump to), then the YAML snippet.
fn print_error(e: &Error, ui: Ui, builds: bool) {
    const SHOWN: usize = 10;
    let show = |loc: &Diagnostic| {
        if let Some(snippet) = pnp::base::diagnostic::source_of(&loc.file)
            .and_then(|src| pnp::base::diagnostic::snippet(loc, &src, ui.color))
        {
            errln!("{}", pnp::base::diagnostic::printable_snippet(&snippet));
        }
        for hint in &loc.hints {
            errln!("  help: {}", pnp::base::diagnostic::printable(hint));
        }
    };
    if let Some(problems) = e.problems() {
        // Each problem on its own, with its place in the file under it.
        for problem in problems.0.iter().take(SHOWN) {
            errln!(
                "error: {}",
                pnp::base::diagnostic::printable(&problem.to_string())
            );
            show(problem);
        }
        if problems.0.len() > SHOWN {
            errln!("error: … and {} more problems", problems.0.len() - SHOWN);
        }
        return;
    }
    errln!(
        "error: {}",
        pnp::base::diagnostic::printable(&e.to_string())
    );
    for loc in e.locations().into_iter().take(SHOWN) {
        show(loc);
    }
    // Not when printing the result failed: the files were put in place by then.
    if matches!(e, Error::Output(o) if !matches!(o, OutputError::Stdout(_))) {
        match builds {
            true => errln!(
                "note: nothing of this build was put in place; files from earlier builds are untouched"
            ),
            false => errln!("note: nothing was written"),
        }
    }
}

fn human_bytes(n: u64) -> String {
    match n {
        n if n >= 1 << 20 => format!("{:.1} MB", n as f64 / (1 << 20) as f64),
        n if n >= 1 << 10 => format!("{:.0} KB", n as f64 / (1 << 10) as f64),
        n => format!("{n} B"),
    }
}

fn build(args: cli::BuildArgs, ui: Ui) -> Result<(), Error> {
    if !args.watch {
        return build_once(&args, ui);
    }
    let watched = pnp::spec::watch::Watched::of(&args.game).map_err(Usage::from)?;
    let mut seen = watched.snapshot();
    if let Err(e) = build_once(&args, ui) {
        print_error(&e, ui, true);
    }
    if !ui.quiet {
        errln!("watching {} (Ctrl-C to stop)", args.game);
    }
    loop {
        std::thread::sleep(std::time::Duration::from_millis(300));
        let now = watched.snapshot();
        if now == seen {
            continue;
        }
        seen = now;
        let started = Instant::now();
        match build_once(&args, ui) {
            Ok(()) if ui.quiet => {}
            Ok(()) => errln!("rebuilt in {:.2} s", started.elapsed().as_secs_f64()),
            Err(e) => print_error(&e, ui, true),
        }
    }
}

fn build_once(args: &cli::BuildArgs, ui: Ui) -> Result<(), Error> {
    let started = Instant::now();
    let args = args.clone();
    let p = args.print;
    let choices = Choices {
        paper: Some(cli::name_of(&p.paper)),
        landscape: p.landscape,
        dpi: Some(p.dpi),
        bleed: Some(p.bleed),
        duplex: p.duplex.as_ref().map(cli::name_of),
        out: p.out,
        no_validate: args.no_validate,
        no_pdf: args.no_pdf,
        no_png: args.no_png,
        no_cover: args.no_cover,
        redraw: args.redraw,
        players: args.players,
        layout: Some(cli::name_of(&p.layout)),
        cuts: Some(cli::name_of(&p.cuts)),
        guides: args.guides,
    };
    let opt = BuildOptions::from_choices(&choices)?;
    let profile = args
        .service
        .as_deref()
        .map(pnp::outputs::shops::Profile::named);
    if let (Some(None), Some(id)) = (profile, args.service.as_deref()) {
        return Err(Usage::NoService(id.to_string()).into());
    }
    if profile.is_some() && choices.bleed.as_deref().is_some_and(|b| b != "0mm") {
        return Err(Usage::ForWithBleed.into());
    }
    let copies = args
        .copies
        .iter()
        .map(|c| pnp::resolve::overrides::parse(c))
        .collect::<Result<Vec<_>, _>>()?;
    let mut game = pnp::kinds::load(&args.game)?;
    pnp::resolve::overrides::apply(&mut game, &copies)?;
    let bar = ui.progress(format!("building {}", game.name()));
    let progress = |done, steps| {
        if let Some(bar) = &bar {
            if bar.is_hidden() && started.elapsed() > std::time::Duration::from_millis(300) {
                bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            }
            bar.set_length(steps);
            bar.set_position(done);
        }
    };
    let waiting = |dir: &std::path::Path| {
        if !ui.quiet {
            errln!("waiting for another pnp build into {}…", dir.display());
        }
    };
    if let Some(Some(profile)) = profile {
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        let report = pnp::commands::shop(&game, &opt, profile)?;
        ui.warnings(&report.warnings);
        ui.written(&report.written)?;
        if !ui.quiet {
            errln!(
                "built {} for {}: {} images in {:.2} s",
                game.name(),
                profile.name,
                report.images,
                started.elapsed().as_secs_f64()
            );
        }
        return Ok(());
    }
    let report = pnp::commands::build_observed(&game, &opt, &progress, &waiting);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let report = report?;
    ui.warnings(&report.warnings);
    ui.written(&report.written)?;
    ui.summary(game.name(), &report, started)
}

/// `pnp serve`: the preview until Ctrl-C, which stops it cleanly (a second one at once).
fn serve(args: cli::ServeArgs) -> Result<(), Error> {
    let (stop, stopped) = std::sync::mpsc::channel();
    let presses = std::sync::atomic::AtomicU32::new(0);
    ctrlc::set_handler(move || {
        if presses.fetch_add(1, std::sync::atomic::Ordering::Relaxed) > 0 {
            std::process::exit(130);
        }
        let _ = stop.send(());
    })
    .map_err(|e| Usage::CtrlC(e.to_string()))?;
    let config = pnp::commands::serve::Config {
        game: args.game.clone(),
        port: args.port.map(|p| p as u16),
        out: args.out,
    };
    errln!("preparing the preview of {}…", args.game);
    let server = pnp::commands::serve::Server::start(config)?;
    outln!(
        "serving {} at {}  (Ctrl-C to stop)",
        args.game,
        server.url()
    )?;
    std::io::stdout().flush().map_err(stdout_err)?;
    if !server.watching() {
        errln!(
            "note: {} is a shipped game, which does not change: the page is not updated",
            args.game
        );
    }
    if args.open
        && let Err(e) = pnp::commands::serve::open_in_browser(server.url())
    {
        errln!(
            "warning: could not open a browser ({e}): open {} yourself",
            server.url()
        );
    }
    let _ = stopped.recv();
    errln!("stopping…");
    server.stop();
    errln!("stopped");
    Ok(())
}

fn sheets(args: cli::SheetsArgs, ui: Ui) -> Result<(), Error> {
    let choices = Choices {
        paper: Some(cli::name_of(&args.paper)),
        out: args.out,
        no_validate: args.no_validate,
        ..Choices::default()
    };
    let opt = BuildOptions::from_choices(&choices)?;
    let game = pnp::kinds::load(&args.game)?;
    let request = pnp::commands::sheets::Request {
        players: args.players,
        names: args.names,
        families: args.family,
        sheet: args.sheet,
    };
    let report = pnp::commands::sheets::sheets(&game, &request, &opt)?;
    ui.warnings(&report.warnings);
    ui.written(&report.written)
}

fn validate(args: cli::ValidateArgs, ui: Ui) -> Result<(), Error> {
    let names: Vec<String> = if args.all {
        pnp::base::assets::game_ids()
            .into_iter()
            .map(String::from)
            .collect()
    } else if args.games.is_empty() {
        return Err(Usage::NoGames.into());
    } else {
        args.games
    };
    let mut failed = Vec::new();
    for name in &names {
        let outcome = pnp::kinds::load(name)
            .map_err(Error::from)
            .and_then(|g| pnp::commands::validate(&g, &BuildOptions::default()).map(|r| (g, r)));
        match outcome {
            Ok((game, report)) => {
                ui.warnings(&game.warnings);
                if !ui.quiet {
                    outln!("✓ {}: {} rules hold", game.name(), report.held())?;
                }
            }
            Err(e) => {
                errln!("✗ {name}");
                print_error(&e, ui, false);
                errln!();
                failed.push(name.as_str());
            }
        }
    }
    if ui.verbose
        && let Some(kb) = peak_memory_kb()
    {
        errln!("peak memory {:.1} MB", kb as f64 / 1024.0);
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Usage::ValidationFailed(failed.iter().map(|s| s.to_string()).collect()).into())
    }
}

/// `pnp check`: the preflight's warnings; exit 0 whatever they are (they are advice).
fn check(args: cli::CheckArgs, ui: Ui) -> Result<(), Error> {
    let profile = match args.service.as_deref() {
        Some(id) => Some(
            pnp::outputs::shops::Profile::named(id)
                .ok_or_else(|| Usage::NoService(id.to_string()))?,
        ),
        None => None,
    };
    let bleed = match &args.bleed {
        Some(text) => Some(pnp::base::units::parse_length_or_zero(text).map_err(Usage::Bleed)?),
        None => None,
    };
    let choices = Choices {
        paper: Some(cli::name_of(&args.paper)),
        landscape: args.landscape,
        layout: Some(cli::name_of(&args.layout)),
        ..Choices::default()
    };
    let opt = BuildOptions::from_choices(&choices)?;
    let game = pnp::kinds::load(&args.game)?;
    let report = pnp::commands::check(&game, profile, bleed, &opt)?;
    // The YAML's warnings (what prints, but not as meant) first, as `validate` says them.
    ui.warnings(&game.warnings);
    ui.warnings(&report.warnings);
    let count = game.warnings.len() + report.warnings.len();
    if !ui.quiet {
        outln!(
            "checked {}: {} faces, {}",
            game.name(),
            report.faces,
            counted(count, "warning")
        )?;
    }
    Ok(())
}

fn tts(args: cli::TtsArgs, ui: Ui) -> Result<(), Error> {
    let opt = pnp::outputs::tts::TtsOptions::with_table(
        Some(args.dpi),
        args.base_url,
        args.out,
        args.install,
        args.no_validate,
        args.table,
        args.players,
    )?;
    let game = pnp::kinds::load(&args.game)?;
    let spinner = ui.spinner(format!("exporting {} for Tabletop Simulator…", game.name()));
    let report = pnp::commands::tts(&game, &opt);
    if let Some(s) = spinner {
        s.finish_and_clear();
    }
    let report = report?;
    ui.warnings(&report.warnings);
    ui.written(&report.written)?;
    if let Some(path) = report.installed.as_ref().filter(|_| !ui.quiet) {
        outln!("installed: {}", path.display())?;
    }
    Ok(())
}

fn list() -> Result<(), Error> {
    for id in pnp::base::assets::game_ids() {
        let game = pnp::kinds::load(id)?;
        let g = &game.spec.game;
        let players = g
            .players
            .value
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let designer = g
            .designer
            .as_deref()
            .map(|d| format!(" by {d}"))
            .unwrap_or_default();
        outln!("{id}: {}{designer} — players {players}", g.name)?;
        let parts: Vec<String> = game
            .spec
            .components
            .iter()
            .map(|c| {
                format!(
                    "{} {}",
                    c.total_copies(),
                    c.name.as_deref().unwrap_or(&c.id.value)
                )
            })
            .collect();
        outln!("    {}", parts.join(", "))?;
    }
    Ok(())
}

fn new(args: cli::NewArgs, ui: Ui) -> Result<(), Error> {
    if let Some(problem) = pnp::commands::scaffold::name_problem(&args.name) {
        return Err(Usage::Name(problem).into());
    }
    let (id, text) = pnp::commands::scaffold::new_game(&args.name);
    let dir = args.out.unwrap_or_else(|| std::path::PathBuf::from("."));
    let path = dir.join(format!("{id}.yaml"));
    let schema = dir.join("pnp.schema.json");
    // Before `exists`, which follows a link: a link is refused as such, even one to nothing.
    pnp::outputs::writer::check_output(&path)?;
    pnp::outputs::writer::check_output(&schema)?;
    if path.exists() {
        return Err(Usage::Exists(path).into());
    }
    // The schema beside the game, so the scaffold's modeline works in an editor at once (it is
    // generated: an older copy is brought up to date).
    let staging = pnp::outputs::writer::Staging::new();
    staging.write(&path, text.as_bytes())?;
    staging.write(&schema, pnp::commands::schema::schema_text().as_bytes())?;
    staging.commit()?;
    if !ui.quiet {
        outln!("{}  (new game `{id}`)", path.display())?;
        if pnp::spec::ids::slug(&args.name).is_none() {
            outln!(
                "note: the name has no Latin letters or digits to make an id from; \
                 change `id:` (and the file's name) to suit"
            )?;
        }
        outln!("{}  (lets editors complete and check it)", schema.display())?;
        outln!(
            "next: pnp build {}   (then edit it and build again)",
            path.display()
        )?;
    }
    Ok(())
}

fn schema(args: cli::SchemaArgs, ui: Ui) -> Result<(), Error> {
    let text = pnp::commands::schema::schema_text();
    let Some(path) = args.out else {
        return write!(std::io::stdout().lock(), "{text}").map_err(stdout_err);
    };
    let staging = pnp::outputs::writer::Staging::new();
    staging.write(&path, text.as_bytes())?;
    staging.commit()?;
    if !ui.quiet {
        outln!("{}  (JSON Schema of the game YAML)", path.display())?;
    }
    Ok(())
}

/// `pnp man`: the overview on standard output; `pnp man COMMAND`: that command's page;
/// `pnp man --out DIR`: every page, written into DIR as the other outputs are (staged, then put
/// in place together; a link or a device where a page goes is refused).
fn man(args: cli::ManArgs, ui: Ui) -> Result<(), Error> {
    let pages = cli::manual();
    // Rendering into memory cannot fail but for a bug; it is reported as the write it was for.
    let render = |page: &clap_mangen::Man| {
        let mut roff = Vec::new();
        page.render(&mut roff).map(|()| roff)
    };
    let Some(dir) = args.out else {
        let want = match &args.command {
            Some(command) => format!("pnp-{command}.1"),
            None => "pnp.1".to_owned(),
        };
        let page = pages
            .iter()
            .find(|p| p.get_filename() == want)
            .ok_or_else(|| Usage::NoManualPage(want.to_string()))?;
        let roff = render(page).map_err(stdout_err)?;
        return std::io::stdout()
            .lock()
            .write_all(&roff)
            .map_err(stdout_err);
    };
    let staging = pnp::outputs::writer::Staging::new();
    for page in &pages {
        let path = dir.join(page.get_filename());
        let roff = render(page).map_err(|e| OutputError::write(&path, e))?;
        staging.write(&path, &roff)?;
    }
    let written = staging.commit()?;
    if !ui.quiet {
        for path in written {
            outln!("{}  (manual page)", path.display())?;
        }
    }
    Ok(())
}
