//! The table library: the casino tables players meet, labelled as they know them ("Jacks or Better
//! 8/5", "Not So Ugly Deuces", "Joker Poker 4700/18/7/5"), as data in one place. Each is a copy of
//! a base table — one of the five machines' or a game of the library's own (`kicker.rs`) — with its pays per coin, row by row; the five machines' own
//! tables never change, and progression stays on them. Returns are never typed in: each is
//! computed exactly ([`Preset::analysis`], all 2,598,960 deals) whenever it is asked for.

use serde::Serialize;

use crate::eval::Family;
use crate::kicker::KickerGame;
use crate::machine::{MachineId, Paytable};
use crate::strategy::custom::{analyze_table, TableAnalysis};
use crate::strategy::drill::HandSolver;

/// The table a preset copies the rows of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "id")]
pub enum Base {
    /// One of the five machines' tables.
    Machine(MachineId),
    /// A game of the library's own ([`KickerGame`]: the kicker games, paying four of a kind by
    /// the fifth card, Aces & Faces, Super Double Bonus, Bonus Deuces Wild): rows no machine has.
    Kicker(KickerGame),
}

impl Base {
    /// The base's own table.
    pub fn paytable(self) -> &'static Paytable {
        match self {
            Base::Machine(machine) => machine.paytable(),
            Base::Kicker(game) => game.paytable(),
        }
    }

    /// The exact EV of every hold of `hand` on the base's own table (the machine's or the kicker
    /// game's precomputed tables).
    pub fn hand_evs(self, hand: &[crate::card::Card; 5]) -> crate::strategy::HandEvs {
        match self {
            Base::Machine(machine) => crate::strategy::hand_evs(machine, hand),
            Base::Kicker(game) => crate::strategy::kicker_hand_evs(game, hand),
        }
    }

    /// The base with this id: a machine's or a kicker game's.
    pub fn from_id(id: &str) -> Option<Base> {
        match id.parse::<MachineId>() {
            Ok(machine) => Some(Base::Machine(machine)),
            Err(_) => id.parse::<KickerGame>().ok().map(Base::Kicker),
        }
    }

    /// The base's id (a machine's or a kicker game's).
    pub fn id(self) -> &'static str {
        match self {
            Base::Machine(machine) => machine.id(),
            Base::Kicker(game) => game.id(),
        }
    }
}

/// The drill's generator solves a base's hands on its own precomputed tables ([`Base::hand_evs`]).
impl HandSolver for Base {
    fn evs(&self, hand: &[crate::card::Card; 5]) -> crate::strategy::HandEvs {
        self.hand_evs(hand)
    }
}

/// What a table is called, for a UI to write in its language (the core's `Table::name` is
/// English): a game with what follows it in the name, or a lab table's saved name. Serialised as
/// `{"kind": "game", "game": "deuces-wild", "suffix": "full-pay"}` or `{"kind": "lab", "name": …}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum TableLabel {
    /// A machine's, a kicker game's or a library table.
    Game {
        /// The game's key: a machine's id, a kicker game's, or a library game's
        /// ([`Preset::game`]; re-exported as `table::TableLabel`).
        game: &'static str,
        /// The pays players name it by (`9/6`), `full-pay`, or nothing (a machine).
        suffix: Option<&'static str>,
    },
    /// A table saved in the paytable lab, by the name the player gave it.
    Lab {
        /// The saved name.
        name: String,
    },
}

/// One table of the library.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Preset {
    /// A stable id (`jacks-or-better-8-5`).
    pub id: &'static str,
    /// The name players know it by, in English (`vpoker tables`); a UI writes it in its language
    /// from [`Preset::game`] and [`Preset::suffix`] ([`TableLabel`]).
    pub name: &'static str,
    /// The game's key: a machine's id, a kicker game's, or a game only the library has
    /// (`bonus-poker-deluxe`, `not-so-ugly-deuces`, `joker-poker-kings`).
    pub game: &'static str,
    /// What follows the game in the name: the pays players know it by (`9/6`, `4700/18/7/5`),
    /// `full-pay`, or nothing.
    pub suffix: Option<&'static str>,
    /// Whose rows it has.
    pub base: Base,
    /// The pay per coin of every row of the base, by row id.
    pub pays: &'static [(&'static str, u32)],
}

