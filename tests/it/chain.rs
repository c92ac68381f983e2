//! The history's chain: the pure rule (texts, leaves, the range, the head, proofs) against the
//! vector docs/VERIFY.md states, and a game's chain — appended at each draw, claim and change of
//! the kind-deal setting, its head shown in the state — which a past rewritten below a head shown
//! before fails, however carefully the rest of the file was recomputed.

use std::path::Path;

use chrono::NaiveDate;
use rusqlite::{params, Connection};
use vpoker::game::{Bet, DealRequest, Day, Game, Lines};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::pipeline::chain::{self, check_proof, leaf, prove, Head, Mmr};
use vpoker::shuffle::Seed;

fn day(n: u32) -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 11, n).unwrap()).unwrap()
}

fn seed(n: u64) -> Seed {
    format!("{n:064x}").parse().unwrap()
}

#[test]
fn the_range_and_its_head_are_the_documented_vector_and_every_proof_checks() {
    let texts: Vec<String> = ["a", "b", "c"].iter().map(|t| t.to_string()).collect();
    let mut mmr = Mmr::new();
    assert_eq!(Head::of(&mmr).hex, vpoker::shuffle::hex(&chain::head_of(0, &[])));
    for text in &texts {
        mmr.push(leaf(text));
    }
    // Two peaks: node(leaf a, leaf b) and leaf c.
    assert_eq!(mmr.peaks(), &[chain::node(&leaf("a"), &leaf("b")), leaf("c")]);
    let head = Head::of(&mmr);
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/VERIFY.md")).unwrap();
    assert!(doc.contains(&head.hex), "the head of a, b, c ({}) is in docs/VERIFY.md", head.hex);
    assert!(doc.contains(&vpoker::shuffle::hex(&leaf("a"))), "leaf a is in docs/VERIFY.md");
    // Every record of ranges of 1 to 33 leaves proves, and a changed text, index or path fails.
    let mut leaves = Vec::new();
    let mut mmr = Mmr::new();
    for n in 1..=33u64 {
        let text = format!("record {n}");
        leaves.push(leaf(&text));
        mmr.push(leaf(&text));
        for index in 0..n {
            let proof = prove(&leaves, index, format!("record {}", index + 1)).unwrap();
            assert_eq!(proof.head, Head::of(&mmr).hex);
            assert_eq!(check_proof(&proof), Ok(()), "{n} {index}");
            let other = chain::Proof { text: format!("record {}", index + 2), ..proof.clone() };
            assert!(check_proof(&other).is_err());
            if n > 1 {
                let moved = chain::Proof { index: (index + 1) % n, ..proof.clone() };
                assert!(check_proof(&moved).is_err(), "{n} {index}");
            }
        }
    }
}

/// A game: claims, hands for chips (some dead, nudged by kind deals), practice, the kind-deal
/// setting turned off and on. Returns the heads shown after each step.
fn played(path: &Path) -> Vec<Head> {
    let mut game = Game::open(path).unwrap();
    let mut heads = vec![game.state(day(1)).unwrap().head];
    game.claim_daily(day(1)).unwrap();
    heads.push(game.state(day(1)).unwrap().head);
    let chips = DealRequest::machine(MachineId::JacksOrBetter, Bet::new(50).unwrap(), Lines::ONE, false);
    for n in 0..30 {
        let request = DealRequest { practice: n % 7 == 3, ..chips.clone() };
        let state = game.deal(request, seed(n), day(2)).unwrap();
        let best = state.hand.unwrap().best_hold;
        heads.push(game.draw(best, day(2)).unwrap().head);
        if n == 10 {
            game.set_setting("kind-deals", "off").unwrap();
            heads.push(game.state(day(2)).unwrap().head);
            game.set_setting("kind-deals", "off").unwrap();
            assert_eq!(&game.state(day(2)).unwrap().head, heads.last().unwrap(), "no change, no record");
            game.set_setting("kind-deals", "on").unwrap();
            heads.push(game.state(day(2)).unwrap().head);
        }
        if n == 20 {
            game.claim_daily(day(3)).unwrap();
            heads.push(game.state(day(3)).unwrap().head);
        }
    }
    heads
}

fn shown(game: &Game, head: &Head) -> bool {
    game.check_head(&head.hex).unwrap().found
}

