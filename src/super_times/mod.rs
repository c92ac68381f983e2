//! Super Times Pay (IGT; docs/SUPER-TIMES.md): every line of a deal bets a sixth coin for each
//! five, and about one line in 15 is dealt with a multiplier (2×, 3×, 4×, 5×, 8× or 10×) shown
//! with the deal, which multiplies that line's win. The multiplier is drawn before the hold and
//! multiplies every hold's value alike, so the strategy is the base game's.
//!
//! - **The draw** ([`Drawn::draw`]): line k (first line first) takes the k-th choice `below(1500)`
//!   of the hand seed's ChaCha20 stream [`STREAM`] (Lemire's rejection, as the shuffle chooses)
//!   and reads its multiplier off [`WEIGHTS`]: 0–1399 none, then 33 × 2, 22 × 3, 16 × 4, 13 × 5,
//!   8 × 8 and 8 × 10. IGT does not publish its weights; these are ours (docs/SUPER-TIMES.md,
//!   "The weights"): one line in 15 gets a multiplier, and the mean multiplier is 361/300, which
//!   with the sixth coin (5/6) gives every table 361/360 of its base return — IGT's published
//!   99.82 % (Jacks or Better 9/6), 99.44 % (Bonus Poker 8/5), 99.26 % (Double Double Bonus 9/6) and
//!   100.01 % (Deuces Wild 25/16/10/4/4/3) to the hundredth.
//! - **The stake** (`table::Rules::line_cost`): 6/5 of the bet a line (every bet is a multiple of
//!   five chips).
//! - **The values**: a hold's value on a line is the base game's times the line's multiplier.
//!
//! Pure: no SQLite, no clock, no RNG but the hand seed's own stream.

use crate::card::Card;
use crate::shuffle::{Chooser, Seed};
use crate::strategy::custom::analyze_table;
use crate::strategy::HandEvs;
use crate::table::Table;
use crate::ultimate_x::hint::{UxError, UxHint, UxHoldValue};
use crate::ultimate_x::returns::Returns;

pub use crate::library::{
    SUPER_TIMES_COINS_PER_FIVE as COINS_PER_FIVE, SUPER_TIMES_LINES as LINES, SUPER_TIMES_PREFIX as PREFIX, SUPER_TIMES_RULES as RULES,
    SUPER_TIMES_START as START,
};

/// The stream of a hand seed the lines' multipliers are drawn from (stream 0 deals, 1 refills a
/// kind-deal bag, 2 picks a nudge's card, 3 draws an Ultimate X drill's multipliers).
pub const STREAM: u64 = 4;
/// The number of equally likely draws a line's multiplier is read from.
pub const DRAWS: u32 = 1500;
/// Each multiplier with its number of draws out of [`DRAWS`], in the order the draws are read.
pub const WEIGHTS: [(u8, u32); 7] = [(1, 1400), (2, 33), (3, 22), (4, 16), (5, 13), (8, 8), (10, 8)];
/// The multiplier draw `draw` (in `0..DRAWS`) reads.
pub fn multiplier_of(draw: u32) -> u8 {
    let mut left = draw;
    for (multiplier, weight) in WEIGHTS {
        if left < weight {
            return multiplier;
        }
        left -= weight;
    }
    START
}

/// The mean multiplier of a line: Σ multiplier × weight / [`DRAWS`] = 1805/1500 = 361/300.
pub fn mean_multiplier() -> f64 {
    let total: u32 = WEIGHTS.iter().map(|&(m, w)| u32::from(m) * w).sum();
    f64::from(total) / f64::from(DRAWS)
}

/// The multipliers a deal's lines are dealt with, one per line (1 for none), checked for the line
/// count where they enter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    values: Vec<u8>,
}

impl Drawn {
    /// The multipliers a deal of `lines` lines from `seed` is dealt with (see the module doc), or
    /// `None` on a line count Super Times Pay is not dealt at.
    pub fn draw(seed: &Seed, lines: u8) -> Option<Drawn> {
        if !LINES.contains(&lines) {
            return None;
        }
        let mut rng = seed.rng();
        rng.set_stream(STREAM);
        Some(Drawn { values: (0..lines).map(|_| multiplier_of(rng.below(DRAWS))).collect() })
    }

