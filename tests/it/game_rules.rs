//! The game's rules through the public `Game` API: bets, levels and unlocks, multi-play, practice,
//! daily chips, settings, hints, history, statistics and the errors' JSON.

use chrono::NaiveDate;
use vpoker::game::Day;
use vpoker::game::rules::{self, level_for_xp, level_start_xp};
use vpoker::game::{DealRequest, Game, GameError, State};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

fn day(d: u32) -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 11, 1).unwrap() + chrono::Days::new(u64::from(d))).unwrap()
}

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    Seed::from_bytes(bytes)
}

fn new_game() -> (tempfile::TempDir, Game) {
    let dir = tempfile::tempdir().unwrap();
    let game = Game::open(&dir.path().join("game.db")).unwrap();
    (dir, game)
}

fn req(machine: MachineId, bet: u32, hands: u8) -> DealRequest {
    DealRequest::machine(machine, rules::Bet::new(bet).unwrap(), rules::Lines::new(hands).unwrap(), false)
}

/// Plays one hand with the best hold; returns the state after the draw.
fn play(game: &mut Game, request: DealRequest, n: u64, today: NaiveDate) -> Result<State, GameError> {
    let state = game.deal(request.clone(), seed(n), crate::common::m(today))?;
    let best = state.hand.expect("a hand after a deal").best_hold;
    game.draw(best, crate::common::m(today))
}

#[test]
fn level_formula_matches_the_issue() {
    assert_eq!(level_start_xp(1), 0);
    assert_eq!(level_start_xp(2), 200);
    assert_eq!(level_start_xp(3), 600);
    assert_eq!(level_start_xp(8), 5_600);
    assert_eq!(level_start_xp(10), 9_000);
    assert_eq!(level_start_xp(15), 21_000);
    for level in 1..500u32 {
        let at = level_start_xp(level);
        assert_eq!(level_for_xp(at), level, "exactly at level {level}");
        if at > 0 {
            assert_eq!(level_for_xp(at - 1), level - 1, "just below level {level}");
        }
    }
    assert!(level_for_xp(u64::MAX / 4) > 1000);
}

#[test]
fn next_unlock_walks_the_unlocks_in_order() {
    let at = |xp| rules::next_unlock(xp).map(|u| (u.level, u.kind, u.machine, u.lines, u.xp_needed));
    assert_eq!(at(0), Some((3, "machine", Some(MachineId::DeucesWild), None, 600)));
    assert_eq!(at(600), Some((8, "machine", Some(MachineId::BonusPoker), None, 5_000)));
    assert_eq!(at(5_600), Some((10, "multi-play", None, None, 3_400)));
    assert_eq!(at(9_000), Some((12, "lines", None, Some(10), 4_200)));
    assert_eq!(at(13_200), Some((15, "machine", Some(MachineId::DoubleBonus), None, 7_800)));
    assert_eq!(at(21_000), Some((17, "lines", None, Some(50), 6_200)));
    assert_eq!(at(27_200), Some((18, "machine", Some(MachineId::JokerPoker), None, 3_400)));
    assert_eq!(at(30_600), Some((20, "lines", None, Some(100), 7_400)));
    assert_eq!(at(38_000), None);
}

#[test]
fn a_new_game_starts_with_1000_chips_at_level_1() {
    let (_dir, game) = new_game();
    let state = game.state(day(0)).unwrap();
    assert_eq!(state.chips, 1_000);
    assert_eq!(state.level, 1);
    assert_eq!(state.xp, 0);
    assert_eq!(state.unlocked, vec![MachineId::JacksOrBetter]);
    assert!(!state.multi_play);
    assert!(state.hand.is_none() && state.last_hand.is_none());
    assert!(state.daily.available);
    assert_eq!(state.bets, [5, 10, 20, 50]);
    assert_eq!(state.machines.len(), 5);
    assert_eq!(state.machines[0].paytable[0].pay, 800);
    assert!(state.settings.kind_deals, "kind deals are on by default, as in the free-chip game this one is modelled on");
    let json = serde_json::to_value(&state).unwrap();
    for key in ["chips", "level", "xp", "unlocked", "next_unlock", "daily", "hand", "last_hand", "machines", "events"] {
        assert!(json.get(key).is_some(), "state JSON has {key}");
    }
    assert_eq!(json["daily"]["available"], true);
    assert_eq!(json["next_unlock"]["machine"], "deuces-wild");
}

