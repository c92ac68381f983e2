//! The `vpoker eval` and `vpoker shuffle` output contract, run through the real binary.

use std::process::{Command, Output};

fn vpoker(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vpoker")).args(args).output().expect("the vpoker binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

const SEED: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

#[test]
fn eval_json_is_one_object_in_contract_order() {
    let out = vpoker(&["eval", "--game", "jacks-or-better", "--json", "Ah Kh Qh Jh Th"]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out).trim(),
        r#"{"game":"jacks-or-better","hand":["Ah","Kh","Qh","Jh","Th"],"category":"royal-flush","pay":800}"#
    );
    let out = vpoker(&["eval", "--game", "deuces-wild", "--json", "2h 2c 2d 2s 9h"]);
    assert!(stdout(&out).contains(r#""category":"four-deuces","pay":200"#));
    let out = vpoker(&["eval", "--game", "double-bonus", "ah ac ad as 10h"]);
    assert!(stdout(&out).contains("four-aces"));
    assert!(stdout(&out).contains("160"));
}

#[test]
fn bad_arguments_get_one_line_and_a_non_zero_exit() {
    let cases: [&[&str]; 8] = [
        &["eval", "--game", "poker", "Ah Kh Qh Jh Th"],
        &["eval", "--game", "jacks-or-better", "Ah Kh Qh Jh"],
        &["eval", "--game", "jacks-or-better", "Ah Kh Qh Jh Ah"],
        &["eval", "--game", "jacks-or-better", "Ah Kh Qh Jh 1h"],
        &["shuffle", "--seed", "abc", "--count", "1"],
        &["shuffle", "--seed", SEED, "--count", "1", "--cards", "53"],
        &["shuffle", "--seed", SEED, "--count", "1", "--algorithm", "riffle"],
        &["frobnicate"],
    ];
    for args in cases {
        let out = vpoker(args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let err = vpoker(&["eval", "--game", "jacks-or-better", "Ah Kh Qh Jh 1h"]).stderr;
    assert!(String::from_utf8_lossy(&err).contains("'1h'"));
}

#[test]
fn shuffle_prints_n_orderings_from_one_reproducible_stream() {
    let out = vpoker(&["shuffle", "--seed", SEED, "--count", "3"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    for line in &lines {
        let mut cards: Vec<&str> = line.split(' ').collect();
        assert_eq!(cards.len(), 52);
        cards.sort();
        cards.dedup();
        assert_eq!(cards.len(), 52, "a permutation of the deck");
    }
    assert_ne!(lines[0], lines[1], "one continuing stream, not the same seed restarted");
    // The first line is exactly the dealt deck of that seed: the library and the CLI agree.
    let seed: vpoker::shuffle::Seed = SEED.parse().unwrap();
    assert_eq!(lines[0], vpoker::card::cards_to_string(&seed.deck()));
    assert_eq!(stdout(&vpoker(&["shuffle", "--seed", SEED, "--count", "3"])), text);
}

#[test]
fn shuffle_of_k_cards_and_every_algorithm() {
    for algorithm in ["fisher-yates", "sort-keys", "biased"] {
        let out = vpoker(&["shuffle", "--seed", SEED, "--count", "50", "--cards", "3", "--algorithm", algorithm]);
        assert!(out.status.success());
        for line in stdout(&out).lines() {
            let mut cards: Vec<&str> = line.split(' ').collect();
            cards.sort();
            assert_eq!(cards, ["2c", "2d", "2h"], "{algorithm}");
        }
    }
}
