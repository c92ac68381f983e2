//! The Rust steps of migrations: what SQL alone cannot do when the schema changes.
//!
//! Frozen: each step carries the SQL and the row encodings of its own schema and calls only the pure
//! hand pipeline and the solver (whose results never change: a hand's seed must deal it forever),
//! never today's storage helpers. A step refuses the file (`Err(Corrupt)`, rolling the whole
//! upgrade back so the file stays as it was) when a stored value disagrees with the replay.
//!
//! - [`lean_hands`] (migration 3) moves every hand of a schema-2 file to the lean row, replaying each
//!   first: cards the seed does not give, a best hold that is not the best, an EV that is not a
//!   finite number or not the solver's, a win the cards do not pay, or a bet or payout missing from
//!   the ledger refuse the file. It then sets the profile's ledger sums.
//! - [`review_queue`] (migration 6) puts every stored mistaken hand on the review queue, due at once.
//! - [`one_store`] (migration 15) moves every practice table hand of migration 13 into `hands`,
//!   replaying each from its seed for its dealt cards and win; a table whose base and pays do not
//!   fit, or a bad seed or bet, refuses the file.
//! - [`integer_days`] (migration 16) rewrites every `YYYY-MM-DD` date of the ledger, the daily
//!   claims, today's deals and days and the milestones as a day number; a date that is not one, or
//!   not written as the game writes it, refuses the file (`daily_days`, a cache, is dropped by the
//!   migration's SQL and rebuilt by its room);
//!   then sets each claim's streak by the one streak rule (the run of claimed dates ending at it).
//! - [`proficiency_questions`] (migration 24) keeps each stored proficiency check as schema 23
//!   showed it: its 25 questions dealt again as that code dealt them (the drill run from the seed
//!   of the registry row's id and the date, on that row's table), and each stored hold judged on
//!   them once (the verdict at upgrade time: the EV given up and the mark); a check on no table of
//!   the registry, on a day that is no date, with a bad hold, or on a table with no hard hands
//!   refuses the file.

use std::collections::HashMap;

use chrono::{Datelike, NaiveDate, NaiveDateTime, Timelike};
use rusqlite::{params, OptionalExtension, Transaction};

use super::{corrupt, Res};
use crate::card::{parse_hand, Card};
use crate::hold::Hold;
use crate::machine::MachineId;
use crate::pipeline::settle::settle_with;
use crate::pipeline::verify::replay_deal;
use crate::pipeline::{stake, Nudge, NudgeKind, Situation};
use crate::shuffle::Seed;
use crate::table::Table;
use crate::library::Base;
use crate::pipeline::settle::results;
use crate::pipeline::{Deal, NudgeSource};
use crate::strategy::{hand_evs, TIE_EPSILON};
use crate::pipeline::drill::{check_seed, HardDeals};
use crate::pipeline::settle::HoldVerdict;

