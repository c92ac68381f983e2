//! The "hard decisions" drill source: dealt hands on which the right hold is not obvious.
//!
//! Three pieces, all pure (no clock, no global RNG):
//!
//! - [`plain_hold`], the hold a naive player picks (the rule is spelled out on the function);
//!   deliberately not a strategy, only the yardstick of "obvious";
//! - [`hard_reason`] / [`is_hard`], the verdict on one hand's 32 exact EVs ([`hand_evs`]);
//! - [`HardHands`] / [`hard_hands`], the generator: one ChaCha20 stream from a [`Seed`], a fresh
//!   52-card deck shuffled by Fisher–Yates from that stream per hand, the first five cards dealt, and
//!   only the hard hands kept, as [`DrillHand`]s. The same seed and machine always give the same
//!   hands in the same order.
//!
//! # When a hand is hard
//!
//! With `best` the best hold under the tie rule ([`HandEvs::best`]) and `plain` the plain rule's
//! hold, a hand is hard for one of two reasons, checked in this order:
//!
//! 1. **`plain-rule-differs`**: playing `plain` is a mistake, [`HandEvs::is_mistake`] (it gives up
//!    more than [`TIE_EPSILON`] per coin). A plain hold that ties the best hold is *not* a
//!    difference, even when its mask is not `best`'s.
//! 2. **`close-call`**: the best EV `b` and the runner-up EV `r` satisfy `b > 0` and
//!    `b - r <= CLOSE_CALL_SHARE * b` (0.10, computed in `f64` exactly as written). The runner-up
//!    ([`runner_up`]) is the best hold whose EV is more than [`TIE_EPSILON`] below `b`: holds that
//!    tie the best hold count as one hold with it (playing any of them is no mistake, so choosing
//!    between them is no decision). A hand whose 32 holds all tie has no runner-up and is no close
//!    call (this does not happen on the four machines).
//!
//! A hand that is both is reported as `plain-rule-differs`.
//!
//! # How many, how fast
//!
//! About 53 % (Double Bonus) to 65 % (Jacks or Better) of random deals are hard. Most of them are
//! deals on which the plain rule's two or three cards (mostly a suited group) are a mistake;
//! close calls are 4 % (Deuces Wild) to 15 % (Jacks or Better) of deals. `tests/it/drill.rs` prints
//! the shares with `--nocapture`.
//!
//! Every deal is solved exactly (about 0.2 µs with the tables built); there is no pre-filter, so
//! exactly the hands satisfying the predicate above are kept. `benches/drill.rs` measures the
//! generator per machine (`cargo bench -p vpoker --bench drill`): a few hundred thousand hard
//! hands a second, against a target of 1,000. The first hand for a machine builds its strategy
//! tables if they are not built yet (see [`crate::strategy::prepare`]).

use rand_chacha::ChaCha20Rng;
use serde::{Serialize, Serializer};

use crate::card::{Card, Rank, Suit};
use crate::eval::{evaluate_deuces, evaluate_natural, DeucesCategory, Family, NaturalCategory};
use crate::hold::Hold;
use crate::machine::MachineId;
use crate::shuffle::{fisher_yates, fresh_deck, Seed};
use crate::strategy::{compare_holds, hand_evs, HandEvs, HoldEv, TIE_EPSILON};

/// A close call: the runner-up's EV is within this share of the best EV (10 %).
pub const CLOSE_CALL_SHARE: f64 = 0.10;

/// Why a hand is hard. Serialised as `"plain-rule-differs"` or `"close-call"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HardReason {
    /// The plain rule's hold is a mistake ([`HandEvs::is_mistake`]).
    PlainRuleDiffers,
    /// The plain hold is right, but the runner-up is within [`CLOSE_CALL_SHARE`] of the best EV.
    CloseCall,
}

impl HardReason {
    /// The stable id: `plain-rule-differs` or `close-call`.
    pub fn id(self) -> &'static str {
        match self {
            HardReason::PlainRuleDiffers => "plain-rule-differs",
            HardReason::CloseCall => "close-call",
        }
    }
}

/// One hard hand to drill.
///
/// Serialised (serde) as `{"cards":["Ah",…],"best":MASK,"holds":[{"mask":MASK,"ev":EV},…],
/// "plain":MASK,"reason":"close-call"}`, the `vpoker drill --json` line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrillHand {
    /// The five dealt cards, in deal order (bit i of a mask is `cards[i]`).
    pub cards: [Card; 5],
    /// The best hold under the tie rule (`holds[0].hold`).
    pub best: Hold,
    /// All 32 holds with their exact EV per coin, best first ([`HandEvs::sorted`]).
    #[serde(serialize_with = "holds_as_masks")]
    pub holds: Vec<HoldEv>,
    /// The plain rule's hold ([`plain_hold`]).
    pub plain: Hold,
    /// Why the hand is hard.
    pub reason: HardReason,
}

