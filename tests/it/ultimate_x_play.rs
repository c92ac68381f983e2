//! Ultimate X played for chips and in practice: the stake, each line paid at its multiplier, the
//! multipliers carried from the hand before by the one rule (`rules::carry`), stored with the
//! hand, bound into its commitment, surviving a close, and checked by the whole history's replay.

use std::sync::atomic::AtomicBool;

use chrono::{NaiveDate, NaiveDateTime};
use rusqlite::Connection;
use vpoker::game::{Bet, DealRequest, Game, GameError, Lines, State};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;
use vpoker::table::Table;
use vpoker::ultimate_x::hint::OnScreen;
use vpoker::ultimate_x::multipliers::Multipliers;

fn now() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 12, 5).unwrap().and_hms_opt(12, 0, 0).unwrap()
}

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[31] = 0x58;
    Seed::from_bytes(bytes)
}

fn request(bet: u32, ultimate_x: bool) -> DealRequest {
    let table = if ultimate_x { "ultimate-x:jacks-or-better" } else { "jacks-or-better" };
    DealRequest { table: vpoker::game::TableId::new(table).unwrap(), bet: Bet::new(bet).unwrap(), hands: Lines::ONE, practice: false }
}

/// Deals and draws with the best hold; the state after the draw.
fn play(game: &mut Game, request: DealRequest, n: u64) -> State {
    let hand = game.deal(request.clone(), seed(n), crate::common::m(now())).unwrap().hand.unwrap();
    game.draw(hand.best_hold, crate::common::m(now())).unwrap()
}

/// What the next deal of `request` shows, line by line: what each line is dealt with.
fn next(game: &Game, request: &DealRequest) -> Vec<u8> {
    game.next_screen(request).unwrap().expect("an Ultimate X table shows its multipliers").iter().map(|l| l.next).collect()
}

fn whole_history(game: &Game) -> vpoker::game::HistoryCheck {
    game.check_history(&|_, _| {}, &AtomicBool::new(false)).unwrap()
}

#[test]
fn ultimate_x_bets_two_coins_a_line_and_pays_each_line_at_the_multiplier_it_was_dealt() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("g.db")).unwrap();
    let before = game.state(crate::common::d(now().date())).unwrap().chips;
    let dealt = game.deal(request(5, true), seed(1), crate::common::m(now())).unwrap();
    assert_eq!(dealt.chips, before - 10, "5 chips a line, two coins: 10");
    let hand = dealt.hand.unwrap();
    assert_eq!((hand.stake, hand.multipliers.clone()), (10, Some(vec![1])), "the first hand starts at 1x");
    let mut state = game.draw(hand.best_hold, crate::common::m(now())).unwrap();
    // Play until a line earns a multiplier: the next deal of the same choices is dealt with it and
    // each line pays bet × pay × its multiplier.
    let mut n = 2;
    let mut carried_seen = false;
    while n < 60 {
        let last = state.last_hand.clone().unwrap();
        let earned: Vec<u8> = last.results.iter().map(|r| r.earned.unwrap()).collect();
        // What the next deal shows: each line what it was paid at and what it earned.
        let ahead = game.next_screen(&request(5, true)).unwrap().expect("an Ultimate X hand leaves its multipliers");
        let paid: Vec<u8> = last.results.iter().map(|r| r.multiplier.unwrap()).collect();
        assert_eq!(ahead.iter().map(|l| (l.paid, l.next)).collect::<Vec<_>>(), paid.iter().zip(&earned).map(|(&p, &e)| (Some(p), e)).collect::<Vec<_>>());
        assert_eq!(ahead.iter().map(|l| l.lit).collect::<Vec<_>>(), paid.iter().zip(&earned).map(|(&p, &e)| p > 1 || e > 1).collect::<Vec<_>>());
        // Other choices continue nothing: every line at the start, nothing paid before.
        let other = game.next_screen(&request(10, true)).unwrap().unwrap();
        assert!(other.iter().all(|l| (l.paid, l.next, l.lit) == (None, 1, false)), "{other:?}");
        assert_eq!(game.next_screen(&request(5, false)).unwrap(), None, "a plain table shows nothing");
        let chips = state.chips;
        let hand = game.deal(request(5, true), seed(n), crate::common::m(now())).unwrap().hand.unwrap();
        assert_eq!(hand.multipliers.as_deref(), Some(&earned[..]), "hand {}: dealt with what the hand before earned", hand.id);
        state = game.draw(hand.best_hold, crate::common::m(now())).unwrap();
        let drawn = state.last_hand.clone().unwrap();
        for (result, m) in drawn.results.iter().zip(&earned) {
            let pay = drawn.pays[result.row.unwrap_or(0)] * u32::from(result.row.is_some());
            assert_eq!(result.win, 5 * u64::from(pay) * u64::from(*m));
            assert_eq!(result.multiplier, Some(*m));
        }
        assert_eq!(state.chips, chips - 10 + drawn.won.unwrap());
        carried_seen |= earned.iter().any(|&m| m > 1) && drawn.won.unwrap() > 0;
        n += 1;
        if carried_seen && n > 12 {
            break;
        }
    }
    assert!(carried_seen, "a win at a multiplier above 1x was played");
    let check = whole_history(&game);
    assert!(check.verified, "{:?}", check.failure);
    assert!(game.audit().unwrap().ok);
}

