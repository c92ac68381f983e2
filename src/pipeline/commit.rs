//! Commitments: what a hand's commitment binds, by the rule it was stored under.
//!
//! A commitment is shown while a hand is in progress and revealed with the seed after the draw, so
//! the player can check that nothing was chosen after they saw the cards. Since schema 15 it binds
//! everything the player chose before the deal, not the seed alone; since schema 26 also whether
//! the hand is practice and where its seed came from:
//!
//! ```text
//! SHA-256( seed's 32 bytes ‖ "video-poker/3 bet=B lines=N practice=0|1 seed=system|chosen pays=P1,P2,… table=ID" )
//! SHA-256( seed's 32 bytes ‖ "video-poker/2 bet=B lines=N pays=P1,P2,… table=ID" )   (schemas 15–25)
//! ```
//!
//! (ASCII, single spaces, the bet in chips per line, the line count, the table's pays per coin in
//! row order, the table's stable id last; docs/VERIFY.md has vectors). A hand dealt with something
//! on screen ends with its field ([`Screen::commit_text`]: ` multipliers=M1,M2,…`, line by line). Older hands keep the rule
//! they were stored under, and which rule applies is fixed by the hand's position in the history,
//! never by a mark on the row (see [`CommitRule`]).

use sha2::{Digest, Sha256};

use crate::shuffle::{Seed, SeedFrom};
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
    /// The bound commitment of schemas 15–25 ("video-poker/2"), and the hand must carry it (from
    /// `bound_from` up to `origin_from`).
    Bound,
    /// The bound commitment with the hand's practice flag and its seed's origin ("video-poker/3"),
    /// and the hand must carry it (from `origin_from` on).
    Origin,
}

/// What a commitment binds besides the seed: everything chosen before the deal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Terms<'a> {
    /// The table.
    pub table: &'a Table,
    /// Chips per line.
    pub bet: u32,
    /// Lines dealt at once.
    pub lines: u8,
    /// A practice hand (no chips).
    pub practice: bool,
    /// Where the seed came from.
    pub seed_from: SeedFrom,
    /// What was on screen at the deal, when the table's rules show something.
    pub on_screen: Option<&'a Screen>,
}

impl CommitRule {
    /// The rule of the hand `id` on `table` in a history whose commitments began at
    /// `committed_from`, were bound from `bound_from` on and bound the practice flag and the seed's
    /// origin from `origin_from` on.
    pub fn of_hand(id: i64, table: &Table, committed_from: i64, bound_from: i64, origin_from: i64) -> CommitRule {
        if id >= origin_from {
            CommitRule::Origin
        } else if id >= bound_from {
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
        matches!(self, CommitRule::Seed | CommitRule::Bound | CommitRule::Origin)
    }

    /// The commitment a hand under this rule carries (or may carry, for [`CommitRule::Legacy`]),
    /// or `None` for [`CommitRule::Uncommitted`].
    pub fn commitment(self, seed: &Seed, terms: &Terms<'_>) -> Option<[u8; 32]> {
        match self {
            CommitRule::Legacy | CommitRule::Seed => Some(seed.commitment()),
            CommitRule::Uncommitted => None,
            CommitRule::Bound => Some(bound(seed, terms.table, terms.bet, terms.lines, terms.on_screen)),
            CommitRule::Origin => Some(origin(seed, terms)),
        }
    }
}

/// The text the commitment of [`CommitRule::Origin`] hashes after the seed's bytes.
pub fn origin_text(terms: &Terms<'_>) -> String {
    let Terms { table, bet, lines, practice, seed_from, on_screen } = *terms;
    let pays: Vec<String> = table.pays().iter().map(u32::to_string).collect();
    let seed = match seed_from {
        SeedFrom::System => "system",
        SeedFrom::Chosen => "chosen",
    };
    let mut text = format!(
        "video-poker/3 bet={bet} lines={lines} practice={} seed={seed} pays={} table={}",
        u8::from(practice),
        pays.join(","),
        table.id()
    );
    if let Some(on_screen) = on_screen {
        text.push_str(&on_screen.commit_text());
    }
    text
}

/// The commitment of [`CommitRule::Origin`]: SHA-256 of the seed's 32 bytes followed by
/// [`origin_text`]. What every hand dealt since schema 26 carries.
pub fn origin(seed: &Seed, terms: &Terms<'_>) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(seed.bytes());
    hasher.update(origin_text(terms).as_bytes());
    hasher.finalize().into()
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
