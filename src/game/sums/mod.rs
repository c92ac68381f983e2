//! The running sums: what the drawn hands add up to, kept so that no command's cost grows with the
//! history — per machine, real and practice apart, over all time and per session — with the final
//! hands' rows, the kind-deal counts, the chips-over-deals chart and the sessions they are kept for.
//!
//! One list ([`list::Sums`]) says what a hand adds. The draw adds its hand with [`add_draw`] in its
//! own transaction; [`Rebuilt`] adds the replayed hands with the same code, for the full audit (which
//! compares) and for [`rebuild`] (which writes). Everything here but the sessions is derived from
//! the hands: the tables are created from the list (`table.rs`) and rebuilt by today's code whenever
//! the list changes, so no migration ever fills them.

pub(crate) mod by_session;
pub(crate) mod chart;
pub(crate) mod days;
mod list;
pub(crate) mod sessions;
mod table;

use std::collections::BTreeMap;

use rusqlite::Connection;
use serde::Serialize;

use crate::game::hands::{each_hand, HandRecord};
use crate::game::store::codes::machine_code;
use crate::game::store::Res;
use crate::machine::MachineId;
use crate::pipeline::Situation;

pub use chart::{ChartPoint, MAX_POINTS};
pub use list::{BestHand, Sums};
pub use sessions::Session;
pub(crate) use table::{is_current, ALL_TIME, TABLES};

use chart::Series;

/// Counts a dead real deal that consulted `situation`'s kind-deal bag (inside the deal's transaction).
pub(crate) fn add_deal(conn: &Connection, situation: Situation, nudged: bool) -> Res<()> {
    table::add_kind(conn, situation, 1, u64::from(nudged))
}

/// Adds a drawn hand to every sum it belongs to (inside the draw's transaction): its table's day and
/// session, its machine's all-time sums, final hands and chart, and its session's sums; a practised
/// table's hand to its table's figures.
pub(crate) fn add_draw(conn: &Connection, hand: &HandRecord) -> Res<()> {
    days::add(conn, hand)?;
    let session = sessions::session_of(conn, hand.id)?;
    if let Some(session) = session {
        by_session::add(conn, hand, session)?;
    }
    let Some(machine) = hand.machine else {
        let mut sums = table::read_table(conn, hand.table.id())?;
        sums.add(hand);
        return table::write_table(conn, &sums);
    };
    let practice = hand.practice;
    let mut all = table::read(conn, ALL_TIME, machine, practice)?;
    all.add(hand);
    table::write(conn, ALL_TIME, machine, practice, &all)?;
    for result in &hand.results {
        table::add_outcome(conn, machine, practice, &result.outcome, 1)?;
    }
    chart::store(conn, machine, practice, point_after(&all))?;
    if let Some(session) = session {
        let mut sums = table::read(conn, session, machine, practice)?;
        sums.add(hand);
        table::write(conn, session, machine, practice, &sums)?;
    }
    Ok(())
}

/// The chart point after the deals summed in `sums`.
pub(crate) fn point_after(sums: &Sums) -> ChartPoint {
    ChartPoint {
        deal: sums.deals,
        actual: sums.won as i64 - sums.wagered as i64,
        expected: sums.hold_ev_chips - sums.wagered as f64,
    }
}

/// The all-time sums of every machine, real and practice (zeros for machines never played).
pub(crate) fn all_time(conn: &Connection, machine: MachineId, practice: bool) -> Res<Sums> {
    table::read(conn, ALL_TIME, machine, practice)
}

/// The sums of one machine and practice flag in `session` (zeros when nothing was drawn there).
pub(crate) fn in_session(conn: &Connection, session: i64, machine: MachineId, practice: bool) -> Res<Sums> {
    table::read(conn, session, machine, practice)
}

/// Every row of `session`: (machine, practice, sums).
pub(crate) fn session_rows(conn: &Connection, session: i64) -> Res<Vec<(MachineId, bool, Sums)>> {
    Ok(table::read_all(conn, Some(session))?.into_iter().map(|((_, m, p), s)| (m, p, s)).collect())
}

/// A practised table's figures (a library or lab table), summed from its hands.
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

