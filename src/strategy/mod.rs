//! Exact strategy: the expected value of every hold of a dealt hand, and the full-game analyser.
//!
//! Replacement cards come uniformly from the cards not dealt: 47 of the 52-card deck, or 48 of
//! a 53-card one (card 52 wild: [`Family::deck_size`]). EVs are per coin bet (a hold
//! worth 1.0 returns the bet on average). Holds of equal EV (within 1e-12) are all best: none is a
//! mistake, and the hint marks each of them best. One rule orders them ([`compare_holds`]): the hold
//! that keeps fewer cards first, then the smaller mask; [`HandEvs::best`] is the first. The
//! analyser's final-hand probabilities follow another choice among them, the Wizard of Odds'
//! ([`exact::counted_mask`]); the return is the same either way (docs/CHARTS.md, "Ties between
//! holds").
//!
//! [`hand_evs`] answers from precomputed tables (about 0.2 µs a hand on a desktop core): per
//! game family, the category counts of the 5-card hands containing each subset of at most four
//! cards, and per machine the matching pay sums (see `tables.rs` and `solver.rs`). They are built
//! on first use, once per process; [`prepare`] or [`warm_up`] builds them ahead of time, e.g. on a
//! background thread at start-up. [`kicker_hand_evs`] does the same for the kicker games
//! ([`crate::kicker`]). [`analyze()`] solves every deal once per suit class and reproduces the
//! published returns exactly. [`hold_distributions`] gives every hold's final-hand distribution over
//! a paytable's rows, from the same exact counts. One code path serves every family: a 53-card family's tables are
//! the same build over its deck, with the deck's draw counts and denominators (`deck.rs`). [`brute_force_evs`] is the slow, obviously right reference.
//!
//! [`chart`] generates strategy charts (ranked hold classes in players' words, first matching line
//! wins) from these exact EVs, with the chart's own exact return; [`custom`] is the paytable lab's
//! core: a copy of a machine's table with any pays, analysed exactly (return, final-hand
//! probabilities, variance).
//!
//! This module computes; it never reads the clock, a file or a global RNG.

mod analyze;
mod brute;
pub mod chart;
#[doc(hidden)] // public for tests/it
pub mod cold;
#[doc(hidden)] // public for tests/it (generated)
pub mod cold_rows;
pub mod custom;
#[doc(hidden)] // public for tests/it
pub mod deck;
pub mod distribution;
pub mod drill;
#[doc(hidden)] // public for tests/it
pub mod exact;
#[doc(hidden)] // public for the rules families' own solvers and tests/it
pub mod outcomes;
#[doc(hidden)] // public for tests/it
pub mod solver;
#[doc(hidden)] // public for tests/it
pub mod tables;

use serde::Serialize;

use crate::card::Card;
use crate::eval::Family;
use crate::hold::Hold;
use crate::kicker::KickerGame;
use crate::machine::MachineId;

pub(crate) use analyze::canonical_classes;
pub use analyze::{
    analyze, analyze_classes, suit_classes, Analysis, OutcomeProbability, SuitClass, N_CLASSES,
};
pub use brute::{brute_force_evs, brute_force_row_counts, brute_force_table_evs};
pub use distribution::{hold_distributions, HoldDistribution};
pub use deck::DeckMath;
pub use exact::N_DEALS;
pub use tables::{FamilyTables, MachineTables};

/// Two EVs closer than this are a tie, settled by the tie rule.
pub const TIE_EPSILON: f64 = 1e-12;

/// The EVs of all 32 holds of one dealt hand on one machine.
#[derive(Clone, Debug, PartialEq)]
pub struct HandEvs {
    evs: [f64; 32],
}

/// One hold and its EV, for lists sorted best first.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct HoldEv {
    /// The hold.
    pub hold: Hold,
    /// Its expected value per coin bet.
    pub ev: f64,
}

impl HandEvs {
    /// Wraps 32 EVs indexed by hold mask.
    pub fn from_array(evs: [f64; 32]) -> HandEvs {
        HandEvs { evs }
    }

    /// The EVs indexed by hold mask.
    pub fn as_array(&self) -> &[f64; 32] {
        &self.evs
    }

