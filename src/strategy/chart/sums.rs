//! The pays' part of a chart: every suit class solved exactly under one paytable's tables, and
//! the EV of the hold each class names added into its group. All values are exact integers:
//! EV × L × deals (L = the common multiple of the draw counts, see `exact.rs`).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::strategy::exact::best_mask;
use crate::strategy::solver::{category_of, draw_pay_totals};
use crate::strategy::tables::{subset_ranks, MachineTables};

use super::hands::FamilyHands;
use super::Cancelled;

/// The ranking's input: per group and class present, the summed EV × L × weight of the hold the
/// class names; per group, the same for the best hold.
pub(crate) struct Problem<'a> {
    pub hands: &'a FamilyHands,
    /// Aligned with `hands.g_classes`.
    pub sums: Vec<i64>,
    /// Per group.
    pub optimal: Vec<i64>,
}

/// Hands solved between two looks at the cancel flag.
const CANCEL_CHUNK: usize = 4096;

impl<'a> Problem<'a> {
    /// Solves every hand of the family under `tables` (the paytable's) on the available cores.
    pub(crate) fn solve(
        hands: &'a FamilyHands,
        tables: &MachineTables,
        cancel: &AtomicBool,
    ) -> Result<Problem<'a>, Cancelled> {
        let n_threads = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 16);
        let n_hands = hands.hands.len();
        let run = n_hands.div_ceil(n_threads);
        let parts: Vec<Option<(Vec<i64>, Vec<i64>)>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..n_threads)
                .map(|t| {
                    let range = (t * run).min(n_hands)..((t + 1) * run).min(n_hands);
                    scope.spawn(move || solve_run(hands, tables, range, cancel))
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
        });
        let mut parts = parts.into_iter();
        let (mut sums, mut optimal) = parts.next().flatten().ok_or(Cancelled)?;
        for part in parts {
            let (more_sums, more_optimal) = part.ok_or(Cancelled)?;
            sums.iter_mut().zip(more_sums).for_each(|(a, b)| *a += b);
            optimal.iter_mut().zip(more_optimal).for_each(|(a, b)| *a += b);
        }
        Ok(Problem { hands, sums, optimal })
    }

    /// The sums of group `g`, aligned with its classes.
    pub(crate) fn group_sums(&self, g: usize) -> &[i64] {
        &self.sums[self.hands.g_start[g] as usize..self.hands.g_start[g + 1] as usize]
    }
}

fn solve_run(
    hands: &FamilyHands,
    tables: &MachineTables,
    range: std::ops::Range<usize>,
    cancel: &AtomicBool,
) -> Option<(Vec<i64>, Vec<i64>)> {
    let ev_scale = &tables.deck().ev_scale;
    let mut sums = vec![0i64; hands.g_classes.len()];
    let mut optimal = vec![0i64; hands.n_groups()];
    for (count, h) in range.enumerate() {
        if count % CANCEL_CHUNK == 0 && cancel.load(Ordering::Relaxed) {
            return None;
        }
        let cards = hands.hands[h].card_indices();
        let ranks = subset_ranks(&cards);
        let dealt = tables.pay_of_category(category_of(hands.family, cards));
        let totals = draw_pay_totals(tables, &ranks, dealt);
        let weight = i64::from(hands.hands[h].weight());
        let best = best_mask(tables.deck(), &totals);
        let group = hands.group_of[h] as usize;
        optimal[group] += weight * totals[best] * ev_scale[best];
        let start = hands.g_start[group] as usize;
        let masks = &hands.masks[hands.h_start[h] as usize..hands.h_start[h + 1] as usize];
        for (slot, &mask) in sums[start..start + masks.len()].iter_mut().zip(masks) {
            let mask = usize::from(mask);
            *slot += weight * totals[mask] * ev_scale[mask];
        }
    }
    Some((sums, optimal))
}
