//! What a chart line can see of a hold: the shape of the held cards (how many, how many of the
//! family's wild cards ([`Family::is_wild`]), ranks, suitedness, high cards, straight windows, the
//! made category), computed once per hold and then tested by every class's matcher. Cards are
//! indices `rank * 4 + suit`, rank 0 the two; a card past the 52 is wild and has no rank.

use crate::eval::Family;
use crate::hold_class::HIGH_RANKS;

/// The ten five-rank straight windows, A-2-3-4-5 up to T-J-Q-K-A, as rank masks.
const WINDOWS: [u16; 10] = build_windows();

const fn build_windows() -> [u16; 10] {
    let mut windows = [0u16; 10];
    windows[0] = 0b1_0000_0000_1111; // A 2 3 4 5
    let mut low = 0;
    while low < 9 {
        windows[low + 1] = 0b1_1111 << low;
        low += 1;
    }
    windows
}


/// The shape of one hold of one dealt hand.
#[doc(hidden)] // public for tests/it
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HoldShape {
    /// Cards held (0–5).
    pub n: u8,
    /// Wild cards held ([`Family::is_wild`]); always 0 on the natural family.
    pub deuces: u8,
    /// Whether every wild card of the hand is held (always true on the natural family).
    pub keeps_deuces: bool,
    /// Rank mask of the held cards that are not wild.
    pub mask: u16,
    /// The most held cards of one rank (wild cards not counted).
    pub max_count: u8,
    /// The rank that is held `max_count` times (the highest such rank).
    pub top_rank: u8,
    /// Ranks held exactly twice.
    pub pairs: u8,
    /// Whether all held cards that are not wild share one suit (true for 0 or 1 such card).
    pub suited: bool,
    /// Held high cards (distinct ranks): of the family's paying pairs' ranks ([`Family::paying_pair_ranks`]),
    /// jack or higher where no pair pays.
    pub high: u8,
    /// Straight windows containing every held rank (0 when a rank repeats).
    pub windows: u8,
    /// The windows a drawn natural card can complete: on the natural family all of them; on
    /// Deuces Wild those without a two (A-5 and 2-6 need a deuce there, which completes any
    /// window anyway), so 3-4-5-6 has one way (only a 7 or a deuce), 4-5-6-7 two.
    pub ways: u8,
    /// The family category of the five held cards, when all five are held.
    pub category: u8,
}

impl HoldShape {
    /// The shape of the hold `mask` (bit i holds `cards[i]`) of a dealt hand.
    pub fn of(family: Family, cards: &[usize; 5], mask: u8) -> HoldShape {
        let wild = |card: usize| family.is_wild(card);
        let mut shape = HoldShape { keeps_deuces: true, suited: true, ..HoldShape::default() };
        let mut counts = [0u8; 13];
        let mut suit = None;
        for (idx, &card) in cards.iter().enumerate() {
            let held = mask & (1 << idx) != 0;
            if wild(card) {
                if held {
                    shape.deuces += 1;
                } else {
                    shape.keeps_deuces = false;
                }
            }
            if !held {
                continue;
            }
            shape.n += 1;
            if wild(card) {
                continue;
            }
            let rank = card >> 2;
            counts[rank] += 1;
            shape.mask |= 1 << rank;
            match suit {
                None => suit = Some(card & 3),
                Some(s) if s != card & 3 => shape.suited = false,
                Some(_) => {}
            }
        }
        for (rank, &count) in counts.iter().enumerate() {
            if count >= shape.max_count && count > 0 {
                shape.max_count = count;
                shape.top_rank = rank as u8;
            }
            shape.pairs += u8::from(count == 2);
        }
        // The family's paying pairs are its high cards; where no pair pays (Deuces Wild) the
        // charts' words still call jacks to aces high.
        let high_ranks = match family.paying_pair_ranks() {
            0 => HIGH_RANKS,
            ranks => ranks,
        };
        shape.high = (shape.mask & high_ranks).count_ones() as u8;
        let naturals = shape.n - shape.deuces;
        if shape.mask.count_ones() == u32::from(naturals) {
            shape.windows = WINDOWS.iter().filter(|&&w| shape.mask & !w == 0).count() as u8;
            let natural_windows = if family == Family::Deuces { &WINDOWS[2..] } else { &WINDOWS[..] };
            shape.ways = natural_windows.iter().filter(|&&w| shape.mask & !w == 0).count() as u8;
        }
        if shape.n == 5 {
            shape.category = family.category_index_of_indices(*cards) as u8;
        }
        shape
    }

    /// Held cards that are not wild.
    pub(crate) fn naturals(&self) -> u8 {
        self.n - self.deuces
    }

    /// Whether the held ranks are distinct.
    pub(crate) fn distinct(&self) -> bool {
        self.mask.count_ones() == u32::from(self.naturals())
    }
}
