//! Practice on any table: a table of the library (`vpoker tables`) or a saved lab table, dealt as
//! practice hands — no chips, no XP, never nudged — with exact hints and the mistake verdict for that
//! table, the same cards drawn with the best hold, and figures counted apart per table. The four
//! machines' tables and progression are untouched.
//!
//! A table hand is a row of the one `hands` table like a machine's (its table in the registry,
//! committed before the deal by the bound rule, listed by the history, verified by `verify --hand`
//! and `verify --all`); its figures are the running sums' `table_sums` (`game/sums/`). This room
//! owns no table: it resolves a table id, and deals, hints and draws through the hands room and
//! the pipeline. One hand is in progress at a time across the game: a table hand blocks a
//! machine's deal and the other way round.

use rusqlite::Connection;
use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::library::Preset;
use crate::pipeline::commit::bound;
use crate::rules::on_screen;
use crate::pipeline::settle::{hint_holds, results, settle_with, HandResult, HintHold, OutcomeTally};
use crate::pipeline::{Deal, NudgeSource};
use crate::shuffle::DealSeed;
use crate::table::{Table, LAB_PREFIX};

use super::error::GameError;
use super::hands::{self, StoredHand};
use super::lab_tables;
use super::moment::Moment;
use super::rules;
use super::store::{corrupt, player, Res};
use super::sums::{self, TableSums};

/// The table any id names: a fixed one (a machine, a kicker game, a library table, [`Table::named`])
/// or a saved lab table; `unknown-table` otherwise. Drills and `Game::table` take any table;
/// practice ([`resolve`]) takes library and lab tables.
pub(crate) fn any(conn: &Connection, id: &str) -> Res<Table> {
    match Table::named(id) {
        Some(table) => Ok(table),
        None => resolve(conn, id),
    }
}

/// The table a practice hand may be dealt on: a library id, `lab:NAME`, or a saved lab table's bare
/// name; `unknown-table` otherwise.
pub(crate) fn resolve(conn: &Connection, table: &str) -> Res<Table> {
    // An Ultimate X table: `ultimate-x:` and a table this resolves, whose game has a multiplier table.
    if let Some(plain) = table.strip_prefix(crate::table::ULTIMATE_X_PREFIX) {
        return resolve(conn, plain)?
            .ultimate_x()
            .ok_or_else(|| GameError::UnknownTable { table: table.to_string() }.into());
    }
    if let Ok(preset) = Preset::find(table) {
        return Ok(Table::preset(preset));
    }
    let name = table.strip_prefix(LAB_PREFIX).unwrap_or(table);
    let saved = lab_tables::list(conn)?.into_iter().find(|t| t.name == name);
    match saved {
        Some(saved) => Table::lab(&saved.name, saved.base, &saved.pays)
            .ok_or_else(|| corrupt(format!("lab table '{}': pays that do not fit its base", saved.name))),
        None => Err(GameError::UnknownTable { table: table.to_string() }.into()),
    }
}

/// A practice hand dealt on a table, waiting for its draw.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableHand {
    /// The hand's id in the one history.
    pub hand_id: i64,
    /// The table's id (a library id, or `lab:NAME`).
    pub table: String,
    /// The table's name (English; a UI writes `label` in its language).
    pub name: String,
    /// What the table is called, for a UI to write in its language.
    pub label: crate::table::TableLabel,
    /// The five cards dealt.
    pub cards: [Card; 5],
    /// Chips per coin the figures are shown at (nothing is staked: practice).
    pub bet: u32,
    /// Hands dealt at once (lines): 1, 3, 5, 10, 50 or 100 (Ultimate X: 1, 3, 5 or 10).
    pub hands: u8,
    /// The multiplier each line is dealt with (an Ultimate X table's hand; absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multipliers: Option<Vec<u8>>,
    /// The commitment shown while the hand is in progress (hex; the bound rule: the seed with the
    /// table, bet and line count), or null for a hand stored before schema 15.
    pub commitment: Option<String>,
}

/// The hint for a table hand: every hold with its EV on that table, best first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableHint {
    /// The hand.
    pub hand: TableHand,
    /// The stake the `_chips` figures are at: the bet × the hands (all lines).
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
    /// Every hand's result (the first is `final`, `outcome` and `win` above), the first hand first.
    pub results: Vec<HandResult>,
    /// The results counted by outcome, best row first (as a history record's `tally`).
    pub tally: Vec<OutcomeTally>,
    /// The wins of every hand together, in chips at the bet.
    pub won: u64,
    /// What the best hold would have won on the same cards, every hand together.
    pub best_won: u64,
    /// The table's figures, this hand included.
    pub sums: TableSums,
}

