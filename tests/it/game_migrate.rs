//! Migration 3 on a database written by the landed code (schema 2; `tests/fixtures/landed-v2.db`,
//! with the history, statistics and state that code printed for it): every hand, chip and ledger
//! row is carried forward, and a file whose stored values disagree with the replay is refused
//! untouched.

use std::path::{Path, PathBuf};

use serde_json::Value;
use vpoker::game::Game;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

fn json(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture(name)).unwrap()).unwrap()
}

/// A copy of the landed file in a temporary directory.
fn landed_copy() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vpoker.db");
    std::fs::copy(fixture("landed-v2.db"), &path).unwrap();
    (dir, path)
}

fn today() -> chrono::NaiveDate {
    chrono::NaiveDate::from_ymd_opt(2026, 11, 8).unwrap()
}

fn close(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => (x - y).abs() <= 1e-9 * x.abs().max(1.0),
        _ => a == b,
    }
}

#[test]
fn every_hand_chip_and_ledger_row_is_carried_forward() {
    let (_dir, path) = landed_copy();
    let game = Game::open(&path).unwrap();
    let audit = game.audit().unwrap();
    assert!(audit.ok, "{audit:?}");
    let state = serde_json::to_value(game.state(crate::common::d(today())).unwrap()).unwrap();
    let landed_state = json("landed-v2.state.json");
    for key in ["chips", "xp", "level", "losing_streak", "daily", "last_bet", "last_hands", "unlocked"] {
        assert_eq!(state[key], without_retired(&landed_state[key]), "state.{key}");
    }
    // Every setting the landed file had is carried over; settings added since take their defaults.
    for (key, value) in landed_state["settings"].as_object().unwrap() {
        assert_eq!(&state["settings"][key], value, "state.settings.{key}");
    }
    assert_eq!(state["settings"]["haptics"], true, "haptics default on");
    for key in ["id", "machine", "bet", "hands", "practice", "cards", "nudged", "best_hold", "best_ev"] {
        assert!(close(&state["hand"][key], &landed_state["hand"][key]), "hand.{key}");
    }
    assert_eq!(audit.chips, landed_state["chips"].as_i64().unwrap());
    assert_eq!((audit.real_hands, audit.practice_hands), (Some(223), Some(15)));
    assert_eq!(audit.daily, 1000);

    let landed = json("landed-v2.history.json")["hands"].as_array().unwrap().clone();
    let history = serde_json::to_value(crate::common::all_history(&game)).unwrap();
    let history = history.as_array().unwrap();
    assert_eq!(history.len(), landed.len());
    for (new, old) in history.iter().zip(&landed) {
        for (key, value) in old.as_object().unwrap() {
            assert!(close(&new[key], value), "hand {}: {key} {} became {}", old["id"], value, new[key]);
        }
    }

    let stats = serde_json::to_value(game.stats().unwrap()).unwrap();
    let landed_stats = json("landed-v2.stats.json");
    for group in ["real", "practice"] {
        for (new, old) in stats[group].as_array().unwrap().iter().zip(landed_stats[group].as_array().unwrap()) {
            for (key, value) in old.as_object().unwrap() {
                assert!(close(&new[key], value), "{group} {}: {key} {value} became {}", old["machine"], new[key]);
            }
        }
    }
    assert_eq!(game.derived_differences().unwrap(), Vec::<String>::new());
}

#[test]
fn the_migrated_file_plays_on() {
    let (_dir, path) = landed_copy();
    let mut game = Game::open(&path).unwrap();
    let hand = game.state(crate::common::d(today())).unwrap().hand.unwrap();
    let drawn = game.draw(hand.best_hold, crate::common::m(today())).unwrap();
    assert_eq!(drawn.last_hand.unwrap().id, hand.id);
    game.claim_daily(crate::common::d(chrono::NaiveDate::from_ymd_opt(2026, 11, 9).unwrap())).unwrap();
    assert!(game.audit().unwrap().ok);
    assert_eq!(game.derived_differences().unwrap(), Vec::<String>::new());
}

