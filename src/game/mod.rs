//! The game: chips, bets, multi-play, levels, daily chips, kind deals, hand history — in SQLite.
//!
//! [`Game`] is the command layer the app and the CLI drive. Every command that changes anything is
//! one SQLite transaction (a deal with its bet, a draw with its payout, a claim, a setting), so a
//! process killed at any moment loses nothing and never takes a bet twice; a refused command changes
//! nothing. Opening a file checks the ledger (balance = 1,000 + daily chips + payouts − bets).
//!
//! This module never reads the clock, never uses a global RNG and never picks a file location: the
//! caller passes the database path, `today` (the local calendar date) and each hand's [`Seed`]
//! (from OS entropy in the app and the CLI).
//!
//! ```
//! use vpoker::game::{DealRequest, Game};
//! use vpoker::hold::Hold;
//! use vpoker::machine::MachineId;
//! use vpoker::shuffle::Seed;
//!
//! let dir = std::env::temp_dir().join(format!("vpoker-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("game.db");
//! # let _ = std::fs::remove_file(&path);
//! let mut game = Game::open(&path).unwrap();
//! let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
//! let request = DealRequest { machine: MachineId::JacksOrBetter, bet: 5, hands: 1, practice: false };
//! let state = game.deal(request, Seed::from_bytes([7; 32]), today).unwrap();
//! assert_eq!(state.chips, 995);
//! let best = state.hand.unwrap().best_hold;
//! let state = game.draw(best, today).unwrap();
//! assert!(state.hand.is_none() && state.last_hand.is_some());
//! assert!(game.audit().unwrap().ok);
//! # drop(game);
//! # let _ = std::fs::remove_dir_all(&dir);
//! ```

pub mod bag;
pub mod daily;
pub mod deal;
pub mod error;
pub mod history;
pub mod kind;
pub mod migrations;
pub mod moment;
pub mod rules;
pub mod settings;
pub mod state;
pub mod stats;
mod storage;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};
use serde::{Deserialize, Serialize};

use crate::hold::Hold;
use crate::machine::MachineId;
use crate::shuffle::Seed;
use crate::strategy::{hand_evs, HandEvs};

pub use bag::ShuffleBag;
pub use daily::DailyView;
pub use deal::Deal;
pub use error::GameError;
pub use history::{HandRecord, HandResult};
pub use kind::{Nudge, NudgeKind, Situation};
pub use moment::Moment;
pub use settings::Settings;
pub use state::{HandView, Hint, HintHold, MachineView, State};
pub use stats::{Audit, MachineStats, Stats};

use history::{dealt_text, query_hands, RawHand, HAND_COLUMNS};
use storage::{sql_error, Profile};

/// What a deal asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealRequest {
    /// The machine.
    pub machine: MachineId,
    /// Chips per hand: 5, 10, 20 or 50.
    pub bet: u32,
    /// 1, 3 or 5 hands (3 and 5 from level 10).
    pub hands: u8,
    /// A practice hand: no chips, no XP, always a pure deal.
    pub practice: bool,
}

/// An open game database. `Send`, so the app can keep it in a `Mutex`.
pub struct Game {
    conn: Connection,
    path: PathBuf,
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game").field("path", &self.path).finish()
    }
}

impl Game {
    /// Opens the game at `path`, creating a new game (1,000 chips, level 1) when the file does not
    /// exist. A file that is not a readable game database, or was written by a newer version, or
    /// whose ledger does not add up, is refused with an error naming it, and left untouched.
    pub fn open(path: &Path) -> Result<Game, GameError> {
        let conn = storage::open_connection(path)?;
        let game = Game { conn, path: path.to_path_buf() };
        let audit = game.audit()?;
        if !audit.ok {
            return Err(GameError::CorruptDatabase {
                path: game.path.clone(),
                detail: format!("the ledger does not add up: {}", audit.problems.join("; ")),
            });
        }
        Ok(game)
    }

