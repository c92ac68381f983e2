//! One key for every running sum — a table (its stable id) and the practice flag — and one id per
//! paytable: an Ultimate X hand counts in its own table's sums, never its machine's, and a library
//! table that repeated a machine's (or a kicker game's) paytable is that table, its former id
//! resolving to it while the hands stored under that id keep verifying against what they committed.

use chrono::{NaiveDate, NaiveDateTime};
use vpoker::game::{Bet, DealRequest, Game, Lines, TableId};
use vpoker::hold::Hold;
use vpoker::library::{listing, Base};
use vpoker::machine::MachineId;
use vpoker::pipeline::commit::{origin, Terms};
use vpoker::shuffle::SeedFrom;
use vpoker::shuffle::Seed;
use vpoker::table::Table;

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[31] = 0x1b;
    Seed::from_bytes(bytes)
}

fn now() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 12, 2).unwrap().and_hms_opt(20, 0, 0).unwrap()
}

fn deal(table: &str, practice: bool, n: u64) -> (DealRequest, Seed) {
    let request = DealRequest { table: TableId::new(table).unwrap(), bet: Bet::new(5).unwrap(), hands: Lines::ONE, practice };
    (request, seed(n))
}

fn play(game: &mut Game, table: &str, practice: bool, n: u64) -> vpoker::game::HandRecord {
    let (request, seed) = deal(table, practice, n);
    let hand = game.deal(request, seed, crate::common::m(now())).unwrap().hand.unwrap();
    crate::common::draw_hand(game, hand.best_hold, crate::common::m(now())).unwrap()
}

#[test]
fn an_ultimate_x_hand_counts_in_its_own_tables_sums_not_its_machines() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    game.foreground(now()).unwrap();
    for n in 0..3 {
        let hand = play(&mut game, "ultimate-x:jacks-or-better", false, n);
        assert_eq!((hand.table.id(), hand.one_table_id()), ("ultimate-x:jacks-or-better", "ultimate-x:jacks-or-better"));
    }
    for n in 3..5 {
        play(&mut game, "jacks-or-better", false, n);
    }
    play(&mut game, "jacks-or-better", true, 5);
    let stats = game.stats().unwrap();
    let jacks = |list: &[vpoker::game::MachineStats]| list.iter().find(|m| m.machine == MachineId::JacksOrBetter).unwrap().figures.deals;
    assert_eq!((jacks(&stats.real), jacks(&stats.practice)), (2, 1), "the machine's own table: its plain hands only");
    let ux: Vec<_> = stats.tables.iter().filter(|t| t.table == "ultimate-x:jacks-or-better").collect();
    assert_eq!(ux.len(), 1, "{:?}", stats.tables);
    assert_eq!((ux[0].practice, ux[0].figures.deals, ux[0].figures.hands), (false, 3, 3));
    assert_eq!(ux[0].figures.wagered, 3 * 10, "two coins a line at 5 chips");
    let read = game.table_stats(&crate::common::t("ultimate-x:jacks-or-better"), false).unwrap();
    assert_eq!(read, *ux[0], "one read of one key");
    assert_eq!(game.table_stats(&crate::common::t("ultimate-x:jacks-or-better"), true).unwrap().figures.deals, 0, "practice apart");
    let coach = game.coach().unwrap();
    let machine = coach.real.iter().find(|c| c.machine == MachineId::JacksOrBetter).unwrap();
    assert_eq!(machine.all.deals, 2, "the coach reads the machine's own table");
    let in_session = coach.session_real.iter().find(|(m, _)| *m == MachineId::JacksOrBetter).unwrap();
    assert_eq!(in_session.1.all.deals, 2);
    assert_eq!(game.session_card(MachineId::JacksOrBetter, false).unwrap().unwrap().figures.deals, 2);
    let hands = game.milestones().unwrap().iter().find(|m| m.id == "hands-1000").unwrap().progress;
    assert_eq!(hands, 6, "the milestones count every table's hands");
    // The audit rebuilds the same sums from the hands, and a rebuild at open gives them back.
    assert!(game.derived_differences().unwrap().is_empty());
    assert!(game.audit().unwrap().ok);
    drop(game);
    rusqlite::Connection::open(&path).unwrap().execute("UPDATE sums_version SET version = 'old'", []).unwrap();
    let game = Game::open(&path).unwrap();
    assert_eq!(game.stats().unwrap(), stats, "rebuilt from the hands");
}

/// A hand stored the way a build before the one id stored a practice hand on
/// `jacks-or-better-9-6`: the registry row names that id with 9/6's pays, and the commitment binds
/// that id. Made by dealing on another copy of the same base and rewriting its row and commitment.
fn stored_under_the_former_id(path: &std::path::Path) -> i64 {
    let mut game = Game::open(path).unwrap();
    let hand = crate::common::practise(&mut game, "jacks-or-better-8-5", Bet::new(10).unwrap(), Lines::ONE, seed(40), crate::common::m(now())).unwrap();
    drop(game);
    let old = Table::stored("jacks-or-better-9-6", Base::Machine(MachineId::JacksOrBetter), &[800, 50, 25, 9, 6, 4, 3, 2, 1]).unwrap();
    assert_eq!(old.id(), "jacks-or-better-9-6", "a stored row keeps the id it names");
    let terms = Terms { table: &old, bet: 10, lines: 1, practice: true, seed_from: SeedFrom::System, on_screen: None };
    let commitment = origin(&seed(40), &terms);
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute("UPDATE tables SET id = 'jacks-or-better-9-6', pays = '800,50,25,9,6,4,3,2,1' WHERE id = 'jacks-or-better-8-5'", []).unwrap();
    conn.execute("UPDATE hands SET commitment = ?1 WHERE id = ?2", rusqlite::params![commitment.to_vec(), hand.id]).unwrap();
    hand.id
}

