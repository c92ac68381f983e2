//! The paytable lab: the published returns through the pays path, the general analysis equal to
//! the per-machine one, pays refused with the row named, an insensible table analysed exactly,
//! and the built-in tables untouched.

use std::sync::atomic::AtomicBool;

use super::common;

use vpoker::card::Card;
use vpoker::eval::Family;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;
use vpoker::strategy::chart;
use vpoker::strategy::custom::{self, PayError, TableSolver, MAX_PAY};
use vpoker::strategy::{analyze, brute_force_table_evs};

/// The published returns `scripts/check-returns.sh` checks, with each machine's pays as
/// `vpoker analyze --family F --pays P` takes them.
const PUBLISHED: [(Family, &str, f64); 4] = [
    (Family::Natural, "800,50,25,9,6,4,3,2,1", 0.995439043695),
    (Family::Deuces, "800,200,25,15,9,5,3,2,2,1", 1.007619612039),
    (Family::Natural, "800,80,50,40,25,8,5,4,3,2,1", 0.991659731872),
    (Family::Natural, "800,160,50,80,50,10,7,5,3,1,1", 1.001725223551),
];

#[test]
fn the_published_returns_come_back_through_the_pays_path() {
    for (family, pays, published) in PUBLISHED {
        let table = custom::parse_pays(family, pays).unwrap();
        let analysis = custom::analyze_table(&table);
        assert!((analysis.return_rate - published).abs() < 1e-9, "{pays}: {}", analysis.return_rate);
        let total: f64 = analysis.outcomes.iter().map(|o| o.probability).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
    let job = custom::analyze_table(&custom::parse_pays(Family::Natural, PUBLISHED[0].1).unwrap());
    let published = common::JACKS_96_OUTCOMES;
    for (id, p) in published {
        let got = job.outcomes.iter().find(|o| o.id == id).unwrap().probability;
        assert!((got - p).abs() < 5e-9, "{id}: {got}");
    }
    // The published variance of 9/6 Jacks or Better: 19.51.
    assert!((job.variance - 19.51).abs() < 0.01, "variance {}", job.variance);
}

#[test]
fn the_general_path_equals_the_per_machine_path_when_the_pays_are_the_machines() {
    for machine in MachineId::ALL {
        let general = custom::analyze_table(machine.paytable());
        let own = analyze(machine);
        assert_eq!(general.return_rate, own.return_rate(), "{machine}");
        assert_eq!(general.outcomes, own.outcomes(), "{machine}");
        assert!(general.variance > 1.0, "{machine}: {}", general.variance);
    }
}

#[test]
fn bad_pays_are_refused_naming_the_row() {
    let natural = Family::Natural;
    let cases: [(&str, PayError); 6] = [
        ("800,50,25,9,x,4,3,2,1", PayError::NotANumber { row: "flush", text: "x".into() }),
        ("800,50,25,9,6,4,3,2,1.5", PayError::NotANumber { row: "jacks-or-better", text: "1.5".into() }),
        ("800,,25,9,6,4,3,2,1", PayError::NotANumber { row: "straight-flush", text: "".into() }),
        ("800,50,25,9,6,-4,3,2,1", PayError::Negative { row: "straight", value: "-4".into() }),
        ("800,50,25,9,6,4,3,2,100001", PayError::TooLarge { row: "jacks-or-better", value: "100001".into() }),
        (
            "99999999999999999999999,50,25,9,6,4,3,2,1",
            PayError::TooLarge { row: "royal-flush", value: "99999999999999999999999".into() },
        ),
    ];
    for (pays, expected) in cases {
        let error = custom::parse_pays(natural, pays).unwrap_err();
        assert_eq!(error, expected, "{pays}");
        assert!(error.to_string().contains(error.row().unwrap()), "{error}");
    }
    let error = custom::parse_pays(natural, "800,50,25").unwrap_err();
    assert!(matches!(error, PayError::WrongCount { got: 3, .. }), "{error}");
    assert!(
        error.to_string().contains(
            "9 (Jacks or Better rows), 11 (Bonus Poker rows), 12 (Super Double Bonus rows) or 13 (Double Double Bonus rows)"
        ),
        "{error}"
    );
    assert!(matches!(custom::parse_pays(Family::Deuces, "800,50,25,9,6,4,3,2,1"), Err(PayError::WrongCount { .. })));
    let table = MachineId::JacksOrBetter.paytable();
    assert_eq!(custom::with_pay(table, "nope", 3).unwrap_err(), PayError::UnknownRow("nope".into()));
    assert!(matches!(custom::with_pay(table, "flush", -1), Err(PayError::Negative { row: "flush", .. })));
    assert!(custom::with_pay(table, "flush", i64::from(MAX_PAY)).is_ok());
    assert_eq!(custom::check_pay("flush", " 7 "), Ok(7));
}

fn sample_hand(idx: u8) -> [Card; 5] {
    let mut bytes = [0u8; 32];
    bytes[0] = idx;
    bytes[31] = 0x1a;
    let deck = Seed::from_bytes(bytes).deck();
    [deck[0], deck[1], deck[2], deck[3], deck[4]]
}

#[test]
fn an_insensible_table_is_analysed_exactly() {
    // A flush paying more than a full house, two pair paying nothing, a huge royal.
    let base = MachineId::JacksOrBetter.paytable();
    let table = custom::with_pay(base, "flush", 20).unwrap();
    let table = custom::with_pay(&table, "two-pair", 0).unwrap();
    let table = custom::with_pay(&table, "royal-flush", i64::from(MAX_PAY)).unwrap();
    let solver = TableSolver::new(&table);
    let mut hands: Vec<[Card; 5]> = (0..12).map(sample_hand).collect();
    hands.push(vpoker::card::parse_hand("Ah Kh Qh Jh 9h").unwrap());
    hands.push(vpoker::card::parse_hand("5c 5d Kh Kc 8d").unwrap());
    for hand in &hands {
        let fast = solver.hand_evs(hand);
        let slow = brute_force_table_evs(&table, hand);
        for (f, s) in fast.as_array().iter().zip(slow.as_array()) {
            assert!((f - s).abs() < 1e-9 * s.abs().max(1.0), "{hand:?}: {f} vs {s}");
        }
    }
    let analysis = custom::analyze_table(&table);
    assert!(analysis.return_rate > custom::analyze_table(base).return_rate);
    assert!(analysis.variance.is_finite() && analysis.variance > 0.0);
    // Its chart plays what it reports, and the four-flush now beats a high pair.
    let never = AtomicBool::new(false);
    let chart = chart::generate(&table, &|_, _| {}, &never).unwrap();
    assert!(chart.lines().len() <= chart::MAX_LINES);
    assert!((chart.return_by_play(&table) - chart.chart_return()).abs() < 1e-12);
    assert!((chart.optimal_return() - analysis.return_rate).abs() < 1e-12);
    let report = custom::lab_report(&table, &|_, _| {}, &never).unwrap();
    assert_eq!(report.analysis, analysis);
    assert_eq!(report.chart.lines(), chart.lines());
    let flush_draw = vpoker::card::parse_hand("Jh Js 3h 7h 9h").unwrap();
    assert_eq!(chart.play(&flush_draw).1.to_bits(), "10111");
}

#[test]
fn a_changed_pay_makes_a_copy_and_layouts_are_recognised() {
    // The built-in tables are `&'static` and `with_pay` takes `&Paytable`: they cannot change, so
    // what is worth checking is the copy (one row changed, the rest and the ids as the machine's).
    let table = MachineId::JacksOrBetter.paytable();
    let copy = custom::with_pay(table, "full-house", 7).unwrap();
    let pays = |t: &vpoker::machine::Paytable| t.rows().iter().map(|r| (r.id, r.pay)).collect::<Vec<_>>();
    let mut expected = pays(table);
    expected[3].1 = 7;
    assert_eq!(pays(&copy), expected);
    assert_eq!(expected[3].0, "full-house");
    // The Double Bonus copy keeps its own row order; the 11-value layout is Bonus Poker's.
    assert_eq!(custom::layout(Family::Natural, 11), Some(MachineId::BonusPoker));
    let db = custom::parse_pays(Family::Natural, PUBLISHED[3].1).unwrap();
    assert_eq!(db.rows()[1].id, "four-aces");
    assert_eq!(db.rows()[2].id, "straight-flush");
}

fn lab_seed(n: u8) -> Seed {
    let mut bytes = [n; 32];
    bytes[31] = 0x3c;
    Seed::from_bytes(bytes)
}

#[test]
fn a_library_table_copied_into_the_lab_on_a_kicker_base_is_analysed_saved_and_practised() {
    use vpoker::game::{Game, GameError, RowPay};
    use vpoker::hold::Hold;
    use vpoker::kicker::KickerGame;
    use vpoker::library::{Base, Preset};

    // Double Double Bonus 9/6 copied in (its every pay, as the library lists them), the flush to 5:
    // exactly the library's 9/5.
    let ddb = Base::Kicker(KickerGame::DoubleDoubleBonus);
    let preset = Preset::find("double-double-bonus-9-6").unwrap();
    let mut pays: Vec<RowPay> =
        preset.paytable().rows().iter().map(|r| RowPay { row: r.id.into(), pay: r.pay.to_string() }).collect();
    pays.iter_mut().find(|p| p.row == "flush").unwrap().pay = "5".into();
    let table = vpoker::game::lab_paytable(ddb, &pays).unwrap();
    assert_eq!(table.rows().len(), 13);
    let nine_five = Preset::find("double-double-bonus-9-5").unwrap().analysis();
    assert_eq!(custom::analyze_table(&table).return_rate, nine_five.return_rate);
    // A machine's row that the kicker table does not have is refused by name, never a panic.
    let four = [RowPay { row: "four-of-a-kind".into(), pay: "25".into() }];
    let refused = vpoker::game::lab_paytable(ddb, &four);
    assert!(matches!(refused, Err(GameError::InvalidPay { problem: "unknown-row", .. })), "{refused:?}");
    let bad = [RowPay { row: "four-aces-2-4-kicker".into(), pay: "-1".into() }];
    let refused = vpoker::game::lab_paytable(ddb, &bad);
    assert!(matches!(refused, Err(GameError::InvalidPay { problem: "negative", .. })), "{refused:?}");

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    game.save_lab_table("DDB 9/5", ddb, &pays).unwrap();
    let pay = |row: &str, pay: &str| RowPay { row: row.into(), pay: pay.into() };
    let eight_five = [pay("full-house", "8"), pay("flush", "5")];
    let saved = game.save_lab_table("JoB 8/5", MachineId::JacksOrBetter, &eight_five).unwrap();
    assert_eq!((saved[0].name.as_str(), saved[0].base), ("DDB 9/5", ddb));
    assert_eq!(saved[0].pays, Preset::find("double-double-bonus-9-5").unwrap().pays_in_row_order().unwrap());
    assert_eq!(saved[1].base, Base::Machine(MachineId::JacksOrBetter));
    // The app receives each base as its id, a machine's as before.
    let json = serde_json::to_value(&saved).unwrap();
    assert_eq!(json[0]["base"], "double-double-bonus");
    assert_eq!(json[1]["base"], "jacks-or-better");

    // Practised as lab:NAME: the hint is the kicker table's own (four aces with a low kicker kept).
    let hand = crate::common::practise(&mut game, "lab:DDB 9/5", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, lab_seed(4), crate::common::m(chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap())).unwrap();
    assert_eq!(hand.table, "lab:DDB 9/5");
    let hint = game.hint().unwrap();
    let solver = TableSolver::new(&table);
    let evs = solver.hand_evs(&hand.cards);
    assert_eq!((hint.best_hold, hint.best_ev), (evs.best(), evs.ev(evs.best())));
    let drawn = crate::common::draw_hand(&mut game, hint.best_hold, crate::common::m(chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap())).unwrap();
    assert_eq!(drawn.mistake, Some(false));
    crate::common::practise(&mut game, "lab:DDB 9/5", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, lab_seed(5), crate::common::m(chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap())).unwrap();
    crate::common::draw_hand(&mut game, Hold::NONE, crate::common::m(chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap())).unwrap();
    assert_eq!(game.table_stats(&crate::common::t("lab:DDB 9/5"), true).unwrap().figures.deals, 2);
    drop(game);
    let game = Game::open(&path).unwrap();
    let audit = game.audit().unwrap();
    assert!(audit.ok && audit.repaired.is_empty(), "{audit:?}");
    assert!(game.derived_differences().unwrap().is_empty());
}

#[test]
fn a_crafted_lab_table_with_an_unknown_base_is_a_typed_error_and_old_rows_still_read() {
    use vpoker::game::{Game, GameError};
    use vpoker::library::Base;

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    drop(Game::open(&path).unwrap());
    // A row as earlier versions wrote it (a machine's id, its pays in row order) reads as before.
    let conn = rusqlite::Connection::open(&path).unwrap();
    let old = "INSERT INTO lab_tables (name, base, pays) VALUES ('old', 'bonus-poker', '800,80,50,40,25,7,5,4,3,2,1')";
    conn.execute(old, []).unwrap();
    drop(conn);
    let mut game = Game::open(&path).unwrap();
    let listed = game.lab_tables().unwrap();
    assert_eq!(listed[0].base, Base::Machine(MachineId::BonusPoker));
    crate::common::practise(&mut game, "lab:old", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, lab_seed(6), crate::common::m(chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap())).unwrap();
    crate::common::draw_hand(&mut game, vpoker::hold::Hold::NONE, crate::common::m(chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap())).unwrap();
    drop(game);
    for (base, pays) in [("pai-gow", "1,2,3"), ("double-double-bonus", "800,50,25,9,6,4,3,2,1"), ("", "")] {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute("DELETE FROM lab_tables WHERE name = 'crafted'", []).unwrap();
        conn.execute("INSERT INTO lab_tables (name, base, pays) VALUES ('crafted', ?1, ?2)", [base, pays]).unwrap();
        drop(conn);
        let mut game = Game::open(&path).unwrap();
        let error = game.lab_tables().unwrap_err();
        assert!(matches!(error, GameError::CorruptDatabase { .. }), "{base}: {error:?}");
        assert!(crate::common::practise(&mut game, "lab:crafted", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, lab_seed(7), crate::common::m(chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap())).is_err(), "{base}");
    }
}
