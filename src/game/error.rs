//! The game layer's one error type, with stable ids the UI translates.
//!
//! A leaf: it imports nothing from the rest of `game`, so every room can use it.
//!
//! Every refusal carries its data (the unlock level, the chips needed, the file) so the UI can say
//! something precise in any language; [`GameError::kind`] is the stable id and the `Serialize`
//! impl gives `{"kind": …, "message": …, …data}`. A refused command changes nothing.

use std::path::PathBuf;

use chrono::NaiveDate;
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{json, Value};

use crate::hold::HoldError;
use crate::machine::{MachineId, UnknownMachine};

/// Why a game command was refused or failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GameError {
    /// The bet (times the number of hands) is more than the balance.
    #[error("not enough chips: this deal costs {needed} and the balance is {available}")]
    InsufficientChips {
        /// Chips the deal costs (bet × hands).
        needed: u64,
        /// Chips the player has.
        available: u64,
    },
    /// A bet that is not 5, 10, 20 or 50 chips.
    #[error("{bet} is not a bet (bets are 5, 10, 20 or 50 chips)")]
    InvalidBet {
        /// The refused bet.
        bet: u32,
        /// The bets there are (the rules' list, carried so the UI can offer them).
        bets: Vec<u32>,
    },
    /// A number of hands that is not 1, 3, 5, 10, 50 or 100.
    #[error("{hands} is not a number of hands (1, 3, 5, 10, 50 or 100)")]
    InvalidHands {
        /// The refused number of hands.
        hands: u8,
    },
    /// A date that is no day the game keeps: not written `YYYY-MM-DD`, not a real date, or outside
    /// 0001-01-01 to 9999-12-31 (a clock set wrong).
    #[error("'{}' is not a day the game keeps (YYYY-MM-DD, from 0001-01-01 to 9999-12-31)", shown(day))]
    InvalidDay {
        /// The refused date, as given.
        day: String,
    },
    /// A machine id that is not one of the five.
    #[error("'{}' is not a machine (expected {})", shown(machine), crate::machine::MachineId::listed())]
    InvalidMachine {
        /// The text given.
        machine: String,
    },
    /// The machine is not unlocked yet.
    #[error("{machine} unlocks at level {unlock_level} (you are level {level})")]
    MachineLocked {
        /// The locked machine.
        machine: MachineId,
        /// The level that unlocks it.
        unlock_level: u32,
        /// The player's level.
        level: u32,
    },
    /// A deal of more hands than the player's level opens (Triple and Five Play at level 10, Ten,
    /// Fifty and Hundred Play later).
    #[error("{hands} hands at once unlock at level {unlock_level} (you are level {level})")]
    MultiPlayLocked {
        /// The hands asked for.
        hands: u8,
        /// The level that unlocks them.
        unlock_level: u32,
        /// The player's level.
        level: u32,
    },
    /// A deal while a hand is waiting for its draw.
    #[error("hand {hand_id} is still in progress: draw it first")]
    HandInProgress {
        /// The hand waiting for its draw.
        hand_id: i64,
    },
    /// A hand to verify that is not a finished hand (unknown, or still waiting for its draw: its seed
    /// stays hidden until then).
    #[error("there is no finished hand {hand_id} (a hand in progress can be verified after its draw)")]
    UnknownHand {
        /// The id asked for.
        hand_id: i64,
    },
    /// A seed to verify that is not 64 hex digits.
    #[error("'{}' is not a seed (64 hex digits)", shown(seed))]
    InvalidSeed {
        /// The text given.
        seed: String,
    },
    /// A lab run stopped by the player (or by a newer run).
    #[error("the lab run was cancelled")]
    LabCancelled,
    /// A lab parameter outside its range.
    #[error("{name} must be between {min} and {max}, not {value}")]
    LabOutOfRange {
        /// The parameter ("samples", "kinds", …).
        name: String,
        /// The value given.
        value: f64,
        /// The smallest value allowed.
        min: f64,
        /// The largest value allowed.
        max: f64,
    },
    /// A lab parameter that is not one of its names (an algorithm, a kind-deal setting).
    #[error("'{}' is not a {name}", shown(value))]
    LabUnknown {
        /// The parameter ("algorithm", "kind-deals").
        name: String,
        /// The text given.
        value: String,
    },
    /// A drill source that is not one of the core's ("hard", "mistakes").
    #[error("'{}' is not a drill source (hard or mistakes)", shown(source_id))]
    UnknownDrillSource {
        /// The text given.
        source_id: String,
        /// The sources there are.
        sources: Vec<&'static str>,
    },
    /// A pay of a lab paytable that is refused: the row (when the problem is one row's) and why.
    #[error("{message}")]
    InvalidPay {
        /// The row id, or null (a wrong number of pays).
        row: Option<String>,
        /// "wrong-count", "not-a-number", "negative", "too-large" or "unknown-row".
        problem: &'static str,
        /// The core's explanation in English.
        message: String,
    },
    /// A saved lab table that does not exist.
    #[error("there is no saved table named '{}'", shown(name))]
    UnknownLabTable {
        /// The name asked for.
        name: String,
    },
    /// A history page of more hands than one page may have.
    #[error("a history page holds at most {max} hands, not {limit}")]
    HistoryLimit {
        /// The number of hands asked for.
        limit: u32,
        /// The most hands one page may have.
        max: u32,
    },
    /// A progress read of more days than one read may have.
    #[error("progress covers at most {max} days at once, not {days}")]
    ProgressLimit {
        /// The number of days asked for.
        days: u32,
        /// The most days one read may have.
        max: u32,
    },
    /// A draw or hint with no hand dealt.
    #[error("no hand is in progress: deal first")]
    NoHandInProgress,
    /// A line count the table's rules do not deal at (`Table::lines`).
    #[error("this table is not dealt on {lines} lines")]
    TableLines {
        /// The line count asked for.
        lines: u8,
    },
    /// A reset of a corrupt file asked for a game that opens and audits healthy: nothing moved.
    #[error("the game in {} opens and audits healthy, so it was not moved aside (this only moves a file the game cannot use)", path.display())]
    NotCorrupt {
        /// The game's file.
        path: PathBuf,
    },
    /// A table to practise that is neither in the library nor a saved lab table.
    #[error("'{}' is not a table of the library or a saved lab table (`vpoker tables` lists the library)", shown(table))]
    UnknownTable {
        /// The id or name given.
        table: String,
    },
    /// A hand for chips asked on a table that is played in practice only (a table of the library or
    /// a saved lab table: chips are bet on the machines).
    #[error("'{}' is played in practice only: chips are bet on the machines", shown(table))]
    PracticeOnly {
        /// The table's id.
        table: String,
    },
    /// A warm-up taken where none is offered today (a game played within the week, never played,
    /// or the day's offers already answered).
    #[error("no warm-up is offered on '{}' today", shown(table))]
    NoWarmUp {
        /// The table's id, as given.
        table: String,
    },
    /// A deal for chips from a seed whoever deals chose (`DealSeed::chosen`, the CLI's `--seed`):
    /// a known seed deals a known hand, so it moves no chips (practice with it is dealt).
    #[error("a chosen seed deals practice hands only: a hand for chips is dealt from the system's seed")]
    ChosenSeedForChips,
    /// A table to drill on which no hold is ever worth more than another (a lab table paying
    /// nothing, say): it has no hard decisions.
    #[error("table '{table}' has no hard decisions to drill: no hold is worth more than another")]
    NoHardHands {
        /// The table's id.
        table: String,
    },
    /// A chart drill on a table that has no chart of the tier (`table_chart::NoTierChart`: a
    /// variant's table, judged with what is on screen, has none).
    #[error("table '{table}' has no chart of a tier to drill by ({reason})")]
    NoTierChart {
        /// The table's id.
        table: String,
        /// Why: the rules' id of the variant (`table::Rules::id`).
        reason: &'static str,
    },
    /// A chart tier that is not one of the three.
    #[error("'{}' is not a chart tier (beginner, intermediate or expert)", shown(tier))]
    UnknownChartTier {
        /// The text given.
        tier: String,
        /// The tiers there are.
        tiers: Vec<&'static str>,
    },
    /// A chart drill that found no hand, among `MAX_DEALS_PER_CHART_QUESTION` deals, on which the
    /// tier's chart holds other than a best hold.
    #[error("the {tier} chart of '{table}' held a best hold on every deal looked at: no hand to drill")]
    NoChartHands {
        /// The table's id.
        table: String,
        /// The tier.
        tier: &'static str,
    },
    /// A hold that is not a 5-bit mask.
    #[error("'{}' is not a hold (a mask 0-31 or five characters of 0 and 1, like 10110)", shown(hold))]
    InvalidHold {
        /// The text given.
        hold: String,
    },
    /// Cards that are not five distinct cards of the table's deck (the hand analyser's).
    #[error("'{}' is not five distinct cards of this table's deck: {message}", shown(cards))]
    InvalidCards {
        /// The text given.
        cards: String,
        /// Why, in English.
        message: String,
    },
    /// What is on screen given for a table that does not show it (each line's multiplier: a
    /// value the table never awards, a count that is not one per line, or any on a plain table).
    #[error("not what this table shows before a deal: {message}")]
    InvalidScreen {
        /// Why, in English.
        message: String,
    },
    /// The daily chips for this date were already collected.
    #[error("the daily chips for {day} were already collected")]
    DailyAlreadyClaimed {
        /// The date passed in.
        day: NaiveDate,
    },
    /// Today's ten deals are all played for this date (each date is played once).
    #[error("today's ten deals for {day} are all played: each date is played once")]
    DailyDealsDone {
        /// The date passed in.
        day: NaiveDate,
    },
    /// A proficiency check's question answered a second time.
    #[error("question {index} of the proficiency check of '{}' on {day} is already answered", shown(table))]
    ProficiencyAnswered {
        /// The table's id.
        table: String,
        /// The check's date.
        day: NaiveDate,
        /// The question's index (0-based).
        index: usize,
    },
    /// A proficiency check's question answered before the ones ahead of it (or one it does not have).
    #[error("question {index} of the proficiency check is not the next one: answer question {next} first")]
    ProficiencyNotNext {
        /// The question's index given (0-based).
        index: usize,
        /// The next question to answer.
        next: usize,
    },
    /// An answer to a proficiency check whose questions are all answered.
    #[error("the proficiency check of '{}' on {day} is complete: one check per game a date", shown(table))]
    ProficiencyDone {
        /// The table's id.
        table: String,
        /// The check's date.
        day: NaiveDate,
    },
    /// An answer to a question of another date's check (only today's check is answered).
    #[error("that question is from the proficiency check of {}, not today's ({today}): only today's check is answered", shown(day))]
    ProficiencyOtherDay {
        /// The question's date, as given (a text that is no date is no question of today's).
        day: String,
        /// Today's date.
        today: NaiveDate,
    },
    /// An unknown setting or a value it does not take.
    #[error("'{}' is not a value of setting '{}' (expected {expected})", shown(value), shown(key))]
    InvalidSetting {
        /// The setting's key.
        key: String,
        /// The refused value.
        value: String,
        /// What the key takes, e.g. "on|off"; "a known key" when the key is unknown.
        expected: String,
    },
    /// The file is not a readable game database (or its ledger does not add up). It was not changed.
    #[error("{} is not a readable game database ({detail}); it was left untouched", path.display())]
    CorruptDatabase {
        /// The file.
        path: PathBuf,
        /// What is wrong, for the curious.
        detail: String,
    },
    /// The file was written by a newer version of the game. It was not changed.
    #[error("{} was written by a newer version of the game (schema {found}, this version knows {supported}); it was left untouched", path.display())]
    NewerDatabase {
        /// The file.
        path: PathBuf,
        /// The schema version in the file.
        found: i64,
        /// The newest schema this version knows.
        supported: i64,
    },
    /// A change asked of a game whose file (or folder) cannot be written: a read-only mount, a file
    /// without write permission. It was opened to be viewed, audited, verified and exported; nothing
    /// changed.
    #[error("{} is read-only: the game can be viewed, checked and exported, not played or changed", path.display())]
    ReadOnly {
        /// The file.
        path: PathBuf,
    },
    /// Reading or writing the database failed (disk full, file locked, permissions…).
    #[error("storage error on {}: {detail}", path.display())]
    Storage {
        /// The file.
        path: PathBuf,
        /// SQLite's or the OS's message.
        detail: String,
    },
}

