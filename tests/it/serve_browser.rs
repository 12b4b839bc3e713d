//! `pnp serve`'s page in a real browser: headless Chromium (Debian's `chromium`, at
//! `/usr/bin/chromium`; `.ci/run` installs it when missing), driven through the DevTools
//! protocol over a pipe. Without Chromium the test prints that it was skipped and how to run it,
//! and passes; with `CI` set (`.ci/run` sets it) a missing Chromium fails it (docs/testing.md).
//! The page loads without a console error or an uncaught exception, shows as many sheets and
//! faces as the view has, every image decoded, follows a saved change by itself and shows a
//! located error. `PNP_SCREENSHOT=FILE` also writes a picture of the page (the README's).
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Instant;

use base64::Engine;
use serde_json::{Value, json};

use super::common::temp_dir;
use super::serve::{GAME, PATIENCE, Served, game_dir};

/// A headless Chromium and one page in it.
struct Browser {
    child: Child,
    commands: std::fs::File,
    replies: mpsc::Receiver<Value>,
    /// Events that came while waiting for a reply.
    events: VecDeque<Value>,
    next_id: u64,
    session: Option<String>,
}

fn pipe() -> (OwnedFd, OwnedFd) {
    let mut fds = [0; 2];
    // Closed on exec: other tests' children must not hold them open.
    // SAFETY: `fds` has room for the two descriptors pipe2(2) writes.
    assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
    // SAFETY: both were just made by pipe(2) and are owned here only.
    unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) }
}

/// Debian's Chromium where its package puts it, else whichever the PATH has; `None` without one.
fn chromium() -> Option<&'static str> {
    ["/usr/bin/chromium", "chromium", "chromium-browser"]
        .into_iter()
        .find(|c| Command::new(c).arg("--version").output().is_ok())
}

impl Browser {
    fn start(chromium: &str) -> Browser {
        // The protocol: commands on the browser's fd 3, replies and events on its fd 4, each
        // a JSON text ended by a NUL.
        let (to_browser, commands) = pipe();
        let (replies_fd, from_browser) = pipe();
        let (theirs_in, theirs_out) = (to_browser.as_raw_fd(), from_browser.as_raw_fd());
        let mut command = Command::new(chromium);
        command
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-extensions",
                "--window-size=1280,1000",
                "--remote-debugging-pipe",
            ])
            .arg(format!(
                "--user-data-dir={}",
                temp_dir("serve-browser-profile").display()
            ))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: only fcntl and dup2, which are async-signal-safe, between fork and exec.
        unsafe {
            command.pre_exec(move || {
                // Out of the way first, in case one of them is fd 3 or 4 already; dup2 leaves
                // the copies open across exec.
                let high_in = libc::fcntl(theirs_in, libc::F_DUPFD_CLOEXEC, 10);
                let high_out = libc::fcntl(theirs_out, libc::F_DUPFD_CLOEXEC, 10);
                if high_in < 0
                    || high_out < 0
                    || libc::dup2(high_in, 3) < 0
                    || libc::dup2(high_out, 4) < 0
                {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().expect("Chromium starts");
        drop((to_browser, from_browser));
        let (tx, replies) = mpsc::channel();
        let mut reader = BufReader::new(std::fs::File::from(replies_fd));
        std::thread::spawn(move || {
            let mut message = Vec::new();
            while reader.read_until(0, &mut message).is_ok_and(|n| n > 0) {
                message.pop();
                if let Ok(v) = serde_json::from_slice(&message) {
                    let _ = tx.send(v);
                }
                message.clear();
            }
        });
        Browser {
            child,
            commands: std::fs::File::from(commands),
            replies,
            events: VecDeque::new(),
            next_id: 0,
            session: None,
        }
    }

    /// Sends a command (to the page once attached) and waits for its result.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(s) = &self.session {
            message["sessionId"] = json!(s);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.commands
            .write_all(&bytes)
            .expect("Chromium takes commands");
        loop {
            let v = self
                .replies
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|_| panic!("Chromium did not answer {method}"));
            if v["id"] == id {
                assert!(v["error"].is_null(), "{method}: {}", v["error"]);
                return v["result"].clone();
            }
            self.events.push_back(v);
        }
    }

    /// A new page at `url`, its console and exceptions reported.
    fn open(&mut self, url: &str) {
        let target = self.call("Target.createTarget", json!({ "url": "about:blank" }));
        let attached = self.call(
            "Target.attachToTarget",
            json!({ "targetId": target["targetId"], "flatten": true }),
        );
        self.session = Some(attached["sessionId"].as_str().unwrap().to_string());
        self.call("Runtime.enable", json!({}));
        self.call("Log.enable", json!({}));
        self.call("Page.enable", json!({}));
        self.call("Page.navigate", json!({ "url": url }));
        // Until then the page may not have a body yet, or may still be about:blank.
        self.wait_event("Page.loadEventFired");
    }

    /// Waits for an event of the page's (fails after `PATIENCE`); the others stay, for `errors`.
    fn wait_event(&mut self, method: &str) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(at) = self.events.iter().position(|e| e["method"] == method) {
                self.events.remove(at);
                return;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let event = (self.replies.recv_timeout(left))
                .unwrap_or_else(|_| panic!("Chromium never sent {method}"));
            self.events.push_back(event);
        }
    }

    /// The value of a JavaScript expression on the page.
    fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
        );
        assert!(r["exceptionDetails"].is_null(), "{expression}: {r}");
        r["result"]["value"].clone()
    }

    /// Asks `what` until `done` holds of it (fails after `PATIENCE`).
    fn wait_for(&mut self, what: &str, done: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let v = self.eval(what);
            if done(&v) {
                return v;
            }
            assert!(Instant::now() < deadline, "the page never showed it: {v}");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// Console errors, uncaught exceptions and errors the browser logged, so far.
    fn errors(&mut self) -> Vec<String> {
        self.events.extend(self.replies.try_iter());
        let mut errors = Vec::new();
        for e in &self.events {
            let p = &e["params"];
            match e["method"].as_str() {
                Some("Runtime.exceptionThrown") => errors.push(p["exceptionDetails"].to_string()),
                Some("Runtime.consoleAPICalled") if p["type"] == "error" => {
                    errors.push(p["args"].to_string())
                }
                Some("Log.entryAdded") if p["entry"]["level"] == "error" => {
                    errors.push(p["entry"].to_string())
                }
                _ => {}
            }
        }
        errors
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What the page shows: the version on it, its sheets and faces, whether every image has
/// decoded, the face images' addresses, and the error box.
const SHOWN: &str = r##"(() => {
  const imgs = [...document.images];
  return {
    version: Number(document.body.dataset.version || 0),
    sheets: document.querySelectorAll("#sheets-grid figure.sheet").length,
    faces: document.querySelectorAll("#faces-grid figure.face").length,
    decoded: imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0),
    pending: imgs.filter((i) => !(i.complete && i.naturalWidth > 0)).map((i) => [i.getAttribute("src"), i.complete, i.loading]),
    face_urls: [...document.querySelectorAll("#faces-grid img")].map((i) => i.getAttribute("src")),
    error: document.getElementById("error").hidden ? null : document.getElementById("error").innerText,
    status: document.getElementById("status").textContent,
  };
})()"##;

