//! Today's ten deals: a daily reason to return that is about skill. Ten single-hand deals on the
//! machine of the day, the same for everyone on a date ([`crate::pipeline::daily`]), each date
//! played once; no chips or XP move, and every level may play. Each hand is drawn and shown after
//! its hold; the verdicts (best hold, EVs, marks) and the score come only once the ten are played.
//!
//! Owns `daily_deals` (the hold played on each deal of each date: the truth; cards and results are
//! replayed from the date's seeds) and `daily_days` (each finished date's score and the run of
//! consecutive dates it closed), so the strip of 30 days, the streak and the best score cost the
//! same however many days were played. Each draw is one transaction: a killed app resumes at the
//! next deal.

use std::collections::BTreeMap;

use chrono::{Days, NaiveDate};
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::locale::Language;
use crate::machine::MachineId;
use crate::pipeline::chain::Head;
use crate::pipeline::daily::{self, DEALS};
use crate::pipeline::settle::settle_with;

use super::coach::score::{HoldReview, Score};
use super::error::GameError;
use super::rules;
use super::store::codes::{day_code, day_from_code};
use super::store::schema;
use super::store::{corrupt, Res};

/// The days the strip shows, today included.
pub const STRIP_DAYS: u64 = 30;

/// Today's ten deals as the UI and `vpoker play daily` show them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DailyDeals {
    /// The date, `YYYY-MM-DD`.
    pub date: NaiveDate,
    /// The machine of the day.
    pub machine: MachineId,
    /// How many deals a date has (`pipeline::daily::DEALS`: ten): the UI counts by it.
    pub deals: usize,
    /// The next deal's index (0…9), or 10 when the ten are played.
    pub index: usize,
    /// The deal to hold now (null once the ten are played).
    pub hand: Option<DailyHand>,
    /// The deals played so far, first first.
    pub results: Vec<DailyResult>,
    /// Whether the ten are played.
    pub done: bool,
    /// The score, once the ten are played.
    pub score: Option<DailyScore>,
    /// A short text to share once the ten are played, in each of the UI's languages by code (`en`,
    /// `de`, `pt`, `ja`): the app, date, machine, score and grade in the language's words
    /// (`daily.share-text`), then one mark per hand (🟩 best, 🟨 close, 🟥 costly); no cards.
    pub share: Option<BTreeMap<&'static str, String>>,
    /// Consecutive dates played to the end, up to today (or yesterday while today is not done).
    pub streak: u32,
    /// The best day ever: most best holds, then least EV given up.
    pub best: Option<DailyDay>,
    /// The played dates among the last 30, oldest first.
    pub days: Vec<DailyDay>,
}

/// The deal to hold.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DailyHand {
    /// The five cards dealt.
    pub cards: [Card; 5],
}

/// One deal played: what was drawn always; the verdict only once the ten are played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DailyResult {
    /// The deal's index, 0…9.
    pub index: usize,
    /// The five cards dealt.
    pub cards: [Card; 5],
    /// The hold played.
    pub hold: Hold,
    /// The replacement cards.
    pub drawn: Vec<Card>,
    /// The final five cards.
    #[serde(rename = "final")]
    pub final_cards: [Card; 5],
    /// The paytable row reached, or "nothing".
    pub outcome: String,
    /// What it pays per coin.
    pub win: u64,
    /// The verdict, once the ten are played (null before: no hints during the day).
    pub review: Option<DailyReview>,
}

/// A played deal's verdict: the one review of a scored set's decision (the proficiency check's too).
pub type DailyReview = HoldReview;

/// A finished day's score: holds as good as the best, the EV per coin given up summed over the ten,
/// the grade on the session card's thresholds (the proficiency check is scored the same way).
pub type DailyScore = Score;

/// A played date in the strip, or the best day.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DailyDay {
    /// The date.
    pub date: NaiveDate,
    /// Holds as good as the best.
    pub best_holds: u32,
    /// EV per coin given up, summed over the ten.
    pub ev_given_up: f64,
}

