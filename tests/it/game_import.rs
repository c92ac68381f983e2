//! Import and export as a careful tester tries them: crafted files refused before anything moves
//! (the current game byte-identical, nothing left in the folder), a failure injected after every
//! step, an import while other connections play, and exports that never leave a partial file
//! under the name asked for.

use std::collections::BTreeSet;
use vpoker::game::Day;
use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use vpoker::game::{DealRequest, Game, GameError, ImportStep};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

fn today() -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 11, 20).unwrap()).unwrap()
}

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[31] = 0x1f;
    Seed::from_bytes(bytes)
}

/// Plays `n` Jacks or Better hands at bet 5 with the best hold (hand seeds from `from` on).
fn play(game: &mut Game, from: u64, n: u64) {
    let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::new(1).unwrap(), false);
    for i in from..from + n {
        let state = game.deal(request.clone(), seed(i), today()).unwrap();
        game.draw(state.hand.unwrap().best_hold, today()).unwrap();
    }
}

/// A folder with the player's game (`game.db`, 12 hands played) and another player's exported
/// progress (`other.vpoker`, 30 hands and a daily claim), with that player's balance.
fn setup() -> (tempfile::TempDir, PathBuf, PathBuf, u64) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let mut game = Game::open(&db).unwrap();
    play(&mut game, 0, 12);
    drop(game);
    let other_db = dir.path().join("phone").join("other.db");
    std::fs::create_dir_all(other_db.parent().unwrap()).unwrap();
    let mut other = Game::open(&other_db).unwrap();
    other.claim_daily(today()).unwrap();
    play(&mut other, 100, 30);
    let source = dir.path().join("other.vpoker");
    other.export(&source).unwrap();
    let chips = other.state(today()).unwrap().chips;
    drop(other);
    std::fs::remove_dir_all(dir.path().join("phone")).unwrap();
    (dir, db, source, chips)
}

/// The names in the folder, but the empty lock file an import takes (`GAME.import.lock`, which
/// stays: deleting a lock file others may wait on would let two imports hold it at once).
fn listing(dir: &Path) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".import.lock") {
            assert_eq!(entry.metadata().unwrap().len(), 0, "the lock file holds nothing");
        } else {
            names.insert(name);
        }
    }
    names
}

/// The game file's bytes (no connection is open, so nothing is in a WAL beside it).
fn bytes(db: &Path) -> Vec<u8> {
    std::fs::read(db).unwrap()
}

/// A copy of `source` at `dir/NAME` with `sql` run on it (on a plain connection, as a crafter would).
fn crafted(dir: &Path, source: &Path, name: &str, sql: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::copy(source, &path).unwrap();
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch(sql).unwrap();
    drop(conn);
    path
}

#[test]
fn an_exported_game_imports_whole_and_the_previous_one_is_kept() {
    let (dir, db, source, other_chips) = setup();
    let before = Game::open(&db).unwrap().state(today()).unwrap();
    let source_bytes = bytes(&source);
    let kept = Game::import_file(&db, &source, today()).unwrap();
    assert_eq!(bytes(&source), source_bytes, "the chosen file is only read");
    let game = Game::open(&db).unwrap();
    let state = game.state(today()).unwrap();
    assert_eq!(state.chips, other_chips);
    assert!(state.daily.claimed_today);
    assert!(game.audit().unwrap().ok);
    assert_eq!(Game::open(&kept).unwrap().state(today()).unwrap().chips, before.chips, "the previous game, whole");
    assert_eq!(kept.file_name().unwrap(), "game.db.before-import-1");
    let names = listing(dir.path());
    assert!(names.iter().all(|n| !n.contains(".import") && !n.contains("partial")), "{names:?}");
}

