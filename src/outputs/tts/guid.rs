//! GUIDs: six hex characters, unique in one file, and the same on every run. Each is derived
//! from a hash (FNV-1a, 64 bit) of the object's path in the export ("night-grain/grain/amaranth/1");
//! the rare collision is resolved by hashing the path again with a counter.
use std::collections::HashSet;

#[derive(Debug, Default)]
pub struct Guids {
    used: HashSet<String>,
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

impl Guids {
    pub fn new() -> Self {
        Guids::default()
    }

    /// The GUID of the object at `path`; never one already handed out.
    pub fn of(&mut self, path: &str) -> String {
        unused(&mut self.used, path, |h| {
            // Fold the 64 bits into 24 so every bit of the hash counts.
            format!("{:06x}", (h ^ (h >> 24) ^ (h >> 48)) & 0xff_ffff)
        })
    }
}

/// The value `make` gives the hash of `path` (then of `path#1`, `path#2`… on a collision) that
/// is not yet in `used`, which then holds it.
pub(super) fn unused<T: Eq + std::hash::Hash + Clone>(
    used: &mut HashSet<T>,
    path: &str,
    make: impl Fn(u64) -> T,
) -> T {
    let mut salt = 0u32;
    loop {
        let key = match salt {
            0 => path.to_string(),
            _ => format!("{path}#{salt}"),
        };
        let value = make(fnv1a(key.as_bytes()));
        if used.insert(value.clone()) {
            return value;
        }
        salt += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guids_are_six_hex_unique_and_repeatable() {
        let mut a = Guids::new();
        let mut b = Guids::new();
        let mut seen = HashSet::new();
        for i in 0..20_000 {
            let p = format!("game/component/{i}");
            let g = a.of(&p);
            assert_eq!(g.len(), 6);
            assert!(g.chars().all(|c| c.is_ascii_hexdigit()));
            assert!(seen.insert(g.clone()), "duplicate {g}");
            assert_eq!(b.of(&p), g, "same path, same GUID");
        }
    }

    #[test]
    fn the_same_path_twice_still_gets_a_fresh_guid() {
        let mut g = Guids::new();
        assert_ne!(g.of("x"), g.of("x"));
    }
}
