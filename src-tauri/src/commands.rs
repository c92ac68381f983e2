//! The commands the UI invokes (through `ui/js/api.js`), one per game action.
//!
//! Each command is one lock, one call into `vpoker::game`, one error mapping. The shell adds only
//! what the core must never read for itself: the local date and time, fresh OS entropy for a deal,
//! and the database's location. Every command runs on a blocking worker thread, never on the thread
//! that drives the window, so a slow call (a hint whose tables are still being built) cannot freeze
//! the UI.
//!
//! Errors reach JavaScript as the core's data, `{kind, message, …}`. The shell adds kinds of its own
//! only for its own failures: `storage` (a poisoned lock, a worker that died, no OS entropy).

use serde::Serialize;
use tauri::{AppHandle, Manager, Runtime};
use vpoker::pipeline::verify::Verification;
use vpoker::game::{Bet, DailyDeals, DealRequest, Day, Game, GameError, HandRecord, HistoryCheck, Hint, Lines, Milestone, Moment, State, Stats, TableId};
use vpoker::hold::Hold;
use vpoker::shuffle::Seed;

pub use crate::error::{CommandError, CommandResult};
use crate::worker::{as_job, with_game, worker};
use crate::AppState;

/// Today on the device's calendar, checked where it enters (`invalid-day` for a clock set outside
/// the days the game keeps): the daily chips follow the player's local midnight.
pub(crate) fn today() -> Result<Day, GameError> {
    Day::new(chrono::Local::now().date_naive())
}

/// The device's local day and time, recorded with each hand for the history (checked as
/// [`today`]).
pub(crate) fn now() -> Result<Moment, GameError> {
    Day::moment(clock())
}

/// The device's local date and time as the clock reads it (the coach's session times).
pub(crate) fn clock() -> chrono::NaiveDateTime {
    chrono::Local::now().naive_local()
}

/// A fresh 32-byte shuffle seed from the operating system.
pub(crate) fn os_seed() -> CommandResult<Seed> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| CommandError::storage(format!("no entropy from the OS: {e}")))?;
    Ok(Seed::from_bytes(bytes))
}

/// The whole state the UI draws: chips, level, machines, the hand in progress, settings.
#[tauri::command]
pub async fn get_state<R: Runtime>(app: AppHandle<R>) -> CommandResult<State> {
    crate::state::warm_up_once();
    with_game(app, |game| game.state(today()?)).await
}

/// Collects today's daily chips.
#[tauri::command]
pub async fn claim_daily<R: Runtime>(app: AppHandle<R>) -> CommandResult<State> {
    with_game(app, |game| game.claim_daily(today()?)).await
}

/// Deals a hand of `hands` lines on any table from a fresh OS seed: a machine's (its id, or its
/// variants' tables) for chips or in practice, a library or saved lab table in practice.
#[tauri::command]
pub async fn deal<R: Runtime>(app: AppHandle<R>, table: String, bet: u32, hands: u8, practice: bool) -> CommandResult<State> {
    let request = DealRequest { table: TableId::new(table)?, bet: Bet::new(bet)?, hands: Lines::new(hands)?, practice };
    let seed = os_seed()?;
    with_game(app, move |game| game.deal(request, seed, now()?)).await
}

/// What the next deal of these choices shows before it, line by line (a variant's
/// multipliers carried from the hand before, or its start), or null on a table that shows nothing.
#[tauri::command]
pub async fn next_screen<R: Runtime>(
    app: AppHandle<R>,
    table: String,
    bet: u32,
    hands: u8,
    practice: bool,
) -> CommandResult<Option<Vec<vpoker::rules::ScreenLine>>> {
    let request = DealRequest { table: TableId::new(table)?, bet: Bet::new(bet)?, hands: Lines::new(hands)?, practice };
    with_game(app, move |game| game.next_screen(&request)).await
}

