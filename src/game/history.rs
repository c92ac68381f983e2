//! Hand history (game recall): every hand as stored, with its seed, nudge, hold and results.

use chrono::NaiveDate;
use rusqlite::{Connection, Row};
use serde::{Deserialize, Serialize};

use crate::card::{cards_to_string, parse_hand, Card};
use crate::hold::Hold;
use crate::machine::MachineId;
use crate::shuffle::Seed;

use super::kind::{Nudge, Situation};

/// One hand of play (a deal, and once drawn its hold and results).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HandRecord {
    /// The hand's id, increasing with time.
    pub id: i64,
    /// The local date passed in when it was dealt (the core has no clock).
    pub day: NaiveDate,
    /// When it was dealt, local time, as the caller gave it: `YYYY-MM-DDTHH:MM:SS`, or the date alone
    /// when the caller passed no time of day.
    pub played_at: String,
    /// The machine.
    pub machine: MachineId,
    /// Chips bet per hand.
    pub bet: u32,
    /// 1, 3 or 5 hands.
    pub hands: u8,
    /// A practice hand: no chips, no XP.
    pub practice: bool,
    /// Chips taken for the deal (bet × hands; 0 in practice).
    pub cost: u64,
    /// The shuffle seed (reproduces the deck; see `game::deal`).
    pub seed: Seed,
    /// The kind-deal bag consulted, if any (a dead real deal with kind deals on).
    pub situation: Option<Situation>,
    /// Whether the deal (before any nudge) was dead.
    pub dead: bool,
    /// The nudge, if the deal was nudged.
    pub nudge: Option<Nudge>,
    /// The five cards dealt (after any nudge).
    pub dealt: [Card; 5],
    /// The best hold and its EV per coin.
    pub best_hold: Hold,
    /// EV per coin of the best hold.
    pub best_ev: f64,
    /// Whether the hand has been drawn.
    pub drawn: bool,
    /// The player's hold (once drawn).
    pub hold: Option<Hold>,
    /// EV per coin of the player's hold.
    pub hold_ev: Option<f64>,
    /// EV per coin given up against the best hold (0 when the best hold was played).
    pub ev_given_up: Option<f64>,
    /// One result per hand (once drawn).
    pub results: Vec<HandResult>,
    /// Sum of the results' wins (what practice would have paid, too).
    pub won: Option<u64>,
    /// Chips actually paid (0 in practice).
    pub payout: Option<u64>,
    #[serde(skip)]
    pub(crate) evs: [f64; 32],
}

/// The result of one of the hands of a deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    /// The final five cards (held cards in place).
    pub cards: [Card; 5],
    /// The replacement cards, in the order they came.
    pub drawn: Vec<Card>,
    /// The paytable row id, or "nothing".
    pub outcome: String,
    /// The paytable row index, or null.
    pub row: Option<usize>,
    /// bet × the row's per-coin pay.
    pub win: u64,
}

pub(crate) const HAND_COLUMNS: &str = "id, day, machine, bet, n_hands, practice, cost, seed, situation, dead, nudge, \
     dealt, evs, best_hold, best_ev, drawn, hold, hold_ev, ev_given_up, results, won, payout, played_at";

/// A hand's columns as stored, before their text is checked.
pub(crate) struct RawHand {
    id: i64,
    day: String,
    machine: String,
    bet: i64,
    n_hands: i64,
    practice: bool,
    cost: i64,
    seed: String,
    situation: Option<String>,
    dead: bool,
    nudge: Option<String>,
    dealt: String,
    evs: Vec<u8>,
    best_hold: i64,
    best_ev: f64,
    drawn: bool,
    hold: Option<i64>,
    hold_ev: Option<f64>,
    ev_given_up: Option<f64>,
    results: Option<String>,
    won: Option<i64>,
    payout: Option<i64>,
    played_at: Option<String>,
}

