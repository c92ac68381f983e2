//! Each session's running sums per machine and practice flag (`session_totals`), added in the draw's
//! transaction, so the session card and the coach's session figures cost the same whether the
//! session has ten hands or ten thousand. A hand belongs to the latest session whose first hand is
//! at or below its id (a hand dealt before a 30-minute break and drawn after it stays in the session
//! it was dealt in); hands dealt before any session (the CLI's untimed ones) belong to none.

use std::collections::BTreeMap;

use rusqlite::{params, Connection, OptionalExtension, Row};

use crate::machine::MachineId;

use super::coach::CoachSums;
use super::history::{machine_code, machine_from_code, HandRecord};
use super::session_card::{BestHand, SessionSums};

/// The session a hand belongs to, if any.
fn session_of(conn: &Connection, hand_id: i64) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT id FROM sessions WHERE first_hand <= ?1 ORDER BY id DESC LIMIT 1")?
        .query_row([hand_id], |r| r.get(0))
        .optional()
}

const COLUMNS: &str = "deals, wagered, won, expected, perfect, best_holds, given_up, best_hand, best_outcome, \
    best_hand_won, best_holds_won, nudged_deals, nudged_wagered, nudged_won, nudged_expected, nudged_perfect";

/// Adds a drawn hand to its session's sums (inside the draw's transaction); a stored row that does
/// not add up is the `Err(detail)` inside.
pub(crate) fn store(conn: &Connection, hand: &HandRecord) -> rusqlite::Result<Result<(), String>> {
    let Some(session) = session_of(conn, hand.id)? else {
        return Ok(Ok(()));
    };
    let key = params![session, machine_code(hand.machine), hand.practice];
    let mut sums = conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM session_totals WHERE session = ?1 AND machine = ?2 AND practice = ?3"
        ))?
        .query_row(key, |row| sums_at(row, 0))
        .optional()?
        .unwrap_or_else(|| Ok(SessionSums::default()));
    let Ok(sums) = sums.as_mut() else {
        return Ok(sums.map(drop));
    };
    sums.add(hand);
    write(conn, session, hand.machine, hand.practice, sums).map(Ok)
}

fn write(
    conn: &Connection,
    session: i64,
    machine: MachineId,
    practice: bool,
    sums: &SessionSums,
) -> rusqlite::Result<()> {
    let best = sums.best_hand.as_ref();
    conn.prepare_cached(&format!(
        "INSERT OR REPLACE INTO session_totals (session, machine, practice, {COLUMNS}) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)"
    ))?
    .execute(params![
        session,
        machine_code(machine),
        practice,
        sums.deals as i64,
        sums.wagered as i64,
        sums.won as i64,
        sums.expected_chips,
        sums.perfect_chips,
        sums.best_holds as i64,
        sums.given_up_chips,
        best.map(|b| b.hand),
        best.map(|b| b.outcome.as_str()),
        best.map(|b| b.won as i64),
        sums.coach.best_won as i64,
        sums.coach.nudged_deals as i64,
        sums.coach.nudged_wagered as i64,
        sums.coach.nudged_won as i64,
        sums.coach.nudged_expected,
        sums.coach.nudged_perfect,
    ])?;
    Ok(())
}

/// The sums in a row's [`COLUMNS`], starting at column `base`, or what is wrong with them.
fn sums_at(row: &Row<'_>, base: usize) -> rusqlite::Result<Result<SessionSums, String>> {
    let count =
        |idx: usize| -> rusqlite::Result<Option<u64>> { Ok(u64::try_from(row.get::<_, i64>(base + idx)?).ok()) };
    let (Some(deals), Some(wagered), Some(won), Some(best_holds)) = (count(0)?, count(1)?, count(2)?, count(5)?) else {
        return Ok(Err("a negative count in the session totals".to_string()));
    };
    let counts = (count(10)?, count(11)?, count(12)?, count(13)?);
    let (Some(best_won), Some(nudged_deals), Some(nudged_wagered), Some(nudged_won)) = counts else {
        return Ok(Err("a negative count in the session totals".to_string()));
    };
    let (nudged_expected, nudged_perfect): (f64, f64) = (row.get(base + 14)?, row.get(base + 15)?);
    let coach = CoachSums { best_won, nudged_deals, nudged_wagered, nudged_won, nudged_expected, nudged_perfect };
    let (expected_chips, perfect_chips, given_up_chips): (f64, f64, f64) =
        (row.get(base + 3)?, row.get(base + 4)?, row.get(base + 6)?);
    let sums = [expected_chips, perfect_chips, given_up_chips, nudged_expected, nudged_perfect];
    if !sums.iter().all(|x| x.is_finite()) || best_holds > deals || nudged_deals > deals {
        return Ok(Err("a sum that does not add up in the session totals".to_string()));
    }
    let best = (
        row.get::<_, Option<i64>>(base + 7)?,
        row.get::<_, Option<String>>(base + 8)?,
        row.get::<_, Option<i64>>(base + 9)?,
    );
    let best_hand = match (best.0, best.1, best.2.and_then(|won| u64::try_from(won).ok())) {
        (Some(hand), Some(outcome), Some(won)) => Some(BestHand { hand, outcome, won }),
        (None, None, _) => None,
        _ => return Ok(Err("a best hand half stored in the session totals".to_string())),
    };
    Ok(Ok(SessionSums {
        deals,
        wagered,
        won,
        expected_chips,
        perfect_chips,
        best_holds,
        given_up_chips,
        best_hand,
        coach,
    }))
}

