//! What the caller tells the core about "now": the local calendar day ([`Day`]), and the local
//! time of day when the caller has a clock ([`Moment`]; the app and the CLI always do; many tests
//! pass a bare day).
//!
//! The core never reads a clock itself. The day decides the daily chips and keys the ledger; the
//! time is only recorded with each hand so the history can say when it was played.
//!
//! A day is checked once, where it enters (the device's clock in the app, `--today` and `--date`
//! on the command line, a day the UI sends back), for being a day the game can keep, and trusted
//! inside. Every table stores a day as its day number (`store::codes`), and a stored number
//! outside these days makes a file corrupt, so a clock set to the year 10000 once must be refused
//! at the door, not written.

use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime, Timelike};
use serde::{Deserialize, Serialize};

use super::error::GameError;

/// The local date, and the local time of day if known. Made from a [`Day`] (checked where it
/// entered): a bare day converts, [`Day::at`] adds a time, [`Day::moment`] checks a date and time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moment {
    day: Day,
    time: Option<NaiveTime>,
}

impl Moment {
    /// `day`, at `time` when known.
    pub(crate) fn at(day: Day, time: Option<NaiveTime>) -> Moment {
        Moment { day, time }
    }

    /// The local calendar date.
    pub fn date(self) -> NaiveDate {
        self.day.date()
    }

    /// The local day.
    pub fn day(self) -> Day {
        self.day
    }

    /// The local time of day, if the caller gave one.
    pub fn time(self) -> Option<NaiveTime> {
        self.time
    }

    /// The stored form: `YYYY-MM-DDTHH:MM:SS` (whole seconds), or `YYYY-MM-DD` without a time.
    pub fn stamp(self) -> String {
        match self.time {
            Some(time) => format!("{}T{}", self.day, time.with_nanosecond(0).unwrap_or(time).format("%H:%M:%S")),
            None => self.day.to_string(),
        }
    }
}

impl From<Day> for Moment {
    fn from(day: Day) -> Moment {
        Moment::at(day, None)
    }
}

/// A day the game keeps: 0001-01-01 to 9999-12-31, the days `YYYY-MM-DD` can name. Made only by
/// [`Day::new`] (a date, e.g. from a clock) or [`Day::parse`] (text); serialises as `YYYY-MM-DD`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(NaiveDate);

/// The years of the days the game keeps.
const YEARS: std::ops::RangeInclusive<i32> = 1..=9999;

impl Day {
    /// `date` as a day the game keeps, or `invalid-day` (a date before 0001-01-01 or after
    /// 9999-12-31: a clock set wrong).
    pub fn new(date: NaiveDate) -> Result<Day, GameError> {
        match YEARS.contains(&date.year()) {
            true => Ok(Day(date)),
            false => Err(GameError::InvalidDay { day: date.to_string() }),
        }
    }

    /// A day written exactly as the game writes it, `YYYY-MM-DD`: `2026-2-3`, ` 2026-12-08`,
    /// `+2026-12-08` and `2026-02-30` are not days (`invalid-day`); nothing is trimmed or corrected.
    pub fn parse(text: &str) -> Result<Day, GameError> {
        NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .ok()
            .filter(|date| date.format("%Y-%m-%d").to_string() == text)
            .ok_or_else(|| GameError::InvalidDay { day: text.to_string() })
            .and_then(Day::new)
    }

    /// The date.
    pub fn date(self) -> NaiveDate {
        self.0
    }

    /// The day after, when the game keeps it (none after 9999-12-31).
    pub fn next(self) -> Option<Day> {
        self.0.succ_opt().and_then(|date| Day::new(date).ok())
    }

    /// This day at a time of day (what a deal records).
    pub fn at(self, time: chrono::NaiveTime) -> Moment {
        Moment::at(self, Some(time))
    }

    /// A date and time whose date is a day the game keeps, as a [`Moment`]; `invalid-day` otherwise.
    pub fn moment(at: NaiveDateTime) -> Result<Moment, GameError> {
        Ok(Day::new(at.date())?.at(at.time()))
    }
}

impl From<Day> for NaiveDate {
    fn from(day: Day) -> NaiveDate {
        day.0
    }
}

impl std::fmt::Display for Day {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.format("%Y-%m-%d").fmt(f)
    }
}

impl std::str::FromStr for Day {
    type Err = GameError;

    fn from_str(text: &str) -> Result<Day, GameError> {
        Day::parse(text)
    }
}

impl Serialize for Day {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Day {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Day, D::Error> {
        Day::parse(&String::deserialize(deserializer)?).map_err(serde::de::Error::custom)
    }
}
