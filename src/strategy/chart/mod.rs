//! Strategy charts generated from the exact solver: a ranked list of hold classes in players'
//! words ("4 to a royal flush", "High pair", "Low pair", …), first matching line wins, with the
//! chart's own exact return beside optimal play's.
//!
//! The vocabulary (which classes exist, their ids, labels and matchers) is data: `classes.rs`,
//! `natural.rs`, `deuces.rs` or the family's own module (asked by `Vocabulary::build`), kept in `class_lists.rs`. The in-line rule (which of a hand's holds a line plays when
//! several match it) is a card rule: `tie.rs`. The ranking (which classes become lines and in
//! which order) comes from the solver only: `rank.rs`, over the suit classes grouped in
//! `hands.rs` and solved in `sums.rs`. `play.rs` plays a chart on any dealt hand. See
//! docs/CHARTS.md for the algorithm and each machine's chart.

mod class_lists;
mod classes;
mod deuces;
mod hands;
mod improve;
mod natural;
mod order;
mod play;
mod rank;
mod search;
#[doc(hidden)] // public for tests/it
pub mod shape;
mod sums;
mod tie;
mod tiers;
mod trim;

use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

use serde::Serialize;

use crate::eval::Family;
use crate::machine::{MachineId, Paytable};
use crate::strategy::deck::DeckMath;
use crate::strategy::exact::ratio;
use crate::strategy::tables::{family_tables, machine_tables, MachineTables};

pub use class_lists::classes;
pub use classes::{ClassInfo, ClassParam, Prefer, Vocabulary};
pub use play::{advise, hint, Advice, LineRef};
pub use tiers::{tiers, tiers_of, ChartTier, Tier, Tiers, TIERS};

/// The most lines a chart has (a limit that keeps a chart usable by players).
pub const MAX_LINES: usize = 40;

/// A chart generation was cancelled through its flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the chart generation was cancelled")]
pub struct Cancelled;

/// The stage a chart generation is in, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChartStage {
    /// Matching every hold of the suit classes (134,459 of a 52-card deck, 150,891 of a 53-card one) against the
    /// vocabulary (once per family and process).
    Classifying,
    /// Solving every suit class under the paytable.
    Solving,
    /// Ranking the classes.
    Ranking,
}

/// A generated chart: its lines, best first, and its exact return beside optimal play's.
#[derive(Clone, Debug, Serialize)]
pub struct Chart {
    #[serde(skip)]
    family: Family,
    #[serde(skip)]
    vocabulary: Vocabulary,
    lines: Vec<ChartLine>,
    /// Class numbers inside the family, per line.
    #[serde(skip)]
    classes: Vec<u16>,
    chart_return: f64,
    optimal_return: f64,
}

/// One line of a chart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChartLine {
    /// 1 for the first line.
    pub rank: usize,
    /// The class id (stable, see [`classes`]).
    pub class: String,
    /// The English label.
    pub label: String,
    /// The share of all deals in which this line decides the hold.
    pub frequency: f64,
    /// The average EV per coin of the hold it plays, over the deals it decides.
    pub mean_ev: f64,
}

impl Chart {
    /// The family the chart is for.
    pub fn family(&self) -> Family {
        self.family
    }

    /// The words it uses (one of [`Vocabulary::ALL`]).
    pub fn vocabulary(&self) -> Vocabulary {
        self.vocabulary
    }

    /// The lines, first (strongest) first.
    pub fn lines(&self) -> &[ChartLine] {
        &self.lines
    }

    /// The exact return per coin of playing every deal by the chart.
    pub fn chart_return(&self) -> f64 {
        self.chart_return
    }

    /// The exact return per coin of optimal play.
    pub fn optimal_return(&self) -> f64 {
        self.optimal_return
    }

    /// What the chart gives up per coin bet against optimal play (≥ 0).
    pub fn cost(&self) -> f64 {
        (self.optimal_return - self.chart_return).max(0.0)
    }

