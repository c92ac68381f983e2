//! The game: chips, bets, multi-play, levels, daily chips, kind deals, hand history — in SQLite.
//!
//! [`Game`] is the command layer the app and the CLI drive. Every command that changes anything is
//! one SQLite transaction (a deal with its bet, a draw with its payout, a claim, a setting), so a
//! process killed at any moment loses nothing and never takes a bet twice; a refused command changes
//! nothing. Opening a file checks the ledger's running sums (balance = 1,000 + daily chips +
//! payouts − bets) in constant time; [`Game::audit`] replays every hand.
//!
//! This file is the façade: each command is one line that opens one transaction on the store and
//! calls one room. The rooms, with imports running one way (a test checks it):
//!
//! - features: `play` (daily chips, deal, draw, hint, state), `coach` (luck and skill, sessions,
//!   session cards), `training` (drills, the review queue), `lab_tables`, `audit`, `analyser`
//!   (any five cards on any table, every hold with its final-hand distribution);
//! - `sums`: the running sums, sessions, charts and kind-deal counts, derived from the hands;
//! - `hands`: the hands table and the replayed [`HandRecord`];
//! - `store`: the file, its migrations, transactions, the player's rows;
//! - leaves: [`error`], [`rules`], [`settings`], [`moment`].
//!
//! Every rule of dealing and paying is the pure hand pipeline's ([`crate::pipeline`]). No command's
//! cost grows with the number of stored hands.
//!
//! This module never reads the clock, never uses a global RNG and never picks a file location: the
//! caller passes the database path, `today` (the local calendar date) and each hand's [`Seed`]
//! (from OS entropy in the app and the CLI).
//!
//! ```
//! use vpoker::game::{Bet, DealRequest, Game, Lines};
//! use vpoker::hold::Hold;
//! use vpoker::machine::MachineId;
//! use vpoker::shuffle::Seed;
//!
//! let dir = std::env::temp_dir().join(format!("vpoker-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("game.db");
//! # let _ = std::fs::remove_file(&path);
//! let mut game = Game::open(&path).unwrap();
//! // A day is checked where it enters (from the clock here), then trusted.
//! let today = vpoker::game::Day::new(chrono::NaiveDate::from_ymd_opt(2026, 11, 30).unwrap()).unwrap();
//! // A bet and a line count are checked where they enter (here, from numbers), then trusted.
//! let (bet, hands) = (Bet::new(5).unwrap(), Lines::new(1).unwrap());
//! let request = DealRequest::machine(MachineId::JacksOrBetter, bet, hands, false);
//! let state = game.deal(request, Seed::from_bytes([7; 32]), today).unwrap();
//! assert_eq!(state.chips, 995);
//! let best = state.hand.unwrap().best_hold;
//! let state = game.draw(best, today).unwrap();
//! assert!(state.hand.is_none() && state.last_hand.is_some());
//! assert!(game.audit().unwrap().ok);
//! # drop(game);
//! # let _ = std::fs::remove_dir_all(&dir);
//! ```

mod analyser;
mod audit;
pub use hands::chain::HeadCheck;
use hands::chain;
mod coach;
mod daily_deals;
mod derived;
pub mod error;
mod hands;
mod lab_tables;
mod milestones;
pub mod table_id;
pub mod moment;
mod play;
pub mod rules;
pub mod settings;
mod store;
mod sums;
mod training;
mod whole_history;

use crate::table::Table;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use chrono::NaiveDateTime;

use crate::strategy::chart::ChartTier;
use crate::hold::Hold;
use crate::machine::MachineId;
use crate::pipeline::verify::{self, Verification};
use crate::shuffle::{DealSeed, Seed};

pub use analyser::{
    analyse, AnalysedHold, AnalysedRow, AnalysedScreen, Analysis, GivesUp, Question as AnalysisQuestion, RowChange,
};
pub use audit::Audit;
pub use coach::session_card::{grade, GradeThreshold, SessionCard, CARD_MIN_DEALS, GRADES, LAST_GRADE};
pub use daily_deals::{DailyDay, DailyDeals, DailyHand, DailyResult, DailyReview, DailyScore};
pub use coach::{Arrival, Coach, LuckSkill, MachineCoach, SessionFigures};
pub use coach::progress::{
    trend_of, Direction, PerHour, Progress, ProgressDay, ProgressSession, SessionTrend, Trend, FLAT,
    PER_HOUR_MIN_MINUTES, PER_HOUR_SESSIONS, PROGRESS_DAYS_MAX, PROGRESS_SESSIONS,
};
pub use error::GameError;
pub use hands::HandRecord;
pub use lab_tables::{lab_paytable, LabTable, RowPay};
pub use milestones::Milestone;
pub use table_id::TableId;
pub use moment::Day;
pub use moment::Moment;
pub use play::daily::DailyView;
pub use play::state::{HandView, Hint, MachineView, State};
pub use play::DealRequest;
pub use play::table_view::{BetPay, GameChoice, PayRowView, TableView};
pub use rules::{Bet, Lines};
pub use settings::Settings;
pub use store::migrations;
pub use sums::{BestHand, ChartPoint, Figures, KindStats, MachineStats, Session, Stats, TableStats, MAX_POINTS};
pub use store::KEPT_BEFORE_IMPORT;
pub use training::drills::{
    parse_tier, ChartVerdict, DrillFrom, DrillKey, DrillQuestion, DrillSource, DrillTallies, DrillTally, DrillVerdict,
    QueuedMistake, Review, MAX_DEALS_PER_CHART_QUESTION, MAX_DEALS_PER_QUESTION,
};
pub use training::proficiency::{CheckPoint, CheckQuestion, Curve, Proficiency, CURVE_CHECKS};
pub use coach::score::{HoldReview, Score, CLOSE};
pub use training::review::{DueCard, GameDue};
pub use training::warm_up::{warm_up_on, WarmUp, WarmUpRun, WARM_UP_AFTER_DAYS, WARM_UP_DECISIONS};
pub use training::schedule::{ReviewSchedule, RETIRE_AFTER_DAYS};
pub use store::player::StoredClaim;
pub use whole_history::{History, HistoryCheck, HistoryFailure};

