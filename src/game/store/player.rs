//! The player's own rows: the profile (balance, XP, losing streak, the ledger's running sums), the
//! ledger of start and daily chips, the daily claims, the settings, the kind-deal
//! bags and the remembered bet per machine. Plain reads and writes inside the caller's transaction;
//! the rules that change them live in the rooms above.

use chrono::NaiveDate;
use rusqlite::types::ValueRef;
use rusqlite::{params, Connection, OptionalExtension};

use super::codes::{day_code, day_from_code};
use super::{corrupt, Failure, Res};
use crate::game::rules;
use crate::game::settings::Settings;
use crate::machine::MachineId;
use crate::pipeline::{ShuffleBag, Situation};

/// The profile row: the balance, XP, losing streak and the ledger's running sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Profile {
    pub chips: u64,
    pub xp: u64,
    pub losing_streak: u32,
    /// Chips taken by real deals, ever.
    pub bet_total: u64,
    /// Chips paid by real draws, ever.
    pub paid_total: u64,
    /// Daily chips collected, ever.
    pub daily_total: u64,
}

/// `a + b` for one of the profile's sums, refused as a damaged file when it would pass the largest
/// number SQLite stores (only a crafted file gets there: a real game would need trillions of hands).
pub(crate) fn add(a: u64, b: u64, what: &str) -> Res<u64> {
    a.checked_add(b)
        .filter(|&sum| i64::try_from(sum).is_ok())
        .ok_or_else(|| corrupt(format!("{what} ({a}) plus {b} passes the largest storable number")))
}

/// The profile; a negative or oversized stored number is a `FromSqlConversionFailure` (reported as a
/// corrupt database), never clamped.
pub(crate) fn profile(conn: &Connection) -> Res<Profile> {
    Ok(conn.prepare_cached(
        "SELECT chips, xp, losing_streak, bet_total, paid_total, daily_total FROM profile WHERE id = 1",
    )?
    .query_row([], |row| {
        Ok(Profile {
            chips: row.get(0)?,
            xp: row.get(1)?,
            losing_streak: row.get(2)?,
            bet_total: row.get(3)?,
            paid_total: row.get(4)?,
            daily_total: row.get(5)?,
        })
    })?)
}

/// Writes the profile.
pub(crate) fn write_profile(conn: &Connection, profile: &Profile) -> Res<()> {
    conn.prepare_cached(
        "UPDATE profile SET chips = ?1, xp = ?2, losing_streak = ?3, bet_total = ?4, paid_total = ?5, \
         daily_total = ?6 WHERE id = 1",
    )?
    .execute(params![
        profile.chips as i64,
        profile.xp as i64,
        i64::from(profile.losing_streak),
        profile.bet_total as i64,
        profile.paid_total as i64,
        profile.daily_total as i64,
    ])?;
    Ok(())
}

