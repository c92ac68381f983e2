//! Practice on any table through the public `Game` API: library and lab tables, no chips or XP, one
//! hand in progress across the game, the same cards with the best hold, figures per table that the
//! audit rebuilds from the hands.

use vpoker::table::Table;
use vpoker::game::Day;
use chrono::NaiveDate;
use vpoker::game::{DealRequest, Game, GameError, RowPay};
use vpoker::hold::Hold;
use vpoker::library::Preset;
use vpoker::machine::MachineId;
use vpoker::pipeline::{CommitRule, Deal, NudgeSource};
use vpoker::shuffle::Seed;
use vpoker::strategy::custom::TableSolver;

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[31] = 0x7a;
    Seed::from_bytes(bytes)
}

fn day() -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 12, 1).unwrap()).unwrap()
}

#[test]
fn a_library_table_deals_hints_and_draws_with_no_chips_or_xp() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    let before = game.state(day()).unwrap();
    let preset = Preset::find("double-double-bonus-9-6").unwrap();
    let solver = TableSolver::new(&preset.paytable());
    let mut expected = (0u64, 0u64, 0u64, 0u64, 0.0f64);
    for n in 0..40u64 {
        let hand = crate::common::practise(&mut game, preset.id, vpoker::game::Bet::new(10).unwrap(), vpoker::game::Lines::ONE, seed(n), day()).unwrap();
        let deal = Deal::deal(&seed(n), &Table::preset(preset), 1, NudgeSource::Never);
        assert_eq!(hand.cards, deal.dealt(), "the deal is the seed's shuffle, never nudged");
        assert_eq!((hand.table.as_str(), hand.machine), (preset.id, None));
        let hint = game.hint().unwrap();
        let evs = solver.hand_evs(&hand.cards);
        assert_eq!(hint.best_hold, evs.best());
        assert_eq!(hint.holds.len(), 32);
        assert!(hint.holds.iter().all(|h| (h.ev - evs.ev(h.hold)).abs() < 1e-12), "every EV is the table's");
        // Every other hand a mistake on purpose (holding every card against the best).
        let hold = if n % 2 == 0 { hint.best_hold } else { Hold::from_mask(31).unwrap() };
        let drawn = crate::common::draw_hand(&mut game, hold, day()).unwrap();
        let deck = deal.deck();
        let mut next = 5;
        let (mine, best) = (&drawn.results[0], &drawn.best_results[0]);
        for i in 0..5 {
            let card = if hold.holds(i) { hand.cards[i] } else { next += 1; deck[next - 1] };
            assert_eq!(mine.cards[i], card, "replacements come off the deck in order");
        }
        assert_eq!(mine.win, 10 * u64::from(preset.paytable().pay(&mine.cards)));
        assert_eq!(best.win, 10 * u64::from(preset.paytable().pay(&best.cards)));
        let mistake = drawn.mistake.unwrap();
        assert_eq!(mistake, evs.is_mistake(hold));
        assert_eq!((drawn.practice, drawn.cost, drawn.payout), (true, 0, Some(0)), "nothing staked or paid");
        expected.0 += 1;
        expected.1 += u64::from(!mistake);
        expected.2 += mine.win;
        expected.3 += best.win;
        expected.4 += drawn.ev_given_up.unwrap();
    }
    let sums = game.table_stats(&crate::common::t(preset.id), true).unwrap().figures;
    assert_eq!((sums.deals, sums.best_holds, sums.won, sums.best_won), (expected.0, expected.1, expected.2, expected.3));
    assert!((sums.ev_given_up - expected.4).abs() < 1e-9);
    assert_eq!(game.table_stats(&crate::common::t("jacks-or-better-8-5"), true).unwrap().figures.deals, 0, "counted apart per table");
    assert_eq!(game.table_stats(&crate::common::t(preset.id), false).unwrap().figures.deals, 0, "practice apart from real play");
    let after = game.state(day()).unwrap();
    assert_eq!((after.chips, after.xp), (before.chips, before.xp), "no chips, no XP");
    // The one store: every practised hand is in the history with its table, committed and verifiable.
    let history = game.history(50, None).unwrap();
    assert_eq!(history.len(), 40);
    for hand in &history {
        assert_eq!((hand.machine, hand.table.id(), hand.practice, hand.cost), (None, preset.id, true, 0));
        assert_eq!(hand.commitment_rule, CommitRule::Origin);
        let verification = game.verify_hand(hand.id).unwrap();
        assert!(verification.verified && verification.checks.commitment == Some(true), "{verification:?}");
    }
    let check = game.check_history(&|_, _| {}, &std::sync::atomic::AtomicBool::new(false)).unwrap();
    assert!(check.verified && check.counts.practice == 40, "{check:?}");
    assert!(game.audit().unwrap().ok);
}

