//! The stored proficiency checks (migration 24): each check's 25 questions as they were drawn
//! (`proficiency_questions`: the hand seed, the cards, what was on screen, why the hand was hard,
//! the best hold and all 32 EVs per coin) and each answer with its verdict at answer time
//! (`proficiency_answers`: the hold, the EV per coin given up, the mark), by the table's registry
//! code and the date. A check is stored whole at its first answer and read back as stored, so a
//! later strategy, hardness rule or table never changes its questions, its answers' verdicts or
//! its score. Their encodings, reads and writes, and what the full audit finds wrong with them.

use std::collections::BTreeSet;

use chrono::NaiveDate;
use rusqlite::{params, Connection, OptionalExtension};

use crate::card::Card;
use crate::hold::Hold;
use crate::pipeline::deal::{Deal, NudgeSource};
use crate::pipeline::drill::{DrillDeal, CHECK_HANDS};
use crate::strategy::drill::HardReason;
use crate::strategy::HandEvs;

use crate::game::coach::score::HoldReview;
use crate::game::hands::Registry;
use crate::game::store::codes::{day_code, day_from_code};
use crate::game::store::{corrupt, Res};

/// One question of a check, as it was drawn.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Question {
    /// The hand's own seed: `Deal::deal` deals `cards` from it.
    pub seed: crate::shuffle::Seed,
    /// The five cards.
    pub cards: [Card; 5],
    /// What was on screen, line by line (`rules::drill_screen` of the seed), on a table whose rules
    /// show something.
    pub multipliers: Option<Vec<u8>>,
    /// Why the hand was hard.
    pub reason: HardReason,
    /// The best hold.
    pub best: Hold,
    /// Every hold's EV per coin (with what was on screen).
    pub evs: HandEvs,
}

impl Question {
    /// A question as the drill pipeline dealt it.
    pub(crate) fn of(deal: &DrillDeal) -> Question {
        Question {
            seed: deal.seed,
            cards: deal.hand.cards,
            multipliers: deal.multipliers.clone(),
            reason: deal.hand.reason,
            best: deal.hand.best,
            evs: deal.evs(),
        }
    }

    /// The review of `answer` on this question: the verdict as it was given, with the question's
    /// stored EVs and best hold.
    pub(crate) fn review(&self, answer: &Answer) -> HoldReview {
        HoldReview::kept(&self.evs, &self.cards, answer.hold, self.best, answer.ev_given_up, answer.mark)
    }
}

/// One answer and its verdict at answer time.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Answer {
    /// The hold answered.
    pub hold: Hold,
    /// EV per coin given up against the best hold.
    pub ev_given_up: f64,
    /// "best", "close" or "costly".
    pub mark: &'static str,
}

impl Answer {
    /// `hold` judged now on `question`'s stored EVs (one coin, `coach::score`'s verdict).
    pub(crate) fn judged(question: &Question, hold: Hold) -> Answer {
        let review = HoldReview::of(&question.evs, &question.cards, hold);
        Answer { hold, ev_given_up: review.ev_given_up, mark: review.mark }
    }
}

/// The marks an answer is stored with.
const MARKS: [&str; 3] = ["best", "close", "costly"];

/// The reasons a question is stored with.
const REASONS: [HardReason; 3] = [HardReason::PlainRuleDiffers, HardReason::CloseCall, HardReason::MultipliersChangeIt];

/// Whether the check of registry code `code` on `day` has been drawn (its questions stored).
pub(crate) fn drawn(conn: &Connection, code: i64, day: NaiveDate) -> Res<bool> {
    let mut stmt = conn.prepare_cached("SELECT 1 FROM proficiency_questions WHERE tbl = ?1 AND day = ?2 LIMIT 1")?;
    Ok(stmt.query_row(params![code, day_code(day)], |_| Ok(())).optional()?.is_some())
}

/// Stores the questions of the check of `code` on `day`, first first.
pub(crate) fn write_questions(conn: &Connection, code: i64, day: NaiveDate, questions: &[Question]) -> Res<()> {
    let mut insert = conn.prepare_cached(
        "INSERT INTO proficiency_questions (tbl, day, idx, seed, dealt, multipliers, reason, best, evs) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    for (index, q) in questions.iter().enumerate() {
        let dealt: Vec<u8> = q.cards.iter().map(|c| c.index() as u8).collect();
        let evs: Vec<u8> = q.evs.as_array().iter().flat_map(|ev| ev.to_le_bytes()).collect();
        insert.execute(params![
            code,
            day_code(day),
            index as i64,
            &q.seed.bytes()[..],
            dealt,
            q.multipliers,
            q.reason.id(),
            i64::from(q.best.mask()),
            evs
        ])?;
    }
    Ok(())
}

