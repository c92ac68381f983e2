//! One file, two users at once: a player dealing and drawing through one `Game` while another
//! thread keeps opening the same file (the quick check), running the full audit on its own `Game`
//! and the read-only background audit (`Game::audit_file`). Every call must succeed, every audit
//! must pass: a reader sees one snapshot, before or after a hand, never half of one, and is never
//! turned away (`storage`: busy) nor told the file is corrupt.

use std::path::{Path, PathBuf};
use vpoker::game::Day;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::NaiveDate;
use vpoker::game::{DealRequest, Game, GameError};
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

/// How long the player plays.
const PLAY_FOR: Duration = Duration::from_secs(3);

fn day(d: u64) -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 11, 1).unwrap() + chrono::Days::new(d)).unwrap()
}

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[8] = 0xc0;
    Seed::from_bytes(bytes)
}

/// Plays for [`PLAY_FOR`]: deal and draw with the best hold, collecting a new day's chips when the
/// balance is below the bet. Returns the number of hands; a failed call is recorded in `failures`.
fn player(path: &Path, failures: &Mutex<Vec<String>>) -> u64 {
    let fail = |what: &str, e: GameError| failures.lock().unwrap().push(format!("player {what}: {} ({e})", e.kind()));
    let mut game = match Game::open(path) {
        Ok(game) => game,
        Err(e) => {
            fail("open", e);
            return 0;
        }
    };
    let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::new(1).unwrap(), false);
    let (mut today, mut hands, started) = (0u64, 0u64, Instant::now());
    while started.elapsed() < PLAY_FOR {
        let chips = match game.state(day(today)) {
            Ok(state) => state.chips,
            Err(e) => {
                fail("state", e);
                return hands;
            }
        };
        if chips < 5 {
            today += 1;
            if let Err(e) = game.claim_daily(day(today)) {
                fail("claim_daily", e);
                return hands;
            }
        }
        let best = match game.deal(request.clone(), seed(hands), day(today)) {
            Ok(state) => state.hand.expect("a hand after a deal").best_hold,
            Err(e) => {
                fail("deal", e);
                return hands;
            }
        };
        if let Err(e) = game.draw(best, day(today)) {
            fail("draw", e);
            return hands;
        }
        hands += 1;
    }
    hands
}

/// Until `stop`: opens the file (the quick check), reads the state, runs the full audit on that
/// `Game`, then the read-only background audit of the file. Returns the rounds completed.
fn auditor(path: &Path, stop: &AtomicBool, failures: &Mutex<Vec<String>>) -> u64 {
    let record = |what: &str, outcome: String| failures.lock().unwrap().push(format!("auditor {what}: {outcome}"));
    let mut rounds = 0;
    while !stop.load(Ordering::Relaxed) {
        match Game::open(path) {
            Err(e) => record("open", format!("{} ({e})", e.kind())),
            Ok(game) => {
                if let Err(e) = game.state(day(0)) {
                    record("state", format!("{} ({e})", e.kind()));
                }
                match game.audit() {
                    Ok(audit) if audit.ok && audit.repaired.is_empty() => {}
                    Ok(audit) => record("audit", format!("{audit:?}")),
                    Err(e) => record("audit", format!("{} ({e})", e.kind())),
                }
            }
        }
        match Game::audit_file(path) {
            Ok(audit) if audit.ok && audit.repaired.is_empty() => {}
            Ok(audit) => record("audit_file", format!("{audit:?}")),
            Err(e) => record("audit_file", format!("{} ({e})", e.kind())),
        }
        rounds += 1;
    }
    rounds
}

#[test]
fn opening_and_auditing_beside_a_player_never_fails() {
    let dir = tempfile::tempdir().unwrap();
    let path: PathBuf = dir.path().join("shared.db");
    // The file exists (created and at today's schema) before either thread starts.
    drop(Game::open(&path).unwrap());
    let stop = Arc::new(AtomicBool::new(false));
    let failures = Arc::new(Mutex::new(Vec::new()));
    let auditor_thread = {
        let (path, stop, failures) = (path.clone(), Arc::clone(&stop), Arc::clone(&failures));
        std::thread::spawn(move || auditor(&path, &stop, &failures))
    };
    let hands = player(&path, &failures);
    stop.store(true, Ordering::Relaxed);
    let rounds = auditor_thread.join().expect("the auditor thread does not panic");
    let failures = failures.lock().unwrap();
    assert!(failures.is_empty(), "{} failed calls ({hands} hands, {rounds} audit rounds):\n{}", failures.len(), failures.join("\n"));
    assert!(hands >= 20, "the player played only {hands} hands");
    assert!(rounds >= 3, "only {rounds} audit rounds ran beside the player");
    let game = Game::open(&path).unwrap();
    let audit = game.audit().unwrap();
    assert!(audit.ok, "{audit:?}");
    assert_eq!(audit.real_hands, Some(hands as i64));
    eprintln!("{hands} hands played while {rounds} rounds of open + audit + audit_file ran");
}
