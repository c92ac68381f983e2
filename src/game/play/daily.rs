//! Daily chips: 200 for each local calendar date, once, ever.
//!
//! The date is always a parameter (the app passes the device's local date). A date can be claimed
//! in any order, but never twice: a clock set wrong once (a year ahead, then put right) costs
//! nothing once it is right again, and no sequence of clock changes pays any date twice. Moving the
//! clock forward claims future dates early; they are then used up when they come, so it gains
//! nothing over time. The streak is the run of consecutive claimed dates ending at the claim, by the
//! one streak rule that today's deals use too (`rules::record_streak`): a date claimed late joins
//! the run of the claimed dates after it.

use chrono::NaiveDate;
use serde::Serialize;

use crate::game::error::GameError;
use crate::game::rules::DAILY_CHIPS;
use crate::game::store::player::Around;

/// The daily chips as the lobby shows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DailyView {
    /// Whether a claim for `today` would succeed (today was not claimed yet).
    pub available: bool,
    /// Chips a claim gives.
    pub amount: u64,
    /// The current streak of consecutive days: today's, or yesterday's while today is not claimed
    /// yet (0 when broken).
    pub streak: u32,
    /// Whether today's chips were collected.
    pub claimed_today: bool,
    /// The latest claimed date, if any.
    pub last_claimed: Option<NaiveDate>,
}

/// Whether a claim for `today` may be made (only a date already claimed is refused). The streak it
/// makes is the one streak rule's ([`crate::game::rules::record_streak`]).
pub fn check_claim(around: Around, today: NaiveDate) -> Result<(), GameError> {
    if around.today.is_some() {
        return Err(GameError::DailyAlreadyClaimed { day: today });
    }
    Ok(())
}

/// The lobby's view of the daily chips on `today`.
pub fn view(around: Around, last_claimed: Option<NaiveDate>, today: NaiveDate) -> DailyView {
    DailyView {
        available: check_claim(around, today).is_ok(),
        amount: DAILY_CHIPS,
        streak: around.today.or(around.yesterday).unwrap_or(0),
        claimed_today: around.today.is_some(),
        last_claimed,
    }
}