/// The sums of one machine and practice flag in a session (empty when nothing was drawn there).
pub(crate) fn read(
    conn: &Connection,
    session: i64,
    machine: MachineId,
    practice: bool,
) -> rusqlite::Result<Result<SessionSums, String>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM session_totals WHERE session = ?1 AND machine = ?2 AND practice = ?3"
        ))?
        .query_row(params![session, machine_code(machine), practice], |row| sums_at(row, 0))
        .optional()?
        .unwrap_or_else(|| Ok(SessionSums::default())))
}

/// Every stored row: (session, machine, practice, sums), in key order (for the audit and tests).
pub(crate) type Rows = Vec<(i64, MachineId, bool, SessionSums)>;

/// Every row of `session_totals`, or of one session's.
pub(crate) fn read_all(conn: &Connection, session: Option<i64>) -> rusqlite::Result<Result<Rows, String>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT session, machine, practice, {COLUMNS} FROM session_totals \
         WHERE ?1 IS NULL OR session = ?1 ORDER BY session, machine, practice"
    ))?;
    let mut rows = stmt.query([session])?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        let Some(machine) = machine_from_code(row.get(1)?) else {
            return Ok(Err("a bad machine in the session totals".to_string()));
        };
        let sums = match sums_at(row, 3)? {
            Ok(sums) => sums,
            Err(detail) => return Ok(Err(detail)),
        };
        out.push((row.get(0)?, machine, row.get(2)?, sums));
    }
    Ok(Ok(out))
}

/// Adds up drawn hands, given in id order, into their sessions' sums, the same way draws add them:
/// what `session_totals` must hold (the full audit compares; migration 8 writes it).
pub(crate) struct Rebuild {
    /// (session id, first hand), in order.
    firsts: Vec<(i64, i64)>,
    /// The session of the last hand added (hands come in id order: it only moves forward).
    at: usize,
    sums: BTreeMap<(i64, i64, bool), (MachineId, SessionSums)>,
}

impl Rebuild {
    /// Starts from the stored sessions.
    pub fn new(conn: &Connection) -> rusqlite::Result<Rebuild> {
        let firsts = conn
            .prepare("SELECT id, first_hand FROM sessions ORDER BY id")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(Rebuild { firsts, at: 0, sums: BTreeMap::new() })
    }

    /// The first hand any session holds (none without sessions).
    pub fn earliest(&self) -> Option<i64> {
        self.firsts.first().map(|&(_, first)| first)
    }

    /// Adds a hand (ignored unless drawn and in a session).
    pub fn add(&mut self, hand: &HandRecord) {
        if !hand.drawn || self.earliest().is_none_or(|first| hand.id < first) {
            return;
        }
        while self.at + 1 < self.firsts.len() && self.firsts[self.at + 1].1 <= hand.id {
            self.at += 1;
        }
        let key = (self.firsts[self.at].0, machine_code(hand.machine), hand.practice);
        self.sums.entry(key).or_insert_with(|| (hand.machine, SessionSums::default())).1.add(hand);
    }

    /// The rows, in [`read_all`]'s order.
    pub fn rows(self) -> Rows {
        self.sums
            .into_iter()
            .map(|((session, _, practice), (machine, sums))| (session, machine, practice, sums))
            .collect()
    }
}

/// [`Rebuild`] over the stored hands.
pub(crate) fn rebuild(conn: &Connection) -> rusqlite::Result<Result<Rows, String>> {
    let mut rebuild = Rebuild::new(conn)?;
    let Some(earliest) = rebuild.earliest() else {
        return Ok(Ok(Vec::new()));
    };
    let mut problem = None;
    super::history::for_each_hand_from(conn, earliest, |row| match row.and_then(|h| h.record()) {
        Ok(hand) => rebuild.add(&hand),
        Err(detail) => problem = problem.take().or(Some(detail)),
    })?;
    Ok(match problem {
        Some(detail) => Err(detail),
        None => Ok(rebuild.rows()),
    })
}

/// Migration 8's step: writes [`rebuild`]'s sums.
pub(crate) fn fill(conn: &Connection) -> rusqlite::Result<Result<(), String>> {
    let rows = match rebuild(conn)? {
        Ok(rows) => rows,
        Err(detail) => return Ok(Err(detail)),
    };
    for (session, machine, practice, sums) in &rows {
        write(conn, *session, *machine, *practice, sums)?;
    }
    Ok(Ok(()))
}
