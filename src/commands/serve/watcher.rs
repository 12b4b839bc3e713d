//! Wakes the preview when a file the build reads changes. `watch::Watched` says which files
//! those are (the YAML, CSVs, symbols, included games) and how they stand (its snapshot);
//! notify reports changes in their folders the moment they happen. Folders are watched, not
//! files: editors save by writing a new file and renaming it over the old one. Where notify
//! cannot watch (no inotify left, a file system without events), the snapshot is polled as
//! `pnp build --watch` polls it.
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use notify::{RecursiveMode, Watcher};

use crate::spec::watch::{Snapshot, Watched};

/// After a change, how long to wait for the burst of events one save makes (truncate, write,
/// rename) to end before reading the files.
const SETTLE: Duration = Duration::from_millis(25);
/// How often the snapshot is read anyway: a safety net with notify, the only means without.
const POLL_WITH_EVENTS: Duration = Duration::from_secs(2);
const POLL_WITHOUT: Duration = Duration::from_millis(300);
/// How soon the watcher sees that the server is stopping.
const STOP_CHECK: Duration = Duration::from_millis(100);

/// Calls `changed` whenever the snapshot of `watched` is no longer `seen` (taken before the
/// first preview was made), until `stop` is set.
pub fn spawn(
    watched: Watched,
    mut seen: Snapshot,
    stop: Arc<AtomicBool>,
    changed: impl Fn() + Send + 'static,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let (tx, rx) = mpsc::channel();
        let mut watcher = notify::recommended_watcher(move |event| {
            let _ = tx.send(event);
        })
        .ok();
        let mut folders = BTreeSet::new();
        if let Some(w) = watcher.as_mut() {
            folders = watch_folders(w, &BTreeSet::new(), &seen);
        }
        let mut polled = Instant::now();
        while !stop.load(Ordering::Relaxed) {
            // Short waits, so that `stop` is seen soon.
            let woke = match rx.recv_timeout(STOP_CHECK) {
                Ok(_) => {
                    // One save is several events: wait until they stop coming.
                    while rx.recv_timeout(SETTLE).is_ok() {}
                    true
                }
                Err(RecvTimeoutError::Timeout) => false,
                Err(RecvTimeoutError::Disconnected) => {
                    watcher = None;
                    folders.clear();
                    std::thread::sleep(POLL_WITHOUT);
                    false
                }
            };
            let poll = match folders.is_empty() {
                true => POLL_WITHOUT,
                false => POLL_WITH_EVENTS,
            };
            if !woke && polled.elapsed() < poll {
                continue;
            }
            polled = Instant::now();
            let now = match woke {
                true => steady(&watched),
                false => watched.snapshot(),
            };
            let changed_now = now != seen;
            seen = now;
            if changed_now {
                changed();
            }
            // The folders may be others now (a new `include:`, a `symbols/` folder made).
            if let Some(w) = watcher.as_mut().filter(|_| woke || changed_now) {
                folders = watch_folders(w, &folders, &seen);
            }
        }
    })
}

/// Most times the files are read again while they still change after a save.
const STEADY_TRIES: usize = 40;

/// The snapshot once two readings `SETTLE` apart agree and no game file is empty: a save that
/// truncates, then writes on a busy machine, would otherwise be read half done (an empty game)
/// between the two. A game file left empty is read after `STEADY_TRIES` readings all the same.
fn steady(watched: &Watched) -> Snapshot {
    let empty_game = |s: &Snapshot| {
        s.iter()
            .any(|(file, _, len)| *len == 0 && file.extension().is_some_and(|e| e == "yaml"))
    };
    let mut now = watched.snapshot();
    for _ in 0..STEADY_TRIES {
        std::thread::sleep(SETTLE);
        let again = watched.snapshot();
        if again == now && !empty_game(&now) {
            break;
        }
        now = again;
    }
    now
}

/// The folders of the snapshot's files, and each game folder's `symbols/`.
fn folders_of(snapshot: &Snapshot) -> BTreeSet<PathBuf> {
    let mut folders = BTreeSet::new();
    for (file, _, _) in snapshot {
        let dir = match file.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if file.extension().is_some_and(|e| e == "yaml") {
            folders.insert(dir.join("symbols"));
        }
        folders.insert(dir);
    }
    folders.retain(|d| d.is_dir());
    folders
}

/// Watches the folders of `snapshot` and stops watching those of `before` that it has no more.
/// Returns the folders watched (empty when notify watches none of them).
fn watch_folders(
    watcher: &mut impl Watcher,
    before: &BTreeSet<PathBuf>,
    snapshot: &Snapshot,
) -> BTreeSet<PathBuf> {
    let wanted = folders_of(snapshot);
    for gone in before.difference(&wanted) {
        let _ = watcher.unwatch(gone);
    }
    let mut watching = BTreeSet::new();
    for dir in &wanted {
        let ok = before.contains(dir)
            || watcher
                .watch(Path::new(dir), RecursiveMode::NonRecursive)
                .is_ok();
        if ok {
            watching.insert(dir.clone());
        }
    }
    watching
}