/// The ledger's start and daily rows, summed: (start chips, start rows, daily chips, daily rows).
pub(crate) fn ledger_sums(conn: &Connection) -> Res<(i64, i64, i64, i64)> {
    conn.prepare_cached(
        "SELECT COALESCE(SUM(CASE WHEN kind = 'start' THEN amount END), 0), COUNT(CASE WHEN kind = 'start' THEN 1 END), \
         COALESCE(SUM(CASE WHEN kind = 'daily' THEN amount END), 0), COUNT(CASE WHEN kind = 'daily' THEN 1 END) FROM ledger",
    )?
    .query_row([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
    .map_err(|e| overflow_is_corrupt(e, "the ledger"))
}

/// The daily claims, summed: (chips, claims).
pub(crate) fn claim_sums(conn: &Connection) -> Res<(i64, i64)> {
    conn.prepare_cached("SELECT COALESCE(SUM(amount), 0), COUNT(*) FROM daily_claims")?
        .query_row([], |r| Ok((r.get(0)?, r.get(1)?)))
        .map_err(|e| overflow_is_corrupt(e, "the daily claims"))
}

/// SQLite's SUM fails with "integer overflow" past i64: only a crafted file's amounts get there.
fn overflow_is_corrupt(error: rusqlite::Error, what: &str) -> Failure {
    if error.to_string().contains("integer overflow") {
        corrupt(format!("{what} add up past the largest storable number"))
    } else {
        Failure::Sql(error)
    }
}

/// A stored value in words, for a problem's text.
fn shown(value: rusqlite::types::ValueRef<'_>) -> String {
    use rusqlite::types::ValueRef;
    match value {
        ValueRef::Null => "nothing".to_string(),
        ValueRef::Integer(n) => n.to_string(),
        ValueRef::Real(x) => x.to_string(),
        ValueRef::Text(text) => format!("'{}'", String::from_utf8_lossy(text)),
        ValueRef::Blob(bytes) => format!("{} bytes", bytes.len()),
    }
}

/// What is wrong with the stored daily claims, in words (at most 20): each must be `amount` chips,
/// for a real calendar date (a stored day number, [`day_from_code`]), with the streak the one
/// streak rule gives (`rules::streaks`). Their places among the hands: [`claim_order_problems`].
pub(crate) fn claim_problems(conn: &Connection, amount: u64) -> Res<Vec<String>> {
    let mut problems = Vec::new();
    let mut stmt = conn.prepare_cached("SELECT day, amount, streak FROM daily_claims ORDER BY rowid")?;
    let mut rows = stmt.query([])?;
    let mut dated = Vec::new();
    while let Some(row) = rows.next()? {
        if problems.len() >= 20 {
            break;
        }
        let (day, chips, streak) = (row.get_ref(0)?, row.get_ref(1)?, row.get_ref(2)?);
        let date = day.as_i64().ok().and_then(|code| day_from_code(code).ok());
        let (day, chips_shown, streak_shown) = (date.map_or_else(|| shown(day), |d| d.to_string()), shown(chips), shown(streak));
        if date.is_none() {
            problems.push(format!("a daily claim for {day}, which is not a date"));
        }
        if chips.as_i64().ok() != i64::try_from(amount).ok() {
            problems.push(format!("a daily claim of {chips_shown} chips on {day} (daily chips are {amount})"));
        }
        if !streak.as_i64().is_ok_and(|s| s >= 1) {
            problems.push(format!("a daily claim on {day} with streak {streak_shown}"));
        }
        if let (Some(date), Ok(streak)) = (date, streak.as_i64()) {
            dated.push((date, streak));
        }
    }
    // Each streak is the one rule's: the run of consecutive claimed dates ending at the claim.
    dated.sort_unstable();
    let dates: Vec<NaiveDate> = dated.iter().map(|(date, _)| *date).collect();
    for ((date, stored), run) in dated.iter().zip(crate::game::rules::streaks(&dates)) {
        if *stored != i64::from(run) && problems.len() < 20 {
            problems.push(format!("a daily claim on {date} with streak {stored}, but the run of claimed dates ending there is {run}"));
        }
    }
    // The ledger's daily rows are the claims, day for day (the claim and its row are written together).
    let mut ledger_days: Vec<i64> = conn
        .prepare_cached("SELECT day FROM ledger WHERE kind = 'daily' AND typeof(day) = 'integer' ORDER BY day")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut claim_days: Vec<i64> = dates.iter().map(|d| day_code(*d)).collect();
    ledger_days.sort_unstable();
    claim_days.sort_unstable();
    if ledger_days != claim_days && problems.len() < 20 {
        problems.push("the ledger's daily rows are not dated as the daily claims are".to_string());
    }
    Ok(problems)
}

/// What is wrong with where the claims fell among the hands (`after_hand`, recorded since
/// migration 10; NULL for a claim made before it, whose place is not known), in words: claims are
/// written in order, so the unplaced ones all come before the first placed one, each placed one
/// falls after the one before it (that a place is a hand that exists is the whole history's walk's
/// check), and the unplaced ones are exactly the `unplaced` claims migration 19 counted (none is
/// written since): a claim stripped of its place is one too many, which would otherwise leave the
/// kind-deal situations around it unchecked by `verify --all`. No date is compared: a player's
/// clock may have been wrong once.
pub(crate) fn claim_order_problems(conn: &Connection, unplaced: i64) -> Res<Vec<String>> {
    let mut stmt = conn.prepare_cached("SELECT day, after_hand FROM daily_claims ORDER BY rowid")?;
    let mut rows = stmt.query([])?;
    let (mut problems, mut previous): (Vec<String>, Option<i64>) = (Vec::new(), None);
    let mut n_unplaced = 0i64;
    let mut push = |problem: String| {
        if problems.len() < 20 {
            problems.push(problem);
        }
    };
    while let Some(row) = rows.next()? {
        let (day, after) = (row.get_ref(0)?, row.get_ref(1)?);
        let day = day.as_i64().ok().and_then(|code| day_from_code(code).ok()).map_or_else(|| shown(day), |d| d.to_string());
        match after {
            ValueRef::Null => {
                n_unplaced += 1;
                if let Some(placed) = previous {
                    push(format!("the daily claim of {day} has no place among the hands, yet an earlier claim has one (after hand {placed})"));
                }
            }
            ValueRef::Integer(after) => {
                if previous.is_some_and(|p| after < p) {
                    push(format!("the daily claim of {day} falls after hand {after}, before the claim made earlier"));
                }
                previous = Some(after);
            }
            other => push(format!("the daily claim of {day} falls after {}", shown(other))),
        }
    }
    if n_unplaced != unplaced {
        push(format!(
            "{n_unplaced} daily claims have no place among the hands, but {unplaced} were made before places were recorded"
        ));
    }
    Ok(problems)
}

/// What is wrong with the stored settings, in words: each row must be a key the game knows with a
/// value its setter accepts (the setter is the only writer; a row that is neither was edited).
pub(crate) fn setting_problems(conn: &Connection) -> Res<Vec<String>> {
    let mut stmt = conn.prepare_cached("SELECT key, value FROM settings ORDER BY key")?;
    let mut rows = stmt.query([])?;
    let mut problems = Vec::new();
    while let Some(row) = rows.next()? {
        let (key, value) = (row.get_ref(0)?, row.get_ref(1)?);
        let valid = match (key.as_str(), value.as_str()) {
            (Ok(key), Ok(value)) => crate::game::settings::validate(key, value).is_ok_and(|canonical| canonical == key),
            _ => false,
        };
        if !valid && problems.len() < 20 {
            problems.push(format!("a setting {} = {} that the game does not write", shown(key), shown(value)));
        }
    }
    Ok(problems)
}

/// Adds a start or daily row to the ledger (a hand's bet and win are stored with the hand).
pub(crate) fn add_ledger(conn: &Connection, kind: &str, amount: u64, day: NaiveDate) -> Res<()> {
    conn.prepare_cached("INSERT INTO ledger (kind, amount, day) VALUES (?1, ?2, ?3)")?
        .execute(params![kind, amount as i64, day_code(day)])?;
    Ok(())
}

/// The settings as stored (unknown or invalid pairs fall back to their defaults).
pub(crate) fn settings(conn: &Connection) -> Res<Settings> {
    let mut stmt = conn.prepare_cached("SELECT key, value FROM settings")?;
    let pairs = stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Settings::from_pairs(&pairs))
}

/// Stores one setting (the caller validated it).
pub(crate) fn write_setting(conn: &Connection, key: &str, value: &str) -> Res<()> {
    conn.prepare_cached(
        "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )?
    .execute(params![key, value])?;
    Ok(())
}

/// What the claims say about a date and the day before: the streak each claim made, if claimed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Around {
    /// The streak of the claim for the date, if claimed.
    pub today: Option<u32>,
    /// The streak of the claim for the day before, if claimed.
    pub yesterday: Option<u32>,
}

/// The streaks of the claims for `today` and the day before, when claimed (two primary-key
/// lookups: the cost never grows with the number of claims); a stored streak below 1 is corrupt.
pub(crate) fn claims_around(conn: &Connection, today: NaiveDate) -> Res<Around> {
    let yesterday = today.pred_opt().map(|day| claim_streak(conn, day)).transpose()?.flatten();
    Ok(Around { today: claim_streak(conn, today)?, yesterday })
}

/// The latest claimed date, if any; a stored date that does not parse is corrupt.
pub(crate) fn last_claimed(conn: &Connection) -> Res<Option<NaiveDate>> {
    let raw: Option<i64> =
        conn.prepare_cached("SELECT MAX(day) FROM daily_claims")?.query_row([], |row| row.get(0))?;
    raw.map(day_from_code).transpose()
}

/// The stored streak of the claim for `day`, if claimed (a primary-key lookup).
pub(crate) fn claim_streak(conn: &Connection, day: NaiveDate) -> Res<Option<u32>> {
    let streak: Option<i64> = conn
        .prepare_cached("SELECT streak FROM daily_claims WHERE day = ?1")?
        .query_row([day_code(day)], |row| row.get(0))
        .optional()?;
    streak.map(|s| u32::try_from(s).ok().filter(|&s| s >= 1).ok_or_else(|| corrupt(format!("bad streak {s} on {day}")))).transpose()
}

/// Sets the streak of the claim for `day` (a date claimed late lengthened its run).
pub(crate) fn set_claim_streak(conn: &Connection, day: NaiveDate, streak: u32) -> Res<()> {
    conn.prepare_cached("UPDATE daily_claims SET streak = ?2 WHERE day = ?1")?.execute(params![day_code(day), i64::from(streak)])?;
    Ok(())
}

/// Records a daily claim made after hand `after_hand` (the newest hand's id, 0 before any).
pub(crate) fn insert_claim(conn: &Connection, day: NaiveDate, amount: u64, streak: u32, after_hand: i64) -> Res<()> {
    conn.prepare_cached("INSERT INTO daily_claims (day, amount, streak, after_hand) VALUES (?1, ?2, ?3, ?4)")?
        .execute(params![day_code(day), amount as i64, i64::from(streak), after_hand])?;
    Ok(())
}

/// A daily claim as stored: its date, chips and where it fell among the hands (`after_hand`: the
/// newest hand's id when it was made; `None` for claims made before the game recorded it).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StoredClaim {
    /// The claimed date, `YYYY-MM-DD`.
    pub day: String,
    /// Chips collected.
    pub amount: u64,
    /// The newest hand's id when it was claimed (0 before any), or null when not recorded.
    pub after_hand: Option<i64>,
    /// The streak stored with it: by the one rule, the run of consecutive claimed dates ending at
    /// it (`rules::streaks`), which a stranger can check from the claims alone.
    pub streak: i64,
}

