//! Practice on any table: a table of the library (`vpoker tables`) or a saved lab table, dealt as
//! practice hands — no chips, no XP, never nudged — with exact hints and the mistake verdict for that
//! table, the same cards drawn with the best hold, and figures counted apart per table. The four
//! machines' tables and progression are untouched.
//!
//! Owns `table_hands` (each practice hand: the table's id, its base and pays at the deal, the bet,
//! the seed and, once drawn, the hold: the truth; cards and results are replayed from the seed) and
//! `table_sums` (per table: hands, best holds, chips won and what the best holds won on the same
//! cards, EV given up), derived from the hands so the figures cost the same at any length; the full
//! audit compares them with their rebuild and rebuilds them when they disagree. One hand is in
//! progress at a time across the game: a table hand blocks a machine's deal and the other way round.

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::library::{Base, Preset};
use crate::machine::{MachineId, Paytable};
use crate::pipeline::settle::{hint_holds, settle_on, stake, HintHold};
use crate::pipeline::{Deal, NudgeSource};
use crate::shuffle::Seed;
use crate::strategy::custom::TableSolver;

use super::error::GameError;
use super::hands::in_progress_id;
use super::lab_tables;
use super::rules;
use super::store::{corrupt, Failure, Res};

/// Saved lab tables are named `lab:NAME` (a bare name works when no library id is the same).
pub const LAB_PREFIX: &str = "lab:";

/// A table to practise, resolved: its id, its name, its base and pays.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Resolved {
    pub id: String,
    pub name: String,
    base: Base,
    pays: Vec<u32>,
}

impl Resolved {
    pub(crate) fn paytable(&self) -> Res<Paytable> {
        self.base.paytable().with_pays(&self.pays).ok_or_else(|| corrupt(format!("table '{}': bad pays", self.id)))
    }
}

/// The table with this id (a library id, `lab:NAME`, or a saved lab table's bare name), or
/// `unknown-table`.
pub(crate) fn resolve(conn: &Connection, table: &str) -> Res<Resolved> {
    if let Ok(preset) = Preset::find(table) {
        let pays = preset.pays_in_row_order().ok_or_else(|| corrupt(format!("library table '{table}'")))?;
        return Ok(Resolved { id: preset.id.to_string(), name: preset.name.to_string(), base: preset.base, pays });
    }
    let name = table.strip_prefix(LAB_PREFIX).unwrap_or(table);
    let saved = lab_tables::list(conn)?.into_iter().find(|t| t.name == name);
    match saved {
        Some(saved) => Ok(Resolved {
            id: format!("{LAB_PREFIX}{}", saved.name),
            name: saved.name,
            base: saved.base,
            pays: saved.pays,
        }),
        None => Err(GameError::UnknownTable { table: table.to_string() }.into()),
    }
}

/// A practice hand dealt on a table, waiting for its draw.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableHand {
    /// The practice hand's id (its own numbering, apart from the machines' hands).
    pub hand_id: i64,
    /// The table's id (a library id, or `lab:NAME`).
    pub table: String,
    /// The table's name.
    pub name: String,
    /// The five cards dealt.
    pub cards: [Card; 5],
    /// Chips per coin the figures are shown at (nothing is staked: practice).
    pub bet: u32,
}

/// The hint for a table hand: every hold with its EV on that table, best first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableHint {
    /// The hand.
    pub hand: TableHand,
    /// The stake the `_chips` figures are at (the bet: one hand).
    pub stake: u64,
    /// All 32 holds, best first, each with the core's verdict.
    pub holds: Vec<HintHold>,
    /// The best hold.
    pub best_hold: Hold,
    /// Its EV per coin.
    pub best_ev: f64,
}

