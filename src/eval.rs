//! Hand evaluators for the three game families (Joker Poker's is [`crate::joker::eval`]).
//!
//! The natural family (Jacks or Better, Bonus Poker, Double Bonus, the kicker games Double Double
//! Bonus and Triple Double Bonus, Aces & Faces, Super Double Bonus) tells four aces, four 2–4,
//! four J–K and four 5–10 apart, four aces and four 2–4 each by their kicker (the fifth card: a 2,
//! 3 or 4 beside four aces, an A, 2, 3 or 4 beside four 2s–4s, or any other), and a low pair from
//! jacks or better; a paytable decides what each pays (one row may cover several categories: Jacks
//! or Better's `four-of-a-kind` all six kinds of four, Bonus Poker's `four-5-k` four J–K and four
//! 5–10). The wheel A-2-3-4-5 is a straight; Q-K-A-2-3 is not. Deuces Wild treats every deuce as
//! wild and gives each hand its best-paying category; it tells four deuces with an ace from four
//! deuces with another card, and five aces, five 3s–5s and five 6s–Ks apart (Bonus Deuces Wild
//! pays them apart; Deuces Wild's rows cover them together). Joker Poker's joker (card index 52) is wild in
//! [`evaluate_joker_indices`]; the natural and deuces evaluators are never given it (a table's
//! deck has it only when its family is the joker's, and cards entering for a table are checked
//! against its deck).
//!
//! Evaluation is pure arithmetic on rank bit masks: no allocation, no tables to build, so the
//! strategy tables can evaluate all 2,598,960 hands quickly.

use serde::Serialize;

use crate::card::Card;
pub use crate::joker::eval::{evaluate_joker, evaluate_joker_indices, JokerCategory};

/// A game family: the evaluator a machine uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// No wild cards (Jacks or Better, Bonus Poker, Double Bonus).
    Natural,
    /// Deuces are wild.
    Deuces,
    /// The joker (a 53rd card) is wild: Joker Poker ([`crate::joker`]).
    Joker,
}

/// A natural (no wild cards) hand category, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)] // The variant names say it all.
pub enum NaturalCategory {
    RoyalFlush,
    StraightFlush,
    /// Four aces with a 2, 3 or 4 as the fifth card (12 hands).
    #[serde(rename = "four-aces-2-4-kicker")]
    FourAcesTwoToFourKicker,
    /// Four aces with a 5 to a king as the fifth card (36 hands).
    #[serde(rename = "four-aces-5-k-kicker")]
    FourAcesOtherKicker,
    /// Four 2s, 3s or 4s with an ace, 2, 3 or 4 as the fifth card (36 hands).
    #[serde(rename = "four-2-4-a-4-kicker")]
    FourTwosToFoursAceToFourKicker,
    /// Four 2s, 3s or 4s with a 5 to a king as the fifth card (108 hands).
    #[serde(rename = "four-2-4-5-k-kicker")]
    FourTwosToFoursOtherKicker,
    /// Four jacks, queens or kings, any fifth card (144 hands).
    #[serde(rename = "four-j-k")]
    FourJacksToKings,
    /// Four of 5 … 10, any fifth card (288 hands).
    #[serde(rename = "four-5-10")]
    FourFivesToTens,
    FullHouse,
    Flush,
    Straight,
    ThreeOfAKind,
    TwoPair,
    JacksOrBetter,
    LowPair,
    Nothing,
}

/// A Deuces Wild hand category, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)] // The variant names say it all.
pub enum DeucesCategory {
    NaturalRoyalFlush,
    /// Four deuces with an ace as the fifth card (4 hands).
    FourDeucesWithAce,
    /// Four deuces with any other fifth card (44 hands).
    FourDeuces,
    WildRoyalFlush,
    /// Five aces: aces and one to three deuces.
    FiveAces,
    /// Five 3s, 4s or 5s.
    #[serde(rename = "five-3-5")]
    FiveThreesToFives,
    /// Five of 6 … K.
    #[serde(rename = "five-6-k")]
    FiveSixesToKings,
    StraightFlush,
    FourOfAKind,
    FullHouse,
    Flush,
    Straight,
    ThreeOfAKind,
    Nothing,
}

