//! The Joker Poker (Kings or Better) evaluator: a 53-card deck whose joker is fully wild.
//!
//! **Card indices.** 0..52 are the 52 cards exactly as [`crate::card`] numbers them (`rank * 4 +
//! suit`, the fresh-deck order 2c 2d 2h 2s … As); **52 is the joker** ([`JOKER`]), the last card
//! of the 53-card deck ([`crate::table::Deck::Joker53`]); [`Card::JOKER`] is the validated form.
//! The evaluator and the solver take plain indices, like [`crate::eval::evaluate_natural_indices`].
//!
//! **Categories** ([`JokerCategory`], best first): a natural royal flush (no joker), five of a kind
//! (four of a kind and the joker), a wild royal flush (a royal made with the joker), straight flush,
//! four of a kind, full house, flush, straight, three of a kind, two pair, kings or better (a pair
//! of kings or aces; the joker pairs with a king or an ace) and nothing. The joker stands for
//! whichever card gives the best category, even a card already in the hand (four aces and the joker
//! are five aces). It completes a straight at either end, ace low (A-2-3-4 and the joker, or
//! 2-3-4-5 and the joker) or ace high; Q-K-A-2-3 is no straight, as in [`crate::eval`]. A hand with
//! the joker is never two pair: the joker with the higher pair makes three of a kind, which ranks
//! above it.
//!
//! The category order is the pay order of every Kings or Better table (five of a kind 200 above the
//! wild royal 100), so "best category" and "best pay" agree; a paytable whose pays did not fall
//! down this order would need the joker to choose by pay instead.
//!
//! Evaluation is rank-mask arithmetic (no tables, no allocation): one pass over the five cards
//! builds the mask of ranks seen, of ranks seen twice and of ranks seen three times, and the
//! category follows from their sizes. About 8 ns a hand in release on this project's 2-core
//! machine, walking all 2,869,685 hands included (tests/it/joker.rs prints the figure); a table
//! keyed by a hand's colex rank would cost 2.9 MB and a build for no measurable gain.

use serde::Serialize;

use crate::card::Card;

/// The joker's card index: the 53rd card, after As (51).
pub const JOKER: usize = 52;
/// Cards in the Joker Poker deck.
pub const N_CARDS: usize = 53;
/// The number of 5-card deals from 53 cards, C(53, 5).
pub const N_HANDS: u64 = 2_869_685;

/// A Joker Poker hand category, best first (the pay order of every Kings or Better table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)] // The variant names say it all; the module doc defines each.
pub enum JokerCategory {
    NaturalRoyalFlush,
    FiveOfAKind,
    WildRoyalFlush,
    StraightFlush,
    FourOfAKind,
    FullHouse,
    Flush,
    Straight,
    ThreeOfAKind,
    TwoPair,
    KingsOrBetter,
    Nothing,
}

impl JokerCategory {
    /// All categories, best first; a category's index is its position here.
    pub const ALL: [JokerCategory; 12] = [
        JokerCategory::NaturalRoyalFlush,
        JokerCategory::FiveOfAKind,
        JokerCategory::WildRoyalFlush,
        JokerCategory::StraightFlush,
        JokerCategory::FourOfAKind,
        JokerCategory::FullHouse,
        JokerCategory::Flush,
        JokerCategory::Straight,
        JokerCategory::ThreeOfAKind,
        JokerCategory::TwoPair,
        JokerCategory::KingsOrBetter,
        JokerCategory::Nothing,
    ];

    /// The category's index: its position in [`JokerCategory::ALL`] (what pay vectors use).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The stable text id (a paytable row id: "natural-royal-flush", …, "kings-or-better",
    /// "nothing"), the same as the serde form.
    pub const fn id(self) -> &'static str {
        match self {
            JokerCategory::NaturalRoyalFlush => "natural-royal-flush",
            JokerCategory::FiveOfAKind => "five-of-a-kind",
            JokerCategory::WildRoyalFlush => "wild-royal-flush",
            JokerCategory::StraightFlush => "straight-flush",
            JokerCategory::FourOfAKind => "four-of-a-kind",
            JokerCategory::FullHouse => "full-house",
            JokerCategory::Flush => "flush",
            JokerCategory::Straight => "straight",
            JokerCategory::ThreeOfAKind => "three-of-a-kind",
            JokerCategory::TwoPair => "two-pair",
            JokerCategory::KingsOrBetter => "kings-or-better",
            JokerCategory::Nothing => "nothing",
        }
    }
}

