//! Joker Poker through the real binary: the fifth machine opens at level 18 (refused below it by
//! name), deals the 53-card deck (`Jk` in every card list), settles and stores its hands beside
//! a practised table registered first (so the machine's registry code is not its place in the
//! machine list), and `verify --hand`, `verify --seed --game joker-poker`, `verify --all` and
//! `scripts/verify_hand.py` replay them; its hands are never nudged; the 52-card games refuse a
//! joker by name; `analyze`, `hint`, `eval`, `simulate` and `drill` answer for it.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::common::{json, vpoker};

const FILL: &str = "5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed";
/// Deals `6d Jk Ad Th 9h` (docs/VERIFY.md's Joker Poker vector).
const JOKER_SEED: &str = "0000000000000000000000000000000000000000000000000000000070ce0006";

fn play(db: &Path, args: &[&str]) -> Value {
    let mut all = vec!["play", "--db", db.to_str().unwrap(), "--today", "2026-11-30"];
    all.extend_from_slice(args);
    let out = vpoker(&all);
    serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{args:?}: {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn joker_poker_opens_at_level_18_deals_53_cards_and_verifies_whole() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    // Level 17: every other machine open, Joker Poker not yet.
    play(&db, &["fill", "--hands", "560", "--bet", "50", "--seed", FILL]);
    assert_eq!(play(&db, &["state"])["level"], 17);
    let refused = play(&db, &["deal", "--game", "joker-poker", "--bet", "5", "--seed", JOKER_SEED]);
    assert_eq!(refused["error"]["kind"], "machine-locked", "{refused}");
    assert_eq!(refused["error"]["unlock_level"], 18, "{refused}");
    // A practised casino table of the joker family first: it takes the next registry code.
    let practised = play(&db, &["deal", "--practice", "--table", "joker-poker-kings-4700-18-7-5", "--bet", "5", "--seed", &"7a".repeat(32)]);
    assert!(practised.get("error").is_none(), "{practised}");
    play(&db, &["draw", "31"]);
    // Level 18 opens it, announced once.
    let filled = play(&db, &["fill", "--hands", "60", "--bet", "50", "--seed", &"f1".repeat(32)]);
    assert_eq!(filled["state"]["level"], 18, "{filled}");
    let state = play(&db, &["state"]);
    assert!(state["unlocked"].as_array().unwrap().iter().any(|m| m == "joker-poker"), "{state}");
    let joker_view = state["machines"].as_array().unwrap().iter().find(|m| m["id"] == "joker-poker").unwrap();
    assert_eq!(joker_view["unlock_level"], 18, "{joker_view}");

    // The vector's deal, as Three Play: the cards, the hold of the joker and the ace, the lines.
    let dealt = play(&db, &["deal", "--game", "joker-poker", "--bet", "5", "--hands", "3", "--seed", JOKER_SEED]);
    assert_eq!(dealt["hand"]["cards"], serde_json::json!(["6d", "Jk", "Ad", "Th", "9h"]), "{dealt}");
    assert_eq!(dealt["hand"]["nudged"], false);
    let drawn = play(&db, &["draw", "01100"]);
    let last = &drawn["last_hand"];
    let outcomes: Vec<&str> = last["results"].as_array().unwrap().iter().map(|r| r["outcome"].as_str().unwrap()).collect();
    assert_eq!(outcomes, ["three-of-a-kind", "kings-or-better", "three-of-a-kind"], "{last}");
    assert_eq!(last["won"], 5 * (2 + 1 + 2), "{last}");
    let id = last["id"].to_string();
    let by_hand = json(&["verify", "--db", db.to_str().unwrap(), "--hand", &id, "--json"]);
    assert_eq!(by_hand["verified"], true, "{by_hand}");
    let by_seed = json(&["verify", "--seed", JOKER_SEED, "--game", "joker-poker", "--hands", "3", "--hold", "01100", "--json"]);
    assert_eq!(by_seed["deck"].as_array().unwrap().len(), 53);
    assert_eq!(by_hand["deck"], by_seed["deck"]);
    assert_eq!(by_hand["hands"].as_array().unwrap().len(), 3);

    // A hundred hands more on it (the best holds), kind deals on: none is nudged.
    play(&db, &["fill", "--game", "joker-poker", "--hands", "100", "--bet", "5", "--seed", &"b0".repeat(32)]);
    let history = play(&db, &["history", "--all"]);
    let jokers: Vec<&Value> = history["hands"].as_array().unwrap().iter().filter(|h| h["machine"] == "joker-poker").collect();
    assert_eq!(jokers.len(), 101);
    assert!(jokers.iter().all(|h| h["nudge"].is_null() && h["situation"].is_null()), "Joker Poker deals pure");
    let with_joker = jokers.iter().filter(|h| h.to_string().contains("\"Jk\"")).count();
    assert!(with_joker > 5, "{with_joker} of 101 hands show the joker somewhere");
    let all = json(&["verify", "--db", db.to_str().unwrap(), "--all", "--json"]);
    assert_eq!(all["verified"], true, "{all}");
    let audit = play(&db, &["audit"]);
    assert_eq!(audit["ok"], true, "{audit}");
    // The stranger's verifier agrees, hand by hand and decision by decision.
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/verify_hand.py");
    let mut child = Command::new("python3").arg(script).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(history.to_string().as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn the_joker_is_refused_by_the_52_card_games_and_answered_by_joker_poker() {
    for game in ["jacks-or-better", "deuces-wild"] {
        let out = vpoker(&["eval", "--game", game, "Ah Kh Qh Jh Jk"]);
        assert_ne!(out.status.code(), Some(0));
        assert!(String::from_utf8_lossy(&out.stderr).contains("card Jk is not in this game's deck"), "{out:?}");
        let out = vpoker(&["hint", "--game", game, "Ah Kh Qh Jh Jk"]);
        assert!(String::from_utf8_lossy(&out.stderr).contains("not in this game's deck"), "{out:?}");
    }
    let eval = json(&["eval", "--game", "joker-poker", "--json", "Ah Kh Qh Jh Jk"]);
    assert_eq!((eval["category"].as_str(), eval["pay"].as_u64()), (Some("wild-royal-flush"), Some(100)), "{eval}");
    let eval = json(&["eval", "--game", "joker-poker", "--json", "Kh Kd 7c 4s 2h"]);
    assert_eq!(eval["category"], "kings-or-better", "{eval}");
    // Four to a wild royal with the joker: the hint holds the four and the joker.
    let hint = json(&["hint", "--game", "joker-poker", "--json", "Jk Kh Qh Jh 3c"]);
    assert_eq!(hint["holds"][0]["mask"], 0b01111, "{hint}");
    let analysis = json(&["analyze", "--game", "joker-poker", "--json"]);
    let ret = analysis.pointer("/0/return").or_else(|| analysis.get("return")).and_then(Value::as_f64).unwrap_or_else(|| panic!("{analysis}"));
    assert!((ret - 1.006_463).abs() < 1e-6, "full pay Kings or Better returns 100.6463 %: {analysis}");
    let simulated = json(&["simulate", "--game", "joker-poker", "--hands", "20000", "--seed", FILL, "--threads", "2"]);
    let rate = simulated["return"].as_f64().unwrap_or_else(|| panic!("{simulated}"));
    assert!((0.9..1.12).contains(&rate), "{simulated}");
    // No dead-deal rule is defined for the joker: it deals pure, no kind-deal flag applies, and the
    // dealt pair-or-better rate says nothing.
    assert_eq!((&simulated["kind_deals"], &simulated["situation"], &simulated["pair_or_better_dealt_rate"]), (&Value::Bool(false), &Value::Null, &Value::Null));
    let refused = vpoker(&["simulate", "--game", "joker-poker", "--hands", "10", "--seed", FILL, "--kind-deals", "on"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("machines with a dead-deal rule: joker-poker deals pure"));
    // Three hard decisions, one JSON line each, every one with the joker deck's exact EVs.
    let out = vpoker(&["drill", "--game", "joker-poker", "--source", "hard", "--count", "3", "--seed", FILL, "--json"]);
    assert!(out.status.success());
    let drills: Vec<Value> = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(drills.len(), 3);
    for drill in &drills {
        let cards = drill["cards"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect::<Vec<_>>().join(" ");
        let hint = json(&["hint", "--game", "joker-poker", "--json", &cards]);
        assert_eq!(drill["best"], hint["best"], "{drill}");
    }
}
