//! One table as its play screen shows it, whatever the table (a machine's, a library table, a
//! saved lab table): the one view behind the one play screen, so that the UI reads what it may
//! choose — the rules to play by, the bet and line count to start at, the line counts open — and
//! never works any of it out.

use rusqlite::Connection;
use serde::Serialize;

use crate::library::{self, Variant};
use crate::machine::MachineId;
use crate::table::{Table, TableLabel};

use super::super::rules::{self, Bet, Lines};
use super::super::store::{player, Res};
use super::super::table_id;

/// A table's play screen: what it is, its paytable at every bet, and each game it is played as
/// (the plain game, then the variants offered at the player's level) with the choices open there.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableView {
    /// The plain table's id (a variant's id asked for names its plain table here).
    pub id: String,
    /// What the table is called, for a UI to write in its language.
    pub label: TableLabel,
    /// The machine, when the table is a machine's (null for a library or lab table).
    pub machine: Option<MachineId>,
    /// The base whose rows it has (a machine's or a kicker game's id): what the paytable lab copies.
    pub base: &'static str,
    /// A table of the library (its chart tiers and exact return are the library's).
    pub library: bool,
    /// Played in practice only (every table but a machine's: a deal for chips answers
    /// `practice-only`).
    pub practice_only: bool,
    /// Whether the player's level opens it (a machine below its level: false).
    pub unlocked: bool,
    /// The level that opens it.
    pub unlock_level: u32,
    /// The exact return of optimal play per coin, for a library table (the library's figure); null
    /// otherwise.
    #[serde(rename = "return")]
    pub return_rate: Option<f64>,
    /// The bets a hand may have, in order.
    pub bets: Vec<u32>,
    /// The bet a deal starts at: the last one played on this machine, else the game's default.
    pub bet: u32,
    /// The paytable, best row first: each row's pay per coin and what it pays at each of `bets`.
    pub paytable: Vec<PayRowView>,
    /// The plain game: its table and the line counts open.
    pub plain: GameChoice,
    /// The variants offered (`library::variants`, from the multi-play level on a table the player
    /// may deal on): each one's table, rules and the line counts open.
    pub variants: Vec<GameChoice>,
    /// The variant a variant's id asked for names (its rules' id), else null: the game a screen
    /// opened on that id plays.
    pub chosen: Option<&'static str>,
    /// The cards of the table's deck in their order (52, or 53 with the joker last): what the hand
    /// analyser's picker offers.
    pub deck: Vec<crate::card::Card>,
}

/// One paytable row at every bet.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PayRowView {
    /// The row's id ("full-house"), which the UI translates.
    pub id: &'static str,
    /// Its pay per coin.
    pub pay: u32,
    /// What it pays at each bet of the view's `bets`, in order.
    pub at_bets: Vec<BetPay>,
}

/// What a paytable row pays at one bet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BetPay {
    /// The bet, in chips a line.
    pub bet: u32,
    /// What the row pays at it, in chips.
    pub pay: u64,
}

/// A game a table is played as: the plain game or one of its variants.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameChoice {
    /// The table a deal is dealt on (the plain table's id or the variant's).
    pub table: String,
    /// The rules' id (`Rules::id`: "plain" or a variant's), for a UI to name them in its language.
    pub rules: &'static str,
    /// The line counts open to the player on it, in order (those its rules deal at and the
    /// player's level opens).
    pub lines: Vec<u8>,
    /// The line count a deal starts at: the last one played on this machine when it is open here,
    /// else the first open one.
    pub hands: u8,
}

/// The play screen's view of the table `id` names (any id `table_id::resolve` takes) at the
/// player's level.
pub(crate) fn view(conn: &Connection, id: &str) -> Res<TableView> {
    let asked = table_id::resolve(conn, id)?;
    let (plain, chosen) = match Table::variant_id(asked.id()) {
        Some((plain, rules)) => (table_id::resolve(conn, plain)?, Some(rules)),
        None => (asked, None),
    };
    let level = rules::level_for_xp(player::profile(conn)?.xp);
    let machine = plain.as_machine();
    let (unlocked, unlock_level) = match machine {
        Some(machine) => (rules::machine_unlocked(machine, level), machine.unlock_level()),
        None => (true, 1),
    };
    let remembered = match machine {
        Some(machine) => player::prefs(conn)?.into_iter().find(|&(m, _, _)| m == machine).map(|(_, bet, hands)| (bet, hands)),
        None => None,
    };
    let choice = |table: &Table, rules_id: &'static str| {
        let lines: Vec<u8> = table
            .lines()
            .iter()
            .copied()
            .filter(|&count| Lines::new(count).is_ok_and(|lines| rules::check_lines(lines, level).is_ok()))
            .collect();
        let last = remembered.map(|(_, hands)| hands.count()).filter(|count| lines.contains(count));
        let hands = last.or_else(|| lines.first().copied()).unwrap_or(1);
        GameChoice { table: table.id().to_string(), rules: rules_id, lines, hands }
    };
    let offered = unlocked && level >= rules::MULTI_PLAY_LEVEL;
    let variants = match offered {
        true => library::variants(plain.base(), plain.id())
            .iter()
            .filter_map(|variant: &Variant| plain.variant(variant.rules).map(|table| choice(&table, variant.rules)))
            .filter(|game| !game.lines.is_empty())
            .collect(),
        false => Vec::new(),
    };
    // The library's figures (computed once per process): asked only for a table that is not a
    // machine's, so that opening a machine never waits for them.
    let listed = match machine {
        Some(_) => None,
        None => library::listing().iter().find(|listed| listed.id == plain.id()),
    };
    let bets = rules::BETS.to_vec();
    Ok(TableView {
        deck: plain.deck().fresh(),
        id: plain.id().to_string(),
        label: plain.label().clone(),
        machine,
        base: plain.base().id(),
        library: listed.is_some(),
        practice_only: machine.is_none(),
        unlocked,
        unlock_level,
        return_rate: listed.map(|listed| listed.return_rate),
        bet: remembered.map_or(rules::DEFAULT_BET, |(bet, _): (Bet, Lines)| bet.chips()),
        paytable: plain
            .paytable()
            .rows()
            .iter()
            .map(|row| PayRowView { id: row.id, pay: row.pay, at_bets: bets.iter().map(|&bet| BetPay { bet, pay: u64::from(row.pay) * u64::from(bet) }).collect() })
            .collect(),
        bets,
        plain: choice(&plain, plain.rules().id()),
        variants,
        chosen,
    })
}
