//! The hard-decisions drill source: the plain rule on hand-picked hands, every generated hand hard
//! by an independent recomputation of the predicate, no hard deal skipped, determinism per seed,
//! the JSON shape, and the share of hard hands among random deals (printed with `--nocapture`).

use vpoker::card::{parse_hand, Card};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;
use vpoker::strategy::drill::{
    drill_hand, hard_hands, hard_reason, plain_hold, runner_up, DrillHand, HardHands, HardReason, CLOSE_CALL_SHARE,
};
use vpoker::strategy::{brute_force_evs, hand_evs, HandEvs};

/// Hard hands checked per machine by recomputing everything.
const N_CHECKED: usize = 3000;
/// Deals per machine for the share of hard hands.
const N_SHARE_DEALS: u64 = 200_000;

fn seed(byte: u8) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[0] = byte;
    bytes[31] = 0xd1;
    Seed::from_bytes(bytes)
}

fn hand(text: &str) -> [Card; 5] {
    parse_hand(text).unwrap()
}

fn mask(bits: &str) -> u8 {
    bits.parse::<Hold>().unwrap().mask()
}

/// The predicate recomputed from the raw 32 EVs, without the drill module's helpers: the plain
/// hold gives up more than 1e-12, or the best EV is positive and the best EV more than 1e-12 below
/// it is within 10 % of it.
fn independently_hard(evs: &[f64; 32], plain: Hold) -> Option<HardReason> {
    let best = evs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if best - evs[plain.mask() as usize] > 1e-12 {
        return Some(HardReason::PlainRuleDiffers);
    }
    let second = evs.iter().copied().filter(|&ev| best - ev > 1e-12).fold(f64::NEG_INFINITY, f64::max);
    (second.is_finite() && best > 0.0 && best - second <= 0.10 * best).then_some(HardReason::CloseCall)
}

/// Checks one generated hand against freshly computed EVs and the independent predicate.
fn check_generated(machine: MachineId, drill: &DrillHand, evs: &HandEvs) {
    let raw = evs.as_array();
    assert_eq!(drill.plain, plain_hold(machine, &drill.cards), "{machine} {:?}", drill.cards);
    assert_eq!(drill.holds, evs.sorted(), "{machine} {:?}", drill.cards);
    assert_eq!(drill.best, evs.best());
    assert_eq!(drill.best, drill.holds[0].hold);
    let best_ev = raw.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    assert!((drill.holds[0].ev - best_ev).abs() <= 1e-12);
    let reason = independently_hard(raw, drill.plain);
    assert_eq!(Some(drill.reason), reason, "{machine} {:?}: EVs {raw:?}", drill.cards);
    // The negation the drill promises: never a hand whose plain hold is right with a gap over 10 %.
    let plain_right = best_ev - raw[drill.plain.mask() as usize] <= 1e-12;
    if plain_right {
        let second = runner_up(evs).expect("a runner-up").ev;
        assert!(best_ev - second <= CLOSE_CALL_SHARE * best_ev, "{machine} {:?}", drill.cards);
    }
}

#[test]
fn every_generated_hand_is_hard_on_every_machine() {
    for (idx, machine) in MachineId::ALL.into_iter().enumerate() {
        let hands = hard_hands(machine, &seed(idx as u8), N_CHECKED);
        assert_eq!(hands.len(), N_CHECKED);
        for drill in &hands {
            check_generated(machine, drill, &hand_evs(machine, &drill.cards));
        }
        // A few against the slow brute-force reference, so the fast solver is not checked by itself.
        for drill in hands.iter().step_by(N_CHECKED / 4) {
            let slow = brute_force_evs(machine, &drill.cards);
            assert_eq!(independently_hard(slow.as_array(), drill.plain), Some(drill.reason), "{machine}");
            assert_eq!(slow.best(), drill.best);
        }
        let n_differs = hands.iter().filter(|h| h.reason == HardReason::PlainRuleDiffers).count();
        assert!(n_differs > 0 && n_differs < N_CHECKED, "{machine}: both reasons occur ({n_differs})");
    }
}