/// Applies `sql` to a fresh copy of the landed file, then checks opening refuses it by name and
/// leaves the file's bytes as they were.
fn refused_after(sql: &str) -> String {
    let (_dir, path) = landed_copy();
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(sql).unwrap();
        conn.pragma_update(None, "wal_checkpoint", "TRUNCATE").unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    let error = Game::open(&path).unwrap_err();
    assert_eq!(error.kind(), "corrupt-database", "{sql}: {error}");
    assert!(error.to_string().contains("vpoker.db"), "{error}");
    assert_eq!(std::fs::read(&path).unwrap(), before, "{sql}: the refused file was changed");
    let conn = rusqlite::Connection::open(&path).unwrap();
    let version: i64 = conn.pragma_query_value(None, "user_version", |row| row.get(0)).unwrap();
    assert_eq!(version, 2, "the migration was rolled back");
    error.to_string()
}

#[test]
fn a_stored_nan_or_a_wrong_best_hold_is_refused_untouched() {
    // A NaN among the stored EVs (SQLite keeps a blob's bytes as they are).
    let mut evs = vec![0u8; 256];
    evs[..8].copy_from_slice(&f64::NAN.to_le_bytes());
    let hex: String = evs.iter().map(|b| format!("{b:02x}")).collect();
    let message = refused_after(&format!("UPDATE hands SET evs = X'{hex}' WHERE id = 10"));
    assert!(message.contains("hand 10") && message.contains("finite"), "{message}");
    // A best hold that is not the best.
    let message = refused_after("UPDATE hands SET best_hold = (best_hold + 1) % 32 WHERE id = 11");
    assert!(message.contains("hand 11") && message.contains("best hold"), "{message}");
    // Cards the seed does not give, a win the cards do not pay, a bet the ledger did not take.
    refused_after("UPDATE hands SET dealt = '2c 3c 4c 5c 7d' WHERE id = 12");
    refused_after("UPDATE hands SET won = won + 5, payout = payout + 5 WHERE id = 13");
    refused_after("DELETE FROM ledger WHERE hand_id = 14 AND kind = 'bet'");
}

/// A running total that cannot be read (not a number) is a cache: opening rebuilds it from the hands.
#[test]
fn a_non_finite_running_total_is_rebuilt_at_open() {
    let (_dir, path) = landed_copy();
    let stats = Game::open(&path).unwrap().stats().unwrap();
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute("UPDATE sums SET ev_given_up = 9e999 WHERE table_id = 'jacks-or-better' AND practice = 0 AND scope = 0", []).unwrap();
    }
    let game = Game::open(&path).unwrap();
    assert_eq!(game.stats().unwrap(), stats);
    let audit = game.audit().unwrap();
    assert!(audit.ok && audit.repaired.is_empty(), "{audit:?}");
}

#[test]
fn the_lean_file_is_far_smaller() {
    let (_dir, path) = landed_copy();
    drop(Game::open(&path).unwrap());
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch("VACUUM").unwrap();
    drop(conn);
    let bytes = std::fs::metadata(&path).unwrap().len();
    let landed = std::fs::metadata(fixture("landed-v2.db")).unwrap().len();
    // The schema itself (a page per table and index, the coach's included) is the same for any
    // history; what the hands take is the rest. (The landed file's own empty schema is not taken
    // off, which only makes the comparison stricter.)
    let empty = _dir.path().join("empty.db");
    drop(Game::open(&empty).unwrap());
    let conn = rusqlite::Connection::open(&empty).unwrap();
    conn.execute_batch("VACUUM").unwrap();
    drop(conn);
    let schema = std::fs::metadata(&empty).unwrap().len();
    assert!((bytes - schema) * 2 < landed, "{bytes} bytes after the migration ({schema} of them the empty schema), {landed} before");
}

/// The machines added after every fixture here was written (their statistics are new entries).
const MACHINES_ADDED_SINCE: [&str; 1] = ["joker-poker"];

