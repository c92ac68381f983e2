//! Whole-file moves: moving a file aside (never deleting it), a consistent export, and the staging,
//! keeping aside and swapping in of an import. Every copy goes through SQLite's online backup (a
//! consistent snapshot, whatever another process is doing), is written under a temporary name and
//! gets its final name only when complete, so a failure or a kill never leaves a partial file under
//! a name the game would use. The import's swap is one backup into the live file: one transaction
//! under SQLite's own lock, so there is no moment without a game file, and another process that has
//! the file open keeps a whole file (it sees the old game or the new one).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};

use super::migrations::{LATEST, TABLES};
use super::{schema, Derived, Failure, Res};
use crate::game::error::GameError;

/// `base` with `suffix` appended to its file name.
pub(super) fn with_suffix(base: &Path, suffix: &str) -> PathBuf {
    let mut text = base.as_os_str().to_owned();
    text.push(suffix);
    PathBuf::from(text)
}

fn storage(path: &Path, detail: impl ToString) -> GameError {
    GameError::Storage { path: path.to_path_buf(), detail: detail.to_string() }
}

/// Moves `path` and its `-wal`/`-shm`/`-journal` companions to the first free `PATH.LABEL-N`.
pub(crate) fn move_aside(path: &Path, label: &str) -> Result<PathBuf, GameError> {
    if !path.exists() {
        return Err(storage(path, "there is no file to move aside"));
    }
    let target = free_name(path, label)?;
    std::fs::rename(path, &target).map_err(|e| storage(path, e))?;
    for companion in ["-wal", "-shm", "-journal"] {
        let from = with_suffix(path, companion);
        if from.exists() {
            std::fs::rename(&from, with_suffix(&target, companion)).map_err(|e| storage(path, e))?;
        }
    }
    Ok(target)
}

/// The first `PATH.LABEL-N` (N from 1) that does not exist.
fn free_name(path: &Path, label: &str) -> Result<PathBuf, GameError> {
    (1..10_000)
        .map(|n| with_suffix(path, &format!(".{label}-{n}")))
        .find(|candidate| !candidate.exists())
        .ok_or_else(|| storage(path, "no free name to keep the file under"))
}

/// Removes a file and its SQLite companions (a staged or partial copy); missing ones are fine.
pub(crate) fn remove_with_companions(path: &Path) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(with_suffix(path, suffix));
    }
}

/// Copies all of `from` into `to` in one backup step (one transaction on `to`), waiting up to five
/// seconds while another connection holds a lock on either.
pub(super) fn backup_all(from: &Connection, to: &mut Connection) -> rusqlite::Result<()> {
    let backup = Backup::new(from, to)?;
    let started = Instant::now();
    loop {
        match backup.step(-1)? {
            StepResult::Done => return Ok(()),
            StepResult::More => {}
            StepResult::Busy | StepResult::Locked if started.elapsed() < Duration::from_secs(5) => {
                std::thread::sleep(Duration::from_millis(20));
            }
            StepResult::Busy | StepResult::Locked => {
                return Err(rusqlite::Error::SqliteFailure(
                    rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY),
                    Some("the file stayed locked by another program for 5 s".to_string()),
                ))
            }
            _ => {}
        }
    }
}

/// The name a copy is written under until it is whole: `TARGET.vpoker-partial`, a suffix no other
/// program uses, so [`sweep_partials`] knows what it may remove.
pub(crate) const PARTIAL_SUFFIX: &str = ".vpoker-partial";

