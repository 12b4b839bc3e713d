//! `pnp build`'s pipeline: a game's YAML is **loaded** into a typed spec (`spec`), **checked**
//! against the game's rules (`rules`), **resolved** into pieces whose faces are drawn once as SVG
//! (`resolve`), and the pages are laid out (`layout`). Then `outputs::stream` parses each face
//! once into a `usvg` tree, a window of pages at a time, and hands the trees to the **sinks**:
//! the imposed PDF (krilla) and one PNG per face. Files are written atomically by
//! `outputs::writer`.
use std::path::{Path, PathBuf};

use super::Error;
use super::options::BuildOptions;
use crate::base::diagnostic as error;
use crate::kinds::Game;
use crate::layout::document::Document;
use crate::layout::{self, LayoutOptions};
use crate::outputs::OutputError;
use crate::outputs::writer::{FolderLock, Staging, check_output, ensure_dir};
use crate::{outputs as output, resolve, rules, usvg};

pub use crate::outputs::Written;

#[derive(Debug, Clone, Default)]
pub struct BuildReport {
    pub written: Vec<Written>,
    pub warnings: Vec<error::Diagnostic>,
    pub pieces: u64,
    pub faces: usize,
    pub pages: usize,
    /// Rasterizations done (a regression guard: one per distinct face, never one per copy).
    pub renders: usize,
    /// Images already up to date in the output folder, kept without drawing them again.
    pub reused: usize,
    /// Images of faces the game no longer has that an earlier build wrote, removed from the PNG
    /// folder (sorted).
    pub stale_removed: Vec<PathBuf>,
}

/// Where a game's files go.
pub fn out_dir(game: &Game, opt: &BuildOptions) -> PathBuf {
    opt.out
        .clone()
        .unwrap_or_else(|| Path::new("output").join(game.id()))
}

/// Checks the rules: an error listing every failing rule.
pub fn check_rules(game: &Game) -> Result<rules::Report, Error> {
    let report = rules::validate(game);
    let failures = report.failures();
    if failures.is_empty() {
        Ok(report)
    } else {
        Err(Error::Rules(rules::Failures(failures)))
    }
}

/// Everything `build` checks before it writes: the rules, and that every piece fits the paper
/// and draws (`prepare`). The rules' report when all is well.
pub fn validate(game: &Game, opt: &BuildOptions) -> Result<rules::Report, Error> {
    let report = check_rules(game)?;
    prepare_with(game, opt, false, resolve::Keep::Nothing)?;
    Ok(report)
}

/// The layout options a build's options give.
pub fn layout_options(opt: &BuildOptions) -> LayoutOptions {
    let mut layout = LayoutOptions::new(opt.paper);
    layout.bleed = opt.bleed;
    layout.duplex = opt.duplex;
    layout.cover_square = opt.cover;
    layout.cuts = opt.cuts;
    layout
}

/// Resolve, draw and lay out: everything but writing. The cover is drawn when the options ask
/// for it and for a PDF.
pub fn prepare(game: &Game, opt: &BuildOptions) -> Result<Document, Error> {
    prepare_with(game, opt, false, resolve::Keep::Svg)
}

/// `prepare`, resolving what Tabletop Simulator needs too when `table`, and keeping of each
/// face what `keep` says.
pub fn prepare_with(
    game: &Game,
    opt: &BuildOptions,
    table: bool,
    keep: resolve::Keep,
) -> Result<Document, Error> {
    let ropt = resolve::Options {
        players: opt.players,
        bleed: opt.bleed,
        guide: opt
            .guides
            .then_some(crate::kinds::face::Guide { service_safe: None }),
        table,
        keep,
    };
    let plan = resolve::plan(game, &ropt)?;
    let layout = layout_options(opt);
    // What the paper and the pixel limits refuse is refused before any face is drawn.
    layout::fit::check(&plan.resolved, &layout)?;
    if opt.png {
        output::png::check_pixels(&plan.resolved, opt.dpi)?;
    }
    let resolved = resolve::draw(game, plan, &ropt)?;
    Ok(layout::document::lay_out(
        resolved,
        layout,
        opt.cover && opt.pdf,
    )?)
}

/// `pnp build --for SERVICE`: the game's faces as `profile`'s service takes them, into
/// `<out>/<service id>` (`outputs::shops`).
pub fn shop(
    game: &Game,
    opt: &BuildOptions,
    profile: &crate::outputs::shops::Profile,
) -> Result<crate::outputs::shops::ShopReport, Error> {
    if opt.validate {
        check_rules(game)?;
    }
    let bopt = BuildOptions {
        bleed: crate::outputs::shops::bleed(profile),
        png: false,
        cover: false,
        ..opt.clone()
    };
    let doc = prepare(game, &bopt)?;
    let dir = out_dir(game, opt).join(profile.id);
    Ok(crate::outputs::shops::export(&doc, &dir, profile)?)
}

