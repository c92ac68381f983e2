//! The `vpoker play` contract, run through the real binary: one JSON object per command, exit 0 on
//! success, `{"error":{"kind","message"}}` and exit 1 when refused, exit 2 on usage errors.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

const SEED: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

fn play(db: &Path, args: &[&str]) -> Output {
    let db = db.to_str().expect("a UTF-8 path");
    crate::common::vpoker(&[&["play", "--db", db, "--today", "2026-11-30"][..], args].concat())
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
    // One date rule at every boundary: exactly YYYY-MM-DD, nothing trimmed or corrected.
    for text in ["30.11.2026", " 2026-12-08", "+2026-12-08", "2026-12-7", "2026-02-30"] {
        let bad_date = Command::new(env!("CARGO_BIN_EXE_vpoker")).args(["play", "--db"]).arg(&db).args(["--today", text, "state"]).output().unwrap();
        assert_eq!(bad_date.status.code(), Some(2), "{text:?}");
        assert!(String::from_utf8_lossy(&bad_date.stderr).contains("is not a date"), "{text:?}");
        let bad_daily = Command::new(env!("CARGO_BIN_EXE_vpoker")).args(["daily", "--date", text]).output().unwrap();
        assert_eq!(bad_daily.status.code(), Some(2), "{text:?}");
    }
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
    // The fresh game opens and audits healthy: a second reset-corrupt refuses it and moves nothing.
    ok(&db, &["autoplay", "--hands", "3", "--bet", "5", "--seed", SEED]);
    let before = std::fs::read(&db).unwrap();
    let refused_reset = refused(&db, &["reset-corrupt"]);
    assert_eq!((refused_reset["kind"].as_str(), refused_reset["path"].as_str()), (Some("not-corrupt"), Some(db.to_str().unwrap())));
    assert_eq!(std::fs::read(&db).unwrap(), before, "nothing moved");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().contains("corrupt-2")).count(), 0);
    assert_eq!(ok(&db, &["state"])["xp"], 15);
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

/// `autoplay` and `fill` play hand after hand, each kept as it is drawn: stopped part way by a
/// refusal (the chips run out), they say what was kept beside the refusal; a refusal that can be
/// known at the start (a locked machine) changes nothing, not even the hand in progress.
#[test]
fn autoplay_and_fill_say_what_they_kept_when_stopped_part_way() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    // This seed's hands at 50 chips (each dealt from the seed derived from it and the hand's id)
    // lose the 1,000 chips a new game has in 112 hands.
    let seed = "04".repeat(32);
    let out = play(&db, &["autoplay", "--hands", "150", "--bet", "50", "--seed", &seed]);
    assert_eq!(out.status.code(), Some(1));
    let stopped = json(&out);
    assert_eq!(stopped["error"]["kind"], "insufficient-chips");
    assert_eq!(stopped["played"], 112, "{stopped}");
    assert_eq!(ok(&db, &["history", "--limit", "500"])["hands"].as_array().unwrap().len(), 112, "the hands it says it kept");
    // A locked machine is refused before the hand in progress is drawn: nothing changes.
    let fresh = dir.path().join("fresh.db");
    ok(&fresh, &["deal", "--game", "jacks-or-better", "--bet", "5", "--seed", SEED]);
    let before = std::fs::read(&fresh).unwrap();
    let locked = play(&fresh, &["autoplay", "--hands", "3", "--game", "joker-poker", "--bet", "5", "--seed", SEED]);
    assert_eq!(locked.status.code(), Some(1));
    let locked = json(&locked);
    assert_eq!((locked["error"]["kind"].as_str(), locked["played"].as_u64()), (Some("machine-locked"), Some(0)));
    assert!(ok(&fresh, &["state"])["hand"].is_object(), "the hand in progress is still in progress");
    assert_eq!(std::fs::read(&fresh).unwrap(), before);
}

#[test]
fn history_pages_hold_at_most_500_hands_and_501_is_refused_with_its_data() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    assert_eq!(ok(&db, &["fill", "--hands", "501", "--bet", "5", "--seed", SEED])["hands"], 501);
    let page = ok(&db, &["history", "--limit", "500"]);
    let hands = page["hands"].as_array().unwrap();
    assert_eq!(hands.len(), 500);
    let last_id = hands[499]["id"].as_i64().unwrap().to_string();
    assert_eq!(ok(&db, &["history", "--limit", "500", "--before", &last_id])["hands"].as_array().unwrap().len(), 1);
    let error = refused(&db, &["history", "--limit", "501"]);
    assert_eq!(error["kind"], "history-limit");
    assert_eq!((error["limit"].as_u64(), error["max"].as_u64()), (Some(501), Some(500)));
    assert!(error["message"].as_str().unwrap().contains("500"), "{error}");
    assert_eq!(refused(&db, &["history", "--limit", "4294967295"])["kind"], "history-limit");
}

