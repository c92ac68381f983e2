//! The derived tables' SQL: their definitions (generated from the list of sums), their version, and
//! the reads and writes of their rows.
//!
//! - `sums`: one row per (scope, table, practice) with every sum of the list and the best hand;
//!   scope 0 is all time, scope N the session with id N; the table by its stable id (a machine's
//!   is the machine's id, a variant's table's `RULES:ID`, a hand stored under a former id
//!   the one table's: `HandRecord::one_table_id`);
//! - `outcome_sums`: all time, per table and practice, how many final hands landed on each
//!   paytable row;
//! - `kind_sums`: per kind-deal situation, the dead real deals that consulted its bag and how many
//!   of them it nudged (counted at the deal);
//! - `chart_series`, `chart_points`: chips over deals, per table and practice (`chart.rs`);
//! - `day_sums`: per table id and date, the decisions, mistakes and EV given up (`days.rs`);
//! - `session_sums`, `session_times`: per table id and session, the decisions, mistakes, EV given
//!   up (per coin and in chips) and timed deals; per session, its timed deals' count, the last
//!   one's time and its time so far, the clamped gaps between deals summed (`by_session.rs`);
//! - `sums_version`: the SHA-256 of these definitions (and [`RULES`]), so a changed list rebuilds.

use rusqlite::types::Value;
use rusqlite::{params, params_from_iter, Connection, OptionalExtension};
use sha2::{Digest, Sha256};

use super::list::{BestHand, Sums};
use crate::game::store::codes::{situation_code, situation_from_code};
use crate::game::store::{corrupt, schema, Res};
use crate::pipeline::Situation;

/// Bumped when what a hand adds changes without a column changing (the tables then rebuild).
const RULES: &str = "sums rules 2";

/// The scope of all time.
pub(crate) const ALL_TIME: i64 = 0;

/// The definitions of the derived tables.
pub(crate) fn definitions() -> String {
    let columns: String = Sums::COLUMNS.iter().map(|(name, sql)| format!("    {name} {sql},\n")).collect();
    format!(
        "CREATE TABLE sums (
    scope INTEGER NOT NULL CHECK (scope >= 0),
    table_id TEXT NOT NULL,
    practice INTEGER NOT NULL CHECK (practice IN (0, 1)),
{columns}    best_hand INTEGER,
    best_outcome TEXT,
    best_hand_won INTEGER,
    best_run INTEGER NOT NULL CHECK (best_run >= 0),
    longest_best_run INTEGER NOT NULL CHECK (longest_best_run >= best_run),
    PRIMARY KEY (scope, table_id, practice)
) WITHOUT ROWID;
CREATE TABLE outcome_sums (
    table_id TEXT NOT NULL,
    practice INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (table_id, practice, outcome)
) WITHOUT ROWID;
CREATE TABLE kind_sums (
    situation INTEGER PRIMARY KEY CHECK (situation BETWEEN 0 AND 2),
    dead_deals INTEGER NOT NULL,
    nudged INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE chart_series (
    table_id TEXT NOT NULL,
    practice INTEGER NOT NULL,
    stride INTEGER NOT NULL CHECK (stride >= 1),
    PRIMARY KEY (table_id, practice)
) WITHOUT ROWID;
CREATE TABLE chart_points (
    table_id TEXT NOT NULL,
    practice INTEGER NOT NULL,
    deal INTEGER NOT NULL CHECK (deal >= 1),
    actual INTEGER NOT NULL,
    expected REAL NOT NULL,
    PRIMARY KEY (table_id, practice, deal)
) WITHOUT ROWID;
CREATE TABLE day_sums (
    table_id TEXT NOT NULL,
    day INTEGER NOT NULL,
    decisions INTEGER NOT NULL CHECK (decisions >= 1),
    mistakes INTEGER NOT NULL CHECK (mistakes BETWEEN 0 AND decisions),
    ev_given_up REAL NOT NULL CHECK (ev_given_up >= 0),
    PRIMARY KEY (table_id, day)
) WITHOUT ROWID;
CREATE TABLE session_sums (
    table_id TEXT NOT NULL,
    session INTEGER NOT NULL CHECK (session >= 1),
    decisions INTEGER NOT NULL CHECK (decisions >= 1),
    mistakes INTEGER NOT NULL CHECK (mistakes BETWEEN 0 AND decisions),
    ev_given_up REAL NOT NULL CHECK (ev_given_up >= 0),
    chips_given_up REAL NOT NULL CHECK (chips_given_up >= 0),
    timed INTEGER NOT NULL CHECK (timed BETWEEN 0 AND decisions),
    PRIMARY KEY (table_id, session)
) WITHOUT ROWID;
CREATE TABLE session_times (
    session INTEGER PRIMARY KEY CHECK (session >= 1),
    timed INTEGER NOT NULL CHECK (timed >= 1),
    last_at INTEGER NOT NULL,
    seconds INTEGER NOT NULL CHECK (seconds >= 0)
) WITHOUT ROWID;
CREATE TABLE sums_version (version TEXT NOT NULL);
"
    )
}

