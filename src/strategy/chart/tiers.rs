//! Charts in tiers: for any table, a beginner chart (at most 10 lines), an intermediate one (at
//! most 20) and the expert one (at most [`MAX_LINES`], the table's chart), each with its exact
//! return and cost, and the lines each tier adds over the one below.
//!
//! The table is solved once (`sums.rs`) and ranked once up to the local optimum that no limit
//! changes (`rank::unlimited`); each tier is then that ranking brought down to its own limit
//! (`rank::limit`). A tier's chart is therefore exactly what [`super::generate_with_limit`] gives
//! for its limit, and the expert tier is the table's chart.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};

use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::machine::Paytable;
use crate::strategy::tables::{family_tables, MachineTables};

use super::{chart_of, hands, rank, solve, Cancelled, Chart, ChartStage, Vocabulary, MAX_LINES};

/// The tiers, easiest first: each one's name and line budget.
pub const TIERS: [(&str, usize); 3] = [("beginner", 10), ("intermediate", 20), ("expert", MAX_LINES)];

/// A tier by name, as a player chooses it (the setting `chart-tier`, a drill's `--tier`).
/// Serialised as its id: `"beginner"`, `"intermediate"` or `"expert"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChartTier {
    /// At most 10 lines.
    Beginner,
    /// At most 20 lines.
    Intermediate,
    /// At most [`MAX_LINES`]: the table's chart.
    Expert,
}

impl ChartTier {
    /// Every tier, easiest first (as [`TIERS`]).
    pub const ALL: [ChartTier; 3] = [ChartTier::Beginner, ChartTier::Intermediate, ChartTier::Expert];

    /// The stable id, the tier's name in [`TIERS`].
    pub fn id(self) -> &'static str {
        match self {
            ChartTier::Beginner => TIERS[0].0,
            ChartTier::Intermediate => TIERS[1].0,
            ChartTier::Expert => TIERS[2].0,
        }
    }

    /// The tier an id names, if any.
    pub fn from_id(id: &str) -> Option<ChartTier> {
        ChartTier::ALL.into_iter().find(|tier| tier.id() == id)
    }
}

/// One tier: its name, its line budget, its chart and the classes it adds over the tier below.
///
/// Serialized as `{"tier","max_lines","lines":[…],"chart_return","cost","added":[class ids]}`.
#[derive(Clone, Debug)]
pub struct Tier {
    name: &'static str,
    max_lines: usize,
    chart: Chart,
    added: Vec<String>,
}

impl Tier {
    /// "beginner", "intermediate" or "expert".
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The most lines the tier's chart may have.
    pub fn max_lines(&self) -> usize {
        self.max_lines
    }

    /// The tier's chart.
    pub fn chart(&self) -> &Chart {
        &self.chart
    }

    /// What the tier's chart gives up per coin against optimal play ([`Chart::cost`]).
    pub fn cost(&self) -> f64 {
        self.chart.cost()
    }

    /// The class ids of the tier's lines that the tier below has not, in the tier's line order
    /// (every line for the first tier).
    pub fn added(&self) -> &[String] {
        &self.added
    }

    /// Whether the tier adds the line of class `class` over the tier below.
    pub fn adds(&self, class: &str) -> bool {
        self.added.iter().any(|c| c == class)
    }
}

impl Serialize for Tier {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut tier = serializer.serialize_struct("Tier", 6)?;
        tier.serialize_field("tier", self.name)?;
        tier.serialize_field("max_lines", &self.max_lines)?;
        tier.serialize_field("lines", self.chart.lines())?;
        tier.serialize_field("chart_return", &self.chart.chart_return())?;
        tier.serialize_field("cost", &self.chart.cost())?;
        tier.serialize_field("added", &self.added)?;
        tier.end()
    }
}

/// A table's three tiers, easiest first ([`TIERS`]).
///
/// Serialized as `{"optimal_return","tiers":[tier…]}`.
#[derive(Clone, Debug)]
pub struct Tiers {
    optimal_return: f64,
    tiers: Vec<Tier>,
}

