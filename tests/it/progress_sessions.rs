//! Progress by session (docs/TRAINING.md, "By session", "At your pace"): a game's sessions equal
//! what the history's hands give grouped by session (the 30-minute rule applied here to the times
//! the hands were dealt at), their trend is least squares over the sessions' order, the per-hour
//! figure is the pace times the chips given up per decision, and the derived tables come back from
//! the hands when dropped, and when a row is wrong the audit names it.

use std::collections::BTreeMap;

use chrono::{Duration, NaiveDate, NaiveDateTime};
use vpoker::game::{Bet, DealRequest, Game, HandRecord, Lines, Progress, PER_HOUR_MIN_MINUTES};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

fn seed(n: u64) -> Seed {
    format!("{n:064x}").parse().unwrap()
}

fn at(day: u32, hour: u32, minute: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, day).unwrap().and_hms_opt(hour, minute, 0).unwrap()
}

const LIBRARY: &str = "double-double-bonus-9-5";

/// Five sessions (a gap of 40 minutes or more between them; inside one, a deal every 90 seconds):
/// Jacks or Better at bets 5 and 10, real and practice, every third hold thrown away in the early
/// sessions and fewer later, and one library table hand in the middle of each session. A few hands
/// before the first session (a date, no time) are in none.
fn played() -> (tempfile::TempDir, Game) {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    let day = NaiveDate::from_ymd_opt(2026, 11, 1).unwrap();
    let jacks = |bet: u32, practice: bool| DealRequest::machine(MachineId::JacksOrBetter, Bet::new(bet).unwrap(), Lines::ONE, practice);
    for n in 0..3 {
        let hand = game.deal(jacks(5, false), seed(900 + n), crate::common::m(day)).unwrap().hand.unwrap();
        game.draw(Hold::from_mask(0).unwrap(), crate::common::m(day)).unwrap();
        assert!(hand.id > 0);
    }
    let starts = [at(2, 9, 0), at(2, 10, 0), at(3, 20, 15), at(4, 7, 30), at(4, 8, 40)];
    let mut n = 0u64;
    for (s, start) in starts.iter().enumerate() {
        for k in 0..(7 + s as i64) {
            n += 1;
            let time = *start + Duration::seconds(90 * k);
            if k == 3 {
                crate::common::practise(&mut game, LIBRARY, Bet::new(5).unwrap(), Lines::ONE, seed(5000 + n), crate::common::m(time)).unwrap();
                crate::common::draw_hand(&mut game, Hold::from_mask(if s % 2 == 0 { 0 } else { 31 }).unwrap(), crate::common::m(time)).unwrap();
                continue;
            }
            let request = jacks(if k % 2 == 0 { 5 } else { 10 }, k % 5 == 4);
            let hand = game.deal(request.clone(), seed(n), crate::common::m(time)).unwrap().hand.unwrap();
            let hold = if (k as usize) % (3 + s) == 0 { Hold::from_mask(0).unwrap() } else { hand.best_hold };
            game.draw(hold, crate::common::m(time)).unwrap();
        }
    }
    (dir, game)
}

/// Per session (by the 30-minute rule over the deals' times): per table, (decisions, mistakes, EV
/// given up, chips given up, timed deals), and the session's timed deals with their span in seconds.
struct Grouped {
    tables: BTreeMap<(usize, String), (u64, u64, f64, f64, u64)>,
    spans: Vec<(u64, i64)>,
    starts: Vec<String>,
}

fn grouped(history: &[HandRecord]) -> Grouped {
    let mut g = Grouped { tables: BTreeMap::new(), spans: Vec::new(), starts: Vec::new() };
    let mut last: Option<NaiveDateTime> = None;
    // Oldest first: the order the sums add in.
    for hand in history.iter().rev() {
        let Some(time) = hand.played_at.as_deref().and_then(|t| NaiveDateTime::parse_from_str(t, "%Y-%m-%dT%H:%M:%S").ok())
        else {
            assert!(last.is_none(), "the untimed hands come before the first session here");
            continue;
        };
        if last.is_none_or(|last| (time - last).num_seconds() >= 30 * 60) {
            g.spans.push((0, 0));
            g.starts.push(hand.played_at.clone().unwrap());
        }
        let session = g.spans.len() - 1;
        let span = &mut g.spans[session];
        if span.0 > 0 {
            span.1 += (time - last.unwrap()).num_seconds();
        }
        span.0 += 1;
        last = Some(time);
        let row = g.tables.entry((session, hand.table.id().to_string())).or_default();
        row.0 += 1;
        row.1 += u64::from(hand.mistake == Some(true));
        row.2 += hand.ev_given_up.unwrap();
        row.3 += hand.ev_given_up_chips.unwrap();
        row.4 += 1;
    }
    g
}

