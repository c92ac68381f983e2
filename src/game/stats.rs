//! Statistics per machine, real and practice hands kept apart, kept as running totals.
//!
//! Every draw adds its hand to the `totals` and `outcome_totals` rows of its machine in the same
//! transaction, so reading the statistics costs the same with ten hands or a million. The same
//! [`MachineStats::add`] builds the statistics again from the hands themselves (the full audit
//! does, and the tests compare the two bit for bit: sums are taken in hand order both ways).

use std::collections::BTreeMap;

use rusqlite::{params, Connection};
use serde::Serialize;

use crate::machine::MachineId;

use super::history::{machine_code, machine_from_code, HandRecord};

/// Statistics of every finished hand, real and practice apart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stats {
    /// Real hands per machine (machines never played are listed with zeros).
    pub real: Vec<MachineStats>,
    /// Practice hands per machine.
    pub practice: Vec<MachineStats>,
}

/// One machine's statistics.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MachineStats {
    /// The machine.
    pub machine: MachineId,
    /// Deals drawn.
    pub deals: u64,
    /// Hands played (a Five Play deal counts 5).
    pub hands: u64,
    /// Chips wagered (bet × hands; for practice, what it would have cost).
    pub wagered: u64,
    /// Chips won (for practice, what it would have paid).
    pub won: u64,
    /// won / wagered, or null before any hand.
    #[serde(rename = "return")]
    pub return_rate: Option<f64>,
    /// How many final hands landed on each paytable row id (and "nothing").
    pub final_hands: BTreeMap<String, u64>,
    /// Deals where the hold was not a mistake.
    pub best_holds: u64,
    /// best_holds / deals, or null before any deal.
    pub accuracy: Option<f64>,
    /// EV given up per coin, summed over deals.
    pub ev_given_up: f64,
    /// EV given up in chips (per coin × bet × hands), summed over deals.
    pub ev_given_up_chips: f64,
    /// The EV of the player's holds in chips, summed over deals.
    pub hold_ev_chips: f64,
    /// The EV of the best holds in chips, summed over deals.
    pub best_ev_chips: f64,
    /// Deals a kind deal nudged.
    pub nudged: u64,
}

impl MachineStats {
    /// Zeros for `machine`.
    pub(crate) fn empty_for(machine: MachineId) -> MachineStats {
        MachineStats::empty(machine)
    }

    fn empty(machine: MachineId) -> MachineStats {
        MachineStats {
            machine,
            deals: 0,
            hands: 0,
            wagered: 0,
            won: 0,
            return_rate: None,
            final_hands: BTreeMap::new(),
            best_holds: 0,
            accuracy: None,
            ev_given_up: 0.0,
            ev_given_up_chips: 0.0,
            hold_ev_chips: 0.0,
            best_ev_chips: 0.0,
            nudged: 0,
        }
    }

    /// Adds one finished hand (the running totals get exactly this, as a [`Delta`]).
    pub fn add(&mut self, hand: &HandRecord) {
        let delta = Delta::of(hand);
        self.apply(&delta);
    }

    fn apply(&mut self, delta: &Delta) {
        self.deals += 1;
        self.hands += delta.hands;
        self.wagered += delta.wagered;
        self.won += delta.won;
        for outcome in &delta.outcomes {
            *self.final_hands.entry(outcome.clone()).or_insert(0) += 1;
        }
        self.best_holds += u64::from(delta.best);
        self.nudged += u64::from(delta.nudged);
        self.ev_given_up += delta.ev_given_up;
        self.ev_given_up_chips += delta.ev_given_up_chips;
        self.hold_ev_chips += delta.hold_ev_chips;
        self.best_ev_chips += delta.best_ev_chips;
        self.derive();
    }

    fn derive(&mut self) {
        self.return_rate = (self.wagered > 0).then(|| self.won as f64 / self.wagered as f64);
        self.accuracy = (self.deals > 0).then(|| self.best_holds as f64 / self.deals as f64);
    }

    /// Whether every stored sum is a finite number (a NaN in a file is a corrupt database).
    pub fn is_finite(&self) -> bool {
        [self.ev_given_up, self.ev_given_up_chips, self.hold_ev_chips, self.best_ev_chips].iter().all(|x| x.is_finite())
    }
}

/// What one finished hand adds to its machine's totals.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Delta {
    machine: MachineId,
    practice: bool,
    hands: u64,
    wagered: u64,
    won: u64,
    outcomes: Vec<String>,
    best: bool,
    nudged: bool,
    ev_given_up: f64,
    ev_given_up_chips: f64,
    hold_ev_chips: f64,
    best_ev_chips: f64,
}

impl Delta {
    pub(crate) fn of(hand: &HandRecord) -> Delta {
        let stake = hand.stake as f64;
        let given_up = hand.ev_given_up.unwrap_or(0.0);
        Delta {
            machine: hand.machine,
            practice: hand.practice,
            hands: u64::from(hand.hands),
            wagered: hand.stake,
            won: hand.won.unwrap_or(0),
            outcomes: hand.results.iter().map(|r| r.outcome.clone()).collect(),
            best: hand.mistake == Some(false),
            nudged: hand.nudge.is_some(),
            ev_given_up: given_up,
            ev_given_up_chips: hand.ev_given_up_chips.unwrap_or(0.0),
            hold_ev_chips: hand.hold_ev.unwrap_or(0.0) * stake,
            best_ev_chips: hand.best_ev * stake,
        }
    }

