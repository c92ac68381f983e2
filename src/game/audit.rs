//! The ledger check, in two depths.
//!
//! - [`quick`] runs on every open and costs the same at any history length: balance = starting
//!   chips + daily chips + payouts − bets from the profile's running sums and the (small) ledger of
//!   start and daily rows, XP = chips bet, and sane running totals.
//! - [`full`] (the `audit` command, and the app's background check after start-up) runs SQLite's
//!   page check (`quick_check`, which reads the whole file) and replays
//!   every stored hand through the dealing and settling pipeline, one row at a time: each seed must
//!   give its stored cards, each win must be what the cards pay, the running sums must equal the
//!   hands' bets and payouts, and the statistics (all-time, the coach's, each session's) must equal
//!   the running totals bit for bit.

use rusqlite::{Connection, OptionalExtension};
use serde::Serialize;

use super::history::{for_each_hand, HandRecord};
use super::rules::START_CHIPS;
use super::stats::{read_totals, Stats};
use super::storage::read_profile;

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
    /// What did not add up (empty when `ok`).
    pub problems: Vec<String>,
}

/// The O(1) check run on every open.
pub(crate) fn quick(conn: &Connection) -> rusqlite::Result<Audit> {
    let one = |sql: &str| -> rusqlite::Result<i64> { conn.query_row(sql, [], |row| row.get(0)) };
    let profile = read_profile(conn)?;
    let (chips, xp) = (profile.chips as i64, profile.xp as i64);
    let (bets, payouts, daily_total) =
        (profile.bet_total as i64, profile.paid_total as i64, profile.daily_total as i64);
    let start = one("SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE kind = 'start'")?;
    let n_start = one("SELECT COUNT(*) FROM ledger WHERE kind = 'start'")?;
    let daily = one("SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE kind = 'daily'")?;
    let n_daily = one("SELECT COUNT(*) FROM ledger WHERE kind = 'daily'")?;
    let claims = one("SELECT COALESCE(SUM(amount), 0) FROM daily_claims")?;
    let n_claims = one("SELECT COUNT(*) FROM daily_claims")?;
    let hand_in_progress: Option<i64> =
        conn.query_row("SELECT id FROM hands WHERE hold IS NULL", [], |row| row.get(0)).optional()?;
    let ledger_balance = start + daily + payouts - bets;
    let mut problems = Vec::new();
    let mut expect = |ok: bool, what: String| {
        if !ok {
            problems.push(what);
        }
    };
    expect(chips == ledger_balance, format!("balance {chips} but the ledger adds up to {ledger_balance}"));
    expect(n_start == 1 && start == START_CHIPS as i64, format!("starting chips {start} in {n_start} rows"));
    expect(xp == bets, format!("XP {xp} but {bets} chips were bet"));
    expect(daily == daily_total, format!("{daily} daily chips in the ledger but {daily_total} in the profile"));
    expect(
        claims == daily && n_claims == n_daily,
        format!("{n_claims} claims of {claims} chips but {n_daily} ledger rows of {daily}"),
    );
    if let Err(detail) = read_totals(conn)? {
        problems.push(detail);
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
    })
}

/// The full check: [`quick`], then every hand replayed (memory stays flat: one row at a time).
pub(crate) fn full(conn: &Connection) -> rusqlite::Result<Audit> {
    if let Err(detail) = super::storage::integrity_check(conn)? {
        let mut audit = quick(conn)?;
        audit.problems.push(detail);
        audit.ok = false;
        return Ok(audit);
    }
    let mut audit = quick(conn)?;
    let mut replayed = Stats::empty();
    let mut sessions = super::session_totals::Rebuild::new(conn)?;
    let mut coach = super::coach_cmds::CoachRebuild::default();
    let (mut bets, mut payouts, mut real_hands, mut practice_hands) = (0i64, 0i64, 0i64, 0i64);
    let mut problems = Vec::new();
    for_each_hand(conn, |stored| {
        let record: Result<HandRecord, String> = stored.and_then(|hand| hand.record());
        match record {
            Ok(hand) => {
                if hand.practice {
                    practice_hands += 1;
                } else {
                    real_hands += 1;
                    bets += hand.cost as i64;
                    payouts += hand.payout.unwrap_or(0) as i64;
                }
                if hand.drawn {
                    replayed.add(&hand);
                }
                sessions.add(&hand);
                coach.add(&hand);
            }
            Err(detail) if problems.len() < 20 => problems.push(detail),
            Err(_) => {}
        }
    })?;
    let mut expect = |ok: bool, what: String| {
        if !ok {
            problems.push(what);
        }
    };
    expect(bets == audit.bets, format!("the hands bet {bets} chips but the profile says {}", audit.bets));
    expect(payouts == audit.payouts, format!("the hands paid {payouts} chips but the profile says {}", audit.payouts));
    // Each stored total against the replay; a stored row that cannot be read says why.
    match read_totals(conn)? {
        Ok(totals) if totals == replayed => {}
        Ok(_) => problems.push("the running statistics differ from the hands replayed".to_string()),
        Err(detail) => problems.push(detail),
    }
    problems.extend(coach.compare(conn)?);
    match super::session_totals::read_all(conn, None)? {
        Ok(rows) if rows == sessions.rows() => {}
        Ok(_) => problems.push("the sessions' totals differ from the hands replayed".to_string()),
        Err(detail) => problems.push(detail),
    }
    match (super::kind_stats::read(conn)?, super::kind_stats::recount(conn)?) {
        (Ok(stored), Ok(counted)) if stored == counted => {}
        (Ok(_), Ok(_)) => problems.push("the kind-deal totals differ from the hands".to_string()),
        (Err(detail), _) | (_, Err(detail)) => problems.push(detail),
    }
    audit.problems.extend(problems);
    audit.ok = audit.problems.is_empty();
    audit.full = true;
    audit.real_hands = Some(real_hands);
    audit.practice_hands = Some(practice_hands);
    Ok(audit)
}
