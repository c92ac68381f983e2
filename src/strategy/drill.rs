//! The "hard decisions" drill source: dealt hands on which the right hold is not obvious.
//!
//! Three pieces, all pure (no clock, no global RNG):
//!
//! - [`plain_hold`], the hold a naive player picks (the rule is spelled out on the function);
//!   deliberately not a strategy, only the yardstick of "obvious";
//! - [`hard_reason`] / [`is_hard`], the verdict on one hand's 32 exact EVs ([`hand_evs`]);
//! - [`drill_hand_with`], the [`DrillHand`] of one dealt hand on a table (its family and pays, for
//!   the plain rule) with a [`HandSolver`] giving the hand's 32 exact EVs on it, or `None` when the
//!   hand is not hard.
//!
//! The hands come from the one dealing pipeline: `pipeline::drill::HardDeals` deals a run of hand
//! seeds on a `Table` and keeps the hard ones (this module never deals: the pipeline imports the
//! strategy, never the reverse). The solvers agree: a machine's own tables, the lab's solver for
//! arbitrary tables ([`TableSolver`]) on a copy of its pays and its
//! [`Base`](crate::library::Base) give the same correctly rounded EVs (`tests/it/drill.rs`).
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
//! About 45 % (Double Bonus) to 56 % (Jacks or Better) of random deals are hard, and 43–44 % on
//! the kicker games (200,000 deals each, as `tests/it/drill.rs` printed them with `--nocapture`).
//! Most of them are deals on which the plain rule's two or three cards (mostly a suited group) are
//! a mistake; close calls are 16 % (Deuces Wild) to 26 % (Jacks or Better) of deals on the
//! machines, 7 % (Double Double Bonus) and 15 % (Triple Double Bonus) on the kicker games.
//!
//! Every deal is solved exactly (about 0.2 µs with the tables built); there is no pre-filter, so
//! exactly the hands satisfying the predicate above are kept. `benches/drill.rs` measures the
//! pipeline's generator per machine (`cargo bench -p vpoker --bench drill`), against a target of
//! 1,000 hard hands a second. The first hand for a machine builds its strategy tables if they are
//! not built yet (see [`crate::strategy::prepare`]); a kicker game's first hand folds its pay sums,
//! and a copy's first hand builds a [`TableSolver`] for its table (a few milliseconds each once the
//! family's counts exist).

use serde::{Serialize, Serializer};

use crate::card::{Card, Rank, Suit};
use crate::eval::PlainKeeps;
use crate::hold::Hold;
use crate::kicker::KickerGame;
use crate::machine::{MachineId, Paytable};
use crate::strategy::custom::TableSolver;
use crate::strategy::{compare_holds, hand_evs, kicker_hand_evs, HandEvs, HoldEv, TIE_EPSILON};

/// A close call: the runner-up's EV is within this share of the best EV (10 %).
pub const CLOSE_CALL_SHARE: f64 = 0.10;

/// Why a hand is hard. Serialised as `"plain-rule-differs"`, `"close-call"` or (on a variant
/// that shows multipliers) `"multipliers-change-it"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HardReason {
    /// The plain rule's hold is a mistake ([`HandEvs::is_mistake`]).
    PlainRuleDiffers,
    /// The plain hold is right, but the runner-up is within [`CLOSE_CALL_SHARE`] of the best EV.
    CloseCall,
    /// A variant's multipliers on screen make another hold best than the plain game's.
    MultipliersChangeIt,
}

