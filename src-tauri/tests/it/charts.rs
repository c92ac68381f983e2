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