    /// The EV of one hold, per coin bet.
    pub fn ev(&self, hold: Hold) -> f64 {
        self.evs[hold.mask() as usize]
    }

    /// The best hold under the tie rule (the first of [`HandEvs::sorted`], found without sorting).
    pub fn best(&self) -> Hold {
        Hold::all()
            .map(|hold| HoldEv { hold, ev: self.ev(hold) })
            .min_by(compare_holds)
            .map_or(Hold::NONE, |best| best.hold)
    }

    /// The EV given up by playing `hold` instead of the best hold (0 for the best).
    pub fn cost(&self, hold: Hold) -> f64 {
        (self.ev(self.best()) - self.ev(hold)).max(0.0)
    }

    /// Whether playing `hold` is a mistake: it gives up more than [`TIE_EPSILON`] per coin against
    /// the best hold. The one mistake threshold: the game, its statistics, the hint and the UI all
    /// take this verdict rather than comparing EVs themselves.
    pub fn is_mistake(&self, hold: Hold) -> bool {
        self.cost(hold) > TIE_EPSILON
    }

    /// All 32 holds, best first, ties settled by the tie rule.
    pub fn sorted(&self) -> Vec<HoldEv> {
        let mut holds: Vec<HoldEv> = Hold::all().map(|hold| HoldEv { hold, ev: self.ev(hold) }).collect();
        holds.sort_by(compare_holds);
        holds
    }
}

/// Orders holds best first: higher EV, then (on a tie) fewer cards held, then smaller mask.
pub fn compare_holds(a: &HoldEv, b: &HoldEv) -> std::cmp::Ordering {
    if (a.ev - b.ev).abs() > TIE_EPSILON {
        return b.ev.total_cmp(&a.ev);
    }
    (a.hold.n_held(), a.hold.mask()).cmp(&(b.hold.n_held(), b.hold.mask()))
}

/// The EVs of all 32 holds of `hand` on `machine`, exactly (each is a ratio of integers,
/// correctly rounded). While the family's tables are not built, the first few hands of a process
/// are solved cold (`cold.rs`, the same integers); after them a call builds the machine's tables
/// (see [`prepare`]).
pub fn hand_evs(machine: MachineId, hand: &[Card; 5]) -> HandEvs {
    solver::fast_evs(machine, hand)
}

/// The EVs of all 32 holds of `hand` on a kicker game (Double Double Bonus 9/6, Triple Double
/// Bonus 9/7), exactly, by the same 31 lookups as [`hand_evs`]. The first call for a game folds the
/// natural family's category counts with its pays (a few milliseconds once the family's counts
/// exist; [`prepare`] builds those, not the kicker games' pay sums).
pub fn kicker_hand_evs(game: KickerGame, hand: &[Card; 5]) -> HandEvs {
    let family = game.family();
    match tables::kicker_tables_built(game) {
        Some(built) => solver::fast_evs_with(built, family, hand),
        None if cold::take(family) => solver::cold_evs(game.paytable().pay_by_category(), family, hand),
        None => solver::fast_evs_with(tables::kicker_tables(game), family, hand),
    }
}

/// Builds the tables of one game family and of its machines, if not built yet. Blocks until they
/// exist; other threads asking for the same tables meanwhile wait for this one build.
pub fn prepare(family: Family) {
    for machine in MachineId::ALL.into_iter().filter(|m| m.family() == family) {
        tables::machine_tables(machine);
    }
}

/// Builds every table for all five machines, the families in parallel: the natural family's on
/// this thread, every other family's one after another on a second.
pub fn warm_up() {
    std::thread::scope(|scope| {
        scope.spawn(|| Family::ALL.into_iter().filter(|&f| f != Family::Natural).for_each(prepare));
        prepare(Family::Natural);
    });
}

/// Bytes of memory held by the tables built so far (all five machines: about 28 MB, each kicker
/// game 2.4 MB more once used; the pay sums are 64-bit so that lab pays up to
/// [`custom::MAX_PAY`] fit).
pub fn table_bytes() -> usize {
    tables::built_bytes()
}