impl HardReason {
    /// The stable id: `plain-rule-differs` or `close-call`.
    pub fn id(self) -> &'static str {
        match self {
            HardReason::PlainRuleDiffers => "plain-rule-differs",
            HardReason::CloseCall => "close-call",
            HardReason::MultipliersChangeIt => "multipliers-change-it",
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

/// The plain rule on `machine`'s own table: [`plain_hold_on`]`(machine.paytable(), hand)`.
pub fn plain_hold(machine: MachineId, hand: &[Card; 5]) -> Hold {
    plain_hold_on(machine.paytable(), hand)
}

/// The plain rule: the hold a naive player chooses on `table`. Deliberately naive, not a strategy.
/// It asks the table's family (the seam, [`crate::eval::Family`]) which cards are wild
/// (`is_wild`), what a paying hand keeps by its category (`plain_keeps`) and which ranks are high
/// (`paying_pair_ranks`), and whether the dealt hand pays on the table; "natural machines" below
/// means any natural-family table (the machines', the kicker games', a natural lab table), "Deuces
/// Wild" any deuces-family table; every family's own keeps are its module's.
///
/// The wild cards are always kept ("the deuces" below: the family's wild cards); on the natural
/// machines no card is wild.
///
/// 1. **The dealt hand pays** on `table`: keep the made hand, by its category
///    ([`PlainKeeps`]): all five cards, or the paired cards, or the deuces plus the natural cards
///    of the most frequent natural rank (the higher on a tie), or the deuces alone.
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
/// 3. **With neither**, the deuces plus the high cards, those of a rank whose pair pays (jacks or
///    better on the natural machines, none on Deuces Wild); with none of those, nothing (draw
///    five).
pub fn plain_hold_on(table: &Paytable, hand: &[Card; 5]) -> Hold {
    let family = table.family();
    let is_wild = |card: &Card| family.is_wild(card.index());
    let mut rank_counts = [0u8; 13];
    for rank in hand.iter().filter(|c| !is_wild(c)).filter_map(|c| c.rank()) {
        rank_counts[rank.index()] += 1;
    }
    let count_of = |c: &Card| c.rank().map_or(0, |rank| rank_counts[rank.index()]);
    let deuces = mask_of(hand, is_wild);
    let paired = mask_of(hand, |c| !is_wild(c) && count_of(c) >= 2);
    // The deuces plus the natural cards of the most frequent rank, the higher on a tie
    // (max_by_key keeps the last).
    let wild_and_top = || {
        let top = (0..13).max_by_key(|&rank| rank_counts[rank]).unwrap_or(0);
        or(deuces, mask_of(hand, |c| !is_wild(c) && c.rank().map(Rank::index) == Some(top)))
    };

    if table.pay(hand) > 0 {
        let PlainKeeps { paired: keeps_paired, wild_and_top: keeps_wild_and_top, wild: keeps_wild } =
            family.plain_keeps();
        let category = 1u16 << family.category_index(hand);
        return if keeps_wild & category != 0 {
            deuces
        } else if keeps_wild_and_top & category != 0 {
            wild_and_top()
        } else if keeps_paired & category != 0 {
            paired
        } else {
            Hold::ALL
        };
    }

    let suited = best_suit_group(hand, is_wild);
    let suited = if suited.n_held() >= 3 { suited } else { Hold::NONE };
    let group = if paired.n_held() >= suited.n_held() { paired } else { suited };
    if group != Hold::NONE {
        return or(deuces, group);
    }
    let high_ranks = family.paying_pair_ranks();
    let high = mask_of(hand, |c| !is_wild(c) && c.rank().is_some_and(|rank| high_ranks & (1 << rank.index()) != 0));
    or(deuces, high)
}

/// The natural cards of the suit with the most of them, ties to the higher ranks, then clubs first.
fn best_suit_group(hand: &[Card; 5], is_wild: impl Fn(&Card) -> bool) -> Hold {
    let mut best = (0, 0u16, Hold::NONE);
    for suit in Suit::ALL {
        let group = mask_of(hand, |c| !is_wild(c) && c.suit() == Some(suit));
        // The cards of one suit have distinct ranks, and between two groups as large, comparing
        // rank bit masks as numbers compares their ranks highest first.
        let ranks = (0..5).filter(|&i| group.holds(i)).fold(0u16, |m, i| m | hand[i].rank().map_or(0, |rank| 1 << rank.index()));
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

/// What the generator asks of a table: the exact EVs of all 32 holds of a dealt hand on it.
///
/// Implemented by a [`MachineId`] ([`hand_evs`]), a [`KickerGame`] ([`kicker_hand_evs`]), a
/// [`Base`](crate::library::Base) ([`Base::hand_evs`](crate::library::Base::hand_evs), in
/// `library.rs`: the library imports the strategy, never the reverse), the lab's [`TableSolver`]
/// (any table) and any `Fn(&[Card; 5]) -> HandEvs`. The EVs must be those of the table the
/// generator is given.
pub trait HandSolver {
    /// The 32 EVs of `hand`, per coin.
    fn evs(&self, hand: &[Card; 5]) -> HandEvs;
}

impl HandSolver for MachineId {
    fn evs(&self, hand: &[Card; 5]) -> HandEvs {
        hand_evs(*self, hand)
    }
}

impl HandSolver for KickerGame {
    fn evs(&self, hand: &[Card; 5]) -> HandEvs {
        kicker_hand_evs(*self, hand)
    }
}

impl HandSolver for TableSolver {
    fn evs(&self, hand: &[Card; 5]) -> HandEvs {
        self.hand_evs(hand)
    }
}

impl<F: Fn(&[Card; 5]) -> HandEvs> HandSolver for F {
    fn evs(&self, hand: &[Card; 5]) -> HandEvs {
        self(hand)
    }
}

/// The drill entry of one dealt hand on `machine`, or `None` when the hand is not hard.
pub fn drill_hand(machine: MachineId, cards: &[Card; 5]) -> Option<DrillHand> {
    drill_hand_with(machine.paytable(), &machine, cards)
}

/// The drill entry of one dealt hand on `table`, its EVs from `solver` (which must solve `table`),
/// or `None` when the hand is not hard.
pub fn drill_hand_with(table: &Paytable, solver: &impl HandSolver, cards: &[Card; 5]) -> Option<DrillHand> {
    let evs = solver.evs(cards);
    let plain = plain_hold_on(table, cards);
    let reason = hard_reason(&evs, plain)?;
    let holds = evs.sorted();
    Some(DrillHand { cards: *cards, best: holds[0].hold, holds, plain, reason })
}