fn least_squares(ys: &[f64]) -> (f64, f64) {
    let n = ys.len() as f64;
    let mx = (n - 1.0) / 2.0;
    let my = ys.iter().sum::<f64>() / n;
    let sxy: f64 = ys.iter().enumerate().map(|(i, y)| (i as f64 - mx) * (y - my)).sum();
    let sxx: f64 = (0..ys.len()).map(|i| (i as f64 - mx).powi(2)).sum();
    (sxy / sxx, my - sxy / sxx * mx)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9 * (1.0 + b.abs())
}

#[test]
fn the_sessions_are_the_history_grouped_by_session_with_their_trend_and_cost_per_hour() {
    let (_dir, game) = played();
    let history = game.history(500, None).unwrap();
    let g = grouped(&history);
    assert_eq!(g.spans.len(), 5);
    for table in ["jacks-or-better", LIBRARY] {
        let progress = game.progress(&crate::common::t(table), 90).unwrap();
        assert_eq!(progress.sessions.len(), 5, "{table}: the untimed hands are in no session");
        for (i, s) in progress.sessions.iter().enumerate() {
            let (decisions, mistakes, ev, chips, timed) = g.tables[&(i, table.to_string())];
            assert_eq!((s.decisions, s.mistakes), (decisions, mistakes), "{table}, session {i}");
            assert!(close(s.ev_given_up, ev) && close(s.chips_given_up, chips), "{table}, session {i}: {s:?}");
            assert!(close(s.ev_given_up_per_100, 100.0 * ev / decisions as f64));
            assert!(close(s.accuracy, (decisions - mistakes) as f64 / decisions as f64));
            // The session's time, shared by its timed deals: each the average time between deals.
            let (n, span) = g.spans[i];
            let minutes = timed as f64 * span as f64 / (n - 1) as f64 / 60.0;
            assert!(close(s.minutes.unwrap(), minutes), "{table}, session {i}: {:?} against {minutes}", s.minutes);
            assert_eq!(serde_json::to_value(s).unwrap()["started"], g.starts[i].as_str());
        }
        let ids: Vec<i64> = progress.sessions.iter().map(|s| s.session).collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "oldest first: {ids:?}");
        // The trend: least squares of EV given up per 100 decisions on the sessions' order.
        let ys: Vec<f64> = progress.sessions.iter().map(|s| s.ev_given_up_per_100).collect();
        let (slope, intercept) = least_squares(&ys);
        let trend = progress.session_trend.unwrap();
        assert!(close(trend.per_session, slope) && close(trend.first, intercept), "{table}: {trend:?}");
        assert!(close(trend.last, intercept + slope * 4.0));
    }
    // Jacks or Better: an hour over the five sessions, enough for a figure per hour.
    let jacks = game.progress(&crate::common::t("jacks-or-better"), 90).unwrap();
    let per_hour = jacks.per_hour.unwrap();
    let minutes: f64 = jacks.sessions.iter().map(|s| s.minutes.unwrap()).sum();
    let decisions: u64 = jacks.sessions.iter().map(|s| s.decisions).sum();
    let chips: f64 = jacks.sessions.iter().map(|s| s.chips_given_up).sum();
    assert!(minutes >= PER_HOUR_MIN_MINUTES);
    assert_eq!(per_hour.sessions, 5);
    assert!(close(per_hour.hours, minutes / 60.0));
    // A deal every 90 seconds: 40 an hour.
    assert!(close(per_hour.decisions, 40.0), "{per_hour:?}");
    assert!(close(per_hour.decisions, decisions as f64 / (minutes / 60.0)));
    assert!(close(per_hour.chips_given_up, chips / (minutes / 60.0)), "{per_hour:?}");
    assert!(per_hour.chips_given_up > 0.0);
    // The library table: one deal a session, 7.5 minutes in all: too little time to say.
    let library = game.progress(&crate::common::t(LIBRARY), 90).unwrap();
    assert!(library.sessions.iter().map(|s| s.minutes.unwrap()).sum::<f64>() < PER_HOUR_MIN_MINUTES);
    assert_eq!(library.per_hour, None);
    // The days are as they were: the sessions are beside them.
    assert_eq!(jacks.days.iter().map(|d| d.decisions).sum::<u64>(), decisions + 3);
    // A game never played has no sessions, no trend and no figure per hour.
    let none = game.progress(&crate::common::t("bonus-poker"), 90).unwrap();
    assert_eq!((none.sessions.len(), none.session_trend, none.per_hour), (0, None, None));
    assert!(game.audit().unwrap().ok);
}

