//! The game: chips, bets, multi-play, levels, daily chips, kind deals, hand history — in SQLite.
//!
//! [`Game`] is the command layer the app and the CLI drive. Every command that changes anything is
//! one SQLite transaction (a deal with its bet, a draw with its payout, a claim, a setting), so a
//! process killed at any moment loses nothing and never takes a bet twice; a refused command changes
//! nothing. Opening a file checks the ledger's running sums (balance = 1,000 + daily chips +
//! payouts − bets) in constant time; [`Game::audit`] replays every hand.
//!
//! This module orchestrates: each command is a transaction that calls the dealing pipeline
//! ([`deal`]), the settlement ([`settle`]), the rules ([`rules`]) and the storage helpers
//! ([`history`], [`stats`], `storage`). No command's cost grows with the number of stored hands.
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

pub mod audit;
pub mod chart;
pub mod coach;
mod coach_cmds;
pub mod drill_cmds;
pub mod daily;
pub mod error;
pub mod history;
pub mod kind_stats;
pub mod lab_tables;
mod review;
pub mod session;
pub mod session_card;
mod session_totals;
pub mod migrations;
pub mod moment;
pub mod rules;
pub mod settings;
pub mod state;
pub mod stats;
mod storage;
mod upgrade;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use rusqlite::{Connection, OpenFlags, TransactionBehavior};
use serde::{Deserialize, Serialize};

use crate::hold::Hold;
use crate::machine::MachineId;
use crate::pipeline::verify;
use crate::pipeline::{settle, stake, Deal, NudgeSource, Situation};
use crate::shuffle::Seed;
use crate::strategy::hand_evs;

pub use audit::Audit;
pub use coach::{LuckSkill, MachineCoach, SessionFigures};
pub use coach_cmds::{Arrival, Coach};
pub use drill_cmds::{DrillQuestion, DrillSource, DrillTally, DrillVerdict, QueuedMistake};
pub use kind_stats::KindStats;
pub use lab_tables::{lab_paytable, LabTable, RowPay};
pub use session::Session;
pub use session_card::SessionCard;
pub use daily::DailyView;
pub use error::GameError;
pub use history::HandRecord;
pub use moment::Moment;
pub use settings::Settings;
pub use state::{HandView, Hint, HintHold, MachineView, State};
pub use stats::{MachineStats, Stats};

