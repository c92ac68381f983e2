//! The warm-up offer: made on a game last played a week or more before today (7 days away, not 6),
//! never on a game never played, hidden for the rest of a date once answered; in the state per
//! machine and for any table by id.

use chrono::{Days, NaiveDate};
use vpoker::game::Day;
use vpoker::game::{warm_up_on, Bet, DealRequest, Game, Lines, WarmUp, WARM_UP_AFTER_DAYS, WARM_UP_DECISIONS};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

fn day(n: u64) -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 11, 1).unwrap() + Days::new(n)).unwrap()
}

fn seed(n: u64) -> Seed {
    format!("{:064x}", 0x3a7_0000 + n).parse().unwrap()
}

/// Plays one hand on `machine` on `date` (`practice` or for chips) and draws it.
fn play(game: &mut Game, machine: MachineId, date: NaiveDate, practice: bool, n: u64) {
    let request = DealRequest::machine(machine, Bet::new(5).unwrap(), Lines::new(1).unwrap(), practice);
    game.deal(request.clone(), seed(n), crate::common::m(date)).unwrap();
    game.draw(Hold::NONE, crate::common::m(date)).unwrap();
}

fn offer_in_state(game: &Game, machine: MachineId, today: NaiveDate) -> Option<WarmUp> {
    game.state(crate::common::d(today)).unwrap().machines.into_iter().find(|m| m.id == machine).unwrap().warm_up
}

#[test]
fn the_rule_offers_at_seven_days_away_not_at_six_never_for_a_game_never_played() {
    assert_eq!((WARM_UP_AFTER_DAYS, WARM_UP_DECISIONS), (7, 5));
    let played = Some(day(0).date());
    assert_eq!(warm_up_on(played, None, day(6).date()), None, "6 days away");
    assert_eq!(warm_up_on(played, None, day(7).date()), Some(WarmUp { last_played: day(0).date(), days_away: 7, decisions: 5 }));
    assert_eq!(warm_up_on(played, None, day(400).date()).map(|w| w.days_away), Some(400));
    assert_eq!(warm_up_on(played, None, day(0).date()), None, "played today");
    assert_eq!(warm_up_on(None, None, day(30).date()), None, "never played: nothing to come back to");
    assert_eq!(warm_up_on(Some(day(9).date()), None, day(1).date()), None, "last played after today: a clock set back");
    // Answered (taken or declined) today: not again today, again the next date.
    assert_eq!(warm_up_on(played, Some(day(7).date()), day(7).date()), None);
    assert_eq!(warm_up_on(played, Some(day(7).date()), day(8).date()).map(|w| w.days_away), Some(8));
    // The clock set back after an answer: the answered offer is not made again on the days before
    // it, up to a week back; an answer a week or more ahead (a clock set ahead once) hides nothing.
    assert_eq!(warm_up_on(played, Some(day(8).date()), day(7).date()), None, "answered tomorrow, the clock set back a day");
    assert_eq!(warm_up_on(played, Some(day(13).date()), day(7).date()), None, "six days ahead");
    assert_eq!(warm_up_on(played, Some(day(14).date()), day(7).date()).map(|w| w.days_away), Some(7), "a week ahead hides nothing");
    assert_eq!(warm_up_on(played, Some(day(400).date()), day(7).date()).map(|w| w.days_away), Some(7), "a clock set far ahead once");
}

#[test]
fn the_state_offers_it_on_the_machine_left_for_a_week_and_an_answer_hides_it_for_the_date() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    // A fresh game: nothing played, nothing offered.
    assert!(game.state(day(30)).unwrap().machines.iter().all(|m| m.warm_up.is_none()));
    play(&mut game, MachineId::JacksOrBetter, day(0).date(), false, 1);
    play(&mut game, MachineId::JacksOrBetter, day(2).date(), true, 2);
    assert_eq!(offer_in_state(&game, MachineId::JacksOrBetter, day(8).date()), None, "6 days after the last hand (a practice hand)");
    let offered = offer_in_state(&game, MachineId::JacksOrBetter, day(9).date());
    assert_eq!(offered, Some(WarmUp { last_played: day(2).date(), days_away: 7, decisions: 5 }));
    assert_eq!(game.warm_up(&crate::common::t("jacks-or-better"), day(9)).unwrap(), offered, "the same offer by id");
    // Deuces Wild is locked and never played; no other machine was played.
    assert!(game.state(day(9)).unwrap().machines.iter().filter(|m| m.id != MachineId::JacksOrBetter).all(|m| m.warm_up.is_none()));
    // Answering it (taking or declining) hides it for that date, in the state it returns.
    let state = game.answer_warm_up(day(9)).unwrap();
    assert!(state.machines.iter().all(|m| m.warm_up.is_none()));
    assert_eq!(state.settings.warm_up_answered, Some(day(9).date()));
    assert_eq!(game.warm_up(&crate::common::t("jacks-or-better"), day(9)).unwrap(), None);
    assert_eq!(offer_in_state(&game, MachineId::JacksOrBetter, day(10).date()).map(|w| w.days_away), Some(8), "the next date again");
    // A hand played ends it: played today.
    play(&mut game, MachineId::JacksOrBetter, day(10).date(), false, 3);
    assert_eq!(offer_in_state(&game, MachineId::JacksOrBetter, day(10).date()), None);
    assert_eq!(offer_in_state(&game, MachineId::JacksOrBetter, day(16).date()), None);
    assert!(offer_in_state(&game, MachineId::JacksOrBetter, day(17).date()).is_some());
    // One hand played with the clock set ahead (day 400) does not silence the offer until then:
    // the last date played on or before today counts.
    play(&mut game, MachineId::JacksOrBetter, day(400).date(), false, 4);
    assert_eq!(offer_in_state(&game, MachineId::JacksOrBetter, day(17).date()).map(|w| w.last_played), Some(day(10).date()));
    assert_eq!(offer_in_state(&game, MachineId::JacksOrBetter, day(402).date()), None, "2 days after the day-400 hand");
}

