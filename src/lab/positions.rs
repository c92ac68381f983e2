//! Card-by-position counts: where each card of the fresh deck ends up over many seeded shuffles,
//! and a χ² test of the counts against a uniform shuffle.
//!
//! Seeding: the shuffles are split into chunks of [`CHUNK`]; chunk k (k = 0, 1, …) runs its
//! shuffles one after another on ChaCha20 seeded with the lab seed on stream k
//! (`seed.rng()` then `set_stream(k)`), each shuffle taking its choices where the previous one
//! stopped. Counts are integer sums over chunks, so the same seed gives the same counts on any
//! number of threads; progress is reported and the cancel flag checked once per chunk.

use serde::Serialize;

use crate::shuffle::{Algorithm, Seed};

use super::chi2::chi2_sf;
use super::run::run_chunks;
use super::{check_range, Control, LabError};

/// Shuffles per chunk (one ChaCha20 stream each).
pub const CHUNK: u64 = 16_384;
/// The most shuffles one run takes.
pub const MAX_SAMPLES: u64 = 10_000_000;
const N: usize = 52;

/// The counts of a card-by-position run and its χ² test.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionCounts {
    /// The algorithm's id.
    pub algorithm: &'static str,
    /// The number of shuffles.
    pub samples: u64,
    /// The seed the chunks' streams come from.
    pub seed: Seed,
    /// `counts[card][position]`: how often fresh-deck card `card` (0 = 2c … 51 = As) ended at
    /// `position` (0 = top). Every row and every column sums to `samples`.
    pub counts: Vec<Vec<u32>>,
    /// The expected count of every cell for a uniform shuffle: samples / 52.
    pub expected: f64,
    /// The χ² statistic, scaled for permutation tables (see [`position_chi2`]).
    pub chi2: f64,
    /// Its degrees of freedom: 51² = 2,601.
    pub dof: u32,
    /// The probability of a χ² at least this large from a uniform shuffle.
    pub p_value: f64,
}

/// Runs `samples` shuffles (1 to 10,000,000) of the 52-card deck with `algorithm` and counts
/// where every card lands. See the module doc for the seeding.
pub fn position_counts(
    algorithm: Algorithm,
    samples: u64,
    seed: &Seed,
    control: &Control<'_>,
) -> Result<PositionCounts, LabError> {
    check_range("samples", samples, 1, MAX_SAMPLES)?;
    let tables = run_chunks(
        samples,
        CHUNK,
        control,
        || vec![0u32; N * N],
        |table, chunk, _start, len| {
            let mut rng = seed.rng();
            rng.set_stream(chunk);
            let fresh: [u8; N] = std::array::from_fn(|i| i as u8);
            for _ in 0..len {
                let mut deck = fresh;
                algorithm.shuffle(&mut deck, &mut rng);
                for (position, &card) in deck.iter().enumerate() {
                    table[usize::from(card) * N + position] += 1;
                }
            }
        },
    )?;
    let mut total = vec![0u32; N * N];
    for table in &tables {
        for (sum, &count) in total.iter_mut().zip(table) {
            *sum += count;
        }
    }
    let (chi2, dof) = position_chi2(&total, N, samples);
    Ok(PositionCounts {
        algorithm: algorithm.id(),
        samples,
        seed: *seed,
        counts: total.chunks(N).map(<[u32]>::to_vec).collect(),
        expected: samples as f64 / N as f64,
        chi2,
        dof,
        p_value: chi2_sf(chi2, dof),
    })
}

/// The χ² statistic and degrees of freedom of an n × n card-by-position table (row-major,
/// `counts[card * n + position]`) over `samples` shuffles.
///
/// Degrees of freedom: every row (a card) and every column (a position) of the table sums to
/// `samples`, because each shuffle is a permutation: 2n margins with one relation between them
/// (the row totals and the column totals both add up to n·samples), so 2n − 1 independent
/// constraints on n² cells leave n² − 2n + 1 = (n − 1)² free, as in a contingency table with both
/// margins fixed. For n = 52 that is 51² = 2,601.
///
/// Scale: one shuffle's n × n permutation matrix P has covariance (1/(n − 1))·Π, Π the projection
/// onto those (n − 1)² free directions (its squared deviation from 1/n always sums to exactly
/// n − 1). Pearson's Σ (O − E)²/E with E = samples/n is therefore n/(n − 1) times a χ² with
/// (n − 1)² degrees of freedom (mean n(n − 1) = 2,652 instead of 2,601), so the statistic used is
/// Pearson's times (n − 1)/n. Without that factor a perfect shuffle would fail the test at large
/// enough n.
pub fn position_chi2(counts: &[u32], n: usize, samples: u64) -> (f64, u32) {
    let expected = samples as f64 / n as f64;
    let pearson: f64 = counts
        .iter()
        .map(|&observed| {
            let d = f64::from(observed) - expected;
            d * d / expected
        })
        .sum();
    let dof = ((n - 1) * (n - 1)) as u32;
    (pearson * (n as f64 - 1.0) / n as f64, dof)
}
