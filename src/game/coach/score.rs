//! The score of a fixed set of hold decisions, shared by today's ten deals and the proficiency
//! check: each decision's review (the best hold, the EVs, the EV given up and a mark: `best`,
//! `close` or `costly`), how many holds were the best, the EV given up summed, and the grade on the
//! session card's thresholds (EV given up per coin wagered, one coin a decision).

use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::pipeline::settle::{hint_holds, HintHold, HoldVerdict};
use crate::strategy::HandEvs;

use super::session_card::grade;

/// A mistake giving up at most this much EV per coin is marked "close", more is "costly" (the
/// session card's lowest grade line: one such hand alone keeps a day above it).
pub const CLOSE: f64 = 0.05;

/// A decision's verdict, as a scored set shows it once it is complete.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HoldReview {
    /// The best hold.
    pub best_hold: Hold,
    /// EV per coin of the hold played.
    pub ev: f64,
    /// EV per coin of the best hold.
    pub best_ev: f64,
    /// EV per coin given up (0 for the best hold and its exact ties).
    pub ev_given_up: f64,
    /// "best", "close" (given up at most [`CLOSE`]) or "costly".
    pub mark: &'static str,
    /// All 32 holds, best first (the hint's entries: hold, cards kept, EV, cost, verdict), at a
    /// stake of one coin.
    pub holds: Vec<HintHold>,
}

impl HoldReview {
    /// `hold` on `cards` judged by the one verdict on `evs` (one coin).
    pub(crate) fn of(evs: &HandEvs, cards: &[Card; 5], hold: Hold) -> HoldReview {
        let verdict = HoldVerdict::of(evs, hold, 1);
        let mark = if !verdict.mistake {
            "best"
        } else if verdict.cost <= CLOSE {
            "close"
        } else {
            "costly"
        };
        HoldReview {
            best_hold: verdict.best_hold,
            ev: verdict.ev,
            best_ev: verdict.best_ev,
            ev_given_up: verdict.cost,
            mark,
            holds: hint_holds(evs, cards, 1),
        }
    }
}

impl HoldReview {
    /// `hold` on `cards` as it was judged when answered: the best hold, the EV given up and the
    /// mark kept then, the EVs those of the question (a proficiency check's stored answers, which
    /// no later rule re-judges).
    pub(crate) fn kept(evs: &HandEvs, cards: &[Card; 5], hold: Hold, best_hold: Hold, ev_given_up: f64, mark: &'static str) -> HoldReview {
        HoldReview { best_hold, ev: evs.ev(hold), best_ev: evs.ev(best_hold), ev_given_up, mark, holds: hint_holds(evs, cards, 1) }
    }
}

/// A scored set's score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Score {
    /// Holds as good as the best.
    pub best_holds: u32,
    /// EV per coin given up, summed over the decisions.
    pub ev_given_up: f64,
    /// The grade, on the session card's thresholds (EV given up per coin wagered).
    pub grade: &'static str,
}

impl Score {
    /// The score of `reviews` out of a set of `decisions` (the grade counts every decision of the
    /// set: one coin each).
    pub(crate) fn of<'a>(reviews: impl IntoIterator<Item = &'a HoldReview>, decisions: usize) -> Score {
        Score::of_marks(reviews.into_iter().map(|review| (review.mark, review.ev_given_up)), decisions)
    }

    /// The score of verdicts given as (mark, EV per coin given up), out of a set of `decisions`.
    pub(crate) fn of_marks(verdicts: impl IntoIterator<Item = (&'static str, f64)>, decisions: usize) -> Score {
        let (mut best_holds, mut ev_given_up) = (0u32, 0.0);
        for (mark, given_up) in verdicts {
            best_holds += u32::from(mark == "best");
            ev_given_up += given_up;
        }
        Score { best_holds, ev_given_up, grade: grade(ev_given_up / decisions as f64, best_holds as usize == decisions) }
    }
}
