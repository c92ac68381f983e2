//! A table's chart of one tier (beginner, intermediate, expert: `strategy::chart::tiers`), the one
//! place that says which chart a player who plays by a tier plays on a table: the machine hint's
//! chart line and the chart drill (`game/training/drills.rs`, `vpoker drill --source chart`) alike.
//!
//! Every plain table has its three tiers: a machine's are `chart::machine_tiers` (its expert tier
//! is the machine's chart, `chart::machine_chart`, the same chart made faster), any other table's
//! (a kicker game, a library table, a saved lab table) are `chart::tiers_of` its paytable. A
//! variant table (rules that put something on screen before a deal) has none to play by here: its
//! holds are judged with what is on screen, which a chart does not read, and its chart is its
//! rules' own on a line count (`rules::chart`, in tiers `rules::chart_tiers`): [`NoTierChart`].

use std::sync::Arc;

use serde::Serialize;

use crate::strategy::chart::{self, Chart, ChartTier, Tiers};
use crate::table::{Rules, Source, Table};

/// Why a table has no chart of a tier: its rules put something on screen before a deal.
/// Serialised as the rules' id (`Rules::id`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct NoTierChart {
    rules: &'static str,
}

impl NoTierChart {
    /// The stable id: the rules' id.
    pub fn id(self) -> &'static str {
        self.rules
    }
}

/// The chart of `tier` on a table (kept per process: cheap to clone).
#[derive(Clone)]
pub struct TierChart {
    tier: ChartTier,
    held: Held,
}

#[derive(Clone)]
enum Held {
    /// A machine's chart (its expert tier) or one of its tiers, made once per process.
    Machine(&'static Chart),
    /// Another table's tiers and the index of the one asked for.
    Table(Arc<Tiers>, usize),
}

impl TierChart {
    /// The chart of `tier` on `table`, or why it has none.
    pub fn of(table: &Table, tier: ChartTier) -> Result<TierChart, NoTierChart> {
        if table.rules() != Rules::Plain {
            return Err(NoTierChart { rules: table.rules().id() });
        }
        let index = ChartTier::ALL.iter().position(|&t| t == tier).unwrap_or(0);
        let held = match (table.source(), tier) {
            (Source::Machine(machine), ChartTier::Expert) => Held::Machine(chart::machine_chart(machine)),
            (Source::Machine(machine), _) => Held::Machine(chart::machine_tiers(machine).tiers()[index].chart()),
            _ => Held::Table(chart::tiers_of(table.paytable()), index),
        };
        Ok(TierChart { tier, held })
    }

    /// The tier.
    pub fn tier(&self) -> ChartTier {
        self.tier
    }

    /// The chart.
    pub fn chart(&self) -> &Chart {
        match &self.held {
            Held::Machine(chart) => chart,
            Held::Table(tiers, index) => tiers.tiers()[*index].chart(),
        }
    }
}