impl NaturalCategory {
    /// All natural categories, best first; a category's index is its position here.
    pub const ALL: [NaturalCategory; 16] = [
        NaturalCategory::RoyalFlush,
        NaturalCategory::StraightFlush,
        NaturalCategory::FourAcesTwoToFourKicker,
        NaturalCategory::FourAcesOtherKicker,
        NaturalCategory::FourTwosToFoursAceToFourKicker,
        NaturalCategory::FourTwosToFoursOtherKicker,
        NaturalCategory::FourJacksToKings,
        NaturalCategory::FourFivesToTens,
        NaturalCategory::FullHouse,
        NaturalCategory::Flush,
        NaturalCategory::Straight,
        NaturalCategory::ThreeOfAKind,
        NaturalCategory::TwoPair,
        NaturalCategory::JacksOrBetter,
        NaturalCategory::LowPair,
        NaturalCategory::Nothing,
    ];

    /// The category's index: its position in [`NaturalCategory::ALL`] (what paytable rows and the
    /// strategy tables use).
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl DeucesCategory {
    /// All Deuces Wild categories, best first; a category's index is its position here.
    pub const ALL: [DeucesCategory; 14] = [
        DeucesCategory::NaturalRoyalFlush,
        DeucesCategory::FourDeucesWithAce,
        DeucesCategory::FourDeuces,
        DeucesCategory::WildRoyalFlush,
        DeucesCategory::FiveAces,
        DeucesCategory::FiveThreesToFives,
        DeucesCategory::FiveSixesToKings,
        DeucesCategory::StraightFlush,
        DeucesCategory::FourOfAKind,
        DeucesCategory::FullHouse,
        DeucesCategory::Flush,
        DeucesCategory::Straight,
        DeucesCategory::ThreeOfAKind,
        DeucesCategory::Nothing,
    ];

    /// The category's index: its position in [`DeucesCategory::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// What the plain rule (`strategy::drill`) keeps of a paying dealt hand, by the hand's category
/// (bit i: the category of index i); a paying category in neither mask keeps all five cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlainKeeps {
    /// The cards whose natural rank appears at least twice (the quad, the trips, both pairs, the
    /// high pair).
    pub paired: u16,
    /// The wild cards plus the natural cards of the most frequent rank, the higher on a tie.
    pub wild_and_top: u16,
    /// The wild cards alone.
    pub wild: u16,
}

/// The natural family's high cards: jack to ace (a pair of them pays).
const JACKS_TO_ACES: u16 = 0b1_1110_0000_0000;

/// The mask of the categories at `indices` (each a category's `index()`), for any family.
const fn bits(indices: &[usize]) -> u16 {
    let mut mask = 0u16;
    let mut i = 0;
    while i < indices.len() {
        mask |= 1 << indices[i];
        i += 1;
    }
    mask
}

/// The family seam: every fact a family's code elsewhere asks of it, in one place; each arm asks
/// the family's own module (Joker Poker's: [`crate::joker`]). Nothing else matches on the family to
/// learn its deck, its wild card, its evaluator or its high cards.
impl Family {
    /// Every family, in a fixed order ([`Family::index`]).
    pub const ALL: [Family; 3] = [Family::Natural, Family::Deuces, Family::Joker];

    /// The family's position in [`Family::ALL`] (for per-family slots).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The family's id: "natural", "deuces" or "joker".
    pub const fn id(self) -> &'static str {
        match self {
            Family::Natural => "natural",
            Family::Deuces => "deuces",
            Family::Joker => "joker",
        }
    }

