//! The review queue: the player's own mistaken deals come back in drills until answered right twice
//! in a row. A simple spaced repetition counted in drill answers (the `drill_clock`): a mistake
//! enters due at once; a wrong answer makes it due again [`AGAIN_WRONG`] answers later; a first right
//! answer, [`AGAIN_RIGHT`] answers later; a second right answer in a row takes it off the queue.

use rusqlite::{params, Connection, OptionalExtension};

use crate::game::hands;
use crate::game::store::{player, Res};

/// Drill answers until a wrongly answered hand comes back.
pub const AGAIN_WRONG: i64 = 3;
/// Drill answers until a hand answered right once comes back.
pub const AGAIN_RIGHT: i64 = 10;

/// Puts drawn hand `hand_id` on the queue of the table it was dealt on when its hold was a
/// `mistake` (due now: at the drill clock): a machine's hand for chips or practice and a practised
/// table's alike.
pub(crate) fn enqueue(conn: &Connection, hand_id: i64, mistake: bool) -> Res<()> {
    if mistake {
        let Some((code, _)) = hands::table_code_of(conn, hand_id)? else { return Ok(()) };
        let clock = player::drill_clock(conn)?;
        conn.prepare_cached("INSERT OR IGNORE INTO review (hand_id, tbl, due, streak) VALUES (?1, ?2, ?3, 0)")?
            .execute(params![hand_id, code, clock])?;
    }
    Ok(())
}

/// What is wrong with the queue, in words (at most 20): every queued hand must be a drawn hand of the
/// history, dealt on the table it is queued under (a row for a missing hand used to pass the audit
/// and then make `mistakes` answer `unknown-hand`). Primary-key lookups, one per queued hand.
pub(crate) fn problems(conn: &Connection) -> Res<Vec<String>> {
    let mut stmt = conn.prepare_cached("SELECT hand_id, tbl FROM review ORDER BY hand_id")?;
    let rows = stmt.query_map([], |row| Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)?)))?;
    let mut out = Vec::new();
    for row in rows {
        let (hand, queued_under) = row?;
        let problem = match hands::table_code_of(conn, hand)? {
            None => format!("the review queue holds hand {hand}, which is not in the history"),
            Some((_, false)) => format!("the review queue holds hand {hand}, which was never drawn"),
            Some((code, true)) if code != queued_under => {
                format!("the review queue holds hand {hand} under table code {queued_under}, not the table it was dealt on")
            }
            Some(_) => continue,
        };
        out.push(problem);
        if out.len() >= 20 {
            break;
        }
    }
    Ok(out)
}

/// The table code a hand is queued under, if it is on the queue.
pub(crate) fn queued_under(conn: &Connection, hand_id: i64) -> Res<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT tbl FROM review WHERE hand_id = ?1")?
        .query_row([hand_id], |r| r.get(0))
        .optional()?)
}

/// Mistakes queued under the table codes `codes` (a table's codes in the registry).
pub(crate) fn queue_len(conn: &Connection, codes: &[i64]) -> Res<u64> {
    let mut total = 0u64;
    for &code in codes {
        let n: i64 = conn.prepare_cached("SELECT COUNT(*) FROM review WHERE tbl = ?1")?.query_row([code], |r| r.get(0))?;
        total += n.max(0) as u64;
    }
    Ok(total)
}

/// The next hand to review under `codes`: the earliest due (when none is due yet, still the
/// earliest, so a short queue keeps coming back), or `None` when the queue is empty. One index
/// lookup per code.
pub(crate) fn next(conn: &Connection, codes: &[i64]) -> Res<Option<i64>> {
    Ok(due_order(conn, codes, 1)?.first().map(|&(hand, _, _)| hand))
}

/// Records an answer to queued hand `hand_id` at drill clock `clock`; returns whether it left the
/// queue (its second right answer in a row). A hand not on the queue is left alone.
pub(crate) fn answer(conn: &Connection, hand_id: i64, right: bool, clock: i64) -> Res<bool> {
    let streak: Option<i64> = conn
        .prepare_cached("SELECT streak FROM review WHERE hand_id = ?1")?
        .query_row([hand_id], |r| r.get(0))
        .optional()?;
    let Some(streak) = streak else { return Ok(false) };
    match (right, streak) {
        (true, s) if s >= 1 => {
            conn.prepare_cached("DELETE FROM review WHERE hand_id = ?1")?.execute([hand_id])?;
            Ok(true)
        }
        (true, _) => {
            conn.prepare_cached("UPDATE review SET streak = 1, due = ?2 WHERE hand_id = ?1")?
                .execute(params![hand_id, clock + AGAIN_RIGHT])?;
            Ok(false)
        }
        (false, _) => {
            conn.prepare_cached("UPDATE review SET streak = 0, due = ?2 WHERE hand_id = ?1")?
                .execute(params![hand_id, clock + AGAIN_WRONG])?;
            Ok(false)
        }
    }
}

/// Hands on the queue, newest mistake first: (hand id, due, streak), up to `limit` (by the primary key:
/// the cost does not grow with the queue).
pub(crate) fn queued(conn: &Connection, limit: u32) -> Res<Vec<(i64, i64, i64)>> {
    let mut stmt = conn.prepare_cached("SELECT hand_id, due, streak FROM review ORDER BY hand_id DESC LIMIT ?1")?;
    let rows = stmt.query_map([i64::from(limit)], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The hands queued under `codes` in the order they come back (due, then id), up to `limit`:
/// (hand id, due, streak).
pub(crate) fn due_order(conn: &Connection, codes: &[i64], limit: u32) -> Res<Vec<(i64, i64, i64)>> {
    let mut all = Vec::new();
    for &code in codes {
        let mut stmt =
            conn.prepare_cached("SELECT hand_id, due, streak FROM review WHERE tbl = ?1 ORDER BY due, hand_id LIMIT ?2")?;
        let rows = stmt.query_map(params![code, i64::from(limit)], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        all.extend(rows.collect::<rusqlite::Result<Vec<(i64, i64, i64)>>>()?);
    }
    all.sort_by_key(|&(hand, due, _)| (due, hand));
    all.truncate(limit as usize);
    Ok(all)
}
