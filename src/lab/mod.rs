//! The fairness labs: the classic shuffle and shuffle-bag experiments (docs/LAB.md) as pure functions the app and the CLI run.
//!
//! - [`exact`]: every run of a shuffle of 3 to 7 cards, counted per ordering (the real shuffle code,
//!   driven by a chooser that walks the whole tree of choices);
//! - [`positions`]: card-by-position counts over up to 10,000,000 seeded shuffles, with a χ² test;
//! - [`deals`]: dealt-hand categories through the real dealing pipeline against their exact counts
//!   over all 2,598,960 hands, with kind deals off or on;
//! - [`numbers`]: the big numbers behind a shuffle, exact where they are integers;
//! - [`bags`]: the shuffle-bag demonstration, every measured figure beside its exact value
//!   ([`bag_exact`]); the game's own kind-deal bags ([`kind_bags`]); the pity timer against a bag
//!   and pure chance ([`pity`]);
//! - [`chi2`]: the χ² survival function behind the p-values.
//!
//! Nothing here reads a clock or a global RNG: randomness is a [`Seed`](crate::shuffle::Seed)
//! parameter, and the long runs take a [`Control`] (threads, a progress callback, a cancel flag).
//! A result depends only on its inputs and seed, never on the number of threads. Every result is
//! `serde::Serialize`, for the app to send to its UI as JSON.

pub mod bag_exact;
pub mod bags;
pub mod chi2;
pub mod deals;
pub mod exact;
pub mod kind_bags;
pub mod numbers;
pub mod pity;
pub mod positions;
mod run;

pub use run::{run_chunks, Control};

use serde::Serialize;

/// Why a lab did not produce a result.
#[derive(Clone, Debug, PartialEq, Serialize, thiserror::Error)]
#[serde(tag = "error", rename_all = "kebab-case")]
pub enum LabError {
    /// The cancel flag was raised; the partial work is dropped.
    #[error("cancelled")]
    Cancelled,
    /// A parameter outside its range, e.g. 0 samples.
    #[error("{name} must be between {min} and {max}, not {value}")]
    OutOfRange {
        /// The parameter's name, as the CLI flag says it ("samples", "kinds", …).
        name: &'static str,
        /// The value given.
        value: f64,
        /// The smallest value allowed.
        min: f64,
        /// The largest value allowed.
        max: f64,
    },
}

/// `Ok(())` when `min <= value <= max`, else [`LabError::OutOfRange`].
pub(crate) fn check_range(name: &'static str, value: u64, min: u64, max: u64) -> Result<(), LabError> {
    check_range_f64(name, value as f64, min as f64, max as f64)
}

/// `Ok(())` when `min <= value <= max` (so not NaN), else [`LabError::OutOfRange`].
pub(crate) fn check_range_f64(name: &'static str, value: f64, min: f64, max: f64) -> Result<(), LabError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(LabError::OutOfRange { name, value, min, max })
    }
}