#[test]
fn every_draw_claim_and_change_of_kind_deals_is_a_record_and_every_head_shown_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let heads = played(&path);
    let records: Vec<u64> = heads.iter().map(|h| h.records).collect();
    // A new game starts with the kind-deal setting in force; then one record per step.
    assert_eq!(records[0], 1);
    assert!(records.windows(2).all(|w| w[1] == w[0] + 1), "{records:?}");
    let game = Game::open(&path).unwrap();
    for head in &heads {
        let check = game.check_head(&head.hex).unwrap();
        assert_eq!((check.found, check.records), (true, Some(head.records)));
    }
    assert!(!game.check_head(&"ab".repeat(32)).unwrap().found);
    let check = game.check_history(&|_, _| {}, &std::sync::atomic::AtomicBool::new(false)).unwrap();
    assert!(check.verified, "{check:?}");
    assert_eq!(&check.head, heads.last().unwrap());
    assert!(game.audit().unwrap().ok);
    // A hand's proof under the head now and under one shown before.
    let proof = game.prove_hand(5, None).unwrap();
    assert_eq!((proof.records, proof.head.as_str()), (heads.last().unwrap().records, heads.last().unwrap().hex.as_str()));
    assert_eq!(check_proof(&proof), Ok(()));
    assert!(proof.text.starts_with("video-poker/record hand id=5 table=jacks-or-better "), "{}", proof.text);
    let earlier = &heads[10];
    let proof = game.prove_hand(5, Some(earlier.records)).unwrap();
    assert_eq!((proof.head.as_str(), check_proof(&proof)), (earlier.hex.as_str(), Ok(())));
    assert!(game.prove_hand(25, Some(earlier.records)).is_err(), "a hand after the head is not under it");
}

/// The derived leaves and peaks: dropped or damaged, they are rebuilt (never a refusal), and the
/// head is the same.
#[test]
fn damaged_leaves_and_peaks_are_rebuilt_to_the_same_head() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let head = played(&path).pop().unwrap();
    let conn = Connection::open(&path).unwrap();
    conn.execute("UPDATE chain_leaves SET leaf = zeroblob(32) WHERE seq = 7", []).unwrap();
    drop(conn);
    let game = Game::open(&path).unwrap();
    let audit = game.audit().unwrap();
    assert!(audit.ok && audit.repaired.iter().any(|r| r.contains("chain")), "{audit:?}");
    assert_eq!(game.state(day(3)).unwrap().head, head);
    drop(game);
    Connection::open(&path).unwrap().execute_batch("DROP TABLE chain_peaks;").unwrap();
    assert_eq!(Game::open(&path).unwrap().state(day(3)).unwrap().head, head);
}

/// A change to the truth under the chain, made by whoever holds the file, with everything a check
/// recomputes recomputed (the derived leaves and peaks dropped: rebuilt at open from the rows).
fn tamper(path: &Path, sql: &str, args: impl rusqlite::Params) {
    let conn = Connection::open(path).unwrap();
    conn.execute(sql, args).unwrap();
    conn.execute_batch("DROP TABLE chain_leaves; DROP TABLE chain_peaks; DROP TABLE chain_nodes;").unwrap();
}

fn accepted(game: &Game) -> bool {
    let check = game.check_history(&|_, _| {}, &std::sync::atomic::AtomicBool::new(false)).unwrap();
    check.verified && game.audit().unwrap().ok
}

