//! Ultimate X: the published returns and the published single-line state values, reproduced
//! exactly from the multiplier tables (src/ultimate_x/multipliers.rs) by the exact solver.

use vpoker::table::Table;
use vpoker::ultimate_x::{self, mdp::Game, multipliers::Multipliers};

fn table(id: &str) -> Table {
    Table::named(id).expect("a library table")
}

fn multipliers(table: &Table, lines: u8) -> Multipliers {
    Multipliers::of(table.base(), table.paytable(), lines).expect("an Ultimate X game")
}

/// Percentage points.
fn pct(rate: f64) -> f64 {
    100.0 * rate
}

/// The Wizard of Odds' single-line 8/6 Jacks or Better page (as quoted in docs/ULTIMATE-X.md):
/// per multiplier, how often a hand starts with it and that state's value per unit (the pay at
/// that multiplier plus the multiplier earned, less 1). Six decimals each, and the return 98.57 %.
#[test]
fn single_line_jacks_or_better_matches_the_published_states() {
    let table = table("jacks-or-better-8-6");
    let multipliers = multipliers(&table, 1);
    let game: Game = ultimate_x::game(&table, &multipliers);
    let solution = game.solve();
    assert!((pct(solution.return_rate()) - 98.57).abs() < 0.005, "{}", pct(solution.return_rate()));
    let (reward, transition) = game.evaluate(&solution.values);
    let published = [
        (1, 0.5629, 1.990482),
        (2, 0.1993, 2.970095),
        (3, 0.1253, 3.951610),
        (4, 0.0724, 4.933877),
        (7, 0.0138, 7.882715),
        (10, 0.0150, 10.833378),
        (12, 0.0113, 12.801031),
    ];
    for (m, probability, value) in published {
        let state = m - 1;
        let earned: f64 = transition[state].iter().enumerate().map(|(i, p)| (i + 1) as f64 * p).sum();
        let ours = reward[state] + earned - 1.0;
        assert!((ours - value).abs() < 5e-7, "state {m}: {ours:.7} against {value}");
        assert!((solution.stationary[state] - probability).abs() < 5e-5, "state {m}: {}", solution.stationary[state]);
    }
    let never: f64 = [5, 6, 8, 9, 11].iter().map(|&m| solution.stationary[m - 1]).sum();
    assert!(never < 1e-12, "a multiplier the table does not award has probability {never}");
    // The forum's run of the Wizard's analyser with the best single strategy: 98.4971 %.
    let single = game.single_strategy();
    assert!((pct(single.return_rate()) - 98.4971).abs() < 0.00005, "{}", pct(single.return_rate()));
}

/// The Wizard of Odds' 10-play strategy pages (perfect play, then one single strategy), and the
/// 99.87 % Las Vegas Advisor gives for 9/6 Double Double Bonus, within 0.02 percentage points.
#[test]
fn ten_play_returns_match_the_published_figures() {
    let cases = [
        ("jacks-or-better-8-6", 99.42, Some(99.38)),
        ("double-bonus-9-6", 99.04, Some(99.01)),
        ("bonus-poker-7-5", 99.40, Some(99.32)),
        ("double-double-bonus-9-6", 99.87, None),
    ];
    for (id, perfect, single) in cases {
        let table = table(id);
        let multipliers = multipliers(&table, 10);
        let game = ultimate_x::game(&table, &multipliers);
        let ours = pct(game.solve().return_rate());
        assert!((ours - perfect).abs() <= 0.02, "{id}: perfect {ours:.4} against {perfect}");
        if let Some(single) = single {
            let ours_single = pct(game.single_strategy().return_rate());
            assert!((ours_single - single).abs() <= 0.02, "{id}: single {ours_single:.4} against {single}");
            assert!(ours_single < ours, "{id}: one strategy cannot beat playing the multipliers");
        }
    }
}
