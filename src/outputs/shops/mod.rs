//! `pnp build GAME --for SERVICE`: a game's faces as a print-on-demand service takes them,
//! one image per face at the size of the service's product (bleed included), with a manifest
//! of what to order. `profiles` holds the services' numbers; this file matches components with
//! products and writes the files.
pub mod profiles;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::base::diagnostic::Diagnostic;
use crate::base::diagnostic::Problems;
use crate::base::forms::Side;
use crate::layout::document::Document;
use crate::outputs::writer::{FolderLock, Staging, check_output, ensure_dir};
use crate::outputs::{OutputError, Written};
use crate::usvg;
pub use profiles::{Family, Format, PROFILES, Placed, Product, Profile};

/// What an export wrote and noticed.
#[derive(Debug, Default)]
pub struct ShopReport {
    pub written: Vec<Written>,
    pub warnings: Vec<Diagnostic>,
    /// One per image written.
    pub images: usize,
}

/// One component as ordered: its product, and each distinct face with the copies showing it.
struct Order {
    component: usize,
    placed: Placed,
    pieces: u32,
    /// (face number, side, copies), in the order the pieces come.
    faces: Vec<(usize, Side, u32)>,
}

/// Why a service's files cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum ShopError {
    /// Components of no size the service makes, each at its size with the nearest product.
    #[error("{0}")]
    Refused(Problems),
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// The bleed (mm) the faces are drawn with: the most any product wants; each image takes its
/// product's.
pub fn bleed(profile: &Profile) -> f64 {
    profile
        .products
        .iter()
        .map(|p| {
            let (x, y) = p.bleed_mm(profile.dpi);
            x.max(y)
        })
        .fold(0.0, f64::max)
}

/// Writes a game's components (laid out with `bleed`) into `dir` as `profile`'s service takes
/// them. A component the service makes no product of its family for is left out with a warning;
/// one whose size matches none of that family is an error naming the nearest. Nothing is
/// written when anything is refused.
pub fn export(doc: &Document, dir: &Path, profile: &Profile) -> Result<ShopReport, ShopError> {
    let mut report = ShopReport {
        warnings: doc.about.warnings.clone(),
        ..ShopReport::default()
    };
    report.warnings.extend(doc.faces.warnings.iter().cloned());
    let orders = orders(doc, profile, &mut report.warnings)?;
    let dir = dir.to_path_buf();
    let mut files = Vec::new();
    for order in &orders {
        for &(face, side, _) in &order.faces {
            files.push(image_path(doc, profile, &dir, order, face, side));
        }
    }
    let manifest = dir.join("manifest.csv");
    let faces_csv = dir.join("faces.csv");
    for path in files.iter().chain([&manifest, &faces_csv]) {
        check_output(path)?;
    }
    ensure_dir(&dir)?;
    let _lock = FolderLock::acquire(&dir, &|| {})?;
    let staging = Staging::new();
    let trees = doc.face_trees().map_err(OutputError::from)?;
    let mut bytes = 0;
    let mut rows = String::from("file,component,side,product,width_px,height_px,dpi,copies\n");
    let mut paths = files.iter();
    for order in &orders {
        let product = order.placed.product;
        for &(face, side, copies) in &order.faces {
            let path = paths.next().expect("a path per face");
            let doc_face = &doc.faces.docs[face];
            let image = image(&trees[face], doc_face, profile, order.placed)
                .map_err(OutputError::png(&doc_face.name))?;
            ensure_dir(path.parent().unwrap_or(&dir))?;
            staging.write(path, &image)?;
            bytes += image.len() as u64;
            report.images += 1;
            let rel = relative(path, &dir);
            rows.push_str(&csv_row(&[
                &rel,
                &doc.components[order.component].id,
                side.name(),
                product.name,
                &product.image_px.0.to_string(),
                &product.image_px.1.to_string(),
                &profile.dpi.to_string(),
                &copies.to_string(),
            ]));
        }
    }
    staging.write(&faces_csv, rows.as_bytes())?;
    let summary = manifest_csv(doc, profile, &orders);
    staging.write(&manifest, summary.as_bytes())?;
    staging.commit()?;
    report.written.push(Written {
        path: dir.clone(),
        what: format!(
            "{} images for {} at {} dpi",
            report.images, profile.name, profile.dpi
        ),
        bytes,
    });
    report.written.push(Written {
        path: manifest,
        what: format!("{} components to order", orders.len()),
        bytes: summary.len() as u64,
    });
    Ok(report)
}