const JOB: Base = Base::Machine(MachineId::JacksOrBetter);
const BONUS: Base = Base::Machine(MachineId::BonusPoker);
const DOUBLE: Base = Base::Machine(MachineId::DoubleBonus);
const DEUCES: Base = Base::Machine(MachineId::DeucesWild);
const DDB: Base = Base::Kicker(KickerGame::DoubleDoubleBonus);
const TDB: Base = Base::Kicker(KickerGame::TripleDoubleBonus);
const JOKER: Base = Base::Machine(MachineId::JokerPoker);
const ACES_AND_FACES: Base = Base::Kicker(KickerGame::AcesAndFaces);
const SUPER_DOUBLE: Base = Base::Kicker(KickerGame::SuperDoubleBonus);
const BONUS_DEUCES: Base = Base::Kicker(KickerGame::BonusDeucesWild);

macro_rules! jacks {
    ($fh:expr, $fl:expr) => {
        &[
            ("royal-flush", 800),
            ("straight-flush", 50),
            ("four-of-a-kind", 25),
            ("full-house", $fh),
            ("flush", $fl),
            ("straight", 4),
            ("three-of-a-kind", 3),
            ("two-pair", 2),
            ("jacks-or-better", 1),
        ]
    };
}

/// Bonus Poker's rows: four aces, four 2–4, four 5–K, full house, flush, two pair.
macro_rules! bonus {
    ($aces:expr, $low:expr, $mid:expr, $fh:expr, $fl:expr, $two_pair:expr) => {
        &[
            ("royal-flush", 800),
            ("four-aces", $aces),
            ("straight-flush", 50),
            ("four-2-4", $low),
            ("four-5-k", $mid),
            ("full-house", $fh),
            ("flush", $fl),
            ("straight", 4),
            ("three-of-a-kind", 3),
            ("two-pair", $two_pair),
            ("jacks-or-better", 1),
        ]
    };
}

macro_rules! double {
    ($fh:expr, $fl:expr) => {
        &[
            ("royal-flush", 800),
            ("four-aces", 160),
            ("four-2-4", 80),
            ("straight-flush", 50),
            ("four-5-k", 50),
            ("full-house", $fh),
            ("flush", $fl),
            ("straight", 5),
            ("three-of-a-kind", 3),
            ("two-pair", 1),
            ("jacks-or-better", 1),
        ]
    };
}

/// Deuces Wild's rows from five of a kind down (natural royal 800, four deuces 200, wild royal 25).
macro_rules! deuces {
    ($five:expr, $sf:expr, $four:expr, $fh:expr, $fl:expr, $st:expr, $three:expr) => {
        &[
            ("natural-royal-flush", 800),
            ("four-deuces", 200),
            ("wild-royal-flush", 25),
            ("five-of-a-kind", $five),
            ("straight-flush", $sf),
            ("four-of-a-kind", $four),
            ("full-house", $fh),
            ("flush", $fl),
            ("straight", $st),
            ("three-of-a-kind", $three),
        ]
    };
}

/// Joker Poker (Kings or Better)'s rows: the royal's pay, four of a kind, full house, flush.
macro_rules! joker {
    ($royal:expr, $four:expr, $fh:expr, $fl:expr) => {
        &[
            ("natural-royal-flush", $royal),
            ("five-of-a-kind", 200),
            ("wild-royal-flush", 100),
            ("straight-flush", 50),
            ("four-of-a-kind", $four),
            ("full-house", $fh),
            ("flush", $fl),
            ("straight", 3),
            ("three-of-a-kind", 2),
            ("two-pair", 1),
            ("kings-or-better", 1),
        ]
    };
}

