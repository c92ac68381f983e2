//! The five machines and their paytables, as data checked when built.
//!
//! A paytable is a list of rows, best first; each row has a stable id (what the UI translates and
//! lights), the per-coin pay and the evaluator categories it covers. A win pays bet × per-coin pay.
//! The natural machines' rows cover the kicker categories of the natural evaluator without telling
//! them apart (Bonus Poker's `four-aces` pays four aces with any kicker); the kicker games' tables,
//! which do, are in [`crate::kicker`].

use serde::Serialize;

use crate::card::Card;
use crate::eval::{DeucesCategory, Family, NaturalCategory};
use crate::joker::paytable;

/// One of the five machines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)] // The variant names say it all.
pub enum MachineId {
    JacksOrBetter,
    DeucesWild,
    BonusPoker,
    DoubleBonus,
    /// Joker Poker (Kings or Better), the 53-card game.
    JokerPoker,
}

/// A machine id that is not one of the five.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a machine (expected {machines})", machines = MachineId::listed())]
pub struct UnknownMachine(pub String);

/// A paytable that breaks a rule (checked by [`Paytable::new`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[allow(missing_docs)] // The variant names say it all.
pub enum PaytableError {
    #[error("category {0} is covered by no row or by more than one row")]
    CategoryCoverage(usize),
    #[error("row '{0}' pays nothing")]
    ZeroPay(&'static str),
    #[error("row '{0}' pays more than the row above it")]
    NotDescending(&'static str),
    #[error("row '{0}' names category {1}, which the family does not have")]
    UnknownCategory(&'static str, usize),
}

/// One paying line of a paytable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PayRow {
    /// Stable id, e.g. "full-house"; the UI translates it.
    pub id: &'static str,
    /// Chips paid per chip bet.
    pub pay: u32,
    /// Indices (into the family's category list) this row covers.
    #[serde(skip)]
    pub categories: &'static [usize],
}

/// A validated paytable: every category maps to at most one row, pays descend.
#[derive(Clone, Debug)]
pub struct Paytable {
    family: Family,
    rows: Vec<PayRow>,
    /// For each category index: the row that pays it, if any.
    row_of: Vec<Option<usize>>,
    /// For each category index: per-coin pay (0 when no row).
    pay_of: Vec<u32>,
}

impl Paytable {
    /// Builds a paytable, checking that no category is paid twice, every row pays, pays never
    /// rise down the table, and every category not paid is a losing one (covered by no row).
    pub fn new(family: Family, rows: Vec<PayRow>, losing: &[usize]) -> Result<Paytable, PaytableError> {
        let n = family.n_categories();
        let mut row_of = vec![None; n];
        for (row_idx, row) in rows.iter().enumerate() {
            if row.pay == 0 {
                return Err(PaytableError::ZeroPay(row.id));
            }
            if row_idx > 0 && row.pay > rows[row_idx - 1].pay {
                return Err(PaytableError::NotDescending(row.id));
            }
            for &category in row.categories {
                let slot = row_of.get_mut(category).ok_or(PaytableError::UnknownCategory(row.id, category))?;
                if slot.is_some() {
                    return Err(PaytableError::CategoryCoverage(category));
                }
                *slot = Some(row_idx);
            }
        }
        for (category, row) in row_of.iter().enumerate() {
            if row.is_none() != losing.contains(&category) {
                return Err(PaytableError::CategoryCoverage(category));
            }
        }
        let pay_of = row_of.iter().map(|row| row.map_or(0, |r| rows[r].pay)).collect();
        Ok(Paytable { family, rows, row_of, pay_of })
    }

    /// A copy of this table with new per-coin pays, one per row in row order, under the lab's
    /// rules: a pay may be 0 and the pays need not descend (a flush may pay more than a full
    /// house); the rows, their ids and the categories they cover stay as they are. `None` when
    /// `pays` does not have one value per row. The built-in tables never change: this is a copy.
    pub fn with_pays(&self, pays: &[u32]) -> Option<Paytable> {
        if pays.len() != self.rows.len() {
            return None;
        }
        let rows: Vec<PayRow> = self.rows.iter().zip(pays).map(|(row, &pay)| PayRow { pay, ..row.clone() }).collect();
        let pay_of = self.row_of.iter().map(|row| row.map_or(0, |r| rows[r].pay)).collect();
        Some(Paytable { family: self.family, rows, row_of: self.row_of.clone(), pay_of })
    }

    /// The evaluator family.
    pub fn family(&self) -> Family {
        self.family
    }

    /// The paying rows, best first.
    pub fn rows(&self) -> &[PayRow] {
        &self.rows
    }

    /// Per-coin pay of each category index of the family.
    pub fn pay_by_category(&self) -> &[u32] {
        &self.pay_of
    }

    /// The row index that pays this category index, if it pays.
    pub fn row_of_category(&self, category: usize) -> Option<usize> {
        self.row_of[category]
    }

    /// The paying row of a final hand, if it pays.
    pub fn row_of_hand(&self, hand: &[Card; 5]) -> Option<usize> {
        self.row_of[self.family.category_index(hand)]
    }

    /// Per-coin pay of a final hand.
    pub fn pay(&self, hand: &[Card; 5]) -> u32 {
        self.pay_of[self.family.category_index(hand)]
    }

    /// The id of the row a final hand lands on, or "nothing".
    pub fn outcome_id(&self, hand: &[Card; 5]) -> &'static str {
        self.row_of_hand(hand).map_or("nothing", |row| self.rows[row].id)
    }
}

impl MachineId {
    /// All five machines, in the order they unlock (a machine's place here is its stored code:
    /// a new machine goes last).
    pub const ALL: [MachineId; 5] = [
        MachineId::JacksOrBetter,
        MachineId::DeucesWild,
        MachineId::BonusPoker,
        MachineId::DoubleBonus,
        MachineId::JokerPoker,
    ];