/// A table hand drawn: what the hold made, what the best hold made on the same cards, the verdict,
/// and the table's figures after it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableDraw {
    /// The hand.
    pub hand: TableHand,
    /// The hold played.
    pub hold: Hold,
    /// The final five cards.
    #[serde(rename = "final")]
    pub final_cards: [Card; 5],
    /// The table's row reached, or "nothing".
    pub outcome: String,
    /// What it would have paid, in chips at the bet.
    pub win: u64,
    /// The best hold.
    pub best_hold: Hold,
    /// The same cards drawn with the best hold: the final five, the row and the win.
    pub best_final: [Card; 5],
    /// The best hold's row, or "nothing".
    pub best_outcome: String,
    /// The best hold's win on the same cards, in chips at the bet.
    pub best_win: u64,
    /// EV per coin of the hold played.
    pub ev: f64,
    /// EV per coin of the best hold.
    pub best_ev: f64,
    /// EV per coin given up (0 for the best hold and its exact ties).
    pub ev_given_up: f64,
    /// Whether the hold was a mistake (the core's one threshold).
    pub mistake: bool,
    /// The table's figures, this hand included.
    pub sums: TableSums,
}

/// A table's practice figures.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct TableSums {
    /// The table's id.
    pub table: String,
    /// Hands drawn.
    pub hands: u64,
    /// Holds as good as the best.
    pub best_holds: u64,
    /// Chips the holds would have won.
    pub won: u64,
    /// Chips the best holds would have won on the same cards.
    pub best_won: u64,
    /// EV per coin given up, summed.
    pub ev_given_up: f64,
}

/// The stored row of a table hand.
struct Row {
    id: i64,
    table: String,
    base: String,
    pays: String,
    bet: u32,
    seed: String,
    hold: Option<u32>,
}

/// A table hand replayed from its row.
struct Replayed {
    hand: TableHand,
    table: Paytable,
    deal: Deal,
}

fn replay(row: &Row) -> Res<Replayed> {
    let bad = |what: &str| corrupt(format!("practice table hand {}: {what}", row.id));
    let base = Base::from_id(&row.base).ok_or_else(|| bad("an unknown base table"))?;
    let pays: Vec<u32> = row.pays.split(',').map(str::parse).collect::<Result<_, _>>().map_err(|_| bad("bad pays"))?;
    let table = base.paytable().with_pays(&pays).ok_or_else(|| bad("pays that do not fit its base"))?;
    let seed: Seed = row.seed.parse().map_err(|_| bad("a bad seed"))?;
    // Practice: never nudged, so the machine named here decides nothing but the deck's owner.
    let deal = Deal::deal(&seed, MachineId::JacksOrBetter, 1, NudgeSource::Never);
    let name = match Preset::find(&row.table) {
        Ok(preset) => preset.name.to_string(),
        Err(_) => row.table.strip_prefix(LAB_PREFIX).unwrap_or(&row.table).to_string(),
    };
    let hand = TableHand { hand_id: row.id, table: row.table.clone(), name, cards: deal.dealt(), bet: row.bet };
    Ok(Replayed { hand, table, deal })
}

const ROW_COLUMNS: &str = "id, table_id, base, pays, bet, seed, hold";

fn row_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
    Ok(Row { id: r.get(0)?, table: r.get(1)?, base: r.get(2)?, pays: r.get(3)?, bet: r.get(4)?, seed: r.get(5)?, hold: r.get(6)? })
}

fn open_row(conn: &Connection) -> Res<Option<Row>> {
    let sql = format!("SELECT {ROW_COLUMNS} FROM table_hands WHERE hold IS NULL");
    Ok(conn.prepare_cached(&sql)?.query_row([], row_of).optional()?)
}

/// The id of the table hand waiting for its draw, if any.
pub(crate) fn in_progress(conn: &Connection) -> Res<Option<i64>> {
    Ok(conn.prepare_cached("SELECT id FROM table_hands WHERE hold IS NULL")?.query_row([], |r| r.get(0)).optional()?)
}

