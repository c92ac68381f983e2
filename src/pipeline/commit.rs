//! Commitments: what a hand's commitment binds, by the rule it was stored under.
//!
//! A commitment is shown while a hand is in progress and revealed with the seed after the draw, so
//! the player can check that nothing was chosen after they saw the cards. Since schema 15 it binds
//! everything the player chose before the deal, not the seed alone:
//!
//! ```text
//! SHA-256( seed's 32 bytes ‖ "video-poker/2 bet=B lines=N pays=P1,P2,… table=ID" )
//! ```
//!
//! (ASCII, single spaces, the bet in chips per line, the line count, the table's pays per coin in
//! row order, the table's stable id last; docs/VERIFY.md has a vector). A hand dealt with something
//! on screen ends with its field ([`Screen::commit_text`]: ` multipliers=M1,M2,…`, line by line). Older hands keep the rule
//! they were stored under, and which rule applies is fixed by the hand's position in the history,
//! never by a mark on the row (see [`CommitRule`]).

use sha2::{Digest, Sha256};

use crate::shuffle::Seed;
use crate::table::Table;
use crate::rules::Screen;

/// The rule a hand's commitment was made under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CommitRule {
    /// A hand stored before commitments existed (below `committed_from`): it carries none (one it
    /// carries fails: the mark moved). A pasted seed with nothing stored is checked by this rule
    /// too, and a commitment pasted with it is SHA-256 of the seed.
    Legacy,
    /// SHA-256 of the seed's 32 bytes, and the hand must carry it (machine hands from
    /// `committed_from` up to `bound_from`).
    Seed,
    /// A practised table's hand stored before schema 15, never shown a commitment: it carries none.
    Uncommitted,
    /// The bound commitment of the module doc, and the hand must carry it (from `bound_from` on).
    Bound,
}

impl CommitRule {
    /// The rule of the hand `id` on `table` in a history whose commitments began at
    /// `committed_from` and were bound from `bound_from` on.
    pub fn of_hand(id: i64, table: &Table, committed_from: i64, bound_from: i64) -> CommitRule {
        if id >= bound_from {
            CommitRule::Bound
        } else if id < committed_from {
            CommitRule::Legacy
        } else if table.as_machine().is_some() {
            CommitRule::Seed
        } else {
            CommitRule::Uncommitted
        }
    }

    /// Whether a hand under this rule must carry a commitment.
    pub fn required(self) -> bool {
        matches!(self, CommitRule::Seed | CommitRule::Bound)
    }

    /// The commitment a hand under this rule carries (or may carry, for [`CommitRule::Legacy`]),
    /// or `None` for [`CommitRule::Uncommitted`].
    pub fn commitment(self, seed: &Seed, table: &Table, bet: u32, lines: u8, on_screen: Option<&Screen>) -> Option<[u8; 32]> {
        match self {
            CommitRule::Legacy | CommitRule::Seed => Some(seed.commitment()),
            CommitRule::Uncommitted => None,
            CommitRule::Bound => Some(bound(seed, table, bet, lines, on_screen)),
        }
    }
}

/// The text a bound commitment hashes after the seed's bytes (with what is on screen, when the
/// table's rules show something).
pub fn bound_text(table: &Table, bet: u32, lines: u8, on_screen: Option<&Screen>) -> String {
    let pays: Vec<String> = table.pays().iter().map(u32::to_string).collect();
    let mut text = format!("video-poker/2 bet={bet} lines={lines} pays={} table={}", pays.join(","), table.id());
    if let Some(on_screen) = on_screen {
        text.push_str(&on_screen.commit_text());
    }
    text
}

/// The bound commitment: SHA-256 of the seed's 32 bytes followed by [`bound_text`].
pub fn bound(seed: &Seed, table: &Table, bet: u32, lines: u8, on_screen: Option<&Screen>) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(seed.bytes());
    hasher.update(bound_text(table, bet, lines, on_screen).as_bytes());
    hasher.finalize().into()
}
