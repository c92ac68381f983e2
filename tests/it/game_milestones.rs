//! Milestones through the public `Game` API: each reached from what the game keeps (running sums,
//! today's deals, drill tallies, the level, a marked event), announced once, never paid in chips.

use vpoker::table::Table;
use vpoker::game::Day;
use chrono::NaiveDate;
use vpoker::card::Rank;
use vpoker::game::{DealRequest, DrillSource, Game, Milestone};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::pipeline::{Deal, NudgeSource};
use vpoker::shuffle::Seed;
use vpoker::strategy::hand_evs;

fn day(d: u64) -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 11, 1).unwrap() + chrono::Days::new(d)).unwrap()
}

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[31] = 0x4d;
    Seed::from_bytes(bytes)
}

fn new_game() -> (tempfile::TempDir, Game) {
    let dir = tempfile::tempdir().unwrap();
    let game = Game::open(&dir.path().join("game.db")).unwrap();
    (dir, game)
}

fn practice(machine: MachineId) -> DealRequest {
    DealRequest::machine(machine, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::new(1).unwrap(), true)
}

fn find<'a>(all: &'a [Milestone], id: &str) -> &'a Milestone {
    all.iter().find(|m| m.id == id).unwrap_or_else(|| panic!("no milestone {id}"))
}

fn progress(game: &Game, id: &str) -> (u64, u64, bool) {
    let all = game.milestones().unwrap();
    let m = find(&all, id);
    (m.progress, m.goal, m.reached)
}

/// Deals seed `n` and draws the best hold (`best`) or a hold that gives EV up; returns whether the
/// hold was a mistake.
fn play(game: &mut Game, request: DealRequest, n: u64, best: bool, today: NaiveDate) -> bool {
    let state = game.deal(request.clone(), seed(n), crate::common::m(today)).unwrap();
    let hand = state.hand.unwrap();
    let hold = if best { hand.best_hold } else { Hold::from_mask(u32::from(hand.best_hold.mask() ^ 0b11111)).unwrap() };
    game.draw(hold, crate::common::m(today)).unwrap();
    game.history(1, None).unwrap()[0].mistake.unwrap()
}

#[test]
fn a_new_game_has_its_milestones_none_reached_and_nothing_to_announce() {
    let (_dir, mut game) = new_game();
    let all = game.milestones().unwrap();
    assert!(all.len() >= 8, "{all:?}");
    let ids: std::collections::BTreeSet<&str> = all.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids.len(), all.len(), "ids are unique");
    for id in ["first-royal", "perfect-day", "daily-7", "daily-30", "best-run-25", "best-run-100", "five-play", "drill-queue-emptied"] {
        assert!(ids.contains(id), "{id}");
    }
    for machine in [MachineId::DeucesWild, MachineId::BonusPoker, MachineId::DoubleBonus] {
        let m = find(&all, &format!("unlock-{}", machine.id()));
        assert_eq!((m.progress, m.goal, m.reached), (1, u64::from(machine.unlock_level()), false));
    }
    assert!(all.iter().all(|m| !m.reached && m.reached_on.is_none()));
    assert_eq!(game.milestone_news(day(0)).unwrap(), vec![]);
}

