//! One list of crafted tampers fed to every path that checks a game file — the full audit (`play
//! audit`), the import check (`play import` into a fresh game), `verify --hand`, `verify --all` and
//! `scripts/verify_hand.py` over `history --all` — which must all give the same verdict: refused.
//! A tamper of one hand's record is given to `verify --hand` of that hand too; a tamper that keeps
//! every hand consistent in itself (a decision, a claim, the profile, a deleted hand) is a property of
//! the whole history, which `verify --hand` does not claim to see.
//!
//! Two edits are not in the list because nothing can see them, by design: a hold rewritten to one
//! that draws the same win (nothing commits a hold: it is chosen after the deal; only the derived
//! sums, rebuilt from the hands, follow it), and a daily claim moved among the hands where no
//! kind-deal decision depends on the balance (it then changes no outcome; moved where one does, the
//! decisions replay finds the situation that no longer follows).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use rusqlite::Connection;
use serde_json::Value;
use vpoker::pipeline::verify::rule_nudge;
use vpoker::pipeline::{settle, Deal, NudgeSource};
use vpoker::table::Table;

use crate::common::{text, vpoker};
use crate::verify_all::{bytes, played, rewrite, rows};

/// A tamper: its name, the hand whose record it changes (if one), and the change.
struct Tamper {
    name: &'static str,
    hand: Option<i64>,
    apply: Box<dyn Fn(&Connection, &Path)>,
}

fn sql(name: &'static str, hand: Option<i64>, statements: &'static str) -> Tamper {
    Tamper { name, hand, apply: Box::new(move |conn, _| conn.execute_batch(statements).unwrap()) }
}