/// Today's ten deals on `today`.
pub(crate) fn state(conn: &Connection, today: NaiveDate) -> Res<DailyDeals> {
    let holds = holds_of(conn, today)?;
    let done = holds.len() == DEALS;
    let (played, score) = played(today, &holds);
    let results = played.into_iter().map(|(result, review)| DailyResult { review: done.then_some(review), ..result }).collect::<Vec<_>>();
    let score = done.then_some(score);
    let share = match &score {
        Some(score) => {
            let head = super::hands::chain::head(conn)?;
            Some(Language::ALL.map(|lang| (lang.code(), share_text(lang, today, &results, score, &head))).into())
        }
        None => None,
    };
    let streak = match streak_on(conn, today)? {
        Some(streak) => streak,
        None => today.pred_opt().map(|day| streak_on(conn, day)).transpose()?.flatten().unwrap_or(0),
    };
    let index = holds.len();
    Ok(DailyDeals {
        date: today,
        machine: daily::machine(today),
        deals: daily::DEALS,
        index,
        hand: (!done).then(|| DailyHand { cards: daily::deal(today, index).dealt() }),
        results,
        done,
        score,
        share,
        streak,
        best: best_day(conn)?,
        days: strip(conn, today)?,
    })
}

/// The deals of `date` played with `holds` (in order), and their score so far.
fn played(date: NaiveDate, holds: &[Hold]) -> (Vec<(DailyResult, DailyReview)>, DailyScore) {
    let out: Vec<(DailyResult, DailyReview)> = holds.iter().enumerate().map(|(index, &hold)| play(date, index, hold)).collect();
    let score = Score::of(out.iter().map(|(_, review)| review), DEALS);
    (out, score)
}

/// Holds and draws the current deal of `today`; after the tenth, `daily-deals-done`.
pub(crate) fn draw(conn: &Connection, today: NaiveDate, hold: Hold) -> Res<DailyDeals> {
    let index = holds_of(conn, today)?.len();
    if index >= DEALS {
        return Err(GameError::DailyDealsDone { day: today }.into());
    }
    conn.prepare_cached("INSERT INTO daily_deals (day, idx, hold) VALUES (?1, ?2, ?3)")?
        .execute(params![day_code(today), index as i64, i64::from(hold.mask())])?;
    if index + 1 == DEALS {
        let (_, score) = played(today, &holds_of(conn, today)?);
        // The one streak rule (the daily chips' too): dates after it played before it (a clock set
        // back) now have a run that starts earlier.
        let (streak, later) = rules::record_streak(today, |day| streak_on(conn, day))?;
        conn.prepare_cached("INSERT INTO daily_days (day, best_holds, ev_given_up, streak) VALUES (?1, ?2, ?3, ?4)")?
            .execute(params![day_code(today), score.best_holds, score.ev_given_up, streak])?;
        for (day, streak) in later {
            conn.prepare_cached("UPDATE daily_days SET streak = ?2 WHERE day = ?1")?.execute(params![day_code(day), streak])?;
        }
    }
    state(conn, today)
}

/// Each finished date's row of `daily_days` as its holds give it: (date, best holds, EV given up,
/// the run of consecutive finished dates it closes), in date order. `daily_days` is derived from
/// `daily_deals`: the full audit compares the two and rebuilds the days from the deals.
fn days_from_deals(conn: &Connection) -> Res<Vec<(i64, u32, f64, u32)>> {
    let mut stmt = conn.prepare_cached("SELECT day FROM daily_deals GROUP BY day HAVING COUNT(*) = 10 ORDER BY day")?;
    let codes = stmt.query_map([], |row| row.get::<_, i64>(0))?.collect::<rusqlite::Result<Vec<_>>>()?;
    let mut finished = Vec::with_capacity(codes.len());
    for code in codes {
        // The deals are truth: a day that is not a date, or holds that do not decode, are corrupt.
        let date = day_from_code(code)?;
        let (_, score) = played(date, &holds_of(conn, date)?);
        finished.push((date, code, score));
    }
    let dates: Vec<NaiveDate> = finished.iter().map(|(date, _, _)| *date).collect();
    Ok(finished
        .into_iter()
        .zip(rules::streaks(&dates))
        .map(|((_, code, score), streak)| (code, score.best_holds, score.ev_given_up, streak))
        .collect())
}

/// What is wrong with the stored deals of today's ten (truth), in words (at most 20): each date's
/// day number must be a date. (Their holds and indexes are checked by the table's CHECKs and by
/// every read.) The full audit reports these as problems, so the days' rebuild never meets them.
pub(crate) fn problems(conn: &Connection) -> Res<Vec<String>> {
    let mut stmt = conn.prepare_cached("SELECT DISTINCT day FROM daily_deals ORDER BY day")?;
    let codes = stmt.query_map([], |row| row.get::<_, i64>(0))?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(codes
        .into_iter()
        .filter(|&code| day_from_code(code).is_err())
        .take(20)
        .map(|code| format!("today's deals on day {code}, which is not a date"))
        .collect())
}

