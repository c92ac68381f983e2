//! `vpoker analyze --ultimate-x` and `vpoker hint --ultimate-x` through the real binary: the
//! contract's keys, the published single-line figures, and a hand whose best hold the
//! multipliers on screen change.

use crate::common::{json, keys, usage_error, vpoker};

/// One line of 8/6 Jacks or Better: the Wizard's 98.57 % and, with the best single strategy,
/// 98.4971 % (docs/ULTIMATE-X.md).
#[test]
fn analyze_prints_both_returns() {
    let value = json(&["analyze", "--game", "jacks-or-better-8-6", "--ultimate-x", "--lines", "1", "--json"]);
    assert_eq!(
        keys(&value),
        ["game", "lines", "return_perfect", "return_single_strategy", "mean_multiplier", "multipliers", "seconds"]
    );
    assert_eq!(value["game"], "jacks-or-better-8-6");
    assert_eq!(value["lines"], 1);
    let perfect = value["return_perfect"].as_f64().unwrap();
    let single = value["return_single_strategy"].as_f64().unwrap();
    assert!((perfect - 0.9857).abs() < 0.0001, "{perfect}");
    assert!((single - 0.984971).abs() < 0.0000005, "{single}");
    assert_eq!(value["multipliers"][3], serde_json::json!(["full-house", 12]));
    assert_eq!(value["multipliers"][4], serde_json::json!(["flush", 10]));
}

/// 3c 4d 5c 6c 6d on three lines: at 1× the multiplier a straight earns (7×) makes the four to a
/// straight best; at 12× this hand's pays weigh most and the pair of sixes is best, as in the
/// plain game.
#[test]
fn hint_values_holds_with_the_multipliers_on_screen() {
    let hand = "3c 4d 5c 6c 6d";
    let base = ["hint", "--game", "jacks-or-better-8-6", "--ultimate-x", "--lines", "3", "--json"];
    let at = |screen: &str| {
        let mut args = base.to_vec();
        args.extend(["--multipliers", screen, hand]);
        json(&args)
    };
    let low = at("1,1,1");
    assert_eq!(
        keys(&low),
        ["game", "lines", "multipliers", "hand", "best", "plain_best", "plain_gives_up", "holds"]
    );
    assert_eq!(keys(&low["holds"][0]), ["mask", "cards", "ev", "pays", "earned"]);
    assert_eq!(low["holds"].as_array().unwrap().len(), 32);
    assert_eq!(low["holds"][0]["cards"], serde_json::json!(["3c", "4d", "5c", "6c"]));
    assert_eq!(low["plain_best"], 24, "the plain game holds the sixes");
    assert!(low["plain_gives_up"].as_f64().unwrap() > 0.0);
    let high = at("12,12x,12");
    assert_eq!(high["holds"][0]["cards"], serde_json::json!(["6c", "6d"]));
    assert_eq!(high["best"], high["plain_best"]);
    assert_eq!(high["plain_gives_up"], 0.0);
    assert_eq!(high["multipliers"], serde_json::json!([12, 12, 12]));
}

/// Bad input is named and nothing is answered.
#[test]
fn hint_refuses_what_the_table_cannot_show() {
    let base = ["hint", "--game", "jacks-or-better-8-6", "--ultimate-x", "--lines", "3"];
    let with = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend(extra);
        let out = vpoker(&args);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    assert!(with(&["--multipliers", "1,1", "3c 4d 5c 6c 6d"]).contains("3 lines need 3 multipliers, not 2"));
    assert!(with(&["--multipliers", "1,5,1", "3c 4d 5c 6c 6d"]).contains("5 is not a multiplier"));
    let joker = vpoker(&["hint", "--game", "joker-poker", "--ultimate-x", "--lines", "3", "3c 4d 5c 6c 6d"]);
    assert!(String::from_utf8(joker.stderr).unwrap().contains("no Ultimate X multiplier table"));
    let lines = vpoker(&["hint", "--game", "jacks-or-better-8-6", "--ultimate-x", "--lines", "4", "3c 4d 5c 6c 6d"]);
    assert!(String::from_utf8(lines.stderr).unwrap().contains("1, 3, 5 or 10 lines, not 4"));
    assert!(usage_error(&["hint", "--game", "jacks-or-better", "--multipliers", "1,1,1", "3c 4d 5c 6c 6d"]).contains("--ultimate-x"));
}

/// `chart --ultimate-x-lines`: the single strategy's chart with its three returns and the
/// exceptions at each average multiplier, as one JSON object.
#[test]
fn chart_prints_the_single_strategy_and_its_exceptions() {
    let value = json(&["chart", "--game", "jacks-or-better-8-6", "--ultimate-x-lines", "1", "--json"]);
    assert_eq!(
        keys(&value),
        ["game", "lines", "return_perfect", "return_single_strategy", "return_chart", "mean_multiplier", "chart", "by_multiplier", "seconds"]
    );
    let (chart, single) = (value["return_chart"].as_f64().unwrap(), value["return_single_strategy"].as_f64().unwrap());
    assert!(chart <= single && single - chart < 0.0002, "{chart} {single}");
    assert!(value["chart"].as_array().unwrap().len() <= 40);
    let at = &value["by_multiplier"][0];
    assert_eq!(keys(at), ["multiplier", "frequency", "cost", "exceptions"]);
    assert_eq!(keys(&at["exceptions"][0]), ["line", "instead", "frequency", "cost", "example"]);
    assert_eq!(keys(&at["exceptions"][0]["example"]), ["cards", "chart_hold", "best_hold"]);
    assert!(usage_error(&["chart", "--ultimate-x-lines", "3"]).contains("--game"));
}
