//! `vpoker verify --db F --all` and `scripts/verify_hand.py` over `vpoker play history --all`: a
//! played history verifies decision by decision; a nudge removed, a nudge added or a situation
//! changed, each with the cards (and the win) made to match, still passes `verify --hand` but fails
//! the whole history at that hand, in the CLI and in Python alike; a stripped commitment fails both.

use vpoker::table::Table;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;
use vpoker::card::Card;
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::pipeline::verify::rule_nudge;
use vpoker::pipeline::{settle, Deal, NudgeSource};
use vpoker::shuffle::Seed;

use crate::common::{text, vpoker, SEED};

/// A history with nudges in more than one situation: real play from 1,000 chips down through the
/// low-balance line (bets of 50), a daily claim between two days, then practice and more real play.
pub(crate) fn played(dir: &Path) -> PathBuf {
    let db = dir.join("game.db");
    let arg = db.to_str().unwrap().to_string();
    let run = |today: &str, args: &[&str]| {
        let mut all = vec!["play", "--db", &arg, "--today", today];
        all.extend_from_slice(args);
        let out = vpoker(&all);
        assert!(out.status.success(), "{args:?}: {}{}", text(&out.stdout), text(&out.stderr));
    };
    run("2026-11-01", &["autoplay", "--hands", "120", "--bet", "10", "--seed", SEED]);
    run("2026-11-02", &["claim-daily"]);
    run("2026-11-02", &["autoplay", "--hands", "40", "--practice", "--seed", &"ab".repeat(32)]);
    run("2026-11-02", &["autoplay", "--hands", "200", "--bet", "5", "--seed", &"05".repeat(32)]);
    db
}

fn verify_all(db: &Path) -> (i32, Value) {
    let out = vpoker(&["verify", "--db", db.to_str().unwrap(), "--all", "--json"]);
    (out.status.code().unwrap(), serde_json::from_slice(&out.stdout).expect("one JSON object"))
}

fn verify_hand(db: &Path, id: i64) -> Value {
    let out = vpoker(&["verify", "--db", db.to_str().unwrap(), "--hand", &id.to_string(), "--json"]);
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// `history --all` piped into the Python verifier: its exit code and output.
fn python(db: &Path) -> (i32, String) {
    let history = vpoker(&["play", "--db", db.to_str().unwrap(), "history", "--all"]);
    assert!(history.status.success(), "{}", text(&history.stderr));
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/verify_hand.py");
    let mut child =
        Command::new("python3").arg(script).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("python3 runs");
    use std::io::Write;
    child.stdin.take().unwrap().write_all(&history.stdout).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap(), text(&out.stdout))
}

/// The hands table's rows the tampering needs: id, machine code, bet, situation code, nudge bytes,
/// hold and seed.
#[derive(Clone)]
pub(crate) struct Row {
    pub(crate) id: i64,
    pub(crate) machine: MachineId,
    pub(crate) bet: u32,
    pub(crate) situation: Option<i64>,
    pub(crate) nudge: Option<Vec<u8>>,
    pub(crate) hold: Hold,
    pub(crate) seed: Seed,
}

pub(crate) fn rows(db: &Path) -> Vec<Row> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare("SELECT id, tbl, bet, situation, nudge, hold, seed FROM hands WHERE practice = 0 AND hold IS NOT NULL ORDER BY id")
        .unwrap();
    stmt.query_map([], |r| {
        let seed: Vec<u8> = r.get(6)?;
        Ok(Row {
            id: r.get(0)?,
            machine: MachineId::ALL[r.get::<_, usize>(1)?],
            bet: r.get(2)?,
            situation: r.get(3)?,
            nudge: r.get(4)?,
            hold: Hold::from_mask(r.get(5)?).unwrap(),
            seed: Seed::from_bytes(seed.try_into().unwrap()),
        })
    })
    .unwrap()
    .collect::<Result<_, _>>()
    .unwrap()
}

pub(crate) fn bytes(cards: &[Card; 5]) -> Vec<u8> {
    cards.iter().map(|c| c.index() as u8).collect()
}

/// Rewrites hand `id`'s nudge, dealt cards and win (the profile's paid total follows, so the
/// balance adds up too) and its situation.
pub(crate) fn rewrite(db: &Path, id: i64, situation: Option<i64>, nudge: Option<Vec<u8>>, dealt: Vec<u8>, won: u64) {
    let conn = rusqlite::Connection::open(db).unwrap();
    let old: i64 = conn.query_row("SELECT won FROM hands WHERE id = ?1", [id], |r| r.get(0)).unwrap();
    let sql = "UPDATE hands SET situation = ?1, nudge = ?2, dealt = ?3, won = ?4 WHERE id = ?5";
    assert_eq!(conn.execute(sql, rusqlite::params![situation, nudge, dealt, won as i64, id]).unwrap(), 1);
    let delta = won as i64 - old;
    conn.execute("UPDATE profile SET chips = chips + ?1, paid_total = paid_total + ?1", [delta]).unwrap();
}

