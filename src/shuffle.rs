//! The deck and its shuffles.
//!
//! Dealing uses exactly one shuffle: Fisher–Yates over a fresh 52-card deck, driven by ChaCha20
//! seeded with a 32-byte [`Seed`]. The same seed always gives the same deck. Two more shuffles
//! exist only so the fairness lab and audits can compare them, never for dealing: the
//! sort-by-random-keys shuffle (restarting on a key collision), and the biased "swap with any
//! position" variant.
//!
//! Every shuffle takes its randomness as a [`Chooser`] parameter: this module never touches a
//! global or thread RNG, so tests can enumerate every possible sequence of choices.

use std::fmt;
use std::str::FromStr;

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::Card;

/// A source of uniform choices. `below(n)` returns a value uniform in `0..n` (n ≥ 1).
pub trait Chooser {
    /// A uniformly chosen value in `0..n`.
    fn below(&mut self, n: u32) -> u32;
    /// A uniformly random 32-bit key (for the sort-by-key shuffle).
    fn key(&mut self) -> u32;
}

impl<R: RngCore> Chooser for R {
    /// Lemire's multiply-and-reject: exactly uniform, no modulo bias.
    fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "below(0) has no values");
        let threshold = n.wrapping_neg() % n;
        loop {
            let product = u64::from(self.next_u32()) * u64::from(n);
            if (product as u32) >= threshold {
                return (product >> 32) as u32;
            }
        }
    }

    fn key(&mut self) -> u32 {
        self.next_u32()
    }
}

/// The three shuffles the fairness lab knows. Only [`Algorithm::FisherYates`] ever deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// i from n−1 down to 1, j uniform in 0..=i, swap: every ordering equally likely.
    FisherYates,
    /// Sort by keys: a random 32-bit key per card, sort by key, start again on a collision.
    SortKeys,
    /// The tempting variant write-ups on shuffling warn about (docs/LAB.md): each position swaps with any position. Biased.
    Biased,
}

impl Algorithm {
    /// The algorithm's command-line name.
    pub fn id(self) -> &'static str {
        match self {
            Algorithm::FisherYates => "fisher-yates",
            Algorithm::SortKeys => "sort-keys",
            Algorithm::Biased => "biased",
        }
    }

    /// Parses a command-line name.
    pub fn from_id(id: &str) -> Option<Algorithm> {
        match id {
            "fisher-yates" => Some(Algorithm::FisherYates),
            "sort-keys" => Some(Algorithm::SortKeys),
            "biased" => Some(Algorithm::Biased),
            _ => None,
        }
    }

    /// Shuffles `items` in place with this algorithm.
    pub fn shuffle<T: Copy>(self, items: &mut [T], chooser: &mut impl Chooser) {
        match self {
            Algorithm::FisherYates => fisher_yates(items, chooser),
            Algorithm::SortKeys => sort_keys(items, chooser),
            Algorithm::Biased => biased_swap_any(items, chooser),
        }
    }
}

