//! `pnp serve`, run for real: the page, the sheets and faces it serves against what `pnp build`
//! makes, a saved change reaching a connected page, a broken YAML, loopback only, the options
//! and the button, Ctrl-C, and what a client may not ask (paths, long bodies and heads, streams).
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::common::{files, pdf_page_sizes, pnp, rasterize, temp_dir};

/// A small game with what the page shows: round tokens, cards with a shared back, a component
/// for three players only, a rule that holds and one that fails, a field a card does not draw
/// and a text that runs over.
pub const GAME: &str = r#"game:
  id: preview-test
  name: Preview Test
  players: [2, 3]
components:
  - id: seed
    name: Seeds
    kind: token
    shape: round
    size: 20mm
    copies: 3
    variants:
      - {id: sun, front: {label: Sun, symbol: sun}}
      - {id: moon, front: {label: Moon, symbol: moon}}
  - id: card
    name: Cards
    kind: card
    size: 63mm x 88mm
    back: {title: Preview}
    variants:
      - {id: one, front: {title: One, lines: ["First card."]}}
      - {id: two, front: {title: Two, lines: ["Second card."], pips: 3}}
      - {id: long, front: {text: "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"}}
  - id: extra
    name: Third player's tile
    kind: tile
    size: 30mm
    players: [3]
    front: {label: Extra}
rules:
  - {id: seeds, quote: "Six seeds.", check: {total: seed, equals: 6}}
  - {id: cards, quote: "Four cards.", check: {total: card, equals: 4}}
"#;

/// A game folder holding `GAME` as `game.yaml`.
pub fn game_dir(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    std::fs::write(dir.join("game.yaml"), GAME).unwrap();
    dir
}

/// A response: status, headers (names in lower case) and body.
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        let found = self.headers.iter().find(|(n, _)| n == name);
        found.map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("the body is JSON")
    }
}

/// A running `pnp serve`, stopped with Ctrl-C (SIGINT) when dropped.
pub struct Served {
    child: Option<Child>,
    pub port: u16,
    pub dir: PathBuf,
    stderr: mpsc::Receiver<String>,
}

/// Longest a test waits for the server to start, answer or announce (a debug build on a busy
/// 2-core machine); a working server takes a fraction of it.
pub const PATIENCE: Duration = Duration::from_secs(60);

impl Served {
    /// `pnp serve GAME EXTRA…` in `dir`, once it has printed its address.
    pub fn start(dir: &Path, game: &str, extra: &[&str]) -> Served {
        let mut child = pnp()
            .current_dir(dir)
            .args(["serve", game])
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("pnp serve starts");
        let (lines, stdout) = mpsc::channel();
        let out = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                let _ = lines.send(line);
            }
        });
        let (text, stderr) = mpsc::channel();
        let mut err = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            let mut all = String::new();
            let _ = err.read_to_string(&mut all);
            let _ = text.send(all);
        });
        let line = stdout.recv_timeout(PATIENCE).unwrap_or_else(|_| {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "pnp serve printed no address: {}",
                stderr.recv_timeout(PATIENCE).unwrap_or_default()
            )
        });
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {line:?}"));
        let port = url
            .trim_start_matches("http://127.0.0.1:")
            .trim_end_matches('/')
            .parse()
            .unwrap_or_else(|_| panic!("not a loopback URL with a port: {url}"));
        Served {
            child: Some(child),
            port,
            dir: dir.to_path_buf(),
            stderr,
        }
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// The server's process id.
    pub fn pid(&self) -> i32 {
        self.child.as_ref().expect("running").id() as i32
    }

    /// Sends a request with these extra header lines and body, and reads the whole reply.
    pub fn request(&self, head: &str, extra: &str, body: &str) -> Reply {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connects");
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        let request = format!(
            "{head} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n{extra}Content-Length: {}\r\n\r\n{body}",
            self.port,
            body.len()
        );
        // A server that refuses a request early (a body too large) answers and closes before
        // all of it is sent: the write fails, and the answer is read all the same.
        let closed_early = |e: &std::io::Error| {
            matches!(
                e.kind(),
                std::io::ErrorKind::BrokenPipe | std::io::ErrorKind::ConnectionReset
            )
        };
        if let Err(e) = stream.write_all(request.as_bytes()) {
            assert!(closed_early(&e), "{e}");
        }
        let mut raw = Vec::new();
        if let Err(e) = stream.read_to_end(&mut raw) {
            assert!(closed_early(&e) && !raw.is_empty(), "a whole reply: {e}");
        }
        parse_reply(&raw)
    }

    pub fn get(&self, path: &str) -> Reply {
        self.request(&format!("GET {path}"), "", "")
    }

    /// A POST as the page sends it: JSON, from its own origin.
    pub fn post(&self, path: &str, json: &str) -> Reply {
        let extra = format!(
            "Content-Type: application/json\r\nOrigin: http://127.0.0.1:{}\r\n",
            self.port
        );
        self.request(&format!("POST {path}"), &extra, json)
    }

    pub fn state(&self) -> Value {
        let reply = self.get("/state.json");
        assert_eq!(reply.status, 200);
        reply.json()
    }

    /// An open event stream, as a page holds it.
    pub fn events(&self) -> Events {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connects");
        let request = format!(
            "GET /events HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nAccept: text/event-stream\r\n\r\n",
            self.port
        );
        stream.write_all(request.as_bytes()).unwrap();
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        let mut reader = BufReader::new(stream);
        let mut status = String::new();
        reader.read_line(&mut status).unwrap();
        assert!(status.starts_with("HTTP/1.1 200"), "{status}");
        Events { reader }
    }

    /// Ctrl-C: waits for it to end; its exit status and what it printed on standard error.
    pub fn interrupt(mut self) -> (ExitStatus, String) {
        let mut child = self.child.take().unwrap();
        let status = stop(&mut child);
        (
            status,
            self.stderr.recv_timeout(PATIENCE).unwrap_or_default(),
        )
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            stop(&mut child);
        }
    }
}

