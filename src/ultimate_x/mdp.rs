//! The long-run optimum of Ultimate X on one table and line count, exactly (docs/ULTIMATE-X.md
//! derives it).
//!
//! Units: one line's base bet is 1 (five coins); Ultimate X bets 2 a line. A hand's lines share
//! one deal and one hold; each line draws from its own deck and pays its multiplier times the
//! pay; each line's next multiplier is what its final hand earns. So the next hand's multipliers
//! do not depend on this hand's, and this hand's play depends on its multipliers only through
//! their sum M: the best hold maximises `M·p(h) + E[W(S_h)]`, where p(h) is the hold's plain EV,
//! S_h the sum of the n multipliers it earns (n independent draws), and W the relative value of
//! starting a hand with sum S. The problem is an average-reward Markov decision problem on M
//! (n … 12n); policy iteration solves it: evaluate a policy exactly over all deals (one suit class
//! each), solve `W + g = r + T·W` for its gain g and values W, improve, until the policy stops
//! changing. Nothing here is sampled or decomposed.

// The solver indexes several parallel arrays by hold mask and by state.
#![allow(clippy::needless_range_loop)]

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::strategy::canonical_classes;
use crate::eval::Family;
use crate::strategy::outcomes::{hold_counts, HoldCounts};
use crate::strategy::tables::CAT_SLOTS;
use crate::strategy::{DeckMath, SuitClass};

use super::multipliers::Multipliers;

/// One table's pays and multipliers on one line count, as the solver reads them.
pub struct Game<'a> {
    /// Pay per unit of every evaluator category.
    pub pays: [f64; CAT_SLOTS],
    /// The multipliers.
    pub multipliers: &'a Multipliers,
    /// The table's family (its counts come from `outcomes::hold_counts`).
    pub family: Family,
}

/// The plain EV and one line's earned-multiplier distribution (index = multiplier) of every hold.
pub struct LineOutcomes {
    /// Plain EV per unit of each hold (mask over the sorted cards).
    pub ev: [f64; 32],
    /// For each hold, P(one line earns multiplier k) at index k.
    pub earned: [[f64; 13]; 32],
}

/// A solved game: its gain per hand and the relative value of each multiplier sum.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Lines.
    pub lines: u8,
    /// Expected pay per hand over all lines, in units (of 2n bet).
    pub gain: f64,
    /// W(M) for M = n + index, relative to W(n) = 0.
    pub values: Vec<f64>,
    /// The long-run probability of each multiplier sum M = n + index.
    pub stationary: Vec<f64>,
    /// Policy-iteration rounds it took.
    pub rounds: usize,
}

impl Solution {
    /// The return per unit bet (the Ultimate X bet included: 2 units a line).
    pub fn return_rate(&self) -> f64 {
        self.gain / (2.0 * f64::from(self.lines))
    }

    /// The solution as text a file can keep and [`Solution::from_text`] reads back bit for bit:
    /// `lines;gain;rounds;values…;stationary…` (each figure as Rust writes an `f64` shortest).
    pub fn to_text(&self) -> String {
        let list = |figures: &[f64]| figures.iter().map(|f| format!("{f:?}")).collect::<Vec<_>>().join(",");
        format!("{};{:?};{};{};{}", self.lines, self.gain, self.rounds, list(&self.values), list(&self.stationary))
    }

    /// Whether `other` is this solution up to the solver's rounding (a solve sums in an order that
    /// can differ from run to run, in the 14th digit): every figure within 1e-9 relative.
    pub fn agrees(&self, other: &Solution) -> bool {
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * (1.0 + b.abs());
        let all = |a: &[f64], b: &[f64]| a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| close(x, y));
        self.lines == other.lines && close(self.gain, other.gain) && all(&self.values, &other.values) && all(&self.stationary, &other.stationary)
    }

    /// A solution written by [`Solution::to_text`], or `None` for any other text (a figure that is
    /// not finite, lists of other lengths than each other).
    pub fn from_text(text: &str) -> Option<Solution> {
        let parts: Vec<&str> = text.split(';').collect();
        let [lines, gain, rounds, values, stationary] = parts.as_slice() else { return None };
        let list = |text: &str| -> Option<Vec<f64>> {
            text.split(',').map(|f| f.parse::<f64>().ok().filter(|f| f.is_finite())).collect()
        };
        let (values, stationary) = (list(values)?, list(stationary)?);
        let gain = gain.parse::<f64>().ok().filter(|g| g.is_finite())?;
        (values.len() == stationary.len()).then_some(())?;
        Some(Solution { lines: lines.parse().ok()?, gain, values, stationary, rounds: rounds.parse().ok()? })
    }
}

