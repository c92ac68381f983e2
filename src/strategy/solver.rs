//! The fast exact solver: the EVs of all 32 holds from 31 table lookups.
//!
//! For a hold H of the dealt hand D, the draws are the 5-card hands that contain H and none of
//! the discarded cards D \ H. By inclusion–exclusion over the discarded cards, their total pay is
//! `Σ_{H ⊆ S ⊆ D} (−1)^{|S|−|H|} T(S)`, where T(S) is the total pay of all 5-card hands (from the
//! 52 cards, or 53: the family's deck) containing S, read from the paytable's tables. All 32 sums
//! at once are a superset Möbius transform of the 32 values T(S): 80 subtractions. Dividing by
//! C(n − 5, 5 − |H|), the number of draws (C(47, k) on 52 cards, C(48, k) on 53), gives the EV.
//! Everything before the division is exact integer arithmetic. Every family, whatever
//! its deck, goes through these functions.

use crate::card::Card;
use crate::eval::Family;
use crate::machine::MachineId;

use super::deck::DeckMath;
#[doc(hidden)] // public for tests/it, where it has always been
pub use super::tables::category_of;
use super::tables::{machine_tables, machine_tables_built, subset_ranks, MachineTables, CAT_SLOTS};
use super::{cold, outcomes, HandEvs};

/// The EVs of all 32 holds: from the machine's tables when they are built, else solved cold
/// (`cold.rs`) while the process has solved few of its family's hands, else from the tables, built
/// now.
pub(crate) fn fast_evs(machine: MachineId, hand: &[Card; 5]) -> HandEvs {
    let family = machine.family();
    match machine_tables_built(machine) {
        Some(tables) => fast_evs_with(tables, family, hand),
        None if cold::take(family) => cold_evs(machine.paytable().pay_by_category(), family, hand),
        None => fast_evs_with(machine_tables(machine), family, hand),
    }
}

/// The EVs of all 32 holds from any paytable's tables (`family` is the paytable's).
pub(crate) fn fast_evs_with(tables: &MachineTables, family: Family, hand: &[Card; 5]) -> HandEvs {
    let (sorted, position) = sorted_with_positions(hand);
    let category = category_of(family, sorted);
    let ranks = subset_ranks(&sorted);
    let totals = draw_pay_totals(tables, &ranks, tables.pay_of_category(category));
    evs_of_totals(&totals, &position, tables.deck())
}

/// The EVs of all 32 holds without any table (`cold.rs`): each hold's category counts from the
/// hand's own 32 subset counts, weighed with the per-coin pays by category (`pays`, the paytable's
/// `pay_by_category`). The same integers as [`fast_evs_with`] (tested on every family).
#[doc(hidden)] // public for tests/it
pub fn cold_evs(pays: &[u32], family: Family, hand: &[Card; 5]) -> HandEvs {
    let (sorted, position) = sorted_with_positions(hand);
    let counts = outcomes::hold_category_counts_cold(family, &sorted);
    let mut pay = [0i64; CAT_SLOTS];
    for (slot, &p) in pay.iter_mut().zip(pays) {
        *slot = i64::from(p);
    }
    let totals = counts.map(|row| row.iter().zip(pay.iter()).map(|(count, pay)| count * pay).sum::<i64>());
    evs_of_totals(&totals, &position, DeckMath::of_family(family))
}

/// Each hold's EV from its draws' total pay (by mask over the sorted cards), by mask over the
/// cards as given.
fn evs_of_totals(totals: &[i64; 32], position: &[usize; 5], deck: &DeckMath) -> HandEvs {
    let mut evs = [0.0; 32];
    // `given[m]` is the hold mask, in the order the cards were given, of sorted-order mask m.
    let mut given = [0u8; 32];
    for mask in 0..32usize {
        if mask > 0 {
            let low = mask.trailing_zeros() as usize;
            given[mask] = given[mask & (mask - 1)] | (1 << position[low]);
        }
        evs[given[mask] as usize] = totals[mask] as f64 / f64::from(deck.n_draws[mask]);
    }
    HandEvs::from_array(evs)
}

/// The hand's card indices in increasing order (colex ranks need it), and for each sorted card
/// its position in the hand as given.
#[inline]
pub fn sorted_with_positions(hand: &[Card; 5]) -> ([usize; 5], [usize; 5]) {
    let mut sorted = hand.map(Card::index);
    let mut position = [0usize, 1, 2, 3, 4];
    for i in 1..5 {
        let mut j = i;
        while j > 0 && sorted[j - 1] > sorted[j] {
            sorted.swap(j - 1, j);
            position.swap(j - 1, j);
            j -= 1;
        }
    }
    (sorted, position)
}

/// For each hold (a mask over the sorted cards whose subset ranks are `ranks`), the total pay of
/// all its draws. `dealt_pay` is the pay of the dealt hand itself (the only draw of holding all).
#[doc(hidden)] // public for tests/it
#[inline]
pub fn draw_pay_totals(tables: &MachineTables, ranks: &[u32; 32], dealt_pay: u32) -> [i64; 32] {
    let mut totals = [0i64; 32];
    for mask in 0..31 {
        // At most MAX_PAY × C(52, 4) per sum: far inside i64.
        totals[mask] = tables.pay_sum(mask, ranks[mask]) as i64;
    }
    totals[31] = i64::from(dealt_pay);
    superset_mobius(&mut totals);
    totals
}

/// Replaces every value f(S) by Σ_{S ⊆ U} (−1)^{|U|−|S|} f(U), one card at a time.
#[inline]
pub(crate) fn superset_mobius<T: Copy + std::ops::SubAssign>(values: &mut [T; 32]) {
    for bit in [1usize, 2, 4, 8, 16] {
        for mask in 0..32 {
            if mask & bit == 0 {
                let upper = values[mask | bit];
                values[mask] -= upper;
            }
        }
    }
}