#[test]
fn a_past_rewritten_below_a_shown_head_is_accepted_without_it_and_refused_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    // The copy kept before the last ten hands: restoring it rewinds the history.
    let early = dir.path().join("early.db");
    drop(Game::open(&path).unwrap());
    std::fs::copy(&path, &early).unwrap();
    let heads = played(&path);
    let head = heads.last().unwrap().clone();
    let copy = |name: &str| {
        let to = dir.path().join(name);
        std::fs::copy(&path, &to).unwrap();
        to
    };

    // A rewind: a copy from before, a genuine history of its own, whose chain never had the head.
    let mut game = Game::open(&early).unwrap();
    game.claim_daily(day(1)).unwrap();
    let chips = DealRequest::machine(MachineId::JacksOrBetter, Bet::new(50).unwrap(), Lines::ONE, false);
    let best = game.deal(chips, seed(100), day(2)).unwrap().hand.unwrap().best_hold;
    game.draw(best, day(2)).unwrap();
    assert!(accepted(&game));
    assert!(!shown(&game, &head));

    // A hold changed in hindsight on a practice hand (no chips move; its win recomputed).
    let held = copy("held.db");
    let conn = Connection::open(&held).unwrap();
    let (id, seed_bytes): (i64, Vec<u8>) =
        conn.query_row("SELECT id, seed FROM hands WHERE practice = 1 ORDER BY id LIMIT 1", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    drop(conn);
    let table = vpoker::table::Table::machine(MachineId::JacksOrBetter);
    let deal = vpoker::pipeline::Deal::deal(&Seed::from_bytes(seed_bytes.try_into().unwrap()), &table, 1, vpoker::pipeline::NudgeSource::Never);
    let won = vpoker::pipeline::settle(&deal, 50, Hold::NONE).won;
    tamper(&held, "UPDATE hands SET hold = 0, won = ?1 WHERE id = ?2", params![won as i64, id]);
    let game = Game::open(&held).unwrap();
    assert!(game.verify_hand(id).unwrap().verified, "the hand verifies alone");
    assert!(!shown(&game, &head), "the hold changed under the head");

    // A claim stripped of its place, the count of unplaced claims raised to match.
    let stripped = copy("stripped.db");
    let conn = Connection::open(&stripped).unwrap();
    conn.execute("UPDATE profile SET unplaced_claims = unplaced_claims + 1", []).unwrap();
    drop(conn);
    tamper(&stripped, "UPDATE daily_claims SET after_hand = NULL WHERE after_hand = (SELECT MAX(after_hand) FROM daily_claims)", []);
    let game = Game::open(&stripped).unwrap();
    assert!(!shown(&game, &head));

    // A practice hand moved to another table, or its bet changed, re-dealt there from its own seed
    // and hold with its win and commitment recomputed: every check accepts it, but the head.
    for (name, table, bet) in [("moved.db", "bonus-poker", 50), ("bet.db", "jacks-or-better", 5)] {
        let tampered = copy(name);
        redealt(&tampered, 4, table, bet);
        let game = Game::open(&tampered).unwrap();
        assert!(game.verify_hand(4).unwrap().verified, "{name}: the hand verifies alone");
        assert!(accepted(&game), "{name}: accepted without a head");
        assert!(!shown(&game, &head), "{name}");
    }

    // A practice hand flipped to one for chips, a nudge erased: each changes its record.
    for (name, sql) in [
        ("flipped.db", "UPDATE hands SET practice = 1 - practice WHERE id = 4"),
        ("nudge.db", "UPDATE hands SET nudge = NULL, situation = NULL WHERE id = (SELECT MIN(id) FROM hands WHERE nudge IS NOT NULL)"),
    ] {
        let tampered = copy(name);
        tamper(&tampered, sql, []);
        let game = Game::open(&tampered).unwrap();
        assert!(!shown(&game, &head), "{name}");
    }

    // Deleting the last hand and its record: the chain is shorter than the head.
    let deleted = copy("deleted.db");
    tamper(&deleted, "DELETE FROM chain WHERE seq = (SELECT MAX(seq) FROM chain)", []);
    let conn = Connection::open(&deleted).unwrap();
    conn.execute("DELETE FROM hands WHERE id = (SELECT MAX(id) FROM hands)", []).unwrap();
    drop(conn);
    let game = Game::open(&deleted).unwrap();
    assert!(!shown(&game, &head));
    // The original still has it.
    assert!(shown(&Game::open(&path).unwrap(), &head));
}

/// Re-deals practice hand `id` (one line, a system seed) on `table` at `bet` chips from its own
/// seed and hold, and writes the win and the commitment (the rule of its place) that go with them,
/// the chain's derived tables dropped: the hand then verifies alone.
fn redealt(path: &Path, id: i64, table: &str, bet: u32) {
    let conn = Connection::open(path).unwrap();
    let (seed, hold): (Vec<u8>, u32) = conn.query_row("SELECT seed, hold FROM hands WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    drop(conn);
    let seed = Seed::from_bytes(seed.try_into().unwrap());
    let dealt_on = vpoker::table::Table::named(table).unwrap();
    let deal = vpoker::pipeline::Deal::deal(&seed, &dealt_on, 1, vpoker::pipeline::NudgeSource::Never);
    let won = vpoker::pipeline::settle(&deal, bet, Hold::from_mask(hold).unwrap()).won;
    let terms = vpoker::pipeline::commit::Terms {
        table: &dealt_on,
        bet,
        lines: 1,
        practice: true,
        seed_from: vpoker::shuffle::SeedFrom::System,
        on_screen: None,
    };
    let commitment = vpoker::pipeline::commit::origin(&seed, &terms);
    let sql = "UPDATE hands SET tbl = (SELECT code FROM tables WHERE id = ?1), bet = ?2, won = ?3, commitment = ?4 WHERE id = ?5";
    tamper(path, sql, params![table, bet, won as i64, &commitment[..], id]);
}

#[test]
fn a_hand_missing_from_the_chain_is_refused_by_the_whole_history_check() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    played(&path);
    tamper(&path, "DELETE FROM chain WHERE kind = 'hand' AND ref = 12", []);
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch(
        "CREATE TABLE c2 AS SELECT kind, ref, key, value FROM chain ORDER BY seq; DELETE FROM chain; \
         INSERT INTO chain (kind, ref, key, value) SELECT kind, ref, key, value FROM c2 ORDER BY rowid; DROP TABLE c2;",
    )
    .unwrap();
    drop(conn);
    let game = Game::open(&path).unwrap();
    let check = game.check_history(&|_, _| {}, &std::sync::atomic::AtomicBool::new(false)).unwrap();
    let failure = check.failure.expect("a failure");
    assert_eq!(failure.check, "chain");
    assert!(failure.detail.contains("12"), "{failure:?}");
}

