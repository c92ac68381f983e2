//! The ledger check, in two depths. Each reads one snapshot (the caller's read transaction).
//!
//! It checks the **truth**, what cannot be derived: the hands with their seeds, the daily claims,
//! the ledger's start and daily rows, the profile's balance and sums, settings, bags, sessions.
//! A truth that fails is a corrupt database. The **derived** tables (the running sums of all time
//! and of each session, the final-hand counts, the kind-deal totals, the charts) are a cache of the
//! hands: when one disagrees with its rebuild, it is reported in [`Audit::repaired`] and the caller
//! rebuilds it; it never makes the file corrupt.
//!
//! - [`quick`] runs on every open and costs the same at any history length: balance = starting
//!   chips + daily chips + payouts − bets from the profile's running sums and the (small) ledger of
//!   start and daily rows, XP = chips bet, claims = the ledger's daily rows, and the derived
//!   statistics readable.
//! - [`full`] (the `audit` command, imports, and the app's background check after start-up) runs
//!   SQLite's page check (`quick_check`, which reads the whole file), checks every claim (200 chips,
//!   a real date), and walks the whole history once, one row at a time, by the one replay rule
//!   `verify --all` applies ([`whole_history::walk`]): each commitment, each seed's cards, each win
//!   what the cards pay, each machine and hand count open at the level the player had then, each
//!   kind-deal decision, the bags and the profile where the history ends; on the way, the hands'
//!   bets and payouts the profile's; then every
//!   derived table of the one list (`game::derived`) is compared with its rebuild bit for bit.

use rusqlite::Connection;
use serde::Serialize;

use super::derived::Comparison;
use super::hands::{in_progress_id, HandRecord};
use super::rules::{DAILY_CHIPS, START_CHIPS};
use super::store::{integrity_check, player, Failure, Res};
use super::sums;
use super::whole_history::{self, EachHand};

/// The ledger check's report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Audit {
    /// Whether every check passed.
    pub ok: bool,
    /// Whether the hands were replayed (the full check) or only the running sums read.
    pub full: bool,
    /// The stored balance.
    pub chips: i64,
    /// The balance the ledger gives: start + daily + payouts − bets.
    pub ledger_balance: i64,
    /// Starting chips in the ledger.
    pub start: i64,
    /// Daily chips collected.
    pub daily: i64,
    /// Chips bet (positive).
    pub bets: i64,
    /// Chips paid out.
    pub payouts: i64,
    /// The stored XP.
    pub xp: i64,
    /// Real hands dealt (counted by the full check; null in the quick one).
    pub real_hands: Option<i64>,
    /// Practice hands dealt (counted by the full check; null in the quick one).
    pub practice_hands: Option<i64>,
    /// The hand in progress, if any.
    pub hand_in_progress: Option<i64>,
    /// What did not add up in the truth (empty when `ok`).
    pub problems: Vec<String>,
    /// Derived tables that disagreed with their rebuild from the hands (or could not be read), in
    /// words: the game rebuilds them (see `Game::audit`); they never make `ok` false.
    pub repaired: Vec<String>,
}

/// The O(1) check run on every open.
pub(crate) fn quick(conn: &Connection) -> Res<Audit> {
    let profile = player::profile(conn)?;
    let (chips, xp) = (profile.chips as i64, profile.xp as i64);
    let (bets, payouts, daily_total) = (profile.bet_total as i64, profile.paid_total as i64, profile.daily_total as i64);
    let (start, n_start, daily, n_daily) = player::ledger_sums(conn)?;
    let (claims, n_claims) = player::claim_sums(conn)?;
    let hand_in_progress = in_progress_id(conn)?;
    // In i128: a crafted file's sums cannot overflow (a real game's are far below i64).
    let balance = i128::from(start) + i128::from(daily) + i128::from(payouts) - i128::from(bets);
    let ledger_balance = i64::try_from(balance).unwrap_or(if balance < 0 { i64::MIN } else { i64::MAX });
    let mut problems = Vec::new();
    let mut expect = |ok: bool, what: String| {
        if !ok {
            problems.push(what);
        }
    };
    expect(i128::from(chips) == balance, format!("balance {chips} but the ledger adds up to {balance}"));
    expect(n_start == 1 && start == START_CHIPS as i64, format!("starting chips {start} in {n_start} rows"));
    expect(xp == bets, format!("XP {xp} but {bets} chips were bet"));
    expect(daily == daily_total, format!("{daily} daily chips in the ledger but {daily_total} in the profile"));
    expect(
        claims == daily && n_claims == n_daily,
        format!("{n_claims} claims of {claims} chips but {n_daily} ledger rows of {daily}"),
    );
    let mut repaired = Vec::new();
    if let Err(failure) = sums::stats(conn) {
        match failure.unreadable() {
            Some(detail) => repaired.push(format!("the statistics could not be read: {detail}")),
            None => return Err(failure),
        }
    }
    Ok(Audit {
        ok: problems.is_empty(),
        full: false,
        chips,
        ledger_balance,
        start,
        daily,
        bets,
        payouts,
        xp,
        real_hands: None,
        practice_hands: None,
        hand_in_progress,
        problems,
        repaired,
    })
}

