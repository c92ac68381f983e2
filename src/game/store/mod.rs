//! The game's file: opening it safely, the schema and its migrations, transactions, the player's own
//! rows (profile, ledger, claims, settings, kind-deal bags, remembered bets), and whole-file moves
//! (move aside, export, import).
//!
//! Every command runs in one transaction through [`Store::read`] (one snapshot: a deferred
//! transaction, so every table it reads is from the same moment) or [`Store::write`] (IMMEDIATE:
//! the whole command or nothing). Inside, code returns [`Res`], whose one error type [`Failure`]
//! is a refusal, an SQLite failure or a damaged value; the store turns it into the [`GameError`]
//! naming the file. Nothing in this room knows a game rule.

pub(crate) mod codes;
mod files;
pub mod migrations;
mod open;
pub(crate) mod player;
pub(crate) mod schema;
mod steps;

use std::path::{Path, PathBuf};

use rusqlite::{Connection, ErrorCode, OpenFlags, TransactionBehavior};

use super::error::GameError;

pub(crate) use files::{
    export, import_lock, keep_aside, move_aside, prune_kept, remove_with_companions, stage_import, swap_in,
    sweep_interrupted_import,
};
pub(crate) use open::Derived;
pub use files::KEPT_BEFORE_IMPORT;

/// Why a step inside a transaction stopped: the command was refused, SQLite failed, or a stored
/// value is damaged (the detail says which).
#[derive(Debug)]
pub(crate) enum Failure {
    /// A refusal with its data (a wrong bet, no hand in progress …).
    Refused(GameError),
    /// SQLite failed.
    Sql(rusqlite::Error),
    /// A stored value is wrong: the file is corrupt.
    Corrupt(String),
}

/// The result of a step inside a transaction.
pub(crate) type Res<T> = Result<T, Failure>;

impl Failure {
    /// What made a stored value unreadable, when this failure is one: a value found corrupt, or one
    /// SQLite holds with a type the column's reader does not take (text where a number belongs, a
    /// number out of range). For reads of derived tables, which are rebuilt rather than refused.
    pub(crate) fn unreadable(&self) -> Option<String> {
        match self {
            Failure::Corrupt(detail) => Some(detail.clone()),
            Failure::Sql(error) if is_bad_value(error) => Some(error.to_string()),
            _ => None,
        }
    }
}

impl From<rusqlite::Error> for Failure {
    fn from(error: rusqlite::Error) -> Failure {
        Failure::Sql(error)
    }
}

impl From<GameError> for Failure {
    fn from(error: GameError) -> Failure {
        Failure::Refused(error)
    }
}

/// A damaged stored value, in words.
pub(crate) fn corrupt(detail: impl Into<String>) -> Failure {
    Failure::Corrupt(detail.into())
}

/// The game's open file.
pub(crate) struct Store {
    conn: Connection,
    path: PathBuf,
}

impl Store {
    /// Opens (or creates) the game at `path`: refuses what it cannot safely use, migrates an older
    /// schema and brings the derived tables up to date (`derived`), all in one transaction.
    pub fn open<C>(path: &Path, derived: &[Derived<C>]) -> Result<Store, GameError> {
        Ok(Store { conn: open::open(path, derived)?, path: path.to_path_buf() })
    }

