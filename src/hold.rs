//! A hold: which of the five dealt cards the player keeps, as a 5-bit mask.
//!
//! Bit i (value `1 << i`) holds the i-th dealt card. Text form: five characters of `0`/`1`, the
//! first character for the first card ("10110" holds cards 1, 3 and 4), or the mask as a number
//! 0–31. Anything else is an error; nothing is clamped.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Which of the five dealt cards are kept. Always a value 0..=31.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Hold(u8);

/// A hold that is not five 0/1 characters or a number 0–31.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a hold (expected a mask 0-31 or five characters of 0 and 1, like 10110)")]
pub struct HoldError(pub String);

impl Hold {
    /// Holding nothing: draw five new cards.
    pub const NONE: Hold = Hold(0);
    /// Holding all five cards.
    pub const ALL: Hold = Hold(31);

    /// The hold with this mask, or an error when the mask is above 31.
    pub fn from_mask(mask: u32) -> Result<Hold, HoldError> {
        u8::try_from(mask).ok().filter(|&m| m < 32).map(Hold).ok_or_else(|| HoldError(mask.to_string()))
    }

    /// Every hold, mask 0 to 31.
    pub fn all() -> impl Iterator<Item = Hold> {
        (0..32u8).map(Hold)
    }

    /// The mask, 0..=31.
    pub fn mask(self) -> u8 {
        self.0
    }

    /// Whether the card at `card_idx` (0..5) is held.
    pub fn holds(self, card_idx: usize) -> bool {
        card_idx < 5 && self.0 & (1 << card_idx) != 0
    }

    /// How many cards are held.
    pub fn n_held(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The five-character text form, first card first ("10110").
    pub fn to_bits(self) -> String {
        (0..5).map(|i| if self.holds(i) { '1' } else { '0' }).collect()
    }
}

impl fmt::Display for Hold {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_bits())
    }
}

impl FromStr for Hold {
    type Err = HoldError;

    fn from_str(text: &str) -> Result<Hold, HoldError> {
        let bad = || HoldError(text.to_string());
        if text.len() == 5 && text.bytes().all(|b| b == b'0' || b == b'1') {
            let mask = text.bytes().enumerate().fold(0u8, |m, (i, b)| m | ((b - b'0') << i));
            return Ok(Hold(mask));
        }
        let mask: u32 = text.parse().map_err(|_| bad())?;
        Hold::from_mask(mask).map_err(|_| bad())
    }
}

impl Serialize for Hold {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for Hold {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Hold, D::Error> {
        let mask = u32::deserialize(deserializer)?;
        Hold::from_mask(mask).map_err(serde::de::Error::custom)
    }
}