#[test]
fn the_generator_keeps_exactly_the_hard_deals_in_order() {
    for (idx, machine) in MachineId::ALL.into_iter().enumerate() {
        let mut dealer = HardHands::new(machine, &seed(100 + idx as u8));
        let mut expected = Vec::new();
        for _ in 0..2000 {
            let cards = dealer.deal();
            let evs = hand_evs(machine, &cards);
            let verdict = independently_hard(evs.as_array(), plain_hold(machine, &cards));
            assert_eq!(verdict, hard_reason(&evs, plain_hold(machine, &cards)));
            assert_eq!(verdict.is_some(), drill_hand(machine, &cards).is_some());
            if verdict.is_some() {
                expected.push(cards);
            }
        }
        let mut generator = HardHands::new(machine, &seed(100 + idx as u8));
        let got: Vec<[Card; 5]> = generator.by_ref().take(expected.len()).map(|h| h.cards).collect();
        assert_eq!(got, expected, "{machine}");
        assert!(generator.dealt() <= 2000 && generator.dealt() > expected.len() as u64, "{machine}");
    }
}

#[test]
fn the_first_deal_is_the_seed_s_deck_and_runs_are_deterministic() {
    let first = HardHands::new(MachineId::JacksOrBetter, &seed(7)).deal();
    let deck = seed(7).deck();
    assert_eq!(first, [deck[0], deck[1], deck[2], deck[3], deck[4]]);
    for machine in MachineId::ALL {
        let a = hard_hands(machine, &seed(9), 300);
        assert_eq!(a, hard_hands(machine, &seed(9), 300), "{machine}");
        assert_ne!(a, hard_hands(machine, &seed(10), 300), "{machine}");
        // A longer run starts with the shorter one.
        assert_eq!(a[..100], hard_hands(machine, &seed(9), 100)[..]);
    }
}

#[test]
fn the_plain_rule_on_hand_picked_hands() {
    use MachineId::*;
    let cases = [
        // Made hands that need all five cards are kept whole.
        (JacksOrBetter, "9c Tc Jd Qh Ks", "11111"),
        (JacksOrBetter, "Ah 5c 4d 3h 2s", "11111"),
        (JacksOrBetter, "2h 7h 9h Jh Kh", "11111"),
        (BonusPoker, "Kc Kd 4h 4s Kh", "11111"),
        (DoubleBonus, "Ts Js Qs Ks As", "11111"),
        // The paying cards of quads, trips, two pair, a high pair.
        (BonusPoker, "9c 9d 9h 9s Ac", "11110"),
        (JacksOrBetter, "7c 7d 7h Kc 2s", "11100"),
        (DoubleBonus, "Kc Kd 4h 4s 9c", "11110"),
        (JacksOrBetter, "Ah As 7c 4d 2h", "11000"),
        (JacksOrBetter, "3c Qd 8h Qs 2h", "01010"),
        // Nothing paying: four to a flush, even over a low pair.
        (JacksOrBetter, "Ah 7h 4h Jh 2c", "11110"),
        (JacksOrBetter, "5h 8h Th Kh 5s", "11110"),
        // A low pair beats two suited cards and loses to three.
        (JacksOrBetter, "5c 5d Kh Qh 8s", "11000"),
        (JacksOrBetter, "5c 5h 8h Th Ks", "01110"),
        // No pair and not three suited cards: the high cards, jacks or better.
        (JacksOrBetter, "Ah Kd Qh 9d 3c", "11100"),
        (BonusPoker, "Kd Ah 9d Qh 3c", "11010"),
        (JacksOrBetter, "9h 8d 4h 6d 3c", "00000"),
        // Three suited cards beat high cards.
        (JacksOrBetter, "Ah Kd Qd 9d 3c", "01110"),
        (JacksOrBetter, "Ah Kh Qh Jh 9c", "11110"),
        // Deuces Wild: deuces always kept, plus the paying made hand.
        (DeucesWild, "2c 2d 2h 2s 9d", "11110"),
        (DeucesWild, "2c 2d 7h Kc 9s", "11010"),
        (DeucesWild, "2c 7h 7s Kc 9d", "11100"),
        (DeucesWild, "7c 2h 7s 7d 9d", "11110"),
        (DeucesWild, "2c 2d 2h Kc 9s", "11110"),
        (DeucesWild, "2c 5h 6h 7h 8h", "11111"),
        (DeucesWild, "2h Kh Qh Jh Th", "11111"),
        (DeucesWild, "Ah Kh Qh Jh Th", "11111"),
        (DeucesWild, "2c 2d 9h 9s 9c", "11111"),
        (DeucesWild, "Kc Kd Kh 4s 9c", "11100"),
        // Deuces Wild, nothing paying: the deuce plus the largest suited group, or the pairs.
        (DeucesWild, "2c 5h 8h Jh Ks", "11110"),
        (DeucesWild, "2c 5h 8d Js Kc", "10000"),
        (DeucesWild, "7c 7d Kh Ks 4c", "11110"),
        (DeucesWild, "Ah As 9c 6d 4h", "11000"),
    ];
    for (machine, text, bits) in cases {
        let got = plain_hold(machine, &hand(text));
        assert_eq!(got.mask(), mask(bits), "{machine} {text}: got {got}, expected {bits}");
    }
}