impl Game<'_> {
    fn n(&self) -> usize {
        usize::from(self.multipliers.lines())
    }

    /// Number of multiplier sums: n … 12n.
    fn n_states(&self) -> usize {
        self.n() * usize::from(super::multipliers::MAX_MULTIPLIER) - self.n() + 1
    }

    /// The plain EV and one line's earned-multiplier distribution of every hold of a sorted
    /// dealt hand.
    pub fn line_outcomes(&self, sorted: &[usize; 5], deck: &DeckMath) -> LineOutcomes {
        let counts: HoldCounts = hold_counts(self.family, sorted);
        let mut ev = [0.0; 32];
        let mut earned = [[0.0; 13]; 32];
        for (mask, row) in counts.iter().enumerate() {
            let draws = f64::from(deck.n_draws[mask]);
            let mut pay = 0.0;
            for (category, &count) in row.iter().enumerate() {
                if count != 0 {
                    let count = count as f64;
                    pay += count * self.pays[category];
                    earned[mask][usize::from(self.multipliers.of_category(category))] += count / draws;
                }
            }
            ev[mask] = pay / draws;
        }
        LineOutcomes { ev, earned }
    }

    /// Into `dist`: P(the n lines' earned multipliers sum to n + i) at index i, from one line's
    /// distribution `earned` (index = multiplier): the n-fold convolution.
    pub fn sum_distribution(&self, earned: &[f64; 13], dist: &mut Vec<f64>, scratch: &mut Vec<f64>) {
        // One line's outcomes as (multiplier − 1, probability), zeros left out.
        let mut steps = [(0usize, 0.0f64); 12];
        let mut n_steps = 0;
        for (k, &q) in earned.iter().enumerate().skip(1) {
            if q != 0.0 {
                steps[n_steps] = (k - 1, q);
                n_steps += 1;
            }
        }
        let steps = &steps[..n_steps];
        let reach = steps.last().map_or(0, |&(d, _)| d);
        dist.fill(0.0);
        for &(d, q) in steps {
            dist[d] = q;
        }
        let mut top = reach;
        for _ in 1..self.n() {
            scratch[..=top + reach].fill(0.0);
            for (s, &p) in dist[..=top].iter().enumerate() {
                if p != 0.0 {
                    for &(d, q) in steps {
                        scratch[s + d] += p * q;
                    }
                }
            }
            top += reach;
            std::mem::swap(dist, scratch);
        }
        // Sums past the reach of this hold are impossible (the buffer may hold an earlier hold's).
        dist[top + 1..].fill(0.0);
    }

    /// Solves the game by policy iteration from the policy that values a multiplier sum M at M.
    pub fn solve(&self) -> Solution {
        let n_states = self.n_states();
        let mut values: Vec<f64> = (0..n_states).map(|s| s as f64).collect();
        let mut previous_gain = f64::NEG_INFINITY;
        for round in 1..=20 {
            let (reward, transition) = self.evaluate(&values);
            let (gain, new_values, stationary) = solve_chain(&reward, &transition);
            values = new_values;
            if gain - previous_gain <= 1e-13 {
                return Solution { lines: self.multipliers.lines(), gain, values, stationary, rounds: round };
            }
            previous_gain = gain;
        }
        panic!("policy iteration did not converge in 20 rounds");
    }

    /// For the policy that is greedy for `values`: per state M, the expected pay r(M) and the
    /// transition probabilities T(M, ·), exactly over all deals.
    pub fn evaluate(&self, values: &[f64]) -> (Vec<f64>, Vec<Vec<f64>>) {
        let deck = DeckMath::of_family(self.family);
        let classes = canonical_classes(deck);
        let n_states = self.n_states();
        let n = self.n();
        let (fit, slack) = affine_fit(values);
        let n_threads = std::thread::available_parallelism().map_or(2, |t| t.get()).clamp(1, 16);
        let next_chunk = AtomicUsize::new(0);
        let chunks: Vec<&[SuitClass]> = classes.chunks(1024).collect();
        // Each chunk's sums are made apart and added in chunk order below, whichever thread made
        // them: a solve gives the same figures bit for bit on every run and every machine (a file
        // keeps a lab table's game, and the audit solves it again to check it).
        let partials: Vec<(usize, Vec<f64>, Vec<Vec<f64>>)> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..n_threads)
                .map(|_| {
                    let (chunks, next_chunk) = (&chunks, &next_chunk);
                    scope.spawn(move || {
                        let mut made = Vec::new();
                        let (mut dist, mut scratch) = (vec![0.0; n_states], vec![0.0; n_states]);
                        let mut sum_dist = vec![vec![0.0; n_states]; 32];
                        loop {
                            let idx = next_chunk.fetch_add(1, Ordering::Relaxed);
                            let Some(chunk) = chunks.get(idx) else { break };
                            let mut pay_rate = vec![0.0; n_states];
                            let mut transition = vec![vec![0.0; n_states]; n_states];
                            for class in chunk.iter() {
                                let weight = f64::from(class.weight());
                                let held = self.line_outcomes(&class.card_indices(), deck);
                                // Only holds that can be best at some sum get their exact future:
                                // W is within `slack` of the line `fit`, so E[W(S)] is within it
                                // of fit(E[S]), and a hold whose bound stays below another's
                                // everywhere is never chosen.
                                let mean_sum: [f64; 32] = std::array::from_fn(|mask| {
                                    held.earned[mask].iter().enumerate().map(|(k, q)| k as f64 * q).sum::<f64>()
                                        * n as f64
                                        - n as f64
                                });
                                let low: [f64; 32] = std::array::from_fn(|mask| fit.0 + fit.1 * mean_sum[mask] - slack);
                                let mut candidates = 0u32;
                                for state in 0..n_states {
                                    let total = (n + state) as f64;
                                    let floor = (0..32).map(|m| total * held.ev[m] + low[m]).fold(f64::MIN, f64::max);
                                    for mask in 0..32 {
                                        if total * held.ev[mask] + low[mask] + 2.0 * slack >= floor - 1e-9 {
                                            candidates |= 1 << mask;
                                        }
                                    }
                                }
                                let mut future = [f64::NEG_INFINITY; 32];
                                for mask in 0..32 {
                                    if candidates & (1 << mask) != 0 {
                                        self.sum_distribution(&held.earned[mask], &mut dist, &mut scratch);
                                        future[mask] = dist.iter().zip(values).map(|(d, w)| d * w).sum();
                                        sum_dist[mask].copy_from_slice(&dist);
                                    }
                                }
                                // Runs of states with the same best hold add its sum distribution
                                // once, as a difference over the states (summed up below).
                                let mut run_start = 0;
                                let mut run_hold = best_hold(&held.ev, &future, n as f64);
                                for state in 0..=n_states {
                                    let best = if state < n_states {
                                        best_hold(&held.ev, &future, (n + state) as f64)
                                    } else {
                                        usize::MAX
                                    };
                                    if best != run_hold {
                                        let p = weight * held.ev[run_hold];
                                        pay_rate[run_start] += p;
                                        for (t, d) in transition[run_start].iter_mut().zip(&sum_dist[run_hold]) {
                                            *t += weight * d;
                                        }
                                        if state < n_states {
                                            pay_rate[state] -= p;
                                            for (t, d) in transition[state].iter_mut().zip(&sum_dist[run_hold]) {
                                                *t -= weight * d;
                                            }
                                        }
                                        run_start = state;
                                        run_hold = best;
                                    }
                                }
                            }
                            // Undo the differences: each state's totals are the running sums.
                            for state in 1..n_states {
                                pay_rate[state] += pay_rate[state - 1];
                                let (done, rest) = transition.split_at_mut(state);
                                for (t, before) in rest[0].iter_mut().zip(&done[state - 1]) {
                                    *t += before;
                                }
                            }
                            made.push((idx, pay_rate, transition));
                        }
                        made
                    })
                })
                .collect();
            workers.into_iter().flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
        });
        let mut partials = partials;
        partials.sort_by_key(|(idx, _, _)| *idx);
        let deals = deck.n_deals as f64;
        let mut reward = vec![0.0; n_states];
        let mut transition = vec![vec![0.0; n_states]; n_states];
        for (_, rate, trans) in partials {
            for state in 0..n_states {
                reward[state] += rate[state] * (n + state) as f64 / deals;
                for (t, more) in transition[state].iter_mut().zip(&trans[state]) {
                    *t += more / deals;
                }
            }
        }
        (reward, transition)
    }
}

