//! The proficiency check (docs/TRAINING.md, "The proficiency check"): for a game and a date, a
//! fixed set of [`CHECK_HANDS`] hard decisions — the first hard hands of the drill run whose master
//! seed the date and the one table's id give (`pipeline::drill::check_seed`, `check_hands`) —
//! answered in order, one hold each, and scored like today's ten deals (`coach::score`): holds as
//! good as the best, EV given up per coin, the grade. One check per game a date; only today's is
//! answered. The verdicts come once the check is complete (a check, not a lesson). The curve is the
//! game's completed checks by date with the least-squares trend progress draws
//! (`coach::progress`).
//!
//! A check is kept as it was given (`check_rows.rs`): its questions as drawn at its first answer
//! (cards, what was on screen, the best hold and the EVs), by the table's registry code, and each
//! answer with its verdict then, so a later strategy, hardness rule or table (a lab table saved
//! again) never changes a stored check or its score. Owns `proficiency_questions` and
//! `proficiency_answers` (the truth) and `proficiency_days` (each completed check's score; derived,
//! defined here, rebuilt from the answers' verdicts), so the curve is an indexed read of the last
//! [`CURVE_CHECKS`] rows whatever the length of the history.

use chrono::NaiveDate;
use rusqlite::{params, Connection};
use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::pipeline::drill::{check_hands, check_id, check_seed, CHECK_HANDS};
use crate::shuffle::Seed;
use crate::strategy::drill::HardReason;
use crate::table::{Table, TableLabel};

use super::check_rows;
use super::drills::MAX_DEALS_PER_QUESTION;
use crate::game::coach::progress::{trend_of, Trend};
use crate::game::coach::score::{HoldReview, Score};
use crate::game::error::GameError;
use crate::game::hands::{self, Registry};
use crate::game::store::codes::{day_code, day_from_code};
use crate::game::store::{corrupt, schema, Res};
use crate::game::table_id;

/// The completed checks the curve shows, the latest ones.
pub const CURVE_CHECKS: u32 = 30;

/// A game's proficiency check of a date, as the app and `vpoker play proficiency` show it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Proficiency {
    /// The table's stable id.
    pub table: String,
    /// The table's name (English; a UI writes `label` in its language).
    pub name: String,
    /// What the table is called, for a UI to write in its language.
    pub label: TableLabel,
    /// The check's date.
    pub date: NaiveDate,
    /// The check's master seed (SHA-256 of `video-poker proficiency YYYY-MM-DD TABLE_ID`): the drill
    /// run whose first hard hands are the questions.
    pub seed: Seed,
    /// How many questions a check has (25): the UI counts by it.
    pub total: usize,
    /// The next question to answer (null once all are answered).
    pub next: Option<usize>,
    /// The questions, first first: each with its cards, its answer once given, and once the check is
    /// complete its verdict.
    pub questions: Vec<CheckQuestion>,
    /// Whether every question is answered.
    pub done: bool,
    /// The score, once complete (today's ten deals' scoring: best holds, EV given up, grade).
    pub score: Option<Score>,
    /// The game's completed checks by date and their trend.
    pub curve: Curve,
}

/// One question of a check.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CheckQuestion {
    /// Its index, 0…24.
    pub index: usize,
    /// The hand's own seed (`vpoker verify --seed HEX --game TABLE` deals the same cards).
    pub seed: Seed,
    /// The five cards.
    pub cards: [Card; 5],
    /// What is on screen, line by line, on a table whose rules show something (`pipeline::drill`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multipliers: Option<Vec<u8>>,
    /// The hold answered (null before).
    pub hold: Option<Hold>,
    /// Why the hand is hard, once the check is complete (null before).
    pub reason: Option<HardReason>,
    /// The verdict, once the check is complete (null before: no hints during a check).
    pub review: Option<HoldReview>,
}

/// The curve: a game's completed checks, oldest first, and the trend through their EV given up per
/// 100 decisions.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Curve {
    /// The last [`CURVE_CHECKS`] completed checks, oldest first.
    pub checks: Vec<CheckPoint>,
    /// The least-squares line through `ev_given_up_per_100` by date (progress's rule); null with
    /// fewer than two checks.
    pub trend: Option<Trend>,
}

