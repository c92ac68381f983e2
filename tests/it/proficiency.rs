//! The proficiency check (docs/TRAINING.md, "The proficiency check"): the seed rule and its test
//! vector, the 25 questions as the drill pipeline's first hard hands of that seed on the game's
//! table, answers in order with typed refusals that change nothing, one check per game a date,
//! the scores kept by date with their curve and trend, and the audit on crafted answers.

use chrono::NaiveDate;
use vpoker::game::Day;
use rusqlite::Connection;
use vpoker::game::{Game, GameError, Proficiency, RowPay, MAX_DEALS_PER_QUESTION};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::pipeline::deal::{Deal, NudgeSource};
use vpoker::pipeline::drill::{check_hands, check_seed, hard_hands, DrillDeal, CHECK_HANDS};
use vpoker::pipeline::settle::HoldVerdict;
use vpoker::table::Table;

fn date(text: &str) -> Day {
    Day::new(text.parse().unwrap()).unwrap()
}

fn fresh() -> (tempfile::TempDir, Game) {
    let dir = tempfile::tempdir().unwrap();
    let game = Game::open(&dir.path().join("game.db")).unwrap();
    (dir, game)
}

/// The check's hands as a stranger deals them: the drill pipeline from the documented seed.
fn expected(table: &Table, day: NaiveDate) -> Vec<DrillDeal> {
    check_hands(table, day, MAX_DEALS_PER_QUESTION).unwrap()
}

/// Answers every question left of `table`'s check on `day`, question i with `hold(i, deal)`.
fn answer_all(game: &mut Game, table: &str, day: NaiveDate, hold: impl Fn(usize, &DrillDeal) -> Hold) -> Proficiency {
    let deals = expected(&game.table(&crate::common::t(table)).unwrap(), day);
    let mut state = game.proficiency(&crate::common::t(table), crate::common::d(day)).unwrap();
    while let Some(next) = state.next {
        state = game.proficiency_answer(&crate::common::t(table), crate::common::d(day), next, hold(next, &deals[next]), crate::common::d(day)).unwrap();
    }
    state
}

