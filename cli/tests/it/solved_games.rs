//! A lab table's Ultimate X game is solved once, on its first deal, and kept in the file: every
//! later process that reads the history (an export, a check) takes the kept game instead of solving
//! it again, and the audit repairs a kept game that is not the table's.

use std::path::Path;

use serde_json::Value;

use crate::common::{text, vpoker};

fn play(db: &Path, args: &[&str]) -> Value {
    let mut all = vec!["play", "--db", db.to_str().unwrap(), "--today", "2026-11-30"];
    all.extend_from_slice(args);
    let out = vpoker(&all);
    serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{args:?}: {}", text(&out.stdout)))
}

/// The best hold's EV of the one hand in the exported history, as a later process reads it.
fn exported_best_ev(db: &Path) -> f64 {
    let out = vpoker(&["play", "--db", db.to_str().unwrap(), "history", "--all"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let history: Value = serde_json::from_slice(&out.stdout).unwrap();
    history["hands"][0]["best_ev"].as_f64().unwrap_or_else(|| panic!("{history}"))
}

#[test]
fn a_lab_table_s_game_is_kept_in_the_file_and_read_back_instead_of_solved_again() {
    use vpoker::game::{Game, RowPay};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    // Pays no fixed table has: its game does not come solved with the source.
    let pays = [RowPay { row: "full-house".into(), pay: "11".into() }];
    Game::open(&db).unwrap().save_lab_table("Eleven", vpoker::machine::MachineId::JacksOrBetter, &pays).unwrap();
    let dealt = play(&db, &["deal", "--practice", "--table", "ultimate-x:lab:Eleven", "--bet", "5", "--hands", "1", "--seed", &"5d".repeat(32)]);
    let best = dealt["hand"]["best_hold"].as_u64().unwrap_or_else(|| panic!("{dealt}")).to_string();
    play(&db, &["draw", "--hold", &best]);
    let kept = |db: &Path| -> Vec<(i64, i64, String)> {
        let conn = rusqlite::Connection::open(db).unwrap();
        let mut stmt = conn.prepare("SELECT tbl, lines, solution FROM solved_games").unwrap();
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).unwrap().collect::<Result<_, _>>().unwrap()
    };
    let rows = kept(&db);
    assert_eq!(rows.len(), 1, "the deal kept its game: {rows:?}");
    assert_eq!(rows[0].1, 1);
    let real = exported_best_ev(&db);

    // The kept game, changed: a later export values the hand by it, so it read the kept game and
    // did not solve the table again (a solve would give the real value).
    let (code, lines, solution) = rows[0].clone();
    let parts: Vec<&str> = solution.split(';').collect();
    let doubled: Vec<String> = parts[3].split(',').map(|v| format!("{:?}", v.parse::<f64>().unwrap() * 2.0)).collect();
    let changed = format!("{};{};{};{};{}", parts[0], parts[1], parts[2], doubled.join(","), parts[4]);
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("UPDATE solved_games SET solution = ?1 WHERE tbl = ?2 AND lines = ?3", rusqlite::params![changed, code, lines]).unwrap();
    drop(conn);
    let read = exported_best_ev(&db);
    assert_ne!(read, real, "the export took the kept game");

    // The audit solves it again, names the difference and repairs it (a cache: never refused).
    let audit = play(&db, &["audit"]);
    assert_eq!(audit["ok"], Value::Bool(true), "{audit}");
    assert!(audit["repaired"].to_string().contains("solved games"), "{audit}");
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * (1.0 + b.abs());
    let repaired = kept(&db);
    assert_eq!((repaired.len(), repaired[0].1), (1, 1));
    assert_ne!(repaired[0].2, changed, "repaired to the table's game");
    assert!(close(exported_best_ev(&db), real));
    // Solved again by the next audit, it agrees (to the solver's rounding): the repair sticks.
    let again = play(&db, &["audit"]);
    assert_eq!(again["repaired"], serde_json::json!([]), "{again}");

    // Text that is no game of the table is passed over (solved when needed), never refused.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("UPDATE solved_games SET solution = 'not a game'", []).unwrap();
    drop(conn);
    assert!(close(exported_best_ev(&db), real));
}

/// A lab table's first Ultimate X deal solves its game inside the deal's transaction (1–5 s):
/// killed at moments spread over that time, it leaves either nothing (no hand, no kept game) or
/// both, never a hand without its game or a half-written one; after every kill the file audits
/// clean with nothing to repair, and the deal that finally completes keeps the one game the
/// table's rules give (the audit solves it again and finds nothing to repair).
#[test]
fn a_deal_killed_while_it_solves_keeps_all_or_nothing() {
    use std::process::{Command, Stdio};
    use std::time::Instant;
    use vpoker::game::{Game, RowPay};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let pays = [RowPay { row: "full-house".into(), pay: "11".into() }];
    Game::open(&db).unwrap().save_lab_table("Eleven", vpoker::machine::MachineId::JacksOrBetter, &pays).unwrap();
    let deal = |db: &Path| {
        Command::new(env!("CARGO_BIN_EXE_vpoker"))
            .args(["play", "--db", db.to_str().unwrap(), "--today", "2026-11-30"])
            .args(["deal", "--practice", "--table", "ultimate-x:lab:Eleven", "--bet", "5", "--hands", "1"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    };
    // How long a whole deal takes here (a copy of the file, so the game itself stays unsolved).
    let probe = dir.path().join("probe.db");
    std::fs::copy(&db, &probe).unwrap();
    let started = Instant::now();
    assert!(deal(&probe).wait().unwrap().success());
    let whole = started.elapsed();
    let count = |sql: &str| -> i64 { rusqlite::Connection::open(&db).unwrap().query_row(sql, [], |r| r.get(0)).unwrap() };
    let mut killed = 0;
    for k in 0..8u32 {
        let mut child = deal(&db);
        std::thread::sleep(whole * k / 8);
        let running = child.try_wait().unwrap().is_none();
        child.kill().unwrap();
        child.wait().unwrap();
        killed += u32::from(running);
        let (hands, kept) = (count("SELECT COUNT(*) FROM hands"), count("SELECT COUNT(*) FROM solved_games"));
        assert_eq!(hands, kept, "after a kill at {k}/8 of {whole:?}: a hand and its kept game, or neither");
        let audit = play(&db, &["audit"]);
        assert_eq!((audit["ok"].clone(), audit["repaired"].clone()), (Value::Bool(true), serde_json::json!([])), "{audit}");
        if hands == 1 {
            break; // the deal was made whole before the kill
        }
    }
    assert!(killed >= 3, "only {killed} kills landed while the deal ran ({whole:?})");
    let dealt = play(&db, &["state"]);
    if dealt["hand"].is_null() {
        let state = play(&db, &["deal", "--practice", "--table", "ultimate-x:lab:Eleven", "--bet", "5", "--hands", "1"]);
        assert!(!state["hand"].is_null(), "{state}");
    }
    assert_eq!(count("SELECT COUNT(*) FROM solved_games"), 1);
    let audit = play(&db, &["audit"]);
    assert_eq!((audit["ok"].clone(), audit["repaired"].clone()), (Value::Bool(true), serde_json::json!([])), "{audit}");
}
