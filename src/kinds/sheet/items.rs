//! What the rules read of a record sheet: the labels of its only track and what is printed
//! inside its spaces (`labels:`, `blank:`).
use super::SheetSpec;
use super::model::{Section, Track};
use crate::spec::items::{Inside, NotOneTrack};

/// Its track, when it has exactly one: what `labels:` and `blank:` read.
fn only_track(sheet: &SheetSpec) -> Result<&Track, NotOneTrack> {
    let tracks: Vec<&Track> = super::all_sections(sheet)
        .into_iter()
        .filter_map(|s| match s {
            Section::Track(t) => Some(t),
            _ => None,
        })
        .collect();
    match tracks[..] {
        [one] => Ok(one),
        _ => Err(NotOneTrack {
            tracks: tracks.len(),
        }),
    }
}

/// The labels printed beside each space of its only track, in order ("" where none).
pub(super) fn labels(sheet: &SheetSpec) -> Result<Vec<String>, NotOneTrack> {
    only_track(sheet).map(|t| {
        (0..t.spaces.value as usize)
            .map(|i| t.labels.get(i).cloned().unwrap_or_default())
            .collect()
    })
}

/// What is printed inside the spaces of its only track: its pre-printed `values` (labels are
/// printed outside, but more labels than spaces would spill in).
pub(super) fn printed_inside(sheet: &SheetSpec) -> Result<Inside, NotOneTrack> {
    only_track(sheet).map(|t| {
        let mut printed: Vec<String> = t
            .values
            .iter()
            .map(|(k, v)| format!("space {k} shows `{v}` inside"))
            .collect();
        if t.labels.len() > t.spaces.value as usize {
            printed.push(format!(
                "{} labels for {} spaces",
                t.labels.len(),
                t.spaces.value
            ));
        }
        Inside {
            printed,
            blank: format!("{} spaces, every one blank inside", t.spaces.value),
        }
    })
}