    /// No multiplier on any of `lines` lines (what a hint shows when none is typed).
    pub fn none(lines: u8) -> Option<Drawn> {
        LINES.contains(&lines).then(|| Drawn { values: vec![START; usize::from(lines)] })
    }

    /// `values` checked: one per line of a line count it is dealt at, each a multiplier it draws.
    pub fn of_values(values: &[u8], lines: u8) -> Result<Drawn, UxError> {
        if !LINES.contains(&lines) {
            return Err(UxError::Lines { lines });
        }
        if values.len() != usize::from(lines) {
            return Err(UxError::MultiplierCount { lines, given: values.len() });
        }
        if let Some(&bad) = values.iter().find(|&&v| !WEIGHTS.iter().any(|&(m, _)| m == v)) {
            return Err(UxError::Multiplier { value: bad.to_string(), lines, awarded: awarded() });
        }
        Ok(Drawn { values: values.to_vec() })
    }

    /// Multipliers as a player types them (`M1,M2,…`, one per line; a trailing `x` allowed).
    pub fn parse(text: &str, lines: u8) -> Result<Drawn, UxError> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if LINES.contains(&lines) && parts.len() != usize::from(lines) {
            return Err(UxError::MultiplierCount { lines, given: parts.len() });
        }
        let values = parts
            .iter()
            .map(|part| {
                let digits = part.strip_suffix(['x', 'X', '×']).unwrap_or(part);
                digits.parse::<u8>().map_err(|_| UxError::Multiplier { value: part.to_string(), lines, awarded: awarded() })
            })
            .collect::<Result<Vec<u8>, UxError>>()?;
        Drawn::of_values(&values, lines)
    }

    /// Each line's multiplier, first line first.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The mean of the lines' multipliers.
    fn mean(&self) -> f64 {
        self.values.iter().map(|&v| f64::from(v)).sum::<f64>() / self.values.len().max(1) as f64
    }
}

/// The multipliers a line may be dealt with, comma-separated.
fn awarded() -> String {
    WEIGHTS.iter().map(|(m, _)| m.to_string()).collect::<Vec<_>>().join(", ")
}

/// The value of every hold of `cards` on `table` with `drawn` on screen, per coin of the deal's
/// stake: the base game's value times the lines' mean multiplier, times 5/6 (the sixth coin).
pub fn hand_evs(table: &Table, drawn: &Drawn, cards: &[Card; 5]) -> HandEvs {
    let base = table.hand_evs(cards);
    let factor = drawn.mean() * 5.0 / f64::from(COINS_PER_FIVE);
    HandEvs::from_array(base.as_array().map(|ev| ev * factor))
}

/// Every hold of `cards` on `table` with `drawn` on screen, best first, per line and coin of the
/// line's five (the base game's value times the mean multiplier): the base game's order, so the
/// base game's best hold is best here too.
pub fn hint(table: &Table, drawn: &Drawn, cards: &[Card; 5]) -> UxHint {
    let base = table.hand_evs(cards);
    let mean = drawn.mean();
    let holds = base
        .sorted()
        .into_iter()
        .map(|value| UxHoldValue { hold: value.hold, ev: value.ev * mean, pays: value.ev * mean, earned: 1.0 })
        .collect();
    UxHint { best: base.best(), plain_best: base.best(), plain_gives_up: 0.0, holds }
}

/// The return of `table`'s Super Times Pay game on `lines` lines, per unit bet (the sixth coin
/// included): the base game's exact return × the mean multiplier × 5/6, with the base game's
/// strategy, which is perfect here (the multiplier is known before the hold and scales every
/// hold alike). The same on every line count; nothing is earned for a next hand.
pub fn returns(table: &Table, lines: u8) -> Result<Returns, UxError> {
    if !LINES.contains(&lines) {
        return Err(UxError::Lines { lines });
    }
    let base = analyze_table(table.paytable()).return_rate;
    let rate = base * mean_multiplier() * 5.0 / f64::from(COINS_PER_FIVE);
    Ok(Returns { lines, return_perfect: rate, return_single_strategy: rate, mean_multiplier: mean_multiplier(), earned: Vec::new() })
}
