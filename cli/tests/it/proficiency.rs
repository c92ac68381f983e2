//! `vpoker play proficiency`, run through the real binary: the check's questions are the hands
//! `vpoker drill --source hard --count 25` prints from the documented seed, answers go in order
//! with typed refusals (exit 1) that change nothing, the score comes once all 25 are answered, and
//! the curve keeps the checks by date.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn run(db: &Path, today: &str, args: &[&str]) -> (Value, Output) {
    let out = Command::new(env!("CARGO_BIN_EXE_vpoker"))
        .arg("play")
        .arg("--db")
        .arg(db)
        .args(["--today", today])
        .args(args)
        .output()
        .expect("the vpoker binary runs");
    let text = String::from_utf8(out.stdout.clone()).expect("UTF-8 output");
    (serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: {e}: {text}")), out)
}

fn play(db: &Path, today: &str, args: &[&str]) -> Value {
    let (value, out) = run(db, today, args);
    assert!(out.status.success(), "{args:?}: {value}");
    value
}

fn refused(db: &Path, today: &str, args: &[&str]) -> String {
    let (value, out) = run(db, today, args);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {value}");
    value["error"]["kind"].as_str().unwrap().to_string()
}

#[test]
fn play_proficiency_deals_the_documented_hands_answers_in_order_and_keeps_the_curve() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let game = "bonus-poker";
    let day = "2026-12-05";
    let check = play(&db, day, &["proficiency", "--game", game]);
    assert_eq!((check["total"].as_u64(), check["next"].as_u64(), check["done"].as_bool()), (Some(25), Some(0), Some(false)));
    // The seed rule, and the drill's own command deals the same 25 hands from it.
    let master = check["seed"].as_str().unwrap();
    let digest = sha256(format!("video-poker proficiency {day} {game}"));
    assert_eq!(master, digest);
    let drill = Command::new(env!("CARGO_BIN_EXE_vpoker"))
        .args(["drill", "--game", game, "--source", "hard", "--count", "25", "--json", "--seed", master])
        .output()
        .unwrap();
    let hands: Vec<Value> = String::from_utf8(drill.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let questions = check["questions"].as_array().unwrap();
    assert_eq!(hands.len(), 25);
    for (q, hand) in questions.iter().zip(&hands) {
        assert_eq!((&q["seed"], &q["cards"]), (&hand["seed"], &hand["cards"]));
        assert!(q["hold"].is_null() && q["review"].is_null());
    }
    // Refusals: out of order, the wrong date, then answered twice; each exit 1 and nothing changes.
    assert_eq!(refused(&db, day, &["proficiency", "--game", game, "--answer", "3", "--hold", "0"]), "proficiency-not-next");
    assert_eq!(
        refused(&db, day, &["proficiency", "--game", game, "--answer", "0", "--hold", "0", "--date", "2026-12-04"]),
        "proficiency-other-day"
    );
    assert_eq!(play(&db, day, &["proficiency", "--game", game]), check, "a refusal changes nothing");
    // Answer all 25: the best hold (from the drill's own list) on every third, nothing otherwise.
    let mut state = check.clone();
    for (i, hand) in hands.iter().enumerate() {
        let hold = if i % 3 == 0 { hand["best"].to_string() } else { "00000".to_string() };
        state = play(&db, day, &["proficiency", "--game", game, "--answer", &i.to_string(), "--hold", &hold]);
        assert_eq!(state["questions"][i]["hold"], if i % 3 == 0 { hand["best"].clone() } else { Value::from(0) });
    }
    assert_eq!(refused(&db, day, &["proficiency", "--game", game, "--answer", "0", "--hold", "0"]), "proficiency-done");
    assert!(state["done"].as_bool().unwrap() && state["next"].is_null());
    let (mut best, mut given_up) = (0, 0.0);
    for q in state["questions"].as_array().unwrap() {
        let review = &q["review"];
        best += u64::from(review["mark"] == "best");
        given_up += review["ev_given_up"].as_f64().unwrap();
    }
    assert_eq!(state["score"]["best_holds"].as_u64(), Some(best));
    assert!((state["score"]["ev_given_up"].as_f64().unwrap() - given_up).abs() < 1e-12);
    assert!(best >= 9);
    // Kept by date: the next day's check has other hands and the curve has this one.
    let next = play(&db, "2026-12-06", &["proficiency", "--game", game]);
    assert_ne!(next["questions"][0]["seed"], check["questions"][0]["seed"]);
    assert_eq!(next["curve"]["checks"].as_array().unwrap().len(), 1);
    assert_eq!(next["curve"]["checks"][0]["date"], day);
    assert_eq!(next["curve"]["checks"][0]["best_holds"], state["score"]["best_holds"]);
    assert!(next["curve"]["trend"].is_null());
    assert!(play(&db, "2026-12-06", &["audit"])["ok"].as_bool().unwrap());
}

/// SHA-256 as hex, by the system's `sha256sum` (an independent tool).
fn sha256(text: String) -> String {
    use std::io::Write;
    let mut child = Command::new("sha256sum").stdin(std::process::Stdio::piped()).stdout(std::process::Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap().split_whitespace().next().unwrap().to_string()
}