/// The version the stored derived tables must have: SHA-256 of [`definitions`] and [`RULES`].
pub(crate) fn version() -> String {
    let digest = Sha256::digest(format!("{RULES}\n{}", definitions()).as_bytes());
    crate::shuffle::hex(&digest)
}

/// The derived tables, every one recreated by [`recreate`].
pub(crate) const TABLES: &[&str] =
    &["sums", "outcome_sums", "kind_sums", "chart_series", "chart_points", "day_sums", "session_sums", "session_times", "sums_version"];

/// The tables this room once made and makes no more (`table_sums`, a practised table's figures
/// apart from `sums` until every sum took one key): dropped by [`recreate`].
pub(crate) const FORMER: &[&str] = &["table_sums"];

/// Whether the derived tables exist, are today's version, and are defined as [`definitions`] says
/// (a table altered by hand is stale, so it is rebuilt), with no [`FORMER`] table left beside them.
pub(crate) fn is_current(conn: &Connection) -> Res<bool> {
    let exists: bool = conn
        .prepare_cached("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'sums_version'")?
        .query_row([], |r| r.get::<_, i64>(0))?
        > 0;
    let former = FORMER.iter().map(|t| format!("'{t}'")).collect::<Vec<_>>().join(", ");
    let stale: i64 = conn
        .prepare_cached(&format!("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ({former})"))?
        .query_row([], |r| r.get(0))?;
    if !exists || stale > 0 {
        return Ok(false);
    }
    let stored: Option<String> =
        conn.prepare_cached("SELECT version FROM sums_version")?.query_row([], |r| r.get(0)).optional()?;
    if stored.as_deref() != Some(version().as_str()) {
        return Ok(false);
    }
    static TODAY: schema::Definitions = schema::Definitions::new();
    schema::definitions_current(conn, TABLES, &TODAY, definitions)
}

/// Drops and recreates the derived tables, empty, and records today's version.
pub(crate) fn recreate(conn: &Connection) -> Res<()> {
    for table in TABLES.iter().chain(FORMER) {
        conn.execute_batch(&format!("DROP TABLE IF EXISTS {table};"))?;
    }
    conn.execute_batch(&definitions())?;
    conn.execute("INSERT INTO sums_version (version) VALUES (?1)", [version()])?;
    Ok(())
}

fn columns() -> String {
    Sums::COLUMNS.iter().map(|(name, _)| *name).collect::<Vec<_>>().join(", ")
}

