//! The coach's commands through Tauri's mock runtime, under the real capabilities: the figures after
//! a few hands, the session card, sessions, a drill round and the review queue.

use crate::common::{app_on, invoke, ok};
use serde_json::json;

#[test]
fn the_coach_commands_answer_with_the_cores_figures() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = app_on(&dir.path().join("vpoker.db"));
    let arrival = ok(&window, "foreground", json!({}));
    assert_eq!(arrival["new"], true);
    for _ in 0..12 {
        ok(&window, "deal", json!({ "table": "jacks-or-better", "bet": 5, "hands": 1, "practice": false }));
        ok(&window, "draw", json!({ "hold": 31 }));
    }
    assert_eq!(ok(&window, "foreground", json!({}))["new"], false, "seconds later: the same session");
    let coach = ok(&window, "coach", json!({}));
    let jacks = coach["real"].as_array().unwrap().iter().find(|m| m["machine"] == "jacks-or-better").unwrap().clone();
    assert_eq!(jacks["all"]["deals"], 12);
    assert!(jacks["chart"].as_array().unwrap().len() >= 2);
    let card = ok(&window, "session_card", json!({ "machine": "jacks-or-better", "practice": false }));
    assert_eq!((card["figures"]["deals"].as_u64(), card["worth_showing"].as_bool()), (Some(12), Some(true)));
    ok(&window, "background", json!({}));

    let chips_before = ok(&window, "get_state", json!({}))["chips"].clone();
    // The review queue holds the mistaken deals; a drill answer is judged and counted.
    let mistakes = ok(&window, "mistakes", json!({ "limit": 50 }));
    let queued = mistakes.as_array().unwrap().len();
    assert!(queued > 0);
    let question = ok(&window, "drill_next", json!({ "table": "jacks-or-better", "source": "mistakes" }));
    assert!(question["hand"].is_i64());
    let verdict = ok(&window, "drill_answer", json!({ "question": question, "hold": 31 }));
    assert_eq!(verdict["correct"], false);
    assert_eq!(verdict["holds"].as_array().unwrap().len(), 32);
    // Answered wrong today, it comes back tomorrow: one fewer due today, as many queued.
    assert!(verdict["next_due"].is_string(), "{verdict}");
    let review = ok(&window, "review", json!({ "limit": 0 }));
    let jacks = review["games"].as_array().unwrap().iter().find(|g| g["table"] == "jacks-or-better").unwrap().clone();
    assert_eq!((jacks["due"].as_u64(), jacks["queued"].as_u64()), (Some(queued as u64 - 1), Some(queued as u64)));
    assert!(review["due"].as_array().unwrap().is_empty());
    // The game's progress: today's decisions, every one drawn on it.
    let progress = ok(&window, "progress", json!({ "table": "jacks-or-better", "days": 30 }));
    let days = progress["days"].as_array().unwrap();
    assert_eq!(days.len(), 1);
    assert!(days[0]["decisions"].as_u64().unwrap() >= 12 && progress["trend"].is_null(), "{progress}");
    let refused = invoke(&window, "progress", json!({ "table": "jacks-or-better", "days": 400 })).unwrap_err();
    assert_eq!(refused["kind"], "progress-limit");
    let hard = ok(&window, "drill_next", json!({ "table": "jacks-or-better", "source": "hard" }));
    assert!(hard["hand"].is_null() && hard["seed"].as_str().unwrap().len() == 64, "{hard}");
    let best = ok(&window, "drill_answer", json!({ "question": hard, "hold": 0 }))["best_hold"].clone();
    let again = ok(&window, "drill_answer", json!({ "question": hard, "hold": best }));
    assert_eq!(again["correct"], true);
    let tallies = ok(&window, "drill_tallies", json!({ "table": "jacks-or-better" }));
    assert_eq!((tallies["hard"]["answered"].as_u64(), tallies["mistakes"]["answered"].as_u64()), (Some(2), Some(1)));
    // Chips never move in training.
    assert_eq!(ok(&window, "get_state", json!({}))["chips"], chips_before);
    let err = invoke(&window, "drill_next", json!({ "table": "jacks-or-better", "source": "random" })).unwrap_err();
    assert_eq!((err["kind"].as_str(), err["source"].as_str()), (Some("unknown-drill-source"), Some("random")));
}

