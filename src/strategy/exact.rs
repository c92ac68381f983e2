//! Exact integer EVs: every EV of a hold is a ratio over its draw count C(n − 5, k) (C(47, k) on
//! the 52 cards, C(48, k) on a 53-card deck), so times L, the deck's least common multiple
//! of the draw counts ([`DeckMath::lcm`]), it is an integer. The analyser, the lab and the charts
//! add such integers and divide once at the end, by L × the deck's deals
//! ([`DeckMath::denominator`]).

use super::deck::{DeckMath, STANDARD_52};

/// The number of 5-card deals of the 52-card deck (any deck's: [`DeckMath::n_deals`]).
pub const N_DEALS: u64 = STANDARD_52.n_deals;

/// The best hold (as a mask over the canonical hand's sorted cards) from the draw pay totals of
/// a hand of `deck`.
///
/// Each EV times L (the common multiple of the draw counts) is an exact integer of at most
/// 800 × L ≈ 6.8e9 on the built-in machines and MAX_PAY × L ≈ 8.6e11 on a lab table; shifted left 5 bits with the hold's place under the tie rule below it, every
/// hold gets a distinct i64 key and the best hold is simply the largest key. This picks the same
/// hold as [`super::HandEvs::best`]: two different EVs differ by at least
/// 1 / (C(48, 5) × C(48, 4)) ≈ 3.0e-12, far more than [`super::TIE_EPSILON`] plus rounding, and
/// equal fractions round to equal doubles, so exact ties are exactly the f64 ties (for the
/// built-in pays; a lab table with huge pays is only ever compared exactly, here).
#[doc(hidden)] // public for tests/it
#[inline]
pub fn best_mask(deck: &DeckMath, pay_totals: &[i64; 32]) -> usize {
    let mut best_key = i64::MIN;
    for mask in 0..32 {
        let key = (pay_totals[mask] * deck.ev_scale[mask]) << 5 | TIE_PREFERENCE[mask];
        best_key = best_key.max(key);
    }
    TIE_ORDER[31 - (best_key & 31) as usize] as usize
}

/// The hold whose final hands the analyser counts for a hand of `deck` (a mask over its cards in
/// increasing index order: by rank, then suit; card 52, wild, last): of the holds with exactly
/// the best EV, the one with the smallest mask, however many cards it keeps. Comparing two such
/// holds card by card from the highest down, it is the one that first leaves out a card the other
/// keeps.
///
/// Every hold of the best EV returns the same, so the return never depends on this choice; the
/// final-hand distribution does when tied holds end in different hands. This is the choice the
/// Wizard of Odds' published tables make: with it, full-pay Deuces Wild's combination counts are
/// theirs exactly, while taking the hint's best hold ([`best_mask`], fewer cards first) or the tied
/// hold of the smallest payout variance does not (docs/CHARTS.md, "Ties between holds").
#[doc(hidden)] // public for tests/it
#[inline]
pub fn counted_mask(deck: &DeckMath, pay_totals: &[i64; 32]) -> usize {
    let mut best = (i64::MIN, 0);
    for (mask, &total) in pay_totals.iter().enumerate() {
        let value = total * deck.ev_scale[mask];
        // Strictly greater: the first (smallest) mask of the best value stays.
        if value > best.0 {
            best = (value, mask);
        }
    }
    best.1
}

/// The 32 holds in tie-rule order: fewer cards first, then the smaller mask.
pub(crate) const TIE_ORDER: [u8; 32] = build_tie_order();
/// For each hold: 31 − its place in [`TIE_ORDER`], so a larger value wins a tie.
const TIE_PREFERENCE: [i64; 32] = build_tie_preference();

const fn build_tie_order() -> [u8; 32] {
    let mut order = [0u8; 32];
    let mut place = 0;
    let mut n_held = 0;
    while n_held <= 5 {
        let mut mask = 0;
        while mask < 32 {
            if (mask as u32).count_ones() == n_held {
                order[place] = mask as u8;
                place += 1;
            }
            mask += 1;
        }
        n_held += 1;
    }
    order
}

const fn build_tie_preference() -> [i64; 32] {
    let order = build_tie_order();
    let mut preference = [0i64; 32];
    let mut place = 0;
    while place < 32 {
        preference[order[place] as usize] = 31 - place as i64;
        place += 1;
    }
    preference
}

/// `numerator / denominator` as f64, dividing the integer part exactly first so the result keeps
/// full precision even though the numerator has more than 53 bits.
pub(crate) fn ratio(numerator: u128, denominator: u128) -> f64 {
    let whole = numerator / denominator;
    let rest = numerator % denominator;
    whole as f64 + rest as f64 / denominator as f64
}
