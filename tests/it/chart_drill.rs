//! Drills by chart: the drill run's own deals on which the chart of a tier holds something that is
//! not a best hold, reproducible by seed, judged by the one verdict, with the chart's line and what
//! following it costs; the player's tier by default; a table with no tier chart refused in type.

use chrono::NaiveDate;
use vpoker::game::Day;
use vpoker::game::{DrillFrom, DrillKey, DrillQuestion, DrillSource, Game, GameError};
use vpoker::hold::Hold;
use vpoker::library::Preset;
use vpoker::pipeline::drill::HardDeals;
use vpoker::pipeline::settle::HoldVerdict;
use vpoker::shuffle::Seed;
use vpoker::strategy::chart::ChartTier;
use vpoker::table::Table;
use vpoker::table_chart::TierChart;

fn seed(n: u64) -> Seed {
    format!("{:064x}", 0xc4a7_0000 + n).parse().unwrap()
}

fn day() -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 12, 1).unwrap()).unwrap()
}

fn ask(game: &Game, table: &str, seed: Seed, tier: Option<ChartTier>) -> Result<DrillQuestion, GameError> {
    game.drill_next_by(&crate::common::t(table), DrillSource::Chart, seed, tier, day()).map(|q| q.expect("a chart question is posed or refused"))
}

/// The first deal of the drill run from `seed` on `table` on which `chart` holds a mistake, found
/// here by dealing the run one hand at a time (its hand seed, cards, the chart's hold, the EVs).
fn first_off_chart(table: &Table, chart: &TierChart, seed: &Seed) -> (Seed, [vpoker::card::Card; 5], Hold) {
    let mut run = HardDeals::new(table, seed);
    loop {
        let (hand_seed, cards) = run.deal();
        let (_, hold) = chart.chart().play(&cards);
        if table.hand_evs(&cards).is_mistake(hold) {
            return (hand_seed, cards, hold);
        }
    }
}

#[test]
fn a_chart_question_is_the_first_deal_of_the_run_on_which_the_tiers_hold_is_no_best_hold() {
    let dir = tempfile::tempdir().unwrap();
    let game = Game::open(&dir.path().join("game.db")).unwrap();
    let table = Table::named("jacks-or-better").unwrap();
    for tier in ChartTier::ALL {
        let chart = TierChart::of(&table, tier).unwrap();
        for n in 0..6 {
            let question = ask(&game, table.id(), seed(n), Some(tier)).unwrap();
            assert_eq!(question.key.from, DrillFrom::Chart { seed: seed(n), tier });
            let (hand_seed, cards, hold) = first_off_chart(&table, &chart, &seed(n));
            assert_eq!(question.cards, cards, "{tier:?} seed {n}");
            // The hand is the pipeline's deal of its own hand seed (what `verify --seed` replays).
            let dealt = vpoker::pipeline::Deal::deal(&hand_seed, &table, 1, vpoker::pipeline::NudgeSource::Never).dealt();
            assert_eq!(dealt, cards);
            let evs = table.hand_evs(&cards);
            assert!(evs.is_mistake(hold) && evs.cost(hold) > 0.0, "the chart's hold is never a best hold");
            assert_eq!(ask(&game, table.id(), seed(n), Some(tier)).unwrap(), question, "the same seed, the same question");
        }
    }
}

#[test]
fn the_verdict_is_the_one_verdict_and_names_the_charts_line_and_what_following_it_costs() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    let table = Table::named("jacks-or-better").unwrap();
    let chart = TierChart::of(&table, ChartTier::Beginner).unwrap();
    for n in 0..6 {
        let question = ask(&game, table.id(), seed(n), Some(ChartTier::Beginner)).unwrap();
        let evs = table.hand_evs(&question.cards);
        let (line, chart_hold) = chart.chart().play(&question.cards);
        let key = DrillKey { table: table.id().into(), from: DrillFrom::Chart { seed: seed(n), tier: ChartTier::Beginner } };
        // Following the chart: a mistake, by exactly what the one verdict says it gives up.
        let hold = if n % 2 == 0 { chart_hold } else { evs.best() };
        let verdict = game.drill_answer(&key, hold, day()).unwrap();
        let one = HoldVerdict::of(&evs, hold, 5);
        assert_eq!((verdict.correct, verdict.ev_given_up, verdict.best_hold), (!one.mistake, one.cost, one.best_hold));
        let said = verdict.chart.expect("a chart question's verdict says what the chart says");
        let off = HoldVerdict::of(&evs, chart_hold, 5);
        assert_eq!(said.tier, ChartTier::Beginner);
        assert_eq!((said.line.rank, said.line.class.as_str()), (line + 1, chart.chart().lines()[line].class.as_str()));
        assert_eq!(said.hold, chart_hold);
        assert_eq!((said.ev_given_up, said.ev_given_up_chips), (off.cost, off.cost_chips()));
        assert!(said.ev_given_up > 0.0);
        assert_eq!(said.followed, n % 2 == 0);
        assert_eq!(verdict.correct, n % 2 == 1, "the chart's hold is wrong here, the best hold right");
    }
    // Counted in the table's hard tally (drill_totals keeps two sources).
    let tallies = game.drill_tallies(&crate::common::t(table.id())).unwrap();
    assert_eq!((tallies.hard.answered, tallies.hard.correct, tallies.mistakes.answered), (6, 3, 0));
}