/// A completed check on the curve.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CheckPoint {
    /// Its date.
    pub date: NaiveDate,
    /// Holds as good as the best, of 25.
    pub best_holds: u32,
    /// EV per coin given up, summed over the 25.
    pub ev_given_up: f64,
    /// 100 × ev_given_up / 25: progress's unit.
    pub ev_given_up_per_100: f64,
    /// The grade.
    pub grade: &'static str,
}

/// The check of the game `table_id` on `today`: as stored once begun, else as it is drawn today.
pub(crate) fn state(conn: &Connection, table_id: &str, today: NaiveDate) -> Res<Proficiency> {
    let check = check_of(conn, table_id, today)?;
    let (questions, answers) = match check.code {
        Some(code) => (check_rows::questions_of(conn, code, today)?, check_rows::answers_of(conn, code, today)?),
        None => (draw(&check.table, today)?, Vec::new()),
    };
    view(conn, &check, today, &questions, &answers)
}

/// Answers question `index` of the check of `table_id` on `day` with `hold`, judged on the
/// question's stored EVs and kept with its verdict. Only today's check is answered
/// (`proficiency-other-day`), each question once (`proficiency-answered`), in order
/// (`proficiency-not-next`), and none once all are (`proficiency-done`); a refusal changes nothing.
/// The first answer stores the check's 25 questions as they are drawn then.
pub(crate) fn answer(conn: &Connection, table_id: &str, day: NaiveDate, index: usize, hold: Hold, today: NaiveDate) -> Res<Proficiency> {
    if day != today {
        return Err(GameError::ProficiencyOtherDay { day: day.to_string(), today }.into());
    }
    let mut check = check_of(conn, table_id, today)?;
    let mut answers = match check.code {
        Some(code) => check_rows::answers_of(conn, code, today)?,
        None => Vec::new(),
    };
    let next = answers.len();
    if next >= CHECK_HANDS {
        return Err(GameError::ProficiencyDone { table: check.id.clone(), day }.into());
    }
    if index < next {
        return Err(GameError::ProficiencyAnswered { table: check.id.clone(), day, index }.into());
    }
    if index != next {
        return Err(GameError::ProficiencyNotNext { index, next }.into());
    }
    let (code, questions) = match check.code {
        Some(code) => (code, check_rows::questions_of(conn, code, today)?),
        None => {
            // A table with no hard hands has no check: refused before anything is stored.
            let questions = draw(&check.table, today)?;
            let code = hands::code_of(conn, &check.table)?;
            check_rows::write_questions(conn, code, today, &questions)?;
            check.code = Some(code);
            (code, questions)
        }
    };
    let question = questions.get(index).ok_or_else(|| corrupt(format!("the proficiency check of {day} lacks question {index}")))?;
    let answer = check_rows::Answer::judged(question, hold);
    check_rows::write_answer(conn, code, today, index, &answer)?;
    answers.push(answer);
    if answers.len() == CHECK_HANDS {
        let score = score_of(&answers);
        conn.prepare_cached("INSERT INTO proficiency_days (table_id, day, best_holds, ev_given_up) VALUES (?1, ?2, ?3, ?4)")?
            .execute(params![check.table.id(), day_code(today), score.best_holds, score.ev_given_up])?;
    }
    view(conn, &check, today, &questions, &answers)
}

/// A game's check of a date: the table it is on, its registry code once begun, and the one id the
/// game goes by.
struct Check {
    /// The table: as it is now for a check not begun, as the registry keeps it for a begun one.
    table: Table,
    /// The registry code of a begun check.
    code: Option<i64>,
    /// The one table's id (`library::one_id`: a check begun under a former id is the one table's).
    id: String,
}