/// The best single strategy: one hold per deal whatever the multipliers. Its return is
/// E[K]·E[p]/2 (this hand's multiplier and pay are independent when the hold ignores the
/// multipliers); a hold changes that product by E[p]·ΔE[K] + E[K]·Δp, so the best single strategy
/// holds, in every deal, the largest `E[K]·p(h) + E[p]·E[K | h]`: a fixed point, reached by
/// iterating from E[K] = 2, E[p] = 1 (the "2 × win + multiplier − 1" rule).
#[derive(Clone, Copy, Debug)]
pub struct SingleStrategy {
    /// The mean multiplier per line it earns.
    pub mean_multiplier: f64,
    /// Its plain EV per unit.
    pub mean_pay: f64,
    /// Rounds of the fixed point.
    pub rounds: usize,
}

impl SingleStrategy {
    /// The return per unit bet (2 units a line).
    pub fn return_rate(&self) -> f64 {
        self.mean_multiplier * self.mean_pay / 2.0
    }
}

impl Game<'_> {
    /// The best single strategy (see [`SingleStrategy`]).
    pub fn single_strategy(&self) -> SingleStrategy {
        let (mut mean_multiplier, mut mean_pay) = (2.0, 1.0);
        for round in 1..=50 {
            let (k, p) = self.single_pass(mean_multiplier, mean_pay);
            let done = (k - mean_multiplier).abs() < 1e-14 && (p - mean_pay).abs() < 1e-14;
            (mean_multiplier, mean_pay) = (k, p);
            if done {
                return SingleStrategy { mean_multiplier, mean_pay, rounds: round };
            }
        }
        panic!("the single strategy's fixed point did not settle in 50 rounds");
    }

    /// E[K] and E[p] per line when every deal holds the largest `weight_pay·p(h) + weight_k·E[K | h]`.
    fn single_pass(&self, weight_pay: f64, weight_k: f64) -> (f64, f64) {
        let deck = DeckMath::of_family(self.family);
        let classes = canonical_classes(deck);
        let (mut k_total, mut p_total) = (0.0, 0.0);
        for class in classes {
            let weight = f64::from(class.weight());
            let held = self.line_outcomes(&class.card_indices(), deck);
            let expected_k: [f64; 32] =
                std::array::from_fn(|mask| held.earned[mask].iter().enumerate().map(|(k, q)| k as f64 * q).sum());
            let future = expected_k.map(|k| weight_k * k);
            let best = best_hold(&held.ev, &future, weight_pay);
            k_total += weight * expected_k[best];
            p_total += weight * held.ev[best];
        }
        let deals = deck.n_deals as f64;
        (k_total / deals, p_total / deals)
    }
}

