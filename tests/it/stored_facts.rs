//! Every stored fact is derived or checked: ARCHITECTURE.md's table "Every stored column" names each
//! column of each table a game creates, as `truth` (the audit or open refuses an edit of it),
//! `cache` (an edit is rebuilt from the truth) or `accepted` (an edit is taken as the player's own
//! choice, with the reason in the table). The test reads that table and the schema of a game played
//! through every feature, and checks both name the same columns; then it edits each column of a
//! copy (every row of it, the first of a few edits that SQLite takes) and checks that the game does
//! what the table says: refuses it, rebuilds it, or accepts it.

use std::collections::{BTreeMap, BTreeSet};
use vpoker::game::Day;
use std::path::{Path, PathBuf};

use chrono::{NaiveDate, NaiveDateTime};
use rusqlite::Connection;
use vpoker::game::{DealRequest, DrillSource, Game, RowPay};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

fn day(n: u32) -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 11, 1).unwrap() + chrono::Days::new(u64::from(n))).unwrap()
}

fn at(n: u32, hour: u32) -> NaiveDateTime {
    day(n).date().and_hms_opt(hour, 0, 0).unwrap()
}

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[31] = 0x5f;
    Seed::from_bytes(bytes)
}

/// A game that has used every feature that stores something: claims on three days, sessions,
/// hands for chips with mistakes (the review queue) and in practice, Ultimate X hands, a remembered
/// bet, a practised library table, a saved lab table, drills on a machine and a table, today's deals,
/// proficiency checks, a warm-up taken, settings and milestones.
fn played(dir: &Path) -> PathBuf {
    let path = dir.join("game.db");
    let mut game = Game::open(&path).unwrap();
    let mut n = 0u64;
    for d in 0..3 {
        game.foreground(at(d, 9)).unwrap();
        game.claim_daily(day(d)).unwrap();
        for k in 0..12u64 {
            let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(20).unwrap(), vpoker::game::Lines::new(1).unwrap(), k == 11);
            n += 1;
            let state = game.deal(request.clone(), seed(n), crate::common::m(at(d, 10))).unwrap();
            let hand = state.hand.unwrap();
            // Every fourth hand thrown away whole: a mistake for the review queue.
            let hold = if k % 4 == 3 { Hold::NONE } else { hand.best_hold };
            game.draw(hold, crate::common::m(at(d, 10))).unwrap();
        }
        game.background(at(d, 11)).unwrap();
    }
    // Practice hands enough for the chain's first kept root (a tree of 64 records).
    for k in 0..16u64 {
        let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, true);
        let hand = game.deal(request, seed(1000 + k), crate::common::m(at(2, 11))).unwrap().hand.unwrap();
        game.draw(hand.best_hold, crate::common::m(at(2, 11))).unwrap();
    }
    crate::common::practise(&mut game, "double-double-bonus-9-6", vpoker::game::Bet::new(10).unwrap(), vpoker::game::Lines::ONE, seed(900), crate::common::m(at(2, 12))).unwrap();
    crate::common::draw_hand(&mut game, Hold::NONE, crate::common::m(at(2, 12))).unwrap();
    // Ultimate X for chips (multipliers carried from hand to hand) and on a practised table.
    for k in 0..6u64 {
        let request = DealRequest { table: vpoker::game::TableId::new("ultimate-x:jacks-or-better").unwrap(), bet: vpoker::game::Bet::new(5).unwrap(), hands: vpoker::game::Lines::ONE, practice: false };
        let hand = game.deal(request.clone(), seed(800 + k), crate::common::m(at(2, 12))).unwrap().hand.unwrap();
        game.draw(hand.best_hold, crate::common::m(at(2, 12))).unwrap();
    }
    crate::common::practise(&mut game, "ultimate-x:jacks-or-better-8-6", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed(901), crate::common::m(at(2, 12))).unwrap();
    crate::common::draw_hand(&mut game, Hold::NONE, crate::common::m(at(2, 12))).unwrap();
    let pays = [RowPay { row: "full-house".into(), pay: "6".into() }];
    game.save_lab_table("Six five", MachineId::JacksOrBetter, &pays).unwrap();
    // Ultimate X on a lab table: its game, solved at the deal, kept in the file.
    let eleven = [RowPay { row: "full-house".into(), pay: "11".into() }];
    game.save_lab_table("Eleven", MachineId::JacksOrBetter, &eleven).unwrap();
    crate::common::practise(&mut game, "ultimate-x:lab:Eleven", vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::ONE, seed(902), crate::common::m(at(2, 12))).unwrap();
    crate::common::draw_hand(&mut game, Hold::NONE, crate::common::m(at(2, 12))).unwrap();
    for source in [DrillSource::Hard, DrillSource::Mistakes] {
        let question = game.drill_next(&crate::common::t("jacks-or-better"), source, seed(700), day(2)).unwrap().unwrap();
        game.drill_answer(&question.key, Hold::NONE, day(2)).unwrap();
    }
    let question = game.drill_next(&crate::common::t("lab:Six five"), DrillSource::Hard, seed(701), day(2)).unwrap().unwrap();
    game.drill_answer(&question.key, Hold::NONE, day(2)).unwrap();
    for _ in 0..10 {
        game.daily_draw(Hold::NONE, day(2)).unwrap();
    }
    // A completed proficiency check and one begun.
    for index in 0..25 {
        game.proficiency_answer(&crate::common::t("jacks-or-better"), day(2), index, Hold::from_mask((index * 7 % 32) as u32).unwrap(), day(2)).unwrap();
    }
    game.proficiency_answer(&crate::common::t("lab:Six five"), day(2), 0, Hold::NONE, day(2)).unwrap();
    // A warm-up taken a week after the last hand, one of its decisions answered.
    game.take_warm_up(&crate::common::t("jacks-or-better"), day(9)).unwrap();
    let question = game.drill_next(&crate::common::t("jacks-or-better"), DrillSource::Hard, seed(702), day(9)).unwrap().unwrap();
    game.drill_answer(&question.key, Hold::NONE, day(9)).unwrap();
    game.set_setting("sound", "off").unwrap();
    game.set_setting("language", "de").unwrap();
    // Level 3 by now (20 chips a hand): a milestone reached and announced.
    assert!(!game.milestone_news(day(2)).unwrap().is_empty());
    assert!(game.audit().unwrap().ok);
    path
}