/// A migration's Rust step, run inside the migration's transaction after its SQL.
pub type Step = fn(&Transaction<'_>) -> Res<()>;

/// A schema-2 hand row, as stored.
struct OldHand {
    id: i64,
    day: String,
    machine: String,
    bet: i64,
    n_hands: i64,
    practice: bool,
    cost: i64,
    seed: String,
    situation: Option<String>,
    nudge: Option<String>,
    dealt: String,
    evs: Vec<u8>,
    best_hold: i64,
    best_ev: f64,
    drawn: bool,
    hold: Option<i64>,
    hold_ev: Option<f64>,
    ev_given_up: Option<f64>,
    won: Option<i64>,
    payout: Option<i64>,
    played_at: Option<String>,
}

/// Migration 3's step: schema-2 hands → lean hands (schema 3's row), checked.
pub fn lean_hands(tx: &Transaction<'_>) -> Res<()> {
    // Each hand's bet and payout as the old ledger recorded them.
    let mut ledger: HashMap<i64, (i64, i64)> = HashMap::new();
    {
        let mut stmt = tx.prepare("SELECT hand_id, kind, amount FROM ledger_v2 WHERE hand_id IS NOT NULL")?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let (hand_id, kind, amount): (i64, String, i64) = (row.get(0)?, row.get(1)?, row.get(2)?);
            let entry = ledger.entry(hand_id).or_insert((0, 0));
            match kind.as_str() {
                "bet" => entry.0 += -amount,
                "payout" => entry.1 += amount,
                other => return Err(corrupt(format!("a ledger row of kind '{other}' names hand {hand_id}"))),
            }
        }
    }
    let (mut bet_total, mut paid_total) = (0u64, 0u64);
    let mut stmt = tx.prepare(
        "SELECT id, day, machine, bet, n_hands, practice, cost, seed, situation, nudge, dealt, evs, best_hold, \
         best_ev, drawn, hold, hold_ev, ev_given_up, won, payout, played_at FROM hands_v2 ORDER BY id",
    )?;
    let mut insert = tx.prepare(
        "INSERT INTO hands (id, machine, bet, n_hands, practice, seed, situation, nudge, dealt, day, time, hold, won) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let old = OldHand {
            id: row.get(0)?,
            day: row.get(1)?,
            machine: row.get(2)?,
            bet: row.get(3)?,
            n_hands: row.get(4)?,
            practice: row.get(5)?,
            cost: row.get(6)?,
            seed: row.get(7)?,
            situation: row.get(8)?,
            nudge: row.get(9)?,
            dealt: row.get(10)?,
            evs: row.get(11)?,
            best_hold: row.get(12)?,
            best_ev: row.get(13)?,
            drawn: row.get(14)?,
            hold: row.get(15)?,
            hold_ev: row.get(16)?,
            ev_given_up: row.get(17)?,
            won: row.get(18)?,
            payout: row.get(19)?,
            played_at: row.get(20)?,
        };
        let hand = Lean::of(&old)?;
        let cost = if hand.practice { 0 } else { stake(hand.bet, hand.n_hands) };
        let paid = if hand.practice { 0 } else { hand.won.unwrap_or(0) };
        let (ledger_bet, ledger_paid) = ledger.remove(&old.id).unwrap_or((0, 0));
        if ledger_bet != cost as i64 || ledger_paid != paid as i64 || old.cost != cost as i64 {
            return Err(corrupt(format!(
                "hand {}: the ledger took {ledger_bet} and paid {ledger_paid}, the hand cost {cost} and paid {paid}",
                old.id
            )));
        }
        if old.payout.is_some_and(|p| p != paid as i64) {
            return Err(corrupt(format!("hand {}: recorded payout {:?} but the cards pay {paid}", old.id, old.payout)));
        }
        let cards = |cards: &[Card; 5]| -> Vec<u8> { cards.iter().map(|c| c.index() as u8).collect() };
        let nudge = hand.nudge.map(|n| {
            let kind = match n.kind {
                NudgeKind::FourFlush => 0u8,
                NudgeKind::Pair => 1,
            };
            vec![kind, n.position as u8, n.removed.index() as u8, n.added.index() as u8, n.deck_position as u8]
        });
        insert.execute(params![
            old.id,
            MachineId::ALL.iter().position(|&m| m == hand.machine).map(|i| i as i64),
            i64::from(hand.bet),
            i64::from(hand.n_hands),
            hand.practice,
            &hand.seed.bytes()[..],
            hand.situation.and_then(|s| Situation::ALL.iter().position(|&x| x == s)).map(|i| i as i64),
            nudge,
            cards(&hand.dealt),
            i64::from(hand.day.num_days_from_ce()),
            hand.time.map(|t| i64::from(t.num_seconds_from_midnight())),
            hand.hold.map(|h| i64::from(h.mask())),
            hand.won.map(|w| w as i64),
        ])?;
        bet_total += cost;
        paid_total += paid;
    }
    drop(rows);
    if let Some(hand_id) = ledger.keys().next() {
        return Err(corrupt(format!("the ledger names hand {hand_id}, which does not exist")));
    }
    let daily: i64 = tx.query_row("SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE kind = 'daily'", [], |r| r.get(0))?;
    let daily = u64::try_from(daily).map_err(|_| corrupt(format!("daily chips {daily}")))?;
    tx.execute(
        "UPDATE profile SET bet_total = ?1, paid_total = ?2, daily_total = ?3 WHERE id = 1",
        params![bet_total as i64, paid_total as i64, daily as i64],
    )?;
    Ok(tx.execute_batch("DROP TABLE ledger_v2; DROP TABLE hands_v2;")?)
}

/// A schema-2 hand parsed and replayed: what the lean row keeps.
struct Lean {
    machine: MachineId,
    bet: u32,
    n_hands: u8,
    practice: bool,
    seed: Seed,
    situation: Option<Situation>,
    nudge: Option<Nudge>,
    dealt: [Card; 5],
    day: NaiveDate,
    time: Option<chrono::NaiveTime>,
    hold: Option<Hold>,
    won: Option<u64>,
}

