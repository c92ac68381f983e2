//! The full-game analyser: the return of optimal play over all deals (2,598,960 of the 52 cards,
//! 2,869,685 of a 53-card deck's) and the probability of each final hand, exactly.
//!
//! Relabelling suits changes neither a hand's EVs nor its final-hand distribution (the 53rd card,
//! wild, has no suit), so only one hand per suit class is solved: the canonical one, whose per-suit rank
//! masks are in non-increasing order (clubs ≥ diamonds ≥ hearts ≥ spades), weighted by the number
//! of distinct hands in its class (24 / the number of suit permutations that fix it). There are
//! 134,459 classes of five natural cards; the 53-card deck adds the 16,432 classes of four
//! natural cards and its 53rd, 150,891 in all. The canonical hand is solved with its cards in
//! increasing index order (card 52 last), the order the masks of [`counted_mask`] refer to.
//!
//! Where several holds share the best EV exactly, the return is theirs whichever is played; the
//! final-hand probabilities follow the tied hold of the smallest mask over that order
//! ([`counted_mask`]), the choice the Wizard of Odds' published tables make (docs/CHARTS.md).
//!
//! Every total is an exact integer: EVs are rationals over the draw counts C(n − 5, k), so each
//! class adds `weight × numerator × (L / C(n − 5, k))` with L the least common multiple of the
//! deck's draw counts ([`super::deck::DeckMath`]), and the final division happens once.

use std::borrow::Cow;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;

use crate::machine::{MachineId, Paytable};

use super::deck::{DeckMath, DECK_53};
use super::exact::{counted_mask, ratio};
use super::solver::{category_of, draw_pay_totals};
use super::tables::{family_tables, machine_tables, subset_ranks, FamilyTables, MachineTables, CAT_SLOTS, POPCOUNT};

/// The number of suit classes of 5-card deals of the 53-card deck, what [`suit_classes`] lists:
/// the 134,459 of five natural cards (the 52-card deck's), then 16,432 of four and card 52.
pub const N_CLASSES: usize = DECK_53.n_classes;

/// The 53-card deck's last card, wild and without suit: index 52, after the 52 natural cards.
const CARD_53: usize = 52;

/// Classes solved between two progress reports.
const PROGRESS_CHUNK: usize = 2_048;

/// The result of analysing one machine under optimal play.
#[derive(Clone, Debug)]
pub struct Analysis {
    machine: MachineId,
    /// Σ over deals of EV × L (L = lcm of the draw counts), exact.
    return_total: u128,
    /// L × the number of deals (the 52-card or the 53-card deck's).
    denominator: u128,
    /// Per paytable row, then "nothing": Σ over deals of P(final hand) × L, exact.
    outcome_totals: Vec<(&'static str, u128)>,
    /// Σ over deals of (the best hold's EV × L)², exact.
    ev_squares: u128,
    /// L, the common multiple of the draw counts.
    lcm: u128,
}

/// One final-hand outcome and its probability under optimal play.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct OutcomeProbability {
    /// The paytable row id, or "nothing" for every hand that pays nothing.
    pub id: &'static str,
    /// Its probability over all deals with optimal holds.
    pub probability: f64,
}

/// A canonical suit class: its hand (card indices, increasing) and how many deals it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuitClass {
    cards: [u8; 5],
    weight: u8,
}

impl Analysis {
    /// The machine analysed.
    pub fn machine(&self) -> MachineId {
        self.machine
    }

    /// The expected return per coin bet of optimal play (1.0 = break even).
    pub fn return_rate(&self) -> f64 {
        ratio(self.return_total, self.denominator)
    }

