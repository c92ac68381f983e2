//! Milestones: skill and habit, never spending. Each is reached from what the game already keeps at
//! constant cost — the running sums (royal flushes, Five Play deals, hands, the longest run of best
//! holds), today's deals (the best day, the longest run of dates), the drill tallies and the level —
//! except an event kept nowhere else (a drill queue emptied), which is marked when it happens. No
//! chips or XP are ever given for one.
//!
//! Owns `milestones`: the milestones already announced (one row each, with the date), and marked
//! events not yet announced. [`list`] only reads; [`news`] announces what is newly reached (the
//! UI's quiet toast) and records it, so each is announced once.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use rusqlite::{params, Connection};
use serde::Serialize;


use super::rules;
use super::store::codes::{day_code, day_from_code};
use super::store::{player, Res};
use super::{daily_deals, sums, training};

/// The id marked when a drill answer empties a machine's mistakes queue.
pub const DRILL_QUEUE_EMPTIED: &str = "drill-queue-emptied";

/// One milestone as the UI and `vpoker play … milestones` show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Milestone {
    /// A stable id the UI names in the player's language (`first-royal`, `best-run-25` …).
    pub id: String,
    /// Whether it is reached (once reached, it stays reached).
    pub reached: bool,
    /// How far the player is, at most `goal` ("63 of 100").
    pub progress: u64,
    /// What reaching it takes, in the same unit.
    pub goal: u64,
    /// The date it was announced (null until then).
    pub reached_on: Option<NaiveDate>,
}

/// What the milestones are computed from: a handful of indexed reads, whatever the history.
struct Facts {
    royals: u64,
    five_play: u64,
    hands: u64,
    longest_best_run: u64,
    best_day: u64,
    longest_days: u64,
    level: u32,
    drills: u64,
    /// Stored rows: id → (reached on, announced).
    rows: BTreeMap<String, (Option<NaiveDate>, bool)>,
}

fn facts(conn: &Connection) -> Res<Facts> {
    let (mut royals, mut five_play, mut hands, mut longest_best_run) = (0, 0, 0, 0);
    // Every table's all-time sums, real and practice: a row per table played.
    for (_, all) in sums::all_time_rows(conn)? {
        royals += all.royals;
        five_play += all.five_play_deals;
        hands += all.hands;
        longest_best_run = longest_best_run.max(all.longest_best_run);
    }
    Ok(Facts {
        royals,
        five_play,
        hands,
        longest_best_run,
        best_day: daily_deals::best_day_holds(conn)?,
        longest_days: daily_deals::longest_streak(conn)?,
        level: rules::level_for_xp(player::profile(conn)?.xp),
        drills: training::drills::answered(conn)?,
        rows: rows(conn)?,
    })
}

fn rows(conn: &Connection) -> Res<BTreeMap<String, (Option<NaiveDate>, bool)>> {
    let mut stmt = conn.prepare_cached("SELECT id, reached_on, announced FROM milestones")?;
    let mut rows = stmt.query([])?;
    let mut out = BTreeMap::new();
    while let Some(row) = rows.next()? {
        let id: String = row.get(0)?;
        let day: Option<i64> = row.get(1)?;
        // A stored day that is no date is corrupt, as in every table (one date rule).
        let day = day.map(day_from_code).transpose()?;
        out.insert(id, (day, row.get::<_, bool>(2)?));
    }
    Ok(out)
}

/// Every milestone: (id, progress, goal), in the order the screen lists them. A marked event's
/// progress is 1 once its row exists.
fn measured(facts: &Facts) -> Vec<(String, u64, u64)> {
    let marked = |id: &str| u64::from(facts.rows.contains_key(id));
    let mut all = vec![
        ("first-royal".to_string(), facts.royals, 1),
        ("perfect-day".to_string(), facts.best_day, 10),
        ("daily-7".to_string(), facts.longest_days, 7),
        ("daily-30".to_string(), facts.longest_days, 30),
        ("best-run-25".to_string(), facts.longest_best_run, 25),
        ("best-run-100".to_string(), facts.longest_best_run, 100),
        ("hands-1000".to_string(), facts.hands, 1_000),
        ("drills-100".to_string(), facts.drills, 100),
        (DRILL_QUEUE_EMPTIED.to_string(), marked(DRILL_QUEUE_EMPTIED), 1),
        ("five-play".to_string(), facts.five_play, 1),
    ];
    for (level, unlock) in rules::unlocks() {
        all.push((format!("unlock-{}", unlock.id()), u64::from(facts.level), u64::from(level)));
    }
    all
}

