//! SQLite: opening a file safely, the per-connection pragmas, the migrations, and small row helpers.
//!
//! Opening never writes to a file it cannot read as a game database of a known schema: garbage, a
//! corrupted page, a foreign SQLite file or a newer schema are refused (with the file's path) before
//! any pragma or migration could touch it. Every command's changes happen in one IMMEDIATE
//! transaction, so a process killed at any moment leaves either all of a command or none of it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::NaiveDate;
use rusqlite::{params, Connection, ErrorCode, OptionalExtension};

use crate::machine::MachineId;

use super::daily::LastClaim;
use super::error::GameError;
use crate::pipeline::bag::ShuffleBag;
use crate::pipeline::nudge::Situation;
use super::migrations::{LATEST, MIGRATIONS, TABLES};
use super::settings::Settings;
use super::upgrade::StepError;

/// Maps a SQLite error to the game's error, naming the file.
pub(crate) fn sql_error(path: &Path, error: rusqlite::Error) -> GameError {
    // A stored value of the wrong type or range (a negative balance, text where a number belongs) is
    // a damaged file, not a storage failure.
    if matches!(
        error,
        rusqlite::Error::FromSqlConversionFailure(..)
            | rusqlite::Error::IntegralValueOutOfRange(..)
            | rusqlite::Error::InvalidColumnType(..)
    ) {
        return GameError::CorruptDatabase { path: path.to_path_buf(), detail: error.to_string() };
    }
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
    // SQLite's page-by-page check reads the whole file, so it is not on the every-open path (at a
    // million hands it alone took 0.35 s): it runs before a migration rewrites the file, and in the
    // full audit (the `audit` command, imports, and the app's background check after start-up).
    if version < LATEST {
        integrity_check(&conn).map_err(err)?.map_err(corrupt)?;
    }
    let mode: String = conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0)).map_err(err)?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(GameError::Storage { path: path.to_path_buf(), detail: format!("journal mode {mode}, not WAL") });
    }
    conn.pragma_update(None, "synchronous", "FULL").map_err(err)?;
    conn.pragma_update(None, "foreign_keys", "ON").map_err(err)?;
    migrate(&mut conn, version).map_err(|e| match e {
        // A migration's Rust step refuses a file whose stored values are wrong (rolled back, untouched).
        StepError::Refused(detail) => corrupt(detail),
        StepError::Sql(error) => err(error),
    })?;
    Ok(conn)
}

/// SQLite's `quick_check`: `Err(detail)` inside when a page is damaged.
pub(crate) fn integrity_check(conn: &Connection) -> rusqlite::Result<Result<(), String>> {
    let check: String = conn.query_row("PRAGMA quick_check", [], |row| row.get(0))?;
    Ok(if check == "ok" { Ok(()) } else { Err(format!("integrity check: {check}")) })
}

/// Applies the migrations after `from` in one transaction and sets `user_version`.
pub(crate) fn migrate(conn: &mut Connection, from: i64) -> Result<(), StepError> {
    if from >= LATEST {
        return Ok(());
    }
    let tx = conn.transaction()?;
    for migration in &MIGRATIONS[from as usize..] {
        tx.execute_batch(migration.sql)?;
        if let Some(step) = migration.step {
            step(&tx)?;
        }
    }
    tx.pragma_update(None, "user_version", LATEST)?;
    Ok(tx.commit()?)
}

/// The profile row: the balance, XP, losing streak and the ledger's running sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Profile {
    pub chips: u64,
    pub xp: u64,
    pub losing_streak: u32,
    /// Chips taken by real deals, ever.
    pub bet_total: u64,
    /// Chips paid by real draws, ever.
    pub paid_total: u64,
    /// Daily chips collected, ever.
    pub daily_total: u64,
}

/// The profile; a negative or oversized stored number is a `FromSqlConversionFailure` (reported as a
/// corrupt database by [`sql_error`]'s caller), never clamped.
pub(crate) fn read_profile(conn: &Connection) -> rusqlite::Result<Profile> {
    conn.query_row(
        "SELECT chips, xp, losing_streak, bet_total, paid_total, daily_total FROM profile WHERE id = 1",
        [],
        |row| {
            Ok(Profile {
                chips: row.get(0)?,
                xp: row.get(1)?,
                losing_streak: row.get(2)?,
                bet_total: row.get(3)?,
                paid_total: row.get(4)?,
                daily_total: row.get(5)?,
            })
        },
    )
}

pub(crate) fn write_profile(conn: &Connection, profile: &Profile) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE profile SET chips = ?1, xp = ?2, losing_streak = ?3, bet_total = ?4, paid_total = ?5, \
         daily_total = ?6 WHERE id = 1",
    )?
    .execute(params![
        profile.chips as i64,
        profile.xp as i64,
        i64::from(profile.losing_streak),
        profile.bet_total as i64,
        profile.paid_total as i64,
        profile.daily_total as i64,
    ])?;
    Ok(())
}

/// Adds a start or daily row to the ledger (a hand's bet and win are stored with the hand).
pub(crate) fn add_ledger(conn: &Connection, kind: &str, amount: u64, day: NaiveDate) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO ledger (kind, amount, day) VALUES (?1, ?2, ?3)",
        params![kind, amount as i64, day.to_string()],
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

