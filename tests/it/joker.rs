//! Joker Poker (Kings or Better): the evaluator (`vpoker::joker`) on every one of the 2,869,685
//! hands of the 53-card deck against a plain substitution of the joker and against category counts
//! derived by counting; the one solver (`vpoker::strategy`, the joker family's tables built over 53
//! cards) against brute-force enumeration of every draw and against identities their sums must
//! satisfy; the returns of three casino tables against their published figures; the suit classes
//! against a walk over every deal. The timing figures are printed (`-- --nocapture`), never
//! asserted.

use std::hint::black_box;
use std::time::Instant;

use vpoker::eval::{evaluate_natural_indices, Family, NaturalCategory};
use vpoker::hold::Hold;
use vpoker::card::{parse_hand, Card, CardError};
use vpoker::joker::eval::{evaluate_joker, evaluate_joker_indices, JokerCategory, JOKER, N_CARDS, N_HANDS};
use vpoker::library::Preset;
use vpoker::machine::{MachineId, Paytable};
use vpoker::strategy::custom::{analyze_table, exact_totals, ExactTotals, TableSolver};
use vpoker::strategy::deck::{DeckMath, DECK_53};
use vpoker::strategy::exact::{best_mask, counted_mask};
use vpoker::strategy::solver::{category_of, draw_pay_totals};
use vpoker::strategy::tables::{machine_tables, subset_ranks, MachineTables, BINOM};
use vpoker::strategy::{
    analyze, brute_force_table_evs, hand_evs, suit_classes, FamilyTables, HandEvs, N_CLASSES,
};
use vpoker::table::{Deck, Table};

const FULL_PAY: &str = "joker-poker-kings-20-7-5";
const SHORT_940: &str = "joker-poker-kings-4700-18-7-5";

/// A Joker Poker table of the library.
fn kings(id: &str) -> Paytable {
    Preset::find(id).unwrap().paytable()
}

/// The pay per coin of five card indices of the 53-card deck.
fn pay_of_indices(table: &Paytable, cards: [usize; 5]) -> u32 {
    table.pay_by_category()[evaluate_joker_indices(cards).index()]
}

/// Calls `f` with every 5-card hand of the 53 cards as increasing card indices (the joker, 52, last).
fn for_each_hand(mut f: impl FnMut([usize; 5])) {
    for e in 4..N_CARDS {
        for d in 3..e {
            for c in 2..d {
                for b in 1..c {
                    for a in 0..b {
                        f([a, b, c, d, e]);
                    }
                }
            }
        }
    }
}

/// Calls `f` with every k-subset of `cards`, as a vector of the cards.
fn for_each_subset(cards: &[usize], k: usize, f: &mut impl FnMut(&[usize])) {
    fn recurse(cards: &[usize], k: usize, start: usize, picked: &mut Vec<usize>, f: &mut impl FnMut(&[usize])) {
        if picked.len() == k {
            f(picked);
            return;
        }
        for i in start..=cards.len() - (k - picked.len()) {
            picked.push(cards[i]);
            recurse(cards, k, i + 1, picked, f);
            picked.pop();
        }
    }
    recurse(cards, k, 0, &mut Vec::with_capacity(k), f);
}

fn hand(text: &str) -> [usize; 5] {
    parse_hand(text).unwrap().map(Card::index)
}

fn cards(indices: [usize; 5]) -> [Card; 5] {
    indices.map(|i| Card::from_index(i).unwrap())
}

/// The solver's 32 EVs of a deal given as card indices.
fn evs(solver: &TableSolver, deal: [usize; 5]) -> HandEvs {
    solver.hand_evs(&cards(deal))
}

/// The category counts of the hands holding the subset of `size` cards with colex `rank`.
fn counts(tables: &FamilyTables, size: usize, rank: u32) -> [i64; 16] {
    let mut row = [0i64; 16];
    tables.add_counts(size, rank, 1, &mut row);
    row
}

