//! The requests `pnp serve` answers:
//!
//! - `GET /`: the page; `GET /state.json`: the current view; `GET /events`: its announcements;
//! - `GET /img/KEY/NAME.png`: a face or a sheet (a key names one image's content: cached for good);
//! - `POST /options` (`{"players":null,"paper":"a4","backs":"long"}`): switches the view;
//! - `POST /build`: writes the outputs as `pnp build` does with the current switches.
//!
//! A request must name this server as its host (`127.0.0.1:PORT` or `localhost:PORT`), and a
//! `POST` must come from its own page (JSON, and its origin when the browser says one), so that
//! no other site can reach it, even by a name that points at 127.0.0.1.
use std::io::Read;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;
use tiny_http::{Header, Method, Request, Response};

use super::preview::{ErrorView, Switches, error_view};
use super::{Shared, Work};
use crate::options::BuildOptions;

/// The page: HTML, CSS and script in one file, built into the binary.
const PAGE: &str = include_str!("page.html");
/// Largest request body taken (the switches are a few dozen bytes).
const MAX_BODY: u64 = 4096;
/// How long a switch waits for its view before answering anyway (the page hears of the view
/// on its event stream in any case).
const SWITCH_WAIT: Duration = Duration::from_secs(120);

pub(super) fn answer(shared: &Arc<Shared>, mut request: Request) {
    if !addressed_to_us(shared, &request) {
        return reply(
            request,
            text(421, "this server answers requests for 127.0.0.1 only"),
        );
    }
    let path = request
        .url()
        .split('?')
        .next()
        .unwrap_or_default()
        .to_string();
    let method = request.method().clone();
    match (&method, path.as_str()) {
        (Method::Get | Method::Head, "/" | "/index.html") => {
            let page = Response::from_string(PAGE)
                .with_header(header("Content-Type", "text/html; charset=utf-8"))
                .with_header(header("Cache-Control", "no-store"));
            reply(request, page)
        }
        (Method::Get, "/state.json") => reply(request, json_text(200, &shared.view().1)),
        (Method::Get, "/events") => match shared.events.subscribe() {
            Some(announcements) => {
                let current = shared.view().0;
                std::thread::spawn(move || super::events::stream(announcements, current, request));
            }
            None => reply(
                request,
                text(503, "too many pages are following this preview"),
            ),
        },
        (Method::Get | Method::Head, p) if p.starts_with("/img/") => {
            match image_key(p).and_then(|key| shared.store.get(key)) {
                Some(png) => {
                    let image = Response::from_data(png.as_slice())
                        .with_header(header("Content-Type", "image/png"))
                        .with_header(header(
                            "Cache-Control",
                            "public, max-age=31536000, immutable",
                        ));
                    reply(request, image)
                }
                None => reply(
                    request,
                    text(404, "no such image (the preview has moved on)"),
                ),
            }
        }
        (Method::Post, "/options" | "/build") if !from_our_page(shared, &request) => reply(
            request,
            text(403, "only the preview's own page may ask this"),
        ),
        (Method::Post, "/options") => {
            let switches = read_body(&mut request)
                .and_then(|body| serde_json::from_str::<Switches>(&body).map_err(|e| e.to_string()))
                .and_then(|s| match BuildOptions::from_choices(&s.choices()) {
                    Ok(_) => Ok(s),
                    Err(e) => Err(e.to_string()),
                });
            match switches {
                Ok(switches) => {
                    let (tx, rx) = std::sync::mpsc::channel();
                    shared.ask(Work::Switch(switches, tx));
                    let version = rx.recv_timeout(SWITCH_WAIT).unwrap_or(shared.view().0);
                    reply(
                        request,
                        json(200, &serde_json::json!({ "version": version })),
                    )
                }
                Err(why) => reply(request, json(400, &serde_json::json!({ "error": why }))),
            }
        }
        (Method::Post, "/build") => {
            let outcome = build(shared);
            reply(request, json(200, &outcome))
        }
        (_, "/" | "/index.html" | "/state.json" | "/events" | "/options" | "/build") => {
            reply(request, text(405, "method not allowed"))
        }
        _ => reply(request, text(404, "not found")),
    }
}

/// The key in `/img/KEY/NAME.png`: letters and digits, then one file name. Anything else (a
/// `..`, an escaped slash, more folders) names no image. Images come from the store by key,
/// never from a file, so no path can reach the disk; this keeps each image at one address.
fn image_key(path: &str) -> Option<&str> {
    let (key, name) = path.strip_prefix("/img/")?.split_once('/')?;
    let plain = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    (plain(key) && name.strip_suffix(".png").is_some_and(plain)).then_some(key)
}