/// The check of `table_id` on `day`: a begun check goes on on the table it began on (a lab table
/// saved again since keeps its check, a check begun under a former id is that one's), a new one
/// is on the table as it is now (entered in the registry at its first answer).
fn check_of(conn: &Connection, table_id: &str, day: NaiveDate) -> Res<Check> {
    let table = table_id::resolve(conn, table_id)?;
    for code in hands::codes_of_id(conn, table.id())? {
        if check_rows::drawn(conn, code, day)? {
            let stored = Registry::load(conn)?.table(code).map_err(corrupt)?;
            return Ok(Check { table: stored, code: Some(code), id: table.id().to_string() });
        }
    }
    let id = table.id().to_string();
    Ok(Check { table, code: None, id })
}

/// The check's questions on `table` as they are drawn today (`no-hard-hands` on a table that has
/// none): the first hard hands of the drill run from the one table's seed (`check_hands`).
fn draw(table: &Table, day: NaiveDate) -> Res<Vec<check_rows::Question>> {
    let deals = check_hands(table, day, MAX_DEALS_PER_QUESTION).ok_or_else(|| GameError::NoHardHands { table: table.id().to_string() })?;
    Ok(deals.iter().map(check_rows::Question::of).collect())
}

/// The score of a complete check's answers, as each was judged.
fn score_of(answers: &[check_rows::Answer]) -> Score {
    Score::of_marks(answers.iter().map(|a| (a.mark, a.ev_given_up)), CHECK_HANDS)
}

fn view(conn: &Connection, check: &Check, day: NaiveDate, questions: &[check_rows::Question], answers: &[check_rows::Answer]) -> Res<Proficiency> {
    let done = answers.len() == CHECK_HANDS;
    let reviews: Vec<HoldReview> = if done { questions.iter().zip(answers).map(|(q, a)| q.review(a)).collect() } else { Vec::new() };
    let items = questions
        .iter()
        .enumerate()
        .map(|(index, q)| CheckQuestion {
            index,
            seed: q.seed,
            cards: q.cards,
            multipliers: q.multipliers.clone(),
            hold: answers.get(index).map(|a| a.hold),
            reason: done.then_some(q.reason),
            review: reviews.get(index).cloned(),
        })
        .collect();
    let table = &check.table;
    Ok(Proficiency {
        table: check.id.clone(),
        name: table.name().to_string(),
        label: table.label().clone(),
        date: day,
        // The run the questions came from: a begun check's is its registry table's id (a check
        // begun under a former id was drawn from that id's seed), a new one's the one table's.
        seed: match check.code {
            Some(_) => check_seed(day, table.id()),
            None => check_seed(day, &check_id(table)),
        },
        total: CHECK_HANDS,
        next: (!done).then_some(answers.len()),
        questions: items,
        done,
        score: done.then(|| score_of(answers)),
        curve: curve(conn, &check.id)?,
    })
}

/// The last [`CURVE_CHECKS`] completed checks of `table_id`, oldest first, and their trend (a
/// primary-key range read of the table's id and of each of its former ids, `library::former_ids`:
/// checks completed under a former id are the one table's; on a date with both, its own id's).
fn curve(conn: &Connection, table_id: &str) -> Res<Curve> {
    let sql = "SELECT day, best_holds, ev_given_up FROM proficiency_days WHERE table_id = ?1 ORDER BY day DESC LIMIT ?2";
    let mut stmt = conn.prepare_cached(sql)?;
    let mut by_day: std::collections::BTreeMap<i64, (u32, f64)> = std::collections::BTreeMap::new();
    for id in crate::library::former_ids(table_id).into_iter().chain(std::iter::once(table_id.to_string())) {
        let rows = stmt.query_map(params![id, CURVE_CHECKS], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, u32>(1)?, r.get::<_, f64>(2)?)))?;
        for row in rows {
            let (day, best_holds, ev_given_up) = row?;
            by_day.insert(day, (best_holds, ev_given_up));
        }
    }
    let mut checks = Vec::new();
    for (code, (best_holds, ev_given_up)) in by_day.into_iter().rev().take(CURVE_CHECKS as usize) {
        let grade = crate::game::coach::session_card::grade(ev_given_up / CHECK_HANDS as f64, best_holds as usize == CHECK_HANDS);
        checks.push(CheckPoint {
            date: day_from_code(code)?,
            best_holds,
            ev_given_up,
            ev_given_up_per_100: 100.0 * ev_given_up / CHECK_HANDS as f64,
            grade,
        });
    }
    checks.reverse();
    let trend = trend_of(&checks.iter().map(|c| (c.date, c.ev_given_up_per_100)).collect::<Vec<_>>());
    Ok(Curve { checks, trend })
}

