//! Hand history: the hands table's rows, and every hand as the player sees it, rebuilt from them.
//!
//! A stored hand keeps only what cannot be derived: machine, bet, hands, practice, seed, the kind-deal
//! bag consulted, the nudge, the dealt cards, the date and time, the hold and the win. Everything else
//! (the deck, the replacement cards, every result, each hold's EV and the mistake verdict) is replayed
//! through the one dealing and settling pipeline on every read, which also checks the row: a seed
//! that does not give the stored cards, or a win the cards do not pay, is a corrupt database.
//!
//! Row encoding (see migration 3): `machine` and `situation` are indices into [`MachineId::ALL`] and
//! [`Situation::ALL`]; `seed` is its 32 bytes; `dealt` is five card indices (`rank × 4 + suit`);
//! `nudge` is five bytes (kind 0 = four-flush / 1 = pair, dealt position, removed card, added card,
//! deck position); `day` is days from 0001-01-01 (proleptic Gregorian, day 1 = 0001-01-01);
//! `time` is seconds after local midnight, or NULL when the caller gave the date alone.

use chrono::{Datelike, NaiveDate, NaiveTime, Timelike};
use rusqlite::{params, Connection, OptionalExtension, Row};
use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::machine::MachineId;
use crate::shuffle::Seed;
use crate::strategy::{hand_evs, HandEvs};

use crate::pipeline::deal::Deal;
use crate::pipeline::verify::{replay_deal, Claim};
use crate::pipeline::nudge::{Nudge, NudgeKind, Situation};
use super::moment::Moment;
use crate::pipeline::settle::{settle_with, stake, HandResult, HoldVerdict};

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
    /// Chips at stake: bet × hands (practice too: its chip figures are shown at this stake).
    pub stake: u64,
    /// The shuffle seed (reproduces the deck; see `game::deal`).
    pub seed: Seed,
    /// The commitment shown while the hand was in progress, SHA-256 of the seed's 32 bytes in hex;
    /// null for hands stored before commitments existed.
    pub commitment: Option<String>,
    /// The kind-deal bag consulted, if any (a dead real deal with kind deals on).
    pub situation: Option<Situation>,
    /// Whether the deal (before any nudge) was dead.
    pub dead: bool,
    /// The nudge, if the deal was nudged.
    pub nudge: Option<Nudge>,
    /// The five cards dealt (after any nudge).
    pub dealt: [Card; 5],
    /// The best hold.
    pub best_hold: Hold,
    /// EV per coin of the best hold.
    pub best_ev: f64,
    /// Whether the hand has been drawn.
    pub drawn: bool,
    /// The player's hold (once drawn).
    pub hold: Option<Hold>,
    /// EV per coin of the player's hold.
    pub hold_ev: Option<f64>,
    /// EV per coin given up against the best hold (0 when the hold was as good as the best).
    pub ev_given_up: Option<f64>,
    /// The same in chips at the stake.
    pub ev_given_up_chips: Option<f64>,
    /// The core's verdict on the hold: whether it was a mistake.
    pub mistake: Option<bool>,
    /// One result per hand (once drawn).
    pub results: Vec<HandResult>,
    /// Sum of the results' wins (what practice would have paid, too).
    pub won: Option<u64>,
    /// Chips actually paid (0 in practice).
    pub payout: Option<u64>,
    /// Same cards, best hold: what the best hold would have made from the very same decks (the same
    /// replacement cards in order; extra hands their own decks), one result per hand (once drawn).
    pub best_results: Vec<HandResult>,
    /// What the best hold would have won on the same cards (once drawn).
    pub best_won: Option<u64>,
}

/// A row of the hands table, decoded.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct StoredHand {
    pub id: i64,
    pub machine: MachineId,
    pub bet: u32,
    pub n_hands: u8,
    pub practice: bool,
    pub seed: Seed,
    /// SHA-256 of the seed, stored at deal time (none for hands stored before migration 4).
    pub commitment: Option<[u8; 32]>,
    pub situation: Option<Situation>,
    pub nudge: Option<Nudge>,
    pub dealt: [Card; 5],
    pub moment: Moment,
    /// The hold and the win, once drawn.
    pub drawn: Option<(Hold, u64)>,
}

/// A stored hand replayed: its deal and its EVs.
pub(crate) struct Replayed {
    pub deal: Deal,
    pub evs: HandEvs,
}

pub(crate) const HAND_COLUMNS: &str =
    "id, machine, bet, n_hands, practice, seed, situation, nudge, dealt, day, time, hold, won, commitment";

