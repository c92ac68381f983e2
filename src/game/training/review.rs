//! The review queue: the player's own mistaken deals come back in drills on a schedule of dates
//! (`schedule.rs`: FSRS, right = Good, wrong = Again; docs/TRAINING.md). A mistake enters as a new
//! card due the date its hand was dealt; each drill answer on it, on the player's local date,
//! schedules it again; a right answer that puts it more than `RETIRE_AFTER_DAYS` days out takes it
//! off the queue. What is due is read through the index `review_due (tbl, due, hand_id)`: the cost
//! follows the cards asked for, never the history.

use chrono::NaiveDate;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use super::schedule::ReviewSchedule;
use crate::card::Card;
use crate::game::hands;
use crate::game::store::codes::{day_code, day_from_code};
use crate::game::store::Res;
use crate::table::TableLabel;

/// The first date there is (day number 1), the due date of a queued hand that carries no date.
fn first_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(1, 1, 1).expect("0001-01-01 is a date")
}

/// Puts drawn hand `hand_id` on the queue of the table it was dealt on when its hold was a
/// `mistake`: a new card due the date the hand was dealt (a machine's hand for chips or practice
/// and a practised table's alike).
pub(crate) fn enqueue(conn: &Connection, hand_id: i64, mistake: bool) -> Res<()> {
    if mistake {
        let Some((code, _)) = hands::table_code_of(conn, hand_id)? else { return Ok(()) };
        let made_on = hands::finished_hand(conn, hand_id)?.and_then(|hand| hand.moment).map_or_else(first_day, |m| m.date());
        let card = ReviewSchedule::new(made_on);
        conn.prepare_cached(
            "INSERT OR IGNORE INTO review (hand_id, tbl, due, last_review, reps, lapses, stability, difficulty) \
             VALUES (?1, ?2, ?3, NULL, 0, 0, 0, 0)",
        )?
        .execute(params![hand_id, code, day_code(card.due)])?;
    }
    Ok(())
}

/// What is wrong with the queue, in words (at most 20): every queued hand must be a drawn hand of the
/// history, dealt on the table it is queued under (a row for a missing hand used to pass the audit
/// and then make `mistakes` answer `unknown-hand`). Primary-key lookups, one per queued hand.
pub(crate) fn problems(conn: &Connection) -> Res<Vec<String>> {
    let mut stmt = conn.prepare_cached("SELECT hand_id, tbl, due, last_review FROM review ORDER BY hand_id")?;
    let rows = stmt.query_map([], |row| {
        Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)?, row.get::<_, i64>(2)?, row.get::<_, Option<i64>>(3)?))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (hand, queued_under, due, last_review) = row?;
        // Its dates are days of the calendar (`store::codes`), as every stored date is: one that
        // is none would make every read of the queue corrupt.
        let not_a_day = [Some(due), last_review].into_iter().flatten().find(|&day| day_from_code(day).is_err());
        if let Some(day) = not_a_day {
            out.push(format!("the review queue holds hand {hand} with a stored day {day} that is not a date"));
            if out.len() >= 20 {
                break;
            }
            continue;
        }
        let problem = match hands::table_code_of(conn, hand)? {
            None => format!("the review queue holds hand {hand}, which is not in the history"),
            Some((_, false)) => format!("the review queue holds hand {hand}, which was never drawn"),
            Some((code, true)) if code != queued_under => {
                format!("the review queue holds hand {hand} under table code {queued_under}, not the table it was dealt on")
            }
            Some(_) => continue,
        };
        out.push(problem);
        if out.len() >= 20 {
            break;
        }
    }
    Ok(out)
}

/// The table code a hand is queued under, if it is on the queue.
pub(crate) fn queued_under(conn: &Connection, hand_id: i64) -> Res<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT tbl FROM review WHERE hand_id = ?1")?
        .query_row([hand_id], |r| r.get(0))
        .optional()?)
}

/// Mistakes queued under the table codes `codes` (a table's codes in the registry).
pub(crate) fn queue_len(conn: &Connection, codes: &[i64]) -> Res<u64> {
    let mut total = 0u64;
    for &code in codes {
        let n: i64 = conn.prepare_cached("SELECT COUNT(*) FROM review WHERE tbl = ?1")?.query_row([code], |r| r.get(0))?;
        total += n.max(0) as u64;
    }
    Ok(total)
}

