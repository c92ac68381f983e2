//! The kicker games: Double Double Bonus 9/6 and Triple Double Bonus 9/7, whose four-of-a-kind
//! pays depend on the fifth card (the kicker). They are natural-family paytables, validated when
//! built like the machines' (each category paid by at most one row, pays never rising down the
//! table), not machines: the five machines, their unlocks and progression stay as they are.
//!
//! Rows, best first, and what they cover (the natural evaluator's categories, see
//! [`crate::eval::NaturalCategory`]):
//!
//! - `four-aces-2-4-kicker`: four aces with a 2, 3 or 4;
//! - `four-2-4-a-4-kicker`: four 2s, 3s or 4s with an ace, 2, 3 or 4;
//! - `four-aces`: four aces with any other fifth card (5 … K), as such a table's "Four aces" line
//!   reads; `four-2-4`: four 2s–4s with a 5 … K; `four-5-k`: four of 5 … K, any fifth card;
//! - the other rows as on the machines (`royal-flush`, `straight-flush`, `full-house`, …).
//!
//! Triple Double Bonus's royal and its four aces with a low kicker both pay 800; the royal is
//! listed first. Exact hints for them: [`crate::strategy::kicker_hand_evs`]; the exact analysis
//! of optimal play: [`crate::strategy::custom::analyze_table`] on [`KickerGame::paytable`].

use std::sync::OnceLock;

use crate::eval::Family;
use crate::machine::{
    id_text, row, PayRow, Paytable, NATURAL_LOSING, N_2P, N_3K, N_4A_24, N_4A_5K, N_4L_5K, N_4L_A4, N_4M, N_FH, N_FL, N_JB,
    N_RF, N_SF, N_ST,
};

/// One of the two kicker games, each with its common full-pay table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KickerGame {
    /// Double Double Bonus 9/6 (full house 9, flush 6).
    DoubleDoubleBonus,
    /// Triple Double Bonus 9/7 (full house 9, flush 7).
    TripleDoubleBonus,
}

/// A kicker game id that is not one of the two.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a kicker game (expected double-double-bonus or triple-double-bonus)")]
pub struct UnknownKickerGame(pub String);

impl KickerGame {
    /// Both kicker games.
    pub const ALL: [KickerGame; 2] = [KickerGame::DoubleDoubleBonus, KickerGame::TripleDoubleBonus];

    /// The game's stable id.
    pub fn id(self) -> &'static str {
        match self {
            KickerGame::DoubleDoubleBonus => "double-double-bonus",
            KickerGame::TripleDoubleBonus => "triple-double-bonus",
        }
    }

    /// The name players know the table by.
    pub fn name(self) -> &'static str {
        match self {
            KickerGame::DoubleDoubleBonus => "Double Double Bonus 9/6",
            KickerGame::TripleDoubleBonus => "Triple Double Bonus 9/7",
        }
    }

    /// The pays its name ends with (`9/6`): [`KickerGame::name`] is the game and these.
    pub fn suffix(self) -> &'static str {
        match self {
            KickerGame::DoubleDoubleBonus => "9/6",
            KickerGame::TripleDoubleBonus => "9/7",
        }
    }

    /// The evaluator family: natural (the kicker categories are the natural evaluator's).
    pub fn family(self) -> Family {
        Family::Natural
    }

    /// The game's paytable, per coin, built and validated once per process.
    pub fn paytable(self) -> &'static Paytable {
        static TABLES: [OnceLock<Paytable>; 2] = [const { OnceLock::new() }; 2];
        TABLES[self as usize].get_or_init(|| {
            Paytable::new(Family::Natural, kicker_rows(self), NATURAL_LOSING)
                .expect("the kicker games' paytables are valid (checked by tests)")
        })
    }
}

/// The kicker games' rows, best first: both games have these, in this order (so one list of 13
/// pays describes either, see [`crate::strategy::custom::layout_table`]).
const ROWS: [(&str, &[usize]); 13] = [
    ("royal-flush", &[N_RF]),
    ("four-aces-2-4-kicker", &[N_4A_24]),
    ("four-2-4-a-4-kicker", &[N_4L_A4]),
    ("four-aces", &[N_4A_5K]),
    ("four-2-4", &[N_4L_5K]),
    ("straight-flush", &[N_SF]),
    ("four-5-k", &[N_4M]),
    ("full-house", &[N_FH]),
    ("flush", &[N_FL]),
    ("straight", &[N_ST]),
    ("three-of-a-kind", &[N_3K]),
    ("two-pair", &[N_2P]),
    ("jacks-or-better", &[N_JB]),
];

/// The pays per coin of [`ROWS`], per game.
fn pays(game: KickerGame) -> [u32; 13] {
    match game {
        KickerGame::DoubleDoubleBonus => [800, 400, 160, 160, 80, 50, 50, 9, 6, 4, 3, 1, 1],
        KickerGame::TripleDoubleBonus => [800, 800, 400, 160, 80, 50, 50, 9, 7, 4, 2, 1, 1],
    }
}

/// The rows of a kicker game's table, best first.
fn kicker_rows(game: KickerGame) -> Vec<PayRow> {
    ROWS.iter().zip(pays(game)).map(|(&(id, categories), pay)| row(id, pay, categories)).collect()
}

id_text!(KickerGame, UnknownKickerGame);