/// The tampered hand passes `verify --hand`, and the whole history fails at exactly that hand, in
/// the CLI (the decision check) and in Python.
fn fails_only_as_a_whole(db: &Path, id: i64, what: &str) {
    let hand = verify_hand(db, id);
    assert_eq!(hand["verified"], true, "{what}: verify --hand passes it: {hand}");
    let (code, all) = verify_all(db);
    assert_eq!(code, 1, "{what}: {all}");
    assert_eq!((all["failure"]["hand"].as_i64(), all["failure"]["check"].as_str()), (Some(id), Some("decision")), "{what}: {all}");
    let (code, out) = python(db);
    assert_eq!(code, 1, "{what}: {out}");
    assert!(out.contains(&format!("hand {id} ")) && out.contains("FAILED: decision"), "{what}: {out}");
    assert!(out.contains(&format!("the first hand the history does not give: {id}")), "{what}: {out}");
}

#[test]
fn a_played_history_verifies_as_a_whole_in_the_cli_and_in_python() {
    let dir = tempfile::tempdir().unwrap();
    let db = played(dir.path());
    let (code, all) = verify_all(&db);
    assert_eq!(code, 0, "{all}");
    assert_eq!((all["hands"].as_u64(), all["practice"].as_u64()), (Some(360), Some(40)));
    assert!(all["nudged"].as_u64().unwrap() >= 5 && all["bag_draws"].as_u64().unwrap() > 50, "{all}");
    assert_eq!((all["claims"].as_u64(), all["unordered_claims"].as_u64()), (Some(1), Some(0)));
    assert_eq!(all["bags_match"], true);
    let situations: std::collections::BTreeSet<i64> = rows(&db).iter().filter_map(|r| r.situation).collect();
    assert!(situations.len() >= 2, "more than one situation's bag drawn: {situations:?}");
    let (code, out) = python(&db);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("360 of 360 hands verified") && out.contains("every kind-deal decision given"), "{out}");
    let text_out = vpoker(&["verify", "--db", db.to_str().unwrap(), "--all"]);
    assert!(text(&text_out.stdout).ends_with("verified\n"), "{}", text(&text_out.stdout));
}

#[test]
fn a_nudge_removed_with_the_cards_made_to_match_fails_the_whole_history() {
    let dir = tempfile::tempdir().unwrap();
    let db = played(dir.path());
    let row = rows(&db).into_iter().find(|r| r.nudge.is_some()).expect("a nudged hand");
    let plain = Deal::deal(&row.seed, &Table::machine(row.machine), 1, NudgeSource::Never);
    let won = settle(&plain, row.bet, row.hold).won;
    rewrite(&db, row.id, row.situation, None, bytes(&plain.dealt()), won);
    fails_only_as_a_whole(&db, row.id, "nudge removed");
}

#[test]
fn a_nudge_added_with_the_cards_made_to_match_fails_the_whole_history() {
    let dir = tempfile::tempdir().unwrap();
    let db = played(dir.path());
    let row = rows(&db)
        .into_iter()
        .find(|r| r.situation.is_some() && r.nudge.is_none() && rule_nudge(&r.seed, &Table::machine(r.machine)).is_some())
        .expect("a dead deal its bag did not nudge");
    let nudged = Deal::deal(&row.seed, &Table::machine(row.machine), 1, NudgeSource::Disclosed(true));
    let nudge = nudged.nudge().unwrap();
    let kind = u8::from(nudge.kind == vpoker::pipeline::NudgeKind::Pair);
    let encoded =
        vec![kind, nudge.position as u8, nudge.removed.index() as u8, nudge.added.index() as u8, nudge.deck_position as u8];
    let won = settle(&nudged, row.bet, row.hold).won;
    rewrite(&db, row.id, row.situation, Some(encoded), bytes(&nudged.dealt()), won);
    fails_only_as_a_whole(&db, row.id, "nudge added");
}

#[test]
fn a_situation_changed_fails_the_whole_history() {
    let dir = tempfile::tempdir().unwrap();
    let db = played(dir.path());
    let row = rows(&db).into_iter().find(|r| r.situation == Some(0)).expect("a dead deal in the normal situation");
    let deal = Deal::deal(&row.seed, &Table::machine(row.machine), 1, NudgeSource::Disclosed(row.nudge.is_some()));
    let won = settle(&deal, row.bet, row.hold).won;
    rewrite(&db, row.id, Some(2), row.nudge.clone(), bytes(&deal.dealt()), won);
    fails_only_as_a_whole(&db, row.id, "situation changed");
}