/// Mistakes queued under `codes` that are due on `today` (due on or before it): a count over the
/// index's range.
pub(crate) fn due_len(conn: &Connection, codes: &[i64], today: NaiveDate) -> Res<u64> {
    let mut total = 0u64;
    for &code in codes {
        let n: i64 = conn
            .prepare_cached("SELECT COUNT(*) FROM review WHERE tbl = ?1 AND due <= ?2")?
            .query_row(params![code, day_code(today)], |r| r.get(0))?;
        total += n.max(0) as u64;
    }
    Ok(total)
}

/// The next hand to review under `codes` on `today`: the earliest due, if it is due (`None` when
/// nothing is due today). One index lookup per code.
pub(crate) fn next(conn: &Connection, codes: &[i64], today: NaiveDate) -> Res<Option<i64>> {
    Ok(due_order(conn, codes, 1)?.into_iter().find(|(_, card)| card.is_due(today)).map(|(hand, _)| hand))
}

/// Records an answer to queued hand `hand_id` on `today`; returns whether it left the queue (a right
/// answer that put it more than `RETIRE_AFTER_DAYS` out). A hand not on the queue is left alone.
pub(crate) fn answer(conn: &Connection, hand_id: i64, right: bool, today: NaiveDate) -> Res<bool> {
    let card = conn
        .prepare_cached(&format!("SELECT {CARD_COLUMNS} FROM review WHERE hand_id = ?1"))?
        .query_row([hand_id], read_card)
        .optional()?;
    let Some(card) = card else { return Ok(false) };
    match card?.answered(right, today) {
        None => {
            conn.prepare_cached("DELETE FROM review WHERE hand_id = ?1")?.execute([hand_id])?;
            Ok(true)
        }
        Some(next) => {
            conn.prepare_cached(
                "UPDATE review SET due = ?2, last_review = ?3, reps = ?4, lapses = ?5, stability = ?6, difficulty = ?7 \
                 WHERE hand_id = ?1",
            )?
            .execute(params![
                hand_id,
                day_code(next.due),
                next.last_review.map(day_code),
                i64::from(next.reps),
                i64::from(next.lapses),
                next.stability,
                next.difficulty
            ])?;
            Ok(false)
        }
    }
}

/// The date queued hand `hand_id` is next due, if it is on the queue.
pub(crate) fn due_date_of(conn: &Connection, hand_id: i64) -> Res<Option<NaiveDate>> {
    let due: Option<i64> =
        conn.prepare_cached("SELECT due FROM review WHERE hand_id = ?1")?.query_row([hand_id], |r| r.get(0)).optional()?;
    due.map(day_from_code).transpose()
}

/// Hands on the queue, newest mistake first, with their schedules, up to `limit` (by the primary
/// key: the cost does not grow with the queue).
pub(crate) fn queued(conn: &Connection, limit: u32) -> Res<Vec<(i64, ReviewSchedule)>> {
    let mut stmt = conn.prepare_cached(&format!("SELECT hand_id, {CARD_COLUMNS} FROM review ORDER BY hand_id DESC LIMIT ?1"))?;
    let rows = stmt.query_map([i64::from(limit)], |r| Ok((r.get(0)?, read_card_at(r, 1)?)))?;
    rows.map(|row| {
        let (hand, card) = row?;
        Ok((hand, card?))
    })
    .collect()
}

/// The hands queued under `codes` in the order they come back (due, then id), up to `limit`, with
/// their schedules.
pub(crate) fn due_order(conn: &Connection, codes: &[i64], limit: u32) -> Res<Vec<(i64, ReviewSchedule)>> {
    let mut all = Vec::new();
    for &code in codes {
        let mut stmt = conn
            .prepare_cached(&format!("SELECT hand_id, {CARD_COLUMNS} FROM review WHERE tbl = ?1 ORDER BY due, hand_id LIMIT ?2"))?;
        let rows = stmt.query_map(params![code, i64::from(limit)], |r| Ok((r.get::<_, i64>(0)?, read_card_at(r, 1)?)))?;
        for row in rows {
            let (hand, card) = row?;
            all.push((hand, card?));
        }
    }
    all.sort_by_key(|&(hand, card)| (card.due, hand));
    all.truncate(limit as usize);
    Ok(all)
}