impl StoredHand {
    /// Chips taken for the deal (none in practice).
    pub fn cost(&self) -> u64 {
        if self.practice {
            0
        } else {
            stake(self.bet, self.n_hands)
        }
    }

    /// Replays the deal by the one replay rule ([`replay_deal`]); `Err` when the stored commitment is
    /// not the seed's, or the seed, with the rule's nudge when one is disclosed, does not give the
    /// stored nudge and cards.
    pub fn replay(&self) -> Result<Replayed, String> {
        if self.commitment.is_some_and(|c| c != self.seed.commitment()) {
            return Err(format!("hand {}: the stored commitment is not SHA-256 of the seed", self.id));
        }
        let (deal, check) =
            replay_deal(&self.seed, self.machine, self.n_hands, Some(&self.dealt), self.nudge.as_ref());
        check.map_err(|mismatch| format!("hand {}: {mismatch}", self.id))?;
        let evs = hand_evs(self.machine, &self.dealt);
        Ok(Replayed { deal, evs })
    }

    /// What this row claims, for [`crate::pipeline::verify::verify`]: its commitment, dealt cards,
    /// nudge, hold and win.
    pub fn claim(&self) -> Claim {
        Claim {
            hand: Some(self.id),
            seed: self.seed,
            machine: self.machine,
            n_hands: self.n_hands,
            bet: self.bet,
            commitment: self.commitment.map(|c| crate::shuffle::hex(&c)),
            dealt: Some(self.dealt),
            nudge: self.nudge,
            hold: self.drawn.map(|(hold, _)| hold),
            drawn: None,
            finals: None,
            won: self.drawn.map(|(_, won)| won),
        }
    }

    /// The hand as the player sees it, replayed and checked.
    pub fn record(&self) -> Result<HandRecord, String> {
        self.record_of(self.replay()?)
    }

    /// [`StoredHand::record`] from a replay already made (a draw replays once, not twice).
    pub fn record_of(&self, replayed: Replayed) -> Result<HandRecord, String> {
        let Replayed { deal, evs } = replayed;
        let best = HoldVerdict::of(&evs, evs.best(), stake(self.bet, self.n_hands));
        let settled = match self.drawn {
            None => None,
            Some((hold, won)) => {
                let settlement = settle_with(&deal, self.bet, hold, &evs);
                if settlement.won != won {
                    return Err(format!("hand {}: recorded win {won} but the cards pay {}", self.id, settlement.won));
                }
                Some(settlement)
            }
        };
        let verdict = settled.as_ref().map(|s| s.verdict);
        let best_results = match self.drawn {
            Some(_) => crate::pipeline::settle::results(&deal, self.bet, best.best_hold),
            None => Vec::new(),
        };
        let best_won = self.drawn.map(|_| best_results.iter().map(|r| r.win).sum());
        Ok(HandRecord {
            id: self.id,
            day: self.moment.date(),
            played_at: self.moment.stamp(),
            machine: self.machine,
            bet: self.bet,
            hands: self.n_hands,
            practice: self.practice,
            cost: self.cost(),
            stake: best.stake,
            seed: self.seed,
            commitment: self.commitment.map(|c| crate::shuffle::hex(&c)),
            situation: self.situation,
            dead: deal.dead(),
            nudge: self.nudge,
            dealt: self.dealt,
            best_hold: best.best_hold,
            best_ev: best.best_ev,
            drawn: self.drawn.is_some(),
            hold: verdict.map(|v| v.hold),
            hold_ev: verdict.map(|v| v.ev),
            ev_given_up: verdict.map(|v| v.cost),
            ev_given_up_chips: verdict.map(|v| v.cost_chips()),
            mistake: verdict.map(|v| v.mistake),
            won: self.drawn.map(|(_, won)| won),
            payout: self.drawn.map(|(_, won)| if self.practice { 0 } else { won }),
            results: settled.map(|s| s.results).unwrap_or_default(),
            best_results,
            best_won,
        })
    }