#[test]
fn one_hand_is_in_progress_across_machines_and_tables_and_bad_requests_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::new(1).unwrap(), false);
    crate::common::practise(&mut game, "not-so-ugly-deuces", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed(1), day()).unwrap();
    assert!(matches!(game.deal(request.clone(), seed(2), day()), Err(GameError::HandInProgress { .. })));
    assert!(matches!(crate::common::practise(&mut game, "not-so-ugly-deuces", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed(3), day()), Err(GameError::HandInProgress { .. })));
    // One draw for any table: it draws the table's hand.
    crate::common::draw_hand(&mut game, Hold::NONE, day()).unwrap();
    assert!(matches!(crate::common::draw_hand(&mut game, Hold::NONE, day()), Err(GameError::NoHandInProgress)));
    game.deal(request.clone(), seed(4), day()).unwrap();
    assert!(matches!(crate::common::practise(&mut game, "not-so-ugly-deuces", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed(5), day()), Err(GameError::HandInProgress { .. })));
    game.draw(Hold::NONE, day()).unwrap();
    assert!(matches!(crate::common::practise(&mut game, "jacks-or-better-10-7", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed(6), day()), Err(GameError::UnknownTable { .. })));
    // A table of the library is played in practice only; an id of no possible form is refused
    // where it enters.
    let for_chips = DealRequest { practice: false, table: vpoker::game::TableId::new("not-so-ugly-deuces").unwrap(), ..request.clone() };
    assert_eq!(game.deal(for_chips.clone(), seed(7), day()).unwrap_err(), GameError::PracticeOnly { table: "not-so-ugly-deuces".into() });
    for bad in ["", " jacks-or-better", "lab:\u{7}", &"x".repeat(61)] {
        assert_eq!(vpoker::game::TableId::new(bad).unwrap_err().kind(), "unknown-table", "{bad:?}");
    }
    assert_eq!(GameError::UnknownTable { table: "x".into() }.kind(), "unknown-table");
    assert!(matches!(vpoker::game::Bet::new(7), Err(GameError::InvalidBet { .. })), "a bet of 7 never reaches the game");
    assert!(game.state(day()).unwrap().hand.is_none(), "nothing dealt by a refusal");
}

#[test]
fn a_saved_lab_table_is_practised_by_name_and_its_figures_are_a_cache() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    let pays = [RowPay { row: "full-house".into(), pay: "7".into() }];
    game.save_lab_table("Seven five", MachineId::JacksOrBetter, &pays).unwrap();
    let hand = crate::common::practise(&mut game, "lab:Seven five", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed(9), day()).unwrap();
    assert_eq!(hand.table.as_str(), "lab:Seven five");
    assert_eq!(hand.label, vpoker::table::TableLabel::Lab { name: "Seven five".into() });
    crate::common::draw_hand(&mut game, Hold::NONE, day()).unwrap();
    crate::common::practise(&mut game, "Seven five", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed(10), day()).unwrap();
    crate::common::draw_hand(&mut game, Hold::from_mask(31).unwrap(), day()).unwrap();
    assert_eq!(game.table_stats(&crate::common::t("lab:Seven five"), true).unwrap().figures.deals, 2, "a bare name finds the lab table");
    assert_eq!(game.table_stats(&crate::common::t("Seven five"), true).unwrap().table, "lab:Seven five", "read by its one id");
    // A lab table deleted later: its hands still replay from the pays kept with them.
    game.delete_lab_table("Seven five").unwrap();
    assert!(game.derived_differences().unwrap().is_empty());
    drop(game);
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE sums SET best_holds = 2, won = 9999 WHERE table_id = 'lab:Seven five'", []).unwrap();
    drop(conn);
    let game = Game::open(&path).unwrap();
    let audit = game.audit().unwrap();
    assert!(audit.ok && audit.repaired.iter().any(|r| r.contains("running sums of lab:Seven five (practice)")), "{audit:?}");
    assert!(game.derived_differences().unwrap().is_empty(), "rebuilt from the hands");
    assert!(game.table_stats(&crate::common::t("lab:Seven five"), true).unwrap().figures.won < 9999);
}

