//! One dealing and settling pipeline: what the game deals and pays is exactly what `Deal::deal`
//! (which `vpoker simulate` calls) and replay give for the same seed and kind-deal bag state, and a
//! deal shuffles its deck once.

use vpoker::table::Table;
use chrono::NaiveDate;
use proptest::prelude::*;
use vpoker::pipeline::nudge::Situation;
use vpoker::game::{DealRequest, Game};
use vpoker::pipeline::{settle, Deal, NudgeSource};
use vpoker::machine::MachineId;
use vpoker::shuffle::{Chooser, Seed};

/// Counts the choices a shuffle asks for.
struct Counting<C> {
    inner: C,
    calls: u32,
}

impl<C: Chooser> Chooser for Counting<C> {
    fn below(&mut self, n: u32) -> u32 {
        self.calls += 1;
        self.inner.below(n)
    }

    fn key(&mut self) -> u32 {
        self.calls += 1;
        self.inner.key()
    }
}

#[test]
fn a_deal_shuffles_its_deck_once() {
    for n_hands in vpoker::game::rules::HAND_COUNTS {
        for n in 0..20u8 {
            let seed = Seed::from_bytes([n; 32]);
            let mut counting = Counting { inner: seed.rng(), calls: 0 };
            let counted = Deal::deal_with(&mut counting, &seed, &Table::machine(MachineId::JacksOrBetter), n_hands, NudgeSource::Always);
            // 51 choices for the deck, 46 for each extra hand's copy of the 47 unseen cards.
            assert_eq!(counting.calls, 51 + 46 * (u32::from(n_hands) - 1));
            assert_eq!(counted, Deal::deal(&seed, &Table::machine(MachineId::JacksOrBetter), n_hands, NudgeSource::Always));
        }
    }
}

fn seed_at(start: u64, k: usize) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&start.wrapping_add(k as u64).to_le_bytes());
    Seed::from_bytes(bytes)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// From a new game, with the three kind-deal bags kept here in step with the game's.
    #[test]
    fn the_game_and_simulate_consult_the_same_bags(start in any::<u64>(), holds in prop::collection::vec(0u32..32, 60)) {
        let dir = tempfile::tempdir().unwrap();
        let mut game = Game::open(&dir.path().join("game.db")).unwrap();
        let day = NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
        let mut bags = [Situation::Normal.new_bag(), Situation::LosingStreak.new_bag(), Situation::LowBalance.new_bag()];
        for (k, &mask) in holds.iter().enumerate() {
            let seed = seed_at(start, k);
            let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(20).unwrap(), vpoker::game::Lines::new(1).unwrap(), false);
            if game.deal(request.clone(), seed, crate::common::m(day)).is_err() {
                break; // Out of chips: the sequence ends.
            }
            let hold = vpoker::hold::Hold::from_mask(mask).unwrap();
            let record = game.draw(hold, crate::common::m(day)).unwrap().last_hand.unwrap();
            let source = match record.situation {
                Some(situation) => NudgeSource::Bag(&mut bags[Situation::ALL.iter().position(|&s| s == situation).unwrap()]),
                None => NudgeSource::Never,
            };
            let simulated = Deal::deal(&seed, &Table::machine(MachineId::JacksOrBetter), 1, source);
            prop_assert_eq!(simulated.dealt(), record.dealt);
            prop_assert_eq!(simulated.nudge(), record.nudge.as_ref());
            prop_assert_eq!(simulated.dead(), record.dead);
        }
    }

    /// Every machine and Triple/Five Play: the record, the pipeline given the bag's answer, replay
    /// from the record, and the settlement of the player's hold all agree.
    #[test]
    fn the_game_and_replay_give_the_same_hands(
        start in any::<u64>(),
        machine in 0usize..4,
        n_hands in prop::sample::select(vec![1u8, 3, 5]),
        holds in prop::collection::vec(0u32..32, 12),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let mut game = Game::open(&dir.path().join("game.db")).unwrap();
        // Reach level 15 (every machine, multi-play) through the game's own batch play.
        let mut day = NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
        let grind = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(50).unwrap(), vpoker::game::Lines::new(1).unwrap(), false);
        let mut n_grind = 0usize;
        while game.state(crate::common::d(day)).unwrap().level < 15 {
            if game.state(crate::common::d(day)).unwrap().daily.available {
                game.claim_daily(crate::common::d(day)).unwrap();
            }
            let seeds: Vec<Seed> = (0..60).map(|k| seed_at(start ^ 0x5eed, n_grind + k)).collect();
            n_grind += seeds.len();
            game.play_best_batch(grind.clone(), &seeds, crate::common::m(day)).unwrap();
            day = day.succ_opt().unwrap();
        }
        if game.state(crate::common::d(day)).unwrap().daily.available {
            game.claim_daily(crate::common::d(day)).unwrap();
        }
        let machine = MachineId::ALL[machine];
        for (k, &mask) in holds.iter().enumerate() {
            let seed = seed_at(start, k);
            let request = DealRequest::machine(machine, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::new(n_hands).unwrap(), false);
            let dealt = match game.deal(request.clone(), seed, crate::common::m(day)) {
                Ok(dealt) => dealt,
                // The grind may end with few chips: the sequence ends there, as a player's would.
                Err(vpoker::game::GameError::InsufficientChips { .. }) => break,
                Err(other) => panic!("{other}"),
            };
            let hold = vpoker::hold::Hold::from_mask(mask).unwrap();
            let record = game.draw(hold, crate::common::m(day)).unwrap().last_hand.unwrap();
            prop_assert_eq!(dealt.hand.unwrap().cards, record.dealt);
            // The bag's answer was yes when the record shows a nudge (or no candidate card existed).
            let answered = if record.nudge.is_some() { NudgeSource::Always } else { NudgeSource::Never };
            let simulated = Deal::deal(&seed, &Table::machine(machine), n_hands, answered);
            prop_assert_eq!(simulated.dealt(), record.dealt);
            prop_assert_eq!(simulated.nudge(), record.nudge.as_ref());
            let replayed = Deal::deal(&seed, &Table::machine(machine), n_hands, NudgeSource::Disclosed(record.nudge.is_some()));
            prop_assert_eq!(&replayed, &simulated);
            let settled = settle(&replayed, 5, hold);
            prop_assert_eq!(&settled.results, &record.results);
            prop_assert_eq!(settled.results.len(), usize::from(n_hands));
            prop_assert_eq!(Some(settled.won), record.won);
            prop_assert_eq!(Some(settled.verdict.mistake), record.mistake);
        }
        prop_assert!(game.audit().unwrap().ok);
    }
}