/// Where the stored `daily_days` disagree with their rebuild from `daily_deals`, in words (empty
/// when they agree exactly). Costs every played day: for the full audit.
pub(crate) fn day_differences(conn: &Connection) -> Res<Vec<String>> {
    let rebuilt = days_from_deals(conn)?;
    let mut stmt = conn.prepare_cached("SELECT day, best_holds, ev_given_up, streak FROM daily_days ORDER BY day")?;
    let stored = stmt
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, u32>(1)?, r.get::<_, f64>(2)?, r.get::<_, u32>(3)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    if stored == rebuilt {
        return Ok(Vec::new());
    }
    let first = stored.iter().zip(&rebuilt).find(|(a, b)| a != b).map(|(a, _)| day_from_code(a.0).map_or(a.0.to_string(), |d| d.to_string()));
    Ok(vec![format!(
        "today's deals: the stored days ({} of them) disagree with their deals ({} finished){}",
        stored.len(),
        rebuilt.len(),
        first.map_or(String::new(), |day| format!(", first on {day}"))
    )])
}

/// `daily_days`, this room's derived table (each finished date's score and the run it closes, so
/// the strip, the streak and the best day cost the same however many days were played): its rooms
/// define it here, not a migration, and recreate it whenever the stored one is not this shape.
const DAYS_DEFINITION: &str = "
CREATE TABLE daily_days (
    day INTEGER PRIMARY KEY CHECK (typeof(day) = 'integer'),
    best_holds INTEGER NOT NULL CHECK (best_holds BETWEEN 0 AND 10),
    ev_given_up REAL NOT NULL CHECK (ev_given_up >= 0),
    streak INTEGER NOT NULL CHECK (streak >= 1)
) WITHOUT ROWID;
CREATE INDEX daily_days_score ON daily_days (best_holds DESC, ev_given_up);
CREATE INDEX daily_days_streak ON daily_days (streak);
";

/// The tables this room derives (for `game::derived`).
pub(crate) const DAYS_TABLES: &[&str] = &["daily_days"];

/// Whether the stored `daily_days` is today's definition (its table and indexes, by shape); a
/// missing or altered one is not, and open rebuilds it.
pub(crate) fn days_current(conn: &Connection) -> Res<bool> {
    static TODAY: schema::Definitions = schema::Definitions::new();
    schema::definitions_current(conn, DAYS_TABLES, &TODAY, || DAYS_DEFINITION.to_string())
}

/// Recreates `daily_days` from `daily_deals` (inside the open's or the repair's transaction).
pub(crate) fn rebuild_days(conn: &Connection) -> Res<()> {
    let rebuilt = days_from_deals(conn)?;
    conn.execute_batch("DROP TABLE IF EXISTS daily_days;")?;
    conn.execute_batch(DAYS_DEFINITION)?;
    let mut insert = conn.prepare_cached("INSERT INTO daily_days (day, best_holds, ev_given_up, streak) VALUES (?1, ?2, ?3, ?4)")?;
    for (day, best, ev, streak) in rebuilt {
        insert.execute(params![day, best, ev, streak])?;
    }
    Ok(())
}

/// Deal `index` of `date` drawn with `hold`, and its verdict.
fn play(date: NaiveDate, index: usize, hold: Hold) -> (DailyResult, DailyReview) {
    let deal = daily::deal(date, index);
    let evs = deal.table().hand_evs(&deal.dealt());
    let settled = settle_with(&deal, 1, hold, None, &evs);
    let hand = settled.results.into_iter().next().expect("one hand");
    let review = HoldReview::of(&evs, &deal.dealt(), hold);
    let result = DailyResult {
        index,
        cards: deal.dealt(),
        hold,
        drawn: hand.drawn,
        final_cards: hand.cards,
        outcome: hand.outcome,
        win: hand.win,
        review: None,
    };
    (result, review)
}