#[test]
fn a_crafted_date_is_refused_by_the_schema_or_read_as_corrupt_and_a_table_hand_is_checked_as_any_hand() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    crate::common::practise(&mut game, "jacks-or-better-8-5", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed(20), day()).unwrap();
    crate::common::draw_hand(&mut game, Hold::NONE, day()).unwrap();
    game.daily_draw(Hold::NONE, day()).unwrap();
    drop(game);
    // One date rule in every table: a date is a day number; text is refused by the schema itself.
    let conn = rusqlite::Connection::open(&path).unwrap();
    assert!(conn.execute("INSERT INTO daily_deals (day, idx, hold) VALUES ('2031-02-30', 1, 1)", []).is_err());
    assert!(conn.execute("INSERT INTO milestones (id, reached_on, announced) VALUES ('first-royal', 'yesterday', 1)", []).is_err());
    // A day number that is no date is corrupt wherever it is read, never skipped or ignored.
    conn.execute("INSERT INTO milestones (id, reached_on, announced) VALUES ('first-royal', 4000000000, 1)", []).unwrap();
    drop(conn);
    let game = Game::open(&path).unwrap();
    let refused = game.milestones().unwrap_err();
    assert_eq!(refused.kind(), "corrupt-database", "{refused}");
    assert!(refused.to_string().contains("4000000000"), "{refused}");
    assert_eq!(game.table_stats(&crate::common::t("jacks-or-better-8-5"), true).unwrap().figures.deals, 1, "the practice hand counts");
    drop(game);
    rusqlite::Connection::open(&path).unwrap().execute("DELETE FROM milestones WHERE id = 'first-royal'", []).unwrap();
    let game = Game::open(&path).unwrap();
    assert!(game.audit().unwrap().ok);
    assert!(Game::audit_file(&path).is_ok());
    drop(game);
    // A practised table's hand is a hand like any other: its seed changed, the audit refuses it.
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE hands SET seed = zeroblob(32) WHERE tbl >= 4", []).unwrap();
    drop(conn);
    let audit = Game::open(&path).unwrap().audit().unwrap();
    assert!(!audit.ok && audit.problems.iter().any(|p| p.contains("commitment")), "{audit:?}");
}

/// A practised table deals several hands at once from the level a machine does, and not before.
#[test]
fn a_table_deals_many_lines_from_their_level_only() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    let three = vpoker::game::Lines::new(3).unwrap();
    let refused = crate::common::practise(&mut game, "double-double-bonus-9-6", vpoker::game::Bet::new(5).unwrap(), three, seed(40), day()).unwrap_err();
    assert_eq!(refused, GameError::MultiPlayLocked { hands: 3, unlock_level: 10, level: 1 });
    assert!(game.state(day()).unwrap().hand.is_none(), "nothing was dealt");
}

/// A practised table's hand of more lines than its level opened, forged consistently (its bound
/// commitment recomputed for the new count, so the hand itself verifies), is refused by the audit.
#[test]
fn the_audit_refuses_a_table_hand_of_more_lines_than_its_level_opened() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    let preset = Preset::find("double-double-bonus-9-6").unwrap();
    let hand = crate::common::practise(&mut game, preset.id, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed(70), day()).unwrap();
    crate::common::draw_hand(&mut game, Hold::NONE, day()).unwrap();
    assert!(game.audit().unwrap().ok);
    drop(game);
    let table = Table::preset(preset);
    let terms = vpoker::pipeline::commit::Terms {
        table: &table,
        bet: 5,
        lines: 100,
        practice: true,
        seed_from: vpoker::shuffle::SeedFrom::System,
        on_screen: None,
    };
    let forged = vpoker::pipeline::commit::origin(&seed(70), &terms);
    let won = vpoker::pipeline::settle(&Deal::deal(&seed(70), &table, 100, NudgeSource::Never), 5, Hold::NONE).won;
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute(
        "UPDATE hands SET n_hands = 100, commitment = ?1, won = ?2 WHERE id = ?3",
        rusqlite::params![forged.to_vec(), won as i64, hand.id],
    )
    .unwrap();
    drop(conn);
    let game = Game::open(&path).unwrap();
    assert!(game.verify_hand(hand.id).unwrap().verified, "the forged hand verifies by itself");
    let audit = game.audit();
    let refused = match &audit {
        Ok(a) => a.problems.iter().any(|p| p.contains("100 hands at once unlock at level 20")),
        Err(e) => e.to_string().contains("100 hands at once unlock at level 20"),
    };
    assert!(refused, "{audit:?}");
}
