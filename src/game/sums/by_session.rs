//! The series by session: per table id and session (`session_sums`), the decisions drawn, the
//! mistakes among them, the EV given up per coin and in chips, and how many of those deals carry a
//! time of day; per session, over every table (`session_times`), its timed deals and the first and
//! last of their times. What one drawn hand adds is [`SessionSums::add`] and [`SessionTime::add`],
//! the same for the draw, the rebuild and the audit's comparison. Derived tables of the running sums
//! (created and rebuilt with them, `table.rs`): a game's sessions are an indexed read of its last
//! rows, whatever the length of the history.
//!
//! A hand belongs to the session it was dealt in (`sessions.rs`: the latest whose first hand is at
//! or below its id); a hand before the first session is in none. A hand keeps when it was dealt, not
//! when it was drawn, so a session's time is the sum of the gaps between its timed deals, each
//! deal's from the one before, in the order they were played, each gap clamped to 0 to
//! [`GAP_SECONDS_MAX`]: a pause inside a session counts five minutes at most, and a clock set back
//! (a deal timed before the one before it) adds nothing and cannot inflate the span. Each timed deal
//! is given the session's average time between deals ([`minutes`]), whatever its table: a
//! session's games share its time by decisions, and no minute counts for two games.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;
use rusqlite::{params, Connection, OptionalExtension};

use crate::game::hands::HandRecord;
use crate::game::store::{corrupt, Res};

/// One session's figures on one table.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct SessionSums {
    /// Deals drawn (one hold decision each, however many lines).
    pub decisions: u64,
    /// Those whose hold was a mistake (the core's one verdict).
    pub mistakes: u64,
    /// EV per coin given up against the best hold, summed (as the history's `ev_given_up`).
    pub ev_given_up: f64,
    /// The same in chips at each hand's stake, summed (the history's `ev_given_up_chips`).
    pub chips_given_up: f64,
    /// Deals dealt with a time of day (the app and the CLI always give one).
    pub timed: u64,
}

impl SessionSums {
    /// What one drawn hand adds.
    pub(crate) fn add(&mut self, hand: &HandRecord) {
        self.decisions += 1;
        self.mistakes += u64::from(hand.mistake == Some(true));
        self.ev_given_up += hand.ev_given_up.unwrap_or(0.0);
        self.chips_given_up += hand.ev_given_up_chips.unwrap_or(0.0);
        self.timed += u64::from(dealt_at(hand).is_some());
    }
}

/// The most one gap between two deals of a session adds to its time: five minutes (a player who
/// stops longer paused; 30 minutes away ends the session, `sessions::AWAY_SECONDS`).
pub const GAP_SECONDS_MAX: i64 = 5 * 60;

/// One session's timed deals, over every table: how many, the time of the last one and the
/// session's time so far (seconds: its clamped gaps summed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SessionTime {
    pub timed: u64,
    pub last_at: i64,
    pub seconds: i64,
}

impl SessionTime {
    /// What one drawn hand dealt at `at` adds (the first time summed: `None` before): one more
    /// timed deal, and the gap from the deal before, clamped to 0 to [`GAP_SECONDS_MAX`].
    pub(crate) fn add(this: Option<SessionTime>, at: i64) -> SessionTime {
        match this {
            None => SessionTime { timed: 1, last_at: at, seconds: 0 },
            Some(t) => SessionTime {
                timed: t.timed + 1,
                last_at: at,
                seconds: t.seconds + at.saturating_sub(t.last_at).clamp(0, GAP_SECONDS_MAX),
            },
        }
    }
}

/// When a hand was dealt, in seconds, if it carries a time of day.
fn dealt_at(hand: &HandRecord) -> Option<i64> {
    let text = hand.played_at.as_deref()?;
    NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S").ok().map(|at| at.and_utc().timestamp())
}

/// The minutes `timed` deals of a session are given: each its session's average time between
/// deals (its time over one fewer than its timed deals); `None` when the session has fewer than two
/// timed deals (no time between deals to go by).
pub(crate) fn minutes(sums: &SessionSums, time: Option<SessionTime>) -> Option<f64> {
    let time = time.filter(|t| t.timed >= 2)?;
    Some(sums.timed as f64 * time.seconds as f64 / (time.timed - 1) as f64 / 60.0)
}

/// Adds a drawn hand to its table's row of `session` and to the session's time (inside the draw's
/// transaction).
pub(crate) fn add(conn: &Connection, hand: &HandRecord, session: i64) -> Res<()> {
    let mut sums = SessionSums::default();
    sums.add(hand);
    conn.prepare_cached(
        "INSERT INTO session_sums (table_id, session, decisions, mistakes, ev_given_up, chips_given_up, timed) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (table_id, session) DO UPDATE SET \
         decisions = decisions + excluded.decisions, mistakes = mistakes + excluded.mistakes, \
         ev_given_up = ev_given_up + excluded.ev_given_up, chips_given_up = chips_given_up + excluded.chips_given_up, \
         timed = timed + excluded.timed",
    )?
    .execute(params![
        hand.one_table_id(),
        session,
        sums.decisions as i64,
        sums.mistakes as i64,
        sums.ev_given_up,
        sums.chips_given_up,
        sums.timed as i64
    ])?;
    if let Some(at) = dealt_at(hand) {
        let time = SessionTime::add(read_time(conn, session)?, at);
        write_time(conn, session, time)?;
    }
    Ok(())
}