    /// The exact count behind each of [`Analysis::outcomes`]: per paytable row, best first, then
    /// "nothing", the number of (deal, draw) combinations ending in it, each deal's draws counted
    /// over the common multiple L of the draw counts, so the counts sum to [`Analysis::denominator`]
    /// (19,933,230,517,200 on the 52-card deck: the combination counts the Wizard of Odds publishes).
    pub fn outcome_counts(&self) -> &[(&'static str, u128)] {
        &self.outcome_totals
    }

    /// L × the number of deals: what [`Analysis::outcome_counts`] sum to.
    pub fn denominator(&self) -> u128 {
        self.denominator
    }

    /// The variance of one hand's return per coin bet under optimal play: Σ P(row) × pay² −
    /// return², exact up to the last division (9/6 Jacks or Better: 19.5147, standard deviation
    /// 4.4175, the Wizard of Odds' figures).
    pub fn variance(&self) -> f64 {
        let rows = self.machine.paytable().rows();
        let second: u128 = self.outcome_totals.iter().zip(rows).map(|(&(_, total), row)| total * u128::from(row.pay).pow(2)).sum();
        ratio(second, self.denominator) - self.return_rate().powi(2)
    }

    /// The variance of the best hold's EV over the deals: Σ P(deal) × EV² − return². What two lines
    /// of one deal share, drawing apart (their covariance, multi-play).
    pub fn deal_variance(&self) -> f64 {
        // Σ w × (EV × L)² over L² × deals: the sum is exact, the one division in f64.
        let lcm = self.lcm as f64;
        self.ev_squares as f64 / (lcm * self.denominator as f64) - self.return_rate().powi(2)
    }

    /// The standard deviation per line of a multi-play deal of `lines` lines, each line drawing
    /// from its own copy of the deck (the deal shared): √(variance + (lines − 1) × deal variance),
    /// the standard deviation of the lines' total win ÷ √lines, per coin bet on a line (9/6 Jacks
    /// or Better: 4.42 on one line, 5.94 on nine, the Wizard of Odds' figures).
    pub fn sd_per_line(&self, lines: u32) -> f64 {
        (self.variance() + f64::from(lines.saturating_sub(1)) * self.deal_variance()).sqrt()
    }

    /// The probability of each paytable row, best first, then "nothing" (which includes a low
    /// pair on the natural machines).
    pub fn outcomes(&self) -> Vec<OutcomeProbability> {
        self.outcome_totals
            .iter()
            .map(|&(id, total)| OutcomeProbability { id, probability: ratio(total, self.denominator) })
            .collect()
    }
}

impl SuitClass {
    /// The class's canonical hand as card indices in increasing order.
    pub fn card_indices(&self) -> [usize; 5] {
        self.cards.map(usize::from)
    }

    /// The number of deals in the class.
    pub fn weight(&self) -> u32 {
        u32::from(self.weight)
    }
}

/// Every canonical suit class of both decks: the 134,459 of five natural cards in colex order of
/// the canonical hands (the 52-card deck's classes), then the 16,432 of four natural cards (in
/// colex order) and card 52, which only the 53-card deck has.
pub fn suit_classes() -> Vec<SuitClass> {
    let mut classes = Vec::with_capacity(N_CLASSES);
    for c4 in 4..52usize {
        for c3 in 3..c4 {
            for c2 in 2..c3 {
                for c1 in 1..c2 {
                    let mut upper = [0u16; 4];
                    for card in [c1, c2, c3, c4] {
                        upper[card & 3] |= 1 << (card >> 2);
                    }
                    for c0 in 0..c1 {
                        let mut masks = upper;
                        masks[c0 & 3] |= 1 << (c0 >> 2);
                        if is_canonical(&masks) {
                            let cards = [c0, c1, c2, c3, c4].map(|c| c as u8);
                            classes.push(SuitClass { cards, weight: class_weight(masks) });
                        }
                    }
                }
            }
        }
    }
    for c3 in 3..52usize {
        for c2 in 2..c3 {
            for c1 in 1..c2 {
                for c0 in 0..c1 {
                    let mut masks = [0u16; 4];
                    for card in [c0, c1, c2, c3] {
                        masks[card & 3] |= 1 << (card >> 2);
                    }
                    if is_canonical(&masks) {
                        let cards = [c0, c1, c2, c3, CARD_53].map(|c| c as u8);
                        classes.push(SuitClass { cards, weight: class_weight(masks) });
                    }
                }
            }
        }
    }
    debug_assert_eq!(classes.len(), N_CLASSES);
    classes
}

/// The canonical suit classes of a deck, built once per process (what the lab and the charts
/// walk): the 52-card deck's are the first [`DeckMath::n_classes`] of the 53-card deck's.
pub(crate) fn canonical_classes(deck: &DeckMath) -> &'static [SuitClass] {
    static CLASSES: std::sync::OnceLock<Vec<SuitClass>> = std::sync::OnceLock::new();
    &CLASSES.get_or_init(suit_classes)[..deck.n_classes]
}

