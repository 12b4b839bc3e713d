//! What `holds:` puts on a component's spaces, as the kinds see it: the spaces it names exist.
use super::{CheckCx, Kind};

/// Each space a `holds:` entry names is one of the component's (`Kind::rooms`).
pub fn check_spaces(kind: &dyn Kind, cx: &mut CheckCx) {
    let c = cx.component;
    if c.holds.iter().all(|h| h.value.spaces.is_empty()) {
        return;
    }
    let game = cx.game;
    let Some(ci) = game.spec.components.iter().position(|o| std::ptr::eq(o, c)) else {
        return;
    };
    let pieces = super::piece::expand(game);
    let Some(piece) = pieces.iter().find(|p| p.component == ci) else {
        return;
    };
    let rooms = kind.rooms(game, piece);
    let names: Vec<&str> = rooms.iter().map(|r| r.name.as_str()).collect();
    for h in &c.holds {
        for name in &h.value.spaces {
            if names.contains(&name.as_str()) {
                continue;
            }
            let message = match names.is_empty() {
                true => format!(
                    "`holds:` names space `{name}`, but `{}` has no spaces: what it holds lies on the piece itself; leave out `spaces:`",
                    c.id.value
                ),
                false => {
                    let shown: Vec<String> =
                        names.iter().take(12).map(|n| format!("`{n}`")).collect();
                    let more = if names.len() > 12 { ", …" } else { "" };
                    format!(
                        "`holds:` names space `{name}`, but `{}` has no such space: its spaces are {}{more}",
                        c.id.value,
                        shown.join(", ")
                    )
                }
            };
            cx.at(h, message);
        }
    }
}