use store::Store;

/// Every table a game database has: the migrations' ([`migrations::TABLES`], the truth), then the
/// derived tables their rooms define. For audits and tests.
pub fn all_tables() -> Vec<&'static str> {
    migrations::TABLES.iter().copied().chain(derived::tables()).collect()
}

/// The derived tables (a cache of the truth, each group with its definition, rebuild and comparison
/// in `game::derived`).
pub fn derived_tables() -> Vec<&'static str> {
    derived::tables().collect()
}

/// An open game database. `Send`, so the app can keep it in a `Mutex`.
pub struct Game {
    store: Store,
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game").field("path", &self.store.path()).finish()
    }
}

impl Game {
    /// Opens the game at `path`, creating a new game (1,000 chips, level 1) when the file does not
    /// exist. A file that is not a readable game database, or was written by a newer version, or
    /// whose ledger does not add up, is refused with an error naming it, and left untouched. An older
    /// file is migrated, and derived tables that are not today's are rebuilt from the hands, in one
    /// transaction. Opening costs the same at any history length otherwise (the full replay is
    /// [`Game::audit`]). A staged copy an import killed part way left beside the file is removed
    /// (unless an import is running).
    ///
    /// A file (or folder) the game may not write — a read-only mount, a file without write
    /// permission — is opened to be read: it can be viewed, audited, verified and exported, and
    /// every command that would change it answers `read-only` (see [`Game::is_read_only`]).
    pub fn open(path: &Path) -> Result<Game, GameError> {
        store::sweep_interrupted_import(path);
        store::sweep_partials(path);
        let game = Game { store: Store::open(path, &derived::DERIVED)? };
        let audit = game.check(game.store.read(audit::quick)?)?;
        game.repair(&audit)?;
        Ok(game)
    }

    /// Opens the game at `path` read-only, for tools that promise not to change it (`vpoker verify
    /// --db`): the schema and the quick check as [`Game::open`] makes them, but the file is never
    /// written: a missing one is not created, and one that needs a migration or a rebuild is
    /// upgraded in a copy in memory. Commands that write answer `read-only`.
    pub fn open_read_only(path: &Path) -> Result<Game, GameError> {
        let game = Game { store: Store::view(path, &derived::DERIVED)? };
        let audit = game.check(game.store.read(audit::quick)?)?;
        game.repair(&audit)?;
        Ok(game)
    }

    /// Whether this game only reads its file (opened with [`Game::open_read_only`], or a file the
    /// game may not write): every change answers `read-only`.
    pub fn is_read_only(&self) -> bool {
        self.store.is_read_only()
    }

    /// The full audit of the file at `path` on a read-only connection of its own, so it can run on
    /// a background thread beside an open [`Game`] (SQLite's WAL lets both read; the audit reads one
    /// snapshot). `Ok` when the truth passed every check; a failed check is a `corrupt-database`
    /// error naming what did not add up. Derived tables found stale are rebuilt on a read-write
    /// connection of its own, in one transaction (listed in [`Audit::repaired`]).
    pub fn audit_file(path: &Path) -> Result<Audit, GameError> {
        let audit = {
            // As the game reads it: a read-only file that needs an upgrade is read upgraded (in memory).
            let game = Game { store: Store::view(path, &derived::DERIVED)? };
            game.check(game.store.read(audit::full)?)?
        };
        if !audit.repaired.is_empty() {
            let game = Game { store: Store::open(path, &derived::DERIVED)? };
            game.repair(&audit)?;
            // The milestones' facts come from the caches just rebuilt: checked on them now.
            let problems = game.store.read(milestones::problems)?;
            if !problems.is_empty() {
                return game.check(Audit { ok: false, problems, ..audit });
            }
        }
        Ok(audit)
    }

    fn check(&self, audit: Audit) -> Result<Audit, GameError> {
        if audit.ok {
            Ok(audit)
        } else {
            let detail = format!("the ledger does not add up: {}", audit.problems.join("; "));
            Err(GameError::CorruptDatabase { path: self.path().to_path_buf(), detail })
        }
    }