impl Lean {
    /// Parses `old`, replays it through the pipeline and checks what it stored against the replay.
    fn of(old: &OldHand) -> Res<Lean> {
        let bad = |what: &str| corrupt(format!("hand {}: bad {what}", old.id));
        let day: NaiveDate = old.day.parse().map_err(|_| bad("day"))?;
        let (day, time) = match &old.played_at {
            None => (day, None),
            Some(text) if !text.contains('T') => (text.parse::<NaiveDate>().map_err(|_| bad("played_at"))?, None),
            Some(text) => {
                let at = NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S").map_err(|_| bad("played_at"))?;
                (at.date(), Some(at.time()))
            }
        };
        let hold = match (old.drawn, old.hold) {
            (false, None) => None,
            (true, Some(mask)) => {
                Some(u32::try_from(mask).ok().and_then(|m| Hold::from_mask(m).ok()).ok_or_else(|| bad("hold"))?)
            }
            _ => return Err(bad("hold")),
        };
        let won = match (hold, old.won) {
            (None, _) => None,
            (Some(_), Some(won)) => Some(u64::try_from(won).map_err(|_| bad("won"))?),
            (Some(_), None) => return Err(bad("won")),
        };
        let lean = Lean {
            machine: old.machine.parse::<MachineId>().map_err(|_| bad("machine"))?,
            bet: u32::try_from(old.bet).map_err(|_| bad("bet"))?,
            n_hands: u8::try_from(old.n_hands).ok().filter(|n| [1, 3, 5].contains(n)).ok_or_else(|| bad("n_hands"))?,
            practice: old.practice,
            seed: old.seed.parse::<Seed>().map_err(|_| bad("seed"))?,
            situation: match &old.situation {
                None => None,
                Some(id) => Some(Situation::from_id(id).ok_or_else(|| bad("situation"))?),
            },
            nudge: match &old.nudge {
                None => None,
                Some(text) => Some(
                    serde_json::from_str::<Nudge>(text).ok().filter(Nudge::fits_positions).ok_or_else(|| bad("nudge"))?,
                ),
            },
            dealt: parse_hand(&old.dealt).map_err(|_| bad("dealt"))?,
            day,
            time,
            hold,
            won,
        };
        let (deal, check) = replay_deal(&lean.seed, &Table::machine(lean.machine), lean.n_hands, Some(&lean.dealt), lean.nudge.as_ref());
        check.map_err(|mismatch| corrupt(format!("hand {}: {mismatch}", old.id)))?;
        let evs = hand_evs(lean.machine, &lean.dealt);
        if let (Some(hold), Some(won)) = (hold, won) {
            let paid = settle_with(&deal, lean.bet, hold, None, &evs).won;
            if paid != won {
                return Err(corrupt(format!("hand {}: recorded win {won} but the cards pay {paid}", old.id)));
            }
        }
        // The old row's stored EVs against the solver's: finite, the same best hold, the same values.
        let blob: Vec<f64> =
            old.evs.chunks(8).filter_map(|c| <[u8; 8]>::try_from(c).ok()).map(f64::from_le_bytes).collect();
        let finite = blob.len() == 32
            && blob.iter().all(|ev| ev.is_finite())
            && old.best_ev.is_finite()
            && old.hold_ev.is_none_or(f64::is_finite)
            && old.ev_given_up.is_none_or(f64::is_finite);
        if !finite {
            return Err(corrupt(format!(
                "hand {}: a stored EV is not a finite number (or the EV list is damaged)",
                old.id
            )));
        }
        let disagrees = |what: &str| corrupt(format!("hand {}: stored {what} disagrees with the solver", old.id));
        let close = |a: f64, b: f64| (a - b).abs() <= TIE_EPSILON;
        let best = evs.best();
        if u32::try_from(old.best_hold).ok() != Some(u32::from(best.mask())) {
            return Err(disagrees("best hold"));
        }
        if !close(old.best_ev, evs.ev(best)) || !close(blob[usize::from(best.mask())], evs.ev(best)) {
            return Err(disagrees("best EV"));
        }
        if let (Some(stored), Some(hold)) = (old.hold_ev, hold) {
            if !close(stored, evs.ev(hold)) {
                return Err(disagrees("hold EV"));
            }
        }
        Ok(lean)
    }
}

