//! The vocabulary of hold classes: what a chart line may say, as data. Each class has a stable
//! id, an English label, its kind and parameters, the rule that picks one hold when several
//! holds of a hand match it, and a matcher ([`Pattern`] plus the cards and deuces held) tested
//! against a [`HoldShape`]; and the builders the lists are written with. The lists themselves are
//! in `natural.rs` and `deuces.rs`, gathered per vocabulary in `class_lists.rs`; which classes a
//! chart uses, and in which order, is the ranking's business (`rank.rs`).

use serde::Serialize;

use crate::eval::{DeucesCategory, Family};
use crate::machine::{Paytable, N_4A_24, N_4A_5K, N_4L_5K, N_4L_A4};

pub(crate) use crate::hold_class::{ClassDef, Pattern};
pub use crate::hold_class::{ClassParam, Prefer};
use crate::hold_class::{HIGH_RANKS, ROYAL_RANKS};

use super::shape::HoldShape;
use super::{deuces, natural};

/// The words a chart may use: the natural family's, the natural family's with the kicker classes
/// (for tables that pay four of a kind by its fifth card: Double Double and Triple Double Bonus),
/// Deuces Wild's, Deuces Wild's with Bonus Deuces Wild's classes, or Joker Poker's. A vocabulary's
/// classes are numbered in one list; the kicker vocabulary is the natural list with the kicker
/// classes after it, so a natural class has one number in both (the bonus-deuces one likewise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Vocabulary {
    /// Jacks or Better, Bonus Poker, Double Bonus and every natural table paying four of a kind
    /// the same whatever the fifth card.
    Natural,
    /// The natural classes and the kicker classes ("Three aces with a 2–4 kicker").
    Kicker,
    /// Deuces Wild.
    Deuces,
    /// Joker Poker (the joker wild, kings or better).
    Joker,
    /// The Deuces Wild classes and Bonus Deuces Wild's ("Four deuces with an ace", "Three aces"),
    /// for tables paying four deuces with an ace or the fives of a kind apart.
    BonusDeuces,
}

impl Vocabulary {
    /// The vocabulary a table's chart uses: the kicker one when the table has a row for four of
    /// a kind with a kicker apart from the same four with another fifth card.
    pub fn of(table: &Paytable) -> Vocabulary {
        match table.family() {
            Family::Deuces => {
                let tells = |a: DeucesCategory, b: DeucesCategory| table.row_of_category(a.index()) != table.row_of_category(b.index());
                if tells(DeucesCategory::FourDeucesWithAce, DeucesCategory::FourDeuces)
                    || tells(DeucesCategory::FiveAces, DeucesCategory::FiveSixesToKings)
                    || tells(DeucesCategory::FiveThreesToFives, DeucesCategory::FiveSixesToKings)
                {
                    Vocabulary::BonusDeuces
                } else {
                    Vocabulary::Deuces
                }
            }
            Family::Joker => Vocabulary::Joker,
            Family::Natural => {
                let tells = |a, b| table.row_of_category(a) != table.row_of_category(b);
                if tells(N_4A_24, N_4A_5K) || tells(N_4L_A4, N_4L_5K) {
                    Vocabulary::Kicker
                } else {
                    Vocabulary::Natural
                }
            }
        }
    }

    /// The evaluator family whose hands it describes.
    pub fn family(self) -> Family {
        match self {
            Vocabulary::Natural | Vocabulary::Kicker => Family::Natural,
            Vocabulary::Deuces | Vocabulary::BonusDeuces => Family::Deuces,
            Vocabulary::Joker => Family::Joker,
        }
    }

    /// Every vocabulary, in a fixed order ([`Vocabulary::index`]).
    pub const ALL: [Vocabulary; 5] =
        [Vocabulary::Natural, Vocabulary::Kicker, Vocabulary::Deuces, Vocabulary::Joker, Vocabulary::BonusDeuces];

