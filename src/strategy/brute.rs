//! The plain brute-force reference: for every hold, enumerate every draw from the unseen cards
//! of the table's deck (47, or 48 of 53 cards) and average the pays. Slow (tens of milliseconds) but obviously right; the fast solver
//! is tested against it.

use crate::card::Card;
use crate::machine::{MachineId, Paytable};

use super::deck::DeckMath;

use super::HandEvs;

/// The EVs of all 32 holds by enumerating every possible draw.
pub fn brute_force_evs(machine: MachineId, hand: &[Card; 5]) -> HandEvs {
    brute_force_table_evs(machine.paytable(), hand)
}

/// The same under any paytable (a lab table's), drawing from its family's deck.
pub fn brute_force_table_evs(table: &Paytable, hand: &[Card; 5]) -> HandEvs {
    let n_cards = DeckMath::of_family(table.family()).n_cards;
    let unseen: Vec<Card> = (0..n_cards).filter_map(Card::from_index).filter(|c| !hand.contains(c)).collect();
    let mut evs = [0.0; 32];
    for (mask, ev) in evs.iter_mut().enumerate() {
        let held: Vec<Card> = (0..5).filter(|i| mask & (1 << i) != 0).map(|i| hand[i]).collect();
        let n_draw = 5 - held.len();
        let mut total = 0u64;
        let mut n_draws = 0u64;
        let mut final_hand = [hand[0]; 5];
        final_hand[..held.len()].copy_from_slice(&held);
        for_each_combination(unseen.len(), n_draw, &mut |picks| {
            for (slot, &pick) in picks.iter().enumerate() {
                final_hand[held.len() + slot] = unseen[pick];
            }
            total += u64::from(table.pay(&final_hand));
            n_draws += 1;
        });
        *ev = total as f64 / n_draws as f64;
    }
    HandEvs::from_array(evs)
}

/// Every hold's draws counted by the row they end on (one count per row of `table`, then the
/// draws that pay nothing), by enumerating every draw: the reference the exact distributions
/// (`distribution.rs`) are tested against.
pub fn brute_force_row_counts(table: &Paytable, hand: &[Card; 5]) -> Vec<Vec<u64>> {
    let n_cards = DeckMath::of_family(table.family()).n_cards;
    let unseen: Vec<Card> = (0..n_cards).filter_map(Card::from_index).filter(|c| !hand.contains(c)).collect();
    let n_rows = table.rows().len();
    (0..32usize)
        .map(|mask| {
            let held: Vec<Card> = (0..5).filter(|i| mask & (1 << i) != 0).map(|i| hand[i]).collect();
            let mut counts = vec![0u64; n_rows + 1];
            let mut final_hand = [hand[0]; 5];
            final_hand[..held.len()].copy_from_slice(&held);
            for_each_combination(unseen.len(), 5 - held.len(), &mut |picks| {
                for (slot, &pick) in picks.iter().enumerate() {
                    final_hand[held.len() + slot] = unseen[pick];
                }
                counts[table.row_of_hand(&final_hand).unwrap_or(n_rows)] += 1;
            });
            counts
        })
        .collect()
}

/// Calls `f` with every k-subset of 0..n, as increasing indices.
fn for_each_combination(n: usize, k: usize, f: &mut impl FnMut(&[usize])) {
    fn recurse(start: usize, n: usize, k: usize, picks: &mut Vec<usize>, f: &mut impl FnMut(&[usize])) {
        if picks.len() == k {
            f(picks);
            return;
        }
        for next in start..=n - (k - picks.len()) {
            picks.push(next);
            recurse(next + 1, n, k, picks, f);
            picks.pop();
        }
    }
    recurse(0, n, k, &mut Vec::with_capacity(k), f);
}