/// Deals a practice hand on `table` from `seed` at `bet` (for the figures; nothing is staked).
pub(crate) fn deal(conn: &Connection, table: &str, bet: u32, seed: Seed) -> Res<TableHand> {
    if !rules::BETS.contains(&bet) {
        return Err(rules::invalid_bet(bet).into());
    }
    if let Some(hand_id) = in_progress_id(conn)?.or(in_progress(conn)?) {
        return Err(GameError::HandInProgress { hand_id }.into());
    }
    let resolved = resolve(conn, table)?;
    resolved.paytable()?;
    let pays: Vec<String> = resolved.pays.iter().map(u32::to_string).collect();
    conn.prepare_cached("INSERT INTO table_hands (table_id, base, pays, bet, seed) VALUES (?1, ?2, ?3, ?4, ?5)")?.execute(
        params![resolved.id, resolved.base.id(), pays.join(","), bet, seed.to_string()],
    )?;
    let row = open_row(conn)?.ok_or_else(|| corrupt("the practice table hand just dealt is missing"))?;
    Ok(replay(&row)?.hand)
}

/// The bet of the last practice hand dealt on the table `table_id` (a resolved id), if any.
pub(crate) fn last_bet(conn: &Connection, table_id: &str) -> Res<Option<u32>> {
    let bet: Option<i64> = conn
        .prepare_cached("SELECT bet FROM table_hands WHERE table_id = ?1 ORDER BY id DESC LIMIT 1")?
        .query_row([table_id], |r| r.get(0))
        .optional()?;
    Ok(bet.and_then(|b| u32::try_from(b).ok()))
}

/// The hand in progress on a table, if any.
pub(crate) fn current(conn: &Connection) -> Res<Option<TableHand>> {
    open_row(conn)?.map(|row| replay(&row).map(|r| r.hand)).transpose()
}

/// The hint for the table hand in progress.
pub(crate) fn hint(conn: &Connection) -> Res<TableHint> {
    let row = open_row(conn)?.ok_or(GameError::NoHandInProgress)?;
    let replayed = replay(&row)?;
    let evs = TableSolver::new(&replayed.table).hand_evs(&replayed.hand.cards);
    let stake = stake(row.bet, 1);
    let best = evs.best();
    Ok(TableHint {
        holds: hint_holds(&evs, &replayed.hand.cards, stake),
        best_hold: best,
        best_ev: evs.ev(best),
        stake,
        hand: replayed.hand,
    })
}

/// What one drawn table hand adds to its table's figures, and the draw itself.
fn settle(replayed: &Replayed, solver: &TableSolver, hold: Hold, sums: &mut TableSums) -> TableDraw {
    let evs = solver.hand_evs(&replayed.hand.cards);
    let bet = replayed.hand.bet;
    let played = settle_on(&replayed.deal, &replayed.table, bet, hold, &evs);
    let verdict = played.verdict;
    let best = settle_on(&replayed.deal, &replayed.table, bet, verdict.best_hold, &evs);
    let (mine, theirs) = (&played.results[0], &best.results[0]);
    sums.hands += 1;
    sums.best_holds += u64::from(!verdict.mistake);
    sums.won += played.won;
    sums.best_won += best.won;
    sums.ev_given_up += verdict.cost;
    TableDraw {
        hand: replayed.hand.clone(),
        hold,
        final_cards: mine.cards,
        outcome: mine.outcome.clone(),
        win: mine.win,
        best_hold: verdict.best_hold,
        best_final: theirs.cards,
        best_outcome: theirs.outcome.clone(),
        best_win: theirs.win,
        ev: verdict.ev,
        best_ev: verdict.best_ev,
        ev_given_up: verdict.cost,
        mistake: verdict.mistake,
        sums: sums.clone(),
    }
}

/// Draws the table hand in progress with `hold`, in the draw's transaction: the hold stored, the
/// table's figures added.
pub(crate) fn draw(conn: &Connection, hold: Hold) -> Res<TableDraw> {
    let row = open_row(conn)?.ok_or(GameError::NoHandInProgress)?;
    let replayed = replay(&row)?;
    let mut sums = sums(conn, &row.table)?;
    let drawn = settle(&replayed, &TableSolver::new(&replayed.table), hold, &mut sums);
    conn.prepare_cached("UPDATE table_hands SET hold = ?2 WHERE id = ?1")?.execute(params![row.id, u32::from(hold.mask())])?;
    write_sums(conn, &sums)?;
    Ok(drawn)
}