/// What is wrong with the stored checks (truth): `check_rows::problems`.
pub(crate) fn problems(conn: &Connection) -> Res<Vec<String>> {
    check_rows::problems(conn)
}

/// Each completed check's row of `proficiency_days` as its answers give it: (table id, day, best
/// holds, EV given up), by table id and day, each answer scored by the verdict it was given. The
/// answers are truth: one that does not decode, or a second check of a game on a date, is corrupt.
fn days_from_answers(conn: &Connection) -> Res<Vec<(String, i64, u32, f64)>> {
    let registry = Registry::load(conn)?;
    let complete = check_rows::complete_checks(conn)?;
    let mut out = Vec::with_capacity(complete.len());
    for (code, day) in complete {
        let table = registry.table(code).map_err(corrupt)?;
        let score = score_of(&check_rows::answers_of(conn, code, day_from_code(day)?)?);
        out.push((table.id().to_string(), day, score.best_holds, score.ev_given_up));
    }
    out.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    if let Some(twice) = out.windows(2).find(|w| (&w[0].0, w[0].1) == (&w[1].0, w[1].1)) {
        return Err(corrupt(format!("two proficiency checks of '{}' on day {}", twice[0].0, twice[0].1)));
    }
    Ok(out)
}

/// Where the stored `proficiency_days` disagree with their rebuild from the answers, in words
/// (empty when they agree exactly): for the full audit.
pub(crate) fn day_differences(conn: &Connection) -> Res<Vec<String>> {
    let rebuilt = days_from_answers(conn)?;
    let mut stmt = conn.prepare_cached("SELECT table_id, day, best_holds, ev_given_up FROM proficiency_days ORDER BY table_id, day")?;
    let stored = stmt
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?, r.get::<_, u32>(2)?, r.get::<_, f64>(3)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    if stored == rebuilt {
        return Ok(Vec::new());
    }
    Ok(vec![format!(
        "the proficiency checks: the stored scores ({} of them) disagree with their answers ({} complete)",
        stored.len(),
        rebuilt.len()
    )])
}

/// `proficiency_days`, this room's derived table (each completed check's score, so the curve is a
/// primary-key range): defined here, not by a migration, and recreated whenever the stored one is
/// not this shape.
const DAYS_DEFINITION: &str = "
CREATE TABLE proficiency_days (
    table_id TEXT NOT NULL,
    day INTEGER NOT NULL CHECK (typeof(day) = 'integer'),
    best_holds INTEGER NOT NULL CHECK (best_holds BETWEEN 0 AND 25),
    ev_given_up REAL NOT NULL CHECK (ev_given_up >= 0),
    PRIMARY KEY (table_id, day)
) WITHOUT ROWID;
";

/// The tables this room derives (for `game::derived`).
pub(crate) const DAYS_TABLES: &[&str] = &["proficiency_days"];

/// Whether the stored `proficiency_days` is today's definition (by shape); a missing or altered
/// one is not, and open rebuilds it.
pub(crate) fn days_current(conn: &Connection) -> Res<bool> {
    static TODAY: schema::Definitions = schema::Definitions::new();
    schema::definitions_current(conn, DAYS_TABLES, &TODAY, || DAYS_DEFINITION.to_string())
}

/// Recreates `proficiency_days` from the answers (inside the open's or the repair's transaction).
pub(crate) fn rebuild_days(conn: &Connection) -> Res<()> {
    let rebuilt = days_from_answers(conn)?;
    conn.execute_batch("DROP TABLE IF EXISTS proficiency_days;")?;
    conn.execute_batch(DAYS_DEFINITION)?;
    let mut insert = conn.prepare_cached("INSERT INTO proficiency_days (table_id, day, best_holds, ev_given_up) VALUES (?1, ?2, ?3, ?4)")?;
    for (table, day, best, ev) in rebuilt {
        insert.execute(params![table, day, best, ev])?;
    }
    Ok(())
}
