//! `vpoker chart` and `vpoker analyze --family F --pays P`, run through the real binary: the JSON
//! shapes, the published returns through the pays path, bad pays refused on one line naming the
//! row, the kicker games' charts, and the charts in tiers of every kind of table (machines, a
//! library table, a saved lab table).

use crate::common::{json, keys, text, usage_error, vpoker};
use serde_json::Value;

/// Each machine's pays as `--pays` takes them, and its published return.
const PUBLISHED: [(&str, &str, &str, f64); 4] = [
    ("jacks-or-better", "natural", "800,50,25,9,6,4,3,2,1", 0.995439043695),
    ("deuces-wild", "deuces", "800,200,25,15,9,5,3,2,2,1", 1.007619612039),
    ("bonus-poker", "natural", "800,80,50,40,25,8,5,4,3,2,1", 0.991659731872),
    ("double-bonus", "natural", "800,160,50,80,50,10,7,5,3,1,1", 1.001725223551),
];

#[test]
fn chart_json_is_the_contract_object() {
    let value = json(&["chart", "--game", "jacks-or-better", "--json"]);
    assert_eq!(
        keys(&value),
        ["game", "family", "lines", "chart_return", "optimal_return", "cost", "hands_per_lost_bet", "seconds"]
    );
    assert_eq!(value["game"], "jacks-or-better");
    assert_eq!(value["family"], "natural");
    let lines = value["lines"].as_array().unwrap();
    assert!(!lines.is_empty() && lines.len() <= 40);
    for (idx, line) in lines.iter().enumerate() {
        assert_eq!(keys(line), ["rank", "class", "label", "frequency", "mean_ev"]);
        assert_eq!(line["rank"].as_u64().unwrap() as usize, idx + 1);
    }
    assert_eq!(lines.last().unwrap()["class"], "discard-everything");
    let (chart, optimal) = (value["chart_return"].as_f64().unwrap(), value["optimal_return"].as_f64().unwrap());
    assert!((optimal - 0.995439043695).abs() < 1e-9);
    assert!(chart <= optimal && optimal - chart <= 0.0003, "{chart} vs {optimal}");
    assert!((value["hands_per_lost_bet"].as_f64().unwrap() - 1.0 / (optimal - chart)).abs() < 1e-6 / (optimal - chart));
}

#[test]
fn chart_text_and_line_limits() {
    let out = vpoker(&["chart", "--game", "deuces-wild", "--lines", "30"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("deuces-wild: chart of "), "{stdout}");
    assert!(stdout.contains("Four deuces (4 deuces)") && stdout.contains("chart return"), "{stdout}");
    let numbered =
        stdout.lines().filter(|l| l.trim_start().split('.').next().is_some_and(|n| n.parse::<u32>().is_ok()));
    assert!(numbered.count() <= 30);
}

#[test]
fn a_lab_chart_of_a_machines_pays_is_that_machines_chart() {
    let lab = json(&["chart", "--family", "natural", "--pays", PUBLISHED[2].2, "--json"]);
    let own = json(&["chart", "--game", "bonus-poker", "--json"]);
    assert_eq!(lab["game"], Value::Null);
    assert_eq!(lab["pays"]["four-aces"], 80);
    assert_eq!(lab["lines"], own["lines"]);
    assert_eq!(lab["chart_return"], own["chart_return"]);
}

#[test]
fn analyze_pays_reproduces_the_published_returns() {
    for (game, family, pays, published) in PUBLISHED {
        let value = json(&["analyze", "--family", family, "--pays", pays, "--json"]);
        assert_eq!(keys(&value), ["family", "pays", "return", "probabilities", "variance", "seconds"]);
        assert_eq!(value["family"], family);
        assert!((value["return"].as_f64().unwrap() - published).abs() < 1e-9, "{game}");
        let own = json(&["analyze", "--game", game, "--json"]);
        assert_eq!(value["return"], own["return"], "{game}");
        let mut lab: Vec<(&str, f64)> = value["probabilities"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_f64().unwrap()))
            .collect();
        let mut machine: Vec<(&str, f64)> =
            own["probabilities"].as_object().unwrap().iter().map(|(k, v)| (k.as_str(), v.as_f64().unwrap())).collect();
        lab.sort_by(|a, b| a.0.cmp(b.0));
        machine.sort_by(|a, b| a.0.cmp(b.0));
        assert_eq!(lab, machine, "{game}");
    }
    let job = json(&["analyze", "--family", "natural", "--pays", PUBLISHED[0].2, "--json"]);
    assert!((job["variance"].as_f64().unwrap() - 19.51).abs() < 0.01);
    let text_out = text(&vpoker(&["analyze", "--family", "natural", "--pays", "800,50,25,9,12,4,3,2,1"]).stdout);
    assert!(text_out.starts_with("natural paytable (royal-flush 800,"), "{text_out}");
    assert!(text_out.contains("variance"), "{text_out}");
}