    /// The family with this id ([`Family::id`]).
    pub fn parse(id: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|family| family.id() == id)
    }

    /// The number of cards of the family's deck (`crate::table::Deck::of` the family): 52, or 53
    /// with the joker.
    pub const fn deck_size(self) -> usize {
        match self {
            Family::Natural | Family::Deuces => 52,
            Family::Joker => crate::joker::eval::N_CARDS,
        }
    }

    /// Whether a card (by index) is wild in this family: none on the natural family, the deuces on
    /// Deuces Wild, the joker on Joker Poker.
    #[inline]
    pub const fn is_wild(self, card: usize) -> bool {
        match self {
            Family::Natural => false,
            Family::Deuces => card < 4,
            Family::Joker => crate::joker::plain::is_wild(card),
        }
    }

    /// The ranks (bits, 2 = bit 0) of which a pair pays by itself: jacks to aces on the natural
    /// family, kings and aces on Joker Poker, none on Deuces Wild.
    pub const fn paying_pair_ranks(self) -> u16 {
        match self {
            Family::Natural => JACKS_TO_ACES,
            Family::Deuces => 0,
            Family::Joker => crate::joker::plain::HIGH_RANKS,
        }
    }

    /// What the plain rule keeps of a paying dealt hand of this family, by category.
    pub const fn plain_keeps(self) -> PlainKeeps {
        use DeucesCategory as D;
        use NaturalCategory as N;
        match self {
            // Straights, flushes, full houses and royals keep all five; every other paying hand
            // its paired cards.
            Family::Natural => PlainKeeps {
                paired: !bits(&[N::RoyalFlush.index(), N::StraightFlush.index(), N::FullHouse.index(), N::Flush.index(), N::Straight.index()]),
                wild_and_top: 0,
                wild: 0,
            },
            Family::Deuces => PlainKeeps {
                paired: 0,
                wild_and_top: bits(&[D::FourOfAKind.index(), D::ThreeOfAKind.index()]),
                // Four deuces with an ace is kept whole (in neither mask): on Bonus Deuces Wild it
                // pays twice four deuces, elsewhere the same.
                wild: bits(&[D::FourDeuces.index()]),
            },
            Family::Joker => PlainKeeps {
                paired: crate::joker::plain::KEEP_PAIRED,
                wild_and_top: crate::joker::plain::KEEP_WILD_AND_TOP,
                wild: 0,
            },
        }
    }

    /// The family's evaluator on five distinct card indices of its deck, as a category index
    /// (what the strategy tables are built with).
    pub fn evaluator(self) -> fn([usize; 5]) -> u8 {
        match self {
            Family::Natural => |hand| evaluate_natural_indices(hand) as u8,
            Family::Deuces => |hand| evaluate_deuces_indices(hand) as u8,
            Family::Joker => |hand| evaluate_joker_indices(hand) as u8,
        }
    }

    /// The number of categories this family's evaluator distinguishes.
    pub const fn n_categories(self) -> usize {
        match self {
            Family::Natural => NaturalCategory::ALL.len(),
            Family::Deuces => DeucesCategory::ALL.len(),
            Family::Joker => JokerCategory::ALL.len(),
        }
    }

    /// The index of the hand's category in this family's `ALL` list.
    pub fn category_index(self, hand: &[Card; 5]) -> usize {
        self.category_index_of_indices(hand.map(Card::index))
    }

    /// [`Family::category_index`] of five distinct card indices of the family's deck.
    #[inline]
    pub fn category_index_of_indices(self, idx: [usize; 5]) -> usize {
        match self {
            Family::Natural => evaluate_natural_indices(idx) as usize,
            Family::Deuces => evaluate_deuces_indices(idx) as usize,
            Family::Joker => evaluate_joker_indices(idx) as usize,
        }
    }
}

/// The natural category of five distinct cards.
pub fn evaluate_natural(hand: &[Card; 5]) -> NaturalCategory {
    evaluate_natural_indices(hand.map(Card::index))
}

/// The Deuces Wild category of five distinct cards.
pub fn evaluate_deuces(hand: &[Card; 5]) -> DeucesCategory {
    evaluate_deuces_indices(hand.map(Card::index))
}

const ACE: usize = 12;
const KING: usize = 11;
const JACK: usize = 9;
/// Rank indices of a 3 and a 5 (2 = 0).
const THREE: usize = 1;
const FIVE: usize = 3;
/// Rank bits of 2, 3 and 4: the low kickers beside four aces.
const TWOS_TO_FOURS: u16 = 0b111;
/// Rank bits of A, 2, 3 and 4: the low kickers beside four 2s, 3s or 4s.
const ACE_TO_FOURS: u16 = 0b1_0000_0000_0111;
const WHEEL: u16 = 0b1_0000_0000_1111;
const ROYAL: u16 = 0b1_1111_0000_0000;

/// True when the rank mask `mask` fits inside one five-rank straight window (ace high or low).
fn fits_straight_window(mask: u16) -> bool {
    if mask & !WHEEL == 0 {
        return true;
    }
    let low = mask.trailing_zeros();
    let high = 15 - mask.leading_zeros();
    high - low <= 4
}

/// Per-hand summary: rank mask, rank counts, whether all suits match.
struct Shape {
    mask: u16,
    /// One more than the 13 ranks: index 13 is where the joker would land, so a joker wrongly
    /// given to these evaluators never indexes out of bounds (cards are checked against a
    /// table's deck where they enter; this only keeps a missed check from panicking).
    counts: [u8; 14],
    flush: bool,
}

