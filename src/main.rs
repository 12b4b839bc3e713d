//! The command line: parse, call the library, print results and errors, pick the exit code.
mod cli;

use clap::Parser;
use std::process::ExitCode;

use cli::{Cli, Command};
use pnp::error::Error;
use pnp::options::{BuildOptions, Choices};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Build(args) => build(args),
        Command::Validate(args) => validate(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code() as u8)
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

fn build(args: cli::BuildArgs) -> Result<(), Error> {
    let p = args.print;
    let choices = Choices {
        paper: p.paper,
        landscape: p.landscape,
        dpi: p.dpi,
        bleed: p.bleed,
        duplex: p.duplex,
        out: p.out,
        no_validate: args.no_validate,
        no_pdf: args.no_pdf,
        no_png: args.no_png,
        players: args.players,
    };
    let opt = BuildOptions::from_choices(&choices)?;
    let copies = args
        .copies
        .iter()
        .map(|c| pnp::overrides::parse(c))
        .collect::<Result<Vec<_>, _>>()?;
    let mut game = pnp::spec::load(&args.game)?;
    pnp::overrides::apply(&mut game, &copies)?;
    let report = pnp::build(&game, &opt)?;
    for w in &report.warnings {
        eprintln!("warning: {w}");
    }
    for w in &report.written {
        println!(
            "{}  ({}, {})",
            w.path.display(),
            w.what,
            human_bytes(w.bytes)
        );
    }
    Ok(())
}

fn validate(args: cli::ValidateArgs) -> Result<(), Error> {
    let names: Vec<String> = if args.all {
        pnp::assets::game_ids()
            .into_iter()
            .map(String::from)
            .collect()
    } else if args.games.is_empty() {
        return Err(Error::Options(
            "name a game (or several), or use --all".into(),
        ));
    } else {
        args.games
    };
    let mut first_error = None;
    for name in &names {
        let outcome = pnp::spec::load(name)
            .map_err(Error::from)
            .and_then(|g| pnp::check_rules(&g).map(|r| (g, r)));
        match outcome {
            Ok((game, report)) => println!("✓ {}: {} rules hold", game.name(), report.held()),
            Err(e) => {
                eprintln!("✗ {name}\n{e}");
                first_error.get_or_insert(e);
            }
        }
    }
    match first_error {
        Some(e) => Err(Error::Options(format!(
            "{} failed validation",
            match e {
                Error::Rules(_) => "a game",
                _ => "a game",
            }
        ))),
        None => Ok(()),
    }
}
