//! The paytable lab's core: a copy of any machine's or kicker game's table with any pays, checked
//! pay by pay, and its exact analysis (return, final-hand probabilities and variance of optimal play). Charts of
//! lab tables come from [`super::chart::generate`].
//!
//! A lab table keeps a machine's rows (ids and the categories they cover) and changes only the
//! pays: whole numbers from 0 to [`MAX_PAY`] per coin, in any order (a flush may pay more than a
//! full house; the analysis stays exact). The five machines' own tables never change. The
//! solver's tables for a lab table are the family's shared category counts folded with the new
//! pays: a few milliseconds, nothing is rebuilt from the 2,598,960 hands.

use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

use serde::Serialize;

use crate::card::Card;
use crate::eval::Family;
use crate::kicker::KickerGame;
use crate::machine::{MachineId, Paytable};

use super::analyze::{canonical_classes, outcome_totals, solve_classes, OutcomeProbability};
use super::chart::{self, Cancelled, Chart, ChartStage};
use super::exact::ratio;
use super::solver::{cold_evs, fast_evs_with};
use super::tables::{family_tables, MachineTables};
use super::HandEvs;

/// The largest pay per coin a lab row may have (every exact total then fits 64 bits).
pub const MAX_PAY: u32 = 100_000;

/// A pay the lab refuses, naming the row.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PayError {
    /// The number of pays is not one the family's layouts have.
    #[error("{family} pays need {expected} values, best row first; got {got}")]
    WrongCount {
        /// "natural" or "deuces".
        family: &'static str,
        /// The counts accepted, e.g. "9 (Jacks or Better rows), 11 (Bonus Poker rows) or 13 (Double
        /// Double Bonus rows)".
        expected: String,
        /// The count given.
        got: usize,
    },
    /// The text is not a whole number.
    #[error("row '{row}': '{text}' is not a whole number")]
    NotANumber {
        /// The row id.
        row: &'static str,
        /// The text given.
        text: String,
    },
    /// The pay is below 0.
    #[error("row '{row}': {value} is negative (a pay is 0 or more)")]
    Negative {
        /// The row id.
        row: &'static str,
        /// The pay given.
        value: String,
    },
    /// The pay is above [`MAX_PAY`].
    #[error("row '{row}': {value} is too large (at most {max} per coin)", max = MAX_PAY)]
    TooLarge {
        /// The row id.
        row: &'static str,
        /// The pay given.
        value: String,
    },
    /// No row has this id.
    #[error("'{0}' is not a row of this paytable")]
    UnknownRow(String),
}

impl PayError {
    /// The row the error is about, if it is about one.
    pub fn row(&self) -> Option<&str> {
        match self {
            PayError::NotANumber { row, .. } | PayError::Negative { row, .. } | PayError::TooLarge { row, .. } => {
                Some(row)
            }
            PayError::UnknownRow(row) => Some(row),
            PayError::WrongCount { .. } => None,
        }
    }
}

/// The family's id ([`Family::id`]).
pub fn family_id(family: Family) -> &'static str {
    family.id()
}

/// The family with this id ([`Family::parse`]).
pub fn parse_family(text: &str) -> Option<Family> {
    Family::parse(text)
}

/// The machine whose rows, in its order, a list of `n_values` pays of `family` follows: natural
/// 9 → Jacks or Better (RF, SF, 4K, FH, FL, ST, 3K, 2P, JB); natural 11 → Bonus Poker (RF, four
/// aces, SF, four 2–4, four 5–K, FH, FL, ST, 3K, 2P, JB; Double Bonus's pays go in this order
/// too); deuces 10 → Deuces Wild (natural RF, four deuces, wild RF, 5K, SF, 4K, FH, FL, ST, 3K).
/// Every family's machine with that many rows, the first of [`MachineId::ALL`] when two have as
/// many.
pub fn layout(family: Family, n_values: usize) -> Option<MachineId> {
    MachineId::ALL.into_iter().find(|machine| machine.family() == family && machine.paytable().rows().len() == n_values)
}

/// The table whose rows, in its order, a list of `n_values` pays of `family` follows: the
/// machine's of [`layout`], else the first of the library's own games ([`KickerGame::ALL`]) of
/// the family with that many rows: natural 13 the kicker games' (RF, four aces with a 2–4 kicker,
/// four 2–4 with an A–4 kicker, four aces, four 2–4, SF, four 5–K, FH, FL, ST, 3K, 2P, JB; Double
/// Double Bonus and Triple Double Bonus have these rows in this order), natural 12 Super Double
/// Bonus's (RF, four aces, four J–K, four 2–4, SF, four 5–10, FH, FL, ST, 3K, 2P, JB), deuces 13
/// Bonus Deuces Wild's (natural RF, four deuces with an ace, four deuces, five aces, five 3–5,
/// wild RF, five 6–K, SF, 4K, FH, FL, ST, 3K). Aces & Faces's 11 rows are Bonus Poker's count:
/// its rows are reached by its base, not by a count.
pub fn layout_table(family: Family, n_values: usize) -> Option<&'static Paytable> {
    layout(family, n_values).map(MachineId::paytable).or_else(|| {
        KickerGame::ALL
            .into_iter()
            .map(KickerGame::paytable)
            .find(|table| table.family() == family && table.rows().len() == n_values)
    })
}