    /// Moves the file at `path` (and its `-wal`/`-shm` companions) aside to the first free
    /// `PATH.corrupt-N` and starts a fresh game at `path`. Returns where the old file went. Never
    /// called automatically: the player chooses it after a corrupt-database or newer-database error.
    pub fn move_aside_and_start_fresh(path: &Path) -> Result<PathBuf, GameError> {
        let storage_err = |detail: String| GameError::Storage { path: path.to_path_buf(), detail };
        if !path.exists() {
            return Err(storage_err("there is no file to move aside".to_string()));
        }
        let with_suffix = |base: &Path, suffix: &str| {
            let mut text = base.as_os_str().to_owned();
            text.push(suffix);
            PathBuf::from(text)
        };
        let target = (1..10_000)
            .map(|n| with_suffix(path, &format!(".corrupt-{n}")))
            .find(|candidate| !candidate.exists())
            .ok_or_else(|| storage_err("no free name to move the file to".to_string()))?;
        std::fs::rename(path, &target).map_err(|e| storage_err(e.to_string()))?;
        for companion in ["-wal", "-shm", "-journal"] {
            let from = with_suffix(path, companion);
            if from.exists() {
                std::fs::rename(&from, with_suffix(&target, companion)).map_err(|e| storage_err(e.to_string()))?;
            }
        }
        drop(Game::open(path)?);
        Ok(target)
    }

    /// The file this game lives in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The state on `today` (the date only matters for the daily chips).
    pub fn state(&self, today: NaiveDate) -> Result<State, GameError> {
        self.read_state(&self.conn, today, Vec::new())
    }

    /// Collects the daily chips for `today`: refused for a date already claimed, and for a date
    /// before the latest claim (the clock moved back).
    pub fn claim_daily(&mut self, today: NaiveDate) -> Result<State, GameError> {
        let path = self.path.clone();
        let err = |e| sql_error(&path, e);
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(err)?;
        let last = storage::parse_last_claim(storage::read_last_claim(&tx).map_err(err)?)
            .map_err(|detail| GameError::CorruptDatabase { path: path.clone(), detail })?;
        let streak = daily::check_claim(last, today)?;
        let mut profile = storage::read_profile(&tx).map_err(err)?;
        storage::insert_claim(&tx, today, rules::DAILY_CHIPS, streak).map_err(err)?;
        storage::add_ledger(&tx, "daily", rules::DAILY_CHIPS as i64, None, today).map_err(err)?;
        profile.chips += rules::DAILY_CHIPS;
        storage::write_profile(&tx, &profile).map_err(err)?;
        tx.commit().map_err(err)?;
        self.read_state(&self.conn, today, vec!["daily-claimed".to_string()])
    }

    /// Deals a hand from `seed` (see [`deal`] for exactly how). Takes bet × hands chips (none in
    /// practice) and adds as much XP; the returned state's `hand` has the cards. `now` is the local
    /// date (a `NaiveDate`) or date and time (a `NaiveDateTime`), recorded with the hand.
    pub fn deal(&mut self, request: DealRequest, seed: Seed, now: impl Into<Moment>) -> Result<State, GameError> {
        let now = now.into();
        let today = now.date();
        let DealRequest { machine, bet, hands, practice } = request;
        let path = self.path.clone();
        let err = |e| sql_error(&path, e);
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(err)?;
        if let Some(hand_id) = open_hand_id(&tx).map_err(err)? {
            return Err(GameError::HandInProgress { hand_id });
        }
        let mut profile = storage::read_profile(&tx).map_err(err)?;
        let level_before = rules::level_for_xp(profile.xp);
        rules::check_deal(machine, bet, hands, level_before)?;
        let cost = if practice { 0 } else { u64::from(bet) * u64::from(hands) };
        if cost > profile.chips {
            return Err(GameError::InsufficientChips { needed: cost, available: profile.chips });
        }
        let settings = storage::read_settings(&tx).map_err(err)?;
        let deck = seed.deck();
        let dead = kind::is_dead(machine, &std::array::from_fn(|i| deck[i]));
        // Practice hands are always pure deals and never touch the bags: practice is for drilling
        // real decisions, and the bags' rates are about real play.
        let mut situation = None;
        let mut nudge_wanted = false;
        if dead && !practice && settings.kind_deals {
            let chosen = Situation::of(profile.chips - cost, profile.losing_streak);
            nudge_wanted = draw_from_bag(&tx, &path, chosen, &seed)?;
            situation = Some(chosen);
        }
        let dealt = Deal::new(&seed, machine, hands, nudge_wanted);
        let cards = dealt.dealt();
        let evs = hand_evs(machine, &cards);
        let best_hold = evs.best();
        let nudge_text = match dealt.nudge() {
            Some(nudge) => Some(serde_json::to_string(nudge).map_err(|e| json_err(&path, e))?),
            None => None,
        };
        let evs_blob = history::evs_to_blob(evs.as_array());
        tx.execute(
            "INSERT INTO hands (day, machine, bet, n_hands, practice, cost, seed, situation, dead, nudge, dealt, \
             evs, best_hold, best_ev, drawn, played_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, 0, ?15)",
            params![
                today.to_string(),
                machine.id(),
                i64::from(bet),
                i64::from(hands),
                practice,
                cost as i64,
                seed.to_string(),
                situation.map(Situation::id),
                dead,
                nudge_text,
                dealt_text(&cards),
                evs_blob,
                i64::from(best_hold.mask()),
                evs.ev(best_hold),
                now.stamp(),
            ],
        )
        .map_err(err)?;
        let hand_id = tx.last_insert_rowid();
        if cost > 0 {
            storage::add_ledger(&tx, "bet", -(cost as i64), Some(hand_id), today).map_err(err)?;
            profile.chips -= cost;
            profile.xp += cost;
            storage::write_profile(&tx, &profile).map_err(err)?;
        }
        storage::write_prefs(&tx, machine, bet, hands).map_err(err)?;
        tx.commit().map_err(err)?;
        let mut events = level_events(level_before, rules::level_for_xp(profile.xp));
        if dealt.nudge().is_some() {
            events.push("nudged".to_string());
        }
        self.read_state(&self.conn, today, events)
    }

