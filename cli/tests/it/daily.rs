//! Today's ten deals through the CLI: the derivation against docs/DAILY.md's vectors and an
//! independent rebuild (`scripts/daily.py`), the same ten deals in two fresh databases, a day played
//! with the best holds (10 of 10, nothing given up, A+) and with every card held (the exact EV given
//! up), no chips or XP moved, a second attempt refused, and a day resumed after kills.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::Value;
use vpoker::card::Card;
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::strategy::hand_evs;

use crate::common::{json, text, vpoker};

const DATE: &str = "2026-12-02";

fn play(db: &Path, args: &[&str]) -> Value {
    let mut all = vec!["play", "--db", db.to_str().unwrap(), "--today", DATE];
    all.extend_from_slice(args);
    json(&all)
}

fn cards(value: &Value) -> [Card; 5] {
    let cards: Vec<Card> = value.as_array().unwrap().iter().map(|c| c.as_str().unwrap().parse().unwrap()).collect();
    cards.try_into().unwrap()
}

#[test]
fn the_documented_vectors_are_what_the_cli_and_the_python_rebuild_print() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/DAILY.md")).unwrap();
    let blocks: Vec<&str> = doc.split("```text\n").skip(1).map(|b| b.split("```").next().unwrap()).collect();
    let mut days = 0;
    for block in &blocks {
        if let Some(rest) = block.strip_prefix("$ vpoker daily --date ") {
            let (date, expected) = rest.split_once('\n').unwrap();
            let out = vpoker(&["daily", "--date", date]);
            assert_eq!(text(&out.stdout), expected, "{date}");
            let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/daily.py");
            for format in [&[][..], &["--json"][..]] {
                let python = Command::new("python3").arg(script).arg(date).args(format).output().expect("python3 runs");
                let mut args = vec!["daily", "--date", date];
                args.extend_from_slice(format);
                assert_eq!(text(&python.stdout), text(&vpoker(&args).stdout), "{date} {format:?}");
            }
            days += 1;
        } else {
            for line in block.lines() {
                let (date, machine) = line.split_once(' ').unwrap();
                let out = json(&["daily", "--date", date, "--json"]);
                assert_eq!(out["machine"].as_str(), Some(machine), "{date}");
            }
        }
    }
    assert_eq!(days, 2);
}

#[test]
fn two_fresh_games_get_the_same_ten_deals_and_the_best_holds_score_ten() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.db"), dir.path().join("b.db"));
    let listed = json(&["daily", "--date", DATE, "--json"]);
    let before = play(&a, &["state"]);
    let mut state = play(&a, &["daily"]);
    assert_eq!((state["machine"].as_str(), state["index"].as_u64()), (Some("deuces-wild"), Some(0)));
    for i in 0..10 {
        let dealt = cards(&state["hand"]["cards"]);
        assert_eq!(state["hand"]["cards"], listed["deals"][i]["cards"], "deal {i}");
        assert_eq!(play(&b, &["daily"])["hand"]["cards"], state["hand"]["cards"], "deal {i} in another game");
        let best = hand_evs(MachineId::DeucesWild, &dealt).best();
        state = play(&a, &["daily-draw", "--hold", &best.mask().to_string()]);
        play(&b, &["daily-draw", "00000"]);
        // No verdict during the day: the review comes with the score.
        assert!(state["done"] == true || state["results"][i]["review"].is_null(), "deal {i}");
    }
    assert_eq!(state["done"], true);
    assert_eq!(state["score"]["best_holds"], 10);
    assert_eq!((state["score"]["ev_given_up"].as_f64(), state["score"]["grade"].as_str()), (Some(0.0), Some("A+")));
    assert!(state["results"].as_array().unwrap().iter().all(|r| r["review"]["mark"] == "best"));
    // The share text in each of the UI's languages: its words, date and decimals as the UI writes
    // them, then the marks, then the history's head as the state shows it; no card.
    let marks = "🟩".repeat(10);
    let head = play(&a, &["state"])["head"].clone();
    let (records, hex) = (head["records"].as_u64().unwrap(), head["hex"].as_str().unwrap());
    let share = |lang: &str| state["share"][lang].as_str().unwrap_or_else(|| panic!("no share text in {lang}")).to_string();
    assert_eq!(
        share("en"),
        format!("Video Poker · Dec 2, 2026 · Deuces Wild · 10/10 · EV −0.000 · A+\n{marks}\nHistory head (records: {records}): {hex}")
    );
    assert_eq!(
        share("de"),
        format!("Video Poker · 02.12.2026 · Deuces Wild · 10/10 · EV −0,000 · A+\n{marks}\nKopf des Verlaufs (Einträge: {records}): {hex}")
    );
    assert_eq!(
        share("pt"),
        format!("Video Poker · 2 de dez. de 2026 · Deuces Wild · 10/10 · EV −0,000 · A+\n{marks}\nCabeça do histórico (registros: {records}): {hex}")
    );
    assert_eq!(
        share("ja"),
        format!("ビデオポーカー｜2026/12/02｜デュース・ワイルド｜10/10｜期待値 −0.000｜A+\n{marks}\n履歴ヘッド（記録数: {records}）: {hex}")
    );
    assert_eq!(state["share"].as_object().map(|o| o.len()), Some(4));
    let words: String = share("en").lines().take(2).collect();
    assert!(!words.contains(&listed["deals"][0]["cards"][0].as_str().unwrap().to_string()));
    // The head shared is one `verify --all --head` holds the game to.
    let held = vpoker(&["verify", "--all", "--db", a.to_str().unwrap(), "--head", hex]);
    assert_eq!(held.status.code(), Some(0), "{}", String::from_utf8_lossy(&held.stdout));
    assert_eq!((state["streak"].as_u64(), state["best"]["best_holds"].as_u64()), (Some(1), Some(10)));
    // Nothing else moved: chips, XP, the daily chips.
    let after = play(&a, &["state"]);
    for key in ["chips", "xp", "level", "daily"] {
        assert_eq!(after[key], before[key], "{key}");
    }
    // The date is played once.
    let again = vpoker(&["play", "--db", a.to_str().unwrap(), "--today", DATE, "daily-draw", "00000"]);
    assert_eq!(again.status.code(), Some(1));
    let refused: Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!((refused["error"]["kind"].as_str(), refused["error"]["day"].as_str()), (Some("daily-deals-done"), Some(DATE)));
    assert_eq!(play(&a, &["daily"]), state);
    // The milestones say so: a perfect day, the first of a run of days; no chips for it.
    let milestones = play(&a, &["milestones"]);
    let of = |id: &str| milestones.as_array().unwrap().iter().find(|m| m["id"] == id).cloned().unwrap();
    assert_eq!((of("perfect-day")["reached"].as_bool(), of("perfect-day")["progress"].as_u64()), (Some(true), Some(10)));
    assert_eq!((of("daily-7")["reached"].as_bool(), of("daily-7")["progress"].as_u64(), of("daily-7")["goal"].as_u64()), (Some(false), Some(1), Some(7)));
    assert!(milestones.as_array().unwrap().iter().all(|m| m["reached_on"].is_null()), "listing announces nothing");
    assert_eq!(play(&b, &["milestones"]).as_array().unwrap().iter().filter(|m| m["reached"] == true).count(), 0);
    assert_eq!(play(&a, &["state"])["chips"], before["chips"]);
    // The next day continues the streak.
    let next = json(&["play", "--db", a.to_str().unwrap(), "--today", "2026-12-03", "daily"]);
    assert_eq!((next["streak"].as_u64(), next["machine"].as_str(), next["days"].as_array().map(Vec::len)), (Some(1), Some("bonus-poker"), Some(1)));
}