#[test]
fn a_refused_fill_claims_nothing_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    // A hand in progress and today's chips not collected yet: a fill would first draw and claim.
    ok(&db, &["deal", "--game", "jacks-or-better", "--bet", "5", "--seed", SEED]);
    let before = ok(&db, &["state"]);
    assert_eq!(before["daily"]["available"], true);
    assert!(before["hand"].is_object());
    let history = ok(&db, &["history"]);
    let later = |db: &Path, day: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_vpoker")).args(["play", "--db"]).arg(db).args(["--today", day, "state"]).output().unwrap();
        json(&out)
    };
    let before_later = later(&db, "2026-12-05");
    for (args, kind) in [
        (&["fill", "--hands", "10", "--game", "double-bonus", "--seed", SEED][..], "machine-locked"),
        (&["fill", "--hands", "10", "--game", "deuces-wild", "--bet", "50", "--seed", SEED][..], "machine-locked"),
        (&["fill", "--hands", "10", "--bet", "7", "--seed", SEED][..], "invalid-bet"),
        (&["fill", "--hands", "1000", "--bet", "500", "--per-day", "1", "--seed", SEED][..], "invalid-bet"),
    ] {
        let error = refused(&db, args);
        assert_eq!(error["kind"], kind, "{args:?}: {error}");
        assert_eq!(ok(&db, &["state"]), before, "{args:?}: the state (chips, claims, the hand in progress)");
        assert_eq!(later(&db, "2026-12-05"), before_later, "{args:?}: no later day was claimed either");
        assert_eq!(ok(&db, &["history"]), history, "{args:?}");
    }
    let locked = refused(&db, &["fill", "--hands", "1", "--game", "double-bonus", "--seed", SEED]);
    assert_eq!((locked["unlock_level"].as_u64(), locked["level"].as_u64()), (Some(15), Some(1)));
    assert_eq!(ok(&db, &["audit"])["ok"], true);
    // The same fill with a bet the game takes plays, drawing the hand in progress first.
    let filled = ok(&db, &["fill", "--hands", "10", "--bet", "5", "--seed", SEED]);
    assert_eq!(filled["hands"], 10);
    assert!(filled["state"]["hand"].is_null());
    assert_eq!(ok(&db, &["history"])["hands"].as_array().unwrap().len(), 11);
}

#[test]
fn counts_and_threads_are_bounded_and_refused_as_usage_errors_naming_the_range() {
    use crate::common::{usage_error, SEED as HEX};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let db = db.to_str().unwrap();
    let simulate = |extra: &[&str]| -> Vec<String> {
        let mut args: Vec<String> = ["simulate", "--game", "jacks-or-better", "--seed", HEX].map(String::from).to_vec();
        args.extend(extra.iter().map(|s| s.to_string()));
        args
    };
    let play = |extra: &[&str]| -> Vec<String> {
        let mut args: Vec<String> = ["play", "--db", db, "--today", "2026-11-30"].map(String::from).to_vec();
        args.extend(extra.iter().map(|s| s.to_string()));
        args
    };
    let cases: Vec<(Vec<String>, &str, &str)> = vec![
        (simulate(&["--hands", "18446744073709551615"]), "--hands", "1..=100000000"),
        (simulate(&["--hands", "100000001"]), "--hands", "1..=100000000"),
        (simulate(&["--hands", "0"]), "--hands", "1..=100000000"),
        (simulate(&["--hands", "10", "--threads", "100000"]), "--threads", "1..=256"),
        (simulate(&["--hands", "10", "--threads", "257"]), "--threads", "1..=256"),
        (simulate(&["--hands", "10", "--threads", "0"]), "--threads", "1..=256"),
        (play(&["fill", "--hands", "10000001", "--seed", HEX]), "--hands", "1..=10000000"),
        (play(&["fill", "--hands", "0", "--seed", HEX]), "--hands", "1..=10000000"),
        (play(&["fill", "--hands", "10", "--per-day", "100001", "--seed", HEX]), "--per-day", "1..=100000"),
        (play(&["fill", "--hands", "10", "--per-day", "0", "--seed", HEX]), "--per-day", "1..=100000"),
        (play(&["autoplay", "--hands", "1000001"]), "--hands", "1..=1000000"),
        (play(&["autoplay", "--hands", "18446744073709551615"]), "--hands", "1..=1000000"),
        (play(&["autoplay", "--hands", "0"]), "--hands", "1..=1000000"),
        (play(&["mistakes", "--limit", "501"]), "--limit", "1..=500"),
        (play(&["mistakes", "--limit", "0"]), "--limit", "1..=500"),
        (vec!["shuffle".into(), "--seed".into(), HEX.into(), "--count".into(), "10000001".into()], "--count", "1..=10000000"),
        (vec!["shuffle".into(), "--seed".into(), HEX.into(), "--count".into(), "0".into()], "--count", "1..=10000000"),
        (vec!["bench-storage".into(), "--db".into(), db.into(), "--runs".into(), "1001".into()], "--runs", "1..=1000"),
        (vec!["bench-storage".into(), "--db".into(), db.into(), "--runs".into(), "0".into()], "--runs", "1..=1000"),
    ];
    for (args, flag, range) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let line = usage_error(&args);
        assert!(line.contains(flag) && line.contains(range), "{args:?}: {line}");
    }
    assert!(!Path::new(db).exists(), "no refused command created the database");
    // At the bounds: the largest thread count runs (a small simulation), the largest per-day fills.
    let out = crate::common::json(&["simulate", "--game", "jacks-or-better", "--hands", "10", "--seed", HEX, "--threads", "256"]);
    assert_eq!(out["hands"], 10);
    let filled = crate::common::json(&play(&["fill", "--hands", "3", "--per-day", "100000", "--seed", HEX]).iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(filled["hands"], 3);
    let mistakes = crate::common::json(&play(&["mistakes", "--limit", "500"]).iter().map(String::as_str).collect::<Vec<_>>());
    assert!(mistakes["mistakes"].is_array());
}

