//! The coach: same cards with the best hold against a brute replay, luck and skill identities over
//! random play, session boundaries with given times, the downsampled chart, session cards, and the
//! review queue of mistakes (back on a schedule of dates).

use vpoker::table::Table;
use chrono::{NaiveDate, NaiveDateTime};
use proptest::prelude::*;
use vpoker::pipeline::deal::{Deal, NudgeSource};
use vpoker::game::{DrillFrom, DrillKey, DrillSource};
use vpoker::game::{DealRequest, Game};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

fn seed(n: u64) -> Seed {
    format!("{n:064x}").parse().unwrap()
}

fn at(day: u32, hour: u32, minute: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, day).unwrap().and_hms_opt(hour, minute, 0).unwrap()
}

fn fresh() -> (tempfile::TempDir, Game) {
    let dir = tempfile::tempdir().unwrap();
    let game = Game::open(&dir.path().join("game.db")).unwrap();
    (dir, game)
}

/// Plays `n` Jacks or Better hands at bet 5 from seed `start` with hold masks from `holds` (cycled),
/// every seventh a practice hand; stops early only when the chips run out. Returns the ids.
fn play(game: &mut Game, start: u64, n: u64, holds: &[u32], time: NaiveDateTime) -> Vec<i64> {
    let mut ids = Vec::new();
    for k in 0..n {
        let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::new(1).unwrap(), k % 7 == 6);
        let state = match game.deal(request.clone(), seed(start + k), crate::common::m(time)) {
            Ok(state) => state,
            Err(error) if error.kind() == "insufficient-chips" => break,
            Err(error) => panic!("deal refused: {error}"),
        };
        ids.push(state.hand.unwrap().id);
        let hold = Hold::from_mask(holds[k as usize % holds.len()]).unwrap();
        game.draw(hold, crate::common::m(time)).unwrap();
    }
    ids
}

#[test]
fn same_cards_best_hold_is_the_brute_replay_for_single_and_multi_play() {
    // A history with single, Triple and Five Play hands (the landed schema-2 fixture, migrated).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vpoker.db");
    std::fs::copy(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/landed-v2.db"), &path).unwrap();
    let game = Game::open(&path).unwrap();
    let records = crate::common::all_history(&game);
    assert!(records.iter().any(|r| r.hands == 5) && records.iter().any(|r| r.hands == 1));
    for record in &records {
        // Brute: the deck from the seed, the best hold's cards filled in by hand from each deck.
        let deal = Deal::deal(&record.seed, &record.table, record.hands, NudgeSource::Disclosed(record.nudge.is_some()));
        let dealt = deal.dealt();
        let mut decks: Vec<Vec<_>> = vec![deal.deck()[5..].to_vec()];
        decks.extend(deal.extra_decks().iter().map(|d| d.to_vec()));
        let table = record.table.paytable();
        assert_eq!(record.best_results.len(), decks.len());
        for (result, deck) in record.best_results.iter().zip(&decks) {
            let mut next = deck.iter();
            let cards: [_; 5] =
                std::array::from_fn(|i| if record.best_hold.holds(i) { dealt[i] } else { *next.next().unwrap() });
            assert_eq!(result.cards, cards, "hand {}", record.id);
            assert_eq!(result.win, u64::from(record.bet) * u64::from(table.pay(&cards)));
        }
        assert_eq!(record.best_won, Some(record.best_results.iter().map(|r| r.win).sum()));
        if record.hold == Some(record.best_hold) {
            assert_eq!(record.best_results, record.results);
        }
    }
}

#[test]
fn five_play_same_cards_use_each_hands_own_deck() {
    // The pipeline directly: extra hand k's best-hold finals come off its own reshuffled deck.
    for n in 0..50u64 {
        let deal = Deal::deal(&seed(n), &Table::machine(MachineId::DeucesWild), 5, NudgeSource::Never);
        let best = vpoker::strategy::hand_evs(MachineId::DeucesWild, &deal.dealt()).best();
        let results = vpoker::pipeline::settle::results(&deal, 5, best, None);
        for (k, result) in results.iter().enumerate().skip(1) {
            let mut rest = deal.extra_decks()[k - 1].iter();
            let expected: Vec<_> =
                (0..5).map(|i| if best.holds(i) { deal.dealt()[i] } else { *rest.next().unwrap() }).collect();
            assert_eq!(result.cards.to_vec(), expected);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, .. ProptestConfig::default() })]
    /// Over random play: actual − perfect = luck − skill cost (in chips), pure + nudged = all, the
    /// stored coach figures equal the figures rebuilt from the hands, and the full audit agrees.
    #[test]
    fn luck_and_skill_add_up(start in any::<u32>(), holds in prop::collection::vec(0u32..32, 40)) {
        let (_dir, mut game) = fresh();
        play(&mut game, u64::from(start), 120, &holds, at(2, 9, 0));
        let coach = game.coach().unwrap();
        let history = crate::common::all_history(&game);
        for (list, practice) in [(&coach.real, false), (&coach.practice, true)] {
            for machine in list {
                let all = machine.all;
                let lhs = all.won as f64 - all.perfect_chips;
                let rhs = all.luck_chips - all.skill_cost_chips;
                prop_assert!((lhs - rhs).abs() <= 1e-9 * (1.0 + lhs.abs()), "{lhs} vs {rhs}");
                prop_assert!(all.skill_cost_chips >= -1e-9);
                prop_assert_eq!(machine.pure.deals + machine.nudged.deals, all.deals);
                prop_assert_eq!(machine.pure.won + machine.nudged.won, all.won);
                let mine: Vec<_> = history.iter().filter(|h| h.machine == Some(machine.machine) && h.practice == practice).collect();
                prop_assert_eq!(all.deals, mine.len() as u64);
                prop_assert_eq!(machine.best_holds_won, mine.iter().map(|h| h.best_won.unwrap()).sum::<u64>());
                let last = machine.chart.last().unwrap();
                prop_assert_eq!(last.deal, all.deals);
                prop_assert_eq!(last.actual, all.won as i64 - all.wagered as i64);
            }
        }
        prop_assert!(game.audit().unwrap().ok);
    }
}