/// A situation's stored kind-deal bag ("1" for a nudge, "0" for a plain deal, next first), or a fresh
/// one when none is stored. The inner `Err` describes damaged text.
pub(crate) fn read_bag(
    conn: &Connection,
    situation: Situation,
) -> rusqlite::Result<Result<ShuffleBag<bool>, String>> {
    let stored: Option<(String, Option<String>)> = conn
        .query_row("SELECT remaining, last FROM bags WHERE situation = ?1", [situation.id()], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
        .optional()?;
    let parse = |text: &str| -> Result<Vec<bool>, String> {
        text.chars()
            .map(|c| match c {
                '1' => Ok(true),
                '0' => Ok(false),
                _ => Err(format!("bad kind-deal bag '{text}'")),
            })
            .collect()
    };
    Ok(match stored {
        None => Ok(situation.new_bag()),
        Some((remaining, last)) => (|| {
            let last = match last.as_deref() {
                None => None,
                Some(text) => parse(text)?.first().copied(),
            };
            Ok(situation.restore_bag(parse(&remaining)?, last))
        })(),
    })
}

/// Stores a situation's bag after a draw from it.
pub(crate) fn write_bag(conn: &Connection, situation: Situation, bag: &ShuffleBag<bool>) -> rusqlite::Result<()> {
    let text = |items: &[bool]| items.iter().map(|&b| if b { '1' } else { '0' }).collect::<String>();
    let last = bag.last().map(|&b| text(&[b]));
    conn.execute(
        "INSERT INTO bags (situation, remaining, last) VALUES (?1, ?2, ?3) \
         ON CONFLICT (situation) DO UPDATE SET remaining = excluded.remaining, last = excluded.last",
        params![situation.id(), text(bag.remaining()), last],
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

/// `base` with `suffix` appended to its file name.
fn with_suffix(base: &Path, suffix: &str) -> PathBuf {
    let mut text = base.as_os_str().to_owned();
    text.push(suffix);
    PathBuf::from(text)
}

/// Moves `path` and its `-wal`/`-shm`/`-journal` companions to the first free `PATH.LABEL-N`.
pub(crate) fn move_aside(path: &Path, label: &str) -> Result<PathBuf, GameError> {
    let storage_err = |detail: String| GameError::Storage { path: path.to_path_buf(), detail };
    if !path.exists() {
        return Err(storage_err("there is no file to move aside".to_string()));
    }
    let target = (1..10_000)
        .map(|n| with_suffix(path, &format!(".{label}-{n}")))
        .find(|candidate| !candidate.exists())
        .ok_or_else(|| storage_err("no free name to move the file to".to_string()))?;
    std::fs::rename(path, &target).map_err(|e| storage_err(e.to_string()))?;
    for companion in ["-wal", "-shm", "-journal"] {
        let from = with_suffix(path, companion);
        if from.exists() {
            std::fs::rename(&from, with_suffix(&target, companion)).map_err(|e| storage_err(e.to_string()))?;
        }
    }
    Ok(target)
}

/// A consistent copy of the open database at `target` through SQLite's online backup. Refuses to
/// overwrite an existing file; a failed copy leaves no file behind.
pub(crate) fn export(conn: &Connection, target: &Path) -> Result<(), GameError> {
    let target_err = |detail: String| GameError::Storage { path: target.to_path_buf(), detail };
    if target.exists() {
        return Err(target_err("a file with that name already exists; choose a new name".to_string()));
    }
    let copy = (|| -> rusqlite::Result<()> {
        let mut out = Connection::open(target)?;
        {
            let backup = rusqlite::backup::Backup::new(conn, &mut out)?;
            backup.run_to_completion(256, Duration::from_millis(0), None)?;
        }
        // One self-contained file: no WAL beside it.
        out.pragma_update(None, "journal_mode", "DELETE")?;
        Ok(())
    })();
    copy.map_err(|e| {
        let _ = std::fs::remove_file(target);
        target_err(e.to_string())
    })
}

/// Copies `source` beside `db_path` (as `DB.import`, replacing an earlier unfinished one) so it can be
/// checked and migrated without ever writing to the player's chosen file.
pub(crate) fn stage_import(source: &Path, db_path: &Path) -> Result<PathBuf, GameError> {
    let staged = with_suffix(db_path, ".import");
    remove_staged(&staged);
    std::fs::copy(source, &staged)
        .map_err(|e| GameError::Storage { path: source.to_path_buf(), detail: e.to_string() })?;
    Ok(staged)
}

/// Removes a staged import and its companions.
pub(crate) fn remove_staged(staged: &Path) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(with_suffix(staged, suffix));
    }
}

/// Moves the current database aside (`PATH.before-import-N`) and the checked, staged copy into its
/// place. Returns where the previous file went. If the second move fails, the previous file is moved
/// back, so the player is never left without their progress.
pub(crate) fn swap_in(staged: &Path, db_path: &Path) -> Result<PathBuf, GameError> {
    let kept = move_aside(db_path, "before-import")?;
    if let Err(e) = std::fs::rename(staged, db_path) {
        let _ = std::fs::rename(&kept, db_path);
        return Err(GameError::Storage { path: db_path.to_path_buf(), detail: e.to_string() });
    }
    for companion in ["-wal", "-shm"] {
        let from = with_suffix(staged, companion);
        if from.exists() {
            let _ = std::fs::rename(&from, with_suffix(db_path, companion));
        }
    }
    Ok(kept)
}

/// Puts a staged import at `db_path` where there was no file.
pub(crate) fn swap_in_fresh(staged: &Path, db_path: &Path) -> Result<(), GameError> {
    std::fs::rename(staged, db_path).map_err(|e| GameError::Storage { path: db_path.to_path_buf(), detail: e.to_string() })
}
