//! The Rust steps of migrations: what SQL alone cannot do when the schema changes.
//!
//! [`lean_hands`] (migration 3) moves every hand of a schema-2 file to the lean row (see
//! `history.rs`), replaying each through the dealing and settling pipeline first. It refuses the
//! file, rolling the whole migration back so the file stays as it was, when anything stored
//! disagrees with the replay: cards the seed does not give, a best hold that is not the best, an
//! EV that is not a finite number or not the solver's, a win the cards do not pay, or a bet or
//! payout missing from the ledger. It then builds the running totals and sums the migration adds.

use std::collections::HashMap;

use chrono::{NaiveDate, NaiveDateTime};
use rusqlite::Transaction;

use crate::card::parse_hand;
use crate::hold::Hold;
use crate::machine::MachineId;
use crate::shuffle::Seed;
use crate::strategy::TIE_EPSILON;

use super::history::{insert_deal, record_draw, StoredHand};
use crate::pipeline::nudge::{Nudge, Situation};
use super::migrations::MIGRATION_3_FINISH;
use super::moment::Moment;
use super::stats::{Delta, Stats};
use super::storage::{read_profile, write_profile};

/// A migration's Rust step, run inside the migration's transaction after its SQL.
pub type Step = fn(&Transaction<'_>) -> Result<(), StepError>;

/// Why a migration step stopped: SQLite failed, or the file holds something wrong.
#[derive(Debug)]
pub enum StepError {
    /// SQLite failed.
    Sql(rusqlite::Error),
    /// A stored value disagrees with the replay: the file is refused (and rolled back).
    Refused(String),
}

impl From<rusqlite::Error> for StepError {
    fn from(error: rusqlite::Error) -> StepError {
        StepError::Sql(error)
    }
}

fn refuse(detail: String) -> StepError {
    StepError::Refused(detail)
}

/// A schema-2 hand row, as stored.
struct OldHand {
    id: i64,
    day: String,
    machine: String,
    bet: i64,
    n_hands: i64,
    practice: bool,
    cost: i64,
    seed: String,
    situation: Option<String>,
    nudge: Option<String>,
    dealt: String,
    evs: Vec<u8>,
    best_hold: i64,
    best_ev: f64,
    drawn: bool,
    hold: Option<i64>,
    hold_ev: Option<f64>,
    ev_given_up: Option<f64>,
    won: Option<i64>,
    payout: Option<i64>,
    played_at: Option<String>,
}

/// Migration 3's step: schema-2 hands → lean hands, checked, with running totals.
pub fn lean_hands(tx: &Transaction<'_>) -> Result<(), StepError> {
    // Each hand's bet and payout as the old ledger recorded them.
    let mut ledger: HashMap<i64, (i64, i64)> = HashMap::new();
    {
        let mut stmt = tx.prepare("SELECT hand_id, kind, amount FROM ledger_v2 WHERE hand_id IS NOT NULL")?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let (hand_id, kind, amount): (i64, String, i64) = (row.get(0)?, row.get(1)?, row.get(2)?);
            let entry = ledger.entry(hand_id).or_insert((0, 0));
            match kind.as_str() {
                "bet" => entry.0 += -amount,
                "payout" => entry.1 += amount,
                other => return Err(refuse(format!("a ledger row of kind '{other}' names hand {hand_id}"))),
            }
        }
    }
    let mut stats = Stats::empty();
    let (mut bet_total, mut paid_total) = (0u64, 0u64);
    let mut stmt = tx.prepare(
        "SELECT id, day, machine, bet, n_hands, practice, cost, seed, situation, nudge, dealt, evs, best_hold, \
         best_ev, drawn, hold, hold_ev, ev_given_up, won, payout, played_at FROM hands_v2 ORDER BY id",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let old = OldHand {
            id: row.get(0)?,
            day: row.get(1)?,
            machine: row.get(2)?,
            bet: row.get(3)?,
            n_hands: row.get(4)?,
            practice: row.get(5)?,
            cost: row.get(6)?,
            seed: row.get(7)?,
            situation: row.get(8)?,
            nudge: row.get(9)?,
            dealt: row.get(10)?,
            evs: row.get(11)?,
            best_hold: row.get(12)?,
            best_ev: row.get(13)?,
            drawn: row.get(14)?,
            hold: row.get(15)?,
            hold_ev: row.get(16)?,
            ev_given_up: row.get(17)?,
            won: row.get(18)?,
            payout: row.get(19)?,
            played_at: row.get(20)?,
        };
        let (stored, hold) = convert(&old).map_err(refuse)?;
        let record = stored.record().map_err(refuse)?;
        check_evs(&old, &record).map_err(refuse)?;
        let (ledger_bet, ledger_paid) = ledger.remove(&old.id).unwrap_or((0, 0));
        let paid = record.payout.unwrap_or(0);
        if ledger_bet != record.cost as i64 || ledger_paid != paid as i64 || old.cost != record.cost as i64 {
            return Err(refuse(format!(
                "hand {}: the ledger took {ledger_bet} and paid {ledger_paid}, the hand cost {} and paid {paid}",
                old.id, record.cost
            )));
        }
        if old.payout.is_some_and(|p| p != paid as i64) {
            return Err(refuse(format!("hand {}: recorded payout {:?} but the cards pay {paid}", old.id, old.payout)));
        }
        let new_id = insert_deal(tx, &StoredHand { drawn: None, ..stored.clone() })?;
        if new_id != old.id {
            return Err(refuse(format!("hand {} was copied as {new_id}", old.id)));
        }
        if let (Some(hold), Some(won)) = (hold, record.won) {
            record_draw(tx, old.id, hold, won)?;
            stats.add(&record);
            Delta::of(&record).store(tx)?;
        }
        bet_total += record.cost;
        paid_total += paid;
    }
    drop(rows);
    drop(stmt);
    if let Some(hand_id) = ledger.keys().next() {
        return Err(refuse(format!("the ledger names hand {hand_id}, which does not exist")));
    }
    let mut profile = read_profile(tx)?;
    let daily: i64 = tx.query_row("SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE kind = 'daily'", [], |r| r.get(0))?;
    profile.bet_total = bet_total;
    profile.paid_total = paid_total;
    profile.daily_total = u64::try_from(daily).map_err(|_| refuse(format!("daily chips {daily}")))?;
    write_profile(tx, &profile)?;
    // The totals were stored hand by hand above exactly as draws store them; check they add up.
    let stored = super::stats::read_totals(tx)?.map_err(refuse)?;
    if stored != stats {
        return Err(refuse("the running totals do not match the hands".to_string()));
    }
    Ok(tx.execute_batch(MIGRATION_3_FINISH)?)
}

