//! What is on screen before a deal, beyond the cards: the one value a table's rules put in front
//! of a player line by line (each line's multiplier, on the rules that show one), checked for its
//! table where it enters and trusted inside. The pipeline pays, commits and stores a hand through this type alone.

use crate::card::Card;
use crate::eval::Family;
use super::{Drawn, OnScreen};

/// What a deal has on screen, line by line. A plain table's deal has nothing (`None` wherever an
/// `Option<Screen>` is asked for).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// Each line's multiplier, checked for the table and line count (carried from the hand
    /// before).
    Multipliers(OnScreen),
    /// Each line's multiplier drawn from the hand's seed with the deal (1 on a line dealt none).
    Drawn(Drawn),
}

impl Screen {
    /// The value of each line, first line first: what storage, the commitment, the history and
    /// the UI carry.
    pub fn values(&self) -> &[u8] {
        match self {
            Screen::Multipliers(on_screen) => on_screen.values(),
            Screen::Drawn(drawn) => drawn.values(),
        }
    }

    /// The value a line shows when nothing is carried to it (a screen lights a line above it).
    pub fn start(&self) -> u8 {
        match self {
            Screen::Multipliers(on_screen) => on_screen.start(),
            Screen::Drawn(_) => crate::super_times::START,
        }
    }

    /// Their sum.
    pub fn total(&self) -> u32 {
        self.values().iter().map(|&v| u32::from(v)).sum()
    }

    /// What line `line`'s pay is multiplied by.
    pub fn pay_factor(&self, line: usize) -> u8 {
        self.values()[line]
    }

    /// What a line's final hand `cards` leaves for the line's next hand: a multiplier earned (1
    /// when it earns none) on rules that carry one, `None` on rules that carry nothing.
    pub fn earned(&self, family: Family, cards: &[Card; 5]) -> Option<u8> {
        match self {
            Screen::Multipliers(on_screen) => Some(on_screen.multipliers().of_hand(family, cards)),
            Screen::Drawn(_) => None,
        }
    }

    /// The field the bound commitment's text ends with (` multipliers=M1,M2,…`, whichever rules
    /// put them on screen).
    pub fn commit_text(&self) -> String {
        let values: Vec<String> = self.values().iter().map(u8::to_string).collect();
        format!(" multipliers={}", values.join(","))
    }
}