#[test]
fn bets_and_hands_are_validated_before_anything_changes() {
    let (_dir, mut game) = new_game();
    let before = game.state(day(0)).unwrap();
    let refuse = |game: &mut Game, request: DealRequest| game.deal(request.clone(), seed(1), day(0)).unwrap_err();
    // A bet or a count is a checked type, refused where it enters (never clamped).
    assert_eq!(rules::Bet::new(7).unwrap_err().kind(), "invalid-bet");
    assert_eq!(rules::Bet::new(0).unwrap_err(), GameError::InvalidBet { bet: 0, bets: vec![5, 10, 20, 50] });
    assert_eq!(rules::Lines::new(2).unwrap_err(), GameError::InvalidHands { hands: 2 });
    for bet in rules::BETS {
        assert_eq!(rules::Bet::new(bet).unwrap().chips(), bet);
    }
    assert_eq!(serde_json::from_str::<rules::Bet>("20").unwrap(), rules::Bet::new(20).unwrap());
    assert!(serde_json::from_str::<rules::Bet>("7").is_err());
    assert_eq!(serde_json::to_string(&rules::Lines::new(5).unwrap()).unwrap(), "5");
    assert_eq!(refuse(&mut game, req(MachineId::JacksOrBetter, 5, 3)).kind(), "multi-play-locked");
    let locked = refuse(&mut game, req(MachineId::DoubleBonus, 5, 1));
    assert_eq!(locked, GameError::MachineLocked { machine: MachineId::DoubleBonus, unlock_level: 15, level: 1 });
    assert_eq!(game.draw(Hold::ALL, day(0)).unwrap_err(), GameError::NoHandInProgress);
    assert_eq!(game.hint().unwrap_err(), GameError::NoHandInProgress);
    assert_eq!(game.state(day(0)).unwrap(), before);
}

#[test]
fn a_deal_takes_the_bet_once_and_a_second_deal_is_refused() {
    let (_dir, mut game) = new_game();
    let state = game.deal(req(MachineId::JacksOrBetter, 50, 1), seed(3), day(0)).unwrap();
    assert_eq!(state.chips, 950);
    assert_eq!(state.xp, 50);
    let hand = state.hand.clone().unwrap();
    assert_eq!(hand.bet, 50);
    assert_eq!(state.last_bet.get("jacks-or-better").map(|bet| bet.chips()), Some(50));
    let again = game.deal(req(MachineId::JacksOrBetter, 5, 1), seed(4), day(0)).unwrap_err();
    assert_eq!(again, GameError::HandInProgress { hand_id: hand.id });
    assert_eq!(game.state(day(0)).unwrap(), state);
    let after = game.draw(hand.best_hold, day(0)).unwrap();
    let last = after.last_hand.unwrap();
    assert_eq!(after.chips, 950 + last.payout.unwrap());
    assert_eq!(last.results.len(), 1);
    assert_eq!(last.won, Some(last.results[0].win));
    assert_eq!(last.ev_given_up, Some(0.0));
}

#[test]
fn a_win_pays_bet_times_the_per_coin_value() {
    let (_dir, mut game) = new_game();
    let mut wins = 0;
    for n in 0..300 {
        let state = play(&mut game, req(MachineId::JacksOrBetter, 10, 1), n, day(0).date()).unwrap();
        let last = state.last_hand.unwrap();
        let table = MachineId::JacksOrBetter.paytable();
        for result in &last.results {
            assert_eq!(result.win, 10 * u64::from(table.pay(&result.cards)));
            assert_eq!(result.outcome, table.outcome_id(&result.cards));
            wins += u64::from(result.win > 0);
        }
        if state.chips < 100 {
            break;
        }
    }
    assert!(wins > 30, "about 45% of hands win something with optimal play, got {wins}");
    assert!(game.audit().unwrap().ok);
}

#[test]
fn practice_hands_move_no_chips_and_no_xp_and_are_never_nudged() {
    let (_dir, mut game) = new_game();
    let practice = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(50).unwrap(), vpoker::game::Lines::new(1).unwrap(), true);
    for n in 0..60 {
        let state = game.deal(practice.clone(), seed(n), day(0)).unwrap();
        assert_eq!(state.chips, 1_000);
        assert!(!state.hand.as_ref().unwrap().nudged);
        let state = game.draw(Hold::NONE, day(0)).unwrap();
        assert_eq!((state.chips, state.xp), (1_000, 0));
        let last = state.last_hand.unwrap();
        assert!(last.practice && last.nudge.is_none() && last.situation.is_none());
        assert_eq!(last.payout, Some(0));
    }
    let stats = game.stats().unwrap();
    assert_eq!(stats.practice[0].figures.deals, 60);
    assert_eq!(stats.real[0].figures.deals, 0);
    assert!(game.audit().unwrap().ok);
}

