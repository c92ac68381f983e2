//! The running sums: what the drawn hands add up to, kept so that no command's cost grows with the
//! history — per table (its stable id: a machine's table is the machine's id, a variant's table
//! `RULES:ID`, a library or lab table its own) and practice flag, over all time and per session
//! — with the final hands' rows, the kind-deal counts, the chips-over-deals chart and the sessions
//! they are kept for. One key for every sum: (table, practice); a hand stored under a former id of a
//! table is summed under the one table (`HandRecord::one_table_id`).
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
use crate::game::store::Res;
use crate::machine::MachineId;
use crate::pipeline::Situation;

pub use chart::{ChartPoint, MAX_POINTS};
pub use list::{BestHand, Sums};
pub use sessions::Session;
pub(crate) use table::{is_current, ALL_TIME, FORMER, TABLES};

use chart::Series;

/// Counts a dead real deal that consulted `situation`'s kind-deal bag (inside the deal's transaction).
pub(crate) fn add_deal(conn: &Connection, situation: Situation, nudged: bool) -> Res<()> {
    table::add_kind(conn, situation, 1, u64::from(nudged))
}

/// Adds a drawn hand to every sum it belongs to (inside the draw's transaction), under its one
/// table and practice flag: its table's day and session figures, all-time sums, final hands and
/// chart, and its session's sums.
pub(crate) fn add_draw(conn: &Connection, hand: &HandRecord) -> Res<()> {
    days::add(conn, hand)?;
    let session = sessions::session_of(conn, hand.id)?;
    if let Some(session) = session {
        by_session::add(conn, hand, session)?;
    }
    let (table, practice) = (hand.one_table_id(), hand.practice);
    let mut all = table::read(conn, ALL_TIME, table, practice)?;
    all.add(hand);
    table::write(conn, ALL_TIME, table, practice, &all)?;
    for result in &hand.results {
        table::add_outcome(conn, table, practice, &result.outcome, 1)?;
    }
    chart::store(conn, table, practice, point_after(&all))?;
    if let Some(session) = session {
        let mut sums = table::read(conn, session, table, practice)?;
        sums.add(hand);
        table::write(conn, session, table, practice, &sums)?;
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

/// The all-time sums of a table (by its stable id), real or practice (zeros for a table never played).
pub(crate) fn all_time(conn: &Connection, table: &str, practice: bool) -> Res<Sums> {
    table::read(conn, ALL_TIME, table, practice)
}

/// Every table's all-time sums: ((table, practice), sums), a row per table and flag played.
pub(crate) fn all_time_rows(conn: &Connection) -> Res<Vec<((String, bool), Sums)>> {
    Ok(table::read_all(conn, Some(ALL_TIME))?.into_iter().map(|((_, t, p), s)| ((t, p), s)).collect())
}

/// The sums of one table and practice flag in `session` (zeros when nothing was drawn there).
pub(crate) fn in_session(conn: &Connection, session: i64, table: &str, practice: bool) -> Res<Sums> {
    table::read(conn, session, table, practice)
}

/// Every row of `session`: (table, practice, sums).
pub(crate) fn session_rows(conn: &Connection, session: i64) -> Res<Vec<(String, bool, Sums)>> {
    Ok(table::read_all(conn, Some(session))?.into_iter().map(|((_, t, p), s)| (t, p, s)).collect())
}

/// The stored series of a table and practice flag.
pub(crate) fn series(conn: &Connection, table: &str, practice: bool) -> Res<Series> {
    chart::read(conn, table, practice)
}

/// Statistics of every finished hand, per table, real and practice apart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stats {
    /// Real hands per machine, on the machine's own table (machines never played are listed with
    /// zeros).
    pub real: Vec<MachineStats>,
    /// Practice hands per machine, on its own table.
    pub practice: Vec<MachineStats>,
    /// Every other table played (a variant's table, a kicker game, a library or lab table), real
    /// and practice apart, by id.
    pub tables: Vec<TableStats>,
}

/// One machine's statistics: its own table's.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MachineStats {
    /// The machine.
    pub machine: MachineId,
    /// Its table's figures.
    #[serde(flatten)]
    pub figures: Figures,
}

/// One table's statistics, real or practice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableStats {
    /// The table's stable id.
    pub table: String,
    /// Practice hands (else real ones).
    pub practice: bool,
    /// Its figures.
    #[serde(flatten)]
    pub figures: Figures,
}

/// What a table's drawn hands add up to, real or practice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figures {
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
    /// What the best holds would have won on the very same cards.
    pub best_won: u64,
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

