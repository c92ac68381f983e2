//! A variant's own chart, behind the seam: a table whose rules put something on screen is played
//! by no tier chart of the plain game (`table_chart::NoTierChart`); its chart is its rules' own (on
//! Ultimate X, the best single strategy on a line count and where exact play departs from it at
//! each average multiplier, `ultimate_x::chart`, in three tiers by `ultimate_x::tiers`). The app's
//! chart screen asks here by the variant's table id and never names the family.

use std::sync::Arc;

use serde::Serialize;

use crate::table::{Rules, Table};
use crate::ultimate_x;

use super::ScreenError;

/// A variant's chart on some lines, as a chart screen shows it: its lines, its return beside the
/// single strategy's and perfect play's, and where exact play departs from it.
#[derive(Clone, Debug, Serialize)]
pub struct ScreenChartView {
    /// Lines dealt.
    pub lines: u8,
    /// The chart's lines, first first: rank, class and how often each is the play.
    pub chart: Vec<ScreenChartLine>,
    /// Returns per unit bet (the variant's whole bet): playing the chart, the single strategy,
    /// perfect play.
    pub return_chart: f64,
    /// See `return_chart`.
    pub return_single_strategy: f64,
    /// See `return_chart`.
    pub return_perfect: f64,
    /// The exceptions at each average multiplier a screen can show: those a screen lists.
    pub by_multiplier: Vec<ScreenAtMultiplier>,
}

/// How many of the exceptions at each average multiplier a chart screen lists (the costliest).
pub const SCREEN_EXCEPTIONS: usize = 3;

/// Where exact play departs from a variant's chart at one average multiplier, as a chart screen
/// lists it: the costliest [`SCREEN_EXCEPTIONS`] exceptions, and how many the chart finds there.
#[derive(Clone, Debug, Serialize)]
pub struct ScreenAtMultiplier {
    /// Every line's multiplier (their sum is lines × this).
    pub multiplier: u8,
    /// Share of deals in which the exact hold is not the chart's.
    pub frequency: f64,
    /// What playing the chart gives up against the exact holds at this multiplier, per unit bet.
    pub cost: f64,
    /// The exceptions a screen lists, costliest first (at most [`SCREEN_EXCEPTIONS`]).
    pub exceptions: Vec<ultimate_x::chart::Exception>,
    /// How many exceptions the chart lists there in all (the costliest, at most
    /// `ultimate_x::chart::EXCEPTIONS_LISTED`).
    pub listed: usize,
}

/// One line of a variant's chart.
#[derive(Clone, Debug, Serialize)]
pub struct ScreenChartLine {
    /// 1 for the first line.
    pub rank: usize,
    /// The class id (the UI's text for it).
    pub class: String,
    /// Share of deals it plays.
    pub frequency: f64,
}

/// A variant's chart in three tiers (beginner ≤ 10 lines, intermediate ≤ 20, expert: the chart),
/// each with its return on the variant, its costs and the lines it adds over the tier below.
pub use crate::ultimate_x::tiers::UxTiers as ScreenTiers;

/// The chart of the variant `table` on `lines` lines (seconds the first time for a table and line
/// count; kept per process). Refused on a plain table and on a line count its rules do not deal.
pub fn chart_view(table: &Table, lines: u8) -> Result<ScreenChartView, ScreenError> {
    match table.rules() {
        Rules::Plain => Err(ScreenError::NoMultipliers { table: table.id().to_string() }),
        Rules::UltimateX(_) => {
            let chart = ultimate_x::chart::kept(table, lines)?;
            Ok(ScreenChartView {
                lines,
                chart: chart
                    .chart
                    .lines()
                    .iter()
                    .map(|l| ScreenChartLine { rank: l.rank, class: l.class.clone(), frequency: l.frequency })
                    .collect(),
                return_chart: chart.return_chart,
                return_single_strategy: chart.return_single_strategy,
                return_perfect: chart.return_perfect,
                by_multiplier: chart
                    .by_multiplier
                    .iter()
                    .map(|at| ScreenAtMultiplier {
                        multiplier: at.multiplier,
                        frequency: at.frequency,
                        cost: at.cost,
                        exceptions: at.exceptions.iter().take(SCREEN_EXCEPTIONS).cloned().collect(),
                        listed: at.exceptions.len(),
                    })
                    .collect(),
            })
        }
    }
}

/// The same chart in three tiers (kept per process, as [`chart_view`]'s).
pub fn chart_tiers(table: &Table, lines: u8) -> Result<Arc<ScreenTiers>, ScreenError> {
    match table.rules() {
        Rules::Plain => Err(ScreenError::NoMultipliers { table: table.id().to_string() }),
        Rules::UltimateX(_) => ultimate_x::tiers::kept(table, lines),
    }
}
