//! Putting files in place atomically. Every output is first written to a hidden temporary file in
//! its destination folder; only when the whole build has succeeded are they renamed into place.
//! If anything fails (or the build is dropped), the temporaries are removed and earlier outputs
//! stay untouched. A file that already holds exactly the new bytes is left alone: a rebuild then
//! writes only what changed, and on ext4 renaming over an existing file starts its writeback at
//! once (`auto_da_alloc`), which made rebuilding Night Grain's images a fifth slower than
//! building them into an empty folder.
//!
//! Only regular files are written: an output path holding anything else (a link, a device, a
//! FIFO, a folder) is refused (`check_output`). Each `Staging` names its temporaries after the
//! process and itself, so builds running at once never share one, and a build holds its
//! folder's lock (`FolderLock`) while it writes there.
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::outputs::OutputError;

#[derive(Debug)]
pub struct Staging {
    /// Final paths in the order they were written, each with whether its temporary (named
    /// after it, see `temporary`) is waiting to be renamed: not when the final file already held
    /// these bytes. One path a file, not two: a 10,000-card build stages 10,001 files.
    files: Mutex<Vec<(bool, PathBuf)>>,
    /// `<pid>-<n>`, in every temporary's name: this Staging's own, unlike any other's.
    token: String,
    committed: bool,
}

impl Default for Staging {
    fn default() -> Self {
        static MADE: AtomicU64 = AtomicU64::new(0);
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        Staging {
            files: Mutex::default(),
            token: format!("{}-{n}", std::process::id()),
            committed: false,
        }
    }
}

/// Refuses an output path that holds something other than a regular file: writing would replace
/// a device, a FIFO or a socket (as root, a device node), or reach through a symbolic link to
/// wherever it points. The link itself is not followed. Nothing there is fine.
pub fn check_output(path: &Path) -> Result<(), OutputError> {
    // Unreadable (a parent is a file, no permission): the write that follows says why.
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Ok(());
    };
    let kind = meta.file_type();
    if kind.is_file() {
        return Ok(());
    }
    Err(OutputError::NotAFile {
        path: path.to_path_buf(),
        what: what_is(&kind),
    })
}

/// What a file that is not a regular file is, for messages.
fn what_is(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_symlink() {
        "a symbolic link"
    } else if kind.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

/// The folders `ensure_dir(dir)` would make now: `dir` and its missing parents, deepest first.
pub fn missing_dirs(dir: &Path) -> Vec<PathBuf> {
    dir.ancestors()
        .filter(|d| !d.as_os_str().is_empty())
        .take_while(|d| std::fs::symlink_metadata(d).is_err())
        .map(Path::to_path_buf)
        .collect()
}

/// Removes those of `made` (deepest first, as `missing_dirs` gives them) that are empty folders,
/// not links: a failed build leaves no folder of its own behind, and nothing else is touched (a
/// folder that holds anything, another build's lock included, stays).
pub fn remove_empty(made: &[PathBuf]) {
    for dir in made {
        if std::fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir()) {
            let _ = std::fs::remove_dir(dir);
        }
    }
}

/// Makes `dir` (and parents); refuses when something that is not a directory is in the way.
pub fn ensure_dir(dir: &Path) -> Result<(), OutputError> {
    if dir.exists() && !dir.is_dir() {
        return Err(OutputError::NotADirectory {
            path: dir.to_path_buf(),
        });
    }
    std::fs::create_dir_all(dir).map_err(|e| {
        // create_dir_all reports "File exists" when a parent is a file: say which.
        let blocker = dir.ancestors().find(|a| a.exists() && !a.is_dir());
        match blocker {
            Some(b) => OutputError::NotADirectory {
                path: b.to_path_buf(),
            },
            None => OutputError::write(dir, e),
        }
    })
}

impl Staging {
    pub fn new() -> Self {
        Staging::default()
    }

    /// Writes `bytes` to a temporary beside `path`; it becomes `path` on `commit`. When `path`
    /// already holds exactly these bytes nothing is written and the file keeps its date.
    pub fn write(&self, path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
        check_output(path)?;
        if holds(path, bytes) {
            self.keep(path);
            return Ok(());
        }
        let dir = path.parent().unwrap_or(Path::new("."));
        ensure_dir(dir)?;
        let tmp = self.temporary(path);
        // Listed before it is written: one cut short (a full disk) is removed with the rest.
        self.push(true, path);
        let written = new_file(&tmp).and_then(|mut f| std::io::Write::write_all(&mut f, bytes));
        // Named by the path the user knows, not the temporary's.
        written.map_err(|e| OutputError::write(path, e))
    }

