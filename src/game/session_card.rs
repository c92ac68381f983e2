//! The session card: at the end of a session on a machine (leaving it after [`CARD_MIN_DEALS`] or
//! more deals, or on request), what the session was: deals, accuracy, chips given up to mistakes,
//! luck, the best hand, and a grade whose thresholds are part of the card. Built from the session's
//! stored sums ([`SessionSums`], see `session_totals.rs`), never by replaying its hands.

use serde::Serialize;

use crate::machine::MachineId;

use super::coach::{split, CoachSums, LuckSkill, SessionFigures};
use super::history::HandRecord;
use super::session::Session;

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

/// The best hand of a session: its id, final row and win.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BestHand {
    /// The hand's id.
    pub hand: i64,
    /// The paytable row id of its best result.
    pub outcome: String,
    /// Chips it won (what practice would have paid).
    pub won: u64,
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

/// What a session's card is made from, per machine and practice flag: sums added one drawn hand at a
/// time, in hand order (stored in `session_totals` in the draw's transaction, so a card costs the
/// same however long the session).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SessionSums {
    /// Deals drawn.
    pub deals: u64,
    /// Chips wagered.
    pub wagered: u64,
    /// Chips won (what practice would have paid).
    pub won: u64,
    /// Σ the player's holds' EV in chips.
    pub expected_chips: f64,
    /// Σ the best holds' EV in chips.
    pub perfect_chips: f64,
    /// Deals whose hold was not a mistake.
    pub best_holds: u64,
    /// Σ chips given up to mistakes.
    pub given_up_chips: f64,
    /// The hand that won most (the first of equals), if any won.
    pub best_hand: Option<BestHand>,
    /// The best holds' wins on the same cards and the nudged deals' sums.
    pub(crate) coach: CoachSums,
}

impl SessionSums {
    /// Adds one drawn hand (the caller picks the hands of one machine and practice flag).
    pub fn add(&mut self, hand: &HandRecord) {
        let stake = hand.stake as f64;
        self.deals += 1;
        self.wagered += hand.stake;
        self.won += hand.won.unwrap_or(0);
        self.expected_chips += hand.hold_ev.unwrap_or(0.0) * stake;
        self.perfect_chips += hand.best_ev * stake;
        self.best_holds += u64::from(hand.mistake == Some(false));
        self.given_up_chips += hand.ev_given_up_chips.unwrap_or(0.0);
        self.coach.add(hand);
        let won = hand.won.unwrap_or(0);
        if won > 0 && self.best_hand.as_ref().is_none_or(|b| won > b.won) {
            let outcome = hand.results.iter().max_by_key(|r| r.win).map_or("nothing", |r| r.outcome.as_str());
            self.best_hand = Some(BestHand { hand: hand.id, outcome: outcome.to_string(), won });
        }
    }

    /// Luck against skill over these deals.
    pub fn figures(&self) -> LuckSkill {
        LuckSkill::of(self.deals, self.wagered, self.won, self.expected_chips, self.perfect_chips)
    }

    /// The coach's session figures: all deals, pure and nudged apart, same cards.
    pub fn session_figures(&self) -> SessionFigures {
        let all = self.figures();
        let (pure, nudged) = split(&all, &self.coach);
        SessionFigures { all, pure, nudged, holds_won: self.won, best_holds_won: self.coach.best_won }
    }
}

impl SessionCard {
    /// The card for `machine` in `session` from its sums.
    pub fn of(session: Session, machine: MachineId, practice: bool, sums: &SessionSums) -> SessionCard {
        let deals = sums.deals;
        let figures = sums.figures();
        SessionCard {
            session,
            machine,
            practice,
            figures,
            best_holds: sums.best_holds,
            accuracy: (deals > 0).then(|| sums.best_holds as f64 / deals as f64),
            given_up_chips: sums.given_up_chips,
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
