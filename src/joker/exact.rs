//! Exact Joker Poker strategy: the EV of every hold of a dealt hand (the hint) and the return of
//! optimal play over all 2,869,685 deals, with the final-hand probabilities.
//!
//! **Per hand** ([`JokerSolver::hand_evs`]): for a hold H of the dealt hand D the draws are the
//! 5-card hands holding H and none of the discarded cards, i.e. H plus 5 − |H| of the 48 cards not
//! dealt: C(48, 5 − |H|) of them. By inclusion–exclusion over the discarded cards their total pay
//! is `Σ_{H ⊆ S ⊆ D} (−1)^{|S|−|H|} T(S)`, where T(S) is the total pay of all 5-card hands of the
//! 53 cards holding S (one lookup in [`super::tables`]); all 32 at once are a superset Möbius
//! transform of the 32 values T(S). Integer arithmetic until the one division per hold, so every EV
//! is the exact ratio correctly rounded.
//!
//! **Whole game** ([`analyze`]): relabelling the four suits changes neither a deal's EVs nor its
//! final-hand distribution (the joker has no suit), so one deal per suit class is solved, weighted
//! by the size of its class: the 134,459 classes of five natural cards plus the 16,432 classes of
//! four natural cards and the joker — 150,891 solves instead of 2,869,685. A class's canonical hand
//! has its per-suit rank masks non-increasing (clubs ≥ diamonds ≥ hearts ≥ spades). Every total is
//! an exact integer over the common denominator L × C(53, 5), L the least common multiple of the
//! draw counts C(48, k); the division happens once. [`analyze_every_deal`] solves all 2,869,685
//! deals one by one instead (the check that the symmetry is used right).
//!
//! Ties between holds of equal EV go to the hold keeping fewer cards, then to the smaller mask,
//! as in [`crate::strategy`] (for a class, the mask over its cards in increasing index order).
//! Pure computation: no file, clock or RNG.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::strategy::HandEvs;

use super::eval::{evaluate_joker_indices, JokerCategory, JOKER, N_CARDS, N_HANDS};
use crate::machine::Paytable;
use super::tables::{joker_counts, subset_ranks, JokerCounts, JokerPaySums, BINOM, CAT_SLOTS, MASK_OFFSET, POPCOUNT};

/// For each 5-bit hold mask: the number of equally likely draws, C(48, 5 − cards held).
#[doc(hidden)] // public for tests/it
pub const N_DRAWS: [u32; 32] = build_n_draws();

const fn build_n_draws() -> [u32; 32] {
    let mut table = [0u32; 32];
    let mut mask = 0;
    while mask < 32 {
        table[mask] = BINOM[N_CARDS - 5][5 - (mask as u32).count_ones() as usize];
        mask += 1;
    }
    table
}

/// The least common multiple of C(48, k), k = 0..=5 (8,561,520): every EV times it is an integer.
#[doc(hidden)] // public for tests/it
pub const LCM_OF_DRAWS: u64 = lcm_of_draws();

const fn lcm_of_draws() -> u64 {
    const fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let mut lcm = 1u64;
    let mut mask = 0;
    while mask < 32 {
        let n = N_DRAWS[mask] as u64;
        lcm = lcm / gcd(lcm, n) * n;
        mask += 1;
    }
    lcm
}

/// For each hold: L / C(48, 5 − cards held), which turns its draw total into EV × L.
const EV_SCALE: [u64; 32] = build_ev_scale();

const fn build_ev_scale() -> [u64; 32] {
    let mut table = [0u64; 32];
    let mut mask = 0;
    while mask < 32 {
        table[mask] = LCM_OF_DRAWS / N_DRAWS[mask] as u64;
        mask += 1;
    }
    table
}

/// The 32 holds in tie-rule order: fewer cards first, then the smaller mask.
const TIE_ORDER: [u8; 32] = build_tie_order();
/// For each hold: 31 − its place in [`TIE_ORDER`], so a larger value wins a tie.
const TIE_PREFERENCE: [u64; 32] = build_tie_preference();

const fn build_tie_order() -> [u8; 32] {
    let mut order = [0u8; 32];
    let mut place = 0;
    let mut n_held = 0;
    while n_held <= 5 {
        let mut mask = 0;
        while mask < 32 {
            if (mask as u32).count_ones() == n_held {
                order[place] = mask as u8;
                place += 1;
            }
            mask += 1;
        }
        n_held += 1;
    }
    order
}

const fn build_tie_preference() -> [u64; 32] {
    let order = build_tie_order();
    let mut preference = [0u64; 32];
    let mut place = 0;
    while place < 32 {
        preference[order[place] as usize] = 31 - place as u64;
        place += 1;
    }
    preference
}