    /// Opens a temporary beside `path` to be written piece by piece (a PDF too large to hold);
    /// hand it back to `close`. Until then it is removed if the build fails.
    pub fn create(&self, path: &Path) -> Result<StagedFile, OutputError> {
        check_output(path)?;
        let dir = path.parent().unwrap_or(Path::new("."));
        ensure_dir(dir)?;
        let tmp = self.temporary(path);
        self.push(true, path);
        let file = new_file(&tmp).map_err(|e| OutputError::write(path, e))?;
        Ok(StagedFile {
            file: std::io::BufWriter::with_capacity(1 << 16, file),
            tmp,
            dest: path.to_path_buf(),
            len: 0,
        })
    }

    /// Finishes a file from `create`; returns its size. When the final file already holds the
    /// same bytes the temporary goes and the file is kept as it is (see `write`).
    pub fn close(&self, staged: StagedFile) -> Result<u64, OutputError> {
        let StagedFile {
            file,
            tmp,
            dest,
            len,
        } = staged;
        let file = file
            .into_inner()
            .map_err(|e| OutputError::write(&dest, e.into_error()))?;
        drop(file);
        let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        let Some(entry) = files.iter_mut().find(|(staged, d)| *staged && *d == dest) else {
            // Made by another Staging: nothing here would ever rename or remove it.
            let _ = std::fs::remove_file(&tmp);
            let e = std::io::Error::other("closed by a Staging that did not create it");
            return Err(OutputError::write(&tmp, e));
        };
        if same_files(&tmp, &entry.1) {
            let _ = std::fs::remove_file(&tmp);
            entry.0 = false;
        }
        Ok(len)
    }

    /// Counts `path`, already in place and up to date, among this build's outputs.
    pub fn keep(&self, path: &Path) {
        self.push(false, path);
    }

    fn push(&self, staged: bool, path: &Path) {
        self.files
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((staged, path.to_path_buf()));
    }

    /// Renames every temporary into place. Returns the final paths in order.
    pub fn commit(mut self) -> Result<Vec<PathBuf>, OutputError> {
        let files = std::mem::take(&mut *self.files.lock().unwrap_or_else(|e| e.into_inner()));
        // Renaming a file over a file in its own folder does not fail in practice; over a
        // folder it does, and over a link or a device it replaces what the user had there
        // (`check_output`). Checked for every file first, so that then either all of them are
        // put in place or none is.
        let blocked = files
            .iter()
            .filter(|(staged, _)| *staged)
            .find_map(|(_, dest)| check_output(dest).err());
        if let Some(e) = blocked {
            self.remove_staged(&files);
            return Err(e);
        }
        for (i, (staged, dest)) in files.iter().enumerate() {
            if *staged && let Err(e) = std::fs::rename(self.temporary(dest), dest) {
                self.remove_staged(&files[i..]);
                return Err(OutputError::write(dest, e));
            }
        }
        self.committed = true;
        Ok(files.into_iter().map(|(_, dest)| dest).collect())
    }

    /// Removes the temporaries still waiting among `files`.
    fn remove_staged(&self, files: &[(bool, PathBuf)]) {
        for (_, dest) in files.iter().filter(|(staged, _)| *staged) {
            let _ = std::fs::remove_file(self.temporary(dest));
        }
    }

    /// The hidden temporary this Staging writes before renaming it to `path`:
    /// `.<name>.<pid>-<n>.pnp-tmp` (see `owner`).
    fn temporary(&self, path: &Path) -> PathBuf {
        let dir = path.parent().unwrap_or(Path::new("."));
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("out");
        // Within the usual 255-byte limit on a name, however long the output's own name.
        let mut end = name.len().min(200);
        while !name.is_char_boundary(end) {
            end -= 1;
        }
        dir.join(format!(".{}.{}{TEMPORARY}", &name[..end], self.token))
    }
}

/// Creates `path`, which must not exist: never opens (or writes through) a link or a file that
/// someone else put there.
fn new_file(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
}

/// A temporary being written; see `Staging::create`.
pub struct StagedFile {
    file: std::io::BufWriter<std::fs::File>,
    tmp: PathBuf,
    /// The file it becomes.
    dest: PathBuf,
    len: u64,
}

