//! Verification of stored hands: a hand replays from its seed alone, each kind of tampering with the
//! stored record fails the check it belongs to, and hands stored before commitments say so.

use std::path::Path;

use chrono::NaiveDate;
use rusqlite::{params, Connection};
use vpoker::card::Card;
use vpoker::pipeline::verify::{verify, Claim};
use vpoker::game::{DealRequest, Game};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

fn day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 30).unwrap()
}

fn seed(n: u64) -> Seed {
    format!("{n:064x}").parse().unwrap()
}

/// A database with single hands (kind deals on, low balance so dead deals are nudged often) on
/// every id from 1; returns the ids of a plain hand and of a nudged one.
fn played(path: &Path) -> (i64, i64) {
    let mut game = Game::open(path).unwrap();
    let mut plain = None;
    let mut nudged = None;
    for n in 0..400u64 {
        let request = DealRequest { machine: MachineId::JacksOrBetter, bet: 5, hands: 1, practice: false };
        let state = game.deal(request, seed(n), day()).unwrap();
        let hand = state.hand.unwrap();
        let hold = Hold::from_mask(u32::from(hand.best_hold.mask())).unwrap();
        game.draw(hold, day()).unwrap();
        if hand.nudged {
            nudged.get_or_insert(hand.id)
        } else {
            plain.get_or_insert(hand.id)
        };
        if plain.is_some() && nudged.is_some() {
            break;
        }
    }
    (plain.unwrap(), nudged.expect("a nudged hand within 400 deals"))
}

fn tampered(path: &Path, sql: &str, id: i64) -> vpoker::pipeline::verify::Verification {
    assert_eq!(Connection::open(path).unwrap().execute(sql, params![id]).unwrap(), 1);
    Game::open(path).unwrap().verify_hand(id).unwrap()
}

/// Changes byte `at` of blob `column` of hand `id` with `edit`, then verifies the hand.
fn tampered_byte(
    path: &Path,
    column: &str,
    at: usize,
    edit: impl Fn(u8) -> u8,
    id: i64,
) -> vpoker::pipeline::verify::Verification {
    let conn = Connection::open(path).unwrap();
    let mut blob: Vec<u8> =
        conn.query_row(&format!("SELECT {column} FROM hands WHERE id = ?1"), [id], |r| r.get(0)).unwrap();
    blob[at] = edit(blob[at]);
    let sql = format!("UPDATE hands SET {column} = ?1 WHERE id = ?2");
    assert_eq!(conn.execute(&sql, params![blob, id]).unwrap(), 1);
    drop(conn);
    Game::open(path).unwrap().verify_hand(id).unwrap()
}

#[test]
fn stored_hands_verify_and_each_tampering_fails_its_check() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let (plain, nudged) = played(&path);
    let game = Game::open(&path).unwrap();
    for id in [plain, nudged] {
        let v = game.verify_hand(id).unwrap();
        assert!(v.verified, "{v:?}");
        assert_eq!((v.checks.commitment, v.checks.deal, v.checks.draws), (Some(true), Some(true), Some(true)));
        assert_eq!(v.deck.len(), 52);
        let record = game.history(1, Some(id + 1)).unwrap().remove(0);
        assert_eq!(record.id, id);
        assert_eq!(v.dealt, record.dealt);
        assert_eq!(v.commitment.as_deref(), record.commitment.as_deref());
        assert_eq!(v.hands, record.results);
        assert_eq!(v.nudge.is_some(), id == nudged);
    }
    drop(game);

    // The seed: the commitment no longer matches (and the deal neither).
    let v = tampered_byte(&path, "seed", 31, |b| b ^ 0x80, plain);
    assert_eq!((v.checks.commitment, v.checks.deal, v.verified), (Some(false), Some(false), false));
    // A dealt card.
    let v = tampered_byte(&path, "dealt", 2, |b| (b + 1) % 52, nudged);
    assert_eq!((v.checks.commitment, v.checks.deal, v.checks.draws), (Some(true), Some(false), Some(true)));
    assert!(v.failures.iter().any(|f| f.contains("recorded cards")), "{:?}", v.failures);
}

