//! SQLite: opening a file safely, the per-connection pragmas, the migrations, and small row helpers.
//!
//! Opening never writes to a file it cannot read as a game database of a known schema: garbage, a
//! corrupted page, a foreign SQLite file or a newer schema are refused (with the file's path) before
//! any pragma or migration could touch it. Every command's changes happen in one IMMEDIATE
//! transaction, so a process killed at any moment leaves either all of a command or none of it.

use std::path::Path;
use std::time::Duration;

use chrono::NaiveDate;
use rusqlite::{params, Connection, ErrorCode, OptionalExtension};

use crate::machine::MachineId;

use super::daily::LastClaim;
use super::error::GameError;
use super::kind::Situation;
use super::migrations::{LATEST, MIGRATIONS, TABLES};
use super::settings::Settings;
use super::stats::Audit;

/// Maps a SQLite error to the game's error, naming the file.
pub(crate) fn sql_error(path: &Path, error: rusqlite::Error) -> GameError {
    match error.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) | Some(ErrorCode::DatabaseCorrupt) => {
            GameError::CorruptDatabase { path: path.to_path_buf(), detail: error.to_string() }
        }
        _ => GameError::Storage { path: path.to_path_buf(), detail: error.to_string() },
    }
}

/// Opens (or creates) the game database at `path`, refusing anything it cannot safely use.
pub(crate) fn open_connection(path: &Path) -> Result<Connection, GameError> {
    let err = |e| sql_error(path, e);
    let corrupt = |detail: String| GameError::CorruptDatabase { path: path.to_path_buf(), detail };
    let mut conn = Connection::open(path).map_err(err)?;
    conn.busy_timeout(Duration::from_secs(5)).map_err(err)?;
    // Read-only checks first: nothing below writes until the file is known to be ours.
    let version: i64 = conn.pragma_query_value(None, "user_version", |row| row.get(0)).map_err(err)?;
    if version > LATEST {
        return Err(GameError::NewerDatabase { path: path.to_path_buf(), found: version, supported: LATEST });
    }
    if version < 0 {
        return Err(corrupt(format!("schema version {version}")));
    }
    if version == 0 {
        let n_objects: i64 = conn.query_row("SELECT COUNT(*) FROM sqlite_master", [], |row| row.get(0)).map_err(err)?;
        if n_objects > 0 {
            return Err(corrupt("an SQLite file that is not a game database".to_string()));
        }
    }
    let check: String = conn.query_row("PRAGMA quick_check", [], |row| row.get(0)).map_err(err)?;
    if check != "ok" {
        return Err(corrupt(format!("integrity check: {check}")));
    }
    let mode: String = conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0)).map_err(err)?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(GameError::Storage { path: path.to_path_buf(), detail: format!("journal mode {mode}, not WAL") });
    }
    conn.pragma_update(None, "synchronous", "FULL").map_err(err)?;
    conn.pragma_update(None, "foreign_keys", "ON").map_err(err)?;
    migrate(&mut conn, version).map_err(err)?;
    Ok(conn)
}

/// Applies the migrations after `from` in one transaction and sets `user_version`.
fn migrate(conn: &mut Connection, from: i64) -> rusqlite::Result<()> {
    if from >= LATEST {
        return Ok(());
    }
    let tx = conn.transaction()?;
    for migration in &MIGRATIONS[from as usize..] {
        tx.execute_batch(migration)?;
    }
    tx.pragma_update(None, "user_version", LATEST)?;
    tx.commit()
}

/// The profile row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Profile {
    pub chips: u64,
    pub xp: u64,
    pub losing_streak: u32,
}

pub(crate) fn read_profile(conn: &Connection) -> rusqlite::Result<Profile> {
    conn.query_row("SELECT chips, xp, losing_streak FROM profile WHERE id = 1", [], |row| {
        Ok(Profile {
            chips: row.get::<_, i64>(0)?.max(0) as u64,
            xp: row.get::<_, i64>(1)?.max(0) as u64,
            losing_streak: row.get::<_, i64>(2)?.clamp(0, i64::from(u32::MAX)) as u32,
        })
    })
}