#[test]
fn a_stripped_commitment_fails_verify_hand_and_the_whole_history() {
    let dir = tempfile::tempdir().unwrap();
    let db = played(dir.path());
    let conn = rusqlite::Connection::open(&db).unwrap();
    assert_eq!(conn.execute("UPDATE hands SET commitment = NULL WHERE id = 50", []).unwrap(), 1);
    drop(conn);
    let hand = verify_hand(&db, 50);
    assert_eq!((hand["verified"].as_bool(), hand["checks"]["commitment"].as_bool()), (Some(false), Some(false)), "{hand}");
    assert!(hand["failures"][0].as_str().unwrap().contains("after commitments began"), "{hand}");
    let (code, all) = verify_all(&db);
    assert_eq!(code, 1);
    assert_eq!((all["failure"]["hand"].as_i64(), all["failure"]["check"].as_str()), (Some(50), Some("commitment")));
    let (code, out) = python(&db);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("hand 50 ") && out.contains("FAILED: commitment"), "{out}");
}

#[test]
fn a_stored_bag_the_history_does_not_leave_fails_the_whole_history() {
    let dir = tempfile::tempdir().unwrap();
    let db = played(dir.path());
    let conn = rusqlite::Connection::open(&db).unwrap();
    let (remaining, last): (String, Option<String>) =
        conn.query_row("SELECT remaining, last FROM bags WHERE situation = 'normal'", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    let other = if remaining.is_empty() { "0".to_string() } else { remaining[1..].to_string() };
    conn.execute("UPDATE bags SET remaining = ?1 WHERE situation = 'normal'", [&other]).unwrap();
    drop(conn);
    let (code, all) = verify_all(&db);
    assert_eq!(code, 1, "{all} (bag was {remaining} last {last:?})");
    assert_eq!((all["failure"]["check"].as_str(), all["bags_match"].as_bool()), (Some("bags"), Some(false)));
}

/// The thirty-hand vector of docs/VERIFY.md ("Verifying the whole history"): its commands give a
/// history whose every dead deal is a row of the table, with the balance after the bet and the
/// losing run the history gives, the bag before the draw as the real shuffle bag has it, the draw,
/// and the nudge the game recorded.
#[test]
fn the_documented_whole_history_vector_is_what_the_game_deals() {
    use vpoker::pipeline::deal::bag_rng;
    use vpoker::pipeline::Situation;
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/VERIFY.md")).unwrap();
    let section = doc.split("### Test vector: thirty hands").nth(1).expect("the vector's section");
    let section = section.split("\n#").next().unwrap();
    let rows: Vec<Vec<String>> = section
        .lines()
        .filter(|l| l.starts_with("| ") && l.as_bytes().get(2).is_some_and(u8::is_ascii_digit))
        .map(|l| l.trim_matches('|').split('|').map(|c| c.trim().to_string()).collect())
        .collect();
    assert_eq!(rows.len(), 16, "{section}");

    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("v.db");
    let db_arg = db.to_str().unwrap();
    let out = vpoker(&["play", "--db", db_arg, "--today", "2026-11-01", "autoplay", "--hands", "30", "--bet", "50", "--seed", SEED]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let history: Value = serde_json::from_slice(&vpoker(&["play", "--db", db_arg, "history", "--all"]).stdout).unwrap();
    let mut rows = rows.into_iter();
    let (mut balance, mut run) = (history["start"].as_i64().unwrap(), 0);
    let mut bag = Situation::Normal.new_bag();
    for hand in history["hands"].as_array().unwrap() {
        let (cost, won) = (hand["cost"].as_i64().unwrap(), hand["won"].as_i64().unwrap());
        if hand["dead"] == true {
            let row = rows.next().unwrap_or_else(|| panic!("hand {} is dead but not in the table", hand["id"]));
            assert_eq!(row[0], hand["id"].to_string());
            assert_eq!((row[1].parse::<i64>().unwrap(), row[2].parse::<i64>().unwrap()), (balance - cost, run), "hand {}", row[0]);
            assert_eq!(hand["situation"].as_str(), Some(row[3].as_str()));
            let seed: Seed = hand["seed"].as_str().unwrap().parse().unwrap();
            let shown = |items: &[bool]| items.iter().map(|&b| if b { '1' } else { '0' }).collect::<String>();
            let before = if bag.remaining().is_empty() {
                let mut refilled = bag.clone();
                refilled.draw(&mut bag_rng(&seed));
                let mut all = vec![*refilled.last().unwrap()];
                all.extend_from_slice(refilled.remaining());
                format!("empty: refilled from hand {}'s seed to `{}`", row[0], shown(&all))
            } else {
                format!("`{}`", shown(bag.remaining()))
            };
            assert_eq!(row[4], before, "hand {}", row[0]);
            let drawn = bag.draw(&mut bag_rng(&seed));
            assert_eq!(row[5], if drawn { "1" } else { "0" }, "hand {}", row[0]);
            assert_eq!(row[6], if hand["nudge"].is_null() { "no" } else { "yes" }, "hand {}", row[0]);
        }
        balance += won - cost;
        run = if won < cost { run + 1 } else { 0 };
    }
    assert!(rows.next().is_none());
}
