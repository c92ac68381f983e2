//! Joker Poker's facts for the family seam ([`crate::eval::Family`] asks them): which card is
//! wild, which ranks are high, and what the plain rule keeps of a paying dealt hand.

use super::eval::{JokerCategory, JOKER, KINGS_ACES};

/// Whether the card index is wild: the joker.
pub const fn is_wild(card: usize) -> bool {
    card == JOKER
}

/// Kings and aces (rank bits): a pair of them pays (kings or better), so they are the high cards
/// of the charts and of the plain rule.
pub const HIGH_RANKS: u16 = KINGS_ACES;

const fn bits(categories: &[JokerCategory]) -> u16 {
    let mut mask = 0u16;
    let mut i = 0;
    while i < categories.len() {
        mask |= 1 << categories[i].index();
        i += 1;
    }
    mask
}

/// The paying categories whose plain hold is the paired cards (both pairs): two pair.
pub const KEEP_PAIRED: u16 = bits(&[JokerCategory::TwoPair]);
/// The paying categories whose plain hold is the joker plus the cards of the most frequent
/// natural rank (the higher on a tie): four and three of a kind, kings or better (so the joker and
/// a king keep the two, and a pair of aces without the joker keeps the pair). Every other paying
/// hand keeps all five.
pub const KEEP_WILD_AND_TOP: u16 =
    bits(&[JokerCategory::FourOfAKind, JokerCategory::ThreeOfAKind, JokerCategory::KingsOrBetter]);
