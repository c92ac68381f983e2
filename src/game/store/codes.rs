//! How kind-deal situations and dates are stored: situations as small integer codes (their index
//! in [`Situation::ALL`]), dates as day numbers. (Machines are stored as tables: the registry
//! `tables` gives the first four machines codes 0–3, and the running sums key every table by its
//! stable id.) Every room uses these.

use chrono::{Datelike, NaiveDate};

use crate::game::moment::Day;
use super::{corrupt, Res};
use crate::pipeline::Situation;

/// A situation's code.
pub(crate) fn situation_code(situation: Situation) -> i64 {
    Situation::ALL.iter().position(|&s| s == situation).map_or(-1, |i| i as i64)
}

/// The situation of a code, if it is one.
pub(crate) fn situation_from_code(code: i64) -> Option<Situation> {
    usize::try_from(code).ok().and_then(|i| Situation::ALL.get(i).copied())
}

/// How every table stores a calendar date: its day number counted from 0001-01-01 (day 1), as
/// chrono's `num_days_from_ce` gives it. One encoding in every table (hands, claims, the ledger,
/// today's deals, milestones), written by [`day_code`] and read back only by [`day_from_code`].
pub(crate) fn day_code(day: NaiveDate) -> i64 {
    i64::from(day.num_days_from_ce())
}

/// The date of a stored day number: a day from 0001-01-01 (day 1) to 9999-12-31, the dates a
/// player's calendar and `YYYY-MM-DD` can name; any other number (day 0 is 0000-12-31, before
/// the first) is no date and corrupt, wherever it is read (never skipped or ignored).
pub(crate) fn day_from_code(code: i64) -> Res<NaiveDate> {
    i32::try_from(code)
        .ok()
        .and_then(NaiveDate::from_num_days_from_ce_opt)
        .filter(|&date| Day::new(date).is_ok())
        .ok_or_else(|| corrupt(format!("a stored day {code} that is not a date")))
}