    /// Rebuilds the derived tables from the hands when `audit` found them stale (a cache: rebuilt,
    /// never a reason to refuse the file). A hand that does not replay refuses the rebuild.
    fn repair(&self, audit: &Audit) -> Result<(), GameError> {
        if audit.ok && !audit.repaired.is_empty() {
            self.store.repair(derived::rebuild_all)?;
        }
        Ok(())
    }

    /// Moves the file at `path` (and its `-wal`/`-shm` companions) aside to the first free
    /// `PATH.corrupt-N` and starts a fresh game at `path`. Returns where the old file went. Never
    /// called automatically: the player chooses it after a corrupt-database or newer-database error.
    pub fn move_aside_and_start_fresh(path: &Path) -> Result<PathBuf, GameError> {
        let target = store::move_aside(path, "corrupt")?;
        drop(Game::open(path)?);
        Ok(target)
    }

    /// [`Game::move_aside_and_start_fresh`] for a file the game cannot use: one that does not open
    /// (corrupt, newer) or whose full audit finds a problem. A game that opens and audits healthy is
    /// refused with `not-corrupt` and nothing moves (the command line's `reset-corrupt`; starting
    /// over on a healthy game is the app's Settings → Reset, which asks first).
    pub fn reset_corrupt(path: &Path) -> Result<PathBuf, GameError> {
        // No file: nothing to move aside (`move_aside` says so), and nothing is created by looking.
        if path.exists() {
            match Game::open(path).and_then(|game| game.audit()) {
                Ok(audit) if audit.ok => return Err(GameError::NotCorrupt { path: path.to_path_buf() }),
                Ok(_) | Err(GameError::CorruptDatabase { .. } | GameError::NewerDatabase { .. }) => {}
                // Busy, locked, unreadable for now: not a verdict on the file, so nothing moves.
                Err(other) => return Err(other),
            }
        }
        Game::move_aside_and_start_fresh(path)
    }

    /// The file this game lives in.
    pub fn path(&self) -> &Path {
        self.store.path()
    }

    /// The state on `today` (the date matters for the daily chips and the warm-up offers).
    pub fn state(&self, today: Day) -> Result<State, GameError> {
        let state = self.store.read(|tx| play::state(tx, today.date(), Vec::new()))?;
        Ok(State { read_only: self.is_read_only(), ..state })
    }

    /// Collects the daily chips for `today`: refused for a date already claimed, and for a date
    /// before the latest claim (the clock moved back).
    pub fn claim_daily(&mut self, today: Day) -> Result<State, GameError> {
        self.store.write(|tx| {
            play::claim_daily(tx, today.date())?;
            play::state(tx, today.date(), vec!["daily-claimed".to_string()])
        })
    }

    /// Deals a hand on any table from `seed` through the hand pipeline (see [`crate::pipeline::deal`]):
    /// a machine's for chips or in practice, a library or saved lab table in practice only
    /// (`practice-only`). Takes bet × hands chips (none in practice) and adds as much XP; the
    /// returned state's `hand` has the cards. One hand is in progress at a time (`hand-in-progress`).
    /// A bare [`Seed`] is the system's; [`DealSeed::chosen`] records that whoever dealt chose it
    /// (shown in the hand's history and verification).
    /// `now` is the local day (a [`Day`]) or day and time ([`Day::at`], [`Day::moment`]), recorded
    /// with the hand.
    pub fn deal(&mut self, request: DealRequest, seed: impl Into<DealSeed>, now: impl Into<Moment>) -> Result<State, GameError> {
        let (seed, now) = (seed.into(), now.into());
        self.store.write(|tx| {
            // Being there first: a deal that starts a session belongs to it.
            sums::sessions::present(tx, now)?;
            let events = play::deal(tx, &request, seed, now)?;
            play::state(tx, now.date(), events)
        })
    }

    /// Draws the hand in progress with `hold` and settles it (see [`crate::pipeline::settle`]): pays
    /// bet × per-coin value per hand (nothing in practice). The returned state's `last_hand` has the
    /// results. `now` is the local date, or date and time, of the draw.
    pub fn draw(&mut self, hold: Hold, now: impl Into<Moment>) -> Result<State, GameError> {
        let now = now.into();
        self.store.write(|tx| {
            play::draw(tx, hold)?;
            sums::sessions::present(tx, now)?;
            play::state(tx, now.date(), Vec::new())
        })
    }

    /// Plays the hands of `seeds` with the best hold, deal and draw exactly as [`Game::deal`] and
    /// [`Game::draw`] do, all in one transaction (for building long histories quickly: a million
    /// hands in seconds instead of a fsync per hand). Stops early, keeping what was played, at the
    /// first deal refused for want of chips; returns how many hands were played.
    pub fn play_best_batch<S: Copy + Into<DealSeed>>(
        &mut self,
        request: DealRequest,
        seeds: &[S],
        now: impl Into<Moment>,
    ) -> Result<usize, GameError> {
        let (seeds, now): (Vec<DealSeed>, Moment) = (seeds.iter().map(|&s| s.into()).collect(), now.into());
        self.store.write(|tx| play::play_best(tx, &request, &seeds, now))
    }