#[test]
fn the_seed_is_the_documented_rule_and_the_documented_vector_rebuilds() {
    // The rule, from its text.
    let text = "video-poker proficiency 2026-12-05 jacks-or-better";
    use sha2::Digest;
    let digest: [u8; 32] = sha2::Sha256::digest(text.as_bytes()).into();
    assert_eq!(check_seed(date("2026-12-05").date(), "jacks-or-better"), vpoker::shuffle::Seed::from_bytes(digest));
    // The vector docs/TRAINING.md prints: the seed, then each question's hand seed and cards.
    let doc = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/TRAINING.md")).unwrap();
    let start = doc.find("$ vpoker play --db new.db --today 2026-12-05 proficiency --game jacks-or-better").expect("the vector in docs/TRAINING.md");
    let block: Vec<&str> = doc[start..].lines().skip(1).take_while(|l| !l.starts_with("```")).collect();
    assert_eq!(block[0], format!("seed {}", check_seed(date("2026-12-05").date(), "jacks-or-better")));
    let deals = expected(&Table::machine(MachineId::JacksOrBetter), date("2026-12-05").date());
    let lines: Vec<String> = deals
        .iter()
        .enumerate()
        .map(|(i, d)| format!("{i:>2} {} {}", d.seed, d.hand.cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")))
        .collect();
    assert_eq!(block[1..].len(), 25, "the vector lists 25 questions");
    assert_eq!(block[1..], lines.iter().map(String::as_str).collect::<Vec<_>>()[..]);
}

#[test]
fn the_questions_are_the_first_25_hard_hands_of_the_drill_run_on_each_kind_of_table() {
    let (_dir, mut game) = fresh();
    let pays = [RowPay { row: "full-house".into(), pay: "6".into() }];
    game.save_lab_table("Six five", MachineId::JacksOrBetter, &pays).unwrap();
    let day = date("2026-12-05");
    for id in ["jacks-or-better", "deuces-wild", "double-double-bonus", "bonus-poker-deluxe-8-6", "lab:Six five", "ultimate-x:jacks-or-better"] {
        let state = game.proficiency(&crate::common::t(id), day).unwrap();
        let table = game.table(&crate::common::t(id)).unwrap();
        assert_eq!(state.table, table.id());
        assert_eq!((state.total, state.next, state.done, state.score.clone()), (CHECK_HANDS, Some(0), false, None), "{id}");
        assert_eq!(state.seed, check_seed(day.date(), table.id()), "{id}");
        let run = hard_hands(&table, &state.seed, CHECK_HANDS);
        assert_eq!(state.questions.len(), CHECK_HANDS, "{id}");
        for (q, hard) in state.questions.iter().zip(&run) {
            // The drill pipeline's hand, and its own seed deals its cards on the table.
            assert_eq!((q.seed, q.cards, q.multipliers.clone()), (hard.seed, hard.hand.cards, hard.multipliers.clone()), "{id}");
            assert_eq!(Deal::deal(&q.seed, &table, 1, NudgeSource::Never).dealt(), q.cards, "{id}");
            // Hard: the plain rule's hold is a mistake, or a close call, or multipliers change it.
            assert!(q.hold.is_none() && q.review.is_none() && q.reason.is_none(), "{id}: no verdict before the end");
        }
        // The table's id is part of the seed: two tables get two checks.
        assert_ne!(check_seed(day.date(), "jacks-or-better"), check_seed(day.date(), "deuces-wild"));
        // A read stores nothing.
        assert_eq!(rows(&game, "proficiency_answers"), 0);
    }
}

fn rows(game: &Game, table: &str) -> i64 {
    game.table_counts().unwrap().into_iter().find(|(t, _)| *t == table).unwrap().1
}

#[test]
fn answers_go_in_order_once_each_today_only_and_a_refusal_changes_nothing() {
    let (_dir, mut game) = fresh();
    let day = date("2026-12-05");
    let id = "jacks-or-better";
    game.proficiency_answer(&crate::common::t(id), day, 0, Hold::NONE, day).unwrap();
    let before = game.table_counts().unwrap();
    let state = game.proficiency(&crate::common::t(id), day).unwrap();
    let refusals = [
        (game.proficiency_answer(&crate::common::t(id), day, 0, Hold::NONE, day).unwrap_err(), "proficiency-answered"),
        (game.proficiency_answer(&crate::common::t(id), day, 2, Hold::NONE, day).unwrap_err(), "proficiency-not-next"),
        (game.proficiency_answer(&crate::common::t(id), day, 99, Hold::NONE, day).unwrap_err(), "proficiency-not-next"),
        (game.proficiency_answer(&crate::common::t(id), date("2026-12-04"), 1, Hold::NONE, day).unwrap_err(), "proficiency-other-day"),
        (game.proficiency_answer(&crate::common::t(id), day, 1, Hold::NONE, date("2026-12-06")).unwrap_err(), "proficiency-other-day"),
        (game.proficiency_answer(&crate::common::t("no-such-game"), day, 1, Hold::NONE, day).unwrap_err(), "unknown-table"),
    ];
    for (error, kind) in &refusals {
        assert_eq!(error.kind(), *kind, "{error}");
    }
    assert_eq!(
        refusals[1].0,
        GameError::ProficiencyNotNext { index: 2, next: 1 },
        "the refusal names the next question"
    );
    assert_eq!(game.table_counts().unwrap(), before, "a refused answer changes nothing");
    assert_eq!(game.proficiency(&crate::common::t(id), day).unwrap(), state);
    // Complete it: then every answer is refused as done, and nothing changes.
    let done = answer_all(&mut game, id, day.date(), |_, d| d.hand.best);
    assert!(done.done && done.next.is_none());
    let before = game.table_counts().unwrap();
    let error = game.proficiency_answer(&crate::common::t(id), day, 25, Hold::NONE, day).unwrap_err();
    assert_eq!(error, GameError::ProficiencyDone { table: id.into(), day: day.date() });
    assert_eq!(game.table_counts().unwrap(), before);
    // A table with no hard hands (every pay 0) has no check, and an answer to it stores nothing.
    let nothing: Vec<RowPay> = MachineId::JacksOrBetter.paytable().rows().iter().map(|r| RowPay { row: r.id.into(), pay: "0".into() }).collect();
    game.save_lab_table("Nothing", MachineId::JacksOrBetter, &nothing).unwrap();
    let before = game.table_counts().unwrap();
    assert_eq!(game.proficiency(&crate::common::t("lab:Nothing"), day).unwrap_err().kind(), "no-hard-hands");
    assert_eq!(game.proficiency_answer(&crate::common::t("lab:Nothing"), day, 0, Hold::NONE, day).unwrap_err().kind(), "no-hard-hands");
    assert_eq!(game.table_counts().unwrap(), before);
}

#[test]
fn a_complete_check_is_scored_like_todays_ten_deals() {
    let (_dir, mut game) = fresh();
    let day = date("2026-12-05");
    let table = Table::machine(MachineId::DeucesWild);
    let deals = expected(&table, day.date());
    // The best hold on the even questions, nothing held on the odd ones.
    let hold = |i: usize, d: &DrillDeal| if i % 2 == 0 { d.hand.best } else { Hold::NONE };
    let state = answer_all(&mut game, table.id(), day.date(), hold);
    let (mut best, mut given_up) = (0u32, 0.0);
    for (i, (q, d)) in state.questions.iter().zip(&deals).enumerate() {
        let verdict = HoldVerdict::of(&d.evs(), hold(i, d), 1);
        let review = q.review.as_ref().unwrap();
        assert_eq!(q.hold, Some(hold(i, d)));
        assert_eq!(q.reason, Some(d.hand.reason));
        assert_eq!((review.best_hold, review.ev_given_up), (verdict.best_hold, verdict.cost));
        let mark = if !verdict.mistake { "best" } else if verdict.cost <= vpoker::game::CLOSE { "close" } else { "costly" };
        assert_eq!(review.mark, mark);
        best += u32::from(!verdict.mistake);
        given_up += verdict.cost;
    }
    let score = state.score.clone().unwrap();
    assert_eq!((score.best_holds, score.ev_given_up), (best, given_up));
    // The grade on the session card's thresholds, one coin a decision: today's ten's rule.
    assert_eq!(score.grade, vpoker::game::grade(given_up / 25.0, best == 25));
    assert!(best >= 13 && best < 25, "{best}");
    // Reading it again gives the same; the curve has it.
    assert_eq!(game.proficiency(&crate::common::t(table.id()), day).unwrap(), state);
    assert_eq!(state.curve.checks.len(), 1);
    assert_eq!((state.curve.checks[0].best_holds, state.curve.checks[0].ev_given_up), (best, given_up));
    assert_eq!(state.curve.checks[0].grade, score.grade);
    assert!(state.curve.trend.is_none(), "no trend with one check");
    // All best: A+.
    let perfect = answer_all(&mut game, table.id(), date("2026-12-06").date(), |_, d| d.hand.best);
    assert_eq!(perfect.score.unwrap(), vpoker::game::Score { best_holds: 25, ev_given_up: 0.0, grade: "A+" });
    assert!(game.audit().unwrap().ok);
}

#[test]
fn checks_are_kept_by_date_one_a_game_and_the_curve_has_progresss_trend() {
    let (_dir, mut game) = fresh();
    let id = "jacks-or-better";
    // Four dates with a gap; each date's check its own hands; fewer mistakes as days go by.
    let days = ["2026-12-01", "2026-12-02", "2026-12-05", "2026-12-06"].map(date);
    for (k, &day) in days.iter().enumerate() {
        let state = answer_all(&mut game, id, day.date(), |i, d| if i < 8 - 2 * k { Hold::NONE } else { d.hand.best });
        assert_eq!(state.date, day.date());
        assert_eq!(state.questions[0].seed, expected(&Table::machine(MachineId::JacksOrBetter), day.date())[0].seed);
        assert_eq!(game.proficiency_answer(&crate::common::t(id), day, 0, Hold::NONE, day).unwrap_err().kind(), "proficiency-done");
    }
    // Another game's check is not on this curve.
    answer_all(&mut game, "deuces-wild", days[3].date(), |_, _| Hold::NONE);
    // A date not played yet: a new check (different hands), the curve of the four.
    let today = date("2026-12-07");
    let state = game.proficiency(&crate::common::t(id), today).unwrap();
    assert_eq!(state.next, Some(0));
    assert_ne!(state.questions[0].seed, game.proficiency(&crate::common::t(id), days[3]).unwrap().questions[0].seed);
    let curve = state.curve;
    assert_eq!(curve.checks.iter().map(|c| c.date).collect::<Vec<_>>(), days.iter().map(|day| day.date()).collect::<Vec<_>>(), "oldest first");
    // Each point is its check's score, read again from its date.
    for c in &curve.checks {
        let score = game.proficiency(&crate::common::t(id), crate::common::d(c.date)).unwrap().score.unwrap();
        assert_eq!((c.best_holds, c.ev_given_up, c.grade), (score.best_holds, score.ev_given_up, score.grade));
        assert!((c.ev_given_up_per_100 - 4.0 * c.ev_given_up).abs() < 1e-12);
    }
    // The trend: least squares by calendar day, as progress's.
    let xs: Vec<f64> = curve.checks.iter().map(|c| (c.date - days[0].date()).num_days() as f64).collect();
    let ys: Vec<f64> = curve.checks.iter().map(|c| c.ev_given_up_per_100).collect();
    let n = xs.len() as f64;
    let (mx, my) = (xs.iter().sum::<f64>() / n, ys.iter().sum::<f64>() / n);
    let slope = xs.iter().zip(&ys).map(|(x, y)| (x - mx) * (y - my)).sum::<f64>() / xs.iter().map(|x| (x - mx) * (x - mx)).sum::<f64>();
    let trend = curve.trend.unwrap();
    assert!((trend.per_day - slope).abs() < 1e-9, "{trend:?} against {slope}");
    assert!((trend.first - (my - slope * mx)).abs() < 1e-9);
    assert!((trend.last - (my - slope * mx + slope * 5.0)).abs() < 1e-9);
    assert_eq!(trend.direction, vpoker::game::Direction::Down);
    let points: Vec<(NaiveDate, f64)> = curve.checks.iter().map(|c| (c.date, c.ev_given_up_per_100)).collect();
    assert_eq!(vpoker::game::trend_of(&points), Some(trend), "progress's one rule");
    assert!(game.audit().unwrap().ok);
    assert!(game.derived_differences().unwrap().is_empty());
}

#[test]
fn a_begun_check_on_a_lab_table_saved_again_goes_on_on_the_table_it_began_on() {
    let (_dir, mut game) = fresh();
    let day = date("2026-12-05");
    let six = [RowPay { row: "full-house".into(), pay: "6".into() }];
    game.save_lab_table("Mine", MachineId::JacksOrBetter, &six).unwrap();
    let first = game.proficiency_answer(&crate::common::t("lab:Mine"), day, 0, Hold::NONE, day).unwrap();
    let five = [RowPay { row: "full-house".into(), pay: "5".into() }];
    game.save_lab_table("Mine", MachineId::JacksOrBetter, &five).unwrap();
    let after = game.proficiency(&crate::common::t("lab:Mine"), day).unwrap();
    assert_eq!(after.questions, first.questions, "the check keeps its table");
    let state = answer_all(&mut game, "lab:Mine", day.date(), |_, d| d.hand.best);
    assert_eq!(state.questions.iter().map(|q| q.cards).collect::<Vec<_>>(), first.questions.iter().map(|q| q.cards).collect::<Vec<_>>());
    let first_best = state.questions[0].review.as_ref().unwrap().mark == "best";
    assert_eq!(state.score.unwrap().best_holds, 24 + u32::from(first_best));
    // A new date's check is on the table as it is now.
    let next = game.proficiency(&crate::common::t("lab:Mine"), date("2026-12-06")).unwrap();
    assert_eq!(next.seed, check_seed(date("2026-12-06").date(), "lab:Mine"));
    assert!(game.audit().unwrap().ok);
}

#[test]
fn the_audit_names_a_crafted_answer_and_the_scores_are_rebuilt_from_the_answers() {
    let (dir, mut game) = fresh();
    let day = date("2026-12-05");
    answer_all(&mut game, "jacks-or-better", day.date(), |_, d| d.hand.best);
    drop(game);
    let path = dir.path().join("game.db");
    // Each found: by the answers' check (a table, a date, no gap), or by SQLite's own page check
    // for a value the table's CHECKs refuse (a hold 40, a question 25).
    let answer = "INSERT INTO proficiency_answers (tbl, day, idx, hold, ev_given_up, mark) VALUES";
    let copied = "INSERT INTO proficiency_questions SELECT tbl, 739000, idx, seed, dealt, multipliers, reason, best, evs FROM proficiency_questions";
    let crafted = [
        (format!("{answer} (999, 739000, 0, 3, 0.0, 'best')"), "no table has the code 999"),
        (format!("{answer} (1, 739000, 1, 3, 0.0, 'best')"), "question 1 of a check whose next question is 0"),
        (format!("{answer} (1, 4000000000, 0, 3, 0.0, 'best')"), "not a date"),
        (format!("{answer} (1, 739000, 0, 3, 0.0, 'best')"), "questions were never drawn"),
        (format!("PRAGMA ignore_check_constraints = 1; {answer} (1, 739000, 0, 40, 0.0, 'best')"), "CHECK constraint failed in proficiency_answers"),
        (format!("PRAGMA ignore_check_constraints = 1; {answer} (1, 739000, 0, 0, 0.0, 'best'), (1, 739000, 1, 0, 0.0, 'best'), (1, 739000, 25, 0, 0.0, 'best')"), "CHECK constraint failed in proficiency_answers"),
        // The questions: each seed deals its cards, the best hold has the highest EV, all 25 drawn.
        (format!("{copied}; UPDATE proficiency_questions SET dealt = x'0001020304' WHERE day = 739000 AND idx = 7"), "its seed does not deal its cards"),
        (format!("{copied}; UPDATE proficiency_questions SET best = (best + 1) % 32 WHERE day = 739000 AND idx = 3"), "is not one of the highest EV"),
        (format!("{copied}; DELETE FROM proficiency_questions WHERE day = 739000 AND idx = 24"), "has 24 questions"),
        (format!("{copied} WHERE idx > 0"), "question 1 of a check whose next question is 0"),
    ];
    for (sql, named) in crafted {
        let copy = dir.path().join("crafted.db");
        std::fs::copy(&path, &copy).unwrap();
        Connection::open(&copy).unwrap().execute_batch(&sql).unwrap();
        let audit = Game::open(&copy).unwrap().audit().unwrap();
        assert!(!audit.ok && audit.problems.iter().any(|p| p.contains(named)), "{sql}: {audit:?}");
        std::fs::remove_file(&copy).unwrap();
    }
    // The scores are a cache: edited, they are rebuilt from the answers.
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("UPDATE proficiency_days SET best_holds = 3, ev_given_up = 1.5").unwrap();
    drop(conn);
    let game = Game::open(&path).unwrap();
    let audit = game.audit().unwrap();
    assert!(audit.ok && audit.repaired.iter().any(|r| r.contains("proficiency")), "{audit:?}");
    assert_eq!(game.proficiency(&crate::common::t("jacks-or-better"), day).unwrap().curve.checks[0].best_holds, 25);
}
