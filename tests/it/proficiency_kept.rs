//! A proficiency check is kept as it was given (migration 24, `game/training/check_rows.rs`): its
//! 25 questions stored at its first answer, each answer judged on the stored question and kept with
//! its verdict, so what a later rule would say never re-scores it; a schema-23 file's checks keep
//! the questions that code showed (a check begun under a former table id too) and their answers'
//! verdicts; and the one table draws one check under its id and any former id.

use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use rusqlite::Connection;
use vpoker::game::{Game, MAX_DEALS_PER_QUESTION};
use vpoker::hold::Hold;
use vpoker::library::Base;
use vpoker::machine::MachineId;
use vpoker::pipeline::drill::{check_hands, check_seed, hard_hands, DrillDeal, CHECK_HANDS};
use vpoker::pipeline::settle::HoldVerdict;
use vpoker::table::Table;

fn date(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

fn day_number(day: NaiveDate) -> i64 {
    i64::from(chrono::Datelike::num_days_from_ce(&day))
}

/// The mark today's ten deals' scoring gives a verdict.
fn mark(verdict: &HoldVerdict) -> &'static str {
    if !verdict.mistake {
        "best"
    } else if verdict.cost <= vpoker::game::CLOSE {
        "close"
    } else {
        "costly"
    }
}

/// Every hold's EV as a stored question keeps them: 32 little-endian f64s by mask.
fn ev_bytes(evs: &[f64; 32]) -> Vec<u8> {
    evs.iter().flat_map(|ev| ev.to_le_bytes()).collect()
}

#[test]
fn a_check_is_stored_at_its_first_answer_and_judged_on_what_was_stored() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    let day = date("2026-12-05");
    let id = "jacks-or-better";
    let deals = check_hands(&Table::machine(MachineId::JacksOrBetter), day, MAX_DEALS_PER_QUESTION).unwrap();
    let count = |game: &Game, table: &str| game.table_counts().unwrap().into_iter().find(|(t, _)| *t == table).unwrap().1;
    assert_eq!(count(&game, "proficiency_questions"), 0, "a check not begun is not stored");
    let first = game.proficiency_answer(&crate::common::t(id), crate::common::d(day), 0, Hold::NONE, crate::common::d(day)).unwrap();
    assert_eq!(count(&game, "proficiency_questions"), CHECK_HANDS as i64, "the first answer stores the 25 questions");
    assert_eq!(first.questions.iter().map(|q| q.cards).collect::<Vec<_>>(), deals.iter().map(|d| d.hand.cards).collect::<Vec<_>>());
    // What a later solver would say of question 1 stands in here: its stored EVs made to rate
    // holding nothing best (every other hold worth less), as a strategy of another version might.
    let q = 1;
    let nothing_best = HoldVerdict::of(&deals[q].evs(), Hold::NONE, 1);
    assert!(nothing_best.mistake, "holding nothing is a mistake by today's solver on question {q}");
    let mut evs = [0.25f64; 32];
    evs[0] = 2.0;
    drop(game);
    Connection::open(&path)
        .unwrap()
        .execute("UPDATE proficiency_questions SET evs = ?1, best = 0 WHERE idx = ?2", rusqlite::params![ev_bytes(&evs), q as i64])
        .unwrap();
    let mut game = Game::open(&path).unwrap();
    let mut state = game.proficiency_answer(&crate::common::t(id), crate::common::d(day), q, Hold::NONE, crate::common::d(day)).unwrap();
    // The rest answered with today's best hold.
    while let Some(next) = state.next {
        state = game.proficiency_answer(&crate::common::t(id), crate::common::d(day), next, deals[next].hand.best, crate::common::d(day)).unwrap();
    }
    let review = state.questions[q].review.clone().unwrap();
    assert_eq!((review.mark, review.ev_given_up, review.best_hold, review.best_ev), ("best", 0.0, Hold::NONE, 2.0), "judged on the stored EVs");
    // Question 0 keeps the verdict it was given; the score counts the stored verdicts.
    let zero = HoldVerdict::of(&deals[0].evs(), Hold::NONE, 1);
    let kept = state.questions[0].review.clone().unwrap();
    assert_eq!((kept.mark, kept.ev_given_up), (mark(&zero), zero.cost));
    let score = state.score.clone().unwrap();
    assert_eq!(score.best_holds, 24 + u32::from(!zero.mistake));
    assert_eq!(score.ev_given_up, zero.cost);
    // A verdict stored at answer time is what the check shows, however it reads by today's rules:
    // the costly answer to question 0 kept as a close one is read as close.
    drop(game);
    Connection::open(&path).unwrap().execute_batch("UPDATE proficiency_answers SET mark = 'close', ev_given_up = 0.03125 WHERE idx = 0").unwrap();
    let game = Game::open(&path).unwrap();
    let again = game.proficiency(&crate::common::t(id), crate::common::d(day)).unwrap();
    let kept = again.questions[0].review.clone().unwrap();
    assert_eq!((kept.mark, kept.ev_given_up), ("close", 0.03125));
    assert_eq!(again.score.unwrap().ev_given_up, 0.03125);
    // The stored scores were the cache of the old verdict: the audit rebuilds them from the answers.
    let audit = game.audit().unwrap();
    assert!(audit.ok, "{audit:?}");
    assert!(audit.repaired.iter().any(|r| r.contains("proficiency")), "{audit:?}");
    assert_eq!(game.proficiency(&crate::common::t(id), crate::common::d(day)).unwrap().curve.checks[0].ev_given_up, 0.03125);
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

