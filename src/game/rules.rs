//! The game's numbers: starting chips, bets, levels, unlocks, daily chips.
//!
//! Pure functions of their arguments; the game's numbers are decisions and live only here.

use chrono::NaiveDate;
use serde::Serialize;

use crate::machine::MachineId;

use super::error::GameError;

/// Chips a new player starts with.
pub const START_CHIPS: u64 = 1_000;
/// Chips collected once per local calendar date.
pub const DAILY_CHIPS: u64 = 200;
/// The bets a hand may have, in chips per hand.
pub const BETS: [u32; 4] = [5, 10, 20, 50];

/// The bet a game starts at before the player chose one (the smallest).
pub const DEFAULT_BET: u32 = BETS[0];
/// The numbers of hands a deal may have (lines): Single, Triple, Five, Ten, Fifty and Hundred Play.
pub const HAND_COUNTS: [u8; 6] = crate::table::LINES;
/// The level at which Triple and Five Play unlock.
pub const MULTI_PLAY_LEVEL: u32 = 10;
/// The levels at which Ten, Fifty and Hundred Play unlock, after Triple and Five Play's: each line
/// count costs ten, fifty or a hundred times the bet a deal (500 chips at the smallest bet for a
/// hundred lines), so each comes when a player's XP — the chips they have bet — says their balance
/// has carried the one before it. They sit between the machines' levels (Double Bonus at 15).
pub const MANY_LINES_LEVELS: [(u8, u32); 3] = [(10, 12), (50, 17), (100, 20)];

/// The level at which deals of `lines` hands unlock (1 from the start).
pub fn lines_unlock_level(lines: Lines) -> u32 {
    match lines.count() {
        1 => 1,
        3 | 5 => MULTI_PLAY_LEVEL,
        count => MANY_LINES_LEVELS.iter().find(|&&(c, _)| c == count).map_or(u32::MAX, |&(_, level)| level),
    }
}

/// One line count as the state shows it: the count, the level that unlocks it, whether it is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LineChoice {
    /// Hands dealt at once.
    pub count: u8,
    /// The level that unlocks it.
    pub unlock_level: u32,
    /// Whether it is open at the player's level.
    pub unlocked: bool,
}

/// Every line count with its unlock level, for a player at `level`.
pub fn line_choices(level: u32) -> Vec<LineChoice> {
    HAND_COUNTS
        .iter()
        .map(|&count| {
            let unlock_level = lines_unlock_level(Lines(count));
            LineChoice { count, unlock_level, unlocked: level >= unlock_level }
        })
        .collect()
}
/// The most hands one history page may have (a replayed hand is about 9.7 KB in memory: a page of
/// 500 is about 5 MB; a larger limit is refused, never clamped).
pub const HISTORY_PAGE_MAX: u32 = 500;

/// The XP at which `level` is reached: 100·L·(L−1) (level 1 at 0, 2 at 200, 3 at 600 …).
pub fn level_start_xp(level: u32) -> u64 {
    let level = u64::from(level.max(1));
    100 * level * (level - 1)
}

/// The level reached with `xp` (1 at 0 XP, no cap).
pub fn level_for_xp(xp: u64) -> u32 {
    // Solve 100·L·(L−1) ≤ xp from a float estimate, then correct the rounding exactly.
    let mut level = ((1.0 + (1.0 + xp as f64 / 25.0).sqrt()) / 2.0).floor().max(1.0) as u32;
    while level > 1 && level_start_xp(level) > xp {
        level -= 1;
    }
    while level_start_xp(level + 1) <= xp {
        level += 1;
    }
    level
}

/// Something a level unlocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unlock {
    /// A machine.
    Machine(MachineId),
    /// Triple and Five Play on every unlocked machine.
    MultiPlay,
    /// Ten, Fifty or Hundred Play (the count) on every unlocked machine.
    Lines(u8),
}

/// Every unlock after the start, in level order.
pub fn unlocks() -> Vec<(u32, Unlock)> {
    let mut all: Vec<(u32, Unlock)> = MachineId::ALL
        .into_iter()
        .filter(|m| m.unlock_level() > 1)
        .map(|m| (m.unlock_level(), Unlock::Machine(m)))
        .collect();
    all.push((MULTI_PLAY_LEVEL, Unlock::MultiPlay));
    all.extend(MANY_LINES_LEVELS.iter().map(|&(count, level)| (level, Unlock::Lines(count))));
    all.sort_by_key(|&(level, _)| level);
    all
}