#[test]
fn practice_needs_no_chips_but_real_hands_do() {
    let (_dir, mut game) = new_game();
    // Bet everything away at 50 a hand, then check the refusal carries the numbers.
    let mut n = 0;
    loop {
        let chips = game.state(day(0)).unwrap().chips;
        if chips < 50 {
            let error = game.deal(req(MachineId::JacksOrBetter, 50, 1), seed(n), day(0)).unwrap_err();
            assert_eq!(error, GameError::InsufficientChips { needed: 50, available: chips });
            let json = serde_json::to_value(&error).unwrap();
            assert_eq!(json["kind"], "insufficient-chips");
            assert_eq!(json["needed"], 50);
            break;
        }
        game.deal(req(MachineId::JacksOrBetter, 50, 1), seed(n), day(0)).unwrap();
        game.draw(Hold::NONE, day(0)).unwrap(); // Throwing everything away loses fast.
        n += 1;
    }
    let practice = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(50).unwrap(), vpoker::game::Lines::new(1).unwrap(), true);
    assert!(game.deal(practice.clone(), seed(n), day(0)).is_ok());
}

#[test]
fn levels_unlock_machines_and_multi_play_with_events() {
    let (_dir, mut game) = new_game();
    let mut seen_events: Vec<String> = Vec::new();
    let mut n = 0u64;
    let mut today = 0;
    // Bet 50 a hand until level 20, collecting daily chips on new days when short.
    while game.state(day(today)).unwrap().level < 20 {
        let state = game.state(day(today)).unwrap();
        if state.chips < 250 {
            today += 1;
            game.claim_daily(day(today)).unwrap();
            continue;
        }
        let machine = *state.unlocked.last().unwrap();
        let hands = if state.multi_play { 5 } else { 1 };
        // The next line count up is refused until its level, by name.
        if let Some(next) = state.lines.iter().find(|l| !l.unlocked) {
            let refused = game.deal(req(machine, 5, next.count), seed(n), day(today)).unwrap_err();
            assert_eq!(refused, GameError::MultiPlayLocked { hands: next.count, unlock_level: next.unlock_level, level: state.level });
        }
        let dealt = game.deal(req(machine, 50, hands), seed(n), day(today)).unwrap();
        assert_eq!(dealt.chips, state.chips - 50 * u64::from(hands));
        assert_eq!(dealt.xp, state.xp + 50 * u64::from(hands));
        if dealt.level > state.level {
            assert!(dealt.events.contains(&"level-up".to_string()));
        }
        seen_events.extend(dealt.events.iter().cloned());
        let best = dealt.hand.unwrap().best_hold;
        let drawn = game.draw(best, day(today)).unwrap();
        assert_eq!(drawn.last_hand.as_ref().unwrap().results.len(), usize::from(hands));
        n += 1;
    }
    let events = ["unlocked:deuces-wild", "unlocked:bonus-poker", "unlocked:multi-play", "unlocked:lines-10", "unlocked:double-bonus"];
    for event in events.into_iter().chain(["unlocked:lines-50", "unlocked:joker-poker", "unlocked:lines-100"]) {
        assert_eq!(seen_events.iter().filter(|e| *e == event).count(), 1, "{event} announced once");
    }
    let state = game.state(day(today)).unwrap();
    assert_eq!(state.unlocked, MachineId::ALL.to_vec());
    assert!(state.multi_play && state.next_unlock.is_none());
    assert!(state.lines.iter().all(|l| l.unlocked), "{:?}", state.lines);
    assert_eq!(state.lines.iter().map(|l| (l.count, l.unlock_level)).collect::<Vec<_>>(), [(1, 1), (3, 10), (5, 10), (10, 12), (50, 17), (100, 20)]);
    assert_eq!(game.state(day(today)).unwrap().events, Vec::<String>::new());
    let audit = game.audit().unwrap();
    assert!(audit.ok, "{audit:?}");
    assert_eq!(audit.xp, audit.bets);
}