/// Saves as editors do, a new file renamed over the old: a write in place can be seen half done
/// (an empty file, between its truncation and its text) by a watcher on a busy machine.
fn save(path: &std::path::Path, text: &str) {
    let new = path.with_extension("yaml.new");
    std::fs::write(&new, text).unwrap();
    std::fs::rename(&new, path).unwrap();
}

#[test]
fn the_page_loads_cleanly_in_chromium_and_follows_a_saved_change() {
    let Some(chromium) = chromium() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set and /usr/bin/chromium was not found: CI must run the browser test \
             (.ci/run installs Chromium: apt-get install chromium)"
        );
        // Straight to the standard error, past the test harness's capture, so that a plain
        // `cargo test` shows it.
        let _ = writeln!(
            std::io::stderr(),
            "serve_browser: skipped: /usr/bin/chromium not found \
             (apt-get install chromium, or run .ci/run)"
        );
        return;
    };
    let dir = game_dir("serve-browser");
    let served = Served::start(&dir, "game.yaml", &[]);
    let view = served.state();
    let mut browser = Browser::start(chromium);
    browser.open(&served.url());
    let shown = browser.wait_for(SHOWN, |v| {
        v["version"].as_u64() > Some(0) && v["decoded"] == true
    });
    let count = |list: &str| view[list].as_array().unwrap().len() as u64;
    assert_eq!(shown["sheets"].as_u64(), Some(count("sheets")));
    assert_eq!(shown["faces"].as_u64(), Some(count("faces")));
    assert_eq!((count("sheets"), count("faces")), (3, 7));
    assert!(shown["error"].is_null(), "{shown}");
    let rules = browser.eval(r##"document.querySelectorAll("#rules-table tbody tr").length"##);
    assert_eq!(rules, 2);
    let errors = browser.errors();
    assert!(errors.is_empty(), "the page logged errors: {errors:?}");
    if let Ok(file) = std::env::var("PNP_SCREENSHOT") {
        let shot = browser.call("Page.captureScreenshot", json!({ "format": "png" }));
        let png = base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().unwrap())
            .unwrap();
        std::fs::write(file, png).unwrap();
    }

    // A saved change: the page takes the new view by itself, the edited card's image with it.
    let before = shown["version"].as_u64().unwrap();
    save(
        &dir.join("game.yaml"),
        &GAME.replace("title: One,", "title: Uno,"),
    );
    let shown = browser.wait_for(SHOWN, |v| {
        v["version"].as_u64() > Some(before) && v["decoded"] == true
    });
    let view = served.state();
    let urls: Vec<&str> = (view["faces"].as_array().unwrap().iter())
        .map(|f| f["url"].as_str().unwrap())
        .collect();
    assert_eq!(shown["face_urls"], json!(urls));

    // A broken save: the error, located, over the last good preview.
    let broken = GAME.replacen("    size: 20mm", "   size: 20mm", 1);
    save(&dir.join("game.yaml"), &broken);
    let shown = browser.wait_for(SHOWN, |v| v["error"].is_string());
    let error = shown["error"].as_str().unwrap();
    assert!(error.contains("game.yaml:10:4"), "{error}");
    assert_eq!(shown["faces"].as_u64(), Some(7), "the last good faces stay");
    assert_eq!(shown["face_urls"], json!(urls));
    let errors = browser.errors();
    assert!(errors.is_empty(), "the page logged errors: {errors:?}");
}