/// Matches every component with the service's products: the orders, or every component that
/// matches none, each located at its size with the nearest product.
fn orders(
    doc: &Document,
    profile: &Profile,
    warnings: &mut Vec<Diagnostic>,
) -> Result<Vec<Order>, ShopError> {
    let mut by_component: BTreeMap<usize, Order> = BTreeMap::new();
    let mut refused: BTreeMap<usize, Diagnostic> = BTreeMap::new();
    let mut left_out: BTreeMap<usize, Diagnostic> = BTreeMap::new();
    for (piece, &(front, back)) in doc.pieces.iter().zip(&doc.faces.of_piece) {
        let c = &doc.components[piece.component];
        if piece.copies == 0
            || refused.contains_key(&piece.component)
            || left_out.contains_key(&piece.component)
        {
            continue;
        }
        let Some(family) = c.shop_family.filter(|f| profile.makes(*f)) else {
            let what = c
                .shop_family
                .map_or_else(|| format!("`{}` pieces", c.kind), |f| f.name().to_string());
            let d =
                c.at.at_id(format!(
                    "{} makes no {what}: `{}` is left out; print it at home (`pnp build`)",
                    profile.name, c.id
                ))
                .warning();
            left_out.insert(piece.component, d);
            continue;
        };
        let Some(placed) = profile.product(family, piece.w, piece.h) else {
            let message = match profile.nearest(family, piece.w, piece.h) {
                Some(near) => {
                    let (w, h) = near.trim_mm();
                    format!(
                        "`{}` is {} × {} mm: no {} product of {} is that size; the nearest is {} ({} × {} in = {} × {} mm)",
                        c.id,
                        crate::base::units::n(piece.w),
                        crate::base::units::n(piece.h),
                        family.name(),
                        profile.name,
                        near.name,
                        near.trim_in.0,
                        near.trim_in.1,
                        crate::base::units::n(w),
                        crate::base::units::n(h)
                    )
                }
                None => format!("{} makes no {}", profile.name, family.name()),
            };
            refused.insert(
                piece.component,
                c.at.at_size(message).hint(format!(
                    "make it that size, or leave it out with --copies {}=0",
                    c.id
                )),
            );
            continue;
        };
        let order = by_component.entry(piece.component).or_insert(Order {
            component: piece.component,
            placed,
            pieces: 0,
            faces: Vec::new(),
        });
        order.pieces += piece.copies;
        for (face, side) in [(Some(front), Side::Front), (back, Side::Back)] {
            let Some(face) = face else { continue };
            match order.faces.iter_mut().find(|f| f.0 == face) {
                Some(f) => f.2 += piece.copies,
                None => order.faces.push((face, side, piece.copies)),
            }
        }
    }
    if !refused.is_empty() {
        return Err(ShopError::Refused(Problems(
            refused.into_values().collect(),
        )));
    }
    warnings.extend(left_out.into_values());
    for order in by_component.values() {
        if profile.order(order.pieces).is_none() {
            let c = &doc.components[order.component];
            warnings.push(
                c.at.at_id(format!(
                    "`{}` has {} pieces: more than {}'s largest deck ({}); order it as several decks",
                    c.id,
                    order.pieces,
                    profile.name,
                    profile.brackets.last().copied().unwrap_or(0)
                ))
                .warning(),
            );
        }
    }
    Ok(by_component.into_values().collect())
}

/// Where a face's image goes: `<component>/<face>.png`, or `<component>/front/…` and
/// `<component>/back/…` for services that pair fronts and backs by folder.
fn image_path(
    doc: &Document,
    profile: &Profile,
    dir: &Path,
    order: &Order,
    face: usize,
    side: Side,
) -> PathBuf {
    let mut path = dir.join(&doc.components[order.component].id);
    if profile.side_folders {
        path.push(side.name());
    }
    path.push(format!(
        "{}.{}",
        doc.faces.docs[face].name,
        profile.format.extension()
    ));
    path
}