    /// The vocabulary's position in [`Vocabulary::ALL`] (for per-vocabulary slots).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The vocabulary's class list, built afresh (`class_lists.rs` keeps it per process): the one
    /// place that asks each family's list of its module (Joker Poker's is [`crate::joker::chart`]).
    pub(crate) fn build(self) -> Vec<ClassDef> {
        match self {
            Vocabulary::Natural => natural::classes(),
            Vocabulary::Kicker => {
                let mut list = natural::classes();
                list.extend(natural::kicker_classes());
                list
            }
            Vocabulary::Deuces => deuces::classes(),
            Vocabulary::BonusDeuces => {
                let mut list = deuces::classes();
                list.extend(deuces::bonus_classes());
                list
            }
            Vocabulary::Joker => crate::joker::chart::classes(),
        }
    }

    /// "natural", "kicker", "deuces" or "joker".
    pub fn id(self) -> &'static str {
        match self {
            Vocabulary::Natural => "natural",
            Vocabulary::Kicker => "kicker",
            Vocabulary::Deuces => "deuces",
            Vocabulary::BonusDeuces => "bonus-deuces",
            Vocabulary::Joker => "joker",
        }
    }
}





/// A public description of one class, for translations and documentation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClassInfo {
    /// The stable id (what the app translates), e.g. "to-royal-4" or "d1-to-royal-4".
    pub id: String,
    /// "natural", "kicker", "deuces" or "joker": the vocabulary that has it ("natural" classes are in the
    /// kicker vocabulary too).
    pub family: &'static str,
    /// The kind of class, e.g. "to-royal"; with `params` it says the same as `label`.
    pub kind: &'static str,
    /// The parameters of the kind.
    pub params: Vec<ClassParam>,
    /// The English label, e.g. "4 to a royal flush".
    pub label: String,
    /// The in-line rule: which hold the line plays when several of the hand's holds match it.
    pub prefer: Prefer,
    /// What the kind holds and what each of its parameters means.
    pub about: &'static str,
}

impl ClassDef {
    /// Whether the hold of this shape belongs to the class.
    #[inline]
    pub(crate) fn matches(&self, s: &HoldShape) -> bool {
        if s.n != self.n || self.deuces.is_some_and(|d| !s.keeps_deuces || s.deuces != d) {
            return false;
        }
        let naturals = s.naturals();
        match self.pattern {
            Pattern::Made(categories) => s.n == 5 && categories & (1 << s.category) != 0,
            Pattern::OfAKind { within } => {
                naturals >= 1 && s.mask.count_ones() == 1 && s.mask & within != 0 && s.max_count == naturals
            }
            Pattern::TwoPair => s.pairs == 2 && s.n == 4,
            Pattern::WithKicker { count, within, kicker } => {
                naturals == count + 1
                    && s.mask.count_ones() == 2
                    && s.max_count == count
                    && within & (1 << s.top_rank) != 0
                    && s.mask & !(1 << s.top_rank) & kicker != 0
            }
            Pattern::Suited { within, exact } => {
                naturals >= 1 && s.suited && s.distinct() && s.mask & !within == 0 && (!exact || s.mask == within)
            }
            Pattern::SuitedWithHigh { within, high } => {
                naturals >= 1 && s.suited && s.distinct() && s.mask & !within == 0 && s.high >= high
            }
            Pattern::StraightFlushDraw { gaps, high, ways } => {
                naturals >= 1
                    && s.suited
                    && s.windows >= 1
                    && s.mask & !ROYAL_RANKS != 0
                    && gaps.is_none_or(|g| gaps_of(s) == g)
                    && high.is_none_or(|h| s.high == h)
                    && ways.is_none_or(|w| s.ways == w)
            }
            Pattern::StraightFlushDrawWithin { gaps, ways } => {
                naturals >= 1
                    && s.suited
                    && s.windows >= 1
                    && s.mask & !ROYAL_RANKS != 0
                    && (gaps.0..=gaps.1).contains(&gaps_of(s))
                    && (ways.0..=ways.1).contains(&s.ways)
            }
            Pattern::FlushDraw { high } => naturals >= 1 && s.suited && high.is_none_or(|h| s.high == h),
            Pattern::StraightDraw { gaps, high, ways } => {
                s.windows >= 1
                    && gaps.is_none_or(|g| gaps_of(s) == g)
                    && high.is_none_or(|h| s.high == h)
                    && ways.is_none_or(|w| s.ways == w)
            }
            Pattern::Unsuited { within, exact } => {
                !s.suited && s.distinct() && s.mask & !HIGH_RANKS == 0 && (!exact || s.mask == within)
            }
            Pattern::DeucesOnly => naturals == 0 && s.deuces >= 1,
            Pattern::Nothing => s.n == 0,
        }
    }

