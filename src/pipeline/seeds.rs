//! Hand seeds from a master seed: the one way many hands are seeded from one seed.
//!
//! Stream `k` of ChaCha20 keyed by the master seed's 32 bytes gives hand seeds one after another,
//! 32 bytes each (`fill_bytes`). `vpoker simulate` and the deal-frequency lab give chunk k stream k
//! (so a result never depends on the number of threads); the CLI's scripted play uses stream 0.

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};

use sha2::{Digest, Sha256};

use crate::shuffle::Seed;

/// The seed a hand for chips is dealt from when whoever deals chose `given` (the CLI's `fill`):
/// SHA-256("video-poker/chosen-for-chips" ‖ the given seed's 32 bytes ‖ the hand's id as 8 bytes
/// big-endian). Hand ids never repeat in a history, so the same chosen seed given again (a second
/// `fill --seed S`) deals other hands: no seed is dealt twice for chips. The hand is stored with
/// this seed, marked chosen.
pub fn chosen_for_chips(given: &Seed, hand_id: i64) -> Seed {
    let mut hasher = Sha256::new();
    hasher.update(b"video-poker/chosen-for-chips");
    hasher.update(given.bytes());
    hasher.update((hand_id as u64).to_be_bytes());
    Seed::from_bytes(hasher.finalize().into())
}

/// An endless run of hand seeds drawn from a master seed on one ChaCha20 stream.
#[derive(Clone, Debug)]
pub struct HandSeeds {
    rng: ChaCha20Rng,
}

impl HandSeeds {
    /// The hand seeds of `master` on `stream`.
    pub fn new(master: &Seed, stream: u64) -> HandSeeds {
        let mut rng = ChaCha20Rng::from_seed(master.bytes());
        rng.set_stream(stream);
        HandSeeds { rng }
    }

    /// The next hand seed.
    pub fn draw(&mut self) -> Seed {
        let mut bytes = [0u8; 32];
        self.rng.fill_bytes(&mut bytes);
        Seed::from_bytes(bytes)
    }
}

impl Iterator for HandSeeds {
    type Item = Seed;

    fn next(&mut self) -> Option<Seed> {
        Some(self.draw())
    }
}
