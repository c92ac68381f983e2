//! The one play screen's view of any table (`Game::table_view`): the bet and line count a deal
//! starts at, the line counts open in each game, the variants offered at the player's level, the
//! paytable at every bet; and what a hand in progress and a drill question show line by line
//! (`rules::dealt_with`), lit by the core.

use chrono::NaiveDate;
use vpoker::game::Day;
use vpoker::game::{rules, DealRequest, DrillSource, Game, GameError, TableId};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

fn day(d: u32) -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 11, 1).unwrap() + chrono::Days::new(u64::from(d))).unwrap()
}

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[31] = 0x7e;
    Seed::from_bytes(bytes)
}

fn request(table: &str, bet: u32, hands: u8, practice: bool) -> DealRequest {
    DealRequest { table: TableId::new(table).unwrap(), bet: rules::Bet::new(bet).unwrap(), hands: rules::Lines::new(hands).unwrap(), practice }
}

/// Plays Jacks or Better at 50 chips a hand with the best hold until `level`, claiming the daily
/// chips on a new day when short; returns the day reached.
fn reach_level(game: &mut Game, level: u32) -> u32 {
    let (mut today, mut n) = (0, 0);
    while game.state(day(today)).unwrap().level < level {
        if game.state(day(today)).unwrap().chips < 50 {
            today += 1;
            game.claim_daily(day(today)).unwrap();
            continue;
        }
        let hand = game.deal(request("jacks-or-better", 50, 1, false), seed(n), day(today)).unwrap().hand.unwrap();
        game.draw(hand.best_hold, day(today)).unwrap();
        n += 1;
    }
    today
}

