//! `vpoker lab …`: the JSON shapes the app relies on, and usage errors (one line, exit 2).

use crate::common::{json, keys, vpoker, SEED};

#[test]
fn shuffle_exact() {
    let v = json(&["lab", "shuffle", "--algorithm", "biased", "--cards", "3", "--exact", "--json"]);
    assert_eq!(
        keys(&v),
        ["algorithm", "cards", "runs", "restarted", "key_space", "min_runs", "max_runs", "orderings", "seconds"]
    );
    assert_eq!((v["algorithm"].as_str(), v["cards"].as_u64(), v["runs"].as_u64()), (Some("biased"), Some(3), Some(27)));
    let runs: Vec<u64> = v["orderings"].as_array().unwrap().iter().map(|o| o["runs"].as_u64().unwrap()).collect();
    assert_eq!(runs, [4, 5, 5, 5, 4, 4]);
    assert_eq!(v["orderings"][0]["order"], serde_json::json!(["2c", "2d", "2h"]));
    let v = json(&["lab", "shuffle", "--algorithm", "sort-keys", "--cards", "4", "--exact", "--json"]);
    assert_eq!((v["runs"].as_u64(), v["key_space"].as_u64(), v["min_runs"].as_u64()), (Some(120), Some(5), Some(5)));
}

#[test]
fn shuffle_samples_do_not_depend_on_threads() {
    let args = ["lab", "shuffle", "--samples", "40000", "--seed", SEED, "--json", "--threads"];
    let one = json(&[&args[..], &["1"]].concat());
    let two = json(&[&args[..], &["2"]].concat());
    assert_eq!(keys(&one), ["algorithm", "samples", "seed", "counts", "expected", "chi2", "dof", "p_value", "seconds"]);
    assert_eq!(one["counts"], two["counts"]);
    assert_eq!(one["chi2"], two["chi2"]);
    let counts = one["counts"].as_array().unwrap();
    assert_eq!(counts.len(), 52);
    assert!(counts.iter().all(|row| row.as_array().unwrap().len() == 52));
    assert_eq!(one["dof"], 2601);
    assert!(one["p_value"].as_f64().unwrap() > 0.0);
}

#[test]
fn deals_table() {
    let v = json(&[
        "lab",
        "deals",
        "--game",
        "jacks-or-better",
        "--deals",
        "3000",
        "--kind-deals",
        "losing",
        "--seed",
        SEED,
        "--json",
    ]);
    assert_eq!(v["game"], "jacks-or-better");
    assert_eq!(v["kind_deals"], "losing-streak");
    for key in ["deals", "seed", "categories", "chi2", "dof", "p_value", "merged", "dead", "expected_dead", "nudged"] {
        assert!(v.get(key).is_some(), "{key}");
    }
    let categories = v["categories"].as_array().unwrap();
    assert_eq!(keys(&categories[0]), ["id", "dead", "count", "exact", "expected", "deviation", "relative", "z"]);
    assert_eq!(categories.iter().map(|c| c["count"].as_u64().unwrap()).sum::<u64>(), 3000);
    assert_eq!(categories.iter().map(|c| c["exact"].as_u64().unwrap()).sum::<u64>(), 2_598_960);
    assert!(v["nudged"].as_u64().unwrap() > 0);
}

#[test]
fn bag_demo() {
    let v = json(&["lab", "bag", "--kinds", "4", "--copies", "1", "--draws", "600", "--seed", SEED, "--json"]);
    assert_eq!(keys(&v), ["request", "run_window", "seed", "pure", "bag", "exact", "seconds"]);
    let stats = [
        "counts",
        "repeat_rate",
        "longest_gap",
        "longest_run",
        "mean_gap",
        "gap_histogram",
        "gap_shares",
        "long_gap_rate",
        "run3_windows",
        "certain_next_rate",
        "guess_rate",
        "window",
    ];
    assert_eq!(keys(&v["pure"]), stats);
    assert_eq!(keys(&v["bag"]), stats);
    assert_eq!(v["bag"]["counts"], serde_json::json!([150, 150, 150, 150]));
    assert_eq!(keys(&v["bag"]["window"]), ["start", "draws", "boundaries", "chances"]);
    assert_eq!(v["bag"]["window"]["draws"].as_array().unwrap().len(), 48);
    assert_eq!(v["exact"]["bag"]["repeat_rate"], 0.0625);
    assert_eq!(v["exact"]["bag"]["gap_bound"], 6);
    let avoid = json(&["lab", "bag", "--kinds", "3", "--draws", "300", "--seed", SEED, "--avoid-repeat", "--json"]);
    assert_eq!(avoid["bag"]["repeat_rate"], 0.0);
}

