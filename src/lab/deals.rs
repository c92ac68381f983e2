//! The deal-frequency table: what the real dealing pipeline deals, by category, against the exact
//! count of each category over all 2,598,960 five-card hands.
//!
//! Categories ([`categories`]): every row of the machine's paytable (its stable id, best first),
//! then the hands that pay nothing:
//! - natural machines: `low-pair` (a pair below jacks), `four-flush` (a dead deal with four cards of
//!   one suit), `nothing` (every other dead deal);
//! - Deuces Wild: `pair` (one or two natural pairs, no deuce), `deuce` (a lone deuce that makes
//!   nothing), `four-flush`, `nothing`.
//!
//! `four-flush` and `nothing` together are exactly the dead deals ([`crate::pipeline::nudge::is_dead`]);
//! a kind deal turns a dead deal into a pair (on a natural machine a low pair or jacks or better, on
//! Deuces Wild a `pair`) or a four-flush, so those rise and `nothing` falls.
//!
//! Seeding: deals are split into chunks of [`CHUNK`]; chunk k draws its deals' 32-byte seeds one
//! after another from the lab seed on stream k ([`HandSeeds`]: ChaCha20, `fill_bytes`, 32 bytes per
//! deal), and keeps its own kind-deal bag, fresh at the chunk's start (as `vpoker simulate` does).
//! Each deal is `Deal::deal(hand_seed, machine, 1, source)`. The tallies are integer sums, so the
//! result does not depend on the number of threads.

use std::sync::OnceLock;

use serde::{Serialize, Serializer};

use crate::eval::Family;
use crate::pipeline::{Deal, HandSeeds, NudgeSource};
use crate::pipeline::nudge::{has_dead_rule, NudgeKind, Situation};
use crate::machine::MachineId;
use crate::shuffle::Seed;

use super::chi2::chi2_sf;
use super::run::run_chunks;
use super::{check_range, Control, LabError};

/// Deals per chunk (one ChaCha20 stream of hand seeds and one kind-deal bag each).
pub const CHUNK: u64 = 65_536;
/// The most deals one run takes.
pub const MAX_DEALS: u64 = 10_000_000;
/// The number of five-card hands of 52 cards (a 53-card deck has 2,869,685).
pub const N_HANDS: u64 = 2_598_960;
/// Categories whose expected count is below this are pooled for the χ² test.
pub const MIN_EXPECTED: f64 = 5.0;

/// Whether and how dead deals are nudged in a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KindDeals {
    /// Pure deals ([`NudgeSource::Never`]).
    Off,
    /// Dead deals draw from this situation's kind-deal bag, as in the game.
    Bag(Situation),
    /// Every dead deal is nudged ([`NudgeSource::Always`]).
    Always,
}

impl KindDeals {
    /// "off", "always", or the situation's id ("normal", "losing-streak", "low-balance").
    pub fn id(self) -> &'static str {
        match self {
            KindDeals::Off => "off",
            KindDeals::Bag(situation) => situation.id(),
            KindDeals::Always => "always",
        }
    }

    /// Parses an id; "losing" is accepted for "losing-streak".
    pub fn from_id(id: &str) -> Option<KindDeals> {
        match id {
            "off" => Some(KindDeals::Off),
            "always" => Some(KindDeals::Always),
            other => Situation::from_id(other).map(KindDeals::Bag),
        }
    }
}

impl Serialize for KindDeals {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

/// One dealt-hand category of a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DealCategory {
    /// The category's id: a paytable row id, or low-pair, pair, deuce, four-flush, nothing.
    pub id: &'static str,
    /// Whether its deals are dead (four-flush and nothing).
    pub dead: bool,
    /// Deals dealt in this category (after any nudge).
    pub count: u64,
    /// Hands in this category among all 2,598,960.
    pub exact: u64,
    /// exact / 2,598,960 × deals.
    pub expected: f64,
    /// count − expected.
    pub deviation: f64,
    /// count / expected − 1: how far off, as a share of the expected count (null when none expected).
    pub relative: Option<f64>,
    /// deviation / √(deals · q · (1 − q)), q = exact / 2,598,960: standard deviations off.
    pub z: f64,
}

