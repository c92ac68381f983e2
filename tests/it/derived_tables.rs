//! The one list of derived tables (`game::derived`): every table a game creates is the migrations'
//! or on the list, and every listed table, emptied by hand, comes back as it was from open and the
//! full audit (its rebuild and its comparison are on the list with it).

use std::collections::BTreeSet;
use vpoker::game::Day;
use std::path::Path;

use chrono::NaiveDate;
use rusqlite::Connection;
use vpoker::game::{all_tables, derived_tables, migrations, DealRequest, Game};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;
use vpoker::strategy::hand_evs;

fn day() -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 11, 20).unwrap()).unwrap()
}

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[31] = 0x6e;
    Seed::from_bytes(bytes)
}

fn sqlite_tables(path: &Path) -> BTreeSet<String> {
    let conn = Connection::open(path).unwrap();
    let mut stmt = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").unwrap();
    stmt.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
}

/// Every row of `table`, in the order of all its columns.
fn rows(conn: &Connection, table: &str) -> Vec<String> {
    let n: usize = conn.prepare(&format!("SELECT * FROM {table}")).unwrap().column_count();
    let order: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    let mut stmt = conn.prepare(&format!("SELECT * FROM {table} ORDER BY {}", order.join(", "))).unwrap();
    let mut query = stmt.query([]).unwrap();
    let mut out = Vec::new();
    while let Some(row) = query.next().unwrap() {
        out.push((0..n).map(|i| format!("{:?}", row.get_ref(i).unwrap())).collect::<Vec<_>>().join("|"));
    }
    out
}

#[test]
fn every_table_a_game_creates_is_the_migrations_or_a_listed_derived_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    drop(Game::open(&path).unwrap());
    let all = all_tables();
    let listed: BTreeSet<String> = all.iter().map(|t| t.to_string()).collect();
    assert_eq!(listed.len(), all.len(), "a table listed twice: {all:?}");
    assert_eq!(sqlite_tables(&path), listed, "a table created that is neither a migration's nor a listed derived table");
    assert!(migrations::TABLES.iter().all(|t| listed.contains(*t)));
    for table in derived_tables() {
        assert!(listed.contains(table), "derived table {table} is not created");
    }
}

#[test]
fn every_derived_table_emptied_by_hand_is_rebuilt_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    // Real and practice hands (with dead deals, sessions and their times, final hands, charts), a
    // practised library table, and a finished day of today's deals: every derived table has rows.
    for n in 0..60u64 {
        let practice = n % 4 == 3;
        let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::new(1).unwrap(), practice);
        let now = day().date().and_hms_opt(9, 0, 0).unwrap() + chrono::Duration::seconds(40 * n as i64);
        let state = game.deal(request.clone(), seed(n), crate::common::m(now)).unwrap();
        let hand = state.hand.unwrap();
        let hold = if n % 3 == 0 { Hold::from_mask(0).unwrap() } else { hand.best_hold };
        game.draw(hold, crate::common::m(now)).unwrap();
    }
    for n in 0..3u64 {
        crate::common::practise(&mut game, "double-double-bonus-9-6", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed(1000 + n), day()).unwrap();
        crate::common::draw_hand(&mut game, Hold::from_mask(31).unwrap(), day()).unwrap();
    }
    // An Ultimate X hand on a lab table (its game, solved at the deal, is kept in the file).
    let eleven = [vpoker::game::RowPay { row: "full-house".into(), pay: "11".into() }];
    game.save_lab_table("Eleven", MachineId::JacksOrBetter, &eleven).unwrap();
    crate::common::practise(&mut game, "ultimate-x:lab:Eleven", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed(2000), day()).unwrap();
    crate::common::draw_hand(&mut game, Hold::from_mask(31).unwrap(), day()).unwrap();
    for _ in 0..10 {
        let state = game.daily_deals(day()).unwrap();
        let cards = state.hand.unwrap().cards;
        game.daily_draw(hand_evs(state.machine, &cards).best(), day()).unwrap();
    }
    // A completed proficiency check (its score is derived from its answers).
    for index in 0..25 {
        game.proficiency_answer(&crate::common::t("deuces-wild"), day(), index, Hold::from_mask((index % 32) as u32).unwrap(), day()).unwrap();
    }
    drop(game);
    let conn = Connection::open(&path).unwrap();
    let before: Vec<(&str, Vec<String>)> = derived_tables().into_iter().map(|t| (t, rows(&conn, t))).collect();
    drop(conn);
    for (table, rows_before) in &before {
        assert!(!rows_before.is_empty(), "the played game has no rows in {table}: the test would prove nothing");
        Connection::open(&path).unwrap().execute(&format!("DELETE FROM {table}"), []).unwrap();
        let game = Game::open(&path).unwrap();
        let audit = game.audit().unwrap();
        assert!(audit.ok, "{table}: {audit:?}");
        drop(game);
        let conn = Connection::open(&path).unwrap();
        for (other, rows_other) in &before {
            assert_eq!(&rows(&conn, other), rows_other, "{other} after {table} was emptied, then open and the audit");
        }
    }
}

