//! What the UI reads: the state after a command, hints. Plain data, serialised as snake_case JSON.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::machine::{MachineId, PayRow};

use super::daily::DailyView;
use crate::game::hands::HandRecord;
use crate::game::rules::{self, Bet, Lines, NextUnlock};
use crate::game::settings::Settings;

/// Everything the lobby and a machine screen show, after any command.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// The balance.
    pub chips: u64,
    /// The level (1 at the start, no cap).
    pub level: u32,
    /// XP: chips wagered on real hands.
    pub xp: u64,
    /// XP at which the current level was reached.
    pub level_start_xp: u64,
    /// XP at which the next level is reached.
    pub next_level_xp: u64,
    /// Unlocked machines, in unlock order.
    pub unlocked: Vec<MachineId>,
    /// Whether Triple and Five Play are unlocked.
    pub multi_play: bool,
    /// Every line count (1, 3, 5, 10, 50, 100) with the level that unlocks it and whether it is open.
    pub lines: Vec<rules::LineChoice>,
    /// The next unlock, or null when everything is open.
    pub next_unlock: Option<NextUnlock>,
    /// The daily chips.
    pub daily: DailyView,
    /// Settings and preferences.
    pub settings: Settings,
    /// The last bet per machine id.
    pub last_bet: BTreeMap<String, Bet>,
    /// The last number of hands per machine id.
    pub last_hands: BTreeMap<String, Lines>,
    /// The hand waiting for its draw, if any.
    pub hand: Option<HandView>,
    /// The most recent finished hand, if any.
    pub last_hand: Option<HandRecord>,
    /// Losing hands in a row (real hands that paid back less than they cost).
    pub losing_streak: u32,
    /// All five machines with their paytables, so the UI never hard-codes one.
    pub machines: Vec<MachineView>,
    /// The bets a hand may have.
    pub bets: [u32; 4],
    /// The bet a game starts at before the player chose one (on a machine never played, a table's
    /// practice).
    pub default_bet: u32,
    /// The numbers of hands a deal may have.
    pub hand_counts: [u8; 6],
    /// The warm-up taken today, if one was (`{table, decisions, answered, done}`): how many of its
    /// decisions are answered is the core's count.
    pub warm_up_run: Option<crate::game::training::warm_up::WarmUpRun>,
    /// No hand is in progress and the balance is below the smallest bet: only the daily chips or
    /// practice hands can go on.
    pub broke: bool,
    /// The game's file (or folder) may not be written (a read-only mount, a file without write
    /// permission): it can be viewed, checked and exported, and every change answers `read-only`.
    pub read_only: bool,
    /// The head of the history's chain (`{records, hex}`, docs/VERIFY.md "The history's chain"):
    /// noted once, it fixes the past it covers (`vpoker verify --all --head HEX`).
    pub head: crate::pipeline::chain::Head,
    /// What the command that returned this state caused, for the UI to celebrate:
    /// "level-up", "unlocked:deuces-wild", "unlocked:multi-play", "nudged", "daily-claimed".
    /// Always empty from `Game::state`.
    pub events: Vec<String>,
}

/// The hand in progress, on any table. Its seed is not shown until the draw (it would reveal the
/// draw).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HandView {
    /// The hand's id.
    pub id: i64,
    /// The table's id (a machine's, one of its variants', a library or lab table's).
    pub table: String,
    /// What the table is called, for a UI to write in its language.
    pub label: crate::table::TableLabel,
    /// The machine, when the table is a machine's (null for a practised casino or lab table).
    pub machine: Option<MachineId>,
    /// Chips per hand.
    pub bet: u32,
    /// Hands dealt at once: 1, 3, 5, 10, 50 or 100.
    pub hands: u8,
    /// The multiplier each line was dealt with (on a variant that shows one; null on a plain deal).
    pub multipliers: Option<Vec<u8>>,
    /// What each line shows while the hand is played (`rules::dealt_with`: what it is dealt with
    /// and whether it is lit), on a variant that shows something; null on a plain deal.
    pub screen: Option<Vec<crate::rules::ScreenLine>>,
    /// A practice hand.
    pub practice: bool,
    /// Chips at stake: `Table::stake`, bet × hands × the rules' coins a line (practice too: its chip figures are
    /// shown at this stake).
    pub stake: u64,
    /// The five cards dealt.
    pub cards: [Card; 5],
    /// Whether a kind deal nudged it (details in the history after the draw).
    pub nudged: bool,
    /// The commitment to the hidden seed: SHA-256 of its 32 bytes, lowercase hex (null only for a
    /// hand dealt before commitments existed). After the draw the seed is revealed and can be checked.
    pub commitment: Option<String>,
    /// The best hold.
    pub best_hold: Hold,
    /// Its EV per coin.
    pub best_ev: f64,
    /// With the `auto-hold` setting on, the hold the deal arrives with on a play screen (the best
    /// hold; the player may change it); null when the setting is off.
    pub auto_held: Option<Hold>,
}

/// A machine in the lobby.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MachineView {
    /// The machine id.
    pub id: MachineId,
    /// The level that unlocks it.
    pub unlock_level: u32,
    /// Whether it is unlocked.
    pub unlocked: bool,
    /// Its paytable, best row first: [{id, pay}] per coin.
    pub paytable: Vec<PayRow>,
    /// The tables it is also dealt as under other rules, each with its rules' id, line counts and
    /// start (`library::variants`; every machine's game but one has a multiplier table): what its
    /// screen offers beside the plain game, and what those hands and drills are dealt on.
    pub variants: Vec<crate::library::Variant>,
    /// A warm-up offered on it today (`{last_played, days_away, decisions}`: last played a week or
    /// more ago, no offer answered today; docs/TRAINING.md), or null.
    pub warm_up: Option<crate::game::training::warm_up::WarmUp>,
}

/// The strategy hint for the hand in progress, on any table. With something on screen (a
/// variant's multipliers) every EV is the hold's value with it, per coin of the table's
/// bet (`rules::hand_evs`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hint {
    /// What the screen adds (`rules::ScreenHint`: what is on screen, the plain game's best hold
    /// and what it gives up); null on a table whose rules show nothing.
    pub screen: Option<crate::rules::ScreenHint>,
    /// The hand's id.
    pub hand_id: i64,
    /// The table's id.
    pub table: String,
    /// What the table is called, for a UI to write in its language.
    pub label: crate::table::TableLabel,
    /// The machine, when the table is a machine's (null otherwise).
    pub machine: Option<MachineId>,
    /// The five cards dealt.
    pub cards: [Card; 5],
    /// Chips per hand.
    pub bet: u32,
    /// Hands dealt at once: 1, 3, 5, 10, 50 or 100.
    pub hands: u8,
    /// Chips at stake: bet × hands. Every `_chips` figure is per coin × this.
    pub stake: u64,
    /// All 32 holds, best first (ties: fewer cards held, then smaller mask).
    pub holds: Vec<crate::pipeline::settle::HintHold>,
    /// The best hold.
    pub best_hold: Hold,
    /// Its EV per coin.
    pub best_ev: f64,
    /// The machine's strategy chart on this hand: the line it plays (and its hold), the line of the
    /// exact best hold, and whether the chart's hold is as good as the best. Null on another table
    /// (its chart is generated on request: `table_tiers`).
    pub chart: Option<crate::strategy::chart::Advice>,
    /// The chart tier the player plays by (`chart-tier`): "expert", "intermediate" or "beginner".
    pub chart_tier: String,
}
