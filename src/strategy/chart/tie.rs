//! Which hold each class names in a dealt hand: every one of the 32 holds is matched against the
//! family's classes, and when several holds of the hand match the same class the line's fixed
//! card rule picks one (no EV is consulted):
//!
//! 1. the class's preference on the held ranks, compared from the highest down: the highest ranks
//!    for most classes, the lowest for high-card classes (of A, K, Q unsuited keep KQ);
//! 2. then the hold with fewer discards of a held card's suit (fewer flush penalty cards);
//! 3. then a fixed comparison of the suit patterns (each suit's held and discarded ranks as bit
//!    masks, sorted, larger first). Holds it cannot separate are mirror images of each other
//!    under a change of suits, worth exactly the same; the smaller mask is taken.
//!
//! Every step looks only at ranks and at how suits are shared, so a hand and any relabelling of
//! its suits pick corresponding holds: the suit-class walk and the walk over all deals agree.

use crate::eval::Family;

use super::classes::{ClassDef, Prefer};
use super::shape::HoldShape;

/// The family's classes grouped by (cards held, deuces held), so a hold is tested only against
/// the classes that could match it.
pub(crate) struct Matcher {
    family: Family,
    defs: &'static [ClassDef],
    buckets: Vec<Vec<u16>>,
}

/// The hold that one class names in one hand, with its tie key.
#[derive(Clone, Copy)]
struct Pick {
    mask: u8,
    key: TieKey,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct TieKey {
    /// Held ranks, highest first, four bits each (flipped for `Prefer::Lowest`).
    ranks: u32,
    /// 255 minus the discards sharing a suit with a held card.
    fewer_penalties: u8,
    /// The sorted per-suit (held << 13 | discarded) rank masks.
    pattern: u128,
    /// 31 minus the mask: the smaller mask wins a mirror-image tie.
    smaller_mask: u8,
}

impl Matcher {
    /// The matcher for a family's classes.
    pub(crate) fn new(family: Family, defs: &'static [ClassDef]) -> Matcher {
        let mut buckets = vec![Vec::new(); 6 * 5];
        for (idx, def) in defs.iter().enumerate() {
            buckets[bucket(def.n, def.deuces.unwrap_or(0))].push(idx as u16);
        }
        Matcher { family, defs, buckets }
    }

    /// The family's classes.
    pub(crate) fn defs(&self) -> &'static [ClassDef] {
        self.defs
    }

    /// Every class present in the hand with the hold it names (bit i holds `cards[i]`), sorted by
    /// class number. `scratch` must hold one slot per class and be all `None`; it is left so.
    pub(crate) fn classify(&self, cards: &[usize; 5], scratch: &mut [Option<u8>], out: &mut Vec<(u16, u8)>) {
        out.clear();
        let mut picks: Vec<Pick> = Vec::with_capacity(8);
        for mask in 0..32u8 {
            let shape = HoldShape::of(self.family, cards, mask);
            let mut key: Option<TieKey> = None;
            for &class in &self.buckets[bucket(shape.n, shape.deuces)] {
                let def = &self.defs[class as usize];
                if !def.matches(&shape) {
                    continue;
                }
                let key = *key.get_or_insert_with(|| tie_key(self.family, cards, mask));
                let key = match def.prefer {
                    Prefer::Highest => key,
                    Prefer::Lowest => TieKey { ranks: !key.ranks, ..key },
                };
                match scratch[class as usize] {
                    None => {
                        scratch[class as usize] = Some(picks.len() as u8);
                        picks.push(Pick { mask, key });
                        out.push((class, mask));
                    }
                    Some(slot) => {
                        let current = &mut picks[slot as usize];
                        if key > current.key {
                            *current = Pick { mask, key };
                        }
                    }
                }
            }
        }
        for entry in out.iter_mut() {
            if let Some(slot) = scratch[entry.0 as usize].take() {
                entry.1 = picks[slot as usize].mask;
            }
        }
        out.sort_unstable_by_key(|&(class, _)| class);
    }
}

fn bucket(n: u8, deuces: u8) -> usize {
    usize::from(n) * 5 + usize::from(deuces)
}

/// Whether the card index is past the 52 natural cards: a wild card without suit or rank.
fn suitless(card: usize) -> bool {
    card >= 52
}

/// The tie key of one hold (before the class's preference flips the ranks).
fn tie_key(family: Family, cards: &[usize; 5], mask: u8) -> TieKey {
    let mut held_ranks = [0u8; 5];
    let mut n_held = 0;
    let mut held_suits = 0u8;
    let mut per_suit = [0u32; 4];
    for (idx, &card) in cards.iter().enumerate() {
        if suitless(card) {
            // A card past the 52 has no suit and no rank: every hold a class compares keeps it
            // alike.
            continue;
        }
        let (rank, suit) = (card >> 2, card & 3);
        if mask & (1 << idx) != 0 {
            held_ranks[n_held] = rank as u8;
            n_held += 1;
            if !(family == Family::Deuces && rank == 0) {
                held_suits |= 1 << suit;
            }
            per_suit[suit] |= 1 << (rank + 13);
        } else {
            per_suit[suit] |= 1 << rank;
        }
    }
    held_ranks[..n_held].sort_unstable_by(|a, b| b.cmp(a));
    let ranks = held_ranks.iter().take(n_held).fold(0u32, |acc, &r| acc << 4 | u32::from(r));
    let penalties = (0..5)
        .filter(|&idx| mask & (1 << idx) == 0 && !suitless(cards[idx]) && held_suits & (1 << (cards[idx] & 3)) != 0)
        .count();
    per_suit.sort_unstable_by(|a, b| b.cmp(a));
    let pattern = per_suit.iter().fold(0u128, |acc, &v| acc << 26 | u128::from(v));
    TieKey { ranks, fewer_penalties: 255 - penalties as u8, pattern, smaller_mask: 31 - mask }
}