/// The played history of `verify_all`, and practised casino-table hands after it.
fn history(dir: &Path) -> PathBuf {
    let db = played(dir);
    let arg = db.to_str().unwrap();
    for n in 0..6 {
        let seed = format!("{:02x}", 0x40 + n).repeat(32);
        let deal = ["play", "--db", arg, "--today", "2026-11-03", "deal", "--practice", "--table", "double-double-bonus-9-6"];
        let out = vpoker(&[&deal[..], &["--bet", "10", "--seed", &seed]].concat());
        assert!(out.status.success(), "{}", text(&out.stderr));
        let out = vpoker(&["play", "--db", arg, "--today", "2026-11-03", "draw", if n % 2 == 0 { "11000" } else { "00000" }]);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    db
}

/// Each path's verdict on `db`: `true` when it refuses the file (or the hand).
fn verdicts(dir: &Path, db: &Path, hand: Option<i64>) -> Vec<(&'static str, bool)> {
    let arg = db.to_str().unwrap();
    let mut out = Vec::new();
    out.push(("audit", !vpoker(&["play", "--db", arg, "audit"]).status.success()));
    let fresh = dir.join(format!("fresh-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&fresh);
    let import = vpoker(&["play", "--db", fresh.to_str().unwrap(), "--today", "2026-11-04", "import", arg]);
    out.push(("import", !import.status.success() || text(&import.stdout).contains("\"error\"")));
    if let Some(id) = hand {
        let verified = vpoker(&["verify", "--db", arg, "--hand", &id.to_string(), "--json"]);
        out.push(("verify --hand", !verified.status.success()));
    }
    out.push(("verify --all", !vpoker(&["verify", "--db", arg, "--all", "--json"]).status.success()));
    let history = vpoker(&["play", "--db", arg, "history", "--all"]);
    let python = if history.status.success() {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/verify_hand.py");
        let mut child = Command::new("python3").arg(script).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
        use std::io::Write;
        child.stdin.take().unwrap().write_all(&history.stdout).unwrap();
        !child.wait_with_output().unwrap().status.success()
    } else {
        true // the export itself stops at a row that does not replay
    };
    out.push(("verify_hand.py", python));
    out
}

fn tampers(db: &Path) -> Vec<Tamper> {
    let all = rows(db);
    let plain = all.iter().find(|r| r.nudge.is_none() && r.situation.is_none()).unwrap().id;
    let nudged = all.iter().find(|r| r.nudge.is_some()).unwrap();
    let normal = all.iter().find(|r| r.situation == Some(0)).unwrap();
    let unnudged = all
        .iter()
        .find(|r| r.situation.is_some() && r.nudge.is_none() && rule_nudge(&r.seed, &Table::machine(r.machine)).is_some())
        .unwrap();
    // A hand and another hold that draws to another win from the same deck.
    let repaid = all
        .iter()
        .filter(|r| r.nudge.is_none())
        .find_map(|r| {
            let deal = Deal::deal(&r.seed, &Table::machine(r.machine), 1, NudgeSource::Never);
            let won = settle(&deal, r.bet, r.hold).won;
            (0..32u8).find(|&m| settle(&deal, r.bet, vpoker::hold::Hold::from_mask(u32::from(m)).unwrap()).won != won).map(|m| (r.id, m))
        })
        .unwrap();
    let losing = all.iter().find(|r| r.id > 150 && r.id < 300 && r.nudge.is_none()).unwrap().id;
    let (nudged_row, normal_row, unnudged_row) = (nudged.clone(), normal.clone(), unnudged.clone());
    vec![
        sql("a stripped commitment", Some(plain), leak(format!("UPDATE hands SET commitment = NULL WHERE id = {plain}"))),
        sql("a commitment changed", Some(plain), leak(format!("UPDATE hands SET commitment = zeroblob(32) WHERE id = {plain}"))),
        sql("a seed changed", Some(plain), leak(format!("UPDATE hands SET seed = zeroblob(32) WHERE id = {plain}"))),
        sql("a dealt card swapped", Some(plain), leak(format!(
            "UPDATE hands SET dealt = CAST(substr(dealt, 1, 4) || X'33' AS BLOB) WHERE id = {plain} AND substr(dealt, 5, 1) != X'33'; \
             UPDATE hands SET dealt = CAST(substr(dealt, 1, 4) || X'32' AS BLOB) WHERE id = {plain} AND substr(dealt, 5, 1) = X'33'"))),
        sql("a win raised, the profile made to match", Some(plain), leak(format!(
            "UPDATE hands SET won = won + 50 WHERE id = {plain}; UPDATE profile SET chips = chips + 50, paid_total = paid_total + 50"))),
        Tamper {
            name: "a hold changed to one that pays otherwise",
            hand: Some(repaid.0),
            apply: Box::new(move |conn, _| {
                conn.execute("UPDATE hands SET hold = ?1 WHERE id = ?2", [i64::from(repaid.1), repaid.0]).unwrap();
            }),
        },
        Tamper {
            name: "a bet rewritten from 10 to 20 with the win recomputed",
            hand: Some(plain),
            apply: Box::new(move |conn, _| {
                let won: i64 = conn.query_row("SELECT won FROM hands WHERE id = ?1", [plain], |r| r.get(0)).unwrap();
                conn.execute("UPDATE hands SET bet = 20, won = ?1 WHERE id = ?2", [won * 2, plain]).unwrap();
                conn.execute("UPDATE profile SET chips = chips - 10 + ?1, bet_total = bet_total + 10, xp = xp + 10, paid_total = paid_total + ?1", [won])
                    .unwrap();
            }),
        },
        // The joker (card 52) in a 52-card machine's deal: refused where the card enters, never evaluated.
        sql("a dealt card made the joker on a 52-card machine", Some(plain), leak(format!(
            "UPDATE hands SET dealt = CAST(substr(dealt, 1, 4) || X'34' AS BLOB) WHERE id = {plain}"))),
        sql("a hand moved to another machine", Some(plain), leak(format!("UPDATE hands SET tbl = 2 WHERE id = {plain}"))),
        sql("a hand count changed", Some(plain), leak(format!("UPDATE hands SET n_hands = 3 WHERE id = {plain}"))),
        sql("a nudge disclosed on a hand that was not nudged", Some(plain), leak(format!(
            "UPDATE hands SET nudge = X'0100000505' WHERE id = {plain}"))),
        sql("a table hand's seed changed", Some(361), "UPDATE hands SET seed = zeroblob(32) WHERE id = 361"),
        sql("a table hand's pays changed in the registry", Some(361), "UPDATE tables SET pays = replace(pays, '800,400', '800,401') WHERE code >= 4"),
        sql("a table hand moved to another table id", Some(361), "UPDATE tables SET id = 'lab:mine' WHERE code >= 4"),
        sql("a table hand's commitment stripped", Some(362), "UPDATE hands SET commitment = NULL WHERE id = 362"),
        sql("a machine's registry row edited", None, "UPDATE tables SET pays = '800,50,25,9,7,4,3,2,1' WHERE code = 0"),
        sql("a table hand played for chips", None, "UPDATE hands SET practice = 0 WHERE id = 361"),
        sql("a real hand made practice, the chips kept", None, leak(format!("UPDATE hands SET practice = 1 WHERE id = {plain}"))),
        Tamper {
            name: "a nudge removed with the cards made to match",
            hand: None,
            apply: Box::new(move |_, db| {
                let deal = Deal::deal(&nudged_row.seed, &Table::machine(nudged_row.machine), 1, NudgeSource::Never);
                rewrite(db, nudged_row.id, nudged_row.situation, None, bytes(&deal.dealt()), settle(&deal, nudged_row.bet, nudged_row.hold).won);
            }),
        },
        Tamper {
            name: "a nudge added with the cards made to match",
            hand: None,
            apply: Box::new(move |_, db| {
                let r = &unnudged_row;
                let deal = Deal::deal(&r.seed, &Table::machine(r.machine), 1, NudgeSource::Disclosed(true));
                let n = deal.nudge().unwrap();
                let kind = u8::from(n.kind == vpoker::pipeline::NudgeKind::Pair);
                let encoded = vec![kind, n.position as u8, n.removed.index() as u8, n.added.index() as u8, n.deck_position as u8];
                rewrite(db, r.id, r.situation, Some(encoded), bytes(&deal.dealt()), settle(&deal, r.bet, r.hold).won);
            }),
        },
        Tamper {
            name: "a situation changed",
            hand: None,
            apply: Box::new(move |_, db| {
                let r = &normal_row;
                let deal = Deal::deal(&r.seed, &Table::machine(r.machine), 1, NudgeSource::Disclosed(r.nudge.is_some()));
                rewrite(db, r.id, Some(2), r.nudge.clone(), bytes(&deal.dealt()), settle(&deal, r.bet, r.hold).won);
            }),
        },
        sql("a claim moved past the last hand", None, "UPDATE daily_claims SET after_hand = 9999"),
        sql("every claim stripped of its place among the hands", None, "UPDATE daily_claims SET after_hand = NULL"),
        sql("a claim's amount raised, the profile made to match", None,
            "UPDATE daily_claims SET amount = 400; UPDATE ledger SET amount = 400 WHERE kind = 'daily'; \
             UPDATE profile SET chips = chips + 200, daily_total = daily_total + 200"),
        Tamper {
            name: "a losing hand deleted, the profile made to match",
            hand: None,
            apply: Box::new(move |conn, _| {
                let (bet, n, won): (i64, i64, i64) = conn
                    .query_row("SELECT bet, n_hands, won FROM hands WHERE id = ?1", [losing], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                    .unwrap();
                let cost = bet * n;
                conn.execute("DELETE FROM hands WHERE id = ?1", [losing]).unwrap();
                conn.execute("DELETE FROM review WHERE hand_id = ?1", [losing]).unwrap();
                conn.execute(
                    "UPDATE profile SET chips = chips + ?1 - ?2, bet_total = bet_total - ?1, paid_total = paid_total - ?2, xp = xp - ?1",
                    [cost, won],
                )
                .unwrap();
            }),
        },
        sql("the losing run raised by 3", None, "UPDATE profile SET losing_streak = losing_streak + 3"),
        sql("the XP raised, the bets made to match", None, "UPDATE profile SET xp = xp + 500"),
        sql("a kind-deal bag changed", None,
            "UPDATE bags SET remaining = CASE WHEN remaining = '' THEN '0' ELSE substr(remaining, 2) END WHERE situation = 'normal'"),
        sql("committed_from moved past a stripped commitment", None, leak(format!(
            "UPDATE hands SET commitment = NULL WHERE id = {plain}; UPDATE profile SET committed_from = {}", plain + 1))),
        sql("bound_from moved to read bound hands as older ones", None, "UPDATE profile SET bound_from = 100000"),
        sql("committed_from moved past bound_from", None, "UPDATE profile SET committed_from = bound_from + 5"),
        sql("both marks moved to read committed hands as legacy ones", None,
            "UPDATE profile SET committed_from = committed_from + 5, bound_from = committed_from + 5"),
    ]
}

fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

#[test]
fn every_tamper_is_refused_by_the_audit_the_import_both_verifies_and_the_python_verifier() {
    let dir = tempfile::tempdir().unwrap();
    let db = history(dir.path());
    let healthy = verdicts(dir.path(), &db, Some(361));
    assert!(healthy.iter().all(|(_, refused)| !refused), "the untouched history passes every path: {healthy:?}");
    let list = tampers(&db);
    assert!(list.len() >= 25, "{}", list.len());
    let mut disagreements = Vec::new();
    for (i, tamper) in list.iter().enumerate() {
        let copy = dir.path().join(format!("tampered-{i}.db"));
        let conn = Connection::open(&db).unwrap();
        conn.execute("VACUUM INTO ?1", [copy.to_str().unwrap()]).unwrap();
        drop(conn);
        let conn = Connection::open(&copy).unwrap();
        (tamper.apply)(&conn, &copy);
        drop(conn);
        let found = verdicts(dir.path(), &copy, tamper.hand);
        let passed: Vec<&str> = found.iter().filter(|(_, refused)| !refused).map(|(path, _)| *path).collect();
        if !passed.is_empty() {
            disagreements.push(format!("{}: passed {passed:?}", tamper.name));
        }
    }
    assert!(disagreements.is_empty(), "every path refuses every tamper:\n{}", disagreements.join("\n"));
}

#[allow(dead_code)]
fn unused(_: Value) {}

/// A claim's streak edited (the run of claimed dates ending at it, which the export carries): the
/// audit, the import, `verify --all` and the stranger's verifier judge it by the one rule and all
/// refuse it (`verify --all` used to say verified, and the export did not carry it).
#[test]
fn a_claim_s_streak_edited_is_refused_by_every_judge() {
    let dir = tempfile::tempdir().unwrap();
    let db = history(dir.path());
    let copy = dir.path().join("streak.db");
    let conn = Connection::open(&db).unwrap();
    conn.execute("VACUUM INTO ?1", [copy.to_str().unwrap()]).unwrap();
    drop(conn);
    Connection::open(&copy).unwrap().execute("UPDATE daily_claims SET streak = streak + 1", []).unwrap();
    let found = verdicts(dir.path(), &copy, None);
    assert!(found.iter().all(|(_, refused)| *refused), "{found:?}");
    let all = vpoker(&["verify", "--db", copy.to_str().unwrap(), "--all"]);
    assert!(text(&all.stdout).contains("streak"), "{}", text(&all.stdout));
    let (_, out) = python_all(&copy);
    assert!(out.contains("whole history: FAILED: a daily claim on ") && out.contains("with streak"), "{out}");
}

/// `scripts/verify_hand.py` over `history --all` of `db`: its exit code and what it printed.
fn python_all(db: &Path) -> (Option<i32>, String) {
    let history = vpoker(&["play", "--db", db.to_str().unwrap(), "history", "--all"]);
    assert!(history.status.success(), "{}", text(&history.stderr));
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/verify_hand.py");
    let mut child = Command::new("python3").arg(script).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(&history.stdout).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code(), text(&out.stdout))
}

/// A practice hand on Deuces Wild (open for practice at any level) made a hand for chips at level
/// 1, which Deuces Wild opens at level 3, its commitment recomputed by the rule its place gives so
/// the hand verifies alone: the stranger's verifier judges the unlock from the export, as
/// `verify --all`, the audit and the import do, and names it; the file it was made from passes.
#[test]
fn a_hand_for_chips_on_a_machine_its_level_had_not_opened_is_refused_by_every_judge() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("locked.db");
    let arg = db.to_str().unwrap();
    for (args, hold) in [(["--game", "jacks-or-better"], "11000"), (["--game", "deuces-wild"], "00000"), (["--game", "jacks-or-better"], "00000")] {
        let mut deal = vec!["play", "--db", arg, "--today", "2026-12-05", "deal", "--bet", "5"];
        deal.extend(args);
        if args[1] == "deuces-wild" {
            deal.push("--practice");
        }
        assert!(vpoker(&deal).status.success());
        assert!(vpoker(&["play", "--db", arg, "--today", "2026-12-05", "draw", hold]).status.success());
    }
    assert_eq!(python_all(&db).0, Some(0), "the file as played passes: {}", python_all(&db).1);
    let copy = dir.path().join("crafted.db");
    std::fs::copy(&db, &copy).unwrap();
    let conn = Connection::open(&copy).unwrap();
    let seed: Vec<u8> = conn.query_row("SELECT seed FROM hands WHERE id = 2", [], |r| r.get(0)).unwrap();
    let seed = vpoker::shuffle::Seed::from_bytes(seed.try_into().unwrap());
    let table = Table::machine(vpoker::machine::MachineId::DeucesWild);
    let commitment = crate::common::system_commitment(&seed, &table, (5, 1, false), None);
    conn.execute("UPDATE hands SET practice = 0, commitment = ?1 WHERE id = 2", [&commitment[..]]).unwrap();
    drop(conn);
    let verified = vpoker(&["verify", "--db", copy.to_str().unwrap(), "--hand", "2"]);
    assert!(verified.status.success(), "the hand verifies alone: {}", text(&verified.stdout));
    let (code, out) = python_all(&copy);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("hand 2 (deuces-wild, 1 hand): FAILED: unlock (deuces-wild opens at level 3, and the hands before it give level 1)"), "{out}");
    let found = verdicts(dir.path(), &copy, None);
    assert!(found.iter().all(|(_, refused)| *refused), "{found:?}");
}
