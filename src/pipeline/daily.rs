//! Today's ten deals: ten single-hand deals on the machine of the day, the same for everyone on a
//! calendar date, so anyone can rebuild a day (docs/DAILY.md):
//!
//! - deal `i` (0…9) of date `YYYY-MM-DD` comes from the seed SHA-256 of the ASCII text
//!   `video-poker daily YYYY-MM-DD i` (one space between the parts, `i` in decimal);
//! - the deal is the first five cards of that seed's deck (the game's Fisher–Yates on ChaCha20
//!   stream 0), never nudged; the draw takes the next cards in order ([`Deal::deal`], one hand);
//! - the machine of the day, with `d` the days from 1970-01-01 to the date, is Jacks or Better,
//!   Deuces Wild, Bonus Poker, Double Bonus for `d mod 4` = 0, 1, 2, 3.
//!
//! Pure: the date is a parameter, never the clock.

use chrono::NaiveDate;
use sha2::{Digest, Sha256};

use crate::machine::MachineId;
use crate::shuffle::Seed;
use crate::table::Table;

use super::deal::{Deal, NudgeSource};

/// Deals in a day.
pub const DEALS: usize = 10;

/// The machines of the days, by `d mod 4`. Fixed as published: a machine added later (the fifth,
/// `MachineId::ALL`'s last) is not in the rotation, so every date keeps the deals it has always had (docs/DAILY.md).
pub const MACHINES: [MachineId; 4] =
    [MachineId::JacksOrBetter, MachineId::DeucesWild, MachineId::BonusPoker, MachineId::DoubleBonus];

/// The seed of deal `index` of `date`: SHA-256 of `video-poker daily YYYY-MM-DD i`.
pub fn seed(date: NaiveDate, index: usize) -> Seed {
    let text = format!("video-poker daily {} {index}", date.format("%Y-%m-%d"));
    Seed::from_bytes(Sha256::digest(text.as_bytes()).into())
}

/// The machine of `date` (days from 1970-01-01, mod 4; dates before 1970 count back the same way).
pub fn machine(date: NaiveDate) -> MachineId {
    let epoch = NaiveDate::from_ymd_opt(1970, 1, 1).expect("a date");
    let days = date.signed_duration_since(epoch).num_days();
    MACHINES[days.rem_euclid(4) as usize]
}

/// Deal `index` of `date`: one hand on the machine of the day, never nudged.
pub fn deal(date: NaiveDate, index: usize) -> Deal {
    Deal::deal(&seed(date, index), &Table::machine(machine(date)), 1, NudgeSource::Never)
}
