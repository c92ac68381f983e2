//! The JSON contract: what the commands send the UI (and `vpoker play` prints), for one scripted
//! game, compared with the snapshots checked in under `tests/contract/`. Any change to a field's
//! name, type or meaning breaks this test; when the change is intended, regenerate the snapshots
//! with `UPDATE_CONTRACT=1 cargo test --test contract` and review the diff with the UI in mind.

use std::path::PathBuf;

use chrono::NaiveDate;
use serde_json::Value;
use vpoker::game::{DealRequest, DrillSource, Game, GameError, RowPay};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

fn snapshot(name: &str, value: &Value) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/contract").join(format!("{name}.json"));
    let text = serde_json::to_string_pretty(value).unwrap() + "\n";
    if std::env::var_os("UPDATE_CONTRACT").is_some() {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let stored = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_CONTRACT=1 writes it)", path.display()));
    let stored: Value = serde_json::from_str(&stored).unwrap();
    assert_eq!(&stored, value, "the JSON contract '{name}' changed; if intended, UPDATE_CONTRACT=1 and review");
}

fn seed(n: u8) -> Seed {
    Seed::from_bytes([n; 32])
}

/// The parts of a path that differ between runs are replaced by a fixed name.
fn without_temp_dir(value: Value, dir: &std::path::Path) -> Value {
    let text = serde_json::to_string(&value).unwrap().replace(&dir.display().to_string(), "/DATA");
    serde_json::from_str(&text).unwrap()
}