    /// Adds this hand to the stored running totals (inside the caller's transaction).
    pub(crate) fn store(&self, conn: &Connection) -> rusqlite::Result<()> {
        let machine = machine_code(self.machine);
        conn.prepare_cached(
            "INSERT INTO totals (machine, practice, deals, hands, wagered, won, best_holds, nudged, ev_given_up, \
             ev_given_up_chips, hold_ev_chips, best_ev_chips) VALUES (?1, ?2, 1, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) \
             ON CONFLICT (machine, practice) DO UPDATE SET deals = deals + 1, hands = hands + excluded.hands, \
             wagered = wagered + excluded.wagered, won = won + excluded.won, \
             best_holds = best_holds + excluded.best_holds, nudged = nudged + excluded.nudged, \
             ev_given_up = ev_given_up + excluded.ev_given_up, \
             ev_given_up_chips = ev_given_up_chips + excluded.ev_given_up_chips, \
             hold_ev_chips = hold_ev_chips + excluded.hold_ev_chips, best_ev_chips = best_ev_chips + excluded.best_ev_chips",
        )?
        .execute(params![
            machine,
            self.practice,
            self.hands as i64,
            self.wagered as i64,
            self.won as i64,
            i64::from(self.best),
            i64::from(self.nudged),
            self.ev_given_up,
            self.ev_given_up_chips,
            self.hold_ev_chips,
            self.best_ev_chips,
        ])?;
        let mut outcome = conn.prepare_cached(
            "INSERT INTO outcome_totals (machine, practice, outcome, count) VALUES (?1, ?2, ?3, 1) \
             ON CONFLICT (machine, practice, outcome) DO UPDATE SET count = count + 1",
        )?;
        for id in &self.outcomes {
            outcome.execute(params![machine, self.practice, id])?;
        }
        Ok(())
    }
}

impl Stats {
    /// Empty statistics: every machine listed with zeros.
    pub fn empty() -> Stats {
        let real: Vec<MachineStats> = MachineId::ALL.into_iter().map(MachineStats::empty).collect();
        Stats { practice: real.clone(), real }
    }

    /// Adds a finished hand to its machine's row.
    pub fn add(&mut self, hand: &HandRecord) {
        let list = if hand.practice { &mut self.practice } else { &mut self.real };
        if let Some(stats) = list.iter_mut().find(|s| s.machine == hand.machine) {
            stats.add(hand);
        }
    }
}

/// Reads the running totals (a handful of rows, whatever the history's length). `Err(detail)` inside
/// when a stored value is impossible (a NaN, a negative count, an unknown machine).
pub(crate) fn read_totals(conn: &Connection) -> rusqlite::Result<Result<Stats, String>> {
    let mut stats = Stats::empty();
    let mut problems = Vec::new();
    let mut stmt = conn.prepare_cached(
        "SELECT machine, practice, deals, hands, wagered, won, best_holds, nudged, ev_given_up, ev_given_up_chips, \
         hold_ev_chips, best_ev_chips FROM totals",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let machine = machine_from_code(row.get(0)?);
        let practice: bool = row.get(1)?;
        let count = |idx: usize| -> rusqlite::Result<Option<u64>> { Ok(u64::try_from(row.get::<_, i64>(idx)?).ok()) };
        let Some(entry) = machine.and_then(|m| {
            let list = if practice { &mut stats.practice } else { &mut stats.real };
            list.iter_mut().find(|s| s.machine == m)
        }) else {
            problems.push("a total for an unknown machine".to_string());
            continue;
        };
        match (count(2)?, count(3)?, count(4)?, count(5)?, count(6)?, count(7)?) {
            (Some(deals), Some(hands), Some(wagered), Some(won), Some(best), Some(nudged)) => {
                entry.deals = deals;
                entry.hands = hands;
                entry.wagered = wagered;
                entry.won = won;
                entry.best_holds = best;
                entry.nudged = nudged;
            }
            _ => problems.push(format!("a negative count in the totals of {}", entry.machine)),
        }
        entry.ev_given_up = row.get(8)?;
        entry.ev_given_up_chips = row.get(9)?;
        entry.hold_ev_chips = row.get(10)?;
        entry.best_ev_chips = row.get(11)?;
        if !entry.is_finite() {
            problems.push(format!("a sum that is not a number in the totals of {}", entry.machine));
        }
        entry.derive();
    }
    let mut stmt = conn.prepare_cached("SELECT machine, practice, outcome, count FROM outcome_totals")?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let machine = machine_from_code(row.get(0)?);
        let practice: bool = row.get(1)?;
        let outcome: String = row.get(2)?;
        let count = u64::try_from(row.get::<_, i64>(3)?).ok();
        let entry = machine.and_then(|m| {
            let list = if practice { &mut stats.practice } else { &mut stats.real };
            list.iter_mut().find(|s| s.machine == m)
        });
        match (entry, count) {
            (Some(entry), Some(count)) => {
                entry.final_hands.insert(outcome, count);
            }
            _ => problems.push(format!("a bad final-hand count for '{outcome}'")),
        }
    }
    Ok(if problems.is_empty() { Ok(stats) } else { Err(problems.join("; ")) })
}
