//! Drills: per machine, no chips and no XP, counted apart (`drill_totals`). Two sources:
//! **hard** decisions drawn by the core from a seed (`pipeline::drill`), and the player's own
//! **mistakes** from the review queue (`review.rs`), which come back until answered right twice in
//! a row. Each answer is judged at once by the exact EVs: correct or not, the EV given up in chips
//! at the bet, the best hold, the full EV table, and the tally and streak.

use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::hold::Hold;
use crate::machine::MachineId;
use crate::pipeline::settle::{hint_holds, HintHold, HoldVerdict};
use crate::shuffle::Seed;
use crate::pipeline::drill::HardDeals;
use crate::strategy::hand_evs;
use crate::table::Table;

use super::review;
use crate::game::error::GameError;
use crate::game::hands::{self, HandRecord};
use crate::game::rules;
use crate::game::store::codes::machine_code;
use crate::game::store::{player, Failure, Res};

/// The most deals looked at for one hard hand (one in two is hard on every machine; a table on which
/// no hold ever beats another has none, and says so).
pub const MAX_DEALS_PER_QUESTION: u64 = 10_000;

/// Where drill hands come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrillSource {
    /// Hands the core draws where the best hold is not the plain rule's, or a close call.
    Hard,
    /// The player's own mistaken deals, until answered right twice in a row.
    Mistakes,
}

impl DrillSource {
    /// The stable id ("hard", "mistakes").
    pub fn id(self) -> &'static str {
        match self {
            DrillSource::Hard => "hard",
            DrillSource::Mistakes => "mistakes",
        }
    }

    /// Every source, in the order the screen offers them.
    pub const ALL: [DrillSource; 2] = [DrillSource::Hard, DrillSource::Mistakes];

    /// Parses a stable id.
    pub fn from_id(id: &str) -> Option<DrillSource> {
        match id {
            "hard" => Some(DrillSource::Hard),
            "mistakes" => Some(DrillSource::Mistakes),
            _ => None,
        }
    }

    /// Parses a stable id, or the typed error naming what was given (and every source).
    pub fn parse(id: &str) -> Result<DrillSource, GameError> {
        DrillSource::from_id(id).ok_or_else(|| GameError::UnknownDrillSource {
            source_id: id.to_string(),
            sources: DrillSource::ALL.iter().map(|s| s.id()).collect(),
        })
    }
}

/// A hand to answer. The best hold and the EVs are not part of it: they come with the verdict. The
/// UI sends it back with the answer (the core checks a queued mistake against its stored hand).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DrillQuestion {
    /// The machine.
    pub machine: MachineId,
    /// Where it came from.
    pub source: DrillSource,
    /// The stored hand it replays (mistakes), or null (a hard hand drawn now).
    pub hand: Option<i64>,
    /// The five cards.
    pub cards: [Card; 5],
    /// Chips per coin the verdict's chip figures use (the stored hand's bet, or the machine's last bet).
    pub bet: u32,
    /// Mistakes still on this machine's review queue.
    pub queue: u64,
}

/// A machine's tally for one source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct DrillTally {
    /// Answers given.
    pub answered: u64,
    /// Right answers.
    pub correct: u64,
    /// Right answers in a row, now.
    pub streak: u64,
    /// The longest such run.
    pub best_streak: u64,
    /// EV given up in chips by the wrong answers.
    pub ev_given_up_chips: f64,
}

/// The judgement of one answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrillVerdict {
    /// The hold was not a mistake (the core's one threshold).
    pub correct: bool,
    /// The hold answered.
    pub hold: Hold,
    /// The best hold.
    pub best_hold: Hold,
    /// EV per coin given up against the best hold.
    pub ev_given_up: f64,
    /// The same in chips at the bet.
    pub ev_given_up_chips: f64,
    /// Every hold with its EV, best first (as the hint lists them).
    pub holds: Vec<HintHold>,
    /// The tally after this answer.
    pub tally: DrillTally,
    /// The hand left the review queue (its second right answer in a row).
    pub left_queue: bool,
    /// Mistakes still on this machine's review queue.
    pub queue: u64,
}

