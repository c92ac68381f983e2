//! Random command sequences, valid and invalid, on random (also backwards) dates: after every step
//! the ledger adds up, chips are never negative, each accepted command moved exactly the chips it
//! should, and a refused command left the state and every table exactly as they were.

use chrono::NaiveDate;
use proptest::prelude::*;
use vpoker::game::{DealRequest, Game, GameError, State};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

#[derive(Clone, Debug)]
enum Op {
    State,
    Claim,
    Deal {
        machine: usize,
        bet: u32,
        hands: u8,
        practice: bool,
        seed: u64,
    },
    Draw {
        hold: String,
    },
    Hint,
    Set {
        key: &'static str,
        value: &'static str,
    },
    Reopen,
    /// Plays up to 15 hands at bet 50 with the best hold (to reach higher levels and unlocks).
    Grind,
}

fn op() -> impl Strategy<Value = (Op, u32)> {
    let deal = (
        0usize..4,
        prop::sample::select(vec![0u32, 5, 5, 10, 20, 50, 50, 50, 7, 100]),
        prop::sample::select(vec![1u8, 1, 1, 3, 5, 0, 2]),
        prop::bool::weighted(0.2),
        any::<u64>(),
    )
        .prop_map(|(machine, bet, hands, practice, seed)| Op::Deal { machine, bet, hands, practice, seed });
    let draw = prop_oneof![
        (0u32..32).prop_map(|mask| mask.to_string()),
        prop::sample::select(vec!["10110", "00000", "11111", "32", "1011", "abc", "-1"]).prop_map(String::from),
    ]
    .prop_map(|hold| Op::Draw { hold });
    let set = (
        prop::sample::select(vec!["kind-deals", "hints", "animation", "language", "sound", "volume"]),
        prop::sample::select(vec!["on", "off", "fast", "ja", "loud"]),
    )
        .prop_map(|(key, value)| Op::Set { key, value });
    let op = prop_oneof![
        1 => Just(Op::State),
        2 => Just(Op::Claim),
        6 => deal,
        5 => draw,
        1 => Just(Op::Hint),
        1 => set,
        1 => Just(Op::Reopen),
        1 => Just(Op::Grind),
    ];
    (op, 0u32..12)
}

fn day(offset: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 3, 1).unwrap() + chrono::Days::new(u64::from(offset))
}

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    Seed::from_bytes(bytes)
}

/// Everything observable: the state (on a fixed date, so the daily view compares), the row counts,
/// and every row of every table as a second connection reads it (so a refused command that
/// rewrote a row in place, not only one that added a row, is caught).
fn observe(game: &Game) -> (State, Vec<(&'static str, i64)>, Vec<String>) {
    (game.state(day(0)).unwrap(), game.table_counts().unwrap(), dump(game.path()))
}

fn dump(path: &std::path::Path) -> Vec<String> {
    let conn = rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let mut rows = Vec::new();
    for table in vpoker::game::migrations::TABLES {
        // Every column in order: the same rows in the same order, with or without a rowid.
        let n_columns: usize = conn.prepare(&format!("SELECT * FROM {table}")).unwrap().column_count();
        let order: Vec<String> = (1..=n_columns).map(|i| i.to_string()).collect();
        let mut stmt = conn.prepare(&format!("SELECT * FROM {table} ORDER BY {}", order.join(", "))).unwrap();
        let n_columns = stmt.column_count();
        let mut query = stmt.query([]).unwrap();
        while let Some(row) = query.next().unwrap() {
            let values: Vec<String> = (0..n_columns).map(|i| format!("{:?}", row.get_ref(i).unwrap())).collect();
            rows.push(format!("{table}: {}", values.join(", ")));
        }
    }
    rows
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn random_commands_keep_the_ledger_and_refusals_change_nothing(ops in prop::collection::vec(op(), 1..60)) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.db");
        let mut game = Game::open(&path).unwrap();
        let mut n_refused = 0;
        for (op, offset) in ops {
            let today = day(offset);
            let before = observe(&game);
            let outcome: Result<Option<State>, GameError> = match &op {
                Op::State => game.state(today).map(Some),
                Op::Claim => game.claim_daily(today).map(Some),
                Op::Deal { machine, bet, hands, practice, seed: n } => {
                    let request = DealRequest { machine: MachineId::ALL[*machine], bet: *bet, hands: *hands, practice: *practice };
                    game.deal(request, seed(*n), today).map(Some)
                }
                Op::Draw { hold } => hold.parse::<Hold>().map_err(GameError::from).and_then(|h| game.draw(h, today)).map(Some),
                Op::Hint => game.hint().map(|_| None),
                Op::Set { key, value } => game.set_setting(key, value).map(|_| None),
                Op::Grind => {
                    for k in 0..15u64 {
                        let state = game.state(today).unwrap();
                        if let Some(hand) = state.hand {
                            game.draw(hand.best_hold, today).unwrap();
                            continue;
                        }
                        if state.chips < 50 {
                            break;
                        }
                        let machine = *state.unlocked.last().unwrap();
                        let request = DealRequest { machine, bet: 50, hands: 1, practice: false };
                        let dealt = game.deal(request, seed(k ^ state.xp), today).unwrap();
                        game.draw(dealt.hand.unwrap().best_hold, today).unwrap();
                    }
                    Ok(None)
                }
                Op::Reopen => {
                    drop(game);
                    game = Game::open(&path).unwrap();
                    Ok(None)
                }
            };
            let after = observe(&game);
            let audit = game.audit().unwrap();
            prop_assert!(audit.ok, "ledger after {:?}: {:?}", op, audit.problems);
            // The running statistics are exactly the statistics of the hands, replayed.
            prop_assert_eq!(game.stats().unwrap(), game.stats_from_hands().unwrap(), "stats after {:?}", op);
            prop_assert!(audit.chips >= 0);
            prop_assert_eq!(audit.chips as u64, after.0.chips);
            let (chips_before, chips_after) = (before.0.chips, after.0.chips);
            match outcome {
                Err(error) => {
                    n_refused += 1;
                    prop_assert!(!error.kind().is_empty());
                    prop_assert_eq!(&before, &after, "refused {:?} ({}) changed something", op, error);
                }
                Ok(returned) => {
                    if let Some(state) = returned {
                        prop_assert_eq!(state.chips, chips_after);
                    }
                    match &op {
                        Op::Claim => prop_assert_eq!(chips_after, chips_before + 200),
                        Op::Deal { bet, hands, practice, .. } => {
                            let cost = if *practice { 0 } else { u64::from(*bet) * u64::from(*hands) };
                            prop_assert_eq!(chips_after + cost, chips_before);
                            prop_assert_eq!(after.0.xp, before.0.xp + cost);
                            prop_assert!(after.0.hand.is_some());
                        }
                        Op::Draw { .. } => {
                            let last = after.0.last_hand.clone().unwrap();
                            prop_assert_eq!(chips_after, chips_before + last.payout.unwrap());
                            prop_assert!(after.0.hand.is_none());
                        }
                        Op::Grind => {}
                        _ => prop_assert_eq!(chips_after, chips_before),
                    }
                }
            }
        }
        let _ = n_refused;
    }
}