/// A deal-frequency run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DealTable {
    /// The machine dealt on.
    pub game: MachineId,
    /// The number of deals.
    pub deals: u64,
    /// How dead deals were nudged.
    pub kind_deals: KindDeals,
    /// The lab seed.
    pub seed: Seed,
    /// Every category, paytable rows first (best first), then the non-paying ones.
    pub categories: Vec<DealCategory>,
    /// χ² of the counts against the exact expectation, over the categories after pooling.
    pub chi2: f64,
    /// Its degrees of freedom: categories after pooling − 1.
    pub dof: u32,
    /// The probability of a χ² at least this large from pure deals.
    pub p_value: f64,
    /// The ids pooled into one cell for the χ² (expected count below 5, smallest first).
    pub merged: Vec<&'static str>,
    /// Deals that were dead as dealt, before any nudge.
    pub dead: u64,
    /// The dead deals expected: the exact dead share × deals.
    pub expected_dead: f64,
    /// Deals nudged.
    pub nudged: u64,
    /// Nudges that made a four-flush.
    pub four_flush_nudges: u64,
    /// Nudges that made a pair.
    pub pair_nudges: u64,
}

/// The category ids of a machine, in table order, and whether each is dead.
pub fn categories(machine: MachineId) -> Vec<(&'static str, bool)> {
    let mut ids: Vec<(&'static str, bool)> = machine.paytable().rows().iter().map(|row| (row.id, false)).collect();
    let tail: &[(&'static str, bool)] = match machine.family() {
        Family::Natural => &[("low-pair", false), ("four-flush", true), ("nothing", true)],
        Family::Deuces => &[("pair", false), ("deuce", false), ("four-flush", true), ("nothing", true)],
        // A family without a dead-deal rule (`nudge::has_dead_rule`): nothing is dead.
        _ => &[("nothing", false)],
    };
    ids.extend_from_slice(tail);
    ids
}

/// The category index (into [`categories`]) of five distinct card indices of the machine's deck.
pub fn classify(machine: MachineId, hand: [usize; 5]) -> usize {
    let table = machine.paytable();
    let family = machine.family();
    let deuces = family == Family::Deuces;
    if let Some(row) = table.row_of_category(family.category_index_of_indices(hand)) {
        return row;
    }
    let base = table.rows().len();
    if !has_dead_rule(family) {
        return base;
    }
    let mut ranks = 0u16;
    let mut suits = [0u8; 4];
    for card in hand {
        ranks |= 1 << (card >> 2);
        suits[card & 3] += 1;
    }
    let paired = ranks.count_ones() < 5;
    let four_flush = suits.contains(&4);
    match (deuces, ranks & 1 != 0) {
        (false, _) if paired => base,
        (false, _) => base + if four_flush { 1 } else { 2 },
        (true, true) => base + 1,
        (true, false) if paired => base,
        (true, false) => base + if four_flush { 2 } else { 3 },
    }
}

/// The number of hands of each category among all deals of the machine's deck (2,598,960, or
/// 2,869,685 of 53 cards; enumerated once per machine).
pub fn exact_counts(machine: MachineId) -> &'static [u64] {
    static COUNTS: [OnceLock<Vec<u64>>; MachineId::ALL.len()] = [const { OnceLock::new() }; MachineId::ALL.len()];
    let idx = MachineId::ALL.iter().position(|&m| m == machine).unwrap_or(0);
    COUNTS[idx].get_or_init(|| {
        let mut counts = vec![0u64; categories(machine).len()];
        let n = crate::table::Table::machine(machine).deck().size();
        for a in 0..n - 4 {
            for b in a + 1..n - 3 {
                for c in b + 1..n - 2 {
                    for d in c + 1..n - 1 {
                        for e in d + 1..n {
                            counts[classify(machine, [a, b, c, d, e])] += 1;
                        }
                    }
                }
            }
        }
        counts
    })
}

#[derive(Clone)]
struct Tally {
    counts: Vec<u64>,
    dead: u64,
    four_flush: u64,
    pair: u64,
}

/// Deals `deals` hands (1 to 10,000,000) on `machine` through [`Deal::deal`] and counts them by
/// category. See the module doc for the seeding.
pub fn deal_table(
    machine: MachineId,
    deals: u64,
    kind_deals: KindDeals,
    seed: &Seed,
    control: &Control<'_>,
) -> Result<DealTable, LabError> {
    check_range("deals", deals, 1, MAX_DEALS)?;
    let ids = categories(machine);
    let exact = exact_counts(machine);
    let table = crate::table::Table::machine(machine);
    let empty = Tally { counts: vec![0; ids.len()], dead: 0, four_flush: 0, pair: 0 };
    let tallies = run_chunks(
        deals,
        CHUNK,
        control,
        || empty.clone(),
        |tally, chunk, _start, len| {
            let mut bag = match kind_deals {
                KindDeals::Bag(situation) => situation.new_bag(),
                _ => Situation::Normal.new_bag(),
            };
            for hand_seed in HandSeeds::new(&seed, chunk).take(len as usize) {
                let source = match kind_deals {
                    KindDeals::Off => NudgeSource::Never,
                    KindDeals::Bag(_) => NudgeSource::Bag(&mut bag),
                    KindDeals::Always => NudgeSource::Always,
                };
                let deal = Deal::deal(&hand_seed, &table, 1, source);
                tally.counts[classify(machine, deal.dealt().map(|card| card.index()))] += 1;
                tally.dead += u64::from(deal.dead());
                match deal.nudge().map(|nudge| nudge.kind) {
                    Some(NudgeKind::FourFlush) => tally.four_flush += 1,
                    Some(NudgeKind::Pair) => tally.pair += 1,
                    None => {}
                }
            }
        },
    )?;
    let mut total = empty;
    for tally in &tallies {
        total.counts.iter_mut().zip(&tally.counts).for_each(|(sum, n)| *sum += n);
        total.dead += tally.dead;
        total.four_flush += tally.four_flush;
        total.pair += tally.pair;
    }
    let n = deals as f64;
    // Every deal of the machine's deck: C(52, 5), or C(53, 5).
    let n_hands: u64 = exact.iter().sum();
    let categories: Vec<DealCategory> = ids
        .iter()
        .zip(exact)
        .zip(&total.counts)
        .map(|((&(id, dead), &exact), &count)| {
            let q = exact as f64 / n_hands as f64;
            let expected = q * n;
            let deviation = count as f64 - expected;
            let sd = (n * q * (1.0 - q)).sqrt();
            let relative = (expected > 0.0).then(|| deviation / expected);
            DealCategory { id, dead, count, exact, expected, deviation, relative, z: if sd > 0.0 { deviation / sd } else { 0.0 } }
        })
        .collect();
    let (chi2, dof, merged) = pooled_chi2(&categories);
    let dead_share: u64 = categories.iter().filter(|c| c.dead).map(|c| c.exact).sum();
    Ok(DealTable {
        game: machine,
        deals,
        kind_deals,
        seed: *seed,
        chi2,
        dof,
        p_value: chi2_sf(chi2, dof),
        merged,
        dead: total.dead,
        expected_dead: dead_share as f64 / n_hands as f64 * n,
        nudged: total.four_flush + total.pair,
        four_flush_nudges: total.four_flush,
        pair_nudges: total.pair,
        categories,
    })
}

/// Pearson's χ² over the categories, after pooling: every category expected below 5 deals goes
/// into one cell, and while that cell is still below 5 the next smallest category joins it.
/// Returns (χ², dof = cells − 1, the pooled ids smallest first).
pub fn pooled_chi2(categories: &[DealCategory]) -> (f64, u32, Vec<&'static str>) {
    let mut order: Vec<&DealCategory> = categories.iter().collect();
    order.sort_by(|a, b| a.expected.total_cmp(&b.expected));
    let mut pooled = 0;
    let (mut pool_expected, mut pool_count) = (0.0, 0u64);
    while pooled < order.len()
        && (order[pooled].expected < MIN_EXPECTED || (pooled > 0 && pool_expected < MIN_EXPECTED))
    {
        pool_expected += order[pooled].expected;
        pool_count += order[pooled].count;
        pooled += 1;
    }
    let term = |count: u64, expected: f64| {
        let d = count as f64 - expected;
        if expected > 0.0 {
            d * d / expected
        } else {
            0.0
        }
    };
    let mut chi2 = order[pooled..].iter().fold(0.0, |sum, c| sum + term(c.count, c.expected));
    let mut cells = order.len() - pooled;
    if pooled > 0 {
        chi2 += term(pool_count, pool_expected);
        cells += 1;
    }
    (chi2, cells.saturating_sub(1) as u32, order[..pooled].iter().map(|c| c.id).collect())
}