/// The stored sums of one scope, table and practice flag (zeros when none were stored).
pub(crate) fn read(conn: &Connection, scope: i64, table: &str, practice: bool) -> Res<Sums> {
    let sql = format!(
        "SELECT {}, best_hand, best_outcome, best_hand_won, best_run, longest_best_run FROM sums WHERE scope = ?1 AND table_id = ?2 AND practice = ?3",
        columns()
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut rows = stmt.query(params![scope, table, practice])?;
    match rows.next()? {
        None => Ok(Sums::default()),
        Some(row) => decode(row, 0),
    }
}

/// Every stored row of a scope (all scopes when `None`): ((scope, table, practice), sums), in key order.
pub(crate) fn read_all(conn: &Connection, scope: Option<i64>) -> Res<Vec<((i64, String, bool), Sums)>> {
    let sql = format!(
        "SELECT scope, table_id, practice, {}, best_hand, best_outcome, best_hand_won, best_run, longest_best_run FROM sums \
         WHERE ?1 IS NULL OR scope = ?1 ORDER BY scope, table_id, practice",
        columns()
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut rows = stmt.query([scope])?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        out.push(((row.get(0)?, row.get(1)?, row.get(2)?), decode(row, 3)?));
    }
    Ok(out)
}

fn decode(row: &rusqlite::Row<'_>, base: usize) -> Res<Sums> {
    let mut sums = Sums::read_amounts(row, base)?;
    let at = base + Sums::COLUMNS.len();
    let best = (row.get::<_, Option<i64>>(at)?, row.get::<_, Option<String>>(at + 1)?, row.get::<_, Option<i64>>(at + 2)?);
    sums.best_hand = match (best.0, best.1, best.2.and_then(|won| u64::try_from(won).ok())) {
        (Some(hand), Some(outcome), Some(won)) => Some(BestHand { hand, outcome, won }),
        (None, None, None) => None,
        _ => return Err(corrupt("a best hand half stored in the running sums")),
    };
    let run = |idx: usize| -> Res<u64> {
        u64::try_from(row.get::<_, i64>(idx)?).map_err(|_| corrupt("a negative run of best holds in the running sums"))
    };
    (sums.best_run, sums.longest_best_run) = (run(at + 3)?, run(at + 4)?);
    if sums.best_holds > sums.deals || sums.nudged > sums.deals || sums.longest_best_run > sums.best_holds {
        return Err(corrupt("running sums that do not add up (more best holds or nudges than deals)"));
    }
    Ok(sums)
}

/// Stores the sums of one scope, table and practice flag.
pub(crate) fn write(conn: &Connection, scope: i64, table: &str, practice: bool, sums: &Sums) -> Res<()> {
    let n = Sums::COLUMNS.len();
    let marks: String = (4..n + 9).map(|i| format!(", ?{i}")).collect();
    let sql = format!(
        "INSERT OR REPLACE INTO sums (scope, table_id, practice, {}, best_hand, best_outcome, best_hand_won, \
         best_run, longest_best_run) \
         VALUES (?1, ?2, ?3{marks})",
        columns()
    );
    let best = sums.best_hand.as_ref();
    let mut values = vec![Value::Integer(scope), Value::Text(table.to_string()), Value::Integer(i64::from(practice))];
    values.extend(sums.values());
    values.push(best.map_or(Value::Null, |b| Value::Integer(b.hand)));
    values.push(best.map_or(Value::Null, |b| Value::Text(b.outcome.clone())));
    values.push(best.map_or(Value::Null, |b| Value::Integer(b.won as i64)));
    values.push(Value::Integer(sums.best_run as i64));
    values.push(Value::Integer(sums.longest_best_run as i64));
    conn.prepare_cached(&sql)?.execute(params_from_iter(values))?;
    Ok(())
}

/// Stored outcome counts, of one table and practice flag or of all (`None`): ((table, practice,
/// outcome), count), in key order.
pub(crate) fn read_outcomes(conn: &Connection, of: Option<(&str, bool)>) -> Res<Vec<((String, bool, String), u64)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT table_id, practice, outcome, count FROM outcome_sums \
         WHERE ?1 IS NULL OR (table_id = ?1 AND practice = ?2) ORDER BY table_id, practice, outcome",
    )?;
    let mut rows = stmt.query(params![of.map(|(table, _)| table), of.is_some_and(|(_, practice)| practice)])?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        let outcome: String = row.get(2)?;
        let Ok(count) = u64::try_from(row.get::<_, i64>(3)?) else {
            return Err(corrupt(format!("a bad final-hand count for '{outcome}'")));
        };
        out.push(((row.get(0)?, row.get(1)?, outcome), count));
    }
    Ok(out)
}

/// Adds `n` final hands on `outcome` to the count of `table`.
pub(crate) fn add_outcome(conn: &Connection, table: &str, practice: bool, outcome: &str, n: u64) -> Res<()> {
    conn.prepare_cached(
        "INSERT INTO outcome_sums (table_id, practice, outcome, count) VALUES (?1, ?2, ?3, ?4) \
         ON CONFLICT (table_id, practice, outcome) DO UPDATE SET count = count + excluded.count",
    )?
    .execute(params![table, practice, outcome, n as i64])?;
    Ok(())
}

/// The stored kind-deal counts per situation: (dead deals, nudged), [`Situation::ALL`] order.
pub(crate) fn read_kinds(conn: &Connection) -> Res<[(u64, u64); 3]> {
    let mut counts = [(0u64, 0u64); 3];
    let mut stmt = conn.prepare_cached("SELECT situation, dead_deals, nudged FROM kind_sums")?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let (code, dead, nudged): (i64, i64, i64) = (row.get(0)?, row.get(1)?, row.get(2)?);
        let situation =
            situation_from_code(code).ok_or_else(|| corrupt(format!("kind-deal totals: bad situation {code}")))?;
        let idx = Situation::ALL.iter().position(|&s| s == situation).unwrap_or(0);
        counts[idx] = match (u64::try_from(dead), u64::try_from(nudged)) {
            (Ok(dead), Ok(nudged)) if nudged <= dead => (dead, nudged),
            _ => return Err(corrupt(format!("kind-deal totals: bad counts {dead} / {nudged}"))),
        };
    }
    Ok(counts)
}

/// Adds `dead` dead deals, `nudged` of them nudged, to `situation`'s counts.
pub(crate) fn add_kind(conn: &Connection, situation: Situation, dead: u64, nudged: u64) -> Res<()> {
    conn.prepare_cached(
        "INSERT INTO kind_sums (situation, dead_deals, nudged) VALUES (?1, ?2, ?3) ON CONFLICT (situation) \
         DO UPDATE SET dead_deals = dead_deals + excluded.dead_deals, nudged = nudged + excluded.nudged",
    )?
    .execute(params![situation_code(situation), dead as i64, nudged as i64])?;
    Ok(())
}
