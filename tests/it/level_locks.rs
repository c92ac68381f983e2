//! One judgment of a stored hand's unlocks (`game::rules::check_dealt`, applied to every hand by
//! the whole history's walk): `verify --all` (`Game::check_history`), the full audit and an
//! import's check refuse the same crafted file — a practice hand made a Triple Play hand at level 1,
//! its win and commitment made to match, so that it verifies alone as `verify --hand` checks it —
//! and accept the file it was made from.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use chrono::NaiveDate;
use rusqlite::{params, Connection};
use vpoker::game::{Bet, DealRequest, Game, Lines};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::pipeline::settle::results;
use vpoker::pipeline::{Deal, NudgeSource};
use vpoker::shuffle::Seed;
use vpoker::table::Table;

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 12, 5).unwrap()
}

fn seed(n: u8) -> Seed {
    Seed::from_bytes([n; 32])
}

/// Three hands for chips and two in practice on Jacks or Better, one line each, at level 1.
fn played(dir: &Path) -> PathBuf {
    let path = dir.join("game.db");
    let mut game = Game::open(&path).unwrap();
    for n in 0..5u8 {
        let request = DealRequest::machine(MachineId::JacksOrBetter, Bet::new(5).unwrap(), Lines::ONE, n >= 3);
        let hand = game.deal(request, seed(n + 1), crate::common::m(today())).unwrap().hand.unwrap();
        game.draw(if n % 2 == 0 { hand.best_hold } else { Hold::NONE }, crate::common::m(today())).unwrap();
    }
    assert_eq!(game.state(crate::common::d(today())).unwrap().level, 1);
    path
}

/// A copy of `game` whose hand `id` (a practice hand) was dealt on three lines, which level 1 does
/// not open: its win the three lines' and its commitment the one the seed, table, bet and three
/// lines give (with its practice flag and the seed's origin), so the hand itself verifies.
fn three_lines(game: &Path, copy: &Path, id: i64) {
    std::fs::copy(game, copy).unwrap();
    let conn = Connection::open(copy).unwrap();
    let (seed_bytes, bet, hold, practice): (Vec<u8>, u32, u32, bool) = conn
        .query_row("SELECT seed, bet, hold, practice FROM hands WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap();
    assert!(practice);
    let seed = Seed::from_bytes(seed_bytes.try_into().unwrap());
    let table = Table::machine(MachineId::JacksOrBetter);
    let deal = Deal::deal(&seed, &table, 3, NudgeSource::Never);
    let won: u64 = results(&deal, bet, Hold::from_mask(hold).unwrap(), None).iter().map(|r| r.win).sum();
    let terms = vpoker::pipeline::commit::Terms {
        table: &table,
        bet,
        lines: 3,
        practice: true,
        seed_from: vpoker::shuffle::SeedFrom::System,
        on_screen: None,
    };
    let commitment = vpoker::pipeline::commit::origin(&seed, &terms);
    conn.execute("UPDATE hands SET n_hands = 3, won = ?2, commitment = ?3 WHERE id = ?1", params![id, won as i64, &commitment[..]]).unwrap();
}

#[test]
fn verify_all_the_audit_and_the_import_refuse_the_same_locked_hand_and_accept_the_good_file() {
    let dir = tempfile::tempdir().unwrap();
    let good = played(dir.path());
    let crafted = dir.path().join("crafted.db");
    three_lines(&good, &crafted, 4);
    let never = AtomicBool::new(false);
    // The hand alone verifies: only the level it was dealt at is wrong.
    let game = Game::open(&crafted).unwrap();
    assert!(game.verify_hand(4).unwrap().verified);
    // The audit.
    let audit = game.audit().unwrap();
    assert!(!audit.ok && audit.problems.iter().any(|p| p.contains("hand 4") && p.contains("level 1")), "{audit:?}");
    drop(game);
    // verify --all.
    let check = Game::open_read_only(&crafted).unwrap().check_history(&|_, _| {}, &never).unwrap();
    let failure = check.failure.expect("verify --all refuses it");
    assert_eq!((failure.hand, failure.check), (Some(4), "unlock"), "{}", failure.detail);
    assert!(!check.verified);
    // The import, into a live game left as it was.
    let live_dir = tempfile::tempdir().unwrap();
    let live = live_dir.path().join("live.db");
    std::fs::copy(&good, &live).unwrap();
    let before = std::fs::read(&live).unwrap();
    let error = Game::import_file(&live, &crafted, crate::common::d(today())).unwrap_err();
    assert_eq!(error.kind(), "corrupt-database", "{error}");
    assert!(error.to_string().contains("hand 4"), "{error}");
    assert!(std::fs::read(&live).unwrap() == before, "the live game is unchanged");
    // The file it was made from: accepted by all three.
    let game = Game::open(&good).unwrap();
    assert!(game.audit().unwrap().ok);
    assert!(game.check_history(&|_, _| {}, &never).unwrap().verified);
    drop(game);
    Game::import_file(&live, &good, crate::common::d(today())).unwrap();
    // A hand for chips on a machine its level had not opened: the same judgment.
    assert_eq!(
        vpoker::game::rules::check_dealt(Some(MachineId::DoubleBonus), "double-bonus", false, 1, 14).unwrap_err(),
        vpoker::game::GameError::MachineLocked { machine: MachineId::DoubleBonus, unlock_level: 15, level: 14 }.to_string()
    );
    assert_eq!(vpoker::game::rules::check_dealt(Some(MachineId::DoubleBonus), "double-bonus", true, 1, 14), Ok(()), "practice opens every machine");
    assert!(vpoker::game::rules::check_dealt(None, "bonus-poker-deluxe-8-6", false, 1, 30).is_err(), "a library table is practised only");
}
