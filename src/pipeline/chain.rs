//! The history's chain: every record in the order it happened (each finished hand at its draw,
//! each daily claim, each change of the setting that decides deals), hashed into a Merkle Mountain
//! Range whose head is shown. A head once shown fixes the past it covers: a history rewritten
//! below it (a hand moved, a bet raised, a hand deleted, a hold changed, practice flipped, a nudge
//! erased, claims moved) has no prefix with that head, whatever else was recomputed.
//!
//! Pure: texts from stored fields (no replay, no solver), leaves, the range's peaks, the head and
//! proofs of one record. docs/VERIFY.md ("The history's chain") states the rule with vectors:
//!
//! - a record's text is ASCII, single spaces ([`hand_text`], [`claim_text`], [`setting_text`]);
//! - leaf = SHA-256(0x00 ‖ text); node = SHA-256(0x01 ‖ left ‖ right);
//! - the range of n leaves is one perfect tree per set bit of n, largest (leftmost leaves) first;
//!   its peaks are those trees' roots, left to right;
//! - head = SHA-256("video-poker/head" ‖ n as 8 bytes big-endian ‖ the peaks left to right).

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::card::Card;
use crate::hold::Hold;
use crate::shuffle::{hex, Seed, SeedFrom};
use crate::table::Table;

use super::nudge::{Nudge, NudgeKind, Situation};

/// A hash: a leaf, a node, a peak or a head.
pub type Hash = [u8; 32];

/// What a finished hand's record says, from its stored fields.
#[derive(Clone, Copy, Debug)]
pub struct HandFields<'a> {
    /// The hand's id.
    pub id: i64,
    /// Its table (its id and pays enter the text).
    pub table: &'a Table,
    /// Chips per line.
    pub bet: u32,
    /// Lines dealt at once.
    pub lines: u8,
    /// A practice hand.
    pub practice: bool,
    /// Where its seed came from.
    pub seed_from: SeedFrom,
    /// Its seed.
    pub seed: &'a Seed,
    /// The commitment it carries, if any.
    pub commitment: Option<&'a Hash>,
    /// The kind-deal situation whose bag its dead deal drew from, if any.
    pub situation: Option<Situation>,
    /// Its nudge, if any.
    pub nudge: Option<&'a Nudge>,
    /// The five cards dealt.
    pub dealt: &'a [Card; 5],
    /// The hold drawn with.
    pub hold: Hold,
    /// The total win.
    pub won: u64,
    /// The date it was dealt (`YYYY-MM-DD`), if stored.
    pub day: Option<&'a str>,
    /// The multiplier of each line at the deal, on a table that shows them.
    pub multipliers: Option<&'a [u8]>,
}

/// A finished hand's record text:
/// `video-poker/record hand id=ID table=T pays=P1,… bet=B lines=N practice=0|1 seed_from=system|chosen
/// seed=HEX commitment=HEX|- situation=S|- nudge=KIND,POS,OUT,IN,DECKPOS|- dealt=C1C2C3C4C5 hold=MASK
/// won=W day=YYYY-MM-DD|- multipliers=M1,…|-`.
pub fn hand_text(hand: &HandFields<'_>) -> String {
    let dash = || "-".to_string();
    let pays: Vec<String> = hand.table.pays().iter().map(u32::to_string).collect();
    let nudge = hand.nudge.map_or_else(dash, |n| {
        let kind = match n.kind {
            NudgeKind::FourFlush => "four-flush",
            NudgeKind::Pair => "pair",
        };
        format!("{kind},{},{},{},{}", n.position, n.removed, n.added, n.deck_position)
    });
    let dealt: String = hand.dealt.iter().map(Card::to_string).collect();
    let multipliers =
        hand.multipliers.map_or_else(dash, |m| m.iter().map(u8::to_string).collect::<Vec<_>>().join(","));
    format!(
        "video-poker/record hand id={} table={} pays={} bet={} lines={} practice={} seed_from={} seed={} commitment={} \
         situation={} nudge={nudge} dealt={dealt} hold={} won={} day={} multipliers={multipliers}",
        hand.id,
        hand.table.id(),
        pays.join(","),
        hand.bet,
        hand.lines,
        u8::from(hand.practice),
        match hand.seed_from {
            SeedFrom::System => "system",
            SeedFrom::Chosen => "chosen",
        },
        hex(&hand.seed.bytes()),
        hand.commitment.map_or_else(dash, |c| hex(c)),
        hand.situation.map_or_else(dash, |s| s.id().to_string()),
        hand.hold.mask(),
        hand.won,
        hand.day.map_or_else(dash, str::to_string),
    )
}

