//! The kicker games (Double Double Bonus 9/6, Triple Double Bonus 9/7): the natural evaluator's
//! kicker categories against an independent plain evaluator over all 2,598,960 hands and against
//! combinatorial counts, every table's rows over all hands (the four machines' unchanged), the
//! tables as published, exact hints against brute force on sampled and kicker hands, and the
//! published returns of optimal play.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

use vpoker::card::{parse_hand, Card};
use vpoker::eval::{evaluate_natural, Family, NaturalCategory};
use vpoker::hold::Hold;
use vpoker::kicker::KickerGame;
use vpoker::machine::{MachineId, Paytable};
use vpoker::shuffle::Seed;
use vpoker::strategy::custom::{self, TableSolver};
use vpoker::strategy::{brute_force_table_evs, chart, kicker_hand_evs, HandEvs};

use super::evaluators::for_each_hand;

/// C(n, k).
fn binom(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The plain evaluator: poker's rules written out on sorted ranks (0 = deuce … 12 = ace), with no
/// code of the core's, naming the category as the core's `NaturalCategory` serialises it.
fn plain_category(hand: [usize; 5]) -> &'static str {
    let mut ranks: Vec<usize> = hand.iter().map(|card| card / 4).collect();
    ranks.sort_unstable();
    let flush = hand.iter().all(|card| card % 4 == hand[0] % 4);
    let mut distinct = ranks.clone();
    distinct.dedup();
    let straight = distinct.len() == 5 && (ranks[4] - ranks[0] == 4 || ranks == [0, 1, 2, 3, 12]);
    if straight && flush {
        return if ranks[0] == 8 { "royal-flush" } else { "straight-flush" };
    }
    // (how many, rank) per rank present, the largest group first.
    let mut groups: Vec<(usize, usize)> =
        distinct.iter().map(|&r| (ranks.iter().filter(|&&x| x == r).count(), r)).collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<usize> = groups.iter().map(|g| g.0).collect();
    match shape.as_slice() {
        [4, 1] => {
            let (quad, kicker) = (groups[0].1, groups[1].1);
            let low_kicker = matches!(kicker, 0..=2);
            match quad {
                12 if low_kicker => "four-aces-2-4-kicker",
                12 => "four-aces-5-k-kicker",
                0..=2 if low_kicker || kicker == 12 => "four-2-4-a-4-kicker",
                0..=2 => "four-2-4-5-k-kicker",
                9..=11 => "four-j-k",
                _ => "four-5-10",
            }
        }
        [3, 2] => "full-house",
        _ if flush => "flush",
        _ if straight => "straight",
        [3, 1, 1] => "three-of-a-kind",
        [2, 2, 1] => "two-pair",
        [2, 1, 1, 1] if groups[0].1 >= 9 => "jacks-or-better",
        [2, 1, 1, 1] => "low-pair",
        _ => "nothing",
    }
}

/// The number of hands of each category, by counting arrangements (ranks, then suits).
fn combinatorial_counts() -> BTreeMap<&'static str, u64> {
    let high_cards = binom(13, 5) - 10; // five distinct ranks not in sequence
    let unsuited = 4u64.pow(5) - 4; // suits of five distinct ranks, not all one
    BTreeMap::from([
        ("royal-flush", 4),
        ("straight-flush", 10 * 4 - 4),
        // Four aces: a kicker of 3 low ranks (2, 3, 4) or of 9 others (5 … K), in any of 4 suits.
        ("four-aces-2-4-kicker", 3 * 4),
        ("four-aces-5-k-kicker", 9 * 4),
        // Four of one of 3 ranks (2, 3, 4): a kicker of the 3 other ranks among A, 2, 3, 4 or of 5 … K.
        ("four-2-4-a-4-kicker", 3 * 3 * 4),
        ("four-2-4-5-k-kicker", 3 * 9 * 4),
        // Four of one of J, Q, K, or of one of 5 … 10, any of the 48 other cards.
        ("four-j-k", 3 * 48),
        ("four-5-10", 6 * 48),
        ("full-house", 13 * binom(4, 3) * 12 * binom(4, 2)),
        ("flush", 4 * high_cards),
        ("straight", 10 * unsuited),
        ("three-of-a-kind", 13 * binom(4, 3) * binom(12, 2) * 16),
        ("two-pair", binom(13, 2) * 36 * 11 * 4),
        ("jacks-or-better", 4 * 6 * binom(12, 3) * 64),
        ("low-pair", 9 * 6 * binom(12, 3) * 64),
        ("nothing", high_cards * unsuited),
    ])
}