    /// Opens the file at `path` read-only (for a check beside an open game): never writes, never
    /// migrates, never switches the journal mode.
    pub fn open_read_only(path: &Path) -> Result<Store, GameError> {
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| sql_error(path, e))?;
        conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(|e| sql_error(path, e))?;
        Ok(Store { conn, path: path.to_path_buf() })
    }

    /// Opens the file at `path` read-only after the checks an open makes (the schema of its version,
    /// one snapshot), for tools that must never change it. A file an earlier version wrote (it needs
    /// a migration) or a new one is refused, not upgraded or created.
    pub fn open_checked_read_only<C>(path: &Path, derived: &[Derived<C>]) -> Result<Store, GameError> {
        let store = Store::open_read_only(path)?;
        let version = open::check(&store.conn, derived).map_err(|f| store.fail(f))?;
        if version != migrations::LATEST {
            let detail = format!(
                "schema version {version}: open it once with the game to upgrade it (this tool only reads)"
            );
            return Err(GameError::Storage { path: path.to_path_buf(), detail });
        }
        Ok(store)
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `step` in one read transaction: everything it reads is one snapshot.
    pub fn read<T>(&self, step: impl FnOnce(&Connection) -> Res<T>) -> Result<T, GameError> {
        let tx = self.conn.unchecked_transaction().map_err(|e| self.fail(e.into()))?;
        step(&tx).map_err(|f| self.fail(f))
    }

    /// Runs `step` in one IMMEDIATE transaction, committed only when it succeeds: a refused or
    /// failed step changes nothing.
    pub fn write<T>(&mut self, step: impl FnOnce(&Connection) -> Res<T>) -> Result<T, GameError> {
        let path = self.path.clone();
        let fail = |f| failure_error(&path, f);
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(|e| fail(e.into()))?;
        let value = step(&tx).map_err(fail)?;
        tx.commit().map_err(|e| fail(e.into()))?;
        Ok(value)
    }

    /// Runs `step` in one IMMEDIATE transaction like [`Store::write`], from a shared reference: for
    /// rebuilding a cache (the derived tables) that a check found stale, which changes nothing the
    /// player owns. (A `Store` is used from one thread at a time, so nothing else is mid-transaction.)
    pub fn repair<T>(&self, step: impl FnOnce(&Connection) -> Res<T>) -> Result<T, GameError> {
        let fail = |f| failure_error(&self.path, f);
        let tx = rusqlite::Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)
            .map_err(|e| fail(e.into()))?;
        let value = step(&tx).map_err(fail)?;
        tx.commit().map_err(|e| fail(e.into()))?;
        Ok(value)
    }

    /// Writes a consistent copy of the file to `target` (see [`export`]).
    pub fn export(&self, target: &Path) -> Result<(), GameError> {
        export(&self.conn, target)
    }

    /// The error a failure is for this file.
    pub fn fail(&self, failure: Failure) -> GameError {
        failure_error(&self.path, failure)
    }
}

fn failure_error(path: &Path, failure: Failure) -> GameError {
    match failure {
        Failure::Refused(error) => error,
        Failure::Sql(error) => sql_error(path, error),
        Failure::Corrupt(detail) => GameError::CorruptDatabase { path: path.to_path_buf(), detail },
    }
}

/// Whether SQLite failed on a stored value of the wrong type or range (a negative balance, text where
/// a number belongs): a damaged file (or a damaged cache), not a storage failure.
fn is_bad_value(error: &rusqlite::Error) -> bool {
    matches!(
        error,
        rusqlite::Error::FromSqlConversionFailure(..)
            | rusqlite::Error::IntegralValueOutOfRange(..)
            | rusqlite::Error::InvalidColumnType(..)
    )
}

/// Maps a SQLite error to the game's error, naming the file.
pub(crate) fn sql_error(path: &Path, error: rusqlite::Error) -> GameError {
    if is_bad_value(&error) {
        return GameError::CorruptDatabase { path: path.to_path_buf(), detail: error.to_string() };
    }
    match error.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) | Some(ErrorCode::DatabaseCorrupt) => {
            GameError::CorruptDatabase { path: path.to_path_buf(), detail: error.to_string() }
        }
        _ => GameError::Storage { path: path.to_path_buf(), detail: error.to_string() },
    }
}

/// The `user_version` of the file at `path`, read on a read-only connection (0 for an empty file).
pub(crate) fn schema_version(path: &Path) -> Result<i64, GameError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(|e| sql_error(path, e))?;
    conn.pragma_query_value(None, "user_version", |row| row.get(0)).map_err(|e| sql_error(path, e))
}

/// SQLite's `quick_check` (reads the whole file): `Err(Corrupt)` when a page is damaged.
pub(crate) fn integrity_check(conn: &Connection) -> Res<()> {
    let check: String = conn.query_row("PRAGMA quick_check", [], |row| row.get(0))?;
    if check == "ok" {
        Ok(())
    } else {
        Err(corrupt(format!("integrity check: {check}")))
    }
}

/// Row counts of `tables`, in that order.
pub(crate) fn table_counts(conn: &Connection, tables: &[&'static str]) -> Res<Vec<(&'static str, i64)>> {
    tables
        .iter()
        .map(|&table| {
            let n: i64 = conn.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |row| row.get(0))?;
            Ok((table, n))
        })
        .collect()
}
