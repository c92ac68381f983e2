//! Ultimate X: multi-line video poker in which every winning line earns a multiplier for its next
//! hand. The multiplier tables ([`multipliers`]) and the exact long-run optimum ([`mdp`]);
//! docs/ULTIMATE-X.md derives the method and cites the tables.

pub mod hint;
pub mod mdp;
pub mod multipliers;

use crate::table::Table;

/// Solves Ultimate X on `table` with `lines` lines, or `None` when the table's game has no
/// multiplier table or the line count is not one of [`multipliers::UX_LINES`].
pub fn solve(table: &Table, lines: u8) -> Option<mdp::Solution> {
    let multipliers = multipliers::Multipliers::of(table.base(), table.paytable(), lines)?;
    let game = game(table, &multipliers);
    Some(game.solve())
}

/// The solver's view of a table and its multipliers.
pub fn game<'a>(table: &Table, multipliers: &'a multipliers::Multipliers) -> mdp::Game<'a> {
    let mut pays = [0.0; crate::strategy::tables::CAT_SLOTS];
    for (slot, &pay) in pays.iter_mut().zip(table.paytable().pay_by_category()) {
        *slot = f64::from(pay);
    }
    mdp::Game { pays, multipliers, family: crate::strategy::tables::family_tables(table.family()) }
}
