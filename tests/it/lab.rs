//! The fairness labs (`vpoker::lab`): exact run counts, card-by-position counts and their χ² test,
//! the deal-frequency table, the big numbers, the shuffle-bag demo and its exact figures, the
//! pity timer and the game's own kind-deal bags.

#[path = "lab/bags.rs"]
mod bags;
#[path = "lab/chi2.rs"]
mod chi2;
#[path = "lab/deals.rs"]
mod deals;
#[path = "lab/exact.rs"]
mod exact;
#[path = "lab/numbers.rs"]
mod numbers;
#[path = "lab/pity.rs"]
mod pity;
#[path = "lab/positions.rs"]
mod positions;

use vpoker::shuffle::Seed;

/// A seed from a small number (its bytes are the number's, repeated).
fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = (n >> (8 * (i % 8))) as u8 ^ (i as u8).wrapping_mul(37);
    }
    Seed::from_bytes(bytes)
}