#[test]
fn the_commands_send_what_the_snapshots_hold() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("vpoker.db")).unwrap();
    let day = NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
    let at = day.and_hms_opt(20, 15, 0).unwrap();
    let json = |value: &dyn erased::Ser| without_temp_dir(value.to_value(), dir.path());

    snapshot("state-new", &json(&game.state(crate::common::d(day)).unwrap()));
    snapshot("state-claimed", &json(&game.claim_daily(crate::common::d(day)).unwrap()));
    let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(10).unwrap(), vpoker::game::Lines::new(1).unwrap(), false);
    let dealt = game.deal(request.clone(), seed(7), crate::common::m(at)).unwrap();
    snapshot("state-dealt", &json(&dealt));
    snapshot("hint", &json(&game.hint().unwrap()));
    // A mistake on purpose: the verdict and its cost are part of the contract.
    let best = dealt.hand.unwrap().best_hold;
    let worse = Hold::from_mask(u32::from(best.mask()) ^ 1).unwrap();
    snapshot("state-drawn", &json(&game.draw(worse, crate::common::m(at)).unwrap()));
    snapshot("history", &json(&game.history(20, None).unwrap()));
    snapshot("stats", &json(&game.stats().unwrap()));
    snapshot("audit", &json(&game.audit().unwrap()));
    let drawn_id = game.history(1, None).unwrap()[0].id;
    snapshot("verify", &json(&game.verify_hand(drawn_id).unwrap()));
    let never = std::sync::atomic::AtomicBool::new(false);
    snapshot("history-check", &json(&game.check_history(&|_, _| {}, &never).unwrap()));
    // Today's ten deals part way and done (every card held: a fixed score), then the milestones.
    game.daily_draw(Hold::from_mask(31).unwrap(), crate::common::d(day)).unwrap();
    snapshot("daily-started", &json(&game.daily_deals(crate::common::d(day)).unwrap()));
    for _ in 1..10 {
        game.daily_draw(Hold::from_mask(31).unwrap(), crate::common::d(day)).unwrap();
    }
    snapshot("daily-done", &json(&game.daily_deals(crate::common::d(day)).unwrap()));
    snapshot("milestones", &json(&game.milestones().unwrap()));
    // A casino table practised: the hand, its hint, the draw (a mistake: every card held) and the
    // table's figures; and the library with its returns.
    snapshot("table-hand", &json(&crate::common::practise(&mut game, "double-double-bonus-9-6", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed(9), crate::common::m(chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap())).unwrap()));
    snapshot("table-hint", &json(&game.hint().unwrap()));
    snapshot("table-draw", &json(&crate::common::draw_hand(&mut game, Hold::from_mask(31).unwrap(), crate::common::m(chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap())).unwrap()));
    snapshot("library", &json(&vpoker::library::listing()));
    // A table's drill: the question (with its seed), a wrong answer's verdict; a chart's cost.
    let drill_day = chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
    let question = game.drill_next(&crate::common::t("double-double-bonus-9-6"), DrillSource::Hard, seed(10), crate::common::d(drill_day)).unwrap().unwrap();
    snapshot("table-drill", &json(&question));
    snapshot("table-drill-verdict", &json(&game.drill_answer(&question.key, Hold::NONE, crate::common::d(drill_day)).unwrap()));
    snapshot("drill-tallies", &json(&game.drill_tallies(&crate::common::t("double-double-bonus-9-6")).unwrap()));
    // What is due for review (the table hand drawn above was a mistake): the lobby's counts and the
    // cards, then a mistake answered wrong, with the date it comes back.
    snapshot("review", &json(&game.review(crate::common::d(drill_day), None, 10).unwrap()));
    let mistake = game.drill_next(&crate::common::t("double-double-bonus-9-6"), DrillSource::Mistakes, seed(10), crate::common::d(drill_day)).unwrap().unwrap();
    snapshot("mistake-drill-verdict", &json(&game.drill_answer(&mistake.key, Hold::NONE, crate::common::d(drill_day)).unwrap()));
    snapshot("mistakes", &json(&game.mistakes(None, 10).unwrap()));
    // A chart drill by the beginner tier: the question carries its tier, the verdict the chart's
    // line, hold and cost (counted in the hard tally, after the tallies' snapshot above).
    let tier = Some(vpoker::strategy::chart::ChartTier::Beginner);
    let chart = game.drill_next_by(&crate::common::t("jacks-or-better"), DrillSource::Chart, seed(11), tier, crate::common::d(drill_day)).unwrap().unwrap();
    snapshot("chart-drill", &json(&chart));
    snapshot("chart-drill-verdict", &json(&game.drill_answer(&chart.key, Hold::NONE, crate::common::d(drill_day)).unwrap()));
    // The warm-up offered on a machine a long while after its last hand.
    let later = chrono::NaiveDate::from_ymd_opt(2027, 6, 1).unwrap();
    snapshot("warm-up", &json(&game.warm_up(&crate::common::t("jacks-or-better"), crate::common::d(later)).unwrap()));
    // A game's progress: its days and sessions (one of each here), no trend line before a second,
    // and no figure per hour with so little time.
    snapshot("progress", &json(&game.progress(&crate::common::t("jacks-or-better"), 90).unwrap()));
    // A proficiency check begun, then complete (its 25 questions alike in shape: the first kept).
    let check_day = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
    snapshot("proficiency-started", &json(&game.proficiency_answer(&crate::common::t("jacks-or-better"), crate::common::d(check_day), 0, Hold::NONE, crate::common::d(check_day)).unwrap()));
    for index in 1..25 {
        game.proficiency_answer(&crate::common::t("jacks-or-better"), crate::common::d(check_day), index, Hold::from_mask(31).unwrap(), crate::common::d(check_day)).unwrap();
    }
    let mut done = json(&game.proficiency(&crate::common::t("jacks-or-better"), crate::common::d(check_day)).unwrap());
    done["questions"].as_array_mut().unwrap().truncate(1);
    snapshot("proficiency-done", &done);
    snapshot("library-chart-cost", &json(&vpoker::library::Preset::find("jacks-or-better-9-6").unwrap().chart_cost()));
    // Saved lab tables: a machine's table and a kicker game's (a library table copied into the
    // lab), each base sent as its id.
    let flush_5 = [RowPay { row: "flush".into(), pay: "5".into() }];
    game.save_lab_table("9/5", MachineId::JacksOrBetter, &flush_5).unwrap();
    let ddb = vpoker::library::Base::Kicker(vpoker::kicker::KickerGame::DoubleDoubleBonus);
    snapshot("lab-tables", &json(&game.save_lab_table("DDB 9/5", ddb, &flush_5).unwrap()));
    // The one play screen's view of any table: a machine's (its remembered bet), a library table
    // asked by its variant's id, a saved lab table.
    snapshot("table-view-machine", &json(&game.table_view(&crate::common::t("jacks-or-better")).unwrap()));
    snapshot("table-view-library", &json(&game.table_view(&crate::common::t("ultimate-x:jacks-or-better-8-6")).unwrap()));
    snapshot("table-view-lab", &json(&game.table_view(&crate::common::t("lab:DDB 9/5")).unwrap()));
    let errors: Vec<Value> = [
        vpoker::game::Bet::new(7).unwrap_err(),
        game.deal(DealRequest::machine(MachineId::DoubleBonus, request.bet, request.hands, request.practice), seed(8), crate::common::m(at)).unwrap_err(),
        game.deal(DealRequest { hands: vpoker::game::Lines::new(5).unwrap(), ..request.clone() }, seed(8), crate::common::m(at)).unwrap_err(),
        game.draw(Hold::NONE, crate::common::m(at)).unwrap_err(),
        game.claim_daily(crate::common::d(day)).unwrap_err(),
        game.set_setting("sound", "loud").unwrap_err(),
        game.verify_hand(drawn_id + 1000).unwrap_err(),
        game.history(501, None).unwrap_err(),
        game.progress(&crate::common::t("jacks-or-better"), 367).unwrap_err(),
        game.daily_draw(Hold::NONE, crate::common::d(day)).unwrap_err(),
        game.proficiency_answer(&crate::common::t("jacks-or-better"), crate::common::d(check_day), 3, Hold::NONE, crate::common::d(check_day)).unwrap_err(),
        game.proficiency_answer(&crate::common::t("jacks-or-better"), crate::common::d(day), 0, Hold::NONE, crate::common::d(check_day)).unwrap_err(),
        GameError::ProficiencyAnswered { table: "jacks-or-better".into(), day: check_day, index: 0 },
        GameError::ProficiencyNotNext { index: 4, next: 2 },
        GameError::NoHardHands { table: "lab:Nothing".into() },
        GameError::NotCorrupt { path: "/DATA/game.db".into() },
        GameError::ReadOnly { path: "/DATA/game.db".into() },
        game.set_setting("reminder", "7:30").unwrap_err(),
        GameError::InvalidSeed { seed: "xyz".into() },
        GameError::InsufficientChips { needed: 250, available: 40 },
        GameError::CorruptDatabase { path: dir.path().join("vpoker.db"), detail: "example".into() },
    ]
    .iter()
    .map(|e| json(e))
    .collect();
    snapshot("errors", &Value::Array(errors));
}