/// The category of five natural cards, by the natural evaluator, when the hand stands for a Joker
/// Poker hand (`wild`: one of the cards is the joker's stand-in, so a royal is a wild royal).
fn from_natural(cards: [usize; 5], wild: bool) -> JokerCategory {
    match evaluate_natural_indices(cards) {
        NaturalCategory::RoyalFlush if wild => JokerCategory::WildRoyalFlush,
        NaturalCategory::RoyalFlush => JokerCategory::NaturalRoyalFlush,
        NaturalCategory::StraightFlush => JokerCategory::StraightFlush,
        NaturalCategory::FourAcesTwoToFourKicker
        | NaturalCategory::FourAcesOtherKicker
        | NaturalCategory::FourTwosToFoursAceToFourKicker
        | NaturalCategory::FourTwosToFoursOtherKicker
        | NaturalCategory::FourJacksToKings
        | NaturalCategory::FourFivesToTens => JokerCategory::FourOfAKind,
        NaturalCategory::FullHouse => JokerCategory::FullHouse,
        NaturalCategory::Flush => JokerCategory::Flush,
        NaturalCategory::Straight => JokerCategory::Straight,
        NaturalCategory::ThreeOfAKind => JokerCategory::ThreeOfAKind,
        NaturalCategory::TwoPair => JokerCategory::TwoPair,
        NaturalCategory::JacksOrBetter | NaturalCategory::LowPair => {
            let pair_rank = (0..13).find(|&r| cards.iter().filter(|&&c| c / 4 == r).count() == 2).unwrap();
            // Kings (11) or aces (12).
            if pair_rank >= 11 {
                JokerCategory::KingsOrBetter
            } else {
                JokerCategory::Nothing
            }
        }
        NaturalCategory::Nothing => JokerCategory::Nothing,
    }
}

/// The reference: a natural hand by the natural evaluator; a hand with the joker as the best of
/// the joker standing for each of the 48 other cards (the natural evaluator again), or five of a
/// kind when the four natural cards are four of a kind (the one hand where the joker must copy a
/// card the hand holds).
fn reference_category(cards: [usize; 5]) -> JokerCategory {
    let Some(joker_at) = cards.iter().position(|&c| c == JOKER) else {
        return from_natural(cards, false);
    };
    let naturals: Vec<usize> = cards.iter().copied().filter(|&c| c != JOKER).collect();
    if naturals.iter().all(|&c| c / 4 == naturals[0] / 4) {
        return JokerCategory::FiveOfAKind;
    }
    let mut best = JokerCategory::Nothing;
    for stand_in in (0..52).filter(|c| !naturals.contains(c)) {
        let mut substituted = cards;
        substituted[joker_at] = stand_in;
        best = best.min(from_natural(substituted, true));
    }
    best
}