/// A derived table dropped or filled with garbage by hand is a cache out of date: the next open or
/// audit rebuilds it, and no command answers `corrupt-database` because of it.
#[test]
fn a_derived_table_dropped_or_damaged_never_locks_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    for n in 0..12u64 {
        let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::new(1).unwrap(), n % 3 == 2);
        let hand = game.deal(request.clone(), seed(n), day()).unwrap().hand.unwrap();
        game.draw(hand.best_hold, day()).unwrap();
    }
    crate::common::practise(&mut game, "double-double-bonus-9-6", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed(500), day()).unwrap();
    crate::common::draw_hand(&mut game, Hold::from_mask(31).unwrap(), day()).unwrap();
    let stats = serde_json::to_value(game.stats().unwrap()).unwrap();
    drop(game);
    let mut damages: Vec<String> = derived_tables().into_iter().map(|t| format!("DROP TABLE {t}")).collect();
    damages.extend([
        "UPDATE sums SET wagered = 'lots'".to_string(),
        "UPDATE sums SET deals = deals + 7 WHERE table_id = 'double-double-bonus'".to_string(),
        "UPDATE outcome_sums SET count = count + 1 WHERE table_id = 'double-double-bonus'".to_string(),
        // The practised tables' figures the sums room once kept apart, left by an older build.
        "CREATE TABLE table_sums (table_id TEXT PRIMARY KEY, hands INTEGER NOT NULL) WITHOUT ROWID; \
         INSERT INTO table_sums VALUES ('double-double-bonus-9-6', 1)".to_string(),
        "UPDATE chart_points SET actual = 'x'".to_string(),
        "UPDATE sums_version SET version = 'other'".to_string(),
    ]);
    for damage in damages {
        let copy = dir.path().join("copy.db");
        std::fs::copy(&path, &copy).unwrap();
        let conn = Connection::open(&copy).unwrap();
        // A table a migration defines is dropped with its indexes; SQLite refuses nothing here.
        conn.execute_batch(&damage).unwrap();
        drop(conn);
        let game = match Game::open(&copy) {
            Ok(game) => game,
            Err(error) => panic!("{damage}: open refused the file: {error}"),
        };
        let audit = game.audit().unwrap_or_else(|e| panic!("{damage}: {e}"));
        assert!(audit.ok, "{damage}: {audit:?}");
        let game = Game::open(&copy).unwrap();
        assert_eq!(serde_json::to_value(game.stats().unwrap()).unwrap(), stats, "{damage}");
        game.state(day()).unwrap_or_else(|e| panic!("{damage}: {e}"));
        assert!(game.derived_differences().unwrap().is_empty(), "{damage}");
        drop(game);
        assert!(!sqlite_tables(&copy).contains("table_sums"), "{damage}: a former derived table is dropped");
        std::fs::remove_file(&copy).unwrap();
        let _ = std::fs::remove_file(dir.path().join("copy.db-wal"));
        let _ = std::fs::remove_file(dir.path().join("copy.db-shm"));
    }
}

/// A crafted day of today's deals that is no date is the truth failing: the audit names it as a
/// problem (and so never tries to rebuild the days from it), where it used to end in a failed repair.
#[test]
fn a_day_of_todays_deals_that_is_no_date_is_a_problem_not_a_failed_repair() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    drop(Game::open(&path).unwrap());
    let conn = Connection::open(&path).unwrap();
    for idx in 0..10 {
        conn.execute("INSERT INTO daily_deals (day, idx, hold) VALUES (4000000000, ?1, 31)", [idx]).unwrap();
    }
    drop(conn);
    let audit = Game::open(&path).unwrap().audit().unwrap();
    assert!(!audit.ok && audit.problems.iter().any(|p| p.contains("4000000000") && p.contains("not a date")), "{audit:?}");
}