impl GameError {
    /// The stable id the UI translates.
    pub fn kind(&self) -> &'static str {
        match self {
            GameError::InsufficientChips { .. } => "insufficient-chips",
            GameError::InvalidBet { .. } => "invalid-bet",
            GameError::InvalidHands { .. } => "invalid-hands",
            GameError::InvalidDay { .. } => "invalid-day",
            GameError::InvalidMachine { .. } => "invalid-machine",
            GameError::MachineLocked { .. } => "machine-locked",
            GameError::MultiPlayLocked { .. } => "multi-play-locked",
            GameError::HandInProgress { .. } => "hand-in-progress",
            GameError::UnknownHand { .. } => "unknown-hand",
            GameError::InvalidSeed { .. } => "invalid-seed",
            GameError::LabCancelled => "lab-cancelled",
            GameError::LabOutOfRange { .. } => "lab-out-of-range",
            GameError::LabUnknown { .. } => "lab-unknown",
            GameError::UnknownDrillSource { .. } => "unknown-drill-source",
            GameError::InvalidPay { .. } => "invalid-pay",
            GameError::UnknownLabTable { .. } => "unknown-lab-table",
            GameError::HistoryLimit { .. } => "history-limit",
            GameError::ProgressLimit { .. } => "progress-limit",
            GameError::NoHandInProgress => "no-hand-in-progress",
            GameError::TableLines { .. } => "table-lines",
            GameError::NotCorrupt { .. } => "not-corrupt",
            GameError::UnknownTable { .. } => "unknown-table",
            GameError::PracticeOnly { .. } => "practice-only",
            GameError::ChosenSeedForChips => "chosen-seed-for-chips",
            GameError::NoHardHands { .. } => "no-hard-hands",
            GameError::NoWarmUp { .. } => "no-warm-up",
            GameError::NoTierChart { .. } => "no-tier-chart",
            GameError::UnknownChartTier { .. } => "unknown-chart-tier",
            GameError::NoChartHands { .. } => "no-chart-hands",
            GameError::InvalidHold { .. } => "invalid-hold",
            GameError::InvalidCards { .. } => "invalid-cards",
            GameError::InvalidScreen { .. } => "invalid-screen",
            GameError::DailyAlreadyClaimed { .. } => "daily-already-claimed",
            GameError::DailyDealsDone { .. } => "daily-deals-done",
            GameError::ProficiencyAnswered { .. } => "proficiency-answered",
            GameError::ProficiencyNotNext { .. } => "proficiency-not-next",
            GameError::ProficiencyDone { .. } => "proficiency-done",
            GameError::ProficiencyOtherDay { .. } => "proficiency-other-day",
            GameError::InvalidSetting { .. } => "invalid-setting",
            GameError::CorruptDatabase { .. } => "corrupt-database",
            GameError::NewerDatabase { .. } => "newer-database",
            GameError::ReadOnly { .. } => "read-only",
            GameError::Storage { .. } => "storage",
        }
    }

    /// The variant's data as JSON fields (besides `kind` and `message`).
    pub fn data(&self) -> Vec<(&'static str, Value)> {
        match self {
            GameError::InsufficientChips { needed, available } => {
                vec![("needed", json!(needed)), ("available", json!(available))]
            }
            GameError::InvalidBet { bet, bets } => vec![("bet", json!(bet)), ("bets", json!(bets))],
            GameError::InvalidHands { hands } => vec![("hands", json!(hands))],
            GameError::InvalidDay { day } => vec![("day", json!(shown(day)))],
            GameError::InvalidMachine { machine } => vec![("machine", json!(shown(machine)))],
            GameError::MachineLocked { machine, unlock_level, level } => {
                vec![("machine", json!(machine.id())), ("unlock_level", json!(unlock_level)), ("level", json!(level))]
            }
            GameError::MultiPlayLocked { hands, unlock_level, level } => {
                vec![("hands", json!(hands)), ("unlock_level", json!(unlock_level)), ("level", json!(level))]
            }
            GameError::HandInProgress { hand_id } => vec![("hand_id", json!(hand_id))],
            GameError::UnknownHand { hand_id } => vec![("hand_id", json!(hand_id))],
            GameError::InvalidSeed { seed } => vec![("seed", json!(shown(seed)))],
            GameError::LabCancelled => vec![],
            GameError::LabOutOfRange { name, value, min, max } => {
                vec![("name", json!(name)), ("value", json!(value)), ("min", json!(min)), ("max", json!(max))]
            }
            GameError::LabUnknown { name, value } => vec![("name", json!(name)), ("value", json!(shown(value)))],
            GameError::UnknownDrillSource { source_id, sources } => {
                vec![("source", json!(shown(source_id))), ("sources", json!(sources))]
            }
            GameError::InvalidPay { row, problem, .. } => vec![("row", json!(row)), ("problem", json!(problem))],
            GameError::UnknownLabTable { name } => vec![("name", json!(shown(name)))],
            GameError::HistoryLimit { limit, max } => vec![("limit", json!(limit)), ("max", json!(max))],
            GameError::ProgressLimit { days, max } => vec![("days", json!(days)), ("max", json!(max))],
            GameError::NoHandInProgress | GameError::ChosenSeedForChips => vec![],
            GameError::TableLines { lines } => vec![("lines", json!(lines))],
            GameError::NotCorrupt { path } | GameError::ReadOnly { path } => vec![("path", json!(path.display().to_string()))],
            GameError::UnknownTable { table } | GameError::NoHardHands { table } | GameError::PracticeOnly { table } | GameError::NoWarmUp { table } => {
                vec![("table", json!(shown(table)))]
            }
            GameError::InvalidHold { hold } => vec![("hold", json!(shown(hold)))],
            GameError::InvalidCards { cards, .. } => vec![("cards", json!(shown(cards)))],
            GameError::InvalidScreen { .. } => vec![],
            GameError::NoTierChart { table, reason } => vec![("table", json!(shown(table))), ("reason", json!(reason))],
            GameError::UnknownChartTier { tier, tiers } => vec![("tier", json!(shown(tier))), ("tiers", json!(tiers))],
            GameError::NoChartHands { table, tier } => vec![("table", json!(shown(table))), ("tier", json!(tier))],
            GameError::DailyAlreadyClaimed { day } | GameError::DailyDealsDone { day } => {
                vec![("day", json!(day.to_string()))]
            }
            GameError::ProficiencyAnswered { table, day, index } => {
                vec![("table", json!(shown(table))), ("day", json!(day.to_string())), ("index", json!(index))]
            }
            GameError::ProficiencyNotNext { index, next } => vec![("index", json!(index)), ("next", json!(next))],
            GameError::ProficiencyDone { table, day } => vec![("table", json!(shown(table))), ("day", json!(day.to_string()))],
            GameError::ProficiencyOtherDay { day, today } => {
                vec![("day", json!(shown(day))), ("today", json!(today.to_string()))]
            }
            GameError::InvalidSetting { key, value, expected } => {
                vec![("key", json!(shown(key))), ("value", json!(shown(value))), ("expected", json!(expected))]
            }
            GameError::CorruptDatabase { path, detail } => {
                vec![("path", json!(path.display().to_string())), ("detail", json!(detail))]
            }
            GameError::NewerDatabase { path, found, supported } => vec![
                ("path", json!(path.display().to_string())),
                ("found", json!(found)),
                ("supported", json!(supported)),
            ],
            GameError::Storage { path, detail } => {
                vec![("path", json!(path.display().to_string())), ("detail", json!(detail))]
            }
        }
    }
}

