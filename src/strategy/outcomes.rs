//! The final-hand distribution of every hold of one dealt hand: for each of the 32 holds, how many
//! of its equally likely draws end in each evaluator category.
//!
//! The same inclusion–exclusion as the solver's pay totals (`solver.rs`), on the family's
//! per-subset category counts instead of one paytable's pay sums: the draws of hold H are the
//! 5-card hands that contain H and none of the discards, so their category counts are
//! `Σ_{H ⊆ S ⊆ D} (−1)^{|S|−|H|} C(S)`, with C(S) the counts of all hands containing S. A game whose
//! value of a final hand is not its pay (rules where each final hand also earns a multiplier for
//! the next hand) weighs these counts with its own values; the plain EVs are the counts
//! weighed with the pays. Exact integers; about 2,000 additions a hand.

use crate::eval::Family;

use super::tables::{category_of, subset_ranks, FamilyTables, CAT_SLOTS, POPCOUNT};

/// Per hold mask over the sorted cards, the number of its draws in each category (all exact).
pub type HoldCounts = [[i64; CAT_SLOTS]; 32];

/// The category counts of every hold of the dealt hand `sorted` (card indices in increasing
/// order, all from the family's deck), by hold mask over those sorted cards.
pub fn hold_category_counts(family: &FamilyTables, sorted: &[usize; 5]) -> HoldCounts {
    let ranks = subset_ranks(sorted);
    let mut counts: HoldCounts = [[0; CAT_SLOTS]; 32];
    for (mask, row) in counts.iter_mut().enumerate().take(31) {
        family.add_counts(POPCOUNT[mask] as usize, ranks[mask], 1, row);
    }
    counts[31][category_of(family.family(), *sorted)] = 1;
    holds_of_subsets(&mut counts);
    counts
}

/// The category counts of every hold: from the family's tables when they are built, else solved
/// cold (`cold.rs`) while the process has solved few of the family's hands, else from the tables,
/// built now.
pub fn hold_counts(family: Family, sorted: &[usize; 5]) -> HoldCounts {
    match super::tables::family_tables_built(family) {
        Some(tables) => hold_category_counts(tables, sorted),
        None if super::cold::take(family) => hold_category_counts_cold(family, sorted),
        None => hold_category_counts(super::tables::family_tables(family), sorted),
    }
}

/// The same counts without the family's tables: the hand's own 32 subset counts (`cold.rs`).
pub fn hold_category_counts_cold(family: Family, sorted: &[usize; 5]) -> HoldCounts {
    let mut counts = super::cold::subset_counts(family, sorted);
    holds_of_subsets(&mut counts);
    counts
}

/// Turns the counts of the hands containing each subset into each hold's draws: the superset
/// Möbius transform, one card at a time, on whole rows.
fn holds_of_subsets(counts: &mut HoldCounts) {
    for bit in [1usize, 2, 4, 8, 16] {
        for mask in 0..32 {
            if mask & bit == 0 {
                let upper = counts[mask | bit];
                for (slot, more) in counts[mask].iter_mut().zip(upper.iter()) {
                    *slot -= more;
                }
            }
        }
    }
}