/// `play fill` and `play autoplay` play the five machines (chips, XP, kind deals, unlocks): a kicker
/// game's id is parsed, then refused on one line saying why and what to use instead (exit 2), before
/// the database is created; an unknown id is refused as before.
#[test]
fn fill_and_autoplay_refuse_a_kicker_game_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let db_arg = db.to_str().unwrap();
    for game in ["double-double-bonus", "triple-double-bonus"] {
        for (command, args) in [
            ("fill", &["fill", "--hands", "10", "--game", game, "--seed", SEED][..]),
            ("autoplay", &["autoplay", "--hands", "10", "--game", game, "--practice"][..]),
        ] {
            let line = crate::common::usage_error(&[&["play", "--db", db_arg][..], args].concat());
            assert_eq!(
                line,
                format!(
                    "vpoker: play {command} --game takes a machine: {game} is a kicker game, not a machine (no chips, XP, \
                     kind deals or unlocks); practise it with `play deal --practice --table {game}`, or deal it with \
                     `simulate --game {game}`"
                )
            );
            assert!(!db.exists(), "nothing is created");
        }
    }
    // The practice table the message names deals.
    let dealt = ok(&db, &["deal", "--practice", "--table", "double-double-bonus", "--bet", "5", "--seed", SEED]);
    assert_eq!(dealt["hand"]["table"], "double-double-bonus");
    let line = crate::common::usage_error(&["play", "--db", db_arg, "fill", "--hands", "1", "--game", "poker", "--seed", SEED]);
    assert_eq!(
        line,
        "vpoker: invalid value 'poker' for '--game <ID>': 'poker' is not a machine (expected jacks-or-better, deuces-wild, bonus-poker, double-bonus or joker-poker)"
    );
}

/// A hand dealt from a seed given on the command line is stored as dealt from a chosen seed: the
/// history and `verify --hand` say so (a hand whose seed the game drew says "system"). A chosen
/// seed deals practice only: for chips it is refused and nothing changes.
#[test]
fn a_hand_dealt_from_a_chosen_seed_says_so_in_the_history_and_verification() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    ok(&db, &["state"]);
    let before = std::fs::read(&db).unwrap();
    let args = ["play", "--db", db.to_str().unwrap(), "--today", "2026-11-30", "deal", "--game", "jacks-or-better", "--bet", "5", "--seed", SEED];
    let refused = crate::common::vpoker_binary(&args);
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(json(&refused)["error"]["kind"], "chosen-seed-for-chips");
    assert_eq!(std::fs::read(&db).unwrap(), before, "a refusal changes nothing");
    ok(&db, &["deal", "--practice", "--game", "jacks-or-better", "--bet", "5", "--seed", SEED]);
    ok(&db, &["draw", "11111"]);
    ok(&db, &["deal", "--game", "jacks-or-better", "--bet", "5"]);
    ok(&db, &["draw", "00000"]);
    let history = ok(&db, &["history", "--limit", "10"]);
    let from: Vec<&str> = history["hands"].as_array().unwrap().iter().map(|h| h["seed_from"].as_str().unwrap()).collect();
    assert_eq!(from, ["system", "chosen"], "newest first");
    for (hand, expected) in [("1", "chosen"), ("2", "system")] {
        let out = Command::new(env!("CARGO_BIN_EXE_vpoker")).args(["verify", "--db"]).arg(&db).args(["--hand", hand, "--json"]).output().unwrap();
        let verification: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!((verification["verified"].as_bool(), verification["seed_from"].as_str()), (Some(true), Some(expected)));
    }
    let pasted = Command::new(env!("CARGO_BIN_EXE_vpoker")).args(["verify", "--seed", SEED, "--json"]).output().unwrap();
    assert!(serde_json::from_slice::<Value>(&pasted.stdout).unwrap()["seed_from"].is_null());
}

/// `reset-corrupt` on a path with no file moves nothing and creates nothing.
#[test]
fn reset_corrupt_without_a_file_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("missing.db");
    let error = refused(&db, &["reset-corrupt"]);
    assert_eq!(error["kind"], "storage", "{error}");
    assert!(!db.exists());
}