    /// The game's English name, as the lab's messages write it ("Jacks or Better").
    pub fn name(self) -> &'static str {
        match self {
            MachineId::JacksOrBetter => "Jacks or Better",
            MachineId::DeucesWild => "Deuces Wild",
            MachineId::BonusPoker => "Bonus Poker",
            MachineId::DoubleBonus => "Double Bonus",
            MachineId::JokerPoker => "Joker Poker",
        }
    }

    /// The machine's stable id.
    pub fn id(self) -> &'static str {
        match self {
            MachineId::JacksOrBetter => "jacks-or-better",
            MachineId::DeucesWild => "deuces-wild",
            MachineId::BonusPoker => "bonus-poker",
            MachineId::DoubleBonus => "double-bonus",
            MachineId::JokerPoker => "joker-poker",
        }
    }

    /// The machine's evaluator family.
    pub fn family(self) -> Family {
        match self {
            MachineId::DeucesWild => Family::Deuces,
            MachineId::JacksOrBetter | MachineId::BonusPoker | MachineId::DoubleBonus => Family::Natural,
            MachineId::JokerPoker => Family::Joker,
        }
    }

    /// Every machine's id as an error lists them: "a, b, … or e".
    pub fn listed() -> String {
        let ids: Vec<&str> = MachineId::ALL.iter().map(|m| m.id()).collect();
        match ids.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => ids.concat(),
        }
    }

    /// The level at which the machine unlocks.
    pub fn unlock_level(self) -> u32 {
        match self {
            MachineId::JacksOrBetter => 1,
            MachineId::DeucesWild => 3,
            MachineId::BonusPoker => 8,
            MachineId::DoubleBonus => 15,
            // After Double Bonus (15) and Fifty Play (17): a new deck and a wild card, for a
            // player who has met wild cards on Deuces Wild and kickers on the bonus games.
            MachineId::JokerPoker => 18,
        }
    }

    /// The machine's paytable, built and validated once per process.
    pub fn paytable(self) -> &'static Paytable {
        static TABLES: [std::sync::OnceLock<Paytable>; 5] = [const { std::sync::OnceLock::new() }; 5];
        let idx = MachineId::ALL.iter().position(|&m| m == self).unwrap_or(0);
        TABLES[idx].get_or_init(|| {
            let (rows, losing) = paytable_rows(self);
            Paytable::new(self.family(), rows, losing).expect("built-in paytables are valid (checked by tests)")
        })
    }
}