/// A table's figures (zeros before its first hand).
pub(crate) fn sums(conn: &Connection, table: &str) -> Res<TableSums> {
    let stored = conn
        .prepare_cached("SELECT hands, best_holds, won, best_won, ev_given_up FROM table_sums WHERE table_id = ?1")?
        .query_row([table], |r| {
            let count = |i: usize| r.get::<_, i64>(i).map(|n| n.max(0) as u64);
            Ok(TableSums { table: table.to_string(), hands: count(0)?, best_holds: count(1)?, won: count(2)?, best_won: count(3)?, ev_given_up: r.get(4)? })
        })
        .optional()?;
    Ok(stored.unwrap_or(TableSums { table: table.to_string(), ..TableSums::default() }))
}

fn write_sums(conn: &Connection, sums: &TableSums) -> Res<()> {
    conn.prepare_cached(
        "INSERT OR REPLACE INTO table_sums (table_id, hands, best_holds, won, best_won, ev_given_up) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![sums.table, sums.hands as i64, sums.best_holds as i64, sums.won as i64, sums.best_won as i64, sums.ev_given_up])?;
    Ok(())
}

/// Every table's figures rebuilt from the drawn table hands, in id order, by table.
fn rebuilt(conn: &Connection) -> Res<Vec<TableSums>> {
    let sql = format!("SELECT {ROW_COLUMNS} FROM table_hands WHERE hold IS NOT NULL ORDER BY id");
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut rows = stmt.query([])?;
    let mut by_table: std::collections::BTreeMap<String, TableSums> = std::collections::BTreeMap::new();
    // One solver per distinct table (base and pays): building one folds the family's counts.
    let mut solvers: std::collections::HashMap<(String, String), TableSolver> = std::collections::HashMap::new();
    while let Some(r) = rows.next()? {
        let row = row_of(r)?;
        // A practice hand that does not replay (a crafted file) adds nothing: the figures are a
        // cache, and practice moves no chips, so it is never a reason to refuse the file.
        let Some(hold) = row.hold.and_then(|m| Hold::from_mask(m).ok()) else { continue };
        let replayed = match replay(&row) {
            Ok(replayed) => replayed,
            Err(Failure::Corrupt(_)) => continue,
            Err(other) => return Err(other),
        };
        let sums = by_table.entry(row.table.clone()).or_insert_with(|| TableSums { table: row.table.clone(), ..TableSums::default() });
        let solver = solvers.entry((row.base.clone(), row.pays.clone())).or_insert_with(|| TableSolver::new(&replayed.table));
        settle(&replayed, solver, hold, sums);
    }
    Ok(by_table.into_values().collect())
}

/// Where the stored table figures disagree with their rebuild from the table hands, in words.
pub(crate) fn differences(conn: &Connection) -> Res<Vec<String>> {
    let rebuilt = rebuilt(conn)?;
    let mut stmt = conn.prepare_cached("SELECT table_id FROM table_sums ORDER BY table_id")?;
    let tables = stmt.query_map([], |r| r.get::<_, String>(0))?.collect::<rusqlite::Result<Vec<_>>>()?;
    let stored = tables.iter().map(|t| sums(conn, t)).collect::<Res<Vec<_>>>()?;
    Ok(if stored == rebuilt {
        Vec::new()
    } else {
        vec![format!("practice tables: the stored figures ({} tables) disagree with their hands ({} tables)", stored.len(), rebuilt.len())]
    })
}

/// Rebuilds every table's figures from the table hands (inside the repair's transaction).
pub(crate) fn rebuild(conn: &Connection) -> Res<()> {
    let rebuilt = rebuilt(conn)?;
    conn.execute("DELETE FROM table_sums", [])?;
    for sums in &rebuilt {
        write_sums(conn, sums)?;
    }
    Ok(())
}