/// Every (table, column) of the file.
fn columns(conn: &Connection) -> BTreeSet<(String, String)> {
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let mut out = BTreeSet::new();
    for table in tables {
        let mut info = conn.prepare(&format!("PRAGMA table_info(\"{table}\")")).unwrap();
        for column in info.query_map([], |r| r.get::<_, String>(1)).unwrap() {
            out.insert((table.clone(), column.unwrap()));
        }
    }
    out
}

/// What the game does with an edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// SQLite itself refuses every edit tried (a CHECK, NOT NULL or key).
    Schema,
    /// Open or the audit refuses the file.
    Refused,
    /// The audit finds the table stale and rebuilds it as it was.
    Rebuilt,
    /// The game takes it: the audit passes and nothing is rebuilt.
    Accepted,
    /// The table holds no row to edit in this game.
    Empty,
}

/// The edits tried on a column, in order: the first that SQLite takes and that changes a value.
fn edits(column: &str) -> Vec<String> {
    let c = format!("\"{column}\"");
    vec![
        format!("{c} + 1"),
        format!("{c} - 1"),
        format!("CASE WHEN {c} = 0 THEN 1 ELSE 0 END"),
        format!("{c} || 'x'"),
        "'x'".to_string(),
        format!("{c} + 1.5"),
        "NULL".to_string(),
    ]
}

