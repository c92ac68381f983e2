//! The `vpoker hint` and `vpoker analyze` output contract, run through the real binary (the
//! machines and the kicker games).

use std::process::{Command, Output};

use crate::common::vpoker_stdin;

use serde_json::Value;

fn vpoker(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vpoker")).args(args).output().expect("the vpoker binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

fn keys(value: &Value) -> Vec<&str> {
    value.as_object().expect("an object").keys().map(String::as_str).collect()
}

/// Checks one hint object against the contract and returns it.
fn check_hint(line: &str, game: &str, hand: &[&str]) -> Value {
    let value: Value = serde_json::from_str(line).expect("a JSON object");
    assert_eq!(keys(&value), ["game", "hand", "best", "holds"]);
    assert_eq!(value["game"], game);
    assert_eq!(value["hand"], serde_json::json!(hand));
    let holds = value["holds"].as_array().expect("holds is an array");
    assert_eq!(holds.len(), 32);
    assert_eq!(value["best"], holds[0]["mask"]);
    let mut seen = [false; 32];
    for pair in holds.windows(2) {
        assert!(pair[0]["ev"].as_f64().unwrap() >= pair[1]["ev"].as_f64().unwrap(), "best first");
    }
    for hold in holds {
        assert_eq!(keys(hold), ["mask", "cards", "ev", "draws", "distribution", "counts"]);
        let mask = hold["mask"].as_u64().unwrap() as usize;
        assert!(!seen[mask], "mask {mask} twice");
        seen[mask] = true;
        let cards: Vec<&str> = (0..5).filter(|i| mask & (1 << i) != 0).map(|i| hand[i]).collect();
        assert_eq!(hold["cards"], serde_json::json!(cards), "bit i holds the i-th card as given");
    }
    value
}

#[test]
fn hint_json_is_the_contract_object() {
    let out = vpoker(&["hint", "--game", "jacks-or-better", "--json", "Ah Kh Qh Jh 9c"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 1);
    assert!(stdout.starts_with(
        r#"{"game":"jacks-or-better","hand":["Ah","Kh","Qh","Jh","9c"],"best":15,"holds":[{"mask":15,"cards":["Ah","Kh","Qh","Jh"],"ev":18.553191489,"draws":47,"distribution":{"royal-flush":"#
    ));
    check_hint(stdout.trim(), "jacks-or-better", &["Ah", "Kh", "Qh", "Jh", "9c"]);
    // Lower-case and "10" input come back in the canonical text form, in the order given.
    let out = vpoker(&["hint", "--game", "deuces-wild", "--json", "2c", "10h", "jh", "qh", "kh"]);
    let value = check_hint(text(&out.stdout).trim(), "deuces-wild", &["2c", "Th", "Jh", "Qh", "Kh"]);
    assert_eq!(value["best"], 31, "a wild royal is kept whole");
}

#[test]
fn hint_text_lists_every_hold_best_first() {
    let out = vpoker(&["hint", "--game", "jacks-or-better", "Ah Kh Qh Jh 9c"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.lines().next().unwrap().contains("11110"));
    assert!(stdout.contains("18.553191489"));
    assert_eq!(stdout.lines().filter(|l| l.trim_start().starts_with(['0', '1'])).count(), 32);
}

#[test]
fn hint_reads_one_hand_per_line_from_stdin() {
    let input = "Ah Kh Qh Jh 9c\n\n5c 5d Kh Qs 8d\n2c 2d 2h 9s 9c\n";
    let out = vpoker_stdin(&["hint", "--game", "jacks-or-better", "--json"], input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "blank lines are skipped");
    assert_eq!(check_hint(lines[0], "jacks-or-better", &["Ah", "Kh", "Qh", "Jh", "9c"])["best"], 15);
    assert_eq!(check_hint(lines[1], "jacks-or-better", &["5c", "5d", "Kh", "Qs", "8d"])["best"], 3);
    check_hint(lines[2], "jacks-or-better", &["2c", "2d", "2h", "9s", "9c"]);
}

#[test]
fn a_bad_stdin_line_ends_the_run_with_one_line_and_a_non_zero_exit() {
    let input = "Ah Kh Qh Jh 9c\nAh Kh Qh Jh Ah\n5c 5d Kh Qs 8d\n";
    let out = vpoker_stdin(&["hint", "--game", "jacks-or-better", "--json"], input);
    assert!(!out.status.success());
    assert_eq!(text(&out.stdout).lines().count(), 1, "the good line before it was answered");
    let stderr = text(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("line 2"), "{stderr}");
}

#[test]
fn bad_hint_and_analyze_arguments_get_one_line_and_a_non_zero_exit() {
    let cases: [&[&str]; 8] = [
        &["hint", "--game", "jacks-or-better", "Ah Kh Qh Jh Ah"],
        &["hint", "--game", "jacks-or-better", "Ah Kh Qh Jh"],
        &["hint", "--game", "jacks-or-better", "Ah Kh Qh Jh 9c 8c"],
        &["hint", "--game", "jacks-or-better", "Ah Kh Qh Jh Xx"],
        &["hint", "--game", "poker", "Ah Kh Qh Jh 9c"],
        &["hint", "Ah Kh Qh Jh 9c"],
        &["analyze", "--game", "poker"],
        &["analyze"],
    ];
    for args in cases {
        let out = vpoker(args);
        assert!(!out.status.success(), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(text(&out.stderr).lines().count(), 1, "{args:?}: {}", text(&out.stderr));
    }
}

#[test]
fn analyze_json_reproduces_the_published_return() {
    let out = vpoker(&["analyze", "--game", "jacks-or-better", "--json"]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "no progress bar when standard error is not a terminal");
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 1);
    let value: Value = serde_json::from_str(stdout.trim()).expect("a JSON object");
    assert_eq!(keys(&value), ["game", "return", "variance", "sd", "deal_variance", "sd_per_line", "probabilities", "seconds"]);
    assert_eq!(format!("{:.4}", value["variance"].as_f64().unwrap()), "19.5147", "the Wizard of Odds' variance");
    // The standard deviation per line of multi-play on 1 to 9 lines, as the Wizard of Odds prints
    // it for 9/6 Jacks or Better (Spin Poker's page, its multi-play column).
    let per_line: Vec<String> = value["sd_per_line"].as_array().unwrap()[..9].iter().map(|v| format!("{:.2}", v.as_f64().unwrap())).collect();
    assert_eq!(per_line, ["4.42", "4.63", "4.84", "5.04", "5.23", "5.42", "5.60", "5.77", "5.94"]);
    assert_eq!(value["game"], "jacks-or-better");
    assert!((value["return"].as_f64().unwrap() - 0.995439043695).abs() < 1e-9);
    assert_eq!(
        keys(&value["probabilities"]),
        [
            "royal-flush",
            "straight-flush",
            "four-of-a-kind",
            "full-house",
            "flush",
            "straight",
            "three-of-a-kind",
            "two-pair",
            "jacks-or-better",
            "nothing"
        ]
    );
    assert!((value["probabilities"]["royal-flush"].as_f64().unwrap() - 0.00002476).abs() <= 5e-9);
    assert!(value["seconds"].as_f64().unwrap() >= 0.0);
}

#[test]
fn analyze_all_prints_one_object_per_machine() {
    let out = vpoker(&["analyze", "--game", "all", "--json"]);
    assert!(out.status.success());
    let games: Vec<String> = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).expect("JSON")["game"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(games, ["jacks-or-better", "deuces-wild", "bonus-poker", "double-bonus", "joker-poker"]);
}

/// The kicker games' rows (best first) with their pays, and the exact return of optimal play
/// (98.98 % and 99.58 % as published; the core's `tests/it/kicker.rs` checks them).
#[rustfmt::skip]
const KICKER_GAMES: [(&str, [(&str, u32); 13], f64); 2] = [
    (
        "double-double-bonus",
        [
            ("royal-flush", 800), ("four-aces-2-4-kicker", 400), ("four-2-4-a-4-kicker", 160), ("four-aces", 160),
            ("four-2-4", 80), ("straight-flush", 50), ("four-5-k", 50), ("full-house", 9), ("flush", 6),
            ("straight", 4), ("three-of-a-kind", 3), ("two-pair", 1), ("jacks-or-better", 1),
        ],
        0.989807834869,
    ),
    (
        "triple-double-bonus",
        [
            ("royal-flush", 800), ("four-aces-2-4-kicker", 800), ("four-2-4-a-4-kicker", 400), ("four-aces", 160),
            ("four-2-4", 80), ("straight-flush", 50), ("four-5-k", 50), ("full-house", 9), ("flush", 7),
            ("straight", 4), ("three-of-a-kind", 2), ("two-pair", 1), ("jacks-or-better", 1),
        ],
        0.995778087185,
    ),
];

#[test]
fn analyze_gives_the_kicker_games_exact_returns_in_the_machines_shape() {
    for (game, rows, exact) in KICKER_GAMES {
        let out = vpoker(&["analyze", "--game", game, "--json"]);
        assert!(out.status.success(), "{game}: {}", text(&out.stderr));
        assert!(out.stderr.is_empty(), "{game}");
        let stdout = text(&out.stdout);
        assert_eq!(stdout.lines().count(), 1, "{game}");
        let value: Value = serde_json::from_str(stdout.trim()).expect("a JSON object");
        assert_eq!(keys(&value), ["game", "return", "variance", "sd", "deal_variance", "sd_per_line", "probabilities", "seconds"], "{game}");
        assert_eq!(value["game"], game);
        let rate = value["return"].as_f64().unwrap();
        assert!((rate - exact).abs() < 1e-12, "{game}: {rate}");
        let published = if game == "double-double-bonus" { 98.98 } else { 99.58 };
        assert_eq!((rate * 10_000.0).round() / 100.0, published, "{game}");
        let mut expected: Vec<&str> = rows.iter().map(|(id, _)| *id).collect();
        expected.push("nothing");
        assert_eq!(keys(&value["probabilities"]), expected, "{game}");
        let p = |id: &str| value["probabilities"][id].as_f64().unwrap();
        let total: f64 = expected.iter().map(|id| p(id)).sum();
        assert!((total - 1.0).abs() < 1e-12, "{game}: {total}");
        let by_rows: f64 = rows.iter().map(|&(id, pay)| p(id) * f64::from(pay)).sum();
        assert!((by_rows - rate).abs() < 1e-12, "{game}: Σ P × pay = {by_rows}");
        // The text form, as a machine's.
        let out = vpoker(&["analyze", "--game", game]);
        assert!(out.status.success());
        let stdout = text(&out.stdout);
        let first = format!("{game}: return {exact:.12} ({:.4} %) with optimal holds, ", exact * 100.0);
        assert!(stdout.starts_with(&first), "{stdout}");
        assert_eq!(stdout.lines().count(), 1 + expected.len(), "{stdout}");
        assert!(stdout.contains("\n  four-aces-2-4-kicker "), "{stdout}");
    }
    // `all` is the five machines.
    let out = vpoker(&["analyze", "--game", "all", "--json"]);
    assert!(!text(&out.stdout).contains("double-double-bonus"));
    let help = text(&vpoker(&["analyze", "--help"]).stdout);
    assert!(
        help.contains("double-double-bonus, triple-double-bonus, aces-and-faces, super-double-bonus, bonus-deuces-wild, all]"),
        "{help}"
    );
}
