//! The warm-up offer: when a player comes back to a game not played for a week, five hard
//! decisions on it before the first hand (the hard drill, `drills.rs`, with a count of
//! [`WARM_UP_DECISIONS`]). An offer only: taking it or saying "not now" hides every offer for the
//! rest of that date (the setting `warm-up-answered`), and nothing counts down or keeps a streak.
//!
//! A pure function of the date passed in, the last date the game was played (one indexed read of
//! the derived `day_sums`, the newest row of the table's id: `sums::days::last_days`) and the
//! last date an offer was answered:
//!
//! - offered when the game was last played [`WARM_UP_AFTER_DAYS`] (7) or more days before `today`
//!   (played on the 1st: offered from the 8th on, not on the 7th);
//! - never for a game never played (a first visit is no return: there is nothing to warm up
//!   after), nor when the last date played is after `today` (a clock set back);
//! - not again on a date an offer was answered (taken or declined), nor on a date before it less
//!   than [`WARM_UP_AFTER_DAYS`] away (the clock set back after an answer: the offer answered is not
//!   made again). An answer dated a week or more after `today` (given with the clock set ahead
//!   once) hides nothing, so a wrong clock cannot silence the offers until the calendar catches up.
//!
//! "Played" is a hand drawn on that table (for chips or in practice): a drill answer draws no hand.
//! A machine's variant (`library::Variant`) is a table of its own.
//!
//! Taking an offer ([`take`]) answers the day's offers and starts the warm-up (owns `warm_up`: one
//! row, the last one taken): the core counts its decisions, so no screen counts them. Each hard
//! drill answer on its table on the date it was taken counts one ([`count`]) until all are
//! answered; the state carries today's warm-up (`warm_up_run`) and a counted answer's verdict the
//! count after it.

use chrono::NaiveDate;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use crate::game::error::GameError;
use crate::game::store::codes::{day_code, day_from_code};
use crate::game::store::Res;
use crate::game::sums::days;

/// The days away from a game after which a warm-up is offered: 7 (a week).
pub const WARM_UP_AFTER_DAYS: u32 = 7;

/// The hard decisions a warm-up is.
pub const WARM_UP_DECISIONS: u32 = 5;

/// A warm-up offered on a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct WarmUp {
    /// The last date the game was played.
    pub last_played: NaiveDate,
    /// Days from then to today (at least [`WARM_UP_AFTER_DAYS`]).
    pub days_away: u32,
    /// The hard decisions offered ([`WARM_UP_DECISIONS`]).
    pub decisions: u32,
}

/// The offer on `today` for a game last played on `last_played` (`None`: never), when an offer was
/// last answered on `answered` (the rule is in the module documentation).
pub fn warm_up_on(last_played: Option<NaiveDate>, answered: Option<NaiveDate>, today: NaiveDate) -> Option<WarmUp> {
    let last_played = last_played?;
    if answered.is_some_and(|answered| (0..i64::from(WARM_UP_AFTER_DAYS)).contains(&(answered - today).num_days())) {
        return None;
    }
    let days_away = u32::try_from((today - last_played).num_days()).ok()?;
    (days_away >= WARM_UP_AFTER_DAYS).then_some(WarmUp { last_played, days_away, decisions: WARM_UP_DECISIONS })
}

/// The last date on or before `today` a hand was drawn on the table `table_id` (a resolved id), if
/// any: one row of `day_sums`, by its primary key. A date after today (played with the clock set
/// ahead once) is passed over, so it cannot silence the offer until the calendar catches up.
pub(crate) fn last_played(conn: &Connection, table_id: &str, today: NaiveDate) -> Res<Option<NaiveDate>> {
    days::last_day_until(conn, table_id, today)
}

/// The offer on `today` for the table `table_id` (any table: a machine, a kicker game, a library
/// or lab table, a variant of one; `unknown-table` otherwise).
pub(crate) fn offer(conn: &Connection, table_id: &str, today: NaiveDate) -> Res<Option<WarmUp>> {
    let table = crate::game::table_id::resolve(conn, table_id)?;
    let answered = crate::game::store::player::settings(conn)?.warm_up_answered;
    Ok(warm_up_on(last_played(conn, table.id(), today)?, answered, today))
}

/// A warm-up taken: its table, its decisions and how many are answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WarmUpRun {
    /// The table it drills (the machine's id).
    pub table: String,
    /// The hard decisions it is ([`WARM_UP_DECISIONS`] when taken).
    pub decisions: u32,
    /// How many of them are answered.
    pub answered: u32,
    /// Whether every one is answered.
    pub done: bool,
}

/// Takes the warm-up offered on `table_id` on `today` (`no-warm-up` when none is: a refusal changes
/// nothing): the day's offers are answered (the setting `warm-up-answered`) and the warm-up starts
/// with none of its decisions answered.
pub(crate) fn take(conn: &Connection, table_id: &str, today: NaiveDate) -> Res<()> {
    let table = crate::game::table_id::resolve(conn, table_id)?;
    let offered = offer(conn, table_id, today)?.ok_or_else(|| GameError::NoWarmUp { table: table_id.to_string() })?;
    crate::game::store::player::write_setting(conn, "warm-up-answered", &today.format("%Y-%m-%d").to_string())?;
    conn.prepare_cached("INSERT OR REPLACE INTO warm_up (id, day, tbl, decisions, answered) VALUES (1, ?1, ?2, ?3, 0)")?
        .execute(params![day_code(today), table.id(), offered.decisions])?;
    Ok(())
}

/// The warm-up taken on `today`, if one was.
pub(crate) fn run(conn: &Connection, today: NaiveDate) -> Res<Option<WarmUpRun>> {
    let row = conn
        .prepare_cached("SELECT day, tbl, decisions, answered FROM warm_up WHERE id = 1")?
        .query_row([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, u32>(2)?, r.get::<_, u32>(3)?)))
        .optional()?;
    let Some((day, table, decisions, answered)) = row else { return Ok(None) };
    if day_from_code(day)? != today {
        return Ok(None);
    }
    Ok(Some(WarmUpRun { table, decisions, answered, done: answered >= decisions }))
}

/// Counts a hard drill answer on the table `table_id` (a resolved id) on `today` towards the
/// warm-up taken that day on that table, while some of its decisions are unanswered; the warm-up
/// after it, or `None` when the answer is not one of its decisions.
pub(crate) fn count(conn: &Connection, table_id: &str, today: NaiveDate) -> Res<Option<WarmUpRun>> {
    match run(conn, today)? {
        Some(run) if run.table == table_id && !run.done => {
            conn.prepare_cached("UPDATE warm_up SET answered = answered + 1 WHERE id = 1")?.execute([])?;
            let answered = run.answered + 1;
            Ok(Some(WarmUpRun { answered, done: answered >= run.decisions, ..run }))
        }
        _ => Ok(None),
    }
}

/// What is wrong with the stored warm-up (at most one row): a day that is no date.
pub(crate) fn problems(conn: &Connection) -> Res<Vec<String>> {
    let day: Option<i64> = conn.prepare_cached("SELECT day FROM warm_up WHERE id = 1")?.query_row([], |r| r.get(0)).optional()?;
    Ok(match day {
        Some(day) if day_from_code(day).is_err() => vec![format!("the warm-up taken on day {day}, which is not a date")],
        _ => Vec::new(),
    })
}