/// The core's category names, by index.
fn core_names() -> Vec<String> {
    NaturalCategory::ALL
        .iter()
        .map(|c| serde_json::to_value(c).unwrap().as_str().unwrap().to_string())
        .collect()
}

/// Every natural table the tests look at: the three natural machines' and the natural games of the
/// library's own (the two kicker games, Aces & Faces, Super Double Bonus).
fn natural_tables() -> Vec<(String, &'static Paytable)> {
    let machines = MachineId::ALL.into_iter().filter(|m| m.family() == Family::Natural);
    let machines = machines.map(|m| (m.id().to_string(), m.paytable()));
    let games = KickerGame::ALL.into_iter().filter(|g| g.family() == Family::Natural);
    machines.chain(games.map(|g| (g.id().to_string(), g.paytable()))).collect()
}

#[test]
fn the_kicker_categories_agree_with_a_plain_evaluator_and_the_combinatorial_counts() {
    let names = core_names();
    assert_eq!(names.len(), Family::Natural.n_categories());
    let tables = natural_tables();
    let mut counts: BTreeMap<&'static str, u64> = BTreeMap::new();
    let mut rows: Vec<BTreeMap<&'static str, u64>> = vec![BTreeMap::new(); tables.len()];
    let cards: Vec<Card> = Card::all().collect();
    for_each_hand(|idx| {
        let plain = plain_category(idx);
        let hand = idx.map(|i| cards[i]);
        let core = evaluate_natural(&hand) as usize;
        assert_eq!(names[core], plain, "{hand:?}");
        *counts.entry(plain).or_default() += 1;
        for ((_, table), tally) in tables.iter().zip(rows.iter_mut()) {
            *tally.entry(table.outcome_id(&hand)).or_default() += 1;
        }
    });
    assert_eq!(counts, combinatorial_counts());
    assert_eq!(counts.values().sum::<u64>(), binom(52, 5));
    // The four-of-a-kind rows: the machines' cover every kicker, the kicker games' tell them apart.
    let fours = |id: &str| -> Vec<(&'static str, u64)> {
        let at = tables.iter().position(|(t, _)| t == id).unwrap();
        rows[at].iter().filter(|(row, _)| row.starts_with("four")).map(|(&row, &n)| (row, n)).collect()
    };
    assert_eq!(fours("jacks-or-better"), [("four-of-a-kind", 624)]);
    for machine in ["bonus-poker", "double-bonus"] {
        assert_eq!(fours(machine), [("four-2-4", 144), ("four-5-k", 432), ("four-aces", 48)], "{machine}");
    }
    for game in ["double-double-bonus", "triple-double-bonus"] {
        assert_eq!(
            fours(game),
            [
                ("four-2-4", 108),
                ("four-2-4-a-4-kicker", 36),
                ("four-5-k", 432),
                ("four-aces", 36),
                ("four-aces-2-4-kicker", 12)
            ],
            "{game}"
        );
    }
    // Aces & Faces pays four J–K apart from four 2–10; Super Double Bonus four J–K, four 2–4 and
    // four 5–10 apart.
    assert_eq!(fours("aces-and-faces"), [("four-2-10", 432), ("four-aces", 48), ("four-j-k", 144)]);
    assert_eq!(fours("super-double-bonus"), [("four-2-4", 144), ("four-5-10", 288), ("four-aces", 48), ("four-j-k", 144)]);
    // Every other row of every table is its one category's count.
    let combinatorial = combinatorial_counts();
    for ((id, _), tally) in tables.iter().zip(&rows) {
        let losing = combinatorial["low-pair"] + combinatorial["nothing"];
        assert_eq!(tally["nothing"], losing, "{id}");
        for (row, n) in tally.iter().filter(|(row, _)| !row.starts_with("four") && **row != "nothing") {
            assert_eq!(combinatorial[row], *n, "{id} {row}");
        }
    }
}