/// Each file a careful tester crafted: refused with a typed error naming it, before anything moved.
#[test]
fn crafted_files_are_refused_and_change_nothing() {
    let (dir, db, source, _) = setup();
    let d = dir.path();
    let garbage = d.join("garbage.vpoker");
    std::fs::write(&garbage, b"this is not a database, only some text long enough to be read as one").unwrap();
    let empty = d.join("empty.vpoker");
    std::fs::write(&empty, b"").unwrap();
    let new_db = d.join("new.vpoker");
    rusqlite::Connection::open(&new_db).unwrap().execute_batch("CREATE TABLE t (x); DROP TABLE t;").unwrap();
    let foreign = d.join("foreign.vpoker");
    rusqlite::Connection::open(&foreign).unwrap().execute_batch("CREATE TABLE notes (body TEXT);").unwrap();
    let cases: Vec<(PathBuf, &str, &str)> = vec![
        (garbage, "corrupt-database", ""),
        (empty, "corrupt-database", "no game"),
        (new_db, "corrupt-database", "no game"),
        (foreign, "corrupt-database", "no game"),
        (
            crafted(d, &source, "trigger.vpoker", "CREATE TRIGGER gift AFTER INSERT ON daily_claims BEGIN UPDATE profile SET chips = chips + 1000000; END;"),
            "corrupt-database",
            "trigger gift",
        ),
        (
            crafted(d, &source, "view.vpoker", "DROP TABLE lab_tables; CREATE VIEW lab_tables AS SELECT 1 AS name;"),
            "corrupt-database",
            "view lab_tables",
        ),
        (crafted(d, &source, "extra.vpoker", "CREATE TABLE extra (x INTEGER);"), "corrupt-database", "extra table extra"),
        (
            crafted(
                d,
                &source,
                "rich-claim.vpoker",
                "UPDATE daily_claims SET amount = 1000000200; UPDATE ledger SET amount = 1000000200 WHERE kind = 'daily'; \
                 UPDATE profile SET chips = chips + 1000000000, daily_total = daily_total + 1000000000;",
            ),
            "corrupt-database",
            "daily claim of 1000000200",
        ),
        (
            crafted(
                d,
                &source,
                "big-bet.vpoker",
                "UPDATE hands SET bet = 5000, won = 125000 WHERE id = (SELECT MAX(id) FROM hands);",
            ),
            "corrupt-database",
            "5000",
        ),
        (
            crafted(d, &source, "no-date.vpoker", "UPDATE daily_claims SET day = 4000000000;"),
            "corrupt-database",
            "4000000000",
        ),
        (
            crafted(d, &source, "bet-7.vpoker", "UPDATE machine_prefs SET last_bet = 7;"),
            "corrupt-database",
            "remembered bet",
        ),
        (
            crafted(
                d,
                &source,
                "flipped.vpoker",
                "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, 'amount INTEGER', 'amount INTEGEQ') WHERE name = 'daily_claims'; PRAGMA writable_schema = OFF;",
            ),
            "corrupt-database",
            "",
        ),
        // Objects whose shape is ours but whose SQL is not: the schema is compared by its full SQL.
        (
            crafted(
                d,
                &source,
                "hostile-check.vpoker",
                "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, 'CHECK (chips >= 0)', 'CHECK (chips >= 0 AND chips < 1700)') WHERE name = 'profile'; PRAGMA writable_schema = OFF;",
            ),
            "corrupt-database",
            "table profile is defined differently",
        ),
        (
            crafted(
                d,
                &source,
                "foreign-key.vpoker",
                "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, 'hand_id INTEGER PRIMARY KEY', 'hand_id INTEGER PRIMARY KEY REFERENCES lab_tables (name)') WHERE name = 'review'; PRAGMA writable_schema = OFF;",
            ),
            "corrupt-database",
            "table review is defined differently",
        ),
        (
            crafted(d, &source, "partial-index.vpoker", "DROP INDEX review_due; CREATE INDEX review_due ON review (tbl, due, hand_id) WHERE 0;"),
            "corrupt-database",
            "index review_due is defined differently",
        ),
        (
            crafted(d, &source, "generated.vpoker", "ALTER TABLE lab_tables ADD COLUMN g INTEGER GENERATED ALWAYS AS (1) VIRTUAL;"),
            "corrupt-database",
            "table lab_tables is defined differently",
        ),
        (
            crafted(
                d,
                &source,
                "sqlite-trigger.vpoker",
                "PRAGMA writable_schema = ON; INSERT INTO sqlite_master (type, name, tbl_name, rootpage, sql) VALUES ('trigger', 'sqlite_x', 'daily_claims', 0, \
                 'CREATE TRIGGER sqlite_x AFTER INSERT ON daily_claims BEGIN UPDATE profile SET chips = chips + 1000000; END'); PRAGMA writable_schema = OFF;",
            ),
            "corrupt-database",
            "trigger sqlite_x",
        ),
        (
            crafted(
                d,
                &source,
                "sqlite-table.vpoker",
                "PRAGMA writable_schema = ON; UPDATE sqlite_master SET name = 'sqlite_notes', tbl_name = 'sqlite_notes', sql = 'CREATE TABLE sqlite_notes (x)' WHERE name = 'lab_tables'; PRAGMA writable_schema = OFF;",
            ),
            "corrupt-database",
            "sqlite_notes",
        ),
        (
            crafted(d, &source, "streak-max.vpoker", "UPDATE daily_claims SET streak = 9223372036854775807;"),
            "corrupt-database",
            "streak",
        ),
        (
            crafted(d, &source, "committed-moved.vpoker", "UPDATE profile SET committed_from = committed_from + 5;"),
            "corrupt-database",
            "committed_from",
        ),
        (
            crafted(d, &source, "royal-milestone.vpoker", "INSERT INTO milestones (id, reached_on, announced) VALUES ('first-royal', NULL, 0);"),
            "corrupt-database",
            "first-royal",
        ),
        (
            crafted(d, &source, "bad-setting.vpoker", "INSERT INTO settings (key, value) VALUES ('sound', 'loud');"),
            "corrupt-database",
            "setting",
        ),
        (
            crafted(d, &source, "bad-lab-table.vpoker", "INSERT INTO lab_tables (name, base, pays) VALUES ('Mine', 'jacks-or-better', '1,2,3');"),
            "corrupt-database",
            "lab table",
        ),
        (
            crafted(d, &source, "ledger-day.vpoker", "UPDATE ledger SET day = day - 1 WHERE kind = 'daily';"),
            "corrupt-database",
            "ledger",
        ),
        (crafted(d, &source, "lower-version.vpoker", "PRAGMA user_version = 5;"), "corrupt-database", "schema version 5"),
        (crafted(d, &source, "newer.vpoker", "PRAGMA user_version = 99;"), "newer-database", ""),
    ];
    let game_bytes = bytes(&db);
    let names = listing(d);
    for (file, kind, says) in &cases {
        let Err(error) = Game::import_file(&db, file, today()) else { panic!("{} was imported", file.display()) };
        assert_eq!(error.kind(), *kind, "{}: {error}", file.display());
        assert!(error.to_string().contains(says), "{}: {error}", file.display());
        assert!(error.to_string().contains(&file.display().to_string()), "the error names the file: {error}");
        assert_eq!(bytes(&db), game_bytes, "{}: the game is byte-identical", file.display());
        assert_eq!(listing(d), names, "{}: nothing left in the folder", file.display());
    }
    let game = Game::open(&db).unwrap();
    assert!(game.audit().unwrap().ok);
    assert_eq!(game.state(today()).unwrap().chips, Game::open(&db).unwrap().state(today()).unwrap().chips);
}

