//! Storage: files the game cannot use are refused by name and never changed, moving one aside is
//! explicit, the ledger is checked on open, a hand in progress survives closing.

use std::path::{Path, PathBuf};
use vpoker::game::Day;

use chrono::NaiveDate;
use vpoker::game::migrations::{LATEST, MIGRATIONS};
use vpoker::game::{DealRequest, Game, GameError};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

fn today() -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 11, 30).unwrap()).unwrap()
}

fn request() -> DealRequest {
    DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(10).unwrap(), vpoker::game::Lines::new(1).unwrap(), false)
}

fn seed(n: u8) -> Seed {
    Seed::from_bytes([n; 32])
}

/// Every file in the directory with its bytes.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect();
    files.sort();
    files
}

fn assert_refused_untouched(path: &Path, kind: &str) -> GameError {
    let dir = path.parent().unwrap();
    let before = snapshot(dir);
    let error = Game::open(path).unwrap_err();
    assert_eq!(error.kind(), kind, "{error}");
    assert!(error.to_string().contains(&path.display().to_string()), "the message names the file: {error}");
    let json = serde_json::to_value(&error).unwrap();
    assert_eq!(json["path"], path.display().to_string());
    assert_eq!(snapshot(dir), before, "the directory is exactly as it was");
    error
}

#[test]
fn garbage_bytes_are_a_corrupt_database_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let garbage: Vec<u8> = (0..8192u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    std::fs::write(&path, &garbage).unwrap();
    assert_refused_untouched(&path, "corrupt-database");
    // A text file, and a file that starts like SQLite but is cut short, too.
    std::fs::write(&path, b"{\"chips\": 1000000}\n").unwrap();
    assert_refused_untouched(&path, "corrupt-database");
    std::fs::write(&path, b"SQLite format 3\0garbage garbage garbage garbage").unwrap();
    assert_refused_untouched(&path, "corrupt-database");
}

#[test]
fn a_damaged_game_file_is_a_corrupt_database() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    for n in 0..200u8 {
        let state = game.deal(request(), seed(n), today()).unwrap();
        game.draw(state.hand.unwrap().best_hold, today()).unwrap();
        if game.state(today()).unwrap().chips < 10 {
            break;
        }
    }
    drop(game); // The last connection to close checkpoints the WAL into the file.
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() > 16_384);
    let page = 4096;
    let end = bytes.len() - page;
    for byte in &mut bytes[2 * page..end] {
        *byte = 0x5a;
    }
    std::fs::write(&path, &bytes).unwrap();
    for companion in ["game.db-wal", "game.db-shm"] {
        let _ = std::fs::remove_file(dir.path().join(companion));
    }
    // Opening checks only what it can in constant time; the page check is the full audit's (run by
    // the `audit` command and in the background by the app), which refuses the file by name.
    let before = snapshot(dir.path());
    let error = Game::audit_file(&path).unwrap_err();
    assert_eq!(error.kind(), "corrupt-database", "{error}");
    assert!(error.to_string().contains("game.db"), "{error}");
    if let Ok(game) = Game::open(&path) {
        let audit = game.audit();
        assert!(audit.map_or(true, |a| !a.ok), "the full audit of a damaged file fails");
    }
    assert_eq!(snapshot(dir.path()), before, "neither the audit nor an open wrote to the file");
}

#[test]
fn a_newer_schema_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    drop(Game::open(&path).unwrap());
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", LATEST + 3).unwrap();
    }
    let error = assert_refused_untouched(&path, "newer-database");
    assert_eq!(error, GameError::NewerDatabase { path: path.clone(), found: LATEST + 3, supported: LATEST });
}

#[test]
fn another_programs_sqlite_file_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.db");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me');").unwrap();
    }
    assert_refused_untouched(&path, "corrupt-database");
}

#[test]
fn a_ledger_that_does_not_add_up_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    game.claim_daily(today()).unwrap();
    let state = game.deal(request(), seed(1), today()).unwrap();
    game.draw(state.hand.unwrap().best_hold, today()).unwrap();
    drop(game);
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute("UPDATE profile SET chips = chips + 5000", []).unwrap();
    }
    let error = Game::open(&path).unwrap_err();
    assert_eq!(error.kind(), "corrupt-database");
    assert!(error.to_string().contains("ledger"), "{error}");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute("UPDATE profile SET chips = chips - 5000", []).unwrap();
    }
    assert!(Game::open(&path).unwrap().audit().unwrap().ok);
    {
        // A hand's win edited in place: opening stays O(1) and does not see it, but the full audit
        // replays the hand, and so does every read of it.
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute("UPDATE hands SET won = won + 5 WHERE id = 1", []).unwrap();
    }
    let game = Game::open(&path).unwrap();
    let audit = game.audit().unwrap();
    assert!(!audit.ok && audit.problems.iter().any(|p| p.contains("hand 1")), "{audit:?}");
    assert_eq!(game.history(1, None).unwrap_err().kind(), "corrupt-database");
    assert_eq!(Game::audit_file(&path).unwrap_err().kind(), "corrupt-database");
}