/// `pnp check`: the game drawn with `profile`'s bleed (or `bleed`), and measured as a print
/// shop would (`outputs::preflight`).
pub fn preflight(
    game: &Game,
    profile: Option<&crate::outputs::shops::Profile>,
    bleed: Option<f64>,
) -> Result<crate::outputs::preflight::Preflight, Error> {
    let bleed = crate::outputs::preflight::bleed_of(profile, bleed);
    let opt = BuildOptions {
        bleed: bleed.unwrap_or(0.0),
        png: false,
        cover: false,
        ..Default::default()
    };
    let laid = prepare_with(game, &opt, false, resolve::Keep::Looks)?;
    let found =
        crate::outputs::preflight::check(&laid, profile, bleed).map_err(OutputError::from)?;
    Ok(found)
}

/// `pnp check`: the game laid out as `opt` prints it (its paper, layout and bleed; `bleed` or
/// `profile`'s, when given, for the print shop's measures), measured as a print shop would and
/// as a designer would (`outputs::preflight::designer`): with the pages' furniture and the cover
/// when it is printed at home (no `profile`).
pub fn check(
    game: &Game,
    profile: Option<&crate::outputs::shops::Profile>,
    bleed: Option<f64>,
    opt: &BuildOptions,
) -> Result<crate::outputs::preflight::Preflight, Error> {
    let bleed = crate::outputs::preflight::bleed_of(profile, bleed);
    let opt = BuildOptions {
        bleed: bleed.unwrap_or(0.0),
        png: false,
        pdf: true,
        cover: profile.is_none(),
        ..opt.clone()
    };
    let laid = prepare_with(game, &opt, false, resolve::Keep::Looks)?;
    let mut found =
        crate::outputs::preflight::check(&laid, profile, bleed).map_err(OutputError::from)?;
    let designer = crate::outputs::preflight::designer(&laid, profile.is_none());
    found.warnings.extend(designer.map_err(OutputError::from)?);
    Ok(found)
}

/// Called as a build advances with (steps done, steps in all); a step is one PDF page or one
/// image. For progress bars: it may be called from several threads.
pub type Progress<'a> = dyn Fn(u64, u64) + Sync + 'a;

/// Builds the PDF and PNGs of a game into its output folder.
pub fn build(game: &Game, opt: &BuildOptions) -> Result<BuildReport, Error> {
    build_with_progress(game, opt, &|_, _| {})
}

/// `build`, reporting progress as it goes.
pub fn build_with_progress(
    game: &Game,
    opt: &BuildOptions,
    progress: &Progress,
) -> Result<BuildReport, Error> {
    build_observed(game, opt, progress, &|_| {})
}

/// `build_with_progress`, calling `waiting` with the output folder if another build holds it
/// for more than a moment (this one then waits its turn: `output::writer::FolderLock`).
pub fn build_observed(
    game: &Game,
    opt: &BuildOptions,
    progress: &Progress,
    waiting: &dyn Fn(&Path),
) -> Result<BuildReport, Error> {
    let mut report = BuildReport {
        warnings: game.warnings.clone(),
        ..BuildReport::default()
    };
    if opt.guides {
        // The text crossing the guides, measured as `pnp check` measures it.
        let found = preflight(game, None, Some(opt.bleed))?;
        report.warnings.extend(found.safe_zone);
    }
    if opt.validate {
        check_rules(game)?;
    } else {
        report.warnings.push(error::Diagnostic::unplaced_warning(
            "rules not validated (--no-validate)".into(),
        ));
    }
    // What the game itself refuses (`--players`, a piece larger than the paper) is refused
    // before any folder is made.
    let doc = prepare(game, opt)?;
    let dir = out_dir(game, opt);
    // The folders this build would make (its folder, png/ and missing parents): those it made
    // are removed again if it fails, when nothing is in them.
    let made = output::writer::missing_dirs(&dir.join("png"));
    let built = write_outputs(game, opt, progress, waiting, &doc, report, dir);
    if built.is_err() {
        output::writer::remove_empty(&made);
    }
    built
}

