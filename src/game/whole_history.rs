//! The whole history checked (`vpoker verify --all`, the Fairness screen's "Check my whole
//! history"): every hand verified from its seed as `vpoker verify --hand` does, dealt at a level
//! that had opened its machine and line count (`rules::check_dealt`), and every kind-deal
//! decision replayed in order by [`crate::pipeline::decisions`] (the balance from the starting chips,
//! each daily claim where it fell, each hand's bet and win; the losing streak; each bag from empty,
//! refilled from the refilling hand's seed), then the bags it leaves compared with the stored ones.
//!
//! Stops at the first hand the history does not give, and names it. One snapshot (the caller's read
//! transaction), one row at a time: memory stays flat at any history length. The hand in progress
//! is replayed too (its bag draw is already made) but nothing of it is shown.

use std::sync::atomic::{AtomicBool, Ordering};

use rusqlite::Connection;
use serde::Serialize;

use crate::pipeline::settle::earned;
use crate::rules::Carry;
use crate::pipeline::decisions::{DecisionCounts, Decisions, HistoryHand};
use crate::pipeline::verify::verify;
use crate::pipeline::Situation;

use super::error::GameError;
use super::rules;
use super::hands::{each_hand, next_hand_id};
use super::hands::HandRecord;
use super::store::player::{self, CommitMarks, StoredClaim};
use super::store::{corrupt, Failure, Res};

/// Hands between two progress reports (and cancel checks).
const CHUNK: u64 = 4096;

/// What the whole-history check found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HistoryCheck {
    /// Every hand verified and every decision given by the history before it, and the bags it
    /// leaves are the stored ones.
    pub verified: bool,
    /// What the replay met: hands, practice hands, bag draws, nudges, dead deals with kind deals
    /// off, situations left open by claims of unknown place.
    #[serde(flatten)]
    pub counts: DecisionCounts,
    /// Daily claims, and those whose place among the hands was not recorded (made before this
    /// version of the game).
    pub claims: u64,
    /// Claims whose place among the hands is not recorded.
    pub unordered_claims: u64,
    /// The first hand id that must carry a commitment.
    pub committed_from: i64,
    /// Whether the bags the history leaves are the stored ones (null when the check stopped before).
    pub bags_match: Option<bool>,
    /// Whether the profile (chips, losing run, XP and so the level) is where the history ends
    /// (null when the check stopped before).
    pub profile_matches: Option<bool>,
    /// The first thing the history does not give, if any.
    pub failure: Option<HistoryFailure>,
    /// The head of the history's chain (docs/VERIFY.md, "The history's chain").
    pub head: crate::pipeline::chain::Head,
}

/// The first hand (or the bags) the history does not give.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HistoryFailure {
    /// The hand, or null for the bags at the end.
    pub hand: Option<i64>,
    /// Which check: `record` (the row), `commitment`, `deal`, `draws` (as `verify --hand`),
    /// `unlock` (a machine or line count the player's level had not opened when it was dealt),
    /// `decision` (the kind-deal decision), `bags` or `profile` (where the history ends).
    pub check: &'static str,
    /// What did not match, in words.
    pub detail: String,
}

/// What the walk gives its caller of each verified hand, besides checking it.
pub(crate) enum EachHand<'a> {
    /// Nothing (`verify --all`).
    Verify,
    /// The hand as the player sees it (`StoredHand::record`), given hand after hand in id order once
    /// the hand has passed the one verification (the full audit: one walk for both).
    Records(&'a mut dyn FnMut(&HandRecord) -> Res<()>),
}

/// Checks the whole history in `conn`'s snapshot; `progress(done, total)` is told how far it is
/// (in hand ids), and `cancel` stops it with `lab-cancelled`.
pub(crate) fn check(conn: &Connection, progress: &dyn Fn(u64, u64), cancel: &AtomicBool) -> Res<HistoryCheck> {
    walk(conn, progress, cancel, EachHand::Verify)
}

