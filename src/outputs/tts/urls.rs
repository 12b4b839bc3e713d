//! The URLs of the export's images. A local export points TTS at its files with `file:///`
//! URLs; a path is written as a URL path, its reserved characters percent-encoded (RFC 3986:
//! `#` starts a fragment, `?` a query, `%` an escape, and a space is not allowed), so that a
//! folder called `Games #2` or `100% done` still names its files.
use percent_encoding::{AsciiSet, CONTROLS, utf8_percent_encode};
use std::path::Path;

/// What a URL path may not carry as it is: controls, space, `"#%<>?[\]^`{|}` and (by
/// `utf8_percent_encode`) every byte outside ASCII. `/` and `:` (a Windows drive) stay.
const PATH: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'[')
    .add(b'\\')
    .add(b']')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

/// `path` escaped as the path of a URL.
pub fn escape_path(path: &str) -> String {
    utf8_percent_encode(path, PATH).to_string()
}

/// The `file:///` URL of a folder (absolute), `/`-separated, escaped, ending in `/`.
pub fn file_url(dir: &Path) -> String {
    let s = dir.to_string_lossy().replace('\\', "/");
    // Windows' canonical paths start with `//?/`.
    let s = s.strip_prefix("//?/").unwrap_or(&s);
    let s = s.trim_start_matches('/').trim_end_matches('/');
    format!("file:///{}/", escape_path(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_urls_have_three_slashes_end_in_one_and_escape_the_path() {
        assert_eq!(file_url(Path::new("/home/a/tts")), "file:///home/a/tts/");
        assert_eq!(
            file_url(Path::new(r"\\?\C:\Users\a\tts")),
            "file:///C:/Users/a/tts/"
        );
        assert_eq!(
            file_url(Path::new("/home/a/Games #2/100% done/my tts")),
            "file:///home/a/Games%20%232/100%25%20done/my%20tts/"
        );
        assert_eq!(file_url(Path::new("/home/é")), "file:///home/%C3%A9/");
        assert_eq!(escape_path("decks/aid-1.png"), "decks/aid-1.png");
    }
}