// Natural category indices (positions in NaturalCategory::ALL), shared with the kicker games.
pub(crate) const N_RF: usize = NaturalCategory::RoyalFlush.index();
pub(crate) const N_SF: usize = NaturalCategory::StraightFlush.index();
/// Four aces with a 2, 3 or 4 kicker.
pub(crate) const N_4A_24: usize = NaturalCategory::FourAcesTwoToFourKicker.index();
/// Four aces with any other kicker.
pub(crate) const N_4A_5K: usize = NaturalCategory::FourAcesOtherKicker.index();
/// Four 2s–4s with an A, 2, 3 or 4 kicker.
pub(crate) const N_4L_A4: usize = NaturalCategory::FourTwosToFoursAceToFourKicker.index();
/// Four 2s–4s with any other kicker.
pub(crate) const N_4L_5K: usize = NaturalCategory::FourTwosToFoursOtherKicker.index();
/// Four jacks, queens or kings.
pub(crate) const N_4JK: usize = NaturalCategory::FourJacksToKings.index();
/// Four of 5 … 10.
pub(crate) const N_4_510: usize = NaturalCategory::FourFivesToTens.index();
pub(crate) const N_FH: usize = NaturalCategory::FullHouse.index();
pub(crate) const N_FL: usize = NaturalCategory::Flush.index();
pub(crate) const N_ST: usize = NaturalCategory::Straight.index();
pub(crate) const N_3K: usize = NaturalCategory::ThreeOfAKind.index();
pub(crate) const N_2P: usize = NaturalCategory::TwoPair.index();
pub(crate) const N_JB: usize = NaturalCategory::JacksOrBetter.index();
const N_LOW: usize = NaturalCategory::LowPair.index();
const N_NOTHING: usize = NaturalCategory::Nothing.index();
/// The natural categories no row pays: a low pair and nothing.
pub(crate) const NATURAL_LOSING: &[usize] = &[N_LOW, N_NOTHING];

// Deuces categories (positions in DeucesCategory::ALL), shared with Bonus Deuces Wild.
pub(crate) const D_NRF: usize = DeucesCategory::NaturalRoyalFlush.index();
/// Four deuces with an ace.
pub(crate) const D_4DA: usize = DeucesCategory::FourDeucesWithAce.index();
/// Four deuces with any other card.
pub(crate) const D_4D: usize = DeucesCategory::FourDeuces.index();
pub(crate) const D_WRF: usize = DeucesCategory::WildRoyalFlush.index();
pub(crate) const D_5A: usize = DeucesCategory::FiveAces.index();
/// Five 3s, 4s or 5s.
pub(crate) const D_5_35: usize = DeucesCategory::FiveThreesToFives.index();
/// Five of 6 … K.
pub(crate) const D_5_6K: usize = DeucesCategory::FiveSixesToKings.index();
pub(crate) const D_SF: usize = DeucesCategory::StraightFlush.index();
pub(crate) const D_4K: usize = DeucesCategory::FourOfAKind.index();
pub(crate) const D_FH: usize = DeucesCategory::FullHouse.index();
pub(crate) const D_FL: usize = DeucesCategory::Flush.index();
pub(crate) const D_ST: usize = DeucesCategory::Straight.index();
pub(crate) const D_3K: usize = DeucesCategory::ThreeOfAKind.index();
const D_NOTHING: usize = DeucesCategory::Nothing.index();
/// The Deuces Wild categories no row pays.
pub(crate) const DEUCES_LOSING: &[usize] = &[D_NOTHING];

pub(crate) fn row(id: &'static str, pay: u32, categories: &'static [usize]) -> PayRow {
    PayRow { id, pay, categories }
}