impl Unlock {
    /// The event id announced when this unlocks: `unlocked:deuces-wild`, `unlocked:multi-play`,
    /// `unlocked:lines-10`.
    pub fn event(self) -> String {
        format!("unlocked:{}", self.id())
    }

    /// Its id: a machine's id, `multi-play`, or `lines-N` for Ten, Fifty and Hundred Play.
    pub fn id(self) -> String {
        match self {
            Unlock::Machine(machine) => machine.id().to_string(),
            Unlock::MultiPlay => "multi-play".to_string(),
            Unlock::Lines(count) => format!("lines-{count}"),
        }
    }
}

/// The next thing to unlock, for the lobby's progress bar.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NextUnlock {
    /// The level that unlocks it.
    pub level: u32,
    /// "machine", "multi-play" or "lines".
    pub kind: &'static str,
    /// The machine, when `kind` is "machine".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine: Option<MachineId>,
    /// The line count, when `kind` is "lines".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lines: Option<u8>,
    /// XP still needed to reach `level`.
    pub xp_needed: u64,
}

/// The first unlock above the level of `xp`, or `None` when everything is open.
pub fn next_unlock(xp: u64) -> Option<NextUnlock> {
    let level = level_for_xp(xp);
    unlocks().into_iter().find(|&(at, _)| at > level).map(|(at, unlock)| NextUnlock {
        level: at,
        kind: match unlock {
            Unlock::Machine(_) => "machine",
            Unlock::MultiPlay => "multi-play",
            Unlock::Lines(_) => "lines",
        },
        machine: match unlock {
            Unlock::Machine(machine) => Some(machine),
            _ => None,
        },
        lines: match unlock {
            Unlock::Lines(count) => Some(count),
            _ => None,
        },
        xp_needed: level_start_xp(at).saturating_sub(xp),
    })
}

/// The unlocks reached when the level goes from `before` to `after` (empty when it did not rise).
pub fn unlocked_between(before: u32, after: u32) -> Vec<Unlock> {
    unlocks().into_iter().filter(|&(at, _)| at > before && at <= after).map(|(_, u)| u).collect()
}

/// Whether a balance is below the smallest bet (with no hand in progress: only daily chips or
/// practice hands can go on).
pub fn broke(chips: u64) -> bool {
    BETS.iter().all(|&bet| u64::from(bet) > chips)
}

/// Whether `machine` is open at `level`.
pub fn machine_unlocked(machine: MachineId, level: u32) -> bool {
    level >= machine.unlock_level()
}

/// The refusal of a bet that is not one of [`BETS`].
pub fn invalid_bet(bet: u32) -> GameError {
    GameError::InvalidBet { bet, bets: BETS.to_vec() }
}

/// A bet: chips per hand, one of [`BETS`]. Made only by [`Bet::new`], where a bet enters (a
/// command's argument, a stored row), and trusted everywhere inside. Serialises as the number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bet(u32);

impl Bet {
    /// The smallest bet (the one a drill or a table uses before any is remembered).
    pub const SMALLEST: Bet = Bet(BETS[0]);

    /// `chips` as a bet, or `invalid-bet`.
    pub fn new(chips: u32) -> Result<Bet, GameError> {
        if BETS.contains(&chips) {
            Ok(Bet(chips))
        } else {
            Err(invalid_bet(chips))
        }
    }

    /// The chips per hand.
    pub fn chips(self) -> u32 {
        self.0
    }
}

/// A number of hands dealt at once (lines): one of [`HAND_COUNTS`]. Made only by [`Lines::new`]
/// where it enters, trusted inside. Serialises as the number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lines(u8);

impl Lines {
    /// One hand.
    pub const ONE: Lines = Lines(1);

    /// `count` as a number of hands, or `invalid-hands`.
    pub fn new(count: u8) -> Result<Lines, GameError> {
        if HAND_COUNTS.contains(&count) {
            Ok(Lines(count))
        } else {
            Err(GameError::InvalidHands { hands: count })
        }
    }

    /// The number of hands.
    pub fn count(self) -> u8 {
        self.0
    }
}

impl Serialize for Bet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u32(self.0)
    }
}

