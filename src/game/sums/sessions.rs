//! Sessions: the hands played since the app came to the foreground after [`AWAY_SECONDS`] or more
//! away. The rule lives here and takes the times as parameters: the app reports coming to the
//! foreground and going to the background, and every timed deal and draw counts as being there.
//! A session's figures are running sums kept per session (the `sums` rows of its scope).

use chrono::NaiveDateTime;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use crate::game::hands::next_hand_id;
use crate::game::store::Res;

/// Away this long (30 minutes) or more, coming back starts a new session.
pub const AWAY_SECONDS: i64 = 30 * 60;

/// A session: when it started, its first hand's id, and when the player was last there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Session {
    /// The session's number (increasing).
    pub id: i64,
    /// When it started, local time, as `YYYY-MM-DDTHH:MM:SS`.
    #[serde(serialize_with = "stamp")]
    pub started: NaiveDateTime,
    /// Hands with this id or above belong to it.
    pub first_hand: i64,
    /// The last time the player was there.
    #[serde(serialize_with = "stamp")]
    pub last_seen: NaiveDateTime,
}

/// Writes a session's time as `YYYY-MM-DDTHH:MM:SS` (local time, as the app gave it).
pub(crate) fn stamp<S: serde::Serializer>(time: &NaiveDateTime, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&time.format("%Y-%m-%dT%H:%M:%S"))
}

fn secs(time: NaiveDateTime) -> i64 {
    time.and_utc().timestamp()
}

fn time_of(secs: i64) -> NaiveDateTime {
    chrono::DateTime::from_timestamp(secs, 0).unwrap_or_default().naive_utc()
}

/// The current (latest) session, if any.
pub(crate) fn current(conn: &Connection) -> Res<Option<Session>> {
    Ok(conn.prepare_cached("SELECT id, started, first_hand, last_seen FROM sessions ORDER BY id DESC LIMIT 1")?
        .query_row([], |r| {
            Ok(Session {
                id: r.get(0)?,
                started: time_of(r.get(1)?),
                first_hand: r.get(2)?,
                last_seen: time_of(r.get(3)?),
            })
        })
        .optional()?)
}

/// When session `id` started (`None` for an id that names no session).
pub(crate) fn started(conn: &Connection, id: i64) -> Res<Option<NaiveDateTime>> {
    Ok(conn
        .prepare_cached("SELECT started FROM sessions WHERE id = ?1")?
        .query_row([id], |r| r.get::<_, i64>(0))
        .optional()?
        .map(time_of))
}

/// Every session's (id, first hand), in order (the rebuild's map of hands to sessions).
pub(crate) fn firsts(conn: &Connection) -> Res<Vec<(i64, i64)>> {
    let mut stmt = conn.prepare_cached("SELECT id, first_hand FROM sessions ORDER BY id")?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The session hand `hand_id` belongs to: the latest whose first hand is at or below it.
pub(crate) fn session_of(conn: &Connection, hand_id: i64) -> Res<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT id FROM sessions WHERE first_hand <= ?1 ORDER BY id DESC LIMIT 1")?
        .query_row([hand_id], |r| r.get(0))
        .optional()?)
}

/// Whether coming back at `now` after last being there at `last_seen` starts a new session.
pub fn starts_new(last_seen: NaiveDateTime, now: NaiveDateTime) -> bool {
    secs(now) - secs(last_seen) >= AWAY_SECONDS
}

/// A timed deal or draw counts as the player being there ([`arrive`]); a date alone does not.
pub(crate) fn present(conn: &Connection, now: crate::game::moment::Moment) -> Res<()> {
    if let Some(time) = now.time() {
        arrive(conn, now.date().and_time(time))?;
    }
    Ok(())
}

/// The player is there at `now` (the app came to the foreground, or a timed deal or draw): a new
/// session starts when there is none or the player was away [`AWAY_SECONDS`] or more (its first
/// hand is the next one dealt); otherwise the current one goes on. A clock that went back never
/// starts a session and never moves `last_seen` back. Returns the session and whether it is new.
pub(crate) fn arrive(conn: &Connection, now: NaiveDateTime) -> Res<(Session, bool)> {
    match current(conn)? {
        Some(session) if !starts_new(session.last_seen, now) => Ok((touch(conn, session, now)?, false)),
        _ => {
            let next_hand = next_hand_id(conn)?;
            conn.prepare_cached("INSERT INTO sessions (started, first_hand, last_seen) VALUES (?1, ?2, ?1)")?
                .execute(params![secs(now), next_hand])?;
            let id = conn.last_insert_rowid();
            Ok((Session { id, started: now, first_hand: next_hand, last_seen: now }, true))
        }
    }
}

/// The player leaves at `now` (the app went to the background): the current session's last time.
pub(crate) fn leave(conn: &Connection, now: NaiveDateTime) -> Res<Option<Session>> {
    match current(conn)? {
        Some(session) => Ok(Some(touch(conn, session, now)?)),
        None => Ok(None),
    }
}

fn touch(conn: &Connection, session: Session, now: NaiveDateTime) -> Res<Session> {
    if now <= session.last_seen {
        return Ok(session);
    }
    conn.prepare_cached("UPDATE sessions SET last_seen = ?1 WHERE id = ?2")?.execute(params![secs(now), session.id])?;
    Ok(Session { last_seen: now, ..session })
}
