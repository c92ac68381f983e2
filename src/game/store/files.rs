//! Whole-file moves: moving a file aside (never deleting it), a consistent export through SQLite's
//! online backup, and the staging and swapping of an import.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::Connection;

use crate::game::error::GameError;

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
