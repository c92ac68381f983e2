//! `vpoker play progress` and `vpoker play review`, run through the real binary: the daily series
//! equals what the history says day by day, and what is due follows the drill answers' dates.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

fn play(db: &Path, today: &str, args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_vpoker"))
        .arg("play")
        .arg("--db")
        .arg(db)
        .args(["--today", today])
        .args(args)
        .output()
        .expect("the vpoker binary runs");
    let text = String::from_utf8(out.stdout).expect("UTF-8 output");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: {e}: {text}"))
}

fn seed(n: u32) -> String {
    format!("{n:064x}")
}

/// Hands over four days (with a gap), real and practice, Jacks or Better and a library table, some
/// thrown away (mistakes): `play progress` per game equals what `play history` gives day by day.
#[test]
fn play_progress_equals_the_history_summed_by_day() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let days = ["2026-11-02", "2026-11-03", "2026-11-05", "2026-11-06"];
    let mut n = 0;
    for (d, today) in days.iter().enumerate() {
        for k in 0..(6 + 2 * d as u32) {
            n += 1;
            let practice = k % 3 == 2;
            let mut deal = vec!["deal", "--game", "jacks-or-better", "--bet", "5"];
            if practice {
                deal.push("--practice");
            }
            let s = seed(n);
            deal.extend(["--seed", s.as_str()]);
            let state = play(&db, today, &deal);
            let best = state["hand"]["best_hold"].as_u64().unwrap().to_string();
            // Every other hand on the first days thrown away; later, fewer.
            let hold = if (k as usize) % (2 + d) == 0 { "0" } else { best.as_str() };
            play(&db, today, &["draw", hold]);
        }
        let s = seed(1000 + d as u32);
        play(&db, today, &["deal", "--practice", "--table", "double-double-bonus-9-6", "--bet", "5", "--seed", &s]);
        play(&db, today, &["draw", "0"]);
    }
    let history = play(&db, "2026-11-06", &["history", "--limit", "500"]);
    for game in ["jacks-or-better", "double-double-bonus-9-6"] {
        // From the history, oldest first (the order the sums add in).
        let mut expected: BTreeMap<String, (u64, u64, f64)> = BTreeMap::new();
        for hand in history["hands"].as_array().unwrap().iter().rev().filter(|h| h["table"] == game) {
            let day = expected.entry(hand["day"].as_str().unwrap().to_string()).or_default();
            day.0 += 1;
            day.1 += u64::from(hand["mistake"] == true);
            day.2 += hand["ev_given_up"].as_f64().unwrap();
        }
        let progress = play(&db, "2026-11-06", &["progress", "--game", game, "--json"]);
        let got: BTreeMap<String, (u64, u64, f64)> = progress["days"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                let figures = (d["decisions"].as_u64().unwrap(), d["mistakes"].as_u64().unwrap(), d["ev_given_up"].as_f64().unwrap());
                (d["day"].as_str().unwrap().to_string(), figures)
            })
            .collect();
        assert_eq!(got.keys().collect::<Vec<_>>(), expected.keys().collect::<Vec<_>>(), "{game}");
        for (day, (decisions, mistakes, ev)) in &expected {
            let (d, m, e) = got[day];
            assert_eq!((d, m), (*decisions, *mistakes), "{game} on {day}");
            assert!((e - ev).abs() < 1e-12, "{game} on {day}: {e} against {ev}");
        }
        // The trend line through the days' EV given up per 100 decisions, fitted by the core.
        let points: Vec<(f64, f64)> = progress["days"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                let day = chrono::NaiveDate::parse_from_str(d["day"].as_str().unwrap(), "%Y-%m-%d").unwrap();
                let x = (day - chrono::NaiveDate::from_ymd_opt(2026, 11, 2).unwrap()).num_days() as f64;
                (x, d["ev_given_up_per_100"].as_f64().unwrap())
            })
            .collect();
        let n = points.len() as f64;
        let (mx, my) = (points.iter().map(|p| p.0).sum::<f64>() / n, points.iter().map(|p| p.1).sum::<f64>() / n);
        let slope = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum::<f64>() / points.iter().map(|p| (p.0 - mx).powi(2)).sum::<f64>();
        assert!((progress["trend"]["per_day"].as_f64().unwrap() - slope).abs() < 1e-9, "{game}: {}", progress["trend"]);
        assert!((progress["trend"]["first"].as_f64().unwrap() - (my - slope * mx)).abs() < 1e-9);
    }
    // The last two days only; a game never played has no days and no trend; refusals are typed.
    let two = play(&db, "2026-11-06", &["progress", "--game", "jacks-or-better", "--days", "2"]);
    assert_eq!(two["days"].as_array().unwrap().iter().map(|d| d["day"].as_str().unwrap()).collect::<Vec<_>>(), ["2026-11-05", "2026-11-06"]);
    let none = play(&db, "2026-11-06", &["progress", "--game", "bonus-poker"]);
    assert_eq!((none["days"].as_array().unwrap().len(), &none["trend"]), (0, &Value::Null));
    assert_eq!(play(&db, "2026-11-06", &["progress", "--game", "nope"])["error"]["kind"], "unknown-table");
    assert_eq!(play(&db, "2026-11-06", &["progress", "--game", "jacks-or-better", "--days", "367"])["error"]["kind"], "progress-limit");
}

/// `play review` lists what is due on --today: every mistake the day it was made; after a wrong
/// drill answer, the card is back the next day, not before.
#[test]
fn play_review_lists_the_cards_due_on_the_date() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    for n in 1..=6 {
        let s = seed(n);
        play(&db, "2026-11-02", &["deal", "--game", "jacks-or-better", "--bet", "5", "--seed", &s]);
        play(&db, "2026-11-02", &["draw", "0"]);
    }
    let review = play(&db, "2026-11-02", &["review", "--json"]);
    let due = review["due"].as_array().unwrap();
    assert!(!due.is_empty());
    assert_eq!(review["games"][0]["table"], "jacks-or-better");
    assert_eq!(review["games"][0]["due"].as_u64().unwrap(), due.len() as u64);
    assert!(due.iter().all(|c| c["due"] == "2026-11-02" && c["reps"] == 0 && c["cards"].as_array().unwrap().len() == 5));
    // Nothing was due the day before.
    assert_eq!(play(&db, "2026-11-01", &["review"])["due"].as_array().unwrap().len(), 0);
    // The first card answered wrong on the 2nd: due again on the 3rd, not on the 2nd.
    let hand = due[0]["hand"].as_i64().unwrap().to_string();
    let verdict = play(&db, "2026-11-02", &["drill-answer", "--table", "jacks-or-better", "--hand", &hand, "--hold", "0"]);
    assert_eq!((&verdict["correct"], &verdict["next_due"]), (&Value::Bool(false), &Value::from("2026-11-03")));
    let today = play(&db, "2026-11-02", &["review", "--game", "jacks-or-better"]);
    assert_eq!(today["due"].as_array().unwrap().len(), due.len() - 1);
    let tomorrow = play(&db, "2026-11-03", &["review", "--limit", "0"]);
    assert_eq!((tomorrow["games"][0]["due"].as_u64().unwrap(), tomorrow["due"].as_array().unwrap().len()), (due.len() as u64, 0));
}