/// A consistent copy of `conn`'s database, complete, at `target` (which must not exist): written to
/// `TARGET.vpoker-partial` first, as one self-contained file (no WAL beside it), then given its
/// name. The writer holds an advisory lock on the partial copy while it writes it, so a copy a kill
/// left behind (nobody holds its lock) is told from one being written now: each copy first sweeps
/// the killed ones out of its folder ([`sweep_partials`]), and so does opening a game in its folder.
/// A failure removes the partial copy; an existing `target` is never overwritten.
fn copy_to_new(conn: &Connection, target: &Path) -> Result<(), GameError> {
    if target.exists() {
        return Err(storage(target, "a file with that name already exists; choose a new name"));
    }
    sweep_partials(target);
    let partial = with_suffix(target, PARTIAL_SUFFIX);
    // What the sweep left is being written now by another export to the same name: refused, never
    // replaced (it would publish the other's half-written copy). Created new, then locked (flock:
    // separate from SQLite's own fcntl locks) until the copy is published or removed; a sweep that
    // removed it between the two is seen by its name no longer naming the locked file.
    let busy = || storage(target, "another export to this name is being written; try again when it is done");
    let writer = std::fs::OpenOptions::new().create_new(true).write(true).open(&partial).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => busy(),
        _ => storage(target, e),
    })?;
    let locked = writer.lock().and_then(|()| Ok(same_file(&writer, &partial)?));
    if !matches!(locked, Ok(true)) {
        drop(writer);
        return Err(locked.err().map_or_else(busy, |e| storage(target, e)));
    }
    let copy = (|| -> rusqlite::Result<()> {
        let mut out = Connection::open(&partial)?;
        backup_all(conn, &mut out)?;
        out.pragma_update(None, "journal_mode", "DELETE")?;
        out.close().map_err(|(_, e)| e)
    })();
    let published = copy.map_err(|e| storage(target, e)).and_then(|()| publish(&partial, target));
    if published.is_err() {
        remove_with_companions(&partial);
    }
    drop(writer);
    published
}

/// Whether `path` still names the file `file` has open (a sweep may have removed or replaced it).
fn same_file(file: &std::fs::File, path: &Path) -> std::io::Result<bool> {
    use std::os::unix::fs::MetadataExt;
    let (open, named) = (file.metadata()?, std::fs::metadata(path));
    Ok(named.is_ok_and(|named| named.ino() == open.ino() && named.dev() == open.dev()))
}

/// Removes, from the folder of `beside`, the partial copies ([`PARTIAL_SUFFIX`]) a killed export or
/// import left: those whose writer's lock is free (a writer that ended, even by a kill, holds none).
/// A copy being written now keeps its lock and is left alone. Failures leave the file for the next
/// sweep.
pub(crate) fn sweep_partials(beside: &Path) {
    let folder = match beside.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let is_partial = path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(PARTIAL_SUFFIX));
        if !is_partial || !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        // Removed while this sweep holds the lock, and only if the name still names the file it
        // locked, so no writer can be mid-copy in what it removes.
        if let Ok(file) = std::fs::OpenOptions::new().write(true).open(&path) {
            if file.try_lock().is_ok() && same_file(&file, &path).unwrap_or(false) {
                remove_with_companions(&path);
            }
        }
    }
}

/// Gives the complete file `partial` the name `target`, refusing if `target` appeared meanwhile:
/// a hard link fails rather than replace, then the temporary name goes; where links are not
/// supported, a rename after one more look.
fn publish(partial: &Path, target: &Path) -> Result<(), GameError> {
    match std::fs::hard_link(partial, target) {
        Ok(()) => {
            let _ = std::fs::remove_file(partial);
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(storage(target, "a file with that name already exists; choose a new name"))
        }
        Err(_) if !target.exists() => std::fs::rename(partial, target).map_err(|e| storage(target, e)),
        Err(e) => Err(storage(target, e)),
    }
}

/// Writes a consistent copy of the open database at `db_path` to `target` (see [`copy_to_new`]),
/// never under a name the game keeps for its own files ([`reserved`]).
pub(crate) fn export(conn: &Connection, db_path: &Path, target: &Path) -> Result<(), GameError> {
    refuse_reserved(db_path, target)?;
    copy_to_new(conn, target)
}

/// Refuses `path` when it is a name the game keeps for its own files beside `db_path`.
pub(crate) fn refuse_reserved(db_path: &Path, path: &Path) -> Result<(), GameError> {
    match reserved(db_path, path) {
        true => Err(storage(path, "a name the game keeps for its own files beside the game (export or import under another name)")),
        false => Ok(()),
    }
}