/// The kicker games' rows: four aces with a 2–4 kicker, four 2–4 with an A–4 kicker, then four
/// aces, four 2–4, four 5–K (listed by row id: the two games order the rows by their pays).
macro_rules! kicker {
    ($aces_kicker:expr, $low_kicker:expr, $fh:expr, $fl:expr, $three:expr) => {
        &[
            ("royal-flush", 800),
            ("four-aces-2-4-kicker", $aces_kicker),
            ("four-2-4-a-4-kicker", $low_kicker),
            ("four-aces", 160),
            ("four-2-4", 80),
            ("straight-flush", 50),
            ("four-5-k", 50),
            ("full-house", $fh),
            ("flush", $fl),
            ("straight", 4),
            ("three-of-a-kind", $three),
            ("two-pair", 1),
            ("jacks-or-better", 1),
        ]
    };
}

/// Every table of the library, grouped by game, best paying first within a game.
pub const PRESETS: &[Preset] = &[
    Preset { id: "jacks-or-better", name: "Jacks or Better 9/6", game: "jacks-or-better", suffix: Some("9/6"), base: JOB, pays: jacks!(9, 6) },
    Preset { id: "jacks-or-better-9-5", name: "Jacks or Better 9/5", game: "jacks-or-better", suffix: Some("9/5"), base: JOB, pays: jacks!(9, 5) },
    Preset { id: "jacks-or-better-8-6", name: "Jacks or Better 8/6", game: "jacks-or-better", suffix: Some("8/6"), base: JOB, pays: jacks!(8, 6) },
    Preset { id: "jacks-or-better-8-5", name: "Jacks or Better 8/5", game: "jacks-or-better", suffix: Some("8/5"), base: JOB, pays: jacks!(8, 5) },
    Preset { id: "jacks-or-better-7-5", name: "Jacks or Better 7/5", game: "jacks-or-better", suffix: Some("7/5"), base: JOB, pays: jacks!(7, 5) },
    Preset { id: "jacks-or-better-6-5", name: "Jacks or Better 6/5", game: "jacks-or-better", suffix: Some("6/5"), base: JOB, pays: jacks!(6, 5) },
    Preset { id: "bonus-poker", name: "Bonus Poker 8/5", game: "bonus-poker", suffix: Some("8/5"), base: BONUS, pays: bonus!(80, 40, 25, 8, 5, 2) },
    Preset { id: "bonus-poker-7-5", name: "Bonus Poker 7/5", game: "bonus-poker", suffix: Some("7/5"), base: BONUS, pays: bonus!(80, 40, 25, 7, 5, 2) },
    Preset { id: "bonus-poker-6-5", name: "Bonus Poker 6/5", game: "bonus-poker", suffix: Some("6/5"), base: BONUS, pays: bonus!(80, 40, 25, 6, 5, 2) },
    Preset { id: "bonus-poker-deluxe-9-6", name: "Bonus Poker Deluxe 9/6", game: "bonus-poker-deluxe", suffix: Some("9/6"), base: BONUS, pays: bonus!(80, 80, 80, 9, 6, 1) },
    Preset { id: "bonus-poker-deluxe-8-6", name: "Bonus Poker Deluxe 8/6", game: "bonus-poker-deluxe", suffix: Some("8/6"), base: BONUS, pays: bonus!(80, 80, 80, 8, 6, 1) },
    Preset { id: "bonus-poker-deluxe-8-5", name: "Bonus Poker Deluxe 8/5", game: "bonus-poker-deluxe", suffix: Some("8/5"), base: BONUS, pays: bonus!(80, 80, 80, 8, 5, 1) },
    // Aces & Faces 8/5: published 99.26 % (the Wizard of Odds' figure, as issue 46 quotes it; the
    // page itself was not opened here).
    Preset { id: "aces-and-faces", name: "Aces & Faces 8/5", game: "aces-and-faces", suffix: Some("8/5"), base: ACES_AND_FACES, pays: &[
        ("royal-flush", 800), ("four-aces", 80), ("straight-flush", 50), ("four-j-k", 40), ("four-2-10", 25), ("full-house", 8),
        ("flush", 5), ("straight", 4), ("three-of-a-kind", 3), ("two-pair", 2), ("jacks-or-better", 1),
    ] },
    // Super Aces 8/5, Bonus Poker's rows: published 99.94 % (the Wizard of Odds' figure, as issue 46
    // quotes it; the page itself was not opened here).
    Preset { id: "super-aces-8-5", name: "Super Aces 8/5", game: "super-aces", suffix: Some("8/5"), base: BONUS, pays: &[
        ("royal-flush", 800), ("four-aces", 400), ("straight-flush", 60), ("four-2-4", 80), ("four-5-k", 50), ("full-house", 8),
        ("flush", 5), ("straight", 4), ("three-of-a-kind", 3), ("two-pair", 1), ("jacks-or-better", 1),
    ] },
    // White Hot Aces 9/5, Bonus Poker's rows: published 99.57 % (the Wizard of Odds' figure, as issue
    // 46 quotes it; the page itself was not opened here).
    Preset { id: "white-hot-aces-9-5", name: "White Hot Aces 9/5", game: "white-hot-aces", suffix: Some("9/5"), base: BONUS, pays: &[
        ("royal-flush", 800), ("four-aces", 240), ("straight-flush", 80), ("four-2-4", 120), ("four-5-k", 50), ("full-house", 9),
        ("flush", 5), ("straight", 4), ("three-of-a-kind", 3), ("two-pair", 1), ("jacks-or-better", 1),
    ] },
    Preset { id: "double-bonus", name: "Double Bonus 10/7", game: "double-bonus", suffix: Some("10/7"), base: DOUBLE, pays: double!(10, 7) },
    Preset { id: "double-bonus-9-7", name: "Double Bonus 9/7", game: "double-bonus", suffix: Some("9/7"), base: DOUBLE, pays: double!(9, 7) },
    Preset { id: "double-bonus-9-6", name: "Double Bonus 9/6", game: "double-bonus", suffix: Some("9/6"), base: DOUBLE, pays: double!(9, 6) },
    // Super Double Bonus 9/5: published 99.695 % (the Wizard of Odds' figure, as issue 46 quotes it);
    // the pay schedule "800, 80, 160, 120, 80, 50, 9, 5, 4, 3, 1, 1" (royal, straight flush, four
    // aces, four J–K, four 2–4, four 5–10, …) as Bob Dancer prints it for 9/5 Super Double Bonus
    // (Las Vegas Advisor, https://www.lasvegasadvisor.com/shop/?p=24917).
    Preset { id: "super-double-bonus", name: "Super Double Bonus 9/5", game: "super-double-bonus", suffix: Some("9/5"), base: SUPER_DOUBLE, pays: &[
        ("royal-flush", 800), ("four-aces", 160), ("four-j-k", 120), ("four-2-4", 80), ("straight-flush", 80), ("four-5-10", 50),
        ("full-house", 9), ("flush", 5), ("straight", 4), ("three-of-a-kind", 3), ("two-pair", 1), ("jacks-or-better", 1),
    ] },
    Preset { id: "double-double-bonus-10-6", name: "Double Double Bonus 10/6", game: "double-double-bonus", suffix: Some("10/6"), base: DDB, pays: kicker!(400, 160, 10, 6, 3) },
    Preset { id: "double-double-bonus", name: "Double Double Bonus 9/6", game: "double-double-bonus", suffix: Some("9/6"), base: DDB, pays: kicker!(400, 160, 9, 6, 3) },
    Preset { id: "double-double-bonus-9-5", name: "Double Double Bonus 9/5", game: "double-double-bonus", suffix: Some("9/5"), base: DDB, pays: kicker!(400, 160, 9, 5, 3) },
    Preset { id: "double-double-bonus-8-5", name: "Double Double Bonus 8/5", game: "double-double-bonus", suffix: Some("8/5"), base: DDB, pays: kicker!(400, 160, 8, 5, 3) },
    Preset { id: "triple-double-bonus", name: "Triple Double Bonus 9/7", game: "triple-double-bonus", suffix: Some("9/7"), base: TDB, pays: kicker!(800, 400, 9, 7, 2) },
    Preset { id: "triple-double-bonus-9-6", name: "Triple Double Bonus 9/6", game: "triple-double-bonus", suffix: Some("9/6"), base: TDB, pays: kicker!(800, 400, 9, 6, 2) },
    Preset { id: "deuces-wild", name: "Deuces Wild (full pay)", game: "deuces-wild", suffix: Some("full-pay"), base: DEUCES, pays: deuces!(15, 9, 5, 3, 2, 2, 1) },
    Preset { id: "not-so-ugly-deuces", name: "Not So Ugly Deuces", game: "not-so-ugly-deuces", suffix: None, base: DEUCES, pays: deuces!(16, 10, 4, 4, 3, 2, 1) },
    Preset { id: "deuces-wild-25-15-9-4-4-3-2-1", name: "Deuces Wild 25/15/9/4/4/3/2/1", game: "deuces-wild", suffix: Some("25/15/9/4/4/3/2/1"), base: DEUCES, pays: deuces!(15, 9, 4, 4, 3, 2, 1) },
    Preset { id: "deuces-wild-25-15-9-4-3-2-2-1", name: "Deuces Wild 25/15/9/4/3/2/2/1", game: "deuces-wild", suffix: Some("25/15/9/4/3/2/2/1"), base: DEUCES, pays: deuces!(15, 9, 4, 3, 2, 2, 1) },
    // Bonus Deuces Wild 9/4/4: published 99.4502 % with optimal strategy (Wizard of Odds, "9/4/4
    // Bonus Deuces Wild strategy", https://wizardofodds.com/games/video-poker/strategy/bonus-deuces-wild/9-4-4,
    // which prints this pay table: natural royal 800, four deuces with an ace 400, four deuces 200,
    // wild royal 25, five aces 80, five 3s/4s/5s 40, five 6s–Ks 20, straight flush 9, four of a
    // kind 4, full house 4, flush 3, straight 1, three of a kind 1).
    Preset { id: "bonus-deuces-wild", name: "Bonus Deuces Wild 9/4/4", game: "bonus-deuces-wild", suffix: Some("9/4/4"), base: BONUS_DEUCES, pays: &[
        ("natural-royal-flush", 800), ("four-deuces-ace", 400), ("four-deuces", 200), ("five-aces", 80), ("five-3-5", 40),
        ("wild-royal-flush", 25), ("five-6-k", 20), ("straight-flush", 9), ("four-of-a-kind", 4), ("full-house", 4),
        ("flush", 3), ("straight", 1), ("three-of-a-kind", 1),
    ] },
    // Full pay, 20/7/5: published 100.65 % (five coins): gambatria.com, "Everyone's a Joker!"
    // (http://www.gambatria.com/blog/2011/03/everyones-joker.html), the row-by-row return table at
    // https://rkcryr.com/jokers-wild-machines/ ("TOTAL 100.65%"); Wizard of Vegas rounds it to
    // 100.64 % (https://wizardofvegas.com/games/video-poker/joker-poker-kings-or-better/).
    Preset { id: "joker-poker", name: "Joker Poker (Kings or Better) 20/7/5", game: "joker-poker-kings", suffix: Some("20/7/5"), base: JOKER, pays: joker!(800, 20, 7, 5) },
    // Online casinos' 4700/18/7/5: published 99.29 % (https://casino.zone/joker-poker-video-poker-strategy);
    // Jerry "Stickman", Casino City Times, 13 March 2021, prints every row and "99.28 percent".
    Preset { id: "joker-poker-kings-4700-18-7-5", name: "Joker Poker (Kings or Better) 4700/18/7/5", game: "joker-poker-kings", suffix: Some("4700/18/7/5"), base: JOKER, pays: joker!(940, 18, 7, 5) },
    // Microgaming's 5000/17/7/5: published 98.6 %
    // (https://www.onlinecasinotopic.com/articles/joker-poker-online-video-poker-games.html).
    Preset { id: "joker-poker-kings-5000-17-7-5", name: "Joker Poker (Kings or Better) 5000/17/7/5", game: "joker-poker-kings", suffix: Some("5000/17/7/5"), base: JOKER, pays: joker!(1000, 17, 7, 5) },
];