/// A failure (or a kill) after each step of an import: before the swap the game is byte-identical
/// and nothing is left; after it the new game is whole and the old one kept.
#[test]
fn a_failure_after_each_step_of_an_import_loses_nothing() {
    for step in [ImportStep::Staged, ImportStep::Checked, ImportStep::KeptAside, ImportStep::Swapped] {
        let (dir, db, source, new_chips) = setup();
        let old_chips = Game::open(&db).unwrap().state(today()).unwrap().chips;
        let (game_bytes, names) = (bytes(&db), listing(dir.path()));
        let injected = GameError::Storage { path: db.clone(), detail: format!("injected after {step:?}") };
        let result = Game::import_file_stepwise(&db, &source, today(), &mut |at| if at == step { Err(injected.clone()) } else { Ok(()) });
        assert_eq!(result.unwrap_err(), injected);
        let game = Game::open(&db).unwrap();
        assert!(game.audit().unwrap().ok, "{step:?}");
        if step == ImportStep::Swapped {
            assert_eq!(game.state(today()).unwrap().chips, new_chips);
            let kept = dir.path().join("game.db.before-import-1");
            assert_eq!(Game::open(&kept).unwrap().state(today()).unwrap().chips, old_chips);
        } else {
            drop(game);
            assert_eq!(bytes(&db), game_bytes, "{step:?}");
            let left = listing(dir.path());
            assert!(left.iter().all(|n| names.contains(n) || n.ends_with("-wal") || n.ends_with("-shm")), "{step:?}: {left:?}");
            assert!(!left.iter().any(|n| n.contains("import") || n.contains("partial")), "{step:?}: {left:?}");
        }
    }
}