    /// Draws the hand in progress with `hold`; pays bet × per-coin value per hand (nothing in
    /// practice). The returned state's `last_hand` has the results.
    /// `now` is the local date, or date and time, of the draw (it keys the payout in the ledger).
    pub fn draw(&mut self, hold: Hold, now: impl Into<Moment>) -> Result<State, GameError> {
        let today = now.into().date();
        let path = self.path.clone();
        let err = |e| sql_error(&path, e);
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(err)?;
        let hand = load_open_hand(&tx, &path)?.ok_or(GameError::NoHandInProgress)?;
        let replay = Deal::replay(&hand.seed, hand.hands, hand.nudge.as_ref());
        if replay.dealt() != hand.dealt || replay.nudge() != hand.nudge.as_ref() {
            return Err(GameError::CorruptDatabase {
                path: path.clone(),
                detail: format!("hand {}: the seed and the recorded nudge do not give the stored cards", hand.id),
            });
        }
        let table = hand.machine.paytable();
        let results: Vec<HandResult> = replay
            .final_hands(hold)
            .into_iter()
            .map(|cards| {
                let row = table.row_of_hand(&cards);
                HandResult {
                    cards,
                    drawn: (0..5).filter(|&i| !hold.holds(i)).map(|i| cards[i]).collect(),
                    outcome: table.outcome_id(&cards).to_string(),
                    row,
                    win: u64::from(hand.bet) * u64::from(table.pay(&cards)),
                }
            })
            .collect();
        let won: u64 = results.iter().map(|r| r.win).sum();
        let payout = if hand.practice { 0 } else { won };
        let evs = HandEvs::from_array(hand.evs);
        let hold_ev = evs.ev(hold);
        let given_up = evs.cost(hold);
        let results_text = serde_json::to_string(&results).map_err(|e| json_err(&path, e))?;
        tx.execute(
            "UPDATE hands SET drawn = 1, hold = ?1, hold_ev = ?2, ev_given_up = ?3, results = ?4, won = ?5, \
             payout = ?6 WHERE id = ?7 AND drawn = 0",
            params![i64::from(hold.mask()), hold_ev, given_up, results_text, won as i64, payout as i64, hand.id],
        )
        .map_err(err)?;
        if !hand.practice {
            let mut profile = storage::read_profile(&tx).map_err(err)?;
            if payout > 0 {
                storage::add_ledger(&tx, "payout", payout as i64, Some(hand.id), today).map_err(err)?;
                profile.chips += payout;
            }
            profile.losing_streak = if payout < hand.cost { profile.losing_streak.saturating_add(1) } else { 0 };
            storage::write_profile(&tx, &profile).map_err(err)?;
        }
        tx.commit().map_err(err)?;
        self.read_state(&self.conn, today, Vec::new())
    }

