//! Drills' hard hands, dealt by the one pipeline: every drill hand is a hand of its own seed on a
//! [`Table`], reproducible and verifiable as any played hand is (`vpoker verify --seed HEX --game
//! TABLE` deals the same five cards).
//!
//! A drill run starts from one seed (the run's *master* seed). Its deals, one after another:
//!
//! 1. the next hand seed of the master seed on stream 0 ([`HandSeeds`], as the CLI's scripted play
//!    draws them);
//! 2. that hand seed dealt on the table by [`Deal::deal`]: one hand, never nudged (a drill moves no
//!    chips and has no kind deals), the five cards at deck positions 0–4;
//! 3. kept when it is hard on the table ([`drill_hand_with`]: the plain rule read on the table's
//!    pays, the EVs from the table's own solver, [`Table::hand_evs`]), skipped otherwise.
//!
//! The deals depend on the master seed alone, never on the table: two tables drilled from one seed
//! see the same deals and keep those hard on each. A [`DrillDeal`] names its hand seed, so the
//! player (or a stranger) can replay it.

use serde::Serialize;

use crate::card::Card;
use crate::shuffle::Seed;
use crate::strategy::drill::{drill_hand_with, DrillHand};
use crate::table::Table;

use super::deal::{Deal, NudgeSource};
use super::seeds::HandSeeds;

/// The stream of the master seed the hand seeds are drawn from.
pub const DRILL_STREAM: u64 = 0;

/// A hard hand and the seed that deals it.
///
/// Serialised as the [`DrillHand`]'s object with `"seed"` (64 hex digits) added:
/// `{"seed":HEX64,"cards":[…],"best":MASK,"holds":[…],"plain":MASK,"reason":"close-call"}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrillDeal {
    /// The hand's own seed: `Deal::deal(seed, table, 1, Never)` deals `hand.cards`.
    pub seed: Seed,
    /// The hand and why it is hard.
    #[serde(flatten)]
    pub hand: DrillHand,
}

/// The deals of a drill run on one table: an endless iterator of its hard hands (see the module
/// doc). [`HardDeals::dealt`] counts every deal, hard or not.
#[derive(Clone, Debug)]
pub struct HardDeals {
    table: Table,
    seeds: HandSeeds,
    dealt: u64,
}

impl HardDeals {
    /// The run on `table` from the master seed `seed`.
    pub fn new(table: &Table, seed: &Seed) -> HardDeals {
        HardDeals { table: table.clone(), seeds: HandSeeds::new(seed, DRILL_STREAM), dealt: 0 }
    }

    /// The table the hands are drilled on.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// How many hands have been dealt so far, hard or not.
    pub fn dealt(&self) -> u64 {
        self.dealt
    }

    /// The next deal, hard or not: its hand seed and five cards.
    pub fn deal(&mut self) -> (Seed, [Card; 5]) {
        let seed = self.seeds.draw();
        self.dealt += 1;
        (seed, Deal::deal(&seed, &self.table, 1, NudgeSource::Never).dealt())
    }

    /// The next hard hand among at most `max_deals` more deals, or `None` when none of them is
    /// hard (a table on which no hold ever beats another has no hard hands at all).
    pub fn next_within(&mut self, max_deals: u64) -> Option<DrillDeal> {
        (0..max_deals).find_map(|_| {
            let (seed, cards) = self.deal();
            let solver = |hand: &[Card; 5]| self.table.hand_evs(hand);
            drill_hand_with(self.table.paytable(), &solver, &cards).map(|hand| DrillDeal { seed, hand })
        })
    }
}

impl Iterator for HardDeals {
    type Item = DrillDeal;

    /// The next hard hand. It never ends on a table that has hard hands (every real table: one
    /// deal in two or three is hard); on one that has none it looks forever, so callers that take
    /// a table from a player use [`HardDeals::next_within`].
    fn next(&mut self) -> Option<DrillDeal> {
        self.next_within(u64::MAX)
    }
}

/// The first `count` hard hands of the run on `table` from `seed`.
pub fn hard_hands(table: &Table, seed: &Seed, count: usize) -> Vec<DrillDeal> {
    HardDeals::new(table, seed).take(count).collect()
}
