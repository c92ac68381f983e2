//! Drills by chart through the real binary: `vpoker drill --source chart` (the hands of the drill
//! run on which the tier's chart holds no best hold, reproducible by seed, each replayed by `verify
//! --seed`, the chart's hold checked against `vpoker hint`), the same hands as `play drill --source
//! chart` with its verdict, typed refusals; and the warm-up offer by date through `play`.

use std::path::Path;

use serde_json::Value;

use crate::common::{json, keys, text, usage_error, vpoker, SEED};

fn chart_lines(game: &str, tier: &str, count: &str) -> Vec<Value> {
    let out = vpoker(&["drill", "--game", game, "--source", "chart", "--tier", tier, "--count", count, "--seed", SEED, "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout).lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

fn play(db: &Path, today: &str, args: &[&str]) -> (Option<i32>, Value) {
    let db = db.to_str().expect("a UTF-8 path");
    let out = crate::common::vpoker(&[&["play", "--db", db, "--today", today][..], args].concat());
    let stdout = text(&out.stdout);
    (out.status.code(), serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{args:?}: {e}: {stdout}")))
}

#[test]
fn drill_source_chart_prints_hands_off_the_tiers_chart_each_replayable_and_costly() {
    for tier in ["beginner", "intermediate", "expert"] {
        let lines = chart_lines("bonus-poker", tier, "4");
        assert_eq!(lines.len(), 4);
        assert_eq!(lines, chart_lines("bonus-poker", tier, "4"), "the same seed, the same hands");
        for line in &lines {
            assert_eq!(keys(line), ["seed", "cards", "tier", "line", "hold", "best", "best_line", "cost", "holds"]);
            assert_eq!(line["tier"], tier);
            assert_eq!(keys(&line["line"]), ["rank", "class", "label"]);
            let cards: Vec<&str> = line["cards"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
            // The chart's hold gives up what `vpoker hint` says it does: more than nothing.
            let hint = json(&["hint", "--game", "bonus-poker", "--json", &cards.join(" ")]);
            let ev = |mask: &Value| hint["holds"].as_array().unwrap().iter().find(|h| h["mask"] == *mask).unwrap()["ev"].as_f64().unwrap();
            let best = hint["holds"][0]["ev"].as_f64().unwrap();
            let cost = line["cost"].as_f64().unwrap();
            assert!(cost > 1e-6 && (best - ev(&line["hold"]) - cost).abs() < 1e-8, "{line}");
            assert_eq!(ev(&line["best"]), best);
            // The hand is its own seed's deal.
            let verified = json(&["verify", "--seed", line["seed"].as_str().unwrap(), "--game", "bonus-poker", "--json"]);
            assert_eq!(verified["dealt"], line["cards"], "{verified}");
        }
    }
    // Without --tier: the expert chart.
    let out = vpoker(&["drill", "--game", "bonus-poker", "--source", "chart", "--count", "1", "--seed", SEED, "--json"]);
    assert_eq!(serde_json::from_str::<Value>(text(&out.stdout).trim()).unwrap(), chart_lines("bonus-poker", "expert", "1")[0]);
    // The text form: one line a hand, ending with the hand's seed.
    let out = vpoker(&["drill", "--game", "bonus-poker", "--source", "chart", "--tier", "beginner", "--count", "2", "--seed", SEED]);
    let first = chart_lines("bonus-poker", "beginner", "1").remove(0);
    assert!(text(&out.stdout).lines().next().unwrap().ends_with(&format!("seed {}", first["seed"].as_str().unwrap())));
}

#[test]
fn drill_source_chart_refusals() {
    let line = usage_error(&["drill", "--game", "jacks-or-better", "--source", "chart", "--tier", "master", "--count", "1", "--seed", SEED]);
    assert!(line.contains("'master' is not a chart tier"), "{line}");
    usage_error(&["drill", "--game", "jacks-or-better", "--source", "chart", "--seed", SEED]);
    let out = vpoker(&["drill", "--game", "ultimate-x:jacks-or-better", "--source", "chart", "--count", "1", "--seed", SEED]);
    assert_eq!(out.status.code(), Some(1));
    let refused: Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!((refused["error"]["kind"].as_str(), refused["error"]["reason"].as_str()), (Some("no-tier-chart"), Some("ultimate-x")));
}

#[test]
fn play_drill_source_chart_is_the_same_hand_judged_with_the_charts_line_and_cost() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let first = chart_lines("jacks-or-better", "beginner", "1").remove(0);
    let (code, question) = play(&db, "2026-12-01", &["drill", "--table", "jacks-or-better", "--source", "chart", "--tier", "beginner", "--seed", SEED]);
    assert_eq!(code, Some(0));
    assert_eq!((question["source"].as_str(), question["tier"].as_str(), question["seed"].as_str()), (Some("chart"), Some("beginner"), Some(SEED)));
    assert_eq!(question["cards"], first["cards"]);
    // The chart's hold answered: a mistake, and the verdict says the line and what it gave up.
    let hold = first["hold"].to_string();
    let (_, verdict) = play(&db, "2026-12-01", &["drill-answer", "--table", "jacks-or-better", "--seed", SEED, "--tier", "beginner", "--hold", &hold]);
    assert_eq!(verdict["correct"], false);
    let chart = &verdict["chart"];
    assert_eq!((&chart["line"], &chart["hold"], &chart["followed"]), (&first["line"], &first["hold"], &Value::Bool(true)));
    assert!((chart["ev_given_up"].as_f64().unwrap() - first["cost"].as_f64().unwrap()).abs() < 1e-8);
    assert_eq!(verdict["ev_given_up"], chart["ev_given_up"], "following the chart here gives up what the one verdict says");
    // Without --tier: the player's chart-tier.
    play(&db, "2026-12-01", &["set", "chart-tier", "beginner"]);
    let (_, mine) = play(&db, "2026-12-01", &["drill", "--table", "jacks-or-better", "--source", "chart", "--seed", SEED]);
    assert_eq!((mine["tier"].as_str(), &mine["cards"]), (Some("beginner"), &first["cards"]));
    // Refusals in type.
    let (code, bad) = play(&db, "2026-12-01", &["drill", "--table", "jacks-or-better", "--source", "chart", "--tier", "pro", "--seed", SEED]);
    assert_eq!((code, bad["error"]["kind"].as_str()), (Some(1), Some("unknown-chart-tier")));
    let (code, ux) = play(&db, "2026-12-01", &["drill", "--table", "ultimate-x:jacks-or-better", "--source", "chart", "--seed", SEED]);
    assert_eq!((code, ux["error"]["kind"].as_str()), (Some(1), Some("no-tier-chart")));
}

#[test]
fn play_warm_up_is_offered_seven_days_after_the_last_hand_and_answered_once_a_date() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let offer = |today: &str| play(&db, today, &["warm-up", "--game", "jacks-or-better"]).1["warm_up"].clone();
    assert_eq!(offer("2026-12-20"), Value::Null, "never played");
    play(&db, "2026-12-01", &["deal", "--game", "jacks-or-better", "--bet", "5", "--seed", SEED]);
    play(&db, "2026-12-01", &["draw", "00000"]);
    assert_eq!(offer("2026-12-07"), Value::Null, "6 days away");
    assert_eq!(offer("2026-12-08"), serde_json::json!({ "last_played": "2026-12-01", "days_away": 7, "decisions": 5 }));
    let (_, state) = play(&db, "2026-12-08", &["state"]);
    assert_eq!(state["machines"][0]["warm_up"]["days_away"], 7);
    let (code, state) = play(&db, "2026-12-08", &["answer-warm-up"]);
    assert_eq!((code, &state["machines"][0]["warm_up"]), (Some(0), &Value::Null));
    assert_eq!(offer("2026-12-08"), Value::Null, "answered today");
    assert_eq!(offer("2026-12-09")["days_away"], 8);
    let (code, refused) = play(&db, "2026-12-09", &["warm-up", "--game", "nope"]);
    assert_eq!((code, refused["error"]["kind"].as_str()), (Some(1), Some("unknown-table")));
    // Taken: the core counts its hard decisions; taken again, or where none is offered, refused.
    let (code, none) = play(&db, "2026-12-09", &["warm-up", "--game", "deuces-wild", "--take"]);
    assert_eq!((code, none["error"]["kind"].as_str(), none["error"]["table"].as_str()), (Some(1), Some("no-warm-up"), Some("deuces-wild")));
    let (code, state) = play(&db, "2026-12-09", &["warm-up", "--game", "jacks-or-better", "--take"]);
    assert_eq!(code, Some(0));
    assert_eq!(state["warm_up_run"], serde_json::json!({ "table": "jacks-or-better", "decisions": 5, "answered": 0, "done": false }));
    let (_, question) = play(&db, "2026-12-09", &["drill", "--table", "jacks-or-better", "--source", "hard", "--seed", SEED]);
    let seed = question["seed"].as_str().unwrap().to_string();
    let (_, verdict) = play(&db, "2026-12-09", &["drill-answer", "--table", "jacks-or-better", "--seed", &seed, "--hold", "0"]);
    assert_eq!(verdict["warm_up"]["answered"], 1, "{verdict}");
    assert_eq!(play(&db, "2026-12-09", &["state"]).1["warm_up_run"]["answered"], 1);
    let (code, again) = play(&db, "2026-12-09", &["warm-up", "--game", "jacks-or-better", "--take"]);
    assert_eq!((code, again["error"]["kind"].as_str()), (Some(1), Some("no-warm-up")));
}