#[test]
fn a_long_history_keeps_a_short_chart() {
    let (_dir, mut game) = fresh();
    let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::new(1).unwrap(), true);
    let seeds: Vec<Seed> = (0..1500).map(seed).collect();
    assert_eq!(game.play_best_batch(request.clone(), &seeds, crate::common::m(at(3, 12, 0))).unwrap(), 1500);
    let coach = game.coach().unwrap();
    let jacks = coach.practice.iter().find(|m| m.machine == MachineId::JacksOrBetter).unwrap();
    assert!(jacks.chart.len() <= vpoker::game::MAX_POINTS + 2, "{}", jacks.chart.len());
    assert!(jacks.chart.len() > 100);
    assert_eq!(jacks.chart.last().unwrap().deal, 1500);
    assert!(jacks.chart.windows(2).all(|w| w[0].deal < w[1].deal));
    assert!(game.audit().unwrap().ok, "the stored series is the replayed one");
}

#[test]
fn sessions_start_after_thirty_minutes_away() {
    let (_dir, mut game) = fresh();
    let first = game.foreground(at(4, 10, 0)).unwrap();
    assert!(first.new);
    play(&mut game, 1, 3, &[0], at(4, 10, 5));
    game.background(at(4, 10, 10)).unwrap();
    // 29 minutes away: the same session.
    let back = game.foreground(at(4, 10, 39)).unwrap();
    assert!(!back.new);
    assert_eq!(back.session.id, first.session.id);
    play(&mut game, 10, 2, &[0], at(4, 10, 40));
    game.background(at(4, 10, 41)).unwrap();
    // 30 minutes away: a new session, whose first hand is the next one dealt.
    let next = game.foreground(at(4, 11, 11)).unwrap();
    assert!(next.new);
    assert_ne!(next.session.id, first.session.id);
    let ids = play(&mut game, 20, 4, &[31], at(4, 11, 12));
    assert_eq!(next.session.first_hand, ids[0]);
    // A clock that went back never starts a session.
    assert!(!game.foreground(at(4, 9, 0)).unwrap().new);
    // Timed deals count as being there: an hour later without a foreground, a deal starts one.
    play(&mut game, 30, 1, &[0], at(4, 12, 30));
    let coach = game.coach().unwrap();
    let session = coach.session.unwrap();
    assert!(session.id > next.session.id);
    let real: u64 = coach.session_real.iter().map(|(_, f)| f.all.deals).sum();
    let practice: u64 = coach.session_practice.iter().map(|(_, f)| f.all.deals).sum();
    assert_eq!(real + practice, 1, "only the hand dealt at 12:30 is in the session");
}

