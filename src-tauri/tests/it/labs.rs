//! The fairness labs' commands through Tauri's mock runtime, under the real capabilities: each lab
//! answers with the core's figures, bad values are typed errors, and a long run reports progress
//! and stops when cancelled.

use crate::common::{app_on, invoke, ok, refused};
use serde_json::json;

#[test]
fn each_lab_answers_with_the_cores_figures() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = app_on(&dir.path().join("vpoker.db"));
    let exact = ok(&window, "lab_exact", json!({ "algorithm": "biased", "cards": 3 }));
    assert_eq!(
        (exact["runs"].as_u64(), exact["min_runs"].as_u64(), exact["max_runs"].as_u64()),
        (Some(27), Some(4), Some(5))
    );
    let heat = ok(&window, "lab_positions", json!({ "algorithm": "fisher-yates", "samples": 2000 }));
    assert_eq!(heat["counts"].as_array().map(Vec::len), Some(52));
    assert_eq!(heat["seed"].as_str().map(str::len), Some(64));
    let deals = ok(&window, "lab_deals", json!({ "machine": "jacks-or-better", "deals": 3000, "kindDeals": "normal" }));
    assert!(deals["nudged"].as_u64().unwrap() > 0, "{deals}");
    let bag = ok(&window, "lab_bag", json!({ "kinds": 4, "copies": 1, "draws": 6000, "avoidRepeat": false }));
    assert_eq!(bag["bag"]["counts"], json!([1500, 1500, 1500, 1500]));
    assert!(bag["bag"]["longest_gap"].as_u64().unwrap() <= 6);
    let pity = ok(&window, "lab_pity", json!({ "rate": 0.01, "pity": 99 }));
    assert!((pity["pity_rate"].as_f64().unwrap() - 0.0158).abs() < 0.0001, "{pity}");
    let facts = ok(&window, "lab_facts", json!({}));
    assert_eq!(facts["kind_bags"].as_array().map(Vec::len), Some(3));
    assert_eq!(facts["history"].as_array().map(Vec::len), Some(3));
    assert!(facts["numbers"]["figures"].as_array().unwrap().len() >= 10);
    assert_eq!(ok(&window, "lab_progress", json!({}))["running"], false);
}

#[test]
fn bad_lab_values_are_typed_errors() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = app_on(&dir.path().join("vpoker.db"));
    assert_eq!(refused(&window, "lab_exact", json!({ "algorithm": "riffle", "cards": 3 }))["kind"], "lab-unknown");
    let range = refused(&window, "lab_positions", json!({ "algorithm": "fisher-yates", "samples": 0 }));
    assert_eq!((range["kind"].as_str(), range["name"].as_str()), (Some("lab-out-of-range"), Some("samples")));
    assert_eq!(
        refused(&window, "lab_deals", json!({ "machine": "pai-gow", "deals": 10, "kindDeals": "off" }))["kind"],
        "invalid-machine"
    );
    assert_eq!(
        refused(&window, "lab_deals", json!({ "machine": "jacks-or-better", "deals": 10, "kindDeals": "kind" }))
            ["kind"],
        "lab-unknown"
    );
    assert_eq!(
        refused(&window, "lab_bag", json!({ "kinds": 40, "copies": 1, "draws": 10, "avoidRepeat": false }))["kind"],
        "lab-out-of-range"
    );
}

#[test]
fn a_long_run_reports_progress_and_stops_when_cancelled() {
    let dir = tempfile::tempdir().unwrap();
    let (app, window) = app_on(&dir.path().join("vpoker.db"));
    let runner = window.clone();
    let run = std::thread::spawn(move || {
        invoke(&runner, "lab_positions", json!({ "algorithm": "sort-keys", "samples": 10_000_000 }))
    });
    let started = std::time::Instant::now();
    loop {
        let progress = ok(&window, "lab_progress", json!({}));
        if progress["running"] == true && progress["done"].as_u64() > Some(0) {
            assert!(progress["done"].as_u64() < progress["total"].as_u64(), "{progress}");
            break;
        }
        assert!(started.elapsed().as_secs() < 60, "the run never reported progress");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    ok(&window, "lab_cancel", json!({}));
    let answer = run.join().unwrap();
    assert_eq!(answer.err().map(|e| e["kind"].clone()), Some(json!("lab-cancelled")));
    assert_eq!(ok(&window, "lab_progress", json!({}))["running"], false);
    drop(app);
}
