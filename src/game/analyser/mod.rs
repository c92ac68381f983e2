//! The hand analyser's room: any five cards on any table (a machine, a kicker game, a library
//! table, a saved lab table, or a variant of one with what is on screen), every hold best first
//! with its exact value and final-hand distribution, the chart's line and what a chosen hold
//! gives up (`analysis.rs`, pure). Reads only: the table an id names (`table_id::resolve`) and
//! the player's chart tier. Owns no table; stores nothing.

mod analysis;

pub use analysis::{analyse, AnalysedHold, AnalysedRow, AnalysedScreen, Analysis, GivesUp, Question, RowChange};

use rusqlite::Connection;

use crate::table::Table;

use super::store::{player, Res};
use super::table_id;

/// The analysis of `question` on the table `table` names, for the player's chart tier: the chart
/// is the plain table's (a variant's id names its plain table's chart, as the hint does).
pub(crate) fn analyse_on(conn: &Connection, table: &str, question: &Question<'_>) -> Res<Analysis> {
    let table = table_id::resolve(conn, table)?;
    let plain = match Table::variant_id(table.id()) {
        Some((plain, _)) => table_id::resolve(conn, plain)?,
        None => table.clone(),
    };
    let tier = player::settings(conn)?.chart_tier;
    Ok(analyse(&table, &plain, question, &tier)?)
}