/// The ids seven library tables had before each became the machine's or kicker game's own table
/// whose paytable it repeats: (old id, the one table's id). An old id still names the one table
/// everywhere an id is read ([`Preset::find`], `Table::named`, the game's resolution), and hands
/// stored under it join the one table's history, sums and tallies ([`one_id`]); their commitment
/// keeps naming the id they were dealt under (docs/VERIFY.md, "Old table ids").
pub const FORMER_IDS: &[(&str, &str)] = &[
    ("jacks-or-better-9-6", "jacks-or-better"),
    ("bonus-poker-8-5", "bonus-poker"),
    ("double-bonus-10-7", "double-bonus"),
    ("double-double-bonus-9-6", "double-double-bonus"),
    ("triple-double-bonus-9-7", "triple-double-bonus"),
    ("deuces-wild-full-pay", "deuces-wild"),
    ("joker-poker-kings-20-7-5", "joker-poker"),
];

/// The one table's id a former id now names (`jacks-or-better-9-6` → `jacks-or-better`, and a
/// variant's too: `ultimate-x:jacks-or-better-9-6` → `ultimate-x:jacks-or-better`), or `None` for
/// an id that is no former one.
pub fn one_id(id: &str) -> Option<String> {
    let (prefix, plain) = variant_prefix(id);
    FORMER_IDS.iter().find(|(old, _)| *old == plain).map(|(_, one)| format!("{prefix}{one}"))
}