/// Stores the answer to question `index` of the check of `code` on `day`.
pub(crate) fn write_answer(conn: &Connection, code: i64, day: NaiveDate, index: usize, answer: &Answer) -> Res<()> {
    conn.prepare_cached("INSERT INTO proficiency_answers (tbl, day, idx, hold, ev_given_up, mark) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?
        .execute(params![code, day_code(day), index as i64, i64::from(answer.hold.mask()), answer.ev_given_up, answer.mark])?;
    Ok(())
}

/// A stored question's columns decoded (`seed, dealt, multipliers, reason, best, evs`), or what is
/// wrong with them.
fn question_of_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Result<Question, String>> {
    let (seed, dealt, multipliers): (Vec<u8>, Vec<u8>, Option<Vec<u8>>) = (row.get(0)?, row.get(1)?, row.get(2)?);
    let (reason, best, evs): (String, i64, Vec<u8>) = (row.get(3)?, row.get(4)?, row.get(5)?);
    Ok((|| {
        let seed = crate::shuffle::Seed::from_bytes(seed.try_into().map_err(|_| "a seed that is not 32 bytes")?);
        let cards: Vec<Card> = dealt.iter().map(|&b| Card::from_index(usize::from(b))).collect::<Option<_>>().ok_or("a card that is none")?;
        let cards: [Card; 5] = cards.try_into().map_err(|_| "not five cards")?;
        let reason = REASONS.into_iter().find(|r| r.id() == reason).ok_or("a reason the game does not know")?;
        let best = u32::try_from(best).ok().and_then(|m| Hold::from_mask(m).ok()).ok_or("a best hold that is no hold")?;
        let values: Vec<f64> = evs.chunks(8).filter_map(|c| <[u8; 8]>::try_from(c).ok()).map(f64::from_le_bytes).collect();
        let values: [f64; 32] = values.try_into().map_err(|_| "not 32 EVs")?;
        if values.iter().any(|ev| !ev.is_finite()) {
            return Err("an EV that is not a finite number");
        }
        Ok(Question { seed, cards, multipliers, reason, best, evs: HandEvs::from_array(values) })
    })()
    .map_err(str::to_string))
}

/// The questions of the check of `code` on `day`, first first (none when it was never drawn); a
/// row that does not decode, or a check not whole, is corrupt.
pub(crate) fn questions_of(conn: &Connection, code: i64, day: NaiveDate) -> Res<Vec<Question>> {
    let mut stmt = conn.prepare_cached(
        "SELECT seed, dealt, multipliers, reason, best, evs, idx FROM proficiency_questions WHERE tbl = ?1 AND day = ?2 ORDER BY idx",
    )?;
    let mut rows = stmt.query(params![code, day_code(day)])?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        let index: i64 = row.get(6)?;
        let question = question_of_row(row)?.map_err(|why| corrupt(format!("question {index} of the proficiency check of {day}: {why}")))?;
        if index != out.len() as i64 {
            return Err(corrupt(format!("the proficiency check of {day} lacks question {}", out.len())));
        }
        out.push(question);
    }
    if !out.is_empty() && out.len() != CHECK_HANDS {
        return Err(corrupt(format!("the proficiency check of {day} has {} questions, not {CHECK_HANDS}", out.len())));
    }
    Ok(out)
}

/// The answers to the check of `code` on `day`, in order (at most 25 rows); a gap, a bad hold or
/// a mark the game does not know is corrupt.
pub(crate) fn answers_of(conn: &Connection, code: i64, day: NaiveDate) -> Res<Vec<Answer>> {
    let mut stmt =
        conn.prepare_cached("SELECT idx, hold, ev_given_up, mark FROM proficiency_answers WHERE tbl = ?1 AND day = ?2 ORDER BY idx")?;
    let mut rows = stmt.query(params![code, day_code(day)])?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        let (index, mask, ev_given_up, mark): (i64, u32, f64, String) = (row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?);
        let hold = Hold::from_mask(mask).map_err(|_| corrupt(format!("bad hold {mask} in the proficiency check of {day}")))?;
        let mark = MARKS.into_iter().find(|m| *m == mark).ok_or_else(|| corrupt(format!("mark '{mark}' in the proficiency check of {day}")))?;
        if index != out.len() as i64 {
            return Err(corrupt(format!("the proficiency check of {day} skips question {}", out.len())));
        }
        out.push(Answer { hold, ev_given_up, mark });
    }
    Ok(out)
}

/// The checks with every question answered, as (registry code, day number).
pub(crate) fn complete_checks(conn: &Connection) -> Res<Vec<(i64, i64)>> {
    let sql = format!("SELECT tbl, day FROM proficiency_answers GROUP BY tbl, day HAVING COUNT(*) = {CHECK_HANDS}");
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))?;
    Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
}