/// `holds` as `[{"mask":M,"ev":E},…]`.
fn holds_as_masks<S: Serializer>(holds: &[HoldEv], serializer: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct MaskEv {
        mask: Hold,
        ev: f64,
    }
    serializer.collect_seq(holds.iter().map(|h| MaskEv { mask: h.hold, ev: h.ev }))
}

/// The plain rule: the hold a naive player chooses. Deliberately naive, not a strategy.
///
/// Deuces (on Deuces Wild only) are wild and always kept; on the natural machines no card is wild.
///
/// 1. **The dealt hand pays** on `machine`'s paytable: keep the made hand.
///    - Straight, flush, full house, straight flush, royal flush (natural or wild) and, on Deuces
///      Wild, five of a kind: all five cards.
///    - On the natural machines, four of a kind, three of a kind, two pair, jacks or better: the
///      cards whose rank appears at least twice (the quad, the trips, both pairs, the high pair).
///    - On Deuces Wild, four deuces: the four deuces. Four or three of a kind: the deuces plus the
///      natural cards of the most frequent natural rank, the higher rank on a tie (so two deuces
///      and three odd cards keep the deuces and the highest card).
/// 2. **Otherwise**, keep the deuces plus the larger of two groups of natural cards:
///    - the *rank group*: the natural cards whose rank appears at least twice (a low pair; on
///      Deuces Wild, where two pair does not pay, both pairs);
///    - the *suit group*, when it has at least three cards: the natural cards of the suit with the
///      most of them; between suits with as many cards, the one whose ranks, compared highest
///      first, are higher (and then the earlier suit of clubs, diamonds, hearts, spades, a step
///      that never decides a real hand).
///
///    The rank group wins a tie in size. So a low pair beats nothing but three or four to a flush.
/// 3. **With neither**, the deuces plus, on the natural machines, the high cards (jacks or better);
///    with none of those, nothing (draw five).
pub fn plain_hold(machine: MachineId, hand: &[Card; 5]) -> Hold {
    let wild = machine.family() == Family::Deuces;
    let is_wild = |card: &Card| wild && card.rank() == Rank::Two;
    let mut rank_counts = [0u8; 13];
    for card in hand.iter().filter(|c| !is_wild(c)) {
        rank_counts[card.rank().index()] += 1;
    }
    let deuces = mask_of(hand, is_wild);
    let paired = mask_of(hand, |c| !is_wild(c) && rank_counts[c.rank().index()] >= 2);

    if machine.paytable().pay(hand) > 0 {
        return if wild {
            match evaluate_deuces(hand) {
                DeucesCategory::FourDeuces => deuces,
                DeucesCategory::FourOfAKind | DeucesCategory::ThreeOfAKind => {
                    // The most frequent natural rank, the higher on a tie (max_by_key keeps the last).
                    let top = (0..13).max_by_key(|&rank| rank_counts[rank]).unwrap_or(0);
                    or(deuces, mask_of(hand, |c| !is_wild(c) && c.rank().index() == top))
                }
                _ => Hold::ALL,
            }
        } else {
            match evaluate_natural(hand) {
                NaturalCategory::RoyalFlush
                | NaturalCategory::StraightFlush
                | NaturalCategory::FullHouse
                | NaturalCategory::Flush
                | NaturalCategory::Straight => Hold::ALL,
                _ => paired,
            }
        };
    }

    let suited = best_suit_group(hand, is_wild);
    let suited = if suited.n_held() >= 3 { suited } else { Hold::NONE };
    let group = if paired.n_held() >= suited.n_held() { paired } else { suited };
    if group != Hold::NONE {
        return or(deuces, group);
    }
    let high = if wild { Hold::NONE } else { mask_of(hand, |c| c.rank() >= Rank::Jack) };
    or(deuces, high)
}

/// The natural cards of the suit with the most of them, ties to the higher ranks, then clubs first.
fn best_suit_group(hand: &[Card; 5], is_wild: impl Fn(&Card) -> bool) -> Hold {
    let mut best = (0, 0u16, Hold::NONE);
    for suit in Suit::ALL {
        let group = mask_of(hand, |c| !is_wild(c) && c.suit() == suit);
        // The cards of one suit have distinct ranks, and between two groups as large, comparing
        // rank bit masks as numbers compares their ranks highest first.
        let ranks = (0..5).filter(|&i| group.holds(i)).fold(0u16, |m, i| m | 1 << hand[i].rank().index());
        if (group.n_held(), ranks) > (best.0, best.1) {
            best = (group.n_held(), ranks, group);
        }
    }
    best.2
}

