//! The proficiency check (docs/TRAINING.md, "The proficiency check"): for a game and a date, a
//! fixed set of [`CHECK_HANDS`] hard decisions — the first hard hands of the drill run whose master
//! seed the date and the table's id give (`pipeline::drill::check_seed`, `check_hands`) — answered
//! in order, one hold each, and scored like today's ten deals (`coach::score`): holds as good as the
//! best, EV given up per coin, the grade. One check per game a date; only today's is answered. The
//! verdicts come once the check is complete (a check, not a lesson). The curve is the game's
//! completed checks by date with the least-squares trend progress draws (`coach::progress`).
//!
//! Owns `proficiency_answers` (the truth: each hold answered to each question of each check, by the
//! table's registry code, so a check replays on the table as it was even when a lab table is saved
//! again) and `proficiency_days` (each completed check's score; derived, defined here, rebuilt from
//! the answers), so the curve is an indexed read of the last [`CURVE_CHECKS`] rows whatever the
//! length of the history.

use std::collections::BTreeSet;

use chrono::NaiveDate;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::pipeline::drill::{check_hands, check_seed, DrillDeal, CHECK_HANDS};
use crate::shuffle::Seed;
use crate::strategy::drill::HardReason;
use crate::table::{Table, TableLabel};

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

/// The check of the game `table_id` on `today`.
pub(crate) fn state(conn: &Connection, table_id: &str, today: NaiveDate) -> Res<Proficiency> {
    let (table, code) = check_table(conn, table_id, today)?;
    let holds = match code {
        Some(code) => holds_of(conn, code, today)?,
        None => Vec::new(),
    };
    view(conn, &table, today, &deals(&table, today)?, &holds)
}

/// Answers question `index` of the check of `table_id` on `day` with `hold`. Only today's check is
/// answered (`proficiency-other-day`), each question once (`proficiency-answered`), in order
/// (`proficiency-not-next`), and none once all are (`proficiency-done`); a refusal changes nothing.
pub(crate) fn answer(conn: &Connection, table_id: &str, day: NaiveDate, index: usize, hold: Hold, today: NaiveDate) -> Res<Proficiency> {
    if day != today {
        return Err(GameError::ProficiencyOtherDay { day: day.to_string(), today }.into());
    }
    let (table, code) = check_table(conn, table_id, today)?;
    let mut holds = match code {
        Some(code) => holds_of(conn, code, today)?,
        None => Vec::new(),
    };
    let next = holds.len();
    if next >= CHECK_HANDS {
        return Err(GameError::ProficiencyDone { table: table.id().to_string(), day }.into());
    }
    if index < next {
        return Err(GameError::ProficiencyAnswered { table: table.id().to_string(), day, index }.into());
    }
    if index != next {
        return Err(GameError::ProficiencyNotNext { index, next }.into());
    }
    // A table with no hard hands has no check: refused before anything is stored.
    let deals = deals(&table, today)?;
    let code = match code {
        Some(code) => code,
        None => hands::code_of(conn, &table)?,
    };
    conn.prepare_cached("INSERT INTO proficiency_answers (tbl, day, idx, hold) VALUES (?1, ?2, ?3, ?4)")?
        .execute(params![code, day_code(today), index as i64, i64::from(hold.mask())])?;
    holds.push(hold);
    if holds.len() == CHECK_HANDS {
        let score = score_of(&deals, &holds);
        conn.prepare_cached("INSERT INTO proficiency_days (table_id, day, best_holds, ev_given_up) VALUES (?1, ?2, ?3, ?4)")?
            .execute(params![table.id(), day_code(today), score.best_holds, score.ev_given_up])?;
    }
    view(conn, &table, today, &deals, &holds)
}

/// The table of the check of `table_id` on `day`, and its registry code when the check is begun:
/// a begun check goes on on the table it began on (a lab table saved again since keeps its
/// check), a new one is on the table as it is now (entered in the registry at its first answer).
fn check_table(conn: &Connection, table_id: &str, day: NaiveDate) -> Res<(Table, Option<i64>)> {
    let table = table_id::resolve(conn, table_id)?;
    let mut begun = conn.prepare_cached("SELECT 1 FROM proficiency_answers WHERE tbl = ?1 AND day = ?2 LIMIT 1")?;
    for code in hands::codes_of_id(conn, table.id())? {
        if begun.query_row(params![code, day_code(day)], |_| Ok(())).optional()?.is_some() {
            let stored = Registry::load(conn)?.table(code).map_err(corrupt)?;
            return Ok((stored, Some(code)));
        }
    }
    Ok((table, None))
}

/// The check's hard hands on `table` (`no-hard-hands` on a table that has none).
fn deals(table: &Table, day: NaiveDate) -> Res<Vec<DrillDeal>> {
    check_hands(table, day, MAX_DEALS_PER_QUESTION).ok_or_else(|| GameError::NoHardHands { table: table.id().to_string() }.into())
}

/// Each answered question's review, in order.
fn reviews(deals: &[DrillDeal], holds: &[Hold]) -> Vec<HoldReview> {
    deals.iter().zip(holds).map(|(deal, &hold)| HoldReview::of(&deal.evs(), &deal.hand.cards, hold)).collect()
}

/// The score of a complete check.
fn score_of(deals: &[DrillDeal], holds: &[Hold]) -> Score {
    Score::of(&reviews(deals, holds), CHECK_HANDS)
}

