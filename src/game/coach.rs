//! The coach's figures: luck against skill, same cards with the best hold, pure and nudged deals
//! apart, and chips over hands, per machine, real and practice apart, all-time and this session.
//!
//! Over a set of deals with `wagered` chips bet and `won` chips won:
//! - actual return = won / wagered;
//! - expected return = Σ (the player's hold's EV per coin × stake) / wagered: what the holds chosen
//!   return on average;
//! - perfect-play return = Σ (the best hold's EV × stake) / wagered;
//! - luck = actual − expected, skill cost = perfect − expected (never negative), in chips and as a
//!   share of wagered; so actual − perfect = luck − skill cost, exactly, in chips.
//!
//! All-time figures come from running totals (`totals`, and `coach_totals` for what `totals` does
//! not hold: the best holds' wins on the same cards and the nudged deals' sums), added in the draw's
//! transaction; so are a session's (`session_totals`).

use rusqlite::{params, Connection};
use serde::Serialize;

use crate::machine::MachineId;

use super::chart::{self, ChartPoint};
use super::history::{machine_code, machine_from_code, HandRecord};
use super::stats::MachineStats;

/// Luck against skill over a set of deals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct LuckSkill {
    /// Deals.
    pub deals: u64,
    /// Chips wagered (bet × hands).
    pub wagered: u64,
    /// Chips won.
    pub won: u64,
    /// Σ the player's holds' EV in chips.
    pub expected_chips: f64,
    /// Σ the best holds' EV in chips.
    pub perfect_chips: f64,
    /// won / wagered (null before any deal).
    pub actual_return: Option<f64>,
    /// expected_chips / wagered.
    pub expected_return: Option<f64>,
    /// perfect_chips / wagered.
    pub perfect_return: Option<f64>,
    /// won − expected_chips.
    pub luck_chips: f64,
    /// luck_chips / wagered.
    pub luck: Option<f64>,
    /// perfect_chips − expected_chips.
    pub skill_cost_chips: f64,
    /// skill_cost_chips / wagered.
    pub skill_cost: Option<f64>,
}

impl LuckSkill {
    /// The figures from the sums.
    pub fn of(deals: u64, wagered: u64, won: u64, expected_chips: f64, perfect_chips: f64) -> LuckSkill {
        let share = |chips: f64| (wagered > 0).then(|| chips / wagered as f64);
        let luck_chips = won as f64 - expected_chips;
        let skill_cost_chips = perfect_chips - expected_chips;
        LuckSkill {
            deals,
            wagered,
            won,
            expected_chips,
            perfect_chips,
            actual_return: share(won as f64),
            expected_return: share(expected_chips),
            perfect_return: share(perfect_chips),
            luck_chips,
            luck: share(luck_chips),
            skill_cost_chips,
            skill_cost: share(skill_cost_chips),
        }
    }
}

/// One machine's coach figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MachineCoach {
    /// The machine.
    pub machine: MachineId,
    /// All deals.
    pub all: LuckSkill,
    /// Pure deals (not nudged).
    pub pure: LuckSkill,
    /// Deals a kind deal nudged.
    pub nudged: LuckSkill,
    /// What the player's holds won (= `all.won`).
    pub holds_won: u64,
    /// What the best holds would have won on the very same cards.
    pub best_holds_won: u64,
    /// Chips over deals: the origin, at most `chart::MAX_POINTS` kept points, and the latest deal.
    pub chart: Vec<ChartPoint>,
}

/// One machine's figures in the current session: luck and skill over all its deals, pure and nudged
/// deals apart, and what the holds won against the best holds on the same cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SessionFigures {
    /// All deals.
    pub all: LuckSkill,
    /// Pure deals (not nudged).
    pub pure: LuckSkill,
    /// Deals a kind deal nudged.
    pub nudged: LuckSkill,
    /// What the player's holds won (= `all.won`).
    pub holds_won: u64,
    /// What the best holds would have won on the very same cards.
    pub best_holds_won: u64,
}

/// The sums `coach_totals` keeps per machine and practice flag.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct CoachSums {
    pub best_won: u64,
    pub nudged_deals: u64,
    pub nudged_wagered: u64,
    pub nudged_won: u64,
    pub nudged_expected: f64,
    pub nudged_perfect: f64,
}

impl CoachSums {
    /// Adds one drawn hand.
    pub fn add(&mut self, hand: &HandRecord) {
        self.best_won += hand.best_won.unwrap_or(0);
        if hand.nudge.is_some() {
            let stake = hand.stake as f64;
            self.nudged_deals += 1;
            self.nudged_wagered += hand.stake;
            self.nudged_won += hand.won.unwrap_or(0);
            self.nudged_expected += hand.hold_ev.unwrap_or(0.0) * stake;
            self.nudged_perfect += hand.best_ev * stake;
        }
    }
}

