//! The kind-deal decisions of a whole history, replayed: whether each dead deal was nudged follows
//! from the hands before it, so a history can be checked decision by decision.
//!
//! A single hand's record discloses whether its dead deal was nudged, and [`super::verify`] checks
//! the nudge it discloses; whether the bag said "nudge" cannot be seen from one hand. Yet nothing
//! about it is secret: the situation follows from the balance and the losing streak, each bag starts
//! empty and is refilled from the refilling hand's own seed (stream 1), and the game keeps every
//! hand. [`Decisions`] replays that, hand by hand in the order they were dealt, with the daily
//! claims in between:
//!
//! 1. The balance starts at the starting chips; a daily claim adds its chips where it was made
//!    (between two hands); a real deal takes its stake (`Table::stake`), its draw adds the win.
//! 2. The losing streak counts real hands in a row whose win was less than their cost (a practice
//!    hand does not change it).
//! 3. A real deal's situation is [`Situation::of`] (the balance after the bet, the losing streak).
//! 4. A dead real deal that consulted a bag (its record names the situation) draws from that
//!    situation's bag exactly as the live deal did ([`Deal::deal`] with [`NudgeSource::Bag`]): the
//!    record must be nudged exactly when that replay is, with the same nudge. A dead real deal that
//!    names no situation was dealt with kind deals off (nothing drawn, never nudged); a deal that is
//!    not dead, or a practice hand, never names a situation.
//! 5. A hand was dealt with what the hand just before it left on screen (`rules::carry`, the one
//!    carry rule); a hand on a table whose rules show nothing shows nothing.
//!
//! Claims made before the game recorded where they fell (an older file) are *unordered*: each may
//! have come before any hand. A situation is then checked only where the balance decides it either
//! way (with none, or all, of those claims counted); otherwise the disclosed one is followed and
//! counted as unchecked.

use crate::table::Table;
use crate::shuffle::Seed;

use super::bag::ShuffleBag;
use super::deal::{Deal, NudgeSource};
use super::nudge::{Nudge, Situation, LOW_BALANCE};
use crate::rules::{on_screen, Carry};

/// What the replay needs of one hand, in the order the hands were dealt.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryHand {
    /// The hand's id.
    pub id: i64,
    /// The table (a machine's for every hand played for chips).
    pub table: Table,
    /// Chips per hand.
    pub bet: u32,
    /// Hands dealt at once (1, 3, 5, 10, 50 or 100 on a machine).
    pub n_hands: u8,
    /// A practice hand (no chips, never a bag).
    pub practice: bool,
    /// The revealed seed.
    pub seed: Seed,
    /// The bag the record says was consulted.
    pub situation: Option<Situation>,
    /// The nudge the record discloses.
    pub nudge: Option<Nudge>,
    /// The win, once drawn (a hand still in progress has none yet).
    pub won: Option<u64>,
    /// What was on screen when it was dealt, line by line (`None` on a table whose rules show nothing).
    pub multipliers: Option<Vec<u8>>,
    /// What it leaves for the next hand (what its lines earned, once drawn).
    pub carry: Carry,
}

/// What the history gave one hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// A practice hand: no bag, no chips.
    Practice,
    /// A real deal that was not dead: no bag.
    Live,
    /// A dead real deal that consulted no bag: kind deals were off.
    KindDealsOff,
    /// A dead real deal that drew from its situation's bag: nudged or not, as the history gives.
    Drawn {
        /// The situation the balance and the streak gave.
        situation: Situation,
        /// Whether the bag's draw nudged it.
        nudged: bool,
        /// Whether the situation was checked (false: unordered claims left it open).
        checked: bool,
    },
}