/// What is due today on one game, as the lobby shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameDue {
    /// The table's stable id (a machine's id for a machine).
    pub table: String,
    /// What the table is called, for a UI to write in its language.
    pub label: TableLabel,
    /// Mistakes due today (due on or before the date asked about).
    pub due: u64,
    /// Mistakes on its queue, due or not.
    pub queued: u64,
}

/// A card due today.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DueCard {
    /// The table's stable id.
    pub table: String,
    /// The hand in the history.
    pub hand: i64,
    /// Its five cards.
    pub cards: [Card; 5],
    /// Where it stands in its schedule.
    #[serde(flatten)]
    pub schedule: ReviewSchedule,
}

/// What is due on `today`: every game with a queue (its due and queued counts, by table id, in
/// registry order) and up to `limit` of the cards due (one game's when `table_codes` names it), in
/// the order they come back. A count per registry code over the index; the cards by the index.
pub(crate) fn due_today(
    conn: &Connection,
    today: NaiveDate,
    table_codes: Option<&[i64]>,
    limit: u32,
) -> Res<(Vec<GameDue>, Vec<DueCard>)> {
    // The codes with a queue, one index step each (the registry is small: a row per table played).
    let mut codes = Vec::new();
    let mut code: Option<i64> = conn.prepare_cached("SELECT MIN(tbl) FROM review")?.query_row([], |r| r.get(0))?;
    while let Some(c) = code {
        codes.push(c);
        code = conn.prepare_cached("SELECT MIN(tbl) FROM review WHERE tbl > ?1")?.query_row([c], |r| r.get(0))?;
    }
    let mut games: Vec<GameDue> = Vec::new();
    for &c in &codes {
        let first: i64 = conn.prepare_cached("SELECT MIN(hand_id) FROM review WHERE tbl = ?1")?.query_row([c], |r| r.get(0))?;
        let Some(hand) = hands::finished_hand(conn, first)? else { continue };
        let (due, queued) = (due_len(conn, &[c], today)?, queue_len(conn, &[c])?);
        let table = one_table(&hand.table);
        match games.iter_mut().find(|g| g.table == table.id()) {
            Some(game) => {
                game.due += due;
                game.queued += queued;
            }
            None => games.push(GameDue { table: table.id().to_string(), label: table.label().clone(), due, queued }),
        }
    }
    let wanted = table_codes.unwrap_or(&codes);
    let mut cards = Vec::new();
    for (hand_id, schedule) in due_order(conn, wanted, limit)? {
        if !schedule.is_due(today) {
            break;
        }
        let Some(hand) = hands::finished_hand(conn, hand_id)? else { continue };
        cards.push(DueCard { table: one_table(&hand.table).id().to_string(), hand: hand_id, cards: hand.dealt, schedule });
    }
    Ok((games, cards))
}

/// The one table a stored hand's table is listed under: the table its former id now names
/// (`library::one_id`), else itself.
fn one_table(table: &crate::table::Table) -> crate::table::Table {
    crate::library::one_id(table.id()).as_deref().and_then(crate::table::Table::named).unwrap_or_else(|| table.clone())
}

/// The columns a schedule is read from, in [`read_card_at`]'s order.
const CARD_COLUMNS: &str = "due, last_review, reps, lapses, stability, difficulty";

fn read_card(r: &rusqlite::Row<'_>) -> rusqlite::Result<Res<ReviewSchedule>> {
    read_card_at(r, 0)
}

/// A schedule from [`CARD_COLUMNS`] starting at column `at`; a stored day that is no date is corrupt.
fn read_card_at(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<Res<ReviewSchedule>> {
    let (due, last, reps, lapses, stability, difficulty): (i64, Option<i64>, i64, i64, f64, f64) =
        (r.get(at)?, r.get(at + 1)?, r.get(at + 2)?, r.get(at + 3)?, r.get(at + 4)?, r.get(at + 5)?);
    let count = |n: i64| u32::try_from(n.max(0)).unwrap_or(u32::MAX);
    Ok((|| {
        Ok(ReviewSchedule {
            due: day_from_code(due)?,
            last_review: last.map(day_from_code).transpose()?,
            reps: count(reps),
            lapses: count(lapses),
            stability,
            difficulty,
        })
    })())
}
