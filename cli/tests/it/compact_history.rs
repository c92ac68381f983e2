//! `play history --all --compact`: the whole history as arrays of what was stored. The Python
//! verifier reads it and reaches the same verdicts as on the full form (every hand, every kind-deal
//! decision, the stored profile and bags); a win raised in the compact text fails there, naming the
//! hand; and a hand takes at most 250 bytes on average (here about 210, against about 800 full).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::common::{text, vpoker};

fn play(db: &Path, args: &[&str]) -> Value {
    let mut all = vec!["play", "--db", db.to_str().unwrap(), "--today", "2026-11-30"];
    all.extend_from_slice(args);
    let out = vpoker(&all);
    serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{args:?}: {}", text(&out.stdout)))
}

fn whole(db: &Path, compact: bool) -> String {
    let mut args = vec!["play", "--db", db.to_str().unwrap(), "history", "--all"];
    if compact {
        args.push("--compact");
    }
    let out = vpoker(&args);
    assert_eq!(out.status.code(), Some(0));
    text(&out.stdout)
}

/// The Python verifier on `input`: its exit code and output.
fn python(input: &str) -> (i32, String) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/verify_hand.py");
    let mut child = Command::new("python3").arg(script).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), text(&out.stdout))
}

#[test]
fn the_compact_history_verifies_as_the_full_one_in_under_250_bytes_a_hand() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    // Machines for chips with kind deals (nudges and bag draws), a claim, Triple Play, a practised
    // casino table and a practice hand.
    play(&db, &["fill", "--hands", "500", "--bet", "20", "--seed", &"c0".repeat(32)]);
    play(&db, &["claim-daily"]);
    play(&db, &["fill", "--game", "deuces-wild", "--hands", "100", "--bet", "5", "--seed", &"c1".repeat(32)]);
    play(&db, &["deal", "--game", "bonus-poker", "--bet", "5", "--hands", "3", "--seed", &"c2".repeat(32)]);
    play(&db, &["draw", "10010"]);
    play(&db, &["deal", "--practice", "--table", "jacks-or-better-8-5", "--bet", "5", "--seed", &"c3".repeat(32)]);
    play(&db, &["draw", "11000"]);
    let full = whole(&db, false);
    let compact = whole(&db, true);
    let (full_json, compact_json): (Value, Value) = (serde_json::from_str(&full).unwrap(), serde_json::from_str(&compact).unwrap());
    let n = full_json["hands"].as_array().unwrap().len();
    assert_eq!(compact_json["hands"].as_array().unwrap().len(), n);
    assert!(full_json["hands"].as_array().unwrap().iter().any(|h| !h["nudge"].is_null()), "some hands are nudged");
    // The header is the full form's, with the format and the columns.
    for key in ["start", "committed_from", "bound_from", "claims", "unplaced_claims", "profile", "bags"] {
        assert_eq!(full_json[key], compact_json[key], "{key}");
    }
    assert_eq!(compact_json["format"], "compact-2");
    // Every key it prints is documented in VERIFY.md, and every documented key is printed.
    use crate::verify::{compare_fields, documented_fields, object_keys, Fields};
    let mut printed = Fields::new();
    object_keys(&compact_json, ".", &mut printed);
    // The header's objects are the full form's, documented there.
    printed.retain(|(path, _)| path == "." || path.starts_with(".hands"));
    compare_fields(
        "vpoker play history --all --compact",
        &printed,
        &documented_fields("## Fields of `vpoker play history --all --compact`"),
    );
    let columns: Vec<&str> = compact_json["columns"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/VERIFY.md")).unwrap();
    for (i, column) in columns.iter().enumerate() {
        assert!(doc.contains(&format!("| {i} | {column} |")), "VERIFY.md lists column {i} as {column}");
    }
    let hands_text = |text: &str| text.len() - text.find("\"hands\":[").unwrap();
    let per_hand = hands_text(&compact) as f64 / n as f64;
    eprintln!("{n} hands: {per_hand:.0} bytes a hand compact, {:.0} full", hands_text(&full) as f64 / n as f64);
    assert!(per_hand <= 250.0, "{per_hand} bytes a hand");
    // The same verdicts.
    let (full_code, full_out) = python(&full);
    let (compact_code, compact_out) = python(&compact);
    assert_eq!((full_code, compact_code), (0, 0), "{full_out}\n{compact_out}");
    assert!(compact_out.contains(&format!("{n} of {n} hands verified")), "{compact_out}");
    assert!(compact_out.contains("every kind-deal decision given by the history"), "{compact_out}");
    // A win raised in the compact text is found, at its hand.
    let mut forged = compact_json.clone();
    let row = forged["hands"].as_array_mut().unwrap().iter_mut().find(|h| h[13].as_u64() == Some(0)).unwrap();
    let id = row[0].clone();
    row[13] = serde_json::json!(40);
    let (code, out) = python(&forged.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(&format!("hand {id} ")) && out.contains("won (recorded 40"), "{out}");
}
