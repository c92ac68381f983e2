//! The one list of running sums: every quantity a drawn hand adds, its name, its type and what one
//! hand adds to it. The draw adds a hand with [`Sums::add`], the full audit and the rebuild add the
//! replayed hands with the same call, and the derived tables' columns are generated from this list
//! (`table.rs`), so adding a statistic is one line here: the stored tables are then rebuilt from the
//! hands by themselves (the list is part of their version).

use rusqlite::types::Value;
use rusqlite::Row;
use serde::Serialize;

use crate::game::hands::HandRecord;
use crate::game::store::{corrupt, Res};

/// A stored amount: a count (`INTEGER`, never negative) or a sum of chips or EVs (`REAL`, finite).
pub(crate) trait Amount: Copy + Default + PartialEq + std::ops::AddAssign {
    /// The column's SQL type and check.
    const SQL: &'static str;
    /// The value to bind.
    fn to_value(self) -> Value;
    /// The stored value at `idx`; a negative count or a sum that is not a number is corrupt.
    fn read(row: &Row<'_>, idx: usize, name: &str) -> Res<Self>;
}

impl Amount for u64 {
    const SQL: &'static str = "INTEGER NOT NULL";

    fn to_value(self) -> Value {
        Value::Integer(self as i64)
    }

    fn read(row: &Row<'_>, idx: usize, name: &str) -> Res<u64> {
        let stored: i64 = row.get(idx)?;
        u64::try_from(stored).map_err(|_| corrupt(format!("a negative count {stored} in the running sums ({name})")))
    }
}

impl Amount for f64 {
    const SQL: &'static str = "REAL NOT NULL";

    fn to_value(self) -> Value {
        Value::Real(self)
    }

