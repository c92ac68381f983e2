//! Strategy charts and the paytable lab through Tauri's mock runtime, under the real capabilities.

use crate::common::{app_on, invoke};
use serde_json::json;

#[test]
fn charts_and_the_paytable_lab_answer_and_refuse_in_types() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = app_on(&dir.path().join("vpoker.db"));
    let chart = invoke(&window, "chart", json!({ "machine": "jacks-or-better" })).unwrap();
    let lines = chart["lines"].as_array().unwrap();
    assert!(!lines.is_empty() && lines.len() <= 40);
    assert!(chart["optimal_return"].as_f64().unwrap() - chart["chart_return"].as_f64().unwrap() <= 0.0003);

    let pays = json!([{ "row": "full-house", "pay": "8" }, { "row": "flush", "pay": "5" }]);
    let analysis = invoke(&window, "paytable_analyze", json!({ "base": "jacks-or-better", "pays": pays })).unwrap();
    assert!((analysis["return_rate"].as_f64().unwrap() - 0.972984).abs() < 0.000001, "8/5 Jacks or Better returns 97.2984 %: {analysis}");
    let lab_chart = invoke(&window, "paytable_chart", json!({ "base": "jacks-or-better", "pays": pays })).unwrap();
    assert!(lab_chart["lines"].as_array().unwrap().len() <= 40);

    let bad = json!([{ "row": "flush", "pay": "-3" }]);
    let refused = invoke(&window, "paytable_analyze", json!({ "base": "jacks-or-better", "pays": bad })).unwrap_err();
    assert_eq!(
        (refused["kind"].as_str(), refused["row"].as_str(), refused["problem"].as_str()),
        (Some("invalid-pay"), Some("flush"), Some("negative"))
    );

    let saved =
        invoke(&window, "lab_table_save", json!({ "name": "8/5", "base": "jacks-or-better", "pays": pays })).unwrap();
    assert_eq!(saved[0]["pays"][3], 8);
    assert_eq!(invoke(&window, "lab_tables", json!({})).unwrap(), saved);
    assert_eq!(invoke(&window, "lab_table_delete", json!({ "name": "8/5" })).unwrap(), json!([]));
    assert_eq!(invoke(&window, "lab_table_delete", json!({ "name": "8/5" })).unwrap_err()["kind"], "unknown-lab-table");
}