/// Where two JSON values disagree, comparing only the keys both objects have (fields added since an
/// old file was written are new; none may change), numbers to 1e-9.
fn disagreements(new: &Value, old: &Value, at: &str, out: &mut Vec<String>) {
    match (new, old) {
        (Value::Object(new), Value::Object(old)) => {
            for (key, value) in old {
                if let Some(now) = new.get(key) {
                    disagreements(now, value, &format!("{at}.{key}"), out);
                }
            }
        }
        // A list per machine gains the machines added since the file was written, at its end.
        (Value::Array(new), Value::Array(old))
            if new.len() >= old.len()
                && new[old.len()..].iter().all(|v| MACHINES_ADDED_SINCE.iter().any(|m| v["machine"] == *m)) =>
        {
            for (i, (now, then)) in new.iter().zip(old).enumerate() {
                disagreements(now, then, &format!("{at}[{i}]"), out);
            }
        }
        _ if close(new, old) => {}
        _ => out.push(format!("{at}: {old} became {new}")),
    }
}

/// Files written by four earlier versions of the code — schemas 2, 4, 7 and 9 (and 14 below), each built from the
/// git history with the CLI of its commit (`scripts/make-fixtures.sh`, `scripts/make-fixture-v9.sh`;
/// schema 9 carries the sums room's derived tables, which the schema check leaves to it) — migrate to the latest schema in
/// one step, audit clean, have their derived tables rebuilt exactly, and show the history, the
/// statistics, the state (and for schema 7 the coach's all-time figures and the review queue) that
/// their own code printed for them.
#[test]
fn files_of_four_earlier_schemas_migrate_audit_and_verify_whole() {
    use vpoker::game::migrations::LATEST;
    for (name, version, day) in [("landed-v2", 2, (2026, 11, 8)), ("landed-v4", 4, (2026, 11, 14)), ("landed-v7", 7, (2026, 11, 24)), ("landed-v9", 9, (2026, 12, 10))] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("vpoker.db");
        std::fs::copy(fixture(&format!("{name}.db")), &path).unwrap();
        let user_version = |path: &Path| -> i64 {
            let conn = rusqlite::Connection::open(path).unwrap();
            conn.pragma_query_value(None, "user_version", |row| row.get(0)).unwrap()
        };
        assert_eq!(user_version(&path), version, "{name}");
        let today = chrono::NaiveDate::from_ymd_opt(day.0, day.1, day.2).unwrap();
        let game = Game::open(&path).unwrap();
        assert_eq!(user_version(&path), LATEST, "{name}");
        let audit = game.audit().unwrap();
        assert!(audit.ok, "{name}: {audit:?}");
        assert_eq!(game.derived_differences().unwrap(), Vec::<String>::new(), "{name}");
        // Their claims predate the record of where claims fell: the decisions replay with those
        // claims unordered, and every one the balance decides is the history's.
        let whole = game.check_history(&|_, _| {}, &std::sync::atomic::AtomicBool::new(false)).unwrap();
        assert!(whole.verified && whole.claims == whole.unordered_claims, "{name}: {whole:?}");
        assert!(whole.counts.bag_draws > 0, "{name}: {whole:?}");
        // Migration 27 chained the whole past: every finished hand and claim a record, then the
        // kind-deal setting in force; the head is the one those records give, and is found.
        let conn = rusqlite::Connection::open(&path).unwrap();
        let (finished, claims): (u64, u64) = conn
            .query_row("SELECT (SELECT COUNT(*) FROM hands WHERE hold IS NOT NULL), (SELECT COUNT(*) FROM daily_claims)", [], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap();
        let first: (String, i64) = conn.query_row("SELECT kind, ref FROM chain WHERE seq = 1", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
        drop(conn);
        assert_eq!(whole.head.records, finished + claims + 1, "{name}");
        assert_eq!(first.0, if whole.unordered_claims > 0 { "claim" } else { "hand" }, "{name}: the unplaced claims first");
        assert!(game.check_head(&whole.head.hex).unwrap().found, "{name}");
        let mut problems = Vec::new();
        let history = serde_json::to_value(crate::common::all_history(&game)).unwrap();
        disagreements(&history, &json(&format!("{name}.history.json"))["hands"], "history", &mut problems);
        let stats = serde_json::to_value(game.stats().unwrap()).unwrap();
        disagreements(&stats, &json(&format!("{name}.stats.json")), "stats", &mut problems);
        let state = serde_json::to_value(game.state(crate::common::d(today)).unwrap()).unwrap();
        let printed = without_retired(&json(&format!("{name}.state.json")));
        for key in ["chips", "xp", "level", "losing_streak", "daily", "last_bet", "last_hands", "unlocked", "hand"] {
            disagreements(&state[key], &printed[key], &format!("state.{key}"), &mut problems);
        }
        if version == 7 {
            let coach = serde_json::to_value(game.coach().unwrap()).unwrap();
            let printed = json(&format!("{name}.coach.json"));
            for key in ["real", "practice", "session"] {
                disagreements(&coach[key], &printed[key], &format!("coach.{key}"), &mut problems);
            }
            let queued = game.mistakes(None, 500).unwrap();
            // Migration 22: each queued mistake becomes a new card due the date its hand was dealt
            // (the old `due`, a count of drill answers, and `streak` are gone); the hands stay.
            assert!(queued.iter().all(|q| Some(q.schedule.due) == q.hand.day && q.schedule.reps == 0), "{name}");
            let mistakes = serde_json::to_value(&queued).unwrap();
            let mut printed = json(&format!("{name}.mistakes.json"))["mistakes"].clone();
            for old in printed.as_array_mut().unwrap() {
                let old = old.as_object_mut().unwrap();
                old.remove("due");
                old.remove("streak");
            }
            disagreements(&mistakes, &printed, "mistakes", &mut problems);
        }
        assert!(problems.is_empty(), "{name}: {} disagreements, first {:?}", problems.len(), &problems[..problems.len().min(5)]);
        assert!(history.as_array().unwrap().len() > 200, "{name}");
    }
}

/// A state the earlier CLI printed, without the fields the game no longer sends: `daily.
/// clock_moved_back` (a date can now be claimed in any order, once).
fn without_retired(value: &Value) -> Value {
    let mut value = value.clone();
    let daily = if value.get("daily").is_some() { &mut value["daily"] } else { &mut value };
    if let Some(object) = daily.as_object_mut().filter(|o| o.contains_key("claimed_today")) {
        object.remove("clock_moved_back");
    }
    value
}

/// A schema-14 file (scripts/make-fixture-v14.sh: its practice table hands in `table_hands`) moves
/// into the one store: every machine hand as that code printed it, the three table hands after
/// them (never committed, no date, `uncommitted`), each verified like any hand, the whole history
/// verified, the table's figures as that code counted them, and new hands bound from there on.
#[test]
fn a_schema_14_file_moves_its_table_hands_into_the_one_store() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vpoker.db");
    std::fs::copy(fixture("landed-v14.db"), &path).unwrap();
    let mut game = Game::open(&path).unwrap();
    let audit = game.audit().unwrap();
    assert!(audit.ok, "{audit:?}");
    assert_eq!(game.derived_differences().unwrap(), Vec::<String>::new());
    let whole = game.check_history(&|_, _| {}, &std::sync::atomic::AtomicBool::new(false)).unwrap();
    assert!(whole.verified && whole.counts.practice == 3 && whole.counts.bag_draws > 0, "{whole:?}");
    let history = crate::common::all_history(&game);
    assert_eq!(history.len(), 83);
    let printed = json("landed-v14.history.json");
    let mut problems = Vec::new();
    let machines = serde_json::to_value(history.iter().rev().filter(|h| h.machine.is_some()).collect::<Vec<_>>()).unwrap();
    disagreements(&machines, &printed["hands"], "history", &mut problems);
    assert!(problems.is_empty(), "{problems:#?}");
    let tables: Vec<_> = history.iter().rev().filter(|h| h.machine.is_none()).collect();
    assert_eq!(tables.iter().map(|h| h.id).collect::<Vec<_>>(), vec![81, 82, 83], "after the machines' hands, in order");
    for hand in &tables {
        // Stored under the former id of the kicker game's own table: the id its record keeps, listed
        // (and summed) under the one table.
        assert_eq!((hand.table.id(), hand.practice, hand.commitment.as_deref()), ("double-double-bonus-9-6", true, None));
        assert_eq!((hand.listed_as.as_deref(), hand.one_table_id()), (Some("double-double-bonus"), "double-double-bonus"));
        assert_eq!((hand.day, hand.commitment_rule), (None, vpoker::pipeline::CommitRule::Uncommitted));
        assert!(game.verify_hand(hand.id).unwrap().verified);
    }
    // The old code counted them apart (`table_sums` by the id they were dealt under); the one sums
    // count them as the kicker game's own table's practice, read by either id.
    let counted = &json("landed-v14.table-draw.json")["sums"];
    for id in ["double-double-bonus-9-6", "double-double-bonus"] {
        let stats = game.table_stats(&crate::common::t(id), true).unwrap();
        let sums = &stats.figures;
        assert_eq!(stats.table, "double-double-bonus");
        let now = serde_json::json!({ "hands": sums.deals, "best_holds": sums.best_holds, "won": sums.won, "best_won": sums.best_won });
        let then = serde_json::json!({ "hands": counted["hands"], "best_holds": counted["best_holds"], "won": counted["won"], "best_won": counted["best_won"] });
        assert_eq!(now, then, "the table's figures as the old code counted them");
        assert!((sums.ev_given_up - counted["ev_given_up"].as_f64().unwrap()).abs() < 1e-12);
        assert_eq!(sums.deals, 3);
    }
    // From here on every hand is bound to its table, bet and line count.
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
    let seed = vpoker::shuffle::Seed::from_bytes([5; 32]);
    let hand = crate::common::practise(&mut game, "double-double-bonus-9-6", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed, crate::common::m(today)).unwrap();
    assert_eq!(hand.id, 84);
    crate::common::draw_hand(&mut game, vpoker::hold::Hold::NONE, crate::common::m(today)).unwrap();
    // Dealt after migration 26: its commitment binds its practice flag and seed's origin too; the
    // hands before keep the rule of their place.
    assert_eq!(game.history(1, None).unwrap()[0].commitment_rule, vpoker::pipeline::CommitRule::Origin);
    assert_ne!(game.history(1, Some(84)).unwrap()[0].commitment_rule, vpoker::pipeline::CommitRule::Origin);
    assert!(game.verify_hand(84).unwrap().verified);
    assert!(game.check_history(&|_, _| {}, &std::sync::atomic::AtomicBool::new(false)).unwrap().verified);
}