/// SIGINT, then up to `PATIENCE` for the process to end (killed after that).
fn stop(child: &mut Child) -> ExitStatus {
    // SAFETY: a signal to the child this test started, by its id.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("pnp serve did not stop on SIGINT: {:?}", child.wait());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A page's event stream.
pub struct Events {
    reader: BufReader<TcpStream>,
}

impl Events {
    /// The version in the next `update` event (fails after `PATIENCE`).
    pub fn next_version(&mut self) -> u64 {
        let mut event = String::new();
        loop {
            let mut line = String::new();
            let n = self.reader.read_line(&mut line).expect("an event in time");
            assert!(n > 0, "the event stream ended");
            if let Some(e) = line.strip_prefix("event: ") {
                event = e.trim().to_string();
            }
            if let Some(data) = line.strip_prefix("data: ")
                && event == "update"
            {
                let v: Value = serde_json::from_str(data.trim()).unwrap();
                return v["version"].as_u64().unwrap();
            }
        }
    }
}

fn parse_reply(raw: &[u8]) -> Reply {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a reply head");
    let head = String::from_utf8_lossy(&raw[..end]).into_owned();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[end + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    if chunked {
        body = unchunk(&body);
    }
    Reply {
        status,
        headers,
        body,
    }
}

fn unchunk(mut raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let eol = raw.windows(2).position(|w| w == b"\r\n").unwrap();
        let size =
            usize::from_str_radix(std::str::from_utf8(&raw[..eol]).unwrap().trim(), 16).unwrap();
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&raw[eol + 2..eol + 2 + size]);
        raw = &raw[eol + 4 + size..];
    }
}

/// Width, height and RGBA pixels of a PNG.
pub fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).expect("its pixels decode");
    assert_eq!(info.color_type, png::ColorType::Rgba);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// Waits for the next announcement, and returns the view it announces.
fn next_view(served: &Served, events: &mut Events) -> Value {
    let version = events.next_version();
    let view = served.state();
    assert!(view["version"].as_u64().unwrap() >= version);
    view
}

