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
use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use serde::Serialize;

use super::preview::{ErrorView, Switches, error_view};
use super::{Shared, Work};
use crate::commands::options::BuildOptions;

/// The page: HTML, CSS and script in one file, built into the binary.
const PAGE: &str = include_str!("page.html");
/// Largest request body taken (the switches are a few dozen bytes), and how long it may take
/// to come after the head.
const MAX_BODY: usize = 4096;
const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a switch waits for its view before answering anyway (the page hears of the view
/// on its event stream in any case).
const SWITCH_WAIT: Duration = Duration::from_secs(120);

/// A response's body: the whole of it, or an event stream.
pub(super) type Body = BoxBody<Bytes, Infallible>;

pub(super) async fn answer(
    shared: Arc<Shared>,
    request: Request<Incoming>,
) -> Result<Response<Body>, Infallible> {
    if !addressed_to_us(&shared, &request) {
        return Ok(text(421, "this server answers requests for 127.0.0.1 only"));
    }
    let path = request.uri().path().to_string();
    let method = request.method().clone();
    let response = match (&method, path.as_str()) {
        (&Method::GET | &Method::HEAD, "/" | "/index.html") => {
            let mut page = Response::new(whole(PAGE));
            set(&mut page, header::CONTENT_TYPE, "text/html; charset=utf-8");
            set(&mut page, header::CACHE_CONTROL, "no-store");
            page
        }
        (&Method::GET, "/state.json") => json_text(200, shared.view().1.as_str()),
        (&Method::GET, "/events") => match shared.events.subscribe() {
            Some(announcements) => super::events::stream(announcements, shared.view().0),
            None => text(503, "too many pages are following this preview"),
        },
        (&Method::GET | &Method::HEAD, p) if p.starts_with("/img/") => {
            match image_key(p).and_then(|key| shared.store.get(key)) {
                Some(png) => {
                    let mut image = Response::new(Full::new(Bytes::from_owner(Png(png))).boxed());
                    set(&mut image, header::CONTENT_TYPE, "image/png");
                    set(
                        &mut image,
                        header::CACHE_CONTROL,
                        "public, max-age=31536000, immutable",
                    );
                    image
                }
                None => text(404, "no such image (the preview has moved on)"),
            }
        }
        (&Method::POST, "/options" | "/build") if !from_our_page(&shared, request.headers()) => {
            text(403, "only the preview's own page may ask this")
        }
        (&Method::POST, "/options") => {
            let switches = read_body(request)
                .await
                .and_then(|body| Ok(serde_json::from_slice::<Switches>(&body)?))
                .and_then(|s| match BuildOptions::from_choices(&s.choices()) {
                    Ok(_) => Ok(s),
                    Err(e) => Err(e.into()),
                });
            match switches {
                Ok(switches) => {
                    let (tx, rx) = tokio::sync::oneshot::channel();
                    shared.ask(Work::Switch(switches, tx));
                    let version = match tokio::time::timeout(SWITCH_WAIT, rx).await {
                        Ok(Ok(version)) => version,
                        _ => shared.view().0,
                    };
                    json(200, &serde_json::json!({ "version": version }))
                }
                Err(why) => json(400, &serde_json::json!({ "error": why.to_string() })),
            }
        }
        (&Method::POST, "/build") => {
            // A build takes seconds: on a thread of its own, not the one answering requests.
            let building = shared.clone();
            match tokio::task::spawn_blocking(move || build(&building)).await {
                Ok(outcome) => json(200, &outcome),
                Err(_) => text(500, "the build stopped without an answer"),
            }
        }
        (_, "/" | "/index.html" | "/state.json" | "/events" | "/options" | "/build") => {
            text(405, "method not allowed")
        }
        _ => text(404, "not found"),
    };
    Ok(response)
}

/// A stored image as a body, without copying it.
struct Png(super::render::Png);

impl AsRef<[u8]> for Png {
    fn as_ref(&self) -> &[u8] {
        self.0.as_slice()
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

/// A header's value, in lower case (`None`: absent, or not text).
fn value(headers: &HeaderMap, name: header::HeaderName) -> Option<String> {
    let v = headers.get(name)?.to_str().ok()?;
    Some(v.to_ascii_lowercase())
}

/// Whether the request names this server as its host: one `Host` (a second, or a target in
/// absolute form such as `GET http://evil.example/`, may name another to a proxy or a cache
/// between), and, when the target names a host, the same.
fn addressed_to_us(shared: &Shared, request: &Request<Incoming>) -> bool {
    let port = shared.host.rsplit(':').next().unwrap_or_default();
    let ours = [shared.host.clone(), format!("localhost:{port}")];
    let ours = |h: &str| ours.iter().any(|o| o.eq_ignore_ascii_case(h));
    let mut hosts = request.headers().get_all(header::HOST).iter();
    let (Some(host), None) = (hosts.next(), hosts.next()) else {
        return false;
    };
    let target = request.uri().authority().is_none_or(|a| ours(a.as_str()));
    host.to_str().is_ok_and(ours) && target
}

/// Whether a `POST` comes from the page itself: a JSON body (a form on another site cannot send
/// one without asking first, and this server answers no such question) and, when the browser
/// names the page's origin, this server's.
fn from_our_page(shared: &Shared, headers: &HeaderMap) -> bool {
    let json =
        value(headers, header::CONTENT_TYPE).is_some_and(|v| v.starts_with("application/json"));
    let port = shared.host.rsplit(':').next().unwrap_or_default();
    let origins = [
        format!("http://{}", shared.host),
        format!("http://localhost:{port}"),
    ];
    let origin = match headers.get(header::ORIGIN) {
        None => true,
        Some(_) => value(headers, header::ORIGIN).is_some_and(|o| origins.contains(&o)),
    };
    json && origin
}

/// The body, if it is at most `MAX_BODY` bytes and sent within `BODY_TIMEOUT`; a longer one is
/// not read past that, nor a slower one waited for (64 clients sending a head and no body held
/// every connection the server takes).
async fn read_body(request: Request<Incoming>) -> Result<Bytes, BodyError> {
    let reading = Limited::new(request.into_body(), MAX_BODY).collect();
    match tokio::time::timeout(BODY_TIMEOUT, reading).await {
        Ok(Ok(body)) => Ok(body.to_bytes()),
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => Err(BodyError::TooLong),
        Ok(Err(e)) => Err(BodyError::Unread(e.to_string())),
        Err(_) => Err(BodyError::TooSlow),
    }
}

/// Why a request's body is not taken.
#[derive(Debug, thiserror::Error)]
enum BodyError {
    #[error("the request is longer than {MAX_BODY} bytes; the switches take a few dozen")]
    TooLong,
    #[error("cannot read the request: {0}")]
    Unread(String),
    #[error("the request's body did not come within {} s", BODY_TIMEOUT.as_secs())]
    TooSlow,
    #[error("{0}")]
    Switches(#[from] serde_json::Error),
    #[error("{0}")]
    Options(#[from] crate::commands::options::OptionsError),
}

/// What the page's button reports.
#[derive(Default, Serialize)]
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
    let built = (|| -> Result<_, crate::commands::Error> {
        let opt = BuildOptions::from_choices(&choices)?;
        let game = crate::kinds::load(&shared.config.game)?;
        let report = crate::commands::build(&game, &opt)?;
        Ok((game.name().to_string(), report))
    })();
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
            error: Some(error_view(&e)),
            ..Built::default()
        },
    }
}

/// A whole body.
fn whole(body: impl Into<Bytes>) -> Body {
    Full::new(body.into()).boxed()
}

/// Sets a header of this file's own (fixed ASCII values).
fn set(response: &mut Response<Body>, name: header::HeaderName, value: &'static str) {
    (response.headers_mut()).insert(name, HeaderValue::from_static(value));
}

fn with_status(status: u16, body: Body) -> Response<Body> {
    let mut response = Response::new(body);
    *response.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::OK);
    response
}

pub(super) fn text(status: u16, body: &'static str) -> Response<Body> {
    let mut response = with_status(status, whole(body));
    set(
        &mut response,
        header::CONTENT_TYPE,
        "text/plain; charset=utf-8",
    );
    response
}

fn json_text(status: u16, body: &str) -> Response<Body> {
    let mut response = with_status(status, whole(body.to_string()));
    set(&mut response, header::CONTENT_TYPE, "application/json");
    set(&mut response, header::CACHE_CONTROL, "no-store");
    response
}

fn json(status: u16, value: &impl Serialize) -> Response<Body> {
    json_text(status, &serde_json::to_string(value).unwrap_or_default())
}