/// The schema-14 fixture brought to schema 15 (migration 15 applied alone), with dates written as
/// schema 15 wrote them (`YYYY-MM-DD` text) by `sql`.
fn schema_15_copy(sql: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vpoker.db");
    std::fs::copy(fixture("landed-v14.db"), &path).unwrap();
    let mut conn = rusqlite::Connection::open(&path).unwrap();
    let tx = conn.transaction().unwrap();
    vpoker::game::migrations::MIGRATIONS[14].apply(&tx).unwrap();
    tx.pragma_update(None, "user_version", 15).unwrap();
    tx.execute_batch(sql).unwrap();
    tx.commit().unwrap();
    conn.pragma_update(None, "wal_checkpoint", "TRUNCATE").unwrap();
    (dir, path)
}

#[test]
fn migration_16_stores_every_date_as_a_day_number_and_refuses_one_that_is_not_a_date() {
    // Two claims (the later one made first: their order is kept), a whole day of today's deals with
    // its day, a milestone reached on a date.
    let deals: String = (0..10).map(|i| format!("INSERT INTO daily_deals (day, idx, hold) VALUES ('2026-11-03', {i}, 31);")).collect();
    let setup = format!(
        "DELETE FROM daily_claims; DELETE FROM ledger WHERE kind = 'daily'; \
         UPDATE profile SET chips = chips - daily_total, daily_total = 0; \
         INSERT INTO daily_claims (day, amount, streak, after_hand) VALUES ('2026-11-05', 200, 1, 0), ('2026-11-04', 200, 1, 0); \
         INSERT INTO ledger (kind, amount, day) VALUES ('daily', 200, '2026-11-05'), ('daily', 200, '2026-11-04'); \
         UPDATE profile SET chips = chips + 400, daily_total = 400; \
         {deals} INSERT INTO daily_days (day, best_holds, ev_given_up, streak) VALUES ('2026-11-03', 0, 1.0, 1); \
         INSERT INTO milestones (id, reached_on, announced) VALUES ('drill-queue-emptied', '2026-11-02', 1);"
    );
    let (_dir, path) = schema_15_copy(&setup);
    let game = Game::open(&path).unwrap();
    let audit = game.audit().unwrap();
    let conn = rusqlite::Connection::open(&path).unwrap();
    let day_number = |table: &str, column: &str| -> Vec<i64> {
        let mut stmt = conn.prepare(&format!("SELECT {column} FROM {table} WHERE {column} IS NOT NULL ORDER BY rowid")).unwrap();
        stmt.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
    };
    let of = |y, m, d| i64::from(chrono::Datelike::num_days_from_ce(&chrono::NaiveDate::from_ymd_opt(y, m, d).unwrap()));
    assert_eq!(day_number("daily_claims", "day"), vec![of(2026, 11, 5), of(2026, 11, 4)], "claims keep the order made");
    assert!(day_number("ledger", "day").ends_with(&[of(2026, 11, 5), of(2026, 11, 4)]));
    assert_eq!(conn.query_row("SELECT DISTINCT day FROM daily_deals", [], |r| r.get::<_, i64>(0)).unwrap(), of(2026, 11, 3));
    assert_eq!(conn.query_row("SELECT reached_on FROM milestones WHERE id = 'drill-queue-emptied'", [], |r| r.get::<_, i64>(0)).unwrap(), of(2026, 11, 2));
    assert!(audit.problems.is_empty(), "{audit:?}");
    let mut claims = Vec::new();
    game.export_history(&mut |history| claims = history.claims.iter().map(|c| c.day.clone()).collect(), &mut |_| {}).unwrap();
    assert_eq!(claims, ["2026-11-05", "2026-11-04"], "the history shows the dates as before");
    let marked = game.milestones().unwrap().into_iter().find(|m| m.id == "drill-queue-emptied").unwrap();
    assert_eq!(marked.reached_on, chrono::NaiveDate::from_ymd_opt(2026, 11, 2));
    let state = game.state(crate::common::d(today())).unwrap();
    assert_eq!(state.daily.last_claimed, chrono::NaiveDate::from_ymd_opt(2026, 11, 5));
    // The later date was claimed first, each with streak 1: by the one streak rule it is now 2.
    let streaks: Vec<i64> = conn.prepare("SELECT streak FROM daily_claims ORDER BY day").unwrap().query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
    assert_eq!(streaks, [1, 2]);
    drop(game);
    // A date not written as the game writes it refuses the file, untouched, in every dated table.
    for bad in [
        "UPDATE daily_claims SET day = '2026-2-3' WHERE day = '2026-11-04'; UPDATE ledger SET day = '2026-2-3' WHERE day = '2026-11-04';",
        "UPDATE daily_claims SET day = '2026-02-30' WHERE day = '2026-11-04';",
        "UPDATE ledger SET day = ' 2026-11-04' WHERE day = '2026-11-04';",
        "UPDATE daily_deals SET day = '+2026-11-03' WHERE idx = 0;",
        "UPDATE milestones SET reached_on = 'yesterday';",
    ] {
        let (_dir, path) = schema_15_copy(&format!("{setup} {bad}"));
        let before = std::fs::read(&path).unwrap();
        let error = Game::open(&path).unwrap_err();
        assert_eq!(error.kind(), "corrupt-database", "{bad}: {error}");
        assert!(error.to_string().contains("not"), "{bad}: {error}");
        assert_eq!(std::fs::read(&path).unwrap(), before, "{bad}: the refused file was changed");
    }
    // In the days of today's deals (a cache) such a date is dropped and the day rebuilt from its deals.
    let (_dir, path) = schema_15_copy(&format!("{setup} UPDATE daily_days SET day = '2026-11-3';"));
    let game = Game::open(&path).unwrap();
    assert!(game.audit().unwrap().ok);
    assert!(game.derived_differences().unwrap().is_empty());
}

