//! The shuffle-bag demonstration (docs/LAB.md, "Where the experiments come from"): N kinds drawn D times by pure chance (a fresh uniform choice per
//! draw) and D times from a shuffle bag of M copies of each kind (the game's own
//! [`ShuffleBag`]), with every measured figure beside its exact value ([`bag_exact`]).
//!
//! Seeding: pure draws are `below(N)` on ChaCha20 seeded with the lab seed, stream 0, one choice
//! per draw; the bag is shuffled (at each refill, and for the no-repeat swap) by the same seed's
//! stream 1. Nothing else is random.
//!
//! The observer: the lab knows what is left in the bag because it counts the draws since the last
//! refill, as a player who counts the draws can. Before each draw, the "chance of each kind next" is what is
//! left of each kind over what is left in all; at a refill it is 1/N each, or with avoid-repeat 0
//! for the kind just drawn and 1/(N − 1) for the others (the swap keeps the rest of the bag in
//! uniformly random order). For pure chance it is always 1/N. A draw is *certain* when one kind's
//! chance is 1; the *guess* is the likeliest kind (ties to the lowest kind index), which for pure
//! chance is always kind 0.
//!
//! Gaps: between two draws of the same kind, the number of other draws (0 = a repeat). Only gaps
//! closed at both ends are counted (not the wait before a kind's first draw or after its last).

use serde::Serialize;

use crate::pipeline::bag::ShuffleBag;
use crate::shuffle::{Chooser, Seed};

pub use super::bag_exact::RUN_WINDOW;
use super::bag_exact::{bag_exact, BagExact};
use super::{check_range, LabError};

/// The fewest kinds (the app offers 3 to 6).
pub const MIN_KINDS: u32 = 2;
/// The most kinds.
pub const MAX_KINDS: u32 = 12;
/// The most copies of each kind in a bag.
pub const MAX_COPIES: u32 = 10;
/// The most draws in a run.
pub const MAX_DRAWS: u64 = 1_000_000;
/// The longest window of per-draw rows.
pub const MAX_WINDOW: u64 = 10_000;
/// The window of per-draw rows by default: the first 48 draws.
pub const DEFAULT_WINDOW: (u64, u64) = (0, 48);

/// What to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BagRequest {
    /// N: the number of kinds (2 to 12).
    pub kinds: u32,
    /// M: copies of each kind in a full bag (1 to 10).
    pub copies: u32,
    /// D: draws in each row (1 to 1,000,000).
    pub draws: u64,
    /// Whether a refilled bag avoids starting with the kind just drawn.
    pub avoid_repeat: bool,
    /// The per-draw rows returned: (first draw, number of draws), clipped to the run.
    pub window: (u64, u64),
}

impl BagRequest {
    /// A request with the default window (the first 48 draws).
    pub fn new(kinds: u32, copies: u32, draws: u64, avoid_repeat: bool) -> BagRequest {
        BagRequest { kinds, copies, draws, avoid_repeat, window: DEFAULT_WINDOW }
    }
}

/// Both rows of the demo and the exact figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BagLab {
    /// The request.
    pub request: BagRequest,
    /// The window length `run3_windows` counts in ([`RUN_WINDOW`] draws).
    pub run_window: usize,
    /// The lab seed.
    pub seed: Seed,
    /// Pure chance.
    pub pure: DrawStats,
    /// The shuffle bag.
    pub bag: DrawStats,
    /// The exact values of the figures.
    pub exact: BagExact,
}

/// The measured figures of one row of draws.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrawStats {
    /// Draws of each kind.
    pub counts: Vec<u64>,
    /// Share of draws (after the first) equal to the draw before.
    pub repeat_rate: f64,
    /// The longest gap.
    pub longest_gap: u64,
    /// The longest run of one kind.
    pub longest_run: u64,
    /// The mean gap.
    pub mean_gap: f64,
    /// `gap_histogram[g]`: the number of gaps of length g, for g = 0 … longest_gap.
    pub gap_histogram: Vec<u64>,
    /// `gap_shares[g]`: the share of all gaps that are of length g (the histogram's bar heights).
    pub gap_shares: Vec<f64>,
    /// Share of gaps of at least 2N − 1 (longer than a one-of-each bag allows).
    pub long_gap_rate: f64,
    /// Share of the sliding windows of 24 consecutive draws that hold a run of three or more.
    pub run3_windows: f64,
    /// Share of draws whose kind was certain beforehand.
    pub certain_next_rate: f64,
    /// Share of draws the likeliest-kind guess got right.
    pub guess_rate: f64,
    /// The per-draw rows of the requested window.
    pub window: DrawWindow,
}