/// A daily claim's record text: `video-poker/record claim day=YYYY-MM-DD amount=A after_hand=K|-`
/// (`-` for a claim made before places were recorded).
pub fn claim_text(day: &str, amount: i64, after_hand: Option<i64>) -> String {
    let after = after_hand.map_or_else(|| "-".to_string(), |k| k.to_string());
    format!("video-poker/record claim day={day} amount={amount} after_hand={after}")
}

/// A setting's record text: `video-poker/record setting key=K value=V after_hand=K` (the newest
/// hand dealt when it was set, 0 before any).
pub fn setting_text(key: &str, value: &str, after_hand: i64) -> String {
    format!("video-poker/record setting key={key} value={value} after_hand={after_hand}")
}

/// SHA-256(0x00 ‖ text).
pub fn leaf(text: &str) -> Hash {
    let mut hasher = Sha256::new();
    hasher.update([0u8]);
    hasher.update(text.as_bytes());
    hasher.finalize().into()
}

/// SHA-256(0x01 ‖ left ‖ right).
pub fn node(left: &Hash, right: &Hash) -> Hash {
    let mut hasher = Sha256::new();
    hasher.update([1u8]);
    hasher.update(left);
    hasher.update(right);
    hasher.finalize().into()
}

/// SHA-256("video-poker/head" ‖ records as 8 bytes big-endian ‖ the peaks left to right).
pub fn head_of(records: u64, peaks: &[Hash]) -> Hash {
    let mut hasher = Sha256::new();
    hasher.update(b"video-poker/head");
    hasher.update(records.to_be_bytes());
    for peak in peaks {
        hasher.update(peak);
    }
    hasher.finalize().into()
}

/// The heights of the perfect trees of a range of `records` leaves, left to right.
fn heights(records: u64) -> Vec<u32> {
    (0..64).rev().filter(|h| records >> h & 1 == 1).collect()
}

/// A Merkle Mountain Range: how many leaves and the peaks, left to right (one per set bit of the
/// count). Extending it costs O(log n); so does its head.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mmr {
    records: u64,
    peaks: Vec<Hash>,
}

impl Mmr {
    /// The empty range.
    pub fn new() -> Mmr {
        Mmr::default()
    }

    /// A range from a stored count and peaks, or `None` when the peaks are not one per set bit.
    pub fn from_parts(records: u64, peaks: Vec<Hash>) -> Option<Mmr> {
        (peaks.len() == records.count_ones() as usize).then_some(Mmr { records, peaks })
    }

    /// Adds a leaf on the right.
    pub fn push(&mut self, leaf: Hash) {
        self.push_nodes(leaf, |_, _, _| {});
    }

    /// Adds a leaf on the right, calling `made(height, index, root)` for each perfect tree the
    /// leaf completes (heights 1 and up, lowest first): the tree of height h at index i covers
    /// leaves i·2^h to (i+1)·2^h − 1 (from 0).
    pub fn push_nodes(&mut self, leaf: Hash, mut made: impl FnMut(u32, u64, &Hash)) {
        let mut acc = leaf;
        let at = self.records;
        // Each trailing one of the old count is a tree of the new leaf's height to merge with.
        for height in 1..=self.records.trailing_ones() {
            let left = self.peaks.pop().expect("a peak per set bit");
            acc = node(&left, &acc);
            made(height, at >> height, &acc);
        }
        self.peaks.push(acc);
        self.records += 1;
    }

    /// How many leaves.
    pub fn records(&self) -> u64 {
        self.records
    }

    /// The peaks, left to right.
    pub fn peaks(&self) -> &[Hash] {
        &self.peaks
    }

    /// The head.
    pub fn head(&self) -> Hash {
        head_of(self.records, &self.peaks)
    }
}

/// A head as shown: how many records and the 64 hex digits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Head {
    /// How many records it covers.
    pub records: u64,
    /// The head, lowercase hex.
    pub hex: String,
}

impl Head {
    /// The shown head of `mmr`.
    pub fn of(mmr: &Mmr) -> Head {
        Head { records: mmr.records, hex: hex(&mmr.head()) }
    }
}

/// A proof that one record is the `index`-th (from 0) of a history whose first `records` records
/// have head `head`: its text, the siblings on the way up its tree (lowest first) and the other
/// peaks. Checked by [`check_proof`] with nothing else.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proof {
    /// The format: `video-poker/proof-1`.
    pub format: String,
    /// The record's text.
    pub text: String,
    /// Its place, from 0.
    pub index: u64,
    /// How many records the head covers.
    pub records: u64,
    /// The siblings from the leaf up to its peak, lowest first (hex).
    pub path: Vec<String>,
    /// The peaks left of the record's, left to right (hex).
    pub left_peaks: Vec<String>,
    /// The peaks right of the record's, left to right (hex).
    pub right_peaks: Vec<String>,
    /// The head (hex).
    pub head: String,
}