/// The former ids of the table `id` (none for most), a variant's with its prefix: every id hands of
/// the one table may be stored under besides its own.
pub fn former_ids(id: &str) -> Vec<String> {
    let (prefix, plain) = variant_prefix(id);
    FORMER_IDS.iter().filter(|(_, one)| *one == plain).map(|(old, _)| format!("{prefix}{old}")).collect()
}

/// A variant's id split into its rules' prefix and its plain table's id (`("", id)` for a plain
/// table's), by the prefixes `Table::variant_id` parses.
fn variant_prefix(id: &str) -> (&str, &str) {
    [ULTIMATE_X_PREFIX, SUPER_TIMES_PREFIX]
        .into_iter()
        .find_map(|prefix| id.strip_prefix(prefix).map(|plain| (prefix, plain)))
        .unwrap_or(("", id))
}

/// A library id that is not in the library.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a table of the library (`vpoker tables` lists them)")]
pub struct UnknownTable(pub String);

impl Preset {
    /// The preset with this id, or the one a former id now names ([`FORMER_IDS`]).
    pub fn find(id: &str) -> Result<&'static Preset, UnknownTable> {
        let one = FORMER_IDS.iter().find(|(old, _)| *old == id).map_or(id, |(_, one)| one);
        PRESETS.iter().find(|p| p.id == one).ok_or_else(|| UnknownTable(id.to_string()))
    }

    /// Whether this preset is its base's own table (a machine's or a kicker game's: its id is the
    /// base's), so it is played, stored and summed as that table.
    pub fn is_base(&self) -> bool {
        self.id == self.base.id()
    }

    /// The evaluator family.
    pub fn family(&self) -> Family {
        self.base.paytable().family()
    }

    /// The family's id as the library lists it: "natural", "deuces", "joker" or "kicker".
    pub fn family_id(&self) -> &'static str {
        match self.base {
            Base::Kicker(game) if game.pays_kickers() => "kicker",
            Base::Kicker(game) => crate::strategy::custom::family_id(game.family()),
            Base::Machine(machine) => crate::strategy::custom::family_id(machine.family()),
        }
    }

    /// The pays in the base's row order. `None` when the preset does not name every row of its
    /// base exactly once, in order (the tests check every preset).
    pub fn pays_in_row_order(&self) -> Option<Vec<u32>> {
        let rows = self.base.paytable().rows();
        if rows.len() != self.pays.len() {
            return None;
        }
        rows.iter().map(|row| self.pays.iter().find(|(id, _)| *id == row.id).map(|&(_, pay)| pay)).collect()
    }

    /// The preset's paytable: the base's rows with the preset's pays.
    pub fn paytable(&self) -> Paytable {
        let pays = self.pays_in_row_order().expect("every preset names each row of its base (checked by tests)");
        self.base.paytable().with_pays(&pays).expect("one pay per row")
    }

    /// The exact analysis of optimal play (return, outcome probabilities, variance): computed over
    /// all deals each time (about 15 ms).
    pub fn analysis(&self) -> TableAnalysis {
        analyze_table(&self.paytable())
    }
}

