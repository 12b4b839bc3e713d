//! Where Tabletop Simulator keeps its saves. `PNP_TTS_DIR` overrides the platform's Tabletop
//! Simulator folder (tests use it so they never touch a real home).
//!
//! The folders, from the knowledge base (`getting-started/technical-info.md`): Windows
//! `Documents\My Games\Tabletop Simulator`, macOS `~/Library/Tabletop Simulator`, Linux
//! `~/.local/share/Tabletop Simulator`; saves in its `Saves`, saved objects in
//! `Saves/Saved Objects`. On Windows the Documents folder may have been moved (to OneDrive,
//! another drive): it is asked of Windows (the Documents known folder, `SHGetKnownFolderPath`,
//! through the `dirs` crate), not assumed to be `%USERPROFILE%\Documents`.
use std::path::PathBuf;

pub const ENV_DIR: &str = "PNP_TTS_DIR";

/// Why Tabletop Simulator's folder cannot be found.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum InstallError {
    #[error("{ENV_DIR} is set but empty: set it to the Tabletop Simulator folder, or unset it")]
    EmptyVariable,
    #[error("cannot find your home folder; set {ENV_DIR} to the Tabletop Simulator folder")]
    NoHome,
}

/// `<Tabletop Simulator folder>/Saves`, or why it cannot be found.
pub fn saves_dir() -> Result<PathBuf, InstallError> {
    Ok(tts_dir()?.join("Saves"))
}

/// `<Tabletop Simulator folder>/Saves/Saved Objects`, or why it cannot be found.
pub fn saved_objects_dir() -> Result<PathBuf, InstallError> {
    Ok(saves_dir()?.join("Saved Objects"))
}

fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// The Tabletop Simulator folder: `$PNP_TTS_DIR`, else the platform's.
pub fn tts_dir() -> Result<PathBuf, InstallError> {
    match std::env::var_os(ENV_DIR) {
        // Not the default folder: the user meant to choose one.
        Some(v) if v.is_empty() => Err(InstallError::EmptyVariable),
        Some(dir) => Ok(PathBuf::from(dir)),
        None => platform_dir(),
    }
}

#[cfg(windows)]
fn platform_dir() -> Result<PathBuf, InstallError> {
    let documents = dirs::document_dir()
        .or_else(|| env_path("USERPROFILE").map(|home| home.join("Documents")))
        .ok_or(InstallError::NoHome)?;
    Ok(documents.join("My Games").join("Tabletop Simulator"))
}

#[cfg(target_os = "macos")]
fn platform_dir() -> Result<PathBuf, InstallError> {
    let home = env_path("HOME").ok_or(InstallError::NoHome)?;
    Ok(home.join("Library").join("Tabletop Simulator"))
}

#[cfg(not(any(windows, target_os = "macos")))]
fn platform_dir() -> Result<PathBuf, InstallError> {
    let data = env_path("XDG_DATA_HOME")
        .or_else(|| env_path("HOME").map(|h| h.join(".local").join("share")))
        .ok_or(InstallError::NoHome)?;
    Ok(data.join("Tabletop Simulator"))
}