/// The hand analyser's answer (a chosen hold weighed, on a machine: its chart line; on an
/// Ultimate X table: what is on screen) and its refusals.
#[test]
fn the_analyser_sends_what_its_snapshots_hold() {
    use vpoker::game::AnalysisQuestion;
    let dir = tempfile::tempdir().unwrap();
    let game = Game::open(&dir.path().join("vpoker.db")).unwrap();
    let json = |value: &dyn erased::Ser| without_temp_dir(value.to_value(), dir.path());
    let ask = |cards| AnalysisQuestion { cards, lines: None, multipliers: None, chosen: None };
    let chosen = AnalysisQuestion { chosen: Some(Hold::from_mask(0b00011).unwrap()), ..ask("Jh Js 4h 7h 9h") };
    snapshot("analysis", &json(&game.analyse(&crate::common::t("jacks-or-better"), &chosen).unwrap()));
    let ux = AnalysisQuestion { lines: Some(3), ..ask("Jh Js 4h 7h 9h") };
    snapshot("analysis-ultimate-x", &json(&game.analyse(&crate::common::t("ultimate-x:jacks-or-better"), &ux).unwrap()));
    let errors: Vec<Value> = [
        game.analyse(&crate::common::t("jacks-or-better"), &ask("Jh Jh 4h 7h 9h")).unwrap_err(),
        game.analyse(&crate::common::t("ultimate-x:jacks-or-better"), &AnalysisQuestion { multipliers: Some("1,1,99"), ..ux.clone() }).unwrap_err(),
    ]
    .iter()
    .map(|e| json(e))
    .collect();
    snapshot("analysis-errors", &Value::Array(errors));
}

/// Serialising through a trait object, so one closure takes every type above.
mod erased {
    pub trait Ser {
        fn to_value(&self) -> serde_json::Value;
    }

    impl<T: serde::Serialize> Ser for T {
        fn to_value(&self) -> serde_json::Value {
            serde_json::to_value(self).unwrap()
        }
    }
}