#[test]
fn best_holds_in_a_row_count_a_mistake_breaks_the_run_and_each_is_announced_once() {
    let (_dir, mut game) = new_game();
    let chips = game.state(day(0)).unwrap().chips;
    let mut n = 0;
    for _ in 0..24 {
        n += 1;
        assert!(!play(&mut game, practice(MachineId::JacksOrBetter), n, true, day(0).date()));
    }
    assert_eq!(progress(&game, "best-run-25"), (24, 25, false));
    // A mistake ends the run; the longest run so far is kept.
    loop {
        n += 1;
        if play(&mut game, practice(MachineId::JacksOrBetter), n, false, day(0).date()) {
            break;
        }
    }
    for _ in 0..24 {
        n += 1;
        play(&mut game, practice(MachineId::JacksOrBetter), n, true, day(0).date());
    }
    assert_eq!(progress(&game, "best-run-25"), (24, 25, false));
    assert_eq!(game.milestone_news(day(0)).unwrap(), vec![]);
    n += 1;
    play(&mut game, practice(MachineId::JacksOrBetter), n, true, day(1).date());
    assert_eq!(progress(&game, "best-run-25"), (25, 25, true));
    assert_eq!(progress(&game, "best-run-100"), (25, 100, false));
    let news = game.milestone_news(day(1)).unwrap();
    assert_eq!(news.iter().map(|m| m.id.as_str()).collect::<Vec<_>>(), ["best-run-25"]);
    assert_eq!(news[0].reached_on, Some(day(1).date()));
    assert_eq!(game.milestone_news(day(2)).unwrap(), vec![], "announced once");
    assert_eq!(find(&game.milestones().unwrap(), "best-run-25").reached_on, Some(day(1).date()));
    // No chips for it (practice hands cost nothing either).
    assert_eq!(game.state(day(2)).unwrap().chips, chips);
    assert!(game.derived_differences().unwrap().is_empty(), "the runs are rebuilt from the hands alike");
}

/// A seed whose practice deal on Jacks or Better holds four to a royal flush and draws the fifth.
fn royal_seed() -> (u64, Hold) {
    for n in 0..5_000_000u64 {
        let deal = Deal::deal(&seed(n), &Table::machine(MachineId::JacksOrBetter), 1, NudgeSource::Never);
        let dealt = deal.dealt();
        let next = deal.deck()[5];
        let royal = |c: &vpoker::card::Card| c.rank() >= Some(Rank::Ten) && c.suit() == next.suit();
        if royal(&next) && dealt.iter().filter(|c| royal(c)).count() == 4 {
            let mask = (0..5).filter(|&i| royal(&dealt[i])).fold(0u32, |m, i| m | 1 << i);
            return (n, Hold::from_mask(mask).unwrap());
        }
    }
    panic!("no royal in five million seeds");
}

#[test]
fn a_royal_flush_and_five_play_are_milestones() {
    let (_dir, mut game) = new_game();
    let (n, hold) = royal_seed();
    game.deal(practice(MachineId::JacksOrBetter), seed(n), day(0)).unwrap();
    game.draw(hold, day(0)).unwrap();
    let hand = &game.history(1, None).unwrap()[0];
    assert_eq!(hand.results[0].outcome, "royal-flush");
    assert_eq!(progress(&game, "first-royal"), (1, 1, true));
    assert_eq!(progress(&game, "five-play"), (0, 1, false));
    let news = game.milestone_news(day(0)).unwrap();
    assert_eq!(news.iter().map(|m| m.id.as_str()).collect::<Vec<_>>(), ["first-royal"]);
}

#[test]
fn perfect_days_and_runs_of_days_come_from_todays_deals() {
    let (_dir, mut game) = new_game();
    for d in 0..7 {
        let date = day(d);
        for _ in 0..10 {
            let state = game.daily_deals(date).unwrap();
            let cards = state.hand.unwrap().cards;
            game.daily_draw(hand_evs(state.machine, &cards).best(), date).unwrap();
        }
        assert_eq!(progress(&game, "daily-7").0, d + 1);
    }
    assert_eq!(progress(&game, "daily-7"), (7, 7, true));
    assert_eq!(progress(&game, "daily-30"), (7, 30, false));
    assert_eq!(progress(&game, "perfect-day"), (10, 10, true));
    let news: Vec<String> = game.milestone_news(day(6)).unwrap().into_iter().map(|m| m.id).collect();
    assert_eq!(news, ["perfect-day", "daily-7"]);
    // A day missed costs the current streak, never a milestone reached.
    let date = day(8);
    for _ in 0..10 {
        game.daily_draw(Hold::from_mask(31).unwrap(), date).unwrap();
    }
    assert_eq!(game.daily_deals(date).unwrap().streak, 1);
    assert_eq!(progress(&game, "daily-7"), (7, 7, true));
}

