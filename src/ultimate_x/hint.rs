//! The Ultimate X hint: every hold of a dealt hand valued with the multipliers on screen, exactly.
//!
//! A hold's value per line is `m̄·p(h) + E[W(S_h)]/n`: this hand's pays at the average multiplier
//! m̄ on screen, plus the worth of the multipliers the n lines earn for the next hand (W from the
//! solved game, [`super::mdp`]), counted against a next hand at 1× on every line. With every line
//! at 1× and a hold that can earn nothing, it is the plain EV. Per coin of the base bet.

use std::sync::{Arc, Mutex};

use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::table::Table;

use super::mdp::Solution;
use super::multipliers::{Multipliers, UX_LINES};

/// Why an Ultimate X question cannot be answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "code", rename_all = "kebab-case")]
pub enum UxError {
    /// The table's game has no Ultimate X multiplier table.
    #[error("{table} has no Ultimate X multiplier table (Jacks or Better, Bonus Poker, Double Bonus, Double Double Bonus, Triple Double Bonus and Deuces Wild have)")]
    NoMultipliers {
        /// The table's id.
        table: String,
    },
    /// A line count Ultimate X is not dealt on.
    #[error("this game is dealt on 1, 3, 5 or 10 lines, not {lines}")]
    Lines {
        /// The count asked for.
        lines: u8,
    },
    /// A question about what is on screen asked of a plain table, which shows nothing.
    #[error("{table} shows nothing on screen before a deal (plain play): ask one of its variant tables")]
    NothingShown {
        /// The table's id.
        table: String,
    },
    /// Rules with no chart of their own: the base game's chart is theirs.
    #[error("{table} is played by its base game's chart (the multiplier changes no hold): ask the plain table's chart")]
    BaseChart {
        /// The table's id.
        table: String,
    },
    /// Not one multiplier per line.
    #[error("{lines} lines need {lines} multipliers, not {given}")]
    MultiplierCount {
        /// Lines.
        lines: u8,
        /// Multipliers given.
        given: usize,
    },
    /// Multipliers checked for a table that awards others.
    #[error("these multipliers were checked for another table than {table}")]
    OtherTable {
        /// The table asked about.
        table: String,
    },
    /// A multiplier this table never awards on this line count.
    #[error("{value} is not a multiplier of this table on {lines} lines (it awards {awarded})")]
    Multiplier {
        /// The value given.
        value: String,
        /// Lines.
        lines: u8,
        /// The values it does award, comma-separated.
        awarded: String,
    },
}

/// The multipliers on screen, one per line: each one the table they were checked for awards on
/// its line count (checked where they enter, [`OnScreen::parse`]; a hint on another table's
/// multipliers is refused).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnScreen {
    checked_for: Multipliers,
    values: Vec<u8>,
}

impl OnScreen {
    /// Reads `M1,M2,…` (one per line; a trailing `x` is allowed) for `multipliers`' table and lines.
    pub fn parse(text: &str, multipliers: &Multipliers) -> Result<OnScreen, UxError> {
        let lines = multipliers.lines();
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() != usize::from(lines) {
            return Err(UxError::MultiplierCount { lines, given: parts.len() });
        }
        let awarded = || multipliers.values().iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
        let values = parts
            .iter()
            .map(|part| {
                let digits = part.strip_suffix(['x', 'X']).unwrap_or(part);
                match digits.parse::<u8>() {
                    Ok(value) if multipliers.is_value(value) => Ok(value),
                    _ => Err(UxError::Multiplier { value: part.to_string(), lines, awarded: awarded() }),
                }
            })
            .collect::<Result<Vec<u8>, UxError>>()?;
        Ok(OnScreen { checked_for: *multipliers, values })
    }

    /// The multipliers `values` (a stored hand's, one per line), checked as [`OnScreen::parse`]
    /// checks them.
    pub fn of_values(values: &[u8], multipliers: &Multipliers) -> Result<OnScreen, UxError> {
        let text: Vec<String> = values.iter().map(u8::to_string).collect();
        OnScreen::parse(&text.join(","), multipliers)
    }

    /// What a line's final hand earns, checked for the same table and line count.
    pub fn multipliers(&self) -> &Multipliers {
        &self.checked_for
    }

    /// Every line at 1× (every table's start).
    pub fn ones(multipliers: &Multipliers) -> OnScreen {
        OnScreen { checked_for: *multipliers, values: vec![super::multipliers::START; usize::from(multipliers.lines())] }
    }

    /// The multiplier a line shows when nothing is carried to it (1×).
    pub fn start(&self) -> u8 {
        super::multipliers::START
    }

    /// The multipliers, line by line.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// Their sum.
    pub fn total(&self) -> u32 {
        self.values.iter().map(|&m| u32::from(m)).sum()
    }
}

