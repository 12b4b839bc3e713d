//! Server-sent events: each open page holds a stream on which the server announces every new
//! view by its version (`event: update`, `data: {"version":N}`); the page then fetches the view.
//! A stream is a response body that yields one chunk per announcement, sent as it comes.
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Mutex;
use std::task::{Context, Poll};
use std::time::Duration;

use http_body_util::BodyExt;
use hyper::body::{Bytes, Frame};
use hyper::header::{self, HeaderValue};
use hyper::{Response, StatusCode};
use tokio::sync::mpsc;
use tokio::time::{Instant, Sleep};

/// A comment line sent when nothing else was for this long, so that a page that went away is
/// noticed (the write fails) and its thread ends.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// Announcements a slow page may fall behind by; older ones are dropped (the newest is what
/// it fetches anyway).
const BACKLOG: usize = 8;
/// Streams open at once: each holds a connection, so a page opened in many tabs (or a script
/// that opens streams and never reads them) cannot make the server hold them without end. A browser
/// keeps about six connections a host, so a few tabs of the page fit well under it.
pub const MAX_STREAMS: usize = 16;

/// The open streams.
#[derive(Default)]
pub struct Events(Mutex<Streams>);

#[derive(Default)]
struct Streams {
    open: Vec<mpsc::Sender<u64>>,
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
        let (tx, rx) = mpsc::channel(BACKLOG);
        streams.open.push(tx);
        Some(rx)
    }

    /// Announces view `version` on every open stream (a stream that is behind by `BACKLOG`
    /// misses it, and has a newer one coming).
    pub fn send(&self, version: u64) {
        self.streams().open.retain(|s| !gone(s.try_send(version)));
    }

    /// Ends every stream (their bodies see the channel close) and refuses new ones.
    pub fn close(&self) {
        let mut streams = self.streams();
        streams.closed = true;
        streams.open.clear();
    }
}

/// Sent to every stream to find those whose page went away (the connection dropped the
/// body, and with it the channel); a stream answers it with a keep-alive, so that one whose page
/// went away unnoticed finds out and ends.
const SWEEP: u64 = u64::MAX;

fn gone(sent: Result<(), mpsc::error::TrySendError<u64>>) -> bool {
    matches!(sent, Err(mpsc::error::TrySendError::Closed(_)))
}

/// One page's stream: the current version, then each new one, until the page goes away or the
/// server stops.
pub fn stream(announcements: mpsc::Receiver<u64>, current: u64) -> Response<super::http::Body> {
    let body = Stream {
        announcements,
        first: Some(Bytes::from(format!("retry: 1000\n\n{}", announce(current)))),
        quiet: Box::pin(tokio::time::sleep(KEEP_ALIVE)),
    };
    let mut response = Response::new(body.boxed());
    *response.status_mut() = StatusCode::OK;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// An event stream's body.
struct Stream {
    announcements: mpsc::Receiver<u64>,
    /// The head of the stream: the reconnection delay and the current version.
    first: Option<Bytes>,
    /// Ends `KEEP_ALIVE` after the last chunk.
    quiet: Pin<Box<Sleep>>,
}

impl hyper::body::Body for Stream {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = &mut *self;
        let chunk = if let Some(first) = this.first.take() {
            first
        } else {
            match this.announcements.poll_recv(cx) {
                Poll::Ready(None) => return Poll::Ready(None),
                Poll::Ready(Some(SWEEP)) => Bytes::from_static(b": keep-alive\n\n"),
                Poll::Ready(Some(version)) => Bytes::from(announce(version)),
                Poll::Pending => match this.quiet.as_mut().poll(cx) {
                    Poll::Ready(()) => Bytes::from_static(b": keep-alive\n\n"),
                    Poll::Pending => return Poll::Pending,
                },
            }
        };
        this.quiet.as_mut().reset(Instant::now() + KEEP_ALIVE);
        Poll::Ready(Some(Ok(Frame::data(chunk))))
    }
}

fn announce(version: u64) -> String {
    format!("event: update\ndata: {{\"version\":{version}}}\n\n")
}
