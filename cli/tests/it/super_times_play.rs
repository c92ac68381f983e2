//! Super Times Pay practised through `vpoker play … deal --game super-times:ID --practice --seed S`
//! (chosen seeds, so that lines with multipliers come up): six chips a line for
//! every five of the bet, each line paid at the multiplier its seed draws, verified by `verify
//! --hand`, `verify --all` and `scripts/verify_hand.py` (the full and the compact whole history),
//! and a history carrying a multiplier the seed did not draw refused by the stranger's verifier.

use std::path::Path;

use serde_json::Value;
use vpoker::rules::Drawn;
use vpoker::shuffle::Seed;

use crate::common::{json, stranger, text, vpoker};

fn play(db: &Path, args: &[&str]) -> Value {
    let mut all = vec!["play", "--db", db.to_str().unwrap(), "--today", "2026-12-07"];
    all.extend_from_slice(args);
    json(&all)
}

fn seed(n: u32) -> String {
    format!("{:0>64x}", 0x5700 + n)
}

/// The multiplier the seed `n` draws for a one-line deal.
fn drawn(n: u32) -> u8 {
    Drawn::draw(&seed(n).parse::<Seed>().unwrap(), 1).unwrap().values()[0]
}

#[test]
fn super_times_pay_practised_with_chosen_seeds_verifies_by_every_route() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    // Every seed that draws a multiplier among the first 400, and plain ones between them.
    let seeds: Vec<u32> = (0..400).filter(|&n| drawn(n) > 1 || n % 40 == 0).take(24).collect();
    assert!(seeds.iter().filter(|&&n| drawn(n) > 1).count() >= 12, "{seeds:?}");
    let mut multiplied_wins = 0;
    for &n in &seeds {
        let s = seed(n);
        let state = play(&db, &["deal", "--game", "super-times:jacks-or-better", "--bet", "10", "--practice", "--seed", &s]);
        let hand = &state["hand"];
        assert_eq!(hand["stake"], 12, "{state}");
        assert_eq!(hand["multipliers"], serde_json::json!([drawn(n)]), "{state}");
        let best = hand["best_hold"].as_u64().unwrap().to_string();
        let last = play(&db, &["draw", "--hold", &best])["last_hand"].clone();
        let result = &last["results"][0];
        assert_eq!(result["earned"], Value::Null, "{last}");
        if drawn(n) > 1 && last["won"].as_u64() > Some(0) {
            multiplied_wins += 1;
            let pay = last["pays"][result["row"].as_u64().unwrap() as usize].as_u64().unwrap();
            assert_eq!(result["win"].as_u64().unwrap(), 10 * pay * u64::from(drawn(n)), "{last}");
        }
    }
    assert!(multiplied_wins > 0, "a line won at a multiplier above 1x");
    let history = play(&db, &["history", "--all"]);
    let hands = history["hands"].as_array().unwrap();
    assert_eq!(hands.len(), seeds.len());

    // `verify --hand` shows the multiplier; `verify --all` and the audit agree.
    let id = hands.iter().find(|h| h["multipliers"][0].as_u64() > Some(1)).unwrap()["id"].to_string();
    let out = vpoker(&["verify", "--db", db.to_str().unwrap(), "--hand", &id]);
    let shown = text(&out.stdout);
    assert!(out.status.success() && shown.contains("\nmultipliers "), "{shown}");
    let all = json(&["verify", "--db", db.to_str().unwrap(), "--all", "--json"]);
    assert_eq!(all["verified"], true, "{all}");
    assert_eq!(play(&db, &["audit"])["ok"], true);

    // Exported and imported into another game (checked completely first), it verifies there too.
    let copy = dir.path().join("copy.db");
    let other = dir.path().join("other.db");
    assert!(vpoker(&["play", "--db", db.to_str().unwrap(), "export", copy.to_str().unwrap()]).status.success());
    let imported = vpoker(&["play", "--db", other.to_str().unwrap(), "import", copy.to_str().unwrap()]);
    assert!(imported.status.success(), "{}", text(&imported.stdout));
    let all = json(&["verify", "--db", other.to_str().unwrap(), "--all", "--json"]);
    assert_eq!(all["verified"], true, "{all}");

    // The stranger's verifier agrees, in the full form and the compact one.
    let (ok, printed) = stranger(&history);
    assert!(ok, "{printed}");
    let compact = play(&db, &["history", "--all", "--compact"]);
    let (ok, printed) = stranger(&compact);
    assert!(ok, "{printed}");

    // A hand carrying a multiplier its seed did not draw, paid at it: refused at that hand.
    let mut crafted = history.clone();
    let plain = crafted["hands"].as_array_mut().unwrap().iter_mut().find(|h| h["multipliers"] == serde_json::json!([1]) && h["won"].as_u64() > Some(0));
    let hand = plain.expect("a winning hand dealt at 1x");
    let hand_id = hand["id"].clone();
    hand["multipliers"] = serde_json::json!([10]);
    let (ok, printed) = stranger(&crafted);
    assert!(!ok, "{printed}");
    let line = printed.lines().find(|l| l.starts_with(&format!("hand {hand_id} "))).unwrap();
    assert!(line.contains("multipliers (recorded [10], the seed draws [1])"), "{line}");
}

/// `hint --json` on a variant table gives each hold its final-hand distribution, the table's rows
/// whatever is on screen: on Super Times Pay a hold's `pays` is the multiplier × Σ p × pay.
#[test]
fn a_variant_hint_gives_each_hold_its_distribution() {
    let value = json(&["hint", "--game", "super-times:jacks-or-better", "--lines", "1", "--multipliers", "3", "--json", "Ah Kh Qh Jh 2c"]);
    let pays: Vec<u64> = vec![800, 50, 25, 9, 6, 4, 3, 2, 1, 0];
    let rows = ["royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind", "two-pair", "jacks-or-better", "nothing"];
    let holds = value["holds"].as_array().unwrap();
    assert_eq!(holds.len(), 32);
    for hold in holds {
        let distribution = &hold["distribution"];
        let total: f64 = rows.iter().map(|r| distribution[*r].as_f64().unwrap()).sum();
        assert!((total - 1.0).abs() < 1e-12, "{hold}");
        let counts: u64 = rows.iter().map(|r| hold["counts"][*r].as_u64().unwrap()).sum();
        assert_eq!(counts, hold["draws"].as_u64().unwrap(), "{hold}");
        let pay: f64 = rows.iter().zip(&pays).map(|(r, &p)| distribution[*r].as_f64().unwrap() * p as f64).sum();
        assert!((hold["pays"].as_f64().unwrap() - 3.0 * pay).abs() < 1e-8, "{hold}");
    }
    assert_eq!(holds[0]["mask"], 15, "the four to the royal");
    let ultimate = json(&["hint", "--game", "ultimate-x:jacks-or-better", "--lines", "3", "--multipliers", "2,1,4", "--json", "Ah Kh Qh Jh 2c"]);
    assert!(ultimate["holds"].as_array().unwrap().iter().all(|h| h["draws"].as_u64() > Some(0) && h["distribution"].is_object()));
}
