//! The table: what is played. One validated value the pipeline deals, settles and verifies, the
//! solver solves and the store keeps, whatever the table is — one of the five machines, a kicker
//! game, a casino table of the library or a table edited in the paytable lab.
//!
//! A table is its stable text id (what storage, the command line and a stranger's verifier name it
//! by), its name, its deck, its paytable (which fixes the evaluator family), the line counts it is
//! dealt at and the rules it is played by. The pipeline, the solver's callers, drills and
//! verification take a table and ask its rules (`crate::rules`): nothing deals "as Jacks or Better"
//! on behalf of another table.
//!
//! - **Deck**: [`Deck::Standard52`], the 52 cards in the documented fresh order (2c 2d 2h 2s 3c …
//!   As), or for the joker family [`Deck::Joker53`], the same 52 followed by the joker (card index
//!   52, "Jk"); the seed's ChaCha20 stream and Fisher–Yates stay as they are, over 53 positions
//!   (docs/VERIFY.md). The family fixes the deck.
//! - **Lines**: the hand counts a deal may have (1, 3, 5, 10, 50 or 100 on every table, each count from its level).
//! - **Rules**: [`Rules::Plain`], or a family's ([`Rules::UltimateX`] on a table's Ultimate X copy,
//!   [`Table::ultimate_x`], id `ultimate-x:ID`); what they vary is asked of `crate::rules`.
//!
//! A table never reads a file, the clock or an RNG; a lab table is built from its base and pays,
//! checked by [`Paytable::with_pays`] where it enters.

use std::sync::{Arc, OnceLock};

use crate::card::{Card, CardError};
use crate::eval::Family;
use crate::kicker::KickerGame;
pub use crate::library::TableLabel;
use crate::library::{Base, Preset};
use crate::machine::{MachineId, Paytable};
use crate::strategy::custom::TableSolver;
use crate::strategy::{hand_evs, kicker_hand_evs, HandEvs};

/// The deck a table deals from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deck {
    /// The 52 cards, 2c 2d 2h 2s 3c … As (card index = rank × 4 + suit).
    Standard52,
    /// The 52 cards in the same order, then the joker (index 52): Joker Poker.
    Joker53,
}

impl Deck {
    /// The deck a family's tables deal from.
    pub fn of(family: Family) -> Deck {
        match family {
            Family::Natural | Family::Deuces => Deck::Standard52,
            Family::Joker => Deck::Joker53,
        }
    }

    /// The number of cards.
    pub fn size(self) -> usize {
        match self {
            Deck::Standard52 => 52,
            Deck::Joker53 => 53,
        }
    }

    /// The fresh deck in its documented order (card indices 0, 1, …, size − 1).
    pub fn fresh(self) -> Vec<Card> {
        (0..self.size()).filter_map(Card::from_index).collect()
    }

    /// Whether the deck has this card (only the joker deck has the joker).
    pub fn contains(self, card: Card) -> bool {
        card.index() < self.size()
    }

    /// Parses exactly five distinct cards of this deck ("Ah Kh Qh Jh Jk" on the joker deck):
    /// [`crate::card::parse_hand`], then [`Deck::check`].
    pub fn parse_hand(self, text: &str) -> Result<[Card; 5], CardError> {
        let hand = crate::card::parse_hand(text)?;
        self.check(&hand)?;
        Ok(hand)
    }

    /// Checks cards given for a table (a hand to evaluate or hint, a stored deal) against the deck:
    /// [`CardError::NotInDeck`] names the first card it does not have.
    pub fn check(self, cards: &[Card]) -> Result<(), CardError> {
        match cards.iter().find(|&&card| !self.contains(card)) {
            Some(&card) => Err(CardError::NotInDeck(card)),
            None => Ok(()),
        }
    }
}