/// Migration 6's step: every drawn hand whose hold was a mistake goes on the review queue, due at
/// once (drill clock 0), in hand order. A hand that does not replay refuses the file.
pub fn review_queue(tx: &Transaction<'_>) -> Res<()> {
    let mut stmt = tx.prepare(
        "SELECT id, machine, n_hands, seed, nudge, dealt, hold FROM hands WHERE hold IS NOT NULL ORDER BY id",
    )?;
    let mut enqueue = tx.prepare("INSERT OR IGNORE INTO review (hand_id, machine, due, streak) VALUES (?1, ?2, 0, 0)")?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let id: i64 = row.get(0)?;
        let bad = || corrupt(format!("hand {id}: bad row"));
        let code: i64 = row.get(1)?;
        let machine = usize::try_from(code).ok().and_then(|i| MachineId::ALL.get(i).copied()).ok_or_else(bad)?;
        let n_hands = u8::try_from(row.get::<_, i64>(2)?).map_err(|_| bad())?;
        let seed = Seed::from_bytes(row.get::<_, Vec<u8>>(3)?.try_into().map_err(|_| bad())?);
        let nudge = match row.get::<_, Option<Vec<u8>>>(4)? {
            None => None,
            Some(bytes) => Some(nudge_of_schema_3(&bytes).ok_or_else(bad)?),
        };
        let dealt = cards_of_schema_3(&row.get::<_, Vec<u8>>(5)?).ok_or_else(bad)?;
        let hold = u32::try_from(row.get::<_, i64>(6)?).ok().and_then(|m| Hold::from_mask(m).ok()).ok_or_else(bad)?;
        let (_, check) = replay_deal(&seed, &Table::machine(machine), n_hands, Some(&dealt), nudge.as_ref());
        check.map_err(|mismatch| corrupt(format!("hand {id}: {mismatch}")))?;
        if hand_evs(machine, &dealt).is_mistake(hold) {
            enqueue.execute(params![id, code])?;
        }
    }
    Ok(())
}

/// Five card indices, as schema 3 stores `dealt`.
fn cards_of_schema_3(bytes: &[u8]) -> Option<[Card; 5]> {
    let cards: Vec<Card> = bytes.iter().map(|&b| Card::from_index(usize::from(b))).collect::<Option<_>>()?;
    cards.try_into().ok()
}

/// Five bytes (kind, position, removed, added, deck position), as schema 3 stores `nudge`.
fn nudge_of_schema_3(bytes: &[u8]) -> Option<Nudge> {
    let [kind, position, removed, added, deck_position] = <[u8; 5]>::try_from(bytes).ok()?;
    let nudge = Nudge {
        kind: match kind {
            0 => NudgeKind::FourFlush,
            1 => NudgeKind::Pair,
            _ => return None,
        },
        position: usize::from(position),
        removed: Card::from_index(usize::from(removed))?,
        added: Card::from_index(usize::from(added))?,
        deck_position: usize::from(deck_position),
    };
    Some(nudge).filter(Nudge::fits_positions)
}

/// Migration 15's step: the practice table hands of migration 13 become rows of `hands` (after the
/// machines' hands, in their own order, practice, one line, no commitment, no date), their tables
/// entered in the registry; `bound_from` is set after them; `table_hands` goes.
pub fn one_store(tx: &Transaction<'_>) -> Res<()> {
    let mut next: i64 = tx.query_row("SELECT COALESCE(MAX(id), 0) + 1 FROM hands", [], |r| r.get(0))?;
    let mut stmt = tx.prepare("SELECT id, table_id, base, pays, bet, seed, hold FROM table_hands ORDER BY id")?;
    let mut register = tx.prepare("INSERT OR IGNORE INTO tables (id, base, pays) VALUES (?1, ?2, ?3)")?;
    let mut code_of = tx.prepare("SELECT code FROM tables WHERE id = ?1 AND base = ?2 AND pays = ?3")?;
    let mut insert = tx.prepare(
        "INSERT INTO hands (id, tbl, bet, n_hands, practice, seed, dealt, hold, won) VALUES (?1, ?2, ?3, 1, 1, ?4, ?5, ?6, ?7)",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let old: i64 = row.get(0)?;
        let bad = |what: &str| corrupt(format!("practice table hand {old}: {what}"));
        let (id, base_id, pays_text): (String, String, String) = (row.get(1)?, row.get(2)?, row.get(3)?);
        let base = Base::from_id(&base_id).ok_or_else(|| bad("an unknown base table"))?;
        let pays: Vec<u32> = pays_text.split(',').map(str::parse).collect::<Result<_, _>>().map_err(|_| bad("bad pays"))?;
        let table = Table::stored(&id, base, &pays).ok_or_else(|| bad("pays that do not fit its base"))?;
        let bet = u32::try_from(row.get::<_, i64>(4)?).map_err(|_| bad("a bad bet"))?;
        let seed: Seed = row.get::<_, String>(5)?.parse().map_err(|_| bad("a bad seed"))?;
        let hold = match row.get::<_, Option<i64>>(6)? {
            None => None,
            Some(mask) => Some(u32::try_from(mask).ok().and_then(|m| Hold::from_mask(m).ok()).ok_or_else(|| bad("a bad hold"))?),
        };
        let deal = Deal::deal(&seed, &table, 1, NudgeSource::Never);
        let won = hold.map(|hold| results(&deal, bet, hold, None).iter().map(|r| r.win).sum::<u64>());
        register.execute(params![id, base_id, pays_text])?;
        let code: i64 = code_of.query_row(params![id, base_id, pays_text], |r| r.get(0))?;
        let dealt: Vec<u8> = deal.dealt().iter().map(|c| c.index() as u8).collect();
        insert.execute(params![
            next,
            code,
            i64::from(bet),
            &seed.bytes()[..],
            dealt,
            hold.map(|h| i64::from(h.mask())),
            won.map(|w| w as i64)
        ])?;
        next += 1;
    }
    drop(rows);
    tx.execute("UPDATE profile SET bound_from = ?1", [next])?;
    tx.execute_batch("DROP TABLE table_hands;")?;
    Ok(())
}