/// The proof of leaf `index` among `leaves` (all the leaves the head covers).
pub fn prove(leaves: &[Hash], index: u64, text: String) -> Option<Proof> {
    prove_by(leaves.len() as u64, index, text, |height, at| {
        let size = 1usize << height;
        let first = usize::try_from(at).ok()?.checked_mul(size)?;
        leaves.get(first..first.checked_add(size)?).map(root)
    })
}

/// The proof of leaf `index` of a range of `records` leaves, from `tree(h, i)`: the root of the
/// perfect tree of height h at index i (a leaf when h = 0), or `None` when it cannot be had. It
/// asks for at most one tree per level of the record's tree (its siblings) and one per peak, so
/// O(log n) of them, whatever the history's length.
pub fn prove_by(records: u64, index: u64, text: String, mut tree: impl FnMut(u32, u64) -> Option<Hash>) -> Option<Proof> {
    if index >= records {
        return None;
    }
    let mut start = 0u64;
    let (mut left, mut right, mut path, mut peaks) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for h in heights(records) {
        let size = 1u64 << h;
        let peak = tree(h, start >> h)?;
        if index >= start && index < start + size {
            // The siblings on the way up, lowest first.
            for level in 0..h {
                path.push(hex(&tree(level, (index >> level) ^ 1)?));
            }
        } else if index < start {
            right.push(hex(&peak));
        } else {
            left.push(hex(&peak));
        }
        peaks.push(peak);
        start += size;
    }
    Some(Proof {
        format: PROOF_FORMAT.to_string(),
        text,
        index,
        records,
        path,
        left_peaks: left,
        right_peaks: right,
        head: hex(&head_of(records, &peaks)),
    })
}

/// The format a proof names.
pub const PROOF_FORMAT: &str = "video-poker/proof-1";

/// The root of a perfect tree of leaves (a power of two of them, at least one).
pub fn root(tree: &[Hash]) -> Hash {
    let mut level = tree.to_vec();
    while level.len() > 1 {
        level = level.chunks(2).map(|pair| node(&pair[0], &pair[1])).collect();
    }
    level[0]
}

fn unhex(text: &str) -> Option<Hash> {
    let seed: Seed = text.parse().ok()?;
    Some(seed.bytes())
}

/// Checks a proof by the rule of the module doc alone: `Ok` when the record's leaf, climbed with
/// its path into the tree the index and the count give, and put among the other peaks, gives the
/// head; else what fails.
pub fn check_proof(proof: &Proof) -> Result<(), String> {
    if proof.format != PROOF_FORMAT {
        return Err(format!("not a proof of this format: {}", proof.format));
    }
    if proof.index >= proof.records {
        return Err(format!("index {} is not below the records {}", proof.index, proof.records));
    }
    let hashes = |list: &[String]| list.iter().map(|h| unhex(h)).collect::<Option<Vec<Hash>>>();
    let (Some(path), Some(left), Some(right), Some(head)) =
        (hashes(&proof.path), hashes(&proof.left_peaks), hashes(&proof.right_peaks), unhex(&proof.head))
    else {
        return Err("a hash that is not 64 hex digits".to_string());
    };
    // Which tree holds the index, from the count alone.
    let mut start = 0u64;
    let trees = heights(proof.records);
    let Some((at, height, first)) = trees.iter().enumerate().find_map(|(k, &h)| {
        let size = 1u64 << h;
        let found = (proof.index >= start && proof.index < start + size).then_some((k, h, start));
        start += size;
        found
    }) else {
        return Err("no tree holds the index".to_string());
    };
    if path.len() != height as usize || left.len() != at || right.len() != trees.len() - at - 1 {
        return Err(format!(
            "the path or the peaks do not fit {} records: record {} is in a tree of height {height}, peak {} of {}",
            proof.records,
            proof.index,
            at + 1,
            trees.len()
        ));
    }
    let mut acc = leaf(&proof.text);
    let offset = proof.index - first;
    for (level, sibling) in path.iter().enumerate() {
        acc = if offset >> level & 1 == 0 { node(&acc, sibling) } else { node(sibling, &acc) };
    }
    let peaks: Vec<Hash> = left.into_iter().chain(std::iter::once(acc)).chain(right).collect();
    if head_of(proof.records, &peaks) == head {
        Ok(())
    } else {
        Err("the record, its path and the peaks do not give the head".to_string())
    }
}