    /// The hint for the hand in progress: all 32 holds with their EVs per coin, best first.
    pub fn hint(&self) -> Result<Hint, GameError> {
        let hand = load_open_hand(&self.conn, &self.path)?.ok_or(GameError::NoHandInProgress)?;
        let evs = HandEvs::from_array(hand.evs);
        let holds = evs
            .sorted()
            .into_iter()
            .map(|h| HintHold {
                hold: h.hold,
                bits: h.hold.to_bits(),
                cards: (0..5).filter(|&i| h.hold.holds(i)).map(|i| hand.dealt[i]).collect(),
                ev: h.ev,
            })
            .collect();
        Ok(Hint {
            hand_id: hand.id,
            machine: hand.machine,
            cards: hand.dealt,
            holds,
            best_hold: hand.best_hold,
            best_ev: hand.best_ev,
        })
    }

    /// The last `limit` finished hands, newest first (the hand in progress is not history yet).
    pub fn history(&self, limit: u32) -> Result<Vec<HandRecord>, GameError> {
        let raws = query_hands(&self.conn, "drawn = 1", i64::from(limit)).map_err(|e| sql_error(&self.path, e))?;
        raws.into_iter().map(|raw| parse_raw(raw, &self.path)).collect()
    }

    /// Statistics per machine over every finished hand, real and practice apart.
    pub fn stats(&self) -> Result<Stats, GameError> {
        let raws = query_hands(&self.conn, "drawn = 1", -1).map_err(|e| sql_error(&self.path, e))?;
        let hands = raws.into_iter().map(|raw| parse_raw(raw, &self.path)).collect::<Result<Vec<_>, _>>()?;
        Ok(stats::compute(&hands))
    }

    /// Sets one setting (see [`settings::SETTINGS`]); a bad key or value is refused.
    pub fn set_setting(&mut self, key: &str, value: &str) -> Result<Settings, GameError> {
        let key = settings::validate(key, value)?;
        let err = |e| sql_error(&self.path, e);
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(err)?;
        storage::write_setting(&tx, key, value).map_err(err)?;
        let settings = storage::read_settings(&tx).map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(settings)
    }

    /// Sets one setting and returns the whole state (what the app shows after a change).
    pub fn set_setting_state(&mut self, key: &str, value: &str, today: NaiveDate) -> Result<State, GameError> {
        self.set_setting(key, value)?;
        self.state(today)
    }

    /// The ledger check: balance = 1,000 + daily chips + payouts − bets, XP = chips bet, every real
    /// hand's bet taken exactly once and every payout paid exactly once.
    pub fn audit(&self) -> Result<Audit, GameError> {
        storage::audit(&self.conn).map_err(|e| sql_error(&self.path, e))
    }

    /// Row counts of every table (for audits and the tests that prove a refused command changed nothing).
    pub fn table_counts(&self) -> Result<Vec<(&'static str, i64)>, GameError> {
        storage::table_counts(&self.conn).map_err(|e| sql_error(&self.path, e))
    }

