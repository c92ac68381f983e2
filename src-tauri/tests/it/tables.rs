//! The casino tables' commands through the mock runtime: the library with returns, the play
//! screen's view of a table, a practice hand
//! dealt, hinted and drawn on a library table by the one set of play commands, its figures, the
//! one-hand-in-progress rule, refusals.

use serde_json::json;

use crate::common::{app_on, ok, refused};

#[test]
fn a_library_table_is_practised_through_the_commands() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = app_on(&dir.path().join("vpoker.db"));
    let library = ok(&window, "library", json!({}));
    let library = library.as_array().unwrap();
    assert!(library.len() >= 15);
    let ddb = library.iter().find(|t| t["id"] == "double-double-bonus").unwrap();
    assert!((ddb["return"].as_f64().unwrap() - 0.9898).abs() < 0.00005);
    let chips = ok(&window, "get_state", json!({}))["chips"].clone();
    // The one play screen's view: the table as the library lists it, in practice only; a machine's
    // for chips; an unknown id refused.
    // (A former id views its one table.)
    let view = ok(&window, "table_view", json!({ "table": "double-double-bonus-9-6" }));
    assert_eq!((&view["practice_only"], &view["library"], &view["return"], &view["plain"]["table"]), (&json!(true), &json!(true), &ddb["return"], &json!("double-double-bonus")));
    assert_eq!(ok(&window, "table_view", json!({ "table": "jacks-or-better" }))["practice_only"], false);
    assert_eq!(refused(&window, "table_view", json!({ "table": "nope" }))["kind"], "unknown-table");
    let practice = |table: &str, bet: u32| json!({ "table": table, "bet": bet, "hands": 1, "practice": true });
    let hand = ok(&window, "deal", practice("double-double-bonus-9-6", 5))["hand"].clone();
    assert_eq!((hand["table"].as_str(), &hand["machine"]), (Some("double-double-bonus"), &serde_json::Value::Null), "the former id deals the kicker game's own table");
    assert_eq!(ok(&window, "get_state", json!({}))["hand"], hand, "the screen can resume it");
    // One hand in progress across the game.
    let blocked = refused(&window, "deal", json!({ "table": "jacks-or-better", "bet": 5, "hands": 1, "practice": false }));
    assert_eq!(blocked["kind"], "hand-in-progress");
    let hint = ok(&window, "hint", json!({}));
    assert_eq!(hint["holds"].as_array().unwrap().len(), 32);
    assert_eq!((&hint["table"], &hint["chart"]), (&hand["table"], &serde_json::Value::Null), "a library table's chart is asked apart");
    let drawn = ok(&window, "draw", json!({ "hold": hint["best_hold"] }));
    assert_eq!(drawn["last_hand"]["mistake"], false);
    assert_eq!(ok(&window, "table_stats", json!({ "table": "double-double-bonus-9-6", "practice": true }))["deals"], 1);
    assert_eq!(drawn["hand"], serde_json::Value::Null);
    assert_eq!(drawn["chips"], chips, "no chips");
    assert_eq!(refused(&window, "deal", practice("nope", 5))["kind"], "unknown-table");
    assert_eq!(refused(&window, "deal", practice("not-so-ugly-deuces", 7))["kind"], "invalid-bet");
    assert_eq!(refused(&window, "table_tiers", json!({ "table": "nope" }))["kind"], "unknown-table");
}