fn binom(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The count of every category over the 2,869,685 hands, derived by counting (no evaluator).
fn derived_counts() -> [u64; 12] {
    // The ten five-rank straight windows (ace low A-5 to ace high T-A) as rank bit sets.
    let windows: Vec<u16> = (0..10).map(|low| if low == 0 { 0b1_0000_0000_1111 } else { 0b11111 << (low - 1) }).collect();
    let royal = windows[9];
    let (king, ace) = (1u16 << 11, 1u16 << 12);
    // Sets of four distinct ranks: those inside a straight window (the joker completes a straight),
    // those inside T-J-Q-K-A, and those outside every window that hold a king or an ace.
    let (mut window4, mut royal4, mut high_outside4, mut all4) = (0u64, 0u64, 0u64, 0u64);
    for set in (0u16..1 << 13).filter(|s| s.count_ones() == 4) {
        all4 += 1;
        let in_window = windows.iter().any(|w| set & !w == 0);
        window4 += u64::from(in_window);
        royal4 += u64::from(set & !royal == 0);
        high_outside4 += u64::from(!in_window && set & (king | ace) != 0);
    }
    assert_eq!((all4, window4, royal4, high_outside4), (715, 41, 5, 373));
    let suited = 4u64; // suit choices making four or five cards one suit
    let offsuit5 = 4u64.pow(5) - 4; // suit choices of five distinct ranks not all one suit
    let offsuit4 = 4u64.pow(4) - 4;
    let natural = [
        4,                                                   // natural royal flush
        0,                                                   // five of a kind
        0,                                                   // wild royal flush
        4 * 9,                                               // straight flush
        13 * 48,                                             // four of a kind
        13 * 4 * 12 * 6,                                     // full house
        4 * (binom(13, 5) - 10),                             // flush
        10 * offsuit5,                                       // straight
        13 * 4 * binom(12, 2) * 16,                          // three of a kind
        binom(13, 2) * 36 * 44,                              // two pair
        2 * 6 * binom(12, 3) * 64,                           // a pair of kings or aces
        11 * 6 * binom(12, 3) * 64 + (binom(13, 5) - 10) * offsuit5, // a lower pair, or no pair
    ];
    let with_joker = [
        0,
        13,                                     // four of a kind and the joker
        suited * royal4,                        // four suited royal cards and the joker
        suited * (window4 - royal4),            // four suited cards of a window, not all royal
        13 * 4 * 48,                            // three of a kind and a kicker
        binom(13, 2) * 36,                      // two pair: the joker fills the full house
        suited * (all4 - window4),              // four suited cards outside every window
        window4 * offsuit4,                     // four cards of a window, not one suit
        13 * 6 * binom(12, 2) * 16,             // a pair and two odd cards
        0,                                      // never two pair: three of a kind is better
        high_outside4 * offsuit4,               // the joker pairs a king or an ace
        (all4 - window4 - high_outside4) * offsuit4, // the joker pairs a queen or lower
    ];
    std::array::from_fn(|i| natural[i] + with_joker[i])
}

#[test]
fn the_evaluator_agrees_with_the_joker_standing_for_every_card_on_all_2869685_hands() {
    let mut counts = [0u64; 12];
    let mut n_hands = 0u64;
    for_each_hand(|cards| {
        let category = evaluate_joker_indices(cards);
        assert_eq!(category, reference_category(cards), "{cards:?}");
        counts[category.index()] += 1;
        n_hands += 1;
    });
    assert_eq!(n_hands, N_HANDS);
    assert_eq!(counts, derived_counts());
    // The same counts, written out (natural + with the joker): what a reader can check by hand.
    assert_eq!(
        counts,
        [4, 13, 20, 180, 3_120, 6_552, 7_804, 20_532, 137_280, 123_552, 262_956, 2_307_672]
    );
    // Five-card poker with one fully wild joker, the usual way (royals among straight flushes, any
    // pair one category): 13, 204, 3,120, 6,552, 7,804, 20,532, 137,280, 123,552, 1,268,088 and
    // 1,302,540 no-pair hands.
    let no_pair_natural = (binom(13, 5) - 10) * (4u64.pow(5) - 4);
    assert_eq!(counts[0] + counts[2] + counts[3], 204);
    assert_eq!(counts[10] + counts[11] - no_pair_natural, 1_268_088);
    assert_eq!(no_pair_natural, 1_302_540);

    // The evaluator's speed over every hand.
    let start = Instant::now();
    let mut sum = 0usize;
    for_each_hand(|cards| sum += evaluate_joker_indices(black_box(cards)) as usize);
    let elapsed = start.elapsed();
    black_box(sum);
    println!(
        "joker evaluator: {:.1} ns a hand ({} hands in {:.1} ms, enumeration included)",
        elapsed.as_nanos() as f64 / N_HANDS as f64,
        N_HANDS,
        elapsed.as_secs_f64() * 1e3
    );
}

#[test]
fn hand_picked_hands_take_the_joker_where_it_pays_most() {
    let cat = |text: &str| evaluate_joker(&parse_hand(text).unwrap());
    use JokerCategory::*;
    for (text, expected) in [
        ("Th Jh Qh Kh Ah", NaturalRoyalFlush),
        ("Jk Jh Qh Kh Ah", WildRoyalFlush),
        ("Th Jk Qh Kh Ah", WildRoyalFlush),
        ("Th Jh Qh Kh Jk", WildRoyalFlush),
        ("9h Th Jh Qh Jk", StraightFlush),
        ("Ah 2h 3h 4h Jk", StraightFlush),
        ("Ac Ad Ah As Jk", FiveOfAKind),
        ("2c 2d 2h 2s Jk", FiveOfAKind),
        ("2c 2d 2h 2s 9c", FourOfAKind),
        ("7c 7d 7h 9s Jk", FourOfAKind),
        ("7c 7d 9h 9s Jk", FullHouse),
        ("7c 7d 7h 9s 9c", FullHouse),
        ("2h 5h 9h Jh Jk", Flush),
        ("Ac 2d 3h 4s Jk", Straight),
        ("2c 3d 4h 5s Jk", Straight),
        ("Tc Jd Qh As Jk", Straight),
        ("Ac 3d 4h 5s Jk", Straight),
        ("6c 7d 9h Ts Jk", Straight),
        // Q-K-A-2-3 is no straight: the joker pairs the ace.
        ("Qc Kd Ah 2s Jk", KingsOrBetter),
        ("Qc Qd 5h 2s Jk", ThreeOfAKind),
        ("Qc Qd 5h 5s 2c", TwoPair),
        ("Kc 8d 5h 2s Jk", KingsOrBetter),
        ("Qc 8d 5h 2s Jk", Nothing),
        ("Kc Kd 5h 2s 9c", KingsOrBetter),
        ("Ac Ad 5h 2s 9c", KingsOrBetter),
        ("Qc Qd 5h 2s 9c", Nothing),
        ("2c 7d 9h Js Kd", Nothing),
    ] {
        assert_eq!(cat(text), expected, "{text}");
    }
    // The joker's text and index.
    let joker: Card = "Jk".parse().unwrap();
    assert_eq!((joker, joker.index(), joker.to_string()), (Card::JOKER, 52, "Jk".to_string()));
    assert_eq!("JOKER".parse::<Card>(), Ok(Card::JOKER));
    assert_eq!("jk".parse::<Card>(), Ok(Card::JOKER));
    assert!(joker.is_joker() && joker.rank().is_none() && joker.suit().is_none());
    assert_eq!("As".parse::<Card>().unwrap().index(), 51);
    assert_eq!(Card::from_index(53), None);
    assert_eq!(parse_hand("Jk Ah Kh Qh Jk"), Err(CardError::Duplicate(Card::JOKER)));
    assert!(matches!(parse_hand("Ah Ah Kh Qh Jk"), Err(CardError::Duplicate(_))));
    assert!(matches!(parse_hand("Ah Kh Qh Jk"), Err(CardError::WrongCount { .. })));
    assert!(matches!(parse_hand("Ah Kh Qh Jh Xx"), Err(CardError::BadToken(_))));
    // Only the joker deck has the joker: a hand given for a 52-card table is refused where it enters.
    let hand = parse_hand("Jk Ah Kh Qh Jh").unwrap();
    assert_eq!(Deck::Standard52.check(&hand), Err(CardError::NotInDeck(Card::JOKER)));
    assert_eq!(Deck::Joker53.check(&hand), Ok(()));
    assert_eq!(Table::machine(MachineId::JokerPoker).deck(), Deck::Joker53);
    assert_eq!(Table::machine(MachineId::JacksOrBetter).deck(), Deck::Standard52);
    let ids: Vec<&str> = JokerCategory::ALL.iter().map(|c| c.id()).collect();
    assert_eq!(serde_json::to_value(JokerCategory::ALL).unwrap(), serde_json::json!(ids));
}

#[test]
fn the_solvers_tables_count_what_a_direct_enumeration_counts() {
    let tables = FamilyTables::build(Family::Joker);
    assert_eq!(tables.deck(), &DECK_53);
    assert_eq!(DeckMath::of_family(Family::Joker), &DECK_53);
    assert_eq!(Deck::of(Family::Joker).size(), DECK_53.n_cards);
    let all = counts(&tables, 0, 0);
    let per_category: Vec<u64> = all[..12].iter().map(|&n| n as u64).collect();
    assert_eq!(per_category, derived_counts());
    assert!(all[12..].iter().all(|&n| n == 0));
    assert_eq!(DECK_53.size_offset[4] + BINOM[53][4] as usize, DECK_53.n_small_subsets);
    // Some subsets of every size, counted again by enumerating the hands that hold them.
    let sorted_hands = [[3, 17, 30, 44, 52], [0, 1, 2, 3, 52], [32, 36, 40, 44, 48], [5, 9, 22, 40, 51]];
    for sorted in sorted_hands {
        let ranks = subset_ranks(&sorted);
        for (mask, &rank) in ranks.iter().enumerate().take(31) {
            let subset: Vec<usize> = (0..5).filter(|&i| mask & (1 << i) != 0).map(|i| sorted[i]).collect();
            // The colex rank, computed the long way.
            assert_eq!(rank, subset.iter().enumerate().map(|(i, &c)| BINOM[c][i + 1]).sum::<u32>());
            let rest: Vec<usize> = (0..N_CARDS).filter(|c| !subset.contains(c)).collect();
            let mut expected = [0i64; 16];
            for_each_subset(&rest, 5 - subset.len(), &mut |more| {
                let mut cards: Vec<usize> = subset.iter().chain(more).copied().collect();
                cards.sort_unstable();
                expected[evaluate_joker_indices(cards.try_into().unwrap()) as usize] += 1;
            });
            assert_eq!(counts(&tables, subset.len(), rank), expected, "{subset:?}");
        }
    }
}

/// The EVs of all 32 holds by enumerating every draw from the 48 cards not dealt.
fn brute_force_evs(table: &Paytable, dealt: [usize; 5]) -> [f64; 32] {
    let unseen: Vec<usize> = (0..N_CARDS).filter(|c| !dealt.contains(c)).collect();
    assert_eq!(unseen.len(), 48);
    let mut evs = [0.0; 32];
    for (mask, ev) in evs.iter_mut().enumerate() {
        let held: Vec<usize> = (0..5).filter(|i| mask & (1 << i) != 0).map(|i| dealt[i]).collect();
        let (mut total, mut n_draws) = (0u64, 0u64);
        for_each_subset(&unseen, 5 - held.len(), &mut |drawn| {
            let mut cards = [0usize; 5];
            for (slot, &card) in cards.iter_mut().zip(held.iter().chain(drawn)) {
                *slot = card;
            }
            total += u64::from(pay_of_indices(table, cards));
            n_draws += 1;
        });
        assert_eq!(n_draws, u64::from(DECK_53.n_draws[mask]));
        *ev = total as f64 / n_draws as f64;
    }
    evs
}

/// Reproducible deals: five distinct cards of 53 from a xorshift stream, every other one forced to
/// hold the joker (about one deal in ten does by chance), in no particular order.
fn sample_deals(n: usize) -> Vec<[usize; 5]> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    };
    (0..n)
        .map(|i| {
            let mut cards: Vec<usize> = Vec::with_capacity(5);
            if i % 2 == 0 {
                cards.push(JOKER);
            }
            while cards.len() < 5 {
                let card = next(N_CARDS);
                if !cards.contains(&card) {
                    cards.push(card);
                }
            }
            let mut deal: [usize; 5] = cards.try_into().unwrap();
            deal.rotate_left(next(5));
            deal
        })
        .collect()
}

