//! Kind deals: never on a live deal, one swap that leaves the draw untouched and fair, the kinds of
//! nudge docs/VERIFY.md describes, and the rates the shuffle bags promise (also across restarts).

use vpoker::table::Table;
use vpoker::game::Day;
use chrono::NaiveDate;
use vpoker::card::{Card, Rank};
use vpoker::pipeline::deal::{nudge_rng, Deal, NudgeSource};
use vpoker::pipeline::nudge::{is_dead, plan_nudge, NudgeKind, Situation};
use vpoker::game::{DealRequest, Game};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[31] = 0x4b;
    Seed::from_bytes(bytes)
}

fn top5(deck: &[Card; 52]) -> [Card; 5] {
    std::array::from_fn(|i| deck[i])
}

fn day(d: u32) -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 1, 1).unwrap() + chrono::Days::new(u64::from(d))).unwrap()
}

#[test]
fn a_live_deal_is_never_touched() {
    for machine in MachineId::ALL {
        let mut n_live = 0;
        for n in 0..20_000 {
            let seed = seed(n);
            let deck = seed.deck_of(Table::machine(machine).deck());
            if is_dead(&Table::machine(machine), &std::array::from_fn(|i| deck[i])) {
                continue;
            }
            n_live += 1;
            assert!(plan_nudge(&Table::machine(machine), &deck, &mut nudge_rng(&seed)).is_none());
            let deal = Deal::deal(&seed, &Table::machine(machine), 5, NudgeSource::Always);
            assert_eq!(deal.deck(), &deck[..], "{machine}: a live deal keeps the seed's deck");
            assert!(deal.nudge().is_none());
        }
        assert!(n_live > 5_000, "{machine}: {n_live} live deals checked");
    }
}

#[test]
fn dead_means_no_pair_no_pay_and_no_deuce_on_deuces_wild() {
    for n in 0..20_000 {
        let dealt = top5(&seed(n).deck());
        let ranks: std::collections::HashSet<Option<Rank>> = dealt.iter().map(|c| c.rank()).collect();
        for machine in MachineId::ALL {
            let dead = is_dead(&Table::machine(machine), &dealt);
            let pays = machine.paytable().pay(&dealt) > 0;
            let has_deuce = dealt.iter().any(|c| c.rank() == Some(Rank::Two));
            // No dead-deal rule is defined for the joker family: Joker Poker deals pure.
            let expected = ranks.len() == 5
                && !pays
                && !(machine == MachineId::DeucesWild && has_deuce)
                && machine != MachineId::JokerPoker;
            assert_eq!(dead, expected, "{machine} {dealt:?}");
        }
    }
}

#[test]
fn a_nudge_is_one_swap_the_draw_comes_off_the_untouched_deck() {
    let mut kinds = [0usize; 2];
    for machine in MachineId::ALL {
        for n in 0..4_000 {
            let seed = seed(n);
            let before = seed.deck();
            if !is_dead(&Table::machine(machine), &top5(&before)) {
                continue;
            }
            let deal = Deal::deal(&seed, &Table::machine(machine), 3, NudgeSource::Always);
            let nudge = *deal.nudge().expect("a dead deal asked to be nudged is nudged");
            let after = deal.deck().to_vec();
            // Exactly the two swapped positions differ; the deck is still the 52 cards.
            let differ: Vec<usize> = (0..52).filter(|&i| before[i] != after[i]).collect();
            assert_eq!(differ, vec![nudge.position, nudge.deck_position]);
            assert!(nudge.position < 5 && nudge.deck_position >= 5);
            assert_eq!((after[nudge.position], after[nudge.deck_position]), (nudge.added, nudge.removed));
            let mut sorted: Vec<usize> = after.iter().map(|c| c.index()).collect();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..52).collect::<Vec<_>>());
            // The first hand's replacements are the untouched deck's, the removed card standing in
            // for the added one.
            for hold in Hold::all() {
                let untouched = Deal::deal(&seed, &Table::machine(machine), 1, NudgeSource::Never).final_hands(hold)[0];
                let drawn = deal.final_hands(hold)[0];
                for i in (0..5).filter(|&i| !hold.holds(i)) {
                    let expected = if untouched[i] == nudge.added { nudge.removed } else { untouched[i] };
                    assert_eq!(drawn[i], expected);
                }
            }
            // What the nudge does.
            let dealt = deal.dealt();
            assert_ne!(nudge.added.rank(), Some(Rank::Two), "a nudge never adds a deuce");
            let suit_count = |cards: &[Card; 5], suit| cards.iter().filter(|c| c.suit() == suit).count();
            let original = top5(&before);
            match nudge.kind {
                NudgeKind::FourFlush => {
                    kinds[0] += 1;
                    assert_eq!(suit_count(&original, nudge.added.suit()), 3);
                    assert_eq!(suit_count(&dealt, nudge.added.suit()), 4);
                    assert_ne!(nudge.removed.suit(), nudge.added.suit());
                    let ranks: std::collections::HashSet<Option<Rank>> = dealt.iter().map(|c| c.rank()).collect();
                    assert_eq!(ranks.len(), 5, "a four-flush nudge adds no pair");
                }
                NudgeKind::Pair => {
                    kinds[1] += 1;
                    assert!(original.iter().all(|&c| suit_count(&original, c.suit()) != 3));
                    assert_eq!(suit_count(&original, nudge.removed.suit()), 1, "no suited group is broken");
                    let highest_other = original.iter().filter(|&&c| c != nudge.removed).map(|c| c.rank()).max();
                    assert_eq!(Some(nudge.added.rank()), highest_other);
                    assert_eq!(dealt.iter().filter(|c| c.rank() == nudge.added.rank()).count(), 2);
                }
            }
        }
    }
    assert!(kinds[0] > 500 && kinds[1] > 500, "both kinds of nudge seen: {kinds:?}");
}