    fn read_state(&self, conn: &Connection, today: NaiveDate, events: Vec<String>) -> Result<State, GameError> {
        let path = &self.path;
        let err = |e| sql_error(path, e);
        let corrupt = |detail: String| GameError::CorruptDatabase { path: path.clone(), detail };
        let profile: Profile = storage::read_profile(conn).map_err(err)?;
        let level = rules::level_for_xp(profile.xp);
        let last = storage::parse_last_claim(storage::read_last_claim(conn).map_err(err)?).map_err(corrupt)?;
        let mut last_bet = BTreeMap::new();
        let mut last_hands = BTreeMap::new();
        for (machine, bet, hands) in storage::read_prefs(conn).map_err(err)? {
            last_bet.insert(machine.clone(), u32::try_from(bet).unwrap_or(rules::BETS[0]));
            last_hands.insert(machine, u8::try_from(hands).unwrap_or(1));
        }
        let hand = load_open_hand(conn, path)?.map(|h| HandView {
            id: h.id,
            machine: h.machine,
            bet: h.bet,
            hands: h.hands,
            practice: h.practice,
            cards: h.dealt,
            nudged: h.nudge.is_some(),
            best_hold: h.best_hold,
            best_ev: h.best_ev,
        });
        let last_hand = query_hands(conn, "drawn = 1", 1)
            .map_err(err)?
            .into_iter()
            .next()
            .map(|raw| parse_raw(raw, path))
            .transpose()?;
        Ok(State {
            chips: profile.chips,
            level,
            xp: profile.xp,
            level_start_xp: rules::level_start_xp(level),
            next_level_xp: rules::level_start_xp(level + 1),
            unlocked: MachineId::ALL.into_iter().filter(|&m| rules::machine_unlocked(m, level)).collect(),
            multi_play: level >= rules::MULTI_PLAY_LEVEL,
            next_unlock: rules::next_unlock(profile.xp),
            daily: daily::view(last, today),
            settings: storage::read_settings(conn).map_err(err)?,
            last_bet,
            last_hands,
            hand,
            last_hand,
            losing_streak: profile.losing_streak,
            machines: MachineId::ALL
                .into_iter()
                .map(|m| MachineView {
                    id: m,
                    unlock_level: m.unlock_level(),
                    unlocked: rules::machine_unlocked(m, level),
                    paytable: m.paytable().rows().to_vec(),
                })
                .collect(),
            bets: rules::BETS,
            hand_counts: rules::HAND_COUNTS,
            events,
        })
    }
}

fn open_hand_id(conn: &Connection) -> rusqlite::Result<Option<i64>> {
    conn.query_row("SELECT id FROM hands WHERE drawn = 0", [], |row| row.get(0)).optional()
}

fn load_open_hand(conn: &Connection, path: &Path) -> Result<Option<HandRecord>, GameError> {
    let sql = format!("SELECT {HAND_COLUMNS} FROM hands WHERE drawn = 0");
    let raw = conn.query_row(&sql, [], RawHand::from_row).optional().map_err(|e| sql_error(path, e))?;
    raw.map(|raw| parse_raw(raw, path)).transpose()
}

fn parse_raw(raw: RawHand, path: &Path) -> Result<HandRecord, GameError> {
    raw.parse().map_err(|detail| GameError::CorruptDatabase { path: path.to_path_buf(), detail })
}

fn json_err(path: &Path, error: serde_json::Error) -> GameError {
    GameError::Storage { path: path.to_path_buf(), detail: error.to_string() }
}

/// Draws from a situation's stored bag (refilled from the hand's seed, stream 1) and stores it back.
fn draw_from_bag(conn: &Connection, path: &Path, situation: Situation, seed: &Seed) -> Result<bool, GameError> {
    let err = |e| sql_error(path, e);
    let stored = storage::read_bag(conn, situation).map_err(err)?;
    let parse = |text: &str| -> Result<Vec<bool>, GameError> {
        text.chars()
            .map(|c| match c {
                '1' => Ok(true),
                '0' => Ok(false),
                _ => Err(GameError::CorruptDatabase { path: path.to_path_buf(), detail: format!("bad bag '{text}'") }),
            })
            .collect()
    };
    let mut bag = match stored {
        None => situation.new_bag(),
        Some((remaining, last)) => {
            let last = match last.as_deref() {
                None => None,
                Some(text) => parse(text)?.first().copied(),
            };
            situation.restore_bag(parse(&remaining)?, last)
        }
    };
    let nudge = bag.draw(&mut deal::bag_rng(seed));
    let text = |items: &[bool]| items.iter().map(|&b| if b { '1' } else { '0' }).collect::<String>();
    let last = bag.last().map(|&b| text(&[b]));
    storage::write_bag(conn, situation, &text(bag.remaining()), last.as_deref()).map_err(err)?;
    Ok(nudge)
}

/// The events of a level change: "level-up" and each unlock reached.
fn level_events(before: u32, after: u32) -> Vec<String> {
    if after <= before {
        return Vec::new();
    }
    let mut events = vec!["level-up".to_string()];
    events.extend(rules::unlocked_between(before, after).into_iter().map(rules::Unlock::event));
    events
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_types_are_send() {
        fn is_send<T: Send>() {}
        is_send::<Game>();
        is_send::<GameError>();
        is_send::<State>();
    }
}