/// The rules a table is played by: what a family of play varies (the coins a line costs, the line
/// counts, what is on screen before a deal and what each line carries to the next). The behaviour
/// is `crate::rules`', which dispatches on this; nothing else matches on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Plain play: one coin a line, 1 to 100 lines, every line paid its paytable's pay.
    Plain,
    /// Ultimate X: two coins a line, 1, 3, 5 or 10 lines, each line paid its multiplier on screen
    /// times its pay, and each line's final hand earns the multiplier of its next hand by the
    /// group's table (`crate::ultimate_x`).
    UltimateX(Group),
    /// Super Times Pay: six coins a line for every five of the bet, 1, 3, 5 or 10 lines, each line
    /// dealt with a multiplier drawn from the hand's seed (1× on most) that multiplies its pay
    /// (`crate::super_times`).
    SuperTimes,
}

impl Rules {
    /// What one line costs at `bet` chips a line: the bet (plain play), twice it (Ultimate X) or
    /// 6/5 of it (Super Times Pay; every bet is a multiple of five chips).
    pub fn line_cost(self, bet: u32) -> u64 {
        match self {
            Rules::Plain => u64::from(bet),
            Rules::UltimateX(_) => 2 * u64::from(bet),
            Rules::SuperTimes => u64::from(bet) * u64::from(SUPER_TIMES_COINS_PER_FIVE) / 5,
        }
    }

    /// The line counts a deal may have.
    pub fn lines(self) -> &'static [u8] {
        match self {
            Rules::Plain => &LINES,
            Rules::UltimateX(_) => &ULTIMATE_X_LINES,
            Rules::SuperTimes => &SUPER_TIMES_LINES,
        }
    }

    /// How a deal's lines get their replacement cards ([`Dealing`]; `pipeline::deal` follows it).
    pub fn dealing(self) -> Dealing {
        match self {
            Rules::Plain | Rules::UltimateX(_) | Rules::SuperTimes => Dealing::OwnCopies,
        }
    }

    /// The rules' name in English, as the CLI writes it (a UI names them by [`Rules::id`] in its
    /// language).
    pub fn name(self) -> &'static str {
        match self {
            Rules::Plain => "plain play",
            Rules::UltimateX(_) => "Ultimate X",
            Rules::SuperTimes => "Super Times Pay",
        }
    }

    /// The rules' id: `plain`, or a family's (`ultimate-x`, `super-times`), as a
    /// `library::Variant` names them.
    pub fn id(self) -> &'static str {
        match self {
            Rules::Plain => "plain",
            Rules::UltimateX(_) => ULTIMATE_X_RULES,
            Rules::SuperTimes => SUPER_TIMES_RULES,
        }
    }
}

/// How the lines of one deal get their replacement cards: the part of dealing a family of play
/// decides (`pipeline::deal` does what it says; the seed, the deck's shuffle and the nudge are the
/// same for every family).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dealing {
    /// Each line draws from its own copy of the cards not dealt: the first line from the deck's
    /// positions 5 onwards, each further line from a copy of them shuffled again on stream 0, so
    /// two lines may draw the same card (multi-play, Ultimate X). A family whose lines share one
    /// deck (every card once across all lines, as Spin Poker's grid) is a second variant here and
    /// one arm in `Deal::deal_with` and `Deal::final_hands`.
    OwnCopies,
}

pub use crate::library::{Group, ULTIMATE_X_LINES, ULTIMATE_X_PREFIX, ULTIMATE_X_RULES};
pub use crate::library::{SUPER_TIMES_COINS_PER_FIVE, SUPER_TIMES_LINES, SUPER_TIMES_PREFIX, SUPER_TIMES_RULES};

/// Where a table comes from, which also decides how its exact EVs are computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// One of the five machines (played for chips; progression and kind deals live on these).
    Machine(MachineId),
    /// A kicker game's own table.
    Kicker(KickerGame),
    /// A copy of a base's rows with other pays: a library preset or a lab table.
    Copy(Base),
}

/// A validated table. Cheap to clone (shared); compare tables by [`Table::id`] and
/// [`Table::paytable`].
#[derive(Clone)]
pub struct Table(Arc<Inner>);

