//! Reading a file the game may not write: a read-only connection that works on a read-only file or
//! folder, and an in-memory copy for when the file needs an upgrade or a rebuild it cannot be given.
//!
//! A WAL database is read through its `-shm` index, which a reader must be able to create. On a
//! read-only folder after a clean close there is none and none can be made: SQLite answers "unable
//! to open database file". The file is then read as immutable (SQLite's `immutable=1`: no locks,
//! no index), which is right only because nobody can write there either; a `-wal` with changes in
//! it (a folder made read-only while a game was open), or a hot rollback `-journal`, cannot be
//! read that way, and is refused rather than silently skipped.

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OpenFlags};

use super::{sql_error, with_suffix};
use crate::game::error::GameError;

fn flags() -> OpenFlags {
    OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX | OpenFlags::SQLITE_OPEN_URI
}

/// A read-only connection to the existing file at `path` (never created, never written): SQLite's
/// usual read-only open, or, where the folder cannot hold the `-shm` index, the file read as
/// immutable.
pub(crate) fn connect(path: &Path) -> Result<Connection, GameError> {
    let err = |e| sql_error(path, e);
    let conn = Connection::open_with_flags(uri(path, false), flags()).map_err(err)?;
    conn.busy_timeout(Duration::from_secs(5)).map_err(err)?;
    match probe(&conn) {
        Ok(()) => Ok(conn),
        // "unable to open database file" or, with a `-shm` it may not write, "attempt to write a
        // readonly database".
        Err(e) if matches!(e.sqlite_error_code(), Some(ErrorCode::CannotOpen | ErrorCode::ReadOnly)) && path.is_file() => {
            immutable(path)
        }
        Err(e) => Err(err(e)),
    }
}

/// The first read, which opens the WAL index.
fn probe(conn: &Connection) -> rusqlite::Result<()> {
    conn.query_row("SELECT COUNT(*) FROM sqlite_master", [], |row| row.get::<_, i64>(0)).map(drop)
}

fn immutable(path: &Path) -> Result<Connection, GameError> {
    // A WAL with changes, or a hot rollback journal: read as immutable, the file would be read
    // without them (or half rolled back).
    for journal in ["-wal", "-journal"] {
        let journal = with_suffix(path, journal);
        if std::fs::metadata(&journal).is_ok_and(|m| m.len() > 0) {
            let detail = format!(
                "its journal {} holds changes that cannot be read from a folder the game may not write",
                journal.display()
            );
            return Err(GameError::Storage { path: path.to_path_buf(), detail });
        }
    }
    let conn = Connection::open_with_flags(uri(path, true), flags()).map_err(|e| sql_error(path, e))?;
    probe(&conn).map_err(|e| sql_error(path, e))?;
    Ok(conn)
}

/// `path` as an SQLite `file:` URI (every byte outside the unreserved set percent-encoded, so a
/// `?`, `#` or `%` in a name stays part of it), read-only, immutable when asked.
fn uri(path: &Path, immutable: bool) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut text = String::from("file:");
    for &byte in path.as_os_str().as_bytes() {
        if byte.is_ascii_alphanumeric() || b"/-._~".contains(&byte) {
            text.push(byte as char);
        } else {
            text.push_str(&format!("%{byte:02X}"));
        }
    }
    text.push_str(if immutable { "?mode=ro&immutable=1" } else { "?mode=ro" });
    text
}

/// A copy of `conn`'s database in memory, to be upgraded and rebuilt there: what the player sees of
/// a read-only file that needs either. Costs a read of the whole file, so only for that case.
pub(crate) fn in_memory(conn: &Connection, path: &Path) -> Result<Connection, GameError> {
    let err = |e| sql_error(path, e);
    let mut memory = Connection::open_in_memory().map_err(err)?;
    super::files::backup_all(conn, &mut memory).map_err(err)?;
    Ok(memory)
}