/// Fisher–Yates: for i from n−1 down to 1, swap i with j uniform in 0..=i.
pub fn fisher_yates<T>(items: &mut [T], chooser: &mut impl Chooser) {
    for i in (1..items.len()).rev() {
        let j = chooser.below(i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

/// Sort-by-keys shuffle: every item gets a random 32-bit key, the items are sorted by key, and the
/// whole draw starts again if two keys collide (so ties can never favour an order).
pub fn sort_keys<T: Copy>(items: &mut [T], chooser: &mut impl Chooser) {
    let mut keyed: Vec<(u32, T)> = Vec::with_capacity(items.len());
    loop {
        keyed.clear();
        keyed.extend(items.iter().map(|&item| (chooser.key(), item)));
        keyed.sort_unstable_by_key(|&(key, _)| key);
        if keyed.windows(2).all(|w| w[0].0 != w[1].0) {
            break;
        }
    }
    for (slot, (_, item)) in items.iter_mut().zip(keyed) {
        *slot = item;
    }
}

/// The biased "swap with any position" variant, kept only to show its bias: every position is swapped
/// with a position chosen from the whole slice, giving n^n equally likely runs over n! orderings.
pub fn biased_swap_any<T>(items: &mut [T], chooser: &mut impl Chooser) {
    let n = items.len() as u32;
    for i in 0..items.len() {
        let j = chooser.below(n) as usize;
        items.swap(i, j);
    }
}

/// A fresh 52-card deck in order 2c 2d 2h 2s 3c … As.
pub fn fresh_deck() -> [Card; 52] {
    std::array::from_fn(|idx| Card::from_index(idx).expect("index below 52"))
}

/// A 32-byte shuffle seed, written as 64 hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seed([u8; 32]);

/// A seed text that is not 64 hex digits.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a seed (expected 64 hex digits)")]
pub struct SeedError(pub String);

impl Seed {
    /// The seed with these bytes.
    pub fn from_bytes(bytes: [u8; 32]) -> Seed {
        Seed(bytes)
    }

    /// The seed's bytes.
    pub fn bytes(&self) -> [u8; 32] {
        self.0
    }

    /// The ChaCha20 stream this seed starts.
    pub fn rng(&self) -> ChaCha20Rng {
        ChaCha20Rng::from_seed(self.0)
    }

    /// The commitment to this seed shown while its hand is in progress: SHA-256 of the 32 seed bytes.
    pub fn commitment(&self) -> [u8; 32] {
        use sha2::{Digest, Sha256};
        Sha256::digest(self.0).into()
    }

    /// [`Seed::commitment`] as 64 lowercase hex digits.
    pub fn commitment_hex(&self) -> String {
        hex(&self.commitment())
    }

    /// The fresh deck shuffled by Fisher–Yates with this seed's stream: the deal of a hand.
    pub fn deck(&self) -> [Card; 52] {
        let mut deck = fresh_deck();
        fisher_yates(&mut deck, &mut self.rng());
        deck
    }

    /// [`Seed::deck`] for any deck: its fresh order shuffled by Fisher–Yates with this seed's
    /// stream (the 53-card deck: 52 choices instead of 51).
    pub fn deck_of(&self, deck: crate::table::Deck) -> Vec<Card> {
        let mut cards = deck.fresh();
        fisher_yates(&mut cards, &mut self.rng());
        cards
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(&self.0))
    }
}

/// Bytes as lowercase hex digits.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::with_capacity(2 * bytes.len()), |mut out, byte| {
        let _ = write!(out, "{byte:02x}");
        out
    })
}

impl FromStr for Seed {
    type Err = SeedError;

    fn from_str(text: &str) -> Result<Seed, SeedError> {
        let bad = || SeedError(text.to_string());
        if text.len() != 64 || !text.is_ascii() {
            return Err(bad());
        }
        let mut bytes = [0u8; 32];
        for (idx, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * idx..2 * idx + 2], 16).map_err(|_| bad())?;
        }
        Ok(Seed(bytes))
    }
}

impl Serialize for Seed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Seed, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Where a hand's seed came from: the game drew it from the system's entropy (every hand the app
/// deals), or whoever dealt chose it (the command line's `--seed`, for tests and scripts). Stored
/// with the hand and shown in its history and verification: a chosen seed deals a known hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeedFrom {
    /// Drawn from the system's entropy.
    #[default]
    System,
    /// Chosen by whoever dealt.
    Chosen,
}

/// A seed to deal a hand from, with where it came from. A bare [`Seed`] is the system's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealSeed {
    /// The seed.
    pub seed: Seed,
    /// Where it came from.
    pub from: SeedFrom,
}

impl DealSeed {
    /// A seed chosen by whoever deals.
    pub fn chosen(seed: Seed) -> DealSeed {
        DealSeed { seed, from: SeedFrom::Chosen }
    }
}

impl From<Seed> for DealSeed {
    /// A seed drawn from the system's entropy.
    fn from(seed: Seed) -> DealSeed {
        DealSeed { seed, from: SeedFrom::System }
    }
}
