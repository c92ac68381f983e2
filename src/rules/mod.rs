//! **The rules behind a table**: everything a family of play varies, behind one seam. A table
//! names its rules ([`crate::table::Rules`]: plain play, or a family's); this file is where the
//! pipeline, the game, drills, verification, the shell and the CLI ask them, and the one place
//! that dispatches to a family's own module (and re-exports the family's types under the seam's
//! names). Nothing downstream matches on a family:
//!
//! - the coins a line costs and the line counts a table deals at ([`crate::table::Table::stake`],
//!   [`crate::table::Table::lines`], from the rules), and how a deal's lines get their cards
//!   ([`crate::table::Rules::dealing`], which `pipeline::deal` follows);
//! - what is on screen before a deal ([`Screen`]): at the start ([`start`]), carried from the hand
//!   before ([`carry::on_screen`], the one carry rule), as stored ([`stored`]), as a player types
//!   it ([`parse`]) and in a drill ([`drill_screen`]); what the next deal of a player's choices
//!   shows, line by line ([`carry::ahead`]: what the UI draws);
//! - each line's pay and what it earns ([`Screen::pay_factor`], [`Screen::earned`], which
//!   `pipeline::settle` applies);
//! - each hold's value with what is on screen ([`hand_evs`], and in full with what each hold pays
//!   now and earns for the next hand, [`holds`]) and what a hint adds ([`ScreenHint`]);
//! - the commitment's extra field ([`Screen::commit_text`]);
//! - the returns on a line count ([`returns`]), and the rules' own chart, as a screen shows it and
//!   in tiers ([`chart`], [`chart_view`], [`chart_tiers`]).
//!
//! Adding a family: a variant of [`crate::table::Rules`] (with its line counts, coins a line, id
//! and name), its row in `library::variants`, a [`Screen`] variant if it shows something before a
//! deal, and one arm in each function here calling the family's own module.
//! Pure: no SQLite, no clock, no RNG but a hand seed's own stream.

pub mod carry;
pub mod screen;

pub use carry::{ahead, dealt_with, on_screen, Carry, ScreenLine};
pub use screen::Screen;

use std::sync::Arc;

use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::shuffle::Seed;
use crate::strategy::HandEvs;
use crate::super_times;
use crate::table::{Rules, Table};
use crate::ultimate_x;

/// Why a question about what is on screen cannot be answered on a table (a table whose rules show
/// nothing, a line count they do not deal at, a screen checked for another table).
pub use crate::ultimate_x::hint::UxError as ScreenError;
/// What is on screen of a table that shows each line's multiplier, checked for the table.
pub use crate::ultimate_x::hint::OnScreen;
/// The multipliers a deal's lines are dealt with on a table that draws them with the deal.
pub use crate::super_times::Drawn;
/// Every hold of a hand valued with what is on screen ([`holds`]), and one hold's values.
pub use crate::ultimate_x::hint::{UxHint as ScreenHolds, UxHoldValue as ScreenHoldValue};
/// A table's returns on a line count ([`returns`]).
pub use crate::ultimate_x::returns::Returns as ScreenReturns;
/// The rules' own chart ([`chart`]), as a chart screen shows it ([`chart_view`]), and in three
/// tiers ([`chart_tiers`]: beginner ≤ 10 lines, intermediate ≤ 20, expert: the chart).
pub use crate::ultimate_x::chart::{
    AtMultiplierView as ScreenAtMultiplier, ChartView as ScreenChartView, ChartViewLine as ScreenChartLine, UxChart as ScreenChart,
    SCREEN_EXCEPTIONS,
};
/// See [`ScreenChart`].
pub use crate::ultimate_x::tiers::{UxTier as ScreenTier, UxTiers as ScreenTiers};

/// What a deal on `table` at `lines` lines shows when nothing is carried to it and nothing is
/// drawn with it (every line at its start): `None` on a table whose rules show nothing (or a line
/// count they do not deal at).
pub fn start(table: &Table, lines: u8) -> Option<Screen> {
    match table.rules() {
        Rules::Plain => None,
        Rules::UltimateX(_) => shown(table, lines, None, None),
        Rules::SuperTimes => Drawn::none(lines).map(Screen::Drawn),
    }
}

/// What a deal from `seed` on `table` shows when nothing is carried to it: its start, or what its
/// rules draw from the seed with the deal (Super Times Pay).
pub fn on_deal(table: &Table, lines: u8, seed: &Seed) -> Option<Screen> {
    shown(table, lines, None, Some(seed))
}

/// Whether the table's rules show something before a deal (what the hand before carried, or a
/// start): `false` on a plain table and on rules that draw what they show with the deal, whose
/// screen is known only once the deal is made.
pub fn shows_before_deal(table: &Table) -> bool {
    match table.rules() {
        Rules::Plain | Rules::SuperTimes => false,
        Rules::UltimateX(_) => true,
    }
}