/// Analyses one machine over all deals, on as many threads as the machine has cores, building its
/// tables if needed.
pub fn analyze(machine: MachineId) -> Analysis {
    analyze_classes(machine, canonical_classes(DeckMath::of_family(machine.family())), &|_, _| {})
}

/// Analyses one machine over the given canonical classes (from [`suit_classes`]; those holding a
/// card the machine's deck does not have, card 52 on a 52-card machine, are skipped), calling
/// `progress(classes_done, classes_total)` now and then from the worker threads.
pub fn analyze_classes(
    machine: MachineId,
    classes: &[SuitClass],
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Analysis {
    let family = family_tables(machine.family());
    let deck = family.deck();
    let classes: Cow<[SuitClass]> = if classes.iter().all(|c| usize::from(c.cards[4]) < deck.n_cards) {
        Cow::Borrowed(classes)
    } else {
        Cow::Owned(classes.iter().copied().filter(|c| usize::from(c.cards[4]) < deck.n_cards).collect())
    };
    let totals = solve_classes(family, machine_tables(machine), &classes, progress);
    let outcome_totals = totals.outcome_totals(machine.paytable());
    Analysis {
        machine,
        return_total: u128::from(totals.return_total),
        denominator: deck.denominator(),
        outcome_totals,
        ev_squares: totals.ev_squares,
        lcm: deck.denominator() / u128::from(deck.n_deals),
    }
}

/// Solves every class with optimal holds under any paytable's tables (a machine's or a lab
/// table's), on as many threads as the machine has cores, and adds up the exact totals.
pub(crate) fn solve_classes(
    family: &FamilyTables,
    tables: &MachineTables,
    classes: &[SuitClass],
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Totals {
    let done = AtomicUsize::new(0);
    let chunks: Vec<&[SuitClass]> = classes.chunks(PROGRESS_CHUNK).collect();
    // Thread k takes every n-th chunk from chunk k, so each gets a fair mix of early and late hands.
    let n_threads = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 16);
    let partials: Vec<Totals> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..n_threads)
            .map(|thread_idx| {
                let chunks = &chunks;
                let done = &done;
                scope.spawn(move || {
                    let mut totals = Totals::default();
                    for chunk in chunks.iter().skip(thread_idx).step_by(n_threads) {
                        for class in chunk.iter() {
                            totals.add_class(family, tables, class);
                        }
                        let now = done.fetch_add(chunk.len(), Ordering::Relaxed) + chunk.len();
                        progress(now, classes.len());
                    }
                    totals
                })
            })
            .collect();
        // A worker only panics on a broken invariant; passing the panic on keeps it visible.
        workers.into_iter().map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    });
    let mut totals = Totals::default();
    for part in partials {
        totals.merge(&part);
    }
    totals
}

/// Exact running totals of one analysis, over the common denominator L × deals. Each is at most
/// MAX_PAY × L × deals: < 2.0e18 on 52 cards, < 2.5e18 on 53 (800 × L × deals < 2.0e16 on the
/// built-in machines), so u64 holds them without overflow.
#[derive(Clone, Copy)]
pub(crate) struct Totals {
    /// Σ over deals of the best hold's EV × L.
    pub(crate) return_total: u64,
    /// Per evaluator category: Σ over deals of P(final hand in it) × L.
    pub(crate) categories: [u64; CAT_SLOTS],
    /// Σ over deals of (the best hold's EV × L)²: what the lines of one deal share (< 4e29).
    pub(crate) ev_squares: u128,
}