/// Two other connections play on the file while it is imported over: no error but the game's
/// own refusals, and afterwards both the live file and the kept copy audit clean.
#[test]
fn an_import_while_two_others_play_damages_nothing() {
    let (dir, db, source, _) = setup();
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let played: std::sync::Arc<[AtomicU64; 2]> = std::sync::Arc::new([AtomicU64::new(0), AtomicU64::new(0)]);
    let players: Vec<_> = (0..2u64)
        .map(|p| {
            let (db, stop, played) = (db.clone(), stop.clone(), played.clone());
            std::thread::spawn(move || {
                let mut game = Game::open(&db).unwrap();
                let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::new(1).unwrap(), false);
                let (mut n, mut refused) = (0u64, 0u64);
                while !stop.load(Ordering::Relaxed) {
                    // A pause between hands, as any player takes (a loop with none holds SQLite's
                    // write lock all but microseconds at a time and starves every other writer).
                    std::thread::sleep(std::time::Duration::from_millis(3));
                    n += 1;
                    played[p as usize].store(n, Ordering::Relaxed);
                    let step = match game.deal(request.clone(), seed(10_000 * (p + 1) + n), today()) {
                        Ok(_) => game.draw(Hold::NONE, today()).map(|_| ()),
                        Err(e) => Err(e),
                    };
                    match step {
                        Ok(()) => {}
                        Err(GameError::HandInProgress { .. } | GameError::NoHandInProgress) => {
                            refused += 1;
                            if let Ok(Some(hand)) = game.state(today()).map(|s| s.hand) {
                                let _ = game.draw(hand.best_hold, today());
                            }
                        }
                        Err(GameError::InsufficientChips { .. }) => {
                            let _ = game.claim_daily(crate::common::d(today().date() + chrono::Days::new(n)));
                        }
                        Err(other) => panic!("player {p} at step {n}: {other:?}"),
                    }
                }
                (n, refused)
            })
        })
        .collect();
    // Both playing, then the import, then both playing on (five more steps each) before they stop.
    let wait_for = |at: [u64; 2]| {
        let started = std::time::Instant::now();
        while (0..2).any(|p| played[p].load(Ordering::Relaxed) < at[p]) {
            assert!(started.elapsed().as_secs() < 60, "the players stopped playing");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    };
    wait_for([3, 3]);
    let kept = Game::import_file(&db, &source, today()).unwrap();
    let now = [0, 1].map(|p| played[p].load(Ordering::Relaxed));
    wait_for([now[0] + 5, now[1] + 5]);
    stop.store(true, Ordering::Relaxed);
    for player in players {
        player.join().unwrap();
    }
    for file in [&db, &kept] {
        let game = Game::open(file).unwrap();
        let audit = game.audit().unwrap();
        assert!(audit.ok, "{}: {audit:?}", file.display());
    }
    drop(dir);
}