/// A date as migration 16 reads the text of schema 15: `YYYY-MM-DD` exactly as the game wrote it
/// (`2026-2-3`, ` 2026-02-03` or `2026-02-30` are not), as its day number from 0001-01-01 (day 1).
fn day_number_of_schema_15(text: &str) -> Option<i64> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .ok()
        .filter(|date| date.format("%Y-%m-%d").to_string() == text)
        .map(|date| i64::from(date.num_days_from_ce()))
}

/// Migration 16's step: every stored date of schema 15's text tables moved, row by row in stored
/// order, into the new tables as a day number; the old tables go.
pub fn integer_days(tx: &Transaction<'_>) -> Res<()> {
    // (old table, new table, the date column, every column in order)
    let moves: [(&str, &str, &str, &str); 4] = [
        ("ledger_v15", "ledger", "day", "id, kind, amount, day"),
        ("daily_claims_v15", "daily_claims", "day", "rowid, day, amount, streak, after_hand"),
        ("daily_deals_v15", "daily_deals", "day", "day, idx, hold"),
        ("milestones_v15", "milestones", "reached_on", "id, reached_on, announced"),
    ];
    for (old, new, column, columns) in moves {
        let names: Vec<&str> = columns.split(", ").collect();
        let at = names.iter().position(|&name| name == column).unwrap_or(0);
        let marks: Vec<String> = (1..=names.len()).map(|i| format!("?{i}")).collect();
        let mut insert = tx.prepare(&format!("INSERT INTO {new} ({columns}) VALUES ({})", marks.join(", ")))?;
        // The rowid tables in their stored order (the claims' order is their rowid); the others by key.
        let order = if ["ledger", "daily_claims"].contains(&new) { " ORDER BY rowid" } else { "" };
        let mut stmt = tx.prepare(&format!("SELECT {columns} FROM {old}{order}"))?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let mut values: Vec<rusqlite::types::Value> =
                (0..names.len()).map(|i| row.get::<_, rusqlite::types::Value>(i)).collect::<rusqlite::Result<_>>()?;
            let day = match &values[at] {
                rusqlite::types::Value::Null if column == "day" && new != "ledger" => None,
                rusqlite::types::Value::Null => Some(rusqlite::types::Value::Null),
                rusqlite::types::Value::Text(text) => day_number_of_schema_15(text).map(rusqlite::types::Value::Integer),
                _ => None,
            };
            match day {
                Some(day) => values[at] = day,
                None => return Err(corrupt(format!("a date in {new} that is not one: {:?}", values[at]))),
            }
            insert.execute(rusqlite::params_from_iter(values))?;
        }
        drop(rows);
        tx.execute_batch(&format!("DROP TABLE {old};"))?;
    }
    // Each claim's streak by the one rule from now on: the run of consecutive claimed dates ending at
    // it (claims made late, by a clock set wrong once, did not lengthen the runs after them before).
    let days: Vec<i64> = tx.prepare("SELECT day FROM daily_claims ORDER BY day")?.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
    let mut run = 0i64;
    for (i, day) in days.iter().enumerate() {
        run = if i > 0 && days[i - 1] + 1 == *day { run + 1 } else { 1 };
        tx.execute("UPDATE daily_claims SET streak = ?2 WHERE day = ?1", params![day, run])?;
    }
    Ok(())
}