#[test]
fn a_session_card_grades_the_session() {
    let (_dir, mut game) = fresh();
    game.foreground(at(5, 10, 0)).unwrap();
    // Holding everything is often a mistake; holding the best never is.
    let ids = play(&mut game, 40, 12, &[31], at(5, 10, 1));
    let card = game.session_card(MachineId::JacksOrBetter, false).unwrap().unwrap();
    let history = game.history(100, None).unwrap();
    let real: Vec<_> = history.iter().filter(|h| !h.practice && ids.contains(&h.id)).collect();
    assert_eq!(card.figures.deals, real.len() as u64);
    assert!(card.worth_showing == (real.len() >= 10));
    let given_up: f64 = real.iter().map(|h| h.ev_given_up_chips.unwrap()).sum();
    assert!((card.given_up_chips - given_up).abs() < 1e-9);
    let mistakes = real.iter().filter(|h| h.mistake == Some(true)).count() as u64;
    assert_eq!(card.best_holds, real.len() as u64 - mistakes);
    let grade = card.grade.unwrap();
    let cost = card.figures.skill_cost.unwrap();
    assert_eq!(grade, vpoker::game::grade(cost, mistakes == 0));
    assert!(card.thresholds.windows(2).all(|w| w[0].max_skill_cost < w[1].max_skill_cost));
}

/// The grades as the README and the card state them: A+ no mistake at all; A up to 0.25 % of chips
/// wagered given up, B 1 %, C 2.5 %, D 5 %, else E.
#[test]
fn grades_follow_the_stated_thresholds() {
    use vpoker::game::grade;
    let cases = [
        (0.0, true, "A+"),
        (0.0, false, "A"),
        (0.0025, false, "A"),
        (0.002501, false, "B"),
        (0.01, false, "B"),
        (0.0101, false, "C"),
        (0.025, false, "C"),
        (0.0251, false, "D"),
        (0.05, false, "D"),
        (0.0501, false, "E"),
        (0.5, false, "E"),
    ];
    for (cost, no_mistake, expected) in cases {
        assert_eq!(grade(cost, no_mistake), expected, "skill cost {cost}, no mistake {no_mistake}");
    }
}