impl std::io::Write for StagedFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.file.write(buf)?;
        self.len += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

/// The suffix of every temporary (see `Staging::temporary`).
const TEMPORARY: &str = ".pnp-tmp";

/// The process that made the temporary named `name` (`.<name>.<pid>-<n>.pnp-tmp`); `None` when
/// the name carries no process number, so is no temporary of pnp's.
fn owner(name: &str) -> Option<u32> {
    let stem = name.strip_suffix(TEMPORARY)?;
    let (_, token) = stem.rsplit_once('.')?;
    let (pid, n) = token.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(pid) || !digits(n) {
        return None;
    }
    pid.parse().ok()
}

/// Whether process `pid` is running (this one included).
fn alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // kill(0, …) would mean this process group.
        if pid <= 0 {
            return false;
        }
        // SAFETY: signal 0 only asks whether the process exists; nothing is sent.
        let found = unsafe { libc::kill(pid, 0) } == 0;
        found || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        pid == std::process::id()
    }
}

/// Whether the files `a` and `b` hold the same bytes (compared a block at a time).
fn same_files(a: &Path, b: &Path) -> bool {
    use std::io::Read;
    let size = |p: &Path| {
        std::fs::symlink_metadata(p)
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.len())
    };
    let (Some(len), Some(other)) = (size(a), size(b)) else {
        return false;
    };
    if len != other {
        return false;
    }
    let (Ok(mut fa), Ok(mut fb)) = (std::fs::File::open(a), std::fs::File::open(b)) else {
        return false;
    };
    let (mut ba, mut bb) = (vec![0; 1 << 16], vec![0; 1 << 16]);
    let mut left = len;
    while left > 0 {
        let n = (left as usize).min(ba.len());
        let read = fa.read_exact(&mut ba[..n]).and(fb.read_exact(&mut bb[..n]));
        if read.is_err() || ba[..n] != bb[..n] {
            return false;
        }
        left -= n as u64;
    }
    true
}

/// Whether `path` is a file holding exactly `bytes` (its size is checked before it is read).
fn holds(path: &Path, bytes: &[u8]) -> bool {
    let same_size =
        std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64);
    same_size && std::fs::read(path).is_ok_and(|old| old == bytes)
}

/// Removes the temporaries an interrupted build left in `dir` (a build stopped by Ctrl-C never
/// reaches `Staging`'s clean-up; a long PDF is written to its temporary for seconds). Returns how
/// many went. Only our own temporaries are touched: hidden regular files named
/// `.<name>.<pid>-<n>.pnp-tmp` (a user's `.notes.pnp-tmp` names no process, so it is not one), and
/// of those only the ones whose process is gone: another pnp may be writing into the folder
/// (`pnp schema --out`, which takes no lock). Call it holding the folder's `FolderLock`, so no
/// build is.
pub fn remove_temporaries(dir: &Path) -> Result<usize, OutputError> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(0);
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let gone = name.starts_with('.') && owner(&name).is_some_and(|pid| !alive(pid));
        let file = entry.file_type().is_ok_and(|t| t.is_file());
        if gone && file {
            std::fs::remove_file(&path).map_err(|e| OutputError::write(&path, e))?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// Removes the regular files named `<stem>.{ext}` in `dir` that are not in `keep`, whose stem
/// `named` says this build's kind of output could have (an image of a face the game no longer
/// has) and that `made` says pnp wrote; other files, links included, are left alone. Returns the
/// paths removed, sorted. Nothing is removed when `dir` itself is a link (to another build's
/// folder, say): what lies there is not this build's.
pub fn remove_stale(
    dir: &Path,
    ext: &str,
    keep: &[PathBuf],
    named: &dyn Fn(&str) -> bool,
    made: &dyn Fn(&Path) -> bool,
) -> Result<Vec<PathBuf>, OutputError> {
    if !std::fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir()) {
        return Ok(Vec::new());
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(Vec::new());
    };
    // A set: a deck of 10,000 cards keeps 10,000 images, and a list made this quadratic.
    let keep: std::collections::HashSet<&PathBuf> = keep.iter().collect();
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let ours = path.extension().is_some_and(|e| e == ext)
            && path.file_stem().and_then(|s| s.to_str()).is_some_and(named);
        let file = entry.file_type().is_ok_and(|t| t.is_file());
        if ours && file && !keep.contains(&path) && made(&path) {
            std::fs::remove_file(&path).map_err(|e| OutputError::write(&path, e))?;
            removed.push(path);
        }
    }
    removed.sort();
    Ok(removed)
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let files = std::mem::take(&mut *self.files.lock().unwrap_or_else(|e| e.into_inner()));
            self.remove_staged(&files);
        }
    }
}