    /// What the next deal of `request`'s choices will show, line by line (on a variant's table,
    /// each line's multiplier: what it was paid at when the deal continues the hand before, what it
    /// is dealt with, whether it is lit), or `None` on a table whose rules show nothing. Reads only.
    pub fn next_screen(&self, request: &DealRequest) -> Result<Option<Vec<crate::rules::ScreenLine>>, GameError> {
        self.store.read(|tx| play::next_screen(tx, request))
    }

    /// The hint for the hand in progress: all 32 holds with their EVs per coin and in chips at the
    /// stake, best first, each with the core's verdict.
    pub fn hint(&self) -> Result<Hint, GameError> {
        self.store.read(play::hint)
    }

    /// Up to `limit` finished hands, newest first (the hand in progress is not history yet); with
    /// `before`, only hands with a smaller id (the next page). Costs the same at any history length.
    /// A limit above [`rules::HISTORY_PAGE_MAX`] (500) is refused with `history-limit`.
    pub fn history(&self, limit: u32, before: Option<i64>) -> Result<Vec<HandRecord>, GameError> {
        self.store.read(|tx| play::history(tx, limit, before))
    }

    /// Verifies finished hand `id` from its revealed seed ([`verify::verify`]): the replay never uses
    /// the stored cards, it checks them. A hand still in progress is not finished (its seed stays
    /// hidden): `unknown-hand`, like an id that does not exist. A row that does not decode is a
    /// `corrupt-database` error; a row that decodes but does not verify is a failed verification.
    pub fn verify_hand(&self, id: i64) -> Result<Verification, GameError> {
        self.store.read(|tx| match hands::finished_hand(tx, id)? {
            None => Err(GameError::UnknownHand { hand_id: id }.into()),
            Some(hand) => Ok(verify::verify(&hand.claim(store::player::commit_marks(tx)?))),
        })
    }

    /// Checks the whole history ([`whole_history`]): every hand verified from its seed, every
    /// kind-deal decision replayed in order from the balance, the losing streak and the bags, and the
    /// bags it leaves compared with the stored ones; names the first hand the history does not give.
    /// Takes time in proportion to the history (one snapshot, flat memory); `progress(done, total)`
    /// is told how far it is and `cancel` stops it (`lab-cancelled`).
    pub fn check_history(&self, progress: &dyn Fn(u64, u64), cancel: &AtomicBool) -> Result<HistoryCheck, GameError> {
        self.store.read(|tx| whole_history::check(tx, progress, cancel))
    }

    /// [`Game::check_history`] of the file at `path` on a read-only connection of its own, so it can
    /// run on a worker beside an open [`Game`] (the app's Fairness screen).
    pub fn check_history_file(path: &Path, progress: &dyn Fn(u64, u64), cancel: &AtomicBool) -> Result<HistoryCheck, GameError> {
        Game { store: Store::view(path, &derived::DERIVED)? }.check_history(progress, cancel)
    }

    /// Whether the history ever had the head `head` (64 hex digits, as shown): the records walked
    /// in order, the range extended, the head compared after each (and before any). A history
    /// rewritten below a head shown before has no such prefix. Takes time in proportion to the
    /// history; one snapshot.
    pub fn check_head(&self, head: &str) -> Result<chain::HeadCheck, GameError> {
        self.store.read(|tx| chain::check_head(tx, head))
    }

    /// The proof that finished hand `id` is a record of the history under the head after its first
    /// `records` records (the current head when `None`): `unknown-hand` when it is not among them.
    /// Reads O(log n) rows (the kept roots and at most 63 leaves), whatever the history's length.
    pub fn prove_hand(&self, id: i64, records: Option<u64>) -> Result<crate::pipeline::chain::Proof, GameError> {
        self.store.read(|tx| chain::prove_hand(tx, id, records)?.ok_or_else(|| GameError::UnknownHand { hand_id: id }.into()))
    }

    /// Today's ten deals on `today` (see [`daily_deals`]): the deal to hold, the deals played, and
    /// once the ten are played the score, the review and the share text; the streak, the best day
    /// and the last 30 days. No chips or XP: open at every level.
    pub fn daily_deals(&self, today: Day) -> Result<DailyDeals, GameError> {
        self.store.read(|tx| daily_deals::state(tx, today.date()))
    }

    /// Holds and draws the current deal of `today`'s ten (one transaction: a kill resumes at the
    /// next deal); after the tenth, `daily-deals-done`. Returns the new state.
    pub fn daily_draw(&mut self, hold: Hold, today: Day) -> Result<DailyDeals, GameError> {
        self.store.write(|tx| daily_deals::draw(tx, today.date(), hold))
    }

    /// The proficiency check of the game `table` (any table id a drill takes) on `today` (see
    /// [`training::proficiency`]): its 25 questions, which are answered, the score once complete
    /// and the curve of the game's checks by date with its trend. Reads only: a check begins with
    /// its first answer.
    pub fn proficiency(&self, table: &TableId, today: Day) -> Result<Proficiency, GameError> {
        self.store.read(|tx| training::proficiency::state(tx, table.as_str(), today.date()))
    }

