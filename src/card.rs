//! Cards: ranks, suits and their text form ("Ah", "Td", "10h", "2c", "Jk").
//!
//! A card is one byte, `rank * 4 + suit`, so the fresh-deck order 2c 2d 2h 2s 3c … Ah As is the
//! order of the indices 0..52; **index 52 is the joker** ([`Card::JOKER`], written "Jk"), the last
//! card of Joker Poker's 53-card deck. The joker has no rank and no suit: [`Card::rank`] and
//! [`Card::suit`] answer `None` for it. Which cards a table deals is its deck's
//! ([`crate::table::Deck::contains`]); a hand given for a table is checked against it where it
//! enters. Parsing never clamps: any text that is not a card is an error that names the bad token.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A card rank, Two (0) up to Ace (12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)] // The variant names say it all.
pub enum Rank {
    Two = 0,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

/// A card suit, in fresh-deck order: clubs, diamonds, hearts, spades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)] // The variant names say it all.
pub enum Suit {
    Clubs = 0,
    Diamonds,
    Hearts,
    Spades,
}

/// One playing card. The field is private: every `Card` is one of the 52 or the joker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

/// Text that is not a card, or not the cards expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    /// The token is not a card ("1h", "Xs", "A").
    #[error("'{0}' is not a card (expected a rank 2-9, T or 10, J, Q, K, A followed by a suit c, d, h, s, or Jk for the joker)")]
    BadToken(String),
    /// The same card appears twice.
    #[error("card {0} appears more than once")]
    Duplicate(Card),
    /// A card the table's deck does not have (the joker, on a 52-card table).
    #[error("card {0} is not in this game's deck")]
    NotInDeck(Card),
    /// The wrong number of cards.
    #[error("expected {expected} cards, got {got}")]
    WrongCount {
        /// How many were expected.
        expected: usize,
        /// How many were given.
        got: usize,
    },
}

impl Rank {
    /// All ranks, Two first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank's index, 0 for Two … 12 for Ace.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The rank's one-character text form.
    pub fn to_char(self) -> char {
        match self {
            Rank::Two => '2',
            Rank::Three => '3',
            Rank::Four => '4',
            Rank::Five => '5',
            Rank::Six => '6',
            Rank::Seven => '7',
            Rank::Eight => '8',
            Rank::Nine => '9',
            Rank::Ten => 'T',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            Rank::Ace => 'A',
        }
    }

    fn from_text(text: &str) -> Option<Rank> {
        Some(match text {
            "2" => Rank::Two,
            "3" => Rank::Three,
            "4" => Rank::Four,
            "5" => Rank::Five,
            "6" => Rank::Six,
            "7" => Rank::Seven,
            "8" => Rank::Eight,
            "9" => Rank::Nine,
            "T" | "t" | "10" => Rank::Ten,
            "J" | "j" => Rank::Jack,
            "Q" | "q" => Rank::Queen,
            "K" | "k" => Rank::King,
            "A" | "a" => Rank::Ace,
            _ => return None,
        })
    }
}

impl Suit {
    /// All suits in fresh-deck order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's index, 0 for clubs … 3 for spades.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The suit's one-character text form.
    pub fn to_char(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }

    fn from_char(c: char) -> Option<Suit> {
        Some(match c {
            'c' | 'C' => Suit::Clubs,
            'd' | 'D' => Suit::Diamonds,
            'h' | 'H' => Suit::Hearts,
            's' | 'S' => Suit::Spades,
            _ => return None,
        })
    }
}

impl Card {
    /// The joker: index 52, after As.
    pub const JOKER: Card = Card(52);

    /// The joker's text form ("Jk"); parsing also takes "JK", "jk" and "joker".
    pub const JOKER_TEXT: &'static str = "Jk";

    /// The card of this rank and suit.
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card((rank as u8) * 4 + suit as u8)
    }

    /// The card at this index (0 = 2c … 51 = As, 52 = the joker), or `None` past 52.
    pub fn from_index(idx: usize) -> Option<Card> {
        (idx <= 52).then_some(Card(idx as u8))
    }

    /// This card's index, 0..=52 (52 is the joker).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is the joker.
    pub fn is_joker(self) -> bool {
        self == Card::JOKER
    }

    /// The card's rank, or `None` for the joker.
    pub fn rank(self) -> Option<Rank> {
        Rank::ALL.get((self.0 / 4) as usize).copied()
    }

    /// The card's suit, or `None` for the joker.
    pub fn suit(self) -> Option<Suit> {
        (!self.is_joker()).then(|| Suit::ALL[(self.0 % 4) as usize])
    }

    /// All 52 cards in fresh-deck order (no joker).
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52u8).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(rank), Some(suit)) => write!(f, "{}{}", rank.to_char(), suit.to_char()),
            _ => f.write_str(Card::JOKER_TEXT),
        }
    }
}

impl FromStr for Card {
    type Err = CardError;

    fn from_str(token: &str) -> Result<Card, CardError> {
        if token.eq_ignore_ascii_case(Card::JOKER_TEXT) || token.eq_ignore_ascii_case("joker") {
            return Ok(Card::JOKER);
        }
        let bad = || CardError::BadToken(token.to_string());
        let suit_char = token.chars().last().ok_or_else(bad)?;
        let rank_text = &token[..token.len() - suit_char.len_utf8()];
        let rank = Rank::from_text(rank_text).ok_or_else(bad)?;
        let suit = Suit::from_char(suit_char).ok_or_else(bad)?;
        Ok(Card::new(rank, suit))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Parses cards separated by whitespace or commas, rejecting duplicates.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardError> {
    let mut cards = Vec::new();
    for token in text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
        let card: Card = token.parse()?;
        if cards.contains(&card) {
            return Err(CardError::Duplicate(card));
        }
        cards.push(card);
    }
    Ok(cards)
}

/// Parses exactly five distinct cards.
pub fn parse_hand(text: &str) -> Result<[Card; 5], CardError> {
    let cards = parse_cards(text)?;
    hand_from_slice(&cards)
}

/// Checks that a slice holds exactly five distinct cards and returns them as a hand.
pub fn hand_from_slice(cards: &[Card]) -> Result<[Card; 5], CardError> {
    let hand: [Card; 5] = cards
        .try_into()
        .map_err(|_| CardError::WrongCount { expected: 5, got: cards.len() })?;
    for (i, card) in hand.iter().enumerate() {
        if hand[..i].contains(card) {
            return Err(CardError::Duplicate(*card));
        }
    }
    Ok(hand)
}

/// Formats cards as text separated by single spaces.
pub fn cards_to_string(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect::<Vec<_>>().join(" ")
}
