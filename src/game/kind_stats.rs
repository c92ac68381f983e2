//! The player's own kind-deal record: per situation, the dead real deals that consulted its bag and
//! how many of them the bag nudged. Kept as running totals (the `kind_totals` table of migration 5),
//! added to in the deal's transaction, so reading them costs the same at any length of history; the
//! full audit counts them again from the hands. Nothing here reveals what is left in a bag: a bag's
//! contents would make the next nudge predictable.

use rusqlite::{params, Connection};
use serde::Serialize;

use super::history::{situation_code, situation_from_code};
use crate::pipeline::nudge::Situation;

/// One situation's record.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct KindStats {
    /// The situation.
    pub situation: Situation,
    /// Dead real deals that consulted this situation's bag.
    pub dead_deals: u64,
    /// How many of them were nudged.
    pub nudged: u64,
    /// nudged / dead_deals, or null before any.
    pub rate: Option<f64>,
    /// The bag's own rate: nudges per full bag / bag size.
    pub bag_rate: f64,
}

fn stats(situation: Situation, dead_deals: u64, nudged: u64) -> KindStats {
    let (yes, no) = situation.bag_counts();
    KindStats {
        situation,
        dead_deals,
        nudged,
        rate: (dead_deals > 0).then(|| nudged as f64 / dead_deals as f64),
        bag_rate: f64::from(yes) / f64::from(yes + no),
    }
}

/// Counts one dead real deal that consulted `situation`'s bag (inside the deal's transaction).
pub(crate) fn add(conn: &Connection, situation: Situation, nudged: bool) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO kind_totals (situation, dead_deals, nudged) VALUES (?1, 1, ?2) \
         ON CONFLICT (situation) DO UPDATE SET dead_deals = dead_deals + 1, nudged = nudged + excluded.nudged",
    )?
    .execute(params![situation_code(situation), i64::from(nudged)])?;
    Ok(())
}

/// Every situation's record from the running totals (situations never met show zeros).
pub(crate) fn read(conn: &Connection) -> rusqlite::Result<Result<Vec<KindStats>, String>> {
    collect(conn, "SELECT situation, dead_deals, nudged FROM kind_totals")
}

/// The same counted from the hands themselves (the full audit; costs time in proportion to history).
pub(crate) fn recount(conn: &Connection) -> rusqlite::Result<Result<Vec<KindStats>, String>> {
    collect(conn, "SELECT situation, COUNT(*), COUNT(nudge) FROM hands WHERE situation IS NOT NULL GROUP BY situation")
}

fn collect(conn: &Connection, sql: &str) -> rusqlite::Result<Result<Vec<KindStats>, String>> {
    let mut counts = [(0u64, 0u64); 3];
    let mut stmt = conn.prepare_cached(sql)?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let (code, dead, nudged): (i64, i64, i64) = (row.get(0)?, row.get(1)?, row.get(2)?);
        let Some(situation) = situation_from_code(code) else {
            return Ok(Err(format!("kind-deal totals: bad situation {code}")));
        };
        let idx = Situation::ALL.iter().position(|&s| s == situation).unwrap_or(0);
        match (u64::try_from(dead), u64::try_from(nudged)) {
            (Ok(dead), Ok(nudged)) if nudged <= dead => counts[idx] = (dead, nudged),
            _ => return Ok(Err(format!("kind-deal totals: bad counts {dead} / {nudged}"))),
        }
    }
    Ok(Ok(Situation::ALL.iter().zip(counts).map(|(&s, (dead, nudged))| stats(s, dead, nudged)).collect()))
}
