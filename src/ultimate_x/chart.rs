//! The chart of Ultimate X's best single strategy, and where play that sees the multipliers on
//! screen departs from it.
//!
//! The best single strategy (one hold per deal whatever the multipliers, [`super::mdp::SingleStrategy`])
//! holds, in every deal, the largest `E[K]·p(h) + E[p]·E[K | h]`: the plain EV of a table whose
//! row r pays `E[K]·pay_r + E[p]·(earned_r − 1)` (a losing hand earns 1×, and a constant added to
//! every final hand changes no ranking). So its chart is the ordinary chart generator's on that
//! table ([`crate::strategy::chart::generate`]), its pays scaled by [`SCALE`] and rounded to whole
//! numbers as the generator takes them. The chart's own return is then measured exactly, by playing
//! it on every deal (one suit class each): `E[K]·E[p]/2` of its holds, as for any single strategy.
//!
//! The exceptions: for each average multiplier on screen (1× to 12× a line, the sum M = n·m, where
//! the game reaches that sum),
//! the exact best hold is the largest `M·p(h) + E[W(S_h)]` (W the solved game's); every deal where it
//! is not the chart's hold is an exception, counted under the chart's line that played the deal and
//! the first line the exact hold belongs to, with how often it happens and what the chart's hold
//! gives up there (return per unit bet, the Ultimate X bet included). Exact, nothing sampled.

use std::sync::atomic::AtomicBool;

use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::machine::Paytable;
use crate::strategy::canonical_classes;
use crate::strategy::chart::{self, Chart, LineRef};
use crate::table::Table;

use super::hint::{solution, UxError};
use super::mdp::{best_hold, LineOutcomes, SingleStrategy};
use super::multipliers::{Multipliers, MAX_MULTIPLIER};

/// The single strategy's table pays `SCALE ×` its value per unit, rounded (the generator takes whole
/// pays of at most `strategy::custom::MAX_PAY`; a royal flush's 800 × E[K] ≈ 2 × 50 fits).
pub const SCALE: f64 = 50.0;

/// How many exceptions are listed for each average multiplier (the costliest).
pub const EXCEPTIONS_LISTED: usize = 8;

/// One departure from the chart at one average multiplier.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Exception {
    /// The chart's line that plays these deals.
    pub line: LineRef,
    /// The first chart line the exact hold belongs to (null when no line of the chart names it).
    pub instead: Option<LineRef>,
    /// Share of all deals in which this happens.
    pub frequency: f64,
    /// What the chart's hold gives up there, on average, per unit bet (the Ultimate X bet
    /// included): the return this exception costs is `frequency × cost`.
    pub cost: f64,
    /// The costliest deal of it: its cards, the chart's hold and the exact hold.
    pub example: Example,
}

/// One deal of an exception.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Example {
    /// The five cards (sorted as the solver sorts them).
    pub cards: [Card; 5],
    /// The chart's hold.
    pub chart_hold: Hold,
    /// The exact hold at this average multiplier.
    pub best_hold: Hold,
}

/// The exceptions at one average multiplier on screen.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AtMultiplier {
    /// Every line's multiplier (their sum is lines × this).
    pub multiplier: u8,
    /// Share of deals in which the exact hold is not the chart's.
    pub frequency: f64,
    /// What playing the chart gives up against the exact holds at this multiplier, per unit bet.
    pub cost: f64,
    /// The costliest exceptions (at most [`EXCEPTIONS_LISTED`]), costliest first.
    pub exceptions: Vec<Exception>,
}

/// The single strategy's chart with its returns and the exceptions.
#[derive(Clone, Debug)]
pub struct UxChart {
    /// Lines.
    pub lines: u8,
    /// The chart (its lines; its own `chart_return` is in the scaled table's units, not a return).
    pub chart: Chart,
    /// The single strategy's mean multiplier per line and mean pay per unit.
    pub mean_multiplier: f64,
    /// See `mean_multiplier`.
    pub mean_pay: f64,
    /// Return per unit bet with perfect play.
    pub return_perfect: f64,
    /// Return per unit bet of the best single strategy.
    pub return_single_strategy: f64,
    /// Return per unit bet of playing the chart (measured on every deal).
    pub return_chart: f64,
    /// The exceptions at each average multiplier from 1× to 12× that a screen can show (the sum
    /// lines × m reached in the long run: on one line, the table's own multipliers).
    pub by_multiplier: Vec<AtMultiplier>,
}

/// [`chart`], made once per process for each table and line count (seconds each) and kept.
pub fn kept(table: &Table, lines: u8) -> Result<std::sync::Arc<UxChart>, UxError> {
    type Key = (String, Vec<u32>, u8);
    static KEPT: std::sync::Mutex<Vec<(Key, std::sync::Arc<UxChart>)>> = std::sync::Mutex::new(Vec::new());
    let key: Key = (table.base().id().to_string(), table.pays(), lines);
    if let Some((_, found)) = KEPT.lock().ok().and_then(|kept| kept.iter().find(|(k, _)| *k == key).cloned()) {
        return Ok(found);
    }
    let made = std::sync::Arc::new(chart(table, lines)?);
    if let Ok(mut kept) = KEPT.lock() {
        kept.push((key, std::sync::Arc::clone(&made)));
    }
    Ok(made)
}