#[test]
fn every_table_has_one_view_at_the_players_level() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("g.db")).unwrap();
    // A machine never played: the game's default bet, one line, no variant before multi-play.
    let jacks = game.table_view(&crate::common::t("jacks-or-better")).unwrap();
    assert_eq!((jacks.machine, jacks.practice_only, jacks.unlocked, jacks.library), (Some(MachineId::JacksOrBetter), false, true, false));
    assert_eq!((jacks.bet, jacks.plain.table.as_str(), jacks.plain.rules, jacks.plain.lines.clone(), jacks.plain.hands), (rules::DEFAULT_BET, "jacks-or-better", "plain", vec![1], 1));
    assert!(jacks.variants.is_empty() && jacks.chosen.is_none() && jacks.return_rate.is_none());
    // Every row at every bet: the pay per coin times the bet, in the order of the bets.
    for row in &jacks.paytable {
        assert_eq!(row.at_bets.iter().map(|at| at.bet).collect::<Vec<_>>(), jacks.bets);
        assert!(row.at_bets.iter().all(|at| at.pay == u64::from(row.pay) * u64::from(at.bet)), "{row:?}");
    }
    // A machine above the player's level is shown locked.
    let double = game.table_view(&crate::common::t("double-bonus")).unwrap();
    assert!(!double.unlocked && double.unlock_level > 1);
    // A library table: practice only, the library's exact return; asked by its variant's id, the
    // plain table's view with that variant named.
    let listed = vpoker::library::listing().iter().find(|t| t.id == "jacks-or-better-8-6").unwrap();
    let table = game.table_view(&crate::common::t("ultimate-x:jacks-or-better-8-6")).unwrap();
    assert_eq!((table.id.as_str(), table.machine, table.practice_only, table.library, table.chosen), ("jacks-or-better-8-6", None, true, true, Some("ultimate-x")));
    assert_eq!(table.return_rate, Some(listed.return_rate));
    assert_eq!(table.paytable.iter().map(|r| (r.id, r.pay)).collect::<Vec<_>>(), listed.pays.iter().map(|p| (p.row, p.pay)).collect::<Vec<_>>());
    // A saved lab table by its id; an unknown id refused.
    let flush_5 = [vpoker::game::RowPay { row: "flush".into(), pay: "5".into() }];
    game.save_lab_table("9/5", MachineId::JacksOrBetter, &flush_5).unwrap();
    let lab = game.table_view(&crate::common::t("lab:9/5")).unwrap();
    assert_eq!((lab.practice_only, lab.library, lab.return_rate, lab.base), (true, false, None, "jacks-or-better"));
    assert!(lab.paytable.iter().any(|r| r.id == "flush" && r.pay == 5));
    assert!(matches!(game.table_view(&crate::common::t("no-such-table")), Err(GameError::UnknownTable { .. })));

    // From multi-play on: the variants offered with their open line counts, and the choices last
    // played on the machine to start at.
    let today = reach_level(&mut game, rules::MULTI_PLAY_LEVEL);
    let level = game.state(day(today)).unwrap().level;
    let open: Vec<u8> = rules::HAND_COUNTS.iter().copied().filter(|&n| rules::check_lines(rules::Lines::new(n).unwrap(), level).is_ok()).collect();
    let jacks = game.table_view(&crate::common::t("jacks-or-better")).unwrap();
    assert_eq!((jacks.bet, jacks.plain.lines.clone(), jacks.plain.hands), (50, open.clone(), 1));
    let ux = jacks.variants.iter().find(|v| v.rules == "ultimate-x").expect("Ultimate X offered from multi-play");
    let ux_open: Vec<u8> = vpoker::library::ULTIMATE_X_LINES.iter().copied().filter(|n| open.contains(n)).collect();
    assert_eq!((ux.table.as_str(), ux.lines.clone(), ux.hands), ("ultimate-x:jacks-or-better", ux_open, 1));
    // A library table offers it too: one rule for every table.
    assert!(game.table_view(&crate::common::t("jacks-or-better-8-6")).unwrap().variants.iter().any(|v| v.rules == "ultimate-x"));

    // A hand on the variant shows each line as the core lights it: dealt with the start, unlit.
    let state = game.deal(request("ultimate-x:jacks-or-better", 10, 3, false), seed(7000), day(today)).unwrap();
    let hand = state.hand.unwrap();
    let screen = hand.screen.clone().expect("a variant's hand shows its lines");
    assert_eq!(screen.iter().map(|l| (l.paid, l.next, l.lit)).collect::<Vec<_>>(), vec![(None, 1, false); 3]);
    assert_eq!(Some(screen.iter().map(|l| l.next).collect::<Vec<_>>()), hand.multipliers);
    // The choices just played are where the next deal starts, in each game that has them.
    let jacks = game.table_view(&crate::common::t("jacks-or-better")).unwrap();
    assert_eq!((jacks.bet, jacks.plain.hands), (10, 3));
    assert_eq!(jacks.variants.iter().find(|v| v.rules == "ultimate-x").unwrap().hands, 3);
    let drawn = game.draw(Hold::NONE, day(today)).unwrap();
    // The next deal's lines are lit where they earned more than the start (the carry rule's own light).
    let last = drawn.last_hand.unwrap();
    let hand = game.deal(request("ultimate-x:jacks-or-better", 10, 3, false), seed(7001), day(today)).unwrap().hand.unwrap();
    let lines = hand.screen.unwrap();
    let earned: Vec<u8> = last.results.iter().map(|r| r.earned.unwrap()).collect();
    assert_eq!(lines.iter().map(|l| (l.next, l.lit)).collect::<Vec<_>>(), earned.iter().map(|&e| (e, e > 1)).collect::<Vec<_>>());
    // A plain hand shows nothing.
    game.draw(Hold::NONE, day(today)).unwrap();
    let plain = game.deal(request("jacks-or-better", 10, 1, false), seed(7002), day(today)).unwrap().hand.unwrap();
    assert!(plain.screen.is_none());
}

#[test]
fn a_variants_drill_question_shows_its_lines_lit_by_the_core() {
    let dir = tempfile::tempdir().unwrap();
    let game = Game::open(&dir.path().join("g.db")).unwrap();
    let mut lit_seen = false;
    for n in 0..6 {
        let question = game.drill_next(&crate::common::t("ultimate-x:jacks-or-better"), DrillSource::Hard, seed(900 + n), day(0)).unwrap().unwrap();
        let values = question.multipliers.clone().expect("its multipliers");
        let screen = question.screen.clone().expect("its lines");
        assert_eq!(screen.iter().map(|l| (l.paid, l.next, l.lit)).collect::<Vec<_>>(), values.iter().map(|&m| (None, m, m > 1)).collect::<Vec<_>>());
        lit_seen |= screen.iter().any(|l| l.lit);
    }
    assert!(lit_seen, "some drill hand shows a line above the start");
    // A plain table's question shows none.
    let plain = game.drill_next(&crate::common::t("jacks-or-better"), DrillSource::Hard, seed(5), day(0)).unwrap().unwrap();
    assert!(plain.screen.is_none());
}