    /// Hands played by the chart per bet lost against optimal play: 1 / [`Chart::cost`] (None
    /// when the chart plays optimally).
    pub fn hands_per_lost_bet(&self) -> Option<f64> {
        let cost = self.cost();
        (cost > 0.0).then(|| 1.0 / cost)
    }

    /// The chart as text: one numbered line each, with how often it decides and its mean EV.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for line in &self.lines {
            text.push_str(&format!(
                "{:>3}. {:<52} {:>9.5} % {:>10.6}\n",
                line.rank,
                line.label,
                line.frequency * 100.0,
                line.mean_ev
            ));
        }
        text.push_str(&format!(
            "chart return {:.6} %, optimal {:.6} %, cost {:.6} percentage points ({} lines)",
            self.chart_return * 100.0,
            self.optimal_return * 100.0,
            self.cost() * 100.0,
            self.lines.len()
        ));
        text
    }
}

/// Generates the chart of any paytable (a machine's or a lab copy) with at most [`MAX_LINES`]
/// lines. `progress(stage, fraction)` is called now and then (fraction 0–1 of that stage);
/// setting `cancel` makes the call return `Err(Cancelled)` soon after.
pub fn generate(
    table: &Paytable,
    progress: &(dyn Fn(ChartStage, f64) + Sync),
    cancel: &AtomicBool,
) -> Result<Chart, Cancelled> {
    generate_with_limit(table, MAX_LINES, progress, cancel)
}

/// [`generate`] with another line limit (to see what more or fewer lines would buy). A limit
/// below what the family's last-resort lines and made hands need may be exceeded: the chart
/// then has as few lines as the ranking could reach.
pub fn generate_with_limit(
    table: &Paytable,
    max_lines: usize,
    progress: &(dyn Fn(ChartStage, f64) + Sync),
    cancel: &AtomicBool,
) -> Result<Chart, Cancelled> {
    let vocabulary = Vocabulary::of(table);
    progress(ChartStage::Classifying, 0.0);
    let tables = MachineTables::for_paytable(table, family_tables(vocabulary.family()));
    let hands = hands::family_hands(vocabulary);
    progress(ChartStage::Classifying, 1.0);
    chart_from_tables(hands, &tables, max_lines, progress, cancel)
}

fn chart_from_tables(
    hands: &hands::FamilyHands,
    tables: &MachineTables,
    max_lines: usize,
    progress: &(dyn Fn(ChartStage, f64) + Sync),
    cancel: &AtomicBool,
) -> Result<Chart, Cancelled> {
    let problem = solve(hands, tables, progress, cancel)?;
    progress(ChartStage::Ranking, 0.0);
    let search = rank::rank(&problem, max_lines.max(1), cancel, &|f| progress(ChartStage::Ranking, f))?;
    Ok(chart_of(&search))
}

/// Every suit class of `hands` solved under `tables` (the [`ChartStage::Solving`] stage).
fn solve<'h>(
    hands: &'h hands::FamilyHands,
    tables: &MachineTables,
    progress: &(dyn Fn(ChartStage, f64) + Sync),
    cancel: &AtomicBool,
) -> Result<sums::Problem<'h>, Cancelled> {
    progress(ChartStage::Solving, 0.0);
    let problem = sums::Problem::solve(hands, tables, cancel)?;
    progress(ChartStage::Solving, 1.0);
    Ok(problem)
}