/// The table whose plain EV ranks holds as the best single strategy does: row r pays
/// `E[K]·pay_r + E[p]·(earned_r − 1)`, times [`SCALE`], rounded to whole pays (the chart generator's
/// input; the rounding only decides near-ties). [`chart`] and [`super::tiers`] generate on it.
pub(super) fn single_strategy_table(table: &Table, multipliers: &Multipliers, single: &SingleStrategy) -> Paytable {
    let paytable = table.paytable();
    let pays: Vec<u32> = paytable
        .rows()
        .iter()
        .enumerate()
        .map(|(row, entry)| {
            let category = (0..paytable.family().n_categories()).find(|&c| paytable.row_of_category(c) == Some(row));
            let earned = category.map_or(1, |c| multipliers.of_category(c));
            let value = single.mean_multiplier * f64::from(entry.pay) + single.mean_pay * f64::from(earned - 1);
            (value * SCALE).round() as u32
        })
        .collect();
    paytable.with_pays(&pays).expect("one pay per row")
}

/// A chart's return on the Ultimate X game, measured exactly by playing it on every deal (one suit
/// class each, [`Played::add`] with the class's weight and the chart's hold): a single strategy's
/// return `E[K]·E[p]/2`, with E[K] the mean multiplier its holds earn a line and E[p] their mean
/// plain pay per unit. [`chart`] measures its chart so and [`super::tiers`] each tier's.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Played {
    /// Σ weight · p(hold).
    pay: f64,
    /// Σ weight · E[K | hold].
    multiplier: f64,
}

impl Played {
    /// Adds a deal played with the hold `mask`, `weight` deals of it.
    pub(super) fn add(&mut self, weight: f64, held: &LineOutcomes, mask: usize) {
        let expected_k: f64 = held.earned[mask].iter().enumerate().map(|(k, q)| k as f64 * q).sum();
        self.pay += weight * held.ev[mask];
        self.multiplier += weight * expected_k;
    }

    /// The return per unit bet (2 units a line) once all `deals` deals are added.
    pub(super) fn return_rate(&self, deals: f64) -> f64 {
        (self.multiplier / deals) * (self.pay / deals) / 2.0
    }
}

/// Per average multiplier, per (chart line, exact line): weight, cost sum, costliest example.
type Tally = std::collections::HashMap<(usize, Option<usize>), (f64, f64, f64, Example)>;

/// Generates the chart of `table`'s best single strategy on `lines` lines and finds its exceptions.
pub fn chart(table: &Table, lines: u8) -> Result<UxChart, UxError> {
    let (multipliers, solved) = solution(table, lines)?;
    let game = super::game(table, &multipliers);
    let single = game.single_strategy();
    let scaled = single_strategy_table(table, &multipliers, &single);
    let chart = chart::generate(&scaled, &|_, _| {}, &AtomicBool::new(false)).expect("never cancelled");

    let deck = crate::strategy::DeckMath::of_family(game.family);
    let n = usize::from(lines);
    let n_states = solved.values.len();
    let (mut dist, mut scratch) = (vec![0.0; n_states], vec![0.0; n_states]);
    let mut played = Played::default();
    let mut tallies: Vec<Tally> = (0..MAX_MULTIPLIER).map(|_| Tally::new()).collect();
    let mut differ = vec![(0.0f64, 0.0f64); usize::from(MAX_MULTIPLIER)];
    // Only the averages a screen can show: the sum n·m the game reaches in the long run.
    let reachable: Vec<bool> =
        (1..=usize::from(MAX_MULTIPLIER)).map(|m| solved.stationary.get(n * m - n).is_some_and(|&p| p > 0.0)).collect();
    for class in canonical_classes(deck) {
        let weight = f64::from(class.weight());
        let indices = class.card_indices();
        let cards = indices.map(|i| Card::from_index(i).expect("a card of the deck"));
        let held = game.line_outcomes(&indices, deck);
        let mut future = [0.0; 32];
        for (mask, value) in future.iter_mut().enumerate() {
            game.sum_distribution(&held.earned[mask], &mut dist, &mut scratch);
            *value = dist.iter().zip(&solved.values).map(|(d, w)| d * w).sum();
        }
        let (line, hold) = chart.play(&cards);
        let chart_mask = hold.mask() as usize;
        played.add(weight, &held, chart_mask);
        for (m, tally) in tallies.iter_mut().enumerate() {
            if !reachable[m] {
                continue;
            }
            let total = (n * (m + 1)) as f64;
            let best = best_hold(&held.ev, &future, total);
            // Per unit bet: the value per line (÷ n) of a line betting 2 units (÷ 2).
            let cost = ((total * held.ev[best] + future[best]) - (total * held.ev[chart_mask] + future[chart_mask])) / (2 * n) as f64;
            if best == chart_mask || cost <= 1e-12 {
                continue;
            }
            let best_hold_here = Hold::from_mask(best as u32).unwrap_or(Hold::NONE);
            let instead = chart.line_of_hold(&cards, best_hold_here);
            let entry = tally.entry((line, instead)).or_insert((0.0, 0.0, -1.0, Example { cards, chart_hold: hold, best_hold: best_hold_here }));
            entry.0 += weight;
            entry.1 += weight * cost;
            if cost > entry.2 {
                entry.2 = cost;
                entry.3 = Example { cards, chart_hold: hold, best_hold: best_hold_here };
            }
            differ[m].0 += weight;
            differ[m].1 += weight * cost;
        }
    }
    let deals = deck.n_deals as f64;
    let by_multiplier = tallies
        .into_iter()
        .enumerate()
        .filter(|&(m, _)| reachable[m])
        .map(|(m, tally)| {
            let mut exceptions: Vec<Exception> = tally
                .into_iter()
                .map(|((line, instead), (weight, cost_sum, _, example))| Exception {
                    line: chart.line_ref(line),
                    instead: instead.map(|l| chart.line_ref(l)),
                    frequency: weight / deals,
                    cost: cost_sum / weight,
                    example,
                })
                .collect();
            exceptions.sort_by(|a, b| (b.frequency * b.cost).total_cmp(&(a.frequency * a.cost)));
            exceptions.truncate(EXCEPTIONS_LISTED);
            AtMultiplier {
                multiplier: m as u8 + 1,
                frequency: differ[m].0 / deals,
                cost: differ[m].1 / deals,
                exceptions,
            }
        })
        .collect();
    Ok(UxChart {
        lines,
        chart,
        mean_multiplier: single.mean_multiplier,
        mean_pay: single.mean_pay,
        return_perfect: solved.return_rate(),
        return_single_strategy: single.return_rate(),
        return_chart: played.return_rate(deals),
        by_multiplier,
    })
}