/// Every leaf of a file's chain, read straight from the rows (the slow way a proof used to take).
fn stored_leaves(path: &Path) -> Vec<chain::Hash> {
    let conn = Connection::open(path).unwrap();
    let mut stmt = conn.prepare("SELECT leaf FROM chain_leaves ORDER BY seq").unwrap();
    let leaves = stmt.query_map([], |r| r.get::<_, Vec<u8>>(0)).unwrap();
    leaves.map(|l| l.unwrap().try_into().unwrap()).collect()
}

/// A proof reads kept roots of the trees of 64 records and more, and builds the lower ones from
/// their leaves: it is the proof every leaf gives, against the head now and against heads shown
/// before; a damaged kept root gives the same proof (built from the records) and the audit
/// repairs it.
#[test]
fn a_proof_from_the_kept_roots_is_the_proof_every_leaf_gives() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    let practice = DealRequest::machine(MachineId::JacksOrBetter, Bet::new(5).unwrap(), Lines::ONE, true);
    let mut heads = Vec::new();
    for n in 0..300 {
        let best = game.deal(practice.clone(), seed(1000 + n), day(4)).unwrap().hand.unwrap().best_hold;
        heads.push(game.draw(best, day(4)).unwrap().head);
        if n % 50 == 25 {
            game.claim_daily(day(5 + n as u32 / 50)).unwrap();
        }
    }
    drop(game);
    let conn = Connection::open(&path).unwrap();
    let kept: Vec<(u32, i64)> =
        conn.prepare("SELECT height, idx FROM chain_nodes ORDER BY height, idx").unwrap().query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect();
    // 307 records (the kind-deal setting first, six claims among the hands): four trees of 64,
    // two of 128, one of 256.
    assert_eq!(kept, [(6, 0), (6, 1), (6, 2), (6, 3), (7, 0), (7, 1), (8, 0)]);
    drop(conn);
    let leaves = stored_leaves(&path);
    let game = Game::open(&path).unwrap();
    // Each hand's place among the records, found from the whole chain's proof.
    let index_of = |hand: i64| game.prove_hand(hand, None).unwrap().index;
    assert_eq!((index_of(1), index_of(27), index_of(300)), (1, 28, 306));
    for head in [&heads[62], &heads[63], &heads[127], &heads[200], heads.last().unwrap()] {
        for hand in [1, 2, 26, 27, 63, 64, 65, 100, 128, 129, 200, 250, 300] {
            let proof = game.prove_hand(hand, Some(head.records));
            if index_of(hand) >= head.records {
                assert!(proof.is_err(), "hand {hand} is after head {}", head.records);
                continue;
            }
            let proof = proof.unwrap();
            let slow = prove(&leaves[..head.records as usize], index_of(hand), proof.text.clone()).unwrap();
            assert_eq!(proof, slow, "hand {hand} under {}", head.records);
            assert_eq!((check_proof(&proof), proof.head.as_str()), (Ok(()), head.hex.as_str()));
        }
    }
    let whole = game.prove_hand(100, None).unwrap();
    drop(game);
    // A kept root damaged by hand: the proof is the same (built from the records), and the audit
    // names and repairs it, for good.
    Connection::open(&path).unwrap().execute("UPDATE chain_nodes SET hash = zeroblob(32) WHERE height = 7 AND idx = 0", []).unwrap();
    let game = Game::open(&path).unwrap();
    assert_eq!(game.prove_hand(100, None).unwrap(), whole);
    let audit = game.audit().unwrap();
    assert!(audit.ok && audit.repaired.iter().any(|r| r.contains("kept roots")), "{audit:?}");
    assert!(game.audit().unwrap().repaired.is_empty());
    assert_eq!(game.prove_hand(100, None).unwrap(), whole);
    drop(game);
    // Cells of another type (text where a blob or an integer is kept): still a cache, never a
    // refusal; the proof is the same and the audit repairs them.
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch(
        "UPDATE chain_leaves SET leaf = 'thirty-two characters of text!!!' WHERE seq = 101; \
         UPDATE chain_nodes SET height = 'six' WHERE height = 6 AND idx = 1;",
    )
    .unwrap();
    drop(conn);
    let game = Game::open(&path).unwrap();
    assert_eq!(game.prove_hand(100, None).unwrap(), whole);
    let audit = game.audit().unwrap();
    assert!(audit.ok && audit.repaired.iter().any(|r| r.contains("leaves")) && audit.repaired.iter().any(|r| r.contains("kept roots")), "{audit:?}");
    assert!(game.audit().unwrap().repaired.is_empty());
}