#[test]
fn an_export_never_overwrites_and_never_leaves_a_partial_file() {
    let (dir, db, source, _) = setup();
    let game = Game::open(&db).unwrap();
    let names = listing(dir.path());
    let error = game.export(&source).unwrap_err();
    assert_eq!(error.kind(), "storage");
    assert_eq!(listing(dir.path()), names, "nothing new beside the file that was there");
    // What a killed export leaves is a `.vpoker-partial` file, never the name asked for; the next
    // export into its folder removes it, whatever name it was for, and so does the next open there.
    // A file merely named like one that someone writes now (it holds the lock) stays.
    let target = dir.path().join("backup.vpoker");
    std::fs::write(dir.path().join("backup.vpoker.vpoker-partial"), b"half a file").unwrap();
    std::fs::write(dir.path().join("older.vpoker.vpoker-partial"), b"half a file").unwrap();
    let busy = dir.path().join("busy.vpoker.vpoker-partial");
    std::fs::write(&busy, b"being written").unwrap();
    let writer = std::fs::File::open(&busy).unwrap();
    writer.lock().unwrap();
    game.export(&target).unwrap();
    assert!(!dir.path().join("backup.vpoker.vpoker-partial").exists());
    assert!(!dir.path().join("older.vpoker.vpoker-partial").exists());
    assert!(busy.exists(), "a copy being written is left alone");
    // An export to the name another export is writing now is refused; the other's copy stays.
    let error = game.export(&dir.path().join("busy.vpoker")).unwrap_err();
    assert!(error.to_string().contains("another export to this name"), "{error}");
    assert_eq!(std::fs::read(&busy).unwrap(), b"being written");
    assert!(!dir.path().join("busy.vpoker").exists());
    drop(writer);
    std::fs::write(dir.path().join("again.vpoker.vpoker-partial"), b"half a file").unwrap();
    drop(Game::open(&db).unwrap());
    assert!(!busy.exists() && !dir.path().join("again.vpoker.vpoker-partial").exists(), "the next open sweeps its folder");
    assert!(!dir.path().join("backup.vpoker-wal").exists(), "one self-contained file");
    drop(game);
    assert!(Game::open(&target).unwrap().audit().unwrap().ok);
}


/// Opening a foreign SQLite file, or the current schema under a lower version, is refused as
/// corrupt (named, with no SQL in the words) and leaves the file byte-for-byte as it was (no WAL).
#[test]
fn a_foreign_or_mislabelled_file_is_refused_untouched() {
    let (dir, db, source, _) = setup();
    let foreign = dir.path().join("notes.db");
    rusqlite::Connection::open(&foreign).unwrap().execute_batch("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('x');").unwrap();
    let lower = crafted(dir.path(), &source, "lower.db", "PRAGMA user_version = 4;");
    for file in [&foreign, &lower] {
        let before = bytes(file);
        let error = Game::open(file).unwrap_err();
        assert_eq!(error.kind(), "corrupt-database", "{error}");
        assert!(!error.to_string().contains("CREATE") && !error.to_string().contains("already exists"), "{error}");
        assert_eq!(bytes(file), before, "{}", file.display());
        assert!(!with(file, "-wal").exists() && !with(file, "-shm").exists(), "{}", file.display());
    }
    drop(db);
}

fn with(path: &Path, suffix: &str) -> PathBuf {
    let mut text = path.as_os_str().to_owned();
    text.push(suffix);
    PathBuf::from(text)
}

/// Several processes (here threads, each with its own connection) creating one new file at once:
/// every one opens the same new game.
#[test]
fn many_openers_of_one_new_file_all_get_the_game() {
    for round in 0..5 {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("new.db");
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(8));
        let openers: Vec<_> = (0..8)
            .map(|_| {
                let (db, barrier) = (db.clone(), barrier.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    Game::open(&db).map(|game| game.state(today()).unwrap().chips)
                })
            })
            .collect();
        for opener in openers {
            assert_eq!(opener.join().unwrap().unwrap(), 1_000, "round {round}");
        }
        assert!(Game::open(&db).unwrap().audit().unwrap().ok);
    }
}

/// Two imports into one game at once (threads, each with its own lock handle, as two processes
/// would have): one waits for the other, so the game is always one of the two imported games whole,
/// never an empty one, and no staged copy is left.
#[test]
fn two_imports_at_once_never_leave_an_empty_game() {
    let (dir, db, source, chips) = setup();
    // A second game to import: 5 hands and no claim.
    let second_db = dir.path().join("second").join("b.db");
    std::fs::create_dir_all(second_db.parent().unwrap()).unwrap();
    let mut second = Game::open(&second_db).unwrap();
    play(&mut second, 500, 5);
    let second_source = dir.path().join("second.vpoker");
    second.export(&second_source).unwrap();
    let second_chips = second.state(today()).unwrap().chips;
    drop(second);
    std::fs::remove_dir_all(dir.path().join("second")).unwrap();
    for round in 0..6 {
        let imports: Vec<_> = [source.clone(), second_source.clone()]
            .into_iter()
            .map(|from| {
                let db = db.clone();
                std::thread::spawn(move || Game::import_file(&db, &from, today()).map(|_| ()))
            })
            .collect();
        for import in imports {
            import.join().unwrap().unwrap();
        }
        let game = Game::open(&db).unwrap();
        let state = game.state(today()).unwrap();
        assert!(state.chips == chips || state.chips == second_chips, "round {round}: {} chips", state.chips);
        assert!(game.audit().unwrap().ok, "round {round}");
        assert!(!crate::common::all_history(&game).is_empty(), "round {round}: an empty game");
        drop(game);
        assert!(!dir.path().join("game.db.import").exists(), "round {round}: a staged copy left");
        for entry in std::fs::read_dir(dir.path()).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            if name.starts_with("game.db.before-import-") {
                std::fs::remove_file(dir.path().join(name)).unwrap();
            }
        }
    }
}

