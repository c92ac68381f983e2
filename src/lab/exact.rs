//! Exact run counts for small decks: every possible run of a shuffle, counted per ordering.
//!
//! The real [`Algorithm::shuffle`] is run once per possible sequence of choices, with a chooser
//! that replays a path of choices and records the range of each one; after each run the path
//! advances like an odometer (the last choice that can still grow grows, the choices after it are
//! dropped), so the walk visits every leaf of the choice tree exactly once. What is counted is the
//! shuffle code itself, not a model of it.
//!
//! - Fisher–Yates asks n − 1 choices of ranges n, n − 1, …, 2: n! runs, one per ordering.
//! - The biased variant asks n choices of range n: n^n runs, which n! does not divide for n ≥ 3,
//!   so some orderings must get more runs than others.
//! - Sort-by-keys draws one key per card. Its 32-bit key space is far too large to walk, so the
//!   walk uses a stated small key space, **keys 0..=n (n + 1 values)**: (n + 1)^n key assignments.
//!   An assignment with a collision makes the real code start again; those runs are counted as
//!   `restarted` (a restart draws fresh keys independently of the collided ones, so it does not
//!   change which ordering comes out in the end) and the walk supplies distinct keys to let the
//!   call finish. A run is a collision-free assignment: (n + 1)! of them, exactly n + 1 (that is,
//!   C(n + 1, n)) per ordering.

use serde::Serialize;

use crate::card::Card;
use crate::shuffle::{fresh_deck, Algorithm, Chooser};

use super::{check_range, LabError};

/// The fewest cards the exact lab takes.
pub const MIN_CARDS: usize = 3;
/// The most cards the exact lab takes (7^7 = 823,543 biased runs, 8^7 sort-keys assignments).
pub const MAX_CARDS: usize = 7;

/// Every run of a shuffle of the first `cards` cards of the fresh deck, per ordering.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExactRuns {
    /// The algorithm's id ("fisher-yates", "sort-keys", "biased").
    pub algorithm: &'static str,
    /// The number of cards shuffled: the first ones of the fresh deck (2c 2d 2h 2s 3c 3d 3h).
    pub cards: usize,
    /// The runs counted (for sort-keys: the collision-free key assignments).
    pub runs: u64,
    /// Sort-keys only: key assignments with a collision, after which the real code starts again.
    pub restarted: u64,
    /// Sort-keys only: the number of key values walked (keys 0..key_space); `null` otherwise.
    pub key_space: Option<u32>,
    /// The fewest runs any ordering gets.
    pub min_runs: u64,
    /// The most runs any ordering gets.
    pub max_runs: u64,
    /// Every ordering, in lexicographic order of the permutation, with its run count.
    pub orderings: Vec<OrderingRuns>,
}

/// One ordering and the number of runs that end in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OrderingRuns {
    /// The cards in their shuffled order, as "2c", "2d", … (position 0 first).
    pub order: Vec<Card>,
    /// How many runs end in this ordering.
    pub runs: u64,
}

/// A chooser that replays `path` and records each choice's range: one run of the walk.
struct Walk {
    path: Vec<u32>,
    ranges: Vec<u32>,
    pos: usize,
    /// Keys that belong to the tree (one per card); later keys mean the code restarted.
    tree_keys: usize,
    key_space: u32,
    keys: usize,
    restarted: bool,
    filler: u32,
}

impl Walk {
    fn choose(&mut self, range: u32) -> u32 {
        if self.pos == self.path.len() {
            self.path.push(0);
        }
        self.ranges.push(range);
        self.pos += 1;
        self.path[self.pos - 1]
    }

    fn start_run(&mut self) {
        self.pos = 0;
        self.ranges.clear();
        self.keys = 0;
        self.restarted = false;
        self.filler = 0;
    }

    /// Moves to the next leaf: false when the whole tree has been walked.
    fn advance(&mut self) -> bool {
        self.path.truncate(self.pos);
        while let Some(&last) = self.path.last() {
            let depth = self.path.len() - 1;
            if last + 1 < self.ranges[depth] {
                self.path[depth] += 1;
                return true;
            }
            self.path.pop();
        }
        false
    }
}

impl Chooser for Walk {
    fn below(&mut self, n: u32) -> u32 {
        self.choose(n)
    }

    fn key(&mut self) -> u32 {
        if self.keys < self.tree_keys {
            self.keys += 1;
            self.choose(self.key_space)
        } else {
            // A restart after a collision: distinct keys let the real code finish.
            self.restarted = true;
            self.filler += 1;
            self.filler - 1
        }
    }
}

/// Counts every run of `algorithm` on the first `cards` cards (3 to 7) of the fresh deck.
pub fn exact_runs(algorithm: Algorithm, cards: usize) -> Result<ExactRuns, LabError> {
    check_range("cards", cards as u64, MIN_CARDS as u64, MAX_CARDS as u64)?;
    let n_orderings: usize = (1..=cards).product();
    let mut counts = vec![0u64; n_orderings];
    let key_space = (algorithm == Algorithm::SortKeys).then_some(cards as u32 + 1);
    let mut walk = Walk {
        path: Vec::new(),
        ranges: Vec::new(),
        pos: 0,
        tree_keys: cards,
        key_space: key_space.unwrap_or(0),
        keys: 0,
        restarted: false,
        filler: 0,
    };
    let (mut runs, mut restarted) = (0u64, 0u64);
    let mut items: Vec<u8> = Vec::with_capacity(cards);
    loop {
        walk.start_run();
        items.clear();
        items.extend(0..cards as u8);
        algorithm.shuffle(&mut items, &mut walk);
        if walk.restarted {
            restarted += 1;
        } else {
            runs += 1;
            counts[lex_rank(&items)] += 1;
        }
        if !walk.advance() {
            break;
        }
    }
    let deck = fresh_deck();
    let mut perm: Vec<u8> = (0..cards as u8).collect();
    let mut orderings = Vec::with_capacity(n_orderings);
    for &count in &counts {
        orderings.push(OrderingRuns { order: perm.iter().map(|&i| deck[usize::from(i)]).collect(), runs: count });
        next_permutation(&mut perm);
    }
    Ok(ExactRuns {
        algorithm: algorithm.id(),
        cards,
        runs,
        restarted,
        key_space,
        min_runs: counts.iter().copied().min().unwrap_or(0),
        max_runs: counts.iter().copied().max().unwrap_or(0),
        orderings,
    })
}

/// The position of a permutation of 0..n in lexicographic order (its Lehmer code).
#[doc(hidden)] // public for tests/it
pub fn lex_rank(perm: &[u8]) -> usize {
    let n = perm.len();
    let mut rank = 0;
    for i in 0..n {
        let smaller_later = perm[i + 1..].iter().filter(|&&x| x < perm[i]).count();
        rank = rank * (n - i) + smaller_later;
    }
    rank
}

/// The next permutation in lexicographic order (the first again after the last).
#[doc(hidden)] // public for tests/it
pub fn next_permutation(perm: &mut [u8]) {
    let Some(i) = (1..perm.len()).rev().find(|&i| perm[i - 1] < perm[i]) else {
        perm.reverse();
        return;
    };
    let j = (i..perm.len()).rev().find(|&j| perm[j] > perm[i - 1]).unwrap_or(i);
    perm.swap(i - 1, j);
    perm[i..].reverse();
}