/// The deals schema 23 looked through for each question of a check (`MAX_DEALS_PER_QUESTION` then).
const DEALS_PER_QUESTION_OF_SCHEMA_23: u64 = 10_000;

/// The EV per coin given up at most by a `close` mistake (`coach::score::CLOSE` at schema 23).
const CLOSE_OF_SCHEMA_23: f64 = 0.05;

/// Migration 24's step: every check of `proficiency_answers_v23` gets its 25 questions in
/// `proficiency_questions`, dealt as schema 23 dealt them, and each of its answers its verdict on
/// them in the new `proficiency_answers`; the old table goes.
pub fn proficiency_questions(tx: &Transaction<'_>) -> Res<()> {
    let checks: Vec<(i64, i64)> = tx
        .prepare("SELECT DISTINCT tbl, day FROM proficiency_answers_v23 ORDER BY tbl, day")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut question = tx.prepare(
        "INSERT INTO proficiency_questions (tbl, day, idx, seed, dealt, multipliers, reason, best, evs) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    let mut answer =
        tx.prepare("INSERT INTO proficiency_answers (tbl, day, idx, hold, ev_given_up, mark) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?;
    for (code, day) in checks {
        let bad = |what: &str| corrupt(format!("the proficiency check of table code {code} on day {day}: {what}"));
        let row: Option<(String, String, String)> = tx
            .query_row("SELECT id, base, pays FROM tables WHERE code = ?1", [code], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .optional()?;
        let (id, base, pays) = row.ok_or_else(|| bad("no table has its code"))?;
        let base = Base::from_id(&base).ok_or_else(|| bad("an unknown base table"))?;
        let pays: Vec<u32> = pays.split(',').map(str::parse).collect::<Result<_, _>>().map_err(|_| bad("bad pays"))?;
        let table = Table::stored(&id, base, &pays).ok_or_else(|| bad("pays that do not fit its base"))?;
        let date = i32::try_from(day)
            .ok()
            .and_then(NaiveDate::from_num_days_from_ce_opt)
            .filter(|date| (1..=9999).contains(&date.year()))
            .ok_or_else(|| bad("a day that is no date"))?;
        let mut run = HardDeals::new(&table, &check_seed(date, table.id()));
        let mut deals = Vec::with_capacity(25);
        for _ in 0..25 {
            deals.push(run.next_within(DEALS_PER_QUESTION_OF_SCHEMA_23).ok_or_else(|| bad("its table has no hard hands"))?);
        }
        for (index, deal) in deals.iter().enumerate() {
            let evs: Vec<u8> = deal.evs().as_array().iter().flat_map(|ev| ev.to_le_bytes()).collect();
            let dealt: Vec<u8> = deal.hand.cards.iter().map(|c| c.index() as u8).collect();
            question.execute(params![
                code,
                day,
                index as i64,
                &deal.seed.bytes()[..],
                dealt,
                deal.multipliers.clone(),
                deal.hand.reason.id(),
                i64::from(deal.hand.best.mask()),
                evs
            ])?;
        }
        let mut holds = tx.prepare("SELECT idx, hold FROM proficiency_answers_v23 WHERE tbl = ?1 AND day = ?2 ORDER BY idx")?;
        let mut rows = holds.query(params![code, day])?;
        while let Some(row) = rows.next()? {
            let (index, mask): (i64, i64) = (row.get(0)?, row.get(1)?);
            let deal = usize::try_from(index).ok().and_then(|i| deals.get(i)).ok_or_else(|| bad("an answer to no question"))?;
            let hold = u32::try_from(mask).ok().and_then(|m| Hold::from_mask(m).ok()).ok_or_else(|| bad("a bad hold"))?;
            let verdict = HoldVerdict::of(&deal.evs(), hold, 1);
            let mark = if !verdict.mistake {
                "best"
            } else if verdict.cost <= CLOSE_OF_SCHEMA_23 {
                "close"
            } else {
                "costly"
            };
            answer.execute(params![code, day, index, mask, verdict.cost, mark])?;
        }
    }
    tx.execute_batch("DROP TABLE proficiency_answers_v23;")?;
    Ok(())
}
