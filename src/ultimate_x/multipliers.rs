//! The multipliers an Ultimate X cabinet awards: for each winning final hand, the multiplier that
//! line's next hand is paid at, by game and by line count (docs/ULTIMATE-X.md cites the sources).
//! A hand that pays nothing earns 1× (no multiplier).

use crate::library::Base;
use crate::machine::Paytable;
pub use crate::table::Group;
use crate::strategy::tables::CAT_SLOTS;

/// The line counts Ultimate X is dealt on.
pub const UX_LINES: [u8; 4] = crate::table::ULTIMATE_X_LINES;

/// The multiplier every line starts at (and a hand that pays nothing earns).
pub const START: u8 = crate::library::ULTIMATE_X_START;

/// The largest multiplier any table awards.
pub const MAX_MULTIPLIER: u8 = 12;

impl Group {
    /// The multiplier a final hand of paytable row `row` earns on `lines` lines (1 for a row this
    /// group's table does not name, which no built-in table has).
    fn earned(self, lines: u8, row: &str) -> u8 {
        // Columns: one line, three, five, ten. Confirmed by reproducing published returns
        // (docs/ULTIMATE-X.md): Jacks or Better's four columns, and the 10-line columns of Bonus
        // Poker and Double Bonus / Double Double Bonus. Not confirmed by any published figure: the
        // other games' one-line columns (their 3-line values) and the Triple Double Bonus and
        // Deuces Wild tables (a third party's transcription), nor the rows only the library's own
        // games have (Aces & Faces, Super Double Bonus, Bonus Deuces Wild: no source gives their
        // tables): a game's lowest four of a kind earns what four 5–K earns, its other fours what
        // the bonus fours earn, and Bonus Deuces Wild's fives of a kind what five of a kind earns.
        let column = match lines {
            1 => 0,
            3 => 1,
            5 => 2,
            _ => 3,
        };
        let by_lines: [u8; 4] = match (self, row) {
            (_, "jacks-or-better") => [2, 2, 2, 2],
            (_, "two-pair") => [3, 3, 3, 3],
            (Group::Deuces, "three-of-a-kind") => [2, 2, 2, 2],
            (_, "three-of-a-kind") => [4, 4, 4, 4],
            (Group::Jacks, "straight") => [7, 7, 7, 7],
            (Group::Deuces, "straight") => [3, 3, 3, 3],
            (_, "straight") => [8, 8, 8, 8],
            (Group::Jacks, "flush") => [10, 11, 11, 11],
            (Group::Bonus, "flush") => [11, 11, 11, 11],
            (Group::Deuces, "flush") => [5, 5, 5, 5],
            (_, "flush") => [10, 10, 10, 10],
            (Group::Deuces, "full-house") => [5, 5, 5, 5],
            (_, "full-house") => [12, 12, 12, 12],
            (Group::Jacks, "four-of-a-kind") => [2, 2, 3, 3],
            (Group::Jacks, "straight-flush" | "royal-flush") => [2, 2, 2, 7],
            (Group::TripleDoubleBonus, _) => [2, 2, 2, 2],
            (Group::Deuces, "four-of-a-kind") => [7, 7, 7, 7],
            (Group::Deuces, "straight-flush") => [12, 12, 12, 12],
            (Group::Deuces, "five-of-a-kind" | "five-aces" | "five-3-5" | "five-6-k") => [2, 2, 3, 3],
            (Group::Deuces, _) => [2, 2, 4, 4],
            (_, "four-5-k" | "four-2-10" | "four-5-10") => [2, 2, 3, 3],
            (_, _) => [2, 2, 4, 4],
        };
        by_lines[column]
    }
}

/// The multiplier each evaluator category earns on one table and line count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Multipliers {
    lines: u8,
    by_category: [u8; CAT_SLOTS],
}

impl Multipliers {
    /// The multipliers of `base`'s group for `paytable` (a copy of `base`'s rows) on `lines`
    /// lines, or `None` when the game has no Ultimate X table or the line count is not one of
    /// [`UX_LINES`].
    pub fn of(base: Base, paytable: &Paytable, lines: u8) -> Option<Multipliers> {
        let group = Group::of(base)?;
        if !UX_LINES.contains(&lines) {
            return None;
        }
        let mut by_category = [1u8; CAT_SLOTS];
        for (category, slot) in by_category.iter_mut().enumerate().take(paytable.family().n_categories()) {
            if let Some(row) = paytable.row_of_category(category) {
                *slot = group.earned(lines, paytable.rows()[row].id);
            }
        }
        Some(Multipliers { lines, by_category })
    }

    /// The multipliers of an Ultimate X table on `lines` lines (`None` for a table of other rules,
    /// or a line count it is not dealt on).
    pub fn of_table(table: &crate::table::Table, lines: u8) -> Option<Multipliers> {
        match table.rules() {
            crate::table::Rules::UltimateX(_) => Multipliers::of(table.base(), table.paytable(), lines),
            _ => None,
        }
    }

    /// The multiplier a final hand earns for its line's next hand (1 when it pays nothing).
    pub fn of_hand(&self, family: crate::eval::Family, hand: &[crate::card::Card; 5]) -> u8 {
        self.by_category[family.category_index(hand)]
    }

    /// The line count.
    pub fn lines(&self) -> u8 {
        self.lines
    }

    /// The multiplier a final hand of evaluator category `category` earns (1 when it loses).
    pub fn of_category(&self, category: usize) -> u8 {
        self.by_category[category]
    }

    /// The distinct multipliers a line can hold (1 included), in increasing order.
    pub fn values(&self) -> Vec<u8> {
        let mut values: Vec<u8> = self.by_category.to_vec();
        values.push(1);
        values.sort_unstable();
        values.dedup();
        values
    }

    /// Whether `value` is a multiplier a line can hold here.
    pub fn is_value(&self, value: u8) -> bool {
        value == 1 || self.by_category.contains(&value)
    }
}