fn shape(cards: &[usize]) -> Shape {
    let mut mask = 0u16;
    let mut counts = [0u8; 14];
    let suit0 = cards.first().map_or(0, |c| c & 3);
    let mut flush = true;
    for &card in cards {
        let rank = card >> 2;
        mask |= 1 << rank;
        counts[rank] += 1;
        flush &= card & 3 == suit0;
    }
    Shape { mask, counts, flush }
}

/// The natural category of five distinct card indices (0..52).
pub fn evaluate_natural_indices(hand: [usize; 5]) -> NaturalCategory {
    let Shape { mask, counts, flush } = shape(&hand);
    let distinct = mask.count_ones();
    if distinct == 5 {
        let straight = fits_straight_window(mask);
        return match (straight, flush) {
            (true, true) if mask == ROYAL => NaturalCategory::RoyalFlush,
            (true, true) => NaturalCategory::StraightFlush,
            (false, true) => NaturalCategory::Flush,
            (true, false) => NaturalCategory::Straight,
            (false, false) => NaturalCategory::Nothing,
        };
    }
    let mut max_count = 0;
    let mut max_rank = 0;
    let mut n_pairs = 0;
    let mut pair_rank = 0;
    for (rank, &count) in counts.iter().enumerate() {
        if count > max_count {
            max_count = count;
            max_rank = rank;
        }
        if count == 2 {
            n_pairs += 1;
            pair_rank = rank;
        }
    }
    match (max_count, distinct) {
        (4, _) => {
            let kicker = mask & !(1 << max_rank);
            match max_rank {
                ACE if kicker & TWOS_TO_FOURS != 0 => NaturalCategory::FourAcesTwoToFourKicker,
                ACE => NaturalCategory::FourAcesOtherKicker,
                0..=2 if kicker & ACE_TO_FOURS != 0 => NaturalCategory::FourTwosToFoursAceToFourKicker,
                0..=2 => NaturalCategory::FourTwosToFoursOtherKicker,
                JACK..=KING => NaturalCategory::FourJacksToKings,
                _ => NaturalCategory::FourFivesToTens,
            }
        }
        (3, 2) => NaturalCategory::FullHouse,
        (3, _) => NaturalCategory::ThreeOfAKind,
        _ if n_pairs == 2 => NaturalCategory::TwoPair,
        _ if pair_rank >= 9 => NaturalCategory::JacksOrBetter,
        _ => NaturalCategory::LowPair,
    }
}

/// The Deuces Wild category of five distinct card indices (0..52); deuces are indices 0..4.
pub fn evaluate_deuces_indices(hand: [usize; 5]) -> DeucesCategory {
    let mut naturals = [0usize; 5];
    let mut n_naturals = 0;
    for card in hand {
        if card >= 4 {
            naturals[n_naturals] = card;
            n_naturals += 1;
        }
    }
    let n_deuces = 5 - n_naturals;
    if n_deuces == 4 {
        // The fifth card is the one natural card.
        return if naturals[0] >> 2 == ACE { DeucesCategory::FourDeucesWithAce } else { DeucesCategory::FourDeuces };
    }
    let Shape { mask, counts, flush } = shape(&naturals[..n_naturals]);
    let distinct = mask.count_ones() as usize == n_naturals;
    if n_deuces == 0 && flush && mask == ROYAL {
        return DeucesCategory::NaturalRoyalFlush;
    }
    let straight = distinct && fits_straight_window(mask);
    if flush && distinct && mask & !ROYAL == 0 {
        return DeucesCategory::WildRoyalFlush;
    }
    let max_count = counts.iter().copied().max().unwrap_or(0) as usize;
    let n_pairs = counts.iter().filter(|&&c| c == 2).count();
    if max_count + n_deuces >= 5 {
        // One natural rank (the deuces make up the rest): which one names the five.
        match 15 - mask.leading_zeros() as usize {
            ACE => DeucesCategory::FiveAces,
            THREE..=FIVE => DeucesCategory::FiveThreesToFives,
            _ => DeucesCategory::FiveSixesToKings,
        }
    } else if straight && flush {
        DeucesCategory::StraightFlush
    } else if max_count + n_deuces >= 4 {
        DeucesCategory::FourOfAKind
    } else if (n_deuces == 0 && max_count == 3 && n_pairs == 1) || (n_deuces == 1 && n_pairs == 2) {
        DeucesCategory::FullHouse
    } else if flush {
        DeucesCategory::Flush
    } else if straight {
        DeucesCategory::Straight
    } else if max_count + n_deuces >= 3 {
        DeucesCategory::ThreeOfAKind
    } else {
        DeucesCategory::Nothing
    }
}
