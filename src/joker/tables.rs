//! The precomputed tables behind the Joker Poker solver: the colex rank of every subset of at most
//! four of the 53 cards, per subset the category counts of the 5-card hands that contain it, and
//! per paytable the matching pay totals. The same scheme as [`crate::strategy::tables`], on 53
//! cards and the twelve [`JokerCategory`]s.
//!
//! A k-subset's colex rank is `Σ C(c_i, i + 1)` over its cards in increasing order; it numbers the
//! k-subsets of the 53 cards densely from 0 to C(53, k) − 1. The counts are built once per process
//! (about 25 ms on two threads: every one of the 2,869,685 hands evaluated once and counted into its
//! five 4-card subsets, the smaller subsets derived from those); a paytable's totals fold them with
//! its pays in a few milliseconds. Pure computation: no file, clock or RNG.

use std::sync::OnceLock;

use super::eval::{evaluate_joker_indices, JokerCategory, N_CARDS};
use crate::machine::Paytable;

/// Category slots per subset: the twelve categories padded to 16, so a row is a power-of-two size
/// and the per-row additions vectorise.
pub(crate) const CAT_SLOTS: usize = 16;
const _: () = assert!(JokerCategory::ALL.len() <= CAT_SLOTS);

/// `BINOM[n][k]` = C(n, k) for n ≤ 53 and k ≤ 5 (0 when k > n, which colex ranking relies on).
#[doc(hidden)] // public for tests/it
pub const BINOM: [[u32; 6]; 54] = build_binom();

const fn build_binom() -> [[u32; 6]; 54] {
    let mut table = [[0u32; 6]; 54];
    let mut n = 0;
    while n < 54 {
        table[n][0] = 1;
        let mut k = 1;
        while k < 6 {
            if n > 0 {
                table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            }
            k += 1;
        }
        n += 1;
    }
    table
}

/// Where the subsets of each size start in a paytable's pay-total vector: Σ_{j<k} C(53, j).
#[doc(hidden)] // public for tests/it
pub const SIZE_OFFSET: [usize; 5] = [0, 1, 54, 1_432, 24_858];
/// Subsets of 0..=4 of the 53 cards: Σ_{k≤4} C(53, k).
#[doc(hidden)] // public for tests/it
pub const N_SMALL_SUBSETS: usize = 317_683;
const _: () = assert!(SIZE_OFFSET[4] + BINOM[53][4] as usize == N_SMALL_SUBSETS);

/// For each 5-bit mask over the sorted dealt cards: the offset of its size in the pay totals.
pub(crate) const MASK_OFFSET: [usize; 32] = build_mask_offset();

const fn build_mask_offset() -> [usize; 32] {
    let mut table = [0usize; 32];
    let mut mask = 0;
    while mask < 31 {
        table[mask] = SIZE_OFFSET[(mask as u32).count_ones() as usize];
        mask += 1;
    }
    table
}

/// The number of bits set in each 5-bit mask.
pub(crate) const POPCOUNT: [u8; 32] = build_popcount();