    /// Whether the held cards pay by themselves (a made hand: a straight, trips, a high pair, …).
    /// A chart never drops such a line to save room while it is the best play somewhere.
    pub(crate) fn is_made(&self) -> bool {
        if self.made {
            return true;
        }
        match self.pattern {
            Pattern::Made(_) => true,
            Pattern::OfAKind { within } => {
                self.n >= 3 || (self.n == 2 && self.deuces.is_none() && within & !HIGH_RANKS == 0)
            }
            Pattern::TwoPair => self.deuces.is_none(),
            Pattern::WithKicker { count, within, .. } => count >= 3 || within & !HIGH_RANKS == 0,
            Pattern::DeucesOnly => self.n == 4,
            _ => false,
        }
    }

    /// The public description.
    pub(crate) fn info(&self, vocabulary: Vocabulary) -> ClassInfo {
        ClassInfo {
            id: self.id.clone(),
            family: vocabulary.id(),
            kind: self.kind,
            params: self.params.clone(),
            label: self.label.clone(),
            prefer: self.prefer,
            about: about(self.kind),
        }
    }
}

/// What a kind holds and what its parameters mean (for [`ClassInfo::about`]).
pub(crate) fn about(kind: &str) -> &'static str {
    match kind {
        "made-hand" => "all five cards, a paying hand; hand: which (flush-or-straight: either)",
        "four-of-a-kind" | "three-of-a-kind" => "the four or three cards of one rank; ranks: any, aces, 2-4 or 5-k",
        "n-of-a-kind" => {
            "n cards of one rank counting the deuces (or the joker) held; ranks: any, k-a or 2-q (Joker Poker), \
             aces, 3-5 or 6-k (Bonus Deuces Wild)"
        }
        "two-pair" => "the four cards of two pairs",
        "with-kicker" => {
            "n cards of one rank and one card of another (the kicker); ranks: the rank group of the n \
             (aces, 2-4); kicker: the kicker's rank group (2-4, a-4)"
        }
        "pair" => {
            "the two cards of one pair (Joker Poker: or the joker with one card); ranks: the rank group (j-a is a \
             high pair, 2-10 a low pair; on Joker Poker k-a pays)"
        }
        "to-royal" => "n suited cards ten to ace (Deuces Wild, Joker Poker: with the wild cards held among the n)",
        "suited-high-cards" => "two suited cards jack to ace",
        "suited" => "two suited cards of exactly these ranks (Deuces Wild with deuces: the deuce too)",
        "to-straight-flush" => {
            "n suited cards (deuces counted) inside one five-rank window, not all ten to ace; gaps: ranks \
             missing inside the draw, an ace-low or 2-3-4 draw counting as gapped; high: cards jack or \
             better; ways (Deuces Wild): windows a natural card can complete"
        }
        "to-flush" => "n suited cards; high: cards jack or better among them",
        "to-straight" => {
            "four cards of distinct ranks inside one five-rank window; gaps 0 = outside (open-ended), 1 = \
             inside; high: cards jack or better; ways (Deuces Wild): windows a natural card can complete"
        }
        "unsuited-high-cards" => "n cards jack to ace of distinct ranks, not all of one suit",
        "unsuited" => "cards jack to ace of exactly these ranks, not all of one suit",
        "high-card" => "one card jack to ace (Joker Poker: king or ace); ranks: which (any: the lowest one held)",
        "deuces-only" => "the deuces and nothing else",
        "joker-only" => "the joker and nothing else",
        "discard-everything" => "nothing: draw five new cards",
        _ => "",
    }
}

/// The gaps of a straight draw of n cards: (5 − n) − (ways − 1), the ranks missing inside it,
/// where a draw that fits fewer windows than an open one (ace-low, 2-3-4, ace-high) counts as
/// gapped: 7-8-9 has 0 gaps, 7-8-T and 2-3-4 have 1, A-2-3 and 7-9-J have 2.
pub(crate) fn gaps_of(s: &HoldShape) -> u8 {
    (6u8.saturating_sub(s.n)).saturating_sub(s.windows)
}