/// Per-draw rows for a window of draws, to draw the rows of draws the app shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrawWindow {
    /// The index of the window's first draw.
    pub start: u64,
    /// The kinds drawn (0 … N − 1).
    pub draws: Vec<u8>,
    /// Indices (in the whole run) of the window's draws that started a new bag.
    pub boundaries: Vec<u64>,
    /// For each draw, the chance of each kind before it was drawn.
    pub chances: Vec<Vec<f64>>,
}

/// What the observer knows before a draw: a weight per kind (chance = weight / total).
struct Observer {
    kinds: usize,
    copies: u32,
    avoid_repeat: bool,
    left: Vec<u32>,
    last: Option<u8>,
}

impl Observer {
    /// Weights before a draw (`refill`: the bag is empty and is refilled for this draw).
    fn weights(&self, refill: bool, out: &mut [u32]) -> u32 {
        if !refill {
            out.copy_from_slice(&self.left);
        } else {
            out.fill(1);
            if let (true, Some(last)) = (self.avoid_repeat, self.last) {
                out[usize::from(last)] = 0;
            }
        }
        out.iter().sum()
    }

    fn saw(&mut self, refill: bool, kind: u8) {
        if refill {
            self.left.fill(self.copies);
        }
        self.left[usize::from(kind)] -= 1;
        self.last = Some(kind);
    }
}

/// Runs the demo: D pure draws and D bag draws from `seed`, their figures and the exact values.
pub fn bag_lab(request: &BagRequest, seed: &Seed) -> Result<BagLab, LabError> {
    let BagRequest { kinds, copies, draws, avoid_repeat, window } = *request;
    check_range("kinds", u64::from(kinds), u64::from(MIN_KINDS), u64::from(MAX_KINDS))?;
    check_range("copies", u64::from(copies), 1, u64::from(MAX_COPIES))?;
    check_range("draws", draws, 1, MAX_DRAWS)?;
    check_range("window", window.1, 0, MAX_WINDOW)?;
    let n = kinds as usize;
    let mut row = Row::new(n, draws, window);
    let mut pure_rng = seed.rng();
    let uniform = vec![1; n];
    for _ in 0..draws {
        row.push(pure_rng.below(kinds) as u8, &uniform, n as u32, false);
    }
    let pure = row.finish();

    let mut bag_rng = seed.rng();
    bag_rng.set_stream(1);
    let mut bag = ShuffleBag::new((0..kinds as u8).map(|kind| (kind, copies)).collect(), avoid_repeat);
    let mut observer = Observer { kinds: n, copies, avoid_repeat, left: vec![0; n], last: None };
    let mut row = Row::new(n, draws, window);
    let mut weights = vec![0u32; observer.kinds];
    for _ in 0..draws {
        let refill = bag.remaining().is_empty();
        let total = observer.weights(refill, &mut weights);
        let kind = bag.draw(&mut bag_rng);
        row.push(kind, &weights, total, refill);
        observer.saw(refill, kind);
    }
    let bag_stats = row.finish();
    Ok(BagLab {
        request: *request,
        run_window: RUN_WINDOW,
        seed: *seed,
        pure,
        bag: bag_stats,
        exact: bag_exact(kinds, copies, avoid_repeat),
    })
}

/// One row being drawn: the draws, and the observer's tallies.
struct Row {
    kinds: usize,
    draws: Vec<u8>,
    certain: u64,
    hits: u64,
    window_start: u64,
    window_end: u64,
    window: DrawWindow,
}