/// A copy of `game` with `column` of every row of `table` edited (the first of [`edits`] SQLite
/// takes that changes a row), with the table's rows before the edit; or the outcome when there is
/// nothing to edit (`Empty`) or no edit is taken (`Schema`).
fn edited_copy(dir: &Path, game: &Path, table: &str, column: &str, name: &str) -> Result<(PathBuf, Vec<String>), Outcome> {
    let copy = dir.join(name);
    let conn = Connection::open(game).unwrap();
    conn.execute("VACUUM INTO ?1", [copy.to_str().unwrap()]).unwrap();
    drop(conn);
    let conn = Connection::open(&copy).unwrap();
    let n: i64 = conn.query_row(&format!("SELECT COUNT(*) FROM \"{table}\""), [], |r| r.get(0)).unwrap();
    if n == 0 {
        return Err(Outcome::Empty);
    }
    let before = rows(&conn, table);
    for edit in edits(column) {
        let tx = conn.unchecked_transaction().unwrap();
        if tx.execute(&format!("UPDATE \"{table}\" SET \"{column}\" = {edit}"), []).is_ok() && rows(&tx, table) != before {
            tx.commit().unwrap();
            return Ok((copy, before));
        }
        drop(tx);
    }
    Err(Outcome::Schema)
}

/// Edits `column` of every row of `table` in a copy of `game` and says what the game does.
fn outcome(dir: &Path, game: &Path, table: &str, column: &str, i: usize) -> Outcome {
    let (copy, before) = match edited_copy(dir, game, table, column, &format!("edit-{i}.db")) {
        Ok(edited) => edited,
        Err(outcome) => return outcome,
    };
    let Ok(game) = Game::open(&copy) else { return Outcome::Refused };
    let audit = match game.audit() {
        Ok(audit) => audit,
        Err(_) => return Outcome::Refused,
    };
    if !audit.ok {
        return Outcome::Refused;
    }
    drop(game);
    let after = rows(&Connection::open(&copy).unwrap(), table);
    // As it was: rebuilt (at open, or by the audit's repair); still edited: taken (a cache derived
    // from it may have been rebuilt to agree).
    if after == before {
        Outcome::Rebuilt
    } else {
        Outcome::Accepted
    }
}

/// Every row of `table` as text, sorted.
fn rows(conn: &Connection, table: &str) -> Vec<String> {
    let mut stmt = conn.prepare(&format!("SELECT * FROM \"{table}\"")).unwrap();
    let n = stmt.column_count();
    let mut query = stmt.query([]).unwrap();
    let mut out = Vec::new();
    while let Some(row) = query.next().unwrap() {
        out.push((0..n).map(|i| format!("{:?}", row.get_ref(i).unwrap())).collect::<Vec<_>>().join("|"));
    }
    out.sort();
    out
}

/// ARCHITECTURE.md's table of stored columns: (table, column) → kind ("every column" of the tables
/// named is every column `found` has for them).
fn documented(found: &BTreeSet<(String, String)>) -> BTreeMap<(String, String), String> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md")).unwrap();
    let start = text.find("### Every stored column").expect("ARCHITECTURE.md has the table of stored columns");
    let mut out = BTreeMap::new();
    for line in text[start..].lines().skip(1).skip_while(|l| !l.starts_with('|')).take_while(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        if cells.len() < 4 || cells[0] == "table" || cells[0].starts_with("---") {
            continue;
        }
        let kind = cells[2];
        for table in cells[0].split(',').map(|t| t.trim().trim_matches('`')) {
            let columns: Vec<String> = if cells[1] == "every column" {
                found.iter().filter(|(t, _)| t == table).map(|(_, c)| c.clone()).collect()
            } else {
                cells[1].split(',').map(|c| c.trim().trim_matches('`').to_string()).collect()
            };
            assert!(!columns.is_empty(), "{table}: no columns");
            for column in columns {
                let previous = out.insert((table.to_string(), column.clone()), kind.to_string());
                assert!(previous.is_none(), "{table}.{column} is listed twice");
            }
        }
    }
    out
}