/// The added card is chosen without looking at the deck's order, so the card after the deal is
/// still uniform over the 47 unseen: it pairs the nudged pair 2 times in 47. (Picking the first
/// candidate in deck order would make this almost never happen.)
#[test]
fn the_draw_after_a_nudge_is_still_uniform() {
    let mut n_pairs = 0u32;
    let mut n_trips_next = 0u32;
    let mut n = 0;
    while n_pairs < 20_000 {
        let seed = seed(1_000_000 + n);
        n += 1;
        let deal = Deal::deal(&seed, &Table::machine(MachineId::JacksOrBetter), 1, NudgeSource::Always);
        let Some(nudge) = deal.nudge() else { continue };
        if nudge.kind != NudgeKind::Pair {
            continue;
        }
        n_pairs += 1;
        n_trips_next += u32::from(deal.deck()[5].rank() == nudge.added.rank());
    }
    let expected = f64::from(n_pairs) * 2.0 / 47.0;
    let sigma = (expected * (1.0 - 2.0 / 47.0)).sqrt();
    assert!(
        (f64::from(n_trips_next) - expected).abs() < 5.0 * sigma,
        "{n_trips_next} of {n_pairs} first replacements pair the nudged pair, expected about {expected:.0}"
    );
}

#[test]
fn situations_pick_low_balance_first_then_the_losing_streak() {
    assert_eq!(Situation::of(99, 0), Situation::LowBalance);
    assert_eq!(Situation::of(99, 9), Situation::LowBalance);
    assert_eq!(Situation::of(100, 4), Situation::Normal);
    assert_eq!(Situation::of(100, 5), Situation::LosingStreak);
    assert_eq!(Situation::Normal.bag_counts(), (1, 5));
    assert_eq!(Situation::LosingStreak.bag_counts(), (1, 2));
    assert_eq!(Situation::LowBalance.bag_counts(), (1, 1));
}

/// Plays `n` real hands at bet 50 holding nothing (so losing streaks and low balances happen),
/// collecting daily chips when short; reopens the file every `reopen_every` hands.
fn play_badly(path: &std::path::Path, n: u64, reopen_every: u64) -> Game {
    let mut game = Game::open(path).unwrap();
    let mut today = 0;
    for k in 0..n {
        if reopen_every > 0 && k % reopen_every == 0 {
            drop(game);
            game = Game::open(path).unwrap();
        }
        if game.state(day(today)).unwrap().chips < 50 {
            today += 1;
            game.claim_daily(day(today)).unwrap();
        }
        let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(50).unwrap(), vpoker::game::Lines::new(1).unwrap(), false);
        game.deal(request.clone(), seed(500_000 + k), day(today)).unwrap();
        game.draw(Hold::NONE, day(today)).unwrap();
    }
    game
}