/// [`check`], each hand checked as `each` says.
pub(crate) fn walk(conn: &Connection, progress: &dyn Fn(u64, u64), cancel: &AtomicBool, mut each: EachHand) -> Res<HistoryCheck> {
    let History { start, committed_from, bound_from, origin_from, claims: all_claims, unplaced_claims, .. } = header(conn)?;
    let marks = CommitMarks { committed_from, bound_from, origin_from };
    let total = u64::try_from(next_hand_id(conn)? - 1).unwrap_or(0);
    let (unordered, ordered): (Vec<_>, Vec<_>) = all_claims.iter().partition(|c| c.after_hand.is_none());
    let unordered_chips = unordered.iter().try_fold(0u64, |sum, c| player::add(sum, c.amount, "the unordered claims"))?;
    let mut decisions = Decisions::new(start, unordered_chips);
    let mut claims = ordered.iter().map(|c| (c.after_hand.unwrap_or(0), c.amount)).peekable();
    let mut failure: Option<HistoryFailure> = None;
    if let Some(claim) = all_claims.iter().find(|c| c.amount != rules::DAILY_CHIPS) {
        failure = Some(HistoryFailure {
            hand: None,
            check: "record",
            detail: format!("the claim of {} is {} chips, not the {} a day gives", claim.day, claim.amount, rules::DAILY_CHIPS),
        });
    }
    // Each claim in its place among the hands: one moved or stripped of its place would move the
    // situations the kind deals were decided in.
    if failure.is_none() {
        if let Some(detail) = player::claim_order_problems(conn, unplaced_claims)?.into_iter().next() {
            failure = Some(HistoryFailure { hand: None, check: "record", detail });
        }
    }
    // Each claim's date, chips and streak (the run of claimed dates ending at it) and its ledger
    // row, judged by the one rule the full audit lists its claim problems by (which it does itself,
    // all of them: here the first one fails the check).
    if failure.is_none() && matches!(each, EachHand::Verify) {
        if let Some(detail) = player::claim_problems(conn, rules::DAILY_CHIPS)?.into_iter().next() {
            failure = Some(HistoryFailure { hand: None, check: "record", detail });
        }
    }
    let mut seen = 0u64;
    let mut expected_id = 1i64;
    // After the first failure the walk reads on without replaying (the replay cannot go on).
    each_hand(conn, 0, |row| {
        if failure.is_some() {
            return Ok(());
        }
        let mut fail = |hand, check, detail| {
            failure = Some(HistoryFailure { hand, check, detail });
            Ok(())
        };
        let hand = match row {
            Ok(hand) => hand,
            Err(detail) => return fail(None, "record", detail),
        };
        // Hand ids run 1, 2, 3 … with no gap: the game never deletes a hand.
        if hand.id != expected_id {
            return fail(Some(expected_id), "record", format!("hand {expected_id} is missing from the history"));
        }
        expected_id += 1;
        while let Some(&(_, chips)) = claims.peek().filter(|(after, _)| *after < hand.id) {
            decisions.claim(chips);
            claims.next();
        }
        // The one rule for every hand, whoever walks: as `vpoker verify --hand` checks it.
        let verification = verify(&hand.claim(marks));
        if !verification.verified {
            let checks = verification.checks;
            let check = [("commitment", checks.commitment), ("deal", checks.deal), ("draws", checks.draws)]
                .into_iter()
                .find(|(_, c)| *c == Some(false))
                .map_or("record", |(name, _)| name);
            return fail(Some(hand.id), check, verification.failures.join("; "));
        }
        // Dealt as the game deals at the level its player had then (XP: the chips bet before it).
        let level = rules::level_for_xp(u64::try_from(decisions.end().xp).unwrap_or(u64::MAX));
        if let Err(refused) = rules::check_dealt(hand.machine(), hand.table.id(), hand.practice, hand.n_hands, level) {
            return fail(Some(hand.id), "unlock", format!("dealt at level {level}, which the game refuses: {refused}"));
        }
        if let EachHand::Records(give) = &mut each {
            match hand.record(marks) {
                Ok(record) => give(&record)?,
                // A verified hand always replays into its record; if one did not, say where.
                Err(Failure::Corrupt(detail)) => return fail(Some(hand.id), "record", detail),
                Err(other) => return Err(other),
            }
        }
        let replayed = HistoryHand {
            id: hand.id,
            table: hand.table.clone(),
            bet: hand.bet.chips(),
            n_hands: hand.n_hands,
            practice: hand.practice,
            seed: hand.seed,
            situation: hand.situation,
            nudge: hand.nudge,
            won: hand.drawn.map(|(_, won)| won),
            multipliers: hand.multipliers.as_ref().map(|m| m.values().to_vec()),
            carry: Carry::of(
                &hand.table,
                hand.bet.chips(),
                hand.n_hands,
                hand.practice,
                if hand.drawn.is_some() { earned(&verification.hands) } else { Vec::new() },
            ),
        };
        if let Err(mismatch) = decisions.hand(&replayed) {
            return fail(Some(hand.id), "decision", mismatch.to_string());
        }
        seen += 1;
        if seen % CHUNK == 0 {
            if cancel.load(Ordering::SeqCst) {
                return Err(GameError::LabCancelled.into());
            }
            progress(u64::try_from(hand.id).unwrap_or(0).min(total), total);
        }
        Ok(())
    })?;
    let mut bags_match = None;
    let last = i64::try_from(total).unwrap_or(i64::MAX);
    if failure.is_none() {
        // The claims made after the last hand count towards where the history ends.
        while let Some(&(_, chips)) = claims.peek().filter(|(after, _)| *after <= last) {
            decisions.claim(chips);
            claims.next();
        }
        if let Some(&(after, _)) = claims.peek().filter(|(after, _)| *after > i64::try_from(total).unwrap_or(i64::MAX)) {
            failure = Some(HistoryFailure {
                hand: None,
                check: "record",
                detail: format!("a daily claim is recorded after hand {after}, which does not exist"),
            });
        }
    }
    if failure.is_none() {
        let mut differ = Vec::new();
        for (situation, replayed) in Situation::ALL.iter().zip(decisions.bags()) {
            let stored = player::bag(conn, *situation)?;
            if stored.remaining() != replayed.remaining() || stored.last() != replayed.last() {
                differ.push(situation.id());
            }
        }
        bags_match = Some(differ.is_empty());
        if !differ.is_empty() {
            failure = Some(HistoryFailure {
                hand: None,
                check: "bags",
                detail: format!("the stored {} bag is not what the history leaves", differ.join(" and ")),
            });
        }
    }
    let mut profile_matches = None;
    if failure.is_none() {
        let end = decisions.end();
        let profile = player::profile(conn)?;
        let mut differ = Vec::new();
        if end.chips != i128::from(profile.chips) {
            differ.push(format!("chips {} (the history leaves {})", profile.chips, end.chips));
        }
        if end.losing_streak != profile.losing_streak {
            differ.push(format!("losing run {} (the history leaves {})", profile.losing_streak, end.losing_streak));
        }
        if end.xp != u128::from(profile.xp) {
            differ.push(format!("XP {} (the history leaves {})", profile.xp, end.xp));
        }
        profile_matches = Some(differ.is_empty());
        if !differ.is_empty() {
            failure = Some(HistoryFailure {
                hand: None,
                check: "profile",
                detail: format!("the stored profile says {}", differ.join(", ")),
            });
        }
    }
    progress(total, total);
    // The chain: every finished hand and claim a record once, in order (the truth); what the
    // leaves and peaks derive is the audit's to repair.
    let failure = match failure {
        None => super::hands::chain::problems(conn)?
            .into_iter()
            .next()
            .map(|detail| HistoryFailure { hand: None, check: "chain", detail }),
        some => some,
    };
    Ok(HistoryCheck {
        head: super::hands::chain::head(conn)?,
        profile_matches,
        verified: failure.is_none(),
        counts: decisions.counts(),
        claims: all_claims.len() as u64,
        unordered_claims: unordered.len() as u64,
        committed_from,
        bags_match,
        failure,
    })
}