#[test]
fn hold_evs_equal_a_brute_force_enumeration_of_every_draw() {
    let mut deals = sample_deals(12);
    for text in ["Jk Jh Qh Kh Ah", "Th Jh Qh Kh Ah", "Ac Ad Ah As Jk", "Ah Kh Qh Jh 9c", "Jk 2c 2d 9h 9s", "7c Jk 8c 9c Kd"] {
        deals.push(hand(text));
    }
    for table in [kings(FULL_PAY), kings(SHORT_940)] {
        let solver = TableSolver::new(&table);
        for &deal in &deals {
            let fast = evs(&solver, deal);
            let slow = brute_force_evs(&table, deal);
            // Both are the same two integers divided once: bit for bit equal.
            assert_eq!(fast.as_array(), &slow, "{:?} {deal:?}", table.pay_by_category());
        }
    }
    // The library's brute-force reference draws from the table's deck, the joker included.
    let deal = hand("Jk 2c 2d 9h 9s");
    assert_eq!(brute_force_table_evs(&kings(FULL_PAY), &cards(deal)).as_array(), &brute_force_evs(&kings(FULL_PAY), deal));
    // The machine's hint is the full-pay table's solver.
    let solver = TableSolver::new(&kings(FULL_PAY));
    for &deal in &deals {
        assert_eq!(hand_evs(MachineId::JokerPoker, &cards(deal)), evs(&solver, deal));
    }
    let best = |text: &str| evs(&solver, hand(text)).best().mask();
    // A dealt natural royal, wild royal and five of a kind are kept whole.
    assert_eq!(best("Th Jh Qh Kh Ah"), 0b11111);
    assert_eq!(best("Jk Jh Qh Kh Ah"), 0b11111);
    assert_eq!(best("Ac Ad Ah As Jk"), 0b11111);
    // Four to a natural royal beats a made straight.
    assert_eq!(best("Tc Jh Qh Kh Ah"), 0b11110);
    // The joker is always kept.
    for deal in sample_deals(40).into_iter().filter(|d| d.contains(&JOKER)) {
        let at = deal.iter().position(|&c| c == JOKER).unwrap();
        assert!(evs(&solver, deal).best().holds(at), "{deal:?}");
    }
}