#[test]
fn multi_play_hands_share_the_hold_and_draw_from_their_own_decks() {
    let (_dir, mut game) = new_game();
    let mut today = 0;
    let mut n = 0;
    while game.state(day(today)).unwrap().level < 10 {
        if game.state(day(today)).unwrap().chips < 100 {
            today += 1;
            game.claim_daily(day(today)).unwrap();
            continue;
        }
        play(&mut game, req(MachineId::JacksOrBetter, 50, 1), n, day(today).date()).unwrap();
        n += 1;
    }
    while game.state(day(today)).unwrap().chips < 100 {
        today += 1;
        game.claim_daily(day(today)).unwrap();
    }
    let hold = Hold::from_mask(0b00011).unwrap();
    let dealt = game.deal(req(MachineId::JacksOrBetter, 10, 5), seed(999), day(today)).unwrap();
    let cards = dealt.hand.unwrap().cards;
    let last = game.draw(hold, day(today)).unwrap().last_hand.unwrap();
    assert_eq!(last.results.len(), 5);
    for result in &last.results {
        assert_eq!(result.cards[..2], cards[..2], "held cards stay in place in every hand");
        assert_eq!(result.drawn.len(), 3);
        for card in &result.drawn {
            assert!(!cards.contains(card), "replacements come from the 47 undealt cards");
        }
    }
    let distinct: std::collections::HashSet<_> = last.results.iter().map(|r| r.drawn.clone()).collect();
    assert!(distinct.len() > 1, "each extra hand has its own shuffle");
    assert_eq!(last.cost, 50);
    assert!(game.audit().unwrap().ok);
}

#[test]
fn a_clock_wrong_once_costs_nothing_once_it_is_right_again() {
    let (_dir, mut game) = new_game();
    game.claim_daily(day(10)).unwrap();
    // For a minute the phone says 9999-12-31.
    let far = NaiveDate::from_ymd_opt(9999, 12, 31).unwrap();
    assert_eq!(game.claim_daily(crate::common::d(far)).unwrap().chips, 1_400);
    // Put right: the next day pays as it always would, the streak goes on from the day before.
    let state = game.claim_daily(day(11)).unwrap();
    assert_eq!((state.chips, state.daily.streak), (1_600, 2));
    assert_eq!(state.daily.last_claimed, Some(far));
    assert!(game.state(day(12)).unwrap().daily.available);
    assert_eq!(game.claim_daily(crate::common::d(far)).unwrap_err(), GameError::DailyAlreadyClaimed { day: far });
    assert!(game.audit().unwrap().ok);
}

/// Any sequence of clock changes: a claim pays exactly when its date was never paid, and the chips
/// collected are 200 per distinct date (checked on 400 pseudo-random dates, repeats and jumps included).
#[test]
fn no_sequence_of_clock_changes_pays_a_date_twice() {
    let (_dir, mut game) = new_game();
    let mut paid = std::collections::BTreeSet::new();
    let mut x = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..400 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let date = day((x % 40) as u32);
        let claimed = game.claim_daily(date);
        assert_eq!(claimed.is_ok(), paid.insert(date), "{date}");
        if let Err(error) = claimed {
            assert_eq!(error, GameError::DailyAlreadyClaimed { day: date.date() });
        }
    }
    assert_eq!(game.state(day(0)).unwrap().chips, 1_000 + 200 * paid.len() as u64);
    // Every stored streak is the one rule's, whatever the order the dates were claimed in.
    let audit = game.audit().unwrap();
    assert!(audit.ok, "{audit:?}");
    let dates: Vec<NaiveDate> = paid.iter().map(|day| day.date()).collect();
    let runs = vpoker::game::rules::streaks(&dates);
    for (date, run) in dates.iter().zip(runs) {
        let state = game.state(crate::common::d(*date)).unwrap();
        assert_eq!(state.daily.streak, run, "{date}");
    }
}

/// The one streak rule checked by the audit: a claim's stored streak edited by hand is a problem.
#[test]
fn a_claim_streak_that_is_not_the_run_of_claimed_dates_fails_the_audit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    for d in [3, 4, 5] {
        game.claim_daily(day(d)).unwrap();
    }
    drop(game);
    rusqlite::Connection::open(&path).unwrap().execute("UPDATE daily_claims SET streak = 7 WHERE streak = 3", []).unwrap();
    let audit = Game::open(&path).unwrap().audit().unwrap();
    assert!(!audit.ok && audit.problems.iter().any(|p| p.contains("streak 7") && p.contains("is 3")), "{audit:?}");
}