/// A queued mistake as `vpoker play mistakes` lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QueuedMistake {
    /// The drill answer count at which it is next due.
    pub due: i64,
    /// Right answers in a row so far (0 or 1; two take it off the queue).
    pub streak: i64,
    /// The hand, replayed.
    pub hand: HandRecord,
}

/// The next drill hand on `machine`: a hard decision drawn from `seed`, or the earliest due of
/// the player's mistakes (`None` when the queue is empty).
pub(crate) fn next(conn: &Connection, machine: MachineId, source: DrillSource, seed: Seed) -> Res<Option<DrillQuestion>> {
    let queue = review::queue_len(conn, machine)?;
    match source {
        DrillSource::Hard => {
            // A machine's table has hard hands in one deal of two: the search always ends.
            let hand = HardDeals::new(&Table::machine(machine), &seed).next_within(MAX_DEALS_PER_QUESTION).map(|d| d.hand);
            // The bet last played there (checked where the remembered bets are read).
            let bet = last_bet(conn, machine)?.unwrap_or(rules::BETS[0]);
            Ok(hand.map(|h| DrillQuestion { machine, source, hand: None, cards: h.cards, bet, queue }))
        }
        DrillSource::Mistakes => {
            let Some(id) = review::next(conn, machine)? else { return Ok(None) };
            let stored = hands::finished_hand(conn, id)?.ok_or(GameError::UnknownHand { hand_id: id })?;
            Ok(Some(DrillQuestion { machine, source, hand: Some(id), cards: stored.dealt, bet: stored.bet, queue }))
        }
    }
}

/// Judges `hold` for a drill hand by the one verdict ([`HoldVerdict`]) and counts it (no chips, no
/// XP). For the mistakes source the hand must be on `machine`'s review queue with these cards.
pub(crate) fn answer(conn: &Connection, question: &DrillQuestion, hold: Hold) -> Res<DrillVerdict> {
    // A question comes back from outside (the app's page, the command line): its bet enters here.
    rules::Bet::new(question.bet)?;
    if let (DrillSource::Mistakes, Some(id)) = (question.source, question.hand) {
        let queued = review::queued_machine(conn, id)?;
        // A queued hand whose row no longer decodes is not a question to answer; SQLite failing is.
        let stored = match hands::finished_hand(conn, id) {
            Ok(stored) => stored,
            Err(Failure::Corrupt(_)) => None,
            Err(other) => return Err(other),
        };
        if queued != Some(machine_code(question.machine)) || stored.is_none_or(|s| s.dealt != question.cards) {
            return Err(GameError::UnknownHand { hand_id: id }.into());
        }
    }
    let evs = hand_evs(question.machine, &question.cards);
    let stake = u64::from(question.bet);
    let verdict = HoldVerdict::of(&evs, hold, stake);
    let correct = !verdict.mistake;
    let clock = player::tick_drill_clock(conn)?;
    let left_queue = match (question.source, question.hand) {
        (DrillSource::Mistakes, Some(id)) => review::answer(conn, id, correct, clock)?,
        _ => false,
    };
    let tally = add_answer(conn, question.machine, question.source, correct, verdict.cost_chips())?;
    Ok(DrillVerdict {
        correct,
        hold,
        best_hold: verdict.best_hold,
        ev_given_up: verdict.cost,
        ev_given_up_chips: verdict.cost_chips(),
        holds: hint_holds(&evs, &question.cards, stake),
        tally,
        left_queue,
        queue: review::queue_len(conn, question.machine)?,
    })
}

/// A machine's tallies, hard and mistakes.
pub(crate) fn tallies(conn: &Connection, machine: MachineId) -> Res<(DrillTally, DrillTally)> {
    Ok((read_tally(conn, machine, DrillSource::Hard)?, read_tally(conn, machine, DrillSource::Mistakes)?))
}

