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
//! On a table whose rules show something before a deal, a hand is drilled with what
//! `rules::drill_screen` draws from its hand seed, and it is hard when that makes another hold
//! best than the plain game's (`multipliers-change-it`).
//!
//! The chart drill deals the same run and keeps other hands: those on which a chart (the chart of
//! the tier a player learns by, `table_chart::TierChart`) holds something that is not a best hold
//! on the table's own EVs ([`HardDeals::next_off_chart_within`], a [`ChartDeal`] with the chart's
//! advice, `chart::advise`). Off the chart's hold is a mistake by the one threshold
//! ([`HandEvs::is_mistake`]); a plain table's EVs only (a table whose rules show something has no tier chart).
//!
//! The deals depend on the master seed alone, never on the table: two tables drilled from one seed
//! see the same deals and keep those hard on each. A [`DrillDeal`] names its hand seed, so the
//! player (or a stranger) can replay it.
//!
//! The proficiency check of a table on a date (docs/TRAINING.md, "The proficiency check") is a drill
//! run like any other: its master seed is [`check_seed`] (SHA-256 of `video-poker proficiency
//! YYYY-MM-DD TABLE_ID`, the one table's id, [`check_id`]) and its questions are the run's first
//! [`CHECK_HANDS`] hard hands ([`check_hands`]).

use chrono::NaiveDate;
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::card::Card;
use crate::shuffle::Seed;
use crate::strategy::chart::{advise, Advice, Chart};
use crate::strategy::drill::{drill_hand_with, DrillHand, HardReason};
use crate::strategy::{HandEvs, HoldEv};
use crate::table::Table;

use super::deal::{Deal, NudgeSource};
use super::seeds::HandSeeds;

/// The stream of the master seed the hand seeds are drawn from.
pub const DRILL_STREAM: u64 = 0;

/// A hard hand and the seed that deals it.
///
/// Serialised as the [`DrillHand`]'s object with `"seed"` (64 hex digits) added:
/// `{"seed":HEX64,"cards":[…],"best":MASK,"holds":[…],"plain":MASK,"reason":"close-call"}`, and on
/// a table whose rules show something `"multipliers"`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrillDeal {
    /// The hand's own seed: `Deal::deal(seed, table, 1, Never)` deals `hand.cards`.
    pub seed: Seed,
    /// The hand and why it is hard.
    #[serde(flatten)]
    pub hand: DrillHand,
    /// What is on screen for the hand, line by line (`rules::drill_screen`, from the hand seed),
    /// which its EVs are valued with; absent on a table whose rules show nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multipliers: Option<Vec<u8>>,
}

impl DrillDeal {
    /// The EVs the hand was found hard by (every hold's, from its `holds`): what its answer is
    /// judged by, so the hand is never valued twice.
    pub fn evs(&self) -> HandEvs {
        let mut evs = [0.0; 32];
        for h in &self.hand.holds {
            evs[h.hold.mask() as usize] = h.ev;
        }
        HandEvs::from_array(evs)
    }
}

/// A hand on which a chart's hold is not a best hold, and the seed that deals it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChartDeal {
    /// The hand's own seed: `Deal::deal(seed, table, 1, Never)` deals `cards`.
    pub seed: Seed,
    /// The five dealt cards.
    pub cards: [Card; 5],
    /// What the chart says on the hand: its line and hold, the best hold and its line, the cost.
    pub advice: Advice,
    /// All 32 holds with their exact EV per coin, best first.
    #[serde(skip)]
    pub holds: Vec<HoldEv>,
}

impl ChartDeal {
    /// The EVs the hand was found by: what its answer is judged by.
    pub fn evs(&self) -> HandEvs {
        let mut evs = [0.0; 32];
        for h in &self.holds {
            evs[h.hold.mask() as usize] = h.ev;
        }
        HandEvs::from_array(evs)
    }
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
            // With something on screen: hard when it makes another hold best than the plain
            // game's (the decisions a player must learn anew there).
            if let Some(on_screen) = crate::rules::drill_screen(&seed, &self.table) {
                // The screen was checked for this table, so valuing with it cannot be refused;
                // were it ever, the deal is passed over rather than judged on plain EVs.
                let evs = crate::rules::hand_evs(&self.table, Some(&on_screen), &cards).ok()?;
                let plain = self.table.hand_evs(&cards).best();
                if !evs.is_mistake(plain) {
                    return None;
                }
                let holds = evs.sorted();
                let hand = DrillHand { cards, best: holds[0].hold, holds, plain, reason: HardReason::MultipliersChangeIt };
                return Some(DrillDeal { seed, hand, multipliers: Some(on_screen.values().to_vec()) });
            }
            let solver = |hand: &[Card; 5]| self.table.hand_evs(hand);
            drill_hand_with(self.table.paytable(), &solver, &cards).map(|hand| DrillDeal { seed, hand, multipliers: None })
        })
    }

    /// The next hand among at most `max_deals` more deals (the same deals as the hard ones) on
    /// which `chart`'s hold is a mistake on the table's own EVs, or `None` when `chart` holds a
    /// best hold on every one of them. `chart` must be a chart of this table's paytable.
    pub fn next_off_chart_within(&mut self, chart: &Chart, max_deals: u64) -> Option<ChartDeal> {
        (0..max_deals).find_map(|_| {
            let (seed, cards) = self.deal();
            let evs = self.table.hand_evs(&cards);
            let advice = advise(chart, &cards, &evs);
            (!advice.agrees).then(|| ChartDeal { seed, cards, advice, holds: evs.sorted() })
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

/// Questions in a proficiency check.
pub const CHECK_HANDS: usize = 25;

/// The master seed of the proficiency check of the table with stable id `table_id` on `date`:
/// SHA-256 of the ASCII text `video-poker proficiency YYYY-MM-DD TABLE_ID` (one space between the
/// parts, no newline).
pub fn check_seed(date: NaiveDate, table_id: &str) -> Seed {
    let text = format!("video-poker proficiency {} {table_id}", date.format("%Y-%m-%d"));
    Seed::from_bytes(Sha256::digest(text.as_bytes()).into())
}

/// The id a table's check is drawn by: the one table's (`library::one_id`), so a table named by a
/// former id (`jacks-or-better-9-6`, a registry row of an older file) draws the same questions as
/// under its own id.
pub fn check_id(table: &Table) -> String {
    crate::library::one_id(table.id()).unwrap_or_else(|| table.id().to_string())
}

/// The proficiency check of `table` on `date`: the first [`CHECK_HANDS`] hard hands of the drill
/// run from [`check_seed`] of the table's one id ([`check_id`]), each found among at most
/// `max_deals` deals (`None` when one is not: a table with no hard hands has no check).
pub fn check_hands(table: &Table, date: NaiveDate, max_deals: u64) -> Option<Vec<DrillDeal>> {
    let mut run = HardDeals::new(table, &check_seed(date, &check_id(table)));
    (0..CHECK_HANDS).map(|_| run.next_within(max_deals)).collect()
}
