//! The game's own kind-deal bags, one per [`Situation`], and what their counts imply: how often a
//! dead deal is nudged and how long the runs and droughts can be. Everything is computed from
//! [`Situation::bag_counts`], so it follows the game if the counts ever change.

use serde::Serialize;

use crate::pipeline::nudge::Situation;

/// The bounds of one kind in a shuffle bag (no avoid-repeat) holding `count` of it among `size`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct KindBounds {
    /// Its long-run share: count / size.
    pub rate: f64,
    /// The longest run of it: 2·count (the end of one bag and the start of the next).
    pub longest_run: u64,
    /// The most other items between two of it: 2·(size − count).
    pub longest_gap: u64,
    /// The mean number of other items between two of it: size / count − 1.
    pub mean_gap: f64,
    /// Share of draws that are it right after it: (count(count − 1)/size + (count/size)²) / size.
    pub back_to_back: f64,
}

/// The bounds of a kind with `count` items in a bag of `size` (count ≥ 1, size ≥ count).
pub fn kind_bounds(count: u32, size: u32) -> KindBounds {
    let (c, l) = (f64::from(count), f64::from(size));
    KindBounds {
        rate: c / l,
        longest_run: u64::from(2 * count),
        longest_gap: u64::from(2 * (size - count)),
        mean_gap: l / c - 1.0,
        back_to_back: (c * (c - 1.0) / l + (c / l) * (c / l)) / l,
    }
}

/// One situation's kind-deal bag.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct KindBag {
    /// The situation ("normal", "losing-streak", "low-balance").
    pub situation: Situation,
    /// Nudges in a full bag.
    pub nudges: u32,
    /// Plain (un-nudged) dead deals in a full bag.
    pub plain: u32,
    /// Dead deals per bag.
    pub size: u32,
    /// Nudges: rate per dead deal, the longest run of nudged dead deals, the most plain dead deals
    /// between two nudges, …
    pub nudge: KindBounds,
    /// Plain dead deals: the longest run of dead deals left alone, …
    pub plain_deal: KindBounds,
}

/// The three situations' bags, in [`Situation::ALL`] order.
pub fn kind_bags() -> Vec<KindBag> {
    Situation::ALL
        .iter()
        .map(|&situation| {
            let (nudges, plain) = situation.bag_counts();
            let size = nudges + plain;
            KindBag {
                situation,
                nudges,
                plain,
                size,
                nudge: kind_bounds(nudges, size),
                plain_deal: kind_bounds(plain, size),
            }
        })
        .collect()
}