/// The chart on some lines as a chart screen shows it: its lines, its return beside the single
/// strategy's and perfect play's, and where exact play departs from it (`crate::rules::chart_view`).
#[derive(Clone, Debug, Serialize)]
pub struct ChartView {
    /// Lines dealt.
    pub lines: u8,
    /// The chart's lines, first first: rank, class and how often each is the play.
    pub chart: Vec<ChartViewLine>,
    /// Returns per unit bet (the whole bet, two coins a line): playing the chart, the single
    /// strategy, perfect play.
    pub return_chart: f64,
    /// See `return_chart`.
    pub return_single_strategy: f64,
    /// See `return_chart`.
    pub return_perfect: f64,
    /// The exceptions at each average multiplier a screen can show: those a screen lists.
    pub by_multiplier: Vec<AtMultiplierView>,
}

/// How many of the exceptions at each average multiplier a chart screen lists (the costliest).
pub const SCREEN_EXCEPTIONS: usize = 3;

/// Where exact play departs from the chart at one average multiplier, as a chart screen lists it:
/// the costliest [`SCREEN_EXCEPTIONS`] exceptions, and how many the chart finds there.
#[derive(Clone, Debug, Serialize)]
pub struct AtMultiplierView {
    /// Every line's multiplier (their sum is lines × this).
    pub multiplier: u8,
    /// Share of deals in which the exact hold is not the chart's.
    pub frequency: f64,
    /// What playing the chart gives up against the exact holds at this multiplier, per unit bet.
    pub cost: f64,
    /// The exceptions a screen lists, costliest first (at most [`SCREEN_EXCEPTIONS`]).
    pub exceptions: Vec<Exception>,
    /// How many exceptions the chart lists there in all (the costliest, at most
    /// [`EXCEPTIONS_LISTED`]).
    pub listed: usize,
}

/// One line of a [`ChartView`].
#[derive(Clone, Debug, Serialize)]
pub struct ChartViewLine {
    /// 1 for the first line.
    pub rank: usize,
    /// The class id (the UI's text for it).
    pub class: String,
    /// Share of deals it plays.
    pub frequency: f64,
}

impl UxChart {
    /// What a chart screen shows of it.
    pub fn view(&self) -> ChartView {
        ChartView {
            lines: self.lines,
            chart: self
                .chart
                .lines()
                .iter()
                .map(|l| ChartViewLine { rank: l.rank, class: l.class.clone(), frequency: l.frequency })
                .collect(),
            return_chart: self.return_chart,
            return_single_strategy: self.return_single_strategy,
            return_perfect: self.return_perfect,
            by_multiplier: self
                .by_multiplier
                .iter()
                .map(|at| AtMultiplierView {
                    multiplier: at.multiplier,
                    frequency: at.frequency,
                    cost: at.cost,
                    exceptions: at.exceptions.iter().take(SCREEN_EXCEPTIONS).cloned().collect(),
                    listed: at.exceptions.len(),
                })
                .collect(),
        }
    }
}