/// The best hold for multiplier sum `total`: the largest `total·ev + future`, ties to fewer cards
/// held, then the smaller mask (the plain game's tie rule).
pub fn best_hold(ev: &[f64; 32], future: &[f64], total: f64) -> usize {
    let mut best = usize::from(crate::strategy::exact::TIE_ORDER[0]);
    let mut best_value = f64::NEG_INFINITY;
    for &mask in crate::strategy::exact::TIE_ORDER.iter() {
        let mask = usize::from(mask);
        let value = total * ev[mask] + future[mask];
        if value > best_value + 1e-12 {
            best_value = value;
            best = mask;
        }
    }
    best
}

/// The least-squares line `a + b·i` through `values` (index i), and the largest distance of a value
/// from it.
fn affine_fit(values: &[f64]) -> ((f64, f64), f64) {
    let count = values.len() as f64;
    if values.len() < 2 {
        return ((values.first().copied().unwrap_or(0.0), 0.0), 0.0);
    }
    let mean_i = (count - 1.0) / 2.0;
    let mean_v = values.iter().sum::<f64>() / count;
    let (mut cov, mut var) = (0.0, 0.0);
    for (i, &v) in values.iter().enumerate() {
        cov += (i as f64 - mean_i) * (v - mean_v);
        var += (i as f64 - mean_i) * (i as f64 - mean_i);
    }
    let b = cov / var;
    let a = mean_v - b * mean_i;
    let slack = values.iter().enumerate().map(|(i, &v)| (v - a - b * i as f64).abs()).fold(0.0, f64::max);
    ((a, b), slack)
}