#[test]
fn each_bag_nudges_at_its_exact_rate_and_restarts_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let game = play_badly(&dir.path().join("a.db"), 1_500, 0);
    let history = crate::common::all_history(&game);
    for situation in Situation::ALL {
        let (yes, no) = situation.bag_counts();
        let size = u64::from(yes + no);
        let consulted: Vec<_> = history.iter().rev().filter(|h| h.situation == Some(situation)).collect();
        let n = consulted.len() as u64;
        let nudged = consulted.iter().filter(|h| h.nudge.is_some()).count() as u64;
        assert!(n >= 30, "{situation:?}: the bag was consulted {n} times");
        assert!(consulted.iter().all(|h| h.dead), "only dead deals consult a bag");
        // After n draws from a bag with one nudge per `size`, the count is n/size rounded down or up.
        assert!(nudged == n / size || nudged == n.div_ceil(size), "{situation:?}: {nudged} nudges in {n} dead deals");
        // And every full bag holds exactly one nudge.
        for bag in consulted.chunks_exact(size as usize) {
            assert_eq!(bag.iter().filter(|h| h.nudge.is_some()).count(), 1, "{situation:?}");
        }
    }
    assert!(history.iter().filter(|h| !h.dead).all(|h| h.nudge.is_none() && h.situation.is_none()));
    let stats = game.stats().unwrap();
    assert_eq!(stats.real[0].figures.nudged, history.iter().filter(|h| h.nudge.is_some()).count() as u64);
    // The same seeds with the game closed and reopened every 7 hands give the same hands.
    let reopened = play_badly(&dir.path().join("b.db"), 1_500, 7);
    let strip = |game: &Game| -> Vec<_> {
        crate::common::all_history(game).into_iter().map(|h| (h.dealt, h.nudge, h.situation, h.payout)).collect()
    };
    assert_eq!(strip(&game), strip(&reopened));
    assert!(game.audit().unwrap().ok && reopened.audit().unwrap().ok);
}

#[test]
fn pure_deals_are_never_nudged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pure.db");
    let mut game = Game::open(&path).unwrap();
    game.set_setting("kind-deals", "off").unwrap();
    drop(game);
    let game = play_badly(&path, 300, 0);
    for hand in crate::common::all_history(&game) {
        assert!(hand.nudge.is_none() && hand.situation.is_none());
        assert_eq!(hand.dealt, top5(&hand.seed.deck()), "a pure deal is the seed's deck");
    }
}

/// The derivation documented in `game::deal`, redone by hand from the seed alone: stream 0 shuffles
/// the deck, then each extra hand's copy of the 47 undealt cards with the same stream continued;
/// a nudge's added card is one uniform choice on stream 2 among candidates in fresh-deck order.
#[test]
fn the_documented_derivation_reproduces_every_hand() {
    use vpoker::shuffle::{fisher_yates, fresh_deck, Chooser};
    for n in 0..300 {
        let seed = seed(77_000 + n);
        for nudge in [false, true] {
            let deal = Deal::deal(
                &seed,
                &Table::machine(MachineId::BonusPoker),
                5,
                if nudge { NudgeSource::Always } else { NudgeSource::Never },
            );
            let mut rng = seed.rng();
            let mut deck = fresh_deck();
            fisher_yates(&mut deck, &mut rng);
            if let Some(recorded) = deal.nudge() {
                let mut stream2 = seed.rng();
                stream2.set_stream(2);
                let candidates: Vec<usize> = {
                    let mut c: Vec<usize> = (5..52)
                        .filter(|&p| match recorded.kind {
                            NudgeKind::Pair => deck[p].rank() == recorded.added.rank(),
                            NudgeKind::FourFlush => {
                                let kept: Vec<Option<Rank>> =
                                    (0..5).filter(|&i| i != recorded.position).map(|i| deck[i].rank()).collect();
                                let mut nudged: [Card; 5] = std::array::from_fn(|i| deck[i]);
                                nudged[recorded.position] = deck[p];
                                deck[p].suit() == recorded.added.suit()
                                    && deck[p].rank() != Some(Rank::Two)
                                    && !kept.contains(&deck[p].rank())
                                    && MachineId::BonusPoker.paytable().pay(&nudged) == 0
                            }
                        })
                        .collect();
                    c.sort_by_key(|&p| deck[p].index());
                    c
                };
                let chosen = candidates[stream2.below(candidates.len() as u32) as usize];
                assert_eq!(deck[chosen], recorded.added);
                deck.swap(recorded.position, chosen);
            }
            assert_eq!(deal.deck(), &deck);
            let hold = Hold::from_mask(0b10101).unwrap();
            let hands = deal.final_hands(hold);
            for (k, hand) in hands.iter().enumerate().skip(1) {
                let mut copy: Vec<Card> = deck[5..].to_vec();
                fisher_yates(&mut copy, &mut rng);
                assert_eq!((hand[1], hand[3]), (copy[0], copy[1]), "extra hand {k}");
            }
            assert_eq!((hands[0][1], hands[0][3]), (deck[5], deck[6]));
        }
    }
}

