//! Ultimate X played through `vpoker play … deal --ultimate-x`: each line at the multiplier the hand
//! before earned it, verified by `verify --hand`, `verify --all` and `scripts/verify_hand.py` (the
//! full and the compact whole history), and a crafted history dealing with other multipliers
//! refused by the stranger's verifier at that hand.

use std::path::Path;

use serde_json::Value;

use crate::common::{json, stranger, text, vpoker};

fn play(db: &Path, args: &[&str]) -> Value {
    let mut all = vec!["play", "--db", db.to_str().unwrap(), "--today", "2026-12-05"];
    all.extend_from_slice(args);
    json(&all)
}

fn seed(n: u32) -> String {
    format!("{:0>64x}", 0x5a00 + n)
}

#[test]
fn ultimate_x_for_chips_verifies_by_every_route() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let mut carried_wins = 0;
    for n in 0..24u32 {
        // A plain hand now and then: the multipliers start again at 1x after it.
        let ultimate_x = n % 9 != 8;
        let mut deal = vec!["deal", "--game", "jacks-or-better", "--bet", "5"];
        if ultimate_x {
            deal.push("--ultimate-x");
        }
        let s = seed(n);
        deal.extend(["--seed", &s]);
        let state = play(&db, &deal);
        let hand = &state["hand"];
        assert_eq!(hand["stake"], if ultimate_x { 10 } else { 5 }, "{state}");
        let best = hand["best_hold"].as_u64().unwrap().to_string();
        let drawn = play(&db, &["draw", "--hold", &best]);
        let last = &drawn["last_hand"];
        if ultimate_x && last["multipliers"][0].as_u64() > Some(1) && last["won"].as_u64() > Some(0) {
            carried_wins += 1;
        }
    }
    assert!(carried_wins > 0, "a hand won at a multiplier above 1x");
    let history = play(&db, &["history", "--all"]);
    let hands = history["hands"].as_array().unwrap();
    let ux: Vec<&Value> = hands.iter().filter(|h| h["table"] == "ultimate-x:jacks-or-better").collect();
    assert_eq!(ux.len(), 22);
    assert!(hands.iter().filter(|h| h["table"] == "jacks-or-better").all(|h| h.get("multipliers").is_none()));

    // `verify --hand` shows the multipliers and what each line earned.
    let id = ux.iter().find(|h| h["multipliers"][0].as_u64() > Some(1)).unwrap()["id"].to_string();
    let out = vpoker(&["verify", "--db", db.to_str().unwrap(), "--hand", &id]);
    let shown = text(&out.stdout);
    assert!(out.status.success() && shown.contains("\nmultipliers ") && shown.contains(", earns "), "{shown}");
    let all = json(&["verify", "--db", db.to_str().unwrap(), "--all", "--json"]);
    assert_eq!(all["verified"], true, "{all}");
    assert_eq!(play(&db, &["audit"])["ok"], true);

    // The stranger's verifier agrees, in the full form and the compact one.
    let (ok, printed) = stranger(&history);
    assert!(ok, "{printed}");
    let compact = play(&db, &["history", "--all", "--compact"]);
    assert_eq!(compact["format"], "compact-2");
    assert_eq!(compact["columns"].as_array().unwrap().last().unwrap(), "multipliers");
    let (ok, printed) = stranger(&compact);
    assert!(ok, "{printed}");

    // A hand dealt at 1x rewritten as dealt at 2x, everything the hand alone shows consistent with
    // it (its commitment made again, its wins paid at 2x): only the carry rule can tell.
    let mut crafted = history.clone();
    let hands = crafted["hands"].as_array_mut().unwrap();
    let at = hands
        .iter()
        .position(|h| h["id"].as_i64() > Some(1) && h["multipliers"] == serde_json::json!([1]) && h["won"].as_u64() > Some(0))
        .expect("a winning hand dealt at 1x");
    let hand = &mut hands[at];
    hand["multipliers"] = serde_json::json!([2]);
    for results in ["results", "best_results"] {
        for result in hand[results].as_array_mut().unwrap() {
            result["multiplier"] = serde_json::json!(2);
            result["win"] = serde_json::json!(result["win"].as_u64().unwrap() * 2);
        }
    }
    hand["won"] = serde_json::json!(hand["won"].as_u64().unwrap() * 2);
    hand["best_won"] = serde_json::json!(hand["best_won"].as_u64().unwrap() * 2);
    let bound = bound_commitment(hand["seed"].as_str().unwrap(), 2);
    // `verify --seed` with the multipliers noted takes that commitment as the bound one.
    let pasted = json(&[
        "verify", "--seed", hand["seed"].as_str().unwrap(), "--game", "ultimate-x:jacks-or-better", "--multipliers", "2",
        "--commitment", &bound, "--json",
    ]);
    assert_eq!((pasted["multipliers"].clone(), pasted["checks"]["commitment"].clone()), (serde_json::json!([2]), Value::Bool(true)), "{pasted}");
    hand["commitment"] = serde_json::json!(bound);
    let id = hand["id"].as_i64().unwrap();
    let (ok, printed) = stranger(&crafted);
    assert!(!ok);
    assert!(printed.contains(&format!("hand {id} (ultimate-x:jacks-or-better, 1 hand): FAILED: decision (dealt with multipliers [2]")), "{printed}");
}

/// The bound commitment of `seed` on the Ultimate X Jacks or Better machine at 5 chips, one line
/// dealt at `multiplier` (docs/VERIFY.md, "Commitments").
fn bound_commitment(seed: &str, multiplier: u8) -> String {
    let table = vpoker::table::Table::named("ultimate-x:jacks-or-better").unwrap();
    let on_screen = vpoker::rules::stored(&table, 1, Some(&[multiplier])).unwrap().unwrap();
    let seed: vpoker::shuffle::Seed = seed.parse().unwrap();
    vpoker::shuffle::hex(&crate::common::system_commitment(&seed, &table, (5, 1, false), Some(&on_screen)))
}

/// `play next-screen`: what the next deal of these choices shows, line by line, from the core (the
/// start before any hand, what the last hand's lines earned for the same choices, the start for
/// others, nothing on a plain table).
#[test]
fn next_screen_says_what_the_next_deal_shows() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let ux = ["--game", "jacks-or-better", "--ultimate-x", "--bet", "5"];
    let start = play(&db, &[&["next-screen"][..], &ux].concat());
    assert_eq!(start, serde_json::json!([{ "paid": null, "next": 1, "lit": false }]));
    assert_eq!(play(&db, &["next-screen", "--game", "jacks-or-better", "--bet", "5"]), Value::Null, "a plain table shows nothing");
    let s = seed(90);
    play(&db, &[&["deal"][..], &ux, &["--seed", &s]].concat());
    let hint = play(&db, &["hint"]);
    let best = hint["best_hold"].as_u64().unwrap().to_string();
    let drawn = play(&db, &["draw", &best]);
    let result = &drawn["last_hand"]["results"][0];
    let next = play(&db, &[&["next-screen"][..], &ux].concat());
    assert_eq!((&next[0]["paid"], &next[0]["next"]), (&result["multiplier"], &result["earned"]), "{next}");
    let other = play(&db, &["next-screen", "--game", "jacks-or-better", "--ultimate-x", "--bet", "10"]);
    assert_eq!(other, serde_json::json!([{ "paid": null, "next": 1, "lit": false }]), "another bet continues nothing");
}
