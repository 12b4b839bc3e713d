//! `include: [piecepack]`: a game that uses another game's components (Cream of the Crop is
//! played with one piecepack). The included game is loaded and checked on its own first, so its
//! errors name its own file; then its components (and axes this game does not redefine) are
//! put before this game's own. Rules are not included: each game states its own.
use super::kind::Kinds;
use std::path::{Path, PathBuf};

use super::load::parse;
use super::model::GameSpec;
use crate::base::diagnostic::Diagnostic;
use crate::spec::SpecError;

/// How deep includes may nest; deeper is almost surely a cycle.
pub const MAX_DEPTH: usize = 4;

/// The file an `include:` name means in `dir`: `lib/base.yaml` as written, `base` as `base.yaml`.
pub(crate) fn file_of(name: &str, dir: &Path) -> PathBuf {
    if name.ends_with(".yaml") || name.ends_with(".yml") {
        dir.join(name)
    } else {
        dir.join(format!("{name}.yaml"))
    }
}

/// Where an included game's YAML is: a plain file beside the including file (inside its
/// folder once links are followed), else a shipped game. `refused` makes the error for a file
/// there that cannot be read.
type Found = (String, Vec<u8>, Option<PathBuf>);
fn locate(
    name: &str,
    dir: Option<&Path>,
    refused: impl FnOnce(String) -> SpecError,
) -> Result<Option<Found>, SpecError> {
    use crate::base::assets::NotPlain;
    if let Some(dir) = dir {
        let file = file_of(name, dir);
        let inside = !name.contains("..") && !Path::new(name).is_absolute();
        if inside {
            let shown = file.display().to_string();
            match crate::base::assets::read_plain(&file, dir, super::MAX_YAML_BYTES) {
                Ok(bytes) => return Ok(Some((shown, bytes, file.parent().map(Path::to_path_buf)))),
                // None there: the shipped games.
                Err(NotPlain::Missing) => {}
                Err(NotPlain::TooLarge { .. }) => {
                    return Err(super::load::too_large(&shown, None));
                }
                Err(why) => {
                    return Err(refused(format!(
                        "cannot include `{name}`: `{shown}`: {why}"
                    )));
                }
            }
        }
    }
    Ok(crate::base::assets::game(name).map(|b| (format!("data/{name}.yaml"), b.to_vec(), None)))
}

/// Merges every included game into `spec`. `stack` holds the files being included, outermost
/// first, to refuse cycles; `dirs` gets the folder of every game included from a file (nested
/// ones too), whose `symbols/` its components draw with.
pub fn resolve<K: Kinds>(
    spec: &mut GameSpec<K>,
    file: &str,
    dir: Option<&Path>,
    stack: &mut Vec<String>,
    dirs: &mut Vec<PathBuf>,
) -> Result<(), SpecError> {
    let includes = std::mem::take(&mut spec.include);
    let mut components = Vec::new();
    for name in &includes {
        let at = |message: String| SpecError::Yaml(Diagnostic::at(file, name, message));
        let Some((inc_file, bytes, inc_dir)) = locate(&name.value, dir, at)? else {
            return Err(at(format!(
                "cannot include `{}`: no file `{}.yaml` beside this one and no shipped game of that name (shipped: {})",
                name.value,
                name.value,
                crate::base::assets::game_ids().join(", ")
            )));
        };
        if stack.contains(&inc_file) || stack.len() >= MAX_DEPTH {
            return Err(at(format!(
                "cannot include `{}`: includes go round in a circle or nest deeper than {MAX_DEPTH} ({})",
                name.value,
                stack.join(" → ")
            )));
        }
        stack.push(inc_file.clone());
        // Checked on its own, so its problems are reported against its own file.
        super::from_bytes_nested::<K>(&inc_file, bytes.clone(), inc_dir.clone(), stack)?;
        let mut inc = parse(&inc_file, &bytes)?;
        if let Some(d) = &inc_dir
            && !dirs.contains(d)
        {
            dirs.push(d.clone());
        }
        resolve(&mut inc, &inc_file, inc_dir.as_deref(), stack, dirs)?;
        stack.pop();
        for (axis, values) in inc.axes {
            spec.axes.entry(axis).or_insert(values);
        }
        for mut c in inc.components {
            if c.origin.is_none() {
                c.origin = Some(inc_file.clone());
                c.origin_dir = inc_dir.clone();
            }
            components.push(c);
        }
    }
    spec.include = includes;
    components.append(&mut spec.components);
    spec.components = components;
    Ok(())
}