#[test]
fn a_four_flush_nudge_never_finishes_a_hand() {
    // 5h 6h 7h 8c 2d: dropping 2d for 4h or 9h would deal a paying straight; the nudge must pick
    // another heart. Every seed whose nudge is a four-flush is checked the same way.
    let mut n_four_flush = 0;
    for machine in MachineId::ALL {
        for n in 0..20_000 {
            let seed = seed(n);
            let Some(nudge) = plan_nudge(&Table::machine(machine), &seed.deck(), &mut nudge_rng(&seed)) else { continue };
            if nudge.kind != NudgeKind::FourFlush {
                continue;
            }
            n_four_flush += 1;
            let deal = Deal::deal(&seed, &Table::machine(machine), 1, NudgeSource::Always);
            let dealt = deal.dealt();
            assert_eq!(machine.paytable().pay(&dealt), 0, "{machine}: {dealt:?} pays as dealt");
            let mut suits = [0; 4];
            dealt.iter().for_each(|c| suits[c.suit().unwrap().index()] += 1);
            assert!(suits.contains(&4), "{machine}: {dealt:?} is four to a flush");
        }
    }
    assert!(n_four_flush > 1_000, "{n_four_flush} four-flush nudges checked");
}

/// The player's own kind-deal record (running totals) counts exactly the dead real deals that
/// consulted a bag and their nudges, per situation; practice hands and live deals never count; the
/// full audit checks the totals against the hands, and a file migrated from schema 2 counts its old
/// hands.
#[test]
fn the_kind_deal_record_counts_dead_deals_and_nudges_per_situation() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    for n in 0..300u64 {
        let practice = n % 10 == 9;
        let bet = if n < 150 { 5 } else { 50 };
        let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(bet).unwrap(), vpoker::game::Lines::ONE, practice);
        if game.deal(request.clone(), seed(n), day(1)).is_err() {
            break;
        }
        game.draw(Hold::NONE, day(1)).unwrap();
    }
    let hands = crate::common::all_history(&game);
    let kind = game.kind_stats().unwrap();
    for stats in &kind {
        let consulted: Vec<_> = hands.iter().filter(|h| h.situation == Some(stats.situation)).collect();
        assert!(consulted.iter().all(|h| h.dead && !h.practice));
        assert_eq!(stats.dead_deals, consulted.len() as u64, "{:?}", stats.situation);
        assert_eq!(stats.nudged, consulted.iter().filter(|h| h.nudge.is_some()).count() as u64);
        let (yes, no) = stats.situation.bag_counts();
        assert_eq!(stats.bag_rate, f64::from(yes) / f64::from(yes + no));
    }
    assert!(kind.iter().map(|k| k.dead_deals).sum::<u64>() > 50, "{kind:?}");
    assert!(kind.iter().any(|k| k.situation == Situation::LowBalance && k.dead_deals > 0), "{kind:?}");
    assert!(game.audit().unwrap().ok);

    let landed = dir.path().join("landed.db");
    std::fs::copy(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/landed-v2.db"), &landed)
        .unwrap();
    let game = Game::open(&landed).unwrap();
    let hands = crate::common::all_history(&game);
    let kind = game.kind_stats().unwrap();
    let consulted = hands.iter().filter(|h| h.situation.is_some()).count() as u64;
    assert_eq!(kind.iter().map(|k| k.dead_deals).sum::<u64>(), consulted);
    assert!(consulted > 0);
    assert!(game.audit().unwrap().ok);
}

/// Joker Poker deals pure: no dead-deal rule is defined for the joker family, so no deal is dead and
/// even "nudge every dead deal" leaves the seed's 53-card deck as it is.
#[test]
fn joker_poker_is_never_nudged() {
    let table = Table::machine(MachineId::JokerPoker);
    let mut with_joker = 0;
    for n in 0..20_000 {
        let seed = seed(n);
        let deck = seed.deck_of(table.deck());
        assert_eq!(deck.len(), 53);
        let dealt: [Card; 5] = std::array::from_fn(|i| deck[i]);
        with_joker += usize::from(dealt.contains(&Card::JOKER));
        assert!(!is_dead(&table, &dealt));
        assert!(plan_nudge(&table, &deck, &mut nudge_rng(&seed)).is_none());
        let deal = Deal::deal(&seed, &table, 3, NudgeSource::Always);
        assert_eq!((deal.deck(), deal.nudge()), (&deck[..], None));
        assert!(deal.extra_decks().iter().all(|extra| extra.len() == 48));
    }
    // Five cards of 53 hold the joker 5/53 of the time: about 1,887 of 20,000.
    assert!((1_700..2_100).contains(&with_joker), "{with_joker} deals with the joker");
}
