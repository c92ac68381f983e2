//! Every one of the 2,598,960 hands, counted per category, against the published counts.

use vpoker::card::{parse_hand, Card};
use vpoker::eval::{evaluate_deuces, evaluate_natural, DeucesCategory, Family, NaturalCategory};
use vpoker::machine::MachineId;

/// Calls `f` with every 5-card hand as increasing card indices.
pub(crate) fn for_each_hand(mut f: impl FnMut([usize; 5])) {
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        f([a, b, c, d, e]);
                    }
                }
            }
        }
    }
}

fn hand(idx: [usize; 5]) -> [Card; 5] {
    idx.map(|i| Card::from_index(i).unwrap())
}

#[test]
fn natural_counts_over_all_hands() {
    let mut counts = [0u64; 16];
    for_each_hand(|h| counts[evaluate_natural(&hand(h)) as usize] += 1);
    // Four aces (48) and four 2s–4s (144) by kicker: tests/it/kicker.rs counts them independently.
    // Four J–K: 3 ranks × 48 fifth cards; four 5–10: 6 × 48.
    let expected: [(NaturalCategory, u64); 16] = [
        (NaturalCategory::RoyalFlush, 4),
        (NaturalCategory::StraightFlush, 36),
        (NaturalCategory::FourAcesTwoToFourKicker, 12),
        (NaturalCategory::FourAcesOtherKicker, 36),
        (NaturalCategory::FourTwosToFoursAceToFourKicker, 36),
        (NaturalCategory::FourTwosToFoursOtherKicker, 108),
        (NaturalCategory::FourJacksToKings, 144),
        (NaturalCategory::FourFivesToTens, 288),
        (NaturalCategory::FullHouse, 3_744),
        (NaturalCategory::Flush, 5_108),
        (NaturalCategory::Straight, 10_200),
        (NaturalCategory::ThreeOfAKind, 54_912),
        (NaturalCategory::TwoPair, 123_552),
        (NaturalCategory::JacksOrBetter, 337_920),
        (NaturalCategory::LowPair, 760_320),
        (NaturalCategory::Nothing, 1_302_540),
    ];
    for (category, count) in expected {
        assert_eq!(counts[category as usize], count, "{category:?}");
    }
    assert_eq!(counts.iter().sum::<u64>(), 2_598_960);
}

#[test]
fn deuces_counts_over_all_hands() {
    let mut counts = [0u64; 14];
    for_each_hand(|h| counts[evaluate_deuces(&hand(h)) as usize] += 1);
    // Four deuces: 4 with an ace, 44 with another card. Five of a kind (624) by rank, counted
    // directly: for a rank r ≠ 2, d deuces (1 to 3) and 5 − d of r's four cards,
    // Σ C(4, d) × C(4, 5 − d) = 4 × 1 + 6 × 4 + 4 × 6 = 52 hands a rank: aces 52, 3s–5s 156,
    // 6s–Ks 416.
    let expected: [(DeucesCategory, u64); 14] = [
        (DeucesCategory::NaturalRoyalFlush, 4),
        (DeucesCategory::FourDeucesWithAce, 4),
        (DeucesCategory::FourDeuces, 44),
        (DeucesCategory::WildRoyalFlush, 480),
        (DeucesCategory::FiveAces, 52),
        (DeucesCategory::FiveThreesToFives, 156),
        (DeucesCategory::FiveSixesToKings, 416),
        (DeucesCategory::StraightFlush, 2_068),
        (DeucesCategory::FourOfAKind, 31_552),
        (DeucesCategory::FullHouse, 12_672),
        (DeucesCategory::Flush, 14_472),
        (DeucesCategory::Straight, 62_232),
        (DeucesCategory::ThreeOfAKind, 355_080),
        (DeucesCategory::Nothing, 2_119_728),
    ];
    for (category, count) in expected {
        assert_eq!(counts[category as usize], count, "{category:?}");
    }
}

#[test]
fn family_category_index_agrees_with_the_evaluators() {
    let mut n = 0;
    for_each_hand(|h| {
        n += 1;
        if n % 97 == 0 {
            let cards = hand(h);
            assert_eq!(Family::Natural.category_index(&cards), evaluate_natural(&cards) as usize);
            assert_eq!(Family::Deuces.category_index(&cards), evaluate_deuces(&cards) as usize);
        }
    });
}