/// Draws the hand in progress, keeping the cards of `hold` (bit i keeps card i).
#[tauri::command]
pub async fn draw<R: Runtime>(app: AppHandle<R>, hold: u32) -> CommandResult<State> {
    let hold = Hold::from_mask(hold).map_err(|_| GameError::InvalidHold { hold: hold.to_string() })?;
    with_game(app, move |game| game.draw(hold, now()?)).await
}

/// Today's ten deals on the local date: the deal to hold, the deals played, once done the score.
#[tauri::command]
pub async fn daily_deals<R: Runtime>(app: AppHandle<R>) -> CommandResult<DailyDeals> {
    with_game(app, |game| game.daily_deals(today()?)).await
}

/// Every milestone with its progress (reads only).
#[tauri::command]
pub async fn milestones<R: Runtime>(app: AppHandle<R>) -> CommandResult<Vec<Milestone>> {
    with_game(app, |game| game.milestones()).await
}

/// The milestones reached since the last call (announced once: the UI's quiet toast), usually none.
#[tauri::command]
pub async fn milestone_news<R: Runtime>(app: AppHandle<R>) -> CommandResult<Vec<Milestone>> {
    with_game(app, |game| game.milestone_news(today()?)).await
}

/// Holds and draws the current deal of today's ten; after the tenth, `daily-deals-done`.
#[tauri::command]
pub async fn daily_draw<R: Runtime>(app: AppHandle<R>, hold: u32) -> CommandResult<DailyDeals> {
    let hold = Hold::from_mask(hold).map_err(|_| GameError::InvalidHold { hold: hold.to_string() })?;
    with_game(app, move |game| game.daily_draw(hold, today()?)).await
}

/// The best holds of the hand in progress with their exact EVs.
#[tauri::command]
pub async fn hint<R: Runtime>(app: AppHandle<R>) -> CommandResult<Hint> {
    with_game(app, |game| game.hint()).await
}

/// Up to `limit` finished hands, newest first; with `before` (a hand id), the page of older hands.
#[tauri::command]
pub async fn history<R: Runtime>(app: AppHandle<R>, limit: u32, before: Option<i64>) -> CommandResult<Vec<HandRecord>> {
    with_game(app, move |game| game.history(limit, before)).await
}

/// Finished hand `id` replayed from its revealed seed, with the checks against its record.
#[tauri::command]
pub async fn verify_hand<R: Runtime>(app: AppHandle<R>, id: i64) -> CommandResult<Verification> {
    with_game(app, move |game| game.verify_hand(id)).await
}

/// The whole history checked (Fairness: "Check my whole history"): every hand from its seed and
/// every kind-deal decision from the hands before it, as the current lab job (`lab_progress` says
/// how far, `lab_cancel` stops it), on a read-only connection of its own so play goes on beside it.
#[tauri::command]
pub async fn check_history<R: Runtime>(app: AppHandle<R>) -> CommandResult<HistoryCheck> {
    let path = app.state::<AppState>().db_path().to_path_buf();
    as_job(app, move |control| Game::check_history_file(&path, control.progress, control.cancel)).await
}

/// Any seed replayed: its deck, deal and each hand's next cards (the Verify form). Needs no game.
#[tauri::command]
pub async fn verify_seed(
    seed: String,
    machine: String,
    hands: u8,
    commitment: Option<String>,
) -> CommandResult<Verification> {
    worker(move || vpoker::game::verify_seed_text(&seed, &machine, hands, commitment.as_deref()).map_err(CommandError::from))
        .await
}

/// Statistics per machine.
#[tauri::command]
pub async fn stats<R: Runtime>(app: AppHandle<R>) -> CommandResult<Stats> {
    with_game(app, |game| game.stats()).await
}

/// Changes one setting (hints, mistake warnings, kind deals, animation, sound, haptics, language).
#[tauri::command]
pub async fn set_setting<R: Runtime>(app: AppHandle<R>, key: String, value: String) -> CommandResult<State> {
    if key == "reminder" {
        // Only `set_reminder` may store it: the platform's notification is scheduled first.
        return Err(GameError::InvalidSetting { key, value, expected: "set through set_reminder".to_string() }.into());
    }
    with_game(app, move |game| game.set_setting_state(&key, &value, today()?)).await
}