/// The table hand in progress, with its table, if any.
fn open(conn: &Connection) -> Res<Option<StoredHand>> {
    Ok(hands::open_hand(conn)?.filter(|hand| hand.machine().is_none()))
}

fn view(hand: &StoredHand) -> TableHand {
    TableHand {
        hand_id: hand.id,
        table: hand.table.id().to_string(),
        name: hand.table.name().to_string(),
        label: hand.table.label().clone(),
        cards: hand.dealt,
        bet: hand.bet.chips(),
        hands: hand.n_hands,
        multipliers: hand.multipliers.as_ref().map(|m| m.values().to_vec()),
        commitment: hand.commitment.map(|c| crate::shuffle::hex(&c)),
    }
}

/// Deals a practice hand of `lines` hands on `table` from `seed` at `bet` (for the figures; nothing
/// is staked). A line count opens at the level it opens on the machines.
pub(crate) fn deal(conn: &Connection, table: &str, bet: rules::Bet, lines: rules::Lines, seed: DealSeed, now: Moment) -> Res<TableHand> {
    let DealSeed { seed, from: seed_from } = seed;
    if let Some(hand_id) = hands::in_progress_id(conn)? {
        return Err(GameError::HandInProgress { hand_id }.into());
    }
    let table = resolve(conn, table)?;
    rules::check_lines(lines, rules::level_for_xp(player::profile(conn)?.xp))?;
    let n_hands = lines.count();
    if !table.lines().contains(&n_hands) {
        return Err(GameError::UltimateXLines { lines: n_hands }.into());
    }
    let on_screen = on_screen(hands::last_carry(conn)?.as_ref(), &table, bet.chips(), n_hands, true);
    let deal = Deal::deal(&seed, &table, n_hands, NudgeSource::Never);
    let stored = StoredHand {
        id: 0,
        commitment: Some(bound(&seed, &table, bet.chips(), n_hands, on_screen.as_ref())),
        multipliers: on_screen,
        table,
        bet,
        n_hands,
        practice: true,
        seed,
        seed_from,
        situation: None,
        nudge: None,
        dealt: deal.dealt(),
        moment: Some(now),
        drawn: None,
    };
    let id = hands::insert_deal(conn, &stored)?;
    Ok(view(&StoredHand { id, ..stored }))
}

/// The bet of the last practice hand dealt on the table `table_id` (a resolved id), if any.
pub(crate) fn last_bet(conn: &Connection, table_id: &str) -> Res<Option<u32>> {
    hands::last_bet_on(conn, table_id)
}

/// The hand in progress on a table, if any.
pub(crate) fn current(conn: &Connection) -> Res<Option<TableHand>> {
    Ok(open(conn)?.as_ref().map(view))
}

/// The hint for the table hand in progress.
pub(crate) fn hint(conn: &Connection) -> Res<TableHint> {
    let hand = open(conn)?.ok_or(GameError::NoHandInProgress)?;
    let evs = hand.evs()?;
    let stake = hand.stake();
    let best = evs.best();
    Ok(TableHint {
        holds: hint_holds(&evs, &hand.dealt, stake),
        best_hold: best,
        best_ev: evs.ev(best),
        stake,
        hand: view(&hand),
    })
}

/// Draws the table hand in progress with `hold`, in the draw's transaction: the hold and win
/// stored, the table's figures added.
pub(crate) fn draw(conn: &Connection, hold: Hold) -> Res<TableDraw> {
    let hand = open(conn)?.ok_or(GameError::NoHandInProgress)?;
    let marks = player::commit_marks(conn)?;
    let replayed = hand.replay()?;
    let on_screen = hand.multipliers.as_ref();
    let played = settle_with(&replayed.deal, hand.bet.chips(), hold, on_screen, &replayed.evs);
    let verdict = played.verdict;
    let best = results(&replayed.deal, hand.bet.chips(), verdict.best_hold, on_screen);
    hands::record_draw(conn, hand.id, hold, played.won)?;
    let record = StoredHand { drawn: Some((hold, played.won)), ..hand.clone() }.record_of(replayed, marks)?;
    sums::add_draw(conn, &record)?;
    let (mine, theirs) = (&played.results[0], &best[0]);
    Ok(TableDraw {
        hand: view(&hand),
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
        tally: record.tally.clone(),
        won: played.won,
        best_won: best.iter().map(|r| r.win).sum(),
        results: played.results.clone(),
        sums: sums::of_table(conn, hand.table.id())?,
    })
}

/// A table's figures (zeros before its first hand).
pub(crate) fn sums(conn: &Connection, table: &str) -> Res<TableSums> {
    sums::of_table(conn, table)
}
