//! The pity timer against a shuffle bag and pure chance, for a prize won with chance p per draw.
//!
//! A *pity* of P means: after P misses in a row the next draw always wins; other draws win with
//! chance p. The wait for a win is min(geometric, P + 1) draws, with mean
//! Σ_{k=0..P} (1 − p)^k = (1 − (1 − p)^(P+1))/p, so the long-run rate is p / (1 − (1 − p)^(P+1))
//! (1 % with pity 99: 1.58 %) and no drought (misses between two wins) exceeds P. A bag of
//! round(1/p) holding one win keeps the rate at 1/round(1/p) and caps droughts at
//! 2(round(1/p) − 1) (198 for 1 %); pure chance has droughts of at least d with chance (1 − p)^d
//! (0.99^198 ≈ 13.7 %).
//!
//! The optional simulation: pure and pity draws share one ChaCha20 stream (the lab seed, stream 0:
//! a draw wins when a uniform 53-bit fraction is below p; the pity row also wins when P misses
//! came before), the bag is the game's [`ShuffleBag`] shuffled by stream 1.

use rand_core::RngCore;
use serde::Serialize;

use crate::pipeline::bag::ShuffleBag;
use crate::shuffle::Seed;

use super::{check_range, check_range_f64, LabError};

/// The smallest prize chance taken (a bag of at most 10,000).
pub const MIN_RATE: f64 = 1e-4;
/// The longest pity taken.
pub const MAX_PITY: u64 = 10_000_000;
/// The most simulated draws.
pub const MAX_DRAWS: u64 = 1_000_000;

/// The pity timer, the bag and pure chance, exactly (and optionally simulated).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PityLab {
    /// p: the chance of a win per draw.
    pub rate: f64,
    /// P: misses after which the next draw always wins.
    pub pity: u64,
    /// The long-run win rate with the pity: p / (1 − (1 − p)^(P+1)).
    pub pity_rate: f64,
    /// The longest drought with the pity: P.
    pub pity_longest_drought: u64,
    /// Share of wins the pity forces: (1 − p)^P.
    pub pity_forced_share: f64,
    /// The bag's size: round(1/p), one win and the rest misses.
    pub bag_size: u64,
    /// The bag's rate: 1 / bag_size.
    pub bag_rate: f64,
    /// The bag's longest drought: 2(bag_size − 1).
    pub bag_longest_drought: u64,
    /// Pure chance's mean drought: (1 − p)/p.
    pub pure_mean_drought: f64,
    /// Pure chance's share of droughts of at least the bag's longest: (1 − p)^(2(bag_size − 1)).
    pub pure_droughts_beyond_bag: f64,
    /// With the pity, the share of droughts of at least the bag's longest: (1 − p)^(2(bag_size − 1))
    /// when the pity allows that long, else 0.
    pub pity_droughts_beyond_bag: f64,
    /// The bag's share of droughts as long as its longest (a win first in one bag, last in the next):
    /// 1 / bag_size², and none longer.
    pub bag_droughts_at_cap: f64,
    /// Pure chance's share of droughts longer than the pity allows: (1 − p)^(P+1).
    pub pure_droughts_beyond_pity: f64,
    /// The simulation, when draws and a seed were given.
    pub simulation: Option<PitySimulation>,
}

/// Simulated draws of the three ways.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PitySimulation {
    /// Draws in each row.
    pub draws: u64,
    /// The lab seed.
    pub seed: Seed,
    /// Pure chance.
    pub pure: Droughts,
    /// Pure chance with the pity.
    pub pity: Droughts,
    /// The bag.
    pub bag: Droughts,
}

/// Measured wins and droughts of one row.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Droughts {
    /// Wins.
    pub wins: u64,
    /// Wins per draw.
    pub rate: f64,
    /// The longest drought between two wins.
    pub longest_drought: u64,
    /// Share of droughts (between two wins) of at least the bag's longest.
    pub droughts_beyond_bag: f64,
}

/// The exact figures for chance `rate` (1e-4 to 1) and `pity` (0 to 10,000,000), and the
/// simulation when `simulate` = Some((draws, seed)), draws 1 to 1,000,000.
pub fn pity_lab(rate: f64, pity: u64, simulate: Option<(u64, Seed)>) -> Result<PityLab, LabError> {
    check_range_f64("rate", rate, MIN_RATE, 1.0)?;
    check_range("pity", pity, 0, MAX_PITY)?;
    let miss = 1.0 - rate;
    let bag_size = (1.0 / rate).round().max(1.0) as u64;
    let bag_longest_drought = 2 * (bag_size - 1);
    let simulation = match simulate {
        Some((draws, seed)) => {
            check_range("draws", draws, 1, MAX_DRAWS)?;
            Some(simulate_rows(rate, pity, bag_size, draws, seed))
        }
        None => None,
    };
    Ok(PityLab {
        rate,
        pity,
        pity_rate: rate / -(miss.ln() * (pity as f64 + 1.0)).exp_m1(),
        pity_longest_drought: pity,
        pity_forced_share: miss.powf(pity as f64),
        bag_size,
        bag_rate: 1.0 / bag_size as f64,
        bag_longest_drought,
        pure_mean_drought: miss / rate,
        pure_droughts_beyond_bag: miss.powf(bag_longest_drought as f64),
        pure_droughts_beyond_pity: miss.powf(pity as f64 + 1.0),
        pity_droughts_beyond_bag: if pity >= bag_longest_drought { miss.powf(bag_longest_drought as f64) } else { 0.0 },
        bag_droughts_at_cap: 1.0 / (bag_size as f64 * bag_size as f64),
        simulation,
    })
}

/// Tallies wins and droughts.
struct Tally {
    bound: u64,
    wins: u64,
    misses: u64,
    droughts: u64,
    beyond: u64,
    longest: u64,
}

impl Tally {
    fn new(bound: u64) -> Tally {
        Tally { bound, wins: 0, misses: 0, droughts: 0, beyond: 0, longest: 0 }
    }

    fn draw(&mut self, win: bool) {
        if !win {
            self.misses += 1;
            return;
        }
        if self.wins > 0 {
            self.droughts += 1;
            self.beyond += u64::from(self.misses >= self.bound);
            self.longest = self.longest.max(self.misses);
        }
        self.wins += 1;
        self.misses = 0;
    }

    fn finish(&self, draws: u64) -> Droughts {
        Droughts {
            wins: self.wins,
            rate: self.wins as f64 / draws as f64,
            longest_drought: self.longest,
            droughts_beyond_bag: if self.droughts > 0 { self.beyond as f64 / self.droughts as f64 } else { 0.0 },
        }
    }
}

fn simulate_rows(rate: f64, pity: u64, bag_size: u64, draws: u64, seed: Seed) -> PitySimulation {
    let bound = 2 * (bag_size - 1);
    let (mut pure, mut with_pity, mut bagged) = (Tally::new(bound), Tally::new(bound), Tally::new(bound));
    let mut rng = seed.rng();
    let mut bag_rng = seed.rng();
    bag_rng.set_stream(1);
    let mut bag = ShuffleBag::new(vec![(true, 1), (false, (bag_size - 1) as u32)], false);
    for _ in 0..draws {
        let win = ((rng.next_u64() >> 11) as f64) * (1.0 / 9_007_199_254_740_992.0) < rate;
        pure.draw(win);
        with_pity.draw(win || with_pity.misses >= pity);
        bagged.draw(bag.draw(&mut bag_rng));
    }
    PitySimulation { draws, seed, pure: pure.finish(draws), pity: with_pity.finish(draws), bag: bagged.finish(draws) }
}
