//! `vpoker analyze`, `hint` and `chart` on an Ultimate X table through the real binary (named by
//! its id `ultimate-x:ID`, or as `--game ID --ultimate-x`): the contract's keys, the published
//! single-line figures, and a hand whose best hold the multipliers on screen change.

use crate::common::{json, keys, usage_error, vpoker, vpoker_stdin};

/// One line of 8/6 Jacks or Better: the Wizard's 98.57 % and, with the best single strategy,
/// 98.4971 % (docs/ULTIMATE-X.md).
#[test]
fn analyze_prints_both_returns() {
    let value = json(&["analyze", "--game", "jacks-or-better-8-6", "--ultimate-x", "--lines", "1", "--json"]);
    assert_eq!(
        keys(&value),
        ["game", "lines", "return", "return_perfect", "return_single_strategy", "mean_multiplier", "multipliers", "seconds"]
    );
    assert_eq!(value["return"], value["return_perfect"], "the return is perfect play's");
    assert_eq!(value["game"], "ultimate-x:jacks-or-better-8-6", "the table answered for is the variant");
    assert_eq!(value["lines"], 1);
    let perfect = value["return_perfect"].as_f64().unwrap();
    let single = value["return_single_strategy"].as_f64().unwrap();
    assert!((perfect - 0.9857).abs() < 0.0001, "{perfect}");
    assert!((single - 0.984971).abs() < 0.0000005, "{single}");
    assert_eq!(value["multipliers"][3], serde_json::json!(["full-house", 12]));
    assert_eq!(value["multipliers"][4], serde_json::json!(["flush", 10]));
    // The variant named by its id is the same question.
    let mut by_id = json(&["analyze", "--game", "ultimate-x:jacks-or-better-8-6", "--lines", "1", "--json"]);
    let mut flagged = value.clone();
    by_id["seconds"] = serde_json::Value::Null;
    flagged["seconds"] = serde_json::Value::Null;
    assert_eq!(rounded(&by_id), rounded(&flagged));
    assert!(usage_error(&["analyze", "--game", "ultimate-x:jacks-or-better-8-6", "--json"]).contains("add --lines N"));
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
    assert_eq!(keys(&low["holds"][0]), ["mask", "cards", "ev", "pays", "earned", "draws", "distribution", "counts"]);
    assert_eq!(low["holds"].as_array().unwrap().len(), 32);
    assert_eq!(low["holds"][0]["cards"], serde_json::json!(["3c", "4d", "5c", "6c"]));
    assert_eq!(low["plain_best"], 24, "the plain game holds the sixes");
    assert!(low["plain_gives_up"].as_f64().unwrap() > 0.0);
    let high = at("12,12x,12");
    assert_eq!(high["holds"][0]["cards"], serde_json::json!(["6c", "6d"]));
    assert_eq!(high["best"], high["plain_best"]);
    assert_eq!(high["plain_gives_up"], 0.0);
    assert_eq!(high["multipliers"], serde_json::json!([12, 12, 12]));
    // By the variant's id, without the flag: the same answer.
    let by_id = json(&["hint", "--game", "ultimate-x:jacks-or-better-8-6", "--lines", "3", "--json", "--multipliers", "1,1,1", hand]);
    assert_eq!(by_id, low);
    assert_eq!(low["game"], "ultimate-x:jacks-or-better-8-6");
}

/// Without a hand argument, `hint --ultimate-x` answers each hand of standard input as `hint`
/// does: one answer per line, each the same as the argument's.
#[test]
fn hint_reads_hands_from_standard_input() {
    let base = ["hint", "--game", "jacks-or-better-8-6", "--ultimate-x", "--lines", "3", "--multipliers", "1,4,2", "--json"];
    let out = vpoker_stdin(&base, "3c 4d 5c 6c 6d\n\nAh Kh Qh Jh 2c\n");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let answers: Vec<serde_json::Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(answers.len(), 2, "one answer per hand, the blank line skipped");
    for (answer, hand) in answers.iter().zip(["3c 4d 5c 6c 6d", "Ah Kh Qh Jh 2c"]) {
        let mut args = base.to_vec();
        args.push(hand);
        assert_eq!(*answer, json(&args), "{hand}");
    }
    let bad = vpoker_stdin(&base, "3c 4d 5c 6c 6d\nXx\n");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8(bad.stderr).unwrap().contains("line 2"));
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
    assert!(String::from_utf8(joker.stderr).unwrap().contains("joker-poker has no Ultimate X table"));
    let lines = vpoker(&["hint", "--game", "jacks-or-better-8-6", "--ultimate-x", "--lines", "4", "3c 4d 5c 6c 6d"]);
    assert!(String::from_utf8(lines.stderr).unwrap().contains("1, 3, 5 or 10 lines, not 4"));
    assert!(usage_error(&["hint", "--game", "jacks-or-better", "--multipliers", "1,1,1", "3c 4d 5c 6c 6d"]).contains("--lines"));
    // Lines on a plain table: it shows nothing before a deal, and the refusal names the table it is
    // also dealt as (the library's variants of it); a variant table without lines.
    let plain = usage_error(&["hint", "--game", "jacks-or-better", "--lines", "3", "3c 4d 5c 6c 6d"]);
    assert!(plain.contains("the plain table shows nothing on screen") && plain.contains("--game ultimate-x:jacks-or-better"), "{plain}");
    assert!(!plain.contains("multiplier table"), "{plain}");
    let variants = vpoker::library::variants(vpoker::library::Base::Machine(vpoker::machine::MachineId::BonusPoker), "bonus-poker");
    let analyzed = usage_error(&["analyze", "--game", "bonus-poker", "--lines", "3"]);
    assert!(analyzed.contains(&format!("--game {}", variants[0].table)) && analyzed.contains("--lines has nothing"), "{analyzed}");
    let joker = usage_error(&["hint", "--game", "joker-poker", "--lines", "3", "3c 4d 5c 6c 6d"]);
    // Joker Poker has no Ultimate X table but a Super Times Pay one, which the refusal names.
    assert!(joker.contains("shows nothing on screen") && joker.contains("--game super-times:joker-poker") && !joker.contains("ultimate-x"), "{joker}");
    assert!(usage_error(&["hint", "--game", "ultimate-x:jacks-or-better", "3c 4d 5c 6c 6d"]).contains("add --lines N"));
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
    // The variant by its id with --lines-dealt: the same chart.
    let mut by_id = json(&["chart", "--game", "ultimate-x:jacks-or-better-8-6", "--lines-dealt", "1", "--json"]);
    let mut flagged = value.clone();
    by_id["seconds"] = serde_json::Value::Null;
    flagged["seconds"] = serde_json::Value::Null;
    assert_eq!(rounded(&by_id), rounded(&flagged));
    let plain = usage_error(&["chart", "--game", "jacks-or-better-8-6", "--lines-dealt", "1"]);
    assert!(plain.contains("--lines-dealt has nothing") && plain.contains("--game ultimate-x:jacks-or-better-8-6"), "{plain}");
}