/// Every daily claim (one row per claimed date: small), in the order they were made: those of
/// unknown place first, then by `after_hand`. A negative amount is corrupt.
pub(crate) fn claims(conn: &Connection) -> Res<Vec<StoredClaim>> {
    let mut stmt = conn.prepare_cached("SELECT day, amount, after_hand, streak FROM daily_claims ORDER BY after_hand, rowid")?;
    let rows = stmt.query_map([], |row| Ok((row.get::<_, i64>(0)?, row.get(1)?, row.get(2)?, row.get(3)?)))?;
    let mut claims = Vec::new();
    for row in rows {
        let (day, amount, after_hand, streak) = row?;
        claims.push(StoredClaim { day: day_from_code(day)?.to_string(), amount, after_hand, streak });
    }
    Ok(claims)
}

/// Where a history's commitment rules change (the profile's `committed_from` and `bound_from`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CommitMarks {
    /// The first hand that had to carry a commitment (migration 10).
    pub committed_from: i64,
    /// The first hand whose commitment binds its table, bet and line count (migration 15).
    pub bound_from: i64,
    /// The first hand whose commitment binds its practice flag and its seed's origin too
    /// (migration 26).
    pub origin_from: i64,
}

/// The profile's commitment marks, checked where they are read: each was the next hand's id when
/// its migration ran, so `committed_from <= bound_from` (a mark moved past the other is corrupt; a
/// mark moved otherwise changes which hands must carry which commitment, and the hands' own check
/// finds it: a stored hand below `committed_from` carries none).
/// How many daily claims were made before places were recorded (migration 19 counted them once).
pub(crate) fn unplaced_claims(conn: &Connection) -> Res<i64> {
    Ok(conn.prepare_cached("SELECT unplaced_claims FROM profile WHERE id = 1")?.query_row([], |r| r.get(0))?)
}