/// The full check: SQLite's page check, [`quick`], then every hand replayed (one row at a time) and
/// every derived table rebuilt from them and compared.
pub(crate) fn full(conn: &Connection) -> Res<Audit> {
    match integrity_check(conn) {
        Ok(()) => {}
        Err(Failure::Corrupt(detail)) => {
            let mut audit = quick(conn)?;
            audit.problems.push(detail);
            audit.ok = false;
            return Ok(audit);
        }
        Err(other) => return Err(other),
    }
    let mut audit = quick(conn)?;
    let mut problems = player::claim_problems(conn, DAILY_CHIPS)?;
    // The remembered bets, as every read of them checks them (a bet of 7 used to pass the audit and
    // then make every state read corrupt).
    if let Err(failure) = player::prefs(conn) {
        problems.push(failure.unreadable().ok_or(failure)?);
    }
    problems.extend(super::training::review::problems(conn)?);
    problems.extend(super::training::drills::problems(conn)?);
    problems.extend(super::daily_deals::problems(conn)?);
    problems.extend(super::training::proficiency::problems(conn)?);
    problems.extend(super::training::warm_up::problems(conn)?);
    problems.extend(player::setting_problems(conn)?);
    problems.extend(super::lab_tables::problems(conn)?);
    // The games the file keeps, solved again before they judge a hand.
    super::hands::solved::solve_again(conn)?;
    let mut derived = Comparison::new(conn)?;
    // Sums in i128: a crafted file's numbers cannot overflow them (a real one needs 2^63 chips).
    let (mut bets, mut payouts, mut real_hands, mut practice_hands) = (0i128, 0i128, 0i64, 0i64);
    // One walk: the whole history replayed by the one rule `verify --all` applies (every hand, every
    // decision, the bags, where the profile ends), each replayed hand given here on its way.
    // (Each hand dealt at a level that had opened its machine and line count is the walk's one
    // judgment, `rules::check_dealt`, as `verify --all` applies it.)
    let mut each = |hand: &HandRecord| {
        if hand.practice {
            practice_hands += 1;
        } else {
            real_hands += 1;
            bets += i128::from(hand.cost);
            payouts += i128::from(hand.payout.unwrap_or(0));
        }
        derived.add(hand);
        Ok(())
    };
    let never = std::sync::atomic::AtomicBool::new(false);
    let history = whole_history::walk(conn, &|_, _| {}, &never, EachHand::Records(&mut each))?;
    // Every hand was replayed unless a hand (or a claim, before any hand) stopped the walk.
    let walked = history.failure.as_ref().is_none_or(|f| matches!(f.check, "bags" | "profile"));
    if let Some(failure) = &history.failure {
        let at = failure.hand.map_or_else(String::new, |id| format!("hand {id}: "));
        problems.push(format!("the whole history does not replay ({}): {at}{}", failure.check, failure.detail));
    }
    if walked {
        let mut expect = |ok: bool, what: String| {
            if !ok {
                problems.push(what);
            }
        };
        expect(bets == i128::from(audit.bets), format!("the hands bet {bets} chips but the profile says {}", audit.bets));
        expect(
            payouts == i128::from(audit.payouts),
            format!("the hands paid {payouts} chips but the profile says {}", audit.payouts),
        );
        // A cache: what disagrees with its rebuild is rebuilt, never fatal.
        audit.repaired.extend(derived.differences(conn)?);
        // The milestones' facts are read from the caches: checked here when those are today's, else
        // after their repair (`Game::audit`).
        if audit.repaired.is_empty() {
            problems.extend(super::milestones::problems(conn)?);
        }
    }
    audit.problems.extend(problems);
    audit.ok = audit.problems.is_empty();
    audit.full = true;
    audit.real_hands = Some(real_hands);
    audit.practice_hands = Some(practice_hands);
    Ok(audit)
}