#[test]
fn hold_evs_sum_to_what_every_hand_and_every_card_pays() {
    let table = kings(FULL_PAY);
    let solver = TableSolver::new(&table);
    // The total pay of all 2,869,685 hands: every hand is the draw of exactly one hold of any deal
    // (the hold of the dealt cards it keeps), so Σ over holds of EV × draws is this total.
    let mut all_hands_pay = 0u64;
    for_each_hand(|cards| all_hands_pay += u64::from(pay_of_indices(&table, cards)));
    for deal in sample_deals(6) {
        let evs = evs(&solver, deal);
        let totals: Vec<u64> =
            (0..32).map(|m| (evs.as_array()[m] * f64::from(DECK_53.n_draws[m])).round() as u64).collect();
        assert_eq!(evs.ev(Hold::ALL), f64::from(pay_of_indices(&table, deal)), "holding all five is the dealt pay");
        assert_eq!(totals.iter().sum::<u64>(), all_hands_pay, "{deal:?}");
        // Likewise the holds keeping card i cover exactly the hands holding card i.
        for (i, &card) in deal.iter().enumerate() {
            let mut holding_card = 0u64;
            let others: Vec<usize> = (0..N_CARDS).filter(|&c| c != card).collect();
            for_each_subset(&others, 4, &mut |four| {
                let cards = [card, four[0], four[1], four[2], four[3]];
                holding_card += u64::from(pay_of_indices(&table, cards));
            });
            let by_holds: u64 = (0..32).filter(|m| m & (1 << i) != 0).map(|m| totals[m]).sum();
            assert_eq!(by_holds, holding_card, "{deal:?} card {card}");
        }
        // Holding nothing averages the 1,712,304 hands of the 48 unseen cards.
        let unseen: Vec<usize> = (0..N_CARDS).filter(|c| !deal.contains(c)).collect();
        let mut fresh = 0u64;
        for_each_subset(&unseen, 5, &mut |five| fresh += u64::from(pay_of_indices(&table, five.try_into().unwrap())));
        assert_eq!(totals[0], fresh);
        // The EVs follow the cards whatever order they are given in.
        let mut reversed = deal;
        reversed.reverse();
        let other = self::evs(&solver, reversed);
        for mask in 0..32u32 {
            let moved = (0..5).filter(|&i| mask & (1 << i) != 0).fold(0, |m, i| m | (1 << (4 - i)));
            assert_eq!(evs.ev(Hold::from_mask(mask).unwrap()), other.ev(Hold::from_mask(moved).unwrap()));
        }
    }
}