/// What a deal shows with `carried` (each line's earned value from the hand before, already
/// known to continue it) or, when that is not a screen of this table, its start; on rules that
/// draw with the deal, what they draw from `seed` (`None` without one).
fn shown(table: &Table, lines: u8, carried: Option<&[u8]>, seed: Option<&Seed>) -> Option<Screen> {
    match table.rules() {
        Rules::Plain => None,
        Rules::UltimateX(_) => ultimate_x::rules::on_screen(table, lines, carried).map(Screen::Multipliers),
        Rules::SuperTimes => Drawn::draw(seed?, lines).map(Screen::Drawn),
    }
}

/// A stored hand's screen, checked where the row is decoded: exactly what its table's rules show
/// (one value per line, each one the table can show), or nothing on a table that shows nothing.
pub fn stored(table: &Table, lines: u8, values: Option<&[u8]>) -> Result<Option<Screen>, String> {
    match (table.rules(), values) {
        (Rules::Plain, None) => Ok(None),
        (Rules::Plain, Some(_)) => Err("multipliers on a table that has none".to_string()),
        (Rules::UltimateX(_), values) => ultimate_x::rules::stored(table, lines, values).map(|s| Some(Screen::Multipliers(s))),
        (Rules::SuperTimes, None) => Err("a Super Times Pay hand without its multipliers".to_string()),
        (Rules::SuperTimes, Some(values)) => Drawn::of_values(values, lines).map(|d| Some(Screen::Drawn(d))).map_err(|e| e.to_string()),
    }
}

/// What is on screen as a player types it (`M1,M2,…`, one value per line), checked for `table`
/// on `lines` lines; refused on a table whose rules show nothing.
pub fn parse(table: &Table, lines: u8, text: &str) -> Result<Screen, ScreenError> {
    match table.rules() {
        Rules::Plain => Err(nothing_shown(table)),
        Rules::UltimateX(_) => ultimate_x::rules::parse(table, lines, text).map(Screen::Multipliers),
        Rules::SuperTimes => Drawn::parse(text, lines).map(Screen::Drawn),
    }
}

/// What a drill hand dealt from `seed` on `table` shows (drawn from the hand seed's own stream),
/// and its line count; `None` on a table whose rules show nothing.
pub fn drill_screen(seed: &Seed, table: &Table) -> Option<Screen> {
    match table.rules() {
        Rules::Plain => None,
        Rules::UltimateX(_) => ultimate_x::rules::drill(seed, table).map(Screen::Multipliers),
        // The multiplier changes no hold: a drill here is the base game's, judged by the plain
        // rule (with a screen, a hand would be hard only when the screen changes the best hold,
        // which never happens, and no hand would ever be asked).
        Rules::SuperTimes => None,
    }
}

/// The exact value of every hold of `cards` on `table` with `screen` on screen, per coin of the
/// deal's stake (so times the stake it is chips): the table's own EVs when nothing is shown.
pub fn hand_evs(table: &Table, screen: Option<&Screen>, cards: &[Card; 5]) -> Result<HandEvs, ScreenError> {
    match screen {
        None => Ok(table.hand_evs(cards)),
        Some(Screen::Multipliers(on_screen)) => ultimate_x::hint::hand_evs(table, on_screen, cards),
        Some(Screen::Drawn(drawn)) => Ok(super_times::hand_evs(table, drawn, cards)),
    }
}

/// What a hint adds when something is on screen: the values the holds were valued with, and what
/// the plain game's best hold does here.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScreenHint {
    /// What is on screen, line by line (each line's multiplier).
    pub multipliers: Vec<u8>,
    /// The best hold of the plain game (nothing on screen).
    pub plain_best: Hold,
    /// Whether what is on screen makes another hold best (the plain game's hold is a mistake here).
    pub changes_best: bool,
    /// What the plain game's hold gives up here, per coin of the stake (0 when best).
    pub plain_gives_up: f64,
    /// The same in chips at the stake.
    pub plain_gives_up_chips: f64,
}

impl ScreenHint {
    /// The hint's part for `cards` on `table` with `screen`, whose holds' values are `evs` at a
    /// stake of `stake` chips; `None` when nothing is on screen.
    pub fn of(table: &Table, screen: Option<&Screen>, cards: &[Card; 5], evs: &HandEvs, stake: u64) -> Option<ScreenHint> {
        let screen = screen?;
        let plain_best = table.hand_evs(cards).best();
        Some(ScreenHint {
            multipliers: screen.values().to_vec(),
            plain_best,
            changes_best: evs.is_mistake(plain_best),
            plain_gives_up: evs.cost(plain_best),
            plain_gives_up_chips: evs.cost(plain_best) * stake as f64,
        })
    }
}

/// Refused on a table whose rules have no chart of their own (Super Times Pay: the base game's
/// chart is its chart, the multiplier changing no hold).
fn same_as_base(table: &Table) -> ScreenError {
    ScreenError::BaseChart { table: table.id().to_string() }
}

