//! The fast solver against the brute-force reference, the tie rule, the hint's tied best holds,
//! the cost of a hold, the analyser against the published returns and combination counts (and its
//! choice among tied holds), the exact integer best hold against the hint, and the solver's
//! tables: colex ranks, category counts and the common denominator.

use super::common;

use vpoker::card::{parse_hand, Card};
use vpoker::eval::Family;
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;
use vpoker::strategy::deck::{DeckMath, DECK_53, STANDARD_52};
use vpoker::pipeline::settle::hint_holds;
use vpoker::strategy::custom::{exact_totals, pays_table};
use vpoker::strategy::exact::{best_mask, counted_mask};
use vpoker::strategy::solver::{category_of, draw_pay_totals};
use vpoker::strategy::tables::{machine_tables, next_colex, subset_ranks, BINOM};
use vpoker::strategy::{
    analyze, brute_force_evs, compare_holds, hand_evs, suit_classes, table_bytes, warm_up, FamilyTables, HandEvs,
    HoldEv, N_CLASSES, N_DEALS,
};

/// Hands per machine compared with brute force (each brute-force solve takes tens of ms).
const N_SAMPLE_HANDS: u8 = 30;

fn hold(mask: u32) -> Hold {
    Hold::from_mask(mask).unwrap()
}

/// The first five cards of a reproducibly shuffled deck.
fn sample_hand(machine_idx: u8, hand_idx: u8) -> [Card; 5] {
    let mut bytes = [0u8; 32];
    bytes[0] = machine_idx;
    bytes[1] = hand_idx;
    bytes[31] = 0x5e;
    let deck = Seed::from_bytes(bytes).deck();
    [deck[0], deck[1], deck[2], deck[3], deck[4]]
}

fn assert_same_evs(machine: MachineId, hand: &[Card; 5]) -> HandEvs {
    let fast = hand_evs(machine, hand);
    let slow = brute_force_evs(machine, hand);
    for mask in 0..32 {
        let (f, s) = (fast.ev(hold(mask)), slow.ev(hold(mask)));
        assert!((f - s).abs() < 1e-9, "{machine} {hand:?} mask {mask}: fast {f} brute {s}");
    }
    assert_eq!(fast.best(), slow.best(), "{machine} {hand:?}");
    fast
}

#[test]
fn fast_evs_equal_brute_force_on_seeded_random_hands() {
    for (machine_idx, machine) in MachineId::ALL.into_iter().enumerate() {
        for hand_idx in 0..N_SAMPLE_HANDS {
            assert_same_evs(machine, &sample_hand(machine_idx as u8, hand_idx));
        }
    }
}

#[test]
fn fast_evs_equal_brute_force_on_hand_picked_hands() {
    let cases = [
        // Four to a royal: the published 18.553191489.
        (MachineId::JacksOrBetter, "Ah Kh Qh Jh 9c", 0b01111),
        // A dealt royal is kept whole.
        (MachineId::JacksOrBetter, "Ts Js Qs Ks As", 0b11111),
        (MachineId::DeucesWild, "Ts Js Qs Ks As", 0b11111),
        // A low pair beats two unsuited high cards.
        (MachineId::JacksOrBetter, "5c 5d Kh Qs 8d", 0b00011),
        // Three aces with a pair in Double Bonus: the aces alone (four aces pay 160) beat the
        // full house (10).
        (MachineId::DoubleBonus, "Ac Ad Ah 8s 8c", 0b00111),
        // Three deuces with a pair make five of a kind (15), yet the three deuces alone are worth more.
        (MachineId::DeucesWild, "2c 2d 2h 9s 9c", 0b00111),
        // Bonus Poker: four to a royal with a paying pair of jacks.
        (MachineId::BonusPoker, "Jh Js Qh Kh Ah", 0b11101),
    ];
    for (machine, text, best) in cases {
        let hand = parse_hand(text).unwrap();
        let evs = assert_same_evs(machine, &hand);
        assert_eq!(evs.best(), hold(best), "{machine} {text}: sorted {:?}", &evs.sorted()[..3]);
    }
    let royal_draw = hand_evs(MachineId::JacksOrBetter, &parse_hand("Ah Kh Qh Jh 9c").unwrap());
    assert!((royal_draw.ev(hold(0b01111)) - 18.553191489).abs() < 1e-9);
}

