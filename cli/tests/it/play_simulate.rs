//! `vpoker simulate`: the same numbers whatever the thread count, the bag's exact rate, and pure
//! deals never nudged.

use std::process::Command;

use serde_json::Value;

const SEED: &str = "5eed00000000000000000000000000000000000000000000000000000000c0de";

fn simulate(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_vpoker")).arg("simulate").args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn simulation_is_reproducible_and_the_bags_hold_their_rates() {
    let base = ["--game", "jacks-or-better", "--hands", "140000", "--seed", SEED];
    let one = simulate(&[&base[..], &["--situation", "losing", "--kind-deals", "on", "--threads", "1"]].concat());
    let two = simulate(&[&base[..], &["--situation", "losing", "--kind-deals", "on", "--threads", "2"]].concat());
    for key in ["return", "expected_return", "paying_dealt_rate", "nudge_rate"] {
        assert_eq!(one[key], two[key], "{key} does not depend on the thread count");
    }
    assert_eq!(one["hands"], 140000);
    let per_dead = one["nudged_per_dead"].as_f64().unwrap();
    assert!((per_dead - 1.0 / 3.0).abs() < 0.001, "1 in 3 dead deals nudged, got {per_dead}");
    let pure = simulate(&[&base[..], &["--kind-deals", "off"]].concat());
    assert_eq!(pure["nudge_rate"], 0.0);
    let exact = pure["expected_return"].as_f64().unwrap();
    assert!((exact - 0.9954).abs() < 0.01, "pure Jacks or Better returns about 99.54%, got {exact}");
    assert!(one["paying_dealt_rate"].as_f64().unwrap() > pure["paying_dealt_rate"].as_f64().unwrap());
}

#[test]
fn bad_simulate_arguments_exit_2() {
    for args in [
        &["--game", "jacks-or-better", "--hands", "10", "--seed", SEED, "--situation", "sad"][..],
        &["--game", "jacks-or-better", "--hands", "10", "--seed", SEED, "--kind-deals", "maybe"][..],
        &["--game", "jacks-or-better", "--hands", "10"][..],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_vpoker")).arg("simulate").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