/// What the whole history starts from, besides its hands: what `vpoker play history --all` prints
/// before the hands (and a verifier needs to replay the decisions).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct History {
    /// The starting chips.
    pub start: u64,
    /// The first hand id that must carry a commitment.
    pub committed_from: i64,
    /// The first hand id whose commitment binds its table, bet and line count (docs/VERIFY.md).
    pub bound_from: i64,
    /// The first hand id whose commitment binds its practice flag and its seed's origin too
    /// (docs/VERIFY.md).
    pub origin_from: i64,
    /// Every daily claim, in the order made (those of unknown place first).
    pub claims: Vec<StoredClaim>,
    /// How many claims have no place among the hands: those made before places were recorded,
    /// counted once by migration 19 (exactly that many claims have `after_hand` null).
    pub unplaced_claims: i64,
    /// The hand in progress, if any (not among the exported hands: its seed is still hidden; the
    /// profile and the bags then include its deal, so a verifier of the export cannot compare them).
    pub in_progress: Option<i64>,
    /// Where the stored profile says the history ends (a verifier compares its replay's end).
    pub profile: StoredEnd,
    /// The stored kind-deal bags, by situation id: what the history must leave.
    pub bags: std::collections::BTreeMap<&'static str, StoredBag>,
    /// The head of the history's chain in this snapshot (docs/VERIFY.md, "The history's chain").
    pub head: crate::pipeline::chain::Head,
}