pub(crate) fn write_profile(conn: &Connection, profile: &Profile) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE profile SET chips = ?1, xp = ?2, losing_streak = ?3 WHERE id = 1",
        params![profile.chips as i64, profile.xp as i64, i64::from(profile.losing_streak)],
    )?;
    Ok(())
}

pub(crate) fn add_ledger(
    conn: &Connection,
    kind: &str,
    amount: i64,
    hand_id: Option<i64>,
    day: NaiveDate,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO ledger (kind, amount, hand_id, day) VALUES (?1, ?2, ?3, ?4)",
        params![kind, amount, hand_id, day.to_string()],
    )?;
    Ok(())
}

pub(crate) fn read_settings(conn: &Connection) -> rusqlite::Result<Settings> {
    let mut stmt = conn.prepare_cached("SELECT key, value FROM settings")?;
    let pairs = stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Settings::from_pairs(&pairs))
}

pub(crate) fn write_setting(conn: &Connection, key: &str, value: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        params![key, value],
    )?;
    Ok(())
}

/// The latest daily claim; an unparsable stored date is reported as text.
pub(crate) fn read_last_claim(conn: &Connection) -> rusqlite::Result<Option<(String, i64)>> {
    conn.query_row("SELECT day, streak FROM daily_claims ORDER BY day DESC LIMIT 1", [], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })
    .optional()
}

pub(crate) fn parse_last_claim(raw: Option<(String, i64)>) -> Result<Option<LastClaim>, String> {
    raw.map(|(day, streak)| {
        Ok(LastClaim {
            day: day.parse().map_err(|_| format!("bad daily claim date '{day}'"))?,
            streak: u32::try_from(streak).map_err(|_| format!("bad streak {streak}"))?,
        })
    })
    .transpose()
}

pub(crate) fn insert_claim(conn: &Connection, day: NaiveDate, amount: u64, streak: u32) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO daily_claims (day, amount, streak) VALUES (?1, ?2, ?3)",
        params![day.to_string(), amount as i64, i64::from(streak)],
    )?;
    Ok(())
}

/// A bag's stored items: "1" for a nudge, "0" for a plain deal, next first.
pub(crate) fn read_bag(conn: &Connection, situation: Situation) -> rusqlite::Result<Option<(String, Option<String>)>> {
    conn.query_row("SELECT remaining, last FROM bags WHERE situation = ?1", [situation.id()], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })
    .optional()
}

pub(crate) fn write_bag(
    conn: &Connection,
    situation: Situation,
    remaining: &str,
    last: Option<&str>,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO bags (situation, remaining, last) VALUES (?1, ?2, ?3) \
         ON CONFLICT (situation) DO UPDATE SET remaining = excluded.remaining, last = excluded.last",
        params![situation.id(), remaining, last],
    )?;
    Ok(())
}

pub(crate) fn read_prefs(conn: &Connection) -> rusqlite::Result<Vec<(String, i64, i64)>> {
    let mut stmt = conn.prepare_cached("SELECT machine, last_bet, last_hands FROM machine_prefs ORDER BY machine")?;
    let rows = stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?;
    rows.collect()
}

pub(crate) fn write_prefs(conn: &Connection, machine: MachineId, bet: u32, hands: u8) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO machine_prefs (machine, last_bet, last_hands) VALUES (?1, ?2, ?3) \
         ON CONFLICT (machine) DO UPDATE SET last_bet = excluded.last_bet, last_hands = excluded.last_hands",
        params![machine.id(), i64::from(bet), i64::from(hands)],
    )?;
    Ok(())
}

/// Row counts of every table, in [`TABLES`] order.
pub(crate) fn table_counts(conn: &Connection) -> rusqlite::Result<Vec<(&'static str, i64)>> {
    TABLES
        .iter()
        .map(|&table| {
            let n: i64 = conn.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |row| row.get(0))?;
            Ok((table, n))
        })
        .collect()
}