/// Up to `limit` mistakes on the review queue, each hand replayed: all machines' newest first, or
/// one machine's in the order they come back in drills.
pub(crate) fn mistakes(conn: &Connection, machine: Option<MachineId>, limit: u32) -> Res<Vec<QueuedMistake>> {
    // Each item is a replayed hand, like a history page: the same cap.
    crate::game::rules::check_history_limit(limit)?;
    let queued = match machine {
        None => review::queued(conn, limit)?,
        Some(machine) => review::due_order(conn, machine, limit)?,
    };
    let marks = crate::game::store::player::commit_marks(conn)?;
    queued
        .into_iter()
        .map(|(id, due, streak)| {
            let stored = hands::finished_hand(conn, id)?.ok_or(GameError::UnknownHand { hand_id: id })?;
            Ok(QueuedMistake { due, streak, hand: stored.record(marks)? })
        })
        .collect()
}

/// The bet last played on `machine`, if any.
fn last_bet(conn: &Connection, machine: MachineId) -> Res<Option<u32>> {
    let prefs = player::prefs(conn)?;
    Ok(prefs.iter().find(|(remembered, _, _)| *remembered == machine).map(|&(_, bet, _)| bet.chips()))
}

/// Drill hands answered, every machine and source (at most eight rows).
pub(crate) fn answered(conn: &Connection) -> Res<u64> {
    let total: i64 = conn.prepare_cached("SELECT COALESCE(SUM(answered), 0) FROM drill_totals")?.query_row([], |r| r.get(0))?;
    Ok(total.max(0) as u64)
}

fn read_tally(conn: &Connection, machine: MachineId, source: DrillSource) -> Res<DrillTally> {
    Ok(conn.prepare_cached(
        "SELECT answered, correct, streak, best_streak, ev_given_up_chips FROM drill_totals WHERE machine = ?1 AND source = ?2",
    )?
    .query_row(params![machine_code(machine), source.id()], DrillTally::from_row)
    .optional()?
    .unwrap_or_default())
}

impl DrillTally {
    /// A tally from a row of `answered, correct, streak, best_streak, ev_given_up_chips` (the
    /// columns of `drill_totals` and `table_drill_totals`).
    pub(crate) fn from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<DrillTally> {
        let count = |i: usize| r.get::<_, i64>(i).map(|n| n.max(0) as u64);
        Ok(DrillTally {
            answered: count(0)?,
            correct: count(1)?,
            streak: count(2)?,
            best_streak: count(3)?,
            ev_given_up_chips: r.get(4)?,
        })
    }

    /// The tally after one more answer: right or not, and the chips given up by it.
    pub(crate) fn after(mut self, correct: bool, given_up_chips: f64) -> DrillTally {
        self.answered += 1;
        self.correct += u64::from(correct);
        self.streak = if correct { self.streak + 1 } else { 0 };
        self.best_streak = self.best_streak.max(self.streak);
        self.ev_given_up_chips += given_up_chips;
        self
    }
}

fn add_answer(
    conn: &Connection,
    machine: MachineId,
    source: DrillSource,
    correct: bool,
    given_up_chips: f64,
) -> Res<DrillTally> {
    let tally = read_tally(conn, machine, source)?.after(correct, given_up_chips);
    conn.prepare_cached(
        "INSERT INTO drill_totals (machine, source, answered, correct, streak, best_streak, ev_given_up_chips) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (machine, source) DO UPDATE SET answered = excluded.answered, \
         correct = excluded.correct, streak = excluded.streak, best_streak = excluded.best_streak, \
         ev_given_up_chips = excluded.ev_given_up_chips",
    )?
    .execute(params![
        machine_code(machine),
        source.id(),
        tally.answered as i64,
        tally.correct as i64,
        tally.streak as i64,
        tally.best_streak as i64,
        tally.ev_given_up_chips,
    ])?;
    Ok(tally)
}