/// A lab table from pays given as text, separated by commas (spaces allowed): "9,6,…".
pub fn parse_pays(family: Family, text: &str) -> Result<Paytable, PayError> {
    let values: Vec<&str> = text.split(',').map(str::trim).collect();
    let template = layout_table(family, values.len()).ok_or_else(|| wrong_count(family, values.len()))?;
    let pays =
        values.iter().zip(template.rows()).map(|(text, row)| check_pay(row.id, text)).collect::<Result<Vec<_>, _>>()?;
    Ok(template.with_pays(&pays).expect("one pay per row"))
}

/// A lab table from pays as numbers, in the layout their count names (see [`layout_table`]).
pub fn pays_table(family: Family, pays: &[i64]) -> Result<Paytable, PayError> {
    let template = layout_table(family, pays.len()).ok_or_else(|| wrong_count(family, pays.len()))?;
    let pays = pays
        .iter()
        .zip(template.rows())
        .map(|(pay, row)| check_pay(row.id, &pay.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(template.with_pays(&pays).expect("one pay per row"))
}

/// A copy of `table` with one row's pay changed (the row by id, e.g. "flush").
pub fn with_pay(table: &Paytable, row_id: &str, pay: i64) -> Result<Paytable, PayError> {
    let rows = table.rows();
    let at = rows.iter().position(|row| row.id == row_id).ok_or_else(|| PayError::UnknownRow(row_id.to_string()))?;
    let mut pays: Vec<u32> = rows.iter().map(|row| row.pay).collect();
    pays[at] = check_pay(rows[at].id, &pay.to_string())?;
    Ok(table.with_pays(&pays).expect("one pay per row"))
}

/// One pay checked: a whole number from 0 to [`MAX_PAY`].
pub fn check_pay(row: &'static str, text: &str) -> Result<u32, PayError> {
    let value = text.trim();
    let digits = value.strip_prefix(['-', '+']).unwrap_or(value);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PayError::NotANumber { row, text: text.to_string() });
    }
    let negative = value.starts_with('-') && digits.bytes().any(|b| b != b'0');
    if negative {
        return Err(PayError::Negative { row, value: value.to_string() });
    }
    match digits.parse::<u64>() {
        Ok(pay) if pay <= u64::from(MAX_PAY) => Ok(pay as u32),
        _ => Err(PayError::TooLarge { row, value: value.to_string() }),
    }
}

/// The row counts a family's pays may have, fewest first, each with the game whose rows it
/// follows ([`layout_table`]): its machines' and the library's own games'.
fn layouts(family: Family) -> Vec<(usize, &'static str)> {
    let mut out: Vec<(usize, &'static str)> = Vec::new();
    let machines = MachineId::ALL.into_iter().filter(|m| m.family() == family).map(|m| (m.paytable(), m.name()));
    let kickers = KickerGame::ALL
        .into_iter()
        .filter(|game| game.family() == family)
        .map(|game| (game.paytable(), game.name().trim_end_matches(game.suffix()).trim_end()));
    for (table, name) in machines.chain(kickers) {
        let n = table.rows().len();
        if !out.iter().any(|&(count, _)| count == n) {
            out.push((n, name));
        }
    }
    out.sort_by_key(|&(count, _)| count);
    out
}

fn wrong_count(family: Family, got: usize) -> PayError {
    let texts: Vec<String> = layouts(family).iter().map(|(n, name)| format!("{n} ({name} rows)")).collect();
    let expected = match texts.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    PayError::WrongCount { family: family_id(family), expected, got }
}

/// The exact analysis of optimal play on a paytable.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableAnalysis {
    /// The expected return per coin (1.0 = break even).
    pub return_rate: f64,
    /// Each row's probability in the table's row order, then "nothing".
    pub outcomes: Vec<OutcomeProbability>,
    /// The variance of one hand's return per coin: Σ P(row) × pay² − return².
    pub variance: f64,
    /// The variance of the best hold's EV over the deals (what the lines of one multi-play deal
    /// share): Σ P(deal) × EV² − return².
    pub deal_variance: f64,
}

impl TableAnalysis {
    /// The standard deviation per line of a multi-play deal of `lines` lines (each line drawing
    /// from its own copy of the deck, the deal shared), per coin bet on a line: √(variance +
    /// (lines − 1) × deal variance), the lines' total win's ÷ √lines.
    pub fn sd_per_line(&self, lines: u32) -> f64 {
        (self.variance + f64::from(lines.saturating_sub(1)) * self.deal_variance).sqrt()
    }
}