/// One paytable's solver: its pay totals over the shared category counts. Building one takes a
/// few milliseconds once the counts exist (the first solver of a process builds those: ~25 ms).
pub struct JokerSolver {
    sums: JokerPaySums,
}

impl JokerSolver {
    /// The solver of `table`.
    pub fn new(table: &Paytable) -> JokerSolver {
        JokerSolver { sums: JokerPaySums::new(table, joker_counts()) }
    }

    /// The EVs of all 32 holds of five distinct card indices (0..=52, 52 the joker), per coin,
    /// indexed by hold mask over the cards in the order given (bit i holds `hand[i]`), exactly:
    /// the hint. About 0.12 µs a deal in release (tests/it/joker.rs prints the figure).
    pub fn hand_evs(&self, hand: [usize; 5]) -> HandEvs {
        // Sort the cards (colex ranks need increasing order) and remember where each came from.
        let mut sorted = hand;
        let mut position = [0usize, 1, 2, 3, 4];
        for i in 1..5 {
            let mut j = i;
            while j > 0 && sorted[j - 1] > sorted[j] {
                sorted.swap(j - 1, j);
                position.swap(j - 1, j);
                j -= 1;
            }
        }
        let totals = self.draw_pay_totals(&sorted, &subset_ranks(&sorted));
        let mut evs = [0.0; 32];
        // `given[m]` is the hold mask, in the order the cards were given, of sorted-order mask m.
        let mut given = [0u8; 32];
        for mask in 0..32usize {
            if mask > 0 {
                let low = mask.trailing_zeros() as usize;
                given[mask] = given[mask & (mask - 1)] | (1 << position[low]);
            }
            evs[given[mask] as usize] = totals[mask] as f64 / f64::from(N_DRAWS[mask]);
        }
        HandEvs::from_array(evs)
    }

    /// For each hold (a mask over the sorted cards whose subset ranks are `ranks`), the total pay
    /// of all its draws (divide by [`N_DRAWS`] for the EV).
    #[doc(hidden)] // public for tests/it
    #[inline]
    pub fn draw_pay_totals(&self, sorted: &[usize; 5], ranks: &[u32; 32]) -> [i64; 32] {
        let mut totals = [0i64; 32];
        for mask in 0..31 {
            // At most MAX_PAY × C(52, 4) per sum: far inside i64.
            totals[mask] = self.sums.pay_sum(MASK_OFFSET[mask], ranks[mask]) as i64;
        }
        totals[31] = i64::from(self.sums.pay_of_category(evaluate_joker_indices(*sorted) as usize));
        superset_mobius(&mut totals);
        totals
    }

    /// Bytes held by this solver's pay totals (the shared counts: [`JokerCounts::n_bytes`]).
    pub fn n_bytes(&self) -> usize {
        self.sums.n_bytes()
    }
}

/// The solver of a joker-family machine's own table, built once per process.
pub fn machine_solver(machine: crate::machine::MachineId) -> &'static JokerSolver {
    static SOLVER: std::sync::OnceLock<JokerSolver> = std::sync::OnceLock::new();
    debug_assert_eq!(machine, crate::machine::MachineId::JokerPoker, "Joker Poker is the one joker machine");
    SOLVER.get_or_init(|| JokerSolver::new(machine.paytable()))
}

/// The best hold (a mask over the sorted cards) from the draw pay totals, by exact integer
/// comparison under the tie rule.
#[doc(hidden)] // public for tests/it
#[inline]
pub fn best_mask(pay_totals: &[i64; 32]) -> usize {
    let mut best_key = 0u64;
    for mask in 0..32 {
        // Totals are sums of pays, never negative; EV × L ≤ MAX_PAY × L < 2^40, shifted 5: no overflow.
        let key = (pay_totals[mask] as u64 * EV_SCALE[mask]) << 5 | TIE_PREFERENCE[mask];
        best_key = best_key.max(key);
    }
    TIE_ORDER[31 - (best_key & 31) as usize] as usize
}

/// Replaces every value f(S) by Σ_{S ⊆ U} (−1)^{|U|−|S|} f(U), one card at a time.
#[inline]
fn superset_mobius(values: &mut [i64; 32]) {
    for bit in [1usize, 2, 4, 8, 16] {
        for mask in 0..32 {
            if mask & bit == 0 {
                values[mask] -= values[mask | bit];
            }
        }
    }
}