#[test]
fn moving_aside_is_explicit_and_keeps_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let garbage = b"this is not a database, but it is someone's file".repeat(100);
    std::fs::write(&path, &garbage).unwrap();
    assert_eq!(Game::open(&path).unwrap_err().kind(), "corrupt-database");
    assert_eq!(Game::open(&path).unwrap_err().kind(), "corrupt-database", "opening never repairs by itself");
    let moved = Game::move_aside_and_start_fresh(&path).unwrap();
    assert_eq!(moved, dir.path().join("game.db.corrupt-1"));
    assert_eq!(std::fs::read(&moved).unwrap(), garbage);
    let game = Game::open(&path).unwrap();
    assert_eq!(game.state(today()).unwrap().chips, 1_000);
    drop(game);
    std::fs::write(&path, b"broken again").unwrap();
    for companion in ["game.db-wal", "game.db-shm"] {
        let _ = std::fs::remove_file(dir.path().join(companion));
    }
    assert_eq!(Game::move_aside_and_start_fresh(&path).unwrap(), dir.path().join("game.db.corrupt-2"));
    assert_eq!(std::fs::read(dir.path().join("game.db.corrupt-1")).unwrap(), garbage);
    let missing = Game::move_aside_and_start_fresh(&dir.path().join("nothing.db")).unwrap_err();
    assert_eq!(missing.kind(), "storage");
}

#[test]
fn an_unopenable_path_is_a_storage_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let error = Game::open(dir.path()).unwrap_err();
    assert!(matches!(error.kind(), "storage" | "corrupt-database"), "{error}");
    assert!(error.to_string().contains(&dir.path().display().to_string()));
    let error = Game::open(&dir.path().join("no-such-dir").join("game.db")).unwrap_err();
    assert_eq!(error.kind(), "storage");
}

#[test]
fn a_hand_in_progress_survives_closing_with_the_bet_taken_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    let dealt = game.deal(request(), seed(9), today()).unwrap();
    drop(game);
    for _ in 0..3 {
        let game = Game::open(&path).unwrap();
        let state = game.state(today()).unwrap();
        assert_eq!(state.hand, dealt.hand);
        assert_eq!(state.chips, 990);
        assert_eq!(game.hint().unwrap().best_hold, dealt.hand.as_ref().unwrap().best_hold);
    }
    let mut game = Game::open(&path).unwrap();
    let drawn = game.draw(Hold::ALL, today()).unwrap();
    assert_eq!(drawn.last_hand.unwrap().results[0].cards, dealt.hand.unwrap().cards);
    assert!(game.audit().unwrap().ok);
}

#[test]
fn the_schema_is_at_the_latest_version_and_the_migration_list_is_valid() {
    assert_eq!(LATEST, MIGRATIONS.len() as i64);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    drop(Game::open(&path).unwrap());
    let conn = rusqlite::Connection::open(&path).unwrap();
    let version: i64 = conn.pragma_query_value(None, "user_version", |row| row.get(0)).unwrap();
    assert_eq!(version, LATEST);
    let mode: String = conn.pragma_query_value(None, "journal_mode", |row| row.get(0)).unwrap();
    assert_eq!(mode, "wal");
    // Each migration applies cleanly on top of the ones before it.
    let mut fresh = rusqlite::Connection::open_in_memory().unwrap();
    let tx = fresh.transaction().unwrap();
    for migration in MIGRATIONS {
        migration.apply(&tx).unwrap();
    }
    tx.commit().unwrap();
    let chips: i64 = fresh.query_row("SELECT chips FROM profile", [], |row| row.get(0)).unwrap();
    assert_eq!(chips, vpoker::game::rules::START_CHIPS as i64);
}

#[test]
fn the_seed_of_a_hand_in_progress_is_not_shown() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    let state = game.deal(request(), seed(5), today()).unwrap();
    let json = serde_json::to_string(&state).unwrap();
    assert!(!json.contains(&seed(5).to_string()), "the seed would reveal the draw");
    assert!(!serde_json::to_string(&game.hint().unwrap()).unwrap().contains(&seed(5).to_string()));
    let drawn = game.draw(Hold::NONE, today()).unwrap();
    assert_eq!(drawn.last_hand.unwrap().seed, seed(5), "after the draw it is shown");
}

#[test]
fn a_hand_records_the_local_time_it_was_dealt_when_given_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    let at = today().date().and_hms_opt(21, 7, 5).unwrap();
    let state = game.deal(request(), seed(31), crate::common::m(at)).unwrap();
    game.draw(state.hand.unwrap().best_hold, crate::common::m(at)).unwrap();
    let state = game.deal(request(), seed(32), today()).unwrap();
    game.draw(state.hand.unwrap().best_hold, today()).unwrap();
    let history = game.history(2, None).unwrap();
    assert_eq!(history[1].played_at.as_deref(), Some("2026-11-30T21:07:05"));
    assert_eq!(history[0].played_at.as_deref(), Some("2026-11-30"), "a bare date records the date alone");
}

#[test]
fn a_damaged_nudge_record_is_a_corrupt_database_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    game.deal(request(), seed(34), today()).unwrap();
    drop(game);
    // kind, dealt position, removed card, added card, deck position (see history.rs).
    for forged in [[1u8, 70, 0, 4, 70], [1, 0, 0, 4, 51], [7, 0, 0, 4, 51]] {
        {
            let conn = rusqlite::Connection::open(&path).unwrap();
            conn.execute("UPDATE hands SET nudge = ?1 WHERE hold IS NULL", [forged.as_slice()]).unwrap();
        }
        let before = snapshot(dir.path());
        let mut game = Game::open(&path).unwrap();
        let err = game.draw(Hold::NONE, today()).unwrap_err();
        assert_eq!(err.kind(), "corrupt-database", "{forged:?}: {err}");
        assert!(err.to_string().contains("game.db"), "{err}");
        drop(game);
        assert_eq!(snapshot(dir.path()), before, "nothing was written");
    }
}
