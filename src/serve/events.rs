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

    /// A new stream's announcements; `None` once the server is stopping.
    fn subscribe(&self) -> Option<mpsc::Receiver<u64>> {
        let mut streams = self.streams();
        if streams.closed {
            return None;
        }
        let (tx, rx) = mpsc::sync_channel(BACKLOG);
        streams.open.push(tx);
        Some(rx)
    }

    /// Announces view `version` on every open stream (a stream that is behind by `BACKLOG`
    /// misses it, and has a newer one coming).
    pub fn send(&self, version: u64) {
        let sent = |s: &mpsc::SyncSender<u64>| s.try_send(version);
        let gone = |r| matches!(r, Err(mpsc::TrySendError::Disconnected(_)));
        self.streams().open.retain(|s| !gone(sent(s)));
    }

    /// Ends every stream (their threads see the channel close) and refuses new ones.
    pub fn close(&self) {
        let mut streams = self.streams();
        streams.closed = true;
        streams.open.clear();
    }
}

/// One page's stream: the response head, the current version, then each new one, until the
/// page goes away or the server stops.
pub fn stream(events: &Events, current: u64, request: tiny_http::Request) {
    let Some(announcements) = events.subscribe() else {
        return;
    };
    let mut out = request.into_writer();
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\
                X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n\
                retry: 1000\n\n";
    let mut sent = write_all(&mut out, head.as_bytes()) && announce(&mut out, current);
    while sent {
        sent = match announcements.recv_timeout(KEEP_ALIVE) {
            Ok(version) => announce(&mut out, version),
            Err(RecvTimeoutError::Timeout) => write_all(&mut out, b": keep-alive\n\n"),
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