/// Refused on a table whose rules show nothing before a deal.
fn nothing_shown(table: &Table) -> ScreenError {
    ScreenError::NothingShown { table: table.id().to_string() }
}

/// Every hold of `cards` on `table` with `screen` on screen, best first, with what each pays now
/// and earns for the next hand, and what the plain game's best hold does here.
pub fn holds(table: &Table, screen: &Screen, cards: &[Card; 5]) -> Result<ScreenHolds, ScreenError> {
    match (table.rules(), screen) {
        (Rules::Plain, _) => Err(nothing_shown(table)),
        (Rules::UltimateX(_), Screen::Multipliers(on_screen)) => ultimate_x::hint::hint(table, on_screen, cards),
        (Rules::SuperTimes, Screen::Drawn(drawn)) => Ok(super_times::hint(table, drawn, cards)),
        (_, _) => Err(ScreenError::OtherTable { table: table.id().to_string() }),
    }
}

/// The returns of the variant `table` on `lines` lines: with perfect play and with the best
/// single strategy (solved once per process; seconds for a table the source has not solved).
pub fn returns(table: &Table, lines: u8) -> Result<ScreenReturns, ScreenError> {
    match table.rules() {
        Rules::Plain => Err(nothing_shown(table)),
        Rules::UltimateX(_) => ultimate_x::returns::returns(table, lines),
        Rules::SuperTimes => super_times::returns(table, lines),
    }
}

/// Whether the returns of the variant `table` are the same on every line count it deals (so a
/// question of its return needs no line count).
pub fn returns_on_every_line_count(table: &Table) -> bool {
    match table.rules() {
        Rules::Plain | Rules::SuperTimes => true,
        Rules::UltimateX(_) => false,
    }
}

/// The rules' own chart of the variant `table` on `lines` lines (seconds the first time for a
/// table and line count; kept per process). Refused on a plain table and on a line count its
/// rules do not deal.
pub fn chart(table: &Table, lines: u8) -> Result<Arc<ScreenChart>, ScreenError> {
    match table.rules() {
        Rules::Plain => Err(nothing_shown(table)),
        Rules::UltimateX(_) => ultimate_x::chart::kept(table, lines),
        Rules::SuperTimes => Err(same_as_base(table)),
    }
}

/// [`chart`] as a chart screen shows it.
pub fn chart_view(table: &Table, lines: u8) -> Result<ScreenChartView, ScreenError> {
    chart(table, lines).map(|chart| chart.view())
}

/// The same chart in three tiers (kept per process, as [`chart`]'s).
pub fn chart_tiers(table: &Table, lines: u8) -> Result<Arc<ScreenTiers>, ScreenError> {
    match table.rules() {
        Rules::Plain => Err(nothing_shown(table)),
        Rules::UltimateX(_) => ultimate_x::tiers::kept(table, lines),
        Rules::SuperTimes => Err(same_as_base(table)),
    }
}

/// The game `table`'s rules play on `lines` lines, as text a file keeps so that reading its hands
/// never solves it again, solving it now if this process has not: `None` on a table whose rules
/// solve no game, for a game that comes solved with the source (every fixed table's), or a line
/// count with no game.
pub fn solution_to_keep(table: &Table, lines: u8) -> Option<String> {
    match table.rules() {
        Rules::Plain => None,
        Rules::UltimateX(_) => ultimate_x::hint::to_keep(table, lines),
        Rules::SuperTimes => None,
    }
}

/// A game a file kept ([`solution_to_keep`]'s text), kept for this process; `false`, keeping
/// nothing, when the text is not the game of `table` on `lines` lines.
pub fn keep_solution(table: &Table, lines: u8, text: &str) -> bool {
    match table.rules() {
        Rules::Plain => false,
        Rules::UltimateX(_) => ultimate_x::hint::keep(table, lines, text),
        Rules::SuperTimes => false,
    }
}

/// The game of `table` on `lines` lines solved again to check `kept`, the text a file kept (the
/// audit): `kept` when it is that game up to the solver's rounding, else the game solved again;
/// what it returns is what this process keeps from now on. `None` where [`solution_to_keep`] is.
pub fn solve_again(table: &Table, lines: u8, kept: Option<&str>) -> Option<String> {
    match table.rules() {
        Rules::Plain => None,
        Rules::UltimateX(_) => ultimate_x::hint::solve_again(table, lines, kept),
        Rules::SuperTimes => None,
    }
}

/// Whether two texts of [`solution_to_keep`] are the same game of `table`'s rules up to the
/// solver's rounding (a game solved again can differ in the 14th digit).
pub fn same_solution(table: &Table, a: &str, b: &str) -> bool {
    match table.rules() {
        Rules::Plain | Rules::SuperTimes => a == b,
        Rules::UltimateX(_) => ultimate_x::hint::same_game(a, b),
    }
}