/// The exact result of optimal play on one paytable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JokerAnalysis {
    /// Σ over deals of the best hold's EV × L.
    return_total: u128,
    /// Per category: Σ over deals of P(final hand in it) × L.
    category_totals: [u128; 12],
}

impl JokerAnalysis {
    /// The expected return per coin of optimal play (1.0 = break even), at five coins.
    pub fn return_rate(&self) -> f64 {
        ratio(self.return_total, denominator())
    }

    /// The return as an exact fraction in lowest terms: (numerator, denominator).
    pub fn return_fraction(&self) -> (u128, u128) {
        let (num, den) = (self.return_total, denominator());
        let g = gcd(num, den);
        (num / g, den / g)
    }

    /// The probability that optimal play ends in `category`.
    pub fn probability(&self, category: JokerCategory) -> f64 {
        ratio(self.category_totals[category.index()], denominator())
    }

    /// The exact totals behind the probabilities: per category, Σ over deals of P × L (their sum is
    /// [`LCM_OF_DRAWS`] × 2,869,685).
    #[doc(hidden)] // public for tests/it
    pub fn category_totals(&self) -> &[u128; 12] {
        &self.category_totals
    }

    /// The exact numerator of the return over [`LCM_OF_DRAWS`] × 2,869,685.
    #[doc(hidden)] // public for tests/it
    pub fn return_total(&self) -> u128 {
        self.return_total
    }

    /// The common denominator of every total: [`LCM_OF_DRAWS`] × 2,869,685.
    pub fn denominator(&self) -> u128 {
        denominator()
    }
}

/// The return of optimal play on `table` and its final-hand probabilities, exactly: one solve per
/// suit class, on as many threads as the machine has (about 15 ms on two cores once the shared
/// counts exist, which the first call builds).
pub fn analyze(table: &Paytable) -> JokerAnalysis {
    let solver = JokerSolver::new(table);
    let counts = joker_counts();
    let classes = suit_classes();
    let n_threads = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 16);
    let chunks: Vec<&[SuitClass]> = classes.chunks(CHUNK).collect();
    let next = AtomicUsize::new(0);
    let partials: Vec<Totals> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..n_threads)
            .map(|_| {
                let (chunks, next, solver) = (&chunks, &next, &solver);
                scope.spawn(move || {
                    let mut totals = Totals::default();
                    while let Some(chunk) = chunks.get(next.fetch_add(1, Ordering::Relaxed)) {
                        for class in chunk.iter() {
                            totals.add_deal(solver, counts, class.cards.map(usize::from), u64::from(class.weight));
                        }
                    }
                    totals
                })
            })
            .collect();
        // A worker only panics on a broken invariant; passing the panic on keeps it visible.
        workers.into_iter().map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    });
    let mut totals = Totals::default();
    for part in &partials {
        totals.merge(part);
    }
    JokerAnalysis { return_total: totals.return_total, category_totals: totals.categories() }
}