/// The Joker Poker category of five distinct cards of the 53-card deck.
pub fn evaluate_joker(hand: &[Card; 5]) -> JokerCategory {
    evaluate_joker_indices(hand.map(Card::index))
}

/// Rank bits of A, 2, 3, 4, 5: the ace-low window.
const WHEEL: u16 = 0b1_0000_0000_1111;
/// Rank bits of T, J, Q, K, A.
const ROYAL: u16 = 0b1_1111_0000_0000;
/// Rank bits of K and A: the pairs that pay (the family's high cards: [`super::plain::HIGH_RANKS`]).
pub(crate) const KINGS_ACES: u16 = 0b1_1000_0000_0000;

/// True when the distinct ranks of `mask` fit one five-rank straight window (ace low or high): with
/// five ranks a straight, with four a straight the joker completes.
#[inline]
fn fits_straight_window(mask: u16) -> bool {
    mask & !WHEEL == 0 || (15 - mask.leading_zeros()) - mask.trailing_zeros() <= 4
}

/// The Joker Poker category of five distinct card indices (0..=52; 52 is the joker).
///
/// Distinct indices are the caller's promise (as for [`crate::eval::evaluate_natural_indices`]);
/// an index above 52 panics in debug builds and is meaningless in release builds.
#[inline]
pub fn evaluate_joker_indices(hand: [usize; 5]) -> JokerCategory {
    debug_assert!(hand.iter().all(|&c| c < N_CARDS), "card indices are 0..=52: {hand:?}");
    let mut seen = 0u16; // ranks present
    let mut twice = 0u16; // ranks present at least twice
    let mut thrice = 0u16; // ranks present at least three times
    let mut suits = 0u8; // suits present among the natural cards
    let mut joker = false;
    for card in hand {
        if card == JOKER {
            joker = true;
            continue;
        }
        let bit = 1u16 << (card >> 2);
        thrice |= twice & bit;
        twice |= seen & bit;
        seen |= bit;
        suits |= 1 << (card & 3);
    }
    let distinct = seen.count_ones();
    let flush = suits.count_ones() == 1;
    if joker {
        return match distinct {
            4 => {
                let straight = fits_straight_window(seen);
                match (straight, flush) {
                    (true, true) if seen & !ROYAL == 0 => JokerCategory::WildRoyalFlush,
                    (true, true) => JokerCategory::StraightFlush,
                    (false, true) => JokerCategory::Flush,
                    (true, false) => JokerCategory::Straight,
                    (false, false) if seen & KINGS_ACES != 0 => JokerCategory::KingsOrBetter,
                    (false, false) => JokerCategory::Nothing,
                }
            }
            // A pair and two odd cards: the joker makes three of a kind.
            3 => JokerCategory::ThreeOfAKind,
            // Three of a kind and a kicker: four of a kind; two pair: a full house.
            2 if thrice != 0 => JokerCategory::FourOfAKind,
            2 => JokerCategory::FullHouse,
            _ => JokerCategory::FiveOfAKind,
        };
    }
    match distinct {
        5 => match (fits_straight_window(seen), flush) {
            (true, true) if seen == ROYAL => JokerCategory::NaturalRoyalFlush,
            (true, true) => JokerCategory::StraightFlush,
            (false, true) => JokerCategory::Flush,
            (true, false) => JokerCategory::Straight,
            (false, false) => JokerCategory::Nothing,
        },
        4 if twice & KINGS_ACES != 0 => JokerCategory::KingsOrBetter,
        4 => JokerCategory::Nothing,
        3 if thrice != 0 => JokerCategory::ThreeOfAKind,
        3 => JokerCategory::TwoPair,
        // Two ranks: four of a kind and a kicker, or three and two.
        _ if twice & !thrice != 0 => JokerCategory::FullHouse,
        _ => JokerCategory::FourOfAKind,
    }
}