impl Figures {
    /// A table's figures from its sums and final-hand counts.
    pub(crate) fn of(sums: &Sums, final_hands: BTreeMap<String, u64>) -> Figures {
        Figures {
            deals: sums.deals,
            hands: sums.hands,
            wagered: sums.wagered,
            won: sums.won,
            return_rate: (sums.wagered > 0).then(|| sums.won as f64 / sums.wagered as f64),
            final_hands,
            best_holds: sums.best_holds,
            best_won: sums.best_won,
            accuracy: (sums.deals > 0).then(|| sums.best_holds as f64 / sums.deals as f64),
            ev_given_up: sums.ev_given_up,
            ev_given_up_chips: sums.ev_given_up_chips,
            hold_ev_chips: sums.hold_ev_chips,
            best_ev_chips: sums.best_ev_chips,
            nudged: sums.nudged,
        }
    }
}

/// Every table's statistics from the stored sums (a row per table played, whatever the history's
/// length): the machines' own tables first, with zeros for those never played.
pub(crate) fn stats(conn: &Connection) -> Res<Stats> {
    let rows = all_time_rows(conn)?;
    let mut outcomes: BTreeMap<(String, bool), BTreeMap<String, u64>> = BTreeMap::new();
    for ((table, practice, outcome), n) in table::read_outcomes(conn, None)? {
        outcomes.entry((table, practice)).or_default().insert(outcome, n);
    }
    let figures = |table: &str, practice: bool, sums: &Sums| {
        Figures::of(sums, outcomes.get(&(table.to_string(), practice)).cloned().unwrap_or_default())
    };
    let machines = |practice: bool| -> Vec<MachineStats> {
        MachineId::ALL
            .into_iter()
            .map(|machine| {
                let sums = rows.iter().find(|((t, p), _)| t == machine.id() && *p == practice).map(|(_, s)| s);
                MachineStats { machine, figures: figures(machine.id(), practice, sums.unwrap_or(&Sums::default())) }
            })
            .collect()
    };
    let tables = rows
        .iter()
        .filter(|((table, _), _)| table.parse::<MachineId>().is_err())
        .map(|((table, practice), sums)| TableStats { table: table.clone(), practice: *practice, figures: figures(table, *practice, sums) })
        .collect();
    Ok(Stats { real: machines(false), practice: machines(true), tables })
}

/// One table's statistics (by its stable id; zeros before its first hand), real or practice.
pub(crate) fn table_stats(conn: &Connection, table: &str, practice: bool) -> Res<TableStats> {
    let sums = all_time(conn, table, practice)?;
    let finals = table::read_outcomes(conn, Some((table, practice)))?.into_iter().map(|((_, _, outcome), n)| (outcome, n)).collect();
    Ok(TableStats { table: table.to_string(), practice, figures: Figures::of(&sums, finals) })
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
    /// (scope, table, practice) → sums.
    sums: BTreeMap<(i64, String, bool), Sums>,
    /// (table, practice, outcome) → final hands.
    outcomes: BTreeMap<(String, bool, String), u64>,
    /// Per situation: (dead deals, nudged).
    kinds: [(u64, u64); 3],
    /// (table, practice) → series.
    charts: BTreeMap<(String, bool), Series>,
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
        let (table, practice) = (hand.one_table_id(), hand.practice);
        let all = built.sums.entry((ALL_TIME, table.to_string(), practice)).or_default();
        all.add(hand);
        let point = point_after(all);
        for result in &hand.results {
            *built.outcomes.entry((table.to_string(), practice, result.outcome.clone())).or_default() += 1;
        }
        built.charts.entry((table.to_string(), practice)).or_default().push(point);
        if let Some(session) = session {
            built.sums.entry((session, table.to_string(), practice)).or_default().add(hand);
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
        let sums = table::read_all(conn, None)?.into_iter().collect();
        let outcomes = table::read_outcomes(conn, None)?.into_iter().collect();
        let charts = chart::stored_all(conn)?;
        Ok(Rebuilt { sums, outcomes, kinds: table::read_kinds(conn)?, charts, days: days::read_all(conn)?, sessions: by_session::read_all(conn)? })
    }

    /// What differs from `stored`, in words (empty when every table agrees bit for bit).
    pub fn differences(&self, stored: &Rebuilt) -> Vec<String> {
        let kind = |practice: bool| if practice { "practice" } else { "real" };
        let mut problems = Vec::new();
        let keys: std::collections::BTreeSet<_> = self.sums.keys().chain(stored.sums.keys()).collect();
        for key in keys {
            let (built, kept) = (self.sums.get(key), stored.sums.get(key));
            if built != kept {
                let (scope, machine, practice) = (key.0, &key.1, key.2);
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
                problems.push(format!("the chart of {} ({}) differs from the hands", key.0, kind(key.1)));
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
        for ((scope, table, practice), sums) in &self.sums {
            table::write(conn, *scope, table, *practice, sums)?;
        }
        for ((table, practice, outcome), n) in &self.outcomes {
            table::add_outcome(conn, table, *practice, outcome, *n)?;
        }
        for (situation, (dead, nudged)) in Situation::ALL.iter().zip(self.kinds) {
            if dead > 0 {
                table::add_kind(conn, *situation, dead, nudged)?;
            }
        }
        for ((table, practice), series) in &self.charts {
            chart::write(conn, table, *practice, series)?;
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