#[test]
fn holding_every_card_gives_up_exactly_the_ev_the_solver_says() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let mut expected = 0.0;
    let mut best_holds = 0;
    let mut state = play(&db, &["daily"]);
    while state["done"] == false {
        let evs = hand_evs(MachineId::DeucesWild, &cards(&state["hand"]["cards"]));
        if evs.is_mistake(Hold::ALL) {
            expected += evs.cost(Hold::ALL);
        } else {
            best_holds += 1;
        }
        state = play(&db, &["daily-draw", "11111"]);
    }
    assert_eq!(state["score"]["best_holds"], best_holds);
    let given_up = state["score"]["ev_given_up"].as_f64().unwrap();
    assert!((given_up - expected).abs() < 1e-12, "{given_up} against {expected}");
    let reviews: f64 = state["results"].as_array().unwrap().iter().map(|r| r["review"]["ev_given_up"].as_f64().unwrap()).sum();
    assert!((reviews - given_up).abs() < 1e-12);
    for r in state["results"].as_array().unwrap() {
        assert_eq!(r["final"], r["cards"], "holding all five draws nothing");
        let holds = r["review"]["holds"].as_array().unwrap();
        assert_eq!(holds.len(), 32);
        assert_eq!(holds[0]["hold"], r["review"]["best_hold"], "best first");
    }
}

/// `daily-draw` killed with SIGKILL at moments spread over its run: after each, the day reads back
/// whole (as many deals played as draws that finished, in order) and the next draw resumes it.
#[test]
fn a_day_killed_part_way_resumes_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let mut finished = 0;
    let mut kills = 0;
    for attempt in 0..40u64 {
        if finished == 10 {
            break;
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_vpoker"))
            .args(["play", "--db", db.to_str().unwrap(), "--today", DATE, "daily-draw", "10101"])
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(attempt * 7 % 60));
        if child.try_wait().unwrap().is_none() {
            child.kill().unwrap();
            kills += 1;
        }
        child.wait().unwrap();
        let state = play(&db, &["daily"]);
        let played = state["results"].as_array().unwrap().len();
        assert!(played == finished || played == finished + 1, "{played} after {finished}");
        assert_eq!(state["index"].as_u64(), Some(played as u64));
        finished = played;
    }
    while finished < 10 {
        finished = play(&db, &["daily-draw", "10101"])["results"].as_array().unwrap().len();
    }
    assert_eq!(play(&db, &["daily"])["done"], true);
    assert!(json(&["play", "--db", db.to_str().unwrap(), "audit"])["ok"].as_bool().unwrap());
    assert!(kills > 0, "some runs were killed part way");
}