impl Tiers {
    /// The exact return per coin of optimal play on the table.
    pub fn optimal_return(&self) -> f64 {
        self.optimal_return
    }

    /// The tiers, beginner first.
    pub fn tiers(&self) -> &[Tier] {
        &self.tiers
    }

    /// The tier named `name`.
    pub fn tier(&self, name: &str) -> Option<&Tier> {
        self.tiers.iter().find(|t| t.name == name)
    }
}

impl Serialize for Tiers {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut tiers = serializer.serialize_struct("Tiers", 2)?;
        tiers.serialize_field("optimal_return", &self.optimal_return)?;
        tiers.serialize_field("tiers", &self.tiers)?;
        tiers.end()
    }
}

/// The three tiers of any paytable (a machine's, a library table's or a lab copy). Progress and
/// cancelling as in [`super::generate`]: the stages come once each, the ranking's fraction
/// covering the three limits.
pub fn tiers(
    table: &Paytable,
    progress: &(dyn Fn(ChartStage, f64) + Sync),
    cancel: &AtomicBool,
) -> Result<Tiers, Cancelled> {
    let vocabulary = Vocabulary::of(table);
    progress(ChartStage::Classifying, 0.0);
    let tables = MachineTables::for_paytable(table, family_tables(vocabulary.family()));
    let hands = hands::family_hands(vocabulary);
    progress(ChartStage::Classifying, 1.0);
    let problem = solve(hands, &tables, progress, cancel)?;
    progress(ChartStage::Ranking, 0.0);
    // A quarter of the ranking's progress for the steps all limits share, a quarter per limit.
    let start = rank::unlimited(&problem, cancel, &|f| progress(ChartStage::Ranking, f / 4.0))?;
    let mut tiers: Vec<Tier> = Vec::with_capacity(TIERS.len());
    for (idx, (name, max_lines)) in TIERS.into_iter().enumerate() {
        let quarter = (idx + 1) as f64 / 4.0;
        let search = rank::limit(&start, max_lines, cancel, &|f| progress(ChartStage::Ranking, quarter + f / 4.0))?;
        let chart = chart_of(&search);
        let below = tiers.last().map(|t| t.chart.lines());
        let added = chart
            .lines()
            .iter()
            .filter(|line| !below.is_some_and(|lines| lines.iter().any(|l| l.class == line.class)))
            .map(|line| line.class.clone())
            .collect();
        tiers.push(Tier { name, max_lines, chart, added });
    }
    let optimal_return = tiers[0].chart.optimal_return();
    Ok(Tiers { optimal_return, tiers })
}

/// How many tables' tiers [`tiers_of`] keeps (a lab that tries many pays starts it afresh).
pub const TIERS_KEPT: usize = 8;

/// The three tiers of any paytable, generated the first time a table with these rows and pays is
/// asked for and kept for the process (a second or two each; at most [`TIERS_KEPT`] tables: the
/// five machines' are [`super::machine_tiers`]'). Asked from two threads at once, the second waits
/// for the first.
pub fn tiers_of(table: &Paytable) -> Arc<Tiers> {
    type Key = (&'static str, Vec<(&'static str, u32)>);
    static KEPT: Mutex<Vec<(Key, Arc<Tiers>)>> = Mutex::new(Vec::new());
    let key: Key = (table.family().id(), table.rows().iter().map(|row| (row.id, row.pay)).collect());
    // The tiers are pure: a lock poisoned by a panic elsewhere holds only whole entries.
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, tiers)) = kept.iter().find(|(k, _)| *k == key) {
        return Arc::clone(tiers);
    }
    if kept.len() >= TIERS_KEPT {
        kept.clear();
    }
    let never = AtomicBool::new(false);
    let made = Arc::new(tiers(table, &|_, _| {}, &never).expect("tiers that cannot be cancelled complete"));
    kept.push((key, Arc::clone(&made)));
    made
}