#[test]
fn evs_follow_the_cards_whatever_order_they_are_given_in() {
    let hand = parse_hand("9c Jh Ah Qh Kh").unwrap();
    let evs = hand_evs(MachineId::JacksOrBetter, &hand);
    assert_eq!(evs.best(), hold(0b11110));
    assert!((evs.ev(hold(0b11110)) - 18.553191489).abs() < 1e-9);
    let reordered = parse_hand("Ah Kh Qh Jh 9c").unwrap();
    let other = hand_evs(MachineId::JacksOrBetter, &reordered);
    // Card i of `hand` is card position[i] of `reordered`.
    let position = [4, 3, 0, 2, 1];
    for mask in 0..32u32 {
        let moved = (0..5).filter(|&i| mask & (1 << i) != 0).fold(0, |m, i| m | (1 << position[i]));
        assert_eq!(evs.ev(hold(mask)), other.ev(hold(moved)));
    }
}

#[test]
fn ties_go_to_fewer_cards_then_the_smaller_mask() {
    // Four aces pay 25 with any kicker: holding the four ties with holding all five.
    let evs = hand_evs(MachineId::JacksOrBetter, &parse_hand("Ac Ad Ah As Kd").unwrap());
    assert_eq!(evs.ev(hold(0b01111)), evs.ev(hold(0b11111)));
    assert_eq!(evs.best(), hold(0b01111));
    // Three equal three-card royal draws: the smallest mask comes first.
    let evs = hand_evs(MachineId::JacksOrBetter, &parse_hand("Ah Kh Qh Jh 9c").unwrap());
    let sorted = evs.sorted();
    let masks: Vec<u8> = sorted[2..5].iter().map(|h| h.hold.mask()).collect();
    assert_eq!(masks, [0b00111, 0b01011, 0b01101]);
    // The rule itself, on synthetic values.
    let a = HoldEv { hold: hold(0b00011), ev: 1.0 };
    let b = HoldEv { hold: hold(0b00100), ev: 1.0 + 1e-13 };
    let c = HoldEv { hold: hold(0b01000), ev: 1.0 };
    assert!(compare_holds(&b, &a).is_lt(), "fewer cards wins a tie");
    assert!(compare_holds(&b, &c).is_lt(), "then the smaller mask");
    assert!(compare_holds(&HoldEv { ev: 1.1, ..a }, &b).is_lt(), "a real difference wins");
    // Sorting is consistent with the rule everywhere.
    for (machine_idx, machine) in MachineId::ALL.into_iter().enumerate() {
        for hand_idx in 0..20 {
            let sorted = hand_evs(machine, &sample_hand(machine_idx as u8, 100 + hand_idx)).sorted();
            assert!(sorted.windows(2).all(|w| compare_holds(&w[0], &w[1]).is_lt()));
        }
    }
}

