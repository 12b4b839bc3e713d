//! pnp: print-and-play components from YAML.
//!
//! The pipeline: a game's YAML is **loaded** into a typed spec (`spec`), **checked** against the
//! game's rules (`rules`), **expanded** into physical pieces (`pieces`), each distinct face is
//! **drawn** once as SVG (`draw`), and the pages are imposed (`output::layout`). Then
//! `output::stream` parses each face once into a `usvg` tree (`faces`), a window of pages at a
//! time, and hands the trees to the **sinks**: the imposed PDF (krilla) and one PNG per face
//! (resvg). Files are written atomically by `output::writer`; only the command line (`main.rs`)
//! prints.
pub mod assets;
pub mod diagnostic;
pub mod draw;
pub mod error;
pub mod fonts;
pub mod images;
pub mod kinds;
pub mod layout;
pub mod options;
pub mod output;
pub mod pieces;
pub mod preflight;
pub mod rules;
pub mod scaffold;
pub mod schema;
pub mod serve;
pub mod sheets;
pub mod shops;
pub mod spec;
pub mod trees;
pub mod units;
pub mod watch;

pub use resvg::{tiny_skia, usvg};

use std::path::{Path, PathBuf};

use error::{Error, OutputError};
use layout::document::Document;
use layout::furniture::Credits;
use layout::{Item, LayoutOptions, impose};
use options::BuildOptions;
use output::writer::{FolderLock, Staging, check_output, ensure_dir};
use spec::Game;

/// One file written by a build.
#[derive(Debug, Clone)]
pub struct Written {
    pub path: PathBuf,
    /// "3 pages", "12 images"…
    pub what: String,
    pub bytes: u64,
}

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
    prepare(game, opt)?;
    Ok(report)
}

/// Expand, draw and lay out: everything but writing. The cover is drawn when the options ask
/// for it and for a PDF.
pub fn prepare<'g>(game: &'g Game, opt: &BuildOptions) -> Result<Document<'g>, Error> {
    let mut pieces = pieces::expand(game);
    let keep = pieces::select::components(game, opt.players)?;
    // A piece with no copies is not printed, so none of its faces is drawn or written either.
    pieces.retain(|p| keep[p.component] && p.copies > 0);
    let mut layout = LayoutOptions::new(opt.paper);
    layout.bleed = opt.bleed;
    layout.duplex = opt.duplex;
    layout.cover_square = opt.cover;
    layout.cuts = opt.cuts;
    pieces::fit::check(game, &pieces, &layout)?;
    if opt.png {
        pieces::fit::check_pixels(game, &pieces, opt.dpi)?;
    }
    let guide = opt.guides.then_some(draw::Guide { service_safe: None });
    let faces = draw::draw_all_guided(game, &pieces, opt.bleed, guide, draw::KEEP_SVG_BYTES)?;
    let cuts = face_cuts(game, &pieces, &faces);
    let items: Vec<Item> = pieces
        .iter()
        .zip(faces.of_piece.iter().copied())
        .enumerate()
        .map(|(i, (p, (front, back)))| {
            let kind = kinds::of(game, p);
            let shared_cuts = kind.shares_cuts(p.shape.clone());
            Item {
                piece: i,
                component: p.component,
                front,
                back,
                w: p.w,
                h: p.h,
                copies: p.copies,
                shared_cuts,
                split: kind.split(),
                tiles: shared_cuts
                    .then(|| layout::tessellate::Tiling::of(&p.shape))
                    .flatten(),
            }
        })
        .collect();
    let captions = captions(game);
    let pages = layout::choose(&items, &captions, &layout)
        .map(|chosen| layout = chosen)
        .and_then(|()| impose(&items, &captions, &layout))
        .map_err(|e| {
            let c = &game.spec.components[e.component];
            let file = c.origin.as_deref().unwrap_or(&game.file);
            let at = match &c.size {
                Some(size) => error::Diagnostic::at(file, size, e.message),
                None => error::Diagnostic::at(file, &c.id, e.message),
            };
            Error::Spec(error::SpecError::Invalid(error::Problems(vec![at])))
        })?;
    let mut pages = pages;
    if opt.cover && opt.pdf {
        let uncut = |pl: &layout::Placement| !kinds::of(game, &pieces[pl.piece]).is_cut();
        layout::cover::fill_cover_back(&mut pages, uncut);
    }
    let credits = credits(game);
    let front_matter = match opt.cover && opt.pdf {
        // The cover has no pieces: its footer stays in its band.
        true => {
            let bands = layout.with_bands();
            layout::cover::Cover::of(game, &pieces, &pages, &bands).pages_svg(&credits, &bands)
        }
        false => Vec::new(),
    };
    let g = &game.spec.game;
    let mut keywords = vec!["print and play".to_string(), g.name.clone()];
    keywords.extend(g.licence.clone());
    let info = layout::document::Info {
        title: format!("{} — print and play", g.name),
        author: g.designer.clone(),
        subject: g
            .licence
            .as_ref()
            .map(|l| format!("Components of {}; licence: {l}", g.name)),
        keywords,
    };
    let groups = game
        .spec
        .components
        .iter()
        .map(|c| c.name.clone().unwrap_or_else(|| c.id.value.clone()))
        .collect();
    let mut doc = Document::new(
        layout,
        pages,
        front_matter,
        credits,
        info,
        groups,
        pieces,
        faces,
        draw::Painter::new(game).guided(guide),
    )
    .with_cuts(cuts);
    doc.grounds = grounds(game, &doc);
    Ok(doc)
}