/// Analyses optimal play on any paytable over all deals of its family's deck (2,598,960, or
/// 2,869,685 of 53 cards), exactly (about 15 ms on two cores once the family's counts exist;
/// the first call of a process builds them, ~60 ms).
pub fn analyze_table(table: &Paytable) -> TableAnalysis {
    let ExactTotals { return_total, categories, denominator: d, ev_squares } = exact_totals(table);
    let return_rate = ratio(return_total, d);
    let outcomes: Vec<OutcomeProbability> = outcome_totals(table, &categories)
        .into_iter()
        .map(|(id, total)| OutcomeProbability { id, probability: ratio(total, d) })
        .collect();
    let second_moment: u128 = (0..table.family().n_categories())
        .map(|c| categories[c] * u128::from(table.pay_by_category()[c]).pow(2))
        .sum();
    let variance = ratio(second_moment, d) - return_rate * return_rate;
    // Σ over deals of (EV × L)², over L² × deals: exact sums, one division in f64.
    let lcm = (d / u128::from(family_tables(table.family()).deck().n_deals)) as f64;
    let deal_variance = ev_squares as f64 / (lcm * d as f64) - return_rate * return_rate;
    TableAnalysis { return_rate, outcomes, variance, deal_variance }
}

/// The exact sums behind [`TableAnalysis`]: every figure is a total over the common denominator
/// L × deals of the table's deck.
#[doc(hidden)] // public for tests/it
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactTotals {
    /// Σ over deals of the best hold's EV × L.
    pub return_total: u128,
    /// Per evaluator category: Σ over deals of P(final hand in it) × L (they sum to the denominator).
    pub categories: Vec<u128>,
    /// L × the number of deals.
    pub denominator: u128,
    /// Σ over deals of (the best hold's EV × L)².
    pub ev_squares: u128,
}

/// The exact totals of optimal play on `table`, one solve per suit class of its deck.
#[doc(hidden)] // public for tests/it
pub fn exact_totals(table: &Paytable) -> ExactTotals {
    let family = family_tables(table.family());
    let tables = MachineTables::for_paytable(table, family);
    let totals = solve_classes(family, &tables, canonical_classes(family.deck()), &|_, _| {});
    let n = table.family().n_categories();
    ExactTotals {
        return_total: u128::from(totals.return_total),
        categories: totals.categories[..n].iter().map(|&c| u128::from(c)).collect(),
        denominator: family.deck().denominator(),
        ev_squares: totals.ev_squares,
    }
}

/// Everything the lab shows for one table: the analysis and the regenerated chart.
#[derive(Clone, Debug, Serialize)]
pub struct LabReport {
    /// Return, final-hand probabilities and variance of optimal play.
    pub analysis: TableAnalysis,
    /// The table's chart (at most [`chart::MAX_LINES`] lines) with its exact return.
    pub chart: Chart,
}

/// The analysis (first, ~20 ms) and then the chart of a lab table, with the chart generation's
/// progress and cancel flag (see [`chart::generate`]); meant for a worker thread, where a newer
/// edit sets the older run's flag.
pub fn lab_report(
    table: &Paytable,
    progress: &(dyn Fn(ChartStage, f64) + Sync),
    cancel: &AtomicBool,
) -> Result<LabReport, Cancelled> {
    let analysis = analyze_table(table);
    let chart = chart::generate(table, progress, cancel)?;
    Ok(LabReport { analysis, chart })
}

/// The solver for one lab table (any family's): the EVs of all 32 holds of any hand. Its pay sums
/// are built on the first hand that needs them: while the family's counts are not built, the first
/// few hands of a process are solved cold (`cold.rs`), as a machine's are.
pub struct TableSolver {
    family: Family,
    table: Paytable,
    tables: OnceLock<MachineTables>,
}

impl TableSolver {
    /// The table's solver; nothing is built yet.
    pub fn new(table: &Paytable) -> TableSolver {
        TableSolver { family: table.family(), table: table.clone(), tables: OnceLock::new() }
    }

    /// The EVs of all 32 holds of `hand` (cards of the table's deck) under the table.
    pub fn hand_evs(&self, hand: &[Card; 5]) -> HandEvs {
        match self.tables.get() {
            Some(tables) => fast_evs_with(tables, self.family, hand),
            None if super::cold::take(self.family) => cold_evs(self.table.pay_by_category(), self.family, hand),
            None => {
                let tables =
                    self.tables.get_or_init(|| MachineTables::for_paytable(&self.table, family_tables(self.family)));
                fast_evs_with(tables, self.family, hand)
            }
        }
    }

    /// Bytes held by its pay sums.
    pub fn n_bytes(&self) -> usize {
        self.tables.get().map_or(0, MachineTables::n_bytes)
    }
}