    /// Answers question `index` of the proficiency check of `table` on `day` with `hold` (one
    /// transaction). Only today's check is answered (`proficiency-other-day`), each question once
    /// (`proficiency-answered`), in order (`proficiency-not-next`), none once complete
    /// (`proficiency-done`); a refusal changes nothing. Returns the check after it.
    pub fn proficiency_answer(&mut self, table: &TableId, day: Day, index: usize, hold: Hold, today: Day) -> Result<Proficiency, GameError> {
        self.store.write(|tx| training::proficiency::answer(tx, table.as_str(), day.date(), index, hold, today.date()))
    }

    /// The play screen's view of the table `id` names (a machine, a library or saved lab table, or
    /// a variant of one): its paytable at every bet, its games and the choices open at the
    /// player's level. Reads only.
    pub fn table_view(&self, id: &TableId) -> Result<TableView, GameError> {
        self.store.read(|tx| play::table_view::view(tx, id.as_str()))
    }

    /// A table's figures from the running sums, real or practice (zeros before its first hand):
    /// the one table an id names (a former id names the one table, whose figures hold the hands
    /// stored under it too); `unknown-table` for an id that names none.
    pub fn table_stats(&self, table: &TableId, practice: bool) -> Result<TableStats, GameError> {
        self.store.read(|tx| coach::table_stats(tx, table.as_str(), practice))
    }

    /// The hand analyser: five cards on the table `table` names (with what is on screen on a
    /// variant's), every hold best first with its value, its final-hand distribution over the
    /// table's rows, the plain table's chart line of the player's tier and what `question.chosen`
    /// gives up ([`analyser::analyse`]). Reads only; a refusal (`unknown-table`,
    /// `invalid-cards`, `invalid-screen`, `table-lines`) changes nothing.
    pub fn analyse(&self, table: &TableId, question: &AnalysisQuestion<'_>) -> Result<Analysis, GameError> {
        self.store.read(|tx| analyser::analyse_on(tx, table.as_str(), question))
    }

    /// The table an id names: a machine, a kicker game, a library table or a saved lab table
    /// (`lab:NAME`); `unknown-table` otherwise. Reads only.
    pub fn table(&self, id: &TableId) -> Result<Table, GameError> {
        self.store.read(|tx| table_id::resolve(tx, id.as_str()))
    }

    /// Every milestone with its progress ([`milestones`]): skill and habit, never spending; no
    /// chips or XP for any. Reads only, at constant cost.
    pub fn milestones(&self) -> Result<Vec<Milestone>, GameError> {
        self.store.read(milestones::list)
    }

    /// The milestones reached since the last call, recorded as announced on `today` so that each
    /// is announced once (the UI's quiet toast after a draw or a drill); usually empty.
    pub fn milestone_news(&mut self, today: Day) -> Result<Vec<Milestone>, GameError> {
        self.store.write(|tx| milestones::news(tx, today.date()))
    }

    /// The whole history in one snapshot (what a verifier replays): `start` gets the starting chips,
    /// where commitments begin and the daily claims in the order made; then `each` every finished
    /// hand, oldest first, replayed and checked as [`Game::history`]'s are.
    pub fn export_history(&self, start: &mut dyn FnMut(&History), each: &mut dyn FnMut(&HandRecord)) -> Result<(), GameError> {
        self.store.read(|tx| whole_history::export(tx, start, each))
    }

    /// The player's own kind-deal record per situation (dead deals that consulted a bag, nudges), from
    /// the running sums.
    pub fn kind_stats(&self) -> Result<Vec<KindStats>, GameError> {
        self.store.read(sums::kind_stats)
    }

    /// Statistics per machine, real and practice apart, from the running sums.
    pub fn stats(&self) -> Result<Stats, GameError> {
        self.store.read(sums::stats)
    }

    /// What the stored running sums (and every other table derived from the hands) disagree with
    /// when rebuilt from the replayed hands: empty when they agree bit for bit. Costs a walk of the
    /// history: for audits and tests.
    pub fn derived_differences(&self) -> Result<Vec<String>, GameError> {
        self.store.read(derived::differences)
    }

    /// Sets one setting (see [`settings::SETTINGS`]); a bad key or value is refused. A change of the
    /// setting that decides deals (`kind-deals`) is a record of the history's chain.
    pub fn set_setting(&mut self, key: &str, value: &str) -> Result<Settings, GameError> {
        let key = settings::validate(key, value)?;
        self.store.write(|tx| {
            if key == chain::DEAL_SETTING && store::player::settings(tx)?.kind_deals != (value == "on") {
                chain::append_setting(tx, key, value)?;
            }
            store::player::write_setting(tx, key, value)?;
            store::player::settings(tx)
        })
    }

    /// The settings.
    pub fn settings(&self) -> Result<Settings, GameError> {
        self.store.read(store::player::settings)
    }

