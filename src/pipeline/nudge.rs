//! Kind deals, made honest: which deals are dead, how a dead deal is nudged, and how often.
//!
//! Only a dead deal is ever touched: one that pays nothing as dealt, has no pair of any rank and,
//! on Deuces Wild, no deuce (so a dealt straight or flush is not dead). A nudge swaps exactly one
//! dealt card with one undealt card, so the deck stays a permutation of the 52 cards and the draw
//! comes off the rest of the deck untouched (only the one deck position that gave the added card
//! now holds the removed card). Two kinds of nudge:
//!
//! - **four-flush**: with exactly three cards of one suit, the lower of the two off-suit cards is
//!   swapped for an undealt card of that suit that is not a deuce, pairs no kept card and does not
//!   complete a paying hand (a suited card that would finish a straight is skipped);
//! - **pair**: otherwise the lowest card whose suit is alone in the deal (so no suited group is
//!   broken) is swapped for an undealt card that pairs the highest of the other four cards (never a
//!   deuce: the highest of four different ranks is at least a five).
//!
//! The added card is chosen uniformly among the undealt candidates with randomness independent of
//! the deck's order (the hand seed's ChaCha stream 2). That matters: picking, say, the *first*
//! candidate in deck order would tell something about the cards after the deal (none of the cards
//! before it is a candidate) and bias the draw. With an order-independent choice the 47 unseen
//! cards are still in uniformly random order, so the draw is a fair draw and every hold's EV is exact.
//!
//! How often is decided by a [`ShuffleBag`] per [`Situation`], never by chance alone. Nothing here
//! reads a clock or a global RNG.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank, Suit};
use crate::eval::{evaluate_deuces, evaluate_natural, DeucesCategory, Family, NaturalCategory};
use crate::shuffle::Chooser;
use crate::table::Table;

use super::bag::ShuffleBag;

/// A real (not practice) deal is in the low-balance situation when the balance after its bet is below this.
pub const LOW_BALANCE: u64 = 100;
/// A losing streak (hands that paid back less than they cost, in a row) of this length or more
/// puts the next deal in the losing-streak situation.
pub const LOSING_STREAK: u32 = 5;

/// The situation a real deal is in, which picks the shuffle bag that decides on a nudge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Situation {
    /// Neither of the others: 1 nudge per 6 dead deals.
    Normal,
    /// After 5 or more losing hands in a row: 1 nudge per 3 dead deals.
    LosingStreak,
    /// The balance after the bet is below 100 chips: 1 nudge per 2 dead deals.
    LowBalance,
}

impl Situation {
    /// All situations.
    pub const ALL: [Situation; 3] = [Situation::Normal, Situation::LosingStreak, Situation::LowBalance];

    /// The stable id ("normal", "losing-streak", "low-balance").
    pub fn id(self) -> &'static str {
        match self {
            Situation::Normal => "normal",
            Situation::LosingStreak => "losing-streak",
            Situation::LowBalance => "low-balance",
        }
    }

    /// Parses a stable id; "losing" is accepted for "losing-streak".
    pub fn from_id(id: &str) -> Option<Situation> {
        match id {
            "normal" => Some(Situation::Normal),
            "losing-streak" | "losing" => Some(Situation::LosingStreak),
            "low-balance" => Some(Situation::LowBalance),
            _ => None,
        }
    }

    /// (nudges, plain deals) in one full bag.
    pub fn bag_counts(self) -> (u32, u32) {
        match self {
            Situation::Normal => (1, 5),
            Situation::LosingStreak => (1, 2),
            Situation::LowBalance => (1, 1),
        }
    }

    /// An empty bag for this situation (`true` = nudge).
    pub fn new_bag(self) -> ShuffleBag<bool> {
        self.restore_bag(Vec::new(), None)
    }

    /// This situation's bag with stored contents.
    pub fn restore_bag(self, remaining: Vec<bool>, last: Option<bool>) -> ShuffleBag<bool> {
        let (yes, no) = self.bag_counts();
        ShuffleBag::restore(vec![(true, yes), (false, no)], false, remaining, last)
    }

    /// The situation of a real deal: low balance first, then a losing streak.
    pub fn of(balance_after_bet: u64, losing_streak: u32) -> Situation {
        if balance_after_bet < LOW_BALANCE {
            Situation::LowBalance
        } else if losing_streak >= LOSING_STREAK {
            Situation::LosingStreak
        } else {
            Situation::Normal
        }
    }
}

/// What a nudge changed, recorded with the hand and shown in its history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nudge {
    /// "four-flush" or "pair".
    pub kind: NudgeKind,
    /// The dealt position (0..5) whose card was swapped.
    pub position: usize,
    /// The card the deal would have had there.
    pub removed: Card,
    /// The card put there instead.
    pub added: Card,
    /// The deck position (5..52) the added card came from; the removed card now sits there.
    pub deck_position: usize,
}

/// The two kinds of nudge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NudgeKind {
    /// Three suited cards made four.
    FourFlush,
    /// A card swapped for one pairing the highest other card.
    Pair,
}

/// Whether a dead-deal rule is defined for the family: for the natural family and Deuces Wild.
/// Any other family's deal is never dead, so it is never nudged: it deals pure (docs/FAIRNESS.md).
pub fn has_dead_rule(family: Family) -> bool {
    matches!(family, Family::Natural | Family::Deuces)
}

