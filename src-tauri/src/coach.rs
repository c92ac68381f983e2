//! The coach's commands: luck and skill, sessions and their cards, and training drills. Each is one
//! call into `vpoker::game` on a blocking worker; the shell adds only the clock (for sessions) and a
//! fresh OS seed (for a hard drill hand).

use serde::Serialize;
use tauri::{AppHandle, Runtime};
use vpoker::game::{DrillQuestion, DrillSource, DrillTally, DrillVerdict, QueuedMistake};
use vpoker::game::Session;
use vpoker::game::SessionCard;
use vpoker::game::{Arrival, Coach, GameError};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;

use crate::commands::{now, os_seed};
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
    let now = now();
    with_game(app, move |game| game.foreground(now)).await
}

/// The app went to the background.
#[tauri::command]
pub async fn background<R: Runtime>(app: AppHandle<R>) -> CommandResult<Option<Session>> {
    let now = now();
    with_game(app, move |game| game.background(now)).await
}

/// The next drill hand on a machine (`null` when the mistakes queue is empty).
#[tauri::command]
pub async fn drill_next<R: Runtime>(
    app: AppHandle<R>,
    machine: String,
    source: String,
) -> CommandResult<Option<DrillQuestion>> {
    let (machine, source) = (self::machine(&machine)?, self::source(&source)?);
    let seed = os_seed()?;
    with_game(app, move |game| game.drill_next(machine, source, seed)).await
}

/// Judges a hold for a drill hand and counts it (no chips, no XP).
#[tauri::command]
pub async fn drill_answer<R: Runtime>(
    app: AppHandle<R>,
    question: DrillQuestion,
    hold: u32,
) -> CommandResult<DrillVerdict> {
    let hold = Hold::from_mask(hold).map_err(GameError::from)?;
    with_game(app, move |game| game.drill_answer(&question, hold)).await
}

/// A machine's drill tallies.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Tallies {
    /// Hard decisions.
    pub hard: DrillTally,
    /// The player's own mistakes.
    pub mistakes: DrillTally,
}

/// A machine's drill tallies, hard decisions and mistakes.
#[tauri::command]
pub async fn drill_tallies<R: Runtime>(app: AppHandle<R>, machine: String) -> CommandResult<Tallies> {
    let machine = self::machine(&machine)?;
    with_game(app, move |game| game.drill_tallies(machine).map(|(hard, mistakes)| Tallies { hard, mistakes })).await
}

/// The newest mistakes on the review queue.
#[tauri::command]
pub async fn mistakes<R: Runtime>(app: AppHandle<R>, limit: u32) -> CommandResult<Vec<QueuedMistake>> {
    with_game(app, move |game| game.mistakes(None, limit)).await
}