/// What is wrong with the stored checks (truth), in words (at most 20). Each check's questions: on
/// a table the registry names, on a date, all 25 from the first, each seed dealing its cards and
/// drawing what was on screen on that table, the best hold one of the highest stored EV, every EV a
/// finite number; one check per game a date. Each answer: a hold (0–31) to a question drawn,
/// answered from the first without a gap. Which hands were hard, what each hold was worth and each
/// answer's verdict are the check's as it was given: no rule of today re-judges them.
pub(crate) fn problems(conn: &Connection) -> Res<Vec<String>> {
    let registry = Registry::load(conn)?;
    let mut out = Vec::new();
    let mut checks = BTreeSet::new();
    let mut drawn = BTreeSet::new();
    let mut expected: Option<(i64, i64, i64)> = None;
    let mut stmt = conn.prepare_cached(
        "SELECT seed, dealt, multipliers, reason, best, evs, tbl, day, idx FROM proficiency_questions ORDER BY tbl, day, idx",
    )?;
    let mut rows = stmt.query([])?;
    let mut last: Option<(i64, i64, i64)> = None;
    while let Some(row) = rows.next()? {
        let (code, day, index): (i64, i64, i64) = (row.get(6)?, row.get(7)?, row.get(8)?);
        if let Some((c, d, i)) = last.filter(|&(c, d, _)| (c, d) != (code, day)) {
            if i + 1 != CHECK_HANDS as i64 {
                out.push(format!("the proficiency check of table code {c} on day {d} has {} questions, not {CHECK_HANDS}", i + 1));
            }
        }
        last = Some((code, day, index));
        let next = match expected {
            Some((c, d, i)) if (c, d) == (code, day) => i,
            _ => 0,
        };
        expected = Some((code, day, index + 1));
        let table = registry.table(code);
        let question = question_of_row(row)?;
        let problem = match (&table, &question) {
            (Err(why), _) => Some(format!("a proficiency question on {why}")),
            _ if day_from_code(day).is_err() => Some(format!("a proficiency question on day {day}, which is not a date")),
            _ if index != next => Some(format!("proficiency question {index} of a check whose next question is {next}")),
            (_, Err(why)) => Some(format!("proficiency question {index} of day {day}: {why}")),
            (Ok(table), Ok(q)) => {
                let deal = Deal::deal(&q.seed, table, 1, NudgeSource::Never).dealt();
                let screen = crate::rules::drill_screen(&q.seed, table).map(|s| s.values().to_vec());
                let top = q.evs.as_array().iter().copied().fold(f64::NEG_INFINITY, f64::max);
                if deal != q.cards {
                    Some(format!("proficiency question {index} of day {day}: its seed does not deal its cards on {}", table.id()))
                } else if screen != q.multipliers {
                    Some(format!("proficiency question {index} of day {day}: its seed does not draw its multipliers on {}", table.id()))
                } else if q.evs.ev(q.best) != top {
                    Some(format!("proficiency question {index} of day {day}: its best hold {} is not one of the highest EV", q.best.mask()))
                } else if index == 0 && !checks.insert((table.id().to_string(), day)) {
                    Some(format!("two proficiency checks of one game on day {day}"))
                } else {
                    None
                }
            }
        };
        drawn.insert((code, day));
        if let Some(problem) = problem {
            out.push(problem);
        }
        if out.len() >= 20 {
            out.truncate(20);
            return Ok(out);
        }
    }
    if let Some((c, d, i)) = last {
        if i + 1 != CHECK_HANDS as i64 {
            out.push(format!("the proficiency check of table code {c} on day {d} has {} questions, not {CHECK_HANDS}", i + 1));
        }
    }
    drop(rows);
    let mut stmt = conn.prepare_cached("SELECT tbl, day, idx, hold FROM proficiency_answers ORDER BY tbl, day, idx")?;
    let mut rows = stmt.query([])?;
    let mut expected: Option<(i64, i64, i64)> = None;
    while let Some(row) = rows.next()? {
        let (code, day, index, mask): (i64, i64, i64, i64) = (row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?);
        let next = match expected {
            Some((c, d, i)) if (c, d) == (code, day) => i,
            _ => 0,
        };
        expected = Some((code, day, index + 1));
        let problem = if let Err(why) = registry.table(code) {
            Some(format!("a proficiency answer on {why}"))
        } else if day_from_code(day).is_err() {
            Some(format!("a proficiency answer on day {day}, which is not a date"))
        } else if !(0..CHECK_HANDS as i64).contains(&index) || index != next {
            Some(format!("a proficiency answer to question {index} of a check whose next question is {next}"))
        } else if u32::try_from(mask).map_or(true, |m| Hold::from_mask(m).is_err()) {
            Some(format!("a proficiency answer of hold {mask}, which is no hold"))
        } else if !drawn.contains(&(code, day)) {
            Some(format!("a proficiency answer to question {index} of day {day}, a check whose questions were never drawn"))
        } else {
            None
        };
        if let Some(problem) = problem {
            out.push(problem);
            if out.len() >= 20 {
                break;
            }
        }
    }
    out.truncate(20);
    Ok(out)
}