/// Adds a drawn hand to `coach_totals` and its chart series (inside the draw's transaction, after the
/// hand was added to `totals`).
pub(crate) fn store(conn: &Connection, hand: &HandRecord) -> rusqlite::Result<()> {
    store_sums(conn, hand)?;
    let point = conn
        .prepare_cached(
            "SELECT deals, won - wagered, hold_ev_chips - wagered FROM totals WHERE machine = ?1 AND practice = ?2",
        )?
        .query_row(params![machine_code(hand.machine), hand.practice], |r| {
            Ok(ChartPoint { deal: r.get::<_, i64>(0)?.max(0) as u64, actual: r.get(1)?, expected: r.get(2)? })
        })?;
    chart::store(conn, hand.machine, hand.practice, point)
}

/// Adds a drawn hand to `coach_totals` only.
pub(crate) fn store_sums(conn: &Connection, hand: &HandRecord) -> rusqlite::Result<()> {
    let mut delta = CoachSums::default();
    delta.add(hand);
    conn.prepare_cached(
        "INSERT INTO coach_totals (machine, practice, best_won, nudged_deals, nudged_wagered, nudged_won, \
         nudged_expected, nudged_perfect) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) \
         ON CONFLICT (machine, practice) DO UPDATE SET best_won = best_won + excluded.best_won, \
         nudged_deals = nudged_deals + excluded.nudged_deals, nudged_wagered = nudged_wagered + excluded.nudged_wagered, \
         nudged_won = nudged_won + excluded.nudged_won, nudged_expected = nudged_expected + excluded.nudged_expected, \
         nudged_perfect = nudged_perfect + excluded.nudged_perfect",
    )?
    .execute(params![
        machine_code(hand.machine),
        hand.practice,
        delta.best_won as i64,
        delta.nudged_deals as i64,
        delta.nudged_wagered as i64,
        delta.nudged_won as i64,
        delta.nudged_expected,
        delta.nudged_perfect,
    ])?;
    Ok(())
}

/// The chart point after the last deal counted in `stats`.
pub(crate) fn latest(stats: &MachineStats) -> ChartPoint {
    ChartPoint {
        deal: stats.deals,
        actual: stats.won as i64 - stats.wagered as i64,
        expected: stats.hold_ev_chips - stats.wagered as f64,
    }
}

/// Every machine's stored sums, keyed by (machine, practice).
pub(crate) fn read_sums(conn: &Connection) -> rusqlite::Result<Result<Vec<(MachineId, bool, CoachSums)>, String>> {
    let mut stmt = conn.prepare_cached(
        "SELECT machine, practice, best_won, nudged_deals, nudged_wagered, nudged_won, nudged_expected, nudged_perfect \
         FROM coach_totals ORDER BY machine, practice",
    )?;
    let mut rows = stmt.query([])?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        let count = |idx: usize| -> rusqlite::Result<Option<u64>> { Ok(u64::try_from(row.get::<_, i64>(idx)?).ok()) };
        let (Some(machine), Some(best_won), Some(deals), Some(wagered), Some(won)) =
            (machine_from_code(row.get(0)?), count(2)?, count(3)?, count(4)?, count(5)?)
        else {
            return Ok(Err("a bad row in the coach totals".to_string()));
        };
        let (expected, perfect): (f64, f64) = (row.get(6)?, row.get(7)?);
        if !expected.is_finite() || !perfect.is_finite() {
            return Ok(Err("a sum that is not a number in the coach totals".to_string()));
        }
        let sums = CoachSums {
            best_won,
            nudged_deals: deals,
            nudged_wagered: wagered,
            nudged_won: won,
            nudged_expected: expected,
            nudged_perfect: perfect,
        };
        out.push((machine, row.get(1)?, sums));
    }
    Ok(Ok(out))
}

/// A machine's coach figures from its running totals, its coach sums and its stored chart.
pub(crate) fn machine_coach(stats: &MachineStats, sums: &CoachSums, series: &chart::Series) -> MachineCoach {
    let all = LuckSkill::of(stats.deals, stats.wagered, stats.won, stats.hold_ev_chips, stats.best_ev_chips);
    let (pure, nudged) = split(&all, sums);
    MachineCoach {
        machine: stats.machine,
        all,
        pure,
        nudged,
        holds_won: stats.won,
        best_holds_won: sums.best_won,
        chart: chart::drawn(series, latest(stats)),
    }
}

/// Pure and nudged deals apart: the nudged deals' own sums, and all the deals' less those.
pub(crate) fn split(all: &LuckSkill, sums: &CoachSums) -> (LuckSkill, LuckSkill) {
    let nudged = LuckSkill::of(
        sums.nudged_deals,
        sums.nudged_wagered,
        sums.nudged_won,
        sums.nudged_expected,
        sums.nudged_perfect,
    );
    let pure = LuckSkill::of(
        all.deals - nudged.deals.min(all.deals),
        all.wagered - nudged.wagered.min(all.wagered),
        all.won - nudged.won.min(all.won),
        all.expected_chips - nudged.expected_chips,
        all.perfect_chips - nudged.perfect_chips,
    );
    (pure, nudged)
}