#[test]
fn every_stored_column_is_documented_and_an_edit_of_it_is_refused_rebuilt_or_accepted_as_documented() {
    let dir = tempfile::tempdir().unwrap();
    let game = played(dir.path());
    let found = columns(&Connection::open(&game).unwrap());
    let listed = documented(&found);
    let listed_columns: BTreeSet<(String, String)> = listed.keys().cloned().collect();
    let missing: Vec<_> = found.difference(&listed_columns).collect();
    let extra: Vec<_> = listed_columns.difference(&found).collect();
    let mut wrong = Vec::new();
    let mut seen = BTreeMap::new();
    for (i, (table, column)) in found.iter().enumerate() {
        let got = outcome(dir.path(), &game, table, column, i);
        *seen.entry(format!("{got:?}")).or_insert(0) += 1;
        println!("{table}.{column}: {got:?}"); // with --nocapture: the whole list
        let Some(kind) = listed.get(&(table.clone(), column.clone())) else { continue };
        let fits = match kind.as_str() {
            "truth" => matches!(got, Outcome::Refused | Outcome::Schema),
            "cache" => matches!(got, Outcome::Rebuilt | Outcome::Schema),
            "accepted" => matches!(got, Outcome::Accepted | Outcome::Schema),
            other => panic!("{table}.{column}: unknown kind {other}"),
        };
        // A table with no row to edit would pass unchecked: the played game must fill every table.
        if !fits {
            wrong.push(format!("{table}.{column}: documented {kind}, the game's outcome {got:?}"));
        }
    }
    println!("{} columns edited: {seen:?}", found.len());
    assert!(missing.is_empty() && extra.is_empty(), "not documented: {missing:?}; documented but not stored: {extra:?}");
    assert!(wrong.is_empty(), "edits the game does not treat as documented:\n{}", wrong.join("\n"));
}

/// A milestone whose fact is the player's own practice record (drill tallies, today's deals) stays
/// reached when that record is edited down: the record is accepted as stored, so it never makes a
/// reached milestone a reason to refuse the game. One whose fact is the truth's is checked.
#[test]
fn a_milestone_of_an_accepted_record_survives_an_edit_of_it_and_one_of_the_truth_does_not() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    for n in 0..100 {
        let question = game.drill_next(&crate::common::t("jacks-or-better"), DrillSource::Hard, seed(5000 + n), day(2)).unwrap().unwrap();
        game.drill_answer(&question.key, Hold::NONE, day(2)).unwrap();
    }
    let news: Vec<String> = game.milestone_news(day(0)).unwrap().into_iter().map(|m| m.id).collect();
    assert!(news.contains(&"drills-100".to_string()), "{news:?}");
    drop(game);
    Connection::open(&path).unwrap().execute_batch("UPDATE drill_totals SET answered = 1, correct = 0, streak = 0, best_streak = 0").unwrap();
    let game = Game::open(&path).unwrap();
    assert!(game.audit().unwrap().ok, "an accepted record edited down");
    drop(game);
    Connection::open(&path).unwrap().execute_batch("INSERT INTO milestones (id, reached_on, announced) VALUES ('hands-1000', NULL, 0)").unwrap();
    let audit = Game::open(&path).unwrap().audit().unwrap();
    assert!(!audit.ok && audit.problems.iter().any(|p| p.contains("hands-1000")), "{audit:?}");
}

/// A claim's place among the hands (`after_hand`) written over with NULL (what a claim made before
/// migration 10 has) is refused — there are exactly `profile.unplaced_claims` such claims — and so
/// is a place out of order or after a hand that does not exist: the kind-deal situations those
/// places decide stay checked.
#[test]
fn a_claim_stripped_of_its_place_or_moved_out_of_order_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let game = played(dir.path());
    let edits = [
        ("all unplaced", "UPDATE daily_claims SET after_hand = NULL"),
        ("the last unplaced", "UPDATE daily_claims SET after_hand = NULL WHERE rowid = (SELECT MAX(rowid) FROM daily_claims)"),
        ("out of order", "UPDATE daily_claims SET after_hand = 0 WHERE rowid = (SELECT MAX(rowid) FROM daily_claims)"),
        ("after a hand that does not exist", "UPDATE daily_claims SET after_hand = 100000 WHERE rowid = (SELECT MAX(rowid) FROM daily_claims)"),
    ];
    for (i, (what, sql)) in edits.iter().enumerate() {
        let copy = dir.path().join(format!("claims-{i}.db"));
        std::fs::copy(&game, &copy).unwrap();
        Connection::open(&copy).unwrap().execute_batch(sql).unwrap();
        let verdict = Game::open(&copy).and_then(|g| g.audit());
        assert!(!matches!(verdict, Ok(ref a) if a.ok), "{what}: {verdict:?}");
        // `verify --all` names it too.
        let never = std::sync::atomic::AtomicBool::new(false);
        let check = Game::open_read_only(&copy).and_then(|g| g.check_history(&|_, _| {}, &never));
        assert!(!matches!(check, Ok(ref c) if c.failure.is_none()), "{what}: verify --all accepts it: {check:?}");
    }
    // The first claim without a place, as a game begun before places were recorded has it (the
    // upgrade counted it: `unplaced_claims` 1), is consistent; the same claim stripped of its place
    // in a game that counted none is not. No date decides it (a clock may have been wrong once).
    let copy = dir.path().join("claims-first.db");
    std::fs::copy(&game, &copy).unwrap();
    let strip_first = "UPDATE daily_claims SET after_hand = NULL WHERE rowid = (SELECT MIN(rowid) FROM daily_claims);";
    Connection::open(&copy).unwrap().execute_batch(strip_first).unwrap();
    assert!(!matches!(Game::open(&copy).and_then(|g| g.audit()), Ok(ref a) if a.ok), "stripped where none was counted");
    Connection::open(&copy).unwrap().execute_batch("UPDATE profile SET unplaced_claims = 1").unwrap();
    let audit = Game::open(&copy).unwrap().audit().unwrap();
    assert!(audit.ok, "{:?}", audit.problems);
}