/// Whether `path` is a name the game keeps for its own files beside the live file `db_path`, which
/// it writes, replaces or deletes: the file itself and its SQLite companions (`-wal`, `-shm`,
/// `-journal`), the staged import `DB.import` (and its companions) and its lock `DB.import.lock`,
/// a copy kept aside (`DB.before-import-N`, pruned after an import; `DB.corrupt-N`; and their
/// companions) and any partial copy (`*.vpoker-partial`, swept from the folder). An export written
/// under one would be deleted or overwritten later, and an import read from one could delete its
/// own source. Another name for one of those files (a hard link, a symbolic link, in any folder) is
/// the same file, and reserved as well ([`same_as_reserved`]).
pub(crate) fn reserved(db_path: &Path, path: &Path) -> bool {
    let name = |p: &Path| p.file_name().and_then(|n| n.to_str()).map(str::to_string);
    let (Some(db), Some(other)) = (name(db_path), name(path)) else { return false };
    if other.ends_with(PARTIAL_SUFFIX) {
        return true;
    }
    // The same folder, however it is written (`a/../b`, a relative path, a link to it).
    let folder = |p: &Path| {
        let parent = p.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        std::fs::canonicalize(parent).ok()
    };
    let same_folder = folder(db_path).is_some() && folder(db_path) == folder(path);
    (same_folder && reserved_name(&db, &other)) || same_as_reserved(db_path, &db, path)
}

/// Whether `other` is, in the live file's folder, a name the game keeps beside the file named `db`
/// (see [`reserved`]).
fn reserved_name(db: &str, other: &str) -> bool {
    if other.ends_with(PARTIAL_SUFFIX) {
        return true;
    }
    let Some(rest) = other.strip_prefix(db) else { return false };
    let companion = |c: &str| c.is_empty() || COMPANIONS.contains(&c);
    // `N`, then a companion's suffix or none.
    let numbered = |label: &str| {
        rest.strip_prefix(label).is_some_and(|n| {
            let digits = n.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && companion(&n[digits..])
        })
    };
    companion(rest)
        || rest == ".import.lock"
        || rest.strip_prefix(".import").is_some_and(companion)
        || rest.strip_prefix(".import-new").is_some_and(companion)
        || numbered(".before-import-")
        || numbered(".corrupt-")
}

/// Whether `path` names the same file as a name the game keeps beside the live file `db_path`
/// (named `db`): its device and inode those of one of them, so a hard link (or a symbolic link) to
/// the game's file or to a companion, under any name in any folder, is caught too. On a system
/// without inodes only the names are compared ([`reserved_name`]).
#[cfg(unix)]
fn same_as_reserved(db_path: &Path, db: &str, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(target) = std::fs::metadata(path) else { return false };
    let folder = match db_path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(folder) else { return false };
    entries.flatten().any(|entry| {
        let kept = entry.file_name().to_str().is_some_and(|name| reserved_name(db, name));
        kept && std::fs::metadata(entry.path()).is_ok_and(|m| m.dev() == target.dev() && m.ino() == target.ino())
    })
}

/// Without inodes to compare: the names alone (today's rule).
#[cfg(not(unix))]
fn same_as_reserved(_db_path: &Path, _db: &str, _path: &Path) -> bool {
    false
}

/// Holds `DB.import.lock` beside `db_path` exclusively (an advisory lock the operating system drops
/// when the holder ends, even by a kill) until the returned file is dropped: one import into a game
/// at a time, across threads and processes, so a second import never rewrites the staged copy
/// between the first one's check and its swap. A second import waits for the first to finish.
pub(crate) fn import_lock(db_path: &Path) -> Result<std::fs::File, GameError> {
    let path = with_suffix(db_path, ".import.lock");
    // Only a regular file is a lock: opening a FIFO put there would wait for a reader for ever.
    if std::fs::symlink_metadata(&path).is_ok_and(|m| !m.is_file()) {
        return Err(storage(&path, "the import lock is not a regular file (remove it)"));
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| storage(&path, e))?;
    file.lock().map_err(|e| storage(&path, e))?;
    Ok(file)
}

