//! The final-hand distribution of every hold of one dealt hand on one paytable: for each of the
//! 32 holds, how many of its equally likely draws land on each paying row and on no row.
//!
//! The counts are the evaluator categories' (`outcomes::hold_counts`, the solver's own
//! inclusion–exclusion, one code path for every family and deck) summed into the paytable's rows
//! (a row covers one or more categories: a kicker game's rows split what a machine's row
//! covers). Exact integers: each hold's counts sum to its number of draws, and its total pay
//! `Σ count × pay` divided by the draws is the EV the solver gives (`Table::hand_evs`), to the
//! bit. The analyser (`game::analyser`) and `vpoker hint --json` show them.
//!
//! Pure: no table is built here that the solver would not build (`hold_counts` solves the first
//! hands of a process cold).

use crate::card::Card;
use crate::hold::Hold;
use crate::machine::Paytable;

use super::deck::DeckMath;
use super::outcomes::hold_counts;
use super::solver::sorted_with_positions;

/// One hold's draws by the row they end on (exact counts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoldDistribution {
    hold: Hold,
    n_draws: u64,
    /// One count per paytable row, in row order, then the draws that pay nothing.
    counts: Vec<u64>,
}

impl HoldDistribution {
    /// The hold.
    pub fn hold(&self) -> Hold {
        self.hold
    }

    /// Its equally likely draws: C(n − 5, 5 − cards held).
    pub fn n_draws(&self) -> u64 {
        self.n_draws
    }

    /// The draws ending on each paytable row, in row order (`Paytable::rows`).
    pub fn row_counts(&self) -> &[u64] {
        &self.counts[..self.counts.len() - 1]
    }

    /// The draws that pay nothing.
    pub fn nothing(&self) -> u64 {
        self.counts[self.counts.len() - 1]
    }

    /// Every count, the rows' then nothing's (they sum to [`HoldDistribution::n_draws`]).
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// The probability of each count of [`HoldDistribution::counts`].
    pub fn probabilities(&self) -> Vec<f64> {
        self.counts.iter().map(|&count| count as f64 / self.n_draws as f64).collect()
    }

    /// The total pay per coin of all its draws on `paytable` (the one these counts are of).
    pub fn total_pay(&self, paytable: &Paytable) -> u64 {
        self.row_counts().iter().zip(paytable.rows()).map(|(&count, row)| count * u64::from(row.pay)).sum()
    }

    /// Its EV per coin on `paytable`: the total pay over the draws, as the solver divides it.
    pub fn ev(&self, paytable: &Paytable) -> f64 {
        self.total_pay(paytable) as f64 / self.n_draws as f64
    }
}

/// Every hold's distribution of `hand` (cards of the paytable's deck, distinct) on `paytable`,
/// indexed by hold mask over the cards as given.
pub fn hold_distributions(paytable: &Paytable, hand: &[Card; 5]) -> Vec<HoldDistribution> {
    let family = paytable.family();
    let deck = DeckMath::of_family(family);
    let (sorted, position) = sorted_with_positions(hand);
    let by_category = hold_counts(family, &sorted);
    let n_rows = paytable.rows().len();
    let mut holds: Vec<HoldDistribution> =
        Hold::all().map(|hold| HoldDistribution { hold, n_draws: 0, counts: vec![0; n_rows + 1] }).collect();
    // `given[m]` is the mask, over the cards as given, of the sorted-order mask m.
    let mut given = [0usize; 32];
    for mask in 0..32usize {
        if mask > 0 {
            let low = mask.trailing_zeros() as usize;
            given[mask] = given[mask & (mask - 1)] | (1 << position[low]);
        }
        let held = &mut holds[given[mask]];
        held.n_draws = u64::from(deck.n_draws[mask]);
        for (category, &count) in by_category[mask].iter().enumerate().take(family.n_categories()) {
            // A count is never negative: it counts draws (the transform is exact).
            let count = u64::try_from(count).unwrap_or(0);
            let slot = paytable.row_of_category(category).unwrap_or(n_rows);
            held.counts[slot] += count;
        }
    }
    holds
}
