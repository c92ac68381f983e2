//! The counting facts of a deck that the exact solver depends on, for the 52-card deck and the
//! 53-card one (the 52 and a wild card without rank or suit), by a family's deck size
//! ([`Family::deck_size`]): the number of deals, where
//! the subsets of each size start in a paytable's pay-sum vector, the number of draws of a hold,
//! the common multiple L of the draw counts and the factors turning a draw total into EV × L.
//!
//! **Layout.** A k-subset's colex rank `Σ C(c_i, i + 1)` does not depend on the deck: the subsets
//! of the 52 cards are exactly the first C(52, k) ranks of the 53 cards'. One layout sized for 53
//! cards could therefore serve both decks, but every 52-card table would then carry C(52, k − 1)
//! empty slots per size k: 23,479 u64 pay sums (188 KB) per machine or kicker table, about 1.1 MB
//! over the six 52-card tables, and 0.36 MB more per 52-card family's counts. Each deck keeps its
//! own offsets instead (a table points at its deck's [`DeckMath`]); it costs one pointer read per
//! hint, nothing measurable.
//!
//! Pure constants: built at compile time.

use crate::eval::Family;

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

/// What the exact solver needs to know about one deck.
#[derive(Debug, PartialEq, Eq)]
pub struct DeckMath {
    /// Cards in the deck (52 or 53).
    pub n_cards: usize,
    /// 5-card deals: C(n, 5) (2,598,960 or 2,869,685).
    pub n_deals: u64,
    /// Suit classes of deals (see [`super::suit_classes`]): 134,459 or 150,891.
    pub n_classes: usize,
    /// Where the subsets of each size start in a pay-sum vector: Σ_{j<k} C(n, j).
    pub size_offset: [usize; 5],
    /// Subsets of 0..=4 cards: Σ_{k≤4} C(n, k) (294,204 or 317,683).
    pub n_small_subsets: usize,
    /// For each 5-bit mask over the sorted dealt cards: the offset of its size (0 for all five).
    pub mask_offset: [usize; 32],
    /// For each hold mask: the equally likely draws, C(n − 5, 5 − cards held).
    pub n_draws: [u32; 32],
    /// The least common multiple L of the draw counts (7,669,695 or 8,561,520): every EV × L is
    /// an integer.
    pub lcm: u64,
    /// For each hold mask: L / its draw count, which turns its draw total into EV × L.
    pub ev_scale: [i64; 32],
    /// The top card that splits the deals into two near-equal halves for two threads.
    pub split_top_card: usize,
}

/// The 52-card deck (Jacks or Better, Bonus Poker, Double Bonus, Deuces Wild, the kicker games).
pub static STANDARD_52: DeckMath = DeckMath::new(52);
/// The 53-card deck: the 52 and one wild card without rank or suit (a family whose
/// [`Family::deck_size`] is 53).
pub static DECK_53: DeckMath = DeckMath::new(53);

impl DeckMath {
    const fn new(n_cards: usize) -> DeckMath {
        let mut size_offset = [0usize; 5];
        let mut k = 1;
        while k < 5 {
            size_offset[k] = size_offset[k - 1] + BINOM[n_cards][k - 1] as usize;
            k += 1;
        }
        let n_small_subsets = size_offset[4] + BINOM[n_cards][4] as usize;
        let mut mask_offset = [0usize; 32];
        let mut n_draws = [0u32; 32];
        let mut mask = 0;
        while mask < 32 {
            let held = (mask as u32).count_ones() as usize;
            if held < 5 {
                mask_offset[mask] = size_offset[held];
            }
            n_draws[mask] = BINOM[n_cards - 5][5 - held];
            mask += 1;
        }
        let mut lcm = 1u64;
        mask = 0;
        while mask < 32 {
            let n = n_draws[mask] as u64;
            lcm = lcm / gcd(lcm, n) * n;
            mask += 1;
        }
        let mut ev_scale = [0i64; 32];
        mask = 0;
        while mask < 32 {
            ev_scale[mask] = (lcm / n_draws[mask] as u64) as i64;
            mask += 1;
        }
        let n_deals = BINOM[n_cards][5] as u64;
        let mut split_top_card = 5;
        while (BINOM[split_top_card][5] as u64) * 2 < n_deals {
            split_top_card += 1;
        }
        // Five natural cards, then (on 53 cards) four natural cards and the 53rd.
        let n_classes = if n_cards == 53 { 134_459 + 16_432 } else { 134_459 };
        DeckMath {
            n_cards,
            n_deals,
            n_classes,
            size_offset,
            n_small_subsets,
            mask_offset,
            n_draws,
            lcm,
            ev_scale,
            split_top_card,
        }
    }

    /// The facts of the deck a family deals from, by its size ([`Family::deck_size`], as
    /// `crate::table::Deck::of` the family; `strategy` does not import `table`, which imports it).
    pub fn of_family(family: Family) -> &'static DeckMath {
        match family.deck_size() {
            52 => &STANDARD_52,
            53 => &DECK_53,
            n => panic!("no deck of {n} cards"),
        }
    }

    /// The common denominator of every exact total over all deals: L × the number of deals.
    pub fn denominator(&self) -> u128 {
        u128::from(self.lcm) * u128::from(self.n_deals)
    }
}

const fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
