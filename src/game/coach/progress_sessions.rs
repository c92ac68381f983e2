//! Progress by session: a game's last sessions — decisions, mistakes, accuracy, EV given up per 100
//! decisions, minutes — the trend line through them (least squares, x the session's place among
//! those shown), and what the player's mistakes cost per hour at their own pace (docs/TRAINING.md,
//! "By session" and "At your pace"). Read from the running sums' session tables
//! (`sums/by_session.rs`): the last sessions played, an indexed read whatever the length of the
//! history. The UI shows what is sent; it computes nothing.

use chrono::NaiveDateTime;
use rusqlite::Connection;
use serde::Serialize;

use super::least_squares::{self, Direction};
use crate::game::store::{corrupt, Res};
use crate::game::sums::{by_session, sessions};

/// The sessions one progress read shows: a game's last 30.
pub const PROGRESS_SESSIONS: u32 = 30;

/// The per-hour figure covers the game's last 10 sessions (of those shown) that have a time.
pub const PER_HOUR_SESSIONS: usize = 10;

/// Less time than this (minutes, over those sessions) is too little to give a per-hour figure.
pub const PER_HOUR_MIN_MINUTES: f64 = 15.0;

/// One session on one game: every hand drawn on its table in that session, real and practice alike.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProgressSession {
    /// The session's number (as the coach's sessions are numbered).
    pub session: i64,
    /// When the session started, local time, as `YYYY-MM-DDTHH:MM:SS` (as the coach writes it).
    #[serde(serialize_with = "sessions::stamp")]
    pub started: NaiveDateTime,
    /// The time spent on this game: its timed deals, each given the session's average time between
    /// deals; null when the session has fewer than two timed deals.
    pub minutes: Option<f64>,
    /// Deals drawn (one hold decision each, however many lines).
    pub decisions: u64,
    /// Those whose hold was a mistake.
    pub mistakes: u64,
    /// Decisions that were not mistakes, as a share of the session's decisions.
    pub accuracy: f64,
    /// EV per coin given up against the best holds, summed (the history's `ev_given_up`).
    pub ev_given_up: f64,
    /// `ev_given_up` per 100 decisions: 100 × ev_given_up / decisions.
    pub ev_given_up_per_100: f64,
    /// EV given up in chips at the stakes played, summed (the history's `ev_given_up_chips`).
    pub chips_given_up: f64,
}

/// The trend line through the sessions' EV given up per 100 decisions: y = `first` +
/// `per_session` × (the session's place among those shown, the oldest 0).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SessionTrend {
    /// The change in EV given up per 100 decisions from one session to the next.
    pub per_session: f64,
    /// The line's value at the oldest session shown.
    pub first: f64,
    /// The line's value at the newest session shown.
    pub last: f64,
    /// Which way it goes.
    pub direction: Direction,
}

/// What mistakes cost per hour at the player's pace, over the game's last [`PER_HOUR_SESSIONS`]
/// sessions with a time.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PerHour {
    /// The sessions it covers.
    pub sessions: u32,
    /// The hours played in them (their `minutes` / 60).
    pub hours: f64,
    /// The pace: timed decisions per hour.
    pub decisions: f64,
    /// Chips given up per hour: the pace × the chips given up per decision in those sessions.
    pub chips_given_up: f64,
}

/// A game's sessions: the last [`PROGRESS_SESSIONS`], oldest first, their trend (null with fewer
/// than two) and the per-hour figure (null with less than [`PER_HOUR_MIN_MINUTES`] minutes).
pub(crate) fn sessions(conn: &Connection, table: &str) -> Res<(Vec<ProgressSession>, Option<SessionTrend>, Option<PerHour>)> {
    let rows = by_session::last_sessions(conn, table, PROGRESS_SESSIONS)?;
    let mut list = Vec::with_capacity(rows.len());
    // (timed decisions, decisions, chips given up) of the sessions with a time, for the per-hour figure.
    let mut timed = Vec::new();
    for (session, sums, time) in rows {
        let started = sessions::started(conn, session)?
            .ok_or_else(|| corrupt(format!("the figures of '{table}' name session {session}, which is not stored")))?;
        let minutes = by_session::minutes(&sums, time);
        if let Some(minutes) = minutes {
            timed.push((minutes, sums.timed, sums.decisions, sums.chips_given_up));
        }
        let n = sums.decisions as f64;
        list.push(ProgressSession {
            session,
            started,
            minutes,
            decisions: sums.decisions,
            mistakes: sums.mistakes,
            accuracy: (sums.decisions - sums.mistakes) as f64 / n,
            ev_given_up: sums.ev_given_up,
            ev_given_up_per_100: 100.0 * sums.ev_given_up / n,
            chips_given_up: sums.chips_given_up,
        });
    }
    let points: Vec<(f64, f64)> = list.iter().enumerate().map(|(i, s)| (i as f64, s.ev_given_up_per_100)).collect();
    let trend = least_squares::fit(&points).map(|line| SessionTrend {
        per_session: line.slope,
        first: line.first,
        last: line.last,
        direction: line.direction,
    });
    Ok((list, trend, per_hour(&timed[timed.len().saturating_sub(PER_HOUR_SESSIONS)..])))
}

/// The per-hour figure over sessions given as (minutes, timed decisions, decisions, chips given up).
fn per_hour(sessions: &[(f64, u64, u64, f64)]) -> Option<PerHour> {
    let minutes: f64 = sessions.iter().map(|s| s.0).sum();
    if minutes < PER_HOUR_MIN_MINUTES {
        return None;
    }
    let hours = minutes / 60.0;
    let timed: u64 = sessions.iter().map(|s| s.1).sum();
    let decisions: u64 = sessions.iter().map(|s| s.2).sum();
    let chips: f64 = sessions.iter().map(|s| s.3).sum();
    let pace = timed as f64 / hours;
    Some(PerHour { sessions: sessions.len() as u32, hours, decisions: pace, chips_given_up: pace * chips / decisions as f64 })
}
