//! Drills of hard decisions on any table through the public `Game` API: the table's own hard
//! hands (the drill generator's deals and rule, the table's EVs), the one verdict, a tally per
//! table, no chips or XP, and only hands the core dealt can be answered.

use chrono::NaiveDate;
use vpoker::game::Day;
use vpoker::game::{DrillFrom, DrillKey, DrillQuestion, DrillSource, DrillVerdict, Game, GameError, RowPay};
use vpoker::hold::Hold;
use vpoker::library::Preset;
use vpoker::machine::MachineId;
use vpoker::pipeline::settle::HoldVerdict;
use vpoker::shuffle::Seed;
use vpoker::strategy::custom::TableSolver;
use vpoker::pipeline::drill;
use vpoker::table::Table;

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[30] = 0xd1;
    Seed::from_bytes(bytes)
}

/// The hard question `seed` deals on `table`.
fn ask(game: &Game, table: &str, seed: Seed) -> Result<DrillQuestion, GameError> {
    game.drill_next(&crate::common::t(table), DrillSource::Hard, seed, day()).map(|q| q.expect("a hard question is always posed or refused"))
}

/// The answer `hold` to the hard question `seed` deals on `table`.
fn answer(game: &mut Game, table: &str, seed: Seed, hold: Hold) -> Result<DrillVerdict, GameError> {
    game.drill_answer(&DrillKey { table: table.into(), from: DrillFrom::Hard { seed } }, hold, day())
}

fn day() -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 12, 1).unwrap()).unwrap()
}

#[test]
fn a_tables_drill_deals_its_hard_hands_judges_them_and_keeps_a_tally_apart() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    let before = game.state(day()).unwrap();
    let preset = Preset::find("double-double-bonus-9-6").unwrap();
    let table = preset.paytable();
    let solver = TableSolver::new(&table);
    let (mut answered, mut correct, mut streak, mut best_streak, mut given_up) = (0u64, 0u64, 0u64, 0u64, 0.0f64);
    for n in 0..30u64 {
        let question = ask(&game, preset.id, seed(n)).unwrap();
        assert_eq!((question.key.table.as_str(), question.name.as_str(), question.bet), (preset.id, preset.name, 5));
        assert_eq!(question.key.from, DrillFrom::Hard { seed: seed(n) });
        // The generator's first hard hand of that seed on that table.
        let expected = drill::hard_hands(&Table::preset(preset), &seed(n), 1).remove(0).hand;
        assert_eq!(question.cards, expected.cards);
        assert_eq!(ask(&game, preset.id, seed(n)).unwrap(), question, "the same seed, the same question");
        let evs = solver.hand_evs(&question.cards);
        // Every third answer a mistake on purpose (the worst hold), the others the best hold.
        let hold = if n % 3 == 2 { evs.sorted().last().unwrap().hold } else { evs.best() };
        let verdict = answer(&mut game, preset.id, seed(n), hold).unwrap();
        let one = HoldVerdict::of(&evs, hold, 5);
        assert_eq!(verdict.cards, question.cards);
        assert_eq!(verdict.correct, !one.mistake);
        assert_eq!(verdict.best_hold, evs.best());
        assert_eq!(verdict.reason, Some(expected.reason));
        assert!((verdict.ev_given_up - one.cost).abs() < 1e-12);
        assert_eq!(verdict.holds.len(), 32);
        assert!(verdict.holds.iter().all(|h| (h.ev - evs.ev(h.hold)).abs() < 1e-12), "every EV is the table's");
        answered += 1;
        correct += u64::from(verdict.correct);
        streak = if verdict.correct { streak + 1 } else { 0 };
        best_streak = best_streak.max(streak);
        given_up += verdict.ev_given_up_chips;
        let tally = verdict.tally;
        assert_eq!((tally.answered, tally.correct, tally.streak, tally.best_streak), (answered, correct, streak, best_streak));
        assert!((tally.ev_given_up_chips - given_up).abs() < 1e-9);
    }
    assert!(correct >= 20 && correct < 30, "the mistakes are mistakes on hard hands: {correct}");
    assert_eq!(game.drill_tallies(&crate::common::t(preset.id)).unwrap().hard.answered, 30);
    assert_eq!(game.drill_tallies(&crate::common::t("jacks-or-better-8-5")).unwrap().hard.answered, 0, "counted apart per table");
    assert_eq!(game.drill_tallies(&crate::common::t(preset.id)).unwrap().mistakes.answered, 0, "hard decisions only");
    assert_eq!(game.drill_tallies(&crate::common::t("double-bonus")).unwrap().hard.answered, 0, "not a machine's drill");
    let after = game.state(day()).unwrap();
    assert_eq!((after.chips, after.xp), (before.chips, before.xp), "no chips, no XP");
    assert!(game.audit().unwrap().ok);
}