/// The stored profile's end of the history: chips, the losing run and the XP.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StoredEnd {
    /// The balance.
    pub chips: u64,
    /// Real hands in a row that paid back less than they cost.
    pub losing_streak: u32,
    /// Chips bet on real hands.
    pub xp: u64,
}

/// A stored kind-deal bag: what is left in it, in draw order ("1" nudge, "0" not), and the last
/// item drawn from it (null before any).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StoredBag {
    /// The items left, in the order they will be drawn.
    pub remaining: String,
    /// The last item drawn, or null.
    pub last: Option<String>,
}

/// The history's start: starting chips, where commitments begin, the claims.
pub(crate) fn header(conn: &Connection) -> Res<History> {
    let (start, _, _, _) = player::ledger_sums(conn)?;
    let marks = player::commit_marks(conn)?;
    Ok(History {
        start: u64::try_from(start).map_err(|_| corrupt("negative starting chips"))?,
        committed_from: marks.committed_from,
        bound_from: marks.bound_from,
        origin_from: marks.origin_from,
        claims: player::claims(conn)?,
        unplaced_claims: player::unplaced_claims(conn)?,
        in_progress: super::hands::in_progress_id(conn)?,
        profile: {
            let profile = player::profile(conn)?;
            StoredEnd { chips: profile.chips, losing_streak: profile.losing_streak, xp: profile.xp }
        },
        head: super::hands::chain::head(conn)?,
        bags: Situation::ALL
            .iter()
            .map(|&situation| {
                let (remaining, last) = player::bag_text(&player::bag(conn, situation)?);
                Ok((situation.id(), StoredBag { remaining, last }))
            })
            .collect::<Res<_>>()?,
    })
}

/// The whole history in one snapshot: its start, then every finished hand oldest first, one row
/// at a time (memory stays flat), each replayed and checked as the history pages are.
pub(crate) fn export(conn: &Connection, start: &mut dyn FnMut(&History), each: &mut dyn FnMut(&HandRecord)) -> Res<()> {
    let history = header(conn)?;
    start(&history);
    let marks = CommitMarks { committed_from: history.committed_from, bound_from: history.bound_from, origin_from: history.origin_from };
    each_hand(conn, 0, |row| match row {
        Ok(hand) if hand.drawn.is_some() => {
            each(&hand.record(marks)?);
            Ok(())
        }
        Ok(_) => Ok(()),
        Err(detail) => Err(corrupt(detail)),
    })
}