/// One row's pay as the library lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ListedPay {
    /// The row id.
    pub row: &'static str,
    /// The pay per coin.
    pub pay: u32,
}

/// A table as `vpoker tables` and the app's library list it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Listed {
    /// The preset's id.
    pub id: &'static str,
    /// Its name (English; a UI writes `label` in its language).
    pub name: &'static str,
    /// What it is called, for a UI to write in its language.
    pub label: TableLabel,
    /// "natural", "deuces", "joker" or "kicker".
    pub family: &'static str,
    /// The base table's id (a machine's or a kicker game's).
    pub base: &'static str,
    /// Every row's pay per coin, best row first.
    pub pays: Vec<ListedPay>,
    /// The exact return of optimal play per coin (computed, never typed in).
    #[serde(rename = "return")]
    pub return_rate: f64,
    /// The tables it is also dealt as under other rules ([`variants`]).
    pub variants: Vec<Variant>,
}

/// The whole library with each table's exact return, computed once per process (about 0.4 s for
/// all of them) and kept.
pub fn listing() -> &'static [Listed] {
    static LISTED: std::sync::OnceLock<Vec<Listed>> = std::sync::OnceLock::new();
    LISTED.get_or_init(|| {
        PRESETS
            .iter()
            .map(|preset| {
                let table = preset.paytable();
                Listed {
                    id: preset.id,
                    name: preset.name,
                    label: TableLabel::Game { game: preset.game, suffix: preset.suffix },
                    family: preset.family_id(),
                    base: preset.base.id(),
                    pays: table.rows().iter().map(|row| ListedPay { row: row.id, pay: row.pay }).collect(),
                    return_rate: analyze_table(&table).return_rate,
                    variants: variants(preset.base, preset.id),
                }
            })
            .collect()
    })
}