#[test]
fn a_chart_drill_round_and_the_warm_up_answered_through_the_commands() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = app_on(&dir.path().join("vpoker.db"));
    ok(&window, "set_setting", json!({ "key": "chart-tier", "value": "beginner" }));
    // A chart question by the player's tier, sent back whole: judged, with the chart's line and cost.
    let question = ok(&window, "drill_next", json!({ "table": "jacks-or-better", "source": "chart" }));
    assert_eq!((question["source"].as_str(), question["tier"].as_str()), (Some("chart"), Some("beginner")), "{question}");
    let verdict = ok(&window, "drill_answer", json!({ "question": question, "hold": 0 }));
    let chart = &verdict["chart"];
    assert_eq!(chart["tier"], "beginner");
    assert!(chart["ev_given_up"].as_f64().unwrap() > 0.0 && chart["line"]["rank"].as_u64().unwrap() >= 1, "{verdict}");
    // A question sent back with a tier that is none, or on Ultimate X: typed refusals.
    let mut bad = question.clone();
    bad["tier"] = json!("master");
    assert_eq!(invoke(&window, "drill_answer", json!({ "question": bad, "hold": 0 })).unwrap_err()["kind"], "unknown-chart-tier");
    let ux = invoke(&window, "drill_next", json!({ "table": "ultimate-x:jacks-or-better", "source": "chart" })).unwrap_err();
    assert_eq!((ux["kind"].as_str(), ux["reason"].as_str()), (Some("no-tier-chart"), Some("ultimate-x")));
    // Answering the day's warm-up offers: the state, the date stored.
    let state = ok(&window, "answer_warm_up", json!({}));
    assert!(state["settings"]["warm_up_answered"].is_string(), "{state}");
    assert!(state["machines"].as_array().unwrap().iter().all(|m| m["warm_up"].is_null()));
}

/// A machine last played eight days before the device's date: the warm-up taken through the
/// command, its decisions counted by the core in the drill verdicts and the state.
#[test]
fn a_warm_up_taken_through_the_commands_is_counted_by_the_core() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("vpoker.db");
    let mut game = vpoker::game::Game::open(&db).unwrap();
    let request = vpoker::game::DealRequest::machine(
        vpoker::machine::MachineId::JacksOrBetter,
        vpoker::game::Bet::new(5).unwrap(),
        vpoker::game::Lines::new(1).unwrap(),
        false,
    );
    let away = chrono::Local::now().date_naive() - chrono::Days::new(8);
    let state = game.deal(request, vpoker::shuffle::Seed::from_bytes([7; 32]), crate::common::m(away)).unwrap();
    game.draw(state.hand.unwrap().best_hold, crate::common::m(away)).unwrap();
    drop(game);
    let (_app, window) = app_on(&db);
    let state = ok(&window, "get_state", json!({}));
    assert_eq!(state["machines"][0]["warm_up"]["days_away"], 8, "{state}");
    assert!(state["warm_up_run"].is_null());
    let refused = invoke(&window, "take_warm_up", json!({ "table": "deuces-wild" })).unwrap_err();
    assert_eq!((refused["kind"].as_str(), refused["table"].as_str()), (Some("no-warm-up"), Some("deuces-wild")));
    let taken = ok(&window, "take_warm_up", json!({ "table": "jacks-or-better" }));
    assert_eq!(taken["warm_up_run"], json!({ "table": "jacks-or-better", "decisions": 5, "answered": 0, "done": false }));
    assert!(taken["machines"][0]["warm_up"].is_null(), "the day's offers answered");
    for n in 1..=5 {
        let question = ok(&window, "drill_next", json!({ "table": "jacks-or-better", "source": "hard" }));
        let verdict = ok(&window, "drill_answer", json!({ "question": question, "hold": 0 }));
        assert_eq!(verdict["warm_up"], json!({ "table": "jacks-or-better", "decisions": 5, "answered": n, "done": n == 5 }));
    }
    assert_eq!(ok(&window, "get_state", json!({}))["warm_up_run"]["done"], true);
}

#[test]
fn the_proficiency_check_is_read_and_answered_on_todays_date_only() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = app_on(&dir.path().join("vpoker.db"));
    let check = ok(&window, "proficiency", json!({ "table": "deuces-wild" }));
    assert_eq!((check["total"].as_u64(), check["next"].as_u64()), (Some(25), Some(0)), "{check}");
    let date = check["date"].as_str().unwrap().to_string();
    let after = ok(&window, "proficiency_answer", json!({ "table": "deuces-wild", "date": date, "index": 0, "hold": 3 }));
    assert_eq!((after["next"].as_u64(), after["questions"][0]["hold"].as_u64()), (Some(1), Some(3)));
    let twice = invoke(&window, "proficiency_answer", json!({ "table": "deuces-wild", "date": date, "index": 0, "hold": 3 })).unwrap_err();
    assert_eq!(twice["kind"], "proficiency-answered");
    for other in ["1999-01-01", "yesterday"] {
        let refused = invoke(&window, "proficiency_answer", json!({ "table": "deuces-wild", "date": other, "index": 1, "hold": 3 })).unwrap_err();
        assert_eq!((refused["kind"].as_str(), refused["day"].as_str()), (Some("proficiency-other-day"), Some(other)));
    }
    let bad = invoke(&window, "proficiency_answer", json!({ "table": "deuces-wild", "date": date, "index": 1, "hold": 32 })).unwrap_err();
    assert_eq!(bad["kind"], "invalid-hold");
    assert_eq!(ok(&window, "proficiency", json!({ "table": "deuces-wild" })), after, "refusals change nothing");
}
