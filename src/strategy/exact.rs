//! Exact integer EVs: every EV of a hold is a ratio over C(47, k), so times L, the least common
//! multiple of the five draw counts, it is an integer. The analyser, the lab and the charts add
//! such integers and divide once at the end.

use super::solver::N_DRAWS;

/// The number of 5-card deals.
pub const N_DEALS: u64 = 2_598_960;

/// The best hold (as a mask over the canonical hand's sorted cards) from the draw pay totals.
///
/// Each EV times L (the common multiple of the draw counts) is an exact integer of at most
/// 800 × L ≈ 6.1e9 on the built-in machines and MAX_PAY × L ≈ 7.7e11 on a lab table; shifted left 5 bits with the hold's place under the tie rule below it, every
/// hold gets a distinct i64 key and the best hold is simply the largest key. This picks the same
/// hold as [`super::HandEvs::best`]: two different EVs differ by at least
/// 1 / (C(47, 5) × C(47, 4)) ≈ 3.7e-12, far more than [`super::TIE_EPSILON`] plus rounding, and
/// equal fractions round to equal doubles, so exact ties are exactly the f64 ties (for the
/// built-in pays; a lab table with huge pays is only ever compared exactly, here).
#[doc(hidden)] // public for tests/it
#[inline]
pub fn best_mask(pay_totals: &[i64; 32]) -> usize {
    let mut best_key = i64::MIN;
    for mask in 0..32 {
        let key = (pay_totals[mask] * EV_SCALE[mask]) << 5 | TIE_PREFERENCE[mask];
        best_key = best_key.max(key);
    }
    TIE_ORDER[31 - (best_key & 31) as usize] as usize
}

/// For each hold: L / C(47, 5 − cards held), which turns its draw total into EV × L.
pub(crate) const EV_SCALE: [i64; 32] = build_ev_scale();

const fn build_ev_scale() -> [i64; 32] {
    let mut table = [0i64; 32];
    let mut mask = 0;
    while mask < 32 {
        table[mask] = (LCM_OF_DRAWS / N_DRAWS[mask] as u64) as i64;
        mask += 1;
    }
    table
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

/// The least common multiple of C(47, k) for k = 0..=5: every EV times it is an integer.
#[doc(hidden)] // public for tests/it
pub const LCM_OF_DRAWS: u64 = lcm_of_draws();

const fn lcm_of_draws() -> u64 {
    const fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let mut lcm = 1u64;
    let mut mask = 0;
    while mask < 32 {
        let n = N_DRAWS[mask] as u64;
        lcm = lcm / gcd(lcm, n) * n;
        mask += 1;
    }
    lcm
}

/// The common denominator of every total: L × the number of deals.
pub(crate) fn denominator() -> u128 {
    u128::from(LCM_OF_DRAWS) * u128::from(N_DEALS)
}

/// `numerator / denominator` as f64, dividing the integer part exactly first so the result keeps
/// full precision even though the numerator has more than 53 bits.
pub(crate) fn ratio(numerator: u128, denominator: u128) -> f64 {
    let whole = numerator / denominator;
    let rest = numerator % denominator;
    whole as f64 + rest as f64 / denominator as f64
}