impl Row {
    fn new(kinds: usize, draws: u64, (start, len): (u64, u64)) -> Row {
        let start = start.min(draws);
        let window = DrawWindow { start, draws: Vec::new(), boundaries: Vec::new(), chances: Vec::new() };
        let window_end = start.saturating_add(len).min(draws);
        Row {
            kinds,
            draws: Vec::with_capacity(draws as usize),
            certain: 0,
            hits: 0,
            window_start: start,
            window_end,
            window,
        }
    }

    fn push(&mut self, kind: u8, weights: &[u32], total: u32, refill: bool) {
        let index = self.draws.len() as u64;
        let (mut guess, mut best) = (0, 0);
        for (k, &w) in weights.iter().enumerate() {
            if w > best {
                (guess, best) = (k, w);
            }
        }
        self.certain += u64::from(best == total);
        self.hits += u64::from(guess == usize::from(kind));
        if (self.window_start..self.window_end).contains(&index) {
            self.window.draws.push(kind);
            if refill {
                self.window.boundaries.push(index);
            }
            self.window.chances.push(weights.iter().map(|&w| f64::from(w) / f64::from(total)).collect());
        }
        self.draws.push(kind);
    }

    fn finish(self) -> DrawStats {
        let d = self.draws.len();
        let mut counts = vec![0u64; self.kinds];
        let mut last_seen: Vec<Option<usize>> = vec![None; self.kinds];
        let mut gap_histogram: Vec<u64> = Vec::new();
        let (mut repeats, mut run, mut longest_run) = (0u64, 0u64, 0u64);
        let mut run3_end = vec![false; d];
        for (i, &kind) in self.draws.iter().enumerate() {
            let k = usize::from(kind);
            counts[k] += 1;
            if let Some(j) = last_seen[k] {
                let gap = i - j - 1;
                if gap >= gap_histogram.len() {
                    gap_histogram.resize(gap + 1, 0);
                }
                gap_histogram[gap] += 1;
            }
            last_seen[k] = Some(i);
            let repeat = i > 0 && self.draws[i - 1] == kind;
            repeats += u64::from(repeat);
            run = if repeat { run + 1 } else { 1 };
            longest_run = longest_run.max(run);
            run3_end[i] = run >= 3;
        }
        let n_gaps: u64 = gap_histogram.iter().sum();
        let gap_sum: u64 = gap_histogram.iter().enumerate().map(|(g, &c)| g as u64 * c).sum();
        let long = 2 * self.kinds - 1;
        let long_gaps: u64 = gap_histogram.iter().skip(long).sum();
        let share = |part: u64, whole: u64| if whole > 0 { part as f64 / whole as f64 } else { 0.0 };
        DrawStats {
            counts,
            repeat_rate: share(repeats, d.saturating_sub(1) as u64),
            longest_gap: gap_histogram.len().saturating_sub(1) as u64,
            longest_run,
            mean_gap: share(gap_sum, n_gaps),
            long_gap_rate: share(long_gaps, n_gaps),
            gap_shares: gap_histogram.iter().map(|&c| share(c, n_gaps)).collect(),
            gap_histogram,
            run3_windows: run3_share(&run3_end),
            certain_next_rate: share(self.certain, d as u64),
            guess_rate: share(self.hits, d as u64),
            window: self.window,
        }
    }
}

/// The share of windows of [`RUN_WINDOW`] consecutive draws holding a run of three, given for
/// each draw whether a run of three or more ends there (such a run lies in the window starting at
/// s when it ends at s + 2 … s + 23).
fn run3_share(run3_end: &[bool]) -> f64 {
    if run3_end.len() < RUN_WINDOW {
        return 0.0;
    }
    let n_windows = run3_end.len() - RUN_WINDOW + 1;
    let mut inside: usize = run3_end[2..RUN_WINDOW].iter().filter(|&&b| b).count();
    let mut with_run = usize::from(inside > 0);
    for s in 1..n_windows {
        inside += usize::from(run3_end[s + RUN_WINDOW - 1]);
        inside -= usize::from(run3_end[s + 1]);
        with_run += usize::from(inside > 0);
    }
    with_run as f64 / n_windows as f64
}