/// What a preset's generated chart gives up against optimal play, as the library lists it beside
/// the return.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChartCost {
    /// The preset's id.
    pub table: &'static str,
    /// The chart's lines (at most [`crate::strategy::chart::MAX_LINES`]).
    pub lines: usize,
    /// The exact return per coin of playing every deal by the chart.
    pub chart_return: f64,
    /// The exact return per coin of optimal play.
    pub optimal_return: f64,
    /// What the chart gives up per coin bet (optimal − chart, ≥ 0).
    pub cost: f64,
}

impl Preset {
    /// The preset's strategy chart, generated from the exact solver once per process and kept
    /// (about half a second a table on two cores once its vocabulary's hands are classified).
    pub fn chart(&'static self) -> &'static crate::strategy::chart::Chart {
        static CHARTS: [std::sync::OnceLock<crate::strategy::chart::Chart>; PRESETS.len()] =
            [const { std::sync::OnceLock::new() }; PRESETS.len()];
        let idx = PRESETS.iter().position(|p| p.id == self.id).expect("a preset of the library");
        CHARTS[idx].get_or_init(|| {
            let never = std::sync::atomic::AtomicBool::new(false);
            crate::strategy::chart::generate(&self.paytable(), &|_, _| {}, &never)
                .expect("a chart that cannot be cancelled completes")
        })
    }

    /// Its chart's cost, for the library list.
    pub fn chart_cost(&'static self) -> ChartCost {
        let chart = self.chart();
        ChartCost {
            table: self.id,
            lines: chart.lines().len(),
            chart_return: chart.chart_return(),
            optimal_return: chart.optimal_return(),
            cost: chart.cost(),
        }
    }
}

/// The Ultimate X multiplier groups: the cabinets print one multiplier table per group of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// Jacks or Better.
    Jacks,
    /// Bonus Poker.
    Bonus,
    /// Double Bonus and Double Double Bonus.
    DoubleBonus,
    /// Triple Double Bonus.
    TripleDoubleBonus,
    /// Deuces Wild.
    Deuces,
}