fn milestones(facts: &Facts) -> Vec<Milestone> {
    measured(facts)
        .into_iter()
        .map(|(id, progress, goal)| {
            let row = facts.rows.get(&id);
            let reached = progress >= goal || row.is_some();
            Milestone {
                reached,
                progress: if reached { goal } else { progress },
                goal,
                reached_on: row.and_then(|(day, announced)| announced.then_some(*day).flatten()),
                id,
            }
        })
        .collect()
}

/// The milestones whose facts come from the hands and the profile (the truth, which only grows: royals,
/// Five Play, hands, runs of best holds, the level). The others' facts are the player's own practice
/// records that the game accepts as stored (drill tallies, today's deals' holds; ARCHITECTURE.md's
/// table of stored columns) or, for a marked event, the row itself: those are not checked.
fn fact_is_truth(id: &str) -> bool {
    matches!(id, "first-royal" | "five-play" | "hands-1000" | "best-run-25" | "best-run-100") || id.starts_with("unlock-")
}

/// What is wrong with the stored milestones, in words: each row must be a milestone the game knows,
/// and a reached one whose fact is the truth's ([`fact_is_truth`]) must have it. Read from the
/// derived sums: the audit asks only when they are today's.
pub(crate) fn problems(conn: &Connection) -> Res<Vec<String>> {
    let facts = facts(conn)?;
    let measured = measured(&facts);
    let mut out = Vec::new();
    for id in facts.rows.keys() {
        match measured.iter().find(|(known, _, _)| known == id) {
            None => out.push(format!("a milestone '{}' the game does not know", crate::game::error::shown(id))),
            Some((_, progress, goal)) if fact_is_truth(id) && progress < goal => {
                out.push(format!("the milestone {id} is stored as reached, but its fact is {progress} of {goal}"))
            }
            Some(_) => {}
        }
    }
    out.truncate(20);
    Ok(out)
}

/// Every milestone with its progress (reads only).
pub(crate) fn list(conn: &Connection) -> Res<Vec<Milestone>> {
    Ok(milestones(&facts(conn)?))
}

/// The milestones reached since the last call, now recorded as announced on `today` (each is
/// announced once); empty most of the time.
pub(crate) fn news(conn: &Connection, today: NaiveDate) -> Res<Vec<Milestone>> {
    let facts = facts(conn)?;
    let mut fresh = Vec::new();
    for mut milestone in milestones(&facts) {
        let announced = facts.rows.get(&milestone.id).is_some_and(|(_, announced)| *announced);
        if !milestone.reached || announced {
            continue;
        }
        conn.prepare_cached(
            "INSERT INTO milestones (id, reached_on, announced) VALUES (?1, ?2, 1) \
             ON CONFLICT (id) DO UPDATE SET reached_on = COALESCE(reached_on, excluded.reached_on), announced = 1",
        )?
        .execute(params![milestone.id, day_code(today)])?;
        milestone.reached_on = Some(today);
        fresh.push(milestone);
    }
    Ok(fresh)
}

/// Marks an event milestone as reached, to be announced by the next [`news`] (inside the event's
/// own transaction; marking it again changes nothing).
pub(crate) fn mark(conn: &Connection, id: &str) -> Res<()> {
    conn.prepare_cached("INSERT OR IGNORE INTO milestones (id, reached_on, announced) VALUES (?1, NULL, 0)")?
        .execute([id])?;
    Ok(())
}
