//! Progress over time: a game's daily series — decisions, mistakes, accuracy and EV given up per
//! 100 decisions by day — and the trend line through it, least squares over the days (docs/
//! TRAINING.md, "Progress over time"), with its series by session and the cost per hour
//! (`progress_sessions.rs`). Read from the running sums' daily table (`sums/days.rs`): the
//! last `days` days played, an indexed read whatever the length of the history. The UI draws the
//! points and the line as sent; it computes nothing.

use chrono::NaiveDate;
use rusqlite::Connection;
use serde::Serialize;

use crate::game::error::GameError;
use crate::game::store::Res;
use crate::game::sums::days;
use super::least_squares;
pub use super::progress_sessions::{PerHour, ProgressSession, SessionTrend, PER_HOUR_MIN_MINUTES, PER_HOUR_SESSIONS, PROGRESS_SESSIONS};
use crate::game::table_id;
use crate::table::TableLabel;

/// The most days one progress read returns (a year and a day).
pub const PROGRESS_DAYS_MAX: u32 = 366;

/// A game's progress over its last days played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Progress {
    /// The table's stable id (a machine's id for a machine; a variant's table is a game of its own).
    pub table: String,
    /// What the table is called, for a UI to write in its language.
    pub label: TableLabel,
    /// The days played, oldest first (at most the number asked for: the latest ones).
    pub days: Vec<ProgressDay>,
    /// The least-squares line through the days' EV given up per 100 decisions; null with fewer
    /// than two days.
    pub trend: Option<Trend>,
    /// The last sessions the game was played in, oldest first (at most [`PROGRESS_SESSIONS`]).
    pub sessions: Vec<ProgressSession>,
    /// The least-squares line through the sessions' EV given up per 100 decisions; null with fewer
    /// than two sessions.
    pub session_trend: Option<SessionTrend>,
    /// What mistakes cost per hour at the player's pace over the last sessions; null when they
    /// hold too little time to say.
    pub per_hour: Option<PerHour>,
}

/// One day on one game: every hand drawn that date, real and practice alike.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProgressDay {
    /// The date, as `play history` writes a hand's `day`.
    pub day: NaiveDate,
    /// Deals drawn (one hold decision each, however many lines).
    pub decisions: u64,
    /// Those whose hold was a mistake.
    pub mistakes: u64,
    /// EV per coin given up against the best holds, summed (the history's `ev_given_up`).
    pub ev_given_up: f64,
    /// Decisions that were not mistakes, as a share of the day's decisions.
    pub accuracy: f64,
    /// `ev_given_up` per 100 decisions: 100 × ev_given_up / decisions.
    pub ev_given_up_per_100: f64,
}

pub use super::least_squares::{Direction, FLAT};

/// The trend line: y = `first` + `per_day` × (days since the first day), fitted by least squares
/// to each day's `ev_given_up_per_100` (every day weighs the same; x counts calendar days, so gaps
/// between days played stretch it).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Trend {
    /// The change in EV given up per 100 decisions per calendar day (negative: fewer given up).
    pub per_day: f64,
    /// The line's value on the first day shown.
    pub first: f64,
    /// The line's value on the last day shown.
    pub last: f64,
    /// Which way it goes.
    pub direction: Direction,
}

/// The last `n_days` days game `table_id` was played on (`unknown-table` for an id that names no
/// table; more than [`PROGRESS_DAYS_MAX`] is `progress-limit`).
pub(crate) fn progress(conn: &Connection, table_id: &str, n_days: u32) -> Res<Progress> {
    if n_days > PROGRESS_DAYS_MAX {
        return Err(GameError::ProgressLimit { days: n_days, max: PROGRESS_DAYS_MAX }.into());
    }
    let table = table_id::resolve(conn, table_id)?;
    let days: Vec<ProgressDay> = days::last_days(conn, table.id(), n_days)?
        .into_iter()
        .map(|(day, sums)| {
            let n = sums.decisions as f64;
            ProgressDay {
                day,
                decisions: sums.decisions,
                mistakes: sums.mistakes,
                ev_given_up: sums.ev_given_up,
                accuracy: (sums.decisions - sums.mistakes) as f64 / n,
                ev_given_up_per_100: 100.0 * sums.ev_given_up / n,
            }
        })
        .collect();
    let trend = trend(&days);
    let (sessions, session_trend, per_hour) = super::progress_sessions::sessions(conn, table.id())?;
    Ok(Progress { table: table.id().to_string(), label: table.label().clone(), days, trend, sessions, session_trend, per_hour })
}

/// Least squares of `ev_given_up_per_100` on the days since the first day.
pub fn trend(days: &[ProgressDay]) -> Option<Trend> {
    trend_of(&days.iter().map(|d| (d.day, d.ev_given_up_per_100)).collect::<Vec<_>>())
}

/// The trend line through dated values of EV given up per 100 decisions (oldest first): least
/// squares on the calendar days since the first date (`least_squares::fit`, every point weighing
/// the same); `None` with fewer than two points. The progress days' and the proficiency checks'.
pub fn trend_of(dated: &[(NaiveDate, f64)]) -> Option<Trend> {
    let first_day = dated.first()?.0;
    let points: Vec<(f64, f64)> = dated.iter().map(|&(day, y)| ((day - first_day).num_days() as f64, y)).collect();
    let line = least_squares::fit(&points)?;
    Some(Trend { per_day: line.slope, first: line.first, last: line.last, direction: line.direction })
}