#[test]
fn another_bet_table_line_count_or_practice_starts_every_line_at_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("g.db")).unwrap();
    // Find a first hand that earns a multiplier.
    let mut n = 100;
    let mut state = play(&mut game, request(5, true), n);
    while next(&game, &request(5, true)) == [1] {
        n += 1;
        state = play(&mut game, request(5, true), n);
    }
    let earned = next(&game, &request(5, true));
    assert!(state.last_hand.is_some());
    // Another bet: back to 1x, and what it earns is carried from then on.
    let other_bet = game.deal(request(10, true), seed(500), crate::common::m(now())).unwrap().hand.unwrap();
    assert_eq!(other_bet.multipliers, Some(vec![1]));
    game.draw(other_bet.best_hold, crate::common::m(now())).unwrap();
    // A plain hand in between forfeits them too; practice is its own run.
    let mut n = 600;
    loop {
        play(&mut game, request(5, true), n);
        n += 1;
        if next(&game, &request(5, true)) != [1] {
            break;
        }
    }
    play(&mut game, request(5, false), n);
    let after_plain = game.deal(request(5, true), seed(n + 1), crate::common::m(now())).unwrap().hand.unwrap();
    assert_eq!(after_plain.multipliers, Some(vec![1]), "a plain hand in between forfeits the multipliers ({earned:?} earned before)");
    game.draw(after_plain.best_hold, crate::common::m(now())).unwrap();
    let practice = DealRequest { practice: true, ..request(5, true) };
    let hand = game.deal(practice.clone(), seed(n + 2), crate::common::m(now())).unwrap().hand.unwrap();
    assert_eq!(hand.multipliers, Some(vec![1]), "practice does not continue a real run");
    assert_eq!(hand.stake, 10);
    game.draw(hand.best_hold, crate::common::m(now())).unwrap();
    assert!(whole_history(&game).verified);
}

#[test]
fn the_multipliers_on_screen_survive_closing_the_game_mid_hand() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.db");
    let mut game = Game::open(&path).unwrap();
    let mut n = 200;
    play(&mut game, request(5, true), n);
    while next(&game, &request(5, true)) == [1] {
        n += 1;
        play(&mut game, request(5, true), n);
    }
    let carried = next(&game, &request(5, true));
    drop(game);
    let mut game = Game::open(&path).unwrap();
    assert_eq!(next(&game, &request(5, true)), carried, "shown before the deal after a restart");
    let hand = game.deal(request(5, true), seed(n + 1), crate::common::m(now())).unwrap().hand.unwrap();
    drop(game);
    let mut game = Game::open(&path).unwrap();
    let open = game.state(crate::common::d(now().date())).unwrap().hand.unwrap();
    assert_eq!(open.multipliers, Some(carried.clone()));
    assert_eq!(open.commitment, hand.commitment);
    let state = game.draw(open.best_hold, crate::common::m(now())).unwrap();
    assert_eq!(state.last_hand.unwrap().multipliers, Some(carried));
    assert!(whole_history(&game).verified);
}