#[test]
fn the_hint_marks_every_tied_hold_best_and_none_a_mistake() {
    let cases = [
        // Four aces pay 25 with any kicker: keeping the four or all five.
        (MachineId::JacksOrBetter, "Ac Ad Ah As Kd", vec![0b01111, 0b11111]),
        // Full-pay Deuces Wild: three to a straight flush (3 5 6) and four to a straight (3 4 5 6),
        // both 2,610,960 / 7,669,695.
        (MachineId::DeucesWild, "3d 4h 5d 6d 9c", vec![0b01101, 0b01111]),
        // Three ways: 4 6 8 suited, 3 4 5 6 and 4 5 6 8.
        (MachineId::DeucesWild, "3d 4c 5d 6c 8c", vec![0b11010, 0b01111, 0b11110]),
    ];
    for (machine, text, tied) in cases {
        let dealt = parse_hand(text).unwrap();
        let evs = hand_evs(machine, &dealt);
        let holds = hint_holds(&evs, &dealt, 5);
        let best: Vec<u8> = holds.iter().filter(|h| h.best).map(|h| h.hold.mask()).collect();
        assert_eq!(best, tied, "{text}: the tied holds, in the tie rule's order");
        assert_eq!(holds[0].hold, evs.best(), "{text}: the tie rule's first is listed first");
        for h in &holds {
            assert_eq!(h.best, !h.mistake, "{text} {}", h.bits);
            assert_eq!(h.best, !evs.is_mistake(h.hold), "{text} {}", h.bits);
            if h.best {
                assert_eq!((h.cost, h.cost_chips), (0.0, 0.0));
                assert_eq!(h.ev, holds[0].ev, "exact ties are equal doubles");
            }
        }
    }
    // Without a tie, one hold is best.
    let dealt = parse_hand("Ah Kh Qh Jh 9c").unwrap();
    let holds = hint_holds(&hand_evs(MachineId::JacksOrBetter, &dealt), &dealt, 1);
    assert_eq!(holds.iter().filter(|h| h.best).count(), 1);
}

#[test]
fn the_analyser_counts_the_tied_hold_of_the_smallest_mask() {
    // On the canonical hand's sorted cards, the counted hold has the best EV and no smaller mask
    // has it; the return is the best hold's.
    let classes = suit_classes();
    for machine in MachineId::ALL {
        let tables = machine_tables(machine);
        let deck = DeckMath::of_family(machine.family());
        for class in classes[..deck.n_classes].iter().step_by(13) {
            let cards = class.card_indices();
            let pay = tables.pay_of_category(category_of(machine.family(), cards));
            let totals = draw_pay_totals(tables, &subset_ranks(&cards), pay);
            let value = |m: usize| totals[m] * deck.ev_scale[m];
            let counted = counted_mask(deck, &totals);
            assert_eq!(value(counted), value(best_mask(deck, &totals)), "{machine} {cards:?}");
            assert!((0..counted).all(|m| value(m) < value(counted)), "{machine} {cards:?}");
        }
    }
    // The deals of full-pay Deuces Wild that decide the published counts (cards already sorted):
    // three to a straight flush against four to a straight, the same EV. The hint lists the hold
    // with fewer cards first; the analyser counts the smallest mask, which is the straight flush
    // draw when it lies inside 3 4 5 6 and the straight when the draw needs the 8 — though the two
    // have the same final-hand distribution on every such deal (the straight flush draw always the
    // more volatile), so no rule on the distributions alone gives the published counts.
    let tables = machine_tables(MachineId::DeucesWild);
    for (text, hint_first, counted) in [
        ("3d 4h 5d 6d 9c", 0b01101, 0b01101), // 3 5 6 suited; 3 4 5 6
        ("3d 4d 5c 6d 8c", 0b01011, 0b01011), // 3 4 6 suited; 3 4 5 6; 4 5 6 8
        ("3d 4c 5d 6c 8c", 0b11010, 0b01111), // 4 6 8 suited; 3 4 5 6; 4 5 6 8
    ] {
        let dealt = parse_hand(text).unwrap();
        let cards = dealt.map(|c| c.index());
        assert!(cards.windows(2).all(|w| w[0] < w[1]), "{text} is sorted");
        assert_eq!(hand_evs(MachineId::DeucesWild, &dealt).best(), hold(hint_first), "{text}");
        let pay = tables.pay_of_category(category_of(Family::Deuces, cards));
        let totals = draw_pay_totals(tables, &subset_ranks(&cards), pay);
        assert_eq!(counted_mask(&STANDARD_52, &totals), counted, "{text}");
    }
}

#[test]
fn the_cost_of_a_hold_is_what_it_gives_up_against_the_best() {
    let evs = hand_evs(MachineId::JacksOrBetter, &parse_hand("Ah Kh Qh Jh 9c").unwrap());
    assert_eq!(evs.cost(evs.best()), 0.0);
    let all = hold(0b11111);
    assert!((evs.cost(all) - (evs.ev(evs.best()) - evs.ev(all))).abs() < 1e-12);
    assert!(Hold::all().all(|h| evs.cost(h) >= 0.0));
}

