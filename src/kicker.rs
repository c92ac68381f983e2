//! The library's own games: tables whose rows no machine has, each validated when built like the
//! machines' (each category paid by at most one row, pays never rising down the table), not
//! machines: the five machines, their unlocks and progression stay as they are. A game here is a
//! base of the library (`library::Base::Kicker`): its own table, the library's tables with other
//! pays and the lab's copies have its rows.
//!
//! - The kicker games, Double Double Bonus 9/6 and Triple Double Bonus 9/7, pay four of a kind by
//!   the fifth card (the kicker): `four-aces-2-4-kicker` (four aces with a 2, 3 or 4),
//!   `four-2-4-a-4-kicker` (four 2s, 3s or 4s with an ace, 2, 3 or 4), `four-aces` (four aces with
//!   any other fifth card, 5 … K, as such a table's "Four aces" line reads), `four-2-4` (four 2s–4s
//!   with a 5 … K) and `four-5-k` (four of 5 … K, any fifth card).
//! - Aces & Faces 8/5 pays four jacks, queens or kings apart (`four-j-k`) from four of 2 … 10
//!   (`four-2-10`).
//! - Super Double Bonus 9/5 pays four J–K (`four-j-k`), four 2–4 (`four-2-4`) and four 5–10
//!   (`four-5-10`) apart.
//! - Bonus Deuces Wild 9/4/4 (deuces wild) pays four deuces with an ace (`four-deuces-ace`) apart
//!   from four deuces, and five aces (`five-aces`), five 3s–5s (`five-3-5`) and five 6s–Ks
//!   (`five-6-k`) apart.
//!
//! The rows cover the evaluators' categories ([`crate::eval::NaturalCategory`],
//! [`crate::eval::DeucesCategory`]); the other rows are as on the machines (`royal-flush`,
//! `straight-flush`, `full-house`, …). Triple Double Bonus's royal and its four aces with a low
//! kicker both pay 800; the royal is listed first. Exact hints for them:
//! [`crate::strategy::kicker_hand_evs`]; the exact analysis of optimal play:
//! [`crate::strategy::custom::analyze_table`] on [`KickerGame::paytable`].

use std::sync::OnceLock;

use crate::eval::Family;
use crate::machine::{
    id_text, row, PayRow, Paytable, DEUCES_LOSING, D_3K, D_4D, D_4DA, D_4K, D_5A, D_5_35, D_5_6K, D_FH, D_FL, D_NRF,
    D_SF, D_ST, D_WRF, NATURAL_LOSING, N_2P, N_3K, N_4A_24, N_4A_5K, N_4JK, N_4L_5K, N_4L_A4, N_4_510, N_FH, N_FL,
    N_JB, N_RF, N_SF, N_ST,
};

/// One of the library's own games, each with its common full-pay table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KickerGame {
    /// Double Double Bonus 9/6 (full house 9, flush 6).
    DoubleDoubleBonus,
    /// Triple Double Bonus 9/7 (full house 9, flush 7).
    TripleDoubleBonus,
    /// Aces & Faces 8/5 (full house 8, flush 5).
    AcesAndFaces,
    /// Super Double Bonus 9/5 (full house 9, flush 5).
    SuperDoubleBonus,
    /// Bonus Deuces Wild 9/4/4 (straight flush 9, four of a kind 4, full house 4).
    BonusDeucesWild,
}

/// A game id that is not one of the library's own games.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a game of the library's own (expected double-double-bonus, triple-double-bonus, aces-and-faces, super-double-bonus or bonus-deuces-wild)")]
pub struct UnknownKickerGame(pub String);

impl KickerGame {
    /// Every game, in a fixed order (a new one goes last: per-game slots are indexed by it).
    pub const ALL: [KickerGame; 5] = [
        KickerGame::DoubleDoubleBonus,
        KickerGame::TripleDoubleBonus,
        KickerGame::AcesAndFaces,
        KickerGame::SuperDoubleBonus,
        KickerGame::BonusDeucesWild,
    ];

    /// The game's stable id.
    pub fn id(self) -> &'static str {
        match self {
            KickerGame::DoubleDoubleBonus => "double-double-bonus",
            KickerGame::TripleDoubleBonus => "triple-double-bonus",
            KickerGame::AcesAndFaces => "aces-and-faces",
            KickerGame::SuperDoubleBonus => "super-double-bonus",
            KickerGame::BonusDeucesWild => "bonus-deuces-wild",
        }
    }

    /// The name players know the table by.
    pub fn name(self) -> &'static str {
        match self {
            KickerGame::DoubleDoubleBonus => "Double Double Bonus 9/6",
            KickerGame::TripleDoubleBonus => "Triple Double Bonus 9/7",
            KickerGame::AcesAndFaces => "Aces & Faces 8/5",
            KickerGame::SuperDoubleBonus => "Super Double Bonus 9/5",
            KickerGame::BonusDeucesWild => "Bonus Deuces Wild 9/4/4",
        }
    }

    /// The pays its name ends with (`9/6`): [`KickerGame::name`] is the game and these.
    pub fn suffix(self) -> &'static str {
        match self {
            KickerGame::DoubleDoubleBonus => "9/6",
            KickerGame::TripleDoubleBonus => "9/7",
            KickerGame::AcesAndFaces => "8/5",
            KickerGame::SuperDoubleBonus => "9/5",
            KickerGame::BonusDeucesWild => "9/4/4",
        }
    }

    /// The evaluator family: natural (the kicker games' categories are the natural evaluator's),
    /// or Deuces Wild for Bonus Deuces Wild.
    pub fn family(self) -> Family {
        match self {
            KickerGame::BonusDeucesWild => Family::Deuces,
            _ => Family::Natural,
        }
    }

    /// Whether the game pays four of a kind by its fifth card (Double Double Bonus, Triple Double
    /// Bonus): the library lists these as the "kicker" family.
    pub fn pays_kickers(self) -> bool {
        matches!(self, KickerGame::DoubleDoubleBonus | KickerGame::TripleDoubleBonus)
    }

    /// The game's paytable, per coin, built and validated once per process.
    pub fn paytable(self) -> &'static Paytable {
        static TABLES: [OnceLock<Paytable>; KickerGame::ALL.len()] = [const { OnceLock::new() }; KickerGame::ALL.len()];
        TABLES[self as usize].get_or_init(|| {
            let losing = match self.family() {
                Family::Deuces => DEUCES_LOSING,
                _ => NATURAL_LOSING,
            };
            let rows: Vec<PayRow> = rows(self).iter().map(|&(id, pay, categories)| row(id, pay, categories)).collect();
            Paytable::new(self.family(), rows, losing).expect("the library's own games' paytables are valid (checked by tests)")
        })
    }
}

