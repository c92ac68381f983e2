//! Daily chips: 200 once per local calendar date, never for a date before the latest claim.
//!
//! The date is always a parameter (the app passes the device's local date). Turning the clock back
//! gives nothing: a date earlier than the latest claimed date is refused with its own error.

use chrono::NaiveDate;
use serde::Serialize;

use crate::game::error::GameError;
use crate::game::rules::DAILY_CHIPS;
use crate::game::store::player::Claim as LastClaim;

/// The daily chips as the lobby shows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DailyView {
    /// Whether a claim for `today` would succeed.
    pub available: bool,
    /// Chips a claim gives.
    pub amount: u64,
    /// The current streak of consecutive days (0 when broken).
    pub streak: u32,
    /// Whether today's chips were collected.
    pub claimed_today: bool,
    /// The latest claimed date, if any.
    pub last_claimed: Option<NaiveDate>,
    /// The latest claim is after `today`: the device's clock was turned back.
    pub clock_moved_back: bool,
}

/// The streak a claim for `today` makes, or why it is refused.
pub fn check_claim(last: Option<LastClaim>, today: NaiveDate) -> Result<u32, GameError> {
    let Some(last) = last else { return Ok(1) };
    if today < last.day {
        return Err(GameError::ClockMovedBack { day: today, last_claimed: last.day });
    }
    if today == last.day {
        return Err(GameError::DailyAlreadyClaimed { day: today });
    }
    Ok(if today.pred_opt() == Some(last.day) { last.streak.saturating_add(1) } else { 1 })
}

/// The lobby's view of the daily chips on `today`.
pub fn view(last: Option<LastClaim>, today: NaiveDate) -> DailyView {
    let streak = match last {
        Some(last) if last.day >= today || today.pred_opt() == Some(last.day) => last.streak,
        _ => 0,
    };
    DailyView {
        available: check_claim(last, today).is_ok(),
        amount: DAILY_CHIPS,
        streak,
        claimed_today: last.is_some_and(|l| l.day == today),
        last_claimed: last.map(|l| l.day),
        clock_moved_back: last.is_some_and(|l| l.day > today),
    }
}