#[test]
fn without_a_tier_the_players_chart_tier_is_drilled_and_the_answer_names_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    let expert = game.drill_next(&crate::common::t("bonus-poker"), DrillSource::Chart, seed(1), day()).unwrap().unwrap();
    assert_eq!(expert.key.from, DrillFrom::Chart { seed: seed(1), tier: ChartTier::Expert });
    game.set_setting("chart-tier", "intermediate").unwrap();
    let question = game.drill_next(&crate::common::t("bonus-poker"), DrillSource::Chart, seed(1), day()).unwrap().unwrap();
    assert_eq!(question.key.from, DrillFrom::Chart { seed: seed(1), tier: ChartTier::Intermediate });
    // As the app sends the question back: its parts as text.
    let json = serde_json::to_value(&question).unwrap();
    assert_eq!((json["source"].as_str(), json["tier"].as_str()), (Some("chart"), Some("intermediate")));
    let key = DrillKey::parse("bonus-poker", "chart", json["seed"].as_str(), None, json["tier"].as_str()).unwrap();
    assert_eq!(key, question.key);
    let verdict = game.drill_answer(&key, Hold::NONE, day()).unwrap();
    assert_eq!(verdict.chart.unwrap().tier, ChartTier::Intermediate);
}

#[test]
fn every_plain_table_has_its_tiers_and_an_ultimate_x_table_is_refused_in_type() {
    let dir = tempfile::tempdir().unwrap();
    let game = Game::open(&dir.path().join("game.db")).unwrap();
    // A library table: its own tiers, its own EVs.
    let preset = Preset::find("double-double-bonus-9-6").unwrap();
    let table = Table::preset(preset);
    let question = ask(&game, preset.id, seed(3), Some(ChartTier::Beginner)).unwrap();
    let chart = TierChart::of(&table, ChartTier::Beginner).unwrap();
    assert_eq!(question.cards, first_off_chart(&table, &chart, &seed(3)).1);
    // Ultimate X: judged with its multipliers, no tier chart.
    let refused = ask(&game, "ultimate-x:jacks-or-better", seed(3), Some(ChartTier::Beginner)).unwrap_err();
    assert_eq!(refused.kind(), "no-tier-chart");
    let data = serde_json::to_value(&refused).unwrap();
    assert_eq!((data["table"].as_str(), data["reason"].as_str()), (Some("ultimate-x:jacks-or-better"), Some("ultimate-x")));
    // A tier that is none, or none at all, where a question comes back.
    let bad = DrillKey::parse("jacks-or-better", "chart", Some(&seed(1).to_string()), None, Some("master")).unwrap_err();
    assert_eq!(bad.kind(), "unknown-chart-tier");
    assert_eq!(serde_json::to_value(&bad).unwrap()["tiers"], serde_json::json!(["beginner", "intermediate", "expert"]));
    let missing = DrillKey::parse("jacks-or-better", "chart", Some(&seed(1).to_string()), None, None).unwrap_err();
    assert_eq!(missing.kind(), "unknown-chart-tier");
}

/// The shares docs/TRAINING.md gives ("Drills by chart"): of the deals of one drill run, those on
/// which each tier's chart holds other than a best hold, on each machine. Printed with
/// `cargo test -p vpoker --test it chart_drill::shares -- --nocapture`.
#[test]
fn shares_of_deals_off_each_tiers_chart() {
    const DEALS: u64 = 20_000;
    for id in ["jacks-or-better", "deuces-wild", "bonus-poker", "double-bonus", "joker-poker"] {
        let table = Table::named(id).unwrap();
        let charts: Vec<TierChart> = ChartTier::ALL.iter().map(|&tier| TierChart::of(&table, tier).unwrap()).collect();
        let mut off = [0u64; 3];
        let mut run = HardDeals::new(&table, &seed(99));
        for _ in 0..DEALS {
            let (_, cards) = run.deal();
            let evs = table.hand_evs(&cards);
            for (count, chart) in off.iter_mut().zip(&charts) {
                *count += u64::from(evs.is_mistake(chart.chart().play(&cards).1));
            }
        }
        let shares: Vec<String> = off.iter().map(|&n| format!("{:.2} %", n as f64 * 100.0 / DEALS as f64)).collect();
        println!("{id}: beginner {}, intermediate {}, expert {} of {DEALS} deals", shares[0], shares[1], shares[2]);
        // Fewer lines, more deals off the chart; every tier misses some (its cost is above zero).
        assert!(off[0] >= off[1] && off[1] >= off[2] && off[2] > 0, "{id}: {off:?}");
    }
}