fn urls(view: &Value, list: &str) -> Vec<String> {
    let items = view[list].as_array().unwrap();
    items
        .iter()
        .map(|i| i["url"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn it_serves_the_page_every_sheet_as_printed_and_every_face_as_its_png() {
    let dir = game_dir("serve-page");
    let before = files(&dir);
    let served = Served::start(&dir, "game.yaml", &[]);

    let page = served.get("/");
    assert_eq!(page.status, 200);
    assert!(
        page.header("content-type")
            .unwrap()
            .starts_with("text/html")
    );
    let html = String::from_utf8(page.body).unwrap();
    assert!(
        html.contains("new EventSource(\"/events\")"),
        "the page follows the events"
    );
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "nothing from elsewhere"
    );

    let view = served.state();
    assert_eq!(view["game"]["name"], "Preview Test");
    assert!(view["error"].is_null(), "{}", view["error"]);
    assert_eq!(view["watching"], true);

    // The sheets: as many as the PDF has pages, each the PDF's page at 96 dpi.
    let out = temp_dir("serve-page-build");
    let built = pnp()
        .current_dir(&dir)
        .args([
            "build",
            "game.yaml",
            "--no-validate",
            "--dpi",
            "192",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(built.status.success());
    let pdf = std::fs::read(out.join("preview-test.pdf")).unwrap();
    let pages = rasterize(&pdf, 96.0 / 72.0);
    // The cover (no blank back), a page of fronts and its backs.
    assert_eq!(pdf_page_sizes(&pdf).len(), 3);
    let sheets = view["sheets"].as_array().unwrap();
    assert_eq!(sheets.len(), pages.len());
    assert_eq!(sheets[0]["label"], "page 1 of 3 · cover");
    for (sheet, page) in sheets.iter().zip(&pages) {
        let reply = served.get(sheet["url"].as_str().unwrap());
        assert_eq!(reply.status, 200);
        assert_eq!(reply.header("content-type"), Some("image/png"));
        let (w, h, rgba) = decode(&reply.body);
        // A4 at 96 dpi.
        assert_eq!((w, h), (794, 1123));
        assert_eq!(
            (sheet["width"].as_u64(), sheet["height"].as_u64()),
            (Some(794), Some(1123))
        );
        // The same picture as the PDF page (rasterized by another renderer: edges differ by
        // their anti-aliasing, nothing is moved). One pixel off shows as a far larger difference.
        let at = |dx: i64, dy: i64| luminance_difference(&rgba, w, h, page, dx, dy);
        let here = at(0, 0);
        assert!(
            here < 6.0,
            "{}: differs from the PDF by {here:.1}",
            sheet["label"]
        );
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            assert!(
                here < at(dx, dy),
                "{}: closer to the PDF moved by ({dx}, {dy})",
                sheet["label"]
            );
        }
    }

    // The faces: one per PNG `pnp build` writes, named as it, with its pixels at 192 dpi.
    let faces = view["faces"].as_array().unwrap();
    let names: Vec<&str> = faces.iter().map(|f| f["name"].as_str().unwrap()).collect();
    let mut pngs = files(&out.join("png"));
    pngs.sort();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(sorted, pngs);
    // Each is linked to the line it is written on: its variant's, or for the back its cards
    // share, the component's `back:`.
    let yaml: Vec<&str> = GAME.lines().collect();
    let written = [
        ("seed-sun-front.png", "{id: sun,"),
        ("seed-moon-front.png", "{id: moon,"),
        ("card-one-front.png", "{id: one,"),
        ("card-two-front.png", "{id: two,"),
        ("card-long-front.png", "{id: long,"),
        ("card-back.png", "back: {title: Preview}"),
        ("extra-front.png", "- id: extra"),
    ];
    assert_eq!(faces.len(), written.len());
    for face in faces {
        let name = face["name"].as_str().unwrap();
        let reply = served.get(face["url"].as_str().unwrap());
        assert_eq!(reply.status, 200, "{name}");
        let (w, h, rgba) = decode(&reply.body);
        assert_eq!(
            rgba,
            super::common::png_rgba(&out.join("png").join(name)),
            "{name}"
        );
        assert_eq!(
            (face["width"].as_u64(), face["height"].as_u64()),
            (Some(w as u64), Some(h as u64))
        );
        let place = face["place"].as_str().unwrap();
        let line: usize = place.strip_prefix("game.yaml:").unwrap().parse().unwrap();
        let (_, text) = written.iter().find(|(n, _)| *n == name).unwrap();
        assert!(
            yaml[line - 1].contains(text),
            "{name} at {place}: {}",
            yaml[line - 1]
        );
    }
    assert!(
        names.contains(&"extra-front.png"),
        "every component without --players"
    );

    // The rules: each with its quote and verdict.
    let rules = view["rules"].as_array().unwrap();
    assert_eq!(rules.len(), 2);
    assert_eq!(
        (rules[0]["id"].as_str(), rules[0]["held"].as_bool()),
        (Some("seeds"), Some(true))
    );
    assert_eq!(rules[1]["quote"], "Four cards.");
    assert_eq!(rules[1]["held"], false);
    assert_eq!(rules[1]["found"], "3 card");

    // Warnings sit with the faces they concern.
    let face = |n: &str| faces.iter().find(|f| f["name"] == n).unwrap();
    let notes = |n: &str| face(n)["warnings"].as_array().unwrap().clone();
    let long = notes("card-long-front.png");
    assert_eq!(long.len(), 1);
    assert!(
        long[0]["message"]
            .as_str()
            .unwrap()
            .contains("text runs over"),
        "{long:?}"
    );
    let two = notes("card-two-front.png");
    assert!(
        two[0]["message"].as_str().unwrap().contains("`pips:`"),
        "{two:?}"
    );
    assert_eq!(two[0]["place"], "game.yaml:22:64");
    assert!(notes("card-one-front.png").is_empty());
    assert!(notes("seed-sun-front.png").is_empty());
    assert!(view["warnings"].as_array().unwrap().is_empty());

    assert_eq!(served.get("/img/nothing/x.png").status, 404);
    assert_eq!(served.get("/nowhere").status, 404);
    drop(served);
    assert_eq!(files(&dir), before, "nothing written to the game's folder");
}

/// Mean luminance difference between a sheet and a rasterized PDF page moved by (dx, dy) px,
/// over the area both cover.
fn luminance_difference(
    rgba: &[u8],
    w: u32,
    h: u32,
    page: &super::common::Raster,
    dx: i64,
    dy: i64,
) -> f64 {
    let lum = |p: &[u8]| {
        // Over white: a sheet is opaque, a PDF raster too.
        (p[0] as f64 * 0.299 + p[1] as f64 * 0.587 + p[2] as f64 * 0.114) * p[3] as f64 / 255.0
            + 255.0 * (1.0 - p[3] as f64 / 255.0)
    };
    let (pw, ph) = (page.width as i64, page.height as i64);
    let (mut sum, mut n) = (0.0, 0u64);
    for y in 2..(h as i64 - 2).min(ph - 2) {
        for x in 2..(w as i64 - 2).min(pw - 2) {
            let (px, py) = (x + dx, y + dy);
            let a = &rgba[((y * w as i64 + x) * 4) as usize..][..4];
            let b = &page.rgba[((py * pw + px) * 4) as usize..][..4];
            sum += (lum(a) - lum(b)).abs();
            n += 1;
        }
    }
    sum / n as f64
}

#[test]
fn a_saved_change_reaches_a_connected_page_and_only_the_changed_images_are_drawn_again() {
    let dir = game_dir("serve-change");
    let served = Served::start(&dir, "game.yaml", &[]);
    let mut events = served.events();
    let first = events.next_version();
    let before = served.state();
    assert_eq!(before["version"].as_u64(), Some(first));

    let edited = GAME.replace("title: One,", "title: Uno,");
    std::fs::write(dir.join("game.yaml"), &edited).unwrap();
    let after = next_view(&served, &mut events);
    assert!(after["version"].as_u64().unwrap() > first);
    assert!(after["error"].is_null());
    // One face changed, and the sheet it is on; the rest are the same images.
    let (faces_before, faces_after) = (urls(&before, "faces"), urls(&after, "faces"));
    let changed: Vec<usize> = (0..faces_after.len())
        .filter(|&i| faces_before[i] != faces_after[i])
        .collect();
    assert_eq!(changed.len(), 1);
    assert_eq!(after["faces"][changed[0]]["name"], "card-one-front.png");
    let (sheets_before, sheets_after) = (urls(&before, "sheets"), urls(&after, "sheets"));
    let changed = (0..sheets_after.len()).filter(|&i| sheets_before[i] != sheets_after[i]);
    assert_eq!(changed.count(), 1);
    let stats = &after["stats"];
    assert_eq!(
        (
            stats["faces_drawn"].as_u64(),
            stats["sheets_drawn"].as_u64()
        ),
        (Some(1), Some(1))
    );
    for url in urls(&after, "faces").iter().chain(&urls(&after, "sheets")) {
        assert_eq!(served.get(url).status, 200, "{url}");
    }

    // The game's symbols/ folder is watched too, even when it is made after the start: the
    // moon token asks for a symbol that is not there yet, then it is drawn, then redrawn.
    std::fs::write(
        dir.join("game.yaml"),
        edited.replace("symbol: moon", "symbol: dot"),
    )
    .unwrap();
    let view = next_view(&served, &mut events);
    let error = view["error"]["problems"][0]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(error.contains("`dot`"), "{error}");
    std::fs::create_dir_all(dir.join("symbols")).unwrap();
    let dot = |shape: &str| {
        let svg =
            format!(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{shape}</svg>"#);
        std::fs::write(dir.join("symbols/dot.svg"), svg).unwrap();
    };
    dot(r#"<circle cx="5" cy="5" r="4"/>"#);
    let view = next_view(&served, &mut events);
    assert!(view["error"].is_null(), "{}", view["error"]);
    let moon = |v: &Value| {
        let faces = v["faces"].as_array().unwrap();
        faces
            .iter()
            .find(|f| f["name"] == "seed-moon-front.png")
            .unwrap()["url"]
            .clone()
    };
    let was = moon(&view);
    dot(r#"<rect width="8" height="8"/>"#);
    let view = next_view(&served, &mut events);
    assert_ne!(moon(&view), was, "the symbol's new drawing is shown");
}

#[test]
fn a_broken_yaml_shows_the_located_error_and_keeps_the_last_good_preview() {
    let dir = game_dir("serve-broken");
    let served = Served::start(&dir, "game.yaml", &[]);
    let mut events = served.events();
    events.next_version();
    let good = served.state();
    // `size:` one space out of line with `kind:` above it.
    let broken = GAME.replacen("    size: 20mm", "   size: 20mm", 1);
    std::fs::write(dir.join("game.yaml"), &broken).unwrap();
    let view = next_view(&served, &mut events);
    let error = &view["error"];
    assert!(!error.is_null());
    let problem = &error["problems"][0];
    assert_eq!(problem["place"], "game.yaml:10:4", "{error}");
    assert!(
        problem["message"]
            .as_str()
            .unwrap()
            .contains("indented 3 spaces"),
        "{error}"
    );
    let snippet = problem["snippet"].as_str().unwrap();
    assert!(snippet.contains("10 │    size: 20mm"), "{snippet}");
    // The last good preview stays, images and all.
    for list in ["faces", "sheets"] {
        assert_eq!(urls(&view, list), urls(&good, list), "{list}");
    }
    assert_eq!(view["rules"], good["rules"]);
    for url in urls(&view, "faces").iter().chain(&urls(&view, "sheets")) {
        assert_eq!(served.get(url).status, 200, "{url}");
    }
    // Mended, it follows the file again.
    std::fs::write(
        dir.join("game.yaml"),
        GAME.replace("title: Two", "title: Deux"),
    )
    .unwrap();
    let view = next_view(&served, &mut events);
    assert!(view["error"].is_null(), "{}", view["error"]);
    assert_ne!(urls(&view, "faces"), urls(&good, "faces"));
}

#[test]
fn it_listens_on_loopback_only_and_answers_only_its_own_host_and_page() {
    let dir = game_dir("serve-loopback");
    let served = Served::start(&dir, "game.yaml", &[]);
    let port = served.port;
    // The listening socket is bound to 127.0.0.1, not to every address.
    #[cfg(target_os = "linux")]
    {
        let tcp = std::fs::read_to_string("/proc/net/tcp").unwrap();
        let listening: Vec<&str> = tcp
            .lines()
            .filter(|l| l.split_whitespace().nth(3) == Some("0A"))
            .filter_map(|l| l.split_whitespace().nth(1))
            .filter(|a| a.ends_with(&format!(":{port:04X}")))
            .collect();
        assert_eq!(listening, [format!("0100007F:{port:04X}")]);
        let tcp6 = std::fs::read_to_string("/proc/net/tcp6").unwrap_or_default();
        assert!(!tcp6.contains(&format!(":{port:04X} ")), "nothing on IPv6");
    }
    // Another loopback address, and so any other, is refused.
    let elsewhere =
        TcpStream::connect_timeout(&([127, 0, 0, 2], port).into(), Duration::from_secs(5));
    assert!(elsewhere.is_err(), "127.0.0.2 must not reach it");
    // A request naming another host (DNS rebinding) is refused.
    let reply = served.request("GET /state.json", "", "");
    assert_eq!(reply.status, 200);
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "GET /state.json HTTP/1.1\r\nHost: evil.example:{port}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    assert_eq!(parse_reply(&raw).status, 421);
    // Another site's page cannot switch or build: not JSON, or not from this origin.
    let form = served.request(
        "POST /build",
        "Content-Type: application/x-www-form-urlencoded\r\n",
        "a=b",
    );
    assert_eq!(form.status, 403);
    let foreign = served.request(
        "POST /options",
        "Content-Type: application/json\r\nOrigin: http://evil.example\r\n",
        r#"{"players":null,"paper":"a4","backs":"long"}"#,
    );
    assert_eq!(foreign.status, 403);
    assert!(!dir.join("output").exists());
}

#[test]
fn the_page_switches_players_paper_and_backs_and_its_button_builds_as_pnp_build() {
    let dir = game_dir("serve-options");
    let served = Served::start(&dir, "game.yaml", &["--out", "made"]);
    let reply = served.post(
        "/options",
        r#"{"players":2,"paper":"letter","backs":"short"}"#,
    );
    assert_eq!(reply.status, 200);
    let view = served.state();
    assert!(reply.json()["version"].as_u64().unwrap() <= view["version"].as_u64().unwrap());
    assert_eq!(view["switches"]["paper"], "letter");
    let sheets = view["sheets"].as_array().unwrap();
    // Letter at 96 dpi.
    assert_eq!(
        (sheets[0]["width"].as_u64(), sheets[0]["height"].as_u64()),
        (Some(816), Some(1056))
    );
    let names: Vec<&str> = (view["faces"].as_array().unwrap().iter())
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert!(
        !names.contains(&"extra-front.png"),
        "the tile is for three players"
    );
    assert!(
        sheets
            .iter()
            .any(|s| s["label"].as_str().unwrap().ends_with("backs"))
    );

    let refused = served.post(
        "/options",
        r#"{"players":null,"paper":"a3","backs":"long"}"#,
    );
    assert_eq!(refused.status, 400);
    assert!(refused.json()["error"].as_str().unwrap().contains("a3"));
    let unknown = served.post(
        "/options",
        r#"{"players":null,"paper":"a4","backs":"long","dpi":9}"#,
    );
    assert_eq!(unknown.status, 400);

    // The button: refused while a rule fails, as `pnp build` refuses.
    let built = served.post("/build", "{}").json();
    assert_eq!(built["ok"], false);
    assert!(
        built["error"]["title"].as_str().unwrap().contains("rule"),
        "{built}"
    );
    assert!(!dir.join("made").exists());
    let fixed = GAME.replace("equals: 4}", "equals: 3}");
    std::fs::write(dir.join("game.yaml"), &fixed).unwrap();
    let built = served.post("/build", "{}").json();
    assert_eq!(built["ok"], true, "{built}");
    let pdf = std::fs::read(dir.join("made/preview-test.pdf")).unwrap();
    // The same files as `pnp build` with those options.
    let by_hand = temp_dir("serve-options-build");
    let out = pnp()
        .current_dir(&dir)
        .args([
            "build",
            "game.yaml",
            "--players",
            "2",
            "--paper",
            "letter",
            "--duplex",
            "short",
            "--out",
        ])
        .arg(&by_hand)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        pdf,
        std::fs::read(by_hand.join("preview-test.pdf")).unwrap()
    );
    assert_eq!(files(&dir.join("made/png")), files(&by_hand.join("png")));
}

/// Issue 47: one `Host` only, naming this server, and no other host named by the target
/// (absolute form): a proxy or a cache between could take either for the host it serves.
#[test]
fn a_request_naming_a_host_twice_or_another_in_its_target_is_refused() {
    let dir = game_dir("serve-hosts");
    let served = Served::start(&dir, "game.yaml", &[]);
    let port = served.port;
    let status = |head: &str| {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        write!(stream, "{head}Connection: close\r\n\r\n").unwrap();
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).unwrap();
        parse_reply(&raw).status
    };
    let ours = format!("Host: 127.0.0.1:{port}\r\n");
    for refused in [
        format!("GET /state.json HTTP/1.1\r\n{ours}Host: evil.example\r\n"),
        format!("GET /state.json HTTP/1.1\r\nHost: evil.example\r\n{ours}"),
        format!("GET /state.json HTTP/1.1\r\n{ours}{ours}"),
        format!("GET http://evil.example/state.json HTTP/1.1\r\n{ours}"),
        format!("GET http://evil.example:{port}/state.json HTTP/1.1\r\n{ours}"),
        "GET /state.json HTTP/1.1\r\n".to_string(),
    ] {
        assert_eq!(status(&refused), 421, "{refused}");
    }
    for answered in [
        format!("GET /state.json HTTP/1.1\r\n{ours}"),
        format!("GET /state.json HTTP/1.1\r\nHost: LOCALHOST:{port}\r\n"),
        format!("GET http://127.0.0.1:{port}/state.json HTTP/1.1\r\n{ours}"),
    ] {
        assert_eq!(status(&answered), 200, "{answered}");
    }
}

/// Waits (up to `PATIENCE`) until the server answers a plain request again; how long it took.
fn answers_again(port: u16) -> Duration {
    let started = Instant::now();
    loop {
        let answered = (|| {
            let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
            stream.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
            let request = format!(
                "GET /state.json HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
            );
            stream.write_all(request.as_bytes()).ok()?;
            let mut raw = Vec::new();
            stream.read_to_end(&mut raw).ok()?;
            (parse_reply(&raw).status == 200).then_some(())
        })();
        if answered.is_some() {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < PATIENCE,
            "the server did not answer for {PATIENCE:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Issue 47: 64 clients (as many connections as the server keeps) that send a whole POST head
/// and never its body, or ask for answer after answer and read none, held every connection for
/// good: the server answered no one. Each phase of a connection is bounded (the body by 10 s,
/// an unread answer by 10 s), so the server answers again. Each kind of client has a server of
/// its own, so that one bound cannot stand in for the other; both are tried at once, to wait
/// out the two 10 s bounds together.
#[test]
fn clients_that_send_no_body_or_read_no_answer_are_let_go() {
    let silent = || {
        hold_every_connection("serve-silent", "bodies never sent", |served| {
            format!(
                "POST /options HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n",
                served.port
            )
        })
    };
    let greedy = || {
        hold_every_connection("serve-greedy", "answers never read", |served| {
            let sheet = served.state()["sheets"][0]["url"]
                .as_str()
                .unwrap()
                .to_string();
            format!(
                "GET {sheet} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n",
                served.port
            )
            .repeat(200)
        })
    };
    std::thread::scope(|s| {
        let silent = s.spawn(silent);
        greedy();
        silent.join().unwrap();
    });
}

/// A server of its own with all 64 of its connections holding `request`: waits until it
/// answers again, then checks it still serves the game it started with.
fn hold_every_connection(name: &str, what: &str, request: impl Fn(&Served) -> String) {
    let served = Served::start(&game_dir(name), "game.yaml", &[]);
    let request = request(&served);
    let held: Vec<TcpStream> = (0..64)
        .map(|_| {
            let mut stream = TcpStream::connect(("127.0.0.1", served.port)).unwrap();
            stream.write_all(request.as_bytes()).unwrap();
            stream
        })
        .collect();
    let waited = answers_again(served.port);
    eprintln!("answered again after {waited:?} with 64 {what}");
    drop(held);
    assert_eq!(served.state()["version"], 1);
}

/// Issue 47: a write to a client that went away mid-download raises SIGPIPE, whose default
/// action ends the process. `main` restores that default for the other commands (`pnp man |
/// head` then quits quietly) but not for the server, whose write fails instead.
#[test]
fn a_client_going_away_mid_download_does_not_stop_the_server() {
    let dir = game_dir("serve-sigpipe");
    let served = Served::start(&dir, "game.yaml", &[]);
    let sheet = served.state()["sheets"][0]["url"]
        .as_str()
        .unwrap()
        .to_string();
    // Clients that read a little of a sheet and go away, some with a reset.
    for reset in [false, true, false, true] {
        let mut stream = TcpStream::connect(("127.0.0.1", served.port)).unwrap();
        let request = format!(
            "GET {sheet} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n",
            served.port
        );
        stream.write_all(request.as_bytes()).unwrap();
        let mut some = [0; 64];
        stream.read_exact(&mut some).unwrap();
        if reset {
            use std::os::fd::AsRawFd;
            let linger = libc::linger {
                l_onoff: 1,
                l_linger: 0,
            };
            // SAFETY: setting an option of the socket this test opened, from a value it owns.
            let set = unsafe {
                libc::setsockopt(
                    stream.as_raw_fd(),
                    libc::SOL_SOCKET,
                    libc::SO_LINGER,
                    (&linger as *const libc::linger).cast(),
                    std::mem::size_of::<libc::linger>() as libc::socklen_t,
                )
            };
            assert_eq!(set, 0);
        }
        drop(stream);
    }
    // What such a client's next write raises, sent outright: the timing of a real one is the
    // kernel's.
    // SAFETY: a signal to the server this test started, by its id.
    assert_eq!(unsafe { libc::kill(served.pid(), libc::SIGPIPE) }, 0);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(served.get("/state.json").status, 200);
    let (status, _) = served.interrupt();
    assert!(status.success(), "{status:?}");
}

#[test]
fn ctrl_c_stops_it_cleanly_and_a_taken_port_is_refused() {
    let dir = game_dir("serve-stop");
    let before = files(&dir);
    let served = Served::start(&dir, "game.yaml", &[]);
    let port = served.port;
    let mut events = served.events();
    events.next_version();
    let (status, err) = served.interrupt();
    assert!(status.success(), "{status:?}: {err}");
    assert!(err.contains("stopped"), "{err}");
    // The page's stream ended with it.
    let mut rest = String::new();
    let _ = events.reader.read_to_string(&mut rest);
    assert_eq!(files(&dir), before, "nothing written to the game's folder");
    assert!(
        TcpStream::connect(("127.0.0.1", port)).is_err(),
        "the port is let go"
    );

    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = pnp()
        .current_dir(&dir)
        .args(["serve", "game.yaml", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("--port {port}: the port is in use")),
        "{err}"
    );
    let out = pnp()
        .current_dir(&dir)
        .args(["serve", "nothing.yaml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn it_serves_no_file_by_its_path_and_bounds_what_a_client_may_ask() {
    let dir = game_dir("serve-bounds");
    std::fs::write(dir.join("secret.txt"), "not for the web").unwrap();
    let served = Served::start(&dir, "game.yaml", &[]);
    let face = served.state()["faces"][0]["url"]
        .as_str()
        .unwrap()
        .to_string();
    let key = face.split('/').nth(2).unwrap();
    // Only images the preview drew are served, by their key: no path reaches a file, the
    // game's own included.
    for path in [
        "/game.yaml".to_string(),
        "/secret.txt".into(),
        "/../secret.txt".into(),
        "/img/../secret.txt".into(),
        "/img/..%2fsecret.txt/x.png".into(),
        "/img/%2e%2e/%2e%2e/etc/passwd".into(),
        "/img/../../../../etc/passwd".into(),
        format!("/img/{key}/../../secret.txt"),
        format!("/img/{key}%2f..%2f..%2fsecret.txt/x.png"),
        "/img/..%5c..%5csecret.txt/x.png".into(),
    ] {
        let reply = served.get(&path);
        assert_eq!(reply.status, 404, "{path}");
        let body = String::from_utf8_lossy(&reply.body);
        assert!(
            !body.contains("not for the web") && !body.contains("root:"),
            "{path}: {body}"
        );
    }
    assert_eq!(served.get(&face).status, 200);

    // A body past 4 KB is not read: the switches it would carry are refused.
    let padding = " ".repeat(1 << 20);
    let big = format!(r#"{{"players":null,"paper":"letter",{padding}"backs":"long"}}"#);
    assert_eq!(served.post("/options", &big).status, 400);
    assert_eq!(served.state()["switches"]["paper"], "a4");
    // A request head past 16 KB, or of more than 64 headers, is refused, not read on.
    let long = format!("X-Padding: {}\r\n", "a".repeat(20 * 1024));
    assert_eq!(served.request("GET /state.json", &long, "").status, 431);
    let many: String = (0..100).map(|i| format!("X-Header-{i}: a\r\n")).collect();
    assert_eq!(served.request("GET /state.json", &many, "").status, 431);
    assert_eq!(served.get("/state.json").status, 200);

    // At most 16 pages follow it at once; one that goes away makes room.
    let mut streams: Vec<Events> = (0..16).map(|_| served.events()).collect();
    for s in &mut streams {
        s.next_version();
    }
    assert_eq!(served.get("/events").status, 503);
    drop(streams.pop());
    let deadline = Instant::now() + PATIENCE;
    loop {
        let mut stream = TcpStream::connect(("127.0.0.1", served.port)).unwrap();
        let request = format!(
            "GET /events HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n",
            served.port
        );
        stream.write_all(request.as_bytes()).unwrap();
        let mut status = String::new();
        BufReader::new(stream).read_line(&mut status).unwrap();
        if status.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(status.starts_with("HTTP/1.1 503"), "{status}");
        assert!(
            Instant::now() < deadline,
            "the stream that went away was never let go"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // The others still hear of a change.
    std::fs::write(
        dir.join("game.yaml"),
        GAME.replace("title: One,", "title: Uno,"),
    )
    .unwrap();
    let version = streams[0].next_version();
    assert!(version > 1);
}