#[test]
fn refused_ultimate_x_deals_are_typed_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.db");
    let mut game = Game::open(&path).unwrap();
    let before = game.state(crate::common::d(now().date())).unwrap();
    // Joker Poker has no multiplier table: no Ultimate X table of it to deal on.
    let joker = DealRequest { table: vpoker::game::TableId::new("ultimate-x:joker-poker").unwrap(), ..request(5, true) };
    assert_eq!(game.deal(joker.clone(), seed(1), crate::common::m(now())).unwrap_err(), GameError::UnknownTable { table: "ultimate-x:joker-poker".into() });
    let fifty = DealRequest { hands: Lines::new(50).unwrap(), ..request(5, true) };
    let refused = game.deal(fifty.clone(), seed(1), crate::common::m(now())).unwrap_err();
    assert_eq!(refused.kind(), "table-lines");
    let after = game.state(crate::common::d(now().date())).unwrap();
    assert_eq!((after.chips, after.xp, after.hand), (before.chips, before.xp, None));
    // A table without a multiplier table is not one to practise Ultimate X on (the plain one is).
    assert!(crate::common::practise(&mut game, "joker-poker-kings-20-7-5", Bet::new(5).unwrap(), Lines::ONE, seed(3), crate::common::m(now())).is_ok());
    crate::common::draw_hand(&mut game, Hold::NONE, crate::common::m(now())).unwrap();
    let table = crate::common::practise(&mut game, "ultimate-x:joker-poker-kings-20-7-5", Bet::new(5).unwrap(), Lines::ONE, seed(2), crate::common::m(now()));
    assert_eq!(table.unwrap_err().kind(), "unknown-table");
}

#[test]
fn a_practised_table_carries_its_multipliers_from_hand_to_hand() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("g.db")).unwrap();
    let table = "ultimate-x:jacks-or-better-8-6";
    let mut earned = vec![1];
    for n in 0..12 {
        let hand = crate::common::practise(&mut game, table, Bet::new(5).unwrap(), Lines::ONE, seed(300 + n), crate::common::m(now())).unwrap();
        assert_eq!(hand.multipliers.as_deref(), Some(&earned[..]));
        let hint = game.hint().unwrap();
        assert_eq!(hint.stake, 10);
        let drawn = crate::common::draw_hand(&mut game, hint.best_hold, crate::common::m(now())).unwrap();
        earned = drawn.results.iter().map(|r| r.earned.unwrap()).collect();
    }
    let check = whole_history(&game);
    assert!(check.verified, "{:?}", check.failure);
}

#[test]
fn the_hint_values_every_hold_with_the_multipliers_on_screen() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("g.db")).unwrap();
    let mut n = 400;
    loop {
        let hand = game.deal(request(5, true), seed(n), crate::common::m(now())).unwrap().hand.unwrap();
        let hint = game.hint().unwrap();
        let ux = hint.screen.clone().expect("an Ultimate X hint");
        let table = Table::machine(MachineId::JacksOrBetter).ultimate_x().unwrap();
        let on_screen = OnScreen::of_values(&ux.multipliers, &Multipliers::of_table(&table, 1).unwrap()).unwrap();
        let evs = vpoker::ultimate_x::hint::hand_evs(&table, &on_screen, &hand.cards).unwrap();
        for hold in &hint.holds {
            assert!((hold.ev - evs.ev(hold.hold)).abs() < 1e-12);
            assert!((hold.ev_chips - hold.ev * 10.0).abs() < 1e-9);
        }
        assert_eq!(ux.changes_best, evs.is_mistake(ux.plain_best));
        game.draw(hint.best_hold, crate::common::m(now())).unwrap();
        n += 1;
        if ux.multipliers != [1] || n > 430 {
            break;
        }
    }
}

#[test]
fn a_crafted_file_dealing_with_other_multipliers_fails_the_whole_history_at_that_hand() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.db");
    let mut game = Game::open(&path).unwrap();
    for n in 0..8 {
        play(&mut game, request(5, true), 700 + n);
    }
    drop(game);
    // Rewrite a hand dealt at 1x as dealt at 2x, consistently: its commitment made again with the
    // new multipliers and its win paid at them. Only the carry rule can tell.
    let conn = Connection::open(&path).unwrap();
    let (id, seed_bytes, won): (i64, Vec<u8>, i64) = conn
        .query_row("SELECT id, seed, won FROM hands WHERE multipliers = x'01' AND id > 1 ORDER BY id LIMIT 1", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .unwrap();
    let table = Table::machine(MachineId::JacksOrBetter).ultimate_x().unwrap();
    let on_screen = vpoker::rules::stored(&table, 1, Some(&[2])).unwrap().unwrap();
    let seed = Seed::from_bytes(seed_bytes.try_into().unwrap());
    let commitment = crate::common::origin_commitment(&table, &seed, 5, 1, Some(&on_screen));
    conn.execute(
        "UPDATE hands SET multipliers = x'02', won = ?1, commitment = ?2 WHERE id = ?3",
        rusqlite::params![won * 2, &commitment[..], id],
    )
    .unwrap();
    conn.execute("UPDATE profile SET chips = chips + ?1, paid_total = paid_total + ?1", [won]).unwrap();
    drop(conn);
    let game = Game::open(&path).unwrap();
    let check = whole_history(&game);
    let failure = check.failure.expect("the carry rule finds the hand");
    assert_eq!((failure.hand, failure.check), (Some(id), "decision"), "{}", failure.detail);
    assert!(failure.detail.contains("multipliers 2"), "{}", failure.detail);
    assert!(!game.audit().unwrap().ok);
}