impl TableSums {
    /// Adds a drawn hand.
    fn add(&mut self, hand: &HandRecord) {
        self.hands += 1;
        self.best_holds += u64::from(hand.mistake == Some(false));
        self.won += hand.won.unwrap_or(0);
        self.best_won += hand.best_won.unwrap_or(0);
        self.ev_given_up += hand.ev_given_up.unwrap_or(0.0);
    }
}

/// A practised table's figures (zeros before its first hand).
pub(crate) fn of_table(conn: &Connection, table: &str) -> Res<TableSums> {
    table::read_table(conn, table)
}

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
    /// A machine's statistics from its sums and final-hand counts.
    pub(crate) fn of(machine: MachineId, sums: &Sums, final_hands: BTreeMap<String, u64>) -> MachineStats {
        MachineStats {
            machine,
            deals: sums.deals,
            hands: sums.hands,
            wagered: sums.wagered,
            won: sums.won,
            return_rate: (sums.wagered > 0).then(|| sums.won as f64 / sums.wagered as f64),
            final_hands,
            best_holds: sums.best_holds,
            accuracy: (sums.deals > 0).then(|| sums.best_holds as f64 / sums.deals as f64),
            ev_given_up: sums.ev_given_up,
            ev_given_up_chips: sums.ev_given_up_chips,
            hold_ev_chips: sums.hold_ev_chips,
            best_ev_chips: sums.best_ev_chips,
            nudged: sums.nudged,
        }
    }
}

/// Every machine's statistics from the stored sums (a handful of rows, whatever the history's length).
pub(crate) fn stats(conn: &Connection) -> Res<Stats> {
    let rows = table::read_all(conn, Some(ALL_TIME))?;
    let outcomes = table::read_outcomes(conn)?;
    let list = |practice: bool| -> Vec<MachineStats> {
        MachineId::ALL
            .into_iter()
            .map(|machine| {
                let sums = rows.iter().find(|((_, m, p), _)| *m == machine && *p == practice).map(|(_, s)| s);
                let finals = outcomes
                    .iter()
                    .filter(|((m, p, _), _)| *m == machine && *p == practice)
                    .map(|((_, _, outcome), n)| (outcome.clone(), *n))
                    .collect();
                MachineStats::of(machine, sums.unwrap_or(&Sums::default()), finals)
            })
            .collect()
    };
    Ok(Stats { real: list(false), practice: list(true) })
}

/// One situation's kind-deal record.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct KindStats {
    /// The situation.
    pub situation: Situation,
    /// Dead real deals that consulted this situation's bag.
    pub dead_deals: u64,
    /// How many of them were nudged.
    pub nudged: u64,
    /// nudged / dead_deals, or null before any.
    pub rate: Option<f64>,
    /// The bag's own rate: nudges per full bag / bag size.
    pub bag_rate: f64,
}

/// The player's own kind-deal record per situation (situations never met show zeros). Nothing here
/// reveals what is left in a bag: a bag's contents would make the next nudge predictable.
pub(crate) fn kind_stats(conn: &Connection) -> Res<Vec<KindStats>> {
    let counts = table::read_kinds(conn)?;
    Ok(Situation::ALL
        .iter()
        .zip(counts)
        .map(|(&situation, (dead_deals, nudged))| {
            let (yes, no) = situation.bag_counts();
            KindStats {
                situation,
                dead_deals,
                nudged,
                rate: (dead_deals > 0).then(|| nudged as f64 / dead_deals as f64),
                bag_rate: f64::from(yes) / f64::from(yes + no),
            }
        })
        .collect())
}

/// Every derived table's contents in memory, built from the hands in id order exactly as deals and
/// draws add them, or read back from the stored tables, so the two can be compared.
#[derive(Debug, PartialEq)]
pub(crate) struct Rebuilt {
    /// (scope, machine code, practice) → sums.
    sums: BTreeMap<(i64, i64, bool), (MachineId, Sums)>,
    /// (machine code, practice, outcome) → final hands.
    outcomes: BTreeMap<(i64, bool, String), (MachineId, u64)>,
    /// Per situation: (dead deals, nudged).
    kinds: [(u64, u64); 3],
    /// (machine code, practice) → series.
    charts: BTreeMap<(i64, bool), (MachineId, Series)>,
    /// Practised table id → figures.
    tables: BTreeMap<String, TableSums>,
    /// (table id, date) → that day's figures on the table.
    days: BTreeMap<(String, chrono::NaiveDate), days::DaySums>,
    /// (table id, session) → that session's figures on the table; session → its time.
    sessions: by_session::Built,
}