const fn build_popcount() -> [u8; 32] {
    let mut table = [0u8; 32];
    let mut mask = 0;
    while mask < 32 {
        table[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    table
}

/// The colex rank of every subset of five sorted card indices (0..=52), indexed by the 5-bit mask
/// of which sorted cards it holds (bit j = the j-th smallest card).
#[doc(hidden)] // public for tests/it
#[inline]
pub fn subset_ranks(sorted: &[usize; 5]) -> [u32; 32] {
    let mut ranks = [0u32; 32];
    // Card j is the largest card of every subset that holds it among the first j + 1, at position
    // popcount(rest) in it: adding it to `rest` adds C(card, popcount(rest) + 1).
    for (j, &card) in sorted.iter().enumerate() {
        let binom = &BINOM[card];
        for rest in 0..(1usize << j) {
            ranks[rest | (1 << j)] = ranks[rest] + binom[POPCOUNT[rest] as usize + 1];
        }
    }
    ranks
}

/// Per subset of at most four of the 53 cards, how many of the 5-card hands holding it fall in each
/// category (about 5.5 MB), built once per process.
pub struct JokerCounts {
    /// 4-card subsets: at most 49 hands hold one.
    four: Vec<[u8; CAT_SLOTS]>,
    /// 3-card subsets: at most C(50, 2) = 1,225 hands.
    three: Vec<[u16; CAT_SLOTS]>,
    /// 2-card subsets: at most C(51, 3) = 20,825 hands.
    two: Vec<[u16; CAT_SLOTS]>,
    /// 1-card subsets: C(52, 4) = 270,725 hands.
    one: Vec<[u32; CAT_SLOTS]>,
    /// The empty subset: every hand.
    zero: [u32; CAT_SLOTS],
}

impl JokerCounts {
    /// Counts every 5-card hand of the 53 cards into its five 4-card subsets (two threads), then
    /// derives the smaller subsets.
    pub fn build() -> JokerCounts {
        let (mut four, upper) = std::thread::scope(|scope| {
            let upper = scope.spawn(|| count_four_card_subsets(SPLIT_TOP_CARD..N_CARDS));
            let lower = count_four_card_subsets(4..SPLIT_TOP_CARD);
            // The worker only panics on a broken invariant; passing the panic on keeps it visible.
            (lower, upper.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
        });
        for (row, more) in four.iter_mut().zip(upper.iter()) {
            for (count, &extra) in row.iter_mut().zip(more.iter()) {
                *count += extra;
            }
        }
        let three: Vec<[u16; CAT_SLOTS]> = shrink(&four, 4);
        let two: Vec<[u16; CAT_SLOTS]> = shrink(&three, 3);
        let one: Vec<[u32; CAT_SLOTS]> = shrink(&two, 2);
        let zero: Vec<[u32; CAT_SLOTS]> = shrink(&one, 1);
        JokerCounts { four, three, two, one, zero: zero[0] }
    }

    /// The category counts of the hands holding the subset of `size` cards (0..=4) with colex
    /// `rank`, widened to u32.
    #[doc(hidden)] // public for tests/it
    pub fn counts(&self, size: usize, rank: u32) -> [u32; CAT_SLOTS] {
        let rank = rank as usize;
        match size {
            4 => self.four[rank].map(u32::from),
            3 => self.three[rank].map(u32::from),
            2 => self.two[rank].map(u32::from),
            1 => self.one[rank],
            _ => self.zero,
        }
    }

    /// Adds `sign` × the category counts of the subset of `size` cards with colex `rank`.
    #[inline]
    pub(crate) fn add_counts(&self, size: usize, rank: u32, sign: i64, acc: &mut [i64; CAT_SLOTS]) {
        let rank = rank as usize;
        match size {
            4 => add_row(&self.four[rank], sign, acc),
            3 => add_row(&self.three[rank], sign, acc),
            2 => add_row(&self.two[rank], sign, acc),
            1 => add_row(&self.one[rank], sign, acc),
            _ => add_row(&self.zero, sign, acc),
        }
    }

    /// Bytes held.
    pub fn n_bytes(&self) -> usize {
        std::mem::size_of_val(self.four.as_slice())
            + std::mem::size_of_val(self.three.as_slice())
            + std::mem::size_of_val(self.two.as_slice())
            + std::mem::size_of_val(self.one.as_slice())
            + std::mem::size_of::<JokerCounts>()
    }
}

/// The counts of the process, built on first use (other callers wait for the one build).
pub fn joker_counts() -> &'static JokerCounts {
    static COUNTS: OnceLock<JokerCounts> = OnceLock::new();
    COUNTS.get_or_init(JokerCounts::build)
}

/// One paytable's totals: per subset of at most four cards, the total pay of the 5-card hands
/// holding it, ordered by subset size then colex rank (about 2.5 MB).
pub struct JokerPaySums {
    pays: [u32; CAT_SLOTS],
    sums: Vec<u64>,
}

impl JokerPaySums {
    /// Folds the shared counts with the table's pays (a few milliseconds once the counts exist).
    pub fn new(table: &Paytable, counts: &JokerCounts) -> JokerPaySums {
        let mut pays = [0u32; CAT_SLOTS];
        pays[..12].copy_from_slice(table.pay_by_category());
        let mut sums = Vec::with_capacity(N_SMALL_SUBSETS);
        sums.push(row_pay(&counts.zero, &pays));
        sums.extend(counts.one.iter().map(|row| row_pay(row, &pays)));
        sums.extend(counts.two.iter().map(|row| row_pay(row, &pays)));
        sums.extend(counts.three.iter().map(|row| row_pay(row, &pays)));
        sums.extend(counts.four.iter().map(|row| row_pay(row, &pays)));
        debug_assert_eq!(sums.len(), N_SMALL_SUBSETS);
        JokerPaySums { pays, sums }
    }

    /// The total pay of the hands holding the subset at `offset` ([`MASK_OFFSET`]) + colex `rank`.
    #[inline]
    pub(crate) fn pay_sum(&self, offset: usize, rank: u32) -> u64 {
        self.sums[offset + rank as usize]
    }

    /// The pay per coin of a category index.
    #[inline]
    pub(crate) fn pay_of_category(&self, category: usize) -> u32 {
        self.pays[category]
    }

    /// Bytes held.
    pub fn n_bytes(&self) -> usize {
        std::mem::size_of_val(self.sums.as_slice()) + std::mem::size_of::<JokerPaySums>()
    }
}

/// The top card splitting the hands into two near-equal halves for two threads: C(47, 5) =
/// 1,533,939 hands have a top card below it, 1,335,746 have it or a higher one.
const SPLIT_TOP_CARD: usize = 47;

/// Counts the hands c0 < … < c4 with c4 in `top_cards` into their five 4-card subsets. c0 is the
/// innermost card so that four of the five subsets of consecutive hands have consecutive ranks.
#[allow(clippy::needless_range_loop)] // The loop variables are cards, not positions in BINOM.
fn count_four_card_subsets(top_cards: std::ops::Range<usize>) -> Vec<[u8; CAT_SLOTS]> {
    let mut four = vec![[0u8; CAT_SLOTS]; BINOM[N_CARDS][4] as usize];
    for c4 in top_cards {
        let b4_4 = BINOM[c4][4] as usize;
        for c3 in 3..c4 {
            let b3_4 = BINOM[c3][4] as usize;
            let b3_3 = BINOM[c3][3] as usize;
            for c2 in 2..c3 {
                let b2_3 = BINOM[c2][3] as usize;
                let b2_2 = BINOM[c2][2] as usize;
                for c1 in 1..c2 {
                    let b1_2 = BINOM[c1][2] as usize;
                    let drop4 = b1_2 + b2_3 + b3_4;
                    let drop3 = b1_2 + b2_3 + b4_4;
                    let drop2 = b1_2 + b3_3 + b4_4;
                    let drop1 = b2_2 + b3_3 + b4_4;
                    let drop0 = c1 + b2_2 + b3_3 + b4_4;
                    for c0 in 0..c1 {
                        let category = evaluate_joker_indices([c0, c1, c2, c3, c4]) as usize;
                        four[drop4 + c0][category] += 1;
                        four[drop3 + c0][category] += 1;
                        four[drop2 + c0][category] += 1;
                        four[drop1 + c0][category] += 1;
                        four[drop0][category] += 1;
                    }
                }
            }
        }
    }
    four
}

/// Derives the counts of (size − 1)-card subsets from those of `size`-card subsets: a hand holding
/// S is counted once under each of its 6 − size one-card extensions of S.
fn shrink<Small, Big>(bigger: &[[Big; CAT_SLOTS]], size: usize) -> Vec<[Small; CAT_SLOTS]>
where
    Big: Copy + Into<u32>,
    Small: Copy + TryFrom<u32>,
{
    let n_smaller = BINOM[N_CARDS][size - 1] as usize;
    let mut acc = vec![[0u32; CAT_SLOTS]; n_smaller];
    // Colex order is rank order, starting from {0, 1, …}.
    let mut cards = [0usize, 1, 2, 3];
    for (rank, row) in bigger.iter().enumerate() {
        if rank > 0 {
            next_colex(&mut cards[..size]);
        }
        for drop in 0..size {
            let mut smaller_rank = 0usize;
            for (pos, &card) in cards[..size].iter().enumerate() {
                if pos < drop {
                    smaller_rank += BINOM[card][pos + 1] as usize;
                } else if pos > drop {
                    smaller_rank += BINOM[card][pos] as usize;
                }
            }
            for (slot, &count) in acc[smaller_rank].iter_mut().zip(row.iter()) {
                *slot += count.into();
            }
        }
    }
    let divisor = (6 - size) as u32;
    acc.iter()
        .map(|row| {
            row.map(|total| {
                debug_assert_eq!(total % divisor, 0);
                Small::try_from(total / divisor)
                    .ok()
                    .expect("a count never exceeds C(53 - size, 5 - size), which fits the row type")
            })
        })
        .collect()
}

/// Steps sorted `cards` to the next subset in colex order.
fn next_colex(cards: &mut [usize]) {
    let last = cards.len() - 1;
    let mut pos = 0;
    while pos < last && cards[pos] + 1 == cards[pos + 1] {
        pos += 1;
    }
    cards[pos] += 1;
    for (reset, card) in cards[..pos].iter_mut().enumerate() {
        *card = reset;
    }
}

fn add_row<T: Copy + Into<i64>>(row: &[T; CAT_SLOTS], sign: i64, acc: &mut [i64; CAT_SLOTS]) {
    for (slot, &count) in acc.iter_mut().zip(row.iter()) {
        *slot += sign * count.into();
    }
}

fn row_pay<T: Copy + Into<u32>>(row: &[T; CAT_SLOTS], pay: &[u32; CAT_SLOTS]) -> u64 {
    row.iter().zip(pay.iter()).map(|(&count, &pay)| u64::from(count.into()) * u64::from(pay)).sum()
}