/// Removes what an import killed part way left beside `db_path` (`DB.import`, a full copy, and its
/// companions), unless an import is running now (it holds `DB.import.lock`). Touches nothing when
/// there is no such copy; a failure only leaves the copy for the next import to replace.
pub(crate) fn sweep_interrupted_import(db_path: &Path) {
    let staged = with_suffix(db_path, ".import");
    if !staged.exists() && !fresh_path(db_path).exists() {
        return;
    }
    let lock_path = with_suffix(db_path, ".import.lock");
    // A lock that is no regular file (a FIFO would block the open) is never opened here.
    if std::fs::symlink_metadata(&lock_path).is_ok_and(|m| !m.is_file()) {
        return;
    }
    let lock = std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(lock_path);
    if lock.is_ok_and(|file| file.try_lock().is_ok()) {
        remove_with_companions(&staged);
        remove_with_companions(&fresh_path(db_path));
    }
}

/// Copies the game in `source` to `DB.import` beside `db_path` (replacing what an interrupted
/// import left), so it can be checked and migrated without ever writing to the player's chosen
/// file. The source is read through SQLite, read-only: a file that is not a database is refused
/// here. Returns the staged copy's path.
pub(crate) fn stage_import(source: &Path, db_path: &Path) -> Result<PathBuf, GameError> {
    // A source under a name the game keeps (`DB.import` itself, a kept copy, a partial copy) would
    // be replaced or deleted by the import: refused before anything is touched.
    refuse_reserved(db_path, source)?;
    // Only a regular file can hold a game: a FIFO would block the read for ever, a directory or a
    // device is no export. Refused before anything is opened.
    let metadata = std::fs::metadata(source).map_err(|e| storage(source, e))?;
    if !metadata.is_file() {
        return Err(GameError::CorruptDatabase {
            path: source.to_path_buf(),
            detail: "not a regular file (a folder, a pipe or a device holds no game)".to_string(),
        });
    }
    let staged = with_suffix(db_path, ".import");
    remove_with_companions(&staged);
    let copied = (|| -> rusqlite::Result<()> {
        let from = Connection::open_with_flags(source, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
        let mut out = Connection::open(&staged)?;
        backup_all(&from, &mut out)?;
        out.close().map_err(|(_, e)| e)
    })();
    if let Err(error) = copied {
        remove_with_companions(&staged);
        return Err(super::sql_error(source, error));
    }
    Ok(staged)
}

/// How many copies of earlier games imports keep (`DB.before-import-N`, the newest ones).
pub const KEPT_BEFORE_IMPORT: usize = 3;

/// The `DB.before-import-N` files beside `db_path` with their numbers N, oldest first: by when each
/// was written, then by N (an earlier build took the lowest free N, so N alone need not say which
/// is newest).
fn kept_numbers(db_path: &Path) -> Vec<(u64, PathBuf)> {
    let (Some(folder), Some(name)) = (db_path.parent(), db_path.file_name().and_then(|n| n.to_str())) else { return Vec::new() };
    let folder = if folder.as_os_str().is_empty() { Path::new(".") } else { folder };
    let prefix = format!("{name}.before-import-");
    let mut found: Vec<(std::time::SystemTime, u64, PathBuf)> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let file = entry.file_name();
            let n = file.to_str()?.strip_prefix(&prefix)?.parse::<u64>().ok()?;
            let written = entry.metadata().and_then(|m| m.modified()).unwrap_or(std::time::UNIX_EPOCH);
            Some((written, n, folder.join(file)))
        })
        .collect();
    found.sort();
    found.into_iter().map(|(_, n, path)| (n, path)).collect()
}