fn view(conn: &Connection, table: &Table, day: NaiveDate, deals: &[DrillDeal], holds: &[Hold]) -> Res<Proficiency> {
    let done = holds.len() == CHECK_HANDS;
    let reviews = if done { reviews(deals, holds) } else { Vec::new() };
    let questions = deals
        .iter()
        .enumerate()
        .map(|(index, deal)| CheckQuestion {
            index,
            seed: deal.seed,
            cards: deal.hand.cards,
            multipliers: deal.multipliers.clone(),
            hold: holds.get(index).copied(),
            reason: done.then_some(deal.hand.reason),
            review: reviews.get(index).cloned(),
        })
        .collect();
    Ok(Proficiency {
        table: table.id().to_string(),
        name: table.name().to_string(),
        label: table.label().clone(),
        date: day,
        seed: check_seed(day, table.id()),
        total: CHECK_HANDS,
        next: (!done).then_some(holds.len()),
        questions,
        done,
        score: done.then(|| Score::of(&reviews, CHECK_HANDS)),
        curve: curve(conn, table.id())?,
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

/// The holds answered to the check of registry code `code` on `day`, in order (at most 25 rows); a
/// gap or a bad mask is corrupt.
fn holds_of(conn: &Connection, code: i64, day: NaiveDate) -> Res<Vec<Hold>> {
    let mut stmt = conn.prepare_cached("SELECT idx, hold FROM proficiency_answers WHERE tbl = ?1 AND day = ?2 ORDER BY idx")?;
    let rows = stmt.query_map(params![code, day_code(day)], |row| Ok((row.get::<_, i64>(0)?, row.get::<_, u32>(1)?)))?;
    let mut holds = Vec::new();
    for row in rows {
        let (index, mask) = row?;
        let hold = Hold::from_mask(mask).map_err(|_| corrupt(format!("bad hold {mask} in the proficiency check of {day}")))?;
        if index != holds.len() as i64 {
            return Err(corrupt(format!("the proficiency check of {day} skips question {}", holds.len())));
        }
        holds.push(hold);
    }
    Ok(holds)
}

/// What is wrong with the stored answers (truth), in words (at most 20): each must be a hold (0–31)
/// of a question that exists — a check of a table the registry names, on a date, its questions
/// answered from the first without a gap, at most 25 — and a game has one check a date.
pub(crate) fn problems(conn: &Connection) -> Res<Vec<String>> {
    let registry = Registry::load(conn)?;
    let mut stmt = conn.prepare_cached("SELECT tbl, day, idx, hold FROM proficiency_answers ORDER BY tbl, day, idx")?;
    let mut rows = stmt.query([])?;
    let mut out = Vec::new();
    let mut checks = BTreeSet::new();
    let mut expected: Option<(i64, i64, i64)> = None;
    while let Some(row) = rows.next()? {
        let (code, day, index, mask): (i64, i64, i64, i64) = (row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?);
        let next = match expected {
            Some((c, d, i)) if (c, d) == (code, day) => i,
            _ => 0,
        };
        expected = Some((code, day, index + 1));
        let table = registry.table(code);
        let problem = if let Err(why) = &table {
            Some(format!("a proficiency answer on {why}"))
        } else if day_from_code(day).is_err() {
            Some(format!("a proficiency answer on day {day}, which is not a date"))
        } else if !(0..CHECK_HANDS as i64).contains(&index) || index != next {
            Some(format!("a proficiency answer to question {index} of a check whose next question is {next}"))
        } else if u32::try_from(mask).map_or(true, |m| Hold::from_mask(m).is_err()) {
            Some(format!("a proficiency answer of hold {mask}, which is no hold"))
        } else if index == 0 && !checks.insert((table.as_ref().map(|t| t.id().to_string()).unwrap_or_default(), day)) {
            Some(format!("two proficiency checks of one game on day {day}"))
        } else {
            None
        };
        if let Some(problem) = problem {
            out.push(problem);
            if out.len() == 20 {
                break;
            }
        }
    }
    Ok(out)
}

/// Each completed check's row of `proficiency_days` as its answers give it: (table id, day, best
/// holds, EV given up), by table id and day. The answers are truth: one that does not decode, or a
/// second check of a game on a date, is corrupt.
fn days_from_answers(conn: &Connection) -> Res<Vec<(String, i64, u32, f64)>> {
    let registry = Registry::load(conn)?;
    let sql = format!("SELECT tbl, day FROM proficiency_answers GROUP BY tbl, day HAVING COUNT(*) = {CHECK_HANDS}");
    let mut stmt = conn.prepare_cached(&sql)?;
    let complete = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))?.collect::<rusqlite::Result<Vec<_>>>()?;
    let mut out = Vec::with_capacity(complete.len());
    for (code, day) in complete {
        let table = registry.table(code).map_err(corrupt)?;
        let date = day_from_code(day)?;
        let score = score_of(&deals(&table, date).map_err(|_| corrupt(format!("a proficiency check on {}, which has none", table.id())))?, &holds_of(conn, code, date)?);
        out.push((table.id().to_string(), day, score.best_holds, score.ev_given_up));
    }
    out.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    if let Some(twice) = out.windows(2).find(|w| (&w[0].0, w[0].1) == (&w[1].0, w[1].1)) {
        return Err(corrupt(format!("two proficiency checks of '{}' on day {}", twice[0].0, twice[0].1)));
    }
    Ok(out)
}

/// Where the stored `proficiency_days` disagree with their rebuild from the answers, in words
/// (empty when they agree exactly). Deals every completed check again: for the full audit.
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
