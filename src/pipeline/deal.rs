//! The one dealing pipeline: a hand from its recorded seed, so anyone can reproduce it.
//!
//! The game, `vpoker simulate`, the labs, replay, verification and drills all deal through [`Deal::deal`].
//! From the hand's 32-byte [`Seed`]:
//!
//! 1. ChaCha20 (`seed.rng()`, stream 0) drives Fisher–Yates over the table's fresh deck: 2c 2d
//!    … As (51 choices), or on a 53-card deck 2c 2d … As Jk (52 choices). The deck is shuffled exactly once. The five cards dealt are positions 0–4.
//! 2. The deal is *dead* when it pays nothing, holds no pair and, on Deuces Wild, no deuce
//!    ([`is_dead`]; on a family without a dead-deal rule, [`crate::pipeline::nudge::has_dead_rule`], no deal is dead). Only a dead deal can be nudged, and only when the [`NudgeSource`] says so:
//!    a kind-deal bag's draw (a refill is shuffled by ChaCha20 on stream 1, [`bag_rng`]), or a
//!    record that says the deal was nudged (the nudge is then re-derived, never taken from the
//!    record). A nudge swaps one dealt position with one later deck
//!    position; which candidate card is added is one uniform choice from ChaCha20 on stream 2
//!    ([`nudge_rng`]).
//! 3. The first hand's replacements come off deck positions 5, 6, … in order, filling the positions
//!    not held from left to right.
//! 4. How further lines get their cards is the table's rules' ([`Dealing`]). Every family so far
//!    deals each line from its own copy ([`Dealing::OwnCopies`]): with more than one line, extra
//!    hand k (k = 1 … n−1) takes a copy of deck positions 5 to the end (after the nudge) and shuffles it by Fisher–Yates with the *same* stream 0 continued
//!    after step 1's choices (extra hand 1 first, 46 choices each, 47 on a 53-card deck); its
//!    replacements come off its copy.
//!
//! Streams 1 and 2 never disturb the deck's stream 0. Nothing here reads a clock or a global RNG.

use rand_chacha::ChaCha20Rng;

use crate::card::Card;
use crate::hold::Hold;
use crate::shuffle::{fisher_yates, Chooser, Seed};
use crate::table::{Dealing, Table};

use super::bag::ShuffleBag;
use super::nudge::{apply_nudge, is_dead, plan_nudge, Nudge};

/// A dealt hand: its deck (after any nudge), the extra hands' decks, and whether it was dead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    table: Table,
    deck: Vec<Card>,
    dead: bool,
    nudge: Option<Nudge>,
    extra: Vec<Vec<Card>>,
}

/// Where a dead deal's nudge comes from.
#[derive(Debug)]
pub enum NudgeSource<'a> {
    /// Never nudge (pure deals, practice hands).
    Never,
    /// Nudge every dead deal (for tests and the fairness lab's "every dead deal nudged" row).
    Always,
    /// A live deal: a dead deal draws from this kind-deal bag, and is nudged when it says so.
    Bag(&'a mut ShuffleBag<bool>),
    /// A record (a stored hand, a hand to verify) that says whether its dead deal was nudged: when
    /// it says so, the nudge is the rule's own for this seed (re-derived on stream 2), never the
    /// one the record names; the caller compares the two (see [`crate::pipeline::verify::replay_deal`]).
    Disclosed(bool),
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
    /// Deals `n_hands` hands (one of the table's line counts) on `table` from `seed`. See the
    /// module doc.
    pub fn deal(seed: &Seed, table: &Table, n_hands: u8, nudge: NudgeSource<'_>) -> Deal {
        Deal::deal_with(&mut seed.rng(), seed, table, n_hands, nudge)
    }

    /// [`Deal::deal`] with stream 0 passed in (tests count its choices: 51 for the deck, then 46
    /// per extra hand).
    pub fn deal_with(
        stream0: &mut impl Chooser,
        seed: &Seed,
        table: &Table,
        n_hands: u8,
        nudge: NudgeSource<'_>,
    ) -> Deal {
        let mut deck = table.deck().fresh();
        fisher_yates(&mut deck, stream0);
        let dead = is_dead(table, &std::array::from_fn(|i| deck[i]));
        let nudge = match nudge {
            NudgeSource::Never => None,
            NudgeSource::Always if dead => plan_nudge(table, &deck, &mut nudge_rng(seed)),
            NudgeSource::Always => None,
            NudgeSource::Bag(bag) => {
                if dead && bag.draw(&mut bag_rng(seed)) {
                    plan_nudge(table, &deck, &mut nudge_rng(seed))
                } else {
                    None
                }
            }
            NudgeSource::Disclosed(nudged) if dead && nudged => plan_nudge(table, &deck, &mut nudge_rng(seed)),
            NudgeSource::Disclosed(_) => None,
        };
        let nudge = nudge.filter(|nudge| apply_nudge(&mut deck, nudge));
        // How the further lines get their cards is the rules' (step 4).
        let extra = match table.rules().dealing() {
            Dealing::OwnCopies => (1..n_hands.max(1))
                .map(|_| {
                    let mut copy = deck[5..].to_vec();
                    fisher_yates(&mut copy, stream0);
                    copy
                })
                .collect(),
        };
        Deal { table: table.clone(), deck, dead, nudge, extra }
    }

    /// The table it was dealt on.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The five cards dealt (after any nudge).
    pub fn dealt(&self) -> [Card; 5] {
        std::array::from_fn(|i| self.deck[i])
    }

    /// The whole first-hand deck, after any nudge.
    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// Whether the deal, before any nudge, was dead.
    pub fn dead(&self) -> bool {
        self.dead
    }

    /// The nudge, if this deal was nudged.
    pub fn nudge(&self) -> Option<&Nudge> {
        self.nudge.as_ref()
    }

    /// The extra hands' own decks (positions 5 to the end reshuffled), extra hand 1 first.
    pub fn extra_decks(&self) -> &[Vec<Card>] {
        &self.extra
    }

    /// The number of hands.
    pub fn n_hands(&self) -> usize {
        1 + self.extra.len()
    }

    /// The final hands for a hold: held cards stay in place, the others are replaced left to right
    /// from each hand's own deck (the first hand from deck positions 5.., extra hands from their copy).
    pub fn final_hands(&self, hold: Hold) -> Vec<[Card; 5]> {
        let dealt = self.dealt();
        match self.table.rules().dealing() {
            Dealing::OwnCopies => {
                let mut hands = Vec::with_capacity(self.n_hands());
                hands.push(fill(&dealt, hold, &self.deck[5..]));
                for copy in &self.extra {
                    hands.push(fill(&dealt, hold, copy));
                }
                hands
            }
        }
    }
}

fn fill(dealt: &[Card; 5], hold: Hold, rest: &[Card]) -> [Card; 5] {
    let mut next = rest.iter();
    std::array::from_fn(|i| if hold.holds(i) { dealt[i] } else { *next.next().unwrap_or(&dealt[i]) })
}