/// `chart --ultimate-x-lines N --tiers --json`: the single strategy's chart in three tiers within
/// their line budgets, each with its return on the Ultimate X game (within [0, 1.1], not falling
/// from beginner to expert) and its cost (not rising); an Ultimate X table's `--tiers` without a
/// line count is refused in words, never answered with the plain game's tiers.
#[test]
fn chart_prints_the_single_strategy_in_tiers() {
    let value = json(&["chart", "--game", "ultimate-x:jacks-or-better-8-6", "--ultimate-x-lines", "3", "--tiers", "--json"]);
    assert_eq!(keys(&value), ["game", "lines", "optimal_return", "single_strategy_return", "tiers", "seconds"]);
    assert_eq!((value["game"].as_str(), value["lines"].as_u64()), (Some("ultimate-x:jacks-or-better-8-6"), Some(3)));
    let (optimal, single) = (value["optimal_return"].as_f64().unwrap(), value["single_strategy_return"].as_f64().unwrap());
    assert!(single < optimal, "{single} {optimal}");
    let tiers = value["tiers"].as_array().unwrap();
    let budgets: Vec<(&str, u64)> = tiers.iter().map(|t| (t["tier"].as_str().unwrap(), t["max_lines"].as_u64().unwrap())).collect();
    assert_eq!(budgets, [("beginner", 10), ("intermediate", 20), ("expert", 40)]);
    let mut below: Option<(f64, f64)> = None;
    for tier in tiers {
        assert_eq!(keys(tier), ["tier", "max_lines", "lines", "chart_return", "cost", "cost_single_strategy", "added"]);
        let lines = tier["lines"].as_array().unwrap();
        assert!(!lines.is_empty() && lines.len() as u64 <= tier["max_lines"].as_u64().unwrap(), "{}", tier["tier"]);
        assert_eq!(keys(&lines[0]), ["rank", "class", "label", "frequency"]);
        let (chart_return, cost) = (tier["chart_return"].as_f64().unwrap(), tier["cost"].as_f64().unwrap());
        assert!((0.0..=1.1).contains(&chart_return) && chart_return <= single + 1e-12, "{chart_return}");
        assert!((cost - (optimal - chart_return)).abs() < 1e-12 && cost > 0.0, "{cost}");
        if let Some((below_return, below_cost)) = below {
            assert!(chart_return >= below_return && cost <= below_cost, "{}", tier["tier"]);
        }
        // Every added line is one of the tier's, and the beginner adds all of its own.
        let classes: Vec<&str> = lines.iter().map(|l| l["class"].as_str().unwrap()).collect();
        let added: Vec<&str> = tier["added"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
        assert!(added.iter().all(|c| classes.contains(c)));
        if below.is_none() {
            assert_eq!(added, classes);
        }
        below = Some((chart_return, cost));
    }
    // The text form marks what a tier adds and names all three.
    let out = vpoker(&["chart", "--game", "jacks-or-better-8-6", "--ultimate-x-lines", "3", "--tiers"]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success() && ["beginner", "intermediate", "expert", "+   1."].iter().all(|w| stdout.contains(w)), "{stdout}");
    let refused = usage_error(&["chart", "--game", "ultimate-x:jacks-or-better", "--tiers", "--json"]);
    assert!(refused.contains("--lines-dealt N (1, 3, 5, 10)"), "{refused}");
    assert!(usage_error(&["chart", "--game", "jacks-or-better-8-6", "--ultimate-x-lines", "4", "--tiers"]).contains("not 4"));
}

/// `value` with every number rounded to nine decimals (a game solved twice, in parallel, agrees
/// to about 1e-14, not to the last bit).
fn rounded(value: &serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::Number(n) if n.is_f64() => serde_json::json!((n.as_f64().unwrap() * 1e9).round() / 1e9),
        Value::Array(items) => Value::Array(items.iter().map(rounded).collect()),
        Value::Object(map) => Value::Object(map.iter().map(|(k, v)| (k.clone(), rounded(v))).collect()),
        other => other.clone(),
    }
}