/// What a drawn hand adds to the in-memory tables of the rebuild (the same adds as [`add`]).
pub(crate) fn add_to(built: &mut Built, hand: &HandRecord, session: i64) {
    built.sums.entry((hand.one_table_id().to_string(), session)).or_default().add(hand);
    if let Some(at) = dealt_at(hand) {
        let time = built.times.get(&session).copied();
        built.times.insert(session, SessionTime::add(time, at));
    }
}

/// Both tables in memory: (table id, session) → figures, session → time.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Built {
    pub sums: BTreeMap<(String, i64), SessionSums>,
    pub times: BTreeMap<i64, SessionTime>,
}

/// The last `n` sessions a table was played in, oldest first, each with its session's time (by
/// the primary keys: `n` rows of each table read).
pub(crate) fn last_sessions(conn: &Connection, table: &str, n: u32) -> Res<Vec<(i64, SessionSums, Option<SessionTime>)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT session, decisions, mistakes, ev_given_up, chips_given_up, timed FROM session_sums \
         WHERE table_id = ?1 ORDER BY session DESC LIMIT ?2",
    )?;
    let mut rows = stmt.query(params![table, i64::from(n)])?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        let (session, sums) = decode(row, table)?;
        out.push((session, sums, read_time(conn, session)?));
    }
    out.reverse();
    Ok(out)
}

/// A row's figures from `session, decisions, mistakes, ev_given_up, chips_given_up, timed`; counts
/// that do not add up are corrupt (the derived tables are then rebuilt).
fn decode(row: &rusqlite::Row<'_>, table: &str) -> Res<(i64, SessionSums)> {
    let (session, decisions, mistakes, ev_given_up, chips_given_up, timed): (i64, i64, i64, f64, f64, i64) =
        (row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?, row.get(5)?);
    let bad = || corrupt(format!("the figures of '{table}' in session {session} do not add up"));
    let (Ok(decisions), Ok(mistakes), Ok(timed)) = (u64::try_from(decisions), u64::try_from(mistakes), u64::try_from(timed))
    else {
        return Err(bad());
    };
    if mistakes > decisions || timed > decisions || !ev_given_up.is_finite() || !chips_given_up.is_finite() {
        return Err(bad());
    }
    Ok((session, SessionSums { decisions, mistakes, ev_given_up, chips_given_up, timed }))
}

fn read_time(conn: &Connection, session: i64) -> Res<Option<SessionTime>> {
    let row = conn
        .prepare_cached("SELECT timed, last_at, seconds FROM session_times WHERE session = ?1")?
        .query_row([session], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?)))
        .optional()?;
    match row {
        None => Ok(None),
        Some((timed, last_at, seconds)) => match u64::try_from(timed) {
            Ok(timed) if timed >= 1 && (0..=GAP_SECONDS_MAX.saturating_mul(timed as i64 - 1)).contains(&seconds) => {
                Ok(Some(SessionTime { timed, last_at, seconds }))
            }
            _ => Err(corrupt(format!("the time of session {session} does not add up"))),
        },
    }
}

fn write_time(conn: &Connection, session: i64, time: SessionTime) -> Res<()> {
    conn.prepare_cached("INSERT OR REPLACE INTO session_times (session, timed, last_at, seconds) VALUES (?1, ?2, ?3, ?4)")?
        .execute(params![session, time.timed as i64, time.last_at, time.seconds])?;
    Ok(())
}

/// Both stored tables.
pub(crate) fn read_all(conn: &Connection) -> Res<Built> {
    let mut stmt = conn.prepare_cached(
        "SELECT session, decisions, mistakes, ev_given_up, chips_given_up, timed, table_id FROM session_sums",
    )?;
    let mut rows = stmt.query([])?;
    let mut built = Built::default();
    while let Some(row) = rows.next()? {
        let table: String = row.get(6)?;
        let (session, sums) = decode(row, &table)?;
        built.sums.insert((table, session), sums);
    }
    let mut stmt = conn.prepare_cached("SELECT session FROM session_times")?;
    let sessions = stmt.query_map([], |r| r.get::<_, i64>(0))?.collect::<rusqlite::Result<Vec<_>>>()?;
    for session in sessions {
        if let Some(time) = read_time(conn, session)? {
            built.times.insert(session, time);
        }
    }
    Ok(built)
}

/// Writes both tables (they were just recreated, empty).
pub(crate) fn write_all(conn: &Connection, built: &Built) -> Res<()> {
    for ((table, session), s) in &built.sums {
        conn.prepare_cached(
            "INSERT INTO session_sums (table_id, session, decisions, mistakes, ev_given_up, chips_given_up, timed) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![table, session, s.decisions as i64, s.mistakes as i64, s.ev_given_up, s.chips_given_up, s.timed as i64])?;
    }
    for (session, time) in &built.times {
        write_time(conn, *session, *time)?;
    }
    Ok(())
}