impl Group {
    /// The group of a base's game, or `None` where no multiplier table is known (Joker Poker).
    pub fn of(base: Base) -> Option<Group> {
        match base {
            Base::Machine(MachineId::JacksOrBetter) => Some(Group::Jacks),
            // Aces & Faces, Super Double Bonus and Bonus Deuces Wild: no published multiplier
            // table; each is put with the group of the game it pays like (docs/ULTIMATE-X.md).
            Base::Machine(MachineId::BonusPoker) | Base::Kicker(KickerGame::AcesAndFaces) => Some(Group::Bonus),
            Base::Machine(MachineId::DoubleBonus)
            | Base::Kicker(KickerGame::DoubleDoubleBonus | KickerGame::SuperDoubleBonus) => Some(Group::DoubleBonus),
            Base::Kicker(KickerGame::TripleDoubleBonus) => Some(Group::TripleDoubleBonus),
            Base::Machine(MachineId::DeucesWild) | Base::Kicker(KickerGame::BonusDeucesWild) => Some(Group::Deuces),
            Base::Machine(MachineId::JokerPoker) => None,
        }
    }
}

/// An Ultimate X table's id is its plain table's id after this prefix.
pub const ULTIMATE_X_PREFIX: &str = "ultimate-x:";

/// Ultimate X's rules id (`table::Rules::id`): what a UI names them by in its language.
pub const ULTIMATE_X_RULES: &str = "ultimate-x";

/// The line counts an Ultimate X table deals at.
pub const ULTIMATE_X_LINES: [u8; 4] = [1, 3, 5, 10];

/// The multiplier every line of an Ultimate X deal starts at when nothing is carried to it.
pub const ULTIMATE_X_START: u8 = 1;

/// A Super Times Pay table's id is its plain table's id after this prefix.
pub const SUPER_TIMES_PREFIX: &str = "super-times:";

/// Super Times Pay's rules id (`table::Rules::id`).
pub const SUPER_TIMES_RULES: &str = "super-times";

/// The line counts a Super Times Pay table deals at: Single, Triple, Five and Ten Play.
pub const SUPER_TIMES_LINES: [u8; 4] = [1, 3, 5, 10];

/// What a Super Times Pay line shows when it is dealt no multiplier.
pub const SUPER_TIMES_START: u8 = 1;

/// Coins a Super Times Pay line bets for every five of the bet: five for the hand, a sixth for the
/// multipliers (a line at `bet` chips costs `bet × 6 / 5`; every bet is a multiple of five chips).
pub const SUPER_TIMES_COINS_PER_FIVE: u32 = 6;

/// A table a plain table is also dealt as under other rules (Ultimate X, Super Times Pay): what a machine's
/// screen and a library table offer beside the plain game, each by the same few facts, so a UI
/// offers every family alike.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Variant {
    /// The table's id (`ultimate-x:` and the plain table's id).
    pub table: String,
    /// Its rules' id (`ultimate-x`), for a UI to name them in its language.
    pub rules: &'static str,
    /// The line counts it is dealt at.
    pub lines: &'static [u8],
    /// What each line shows before a deal when nothing is carried to it.
    pub start: u8,
}

/// The tables the plain table `id` on `base` is also dealt as: its Ultimate X table when its game
/// has a multiplier table (every game but Joker Poker), then its Super Times Pay table (every
/// game). The one list of them: `Table::ultimate_x` and `Table::super_times` build the same ids.
pub fn variants(base: Base, id: &str) -> Vec<Variant> {
    let ultimate_x = Group::of(base).map(|_| Variant {
        table: format!("{ULTIMATE_X_PREFIX}{id}"),
        rules: ULTIMATE_X_RULES,
        lines: &ULTIMATE_X_LINES,
        start: ULTIMATE_X_START,
    });
    let super_times =
        Variant { table: format!("{SUPER_TIMES_PREFIX}{id}"), rules: SUPER_TIMES_RULES, lines: &SUPER_TIMES_LINES, start: SUPER_TIMES_START };
    ultimate_x.into_iter().chain([super_times]).collect()
}