impl RawHand {
    pub(crate) fn from_row(row: &Row<'_>) -> rusqlite::Result<RawHand> {
        Ok(RawHand {
            id: row.get(0)?,
            day: row.get(1)?,
            machine: row.get(2)?,
            bet: row.get(3)?,
            n_hands: row.get(4)?,
            practice: row.get(5)?,
            cost: row.get(6)?,
            seed: row.get(7)?,
            situation: row.get(8)?,
            dead: row.get(9)?,
            nudge: row.get(10)?,
            dealt: row.get(11)?,
            evs: row.get(12)?,
            best_hold: row.get(13)?,
            best_ev: row.get(14)?,
            drawn: row.get(15)?,
            hold: row.get(16)?,
            hold_ev: row.get(17)?,
            ev_given_up: row.get(18)?,
            results: row.get(19)?,
            won: row.get(20)?,
            payout: row.get(21)?,
            played_at: row.get(22)?,
        })
    }

    /// Checks every stored text; `Err` names the column that does not parse.
    pub(crate) fn parse(self) -> Result<HandRecord, String> {
        let bad = |what: &str| format!("hand {}: bad {what}", self.id);
        let hold = |mask: i64| u32::try_from(mask).ok().and_then(|m| Hold::from_mask(m).ok());
        let evs = evs_from_blob(&self.evs).ok_or_else(|| bad("evs"))?;
        Ok(HandRecord {
            id: self.id,
            day: self.day.parse().map_err(|_| bad("day"))?,
            played_at: self.played_at.clone().unwrap_or_else(|| self.day.clone()),
            machine: self.machine.parse().map_err(|_| bad("machine"))?,
            bet: u32::try_from(self.bet).map_err(|_| bad("bet"))?,
            hands: u8::try_from(self.n_hands).map_err(|_| bad("n_hands"))?,
            practice: self.practice,
            cost: u64::try_from(self.cost).map_err(|_| bad("cost"))?,
            seed: self.seed.parse().map_err(|_| bad("seed"))?,
            situation: match &self.situation {
                None => None,
                Some(id) => Some(Situation::from_id(id).ok_or_else(|| bad("situation"))?),
            },
            dead: self.dead,
            nudge: match &self.nudge {
                None => None,
                Some(text) => {
                    let nudge: Nudge = serde_json::from_str(text).map_err(|_| bad("nudge"))?;
                    Some(Some(nudge).filter(Nudge::fits_positions).ok_or_else(|| bad("nudge"))?)
                }
            },
            dealt: parse_hand(&self.dealt).map_err(|_| bad("dealt"))?,
            best_hold: hold(self.best_hold).ok_or_else(|| bad("best_hold"))?,
            best_ev: self.best_ev,
            drawn: self.drawn,
            hold: match self.hold {
                None => None,
                Some(mask) => Some(hold(mask).ok_or_else(|| bad("hold"))?),
            },
            hold_ev: self.hold_ev,
            ev_given_up: self.ev_given_up,
            results: match &self.results {
                None => Vec::new(),
                Some(text) => serde_json::from_str(text).map_err(|_| bad("results"))?,
            },
            won: self.won.map(|w| u64::try_from(w).map_err(|_| bad("won"))).transpose()?,
            payout: self.payout.map(|p| u64::try_from(p).map_err(|_| bad("payout"))).transpose()?,
            evs,
        })
    }
}

/// The hands matching `where_clause` (SQL after WHERE, no parameters), newest first.
pub(crate) fn query_hands(conn: &Connection, where_clause: &str, limit: i64) -> Result<Vec<RawHand>, rusqlite::Error> {
    let sql = format!("SELECT {HAND_COLUMNS} FROM hands WHERE {where_clause} ORDER BY id DESC LIMIT ?1");
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt.query_map([limit], RawHand::from_row)?;
    rows.collect()
}

/// The 32 EVs of a hand as stored: 32 little-endian f64 (256 bytes), read back exactly.
pub(crate) fn evs_to_blob(evs: &[f64; 32]) -> Vec<u8> {
    evs.iter().flat_map(|ev| ev.to_le_bytes()).collect()
}

fn evs_from_blob(bytes: &[u8]) -> Option<[f64; 32]> {
    if bytes.len() != 32 * 8 {
        return None;
    }
    Some(std::array::from_fn(|i| {
        let chunk: [u8; 8] = std::array::from_fn(|b| bytes[8 * i + b]);
        f64::from_le_bytes(chunk)
    }))
}

/// The text form of five dealt cards as stored.
pub(crate) fn dealt_text(cards: &[Card; 5]) -> String {
    cards_to_string(cards)
}
