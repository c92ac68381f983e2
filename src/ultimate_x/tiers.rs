//! The best single strategy's chart in three tiers: beginner (at most 10 lines), intermediate (at
//! most 20) and expert (at most 40), as every plain table has them ([`crate::strategy::chart::tiers`]).
//!
//! The tiers are the plain tiers of the single strategy's scaled table (the table [`super::chart`]
//! generates its chart on: one solve, ranked once, brought down to each limit), so the expert tier
//! is that chart. Each tier's return is measured on the Ultimate X game exactly as the chart's is
//! (played on every deal, `E[K]·E[p]/2` of its holds: [`super::chart`]'s `Played`), and its cost is
//! what it gives up against perfect play (the solved game's return, [`super::hint::solution`]) and,
//! for reference, against the best single strategy's. Exact, nothing sampled.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};

use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::card::Card;
use crate::strategy::canonical_classes;
use crate::strategy::chart::{self, Tier};
use crate::table::Table;

use super::chart::{single_strategy_table, Played};
use super::hint::{solution, UxError};

/// One tier of the single strategy's chart on the Ultimate X game.
///
/// Serialized as `{"tier","max_lines","lines":[{"rank","class","label","frequency"}…],
/// "chart_return","cost","cost_single_strategy","added":[class ids]}` (no line's mean EV: the
/// chart's EVs are the scaled table's, not the game's).
#[derive(Clone, Debug)]
pub struct UxTier {
    plain: Tier,
    chart_return: f64,
    cost: f64,
    cost_single_strategy: f64,
}

impl UxTier {
    /// The tier as the chart generator made it on the single strategy's scaled table: its name,
    /// line budget, chart (whose own returns and EVs are the scaled table's) and added lines.
    pub fn plain(&self) -> &Tier {
        &self.plain
    }

    /// Return per unit bet (the Ultimate X bet included) of playing the tier's chart on every hand.
    pub fn chart_return(&self) -> f64 {
        self.chart_return
    }

    /// What the tier gives up per unit bet against perfect play (which sees the multipliers).
    pub fn cost(&self) -> f64 {
        self.cost
    }

    /// What the tier gives up per unit bet against the best single strategy (for reference).
    pub fn cost_single_strategy(&self) -> f64 {
        self.cost_single_strategy
    }
}

impl Serialize for UxTier {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        struct Line<'a> {
            rank: usize,
            class: &'a str,
            label: &'a str,
            frequency: f64,
        }
        let lines: Vec<Line> = self
            .plain
            .chart()
            .lines()
            .iter()
            .map(|l| Line { rank: l.rank, class: &l.class, label: &l.label, frequency: l.frequency })
            .collect();
        let mut tier = serializer.serialize_struct("UxTier", 7)?;
        tier.serialize_field("tier", self.plain.name())?;
        tier.serialize_field("max_lines", &self.plain.max_lines())?;
        tier.serialize_field("lines", &lines)?;
        tier.serialize_field("chart_return", &self.chart_return)?;
        tier.serialize_field("cost", &self.cost)?;
        tier.serialize_field("cost_single_strategy", &self.cost_single_strategy)?;
        tier.serialize_field("added", self.plain.added())?;
        tier.end()
    }
}

/// An Ultimate X table's three tiers on a line count, easiest first ([`chart::TIERS`]).
///
/// Serialized as `{"lines","optimal_return","single_strategy_return","tiers":[tier…]}`.
#[derive(Clone, Debug)]
pub struct UxTiers {
    lines: u8,
    optimal_return: f64,
    single_strategy_return: f64,
    tiers: Vec<UxTier>,
}

impl UxTiers {
    /// The line count.
    pub fn lines(&self) -> u8 {
        self.lines
    }

    /// Return per unit bet with perfect play (the solved game's).
    pub fn optimal_return(&self) -> f64 {
        self.optimal_return
    }

    /// Return per unit bet of the best single strategy.
    pub fn single_strategy_return(&self) -> f64 {
        self.single_strategy_return
    }

    /// The tiers, beginner first.
    pub fn tiers(&self) -> &[UxTier] {
        &self.tiers
    }
}

impl Serialize for UxTiers {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut tiers = serializer.serialize_struct("UxTiers", 4)?;
        tiers.serialize_field("lines", &self.lines)?;
        tiers.serialize_field("optimal_return", &self.optimal_return)?;
        tiers.serialize_field("single_strategy_return", &self.single_strategy_return)?;
        tiers.serialize_field("tiers", &self.tiers)?;
        tiers.end()
    }
}

/// The three tiers of `table`'s Ultimate X single strategy on `lines` lines (1, 3, 5 or 10).
pub fn tiers(table: &Table, lines: u8) -> Result<UxTiers, UxError> {
    let (multipliers, solved) = solution(table, lines)?;
    let game = super::game(table, &multipliers);
    let single = game.single_strategy();
    let scaled = single_strategy_table(table, &multipliers, &single);
    let plain = chart::tiers(&scaled, &|_, _| {}, &AtomicBool::new(false)).expect("never cancelled");

    // Every tier played on every deal, in one pass over the deals.
    let deck = crate::strategy::DeckMath::of_family(game.family);
    let mut played = vec![Played::default(); plain.tiers().len()];
    for class in canonical_classes(deck) {
        let weight = f64::from(class.weight());
        let indices = class.card_indices();
        let cards = indices.map(|i| Card::from_index(i).expect("a card of the deck"));
        let held = game.line_outcomes(&indices, deck);
        for (tier, played) in plain.tiers().iter().zip(played.iter_mut()) {
            let (_, hold) = tier.chart().play(&cards);
            played.add(weight, &held, hold.mask() as usize);
        }
    }
    let deals = deck.n_deals as f64;
    let (optimal_return, single_strategy_return) = (solved.return_rate(), single.return_rate());
    let tiers = plain
        .tiers()
        .iter()
        .zip(&played)
        .map(|(tier, played)| {
            let chart_return = played.return_rate(deals);
            UxTier {
                plain: tier.clone(),
                chart_return,
                cost: optimal_return - chart_return,
                cost_single_strategy: single_strategy_return - chart_return,
            }
        })
        .collect();
    Ok(UxTiers { lines, optimal_return, single_strategy_return, tiers })
}

/// How many tables' and line counts' tiers [`kept`] keeps.
pub const KEPT: usize = 8;

/// [`tiers`], made once per process for each table and line count (seconds each) and kept (at most
/// [`KEPT`]). Asked from two threads at once, the second waits for the first.
pub fn kept(table: &Table, lines: u8) -> Result<Arc<UxTiers>, UxError> {
    type Key = (String, Vec<u32>, u8);
    static KEPT_TIERS: Mutex<Vec<(Key, Arc<UxTiers>)>> = Mutex::new(Vec::new());
    let key: Key = (table.base().id().to_string(), table.pays(), lines);
    // The tiers are pure: a lock poisoned by a panic elsewhere holds only whole entries.
    let mut kept = KEPT_TIERS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, found)) = kept.iter().find(|(k, _)| *k == key) {
        return Ok(Arc::clone(found));
    }
    let made = Arc::new(tiers(table, lines)?);
    if kept.len() >= KEPT {
        kept.clear();
    }
    kept.push((key, Arc::clone(&made)));
    Ok(made)
}