#[test]
fn equal_best_holds_count_as_one() {
    // Four deuces: keeping the kicker or not is worth 200 either way; the runner-up is below.
    let cards = hand("2c 2d 2h 2s 9d");
    let evs = hand_evs(MachineId::DeucesWild, &cards);
    assert!((evs.ev(Hold::ALL) - 200.0).abs() < 1e-12 && (evs.ev(Hold::from_mask(15).unwrap()) - 200.0).abs() < 1e-12);
    let second = runner_up(&evs).unwrap();
    assert!(second.ev < 200.0 - 1.0, "runner-up {second:?}");
    assert_eq!(hard_reason(&evs, Hold::ALL), None, "the tie is no decision");
    assert_eq!(hard_reason(&evs, plain_hold(MachineId::DeucesWild, &cards)), None);
    // A dealt royal is not hard; a plain hold that gives up EV is.
    let royal = hand("Ts Js Qs Ks As");
    assert!(drill_hand(MachineId::JacksOrBetter, &royal).is_none());
    let evs = hand_evs(MachineId::JacksOrBetter, &hand("Ah Kh Qh Jh 9c"));
    assert_eq!(hard_reason(&evs, Hold::NONE), Some(HardReason::PlainRuleDiffers));
}

#[test]
fn a_drill_hand_serialises_as_the_contract_object() {
    let drill = hard_hands(MachineId::DeucesWild, &seed(3), 1).remove(0);
    let value = serde_json::to_value(&drill).unwrap();
    let keys: Vec<&str> = value.as_object().unwrap().keys().map(String::as_str).collect();
    let mut sorted_keys = keys.clone();
    sorted_keys.sort_unstable();
    assert_eq!(sorted_keys, ["best", "cards", "holds", "plain", "reason"]);
    assert_eq!(value["cards"].as_array().unwrap().len(), 5);
    assert_eq!(value["cards"][0], drill.cards[0].to_string());
    assert_eq!(value["best"], drill.best.mask());
    assert_eq!(value["plain"], drill.plain.mask());
    assert_eq!(value["reason"], drill.reason.id());
    let holds = value["holds"].as_array().unwrap();
    assert_eq!(holds.len(), 32);
    assert_eq!(holds[0]["mask"], drill.best.mask());
    assert_eq!(holds[0]["ev"], drill.holds[0].ev);
    assert_eq!(holds[5].as_object().unwrap().len(), 2);
}

#[test]
fn the_share_of_hard_hands_among_random_deals() {
    for (idx, machine) in MachineId::ALL.into_iter().enumerate() {
        let mut dealer = HardHands::new(machine, &seed(200 + idx as u8));
        let (mut differs, mut close) = (0u64, 0u64);
        // Plain-rule-differs deals by the number of cards the plain rule held.
        let mut differs_by_held = [0u64; 6];
        for _ in 0..N_SHARE_DEALS {
            let cards = dealer.deal();
            let evs = hand_evs(machine, &cards);
            let plain = plain_hold(machine, &cards);
            match hard_reason(&evs, plain) {
                Some(HardReason::PlainRuleDiffers) => {
                    differs += 1;
                    differs_by_held[plain.n_held()] += 1;
                }
                Some(HardReason::CloseCall) => close += 1,
                None => {}
            }
        }
        let share = |n: u64| 100.0 * n as f64 / N_SHARE_DEALS as f64;
        let by_held: Vec<String> =
            (1..=5).map(|n_held| format!("{n_held}: {:.2} %", share(differs_by_held[n_held]))).collect();
        println!(
            "{machine}: {:.2} % of {N_SHARE_DEALS} deals hard ({:.2} % plain-rule-differs, {:.2} % close-call); \
             plain-rule-differs by cards the plain rule held: {}",
            share(differs + close),
            share(differs),
            share(close),
            by_held.join(", ")
        );
        let hard = share(differs + close);
        assert!((40.0..=75.0).contains(&hard), "{machine}: {hard} % hard");
        assert!(share(close) >= 1.0, "{machine}: close calls occur");
    }
}