#[test]
fn a_tampered_nudge_or_win_fails_and_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let (plain, nudged) = played(&path);
    // The nudge record says another card came in: not the rule's nudge.
    let v = tampered_byte(&path, "nudge", 3, |b| (b + 1) % 52, nudged);
    assert_eq!(v.checks.deal, Some(false));
    assert!(v.failures.iter().any(|f| f.contains("nudge")), "{:?}", v.failures);
    // A nudge disclosed on a deal it does not belong to (copied from the nudged hand).
    let v = tampered(
        &path,
        &format!("UPDATE hands SET nudge = (SELECT nudge FROM hands WHERE id = {nudged}) WHERE id = ?1"),
        plain,
    );
    assert_eq!(v.checks.deal, Some(false));
    // The nudge record removed: the pure deal is not the recorded cards.
    let v = tampered(&path, "UPDATE hands SET nudge = NULL WHERE id = ?1", nudged);
    assert_eq!(v.checks.deal, Some(false));
    // The win.
    let v = tampered(&path, "UPDATE hands SET won = won + 5 WHERE id = ?1", plain);
    assert_eq!(v.checks.draws, Some(false));
    assert!(v.failures.iter().any(|f| f.contains("won")), "{:?}", v.failures);
}

#[test]
fn a_tampered_replacement_card_or_final_hand_fails_the_draws_check() {
    let claim = |n_hands| Claim {
        hold: Some(Hold::from_mask(0b00011).unwrap()),
        ..Claim::seed(seed(7), MachineId::DeucesWild, n_hands)
    };
    for n_hands in [1, 5] {
        let honest = verify(&claim(n_hands));
        let drawn: Vec<Vec<Card>> = honest.hands.iter().map(|h| h.drawn.clone()).collect();
        let finals: Vec<[Card; 5]> = honest.hands.iter().map(|h| h.cards).collect();
        let ok = verify(&Claim { drawn: Some(drawn.clone()), finals: Some(finals.clone()), ..claim(n_hands) });
        assert_eq!(ok.checks.draws, Some(true));
        assert!(ok.verified);
        let mut bad = drawn.clone();
        let last = bad.len() - 1;
        bad[last].swap(0, 1);
        let v = verify(&Claim { drawn: Some(bad), ..claim(n_hands) });
        assert_eq!((v.checks.draws, v.verified), (Some(false), false));
        let mut bad = finals.clone();
        bad[last][4] = bad[last][0];
        let v = verify(&Claim { finals: Some(bad), ..claim(n_hands) });
        assert_eq!((v.checks.draws, v.verified), (Some(false), false));
    }
}

#[test]
fn a_commitment_is_sha256_of_the_seed_bytes() {
    // SHA-256 of 31 zero bytes and a 1, from Python's hashlib.
    assert_eq!(seed(1).commitment_hex(), "ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5");
    let v = verify(&Claim {
        commitment: Some(seed(1).commitment_hex().to_uppercase()),
        ..Claim::seed(seed(1), MachineId::JacksOrBetter, 1)
    });
    assert_eq!(v.checks.commitment, Some(true));
}

#[test]
fn hands_stored_before_commitments_have_none_and_still_verify() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vpoker.db");
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/landed-v2.db"), &path).unwrap();
    let game = Game::open(&path).unwrap();
    let hands = game.history(500, None).unwrap();
    assert!(hands.len() > 200);
    for hand in &hands {
        assert_eq!(hand.commitment, None);
        let v = game.verify_hand(hand.id).unwrap();
        assert_eq!((v.commitment.as_deref(), v.checks.commitment), (None, None));
        assert!(v.verified && v.checks.deal == Some(true) && v.checks.draws == Some(true), "hand {}", hand.id);
    }
    assert_eq!(game.verify_hand(0).unwrap_err().kind(), "unknown-hand");
}
