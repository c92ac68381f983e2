//! Ultimate X: multi-line video poker in which every winning line earns a multiplier for its next
//! hand. The multiplier tables ([`multipliers`]) and the exact long-run optimum ([`mdp`]);
//! docs/ULTIMATE-X.md derives the method and cites the tables.

pub mod chart;
pub mod hint;
pub mod mdp;
pub mod multipliers;
pub mod returns;
pub mod rules;
#[doc(hidden)] // public for tests/it, which solves each again
pub mod solved;
pub mod tiers;

use crate::table::Table;

/// The solver's view of a table and its multipliers.
pub fn game<'a>(table: &Table, multipliers: &'a multipliers::Multipliers) -> mdp::Game<'a> {
    let mut pays = [0.0; crate::strategy::tables::CAT_SLOTS];
    for (slot, &pay) in pays.iter_mut().zip(table.paytable().pay_by_category()) {
        *slot = f64::from(pay);
    }
    mdp::Game { pays, multipliers, family: table.family() }
}