impl Default for Totals {
    fn default() -> Totals {
        Totals { return_total: 0, categories: [0; CAT_SLOTS], ev_squares: 0 }
    }
}

impl Totals {
    /// Solves one canonical hand and adds the best EV and the final-hand counts of the hold
    /// [`counted_mask`] picks among those of that EV, scaled to the common denominator.
    #[inline]
    fn add_class(&mut self, family: &FamilyTables, tables: &MachineTables, class: &SuitClass) {
        let cards = class.card_indices();
        let ranks = subset_ranks(&cards);
        let dealt_category = category_of(family.family(), cards);
        let pay_totals = draw_pay_totals(tables, &ranks, tables.pay_of_category(dealt_category));
        let deck = tables.deck();
        // Every hold of the best EV returns the same; only the final hands depend on which is counted.
        let best = counted_mask(deck, &pay_totals);
        let scale = deck.ev_scale[best] as u64 * u64::from(class.weight);
        self.return_total += scale * pay_totals[best] as u64;
        let ev_l = u128::from(deck.ev_scale[best] as u64) * pay_totals[best] as u128;
        self.ev_squares += u128::from(class.weight) * ev_l * ev_l;
        // The final-hand counts of that hold by the same inclusion–exclusion, on category vectors
        // instead of pays.
        let mut counts = [0i64; CAT_SLOTS];
        let free = 31 & !best;
        let mut extra = free;
        loop {
            let subset = best | extra;
            let sign = 1 - 2 * i64::from(POPCOUNT[extra] & 1);
            if subset == 31 {
                counts[dealt_category] += sign;
            } else {
                family.add_counts(POPCOUNT[subset] as usize, ranks[subset], sign, &mut counts);
            }
            if extra == 0 {
                break;
            }
            extra = (extra - 1) & free;
        }
        for (total, &count) in self.categories.iter_mut().zip(counts.iter()) {
            debug_assert!(count >= 0);
            *total += scale * count as u64;
        }
    }

    fn merge(&mut self, other: &Totals) {
        self.return_total += other.return_total;
        self.ev_squares += other.ev_squares;
        for (total, &more) in self.categories.iter_mut().zip(other.categories.iter()) {
            *total += more;
        }
    }

    /// The totals per paytable row, best first, then "nothing".
    pub(crate) fn outcome_totals(&self, table: &Paytable) -> Vec<(&'static str, u128)> {
        let categories: Vec<u128> = self.categories.iter().map(|&c| u128::from(c)).collect();
        outcome_totals(table, &categories)
    }
}

/// Per row of `table` (then "nothing"), the sum of its categories' totals.
pub(crate) fn outcome_totals(table: &Paytable, categories: &[u128]) -> Vec<(&'static str, u128)> {
    let mut outcome_totals: Vec<(&'static str, u128)> = table.rows().iter().map(|row| (row.id, 0)).collect();
    let mut nothing = 0u128;
    for (category, &count) in categories.iter().enumerate().take(table.family().n_categories()) {
        match table.row_of_category(category) {
            Some(row) => outcome_totals[row].1 += count,
            None => nothing += count,
        }
    }
    outcome_totals.push(("nothing", nothing));
    outcome_totals
}

/// Whether per-suit rank masks are a class's canonical form: non-increasing, clubs first.
fn is_canonical(masks: &[u16; 4]) -> bool {
    masks.windows(2).all(|pair| pair[0] >= pair[1])
}

/// How many distinct hands a suit permutation of `masks` gives: 24 / Π (multiplicity!).
fn class_weight(masks: [u16; 4]) -> u8 {
    let mut weight = 24u8;
    let mut run = 1u8;
    for pair in masks.windows(2) {
        // Canonical masks are sorted, so equal masks are adjacent.
        if pair[0] == pair[1] {
            run += 1;
            weight /= run;
        } else {
            run = 1;
        }
    }
    weight
}