#[test]
fn threads_asking_at_once_all_get_the_same_exact_answer() {
    // The tables are built once behind a OnceLock; every thread that asks meanwhile waits for it.
    let hand = parse_hand("Ah Kh Qh Jh 9c").unwrap();
    let answers: Vec<HandEvs> = std::thread::scope(|scope| {
        let workers: Vec<_> = MachineId::ALL
            .into_iter()
            .cycle()
            .take(8)
            .map(|machine| scope.spawn(move || hand_evs(machine, &hand)))
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    for (answer, machine) in answers.iter().zip(MachineId::ALL.into_iter().cycle()) {
        assert_eq!(*answer, brute_force_evs(machine, &hand), "{machine}");
    }
}

#[test]
fn tables_fit_the_memory_budget() {
    warm_up();
    let bytes = table_bytes();
    assert!(bytes > 10_000_000 && bytes <= 40_000_000, "{bytes} bytes");
}

#[test]
fn suit_classes_cover_every_deal() {
    let classes = suit_classes();
    assert_eq!(classes.len(), N_CLASSES);
    assert_eq!((STANDARD_52.n_classes, DECK_53.n_classes), (134_459, N_CLASSES));
    // The 52-card deck's classes first, then those of four natural cards and the joker (52, last).
    let (natural, joker) = classes.split_at(STANDARD_52.n_classes);
    assert!(natural.iter().all(|c| c.card_indices()[4] < 52));
    assert!(joker.iter().all(|c| c.card_indices()[4] == 52 && c.card_indices()[3] < 52));
    assert_eq!(natural.iter().map(|c| u64::from(c.weight())).sum::<u64>(), N_DEALS);
    assert_eq!(joker.iter().map(|c| u64::from(c.weight())).sum::<u64>(), 270_725);
    assert_eq!(classes.iter().map(|c| u64::from(c.weight())).sum::<u64>(), DECK_53.n_deals);
    assert_eq!((N_DEALS, DECK_53.n_deals), (2_598_960, 2_869_685));
}

#[test]
fn analyser_reproduces_the_published_returns() {
    let published = [
        (MachineId::JacksOrBetter, 0.995439043695),
        (MachineId::DeucesWild, 1.007619612039),
        (MachineId::BonusPoker, 0.991659731872),
        (MachineId::DoubleBonus, 1.001725223551),
    ];
    for (machine, expected) in published {
        let analysis = analyze(machine);
        assert!((analysis.return_rate() - expected).abs() < 1e-9, "{machine}: {}", analysis.return_rate());
        let total: f64 = analysis.outcomes().iter().map(|o| o.probability).sum();
        assert!((total - 1.0).abs() < 1e-12, "{machine}: probabilities sum to {total}");
        if machine == MachineId::JacksOrBetter {
            // The Wizard of Odds' 9/6 Jacks or Better: variance 19.5147, standard deviation 4.4175
            // (per coin, one hand, optimal play); the lab's analysis of the same pays agrees.
            let (variance, sd) = (analysis.variance(), analysis.variance().sqrt());
            assert_eq!((format!("{variance:.4}"), format!("{sd:.4}")), ("19.5147".to_string(), "4.4175".to_string()));
            let lab = vpoker::strategy::custom::analyze_table(machine.paytable());
            assert!((lab.variance - variance).abs() < 1e-9, "{} {variance}", lab.variance);
            let published = common::JACKS_96_OUTCOMES;
            let outcomes = analysis.outcomes();
            assert_eq!(outcomes.len(), published.len());
            for (outcome, (id, probability)) in outcomes.iter().zip(published) {
                assert_eq!(outcome.id, id);
                assert!((outcome.probability - probability).abs() <= 5e-9, "{id}: {}", outcome.probability);
            }
        }
    }
}

#[test]
fn full_pay_deuces_wild_matches_the_published_combination_counts_exactly() {
    // The Wizard of Odds' table for full-pay Deuces Wild: every (deal, draw) combination, each
    // deal's draws counted over L = 7,669,695 (the lcm of the draw counts). The five rows a tie
    // changes (straight flush, flush, straight, three of a kind, nothing) match only when a deal
    // whose best EV is tied between holds counts the final hands of the less volatile one.
    let published: [(&str, u128); 11] = [
        ("natural-royal-flush", 440_202_756),
        ("four-deuces", 4_060_462_824),
        ("wild-royal-flush", 35_796_957_696),
        ("five-of-a-kind", 63_818_309_856),
        ("straight-flush", 83_087_969_280),
        ("four-of-a-kind", 1_294_427_430_576),
        ("full-house", 423_165_297_240),
        ("flush", 334_561_280_724),
        ("straight", 1_117_664_265_756),
        ("three-of-a-kind", 5_674_784_779_512),
        ("nothing", 10_901_423_560_980),
    ];
    let analysis = analyze(MachineId::DeucesWild);
    assert_eq!(analysis.denominator(), 19_933_230_517_200);
    assert_eq!(analysis.outcome_counts(), published);
    let pays: u128 = [800, 200, 25, 15, 9, 5, 3, 2, 2, 1, 0].iter().zip(published).map(|(pay, (_, n))| pay * n).sum();
    assert!((pays as f64 / 19_933_230_517_200.0 - analysis.return_rate()).abs() < 1e-15);
    // The same page's 99.96 % table (straight flush 11, four of a kind 4, full house 4, flush 3),
    // through the lab's exact analysis of any pays.
    let table = pays_table(Family::Deuces, &[800, 200, 25, 15, 11, 4, 4, 3, 2, 1]).unwrap();
    let counts = exact_totals(&table).categories;
    // The evaluator tells four deuces with an ace and five aces, five 3s–5s and five 6s–Ks apart
    // (Bonus Deuces Wild pays them apart); this table's rows pay each pair or three alike, and the
    // page publishes their sums.
    assert_eq!(counts[1] + counts[2], 3_565_563_612, "four deuces");
    assert_eq!(counts[4] + counts[5] + counts[6], 61_291_109_808, "five of a kind");
    let published: [u128; 14] = [
        458_643_348,
        296_868_996,
        3_268_694_616,
        37_574_943_816,
        5_123_584_044,
        15_360_404_460,
        40_807_121_304,
        111_216_063_372,
        1_208_791_306_212,
        520_668_792_144,
        423_223_749_672,
        1_126_487_857_584,
        5_322_003_419_376,
        11_117_949_068_256,
    ];
    assert_eq!(counts, published);
}

#[test]
fn public_strategy_types_are_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<HandEvs>();
    assert_send_sync::<vpoker::strategy::Analysis>();
    assert_send_sync::<vpoker::strategy::SuitClass>();
}

#[test]
fn exact_best_hold_matches_the_hint_on_canonical_hands() {
    let classes = suit_classes();
    for machine in MachineId::ALL {
        let tables = machine_tables(machine);
        let deck = DeckMath::of_family(machine.family());
        assert_eq!(tables.deck(), deck);
        for class in classes[..deck.n_classes].iter().step_by(97) {
            let cards = class.card_indices();
            let ranks = subset_ranks(&cards);
            let pay = tables.pay_of_category(category_of(machine.family(), cards));
            let best = best_mask(deck, &draw_pay_totals(tables, &ranks, pay));
            let hand = cards.map(|idx| Card::from_index(idx).unwrap());
            let hint = hand_evs(machine, &hand).best();
            assert_eq!(Hold::from_mask(best as u32).unwrap(), hint, "{machine} {hand:?}");
        }
    }
}

#[test]
fn common_denominator_is_the_lcm_of_the_draw_counts() {
    assert_eq!(STANDARD_52.lcm, 3 * 5 * 11 * 23 * 43 * 47);
    // C(48, k): 1, 48, 1,128, 17,296, 194,580, 1,712,304.
    assert_eq!(DECK_53.lcm, 16 * 3 * 5 * 47 * 23 * 11 * 3);
    for deck in [&STANDARD_52, &DECK_53] {
        assert!(deck.n_draws.iter().all(|&n| deck.lcm.is_multiple_of(u64::from(n))));
        assert!((0..32).all(|m| deck.ev_scale[m] as u64 * u64::from(deck.n_draws[m]) == deck.lcm));
        let rest = deck.n_cards - 5;
        assert_eq!(deck.n_draws[0], BINOM[rest][5]);
        assert_eq!(deck.n_draws[31], 1);
    }
    assert_eq!((STANDARD_52.n_draws[0], DECK_53.n_draws[0]), (1_533_939, 1_712_304));
}

/// The sorted cards of the `size`-subset with this colex rank.
fn unrank(mut rank: u32, size: usize, cards: &mut [usize]) {
    let mut top = 52;
    for pos in (0..size).rev() {
        // The largest card c with C(c, pos + 1) ≤ rank.
        let mut card = top - 1;
        while BINOM[card][pos + 1] > rank {
            card -= 1;
        }
        cards[pos] = card;
        rank -= BINOM[card][pos + 1];
        top = card;
    }
}

/// The category counts (one per slot, padding included) of the `size`-card subset with colex
/// rank `rank`, as the solver reads them.
fn counts_row(tables: &FamilyTables, size: usize, rank: u32) -> [i64; 16] {
    let mut row = [0i64; 16];
    tables.add_counts(size, rank, 1, &mut row);
    row
}

#[test]
fn colex_ranks_are_dense_and_unrank_inverts_them() {
    let mut cards = [0usize; 4];
    for rank in [0u32, 1, 2, 1000, 270_724] {
        unrank(rank, 4, &mut cards);
        let back: u32 = cards.iter().enumerate().map(|(pos, &c)| BINOM[c][pos + 1]).sum();
        assert_eq!(back, rank);
    }
    for deck in [&STANDARD_52, &DECK_53] {
        let n = deck.n_cards;
        assert_eq!(deck.size_offset[4] + BINOM[n][4] as usize, deck.n_small_subsets);
        assert_eq!(deck.size_offset, [0, 1, 1 + n, 1 + n + n * (n - 1) / 2, deck.size_offset[4]]);
    }
    assert_eq!((STANDARD_52.n_small_subsets, DECK_53.n_small_subsets), (294_204, 317_683));
    let mut walked = [0usize, 1, 2, 3];
    for rank in 1..2000u32 {
        next_colex(&mut walked);
        unrank(rank, 4, &mut cards);
        assert_eq!(walked, cards);
    }
}

#[test]
fn every_size_counts_all_hands_containing_it() {
    for family in [Family::Natural, Family::Deuces, Family::Joker] {
        let tables = FamilyTables::build(family);
        let n = tables.deck().n_cards;
        assert_eq!(counts_row(&tables, 0, 0).iter().sum::<i64>(), i64::from(BINOM[n][5]));
        for size in 1..=4 {
            // The hands holding a given `size` cards: C(n − size, 5 − size).
            let hands = i64::from(BINOM[n - size][5 - size]);
            for rank in 0..BINOM[n][size] {
                let sum: i64 = counts_row(&tables, size, rank).iter().sum();
                assert_eq!(sum, hands, "{family:?} size {size} rank {rank}");
            }
        }
    }
}

#[test]
fn the_empty_subset_row_is_the_published_category_count() {
    let natural = FamilyTables::build(Family::Natural);
    let zero = counts_row(&natural, 0, 0);
    // Four aces: 12 with a 2–4 kicker, 36 with another; four 2s–4s: 3 × 12 with an A–4 kicker, 108 with another;
    // four J–K 3 × 48, four 5–10 6 × 48 (432 four 5–K together).
    let published = [4, 36, 12, 36, 36, 108, 144, 288, 3_744, 5_108, 10_200, 54_912, 123_552, 337_920, 760_320, 1_302_540];
    assert_eq!(zero[..16], published);
}