/// [`Rebuilt`] being filled from the hands: which session each hand belongs to.
pub(crate) struct Rebuild {
    /// (session id, first hand), in order.
    firsts: Vec<(i64, i64)>,
    /// The session of the last hand added (hands come in id order: it only moves forward).
    at: Option<usize>,
    built: Rebuilt,
}

impl Rebuild {
    /// Starts from the stored sessions, with nothing added.
    pub fn new(conn: &Connection) -> Res<Rebuild> {
        let built = Rebuilt {
            sums: BTreeMap::new(),
            outcomes: BTreeMap::new(),
            kinds: [(0, 0); 3],
            charts: BTreeMap::new(),
            tables: BTreeMap::new(),
            days: BTreeMap::new(),
            sessions: by_session::Built::default(),
        };
        Ok(Rebuild { firsts: sessions::firsts(conn)?, at: None, built })
    }

    /// Adds a stored hand, replayed, as its deal and (once drawn) its draw added it.
    pub fn add(&mut self, hand: &HandRecord) {
        let built = &mut self.built;
        if let Some(situation) = hand.situation {
            let idx = Situation::ALL.iter().position(|&s| s == situation).unwrap_or(0);
            built.kinds[idx].0 += 1;
            built.kinds[idx].1 += u64::from(hand.nudge.is_some());
        }
        if !hand.drawn {
            return;
        }
        if let Some(key) = days::key_of(hand) {
            built.days.entry(key).or_default().add(hand);
        }
        loop {
            let next = self.at.map_or(0, |at| at + 1);
            if next < self.firsts.len() && self.firsts[next].1 <= hand.id {
                self.at = Some(next);
            } else {
                break;
            }
        }
        let session = self.at.map(|at| self.firsts[at].0);
        if let Some(session) = session {
            by_session::add_to(&mut built.sessions, hand, session);
        }
        let Some(machine) = hand.machine else {
            let id = hand.table.id();
            built.tables.entry(id.to_string()).or_insert_with(|| TableSums { table: id.to_string(), ..TableSums::default() }).add(hand);
            return;
        };
        let (practice, code) = (hand.practice, machine_code(machine));
        let all = &mut built.sums.entry((ALL_TIME, code, practice)).or_insert_with(|| (machine, Sums::default())).1;
        all.add(hand);
        let point = point_after(all);
        for result in &hand.results {
            built.outcomes.entry((code, practice, result.outcome.clone())).or_insert((machine, 0)).1 += 1;
        }
        built.charts.entry((code, practice)).or_insert_with(|| (machine, Series::default())).1.push(point);
        if let Some(session) = session {
            built.sums.entry((session, code, practice)).or_insert_with(|| (machine, Sums::default())).1.add(hand);
        }
    }

    /// What was built.
    pub fn built(self) -> Rebuilt {
        self.built
    }
}

impl Rebuilt {
    /// The stored derived tables, read back into the same shape.
    pub fn stored(conn: &Connection) -> Res<Rebuilt> {
        let mut sums = BTreeMap::new();
        for ((scope, machine, practice), row) in table::read_all(conn, None)? {
            sums.insert((scope, machine_code(machine), practice), (machine, row));
        }
        let mut outcomes = BTreeMap::new();
        for ((machine, practice, outcome), n) in table::read_outcomes(conn)? {
            outcomes.insert((machine_code(machine), practice, outcome), (machine, n));
        }
        let mut charts = BTreeMap::new();
        for machine in MachineId::ALL {
            for practice in [false, true] {
                if let Some(series) = chart::stored(conn, machine, practice)? {
                    charts.insert((machine_code(machine), practice), (machine, series));
                }
            }
        }
        let tables = table::read_tables(conn)?.into_iter().map(|t| (t.table.clone(), t)).collect();
        Ok(Rebuilt { sums, outcomes, kinds: table::read_kinds(conn)?, charts, tables, days: days::read_all(conn)?, sessions: by_session::read_all(conn)? })
    }