/// The same edits as crafted files to import (one per column, 120 or so): an edit of a truth column
/// is refused with a typed error, and the game it would have replaced is byte-identical with nothing
/// left in its folder; an edit of a cache or an accepted column imports, for the reason the table
/// gives, and the imported game audits clean.
#[test]
fn every_column_edit_as_a_file_to_import_is_refused_or_imported_as_documented() {
    let dir = tempfile::tempdir().unwrap();
    let game = played(dir.path());
    let found = columns(&Connection::open(&game).unwrap());
    let listed = documented(&found);
    let crafted_dir = dir.path().join("crafted");
    let live_dir = dir.path().join("live");
    std::fs::create_dir_all(&crafted_dir).unwrap();
    std::fs::create_dir_all(&live_dir).unwrap();
    let live = live_dir.join("live.db");
    let (mut refused, mut imported, mut wrong) = (0, 0, Vec::new());
    for (table, column) in &found {
        let Ok((file, _)) = edited_copy(&crafted_dir, &game, table, column, &format!("{table}.{column}.vpoker")) else { continue };
        // A fresh live game each time (an import replaces it), closed before the import.
        for entry in std::fs::read_dir(&live_dir).unwrap() {
            std::fs::remove_file(entry.unwrap().path()).unwrap();
        }
        std::fs::copy(&game, &live).unwrap();
        let (bytes, names) = (std::fs::read(&live).unwrap(), std::fs::read_dir(&live_dir).unwrap().count());
        let kind = listed.get(&(table.clone(), column.clone())).map(String::as_str).unwrap_or("undocumented");
        match Game::import_file(&live, &file, day(2)) {
            Err(error) => {
                refused += 1;
                assert!(["corrupt-database", "newer-database"].contains(&error.kind()), "{table}.{column}: {error}");
                assert!(error.to_string().contains(&file.display().to_string()), "{table}.{column}: the error names the file: {error}");
                assert_eq!(std::fs::read(&live).unwrap(), bytes, "{table}.{column}: the game is byte-identical");
                assert_eq!(std::fs::read_dir(&live_dir).unwrap().count(), names + 1, "{table}.{column}: nothing left but the import lock");
                if kind != "truth" {
                    wrong.push(format!("{table}.{column} ({kind}) refused: {error}"));
                }
            }
            Ok(_) => {
                imported += 1;
                let audit = Game::open(&live).unwrap().audit().unwrap();
                assert!(audit.ok, "{table}.{column}: {:?}", audit.problems);
                if kind == "truth" {
                    wrong.push(format!("{table}.{column} (truth) imported"));
                }
            }
        }
    }
    println!("{} crafted files: {refused} refused, {imported} imported", refused + imported);
    assert!(refused + imported >= 100, "{refused} + {imported} files");
    assert!(wrong.is_empty(), "imports the game does not treat as documented:\n{}", wrong.join("\n"));
}