#[test]
fn bad_pays_and_flags_are_one_line_errors() {
    let cases: [(&[&str], &str); 9] = [
        (&["analyze", "--family", "natural", "--pays", "800,50,25,9,x,4,3,2,1"], "'flush'"),
        (&["analyze", "--family", "natural", "--pays", "800,50,25,9,6,4,3,2,-1"], "'jacks-or-better'"),
        (&["analyze", "--family", "natural", "--pays", "800,50,25,9,6,4,3,2,1000000"], "too large"),
        (&["analyze", "--family", "natural", "--pays", "800,50,25"], "got 3"),
        (&["chart", "--family", "deuces", "--pays", "800,50,25,9,6,4,3,2,1"], "10 (Deuces Wild rows)"),
        (&["analyze", "--pays", "800,50,25,9,6,4,3,2,1"], "--family"),
        (&["chart", "--family", "natural"], "--pays"),
        (&["chart", "--game", "jacks-or-better", "--family", "natural", "--pays", "1,1,1,1,1,1,1,1,1"], "--game"),
        (&["chart", "--game", "jacks-or-better", "--lines", "0"], "--lines"),
    ];
    for (args, needle) in cases {
        let out = vpoker(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let stderr = text(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
    let out = vpoker(&["chart", "--classes", "--json"]);
    let classes: Vec<Value> = text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(classes.len() > 100);
    assert_eq!(keys(&classes[0]), ["id", "family", "kind", "params", "label", "prefer", "about"]);
    assert!(classes.iter().any(|c| c["id"] == "to-royal-4" && c["params"][0]["name"] == "n"));
    let out = vpoker(&["chart", "--help"]);
    let help = text(&out.stdout);
    for word in ["--game <ID>", "--family <natural|deuces>", "--pays <P1,P2,...>", "--classes", "--lines <N>", "--json"]
    {
        assert!(help.contains(word), "{help}");
    }
}

#[test]
fn a_kicker_game_s_chart_is_generated_on_its_table() {
    for game in ["double-double-bonus", "triple-double-bonus"] {
        let value = json(&["chart", "--game", game, "--json"]);
        assert_eq!(
            keys(&value),
            ["game", "family", "lines", "chart_return", "optimal_return", "cost", "hands_per_lost_bet", "seconds"],
            "{game}: a machine's shape (no pays)"
        );
        assert_eq!(value["game"], game);
        assert_eq!(value["family"], "natural");
        let lines = value["lines"].as_array().unwrap();
        assert!(!lines.is_empty() && lines.len() <= 40, "{game}: {} lines", lines.len());
        for (idx, line) in lines.iter().enumerate() {
            assert_eq!(keys(line), ["rank", "class", "label", "frequency", "mean_ev"], "{game}");
            assert_eq!(line["rank"].as_u64().unwrap() as usize, idx + 1, "{game}");
            assert!(line["frequency"].as_f64().unwrap() > 0.0, "{game}");
        }
        let (chart, optimal) = (value["chart_return"].as_f64().unwrap(), value["optimal_return"].as_f64().unwrap());
        assert!(chart <= optimal, "{game}: {chart} vs {optimal}");
        assert!((value["cost"].as_f64().unwrap() - (optimal - chart)).abs() < 1e-12, "{game}");
        // Optimal play's return is the one `analyze` prints for the game, not a machine's.
        let analysed = json(&["analyze", "--game", game, "--json"]);
        assert!((optimal - analysed["return"].as_f64().unwrap()).abs() < 1e-12, "{game}: {optimal}");
        let machine = json(&["chart", "--game", "double-bonus", "--json"]);
        assert!((optimal - machine["optimal_return"].as_f64().unwrap()).abs() > 1e-3, "{game}");
        // The text form names the game; a line limit holds.
        let out = vpoker(&["chart", "--game", game, "--lines", "12"]);
        assert!(out.status.success(), "{game}: {}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert!(stdout.starts_with(&format!("{game}: chart of ")), "{stdout}");
        let short = json(&["chart", "--game", game, "--lines", "12", "--json"]);
        assert!(short["lines"].as_array().unwrap().len() <= 12);
        assert!(short["chart_return"].as_f64().unwrap() <= optimal, "{game}");
        assert_eq!(short["optimal_return"], value["optimal_return"], "{game}");
    }
}

/// The core's tiers of `table` as the CLI prints them (serialized and parsed again, as the CLI's
/// floats are).
fn core_tiers(table: &vpoker::machine::Paytable) -> Value {
    let never = std::sync::atomic::AtomicBool::new(false);
    let tiers = vpoker::strategy::chart::tiers(table, &|_, _| {}, &never).unwrap();
    serde_json::from_str(&serde_json::to_string(&tiers).unwrap()).unwrap()
}

/// `chart --tiers --json`'s contract: three tiers within their budgets, costs not rising from
/// beginner to expert, `added` = the tier's classes minus the tier below's; returns the tiers.
fn check_tiers_json(value: &Value, game: &str) -> Vec<Value> {
    let tiers = value["tiers"].as_array().unwrap().clone();
    let optimal = value["optimal_return"].as_f64().unwrap();
    let budgets: Vec<(&str, u64)> =
        tiers.iter().map(|t| (t["tier"].as_str().unwrap(), t["max_lines"].as_u64().unwrap())).collect();
    assert_eq!(budgets, [("beginner", 10), ("intermediate", 20), ("expert", 40)], "{game}");
    let mut below: Option<&Value> = None;
    for tier in &tiers {
        assert_eq!(keys(tier), ["tier", "max_lines", "lines", "chart_return", "cost", "added"], "{game}");
        let lines = tier["lines"].as_array().unwrap();
        assert!(
            !lines.is_empty() && lines.len() as u64 <= tier["max_lines"].as_u64().unwrap(),
            "{game} {}",
            tier["tier"]
        );
        for (idx, line) in lines.iter().enumerate() {
            assert_eq!(keys(line), ["rank", "class", "label", "frequency", "mean_ev"], "{game}");
            assert_eq!(line["rank"].as_u64().unwrap() as usize, idx + 1, "{game}");
        }
        let (chart, cost) = (tier["chart_return"].as_f64().unwrap(), tier["cost"].as_f64().unwrap());
        assert!(chart <= optimal && (cost - (optimal - chart)).abs() < 1e-12, "{game} {}", tier["tier"]);
        let classes =
            |t: &Value| -> Vec<Value> { t["lines"].as_array().unwrap().iter().map(|l| l["class"].clone()).collect() };
        let lower = below.map(classes).unwrap_or_default();
        let added: Vec<Value> = classes(tier).into_iter().filter(|c| !lower.contains(c)).collect();
        assert_eq!(tier["added"].as_array().unwrap(), &added, "{game} {}", tier["tier"]);
        if let Some(below) = below {
            assert!(
                below["cost"].as_f64().unwrap() >= cost,
                "{game}: {} costs less than {}",
                below["tier"],
                tier["tier"]
            );
        }
        below = Some(tier);
    }
    tiers
}

#[test]
fn chart_tiers_json_is_the_contract_object_and_the_cores() {
    for machine in vpoker::machine::MachineId::ALL {
        let game = machine.id();
        let value = json(&["chart", "--game", game, "--tiers", "--json"]);
        assert_eq!(keys(&value), ["game", "optimal_return", "tiers"], "{game}");
        assert_eq!(value["game"], game);
        check_tiers_json(&value, game);
        let core = core_tiers(machine.paytable());
        assert_eq!(value["optimal_return"], core["optimal_return"], "{game}");
        assert_eq!(value["tiers"], core["tiers"], "{game}: the CLI prints the core's tiers");
    }
    // The expert tier is the chart `vpoker chart` prints.
    let tiers = json(&["chart", "--game", "jacks-or-better", "--tiers", "--json"]);
    let own = json(&["chart", "--game", "jacks-or-better", "--json"]);
    assert_eq!(tiers["tiers"][2]["lines"], own["lines"]);
    assert_eq!(tiers["tiers"][2]["chart_return"], own["chart_return"]);
    assert_eq!(tiers["optimal_return"], own["optimal_return"]);
}

/// A library table by its id, in JSON and text: its own tiers, the text marking the lines each
/// tier adds; and the plain chart of the same id.
#[test]
fn a_library_table_s_tiers_and_chart() {
    let game = "double-double-bonus-9-5";
    let table = vpoker::library::Preset::find(game).unwrap().paytable();
    let value = json(&["chart", "--game", game, "--tiers", "--json"]);
    assert_eq!(keys(&value), ["game", "optimal_return", "tiers"]);
    assert_eq!(value["game"], game);
    let tiers = check_tiers_json(&value, game);
    let core = core_tiers(&table);
    assert_eq!((&value["optimal_return"], &value["tiers"]), (&core["optimal_return"], &core["tiers"]));
    let out = vpoker(&["chart", "--game", game, "--tiers"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with(&format!("{game}: charts in three tiers")), "{stdout}");
    for heading in ["beginner (at most 10 lines)", "intermediate (at most 20 lines)", "expert (at most 40 lines)"] {
        assert!(stdout.contains(heading), "{heading}: {stdout}");
    }
    let marked = stdout.lines().filter(|l| l.starts_with('+')).count();
    let added: usize = tiers.iter().map(|t| t["added"].as_array().unwrap().len()).sum();
    assert_eq!(marked, added, "{stdout}");
    let plain = json(&["chart", "--game", game, "--json"]);
    assert_eq!(plain["game"], game);
    assert_eq!(plain["lines"], value["tiers"][2]["lines"]);
}

/// A saved lab table (`lab:NAME` with `--db`, the file only read) has tiers and a chart, the same as
/// its pays given with `--family/--pays`; refusals are one line.
#[test]
fn a_lab_table_s_tiers_and_refusals() {
    use vpoker::game::{Game, RowPay};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let db_text = db.to_str().unwrap();
    let pays = [RowPay { row: "full-house".into(), pay: "6".into() }];
    Game::open(&db).unwrap().save_lab_table("Six five", vpoker::machine::MachineId::JacksOrBetter, &pays).unwrap();
    let before = std::fs::read(&db).unwrap();
    let value = json(&["chart", "--game", "lab:Six five", "--db", db_text, "--tiers", "--json"]);
    assert_eq!(keys(&value), ["game", "optimal_return", "tiers"]);
    assert_eq!(value["game"], "lab:Six five");
    check_tiers_json(&value, "lab:Six five");
    let by_pays = json(&["chart", "--family", "natural", "--pays", "800,50,25,6,6,4,3,2,1", "--tiers", "--json"]);
    assert_eq!(keys(&by_pays), ["game", "pays", "optimal_return", "tiers"]);
    assert_eq!(by_pays["game"], Value::Null);
    assert_eq!((&value["optimal_return"], &value["tiers"]), (&by_pays["optimal_return"], &by_pays["tiers"]));
    let plain = json(&["chart", "--game", "lab:Six five", "--db", db_text, "--json"]);
    assert_eq!(plain["lines"], value["tiers"][2]["lines"]);
    let _ = std::fs::remove_file(dir.path().join("game.db-wal"));
    assert_eq!(std::fs::read(&db).unwrap(), before, "the database is only read");
    let unsaved = vpoker(&["chart", "--game", "lab:None", "--db", db_text, "--tiers", "--json"]);
    assert_eq!(unsaved.status.code(), Some(1));
    assert!(text(&unsaved.stdout).contains("unknown-table"), "{}", text(&unsaved.stdout));
    let cases: [(&[&str], &str); 5] = [
        (&["chart", "--game", "lab:Six five", "--tiers"], "--db"),
        (&["chart", "--game", "jacks-or-better", "--tiers", "--lines", "30"], "--tiers"),
        (&["chart", "--classes", "--tiers"], "--tiers"),
        (&["chart", "--db", db_text, "--family", "natural", "--pays", "800,50,25,6,6,4,3,2,1"], "--db"),
        (&["chart", "--game", "no-such-table", "--tiers"], "lab:NAME with --db"),
    ];
    for (args, needle) in cases {
        let line = usage_error(args);
        assert!(line.contains(needle), "{args:?}: {line}");
    }
    let help = text(&vpoker(&["chart", "--help"]).stdout);
    assert!(help.contains("--tiers") && help.contains("--db <FILE>") && help.contains("jacks-or-better-8-5"), "{help}");
}
