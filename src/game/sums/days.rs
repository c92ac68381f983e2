//! The daily series (`day_sums`): per table id and date, the decisions drawn, the mistakes among
//! them and the EV given up per coin, summed — what one drawn hand adds is [`DaySums::add`], the
//! same for the draw, the rebuild and the audit's comparison. A derived table of the running sums
//! (created and rebuilt with them, `table.rs`), so a game's progress over time is an indexed read of
//! its last days, whatever the length of the history. A hand with no date (a practice table hand of
//! schemas 13–14) is in no day.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use rusqlite::{params, Connection, OptionalExtension};

use crate::game::hands::HandRecord;
use crate::game::store::codes::{day_code, day_from_code};
use crate::game::store::{corrupt, Res};

/// One day's figures on one table.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct DaySums {
    /// Deals drawn (one hold decision each, however many lines).
    pub decisions: u64,
    /// Those whose hold was a mistake (the core's one verdict).
    pub mistakes: u64,
    /// EV per coin given up against the best hold, summed (as the history's `ev_given_up`).
    pub ev_given_up: f64,
}

impl DaySums {
    /// What one drawn hand adds.
    pub(crate) fn add(&mut self, hand: &HandRecord) {
        self.decisions += 1;
        self.mistakes += u64::from(hand.mistake == Some(true));
        self.ev_given_up += hand.ev_given_up.unwrap_or(0.0);
    }
}

/// The key a drawn hand is summed under: its table's id and its date (`None` without a date).
pub(crate) fn key_of(hand: &HandRecord) -> Option<(String, NaiveDate)> {
    Some((hand.one_table_id().to_string(), hand.day?))
}

/// Adds a drawn hand to its table's day (inside the draw's transaction).
pub(crate) fn add(conn: &Connection, hand: &HandRecord) -> Res<()> {
    let Some((table, day)) = key_of(hand) else { return Ok(()) };
    let mut sums = DaySums::default();
    sums.add(hand);
    conn.prepare_cached(
        "INSERT INTO day_sums (table_id, day, decisions, mistakes, ev_given_up) VALUES (?1, ?2, ?3, ?4, ?5) \
         ON CONFLICT (table_id, day) DO UPDATE SET decisions = decisions + excluded.decisions, \
         mistakes = mistakes + excluded.mistakes, ev_given_up = ev_given_up + excluded.ev_given_up",
    )?
    .execute(params![table, day_code(day), sums.decisions as i64, sums.mistakes as i64, sums.ev_given_up])?;
    Ok(())
}

/// The last date on or before `today` a table was played on, if any (one primary-key read; a date
/// after today, from a clock set wrong once, is passed over).
pub(crate) fn last_day_until(conn: &Connection, table: &str, today: NaiveDate) -> Res<Option<NaiveDate>> {
    let code: Option<i64> = conn
        .prepare_cached("SELECT day FROM day_sums WHERE table_id = ?1 AND day <= ?2 ORDER BY day DESC LIMIT 1")?
        .query_row(params![table, day_code(today)], |row| row.get(0))
        .optional()?;
    code.map(day_from_code).transpose()
}

/// The last `n` days a table was played on, oldest first (by the primary key: `n` rows read).
pub(crate) fn last_days(conn: &Connection, table: &str, n: u32) -> Res<Vec<(NaiveDate, DaySums)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT day, decisions, mistakes, ev_given_up FROM day_sums WHERE table_id = ?1 ORDER BY day DESC LIMIT ?2",
    )?;
    let mut rows = stmt.query(params![table, i64::from(n)])?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        out.push(decode(row, 0, table)?);
    }
    out.reverse();
    Ok(out)
}

/// A day's figures from `day, decisions, mistakes, ev_given_up` at column `at` on; counts that do
/// not add up are corrupt (the derived table is then rebuilt).
fn decode(row: &rusqlite::Row<'_>, at: usize, table: &str) -> Res<(NaiveDate, DaySums)> {
    let (day, decisions, mistakes, ev_given_up): (i64, i64, i64, f64) = (row.get(at)?, row.get(at + 1)?, row.get(at + 2)?, row.get(at + 3)?);
    let bad = || corrupt(format!("the daily figures of '{table}' do not add up"));
    let (Ok(decisions), Ok(mistakes)) = (u64::try_from(decisions), u64::try_from(mistakes)) else { return Err(bad()) };
    if mistakes > decisions || !ev_given_up.is_finite() {
        return Err(bad());
    }
    Ok((day_from_code(day)?, DaySums { decisions, mistakes, ev_given_up }))
}

/// Every stored day: (table id, date) → figures.
pub(crate) fn read_all(conn: &Connection) -> Res<BTreeMap<(String, NaiveDate), DaySums>> {
    let mut stmt = conn.prepare_cached("SELECT table_id, day, decisions, mistakes, ev_given_up FROM day_sums")?;
    let mut rows = stmt.query([])?;
    let mut out = BTreeMap::new();
    while let Some(row) = rows.next()? {
        let table: String = row.get(0)?;
        let (day, sums) = decode(row, 1, &table)?;
        out.insert((table, day), sums);
    }
    Ok(out)
}

/// Writes every day (the table was just recreated, empty).
pub(crate) fn write_all(conn: &Connection, days: &BTreeMap<(String, NaiveDate), DaySums>) -> Res<()> {
    for ((table, day), sums) in days {
        conn.prepare_cached("INSERT INTO day_sums (table_id, day, decisions, mistakes, ev_given_up) VALUES (?1, ?2, ?3, ?4, ?5)")?
            .execute(params![table, day_code(*day), sums.decisions as i64, sums.mistakes as i64, sums.ev_given_up])?;
    }
    Ok(())
}