/// A pipe, a folder or a device named as the file to import is refused at once, the game untouched
/// (a FIFO used to block the import for ever).
#[cfg(unix)]
#[test]
fn a_pipe_or_a_folder_is_refused_at_once() {
    let (dir, db, _, _) = setup();
    let fifo = dir.path().join("pipe.vpoker");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let (before, names) = (bytes(&db), listing(dir.path()));
    for source in [fifo.clone(), dir.path().to_path_buf(), PathBuf::from("/dev/null")] {
        let error = Game::import_file(&db, &source, today()).unwrap_err();
        assert_eq!(error.kind(), "corrupt-database", "{}: {error}", source.display());
        assert!(error.to_string().contains("not a regular file"), "{error}");
        assert_eq!(bytes(&db), before);
        assert_eq!(listing(dir.path()), names, "{}: nothing left in the folder", source.display());
    }
}

/// What an import killed part way leaves (`GAME.import`, a full copy, with its `-wal`) is removed by
/// the next open, unless an import is running (it holds the lock): then it stays for that import.
#[test]
fn a_killed_imports_staged_copy_is_swept_by_the_next_open() {
    let (dir, db, source, _) = setup();
    let staged = dir.path().join("game.db.import");
    std::fs::copy(&source, &staged).unwrap();
    std::fs::write(dir.path().join("game.db.import-wal"), b"left by a kill").unwrap();
    // An import running (its lock held by another handle): the copy is its, and stays.
    let lock = std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(dir.path().join("game.db.import.lock")).unwrap();
    lock.lock().unwrap();
    drop(Game::open(&db).unwrap());
    assert!(staged.exists(), "an import in progress keeps its staged copy");
    drop(lock);
    drop(Game::open(&db).unwrap());
    assert!(!staged.exists() && !dir.path().join("game.db.import-wal").exists(), "{:?}", listing(dir.path()));
}

