//! Never lose a user's file (issue 39, "Lost or damaged files"): a rebuild removes only images pnp
//! wrote; an output path that is not a regular file is refused, never replaced or written
//! through; builds into one folder take turns; a full disk leaves no temporary; a failed write
//! to standard output is an error, not a panic.

use std::os::unix::fs::FileTypeExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{build, files, load_pdf, pnp, run, stderr, stdout, temp_dir};

/// Runs `cmd`, killing it (and failing) after `secs` seconds: reading a FIFO would hang.
fn run_within(cmd: &mut Command, secs: u64) -> Output {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pnp runs");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(secs) {
            child.kill().unwrap();
            let out = child.wait_with_output().unwrap();
            panic!("pnp still ran after {secs} s:\n{}", stderr(&out));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

/// The temporaries and lock files anywhere under `dir`.
fn leftovers(dir: &Path) -> Vec<String> {
    let mut left = files(dir);
    left.retain(|f| f.ends_with(".pnp-tmp") || f.ends_with(".pnp-lock"));
    left
}

/// The names in `dir`, links and all, sorted (not followed into anything).
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

// ---------------------------------------------------------------------------------------------
// 1. A rebuild removes only the images pnp wrote.

#[test]
fn a_rebuild_removes_only_images_pnp_wrote_and_names_them() {
    let dir = build("night-grain", &["--no-pdf", "--dpi", "30"]);
    let png = dir.join("png");
    let ours = std::fs::read(png.join("grain-barley-front.png")).unwrap();
    // Left by an earlier build, of faces the game no longer has: their record proves pnp
    // wrote them, and they are named as pnp names a face of the game's components.
    for stale in ["grain-millet-front.png", "team-star-front-2.png"] {
        std::fs::write(png.join(stale), &ours).unwrap();
    }
    // The user's: a photo (a PNG without the record), text named .png, an image of pnp's they
    // edited (its record no longer matches), a link to one of pnp's images, and a folder.
    let mut photo = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut photo, 1, 1);
        enc.set_color(png::ColorType::Rgba);
        let mut w = enc.write_header().unwrap();
        w.write_image_data(&[200, 100, 50, 255]).unwrap();
    }
    let mut edited = ours.clone();
    edited[ours.len() / 2] ^= 1;
    let target = temp_dir("linked").join("kept.png");
    std::fs::write(&target, &ours).unwrap();
    // And byte copies of pnp's images under names of the user's: their record is pnp's, but
    // the name is no face's (issue 47).
    let mine: [(&str, &[u8]); 6] = [
        ("holiday-photo.png", &photo),
        ("notes.png", b"my notes"),
        ("edited.png", &edited),
        ("old-a.png", &ours),
        ("grain-barley-front copy.png", &ours),
        ("my-grain-front.png", &ours),
    ];
    for (name, bytes) in mine {
        std::fs::write(png.join(name), bytes).unwrap();
    }
    std::os::unix::fs::symlink(&target, png.join("link.png")).unwrap();
    std::fs::create_dir(png.join("album.png")).unwrap();

    let out = pnp()
        .args(["build", "night-grain", "--no-pdf", "--dpi", "30", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out)
            .contains("removed 2 images of faces the game no longer has: grain-millet-front.png, team-star-front-2.png\n"),
        "{}",
        stdout(&out)
    );
    assert!(!png.join("grain-millet-front.png").exists());
    assert!(!png.join("team-star-front-2.png").exists());
    for (name, bytes) in mine {
        assert_eq!(std::fs::read(png.join(name)).unwrap(), bytes, "{name} kept");
    }
    assert_eq!(std::fs::read_link(png.join("link.png")).unwrap(), target);
    assert_eq!(std::fs::read(&target).unwrap(), ours);
    assert!(png.join("album.png").is_dir());
}