#[test]
fn a_tables_hard_decisions_are_drilled_with_the_drill_commands_and_its_chart_cost_listed() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = app_on(&dir.path().join("vpoker.db"));
    let chips = ok(&window, "get_state", json!({}))["chips"].clone();
    let question = ok(&window, "drill_next", json!({ "table": "triple-double-bonus-9-7", "source": "hard" }));
    assert_eq!((question["table"].as_str(), question["source"].as_str()), (Some("triple-double-bonus"), Some("hard")), "a former id drills the one table");
    assert_eq!(question["tally"]["answered"], 0);
    let seed = question["seed"].as_str().unwrap().to_string();
    assert_eq!(seed.len(), 64, "a fresh OS seed, sent back with the answer");
    // The question goes back whole; the core deals the same hand again (cards sent back are not read).
    let mut doctored = question.clone();
    doctored["cards"] = json!(["As", "Ks", "Qs", "Js", "Ts"]);
    let verdict = ok(&window, "drill_answer", json!({ "question": doctored, "hold": 0 }));
    assert_eq!(verdict["cards"], question["cards"], "the core dealt the same hand again");
    assert_eq!(verdict["holds"].as_array().unwrap().len(), 32);
    assert_eq!(verdict["tally"]["answered"], 1);
    let best = verdict["best_hold"].clone();
    let again = ok(&window, "drill_answer", json!({ "question": question, "hold": best }));
    assert_eq!(again["correct"], true);
    let tally = |window: &_| ok(window, "drill_tallies", json!({ "table": "triple-double-bonus-9-7" }))["hard"]["answered"].clone();
    assert_eq!(tally(&window), 2);
    assert_eq!(ok(&window, "get_state", json!({}))["chips"], chips, "no chips");
    let asked = |seed: &str, source: &str| json!({ "table": "triple-double-bonus-9-7", "source": source, "seed": seed });
    assert_eq!(refused(&window, "drill_answer", json!({ "question": asked("xyz", "hard"), "hold": 0 }))["kind"], "invalid-seed");
    let no_seed = json!({ "question": { "table": "triple-double-bonus-9-7", "source": "hard" }, "hold": 0 });
    assert_eq!(refused(&window, "drill_answer", no_seed)["kind"], "invalid-seed");
    assert_eq!(refused(&window, "drill_answer", json!({ "question": asked(&seed, "easy"), "hold": 0 }))["kind"], "unknown-drill-source");
    assert_eq!(refused(&window, "drill_answer", json!({ "question": asked(&seed, "mistakes"), "hold": 0 }))["kind"], "unknown-hand");
    assert_eq!(refused(&window, "drill_answer", json!({ "question": asked(&seed, "hard"), "hold": 32 }))["kind"], "invalid-hold");
    assert_eq!(refused(&window, "drill_next", json!({ "table": "nope", "source": "hard" }))["kind"], "unknown-table");
    assert_eq!(tally(&window), 2, "refusals count nothing");
    let cost = ok(&window, "library_chart_cost", json!({ "table": "jacks-or-better-8-5" }));
    assert_eq!(cost["table"], "jacks-or-better-8-5");
    let (chart, optimal) = (cost["chart_return"].as_f64().unwrap(), cost["optimal_return"].as_f64().unwrap());
    assert!(chart <= optimal && (optimal - 0.972984).abs() < 1e-6, "{cost}");
    assert!((cost["cost"].as_f64().unwrap() - (optimal - chart)).abs() < 1e-15);
    assert_eq!(refused(&window, "library_chart_cost", json!({ "table": "lab:x" }))["kind"], "unknown-table");
    // The table's charts in three tiers: within their budgets, costs not rising with the tier, the
    // expert's the chart whose cost the library lists.
    let tiers = ok(&window, "table_tiers", json!({ "table": "jacks-or-better-8-5" }));
    let tiers = tiers.as_array().unwrap();
    let names: Vec<&str> = tiers.iter().map(|t| t["tier"].as_str().unwrap()).collect();
    assert_eq!(names, ["beginner", "intermediate", "expert"]);
    let costs: Vec<f64> = tiers.iter().map(|t| t["chart"]["cost"].as_f64().unwrap()).collect();
    assert!(costs[0] >= costs[1] && costs[1] >= costs[2], "{costs:?}");
    for tier in tiers {
        assert!(tier["chart"]["lines"].as_array().unwrap().len() <= tier["max_lines"].as_u64().unwrap() as usize, "{tier}");
    }
    assert!((costs[2] - cost["cost"].as_f64().unwrap()).abs() < 1e-12, "expert {} against the listed {}", costs[2], cost["cost"]);
}

/// The hand analyser through the mock runtime: five cards on a machine and on its Ultimate X
/// table, every hold best first with a distribution that sums to one, the chart line, a chosen
/// hold weighed; refusals typed, and nothing changes.
#[test]
fn the_analyser_answers_any_five_cards_on_any_table() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = app_on(&dir.path().join("vpoker.db"));
    let before = ok(&window, "get_state", json!({}));
    let asked = json!({ "table": "jacks-or-better", "cards": "Ah Kh Qh Jh 9c", "hold": 15 });
    let analysis = ok(&window, "analyse_hand", asked);
    let holds = analysis["holds"].as_array().unwrap();
    assert_eq!(holds.len(), 32);
    assert_eq!((&analysis["best_hold"], &holds[0]["hold"]), (&json!(15), &json!(15)), "the four to the royal");
    for hold in holds {
        let total: f64 = hold["probabilities"].as_array().unwrap().iter().map(|p| p.as_f64().unwrap()).sum();
        assert!((total - 1.0).abs() < 1e-12, "{hold}");
    }
    assert_eq!(analysis["chosen"]["cost"], 0.0);
    assert!(analysis["chart"]["line"]["rank"].as_u64().is_some(), "{}", analysis["chart"]);
    let ux = ok(&window, "analyse_hand", json!({ "table": "ultimate-x:jacks-or-better", "cards": "Ah Kh Qh Jh 9c", "lines": 3 }));
    assert_eq!(ux["screen"]["multipliers"].as_array().unwrap().len(), 3);
    let refusal = |args: serde_json::Value| refused(&window, "analyse_hand", args)["kind"].clone();
    assert_eq!(refusal(json!({ "table": "nope", "cards": "Ah Kh Qh Jh 9c" })), "unknown-table");
    assert_eq!(refusal(json!({ "table": "jacks-or-better", "cards": "Ah Ah Qh Jh 9c" })), "invalid-cards");
    assert_eq!(refusal(json!({ "table": "jacks-or-better", "cards": "Ah Kh Qh Jh 9c", "hold": 32 })), "invalid-hold");
    assert_eq!(refusal(json!({ "table": "ultimate-x:jacks-or-better", "cards": "Ah Kh Qh Jh 9c", "lines": 3, "multipliers": "1,1,99" })), "invalid-screen");
    assert_eq!(ok(&window, "get_state", json!({})), before, "the analyser changes nothing");
}