struct Inner {
    id: String,
    name: String,
    label: TableLabel,
    source: Source,
    deck: Deck,
    paytable: Paytable,
    rules: Rules,
    /// A copy's solver, taken on its first hint from the process's few (a few milliseconds to build).
    solver: OnceLock<Arc<TableSolver>>,
}

/// A game's label.
fn game(game: &'static str, suffix: Option<&'static str>) -> TableLabel {
    TableLabel::Game { game, suffix }
}

/// Saved lab tables are named `lab:NAME` (a bare name works where no library id is the same).
pub const LAB_PREFIX: &str = "lab:";

/// The line counts a deal may have, on every table (each from its level: `game::rules`).
pub const LINES: [u8; 6] = [1, 3, 5, 10, 50, 100];

impl Table {
    /// A machine's table (built once per process).
    pub fn machine(machine: MachineId) -> Table {
        static TABLES: [OnceLock<Table>; MachineId::ALL.len()] = [const { OnceLock::new() }; MachineId::ALL.len()];
        let idx = MachineId::ALL.iter().position(|&m| m == machine).unwrap_or(0);
        TABLES[idx]
            .get_or_init(|| {
                Table::build(machine.id(), machine.id(), game(machine.id(), None), Source::Machine(machine), machine.paytable().clone())
            })
            .clone()
    }

    /// A kicker game's own table (built once per process).
    pub fn kicker(game: KickerGame) -> Table {
        static TABLES: [OnceLock<Table>; KickerGame::ALL.len()] = [const { OnceLock::new() }; KickerGame::ALL.len()];
        let idx = KickerGame::ALL.iter().position(|&g| g == game).unwrap_or(0);
        TABLES[idx]
            .get_or_init(|| Table::build(game.id(), game.name(), self::game(game.id(), Some(game.suffix())), Source::Kicker(game), game.paytable().clone()))
            .clone()
    }

    /// A table of the library: its base's own table when it is that table (`Preset::is_base`).
    pub fn preset(preset: &Preset) -> Table {
        if preset.is_base() {
            return Table::from(preset.base);
        }
        Table::build(preset.id, preset.name, game(preset.game, preset.suffix), Source::Copy(preset.base), preset.paytable())
    }

    /// A lab table saved as `name`: `base`'s rows with `pays` (one per row, in row order), or `None`
    /// when the pays do not fit the base.
    pub fn lab(name: &str, base: Base, pays: &[u32]) -> Option<Table> {
        let paytable = base.paytable().with_pays(pays)?;
        let label = TableLabel::Lab { name: name.to_string() };
        Some(Table::build(&format!("{LAB_PREFIX}{name}"), name, label, Source::Copy(base), paytable))
    }

    /// A variant's id parsed: the plain table's id and the variant's rules id (`ultimate-x:ID` →
    /// `(ID, "ultimate-x")`), or `None` for a plain table's id. The one parse of a variant's id:
    /// [`Table::named`], [`Table::stored`] and the game's resolution of a player's tables use it.
    pub fn variant_id(id: &str) -> Option<(&str, &'static str)> {
        (id.strip_prefix(ULTIMATE_X_PREFIX).map(|plain| (plain, ULTIMATE_X_RULES)))
            .or_else(|| id.strip_prefix(SUPER_TIMES_PREFIX).map(|plain| (plain, SUPER_TIMES_RULES)))
    }

    /// This plain table dealt under the rules `rules` names (a rules id, as `variant_id` and
    /// `library::Variant` give them), or `None` when its game has no such variant.
    pub fn variant(&self, rules: &str) -> Option<Table> {
        match rules {
            ULTIMATE_X_RULES => self.ultimate_x(),
            SUPER_TIMES_RULES => self.super_times(),
            _ => None,
        }
    }

    /// The table a fixed id names: a machine, a kicker game or a table of the library, or a
    /// variant of one ([`Table::variant_id`]); `None` for any other id (a lab table is the
    /// player's and is read from their game).
    pub fn named(id: &str) -> Option<Table> {
        if let Some((plain, rules)) = Table::variant_id(id) {
            return Table::named(plain)?.variant(rules);
        }
        if let Some(base) = Base::from_id(id) {
            return Some(Table::from(base));
        }
        Preset::find(id).ok().map(Table::preset)
    }