#[test]
fn daily_chips_once_per_date_ever_and_streaks() {
    let (_dir, mut game) = new_game();
    let state = game.claim_daily(day(10)).unwrap();
    assert_eq!(state.chips, 1_200);
    assert_eq!((state.daily.streak, state.daily.available, state.daily.claimed_today), (1, false, true));
    assert!(state.events.contains(&"daily-claimed".to_string()));
    assert_eq!(game.claim_daily(day(10)).unwrap_err(), GameError::DailyAlreadyClaimed { day: day(10).date() });
    // A date before the latest claim is a date like any other: paid once, and by the one streak
    // rule (today's deals keep theirs by it too) it joins the run of the claimed dates after it.
    assert!(game.state(day(9)).unwrap().daily.available);
    assert_eq!(game.claim_daily(day(9)).unwrap().daily.streak, 1);
    assert_eq!(game.claim_daily(day(9)).unwrap_err(), GameError::DailyAlreadyClaimed { day: day(9).date() });
    assert_eq!(game.state(day(10)).unwrap().daily.streak, 2, "day 10's run now starts on day 9");
    assert_eq!(game.claim_daily(day(11)).unwrap().daily.streak, 3);
    assert_eq!(game.claim_daily(day(12)).unwrap().daily.streak, 4);
    // The streak shows while it can still continue, and is 0 once a day was missed.
    assert_eq!(game.state(day(13)).unwrap().daily.streak, 4);
    assert_eq!(game.state(day(14)).unwrap().daily.streak, 0);
    let state = game.claim_daily(day(14)).unwrap();
    assert_eq!(state.daily.streak, 1);
    assert_eq!(state.chips, 1_000 + 5 * 200, "the amount stays 200 whatever the streak");
    let audit = game.audit().unwrap();
    assert!(audit.ok);
    assert_eq!(audit.daily, 1_000);
}

#[test]
fn settings_are_validated_and_stored() {
    let (dir, mut game) = new_game();
    assert!(!game.set_setting("kind-deals", "off").unwrap().kind_deals);
    game.set_setting("animation", "fast").unwrap();
    game.set_setting("language", "ja").unwrap();
    game.set_setting("hints", "off").unwrap();
    game.set_setting("mistake-warnings", "off").unwrap();
    game.set_setting("sound", "off").unwrap();
    assert!(game.state(day(0)).unwrap().settings.haptics, "haptics are on by default");
    assert!(!game.set_setting("haptics", "off").unwrap().haptics);
    let before = game.state(day(0)).unwrap();
    for (key, value) in
        [("kind-deals", "maybe"), ("animation", "slow"), ("language", "fr"), ("volume", "on"), ("Sound", "on"), ("haptics", "weak")]
    {
        let error = game.set_setting(key, value).unwrap_err();
        assert_eq!(error.kind(), "invalid-setting", "{key}={value}");
    }
    assert_eq!(game.state(day(0)).unwrap(), before);
    drop(game);
    let game = Game::open(&dir.path().join("game.db")).unwrap();
    let settings = game.state(day(0)).unwrap().settings;
    assert!(!settings.kind_deals && !settings.hints && !settings.mistake_warnings && !settings.sound && !settings.haptics);
    assert_eq!((settings.animation.as_str(), settings.language.as_str()), ("fast", "ja"));
}

#[test]
fn hint_lists_all_32_holds_best_first_and_matches_the_solver() {
    let (_dir, mut game) = new_game();
    let state = game.deal(req(MachineId::JacksOrBetter, 5, 1), seed(11), day(0)).unwrap();
    let hand = state.hand.unwrap();
    let hint = game.hint().unwrap();
    assert_eq!(hint.holds.len(), 32);
    assert_eq!(hint.cards, hand.cards);
    assert_eq!(hint.best_hold, hand.best_hold);
    assert_eq!(hint.holds[0].hold, hint.best_hold);
    assert!(hint.holds.windows(2).all(|w| w[0].ev >= w[1].ev - 1e-12));
    let evs = vpoker::strategy::hand_evs(MachineId::JacksOrBetter, &hand.cards);
    assert_eq!(evs.best(), hint.best_hold);
    for hold in &hint.holds {
        assert!((evs.ev(hold.hold) - hold.ev).abs() < 1e-12);
    }
    // A worse hold records the EV given up.
    let worst = hint.holds[31].hold;
    let last = game.draw(worst, day(0)).unwrap().last_hand.unwrap();
    let given_up = last.ev_given_up.unwrap();
    assert!((given_up - (hint.best_ev - hint.holds[31].ev)).abs() < 1e-12);
    let stats = game.stats().unwrap();
    assert_eq!(stats.real[0].figures.best_holds, u64::from(given_up < 1e-9));
}