impl<'de> serde::Deserialize<'de> for Bet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Bet, D::Error> {
        Bet::new(u32::deserialize(deserializer)?).map_err(serde::de::Error::custom)
    }
}

impl Serialize for Lines {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0)
    }
}

impl<'de> serde::Deserialize<'de> for Lines {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Lines, D::Error> {
        Lines::new(u8::deserialize(deserializer)?).map_err(serde::de::Error::custom)
    }
}

impl std::fmt::Display for Bet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::fmt::Display for Lines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Checks a history page's `limit` against [`HISTORY_PAGE_MAX`].
pub fn check_history_limit(limit: u32) -> Result<(), GameError> {
    if limit > HISTORY_PAGE_MAX {
        return Err(GameError::HistoryLimit { limit, max: HISTORY_PAGE_MAX });
    }
    Ok(())
}

/// Whether a stored hand is one the game deals at `level`, the level its player had when it was
/// dealt: for chips on a machine open then (`machine`: the machine whose table it was dealt on, a
/// variant's included) with its line count open then; in practice, on any table, with its line
/// count open then; never for chips on a table that is no machine's. `Err` says why not. The one
/// judgment of a stored hand's unlocks: the whole history's walk applies it to every hand, so
/// `verify --all`, the full audit and an import's check refuse the same hands.
pub fn check_dealt(machine: Option<MachineId>, table_id: &str, practice: bool, hands: u8, level: u32) -> Result<(), String> {
    let lines = Lines::new(hands).map_err(|e| e.to_string())?;
    match machine {
        Some(machine) if !practice => check_deal(machine, lines, level).map_err(|e| e.to_string()),
        None if !practice => Err(format!("table '{table_id}' is practised, never played for chips")),
        // A practised table's line count (a machine's too) opens at the level a machine's does.
        _ => check_lines(lines, level).map_err(|e| e.to_string()),
    }
}

/// Checks a deal's machine and number of hands against the player's level (the bet and the count
/// are checked types: [`Bet`], [`Lines`]).
pub fn check_deal(machine: MachineId, hands: Lines, level: u32) -> Result<(), GameError> {
    if !machine_unlocked(machine, level) {
        return Err(GameError::MachineLocked { machine, unlock_level: machine.unlock_level(), level });
    }
    check_lines(hands, level)
}

/// Checks a number of hands against the player's level, on any table (a machine's deal, a
/// practised table's, and the audit of both): `multi-play-locked` below its level.
pub fn check_lines(hands: Lines, level: u32) -> Result<(), GameError> {
    let unlock_level = lines_unlock_level(hands);
    if level < unlock_level {
        return Err(GameError::MultiPlayLocked { hands: hands.count(), unlock_level, level });
    }
    Ok(())
}

/// The one streak rule, for the daily chips and for today's deals alike: a recorded date's streak is
/// the number of consecutive recorded dates ending at it. `dates` ascending, each once; gives each
/// date's streak (the rebuild and the audit's check).
pub fn streaks(dates: &[NaiveDate]) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::with_capacity(dates.len());
    for (i, date) in dates.iter().enumerate() {
        let run = match i.checked_sub(1) {
            Some(before) if dates[before].succ_opt() == Some(*date) => out[before].saturating_add(1),
            _ => 1,
        };
        out.push(run);
    }
    out
}

/// [`streaks`] kept as dates are recorded in any order (a clock set wrong once): recording `day`
/// gives its streak (the day before's, plus one) and the new streak of each consecutive recorded
/// date after it, whose run now starts earlier. `streak_of` reads a recorded date's stored streak.
pub fn record_streak<E>(
    day: NaiveDate,
    mut streak_of: impl FnMut(NaiveDate) -> Result<Option<u32>, E>,
) -> Result<(u32, Vec<(NaiveDate, u32)>), E> {
    let before = match day.pred_opt() {
        Some(before) => streak_of(before)?.unwrap_or(0),
        None => 0,
    };
    let streak = before.saturating_add(1);
    let (mut later, mut run, mut at) = (Vec::new(), streak, day);
    while let Some(next) = at.succ_opt() {
        if streak_of(next)?.is_none() {
            break;
        }
        run = run.saturating_add(1);
        later.push((next, run));
        at = next;
    }
    Ok((streak, later))
}
