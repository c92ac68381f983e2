//! The hand analyser: each hold's final-hand distribution against a brute-force enumeration of
//! every draw, on every family (natural, Deuces Wild, Joker Poker's 53 cards), a kicker game and
//! library tables; the counts sum to the draws and their pays give the solver's EV to the bit;
//! `Game::analyse` answers best first on a plain and an Ultimate X table, names the machine's
//! chart line, weighs a chosen hold, and refuses bad input with a typed error that changes
//! nothing.

use vpoker::card::parse_hand;
use vpoker::game::{AnalysisQuestion, Game, GameError};
use vpoker::hold::Hold;
use vpoker::rules;
use vpoker::strategy::{brute_force_row_counts, hold_distributions};
use vpoker::table::Table;

/// Tables of every family and source, with hands whose holds reach many rows.
const CASES: &[(&str, &[&str])] = &[
    ("jacks-or-better", &["Ah Kh Qh Jh 9c", "7s 7d 2c 9h Jd", "Tc Jc Qd 4s 4h"]),
    ("deuces-wild", &["2c 2h 9s Ts Js", "Ah Kh 5c 5d 8s"]),
    ("joker-poker", &["Jk Ah Kh 3c 9d", "Ks Kd 7h 7c 2s"]),
    ("double-double-bonus", &["Ac Ad Ah 3s 9c", "2c 2d 2h Ks 4c"]),
    ("super-aces-8-5", &["As Ac 9d 9h Qc"]),
    ("bonus-deuces-wild", &["2s 2d As Ah 7c"]),
];

fn table(id: &str) -> Table {
    Table::named(id).unwrap_or_else(|| panic!("{id} is a table"))
}

#[test]
fn every_hold_s_distribution_is_the_brute_force_count_of_its_draws() {
    for &(id, hands) in CASES {
        let table = table(id);
        let paytable = table.paytable();
        for text in hands {
            let hand = table.deck().parse_hand(text).unwrap();
            let exact = hold_distributions(paytable, &hand);
            let brute = brute_force_row_counts(paytable, &hand);
            let evs = table.hand_evs(&hand);
            for hold in Hold::all() {
                let held = &exact[hold.mask() as usize];
                assert_eq!(held.hold(), hold);
                assert_eq!(held.counts(), &brute[hold.mask() as usize][..], "{id} {text} hold {hold}");
                assert_eq!(held.counts().iter().sum::<u64>(), held.n_draws(), "{id} {text} hold {hold}: the draws");
                // Σ p·pay is the solver's EV exactly: the same integer over the same count.
                assert_eq!(held.ev(paytable), evs.ev(hold), "{id} {text} hold {hold}: the EV");
                let total: f64 = held.probabilities().iter().sum();
                assert!((total - 1.0).abs() < 1e-12, "{id} {text} hold {hold}: {total}");
            }
        }
    }
}

#[test]
fn a_kicker_row_takes_only_its_kicker_s_draws() {
    // Three aces held on Double Double Bonus: four aces with a 2–4 kicker is its own row.
    let table = table("double-double-bonus");
    let hand = parse_hand("Ac Ad Ah 3s 9c").unwrap();
    let exact = hold_distributions(table.paytable(), &hand);
    let rows: Vec<&str> = table.paytable().rows().iter().map(|row| row.id).collect();
    let kicker = rows.iter().position(|&id| id == "four-aces-2-4-kicker").expect("the kicker row");
    let plain_aces = rows.iter().position(|&id| id == "four-aces").expect("four aces");
    // Keeping A A A 3: the fourth ace is 1 of the 47 cards.
    let aaa3 = &exact[0b01111];
    assert_eq!(aaa3.row_counts()[kicker], 1);
    assert_eq!(aaa3.row_counts()[plain_aces], 0);
    // Keeping A A A 9: the fourth ace without a low kicker.
    let aaa9 = &exact[0b10111];
    assert_eq!((aaa9.row_counts()[kicker], aaa9.row_counts()[plain_aces]), (0, 1));
}

