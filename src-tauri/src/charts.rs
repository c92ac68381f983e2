//! Strategy charts and the paytable lab. A machine's chart is generated once per process from the
//! exact solver (cached by the core), a variant's is its rules' own (`rules::chart`); a lab table's analysis comes at once and its chart runs as the
//! current lab job (a newer edit cancels an older run; `lab_progress` reports it, `lab_cancel`
//! stops it). A lab table's base is a machine's table or a kicker game's (`library::Base`, by id).
//! Saved lab tables live in the game database.

use serde::Serialize;
use tauri::{AppHandle, Runtime};
use vpoker::game::{lab_paytable, LabTable, RowPay};
use vpoker::game::GameError;
use vpoker::library::{Base, ListedPay};
use vpoker::machine::MachineId;
use vpoker::strategy::chart::{self, Chart, ChartLine, ChartStage};
use vpoker::rules::{self as screen_chart, ScreenChartView, ScreenTiers};
use vpoker::rules::ScreenError;
use vpoker::strategy::custom::{analyze_table, TableAnalysis};
use vpoker::table::Table;

use crate::error::CommandResult;
use crate::worker::{as_job, with_game, worker};

/// A chart as the UI shows it: its lines and what it costs against optimal play.
#[derive(Clone, Debug, Serialize)]
pub struct ChartView {
    /// The lines, first (strongest) first.
    pub lines: Vec<ChartLine>,
    /// The exact return per coin of playing every deal by the chart.
    pub chart_return: f64,
    /// The exact return per coin of optimal play.
    pub optimal_return: f64,
    /// optimal − chart, per coin.
    pub cost: f64,
    /// Hands per bet lost against optimal play (null when the chart plays optimally).
    pub hands_per_lost_bet: Option<f64>,
}

impl From<&Chart> for ChartView {
    fn from(chart: &Chart) -> ChartView {
        ChartView {
            lines: chart.lines().to_vec(),
            chart_return: chart.chart_return(),
            optimal_return: chart.optimal_return(),
            cost: chart.cost(),
            hands_per_lost_bet: chart.hands_per_lost_bet(),
        }
    }
}

fn machine(text: &str) -> Result<MachineId, GameError> {
    text.parse().map_err(GameError::from)
}

/// A lab table's base: a machine's id or a kicker game's; any other text is `lab-unknown` (base).
fn base(text: &str) -> Result<Base, GameError> {
    Base::from_id(text).ok_or_else(|| GameError::LabUnknown { name: "base".into(), value: text.into() })
}

/// A variant's table (`machines[].variants`: a table whose rules put something on screen) dealt on
/// `lines` lines, or the typed refusal (no such variant, a line count it is not dealt at), before
/// any solving.
fn variant_table(id: &str, lines: u8) -> Result<Table, GameError> {
    let table = Table::named(id)
        .filter(|table| table.rules() != vpoker::table::Rules::Plain)
        .ok_or_else(|| GameError::UnknownTable { table: id.to_string() })?;
    if !table.lines().contains(&lines) {
        return Err(GameError::TableLines { lines });
    }
    Ok(table)
}

/// The core's refusal of a variant's chart as a typed error.
fn screen_error(id: &str, refused: ScreenError) -> GameError {
    match refused {
        ScreenError::Lines { lines } => GameError::TableLines { lines },
        _ => GameError::UnknownTable { table: id.to_string() },
    }
}

/// A variant's own chart on `lines` lines (`rules::chart_view`: seconds the first time for
/// a table and line count, on a worker; kept by the core), by the variant's table id.
#[tauri::command]
pub async fn variant_chart(table: String, lines: u8) -> CommandResult<ScreenChartView> {
    worker(move || {
        let variant = variant_table(&table, lines)?;
        Ok(screen_chart::chart_view(&variant, lines).map_err(|refused| screen_error(&table, refused))?)
    })
    .await
}

/// The same chart in three tiers (beginner ≤ 10 lines, intermediate ≤ 20, expert ≤ 40: the chart),
/// each with its return on the variant, its costs against perfect play and against the single
/// strategy, and the lines it adds over the tier below, as the core serializes them
/// (`{"lines","optimal_return","single_strategy_return","tiers":[…]}`; seconds the first time for a
/// table and line count, on a worker; kept by the core).
#[tauri::command]
pub async fn variant_chart_tiers(table: String, lines: u8) -> CommandResult<ScreenTiers> {
    worker(move || {
        let variant = variant_table(&table, lines)?;
        let tiers = screen_chart::chart_tiers(&variant, lines).map_err(|refused| screen_error(&table, refused))?;
        Ok(tiers.as_ref().clone())
    })
    .await
}