/// The longest refused value an error repeats whole, in characters.
pub const SHOWN_MAX: usize = 64;

/// A refused value as an error repeats it (in its message and its data): whole up to
/// [`SHOWN_MAX`] characters, else its first [`SHOWN_MAX`] and how many there were, so a 100 KB
/// argument is not sent back (twice) to the one who typed it.
pub fn shown(value: &str) -> String {
    match value.char_indices().nth(SHOWN_MAX) {
        None => value.to_string(),
        Some((at, _)) => format!("{}… ({} characters)", &value[..at], value.chars().count()),
    }
}

impl Serialize for GameError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let data = self.data();
        let mut map = serializer.serialize_map(Some(2 + data.len()))?;
        map.serialize_entry("kind", self.kind())?;
        map.serialize_entry("message", &self.to_string())?;
        for (key, value) in &data {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl From<HoldError> for GameError {
    fn from(error: HoldError) -> GameError {
        GameError::InvalidHold { hold: error.0 }
    }
}

impl From<crate::lab::LabError> for GameError {
    fn from(error: crate::lab::LabError) -> GameError {
        match error {
            crate::lab::LabError::Cancelled => GameError::LabCancelled,
            crate::lab::LabError::OutOfRange { name, value, min, max } => {
                GameError::LabOutOfRange { name: name.to_string(), value, min, max }
            }
        }
    }
}

impl From<crate::strategy::custom::PayError> for GameError {
    fn from(error: crate::strategy::custom::PayError) -> GameError {
        use crate::strategy::custom::PayError;
        let problem = match &error {
            PayError::WrongCount { .. } => "wrong-count",
            PayError::NotANumber { .. } => "not-a-number",
            PayError::Negative { .. } => "negative",
            PayError::TooLarge { .. } => "too-large",
            PayError::UnknownRow(_) => "unknown-row",
        };
        GameError::InvalidPay { row: error.row().map(str::to_string), problem, message: error.to_string() }
    }
}

impl From<UnknownMachine> for GameError {
    fn from(error: UnknownMachine) -> GameError {
        GameError::InvalidMachine { machine: error.0 }
    }
}