    fn read(row: &Row<'_>, idx: usize, name: &str) -> Res<f64> {
        let stored: f64 = row.get(idx)?;
        if stored.is_finite() {
            Ok(stored)
        } else {
            Err(corrupt(format!("a sum that is not a number in the running sums ({name})")))
        }
    }
}

macro_rules! running_sums {
    ($( $(#[doc = $doc:literal])+ $name:ident: $ty:ty = $of:expr; )+) => {
        /// The running sums of a set of drawn hands (one machine, real or practice, over all time or
        /// one session), added one hand at a time in hand order, and the best hand among them.
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct Sums {
            $( $(#[doc = $doc])+ pub $name: $ty, )+
            /// The hand that won most (the first of equals), if any won.
            pub best_hand: Option<BestHand>,
            /// The run of best holds the latest deals end with (0 after a mistake).
            pub best_run: u64,
            /// The longest run of consecutive best holds.
            pub longest_best_run: u64,
        }

        impl Sums {
            /// Every sum's column: (name, SQL type), in the list's order.
            pub(crate) const COLUMNS: &'static [(&'static str, &'static str)] =
                &[$( (stringify!($name), <$ty as Amount>::SQL), )+];

            fn add_amounts(&mut self, hand: &HandRecord) {
                $( self.$name += ($of)(hand); )+
            }

            /// The sums' values to bind, in [`Sums::COLUMNS`] order.
            pub(crate) fn values(&self) -> Vec<Value> {
                vec![$( Amount::to_value(self.$name), )+]
            }

            /// The sums stored in [`Sums::COLUMNS`] order from column `base` on (the best hand not
            /// included).
            pub(crate) fn read_amounts(row: &Row<'_>, base: usize) -> Res<Sums> {
                let mut idx = base;
                $(
                    let $name = <$ty as Amount>::read(row, idx, stringify!($name))?;
                    idx += 1;
                )+
                let _ = idx;
                Ok(Sums { $( $name, )+ best_hand: None, best_run: 0, longest_best_run: 0 })
            }
        }
    };
}

fn stake(hand: &HandRecord) -> f64 {
    hand.stake as f64
}

/// Whether a paytable row is a natural royal flush (`royal-flush`, or Deuces Wild's `natural-royal-flush`).
pub(crate) fn is_royal(outcome: &str) -> bool {
    outcome == "royal-flush" || outcome == "natural-royal-flush"
}

fn nudged(hand: &HandRecord) -> bool {
    hand.nudge.is_some()
}

running_sums! {
    /// Deals drawn.
    deals: u64 = |_: &HandRecord| 1;
    /// Hands played (a Five Play deal counts 5).
    hands: u64 = |h: &HandRecord| u64::from(h.hands);
    /// Chips wagered: bet × hands (practice too: what it would have cost).
    wagered: u64 = |h: &HandRecord| h.stake;
    /// Chips won (for practice, what it would have paid).
    won: u64 = |h: &HandRecord| h.won.unwrap_or(0);
    /// Deals whose hold was not a mistake.
    best_holds: u64 = |h: &HandRecord| u64::from(h.mistake == Some(false));
    /// What the best hold would have won on the very same cards.
    best_won: u64 = |h: &HandRecord| h.best_won.unwrap_or(0);
    /// EV given up per coin against the best hold.
    ev_given_up: f64 = |h: &HandRecord| h.ev_given_up.unwrap_or(0.0);
    /// EV given up in chips at each deal's stake.
    ev_given_up_chips: f64 = |h: &HandRecord| h.ev_given_up_chips.unwrap_or(0.0);
    /// The EV of the player's holds in chips.
    hold_ev_chips: f64 = |h: &HandRecord| h.hold_ev.unwrap_or(0.0) * stake(h);
    /// The EV of the best holds in chips.
    best_ev_chips: f64 = |h: &HandRecord| h.best_ev * stake(h);
    /// Final hands that were a natural royal flush (a wild royal is not one).
    royals: u64 = |h: &HandRecord| h.results.iter().filter(|r| is_royal(&r.outcome)).count() as u64;
    /// Five Play deals.
    five_play_deals: u64 = |h: &HandRecord| u64::from(h.hands == 5);
    /// Deals a kind deal nudged.
    nudged: u64 = |h: &HandRecord| u64::from(nudged(h));
    /// Chips wagered on nudged deals.
    nudged_wagered: u64 = |h: &HandRecord| if nudged(h) { h.stake } else { 0 };
    /// Chips won on nudged deals.
    nudged_won: u64 = |h: &HandRecord| if nudged(h) { h.won.unwrap_or(0) } else { 0 };
    /// The EV of the player's holds on nudged deals, in chips.
    nudged_hold_ev_chips: f64 = |h: &HandRecord| if nudged(h) { h.hold_ev.unwrap_or(0.0) * stake(h) } else { 0.0 };
    /// The EV of the best holds on nudged deals, in chips.
    nudged_best_ev_chips: f64 = |h: &HandRecord| if nudged(h) { h.best_ev * stake(h) } else { 0.0 };
}

/// The best hand of a set of deals: its id, final row and win.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BestHand {
    /// The hand's id.
    pub hand: i64,
    /// The paytable row id of its best result.
    pub outcome: String,
    /// Chips it won (what practice would have paid).
    pub won: u64,
}

impl Sums {
    /// Adds one drawn hand (the caller picks the hands of one machine and practice flag).
    pub(crate) fn add(&mut self, hand: &HandRecord) {
        self.add_amounts(hand);
        if hand.mistake == Some(false) {
            self.best_run += 1;
            self.longest_best_run = self.longest_best_run.max(self.best_run);
        } else {
            self.best_run = 0;
        }
        let won = hand.won.unwrap_or(0);
        if won > 0 && self.best_hand.as_ref().is_none_or(|b| won > b.won) {
            let outcome = hand.results.iter().max_by_key(|r| r.win).map_or("nothing", |r| r.outcome.as_str());
            self.best_hand = Some(BestHand { hand: hand.id, outcome: outcome.to_string(), won });
        }
    }
}
