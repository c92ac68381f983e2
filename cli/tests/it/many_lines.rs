//! Ten, Fifty and Hundred Play through the real binary: each opens at its level, a hand of 10, 50 or
//! 100 lines settles every line, `verify --hand` and `verify --seed … --hands N` replay every line
//! alike, `scripts/verify_hand.py` verifies the whole history with them, and storage stays flat (a
//! hundred-line hand adds one hand row, never a row per line).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::common::vpoker;

const SEED: &str = "5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed";

fn play(db: &Path, args: &[&str]) -> Value {
    let mut all = vec!["play", "--db", db.to_str().unwrap(), "--today", "2026-11-30"];
    all.extend_from_slice(args);
    let out = vpoker(&all);
    serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{args:?}: {}", String::from_utf8_lossy(&out.stdout)))
}

fn seed(n: usize) -> String {
    format!("{:064x}", 0x11_0000_u64 + n as u64)
}

/// Rows per table of the file.
fn row_counts(db: &Path) -> Vec<(String, i64)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let names: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    names.into_iter().map(|n| {
        let count = conn.query_row(&format!("SELECT COUNT(*) FROM \"{n}\""), [], |r| r.get(0)).unwrap();
        (n, count)
    }).collect()
}

#[test]
fn ten_fifty_and_a_hundred_lines_open_at_their_levels_settle_and_verify_line_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    // Level 12: Ten Play open, Fifty not yet.
    play(&db, &["fill", "--hands", "270", "--bet", "50", "--seed", SEED]);
    let state = play(&db, &["state"]);
    let open: Vec<u64> = state["lines"].as_array().unwrap().iter().filter(|l| l["unlocked"] == true).map(|l| l["count"].as_u64().unwrap()).collect();
    assert_eq!(state["level"], 12, "{state}");
    assert_eq!(open, [1, 3, 5, 10]);
    let refused = play(&db, &["deal", "--game", "jacks-or-better", "--bet", "5", "--hands", "50", "--seed", &seed(0)]);
    assert_eq!(refused["error"]["kind"], "multi-play-locked");
    assert_eq!((refused["error"]["hands"].as_u64(), refused["error"]["unlock_level"].as_u64()), (Some(50), Some(17)));
    // Level 20: all open.
    play(&db, &["fill", "--hands", "540", "--bet", "50", "--seed", &seed(1)]);
    let state = play(&db, &["state"]);
    assert!(state["lines"].as_array().unwrap().iter().all(|l| l["unlocked"] == true), "{state}");

    for (k, (lines, hold)) in [(10usize, "11000"), (50, "00000"), (100, "10101")].into_iter().enumerate() {
        let before_rows = row_counts(&db);
        let before = play(&db, &["state"])["chips"].as_u64().unwrap();
        let s = seed(10 + k);
        let dealt = play(&db, &["deal", "--game", "deuces-wild", "--bet", "5", "--hands", &lines.to_string(), "--seed", &s]);
        assert_eq!(dealt["chips"].as_u64().unwrap(), before - 5 * lines as u64, "{lines} lines cost bet × lines");
        let drawn = play(&db, &["draw", hold]);
        let last = &drawn["last_hand"];
        let results = last["results"].as_array().unwrap();
        assert_eq!(results.len(), lines);
        let won: u64 = results.iter().map(|r| r["win"].as_u64().unwrap()).sum();
        assert_eq!(last["won"].as_u64().unwrap(), won, "the win is the lines' sum");
        // The tally counts every line once, by outcome, best row first and nothing last.
        let tally = last["tally"].as_array().unwrap();
        assert_eq!(tally.iter().map(|t| t["hands"].as_u64().unwrap()).sum::<u64>(), lines as u64);
        assert_eq!(tally.iter().map(|t| t["win"].as_u64().unwrap()).sum::<u64>(), won);
        for entry in tally {
            let n = results.iter().filter(|r| r["outcome"] == entry["outcome"]).count() as u64;
            assert_eq!(entry["hands"].as_u64(), Some(n), "{entry}");
        }
        let rows: Vec<u64> = tally.iter().map(|t| t["row"].as_u64().unwrap_or(u64::MAX)).collect();
        assert!(rows.windows(2).all(|w| w[0] < w[1]), "{rows:?}");
        assert_eq!(drawn["chips"].as_u64().unwrap(), before - 5 * lines as u64 + won);
        // The stored hand and the bare seed replay the same lines.
        let id = last["id"].as_i64().unwrap().to_string();
        let stored = vpoker(&["verify", "--db", db.to_str().unwrap(), "--hand", &id, "--json"]);
        assert!(stored.status.success(), "{}", String::from_utf8_lossy(&stored.stdout));
        let stored: Value = serde_json::from_slice(&stored.stdout).unwrap();
        let bare = vpoker(&["verify", "--seed", &s, "--game", "deuces-wild", "--hands", &lines.to_string(), "--hold", hold, "--json"]);
        assert!(bare.status.success(), "{}", String::from_utf8_lossy(&bare.stderr));
        let bare: Value = serde_json::from_slice(&bare.stdout).unwrap();
        let cards = |v: &Value| -> Vec<Value> { v["hands"].as_array().unwrap().iter().map(|h| h["cards"].clone()).collect() };
        assert_eq!(cards(&stored).len(), lines);
        assert_eq!(cards(&stored), cards(&bare), "{lines} lines: the seed alone gives the stored lines");
        assert_eq!(cards(&stored), results.iter().map(|r| r["cards"].clone()).collect::<Vec<_>>());
        // Storage: one hand row; every other table grows by a bounded number of rows, never one
        // per line (at most one per outcome row of the table: the outcome counts' first time).
        let after_rows = row_counts(&db);
        for ((table, b), (_, a)) in before_rows.iter().zip(&after_rows) {
            assert!(a - b <= 11, "{lines} lines added {} rows to {table}", a - b);
        }
        let hands_grew = after_rows.iter().zip(&before_rows).find(|((t, _), _)| t == "hands").map(|((_, a), (_, b))| a - b);
        assert_eq!(hands_grew, Some(1));
    }

    // A practised library table deals the same line counts, by the same rule, at the same levels.
    let s = seed(99);
    let dealt = play(&db, &["deal", "--practice", "--table", "double-double-bonus-9-6", "--bet", "5", "--hands", "100", "--seed", &s]);
    assert_eq!(dealt["hand"]["hands"], 100, "{dealt}");
    let drawn = play(&db, &["draw", "11000"])["last_hand"].clone();
    assert_eq!(drawn["results"].as_array().unwrap().len(), 100, "{drawn}");
    assert_eq!(drawn["tally"].as_array().unwrap().iter().map(|t| t["hands"].as_u64().unwrap()).sum::<u64>(), 100);
    assert_eq!(drawn["won"].as_u64().unwrap(), drawn["results"].as_array().unwrap().iter().map(|r| r["win"].as_u64().unwrap()).sum::<u64>());
    let id = drawn["id"].as_i64().unwrap().to_string();
    let stored: Value = serde_json::from_slice(&vpoker(&["verify", "--db", db.to_str().unwrap(), "--hand", &id, "--json"]).stdout).unwrap();
    assert_eq!(stored["verified"], true, "{stored}");
    let bare: Value = serde_json::from_slice(
        &vpoker(&["verify", "--seed", &s, "--game", "double-double-bonus-9-6", "--hands", "100", "--hold", "11000", "--json"]).stdout,
    )
    .unwrap();
    let cards = |v: &Value| -> Vec<Value> { v["hands"].as_array().unwrap().iter().map(|h| h["cards"].clone()).collect() };
    assert_eq!(cards(&stored), cards(&bare));
    assert_eq!(play(&db, &["audit"])["ok"], true);
    let all = vpoker(&["verify", "--db", db.to_str().unwrap(), "--all", "--json"]);
    assert!(all.status.success(), "{}", String::from_utf8_lossy(&all.stdout));
    // The stranger's verifier over the whole history, hundred lines included.
    let history = play(&db, &["history", "--all"]);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/verify_hand.py");
    let mut child = Command::new("python3").arg(script).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(history.to_string().as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text.lines().filter(|l| !l.ends_with("verified")).take(5).collect::<Vec<_>>().join("\n"));
    assert!(text.contains("(deuces-wild, 100 hands): verified"), "{}", text.lines().rev().take(3).collect::<Vec<_>>().join("\n"));
}