/// The session figures come from running sums added at each draw; they must be what the session's
/// hands add up to, with a hand dealt before a break and drawn after it left in the session it was
/// dealt in, and the full audit must catch a stored sum that is off.
#[test]
fn session_figures_are_running_sums_of_the_sessions_hands() {
    let (dir, mut game) = fresh();
    game.foreground(at(6, 9, 0)).unwrap();
    play(&mut game, 100, 9, &[0, 31, 3], at(6, 9, 1));
    let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(10).unwrap(), vpoker::game::Lines::new(1).unwrap(), false);
    let held_over = game.deal(request.clone(), seed(200), crate::common::m(at(6, 9, 2))).unwrap().hand.unwrap().id;
    game.background(at(6, 9, 3)).unwrap();
    let later = game.foreground(at(6, 10, 0)).unwrap();
    assert!(later.new);
    game.draw(Hold::from_mask(0).unwrap(), crate::common::m(at(6, 10, 0))).unwrap();
    let ids = play(&mut game, 300, 15, &[31, 0, 7, 24], at(6, 10, 1));
    assert!(later.session.first_hand > held_over && later.session.first_hand == ids[0]);

    let history = game.history(100, None).unwrap();
    let coach = game.coach().unwrap();
    for practice in [false, true] {
        let mut hands: Vec<_> =
            history.iter().filter(|h| h.id >= later.session.first_hand && h.practice == practice).collect();
        hands.sort_by_key(|h| h.id);
        let card = game.session_card(MachineId::JacksOrBetter, practice).unwrap().unwrap();
        let f = &card.figures;
        assert_eq!(f.deals, hands.len() as u64, "practice {practice}");
        assert_eq!(f.wagered, hands.iter().map(|h| h.stake).sum::<u64>());
        assert_eq!(f.won, hands.iter().map(|h| h.won.unwrap()).sum::<u64>());
        let expected: f64 = hands.iter().map(|h| h.hold_ev.unwrap() * h.stake as f64).sum();
        let perfect: f64 = hands.iter().map(|h| h.best_ev * h.stake as f64).sum();
        assert!((f.expected_chips - expected).abs() < 1e-9 && (f.perfect_chips - perfect).abs() < 1e-9);
        assert_eq!(card.best_holds, hands.iter().filter(|h| h.mistake == Some(false)).count() as u64);
        let best =
            hands.iter().filter(|h| h.won.unwrap() > 0).max_by_key(|h| (h.won.unwrap(), std::cmp::Reverse(h.id)));
        assert_eq!(card.best_hand.as_ref().map(|b| (b.hand, b.won)), best.map(|h| (h.id, h.won.unwrap())));
        let list = if practice { &coach.session_practice } else { &coach.session_real };
        let jacks = &list.iter().find(|(m, _)| *m == MachineId::JacksOrBetter).unwrap().1;
        assert_eq!(jacks.all, card.figures, "the coach and the card agree");
        // Pure and nudged deals apart, and the same cards' total.
        let nudged: Vec<_> = hands.iter().filter(|h| h.nudge.is_some()).collect();
        assert!(practice || !nudged.is_empty(), "these seeds give the real session nudged deals to split");
        assert_eq!(jacks.nudged.deals, nudged.len() as u64);
        assert_eq!(jacks.nudged.won, nudged.iter().map(|h| h.won.unwrap()).sum::<u64>());
        assert_eq!(jacks.pure.deals + jacks.nudged.deals, jacks.all.deals);
        assert_eq!(jacks.pure.wagered + jacks.nudged.wagered, jacks.all.wagered);
        assert_eq!(jacks.holds_won, f.won);
        assert_eq!(jacks.best_holds_won, hands.iter().map(|h| h.best_won.unwrap()).sum::<u64>());
    }
    assert!(game.audit().unwrap().ok);

    // A stored sum that is off: a cache, so the full audit names it, rebuilds it and passes.
    let coach = game.coach().unwrap();
    drop(game);
    let path = dir.path().join("game.db");
    let conn = rusqlite::Connection::open(&path).unwrap();
    let sql = "UPDATE sums SET won = won + 5 WHERE practice = 0 AND scope = (SELECT MAX(scope) FROM sums)";
    assert_eq!(conn.execute(sql, []).unwrap(), 1);
    drop(conn);
    let game = Game::open(&path).unwrap();
    let audit = game.audit().unwrap();
    assert!(audit.ok && audit.repaired.iter().any(|p| p.contains("running sums of session")), "{audit:?}");
    assert_eq!(game.coach().unwrap(), coach, "rebuilt as it was");
    assert_eq!(game.audit().unwrap().repaired, Vec::<String>::new());
}

/// Derived tables that are missing, or not today's (their version differs), are rebuilt from the
/// hands on opening: the same cards and the same figures as the draws had added up.
#[test]
fn derived_tables_missing_or_stale_are_rebuilt_from_the_hands() {
    let (dir, mut game) = fresh();
    game.foreground(at(7, 9, 0)).unwrap();
    play(&mut game, 500, 12, &[0, 31, 9], at(7, 9, 1));
    game.background(at(7, 9, 5)).unwrap();
    game.foreground(at(7, 11, 0)).unwrap();
    play(&mut game, 600, 8, &[31, 0], at(7, 11, 1));
    let cards = [false, true].map(|p| game.session_card(MachineId::JacksOrBetter, p).unwrap());
    let coach = game.coach().unwrap();
    drop(game);
    let path = dir.path().join("game.db");
    for damage in [
        "DROP TABLE sums; DROP TABLE chart_points; DROP TABLE sums_version;",
        "UPDATE sums SET won = 0; DELETE FROM outcome_sums; UPDATE sums_version SET version = 'an older list';",
    ] {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(damage).unwrap();
        drop(conn);
        let game = Game::open(&path).unwrap();
        assert_eq!([false, true].map(|p| game.session_card(MachineId::JacksOrBetter, p).unwrap()), cards, "{damage}");
        assert_eq!(game.coach().unwrap(), coach, "{damage}");
        assert!(game.audit().unwrap().ok, "both sessions' sums, the earlier one included");
    }
}

