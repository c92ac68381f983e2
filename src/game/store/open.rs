//! Opening a file safely: read-only checks first, then the pragmas, the migrations and the derived
//! tables, in one transaction.
//!
//! Opening never writes to a file it cannot read as a game database of a known schema: garbage, a
//! corrupted page, a foreign SQLite file or a newer schema are refused (with the file's path) before
//! any pragma or migration could touch it.

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, TransactionBehavior};

use super::migrations::{LATEST, MIGRATIONS};
use super::{corrupt, failure_error, integrity_check, schema, sql_error, Failure, Res};
use crate::game::error::GameError;

/// One group of derived tables (a cache of the stored truth), as the room that owns it gives it: its
/// tables, whether they are today's, how to rebuild them, and (`C`, for the game's audit) how to
/// compare them with their rebuild. The one list of them is `game::derived::DERIVED`.
pub(crate) struct Derived<C> {
    /// The group, in the audit's words.
    pub name: &'static str,
    /// The tables it fills.
    pub tables: &'static [&'static str],
    /// The tables it once filled and fills no more: a file may still hold them (the schema check
    /// leaves them), and its rebuild drops them.
    pub former: &'static [&'static str],
    /// Whether the stored tables are today's (cheap: a row or two).
    pub is_current: fn(&Connection) -> Res<bool>,
    /// Rebuilds them from the truth; `Err(Corrupt)` refuses the file (rolled back, untouched).
    pub rebuild: fn(&Connection) -> Res<()>,
    /// How the full audit compares them with their rebuild.
    pub compare: C,
}

/// The tables the groups in `derived` define and check themselves (the schema check leaves them).
fn own_tables<C>(derived: &[Derived<C>]) -> Vec<&'static str> {
    derived.iter().flat_map(|d| d.tables.iter().chain(d.former).copied()).collect()
}

/// Opens (or creates) the game database at `path`, refusing anything it cannot safely use.
pub(crate) fn open<C>(path: &Path, derived: &[Derived<C>]) -> Result<Connection, GameError> {
    let err = |e| sql_error(path, e);
    let read_only = || GameError::ReadOnly { path: path.to_path_buf() };
    let mut conn = Connection::open(path).map_err(err)?;
    // A file SQLite could only open for reading (no write permission, a read-only mount).
    if conn.is_readonly(rusqlite::MAIN_DB).map_err(err)? {
        return Err(read_only());
    }
    conn.busy_timeout(Duration::from_secs(5)).map_err(err)?;
    // Read-only checks first, in one snapshot (a file another process is creating is seen before
    // or after, never half made): nothing below writes until the file is known to be ours.
    let version = match check(&conn, derived) {
        // A writable file in a folder where its WAL index cannot be made.
        Err(Failure::Sql(e)) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::CannotOpen) && path.is_file() => {
            return Err(read_only())
        }
        other => other.map_err(|f| failure_error(path, f))?,
    };
    // SQLite's page-by-page check reads the whole file, so it is not on the every-open path (at a
    // million hands it alone took 0.35 s): it runs before a migration rewrites the file, and in the
    // full audit (the `audit` command, imports, and the app's background check after start-up).
    if version < LATEST {
        integrity_check(&conn).map_err(|f| failure_error(path, f))?;
    }
    let mode = wal(&conn).map_err(err)?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(GameError::Storage { path: path.to_path_buf(), detail: format!("journal mode {mode}, not WAL") });
    }
    conn.pragma_update(None, "synchronous", "FULL").map_err(err)?;
    conn.pragma_update(None, "foreign_keys", "ON").map_err(err)?;
    let mut current = version == LATEST;
    for group in derived {
        current = current && (group.is_current)(&conn).map_err(|f| failure_error(path, f))?;
    }
    if !current {
        upgrade(&mut conn, version, derived).map_err(|f| failure_error(path, f))?;
    }
    if version < LATEST {
        give_back_free_pages(&conn);
    }
    Ok(conn)
}

/// Switches the file to WAL. On a file another process is creating at that moment the switch can
/// answer "database is locked" at once, without waiting on the busy timeout (it needs the file to
/// itself): it is then tried again, for up to the same 5 seconds.
fn wal(conn: &Connection) -> rusqlite::Result<String> {
    let started = std::time::Instant::now();
    loop {
        match conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0)) {
            Err(rusqlite::Error::SqliteFailure(e, _))
                if matches!(e.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
                    && started.elapsed() < Duration::from_secs(5) =>
            {
                std::thread::sleep(Duration::from_millis(5));
            }
            other => return other,
        }
    }
}

/// The file's schema version, once its schema is known to be that version's (see [`schema::check`]),
/// read in one read transaction that changes nothing. An empty file (a new game) is version 0.
pub(crate) fn check<C>(conn: &Connection, derived: &[Derived<C>]) -> Res<i64> {
    let tx = conn.unchecked_transaction()?;
    let version: i64 = tx.pragma_query_value(None, "user_version", |row| row.get(0))?;
    if version > LATEST {
        return Err(Failure::Refused(GameError::NewerDatabase {
            path: conn.path().map(Into::into).unwrap_or_default(),
            found: version,
            supported: LATEST,
        }));
    }
    if version < 0 {
        return Err(corrupt(format!("schema version {version}")));
    }
    if version == 0 {
        let n_objects: i64 = tx.query_row("SELECT COUNT(*) FROM sqlite_master", [], |row| row.get(0))?;
        if n_objects > 0 {
            return Err(corrupt("an SQLite file that is not a game database"));
        }
    } else {
        schema::check(&tx, version, &own_tables(derived))?;
    }
    Ok(version)
}

/// A migration that rebuilt a table (15: the hands) leaves the old pages free, up to half the file:
/// they are given back once, after the upgrade has committed. VACUUM changes no row, so when it
/// cannot run (another process reading, a disk too full for its copy) the file simply stays the
/// size the migration left, and nothing is lost: that is why its error is not reported.
fn give_back_free_pages(conn: &Connection) {
    let pages = |pragma: &str| conn.pragma_query_value(None, pragma, |row| row.get::<_, i64>(0)).unwrap_or(0);
    if pages("freelist_count") * 4 > pages("page_count") {
        let _ = conn.execute_batch("VACUUM");
    }
}

/// Applies the migrations after `from`, then rebuilds each group of derived tables that is not
/// today's, in one IMMEDIATE transaction, and sets `user_version`. A refused step rolls everything
/// back.
pub(super) fn upgrade<C>(conn: &mut Connection, from: i64, derived: &[Derived<C>]) -> Res<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    // Another process may have upgraded the file while this one waited for the lock.
    let from = from.max(tx.pragma_query_value(None, "user_version", |row| row.get(0))?);
    for migration in &MIGRATIONS[from as usize..] {
        migration.run(&tx)?;
    }
    if from < LATEST {
        tx.pragma_update(None, "user_version", LATEST)?;
    }
    for group in derived {
        if !(group.is_current)(&tx)? {
            (group.rebuild)(&tx)?;
        }
    }
    Ok(tx.commit()?)
}