    /// Decodes a row selected with [`HAND_COLUMNS`]; the inner `Err` names the column that is wrong.
    pub fn from_row(row: &Row<'_>) -> rusqlite::Result<Result<StoredHand, String>> {
        let id: i64 = row.get(0)?;
        let bad = move |what: &str| format!("hand {id}: bad {what}");
        let machine: i64 = row.get(1)?;
        let bet: i64 = row.get(2)?;
        let n_hands: i64 = row.get(3)?;
        let practice: i64 = row.get(4)?;
        let seed: Vec<u8> = row.get(5)?;
        let situation: Option<i64> = row.get(6)?;
        let nudge: Option<Vec<u8>> = row.get(7)?;
        let dealt: Vec<u8> = row.get(8)?;
        let day: i64 = row.get(9)?;
        let time: Option<i64> = row.get(10)?;
        let hold: Option<i64> = row.get(11)?;
        let won: Option<i64> = row.get(12)?;
        let commitment: Option<Vec<u8>> = row.get(13)?;
        Ok((|| {
            let drawn = match (hold, won) {
                (None, None) => None,
                (Some(hold), Some(won)) => Some((
                    u32::try_from(hold).ok().and_then(|m| Hold::from_mask(m).ok()).ok_or_else(|| bad("hold"))?,
                    u64::try_from(won).map_err(|_| bad("won"))?,
                )),
                _ => return Err(bad("hold and won")),
            };
            let date =
                i32::try_from(day).ok().and_then(NaiveDate::from_num_days_from_ce_opt).ok_or_else(|| bad("day"))?;
            let moment = match time {
                None => Moment::from(date),
                Some(secs) => {
                    let time = u32::try_from(secs)
                        .ok()
                        .and_then(|s| NaiveTime::from_num_seconds_from_midnight_opt(s, 0))
                        .ok_or_else(|| bad("time"))?;
                    Moment::from(date.and_time(time))
                }
            };
            Ok(StoredHand {
                id,
                machine: machine_from_code(machine).ok_or_else(|| bad("machine"))?,
                bet: u32::try_from(bet).map_err(|_| bad("bet"))?,
                n_hands: u8::try_from(n_hands).ok().filter(|n| super::rules::HAND_COUNTS.contains(n)).ok_or_else(|| bad("n_hands"))?,
                practice: match practice {
                    0 => false,
                    1 => true,
                    _ => return Err(bad("practice")),
                },
                seed: Seed::from_bytes(seed.try_into().map_err(|_| bad("seed"))?),
                commitment: match commitment {
                    None => None,
                    Some(bytes) => Some(bytes.try_into().map_err(|_| bad("commitment"))?),
                },
                situation: match situation {
                    None => None,
                    Some(code) => Some(situation_from_code(code).ok_or_else(|| bad("situation"))?),
                },
                nudge: match nudge {
                    None => None,
                    Some(bytes) => Some(nudge_from_bytes(&bytes).ok_or_else(|| bad("nudge"))?),
                },
                dealt: cards_from_bytes(&dealt).ok_or_else(|| bad("dealt"))?,
                moment,
                drawn,
            })
        })())
    }
}

/// Inserts a newly dealt hand; returns its id. A hand without a commitment (migration 3 copying old
/// hands, before the column exists) leaves the column out.
pub(crate) fn insert_deal(conn: &Connection, hand: &StoredHand) -> rusqlite::Result<i64> {
    let sql = if hand.commitment.is_some() {
        "INSERT INTO hands (machine, bet, n_hands, practice, seed, situation, nudge, dealt, day, time, commitment) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"
    } else {
        "INSERT INTO hands (machine, bet, n_hands, practice, seed, situation, nudge, dealt, day, time) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"
    };
    let seed = hand.seed.bytes();
    let dealt = cards_to_bytes(&hand.dealt);
    let nudge = hand.nudge.as_ref().map(nudge_to_bytes);
    let values: [&dyn rusqlite::ToSql; 11] = [
        &machine_code(hand.machine),
        &i64::from(hand.bet),
        &i64::from(hand.n_hands),
        &hand.practice,
        &&seed[..],
        &hand.situation.map(situation_code),
        &nudge.as_ref().map(|n| &n[..]),
        &&dealt[..],
        &i64::from(hand.moment.date().num_days_from_ce()),
        &hand.moment.time().map(|t| i64::from(t.num_seconds_from_midnight())),
        &hand.commitment.as_ref().map(|c| &c[..]),
    ];
    let count = if hand.commitment.is_some() { 11 } else { 10 };
    conn.prepare_cached(sql)?.execute(&values[..count])?;
    Ok(conn.last_insert_rowid())
}

/// Records the draw of the hand in progress `id`.
pub(crate) fn record_draw(conn: &Connection, id: i64, hold: Hold, won: u64) -> rusqlite::Result<usize> {
    conn.prepare_cached("UPDATE hands SET hold = ?1, won = ?2 WHERE id = ?3 AND hold IS NULL")?.execute(params![
        i64::from(hold.mask()),
        won as i64,
        id
    ])
}