/// What SQLite makes on its own is no reason to refuse a healthy file: a game analysed by
/// `ANALYZE` (its `sqlite_stat1` table) opens, audits and imports; the imported game is built from
/// this build's own schema, not the file's SQL (a CREATE text laid out otherwise, which the schema
/// check accepts as the same SQL, does not travel).
#[test]
fn an_analysed_file_opens_and_imports_and_the_import_writes_its_own_schema() {
    let (dir, db, source, chips) = setup();
    let relaid = "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, '    chips', '\n\n        chips') WHERE name = 'profile'; PRAGMA writable_schema = OFF;";
    let analysed = crafted(dir.path(), &source, "analysed.vpoker", &format!("ANALYZE; {relaid}"));
    let stats: i64 = rusqlite::Connection::open(&analysed)
        .unwrap()
        .query_row("SELECT COUNT(*) FROM sqlite_master WHERE name = 'sqlite_stat1'", [], |r| r.get(0))
        .unwrap();
    assert_eq!(stats, 1);
    assert!(Game::open(&analysed).unwrap().audit().unwrap().ok);
    Game::import_file(&db, &analysed, today()).unwrap();
    let game = Game::open(&db).unwrap();
    assert_eq!(game.state(today()).unwrap().chips, chips);
    assert!(game.audit().unwrap().ok);
    drop(game);
    // Every CREATE text of the live file is one the migrations (or the derived tables' rooms) wrote.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let texts: Vec<String> = conn
        .prepare("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let fresh_dir = tempfile::tempdir().unwrap();
    let fresh = fresh_dir.path().join("fresh.db");
    drop(Game::open(&fresh).unwrap());
    let fresh_texts: BTreeSet<String> = rusqlite::Connection::open(&fresh)
        .unwrap()
        .prepare("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for text in &texts {
        assert!(fresh_texts.contains(text), "the imported game has SQL a new game does not: {text}");
    }
}

/// Each import keeps the game it replaced as `DB.before-import-N`, N counting up; only the newest
/// three are kept, the older ones are deleted once the new game is in.
#[test]
fn imports_keep_the_three_newest_previous_games() {
    let (dir, db, source, chips) = setup();
    let mut kept = Vec::new();
    for i in 1..=5 {
        let path = Game::import_file(&db, &source, today()).unwrap();
        assert_eq!(path.file_name().unwrap().to_string_lossy(), format!("game.db.before-import-{i}"));
        kept.push(path);
    }
    assert_eq!(vpoker::game::KEPT_BEFORE_IMPORT, 3);
    let names: Vec<String> = listing(dir.path()).into_iter().filter(|n| n.contains("before-import")).collect();
    assert_eq!(names, ["game.db.before-import-3", "game.db.before-import-4", "game.db.before-import-5"]);
    // The newest copy is the game the last import replaced (the imported one), whole.
    assert_eq!(Game::open(&kept[4]).unwrap().state(today()).unwrap().chips, chips);
    assert!(Game::open(&db).unwrap().audit().unwrap().ok);
}

/// The names the game keeps beside its file (the file and its companions, the staged import and
/// its lock, the copies kept aside, partial copies) are never an export's target nor an import's
/// source: an export there would later be deleted or overwritten, and an import from `DB.import`
/// deleted its own source. The same file under another name (a hard link to the game's file, to
/// its write-ahead log or to a kept copy, in another folder) is one of them too (it was taken: an
/// import from a link to the live file read the game into itself). A FIFO put where the import lock
/// goes is refused, never waited on.
#[test]
fn the_names_the_game_keeps_are_no_export_target_and_no_import_source() {
    let (dir, db, source, _) = setup();
    let game = Game::open(&db).unwrap();
    let reserved = [
        "game.db",
        "game.db-wal",
        "game.db-journal",
        "game.db.import",
        "game.db.import-shm",
        "game.db.import.lock",
        "game.db.before-import-2",
        "game.db.corrupt-1",
        "copy.vpoker-partial",
    ];
    for name in reserved {
        let target = dir.path().join(name);
        let existed = target.exists();
        let Err(error) = game.export(&target) else { panic!("{name}: exported") };
        assert_eq!(error.kind(), "storage", "{name}: {error}");
        assert!(error.to_string().contains("keeps for its own files"), "{name}: {error}");
        assert_eq!(target.exists(), existed, "{name}: nothing written");
    }
    // The same folder written another way is the same name; another folder's is free.
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    assert!(game.export(&sub.join("..").join("game.db.before-import-7")).is_err());
    game.export(&sub.join("game.db.before-import-7")).unwrap();
    // The game's file, a companion or a kept copy under another name (a hard link, in any folder)
    // is the same file: no export target and no import source either.
    let elsewhere = tempfile::tempdir().unwrap();
    let other = |name: &str, of: &str| {
        let link = elsewhere.path().join(name);
        std::fs::hard_link(dir.path().join(of), &link).unwrap();
        link
    };
    std::fs::copy(&source, dir.path().join("game.db.corrupt-1")).unwrap();
    assert!(dir.path().join("game.db-wal").exists(), "the open game's write-ahead log");
    let linked = [other("mine.vpoker", "game.db"), other("log.vpoker", "game.db-wal"), other("kept.vpoker", "game.db.corrupt-1")];
    for link in &linked {
        let before = std::fs::read(link).unwrap();
        let Err(error) = game.export(link) else { panic!("{}: exported", link.display()) };
        assert!(error.to_string().contains("keeps for its own files"), "{}: {error}", link.display());
        assert!(std::fs::read(link).unwrap() == before, "{}: nothing written", link.display());
    }
    drop(game);
    // (The write-ahead log goes with the last connection: its link is a file of its own now.)
    let before = bytes(&db);
    for link in [&linked[0], &linked[2]] {
        let Err(error) = Game::import_file(&db, link, today()) else { panic!("{}: imported", link.display()) };
        assert!(error.to_string().contains("keeps for its own files"), "{}: {error}", link.display());
        assert!(bytes(&db) == before, "{}: the game is unchanged", link.display());
    }
    std::fs::remove_file(dir.path().join("game.db.corrupt-1")).unwrap();
    // An import from a reserved name is refused and the source is left as it was.
    let staged = dir.path().join("game.db.import");
    std::fs::copy(&source, &staged).unwrap();
    let before = bytes(&db);
    let Err(error) = Game::import_file(&db, &staged, today()) else { panic!("imported from DB.import") };
    assert_eq!(error.kind(), "storage", "{error}");
    assert_eq!(std::fs::read(&staged).unwrap(), std::fs::read(&source).unwrap(), "the source is kept");
    assert_eq!(bytes(&db), before, "the game is unchanged");
    std::fs::remove_file(&staged).unwrap();
    // A FIFO where the lock goes: the import is refused at once; opening the game does not wait.
    let lock = dir.path().join("game.db.import.lock");
    let _ = std::fs::remove_file(&lock);
    assert!(std::process::Command::new("mkfifo").arg(&lock).status().unwrap().success());
    std::fs::copy(&source, &staged).unwrap();
    let Err(error) = Game::import_file(&db, &source, today()) else { panic!("imported past a FIFO lock") };
    assert_eq!(error.kind(), "storage", "{error}");
    Game::open(&db).unwrap();
    assert_eq!(bytes(&db), before);
}

/// A live file that is no readable database (the damaged game a player recovers from with their
/// export) is kept byte for byte as `DB.before-import-1`, its SQLite companions beside it as that
/// copy's (`DB.before-import-1-wal`, `-shm`), and replaced whole by the checked game; a failure
/// after it was kept leaves it and its companions as they were and no copy behind. (The import
/// used to fail naming a `before-import-1` that did not exist, and then kept the main file alone,
/// removing its write-ahead log.)
#[test]
fn an_import_over_a_damaged_file_keeps_its_bytes_and_replaces_it() {
    let (dir, db, source, chips) = setup();
    let damaged = b"definitely not SQLite, nor a game".to_vec();
    std::fs::write(&db, &damaged).unwrap();
    std::fs::write(dir.path().join("game.db-wal"), b"stale").unwrap();
    std::fs::write(dir.path().join("game.db-shm"), b"index").unwrap();
    // A failure after the copy was kept: the damaged file stays, nothing else is left.
    let injected = GameError::Storage { path: db.clone(), detail: "injected".into() };
    let failed = Game::import_file_stepwise(&db, &source, today(), &mut |at| if at == ImportStep::KeptAside { Err(injected.clone()) } else { Ok(()) });
    assert!(failed.is_err());
    assert_eq!(bytes(&db), damaged);
    assert_eq!(std::fs::read(dir.path().join("game.db-wal")).unwrap(), b"stale");
    let names = listing(dir.path());
    assert!(!names.iter().any(|n| n.contains("before-import") || n.contains("import-new") || n.contains("vpoker-partial")), "{names:?}");
    // The import itself.
    let kept = Game::import_file(&db, &source, today()).unwrap();
    assert_eq!(kept, dir.path().join("game.db.before-import-1"));
    assert_eq!(std::fs::read(&kept).unwrap(), damaged, "the damaged file is kept as it was");
    assert_eq!(std::fs::read(dir.path().join("game.db.before-import-1-wal")).unwrap(), b"stale", "its write-ahead log beside it");
    // (SQLite rewrites a shared-memory index when it reads the folder's file: kept as it was then.)
    assert!(dir.path().join("game.db.before-import-1-shm").is_file(), "its shared-memory index beside it");
    assert!(!dir.path().join("game.db.before-import-1-journal").exists(), "only the companions it had");
    // The kept companions are the game's own names: no export target.
    let game = Game::open(&db).unwrap();
    let refused = game.export(&dir.path().join("game.db.before-import-1-wal")).unwrap_err();
    assert!(refused.to_string().contains("keeps for its own files"), "{refused}");
    drop(game);
    let game = Game::open(&db).unwrap();
    assert_eq!(game.state(today()).unwrap().chips, chips);
    assert!(game.audit().unwrap().ok);
    assert!(!dir.path().join("game.db.import-new").exists() && !dir.path().join("game.db.import").exists());
}
