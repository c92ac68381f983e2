//! Drills of hard decisions on any table (a library table or a saved lab table): the hard hands
//! of that table (`pipeline::drill`, the same rule as on the machines, the EVs from the table's
//! own solver), judged by the one verdict, no chips and no XP, tallied apart per table in
//! `table_drill_totals` (primary data: a drill answer stores no hand). The machines' drills and
//! progression are untouched.

use crate::table::Table;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::pipeline::drill::HardDeals;
use crate::pipeline::settle::{hint_holds, HintHold, HoldVerdict};
use crate::shuffle::Seed;
use crate::strategy::drill::HardReason;

use super::drills::{DrillTally, MAX_DEALS_PER_QUESTION};
use crate::game::error::GameError;
use crate::game::rules;
use crate::game::store::Res;
use crate::game::table_practice;

/// A hard hand to answer on a table. The best hold and the EVs come with the verdict.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableDrillQuestion {
    /// The table's id (a library id, or `lab:NAME`).
    pub table: String,
    /// The table's name.
    pub name: String,
    /// The seed it was dealt from: the answer names it, and the core deals the same hand again
    /// (the cards are never taken from the caller).
    pub seed: String,
    /// The five cards.
    pub cards: [Card; 5],
    /// Chips per coin the verdict's chip figures use (the table's last practice bet, else the
    /// smallest bet).
    pub bet: u32,
    /// The table's tally so far.
    pub tally: DrillTally,
}

/// The judgement of one answer on a table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableDrillVerdict {
    /// The table's id.
    pub table: String,
    /// The five cards.
    pub cards: [Card; 5],
    /// Chips per coin of the chip figures.
    pub bet: u32,
    /// The hold was not a mistake (the core's one threshold).
    pub correct: bool,
    /// The hold answered.
    pub hold: Hold,
    /// The best hold.
    pub best_hold: Hold,
    /// Why the hand is hard on this table ("plain-rule-differs" or "close-call").
    pub reason: HardReason,
    /// EV per coin given up against the best hold.
    pub ev_given_up: f64,
    /// The same in chips at the bet.
    pub ev_given_up_chips: f64,
    /// Every hold with its EV on the table, best first (as the hint lists them).
    pub holds: Vec<HintHold>,
    /// The table's tally after this answer.
    pub tally: DrillTally,
}

/// The next hard hand on `table`, dealt from `seed` (the same seed gives the same hand).
pub(crate) fn next(conn: &Connection, table: &str, seed: Seed) -> Res<TableDrillQuestion> {
    let (resolved, hand) = deal(conn, table, &seed)?;
    let tally = read_tally(conn, resolved.id())?;
    Ok(TableDrillQuestion {
        table: resolved.id().to_string(),
        name: resolved.name().to_string(),
        seed: seed.to_string(),
        cards: hand.cards,
        bet: hand.bet,
        tally,
    })
}

/// A table's hard hand from `seed`, with what judging it needs.
struct Dealt {
    cards: [Card; 5],
    bet: u32,
    reason: HardReason,
}

/// The first hard hand of the drill run from `seed` on the table (the pipeline's drill deals),
/// looking at most at [`MAX_DEALS_PER_QUESTION`] deals.
fn deal(conn: &Connection, table: &str, seed: &Seed) -> Res<(Table, Dealt)> {
    let resolved = table_practice::resolve(conn, table)?;
    let id = resolved.id().to_string();
    let hard = HardDeals::new(&resolved, seed)
        .next_within(MAX_DEALS_PER_QUESTION)
        .ok_or_else(|| GameError::NoHardHands { table: id.clone() })?;
    let bet = table_practice::last_bet(conn, &id)?.unwrap_or(rules::BETS[0]);
    Ok((resolved, Dealt { cards: hard.hand.cards, bet, reason: hard.hand.reason }))
}

/// Judges `hold` on the hard hand `seed` deals on `table` by the one verdict ([`HoldVerdict`])
/// and counts it: the core deals the hand again, so only a hand it dealt can be answered.
pub(crate) fn answer(conn: &Connection, table: &str, seed: Seed, hold: Hold) -> Res<TableDrillVerdict> {
    let (resolved, hand) = deal(conn, table, &seed)?;
    let evs = resolved.hand_evs(&hand.cards);
    let stake = u64::from(hand.bet);
    let verdict = HoldVerdict::of(&evs, hold, stake);
    let correct = !verdict.mistake;
    let tally = add_answer(conn, resolved.id(), correct, verdict.cost_chips())?;
    Ok(TableDrillVerdict {
        table: resolved.id().to_string(),
        cards: hand.cards,
        bet: hand.bet,
        correct,
        hold,
        best_hold: verdict.best_hold,
        reason: hand.reason,
        ev_given_up: verdict.cost,
        ev_given_up_chips: verdict.cost_chips(),
        holds: hint_holds(&evs, &hand.cards, stake),
        tally,
    })
}

/// A table's tally (zero before its first answer); `table` as the other commands take it.
pub(crate) fn tally(conn: &Connection, table: &str) -> Res<DrillTally> {
    let resolved = table_practice::resolve(conn, table)?;
    read_tally(conn, resolved.id())
}

/// Drill answers on every table (one row per table drilled).
pub(crate) fn answered(conn: &Connection) -> Res<u64> {
    let total: i64 =
        conn.prepare_cached("SELECT COALESCE(SUM(answered), 0) FROM table_drill_totals")?.query_row([], |r| r.get(0))?;
    Ok(u64::try_from(total).unwrap_or(0))
}

fn read_tally(conn: &Connection, table_id: &str) -> Res<DrillTally> {
    Ok(conn
        .prepare_cached(
            "SELECT answered, correct, streak, best_streak, ev_given_up_chips FROM table_drill_totals WHERE table_id = ?1",
        )?
        .query_row([table_id], DrillTally::from_row)
        .optional()?
        .unwrap_or_default())
}

fn add_answer(conn: &Connection, table_id: &str, correct: bool, given_up_chips: f64) -> Res<DrillTally> {
    let tally = read_tally(conn, table_id)?.after(correct, given_up_chips);
    conn.prepare_cached(
        "INSERT INTO table_drill_totals (table_id, answered, correct, streak, best_streak, ev_given_up_chips) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (table_id) DO UPDATE SET answered = excluded.answered, \
         correct = excluded.correct, streak = excluded.streak, best_streak = excluded.best_streak, \
         ev_given_up_chips = excluded.ev_given_up_chips",
    )?
    .execute(params![
        table_id,
        tally.answered as i64,
        tally.correct as i64,
        tally.streak as i64,
        tally.best_streak as i64,
        tally.ev_given_up_chips,
    ])?;
    Ok(tally)
}
