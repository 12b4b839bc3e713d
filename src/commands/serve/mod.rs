//! `pnp serve`: a live preview of a game in the browser. One page (`page.html`, built into the
//! binary) shows the sheets as printed, every distinct face, the rules' report and the warnings;
//! saving a file the build reads makes a new preview, and the page hears of it by server-sent
//! events and fetches only the images that changed.
//!
//! Threads: the previewer makes every view, one at a time (`Work`); the watcher tells it when
//! the game's files change; one thread runs the HTTP server (hyper on a one-thread tokio
//! runtime), which answers from what the previewer published and hands a build to a thread of
//! tokio's blocking pool, so that no request waits on drawing. The server listens on 127.0.0.1 only, and answers only requests that name
//! it as their host (a page elsewhere cannot reach it through a name that points at 127.0.0.1).
mod events;
mod http;
pub mod preview;
pub mod render;
mod watcher;

use std::net::{Ipv4Addr, SocketAddrV4, TcpListener};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, RwLock};
use std::thread::JoinHandle;
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::sync::{Semaphore, oneshot};

use crate::commands::Error;
pub use preview::{Switches, View};

/// What `pnp serve` is asked for.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// A YAML file (watched), or a shipped game's id (shown as it is).
    pub game: String,
    /// The port on 127.0.0.1; `None`: one the system says is free.
    pub port: Option<u16>,
    /// Where the page's "write the outputs" button builds (as `pnp build --out`); `None`:
    /// `output/<game id>`.
    pub out: Option<PathBuf>,
}