/// The hand waiting for its draw, if any (found through the one-row partial index).
pub(crate) fn open_hand(conn: &Connection) -> rusqlite::Result<Option<Result<StoredHand, String>>> {
    let sql = format!("SELECT {HAND_COLUMNS} FROM hands WHERE hold IS NULL");
    conn.prepare_cached(&sql)?.query_row([], StoredHand::from_row).optional()
}

/// The finished hand `id`, if there is one (decoded, not replayed).
pub(crate) fn finished_hand(conn: &Connection, id: i64) -> rusqlite::Result<Option<Result<StoredHand, String>>> {
    let sql = format!("SELECT {HAND_COLUMNS} FROM hands WHERE id = ?1 AND hold IS NOT NULL");
    conn.prepare_cached(&sql)?.query_row([id], StoredHand::from_row).optional()
}

/// Up to `limit` finished hands with an id below `before` (all when `None`), newest first. Pages by
/// the primary key, so a page costs the same at any depth of history.
pub(crate) fn finished_hands(
    conn: &Connection,
    limit: u32,
    before: Option<i64>,
) -> rusqlite::Result<Vec<Result<StoredHand, String>>> {
    let sql = format!("SELECT {HAND_COLUMNS} FROM hands WHERE id < ?1 AND hold IS NOT NULL ORDER BY id DESC LIMIT ?2");
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt.query_map(params![before.unwrap_or(i64::MAX), i64::from(limit)], StoredHand::from_row)?;
    rows.collect()
}

/// Calls `each` with every stored hand with an id of `first` or above, in id order (a session's hands).
pub(crate) fn for_each_hand_from(
    conn: &Connection,
    first: i64,
    mut each: impl FnMut(Result<StoredHand, String>),
) -> rusqlite::Result<()> {
    let sql = format!("SELECT {HAND_COLUMNS} FROM hands WHERE id >= ?1 ORDER BY id");
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut rows = stmt.query([first])?;
    while let Some(row) = rows.next()? {
        each(StoredHand::from_row(row)?);
    }
    Ok(())
}

/// Calls `each` with every stored hand in id order, one row at a time (memory stays flat).
pub(crate) fn for_each_hand(
    conn: &Connection,
    mut each: impl FnMut(Result<StoredHand, String>),
) -> rusqlite::Result<()> {
    let sql = format!("SELECT {HAND_COLUMNS} FROM hands ORDER BY id");
    let mut stmt = conn.prepare(&sql)?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        each(StoredHand::from_row(row)?);
    }
    Ok(())
}

/// A machine's code in the hands table.
pub(crate) fn machine_code(machine: MachineId) -> i64 {
    MachineId::ALL.iter().position(|&m| m == machine).map_or(-1, |i| i as i64)
}

pub(crate) fn machine_from_code(code: i64) -> Option<MachineId> {
    usize::try_from(code).ok().and_then(|i| MachineId::ALL.get(i).copied())
}

pub(crate) fn situation_code(situation: Situation) -> i64 {
    Situation::ALL.iter().position(|&s| s == situation).map_or(-1, |i| i as i64)
}

pub(crate) fn situation_from_code(code: i64) -> Option<Situation> {
    usize::try_from(code).ok().and_then(|i| Situation::ALL.get(i).copied())
}

pub(crate) fn cards_to_bytes(cards: &[Card; 5]) -> [u8; 5] {
    std::array::from_fn(|i| cards[i].index() as u8)
}

fn cards_from_bytes(bytes: &[u8]) -> Option<[Card; 5]> {
    if bytes.len() != 5 {
        return None;
    }
    let cards: Vec<Card> = bytes.iter().filter_map(|&b| Card::from_index(usize::from(b))).collect();
    cards.try_into().ok()
}

pub(crate) fn nudge_to_bytes(nudge: &Nudge) -> [u8; 5] {
    let kind = match nudge.kind {
        NudgeKind::FourFlush => 0,
        NudgeKind::Pair => 1,
    };
    [kind, nudge.position as u8, nudge.removed.index() as u8, nudge.added.index() as u8, nudge.deck_position as u8]
}

fn nudge_from_bytes(bytes: &[u8]) -> Option<Nudge> {
    let [kind, position, removed, added, deck_position] = <[u8; 5]>::try_from(bytes).ok()?;
    let nudge = Nudge {
        kind: match kind {
            0 => NudgeKind::FourFlush,
            1 => NudgeKind::Pair,
            _ => return None,
        },
        position: usize::from(position),
        removed: Card::from_index(usize::from(removed))?,
        added: Card::from_index(usize::from(added))?,
        deck_position: usize::from(deck_position),
    };
    Some(nudge).filter(Nudge::fits_positions)
}
