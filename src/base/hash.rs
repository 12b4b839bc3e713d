//! Content hashes: equal bytes, equal hash. A picture is named by its bytes' hash and identical
//! faces are told apart by their SVG's (a collision among a game's at most 40,000 faces is about
//! as likely as 2^-98).
use siphasher::sip128::{Hasher128, SipHasher13};
use std::hash::Hasher;

/// The 128-bit hash of `bytes`.
pub fn of(bytes: &[u8]) -> u128 {
    let mut h = SipHasher13::new();
    h.write(bytes);
    h.finish128().as_u128()
}
