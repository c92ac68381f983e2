//! One hand solved before its family's tables exist: the same counts C(S) the tables hold, for the
//! 32 subsets S of this one dealt hand only.
//!
//! The solver needs, for every subset S of the dealt cards, C(S): how many of the deck's 5-card
//! hands that contain S fall in each category (`outcomes.rs`, `solver.rs`). The family's tables hold
//! C(S) for every subset of the deck and take one pass over all 2,598,960 hands to build (about 50 ms
//! in a release build, most of a one-shot `vpoker play state`). One hand needs only its own 32:
//!
//! - |S| = 0 and |S| = 1 are kept in the source (`cold_rows.rs`): C(∅) is the family's count of
//!   every hand, and C({c}) depends only on the card's rank (the categories are the same under any
//!   exchange of suits; card 52 of a 53-card deck has a row of its own). A test rebuilds them from the tables.
//! - |S| ≥ 2 is counted here: the C(50, 3) = 19,600 hands containing each pair (C(51, 3) on a
//!   53-card deck), 1,176 for each three cards, 48 for each four, one for all five: about 208,000
//!   evaluations in all, against 2.6 million for the tables.
//!
//! The inclusion–exclusion that turns C(S) into each hold's draws is the one in `outcomes.rs`, so a
//! hand solved cold and one solved from the tables give the same integers (tested on every family).
//!
//! A process solves at most [`COLD_HANDS`] hands of a family this way; the next one builds the
//! tables, which then serve every hand (a history page or a whole-history check replays many). A
//! family whose tables are being built on another thread (the app's warm-up) is solved cold
//! meanwhile rather than waited for.

use std::sync::atomic::{AtomicU32, Ordering};

use crate::eval::Family;

use super::cold_rows;
use super::tables::{category_of, family_tables_built, CAT_SLOTS, POPCOUNT};

/// Hands of one family a process solves without its tables before it builds them: enough for a
/// one-shot command's hand in progress, its last hand and a hint (`vpoker play state`, `vpoker
/// hint`); a longer run pays at most this many cold hands (about 2.5 ms each in a release build)
/// before the tables (about 50 ms) serve it, and a caller that knows it will solve many says so
/// first ([`expect_many_hands`]).
pub const COLD_HANDS: u32 = 4;

static SOLVED_COLD: [AtomicU32; Family::ALL.len()] = [const { AtomicU32::new(0) }; Family::ALL.len()];

fn slot(family: Family) -> usize {
    family.index()
}

/// Whether the next hand of `family` is solved cold: its tables are not built yet and this process
/// has solved fewer than [`COLD_HANDS`] of its hands cold (counting this one).
pub(crate) fn take(family: Family) -> bool {
    family_tables_built(family).is_none() && SOLVED_COLD[slot(family)].fetch_add(1, Ordering::Relaxed) < COLD_HANDS
}

/// Says that this process is about to solve many hands (a page of history): every family's
/// tables are built on their next use instead of solving cold.
pub fn expect_many_hands() {
    for solved in &SOLVED_COLD {
        solved.fetch_max(COLD_HANDS, Ordering::Relaxed);
    }
}

/// C(S) for every subset S of the dealt hand `sorted` (card indices in increasing order), by the
/// 5-bit mask of the sorted cards it holds; the full mask's row is the dealt hand's own category.
pub(crate) fn subset_counts(family: Family, sorted: &[usize; 5]) -> [[i64; CAT_SLOTS]; 32] {
    let n_cards = super::DeckMath::of_family(family).n_cards;
    let mut counts = [[0i64; CAT_SLOTS]; 32];
    for (mask, row) in counts.iter_mut().enumerate() {
        let held: Vec<usize> = (0..5)
            .filter(|&j| mask & (1 << j) != 0)
            .map(|j| sorted[j])
            .collect();
        match POPCOUNT[mask] {
            0 => add_row(cold_rows::zero(family), row),
            1 => add_row(cold_rows::one(family, held[0]), row),
            _ => count_hands_containing(family, &held, n_cards, row),
        }
    }
    counts
}

fn add_row(kept: &[u32; CAT_SLOTS], row: &mut [i64; CAT_SLOTS]) {
    for (slot, &count) in row.iter_mut().zip(kept.iter()) {
        *slot += i64::from(count);
    }
}

/// Adds the category of every 5-card hand of the deck that contains `held` (two to five cards).
fn count_hands_containing(
    family: Family,
    held: &[usize],
    n_cards: usize,
    row: &mut [i64; CAT_SLOTS],
) {
    let others: Vec<usize> = (0..n_cards).filter(|card| !held.contains(card)).collect();
    let mut hand = [0usize; 5];
    hand[..held.len()].copy_from_slice(held);
    let k = held.len();
    let n = others.len();
    match 5 - k {
        0 => row[category_of(family, hand)] += 1,
        1 => {
            for &a in &others {
                hand[4] = a;
                row[category_of(family, hand)] += 1;
            }
        }
        2 => {
            for i in 0..n {
                hand[3] = others[i];
                for &b in &others[i + 1..] {
                    hand[4] = b;
                    row[category_of(family, hand)] += 1;
                }
            }
        }
        _ => {
            for i in 0..n {
                hand[2] = others[i];
                for j in i + 1..n {
                    hand[3] = others[j];
                    for &c in &others[j + 1..] {
                        hand[4] = c;
                        row[category_of(family, hand)] += 1;
                    }
                }
            }
        }
    }
}