#[test]
fn a_published_hint_is_reproduced() {
    // Jerry "Stickman", Casino City Times, 13 March 2021, on the 4700/18/7/5 table (five-coin figures):
    // "Holding the two cards of the royal flush (Td, Qd) returns 1.8296 credits on average for five
    // credits played", and the second-best hold is nothing, "1.6549 credits on average".
    // https://www.casinocitytimes.com/jerry-stickman/article/holding-advice-for-jokers-wild-kings-or-better-video-poker-67249
    let solver = TableSolver::new(&kings(SHORT_940));
    let evs = evs(&solver, hand("Td Qd 2s 4s 5c"));
    let sorted = evs.sorted();
    println!("Stickman's Td Qd 2s 4s 5c: hold Td Qd {:.5}, hold nothing {:.5} (per five coins)", 5.0 * sorted[0].ev, 5.0 * sorted[1].ev);
    assert_eq!(sorted[0].hold.mask(), 0b00011);
    assert_eq!(sorted[1].hold, Hold::NONE);
    assert!((5.0 * sorted[0].ev - 1.8296).abs() < 0.00005, "{}", 5.0 * sorted[0].ev);
    assert!((5.0 * sorted[1].ev - 1.6549).abs() < 0.00005, "{}", 5.0 * sorted[1].ev);
}

/// The published return of optimal play, in percent, and the precision it is printed to.
const PUBLISHED: [(&str, f64, f64); 3] = [
    ("joker-poker-kings-20-7-5", 100.65, 0.005),
    ("joker-poker-kings-4700-18-7-5", 99.29, 0.005),
    ("joker-poker-kings-5000-17-7-5", 98.6, 0.05),
];