#[test]
fn the_kicker_tables_are_the_published_ones() {
    let pays = |g: KickerGame| -> Vec<(&'static str, u32)> { g.paytable().rows().iter().map(|r| (r.id, r.pay)).collect() };
    assert_eq!(
        pays(KickerGame::DoubleDoubleBonus),
        [
            ("royal-flush", 800), ("four-aces-2-4-kicker", 400), ("four-2-4-a-4-kicker", 160), ("four-aces", 160),
            ("four-2-4", 80), ("straight-flush", 50), ("four-5-k", 50), ("full-house", 9), ("flush", 6),
            ("straight", 4), ("three-of-a-kind", 3), ("two-pair", 1), ("jacks-or-better", 1)
        ]
    );
    assert_eq!(
        pays(KickerGame::TripleDoubleBonus),
        [
            ("royal-flush", 800), ("four-aces-2-4-kicker", 800), ("four-2-4-a-4-kicker", 400), ("four-aces", 160),
            ("four-2-4", 80), ("straight-flush", 50), ("four-5-k", 50), ("full-house", 9), ("flush", 7),
            ("straight", 4), ("three-of-a-kind", 2), ("two-pair", 1), ("jacks-or-better", 1)
        ]
    );
    let pay = |g: KickerGame, text: &str| g.paytable().pay(&parse_hand(text).unwrap());
    assert_eq!(pay(KickerGame::DoubleDoubleBonus, "Ac Ad Ah As 4c"), 400);
    assert_eq!(pay(KickerGame::DoubleDoubleBonus, "Ac Ad Ah As 5c"), 160);
    assert_eq!(pay(KickerGame::DoubleDoubleBonus, "3c 3d 3h 3s Ac"), 160);
    assert_eq!(pay(KickerGame::DoubleDoubleBonus, "3c 3d 3h 3s 2c"), 160);
    assert_eq!(pay(KickerGame::DoubleDoubleBonus, "3c 3d 3h 3s 5c"), 80);
    assert_eq!(pay(KickerGame::DoubleDoubleBonus, "5c 5d 5h 5s Ac"), 50);
    assert_eq!(pay(KickerGame::TripleDoubleBonus, "Ac Ad Ah As 2c"), 800);
    assert_eq!(pay(KickerGame::TripleDoubleBonus, "4c 4d 4h 4s Ac"), 400);
    assert_eq!(pay(KickerGame::TripleDoubleBonus, "Ac Ad Ah Kd Kc"), 9);
    // The machines pay four aces and four 2–4 the same whatever the kicker.
    for text in ["Ac Ad Ah As 2c", "Ac Ad Ah As Kc"] {
        let aces = parse_hand(text).unwrap();
        assert_eq!(MachineId::BonusPoker.paytable().outcome_id(&aces), "four-aces");
        assert_eq!(MachineId::DoubleBonus.paytable().pay(&aces), 160);
        assert_eq!(MachineId::JacksOrBetter.paytable().outcome_id(&aces), "four-of-a-kind");
    }
    for game in KickerGame::ALL {
        assert_eq!(game.id().parse::<KickerGame>(), Ok(game));
        assert_eq!(game.to_string(), game.id());
        assert_eq!(serde_json::to_value(game).unwrap(), game.id());
    }
    assert!("double-bonus".parse::<KickerGame>().is_err());
    assert_eq!(
        [KickerGame::DoubleDoubleBonus.name(), KickerGame::TripleDoubleBonus.name()],
        ["Double Double Bonus 9/6", "Triple Double Bonus 9/7"]
    );
}

/// The first five cards of a reproducibly shuffled deck.
fn sample_hand(game_idx: u8, hand_idx: u16) -> [Card; 5] {
    let mut bytes = [0u8; 32];
    bytes[0] = game_idx;
    bytes[1..3].copy_from_slice(&hand_idx.to_le_bytes());
    bytes[31] = 0x6b;
    let deck = Seed::from_bytes(bytes).deck();
    [deck[0], deck[1], deck[2], deck[3], deck[4]]
}

/// Hands where the kicker decides: three or four aces or 2s–4s beside low and other kickers,
/// each rank in rotating suits, and a few fixed ones.
fn kicker_hands() -> Vec<[Card; 5]> {
    let mut texts: Vec<String> = Vec::new();
    let suits = ["c", "d", "h", "s"];
    for (i, quad) in ["A", "2", "3", "4", "7"].iter().enumerate() {
        for (j, kicker) in ["A", "2", "3", "4", "5", "9", "K"].iter().enumerate() {
            if kicker == quad {
                continue;
            }
            let s = |k: usize| suits[(i + j + k) % 4];
            // Four of a kind with this kicker.
            texts.push(format!("{quad}c {quad}d {quad}h {quad}s {kicker}{}", s(0)));
            // Three of a kind with this kicker and an odd card, and with a pair of the kicker.
            let odd = if ["9", "K"].contains(kicker) { "6" } else { "Q" };
            texts.push(format!("{quad}{} {quad}{} {quad}{} {kicker}{} {odd}{}", s(0), s(1), s(2), s(1), s(3)));
            texts.push(format!("{quad}{} {quad}{} {quad}{} {kicker}{} {kicker}{}", s(0), s(1), s(2), s(0), s(3)));
            // A pair of aces or 2s–4s with this kicker and two odd cards.
            texts.push(format!("{quad}{} {quad}{} {kicker}{} 8{} J{}", s(0), s(2), s(1), s(3), s(0)));
        }
    }
    texts.extend(
        ["Ac Kc Qc Jc 2d", "Ah Ad 2c 3c 4c", "2h 2d Ah Kh Qh", "Ac Ad Ah 3c 3d", "Td Jd Qd Kd Ad"].map(String::from),
    );
    let mut hands: Vec<[Card; 5]> = Vec::new();
    for text in texts {
        let hand = parse_hand(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        if !hands.contains(&hand) {
            hands.push(hand);
        }
    }
    hands
}

fn assert_same_evs(game: KickerGame, hand: &[Card; 5]) -> HandEvs {
    let fast = kicker_hand_evs(game, hand);
    let slow = brute_force_table_evs(game.paytable(), hand);
    for mask in 0..32 {
        let (f, s) = (fast.as_array()[mask], slow.as_array()[mask]);
        assert!((f - s).abs() < 1e-9, "{game} {hand:?} mask {mask}: fast {f} brute {s}");
    }
    assert_eq!(fast.best(), slow.best(), "{game} {hand:?}");
    fast
}

/// Random hands per game compared with brute force (about 50 ms each).
const N_RANDOM_HANDS: u16 = 60;

#[test]
fn kicker_hints_equal_brute_force_on_kicker_and_random_hands() {
    let kicker = kicker_hands();
    assert!(kicker.len() > 100, "{} kicker hands", kicker.len());
    std::thread::scope(|scope| {
        for (game_idx, game) in KickerGame::ALL.into_iter().enumerate() {
            let kicker = &kicker;
            scope.spawn(move || {
                for hand_idx in 0..N_RANDOM_HANDS {
                    assert_same_evs(game, &sample_hand(game_idx as u8, hand_idx));
                }
                for hand in kicker {
                    assert_same_evs(game, hand);
                }
            });
        }
    });
    // The lab's solver for the same table answers the same.
    let solver = TableSolver::new(KickerGame::DoubleDoubleBonus.paytable());
    for hand in &kicker[..20] {
        assert_eq!(solver.hand_evs(hand), kicker_hand_evs(KickerGame::DoubleDoubleBonus, hand));
    }
}

#[test]
fn the_kicker_decides_the_hold_as_the_pays_say() {
    let hold = |mask: u32| Hold::from_mask(mask).unwrap();
    let evs = |game: KickerGame, text: &str| assert_same_evs(game, &parse_hand(text).unwrap());
    // Four aces with a king: drawing to the four aces (12 of the 47 cards are 2s–4s) beats 160.
    let ddb = evs(KickerGame::DoubleDoubleBonus, "Ac Ad Ah As Kc");
    assert!((ddb.ev(hold(0b01111)) - (12.0 * 400.0 + 35.0 * 160.0) / 47.0).abs() < 1e-9);
    assert_eq!(ddb.best(), hold(0b01111));
    // Four aces with a 3: keep all five.
    let ddb = evs(KickerGame::DoubleDoubleBonus, "Ac Ad Ah As 3c");
    assert_eq!(ddb.best(), hold(0b11111));
    assert_eq!(ddb.ev(hold(0b11111)), 400.0);
    // Four 2s with an ace: keep it (11 low kickers left of 47 would make 160 only 11 times).
    let ddb = evs(KickerGame::DoubleDoubleBonus, "2c 2d 2h 2s Ac");
    assert!((ddb.ev(hold(0b01111)) - (11.0 * 160.0 + 36.0 * 80.0) / 47.0).abs() < 1e-9);
    assert_eq!(ddb.best(), hold(0b11111));
    // Four 3s with a 9 on Triple Double Bonus: draw to the four (12 A–4 kickers pay 400).
    let tdb = evs(KickerGame::TripleDoubleBonus, "3c 3d 3h 3s 9c");
    assert!((tdb.ev(hold(0b01111)) - (12.0 * 400.0 + 35.0 * 80.0) / 47.0).abs() < 1e-9);
    assert_eq!(tdb.best(), hold(0b01111));
    // The same hand on Double Bonus (no kicker pays): the four alone tie with all five, fewer wins.
    let db = vpoker::strategy::hand_evs(MachineId::DoubleBonus, &parse_hand("3c 3d 3h 3s 9c").unwrap());
    assert_eq!(db.ev(hold(0b01111)), db.ev(hold(0b11111)));
}

/// The published returns of optimal play, to the printed digits (Wizard of Odds and others:
/// 98.98 % and 99.58 %).
const PUBLISHED_PERCENT: [(KickerGame, f64); 2] =
    [(KickerGame::DoubleDoubleBonus, 98.98), (KickerGame::TripleDoubleBonus, 99.58)];

#[test]
fn the_kicker_games_return_the_published_figures() {
    for (game, percent) in PUBLISHED_PERCENT {
        let analysis = custom::analyze_table(game.paytable());
        println!("{game}: optimal return {:.12} %", analysis.return_rate * 100.0);
        assert_eq!((analysis.return_rate * 10_000.0).round() / 100.0, percent, "{game}: {}", analysis.return_rate);
        let total: f64 = analysis.outcomes.iter().map(|o| o.probability).sum();
        assert!((total - 1.0).abs() < 1e-12, "{game}: {total}");
        let ids: Vec<&str> = analysis.outcomes.iter().map(|o| o.id).collect();
        let mut expected: Vec<&str> = game.paytable().rows().iter().map(|r| r.id).collect();
        expected.push("nothing");
        assert_eq!(ids, expected);
        // The return is Σ P(row) × pay.
        let by_rows: f64 = analysis.outcomes.iter().zip(game.paytable().rows()).map(|(o, r)| o.probability * f64::from(r.pay)).sum();
        assert!((by_rows - analysis.return_rate).abs() < 1e-12, "{game}: {by_rows}");
    }
}

#[test]
fn a_kicker_chart_plays_what_it_reports_and_knows_the_optimal_return() {
    for game in KickerGame::ALL.into_iter().filter(|game| game.pays_kickers()) {
        let table = game.paytable();
        let never = AtomicBool::new(false);
        let chart = chart::generate(table, &|_, _| {}, &never).unwrap();
        let analysis = custom::analyze_table(table);
        println!("{game}:\n{}", chart.to_text());
        assert_eq!(chart.vocabulary(), chart::Vocabulary::Kicker, "{game}");
        assert!((chart.optimal_return() - analysis.return_rate).abs() < 1e-12, "{game}");
        assert!((chart.return_by_play(table) - chart.chart_return()).abs() < 1e-12, "{game}");
        assert!(chart.chart_return() <= chart.optimal_return() + 1e-15, "{game}");
        assert!(chart.lines().len() <= chart::MAX_LINES, "{game}");
        // With the kicker classes the charts cost what the machines' do (with the natural
        // vocabulary alone they cost 0.174 pp on DDB 9/6 and 1.311 pp on TDB 9/7).
        assert!(chart.cost() < 0.0003, "{game}: {} pp", chart.cost() * 100.0);
        let classes: Vec<&str> = chart.lines().iter().map(|l| l.class.as_str()).collect();
        assert!(classes.contains(&"four-aces-2-4-kicker") && classes.contains(&"four-2-4-a-4-kicker"), "{game}");
        // Holding the kicker with three aces is right on Triple Double Bonus (800 for four aces
        // with it), not on Double Double Bonus (400).
        let three_aces_kicker = classes.contains(&"three-aces-2-4-kicker");
        assert_eq!(three_aces_kicker, game == KickerGame::TripleDoubleBonus, "{game}");
        // Four 2s with an ace is held whole; four aces with a king drop the king.
        let (line, hold) = chart.play(&parse_hand("2h 2s 2d 2c Ah").unwrap());
        assert_eq!((chart.lines()[line].class.as_str(), hold.mask()), ("four-2-4-a-4-kicker", 0b11111), "{game}");
        let (line, hold) = chart.play(&parse_hand("Ah As Ad Ac Kh").unwrap());
        assert_eq!((chart.lines()[line].class.as_str(), hold.mask()), ("four-of-a-kind", 0b01111), "{game}");
        // Every line's class is in the public vocabulary, as a kicker or a natural class.
        let listed = chart::classes();
        for line in chart.lines() {
            let info = listed.iter().find(|c| c.id == line.class).expect("listed");
            assert!(info.family == "kicker" || info.family == "natural", "{}", line.class);
        }
    }
    // The four machines' charts keep the natural and Deuces Wild words.
    for machine in MachineId::ALL {
        assert_ne!(chart::machine_chart(machine).vocabulary(), chart::Vocabulary::Kicker, "{machine}");
    }
}

#[test]
fn the_lab_takes_the_kicker_layout_of_thirteen_pays() {
    let layouts = [
        (KickerGame::DoubleDoubleBonus, "800,400,160,160,80,50,50,9,6,4,3,1,1"),
        (KickerGame::TripleDoubleBonus, "800,800,400,160,80,50,50,9,7,4,2,1,1"),
    ];
    for (game, pays) in layouts {
        let table = custom::parse_pays(Family::Natural, pays).unwrap();
        let rows = |t: &Paytable| t.rows().iter().map(|r| (r.id, r.pay)).collect::<Vec<_>>();
        assert_eq!(rows(&table), rows(game.paytable()), "{game}");
        assert_eq!(table.pay_by_category(), game.paytable().pay_by_category(), "{game}");
        let numbers: Vec<i64> = pays.split(',').map(|p| p.parse().unwrap()).collect();
        assert_eq!(rows(&custom::pays_table(Family::Natural, &numbers).unwrap()), rows(game.paytable()));
        let lab = custom::analyze_table(&table);
        assert_eq!(lab.return_rate, custom::analyze_table(game.paytable()).return_rate, "{game}");
    }
    // A short-pay copy (DDB 8/5) returns less, exactly analysed like any lab table.
    let short = custom::parse_pays(Family::Natural, "800,400,160,160,80,50,50,8,5,4,3,1,1").unwrap();
    let full = custom::analyze_table(KickerGame::DoubleDoubleBonus.paytable()).return_rate;
    assert!(custom::analyze_table(&short).return_rate < full - 0.01);
}
