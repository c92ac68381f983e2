//! The casino tables' commands through the mock runtime: the library with returns, a practice hand
//! dealt, hinted and drawn on a library table, its figures, the one-hand-in-progress rule, refusals.

use serde_json::json;

use crate::common::{app_on, ok, refused};

#[test]
fn a_library_table_is_practised_through_the_commands() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = app_on(&dir.path().join("vpoker.db"));
    let library = ok(&window, "library", json!({}));
    let library = library.as_array().unwrap();
    assert!(library.len() >= 15);
    let ddb = library.iter().find(|t| t["id"] == "double-double-bonus-9-6").unwrap();
    assert!((ddb["return"].as_f64().unwrap() - 0.9898).abs() < 0.00005);
    let chips = ok(&window, "get_state", json!({}))["chips"].clone();
    let hand = ok(&window, "table_deal", json!({ "table": "double-double-bonus-9-6", "bet": 5 }));
    assert_eq!(ok(&window, "table_hand", json!({})), hand, "the screen can resume it");
    // One hand in progress across the game.
    let blocked = refused(&window, "deal", json!({ "machine": "jacks-or-better", "bet": 5, "hands": 1, "practice": false }));
    assert_eq!(blocked["kind"], "hand-in-progress");
    let hint = ok(&window, "table_hint", json!({}));
    assert_eq!(hint["holds"].as_array().unwrap().len(), 32);
    let drawn = ok(&window, "table_draw", json!({ "hold": hint["best_hold"] }));
    assert_eq!(drawn["mistake"], false);
    assert_eq!(ok(&window, "table_sums", json!({ "table": "double-double-bonus-9-6" }))["hands"], 1);
    assert_eq!(ok(&window, "table_hand", json!({})), serde_json::Value::Null);
    assert_eq!(ok(&window, "get_state", json!({}))["chips"], chips, "no chips");
    assert_eq!(refused(&window, "table_deal", json!({ "table": "nope", "bet": 5 }))["kind"], "unknown-table");
    assert_eq!(refused(&window, "table_deal", json!({ "table": "not-so-ugly-deuces", "bet": 7 }))["kind"], "invalid-bet");
    assert_eq!(refused(&window, "table_chart", json!({ "table": "nope" }))["kind"], "unknown-table");
}
