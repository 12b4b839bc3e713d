//! Helpers shared by the integration tests: run the real binary, read PDFs (hayro-syntax, which
//! hayro brings) and raster them (hayro), read PNG headers.

use hayro::hayro_syntax::Pdf;
use hayro::hayro_syntax::content::UntypedIter;
use hayro::hayro_syntax::object::{Array, Dict, Name, Object, Stream};
use hayro::hayro_syntax::page::Resources;
pub use pnp::kinds::KindName;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The kind of a piece of `game`.
pub fn kind_of(game: &pnp::kinds::Game, p: &pnp::resolve::Piece) -> pnp::kinds::KindName {
    game.spec.components[p.component].kind.name()
}

/// The tags of a laid-out piece, as its spec gives them.
pub fn tags_of(game: &pnp::kinds::Game, p: &pnp::resolve::Piece) -> pnp::spec::Tags {
    p.handle().tags(game).into_owned()
}

pub fn pnp() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pnp"))
}

/// A fresh, empty folder under the target dir, unique per call.
pub fn temp_dir(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "{name}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `pnp <args>` and returns its output.
pub fn run(args: &[&str]) -> Output {
    pnp().args(args).output().expect("pnp runs")
}

/// Runs `pnp build <game> --out <fresh dir> <extra>`, asserts success, returns the folder.
pub fn build(game: &str, extra: &[&str]) -> PathBuf {
    let dir = temp_dir(&game.replace(['/', '.'], "_"));
    let out = pnp()
        .args(["build", game, "--out"])
        .arg(&dir)
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "build {game} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Every file under `dir`, relative, sorted.
pub fn files(dir: &Path) -> Vec<String> {
    fn walk(base: &Path, d: &Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(base, &p, out);
            } else {
                out.push(p.strip_prefix(base).unwrap().to_string_lossy().into_owned());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// A PDF, its cross-reference table and page tree read (hayro-syntax); panics if it does not
/// parse.
pub fn load_pdf(bytes: &[u8]) -> Pdf {
    Pdf::new(bytes.to_vec()).expect("PDF parses")
}

/// A PDF number (integer or real) as f64.
pub fn pdf_number(o: &Object) -> f64 {
    match o {
        Object::Number(n) => n.as_f64(),
        other => panic!("a number, not {other:?}"),
    }
}

/// The numbers of the array `key` of a page's own dictionary (`TrimBox`, `BleedBox`), or its
/// nearest ancestor's in the page tree if `inherited` (`MediaBox`).
pub fn pdf_page_array(page: &Dict, key: &[u8], inherited: bool) -> Option<Vec<f64>> {
    let mut dict = page.clone();
    // Bounded: a page tree that loops ends here.
    for _ in 0..32 {
        if let Some(a) = dict.get::<Array>(key) {
            return Some(a.iter::<Object>().map(|o| pdf_number(&o)).collect());
        }
        if !inherited {
            return None;
        }
        dict = dict.get::<Dict>(b"Parent")?;
    }
    None
}

/// MediaBox size in points of every page.
pub fn pdf_page_sizes(bytes: &[u8]) -> Vec<(f64, f64)> {
    let pdf = load_pdf(bytes);
    pdf.pages()
        .iter()
        .map(|page| {
            let n = pdf_page_array(page.raw(), b"MediaBox", true).expect("a MediaBox");
            (n[2] - n[0], n[3] - n[1])
        })
        .collect()
}

/// BaseFont names of every font with an embedded font program.
pub fn pdf_embedded_fonts(bytes: &[u8]) -> Vec<String> {
    let pdf = load_pdf(bytes);
    let mut names = Vec::new();
    for obj in pdf.objects() {
        let Object::Dict(dict) = obj else { continue };
        if dict.get::<Name>(b"Type").as_deref() != Some(b"FontDescriptor".as_slice()) {
            continue;
        }
        let embedded = [b"FontFile".as_slice(), b"FontFile2", b"FontFile3"]
            .iter()
            .any(|k| dict.contains_key(k));
        if embedded {
            let name = dict
                .get::<Name>(b"FontName")
                .map(|n| String::from_utf8_lossy(&n).into_owned())
                .unwrap_or_default();
            names.push(name);
        }
    }
    names.sort();
    names
}

/// One shown glyph (or string) on a page: its text, its origin in points from the page's
/// bottom-left (PDF space), and its size in points.
#[derive(Debug, Clone)]
pub struct Glyph {
    pub text: String,
    pub x: f64,
    pub y: f64,
    pub size: f64,
    /// Advance width in points, from the font's widths (`W`) array.
    pub advance: f64,
    /// The reading direction on the page, a unit vector: (1, 0) for upright text.
    pub dir: (f64, f64),
    /// The bounding box (x0, y0, x1, y1, in points) of the clip it is shown through, if any:
    /// what lies outside it is not printed.
    pub clip: Option<[f64; 4]>,
}

impl Glyph {
    /// Position along its line (in reading order) and across it (lines above come first).
    fn along_across(&self) -> (f64, f64) {
        let (dx, dy) = self.dir;
        (self.x * dx + self.y * dy, self.y * dx - self.x * dy)
    }
}

/// Glyph widths (per 1000 em) of a Type0 font's descendant: its `W` array, and `DW`.
fn cid_widths(font: &Dict) -> (std::collections::HashMap<u16, f64>, f64) {
    let num = pdf_num;
    let mut map = std::collections::HashMap::new();
    // `get` and `iter` follow references.
    let Some(desc) = font
        .get::<Array>(b"DescendantFonts")
        .and_then(|a| a.iter::<Object>().next())
    else {
        return (map, 1000.0);
    };
    let Object::Dict(desc) = desc else {
        return (map, 1000.0);
    };
    let dw = desc.get::<Object>(b"DW").map_or(1000.0, |o| num(&o));
    if let Some(w) = desc.get::<Array>(b"W") {
        let items: Vec<Object> = w.iter::<Object>().collect();
        let mut i = 0;
        while i < items.len() {
            let first = num(&items[i]) as u16;
            match items.get(i + 1) {
                Some(Object::Array(ws)) => {
                    for (k, w) in ws.iter::<Object>().enumerate() {
                        map.insert(first + k as u16, num(&w));
                    }
                    i += 2;
                }
                Some(last) => {
                    let w = items.get(i + 2).map(num).unwrap_or(dw);
                    for c in first..=(num(last) as u16) {
                        map.insert(c, w);
                    }
                    i += 3;
                }
                None => break,
            }
        }
    }
    (map, dw)
}

type Matrix = [f64; 6];

/// `a` then `b` (row vectors, PDF convention: a × b).
fn mat_mul(a: &Matrix, b: &Matrix) -> Matrix {
    [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]
}

fn pdf_num(o: &Object) -> f64 {
    match o {
        Object::Number(n) => n.as_f64(),
        _ => 0.0,
    }
}

const IDENTITY: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

/// The text of one font's glyph codes (its ToUnicode map) and their widths.
struct FontInfo {
    unicode: std::collections::HashMap<u16, String>,
    widths: (std::collections::HashMap<u16, f64>, f64),
}

fn font_info(font: &Dict) -> FontInfo {
    let unicode = font
        .get::<Stream>(b"ToUnicode")
        .map(|s| {
            s.decoded()
                .map(|c| c.into_owned())
                .unwrap_or_else(|_| s.raw_data().into_owned())
        })
        .map(|c| parse_cmap(&String::from_utf8_lossy(&c)))
        .unwrap_or_default();
    FontInfo {
        unicode,
        widths: cid_widths(font),
    }
}

/// The form XObject a `Do` names: its content, its own resources and its matrix.
fn form_xobject<'a>(
    resources: &Resources<'a>,
    name: &Object,
) -> Option<(Vec<u8>, Resources<'a>, Matrix)> {
    let Object::Name(name) = name else {
        return None;
    };
    let form = resources.get_x_object(name)?;
    if form.dict().get::<Name>(b"Subtype").as_deref() != Some(b"Form".as_slice()) {
        return None;
    }
    let matrix = form
        .dict()
        .get::<Array>(b"Matrix")
        .map(|m| m.iter::<Object>().collect::<Vec<_>>())
        .filter(|m| m.len() == 6)
        .map_or(IDENTITY, |m| std::array::from_fn(|i| pdf_num(&m[i])));
    let inner = form
        .decoded()
        .map(|c| c.into_owned())
        .unwrap_or_else(|_| form.raw_data().into_owned());
    // Its own resources (krilla gives each form its own); none if it has none.
    let own = Resources::new(form.dict().get::<Dict>(b"Resources").unwrap_or_default());
    Some((inner, own, matrix))
}

/// Runs one content stream with its resources from `ctm`, adding the glyphs it shows to `out`
/// and following the form XObjects it draws (`Do`), each with its own resources and matrix.
fn glyphs_of_content(
    content: &[u8],
    resources: &Resources,
    mut ctm: Matrix,
    clip_in: Option<[f64; 4]>,
    depth: usize,
    out: &mut Vec<Glyph>,
) {
    let num = pdf_num;
    let fonts: std::collections::HashMap<Vec<u8>, FontInfo> = resources
        .fonts
        .keys()
        .filter_map(|name| {
            let f = resources.get_font(&name)?;
            Some((name.to_vec(), font_info(&f)))
        })
        .collect();
    let mut ops = UntypedIter::new(content);
    let mut stack = Vec::new();
    let mut tm: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
    let mut font: Option<Vec<u8>> = None;
    let mut size = 0.0;
    // As in `strokes_of_content`: the clip's bounding box, the path's, and a pending `W`.
    let mut clip = clip_in;
    let mut bbox: Option<[f64; 4]> = None;
    let mut clipping = false;
    let place =
        |m: &Matrix, x: f64, y: f64| (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
    let grow = |b: &mut Option<[f64; 4]>, (x, y): (f64, f64)| {
        *b = Some(match *b {
            None => [x, y, x, y],
            Some([x0, y0, x1, y1]) => [x0.min(x), y0.min(y), x1.max(x), y1.max(y)],
        })
    };
    let mut last = String::new();
    while let Some(op) = ops.next() {
        let o: &[Object] = &op.operands().cloned().collect::<Vec<_>>();
        let name = std::str::from_utf8(op.operator).unwrap_or_default();
        last = name.to_string();
        if matches!(
            name,
            "S" | "s" | "B" | "B*" | "b" | "b*" | "f" | "F" | "f*" | "n"
        ) {
            if clipping && let Some(b) = bbox {
                clip = Some(narrowed(clip, b));
            }
            clipping = false;
            bbox = None;
        }
        match name {
            "W" | "W*" => clipping = true,
            "m" | "l" if o.len() == 2 => grow(&mut bbox, place(&ctm, num(&o[0]), num(&o[1]))),
            "c" | "v" | "y" if o.len() >= 4 => {
                for k in (0..o.len()).step_by(2) {
                    grow(&mut bbox, place(&ctm, num(&o[k]), num(&o[k + 1])));
                }
            }
            "re" if o.len() == 4 => {
                let (x, y, w, h) = (num(&o[0]), num(&o[1]), num(&o[2]), num(&o[3]));
                for (cx, cy) in [(x, y), (x + w, y), (x, y + h), (x + w, y + h)] {
                    grow(&mut bbox, place(&ctm, cx, cy));
                }
            }
            _ => {}
        }
        let six = |o: &[Object]| {
            [
                num(&o[0]),
                num(&o[1]),
                num(&o[2]),
                num(&o[3]),
                num(&o[4]),
                num(&o[5]),
            ]
        };
        match name {
            "q" => stack.push((ctm, clip)),
            "Q" => (ctm, clip) = stack.pop().unwrap_or((ctm, clip)),
            "cm" if o.len() == 6 => ctm = mat_mul(&six(o), &ctm),
            "BT" => tm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0],
            "Tm" if o.len() == 6 => tm = six(o),
            "Td" if o.len() == 2 => {
                tm = mat_mul(&[1.0, 0.0, 0.0, 1.0, num(&o[0]), num(&o[1])], &tm)
            }
            "Tf" if o.len() == 2 => {
                font = match &o[0] {
                    Object::Name(n) => Some(n.to_vec()),
                    _ => None,
                };
                size = num(&o[1]);
            }
            "Do" if o.len() == 1 && depth < 8 => {
                if let Some((inner, own, matrix)) = form_xobject(resources, &o[0]) {
                    let m = mat_mul(&matrix, &ctm);
                    glyphs_of_content(&inner, &own, m, clip, depth + 1, out);
                }
            }
            "Tj" | "TJ" => {
                let info = font.as_ref().and_then(|f| fonts.get(f));
                let mut strings = Vec::new();
                for item in o {
                    match item {
                        Object::String(b) => strings.push(b.to_vec()),
                        Object::Array(a) => {
                            strings.extend(a.iter::<Object>().filter_map(|i| match i {
                                Object::String(b) => Some(b.to_vec()),
                                _ => None,
                            }))
                        }
                        _ => {}
                    }
                }
                let mut text = String::new();
                let mut em = 0.0;
                for b in strings {
                    for pair in b.chunks(2) {
                        let code = u16::from_be_bytes([pair[0], *pair.get(1).unwrap_or(&0)]);
                        if let Some(s) = info.and_then(|f| f.unicode.get(&code)) {
                            text.push_str(s);
                        }
                        em += info.map_or(550.0, |f| *f.widths.0.get(&code).unwrap_or(&f.widths.1))
                            / 1000.0;
                    }
                }
                let m = mat_mul(&tm, &ctm);
                let scale = (m[2] * m[2] + m[3] * m[3]).sqrt();
                let run = (m[0] * m[0] + m[1] * m[1]).sqrt().max(1e-9);
                out.push(Glyph {
                    text,
                    x: m[4],
                    y: m[5],
                    size: size * scale,
                    advance: em * size * scale,
                    dir: (m[0] / run, m[1] / run),
                    clip,
                });
            }
            _ => {}
        }
    }
    read_to_its_end(content, &last);
}

/// Every text-showing operator of every page (and of the form XObjects a page draws), decoded
/// through its font's ToUnicode map and placed by the current transformation and text matrices
/// (krilla shows one glyph per operator).
pub fn pdf_glyphs(bytes: &[u8]) -> Vec<Vec<Glyph>> {
    let pdf = load_pdf(bytes);
    pdf.pages()
        .iter()
        .map(|page| {
            // The page's content streams, decoded and joined; its resources, inherited from
            // the page tree where it has none of its own.
            let content = page.page_stream().expect("the page's content decodes");
            let mut glyphs = Vec::new();
            glyphs_of_content(content, page.resources(), IDENTITY, None, 0, &mut glyphs);
            glyphs
        })
        .collect()
}

/// The text of every page as lines: glyphs grouped by baseline, ordered left to right, with a
/// space where the gap between glyphs is wider than a third of the text size.
pub fn pdf_text(bytes: &[u8]) -> Vec<String> {
    pdf_glyphs(bytes)
        .into_iter()
        .map(|glyphs| {
            // Lines of text turned along a margin are read in their own direction.
            let mut lines: Vec<(f64, Vec<Glyph>)> = Vec::new();
            for g in glyphs {
                let across = g.along_across().1;
                match lines.iter_mut().find(|(y, l)| {
                    (y - across).abs() < 0.2 * g.size.max(1.0)
                        && (l[0].size - g.size).abs() < 0.5
                        && (l[0].dir.0 - g.dir.0).abs() + (l[0].dir.1 - g.dir.1).abs() < 1e-3
                }) {
                    Some((_, l)) => l.push(g),
                    None => lines.push((across, vec![g])),
                }
            }
            lines.sort_by(|a, b| b.0.total_cmp(&a.0));
            lines
                .into_iter()
                .flat_map(|(_, mut l)| {
                    l.sort_by(|a, b| a.along_across().0.total_cmp(&b.along_across().0));
                    // Split a baseline into separate runs where glyphs are far apart.
                    let mut runs = vec![String::new()];
                    let mut prev_end: Option<f64> = None;
                    for g in &l {
                        let along = g.along_across().0;
                        if let Some(end) = prev_end {
                            let gap = along - end;
                            if gap > g.size * 1.5 {
                                runs.push(String::new());
                            } else if gap > g.size * 0.12 {
                                runs.last_mut().unwrap().push(' ');
                            }
                        }
                        runs.last_mut().unwrap().push_str(&g.text);
                        prev_end = Some(along + g.advance);
                    }
                    runs
                })
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect()
}

/// bfchar and bfrange entries of a ToUnicode CMap.
fn parse_cmap(cmap: &str) -> std::collections::HashMap<u16, String> {
    let hex = |s: &str| -> Vec<u16> {
        let s = s.trim_matches(|c| c == '<' || c == '>');
        (0..s.len() / 4)
            .filter_map(|i| u16::from_str_radix(&s[i * 4..i * 4 + 4], 16).ok())
            .collect()
    };
    let mut map = std::collections::HashMap::new();
    let mut mode = "";
    for line in cmap.lines() {
        let line = line.trim();
        if line.ends_with("beginbfchar") {
            mode = "char";
        } else if line.ends_with("beginbfrange") {
            mode = "range";
        } else if line.starts_with("end") {
            mode = "";
        } else {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            match (mode, tokens.as_slice()) {
                ("char", [code, dst]) => {
                    if let Some(c) = hex(code).first() {
                        map.insert(*c, String::from_utf16_lossy(&hex(dst)));
                    }
                }
                ("range", [lo, hi, dst]) if dst.starts_with('<') => {
                    let (lo, hi, base) = (hex(lo)[0], hex(hi)[0], hex(dst));
                    for (k, code) in (lo..=hi).enumerate() {
                        let mut d = base.clone();
                        if let Some(last) = d.last_mut() {
                            *last += k as u16;
                        }
                        map.insert(code, String::from_utf16_lossy(&d));
                    }
                }
                _ => {}
            }
        }
    }
    map
}

/// A rasterized page: RGBA, row-major, `scale` pixels per point.
pub struct Raster {
    pub width: usize,
    pub height: usize,
    pub rgba: Vec<u8>,
    pub scale: f64,
}

impl Raster {
    /// Luminance 0–255 at a point given in millimetres from the page's top-left.
    pub fn lum_at_mm(&self, x_mm: f64, y_mm: f64) -> u8 {
        let px = (x_mm * 72.0 / 25.4 * self.scale).round() as usize;
        let py = (y_mm * 72.0 / 25.4 * self.scale).round() as usize;
        let i = (py.min(self.height - 1) * self.width + px.min(self.width - 1)) * 4;
        let (r, g, b) = (
            self.rgba[i] as u32,
            self.rgba[i + 1] as u32,
            self.rgba[i + 2] as u32,
        );
        ((r * 299 + g * 587 + b * 114) / 1000) as u8
    }
    /// Darkest luminance in a small square (side `r_mm`*2) around a point.
    pub fn darkest_near_mm(&self, x_mm: f64, y_mm: f64, r_mm: f64) -> u8 {
        let steps = 6;
        let mut d = 255;
        for i in 0..=steps {
            for j in 0..=steps {
                let dx = -r_mm + 2.0 * r_mm * i as f64 / steps as f64;
                let dy = -r_mm + 2.0 * r_mm * j as f64 / steps as f64;
                d = d.min(self.lum_at_mm(x_mm + dx, y_mm + dy));
            }
        }
        d
    }
}

/// Rasterizes every page with hayro on a white background.
pub fn rasterize(bytes: &[u8], scale: f32) -> Vec<Raster> {
    use hayro::hayro_interpret::InterpreterSettings;
    use hayro::hayro_syntax::Pdf;
    let pdf = Pdf::new(bytes.to_vec()).expect("hayro loads the PDF");
    let cache = hayro::RenderCache::new();
    let settings = InterpreterSettings::default();
    let render = hayro::RenderSettings::default();
    let pix = hayro::PixmapSettings {
        x_scale: scale,
        y_scale: scale,
        bg_color: hayro::vello_cpu::color::palette::css::WHITE,
    };
    pdf.pages()
        .iter()
        .map(|page| {
            let p = hayro::render(page, &cache, &settings, &render, &pix);
            let (w, h) = (p.width() as usize, p.height() as usize);
            Raster {
                width: w,
                height: h,
                rgba: p.data_as_u8_slice().to_vec(),
                scale: scale as f64,
            }
        })
        .collect()
}

/// (width, height, pixels per metre from pHYs) of a PNG.
pub fn png_info(path: &Path) -> (u32, u32, Option<u32>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().expect("PNG decodes");
    let info = reader.info();
    let (w, h) = (info.width, info.height);
    let ppu = info.pixel_dims.map(|d| {
        assert_eq!(d.unit, png::Unit::Meter);
        assert_eq!(d.xppu, d.yppu);
        d.xppu
    });
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut buf).expect("PNG pixels decode");
    (w, h, ppu)
}

/// The pixels of an RGBA PNG.
pub fn png_rgba(path: &Path) -> Vec<u8> {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().expect("PNG decodes");
    assert_eq!(reader.info().color_type, png::ColorType::Rgba);
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut buf).expect("PNG pixels decode");
    buf
}

/// Pixels per metre that `dpi` is written as.
pub fn ppm(dpi: u32) -> u32 {
    (dpi as f64 / 0.0254).round() as u32
}

/// Where a cut line leaves the block of pieces packed edge to edge around it: from a point on
/// a piece's edge line (`x`, `y`), walking along the line in direction (`dx`, `dy`) (one of
/// them ±1, the other 0) across every piece whose edge starts where the walk stands and whose
/// extent covers the line. Returns the coordinate along the walk where the line leaves the last
/// piece.
pub fn cut_line_end(rects: &[pnp::layout::Rect], x: f64, y: f64, dx: f64, dy: f64) -> f64 {
    let close = |a: f64, b: f64| (a - b).abs() < 1e-6;
    let (mut x, mut y) = (x, y);
    'walk: loop {
        for q in rects {
            let next = if dx > 0.0 && close(q.x, x) && q.y - 1e-6 <= y && y <= q.bottom() + 1e-6 {
                Some((q.right(), y))
            } else if dx < 0.0 && close(q.right(), x) && q.y - 1e-6 <= y && y <= q.bottom() + 1e-6 {
                Some((q.x, y))
            } else if dy > 0.0 && close(q.y, y) && q.x - 1e-6 <= x && x <= q.right() + 1e-6 {
                Some((x, q.bottom()))
            } else if dy < 0.0 && close(q.bottom(), y) && q.x - 1e-6 <= x && x <= q.right() + 1e-6 {
                Some((x, q.y))
            } else {
                None
            };
            if let Some(p) = next {
                (x, y) = p;
                continue 'walk;
            }
        }
        return if dx != 0.0 { x } else { y };
    }
}

/// Asserts the crop marks of a rasterized front page: on every cut line of every piece, at
/// both ends of the line where it leaves the block of butted pieces, a dark mark just outside;
/// and beside a piece with no neighbour touching it, the middle of the gap stays white.
pub fn assert_crop_marks(
    raster: &Raster,
    rects: &[pnp::layout::Rect],
    opt: &pnp::layout::LayoutOptions,
) {
    let out = opt.bleed + pnp::layout::MARK_OFFSET + 0.8;
    for r in rects {
        for y in [r.y, r.bottom()] {
            let left = cut_line_end(rects, r.x, y, -1.0, 0.0);
            let right = cut_line_end(rects, r.right(), y, 1.0, 0.0);
            assert!(
                raster.darkest_near_mm(left - out, y, 0.2) < 128,
                "mark on the cut line y = {y:.2} left of x = {left:.2} ({r:?})"
            );
            assert!(
                raster.darkest_near_mm(right + out, y, 0.2) < 128,
                "mark on the cut line y = {y:.2} right of x = {right:.2} ({r:?})"
            );
        }
        for x in [r.x, r.right()] {
            let top = cut_line_end(rects, x, r.y, 0.0, -1.0);
            let bottom = cut_line_end(rects, x, r.bottom(), 0.0, 1.0);
            assert!(
                raster.darkest_near_mm(x, top - out, 0.2) < 128,
                "mark on the cut line x = {x:.2} above y = {top:.2} ({r:?})"
            );
            assert!(
                raster.darkest_near_mm(x, bottom + out, 0.2) < 128,
                "mark on the cut line x = {x:.2} below y = {bottom:.2} ({r:?})"
            );
        }
        // Marks never reach a neighbour: the middle of a gap to the right stays white.
        let gap = opt.effective_gap();
        let probe = (r.right() + gap / 2.0, r.y + r.h / 2.0);
        let covered = rects.iter().any(|q| {
            q.x - 0.5 < probe.0
                && probe.0 < q.right() + 0.5
                && q.y < probe.1
                && probe.1 < q.bottom()
        });
        if !covered {
            assert!(
                raster.lum_at_mm(probe.0, probe.1) > 200,
                "gap right of {r:?} is clear"
            );
        }
    }
}

/// A straight piece of a stroked path on a page, in millimetres from the page's top-left
/// corner (as the layout measures), with whether it was stroked dashed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stroke {
    pub a: (f64, f64),
    pub b: (f64, f64),
    pub dashed: bool,
    /// The line's width in millimetres.
    pub width: f64,
    /// A curve, given by its ends (its chord).
    pub curved: bool,
}

/// The straight segments (`m`/`l`/`h`, not curves) of every stroked path of every page and of
/// the form XObjects it draws, placed by the current transformation matrix.
pub fn pdf_strokes(bytes: &[u8]) -> Vec<Vec<Stroke>> {
    let pdf = load_pdf(bytes);
    let mut pages = Vec::new();
    for page in pdf.pages().iter() {
        let height = pdf_page_array(page.raw(), b"MediaBox", true).expect("a MediaBox")[3];
        let mut out = Vec::new();
        let content = page.page_stream().expect("the page's content decodes");
        strokes_of_content(content, page.resources(), IDENTITY, None, 0, &mut out);
        let mm = |(x, y): (f64, f64)| (x * 25.4 / 72.0, (height - y) * 25.4 / 72.0);
        pages.push(
            out.into_iter()
                .map(|s| Stroke {
                    a: mm(s.a),
                    b: mm(s.b),
                    width: s.width * 25.4 / 72.0,
                    ..s
                })
                .collect(),
        );
    }
    pages
}

/// The clip `clip` narrowed by a path's bounding box `b` (x0, y0, x1, y1).
fn narrowed(clip: Option<[f64; 4]>, b: [f64; 4]) -> [f64; 4] {
    match clip {
        None => b,
        Some(c) => [
            c[0].max(b[0]),
            c[1].max(b[1]),
            c[2].min(b[2]),
            c[3].min(b[3]),
        ],
    }
}

/// hayro-syntax's reader stops without a word at a token it cannot read: the last operator read
/// must be the stream's last, or a test would pass on a stream read only in part.
fn read_to_its_end(content: &[u8], last: &str) {
    assert!(
        content.trim_ascii_end().ends_with(last.as_bytes()),
        "the content stream was read only up to `{last}`"
    );
}

/// Runs one content stream from `ctm` as `glyphs_of_content` does, adding the straight segments
/// of the paths it strokes to `out`.
fn strokes_of_content(
    content: &[u8],
    resources: &Resources,
    mut ctm: Matrix,
    clip_in: Option<[f64; 4]>,
    depth: usize,
    out: &mut Vec<Stroke>,
) {
    let num = pdf_num;
    let mut ops = UntypedIter::new(content);
    let mut stack = Vec::new();
    let mut dashed = false;
    let mut width = 1.0;
    // The path being built: its segments in page points, its start and current point.
    // Each segment's ends and whether it is a curve's chord.
    type Segment = ((f64, f64), (f64, f64), bool);
    let mut path: Vec<Segment> = Vec::new();
    let (mut start, mut at) = ((0.0, 0.0), (0.0, 0.0));
    // The clip's bounding box in page points (x0, y0, x1, y1), the current path's bounding box
    // (rectangles included), and whether a `W` made the path the next clip.
    let mut clip = clip_in;
    let mut bbox: Option<[f64; 4]> = None;
    let mut clipping = false;
    let grow = |b: &mut Option<[f64; 4]>, (x, y): (f64, f64)| {
        *b = Some(match *b {
            None => [x, y, x, y],
            Some([x0, y0, x1, y1]) => [x0.min(x), y0.min(y), x1.max(x), y1.max(y)],
        })
    };
    let place =
        |m: &Matrix, x: f64, y: f64| (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
    let mut last = String::new();
    while let Some(op) = ops.next() {
        let o: &[Object] = &op.operands().cloned().collect::<Vec<_>>();
        let name = std::str::from_utf8(op.operator).unwrap_or_default();
        last = name.to_string();
        // A path ends here: it becomes the clip where `W` said so.
        if matches!(
            name,
            "S" | "s" | "B" | "B*" | "b" | "b*" | "f" | "F" | "f*" | "n"
        ) {
            if clipping && let Some(b) = bbox {
                clip = Some(narrowed(clip, b));
            }
            clipping = false;
        }
        match name {
            "W" | "W*" => clipping = true,
            "q" => stack.push((ctm, dashed, width, clip)),
            "Q" => (ctm, dashed, width, clip) = stack.pop().unwrap_or((ctm, dashed, width, clip)),
            "w" if o.len() == 1 => width = num(&o[0]),
            "cm" if o.len() == 6 => {
                let m = [
                    num(&o[0]),
                    num(&o[1]),
                    num(&o[2]),
                    num(&o[3]),
                    num(&o[4]),
                    num(&o[5]),
                ];
                ctm = mat_mul(&m, &ctm);
            }
            "d" if !o.is_empty() => {
                dashed = matches!(&o[0], Object::Array(a) if a.raw_iter().next().is_some())
            }
            "m" if o.len() == 2 => {
                start = place(&ctm, num(&o[0]), num(&o[1]));
                at = start;
                grow(&mut bbox, at);
            }
            "l" if o.len() == 2 => {
                let to = place(&ctm, num(&o[0]), num(&o[1]));
                path.push((at, to, false));
                at = to;
                grow(&mut bbox, at);
            }
            "c" | "v" | "y" if o.len() >= 4 => {
                for k in (0..o.len()).step_by(2) {
                    grow(&mut bbox, place(&ctm, num(&o[k]), num(&o[k + 1])));
                }
                let to = place(&ctm, num(&o[o.len() - 2]), num(&o[o.len() - 1]));
                path.push((at, to, true));
                at = to;
            }
            "h" => {
                if at != start {
                    path.push((at, start, false));
                }
                at = start;
            }
            "re" if o.len() == 4 => {
                path.clear();
                let (x, y, w, h) = (num(&o[0]), num(&o[1]), num(&o[2]), num(&o[3]));
                for (cx, cy) in [(x, y), (x + w, y), (x, y + h), (x + w, y + h)] {
                    grow(&mut bbox, place(&ctm, cx, cy));
                }
            }
            "S" | "s" | "B" | "B*" | "b" | "b*" => {
                if matches!(name, "s" | "b" | "b*") && at != start {
                    path.push((at, start, false));
                }
                // In page points: the matrix scales it (uniformly, for what pnp draws).
                let w = width * (ctm[0] * ctm[3] - ctm[1] * ctm[2]).abs().sqrt();
                // Only what the clip lets through is printed.
                out.extend(path.drain(..).filter_map(|(a, b, curved)| {
                    let (a, b) = match clip {
                        Some(c) => clipped(a, b, c)?,
                        None => (a, b),
                    };
                    Some(Stroke {
                        a,
                        b,
                        dashed,
                        width: w,
                        curved,
                    })
                }));
                bbox = None;
            }
            // A clip (`W`) is followed by `n`, which ends the path unpainted.
            "f" | "F" | "f*" | "n" => {
                path.clear();
                bbox = None;
            }
            "Do" if o.len() == 1 && depth < 8 => {
                if let Some((inner, own, matrix)) = form_xobject(resources, &o[0]) {
                    let m = mat_mul(&matrix, &ctm);
                    strokes_of_content(&inner, &own, m, clip, depth + 1, out);
                }
            }
            _ => {}
        }
    }
    read_to_its_end(content, &last);
}

/// The part of segment `a`–`b` inside box `c` (x0, y0, x1, y1), if any (Liang–Barsky).
fn clipped(a: (f64, f64), b: (f64, f64), c: [f64; 4]) -> Option<((f64, f64), (f64, f64))> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    let eps = 1e-6;
    for (p, q) in [
        (-dx, a.0 - c[0] + eps),
        (dx, c[2] - a.0 + eps),
        (-dy, a.1 - c[1] + eps),
        (dy, c[3] - a.1 + eps),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    (t0 <= t1).then(|| {
        let at = |t: f64| (a.0 + dx * t, a.1 + dy * t);
        (at(t0), at(t1))
    })
}

/// The first front placement of component `c` in `doc`, and the PDF page (0-based, the front
/// matter counted) it is on.
pub fn first_front(
    doc: &pnp::layout::document::Document,
    c: usize,
) -> (usize, &pnp::layout::Placement) {
    doc.pages
        .iter()
        .enumerate()
        .filter(|(_, p)| p.side == pnp::layout::PageSide::Front)
        .flat_map(|(i, p)| p.placements.iter().map(move |pl| (i, pl)))
        .find(|(_, pl)| doc.pieces[pl.piece].component == c)
        .map(|(i, pl)| (i + doc.front_matter.len(), pl))
        .expect("a front placement of the component")
}

/// The warnings of `pnp check`'s output other than those of the designer's checks that
/// `known` lists (issue 46 found them in examples whose outputs stay as they are): each known
/// one must still be said, and nothing else.
pub fn unexpected_warnings(said: &str, known: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = said
        .lines()
        .filter(|l| l.starts_with("warning:") && !known.iter().any(|k| l.contains(k)))
        .map(String::from)
        .collect();
    for k in known {
        if !said.contains(k) {
            out.push(format!("no longer said: {k}"));
        }
    }
    out
}