/// The hold of the cards that satisfy `keep`.
fn mask_of(hand: &[Card; 5], keep: impl Fn(&Card) -> bool) -> Hold {
    let mask = (0..5).filter(|&i| keep(&hand[i])).fold(0u32, |m, i| m | 1 << i);
    Hold::from_mask(mask).unwrap_or(Hold::NONE)
}

fn or(a: Hold, b: Hold) -> Hold {
    Hold::from_mask(u32::from(a.mask() | b.mask())).unwrap_or(Hold::ALL)
}

/// The runner-up: the best hold (under the tie rule) among those whose EV is more than
/// [`TIE_EPSILON`] below the best EV; `None` when every hold ties the best.
pub fn runner_up(evs: &HandEvs) -> Option<HoldEv> {
    let best_ev = evs.ev(evs.best());
    Hold::all()
        .map(|hold| HoldEv { hold, ev: evs.ev(hold) })
        .filter(|h| best_ev - h.ev > TIE_EPSILON)
        .min_by(compare_holds)
}

/// Why a hand with these EVs is hard when the plain rule holds `plain`, or `None` when it is not
/// (the rule is in the module documentation).
pub fn hard_reason(evs: &HandEvs, plain: Hold) -> Option<HardReason> {
    if evs.is_mistake(plain) {
        return Some(HardReason::PlainRuleDiffers);
    }
    let best = evs.ev(evs.best());
    let second = runner_up(evs)?.ev;
    (best > 0.0 && best - second <= CLOSE_CALL_SHARE * best).then_some(HardReason::CloseCall)
}

/// Whether a hand with these EVs is hard when the plain rule holds `plain` ([`hard_reason`]).
pub fn is_hard(evs: &HandEvs, plain: Hold) -> bool {
    hard_reason(evs, plain).is_some()
}

/// The drill entry of one dealt hand on `machine`, or `None` when the hand is not hard.
pub fn drill_hand(machine: MachineId, cards: &[Card; 5]) -> Option<DrillHand> {
    let evs = hand_evs(machine, cards);
    let plain = plain_hold(machine, cards);
    let reason = hard_reason(&evs, plain)?;
    let holds = evs.sorted();
    Some(DrillHand { cards: *cards, best: holds[0].hold, holds, plain, reason })
}

/// The generator: an endless iterator of hard hands for one machine, dealt from one seed.
///
/// Each deal shuffles a fresh deck with [`fisher_yates`] driven by the seed's ChaCha20 stream
/// ([`Seed::rng`], one stream for the whole run, never restarted) and takes the first five cards;
/// deals that are not hard are skipped. [`HardHands::dealt`] counts every deal, hard or not.
#[derive(Clone, Debug)]
pub struct HardHands {
    machine: MachineId,
    rng: ChaCha20Rng,
    dealt: u64,
}

impl HardHands {
    /// The generator for `machine` from `seed`.
    pub fn new(machine: MachineId, seed: &Seed) -> HardHands {
        HardHands { machine, rng: seed.rng(), dealt: 0 }
    }

    /// The machine the hands are dealt for.
    pub fn machine(&self) -> MachineId {
        self.machine
    }

    /// How many hands have been dealt so far, hard or not (the share of hard hands is the number
    /// yielded over this).
    pub fn dealt(&self) -> u64 {
        self.dealt
    }

    /// The next deal from the stream, hard or not.
    pub fn deal(&mut self) -> [Card; 5] {
        let mut deck = fresh_deck();
        fisher_yates(&mut deck, &mut self.rng);
        self.dealt += 1;
        [deck[0], deck[1], deck[2], deck[3], deck[4]]
    }
}

impl Iterator for HardHands {
    type Item = DrillHand;

    /// The next hard hand; never `None`.
    fn next(&mut self) -> Option<DrillHand> {
        loop {
            let cards = self.deal();
            if let Some(hand) = drill_hand(self.machine, &cards) {
                return Some(hand);
            }
        }
    }
}

/// The first `count` hard hands of [`HardHands::new`]`(machine, seed)`.
pub fn hard_hands(machine: MachineId, seed: &Seed, count: usize) -> Vec<DrillHand> {
    HardHands::new(machine, seed).take(count).collect()
}