/// One hold's value with the multipliers on screen.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct UxHoldValue {
    /// The hold.
    pub hold: Hold,
    /// Its value per line and coin: `pays` plus the multipliers' worth for the next hand.
    pub ev: f64,
    /// This hand's expected pay per line and coin at the multipliers on screen.
    pub pays: f64,
    /// The multiplier a line expects to earn for its next hand (1 = none).
    pub earned: f64,
}

/// The hint for one hand: all 32 holds best first, and what the plain game's best hold does here.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UxHint {
    /// The best hold with these multipliers.
    pub best: Hold,
    /// The best hold of the plain game (no multipliers).
    pub plain_best: Hold,
    /// What the plain game's best hold gives up here, per line and coin (0 when it is best).
    pub plain_gives_up: f64,
    /// Every hold, best first (ties by the plain game's tie rule).
    pub holds: Vec<UxHoldValue>,
}

/// A game's key among the solved: the base, the pays and the line count.
type Key = (String, Vec<u32>, u8);

/// The games solved in this process (or read back from a file, [`keep`]).
static SOLVED: Mutex<Vec<(Key, Arc<Solution>)>> = Mutex::new(Vec::new());

fn key_of(table: &Table, lines: u8) -> Key {
    (table.base().id().to_string(), table.pays(), lines)
}

/// Solves (once per process) and returns the game of `table` on `lines` lines: every fixed
/// table's game (a machine's, a kicker game's, a library table's) comes solved with the source
/// (`solved.rs`: neither a first hint nor a read of the history solves), a lab table's is solved
/// on its first use (1–5 s) unless a file kept it ([`keep`]).
pub fn solution(table: &Table, lines: u8) -> Result<(Multipliers, Arc<Solution>), UxError> {
    if !UX_LINES.contains(&lines) {
        return Err(UxError::Lines { lines });
    }
    let multipliers = Multipliers::of(table.base(), table.paytable(), lines)
        .ok_or_else(|| UxError::NoMultipliers { table: table.id().to_string() })?;
    let key = key_of(table, lines);
    if let Ok(kept) = SOLVED.lock() {
        if let Some((_, solved)) = kept.iter().find(|(k, _)| *k == key) {
            return Ok((multipliers, Arc::clone(solved)));
        }
    }
    let solved = Arc::new(match in_source(table, lines) {
        Some(kept) => kept.solution(),
        None => super::game(table, &multipliers).solve(),
    });
    Ok((multipliers, remember(key, solved)))
}

/// The game of `table` on `lines` lines as kept with the source, if it is.
fn in_source(table: &Table, lines: u8) -> Option<&'static super::mdp::Solved> {
    let pays = table.pays();
    super::solved::SOLVED.iter().find(|s| s.base == table.base().id() && s.pays == pays.as_slice() && s.lines == lines)
}

/// Keeps `solved` for this process (another thread may have solved the same game meanwhile:
/// the first copy stays), returning the one kept.
fn remember(key: Key, solved: Arc<Solution>) -> Arc<Solution> {
    match SOLVED.lock() {
        Ok(mut kept) => match kept.iter().find(|(k, _)| *k == key) {
            Some((_, first)) => Arc::clone(first),
            None => {
                kept.push((key, Arc::clone(&solved)));
                solved
            }
        },
        Err(_) => solved,
    }
}

/// The game of `table` on `lines` lines as text a file keeps ([`Solution::to_text`]), solving it
/// if this process has not: `None` for a game kept with the source (nothing to keep) or a table
/// and line count with no game.
pub fn to_keep(table: &Table, lines: u8) -> Option<String> {
    if in_source(table, lines).is_some() {
        return None;
    }
    solution(table, lines).ok().map(|(_, solved)| solved.to_text())
}

/// A game a file kept (`to_keep`'s text) kept for this process, so that reading hands on its
/// table never solves it again; `false`, keeping nothing, for text that is no solution of this
/// table's game on `lines` lines (the caller's cache is then rebuilt by solving).
pub fn keep(table: &Table, lines: u8, text: &str) -> bool {
    let fits = UX_LINES.contains(&lines) && Multipliers::of(table.base(), table.paytable(), lines).is_some();
    // One value per multiplier sum, n to 12n.
    let sums = usize::from(lines) * usize::from(super::multipliers::MAX_MULTIPLIER - 1) + 1;
    match Solution::from_text(text).filter(|s| fits && s.lines == lines && s.values.len() == sums && s.stationary.len() == sums) {
        Some(solved) => {
            remember(key_of(table, lines), Arc::new(solved));
            true
        }
        None => false,
    }
}

/// Whether two kept texts ([`to_keep`]'s) are the same game up to the solver's rounding.
pub fn same_game(a: &str, b: &str) -> bool {
    matches!((Solution::from_text(a), Solution::from_text(b)), (Some(a), Some(b)) if a.agrees(&b))
}

