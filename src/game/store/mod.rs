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
mod view;

use std::path::{Path, PathBuf};

use rusqlite::{Connection, ErrorCode, OpenFlags, TransactionBehavior};

use files::with_suffix;

use super::error::GameError;

pub(crate) use files::{
    export, import_lock, keep_aside, keep_bytes_aside, move_aside, prune_kept, reads_as_database, remove_with_companions,
    replace_unreadable, stage_import, swap_in, sweep_interrupted_import, sweep_partials,
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
    /// In a cell so that a repair from a shared reference can move a read-only game to its copy in
    /// memory ([`Store::repair`]); a `Store` is used from one thread at a time.
    conn: std::cell::RefCell<Connection>,
    path: PathBuf,
    access: std::cell::Cell<Access>,
}

/// What a [`Store`] may do with its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    /// Read and write it: the game.
    Write,
    /// Only read it (a read-only file or folder, or a tool that promises not to change it).
    ReadFile,
    /// Read a copy in memory, upgraded or rebuilt there: a read-only file that needed either.
    ReadCopy,
}

impl Store {
    /// Opens (or creates) the game at `path`: refuses what it cannot safely use, migrates an older
    /// schema and brings the derived tables up to date (`derived`), all in one transaction. A file
    /// (or folder) the game may not write is opened to be read ([`Store::view`]): every write then
    /// answers `read-only`.
    pub fn open<C>(path: &Path, derived: &[Derived<C>]) -> Result<Store, GameError> {
        match open::open(path, derived) {
            Ok(conn) => Ok(Store { conn: conn.into(), path: path.to_path_buf(), access: Access::Write.into() }),
            Err(GameError::ReadOnly { .. }) => Store::view(path, derived),
            Err(error) => Err(error),
        }
    }

    /// Opens the existing file at `path` to be read, after the checks an open makes (the schema
    /// of its version, one snapshot), never writing it: for tools that must not change it and for
    /// a file the game may not write. A file that needs a migration or a rebuild of its derived
    /// tables is copied into memory and upgraded there, so it reads as the game would show it.
    pub fn view<C>(path: &Path, derived: &[Derived<C>]) -> Result<Store, GameError> {
        let conn = view::connect(path)?;
        let fail = |f| failure_error(path, f);
        let version = open::check(&conn, derived).map_err(fail)?;
        let mut current = version == migrations::LATEST;
        for group in derived {
            current = current && (group.is_current)(&conn).map_err(fail)?;
        }
        if current {
            return Ok(Store { conn: conn.into(), path: path.to_path_buf(), access: Access::ReadFile.into() });
        }
        if version < migrations::LATEST {
            integrity_check(&conn).map_err(fail)?;
        }
        let mut copy = view::in_memory(&conn, path)?;
        open::upgrade(&mut copy, version, derived).map_err(fail)?;
        Ok(Store { conn: copy.into(), path: path.to_path_buf(), access: Access::ReadCopy.into() })
    }

    /// Whether writes are refused (`read-only`).
    pub fn is_read_only(&self) -> bool {
        self.access.get() != Access::Write
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `step` in one read transaction: everything it reads is one snapshot.
    pub fn read<T>(&self, step: impl FnOnce(&Connection) -> Res<T>) -> Result<T, GameError> {
        let conn = self.conn.borrow();
        let tx = conn.unchecked_transaction().map_err(|e| self.fail(e.into()))?;
        step(&tx).map_err(|f| self.fail(f))
    }

    /// Runs `step` in one IMMEDIATE transaction, committed only when it succeeds: a refused or
    /// failed step changes nothing.
    pub fn write<T>(&mut self, step: impl FnOnce(&Connection) -> Res<T>) -> Result<T, GameError> {
        if self.is_read_only() {
            return Err(GameError::ReadOnly { path: self.path.clone() });
        }
        let path = self.path.clone();
        let fail = |f| failure_error(&path, f);
        let conn = self.conn.get_mut();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(|e| fail(e.into()))?;
        let value = step(&tx).map_err(fail)?;
        tx.commit().map_err(|e| fail(e.into()))?;
        Ok(value)
    }

    /// Runs `step` in one IMMEDIATE transaction like [`Store::write`], from a shared reference: for
    /// rebuilding a cache (the derived tables) that a check found stale, which changes nothing the
    /// player owns. (A `Store` is used from one thread at a time, so nothing else is mid-transaction.)
    /// On a file it may only read, the rebuild is made in a copy in memory, which the store reads
    /// from then on: the player sees the repaired game, the file stays as it is.
    pub fn repair<T>(&self, step: impl FnOnce(&Connection) -> Res<T>) -> Result<T, GameError> {
        if self.access.get() == Access::ReadFile {
            let copy = view::in_memory(&self.conn.borrow(), &self.path)?;
            self.conn.replace(copy);
            self.access.set(Access::ReadCopy);
        }
        let conn = self.conn.borrow();
        let fail = |f| failure_error(&self.path, f);
        let tx = rusqlite::Transaction::new_unchecked(&conn, TransactionBehavior::Immediate)
            .map_err(|e| fail(e.into()))?;
        let value = step(&tx).map_err(fail)?;
        tx.commit().map_err(|e| fail(e.into()))?;
        Ok(value)
    }

    /// Writes a consistent copy of the file to `target` (see [`export`]).
    pub fn export(&self, target: &Path) -> Result<(), GameError> {
        export(&self.conn.borrow(), &self.path, target)
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
        // The file moved or was replaced under an open connection is not a read-only file.
        Some(ErrorCode::ReadOnly) if !is_moved(&error) => GameError::ReadOnly { path: path.to_path_buf() },
        _ => GameError::Storage { path: path.to_path_buf(), detail: error.to_string() },
    }
}

/// Whether SQLite refused a write because the file was moved or replaced while open
/// (`SQLITE_READONLY_DBMOVED`): a storage error, not a read-only file.
fn is_moved(error: &rusqlite::Error) -> bool {
    matches!(error, rusqlite::Error::SqliteFailure(e, _) if e.extended_code == rusqlite::ffi::SQLITE_READONLY_DBMOVED)
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
