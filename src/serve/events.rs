//! Server-sent events: each open page holds a stream on which the server announces every new
//! view by its version (`event: update`, `data: {"version":N}`); the page then fetches the view.
//! A stream has a thread of its own, which writes the response by hand: the announcement must
//! leave at once, and an HTTP library's response body is buffered until it ends.
use std::io::Write;
use std::sync::Mutex;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// A comment line sent when nothing else was for this long, so that a page that went away is
/// noticed (the write fails) and its thread ends.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// Announcements a slow page may fall behind by; older ones are dropped (the newest is what
/// it fetches anyway).
const BACKLOG: usize = 8;
/// Streams open at once: each holds a thread, so a page opened in many tabs (or a script that
/// opens streams and never reads them) cannot make the server spawn without end. A browser
/// keeps about six connections a host, so a few tabs of the page fit well under it.
pub const MAX_STREAMS: usize = 16;

/// The open streams.
#[derive(Default)]
pub struct Events(Mutex<Streams>);

#[derive(Default)]
struct Streams {
    open: Vec<mpsc::SyncSender<u64>>,
    /// The server is stopping: no new stream is taken.
    closed: bool,
}

impl Events {
    fn streams(&self) -> std::sync::MutexGuard<'_, Streams> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A new stream's announcements; `None` once the server is stopping or `MAX_STREAMS` are
    /// open (streams whose page went away are let go first).
    pub fn subscribe(&self) -> Option<mpsc::Receiver<u64>> {
        let mut streams = self.streams();
        streams.open.retain(|s| !gone(s.try_send(SWEEP)));
        if streams.closed || streams.open.len() >= MAX_STREAMS {
            return None;
        }
        let (tx, rx) = mpsc::sync_channel(BACKLOG);
        streams.open.push(tx);
        Some(rx)
    }

    /// Announces view `version` on every open stream (a stream that is behind by `BACKLOG`
    /// misses it, and has a newer one coming).
    pub fn send(&self, version: u64) {
        self.streams().open.retain(|s| !gone(s.try_send(version)));
    }

    /// Ends every stream (their threads see the channel close) and refuses new ones.
    pub fn close(&self) {
        let mut streams = self.streams();
        streams.closed = true;
        streams.open.clear();
    }
}

/// Sent to every stream to find those whose thread has ended; a stream thread answers it with a
/// keep-alive, so that one whose page went away finds out and ends.
const SWEEP: u64 = u64::MAX;

fn gone(sent: Result<(), mpsc::TrySendError<u64>>) -> bool {
    matches!(sent, Err(mpsc::TrySendError::Disconnected(_)))
}

/// One page's stream: the response head, the current version, then each new one, until the
/// page goes away or the server stops.
pub fn stream(announcements: mpsc::Receiver<u64>, current: u64, request: tiny_http::Request) {
    let mut out = request.into_writer();
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\
                X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n\
                retry: 1000\n\n";
    let mut sent = write_all(&mut out, head.as_bytes()) && announce(&mut out, current);
    while sent {
        sent = match announcements.recv_timeout(KEEP_ALIVE) {
            Ok(SWEEP) | Err(RecvTimeoutError::Timeout) => write_all(&mut out, b": keep-alive\n\n"),
            Ok(version) => announce(&mut out, version),
            Err(RecvTimeoutError::Disconnected) => false,
        };
    }
}

fn announce(out: &mut impl Write, version: u64) -> bool {
    let event = format!("event: update\ndata: {{\"version\":{version}}}\n\n");
    write_all(out, event.as_bytes())
}

fn write_all(out: &mut impl Write, bytes: &[u8]) -> bool {
    out.write_all(bytes).and_then(|()| out.flush()).is_ok()
}
