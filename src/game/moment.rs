//! What the caller tells the core about "now": the local calendar date, and the local time of day
//! when the caller has a clock (the app and the CLI always do; many tests pass a bare date).
//!
//! The core never reads a clock itself. The date decides the daily chips and keys the ledger; the
//! time is only recorded with each hand so the history can say when it was played.

use chrono::{NaiveDate, NaiveDateTime, NaiveTime, Timelike};

/// The local date, and the local time of day if known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moment {
    date: NaiveDate,
    time: Option<NaiveTime>,
}

impl Moment {
    /// The local calendar date.
    pub fn date(self) -> NaiveDate {
        self.date
    }

    /// The local time of day, if the caller gave one.
    pub fn time(self) -> Option<NaiveTime> {
        self.time
    }

    /// The stored form: `YYYY-MM-DDTHH:MM:SS` (whole seconds), or `YYYY-MM-DD` without a time.
    pub fn stamp(self) -> String {
        match self.time {
            Some(time) => format!("{}T{}", self.date, time.with_nanosecond(0).unwrap_or(time).format("%H:%M:%S")),
            None => self.date.to_string(),
        }
    }
}

impl From<NaiveDate> for Moment {
    fn from(date: NaiveDate) -> Moment {
        Moment { date, time: None }
    }
}

impl From<NaiveDateTime> for Moment {
    fn from(at: NaiveDateTime) -> Moment {
        Moment { date: at.date(), time: Some(at.time()) }
    }
}