fn relative(path: &Path, dir: &Path) -> String {
    let rel = path.strip_prefix(dir).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// One face's image as the service takes it: the product's pixels exactly, its bleed the
/// product's, turned a quarter clockwise when the piece lies across the product.
fn image(
    tree: &usvg::Tree,
    face: &crate::resolve::faces::FaceDoc,
    profile: &Profile,
    placed: Placed,
) -> Result<Vec<u8>, crate::outputs::png::ImageError> {
    use crate::outputs::png;
    let product = placed.product;
    let (mut pw, mut ph) = product.image_px;
    if placed.turned {
        std::mem::swap(&mut pw, &mut ph);
    }
    let dpi = profile.dpi as f64;
    let bleed = |px: u32, trim: f64| (px as f64 / dpi * 25.4 - trim) / 2.0;
    let (bx, by) = (bleed(pw, face.w), bleed(ph, face.h));
    let pixmap = png::render_with_bleed(tree, face, (bx, by), pw, ph)?;
    let mut rgba = pixmap.take();
    png::straighten(&mut rgba);
    if placed.turned {
        rgba = png::quarter_turn(&rgba, pw, ph);
        std::mem::swap(&mut pw, &mut ph);
    }
    let opt = png::PngOptions::at(profile.dpi);
    match profile.format {
        Format::Png => png::encode_rgba(&rgba, pw, ph, &opt),
        Format::Jpeg => jpeg(&rgba, pw, ph, profile.dpi),
    }
}

/// An RGB JPEG of straight RGBA pixels laid on white (JPEG has no transparency), with its
/// density set to `dpi`.
fn jpeg(rgba: &[u8], w: u32, h: u32, dpi: u32) -> Result<Vec<u8>, crate::outputs::png::ImageError> {
    let rgb: Vec<u8> = rgba
        .chunks_exact(4)
        .flat_map(|p| {
            let a = p[3] as u32;
            let over = |c: u8| ((c as u32 * a + 255 * (255 - a) + 127) / 255) as u8;
            [over(p[0]), over(p[1]), over(p[2])]
        })
        .collect();
    crate::draw::images::jpeg_bytes(&rgb, w, h, false, profiles::JPEG_QUALITY, Some(dpi))
        .map_err(|e| crate::outputs::png::ImageError::Stream(std::io::Error::other(e)))
}

/// A CSV line: cells with a comma, quote or line break quoted, quotes doubled. A cell that a
/// spreadsheet would take for a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage
/// return: a component named `=HYPERLINK(…)`) starts with `'` instead, which spreadsheets show
/// as text and do not print.
fn csv_row(cells: &[&str]) -> String {
    let cells: Vec<String> = cells
        .iter()
        .map(|c| {
            let c = match c.starts_with(['=', '+', '-', '@', '\t', '\r']) {
                true => format!("'{c}"),
                false => c.to_string(),
            };
            match c.contains([',', '"', '\n', '\r']) {
                true => format!("\"{}\"", c.replace('"', "\"\"")),
                false => c,
            }
        })
        .collect();
    cells.join(",") + "\n"
}

/// One line per component: its product, the pieces, how many to order and its images.
fn manifest_csv(doc: &Document, profile: &Profile, orders: &[Order]) -> String {
    let mut out = String::from(
        "component,name,product,trim_in,image_px,dpi,pieces,order,front_images,back_images,folder\n",
    );
    for o in orders {
        let c = &doc.components[o.component];
        let p = o.placed.product;
        let count = |side| o.faces.iter().filter(|f| f.1 == side).count().to_string();
        let order = profile
            .order(o.pieces)
            .map_or_else(|| "several decks".to_string(), |n| n.to_string());
        out.push_str(&csv_row(&[
            &c.id,
            &c.name,
            p.name,
            &format!("{} x {}", p.trim_in.0, p.trim_in.1),
            &format!("{} x {}", p.image_px.0, p.image_px.1),
            &profile.dpi.to_string(),
            &o.pieces.to_string(),
            &order,
            &count(Side::Front),
            &count(Side::Back),
            &c.id,
        ]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_cells_with_commas_are_quoted() {
        assert_eq!(csv_row(&["a", "b,c", "d\"e"]), "a,\"b,c\",\"d\"\"e\"\n");
    }

    #[test]
    fn csv_cells_a_spreadsheet_would_compute_are_text() {
        assert_eq!(
            csv_row(&["=1+1", "+3", "-2", "@SUM(A1)", "\tx", "a=b", "x-1"]),
            "'=1+1,'+3,'-2,'@SUM(A1),'\tx,a=b,x-1\n"
        );
        // Quoted as well when it holds what needs quoting.
        assert_eq!(
            csv_row(&["=HYPERLINK(\"http://e.example\",\"x\")"]),
            "\"'=HYPERLINK(\"\"http://e.example\"\",\"\"x\"\")\"\n"
        );
    }
}