/// The chart a ranking gives: its live lines in readable order, their figures, both returns.
fn chart_of(search: &search::Search) -> Chart {
    let problem = search.p;
    let hands = problem.hands;
    let defs = hands.matcher.defs();
    let mut decided = vec![(0u64, 0i64); defs.len()];
    for g in 0..hands.n_groups() {
        let entry = &mut decided[search.first_class(g) as usize];
        entry.0 += hands.g_weight[g];
        entry.1 += search.first_second(g).0;
    }
    let deck = DeckMath::of_family(hands.family);
    let live: Vec<u16> = search.order.iter().copied().filter(|&c| decided[c as usize].0 > 0).collect();
    // Deuces Wild classes for any number of deuces come first, as if for five; a family whose
    // classes name their wild cards (`ClassDef::deuces`) has its sections by them the same way.
    let deuces: Vec<u8> =
        defs.iter().map(|d| d.deuces.unwrap_or(if hands.family == Family::Deuces { 5 } else { 0 })).collect();
    let mean_ev: Vec<f64> =
        decided.iter().map(|&(weight, sum)| if weight == 0 { 0.0 } else { sum as f64 / weight as f64 }).collect();
    let classes = order::readable_order(search, &live, &deuces, &mean_ev);
    let lines = classes
        .iter()
        .enumerate()
        .map(|(idx, &c)| {
            let (weight, sum) = decided[c as usize];
            ChartLine {
                rank: idx + 1,
                class: defs[c as usize].id.clone(),
                label: defs[c as usize].label.clone(),
                frequency: weight as f64 / deck.n_deals as f64,
                mean_ev: sum as f64 / (deck.lcm as f64 * weight as f64),
            }
        })
        .collect();
    let denominator = deck.denominator();
    let optimal: i64 = problem.optimal.iter().sum();
    Chart {
        family: hands.family,
        vocabulary: hands.vocabulary,
        lines,
        classes,
        chart_return: ratio(search.total as u128, denominator),
        optimal_return: ratio(optimal as u128, denominator),
    }
}

/// The chart of one of the five machines, generated once per process (about a second the
/// first time; [`crate::strategy::prepare`] does not build it).
pub fn machine_chart(machine: MachineId) -> &'static Chart {
    static CHARTS: [OnceLock<Chart>; MachineId::ALL.len()] = [const { OnceLock::new() }; MachineId::ALL.len()];
    let idx = MachineId::ALL.iter().position(|&m| m == machine).unwrap_or(0);
    CHARTS[idx].get_or_init(|| {
        let never = AtomicBool::new(false);
        let hands = hands::family_hands(Vocabulary::of(machine.paytable()));
        chart_from_tables(hands, machine_tables(machine), MAX_LINES, &|_, _| {}, &never)
            .expect("a chart that cannot be cancelled completes")
    })
}

/// The three tiers of one of the five machines' charts (beginner, intermediate, expert: see
/// [`tiers()`]), generated once per process (about a second the first time).
pub fn machine_tiers(machine: MachineId) -> &'static Tiers {
    static TIERS_OF: [OnceLock<Tiers>; MachineId::ALL.len()] = [const { OnceLock::new() }; MachineId::ALL.len()];
    let idx = MachineId::ALL.iter().position(|&m| m == machine).unwrap_or(0);
    TIERS_OF[idx].get_or_init(|| {
        let never = AtomicBool::new(false);
        tiers(machine.paytable(), &|_, _| {}, &never).expect("tiers that cannot be cancelled complete")
    })
}

/// Builds a vocabulary's hand data for charts ahead of time (what the first chart of that
/// vocabulary otherwise spends in [`ChartStage::Classifying`]).
pub fn prepare(vocabulary: Vocabulary) {
    hands::family_hands(vocabulary);
}

/// For each class of a vocabulary (by id, in class order): how many deals of its deck have a hold
/// in that class.
#[doc(hidden)] // public for tests/it
pub fn class_presence(vocabulary: Vocabulary) -> Vec<(String, u64)> {
    let hands = hands::family_hands(vocabulary);
    let defs = hands.matcher.defs();
    let mut deals = vec![0u64; defs.len()];
    for g in 0..hands.n_groups() {
        for &class in hands.group(g) {
            deals[class as usize] += hands.g_weight[g];
        }
    }
    defs.iter().zip(deals).map(|(def, n)| (def.id.clone(), n)).collect()
}