#[test]
fn any_table_by_id_and_a_refused_date_or_table_in_type() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    assert_eq!(game.warm_up(&crate::common::t("double-double-bonus-9-6"), day(20)).unwrap(), None, "a library table never practised");
    assert_eq!(game.warm_up(&crate::common::t("nope"), day(20)).unwrap_err().kind(), "unknown-table");
    // The setting takes a date and nothing else; `never` is the default.
    assert_eq!(game.settings().unwrap().warm_up_answered, None);
    assert_eq!(game.set_setting("warm-up-answered", "2026-02-30").unwrap_err().kind(), "invalid-setting");
    assert_eq!(game.set_setting("warm-up-answered", "2026-12-5").unwrap_err().kind(), "invalid-setting");
    assert_eq!(game.set_setting("warm-up-answered", "2026-12-05").unwrap().warm_up_answered, NaiveDate::from_ymd_opt(2026, 12, 5));
    assert_eq!(game.set_setting("warm-up-answered", "never").unwrap().warm_up_answered, None);
}

/// Taking the offer starts a warm-up the core counts: each hard drill answer on its table that day
/// is one of its decisions until all are answered (the state's `warm_up_run`, the verdict's
/// `warm_up`); answers elsewhere, of another source or on another date count nothing, and a warm-up
/// taken where none is offered is refused and changes nothing.
#[test]
fn a_taken_warm_up_counts_its_hard_decisions_in_the_core() {
    use vpoker::game::{DrillSource, WarmUpRun};
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    play(&mut game, MachineId::JacksOrBetter, day(0).date(), false, 1);
    play(&mut game, MachineId::JacksOrBetter, day(1).date(), true, 2);
    let today = day(9);
    assert_eq!(game.state(today).unwrap().warm_up_run, None, "none taken");
    // Refused, changing nothing: a game with no offer (never played), an unknown table.
    let before = game.table_counts().unwrap();
    let refused = game.take_warm_up(&crate::common::t("deuces-wild"), today).unwrap_err();
    assert_eq!((refused.kind(), refused.clone()), ("no-warm-up", vpoker::game::GameError::NoWarmUp { table: "deuces-wild".into() }));
    assert_eq!(game.take_warm_up(&crate::common::t("no-such-table"), today).unwrap_err().kind(), "unknown-table");
    assert_eq!(game.table_counts().unwrap(), before);
    assert!(offer_in_state(&game, MachineId::JacksOrBetter, today.date()).is_some(), "a refusal answers no offer");
    let state = game.take_warm_up(&crate::common::t("jacks-or-better"), today).unwrap();
    let run = |answered: u32| WarmUpRun { table: "jacks-or-better".into(), decisions: WARM_UP_DECISIONS, answered, done: answered >= WARM_UP_DECISIONS };
    assert_eq!(state.warm_up_run, Some(run(0)));
    assert!(state.machines.iter().all(|m| m.warm_up.is_none()), "the day's offers are answered");
    assert_eq!(game.take_warm_up(&crate::common::t("jacks-or-better"), today).unwrap_err().kind(), "no-warm-up", "taken once");
    // A hard answer on another table, or a mistakes answer, is none of its decisions.
    let other = game.drill_next(&crate::common::t("deuces-wild"), DrillSource::Hard, seed(50), today).unwrap().unwrap();
    assert_eq!(game.drill_answer(&other.key, Hold::NONE, today).unwrap().warm_up, None);
    for n in 1..=WARM_UP_DECISIONS {
        let question = game.drill_next(&crate::common::t("jacks-or-better"), DrillSource::Hard, seed(100 + u64::from(n)), today).unwrap().unwrap();
        let verdict = game.drill_answer(&question.key, Hold::NONE, today).unwrap();
        assert_eq!(verdict.warm_up, Some(run(n)), "decision {n}");
        assert_eq!(game.state(today).unwrap().warm_up_run, Some(run(n)));
    }
    // Done: more answers count nothing more.
    let question = game.drill_next(&crate::common::t("jacks-or-better"), DrillSource::Hard, seed(200), today).unwrap().unwrap();
    assert_eq!(game.drill_answer(&question.key, Hold::NONE, today).unwrap().warm_up, None);
    assert_eq!(game.state(today).unwrap().warm_up_run, Some(run(WARM_UP_DECISIONS)));
    // The next date: no warm-up under way.
    assert_eq!(game.state(day(10)).unwrap().warm_up_run, None);
    let question = game.drill_next(&crate::common::t("jacks-or-better"), DrillSource::Hard, seed(201), day(10)).unwrap().unwrap();
    assert_eq!(game.drill_answer(&question.key, Hold::NONE, day(10)).unwrap().warm_up, None);
    assert!(game.audit().unwrap().ok);
}