/// The full audit rebuilds the running sums and charts in its one pass over the hands, names the
/// machine whose stored sums or chart differ, and puts them right: the game stays playable.
#[test]
fn the_audit_names_and_rebuilds_a_tampered_coach_total_and_chart() {
    let (dir, mut game) = fresh();
    play(&mut game, 700, 20, &[0, 31], at(8, 9, 0));
    assert!(game.audit().unwrap().ok);
    let coach = game.coach().unwrap();
    drop(game);
    let path = dir.path().join("game.db");
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE sums SET best_won = best_won + 1 WHERE practice = 0 AND scope = 0", []).unwrap();
    conn.execute("UPDATE chart_points SET actual = actual + 1 WHERE deal = (SELECT MAX(deal) FROM chart_points)", [])
        .unwrap();
    drop(conn);
    let mut game = Game::open(&path).unwrap();
    assert_ne!(game.coach().unwrap(), coach, "the damage shows until the audit");
    let audit = game.audit().unwrap();
    assert!(audit.ok && audit.problems.is_empty(), "{audit:?}");
    assert!(audit.repaired.iter().any(|p| p.contains("running sums of jacks-or-better (real)")), "{audit:?}");
    assert!(audit.repaired.iter().any(|p| p.contains("chart of jacks-or-better")), "{audit:?}");
    assert_eq!(game.coach().unwrap(), coach);
    assert!(game.derived_differences().unwrap().is_empty());
    play(&mut game, 5, 20, &[0], at(8, 10, 0));
    assert!(game.audit().unwrap().repaired.is_empty());
}

/// The documented schedule (docs/TRAINING.md, "The review schedule"): (answer on the day it is
/// due, the day it comes back after it; `None`: off the queue), for a mistake made on day 1.
const ALL_RIGHT: [(bool, Option<u32>); 3] = [(true, Some(4)), (true, Some(15)), (true, None)];
const WRONG_FIRST: [(bool, Option<u32>); 5] = [(false, Some(2)), (true, Some(5)), (true, Some(13)), (true, Some(35)), (true, None)];