pub(crate) fn commit_marks(conn: &Connection) -> Res<CommitMarks> {
    let marks = conn
        .prepare_cached("SELECT committed_from, bound_from, origin_from FROM profile WHERE id = 1")?
        .query_row([], |r| Ok(CommitMarks { committed_from: r.get(0)?, bound_from: r.get(1)?, origin_from: r.get(2)? }))?;
    if marks.bound_from > marks.origin_from {
        return Err(corrupt(format!(
            "the commitment marks moved: bound_from {} is after origin_from {} (commitments were bound before they bound the origin)",
            marks.bound_from, marks.origin_from
        )));
    }
    if marks.committed_from > marks.bound_from {
        return Err(corrupt(format!(
            "the commitment marks moved: committed_from {} is after bound_from {} (commitments began before they were bound)",
            marks.committed_from, marks.bound_from
        )));
    }
    Ok(marks)
}

/// A situation's stored kind-deal bag ("1" for a nudge, "0" for a plain deal, next first), or a fresh
/// one when none is stored; damaged text is corrupt.
pub(crate) fn bag(conn: &Connection, situation: Situation) -> Res<ShuffleBag<bool>> {
    let stored: Option<(String, Option<String>)> = conn
        .prepare_cached("SELECT remaining, last FROM bags WHERE situation = ?1")?
        .query_row([situation.id()], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?;
    let parse = |text: &str| -> Res<Vec<bool>> {
        text.chars()
            .map(|c| match c {
                '1' => Ok(true),
                '0' => Ok(false),
                _ => Err(corrupt(format!("bad kind-deal bag '{text}'"))),
            })
            .collect()
    };
    match stored {
        None => Ok(situation.new_bag()),
        Some((remaining, last)) => {
            let last = match last.as_deref() {
                None => None,
                Some(text) => parse(text)?.first().copied(),
            };
            Ok(situation.restore_bag(parse(&remaining)?, last))
        }
    }
}

/// Stores a situation's bag after a draw from it.
pub(crate) fn write_bag(conn: &Connection, situation: Situation, bag: &ShuffleBag<bool>) -> Res<()> {
    let (remaining, last) = bag_text(bag);
    conn.prepare_cached(
        "INSERT INTO bags (situation, remaining, last) VALUES (?1, ?2, ?3) \
         ON CONFLICT (situation) DO UPDATE SET remaining = excluded.remaining, last = excluded.last",
    )?
    .execute(params![situation.id(), remaining, last])?;
    Ok(())
}

/// A kind-deal bag as it is stored (and exported): the items left in draw order and the last one
/// drawn, each `1` (a nudge) or `0`.
pub(crate) fn bag_text(bag: &ShuffleBag<bool>) -> (String, Option<String>) {
    let text = |items: &[bool]| items.iter().map(|&b| if b { '1' } else { '0' }).collect::<String>();
    (text(bag.remaining()), bag.last().map(|&b| text(&[b])))
}

/// The remembered bet and number of hands per machine, checked as they are read (a machine, a bet
/// and a hand count the game takes; anything else is corrupt).
pub(crate) fn prefs(conn: &Connection) -> Res<Vec<(MachineId, rules::Bet, rules::Lines)>> {
    let mut stmt = conn.prepare_cached("SELECT machine, last_bet, last_hands FROM machine_prefs ORDER BY machine")?;
    let rows = stmt.query_map([], |row| Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?, row.get::<_, i64>(2)?)))?;
    let mut prefs = Vec::new();
    for row in rows {
        // Checked here, where they are read, and nowhere else: a machine, a bet and a hand count the
        // game takes.
        let (id, bet, hands) = row?;
        let machine = id.parse::<MachineId>().map_err(|_| corrupt(format!("a remembered bet for '{id}', which is no machine")))?;
        let bet = u32::try_from(bet).ok().and_then(|b| rules::Bet::new(b).ok());
        let hands = u8::try_from(hands).ok().and_then(|n| rules::Lines::new(n).ok());
        let (Some(bet), Some(hands)) = (bet, hands) else {
            return Err(corrupt(format!("bad remembered bet for {id}")));
        };
        prefs.push((machine, bet, hands));
    }
    Ok(prefs)
}

/// Remembers the bet and number of hands last dealt on `machine`.
pub(crate) fn write_prefs(conn: &Connection, machine: MachineId, bet: rules::Bet, hands: rules::Lines) -> Res<()> {
    conn.prepare_cached(
        "INSERT INTO machine_prefs (machine, last_bet, last_hands) VALUES (?1, ?2, ?3) \
         ON CONFLICT (machine) DO UPDATE SET last_bet = excluded.last_bet, last_hands = excluded.last_hands",
    )?
    .execute(params![machine.id(), i64::from(bet.chips()), i64::from(hands.count())])?;
    Ok(())
}