#[test]
fn the_three_tables_return_their_published_figures() {
    // A fresh build of the family's counts (the process's own may already exist).
    let start = Instant::now();
    let family = FamilyTables::build(Family::Joker);
    println!(
        "joker family counts (every hand into every subset of at most 4 cards, {:.1} MB): {:.1} ms",
        family.n_bytes() as f64 / 1e6,
        start.elapsed().as_secs_f64() * 1e3
    );
    let start = Instant::now();
    let tables = MachineTables::for_paytable(&kings(FULL_PAY), &family);
    println!("a table's pay totals ({:.1} MB): {:.1} ms", tables.n_bytes() as f64 / 1e6, start.elapsed().as_secs_f64() * 1e3);
    let denominator = u128::from(DECK_53.lcm) * u128::from(N_HANDS);
    // The machine's own table is the full-pay one.
    assert_eq!(MachineId::JokerPoker.paytable().pay_by_category(), kings(FULL_PAY).pay_by_category());
    for (id, published, precision) in PUBLISHED {
        let preset = Preset::find(id).unwrap();
        let table = &preset.paytable();
        let start = Instant::now();
        let analysis = analyze_table(table);
        let elapsed = start.elapsed();
        let percent = analysis.return_rate * 100.0;
        let exact = exact_totals(table);
        let g = gcd(exact.return_total, exact.denominator);
        println!(
            "{:<44} {percent:.6} % (published {published} %), {:.1} ms; exactly {}/{}",
            preset.name,
            elapsed.as_secs_f64() * 1e3,
            exact.return_total / g,
            exact.denominator / g
        );
        // The library's analysis (the lab's and `vpoker tables`') is this one.
        assert_eq!(preset.analysis().return_rate, analysis.return_rate);
        assert!((percent - published).abs() <= precision + 1e-9, "{id}: computed {percent:.6} %, published {published} %");
        // The exact bookkeeping: the final hands' probabilities sum to one and, weighted by the
        // pays, to the return.
        assert_eq!(exact.denominator, denominator);
        assert_eq!(exact.categories.len(), 12);
        assert_eq!(exact.categories.iter().sum::<u128>(), denominator);
        let paid: u128 = JokerCategory::ALL
            .iter()
            .map(|&c| u128::from(table.pay_by_category()[c.index()]) * exact.categories[c.index()])
            .sum();
        assert_eq!(paid, exact.return_total);
    }
    // The machine's analysis is the full-pay table's, outcome by outcome.
    let machine = analyze(MachineId::JokerPoker);
    let full_table = analyze_table(&kings(FULL_PAY));
    assert_eq!(machine.return_rate(), full_table.return_rate);
    assert_eq!(machine.outcomes(), full_table.outcomes);
    // The full-pay table row by row, against the return table at https://rkcryr.com/jokers-wild-machines/
    // (percent of the return from each final hand, two decimals). Its natural-royal line (1.95 %,
    // "1 in 41112") disagrees with its own total (the lines sum to 100.67 %, the total says 100.65 %);
    // the royal is checked against "1 in 41,214" instead (John Grochowski, reproduced at
    // https://polyva.mystrikingly.com/blog/how-to-play-double-joker-poker: "in full-pay Joker's
    // Wild, Kings or better it's 1 in 41,214").
    let full = exact_totals(&kings(FULL_PAY));
    let probability = |c: JokerCategory| full.categories[c.index()] as f64 / full.denominator as f64;
    use JokerCategory::*;
    for (category, percent) in [
        (FiveOfAKind, 1.87),
        (WildRoyalFlush, 1.04),
        (StraightFlush, 2.87),
        (FourOfAKind, 17.11),
        (FullHouse, 10.98),
        (Flush, 7.79),
        (Straight, 4.98),
        (ThreeOfAKind, 26.79),
        (TwoPair, 11.09),
        (KingsOrBetter, 14.20),
    ] {
        let computed = probability(category) * f64::from(kings(FULL_PAY).pay_by_category()[category.index()]) * 100.0;
        assert!((computed - percent).abs() <= 0.005 + 1e-9, "{category:?}: {computed:.4} %, published {percent} %");
    }
    let one_in = 1.0 / probability(NaturalRoyalFlush);
    println!("full pay: a natural royal once in {one_in:.1} hands");
    assert!((one_in - 41_214.0).abs() < 0.5, "{one_in}");
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The exact totals of optimal play walking every one of the 2,869,685 deals with no suit
/// symmetry, from the solver's public pieces (ranks, draw totals, the hold counted, the
/// family's counts): what the suit classes must reproduce.
fn walk_every_deal(table: &Paytable) -> ExactTotals {
    let family = FamilyTables::build(Family::Joker);
    let tables = MachineTables::for_paytable(table, &family);
    let (mut return_total, mut categories, mut ev_squares) = (0u128, [0i64; 16], 0u128);
    for_each_hand(|deal| {
        let ranks = subset_ranks(&deal);
        let pay = tables.pay_of_category(category_of(Family::Joker, deal));
        let totals = draw_pay_totals(&tables, &ranks, pay);
        let best = counted_mask(&DECK_53, &totals);
        return_total += (totals[best] * DECK_53.ev_scale[best]) as u128;
        ev_squares += ((totals[best] * DECK_53.ev_scale[best]) as u128).pow(2);
        // The final hands of the hold the analyser counts (of the best EV; on a tie, the smallest
        // mask over the sorted cards): every superset of it among the dealt cards, by
        // inclusion–exclusion, scaled to the common denominator.
        let mut finals = [0i64; 16];
        for subset in (0..32usize).filter(|s| s & best == best) {
            let sign = if (subset ^ best).count_ones().is_multiple_of(2) { 1 } else { -1 };
            if subset == 31 {
                finals[category_of(Family::Joker, deal)] += sign;
            } else {
                family.add_counts(subset.count_ones() as usize, ranks[subset], sign, &mut finals);
            }
        }
        for (total, count) in categories.iter_mut().zip(finals) {
            *total += count * DECK_53.ev_scale[best];
        }
    });
    ExactTotals {
        return_total,
        categories: categories[..12].iter().map(|&c| c as u128).collect(),
        denominator: DECK_53.denominator(),
        ev_squares,
    }
}

#[test]
fn the_suit_classes_cover_every_deal_and_give_the_walk_over_every_deal_exactly() {
    let classes = suit_classes();
    assert_eq!(classes.len(), N_CLASSES);
    assert_eq!(N_CLASSES, DECK_53.n_classes);
    let weights: u64 = classes.iter().map(|c| u64::from(c.weight())).sum();
    assert_eq!(weights, N_HANDS);
    let with_joker: Vec<_> = classes.iter().filter(|c| c.card_indices()[4] == JOKER).collect();
    assert_eq!(with_joker.len(), 16_432);
    assert_eq!(with_joker.iter().map(|c| u64::from(c.weight())).sum::<u64>(), binom(52, 4));
    for table in [kings(FULL_PAY), kings(SHORT_940)] {
        let start = Instant::now();
        let walked = walk_every_deal(&table);
        let elapsed = start.elapsed();
        println!("every deal solved one by one (one thread): {:.1} ms", elapsed.as_secs_f64() * 1e3);
        assert_eq!(walked, exact_totals(&table));
    }
}

#[test]
fn the_hint_is_fast_and_the_exact_best_hold_matches_it() {
    let tables = machine_tables(MachineId::JokerPoker);
    // Every 9th hand of the enumeration (318,854 deals, about a tenth of them with the joker).
    let mut deals = Vec::new();
    let mut n = 0usize;
    for_each_hand(|deal| {
        n += 1;
        if n.is_multiple_of(9) {
            deals.push(cards(deal));
        }
    });
    let start = Instant::now();
    let mut sum = 0.0;
    for deal in &deals {
        sum += hand_evs(MachineId::JokerPoker, black_box(deal)).as_array()[0];
    }
    let elapsed = start.elapsed();
    black_box(sum);
    println!(
        "joker hint (32 exact hold EVs, strategy::hand_evs): {:.3} µs a hand over {} deals",
        elapsed.as_secs_f64() * 1e6 / deals.len() as f64,
        deals.len()
    );
    // The integer best hold agrees with the f64 hint's tie rule on sorted cards.
    for deal in deals.iter().step_by(97) {
        let sorted = deal.map(Card::index);
        let pay = tables.pay_of_category(category_of(Family::Joker, sorted));
        let totals = draw_pay_totals(tables, &subset_ranks(&sorted), pay);
        let hint = hand_evs(MachineId::JokerPoker, deal).best();
        assert_eq!(best_mask(&DECK_53, &totals), usize::from(hint.mask()), "{deal:?}");
    }
}