fn open() -> (tempfile::TempDir, Game) {
    let dir = tempfile::tempdir().unwrap();
    let game = Game::open(&dir.path().join("g.db")).unwrap();
    (dir, game)
}

fn ask(cards: &str) -> AnalysisQuestion<'_> {
    AnalysisQuestion { cards, lines: None, multipliers: None, chosen: None }
}

#[test]
fn the_analysis_lists_every_hold_best_first_with_the_chart_line_and_what_a_hold_gives_up() {
    let (_dir, game) = open();
    let chosen = Hold::from_mask(0b01111).unwrap(); // the four to a flush of "Ah Kh Qh Jh 9c"… kept
    let question = AnalysisQuestion { chosen: Some(chosen), ..ask("Ah Kh Qh Jh 9c") };
    let analysis = game.analyse(&crate::common::t("jacks-or-better"), &question).unwrap();
    let evs = table("jacks-or-better").hand_evs(&parse_hand("Ah Kh Qh Jh 9c").unwrap());
    assert_eq!(analysis.holds.len(), 32);
    assert_eq!(analysis.best_hold, evs.best());
    assert_eq!(analysis.holds[0].hold, evs.best());
    for pair in analysis.holds.windows(2) {
        assert!(pair[0].ev >= pair[1].ev, "best first");
    }
    assert_eq!(analysis.outcomes.last().map(|row| row.id), Some("nothing"));
    assert_eq!(analysis.outcomes.len(), table("jacks-or-better").paytable().rows().len() + 1);
    for held in &analysis.holds {
        assert_eq!(held.counts.len(), analysis.outcomes.len());
        assert_eq!(held.ev, evs.ev(held.hold));
        assert_eq!(held.pay_ev, held.ev, "nothing on screen: the pay is the value");
        assert_eq!(held.best, !evs.is_mistake(held.hold));
    }
    // The royal draw: 1 in 47 keeping the four royal cards.
    let royal = analysis.holds.iter().find(|h| h.hold == chosen).unwrap();
    assert_eq!((royal.counts[0], royal.draws), (1, 47));
    let given = analysis.chosen.as_ref().unwrap();
    assert_eq!(given.best_hold, analysis.best_hold);
    assert_eq!(given.cost, evs.cost(chosen));
    assert_eq!(given.changes.len(), analysis.outcomes.len());
    assert!(given.changes.iter().all(|row| (row.difference - (row.chosen - row.best)).abs() < 1e-15));
    // The machine's chart of the player's tier (expert by default) names its line.
    let chart = analysis.chart.expect("a machine's chart line");
    assert_eq!(analysis.chart_tier, "expert");
    assert_eq!(chart.best_hold, analysis.best_hold);
    // A library table's chart line is its own chart's of the tier (generated once, then kept).
    let library = game.analyse(&crate::common::t("super-aces-8-5"), &ask("As Ac 9d 9h Qc")).unwrap();
    let chart = library.chart.expect("a library table's chart line");
    assert_eq!(chart.best_hold, library.best_hold);
    assert_eq!(library.holds.len(), 32);
}