#[test]
fn history_is_newest_first_with_everything_needed_to_replay() {
    let (_dir, mut game) = new_game();
    for n in 0..5 {
        play(&mut game, req(MachineId::JacksOrBetter, 5, 1), 100 + n, day(0).date()).unwrap();
    }
    game.deal(req(MachineId::JacksOrBetter, 5, 1), seed(7), day(0)).unwrap();
    let history = game.history(3, None).unwrap();
    assert_eq!(history.len(), 3);
    assert!(history[0].id > history[1].id && history[1].id > history[2].id);
    assert!(history.iter().all(|h| h.drawn), "the hand in progress is not history yet");
    for hand in &history {
        let replay = vpoker::pipeline::Deal::deal(&hand.seed, &hand.table, hand.hands, vpoker::pipeline::NudgeSource::Disclosed(hand.nudge.is_some()));
        assert_eq!(replay.dealt(), hand.dealt);
        assert_eq!(replay.final_hands(hand.hold.unwrap())[0], hand.results[0].cards);
    }
    assert_eq!(game.history(100, None).unwrap().len(), 5);
    let json = serde_json::to_value(&history[0]).unwrap();
    for key in [
        "id",
        "day",
        "machine",
        "bet",
        "hands",
        "seed",
        "dealt",
        "nudge",
        "hold",
        "results",
        "payout",
        "best_hold",
        "ev_given_up",
    ] {
        assert!(json.get(key).is_some(), "history JSON has {key}");
    }
}

#[test]
fn history_pages_hold_at_most_500_hands_and_a_larger_limit_is_refused_with_its_data() {
    assert_eq!(rules::HISTORY_PAGE_MAX, 500);
    let (_dir, mut game) = new_game();
    let practice = DealRequest { practice: true, ..req(MachineId::JacksOrBetter, 5, 1) };
    let seeds: Vec<Seed> = (0..501).map(|n| seed(9_000 + n)).collect();
    assert_eq!(game.play_best_batch(practice.clone(), &seeds, day(0)).unwrap(), 501);
    let page = game.history(500, None).unwrap();
    assert_eq!(page.len(), 500, "a page of the most allowed");
    let older = game.history(500, Some(page[499].id)).unwrap();
    assert_eq!(older.len(), 1, "the 501st hand is on the next page");
    let refused = game.history(501, None).unwrap_err();
    assert_eq!(refused, GameError::HistoryLimit { limit: 501, max: 500 });
    assert_eq!(refused.kind(), "history-limit");
    let json = serde_json::to_value(&refused).unwrap();
    assert_eq!((json["limit"].as_u64(), json["max"].as_u64()), (Some(501), Some(500)));
    assert!(json["message"].as_str().unwrap().contains("500"), "{json}");
    assert_eq!(game.history(u32::MAX, Some(10)).unwrap_err(), GameError::HistoryLimit { limit: u32::MAX, max: 500 });
    // Refused before anything is read: the state is as it was.
    assert_eq!(game.state(day(0)).unwrap().chips, rules::START_CHIPS);
}