/// The game of `table` on `lines` lines solved again, whatever this process kept, to check the
/// text a file `kept` (a game read back from a file may not be the table's): when `kept` is the
/// same game up to the solver's rounding, it is what this process keeps from now on (so every
/// replay gives the figures the hands were first judged with, bit for bit); otherwise the game
/// solved again is, and its text is returned for the file. `None` where [`to_keep`] has none.
pub fn solve_again(table: &Table, lines: u8, kept: Option<&str>) -> Option<String> {
    if in_source(table, lines).is_some() || !UX_LINES.contains(&lines) {
        return None;
    }
    let multipliers = Multipliers::of(table.base(), table.paytable(), lines)?;
    let fresh = super::game(table, &multipliers).solve();
    let solved = match kept.and_then(Solution::from_text) {
        Some(kept) if kept.agrees(&fresh) && kept.lines == lines && kept.values.len() == fresh.values.len() => kept,
        _ => fresh,
    };
    let text = solved.to_text();
    if let Ok(mut cache) = SOLVED.lock() {
        let key = key_of(table, lines);
        cache.retain(|(k, _)| *k != key);
        cache.push((key, Arc::new(solved)));
    }
    Some(text)
}

/// The hint for `hand` (checked against the table's deck by the caller) with `on_screen`.
pub fn hint(table: &Table, on_screen: &OnScreen, hand: &[Card; 5]) -> Result<UxHint, UxError> {
    let (multipliers, solved) = solution(table, on_screen.checked_for.lines())?;
    if multipliers != on_screen.checked_for {
        return Err(UxError::OtherTable { table: table.id().to_string() });
    }
    Ok(hint_with(table, &multipliers, &solved, on_screen, hand))
}

/// [`hint`] with the game already solved.
pub fn hint_with(
    table: &Table,
    multipliers: &Multipliers,
    solved: &Solution,
    on_screen: &OnScreen,
    hand: &[Card; 5],
) -> UxHint {
    let game = super::game(table, multipliers);
    let deck = crate::strategy::DeckMath::of_family(game.family);
    // Solve the sorted hand and map each sorted-order mask back to the order given.
    let (sorted, position) = crate::strategy::solver::sorted_with_positions(hand);
    let outcomes = game.line_outcomes(&sorted, deck);
    let n = f64::from(multipliers.lines());
    let average = f64::from(on_screen.total()) / n;
    let n_states = solved.values.len();
    let (mut dist, mut scratch) = (vec![0.0; n_states], vec![0.0; n_states]);
    let mut holds = Vec::with_capacity(32);
    for mask in 0..32usize {
        game.sum_distribution(&outcomes.earned[mask], &mut dist, &mut scratch);
        let future: f64 = dist.iter().zip(&solved.values).map(|(d, w)| d * w).sum::<f64>() / n;
        let pays = average * outcomes.ev[mask];
        let earned = outcomes.earned[mask].iter().enumerate().map(|(k, q)| k as f64 * q).sum();
        let given = (0..5).filter(|&bit| mask & (1 << bit) != 0).fold(0u32, |acc, bit| acc | 1 << position[bit]);
        let hold = Hold::from_mask(given).unwrap_or(Hold::ALL);
        holds.push(UxHoldValue { hold, ev: pays + future, pays, earned });
    }
    let plain_best = table.hand_evs(hand).best();
    let mut ranked = holds;
    ranked.sort_by(|a, b| {
        crate::strategy::compare_holds(
            &crate::strategy::HoldEv { hold: a.hold, ev: a.ev },
            &crate::strategy::HoldEv { hold: b.hold, ev: b.ev },
        )
    });
    let best = ranked[0];
    let plain_gives_up = ranked.iter().find(|v| v.hold == plain_best).map_or(0.0, |v| best.ev - v.ev);
    UxHint { best: best.hold, plain_best, plain_gives_up, holds: ranked }
}

/// Every hold's value with `on_screen` as the game's verdicts take it: per coin of the Ultimate X
/// bet, which is two coins a line (so half the hint's per-line value). Times a deal's stake it is
/// chips: this hand's pays at the multipliers on screen plus what the multipliers it earns are
/// worth next hand, against a next hand at 1× on every line.
pub fn hand_evs(table: &Table, on_screen: &OnScreen, hand: &[Card; 5]) -> Result<crate::strategy::HandEvs, UxError> {
    let hint = hint(table, on_screen, hand)?;
    let mut evs = [0.0; 32];
    for value in &hint.holds {
        evs[value.hold.mask() as usize] = value.ev / 2.0;
    }
    Ok(crate::strategy::HandEvs::from_array(evs))
}
