//! `vpoker tables` (the library, returns computed) and practising a table through `vpoker play`:
//! `deal --practice --table ID`, then `hint` and `draw` on it as on a machine's hand.

use crate::common::{json, keys, usage_error, vpoker};

#[test]
fn the_library_lists_every_table_with_its_computed_return() {
    let listed = json(&["tables", "--json"]);
    let tables = listed.as_array().unwrap();
    assert!(tables.len() >= 15);
    for table in tables {
        assert_eq!(keys(table), ["id", "name", "label", "family", "base", "pays", "return", "variants"], "{table}");
        assert!(["natural", "deuces", "joker", "kicker"].contains(&table["family"].as_str().unwrap()));
        assert!(table["return"].as_f64().unwrap() > 0.9 && table["return"].as_f64().unwrap() < 1.01, "{table}");
        assert!(table["pays"].as_array().unwrap().iter().all(|p| p["row"].is_string() && p["pay"].is_u64()));
    }
    let of = |id: &str| tables.iter().find(|t| t["id"] == id).unwrap().clone();
    assert_eq!(of("double-double-bonus")["family"], "kicker");
    assert!((of("double-double-bonus")["return"].as_f64().unwrap() - 0.9898).abs() < 0.00005);
    // One id per paytable: the kicker game's and the machines' own tables by their ids, never twice.
    for (old, one) in vpoker::library::FORMER_IDS {
        assert!(tables.iter().all(|t| t["id"] != *old), "{old} is listed as {one}");
        assert_eq!(tables.iter().filter(|t| t["id"] == *one).count(), 1, "{one}");
    }
    assert!((of("jacks-or-better-8-5")["return"].as_f64().unwrap() - 0.972984).abs() < 0.0000005);
    assert_eq!(of("joker-poker")["family"], "joker");
    // Each names its Ultimate X table, where its game has one, and its Super Times Pay table.
    let variants = &of("jacks-or-better-8-6")["variants"];
    assert_eq!(
        variants,
        &serde_json::json!([
            { "table": "ultimate-x:jacks-or-better-8-6", "rules": "ultimate-x", "lines": [1, 3, 5, 10], "start": 1 },
            { "table": "super-times:jacks-or-better-8-6", "rules": "super-times", "lines": [1, 3, 5, 10], "start": 1 },
        ])
    );
    assert_eq!(
        of("joker-poker")["variants"],
        serde_json::json!([{ "table": "super-times:joker-poker", "rules": "super-times", "lines": [1, 3, 5, 10], "start": 1 }])
    );
    assert!((of("joker-poker")["return"].as_f64().unwrap() - 1.006463).abs() < 0.0000005);
    // The text form names each table and its return.
    let out = vpoker(&["tables"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().any(|l| l.contains("Not So Ugly Deuces") && l.contains("99.7283 %")), "{text}");
}

#[test]
fn a_library_table_is_practised_with_play_deal_hint_and_draw() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let db = db.to_str().unwrap();
    let play = |args: &[&str]| {
        let mut all = vec!["play", "--db", db, "--today", "2026-12-01"];
        all.extend_from_slice(args);
        json(&all)
    };
    let seed = "5eed00000000000000000000000000000000000000000000000000000000c0de";
    let before = play(&["state"]);
    // The one deal of every table answers the state; its hand is the table's.
    let hand = play(&["deal", "--practice", "--table", "triple-double-bonus-9-7", "--bet", "5", "--seed", seed])["hand"].clone();
    // A former id deals the kicker game's own table.
    assert_eq!((hand["table"].as_str(), hand["label"]["game"].as_str()), (Some("triple-double-bonus"), Some("triple-double-bonus")));
    let hint = play(&["hint"]);
    assert_eq!((&hint["hand_id"], &hint["table"], &hint["cards"]), (&hand["id"], &hand["table"], &hand["cards"]));
    assert_eq!(hint["holds"].as_array().unwrap().len(), 32);
    // The library's hint is the one `vpoker hint` gives the kicker game on the same cards.
    let cards: Vec<&str> = hand["cards"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    let direct = json(&["hint", "--game", "triple-double-bonus", "--json", &cards.join(" ")]);
    assert_eq!(direct["holds"][0]["mask"].as_u64(), hint["best_hold"].as_u64(), "{direct}");
    let best = hint["best_hold"].as_u64().unwrap().to_string();
    let drawn = play(&["draw", &best])["last_hand"].clone();
    assert_eq!((drawn["mistake"].as_bool(), drawn["ev_given_up"].as_f64()), (Some(false), Some(0.0)));
    assert_eq!(drawn["best_results"], drawn["results"]);
    assert_eq!(drawn["table"], "triple-double-bonus");
    let after = play(&["state"]);
    assert_eq!((after["chips"].clone(), after["xp"].clone()), (before["chips"].clone(), before["xp"].clone()));
    // Refusals: a table that is not one, a table without --practice.
    let refused = vpoker(&["play", "--db", db, "deal", "--practice", "--table", "nope", "--bet", "5"]);
    assert_eq!(refused.status.code(), Some(1));
    let refused: serde_json::Value = serde_json::from_slice(&refused.stdout).unwrap();
    assert_eq!(refused["error"]["kind"], "unknown-table");
    assert!(usage_error(&["play", "--db", db, "deal", "--table", "not-so-ugly-deuces", "--bet", "5"]).contains("--practice"));
}

#[test]
fn with_charts_each_table_lists_its_charts_cost() {
    let listed = json(&["tables", "--json", "--charts"]);
    // The core's own figures, generated here again for one table of each vocabulary (natural,
    // kicker, Deuces Wild; the core's tests check every table's).
    let again = ["jacks-or-better", "double-double-bonus", "deuces-wild"];
    let mut compared = 0;
    for table in listed.as_array().unwrap() {
        let chart = &table["chart"];
        assert_eq!(keys(chart), ["lines", "chart_return", "optimal_return", "cost"], "{table}");
        let id = table["id"].as_str().unwrap();
        if again.contains(&id) {
            compared += 1;
            let cost = vpoker::library::Preset::find(id).unwrap().chart_cost();
            assert_eq!(chart["lines"], cost.lines);
            assert!((chart["chart_return"].as_f64().unwrap() - cost.chart_return).abs() < 1e-15, "the core's own chart");
        }
        assert!((chart["optimal_return"].as_f64().unwrap() - table["return"].as_f64().unwrap()).abs() < 1e-12, "{table}");
        assert!(chart["cost"].as_f64().unwrap() >= 0.0);
    }
    assert_eq!(compared, again.len(), "the three tables are listed");
    let text = String::from_utf8(vpoker(&["tables", "--charts"]).stdout).unwrap();
    let line = text.lines().find(|l| l.starts_with("double-double-bonus ")).unwrap();
    assert!(line.contains("chart 40 lines, cost 0.0051 pp"), "{line}");
    assert!(!json(&["tables", "--json"])[0].as_object().unwrap().contains_key("chart"), "charts only when asked");
}

#[test]
fn any_tables_hard_decisions_and_mistakes_are_drilled_with_play_drill() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let db = db.to_str().unwrap();
    let play = |args: &[&str]| {
        let mut all = vec!["play", "--db", db, "--today", "2026-12-01"];
        all.extend_from_slice(args);
        json(&all)
    };
    let seed = "00000000000000000000000000000000000000000000000000000000000d0d11";
    let question = play(&["drill", "--table", "double-double-bonus-9-6", "--seed", seed]);
    assert_eq!(keys(&question), ["table", "source", "seed", "name", "label", "cards", "bet", "queue", "due", "tally"]);
    assert_eq!((question["seed"].as_str(), question["source"].as_str()), (Some(seed), Some("hard")));
    let parsed: Vec<vpoker::card::Card> = question["cards"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().parse().unwrap()).collect();
    let table = vpoker::table::Table::named("double-double-bonus-9-6").unwrap();
    let expected = vpoker::pipeline::drill::hard_hands(&table, &seed.parse().unwrap(), 1).remove(0).hand;
    assert_eq!(parsed, expected.cards, "the drill generator's first hard hand of the seed");
    let verdict = play(&["drill-answer", "--table", "double-double-bonus-9-6", "--seed", seed, "--hold", &expected.best.mask().to_string()]);
    assert_eq!((verdict["correct"].as_bool(), verdict["tally"]["answered"].as_u64()), (Some(true), Some(1)));
    assert_eq!(verdict["cards"], question["cards"]);
    // A machine is a table too: its mistakes queue is drilled the same way (empty here: null).
    assert_eq!(play(&["drill", "--table", "jacks-or-better", "--source", "mistakes"]), serde_json::Value::Null);
    let machine = play(&["drill", "--table", "jacks-or-better", "--seed", seed]);
    // A machine is named by its id: the app names it in the player's language.
    assert_eq!((machine["table"].as_str(), machine["name"].as_str()), (Some("jacks-or-better"), Some("jacks-or-better")));
    let refused = vpoker(&["play", "--db", db, "drill", "--table", "nope"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8(refused.stdout).unwrap().contains("unknown-table"));
    let refused = vpoker(&["play", "--db", db, "drill-answer", "--table", "jacks-or-better", "--hand", "1", "--hold", "0"]);
    assert!(String::from_utf8(refused.stdout).unwrap().contains("unknown-hand"));
    assert!(usage_error(&["play", "--db", db, "drill-answer", "--table", "x", "--seed", "zz", "--hold", "0"]).contains("--seed"));
    assert!(usage_error(&["play", "--db", db, "drill-answer", "--table", "x", "--hold", "0"]).contains("--seed"));
}