/// Connections open at once; more wait in the listening queue. A browser keeps about six a
/// host, and each page's event stream holds one (at most `events::MAX_STREAMS`).
const MAX_CONNECTIONS: usize = 64;
/// Largest request head (request line and headers), and most headers: a browser's are about
/// 1 KB and 15; anything past these is answered 431 and the connection closed.
const MAX_HEAD: usize = 16 * 1024;
const MAX_HEADERS: usize = 64;
/// A client that has not sent a whole request head in this long is let go (a connection held
/// open by sending nothing, or a byte at a time, cannot hold one of `MAX_CONNECTIONS` for good).
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a client may leave an answer unread (its socket's buffer full) before it is let go:
/// 64 clients asking for image after image and reading none held every connection for good.
/// (The body of a request has its own bound, `http::BODY_TIMEOUT`.)
const WRITE_STALL: Duration = Duration::from_secs(10);
/// On stopping, how long answers already begun may take to finish.
const STOP_WAIT: Duration = Duration::from_secs(5);

/// What the previewer is asked to do.
enum Work {
    /// The game's files changed.
    Changed,
    /// New switches; the version of the view made with them is sent back.
    Switch(Switches, oneshot::Sender<u64>),
    Stop,
}

/// What the threads share.
struct Shared {
    config: Config,
    /// `127.0.0.1:PORT`: the host requests must name.
    host: String,
    /// The last view, as JSON, and its version.
    view: RwLock<(u64, Arc<String>)>,
    switches: Mutex<Switches>,
    store: Arc<render::Store>,
    events: events::Events,
    work: Mutex<mpsc::Sender<Work>>,
    /// Held while the page's button writes the outputs: stopping waits for it.
    building: Mutex<()>,
    stop: Arc<AtomicBool>,
}

impl Shared {
    fn view(&self) -> (u64, Arc<String>) {
        self.view.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn switches(&self) -> Switches {
        self.switches
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    fn ask(&self, work: Work) {
        let _ = self
            .work
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .send(work);
    }
}

/// A running preview server.
pub struct Server {
    shared: Arc<Shared>,
    url: String,
    threads: Vec<JoinHandle<()>>,
    previewer: Option<JoinHandle<()>>,
    /// Tells the HTTP thread to stop taking connections.
    stop_http: Option<oneshot::Sender<()>>,
    watching: bool,
}

impl Server {
    /// Makes the first preview, binds 127.0.0.1 (the port asked for, or a free one) and starts
    /// answering. A game that is neither a file nor a shipped game is refused here; one that
    /// does not load yet is served with its error.
    pub fn start(config: Config) -> Result<Server, Error> {
        let watched = crate::spec::watch::Watched::of(&config.game).ok();
        if watched.is_none() && crate::base::assets::game(&config.game).is_none() {
            // Loading says why: no such file, or no such shipped game.
            crate::kinds::load(&config.game)?;
        }
        let listener = bind(config.port)?;
        let port = listener.local_addr().map(|a| a.port()).unwrap_or_default();
        let cannot = |source: std::io::Error| ServeError::Serve { port, source };
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(cannot)?;
        let listener = {
            let _in_runtime = runtime.enter();
            listener.set_nonblocking(true).map_err(cannot)?;
            tokio::net::TcpListener::from_std(listener).map_err(cannot)?
        };
        let host = format!("127.0.0.1:{port}");
        let url = format!("http://{host}/");
        let store = Arc::new(render::Store::default());
        let (work, queue) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let watching = watched.is_some();
        let mut previewer = preview::Previewer::new(
            config.game.clone(),
            watching,
            render::Renders::new(store.clone()),
        );
        let seen = watched.as_ref().map(|w| w.snapshot());
        let first = previewer.update(&Switches::default());
        let shared = Arc::new(Shared {
            config,
            host,
            view: RwLock::new(publishable(&first)),
            switches: Mutex::new(Switches::default()),
            store,
            events: events::Events::default(),
            work: Mutex::new(work),
            building: Mutex::new(()),
            stop: stop.clone(),
        });
        let previewer = {
            let shared = shared.clone();
            std::thread::spawn(move || run_previewer(&shared, previewer, queue))
        };
        let mut threads = Vec::new();
        if let (Some(watched), Some(seen)) = (watched, seen) {
            let shared = shared.clone();
            let changed = move || shared.ask(Work::Changed);
            threads.push(watcher::spawn(watched, seen, stop.clone(), changed));
        }
        let (stop_http, stopping) = oneshot::channel();
        {
            let shared = shared.clone();
            threads.push(std::thread::spawn(move || {
                runtime.block_on(serve(listener, shared, stopping));
                // Dropping the runtime waits for a build the page asked for.
            }));
        }
        Ok(Server {
            shared,
            url,
            threads,
            previewer: Some(previewer),
            stop_http: Some(stop_http),
            watching,
        })
    }

    /// `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Whether saving the game's files updates the preview (a shipped game's id is not watched).
    pub fn watching(&self) -> bool {
        self.watching
    }

    /// The view being served now.
    pub fn view_json(&self) -> Arc<String> {
        self.shared.view().1
    }

    /// Stops: no more requests are taken, the event streams end, the view being made and a build
    /// the page asked for are finished first. Nothing is left half-written.
    pub fn stop(mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        self.shared.events.close();
        self.shared.ask(Work::Stop);
        if let Some(http) = self.stop_http.take() {
            let _ = http.send(());
        }
        if let Some(p) = self.previewer.take() {
            let _ = p.join();
        }
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
        drop(self.shared.building.lock());
    }
}

/// Why the preview cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot serve on 127.0.0.1:{port}: {source}")]
    Serve { port: u16, source: std::io::Error },
    #[error("--port {0}: the port is in use; choose another, or leave out --port for a free one")]
    PortInUse(u16),
    #[error("--port {port}: cannot listen there: {source}")]
    Port { port: u16, source: std::io::Error },
    #[error("cannot listen on 127.0.0.1: {0}")]
    Listen(std::io::Error),
}

/// Binds 127.0.0.1 at `port`, or at a free port.
fn bind(port: Option<u16>) -> Result<TcpListener, Error> {
    let at = SocketAddrV4::new(Ipv4Addr::LOCALHOST, port.unwrap_or(0));
    TcpListener::bind(at).map_err(|source| {
        Error::from(match port {
            Some(p) if source.kind() == std::io::ErrorKind::AddrInUse => ServeError::PortInUse(p),
            Some(port) => ServeError::Port { port, source },
            None => ServeError::Listen(source),
        })
    })
}

/// Takes connections until told to stop, each answered by hyper (HTTP/1.1, bounded heads),
/// then lets go of the port and gives the answers under way `STOP_WAIT` to finish.
async fn serve(
    listener: tokio::net::TcpListener,
    shared: Arc<Shared>,
    mut stopping: oneshot::Receiver<()>,
) {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .max_header_size(MAX_HEAD)
        .max_headers(MAX_HEADERS);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let room = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let accepted = tokio::select! {
            _ = &mut stopping => break,
            permit = room.clone().acquire_owned() => match permit {
                Ok(permit) => tokio::select! {
                    _ = &mut stopping => break,
                    accepted = listener.accept() => accepted.map(|(stream, _)| (stream, permit)),
                },
                Err(_) => break,
            },
        };
        let (stream, permit) = match accepted {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of file descriptors, or a connection reset before it was taken: wait a
                // little rather than spin.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // An event is a small write that must leave at once.
        let _ = stream.set_nodelay(true);
        let shared = shared.clone();
        let service =
            hyper::service::service_fn(move |request| http::answer(shared.clone(), request));
        let stream = TokioIo::new(Stalling::new(stream, WRITE_STALL));
        let connection = graceful.watch(http.serve_connection(stream, service));
        tokio::spawn(async move {
            // A client that goes away is no concern of the server's.
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(STOP_WAIT, graceful.shutdown()).await;
}

/// A connection whose writes may wait for the client for at most `limit` at a time: then the
/// write fails, and hyper lets the connection go. Reads are hyper's to bound (the request head)
/// or the answer's (its body); an event stream, idle for minutes, writes a little at a time.
struct Stalling<S> {
    io: S,
    limit: Duration,
    /// Since when a write has waited, as a timer; none while writes go through.
    waiting: Option<std::pin::Pin<Box<tokio::time::Sleep>>>,
}

impl<S> Stalling<S> {
    fn new(io: S, limit: Duration) -> Self {
        Stalling {
            io,
            limit,
            waiting: None,
        }
    }

    /// `done` as it is when it is ready (and the wait is over); when it is pending, an error
    /// once it has waited `limit`.
    fn bounded<T>(
        &mut self,
        cx: &mut std::task::Context<'_>,
        done: std::task::Poll<std::io::Result<T>>,
    ) -> std::task::Poll<std::io::Result<T>> {
        use std::task::Poll;
        if done.is_ready() {
            self.waiting = None;
            return done;
        }
        let limit = self.limit;
        let timer = self
            .waiting
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match timer.as_mut().poll(cx) {
            Poll::Ready(()) => {
                self.waiting = None;
                Poll::Ready(Err(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "the client took no more of the answer",
                )))
            }
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<S: tokio::io::AsyncRead + Unpin> tokio::io::AsyncRead for Stalling<S> {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl<S: tokio::io::AsyncWrite + Unpin> tokio::io::AsyncWrite for Stalling<S> {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let done = std::pin::Pin::new(&mut self.io).poll_write(cx, buf);
        self.bounded(cx, done)
    }

    fn poll_write_vectored(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let done = std::pin::Pin::new(&mut self.io).poll_write_vectored(cx, bufs);
        self.bounded(cx, done)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let done = std::pin::Pin::new(&mut self.io).poll_flush(cx);
        self.bounded(cx, done)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let done = std::pin::Pin::new(&mut self.io).poll_shutdown(cx);
        self.bounded(cx, done)
    }
}

/// A view as `/state.json` sends it.
fn publishable(view: &View) -> (u64, Arc<String>) {
    // A view is plain data: it always serializes.
    let json = serde_json::to_string(view).unwrap_or_else(|_| "{}".into());
    (view.version, Arc::new(json))
}

/// Makes a view for each change and each new set of switches (a burst of them makes one view),
/// publishes it and tells the pages.
fn run_previewer(shared: &Shared, mut previewer: preview::Previewer, queue: mpsc::Receiver<Work>) {
    while let Ok(first) = queue.recv() {
        let mut replies = Vec::new();
        let mut stop = false;
        for work in std::iter::once(first).chain(queue.try_iter()) {
            match work {
                Work::Changed => {}
                Work::Switch(switches, reply) => {
                    *shared.switches.lock().unwrap_or_else(|e| e.into_inner()) = switches;
                    replies.push(reply);
                }
                Work::Stop => stop = true,
            }
        }
        if stop {
            return;
        }
        let view = previewer.update(&shared.switches());
        let published = publishable(&view);
        let version = published.0;
        *shared.view.write().unwrap_or_else(|e| e.into_inner()) = published;
        shared.events.send(version);
        for reply in replies {
            let _ = reply.send(version);
        }
    }
}

/// Opens `url` in the default browser (`xdg-open`, `open`, `start`), without waiting for it.
pub fn open_in_browser(url: &str) -> std::io::Result<()> {
    use std::process::{Command, Stdio};
    let mut command = match std::env::consts::OS {
        "macos" => Command::new("open"),
        "windows" => {
            let mut c = Command::new("cmd");
            c.args(["/C", "start", ""]);
            c
        }
        _ => Command::new("xdg-open"),
    };
    command
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map(drop)
}
