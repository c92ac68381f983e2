//! Random command sequences, valid and invalid, on random (also backwards) dates: after every step
//! the ledger adds up, chips are never negative, each accepted command moved exactly the chips it
//! should, and a refused command left the state and every table exactly as they were.

use chrono::NaiveDate;
use vpoker::game::Day;
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

fn day(offset: u32) -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 3, 1).unwrap() + chrono::Days::new(u64::from(offset))).unwrap()
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
    for table in vpoker::game::all_tables() {
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
                    // A bet or a count the game does not take is refused where it enters, as the app's
                    // command and the CLI refuse it, before the game is asked.
                    vpoker::game::Bet::new(*bet).and_then(|bet| {
                        let hands = vpoker::game::Lines::new(*hands)?;
                        let request = DealRequest::machine(MachineId::ALL[*machine], bet, hands, *practice);
                        game.deal(request.clone(), seed(*n), today).map(Some)
                    })
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
                        let request = DealRequest::machine(machine, vpoker::game::Bet::new(50).unwrap(), vpoker::game::Lines::new(1).unwrap(), false);
                        let dealt = game.deal(request.clone(), seed(k ^ state.xp), today).unwrap();
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
            // The running sums are exactly the sums of the hands, replayed.
            prop_assert_eq!(game.derived_differences().unwrap(), Vec::<String>::new(), "sums after {:?}", op);
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

/// A level-10 profile (Triple and Five Play open, Deuces Wild and Bonus Poker unlocked), built once
/// through the real commands: daily chips and best-hold play at bet 50 over as many days as it takes.
fn level_ten_template() -> &'static std::path::Path {
    static TEMPLATE: std::sync::OnceLock<(tempfile::TempDir, std::path::PathBuf)> = std::sync::OnceLock::new();
    &TEMPLATE
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("level10.db");
            let mut game = Game::open(&path).unwrap();
            let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(50).unwrap(), vpoker::game::Lines::new(1).unwrap(), false);
            let mut n = 0u64;
            for offset in 0..400u32 {
                if game.state(day(offset)).unwrap().multi_play {
                    break;
                }
                game.claim_daily(day(offset)).unwrap();
                let seeds: Vec<Seed> = (0..20).map(|k| seed(0xabc0_0000 + n + k)).collect();
                n += 20;
                game.play_best_batch(request.clone(), &seeds, day(offset)).unwrap();
            }
            assert!(game.state(day(0)).unwrap().multi_play);
            (dir, path)
        })
        .1
}

#[derive(Clone, Debug)]
enum Play {
    Deal { machine: usize, bet: u32, hands: u8, practice: bool, seed: u64 },
    Draw { mask: u32 },
    /// Minutes pass (a break of 30 or more starts a new session at the next timed command).
    Wait { minutes: u32 },
    Foreground,
    Background,
    KindDeals(bool),
    /// An untimed command: the date alone (no session).
    Untimed,
    Claim,
    Reopen,
}

fn play() -> impl Strategy<Value = Play> {
    prop_oneof![
        8 => (0usize..3, prop::sample::select(vec![5u32, 10, 20, 50]), prop::sample::select(vec![1u8, 1, 3, 5]),
              prop::bool::weighted(0.25), any::<u64>())
            .prop_map(|(machine, bet, hands, practice, seed)| Play::Deal { machine, bet, hands, practice, seed }),
        8 => (0u32..32).prop_map(|mask| Play::Draw { mask }),
        2 => prop::sample::select(vec![1u32, 5, 29, 30, 45, 600, 2000]).prop_map(|minutes| Play::Wait { minutes }),
        1 => Just(Play::Foreground),
        1 => Just(Play::Background),
        1 => prop::bool::ANY.prop_map(Play::KindDeals),
        1 => Just(Play::Untimed),
        1 => Just(Play::Claim),
        1 => Just(Play::Reopen),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random play — three machines, every bet, 1, 3 and 5 hands, practice, kind deals on and off,
    /// timed and untimed commands, sessions starting and ending, days moving on — and after every
    /// step the stored running sums (all time, each session), final-hand counts, kind-deal counts and
    /// charts are exactly their rebuild from the replayed hands, and the whole history verifies
    /// decision by decision.
    #[test]
    fn the_stored_running_sums_equal_their_rebuild_from_the_hands_after_every_step(
        plays in prop::collection::vec(play(), 1..80)
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.db");
        std::fs::copy(level_ten_template(), &path).unwrap();
        let mut game = Game::open(&path).unwrap();
        let mut now = day(500).date().and_hms_opt(9, 0, 0).unwrap();
        for step in &plays {
            let result: Result<(), GameError> = match step {
                Play::Deal { machine, bet, hands, practice, seed: n } => {
                    let request = DealRequest::machine(MachineId::ALL[*machine], vpoker::game::Bet::new(*bet).unwrap(), vpoker::game::Lines::new(*hands).unwrap(), *practice);
                    game.deal(request.clone(), seed(*n), crate::common::m(now)).map(drop)
                }
                Play::Draw { mask } => game.draw(Hold::from_mask(*mask).unwrap(), crate::common::m(now)).map(drop),
                Play::Wait { minutes } => {
                    now += chrono::Duration::minutes(i64::from(*minutes));
                    Ok(())
                }
                Play::Foreground => game.foreground(now).map(drop),
                Play::Background => game.background(now).map(drop),
                Play::KindDeals(on) => game.set_setting("kind-deals", if *on { "on" } else { "off" }).map(drop),
                Play::Untimed => match game.state(crate::common::d(now.date())).unwrap().hand {
                    Some(_) => game.draw(Hold::NONE, crate::common::m(now.date())).map(drop),
                    None => {
                        let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::new(1).unwrap(), false);
                        game.deal(request.clone(), seed(now.and_utc().timestamp() as u64), crate::common::m(now.date())).map(drop)
                    }
                },
                Play::Claim => game.claim_daily(crate::common::d(now.date())).map(drop),
                Play::Reopen => {
                    drop(game);
                    game = Game::open(&path).unwrap();
                    Ok(())
                }
            };
            if let Err(error) = &result {
                // Refusals are expected (a draw with nothing dealt, a second claim, too few chips).
                prop_assert!(error.kind() != "storage" && error.kind() != "corrupt-database", "{step:?}: {error}");
            }
            prop_assert_eq!(game.derived_differences().unwrap(), Vec::<String>::new(), "after {:?}", step);
            // Every kind-deal decision is the one the history before it gives (kind deals toggled,
            // claims between hands, practice, the low-balance line crossed), and the stored bags too.
            let whole = game.check_history(&|_, _| {}, &std::sync::atomic::AtomicBool::new(false)).unwrap();
            prop_assert!(whole.verified, "after {:?}: {:?}", step, whole.failure);
        }
        prop_assert!(game.audit().unwrap().ok);
    }
}
