//! `vpoker play progress` and `vpoker play review`, run through the real binary: the daily series
//! equals what the history says day by day, and what is due follows the drill answers' dates.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

fn play(db: &Path, today: &str, args: &[&str]) -> Value {
    let out = crate::common::vpoker(&[&["play", "--db", db.to_str().expect("a UTF-8 path"), "--today", today][..], args].concat());
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
        play(&db, today, &["deal", "--practice", "--table", "double-double-bonus-9-5", "--bet", "5", "--seed", &s]);
        play(&db, today, &["draw", "0"]);
    }
    let history = play(&db, "2026-11-06", &["history", "--limit", "500"]);
    for game in ["jacks-or-better", "double-double-bonus-9-5"] {
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

/// Three sessions (40 minutes and more apart; inside one, a deal every two minutes, the times given
/// with --today), Jacks or Better at bets 5 and 10 and a library table between: `play progress`
/// per game gives the sessions `play history` gives grouped by the 30-minute rule, each game's time
/// its share of the session's by decisions, the trend over the sessions' order, and the cost per
/// hour as the pace times the chips given up per decision.
#[test]
fn play_progress_sessions_equal_the_history_grouped_by_session() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let starts = ["2026-11-02T08:00:00", "2026-11-02T09:10:00", "2026-11-03T19:30:00"];
    let mut n = 0;
    for (s, start) in starts.iter().enumerate() {
        let start = chrono::NaiveDateTime::parse_from_str(start, "%Y-%m-%dT%H:%M:%S").unwrap();
        for k in 0..(8 + 2 * s as i64) {
            n += 1;
            let now = (start + chrono::Duration::minutes(2 * k)).format("%Y-%m-%dT%H:%M:%S").to_string();
            let sd = seed(n);
            if k == 2 || k == 5 {
                play(&db, &now, &["deal", "--practice", "--table", "double-double-bonus-9-5", "--bet", "5", "--seed", &sd]);
                play(&db, &now, &["draw", "0"]);
                continue;
            }
            let bet = if k % 2 == 0 { "5" } else { "10" };
            let state = play(&db, &now, &["deal", "--game", "jacks-or-better", "--bet", bet, "--seed", &sd]);
            let best = state["hand"]["best_hold"].as_u64().unwrap().to_string();
            let hold = if (k as usize) % (2 + 2 * s) == 0 { "0" } else { best.as_str() };
            play(&db, &now, &["draw", hold]);
        }
    }
    let history = play(&db, "2026-11-03", &["history", "--limit", "500"]);
    // Oldest first: a new session after 30 minutes or more between deals.
    let mut spans: Vec<(u64, i64)> = Vec::new();
    let mut rows: BTreeMap<(usize, String), (u64, u64, f64, f64)> = BTreeMap::new();
    let mut last: Option<chrono::NaiveDateTime> = None;
    for hand in history["hands"].as_array().unwrap().iter().rev() {
        let time = chrono::NaiveDateTime::parse_from_str(hand["played_at"].as_str().unwrap(), "%Y-%m-%dT%H:%M:%S").unwrap();
        match last {
            Some(last) if (time - last).num_minutes() < 30 => {
                let span = spans.last_mut().unwrap();
                span.0 += 1;
                span.1 += (time - last).num_seconds();
            }
            _ => spans.push((1, 0)),
        }
        last = Some(time);
        let row = rows.entry((spans.len() - 1, hand["table"].as_str().unwrap().to_string())).or_default();
        row.0 += 1;
        row.1 += u64::from(hand["mistake"] == true);
        row.2 += hand["ev_given_up"].as_f64().unwrap();
        row.3 += hand["ev_given_up_chips"].as_f64().unwrap();
    }
    assert_eq!(spans.len(), 3);
    for game in ["jacks-or-better", "double-double-bonus-9-5"] {
        let progress = play(&db, "2026-11-03", &["progress", "--game", game, "--json"]);
        let sessions = progress["sessions"].as_array().unwrap();
        assert_eq!(sessions.len(), 3, "{game}");
        for (i, s) in sessions.iter().enumerate() {
            let (decisions, mistakes, ev, chips) = rows[&(i, game.to_string())];
            assert_eq!((s["decisions"].as_u64().unwrap(), s["mistakes"].as_u64().unwrap()), (decisions, mistakes), "{game} {i}");
            assert!((s["ev_given_up"].as_f64().unwrap() - ev).abs() < 1e-12, "{game} {i}");
            assert!((s["chips_given_up"].as_f64().unwrap() - chips).abs() < 1e-9, "{game} {i}");
            let minutes = decisions as f64 * spans[i].1 as f64 / (spans[i].0 - 1) as f64 / 60.0;
            assert!((s["minutes"].as_f64().unwrap() - minutes).abs() < 1e-9, "{game} {i}: {s}");
            assert_eq!(s["started"], starts[i], "the session started at its first deal");
        }
        let ys: Vec<f64> = sessions.iter().map(|s| s["ev_given_up_per_100"].as_f64().unwrap()).collect();
        let (mx, my) = (1.0, ys.iter().sum::<f64>() / 3.0);
        let slope = ys.iter().enumerate().map(|(i, y)| (i as f64 - mx) * (y - my)).sum::<f64>() / 2.0;
        assert!((progress["session_trend"]["per_session"].as_f64().unwrap() - slope).abs() < 1e-9, "{game}");
        assert!((progress["session_trend"]["first"].as_f64().unwrap() - (my - slope * mx)).abs() < 1e-9, "{game}");
    }
    // Jacks or Better: 48 minutes at a deal every two minutes, so 30 an hour.
    let jacks = play(&db, "2026-11-03", &["progress", "--game", "jacks-or-better"]);
    let per_hour = &jacks["per_hour"];
    let minutes: f64 = jacks["sessions"].as_array().unwrap().iter().map(|s| s["minutes"].as_f64().unwrap()).sum();
    let chips: f64 = (0..3).map(|i| rows[&(i, "jacks-or-better".to_string())].3).sum();
    assert!((per_hour["hours"].as_f64().unwrap() - minutes / 60.0).abs() < 1e-12, "{per_hour}");
    assert!((per_hour["decisions"].as_f64().unwrap() - 30.0).abs() < 1e-9, "{per_hour}");
    assert!((per_hour["chips_given_up"].as_f64().unwrap() - chips / (minutes / 60.0)).abs() < 1e-9, "{per_hour}");
    assert_eq!(per_hour["sessions"], 3);
    // The library table: 12 minutes in all, too little to say.
    assert_eq!(play(&db, "2026-11-03", &["progress", "--game", "double-double-bonus-9-5"])["per_hour"], Value::Null);
    // A time that is no time is a usage error.
    let out = Command::new(env!("CARGO_BIN_EXE_vpoker"))
        .args(["play", "--db"])
        .arg(&db)
        .args(["--today", "2026-11-03T25:00:00", "state"])
        .output()
        .unwrap();
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("YYYY-MM-DDTHH:MM:SS"));
}