/// The schema-14 fixture brought to schema 23 (migrations 15 to 23 applied as they ran), then
/// `sql` run on it: a file as the code of schema 23 left it.
fn schema_23_copy(dir: &Path, sql: &str) -> PathBuf {
    let path = dir.join("vpoker.db");
    std::fs::copy(fixture("landed-v14.db"), &path).unwrap();
    let mut conn = Connection::open(&path).unwrap();
    let tx = conn.transaction().unwrap();
    for migration in &vpoker::game::migrations::MIGRATIONS[14..23] {
        migration.apply(&tx).unwrap();
    }
    tx.pragma_update(None, "user_version", 23).unwrap();
    tx.execute_batch(sql).unwrap();
    tx.commit().unwrap();
    conn.pragma_update(None, "wal_checkpoint", "TRUNCATE").unwrap();
    path
}

/// The check schema 23 showed: the drill run from the seed of the registry row's own id.
fn shown_by_schema_23(table: &Table, day: NaiveDate) -> Vec<DrillDeal> {
    hard_hands(table, &check_seed(day, table.id()), CHECK_HANDS)
}

#[test]
fn a_schema_23_check_keeps_what_it_showed_and_the_one_table_draws_one_check_under_either_id() {
    let jacks = Table::machine(MachineId::JacksOrBetter);
    let pays: Vec<String> = jacks.pays().iter().map(u32::to_string).collect();
    let former = Table::stored("jacks-or-better-9-6", Base::Machine(MachineId::JacksOrBetter), &jacks.pays()).unwrap();
    assert_eq!(former.id(), "jacks-or-better-9-6");
    let (yesterday, today) = (date("2026-12-04"), date("2026-12-05"));
    // Yesterday's check of Jacks or Better complete (code 0: the best hold on even questions,
    // nothing on odd ones); today's begun under the former id (three answers), as an older file
    // with the library's former table keeps it.
    let old = shown_by_schema_23(&jacks, yesterday);
    let hold = |i: usize, d: &DrillDeal| if i % 2 == 0 { d.hand.best } else { Hold::NONE };
    let mut sql = format!("INSERT INTO tables (id, base, pays) VALUES ('jacks-or-better-9-6', 'jacks-or-better', '{}');", pays.join(","));
    for (i, d) in old.iter().enumerate() {
        sql += &format!("INSERT INTO proficiency_answers (tbl, day, idx, hold) VALUES (0, {}, {i}, {});", day_number(yesterday), hold(i, d).mask());
    }
    let begun = shown_by_schema_23(&former, today);
    for (i, d) in begun.iter().take(3).enumerate() {
        sql += &format!(
            "INSERT INTO proficiency_answers (tbl, day, idx, hold) VALUES ((SELECT code FROM tables WHERE id = 'jacks-or-better-9-6'), {}, {i}, {});",
            day_number(today),
            d.hand.best.mask()
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let path = schema_23_copy(dir.path(), &sql);
    let mut game = Game::open(&path).unwrap();
    let audit = game.audit().unwrap();
    assert!(audit.ok, "{audit:?}");
    // Yesterday's check: the questions and the score schema 23 showed.
    let done = game.proficiency(&crate::common::t("jacks-or-better"), crate::common::d(yesterday)).unwrap();
    assert_eq!(done.questions.iter().map(|q| (q.seed, q.cards)).collect::<Vec<_>>(), old.iter().map(|d| (d.seed, d.hand.cards)).collect::<Vec<_>>());
    let verdicts: Vec<HoldVerdict> = old.iter().enumerate().map(|(i, d)| HoldVerdict::of(&d.evs(), hold(i, d), 1)).collect();
    let score = done.score.unwrap();
    assert_eq!(score.best_holds, verdicts.iter().filter(|v| !v.mistake).count() as u32);
    assert_eq!(score.ev_given_up, verdicts.iter().map(|v| v.cost).sum::<f64>());
    for (q, v) in done.questions.iter().zip(&verdicts) {
        let review = q.review.as_ref().unwrap();
        assert_eq!((review.mark, review.ev_given_up), (mark(v), v.cost));
    }
    // Today's check begun under the former id goes on with the questions it showed, under either id.
    for id in ["jacks-or-better", "jacks-or-better-9-6"] {
        let state = game.proficiency(&crate::common::t(id), crate::common::d(today)).unwrap();
        assert_eq!(state.table, "jacks-or-better", "the one table's");
        assert_eq!(state.seed, check_seed(today, "jacks-or-better-9-6"), "the run its questions came from");
        assert_eq!(state.next, Some(3));
        assert_eq!(state.questions.iter().map(|q| q.cards).collect::<Vec<_>>(), begun.iter().map(|d| d.hand.cards).collect::<Vec<_>>(), "{id}");
        assert_eq!(state.curve.checks.len(), 1, "yesterday's check is the one table's");
    }
    let state = game.proficiency_answer(&crate::common::t("jacks-or-better"), crate::common::d(today), 3, begun[3].hand.best, crate::common::d(today)).unwrap();
    assert_eq!(state.questions[3].hold, Some(begun[3].hand.best));
    // A new date: the one table's check whichever id names it or the registry row it is read from.
    let tomorrow = date("2026-12-06");
    let one = check_hands(&jacks, tomorrow, MAX_DEALS_PER_QUESTION).unwrap();
    let by_former = check_hands(&former, tomorrow, MAX_DEALS_PER_QUESTION).unwrap();
    let seeds = |deals: &[DrillDeal]| deals.iter().map(|d| d.seed).collect::<Vec<_>>();
    assert_eq!(seeds(&by_former), seeds(&one), "a table under a former id draws the one table's check");
    for id in ["jacks-or-better", "jacks-or-better-9-6"] {
        let state = game.proficiency(&crate::common::t(id), crate::common::d(tomorrow)).unwrap();
        assert_eq!(state.seed, check_seed(tomorrow, "jacks-or-better"), "{id}");
        assert_eq!(state.questions.iter().map(|q| q.seed).collect::<Vec<_>>(), one.iter().map(|d| d.seed).collect::<Vec<_>>(), "{id}");
    }
    assert!(game.audit().unwrap().ok);
}

#[test]
fn a_schema_23_check_that_cannot_be_dealt_refuses_the_file_untouched() {
    for (what, sql) in [
        ("no table", "INSERT INTO proficiency_answers (tbl, day, idx, hold) VALUES (999, 739000, 0, 3);"),
        ("no date", "INSERT INTO proficiency_answers (tbl, day, idx, hold) VALUES (0, 4000000000, 0, 3);"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = schema_23_copy(dir.path(), sql);
        let before = std::fs::read(&path).unwrap();
        let error = Game::open(&path).unwrap_err();
        assert_eq!(error.kind(), "corrupt-database", "{what}: {error}");
        assert!(error.to_string().contains("proficiency check"), "{what}: {error}");
        assert_eq!(std::fs::read(&path).unwrap(), before, "{what}: the refused file was changed");
    }
}
