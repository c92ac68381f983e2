//! The history's chain through the command line: the head `play state` shows, `verify --all
//! --head` (a rewound copy passes alone and fails against a head shown after it), and a hand's
//! proof checked by `verify --proof` and by the Python verifier.

use std::process::Command;

use serde_json::Value;

use crate::common::{json, text, vpoker, SEED};

fn python_proof(path: &std::path::Path) -> (i32, String) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/verify_hand.py");
    let out = Command::new("python3").arg(script).arg("--proof").arg(path).output().expect("python3 runs");
    (out.status.code().unwrap(), text(&out.stdout))
}

#[test]
fn a_head_shown_fixes_the_past_and_a_hands_proof_checks_in_the_cli_and_in_python() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let db_arg = db.to_str().unwrap();
    json(&["play", "--db", db_arg, "--today", "2026-11-01", "fill", "--hands", "40", "--bet", "5", "--seed", SEED]);
    let early = dir.path().join("early.db");
    std::fs::copy(&db, &early).unwrap();
    let first: Value = json(&["play", "--db", db_arg, "--today", "2026-11-01", "state"])["head"].clone();
    json(&["play", "--db", db_arg, "--today", "2026-11-03", "fill", "--hands", "10", "--bet", "5", "--seed", SEED]);
    let head: Value = json(&["play", "--db", db_arg, "--today", "2026-11-03", "state"])["head"].clone();
    assert!(head["records"].as_u64().unwrap() > first["records"].as_u64().unwrap() + 10 - 1, "{first} {head}");
    let all = vpoker(&["verify", "--db", db_arg, "--all", "--json", "--head", first["hex"].as_str().unwrap()]);
    assert_eq!(all.status.code(), Some(0), "{}", text(&all.stdout));
    let all: Value = serde_json::from_slice(&all.stdout).unwrap();
    assert_eq!((all["head"].clone(), all["head_check"]["found"].clone(), all["head_check"]["records"].clone()), (head.clone(), Value::Bool(true), first["records"].clone()));
    // The copy from before: a history of its own, verified alone, refused against the later head.
    let early_arg = early.to_str().unwrap();
    assert_eq!(vpoker(&["verify", "--db", early_arg, "--all"]).status.code(), Some(0));
    let refused = vpoker(&["verify", "--db", early_arg, "--all", "--head", head["hex"].as_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1));
    let printed = text(&refused.stdout);
    assert!(printed.contains("never had it") && printed.ends_with("NOT VERIFIED\n"), "{printed}");
    // A hand's proof, under the head now and under the first.
    for records in [None, first["records"].as_u64()] {
        let mut args = vec!["play", "--db", db_arg, "proof", "--hand", "7"];
        let n = records.map(|n| n.to_string());
        if let Some(n) = &n {
            args.extend(["--head-records", n.as_str()]);
        }
        let proof = json(&args);
        let expected = if records.is_some() { &first } else { &head };
        assert_eq!((&proof["head"], &proof["records"]), (&expected["hex"], &expected["records"]), "{proof}");
        let file = dir.path().join("proof.json");
        std::fs::write(&file, proof.to_string()).unwrap();
        let checked = vpoker(&["verify", "--proof", file.to_str().unwrap()]);
        assert_eq!(checked.status.code(), Some(0), "{}", text(&checked.stdout));
        assert_eq!(python_proof(&file).0, 0);
        let mut forged = proof.clone();
        forged["text"] = Value::String(proof["text"].as_str().unwrap().replace(" bet=5 ", " bet=50 "));
        std::fs::write(&file, forged.to_string()).unwrap();
        assert_eq!(vpoker(&["verify", "--proof", file.to_str().unwrap()]).status.code(), Some(1));
        let (code, out) = python_proof(&file);
        assert_eq!(code, 1, "{out}");
    }
}