/// Drills on a machine's Ultimate X table: each hard hand comes with three lines' multipliers drawn
/// from its seed and is one whose best hold those multipliers change (the plain game's hold is
/// wrong there), judged as the hint judges it; a mistaken Ultimate X hand comes back judged with
/// the multipliers it was dealt with.
#[test]
fn drills_of_the_hands_whose_best_hold_the_multipliers_change() {
    use vpoker::game::DrillSource;
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("g.db")).unwrap();
    let table = Table::named("ultimate-x:jacks-or-better").unwrap();
    let rule = Multipliers::of_table(&table, 3).unwrap();
    for n in 0..6 {
        let question = game.drill_next(&crate::common::t(table.id()), DrillSource::Hard, seed(900 + n), crate::common::d(now().date())).unwrap().unwrap();
        let shown = question.multipliers.clone().expect("an Ultimate X drill hand shows its multipliers");
        assert_eq!(shown.len(), 3);
        let on_screen = OnScreen::of_values(&shown, &rule).unwrap();
        let hint = vpoker::ultimate_x::hint::hint(&table, &on_screen, &question.cards).unwrap();
        assert_ne!(hint.best, hint.plain_best, "{:?} at {shown:?}: the multipliers change the best hold", question.cards);
        let plain = game.drill_answer(&question.key, hint.plain_best, crate::common::d(now().date())).unwrap();
        assert!(!plain.correct);
        assert_eq!(plain.reason.map(|r| r.id()), Some("multipliers-change-it"));
        assert_eq!(plain.best_hold, hint.best);
        // Per coin of the Ultimate X bet (half a line's value), at one line's stake of 2 × bet.
        let expected = hint.plain_gives_up / 2.0 * f64::from(2 * question.bet);
        assert!((plain.ev_given_up_chips - expected).abs() < 1e-9, "{} {expected}", plain.ev_given_up_chips);
        assert!(game.drill_answer(&question.key, hint.best, crate::common::d(now().date())).unwrap().correct);
    }
    // A mistaken Ultimate X hand on the review queue: asked again with its own multipliers.
    let hand = game.deal(request(5, true), seed(950), crate::common::m(now())).unwrap().hand.unwrap();
    let worst = vpoker::hold::Hold::from_mask(if hand.best_hold.mask() == 0 { 31 } else { 0 }).unwrap();
    let state = game.draw(worst, crate::common::m(now())).unwrap();
    let record = state.last_hand.unwrap();
    assert_eq!(record.mistake, Some(true));
    let question = game.drill_next(&crate::common::t(table.id()), DrillSource::Mistakes, seed(1), crate::common::d(now().date())).unwrap().expect("the mistake is due");
    assert_eq!(question.multipliers, record.multipliers);
    let verdict = game.drill_answer(&question.key, record.best_hold, crate::common::d(now().date())).unwrap();
    assert!(verdict.correct);
    assert_eq!(verdict.best_hold, record.best_hold);
}

/// A practised Ultimate X casino table's figures (the table's and the day's) are what its hands
/// replay to: the audit finds nothing to repair after its hands, and nothing again after that.
#[test]
fn a_practised_ultimate_x_tables_figures_need_no_repair() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("g.db")).unwrap();
    for n in 0..3 {
        crate::common::practise(&mut game, "ultimate-x:double-double-bonus-9-6", Bet::new(5).unwrap(), Lines::ONE, seed(700 + n), crate::common::m(now())).unwrap();
        crate::common::draw_hand(&mut game, Hold::NONE, crate::common::m(now())).unwrap();
    }
    for round in 0..2 {
        let audit = game.audit().unwrap();
        assert!(audit.ok && audit.repaired.is_empty(), "audit {round}: {audit:?}");
    }
    assert!(game.derived_differences().unwrap().is_empty());
}