/// `build_observed` once the game is laid out: writes its outputs into `dir`.
fn write_outputs(
    game: &Game,
    opt: &BuildOptions,
    progress: &Progress,
    waiting: &dyn Fn(&Path),
    doc: &Document,
    mut report: BuildReport,
    dir: PathBuf,
) -> Result<BuildReport, Error> {
    let png_dir = dir.join("png");
    let pdf_path = dir.join(format!("{}.pdf", game.id()));
    let staging = Staging::new();
    let popt = output::png::PngOptions::at(opt.dpi);
    let mut png = output::png::Sink::new(doc, png_dir.clone(), popt, &staging);
    // An output path holding a link, a device, a FIFO or a folder is refused before any folder
    // or file is made.
    if opt.pdf {
        check_output(&pdf_path)?;
    }
    if opt.png {
        png.check_paths()?;
    }
    ensure_dir(&dir)?;
    // Held to the end: another build into this folder waits, and no build is writing the
    // temporaries swept here (`remove_temporaries` still spares a live process's).
    let _lock = FolderLock::acquire(&dir, &|| waiting(&dir))?;
    for d in [&dir, &png_dir] {
        output::writer::remove_temporaries(d)?;
    }
    report.pieces = doc.pieces.iter().map(|p| p.copies as u64).sum();
    if report.pieces == 0 {
        report.warnings.push(error::Diagnostic::unplaced_warning(
            "nothing to print: no component has a copy (components: empty, or every count 0)"
                .into(),
        ));
    }
    report.faces = doc.faces.docs.len();
    report.warnings.extend(doc.faces.warnings.iter().cloned());
    report.pages = doc.page_count();

    // Images already up to date are kept; only the others are drawn.
    let wanted = match opt.png {
        true => png.plan(opt.redraw)?,
        false => Vec::new(),
    };
    let steps =
        (opt.pdf as u64) * doc.pages.len() as u64 + wanted.iter().filter(|w| **w).count() as u64;
    let done = std::sync::atomic::AtomicU64::new(0);
    let step = || {
        let now = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        progress(now, steps);
    };
    let png_sink = |face: usize, tree: &usvg::Tree| -> Result<(), OutputError> {
        png.face(face, tree)?;
        step();
        Ok(())
    };
    let images = output::stream::Images {
        sink: &png_sink,
        wanted: &wanted,
    };
    // The PDF goes straight to its temporary.
    let pdf_file = match opt.pdf {
        true => Some(staging.create(&pdf_path)?),
        false => None,
    };
    let pdf = run_sinks(doc, pdf_file, opt.png.then_some(images), &step)?;
    if let Some(file) = pdf {
        let bytes = staging.close(file)?;
        report.written.push(Written {
            path: pdf_path,
            what: crate::base::diagnostic::counted(report.pages, "page"),
            bytes,
        });
    }
    let (renders, reused, png_bytes) = png.totals();
    // No faces, no folder made: the summary lists only what is there.
    if opt.png && !doc.faces.docs.is_empty() {
        report.written.push(Written {
            path: png_dir.clone(),
            what: format!("{} images at {} dpi", doc.faces.docs.len(), opt.dpi),
            bytes: png_bytes,
        });
    }
    let written = staging.commit()?;
    if opt.png {
        // Only images pnp wrote (with our record), by a name it gives a face of this game's
        // components: a user's own files, and their copies of ours under other names, stay.
        let ids: Vec<&str> = (doc.components.iter()).map(|c| c.id.as_str()).collect();
        report.stale_removed = output::writer::remove_stale(
            &png_dir,
            "png",
            &written,
            &|stem| resolve::faces::could_name_a_face(stem, &ids),
            &output::png_source::is_stamped,
        )?;
    }
    report.renders = renders;
    report.reused = reused;
    Ok(report)
}

/// The PDF of a laid-out game.
pub fn pdf_bytes(doc: &Document) -> Result<Vec<u8>, Error> {
    let bytes = run_sinks(doc, Some(Vec::new()), None, &|| {})?;
    Ok(bytes.unwrap_or_default())
}

/// Streams a laid-out game through its sinks: the PDF into `pdf` when there is one, and
/// `images` for every distinct face. Returns the PDF's output.
fn run_sinks<W: std::io::Write>(
    doc: &Document,
    pdf: Option<W>,
    images: Option<output::stream::Images>,
    page_done: &(dyn Fn() + Sync),
) -> Result<Option<W>, Error> {
    // A panic in a library that draws (krilla on an SVG it cannot take) fails the build as an
    // error does: the caller's staging and lock are dropped, and remove what they made.
    let run = std::panic::AssertUnwindSafe(|| {
        let mut writer = pdf.map(|out| output::pdf::PdfWriter::new(doc, out));
        output::stream::run(doc, writer.as_mut(), images, page_done)?;
        let finished = writer.map(|w| w.finish()).transpose();
        finished.map_err(|e| Error::Output(OutputError::Pdf(e)))
    });
    std::panic::catch_unwind(run).unwrap_or_else(|panic| Err(OutputError::panicked(panic).into()))
}