/// A session with one timed deal has no time (no time between deals to go by); a session shown with
/// fewer than two sessions has no trend.
#[test]
fn one_deal_has_no_minutes_and_one_session_no_trend() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    let request = DealRequest::machine(MachineId::JacksOrBetter, Bet::new(5).unwrap(), Lines::ONE, false);
    let hand = game.deal(request.clone(), seed(1), crate::common::m(at(5, 9, 0))).unwrap().hand.unwrap();
    game.draw(hand.best_hold, crate::common::m(at(5, 9, 1))).unwrap();
    let progress = game.progress(&crate::common::t("jacks-or-better"), 90).unwrap();
    assert_eq!(progress.sessions.len(), 1);
    assert_eq!((progress.sessions[0].minutes, progress.session_trend, progress.per_hour), (None, None, None));
}

/// A session's time is its deals' gaps summed, each clamped to 0 to five minutes: a 20-minute
/// pause counts five, and a clock set back an hour adds nothing (the span from the earliest to the
/// latest time counted both, 98.4 minutes here instead of 9.6).
#[test]
fn a_pause_counts_five_minutes_and_a_clock_set_back_adds_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    let request = DealRequest::machine(MachineId::JacksOrBetter, Bet::new(5).unwrap(), Lines::ONE, false);
    let times = [at(5, 9, 0), at(5, 9, 1), at(5, 9, 21), at(5, 9, 22), at(5, 8, 0), at(5, 8, 1)];
    for (n, &time) in times.iter().enumerate() {
        let hand = game.deal(request.clone(), seed(40 + n as u64), crate::common::m(time)).unwrap().hand.unwrap();
        game.draw(hand.best_hold, crate::common::m(time)).unwrap();
    }
    let progress = game.progress(&crate::common::t("jacks-or-better"), 90).unwrap();
    assert_eq!(progress.sessions.len(), 1, "{:?}", figures(&progress));
    // Gaps 60 + 300 (1,200 clamped) + 60 + 0 (set back) + 60 = 480 s over five gaps; six deals.
    let minutes = progress.sessions[0].minutes.unwrap();
    assert!((minutes - 6.0 * 480.0 / 5.0 / 60.0).abs() < 1e-9, "{minutes}");
}

fn figures(progress: &Progress) -> serde_json::Value {
    serde_json::to_value(progress).unwrap()
}

/// Dropped, the session tables come back from the hands as they were; a wrong row, or a wrong time,
/// is named by the full audit and put right.
#[test]
fn the_session_tables_are_rebuilt_from_the_hands_and_the_audit_names_a_wrong_row() {
    let (dir, game) = played();
    let before = [figures(&game.progress(&crate::common::t("jacks-or-better"), 90).unwrap()), figures(&game.progress(&crate::common::t(LIBRARY), 90).unwrap())];
    drop(game);
    let path = dir.path().join("game.db");
    let after = |game: &Game| [figures(&game.progress(&crate::common::t("jacks-or-better"), 90).unwrap()), figures(&game.progress(&crate::common::t(LIBRARY), 90).unwrap())];
    rusqlite::Connection::open(&path).unwrap().execute_batch("DROP TABLE session_sums; DROP TABLE session_times;").unwrap();
    let game = Game::open(&path).unwrap();
    assert_eq!(after(&game), before, "rebuilt on opening");
    drop(game);
    for (damage, named) in [
        ("UPDATE session_sums SET mistakes = mistakes + 1 WHERE table_id = 'jacks-or-better' AND session = 2", "'jacks-or-better' in session 2"),
        ("UPDATE session_sums SET chips_given_up = chips_given_up + 5 WHERE table_id = 'double-double-bonus-9-5' AND session = 4", "in session 4"),
        ("UPDATE session_times SET seconds = seconds + 60 WHERE session = 3", "time of session 3"),
    ] {
        let conn = rusqlite::Connection::open(&path).unwrap();
        assert_eq!(conn.execute(damage, []).unwrap(), 1, "{damage}");
        drop(conn);
        let game = Game::open(&path).unwrap();
        assert_ne!(after(&game), before, "{damage}: the damage shows until the audit");
        let audit = game.audit().unwrap();
        assert!(audit.ok && audit.repaired.iter().any(|p| p.contains(named)), "{damage}: {audit:?}");
        assert_eq!(after(&game), before, "{damage}: put right");
        assert!(game.derived_differences().unwrap().is_empty());
    }
}