use history::StoredHand;
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
    /// whose ledger does not add up, is refused with an error naming it, and left untouched. Opening
    /// costs the same at any history length (the full replay is [`Game::audit`]).
    pub fn open(path: &Path) -> Result<Game, GameError> {
        let conn = storage::open_connection(path)?;
        let game = Game { conn, path: path.to_path_buf() };
        game.check(audit::quick(&game.conn).map_err(|e| sql_error(&game.path, e))?)?;
        Ok(game)
    }

    /// The full audit of the file at `path` on a read-only connection of its own, so it can run on
    /// a background thread beside an open [`Game`] (SQLite's WAL lets both read). `Ok` when every
    /// check passed; a failed check is a `corrupt-database` error naming what did not add up.
    pub fn audit_file(path: &Path) -> Result<Audit, GameError> {
        let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
            .map_err(|e| sql_error(path, e))?;
        let game = Game { conn, path: path.to_path_buf() };
        let audit = audit::full(&game.conn).map_err(|e| sql_error(path, e))?;
        game.check(audit)
    }

    fn check(&self, audit: Audit) -> Result<Audit, GameError> {
        if audit.ok {
            Ok(audit)
        } else {
            Err(self.corrupt(format!("the ledger does not add up: {}", audit.problems.join("; "))))
        }
    }

    /// Moves the file at `path` (and its `-wal`/`-shm` companions) aside to the first free
    /// `PATH.corrupt-N` and starts a fresh game at `path`. Returns where the old file went. Never
    /// called automatically: the player chooses it after a corrupt-database or newer-database error.
    pub fn move_aside_and_start_fresh(path: &Path) -> Result<PathBuf, GameError> {
        let target = storage::move_aside(path, "corrupt")?;
        drop(Game::open(path)?);
        Ok(target)
    }

    /// The file this game lives in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn corrupt(&self, detail: String) -> GameError {
        GameError::CorruptDatabase { path: self.path.clone(), detail }
    }

    /// The state on `today` (the date only matters for the daily chips).
    pub fn state(&self, today: NaiveDate) -> Result<State, GameError> {
        self.read_state(today, Vec::new())
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
        storage::add_ledger(&tx, "daily", rules::DAILY_CHIPS, today).map_err(err)?;
        profile.chips += rules::DAILY_CHIPS;
        profile.daily_total += rules::DAILY_CHIPS;
        storage::write_profile(&tx, &profile).map_err(err)?;
        tx.commit().map_err(err)?;
        self.read_state(today, vec!["daily-claimed".to_string()])
    }

    /// Deals a hand from `seed` through the dealing pipeline (see [`deal`]). Takes bet × hands chips
    /// (none in practice) and adds as much XP; the returned state's `hand` has the cards. `now` is
    /// the local date (a `NaiveDate`) or date and time (a `NaiveDateTime`), recorded with the hand.
    pub fn deal(&mut self, request: DealRequest, seed: Seed, now: impl Into<Moment>) -> Result<State, GameError> {
        let now = now.into();
        let path = self.path.clone();
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(|e| sql_error(&path, e))?;
        // Being there first: a deal that starts a session belongs to it.
        present(&tx, &path, now)?;
        let events = deal_in(&tx, &path, request, seed, now)?;
        tx.commit().map_err(|e| sql_error(&path, e))?;
        self.read_state(now.date(), events)
    }

    /// Draws the hand in progress with `hold` and settles it (see [`settle`]): pays bet × per-coin
    /// value per hand (nothing in practice). The returned state's `last_hand` has the results.
    /// `now` is the local date, or date and time, of the draw.
    pub fn draw(&mut self, hold: Hold, now: impl Into<Moment>) -> Result<State, GameError> {
        let now = now.into();
        let today = now.date();
        let path = self.path.clone();
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(|e| sql_error(&path, e))?;
        draw_in(&tx, &path, hold)?;
        present(&tx, &path, now)?;
        tx.commit().map_err(|e| sql_error(&path, e))?;
        self.read_state(today, Vec::new())
    }

    /// Plays the hands of `seeds` with the best hold, deal and draw exactly as [`Game::deal`] and
    /// [`Game::draw`] do, all in one transaction (for building long histories quickly: a million
    /// hands in seconds instead of a fsync per hand). Stops early, keeping what was played, at the
    /// first deal refused for want of chips; returns how many hands were played.
    pub fn play_best_batch(&mut self, request: DealRequest, seeds: &[Seed], now: impl Into<Moment>) -> Result<usize, GameError> {
        let now = now.into();
        let path = self.path.clone();
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(|e| sql_error(&path, e))?;
        let mut played = 0;
        for &seed in seeds {
            match deal_in(&tx, &path, request, seed, now) {
                Ok(_) => {}
                Err(GameError::InsufficientChips { .. }) => break,
                Err(other) => return Err(other),
            }
            let best = match history::open_hand(&tx).map_err(|e| sql_error(&path, e))? {
                Some(Ok(hand)) => hand_evs(hand.machine, &hand.dealt).best(),
                _ => return Err(GameError::NoHandInProgress),
            };
            draw_in(&tx, &path, best)?;
            played += 1;
        }
        tx.commit().map_err(|e| sql_error(&path, e))?;
        Ok(played)
    }

    /// The hint for the hand in progress: all 32 holds with their EVs per coin and in chips at the
    /// stake, best first, each with the core's verdict.
    pub fn hint(&self) -> Result<Hint, GameError> {
        let hand = self.open_hand()?.ok_or(GameError::NoHandInProgress)?;
        let evs = hand_evs(hand.machine, &hand.dealt);
        let stake = stake(hand.bet, hand.n_hands);
        let best = evs.best();
        let holds = state::hint_holds(&evs, &hand.dealt, stake);
        Ok(Hint {
            hand_id: hand.id,
            machine: hand.machine,
            cards: hand.dealt,
            bet: hand.bet,
            hands: hand.n_hands,
            stake,
            holds,
            best_hold: best,
            best_ev: evs.ev(best),
            chart: crate::strategy::chart::advise(crate::strategy::chart::machine_chart(hand.machine), &hand.dealt, &evs),
        })
    }

    /// Up to `limit` finished hands, newest first (the hand in progress is not history yet); with
    /// `before`, only hands with a smaller id (the next page). Costs the same at any history length.
    pub fn history(&self, limit: u32, before: Option<i64>) -> Result<Vec<HandRecord>, GameError> {
        let rows = history::finished_hands(&self.conn, limit, before).map_err(|e| sql_error(&self.path, e))?;
        rows.into_iter().map(|row| row.and_then(|hand| hand.record()).map_err(|d| self.corrupt(d))).collect()
    }

    /// Verifies finished hand `id` from its revealed seed ([`verify::verify`]): the replay never uses
    /// the stored cards, it checks them. A hand still in progress is not finished (its seed stays
    /// hidden): `unknown-hand`, like an id that does not exist. A row that does not decode is a
    /// `corrupt-database` error; a row that decodes but does not verify is a failed verification.
    pub fn verify_hand(&self, id: i64) -> Result<verify::Verification, GameError> {
        match history::finished_hand(&self.conn, id).map_err(|e| sql_error(&self.path, e))? {
            None => Err(GameError::UnknownHand { hand_id: id }),
            Some(row) => Ok(verify::verify(&row.map_err(|d| self.corrupt(d))?.claim())),
        }
    }

    /// The player's own kind-deal record per situation (dead deals that consulted a bag, nudges), from
    /// the running totals.
    pub fn kind_stats(&self) -> Result<Vec<kind_stats::KindStats>, GameError> {
        kind_stats::read(&self.conn).map_err(|e| sql_error(&self.path, e))?.map_err(|d| self.corrupt(d))
    }

    /// Statistics per machine, real and practice apart, from the running totals.
    pub fn stats(&self) -> Result<Stats, GameError> {
        stats::read_totals(&self.conn).map_err(|e| sql_error(&self.path, e))?.map_err(|d| self.corrupt(d))
    }

    /// The statistics rebuilt from every stored hand (what the full audit compares the running
    /// totals with). Costs time in proportion to the history: for audits and tests.
    pub fn stats_from_hands(&self) -> Result<Stats, GameError> {
        let mut stats = Stats::empty();
        let mut problem = None;
        history::for_each_hand(&self.conn, |row| match row.and_then(|hand| hand.record()) {
            Ok(hand) if hand.drawn => stats.add(&hand),
            Ok(_) => {}
            Err(detail) => problem = problem.take().or(Some(detail)),
        })
        .map_err(|e| sql_error(&self.path, e))?;
        match problem {
            Some(detail) => Err(self.corrupt(detail)),
            None => Ok(stats),
        }
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

    /// The full ledger check: the running sums, then every hand replayed (see [`audit`]). Takes time
    /// in proportion to the history, so it is not on the start-up path.
    pub fn audit(&self) -> Result<Audit, GameError> {
        audit::full(&self.conn).map_err(|e| sql_error(&self.path, e))
    }

    /// Writes a consistent copy of the game to `target` (SQLite's online backup: a hand in progress
    /// is copied as it stands). `target` must not exist: nothing is overwritten.
    pub fn export(&self, target: &Path) -> Result<(), GameError> {
        storage::export(&self.conn, target)
    }

    /// Replaces the game at `db_path` with the one in `source`: the file is copied beside `db_path`
    /// and checked exactly as [`Game::open`] checks a file (and migrated there if it is older), then
    /// fully audited; only then is the current file moved aside (to `PATH.before-import-N`, never
    /// deleted) and the copy put in its place. A refused file changes nothing. Returns where the
    /// previous file was kept. The caller must have closed its own [`Game`] on `db_path` first.
    pub fn import_file(db_path: &Path, source: &Path) -> Result<PathBuf, GameError> {
        let staged = storage::stage_import(source, db_path)?;
        let checked = Game::open(&staged).and_then(|game| game.audit().and_then(|a| game.check(a)).map(|_| game));
        match checked {
            Ok(game) => drop(game),
            Err(error) => {
                storage::remove_staged(&staged);
                return Err(match error {
                    GameError::CorruptDatabase { detail, .. } => {
                        GameError::CorruptDatabase { path: source.to_path_buf(), detail }
                    }
                    GameError::NewerDatabase { found, supported, .. } => {
                        GameError::NewerDatabase { path: source.to_path_buf(), found, supported }
                    }
                    other => other,
                });
            }
        }
        if db_path.exists() {
            storage::swap_in(&staged, db_path)
        } else {
            storage::swap_in_fresh(&staged, db_path).map(|()| db_path.to_path_buf())
        }
    }

    /// Row counts of every table (for audits and the tests that prove a refused command changed nothing).
    pub fn table_counts(&self) -> Result<Vec<(&'static str, i64)>, GameError> {
        storage::table_counts(&self.conn).map_err(|e| sql_error(&self.path, e))
    }

    fn open_hand(&self) -> Result<Option<StoredHand>, GameError> {
        let row = history::open_hand(&self.conn).map_err(|e| sql_error(&self.path, e))?;
        row.transpose().map_err(|d| self.corrupt(d))
    }

    fn read_state(&self, today: NaiveDate, events: Vec<String>) -> Result<State, GameError> {
        let conn = &self.conn;
        let err = |e| sql_error(&self.path, e);
        let profile: Profile = storage::read_profile(conn).map_err(err)?;
        let level = rules::level_for_xp(profile.xp);
        let last = storage::parse_last_claim(storage::read_last_claim(conn).map_err(err)?).map_err(|d| self.corrupt(d))?;
        let mut last_bet = BTreeMap::new();
        let mut last_hands = BTreeMap::new();
        for (machine, bet, hands) in storage::read_prefs(conn).map_err(err)? {
            let bet = u32::try_from(bet).ok().filter(|b| rules::BETS.contains(b));
            let hands = u8::try_from(hands).ok().filter(|n| rules::HAND_COUNTS.contains(n));
            let (Some(bet), Some(hands)) = (bet, hands) else {
                return Err(self.corrupt(format!("bad remembered bet for {machine}")));
            };
            last_bet.insert(machine.clone(), bet);
            last_hands.insert(machine, hands);
        }
        let hand = match self.open_hand()? {
            None => None,
            Some(h) => {
                let evs = hand_evs(h.machine, &h.dealt);
                let best_hold = evs.best();
                Some(HandView {
                    id: h.id,
                    machine: h.machine,
                    bet: h.bet,
                    hands: h.n_hands,
                    practice: h.practice,
                    stake: stake(h.bet, h.n_hands),
                    cards: h.dealt,
                    nudged: h.nudge.is_some(),
                    commitment: h.commitment.map(|c| crate::shuffle::hex(&c)),
                    best_hold,
                    best_ev: evs.ev(best_hold),
                })
            }
        };
        let last_hand = self.history(1, None)?.into_iter().next();
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
            broke: hand.is_none() && rules::broke(profile.chips),
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

/// The Verify form's request: a seed typed or pasted as text, a machine id, the number of hands, and
/// optionally the commitment the player noted, replayed by [`verify::verify`]. Bad text is a typed
/// error (`invalid-seed`, `invalid-machine`, `invalid-hands`), so the app's command only passes the
/// fields on.
pub fn verify_seed_text(
    seed: &str,
    machine: &str,
    n_hands: u8,
    commitment: Option<&str>,
) -> Result<verify::Verification, GameError> {
    let trimmed = seed.trim();
    let seed: Seed = trimmed.parse().map_err(|_| GameError::InvalidSeed { seed: trimmed.to_string() })?;
    let machine: MachineId = machine.parse()?;
    if !rules::HAND_COUNTS.contains(&n_hands) {
        return Err(GameError::InvalidHands { hands: n_hands });
    }
    let commitment = commitment.map(str::trim).filter(|c| !c.is_empty()).map(str::to_string);
    Ok(verify::verify(&verify::Claim { commitment, ..verify::Claim::seed(seed, machine, n_hands) }))
}

/// A deal inside the caller's transaction: rules, chips, the kind-deal bag, the pipeline, the row.
fn deal_in(tx: &Connection, path: &Path, request: DealRequest, seed: Seed, now: Moment) -> Result<Vec<String>, GameError> {
    let err = |e| sql_error(path, e);
    let corrupt = |detail: String| GameError::CorruptDatabase { path: path.to_path_buf(), detail };
    let DealRequest { machine, bet, hands, practice } = request;
    if let Some(hand) = history::open_hand(tx).map_err(err)? {
        return Err(GameError::HandInProgress { hand_id: hand.map_err(corrupt)?.id });
    }
    let mut profile = storage::read_profile(tx).map_err(err)?;
    let level_before = rules::level_for_xp(profile.xp);
    rules::check_deal(machine, bet, hands, level_before)?;
    let cost = if practice { 0 } else { stake(bet, hands) };
    if cost > profile.chips {
        return Err(GameError::InsufficientChips { needed: cost, available: profile.chips });
    }
    // Practice hands are always pure deals and never touch the bags: practice is for drilling real
    // decisions, and the bags' rates are about real play. A bag is read only for a dead real deal.
    let kind_deals = !practice && storage::read_settings(tx).map_err(err)?.kind_deals;
    let situation = Situation::of(profile.chips - cost, profile.losing_streak);
    let mut bag = None;
    let dealt = if kind_deals {
        let mut stored = storage::read_bag(tx, situation).map_err(err)?.map_err(corrupt)?;
        let dealt = Deal::deal(&seed, machine, hands, NudgeSource::Bag(&mut stored));
        if dealt.dead() {
            bag = Some(stored);
        }
        dealt
    } else {
        Deal::deal(&seed, machine, hands, NudgeSource::Never)
    };
    let stored = StoredHand {
        id: 0,
        machine,
        bet,
        n_hands: hands,
        practice,
        seed,
        commitment: Some(seed.commitment()),
        situation: bag.as_ref().map(|_| situation),
        nudge: dealt.nudge().copied(),
        dealt: dealt.dealt(),
        moment: now,
        drawn: None,
    };
    if let Some(bag) = &bag {
        storage::write_bag(tx, situation, bag).map_err(err)?;
        kind_stats::add(tx, situation, dealt.nudge().is_some()).map_err(err)?;
    }
    history::insert_deal(tx, &stored).map_err(err)?;
    if cost > 0 {
        profile.chips -= cost;
        profile.xp += cost;
        profile.bet_total += cost;
        storage::write_profile(tx, &profile).map_err(err)?;
    }
    storage::write_prefs(tx, machine, bet, hands).map_err(err)?;
    let mut events = level_events(level_before, rules::level_for_xp(profile.xp));
    if dealt.nudge().is_some() {
        events.push("nudged".to_string());
    }
    Ok(events)
}

/// A timed deal or draw counts as the player being there (see `session.rs`); a date alone does not.
fn present(tx: &Connection, path: &Path, now: Moment) -> Result<(), GameError> {
    if let Some(time) = now.time() {
        session::arrive(tx, now.date().and_time(time)).map_err(|e| sql_error(path, e))?;
    }
    Ok(())
}

/// A draw inside the caller's transaction: the stored hand replayed, settled, paid and totalled.
fn draw_in(tx: &Connection, path: &Path, hold: Hold) -> Result<(), GameError> {
    let err = |e| sql_error(path, e);
    let corrupt = |detail: String| GameError::CorruptDatabase { path: path.to_path_buf(), detail };
    let hand = history::open_hand(tx).map_err(err)?.ok_or(GameError::NoHandInProgress)?.map_err(corrupt)?;
    let replayed = hand.replay().map_err(corrupt)?;
    let settlement = settle::settle_with(&replayed.deal, hand.bet, hold, &replayed.evs);
    let payout = if hand.practice { 0 } else { settlement.won };
    if history::record_draw(tx, hand.id, hold, settlement.won).map_err(err)? != 1 {
        return Err(corrupt(format!("hand {} could not be drawn", hand.id)));
    }
    let record = StoredHand { drawn: Some((hold, settlement.won)), ..hand.clone() }.record_of(replayed).map_err(corrupt)?;
    stats::Delta::of(&record).store(tx).map_err(err)?;
    coach::store(tx, &record).map_err(err)?;
    session_totals::store(tx, &record).map_err(err)?.map_err(corrupt)?;
    review::enqueue(tx, &record, review::clock(tx).map_err(err)?).map_err(err)?;
    if !hand.practice {
        let mut profile = storage::read_profile(tx).map_err(err)?;
        profile.chips += payout;
        profile.paid_total += payout;
        profile.losing_streak = if payout < hand.cost() { profile.losing_streak.saturating_add(1) } else { 0 };
        storage::write_profile(tx, &profile).map_err(err)?;
    }
    Ok(())
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