/// A machine's strategy chart (generated from the exact solver the first time).
#[tauri::command]
pub async fn chart(machine: String) -> CommandResult<ChartView> {
    let machine = self::machine(&machine)?;
    worker(move || Ok(ChartView::from(chart::machine_chart(machine)))).await
}

/// One tier of a machine's charts as the UI shows it.
#[derive(Clone, Debug, Serialize)]
pub struct TierView {
    /// "beginner", "intermediate" or "expert".
    pub tier: &'static str,
    /// Its line budget.
    pub max_lines: usize,
    /// Its chart.
    pub chart: ChartView,
    /// The class ids of its lines the tier below does not have (all of them for the beginner).
    pub added: Vec<String>,
}

/// A machine's charts in three tiers, beginner first (generated once per run).
#[tauri::command]
pub async fn chart_tiers(machine: String) -> CommandResult<Vec<TierView>> {
    let machine = self::machine(&machine)?;
    worker(move || Ok(tier_views(chart::machine_tiers(machine)))).await
}

/// Any table's three tiers as the chart screens show them, beginner first.
pub(crate) fn tier_views(tiers: &chart::Tiers) -> Vec<TierView> {
    tiers
        .tiers()
        .iter()
        .map(|tier| TierView {
            tier: tier.name(),
            max_lines: tier.max_lines(),
            chart: ChartView::from(tier.chart()),
            added: tier.added().to_vec(),
        })
        .collect()
}

/// A lab table's analysis as the lab shows it: the exact figures, and the base's own table (the
/// lab's rows, the pays a fresh copy starts from and each row's pay beside its field).
#[derive(Clone, Debug, Serialize)]
pub struct LabAnalysis {
    /// The return, final-hand probabilities and variance of optimal play.
    #[serde(flatten)]
    pub analysis: TableAnalysis,
    /// The base table's own pay per coin of every row, in its row order.
    pub base_pays: Vec<ListedPay>,
}

/// A lab copy of `base`'s table (a machine's or a kicker game's) with `pays` (rows not given keep
/// the base's pay): the exact return, final-hand probabilities and variance of optimal play
/// (fast), with the base's own pays; or a typed error naming the row and the reason.
#[tauri::command]
pub async fn paytable_analyze(base: String, pays: Vec<RowPay>) -> CommandResult<LabAnalysis> {
    let base = self::base(&base)?;
    worker(move || {
        let analysis = analyze_table(&lab_paytable(base, &pays)?);
        let base_pays = base.paytable().rows().iter().map(|row| ListedPay { row: row.id, pay: row.pay }).collect();
        Ok(LabAnalysis { analysis, base_pays })
    })
    .await
}

/// The same table's regenerated chart (the current lab job: progress, cancel).
#[tauri::command]
pub async fn paytable_chart<R: Runtime>(
    app: AppHandle<R>,
    base: String,
    pays: Vec<RowPay>,
) -> CommandResult<ChartView> {
    let base = self::base(&base)?;
    chart_job(app, lab_paytable(base, &pays)?).await
}

/// Generates `table`'s chart as the current lab job (progress in three stages, cancel).
pub(crate) async fn chart_job<R: Runtime>(app: AppHandle<R>, table: vpoker::machine::Paytable) -> CommandResult<ChartView> {
    as_job(app, move |control| {
        let stages = |stage: ChartStage, fraction: f64| {
            let step = match stage {
                ChartStage::Classifying => 0.0,
                ChartStage::Solving => 1.0,
                ChartStage::Ranking => 2.0,
            };
            (control.progress)(((step + fraction.clamp(0.0, 1.0)) * 1000.0) as u64, 3000);
        };
        let chart = chart::generate(&table, &stages, control.cancel).map_err(|_| GameError::LabCancelled)?;
        Ok(ChartView::from(&chart))
    })
    .await
}

/// The saved lab tables.
#[tauri::command]
pub async fn lab_tables<R: Runtime>(app: AppHandle<R>) -> CommandResult<Vec<LabTable>> {
    with_game(app, |game| game.lab_tables()).await
}

/// Saves a lab table by name (its pays checked first); the list after.
#[tauri::command]
pub async fn lab_table_save<R: Runtime>(
    app: AppHandle<R>,
    name: String,
    base: String,
    pays: Vec<RowPay>,
) -> CommandResult<Vec<LabTable>> {
    let base = self::base(&base)?;
    with_game(app, move |game| game.save_lab_table(&name, base, &pays)).await
}

/// Deletes a saved lab table; the list after.
#[tauri::command]
pub async fn lab_table_delete<R: Runtime>(app: AppHandle<R>, name: String) -> CommandResult<Vec<LabTable>> {
    with_game(app, move |game| game.delete_lab_table(&name)).await
}
