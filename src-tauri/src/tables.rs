//! Practice on the tables players meet in casinos: the table library (each table's exact return),
//! practice hands on a library or saved lab table (deal from a fresh OS seed, hint, draw, the
//! table's figures), each library table's chart cost, and a
//! library table's generated chart (the current lab job: progress, cancel).

use tauri::{AppHandle, Runtime};
use vpoker::game::{Bet, GameError, Lines, TableDraw, TableHand, TableHint, TableSums};
use vpoker::hold::Hold;
use vpoker::library::{listing, ChartCost, Listed, Preset};

use crate::commands::{now, os_seed};
use crate::error::CommandResult;
use crate::worker::{with_game, worker};

/// The table library, each table with its exact return (computed once per process).
#[tauri::command]
pub async fn library() -> CommandResult<Vec<Listed>> {
    worker(|| Ok(listing().to_vec())).await
}

/// Deals a practice hand of `hands` lines (1 when not given) on `table` (a library id or
/// `lab:NAME`) from a fresh OS seed, its figures at `bet` per coin: no chips, no XP, never nudged.
#[tauri::command]
pub async fn table_deal<R: Runtime>(app: AppHandle<R>, table: String, bet: u32, hands: Option<u8>) -> CommandResult<TableHand> {
    let bet = Bet::new(bet)?;
    let lines = Lines::new(hands.unwrap_or(1))?;
    let (seed, now) = (os_seed()?, now());
    with_game(app, move |game| game.table_deal(&table, bet, lines, seed, now)).await
}

/// The practice table hand waiting for its draw, if any (the screen resumes it).
#[tauri::command]
pub async fn table_hand<R: Runtime>(app: AppHandle<R>) -> CommandResult<Option<TableHand>> {
    with_game(app, |game| game.table_hand()).await
}

/// Every hold's EV on the table of the hand in progress, best first, each with the core's verdict.
#[tauri::command]
pub async fn table_hint<R: Runtime>(app: AppHandle<R>) -> CommandResult<TableHint> {
    with_game(app, |game| game.table_hint()).await
}

/// Draws the practice table hand in progress with `hold` (bit i keeps card i).
#[tauri::command]
pub async fn table_draw<R: Runtime>(app: AppHandle<R>, hold: u32) -> CommandResult<TableDraw> {
    let hold = Hold::from_mask(hold).map_err(|_| GameError::InvalidHold { hold: hold.to_string() })?;
    with_game(app, move |game| game.table_draw(hold)).await
}

/// A table's practice figures.
#[tauri::command]
pub async fn table_sums<R: Runtime>(app: AppHandle<R>, table: String) -> CommandResult<TableSums> {
    with_game(app, move |game| game.table_sums(&table)).await
}

/// A library table's charts in three tiers, beginner first (`chart::tiers_of`: generated once per
/// process on a worker, a second or two a table), as a machine's chart screen shows its own.
#[tauri::command]
pub async fn table_tiers(table: String) -> CommandResult<Vec<crate::charts::TierView>> {
    let preset = Preset::find(&table).map_err(|_| GameError::UnknownTable { table: table.clone() })?;
    worker(move || Ok(crate::charts::tier_views(&vpoker::strategy::chart::tiers_of(&preset.paytable())))).await
}

/// What a library table's generated chart gives up against optimal play (generated once per
/// process on a worker, about half a second a table; the library list asks table by table).
#[tauri::command]
pub async fn library_chart_cost(table: String) -> CommandResult<ChartCost> {
    let preset = Preset::find(&table).map_err(|_| GameError::UnknownTable { table: table.clone() })?;
    worker(move || Ok(preset.chart_cost())).await
}