/// Migration 17: the machines' drill tallies (by machine code) and the other tables' hard-decision
/// tallies (`table_drill_totals`) become one `drill_totals` keyed by table id and source; the review
/// queue keeps its rows under the hand's table code.
#[test]
fn migration_17_makes_one_drill_tally_per_table_and_source() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vpoker.db");
    std::fs::copy(fixture("landed-v14.db"), &path).unwrap();
    let queued: i64 = {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "INSERT INTO drill_totals (machine, source, answered, correct, streak, best_streak, ev_given_up_chips) VALUES \
                 (0, 'hard', 7, 5, 2, 3, 1.5), (0, 'mistakes', 4, 1, 0, 1, 2.25), (3, 'hard', 2, 2, 2, 2, 0.0); \
             INSERT INTO table_drill_totals (table_id, answered, correct, streak, best_streak, ev_given_up_chips) VALUES \
                 ('double-double-bonus-9-6', 9, 6, 1, 4, 3.5);
             INSERT INTO review (hand_id, machine, due, streak) SELECT id, 0, 0, 0 FROM hands WHERE machine = 0 AND hold IS NOT NULL LIMIT 3;",
        )
        .unwrap();
        conn.query_row("SELECT COUNT(*) FROM review", [], |r| r.get(0)).unwrap()
    };
    assert_eq!(queued, 3);
    let game = Game::open(&path).unwrap();
    let jacks = game.drill_tallies(&crate::common::t("jacks-or-better")).unwrap();
    assert_eq!((jacks.hard.answered, jacks.hard.correct, jacks.hard.streak, jacks.hard.best_streak), (7, 5, 2, 3));
    assert_eq!((jacks.mistakes.answered, jacks.mistakes.ev_given_up_chips), (4, 2.25));
    assert_eq!(game.drill_tallies(&crate::common::t("double-bonus")).unwrap().hard.answered, 2);
    // Kept under a former id of the kicker game's own table: read by either id, as the one table's.
    for id in ["double-double-bonus-9-6", "double-double-bonus"] {
        let ddb = game.drill_tallies(&crate::common::t(id)).unwrap();
        assert_eq!((ddb.hard.answered, ddb.hard.correct, ddb.hard.best_streak, ddb.mistakes.answered), (9, 6, 4, 0));
    }
    assert_eq!(game.mistakes(Some(&crate::common::t("jacks-or-better")), 10).unwrap().len(), 3, "the queue is kept under the hands' table");
    // Migration 22: each is due the date its hand was dealt, so all three are due on a later date.
    let later = chrono::NaiveDate::from_ymd_opt(2100, 1, 1).unwrap();
    let question = game.drill_next(&crate::common::t("jacks-or-better"), vpoker::game::DrillSource::Mistakes, vpoker::shuffle::Seed::from_bytes([1; 32]), crate::common::d(later));
    assert_eq!(question.unwrap().map(|q| (q.queue, q.due)), Some((3, 3)));
    let milestones = game.milestones().unwrap();
    assert_eq!(milestones.iter().find(|m| m.id == "drills-100").unwrap().progress, 7 + 4 + 2 + 9, "every answer still counts");
    let audit = game.audit().unwrap();
    assert!(audit.ok, "{audit:?}");
    let conn = rusqlite::Connection::open(&path).unwrap();
    let left: i64 = conn.query_row("SELECT COUNT(*) FROM sqlite_schema WHERE name IN ('table_drill_totals', 'drill_totals_v16', 'review_v16')", [], |r| r.get(0)).unwrap();
    assert_eq!(left, 0);
}