/// Moves the database aside, untouched (to `vpoker.db.corrupt-N`), and starts a fresh game. For a
/// corrupt or newer file the UI offers this after the error; nothing ever does it on its own.
#[tauri::command]
pub async fn reset_database<R: Runtime>(app: AppHandle<R>) -> CommandResult<State> {
    tauri::async_runtime::spawn_blocking(move || {
        let state = app.state::<AppState>();
        let path = state.db_path();
        // A poisoned lock is recovered here, and only here: reset replaces whatever the game held, so
        // it is the way out after a command panicked, not one more error.
        let mut game = state.game().lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        // Close the open connection (if any) before its file is renamed.
        *game = Err(GameError::Storage { path: path.to_path_buf(), detail: "the database is being reset".into() });
        let moved = Game::move_aside_and_start_fresh(path);
        // A fresh file when the move worked; the untouched old file when it did not.
        *game = Game::open(path);
        state.game().clear_poison();
        moved?;
        match game.as_ref() {
            Ok(game) => Ok(game.state(today()?)?),
            Err(error) => Err(CommandError::Game(error.clone())),
        }
    })
    .await
    .map_err(|e| CommandError::storage(format!("the command's worker failed: {e}")))?
}

/// Where an export went.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Exported {
    /// The file written.
    pub path: String,
}

/// What an import did.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Imported {
    /// The imported game's state.
    pub state: State,
    /// Where the previous database was kept.
    pub kept_aside: String,
}

/// Asks the player where to save (the platform's dialog) and writes a consistent copy of the game
/// there. `null` when the player cancelled.
#[tauri::command]
pub async fn export_progress<R: Runtime>(app: AppHandle<R>) -> CommandResult<Option<Exported>> {
    tauri::async_runtime::spawn_blocking(move || {
        let state = app.state::<AppState>();
        let Some(target) = state.picker().save_path().map_err(CommandError::storage)? else {
            return Ok(None);
        };
        let game = state.game().lock().map_err(|_| CommandError::storage("the game's lock was poisoned"))?;
        match game.as_ref() {
            Ok(game) => game.export(&target)?,
            Err(opening) => return Err(CommandError::Game(opening.clone())),
        }
        Ok(Some(Exported { path: target.display().to_string() }))
    })
    .await
    .map_err(|e| CommandError::storage(format!("the command's worker failed: {e}")))?
}

/// Asks the player for a file (the platform's dialog), checks it as opening checks the app's own
/// database, keeps the current database aside and switches to the imported one. `null` when the
/// player cancelled; a refused file changes nothing. Also the way out after a corrupt database.
#[tauri::command]
pub async fn import_progress<R: Runtime>(app: AppHandle<R>) -> CommandResult<Option<Imported>> {
    tauri::async_runtime::spawn_blocking(move || {
        let state = app.state::<AppState>();
        let Some(source) = state.picker().open_path().map_err(CommandError::storage)? else {
            return Ok(None);
        };
        let path = state.db_path();
        let mut game = state.game().lock().map_err(|_| CommandError::storage("the game's lock was poisoned"))?;
        // Close the open connection before its file is moved; reopen whatever is there afterwards.
        let before = std::mem::replace(
            &mut *game,
            Err(GameError::Storage { path: path.to_path_buf(), detail: "the database is being replaced".into() }),
        );
        drop(before);
        let kept = Game::import_file(path, &source, today()?);
        *game = Game::open(path);
        let kept = kept?;
        match game.as_ref() {
            Ok(game) => Ok(Some(Imported { state: game.state(today()?)?, kept_aside: kept.display().to_string() })),
            Err(error) => Err(CommandError::Game(error.clone())),
        }
    })
    .await
    .map_err(|e| CommandError::storage(format!("the command's worker failed: {e}")))?
}
