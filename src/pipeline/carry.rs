//! Ultimate X's one carry rule: which multipliers a hand is dealt with. A line's multiplier is
//! what that line's final hand earned in the hand just before, when that hand was the same deal
//! again — the same Ultimate X table (same id and pays), the same bet, the same line count, and
//! both real or both practice; any other hand in between (another table, a plain deal, another
//! bet or line count, a switch to or from practice) leaves every line at 1×. The game deals by it,
//! and the whole history's replay ([`super::decisions`]) checks every stored hand against it, so
//! the multipliers on screen survive closing the app and cannot be edited into a hand.
//!
//! Pure: what the previous hand left ([`Carry`]) in, the multipliers on screen out.

use crate::table::Table;
use crate::ultimate_x::hint::OnScreen;
use crate::ultimate_x::multipliers::Multipliers;

use super::settle::HandResult;

/// What a finished hand leaves for the next one: its deal's choices and what each line earned.
#[derive(Clone, Debug, PartialEq)]
pub struct Carry {
    table: Table,
    bet: u32,
    lines: u8,
    practice: bool,
    /// Each line's earned multiplier (empty for a plain table's hand or one still in progress).
    earned: Vec<u8>,
}

impl Carry {
    /// What a hand on `table` at `bet` chips a line, `lines` lines, leaves after its `results`
    /// (none when it is still in progress).
    pub fn of(table: &Table, bet: u32, lines: u8, practice: bool, results: &[HandResult]) -> Carry {
        Carry { table: table.clone(), bet, lines, practice, earned: super::settle::earned(results) }
    }

    /// The multipliers earned, line by line (empty when none are carried).
    pub fn earned(&self) -> &[u8] {
        &self.earned
    }

    /// The table the hand was dealt on.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Its bet in chips a line, line count and practice flag.
    pub fn choices(&self) -> (u32, u8, bool) {
        (self.bet, self.lines, self.practice)
    }

    /// Whether a deal of these choices continues this hand's multipliers.
    pub fn continues(&self, table: &Table, bet: u32, lines: u8, practice: bool) -> bool {
        self.table == *table && self.bet == bet && self.lines == lines && self.practice == practice
    }
}

/// The multipliers on screen for a deal on `table` at `bet`, `lines`, `practice`, after the hand
/// `previous` left (`None`: the first hand of the history). `None` on a plain table or a line
/// count Ultimate X is not dealt on.
pub fn on_screen(previous: Option<&Carry>, table: &Table, bet: u32, lines: u8, practice: bool) -> Option<OnScreen> {
    let rule = Multipliers::of_table(table, lines)?;
    let carried = previous
        .filter(|carry| carry.continues(table, bet, lines, practice) && carry.earned.len() == usize::from(lines))
        .and_then(|carry| OnScreen::of_values(&carry.earned, &rule).ok());
    Some(carried.unwrap_or_else(|| OnScreen::ones(&rule)))
}