/// Whether a deal is dead: pays nothing as dealt, no pair of any rank, and on Deuces Wild no deuce;
/// never on a family without a dead-deal rule ([`has_dead_rule`]).
pub fn is_dead(table: &Table, dealt: &[Card; 5]) -> bool {
    match table.family() {
        Family::Natural => evaluate_natural(dealt) == NaturalCategory::Nothing,
        Family::Deuces => {
            dealt.iter().all(|c| c.rank() != Some(Rank::Two))
                && evaluate_deuces(dealt) == DeucesCategory::Nothing
                && distinct_ranks(dealt)
        }
        family => {
            debug_assert!(!has_dead_rule(family));
            false
        }
    }
}

fn distinct_ranks(dealt: &[Card; 5]) -> bool {
    let mut seen = 0u16;
    for card in dealt {
        let bit = card.rank().map_or(0, |rank| 1 << rank.index());
        if seen & bit != 0 {
            return false;
        }
        seen |= bit;
    }
    true
}

/// The nudge a dead deal at the top of `deck` gets, or `None` when the deal is not dead. The added
/// card is picked uniformly among the candidates with `chooser` (one choice).
pub fn plan_nudge(table: &Table, deck: &[Card], chooser: &mut impl Chooser) -> Option<Nudge> {
    let dealt: [Card; 5] = std::array::from_fn(|i| deck[i]);
    if !is_dead(table, &dealt) {
        return None;
    }
    let mut suit_counts = [0usize; 4];
    for card in &dealt {
        if let Some(suit) = card.suit() {
            suit_counts[suit.index()] += 1;
        }
    }
    let rank_of = |i: usize| dealt[i].rank();
    if let Some(suit_idx) = suit_counts.iter().position(|&n| n == 3) {
        // Four-flush: drop the lower off-suit card.
        let position =
            (0..5).filter(|&i| dealt[i].suit().map(Suit::index) != Some(suit_idx)).min_by_key(|&i| rank_of(i))?;
        let kept_ranks: Vec<Option<Rank>> = (0..5).filter(|&i| i != position).map(rank_of).collect();
        // The nudge gives four to a flush, never a finished hand: a suited card that would complete
        // a straight (4h with 5h 6h 7h 8c) is not a candidate.
        let table = table.paytable();
        let pays_nothing = |card: Card| {
            let mut nudged = dealt;
            nudged[position] = card;
            table.pay(&nudged) == 0
        };
        let deck_position = pick(deck, chooser, |card| {
            card.suit().map(Suit::index) == Some(suit_idx)
                && card.rank() != Some(Rank::Two)
                && !kept_ranks.contains(&card.rank())
                && pays_nothing(card)
        })?;
        return Some(Nudge {
            kind: NudgeKind::FourFlush,
            position,
            removed: dealt[position],
            added: deck[deck_position],
            deck_position,
        });
    }
    // Pair: drop the lowest card whose suit is alone in the deal, pair the highest of the others.
    let alone = |i: usize| dealt[i].suit().is_some_and(|suit| suit_counts[suit.index()] == 1);
    let position =
        (0..5).filter(|&i| alone(i)).min_by_key(|&i| rank_of(i)).or_else(|| (0..5).min_by_key(|&i| rank_of(i)))?;
    let target = (0..5).filter(|&i| i != position).map(rank_of).max()?;
    if target.is_none() || target == Some(Rank::Two) {
        return None;
    }
    let deck_position = pick(deck, chooser, |card| card.rank() == target)?;
    Some(Nudge { kind: NudgeKind::Pair, position, removed: dealt[position], added: deck[deck_position], deck_position })
}

/// The deck position of a candidate chosen uniformly, independently of where candidates lie: the
/// candidates are listed in fresh-deck (card index) order, not deck order, before the choice.
fn pick(deck: &[Card], chooser: &mut impl Chooser, is_candidate: impl Fn(Card) -> bool) -> Option<usize> {
    let mut candidates: Vec<(Card, usize)> = (5..deck.len()).filter(|&p| is_candidate(deck[p])).map(|p| (deck[p], p)).collect();
    if candidates.is_empty() {
        return None;
    }
    candidates.sort_by_key(|&(card, _)| card.index());
    let choice = chooser.below(candidates.len() as u32) as usize;
    Some(candidates[choice].1)
}

/// Applies a nudge to the deck: swaps the dealt position with the deck position. A nudge that does
/// not fit this deck (positions out of range, or other cards there, as a damaged file could hold) is
/// not applied, and the answer is `false`; the caller's check of the dealt cards then reports it.
pub fn apply_nudge(deck: &mut [Card], nudge: &Nudge) -> bool {
    let fits = nudge.fits_positions()
        && nudge.deck_position < deck.len()
        && deck[nudge.position] == nudge.removed
        && deck[nudge.deck_position] == nudge.added;
    if fits {
        deck.swap(nudge.position, nudge.deck_position);
    }
    fits
}

impl Nudge {
    /// Whether the positions are possible: a dealt position 0..5 and a deck position 5..52.
    pub fn fits_positions(&self) -> bool {
        self.position < 5 && (5..52).contains(&self.deck_position)
    }
}
