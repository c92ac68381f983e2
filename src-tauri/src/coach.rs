//! The coach's commands: luck and skill, sessions and their cards, and training drills. Each is one
//! call into `vpoker::game` on a blocking worker; the shell adds only the clock (for sessions) and a
//! fresh OS seed (for a hard drill hand).

use serde::Deserialize;
use tauri::{AppHandle, Runtime};
use vpoker::game::{DrillKey, DrillQuestion, DrillSource, DrillTallies, DrillVerdict, Proficiency, Progress, QueuedMistake, Review};
use vpoker::game::Session;
use vpoker::game::SessionCard;
use vpoker::game::{Arrival, Coach, Day, GameError, TableId};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;

use crate::commands::{clock, os_seed, today};
use crate::error::CommandResult;
use crate::worker::with_game;

fn machine(text: &str) -> Result<MachineId, GameError> {
    text.parse().map_err(GameError::from)
}

fn source(text: &str) -> Result<DrillSource, GameError> {
    DrillSource::parse(text)
}

/// Luck against skill, same cards with the best hold and the chips-over-hands chart, per machine.
#[tauri::command]
pub async fn coach<R: Runtime>(app: AppHandle<R>) -> CommandResult<Coach> {
    with_game(app, |game| game.coach()).await
}

/// The current session's card for a machine (real or practice hands).
#[tauri::command]
pub async fn session_card<R: Runtime>(
    app: AppHandle<R>,
    machine: String,
    practice: bool,
) -> CommandResult<Option<SessionCard>> {
    let machine = self::machine(&machine)?;
    with_game(app, move |game| game.session_card(machine, practice)).await
}

/// The app came to the foreground (a new session after 30 minutes or more away).
#[tauri::command]
pub async fn foreground<R: Runtime>(app: AppHandle<R>) -> CommandResult<Arrival> {
    let now = clock();
    with_game(app, move |game| game.foreground(now)).await
}

/// The app went to the background.
#[tauri::command]
pub async fn background<R: Runtime>(app: AppHandle<R>) -> CommandResult<Option<Session>> {
    let now = clock();
    with_game(app, move |game| game.background(now)).await
}

/// The next drill hand on any table (`null` when its mistakes queue is empty); a hard or chart hand
/// is dealt from a fresh OS seed, which the question carries for the answer (a chart hand by the
/// player's `chart-tier`, which it carries too).
#[tauri::command]
pub async fn drill_next<R: Runtime>(
    app: AppHandle<R>,
    table: String,
    source: String,
) -> CommandResult<Option<DrillQuestion>> {
    let source = self::source(&source)?;
    let seed = os_seed()?;
    with_game(app, move |game| game.drill_next(&TableId::new(table)?, source, seed, today()?)).await
}

/// What `drill_answer` reads of the question sent back: its `table`, `source` and `seed` or `hand`,
/// and a chart question's `tier` (the other fields are not read), checked by `DrillKey::parse` into
/// typed errors.
#[derive(Debug, Deserialize)]
pub struct AskedDrill {
    table: String,
    source: String,
    #[serde(default)]
    seed: Option<String>,
    #[serde(default)]
    hand: Option<i64>,
    #[serde(default)]
    tier: Option<String>,
}

/// Judges a hold for the drill hand the question names (the core finds it again) and counts it
/// (no chips, no XP). The question is sent back whole.
#[tauri::command]
pub async fn drill_answer<R: Runtime>(
    app: AppHandle<R>,
    question: AskedDrill,
    hold: u32,
) -> CommandResult<DrillVerdict> {
    let key = DrillKey::parse(&question.table, &question.source, question.seed.as_deref(), question.hand, question.tier.as_deref())?;
    let hold = Hold::from_mask(hold).map_err(GameError::from)?;
    with_game(app, move |game| game.drill_answer(&key, hold, today()?)).await
}

/// A table's drill tallies, hard decisions and mistakes.
#[tauri::command]
pub async fn drill_tallies<R: Runtime>(app: AppHandle<R>, table: String) -> CommandResult<DrillTallies> {
    let table = TableId::new(table)?;
    with_game(app, move |game| game.drill_tallies(&table)).await
}

/// What is due for review today (the device's date): every game's `due` and `queued` counts and up
/// to `limit` of the cards due (`vpoker play review`).
#[tauri::command]
pub async fn review<R: Runtime>(app: AppHandle<R>, limit: u32) -> CommandResult<Review> {
    with_game(app, move |game| game.review(today()?, None, limit)).await
}

/// A game's progress over its last `days` days played: the daily points and the trend line.
#[tauri::command]
pub async fn progress<R: Runtime>(app: AppHandle<R>, table: String, days: u32) -> CommandResult<Progress> {
    let table = TableId::new(table)?;
    with_game(app, move |game| game.progress(&table, days)).await
}

/// Answers today's warm-up offers (the device's date; taken or declined alike): none is made again
/// that date. The new state.
#[tauri::command]
pub async fn answer_warm_up<R: Runtime>(app: AppHandle<R>) -> CommandResult<vpoker::game::State> {
    with_game(app, move |game| game.answer_warm_up(today()?)).await
}

/// Takes today's warm-up offer on `table` (the device's date; `no-warm-up` when none is): the
/// day's offers are answered and the core counts the warm-up's hard decisions. The new state, with
/// `warm_up_run`.
#[tauri::command]
pub async fn take_warm_up<R: Runtime>(app: AppHandle<R>, table: String) -> CommandResult<vpoker::game::State> {
    let table = TableId::new(table)?;
    with_game(app, move |game| game.take_warm_up(&table, today()?)).await
}

/// A game's proficiency check of today (the device's date): its 25 questions, which are answered,
/// the score once complete and the curve of its checks by date (`vpoker play proficiency`).
#[tauri::command]
pub async fn proficiency<R: Runtime>(app: AppHandle<R>, table: String) -> CommandResult<Proficiency> {
    let table = TableId::new(table)?;
    with_game(app, move |game| game.proficiency(&table, today()?)).await
}

/// Answers question `index` of the check of `date` (the check's date as the core sent it) with
/// `hold`: only today's check is answered (`proficiency-other-day`, also for a date that is none).
#[tauri::command]
pub async fn proficiency_answer<R: Runtime>(
    app: AppHandle<R>,
    table: String,
    date: String,
    index: usize,
    hold: u32,
) -> CommandResult<Proficiency> {
    let hold = Hold::from_mask(hold).map_err(|_| GameError::InvalidHold { hold: hold.to_string() })?;
    let (table, today) = (TableId::new(table)?, today()?);
    let day = Day::parse(&date).map_err(|_| GameError::ProficiencyOtherDay { day: date, today: today.date() })?;
    with_game(app, move |game| game.proficiency_answer(&table, day, index, hold, today)).await
}

/// The newest mistakes on the review queue.
#[tauri::command]
pub async fn mistakes<R: Runtime>(app: AppHandle<R>, limit: u32) -> CommandResult<Vec<QueuedMistake>> {
    with_game(app, move |game| game.mistakes(None, limit)).await
}