    /// Sets one setting and returns the whole state (what the app shows after a change).
    pub fn set_setting_state(&mut self, key: &str, value: &str, today: Day) -> Result<State, GameError> {
        self.set_setting(key, value)?;
        self.state(today)
    }

    /// The warm-up offered on `table` (any table) on `today`, the player's local date, or `None`
    /// (docs/TRAINING.md, "A warm-up after a week away"). Reads one row of the daily sums.
    pub fn warm_up(&self, table: &TableId, today: Day) -> Result<Option<WarmUp>, GameError> {
        self.store.read(|tx| training::warm_up::offer(tx, table.as_str(), today.date()))
    }

    /// Answers the warm-up offers of `today` (taken or declined alike): none is made again that
    /// date (the setting `warm-up-answered`). The new state, read in the same transaction.
    pub fn answer_warm_up(&mut self, today: Day) -> Result<State, GameError> {
        let state = self.store.write(|tx| {
            store::player::write_setting(tx, "warm-up-answered", &today.to_string())?;
            play::state(tx, today.date(), Vec::new())
        })?;
        Ok(State { read_only: self.is_read_only(), ..state })
    }

    /// Takes the warm-up offered on `table` on `today` (`no-warm-up` when none is): the day's
    /// offers are answered and the core counts the warm-up's hard decisions answered on that table
    /// (the state's `warm_up_run`, a counted drill answer's `warm_up`). The new state.
    pub fn take_warm_up(&mut self, table: &TableId, today: Day) -> Result<State, GameError> {
        let state = self.store.write(|tx| {
            training::warm_up::take(tx, table.as_str(), today.date())?;
            play::state(tx, today.date(), Vec::new())
        })?;
        Ok(State { read_only: self.is_read_only(), ..state })
    }

    /// The full ledger check: the running sums, then every hand replayed (see [`audit`]). Takes time
    /// in proportion to the history, so it is not on the start-up path. One snapshot throughout.
    /// A failed truth is reported (`ok` false, with its problems); derived tables that disagree with
    /// the hands are rebuilt from them and listed in [`Audit::repaired`].
    pub fn audit(&self) -> Result<Audit, GameError> {
        let mut audit = self.store.read(audit::full)?;
        self.repair(&audit)?;
        if audit.ok && !audit.repaired.is_empty() {
            // The milestones' facts come from the caches just rebuilt: checked on them now.
            audit.problems.extend(self.store.read(milestones::problems)?);
            audit.ok = audit.problems.is_empty();
        }
        Ok(audit)
    }

    /// Luck against skill, same cards with the best hold, pure and nudged deals apart and the
    /// chips-over-hands chart, per machine, all-time and in the current session.
    pub fn coach(&self) -> Result<Coach, GameError> {
        self.store.read(coach::coach)
    }

    /// The current session's card for `machine` (real or practice hands), or `None` before any session.
    pub fn session_card(&self, machine: MachineId, practice: bool) -> Result<Option<SessionCard>, GameError> {
        self.store.read(|tx| coach::session_card(tx, machine, practice))
    }

    /// The app came to the foreground at `now`: a new session starts when the player was away 30
    /// minutes or more.
    pub fn foreground(&mut self, now: NaiveDateTime) -> Result<Arrival, GameError> {
        self.store.write(|tx| coach::foreground(tx, now))
    }

    /// The app went to the background at `now`.
    pub fn background(&mut self, now: NaiveDateTime) -> Result<Option<Session>, GameError> {
        self.store.write(|tx| coach::background(tx, now))
    }

    /// The next drill hand on `table` (any table: a machine, a kicker game, a library table or
    /// `lab:NAME`): the first hard decision of the drill run from `seed` (`no-hard-hands` on a table
    /// where no hold beats another), or the earliest due of the player's mistakes queued there
    /// (`None` when none is due on `today`, the player's local date); a chart hand by the chart of
    /// the player's `chart-tier` ([`Game::drill_next_by`] names another). Reads only.
    pub fn drill_next(&self, table: &TableId, source: DrillSource, seed: Seed, today: Day) -> Result<Option<DrillQuestion>, GameError> {
        self.store.read(|tx| training::drills::next(tx, table.as_str(), source, seed, None, today.date()))
    }

    /// [`Game::drill_next`] with a chart hand drawn by the chart of `tier` (the player's
    /// `chart-tier` when `None`; not read by the other sources): `no-tier-chart` on a variant's
    /// table (judged with what is on screen), `no-chart-hands` when the chart held a best hold on every deal looked at.
    pub fn drill_next_by(
        &self,
        table: &TableId,
        source: DrillSource,
        seed: Seed,
        tier: Option<ChartTier>,
        today: Day,
    ) -> Result<Option<DrillQuestion>, GameError> {
        self.store.read(|tx| training::drills::next(tx, table.as_str(), source, seed, tier, today.date()))
    }

