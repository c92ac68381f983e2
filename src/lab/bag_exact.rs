//! The exact values of the shuffle-bag demo's figures, for pure chance and for a bag of M copies of
//! each of N kinds (with or without avoid-repeat), in the long run (many bags).
//!
//! Pure chance: closed forms (repeat 1/N, P(gap = g) = (1/N)(1 − 1/N)^g, mean gap N − 1, guess
//! 1/N, never certain), and the share of 24-draw windows with a run of three by a small dynamic
//! programme over the current run length.
//!
//! The bag, from two facts: a bag is a uniformly random arrangement of its items, and with
//! avoid-repeat the first item is uniform among the kinds other than the one just drawn while the
//! rest stays uniformly random (a uniformly chosen swap of a uniform arrangement). So before each
//! draw after a bag's first, the chance of kind k is (k's items left) / (items left).
//!
//! - repeat rate: (M − 1 + 1/N)/(NM), or (M − 1)/(NM) with avoid-repeat (adjacent items in a bag
//!   match with chance (M − 1)/(NM − 1), NM − 1 such pairs per bag; the boundary pair 1/N or 0);
//! - gaps: one kind's gaps, followed through a bag as a chain over (its items left, draws since it
//!   last came); the distribution at a bag's start is iterated to its fixed point (the first bag
//!   of a run, which no repeat can be avoided in, starts the iteration), and a bag's expected gap
//!   histogram under it, divided by M, is the gap distribution (every kind behaves alike);
//! - certain next and guess: a dynamic programme over the multiset of items left (how many kinds
//!   have c items left, c = 0 … M), summing per bag the chance the likeliest kind comes next and the
//!   chance only one kind is left, then dividing by the bag size NM.

use std::collections::BTreeMap;

use serde::Serialize;

/// The length of the sliding windows searched for runs of three (the demonstration's windows of 24).
pub const RUN_WINDOW: usize = 24;

/// Exact figures of both rows, and which measured figures have none.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BagExact {
    /// The shortest gap counted as long: 2N − 1 (longer than a bag of one of each allows).
    pub long_gap_from: u32,
    /// Pure chance.
    pub pure: ExactFigures,
    /// The bag.
    pub bag: ExactFigures,
    /// Measured figures given without an exact value.
    pub measured_only: Vec<&'static str>,
}

/// The exact long-run values of a row's figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExactFigures {
    /// Share of draws equal to the one before.
    pub repeat_rate: f64,
    /// The mean gap: N − 1 both ways.
    pub mean_gap: f64,
    /// `gap_distribution[g]`: the share of gaps of length g (pure: up to where less than 1e-4 is left).
    pub gap_distribution: Vec<f64>,
    /// Share of gaps of at least 2N − 1.
    pub long_gap_rate: f64,
    /// The longest gap possible (`null` for pure: no limit).
    pub max_gap: Option<u64>,
    /// The bound 2M(N − 1) on gaps (`null` for pure).
    pub gap_bound: Option<u64>,
    /// The longest run possible: 2M, or M with avoid-repeat (`null` for pure).
    pub run_bound: Option<u64>,
    /// Share of 24-draw windows with a run of three (`null` when measured only).
    pub run3_windows: Option<f64>,
    /// Share of draws whose kind is certain beforehand.
    pub certain_next_rate: f64,
    /// Share of draws the likeliest-kind guess gets right.
    pub guess_rate: f64,
}

/// P(a pure gap is at least g) = (1 − 1/N)^g.
pub fn pure_gap_at_least(kinds: u32, g: u32) -> f64 {
    (1.0 - 1.0 / f64::from(kinds)).powf(f64::from(g))
}

/// The exact figures for N kinds, M copies, with or without avoid-repeat.
pub fn bag_exact(kinds: u32, copies: u32, avoid_repeat: bool) -> BagExact {
    let n = f64::from(kinds);
    let long = 2 * kinds - 1;
    let bag_gaps = bag_gap_distribution(kinds, copies, avoid_repeat);
    let (certain, guess) = bag_certain_and_guess(kinds, copies, avoid_repeat);
    let size = f64::from(kinds * copies);
    let boundary = if avoid_repeat { 0.0 } else { 1.0 / n };
    let bag = ExactFigures {
        repeat_rate: (f64::from(copies) - 1.0 + boundary) / size,
        mean_gap: n - 1.0,
        long_gap_rate: bag_gaps.iter().skip(long as usize).fold(0.0, |sum, p| sum + p),
        max_gap: bag_gaps.iter().rposition(|&p| p > 0.0).map(|g| g as u64),
        gap_distribution: bag_gaps,
        gap_bound: Some(u64::from(2 * copies * (kinds - 1))),
        run_bound: Some(u64::from(if avoid_repeat { copies } else { 2 * copies })),
        run3_windows: None,
        certain_next_rate: certain,
        guess_rate: guess,
    };
    let q = 1.0 - 1.0 / n;
    let pure_len = ((1e-4f64).ln() / q.ln()).ceil() as usize + 1;
    let pure = ExactFigures {
        repeat_rate: 1.0 / n,
        mean_gap: n - 1.0,
        gap_distribution: (0..pure_len.max(bag.gap_distribution.len())).map(|g| q.powi(g as i32) / n).collect(),
        long_gap_rate: pure_gap_at_least(kinds, long),
        max_gap: None,
        gap_bound: None,
        run_bound: None,
        run3_windows: Some(pure_run3_windows(kinds)),
        certain_next_rate: 0.0,
        guess_rate: 1.0 / n,
    };
    BagExact { long_gap_from: 2 * kinds - 1, pure, bag, measured_only: vec!["bag.run3_windows"] }
}