#[test]
fn a_long_list_of_removed_images_is_cut_short() {
    let dir = build("night-grain", &["--no-pdf", "--dpi", "30"]);
    let png = dir.join("png");
    let ours = std::fs::read(png.join("grain-rye-front.png")).unwrap();
    for i in 0..8 {
        std::fs::write(png.join(format!("grain-s{i}-front.png")), &ours).unwrap();
    }
    let out = pnp()
        .args(["build", "night-grain", "--no-pdf", "--dpi", "30", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let said = "removed 8 images of faces the game no longer has: grain-s0-front.png, \
                grain-s1-front.png, grain-s2-front.png, grain-s3-front.png, grain-s4-front.png \
                and 3 more\n";
    assert!(stdout(&out).contains(said), "{}", stdout(&out));
}

/// Issue 47: a `png/` folder that is a link to another build's folder is not swept: the images
/// there are that build's.
#[test]
fn a_png_folder_that_is_a_link_is_not_swept() {
    let other = build("night-grain", &["--no-pdf", "--dpi", "30"]);
    let theirs = other.join("png");
    let ours = std::fs::read(theirs.join("grain-rye-front.png")).unwrap();
    // Of a face this game no longer has, by its name and record: a build into `theirs` would
    // remove it, one into a folder linking there must not.
    std::fs::write(theirs.join("grain-millet-front.png"), &ours).unwrap();
    let before = names(&theirs);
    let dir = temp_dir("png-link");
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(&theirs, dir.join("png")).unwrap();
    let out = pnp()
        .args(["build", "night-grain", "--no-pdf", "--dpi", "30", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stdout(&out).contains("removed"), "{}", stdout(&out));
    assert_eq!(names(&theirs), before);
    assert_eq!(
        std::fs::read(theirs.join("grain-millet-front.png")).unwrap(),
        ours
    );
}

// ---------------------------------------------------------------------------------------------
// 2. An output path that is not a regular file is refused, and left as it was.

/// Things that can be where an output goes, none of them a regular file.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    /// A link to the user's file: writing through it would change that file.
    Link,
    /// A link to nothing: writing through it would make a file where it points.
    Dangling,
    Fifo,
    Socket,
    /// A character device (a copy of /dev/null's node, made only where mknod is allowed).
    Device,
    Folder,
}

const KINDS: [Kind; 6] = [
    Kind::Link,
    Kind::Dangling,
    Kind::Fifo,
    Kind::Socket,
    Kind::Device,
    Kind::Folder,
];

/// What the refusal says each kind is.
fn said(kind: Kind) -> &'static str {
    match kind {
        Kind::Link | Kind::Dangling => "a symbolic link",
        Kind::Fifo => "a named pipe (FIFO)",
        Kind::Socket => "a socket",
        Kind::Device => "a device",
        Kind::Folder => "a folder",
    }
}

/// A thing that is not a regular file where an output goes, and what must stay true of it.
struct Blocker {
    kind: Kind,
    path: PathBuf,
    /// A link's target, outside the output folder, and the bytes it holds.
    target: PathBuf,
}

const USERS_FILE: &[u8] = b"the user's own file";

/// Makes a thing of `kind` at `path`; `None` when this system does not let the test make it (a
/// device without the right to mknod).
fn make(kind: Kind, path: &Path) -> Option<Blocker> {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let target = temp_dir("link-target").join("users-file.txt");
    let c_path = || std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    match kind {
        Kind::Link => {
            std::fs::write(&target, USERS_FILE).unwrap();
            std::os::unix::fs::symlink(&target, path).unwrap();
        }
        Kind::Dangling => std::os::unix::fs::symlink(&target, path).unwrap(),
        // SAFETY: a plain system call on a path we own.
        Kind::Fifo => assert_eq!(unsafe { libc::mkfifo(c_path().as_ptr(), 0o600) }, 0),
        Kind::Socket => drop(std::os::unix::net::UnixListener::bind(path).unwrap()),
        Kind::Device => {
            // SAFETY: as above; /dev/null's numbers (1, 3), so nothing is harmed if written.
            let made = unsafe {
                libc::mknod(
                    c_path().as_ptr(),
                    libc::S_IFCHR | 0o600,
                    libc::makedev(1, 3),
                )
            };
            if made != 0 {
                eprintln!("skipped: this system does not let the test make a device node");
                return None;
            }
        }
        Kind::Folder => std::fs::create_dir(path).unwrap(),
    }
    Some(Blocker {
        kind,
        path: path.to_path_buf(),
        target,
    })
}

impl Blocker {
    /// Asserts it is still what it was, and that nothing was written where a link points.
    fn unchanged(&self) {
        let meta = std::fs::symlink_metadata(&self.path).expect("still there");
        let kind = meta.file_type();
        let same = match self.kind {
            Kind::Link | Kind::Dangling => {
                kind.is_symlink() && std::fs::read_link(&self.path).unwrap() == self.target
            }
            Kind::Fifo => kind.is_fifo(),
            Kind::Socket => kind.is_socket(),
            Kind::Device => kind.is_char_device(),
            Kind::Folder => kind.is_dir() && names(&self.path).is_empty(),
        };
        assert!(
            same,
            "{:?} at {} was replaced",
            self.kind,
            self.path.display()
        );
        match self.kind {
            Kind::Link => assert_eq!(std::fs::read(&self.target).unwrap(), USERS_FILE),
            Kind::Dangling => assert!(!self.target.exists(), "written through the link"),
            _ => {}
        }
    }

    /// Asserts `out` is the refusal of this path: exit 1, the path and what is there named.
    fn refused(&self, out: &Output) {
        let err = stderr(out);
        assert_eq!(out.status.code(), Some(1), "{:?}: {err}", self.kind);
        assert!(err.contains("refusing to write"), "{err}");
        assert!(err.contains(&self.path.display().to_string()), "{err}");
        assert!(err.contains(said(self.kind)), "{err}");
        assert!(!err.contains("panicked"), "{err}");
        self.unchanged();
    }
}

#[test]
fn a_build_refuses_a_pdf_path_that_is_not_a_regular_file() {
    for kind in KINDS {
        let dir = temp_dir("refuse-pdf");
        let Some(blocker) = make(kind, &dir.join("night-grain.pdf")) else {
            continue;
        };
        let out = run_within(
            pnp()
                .args(["build", "night-grain", "--no-png", "--out"])
                .arg(&dir),
            20,
        );
        blocker.refused(&out);
        assert_eq!(names(&dir), ["night-grain.pdf"], "nothing else written");
    }
}

#[test]
fn a_build_refuses_an_image_path_that_is_not_a_regular_file() {
    for kind in KINDS {
        let dir = temp_dir("refuse-png");
        let Some(blocker) = make(kind, &dir.join("png/grain-barley-front.png")) else {
            continue;
        };
        // Reading a FIFO there to see whether the image is up to date would never return.
        let out = run_within(
            pnp()
                .args(["build", "night-grain", "--dpi", "30", "--out"])
                .arg(&dir),
            20,
        );
        blocker.refused(&out);
        assert_eq!(names(&dir), ["png"], "no PDF, no lock file");
        assert_eq!(names(&dir.join("png")), ["grain-barley-front.png"]);
    }
}

#[test]
fn schema_refuses_an_output_that_is_not_a_regular_file() {
    for kind in KINDS {
        let dir = temp_dir("refuse-schema");
        let Some(blocker) = make(kind, &dir.join("pnp.schema.json")) else {
            continue;
        };
        let out = run_within(pnp().args(["schema", "--out"]).arg(&blocker.path), 20);
        blocker.refused(&out);
        assert_eq!(names(&dir), ["pnp.schema.json"]);
    }
}

#[test]
fn new_refuses_paths_that_are_not_regular_files() {
    for file in ["space-goats.yaml", "pnp.schema.json"] {
        for kind in KINDS {
            let dir = temp_dir("refuse-new");
            let Some(blocker) = make(kind, &dir.join(file)) else {
                continue;
            };
            let out = run_within(pnp().args(["new", "Space Goats", "--out"]).arg(&dir), 20);
            blocker.refused(&out);
            assert_eq!(names(&dir), [file], "neither file written");
        }
    }
}

#[test]
fn tts_refuses_paths_that_are_not_regular_files() {
    for file in ["night-grain.json", "night-grain.png", "decks/aid-1.png"] {
        for kind in KINDS {
            let dir = temp_dir("refuse-tts");
            let Some(blocker) = make(kind, &dir.join(file)) else {
                continue;
            };
            let out = run_within(
                pnp()
                    .args(["tts", "night-grain", "--dpi", "30", "--out"])
                    .arg(&dir),
                20,
            );
            blocker.refused(&out);
            let mut written = files(&dir);
            written.retain(|f| f != file);
            assert!(written.is_empty(), "written: {written:?}");
        }
    }
    // The copy into Tabletop Simulator's folder too.
    let home = temp_dir("refuse-tts-home");
    let saves = home.join("Saves/Saved Objects");
    let blocker = make(Kind::Link, &saves.join("night-grain.json")).unwrap();
    let out = pnp()
        .args(["tts", "night-grain", "--dpi", "30", "--install", "--out"])
        .arg(temp_dir("refuse-tts-out"))
        .env("PNP_TTS_DIR", &home)
        .output()
        .unwrap();
    blocker.refused(&out);
    assert_eq!(names(&saves), ["night-grain.json"]);
}

#[test]
fn sheets_refuse_an_output_that_is_not_a_regular_file() {
    for kind in KINDS {
        let dir = temp_dir("refuse-sheets");
        let Some(blocker) = make(kind, &dir.join("the-beast-sheets.pdf")) else {
            continue;
        };
        let out = run_within(
            pnp()
                .args(["sheets", "the-beast", "--players", "2", "--out"])
                .arg(&dir),
            20,
        );
        blocker.refused(&out);
        assert_eq!(names(&dir), ["the-beast-sheets.pdf"]);
    }
}

#[test]
fn a_lock_file_that_is_a_link_is_refused_and_not_followed() {
    let dir = temp_dir("refuse-lock");
    let blocker = make(Kind::Link, &dir.join(".pnp-lock")).unwrap();
    let out = run_within(
        pnp()
            .args(["build", "night-grain", "--no-png", "--out"])
            .arg(&dir),
        20,
    );
    blocker.refused(&out);
    assert_eq!(names(&dir), [".pnp-lock"]);
}

// ---------------------------------------------------------------------------------------------
// 3. Builds into one folder take turns, and sweep only temporaries whose owner is gone.

#[test]
fn builds_into_one_folder_at_once_all_succeed_with_one_builds_files() {
    let dir = temp_dir("together");
    let reference = build("night-grain", &[]);
    let children: Vec<_> = (0..3)
        .map(|_| {
            pnp()
                .args(["build", "night-grain", "--out"])
                .arg(&dir)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    assert_eq!(leftovers(&dir), Vec::<String>::new());
    let pdf = std::fs::read(dir.join("night-grain.pdf")).unwrap();
    load_pdf(&pdf);
    // Byte for byte what one build alone makes.
    assert_eq!(files(&dir), files(&reference));
    for f in files(&reference) {
        assert!(
            std::fs::read(dir.join(&f)).unwrap() == std::fs::read(reference.join(&f)).unwrap(),
            "{f} differs"
        );
    }
}

#[test]
fn a_build_waits_for_the_build_that_holds_the_folder() {
    let dir = temp_dir("wait");
    // This test holds the lock as a build would.
    let lock = std::fs::File::create(dir.join(".pnp-lock")).unwrap();
    lock.lock().unwrap();
    let mut child = pnp()
        .args(["build", "night-grain", "--no-png", "--out"])
        .arg(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Until it says it waits (however busy the machine), then a little longer: still waiting.
    let waited = format!("waiting for another pnp build into {}", dir.display());
    let said = {
        let (tx, rx) = std::sync::mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        let reader = std::thread::spawn(move || {
            use std::io::BufRead;
            let mut all = String::new();
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                let _ = tx.send(line.clone());
                all.push_str(&line);
                all.push('\n');
            }
            all
        });
        let said_wait = std::iter::from_fn(|| rx.recv_timeout(Duration::from_secs(120)).ok())
            .any(|line| line.contains(&waited));
        assert!(said_wait, "it never said it waits");
        std::thread::sleep(Duration::from_millis(300));
        assert!(child.try_wait().unwrap().is_none(), "it did not wait");
        assert!(!dir.join("night-grain.pdf").exists());
        drop(lock);
        let status = child.wait().unwrap();
        let said = reader.join().unwrap();
        assert_eq!(status.code(), Some(0), "{said}");
        said
    };
    assert!(said.contains(&waited), "{said}");
    assert!(dir.join("night-grain.pdf").exists());
    assert_eq!(leftovers(&dir), Vec::<String>::new(), "lock file removed");
}

#[test]
fn a_build_sweeps_only_temporaries_whose_process_is_gone() {
    let dir = temp_dir("sweep");
    std::fs::create_dir_all(dir.join("png")).unwrap();
    // A finished process's (no pid is this large): stale.
    let stale = [
        dir.join(".night-grain.pdf.999999998-1.pnp-tmp"),
        dir.join("png/.aid-front.png.999999999-0.pnp-tmp"),
    ];
    // This test process's: another pnp (`schema --out`) could be writing it now.
    let live = dir.join(format!(".pnp.schema.json.{}-0.pnp-tmp", std::process::id()));
    // Issue 47: named like a temporary but with no process number, so the user's own.
    let users = [
        dir.join(".something.pnp-tmp"),
        dir.join("png/.night-grain.pdf.pnp-tmp"),
    ];
    for f in stale.iter().chain([&live]).chain(&users) {
        std::fs::write(f, b"half written").unwrap();
    }
    let out = pnp()
        .args(["build", "night-grain", "--dpi", "30", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stale.iter().all(|f| !f.exists()), "stale ones swept");
    for kept in users.iter().chain([&live]) {
        assert_eq!(std::fs::read(kept).unwrap(), b"half written", "{kept:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// 4. A full disk leaves no temporary behind.

/// `pnp` that may write files of at most `bytes`: a larger write fails with EFBIG, as on a
/// full disk (SIGXFSZ ignored, so the write returns the error instead of killing pnp).
fn pnp_with_file_limit(bytes: u64) -> Command {
    let mut cmd = pnp();
    // SAFETY: setrlimit and signal are async-signal-safe; nothing else runs before exec.
    unsafe {
        cmd.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes as libc::rlim_t,
                rlim_max: bytes as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            Ok(())
        });
    }
    cmd
}

/// Every file under `dir` with its bytes.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let files = files(dir);
    files
        .into_iter()
        .map(|f| {
            let bytes = std::fs::read(dir.join(&f)).unwrap();
            (f, bytes)
        })
        .collect()
}

#[test]
fn images_that_do_not_fit_on_the_disk_leave_no_temporary() {
    let dir = build("night-grain", &["--dpi", "30"]);
    let before = contents(&dir);
    // At 300 dpi the images are tens of KB: the first larger than 16 KB fails.
    let out = pnp_with_file_limit(16 << 10)
        .args(["build", "night-grain", "--no-pdf", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("File too large") && err.contains(".png"),
        "{err}"
    );
    assert!(
        err.contains("nothing of this build was put in place"),
        "{err}"
    );
    assert_eq!(leftovers(&dir), Vec::<String>::new());
    assert!(
        contents(&dir) == before,
        "the earlier build's files untouched"
    );
}

/// Issue 47: a build that fails once it has made its folders removes those it made, when empty,
/// and no other folder: not the parent the user named, and not a folder holding a file.
#[test]
fn a_failed_build_leaves_none_of_the_folders_it_made() {
    let root = temp_dir("failed-folders");
    let new = root.join("a/b/out");
    let out = pnp_with_file_limit(16 << 10)
        .args(["build", "night-grain", "--dpi", "300", "--out"])
        .arg(&new)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        !root.join("a").exists(),
        "made and left: {:?}",
        files(&root)
    );
    assert!(root.is_dir(), "the folder that was there stays");
    // A folder of the user's in the way stays, with what is in it.
    std::fs::create_dir_all(root.join("mine")).unwrap();
    std::fs::write(root.join("mine/notes.txt"), b"mine").unwrap();
    let out = pnp_with_file_limit(16 << 10)
        .args(["build", "night-grain", "--dpi", "300", "--out"])
        .arg(root.join("mine"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(names(&root.join("mine")), ["notes.txt"]);
}

#[test]
fn a_pdf_that_does_not_fit_on_the_disk_leaves_no_temporary() {
    let dir = build("night-grain", &["--no-png"]);
    let before = contents(&dir);
    let out = pnp_with_file_limit(16 << 10)
        .args([
            "build",
            "night-grain",
            "--no-png",
            "--paper",
            "letter",
            "--out",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(leftovers(&dir), Vec::<String>::new());
    assert!(contents(&dir) == before, "the earlier PDF untouched");
}

// ---------------------------------------------------------------------------------------------
// 5. Standard output or error that cannot be written.

fn dev_full() -> std::fs::File {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full")
}

#[test]
fn a_full_standard_output_is_an_output_failure_not_a_panic() {
    let new_dir = temp_dir("full-new");
    let build_dir = temp_dir("full-build");
    let cases: [Vec<&std::ffi::OsStr>; 10] = [
        vec!["list".as_ref()],
        vec!["man".as_ref()],
        vec!["schema".as_ref()],
        vec!["--help".as_ref()],
        vec!["build".as_ref(), "--help".as_ref()],
        vec!["--version".as_ref()],
        vec!["completions".as_ref(), "bash".as_ref()],
        vec!["validate".as_ref(), "night-grain".as_ref()],
        vec![
            "new".as_ref(),
            "Goats".as_ref(),
            "--out".as_ref(),
            new_dir.as_os_str(),
        ],
        vec![
            "build".as_ref(),
            "night-grain".as_ref(),
            "--no-png".as_ref(),
            "--out".as_ref(),
            build_dir.as_os_str(),
        ],
    ];
    for args in cases {
        let out = pnp().args(&args).stdout(dev_full()).output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("error: cannot write to standard output: No space left on device"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        // The build's files are in place: the note that nothing was would be false.
        assert!(!err.contains("nothing of this build"), "{args:?}: {err}");
    }
    assert!(build_dir.join("night-grain.pdf").exists());
}

#[test]
fn a_full_standard_error_does_not_change_the_exit_code() {
    let dir = temp_dir("full-stderr");
    let out = dir.to_str().unwrap();
    let cases: [(&[&str], i32); 3] = [
        (&["validate", "no-such-game"], 2),
        (&["build", "--no-such-flag"], 2),
        // Its warning (rules not validated) cannot be shown; the build itself succeeds.
        (
            &[
                "build",
                "night-grain",
                "--no-png",
                "--no-validate",
                "--out",
                out,
            ],
            0,
        ),
    ];
    for (args, code) in cases {
        let run = pnp().args(args).stderr(dev_full()).output().unwrap();
        assert_eq!(run.status.code(), Some(code), "{args:?}");
    }
    assert!(dir.join("night-grain.pdf").exists());
}

#[test]
fn a_reader_that_goes_away_still_ends_pnp_quietly() {
    // `pnp man | head`: the reader has gone before pnp writes.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = pnp().arg("man").stdout(writer).output().unwrap();
    assert_eq!(out.status.signal(), Some(libc::SIGPIPE), "{:?}", out.status);
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
}

#[test]
fn a_build_with_nothing_to_print_reports_only_what_it_made() {
    // No components at all, and one component of 0 copies: either way the cover alone.
    for (name, components) in [
        ("none", "components: []\n"),
        (
            "zero-copies",
            "components:\n  - id: c\n    kind: card\n    size: poker\n    copies: 0\n    front: {title: A}\n",
        ),
    ] {
        let dir = temp_dir(&format!("nothing-to-print-{name}"));
        let yaml = dir.join("empty.yaml");
        std::fs::write(
            &yaml,
            format!("game: {{id: empty, name: Empty, players: [2]}}\n{components}"),
        )
        .unwrap();
        let out_dir = dir.join("out");
        let out = run(&[
            "build",
            yaml.to_str().unwrap(),
            "--out",
            out_dir.to_str().unwrap(),
        ]);
        let (said, err) = (stdout(&out), stderr(&out));
        assert!(out.status.success(), "{name}: {err}");
        assert!(err.contains("warning: nothing to print"), "{name}: {err}");
        // One page, said in the singular, and no line for a folder never made.
        assert!(said.contains("(1 page, "), "{name}: {said}");
        assert!(said.contains("0 pieces on 1 page,"), "{name}: {said}");
        assert!(!said.contains("png"), "{name}: {said}");
        assert!(!dir.join("out/png").exists(), "{name}");
        assert_eq!(files(&dir.join("out")), ["empty.pdf"], "{name}");
    }
}

#[test]
fn a_failed_manual_says_nothing_was_written_not_that_a_build_was() {
    let dir = temp_dir("man-out-file");
    let file = dir.join("notes.txt");
    std::fs::write(&file, "mine").unwrap();
    let out = pnp().args(["man", "--out"]).arg(&file).output().unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("is not a directory"), "{err}");
    assert!(err.contains("note: nothing was written"), "{err}");
    assert!(!err.contains("build"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
}

// ---------------------------------------------------------------------------------------------
// Issue 47: a panic in a library that draws fails the build with an error, never an abort.

/// krilla panics on a drawing with coordinates near f32's limit (pictures are refused before
/// that; here a face's own SVG is swapped for one behind the checks' back): the PDF is an error
/// that says so, and the process goes on (an assertion in krilla's drop, failing while the panic
/// unwound, used to abort it).
#[test]
fn a_panic_while_drawing_the_pdf_is_an_error() {
    let game = pnp::kinds::load("night-grain").unwrap();
    let mut doc =
        pnp::commands::prepare(&game, &pnp::commands::options::BuildOptions::default()).unwrap();
    let (w, h) = (doc.faces.docs[0].w, doc.faces.docs[0].h);
    let hostile = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}"><path d="M-1e38 -1e38 L1e38 1e38 L1e38 -1e38 Z" fill="red"/></svg>"#
    );
    doc.faces.docs[0].source = pnp::resolve::Source::Svg(hostile.into());
    let err = pnp::commands::pdf_bytes(&doc).unwrap_err();
    assert_eq!(err.exit_code(), 1);
    assert!(
        err.to_string().starts_with("could not make the outputs: "),
        "{err}"
    );
}