/// Why a hand's kind-deal record is not what the history before it gives.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecisionMismatch {
    /// The bet is more than the history leaves the player.
    #[error("the bet of {cost} chips is more than the {balance} chips the history leaves")]
    NotEnoughChips {
        /// The stake.
        cost: u64,
        /// The balance the history gives (every unordered claim counted).
        balance: i128,
    },
    /// The record names a situation the balance and losing streak do not give.
    #[error("the record says the {disclosed} bag, but the balance and losing streak give the {expected} one")]
    Situation {
        /// The situation the record names.
        disclosed: &'static str,
        /// The one the history gives.
        expected: &'static str,
    },
    /// The record names a bag for a deal that does not consult one.
    #[error("the record names the {0} bag, but a practice hand or a deal that is not dead consults none")]
    NoBagHere(&'static str),
    /// The bag said "nudge", and the record is not nudged.
    #[error("the {0} bag's draw nudges this dead deal, but the record is not nudged")]
    NudgeMissing(&'static str),
    /// The bag said "no nudge" (or the rule had no card), and the record is nudged.
    #[error("the {0} bag's draw does not nudge this dead deal, but the record is nudged")]
    NudgeAdded(&'static str),
    /// A nudge with no bag consulted.
    #[error("the record is nudged, but names no bag")]
    NudgeWithoutBag,
    /// A hand played for chips on a table that is not a machine (tables are practised only).
    #[error("the record is played for chips on '{0}', which is practised only")]
    NotAMachine(String),
    /// A hand's screen is not the one the hand before it left (`rules::carry`).
    #[error("the record deals with multipliers {recorded}, but the hand before leaves {expected}")]
    Multipliers {
        /// What the record says, comma-separated.
        recorded: String,
        /// What the carry rule gives.
        expected: String,
    },
    /// The nudge is not the one the bag's draw gives (the per-hand check already rejects this).
    #[error("the record's nudge is not the one the {0} bag's draw gives")]
    OtherNudge(&'static str),
}

/// Counts of what the replay met.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct DecisionCounts {
    /// Hands replayed.
    pub hands: u64,
    /// Practice hands.
    pub practice: u64,
    /// Dead real deals that drew from a bag.
    pub bag_draws: u64,
    /// Of those, nudged.
    pub nudged: u64,
    /// Dead real deals with kind deals off.
    pub kind_deals_off: u64,
    /// Bag draws whose situation unordered claims left open (followed, not checked).
    pub unchecked_situations: u64,
}

/// The replay of a history's kind-deal decisions (see the module doc).
#[derive(Clone, Debug)]
pub struct Decisions {
    /// The balance with only the ordered claims counted.
    balance: i128,
    /// Chips of claims whose place among the hands is not recorded.
    unordered: i128,
    losing_streak: u32,
    /// Chips bet on real hands (the XP they earned).
    wagered: u128,
    bags: [ShuffleBag<bool>; 3],
    counts: DecisionCounts,
    /// What the hand before left (`rules::carry`).
    previous: Option<Carry>,
}

/// Where a replayed history ends: what the stored profile must say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct HistoryEnd {
    /// The balance, every claim counted.
    pub chips: i128,
    /// The losing run after the last drawn hand.
    pub losing_streak: u32,
    /// Chips bet on real hands: the XP.
    pub xp: u128,
}

impl Decisions {
    /// A history that starts with `start` chips, with `unordered` chips of claims whose place among
    /// the hands is not recorded.
    pub fn new(start: u64, unordered: u64) -> Decisions {
        Decisions {
            balance: i128::from(start),
            unordered: i128::from(unordered),
            losing_streak: 0,
            wagered: 0,
            bags: Situation::ALL.map(Situation::new_bag),
            counts: DecisionCounts::default(),
            previous: None,
        }
    }

    /// A daily claim of `amount` chips made here (after the hands so far, before the next).
    pub fn claim(&mut self, amount: u64) {
        self.balance += i128::from(amount);
    }

    /// Each situation's bag as the history leaves it, in [`Situation::ALL`] order: what the game's
    /// stored bags must be.
    pub fn bags(&self) -> &[ShuffleBag<bool>; 3] {
        &self.bags
    }

    /// What the replay met so far.
    pub fn counts(&self) -> DecisionCounts {
        self.counts
    }

    /// Where the history replayed so far ends: the balance (with the claims of unknown place), the
    /// losing run and the XP.
    pub fn end(&self) -> HistoryEnd {
        HistoryEnd { chips: self.balance + self.unordered, losing_streak: self.losing_streak, xp: self.wagered }
    }

    /// The next hand: its decision checked against the history so far, then its chips and streak
    /// added. On a mismatch nothing is added (the replay cannot go on meaningfully).
    pub fn hand(&mut self, hand: &HistoryHand) -> Result<Decision, DecisionMismatch> {
        let expected = on_screen(self.previous.as_ref(), &hand.table, hand.bet, hand.n_hands, hand.practice, &hand.seed);
        let expected = expected.map(|m| m.values().to_vec());
        if expected != hand.multipliers {
            let text = |m: &Option<Vec<u8>>| match m {
                None => "none".to_string(),
                Some(values) => values.iter().map(u8::to_string).collect::<Vec<_>>().join(","),
            };
            return Err(DecisionMismatch::Multipliers { recorded: text(&hand.multipliers), expected: text(&expected) });
        }
        let decision = self.decide(hand)?;
        self.previous = Some(hand.carry.clone());
        self.counts.hands += 1;
        match decision {
            Decision::Practice => self.counts.practice += 1,
            Decision::Live => {}
            Decision::KindDealsOff => self.counts.kind_deals_off += 1,
            Decision::Drawn { nudged, checked, .. } => {
                self.counts.bag_draws += 1;
                self.counts.nudged += u64::from(nudged);
                self.counts.unchecked_situations += u64::from(!checked);
            }
        }
        if !hand.practice {
            let cost = hand.table.stake(hand.bet, hand.n_hands);
            self.balance -= i128::from(cost);
            self.wagered += u128::from(cost);
            if let Some(won) = hand.won {
                self.balance += i128::from(won);
                self.losing_streak = if won < cost { self.losing_streak.saturating_add(1) } else { 0 };
            }
        }
        Ok(decision)
    }

    fn decide(&mut self, hand: &HistoryHand) -> Result<Decision, DecisionMismatch> {
        let dead = || Deal::deal(&hand.seed, &hand.table, 1, NudgeSource::Never).dead();
        if hand.practice {
            return match (hand.situation, hand.nudge) {
                (Some(situation), _) => Err(DecisionMismatch::NoBagHere(situation.id())),
                (None, Some(_)) => Err(DecisionMismatch::NudgeWithoutBag),
                (None, None) => Ok(Decision::Practice),
            };
        }
        if hand.table.as_machine().is_none() {
            return Err(DecisionMismatch::NotAMachine(hand.table.id().to_string()));
        }
        let cost = hand.table.stake(hand.bet, hand.n_hands);
        if self.balance + self.unordered < i128::from(cost) {
            return Err(DecisionMismatch::NotEnoughChips { cost, balance: self.balance + self.unordered });
        }
        let Some(disclosed) = hand.situation else {
            return match (hand.nudge, dead()) {
                (Some(_), _) => Err(DecisionMismatch::NudgeWithoutBag),
                (None, true) => Ok(Decision::KindDealsOff),
                (None, false) => Ok(Decision::Live),
            };
        };
        // The situation: low balance where the balance after the bet is below the line with every
        // unordered claim counted, not low where it is at or above it with none counted.
        let after_fewest = self.balance - i128::from(cost);
        let after_most = after_fewest + self.unordered;
        let line = i128::from(LOW_BALANCE);
        let streak_only = Situation::of(LOW_BALANCE, self.losing_streak);
        let (expected, checked) = if after_most < line {
            (Situation::LowBalance, true)
        } else if after_fewest >= line {
            (streak_only, true)
        } else if disclosed == Situation::LowBalance || disclosed == streak_only {
            (disclosed, false)
        } else {
            (streak_only, true)
        };
        if expected != disclosed {
            return Err(DecisionMismatch::Situation { disclosed: disclosed.id(), expected: expected.id() });
        }
        let bag = &mut self.bags[Situation::ALL.iter().position(|&s| s == disclosed).unwrap_or(0)];
        let mut drawn = bag.clone();
        let deal = Deal::deal(&hand.seed, &hand.table, 1, NudgeSource::Bag(&mut drawn));
        if !deal.dead() {
            return Err(DecisionMismatch::NoBagHere(disclosed.id()));
        }
        match (deal.nudge(), hand.nudge.as_ref()) {
            (Some(_), None) => return Err(DecisionMismatch::NudgeMissing(disclosed.id())),
            (None, Some(_)) => return Err(DecisionMismatch::NudgeAdded(disclosed.id())),
            (Some(rule), Some(record)) if rule != record => return Err(DecisionMismatch::OtherNudge(disclosed.id())),
            _ => {}
        }
        *bag = drawn;
        Ok(Decision::Drawn { situation: disclosed, nudged: deal.nudge().is_some(), checked })
    }
}
