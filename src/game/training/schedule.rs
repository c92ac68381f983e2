//! When a queued mistake comes back: spaced repetition by dates, FSRS's scheduler (the `rs-fsrs`
//! crate, its long-term scheduler: whole days, no same-day learning steps) with the FSRS-5 default
//! weights, a requested retention of 0.9 and no fuzz, so the schedule is a pure function of the
//! answers and the dates they were given on (docs/TRAINING.md, "The review schedule").
//!
//! A right drill answer is FSRS's `Good`, a wrong one `Again`. A mistake made on a date is a new card
//! due that date. A right answer that puts the card more than [`RETIRE_AFTER_DAYS`] days out takes
//! it off the queue: the player has it. The date is the player's local date, passed in: this module
//! never reads the clock (it never calls `rs_fsrs::Card::new` or `Parameters::default`, which do).

use chrono::{NaiveDate, NaiveTime};
use rs_fsrs::{Card as FsrsCard, Parameters, Rating, Seed, State, FSRS};
use serde::Serialize;

/// A right answer that schedules a card further out than this many days takes it off the queue.
pub const RETIRE_AFTER_DAYS: i64 = 30;

/// FSRS-5's default weights (as `rs-fsrs` 1.2 ships them), written here so the schedule stays the
/// documented one whatever a later version of the crate defaults to.
pub const WEIGHTS: [f64; 19] = [
    0.4072, 1.1829, 3.1262, 15.4722, 7.2102, 0.5316, 1.0651, 0.0234, 1.616, 0.1544, 1.0824, 1.9813, 0.0953, 0.2975, 2.2042,
    0.2407, 2.9466, 0.5034, 0.6567,
];

/// The retention FSRS aims at: the interval is the one after which a card is recalled nine times
/// in ten.
pub const RETENTION: f64 = 0.9;

/// Where a queued mistake stands: when it is due and what FSRS knows of it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ReviewSchedule {
    /// The date it is due (on or after it, it is offered).
    pub due: NaiveDate,
    /// The date of its last drill answer (null before the first).
    pub last_review: Option<NaiveDate>,
    /// Drill answers given to it.
    pub reps: u32,
    /// Wrong ones among them.
    pub lapses: u32,
    /// FSRS's stability in days (0 before the first answer).
    pub stability: f64,
    /// FSRS's difficulty, 1 to 10 (0 before the first answer).
    pub difficulty: f64,
}

impl ReviewSchedule {
    /// A mistake made on `made_on`: a new card, due that date.
    pub fn new(made_on: NaiveDate) -> ReviewSchedule {
        ReviewSchedule { due: made_on, last_review: None, reps: 0, lapses: 0, stability: 0.0, difficulty: 0.0 }
    }

    /// The schedule after an answer on `today` (right: FSRS's Good; wrong: Again), or `None` when a
    /// right answer puts it more than [`RETIRE_AFTER_DAYS`] days out (it leaves the queue). A date
    /// before the last answer's (a clock set back) counts as the last answer's date.
    pub fn answered(&self, right: bool, today: NaiveDate) -> Option<ReviewSchedule> {
        let today = self.last_review.map_or(today, |last| today.max(last));
        let rating = if right { Rating::Good } else { Rating::Again };
        let next = scheduler().next(self.to_fsrs(), at(today), rating).card;
        let due = next.due.date_naive();
        if right && (due - today).num_days() > RETIRE_AFTER_DAYS {
            return None;
        }
        Some(ReviewSchedule {
            due,
            last_review: Some(today),
            reps: self.reps + 1,
            lapses: self.lapses + u32::from(!right),
            stability: next.stability,
            difficulty: next.difficulty,
        })
    }

    /// Whether it is due on `today`.
    pub fn is_due(&self, today: NaiveDate) -> bool {
        self.due <= today
    }

    fn to_fsrs(self) -> FsrsCard {
        let mut card = FsrsCard { due: at(self.due), ..FsrsCard::default() };
        if let Some(last) = self.last_review {
            card.state = State::Review;
            card.last_review = at(last);
            card.stability = self.stability;
            card.difficulty = self.difficulty;
            card.reps = i32::try_from(self.reps).unwrap_or(i32::MAX);
            card.lapses = i32::try_from(self.lapses).unwrap_or(i32::MAX);
            card.scheduled_days = (self.due - last).num_days();
        }
        card
    }
}

/// The scheduler: long-term (whole days), the weights above, no fuzz. Built field by field:
/// `Parameters::default()` would read the clock for a fuzz seed this schedule never uses.
fn scheduler() -> FSRS {
    FSRS::new(Parameters {
        request_retention: RETENTION,
        maximum_interval: 36_500,
        w: WEIGHTS,
        decay: Parameters::DECAY,
        factor: Parameters::FACTOR,
        enable_short_term: false,
        enable_fuzz: false,
        seed: Seed::String(String::new()),
    })
}

/// Midnight UTC of a local date: FSRS counts whole days between two such instants.
fn at(day: NaiveDate) -> chrono::DateTime<chrono::Utc> {
    day.and_time(NaiveTime::MIN).and_utc()
}