#[test]
fn the_chip_figures_are_at_the_tables_last_practice_bet() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    crate::common::practise(&mut game, "jacks-or-better-8-5", vpoker::game::Bet::new(20).unwrap(), vpoker::game::Lines::ONE, seed(100), day()).unwrap();
    crate::common::draw_hand(&mut game, Hold::NONE, day()).unwrap();
    let question = ask(&game, "jacks-or-better-8-5", seed(1)).unwrap();
    assert_eq!(question.bet, 20);
    let worst = TableSolver::new(&Preset::find("jacks-or-better-8-5").unwrap().paytable()).hand_evs(&question.cards);
    let worst = worst.sorted().last().unwrap().hold;
    let verdict = answer(&mut game, "jacks-or-better-8-5", seed(1), worst).unwrap();
    assert!((verdict.ev_given_up_chips - 20.0 * verdict.ev_given_up).abs() < 1e-9);
    assert_eq!(ask(&game, "jacks-or-better-9-6", seed(1)).unwrap().bet, 5, "another table: the smallest bet");
}

#[test]
fn a_lab_table_is_drilled_by_name_and_one_that_pays_nothing_has_no_hard_hands() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    let pays = [RowPay { row: "full-house".into(), pay: "6".into() }];
    game.save_lab_table("Six five", MachineId::JacksOrBetter, &pays).unwrap();
    let question = ask(&game, "Six five", seed(3)).unwrap();
    assert_eq!(question.key.table, "lab:Six five");
    let verdict = answer(&mut game, "lab:Six five", seed(3), Hold::NONE).unwrap();
    assert_eq!(verdict.tally.answered, 1);
    assert_eq!(game.drill_tallies(&crate::common::t("Six five")).unwrap().hard.answered, 1);
    // A table paying nothing anywhere: no hold beats another, so no hand is hard.
    let rows = MachineId::JacksOrBetter.paytable().rows();
    let zeros: Vec<RowPay> = rows.iter().map(|r| RowPay { row: r.id.into(), pay: "0".into() }).collect();
    game.save_lab_table("Nothing", MachineId::JacksOrBetter, &zeros).unwrap();
    let refused = ask(&game, "lab:Nothing", seed(4)).unwrap_err();
    assert!(matches!(&refused, GameError::NoHardHands { table } if table == "lab:Nothing"), "{refused:?}");
    assert_eq!(refused.kind(), "no-hard-hands");
    assert!(matches!(answer(&mut game, "lab:Nothing", seed(4), Hold::NONE), Err(GameError::NoHardHands { .. })));
    assert!(matches!(ask(&game, "no-such-table", seed(4)), Err(GameError::UnknownTable { .. })));
    assert!(matches!(answer(&mut game, "no-such-table", seed(4), Hold::NONE), Err(GameError::UnknownTable { .. })));
    assert_eq!(game.drill_tallies(&crate::common::t("lab:Nothing")).unwrap().hard.answered, 0, "a refusal counts nothing");
}

#[test]
fn table_drill_answers_count_toward_the_drill_milestone() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    for n in 0..3 {
        answer(&mut game, "not-so-ugly-deuces", seed(n), Hold::NONE).unwrap();
    }
    let drills = game.milestones().unwrap().into_iter().find(|m| m.id == "drills-100").unwrap();
    assert_eq!(drills.progress, 3, "{drills:?}");
}

/// A mistake made on a lab table is drilled on that table as it was dealt: saving the table again
/// with other pays does not change how its queued hands are judged.
#[test]
fn a_queued_mistake_is_judged_on_the_table_it_was_dealt_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    let before = [RowPay { row: "full-house".into(), pay: "6".into() }];
    game.save_lab_table("Mine", MachineId::JacksOrBetter, &before).unwrap();
    let dealt_on = game.table(&crate::common::t("lab:Mine")).unwrap();
    // Throw hands away until one is a mistake (queued).
    let mut n = 0;
    let queued = loop {
        n += 1;
        let hand = crate::common::practise(&mut game, "lab:Mine", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed(500 + n), day()).unwrap();
        if crate::common::draw_hand(&mut game, Hold::NONE, day()).unwrap().mistake == Some(true) {
            break hand;
        }
        assert!(n < 50, "a thrown-away hand is a mistake within 50 deals");
    };
    // The table saved again: a full house now pays 1, a flush 1.
    let after = [RowPay { row: "full-house".into(), pay: "1".into() }, RowPay { row: "flush".into(), pay: "1".into() }];
    game.save_lab_table("Mine", MachineId::JacksOrBetter, &after).unwrap();
    let question = game.drill_next(&crate::common::t("lab:Mine"), DrillSource::Mistakes, seed(1), day()).unwrap().expect("the mistake is queued");
    assert_eq!(question.cards, queued.cards);
    let verdict = game.drill_answer(&question.key, Hold::NONE, day()).unwrap();
    let evs = dealt_on.hand_evs(&queued.cards);
    assert_eq!(verdict.best_hold, evs.best(), "judged on the pays the hand was dealt with");
    let best = verdict.holds.iter().find(|h| h.best).unwrap();
    assert_eq!(best.ev, evs.ev(evs.best()));
}
