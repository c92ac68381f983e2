//! The coach's commands on [`Game`]: luck and skill, sessions and their cards. Each reads running
//! totals (all-time, and the current session's in `session_totals`): constant cost, however long
//! the history or the session.

use chrono::NaiveDateTime;
use rusqlite::TransactionBehavior;
use serde::Serialize;

use crate::machine::MachineId;

use super::coach::{self, CoachSums, MachineCoach, SessionFigures};
use super::session::{self, Session};
use super::session_card::SessionCard;
use super::storage::sql_error;
use super::{chart, history, session_totals, stats, Game, GameError};

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

impl Game {
    /// Luck against skill, same cards with the best hold, pure and nudged deals apart and the
    /// chips-over-hands chart, per machine, all-time and in the current session.
    pub fn coach(&self) -> Result<Coach, GameError> {
        let err = |e| sql_error(&self.path, e);
        let stats = stats::read_totals(&self.conn).map_err(err)?.map_err(|d| self.corrupt(d))?;
        let sums = coach::read_sums(&self.conn).map_err(err)?.map_err(|d| self.corrupt(d))?;
        let build = |list: &[stats::MachineStats], practice: bool| -> Result<Vec<MachineCoach>, GameError> {
            list.iter()
                .map(|machine_stats| {
                    let machine = machine_stats.machine;
                    let own = sums.iter().find(|(m, p, _)| *m == machine && *p == practice).map(|(_, _, s)| *s);
                    let series = chart::read(&self.conn, machine, practice).map_err(err)?;
                    Ok(coach::machine_coach(machine_stats, &own.unwrap_or_default(), &series))
                })
                .collect()
        };
        let real = build(&stats.real, false)?;
        let practice = build(&stats.practice, true)?;
        let session = session::current(&self.conn).map_err(err)?;
        let mut session_real: Vec<(MachineId, SessionFigures)> =
            MachineId::ALL.iter().map(|&m| (m, SessionFigures::default())).collect();
        let mut session_practice = session_real.clone();
        if let Some(session) = &session {
            let rows =
                session_totals::read_all(&self.conn, Some(session.id)).map_err(err)?.map_err(|d| self.corrupt(d))?;
            for (_, machine, practice, sums) in rows {
                let list = if practice { &mut session_practice } else { &mut session_real };
                if let Some((_, figures)) = list.iter_mut().find(|(m, _)| *m == machine) {
                    *figures = sums.session_figures();
                }
            }
        }
        Ok(Coach { session, real, practice, session_real, session_practice })
    }

    /// The current session's card for `machine` (real or practice hands), or `None` before any session.
    pub fn session_card(&self, machine: MachineId, practice: bool) -> Result<Option<SessionCard>, GameError> {
        let Some(session) = session::current(&self.conn).map_err(|e| sql_error(&self.path, e))? else {
            return Ok(None);
        };
        let sums = session_totals::read(&self.conn, session.id, machine, practice)
            .map_err(|e| sql_error(&self.path, e))?
            .map_err(|d| self.corrupt(d))?;
        Ok(Some(SessionCard::of(session, machine, practice, &sums)))
    }

    /// The app came to the foreground at `now`: a new session starts when the player was away 30
    /// minutes or more (see `session.rs`).
    pub fn foreground(&mut self, now: NaiveDateTime) -> Result<Arrival, GameError> {
        let path = self.path.clone();
        let tx =
            self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(|e| sql_error(&path, e))?;
        let (session, new) = session::arrive(&tx, now).map_err(|e| sql_error(&path, e))?;
        tx.commit().map_err(|e| sql_error(&path, e))?;
        Ok(Arrival { session, new })
    }

    /// The app went to the background at `now`.
    pub fn background(&mut self, now: NaiveDateTime) -> Result<Option<Session>, GameError> {
        session::leave(&self.conn, now).map_err(|e| sql_error(&self.path, e))
    }
}

/// Every machine's coach sums, statistics and chart series rebuilt from drawn hands given in id order,
/// as draws add them (the full audit feeds it in its one pass over the hands and compares).
#[derive(Default)]
pub(crate) struct CoachRebuild {
    pub machines: Vec<((MachineId, bool), CoachSums, stats::MachineStats, chart::Series)>,
}

impl CoachRebuild {
    /// Adds a drawn hand (others are ignored).
    pub fn add(&mut self, hand: &history::HandRecord) {
        if !hand.drawn {
            return;
        }
        let key = (hand.machine, hand.practice);
        let at = self.machines.iter().position(|(k, ..)| *k == key).unwrap_or_else(|| {
            let empty = stats::MachineStats::empty_for(hand.machine);
            self.machines.push((key, CoachSums::default(), empty, chart::Series::default()));
            self.machines.len() - 1
        });
        let (_, sums, machine_stats, series) = &mut self.machines[at];
        sums.add(hand);
        machine_stats.add(hand);
        series.push(coach::latest(machine_stats));
    }

    /// What differs from the stored sums and series, as problems (empty when all agree).
    pub fn compare(&self, conn: &rusqlite::Connection) -> rusqlite::Result<Vec<String>> {
        let stored = match coach::read_sums(conn)? {
            Ok(stored) => stored,
            Err(detail) => return Ok(vec![detail]),
        };
        let mut problems = Vec::new();
        if stored.len() != self.machines.len() {
            problems.push(format!(
                "the coach's totals hold {} machines' sums, the hands give {}",
                stored.len(),
                self.machines.len()
            ));
        }
        for ((machine, practice), sums, _, series) in &self.machines {
            let kind = if *practice { "practice" } else { "real" };
            if !stored.iter().any(|(m, p, s)| m == machine && p == practice && s == sums) {
                problems.push(format!("the coach's totals of {} ({kind}) differ from the hands", machine.id()));
            }
            if chart::read(conn, *machine, *practice)? != *series {
                problems.push(format!("the chart of {} ({kind}) differs from the hands", machine.id()));
            }
        }
        Ok(problems)
    }
}
