//! The coach's figures: luck against skill, same cards with the best hold, pure and nudged deals
//! apart, and chips over hands, per machine (its own table's: `TableId::machine`; a variant's
//! hand counts in the variant's own table, `RULES:ID`, not the machine's), real and practice apart,
//! all-time and this session.
//!
//! Over a set of deals with `wagered` chips bet and `won` chips won:
//! - actual return = won / wagered;
//! - expected return = Σ (the player's hold's EV per coin × stake) / wagered: what the holds chosen
//!   return on average;
//! - perfect-play return = Σ (the best hold's EV × stake) / wagered;
//! - luck = actual − expected, skill cost = perfect − expected (never negative), in chips and as a
//!   share of wagered; so actual − perfect = luck − skill cost, exactly, in chips.
//!
//! Every figure comes from the running sums (`game/sums/`): all time and the current session's,
//! added in the draw's transaction, so the coach costs the same at any length of history. The
//! coach's commands also say when the player comes and goes (sessions: `sums/sessions.rs`).

mod least_squares;
pub mod progress;
pub mod score;
mod progress_sessions;
pub mod session_card;

use chrono::NaiveDateTime;
use rusqlite::Connection;
use serde::Serialize;

use crate::machine::MachineId;

use super::store::Res;
use super::sums::{self, chart, point_after, sessions, ChartPoint, Session, Sums};
use super::table_id::TableId;
use session_card::SessionCard;

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

/// The coach's figures for every machine, real and practice apart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Coach {
    /// The current session, if one has started.
    pub session: Option<Session>,
    /// Real play per machine.
    pub real: Vec<MachineCoach>,
    /// Practice per machine.
    pub practice: Vec<MachineCoach>,
    /// Real play per machine in the current session (zeros without one).
    pub session_real: Vec<(MachineId, SessionFigures)>,
    /// Practice per machine in the current session.
    pub session_practice: Vec<(MachineId, SessionFigures)>,
}

/// What coming to the foreground did.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Arrival {
    /// The session now going on.
    pub session: Session,
    /// Whether it started now (the player was away 30 minutes or more, or it is the first).
    pub new: bool,
}

impl LuckSkill {
    /// Luck against skill over the deals summed in `sums`.
    pub(crate) fn of_sums(sums: &Sums) -> LuckSkill {
        LuckSkill::of(sums.deals, sums.wagered, sums.won, sums.hold_ev_chips, sums.best_ev_chips)
    }
}

/// All deals, pure and nudged apart: the nudged deals' own sums, and all the deals' less those.
pub(crate) fn split(sums: &Sums) -> (LuckSkill, LuckSkill, LuckSkill) {
    let all = LuckSkill::of_sums(sums);
    let nudged = LuckSkill::of(
        sums.nudged,
        sums.nudged_wagered,
        sums.nudged_won,
        sums.nudged_hold_ev_chips,
        sums.nudged_best_ev_chips,
    );
    let pure = LuckSkill::of(
        all.deals - nudged.deals.min(all.deals),
        all.wagered - nudged.wagered.min(all.wagered),
        all.won - nudged.won.min(all.won),
        all.expected_chips - nudged.expected_chips,
        all.perfect_chips - nudged.perfect_chips,
    );
    (all, pure, nudged)
}

impl SessionFigures {
    /// A session's figures on one machine from its sums.
    pub(crate) fn of(sums: &Sums) -> SessionFigures {
        let (all, pure, nudged) = split(sums);
        SessionFigures { all, pure, nudged, holds_won: sums.won, best_holds_won: sums.best_won }
    }
}

/// A machine's coach figures from its all-time sums and its stored chart.
fn machine_coach(machine: MachineId, sums: &Sums, series: &chart::Series) -> MachineCoach {
    let (all, pure, nudged) = split(sums);
    MachineCoach {
        machine,
        all,
        pure,
        nudged,
        holds_won: sums.won,
        best_holds_won: sums.best_won,
        chart: chart::drawn(series, point_after(sums)),
    }
}

/// Luck against skill, same cards with the best hold, pure and nudged deals apart and the
/// chips-over-hands chart, per machine, all-time and in the current session.
pub(crate) fn coach(conn: &Connection) -> Res<Coach> {
    let build = |practice: bool| -> Res<Vec<MachineCoach>> {
        MachineId::ALL
            .into_iter()
            .map(|machine| {
                let table = TableId::machine(machine);
                let sums = sums::all_time(conn, table.as_str(), practice)?;
                Ok(machine_coach(machine, &sums, &sums::series(conn, table.as_str(), practice)?))
            })
            .collect()
    };
    let (real, practice) = (build(false)?, build(true)?);
    let session = sessions::current(conn)?;
    let mut session_real: Vec<(MachineId, SessionFigures)> =
        MachineId::ALL.iter().map(|&m| (m, SessionFigures::default())).collect();
    let mut session_practice = session_real.clone();
    if let Some(session) = &session {
        for (table, practice, sums) in sums::session_rows(conn, session.id)? {
            let list = if practice { &mut session_practice } else { &mut session_real };
            if let Some((_, figures)) = list.iter_mut().find(|(m, _)| TableId::machine(*m).as_str() == table) {
                *figures = SessionFigures::of(&sums);
            }
        }
    }
    Ok(Coach { session, real, practice, session_real, session_practice })
}

/// One table's figures from the running sums, real or practice: the one table `id` names (a
/// former id's hands are its one table's; a bare lab name its `lab:NAME`), or a lab table's by its
/// `lab:NAME` after it was deleted (its hands stay); `unknown-table` for any other id.
pub(crate) fn table_stats(conn: &Connection, id: &str, practice: bool) -> Res<sums::TableStats> {
    let lab = id.strip_prefix(crate::table::LAB_PREFIX).is_some_and(|name| !name.is_empty());
    let one = match lab {
        true => id.to_string(),
        false => super::table_id::resolve(conn, id)?.id().to_string(),
    };
    sums::table_stats(conn, &one, practice)
}

/// The current session's card for `machine` (real or practice hands), or `None` before any session.
pub(crate) fn session_card(conn: &Connection, machine: MachineId, practice: bool) -> Res<Option<SessionCard>> {
    let Some(session) = sessions::current(conn)? else {
        return Ok(None);
    };
    let sums = sums::in_session(conn, session.id, TableId::machine(machine).as_str(), practice)?;
    Ok(Some(SessionCard::of(session, machine, practice, &sums)))
}

/// The app came to the foreground at `now`: a new session starts when the player was away 30
/// minutes or more (see `sums/sessions.rs`).
pub(crate) fn foreground(conn: &Connection, now: NaiveDateTime) -> Res<Arrival> {
    let (session, new) = sessions::arrive(conn, now)?;
    Ok(Arrival { session, new })
}

/// The app went to the background at `now`.
pub(crate) fn background(conn: &Connection, now: NaiveDateTime) -> Res<Option<Session>> {
    sessions::leave(conn, now)
}
