//! The tables players meet in casinos: the table library (each table's exact return), the one play
//! screen's view of any table (a machine's too), a table's figures from the running sums, each
//! library table's chart cost, a library table's generated charts, and the hand analyser.
//! Hands on them are dealt, hinted and drawn by the one set of play commands (`commands.rs`).

use tauri::{AppHandle, Runtime};
use vpoker::game::{Analysis, AnalysisQuestion, GameError, TableId, TableStats, TableView};
use vpoker::hold::Hold;
use vpoker::library::{listing, ChartCost, Listed, Preset};

use crate::error::CommandResult;
use crate::worker::{with_game, worker};

/// The table library, each table with its exact return (computed once per process).
#[tauri::command]
pub async fn library() -> CommandResult<Vec<Listed>> {
    worker(|| Ok(listing().to_vec())).await
}

/// The play screen's view of any table (a machine, a library or saved lab table, or a variant of
/// one): its paytable at every bet, its games and the choices open at the player's level.
#[tauri::command]
pub async fn table_view<R: Runtime>(app: AppHandle<R>, table: String) -> CommandResult<TableView> {
    let table = TableId::new(table)?;
    with_game(app, move |game| game.table_view(&table)).await
}

/// A table's figures, real or practice (`Game::table_stats`: a former id's are its one table's).
#[tauri::command]
pub async fn table_stats<R: Runtime>(app: AppHandle<R>, table: String, practice: bool) -> CommandResult<TableStats> {
    let table = TableId::new(table)?;
    with_game(app, move |game| game.table_stats(&table, practice)).await
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


/// The hand analyser (`Game::analyse`): five cards on any table, with a variant's line count and
/// multipliers when it shows them, every hold best first with its value and final-hand
/// distribution, the chart line of the player's tier and what `hold` (when given) gives up.
#[tauri::command]
pub async fn analyse_hand<R: Runtime>(
    app: AppHandle<R>,
    table: String,
    cards: String,
    lines: Option<u8>,
    multipliers: Option<String>,
    hold: Option<u32>,
) -> CommandResult<Analysis> {
    let table = TableId::new(table)?;
    let chosen = hold.map(|mask| Hold::from_mask(mask).map_err(|_| GameError::InvalidHold { hold: mask.to_string() })).transpose()?;
    with_game(app, move |game| {
        game.analyse(&table, &AnalysisQuestion { cards: &cards, lines, multipliers: multipliers.as_deref(), chosen })
    })
    .await
}
