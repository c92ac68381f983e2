//! Strategy charts and the paytable lab. A machine's chart is generated once per process from the
//! exact solver (cached by the core); a lab table's analysis comes at once and its chart runs as the
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
use vpoker::strategy::custom::{analyze_table, TableAnalysis};

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

/// The best single strategy's chart of a machine's Ultimate X game on some lines, as the UI shows it
/// (`ultimate_x::chart`): its lines, its return beside the single strategy's and perfect play's,
/// and where exact play departs from it at each average multiplier.
#[derive(Clone, Debug, Serialize)]
pub struct UltimateXChartView {
    /// Lines dealt.
    pub lines: u8,
    /// The chart's lines, first first: rank, class, label and how often each is the play.
    pub chart: Vec<UltimateXChartLine>,
    /// Returns per unit bet (the Ultimate X bet included): playing the chart, the single strategy, perfect play.
    pub return_chart: f64,
    /// See `return_chart`.
    pub return_single_strategy: f64,
    /// See `return_chart`.
    pub return_perfect: f64,
    /// The exceptions at each average multiplier a screen can show.
    pub by_multiplier: Vec<vpoker::ultimate_x::chart::AtMultiplier>,
}

/// One line of the Ultimate X chart.
#[derive(Clone, Debug, Serialize)]
pub struct UltimateXChartLine {
    /// 1 for the first line.
    pub rank: usize,
    /// The class id (the UI's text for it).
    pub class: String,
    /// Share of deals it plays.
    pub frequency: f64,
}

fn machine(text: &str) -> Result<MachineId, GameError> {
    text.parse().map_err(GameError::from)
}

/// A lab table's base: a machine's id or a kicker game's; any other text is `lab-unknown` (base).
fn base(text: &str) -> Result<Base, GameError> {
    Base::from_id(text).ok_or_else(|| GameError::LabUnknown { name: "base".into(), value: text.into() })
}

/// A machine's Ultimate X table dealt on `lines` lines, or the typed refusal (no Ultimate X, a line
/// count it is not dealt on), before any solving.
fn ux_table(machine: MachineId, lines: u8) -> Result<vpoker::table::Table, GameError> {
    let table = vpoker::table::Table::machine(machine).ultimate_x().ok_or(GameError::NoUltimateX { machine })?;
    if !table.lines().contains(&lines) {
        return Err(GameError::UltimateXLines { lines });
    }
    Ok(table)
}

/// The core's refusal of an Ultimate X question as a typed error.
fn ux_error(machine: MachineId, refused: vpoker::ultimate_x::hint::UxError) -> GameError {
    match refused {
        vpoker::ultimate_x::hint::UxError::Lines { lines } => GameError::UltimateXLines { lines },
        _ => GameError::NoUltimateX { machine },
    }
}

/// The best single strategy's chart of a machine's Ultimate X game on `lines` lines (seconds the
/// first time for a machine and line count, on a worker; kept by the core).
#[tauri::command]
pub async fn ultimate_x_chart(machine: String, lines: u8) -> CommandResult<UltimateXChartView> {
    let machine = self::machine(&machine)?;
    worker(move || {
        let table = ux_table(machine, lines)?;
        let ux = vpoker::ultimate_x::chart::kept(&table, lines).map_err(|refused| ux_error(machine, refused))?;
        Ok(UltimateXChartView {
            lines,
            chart: ux.chart.lines().iter().map(|l| UltimateXChartLine { rank: l.rank, class: l.class.clone(), frequency: l.frequency }).collect(),
            return_chart: ux.return_chart,
            return_single_strategy: ux.return_single_strategy,
            return_perfect: ux.return_perfect,
            by_multiplier: ux.by_multiplier.clone(),
        })
    })
    .await
}

/// The same chart in three tiers (beginner ≤ 10 lines, intermediate ≤ 20, expert ≤ 40: the chart),
/// each with its return on the Ultimate X game, its cost against perfect play and against the single
/// strategy, and the lines it adds over the tier below, as the core serializes them
/// (`ultimate_x::tiers`: `{"lines","optimal_return","single_strategy_return","tiers":[…]}`; seconds
/// the first time for a machine and line count, on a worker; kept by the core).
#[tauri::command]
pub async fn ultimate_x_chart_tiers(machine: String, lines: u8) -> CommandResult<vpoker::ultimate_x::tiers::UxTiers> {
    let machine = self::machine(&machine)?;
    worker(move || {
        let table = ux_table(machine, lines)?;
        let tiers = vpoker::ultimate_x::tiers::kept(&table, lines).map_err(|refused| ux_error(machine, refused))?;
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