/// A library table copied into the lab on a kicker base (Double Double Bonus 9/6, as the library
/// lists it, the flush changed to 5): analysed as the library's 9/5, with the base's own 13 pays;
/// saved with its base as an id; practised as `lab:NAME`. An unknown base is a typed refusal.
#[test]
fn a_kicker_library_table_copied_into_the_lab_is_analysed_saved_and_practised() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = app_on(&dir.path().join("vpoker.db"));
    let library = invoke(&window, "library", json!({})).unwrap();
    let listed = |id: &str| library.as_array().unwrap().iter().find(|t| t["id"] == id).unwrap().clone();
    let ddb = listed("double-double-bonus");
    assert_eq!(ddb["base"], "double-double-bonus");
    let pays: Vec<serde_json::Value> = ddb["pays"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let pay = if p["row"] == "flush" { "5".to_string() } else { p["pay"].to_string() };
            json!({ "row": p["row"], "pay": pay })
        })
        .collect();
    let args = json!({ "base": "double-double-bonus", "pays": pays });
    let analysis = invoke(&window, "paytable_analyze", args.clone()).unwrap();
    assert_eq!(analysis["return_rate"], listed("double-double-bonus-9-5")["return"], "{analysis}");
    let base_pays = analysis["base_pays"].as_array().unwrap();
    assert_eq!(base_pays.len(), 13);
    assert_eq!((&base_pays[1]["row"], &base_pays[1]["pay"]), (&json!("four-aces-2-4-kicker"), &json!(400)));
    // No pays: the base's own table, its pays sent with it (what a fresh lab starts from).
    let own = invoke(&window, "paytable_analyze", json!({ "base": "triple-double-bonus", "pays": [] })).unwrap();
    assert_eq!(own["return_rate"], listed("triple-double-bonus")["return"]);
    assert_eq!(own["base_pays"][8], json!({ "row": "flush", "pay": 7 }));
    let machine = invoke(&window, "paytable_analyze", json!({ "base": "deuces-wild", "pays": [] })).unwrap();
    assert_eq!(machine["base_pays"].as_array().unwrap().len(), 10);

    let save = json!({ "name": "DDB 9/5", "base": "double-double-bonus", "pays": pays });
    let saved = invoke(&window, "lab_table_save", save).unwrap();
    let ddb_9_5 = [800, 400, 160, 160, 80, 50, 50, 9, 5, 4, 3, 1, 1];
    assert_eq!(saved, json!([{ "id": "lab:DDB 9/5", "name": "DDB 9/5", "base": "double-double-bonus", "pays": ddb_9_5 }]));
    let dealt = invoke(&window, "deal", json!({ "table": "lab:DDB 9/5", "bet": 5, "hands": 1, "practice": true })).unwrap();
    assert_eq!(dealt["hand"]["table"], "lab:DDB 9/5");
    let hint = invoke(&window, "hint", json!({})).unwrap();
    let drawn = invoke(&window, "draw", json!({ "hold": hint["best_hold"] })).unwrap();
    assert_eq!(drawn["last_hand"]["mistake"], false);
    assert_eq!(invoke(&window, "table_stats", json!({ "table": "lab:DDB 9/5", "practice": true })).unwrap()["deals"], 1);

    // A row the base does not have, and a base that is neither a machine nor a kicker game.
    let four = json!([{ "row": "four-of-a-kind", "pay": "25" }]);
    let args = json!({ "base": "double-double-bonus", "pays": four });
    let refused = invoke(&window, "paytable_analyze", args).unwrap_err();
    assert_eq!((refused["kind"].as_str(), refused["problem"].as_str()), (Some("invalid-pay"), Some("unknown-row")));
    for command in ["paytable_analyze", "paytable_chart"] {
        let refused = invoke(&window, command, json!({ "base": "pai-gow", "pays": [] })).unwrap_err();
        let typed = (refused["kind"].as_str(), refused["name"].as_str(), refused["value"].as_str());
        assert_eq!(typed, (Some("lab-unknown"), Some("base"), Some("pai-gow")), "{command}");
    }
    let refused = invoke(&window, "lab_table_save", json!({ "name": "x", "base": "pai-gow", "pays": [] })).unwrap_err();
    assert_eq!(refused["kind"], "lab-unknown");
    assert_eq!(invoke(&window, "lab_tables", json!({})).unwrap(), saved);
}

/// A variant's chart commands (the chart and its tiers) refuse, typed, a table that is no variant
/// (Joker Poker has none; a plain table is not one) and a line count it is not dealt at, before any
/// solving (the charts themselves: the end-to-end test and the core's).
#[test]
fn a_variants_chart_refuses_in_types() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = app_on(&dir.path().join("vpoker.db"));
    for command in ["variant_chart", "variant_chart_tiers"] {
        for table in ["ultimate-x:joker-poker", "jacks-or-better", "nope"] {
            let refused = invoke(&window, command, json!({ "table": table, "lines": 1 })).unwrap_err();
            assert_eq!((refused["kind"].as_str(), refused["table"].as_str()), (Some("unknown-table"), Some(table)), "{command} {refused}");
        }
        let lines = invoke(&window, command, json!({ "table": "ultimate-x:jacks-or-better", "lines": 7 })).unwrap_err();
        assert_eq!((lines["kind"].as_str(), lines["lines"].as_u64()), (Some("table-lines"), Some(7)), "{command} {lines}");
    }
}
