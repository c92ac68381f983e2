//! A table's Ultimate X returns on a line count: with perfect play (the multipliers on screen
//! considered) and with the best single strategy, the mean multiplier a line is paid at in the long
//! run, and the multiplier each paying row earns (`vpoker analyze --game ultimate-x:ID --lines N`).

use serde::Serialize;

use crate::table::Table;

use super::hint::{solution, UxError};
use super::multipliers::Multipliers;

/// The returns of a table's Ultimate X game on one line count, per unit bet (two coins a line).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Returns {
    /// Lines dealt.
    pub lines: u8,
    /// With perfect play.
    pub return_perfect: f64,
    /// With the best single strategy.
    pub return_single_strategy: f64,
    /// The mean multiplier a line is paid at under perfect play (the stationary distribution's).
    pub mean_multiplier: f64,
    /// The multiplier each paying row earns for its line's next hand, best row first.
    pub earned: Vec<(&'static str, u8)>,
}

/// The returns of `table`'s game on `lines` lines (solved once per process; the machines' games
/// come solved with the source).
pub fn returns(table: &Table, lines: u8) -> Result<Returns, UxError> {
    let (multipliers, solved) = solution(table, lines)?;
    let single = super::game(table, &multipliers).single_strategy();
    let mean_multiplier = solved.stationary.iter().enumerate().map(|(i, p)| (i + usize::from(lines)) as f64 * p).sum::<f64>()
        / f64::from(lines);
    Ok(Returns {
        lines,
        return_perfect: solved.return_rate(),
        return_single_strategy: single.return_rate(),
        mean_multiplier,
        earned: earned_by_row(table, &multipliers),
    })
}

/// The multiplier each paying row earns, best row first.
fn earned_by_row(table: &Table, multipliers: &Multipliers) -> Vec<(&'static str, u8)> {
    table
        .paytable()
        .rows()
        .iter()
        .map(|row| (row.id, row.categories.first().map_or(1, |&c| multipliers.of_category(c))))
        .collect()
}
