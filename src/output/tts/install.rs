//! Where Tabletop Simulator looks for saved objects. `PNP_TTS_DIR` overrides the platform's
//! Tabletop Simulator folder (tests use it so they never touch a real home).
use std::path::PathBuf;

pub const ENV_DIR: &str = "PNP_TTS_DIR";

/// `<Tabletop Simulator folder>/Saves/Saved Objects`, or why it cannot be found.
/// Why Tabletop Simulator's folder cannot be found.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum InstallError {
    #[error("{ENV_DIR} is set but empty: set it to the Tabletop Simulator folder, or unset it")]
    EmptyVariable,
    #[error("cannot find your home folder; set {ENV_DIR} to the Tabletop Simulator folder")]
    NoHome,
}

pub fn saved_objects_dir() -> Result<PathBuf, InstallError> {
    Ok(tts_dir()?.join("Saves").join("Saved Objects"))
}

fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// The Tabletop Simulator folder: `$PNP_TTS_DIR`, else Windows `Documents/My Games/Tabletop
/// Simulator`, macOS `~/Library/Tabletop Simulator`, Linux `~/.local/share/Tabletop Simulator`.
pub fn tts_dir() -> Result<PathBuf, InstallError> {
    match std::env::var_os(ENV_DIR) {
        // Not the default folder: the user meant to choose one.
        Some(v) if v.is_empty() => {
            return Err(InstallError::EmptyVariable);
        }
        Some(dir) => return Ok(PathBuf::from(dir)),
        None => {}
    }
    let missing = || InstallError::NoHome;
    if cfg!(windows) {
        let home = env_path("USERPROFILE").ok_or_else(missing)?;
        Ok(home
            .join("Documents")
            .join("My Games")
            .join("Tabletop Simulator"))
    } else if cfg!(target_os = "macos") {
        let home = env_path("HOME").ok_or_else(missing)?;
        Ok(home.join("Library").join("Tabletop Simulator"))
    } else {
        let data = env_path("XDG_DATA_HOME")
            .or_else(|| env_path("HOME").map(|h| h.join(".local").join("share")))
            .ok_or_else(missing)?;
        Ok(data.join("Tabletop Simulator"))
    }
}