/// The chance that RUN_WINDOW pure draws hold a run of three or more of one kind.
fn pure_run3_windows(kinds: u32) -> f64 {
    let p = 1.0 / f64::from(kinds);
    // (run of 1, run of 2) after the first draw, never having reached 3.
    let (mut one, mut two) = (1.0, 0.0);
    for _ in 1..RUN_WINDOW {
        (one, two) = ((one + two) * (1.0 - p), one * p);
    }
    1.0 - one - two
}

/// The long-run distribution of one kind's gaps in the bag (index = gap length).
fn bag_gap_distribution(kinds: u32, copies: u32, avoid_repeat: bool) -> Vec<f64> {
    let gap_bound = (2 * copies * (kinds - 1)) as usize;
    // The first bag of a run: no kind was just drawn, so nothing is avoided.
    let mut start = vec![0.0; gap_bound + 1];
    start[gap_bound] = 1.0;
    let (mut start, _) = one_bag(&start, kinds, copies, false);
    let mut histogram = Vec::new();
    for _ in 0..100_000 {
        let (end, emitted) = one_bag(&start, kinds, copies, avoid_repeat);
        let change = end.iter().zip(&start).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        start = end;
        histogram = emitted;
        if change < 1e-15 {
            break;
        }
    }
    histogram.iter().map(|h| h / f64::from(copies)).collect()
}

/// One bag from one kind's point of view. `start[g]`: the chance that g other draws came since the
/// kind's last draw when the bag is refilled. Returns that distribution at the bag's end, and the
/// expected number of the kind's gaps of each length closed in this bag.
fn one_bag(start: &[f64], kinds: u32, copies: u32, avoid_repeat: bool) -> (Vec<f64>, Vec<f64>) {
    let width = start.len();
    let size = (kinds * copies) as usize;
    let m = copies as usize;
    // state[r * width + g]: r of the kind's items left in the bag, g other draws since it came.
    let mut state = vec![0.0; (m + 1) * width];
    state[m * width..].copy_from_slice(start);
    let mut emitted = vec![0.0; width];
    for pos in 0..size {
        let left = (size - pos) as f64;
        let mut next = vec![0.0; (m + 1) * width];
        for r in 0..=m {
            for g in 0..width {
                let p = state[r * width + g];
                if p == 0.0 {
                    continue;
                }
                let chance = match (pos, avoid_repeat) {
                    (0, true) if g == 0 => 0.0,
                    (0, true) => 1.0 / f64::from(kinds - 1),
                    _ => r as f64 / left,
                };
                if chance > 0.0 {
                    emitted[g] += p * chance;
                    next[(r - 1) * width] += p * chance;
                }
                if chance < 1.0 {
                    next[r * width + (g + 1).min(width - 1)] += p * (1.0 - chance);
                }
            }
        }
        state = next;
    }
    (state[..width].to_vec(), emitted)
}

/// (certain-next rate, best-guess hit rate) of the bag in the long run.
fn bag_certain_and_guess(kinds: u32, copies: u32, avoid_repeat: bool) -> (f64, f64) {
    let size = kinds * copies;
    // The bag's first draw: uniform, or uniform over the N − 1 kinds other than the last.
    let first = if avoid_repeat { 1.0 / f64::from(kinds - 1) } else { 1.0 / f64::from(kinds) };
    let (mut certain, mut hits) = (if first == 1.0 { 1.0 } else { 0.0 }, first);
    // A state is how many kinds have c items left, 4 bits per c; after the first draw one kind has
    // M − 1 left and the others M, whichever kind came first.
    let shift = |c: u32| 4 * c;
    let mut level: BTreeMap<u64, f64> = BTreeMap::new();
    let after_first = (u64::from(kinds - 1) << shift(copies)) + (1u64 << shift(copies - 1));
    level.insert(after_first, 1.0);
    for pos in 1..size {
        let left = f64::from(size - pos);
        let mut next: BTreeMap<u64, f64> = BTreeMap::new();
        for (&state, &p) in &level {
            let count = |c: u32| (state >> shift(c)) & 15;
            let most = (1..=copies).rev().find(|&c| count(c) > 0).unwrap_or(0);
            let kinds_left: u64 = (1..=copies).map(count).sum();
            hits += p * f64::from(most) / left;
            if kinds_left == 1 {
                certain += p;
            }
            for c in 1..=copies {
                let with_c = count(c);
                if with_c > 0 {
                    let moved = state - (1u64 << shift(c)) + (1u64 << shift(c - 1));
                    *next.entry(moved).or_insert(0.0) += p * (with_c * u64::from(c)) as f64 / left;
                }
            }
        }
        level = next;
    }
    (certain / f64::from(size), hits / f64::from(size))
}