/// The share text in `lang`: `daily.share-text` of the UI's table filled with the app's name, the
/// date and the machine's name as the UI writes them, the score and the grade; then the marks;
/// then the history's head as it is now (`daily.share-head`), which `vpoker verify --all --head`
/// holds a later copy of the game to.
fn share_text(lang: Language, date: NaiveDate, results: &[DailyResult], score: &DailyScore, head: &Head) -> String {
    let marks: String = results
        .iter()
        .map(|r| match r.review.as_ref().map(|v| v.mark) {
            Some("best") => '🟩',
            Some("close") => '🟨',
            _ => '🟥',
        })
        .collect();
    let line = lang.fill(
        "daily.share-text",
        &[
            ("app", &lang.fill("app.title", &[])),
            ("date", &lang.day(date)),
            ("machine", &lang.fill(&format!("machine.{}", daily::machine(date).id()), &[])),
            ("best", &score.best_holds.to_string()),
            ("total", &DEALS.to_string()),
            ("ev", &lang.decimal(score.ev_given_up, 3)),
            ("grade", score.grade),
        ],
    );
    let head = lang.fill("daily.share-head", &[("records", &lang.decimal(head.records as f64, 0)), ("hex", &head.hex)]);
    format!("{line}\n{marks}\n{head}")
}

/// The holds played on `date`, in order (at most ten rows); a gap or a bad mask is corrupt.
fn holds_of(conn: &Connection, date: NaiveDate) -> Res<Vec<Hold>> {
    let mut stmt = conn.prepare_cached("SELECT idx, hold FROM daily_deals WHERE day = ?1 ORDER BY idx")?;
    let rows = stmt.query_map([day_code(date)], |row| Ok((row.get::<_, i64>(0)?, row.get::<_, u32>(1)?)))?;
    let mut holds = Vec::new();
    for row in rows {
        let (index, mask) = row?;
        let hold = Hold::from_mask(mask).map_err(|_| corrupt(format!("bad hold {mask} in today's deals of {date}")))?;
        if index != holds.len() as i64 {
            return Err(corrupt(format!("today's deals of {date} skip deal {}", holds.len())));
        }
        holds.push(hold);
    }
    Ok(holds)
}

/// The run of consecutive dates played that `date` closed, if it was played to the end.
fn streak_on(conn: &Connection, date: NaiveDate) -> Res<Option<u32>> {
    Ok(conn
        .prepare_cached("SELECT streak FROM daily_days WHERE day = ?1")?
        .query_row([day_code(date)], |row| row.get(0))
        .optional()?)
}

fn day_of(row: &rusqlite::Row<'_>) -> rusqlite::Result<(i64, u32, f64)> {
    Ok((row.get(0)?, row.get(1)?, row.get(2)?))
}

/// A stored day of `daily_days` (a day number that is no date is corrupt).
fn decoded((code, best_holds, ev_given_up): (i64, u32, f64)) -> Res<DailyDay> {
    Ok(DailyDay { date: day_from_code(code)?, best_holds, ev_given_up })
}

/// The best day: most best holds, then least EV given up (the index gives it in one step).
fn best_day(conn: &Connection) -> Res<Option<DailyDay>> {
    let sql = "SELECT day, best_holds, ev_given_up FROM daily_days ORDER BY best_holds DESC, ev_given_up LIMIT 1";
    conn.prepare_cached(sql)?.query_row([], day_of).optional()?.map(decoded).transpose()
}

/// The played dates among the 30 ending on `today`, oldest first (a primary-key range).
fn strip(conn: &Connection, today: NaiveDate) -> Res<Vec<DailyDay>> {
    let first = today.checked_sub_days(Days::new(STRIP_DAYS - 1)).unwrap_or(NaiveDate::MIN);
    let sql = "SELECT day, best_holds, ev_given_up FROM daily_days WHERE day BETWEEN ?1 AND ?2 ORDER BY day";
    let mut stmt = conn.prepare_cached(sql)?;
    let rows = stmt.query_map([day_code(first), day_code(today)], day_of)?;
    let mut days = Vec::new();
    for row in rows {
        days.push(decoded(row?)?);
    }
    Ok(days)
}

/// The most best holds of any day played (0 before any).
pub(crate) fn best_day_holds(conn: &Connection) -> Res<u64> {
    Ok(best_day(conn)?.map_or(0, |day| u64::from(day.best_holds)))
}

/// The longest run of consecutive dates played to the end (0 before any; one step of an index).
pub(crate) fn longest_streak(conn: &Connection) -> Res<u64> {
    let longest: Option<i64> = conn.prepare_cached("SELECT MAX(streak) FROM daily_days")?.query_row([], |r| r.get(0))?;
    Ok(longest.unwrap_or(0).max(0) as u64)
}