/// The same analysis with no suit symmetry: every one of the 2,869,685 deals solved on its own
/// (about 0.3 s on two cores, 19 times the work of [`analyze`]; for tests).
#[doc(hidden)] // public for tests/it
pub fn analyze_every_deal(table: &Paytable) -> JokerAnalysis {
    let solver = JokerSolver::new(table);
    let counts = joker_counts();
    // Two halves by top card (C(47, 5) deals below 47), one per thread.
    let halves: Vec<Totals> = std::thread::scope(|scope| {
        let solver = &solver;
        let workers: Vec<_> = [4..47usize, 47..N_CARDS]
            .into_iter()
            .map(|tops| {
                scope.spawn(move || {
                    let mut totals = Totals::default();
                    for e in tops {
                        for d in 3..e {
                            for c in 2..d {
                                for b in 1..c {
                                    for a in 0..b {
                                        totals.add_deal(solver, counts, [a, b, c, d, e], 1);
                                    }
                                }
                            }
                        }
                    }
                    totals
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    });
    let mut totals = Totals::default();
    for half in &halves {
        totals.merge(half);
    }
    JokerAnalysis { return_total: totals.return_total, category_totals: totals.categories() }
}

/// Classes handed to a worker at a time.
const CHUNK: usize = 2_048;

/// Exact running totals over the common denominator L × deals.
#[derive(Clone, Copy, Default)]
struct Totals {
    return_total: u128,
    categories: [u128; CAT_SLOTS],
}

impl Totals {
    /// Solves one deal (sorted card indices) standing for `weight` deals, picks the best hold by
    /// the tie rule and adds its return and final-hand counts, scaled to the common denominator.
    #[inline]
    fn add_deal(&mut self, solver: &JokerSolver, counts: &JokerCounts, cards: [usize; 5], weight: u64) {
        let ranks = subset_ranks(&cards);
        let pay_totals = solver.draw_pay_totals(&cards, &ranks);
        let best = best_mask(&pay_totals);
        let scale = EV_SCALE[best] * weight;
        self.return_total += u128::from(scale * pay_totals[best] as u64);
        // The final-hand counts of the best hold by the same inclusion–exclusion, on category
        // vectors instead of pays.
        let mut final_counts = [0i64; CAT_SLOTS];
        let free = 31 & !best;
        let mut extra = free;
        loop {
            let subset = best | extra;
            let sign = 1 - 2 * i64::from(POPCOUNT[extra] & 1);
            if subset == 31 {
                final_counts[evaluate_joker_indices(cards) as usize] += sign;
            } else {
                counts.add_counts(POPCOUNT[subset] as usize, ranks[subset], sign, &mut final_counts);
            }
            if extra == 0 {
                break;
            }
            extra = (extra - 1) & free;
        }
        for (total, &count) in self.categories.iter_mut().zip(final_counts.iter()) {
            debug_assert!(count >= 0);
            *total += u128::from(scale * count as u64);
        }
    }

    fn merge(&mut self, other: &Totals) {
        self.return_total += other.return_total;
        for (total, &more) in self.categories.iter_mut().zip(other.categories.iter()) {
            *total += more;
        }
    }

    fn categories(&self) -> [u128; 12] {
        let mut out = [0u128; 12];
        out.copy_from_slice(&self.categories[..12]);
        out
    }
}

/// The common denominator of every total: L × the number of deals.
fn denominator() -> u128 {
    u128::from(LCM_OF_DRAWS) * u128::from(N_HANDS)
}

/// `numerator / denominator` as f64, the integer part divided exactly first.
fn ratio(numerator: u128, denominator: u128) -> f64 {
    let whole = numerator / denominator;
    let rest = numerator % denominator;
    whole as f64 + rest as f64 / denominator as f64
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// A canonical suit class of deals: its hand (card indices, increasing; the joker, 52, last) and
/// how many deals it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuitClass {
    cards: [u8; 5],
    weight: u8,
}

impl SuitClass {
    /// The canonical hand as card indices in increasing order.
    pub fn card_indices(&self) -> [usize; 5] {
        self.cards.map(usize::from)
    }

    /// The number of deals in the class.
    pub fn weight(&self) -> u32 {
        u32::from(self.weight)
    }
}

/// The number of suit classes: 134,459 of five natural cards and 16,432 of four and the joker.
pub const N_CLASSES: usize = 150_891;

/// Every canonical suit class, built once per process: the five-natural-card classes in colex order,
/// then those with the joker.
#[doc(hidden)] // public for tests/it
pub fn suit_classes() -> &'static [SuitClass] {
    static CLASSES: std::sync::OnceLock<Vec<SuitClass>> = std::sync::OnceLock::new();
    CLASSES.get_or_init(|| {
        let mut classes = Vec::with_capacity(N_CLASSES);
        push_classes(5, &mut classes);
        push_classes(4, &mut classes);
        classes
    })
}

/// Appends the canonical classes of `n_natural` (4 or 5) natural cards, with the joker after four.
fn push_classes(n_natural: usize, classes: &mut Vec<SuitClass>) {
    let mut cards = [0usize, 1, 2, 3, 4];
    let picked = &mut cards[..n_natural];
    for (i, card) in picked.iter_mut().enumerate() {
        *card = i;
    }
    loop {
        let mut masks = [0u16; 4];
        for &card in picked.iter() {
            masks[card & 3] |= 1 << (card >> 2);
        }
        if masks[0] >= masks[1] && masks[1] >= masks[2] && masks[2] >= masks[3] {
            let mut hand = [JOKER as u8; 5];
            for (slot, &card) in hand.iter_mut().zip(picked.iter()) {
                *slot = card as u8;
            }
            classes.push(SuitClass { cards: hand, weight: class_weight(masks) });
        }
        // The next subset in colex order, until the last one ({48, …, 51}).
        if picked[0] == 52 - n_natural {
            break;
        }
        let last = n_natural - 1;
        let mut pos = 0;
        while pos < last && picked[pos] + 1 == picked[pos + 1] {
            pos += 1;
        }
        picked[pos] += 1;
        for (reset, card) in picked[..pos].iter_mut().enumerate() {
            *card = reset;
        }
    }
}

/// How many distinct deals a suit permutation of `masks` gives: 24 / Π (multiplicity!).
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