    /// The table a stored id, base and pays name (a hand's registry row): a machine or a kicker
    /// game by its own id and pays, any other id as a copy of `base` with `pays` (named as the
    /// library or the lab names it). `None` when the pays do not fit the base, or a machine's or
    /// kicker game's id comes with pays that are not its own.
    pub fn stored(id: &str, base: Base, pays: &[u32]) -> Option<Table> {
        if let Some((plain, rules)) = Table::variant_id(id) {
            return Table::stored(plain, base, pays)?.variant(rules);
        }
        let own = base.paytable().rows().iter().map(|row| row.pay).eq(pays.iter().copied());
        let reserved = id.parse::<MachineId>().is_ok() || id.parse::<KickerGame>().is_ok();
        match base {
            Base::Machine(machine) if id == machine.id() && own => return Some(Table::machine(machine)),
            Base::Kicker(game) if id == game.id() && own => return Some(Table::kicker(game)),
            _ if reserved => return None,
            _ => {}
        }
        let paytable = base.paytable().with_pays(pays)?;
        let (name, label) = match Preset::find(id) {
            Ok(preset) => (preset.name, game(preset.game, preset.suffix)),
            Err(_) => {
                let name = id.strip_prefix(LAB_PREFIX).unwrap_or(id);
                (name, TableLabel::Lab { name: name.to_string() })
            }
        };
        Some(Table::build(id, name, label, Source::Copy(base), paytable))
    }

    fn build(id: &str, name: &str, label: TableLabel, source: Source, paytable: Paytable) -> Table {
        Table(Arc::new(Inner {
            id: id.to_string(),
            name: name.to_string(),
            label,
            source,
            deck: Deck::of(paytable.family()),
            paytable,
            rules: Rules::Plain,
            solver: OnceLock::new(),
        }))
    }

    /// The table's Ultimate X copy (id `ultimate-x:` and this table's id, the same deck, paytable
    /// and label, dealt on [`ULTIMATE_X_LINES`]), or `None` when its game has no multiplier table
    /// (Joker Poker) or it is one already.
    pub fn ultimate_x(&self) -> Option<Table> {
        let group = Group::of(self.base())?;
        self.copy_as(ULTIMATE_X_PREFIX, Rules::UltimateX(group))
    }

    /// The table's Super Times Pay copy (id `super-times:` and this table's id, the same deck,
    /// paytable and label, dealt on [`SUPER_TIMES_LINES`]), or `None` when it is a variant already.
    /// Every plain table has one: the multiplier is drawn apart from the cards.
    pub fn super_times(&self) -> Option<Table> {
        self.copy_as(SUPER_TIMES_PREFIX, Rules::SuperTimes)
    }

    /// This plain table under `rules`, its id after `prefix`; `None` when it is a variant already.
    fn copy_as(&self, prefix: &str, rules: Rules) -> Option<Table> {
        if self.0.rules != Rules::Plain {
            return None;
        }
        Some(Table(Arc::new(Inner {
            id: format!("{prefix}{}", self.0.id),
            name: self.0.name.clone(),
            label: self.0.label.clone(),
            source: self.0.source,
            deck: self.0.deck,
            paytable: self.0.paytable.clone(),
            rules,
            solver: OnceLock::new(),
        })))
    }

    /// The stake of a deal of `lines` lines at `bet` chips a line: lines × the rules' cost of a
    /// line (`Rules::line_cost`: what a real deal costs; practice figures are shown at this stake
    /// too).
    pub fn stake(&self, bet: u32, lines: u8) -> u64 {
        u64::from(lines) * self.0.rules.line_cost(bet)
    }

    /// The stable text id (`jacks-or-better`, `double-double-bonus-9-6`, `lab:NAME`).
    pub fn id(&self) -> &str {
        &self.0.id
    }

