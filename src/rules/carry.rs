//! The one carry rule: what a finished hand leaves for the next deal. A line carries what its
//! final hand earned in the hand just before only when that hand was the same deal again — the
//! same table (same id and pays), the same bet, the same line count, and both real or both
//! practice; any other hand in between (another table, another bet or line count, a switch to or
//! from practice) carries nothing. The game deals by it, and the whole history's replay
//! (`pipeline::decisions`) checks every stored hand against it, so what is on screen survives
//! closing the app and cannot be edited into a hand. What is carried is the table's rules' own
//! (a multiplier per line, on the rules that show one).
//!
//! Pure: what the previous hand left ([`Carry`]) in, what the next deal shows out.

use serde::Serialize;

use crate::shuffle::Seed;
use crate::table::Table;

use super::Screen;

/// What a finished hand leaves for the next one: its deal's choices and what each line earned.
#[derive(Clone, Debug, PartialEq)]
pub struct Carry {
    table: Table,
    bet: u32,
    lines: u8,
    practice: bool,
    /// What each line earned (empty for a hand that carries nothing or is still in progress).
    earned: Vec<u8>,
}

impl Carry {
    /// What a hand on `table` at `bet` chips a line, `lines` lines, leaves when its lines earned
    /// `earned` (`pipeline::settle::earned` of its results; empty when it is in progress).
    pub fn of(table: &Table, bet: u32, lines: u8, practice: bool, earned: Vec<u8>) -> Carry {
        Carry { table: table.clone(), bet, lines, practice, earned }
    }

    /// What each line earned, line by line (empty when nothing is carried).
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

    /// Whether a deal of these choices continues this hand's lines.
    pub fn continues(&self, table: &Table, bet: u32, lines: u8, practice: bool) -> bool {
        self.table == *table && self.bet == bet && self.lines == lines && self.practice == practice
    }
}

/// What is on screen for a deal from `seed` on `table` at `bet`, `lines`, `practice`, after the
/// hand `previous` left (`None`: the first hand of the history): what it carries when the deal
/// continues it, else the table's start; on rules that draw with the deal, what they draw from
/// `seed`. `None` on a table whose rules show nothing.
pub fn on_screen(previous: Option<&Carry>, table: &Table, bet: u32, lines: u8, practice: bool, seed: &Seed) -> Option<Screen> {
    super::shown(table, lines, carried(previous, table, bet, lines, practice), Some(seed))
}

/// What `previous` carries to a deal of these choices: each line's earned value when the deal
/// continues it, else nothing.
fn carried<'a>(previous: Option<&'a Carry>, table: &Table, bet: u32, lines: u8, practice: bool) -> Option<&'a [u8]> {
    previous
        .filter(|carry| carry.continues(table, bet, lines, practice) && carry.earned.len() == usize::from(lines))
        .map(|carry| carry.earned.as_slice())
}

/// One line of what the next deal shows, as a screen draws it before the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ScreenLine {
    /// What the line was paid at in the hand just before, when the deal continues it (null
    /// otherwise).
    pub paid: Option<u8>,
    /// What the line is dealt with.
    pub next: u8,
    /// Whether the line was or will be paid above the rules' start (a screen lights it).
    pub lit: bool,
}

/// What the next deal of these choices shows, line by line, after the hand `previous` left and
/// the screen it was dealt with (`paid`): `None` on a table whose rules show nothing before a
/// deal (`rules::shows_before_deal`). The one answer a UI draws from, so that it never compares
/// choices with what was carried.
pub fn ahead(previous: Option<&Carry>, paid: Option<&Screen>, table: &Table, bet: u32, lines: u8, practice: bool) -> Option<Vec<ScreenLine>> {
    if !super::shows_before_deal(table) {
        return None;
    }
    let next = super::shown(table, lines, carried(previous, table, bet, lines, practice), None)?;
    let continued = previous.is_some_and(|carry| carry.continues(table, bet, lines, practice) && carry.earned.len() == usize::from(lines));
    let paid = paid.filter(|_| continued).map(Screen::values).filter(|values| values.len() == usize::from(lines));
    let start = next.start();
    let line = |(i, &next): (usize, &u8)| {
        let paid = paid.map(|values| values[i]);
        ScreenLine { paid, next, lit: next > start || paid.is_some_and(|p| p > start) }
    };
    Some(next.values().iter().enumerate().map(line).collect())
}

/// What each line of a hand in progress shows, as a screen draws it while the hand is played: no
/// `paid` (nothing of the hand before is shown once a deal is made), what the line is dealt with
/// (`next`) and whether it is lit (above the rules' start): the same shape and the same light as
/// [`ahead`]'s, so that a UI never compares a line with the start.
pub fn dealt_with(screen: &Screen) -> Vec<ScreenLine> {
    let start = screen.start();
    screen.values().iter().map(|&next| ScreenLine { paid: None, next, lit: next > start }).collect()
}