#[test]
fn straights_wheel_and_no_wraparound() {
    let cat = |text: &str| evaluate_natural(&parse_hand(text).unwrap());
    assert_eq!(cat("Ah 2c 3d 4s 5h"), NaturalCategory::Straight);
    assert_eq!(cat("Ah 2h 3h 4h 5h"), NaturalCategory::StraightFlush);
    assert_eq!(cat("Qh Kc Ad 2s 3h"), NaturalCategory::Nothing);
    assert_eq!(cat("Th Jc Qd Ks Ah"), NaturalCategory::Straight);
    assert_eq!(cat("Jh Jc 4d 5s 9h"), NaturalCategory::JacksOrBetter);
    assert_eq!(cat("Th Tc 4d 5s 9h"), NaturalCategory::LowPair);
    assert_eq!(cat("2h 2c 2d 2s 9h"), NaturalCategory::FourTwosToFoursOtherKicker);
    assert_eq!(cat("5h 5c 5d 5s 9h"), NaturalCategory::FourFivesToTens);
    assert_eq!(cat("Th Tc Td Ts Ah"), NaturalCategory::FourFivesToTens);
    assert_eq!(cat("Jh Jc Jd Js 2h"), NaturalCategory::FourJacksToKings);
    assert_eq!(cat("Kh Kc Kd Ks Ah"), NaturalCategory::FourJacksToKings);
    let wild = |text: &str| evaluate_deuces(&parse_hand(text).unwrap());
    assert_eq!(wild("2h 2c 2d 2s 9h"), DeucesCategory::FourDeuces);
    assert_eq!(wild("2h 2c 2d 2s Ah"), DeucesCategory::FourDeucesWithAce);
    assert_eq!(wild("2h 2c 2d Ac Ah"), DeucesCategory::FiveAces);
    assert_eq!(wild("2h As Ad Ac Ah"), DeucesCategory::FiveAces);
    assert_eq!(wild("2h 2c 3h 3c 3d"), DeucesCategory::FiveThreesToFives);
    assert_eq!(wild("2h 2c 2d 5c 5d"), DeucesCategory::FiveThreesToFives);
    assert_eq!(wild("2h 6c 6h 6d 6s"), DeucesCategory::FiveSixesToKings);
    assert_eq!(wild("2h Ac 3d 4s 5h"), DeucesCategory::Straight);
    assert_eq!(wild("2h Ah Kh Qh Jh"), DeucesCategory::WildRoyalFlush);
    assert_eq!(wild("2h 2c 9h 9c 9d"), DeucesCategory::FiveSixesToKings);
    assert_eq!(wild("2h 9c 9h 5c 5d"), DeucesCategory::FullHouse);
    assert_eq!(wild("2h 3h 5h 6h 7h"), DeucesCategory::StraightFlush);
    assert_eq!(wild("Qh Kc Ad 2s 3h"), DeucesCategory::Nothing);
    assert_eq!(wild("Qh Qc Ad 2s 3h"), DeucesCategory::ThreeOfAKind);
}

#[test]
fn paytables_match_product_and_pay_per_coin() {
    let pays = |m: MachineId| -> Vec<(&'static str, u32)> {
        m.paytable().rows().iter().map(|r| (r.id, r.pay)).collect()
    };
    assert_eq!(
        pays(MachineId::JacksOrBetter),
        [
            ("royal-flush", 800), ("straight-flush", 50), ("four-of-a-kind", 25), ("full-house", 9),
            ("flush", 6), ("straight", 4), ("three-of-a-kind", 3), ("two-pair", 2), ("jacks-or-better", 1)
        ]
    );
    assert_eq!(
        pays(MachineId::DeucesWild),
        [
            ("natural-royal-flush", 800), ("four-deuces", 200), ("wild-royal-flush", 25),
            ("five-of-a-kind", 15), ("straight-flush", 9), ("four-of-a-kind", 5), ("full-house", 3),
            ("flush", 2), ("straight", 2), ("three-of-a-kind", 1)
        ]
    );
    assert_eq!(
        pays(MachineId::BonusPoker),
        [
            ("royal-flush", 800), ("four-aces", 80), ("straight-flush", 50), ("four-2-4", 40),
            ("four-5-k", 25), ("full-house", 8), ("flush", 5), ("straight", 4), ("three-of-a-kind", 3),
            ("two-pair", 2), ("jacks-or-better", 1)
        ]
    );
    assert_eq!(
        pays(MachineId::DoubleBonus),
        [
            ("royal-flush", 800), ("four-aces", 160), ("four-2-4", 80), ("straight-flush", 50),
            ("four-5-k", 50), ("full-house", 10), ("flush", 7), ("straight", 5), ("three-of-a-kind", 3),
            ("two-pair", 1), ("jacks-or-better", 1)
        ]
    );
    let aces = parse_hand("Ah Ac Ad As 9h").unwrap();
    assert_eq!(MachineId::DoubleBonus.paytable().pay(&aces), 160);
    assert_eq!(MachineId::JacksOrBetter.paytable().outcome_id(&aces), "four-of-a-kind");
    assert_eq!(MachineId::BonusPoker.paytable().outcome_id(&aces), "four-aces");
}

#[test]
fn machine_ids_round_trip_and_reject_others() {
    for machine in MachineId::ALL {
        assert_eq!(machine.id().parse::<MachineId>(), Ok(machine));
    }
    assert!("jacks".parse::<MachineId>().is_err());
    assert_eq!(
        [1, 3, 8, 15, 18],
        MachineId::ALL.map(MachineId::unlock_level)
    );
}

#[test]
fn paytable_validation_rejects_bad_tables() {
    use vpoker::machine::{PayRow, Paytable, PaytableError};
    let rows = |a: u32, b: u32, second: &'static [usize]| {
        vec![
            PayRow { id: "royal-flush", pay: a, categories: &[0] },
            PayRow { id: "straight-flush", pay: b, categories: second },
        ]
    };
    let losing: Vec<usize> = (2..Family::Natural.n_categories()).collect();
    assert!(Paytable::new(Family::Natural, rows(800, 50, &[1]), &losing).is_ok());
    assert_eq!(
        Paytable::new(Family::Natural, rows(800, 0, &[1]), &losing).unwrap_err(),
        PaytableError::ZeroPay("straight-flush")
    );
    assert_eq!(
        Paytable::new(Family::Natural, rows(50, 800, &[1]), &losing).unwrap_err(),
        PaytableError::NotDescending("straight-flush")
    );
    assert_eq!(
        Paytable::new(Family::Natural, rows(800, 50, &[0]), &losing).unwrap_err(),
        PaytableError::CategoryCoverage(0)
    );
    assert_eq!(
        Paytable::new(Family::Natural, rows(800, 50, &[1]), &losing[1..]).unwrap_err(),
        PaytableError::CategoryCoverage(2)
    );
}