    /// What differs from `stored`, in words (empty when every table agrees bit for bit).
    pub fn differences(&self, stored: &Rebuilt) -> Vec<String> {
        let kind = |practice: bool| if practice { "practice" } else { "real" };
        let mut problems = Vec::new();
        let keys: std::collections::BTreeSet<_> = self.sums.keys().chain(stored.sums.keys()).collect();
        for key in keys {
            let (built, kept) = (self.sums.get(key), stored.sums.get(key));
            if built != kept {
                let (scope, _, practice) = *key;
                let machine = built.or(kept).map_or("?", |(m, _)| m.id());
                problems.push(match scope {
                    ALL_TIME => format!("the running sums of {machine} ({}) differ from the hands replayed", kind(practice)),
                    session => format!(
                        "the running sums of session {session} on {machine} ({}) differ from the hands replayed",
                        kind(practice)
                    ),
                });
            }
        }
        if self.outcomes != stored.outcomes {
            problems.push("the final-hand counts differ from the hands replayed".to_string());
        }
        if self.kinds != stored.kinds {
            problems.push("the kind-deal totals differ from the hands".to_string());
        }
        let keys: std::collections::BTreeSet<_> = self.charts.keys().chain(stored.charts.keys()).collect();
        for key in keys {
            let (built, kept) = (self.charts.get(key), stored.charts.get(key));
            if built != kept {
                let machine = built.or(kept).map_or("?", |(m, _)| m.id());
                problems.push(format!("the chart of {machine} ({}) differs from the hands", kind(key.1)));
            }
        }
        let keys: std::collections::BTreeSet<_> = self.tables.keys().chain(stored.tables.keys()).collect();
        for key in keys {
            if self.tables.get(key) != stored.tables.get(key) {
                problems.push(format!("the practice figures of table '{key}' differ from its hands replayed"));
            }
        }
        let keys: std::collections::BTreeSet<_> = self.days.keys().chain(stored.days.keys()).collect();
        for key in keys {
            if self.days.get(key) != stored.days.get(key) {
                problems.push(format!("the figures of '{}' on {} differ from its hands replayed", key.0, key.1));
            }
        }
        let (built, kept) = (&self.sessions.sums, &stored.sessions.sums);
        let keys: std::collections::BTreeSet<_> = built.keys().chain(kept.keys()).collect();
        for key in keys {
            if built.get(key) != kept.get(key) {
                problems.push(format!("the figures of '{}' in session {} differ from its hands replayed", key.0, key.1));
            }
        }
        let (built, kept) = (&self.sessions.times, &stored.sessions.times);
        let keys: std::collections::BTreeSet<_> = built.keys().chain(kept.keys()).collect();
        for key in keys {
            if built.get(key) != kept.get(key) {
                problems.push(format!("the time of session {key} differs from its hands replayed"));
            }
        }
        problems
    }

    /// Writes every table (they were just recreated, empty).
    fn write(&self, conn: &Connection) -> Res<()> {
        for ((scope, _, practice), (machine, sums)) in &self.sums {
            table::write(conn, *scope, *machine, *practice, sums)?;
        }
        for ((_, practice, outcome), (machine, n)) in &self.outcomes {
            table::add_outcome(conn, *machine, *practice, outcome, *n)?;
        }
        for (situation, (dead, nudged)) in Situation::ALL.iter().zip(self.kinds) {
            if dead > 0 {
                table::add_kind(conn, *situation, dead, nudged)?;
            }
        }
        for ((_, practice), (machine, series)) in &self.charts {
            chart::write(conn, *machine, *practice, series)?;
        }
        for sums in self.tables.values() {
            table::write_table(conn, sums)?;
        }
        days::write_all(conn, &self.days)?;
        by_session::write_all(conn, &self.sessions)
    }
}

fn from_hands(conn: &Connection) -> Res<Rebuilt> {
    let mut rebuild = Rebuild::new(conn)?;
    let marks = crate::game::store::player::commit_marks(conn)?;
    each_hand(conn, 0, |row| {
        let hand = row.map_err(crate::game::store::corrupt)?.record(marks)?;
        rebuild.add(&hand);
        Ok(())
    })?;
    Ok(rebuild.built())
}

/// Recreates the derived tables from the hands, replayed in id order by today's code. A hand that
/// does not replay is a corrupt database (the caller's transaction is rolled back).
pub(crate) fn rebuild(conn: &Connection) -> Res<()> {
    let built = from_hands(conn)?;
    table::recreate(conn)?;
    built.write(conn)
}