    /// Judges `hold` on the drill hand `key` names and counts it (no chips, no XP). The core finds
    /// the hand again (a hard hand dealt again from its seed; a mistake read from the history, which
    /// must be on the table's queue: `unknown-hand` otherwise), never from the caller's cards. A
    /// mistake is scheduled again from `today`, the player's local date (docs/TRAINING.md).
    pub fn drill_answer(&mut self, key: &DrillKey, hold: Hold, today: Day) -> Result<DrillVerdict, GameError> {
        self.store.write(|tx| {
            let verdict = training::drills::answer(tx, key, hold, today.date())?;
            if verdict.left_queue && verdict.queue == 0 {
                milestones::mark(tx, milestones::DRILL_QUEUE_EMPTIED)?;
            }
            Ok(verdict)
        })
    }

    /// A table's drill tallies, hard and mistakes (zeros before its first answer).
    pub fn drill_tallies(&self, table: &TableId) -> Result<DrillTallies, GameError> {
        self.store.read(|tx| training::drills::tallies(tx, table.as_str()))
    }

    /// Up to `limit` mistakes on the review queue, each hand replayed: every table's newest first,
    /// or one table's in the order they come back in drills.
    /// At most [`rules::HISTORY_PAGE_MAX`] (500) at once: more is `history-limit`.
    pub fn mistakes(&self, table: Option<&TableId>, limit: u32) -> Result<Vec<QueuedMistake>, GameError> {
        self.store.read(|tx| training::drills::mistakes(tx, table.map(TableId::as_str), limit))
    }

    /// A game's progress over its last `days` days played (any table id: a machine, a kicker game, a
    /// library table, `lab:NAME`, a variant's table): each day's decisions, mistakes, accuracy and EV
    /// given up (per coin, as the history's, and per 100 decisions), with the least-squares trend
    /// line; and its last [`PROGRESS_SESSIONS`] sessions the same way, with their trend and what
    /// mistakes cost per hour at the player's pace. Indexed reads of the running sums' daily and
    /// session tables. More than
    /// [`PROGRESS_DAYS_MAX`] days is `progress-limit`; an unknown id `unknown-table`.
    pub fn progress(&self, table: &TableId, days: u32) -> Result<Progress, GameError> {
        self.store.read(|tx| coach::progress::progress(tx, table.as_str(), days))
    }

    /// What is due on `today` (the player's local date): every game with mistakes queued (`due`
    /// today and `queued` in all, the lobby's "7 hands to review") and up to `limit` of the cards
    /// due, in the order they come back — one game's when `table` names it (`unknown-table`
    /// otherwise). At most [`rules::HISTORY_PAGE_MAX`] cards at once: more is `history-limit`.
    pub fn review(&self, today: Day, table: Option<&TableId>, limit: u32) -> Result<Review, GameError> {
        self.store.read(|tx| training::drills::review(tx, today.date(), table.map(TableId::as_str), limit))
    }

    /// The saved lab tables, by name.
    pub fn lab_tables(&self) -> Result<Vec<LabTable>, GameError> {
        self.store.read(lab_tables::list)
    }

    /// Saves (or replaces) a lab table under `name` after checking its pays; the list after. The
    /// base is a machine's table or a kicker game's (`library::Base`; a `MachineId` converts).
    pub fn save_lab_table(
        &mut self,
        name: &str,
        base: impl Into<crate::library::Base>,
        pays: &[RowPay],
    ) -> Result<Vec<LabTable>, GameError> {
        let base = base.into();
        self.store.write(|tx| lab_tables::save(tx, name, base, pays))
    }

    /// Deletes the saved lab table `name`; the list after.
    pub fn delete_lab_table(&mut self, name: &str) -> Result<Vec<LabTable>, GameError> {
        self.store.write(|tx| lab_tables::delete(tx, name))
    }

    /// Writes a consistent copy of the game to `target` (SQLite's online backup: a hand in progress
    /// is copied as it stands). `target` must not exist: nothing is overwritten.
    pub fn export(&self, target: &Path) -> Result<(), GameError> {
        self.store.export(target)
    }

    /// Replaces the game at `db_path` with the one in `source`. Nothing moves until the copy has
    /// passed everything a later read checks: the source is copied beside `db_path` (as
    /// `DB.import`, through SQLite, read-only), and that copy must hold a game (an empty file or a
    /// new database is refused), pass [`Game::open`]'s checks (schema, migration, the quick check),
    /// the full audit of the truth, and the reads the app makes first (state, statistics, coach,
    /// history). Only then is the current game kept aside as a complete copy (`PATH.before-import-N`;
    /// the newest [`KEPT_BEFORE_IMPORT`] such copies are kept, older ones deleted after the swap) and the checked copy written into the live file in one SQLite transaction: a
    /// kill at any moment leaves the old game or the new one, never no game, and another process
    /// that has the file open keeps a whole file. A refused file changes nothing and leaves nothing
    /// behind; the error names it. Returns where the previous game was kept (`db_path` itself when
    /// there was none). The caller closes its own [`Game`] on `db_path` first. `today` is the
    /// player's date, as for every read: the copy's state is checked as the game will read it.
    pub fn import_file(db_path: &Path, source: &Path, today: Day) -> Result<PathBuf, GameError> {
        Game::import_file_stepwise(db_path, source, today, &mut |_| Ok(()))
    }

