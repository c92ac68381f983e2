//! The session card: at the end of a session on a machine (leaving it after [`CARD_MIN_DEALS`] or
//! more deals, or on request), what the session was: deals, accuracy, chips given up to mistakes,
//! luck, the best hand, and a grade whose thresholds are part of the card. Built from the session's
//! stored running sums (`game/sums/`), never by replaying its hands.

use serde::Serialize;

use crate::machine::MachineId;

use super::LuckSkill;
use crate::game::sums::{BestHand, Session, Sums};

/// Deals on a machine in a session before leaving it shows the card by itself.
pub const CARD_MIN_DEALS: u64 = 10;

/// The grades, best first, with the most skill cost (EV given up as a share of chips wagered) each
/// allows: A+ gives up nothing, A at most 0.25 %, B 1 %, C 2.5 %, D 5 %, E more.
pub const GRADES: [(&str, f64); 5] = [("A+", 0.0), ("A", 0.0025), ("B", 0.01), ("C", 0.025), ("D", 0.05)];

/// The grade below every threshold.
pub const LAST_GRADE: &str = "E";

/// A grade's threshold as the card shows it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct GradeThreshold {
    /// The grade.
    pub grade: &'static str,
    /// The most skill cost it allows, as a share of chips wagered.
    pub max_skill_cost: f64,
}

/// One machine's session, real or practice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SessionCard {
    /// The session.
    pub session: Session,
    /// The machine.
    pub machine: MachineId,
    /// Practice hands or real ones.
    pub practice: bool,
    /// Luck against skill over the session's deals on this machine (deals, wagered, won, …).
    pub figures: LuckSkill,
    /// Deals whose hold was not a mistake.
    pub best_holds: u64,
    /// best_holds / deals (null before any deal).
    pub accuracy: Option<f64>,
    /// Chips given up to mistakes (EV, at each deal's stake).
    pub given_up_chips: f64,
    /// The hand that won most, if any won.
    pub best_hand: Option<BestHand>,
    /// The grade (null before any deal).
    pub grade: Option<&'static str>,
    /// Every grade's threshold, best first.
    pub thresholds: Vec<GradeThreshold>,
    /// The grade for anything above the last threshold.
    pub last_grade: &'static str,
    /// Whether the card is worth showing by itself (at least [`CARD_MIN_DEALS`] deals).
    pub worth_showing: bool,
}

impl SessionCard {
    /// The card for `machine` in `session` from its sums.
    pub(crate) fn of(session: Session, machine: MachineId, practice: bool, sums: &Sums) -> SessionCard {
        let deals = sums.deals;
        let figures = LuckSkill::of_sums(sums);
        SessionCard {
            session,
            machine,
            practice,
            figures,
            best_holds: sums.best_holds,
            accuracy: (deals > 0).then(|| sums.best_holds as f64 / deals as f64),
            given_up_chips: sums.ev_given_up_chips,
            best_hand: sums.best_hand.clone(),
            grade: (deals > 0).then(|| grade(figures.skill_cost.unwrap_or(0.0), sums.best_holds == deals)),
            thresholds: GRADES
                .iter()
                .map(|&(grade, max_skill_cost)| GradeThreshold { grade, max_skill_cost })
                .collect(),
            last_grade: LAST_GRADE,
            worth_showing: deals >= CARD_MIN_DEALS,
        }
    }
}

/// The grade for a skill cost (a share of chips wagered); A+ needs no mistake at all.
pub fn grade(skill_cost: f64, no_mistake: bool) -> &'static str {
    if no_mistake {
        return GRADES[0].0;
    }
    GRADES[1..].iter().find(|&&(_, max)| skill_cost <= max).map_or(LAST_GRADE, |&(g, _)| g)
}