/// A row: its id, its pay per coin on the game's own table, the categories it covers.
type Row = (&'static str, u32, &'static [usize]);

/// The rows of a game's own table, best first. Double Double Bonus and Triple Double Bonus have the
/// same 13 rows in the same order (so one list of 13 pays describes either, see
/// [`crate::strategy::custom::layout_table`]).
fn rows(game: KickerGame) -> &'static [Row] {
    match game {
        KickerGame::DoubleDoubleBonus => &[
            ("royal-flush", 800, &[N_RF]),
            ("four-aces-2-4-kicker", 400, &[N_4A_24]),
            ("four-2-4-a-4-kicker", 160, &[N_4L_A4]),
            ("four-aces", 160, &[N_4A_5K]),
            ("four-2-4", 80, &[N_4L_5K]),
            ("straight-flush", 50, &[N_SF]),
            ("four-5-k", 50, &[N_4JK, N_4_510]),
            ("full-house", 9, &[N_FH]),
            ("flush", 6, &[N_FL]),
            ("straight", 4, &[N_ST]),
            ("three-of-a-kind", 3, &[N_3K]),
            ("two-pair", 1, &[N_2P]),
            ("jacks-or-better", 1, &[N_JB]),
        ],
        KickerGame::TripleDoubleBonus => &[
            ("royal-flush", 800, &[N_RF]),
            ("four-aces-2-4-kicker", 800, &[N_4A_24]),
            ("four-2-4-a-4-kicker", 400, &[N_4L_A4]),
            ("four-aces", 160, &[N_4A_5K]),
            ("four-2-4", 80, &[N_4L_5K]),
            ("straight-flush", 50, &[N_SF]),
            ("four-5-k", 50, &[N_4JK, N_4_510]),
            ("full-house", 9, &[N_FH]),
            ("flush", 7, &[N_FL]),
            ("straight", 4, &[N_ST]),
            ("three-of-a-kind", 2, &[N_3K]),
            ("two-pair", 1, &[N_2P]),
            ("jacks-or-better", 1, &[N_JB]),
        ],
        KickerGame::AcesAndFaces => &[
            ("royal-flush", 800, &[N_RF]),
            ("four-aces", 80, &[N_4A_24, N_4A_5K]),
            ("straight-flush", 50, &[N_SF]),
            ("four-j-k", 40, &[N_4JK]),
            ("four-2-10", 25, &[N_4L_A4, N_4L_5K, N_4_510]),
            ("full-house", 8, &[N_FH]),
            ("flush", 5, &[N_FL]),
            ("straight", 4, &[N_ST]),
            ("three-of-a-kind", 3, &[N_3K]),
            ("two-pair", 2, &[N_2P]),
            ("jacks-or-better", 1, &[N_JB]),
        ],
        KickerGame::SuperDoubleBonus => &[
            ("royal-flush", 800, &[N_RF]),
            ("four-aces", 160, &[N_4A_24, N_4A_5K]),
            ("four-j-k", 120, &[N_4JK]),
            ("four-2-4", 80, &[N_4L_A4, N_4L_5K]),
            ("straight-flush", 80, &[N_SF]),
            ("four-5-10", 50, &[N_4_510]),
            ("full-house", 9, &[N_FH]),
            ("flush", 5, &[N_FL]),
            ("straight", 4, &[N_ST]),
            ("three-of-a-kind", 3, &[N_3K]),
            ("two-pair", 1, &[N_2P]),
            ("jacks-or-better", 1, &[N_JB]),
        ],
        // Five aces needs at least one natural ace beside the deuces; four deuces with an ace is
        // its own row above it (the evaluator's categories).
        KickerGame::BonusDeucesWild => &[
            ("natural-royal-flush", 800, &[D_NRF]),
            ("four-deuces-ace", 400, &[D_4DA]),
            ("four-deuces", 200, &[D_4D]),
            ("five-aces", 80, &[D_5A]),
            ("five-3-5", 40, &[D_5_35]),
            ("wild-royal-flush", 25, &[D_WRF]),
            ("five-6-k", 20, &[D_5_6K]),
            ("straight-flush", 9, &[D_SF]),
            ("four-of-a-kind", 4, &[D_4K]),
            ("full-house", 4, &[D_FH]),
            ("flush", 3, &[D_FL]),
            ("straight", 1, &[D_ST]),
            ("three-of-a-kind", 1, &[D_3K]),
        ],
    }
}

id_text!(KickerGame, UnknownKickerGame);