#[test]
fn a_former_id_plays_the_one_table_and_its_stored_hands_join_its_history_and_still_verify() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let old_id = stored_under_the_former_id(&path);
    let mut game = Game::open(&path).unwrap();
    let old = crate::common::draw_hand(&mut game, Hold::NONE, crate::common::m(now())).unwrap();
    assert_eq!(old.id, old_id);
    // Its record keeps the id its commitment names, and says which table it is listed under.
    assert_eq!((old.table.id(), old.listed_as.as_deref(), old.machine), ("jacks-or-better-9-6", Some("jacks-or-better"), None));
    let json = serde_json::to_value(&old).unwrap();
    assert_eq!((json["table"].as_str(), json["listed_as"].as_str()), (Some("jacks-or-better-9-6"), Some("jacks-or-better")));
    assert!(game.verify_hand(old_id).unwrap().verified, "verified against what was committed");
    // Dealing by the former id (and practising at level 1) plays the machine's own table.
    let new = play(&mut game, "jacks-or-better-9-6", true, 41);
    assert_eq!((new.table.id(), new.listed_as.as_deref(), new.machine), ("jacks-or-better", None, Some(MachineId::JacksOrBetter)));
    assert!(game.verify_hand(new.id).unwrap().verified);
    play(&mut game, "jacks-or-better", true, 42);
    // One history, one set of sums: read by either id.
    for id in ["jacks-or-better", "jacks-or-better-9-6"] {
        let stats = game.table_stats(&crate::common::t(id), true).unwrap();
        assert_eq!((stats.table.as_str(), stats.figures.deals), ("jacks-or-better", 3), "{id}");
    }
    let stats = game.stats().unwrap();
    assert_eq!(stats.practice.iter().find(|m| m.machine == MachineId::JacksOrBetter).unwrap().figures.deals, 3);
    assert!(stats.tables.iter().all(|t| t.table != "jacks-or-better-9-6"), "no sums under the former id: {:?}", stats.tables);
    let days = game.progress(&crate::common::t("jacks-or-better-9-6"), 30).unwrap();
    assert_eq!(days.days.iter().map(|d| d.decisions).sum::<u64>(), 3, "its days are the one table's");
    // The whole history and the audit verify every hand, the old one by its committed id.
    let never = std::sync::atomic::AtomicBool::new(false);
    let check = game.check_history(&|_, _| {}, &never).unwrap();
    assert!(check.verified, "{check:?}");
    let audit = game.audit().unwrap();
    assert!(audit.ok && audit.problems.is_empty() && audit.repaired.is_empty(), "{audit:?}");
    assert!(game.derived_differences().unwrap().is_empty());
    // Tampering with what the old hand committed to is still found.
    drop(game);
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE tables SET pays = '800,50,25,9,5,4,3,2,1' WHERE id = 'jacks-or-better-9-6'", []).unwrap();
    drop(conn);
    let game = Game::open(&path).unwrap();
    assert!(!game.verify_hand(old_id).unwrap().verified, "the commitment names 9/6's pays");
}

#[test]
fn the_library_lists_one_table_per_paytable_and_a_former_id_of_a_locked_machine_is_practised() {
    let ids: Vec<&str> = listing().iter().map(|t| t.id).collect();
    for (old, one) in vpoker::library::FORMER_IDS {
        assert!(ids.contains(one) && !ids.contains(old), "{one} listed, {old} not");
        let listed = listing().iter().find(|t| t.id == *one).unwrap();
        let variants: Vec<&str> = listed.variants.iter().map(|v| v.table.as_str()).collect();
        assert_eq!(variants, [format!("ultimate-x:{one}"), format!("super-times:{one}")][usize::from(one.starts_with("joker"))..], "{listed:?}");
        if let Some(times) = Table::named(&format!("super-times:{old}")) {
            assert_eq!(times.id(), format!("super-times:{one}"), "a variant of a former id is the one table's variant");
        }
        if let Some(ux) = Table::named(&format!("ultimate-x:{old}")) {
            assert_eq!(ux.id(), format!("ultimate-x:{one}"), "a variant of a former id is the one table's variant");
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("game.db")).unwrap();
    let (request, seed) = deal("deuces-wild-full-pay", false, 50);
    assert_eq!(game.deal(request, seed, crate::common::m(now())).unwrap_err().kind(), "machine-locked", "for chips, the machine opens at its level");
    let hand = play(&mut game, "deuces-wild-full-pay", true, 51);
    assert_eq!((hand.table.id(), hand.machine), ("deuces-wild", Some(MachineId::DeucesWild)), "practised at any level");
    assert!(game.audit().unwrap().ok, "a practice hand on a machine not yet open is no refusal");
}