/// The built-in paytables of PRODUCT.md, per coin.
fn paytable_rows(machine: MachineId) -> (Vec<PayRow>, &'static [usize]) {
    match machine {
        MachineId::JacksOrBetter => (
            vec![
                row("royal-flush", 800, &[N_RF]),
                row("straight-flush", 50, &[N_SF]),
                row("four-of-a-kind", 25, &[N_4A_24, N_4A_5K, N_4L_A4, N_4L_5K, N_4JK, N_4_510]),
                row("full-house", 9, &[N_FH]),
                row("flush", 6, &[N_FL]),
                row("straight", 4, &[N_ST]),
                row("three-of-a-kind", 3, &[N_3K]),
                row("two-pair", 2, &[N_2P]),
                row("jacks-or-better", 1, &[N_JB]),
            ],
            NATURAL_LOSING,
        ),
        MachineId::BonusPoker => (
            vec![
                row("royal-flush", 800, &[N_RF]),
                row("four-aces", 80, &[N_4A_24, N_4A_5K]),
                row("straight-flush", 50, &[N_SF]),
                row("four-2-4", 40, &[N_4L_A4, N_4L_5K]),
                row("four-5-k", 25, &[N_4JK, N_4_510]),
                row("full-house", 8, &[N_FH]),
                row("flush", 5, &[N_FL]),
                row("straight", 4, &[N_ST]),
                row("three-of-a-kind", 3, &[N_3K]),
                row("two-pair", 2, &[N_2P]),
                row("jacks-or-better", 1, &[N_JB]),
            ],
            NATURAL_LOSING,
        ),
        MachineId::DoubleBonus => (
            vec![
                row("royal-flush", 800, &[N_RF]),
                row("four-aces", 160, &[N_4A_24, N_4A_5K]),
                row("four-2-4", 80, &[N_4L_A4, N_4L_5K]),
                row("straight-flush", 50, &[N_SF]),
                row("four-5-k", 50, &[N_4JK, N_4_510]),
                row("full-house", 10, &[N_FH]),
                row("flush", 7, &[N_FL]),
                row("straight", 5, &[N_ST]),
                row("three-of-a-kind", 3, &[N_3K]),
                row("two-pair", 1, &[N_2P]),
                row("jacks-or-better", 1, &[N_JB]),
            ],
            NATURAL_LOSING,
        ),
        MachineId::DeucesWild => (
            vec![
                row("natural-royal-flush", 800, &[D_NRF]),
                row("four-deuces", 200, &[D_4DA, D_4D]),
                row("wild-royal-flush", 25, &[D_WRF]),
                row("five-of-a-kind", 15, &[D_5A, D_5_35, D_5_6K]),
                row("straight-flush", 9, &[D_SF]),
                row("four-of-a-kind", 5, &[D_4K]),
                row("full-house", 3, &[D_FH]),
                row("flush", 2, &[D_FL]),
                row("straight", 2, &[D_ST]),
                row("three-of-a-kind", 1, &[D_3K]),
            ],
            DEUCES_LOSING,
        ),
        // Its own module's data (full-pay Kings or Better, 20/7/5).
        MachineId::JokerPoker => {
            (paytable::ROWS.iter().map(|&(id, pay, categories)| row(id, pay, categories)).collect(), paytable::LOSING)
        }
    }
}

/// `Display`, `FromStr` (one of `ALL` by its `id()`, else the error with the text), `Serialize`
/// and `Deserialize` as the id, for an enum of games with `ALL` and `id()` (machines, kicker games).
macro_rules! id_text {
    ($game:ident, $unknown:ident) => {
        impl std::fmt::Display for $game {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.id())
            }
        }

        impl std::str::FromStr for $game {
            type Err = $unknown;

            fn from_str(text: &str) -> Result<$game, $unknown> {
                $game::ALL.into_iter().find(|g| g.id() == text).ok_or_else(|| $unknown(text.to_string()))
            }
        }

        impl serde::Serialize for $game {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.id())
            }
        }

        impl<'de> serde::Deserialize<'de> for $game {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$game, D::Error> {
                let text = <String as serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
pub(crate) use id_text;

id_text!(MachineId, UnknownMachine);