/// The name of the lock file a build holds in its output folder.
pub const LOCK: &str = ".pnp-lock";

/// How long a build tries for a folder's lock before it says that it is waiting.
const MOMENT: Duration = Duration::from_millis(300);

/// An advisory lock on an output folder (`flock` on `<dir>/.pnp-lock`), held by a build while
/// it sweeps, writes and renames there: a second build into the folder waits for the first, so
/// the folder ends up as one of them made it and neither removes the other's files. The lock
/// file is removed when the lock is let go (the folder keeps nothing of it).
pub struct FolderLock {
    path: PathBuf,
    _file: std::fs::File,
}

impl FolderLock {
    /// Takes the lock on `dir` (which must exist), calling `waiting` once if another process
    /// holds it for longer than a moment, and then waiting for it.
    pub fn acquire(dir: &Path, waiting: &dyn Fn()) -> Result<FolderLock, OutputError> {
        let path = dir.join(LOCK);
        let started = Instant::now();
        let mut told = false;
        loop {
            check_output(&path)?;
            let file = open_lock(&path).map_err(|e| OutputError::write(&path, e))?;
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) if started.elapsed() < MOMENT => {
                    std::thread::sleep(Duration::from_millis(20));
                    continue;
                }
                Err(std::fs::TryLockError::WouldBlock) => {
                    if !told {
                        waiting();
                        told = true;
                    }
                    file.lock()
                        .or_else(unlockable)
                        .map_err(|e| OutputError::write(&path, e))?;
                }
                Err(std::fs::TryLockError::Error(e)) => {
                    unlockable(e).map_err(|e| OutputError::write(&path, e))?;
                }
            }
            // The build before may have removed the file while this one waited for it: the
            // lock then guards nothing, so start again with the file now at the path.
            if is_at(&file, &path) {
                return Ok(FolderLock { path, _file: file });
            }
        }
    }
}

/// Locking that the file system does not offer (some network file systems) is done without:
/// each build's temporaries are its own anyway.
fn unlockable(e: std::io::Error) -> std::io::Result<()> {
    #[cfg(unix)]
    let no_locks = e.raw_os_error() == Some(libc::ENOLCK);
    #[cfg(not(unix))]
    let no_locks = false;
    match e.kind() == std::io::ErrorKind::Unsupported || no_locks {
        true => Ok(()),
        false => Err(e),
    }
}

/// Opens (or makes) the lock file, never through a link, and never blocking on a FIFO.
fn open_lock(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    Ok(file)
}

/// Whether `file` is the file at `path`.
fn is_at(file: &std::fs::File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let (Ok(open), Ok(named)) = (file.metadata(), std::fs::symlink_metadata(path)) else {
            return false;
        };
        open.dev() == named.dev() && open.ino() == named.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}