/// Gain g, relative values W (W[0] = 0) and stationary distribution of a unichain Markov reward
/// process: `W + g = r + T·W`.
fn solve_chain(reward: &[f64], transition: &[Vec<f64>]) -> (f64, Vec<f64>, Vec<f64>) {
    let s = reward.len();
    // Unknowns: g (column 0, in place of W[0] = 0), then W[1..s].
    let mut a = vec![vec![0.0; s + 1]; s];
    for i in 0..s {
        a[i][0] = 1.0;
        for j in 1..s {
            a[i][j] = if i == j { 1.0 } else { 0.0 } - transition[i][j];
        }
        a[i][s] = reward[i];
    }
    let x = gauss(a);
    let gain = x[0];
    let mut values = x;
    values[0] = 0.0;
    // Stationary: π = π·T, Σπ = 1, by power iteration (the chain mixes in a few steps: the next
    // state does not depend on the current one beyond the hold).
    let mut pi = vec![1.0 / s as f64; s];
    for _ in 0..10_000 {
        let mut next = vec![0.0; s];
        for (i, &p) in pi.iter().enumerate() {
            for (j, &t) in transition[i].iter().enumerate() {
                next[j] += p * t;
            }
        }
        let total: f64 = next.iter().sum();
        next.iter_mut().for_each(|x| *x /= total);
        let change: f64 = next.iter().zip(&pi).map(|(a, b)| (a - b).abs()).sum();
        pi = next;
        if change < 1e-15 {
            break;
        }
    }
    (gain, values, pi)
}

/// Solves the augmented system `a` (s rows of s unknowns and the right-hand side) by Gaussian
/// elimination with partial pivoting.
fn gauss(mut a: Vec<Vec<f64>>) -> Vec<f64> {
    let s = a.len();
    for col in 0..s {
        let pivot = (col..s).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs())).unwrap_or(col);
        a.swap(col, pivot);
        let p = a[col][col];
        for row in 0..s {
            if row != col {
                let factor = a[row][col] / p;
                if factor != 0.0 {
                    for k in col..=s {
                        a[row][k] -= factor * a[col][k];
                    }
                }
            }
        }
    }
    (0..s).map(|i| a[i][s] / a[i][i]).collect()
}

/// A solution kept in the source (`solved.rs`): a table's base and pays, the line count, and the
/// solver's figures for them. A test solves each again and compares.
#[derive(Clone, Copy, Debug)]
pub struct Solved {
    /// The base's id.
    pub base: &'static str,
    /// The pays per coin, in row order.
    pub pays: &'static [u32],
    /// Lines.
    pub lines: u8,
    /// [`Solution::gain`].
    pub gain: f64,
    /// [`Solution::values`].
    pub values: &'static [f64],
    /// [`Solution::stationary`].
    pub stationary: &'static [f64],
    /// [`Solution::rounds`].
    pub rounds: usize,
}

impl Solved {
    /// The solution it keeps.
    pub fn solution(&self) -> Solution {
        Solution {
            lines: self.lines,
            gain: self.gain,
            values: self.values.to_vec(),
            stationary: self.stationary.to_vec(),
            rounds: self.rounds,
        }
    }
}
