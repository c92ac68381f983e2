//! What is on screen before a deal, beyond the cards: the one value a table's rules put in front
//! of a player line by line (each line's multiplier, on the rules that show one), checked for its
//! table where it enters and trusted inside. The pipeline pays, commits and stores a hand through this type alone.

use crate::card::Card;
use crate::eval::Family;
use super::OnScreen;

/// What a deal has on screen, line by line. A plain table's deal has nothing (`None` wherever an
/// `Option<Screen>` is asked for).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// Each line's multiplier, checked for the table and line count.
    Multipliers(OnScreen),
}

impl Screen {
    /// The value of each line, first line first: what storage, the commitment, the history and
    /// the UI carry.
    pub fn values(&self) -> &[u8] {
        match self {
            Screen::Multipliers(on_screen) => on_screen.values(),
        }
    }

    /// The value a line shows when nothing is carried to it (a screen lights a line above it).
    pub fn start(&self) -> u8 {
        match self {
            Screen::Multipliers(on_screen) => on_screen.start(),
        }
    }

    /// Their sum.
    pub fn total(&self) -> u32 {
        self.values().iter().map(|&v| u32::from(v)).sum()
    }

    /// What line `line`'s pay is multiplied by.
    pub fn pay_factor(&self, line: usize) -> u8 {
        match self {
            Screen::Multipliers(on_screen) => on_screen.values()[line],
        }
    }

    /// What a line's final hand `cards` leaves for the line's next hand (a multiplier earned: 1
    /// when it earns none).
    pub fn earned(&self, family: Family, cards: &[Card; 5]) -> u8 {
        match self {
            Screen::Multipliers(on_screen) => on_screen.multipliers().of_hand(family, cards),
        }
    }

    /// The field the bound commitment's text ends with (` multipliers=M1,M2,…`).
    pub fn commit_text(&self) -> String {
        let values: Vec<String> = self.values().iter().map(u8::to_string).collect();
        match self {
            Screen::Multipliers(_) => format!(" multipliers={}", values.join(",")),
        }
    }
}
