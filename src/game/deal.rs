//! Dealing a hand from its recorded seed, so anyone can reproduce it.
//!
//! From the hand's 32-byte [`Seed`]:
//!
//! 1. ChaCha20 (`seed.rng()`, stream 0) drives Fisher–Yates over the fresh deck 2c 2d … As
//!    (51 choices): that is `seed.deck()`. The five cards dealt are deck positions 0–4.
//! 2. If the hand was nudged (a kind deal, recorded with the hand), the nudge swaps one dealt position
//!    with one later deck position (see [`super::kind`]); nothing else moves. Which candidate card
//!    is added is one uniform choice from ChaCha20 on the same seed, stream 2 ([`nudge_rng`]).
//! 3. The first hand's replacements come off deck positions 5, 6, … in order, filling the positions
//!    not held from left to right.
//! 4. In Triple and Five Play, extra hand k (k = 1 … n−1) takes a copy of deck positions 5–51 (after
//!    the nudge) and shuffles it by Fisher–Yates with the *same* ChaCha stream continued after step
//!    1's 51 choices (extra hand 1 first); its replacements come off its own copy in order.
//!
//! Whether a dead deal is nudged comes from the situation's shuffle bag; when that bag needs a
//! refill, the refill is shuffled by ChaCha20 from the same seed on stream 1 ([`bag_rng`]). Streams 1
//! and 2 never disturb the deck's stream 0.

use rand_chacha::ChaCha20Rng;

use crate::card::Card;
use crate::hold::Hold;
use crate::machine::MachineId;
use crate::shuffle::{fisher_yates, fresh_deck, Seed};

use super::kind::{apply_nudge, plan_nudge, Nudge};

/// A dealt hand: its deck (after any nudge) and the extra hands' decks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    deck: [Card; 52],
    nudge: Option<Nudge>,
    extra: Vec<[Card; 47]>,
}

/// The ChaCha20 stream that shuffles a refilled kind-deal bag for the hand with this seed (stream 1).
pub fn bag_rng(seed: &Seed) -> ChaCha20Rng {
    let mut rng = seed.rng();
    rng.set_stream(1);
    rng
}

/// The ChaCha20 stream that picks a nudge's added card for the hand with this seed (stream 2).
pub fn nudge_rng(seed: &Seed) -> ChaCha20Rng {
    let mut rng = seed.rng();
    rng.set_stream(2);
    rng
}

impl Deal {
    /// Deals `n_hands` (1, 3 or 5) hands from `seed`; when `nudge` is true and the deal is dead, the
    /// deal is nudged (a live deal is never touched, whatever `nudge` says).
    pub fn new(seed: &Seed, machine: MachineId, n_hands: u8, nudge: bool) -> Deal {
        let nudge = if nudge { plan_nudge(machine, &seed.deck(), &mut nudge_rng(seed)) } else { None };
        Deal::replay(seed, n_hands, nudge.as_ref())
    }

    /// Rebuilds a stored hand: the seed's deck with the recorded nudge applied.
    pub fn replay(seed: &Seed, n_hands: u8, nudge: Option<&Nudge>) -> Deal {
        let mut rng = seed.rng();
        let mut deck = fresh_deck();
        fisher_yates(&mut deck, &mut rng);
        // A recorded nudge that does not fit this deck (a damaged file) is left out, so the caller's
        // comparison with the stored hand sees the difference.
        let nudge = nudge.filter(|nudge| apply_nudge(&mut deck, nudge)).copied();
        let extra = (1..n_hands.max(1))
            .map(|_| {
                let mut copy: [Card; 47] = std::array::from_fn(|i| deck[5 + i]);
                fisher_yates(&mut copy, &mut rng);
                copy
            })
            .collect();
        Deal { deck, nudge, extra }
    }

    /// The five cards dealt.
    pub fn dealt(&self) -> [Card; 5] {
        std::array::from_fn(|i| self.deck[i])
    }

    /// The whole first-hand deck, after any nudge.
    pub fn deck(&self) -> &[Card; 52] {
        &self.deck
    }

    /// The nudge, if this deal was nudged.
    pub fn nudge(&self) -> Option<&Nudge> {
        self.nudge.as_ref()
    }

    /// The number of hands.
    pub fn n_hands(&self) -> usize {
        1 + self.extra.len()
    }

    /// The final hands for a hold: held cards stay in place, the others are replaced left to right
    /// from each hand's own deck (the first hand from deck positions 5.., extra hands from their copy).
    pub fn final_hands(&self, hold: Hold) -> Vec<[Card; 5]> {
        let dealt = self.dealt();
        let mut hands = Vec::with_capacity(self.n_hands());
        hands.push(fill(&dealt, hold, &self.deck[5..]));
        for copy in &self.extra {
            hands.push(fill(&dealt, hold, copy));
        }
        hands
    }
}

fn fill(dealt: &[Card; 5], hold: Hold, rest: &[Card]) -> [Card; 5] {
    let mut next = rest.iter();
    std::array::from_fn(|i| if hold.holds(i) { dealt[i] } else { *next.next().unwrap_or(&dealt[i]) })
}