#[test]
fn errors_serialise_with_kind_message_and_data() {
    let error = GameError::MachineLocked { machine: MachineId::BonusPoker, unlock_level: 8, level: 2 };
    let json = serde_json::to_value(&error).unwrap();
    assert_eq!(json["kind"], "machine-locked");
    assert_eq!(json["unlock_level"], 8);
    assert_eq!(json["machine"], "bonus-poker");
    assert!(json["message"].as_str().unwrap().contains("level 8"));
    let ids = [
        GameError::InsufficientChips { needed: 1, available: 0 }.kind(),
        vpoker::game::rules::invalid_bet(1).kind(),
        GameError::MultiPlayLocked { hands: 3, unlock_level: 10, level: 1 }.kind(),
        GameError::HandInProgress { hand_id: 1 }.kind(),
        GameError::NoHandInProgress.kind(),
        GameError::HistoryLimit { limit: 501, max: 500 }.kind(),
        GameError::InvalidHold { hold: "x".into() }.kind(),
        GameError::DailyAlreadyClaimed { day: day(0).date() }.kind(),
        GameError::CorruptDatabase { path: "x".into(), detail: String::new() }.kind(),
        GameError::NewerDatabase { path: "x".into(), found: 2, supported: 1 }.kind(),
        GameError::Storage { path: "x".into(), detail: String::new() }.kind(),
    ];
    assert_eq!(
        ids,
        [
            "insufficient-chips",
            "invalid-bet",
            "multi-play-locked",
            "hand-in-progress",
            "no-hand-in-progress",
            "history-limit",
            "invalid-hold",
            "daily-already-claimed",
            "corrupt-database",
            "newer-database",
            "storage"
        ]
    );
    let from_text: GameError = "99".parse::<Hold>().unwrap_err().into();
    assert_eq!(from_text.kind(), "invalid-hold");
}

#[test]
fn public_game_types_are_send() {
    fn is_send<T: Send>() {}
    is_send::<Game>();
    is_send::<std::sync::Mutex<Option<Game>>>();
    is_send::<GameError>();
    is_send::<State>();
}

#[test]
fn a_date_is_taken_only_as_the_game_writes_it() {
    let date = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
    assert_eq!(Day::parse("2026-12-08").map(Day::date), Ok(date(2026, 12, 8)));
    assert_eq!(Day::parse("0001-01-01").map(Day::date), Ok(date(1, 1, 1)));
    assert_eq!(Day::parse("9999-12-31").map(Day::date), Ok(date(9999, 12, 31)));
    for text in ["2026-2-3", "2026-12-7", " 2026-12-08", "2026-12-08 ", "+2026-12-08", "2026-02-30", "2026-13-01", "26-12-08", "2026/12/08", "", "20261208", "0000-12-31", "+10000-01-01"] {
        assert_eq!(Day::parse(text).map_err(|e| e.kind()), Err("invalid-day"), "{text:?}");
    }
    // A clock outside the days a file can keep is refused where it enters, never stored.
    for outside in [date(0, 12, 31), date(10000, 1, 1), date(-5, 1, 1)] {
        assert_eq!(Day::new(outside), Err(GameError::InvalidDay { day: outside.to_string() }));
        assert!(Day::moment(outside.and_hms_opt(12, 0, 0).unwrap()).is_err());
    }
    assert_eq!(Day::new(date(9999, 12, 31)).unwrap().next(), None, "no day after the last one kept");
    // Written and read as the game writes a date.
    let day = Day::new(date(2026, 12, 8)).unwrap();
    assert_eq!(serde_json::to_string(&day).unwrap(), "\"2026-12-08\"");
    assert_eq!(serde_json::from_str::<Day>("\"2026-12-08\"").unwrap(), day);
    assert!(serde_json::from_str::<Day>("\"2026-12-8\"").is_err());
}

/// A remembered bet the game does not take is found by the audit (it used to pass it, and then every
/// state read answered corrupt-database).
#[test]
fn a_remembered_bet_the_game_does_not_take_fails_the_audit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    play(&mut game, req(MachineId::JacksOrBetter, 10, 1), 1, day(1).date()).unwrap();
    assert!(game.audit().unwrap().ok);
    drop(game);
    for damage in ["UPDATE machine_prefs SET last_bet = 7", "UPDATE machine_prefs SET last_hands = 2", "UPDATE machine_prefs SET machine = 'joker'"] {
        let copy = dir.path().join("copy.db");
        std::fs::copy(&path, &copy).unwrap();
        rusqlite::Connection::open(&copy).unwrap().execute_batch(damage).unwrap();
        let audit = Game::open(&copy).unwrap().audit().unwrap();
        assert!(!audit.ok && audit.problems.iter().any(|p| p.contains("remembered bet")), "{damage}: {audit:?}");
        std::fs::remove_file(&copy).unwrap();
    }
}