    /// The name players know it by (a lab table's saved name).
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// What it is called, for a UI to write in its language.
    pub fn label(&self) -> &TableLabel {
        &self.0.label
    }

    /// Where it comes from.
    pub fn source(&self) -> Source {
        self.0.source
    }

    /// The machine, when the table is one of the five.
    pub fn as_machine(&self) -> Option<MachineId> {
        match self.0.source {
            Source::Machine(machine) => Some(machine),
            Source::Kicker(_) | Source::Copy(_) => None,
        }
    }

    /// The base whose rows it has (a machine or kicker game is its own base).
    pub fn base(&self) -> Base {
        match self.0.source {
            Source::Machine(machine) => Base::Machine(machine),
            Source::Kicker(game) => Base::Kicker(game),
            Source::Copy(base) => base,
        }
    }

    /// The deck.
    pub fn deck(&self) -> Deck {
        self.0.deck
    }

    /// The paytable.
    pub fn paytable(&self) -> &Paytable {
        &self.0.paytable
    }

    /// The evaluator family.
    pub fn family(&self) -> Family {
        self.0.paytable.family()
    }

    /// The pays per coin, in row order.
    pub fn pays(&self) -> Vec<u32> {
        self.0.paytable.rows().iter().map(|row| row.pay).collect()
    }

    /// The line counts a deal may have.
    pub fn lines(&self) -> &'static [u8] {
        self.0.rules.lines()
    }

    /// The rules it is played by.
    pub fn rules(&self) -> Rules {
        self.0.rules
    }

    /// The exact EV of every hold of `hand` on this table.
    pub fn hand_evs(&self, hand: &[Card; 5]) -> HandEvs {
        match self.0.source {
            Source::Machine(machine) => hand_evs(machine, hand),
            Source::Kicker(game) => kicker_hand_evs(game, hand),
            Source::Copy(base) => self.0.solver.get_or_init(|| solver_of(base, &self.0.paytable)).hand_evs(hand),
        }
    }
}

/// The solver of a copy's paytable, built once per process for each base and pays (a table read
/// again from the store is a new `Table`; its hints must not rebuild the solver each command). At
/// most [`SOLVERS_KEPT`] are kept: a lab that tries many pays starts the cache afresh.
fn solver_of(base: Base, paytable: &Paytable) -> Arc<TableSolver> {
    type Key = (&'static str, Vec<u32>);
    static SOLVERS: std::sync::Mutex<Vec<(Key, Arc<TableSolver>)>> = std::sync::Mutex::new(Vec::new());
    let key: Key = (base.id(), paytable.rows().iter().map(|row| row.pay).collect());
    // A poisoned cache only loses the reuse: the solver is pure, so it is built here instead.
    let Ok(mut kept) = SOLVERS.lock() else { return Arc::new(TableSolver::new(paytable)) };
    if let Some((_, solver)) = kept.iter().find(|(k, _)| *k == key) {
        return Arc::clone(solver);
    }
    if kept.len() >= SOLVERS_KEPT {
        kept.clear();
    }
    let solver = Arc::new(TableSolver::new(paytable));
    kept.push((key, Arc::clone(&solver)));
    solver
}

/// How many copies' solvers a process keeps.
const SOLVERS_KEPT: usize = 32;

impl PartialEq for Table {
    fn eq(&self, other: &Table) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || (self.0.id == other.0.id && self.0.source == other.0.source && self.pays() == other.pays())
    }
}

impl Eq for Table {}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} {:?})", self.0.id, self.pays())
    }
}

impl serde::Serialize for Table {
    /// A table is sent as its stable id.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl From<Base> for Table {
    /// A base's own table: the machine's or the kicker game's.
    fn from(base: Base) -> Table {
        match base {
            Base::Machine(machine) => Table::machine(machine),
            Base::Kicker(game) => Table::kicker(game),
        }
    }
}

impl From<MachineId> for Table {
    fn from(machine: MachineId) -> Table {
        Table::machine(machine)
    }
}
