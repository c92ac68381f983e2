//! The `vpoker play` contract, run through the real binary: one JSON object per command, exit 0 on
//! success, `{"error":{"kind","message"}}` and exit 1 when refused, exit 2 on usage errors.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

const SEED: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

fn play(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vpoker"))
        .arg("play")
        .arg("--db")
        .arg(db)
        .args(["--today", "2026-11-30"])
        .args(args)
        .output()
        .expect("the vpoker binary runs")
}

fn json(output: &Output) -> Value {
    let text = String::from_utf8(output.stdout.clone()).expect("UTF-8 output");
    assert_eq!(text.lines().count(), 1, "one JSON object on one line: {text}");
    serde_json::from_str(&text).expect("JSON output")
}

fn ok(db: &Path, args: &[&str]) -> Value {
    let out = play(db, args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stdout));
    json(&out)
}

fn refused(db: &Path, args: &[&str]) -> Value {
    let out = play(db, args);
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    let value = json(&out);
    assert!(value["error"]["message"].is_string());
    value["error"].clone()
}

#[test]
fn a_game_through_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let state = ok(&db, &["state"]);
    assert_eq!(state["chips"], 1000);
    assert_eq!(state["level"], 1);
    assert_eq!(state["xp"], 0);
    assert_eq!(state["unlocked"], serde_json::json!(["jacks-or-better"]));
    assert_eq!(state["next_unlock"]["level"], 3);
    assert_eq!(state["daily"]["available"], true);
    assert_eq!(state["daily"]["streak"], 0);
    assert!(state["hand"].is_null());

    assert_eq!(ok(&db, &["claim-daily"])["chips"], 1200);
    let error = refused(&db, &["claim-daily"]);
    assert_eq!(error["kind"], "daily-already-claimed");

    let dealt = ok(&db, &["deal", "--game", "jacks-or-better", "--bet", "10", "--seed", SEED]);
    assert_eq!(dealt["chips"], 1190);
    let cards = dealt["hand"]["cards"].clone();
    assert_eq!(cards.as_array().unwrap().len(), 5);
    // The same seed always deals the same cards (a pure deal here, or its nudge is recorded).
    assert_eq!(ok(&db, &["state"])["hand"]["cards"], cards);
    assert_eq!(refused(&db, &["deal", "--game", "jacks-or-better", "--bet", "10"])["kind"], "hand-in-progress");

    let hint = ok(&db, &["hint"]);
    assert_eq!(hint["holds"].as_array().unwrap().len(), 32);
    assert_eq!(hint["best_hold"], dealt["hand"]["best_hold"]);

    assert_eq!(refused(&db, &["draw", "--hold", "123"])["kind"], "invalid-hold");
    let drawn = ok(&db, &["draw", "--hold", "11111"]);
    assert!(drawn["hand"].is_null());
    let last = &drawn["last_hand"];
    assert_eq!(last["results"][0]["cards"], cards, "holding all five keeps the dealt cards");
    assert_eq!(drawn["chips"], 1190 + last["payout"].as_u64().unwrap());
    assert_eq!(refused(&db, &["draw", "--hold", "0"])["kind"], "no-hand-in-progress");

    let history = ok(&db, &["history", "--limit", "5"]);
    assert_eq!(history["hands"].as_array().unwrap().len(), 1);
    assert_eq!(history["hands"][0]["seed"], SEED);
    let stats = ok(&db, &["stats"]);
    assert_eq!(stats["real"][0]["deals"], 1);
    let audit = ok(&db, &["audit"]);
    assert_eq!(audit["ok"], true);
    assert_eq!(audit["chips"], drawn["chips"]);

    let set = ok(&db, &["set", "kind-deals", "off"]);
    assert_eq!(set["settings"]["kind_deals"], false);
    assert_eq!(refused(&db, &["set", "kind-deals", "sometimes"])["kind"], "invalid-setting");
}

#[test]
fn refusals_carry_stable_kinds_and_data() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let locked = refused(&db, &["deal", "--game", "deuces-wild", "--bet", "5"]);
    assert_eq!(locked["kind"], "machine-locked");
    assert_eq!(locked["unlock_level"], 3);
    assert_eq!(refused(&db, &["deal", "--game", "jacks-or-better", "--bet", "15"])["kind"], "invalid-bet");
    assert_eq!(
        refused(&db, &["deal", "--game", "jacks-or-better", "--bet", "5", "--hands", "3"])["kind"],
        "multi-play-locked"
    );
    assert_eq!(refused(&db, &["deal", "--game", "poker", "--bet", "5"])["kind"], "invalid-machine");
    assert_eq!(refused(&db, &["hint"])["kind"], "no-hand-in-progress");
    let claim = |day: &str| {
        Command::new(env!("CARGO_BIN_EXE_vpoker")).args(["play", "--db"]).arg(&db).args(["--today", day, "claim-daily"]).output().unwrap()
    };
    assert_eq!(claim("2026-11-01").status.code(), Some(0));
    // An earlier date not claimed yet is paid (each date once, ever); the same date twice is not.
    assert_eq!(claim("2026-10-31").status.code(), Some(0));
    let again = claim("2026-10-31");
    assert_eq!(again.status.code(), Some(1));
    assert_eq!(json(&again)["error"]["kind"], "daily-already-claimed");
    assert_eq!(json(&again)["error"]["day"], "2026-10-31");
}

#[test]
fn usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let cases: [&[&str]; 7] = [
        &["frobnicate"],
        &["deal", "--game", "jacks-or-better"],
        &["deal", "--game", "jacks-or-better", "--bet", "five"],
        &["deal", "--game", "jacks-or-better", "--bet", "5", "--seed", "xyz"],
        &["draw"],
        &["state", "extra"],
        &["set", "kind-deals"],
    ];
    for args in cases {
        let out = play(&db, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1, "{args:?}");
    }
    let no_db = Command::new(env!("CARGO_BIN_EXE_vpoker")).args(["play", "state"]).output().unwrap();
    assert_eq!(no_db.status.code(), Some(2));
    let bad_date = Command::new(env!("CARGO_BIN_EXE_vpoker"))
        .args(["play", "--db"])
        .arg(&db)
        .args(["--today", "30.11.2026", "state"])
        .output()
        .unwrap();
    assert_eq!(bad_date.status.code(), Some(2));
}

#[test]
fn a_corrupt_file_is_named_kept_and_moved_aside_only_on_request() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    std::fs::write(&db, b"definitely not SQLite").unwrap();
    let error = refused(&db, &["state"]);
    assert_eq!(error["kind"], "corrupt-database");
    assert_eq!(error["path"], db.display().to_string());
    assert_eq!(std::fs::read(&db).unwrap(), b"definitely not SQLite");
    let reset = ok(&db, &["reset-corrupt"]);
    let moved = reset["moved_to"].as_str().unwrap();
    assert_eq!(std::fs::read(moved).unwrap(), b"definitely not SQLite");
    assert_eq!(reset["state"]["chips"], 1000);
    assert_eq!(ok(&db, &["state"])["chips"], 1000);
}

#[test]
fn autoplay_prepares_a_profile() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let state = ok(&db, &["autoplay", "--hands", "13", "--bet", "50", "--seed", SEED]);
    assert_eq!(state["xp"], 650);
    assert_eq!(state["level"], 3);
    assert!(state["unlocked"].as_array().unwrap().contains(&Value::from("deuces-wild")));
    assert_eq!(ok(&db, &["history", "--limit", "100"])["hands"].as_array().unwrap().len(), 13);
    assert_eq!(ok(&db, &["audit"])["ok"], true);
}