impl Drop for FolderLock {
    fn drop(&mut self) {
        // Removed while still held (the file closes after this): a build waiting on it then
        // finds it gone and starts again (`acquire`).
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty folder of this test run's own under the system's temporary folder.
    fn empty_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("pnp-writer-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn nothing_appears_until_commit_and_drop_cleans_up() {
        let dir = empty_dir("commit");
        let target = dir.join("a.txt");
        {
            let s = Staging::new();
            s.write(&target, b"x").unwrap();
            assert!(!target.exists());
        }
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            0,
            "temporary removed"
        );
        let s = Staging::new();
        s.write(&target, b"y").unwrap();
        s.commit().unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"y");
        // Stale files of the same kind that we made, by a name we would give, go; the kept one,
        // other kinds, files we did not make, a copy of ours under another name and links stay.
        std::fs::write(dir.join("old.txt"), b"z").unwrap();
        std::fs::write(dir.join("copy-of-old.txt"), b"z").unwrap();
        std::fs::write(dir.join("theirs.txt"), b"u").unwrap();
        std::fs::write(dir.join("notes.md"), b"mine").unwrap();
        std::os::unix::fs::symlink(dir.join("old.txt"), dir.join("link.txt")).unwrap();
        let made = |p: &Path| std::fs::read(p).is_ok_and(|b| b != b"u");
        let named = |stem: &str| !stem.starts_with("copy");
        let keep = std::slice::from_ref(&target);
        // Not through a link to the folder.
        let link = empty_dir("linked");
        std::os::unix::fs::symlink(&dir, &link).unwrap();
        assert!(
            remove_stale(&link, "txt", keep, &named, &made)
                .unwrap()
                .is_empty()
        );
        assert!(dir.join("old.txt").exists());
        std::fs::remove_file(&link).unwrap();
        assert_eq!(
            remove_stale(&dir, "txt", keep, &named, &made).unwrap(),
            [dir.join("old.txt")]
        );
        assert!(target.exists() && dir.join("notes.md").exists());
        assert!(dir.join("theirs.txt").exists() && dir.join("link.txt").is_symlink());
        assert!(dir.join("copy-of-old.txt").exists());
        assert!(!dir.join("old.txt").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn only_the_empty_folders_a_build_made_are_removed() {
        let root = empty_dir("made");
        std::fs::create_dir_all(&root).unwrap();
        let deep = root.join("a/b/png");
        let made = missing_dirs(&deep);
        assert_eq!(made, [deep.clone(), root.join("a/b"), root.join("a")]);
        std::fs::create_dir_all(&deep).unwrap();
        // Something of someone's in `a`: it stays, and so does `a`.
        std::fs::write(root.join("a/notes.txt"), b"mine").unwrap();
        remove_empty(&made);
        assert!(!root.join("a/b").exists());
        assert!(root.join("a/notes.txt").exists());
        assert!(missing_dirs(&root).is_empty());
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_file_closed_by_a_staging_that_did_not_create_it_is_refused_and_removed() {
        let dir = empty_dir("other");
        let target = dir.join("doc.pdf");
        let (mine, other) = (Staging::new(), Staging::new());
        let mut file = mine.create(&target).unwrap();
        std::io::Write::write_all(&mut file, b"%PDF").unwrap();
        assert!(other.close(file).is_err());
        assert!(!mine.temporary(&target).exists() && !target.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_commit_that_fails_removes_every_temporary_it_did_not_rename() {
        let dir = empty_dir("fail");
        let (first, later) = (dir.join("a.png"), dir.join("b.png"));
        let s = Staging::new();
        s.write(&first, b"a").unwrap();
        s.write(&later, b"b").unwrap();
        let temporaries = [s.temporary(&first), s.temporary(&later)];
        assert!(temporaries.iter().all(|t| t.exists()));
        // Made while the build ran: a file cannot be renamed over a folder that holds
        // something, and must not be over a link.
        std::fs::create_dir_all(dir.join("a.png/inside")).unwrap();
        assert!(s.commit().is_err());
        assert!(temporaries.iter().all(|t| !t.exists()));
        assert!(!later.exists(), "nothing was put in place");
        let s = Staging::new();
        s.write(&later, b"b").unwrap();
        std::os::unix::fs::symlink(dir.join("elsewhere"), &later).unwrap();
        let err = s.commit().unwrap_err().to_string();
        assert!(err.contains("a symbolic link"), "{err}");
        assert!(later.is_symlink() && !dir.join("elsewhere").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Stages "first" twice then "fir5t" with `stage` (which commits): the second time the file
    /// must be left alone (same inode), the third replaced, and no temporary left.
    fn same_bytes_keep_the_file(dir: &Path, target: &Path, stage: &dyn Fn(&[u8])) {
        use std::os::unix::fs::MetadataExt;
        stage(b"first");
        let inode = std::fs::metadata(target).unwrap().ino();
        // The same bytes: the file itself untouched (a rename would give it a new inode).
        stage(b"first");
        assert_eq!(std::fs::metadata(target).unwrap().ino(), inode);
        // Other bytes of the same length are written.
        stage(b"fir5t");
        assert_eq!(std::fs::read(target).unwrap(), b"fir5t");
        assert_ne!(std::fs::metadata(target).unwrap().ino(), inode);
        let left = std::fs::read_dir(dir).unwrap().count();
        assert_eq!(left, 1, "no temporary left");
    }

    #[test]
    fn a_file_that_already_holds_the_bytes_is_not_rewritten() {
        let dir = empty_dir("same");
        let target = dir.join("a.png");
        same_bytes_keep_the_file(&dir, &target, &|bytes| {
            let s = Staging::new();
            s.write(&target, bytes).unwrap();
            // Listed among the outputs whether or not it was written.
            assert_eq!(s.commit().unwrap(), std::slice::from_ref(&target));
        });
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_written_in_pieces_is_staged_like_one_written_whole() {
        use std::io::Write;
        let dir = empty_dir("pieces");
        let target = dir.join("a.pdf");
        // A failed build (no commit) leaves nothing, not even the temporary.
        {
            let s = Staging::new();
            let mut f = s.create(&target).unwrap();
            f.write_all(b"par").unwrap();
            f.write_all(b"tial").unwrap();
            assert_eq!(s.close(f).unwrap(), 7);
        }
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        same_bytes_keep_the_file(&dir, &target, &|bytes| {
            let s = Staging::new();
            let mut f = s.create(&target).unwrap();
            // In two pieces, as the PDF's parts come.
            f.write_all(&bytes[..2]).unwrap();
            f.write_all(&bytes[2..]).unwrap();
            assert_eq!(s.close(f).unwrap(), bytes.len() as u64);
            assert_eq!(s.commit().unwrap(), std::slice::from_ref(&target));
        });
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temporaries_left_by_an_interrupted_build_are_swept_and_nothing_else() {
        let dir = empty_dir("sweep");
        std::fs::create_dir_all(&dir).unwrap();
        // Left by a process that is gone (no pid is this large).
        let gone = [
            dir.join(".a.png.999999999-3.pnp-tmp"),
            dir.join(".game.pdf.999999998-0.pnp-tmp"),
        ];
        // Being written by this process and by another that is running (init).
        let live = [
            Staging::new().temporary(&dir.join("game.pdf")),
            dir.join(".b.png.1-0.pnp-tmp"),
        ];
        // Not pnp's: no process number in the name (a user's own file, or an older pnp's,
        // which a user may as well have named so), not hidden, or not a temporary at all.
        let others = [
            dir.join(".notes"),
            dir.join(".game.pdf.pnp-tmp"),
            dir.join(".something.pnp-tmp"),
            dir.join(".a.b-c.pnp-tmp"),
            dir.join("a.pnp-tmp"),
            dir.join("b.png.999999999-3.pnp-tmp"),
            dir.join("game.pdf"),
        ];
        for f in gone.iter().chain(&live).chain(&others) {
            std::fs::write(f, b"x").unwrap();
        }
        assert_eq!(remove_temporaries(&dir).unwrap(), 2);
        assert!(gone.iter().all(|f| !f.exists()));
        assert!(live.iter().chain(&others).all(|f| f.exists()));
        assert_eq!(remove_temporaries(&dir.join("missing")).unwrap(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temporaries_name_their_process_and_are_never_shared() {
        let dest = Path::new("/out/game.pdf");
        let (a, b) = (Staging::new(), Staging::new());
        let name = |s: &Staging| s.temporary(dest).to_string_lossy().into_owned();
        assert_ne!(name(&a), name(&b));
        let file = a.temporary(dest);
        let file = file.file_name().unwrap().to_str().unwrap();
        assert!(file.starts_with(".game.pdf.") && file.ends_with(TEMPORARY));
        assert_eq!(owner(file), Some(std::process::id()));
        assert_eq!(owner(".game.pdf.pnp-tmp"), None);
        assert_eq!(owner(".game.pdf.+12-3.pnp-tmp"), None);
        assert_eq!(owner(".game.pdf.12-3.pnp-tmp"), Some(12));
        // A long name is cut to leave room for the rest, on a character's boundary.
        let long = Path::new("/out").join("é".repeat(200));
        let made = a.temporary(&long);
        assert!(made.file_name().unwrap().len() < 255);
    }

    #[test]
    fn only_regular_files_are_outputs() {
        let dir = empty_dir("kinds");
        std::fs::create_dir_all(dir.join("folder")).unwrap();
        std::fs::write(dir.join("file"), b"mine").unwrap();
        std::os::unix::fs::symlink(dir.join("file"), dir.join("link")).unwrap();
        assert!(check_output(&dir.join("file")).is_ok());
        assert!(check_output(&dir.join("absent")).is_ok());
        for (name, what) in [("folder", "a folder"), ("link", "a symbolic link")] {
            let err = check_output(&dir.join(name)).unwrap_err().to_string();
            assert!(err.contains(what) && err.contains(name), "{err}");
        }
        let s = Staging::new();
        assert!(s.write(&dir.join("link"), b"x").is_err());
        assert!(s.create(&dir.join("link")).is_err());
        assert_eq!(std::fs::read(dir.join("file")).unwrap(), b"mine");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