/// Whether the request names this server as its host.
fn addressed_to_us(shared: &Shared, request: &Request) -> bool {
    let port = shared.host.rsplit(':').next().unwrap_or_default();
    let ours = [shared.host.clone(), format!("localhost:{port}")];
    request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Host"))
        .is_some_and(|h| {
            ours.iter()
                .any(|o| h.value.as_str().eq_ignore_ascii_case(o))
        })
}

/// Whether a `POST` comes from the page itself: a JSON body (a form on another site cannot send
/// one without asking first, and this server answers no such question) and, when the browser
/// names the page's origin, this server's.
fn from_our_page(shared: &Shared, request: &Request) -> bool {
    let value = |name: &'static str| {
        request
            .headers()
            .iter()
            .find(|h| h.field.equiv(name))
            .map(|h| h.value.as_str().to_ascii_lowercase())
    };
    let json = value("Content-Type").is_some_and(|v| v.starts_with("application/json"));
    let port = shared.host.rsplit(':').next().unwrap_or_default();
    let origins = [
        format!("http://{}", shared.host),
        format!("http://localhost:{port}"),
    ];
    let origin = value("Origin").is_none_or(|o| origins.contains(&o));
    json && origin
}

fn read_body(request: &mut Request) -> Result<String, String> {
    let mut body = String::new();
    request
        .as_reader()
        .take(MAX_BODY)
        .read_to_string(&mut body)
        .map_err(|e| format!("cannot read the request: {e}"))?;
    Ok(body)
}

/// What the page's button reports.
#[derive(Serialize)]
struct Built {
    ok: bool,
    /// `built Night Grain: 34 pieces on 3 pages, …`, as `pnp build` ends.
    summary: Option<String>,
    written: Vec<WrittenView>,
    warnings: Vec<String>,
    error: Option<ErrorView>,
}

#[derive(Serialize)]
struct WrittenView {
    path: String,
    what: String,
    bytes: u64,
}

/// `pnp build GAME` with the page's switches (and `--out` of `pnp serve`).
fn build(shared: &Shared) -> Built {
    let _one_at_a_time = shared.building.lock().unwrap_or_else(|e| e.into_inner());
    let started = Instant::now();
    let switches = shared.switches();
    let mut choices = switches.choices();
    choices.out = shared.config.out.clone();
    let built = BuildOptions::from_choices(&choices).and_then(|opt| {
        let game = crate::spec::load(&shared.config.game)?;
        let report = crate::build(&game, &opt)?;
        Ok((game.name().to_string(), report))
    });
    match built {
        Ok((name, report)) => {
            let summary = format!(
                "built {name}: {} pieces on {} pages, {} distinct faces, {} outputs in {:.2} s",
                report.pieces,
                report.pages,
                report.faces,
                report.written.len(),
                started.elapsed().as_secs_f64()
            );
            eprintln!("{summary}");
            Built {
                ok: true,
                summary: Some(summary),
                written: (report.written.iter())
                    .map(|w| WrittenView {
                        path: w.path.display().to_string(),
                        what: w.what.clone(),
                        bytes: w.bytes,
                    })
                    .collect(),
                warnings: report.warnings.iter().map(|w| w.to_string()).collect(),
                error: None,
            }
        }
        Err(e) => Built {
            ok: false,
            summary: None,
            written: Vec::new(),
            warnings: Vec::new(),
            error: Some(error_view(&e)),
        },
    }
}

/// A header of this file's own: fixed ASCII names and values, which always make one.
fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a fixed ASCII header")
}

fn text(status: u16, body: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_string(body)
        .with_status_code(status)
        .with_header(header("Content-Type", "text/plain; charset=utf-8"))
}

fn json_text(status: u16, body: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_string(body)
        .with_status_code(status)
        .with_header(header("Content-Type", "application/json"))
        .with_header(header("Cache-Control", "no-store"))
}

fn json(status: u16, value: &impl Serialize) -> Response<std::io::Cursor<Vec<u8>>> {
    json_text(status, &serde_json::to_string(value).unwrap_or_default())
}

/// Sends a response; a page that went away meanwhile is no concern of the server's.
fn reply<R: Read>(request: Request, response: Response<R>) {
    let _ = request.respond(response);
}
