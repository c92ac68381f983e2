//! `vpoker simulate`: the same numbers whatever the thread count, the bag's exact rate, and pure
//! deals never nudged; the kicker games' pure deals converging to their exact returns.

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

/// The exact returns of optimal play (`vpoker analyze --game ID`, checked in hint_analyze.rs).
const EXACT: [(&str, f64); 3] = [
    ("double-double-bonus", 0.989807834869),
    ("triple-double-bonus", 0.995778087185),
    ("jacks-or-better", 0.995439043695),
];

fn exact(game: &str) -> f64 {
    EXACT.iter().find(|(g, _)| *g == game).unwrap().1
}

#[test]
fn a_kicker_game_deals_pure_hands_holds_the_best_and_converges_to_its_exact_return() {
    let base = |game: &'static str| ["--game", game, "--hands", "400000", "--seed", SEED];
    // The machine's pure deals from the same seed: the kicker games are dealt the same hands.
    let job = simulate(&[&base("jacks-or-better")[..], &["--kind-deals", "off"]].concat());
    for game in ["double-double-bonus", "triple-double-bonus"] {
        let one = simulate(&[&base(game)[..], &["--threads", "1"]].concat());
        let two = simulate(&[&base(game)[..], &["--threads", "2"]].concat());
        for key in ["return", "return_std_error", "expected_return", "paying_dealt_rate", "dead_rate"] {
            assert_eq!(one[key], two[key], "{game} {key} does not depend on the thread count");
        }
        assert_eq!(one["game"], game);
        assert_eq!(one["hands"], 400000);
        assert_eq!(one["kind_deals"], false, "{game}: no kind deals");
        assert_eq!(one["situation"], Value::Null, "{game}: no situation");
        assert_eq!(one["nudge_rate"], 0.0);
        for key in ["paying_dealt_rate", "pair_or_better_dealt_rate", "dead_rate"] {
            assert_eq!(one[key], job[key], "{game} {key}: the same deals as Jacks or Better's pure ones");
        }
        let (paid, error) = (one["return"].as_f64().unwrap(), one["return_std_error"].as_f64().unwrap());
        let expected = one["expected_return"].as_f64().unwrap();
        println!("{game}: return {paid:.6} ± {error:.6}, mean best EV {expected:.6}, exact {:.6}", exact(game));
        assert!(error > 0.005 && error < 0.03, "{game}: standard error {error}");
        assert!((paid - exact(game)).abs() <= 4.0 * error, "{game}: {paid} ± {error} against {}", exact(game));
        assert!((expected - exact(game)).abs() < 0.005, "{game}: mean best EV {expected} against {}", exact(game));
        // On the same deals the kicker table's mean best EV differs from Jacks or Better's by the
        // exact returns' difference (the pairing cancels the deals' luck): not the machine's table.
        let job_expected = job["expected_return"].as_f64().unwrap();
        let gap = expected - job_expected;
        let exact_gap = exact(game) - exact("jacks-or-better");
        assert!((gap - exact_gap).abs() < 0.002, "{game}: gap {gap} against {exact_gap}");
    }
}

#[test]
fn kind_deal_flags_are_refused_for_a_kicker_game() {
    for (flag, value) in [("--kind-deals", "on"), ("--situation", "losing"), ("--situation", "normal")] {
        let args = ["--game", "double-double-bonus", "--hands", "10", "--seed", SEED, flag, value];
        let out = Command::new(env!("CARGO_BIN_EXE_vpoker")).arg("simulate").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(flag) && stderr.contains("52-card machines"), "{stderr}");
    }
    // `--kind-deals off` is what a kicker game does anyway: accepted, the same run.
    let plain = ["--game", "double-double-bonus", "--hands", "1000", "--seed", SEED];
    let off = simulate(&[&plain[..], &["--kind-deals", "off"]].concat());
    let default = simulate(&plain);
    assert_eq!((off["return"].clone(), off["kind_deals"].clone()), (default["return"].clone(), Value::Bool(false)));
    // A machine still defaults to kind deals on in the normal situation.
    let out = simulate(&["--game", "bonus-poker", "--hands", "10", "--seed", SEED]);
    assert_eq!((out["kind_deals"].as_bool(), out["situation"].as_str()), (Some(true), Some("normal")));
}