/// The ledger check (see [`Audit`]).
pub(crate) fn audit(conn: &Connection) -> rusqlite::Result<Audit> {
    let one = |sql: &str| -> rusqlite::Result<i64> { conn.query_row(sql, [], |row| row.get(0)) };
    let chips = one("SELECT chips FROM profile WHERE id = 1")?;
    let xp = one("SELECT xp FROM profile WHERE id = 1")?;
    let ledger_balance = one("SELECT COALESCE(SUM(amount), 0) FROM ledger")?;
    let start = one("SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE kind = 'start'")?;
    let n_start = one("SELECT COUNT(*) FROM ledger WHERE kind = 'start'")?;
    let daily = one("SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE kind = 'daily'")?;
    let bets = -one("SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE kind = 'bet'")?;
    let payouts = one("SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE kind = 'payout'")?;
    let real_hands = one("SELECT COUNT(*) FROM hands WHERE practice = 0")?;
    let practice_hands = one("SELECT COUNT(*) FROM hands WHERE practice = 1")?;
    let hand_in_progress: Option<i64> =
        conn.query_row("SELECT id FROM hands WHERE drawn = 0", [], |row| row.get(0)).optional()?;
    let mut problems = Vec::new();
    let mut expect = |ok: bool, what: String| {
        if !ok {
            problems.push(what);
        }
    };
    expect(chips == ledger_balance, format!("balance {chips} but the ledger adds up to {ledger_balance}"));
    expect(chips >= 0, format!("negative balance {chips}"));
    expect(
        n_start == 1 && start == super::rules::START_CHIPS as i64,
        format!("starting chips {start} in {n_start} rows"),
    );
    expect(xp == bets, format!("XP {xp} but {bets} chips were bet"));
    let claims = one("SELECT COALESCE(SUM(amount), 0) FROM daily_claims")?;
    let n_claims = one("SELECT COUNT(*) FROM daily_claims")?;
    let n_daily = one("SELECT COUNT(*) FROM ledger WHERE kind = 'daily'")?;
    expect(
        claims == daily && n_claims == n_daily,
        format!("{n_claims} claims of {claims} chips but {n_daily} ledger rows of {daily}"),
    );
    let unpaid_bets = one("SELECT COUNT(*) FROM hands h WHERE h.practice = 0 AND NOT EXISTS \
         (SELECT 1 FROM ledger l WHERE l.hand_id = h.id AND l.kind = 'bet' AND l.amount = -h.cost)")?;
    expect(unpaid_bets == 0, format!("{unpaid_bets} real hands without their bet in the ledger"));
    let stray_bets = one("SELECT COUNT(*) FROM ledger l WHERE l.kind = 'bet' AND NOT EXISTS \
         (SELECT 1 FROM hands h WHERE h.id = l.hand_id AND h.practice = 0)")?;
    expect(stray_bets == 0, format!("{stray_bets} bets without a real hand"));
    let wrong_payouts =
        one("SELECT COUNT(*) FROM hands h WHERE h.practice = 0 AND h.drawn = 1 AND COALESCE(h.payout, -1) != \
         COALESCE((SELECT SUM(amount) FROM ledger l WHERE l.hand_id = h.id AND l.kind = 'payout'), 0)")?;
    expect(wrong_payouts == 0, format!("{wrong_payouts} drawn hands whose payout is not in the ledger"));
    let stray_payouts = one("SELECT COUNT(*) FROM ledger l WHERE l.kind = 'payout' AND NOT EXISTS \
         (SELECT 1 FROM hands h WHERE h.id = l.hand_id AND h.practice = 0 AND h.drawn = 1)")?;
    expect(stray_payouts == 0, format!("{stray_payouts} payouts without a drawn real hand"));
    let bad_practice =
        one("SELECT COUNT(*) FROM hands WHERE practice = 1 AND (cost != 0 OR COALESCE(payout, 0) != 0)")?;
    expect(bad_practice == 0, format!("{bad_practice} practice hands that moved chips"));
    Ok(Audit {
        ok: problems.is_empty(),
        chips,
        ledger_balance,
        start,
        daily,
        bets,
        payouts,
        xp,
        real_hands,
        practice_hands,
        hand_in_progress,
        problems,
    })
}