/// By face, the background of each back that is not white (see `Document::underlay_svg`).
fn grounds(
    game: &Game,
    doc: &Document,
) -> std::collections::BTreeMap<usize, layout::document::Ground> {
    let mut out = std::collections::BTreeMap::new();
    for (piece, (_, back)) in doc.pieces.iter().zip(&doc.faces.of_piece) {
        let Some(back) = (*back).filter(|b| !out.contains_key(b)) else {
            continue;
        };
        let Some(face) = piece.back(game) else {
            continue;
        };
        let color = draw::Colors::of(&face).background;
        let white = color
            .strip_prefix('#')
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .is_none_or(|v| [16, 8, 0].iter().all(|s| (v >> s) & 0xff >= 0xf5));
        if !white && color != "none" {
            out.insert(
                back,
                layout::document::Ground {
                    color,
                    round: piece.shape == spec::Shape::Round,
                },
            );
        }
    }
    out
}

/// The cut path of each face that is not a rectangle, by face number: one per component and
/// side, shared by its faces.
fn face_cuts(
    game: &Game,
    pieces: &pieces::Pieces,
    faces: &draw::Faces,
) -> Vec<Option<std::sync::Arc<kinds::Outline>>> {
    use std::collections::HashMap;
    let mut cuts = vec![None; faces.docs.len()];
    let mut made: HashMap<(usize, bool), Option<std::sync::Arc<kinds::Outline>>> = HashMap::new();
    for (p, &(front, back)) in pieces.iter().zip(&faces.of_piece) {
        let sides = [(Some(front), draw::Side::Front), (back, draw::Side::Back)];
        for (face, side) in sides {
            let Some(face) = face else { continue };
            let cut = made
                .entry((p.component, side == draw::Side::Back))
                .or_insert_with(|| {
                    let outline = kinds::face_outline(game, p, side);
                    (outline != kinds::Outline::Rect).then(|| std::sync::Arc::new(outline))
                });
            cuts[face] = cut.clone();
        }
    }
    cuts
}

/// Group captions, by component index: "Grain markers · 24".
pub fn captions(game: &Game) -> Vec<String> {
    game.spec
        .components
        .iter()
        .map(|c| {
            let name = c.name.clone().unwrap_or_else(|| c.id.value.clone());
            format!("{name} · {}", pieces::copies_of(c))
        })
        .collect()
}

pub fn credits(game: &Game) -> Credits {
    let g = &game.spec.game;
    let title = match &g.designer {
        Some(d) => format!("{} — a game by {d}", g.name),
        None => g.name.clone(),
    };
    let mut line = Vec::new();
    if let Some(l) = &g.licence {
        line.push(format!("Licence: {l}"));
    }
    if let Some(s) = &g.source {
        line.push(s.clone());
    }
    line.push(format!(
        "Print-and-play by pnp {}",
        env!("CARGO_PKG_VERSION")
    ));
    Credits {
        title,
        line: line.join(" · "),
    }
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
        let found = preflight::check(game, None, Some(opt.bleed))?;
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
    let popt = output::png::PngOptions {
        dpi: opt.dpi,
        ..Default::default()
    };
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
    let png_sink = |face: usize, tree: &usvg::Tree| -> Result<(), Error> {
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
            what: format!(
                "{} page{}",
                report.pages,
                if report.pages == 1 { "" } else { "s" }
            ),
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
        let ids: Vec<&str> = (game.spec.components.iter())
            .map(|c| c.id.value.as_str())
            .collect();
        report.stale_removed = output::writer::remove_stale(
            &png_dir,
            "png",
            &written,
            &|stem| draw::could_name_a_face(stem, &ids),
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