#[test]
fn mistakes_come_back_on_the_documented_schedule_of_dates() {
    let day = |n: u32| NaiveDate::from_ymd_opt(2026, 11, 1).unwrap() + chrono::Days::new(u64::from(n - 1));
    let (_dir, mut game) = fresh();
    // Day 1: hands thrown away whole; the mistakes are due the day they were made.
    play(&mut game, 60, 30, &[0], at(1, 10, 0));
    let queued = game.mistakes(Some(&crate::common::t("jacks-or-better")), 500).unwrap();
    assert!(queued.len() >= 2, "{}", queued.len());
    assert!(queued.iter().all(|q| q.hand.mistake == Some(true) && q.schedule.due == day(1) && q.schedule.reps == 0));
    // A page of the queue at most, like the history's.
    assert_eq!(game.mistakes(None, 501).unwrap_err(), vpoker::game::GameError::HistoryLimit { limit: 501, max: 500 });
    assert_eq!(game.review(crate::common::d(day(1)), None, 501).unwrap_err().kind(), "history-limit");
    assert_eq!(game.review(crate::common::d(day(1)), Some(&crate::common::t("nope")), 5).unwrap_err().kind(), "unknown-table");
    let review = game.review(crate::common::d(day(1)), None, 500).unwrap();
    assert_eq!(review.games.len(), 1);
    assert_eq!((review.games[0].table.as_str(), review.games[0].due, review.games[0].queued), ("jacks-or-better", queued.len() as u64, queued.len() as u64));
    assert_eq!(review.due.len(), queued.len());
    // Nothing is due before the day the mistakes were made.
    assert_eq!(game.review(crate::common::d(day(1) - chrono::Days::new(1)), None, 10).unwrap().games[0].due, 0);
    // Two cards: one answered right every time it is due, one wrong first. The others are never answered.
    let (a, b) = (review.due[0].hand, review.due[1].hand);
    let key = |hand: i64| DrillKey { table: "jacks-or-better".into(), from: DrillFrom::Mistakes { hand } };
    let hold_of = |game: &Game, hand: i64, right: bool| {
        let stored = game.history(1, Some(hand + 1)).unwrap().remove(0);
        if right { stored.best_hold } else { stored.hold.unwrap() }
    };
    let mut plan: Vec<(i64, u32, &[(bool, Option<u32>)])> = vec![(a, 1, &ALL_RIGHT), (b, 1, &WRONG_FIRST)];
    let others = queued.len() as u64 - 2;
    for today in 1..=40u32 {
        // The due list on each day is exactly the documented one (and the never-answered others).
        let review = game.review(crate::common::d(day(today)), None, 500).unwrap();
        let due: Vec<i64> = review.due.iter().map(|c| c.hand).filter(|&h| h == a || h == b).collect();
        let mut expected: Vec<i64> = plan.iter().filter(|(_, due, steps)| !steps.is_empty() && *due <= today).map(|&(h, _, _)| h).collect();
        expected.sort();
        let mut got = due.clone();
        got.sort();
        assert_eq!(got, expected, "day {today}");
        let total = review.games.first().map_or(0, |g| g.due);
        assert_eq!(total, others + expected.len() as u64, "the lobby's count on day {today}");
        for (hand, due, steps) in plan.iter_mut() {
            if steps.is_empty() || *due != today {
                continue;
            }
            let (right, next) = steps[0];
            let verdict = game.drill_answer(&key(*hand), hold_of(&game, *hand, right), crate::common::d(day(today))).unwrap();
            assert_eq!(verdict.correct, right);
            assert_eq!(verdict.left_queue, next.is_none(), "hand {hand} on day {today}");
            assert_eq!(verdict.next_due, next.map(day), "hand {hand} answered on day {today}");
            *steps = &steps[1..];
            if let Some(next) = next {
                *due = next;
            }
        }
    }
    assert!(plan.iter().all(|(_, _, steps)| steps.is_empty()), "both schedules ran to their end");
    assert_eq!(game.mistakes(None, 500).unwrap().len(), queued.len() - 2);
    // Answering a hand that is no longer queued is refused and changes nothing.
    assert_eq!(game.drill_answer(&key(a), hold_of(&game, a, true), crate::common::d(day(40))).unwrap_err().kind(), "unknown-hand");
    // The drill's mistakes source offers only what is due: nothing before day 1.
    assert!(game.drill_next(&crate::common::t("jacks-or-better"), DrillSource::Mistakes, seed(0), crate::common::d(day(1) - chrono::Days::new(1))).unwrap().is_none());
    let next = game.drill_next(&crate::common::t("jacks-or-better"), DrillSource::Mistakes, seed(0), crate::common::d(day(40))).unwrap().unwrap();
    assert_eq!((next.queue, next.due), (others, others));
    // Hard decisions are counted apart and need no queue.
    let hard = game.drill_next(&crate::common::t("jacks-or-better"), DrillSource::Hard, seed(5), crate::common::d(day(40))).unwrap().unwrap();
    assert_eq!(hard.key.from, DrillFrom::Hard { seed: seed(5) });
    let verdict = game.drill_answer(&hard.key, Hold::NONE, crate::common::d(day(40))).unwrap();
    assert_eq!((verdict.tally.answered, verdict.next_due), (1, None));
    assert_eq!(verdict.holds.len(), 32);
    let tallies = game.drill_tallies(&crate::common::t("jacks-or-better")).unwrap();
    assert_eq!((tallies.hard.answered, tallies.mistakes.answered), (1, 8));
    // A queued hand is answered on its own table only.
    let elsewhere = DrillKey { table: "bonus-poker".into(), from: next.key.from };
    assert_eq!(game.drill_answer(&elsewhere, Hold::NONE, crate::common::d(day(40))).unwrap_err().kind(), "unknown-hand");
    assert!(game.audit().unwrap().ok);
}

/// The schedule itself: the same answers on the same dates give the same dates; a date before the
/// last answer counts as the last answer's; every right-only run leaves within a few answers.
#[test]
fn the_schedule_is_a_pure_function_of_answers_and_dates() {
    use vpoker::game::{ReviewSchedule, RETIRE_AFTER_DAYS};
    let d1 = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
    let replay = |answers: &[bool]| {
        let mut card = ReviewSchedule::new(d1);
        let mut dates = vec![];
        for &right in answers {
            match card.answered(right, card.due) {
                Some(next) => {
                    dates.push(Some(next.due));
                    card = next;
                }
                None => {
                    dates.push(None);
                    break;
                }
            }
        }
        dates
    };
    let plus = |n: u64| Some(d1 + chrono::Days::new(n));
    assert_eq!(replay(&[true, true, true]), [plus(3), plus(14), None]);
    assert_eq!(replay(&[false, true, true, true, true]), [plus(1), plus(4), plus(12), plus(34), None]);
    assert_eq!(replay(&[true, false, true, true, true]), replay(&[true, false, true, true, true]));
    let once = ReviewSchedule::new(d1).answered(true, d1).unwrap();
    assert_eq!(once.answered(false, d1 - chrono::Days::new(9)), once.answered(false, d1));
    assert!(RETIRE_AFTER_DAYS == 30);
}
