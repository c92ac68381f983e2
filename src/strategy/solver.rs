//! The fast exact solver: the EVs of all 32 holds from 31 table lookups.
//!
//! For a hold H of the dealt hand D, the draws are the 5-card hands that contain H and none of
//! the discarded cards D \ H. By inclusion–exclusion over the discarded cards, their total pay is
//! `Σ_{H ⊆ S ⊆ D} (−1)^{|S|−|H|} T(S)`, where T(S) is the total pay of all 5-card hands (from the
//! 52 cards, or the 53 with the joker) containing S, read from the paytable's tables. All 32 sums
//! at once are a superset Möbius transform of the 32 values T(S): 80 subtractions. Dividing by
//! C(n − 5, 5 − |H|), the number of draws (C(47, k) on 52 cards, C(48, k) on 53), gives the EV.
//! Everything before the division is exact integer arithmetic. Every family, Joker Poker's
//! included, goes through these functions.

use crate::card::Card;
use crate::eval::{evaluate_deuces_indices, evaluate_joker_indices, evaluate_natural_indices, Family};
use crate::machine::MachineId;

use super::tables::{machine_tables, subset_ranks, MachineTables};
use super::HandEvs;

/// The EVs of all 32 holds, with tables built on first use.
pub(crate) fn fast_evs(machine: MachineId, hand: &[Card; 5]) -> HandEvs {
    fast_evs_with(machine_tables(machine), machine.family(), hand)
}

/// The EVs of all 32 holds from any paytable's tables (`family` is the paytable's).
pub(crate) fn fast_evs_with(tables: &MachineTables, family: Family, hand: &[Card; 5]) -> HandEvs {
    let (sorted, position) = sorted_with_positions(hand);
    let category = category_of(family, sorted);
    let ranks = subset_ranks(&sorted);
    let totals = draw_pay_totals(tables, &ranks, tables.pay_of_category(category));
    let n_draws = &tables.deck().n_draws;
    let mut evs = [0.0; 32];
    // `given[m]` is the hold mask, in the order the cards were given, of sorted-order mask m.
    let mut given = [0u8; 32];
    for mask in 0..32usize {
        if mask > 0 {
            let low = mask.trailing_zeros() as usize;
            given[mask] = given[mask & (mask - 1)] | (1 << position[low]);
        }
        evs[given[mask] as usize] = totals[mask] as f64 / f64::from(n_draws[mask]);
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

/// The category index of five card indices under the family's evaluator.
#[doc(hidden)] // public for tests/it
#[inline]
pub fn category_of(family: Family, cards: [usize; 5]) -> usize {
    match family {
        Family::Natural => evaluate_natural_indices(cards) as usize,
        Family::Deuces => evaluate_deuces_indices(cards) as usize,
        Family::Joker => evaluate_joker_indices(cards) as usize,
    }
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