#[test]
fn pity_numbers_and_kind_bags() {
    let v = json(&["lab", "pity", "--rate", "0.01", "--pity", "99", "--json"]);
    assert!((v["pity_rate"].as_f64().unwrap() - 0.015_8).abs() < 0.000_1);
    assert_eq!((v["bag_size"].as_u64(), v["bag_longest_drought"].as_u64()), (Some(100), Some(198)));
    assert!(v["simulation"].is_null());
    let v = json(&["lab", "pity", "--rate", "0.05", "--pity", "30", "--draws", "10000", "--seed", SEED, "--json"]);
    assert!(v["simulation"]["pity"]["longest_drought"].as_u64().unwrap() <= 30);
    let v = json(&["lab", "numbers", "--json"]);
    let figures = v["figures"].as_array().unwrap();
    assert_eq!(figures[0]["id"], "deck-orderings");
    assert_eq!(figures[0]["exact"], "80658175170943878571660636856403766975289505440883277824000000000000");
    assert_eq!(keys(&figures[0]), ["id", "value", "exact", "label"]);
    let v = json(&["lab", "kind-bags", "--json"]);
    let bags = v["bags"].as_array().unwrap();
    assert_eq!(bags.len(), 3);
    assert_eq!(bags[0]["situation"], "normal");
    assert_eq!(bags[0]["nudge"]["longest_gap"], 10);
}

#[test]
fn text_output_is_short() {
    let out = vpoker(&["lab", "bag", "--kinds", "4", "--draws", "6000", "--seed", SEED]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("repeats") && text.contains("6.25 %") && text.lines().count() < 20, "{text}");
}

#[test]
fn bad_values_are_usage_errors() {
    let cases: [&[&str]; 12] = [
        &["lab", "shuffle", "--cards", "8", "--exact"],
        &["lab", "shuffle", "--cards", "2", "--exact"],
        &["lab", "shuffle", "--exact"],
        &["lab", "shuffle", "--cards", "4", "--samples", "10", "--seed", SEED],
        &["lab", "shuffle", "--samples", "0", "--seed", SEED],
        &["lab", "shuffle", "--samples", "10000001", "--seed", SEED],
        &["lab", "shuffle", "--samples", "100"],
        &["lab", "deals", "--game", "jacks-or-better", "--deals", "10", "--kind-deals", "sometimes", "--seed", SEED],
        &["lab", "bag", "--kinds", "1", "--draws", "10", "--seed", SEED],
        &["lab", "bag", "--kinds", "4", "--copies", "11", "--draws", "10", "--seed", SEED],
        &["lab", "pity", "--rate", "0", "--pity", "10"],
        &["lab", "pity", "--rate", "0.1", "--pity", "10", "--draws", "100"],
    ];
    for args in cases {
        let out = vpoker(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("vpoker: ") && !err.contains("panicked"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// `lab deals` deals a machine's game (dead deals, kind deals): a kicker game's id is refused on one
/// line saying what deals it instead (exit 2); an unknown id is refused as before.
#[test]
fn deals_refuse_a_kicker_game_in_words() {
    let line = crate::common::usage_error(&["lab", "deals", "--game", "double-double-bonus", "--deals", "10", "--seed", SEED]);
    assert_eq!(
        line,
        "vpoker: lab deals --game takes a machine: double-double-bonus is a kicker game, not a machine (no chips, XP, \
         kind deals or unlocks); practise it with `play deal --practice --table double-double-bonus`, or deal it \
         with `simulate --game double-double-bonus`"
    );
    let line = crate::common::usage_error(&["lab", "deals", "--game", "poker", "--deals", "10", "--seed", SEED]);
    assert!(line.ends_with("'poker' is not a machine (expected jacks-or-better, deuces-wild, bonus-poker, double-bonus or joker-poker)"), "{line}");
}
