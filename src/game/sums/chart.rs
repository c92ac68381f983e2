//! Chips over hands: per table, real and practice apart, the player's net chips (won − wagered)
//! after each deal beside the expected path (the EV of the player's holds − wagered), downsampled
//! by the core so a history of 100,000 deals draws as fast as one of 100.
//!
//! A series keeps a point every `stride` deals (deal counts that are multiples of the stride). When
//! it would hold more than [`MAX_POINTS`], every other point is dropped and the stride doubles, so a
//! draw adds at most one row and, rarely, deletes half of at most [`MAX_POINTS`] rows: the cost does
//! not grow with the history. Reading returns at most [`MAX_POINTS`] + 2 points (the origin and the
//! latest deal, from the running sums). [`Series`] is the same rule in memory: the rebuild, the full
//! audit and the tests build every series from the hands with it.

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use std::collections::BTreeMap;

use crate::game::store::Res;

/// The most points a stored series keeps.
pub const MAX_POINTS: usize = 256;

/// One point: after `deal` deals, the net chips and the expected net chips.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ChartPoint {
    /// Deals played so far.
    pub deal: u64,
    /// Chips won minus chips wagered so far.
    pub actual: i64,
    /// The EV of the player's holds in chips minus chips wagered so far.
    pub expected: f64,
}

/// A series in memory, downsampled by the same rule as the stored one.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Keep deal counts that are multiples of this.
    pub stride: u64,
    /// The kept points, oldest first.
    pub points: Vec<ChartPoint>,
}

impl Default for Series {
    fn default() -> Series {
        Series { stride: 1, points: Vec::new() }
    }
}

impl Series {
    /// Adds the point after a deal (deals counted from 1).
    pub fn push(&mut self, point: ChartPoint) {
        if point.deal % self.stride != 0 {
            return;
        }
        if self.points.len() == MAX_POINTS {
            self.stride *= 2;
            let stride = self.stride;
            self.points.retain(|p| p.deal % stride == 0);
            if point.deal % stride != 0 {
                return;
            }
        }
        self.points.push(point);
    }
}

/// Adds the point after a deal to the stored series of `table` (inside the draw's transaction).
pub(crate) fn store(conn: &Connection, table: &str, practice: bool, point: ChartPoint) -> Res<()> {
    let stride: i64 = conn
        .prepare_cached("SELECT stride FROM chart_series WHERE table_id = ?1 AND practice = ?2")?
        .query_row(params![table, practice], |r| r.get(0))
        .optional()?
        .unwrap_or(1);
    let mut stride = stride.max(1) as u64;
    if point.deal % stride != 0 {
        return Ok(());
    }
    let count: i64 = conn
        .prepare_cached("SELECT COUNT(*) FROM chart_points WHERE table_id = ?1 AND practice = ?2")?
        .query_row(params![table, practice], |r| r.get(0))?;
    if count as usize >= MAX_POINTS {
        stride *= 2;
        conn.prepare_cached("DELETE FROM chart_points WHERE table_id = ?1 AND practice = ?2 AND deal % ?3 != 0")?
            .execute(params![table, practice, stride as i64])?;
    }
    conn.prepare_cached(
        "INSERT INTO chart_series (table_id, practice, stride) VALUES (?1, ?2, ?3) \
         ON CONFLICT (table_id, practice) DO UPDATE SET stride = excluded.stride",
    )?
    .execute(params![table, practice, stride as i64])?;
    if point.deal % stride == 0 {
        conn.prepare_cached(
            "INSERT INTO chart_points (table_id, practice, deal, actual, expected) VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![table, practice, point.deal as i64, point.actual, point.expected])?;
    }
    Ok(())
}

/// The stored series of `table` (at most [`MAX_POINTS`] points, oldest first). A damaged stride
/// (a cache the audit rebuilds) reads as 1, so a series is always one [`Series::add`] can extend.
pub(crate) fn read(conn: &Connection, table: &str, practice: bool) -> Res<Series> {
    Ok(match stored(conn, table, practice)? {
        Some(Series { stride, points }) => Series { stride: stride.max(1), points },
        None => Series::default(),
    })
}

/// A stored series exactly as kept, for the audit's comparison with its rebuild: `None` when it has
/// no row and no point. A missing row beside points, or a stride or deal that is not a count,
/// reads as stride or deal 0, which no rebuild gives (its strides and deals are at least 1).
pub(crate) fn stored(conn: &Connection, table: &str, practice: bool) -> Res<Option<Series>> {

    let stride: Option<i64> = conn
        .prepare_cached("SELECT stride FROM chart_series WHERE table_id = ?1 AND practice = ?2")?
        .query_row(params![table, practice], |r| r.get(0))
        .optional()?;
    let mut stmt = conn.prepare_cached(
        "SELECT deal, actual, expected FROM chart_points WHERE table_id = ?1 AND practice = ?2 ORDER BY deal",
    )?;
    let points = stmt
        .query_map(params![table, practice], |r| {
            let deal = u64::try_from(r.get::<_, i64>(0)?).unwrap_or(0);
            Ok(ChartPoint { deal, actual: r.get(1)?, expected: r.get(2)? })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    if stride.is_none() && points.is_empty() {
        return Ok(None);
    }
    let stride = stride.and_then(|s| u64::try_from(s).ok()).unwrap_or(0);
    Ok(Some(Series { stride, points }))
}

/// Every stored series exactly as kept ([`stored`]), by (table, practice).
pub(crate) fn stored_all(conn: &Connection) -> Res<BTreeMap<(String, bool), Series>> {
    let mut stmt = conn.prepare_cached(
        "SELECT table_id, practice FROM chart_series UNION SELECT table_id, practice FROM chart_points",
    )?;
    let keys = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, bool>(1)?)))?.collect::<rusqlite::Result<Vec<_>>>()?;
    let mut all = BTreeMap::new();
    for (table, practice) in keys {
        if let Some(series) = stored(conn, &table, practice)? {
            all.insert((table, practice), series);
        }
    }
    Ok(all)
}

/// Writes a whole series (the rebuild).
pub(crate) fn write(conn: &Connection, table: &str, practice: bool, series: &Series) -> Res<()> {
    conn.prepare_cached("INSERT INTO chart_series (table_id, practice, stride) VALUES (?1, ?2, ?3)")?
        .execute(params![table, practice, series.stride as i64])?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO chart_points (table_id, practice, deal, actual, expected) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for point in &series.points {
        insert.execute(params![table, practice, point.deal as i64, point.actual, point.expected])?;
    }
    Ok(())
}

/// The points to draw: the origin, the kept points, and the latest deal (from the running totals)
/// when it is not already the last kept point.
pub fn drawn(series: &Series, latest: ChartPoint) -> Vec<ChartPoint> {
    let mut points = Vec::with_capacity(series.points.len() + 2);
    points.push(ChartPoint { deal: 0, actual: 0, expected: 0.0 });
    points.extend(series.points.iter().copied());
    if latest.deal > 0 && points.last().is_none_or(|p| p.deal != latest.deal) {
        points.push(latest);
    }
    points
}