/// Keeps a complete copy of the current game as `DB.before-import-N`, N one more than any kept
/// now (so the newest has the largest N). Returns its path.
pub(crate) fn keep_aside(db_path: &Path) -> Result<PathBuf, GameError> {
    let next = kept_numbers(db_path).iter().map(|(n, _)| n + 1).max().unwrap_or(1);
    let kept = with_suffix(db_path, &format!(".before-import-{next}"));
    let conn = Connection::open_with_flags(db_path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(|e| super::sql_error(db_path, e))?;
    copy_to_new(&conn, &kept)?;
    Ok(kept)
}

/// Whether the file at `path` reads as a SQLite database (its header and its schema).
pub(crate) fn reads_as_database(path: &Path) -> bool {
    Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .and_then(|conn| conn.query_row("SELECT COUNT(*) FROM sqlite_master", [], |r| r.get::<_, i64>(0)))
        .is_ok()
}

/// Keeps a live file that is no readable database as it is, byte for byte, as the next
/// `DB.before-import-N`, with each SQLite companion it has beside it as that copy's
/// (`DB.before-import-N-wal`, `-shm`, `-journal`: the replacement removes the live file's, so
/// nothing the owner had is thrown away). Each is written as a partial copy and published whole,
/// as every copy is: the file first, then its companions; a failure removes what it wrote.
pub(crate) fn keep_bytes_aside(db_path: &Path) -> Result<PathBuf, GameError> {
    let next = kept_numbers(db_path).iter().map(|(n, _)| n + 1).max().unwrap_or(1);
    let kept = with_suffix(db_path, &format!(".before-import-{next}"));
    let partial = with_suffix(&kept, PARTIAL_SUFFIX);
    let companions: Vec<&str> = COMPANIONS.into_iter().filter(|c| with_suffix(db_path, c).exists()).collect();
    let mut published: Vec<PathBuf> = Vec::new();
    let mut copied = || -> Result<(), GameError> {
        // The partial file first: a sweep removes it and the companions copied beside it.
        std::fs::copy(db_path, &partial).map_err(|e| storage(db_path, e))?;
        for companion in &companions {
            let from = with_suffix(db_path, companion);
            std::fs::copy(&from, with_suffix(&partial, companion)).map_err(|e| storage(&from, e))?;
        }
        publish(&partial, &kept)?;
        published.push(kept.clone());
        for companion in &companions {
            let to = with_suffix(&kept, companion);
            publish(&with_suffix(&partial, companion), &to)?;
            published.push(to);
        }
        Ok(())
    };
    let done = copied();
    if done.is_err() {
        remove_with_companions(&partial);
        for path in &published {
            let _ = std::fs::remove_file(path);
        }
    }
    done.map(|()| kept)
}

/// The SQLite companions of a database file, by the suffix of their names.
const COMPANIONS: [&str; 3] = ["-wal", "-shm", "-journal"];

/// The fresh file an import into a live file that is no readable database builds the game in
/// before it takes the live file's name (`DB.import-new`).
pub(crate) fn fresh_path(db_path: &Path) -> PathBuf {
    with_suffix(db_path, ".import-new")
}

/// Replaces a live file that is no readable database with the checked copy `staged`: the game is
/// swapped into a fresh file ([`fresh_path`], by [`swap_in`], so nothing of the copy but its rows
/// is taken), the damaged file's companions are removed, and the fresh file is renamed over it (one
/// rename: a kill leaves the damaged file or the new game).
pub(crate) fn replace_unreadable<C>(staged: &Path, db_path: &Path, derived: &[Derived<C>]) -> Result<(), GameError> {
    let fresh = fresh_path(db_path);
    remove_with_companions(&fresh);
    let built = swap_in(staged, &fresh, derived).and_then(|()| {
        for companion in ["-wal", "-shm", "-journal"] {
            let _ = std::fs::remove_file(with_suffix(db_path, companion));
        }
        std::fs::rename(&fresh, db_path).map_err(|e| storage(db_path, e))
    });
    if built.is_err() {
        remove_with_companions(&fresh);
    }
    built
}

/// Deletes the `DB.before-import-N` copies beyond the newest [`KEPT_BEFORE_IMPORT`] (after an
/// import has swapped in: the copy it just kept is the newest). Returns the paths removed; one that
/// cannot be removed is left for the next import.
pub(crate) fn prune_kept(db_path: &Path) -> Vec<PathBuf> {
    let found = kept_numbers(db_path);
    let old = found.len().saturating_sub(KEPT_BEFORE_IMPORT);
    found
        .into_iter()
        .take(old)
        .filter_map(|(_, path)| {
            let removed = std::fs::remove_file(&path).is_ok();
            remove_with_companions(&path);
            removed.then_some(path)
        })
        .collect()
}

/// Replaces the game in `db_path` (created when missing) with the checked copy `staged` (a file
/// of the latest schema), in one IMMEDIATE transaction on the live file (waiting up to five seconds
/// for another writer): every object of the live file dropped; the schema built from this build's
/// own migrations ([`schema::latest_definitions`]: nothing of the copy's `sqlite_master`, no CREATE
/// text, trigger or name of its, is ever copied); the rows of every table of the truth copied, column
/// by column; the derived tables rebuilt by their rooms from that truth; `user_version` set. A kill
/// or a failure leaves the old game; other connections see the old game or the new one.
pub(crate) fn swap_in<C>(staged: &Path, db_path: &Path, derived: &[Derived<C>]) -> Result<(), GameError> {
    let fail = |e| super::sql_error(db_path, e);
    let mut live = Connection::open(db_path).map_err(fail)?;
    live.busy_timeout(Duration::from_secs(5)).map_err(fail)?;
    let staged_text = staged.to_str().ok_or_else(|| storage(staged, "the path is not UTF-8"))?;
    live.execute("ATTACH DATABASE ?1 AS staged", [staged_text]).map_err(fail)?;
    let swapped = (|| -> Res<()> {
        let tx = live.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let version: i64 = tx.query_row("PRAGMA staged.user_version", [], |r| r.get(0))?;
        if version != LATEST {
            return Err(super::corrupt(format!("the checked copy has schema version {version}, not {LATEST}")));
        }
        let mut stmt = tx.prepare(
            "SELECT type, name FROM main.sqlite_master WHERE type IN ('table', 'view', 'trigger') \
             AND name NOT IN ('sqlite_sequence', 'sqlite_stat1', 'sqlite_stat2', 'sqlite_stat3', 'sqlite_stat4')",
        )?;
        let existing = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?.collect::<rusqlite::Result<Vec<_>>>()?;
        drop(stmt);
        for (kind, name) in existing {
            tx.execute_batch(&format!("DROP {} IF EXISTS main.\"{}\"", kind.to_uppercase(), name.replace('"', "\"\"")))?;
        }
        for (_, _, sql) in schema::latest_definitions() {
            tx.execute_batch(sql)?;
        }
        for table in TABLES {
            let mut info = tx.prepare(&format!("PRAGMA main.table_info(\"{table}\")"))?;
            let columns = info
                .query_map([], |r| Ok((r.get::<_, String>(1)?, r.get::<_, String>(2)?, r.get::<_, i64>(5)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            let mut names: Vec<String> = columns.iter().map(|(c, _, _)| format!("\"{}\"", c.replace('"', "\"\""))).collect();
            // A rowid table's order is its rowid (the claims' order is theirs): copied too, unless a
            // column is its alias (an INTEGER PRIMARY KEY) or the table has none (WITHOUT ROWID).
            let alias = columns.iter().filter(|(_, _, pk)| *pk > 0).count() == 1
                && columns.iter().any(|(_, kind, pk)| *pk > 0 && kind.eq_ignore_ascii_case("INTEGER"));
            let has_rowid = tx.prepare(&format!("SELECT rowid FROM main.\"{table}\" LIMIT 0")).is_ok();
            if has_rowid && !alias {
                names.insert(0, "rowid".to_string());
            }
            let names = names.join(", ");
            tx.execute_batch(&format!("INSERT INTO main.\"{table}\" ({names}) SELECT {names} FROM staged.\"{table}\""))?;
        }
        tx.execute_batch(&format!("PRAGMA main.user_version = {LATEST}"))?;
        // The rooms rebuild their tables by plain names: the copy's own derived tables are dropped
        // first, so a name never reaches them.
        for table in derived.iter().flat_map(|group| group.tables.iter().chain(group.former)) {
            tx.execute_batch(&format!("DROP TABLE IF EXISTS staged.\"{table}\""))?;
        }
        for group in derived {
            (group.rebuild)(&tx)?;
        }
        Ok(tx.commit()?)
    })();
    let detached = live.execute_batch("DETACH DATABASE staged").map_err(Failure::from);
    swapped.and(detached).map_err(|failure| super::failure_error(db_path, failure))
}