/// The lean row of an old hand, and its hold once drawn. `Err` names what does not parse.
fn convert(old: &OldHand) -> Result<(StoredHand, Option<Hold>), String> {
    let bad = |what: &str| format!("hand {}: bad {what}", old.id);
    let day: NaiveDate = old.day.parse().map_err(|_| bad("day"))?;
    let moment = match &old.played_at {
        None => Moment::from(day),
        Some(text) if !text.contains('T') => Moment::from(text.parse::<NaiveDate>().map_err(|_| bad("played_at"))?),
        Some(text) => {
            Moment::from(NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S").map_err(|_| bad("played_at"))?)
        }
    };
    let hold = match (old.drawn, old.hold) {
        (false, None) => None,
        (true, Some(mask)) => {
            Some(u32::try_from(mask).ok().and_then(|m| Hold::from_mask(m).ok()).ok_or_else(|| bad("hold"))?)
        }
        _ => return Err(bad("hold")),
    };
    let won = match (hold, old.won) {
        (None, _) => None,
        (Some(_), Some(won)) => Some(u64::try_from(won).map_err(|_| bad("won"))?),
        (Some(_), None) => return Err(bad("won")),
    };
    let stored = StoredHand {
        id: old.id,
        machine: old.machine.parse::<MachineId>().map_err(|_| bad("machine"))?,
        bet: u32::try_from(old.bet).map_err(|_| bad("bet"))?,
        n_hands: u8::try_from(old.n_hands).map_err(|_| bad("n_hands"))?,
        practice: old.practice,
        seed: old.seed.parse::<Seed>().map_err(|_| bad("seed"))?,
        commitment: None,
        situation: match &old.situation {
            None => None,
            Some(id) => Some(Situation::from_id(id).ok_or_else(|| bad("situation"))?),
        },
        nudge: match &old.nudge {
            None => None,
            Some(text) => Some(
                serde_json::from_str::<Nudge>(text).ok().filter(Nudge::fits_positions).ok_or_else(|| bad("nudge"))?,
            ),
        },
        dealt: parse_hand(&old.dealt).map_err(|_| bad("dealt"))?,
        moment,
        drawn: hold.zip(won),
    };
    Ok((stored, hold))
}

/// The old row's stored EVs against the solver's: finite, the same best hold, the same values.
fn check_evs(old: &OldHand, record: &super::history::HandRecord) -> Result<(), String> {
    let bad = |what: &str| format!("hand {}: stored {what} disagrees with the solver", old.id);
    let blob: Vec<f64> = old.evs.chunks(8).filter_map(|c| <[u8; 8]>::try_from(c).ok()).map(f64::from_le_bytes).collect();
    let finite = blob.len() == 32
        && blob.iter().all(|ev| ev.is_finite())
        && old.best_ev.is_finite()
        && old.hold_ev.is_none_or(f64::is_finite)
        && old.ev_given_up.is_none_or(f64::is_finite);
    if !finite {
        return Err(format!("hand {}: a stored EV is not a finite number (or the EV list is damaged)", old.id));
    }
    let close = |a: f64, b: f64| (a - b).abs() <= TIE_EPSILON;
    if u32::try_from(old.best_hold).ok() != Some(u32::from(record.best_hold.mask())) {
        return Err(bad("best hold"));
    }
    if !close(old.best_ev, record.best_ev) || !close(blob[usize::from(record.best_hold.mask())], record.best_ev) {
        return Err(bad("best EV"));
    }
    if let (Some(stored), Some(replayed)) = (old.hold_ev, record.hold_ev) {
        if !close(stored, replayed) {
            return Err(bad("hold EV"));
        }
    }
    Ok(())
}

/// Migration 8: each session's running sums from its hands, replayed in id order (see
/// `session_totals.rs`). A hand that does not replay refuses the file.
pub fn session_totals(tx: &Transaction<'_>) -> Result<(), StepError> {
    super::session_totals::fill(tx)?.map_err(refuse)
}

/// Migration 6: fills the coach's running sums, the chips-over-hands series and the review queue
/// from every stored hand, replayed in id order (the order they were drawn in), exactly as draws add
/// them. A hand that does not replay refuses the file.
pub fn coach(tx: &Transaction<'_>) -> Result<(), StepError> {
    let mut stats = Stats::empty();
    let mut failure: Option<StepError> = None;
    super::history::for_each_hand(tx, |row| {
        if failure.is_some() {
            return;
        }
        let step = || -> Result<(), StepError> {
            let record = row.and_then(|hand| hand.record()).map_err(refuse)?;
            if !record.drawn {
                return Ok(());
            }
            stats.add(&record);
            let list = if record.practice { &stats.practice } else { &stats.real };
            let entry = list.iter().find(|s| s.machine == record.machine).ok_or_else(|| refuse("machine".into()))?;
            super::coach::store_sums(tx, &record)?;
            super::chart::store(tx, record.machine, record.practice, super::coach::latest(entry))?;
            super::review::enqueue(tx, &record, 0)?;
            Ok(())
        };
        if let Err(error) = step() {
            failure = Some(error);
        }
    })?;
    match failure {
        Some(error) => Err(error),
        None => Ok(()),
    }
}