/// A review-queue row must name a drawn hand of the history on its machine, with dates that are
/// days of the calendar; the audit finds one that does not (a row for a missing hand used to pass
/// it, then `mistakes` answered unknown-hand; a due day of i64::MAX passed it, then every read of
/// the queue answered corrupt while `reset-corrupt` refused a file the audit called healthy).
#[test]
fn a_review_row_for_no_such_hand_fails_the_audit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    for n in 0..8 {
        game.deal(req(MachineId::JacksOrBetter, 5, 1), seed(700 + n), day(1)).unwrap();
        game.draw(Hold::NONE, day(1)).unwrap();
    }
    assert!(!game.mistakes(None, 10).unwrap().is_empty(), "throwing every hand away queued a mistake");
    assert!(game.audit().unwrap().ok);
    drop(game);
    for (damage, words) in [
        (
            "INSERT INTO review (hand_id, tbl, due, last_review, reps, lapses, stability, difficulty) VALUES (9999, 0, 739000, NULL, 0, 0, 0, 0)",
            "not in the history",
        ),
        ("UPDATE review SET tbl = 1", "not the table it was dealt on"),
        // A date outside the calendar would make every read of the queue corrupt for good.
        ("UPDATE review SET due = 9223372036854775807", "not a date"),
        ("UPDATE review SET due = -9223372036854775808", "not a date"),
        ("UPDATE review SET due = 0", "not a date"),
        ("UPDATE review SET last_review = 9223372036854775807, reps = 1", "not a date"),
    ] {
        let copy = dir.path().join("copy.db");
        std::fs::copy(&path, &copy).unwrap();
        rusqlite::Connection::open(&copy).unwrap().execute_batch(damage).unwrap();
        let audit = Game::open(&copy).unwrap().audit().unwrap();
        assert!(!audit.ok && audit.problems.iter().any(|p| p.contains(words)), "{damage}: {audit:?}");
        std::fs::remove_file(&copy).unwrap();
    }
}

/// A stored day is a date from 0001-01-01 (day 1) to 9999-12-31: a claim stored as day 0 (which
/// chrono would print 0000-12-31) or past 9999 refuses the file in every judge that reads claims (it
/// passed the audit and `verify --all`).
#[test]
fn a_claim_on_a_day_before_the_first_or_past_9999_refuses_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    game.claim_daily(day(1)).unwrap();
    assert!(game.audit().unwrap().ok);
    assert!(game.check_history(&|_, _| {}, &std::sync::atomic::AtomicBool::new(false)).unwrap().verified);
    drop(game);
    for stored in [0i64, -1, 3_652_059, 3_652_060, 3_652_062] {
        let copy = dir.path().join("copy.db");
        std::fs::copy(&path, &copy).unwrap();
        rusqlite::Connection::open(&copy).unwrap().execute("UPDATE daily_claims SET day = ?1", [stored]).unwrap();
        let judged = Game::open(&copy).and_then(|game| {
            let audit = game.audit()?;
            let history = game.check_history(&|_, _| {}, &std::sync::atomic::AtomicBool::new(false))?;
            Ok((audit.ok, history.verified))
        });
        match (stored, judged) {
            // 3,652,059 is 9999-12-31, the last day: a date, and the file is read (the audit says
            // that the ledger's daily row is dated otherwise; the history's chain names the claim by
            // the day it was made, so the whole history's check finds a record naming no claim).
            (3_652_059, Ok((_, false))) => {}
            (_, Err(error)) => assert_eq!(error.kind(), "corrupt-database", "day {stored}: {error}"),
            (_, Ok(figures)) => panic!("day {stored} judged {figures:?}"),
        }
        std::fs::remove_file(&copy).unwrap();
    }
}

/// A refused value is repeated whole only when short: a 100 KB argument comes back as its first 64
/// characters and its length, once in the message and once in the data (it came back whole, twice).
#[test]
fn a_long_refused_value_is_not_sent_back_whole() {
    let long = "x".repeat(100_000);
    for error in [
        GameError::InvalidMachine { machine: long.clone() },
        GameError::InvalidHold { hold: long.clone() },
        GameError::UnknownTable { table: long.clone() },
        GameError::InvalidSetting { key: "sound".into(), value: long.clone(), expected: "on|off".into() },
    ] {
        let json = serde_json::to_string(&error).unwrap();
        assert!(json.len() < 600, "{} bytes: {json}", json.len());
        assert!(json.contains("(100000 characters)"), "{json}");
    }
    let short = GameError::InvalidMachine { machine: "joker-poker".into() };
    assert!(short.to_string().contains("'joker-poker'"));
    assert_eq!(vpoker::game::error::shown(&"é".repeat(70)), format!("{}… (70 characters)", "é".repeat(64)));
}