    /// [`Game::import_file`], calling `after` once each step is done; an `Err` from it stops the
    /// import there, as a failure or a kill at that point would. For the fault tests.
    #[doc(hidden)]
    pub fn import_file_stepwise(
        db_path: &Path,
        source: &Path,
        today: Day,
        after: &mut dyn FnMut(ImportStep) -> Result<(), GameError>,
    ) -> Result<PathBuf, GameError> {
        // One import at a time into this game (held until this returns): two at once both staged
        // into `DB.import`, and the second could rewrite it between the first one's check and swap.
        let _one_at_a_time = store::import_lock(db_path)?;
        let staged = store::stage_import(source, db_path)?;
        let named = |error: GameError| match error {
            GameError::CorruptDatabase { detail, .. } => GameError::CorruptDatabase { path: source.to_path_buf(), detail },
            GameError::NewerDatabase { found, supported, .. } => {
                GameError::NewerDatabase { path: source.to_path_buf(), found, supported }
            }
            other => other,
        };
        let checked = after(ImportStep::Staged).and_then(|()| Game::check_import(&staged, today).map_err(named));
        if let Err(error) = checked.and_then(|()| after(ImportStep::Checked)) {
            store::remove_with_companions(&staged);
            return Err(error);
        }
        let undo = |kept: Option<&PathBuf>, error: GameError| {
            if let Some(kept) = kept {
                store::remove_with_companions(kept);
            }
            store::remove_with_companions(&staged);
            Err(error)
        };
        // A live file that is no readable database (the file the player is recovering from) is
        // kept byte for byte and replaced whole; a game is kept by SQLite and swapped into.
        let readable = !db_path.exists() || store::reads_as_database(db_path);
        let keep = |db: &Path| if readable { store::keep_aside(db) } else { store::keep_bytes_aside(db) };
        let kept = match db_path.exists().then(|| keep(db_path)).transpose() {
            Ok(kept) => kept,
            Err(error) => return undo(None, error),
        };
        // Until the swap commits, the live file is the old game, so the copy kept of it can go.
        let swap = |()| match readable {
            true => store::swap_in(&staged, db_path, &derived::DERIVED),
            false => store::replace_unreadable(&staged, db_path, &derived::DERIVED),
        };
        if let Err(error) = after(ImportStep::KeptAside).and_then(swap) {
            return undo(kept.as_ref(), error);
        }
        store::remove_with_companions(&staged);
        // The newest few copies of earlier games are kept; older ones go (the game is whole now).
        store::prune_kept(db_path);
        after(ImportStep::Swapped)?;
        Ok(kept.unwrap_or_else(|| db_path.to_path_buf()))
    }

    /// Everything a later read of the staged copy at `staged` would check (see [`Game::import_file`]).
    fn check_import(staged: &Path, today: Day) -> Result<(), GameError> {
        if store::schema_version(staged)? == 0 {
            return Err(GameError::CorruptDatabase {
                path: staged.to_path_buf(),
                detail: "there is no game in it (an empty file or database)".to_string(),
            });
        }
        let game = Game::open(staged)?;
        game.check(game.audit()?)?;
        game.state(today)?;
        game.stats()?;
        game.coach()?;
        game.history(IMPORT_HISTORY_CHECK, None)?;
        Ok(())
    }

    /// Row counts of every table (for audits and the tests that prove a refused command changed nothing).
    pub fn table_counts(&self) -> Result<Vec<(&'static str, i64)>, GameError> {
        self.store.read(|tx| store::table_counts(tx, &all_tables()))
    }
}

/// Hands an import reads back before it swaps (the history's first pages, as the app shows them).
const IMPORT_HISTORY_CHECK: u32 = 200;

/// A step of [`Game::import_file`], for the fault tests.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportStep {
    /// The source copied to `DB.import`.
    Staged,
    /// The copy checked (and migrated there if older).
    Checked,
    /// The current game kept aside.
    KeptAside,
    /// The copy written into the live file.
    Swapped,
}

/// The Verify form's request: a seed typed or pasted as text, a machine id, the number of hands, and
/// optionally the commitment the player noted (a bound one names its bet among the game's four),
/// replayed by [`verify::verify`]. Bad text is a typed
/// error (`invalid-seed`, `invalid-machine`, `invalid-hands`), so the app's command only passes the
/// fields on.
pub fn verify_seed_text(seed: &str, machine: &str, n_hands: u8, commitment: Option<&str>) -> Result<Verification, GameError> {
    let trimmed = seed.trim();
    let seed: Seed = trimmed.parse().map_err(|_| GameError::InvalidSeed { seed: trimmed.to_string() })?;
    let machine: MachineId = machine.parse()?;
    let n_hands = rules::Lines::new(n_hands)?.count();
    let commitment = commitment.map(str::trim).filter(|c| !c.is_empty()).map(str::to_string);
    Ok(verify::verify(&verify::Claim::pasted(seed, Table::machine(machine), n_hands, commitment, &rules::BETS, None)))
}
