//! Joker Poker's machine paytable as data: full-pay Kings or Better, "20/7/5" (return 100.65 %:
//! docs and the library's preset), per coin, best row first, each row with the categories
//! ([`JokerCategory`](super::eval::JokerCategory) indices: a category's `as usize` is its
//! index) it covers. `crate::machine` validates it like every machine's.

use super::eval::JokerCategory as C;

/// The machine's rows: (id, pay per coin, categories covered), best first.
pub const ROWS: [(&str, u32, &[usize]); 11] = [
    ("natural-royal-flush", 800, &[C::NaturalRoyalFlush as usize]),
    ("five-of-a-kind", 200, &[C::FiveOfAKind as usize]),
    ("wild-royal-flush", 100, &[C::WildRoyalFlush as usize]),
    ("straight-flush", 50, &[C::StraightFlush as usize]),
    ("four-of-a-kind", 20, &[C::FourOfAKind as usize]),
    ("full-house", 7, &[C::FullHouse as usize]),
    ("flush", 5, &[C::Flush as usize]),
    ("straight", 3, &[C::Straight as usize]),
    ("three-of-a-kind", 2, &[C::ThreeOfAKind as usize]),
    ("two-pair", 1, &[C::TwoPair as usize]),
    ("kings-or-better", 1, &[C::KingsOrBetter as usize]),
];

/// The categories that pay nothing.
pub const LOSING: &[usize] = &[C::Nothing as usize];
