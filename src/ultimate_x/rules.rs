//! Ultimate X's part of the rules behind a table (`crate::rules` dispatches to it): the multipliers
//! a deal starts with, carries from the hand before, is stored with and is drilled with.

use crate::shuffle::{Chooser, Seed};
use crate::table::Table;

use super::hint::OnScreen;
use super::multipliers::Multipliers;

/// The line count an Ultimate X drill hand is dealt on (Ultimate X's classic three-line cabinet).
pub const DRILL_LINES: u8 = 3;

/// The stream of a hand seed the multipliers of an Ultimate X drill hand are drawn from (stream 0
/// deals, 1 refills bags, 2 picks a nudge's card).
pub const DRILL_STREAM: u64 = 3;

/// The multipliers a deal on `lines` lines shows: `carried` (what each line earned in the hand
/// just before, when that hand was the same deal again) when they are one per line and each one
/// the table awards, else every line at 1×. `None` on a line count Ultimate X is not dealt on.
pub fn on_screen(table: &Table, lines: u8, carried: Option<&[u8]>) -> Option<OnScreen> {
    let rule = Multipliers::of_table(table, lines)?;
    let carried = carried.and_then(|earned| OnScreen::of_values(earned, &rule).ok());
    Some(carried.unwrap_or_else(|| OnScreen::ones(&rule)))
}

/// A stored hand's multipliers, checked as they enter: one per line, each one the table awards.
pub fn stored(table: &Table, lines: u8, values: Option<&[u8]>) -> Result<OnScreen, String> {
    let rule = Multipliers::of_table(table, lines).ok_or_else(|| format!("Ultimate X is not dealt on {lines} lines"))?;
    let values = values.ok_or("an Ultimate X hand without its multipliers")?;
    OnScreen::of_values(values, &rule).map_err(|why| why.to_string())
}

/// The multipliers on screen of an Ultimate X drill hand of `seed` on `table`: each of
/// [`DRILL_LINES`] lines, first first, one of the values the table awards on that many lines (1
/// included, in increasing order), chosen uniformly on the hand seed's stream [`DRILL_STREAM`]
/// (Lemire's rejection, as the shuffle chooses).
pub fn drill(seed: &Seed, table: &Table) -> Option<OnScreen> {
    let rule = Multipliers::of_table(table, DRILL_LINES)?;
    let values = rule.values();
    let mut rng = seed.rng();
    rng.set_stream(DRILL_STREAM);
    let chosen: Vec<u8> = (0..DRILL_LINES).map(|_| values[rng.below(values.len() as u32) as usize]).collect();
    OnScreen::of_values(&chosen, &rule).ok()
}

/// Multipliers as a player types them (`M1,M2,…`, one per line; a trailing `x` allowed), checked
/// for `table` on `lines` lines.
pub fn parse(table: &Table, lines: u8, text: &str) -> Result<OnScreen, super::hint::UxError> {
    if !crate::table::ULTIMATE_X_LINES.contains(&lines) {
        return Err(super::hint::UxError::Lines { lines });
    }
    let rule = Multipliers::of_table(table, lines).ok_or_else(|| super::hint::UxError::NoMultipliers { table: table.id().to_string() })?;
    OnScreen::parse(text, &rule)
}
