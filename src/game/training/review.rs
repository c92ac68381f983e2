//! The review queue: the player's own mistaken deals come back in drills until answered right twice
//! in a row. A simple spaced repetition counted in drill answers (the `drill_clock`): a mistake
//! enters due at once; a wrong answer makes it due again [`AGAIN_WRONG`] answers later; a first right
//! answer, [`AGAIN_RIGHT`] answers later; a second right answer in a row takes it off the queue.

use rusqlite::{params, Connection, OptionalExtension};

use crate::game::hands::{self, HandRecord};
use crate::game::store::codes::machine_code;
use crate::game::store::{player, Res};
use crate::machine::MachineId;

/// Drill answers until a wrongly answered hand comes back.
pub const AGAIN_WRONG: i64 = 3;
/// Drill answers until a hand answered right once comes back.
pub const AGAIN_RIGHT: i64 = 10;

/// Puts a drawn hand on the queue when its hold was a mistake (due now: at the drill clock).
pub(crate) fn enqueue(conn: &Connection, hand: &HandRecord) -> Res<()> {
    // Only a machine's hands are queued (a practised table's mistakes come back as its drills).
    if let (Some(machine), Some(true)) = (hand.machine, hand.mistake) {
        let clock = player::drill_clock(conn)?;
        conn.prepare_cached("INSERT OR IGNORE INTO review (hand_id, machine, due, streak) VALUES (?1, ?2, ?3, 0)")?
            .execute(params![hand.id, machine_code(machine), clock])?;
    }
    Ok(())
}

/// What is wrong with the queue, in words (at most 20): every queued hand must be a drawn hand of the
/// history, dealt on the machine it is queued under (a row for a missing hand used to pass the audit
/// and then make `mistakes` answer `unknown-hand`). Primary-key lookups, one per queued hand.
pub(crate) fn problems(conn: &Connection) -> Res<Vec<String>> {
    let mut stmt = conn.prepare_cached("SELECT hand_id, machine FROM review ORDER BY hand_id")?;
    let rows = stmt.query_map([], |row| Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)?)))?;
    let mut out = Vec::new();
    for row in rows {
        let (hand, machine) = row?;
        let problem = match hands::table_code_of(conn, hand)? {
            None => format!("the review queue holds hand {hand}, which is not in the history"),
            Some((_, false)) => format!("the review queue holds hand {hand}, which was never drawn"),
            Some((code, true)) if code != machine => {
                format!("the review queue holds hand {hand} under machine code {machine}, not the table it was dealt on")
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

/// The machine code a hand is queued under, if it is on the queue.
pub(crate) fn queued_machine(conn: &Connection, hand_id: i64) -> Res<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT machine FROM review WHERE hand_id = ?1")?
        .query_row([hand_id], |r| r.get(0))
        .optional()?)
}

/// Mistakes on `machine`'s queue.
pub(crate) fn queue_len(conn: &Connection, machine: MachineId) -> Res<u64> {
    Ok(conn
        .prepare_cached("SELECT COUNT(*) FROM review WHERE machine = ?1")?
        .query_row([machine_code(machine)], |r| r.get::<_, i64>(0))
        .map(|n| n.max(0) as u64)?)
}

/// The next hand to review on `machine`: the earliest due (when none is due yet, still the earliest,
/// so a short queue keeps coming back), or `None` when the queue is empty.
pub(crate) fn next(conn: &Connection, machine: MachineId) -> Res<Option<i64>> {
    Ok(conn.prepare_cached("SELECT hand_id FROM review WHERE machine = ?1 ORDER BY due, hand_id LIMIT 1")?
        .query_row([machine_code(machine)], |r| r.get(0))
        .optional()?)
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

/// `machine`'s queued hands in the order they come back (due, then id), up to `limit`.
pub(crate) fn due_order(conn: &Connection, machine: MachineId, limit: u32) -> Res<Vec<(i64, i64, i64)>> {
    let mut stmt = conn
        .prepare_cached("SELECT hand_id, due, streak FROM review WHERE machine = ?1 ORDER BY due, hand_id LIMIT ?2")?;
    let rows =
        stmt.query_map(params![machine_code(machine), i64::from(limit)], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