#[test]
fn on_ultimate_x_the_values_are_the_screen_s_and_the_distribution_the_line_s_final_hand() {
    let (_dir, game) = open();
    let id = "ultimate-x:jacks-or-better";
    let ux = table(id);
    let cards = parse_hand("Jh Js 4h 7h 9h").unwrap();
    let shown = rules::start(&ux, 3).unwrap();
    let question = AnalysisQuestion { lines: Some(3), ..ask("Jh Js 4h 7h 9h") };
    let analysis = game.analyse(&crate::common::t(id), &question).unwrap();
    let evs = rules::hand_evs(&ux, Some(&shown), &cards).unwrap();
    assert_eq!(analysis.screen.as_ref().unwrap().multipliers, shown.values());
    // The chart line is the plain table's (a chart reads no multipliers), judged against the
    // best hold with the multipliers on screen, as the hint names it.
    let chart = analysis.chart.as_ref().expect("the plain table's chart line");
    let plain_chart = vpoker::table_chart::TierChart::of(&table("jacks-or-better"), vpoker::strategy::chart::ChartTier::Expert).unwrap();
    assert_eq!(chart.hold, plain_chart.chart().play(&cards).1);
    assert_eq!(chart.best_hold, analysis.best_hold);
    assert_eq!(analysis.best_hold, evs.best());
    let plain = table("jacks-or-better").hand_evs(&cards);
    for held in &analysis.holds {
        assert_eq!(held.ev, evs.ev(held.hold), "the value with the multipliers on screen");
        assert_eq!(held.pay_ev, plain.ev(held.hold), "the final hand's pays");
    }
    // Typed multipliers are the table's: a value it never awards is refused.
    let typed = game.analyse(&crate::common::t(id), &AnalysisQuestion { multipliers: Some("2,1,4"), ..question.clone() });
    let expected = rules::parse(&ux, 3, "2,1,4").map(|screen| rules::hand_evs(&ux, Some(&screen), &cards).unwrap().best());
    match (typed, expected) {
        (Ok(analysis), Ok(best)) => assert_eq!(analysis.best_hold, best),
        (Err(GameError::InvalidScreen { .. }), Err(_)) => {}
        (got, want) => panic!("{got:?} against {want:?}"),
    }
    let refused = game.analyse(&crate::common::t(id), &AnalysisQuestion { multipliers: Some("2,1,99"), ..question.clone() });
    assert!(matches!(refused, Err(GameError::InvalidScreen { .. })), "{refused:?}");
    let refused = game.analyse(&crate::common::t(id), &AnalysisQuestion { lines: Some(4), ..question.clone() });
    assert_eq!(refused.unwrap_err().kind(), "table-lines");
    let refused = game.analyse(&crate::common::t(id), &ask("Jh Js 4h 7h 9h"));
    assert_eq!(refused.unwrap_err().kind(), "invalid-screen");
}

#[test]
fn bad_input_is_a_typed_refusal_that_changes_nothing() {
    let (_dir, game) = open();
    let before = serde_json::to_value(game.state(crate::common::d(chrono::NaiveDate::from_ymd_opt(2026, 12, 7).unwrap())).unwrap()).unwrap();
    let job = crate::common::t("jacks-or-better");
    for cards in ["Ah Kh Qh Jh", "Ah Kh Qh Jh Jh", "Ah Kh Qh Jh Jk", "Ah Kh Qh Jh Xx", ""] {
        let refused = game.analyse(&job, &ask(cards)).unwrap_err();
        assert_eq!(refused.kind(), "invalid-cards", "{cards}");
    }
    // The joker is a card of Joker Poker's deck only.
    assert!(game.analyse(&crate::common::t("joker-poker"), &ask("Ah Kh Qh Jh Jk")).is_ok());
    let refused = game.analyse(&crate::common::t("no-such-table"), &ask("Ah Kh Qh Jh Th")).unwrap_err();
    assert_eq!(refused.kind(), "unknown-table");
    let on_plain = AnalysisQuestion { lines: Some(3), ..ask("Ah Kh Qh Jh Th") };
    assert_eq!(game.analyse(&job, &on_plain).unwrap_err().kind(), "invalid-screen");
    let on_plain = AnalysisQuestion { multipliers: Some("2"), ..ask("Ah Kh Qh Jh Th") };
    assert_eq!(game.analyse(&job, &on_plain).unwrap_err().kind(), "invalid-screen");
    let after = serde_json::to_value(game.state(crate::common::d(chrono::NaiveDate::from_ymd_opt(2026, 12, 7).unwrap())).unwrap()).unwrap();
    assert_eq!(before, after);
}