#[test]
fn emptying_a_drill_queue_is_marked_in_the_answer_and_announced_once() {
    let (_dir, mut game) = new_game();
    let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::new(1).unwrap(), false);
    let mut n = 1000;
    while !play(&mut game, request.clone(), n, false, day(0).date()) {
        n += 1;
    }
    let question = game.drill_next(&crate::common::t("jacks-or-better"), DrillSource::Mistakes, seed(1), day(0)).unwrap().unwrap();
    assert_eq!(question.queue, 1);
    let best = hand_evs(MachineId::JacksOrBetter, &question.cards).best();
    // Right on the days it is due keeps it on the queue (it comes back three, then eleven days
    // later); right a third time puts it more than 30 days out: off the queue.
    let first = game.drill_answer(&question.key, best, day(0)).unwrap();
    assert_eq!((first.left_queue, first.next_due), (false, Some(day(3).date())));
    assert_eq!(progress(&game, "drill-queue-emptied"), (0, 1, false));
    let second = game.drill_answer(&question.key, best, day(3)).unwrap();
    assert_eq!((second.left_queue, second.next_due), (false, Some(day(14).date())));
    let third = game.drill_answer(&question.key, best, day(14)).unwrap();
    assert!(third.left_queue && third.queue == 0 && third.next_due.is_none());
    assert_eq!(progress(&game, "drill-queue-emptied"), (1, 1, true));
    assert_eq!(find(&game.milestones().unwrap(), "drill-queue-emptied").reached_on, None, "not yet announced");
    assert_eq!(progress(&game, "drills-100"), (3, 100, false));
    let news: Vec<String> = game.milestone_news(day(15)).unwrap().into_iter().map(|m| m.id).collect();
    assert_eq!(news, ["drill-queue-emptied"]);
    assert_eq!(find(&game.milestones().unwrap(), "drill-queue-emptied").reached_on, Some(day(15).date()));
    assert!(game.milestone_news(day(16)).unwrap().is_empty());
}

/// Plays `date`'s ten deals holding every card.
fn play_day(game: &mut Game, date: NaiveDate) {
    for _ in 0..10 {
        game.daily_draw(Hold::from_mask(31).unwrap(), crate::common::d(date)).unwrap();
    }
}

#[test]
fn the_days_of_todays_deals_are_a_cache_the_audit_rebuilds_from_the_deals() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    // A clock set back once: day 5 played before days 3 and 4. The run is of calendar dates.
    for d in [0, 1, 5, 3, 4] {
        play_day(&mut game, day(d).date());
    }
    assert_eq!(game.daily_deals(day(5)).unwrap().streak, 3, "days 3, 4 and 5");
    assert_eq!(progress(&game, "daily-7").0, 3);
    assert!(game.derived_differences().unwrap().is_empty(), "the live rule gives what the rebuild gives");
    // A crafted file claims a perfect day and a long run: the audit finds it stale, never corrupt,
    // and rebuilds the days from the holds.
    drop(game);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let day_number = i64::from(chrono::Datelike::num_days_from_ce(&day(1).date()));
    conn.execute("UPDATE daily_days SET best_holds = 10, streak = 30 WHERE day = ?1", [day_number]).unwrap();
    drop(conn);
    let game = Game::open(&path).unwrap();
    assert_eq!(progress(&game, "perfect-day"), (10, 10, true), "the crafted row, before the audit");
    let audit = game.audit().unwrap();
    assert!(audit.ok, "{audit:?}");
    assert!(audit.repaired.iter().any(|r| r.contains("today's deals")), "{:?}", audit.repaired);
    assert!(game.derived_differences().unwrap().is_empty());
    assert_eq!(progress(&game, "daily-30"), (3, 30, false), "rebuilt from the deals");
    assert!(!progress(&game, "perfect-day").2);
}
